"""Special functions written once over an array namespace ``xp`` (``jax.numpy``, ``torch``,
``tensorflow.experimental.numpy``; see ``_shared/__init__.py`` for the convention)."""

from __future__ import annotations

import math


def cot_derivative_poly(n: int) -> list[float]:
    """Coefficients (by power of ``c``) of ``P_n`` with ``d^n/dz^n cot(z) = P_n(cot z)``:
    ``P_0(c) = c``, ``P_{k+1}(c) = -(1 + c**2) P_k'(c)``."""
    p = [0.0, 1.0]
    for _ in range(n):
        d = [i * p[i] for i in range(1, len(p))]
        q = [0.0] * (len(d) + 2)
        for i, a in enumerate(d):
            q[i] -= a
            q[i + 2] -= a
        p = q
    return p


def polygamma(xp, n, x, *, positive):
    """``psi_n(x)`` for ``n >= 1`` with SciPy's values everywhere: ``positive(n, x)`` (the
    framework's own, accurate for ``x > 0``) there, the reflection formula
    ``psi_n(x) = (-1)**n psi_n(1 - x) - pi**(n+1) P_n(cot(pi x))`` for ``x < 0`` (the frameworks'
    Hurwitz-zeta kernels lose all accuracy there: jax gives 7.74 for ``psi_1(-8.478)``, not 9.80,
    tensorflow -9.9e11), with ``cot(pi x)`` from the reduced argument (exactly 0 at
    half-integers); ``(-1)**(n+1) inf`` at the poles ``0, -1, -2, ...`` and at ``-inf``,
    ``(-1)**(n+1) 0`` at ``+inf``, NaN for NaN."""
    pi = math.pi
    r = x - xp.floor(x + 0.5)
    c = xp.sin(pi * (0.5 - xp.abs(r))) / xp.sin(pi * xp.where(r == 0, xp.ones_like(r) * 0.5, r))
    poly = xp.zeros_like(x)
    for a in reversed(cot_derivative_poly(n)):
        poly = poly * c + a
    neg = x < 0
    one = xp.ones_like(x)
    refl = (-1.0) ** n * positive(n, xp.where(neg, 1 - x, one)) - pi ** (n + 1) * poly
    out = xp.where(neg, refl, positive(n, xp.where(neg, one, x)))
    sign = (-1.0) ** (n + 1)
    pole = ((x <= 0) & (r == 0)) | (x == -math.inf)
    out = xp.where(pole, one * (sign * math.inf), out)
    # (one * sign) * 0.0, not one * -0.0: TensorFlow caches Python scalars by value, so a -0.0
    # literal can come back as a cached +0.0 tensor
    return xp.where(x == math.inf, one * sign * 0.0, out)


def zeta(xp, x, q, *, positive, while_loop, to_f64):
    """Hurwitz ``zeta(x, q)`` with SciPy's values at ``q <= 0``, where the jax and tensorflow
    kernels are silently wrong (jax gives -1.9e16 for ``zeta(3, -9.597)``, not 10.66): for an
    integer ``x`` and a negative non-integer ``q`` the recurrence
    ``zeta(x, q) = zeta(x, q + k) + sum_{j<k} (q + j)**-x`` (``k = ceil(-q)``, a ``while_loop``,
    in float64: the terms cancel for odd ``x``); ``inf`` at ``q = 0, -1, ..., -inf`` (``x > 1``),
    NaN for a non-integer ``x`` there. ``positive(x, q)``: the framework's own, right for
    ``q > 0``; ``x``/``q``: broadcast arrays of one float dtype; the result is float64 (the
    backend casts it back)."""
    xint = x == xp.floor(x)
    qint = q == xp.floor(q)
    shift = (q < 0) & xp.isfinite(q) & ~qint & xint
    one = xp.ones_like(q)
    x64 = to_f64(x)
    odd = to_f64(xp.where(x - 2 * xp.floor(x / 2) != 0, -one, one))  # (-1)**x, x an integer

    def cond(state):
        return xp.any(state[0] < 0)

    def body(state):
        qq, acc = state
        m = qq < 0
        term = odd * xp.abs(xp.where(m, qq, xp.ones_like(qq))) ** -x64
        return xp.where(m, qq + 1, qq), acc + xp.where(m, term, xp.zeros_like(term))

    q0 = to_f64(xp.where(shift, q, one))
    qs, acc = while_loop(cond, body, (q0, xp.zeros_like(q0)))
    shifted = positive(x64, qs) + acc
    out = xp.where(shift, shifted, to_f64(positive(x, xp.where(shift, one, q))))
    pole = (q <= 0) & qint & (x >= 1)
    out = xp.where(pole, to_f64(one) * math.inf, out)
    out = xp.where((q == math.inf) & (x > 1), to_f64(one) * 0.0, out)  # jax gives NaN there
    return xp.where((q < 0) & ~qint & ~xint, to_f64(one) * math.nan, out)
