"""The NumPy backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API).

NumPy 2's ufuncs follow the standard's promotion (NEP 50: Python scalars are weak) and special
cases, so most functions are the ufunc itself: no extra Python frame. The few wrappers below fix
what differs (``clip``'s result dtype, ``real``/``imag``/``conj`` of real arrays, ``floor_divide``
of infinities, ``reciprocal`` of integers).
"""

import numpy as np

abs = np.absolute  # noqa: A001 - the standard's name
acos = np.arccos
acosh = np.arccosh
add = np.add
asin = np.arcsin
asinh = np.arcsinh
atan = np.arctan
atan2 = np.arctan2
atanh = np.arctanh
bitwise_and = np.bitwise_and
bitwise_left_shift = np.left_shift
bitwise_invert = np.invert
bitwise_or = np.bitwise_or
bitwise_right_shift = np.right_shift
bitwise_xor = np.bitwise_xor
ceil = np.ceil
copysign = np.copysign
cos = np.cos
cosh = np.cosh
divide = np.divide
equal = np.equal
exp = np.exp
floor = np.floor
greater = np.greater
greater_equal = np.greater_equal
hypot = np.hypot
isfinite = np.isfinite
isinf = np.isinf
isnan = np.isnan
less = np.less
less_equal = np.less_equal
log = np.log
log1p = np.log1p
log2 = np.log2
log10 = np.log10
logaddexp = np.logaddexp
logical_and = np.logical_and
logical_not = np.logical_not
logical_or = np.logical_or
logical_xor = np.logical_xor
maximum = np.maximum
minimum = np.minimum
multiply = np.multiply
negative = np.negative
nextafter = np.nextafter
not_equal = np.not_equal
positive = np.positive
pow = np.power  # noqa: A001
remainder = np.remainder
sign = np.sign
signbit = np.signbit
sin = np.sin
sinh = np.sinh
square = np.square
sqrt = np.sqrt
subtract = np.subtract
tan = np.tan
trunc = np.trunc


def round(x, /):  # noqa: A001
    return np.round(x)


def floor_divide(x1, x2, /):
    # NumPy follows Python where an operand is infinite (inf // 2 is NaN, 1 // -inf is -1); the
    # standard specifies floor(x1 / x2) there.
    r = np.floor_divide(x1, x2)
    if r.dtype.kind == "f":
        fix = np.isinf(x1) | np.isinf(x2)
        if fix.any():
            r = np.where(fix, np.floor(np.divide(x1, x2)), r)
    return r


def _complex(re, im, dtype):
    """A complex array from its parts (``re + 1j * im`` would lose the sign of a zero)."""
    out = np.empty(np.broadcast_shapes(np.shape(re), np.shape(im)), dtype=dtype)
    out.real = re
    out.imag = im
    return out


def tanh(x, /):
    r = np.tanh(x)
    if r.dtype.kind == "c":
        # tanh(+-inf + yj) for finite y is +-1 + 0j with the sign of y on the zero
        a, b = np.real(x), np.imag(x)
        fix = np.isinf(a) & np.isfinite(b)
        if fix.any():
            r = np.where(fix, _complex(np.copysign(1, a), np.copysign(0, b), r.dtype), r)
    return r


def expm1(x, /):
    r = np.expm1(x)
    if r.dtype.kind == "c":
        # NumPy's complex expm1 gives NaN for infinite parts; exp(x) - 1 has the C99 special cases
        fin = np.isfinite(x)
        if not fin.all():
            r = np.where(fin, r, np.exp(x) - 1)
        zero = x == 0  # expm1(-0 + 0j) is +0 + 0j
        if zero.any():
            r = np.where(zero, _complex(0.0, np.imag(x), r.dtype), r)
    return r


def reciprocal(x, /):
    if x.dtype.kind in "fc":
        return np.reciprocal(x)
    return np.divide(1.0, x)


def clip(x, /, min=None, max=None):  # noqa: A002
    # The result keeps x's dtype ("min and max do not participate in type promotion").
    if min is None and max is None:
        return np.copy(x)
    dt = x.dtype
    r = np.clip(x, min, max)
    return r if r.dtype == dt else r.astype(dt)


def real(x, /):
    return np.real(x) if x.dtype.kind == "c" else x


def imag(x, /):
    if x.dtype.kind == "c":
        return np.imag(x)
    return np.zeros_like(x)


def conj(x, /):
    return np.conjugate(x) if x.dtype.kind == "c" else x
