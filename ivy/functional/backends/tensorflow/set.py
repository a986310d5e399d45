"""The tensorflow backend: set functions (see ivy/functional/ivy/set.py for the API).

``unique_*`` sort the flattened input stably and split it where neighbours differ: NaNs compare
unequal (each is its own unique value, count 1) and signed zeros equal (one value), as the
standard asks; the stable sort makes the first index of each run its first occurrence.
"""

import tensorflow as tf

from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

from . import _reductions as _r
from .dtypes import promote
from .searching import searchsorted

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def _out_of_range(s, like):
    """True for a Python int no element of ``like``'s integer dtype can equal."""
    if type(s) is not int or not like.dtype.is_integer:
        return False
    return not like.dtype.min <= s <= like.dtype.max


def isin(x1, x2, /, *, invert=False):
    if not isinstance(x1, (tf.Tensor, tf.Variable)) and _out_of_range(x1, x2):
        return tf.constant(invert)
    if not isinstance(x2, (tf.Tensor, tf.Variable)) and _out_of_range(x2, x1):
        return tf.fill(tf.shape(x1), invert)
    x1, x2 = promote(x1, x2)
    flat = tf.reshape(x2, [-1])
    if x1.dtype.is_complex:
        hit = tf.reduce_any(tf.equal(tf.expand_dims(x1, -1), flat), axis=-1)
    else:
        n = int(tf.size(flat))
        if n == 0:
            hit = tf.zeros_like(x1, tf.bool)
        else:  # binary search in the sorted x2
            s = tf.gather(flat, _r.argsort(flat))
            i = tf.cast(searchsorted(s, x1), tf.int64)
            found = tf.gather(s, tf.minimum(i, n - 1))
            hit = tf.logical_and(i < n, tf.equal(found, x1))
    return tf.logical_not(hit) if invert else hit


def _runs(x):
    flat = tf.reshape(x, [-1])
    if flat.dtype.is_complex:
        p1 = _r.argsort(tf.math.imag(flat))
        p2 = _r.argsort(tf.gather(tf.math.real(flat), p1))
        perm = tf.gather(p1, p2)
    else:
        perm = _r.argsort(flat)
    s = tf.gather(flat, perm)
    return s, tf.cast(perm, tf.int64), tf.concat([tf.ones([tf.minimum(tf.size(s), 1)], tf.bool),
                                                  _differs(s)], 0)


def _differs(s):
    """Neighbours of the sorted ``s`` that differ: NaNs always do; floats are compared by their
    keys (TF's comparisons flush subnormals to zero)."""
    d = s.dtype
    if d.is_complex:
        re, im = tf.math.real(s), tf.math.imag(s)
        return tf.logical_or(_differs(re), _differs(im))
    if d in _r._BITS:
        k = _r.float_key(s)
        return tf.logical_or(k[1:] != k[:-1], tf.math.is_nan(s[1:]))
    return s[1:] != s[:-1]


def _counts(mask):
    starts = tf.reshape(tf.where(mask), [-1])
    ends = tf.concat([starts[1:], tf.reshape(tf.size(mask, out_type=tf.int64), [1])], 0)
    return starts, ends - starts


def _inverse(x, perm, mask):
    group = tf.cumsum(tf.cast(mask, tf.int64)) - 1
    inv = tf.scatter_nd(tf.expand_dims(perm, 1), group, tf.shape(perm, out_type=tf.int64))
    return tf.reshape(inv, tf.shape(x))


def unique_all(x, /):
    s, perm, mask = _runs(x)
    starts, counts = _counts(mask)
    return UniqueAllResult(s[mask], _r.index(tf.gather(perm, starts)),
                           _r.index(_inverse(x, perm, mask)), _r.index(counts))


def unique_counts(x, /):
    s, perm, mask = _runs(x)
    return UniqueCountsResult(s[mask], _r.index(_counts(mask)[1]))


def unique_inverse(x, /):
    s, perm, mask = _runs(x)
    return UniqueInverseResult(s[mask], _r.index(_inverse(x, perm, mask)))


def unique_values(x, /):
    s, perm, mask = _runs(x)
    return s[mask]
