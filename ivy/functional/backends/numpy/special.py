"""The NumPy backend: special functions (see ivy/functional/ivy/special.py for the API).

NumPy has none; they come from ``scipy.special`` (a dependency of Ivy), imported on first use so
that importing Ivy does not pay for it. The results are cast back to the input's float dtype
(SciPy computes some of them, e.g. ``polygamma``, in float64 whatever the input).
"""

import numpy as np

from ivy import dtypes as _d

from .dtypes import as_native_dtype


def _scipy_special():
    """scipy.special (a dependency of Ivy), imported on first use: importing Ivy does not pay
    for it, and a cached module import costs a dict lookup."""
    from scipy import special

    return special


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype."""
    x = np.asarray(x)
    if x.dtype.kind in "biu":
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def _floats(*xs):
    """Arrays converted by :func:`_floating` and promoted together; Python scalars are weak."""
    arrays = [_floating(x) for x in xs if isinstance(x, np.ndarray)]
    dt = (np.result_type(*arrays) if arrays
          else np.dtype(as_native_dtype(_d.default_float_dtype())))
    return [np.asarray(x, dtype=dt) for x in xs]


def erf(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.erf(x)).astype(x.dtype, copy=False)


def erfc(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.erfc(x)).astype(x.dtype, copy=False)


def erfinv(x, /):
    special = _scipy_special()
    x = _floating(x)  # erfinv is odd: SciPy loses the sign of -0.0, torch and jax keep it
    return np.where(x == 0, x, np.asarray(special.erfinv(x)).astype(x.dtype, copy=False))


def lgamma(x, /):
    special = _scipy_special()
    x = _floating(x)  # SciPy: gammaln(-inf) = -inf; C's lgamma (torch, jax, tf): +inf
    return np.where(x == -np.inf, np.inf, special.gammaln(x)).astype(x.dtype, copy=False)


def digamma(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.psi(x)).astype(x.dtype, copy=False)


def polygamma(n, x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.polygamma(n, x)).astype(x.dtype, copy=False)


def zeta(x, q, /):
    special = _scipy_special()
    x, q = _floats(x, q)
    return np.asarray(special.zeta(x, q)).astype(x.dtype, copy=False)


def igamma(a, x, /):
    special = _scipy_special()
    a, x = _floats(a, x)
    return np.asarray(special.gammainc(a, x)).astype(x.dtype, copy=False)


def igammac(a, x, /):
    special = _scipy_special()
    a, x = _floats(a, x)
    return np.asarray(special.gammaincc(a, x)).astype(x.dtype, copy=False)


def i0(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.i0(x)).astype(x.dtype, copy=False)


def i0e(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.i0e(x)).astype(x.dtype, copy=False)


def i1(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.i1(x)).astype(x.dtype, copy=False)


def i1e(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.i1e(x)).astype(x.dtype, copy=False)


def ndtri(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.ndtri(x)).astype(x.dtype, copy=False)


def log_ndtr(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.log_ndtr(x)).astype(x.dtype, copy=False)


def betainc(a, b, x, /):
    special = _scipy_special()
    a, b, x = _floats(a, b, x)
    return np.asarray(special.betainc(a, b, x)).astype(x.dtype, copy=False)


def j0(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.j0(x)).astype(x.dtype, copy=False)


def j1(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.j1(x)).astype(x.dtype, copy=False)


def y0(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.y0(x)).astype(x.dtype, copy=False)


def y1(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.y1(x)).astype(x.dtype, copy=False)


def k0(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.k0(x)).astype(x.dtype, copy=False)


def k0e(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.k0e(x)).astype(x.dtype, copy=False)


def k1(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.k1(x)).astype(x.dtype, copy=False)


def k1e(x, /):
    special = _scipy_special()
    x = _floating(x)
    return np.asarray(special.k1e(x)).astype(x.dtype, copy=False)
