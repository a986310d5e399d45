"""The tensorflow backend: special functions (see ivy/functional/ivy/special.py for the API).

``tf.math`` (``tf.math.special`` for the Bessel functions). TensorFlow has no ``log_ndtr``: it is
left out (the loader's stub raises ``UnsupportedBackendError``) rather than composed from ``erfc``,
which would underflow to ``-inf`` in the lower tail. Integer/bool inputs are converted to Ivy's
default float dtype, and several operands are promoted by the standard's rule.
"""

import tensorflow as tf
import tensorflow.experimental.numpy as tnp

from ivy import dtypes as _d
from ivy.functional.backends._shared import special as _sh

from .dtypes import as_native_dtype


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype."""
    if not x.dtype.is_floating:
        return tf.cast(x, as_native_dtype(_d.default_float_dtype()))
    return x


def _floats(*xs):
    """Tensors converted by :func:`_floating` and promoted together; Python scalars are weak."""
    ts = [_floating(x) for x in xs if isinstance(x, tf.Tensor)]
    dt = ts[0].dtype if ts else as_native_dtype(_d.default_float_dtype())
    for t in ts[1:]:
        dt = as_native_dtype(_d.promote_types(dt, t.dtype))
    out = [tf.cast(x, dt) if isinstance(x, tf.Tensor) else tf.constant(x, dtype=dt) for x in xs]
    shape = out[0].shape
    for t in out[1:]:
        shape = tf.broadcast_static_shape(shape, t.shape)
    return [tf.broadcast_to(t, shape) for t in out]


def erf(x, /):
    x = _floating(x)  # float64 tf.math.erf(+-inf) is NaN (float32 is right): the limit +-1
    return tf.where(tf.math.is_inf(x), tf.math.sign(x), tf.math.erf(x))


def erfc(x, /):
    return tf.math.erfc(_floating(x))


def erfinv(x, /):
    x = _floating(x)  # erfinv is odd: tf loses the sign of -0.0, torch and jax keep it
    return tf.where(x == 0, x, tf.math.erfinv(x))


def lgamma(x, /):
    return tf.math.lgamma(_floating(x))


def digamma(x, /):
    x = _floating(x)  # tf gives NaN at +-0; SciPy and torch the one-sided limits -+inf
    inf = tf.constant(float("inf"), x.dtype)
    return tf.where(x == 0, tf.where(tf.math.sign(1 / x) > 0, -inf, inf), tf.math.digamma(x))


def _positive_polygamma(n, x):
    return tf.math.polygamma(tf.cast(tf.fill(tf.shape(x), n), x.dtype), x)


def polygamma(n, x, /):
    """``tf.math.polygamma`` at ``x > 0``; see ``_shared/special.py`` for the rest."""
    x = _floating(x)
    if n == 0:
        return digamma(x)
    return tf.cast(_sh.polygamma(tnp, n, x, positive=_positive_polygamma), x.dtype)


def _while(cond, body, state):
    return tuple(tf.while_loop(lambda *s: cond(s), lambda *s: body(s), state))


def _to_f64(a):
    return tf.cast(a, tf.float64)


def zeta(x, q, /):
    """``tf.math.zeta`` for ``q > 0``; ``_shared/special.py`` for ``q <= 0``."""
    x, q = _floats(x, q)
    shape = tf.broadcast_dynamic_shape(tf.shape(x), tf.shape(q))
    x, q = tf.broadcast_to(x, shape), tf.broadcast_to(q, shape)
    return tf.cast(_sh.zeta(tnp, x, q, positive=tf.math.zeta, while_loop=_while,
                            to_f64=_to_f64), x.dtype)


def igamma(a, x, /):
    a, x = _floats(a, x)  # tf: NaN at a = 0 (x > 0), 0 at a = x = 0; SciPy: 1 and NaN
    r = tf.math.igamma(a, x)
    r = tf.where((a == 0) & (x > 0), tf.ones_like(r), r)
    nan = tf.fill(tf.shape(r), tf.constant(float("nan"), r.dtype))
    return tf.where((a == 0) & (x == 0), nan, r)


def igammac(a, x, /):
    a, x = _floats(a, x)
    r = tf.math.igammac(a, x)
    r = tf.where((a == 0) & (x > 0), tf.zeros_like(r), r)
    nan = tf.fill(tf.shape(r), tf.constant(float("nan"), r.dtype))
    return tf.where((a == 0) & (x == 0), nan, r)


def i0(x, /):
    return tf.math.special.bessel_i0(_floating(x))


def i0e(x, /):
    return tf.math.special.bessel_i0e(_floating(x))


def i1(x, /):
    return tf.math.special.bessel_i1(_floating(x))


def i1e(x, /):
    return tf.math.special.bessel_i1e(_floating(x))


def ndtri(x, /):
    return tf.math.ndtri(_floating(x))


def betainc(a, b, x, /):
    return tf.math.betainc(*_floats(a, b, x))


def j0(x, /):
    return tf.math.special.bessel_j0(_floating(x))


def j1(x, /):
    return tf.math.special.bessel_j1(_floating(x))


def y0(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_y0(x))


def y1(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_y1(x))


def k0(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_k0(x))


def k0e(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_k0e(x))


def k1(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_k1(x))


def k1e(x, /):
    x = _floating(x)  # tf gives +-inf for x < 0; SciPy and torch NaN (outside the domain)
    return tf.where(x < 0, tf.constant(float("nan"), x.dtype), tf.math.special.bessel_k1e(x))
