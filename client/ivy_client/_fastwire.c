/* ivy_client._fastwire: the tiny-call fast path of the RPC codec and framing, in C.
 *
 * client/ivy_client/codec.py and wire.py are the reference: this module only takes the common
 * cases and gives exactly their results, and answers "defer" for anything else, so that the Python
 * code (with its checks and its error messages) handles it. It never raises for a malformed or
 * unusual message: it defers, and the Python decoder then raises its CodecError.
 *
 *   encode(obj, threshold) -> bytes, or None (defer)
 *       codec.encode's msgpack bytes, byte for byte, for values made of None, bool, int (64-bit),
 *       float, str, bytes, list, dict, tuple, complex, Ellipsis, the allowed np.dtype objects
 *       (native byte order) and NumPy arrays (exact
 *       np.ndarray, C-contiguous, one of codec.DTYPE_NAMES in native byte order; under
 *       `threshold` bytes when threshold >= 0, i.e. when the caller collects out-of-band buffers).
 *       Anything else (subclasses, handles, slices, NumPy scalars and scalar types, big-endian or
 *       strided arrays, ...) defers.
 *   encode_request(function, args, kwargs, threshold, max_payload) -> bytes, or None (defer)
 *       wire.frame_call_request(function, encode([list(args), kwargs]), False, ()) in one buffer,
 *       for a non-empty function name and arguments (args an exact tuple or list, kwargs an exact
 *       dict, not both empty); defers when the document is over max_payload bytes.
 *   encode_response(obj, threshold, max_payload) -> bytes, or None (defer)
 *       wire.frame_call_response(encode(obj), ()) in one buffer (defers when the payload is over
 *       max_payload bytes: the worker's per-message limit, whose error Python gives).
 *       In both framings a threshold of -1 (codec.FAST_INLINE) takes arrays of every size
 *       inline, and an array of at least HOLE_MIN bytes is copied once, from its memory straight
 *       into the returned bytes (out_bytes), not into the encoder's buffer first.
 *   decode(buf, array_hook, max_depth, max_items, max_bytes) -> value, or NotImplemented (defer)
 *       codec.decode's value for documents of the same kinds (arrays: inline extension 1 only;
 *       dtypes: extension 8),
 *       nested at most min(max_depth, 32) deep, with at most max_items objects (counted as
 *       codec.check_bounds counts them), at most max_bytes bytes. Arrays are read-only views of
 *       the received bytes (as codec.decode's are), or read-only aligned copies where the view
 *       would not be aligned for its dtype; a buffer that is not bytes (or a memoryview
 *       of bytes) is copied once first, so that no array aliases memory someone may change.
 *       array_hook(a), when not None, replaces each array (an exception in it defers).
 *   call_request(buf, array_hook, max_items, max_bytes) -> (function, args, kwargs), or None
 *       wire.parse_call_request + the worker's decode of [args list, kwargs map] for the common
 *       message shape: a function name and an args document, nothing else (no keep, buffers,
 *       graph_id, shm), args a list and kwargs a map with string keys.
 *   response_value(buf, max_fields, max_depth, max_items, max_bytes) -> value, or NotImplemented
 *       call_response + decode in one: the value of a CallResponse (bytes) whose only fields are
 *       results (no buffers, no shm), None for an empty one; arrays are read-only views of buf.
 *       Anything else defers.
 *   init(ndarray_type, ((name, dtype or None, itemsize), ...)) : the NumPy types (codec calls
 *       it at import, and again once bfloat16's dtype exists).
 *
 * Bounds: every length is checked against the bytes left before it is used, recursion is capped
 * at 32 levels (deeper documents defer to Python, which refuses beyond codec.MAX_DEPTH), headers
 * of over 4096 bytes, over 64 dimensions, sizes whose product overflows and unknown dtype names
 * defer. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
/* NumPy's C API, for reading an array's fields and making an array over received bytes: the
 * Python-level ways (the buffer protocol; calling np.ndarray(shape, dtype, buffer, offset), which
 * parses and converts its arguments) run several times as much code, which between real calls
 * is cold (docs/rpc.md, "Cold code"). Built against NumPy 2 headers, it runs on NumPy >= 1.23
 * (the MXNet worker's environment). */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define NPY_TARGET_VERSION NPY_1_23_API_VERSION
#include <numpy/arrayobject.h>

#define NDTYPES 15
#define MAX_NDIM 64
#define MAX_HEADER_BYTES 4096
#define C_MAX_DEPTH 32

static PyObject *g_ndarray = NULL;            /* numpy.ndarray */
static PyObject *g_dtypes[NDTYPES];           /* np.dtype per name, or NULL (bfloat16 not yet) */
static char g_names[NDTYPES][16];
static Py_ssize_t g_namelen[NDTYPES];
static Py_ssize_t g_itemsize[NDTYPES];
static int g_ready = 0;

/* ------------------------------------------------------------------------------------------- */
/* output buffer                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* An array's bytes of at least HOLE_MIN in a framed message (encode_request, encode_response)
 * are not copied into the buffer: the buffer keeps a hole's place (its position and the
 * array's memory) and out_bytes copies them once, into the final bytes object, as the join of
 * wire.py's out-of-band framing does. The array stays alive meanwhile: the caller's arguments
 * hold it. */
#define HOLE_MIN 4096
#define MAX_HOLES 64
typedef struct {
    Py_ssize_t at;      /* its place in buf (bytes written before it) */
    const char *src;
    Py_ssize_t n;
} Hole;

typedef struct {
    char *buf;
    /* len: the message's length so far, holes included; buf holds len - holed bytes */
    Py_ssize_t len, cap, holed;
    /* where in buf the message holding the document will start, when the document's inline
     * arrays' bytes are to be aligned in it (see enc_array; -1: not aligned, codec.encode's
     * exact bytes), and whether any array was */
    Py_ssize_t origin;
    int aligned, nholes;
    Hole holes[MAX_HOLES];
    char small[1024];
} Out;

#define OUT_END(o) ((o)->len - (o)->holed) /* bytes in buf */

static void out_init(Out *o)
{
    o->buf = o->small; o->len = 0; o->cap = sizeof(o->small); o->origin = -1; o->aligned = 0;
    o->holed = 0; o->nholes = 0;
}
static void out_free(Out *o) { if (o->buf != o->small) PyMem_Free(o->buf); }

static int
out_reserve(Out *o, Py_ssize_t extra)
{
    if (extra > PY_SSIZE_T_MAX / 2 - o->len)
        return -1;
    Py_ssize_t need = OUT_END(o) + extra;
    if (need <= o->cap)
        return 0;
    Py_ssize_t cap = o->cap * 2;
    while (cap < need)
        cap *= 2;
    char *nb = PyMem_Malloc(cap);
    if (nb == NULL)
        return -1;
    memcpy(nb, o->buf, OUT_END(o));
    if (o->buf != o->small)
        PyMem_Free(o->buf);
    o->buf = nb;
    o->cap = cap;
    return 0;
}

static int
out_put(Out *o, const void *p, Py_ssize_t n)
{
    if (out_reserve(o, n) < 0)
        return -1;
    memcpy(o->buf + OUT_END(o), p, n);
    o->len += n;
    return 0;
}

/* the message from buf[start] on (start before any hole), holes filled: a new bytes object */
static PyObject *
out_bytes(Out *o, Py_ssize_t start)
{
    PyObject *r = PyBytes_FromStringAndSize(NULL, o->len - start);
    if (r == NULL)
        return NULL;
    char *dst = PyBytes_AS_STRING(r);
    Py_ssize_t at = start;
    for (int i = 0; i < o->nholes; i++) {
        Hole *h = &o->holes[i];
        memcpy(dst, o->buf + at, h->at - at);
        dst += h->at - at;
        memcpy(dst, h->src, h->n);
        dst += h->n;
        at = h->at;
    }
    memcpy(dst, o->buf + at, OUT_END(o) - at);
    return r;
}

static void put_be(unsigned char *p, uint64_t v, int width)
{
    for (int k = width - 1; k >= 0; k--) {
        p[k] = (unsigned char)(v & 0xFF);
        v >>= 8;
    }
}

/* msgpack's encoding of a non-negative / signed integer, as msgpack-python's packer writes it */
static int
put_uint(Out *o, uint64_t v)
{
    unsigned char b[9];
    int n;
    if (v < 0x80) { b[0] = (unsigned char)v; n = 1; }
    else if (v < 0x100) { b[0] = 0xCC; b[1] = (unsigned char)v; n = 2; }
    else if (v < 0x10000) { b[0] = 0xCD; put_be(b + 1, v, 2); n = 3; }
    else if (v < 0x100000000ULL) { b[0] = 0xCE; put_be(b + 1, v, 4); n = 5; }
    else { b[0] = 0xCF; put_be(b + 1, v, 8); n = 9; }
    return out_put(o, b, n);
}

static int
put_int(Out *o, long long v)
{
    if (v >= 0)
        return put_uint(o, (uint64_t)v);
    unsigned char b[9];
    int n;
    if (v >= -32) { b[0] = (unsigned char)(v & 0xFF); n = 1; }
    else if (v >= -128) { b[0] = 0xD0; b[1] = (unsigned char)(v & 0xFF); n = 2; }
    else if (v >= -32768) { b[0] = 0xD1; put_be(b + 1, (uint64_t)v, 2); n = 3; }
    else if (v >= -2147483648LL) { b[0] = 0xD2; put_be(b + 1, (uint64_t)v, 4); n = 5; }
    else { b[0] = 0xD3; put_be(b + 1, (uint64_t)v, 8); n = 9; }
    return out_put(o, b, n);
}

/* header of a container or a str/bin: `fix` is the fix-form base (or -1), `m8/m16/m32` the
 * codes of the 8/16/32-bit forms (0: none) */
static int
put_head(Out *o, uint64_t n, int fix, int fixmax, int m8, int m16, int m32)
{
    unsigned char b[5];
    if (fix >= 0 && n < (uint64_t)fixmax) { b[0] = (unsigned char)(fix | n); return out_put(o, b, 1); }
    if (m8 && n < 0x100) { b[0] = (unsigned char)m8; b[1] = (unsigned char)n; return out_put(o, b, 2); }
    if (n < 0x10000) { b[0] = (unsigned char)m16; put_be(b + 1, n, 2); return out_put(o, b, 3); }
    if (n < 0x100000000ULL) { b[0] = (unsigned char)m32; put_be(b + 1, n, 4); return out_put(o, b, 5); }
    return -1;
}

/* the length of put_ext_head's header for `len` payload bytes */
static Py_ssize_t
ext_head_len(uint64_t len)
{
    if (len == 1 || len == 2 || len == 4 || len == 8 || len == 16)
        return 2;
    return len < 0x100 ? 3 : len < 0x10000 ? 4 : 6;
}

/* a protobuf varint of v in exactly n bytes (n at least its shortest length, at most 10): the
 * longer forms are the same number to every protobuf parser */
static void
put_varint_n(unsigned char *b, uint64_t v, int n)
{
    for (int i = 0; i < n - 1; i++) {
        b[i] = (unsigned char)((v & 0x7F) | 0x80);
        v >>= 7;
    }
    b[n - 1] = (unsigned char)(v & 0x7F);
}

static int
varint_len(uint64_t v)
{
    int n = 1;
    while (v >= 0x80) { v >>= 7; n++; }
    return n;
}

/* msgpack_pack_ext: the header of an extension of `len` payload bytes, in b (6 bytes at most);
 * its length, or -1 for a length msgpack cannot hold */
static int
ext_head(unsigned char *b, int code, uint64_t len)
{
    int n;
    switch (len) {
    case 1: b[0] = 0xD4; n = 1; break;
    case 2: b[0] = 0xD5; n = 1; break;
    case 4: b[0] = 0xD6; n = 1; break;
    case 8: b[0] = 0xD7; n = 1; break;
    case 16: b[0] = 0xD8; n = 1; break;
    default:
        if (len < 0x100) { b[0] = 0xC7; b[1] = (unsigned char)len; n = 2; }
        else if (len < 0x10000) { b[0] = 0xC8; put_be(b + 1, len, 2); n = 3; }
        else if (len < 0x100000000ULL) { b[0] = 0xC9; put_be(b + 1, len, 4); n = 5; }
        else return -1;
    }
    b[n++] = (unsigned char)code;
    return n;
}

static int
put_ext_head(Out *o, int code, uint64_t len)
{
    unsigned char b[6];
    int n = ext_head(b, code, len);
    return n < 0 ? -1 : out_put(o, b, n);
}

/* a size argument: an int (saturated at PY_SSIZE_T_MAX when larger); 1 (defer) for anything
 * else, e.g. a float bound, which the Python code then applies */
static int
size_arg(PyObject *obj, Py_ssize_t *v)
{
    if (!PyLong_Check(obj))
        return 1;
    int overflow;
    long long r = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (r == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 1;
    }
    if (overflow)
        *v = overflow > 0 ? PY_SSIZE_T_MAX : PY_SSIZE_T_MIN;
    else
        *v = r > PY_SSIZE_T_MAX ? PY_SSIZE_T_MAX : r < PY_SSIZE_T_MIN ? PY_SSIZE_T_MIN : (Py_ssize_t)r;
    return 0;
}

/* ------------------------------------------------------------------------------------------- */
/* encoding: 0 done, 1 defer (no Python error left set)                                        */
/* ------------------------------------------------------------------------------------------- */

static int enc(Out *o, PyObject *obj, Py_ssize_t threshold, int depth);

static int
enc_array(Out *o, PyObject *a, Py_ssize_t threshold)
{
    /* an exact np.ndarray (the caller checked): its dtype object, C-contiguity, shape and bytes
     * straight from its fields (what the buffer protocol with PyBUF_ND gives, without it) */
    PyArrayObject *arr = (PyArrayObject *)a;
    PyObject *dt = (PyObject *)PyArray_DESCR(arr);
    int k;
    for (k = 0; k < NDTYPES; k++)
        if (g_dtypes[k] == dt)
            break;
    if (k == NDTYPES || !PyArray_IS_C_CONTIGUOUS(arr))
        return 1;
    struct { int ndim; const npy_intp *shape; Py_ssize_t len; const void *buf; } view = {
        PyArray_NDIM(arr), PyArray_DIMS(arr), (Py_ssize_t)PyArray_NBYTES(arr), PyArray_DATA(arr)};
    if (view.ndim > MAX_NDIM || (threshold >= 0 && view.len >= threshold))
        return 1;
    /* header: msgpack [name, [sizes...]], in its shortest form (codec.encode's bytes) — or,
     * when the document's place in the message is known (o->origin >= 0), with up to 10 bytes
     * more in longer forms of the same msgpack (str8/32 for the name, array16/32 for the two
     * lists) so that the array's bytes start at a multiple of min(itemsize, 8) from the
     * message's start (encode_request, encode_response): the receiver's message is a bytes
     * object (16-byte aligned data), whose arrays then view it instead of being copied to be
     * aligned. Every msgpack decoder reads the longer forms (the C and Python decoders here
     * always have). */
    static const signed char forms[11][3] = { /* extra bytes -> (name, outer list, shape list) */
        {0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {1, 2, 0}, {0, 4, 0}, {1, 4, 0}, {0, 4, 2}, {1, 4, 2},
        {4, 4, 0}, {1, 4, 4}, {4, 4, 2}};
    /* the sizes first: the header's shortest length (h0) counts them */
    unsigned char dims[9 * MAX_NDIM];
    Py_ssize_t hd = 0;
    for (int d = 0; d < view.ndim; d++) {
        uint64_t v = (uint64_t)view.shape[d];
        if (v < 0x80) dims[hd++] = (unsigned char)v;
        else if (v < 0x100) { dims[hd++] = 0xCC; dims[hd++] = (unsigned char)v; }
        else if (v < 0x10000) { dims[hd++] = 0xCD; put_be(dims + hd, v, 2); hd += 2; }
        else if (v < 0x100000000ULL) { dims[hd++] = 0xCE; put_be(dims + hd, v, 4); hd += 4; }
        else { dims[hd++] = 0xCF; put_be(dims + hd, v, 8); hd += 8; }
    }
    Py_ssize_t h0 = 2 + g_namelen[k] + (view.ndim >= 16 ? 3 : 1) + hd;
    int pad = 0;
    Py_ssize_t al = g_itemsize[k] < 8 ? g_itemsize[k] : 8;
    if (o->origin >= 0 && al > 1) {
        for (pad = 0; pad <= 10; pad++) {
            if (view.ndim >= 16 && forms[pad][2] == 4)
                continue; /* its shape list already is an array16: array32 is 2 more */
            uint64_t pl = 4 + (uint64_t)(h0 + pad) + (uint64_t)view.len;
            Py_ssize_t at = o->len - o->origin + ext_head_len(pl) + 4 + h0 + pad;
            if (at % al == 0)
                break;
        }
        if (pad > 10)
            pad = 0; /* none found (cannot happen for al <= 8): left as it falls */
        else
            o->aligned = 1;
    }
    unsigned char hdr[16 + 2 + 5 + 9 * MAX_NDIM + 12];
    Py_ssize_t h = 0;
    int fn = forms[pad][0], fo = forms[pad][1], fs = forms[pad][2];
    if (fo == 0) hdr[h++] = 0x92;
    else if (fo == 2) { hdr[h++] = 0xDC; hdr[h++] = 0; hdr[h++] = 2; }
    else { hdr[h++] = 0xDD; hdr[h++] = 0; hdr[h++] = 0; hdr[h++] = 0; hdr[h++] = 2; }
    if (fn == 0) hdr[h++] = (unsigned char)(0xA0 | g_namelen[k]);
    else if (fn == 1) { hdr[h++] = 0xD9; hdr[h++] = (unsigned char)g_namelen[k]; }
    else { /* str32: 4 */
        hdr[h++] = 0xDB; hdr[h++] = 0; hdr[h++] = 0; hdr[h++] = 0;
        hdr[h++] = (unsigned char)g_namelen[k];
    }
    memcpy(hdr + h, g_names[k], g_namelen[k]);
    h += g_namelen[k];
    /* ndim <= 64: fixarray up to 15, else array16; 2 or 4 more: array16 / array32 */
    if (view.ndim < 16 && fs == 0)
        hdr[h++] = (unsigned char)(0x90 | view.ndim);
    else if (view.ndim < 16 ? fs == 2 : fs == 0) {
        hdr[h++] = 0xDC; hdr[h++] = 0; hdr[h++] = (unsigned char)view.ndim;
    }
    else {
        hdr[h++] = 0xDD; hdr[h++] = 0; hdr[h++] = 0; hdr[h++] = 0;
        hdr[h++] = (unsigned char)view.ndim;
    }
    memcpy(hdr + h, dims, hd);
    h += hd;
    uint64_t plen = 4 + (uint64_t)h + (uint64_t)view.len;
    /* a framed message's large array: a hole (see out_bytes), not a copy */
    int hole = o->origin >= 0 && view.len >= HOLE_MIN && o->nholes < MAX_HOLES;
    if (put_ext_head(o, 1, plen) < 0
            || out_reserve(o, hole ? 4 + h : (Py_ssize_t)plen) < 0)
        return 1;
    unsigned char *p = (unsigned char *)o->buf + OUT_END(o);
    p[0] = (unsigned char)(h & 0xFF); p[1] = (unsigned char)((h >> 8) & 0xFF);
    p[2] = (unsigned char)((h >> 16) & 0xFF); p[3] = (unsigned char)((h >> 24) & 0xFF);
    memcpy(p + 4, hdr, h);
    if (hole) {
        o->holes[o->nholes++] = (Hole){OUT_END(o) + 4 + h, (const char *)view.buf, view.len};
        o->holed += view.len;
    }
    else if (view.len)
        memcpy(p + 4 + h, view.buf, view.len);
    o->len += (Py_ssize_t)plen;
    return 0;
}

static int
enc_seq_items(Out *o, PyObject *seq, Py_ssize_t threshold, int depth)
{
    /* an exact list or tuple: msgpack array of its items */
    int is_list = PyList_CheckExact(seq);
    Py_ssize_t n = is_list ? PyList_GET_SIZE(seq) : PyTuple_GET_SIZE(seq);
    if (put_head(o, (uint64_t)n, 0x90, 16, 0, 0xDC, 0xDD) < 0)
        return 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (is_list && i >= PyList_GET_SIZE(seq))
            return 1;
        PyObject *item = is_list ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
        Py_INCREF(item);
        int rc = enc(o, item, threshold, depth + 1);
        Py_DECREF(item);
        if (rc)
            return rc;
    }
    if (is_list && PyList_GET_SIZE(seq) != n)
        return 1;
    return 0;
}

static int
enc(Out *o, PyObject *obj, Py_ssize_t threshold, int depth)
{
    if (depth > C_MAX_DEPTH)
        return 1;
    PyTypeObject *t = Py_TYPE(obj);
    if (obj == Py_None) {
        unsigned char b = 0xC0;
        return out_put(o, &b, 1) < 0;
    }
    if (obj == Py_True || obj == Py_False) {
        unsigned char b = obj == Py_True ? 0xC3 : 0xC2;
        return out_put(o, &b, 1) < 0;
    }
    if (t == &PyLong_Type) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
        if (v == -1 && PyErr_Occurred()) { PyErr_Clear(); return 1; }
        if (overflow > 0) {
            unsigned long long u = PyLong_AsUnsignedLongLong(obj);
            if (u == (unsigned long long)-1 && PyErr_Occurred()) { PyErr_Clear(); return 1; }
            return put_uint(o, u) < 0;
        }
        if (overflow < 0)
            return 1;
        return put_int(o, v) < 0;
    }
    if (t == &PyFloat_Type) {
        unsigned char b[9];
        union { double d; uint64_t u; } c;
        c.d = PyFloat_AS_DOUBLE(obj);
        b[0] = 0xCB;
        put_be(b + 1, c.u, 8);
        return out_put(o, b, 9) < 0;
    }
    if (t == &PyUnicode_Type) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(obj, &n);
        if (s == NULL) { PyErr_Clear(); return 1; }
        if (put_head(o, (uint64_t)n, 0xA0, 32, 0xD9, 0xDA, 0xDB) < 0)
            return 1;
        return out_put(o, s, n) < 0;
    }
    if (t == &PyList_Type)
        return enc_seq_items(o, obj, threshold, depth);
    if (t == &PyDict_Type) {
        Py_ssize_t n = PyDict_GET_SIZE(obj), pos = 0, seen = 0;
        PyObject *k, *v;
        if (put_head(o, (uint64_t)n, 0x80, 16, 0, 0xDE, 0xDF) < 0)
            return 1;
        while (PyDict_Next(obj, &pos, &k, &v)) {
            Py_INCREF(k);
            Py_INCREF(v);
            int rc = enc(o, k, threshold, depth + 1);
            if (!rc)
                rc = enc(o, v, threshold, depth + 1);
            Py_DECREF(k);
            Py_DECREF(v);
            if (rc)
                return rc;
            seen++;
        }
        return seen != n;
    }
    if ((PyObject *)t == g_ndarray)
        return enc_array(o, obj, threshold);
    if (t == &PyTuple_Type) {
        /* extension 7: the msgpack list of the items. Written after room for the longest
         * extension header, which then moves up to its real size — unless an array in it was
         * aligned where it stands (enc_array): then the header stays that long (ext32, the same
         * value to every msgpack decoder) */
        Py_ssize_t start = o->len, pstart = OUT_END(o); /* in the message; in buf */
        int holes0 = o->nholes;
        if (out_reserve(o, 6) < 0)
            return 1;
        o->len += 6;
        int outer = o->aligned;
        o->aligned = 0;
        int rc = enc_seq_items(o, obj, threshold, depth);
        if (rc)
            return rc;
        Py_ssize_t plen = o->len - start - 6, pbuf = OUT_END(o) - pstart - 6;
        if (o->aligned) {
            unsigned char *b = (unsigned char *)o->buf + pstart;
            if ((uint64_t)plen >= 0x100000000ULL)
                return 1;
            b[0] = 0xC9;
            put_be(b + 1, (uint64_t)plen, 4);
            b[5] = 7;
            return 0;
        }
        o->aligned = outer;
        unsigned char hd[6];
        int hn = ext_head(hd, 7, (uint64_t)plen);
        if (hn < 0)
            return 1;
        Py_ssize_t gap = 6 - hn;
        memcpy(o->buf + pstart, hd, hn);
        memmove(o->buf + pstart + hn, o->buf + pstart + 6, pbuf);
        o->len -= gap;
        for (int i = holes0; i < o->nholes; i++) /* the holes in it moved up with it */
            o->holes[i].at -= gap;
        return 0;
    }
    if (t == &PyBytes_Type) {
        Py_ssize_t n = PyBytes_GET_SIZE(obj);
        if (put_head(o, (uint64_t)n, -1, 0, 0xC4, 0xC5, 0xC6) < 0)
            return 1;
        return out_put(o, PyBytes_AS_STRING(obj), n) < 0;
    }
    if (t == &PyComplex_Type) {
        unsigned char b[16];
        Py_complex c = PyComplex_AsCComplex(obj);
        memcpy(b, &c.real, 8); /* little-endian hosts only: see init() */
        memcpy(b + 8, &c.imag, 8);
        if (put_ext_head(o, 4, 16) < 0)
            return 1;
        return out_put(o, b, 16) < 0;
    }
    if (obj == Py_Ellipsis)
        return put_ext_head(o, 6, 0) < 0;
    for (int k = 0; k < NDTYPES; k++) { /* one of the allowed dtypes, native byte order */
        if (g_dtypes[k] == obj) {
            if (put_ext_head(o, 8, (uint64_t)g_namelen[k]) < 0)
                return 1;
            return out_put(o, g_names[k], g_namelen[k]) < 0;
        }
    }
    return 1;
}

static PyObject *
fw_encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(obj, threshold)");
        return NULL;
    }
    Py_ssize_t threshold;
    if (!g_ready || size_arg(args[1], &threshold))
        Py_RETURN_NONE;
    Out o;
    out_init(&o);
    int rc = enc(&o, args[0], threshold, 0);
    PyObject *r = rc ? NULL : out_bytes(&o, 0);
    out_free(&o);
    if (rc) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return r;
}

static PyObject *
fw_encode_response(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_response(obj, threshold, max_payload)");
        return NULL;
    }
    Py_ssize_t threshold, max_payload;
    if (!g_ready || size_arg(args[1], &threshold) || size_arg(args[2], &max_payload))
        Py_RETURN_NONE;
    Out o;
    out_init(&o);
    o.len = 11; /* room for the field's key and length */
    o.origin = 11 - 6; /* with aligned arrays: the length in 5 bytes (see below) */
    int rc = enc(&o, args[0], threshold, 0);
    PyObject *r = NULL;
    if (!rc) {
        uint64_t n = (uint64_t)(o.len - 11);
        if (n > (uint64_t)max_payload || (o.aligned && n > 0x7FFFFFFF)) {
            rc = 1;
        }
        else {
            /* the key and the length; with aligned arrays in the document, the length in 5
             * bytes (their longest form for protobuf's 32-bit sizes), which enc_array counted
             * on: the document starts 6 bytes into the message */
            unsigned char v[11];
            int k = o.aligned ? 5 : varint_len(n);
            v[0] = 0x0A;
            put_varint_n(v + 1, n, k);
            k += 1;
            memcpy(o.buf + 11 - k, v, k);
            r = out_bytes(&o, 11 - k);
        }
    }
    out_free(&o);
    if (rc) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return r;
}

static PyObject *
fw_encode_request(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    /* wire.frame_call_request(function, encode([list(args), kwargs]), False, ()) in one buffer:
     * the framed CallRequest of a call with arguments (args an exact tuple or list, kwargs an
     * exact dict, not both empty), or None (defer: Python frames it, with its checks and
     * errors); also None when the document is over max_payload bytes */
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "encode_request(function, args, kwargs, threshold, max_payload)");
        return NULL;
    }
    PyObject *fn = args[0], *a = args[1], *kw = args[2];
    Py_ssize_t threshold, max_payload, name_len;
    if (!g_ready || !PyUnicode_CheckExact(fn) || !(PyTuple_CheckExact(a) || PyList_CheckExact(a))
            || !PyDict_CheckExact(kw) || size_arg(args[3], &threshold)
            || size_arg(args[4], &max_payload))
        Py_RETURN_NONE;
    if (Py_SIZE(a) == 0 && PyDict_GET_SIZE(kw) == 0)
        Py_RETURN_NONE;
    const char *name = PyUnicode_AsUTF8AndSize(fn, &name_len);
    if (name == NULL || name_len == 0) { PyErr_Clear(); Py_RETURN_NONE; }
    /* room before the document for the two fields' keys and lengths and the name */
    if (name_len > PY_SSIZE_T_MAX / 2 - 22)
        Py_RETURN_NONE;
    Py_ssize_t room = 22 + name_len;
    Out o;
    out_init(&o);
    int rc = out_reserve(&o, room + 1) < 0;
    if (!rc) {
        o.len = room;
        /* with aligned arrays: the document's length in 5 bytes (see below) */
        o.origin = room - (2 + varint_len((uint64_t)name_len) + name_len + 5);
        unsigned char b = 0x92; /* [args list, kwargs map] */
        rc = out_put(&o, &b, 1) < 0;
    }
    if (!rc)
        rc = enc_seq_items(&o, a, threshold, 1);
    if (!rc)
        rc = enc(&o, kw, threshold, 1);
    PyObject *r = NULL;
    if (!rc && (uint64_t)(o.len - room) <= (uint64_t)max_payload
            && !(o.aligned && o.len - room > 0x7FFFFFFF)) {
        unsigned char head[22];
        uint64_t n = (uint64_t)name_len, m = (uint64_t)(o.len - room);
        /* with aligned arrays in the document, its length in 5 bytes (the longest form for
         * protobuf's 32-bit sizes), which enc_array counted on */
        int ln = varint_len(n), lm = o.aligned ? 5 : varint_len(m);
        int k = 0;
        head[k++] = 0x0A;
        put_varint_n(head + k, n, ln);
        k += ln;
        /* the name goes between its length and the args key: written in place below */
        int k1 = k;
        head[k++] = 0x12;
        put_varint_n(head + k, m, lm);
        k += lm;
        Py_ssize_t start = room - (k + name_len);
        memcpy(o.buf + start, head, k1);
        memcpy(o.buf + start + k1, name, name_len);
        memcpy(o.buf + start + k1 + name_len, head + k1, k - k1);
        r = out_bytes(&o, start);
    }
    out_free(&o);
    if (r == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return r;
}

/* ------------------------------------------------------------------------------------------- */
/* decoding: 0 done (*out set), 1 defer (no Python error left set)                              */
/* ------------------------------------------------------------------------------------------- */

typedef struct {
    const unsigned char *p;   /* the document's bytes */
    Py_ssize_t n;             /* its length */
    PyObject *src;            /* the object p belongs to (bytes or a memoryview of bytes), or NULL */
    PyObject *base;           /* the buffer arrays view (src, or a bytes copy), made on first use */
    const char *base_p;       /* where p[0]'s byte is in base's memory */
    PyObject *hook;           /* array_hook or NULL */
    Py_ssize_t items, max_items;
    int max_depth;
} Dec;

static uint64_t get_be(const unsigned char *p, int width)
{
    uint64_t v = 0;
    for (int k = 0; k < width; k++)
        v = (v << 8) | p[k];
    return v;
}

/* a length/count of `width` bytes at *i; 1 (defer) if the bytes run out before `end` */
static int
read_len(Dec *d, Py_ssize_t *i, Py_ssize_t end, int width, uint64_t *v)
{
    if (end - *i < width)
        return 1;
    *v = get_be(d->p + *i, width);
    *i += width;
    return 0;
}

static int dec(Dec *d, Py_ssize_t *i, Py_ssize_t end, int depth, PyObject **out);

/* a msgpack integer (any width) that is >= 0, into *v */
static int
dec_size(Dec *d, Py_ssize_t *i, Py_ssize_t end, uint64_t *v)
{
    if (*i >= end)
        return 1;
    unsigned char b = d->p[(*i)++];
    if (b < 0x80) { *v = b; return 0; }
    switch (b) {
    case 0xCC: return read_len(d, i, end, 1, v);
    case 0xCD: return read_len(d, i, end, 2, v);
    case 0xCE: return read_len(d, i, end, 4, v);
    case 0xCF: return read_len(d, i, end, 8, v);
    case 0xD0: case 0xD1: case 0xD2: case 0xD3: {
        int w = 1 << (b - 0xD0);
        uint64_t u;
        if (read_len(d, i, end, w, &u))
            return 1;
        if (u >> (8 * w - 1) & 1) /* negative */
            return 1;
        *v = u;
        return 0;
    }
    default:
        return 1;
    }
}

static int
count_ok(Dec *d, uint64_t count, Py_ssize_t i, Py_ssize_t end)
{
    /* codec.check_bounds: the object count, then a count that cannot fit the bytes left */
    if (count > (uint64_t)(end - i))
        return 0;
    d->items += (Py_ssize_t)count;
    return d->items <= d->max_items;
}

static int
dec_list(Dec *d, Py_ssize_t *i, Py_ssize_t end, uint64_t count, int depth, PyObject **out)
{
    if (depth + 1 > d->max_depth || !count_ok(d, count, *i, end))
        return 1;
    PyObject *l = PyList_New((Py_ssize_t)count);
    if (l == NULL) { PyErr_Clear(); return 1; }
    for (uint64_t k = 0; k < count; k++) {
        PyObject *v;
        if (dec(d, i, end, depth + 1, &v)) {
            Py_DECREF(l);
            return 1;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)k, v);
    }
    *out = l;
    return 0;
}

static int
dec_map(Dec *d, Py_ssize_t *i, Py_ssize_t end, uint64_t count, int depth, PyObject **out)
{
    if (count > (uint64_t)PY_SSIZE_T_MAX / 2 || depth + 1 > d->max_depth
            || !count_ok(d, 2 * count, *i, end))
        return 1;
    PyObject *m = PyDict_New();
    if (m == NULL) { PyErr_Clear(); return 1; }
    for (uint64_t k = 0; k < count; k++) {
        PyObject *key, *v;
        if (dec(d, i, end, depth + 1, &key))
            goto fail;
        if (dec(d, i, end, depth + 1, &v)) {
            Py_DECREF(key);
            goto fail;
        }
        int rc = PyDict_SetItem(m, key, v); /* an unhashable key: defer (Python raises) */
        Py_DECREF(key);
        Py_DECREF(v);
        if (rc < 0)
            goto fail;
    }
    *out = m;
    return 0;
fail:
    PyErr_Clear();
    Py_DECREF(m);
    return 1;
}

#define VIEW_WHOLE 65536

/* a decoded array, through the array hook when there is one */
static int
dec_array_done(Dec *d, PyObject *a, PyObject **out)
{
    if (d->hook != NULL) {
        PyObject *r = PyObject_CallOneArg(d->hook, a);
        Py_DECREF(a);
        if (r == NULL) { PyErr_Clear(); return 1; } /* Python reruns it and raises its error */
        a = r;
    }
    *out = a;
    return 0;
}

/* extension 1: u32 header length, msgpack [dtype name, [sizes]], the raw bytes */
static int
dec_array(Dec *d, Py_ssize_t start, Py_ssize_t len, PyObject **out)
{
    if (len < 4)
        return 1;
    const unsigned char *q = d->p + start;
    uint64_t hn = (uint64_t)q[0] | ((uint64_t)q[1] << 8) | ((uint64_t)q[2] << 16)
        | ((uint64_t)q[3] << 24);
    if (hn > MAX_HEADER_BYTES || 4 + hn > (uint64_t)len)
        return 1;
    Py_ssize_t i = start + 4, hend = start + 4 + (Py_ssize_t)hn;
    uint64_t cnt;
    unsigned char b;
    /* [name, shape]: a list of 2 */
    if (i >= hend)
        return 1;
    b = d->p[i++];
    if (b == 0x92) cnt = 2;
    else if (b == 0xDC) { if (read_len(d, &i, hend, 2, &cnt)) return 1; }
    else if (b == 0xDD) { if (read_len(d, &i, hend, 4, &cnt)) return 1; }
    else return 1;
    if (cnt != 2 || i >= hend)
        return 1;
    /* the dtype name: a str */
    uint64_t sl;
    b = d->p[i++];
    if (b >= 0xA0 && b <= 0xBF) sl = b & 0x1F;
    else if (b == 0xD9) { if (read_len(d, &i, hend, 1, &sl)) return 1; }
    else if (b == 0xDA) { if (read_len(d, &i, hend, 2, &sl)) return 1; }
    else if (b == 0xDB) { if (read_len(d, &i, hend, 4, &sl)) return 1; }
    else return 1;
    if (sl > (uint64_t)(hend - i))
        return 1;
    int k;
    for (k = 0; k < NDTYPES; k++)
        if ((uint64_t)g_namelen[k] == sl && memcmp(g_names[k], d->p + i, sl) == 0)
            break;
    if (k == NDTYPES || g_dtypes[k] == NULL)
        return 1;
    i += (Py_ssize_t)sl;
    /* the shape: a list of at most 64 non-negative integers */
    if (i >= hend)
        return 1;
    b = d->p[i++];
    if (b >= 0x90 && b <= 0x9F) cnt = b & 0x0F;
    else if (b == 0xDC) { if (read_len(d, &i, hend, 2, &cnt)) return 1; }
    else if (b == 0xDD) { if (read_len(d, &i, hend, 4, &cnt)) return 1; }
    else return 1;
    if (cnt > MAX_NDIM)
        return 1;
    uint64_t dims[MAX_NDIM];
    uint64_t count = 1, nonzero = 1;
    int zero = 0;
    for (uint64_t j = 0; j < cnt; j++) {
        if (dec_size(d, &i, hend, &dims[j]))
            return 1;
        if (dims[j] > (uint64_t)PY_SSIZE_T_MAX)
            return 1;
        if (dims[j] == 0)
            zero = 1;
        else if (__builtin_mul_overflow(nonzero, dims[j], &nonzero))
            return 1;
    }
    if (i != hend) /* the header is exactly one list */
        return 1;
    uint64_t isz = (uint64_t)g_itemsize[k], nbytes;
    count = zero ? 0 : nonzero;
    if (__builtin_mul_overflow(nonzero, isz, &nbytes) || nbytes > (uint64_t)PY_SSIZE_T_MAX)
        return 1; /* also for a size of 0: NumPy cannot hold the shape (Python refuses it) */
    nbytes = count * isz;
    if (nbytes != (uint64_t)(len - 4 - (Py_ssize_t)hn))
        return 1;
    /* the array: a read-only view of bytes. It views the message when the message is small
     * (up to VIEW_WHOLE bytes: one small buffer kept alive by its arrays) or the array is at
     * least half of it (a large array sent inline by encode_request/encode_response: keeping it
     * keeps at most as much again); otherwise it gets its own bytes, as the Python decoder's
     * arrays do, so that keeping a small array does not keep a large message. */
    PyObject *base;
    const char *data;
    if (d->n > VIEW_WHOLE && nbytes < (uint64_t)d->n / 2) {
        base = PyBytes_FromStringAndSize((const char *)d->p + hend, (Py_ssize_t)nbytes);
        if (base == NULL) { PyErr_Clear(); return 1; }
        data = PyBytes_AS_STRING(base);
    }
    else {
        if (d->base == NULL) {
            if (d->src != NULL) {
                Py_INCREF(d->src);
                d->base = d->src;
                d->base_p = (const char *)d->p;
            }
            else {
                d->base = PyBytes_FromStringAndSize((const char *)d->p, d->n);
                if (d->base == NULL) { PyErr_Clear(); return 1; }
                d->base_p = PyBytes_AS_STRING(d->base);
            }
        }
        base = Py_NewRef(d->base);
        data = d->base_p + hend;
    }
    /* what np.ndarray(shape, dtype, base, offset) makes: a read-only (flags 0: not writeable),
     * non-owning array over base's bytes, its contiguity and alignment worked out by NumPy, and
     * base as its .base; copied below if it is not aligned */
    npy_intp shape[MAX_NDIM];
    for (uint64_t j = 0; j < cnt; j++)
        shape[j] = (npy_intp)dims[j];
    PyArray_Descr *descr = (PyArray_Descr *)Py_NewRef(g_dtypes[k]); /* stolen */
    PyObject *a = PyArray_NewFromDescr(&PyArray_Type, descr, (int)cnt, shape, NULL,
                                       (void *)data, 0, NULL);
    if (a == NULL) { Py_DECREF(base); PyErr_Clear(); return 1; }
    if (PyArray_SetBaseObject((PyArrayObject *)a, base) < 0) { /* steals base, even failing */
        Py_DECREF(a);
        PyErr_Clear();
        return 1;
    }
    if (!PyArray_ISALIGNED((PyArrayObject *)a)) {
        /* bytes at an address the dtype is not aligned to: NumPy would run every operation on
         * the array through its slow buffered loops (2-3x), so an aligned read-only copy (as
         * codec._inline makes; inline arrays are small: under the out-of-band threshold) */
        PyObject *c = PyArray_NewCopy((PyArrayObject *)a, NPY_CORDER);
        Py_DECREF(a);
        if (c == NULL) { PyErr_Clear(); return 1; }
        PyArray_CLEARFLAGS((PyArrayObject *)c, NPY_ARRAY_WRITEABLE);
        a = c;
    }
    return dec_array_done(d, a, out);
}

static int
dec(Dec *d, Py_ssize_t *i, Py_ssize_t end, int depth, PyObject **out)
{
    if (*i >= end)
        return 1;
    unsigned char b = d->p[(*i)++];
    uint64_t v;
    PyObject *r = NULL;
    if (b < 0x80)
        r = PyLong_FromLong(b);
    else if (b >= 0xE0)
        r = PyLong_FromLong((long)(signed char)b);
    else if (b >= 0xA0 && b <= 0xBF) {
        v = b & 0x1F;
        goto str;
    }
    else if (b >= 0x90 && b <= 0x9F)
        return dec_list(d, i, end, b & 0x0F, depth, out);
    else if (b >= 0x80 && b <= 0x8F)
        return dec_map(d, i, end, b & 0x0F, depth, out);
    else {
        int w;
        switch (b) {
        case 0xC0: Py_INCREF(Py_None); *out = Py_None; return 0;
        case 0xC2: Py_INCREF(Py_False); *out = Py_False; return 0;
        case 0xC3: Py_INCREF(Py_True); *out = Py_True; return 0;
        case 0xCC: case 0xCD: case 0xCE: case 0xCF:
            if (read_len(d, i, end, 1 << (b - 0xCC), &v))
                return 1;
            r = PyLong_FromUnsignedLongLong(v);
            break;
        case 0xD0: case 0xD1: case 0xD2: case 0xD3: {
            w = 1 << (b - 0xD0);
            if (read_len(d, i, end, w, &v))
                return 1;
            int64_t s = w == 8 ? (int64_t)v
                : (int64_t)(v ^ (1ULL << (8 * w - 1))) - (int64_t)(1ULL << (8 * w - 1));
            r = PyLong_FromLongLong(s);
            break;
        }
        case 0xCA: {
            if (read_len(d, i, end, 4, &v))
                return 1;
            union { uint32_t u; float f; } c;
            c.u = (uint32_t)v;
            r = PyFloat_FromDouble((double)c.f);
            break;
        }
        case 0xCB: {
            if (read_len(d, i, end, 8, &v))
                return 1;
            union { uint64_t u; double f; } c;
            c.u = v;
            r = PyFloat_FromDouble(c.f);
            break;
        }
        case 0xD9: case 0xDA: case 0xDB:
            if (read_len(d, i, end, b == 0xD9 ? 1 : b == 0xDA ? 2 : 4, &v))
                return 1;
            goto str;
        case 0xC4: case 0xC5: case 0xC6:
            if (read_len(d, i, end, b == 0xC4 ? 1 : b == 0xC5 ? 2 : 4, &v))
                return 1;
            if (v > (uint64_t)(end - *i))
                return 1;
            r = PyBytes_FromStringAndSize((const char *)d->p + *i, (Py_ssize_t)v);
            *i += (Py_ssize_t)v;
            break;
        case 0xDC: case 0xDD:
            if (read_len(d, i, end, b == 0xDC ? 2 : 4, &v))
                return 1;
            return dec_list(d, i, end, v, depth, out);
        case 0xDE: case 0xDF:
            if (read_len(d, i, end, b == 0xDE ? 2 : 4, &v))
                return 1;
            return dec_map(d, i, end, v, depth, out);
        case 0xD4: case 0xD5: case 0xD6: case 0xD7: case 0xD8:
            v = 1u << (b - 0xD4);
            goto ext;
        case 0xC7: case 0xC8: case 0xC9:
            if (read_len(d, i, end, b == 0xC7 ? 1 : b == 0xC8 ? 2 : 4, &v))
                return 1;
            goto ext;
        default: /* 0xC1 */
            return 1;
        }
    }
    if (r == NULL) { PyErr_Clear(); return 1; }
    *out = r;
    return 0;
str:
    if (v > (uint64_t)(end - *i))
        return 1;
    r = PyUnicode_DecodeUTF8((const char *)d->p + *i, (Py_ssize_t)v, NULL);
    if (r == NULL) { PyErr_Clear(); return 1; }
    *i += (Py_ssize_t)v;
    *out = r;
    return 0;
ext: {
        /* v: payload length; then the code, then the payload */
        if (end - *i < 1)
            return 1;
        signed char code = (signed char)d->p[(*i)++];
        if (v > (uint64_t)(end - *i))
            return 1;
        Py_ssize_t start = *i, len = (Py_ssize_t)v;
        *i += len;
        switch (code) {
        case 1:
            return dec_array(d, start, len, out);
        case 4: {
            if (len != 16)
                return 1;
            double re, im;
            memcpy(&re, d->p + start, 8);
            memcpy(&im, d->p + start + 8, 8);
            r = PyComplex_FromDoubles(re, im);
            if (r == NULL) { PyErr_Clear(); return 1; }
            *out = r;
            return 0;
        }
        case 6:
            Py_INCREF(Py_Ellipsis);
            *out = Py_Ellipsis;
            return 0;
        case 8: { /* a dtype: its name */
            int k;
            for (k = 0; k < NDTYPES; k++)
                if (g_namelen[k] == len && memcmp(g_names[k], d->p + start, len) == 0)
                    break;
            if (k == NDTYPES || g_dtypes[k] == NULL)
                return 1;
            *out = Py_NewRef(g_dtypes[k]);
            return 0;
        }
        case 7: {
            /* a tuple: its payload is exactly one msgpack list */
            Py_ssize_t j = start, pend = start + len;
            uint64_t cnt;
            if (j >= pend)
                return 1;
            unsigned char h = d->p[j++];
            if (h >= 0x90 && h <= 0x9F) cnt = h & 0x0F;
            else if (h == 0xDC || h == 0xDD) {
                if (read_len(d, &j, pend, h == 0xDC ? 2 : 4, &cnt))
                    return 1;
            }
            else return 1;
            PyObject *l;
            if (dec_list(d, &j, pend, cnt, depth, &l))
                return 1;
            if (j != pend) {
                Py_DECREF(l);
                return 1;
            }
            r = PyList_AsTuple(l);
            Py_DECREF(l);
            if (r == NULL) { PyErr_Clear(); return 1; }
            *out = r;
            return 0;
        }
        default:
            return 1;
        }
    }
}

/* the bytes of `obj`; sets d->src when arrays may view them in place (bytes, or a memoryview of
 * bytes: immutable) */
static int
dec_open(Dec *d, PyObject *obj, Py_buffer *view)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        return 1;
    }
    d->p = (const unsigned char *)view->buf;
    d->n = view->len;
    d->src = NULL;
    d->base = NULL;
    if (PyBytes_CheckExact(obj))
        d->src = obj;
    else if (PyMemoryView_Check(obj) && PyMemoryView_GET_BUFFER(obj)->obj != NULL
             && PyBytes_CheckExact(PyMemoryView_GET_BUFFER(obj)->obj)
             && PyBuffer_IsContiguous(PyMemoryView_GET_BUFFER(obj), 'C')) {
        d->src = obj; /* offsets within the memoryview (ndarray reads its buffer) */
    }
    return 0;
}

static PyObject *
fw_decode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "decode(buf, array_hook, max_depth, max_items, max_bytes)");
        return NULL;
    }
    Py_ssize_t max_depth, max_items, max_bytes;
    if (!g_ready || size_arg(args[2], &max_depth) || size_arg(args[3], &max_items)
            || size_arg(args[4], &max_bytes))
        Py_RETURN_NOTIMPLEMENTED;
    Dec d;
    Py_buffer view;
    if (dec_open(&d, args[0], &view))
        Py_RETURN_NOTIMPLEMENTED;
    d.hook = args[1] == Py_None ? NULL : args[1];
    d.items = 1;
    d.max_items = max_items;
    d.max_depth = max_depth < C_MAX_DEPTH ? (int)max_depth : C_MAX_DEPTH;
    PyObject *r = NULL;
    Py_ssize_t i = 0;
    if (d.n <= max_bytes && d.n > 0 && !dec(&d, &i, d.n, 0, &r) && i != d.n)
        Py_CLEAR(r);
    Py_XDECREF(d.base);
    PyBuffer_Release(&view);
    if (r == NULL) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    return r;
}

/* a protobuf varint at *i (at most 10 bytes) */
static int
varint(const unsigned char *p, Py_ssize_t n, Py_ssize_t *i, uint64_t *v)
{
    uint64_t r = 0;
    for (int shift = 0; shift <= 63; shift += 7) {
        if (*i >= n)
            return 1;
        unsigned char b = p[(*i)++];
        if (shift == 63 && (b & 0x7F) > 1)
            return 1; /* over 64 bits: the Python parser refuses it (defer) */
        r |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            *v = r;
            return 0;
        }
    }
    return 1;
}

static PyObject *
fw_call_request(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "call_request(buf, array_hook, max_items, max_bytes)");
        return NULL;
    }
    Py_ssize_t max_items, max_bytes;
    if (!g_ready || size_arg(args[2], &max_items) || size_arg(args[3], &max_bytes))
        Py_RETURN_NONE;
    Dec d;
    Py_buffer view;
    if (dec_open(&d, args[0], &view))
        Py_RETURN_NONE;
    PyObject *name = NULL, *value = NULL, *result = NULL;
    /* exactly: field 1 (function, non-empty), then field 2 (args) or nothing */
    Py_ssize_t i = 0, astart = 0, alen = 0;
    uint64_t len;
    if (d.n < 2 || d.p[0] != 0x0A)
        goto done;
    i = 1;
    if (varint(d.p, d.n, &i, &len) || len == 0 || len > (uint64_t)(d.n - i))
        goto done;
    name = PyUnicode_DecodeUTF8((const char *)d.p + i, (Py_ssize_t)len, NULL);
    if (name == NULL)
        goto done;
    i += (Py_ssize_t)len;
    if (i < d.n) {
        if (d.p[i] != 0x12)
            goto done;
        i++;
        if (varint(d.p, d.n, &i, &len) || len != (uint64_t)(d.n - i) || len == 0)
            goto done;
        astart = i;
        alen = (Py_ssize_t)len;
    }
    if (alen == 0) {
        result = Py_BuildValue("(O[]{})", name);
        goto done;
    }
    if (alen > max_bytes)
        goto done;
    d.hook = args[1] == Py_None ? NULL : args[1];
    d.items = 1;
    d.max_items = max_items;
    d.max_depth = C_MAX_DEPTH;
    i = astart;
    if (dec(&d, &i, astart + alen, 0, &value) || i != astart + alen)
        goto done;
    /* [args list, kwargs map with string keys] */
    if (!PyList_CheckExact(value) || PyList_GET_SIZE(value) != 2)
        goto done;
    PyObject *a = PyList_GET_ITEM(value, 0), *kw = PyList_GET_ITEM(value, 1);
    if (!PyList_CheckExact(a) || !PyDict_CheckExact(kw))
        goto done;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(kw, &pos, &k, &v))
        if (!PyUnicode_CheckExact(k))
            goto done;
    result = PyTuple_Pack(3, name, a, kw);
done:
    Py_XDECREF(name);
    Py_XDECREF(value);
    Py_XDECREF(d.base);
    PyBuffer_Release(&view);
    if (result == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return result;
}

/* memoryview slice mv[i:j] */
static PyObject *
mv_slice(PyObject *mv, Py_ssize_t i, Py_ssize_t j)
{
    PyObject *a = PyLong_FromSsize_t(i), *b = PyLong_FromSsize_t(j), *sl = NULL, *r = NULL;
    if (a != NULL && b != NULL)
        sl = PySlice_New(a, b, NULL);
    if (sl != NULL)
        r = PyObject_GetItem(mv, sl);
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(sl);
    return r;
}

static PyObject *
fw_call_response(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "call_response(buf, empty, max_fields)");
        return NULL;
    }
    Py_ssize_t max_fields;
    if (size_arg(args[2], &max_fields))
        Py_RETURN_NONE;
    PyObject *buf = args[0], *mv;
    if (PyMemoryView_Check(buf)) {
        Py_buffer *v = PyMemoryView_GET_BUFFER(buf);
        if (v->ndim != 1 || (v->format != NULL && strcmp(v->format, "B") != 0)
                || !PyBuffer_IsContiguous(v, 'C'))
            Py_RETURN_NONE;
        mv = Py_NewRef(buf);
    }
    else {
        mv = PyMemoryView_FromObject(buf);
        if (mv == NULL) {
            PyErr_Clear();
            Py_RETURN_NONE;
        }
        Py_buffer *v = PyMemoryView_GET_BUFFER(mv);
        if (v->ndim != 1 || (v->format != NULL && strcmp(v->format, "B") != 0)) {
            Py_DECREF(mv);
            Py_RETURN_NONE;
        }
    }
    Py_buffer *v = PyMemoryView_GET_BUFFER(mv);
    const unsigned char *p = (const unsigned char *)v->buf;
    Py_ssize_t n = v->len, i = 0, fields = 0;
    Py_ssize_t rs = -1, re = 0, ss = -1, se = 0;
    PyObject *bufs = PyList_New(0), *result = NULL, *shm = NULL, *out = NULL;
    if (bufs == NULL)
        goto done;
    while (i < n) {
        unsigned char key = p[i++];
        uint64_t size;
        /* 0x7A: the padding field (wire.PAD_FIELD) that aligns the buffer after it: skipped */
        if ((key != 0x0A && key != 0x12 && key != 0x1A && key != 0x7A)
                || varint(p, n, &i, &size) || size > (uint64_t)(n - i) || ++fields > max_fields)
            goto done;
        if (key == 0x0A) { rs = i; re = i + (Py_ssize_t)size; }
        else if (key == 0x1A) { ss = i; se = i + (Py_ssize_t)size; }
        else if (key == 0x12) {
            PyObject *b = mv_slice(mv, i, i + (Py_ssize_t)size);
            if (b == NULL || PyList_Append(bufs, b) < 0) {
                Py_XDECREF(b);
                goto done;
            }
            Py_DECREF(b);
        }
        i += (Py_ssize_t)size;
    }
    result = rs >= 0 ? mv_slice(mv, rs, re) : Py_NewRef(args[1]);
    shm = ss >= 0 ? mv_slice(mv, ss, se) : Py_NewRef(args[1]);
    if (result != NULL && shm != NULL)
        out = PyTuple_Pack(3, result, bufs, shm);
done:
    Py_XDECREF(result);
    Py_XDECREF(shm);
    Py_XDECREF(bufs);
    Py_DECREF(mv);
    if (out == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return out;
}

static PyObject *
fw_response_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    /* call_response + decode for the common response: bytes holding at most result fields (the
     * last one counts, as in protobuf), no buffers or shm field. Arrays view the response bytes
     * (as decode's view the result slice of them). */
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "response_value(buf, max_fields, max_depth, max_items, max_bytes)");
        return NULL;
    }
    Py_ssize_t max_fields, max_depth, max_items, max_bytes;
    PyObject *buf = args[0];
    if (!g_ready || !PyBytes_CheckExact(buf) || size_arg(args[1], &max_fields)
            || size_arg(args[2], &max_depth) || size_arg(args[3], &max_items)
            || size_arg(args[4], &max_bytes))
        Py_RETURN_NOTIMPLEMENTED;
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(buf);
    Py_ssize_t n = PyBytes_GET_SIZE(buf), i = 0, fields = 0, rs = -1, re = 0;
    while (i < n) {
        uint64_t size;
        if (p[i++] != 0x0A || varint(p, n, &i, &size) || size > (uint64_t)(n - i)
                || ++fields > max_fields)
            Py_RETURN_NOTIMPLEMENTED; /* buffers, shm, or malformed: call_response's way */
        rs = i;
        re = i + (Py_ssize_t)size;
        i = re;
    }
    if (rs < 0 || re == rs)
        Py_RETURN_NONE; /* an empty result: the function returned None */
    Dec d;
    d.p = p + rs;
    d.n = re - rs;
    d.src = buf;
    d.base = NULL;
    d.hook = NULL;
    d.items = 1;
    d.max_items = max_items;
    d.max_depth = max_depth < C_MAX_DEPTH ? (int)max_depth : C_MAX_DEPTH;
    PyObject *r = NULL;
    i = 0;
    if (d.n <= max_bytes && !dec(&d, &i, d.n, 0, &r) && i != d.n)
        Py_CLEAR(r);
    Py_XDECREF(d.base);
    if (r == NULL) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    return r;
}

static PyObject *
fw_init(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) != NDTYPES) {
        PyErr_SetString(PyExc_TypeError, "init(ndarray, ((name, dtype or None, itemsize) x 15))");
        return NULL;
    }
    const union { uint16_t u; unsigned char b[2]; } probe = {1};
    if (!probe.b[0]) { /* the wire is little-endian; this module copies native bytes */
        g_ready = 0;
        Py_RETURN_FALSE;
    }
    for (int k = 0; k < NDTYPES; k++) {
        PyObject *e = PyTuple_GET_ITEM(args[1], k);
        const char *name;
        Py_ssize_t nl, isz;
        PyObject *dt;
        if (!PyArg_ParseTuple(e, "s#On", &name, &nl, &dt, &isz))
            return NULL;
        if (nl >= (Py_ssize_t)sizeof(g_names[0]) || isz <= 0) {
            PyErr_SetString(PyExc_ValueError, "bad dtype entry");
            return NULL;
        }
        memcpy(g_names[k], name, nl);
        g_names[k][nl] = 0;
        g_namelen[k] = nl;
        g_itemsize[k] = isz;
        Py_XDECREF(g_dtypes[k]);
        g_dtypes[k] = dt == Py_None ? NULL : Py_NewRef(dt);
    }
    Py_XDECREF(g_ndarray);
    g_ndarray = Py_NewRef(args[0]);
    g_ready = 1;
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)(void (*)(void))fw_init, METH_FASTCALL, "register NumPy's types"},
    {"encode", (PyCFunction)(void (*)(void))fw_encode, METH_FASTCALL,
     "codec.encode's bytes, or None to defer"},
    {"encode_request", (PyCFunction)(void (*)(void))fw_encode_request, METH_FASTCALL,
     "a framed CallRequest of a call with arguments, or None to defer"},
    {"encode_response", (PyCFunction)(void (*)(void))fw_encode_response, METH_FASTCALL,
     "a framed CallResponse of the encoded value, or None to defer"},
    {"decode", (PyCFunction)(void (*)(void))fw_decode, METH_FASTCALL,
     "codec.decode's value, or NotImplemented to defer"},
    {"call_response", (PyCFunction)(void (*)(void))fw_call_response, METH_FASTCALL,
     "(result, buffers, shm) of a framed CallResponse, or None to defer"},
    {"response_value", (PyCFunction)(void (*)(void))fw_response_value, METH_FASTCALL,
     "the value of a common framed CallResponse, or NotImplemented to defer"},
    {"call_request", (PyCFunction)(void (*)(void))fw_call_request, METH_FASTCALL,
     "(function, args, kwargs) of a common framed CallRequest, or None to defer"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fastwire",
    .m_doc = "The tiny-call fast path of ivy_client.codec / wire in C (see the source's header).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__fastwire(void)
{
    import_array(); /* returns NULL (ImportError set) if NumPy cannot be imported */
    return PyModule_Create(&module);
}
