"""The tensorflow backend: manipulation functions (see ivy/functional/ivy/manipulation.py).

TensorFlow does not promote, so ``concat``/``stack`` cast to the standard's result dtype first; a
few kernels lack uint16 (``tile``, ``repeat``): those run on a bit-exact int16 view.
"""

import numpy as np
import tensorflow as tf

from ivy.functional.ivy.manipulation import (
    _expanded_shape,
    _normalize_axes,
    _normalize_axis,
    _squeezed_shape,
)

from ._reductions import const
from .dtypes import promote

_BITCAST = {tf.uint16: tf.int16}


def _static_shape(x) -> tuple:
    return tuple(x.shape.as_list())


def _via_signed(fn, x, *args, **kwargs):
    s = _BITCAST.get(x.dtype)
    if s is None:
        return fn(x, *args, **kwargs)
    return tf.bitcast(fn(tf.bitcast(x, s), *args, **kwargs), x.dtype)


def broadcast_arrays(*arrays):
    from ivy.functional.ivy.manipulation import broadcast_shapes

    shape = broadcast_shapes(*(_static_shape(a) for a in arrays))
    return tuple(a if _static_shape(a) == shape else tf.broadcast_to(a, shape) for a in arrays)


def broadcast_to(x, /, shape):
    return tf.broadcast_to(x, tuple(shape))


def _promoted(arrays):
    arrays = tuple(arrays)
    first = arrays[0].dtype
    if all(a.dtype == first for a in arrays):
        return arrays
    return promote(*arrays)


def concat(arrays, /, *, axis=0):
    arrays = _promoted(arrays)
    if axis is None:
        return tf.concat([tf.reshape(a, (-1,)) for a in arrays], 0)
    if not arrays[0].shape.rank:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    return tf.concat(arrays, axis)


def expand_dims(x, /, axis):
    if isinstance(axis, int) and x.shape.rank is not None:  # one axis: TF's op (no shape list)
        return tf.expand_dims(x, _normalize_axis(axis, x.shape.rank + 1, "expand_dims"))
    return tf.reshape(x, _expanded_shape(_static_shape(x), axis))


def flip(x, /, *, axis=None):
    ndim = x.shape.rank
    axes = tuple(range(ndim)) if axis is None else _normalize_axes(axis, ndim, "flip")
    return tf.reverse(x, const(np.array(axes, np.int32))) if axes else x


def moveaxis(x, source, destination, /):
    ndim = x.shape.rank
    src = _normalize_axes(source, ndim, "moveaxis")
    dst = _normalize_axes(destination, ndim, "moveaxis")
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination must have the same number of axes")
    order = [a for a in range(ndim) if a not in src]
    for d, s in sorted(zip(dst, src, strict=True)):
        order.insert(d, s)
    return tf.transpose(x, order)


def permute_dims(x, /, axes):
    perm = _normalize_axes(axes, x.shape.rank, "permute_dims")
    return tf.transpose(x, const(np.array(perm, np.int32)))


def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, (tf.Tensor, tf.Variable)) and repeats.dtype not in (tf.int32,
                                                                               tf.int64):
        repeats = tf.cast(repeats, tf.int64)
    if axis is None:
        x, axis = tf.reshape(x, (-1,)), 0
    if x.shape.num_elements() == 0:  # tf.repeat's shape inference fails on empty inputs
        shape = _static_shape(x)
        axis = _normalize_axis(axis, len(shape), "repeat")
        if isinstance(repeats, int) or repeats.shape.num_elements() == 1:  # broadcast repeats
            total = shape[axis] * int(tf.reshape(repeats, ()) if not isinstance(repeats, int)
                                      else repeats)
        else:
            total = int(tf.reduce_sum(tf.cast(repeats, tf.int64)))
        return tf.zeros(shape[:axis] + (total,) + shape[axis + 1:], dtype=x.dtype)
    return _via_signed(tf.repeat, x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    shape = tuple(shape)
    if all(type(s) is int for s in shape):  # a cached tensor: no list conversion per call
        shape = const(np.array(shape, np.int64))
    out = tf.reshape(x, shape)
    return tf.identity(out) if copy else out


def roll(x, /, shift, *, axis=None):
    if axis is None:
        return tf.reshape(tf.roll(tf.reshape(x, (-1,)), shift, 0), tf.shape(x))
    if isinstance(axis, int):
        axis = (axis,)
        shift = (shift,) if isinstance(shift, int) else shift
    elif isinstance(shift, int):
        shift = (shift,) * len(axis)
    axis = [_normalize_axis(a, x.shape.rank, "roll") for a in axis]
    return tf.roll(x, list(shift), axis)


def squeeze(x, /, axis):
    return tf.reshape(x, _squeezed_shape(_static_shape(x), axis))


def stack(arrays, /, *, axis=0):
    return tf.stack(_promoted(arrays), axis)


def tile(x, repetitions, /):
    reps = tuple(repetitions)
    ndim = x.shape.rank
    if len(reps) < ndim:
        reps = (1,) * (ndim - len(reps)) + reps
    elif len(reps) > ndim:
        x = tf.reshape(x, (1,) * (len(reps) - ndim) + _static_shape(x))
    return _via_signed(tf.tile, x, reps)


def unstack(x, /, *, axis=0):
    return tuple(tf.unstack(x, axis=axis))
