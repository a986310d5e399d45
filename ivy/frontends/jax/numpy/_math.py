"""``jax.numpy`` math composed of other jax.numpy functions: ``gcd``/``lcm``, ``frexp``/``ldexp``/
``modf``/``spacing``, ``angle``/``unwrap``, ``allclose``/``array_equal``.

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins
import math

from .._array import asarray, wrap
from .._core import KIND
from ._base import _a, _inexact, _kind, inf, pi
from ._creation import arange, full, ones_like, zeros_like
from ._elementwise import (
    abs,
    arctan2,
    equal,
    floor,
    floor_divide,
    imag,
    isclose,
    isfinite,
    isnan,
    log2,
    logical_not,
    multiply,
    nextafter,
    power,
    real,
    remainder,
    trunc,
)
from ._indexing import take, where
from ._reductions import all, any, cumsum, diff
from ._shapes import _promote_all, broadcast_arrays, concatenate


def angle(z, deg=False):
    x = _a(z)
    if _kind(x) != "c":
        x = x.astype("float32") if _kind(x) in "biu" else x
        r = where(x < 0, pi, 0.0).astype(x.dtype)
    else:
        r = arctan2(imag(x), real(x))
    return r * (180 / math.pi) if deg else r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    x, y = _a(a1), _a(a2)
    if x.shape != y.shape:
        return asarray(False)
    eq = equal(x, y)
    if equal_nan:
        eq = eq | (isnan(x) & isnan(y)) if _kind(x) in "fc" else eq
    return all(eq)


def array_equiv(a1, a2):
    try:
        return all(equal(a1, a2))
    except Exception:  # noqa: BLE001
        return asarray(False)


def isreal(x):
    x = _a(x)
    return equal(imag(x), 0) if _kind(x) == "c" else full(x.shape, True)


def iscomplex(x):
    return logical_not(isreal(x))




def ldexp(x1, x2, /):
    x = _inexact(_a(x1))
    return (x * power(asarray(2.0, dtype=x.dtype), _a(x2).astype(x.dtype))).astype(x.dtype)


def modf(x, /, out=None):
    x = _inexact(_a(x))
    ip = trunc(x)
    return x - ip, ip


def spacing(x, /):
    x = _inexact(_a(x))
    return nextafter(x, inf) - x



def frexp(x, /):
    x = _inexact(_a(x))
    ax = abs(x)
    fin = isfinite(x) & (x != 0)
    safe = where(fin, ax, ones_like(ax))
    e = floor(log2(safe)).astype("int32") + 1
    m = x / power(asarray(2.0, dtype=x.dtype), e.astype(x.dtype))
    # log2 can be off by one ulp near powers of two: bring |m| into [0.5, 1)
    big, small = abs(m) >= 1, abs(m) < 0.5
    m = where(big, m / 2, where(small, m * 2, m))
    e = where(big, e + 1, where(small, e - 1, e))
    return where(fin, m, x), where(fin, e, zeros_like(e))


def gcd(x1, x2):
    (a, b), name, weak = _promote_all([x1, x2])
    if KIND[name] not in "iu":
        raise ValueError("Arguments to jax.numpy.gcd must be integers.")
    a, b = broadcast_arrays(wrap(a, weak), wrap(b, weak))
    a, b = abs(a), abs(b)
    while builtins.bool(any(b != 0)):
        nz = b != 0
        r = where(nz, remainder(a, where(nz, b, ones_like(b))), zeros_like(a))
        a, b = where(nz, b, a), r
    return a


def lcm(x1, x2):
    (a, b), name, weak = _promote_all([x1, x2])
    if KIND[name] not in "iu":
        raise ValueError("Arguments to jax.numpy.lcm must be integers.")
    a, b = wrap(a, weak), wrap(b, weak)
    d = gcd(a, b)
    return where(d == 0, zeros_like(d), abs(multiply(a, floor_divide(b, where(d == 0, ones_like(
        d), d)))))


def fabs(x, /):
    x = _a(x)
    if _kind(x) == "c":
        raise TypeError("ufunc 'fabs' does not support complex dtypes")
    return abs(_inexact(x) if not x._weak else x.astype("float32") if _kind(x) != "f" else x)


def unwrap(p, discont=None, axis=-1, period=2 * math.pi):
    x = _a(p)
    if _kind(x) == "c":
        raise ValueError("jnp.unwrap does not support complex inputs.")
    if x.shape[axis] == 0:
        return _inexact(x)
    x = _inexact(x) if _kind(x) not in "fc" else x
    if discont is None:
        discont = period / 2
    interval = period / 2
    dd = diff(x, axis=axis)
    ddmod = remainder(dd + interval, period) - interval
    ddmod = where((ddmod == -interval) & (dd > 0), interval, ddmod)
    ph_correct = where(abs(dd) < discont, 0, ddmod - dd)
    first = take(x, arange(1), axis=axis)
    up = concatenate([first, take(x, arange(1, x.shape[axis]), axis=axis) +
                      cumsum(ph_correct, axis=axis)], axis=axis)
    return up
