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


# --- NumPy 1.x (an MXNet worker's environment pins numpy<1.24) ------------------------------
# NumPy 1.x ufuncs use value-based casting: a 0-d array's or a Python scalar's *value* picks the
# result dtype (int8 array + int16 0-d array -> int8; int8 0-d array + 0 -> int64), and floor/
# ceil/trunc of integers return floats. These wrappers apply NumPy 2's rules (NEP 50, as the
# standard specifies) before the ufunc: arrays promote by dtype alone, a Python scalar is weak.
_NUMPY2 = int(np.__version__.split(".")[0]) >= 2


def _weak_np1(x, s):
    """Python scalar ``s`` next to array ``x`` as NumPy 2 reads it (NEP 50)."""
    dt = x.dtype
    k = dt.kind
    t = type(s)
    if t is bool:
        return np.asarray(s, dt)
    if t is int:
        if k == "b":
            return np.asarray(s, np.int64)
        if k in "iu":
            info = np.iinfo(dt)
            if not info.min <= s <= info.max:
                raise OverflowError(f"Python integer {s} out of bounds for {dt}")
        return np.asarray(s, dt)
    if t is float:
        return np.asarray(s, dt if k in "fcV" else np.float64)
    if t is complex:
        if k == "c":
            return np.asarray(s, dt)
        return np.asarray(s, np.complex64 if k in "fV" and dt.itemsize <= 4 else np.complex128)
    return s


def _operands_np1(x1, x2):
    """Both operands with the dtype NumPy 2 would compute in."""
    a1 = isinstance(x1, (np.ndarray, np.generic))
    a2 = isinstance(x2, (np.ndarray, np.generic))
    if a1 and a2:
        if x1.dtype != x2.dtype:
            return _same_dtype_np1(x1, x2)
    elif a1:
        return x1, _weak_np1(x1, x2)
    elif a2:
        return _weak_np1(x2, x1), x2
    return x1, x2


def _same_dtype_np1(x1, x2):
    try:
        dt = np.promote_types(x1.dtype, x2.dtype)
    except TypeError:  # ml_dtypes' bfloat16 with float16: the ufunc's own loop (float32) decides
        return x1, x2
    return x1.astype(dt), x2.astype(dt)


def _np1_binary(ufunc):
    def fn(x1, x2, /):
        x1, x2 = _operands_np1(x1, x2)
        return ufunc(x1, x2)

    fn.__name__ = fn.__qualname__ = ufunc.__name__
    return fn


def _np1_compare(ufunc):
    def fn(x1, x2, /):
        # a Python scalar is compared by value on both NumPy versions; arrays promote by dtype
        if isinstance(x1, (np.ndarray, np.generic)) and isinstance(x2, (np.ndarray, np.generic)) \
                and x1.dtype != x2.dtype:
            x1, x2 = _same_dtype_np1(x1, x2)
        return ufunc(x1, x2)

    fn.__name__ = fn.__qualname__ = ufunc.__name__
    return fn


def _np1_rounding(ufunc):
    def fn(x, /):
        return np.copy(x) if x.dtype.kind in "iu" else ufunc(x)  # integers stay integers

    fn.__name__ = fn.__qualname__ = ufunc.__name__
    return fn


def _sign_np1(x, /):
    """NumPy 1.x's complex sign is the sign of the real part; the standard's is x / |x|."""
    if x.dtype.kind != "c":
        return np.sign(x)
    a = np.abs(x)
    re, im = np.real(x), np.imag(x)
    with np.errstate(all="ignore"):
        r = x / np.where(a == 0, 1, a)
    inf_re = np.isinf(re) & np.isfinite(im)  # one infinite part: the unit along it (as NumPy 2)
    inf_im = np.isinf(im) & np.isfinite(re)
    r = np.where(inf_re, _complex(np.sign(re), 0.0, x.dtype), r)
    r = np.where(inf_im, _complex(0.0, np.sign(im), x.dtype), r)
    return np.where(a == 0, np.zeros((), x.dtype), r).astype(x.dtype)


if not _NUMPY2:
    sign = _sign_np1
    add = _np1_binary(np.add)
    atan2 = _np1_binary(np.arctan2)
    bitwise_and = _np1_binary(np.bitwise_and)
    bitwise_left_shift = _np1_binary(np.left_shift)
    bitwise_or = _np1_binary(np.bitwise_or)
    bitwise_right_shift = _np1_binary(np.right_shift)
    bitwise_xor = _np1_binary(np.bitwise_xor)
    copysign = _np1_binary(np.copysign)
    divide = _np1_binary(np.divide)
    floor_divide = _np1_binary(floor_divide)
    hypot = _np1_binary(np.hypot)
    logaddexp = _np1_binary(np.logaddexp)
    maximum = _np1_binary(np.maximum)
    minimum = _np1_binary(np.minimum)
    multiply = _np1_binary(np.multiply)
    nextafter = _np1_binary(np.nextafter)
    pow = _np1_binary(np.power)  # noqa: A001
    remainder = _np1_binary(np.remainder)
    subtract = _np1_binary(np.subtract)
    equal = _np1_compare(np.equal)
    not_equal = _np1_compare(np.not_equal)
    greater = _np1_compare(np.greater)
    greater_equal = _np1_compare(np.greater_equal)
    less = _np1_compare(np.less)
    less_equal = _np1_compare(np.less_equal)
    ceil = _np1_rounding(np.ceil)
    floor = _np1_rounding(np.floor)
    trunc = _np1_rounding(np.trunc)
