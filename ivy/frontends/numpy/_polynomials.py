"""``numpy.*`` polynomial functions of ``numpy.lib`` (``polyval``, ``polyder``, ``polyint``,
``polyadd``, ...); ``polyfit`` is in ``_polyfit``.

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

from ._base import _int, _max, _range
from ._creation import arange, asarray, zeros, zeros_like
from ._linear_algebra import convolve
from ._manipulation import atleast_1d, concatenate, repeat
from ._promotion import result_type


# ------------------------------------------------------------------------ polynomials (numpy.lib)
def _poly1(p):
    a = atleast_1d(asarray(p))
    if a.ndim != 1:
        raise ValueError("Polynomial must be 1d only.")
    return a


def polyval(p, x):
    """Horner's scheme, as NumPy (``y = y * x + p[i]`` from ``zeros_like(x)``): same dtypes."""
    p = asarray(p)
    x = asarray(x)
    y = zeros_like(x)
    for i in _range(p.shape[0]):
        y = y * x + p[i]
    return y


def polyder(p, m=1):
    m = _int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    p = _poly1(p)
    n = p.shape[0] - 1
    if m == 0:
        return p
    y = p[:-1] * arange(n, 0, -1)
    return y if m == 1 else polyder(y, m - 1)


def polyint(p, m=1, k=None):
    m = _int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is None:
        k = [0.0] * m
    k = atleast_1d(asarray(k))
    if k.shape[0] == 1 and m > 1:
        k = repeat(k, m)
    p = _poly1(p)
    if m == 0:
        return p
    y = concatenate([p / arange(p.shape[0], 0, -1), k[:1].astype(result_type(p, k, 1.0))])
    return y if m == 1 else polyint(y, m - 1, k=k[1:])


def _poly_pad(a, n):
    return a if a.shape[0] == n else concatenate([zeros((n - a.shape[0],), dtype=a.dtype), a])


def polyadd(a1, a2):
    a1, a2 = _poly1(a1), _poly1(a2)
    n = _max(a1.shape[0], a2.shape[0])
    return _poly_pad(a1, n) + _poly_pad(a2, n)


def polysub(a1, a2):
    a1, a2 = _poly1(a1), _poly1(a2)
    n = _max(a1.shape[0], a2.shape[0])
    return _poly_pad(a1, n) - _poly_pad(a2, n)


def polymul(a1, a2):
    return convolve(_poly1(a1), _poly1(a2))
