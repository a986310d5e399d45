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
    arrays = [a.astype(dtype, copy=False) for a in arrays]
    if axis is None:
        return np.concatenate([a.reshape(-1) for a in arrays])
    return np.concatenate(arrays, axis=axis)


def expand_dims(x, /, axis):
    return np.expand_dims(x, axis)


def flip(x, /, *, axis=None):
    return np.flip(x, axis=axis)


def permute_dims(x, /, axes):
    return np.transpose(x, axes)


def repeat(x, repeats, /, *, axis=None):
    return np.repeat(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    if copy is None:
        return np.reshape(x, shape)
    if copy:
        return np.array(np.reshape(x, shape), copy=True)
    out = x.view()
    try:
        out.shape = shape  # (NumPy < 2.1 has no reshape(copy=)) raises when a copy is needed
    except AttributeError as e:
        raise ValueError(f"reshape(copy=False): {x.shape} -> {tuple(shape)} needs a copy") from e
    return out


def squeeze(x, /, axis):
    return np.squeeze(x, axis=axis)


def stack(arrays, /, *, axis=0):
    arrays = [np.asarray(a) for a in arrays]
    dtype = _result_dtype(arrays)
    return np.stack([a.astype(dtype, copy=False) for a in arrays], axis=axis)


def unstack(x, /, *, axis=0):
    m = np.moveaxis(x, axis, 0)
    return tuple(m[i, ...] for i in range(m.shape[0]))  # 0-d arrays, not numpy scalars
