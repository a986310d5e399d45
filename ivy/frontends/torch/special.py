"""torch.special: the functions expressible with Ivy's element-wise and nn functions."""

from __future__ import annotations

import math

import ivy

from . import _functions as F
from ._core import not_implemented
from ._functions import _floatify, _out
from ._tensor import wrap

erf = F.erf
erfc = F.erfc
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
    return _out(wrap(ivy.multiply(ivy.exp(ivy.multiply(x, x)), F._erf(x) if False else
                                  ivy.subtract(1.0, F._erf(x)))), out)


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
    return _out(wrap(ivy.multiply(ivy.add(1.0, F._erf(ivy.divide(x, math.sqrt(2.0)))), 0.5)),
                out)


def log_ndtr(input, *, out=None):
    return _out(F.log(ndtr(input)), out)


def softmax(input, dim, *, dtype=None):
    from .nn.functional import softmax as _s

    return _s(input, dim, dtype=dtype)


def log_softmax(input, dim, *, dtype=None):
    from .nn.functional import log_softmax as _s

    return _s(input, dim, dtype=dtype)


def _missing(name):
    def f(*args, **kwargs):
        not_implemented(f"torch.special.{name}", "Ivy has no primitive for it yet")

    f.__name__ = name
    return f


for _n in ("erfinv", "gammaln", "digamma", "psi", "polygamma", "multigammaln", "i0", "i0e", "i1",
           "i1e", "ndtri", "zeta", "gammainc", "gammaincc", "bessel_j0", "bessel_j1",
           "airy_ai", "spherical_bessel_j0"):
    globals()[_n] = _missing(_n)
del _n
