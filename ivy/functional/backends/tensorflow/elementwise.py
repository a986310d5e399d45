"""The tensorflow backend: element-wise functions (see ivy/functional/ivy/elementwise.py).

TensorFlow does not promote, so every binary function goes through :func:`.dtypes.promote`
(skipped when both operands already are tensors of one dtype). Functions TF lacks (``hypot``,
``copysign``, ``logaddexp``, ``trunc``, ``signbit``) are composed exactly (``copysign`` and
``signbit`` on the bits). Kernels TF lacks for some dtypes are filled where the result is exact
(unsigned ``abs``/``negative``/``sign``/``pow``, integer ``ceil``/``isnan``..., bool bitwise
ops, float16/bfloat16 ``nextafter``). Shifts by the bit width or more are defined here as the
standard's reference does (``x << n`` is 0, ``x >> n`` is 0 or -1); TF leaves them undefined.
Complex special cases (C99) come from the NumPy backend for eager tensors holding non-finite
values, as in the JAX backend.
"""

import numpy as np
import tensorflow as tf

from ..numpy import elementwise as _npe
from .dtypes import promote

_T = tf.Tensor
_BOOL = tf.bool
_UNSIGNED = (tf.uint8, tf.uint16, tf.uint32, tf.uint64)
_SIGNED = (tf.int8, tf.int16, tf.int32, tf.int64)
_INTEGER = _SIGNED + _UNSIGNED
_COMPLEX = (tf.complex64, tf.complex128)
_FLOAT = (tf.float16, tf.bfloat16, tf.float32, tf.float64)
# same-width integer types for looking at the bits of a float
_BITS_SIGNED = {tf.float16: tf.int16, tf.bfloat16: tf.int16, tf.float32: tf.int32,
                tf.float64: tf.int64}
_NBITS = {tf.int8: 8, tf.int16: 16, tf.int32: 32, tf.int64: 64, tf.uint8: 8, tf.uint16: 16,
          tf.uint32: 32, tf.uint64: 64}


def _args(x1, x2):
    """Both operands as tensors of the Array API result dtype."""
    if isinstance(x1, _T) and isinstance(x2, _T) and x1.dtype == x2.dtype:
        return x1, x2
    return promote(x1, x2)


def _binary(name, fn):
    def f(x1, x2, /):
        if not (isinstance(x1, _T) and isinstance(x2, _T) and x1.dtype == x2.dtype):
            x1, x2 = promote(x1, x2)
        return fn(x1, x2)

    f.__name__ = f.__qualname__ = name
    return f


# ---------------------------------------------------------------------------------------------
# Complex special cases
# ---------------------------------------------------------------------------------------------

def _c99(name, tfn, also=None):
    """``also``: a finite input that TF gets wrong too (log1p(-1 + 0j), expm1(-0 + 0j))."""
    npfn = getattr(_npe, name)

    def f(x, /):
        r = tfn(x)
        if x.dtype in _COMPLEX and tf.executing_eagerly():
            ok = tf.math.is_finite(tf.math.real(x)) & tf.math.is_finite(tf.math.imag(x))
            if also is not None:
                ok = ok & tf.math.not_equal(x, tf.cast(also, x.dtype))
            if not bool(tf.reduce_all(ok)):
                with tf.device(x.device):
                    r = tf.constant(npfn(x.numpy()), dtype=r.dtype)
        return r

    f.__name__ = f.__qualname__ = name
    return f


# ---------------------------------------------------------------------------------------------
# Unary functions
# ---------------------------------------------------------------------------------------------

acos = _c99("acos", tf.math.acos)
acosh = _c99("acosh", tf.math.acosh)
asin = _c99("asin", tf.math.asin)
asinh = _c99("asinh", tf.math.asinh)
atan = _c99("atan", tf.math.atan)
atanh = _c99("atanh", tf.math.atanh)
cos = _c99("cos", tf.math.cos)
cosh = _c99("cosh", tf.math.cosh)
exp = _c99("exp", tf.math.exp)
expm1 = _c99("expm1", tf.math.expm1, 0)


def _log(x):
    if x.dtype in _COMPLEX:  # TF squares |x| (NaN past 1.8e19 in complex64); abs() does not
        return tf.complex(tf.math.log(tf.math.abs(x)), tf.math.angle(x))
    return tf.math.log(x)


log = _c99("log", _log)
log1p = _c99("log1p", tf.math.log1p, -1)
sin = _c99("sin", tf.math.sin)
sinh = _c99("sinh", tf.math.sinh)
sqrt = _c99("sqrt", tf.math.sqrt)
tan = _c99("tan", tf.math.tan)
tanh = _c99("tanh", tf.math.tanh)
logical_not = tf.math.logical_not
reciprocal = tf.math.reciprocal
square = tf.math.square
real = tf.math.real
imag = tf.math.imag
conj = tf.math.conj

_LN2 = float(np.log(2.0))
_LN10 = float(np.log(10.0))


def _log_base(x, ln_base):
    if x.dtype in _COMPLEX:
        r = log(x)  # divide the parts: a complex division makes log(0) / c NaN in the imag
        c = tf.constant(ln_base, r.dtype.real_dtype)
        return tf.complex(tf.math.real(r) / c, tf.math.imag(r) / c)
    return tf.math.log(x) / tf.constant(ln_base, x.dtype)


def log2(x, /):
    return _log_base(x, _LN2)


def log10(x, /):
    return _log_base(x, _LN10)


def abs(x, /):  # noqa: A001 - the standard's name
    if x.dtype in _UNSIGNED:
        return tf.identity(x)
    return tf.math.abs(x)


def negative(x, /):
    if x.dtype in _UNSIGNED:  # no kernel; 0 - x wraps exactly
        return tf.math.subtract(tf.zeros_like(x), x)
    return tf.math.negative(x)


def positive(x, /):
    return tf.identity(x)


def sign(x, /):
    if x.dtype in _UNSIGNED:
        return tf.cast(tf.math.not_equal(x, 0), x.dtype)
    return tf.math.sign(x)


def bitwise_invert(x, /):
    if x.dtype == _BOOL:
        return tf.math.logical_not(x)
    return tf.bitwise.invert(x)


def _int_identity(fn, name):
    def f(x, /):
        if x.dtype in _INTEGER:
            return tf.identity(x)
        return fn(x)

    f.__name__ = f.__qualname__ = name
    return f


ceil = _int_identity(tf.math.ceil, "ceil")
floor = _int_identity(tf.math.floor, "floor")


def trunc(x, /):
    if x.dtype in _INTEGER:
        return tf.identity(x)
    return tf.where(x < 0, tf.math.ceil(x), tf.math.floor(x))


def round(x, /):  # noqa: A001
    if x.dtype in _INTEGER:
        return tf.identity(x)
    if x.dtype in _COMPLEX:
        return tf.complex(tf.math.round(tf.math.real(x)), tf.math.round(tf.math.imag(x)))
    return tf.math.round(x)  # half to even


def isnan(x, /):
    d = x.dtype
    if d in _COMPLEX:
        return tf.math.is_nan(tf.math.real(x)) | tf.math.is_nan(tf.math.imag(x))
    if d in _FLOAT:
        return tf.math.is_nan(x)
    return tf.zeros_like(x, dtype=_BOOL)


def isinf(x, /):
    d = x.dtype
    if d in _COMPLEX:
        return tf.math.is_inf(tf.math.real(x)) | tf.math.is_inf(tf.math.imag(x))
    if d in _FLOAT:
        return tf.math.is_inf(x)
    return tf.zeros_like(x, dtype=_BOOL)


def isfinite(x, /):
    d = x.dtype
    if d in _COMPLEX:
        return tf.math.is_finite(tf.math.real(x)) & tf.math.is_finite(tf.math.imag(x))
    if d in _FLOAT:
        return tf.math.is_finite(x)
    return tf.ones_like(x, dtype=_BOOL)


def signbit(x, /):
    bits = _BITS_SIGNED.get(x.dtype)
    if bits is None:
        if x.dtype in _INTEGER:
            return x < 0
        raise TypeError(f"signbit needs a real floating-point array, got {x.dtype.name}")
    return tf.bitcast(x, bits) < 0


# ---------------------------------------------------------------------------------------------
# Binary functions
# ---------------------------------------------------------------------------------------------

add = _binary("add", tf.math.add)
subtract = _binary("subtract", tf.math.subtract)
multiply = _binary("multiply", tf.math.multiply)


def _truediv(x1, x2):
    """TF divides complex numbers naively ((0+1j) / inf -> nan); use Smith's algorithm there,
    as NumPy and C99 do."""
    if x1.dtype not in _COMPLEX:
        return tf.math.truediv(x1, x2)
    a, b = tf.math.real(x1), tf.math.imag(x1)
    c, d = tf.math.real(x2), tf.math.imag(x2)
    c_big = tf.abs(c) >= tf.abs(d)
    safe_c = tf.where(c_big, c, tf.ones_like(c))
    safe_d = tf.where(c_big, tf.ones_like(d), d)
    r1 = d / safe_c  # |c| >= |d|
    den1 = c + d * r1
    r2 = c / safe_d  # |d| > |c|
    den2 = c * r2 + d
    re = tf.where(c_big, (a + b * r1) / den1, (a * r2 + b) / den2)
    im = tf.where(c_big, (b - a * r1) / den1, (b * r2 - a) / den2)
    zero = (c == 0) & (d == 0)  # a zero divisor divides each part (NumPy: (1+1j)/0 = inf+infj)
    re = tf.where(zero, a / c, re)
    im = tf.where(zero, b / c, im)
    nan_divisor = tf.math.is_nan(c) | tf.math.is_nan(d)  # TF's own result (NaN) is NumPy's too
    return tf.where(nan_divisor, tf.math.truediv(x1, x2), tf.complex(re, im))


divide = _binary("divide", _truediv)
equal = _binary("equal", tf.math.equal)
not_equal = _binary("not_equal", tf.math.not_equal)
less = _binary("less", tf.math.less)
less_equal = _binary("less_equal", tf.math.less_equal)
greater = _binary("greater", tf.math.greater)
greater_equal = _binary("greater_equal", tf.math.greater_equal)
logical_and = _binary("logical_and", tf.math.logical_and)
logical_or = _binary("logical_or", tf.math.logical_or)
logical_xor = _binary("logical_xor", tf.math.logical_xor)
maximum = _binary("maximum", tf.math.maximum)
minimum = _binary("minimum", tf.math.minimum)
atan2 = _binary("atan2", tf.math.atan2)


def _bitwise(name, int_fn, bool_fn):
    def f(x1, x2, /):
        x1, x2 = _args(x1, x2)
        return bool_fn(x1, x2) if x1.dtype == _BOOL else int_fn(x1, x2)

    f.__name__ = f.__qualname__ = name
    return f


bitwise_and = _bitwise("bitwise_and", tf.bitwise.bitwise_and, tf.math.logical_and)
bitwise_or = _bitwise("bitwise_or", tf.bitwise.bitwise_or, tf.math.logical_or)
bitwise_xor = _bitwise("bitwise_xor", tf.bitwise.bitwise_xor, tf.math.logical_xor)


def _shift_parts(x1, x2):
    x1, x2 = _args(x1, x2)
    n = _NBITS.get(x1.dtype)
    if n is None:
        raise TypeError(f"bitwise shifts need integer arrays, got {x1.dtype.name}")
    big = x2 >= n
    if x1.dtype in _SIGNED:
        big = big | (x2 < 0)  # (negative counts are unspecified; treat them as too large)
    safe = tf.where(big, tf.zeros_like(x2), x2)
    return x1, big, safe


def bitwise_left_shift(x1, x2, /):
    x1, big, safe = _shift_parts(x1, x2)
    return tf.where(big, tf.zeros_like(x1), tf.bitwise.left_shift(x1, safe))


def bitwise_right_shift(x1, x2, /):
    x1, big, safe = _shift_parts(x1, x2)
    d = x1.dtype
    fill = tf.where(x1 < 0, tf.constant(-1, d), tf.constant(0, d)) if d in _SIGNED \
        else tf.zeros_like(x1)
    return tf.where(big, fill, tf.bitwise.right_shift(x1, safe))


def pow(x1, x2, /):  # noqa: A001
    x1, x2 = _args(x1, x2)
    d = x1.dtype
    if d in _UNSIGNED:  # no kernel: wrapping arithmetic in int64 has the same low bits
        r = tf.math.pow(tf.bitcast(x1, tf.int64) if d == tf.uint64 else tf.cast(x1, tf.int64),
                        tf.bitcast(x2, tf.int64) if d == tf.uint64 else tf.cast(x2, tf.int64))
        return tf.bitcast(r, d) if d == tf.uint64 else tf.cast(r, d)
    return tf.math.pow(x1, x2)


def floor_divide(x1, x2, /):
    x1, x2 = _args(x1, x2)
    if x1.dtype not in _FLOAT:
        return tf.math.floordiv(x1, x2)
    # TF's float floordiv is floor(x1 / x2), which rounds before flooring (1 // 0.1 gives 10);
    # NumPy, torch, JAX and Python use (x1 - fmod(x1, x2)) / x2 (giving 9). Do the same.
    mod = tf.truncatemod(x1, x2)
    div = (x1 - mod) / x2
    adjust = (mod != 0) & ((x2 < 0) != (mod < 0))
    div = tf.where(adjust, div - 1, div)
    fl = tf.math.floor(div)
    fl = tf.where(div - fl > 0.5, fl + 1, fl)
    q = x1 / x2
    fl = tf.where(div == 0, copysign(tf.zeros_like(div), q), fl)
    # x2 == 0 and infinite operands: floor(x1 / x2), as the standard prefers
    return tf.where((x2 == 0) | tf.math.is_inf(x1) | tf.math.is_inf(x2), tf.math.floor(q), fl)


def remainder(x1, x2, /):
    x1, x2 = _args(x1, x2)
    r = tf.math.floormod(x1, x2)
    if r.dtype in _FLOAT:  # a zero result takes x2's sign (TF keeps x1's)
        r = tf.where(r == 0, copysign(r, x2), r)
    return r


def copysign(x1, x2, /):
    x1, x2 = _args(x1, x2)
    bits = _BITS_SIGNED.get(x1.dtype)
    if bits is None:
        raise TypeError(f"copysign needs real floating-point arrays, got {x1.dtype.name}")
    x1, x2 = tf.broadcast_to(x1, tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))), \
        tf.broadcast_to(x2, tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2)))
    sign_mask = tf.constant(np.iinfo(bits.as_numpy_dtype).min, bits)  # only the sign bit
    b1 = tf.bitcast(x1, bits)
    b2 = tf.bitcast(x2, bits)
    out = tf.bitwise.bitwise_or(tf.bitwise.bitwise_and(b1, tf.bitwise.invert(sign_mask)),
                                tf.bitwise.bitwise_and(b2, sign_mask))
    return tf.bitcast(out, x1.dtype)


def hypot(x1, x2, /):
    x1, x2 = _args(x1, x2)
    if x1.dtype not in _FLOAT:
        raise TypeError(f"hypot needs real floating-point arrays, got {x1.dtype.name}")
    a = tf.math.abs(x1)
    b = tf.math.abs(x2)
    hi = tf.math.maximum(a, b)
    lo = tf.math.minimum(a, b)
    safe = tf.where(hi == 0, tf.ones_like(hi), hi)
    ratio = lo / safe
    r = tf.where(hi == 0, tf.zeros_like(hi), hi * tf.math.sqrt(1 + ratio * ratio))
    inf = tf.math.is_inf(a) | tf.math.is_inf(b)  # inf even with a NaN operand
    return tf.where(inf, tf.fill(tf.shape(r), tf.constant(np.inf, r.dtype)), r)


def logaddexp(x1, x2, /):
    x1, x2 = _args(x1, x2)
    if x1.dtype not in _FLOAT:
        raise TypeError(f"logaddexp needs real floating-point arrays, got {x1.dtype.name}")
    hi = tf.math.maximum(x1, x2)
    r = hi + tf.math.log1p(tf.math.exp(-tf.math.abs(x1 - x2)))
    # equal operands (also both +-inf, where x1 - x2 is NaN): x + log(2)
    return tf.where(x1 == x2, x1 + tf.constant(_LN2, x1.dtype), r)


def nextafter(x1, x2, /):
    x1, x2 = _args(x1, x2)
    d = x1.dtype
    if d in (tf.float32, tf.float64):
        return tf.math.nextafter(x1, x2)
    if d not in (tf.float16, tf.bfloat16):
        raise TypeError(f"nextafter needs real floating-point arrays, got {d.name}")
    # float16/bfloat16: step the bits (TF has no kernel for them)
    shape = tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))
    x1 = tf.broadcast_to(x1, shape)
    x2 = tf.broadcast_to(x2, shape)
    b = tf.bitcast(x1, tf.int16)
    up = tf.where((x2 > x1) == (x1 >= 0), b + 1, b - 1)  # away from/towards zero in magnitude
    tiny = tf.bitcast(tf.where(x2 > 0, tf.constant(1, tf.int16), tf.constant(-32767, tf.int16)),
                      d)  # the smallest subnormal with x2's sign
    r = tf.bitcast(up, d)
    r = tf.where(x1 == 0, tiny, r)
    r = tf.where(x1 == x2, x2, r)
    nan = tf.math.is_nan(x1) | tf.math.is_nan(x2)
    return tf.where(nan, tf.fill(shape, tf.constant(np.nan, d)), r)


def clip(x, /, min=None, max=None):  # noqa: A002
    # The result keeps x's dtype; bounds are cast to it (they do not take part in promotion).
    # NaN in x or a bound gives NaN.
    if min is None and max is None:
        return tf.identity(x)
    r = x
    if min is not None:  # TF's maximum/minimum propagate NaN from either side
        r = tf.math.maximum(r, _bound(min, x, True))
    if max is not None:
        r = tf.math.minimum(r, _bound(max, x, False))
    return r


def _bound(b, x, lower):
    d = x.dtype
    if isinstance(b, _T):
        return b if b.dtype == d else tf.cast(b, d)
    if d in _INTEGER and isinstance(b, (int, float)):
        info = np.iinfo(d.as_numpy_dtype)
        if b != b:
            raise ValueError("clip: a NaN bound for an integer array")
        if b in (np.inf, -np.inf):
            b = info.min if b < 0 else info.max
        b = int(np.ceil(b)) if lower else int(np.floor(b))
        b = info.min if b < info.min else info.max if b > info.max else b
    return tf.constant(b, dtype=d)
