"""The numpy backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""

import numpy as np

from ivy import dtypes as _d

from .elementwise import _NUMPY2, _operands_np1

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

_I64 = _d.int64


def _index(r):
    """``r`` (NumPy's intp result) in Ivy's default index dtype."""
    d = _d._defaults.int
    return r if d == _I64 else np.asarray(r).astype(d)


def argmax(x, /, *, axis=None, keepdims=False):
    r = np.argmax(x, axis=axis, keepdims=keepdims)
    return r if _d._defaults.int == _I64 else _index(r)


def argmin(x, /, *, axis=None, keepdims=False):
    r = np.argmin(x, axis=axis, keepdims=keepdims)
    return r if _d._defaults.int == _I64 else _index(r)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    return np.asarray(np.count_nonzero(x, axis=axis, keepdims=keepdims), dtype=_d._defaults.int)


def nonzero(x, /):
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension (got a 0-d array)")
    r = np.nonzero(x)
    return r if _d._defaults.int == _I64 else tuple(i.astype(_d._defaults.int) for i in r)


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    return _index(np.searchsorted(x1, x2, side=side, sorter=sorter))


def _where_np1(condition, x1, x2, /):
    """NumPy 1.x: operands promoted as NumPy 2 does (NEP 50) before ``np.where``."""
    x1, x2 = _operands_np1(x1, x2)
    return np.where(condition, x1, x2)


where = np.where if _NUMPY2 else _where_np1
