/* ivy._dispatch: the fast path of Ivy's generated dispatchers, in C.
 *
 * ivy/func_wrapper.py generates one Python dispatcher per public function (see its docstring).
 * That dispatcher costs one extra Python frame per call, which on a 2x2 array is a quarter of the
 * native call. This module gives the same fast path without a frame: a `Dispatcher` object is a
 * vectorcall callable that does, in C, exactly what the generated Python fast path does:
 *
 *     B = the current backend                     # see set_backend() below
 *     if B is None or an argument is a list/tuple holding an ivy.Array:
 *         return fallback(*args, **kwargs)        # the generated Python dispatcher (slow path)
 *     unwrap every ivy.Array argument (its ._data), remembering that one was given
 *     f = B.<path>
 *     if f.ivy_native declares a native function for these arguments (below):
 *         r = native(*args), or, if that raises, r = f(*args)
 *     else:
 *         r = f(*args, **kwargs)                  # same positional/keyword shape as the caller's
 *     on an exception: note(e, path, B), re-raise
 *     return wrap(r) if an ivy.Array was given else r     # note, wrap: see configure() below
 *
 * Native bindings. A backend function that fixes what its framework gets wrong still calls the
 * framework function straight away in the common case (torch's `add` for two tensors of one real
 * dtype), but that costs its Python frame and checks. Such a function carries `ivy_native`, set by
 * ivy.functional.backends.native_binding: (nargs, native, array_type, dtypes, scalar_dtypes). With
 * exactly `nargs` positional arguments and no keywords, the first of exactly `array_type` with its
 * `dtype` in `dtypes`, and (nargs 2) the second either of that type with the identical dtype
 * object or an exact Python int/float where `scalar_dtypes` holds the first's dtype, the
 * dispatcher calls `native` instead; the declaration promises the same result as `f` whenever
 * `native` returns, and when it raises `f` runs and decides (workaround or its own error). The
 * declaration is read once per backend function (cached with it).
 *
 * Other extensions reach the same call through the capsule ivy._dispatch._C_API
 * (_dispatch_api.h): the PyTorch frontend's C ops (ivy/frontends/torch/_fast.c) read their
 * operands' dtypes once and hand them in, so the matching rules above stay here alone.
 *
 * The state it reads is the state the Python dispatchers read: func_wrapper.set_dispatch_backend()
 * writes the current backend to DISPATCH_GLOBALS["_B"] and, through set_backend() below, to the
 * mirror here, so a C call needs no dictionary lookup to find it. The backend function is looked up
 * in the backend module's __dict__; on CPython < 3.12 the result is cached and re-validated on each
 * call by the dict's version tag, so monkeypatching a backend still takes effect at once.
 * If this extension is not built, ivy uses the Python dispatchers alone (same semantics).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>

#include "_dispatch_api.h"

static PyObject *s_data;
static PyObject *s_dtype;
static PyObject *s_ivy_native;

/* Process-wide state, written only through set_backend() / configure(). */
static PyObject *g_backend = NULL;       /* current backend (module or tracer stand-in) or NULL */
static PyTypeObject *g_array_type = NULL; /* ivy.Array */
static PyObject *g_wrap = NULL;          /* any result -> ivy.Array(s) (the general case) */
static PyObject *g_native = NULL;        /* set of native array types wrapped directly here */
static PyObject *g_note = NULL;          /* note(exception, path, backend) */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *ns;       /* namespace on the backend ("linalg", "fft") or NULL */
    PyObject *name;     /* function name on the backend (interned) */
    PyObject *path;     /* "add", "linalg.svd": for error notes */
    PyObject *fallback; /* the generated Python dispatcher */
    /* the last function looked up, valid while the backend and its dict(s) are unchanged */
    PyObject *cached_backend;
    PyObject *cached_fn;
    uint64_t cached_tag;
    uint64_t cached_ns_tag;
    /* the native binding of the backend function `spec_fn` (its ivy_native), or Py_None */
    PyObject *spec_fn;
    PyObject *spec;
    PyObject *dict;     /* __dict__: __doc__, __signature__, __name__, ivy_path, ... */
} Dispatcher;

/* 1 if seq (an exact list or tuple) holds an ivy.Array at its top level. */
static int
holds_array(PyObject *seq, PyTypeObject *array_type)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (Py_TYPE(items[i]) == array_type)
            return 1;
    }
    return 0;
}

static void
add_note(Dispatcher *self, PyObject *B)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb != NULL && value != NULL)
        PyException_SetTraceback(value, tb);
    if (value != NULL && g_note != NULL && PyErr_GivenExceptionMatches(type, PyExc_Exception)) {
        PyObject *r = PyObject_CallFunctionObjArgs(g_note, value, self->path, B, NULL);
        Py_XDECREF(r);
        PyErr_Clear(); /* a failing note must not hide the original error */
    }
    PyErr_Restore(type, value, tb);
}

/* ivy.Array(r) for a native array r (a new reference; steals r). Types in g_native are wrapped
 * here, like array_object._wrap's fast path; anything else (tuples, numpy scalars) goes to it. */
static PyObject *
wrap_result(PyObject *r)
{
    int known = PySet_Contains(g_native, (PyObject *)Py_TYPE(r));
    if (known < 0) {
        Py_DECREF(r);
        return NULL;
    }
    PyObject *out;
    if (known) {
        out = g_array_type->tp_alloc(g_array_type, 0);
        if (out != NULL && PyObject_SetAttr(out, s_data, r) < 0)
            Py_CLEAR(out);
    }
    else {
        out = PyObject_CallOneArg(g_wrap, r);
    }
    Py_DECREF(r);
    return out;
}

/* B.<name>, or B.<ns>.<name>: a new reference. Backend modules are searched in their __dict__
 * directly (what module attribute access does, minus the type lookup); anything else (the
 * tracer's stand-in, a module without the name) goes through getattr. */
static PyObject *
lookup(PyObject *obj, PyObject *name)
{
    if (PyModule_CheckExact(obj)) {
        PyObject *f = PyDict_GetItemWithError(PyModule_GetDict(obj), name);
        if (f != NULL) {
            Py_INCREF(f);
            return f;
        }
        if (PyErr_Occurred())
            return NULL;
    }
    return PyObject_GetAttr(obj, name);
}

#if PY_VERSION_HEX < 0x030C0000
/* CPython < 3.12 stamps every dict with a version tag that changes on every mutation (PEP 509),
 * so a cached lookup in a module's __dict__ can be validated in one comparison. */
#define HAVE_DICT_TAG 1
static uint64_t
module_tag(PyObject *m)
{
    return ((PyDictObject *)PyModule_GetDict(m))->ma_version_tag;
}
#endif

/* The backend function for this dispatcher: a new reference. */
static PyObject *
backend_function(Dispatcher *self, PyObject *B)
{
#ifdef HAVE_DICT_TAG
    if (B == self->cached_backend && module_tag(B) == self->cached_tag) {
        if (self->ns == NULL) {
            Py_INCREF(self->cached_fn);
            return self->cached_fn;
        }
        PyObject *sub = PyDict_GetItemWithError(PyModule_GetDict(B), self->ns);
        if (sub != NULL && PyModule_CheckExact(sub) && module_tag(sub) == self->cached_ns_tag) {
            Py_INCREF(self->cached_fn);
            return self->cached_fn;
        }
    }
#endif
    PyObject *sub = NULL, *fn;
    if (self->ns == NULL) {
        fn = lookup(B, self->name);
    }
    else {
        sub = lookup(B, self->ns);
        fn = sub != NULL ? lookup(sub, self->name) : NULL;
    }
#ifdef HAVE_DICT_TAG
    if (fn != NULL && PyModule_CheckExact(B) && (sub == NULL || PyModule_CheckExact(sub))) {
        Py_INCREF(B);
        Py_XSETREF(self->cached_backend, B);
        Py_INCREF(fn);
        Py_XSETREF(self->cached_fn, fn);
        self->cached_tag = module_tag(B);
        self->cached_ns_tag = sub != NULL ? module_tag(sub) : 0;
    }
#endif
    Py_XDECREF(sub);
    return fn;
}

/* x.dtype: a new reference, or NULL with an exception. An array type whose `dtype` is a getset
 * descriptor of a C base class (torch.Tensor, numpy.ndarray) is read by calling the descriptor's
 * getter directly, which skips the generic attribute lookup (on a torch tensor it is half the
 * cost of the read); the getter is remembered for one type and re-found whenever that type's
 * version tag changes (CPython resets the tag on any change to the type or its bases). Anything
 * else is PyObject_GetAttr. */
static PyTypeObject *g_dt_type = NULL; /* a strong reference */
static unsigned int g_dt_tag = 0;
static getter g_dt_get = NULL;
static void *g_dt_closure = NULL;

static PyObject *
dtype_of(PyObject *x)
{
    PyTypeObject *t = Py_TYPE(x);
    if (t == g_dt_type && t->tp_version_tag == g_dt_tag && g_dt_tag != 0)
        return g_dt_get(x, g_dt_closure);
    if (t->tp_getattro == PyObject_GenericGetAttr) {
        PyObject *d = _PyType_Lookup(t, s_dtype); /* borrowed; assigns t a version tag */
        if (d != NULL && Py_TYPE(d) == &PyGetSetDescr_Type && t->tp_version_tag != 0 &&
            ((PyGetSetDescrObject *)d)->d_getset->get != NULL) {
            PyGetSetDef *gs = ((PyGetSetDescrObject *)d)->d_getset;
            Py_INCREF(t);
            Py_XSETREF(g_dt_type, t);
            g_dt_tag = t->tp_version_tag;
            g_dt_get = gs->get;
            g_dt_closure = gs->closure;
            return gs->get(x, gs->closure);
        }
    }
    return PyObject_GetAttr(x, s_dtype);
}

/* The ivy_native declaration of backend function fn (a new reference: a validated tuple, or
 * Py_None), read once per function; NULL with an exception for a malformed one. */
static PyObject *
native_spec(Dispatcher *self, PyObject *fn)
{
    if (fn == self->spec_fn) {
        Py_INCREF(self->spec);
        return self->spec;
    }
    PyObject *spec = PyObject_GetAttr(fn, s_ivy_native);
    if (spec == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return NULL;
        PyErr_Clear();
        Py_INCREF(Py_None);
        spec = Py_None;
    }
    else if (spec != Py_None) {
        PyObject **v = PyTuple_Check(spec) && PyTuple_GET_SIZE(spec) == 5
                           ? &PyTuple_GET_ITEM(spec, 0) : NULL;
        long n = v != NULL && PyLong_CheckExact(v[0]) ? PyLong_AsLong(v[0]) : 0;
        if (v == NULL || (n != 1 && n != 2) || !PyCallable_Check(v[1]) || !PyType_Check(v[2]) ||
            !PyFrozenSet_CheckExact(v[3]) || !(v[4] == Py_None || PyFrozenSet_CheckExact(v[4]))) {
            Py_DECREF(spec);
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "the %U backend function's ivy_native must be (nargs 1 or 2, native "
                         "callable, array type, frozenset of dtypes, frozenset or None), as "
                         "ivy.functional.backends.native_binding makes it", self->path);
            return NULL;
        }
    }
    /* both stored before the old ones are released (a release may run code that calls us) */
    PyObject *old_fn = self->spec_fn, *old_spec = self->spec;
    Py_INCREF(fn);
    Py_INCREF(spec); /* one for self->spec, one returned */
    self->spec_fn = fn;
    self->spec = spec;
    Py_XDECREF(old_fn);
    Py_XDECREF(old_spec);
    return spec;
}

/* 1 if the declaration `spec` (a tuple, see native_spec) covers the call (argv, n): native
 * arguments, positional only; dtypes (NULL, or one entry per argument, each NULL or borrowed):
 * the arguments' dtypes where the caller has read them already. */
static int
native_applies(PyObject *spec, PyObject *const *argv, Py_ssize_t n, PyObject *const *dtypes)
{
    if (n != PyLong_AsSsize_t(PyTuple_GET_ITEM(spec, 0)))
        return 0;
    PyTypeObject *type = (PyTypeObject *)PyTuple_GET_ITEM(spec, 2);
    if (Py_TYPE(argv[0]) != type)
        return 0;
    PyObject *d = dtypes != NULL ? dtypes[0] : NULL;
    if (d != NULL)
        Py_INCREF(d);
    else if ((d = dtype_of(argv[0])) == NULL) {
        PyErr_Clear();
        return 0;
    }
    PyObject *set = PyTuple_GET_ITEM(spec, 3);
    if (n == 2) {
        PyObject *b = argv[1];
        if (Py_TYPE(b) == type) {
            PyObject *d2 = dtypes != NULL ? dtypes[1] : NULL;
            if (d2 != NULL)
                Py_INCREF(d2);
            else if ((d2 = dtype_of(b)) == NULL)
                PyErr_Clear();
            Py_XDECREF(d2);
            if (d2 != d)
                set = NULL;
        }
        else if (PyFloat_CheckExact(b) || PyLong_CheckExact(b)) {
            set = PyTuple_GET_ITEM(spec, 4);
            if (set == Py_None)
                set = NULL;
        }
        else {
            set = NULL;
        }
    }
    int ok = set != NULL ? PySet_Contains(set, d) : 0;
    Py_DECREF(d);
    if (ok < 0) {
        PyErr_Clear(); /* an unhashable dtype: not a declared one */
        ok = 0;
    }
    return ok;
}

/* fn(*argv, **kw), or its native binding where one is declared for these arguments (dtypes: as
 * native_applies). */
static PyObject *
call_backend(Dispatcher *self, PyObject *fn, PyObject *const *argv, size_t nargsf,
             PyObject *kwnames, PyObject *const *dtypes)
{
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (n > 0 && (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0)) {
        PyObject *spec = native_spec(self, fn); /* (ours: calls below may replace the cache) */
        if (spec == NULL)
            return NULL;
        PyObject *r = NULL;
        int native = spec != Py_None && native_applies(spec, argv, n, dtypes);
        if (native)
            r = PyObject_Vectorcall(PyTuple_GET_ITEM(spec, 1), argv, nargsf, NULL);
        Py_DECREF(spec);
        if (native) {
            if (r != NULL || !PyErr_ExceptionMatches(PyExc_Exception))
                return r;
            PyErr_Clear(); /* the backend function decides: a workaround, or its own error */
        }
    }
    return PyObject_Vectorcall(fn, argv, nargsf, kwnames);
}

#define SMALL_STACK 8

/* The call; dtypes (NULL, or one entry per positional argument, each NULL or borrowed): the
 * arguments' dtypes where the caller has read them already (see _dispatch_api.h). */
static PyObject *
dispatch(Dispatcher *self, PyObject *const *args, size_t nargsf, PyObject *kwnames,
         PyObject *const *dtypes)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    PyObject *B = g_backend;
    if (B == NULL)
        return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
    PyTypeObject *array_type = g_array_type;

    int wrap = 0;
    for (Py_ssize_t i = 0; i < total; i++) {
        PyTypeObject *t = Py_TYPE(args[i]);
        if (t == array_type)
            wrap = 1;
        else if ((t == &PyList_Type || t == &PyTuple_Type) && holds_array(args[i], array_type))
            return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
    }

    Py_INCREF(B); /* the backend function may switch backends (gradients, tracing) */
    PyObject *fn = backend_function(self, B);
    if (fn == NULL) {
        add_note(self, B);
        Py_DECREF(B);
        return NULL;
    }

    PyObject *r;
    if (!wrap) {
        r = call_backend(self, fn, args, nargsf, kwnames, dtypes);
    }
    else {
        /* one slot in front so the callee may use PY_VECTORCALL_ARGUMENTS_OFFSET */
        PyObject *small[SMALL_STACK + 1];
        PyObject **stack = small;
        if (total + 1 > SMALL_STACK + 1) {
            stack = PyMem_Malloc((total + 1) * sizeof(PyObject *));
            if (stack == NULL) {
                Py_DECREF(fn);
                Py_DECREF(B);
                return PyErr_NoMemory();
            }
        }
        Py_ssize_t done = 0;
        r = NULL;
        for (; done < total; done++) {
            PyObject *a = args[done];
            if (Py_TYPE(a) == array_type) {
                a = PyObject_GetAttr(a, s_data);
                if (a == NULL)
                    break;
            }
            else {
                Py_INCREF(a);
            }
            stack[done + 1] = a;
        }
        if (done == total)
            r = call_backend(self, fn, stack + 1, nargs | PY_VECTORCALL_ARGUMENTS_OFFSET,
                             kwnames, NULL); /* unwrapped arguments: dtypes not read yet */
        for (Py_ssize_t i = 0; i < done; i++)
            Py_DECREF(stack[i + 1]);
        if (stack != small)
            PyMem_Free(stack);
    }
    Py_DECREF(fn);
    if (r == NULL) {
        add_note(self, B);
        Py_DECREF(B);
        return NULL;
    }
    Py_DECREF(B);
    if (!wrap)
        return r;
    return wrap_result(r);
}

static PyObject *
dispatcher_call(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    return dispatch((Dispatcher *)op, args, nargsf, kwnames, NULL);
}

static PyTypeObject DispatcherType;

/* IvyDispatchAPI.call: fn(*args, **kw), with the dtypes the caller has read (_dispatch_api.h). */
static PyObject *
api_call(PyObject *fn, PyObject *const *args, size_t nargsf, PyObject *kwnames,
         PyObject *const *dtypes)
{
    if (Py_TYPE(fn) == &DispatcherType)
        return dispatch((Dispatcher *)fn, args, nargsf, kwnames, dtypes);
    return PyObject_Vectorcall(fn, args, nargsf, kwnames);
}

static IvyDispatchAPI c_api = {sizeof(IvyDispatchAPI), dtype_of, api_call};

static PyObject *
dispatcher_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"path", "fallback", NULL};
    PyObject *path, *fallback;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UO:Dispatcher", kwlist, &path, &fallback))
        return NULL;
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "Dispatcher: fallback must be callable");
        return NULL;
    }
    Dispatcher *self = (Dispatcher *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->vectorcall = dispatcher_call;
    Py_INCREF(path);
    self->path = path;
    Py_INCREF(fallback);
    self->fallback = fallback;
    Py_ssize_t dot = PyUnicode_FindChar(path, '.', 0, PyUnicode_GET_LENGTH(path), 1);
    if (dot == -2) {
        Py_DECREF(self);
        return NULL;
    }
    if (dot >= 0) {
        self->ns = PyUnicode_Substring(path, 0, dot);
        self->name = PyUnicode_Substring(path, dot + 1, PyUnicode_GET_LENGTH(path));
        if (self->ns == NULL || self->name == NULL) {
            Py_DECREF(self);
            return NULL;
        }
        PyUnicode_InternInPlace(&self->ns);
    }
    else {
        Py_INCREF(path);
        self->name = path;
    }
    PyUnicode_InternInPlace(&self->name);
    return (PyObject *)self;
}

static int
dispatcher_traverse(Dispatcher *self, visitproc visit, void *arg)
{
    Py_VISIT(self->fallback);
    Py_VISIT(self->cached_backend);
    Py_VISIT(self->cached_fn);
    Py_VISIT(self->spec_fn);
    Py_VISIT(self->spec);
    Py_VISIT(self->dict);
    return 0;
}

static int
dispatcher_clear(Dispatcher *self)
{
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->cached_backend);
    Py_CLEAR(self->cached_fn);
    Py_CLEAR(self->spec_fn);
    Py_CLEAR(self->spec);
    Py_CLEAR(self->dict);
    return 0;
}

static void
dispatcher_dealloc(Dispatcher *self)
{
    PyObject_GC_UnTrack(self);
    dispatcher_clear(self);
    Py_CLEAR(self->ns);
    Py_CLEAR(self->name);
    Py_CLEAR(self->path);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Bind like a Python function when stored on a class (methods built from dispatchers). */
static PyObject *
dispatcher_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

static PyObject *
dispatcher_repr(Dispatcher *self)
{
    return PyUnicode_FromFormat("<ivy function %U>", self->path);
}

/* Pickled by reference, like a Python function: module + qualified name from __dict__. */
static PyObject *
dispatcher_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyObject_GetAttrString(self, "__qualname__");
}

static PyMethodDef dispatcher_methods[] = {
    {"__reduce__", dispatcher_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyObject *
get_fallback(Dispatcher *self, void *Py_UNUSED(closure))
{
    Py_INCREF(self->fallback);
    return self->fallback;
}

static PyGetSetDef dispatcher_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {"fallback", (getter)get_fallback, NULL, "the generated Python dispatcher (slow path)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject DispatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ivy._dispatch.Dispatcher",
    .tp_basicsize = sizeof(Dispatcher),
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_vectorcall_offset = offsetof(Dispatcher, vectorcall),
    .tp_repr = (reprfunc)dispatcher_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = "One public Ivy function: the fast path of its generated dispatcher, in C.",
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_methods = dispatcher_methods,
    .tp_getset = dispatcher_getset,
    .tp_descr_get = dispatcher_get,
    .tp_dictoffset = offsetof(Dispatcher, dict),
    .tp_new = dispatcher_new,
};

static PyObject *
set_backend(PyObject *Py_UNUSED(module), PyObject *B)
{
    PyObject *old = g_backend;
    if (B == Py_None) {
        g_backend = NULL;
    }
    else {
        Py_INCREF(B);
        g_backend = B;
    }
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

static PyObject *
get_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored))
{
    PyObject *B = g_backend ? g_backend : Py_None;
    Py_INCREF(B);
    return B;
}

static PyObject *
configure(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *array_type, *wrap, *note, *native;
    if (!PyArg_ParseTuple(args, "O!OOO!:configure", &PyType_Type, &array_type, &wrap, &note,
                          &PySet_Type, &native))
        return NULL;
    if (!PyCallable_Check(wrap) || !PyCallable_Check(note)) {
        PyErr_SetString(PyExc_TypeError, "configure: wrap and note must be callable");
        return NULL;
    }
    Py_INCREF(array_type);
    Py_XSETREF(g_array_type, (PyTypeObject *)array_type);
    Py_INCREF(wrap);
    Py_XSETREF(g_wrap, wrap);
    Py_INCREF(note);
    Py_XSETREF(g_note, note);
    Py_INCREF(native);
    Py_XSETREF(g_native, native);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"set_backend", set_backend, METH_O,
     "set_backend(B): the backend every Dispatcher calls (None: infer per call, in Python)."},
    {"get_backend", get_backend, METH_NOARGS, "The backend set with set_backend, or None."},
    {"configure", configure, METH_VARARGS,
     "configure(array_type, wrap, note, native_types): ivy.Array, the general result wrapper, "
     "the error-note adder, and the set of native array types to wrap directly."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dispatch_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ivy._dispatch",
    .m_doc = "The C fast path of Ivy's dispatchers (see ivy/func_wrapper.py).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dispatch(void)
{
    s_data = PyUnicode_InternFromString("_data");
    s_dtype = PyUnicode_InternFromString("dtype");
    s_ivy_native = PyUnicode_InternFromString("ivy_native");
    if (s_data == NULL || s_dtype == NULL || s_ivy_native == NULL)
        return NULL;
    if (PyType_Ready(&DispatcherType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dispatch_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&DispatcherType);
    if (PyModule_AddObject(m, "Dispatcher", (PyObject *)&DispatcherType) < 0) {
        Py_DECREF(&DispatcherType);
        Py_DECREF(m);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(&c_api, IVY_DISPATCH_CAPSULE, NULL);
    if (capsule == NULL || PyModule_AddObject(m, "_C_API", capsule) < 0) {
        Py_XDECREF(capsule);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
