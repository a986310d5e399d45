"""The jax backend: special functions (see ivy/functional/ivy/special.py for the API).

``jax.scipy.special`` has them all; integer/bool inputs are converted to Ivy's default float
dtype first (jax would pick its own), and several operands are promoted by the standard's rule.
The Bessel functions ``j0``/``j1``/``y0``/``y1``/``k0``/``k1``/``k0e``/``k1e`` are not in
``jax.scipy.special``: left out (the loader's stub raises ``UnsupportedBackendError``).
"""

import jax.numpy as jnp
from jax import lax
import jax.scipy.special as _sp

from ivy import dtypes as _d
from ivy.functional.backends._shared import special as _sh

from .dtypes import as_native_dtype


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype."""
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def _floats(*xs):
    """Arrays converted by :func:`_floating` and promoted together; Python scalars are weak."""
    arrays = [_floating(x) for x in xs if isinstance(x, jnp.ndarray)]
    dt = arrays[0].dtype if arrays else as_native_dtype(_d.default_float_dtype())
    for a in arrays[1:]:
        dt = as_native_dtype(_d.promote_types(dt, a.dtype))
    return [jnp.asarray(x, dtype=dt) for x in xs]


def erf(x, /):
    return _sp.erf(_floating(x))


def erfc(x, /):
    return _sp.erfc(_floating(x))


def erfinv(x, /):
    return _sp.erfinv(_floating(x))


def lgamma(x, /):
    return _sp.gammaln(_floating(x))


def digamma(x, /):
    x = _floating(x)  # jax gives NaN at +-0; SciPy and torch the one-sided limits -+inf
    return jnp.where(x == 0, jnp.copysign(jnp.asarray(jnp.inf, x.dtype), -x), _sp.digamma(x))


def _positive_polygamma(n, x):
    return _sp.polygamma(n, x)


def polygamma(n, x, /):
    """``jax.scipy.special.polygamma`` at ``x > 0``; see ``_shared/special.py`` for the rest."""
    x = _floating(x)
    if n == 0:
        return digamma(x)
    return _sh.polygamma(jnp, n, x, positive=_positive_polygamma).astype(x.dtype)


def _while(cond, body, state):
    return lax.while_loop(cond, body, state)


def _to_f64(a):
    return a.astype(jnp.float64)


def zeta(x, q, /):
    """``jax.scipy.special.zeta`` for ``q > 0``; ``_shared/special.py`` for ``q <= 0``."""
    x, q = jnp.broadcast_arrays(*_floats(x, q))
    return _sh.zeta(jnp, x, q, positive=_sp.zeta, while_loop=_while,
                    to_f64=_to_f64).astype(x.dtype)


def igamma(a, x, /):
    a, x = _floats(a, x)  # jax gives NaN at a = +inf (finite x >= 0): P = 0 there (SciPy)
    lim = (a == jnp.inf) & jnp.isfinite(x) & (x >= 0)
    return jnp.where(lim, jnp.zeros_like(a * x), _sp.gammainc(a, x))


def igammac(a, x, /):
    a, x = _floats(a, x)
    lim = (a == jnp.inf) & jnp.isfinite(x) & (x >= 0)
    return jnp.where(lim, jnp.ones_like(a * x), _sp.gammaincc(a, x))


def i0(x, /):
    return _sp.i0(_floating(x))


def i0e(x, /):
    return _sp.i0e(_floating(x))


def i1(x, /):
    return _sp.i1(_floating(x))


def i1e(x, /):
    return _sp.i1e(_floating(x))


def ndtri(x, /):
    return _sp.ndtri(_floating(x))


def log_ndtr(x, /):
    return _sp.log_ndtr(_floating(x))


def betainc(a, b, x, /):
    return _sp.betainc(*_floats(a, b, x))
