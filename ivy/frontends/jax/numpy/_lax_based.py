"""jax.numpy functions built on ``jax.lax`` and ``jax.numpy.linalg`` (both import
``_functions``, so these live here rather than there): ``partition``/``argpartition`` (two
``lax.top_k``), ``bitwise_count`` (``lax.population_count``), ``polyfit`` (``linalg.lstsq``) and
``roots`` (``linalg.eigvals`` of the companion matrix), ``i0`` / ``kaiser``
(``lax.bessel_i0e``)."""

from __future__ import annotations

import builtins

import numpy as np

from .. import lax
from . import linalg
from .._array import asarray
from ._functions import (_a, _inexact, _kind, abs, all, any, arange, argmin, argsort, atleast_1d,
                         concatenate, diag, dot, exp, expand_dims, full, moveaxis, ones,
                         ones_like, outer, roll, sqrt, take, vander, where, zeros)

__all__ = ["argpartition", "bitwise_count", "i0", "kaiser", "partition", "polyfit", "roots"]


def i0(x):
    """As JAX: ``exp(|x|) * lax.bessel_i0e(|x|)`` after promotion to an inexact dtype."""
    x = _inexact(_a(x))
    if _kind(x) != "f":
        raise ValueError(f"Unsupported input type to jax.numpy.i0: {x.dtype}")
    ax = abs(x)
    return lax.mul(exp(ax), lax.bessel_i0e(ax))


def kaiser(M, beta):  # noqa: N803
    """As JAX: ``i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta)`` in float32."""
    M = int(M)  # noqa: N806
    if M <= 1:
        return full((M,), 1, "float32")
    n = arange(M, dtype="float32")
    alpha = 0.5 * (M - 1)
    return i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta)


def partition(a, kth, axis=-1):
    """As JAX: the kth+1 smallest ascending, then the rest descending (two lax.top_k)."""
    x = moveaxis(_a(a), axis, -1)
    n = x.shape[-1]
    if not -n <= kth < n:
        raise ValueError(f"kth={kth} out of range for axis {axis} of size {n}")
    kth = kth % n
    bottom = -lax.top_k(-x, kth + 1)[0]
    top = lax.top_k(x, n - kth - 1)[0]
    return moveaxis(concatenate([bottom, top], axis=-1), -1, axis)


def argpartition(a, kth, axis=-1):
    """As JAX: indices of the kth+1 smallest (ascending), then of the rest (via a 0/1 proxy)."""
    x = moveaxis(_a(a), axis, -1)
    n = x.shape[-1]
    if not -n <= kth < n:
        raise ValueError(f"kth={kth} out of range for axis {axis} of size {n}")
    kth = kth % n
    bottom = lax.top_k(-x, kth + 1)[1]
    chosen = any(expand_dims(bottom, -1) == arange(n), axis=-2)
    proxy = where(chosen, zeros(x.shape), ones(x.shape))
    top = lax.top_k(proxy, n - kth - 1)[1]
    return moveaxis(concatenate([bottom, top], axis=-1), -1, axis)


def bitwise_count(x, /):
    x = _a(x)
    if _kind(x) == "b":
        x = x.astype("uint8")
    return lax.population_count(abs(x) if _kind(x) == "i" else x).astype("uint8")


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    xa, ya = _a(x), _a(y)
    order = deg + 1
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if xa.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if xa.size == 0:
        raise TypeError("expected non-empty vector for x")
    if ya.ndim < 1 or ya.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if xa.shape[0] != ya.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = xa.shape[0] * builtins.float(np.finfo(np.float32).eps)
    lhs, rhs = vander(xa, order), ya
    if w is not None:
        wa = _inexact(_a(w))
        lhs = lhs * wa[:, None]
        rhs = rhs * (wa[:, None] if rhs.ndim == 2 else wa)
    scale = sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if c.ndim > 1 else c / scale
    if full:
        return c, resids, rank, s, asarray(builtins.float(rcond))
    if cov:
        vbase = linalg.inv(dot(lhs.T, lhs)) / outer(scale, scale)
        if cov == "unscaled":
            fac = asarray(1.0)
        else:
            if xa.shape[0] <= order:
                raise ValueError("the number of data points must exceed order to scale the "
                                 "covariance matrix")
            fac = resids / (xa.shape[0] - order)
        if ya.ndim == 1:
            return c, vbase * atleast_1d(fac)[None]
        return c, vbase[:, :, None] * atleast_1d(fac)[None, None, :]
    return c


def _roots_no_zeros(p):
    if p.size < 2:
        return zeros((0,), "complex64")
    comp = diag(ones((p.size - 2,), p.dtype), -1)
    comp = comp.at[0, :].set(-p[1:] / p[0])
    return linalg.eigvals(comp)


def roots(p, *, strip_zeros=True):
    """Eigenvalues of the companion matrix, as JAX (the order is LAPACK's)."""
    pa = atleast_1d(_inexact(_a(p)))
    if pa.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    if pa.size < 2:
        return zeros((0,), "complex64")
    lead = pa.size if builtins.bool(all(pa == 0)) else builtins.int(argmin(pa == 0))
    if strip_zeros:
        return _roots_no_zeros(pa[lead:])
    pa = ones_like(pa) if lead == pa.size else pa
    r = _roots_no_zeros(roll(pa, -lead))
    r = take(r, argsort((r == 0).astype("int8"), stable=True))
    return where(arange(r.size) < r.size - lead, r, asarray(complex(np.nan, np.nan)))
