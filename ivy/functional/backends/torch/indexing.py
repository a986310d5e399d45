"""The torch backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""

import torch

from ivy.functional.ivy.manipulation import _normalize_axis

_SIGNED_OF = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}


def _long(indices):
    return indices if indices.dtype == torch.int64 else indices.to(torch.int64)


def take(x, indices, /, *, axis=None):
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take: axis is required for a {x.ndim}-D array")
        axis = 0
    axis = _normalize_axis(axis, x.ndim, "take")
    # advanced indexing (unlike index_select) counts negative indices from the end
    return x[(slice(None),) * axis + (_long(indices),)]


def take_along_axis(x, indices, /, *, axis=-1):
    axis = _normalize_axis(axis, x.ndim, "take_along_axis")
    indices = _long(indices)
    indices = torch.where(indices < 0, indices + x.shape[axis], indices)
    s = _SIGNED_OF.get(x.dtype)
    if s is not None:
        return torch.take_along_dim(x.view(s), indices, dim=axis).view(x.dtype)
    return torch.take_along_dim(x, indices, dim=axis)
