"""tf.math special functions (lgamma, digamma, erfinv, igamma, zeta, Bessel, ...) and
``tf.math.special``, as compositions of Ivy's special functions.

TensorFlow's kernels are Eigen's; where Eigen's edge values differ from SciPy's (which Ivy
follows: ``digamma(0)``, ``igamma(0, x)``, ``betainc(a <= 0, ...)``, ``zeta`` at non-positive
integer ``q``, the Bessel functions of negative arguments, ...) the edge rules are applied here
with ``ivy.where``, so the result is TensorFlow's on every backend. Dtype lists are TensorFlow's
(``lgamma``/``digamma``/Bessel: float16, float32, float64; the rest: float32, float64).
"""

from __future__ import annotations

import math as _m
import types

import ivy

from ._core import name_of, nat, wrap
from ._functions import check, match

F16 = ("float16", "float32", "float64")
F32 = ("float32", "float64")


def _nan(x):
    return ivy.full_like(x, float("nan"))


def _inf(x, sign=1.0):
    return ivy.full_like(x, sign * float("inf"))


def _is_int(x):
    return ivy.equal(ivy.floor(x), x)


def _unary(fn, op, allowed):
    """float16 is computed in float32 and rounded, as Eigen's half kernels do."""
    def f(x, name=None):
        d = nat(x)
        n = name_of(d)
        check(op, n, allowed)
        if n == "float16":
            return wrap(ivy.astype(fn(ivy.astype(d, "float32")), "float16"))
        return wrap(fn(d))

    f.__name__ = op
    return f


def _digamma(x):
    r = ivy.digamma(x)
    return ivy.where(ivy.logical_and(ivy.less_equal(x, 0), _is_int(x)), _nan(x), r)


def _zeta(x, q):
    """Eigen's zeta: inf at x == 1, NaN for x < 1; q <= 0: integer q gives inf for even integer
    x and NaN otherwise, non-integer q needs an integer x."""
    r = ivy.zeta(x, q)
    qle0 = ivy.less_equal(q, 0)
    xint = _is_int(x)
    even = ivy.logical_and(xint, ivy.equal(ivy.remainder(x, 2.0), 0))
    r = ivy.where(ivy.logical_and(qle0, _is_int(q)), ivy.where(even, _inf(r), _nan(r)), r)
    r = ivy.where(ivy.logical_and(qle0, ivy.logical_not(xint)), _nan(r), r)
    # q == +inf: 0 (x > 1); x == +inf: q**-inf (0 for q > 1, 1 at q == 1, inf below)
    r = ivy.where(ivy.logical_and(ivy.isinf(q), ivy.greater(q, 0)), ivy.zeros_like(r), r)
    r = ivy.where(ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0)),
                  ivy.where(ivy.greater(q, 1), ivy.zeros_like(r),
                            ivy.where(ivy.equal(q, 1), ivy.ones_like(r), _inf(r))), r)
    r = ivy.where(ivy.less(x, 1), _nan(r), r)
    r = ivy.where(ivy.equal(x, 1), _inf(r), r)
    return ivy.where(ivy.logical_or(ivy.isnan(x), ivy.isnan(q)), _nan(r), r)


def _polygamma(n, x):
    """Eigen's polygamma: NaN unless ``n`` is a non-negative integer, digamma for ``n == 0``,
    ``(-1)**(n+1) * n! * zeta(n + 1, x)`` otherwise (elementwise in ``n``)."""
    fact = ivy.exp(ivy.lgamma(ivy.add(n, 1.0)))
    sign = ivy.where(ivy.equal(ivy.remainder(n, 2.0), 0), ivy.full_like(n, -1.0),
                     ivy.ones_like(n))
    r = ivy.multiply(ivy.multiply(sign, fact), _zeta(ivy.add(n, 1.0), x))
    r = ivy.where(ivy.equal(n, 0), _digamma(x), r)
    bad = ivy.logical_or(ivy.logical_not(_is_int(n)), ivy.less(n, 0))
    return ivy.where(ivy.logical_or(bad, ivy.isnan(n)), _nan(r), r)


def _igamma(a, x, upper):
    r = ivy.igammac(a, x) if upper else ivy.igamma(a, x)
    one, zero = ivy.ones_like(r), ivy.zeros_like(r)
    finite_x = ivy.logical_not(ivy.isinf(x))
    # a == inf: P = 0, Q = 1 for finite x (SciPy/XLA may give NaN)
    r = ivy.where(ivy.logical_and(ivy.isinf(a), finite_x), one if upper else zero, r)
    r = ivy.where(ivy.logical_and(ivy.isinf(a), ivy.isinf(x)), zero, r)  # Eigen: both 0
    bad = ivy.logical_or(ivy.logical_or(ivy.less(x, 0), ivy.less_equal(a, 0)),
                         ivy.logical_or(ivy.isnan(a), ivy.isnan(x)))
    if upper:  # Eigen checks the domain first, then x == 0
        r = ivy.where(ivy.equal(x, 0), one, r)
        r = ivy.where(bad, _nan(r), r)
    else:  # Eigen returns 0 for x == 0 before checking a (even a NaN)
        r = ivy.where(bad, _nan(r), r)
        r = ivy.where(ivy.equal(x, 0), zero, r)
    return r


def _betainc(a, b, x):
    """Eigen's order: NaN for a <= 0 or b <= 0, else 0 at x == 0 and 1 at x == 1 (whatever
    else a and b are), else NaN outside [0, 1] and for infinite/NaN operands."""
    r = ivy.betainc(a, b, x)
    bad = ivy.logical_or(ivy.less(x, 0), ivy.greater(x, 1))
    bad = ivy.logical_or(bad, ivy.logical_or(ivy.isinf(a), ivy.isinf(b)))
    bad = ivy.logical_or(bad, ivy.logical_or(ivy.logical_or(ivy.isnan(a), ivy.isnan(b)),
                                             ivy.isnan(x)))
    r = ivy.where(bad, _nan(r), r)
    r = ivy.where(ivy.equal(x, 0), ivy.zeros_like(r), r)
    r = ivy.where(ivy.equal(x, 1), ivy.ones_like(r), r)
    return ivy.where(ivy.logical_or(ivy.less_equal(a, 0), ivy.less_equal(b, 0)), _nan(r), r)


lgamma = _unary(ivy.lgamma, "Lgamma", F16)
digamma = _unary(_digamma, "Digamma", F16)
erfinv = _unary(ivy.erfinv, "Erfinv", F32)
ndtri = _unary(ivy.ndtri, "Ndtri", F32)
bessel_i0 = _unary(ivy.i0, "BesselI0", F16)
bessel_i0e = _unary(ivy.i0e, "BesselI0e", F16)
bessel_i1 = _unary(ivy.i1, "BesselI1", F16)
bessel_i1e = _unary(ivy.i1e, "BesselI1e", F16)


def erfcinv(x, name=None):
    """TF's Python definition: ``-ndtri(0.5 * x) * sqrt(0.5)``."""
    d = nat(x)
    check("Ndtri", name_of(d), F32)
    return wrap(ivy.multiply(ivy.negative(ivy.ndtri(ivy.multiply(d, 0.5))), _m.sqrt(0.5)))


def igamma(a, x, name=None):
    (da, dx), n = match("Igamma", a, x)
    check("Igamma", n, F32)
    return wrap(_igamma(da, dx, False))


def igammac(a, x, name=None):
    (da, dx), n = match("Igammac", a, x)
    check("Igammac", n, F32)
    return wrap(_igamma(da, dx, True))


def zeta(x, q, name=None):
    (dx, dq), n = match("Zeta", x, q)
    check("Zeta", n, F32)
    return wrap(_zeta(dx, dq))


def polygamma(a, x, name=None):
    (da, dx), n = match("Polygamma", a, x)
    check("Polygamma", n, F32)
    da, dx = ivy.broadcast_arrays(da, dx)
    return wrap(_polygamma(da, dx))


def betainc(a, b, x, name=None):
    (da, db, dx), n = match("Betainc", a, b, x)
    check("Betainc", n, F32)
    return wrap(_betainc(da, db, dx))


def lbeta(x, name=None):
    """TF's Python definition: ``reduce_sum(lgamma(x), -1) - lgamma(reduce_sum(x, -1))``."""
    from ._functions import reduce_sum, subtract

    return subtract(reduce_sum(lgamma(x), axis=[-1]), lgamma(reduce_sum(x, axis=[-1])))


# ------------------------------------------------------------------------- tf.math.special
def _pos_only(fn, neg, zero=None):
    """A Bessel function of the second kind / modified one of TF (Cephes): ``neg`` for x < 0
    (SciPy gives NaN), ``zero`` at x == 0 when given (TF's float16/float32 kernels only)."""
    def g(x):
        r = fn(x)
        r = ivy.where(ivy.less(x, 0), ivy.full_like(r, neg), r)
        if zero is not None and name_of(x) == "float32":
            r = ivy.where(ivy.equal(x, 0), ivy.full_like(r, zero), r)
        return r
    return g


def _nan_at_inf(fn, pos_only=False):
    """NaN at +-inf (TF's J0/J1; SciPy gives 0), or at +inf only (TF's Y0/Y1)."""
    def g(x):
        r = fn(x)
        at = ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0)) if pos_only else ivy.isinf(x)
        return ivy.where(at, _nan(r), r)
    return g


special = types.ModuleType("ivy.frontends.tensorflow.math.special",
                           "tf.math.special: the Bessel functions (Ivy's special functions with "
                           "TensorFlow's edge values); dawsn, expint, fresnel_* and spence have "
                           "no Ivy primitive.")
special.bessel_i0, special.bessel_i0e = bessel_i0, bessel_i0e
special.bessel_i1, special.bessel_i1e = bessel_i1, bessel_i1e
special.bessel_j0 = _unary(_nan_at_inf(ivy.j0), "BesselJ0", F16)
special.bessel_j1 = _unary(_nan_at_inf(ivy.j1), "BesselJ1", F16)
special.bessel_y0 = _unary(_nan_at_inf(_pos_only(ivy.y0, -float("inf")), True), "BesselY0", F16)
special.bessel_y1 = _unary(_nan_at_inf(_pos_only(ivy.y1, -float("inf"), float("nan")), True),
                           "BesselY1", F16)
special.bessel_k0 = _unary(_pos_only(ivy.k0, float("inf")), "BesselK0", F16)
special.bessel_k0e = _unary(_pos_only(ivy.k0e, float("inf")), "BesselK0e", F16)
special.bessel_k1 = _unary(_pos_only(ivy.k1, float("inf")), "BesselK1", F16)
special.bessel_k1e = _unary(_pos_only(ivy.k1e, float("inf")), "BesselK1e", F16)


def _nyi(name):
    def f(*a, **k):
        from ._core import not_implemented

        not_implemented(f"tf.math.special.{name}", "no Ivy primitive")
    f.__name__ = name
    return f


for _n in ("dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"):
    setattr(special, _n, _nyi(_n))
