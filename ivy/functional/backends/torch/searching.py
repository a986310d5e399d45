"""The torch backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""

import torch

from ivy import dtypes as _d

from ._reductions import UNSIGNED_WIDE, index, ordered, promote2

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


def _arg(f, x, axis, keepdims):
    if x.dtype in UNSIGNED_WIDE:
        x = ordered(x)
    if axis is None:
        r = f(x)
        if keepdims:
            r = r.reshape([1] * x.ndim)
        return index(r)
    return index(f(x, dim=axis, keepdim=keepdims))


_targmax, _targmin = torch.argmax, torch.argmin
_DEFAULTS = _d._defaults
_INT64 = _d.int64


def argmax(x, /, *, axis=None, keepdims=False):
    if axis.__class__ is int and _DEFAULTS.int == _INT64 and x.dtype not in UNSIGNED_WIDE:
        return _targmax(x, axis, keepdims)  # what _arg does then, without its frames
    if axis is None and not keepdims:
        try:
            r = _targmax(x)
        except RuntimeError:  # uint16/32/64 have no kernel (NotImplementedError): below
            pass
        else:
            return r if _DEFAULTS.int == _INT64 else index(r)
    return _arg(torch.argmax, x, axis, keepdims)


def argmin(x, /, *, axis=None, keepdims=False):
    if axis.__class__ is int and _DEFAULTS.int == _INT64 and x.dtype not in UNSIGNED_WIDE:
        return _targmin(x, axis, keepdims)
    if axis is None and not keepdims:
        try:
            r = _targmin(x)
        except RuntimeError:
            pass
        else:
            return r if _DEFAULTS.int == _INT64 else index(r)
    return _arg(torch.argmin, x, axis, keepdims)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    if axis == ():
        return index((x != 0).to(torch.int64))
    return index(torch.sum(x != 0, dim=axis, keepdim=keepdims))


def nonzero(x, /):
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension (got a 0-d tensor)")
    r = torch.nonzero(x if x.dtype not in UNSIGNED_WIDE else x != 0, as_tuple=True)
    return tuple(index(i) for i in r)


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    x1, x2 = promote2(x1, x2)
    if x1.dtype in UNSIGNED_WIDE:
        x1, x2 = ordered(x1), ordered(x2)
    return index(torch.searchsorted(x1, x2, side=side, sorter=sorter))


def where(condition, x1, x2, /):
    try:
        same = x1.dtype is x2.dtype
    except AttributeError:  # a Python scalar
        same = False
    if not same:
        x1, x2 = promote2(x1, x2)
    return _twhere(condition, x1, x2)


_twhere = torch.where
