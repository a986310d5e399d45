"""``jax.numpy`` statistics (``cov``, ``corrcoef``) and histograms.

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins

import numpy as np

from .._array import Array, wrap
from .._core import KIND, not_implemented
from ._base import _a, _any, _inexact, _kind, _range
from ._creation import diag, ix_, ones, zeros, zeros_like
from ._elementwise import clip, conj, real, sqrt
from ._indexing import searchsorted, where
from ._linear_algebra import matmul
from ._manipulation import ravel_multi_index
from ._ranges import linspace
from ._reductions import bincount, diff, max, mean, min
from ._shapes import (
    _promote_all,
    atleast_2d,
    broadcast_to,
    concatenate,
    ravel,
    reshape,
    squeeze,
    stack,
    transpose,
)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    if np.ndim(bins) == 1 or (isinstance(bins, Array) and bins.ndim == 1):
        return _a(bins)
    x = _inexact(ravel(_a(a)))
    if range is None:
        lo, hi = min(x), max(x)
    else:
        r = _a(range).astype(x.dtype)
        if r.shape != (2,):
            raise ValueError(f"`range` must be either None or a sequence of scalars, got "
                             f"{range}")
        lo, hi = r[0], r[1]
    eq = lo == hi
    lo, hi = where(eq, lo - 0.5, lo), where(eq, hi + 0.5, hi)
    return linspace(lo, hi, builtins.int(bins) + 1, dtype=x.dtype)


def histogram(a, bins=10, range=None, weights=None, density=None):  # noqa: A002
    x = _a(a)
    w = ones(x.shape, "float32") if weights is None else _a(weights)
    x, w = ravel(x), ravel(broadcast_to(w, x.shape))
    edges = histogram_bin_edges(x, bins, range, w)
    idx = searchsorted(edges, x, side="right")
    idx = where(x == edges[-1], edges.shape[0] - 1, idx)
    n = edges.shape[0]
    inside = idx < n  # beyond the last edge: dropped (JAX's scatter drops out-of-bounds)
    counts = zeros(edges.shape, w.dtype).at[where(inside, idx, 0)].add(
        where(inside, w, zeros_like(w)))[1:]
    if density:
        widths = diff(edges)
        counts = counts / widths / counts.sum()
    return counts, edges


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        not_implemented("jax.numpy.cov with fweights/aweights")
    x = _a(m)
    if x.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    x = atleast_2d(x)
    if not rowvar and x.shape[0] != 1:
        x = x.T
    if x.shape[0] == 0:
        return zeros((0, 0), "float32")
    if y is not None:
        yy = atleast_2d(_a(y))
        if not rowvar and yy.shape[0] != 1:
            yy = yy.T
        x = concatenate([x, yy], axis=0)
    x = _inexact(x)
    ddof = (0 if bias else 1) if ddof is None else ddof
    n = x.shape[1]
    avg = mean(x, axis=1)
    f = n - ddof
    xc = x - avg[:, None]
    c = matmul(xc, conj(xc.T))
    return squeeze(c / f)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return c / c
    d = diag(c)
    sd = sqrt(real(d))
    c = c / sd[:, None]
    c = c / sd[None, :]
    return clip(real(c), -1, 1) if _kind(c) != "c" else c


def histogramdd(sample, bins=10, range=None, weights=None, density=None):  # noqa: A002
    smp = _inexact(_a(sample))
    if weights is not None:
        weights = _a(weights)
        if weights.shape != smp.shape[:1]:
            raise ValueError("should have one weight for each sample.")
        (sd, wd), name, _ = _promote_all([smp, weights])
        name = name if KIND[name] in "fc" else "float32"
        smp, weights = wrap(sd).astype(name), wrap(wd).astype(name)
    n, d = smp.shape
    if range is not None and (len(range) != d or _any(
            r is not None and np.shape(r)[0] != 2 for r in range)):
        raise ValueError(f"For sample.shape={(n, d)}, range must be a sequence of {d} pairs or "
                         f"Nones; got range={range}")
    try:
        per_dim = list(bins)
    except TypeError:
        per_dim = d * [bins]
    else:
        if len(per_dim) != d:
            raise ValueError("should be a bin for each dimension.")
    idx_by_dim, edges_by_dim = [], []
    for i in _range(d):
        edges = histogram_bin_edges(smp[:, i], per_dim[i], None if range is None else range[i],
                                    weights)
        bi = searchsorted(edges, smp[:, i], side="right")
        bi = where(smp[:, i] == edges[-1], bi - 1, bi)
        idx_by_dim.append(bi)
        edges_by_dim.append(edges)
    nbins = tuple(e.shape[0] + 1 for e in edges_by_dim)
    xy = ravel_multi_index(tuple(idx_by_dim), nbins, mode="clip")
    hist = reshape(bincount(xy, weights, length=int(np.prod(nbins))), nbins)
    hist = hist[(builtins.slice(1, -1),) * d]
    if density:
        hist = hist.astype(smp.dtype)
        hist = hist / hist.sum()
        for nrm in ix_(*[diff(e) for e in edges_by_dim]):
            hist = hist / nrm
    return hist, edges_by_dim


def histogram2d(x, y, bins=10, range=None, weights=None, density=None):  # noqa: A002
    try:
        nb = len(bins)
    except TypeError:
        nb = 1
    if nb not in (1, 2):
        e = _a(bins)
        bins = [e, e]
    hist, edges = histogramdd(transpose(stack([_a(x), _a(y)])), bins, range, weights, density)
    return hist, edges[0], edges[1]
