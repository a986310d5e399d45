/* ivy_server._tally: a worker's request tally for one metric label set, in C.
 *
 * metrics.py is the reference (its _PyTally is this type in Python, used where no C compiler
 * built this module). A request's handler records its latency and bytes with one C call,
 *
 *   Tally(bounds) : bounds, the histogram's bucket upper bounds in increasing order, the last
 *       one +Inf (prometheus_client's Histogram._upper_bounds)
 *   add(seconds, size_in, size_out) : one request: the count, the latency sum, the bucket of the
 *       first bound >= seconds (bisect_left; the last one beyond them all), the bytes in and out
 *   take() -> (count, sum, bytes_in, bytes_out, (bucket counts...)) : what was added since the
 *       last take, and zero again
 *
 * and metrics.fold() moves what was taken into the prometheus_client values before every
 * collection (a scrape), so that the metrics read exactly as if each request had updated them.
 * Python-level updates of those values (five objects, a lock, a Python frame) cost ~2 us a
 * request between real calls, where the caches are cold (docs/rpc.md, "Cold code"); this is
 * one small object. Each method runs holding the GIL and calls no Python code, so calls from
 * the server's threads never interleave: no lock. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_BOUNDS 64

typedef struct {
    PyObject_HEAD
    Py_ssize_t nb;                       /* bucket bounds (the last is +Inf) */
    double bounds[MAX_BOUNDS];
    unsigned long long buckets[MAX_BOUNDS];
    unsigned long long count, bytes_in, bytes_out;
    double sum;
} Tally;

static int
tally_init(Tally *self, PyObject *args, PyObject *kwds)
{
    PyObject *seq;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Tally(bounds) takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O:Tally", &seq))
        return -1;
    PyObject *fast = PySequence_Fast(seq, "Tally(bounds): bounds must be a sequence of floats");
    if (fast == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 1 || n > MAX_BOUNDS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "Tally(bounds): 1 to %d bounds, not %zd", MAX_BOUNDS, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        double v = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (i && !(v > self->bounds[i - 1])) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "Tally(bounds): bounds must increase");
            return -1;
        }
        self->bounds[i] = v;
        self->buckets[i] = 0;
    }
    Py_DECREF(fast);
    self->nb = n;
    self->count = self->bytes_in = self->bytes_out = 0;
    self->sum = 0.0;
    return 0;
}

static int
size_of(PyObject *obj, unsigned long long *v)
{
    *v = PyLong_AsUnsignedLongLong(obj);
    return *v == (unsigned long long)-1 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *
tally_add(Tally *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "add(seconds, size_in, size_out)");
        return NULL;
    }
    double s = PyFloat_AsDouble(args[0]);
    unsigned long long in, out;
    if ((s == -1.0 && PyErr_Occurred()) || size_of(args[1], &in) || size_of(args[2], &out))
        return NULL;
    /* bisect_left: the first bound >= s; the last bucket for anything beyond (or NaN) */
    Py_ssize_t lo = 0, hi = self->nb;
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        if (self->bounds[mid] < s)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo >= self->nb || s != s)
        lo = self->nb - 1;
    self->buckets[lo]++;
    self->count++;
    self->sum += s;
    self->bytes_in += in;
    self->bytes_out += out;
    Py_RETURN_NONE;
}

static PyObject *
tally_take(Tally *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *b = PyTuple_New(self->nb);
    if (b == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->nb; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(self->buckets[i]);
        if (v == NULL) {
            Py_DECREF(b);
            return NULL;
        }
        PyTuple_SET_ITEM(b, i, v);
    }
    PyObject *r = Py_BuildValue("(KdKKN)", self->count, self->sum, self->bytes_in,
                                self->bytes_out, b);
    if (r == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->nb; i++)
        self->buckets[i] = 0;
    self->count = self->bytes_in = self->bytes_out = 0;
    self->sum = 0.0;
    return r;
}

static PyMethodDef tally_methods[] = {
    {"add", (PyCFunction)(void (*)(void))tally_add, METH_FASTCALL,
     "add(seconds, size_in, size_out): one request"},
    {"take", (PyCFunction)tally_take, METH_NOARGS,
     "take() -> (count, sum, bytes_in, bytes_out, buckets): what was added since, then zero"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TallyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ivy_server._tally.Tally",
    .tp_basicsize = sizeof(Tally),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Tally(bounds): one label set's request count, latency histogram and bytes",
    .tp_methods = tally_methods,
    .tp_init = (initproc)tally_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_tally", "A worker's request tallies (see metrics.py).", -1, NULL,
};

PyMODINIT_FUNC
PyInit__tally(void)
{
    if (PyType_Ready(&TallyType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&TallyType);
    if (PyModule_AddObject(m, "Tally", (PyObject *)&TallyType) < 0) {
        Py_DECREF(&TallyType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
