"""jax.scipy.special: JAX's definitions (``promote_args_inexact`` then the ``jax.lax`` special
primitive, or JAX's composition of them) on the frontend's lax/jnp, so dtypes, weak types and
edge values are JAX's.

``beta``/``betaln`` (the large-argument branch by Stirling's series), ``poch``, ``comb``,
``multigammaln``, ``bernoulli``, ``erfcx``, ``dawsn``, ``exp1``, ``expi``, ``spence`` and
``sici`` are compositions written from the mathematics (series, continued fractions, asymptotic
expansions; fixed term counts), with JAX's dtypes, weak types and edge values.

``expn``, ``fresnel``, ``hyp1f1``, ``bessel_jn``, ``owens_t``, ``hyp2f1``, ``wofz`` and
``sph_harm_y`` are ports of JAX's own implementations (same algorithms, constants, loops and
edge values; see ``_ported.py``), so all 53 names of ``jax.scipy.special`` exist.
Complex arguments (JAX's complex ``gamma``/``loggamma``) raise ValueError.
"""

from __future__ import annotations

import math
import operator

import numpy as np

import ivy

from .. import lax
from .. import nn as _nn
from .._array import asarray, wrap
from .._core import KIND, name_of, not_implemented
from ..numpy import _functions as F
from ._common import _pai, _real, digamma, gamma, gammasgn  # noqa: F401 (re-exported)
from ._ported import (  # noqa: F401 (re-exported: ported from JAX's own implementation)
    bessel_jn,
    expn,
    fresnel,
    hyp1f1,
    hyp2f1,
    owens_t,
    sph_harm_y,
    wofz,
)

logsumexp = _nn.logsumexp
softmax = _nn.softmax
log_softmax = _nn.log_softmax


def _one(lax_fn):
    def f(x):
        (a,) = _pai(x)
        return lax_fn(a)
    f.__name__ = lax_fn.__name__
    return f


gammaln = _one(lax.lgamma)
erf = _one(lax.erf)
erfc = _one(lax.erfc)
erfinv = _one(lax.erf_inv)
i0e = _one(lax.bessel_i0e)
i1e = _one(lax.bessel_i1e)
expit = _one(lax.logistic)


def i0(x):
    (a,) = _pai(x)
    return lax.mul(lax.exp(lax.abs(a)), lax.bessel_i0e(a))


def i1(x):
    (a,) = _pai(x)
    return lax.mul(lax.exp(lax.abs(a)), lax.bessel_i1e(a))


def logit(x):
    (a,) = _pai(x)
    return lax.log(lax.div(a, lax.sub(F.ones_like(a), a)))


def gammainc(a, x):
    return lax.igamma(*_pai(a, x))


def gammaincc(a, x):
    return lax.igammac(*_pai(a, x))


def betainc(a, b, x):
    a, b, x = _pai(a, b, x)
    if KIND[name_of(x._data)] == "c":
        raise ValueError("betainc does not support complex-valued inputs.")
    return lax.betainc(a, b, x)


def zeta(x, q=None):
    if q is None:
        not_implemented("jax.scipy.special.zeta(q=None)", "JAX raises NotImplementedError too")
    return lax.zeta(*_pai(x, q))


def polygamma(n, x):
    if KIND[name_of(asarray(n)._data)] not in "iu":
        raise ValueError(f"Argument `n` to polygamma must be of integer type. Got dtype "
                         f"{asarray(n).dtype}.")
    n_arr, x_arr = _pai(n, x)
    if KIND[name_of(x_arr._data)] == "c":
        raise ValueError("polygamma does not support complex-valued inputs.")
    return lax.polygamma(n_arr, x_arr)


def xlogy(x, y):
    x, y = _pai(x, y)
    ok = (x != 0.0) | F.isnan(y)
    return F.where(ok, lax.mul(x, lax.log(y)), F.zeros_like(x))


def xlog1py(x, y):
    x, y = _pai(x, y)
    ok = (x != 0.0) | F.isnan(y)
    return F.where(ok, lax.mul(x, lax.log1p(y)), F.zeros_like(x))


def _float_only(x):
    a = asarray(x)
    if name_of(a._data) not in ("float32", "float64"):
        raise TypeError(f"x.dtype={a.dtype} is not supported, see docstring for supported "
                        f"types.")
    return a


def ndtr(x):
    """JAX's _ndtr: ``erf`` near zero, ``erfc`` in the tails."""
    a = _float_only(x)
    half_sqrt_2 = np.float32(0.5 * math.sqrt(2.0))
    w = a * half_sqrt_2
    z = F.abs(w)
    y = F.where(z < half_sqrt_2, 1.0 + lax.erf(w),
                F.where(w > 0.0, 2.0 - lax.erfc(z), lax.erfc(z)))
    return 0.5 * y


def ndtri(p):
    a = _float_only(p)
    return wrap(ivy.ndtri(a._data), a._weak)


def log_ndtr(x, series_order=3):
    if not isinstance(series_order, int):
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    a = asarray(x)
    if name_of(a._data) not in ("float32", "float64"):
        raise TypeError(f"x.dtype={a.dtype} is not supported.")
    return wrap(ivy.log_ndtr(a._data), a._weak)


def entr(x):
    (a,) = _pai(x)
    _real(a, "entr")
    return F.where(a < 0.0, F.full_like(a, -math.inf), -xlogy(a, a))


def rel_entr(p, q):
    p, q = _pai(p, q)
    _real(p, "rel_entr")
    both = (p > 0.0) & (q > 0.0)
    one_zero = (p == 0.0) & (q >= 0.0)
    sp, sq = F.where(both, p, 1), F.where(both, q, 1)
    val = xlogy(sp, sp) - xlogy(sp, sq)
    return F.where(both, val, F.where(one_zero, F.zeros_like(p), F.full_like(p, math.inf)))


def kl_div(p, q):
    p, q = _pai(p, q)
    _real(p, "kl_div")
    return rel_entr(p, q) - p + q


def loggamma(x):
    (a,) = _pai(x)
    _real(a, "loggamma")
    return F.where(a > 0, lax.lgamma(a), F.full_like(a, math.nan))


def factorial(n, exact=False):
    if exact:
        raise NotImplementedError("factorial with exact=True")
    (a,) = _pai(n)
    return F.where(a < 0, F.zeros_like(a), lax.exp(lax.lgamma(a + 1)))


def _boxcox(x, lmbda, log):
    x, lm = _pai(x, lmbda)
    zero = lm == 0
    safe = F.where(zero, F.ones_like(lm), lm)
    lx = log(x)
    return F.where(zero, lx, F.expm1(safe * lx) / safe)


def boxcox(x, lmbda):
    return _boxcox(x, lmbda, F.log)


def boxcox1p(x, lmbda):
    return _boxcox(x, lmbda, F.log1p)


# ------------------------------------------------------------------ beta family, comb, poch
FLOAT32_MAX = float(np.finfo(np.float32).max)


def _stirling_rem(x):
    """log Gamma(x) - ((x - 1/2) log x - x + log(2 pi)/2) for x >= 8: the Stirling series
    1/(12x) - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7) (truncation error < 1e-11 there)."""
    r = 1.0 / x
    r2 = r * r
    return r * (1.0 / 12 + r2 * (-1.0 / 360 + r2 * (1.0 / 1260 - r2 * (1.0 / 1680))))


def _lgamma_ratio(a, b):
    """log(Gamma(b) / Gamma(a + b)) for b >= 8, a <= b, without the cancellation of two large
    lgamma values: Stirling's form for both, the remainders by their series (a + b >= 8), or
    plain lgamma where a + b < 8 (a negative; nothing large cancels then)."""
    s = a + b
    big = s >= 8.0
    ss = F.where(big, s, F.full_like(s, 8.0))
    sb = F.where(big, b, F.full_like(b, 8.0))
    sa = F.where(big, a, F.zeros_like(a))
    stir = (_stirling_rem(sb) - _stirling_rem(ss) - (sb - 0.5) * lax.log1p(sa / sb)
            - sa * lax.log(ss) + sa)
    return F.where(big, stir, lax.lgamma(b) - lax.lgamma(s))


def _betaln(a, b):
    a, b = F.minimum(a, b), F.maximum(a, b)
    small = lax.lgamma(a) + (lax.lgamma(b) - lax.lgamma(a + b))
    large = lax.lgamma(a) + _lgamma_ratio(a, F.where(b < 8, F.full_like(b, 8.0), b))
    return F.where(b < 8, small, large)


def betaln(a, b):
    a, b = _pai(a, b)
    _real(a, "betaln")
    return _betaln(a, b)


def beta(a, b):
    a, b = _pai(a, b)
    _real(a, "beta")
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    return sign * lax.exp(_betaln(a, b))


def poch(z, m):
    z, m = _pai(z, m)
    _real(z, "jnp.poch")
    out = F.where(m == 0.0, F.ones_like(z), gamma(z + m) / gamma(z))
    return wrap(out._data, False)


def comb(N, k, *, repetition=False):
    N, k = _pai(N, k)
    if repetition:
        return F.where((k == 0) & (N >= 0), F.ones_like(N), comb(N + k - 1, k))
    ok = (k <= N) & (N >= 0) & (k >= 0)
    sn, sk = F.where(ok, N, F.zeros_like(N)), F.where(ok, k, F.zeros_like(k))
    val = lax.exp(gammaln(sn + 1) - gammaln(sk + 1) - gammaln(sn + 1 - sk))
    return F.where(ok, val, F.zeros_like(val))


def multigammaln(a, d):
    dd = int(d)
    a, d_ = _pai(a, d)
    const = 0.25 * d_ * (d_ - 1.0) * lax.log(F.full_like(a, math.pi))
    res = F.zeros_like(a)
    for j in range(dd):
        res = res + lax.lgamma(a - F.full_like(a, j / 2.0))
    res = wrap(res._data, False)
    return res + const


def bernoulli(n):
    n = operator.index(n)
    if n < 0:
        raise ValueError("n must be a non-negative integer.")
    vals = [1.0, -0.5, 1.0 / 6.0][:n + 1]
    for m in range(3, n + 1):
        if m % 2:
            vals.append(0.0)
            continue
        # B_m = (-1)^(m/2+1) 2 m! zeta(m) / (2 pi)^m
        zeta_m = 1.0 + sum(j ** -float(m) for j in range(2, 2000 if m < 12 else 60))
        lg = math.log(2.0) + math.lgamma(m + 1.0) - m * math.log(2.0 * math.pi)
        # JAX forms m! / (2 pi)^m * 2 pi^2 in float32 before the zeta(m) factor: it is
        # infinite from where that product passes float32's maximum (m = 64 on).
        over = lg + 2.0 * math.log(math.pi) - math.log(2.0) > math.log(FLOAT32_MAX)
        mag = math.inf if over else math.exp(lg) * zeta_m
        vals.append(mag if (m // 2) % 2 else -mag)
    with np.errstate(over="ignore"):
        return asarray(np.array(vals, np.float64).astype(np.float32))


# ------------------------------------------------- erfcx, dawsn, exponential integrals, spence
_EULER = 0.5772156649015329
_SQRT_PI = math.sqrt(math.pi)


def _strong(x):
    """JAX builds these from strongly typed constants: the result is never weakly typed."""
    return wrap(x._data, False)


def _safe(cond, x, v):
    """x where cond, else the harmless value v (keeps the branch not taken finite)."""
    return F.where(cond, x, F.full_like(x, v))


def _erfcx_pos(x):
    """erfcx for x >= 0: exp(x^2) erfc(x) below 2, Laplace's continued fraction
    1/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))) (24 levels) above."""
    small = x < 2.0
    xs = _safe(small, x, 0.0)
    direct = lax.exp(xs * xs) * lax.erfc(xs)
    xl = _safe(~small, x, 2.0)
    t = xl
    for k in range(24, 0, -1):
        t = xl + (k / 2.0) / t
    return F.where(small, direct, (1.0 / _SQRT_PI) / t)


def erfcx(x):
    (a,) = _pai(x)
    _real(a, "erfcx")
    ax = F.abs(a)
    pos = _erfcx_pos(ax)
    neg = 2.0 * lax.exp(ax * ax) - pos  # erfcx(-x) = 2 exp(x^2) - erfcx(x)
    return _strong(F.where(a < 0, neg, pos))


def dawsn(x):
    """Dawson's integral: its Maclaurin series below 0.2, Rybicki's exponentially convergent
    sum (h = 0.4, shifted to the nearest even multiple of h, 6 odd terms a side) up to 10,
    the asymptotic series 1/(2x) (1 + 1/(2x^2) + 3/(4x^4) + 15/(8x^6)) beyond; odd."""
    (a,) = _pai(x)
    _real(a, "dawsn")
    ax = F.abs(a)
    x2 = ax * ax
    ser = ax * (1.0 - 2.0 / 3.0 * x2 * (1.0 - 0.4 * x2 * (1.0 - 2.0 / 7.0 * x2)))
    h = 0.4
    xm = _safe(ax <= 10.0, ax, 0.0)
    n0 = 2.0 * lax.round(xm * (0.5 / h))
    xp = xm - n0 * h
    s = F.zeros_like(ax)
    ex = lax.exp(-xp * xp)
    # exp(-(xp - n h)^2) = exp(-xp^2) exp(2 n xp h) exp(-n^2 h^2), n = +-1, +-3, ...
    for i in range(6):
        n = 2 * i + 1
        cn = math.exp(-(n * h) ** 2)
        s = s + cn * ex * (lax.exp(2.0 * n * h * xp) / (n0 + n)
                           + lax.exp(-2.0 * n * h * xp) / (n0 - n))
    ryb = s / _SQRT_PI
    xl = _safe(ax > 10.0, ax, 20.0)
    r = 1.0 / (xl * xl)
    asym = (0.5 / xl) * (1.0 + r * (0.5 + r * (0.75 + r * 1.875)))
    out = F.where(ax < 0.2, ser, F.where(ax <= 10.0, ryb, asym))
    out = F.where(F.isnan(a), a, out)
    return _strong(F.where(a < 0, -out, out))


def _e1_pos(x):
    """E1(x) for x > 0: -gamma - ln x - sum (-x)^k/(k k!) (24 terms) up to 1, the continued
    fraction e^-x / (x + 1 - 1/(x + 3 - 4/(x + 5 - ...))) (40 levels) above."""
    small = x <= 1.0
    xs = _safe(small, x, 0.5)
    term = F.ones_like(xs)
    acc = F.zeros_like(xs)
    for k in range(1, 25):
        term = term * (-xs) / float(k)
        acc = acc + term / float(k)
    ser = -_EULER - lax.log(xs) - acc
    xl = _safe(~small, x, 2.0)
    t = xl + 81.0
    for k in range(40, 0, -1):
        t = xl + (2.0 * k - 1.0) - float(k * k) / t
    return F.where(small, ser, lax.exp(-xl) / t)


def exp1(x):
    (a,) = _pai(x)
    _real(a, "exp1")
    out = _e1_pos(_safe(a > 0, a, 1.0))
    out = F.where(a > 0, out, F.where(a == 0, F.full_like(a, math.inf),
                                      F.full_like(a, math.nan)))
    return _strong(F.where(F.isinf(a), F.full_like(a, math.nan), out))  # JAX: NaN at inf


def _ei_pos(x):
    """Ei(x) for x > 0: gamma + ln x + sum x^k/(k k!) (72 positive terms) up to 20, the
    asymptotic series e^x/x sum k!/x^k (20 terms) above (scaled as exp(x - ln x))."""
    small = x <= 20.0
    xs = _safe(small, x, 1.0)
    term = F.ones_like(xs)
    acc = F.zeros_like(xs)
    for k in range(1, 73):
        term = term * xs / float(k)
        acc = acc + term / float(k)
    ser = _EULER + lax.log(xs) + acc
    xl = _safe(~small, x, 40.0)
    term = F.ones_like(xl)
    acc = F.ones_like(xl)
    for k in range(1, 21):
        term = term * float(k) / xl
        acc = acc + term
    return F.where(small, ser, lax.exp(xl - lax.log(xl)) * acc)


def expi(x):
    (a,) = _pai(x)
    _real(a, "expi")
    pos = _ei_pos(_safe(a > 0, a, 1.0))
    neg = -_e1_pos(_safe(a < 0, -a, 1.0))
    out = F.where(a > 0, pos, neg)
    # JAX's edges: NaN at 0 and at +-inf; inf once exp(x) overflows
    out = F.where(a > math.log(FLOAT32_MAX), F.full_like(a, math.inf), out)
    return _strong(F.where((a == 0) | F.isinf(a) | F.isnan(a), F.full_like(a, math.nan), out))


def spence(x):
    """spence(x) = Li2(1 - x) for x >= 0: the series sum z^k/k^2 with z = 1 - x on
    [1/2, 3/2], Euler's reflection pi^2/6 - ln(x) ln(1 - x) - Li2(x) below 1/2, and
    spence(x) = -ln(x)^2/2 - spence(1/x) above 3/2."""
    a = _float_only(x)

    def li2(z):  # |z| <= 1/2
        zk = F.ones_like(z)
        acc = F.zeros_like(z)
        for k in range(1, 41):
            zk = zk * z
            acc = acc + zk / float(k * k)
        return acc

    def spence01(y):  # 0 <= y <= 1
        low = y < 0.5
        yl = _safe(low & (y > 0), y, 0.25)
        refl = math.pi ** 2 / 6 - lax.log(yl) * lax.log1p(-yl) - li2(yl)
        refl = F.where(y == 0, F.full_like(y, math.pi ** 2 / 6), refl)
        return F.where(low, refl, li2(1.0 - _safe(~low, y, 1.0)))

    big = a > 1.5
    mid = li2(1.0 - _safe((a >= 0.5) & ~big, a, 1.0))
    lo = spence01(_safe(a < 0.5, a, 0.25))
    ab = _safe(big, a, 2.0)
    hi = -0.5 * lax.square(lax.log(ab)) - spence01(1.0 / ab)
    out = F.where(a < 0.5, lo, F.where(big, hi, mid))
    # JAX: NaN at inf too
    return _strong(F.where((a < 0) | F.isinf(a) | F.isnan(a), F.full_like(a, math.nan), out))


def sici(x):
    """(Si(x), Ci(x)): their power series up to |x| = 3; above, E1(ix) = -Ci(x) +
    i (Si(x) - pi/2) by the continued fraction e^-z / (z + 1 - 1/(z + 3 - 4/(z + 5 - ...)))
    (24 levels) in real arithmetic. Si is odd; Ci(-x) is JAX's Ci(|x|) (NaN at -inf)."""
    (a,) = _pai(x)
    _real(a, "sici")
    ax = F.abs(a)
    small = ax <= 3.0
    xs = _safe(small, ax, 1.0)
    term = xs                     # x^(2k+1) / (2k+1)!  (signed)
    si = xs
    ci = F.zeros_like(xs)
    for k in range(1, 16):
        t2 = term * xs / float(2 * k)             # x^(2k) / (2k)! (sign of step k)
        ci = ci - t2 / float(2 * k) if k % 2 else ci + t2 / float(2 * k)
        term = t2 * xs / float(2 * k + 1)
        si = si - term / float(2 * k + 1) if k % 2 else si + term / float(2 * k + 1)
    ci = _EULER + lax.log(xs) + ci
    xl = _safe(~small & F.isfinite(ax), ax, 4.0)
    # backward evaluation of the continued fraction with z = i x: t = p + i q
    p, q = F.full_like(xl, 49.0), xl
    for k in range(24, 0, -1):
        den = p * p + q * q
        p, q = (2.0 * k - 1.0) - (k * k) * p / den, xl + (k * k) * q / den
    den = p * p + q * q
    c, sn = lax.cos(xl), lax.sin(xl)
    # e^{-ix} / (p + i q) = (cos x - i sin x)(p - i q) / den
    re = (c * p - sn * q) / den
    im = (-c * q - sn * p) / den
    si_l = math.pi / 2 + im
    ci_l = -re
    si = F.where(small, si, F.where(F.isinf(ax), F.full_like(ax, math.pi / 2), si_l))
    ci = F.where(small, ci, F.where(F.isinf(ax), F.zeros_like(ax), ci_l))
    ci = F.where(ax == 0, F.full_like(ax, -math.inf), ci)
    ci = F.where(F.isnan(a) | (a == -math.inf), F.full_like(ax, math.nan), ci)
    si = F.where(F.isnan(a), a, si)
    return _strong(F.where(a < 0, -si, si)), _strong(ci)
