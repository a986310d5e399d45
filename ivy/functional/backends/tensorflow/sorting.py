"""The tensorflow backend: sorting functions (see ivy/functional/ivy/sorting.py for the API).

Every sort here is stable (TF's is, with ``stable=True``) and puts NaNs last (first when
descending), which TF's own ``sort`` does not do.
"""

import math

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
    if d.is_floating:
        nan = tf.math.is_nan(x)
        if bool(tf.reduce_any(nan)):
            return _r.gather_along(x, _r.argsort(x, axis, descending), axis)
    return tf.sort(x, axis=axis, direction="DESCENDING" if descending else "ASCENDING")
