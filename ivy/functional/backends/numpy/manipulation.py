"""The NumPy backend: manipulation functions (see ivy/functional/ivy/manipulation.py for the API)."""

import numpy as np

from ivy import dtypes as _d

broadcast_to = np.broadcast_to
moveaxis = np.moveaxis
roll = np.roll
tile = np.tile


def _result_dtype(arrays):
    """The Array API result dtype of ``arrays`` (NumPy would promote int with uint64 to float)."""
    first = arrays[0].dtype
    for a in arrays[1:]:
        if a.dtype != first:
            break
    else:
        return first
    out = _d.as_ivy_dtype(first)
    for a in arrays[1:]:
        out = _d.promote_types(out, a.dtype)
    from .dtypes import as_native_dtype

    return as_native_dtype(out)


def broadcast_arrays(*arrays):
    return tuple(np.broadcast_arrays(*arrays))


def concat(arrays, /, *, axis=0):
    arrays = [np.asarray(a) for a in arrays]
    dtype = _result_dtype(arrays)
    if axis is None:
        return np.concatenate([a.reshape(-1) for a in arrays], dtype=dtype)
    return np.concatenate(arrays, axis=axis, dtype=dtype)


def expand_dims(x, /, axis):
    return np.expand_dims(x, axis)


def flip(x, /, *, axis=None):
    return np.flip(x, axis=axis)


def permute_dims(x, /, axes):
    return np.transpose(x, axes)


def repeat(x, repeats, /, *, axis=None):
    return np.repeat(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    return np.reshape(x, shape, copy=copy)


def squeeze(x, /, axis):
    return np.squeeze(x, axis=axis)


def stack(arrays, /, *, axis=0):
    arrays = [np.asarray(a) for a in arrays]
    return np.stack(arrays, axis=axis, dtype=_result_dtype(arrays))


def unstack(x, /, *, axis=0):
    m = np.moveaxis(x, axis, 0)
    return tuple(m[i, ...] for i in range(m.shape[0]))  # 0-d arrays, not numpy scalars
