"""``jax.lax`` special functions (``erf``, ``lgamma``, ``digamma``, ``igamma``, ``zeta``,
``polygamma``, ``betainc``, Bessel).

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins

import ivy

from .._array import asarray, wrap
from .._core import KIND, name_of
from ._base import _same


# ------------------------------------------------------------------ special functions
# Ivy's special functions (SciPy/torch/XLA per backend) with XLA's edge values applied by
# ``ivy.where`` where the backends disagree (see _xla_edges); real floating operands only.
def _sp(fn, name):
    def f(x):
        a = asarray(x)
        if KIND[name_of(a._data)] != "f":
            raise TypeError(f"{name} does not accept dtype {name_of(a._data)}. Accepted "
                            f"dtypes are subtypes of floating.")
        return wrap(fn(a._data), a._weak)
    f.__name__ = name
    return f


def _spn(fn, name):
    def f(*xs):
        ds, dt, weak = _same(*xs, name=name)
        if KIND[dt] != "f":
            raise TypeError(f"{name} does not accept dtype {dt}. Accepted dtypes are "
                            f"subtypes of floating.")
        ds = ivy.broadcast_arrays(*ds) if builtins.any(len(d.shape) for d in ds) else ds
        return wrap(fn(*ds), weak)
    f.__name__ = name
    return f


def _nan_where(c, r):
    return ivy.where(c, ivy.full_like(r, float("nan")), r)


def _is_int(v):
    return ivy.equal(ivy.floor(v), v)


def _digamma(v):
    """XLA: NaN at zero and the negative integers (SciPy: -inf at +0)."""
    return _nan_where(ivy.logical_and(ivy.less_equal(v, 0), _is_int(v)), ivy.digamma(v))


def _igamma(a, x, upper):
    """XLA's rules (jax._src.lax.special.igamma_impl/igammac_impl): NaN for a NaN operand,
    x < 0, a < 0 or a == x == 0; P(x == 0) = 0, P(x == inf) = 1, Q(x == inf or a == 0) = 0;
    XLA's series gives NaN for an infinite a (and P for a == 0 < x)."""
    r = ivy.igammac(a, x) if upper else ivy.igamma(a, x)
    finite_x = ivy.isfinite(x)
    # a == inf: the series underflows to P = 0 for x < 1, NaN from x >= 1
    ainf = ivy.logical_and(ivy.isinf(a), finite_x)
    r = ivy.where(ainf, ivy.where(ivy.less(x, 1), ivy.full_like(r, 1.0 if upper else 0.0),
                                  ivy.full_like(r, float("nan"))), r)
    zero = ivy.zeros_like(r)
    a0 = ivy.equal(a, 0)
    xinf = ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0))
    if upper:
        r = ivy.where(ivy.logical_or(xinf, a0), zero, r)
    else:  # a == 0 < x: NaN from the series (x < 1), 1 from the continued fraction
        r = ivy.where(ivy.logical_and(a0, ivy.logical_and(ivy.greater(x, 0), finite_x)),
                      ivy.where(ivy.less(x, 1), ivy.full_like(r, float("nan")),
                                ivy.ones_like(r)), r)
        r = ivy.where(ivy.equal(x, 0), zero, r)
        r = ivy.where(xinf, ivy.ones_like(r), r)
    dom = ivy.logical_or(ivy.logical_or(ivy.less(x, 0), ivy.less(a, 0)),
                         ivy.logical_and(a0, ivy.equal(x, 0)))
    dom = ivy.logical_or(dom, ivy.logical_or(ivy.isnan(a), ivy.isnan(x)))
    return _nan_where(dom, r)


def _zeta(x, q):
    """XLA's (Cephes') rules: inf at x == 1, NaN below; q <= 0 needs an integer x (an integer q:
    inf for even x, NaN otherwise); NaN for x == inf with q <= 1 or q > 1e8 (XLA's asymptotic
    branch) and for q == inf."""
    r = ivy.zeta(x, q)
    qle0 = ivy.less_equal(q, 0)
    xint = _is_int(x)
    even = ivy.logical_and(xint, ivy.equal(ivy.remainder(x, 2.0), 0))
    r = _nan_where(ivy.logical_and(qle0, ivy.logical_not(xint)), r)
    r = _nan_where(ivy.logical_and(ivy.isinf(x), ivy.logical_or(ivy.less_equal(q, 1),
                                                                 ivy.greater(q, 1e8))), r)
    r = _nan_where(ivy.logical_or(ivy.isinf(q), ivy.less(x, 1)), r)
    # XLA's order: x == 1 first, then an integer q <= 0, then x < 1
    r = ivy.where(ivy.logical_and(qle0, _is_int(q)),
                  ivy.where(even, ivy.full_like(r, float("inf")), ivy.full_like(r, float("nan"))),
                  r)
    r = ivy.where(ivy.equal(x, 1), ivy.full_like(r, float("inf")), r)
    return _nan_where(ivy.logical_or(ivy.isnan(x), ivy.isnan(q)), r)


def _polygamma(m, x):
    """XLA's polygamma: digamma for m == 0, ``(-1)**(m+1) * m! * zeta(m + 1, x)`` otherwise;
    NaN unless m is a finite non-negative integer, NaN at x == inf for m > 0."""
    fact = ivy.exp(ivy.lgamma(ivy.add(m, 1.0)))
    sign = ivy.where(ivy.equal(ivy.remainder(m, 2.0), 0), ivy.full_like(m, -1.0),
                     ivy.ones_like(m))
    r = ivy.multiply(ivy.multiply(sign, fact), _zeta(ivy.add(m, 1.0), x))
    r = _nan_where(ivy.isinf(x), r)
    r = ivy.where(ivy.equal(m, 0), _digamma(x), r)
    bad = ivy.logical_or(ivy.logical_not(_is_int(m)), ivy.less(m, 0))
    return _nan_where(ivy.logical_or(bad, ivy.isinf(m)), r)


erf = _sp(ivy.erf, "erf")
erfc = _sp(ivy.erfc, "erfc")
erf_inv = _sp(ivy.erfinv, "erf_inv")
lgamma = _sp(ivy.lgamma, "lgamma")
digamma = _sp(_digamma, "digamma")
bessel_i0e = _sp(ivy.i0e, "bessel_i0e")
bessel_i1e = _sp(ivy.i1e, "bessel_i1e")
igamma = _spn(lambda a, x: _igamma(a, x, False), "igamma")
igammac = _spn(lambda a, x: _igamma(a, x, True), "igammac")
zeta = _spn(_zeta, "zeta")
polygamma = _spn(_polygamma, "polygamma")
betainc = _spn(ivy.betainc, "betainc")
