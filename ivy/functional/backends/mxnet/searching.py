"""The MXNet backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""

from mxnet import numpy as mnp

from ivy import dtypes as _d

from . import _reduce as _r
from .dtypes import as_native_dtype
from .dtypes import promote as _promote
from .dtypes import safe_where as _where

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


def _index(r):
    d = as_native_dtype(_d._defaults.int)
    return r if r.dtype == d else r.astype(d)


def _arg(fn, x, axis, keepdims):
    if x.size == 0:
        if axis is None or x.shape[axis] == 0:
            raise ValueError(f"{fn.__name__} of an empty array is not defined")
        # a zero-size result (MXNet's kernel fails on it)
        return _index(mnp.zeros(_r.reduced_shape(x.shape, axis, keepdims), dtype="int64",
                                ctx=x.ctx))
    if x.dtype == bool:  # no bool kernel; uint8 orders the same
        x = x.astype("uint8")
    if axis is None:
        r = fn(x.reshape(-1), axis=0)
        return _index(r.reshape((1,) * x.ndim) if keepdims else r)
    r = fn(x, axis=axis)
    if keepdims:
        r = mnp.expand_dims(r, axis)
    return _index(r)


def argmax(x, /, *, axis=None, keepdims=False):
    return _arg(mnp.argmax, x, axis, keepdims)


def argmin(x, /, *, axis=None, keepdims=False):
    return _arg(mnp.argmin, x, axis, keepdims)


def count_nonzero(x, /, *, axis=None, keepdims=False):
    nz = (x != 0).astype(as_native_dtype(_d._defaults.int))
    return _r.sum(nz, axis=tuple(axis) if isinstance(axis, list) else axis, keepdims=keepdims)


def nonzero(x, /):
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension (got a 0-d array)")
    return tuple(_index(i) for i in mnp.nonzero(x))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    if sorter is not None:
        x1 = mnp.take(x1, sorter, axis=0)
    x1, x2 = _promote(x1, x2)
    # counting comparisons: exact, O(len(x1) * x2.size) memory (mx.np has no searchsorted)
    flat = x2.reshape(-1, 1)
    less = (x1.reshape(1, -1) < flat) if side == "left" else (x1.reshape(1, -1) <= flat)
    r = _r.sum(less.astype("int64"), axis=1).reshape(x2.shape)
    return _index(r)


def where(condition, x1, x2, /):
    x1, x2 = _promote(x1, x2)
    return _where(condition.astype(bool) if condition.dtype != bool else condition, x1, x2)
