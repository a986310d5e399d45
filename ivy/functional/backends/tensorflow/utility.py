"""The tensorflow backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

import tensorflow as tf

from . import _reductions as _r
from .dtypes import promote

__all__ = ["all", "any", "diff"]


def all(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the Array API names it so
    return tf.math.reduce_all(_r.truthy(x), axis=_r.tf_axis(axis, x.ndim), keepdims=keepdims)


def any(x, /, *, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_any(_r.truthy(x), axis=_r.tf_axis(axis, x.ndim), keepdims=keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    nd = x.ndim
    if nd == 0:
        raise ValueError("diff needs at least one dimension (got a 0-d tensor)")
    if not -nd <= axis < nd:
        raise IndexError(f"axis {axis} is out of bounds for an array of {nd} dimensions")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative, got {n}")
    axis = axis % nd
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = tf.concat(promote(*parts), axis)
    lo = [slice(None)] * nd
    hi = [slice(None)] * nd
    lo[axis] = slice(None, -1)
    hi[axis] = slice(1, None)
    lo, hi = tuple(lo), tuple(hi)
    for _ in range(n):
        x = tf.not_equal(x[hi], x[lo]) if x.dtype == tf.bool else x[hi] - x[lo]
    return x
