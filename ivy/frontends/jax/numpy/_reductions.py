"""``jax.numpy`` reductions (``sum``, ``mean``, ``max``, ``cumsum``, ``quantile``; the NaN-ignoring
ones).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from .._array import asarray, wrap
from .._core import KIND, name_of, not_implemented, to_name
from ._base import _a, _any, _axes, _d, _inexact, _kind, _max, _range, inf, nan
from ._creation import arange, full, full_like, ones, ones_like, zeros
from ._elementwise import (
    ceil,
    clip,
    conjugate,
    floor,
    isnan,
    logical_not,
    maximum,
    minimum,
    not_equal,
    real,
    sqrt,
    subtract,
)
from ._indexing import sort, take, take_along_axis, where, where_
from ._shapes import broadcast_to, concatenate, expand_dims, moveaxis, ravel, reshape, squeeze


def _sum_dtype(name):
    k = KIND[name]
    if k == "b" or (k == "i" and name != "int32"):
        return "int32"
    if k == "u":
        return "uint32"
    return name


def _masked(x, where, fill):
    if where is None:
        return x
    w = ivy.broadcast_to(_d(where), tuple(x._data.shape)) if True else None
    return wrap(ivy.where(ivy.astype(w, "bool"), x._data, ivy.full_like(x._data, fill)), x._weak)


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None, *,  # noqa
        promote_integers=True):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        _sum_dtype(name_of(x._data)) if promote_integers else name_of(x._data))
    x = x.astype(name)
    x = _masked(x, where, 0)
    r = wrap(ivy.sum(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=name))
    if initial is not None:
        r = (r + initial).astype(name)
    return r


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None,
         promote_integers=True):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        _sum_dtype(name_of(x._data)) if promote_integers else name_of(x._data))
    x = _masked(x.astype(name), where, 1)
    r = wrap(ivy.prod(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=name))
    if initial is not None:
        r = (r * initial).astype(name)
    return r


def _minmax(fn, name, ident):
    def f(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        x = _a(a)
        ax = _axes(axis, x.ndim)
        if where is not None:
            if initial is None:
                not_implemented(f"jax.numpy.{name}(where=...) without initial")
            x = _masked(x, where, initial)
        empty_red = x.size == 0 and (ax is None or _any(x.shape[i] == 0 for i in ax))
        if empty_red and initial is None:
            raise ValueError(f"zero-size array to reduction operation {name} which has no "
                             "identity")
        if empty_red:
            shp = tuple(1 if (ax is None or i in ax) else s for i, s in enumerate(x.shape)) \
                if keepdims else tuple(s for i, s in enumerate(x.shape)
                                       if ax is not None and i not in ax)
            return full(shp, initial, dtype=x.dtype)
        d = x._data
        if KIND[name_of(d)] == "b":
            r = wrap(ivy.astype((ivy.any if name == "max" else ivy.all)(d, axis=ax,
                                                                        keepdims=keepdims),
                                "bool"))
        else:
            r = wrap(fn(d, axis=ax, keepdims=keepdims))
        if initial is not None:
            r = (maximum if name == "max" else minimum)(r, asarray(initial, dtype=r.dtype))
        return r
    return f


max = amax = _minmax(ivy.max, "max", None)  # noqa: A001
min = amin = _minmax(ivy.min, "min", None)  # noqa: A001


def all(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    x = asarray(_a(a), dtype="bool")
    x = _masked(x, where, True)
    return wrap(ivy.all(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims))


def any(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    x = asarray(_a(a), dtype="bool")
    x = _masked(x, where, False)
    return wrap(ivy.any(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims))


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        "float32" if _kind(x) in "biu" else name_of(x._data))
    xf = x.astype(name) if KIND[name] in "fc" else x.astype("float32")
    if where is not None:
        w = broadcast_to(asarray(where, dtype="bool"), x.shape)
        s = sum(xf, axis, keepdims=keepdims, where=w)
        n = sum(w, axis, keepdims=keepdims, dtype=xf.dtype)
        return (s / n).astype(name)
    ax = _axes(axis, x.ndim)
    cnt = x.size if ax is None else math.prod(x.shape[i] for i in ax)
    r = sum(xf, axis, keepdims=keepdims) / asarray(cnt, dtype=xf.dtype) if cnt else \
        sum(xf, axis, keepdims=keepdims) * asarray(np.nan, dtype=xf.dtype)
    return r.astype(name)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
        correction=None):
    if correction is not None:
        ddof = correction
    x = _inexact(_a(a))
    m = mean(x, axis, keepdims=True, where=where)
    dev = x - m
    sq = real(dev * conjugate(dev)) if _kind(x) == "c" else dev * dev
    ax = _axes(axis, x.ndim)
    if where is not None:
        w = broadcast_to(asarray(where, dtype="bool"), x.shape)
        n = sum(w, axis, keepdims=keepdims, dtype=sq.dtype)
        s = sum(sq, axis, keepdims=keepdims, where=w)
    else:
        cnt = x.size if ax is None else math.prod(x.shape[i] for i in ax)
        n = asarray(cnt, dtype=sq.dtype)
        s = sum(sq, axis, keepdims=keepdims)
    r = s / (n - ddof)
    return r.astype(dtype) if dtype is not None else r


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
        correction=None):
    return sqrt(var(a, axis, dtype, out, ddof, keepdims, where=where, correction=correction))


def _nan_fill(fn, fill):
    def f(a, axis=None, *args, **kw):
        x = _a(a)
        if _kind(x) in "fc":
            x = where(isnan(x), asarray(fill, dtype=x.dtype), x)
        return fn(x, axis, *args, **kw)
    return f


nansum = _nan_fill(sum, 0)
nanprod = _nan_fill(prod, 1)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    x = _a(a)
    if _kind(x) not in "fc":
        return max(x, axis, keepdims=keepdims, initial=initial, where=where)
    allnan = all(isnan(x), axis, keepdims=keepdims)
    r = max(where_(isnan(x), -inf, x), axis, keepdims=keepdims, initial=initial)
    return where_(allnan, nan, r)


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    x = _a(a)
    if _kind(x) not in "fc":
        return min(x, axis, keepdims=keepdims, initial=initial, where=where)
    allnan = all(isnan(x), axis, keepdims=keepdims)
    r = min(where_(isnan(x), inf, x), axis, keepdims=keepdims, initial=initial)
    return where_(allnan, nan, r)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    x = _inexact(_a(a))
    ok = logical_not(isnan(x))
    return sum(where_(ok, x, 0), axis, keepdims=keepdims) / sum(ok, axis, keepdims=keepdims,
                                                               dtype=x.dtype)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    x = _inexact(_a(a))
    ok = logical_not(isnan(x))
    m = nanmean(x, axis, keepdims=True)
    d = where_(ok, x - m, 0)
    n = sum(ok, axis, keepdims=keepdims, dtype=x.dtype)
    return sum(d * d, axis, keepdims=keepdims) / (n - ddof)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    return sqrt(nanvar(a, axis, dtype, out, ddof, keepdims))


def _arg(fn, name):
    def f(a, axis=None, out=None, keepdims=None, *, _n=name):
        x = _a(a)
        if x.size == 0:
            raise ValueError(f"attempt to get {_n} of an empty sequence")
        ax = None if axis is None else _axes(axis, x.ndim)[0]
        d = x._data
        if KIND[name_of(d)] == "b":
            d = ivy.astype(d, "int8")
        r = fn(d, axis=ax, keepdims=builtins.bool(keepdims))
        return wrap(ivy.astype(r, "int32"))
    return f


argmax = _arg(ivy.argmax, "argmax")
argmin = _arg(ivy.argmin, "argmin")


def nanargmax(a, axis=None, out=None, keepdims=None):
    x = _a(a)
    return argmax(where_(isnan(x), -inf, x) if _kind(x) in "fc" else x, axis, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, keepdims=None):
    x = _a(a)
    return argmin(where_(isnan(x), inf, x) if _kind(x) in "fc" else x, axis, keepdims=keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    return max(a, axis, keepdims=keepdims) - min(a, axis, keepdims=keepdims)


def count_nonzero(a, axis=None, keepdims=False):
    return sum(not_equal(a, 0), axis, keepdims=keepdims, dtype="int32")


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    x = _inexact(_a(a))
    if weights is None:
        r = mean(x, axis, keepdims=keepdims)
        cnt = full_like(r, x.size / _max(r.size, 1))
        return (r, cnt) if returned else r
    w = _a(weights)
    if w.shape != x.shape:
        if axis is None or w.ndim != 1:
            raise ValueError("Axis must be specified when shapes of a and weights differ.")
        shp = [1] * x.ndim
        shp[axis] = w.shape[0]
        w = reshape(w, shp)
    ws = sum(broadcast_to(w, x.shape).astype(x.dtype), axis, keepdims=keepdims)
    r = sum(x * w, axis, keepdims=keepdims) / ws
    return (r, ws) if returned else r


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return quantile(a, 0.5, axis=axis, keepdims=keepdims)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False):
    if method != "linear":
        not_implemented(f"jax.numpy.quantile(method={method!r})")
    x = _inexact(_a(a))
    qa = _a(q).astype(x.dtype)
    if axis is None:
        x2 = ravel(x)
        ax = 0
    else:
        if isinstance(axis, (tuple, list)):
            not_implemented("jax.numpy.quantile with a tuple axis")
        ax = axis % x.ndim
        x2 = x
    s = sort(x2, axis=ax)
    n = s.shape[ax]
    pos = qa * (n - 1)
    lo = floor(pos).astype("int32")
    hi = minimum(lo + 1, n - 1)
    frac = pos - lo.astype(x.dtype)
    s = moveaxis(s, ax, -1)
    has_nan = any(isnan(s), axis=-1)
    lo_v = take(s, lo, axis=-1)
    hi_v = take(s, hi, axis=-1)
    fr = reshape(frac, frac.shape + (1,) * (s.ndim - 1)) if qa.ndim else frac
    r = lo_v + (hi_v - lo_v) * (moveaxis(fr, 0, -1) if qa.ndim else fr)
    if qa.ndim:
        r = moveaxis(r, -1, 0)
    r = where_(has_nan, nan, r) if True else r
    if keepdims:
        if axis is None:
            r = reshape(r, qa.shape + (1,) * x.ndim)
        else:
            r = expand_dims(r, ax + qa.ndim)
    return r


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False):
    return quantile(a, _a(q) / 100, axis=axis, method=method, keepdims=keepdims)


def cumsum(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    if KIND[name] == "b":
        name = "int32"
    if x.ndim == 0:
        raise ValueError("cumsum: axis out of bounds for a 0-d array")
    return wrap(ivy.cumulative_sum(ivy.astype(x._data, name), axis=axis % x.ndim, dtype=name))


def cumprod(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    if KIND[name] == "b":
        name = "int32"
    return wrap(ivy.cumulative_prod(ivy.astype(x._data, name), axis=axis % x.ndim, dtype=name))


cumulative_sum_ = cumsum


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    x = _a(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("cumulative_sum: axis must be given for arrays of more than one dim")
        axis = 0
    r = cumsum(x, axis, dtype)
    if include_initial:
        shp = list(r.shape)
        shp[axis % _max(r.ndim, 1)] = 1
        r = concatenate([zeros(shp, r.dtype), r], axis=axis)
    return r


def nancumsum(a, axis=None, dtype=None, out=None):
    return cumsum(where_(isnan(a), 0, a) if _kind(_a(a)) in "fc" else a, axis, dtype)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    x = _a(a)
    if prepend is not None or append is not None:
        parts = []
        for p in (prepend, None, append):
            if p is None and parts == [] and prepend is not None:
                continue
        shp = list(x.shape)
        seq = []
        if prepend is not None:
            p = _a(prepend)
            shp[axis] = 1
            seq.append(broadcast_to(p, tuple(shp)) if p.ndim == 0 else p)
        seq.append(x)
        if append is not None:
            p = _a(append)
            shp[axis] = 1
            seq.append(broadcast_to(p, tuple(shp)) if p.ndim == 0 else p)
        x = concatenate(seq, axis=axis)
    for _ in _range(n):
        m = x.shape[axis]
        sl_hi = [slice(None)] * x.ndim
        sl_lo = [slice(None)] * x.ndim
        sl_hi[axis] = slice(1, m)
        sl_lo[axis] = slice(0, _max(m - 1, 0))
        x = (not_equal if _kind(x) == "b" else subtract)(x[tuple(sl_hi)], x[tuple(sl_lo)])
    return x


def ediff1d(ary, to_end=None, to_begin=None):
    r = diff(ravel(ary))
    if to_begin is not None:
        r = concatenate([ravel(asarray(to_begin, dtype=r.dtype)), r])
    if to_end is not None:
        r = concatenate([r, ravel(asarray(to_end, dtype=r.dtype))])
    return r






def bincount(x, weights=None, minlength=0, *, length=None):
    x = _a(x)
    n = length if length is not None else _max(builtins.int(max(x)) + 1 if x.size else 0,
                                               minlength)
    w = ones(x.shape, "int32") if weights is None else _a(weights)
    return zeros((n,), w.dtype).at[x].add(w)




def logical_and_reduce(*a, **k):
    not_implemented("jax.numpy.logical_and.reduce")


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    x = _a(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("cumulative_prod: axis must be given for arrays of more than one "
                             "dim")
        axis = 0
    r = cumprod(x, axis, dtype)
    if include_initial:
        shp = list(r.shape)
        shp[axis % _max(r.ndim, 1)] = 1
        r = concatenate([ones(shp, r.dtype), r], axis=axis)
    return r


def nancumprod(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if _kind(x) in "fc":
        x = where(isnan(x), ones_like(x), x)
    return cumprod(x, axis, dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    yy = _inexact(_a(y))
    yy = moveaxis(yy, axis, -1)
    if x is None:
        d = asarray(dx)
    else:
        xx = _a(x)
        d = diff(xx) if xx.ndim == 1 else moveaxis(diff(xx, axis=axis), axis, -1)
    return 0.5 * sum(d * (yy[..., 1:] + yy[..., :-1]), axis=-1)


def _nan_sorted_quantile(x, qa, ax, keepdims):
    s = sort(x, axis=ax)  # NaNs sort last
    cnt = sum(logical_not(isnan(x)), axis=ax, keepdims=True).astype(x.dtype)
    qsh = qa.shape
    qb = reshape(qa, qsh + (1,) * x.ndim)
    pos = qb * (cnt - 1)
    lo = floor(pos)
    hi = ceil(pos)
    w = pos - lo
    lo_i = clip(lo, 0, None).astype("int32")
    hi_i = clip(hi, 0, None).astype("int32")
    sb = broadcast_to(s, qsh + s.shape)
    ax2 = ax + len(qsh)
    lo_i = broadcast_to(lo_i, qsh + cnt.shape)
    hi_i = broadcast_to(hi_i, qsh + cnt.shape)
    vlo = take_along_axis(sb, lo_i, axis=ax2)
    vhi = take_along_axis(sb, hi_i, axis=ax2)
    r = vlo * (1 - w) + vhi * w
    r = where(broadcast_to(cnt, r.shape) == 0, nan, r)
    if not keepdims:
        r = squeeze(r, axis=ax2)
    return r


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False):
    if isinstance(q, (list, tuple)):
        raise TypeError(f"nanquantile requires ndarray or scalar arguments, got {type(q)} at "
                        "position 1.")
    if method != "linear":
        not_implemented(f"jax.numpy.nanquantile(method={method!r})")
    if isinstance(axis, (tuple, list)):
        not_implemented("jax.numpy.nanquantile with a tuple axis")
    x = _inexact(_a(a))
    qa = _a(q).astype(x.dtype)
    if axis is None:
        r = _nan_sorted_quantile(ravel(x), qa, 0, keepdims)
        if keepdims:
            r = reshape(r, qa.shape + (1,) * x.ndim)
        return r
    return _nan_sorted_quantile(x, qa, axis % x.ndim, keepdims)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False):
    x = _inexact(_a(a))
    return nanquantile(x, _a(q).astype(x.dtype) / 100, axis, out, overwrite_input, method,
                       keepdims)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return nanquantile(a, 0.5, axis=axis, keepdims=keepdims)


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        not_implemented("jax.numpy.gradient(edge_order=...)")
    x = _inexact(_a(f))
    axes = tuple(_range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, builtins.int) else tuple(axis))
    axes = tuple(a % x.ndim for a in axes)
    if not varargs:
        sp = [1.0] * len(axes)
    elif len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        sp = [varargs[0]] * len(axes)
    else:
        if any(np.ndim(v) != 0 for v in varargs):
            not_implemented("jax.numpy.gradient with coordinate arrays")
        sp = list(varargs)
    out = []
    for ax, h in zip(axes, sp):
        n = x.shape[ax]
        if n < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient")

        def sl(a, b, ax=ax):
            return take(x, arange(a, b), axis=ax)
        mid = (sl(2, n) - sl(0, n - 2)) / (2 * h)
        a0 = (sl(1, 2) - sl(0, 1)) / h
        an = (sl(n - 1, n) - sl(n - 2, n - 1)) / h
        out.append(concatenate([a0, mid, an], axis=ax))
    return out[0] if len(out) == 1 else out
