"""``numpy.*`` reductions (``sum``, ``mean``, ``amax``, ``cumsum``; the NaN-ignoring ones) and
the ufunc reduce table.

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import math

import ivy

from ._base import _I64, _NO, _bool, _float, _max, _nat, _no_out, _no_where, _range
from ._core import (
    BY_NAME,
    cast,
    dtype_of,
    norm_axes,
    norm_axis,
    not_implemented,
    probe,
    shape_of,
    to_dtype,
)
from ._creation import asarray, ones, zeros
from ._manipulation import broadcast_to, concatenate
from ._ndarray import native, ret, wrap
from ._ufuncs import (
    _isfloat,
    _maximum,
    _minimum,
    conjugate,
    divide,
    isnan,
    maximum,
    multiply,
    sqrt,
    square,
    subtract,
)


# ============================================================================== reductions
def _red_axes(x, axis):
    nd = len(x.shape)
    axes = norm_axes(axis, nd)
    return None if axis is None else axes, axes


def _red_size(x, axes):
    s = shape_of(x)
    n = 1
    for a in axes:
        n *= s[a]
    return n


def _keep(r, x, axes, keepdims):
    """ivy reductions with axis=None drop every axis: restore them when keepdims."""
    if keepdims:
        s = shape_of(x)
        return ivy.reshape(r, tuple(1 if i in axes else s[i] for i in _range(len(s))))
    return r


def _dtype_kw(dtype):
    return () if dtype is None else (("dtype", to_dtype(dtype).name),)


def _where_fill(x, where, fill):
    m = broadcast_to(asarray(where, bool), x.shape)
    return wrap(ivy.where(native(m), native(x), cast(_nat(fill), x.dtype)))


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):  # noqa: A001
    _no_out("sum", out)
    if where is not True:  # the masked-out elements count as 0
        xa = asarray(a)
        return sum(_where_fill(xa, where, 0), axis, dtype, None, keepdims, initial)
    x = _nat(a)
    d = BY_NAME[probe("sum", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    x = cast(x, d) if d.kind != "b" else cast(x, _I64)
    r = ivy.sum(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ivy.add(r, cast(_nat(initial), dtype_of(r)))
    return ret(cast(r, d))


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("prod", out)
    if where is not True:  # the masked-out elements count as 1
        xa = asarray(a)
        return prod(_where_fill(xa, where, 1), axis, dtype, None, keepdims, initial)
    x = _nat(a)
    d = BY_NAME[probe("prod", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    x = cast(x, d) if d.kind != "b" else cast(x, _I64)
    r = ivy.prod(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ivy.multiply(r, cast(_nat(initial), dtype_of(r)))
    return ret(cast(r, d))


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    _no_out("mean", out)
    if where is not True:  # sum over the selected elements / their count
        xa = asarray(a)
        d = BY_NAME[probe("mean", (xa.dtype.name,), _dtype_kw(dtype))]
        m = broadcast_to(asarray(where, bool), xa.shape)
        s_ = sum(_where_fill(xa, m, 0).astype(d), axis, None, None, keepdims)
        c_ = sum(m.astype(d), axis, None, None, keepdims)
        return ret(native(asarray(s_ / c_).astype(d)))
    x = _nat(a)
    d = BY_NAME[probe("mean", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    comp = BY_NAME["float32"] if d.name == "float16" else d
    xc = cast(x, comp)
    if _red_size(x, axes) == 0:
        s = ivy.sum(xc, axis=ax, keepdims=keepdims)
        r = ivy.divide(s, ivy.zeros_like(s))
    else:
        r = ivy.mean(xc, axis=ax, keepdims=keepdims) if ax != () else xc
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(cast(r, d))


def _var_impl(a, axis, dtype, ddof, keepdims, fn, name):
    x = _nat(a)
    d = BY_NAME[probe(name, (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    src = dtype_of(x)
    comp = src if src.kind in "fc" and dtype is None else to_dtype(
        dtype if dtype is not None else "float64")
    if comp.name == "float16":
        comp = BY_NAME["float32"]
    xc = cast(x, comp)
    n = _red_size(x, axes)
    if comp.kind == "c":
        m = ivy.mean(xc, axis=ax, keepdims=True) if ax != () else xc
        dev = ivy.subtract(xc, m)
        sq = ivy.add(ivy.square(ivy.real(dev)), ivy.square(ivy.imag(dev)))
        r = ivy.divide(ivy.sum(sq, axis=ax, keepdims=keepdims), _max(n - ddof, 0))
        if fn is ivy.std:
            r = ivy.sqrt(r)
    elif n - ddof <= 0 or n == 0:
        m = ivy.divide(ivy.sum(xc, axis=ax, keepdims=True), n) if n else \
            ivy.sum(xc, axis=ax, keepdims=True)
        sq = ivy.sum(ivy.square(ivy.subtract(xc, m)), axis=ax, keepdims=keepdims)
        r = ivy.divide(sq, ivy.zeros_like(sq)) if n - ddof == 0 else ivy.divide(sq, n - ddof)
        if fn is ivy.std:
            r = ivy.sqrt(r)
    else:
        r = fn(xc, axis=ax, correction=ddof, keepdims=keepdims)
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(cast(r, d))


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    _no_out("var", out)
    _no_where("var", where)
    if mean is not None:
        not_implemented("numpy.var(mean=...)")
    return _var_impl(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                     ivy.var, "var")


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    _no_out("std", out)
    _no_where("std", where)
    if mean is not None:
        not_implemented("numpy.std(mean=...)")
    return _var_impl(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                     ivy.std, "std")


def _minmax(name, fn, ufn, a, axis, keepdims, initial):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    if _red_size(x, axes) == 0 and initial is _NO:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    if _red_size(x, axes) == 0:
        s = shape_of(x)
        shp = tuple(1 if i in axes else s[i] for i in _range(len(s))) if keepdims else \
            tuple(s[i] for i in _range(len(s)) if i not in axes)
        return ret(ivy.full(shp, initial, dtype=dtype_of(x).ivy))
    if dtype_of(x).kind == "b":
        r = (ivy.any if name == "maximum" else ivy.all)(x, axis=ax, keepdims=keepdims) \
            if ax != () else x
    else:
        r = fn(x, axis=ax, keepdims=keepdims) if ax != () else x
        if _isfloat(x) and ax != ():  # NaN propagates (also where a backend would skip it)
            nan = ivy.any(ivy.isnan(x), axis=ax, keepdims=keepdims)
            r = ivy.where(nan, ivy.full_like(r, _float("nan")), r)
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ufn(r, cast(_nat(initial), dtype_of(r)))
    return ret(r)


def amax(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("max", out)
    _no_where("max", where)
    return _minmax("maximum", ivy.max, _maximum, a, axis, keepdims, initial)


def amin(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("min", out)
    _no_where("min", where)
    return _minmax("minimum", ivy.min, _minimum, a, axis, keepdims, initial)


max, min = amax, amin  # noqa: A001


def ptp(a, axis=None, out=None, keepdims=False):
    _no_out("ptp", out)
    return subtract(amax(a, axis, keepdims=keepdims), amin(a, axis, keepdims=keepdims))


def _arg(name, fn, a, axis, keepdims):
    x = _nat(a)
    if axis is None:
        s = shape_of(x)
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    if shape_of(x)[ax] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    if dtype_of(x).kind == "b":
        x = ivy.astype(x, "int8")
    if dtype_of(x).kind == "c":
        not_implemented(f"numpy.{name} on complex")
    r = fn(x, axis=ax, keepdims=keepdims)
    if _isfloat(x):
        isn = ivy.astype(ivy.isnan(x), "int8")
        first_nan = ivy.argmax(isn, axis=ax, keepdims=keepdims)
        r = ivy.where(ivy.any(ivy.isnan(x), axis=ax, keepdims=keepdims), first_nan, r)
    r = ivy.astype(r, "int64")
    if axis is None and keepdims:
        r = ivy.reshape(r, (1,) * len(s))
    return ret(r)


def argmax(a, axis=None, out=None, *, keepdims=False):
    _no_out("argmax", out)
    return _arg("argmax", ivy.argmax, a, axis, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    _no_out("argmin", out)
    return _arg("argmin", ivy.argmin, a, axis, keepdims)


def _logic_red(fn, a, axis, keepdims):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    if dtype_of(x).kind != "b":
        x = ivy.not_equal(x, 0)
    r = fn(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(r)


def any(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    _no_out("any", out)
    _no_where("any", where)
    return _logic_red(ivy.any, a, axis, keepdims)


def all(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    _no_out("all", out)
    _no_where("all", where)
    return _logic_red(ivy.all, a, axis, keepdims)


def _cum(name, fn, a, axis, dtype):
    x = _nat(a)
    d = BY_NAME[probe(name, (dtype_of(x).name,), _dtype_kw(dtype))]
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    x = cast(x, d)
    return wrap(fn(x, axis=ax, dtype=d.ivy))


def cumsum(a, axis=None, dtype=None, out=None):
    _no_out("cumsum", out)
    return _cum("cumsum", ivy.cumulative_sum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None, out=None):
    _no_out("cumprod", out)
    return _cum("cumprod", ivy.cumulative_prod, a, axis, dtype)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    _no_out("cumulative_sum", out)
    a = _nat(x)
    if axis is None:
        if len(a.shape) > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    r = cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        ax = norm_axis(axis, r.ndim)
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([zeros(tuple(shp), r.dtype), r], axis=ax)
    return r


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    _no_out("cumulative_prod", out)
    a = _nat(x)
    if axis is None:
        if len(a.shape) > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    r = cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        ax = norm_axis(axis, r.ndim)
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([ones(tuple(shp), r.dtype), r], axis=ax)
    return r


# ---- NaN-ignoring reductions
def _nan_fill(a, v):
    x = _nat(a)
    if not _isfloat(x):
        return wrap(x)
    return wrap(ivy.where(ivy.isnan(x), ivy.full_like(x, v), x))


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    return sum(_nan_fill(a, 0), axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    return prod(_nan_fill(a, 1), axis, dtype, out, keepdims, initial, where)


def nancumsum(a, axis=None, dtype=None, out=None):
    return cumsum(_nan_fill(a, 0), axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    return cumprod(_nan_fill(a, 1), axis, dtype, out)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    _no_out("nanmean", out)
    x = _nat(a)
    if not _isfloat(x):
        return mean(a, axis, dtype, keepdims=keepdims)
    valid = wrap(ivy.logical_not(ivy.isnan(x)))
    s = sum(_nan_fill(a, 0), axis, dtype, keepdims=keepdims)
    n = sum(valid, axis, keepdims=keepdims)
    return ret(cast(native(divide(s, n)), s.dtype))


def _nanvar(a, axis, dtype, ddof, keepdims, sqrt_):
    x = _nat(a)
    if not _isfloat(x):
        return (std if sqrt_ else var)(a, axis, dtype, ddof=ddof, keepdims=keepdims)
    d = BY_NAME[probe("nanvar", (dtype_of(x).name,), _dtype_kw(dtype))]
    nanm = ivy.isnan(x)
    valid = wrap(ivy.logical_not(nanm))
    n = sum(valid, axis, keepdims=True)
    m = divide(sum(_nan_fill(a, 0), axis, dtype, keepdims=True), n)
    dev = wrap(ivy.where(nanm, ivy.zeros_like(x), ivy.subtract(x, cast(native(m), dtype_of(x)))))
    sq = sum(multiply(dev, conjugate(dev)).real if dtype_of(x).kind == "c" else
             square(dev), axis, keepdims=keepdims)
    nn = sum(valid, axis, keepdims=keepdims)
    dof = subtract(nn, ddof)
    dof = maximum(dof, 0)
    r = divide(sq, dof)
    if sqrt_:
        r = sqrt(r)
    return ret(cast(native(r), d))


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    _no_out("nanvar", out)
    return _nanvar(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                   False)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    _no_out("nanstd", out)
    return _nanvar(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                   True)


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("nanmax", out)
    x = _nat(a)
    if not _isfloat(x):
        return amax(a, axis, keepdims=keepdims, initial=initial)
    r = amax(_nan_fill(a, -math.inf), axis, keepdims=keepdims, initial=initial)
    allnan = all(isnan(wrap(x)), axis, keepdims=keepdims)
    return ret(ivy.where(native(allnan), ivy.full_like(native(r), _float("nan")), native(r)))


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("nanmin", out)
    x = _nat(a)
    if not _isfloat(x):
        return amin(a, axis, keepdims=keepdims, initial=initial)
    r = amin(_nan_fill(a, math.inf), axis, keepdims=keepdims, initial=initial)
    allnan = all(isnan(wrap(x)), axis, keepdims=keepdims)
    return ret(ivy.where(native(allnan), ivy.full_like(native(r), _float("nan")), native(r)))


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    x = _nat(a)
    if _isfloat(x):
        if _bool(any(all(isnan(wrap(x)), axis))):
            raise ValueError("All-NaN slice encountered")
        return argmax(_nan_fill(a, -math.inf), axis, keepdims=keepdims)
    return argmax(a, axis, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    x = _nat(a)
    if _isfloat(x):
        if _bool(any(all(isnan(wrap(x)), axis))):
            raise ValueError("All-NaN slice encountered")
        return argmin(_nan_fill(a, math.inf), axis, keepdims=keepdims)
    return argmin(a, axis, keepdims=keepdims)


# ================================================================ ufunc reduce table
_UFUNC_REDUCE = {"add": sum, "multiply": prod, "maximum": amax, "minimum": amin,
                 "logical_and": all, "logical_or": any}
