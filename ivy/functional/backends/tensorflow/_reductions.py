"""Private helpers for the tensorflow backend's reductions, sorts and searches.

TF sorts NaNs to arbitrary places and ignores them in ``argmax``; the helpers here give NumPy's
order (NaNs last, ties in original order) so that sort, argsort, searchsorted and the unique
functions agree with each other and with the other backends.
"""

import math

import numpy as np
import tensorflow as tf

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import normalize_axes
from ivy.memo import Memo

_NARROW_INTS = (tf.int8, tf.int16, tf.uint8, tf.uint16, tf.uint32, tf.uint64)


def index(r):
    """An int64 index result in Ivy's default index dtype."""
    d = _d._defaults.int
    return r if d == _d.int64 else tf.cast(r, d)


norm_axes = normalize_axes


# TF converts a Python list/tuple argument to a tensor on every call (tens of µs eagerly), an
# existing tensor costs nothing: eager calls get cached int tensors (made on the CPU, outside any
# graph), graphs get NumPy arrays (constants there, so static shapes survive).
_CONSTS = Memo()


def const(a: np.ndarray):
    """``a`` (a small int NumPy array: axes, a shape) as an argument to a TF op: a cached
    eager tensor when executing eagerly, else the array itself."""
    if not tf.executing_eagerly():
        return a
    key = a.dtype.char, a.shape, a.tobytes()
    t = _CONSTS.get(key)
    if t is None:
        with tf.init_scope(), tf.device("/CPU:0"):
            t = tf.constant(a)
        if len(_CONSTS) < 4096:
            _CONSTS[key] = t
    return t


_AXES = Memo()  # (axis, ndim) -> normalised axes as an int32 NumPy array


def tf_axis(axis, ndim):
    """``axis`` (None: all axes) as TF reduction axes, validated (IndexError/ValueError)."""
    try:
        a = _AXES[axis, ndim]
    except (KeyError, TypeError):  # TypeError: an unhashable axis (a list)
        a = np.array(norm_axes(axis, ndim), np.int32)
        if not isinstance(axis, list) and len(_AXES) < 4096:
            _AXES[axis, ndim] = a
    return const(a)


_FLAT = np.array([-1], np.int32)


def flat(x):
    """``x`` as a 1-d tensor."""
    return tf.reshape(x, const(_FLAT))


def count(x, axis):
    shape = x.shape
    if axis is None:
        return math.prod(shape)
    return math.prod(shape[a] for a in norm_axes(axis, x.ndim))


def is_float(x):
    return x.dtype.is_floating


def _move_last(x, axis):
    nd = x.ndim
    perm = [i for i in range(nd) if i != axis] + [axis]
    inv = [0] * nd
    for i, p in enumerate(perm):
        inv[p] = i
    return tf.transpose(x, const(np.array(perm, np.int32))), const(np.array(inv, np.int32))


def argsort(x, axis=-1, descending=False):
    """Stable argsort (int32 indices) in NumPy's order: floats sorted by :func:`float_key`
    (subnormals exact, NaNs last ascending and first descending)."""
    nd = x.ndim
    if nd == 0:
        raise ValueError("sorting needs at least one dimension (got a 0-d tensor)")
    if not -nd <= axis < nd:
        raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
    axis = axis % nd
    if axis != nd - 1:
        t, inv = _move_last(x, axis)
        return tf.transpose(argsort(t, -1, descending), inv)
    d = x.dtype
    if d == tf.bool:
        x = tf.cast(x, tf.uint8)
    if d.is_complex:
        raise TypeError("sorting complex tensors is not supported on the tensorflow backend")
    if d in _BITS:
        x = float_key(x)
    # stable both ways (descending goes through top_k, which keeps ties in index order)
    return tf.argsort(x, axis=-1, stable=True, direction="DESCENDING" if descending else
                      "ASCENDING")


def gather_along(x, idx, axis):
    """``x`` reordered by ``idx`` (same shape) along ``axis``."""
    nd = x.ndim
    axis = axis % nd
    if axis == nd - 1:
        return tf.gather(x, idx, axis=axis, batch_dims=nd - 1)
    t, inv = _move_last(x, axis)
    r = tf.gather(t, _move_last(idx, axis)[0], axis=nd - 1, batch_dims=nd - 1)
    return tf.transpose(r, inv)


_BITS = {tf.float16: (tf.int16, 0x7FFF), tf.bfloat16: (tf.int16, 0x7FFF),
         tf.float32: (tf.int32, 0x7FFFFFFF), tf.float64: (tf.int64, 0x7FFFFFFFFFFFFFFF)}


_INF_BITS = {tf.float16: 0x7C00, tf.bfloat16: 0x7F80, tf.float32: 0x7F800000,
             tf.float64: 0x7FF0000000000000}


def float_key(x):
    """Integers ordered as NumPy orders the floats ``x``: exact for subnormals (which TF's
    float comparisons flush to zero), -0 equal to +0, every NaN equal and above +inf."""
    it, mask = _BITS[x.dtype]
    i = tf.bitcast(x, it)
    mag = tf.bitwise.bitwise_and(i, mask)
    i = tf.where(mag == 0, tf.zeros((), it), i)
    i = tf.where(mag > _INF_BITS[x.dtype], tf.constant(mask, it), i)
    return tf.where(i < 0, tf.bitwise.bitwise_xor(i, mask), i)


# The smallest normal number of each float dtype: TF's CPU kernels flush subnormals to zero (in
# comparisons and results), but a reduction whose result is a normal number, or +-inf, is exact.
_TINY = {tf.float16: float(np.finfo(np.float16).tiny), tf.bfloat16: 2.0 ** -126,
         tf.float32: float(np.finfo(np.float32).tiny), tf.float64: float(np.finfo(np.float64).tiny)}


def guard(r, x, fast, exact, nan_ok=True):
    """``fast()`` where the float tensor ``r`` proves it exact, else ``exact()``.

    ``r`` is a max/min reduction of ``x``: ``fast`` is trusted where no element of ``r`` is below
    the smallest normal in magnitude (flush-to-zero cannot change a normal extremum: every value
    it flushes compares below it) and, unless ``nan_ok``, none is NaN (TF's reduce_max/min kernels
    propagate NaN). Eagerly the test runs in NumPy on the (small) result and only one branch
    runs (on the CPU; elsewhere ``exact()``, which reads nothing back). In a graph it is a
    ``tf.cond`` that also checks ``x`` for NaN itself: XLA's reductions may drop NaNs, and
    Grappler rewrites ``not (a >= b)`` as ``a < b``, which NaN breaks.
    """
    tiny = _TINY[r.dtype]
    if tf.executing_eagerly():
        if ":CPU:" not in r.device:  # reading r back would wait for the accelerator
            return exact()
        v = r.numpy()
        if v.ndim == 0:
            m = abs(float(v))
            ok = m >= tiny if not nan_ok else not m < tiny
        else:
            m = np.abs(v.astype(np.float32) if v.dtype.itemsize < 4 else v)
            ok = bool((m >= tiny).all()) if not nan_ok else not (m < tiny).any()
        return fast() if ok else exact()
    ok = tf.logical_and(tf.reduce_all(tf.abs(r) >= tiny),
                        tf.logical_not(tf.reduce_any(tf.math.is_nan(x))))
    return tf.cond(ok, fast, exact)


def float_from_key(k, dtype):
    """Invert :func:`float_key` (NaNs come back as a positive quiet NaN)."""
    it, mask = _BITS[dtype]
    return tf.bitcast(tf.where(k < 0, tf.bitwise.bitwise_xor(k, mask), k), dtype)


def keyed_extreme(x, axis, keepdims, reduce):
    """``reduce`` (``tf.math.reduce_max`` or ``reduce_min``) of the float tensor ``x`` over
    ``axis`` (the Array API's: None, an int or a tuple), exact: through :func:`float_key` (subnormals kept, -0 equal to +0, NaN
    propagated by both). Bit keys carry no gradient, so the gradient is TF's own rule for
    max/min (``_MaxGrad``), shared evenly among the elements equal to the result, which the keys
    tell exactly (a NaN result: among the NaNs)."""
    ax, axes = tf_axis(axis, x.ndim), normalize_axes(axis, x.ndim)

    @tf.custom_gradient
    def extreme(x):
        it, mask = _BITS[x.dtype]
        k = float_key(x)
        rk = reduce(k, axis=ax, keepdims=True)
        if reduce is tf.math.reduce_min:  # NaN keys are the largest: min propagates it here
            rk = tf.where(tf.reduce_any(tf.math.is_nan(x), axis=ax, keepdims=True),
                          tf.constant(mask, it), rk)
        r = float_from_key(rk, x.dtype)
        out = r if keepdims or not axes else tf.squeeze(r, axis=axes)

        def grad(dy):
            hit = tf.cast(tf.equal(k, rk), dy.dtype)
            return hit / tf.reduce_sum(hit, axis=ax, keepdims=True) * tf.reshape(dy, tf.shape(rk))
        return out, grad
    return extreme(x)


def truthy(x):
    """``x != 0`` as a bool tensor, exact for subnormal floats (TF's CPU kernels flush them to
    zero, so ``1e-45 != 0`` is False there): floats are tested on their bits."""
    d = x.dtype
    if d == tf.bool:
        return x
    if d.is_complex:
        return tf.logical_or(truthy(tf.math.real(x)), truthy(tf.math.imag(x)))
    if d in _BITS:
        it, mask = _BITS[d]
        return tf.not_equal(tf.bitwise.bitwise_and(tf.bitcast(x, it), mask), 0)
    return tf.not_equal(x, tf.zeros((), d))


def wide_int(x):
    """Integer tensors TF cannot multiply as int64 (uint64 reinterpreted: wrap-around is exact)."""
    if x.dtype == tf.uint64:
        return tf.bitcast(x, tf.int64)
    return tf.cast(x, tf.int64)


def narrow_int(r, dtype):
    if dtype == tf.uint64:
        return tf.bitcast(r, tf.uint64)
    return tf.cast(r, dtype)
