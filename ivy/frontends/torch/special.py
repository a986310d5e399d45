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


def _missing(name):
    def f(*args, **kwargs):
        not_implemented(f"torch.special.{name}", "Ivy has no primitive for it yet")

    f.__name__ = name
    return f


for _n in ("airy_ai",):
    globals()[_n] = _missing(_n)
del _n


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
for _k, _first in _CHEB_FIRST.items():
    globals()[f"chebyshev_polynomial_{_k}"] = _polynomial(f"chebyshev_polynomial_{_k}", _first,
                                                          _cheb_step)
    globals()[f"shifted_chebyshev_polynomial_{_k}"] = _polynomial(
        f"shifted_chebyshev_polynomial_{_k}", _first, _cheb_step, shift=True)
del _k, _first

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
