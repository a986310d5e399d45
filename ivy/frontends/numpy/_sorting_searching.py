"""``numpy.*`` sorting, searching and set operations (``sort``, ``argsort``, ``searchsorted``,
``unique``, ``intersect1d``, ...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import builtins
import math

import numpy as _rnp

import ivy

from . import _core
from ._base import _F64, _I64, _NO, _abs, _bool, _float, _int, _max, _nat, _no_out, _range
from ._core import (
    BY_NAME,
    AxisError,
    cast,
    dtype_of,
    norm_axes,
    norm_axis,
    not_implemented,
    probe_key,
    shape_of,
)
from ._creation import arange, asarray, linspace, ones, tri, zeros
from ._manipulation import _size, broadcast_to, concatenate, nonzero, ravel, take_along_axis, where
from ._ndarray import native, ndarray, ret, wrap
from ._promotion import result_type
from ._reductions import all, amax, any, sum
from ._ufuncs import (
    _isfloat,
    absolute,
    clip,
    conjugate,
    cos,
    isnan,
    logical_not,
    minimum,
    multiply,
    not_equal,
    power,
    subtract,
)


# ================================================================= sorting, searching, sets
def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    if order is not None:
        not_implemented("numpy.sort(order=...)", "structured arrays")
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = -1
    if len(x.shape) == 0:
        raise AxisError("axis -1 is out of bounds for array of dimension 0")
    if dtype_of(x).kind == "c":
        not_implemented("numpy.sort on complex")
    ax = norm_axis(axis, len(x.shape))
    return wrap(ivy.sort(x, axis=ax, stable=True))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    if order is not None:
        not_implemented("numpy.argsort(order=...)", "structured arrays")
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = -1
    if len(x.shape) == 0:
        x = ivy.reshape(x, (1,))
        axis = -1
    if dtype_of(x).kind == "c":
        not_implemented("numpy.argsort on complex")
    ax = norm_axis(axis, len(x.shape))
    return wrap(ivy.astype(ivy.argsort(x, axis=ax, stable=True), "int64"))


def msort(a):
    return sort(a, 0)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A full sort: a valid partition for every ``kth`` (NumPy leaves the order of the other
    elements unspecified)."""
    return sort(a, axis)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    return argsort(a, axis)


def lexsort(keys, axis=-1):
    ks = [asarray(k) for k in keys]
    idx = argsort(ks[0], axis=axis)
    for k in ks[1:]:
        kk = take_along_axis(k, idx, axis) if k.ndim > 0 else k
        o = argsort(kk, axis=axis)
        idx = take_along_axis(idx, o, axis)
    return idx


def searchsorted(a, v, side="left", sorter=None):
    x = _nat(a)
    vv = _nat(v)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, probe_key(v))]
    x, vv = cast(x, rt), cast(vv, rt)
    if sorter is not None:
        x = ivy.take(x, ivy.astype(_nat(sorter), "int64"), axis=0)
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    r = ivy.searchsorted(x, ivy.reshape(vv, (-1,)) if len(vv.shape) != 1 else vv, side=side)
    r = ivy.reshape(ivy.astype(r, "int64"), shape_of(vv))
    return ret(r)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    if axis is not None:
        not_implemented("numpy.unique(axis=...)")
    x = _nat(ar)
    shp = shape_of(x)
    flat = ivy.reshape(x, (-1,))
    if _size(flat) == 0:
        vals = wrap(flat)
        extra = []
        if return_index:
            extra.append(zeros((0,), _I64))
        if return_inverse:
            extra.append(zeros(shp, _I64))
        if return_counts:
            extra.append(zeros((0,), _I64))
        return (vals, *extra) if extra else vals
    order = ivy.argsort(flat, stable=True)
    s = ivy.take(flat, order, axis=0)
    n = _size(s)
    neq = ivy.not_equal(ivy.get_item(s, slice(1, None)), ivy.get_item(s, slice(None, -1)))
    if _isfloat(s):
        both_nan = ivy.logical_and(ivy.isnan(ivy.get_item(s, slice(1, None))),
                                   ivy.isnan(ivy.get_item(s, slice(None, -1))))
        if equal_nan:
            neq = ivy.logical_and(neq, ivy.logical_not(both_nan))
    first = ivy.concat([ivy.ones((1,), dtype="bool")._data, neq], axis=0)
    grp = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int64"), axis=0), 1)
    starts = ivy.astype(ivy.nonzero(first)[0], "int64")
    vals = ivy.take(s, starts, axis=0)
    out = [wrap(vals)]
    if return_index:
        out.append(wrap(ivy.astype(ivy.take(order, starts, axis=0), "int64")))
    if return_inverse:
        inv = ivy.set_item(ivy.zeros((n,), dtype="int64")._data, ivy.astype(order, "int64"), grp)
        out.append(wrap(ivy.reshape(inv, shp if len(shp) else (1,)) if len(shp) else
                        ivy.reshape(inv, (1,))))
    if return_counts:
        ends = ivy.concat([ivy.get_item(starts, slice(1, None)),
                           ivy.full((1,), n, dtype="int64")._data], axis=0)
        out.append(wrap(ivy.subtract(ends, starts)))
    return tuple(out) if len(out) > 1 else out[0]


def unique_values(x):
    return unique(x)


def unique_counts(x):
    return _UniqueCounts(*unique(x, return_counts=True))


def unique_inverse(x):
    v, inv = unique(x, return_inverse=True)
    return _UniqueInverse(v, inv.reshape(asarray(x).shape))


def unique_all(x):
    v, i, inv, c = unique(x, True, True, True)
    return _UniqueAll(v, i, inv.reshape(asarray(x).shape), c)


import collections as _collections  # noqa: E402

_UniqueCounts = _collections.namedtuple("UniqueCountsResult", "values counts")
_UniqueInverse = _collections.namedtuple("UniqueInverseResult", "values inverse_indices")
_UniqueAll = _collections.namedtuple("UniqueAllResult",
                                     "values indices inverse_indices counts")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e, t = _nat(element), _nat(test_elements)
    rt = BY_NAME[_core.result_type_keys(dtype_of(e).name, dtype_of(t).name)]
    e, t = cast(e, rt), cast(ivy.reshape(t, (-1,)), rt)
    if _size(t) == 0:
        r = ivy.zeros(shape_of(e), dtype="bool")._data
    else:
        r = ivy.any(ivy.equal(ivy.expand_dims(e, axis=-1), t), axis=-1)
    return ret(ivy.logical_not(r) if invert else r)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if return_indices:
        not_implemented("numpy.intersect1d(return_indices=True)")
    rt = result_type(asarray(ar1), asarray(ar2))
    a, b = unique(asarray(ar1).astype(rt)), unique(asarray(ar2).astype(rt))
    return a[isin(a, b)]


def union1d(ar1, ar2):
    return unique(concatenate((ravel(ar1), ravel(ar2))))


def setdiff1d(ar1, ar2, assume_unique=False):
    a = unique(ar1) if not assume_unique else ravel(ar1)
    return a[isin(a, ar2, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    rt = result_type(asarray(ar1), asarray(ar2))
    a, b = unique(asarray(ar1).astype(rt)), unique(asarray(ar2).astype(rt))
    return unique(concatenate((a[isin(a, b, invert=True)], b[isin(b, a, invert=True)])))


def diff(a, n=1, axis=-1, prepend=_NO, append=_NO):
    x = asarray(a)
    if n == 0:
        return x
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if x.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    ax = norm_axis(axis, x.ndim)
    parts = []
    for p in (prepend, append):
        if p is _NO:
            parts.append(None)
            continue
        pv = asarray(p)
        if pv.ndim == 0:
            shp = list(x.shape)
            shp[ax] = 1
            pv = broadcast_to(pv, tuple(shp))
        parts.append(pv)
    if parts[0] is not None or parts[1] is not None:
        x = concatenate([v for v in (parts[0], x, parts[1]) if v is not None], ax)
    for _ in _range(n):
        lo = x[(slice(None),) * ax + (slice(1, None),)]
        hi = x[(slice(None),) * ax + (slice(None, -1),)]
        x = not_equal(lo, hi) if x.dtype.kind == "b" else subtract(lo, hi)
        x = asarray(x)
    return x


def ediff1d(ary, to_end=None, to_begin=None):
    x = ravel(ary)
    d = x[1:] - x[:-1]
    parts = [ravel(asarray(to_begin, x.dtype))] if to_begin is not None else []
    parts.append(d)
    if to_end is not None:
        parts.append(ravel(asarray(to_end, x.dtype)))
    return concatenate(parts)


def gradient(f, *varargs, axis=None, edge_order=1):
    x = asarray(f)
    if x.dtype.kind in "iub":
        x = x.astype(_F64)
    axes = tuple(_range(x.ndim)) if axis is None else norm_axes(axis, x.ndim)
    if not varargs:
        dxs = [1.0] * len(axes)
    elif len(varargs) == 1 and len(axes) > 1:
        dxs = list(varargs) * len(axes)
    else:
        dxs = list(varargs)
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported")
    outs = []
    for ax, dx in zip(axes, dxs):
        n = x.shape[ax]
        if n < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")

        def sl(s):
            return (slice(None),) * ax + (s,)

        def part(i, j=None):
            return x[sl(slice(i, j))]
        if isinstance(dx, (_int, _float)) or asarray(dx).ndim == 0:
            # a 0-d array spacing stays an array (a traced value is not read into Python)
            dxv = _float(dx) if isinstance(dx, (_int, _float)) else asarray(dx).astype(_F64)
            mid = (part(2) - part(None, -2)) / (2.0 * dxv)
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / dxv
                last = (part(-1) - part(-2, -1)) / dxv
            else:
                first = (-1.5 / dxv) * part(0, 1) + (2.0 / dxv) * part(1, 2) + (-0.5 / dxv) * part(2, 3)
                last = (0.5 / dxv) * part(-3, -2) + (-2.0 / dxv) * part(-2, -1) + (1.5 / dxv) * part(-1)
        else:
            c = asarray(dx).astype(_F64)
            if c.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if c.shape[0] != n:
                raise ValueError("when 1d, distances must match the length of the corresponding "
                                 "dimension")
            d = diff(c)
            shp = (1,) * ax + (-1,) + (1,) * (x.ndim - ax - 1)
            h1, h2 = d[:-1].reshape(shp), d[1:].reshape(shp)
            a_ = -(h2) / (h1 * (h1 + h2))
            b_ = (h2 - h1) / (h1 * h2)
            c_ = h1 / (h2 * (h1 + h2))
            mid = a_ * part(None, -2) + b_ * part(1, -1) + c_ * part(2)
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / d[0]
                last = (part(-1) - part(-2, -1)) / d[-1]
            else:
                d1, d2 = d[0], d[1]
                first = (-(2.0 * d1 + d2) / (d1 * (d1 + d2))) * part(0, 1) + \
                    ((d1 + d2) / (d1 * d2)) * part(1, 2) + (-d1 / (d2 * (d1 + d2))) * part(2, 3)
                d1, d2 = d[-2], d[-1]
                last = (d2 / (d1 * (d1 + d2))) * part(-3, -2) + \
                    (-(d2 + d1) / (d1 * d2)) * part(-2, -1) + \
                    ((2.0 * d2 + d1) / (d2 * (d1 + d2))) * part(-1)
        outs.append(concatenate([first, mid, last], ax).astype(x.dtype))
    return outs[0] if len(outs) == 1 else tuple(outs)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:  # NumPy's periodic form: everything modulo the period, the
        # sorted sample points extended by one point on each side
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = _abs(period)
        xv = asarray(x).astype(_F64) % period
        xpv = asarray(xp).astype(_F64) % period
        fpv = asarray(fp)
        if xpv.ndim != 1 or fpv.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        if xpv.shape[0] != fpv.shape[0]:
            raise ValueError("fp and xp are not of the same length")
        order = argsort(xpv)
        xpv, fpv = xpv[order], fpv[order]
        xpv = concatenate((xpv[-1:] - period, xpv, xpv[0:1] + period))
        fpv = concatenate((fpv[-1:], fpv, fpv[0:1]))
        return interp(xv, xpv, fpv)
    xv = asarray(x).astype(_F64)
    xpv = asarray(xp).astype(_F64)
    fpv = asarray(fp)
    cplx = fpv.dtype.kind == "c"
    fpv = fpv.astype(BY_NAME["complex128"] if cplx else _F64)
    if xpv.ndim != 1 or fpv.ndim != 1:
        raise ValueError("Data points must be 1-D sequences")
    if xpv.shape[0] != fpv.shape[0]:
        raise ValueError("fp and xp are not of the same length")
    if xpv.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    n = xpv.shape[0]
    j = clip(searchsorted(xpv, xv, side="right") - 1, 0, _max(n - 2, 0))
    x0, x1 = xpv[j], xpv[minimum(j + 1, n - 1)]
    f0, f1 = fpv[j], fpv[minimum(j + 1, n - 1)]
    dxx = x1 - x0
    slope = where(dxx == 0, 0.0, (f1 - f0) / where(dxx == 0, 1.0, dxx))
    r = slope * (xv - x0) + f0
    r = where(xv == x1, f1, r)
    lv = fpv[0] if left is None else left
    rv = fpv[-1] if right is None else right
    r = where(xv < xpv[0], lv, r)
    r = where(xv > xpv[-1], rv, r)
    r = where(isnan(xv), _float("nan"), r)
    return ret(native(asarray(r)))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    yv = asarray(y)
    ax = norm_axis(axis, yv.ndim)
    n = yv.shape[ax]

    def sl(s_):
        return (slice(None),) * ax + (s_,)
    if x is None:
        d = dx
    else:
        xv = asarray(x)
        d = diff(xv) if xv.ndim == 1 else diff(xv, axis=ax)
        if xv.ndim == 1:
            d = d.reshape((1,) * ax + (-1,) + (1,) * (yv.ndim - ax - 1))
    if n == 0:
        return sum(yv[sl(slice(0, 0))] * 1.0, axis=ax)
    return sum(d * (yv[sl(slice(1, None))] + yv[sl(slice(None, -1))]) / 2.0, axis=ax)


def unstack(x, /, *, axis=0):
    a = asarray(x)
    ax = norm_axis(axis, a.ndim)
    return tuple(ret(e) for e in ivy.unstack(a._data, axis=ax))


def astype(x, dtype, /, *, copy=True, device=None):
    return asarray(x).astype(dtype, copy=copy)


def vecdot(x1, x2, /, *, axis=-1, out=None):
    _no_out("vecdot", out)
    a, b = asarray(x1), asarray(x2)
    return sum(multiply(conjugate(a) if a.dtype.kind == "c" else a, b), axis=axis)


def tril_indices(n, k=0, m=None):
    r = nonzero(tri(n, m, k, dtype=bool))
    return r


def triu_indices(n, k=0, m=None):
    return nonzero(logical_not(tri(n, m, k - 1, dtype=bool)))


def tril_indices_from(arr, k=0):
    s = asarray(arr).shape
    return tril_indices(s[-2], k, s[-1])


def triu_indices_from(arr, k=0):
    s = asarray(arr).shape
    return triu_indices(s[-2], k, s[-1])


def diag_indices(n, ndim=2):
    i = arange(n)
    return (i,) * ndim


def diag_indices_from(arr):
    a = asarray(arr)
    return diag_indices(a.shape[0], a.ndim)


def vander(x, N=None, increasing=False):
    v = ravel(x)
    n = v.shape[0] if N is None else N
    p = arange(n)
    if not increasing:
        p = p[::-1]
    return power(v[:, None], p[None, :])


def _window(M, fn):
    if M < 1:
        return zeros((0,))
    if M == 1:
        return ones((1,))
    n = arange(M)
    return fn(n, M)


def hanning(M):
    return _window(M, lambda n, M: 0.5 - 0.5 * cos(2.0 * math.pi * n / (M - 1)))


def hamming(M):
    return _window(M, lambda n, M: 0.54 - 0.46 * cos(2.0 * math.pi * n / (M - 1)))


def blackman(M):
    return _window(M, lambda n, M: 0.42 - 0.5 * cos(2.0 * math.pi * n / (M - 1)) +
                   0.08 * cos(4.0 * math.pi * n / (M - 1)))


def bartlett(M):
    return _window(M, lambda n, M: 1 - absolute(2.0 * n / (M - 1) - 1))


def _i0_native(a):
    """numpy.i0 on a native float array (NumPy's Clenshaw series, reproduced on ``ivy.i0``):
    computed in float64 and cast back; inf where NumPy's ``exp(|x|)`` overflows in the input's
    dtype (float32 beyond ~88.7, float16 beyond ~11.1), NaN at +-inf (NumPy: inf/inf)."""
    d = dtype_of(a)
    ax = ivy.abs(a)
    r = ivy.i0(ax if d.name == "float64" else ivy.astype(ax, "float64"))
    r = r if d.name == "float64" else ivy.astype(r, d.ivy)
    big = ivy.greater(ax, 8.0)
    over = ivy.logical_and(big, ivy.isinf(ivy.exp(ivy.where(big, ax, ivy.zeros_like(ax)))))
    r = ivy.where(over, ivy.full_like(r, math.inf), r)
    return ivy.where(ivy.isinf(ax), ivy.full_like(r, math.nan), r)


def i0(x):
    """numpy.i0: the modified Bessel function of the first kind, order 0 (always an array; an
    integer/bool input is computed in float64; complex raises TypeError)."""
    a = _nat(x)
    d = dtype_of(a)
    if d.kind == "c":
        raise TypeError("i0 not supported for complex values")
    if d.kind != "f":
        a = ivy.astype(a, "float64")
    return wrap(_i0_native(a))


def kaiser(M, beta):
    """numpy.kaiser: ``i0(beta sqrt(1 - ((n - a) / a)**2)) / i0(beta)``, a = (M - 1) / 2."""
    if isinstance(M, builtins.bool) or not isinstance(M, (builtins.int, _rnp.integer)):
        not_implemented("numpy.kaiser", "M must be an integer")
    M = builtins.int(M)
    if M == 1:
        return ones((1,))
    n = ivy.arange(0, builtins.max(M, 0), dtype="float64")
    alpha = (M - 1) / 2.0
    t = ivy.divide(ivy.subtract(n, alpha), alpha)
    arg = ivy.multiply(ivy.sqrt(ivy.subtract(1.0, ivy.pow(t, 2.0))), float(beta))
    return wrap(ivy.divide(_i0_native(arg), _i0_native(ivy.full_like(n, float(beta)))))


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def unravel_index(indices, shape, order="C"):
    if order != "C":
        not_implemented("numpy.unravel_index(order='F')")
    idx = asarray(indices)
    total = 1
    for v in shape:
        total *= v
    if idx.size and (_bool(any(idx < 0)) or _bool(any(idx >= total))):
        raise ValueError(f"index {int(amax(idx))} is out of bounds for array with size {total}")
    out = []
    for d in reversed(shape):
        out.append(idx % d)
        idx = idx // d
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    if mode != "raise" or order != "C":
        not_implemented("numpy.ravel_multi_index(mode/order)")
    r = None
    for i, d in zip(multi_index, dims):
        iv = asarray(i)
        if iv.size and (_bool(any(iv < 0)) or _bool(any(iv >= d))):
            raise ValueError("invalid entry in coordinates array")
        r = iv if r is None else r * d + iv
    return r


def ix_(*args):
    n = len(args)
    out = []
    for k, a_ in enumerate(args):
        v = asarray(a_)
        if v.dtype.kind == "b":
            v = nonzero(v)[0]
        out.append(v.reshape((1,) * k + (v.size,) + (1,) * (n - k - 1)))
    return tuple(out)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    return histogram(a, bins, range, weights=weights)[1]


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    x = ravel(a)
    if isinstance(bins, str):
        not_implemented(f"numpy.histogram(bins={bins!r})", "pass a number of bins or edges")
    if isinstance(bins, (_int,)) or (isinstance(bins, ndarray) and bins.ndim == 0):
        nb = _int(bins)
        if nb < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is not None:
            lo, hi = _float(range[0]), _float(range[1])
            if lo > hi:
                raise ValueError("max must be larger than min in range parameter.")
        elif x.size == 0:
            lo, hi = 0.0, 1.0
        else:  # the data's min/max scalars: linspace runs in their dtype, as in NumPy
            lo, hi = x.min(), x.max()
            if not (math.isfinite(_float(lo)) and math.isfinite(_float(hi))):
                raise ValueError(f"autodetected range of [{_float(lo)}, {_float(hi)}] "
                                 "is not finite")
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        edt = x.dtype if x.dtype.kind == "f" else _F64
        edges = linspace(lo, hi, nb + 1, dtype=edt)
    else:
        edges = asarray(bins)
        if _bool(any(diff(edges) < 0)):
            raise ValueError("`bins` must increase monotonically, when an array")
        nb = edges.shape[0] - 1
    xf = x.astype(_F64)
    ef = edges.astype(_F64)
    idx = searchsorted(ef, xf, side="right") - 1
    idx = where(xf == ef[-1], nb - 1, idx)
    valid = (xf >= ef[0]) & (xf <= ef[-1])
    onehot = (asarray(idx)[:, None] == arange(nb)[None, :]) & asarray(valid)[:, None]
    if weights is None:
        counts = onehot.astype(_I64).sum(axis=0)
    else:
        w = ravel(weights)
        counts = (onehot * w[:, None]).sum(axis=0)
    if density:
        db = diff(ef)
        return counts / db / counts.sum(), edges
    return counts, edges


def bincount(x, weights=None, minlength=0):
    xv = ravel(x)
    if xv.dtype.kind not in "iub":
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                        "according to the rule 'safe'")
    if xv.size and _bool(any(xv < 0)):
        raise ValueError("'list' argument must have no negative elements")
    if xv.size:  # max + 1 as an array: the output length stays data-dependent when traced
        n = ivy.maximum(ivy.add(ivy.max(asarray(xv)._data), 1), _int(minlength))
        bins = wrap(ivy.arange(n, dtype="int64"))
    else:
        bins = arange(_int(minlength), dtype=_I64)
    oh = asarray(xv)[:, None] == bins[None, :]
    if weights is None:
        return oh.astype(_I64).sum(axis=0)
    return (oh * asarray(weights).astype(_F64)[:, None]).sum(axis=0)


def digitize(x, bins, right=False):
    b = asarray(bins)
    inc = b.size < 2 or _bool(all(diff(b) >= 0))
    if inc:
        return searchsorted(b, x, side="left" if right else "right")
    return b.size - searchsorted(b[::-1], x, side="right" if right else "left")


def sort_complex(a):
    """Lexicographic (real, then imaginary) along the last axis, as a complex array: two stable
    sorts (NaNs last, in NumPy's complex order)."""
    x = asarray(a)
    if x.dtype.kind != "c":
        tgt = "complex64" if x.dtype.name in ("int8", "uint8", "int16", "uint16") else \
            "complex128"
        return sort(x).astype(tgt)
    if x.ndim == 0:
        raise AxisError("axis -1 is out of bounds for array of dimension 0")
    i1 = argsort(x.imag, axis=-1)
    i2 = argsort(take_along_axis(x.real, i1, -1), axis=-1)
    return take_along_axis(x, take_along_axis(i1, i2, -1), -1)
