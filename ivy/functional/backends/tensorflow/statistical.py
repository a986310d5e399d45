"""The tensorflow backend: statistical functions (see ivy/functional/ivy/statistical.py)."""

import tensorflow as tf

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import accumulation_dtype

from . import _reductions as _r
from .dtypes import as_native_dtype

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]


def _acc(x, dtype):
    """The tf dtype of the result: ``dtype`` if given, else the standard's default."""
    if dtype is not None:
        return as_native_dtype(dtype)
    d = x.dtype
    if d.is_integer or d == tf.bool:
        return as_native_dtype(accumulation_dtype(d.name))
    return d


def _cast(x, d):
    return x if x.dtype == d else tf.cast(x, d)


def _cumulative(f, init, x, axis, dtype, include_initial):
    nd = x.ndim
    if axis is None:
        if nd != 1:
            raise ValueError(f"axis is required for arrays of {nd} dimensions (only 1-d "
                             "arrays may omit it)")
        axis = 0
    if not -nd <= axis < nd:
        raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
    axis = axis % nd
    if dtype is not None or not x.dtype.is_floating:
        x = _cast(x, _acc(x, dtype))
    if include_initial:
        shape = list(x.shape)
        shape[axis] = 1
        x = tf.concat([tf.fill(shape, tf.constant(init, x.dtype)), x], axis)
    return f(x, axis=axis)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(tf.math.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(tf.math.cumprod, 1, x, axis, dtype, include_initial)


# TF's float max/min propagate NaN but flush subnormals to zero: its result is used where it is
# normal or NaN (then it is exact, see _reductions.guard), else floats are reduced through their
# integer sort keys, with TF's gradient rule (_reductions.keyed_extreme).
def max(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the Array API names it so
    ax = _r.tf_axis(axis, x.ndim)
    r = tf.math.reduce_max(x, axis=ax, keepdims=keepdims)
    d = x.dtype
    if d in _r._BITS:
        return _r.guard(r, x, lambda: r,
                        lambda: _r.keyed_extreme(x, axis, keepdims, tf.math.reduce_max))
    return r


def min(x, /, *, axis=None, keepdims=False):  # noqa: A001
    ax = _r.tf_axis(axis, x.ndim)
    r = tf.math.reduce_min(x, axis=ax, keepdims=keepdims)
    d = x.dtype
    if d in _r._BITS:
        return _r.guard(r, x, lambda: r,
                        lambda: _r.keyed_extreme(x, axis, keepdims, tf.math.reduce_min))
    return r


def _float_input(x):
    d = x.dtype
    if d.is_integer or d == tf.bool:
        return tf.cast(x, as_native_dtype(_d.default_float_dtype()))
    return x


def mean(x, /, *, axis=None, keepdims=False):
    x = _float_input(x)
    ax = _r.tf_axis(axis, x.ndim)
    if _r.count(x, axis) == 0:  # TF gives 0 for complex; the mean of nothing is NaN
        return tf.math.reduce_sum(x, axis=ax, keepdims=keepdims) * tf.constant(float("nan"),
                                                                              x.dtype)
    return tf.math.reduce_mean(x, axis=ax, keepdims=keepdims)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_sum(_cast(x, _acc(x, dtype)), axis=_r.tf_axis(axis, x.ndim),
                              keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    return tf.math.reduce_prod(_cast(x, _acc(x, dtype)), axis=_r.tf_axis(axis, x.ndim),
                               keepdims=keepdims)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    x = _float_input(x)
    ax = _r.tf_axis(axis, x.ndim)
    n = _r.count(x, axis)
    m = tf.math.reduce_mean(x, axis=ax, keepdims=True)
    if x.dtype.is_complex:
        dev = x - m
        sq = tf.math.real(dev * tf.math.conj(dev))
    else:
        sq = tf.math.squared_difference(x, m)
    if n - correction <= 0:  # the standard says NaN
        return tf.math.reduce_sum(sq, axis=ax, keepdims=keepdims) * float("nan")
    if correction == 0:
        return tf.math.reduce_mean(sq, axis=ax, keepdims=keepdims)
    return (tf.math.reduce_sum(sq, axis=ax, keepdims=keepdims) /
            tf.constant(n - correction, sq.dtype))


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return tf.math.sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))
