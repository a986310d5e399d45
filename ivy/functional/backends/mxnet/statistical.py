"""The MXNet backend: statistical functions (see ivy/functional/ivy/statistical.py for the API).

Result dtypes follow the standard (``sum`` of int8 is int64, ``mean`` of ints is Ivy's default
float), not MXNet's own choices; ``mx.np`` has no ``cumprod``, so ``cumulative_prod`` is left out
(``UnsupportedBackendError``).
"""

import math

from mxnet import numpy as mnp

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import accumulation_dtype, cumulative_axis

from . import _reduce as _r
from .dtypes import as_native_dtype

__all__ = ["cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var"]


def _kind(x):
    return x.dtype.kind if hasattr(x.dtype, "kind") else __import__("numpy").dtype(x.dtype).kind


def _acc(x, dtype):
    if dtype is not None:
        return as_native_dtype(dtype)
    return as_native_dtype(accumulation_dtype(x.dtype))


def _float(x):
    if _kind(x) in "biu":
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    axis = cumulative_axis(x.ndim, axis) % (x.ndim or 1)  # MXNet's cumsum: axis >= 0 only
    dt = _acc(x, dtype)
    if x.size == 0:  # MXNet's cumsum fails on zero-size arrays along a negative axis
        shape = list(x.shape)
        shape[axis] += 1 if include_initial else 0
        return mnp.zeros(tuple(shape), dtype=dt, ctx=x.ctx)
    r = mnp.cumsum(x.astype(dt) if x.dtype != dt else x, axis=axis)
    if include_initial:
        shape = list(r.shape)
        shape[axis] = 1
        r = mnp.concatenate([mnp.zeros(tuple(shape), dtype=r.dtype, ctx=r.ctx), r], axis=axis)
    return r


def max(x, /, *, axis=None, keepdims=False):  # noqa: A001
    if _count(x, _axis(axis)) == 0:
        raise ValueError("max of an empty array is not defined")
    return _r.max(x, axis=_axis(axis), keepdims=keepdims)


def min(x, /, *, axis=None, keepdims=False):  # noqa: A001
    if _count(x, _axis(axis)) == 0:
        raise ValueError("min of an empty array is not defined")
    return _r.min(x, axis=_axis(axis), keepdims=keepdims)


def mean(x, /, *, axis=None, keepdims=False):
    x = _float(x)
    r = _r.mean(x, axis=_axis(axis), keepdims=keepdims)
    if _count(x, _axis(axis)) == 0:  # MXNet: 0; the standard: NaN
        r = mnp.full(r.shape, float("nan"), dtype=r.dtype, ctx=r.ctx)
    return r


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    dt = _acc(x, dtype)
    return _r.sum(x.astype(dt) if x.dtype != dt else x, axis=_axis(axis), keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    dt = _acc(x, dtype)
    r = _r.prod(x.astype(dt) if x.dtype != dt else x, axis=_axis(axis), keepdims=keepdims)
    if _count(x, _axis(axis)) == 0:  # MXNet: 0; the empty product is 1
        r = mnp.ones(r.shape, dtype=r.dtype, ctx=r.ctx)
    return r


def _count(x, axis):
    if axis is None:
        return x.size
    if isinstance(axis, int):
        return x.shape[axis]
    return math.prod(x.shape[a] for a in axis)


def _var(x, axis, correction, keepdims):
    x = _float(x)
    axis = _axis(axis)
    n = _count(x, axis)
    m = _r.mean(x, axis=axis, keepdims=True)
    ss = _r.sum(mnp.square(x - m), axis=axis, keepdims=keepdims)
    if n - correction <= 0:  # the standard says NaN
        return ss * float("nan")
    return ss / (n - correction)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _var(x, axis, correction, keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return mnp.sqrt(_var(x, axis, correction, keepdims))
