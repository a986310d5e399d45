"""Indexing (functional updates), shapes and DLPack on tf tensors.

``tf.Tensor.__getitem__`` handles basic indexing (ints, slices with any step, ``None``, ``...``)
and a lone boolean mask. Integer-array ("advanced") indexing, mixed with anything else, follows
NumPy's rules here: the basic part is applied with a strided slice, the advanced part with one
``tf.gather_nd`` over the broadcast index arrays, and the result axes are placed where NumPy puts
them. ``set_item`` is a functional update: the flat positions a key selects are found by indexing
an ``arange`` with the same key, then one ``tf.tensor_scatter_nd_update`` writes the values.
"""

import operator

import numpy as np
import tensorflow as tf

from ivy.functional.ivy.manipulation import broadcast_shapes

_TENSOR = (tf.Tensor, tf.Variable)


def shape_of(x) -> tuple:
    return tuple(x.shape.as_list())


def _is_array(k) -> bool:
    return isinstance(k, (*_TENSOR, np.ndarray, list))


def _as_index(k):
    t = tf.convert_to_tensor(k) if not isinstance(k, _TENSOR) else k
    if t.dtype != tf.bool and t.dtype not in (tf.int32, tf.int64):
        t = tf.cast(t, tf.int64)
    return t


def _expand_key(x, key) -> tuple:
    """``key`` as a tuple with the ellipsis expanded and array-likes as tensors."""
    keys = key if isinstance(key, tuple) else (key,)
    keys = tuple(_as_index(k) if _is_array(k) else k for k in keys)
    consumed = 0
    n_ellipsis = 0
    for k in keys:
        if k is Ellipsis:
            n_ellipsis += 1
        elif k is None or isinstance(k, bool):
            continue
        elif isinstance(k, _TENSOR) and k.dtype == tf.bool:
            consumed += k.shape.rank
        else:
            consumed += 1
    ndim = x.shape.rank
    if n_ellipsis > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise IndexError(f"too many indices: array is {ndim}-dimensional, but {consumed} were "
                         "indexed")
    if n_ellipsis:
        i = keys.index(Ellipsis)
        return keys[:i] + (slice(None),) * (ndim - consumed) + keys[i + 1:]
    return keys + (slice(None),) * (ndim - consumed)


def _check_int(k, size, dim):
    if not -size <= k < size:
        raise IndexError(f"index {k} is out of bounds for axis {dim} with size {size}")


def get_item(x, /, key):
    keys = key if isinstance(key, tuple) else (key,)
    if not any(_is_array(k) or isinstance(k, bool) for k in keys):
        # basic indexing: TensorFlow's strided slice (bounds-checked here: TF's error is not an
        # IndexError)
        shape = x.shape
        dim = 0
        for k in keys:
            if k is Ellipsis:
                dim = None
                break
            if k is None:
                continue
            if isinstance(k, int) and dim < shape.rank and shape[dim] is not None:
                _check_int(k, shape[dim], dim)
            dim += 1
        if shape.rank is not None and shape.rank > 8:
            return _basic_by_axis(x, _expand_key(x, key))
        return x[key]
    return _advanced(x, _expand_key(x, key))


def _basic_by_axis(x, keys):
    """Basic indexing one axis at a time with ``tf.gather``: TensorFlow's strided slice handles at
    most 8 dimensions, the standard has no such limit."""
    d = 0  # the axis of the (partial) result that keys[i] applies to
    for k in keys:
        if k is None:
            x = tf.expand_dims(x, d)
            d += 1
        elif isinstance(k, slice):
            start, stop, step = k.indices(_size(x, d))
            x = tf.gather(x, tf.range(start, stop, step), axis=d)
            d += 1
        else:  # an int (bounds checked by the caller): the axis goes away
            x = tf.gather(x, operator.index(k) % _size(x, d), axis=d)
    return x


def _size(x, d) -> int:
    n = x.shape[d]
    return int(tf.shape(x)[d]) if n is None else n


def _advanced(x, keys):
    # Boolean masks become integer index arrays (their nonzero coordinates); a 0-d mask adds an
    # axis of length one that the mask keeps or empties; ints become 0-d index arrays.
    basic, adv = [], []  # adv: (position in the basic result, index tensor)
    dim = 0
    shape = shape_of(x)
    for k in keys:
        if k is None:
            basic.append(None)
        elif isinstance(k, bool) or (isinstance(k, _TENSOR) and k.dtype == tf.bool
                                     and k.shape.rank == 0):
            basic.append(None)
            keep = tf.reshape(tf.cast(k, tf.bool), (1,))
            adv.append((len(basic) - 1, tf.zeros(tf.shape(tf.where(keep))[:1], tf.int64)))
        elif isinstance(k, slice):
            basic.append(k)
            dim += 1
        elif isinstance(k, _TENSOR) and k.dtype == tf.bool:
            coords = tf.where(k)  # (count, mask.ndim)
            for j in range(k.shape.rank):
                if k.shape[j] not in (shape[dim + j], 0):
                    raise IndexError(f"boolean index of shape {tuple(k.shape)} does not match "
                                     f"the indexed axes {shape[dim:dim + k.shape.rank]}")
                basic.append(slice(None))
                adv.append((len(basic) - 1, coords[:, j]))
            dim += k.shape.rank
        else:
            if isinstance(k, int):
                _check_int(k, shape[dim], dim)
            t = tf.convert_to_tensor(k, tf.int64) if isinstance(k, int) else k
            t = tf.where(t < 0, t + tf.cast(shape[dim], t.dtype), t)
            basic.append(slice(None))
            adv.append((len(basic) - 1, tf.cast(t, tf.int64)))
            dim += 1
    y = x[tuple(basic)] if basic else x
    if not adv:
        return y
    positions = [p for p, _ in adv]
    b_shape = broadcast_shapes(*(tuple(t.shape) for _, t in adv))
    idx = tf.stack([tf.broadcast_to(t, b_shape) for _, t in adv], axis=-1)
    rest = [d for d in range(y.shape.rank) if d not in positions]
    yt = tf.transpose(y, positions + rest)
    if y.shape.num_elements() == 0:  # tf.gather_nd refuses empty params even for no entries
        out = tf.zeros(tuple(idx.shape[:-1]) + tuple(yt.shape[len(positions):]), y.dtype)
    else:
        out = tf.gather_nd(yt, idx)
    contiguous = positions == list(range(positions[0], positions[0] + len(positions)))
    if contiguous and positions[0] > 0:
        nb = len(b_shape)
        first = positions[0]  # number of rest axes before the advanced block
        order = list(range(nb, nb + first)) + list(range(nb)) + \
            list(range(nb + first, out.shape.rank))
        out = tf.transpose(out, order)
    return out


def set_item(x, key, value, /):
    if isinstance(value, _TENSOR):
        value = value if value.dtype == x.dtype else tf.cast(value, x.dtype)
    else:
        value = tf.constant(np.asarray(value, dtype=x.dtype.as_numpy_dtype))
    n = tf.size(x, out_type=tf.int64)
    positions = get_item(tf.reshape(tf.range(n, dtype=tf.int64), tf.shape(x)), key)
    updates = tf.reshape(tf.broadcast_to(value, tf.shape(positions)), (-1,))
    flat = tf.tensor_scatter_nd_update(tf.reshape(x, (-1,)), tf.reshape(positions, (-1, 1)),
                                       updates)
    return tf.reshape(flat, tf.shape(x))


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    # tf.Tensor.__dlpack__ refuses copy=True and any dl_device: export from here instead
    if dl_device is not None:
        here = tuple(int(v) for v in x.__dlpack_device__())
        if (int(dl_device[0]), int(dl_device[1])) != here:
            raise BufferError(f"tensorflow cannot export a tensor on DLPack device {here} to "
                              f"{tuple(dl_device)}")
    if copy:
        x = tf.raw_ops.DeepCopy(x=x)
    kwargs = {} if max_version is None else {"max_version": max_version}
    return x.__dlpack__(stream=stream, **kwargs)


def dlpack_device(x, /):
    return x.__dlpack_device__()
