"""The tensorflow backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""

import numpy as np
import tensorflow as tf

from . import _reductions as _r
from .dtypes import promote

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


def _arg(f, red, x, axis, keepdims):
    nd = x.ndim
    if axis is None:
        if nd != 1:
            x = _r.flat(x)
        a = 0
    else:
        if not -nd <= axis < nd:
            raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
        a = axis % nd
    d = x.dtype
    if d == tf.bool:
        x = tf.cast(x, tf.uint8)
    if d in _r._BITS:
        # TF's argmax/argmin skip NaNs and flush subnormals to zero: trusted only where the
        # max/min (which propagates NaN) is a normal number or +-inf (see _reductions.guard)
        r = _r.guard(red(x, axis=a), x, lambda: f(x, axis=a, output_type=tf.int64),
                     lambda: _exact_arg(f, x, a), nan_ok=False)
    else:
        r = f(x, axis=a, output_type=tf.int64)
    if keepdims:
        r = (tf.reshape(r, _r.const(np.ones(nd, np.int32))) if axis is None else
             tf.expand_dims(r, a))
    return _r.index(r)


def _exact_arg(f, x, a):
    """argmax/argmin on the integer sort keys: subnormal-exact, the first NaN wins."""
    k = _r.float_key(x)
    if f is tf.math.argmin:  # NaN keys are the largest (``mask``): make them the smallest
        it, mask = _r._BITS[x.dtype]
        k = tf.where(k == mask, tf.constant(it.min, it), k)
    return f(k, axis=a, output_type=tf.int64)


def argmax(x, /, *, axis=None, keepdims=False):
    return _arg(tf.math.argmax, tf.math.reduce_max, x, axis, keepdims)


def argmin(x, /, *, axis=None, keepdims=False):
    return _arg(tf.math.argmin, tf.math.reduce_min, x, axis, keepdims)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    return _r.index(tf.math.count_nonzero(_r.truthy(x), axis=_r.tf_axis(axis, x.ndim),
                                          keepdims=keepdims, dtype=tf.int64))


def nonzero(x, /):
    nd = x.ndim
    if nd == 0:
        raise ValueError("nonzero: x must have at least one dimension (got a 0-d tensor)")
    idx = tf.where(_r.truthy(x))
    return tuple(_r.index(idx[:, i]) for i in range(nd))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    if x1.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be 1-d, got {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    x1, x2 = promote(x1, x2)
    if sorter is not None:
        x1 = tf.gather(x1, sorter)
    if x1.dtype == tf.bool:
        x1, x2 = tf.cast(x1, tf.uint8), tf.cast(x2, tf.uint8)
    shape = tf.shape(x2)
    v = tf.reshape(x2, [1, -1])
    if x1.dtype in _r._BITS:  # search the keys that sort orders by (NaNs last, subnormals exact)
        x1, v = _r.float_key(x1), _r.float_key(v)
    r = tf.searchsorted(tf.reshape(x1, [1, -1]), v, side=side, out_type=tf.int64)
    return _r.index(tf.reshape(r, shape))


def where(condition, x1, x2, /):
    if not (isinstance(x1, tf.Tensor) and isinstance(x2, tf.Tensor) and x1.dtype == x2.dtype):
        x1, x2 = promote(x1, x2)
    if condition.dtype != tf.bool:
        condition = tf.cast(condition, tf.bool)
    return tf.where(condition, x1, x2)
