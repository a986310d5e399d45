"""What jax.scipy.special's definitions and the ports of JAX's own code share: JAX's argument
promotion (``promote_args_inexact``) and the gamma function."""

from __future__ import annotations

import math

import ivy

from .. import lax
from .._array import asarray, wrap
from .._core import KIND, name_of, promote
from ..numpy import _functions as F


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


def _real(x, name):
    if KIND[name_of(x._data)] == "c":
        raise ValueError(f"{name} does not support complex-valued inputs.")
    return x


def gammasgn(x):
    (a,) = _pai(x)
    _real(a, "gammasgn")
    fl = lax.floor(a)
    neg = a < 0
    nan_c = (neg & (a == fl)) | F.isnan(a)
    m1_c = (neg & (fl % 2 != 0)) | ((a == 0) & F.signbit(a))
    one = F.ones_like(a)
    out = F.where(nan_c, F.full_like(a, math.nan), F.where(m1_c, -one, one))
    return wrap(out._data, False)  # JAX's constants are strongly typed


def gamma(x):
    (a,) = _pai(x)
    _real(a, "gamma")
    return gammasgn(a) * lax.exp(lax.lgamma(a))


def digamma(x):
    (a,) = _pai(x)
    return lax.digamma(a)
