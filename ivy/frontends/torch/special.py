"""torch.special: compositions of Ivy's special (``ivy.erf``, ``ivy.lgamma``...), element-wise and
nn functions."""

from __future__ import annotations

import math

import ivy

from . import _functions as F
from ._core import dtype_of, not_implemented
from ._functions import _floatify, _out
from ._tensor import wrap

expit = F.sigmoid
logit = F.logit
exp2 = F.exp2
expm1 = F.expm1
log1p = F.log1p
sinc = F.sinc
round = F.round  # noqa: A001
xlogy = F.xlogy
logsumexp = F.logsumexp


def erfcx(input, *, out=None):
    x = _floatify(input._data)
    return _out(wrap(ivy.multiply(ivy.exp(ivy.multiply(x, x)), ivy.erfc(x))), out)


def xlog1py(input, other, *, out=None):
    from ._core import get_default_dtype, result_type
    from ._tensor import operand

    rt = result_type(input, other)
    if rt.cat < 2:
        rt = get_default_dtype()
    a, b = operand(input, rt), operand(other, rt)
    a, b = ivy.broadcast_arrays(a, b)
    r = ivy.where(ivy.equal(a, 0), ivy.zeros_like(a), ivy.multiply(a, ivy.log1p(b)))
    return _out(wrap(ivy.where(ivy.isnan(b), b, r)), out)


def entr(input, *, out=None):
    x = _floatify(input._data)
    r = ivy.where(ivy.greater(x, 0), ivy.negative(ivy.multiply(x, ivy.log(ivy.where(
        ivy.greater(x, 0), x, ivy.ones_like(x))))), ivy.zeros_like(x))
    r = ivy.where(ivy.less(x, 0), ivy.full_like(x, -math.inf), r)
    return _out(wrap(ivy.where(ivy.isnan(x), x, r)), out)


def ndtr(input, *, out=None):
    x = _floatify(input._data)
    return _out(wrap(ivy.multiply(ivy.add(1.0, ivy.erf(ivy.divide(x, math.sqrt(2.0)))), 0.5)),
                out)


def softmax(input, dim, *, dtype=None):
    from .nn.functional import softmax as _s

    return _s(input, dim, dtype=dtype)


def log_softmax(input, dim, *, dtype=None):
    from .nn.functional import log_softmax as _s

    return _s(input, dim, dtype=dtype)


def _unary(ivy_fn, name):
    """torch.special.<name>: ``ivy_fn`` on the input as float (integer/bool -> default dtype)."""

    def f(input, *, out=None):
        return _out(wrap(ivy_fn(_floatify(input._data))), out)

    f.__name__ = f.__qualname__ = name
    return f


def _binary(ivy_fn, name):
    """torch.special.<name>(input, other): torch's promotion, then float (ints -> default)."""

    def f(input, other, *, out=None):
        from ._core import get_default_dtype, result_type
        from ._tensor import Tensor, operand

        if not isinstance(input, Tensor) and not isinstance(other, Tensor):
            raise TypeError(f"special_{name}(): expected at least one Tensor argument")
        rt = result_type(input, other)
        if rt.cat < 2:
            rt = get_default_dtype()
        a, b = operand(input, rt), operand(other, rt)
        a = a if not isinstance(a, (int, float)) else ivy.full_like(b, a, dtype=rt.ivy)
        b = b if not isinstance(b, (int, float)) else ivy.full_like(a, b, dtype=rt.ivy)
        a, b = ivy.broadcast_arrays(a, b)
        return _out(wrap(ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    return f


# torch.special.erf is torch.erf, special.gammaln torch.lgamma, special.polygamma torch.polygamma...
erf = F.erf
erfc = F.erfc
erfinv = F.erfinv
gammaln = F.lgamma
digamma = psi = F.digamma
i0 = F.i0
polygamma = F.polygamma
multigammaln = F.mvlgamma
i0e = _unary(ivy.i0e, "i0e")
i1 = _unary(ivy.i1, "i1")
i1e = _unary(ivy.i1e, "i1e")
modified_bessel_i0 = _unary(ivy.i0, "modified_bessel_i0")
modified_bessel_i1 = _unary(ivy.i1, "modified_bessel_i1")
ndtri = _unary(ivy.ndtri, "ndtri")
log_ndtr = _unary(ivy.log_ndtr, "log_ndtr")  # exact in the lower tail
zeta = _binary(ivy.zeta, "zeta")
gammainc = F._binary_real(F._igamma_torch(False), "special_gammainc")  # torch.igamma
gammaincc = F._binary_real(F._igamma_torch(True), "special_gammaincc")  # torch.igammac


def _spherical_j0(x):
    zero = ivy.equal(x, 0)
    safe = ivy.where(zero, ivy.ones_like(x), x)
    r = ivy.where(zero, ivy.ones_like(x), ivy.divide(ivy.sin(safe), safe))
    return ivy.where(ivy.isinf(x), ivy.zeros_like(x), r)


spherical_bessel_j0 = _unary(_spherical_j0, "spherical_bessel_j0")
# not on Ivy's jax backend (jax.scipy.special has no J/Y/K): UnsupportedBackendError there
bessel_j0 = _unary(ivy.j0, "bessel_j0")
bessel_j1 = _unary(ivy.j1, "bessel_j1")
bessel_y0 = _unary(ivy.y0, "bessel_y0")
bessel_y1 = _unary(ivy.y1, "bessel_y1")
modified_bessel_k0 = _unary(ivy.k0, "modified_bessel_k0")
modified_bessel_k1 = _unary(ivy.k1, "modified_bessel_k1")
scaled_modified_bessel_k0 = _unary(ivy.k0e, "scaled_modified_bessel_k0")
scaled_modified_bessel_k1 = _unary(ivy.k1e, "scaled_modified_bessel_k1")


# Airy Ai: ATen's airy_ai_forward (Cephes' rational approximations for x < -2.09 and x >= 2.09,
# its power series, run to ATen's relative-term tolerance, in between), in the input's dtype.
_AIRY = {
    "AN": (3.46538101525629032477e-01, 1.20075952739645805542e+01, 7.62796053615234516538e+01,
           1.68089224934630576269e+02, 1.59756391350164413639e+02, 7.05360906840444183113e+01,
           1.40264691163389668864e+01, 9.99999999999999995305e-01),
    "AD": (5.67594532638770212846e-01, 1.47562562584847203173e+01, 8.45138970141474626562e+01,
           1.77318088145400459522e+02, 1.64234692871529701831e+02, 7.14778400825575695274e+01,
           1.40959135607834029598e+01, 1.00000000000000000470e+00),
    "AFN": (-1.31696323418331795333e-01, -6.26456544431912369773e-01,
            -6.93158036036933542233e-01, -2.79779981545119124951e-01,
            -4.91900132609500318020e-02, -4.06265923594885404393e-03,
            -1.59276496239262096340e-04, -2.77649108155232920844e-06,
            -1.67787698489114633780e-08),
    "AFD": (1.33560420706553243746e+01, 3.26825032795224613948e+01, 2.67367040941499554804e+01,
            9.18707402907259625840e+00, 1.47529146771666414581e+00, 1.15687173795188044134e-01,
            4.40291641615211203805e-03, 7.54720348287414296618e-05, 4.51850092970580378464e-07),
    "AGN": (1.97339932091685679179e-02, 3.91103029615688277255e-01, 1.06579897599595591108e+00,
            9.39169229816650230044e-01, 3.51465656105547619242e-01, 6.33888919628925490927e-02,
            5.85804113048388458567e-03, 2.82851600836737019778e-04, 6.98793669997260967291e-06,
            8.11789239554389293311e-08, 3.41551784765923618484e-10),
    "AGD": (9.30892908077441974853e+00, 1.98352928718312140417e+01, 1.55646628932864612953e+01,
            5.47686069422975497931e+00, 9.54293611618961883998e-01, 8.64580826352392193095e-02,
            4.12656523824222607191e-03, 1.01259085116509135510e-04, 1.17166733214413521882e-06,
            4.91834570062930015649e-09),
}


_AIRY_TERMS = 14  # |x| < 2.09: ATen's series has stopped by then (float64: after 12 terms)


def _horner(coeffs, z):
    r = ivy.zeros_like(z)
    for c in coeffs:
        r = ivy.add(ivy.multiply(r, z), c)
    return r


def airy_ai(input, *, out=None):
    import numpy as np

    x = _floatify(input._data)
    eps = float(np.finfo(dtype_of(x).name).eps)
    one = ivy.ones_like(x)
    # x < -2.09: the oscillating asymptotic form
    xn = ivy.where(ivy.logical_and(ivy.less(x, -2.09), ivy.isfinite(x)), x,
                   ivy.full_like(x, -4.0))
    sq = ivy.sqrt(ivy.negative(xn))
    w = ivy.divide(ivy.multiply(ivy.multiply(xn, -2.0), sq), 3.0)
    z = ivy.divide(one, w)
    zz = ivy.multiply(z, z)
    afn, afd = _horner(_AIRY["AFN"], zz), _horner(_AIRY["AFD"], zz)
    agn, agd = _horner(_AIRY["AGN"], zz), _horner(_AIRY["AGD"], zz)
    t = ivy.add(w, 0.25 * math.pi)
    neg = ivy.multiply(ivy.divide(5.64189583547756286948e-01, ivy.sqrt(sq)), ivy.subtract(
        ivy.multiply(ivy.sin(t), ivy.add(1.0, ivy.divide(ivy.multiply(zz, afn), afd))),
        ivy.multiply(ivy.cos(t), ivy.divide(ivy.multiply(z, agn), agd))))
    # x >= 2.09: the decaying asymptotic form
    xp = ivy.where(ivy.logical_and(ivy.greater_equal(x, 2.09), ivy.isfinite(x)), x,
                   ivy.full_like(x, 4.0))
    zeta = ivy.divide(ivy.multiply(ivy.multiply(xp, 2.0), ivy.sqrt(xp)), 3.0)
    iz = ivy.divide(one, zeta)
    an, ad = _horner(_AIRY["AN"], iz), _horner(_AIRY["AD"], iz)
    pos = ivy.divide(ivy.multiply(5.64189583547756286948e-01, ivy.divide(an, ad)),
                     ivy.multiply(ivy.multiply(ivy.sqrt(ivy.sqrt(xp)), 2.0), ivy.exp(zeta)))
    # |x| < 2.09: Maclaurin series, each element stopping where ATen's loop stops
    xs = ivy.where(ivy.logical_and(ivy.greater_equal(x, -2.09), ivy.less(x, 2.09)), x,
                   ivy.zeros_like(x))
    f, g, m, n, k = one, xs, one, xs, 1.0
    zc = ivy.multiply(ivy.multiply(xs, xs), xs)
    active = None
    for _ in range(_AIRY_TERMS):
        m2 = ivy.divide(ivy.divide(ivy.multiply(m, zc), k + 1.0), k + 2.0)
        n2 = ivy.divide(ivy.divide(ivy.multiply(n, zc), k + 2.0), k + 3.0)
        k += 3.0
        if active is None:  # ATen's loop runs at least once
            m, n, f, g = m2, n2, ivy.add(f, m2), ivy.add(g, n2)
            active = ivy.greater(ivy.abs(ivy.divide(m, f)), eps)
            continue
        m, n = ivy.where(active, m2, m), ivy.where(active, n2, n)
        f = ivy.where(active, ivy.add(f, m2), f)
        g = ivy.where(active, ivy.add(g, n2), g)
        active = ivy.logical_and(active, ivy.greater(ivy.abs(ivy.divide(m, f)), eps))
    ser = ivy.subtract(ivy.multiply(f, 0.355028053887817239260),
                       ivy.multiply(g, 0.258819403792806798405))
    r = ivy.where(ivy.less(x, -2.09), neg,
                  ivy.where(ivy.greater_equal(x, 2.09), pos, ser))
    r = ivy.where(ivy.greater(x, 103.892), ivy.zeros_like(x), r)
    r = ivy.where(ivy.isinf(x), ivy.full_like(x, math.nan), r)
    r = ivy.where(ivy.isnan(x), x, r)
    return _out(wrap(ivy.astype(r, dtype_of(x).ivy)), out)


# Orthogonal polynomials by their three-term recurrences (n a Python int or a one-element integer
# tensor; a tensor of several degrees is not supported). torch: n < 0 gives 0.
def _degree(n, name):
    from ._tensor import Tensor

    if isinstance(n, Tensor):
        if n._data.size != 1 or dtype_of(n._data).cat > 1:
            not_implemented(f"torch.special.{name}", "n must be one integer")
        n = int(ivy.to_scalar(ivy.reshape(n._data, ())))
    if float(n) != int(n):
        not_implemented(f"torch.special.{name}", "n must be an integer")
    return int(n)


def _polynomial(name, first, step, shift=False):
    """``first(x)`` is p_1; ``step(k, x, p_k, p_{k-1})`` is p_{k+1}."""

    def f(input, n, *, out=None):
        x = _floatify(input._data)
        if shift:
            x = ivy.subtract(ivy.multiply(x, 2.0), 1.0)
        k = _degree(n, name)
        if k < 0:
            return _out(wrap(ivy.zeros_like(x)), out)
        p, q = ivy.ones_like(x), first(x)
        if k == 0:
            return _out(wrap(p), out)
        for j in range(1, k):
            p, q = q, step(j, x, q, p)
        return _out(wrap(q), out)

    f.__name__ = f.__qualname__ = name
    return f


def _cheb_step(j, x, q, p):
    return ivy.subtract(ivy.multiply(ivy.multiply(x, 2.0), q), p)


_CHEB_FIRST = {"t": lambda x: x, "u": lambda x: ivy.multiply(x, 2.0),
               "v": lambda x: ivy.subtract(ivy.multiply(x, 2.0), 1.0),
               "w": lambda x: ivy.add(ivy.multiply(x, 2.0), 1.0)}
chebyshev_polynomial_t = _polynomial("chebyshev_polynomial_t", _CHEB_FIRST["t"], _cheb_step)
chebyshev_polynomial_u = _polynomial("chebyshev_polynomial_u", _CHEB_FIRST["u"], _cheb_step)
chebyshev_polynomial_v = _polynomial("chebyshev_polynomial_v", _CHEB_FIRST["v"], _cheb_step)
chebyshev_polynomial_w = _polynomial("chebyshev_polynomial_w", _CHEB_FIRST["w"], _cheb_step)
shifted_chebyshev_polynomial_t = _polynomial("shifted_chebyshev_polynomial_t", _CHEB_FIRST["t"],
                                             _cheb_step, shift=True)
shifted_chebyshev_polynomial_u = _polynomial("shifted_chebyshev_polynomial_u", _CHEB_FIRST["u"],
                                             _cheb_step, shift=True)
shifted_chebyshev_polynomial_v = _polynomial("shifted_chebyshev_polynomial_v", _CHEB_FIRST["v"],
                                             _cheb_step, shift=True)
shifted_chebyshev_polynomial_w = _polynomial("shifted_chebyshev_polynomial_w", _CHEB_FIRST["w"],
                                             _cheb_step, shift=True)

hermite_polynomial_h = _polynomial(
    "hermite_polynomial_h", lambda x: ivy.multiply(x, 2.0),
    lambda j, x, q, p: ivy.subtract(ivy.multiply(ivy.multiply(x, 2.0), q), ivy.multiply(p, 2.0 * j)))
hermite_polynomial_he = _polynomial(
    "hermite_polynomial_he", lambda x: x,
    lambda j, x, q, p: ivy.subtract(ivy.multiply(x, q), ivy.multiply(p, float(j))))
laguerre_polynomial_l = _polynomial(
    "laguerre_polynomial_l", lambda x: ivy.subtract(1.0, x),
    lambda j, x, q, p: ivy.divide(ivy.subtract(ivy.multiply(ivy.subtract(2.0 * j + 1.0, x), q),
                                               ivy.multiply(p, float(j))), j + 1.0))
legendre_polynomial_p = _polynomial(
    "legendre_polynomial_p", lambda x: x,
    lambda j, x, q, p: ivy.divide(ivy.subtract(ivy.multiply(ivy.multiply(x, 2.0 * j + 1.0), q),
                                               ivy.multiply(p, float(j))), j + 1.0))
