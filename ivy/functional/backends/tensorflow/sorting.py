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


def sort(x, /, *, axis=-1, descending=False, stable=True):
    nd = x.ndim
    if nd == 0:
        raise ValueError("sort needs at least one dimension (got a 0-d tensor)")
    if not -nd <= axis < nd:
        raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
    d = x.dtype
    if d == tf.bool:
        return tf.cast(sort(tf.cast(x, tf.uint8), axis=axis, descending=descending), tf.bool)
    if d in _r._BITS:  # sort the order-preserving integer keys (NaN-, subnormal-exact)
        k = tf.sort(_r.float_key(x), axis=axis, direction="DESCENDING" if descending else
                    "ASCENDING")
        return _r.float_from_key(k, d)
    return tf.sort(x, axis=axis, direction="DESCENDING" if descending else "ASCENDING")
