"""The torch backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

import torch

from ._reductions import UNSIGNED_WIDE, narrow, promote2, wide

__all__ = ["all", "any", "diff"]


def _logical(f, x, axis, keepdims):
    if axis == ():
        return x != 0 if x.dtype is not torch.bool else x.clone()
    r = f(x, dim=axis, keepdim=keepdims)
    return r if r.dtype is torch.bool else r.to(torch.bool)  # uint8 in -> uint8 out in torch


_tall, _tany, _BOOL = torch.all, torch.any, torch.bool


def all(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the Array API names it so
    if axis is None and not keepdims:
        r = _tall(x)
        return r if r.dtype is _BOOL else r.to(_BOOL)
    return _logical(torch.all, x, axis, keepdims)


def any(x, /, *, axis=None, keepdims=False):  # noqa: A001
    if axis is None and not keepdims:
        r = _tany(x)
        return r if r.dtype is _BOOL else r.to(_BOOL)
    return _logical(torch.any, x, axis, keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if prepend is not None:
        x, prepend = promote2(x, prepend)
    if append is not None:
        x, append = promote2(x, append)
        if prepend is not None and prepend.dtype is not x.dtype:
            prepend = prepend.to(x.dtype)
    if n == 0 and (prepend is not None or append is not None):  # torch.diff would drop them
        return torch.cat([p for p in (prepend, x, append) if p is not None], dim=axis)
    d = x.dtype
    if d in UNSIGNED_WIDE:
        r = torch.diff(wide(x), n=n, dim=axis,
                       prepend=None if prepend is None else wide(prepend),
                       append=None if append is None else wide(append))
        return narrow(r, d)
    return torch.diff(x, n=n, dim=axis, prepend=prepend, append=append)
