"""``numpy.*`` order statistics and histograms (``median``, ``percentile``, ``quantile``, ``cov``,
``histogram``, ...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import math

import numpy as _rnp

import ivy

from . import _core
from ._base import _F64, _I64, _NO, _bool, _float, _int, _min, _nat, _no_out, _range
from ._core import (
    BY_NAME,
    cast,
    dtype_of,
    norm_axes,
    norm_axis,
    not_implemented,
    probe,
    probe_key,
    shape_of,
    to_dtype,
)
from ._creation import asarray, diag, linspace, zeros
from ._linear_algebra import dot
from ._manipulation import atleast_2d, broadcast_to, concatenate, ravel, squeeze, where
from ._ndarray import native, ndarray, ret, wrap
from ._reductions import _keep, _red_axes, _red_size, any, mean, sum
from ._sorting_searching import bincount, diff, searchsorted
from ._ufuncs import _isfloat, around, clip, divide, equal, maximum, multiply, sqrt, true_divide

# ---- order statistics
_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile(a, q, axis, method, keepdims, ignore_nan, name, weights=None, qkey=_NO):
    if weights is not None:
        not_implemented(f"numpy.{name}(weights=...)")
    if method not in _METHODS:
        not_implemented(f"numpy.{name}(method={method!r})", f"methods: {', '.join(_METHODS)}")
    x = _nat(a)
    if dtype_of(x).kind == "c":
        raise TypeError("a must be an array of real numbers")
    qn = _nat(q)
    qv = _rnp.asarray(ivy.to_numpy(qn), dtype=_rnp.float64)
    if _bool(_rnp.any((qv < 0) | (qv > 1))) or _bool(_rnp.any(_rnp.isnan(qv))):
        raise ValueError("Quantiles must be in the range [0, 1]")
    q0 = q if qkey is _NO else qkey
    k1 = type(q0) if isinstance(q0, (_int, _float)) and not isinstance(q0, _bool) else (
        _rnp.asarray(q0).dtype.name if isinstance(q0, (list, tuple)) else probe_key(q0))
    pname = name if name in ("percentile", "nanpercentile", "nanquantile") else "quantile"
    d = BY_NAME[probe(pname, (dtype_of(x).name, k1), (("method", method),))]
    nd = len(x.shape)
    if axis is None:
        xf = ivy.reshape(x, (-1,))
        axes = tuple(_range(nd))
    else:
        axes = norm_axes(axis, nd)
        rest = [i for i in _range(nd) if i not in axes]
        xf = ivy.permute_dims(x, tuple(rest) + axes)
        s = shape_of(x)
        k = 1
        for i in axes:
            k *= s[i]
        xf = ivy.reshape(xf, tuple(s[i] for i in rest) + (k,))
    comp = d if d.kind == "f" else _F64
    xf = cast(xf, comp)
    n = shape_of(xf)[-1]
    if n == 0:  # NumPy: NaN for an empty slice
        xf = ivy.full(shape_of(xf)[:-1] + (1,), _float("nan"), dtype=comp.ivy)._data
        n = 1
    srt = ivy.sort(xf, axis=-1)  # NaN last
    isn = ivy.isnan(xf)
    nvalid = ivy.sum(ivy.astype(ivy.logical_not(isn), "int64"), axis=-1, keepdims=True) \
        if ignore_nan else None
    outs = []
    for qq in qv.reshape(-1):
        qq = _float(qq)
        if ignore_nan:
            m1 = ivy.astype(ivy.subtract(nvalid, 1), "float64")
            pos = ivy.multiply(m1, qq)
            lo = ivy.floor(pos)
            hi_ = ivy.minimum(ivy.add(lo, 1), ivy.maximum(m1, ivy.zeros_like(m1)))
            t = ivy.subtract(pos, lo)
            loi = ivy.astype(ivy.maximum(lo, ivy.zeros_like(lo)), "int64")
            hii = ivy.astype(ivy.maximum(hi_, ivy.zeros_like(hi_)), "int64")
        else:
            pos = (n - 1) * qq
            lo_f = math.floor(pos)
            loi = ivy.full(shape_of(srt)[:-1] + (1,), lo_f, dtype="int64")._data
            hii = ivy.full(shape_of(srt)[:-1] + (1,), _min(lo_f + 1, n - 1), dtype="int64")._data
            t = pos - lo_f
        vlo = ivy.take_along_axis(srt, loi, axis=-1)
        vhi = ivy.take_along_axis(srt, hii, axis=-1)
        if method == "linear":
            tt = ivy.astype(t, comp.ivy) if not isinstance(t, _float) else t
            diff_ = ivy.subtract(vhi, vlo)
            r = ivy.where(ivy.greater_equal(tt if not isinstance(tt, _float) else
                                            ivy.full_like(vlo, tt), 0.5),
                          ivy.subtract(vhi, ivy.multiply(diff_, ivy.subtract(
                              ivy.ones_like(vlo), tt) if not isinstance(tt, _float) else
                              1 - tt)),
                          ivy.add(vlo, ivy.multiply(diff_, tt)))
            r = ivy.where(ivy.equal(vlo, vhi), vlo, r)
        elif method == "lower":
            r = vlo
        elif method == "higher":
            r = ivy.where(ivy.greater(t if not isinstance(t, _float) else ivy.full_like(vlo, t),
                                      0), vhi, vlo)
        elif method == "midpoint":
            r = ivy.where(ivy.greater(t if not isinstance(t, _float) else ivy.full_like(vlo, t),
                                      0), ivy.divide(ivy.add(vlo, vhi), 2), vlo)
        else:  # nearest: round half to even on the position
            if isinstance(t, _float):
                pick_hi = (t > 0.5) or (t == 0.5 and (math.floor(pos) % 2 == 1))
                r = vhi if pick_hi else vlo
            else:
                odd = ivy.equal(ivy.remainder(lo, 2), 1)
                pick = ivy.logical_or(ivy.greater(t, 0.5), ivy.logical_and(ivy.equal(t, 0.5),
                                                                           odd))
                r = ivy.where(pick, vhi, vlo)
        if ignore_nan:
            r = ivy.where(ivy.equal(nvalid, 0), ivy.full_like(r, _float("nan")), r)
        elif _isfloat(xf):
            r = ivy.where(ivy.any(isn, axis=-1, keepdims=True), ivy.full_like(r, _float("nan")),
                          r)
        r = ivy.reshape(r, shape_of(r)[:-1])
        if keepdims:
            s = shape_of(x)
            r = ivy.reshape(r, tuple(1 if (axis is None or i in axes) else s[i]
                                     for i in _range(nd)))
        outs.append(cast(r, d))
    if qv.ndim == 0:
        return ret(outs[0])
    return wrap(ivy.reshape(ivy.stack(outs), qv.shape + shape_of(outs[0])))


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None, interpolation=None):
    _no_out("quantile", out)
    return _quantile(a, q, axis, interpolation or method, keepdims, False, "quantile", weights)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, interpolation=None):
    _no_out("percentile", out)
    return _quantile(a, true_divide(q, 100), axis, interpolation or method, keepdims, False,
                     "percentile", weights, qkey=q)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    _no_out("nanquantile", out)
    return _quantile(a, q, axis, interpolation or method, keepdims, True, "nanquantile",
                     weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    _no_out("nanpercentile", out)
    return _quantile(a, true_divide(q, 100), axis, interpolation or method, keepdims, True,
                     "nanpercentile", weights, qkey=q)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _no_out("median", out)
    x = _nat(a)
    if _red_size(x, norm_axes(axis, len(x.shape))) == 0:
        return mean(a, axis, keepdims=keepdims)
    r = _quantile(a, 0.5, axis, "midpoint" if False else "linear", keepdims, False, "median")
    d = BY_NAME[probe("median", (dtype_of(x).name,))]
    return ret(cast(native(r), d))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _no_out("nanmedian", out)
    return _quantile(a, 0.5, axis, "linear", keepdims, True, "nanmedian")


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    if weights is None:
        r = mean(a, axis, keepdims=keepdims)
        if asarray(r).size == 0:
            raise ZeroDivisionError("division by zero")
        if returned:
            x = _nat(a)
            n = _red_size(x, norm_axes(axis, len(x.shape)))
            return r, ret(ivy.full_like(native(r), n))
        return r
    x, w = asarray(a), asarray(weights)
    if w.shape != x.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and weights differ.")
        ax = norm_axis(axis, x.ndim)
        if w.shape[0] != x.shape[ax]:
            raise ValueError("Length of weights not compatible with specified axis.")
        w = w.reshape((1,) * ax + (-1,) + (1,) * (x.ndim - ax - 1))
        w = broadcast_to(w, x.shape)
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, w.dtype.name, "float64"
                                        if x.dtype.kind in "iub" else x.dtype.name)]
    xs, ws = x.astype(rt), w.astype(rt)
    scl = sum(ws, axis, keepdims=keepdims)
    if _bool(any(equal(scl, 0))):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    r = divide(sum(multiply(xs, ws), axis, keepdims=keepdims), scl)
    if returned:
        return r, broadcast_to(scl, asarray(r).shape) if asarray(r).shape != asarray(scl).shape \
            else scl
    return r


def count_nonzero(a, axis=None, *, keepdims=False):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    nz = ivy.not_equal(x, 0) if dtype_of(x).kind != "b" else x
    r = ivy.sum(ivy.astype(nz, "int64"), axis=ax, keepdims=keepdims) if ax != () else \
        ivy.astype(nz, "int64")
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(r)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    X = asarray(m)
    if X.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    rt = BY_NAME[_core.result_type_keys(X.dtype.name, "float64")] if dtype is None else \
        to_dtype(dtype)
    X = atleast_2d(X).astype(rt)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = atleast_2d(asarray(y)).astype(rt)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = concatenate((X, Y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = X.shape[1]
    if fweights is None and aweights is None:
        Xc = X - X.mean(axis=1, keepdims=True)
        c = dot(Xc, Xc.T.conj()) / (n - ddof)
        return squeeze(c) if c.ndim else c
    # NumPy's weighted form: w = fweights * aweights, the mean weighted by w, and the
    # normalisation w_sum - ddof * sum(w * aweights) / w_sum
    w = None
    if fweights is not None:
        fw_ = asarray(fweights)
        if fw_.dtype.kind not in "iub" and _bool(any(fw_ != around(fw_))):
            raise TypeError("fweights must be integer")
        fw_ = fw_.astype(_F64)
        if fw_.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw_.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and fweights")
        w = fw_
    aw = None
    if aweights is not None:
        aw = asarray(aweights).astype(_F64)
        if aw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and aweights")
        w = aw if w is None else w * aw
    w_sum = w.sum()
    avg = (X * w).sum(axis=1) / w_sum
    if ddof == 0:
        fact = w_sum
    elif aw is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * (w * aw).sum() / w_sum
    fact = maximum(fact, 0.0)  # noqa: F821 - NumPy warns, uses 0
    Xc = X - avg[:, None]
    c = dot(Xc, (Xc * w).T.conj()) * true_divide(1, fact)
    return squeeze(c) if c.ndim else c


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = asarray(cov(x, y, rowvar, dtype=dtype))
    if c.ndim == 0:
        return c / c
    d = diag(c)
    sd = sqrt(d.real)
    c = c / sd[:, None]
    c = c / sd[None, :]
    return clip(c, -1, 1) if c.dtype.kind == "f" else c


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """NumPy's algorithm: per-dimension ``searchsorted`` bin numbers (values on the last edge
    go into the last bin), one flat bin index, ``bincount``, outlier bins dropped."""
    s = sample if isinstance(sample, ndarray) else None
    if s is None or s.ndim != 2:
        s = atleast_2d(asarray(sample)).T
    n, d = s.shape
    if isinstance(bins, (_int, ndarray)) and asarray(bins).ndim == 0:
        bins = [_int(bins)] * d
    elif len(bins) != d:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    if range is None:
        range = [None] * d  # noqa: A001
    elif len(range) != d:
        raise ValueError("range argument must have one entry per dimension")
    edges, nbin = [], []
    for i in _range(d):
        col = s[:, i]
        b = bins[i]
        if asarray(b).ndim == 0:
            if b < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            if not isinstance(b, (_int,)) and not (isinstance(b, ndarray) and b.dtype.kind in
                                                   "iu"):
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar")
            if range[i] is not None:
                lo, hi = _float(range[i][0]), _float(range[i][1])
                if lo > hi:
                    raise ValueError("max must be larger than min in range parameter.")
                if not (math.isfinite(lo) and math.isfinite(hi)):
                    raise ValueError(f"supplied range of [{lo}, {hi}] is not finite")
            elif col.size == 0:
                lo, hi = 0.0, 1.0
            else:
                # the sample's min/max scalars, as NumPy: linspace then runs in the sample's
                # float dtype (float32 edges are computed in float32, not rounded from float64)
                lo, hi = col.min(), col.max()
                if not (math.isfinite(_float(lo)) and math.isfinite(_float(hi))):
                    raise ValueError(f"autodetected range of [{_float(lo)}, {_float(hi)}] "
                                     "is not finite")
            if lo == hi:
                lo, hi = lo - 0.5, hi + 0.5
            e = linspace(lo, hi, _int(b) + 1)
        elif asarray(b).ndim == 1:
            e = asarray(b)
            if e.size > 1 and _bool(any(e[:-1] > e[1:])):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
        edges.append(e)
        nbin.append(e.shape[0] + 1)
    flat = zeros((n,), dtype=_I64)
    for i in _range(d):
        idx = searchsorted(edges[i], s[:, i], side="right")
        idx = where(s[:, i] == edges[i][-1], idx - 1, idx) if edges[i].size else idx
        flat = flat * nbin[i] + idx
    total = 1
    for k in nbin:
        total *= k
    hist = bincount(flat, weights=None if weights is None else ravel(weights),
                    minlength=total).astype(_F64).reshape(tuple(nbin))
    hist = hist[(slice(1, -1),) * d]
    if density:
        tot = hist.sum()
        for i in _range(d):
            shp = [1] * d
            shp[i] = nbin[i] - 2
            hist = hist / diff(edges[i]).reshape(tuple(shp))
        hist = hist / tot
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    try:
        nb = len(bins)
    except TypeError:
        nb = 1
    if nb != 1 and nb != 2:
        e = asarray(bins)
        bins = [e, e]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
