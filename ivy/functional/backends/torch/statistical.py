"""The torch backend: statistical functions (see ivy/functional/ivy/statistical.py for the API)."""

import torch

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import accumulation_dtype

from .. import native_binding
from ._reductions import (
    UNSIGNED_WIDE,
    count,
    keep_shape,
    narrow,
    norm_axes,
    ordered,
    unordered,
    wide,
)
from .dtypes import as_native_dtype

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]

_tsum, _tprod, _tmean, _tcumsum = torch.sum, torch.prod, torch.mean, torch.cumsum
_amax, _amin = torch.amax, torch.amin
# float and complex inputs: sums and means keep the dtype, so torch's defaults are the standard's
_FLOATLIKE = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64,
                        torch.complex64, torch.complex128))
_INTLIKE = frozenset((torch.bool, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
                      *UNSIGNED_WIDE))


def _acc(x, dtype):
    """The torch dtype of the result: ``dtype`` if given, else the standard's default."""
    if dtype is not None:
        return as_native_dtype(dtype)
    if x.dtype in _INTLIKE:
        return as_native_dtype(accumulation_dtype(x.dtype))
    return None


def _modular(x, d):
    """For unsigned results torch cannot accumulate in: (int64 input, True); else (x, False)."""
    if d in UNSIGNED_WIDE or x.dtype in UNSIGNED_WIDE:
        if x.is_floating_point() or x.is_complex():
            x = x.to(d)
        return wide(x).to(torch.int64), True
    return x, False


def _cumulative(f, init, x, axis, dtype, include_initial):
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"axis is required for arrays of {x.ndim} dimensions (only 1-d "
                             "arrays may omit it)")
        axis = 0
    d = _acc(x, dtype)
    y, mod = _modular(x, d)
    r = f(y, axis, dtype=torch.int64 if mod else d)
    if include_initial:
        shape = list(r.shape)
        shape[axis] = 1
        r = torch.cat([torch.full(shape, init, dtype=r.dtype, device=r.device), r], dim=axis)
    return narrow(r, d) if mod else r


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    if axis.__class__ is int and dtype is None and not include_initial and x.dtype in _FLOATLIKE:
        return _tcumsum(x, axis)
    return _cumulative(torch.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(torch.cumprod, 1, x, axis, dtype, include_initial)


def _extreme(f, x, axis, keepdims):
    if axis == ():
        return x.clone()
    dim = () if axis is None else axis
    if x.dtype in UNSIGNED_WIDE:
        return unordered(f(ordered(x), dim=dim, keepdim=keepdims), x.dtype)
    return f(x, dim=dim, keepdim=keepdims)


def max(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the Array API names it so
    if axis is None and not keepdims:
        try:
            return _amax(x)
        except RuntimeError:  # uint16/32/64 have no kernel (NotImplementedError): below
            pass
    return _extreme(torch.amax, x, axis, keepdims)


def min(x, /, *, axis=None, keepdims=False):  # noqa: A001
    if axis is None and not keepdims:
        try:
            return _amin(x)
        except RuntimeError:
            pass
    return _extreme(torch.amin, x, axis, keepdims)


# the C dispatcher's shortcuts for ``max(x)`` ... ``prod(x)`` (no keywords): the native call each
# makes first (uint16/32/64 lack kernels; complex max/min raise)
_REAL = (_FLOATLIKE | _INTLIKE) - UNSIGNED_WIDE - {torch.complex64, torch.complex128}
native_binding(max, _amax, torch.Tensor, _REAL)
native_binding(min, _amin, torch.Tensor, _REAL)


def _float_input(x):
    if x.dtype in _INTLIKE:
        return x.to(as_native_dtype(_d.default_float_dtype()))
    return x


def mean(x, /, *, axis=None, keepdims=False):
    if x.dtype in _FLOATLIKE:
        if axis is None and not keepdims:
            return _tmean(x)
        if axis.__class__ is int:
            return _tmean(x, axis, keepdims)
    x = _float_input(x)
    if axis == ():
        return x.clone()
    return torch.mean(x, dim=axis, keepdim=keepdims)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    if dtype is None and x.dtype in _FLOATLIKE:
        if axis is None and not keepdims:
            return _tsum(x)
        if axis.__class__ is int:
            return _tsum(x, axis, keepdims)
    d = _acc(x, dtype)
    if axis == ():
        return x.to(d) if d is not None else x.clone()
    y, mod = _modular(x, d)
    if mod:
        return narrow(torch.sum(y, dim=axis, keepdim=keepdims, dtype=torch.int64), d)
    return torch.sum(x, dim=axis, keepdim=keepdims, dtype=d)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    if dtype is None and x.dtype in _FLOATLIKE:
        if axis is None and not keepdims:
            return _tprod(x)
        if axis.__class__ is int:
            return _tprod(x, axis, keepdims)
    d = _acc(x, dtype)
    if axis == ():
        return x.to(d) if d is not None else x.clone()
    y, mod = _modular(x, d)
    pd = torch.int64 if mod else d
    if axis is None:
        r = torch.prod(y, dtype=pd)
        if keepdims:
            r = r.reshape([1] * x.ndim)
    elif isinstance(axis, int):
        r = torch.prod(y, dim=axis, keepdim=keepdims, dtype=pd)
    else:  # torch.prod takes one dim: move the reduced axes last and flatten them
        axes = norm_axes(axis, x.ndim)
        rest = [i for i in range(x.ndim) if i not in axes]
        y = y.permute(rest + list(axes)).reshape([x.shape[i] for i in rest] + [count(x, axes)])
        r = torch.prod(y, dim=-1, dtype=pd)
        if keepdims:
            r = r.reshape(keep_shape(x, axes))
    return narrow(r, d) if mod else r


native_binding(mean, _tmean, torch.Tensor, _FLOATLIKE)
native_binding(sum, _tsum, torch.Tensor, _FLOATLIKE)
native_binding(prod, _tprod, torch.Tensor, _FLOATLIKE)


def _var_like(f, x, axis, correction, keepdims):
    x = _float_input(x)
    if axis == ():
        axis_n = 1
    else:
        axis_n = count(x, axis)
    if axis_n - correction <= 0:  # torch gives inf; the standard says NaN
        r = torch.sum(x, dim=axis if axis != () else None, keepdim=keepdims) * float("nan")
        if axis == ():
            r = x * float("nan")
        return r.real if r.is_complex() else r
    if axis == ():
        return torch.zeros_like(x.real if x.is_complex() else x) * x.abs()
    return f(x, dim=axis, correction=correction, keepdim=keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _var_like(torch.std, x, axis, correction, keepdims)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _var_like(torch.var, x, axis, correction, keepdims)
