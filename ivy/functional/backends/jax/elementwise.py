"""The jax backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API).

``jax.numpy`` with x64 enabled follows the standard's promotion for every pair the standard
defines (Python scalars are weak), so most functions are bound directly. Fixed here:

* Complex special cases (C99 Annex G, which the standard adopts): XLA's complex kernels give NaN
  where an infinite or NaN component has a defined result (``exp(inf + nan j)`` is
  ``inf + nan j``). For a concrete (not traced) complex array holding a non-finite value the
  result comes from the NumPy backend, which follows C99; under ``jax.jit`` the XLA result stays.
* ``floor_divide`` with infinite operands or a zero result, ``remainder``'s zero sign.
* ``clip`` keeps x's dtype, and its derivative at a bound is 1 (torch's and TensorFlow's; JAX's
  max/min split a tie 1/2-1/2), so ``ivy.clip`` differentiates alike on every backend.
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..numpy import elementwise as _npe

_Tracer = jax.core.Tracer
_COMPLEX = (np.dtype("complex64"), np.dtype("complex128"))


def _c99(name, jfn):
    npfn = getattr(_npe, name)

    def f(x, /):
        r = jfn(x)
        if x.dtype in _COMPLEX and not isinstance(x, _Tracer) and not jnp.isfinite(x).all():
            r = jnp.asarray(npfn(np.asarray(x)), dtype=r.dtype, device=x.device)
        return r

    f.__name__ = f.__qualname__ = name
    return f



abs = jnp.abs  # noqa: A001 - the standard's name
add = jnp.add
atan2 = jnp.atan2
bitwise_and = jnp.bitwise_and
bitwise_left_shift = jnp.bitwise_left_shift
bitwise_invert = jnp.bitwise_invert
bitwise_or = jnp.bitwise_or
bitwise_right_shift = jnp.bitwise_right_shift
bitwise_xor = jnp.bitwise_xor
ceil = jnp.ceil
conj = jnp.conj
copysign = jnp.copysign
divide = jnp.divide
equal = jnp.equal
floor = jnp.floor
greater = jnp.greater
greater_equal = jnp.greater_equal
hypot = jnp.hypot
isfinite = jnp.isfinite
isinf = jnp.isinf
isnan = jnp.isnan
less = jnp.less
less_equal = jnp.less_equal
logaddexp = jnp.logaddexp
logical_and = jnp.logical_and
logical_not = jnp.logical_not
logical_or = jnp.logical_or
logical_xor = jnp.logical_xor
maximum = jnp.maximum
minimum = jnp.minimum
multiply = jnp.multiply
negative = jnp.negative
nextafter = jnp.nextafter
not_equal = jnp.not_equal
positive = jnp.positive
real = jnp.real
reciprocal = jnp.reciprocal
round = jnp.round  # noqa: A001
signbit = jnp.signbit
square = jnp.square
subtract = jnp.subtract
trunc = jnp.trunc


acos = _c99("acos", jnp.acos)
acosh = _c99("acosh", jnp.acosh)
asin = _c99("asin", jnp.asin)
asinh = _c99("asinh", jnp.asinh)
atan = _c99("atan", jnp.atan)
atanh = _c99("atanh", jnp.atanh)
cos = _c99("cos", jnp.cos)
cosh = _c99("cosh", jnp.cosh)
exp = _c99("exp", jnp.exp)
expm1 = _c99("expm1", jnp.expm1)
log = _c99("log", jnp.log)
log1p = _c99("log1p", jnp.log1p)
log2 = _c99("log2", jnp.log2)
log10 = _c99("log10", jnp.log10)
sin = _c99("sin", jnp.sin)
sinh = _c99("sinh", jnp.sinh)
sqrt = _c99("sqrt", jnp.sqrt)
tan = _c99("tan", jnp.tan)
tanh = _c99("tanh", jnp.tanh)


def sign(x, /):
    r = jnp.sign(x)
    if jnp.issubdtype(x.dtype, jnp.inexact):  # sign(-0.0) is +0, sign(+-0 + +-0j) is 0 + 0j
        r = jnp.where(x == 0, jnp.zeros_like(r), r)
    return r


def floor_divide(x1, x2, /):
    r = jnp.floor_divide(x1, x2)
    if jnp.issubdtype(r.dtype, jnp.floating):
        # the standard: floor(x1 / x2) for infinite operands (XLA: NaN) and signed zero results
        q = jnp.divide(x1, x2)
        r = jnp.where(jnp.isinf(x1) | jnp.isinf(x2) | (r == 0), jnp.floor(q), r)
    return r


def remainder(x1, x2, /):
    r = jnp.remainder(x1, x2)
    if jnp.issubdtype(r.dtype, jnp.floating):
        r = jnp.where(r == 0, jnp.copysign(r, x2), r)  # a zero takes x2's sign
    return r


def pow(x1, x2, /):  # noqa: A001
    # jnp.pow keeps an integer base's dtype for any integer exponent (int8 ** int16 is int8)
    d = jnp.result_type(x1, x2)
    x1, x2 = jnp.asarray(x1, d), jnp.asarray(x2, d)
    r = jnp.pow(x1, x2)
    if jnp.issubdtype(d, jnp.complexfloating):
        # XLA gives NaN for 0 ** z; C99/NumPy give 0 when Re(z) > 0 (and Im(z) is finite)
        zero = (x1 == 0) & (jnp.real(x2) > 0) & jnp.isfinite(jnp.imag(x2))
        r = jnp.where(zero, jnp.zeros((), d), r)
    return r


def imag(x, /):
    return jnp.imag(x)


def _clip_real_fn(x, lo, hi):
    # jnp.clip's value (NaN in x or a bound gives NaN; lo > hi gives hi) with the derivative
    # torch and TensorFlow give at a bound: 1 (x itself wherever lo <= x <= hi). jnp.clip is
    # max/min, whose derivative JAX splits 1/2-1/2 at a tie. One jitted call, as jnp.clip is.
    r = jnp.clip(x, lo, hi)
    inside = (x >= lo) if lo is not None else None
    if hi is not None:
        inside = (x <= hi) if inside is None else inside & (x <= hi)
    r = jnp.where(inside, x, r)
    return r if r.dtype == x.dtype else r.astype(x.dtype)


_clip_real = jax.jit(_clip_real_fn)  # (not a decorator: the emitter copies the plain function)


def clip(x, /, min=None, max=None):  # noqa: A002
    # min and max do not take part in promotion: the result keeps x's dtype
    if min is None and max is None:
        return jnp.array(x, copy=True)
    if jnp.issubdtype(x.dtype, jnp.floating):
        return _clip_real(x, min, max)
    r = jnp.clip(x, min, max)
    return r if r.dtype == x.dtype else r.astype(x.dtype)
