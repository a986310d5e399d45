"""The torch backend: manipulation functions (see ivy/functional/ivy/manipulation.py for the API)."""

import torch

from ivy.functional.ivy.manipulation import (
    _expanded_shape,
    _normalize_axes,
    _result_dtype,
    _squeezed_shape,
)

from .dtypes import as_native_dtype

moveaxis = torch.movedim
tile = torch.tile

_SIGNED_OF = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _promoted(arrays):
    """``arrays`` cast to their Array API result dtype (torch's own rules differ for uint64)."""
    first = arrays[0].dtype
    if all(a.dtype == first for a in arrays):
        return list(arrays)
    dtype = as_native_dtype(_result_dtype([a.dtype for a in arrays]))
    return [a.to(dtype) for a in arrays]


def broadcast_to(x, /, shape):
    return torch.broadcast_to(x, tuple(shape))


def broadcast_arrays(*arrays):
    return tuple(torch.broadcast_tensors(*arrays))


def concat(arrays, /, *, axis=0):
    arrays = _promoted(arrays)
    if axis is None:
        return torch.cat([a.reshape(-1) for a in arrays])
    return torch.cat(arrays, dim=axis)


def expand_dims(x, /, axis):
    return x.reshape(_expanded_shape(tuple(x.shape), axis))


def flip(x, /, *, axis=None):
    dims = tuple(range(x.ndim)) if axis is None else _normalize_axes(axis, x.ndim, "flip")
    s = _SIGNED_OF.get(x.dtype)
    if s is not None:
        return torch.flip(x.view(s), dims).view(x.dtype)
    return torch.flip(x, dims)


def permute_dims(x, /, axes):
    return x.permute(tuple(axes))


def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, torch.Tensor) and repeats.dtype != torch.int64:
        repeats = repeats.to(torch.int64)
    s = _SIGNED_OF.get(x.dtype)
    if s is not None:
        return torch.repeat_interleave(x.view(s), repeats, dim=axis).view(x.dtype)
    return torch.repeat_interleave(x, repeats, dim=axis)


def reshape(x, /, shape, *, copy=None):
    shape = tuple(shape)
    if copy is None:
        return torch.reshape(x, shape)
    if copy:
        return torch.reshape(x, shape).clone()
    try:
        return x.view(shape)
    except RuntimeError as e:
        if "view size is not compatible" in str(e) or "non-contiguous" in str(e).lower():
            raise ValueError(f"reshape(copy=False): {tuple(x.shape)} -> {shape} needs a copy") \
                from e
        raise


def roll(x, /, shift, *, axis=None):
    if axis is None:
        return torch.roll(x.reshape(-1), shift).reshape(x.shape)
    return torch.roll(x, shift, dims=axis)


def squeeze(x, /, axis):
    return x.reshape(_squeezed_shape(tuple(x.shape), axis))


def stack(arrays, /, *, axis=0):
    return torch.stack(_promoted(arrays), dim=axis)


def unstack(x, /, *, axis=0):
    return torch.unbind(x, dim=axis)
