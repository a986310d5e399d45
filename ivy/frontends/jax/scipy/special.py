"""jax.scipy.special: JAX's definitions (``promote_args_inexact`` then the ``jax.lax`` special
primitive, or JAX's composition of them) on the frontend's lax/jnp, so dtypes, weak types and
edge values are JAX's.

Not implemented (no Ivy primitive, or JAX's own algorithm not reproduced): ``bessel_jn``,
``beta``/``betaln``/``poch``/``comb``/``multigammaln`` (JAX's large-argument algorithms),
``dawsn``, ``erfcx``, ``exp1``, ``expi``, ``expn``, ``fresnel``, ``hyp1f1``, ``hyp2f1``,
``owens_t``, ``sici``, ``spence``, ``sph_harm_y``, ``wofz``, ``bernoulli``: they are absent.
Complex arguments (JAX's complex ``gamma``/``loggamma``) raise ValueError.
"""

from __future__ import annotations

import math

import numpy as np

import ivy

from .. import lax
from .. import nn as _nn
from .._array import asarray, wrap
from .._core import KIND, name_of, not_implemented, promote
from ..numpy import _functions as F

logsumexp = _nn.logsumexp
softmax = _nn.softmax
log_softmax = _nn.log_softmax


def _pai(*args):
    """JAX's promote_args_inexact: common dtype (weak types included), integers/bool to the
    default float, broadcast to a common shape."""
    xs = [asarray(x) for x in args]
    name, weak = promote(*[(name_of(x._data), x._weak) for x in xs])
    if KIND[name] in "biu":
        name = "float32"
    ds = [ivy.astype(x._data, name) if name_of(x._data) != name else x._data for x in xs]
    if len(ds) > 1:
        ds = ivy.broadcast_arrays(*ds)
    return [wrap(d, weak) for d in ds]


def _one(lax_fn):
    def f(x):
        (a,) = _pai(x)
        return lax_fn(a)
    f.__name__ = lax_fn.__name__
    return f


gammaln = _one(lax.lgamma)
digamma = _one(lax.digamma)
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


def _real(x, name):
    if KIND[name_of(x._data)] == "c":
        raise ValueError(f"{name} does not support complex-valued inputs.")
    return x


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


def gammasgn(x):
    (a,) = _pai(x)
    _real(a, "gammasgn")
    fl = lax.floor(a)
    neg = a < 0
    nan_c = (neg & (a == fl)) | F.isnan(a)
    m1_c = (neg & (fl % 2 != 0)) | ((a == 0) & F.signbit(a))
    one = F.ones_like(a)
    return F.where(nan_c, F.full_like(a, math.nan), F.where(m1_c, -one, one))


def gamma(x):
    (a,) = _pai(x)
    _real(a, "gamma")
    return gammasgn(a) * lax.exp(lax.lgamma(a))


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
