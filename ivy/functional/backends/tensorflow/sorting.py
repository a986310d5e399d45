"""The tensorflow backend: sorting functions (see ivy/functional/ivy/sorting.py for the API).

Every sort here is stable and follows NumPy's order: floats are sorted through integer keys
(``_reductions.float_key``), because TF places NaNs arbitrarily and its CPU comparisons flush
subnormals to zero. NaNs go last (first when descending); -0 and +0 are equal.
"""

import tensorflow as tf

from . import _reductions as _r

__all__ = ["argsort", "sort"]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    return _r.index(tf.cast(_r.argsort(x, axis, descending), tf.int64))


def _top_k_sort(x, axis, descending):
    """Sorted values along ``axis`` through ``top_k`` (stable: equal values keep their order,
    which for values that compare equal only matters for -0/+0). Ascending sorts negate (floats;
    exact when no subnormal, zero or NaN is present) or invert the bits (ints: ~ reverses the
    order without overflow)."""
    nd = x.ndim
    if axis != nd - 1:
        t, inv = _r._move_last(x, axis)
        return tf.transpose(_top_k_sort(t, nd - 1, descending), inv)
    n = x.shape[-1]
    if n is None:
        n = tf.shape(x)[-1]
    if descending:
        return tf.math.top_k(x, n).values
    if x.dtype.is_integer:
        return tf.bitwise.invert(tf.math.top_k(tf.bitwise.invert(x), n).values)
    return tf.negative(tf.math.top_k(tf.negative(x), n).values)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    nd = x.ndim
    if nd == 0:
        raise ValueError("sort needs at least one dimension (got a 0-d tensor)")
    if not -nd <= axis < nd:
        raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
    axis %= nd
    d = x.dtype
    if d == tf.bool:
        return tf.cast(_top_k_sort(tf.cast(x, tf.uint8), axis, descending), tf.bool)
    if d in _r._BITS:
        # TF compares with subnormals flushed to zero and places NaNs anywhere: its sort is used
        # when the smallest |x| is normal (no subnormal, zero or NaN: min propagates NaN), else
        # x is gathered in the stable order of its integer keys (a gather: the gradient flows,
        # and each -0, +0 and NaN keeps its bits)
        m = tf.math.reduce_min(tf.math.abs(x), axis=_r.tf_axis(None, nd))
        return _r.guard(m, x, lambda: _top_k_sort(x, axis, descending),
                        lambda: _r.gather_along(x, _r.argsort(x, axis, descending), axis),
                        nan_ok=False)
    return _top_k_sort(x, axis, descending)
