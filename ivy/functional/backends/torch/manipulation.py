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


def _one_dtype(arrays):
    if len(arrays) == 2:
        a, b = arrays
        return a.dtype is b.dtype
    d = arrays[0].dtype
    for a in arrays:
        if a.dtype is not d:
            return False
    return True


def broadcast_to(x, /, shape):
    return torch.broadcast_to(x, tuple(shape))


def broadcast_arrays(*arrays):
    return tuple(torch.broadcast_tensors(*arrays))


_cat = torch.cat
_stack = torch.stack


def concat(arrays, /, *, axis=0):
    if axis is not None and _one_dtype(arrays):  # the common case: nothing to promote
        return _cat(arrays, axis)
    arrays = _promoted(arrays)
    if axis is None:
        return torch.cat([a.reshape(-1) for a in arrays])
    return torch.cat(arrays, dim=axis)


_unsqueeze = torch.unsqueeze


def expand_dims(x, /, axis):
    if axis.__class__ is int:  # torch.unsqueeze takes the same range, [-ndim - 1, ndim]
        try:
            return _unsqueeze(x, axis)
        except IndexError:  # out of range: the error below names the function and the axis
            pass
    return x.reshape(_expanded_shape(tuple(x.shape), axis))


_flip = torch.flip


def flip(x, /, *, axis=None):
    if axis.__class__ is int:
        try:
            return _flip(x, (axis,))
        except (IndexError, RuntimeError):  # out of range, or no kernel: the general path
            pass
    dims = tuple(range(x.ndim)) if axis is None else _normalize_axes(axis, x.ndim, "flip")
    s = _SIGNED_OF.get(x.dtype)
    if s is not None:
        return torch.flip(x.view(s), dims).view(x.dtype)
    return torch.flip(x, dims)


_permute = torch.permute


def permute_dims(x, /, axes):
    try:
        return _permute(x, axes)  # axes is a tuple (or list) of ints on every ordinary call
    except TypeError:
        return _permute(x, tuple(axes))


def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, torch.Tensor) and repeats.dtype != torch.int64:
        repeats = repeats.to(torch.int64)
    s = _SIGNED_OF.get(x.dtype)
    if s is not None:
        return torch.repeat_interleave(x.view(s), repeats, dim=axis).view(x.dtype)
    return torch.repeat_interleave(x, repeats, dim=axis)


_reshape = torch.reshape


def reshape(x, /, shape, *, copy=None):
    if copy is None:
        try:
            return _reshape(x, shape)  # a tuple or list of ints on every ordinary call
        except TypeError:
            return _reshape(x, tuple(shape))
    shape = tuple(shape)
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
    if _one_dtype(arrays):
        # torch parses an explicit dim noticeably slower than none: leave the default alone
        return _stack(arrays) if axis == 0 else _stack(arrays, axis)
    return _stack(_promoted(arrays), axis)


def unstack(x, /, *, axis=0):
    return torch.unbind(x, dim=axis)
