/* ivy.frontends.torch._fast: the PyTorch frontend's commonest calls without a Python frame.
 *
 * The frontend's hot functions (_functions.py) start with a Python fast path: Tensor arguments of
 * one native dtype (or a float tensor and a Python int/float), no keyword arguments, where torch's
 * promotion is the identity, so the result is `wrap(ivy_fn(x, y))` on the native arrays. On a 2x2
 * NumPy array that guard and the Python frame cost as much as the NumPy call itself. An `Op` does
 * the same in C:
 *
 *     if the call is op(t) / op(t, other) with no keywords, t an exact Tensor whose native dtype's
 *     category (CAT[t._data.dtype]: 0 bool, 1 int, 2 float, 3 complex) is in `tensor_mask`, and
 *     other (binary ops) either an exact Tensor with the very same native dtype object, or an
 *     exact Python int/float with that category in `scalar_mask`:
 *         r = ivy_fn(t._data[, other._data or other])     # the Ivy dispatcher: tracing still sees it
 *         return wrap(r)                                  # as _tensor.wrap: PLAIN / plain()
 *     else:
 *         return fallback(*args, **kwargs)                # the Python function (same result)
 *
 * The ivy_fn call goes through ivy._dispatch's C API (_dispatch_api.h) with the dtypes read here,
 * so the dispatcher does not read them again: reading `dtype` is the dearest step of the whole
 * path on a torch tensor (its getter sets up torch's warning and __torch_function__ state). The
 * dispatcher looks up the backend function on the current backend as for any call, so where it
 * declares a native binding for these arguments (ivy/_dispatch.c) the framework function is
 * called straight away, and under the tracer (the backend is its recording stand-in, which
 * declares none) the call is recorded as ever. Without ivy._dispatch the call is ivy_fn(...).
 *
 * The masks are chosen in _functions.py (`_c_op`) to be exactly the Python fast path's conditions,
 * so both paths call the same Ivy function on the same arguments. An Op is a method descriptor
 * (`a.add(b)`, `a + b` call it with the Tensor first), carries the Python function's __name__,
 * __doc__, ... and __wrapped__, and pickles by name. Without this extension (no C compiler, or
 * IVY_DISPATCH=python) the frontend uses its Python functions alone.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>

#include "../../_dispatch_api.h"

static PyTypeObject *g_tensor = NULL; /* the frontend Tensor class (exact type only) */
static Py_ssize_t g_data_offset = 0;  /* offset of its `_data` slot */
static PyObject *g_plain = NULL;      /* _tensor.PLAIN: result classes stored as they are */
static PyObject *g_plain_fn = NULL;   /* _tensor.plain: anything else (NumPy scalars) */
static PyObject *g_cat = NULL;        /* _core.CAT: native dtype -> category */
static PyObject *s_dtype;
static IvyDispatchAPI *g_api = NULL;  /* ivy._dispatch's C API, when that extension is built */
/* The last answers of the two lookups every call makes, both of which only ever gain entries
 * (plain() adds to PLAIN, _core.dtype_of adds to CAT; neither changes or removes one): a class
 * found in PLAIN, a native dtype found in CAT and its category. Strong references. */
static PyObject *g_plain_last = NULL;
static PyObject *g_cat_last = NULL;
static int g_cat_last_k = -1;

#define DATA(t) (*(PyObject **)((char *)(t) + g_data_offset))

/* A frontend Tensor holding r (steals r), as _tensor.wrap. */
static PyObject *
wrap_steal(PyObject *r)
{
    PyObject *cls = (PyObject *)Py_TYPE(r);
    int known = cls == g_plain_last || PySet_Contains(g_plain, cls);
    if (known < 0) {
        Py_DECREF(r);
        return NULL;
    }
    if (known && cls != g_plain_last) {
        Py_INCREF(cls);
        Py_XSETREF(g_plain_last, cls);
    }
    if (!known) {
        PyObject *p = PyObject_CallOneArg(g_plain_fn, r);
        Py_DECREF(r);
        if (p == NULL)
            return NULL;
        r = p;
    }
    PyObject *t = g_tensor->tp_alloc(g_tensor, 0);
    if (t == NULL) {
        Py_DECREF(r);
        return NULL;
    }
    DATA(t) = r;
    return t;
}

static PyObject *
wrap(PyObject *module, PyObject *r)
{
    if (g_tensor == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_fast.configure() was not called");
        return NULL;
    }
    Py_INCREF(r);
    return wrap_steal(r);
}

/* The category of native array x's dtype (0..3), -1 when unknown or on any error (cleared);
 * *dtype receives a new reference to the dtype when asked for. */
static int
category(PyObject *x, PyObject **dtype)
{
    PyObject *dt = g_api != NULL ? g_api->dtype_of(x) : PyObject_GetAttr(x, s_dtype);
    if (dt == NULL) {
        PyErr_Clear();
        return -1;
    }
    long k = -1;
    if (dt == g_cat_last) {
        k = g_cat_last_k;
    }
    else {
        PyObject *c = PyDict_GetItemWithError(g_cat, dt); /* borrowed */
        if (c != NULL && PyLong_CheckExact(c))
            k = PyLong_AsLong(c);
        if (PyErr_Occurred()) {
            PyErr_Clear();
            k = -1;
        }
        if (k >= 0 && k <= 3) {
            Py_INCREF(dt);
            Py_XSETREF(g_cat_last, dt);
            g_cat_last_k = (int)k;
        }
    }
    if (dtype != NULL && k >= 0)
        *dtype = dt;
    else
        Py_DECREF(dt);
    return (k >= 0 && k <= 3) ? (int)k : -1;
}

/* fn(*argv) (n native arguments; argv[-1] is free for PY_VECTORCALL_ARGUMENTS_OFFSET), telling
 * ivy._dispatch the dtypes already read: d0 of argv[0], d1 of argv[1] (NULL: not an array). */
static PyObject *
call_ivy(PyObject *fn, PyObject *const *argv, Py_ssize_t n, PyObject *d0, PyObject *d1)
{
    size_t nargsf = (size_t)n | PY_VECTORCALL_ARGUMENTS_OFFSET;
    if (g_api == NULL)
        return PyObject_Vectorcall(fn, argv, nargsf, NULL);
    PyObject *dtypes[2] = {d0, d1};
    return g_api->call(fn, argv, nargsf, NULL, dtypes);
}

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *fn;       /* the ivy function (dispatcher) */
    PyObject *fallback; /* the Python frontend function */
    int nargs;          /* 1 or 2 */
    int tensor_mask;    /* categories of the first operand that take the fast path */
    int scalar_mask;    /* ... when the second operand is a Python int/float */
    PyObject *dict;     /* __name__, __doc__, __wrapped__, ... */
} Op;

static PyObject *
op_call(Op *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (g_tensor == NULL || n != self->nargs || (kwnames != NULL && PyTuple_GET_SIZE(kwnames)))
        goto fallback;
    PyObject *a = args[0];
    if (Py_TYPE(a) != g_tensor)
        goto fallback;
    PyObject *x = DATA(a);
    if (x == NULL)
        goto fallback;
    PyObject *r;
    PyObject *dt = NULL;
    int k = category(x, &dt);
    if (k < 0)
        goto fallback;
    if (n == 1) {
        if (!(self->tensor_mask & (1 << k))) {
            Py_DECREF(dt);
            goto fallback;
        }
        PyObject *stack[2] = {NULL, x};
        Py_INCREF(x);
        r = call_ivy(self->fn, stack + 1, 1, dt, NULL);
        Py_DECREF(x);
    }
    else {
        PyObject *b = args[1], *y, *dt2 = NULL; /* dt2: b's dtype (borrowed), when a Tensor */
        if (Py_TYPE(b) == g_tensor) {
            y = DATA(b);
            int same = 0;
            if (y != NULL && (self->tensor_mask & (1 << k))) {
                dt2 = g_api != NULL ? g_api->dtype_of(y) : PyObject_GetAttr(y, s_dtype);
                if (dt2 == NULL)
                    PyErr_Clear();
                same = dt2 == dt;
                Py_XDECREF(dt2); /* the same object as dt, which we hold */
            }
            if (!same) {
                Py_DECREF(dt);
                goto fallback;
            }
        }
        else {
            if (!((PyFloat_CheckExact(b) || PyLong_CheckExact(b)) &&
                  (self->scalar_mask & (1 << k)))) {
                Py_DECREF(dt);
                goto fallback;
            }
            y = b;
        }
        PyObject *stack[3] = {NULL, x, y};
        Py_INCREF(x);
        Py_INCREF(y);
        r = call_ivy(self->fn, stack + 1, 2, dt, dt2);
        Py_DECREF(x);
        Py_DECREF(y);
    }
    Py_DECREF(dt);
    if (r == NULL)
        return NULL;
    return wrap_steal(r);

fallback:
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject *
op_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"fallback", "fn", "nargs", "tensor_mask", "scalar_mask", NULL};
    PyObject *fallback, *fn;
    int nargs, tmask, smask = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOii|i:Op", kwlist, &fallback, &fn, &nargs,
                                     &tmask, &smask))
        return NULL;
    if (!PyCallable_Check(fallback) || !PyCallable_Check(fn) || nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "Op(fallback, fn, nargs in (1, 2), tensor_mask[, "
                                         "scalar_mask])");
        return NULL;
    }
    Op *self = (Op *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->vectorcall = (vectorcallfunc)op_call;
    Py_INCREF(fallback);
    self->fallback = fallback;
    Py_INCREF(fn);
    self->fn = fn;
    self->nargs = nargs;
    self->tensor_mask = tmask;
    self->scalar_mask = smask;
    return (PyObject *)self;
}

static int
op_traverse(Op *self, visitproc visit, void *arg)
{
    Py_VISIT(self->fn);
    Py_VISIT(self->fallback);
    Py_VISIT(self->dict);
    return 0;
}

static int
op_clear(Op *self)
{
    Py_CLEAR(self->fn);
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->dict);
    return 0;
}

static void
op_dealloc(Op *self)
{
    PyObject_GC_UnTrack(self);
    op_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
op_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

static PyObject *
op_repr(Op *self)
{
    return PyUnicode_FromFormat("<ivy.frontends.torch fast path of %R>", self->fallback);
}

/* Pickled (and deep-copied) by name, as a function: its __qualname__ in its __module__. */
static PyObject *
op_reduce(PyObject *self, PyObject *unused)
{
    return PyObject_GetAttrString(self, "__qualname__");
}

static PyMethodDef op_methods[] = {
    {"__reduce__", op_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef op_members[] = {
    {"fallback", T_OBJECT, offsetof(Op, fallback), READONLY, "the Python function"},
    {"ivy_function", T_OBJECT, offsetof(Op, fn), READONLY, "the Ivy function it calls"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef op_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject OpType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ivy.frontends.torch._fast.Op",
    .tp_basicsize = sizeof(Op),
    .tp_dealloc = (destructor)op_dealloc,
    .tp_vectorcall_offset = offsetof(Op, vectorcall),
    .tp_repr = (reprfunc)op_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = "A PyTorch-frontend function whose common case runs in C (see _fast.c).",
    .tp_traverse = (traverseproc)op_traverse,
    .tp_clear = (inquiry)op_clear,
    .tp_methods = op_methods,
    .tp_members = op_members,
    .tp_getset = op_getset,
    .tp_descr_get = op_get,
    .tp_dictoffset = offsetof(Op, dict),
    .tp_new = op_new,
};

/* configure(Tensor, PLAIN, plain, CAT): the state every Op reads (set once, at import). */
static PyObject *
configure(PyObject *module, PyObject *args)
{
    PyObject *tensor, *plain, *plain_fn, *cat;
    if (!PyArg_ParseTuple(args, "O!O!OO!:configure", &PyType_Type, &tensor, &PySet_Type, &plain,
                          &plain_fn, &PyDict_Type, &cat))
        return NULL;
    PyObject *descr = PyDict_GetItemString(((PyTypeObject *)tensor)->tp_dict, "_data");
    if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type ||
        ((PyMemberDescrObject *)descr)->d_member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "configure: the Tensor class needs a `_data` slot");
        return NULL;
    }
    g_data_offset = ((PyMemberDescrObject *)descr)->d_member->offset;
    Py_INCREF(plain);
    Py_XSETREF(g_plain, plain);
    Py_INCREF(plain_fn);
    Py_XSETREF(g_plain_fn, plain_fn);
    Py_INCREF(cat);
    Py_XSETREF(g_cat, cat);
    Py_CLEAR(g_plain_last);
    Py_CLEAR(g_cat_last);
    Py_INCREF(tensor);
    Py_XSETREF(g_tensor, (PyTypeObject *)tensor);
    /* ivy._dispatch's C API (ivy imports that extension before any frontend, when it is built
     * and not turned off): none is fine, an older build's is not used */
    g_api = NULL;
    IvyDispatchAPI *api = PyCapsule_Import(IVY_DISPATCH_CAPSULE, 0);
    if (api == NULL)
        PyErr_Clear();
    else if (api->size >= sizeof(IvyDispatchAPI))
        g_api = api;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS, "configure(Tensor, PLAIN, plain, CAT)"},
    {"wrap", wrap, METH_O, "A native array (or NumPy scalar) as a frontend Tensor."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "ivy.frontends.torch._fast",
    "The PyTorch frontend's common calls in C (see _fast.c).", -1, module_methods,
};

PyMODINIT_FUNC
PyInit__fast(void)
{
    s_dtype = PyUnicode_InternFromString("dtype");
    if (s_dtype == NULL || PyType_Ready(&OpType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    Py_INCREF(&OpType);
    if (PyModule_AddObject(m, "Op", (PyObject *)&OpType) < 0) {
        Py_DECREF(&OpType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
