"""The tensorflow backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""

import tensorflow as tf

from ivy.functional.ivy.manipulation import _normalize_axis, broadcast_shapes


def _index_tensor(indices, size):
    """int64 indices with negative ones counted from the end (tf.gather rejects them on CPU)."""
    indices = tf.convert_to_tensor(indices)
    if indices.dtype not in (tf.int32, tf.int64):
        indices = tf.cast(indices, tf.int64)
    return tf.where(indices < 0, indices + tf.cast(size, indices.dtype), indices)


def take(x, indices, /, *, axis=None):
    if axis is None:
        if x.shape.rank != 1:
            raise ValueError(f"take: axis is required for a {x.shape.rank}-D array")
        axis = 0
    axis = _normalize_axis(axis, x.shape.rank, "take")
    return tf.gather(x, _index_tensor(indices, tf.shape(x)[axis]), axis=axis)


def take_along_axis(x, indices, /, *, axis=-1):
    ndim = x.shape.rank
    axis = _normalize_axis(axis, ndim, "take_along_axis")
    if indices.shape.rank != ndim:
        raise ValueError(f"take_along_axis: indices must have {ndim} dimensions, got "
                         f"{indices.shape.rank}")
    perm = [a for a in range(ndim) if a != axis] + [axis]
    xm = tf.transpose(x, perm)
    im = tf.transpose(_index_tensor(indices, tf.shape(x)[axis]), perm)
    batch = broadcast_shapes(tuple(xm.shape[:-1]), tuple(im.shape[:-1]))
    xm = tf.broadcast_to(xm, batch + (xm.shape[-1],))
    im = tf.broadcast_to(im, batch + (im.shape[-1],))
    out = tf.gather(xm, im, batch_dims=len(batch), axis=len(batch))
    inverse = [0] * ndim
    for i, p in enumerate(perm):
        inverse[p] = i
    return tf.transpose(out, inverse)
