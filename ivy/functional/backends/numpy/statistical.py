"""The numpy backend: statistical functions (see ivy/functional/ivy/statistical.py for the API)."""

import math

import numpy as np

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import accumulation_dtype, cumulative_axis

from .dtypes import as_native_dtype

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]


def _acc(x, dtype):
    """The native dtype to accumulate in: ``dtype`` if given, else the standard's default."""
    if dtype is not None:
        return as_native_dtype(dtype)
    if x.dtype.kind in "biu":
        return as_native_dtype(accumulation_dtype(x.dtype))
    return None


def _cum_axis(x, axis):
    return cumulative_axis(x.ndim, axis)


def _cumulative(f, init, x, axis, dtype, include_initial):
    axis = _cum_axis(x, axis)
    r = f(x, axis=axis, dtype=_acc(x, dtype))
    if include_initial:
        shape = list(r.shape)
        shape[axis] = 1
        r = np.concatenate([np.full(shape, init, dtype=r.dtype), r], axis=axis)
    return r


if hasattr(np, "cumulative_sum"):  # NumPy >= 2.1

    def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
        return np.cumulative_sum(x, axis=_cum_axis(x, axis), dtype=_acc(x, dtype),
                                 include_initial=include_initial)

    def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
        return np.cumulative_prod(x, axis=_cum_axis(x, axis), dtype=_acc(x, dtype),
                                  include_initial=include_initial)

else:

    def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
        return _cumulative(np.cumsum, 0, x, axis, dtype, include_initial)

    def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
        return _cumulative(np.cumprod, 1, x, axis, dtype, include_initial)


max = np.max  # noqa: A001 - the Array API names it so
min = np.min  # noqa: A001


def mean(x, /, *, axis=None, keepdims=False):
    if x.dtype.kind in "biu":
        x = x.astype(as_native_dtype(_d.default_float_dtype()))
    return np.mean(x, axis=axis, keepdims=keepdims)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    if dtype is not None or x.dtype.kind in "biu":
        dtype = _acc(x, dtype)
    return np.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    if dtype is not None or x.dtype.kind in "biu":
        dtype = _acc(x, dtype)
    return np.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


def _count(x, axis):
    if axis is None:
        return x.size
    if isinstance(axis, int):
        return x.shape[axis]
    return math.prod(x.shape[a] for a in axis)


def _var_like(f, x, axis, correction, keepdims):
    if x.dtype.kind in "biu":
        x = x.astype(as_native_dtype(_d.default_float_dtype()))
    if _count(x, axis) - correction <= 0:  # NumPy would give inf; the standard says NaN
        r = np.sum(x, axis=axis, keepdims=keepdims)
        return np.full(np.shape(r), np.nan, dtype=np.real(r).dtype)  # std of complex: real
    return f(x, axis=axis, ddof=correction, keepdims=keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _var_like(np.std, x, axis, correction, keepdims)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _var_like(np.var, x, axis, correction, keepdims)
