"""``jax.numpy`` polynomial functions (``polyval``, ``polyadd``, ``polymul``, ``polyder``, ``poly``,
``vander``, ...); ``polyfit`` and ``roots`` use ``linalg`` (``_lax_based``).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import numpy as np

from .._array import asarray, wrap
from .._core import KIND, not_implemented
from ._base import _a, _inexact, _max, _range
from ._creation import arange, ones, zeros, zeros_like
from ._elementwise import power, true_divide
from ._linear_algebra import convolve
from ._manipulation import pad
from ._shapes import _promote_all, broadcast_to, concatenate, expand_dims, stack


def vander(x, N=None, increasing=False):  # noqa: N803
    xx = _a(x)
    if xx.ndim != 1:
        raise ValueError("x must be a one-dimensional array")
    n = xx.shape[0] if N is None else N
    if n < 0:
        raise ValueError("N must be nonnegative")
    iota = arange(n, dtype="int32")
    if not increasing:
        iota = n - iota - 1
    return power(expand_dims(xx, -1), iota)


def polyval(p, x, *, unroll=16):
    pp, xx = _a(p), _a(x)
    (pd, xd), name, _ = _promote_all([pp, xx])
    pp, xx = wrap(pd, pp._weak), wrap(xd, xx._weak)
    y = zeros_like(xx)
    for i in _range(pp.shape[0]):
        y = y * xx + pp[i]
    return y


def polyadd(a1, a2):
    x, y = _a(a1), _a(a2)
    n = _max(x.shape[0], y.shape[0])
    x = pad(x, (n - x.shape[0], 0))
    y = pad(y, (n - y.shape[0], 0))
    return x + y


def polysub(a1, a2):
    return polyadd(a1, -_a(a2))


def polymul(a1, a2, *, trim_leading_zeros=False):
    x, y = _a(a1), _a(a2)
    if x.shape[0] == 0:
        x = zeros((1,), x.dtype)
    if y.shape[0] == 0:
        y = zeros((1,), y.dtype)
    return convolve(x, y, mode="full")


def polyder(p, m=1):
    pp = _a(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return pp
    n = pp.shape[0]
    coeff = (np.arange(m, n)[np.newaxis] - np.arange(m)[:, np.newaxis]).prod(0)[::-1]
    return pp[:-m] * asarray(coeff.copy(), dtype=pp.dtype)


def polyint(p, m=1, k=None):
    pp = _inexact(_a(p))
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if m == 0:
        return pp
    kk = zeros(m, pp.dtype) if k is None else _a(k).astype(pp.dtype)
    if kk.ndim == 0:
        kk = broadcast_to(kk, (m,))
    n = pp.shape[0]
    grid = np.arange(n + m)[np.newaxis] - np.arange(m)[:, np.newaxis]
    coeff = np.maximum(1, grid).prod(0)[::-1]
    return true_divide(concatenate([pp, kk]), asarray(coeff.copy(), dtype=pp.dtype))


def poly(seq_of_zeros):
    z = _a(seq_of_zeros)
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        not_implemented("jax.numpy.poly of a square matrix (needs eigvals)")
    if z.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    z = _inexact(z)
    a = ones((1,), z.dtype)
    for i in _range(z.shape[0]):
        a = convolve(a, stack([ones((), z.dtype), -z[i]]), mode="full")
    return a


def polydiv(u, v, *, trim_leading_zeros=False):
    if trim_leading_zeros:
        not_implemented("jax.numpy.polydiv(trim_leading_zeros=True)")
    (ud, vd), name, _ = _promote_all([_a(u), _a(v)])
    name = name if KIND[name] in "fc" else "float32"
    ua, va = wrap(ud).astype(name), wrap(vd).astype(name)
    m, n = ua.shape[0] - 1, va.shape[0] - 1
    scale = 1.0 / va[0]
    q = zeros(_max(m - n + 1, 1), dtype=name)
    for k in _range(0, m - n + 1):
        d = scale * ua[k]
        q = q.at[k].set(d)
        ua = ua.at[k:k + n + 1].add(-d * va)
    return q, ua
