"""The MXNet backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API).

``mxnet.numpy`` has most ufuncs, but promotes differently from the standard (``int32 + 1.0`` is
int32 there): binary functions first bring both operands to the Array API result dtype
(:func:`.dtypes.promote`). Functions ``mx.np`` lacks are composed where the composition is exact
(``logical_and``, ``logaddexp``, ``floor_divide``, the bit shifts, ``triu``); ``nextafter`` is left
out, so the loader gives it a stub that raises ``UnsupportedBackendError``. Integer division goes
through float64 (MXNet has none), exact below 2**53; larger int64 operands raise. MXNet has no complex dtypes: ``real``/``imag``/``conj`` exist
for real arrays only. MXNet computes float functions (``exp``, ``sin``, ``sqrt``...) of integers
in the integer dtype, so integer and bool inputs go to Ivy's default float first (``_floating``).
"""

import builtins
import functools
import math

import numpy as onp
from mxnet import numpy as mnp

from .dtypes import all_of as _all
from .dtypes import any_of as _any
from .dtypes import promote as _promote
from .dtypes import safe_where as _where


def _binary(fn):
    """``fn`` on operands promoted to the standard's result dtype."""

    @functools.wraps(fn)
    def wrapper(x1, x2, /):
        if x1.__class__ is mnp.ndarray and x2.__class__ is mnp.ndarray and x1.dtype == x2.dtype:
            return fn(x1, x2)
        return fn(*_promote(x1, x2))

    return wrapper


def _kind(x):
    return onp.dtype(x.dtype).kind


def _default_float():
    from ivy import dtypes as _d

    from .dtypes import as_native_dtype

    return as_native_dtype(_d.default_float_dtype())


def _floating(fn):
    """``fn``, a function of real floating-point values, on integer or bool input: MXNet computes
    it in the input's dtype (``exp`` of int8 5 gave -108, ``sin`` of ints 0, ``sqrt(-1)`` of int32
    -2**31) or has no kernel (bool). The standard leaves non-float input unspecified; NumPy,
    PyTorch and JAX all answer in floating point, so the input goes to Ivy's default float."""

    @functools.wraps(fn)
    def wrapper(*xs):
        return fn(*(x.astype(_default_float())
                    if isinstance(x, mnp.ndarray) and _kind(x) in "biu" else x for x in xs))

    return wrapper


def abs(x, /):  # noqa: A001 - the standard's name
    # MXNet's integer absolute goes through a float (|2**62 + 7| came back 2**62): exact here
    if _kind(x) == "b":  # no bool kernel
        return x.copy()
    return mnp.absolute(x) if _kind(x) == "f" else _where(x < 0, -x, x)
acos = _floating(mnp.arccos)
acosh = _floating(mnp.arccosh)
asin = _floating(mnp.arcsin)
asinh = _floating(mnp.arcsinh)
atan = _floating(mnp.arctan)
atanh = _floating(mnp.arctanh)
cos = _floating(mnp.cos)
cosh = _floating(mnp.cosh)
exp = _floating(mnp.exp)
expm1 = _floating(mnp.expm1)
log = _floating(mnp.log)
log1p = _floating(mnp.log1p)
log2 = _floating(mnp.log2)
log10 = _floating(mnp.log10)
logical_not = mnp.logical_not
negative = mnp.negative
sin = _floating(mnp.sin)
sinh = _floating(mnp.sinh)
sqrt = _floating(mnp.sqrt)
def square(x, /):
    # MXNet squares integers in float32 (4097**2 came back 16785408): multiply them instead
    return mnp.square(x) if _kind(x) == "f" else x * x
tan = _floating(mnp.tan)
tanh = _floating(mnp.tanh)

add = _binary(mnp.add)
atan2 = _floating(_binary(mnp.arctan2))
divide = _binary(mnp.true_divide)
equal = _binary(mnp.equal)
greater = _binary(mnp.greater)
greater_equal = _binary(mnp.greater_equal)
hypot = _floating(_binary(mnp.hypot))
less = _binary(mnp.less)
less_equal = _binary(mnp.less_equal)
maximum = _binary(mnp.maximum)
minimum = _binary(mnp.minimum)
multiply = _binary(mnp.multiply)
not_equal = _binary(mnp.not_equal)
def pow(x1, x2, /):  # noqa: A001
    x1, x2 = _promote(x1, x2)
    if _kind(x1) == "f":
        return mnp.power(x1, x2)
    # MXNet raises integers to a power in floating point (4097**2 came back 16785410): square
    # and multiply exactly instead, wrapping on overflow as NumPy does; negative exponents of
    # integers are an error in NumPy (and undefined by the standard)
    if _kind(x1) == "b":
        return mnp.power(x1, x2)
    if bool(mnp.any(x2 < 0)):
        raise ValueError("Integers to negative integer powers are not allowed.")
    shape = onp.broadcast_shapes(x1.shape, x2.shape)
    result = mnp.ones(shape, dtype=x1.dtype, ctx=x1.ctx)
    base = mnp.broadcast_to(x1, shape)
    _check_exact("pow", x2)  # the exponent is halved through float64 (no integer division)
    e = mnp.broadcast_to(x2, shape).astype(onp.float64)
    while bool(mnp.any(e > 0)):
        odd = mnp.remainder(e, 2.0) == 1.0
        result = _where(odd, result * base, result)
        e = mnp.floor(e / 2.0)
        base = base * base
    return result
subtract = _binary(mnp.subtract)


def _copysign(x1, x2):
    # MXNet's copysign ignores the sign of a zero (copysign(1, -0.0) is 1): go by signbit
    a = mnp.abs(x1)
    return _where(signbit(x2), -a, a)


def copysign(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    return _copysign(x1, x2)


def positive(x, /):
    return x.copy()  # MXNet's positive has no int8 kernel; +x is a copy for every dtype


def sign(x, /):
    r = mnp.sign(x)
    return _where(mnp.isnan(x), x, r) if _kind(x) == "f" else r  # MXNet: sign(NaN) is 0


def signbit(x, /):
    if _kind(x) in "biu":
        return x < 0 if _kind(x) == "i" else mnp.zeros(x.shape, dtype=bool, ctx=x.ctx)
    # mx.np.signbit is NumPy's, run on the host by MXNet's fallback (it hands back a NumPy array
    # for 0-d input); MXNet has no bit view of floats, which the sign of -0.0 and of NaN needs.
    # So: NumPy on the host, explicitly, and an MXNet array back.
    return mnp.array(onp.signbit(x.asnumpy()), dtype=bool, ctx=x.ctx)


def _integral_noop(fn):
    @functools.wraps(fn)
    def wrapper(x, /):
        return x if _kind(x) in "biu" else fn(x)

    return wrapper


ceil = _integral_noop(mnp.ceil)
floor = _integral_noop(mnp.floor)
trunc = _integral_noop(mnp.trunc)


def round(x, /):  # noqa: A001
    if _kind(x) in "biu":
        return x
    if x.dtype == onp.float16:  # MXNet's round has no float16 kernel; float32 rounds it exactly
        return mnp.round(x.astype(onp.float32)).astype(onp.float16)
    return mnp.round(x)


def _fill_bool(x, value):
    return mnp.full(x.shape, value, dtype=bool, ctx=x.ctx)


def isfinite(x, /):
    return _fill_bool(x, True) if _kind(x) in "biu" else mnp.isfinite(x)


def isinf(x, /):
    return _fill_bool(x, False) if _kind(x) in "biu" else mnp.isinf(x)


def isnan(x, /):
    return _fill_bool(x, False) if _kind(x) in "biu" else mnp.isnan(x)


def bitwise_invert(x, /):
    if _kind(x) == "b":
        return mnp.logical_not(x)
    return mnp.invert(x)


def _bools(x1, x2):
    """Both operands as uint8 0/1 (MXNet's bitwise and min/max kernels reject bool)."""
    x1, x2 = _promote(x1, x2)
    return (x1 if x1.dtype == bool else x1 != 0).astype("uint8"), \
        (x2 if x2.dtype == bool else x2 != 0).astype("uint8")


def logical_and(x1, x2, /):
    a, b = _bools(x1, x2)
    return mnp.minimum(a, b) != 0


def logical_or(x1, x2, /):
    a, b = _bools(x1, x2)
    return mnp.maximum(a, b) != 0


def logical_xor(x1, x2, /):
    a, b = _bools(x1, x2)
    return a != b


def _bitwise(op, on_bool):
    def f(x1, x2, /):
        x1, x2 = _promote(x1, x2)
        return on_bool(x1, x2) if x1.dtype == bool else op(x1, x2)

    return f


bitwise_and = _bitwise(mnp.bitwise_and, logical_and)
bitwise_or = _bitwise(mnp.bitwise_or, logical_or)
bitwise_xor = _bitwise(mnp.bitwise_xor, logical_xor)
bitwise_and.__name__, bitwise_or.__name__, bitwise_xor.__name__ = (
    "bitwise_and", "bitwise_or", "bitwise_xor")


def logaddexp(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if _kind(x1) in "biu":
        return _floating(logaddexp)(x1, x2)
    m = mnp.maximum(x1, x2)
    r = m + mnp.log1p(mnp.exp(-mnp.abs(x1 - x2)))
    return _where(x1 == x2, x1 + math.log(2.0), r)  # inf + inf and -inf + -inf


_EXACT = 2 ** 53  # integers up to this magnitude survive a trip through float64


def _check_exact(fn, *xs):
    """int64 arithmetic done in float64 (MXNet has no integer division) is exact only below
    2**53: refuse larger operands rather than answer wrongly."""
    for x in xs:
        if x.dtype == onp.int64 and x.size and float(mnp.max(mnp.abs(x))) >= _EXACT:
            from ivy.errors import UnsupportedBackendError

            raise UnsupportedBackendError(
                f"ivy.{fn} on the mxnet backend: int64 operands of magnitude >= 2**53 (MXNet has "
                "no integer division; the float64 route would round)")


def _pow2_table(dtype, ctx):
    bits = onp.dtype(dtype).itemsize * 8
    table = onp.array([1 << k for k in range(bits)], dtype=onp.uint64).astype(dtype)
    return mnp.array(table, dtype=dtype, ctx=ctx), bits


def bitwise_left_shift(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if _kind(x1) not in "iu":
        raise TypeError(f"bitwise_left_shift needs integer arrays, got {x1.dtype}")
    table, bits = _pow2_table(x1.dtype, x1.ctx)
    big = x2 >= bits
    p = mnp.take(table, mnp.clip(x2, 0, bits - 1).astype("int64"))
    r = x1 * p  # wraps modulo 2**bits, as a shift does
    return _where(big, mnp.zeros((), dtype=x1.dtype, ctx=x1.ctx), r)


def bitwise_right_shift(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if _kind(x1) not in "iu":
        raise TypeError(f"bitwise_right_shift needs integer arrays, got {x1.dtype}")
    table, bits = _pow2_table(x1.dtype, x1.ctx)
    big = x2 >= bits
    # x >> s is floor(x / 2**s); 2**(bits-1) of a signed type wraps negative: use float64 there
    p = mnp.take(table.astype(onp.float64) if _kind(x1) == "i" else table,
                 mnp.clip(x2, 0, bits - 1).astype("int64"))
    p = mnp.abs(p.astype(onp.float64))
    _check_exact("bitwise_right_shift", x1)
    r = mnp.floor(x1.astype(onp.float64) / p).astype(x1.dtype)
    sat = _where(x1 < 0, mnp.full((), -1, dtype=x1.dtype, ctx=x1.ctx),
                 mnp.zeros((), dtype=x1.dtype, ctx=x1.ctx))
    return _where(big, sat, r)


def floor_divide(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if _kind(x1) in "iu":
        _check_exact("floor_divide", x1, x2)
        # exact for |x| < 2**53: x1 - remainder(x1, x2) is a multiple of x2
        r = mnp.remainder(x1, x2)
        q = mnp.true_divide((x1 - r).astype(onp.float64), x2.astype(onp.float64))
        return _where(x2 == 0, mnp.zeros((), dtype=x1.dtype, ctx=x1.ctx),
                         mnp.round(q).astype(x1.dtype))
    # NumPy's algorithm (npy_divmod), with the remainder above (the divisor's sign, as NumPy):
    # exact where floor(x1 / x2) would round wrongly (1 // 0.1 is 9, not 10)
    mod = remainder(x1, x2)
    div = (x1 - mod) / x2
    fl = mnp.floor(div)
    fl = _where(div - fl > 0.5, fl + 1, fl)
    q = x1 / x2
    fl = _where(fl == 0, _copysign(mnp.zeros_like(fl), q), fl)  # -0 // 2 is -0
    # zero divisors, infinite operands and NaN: floor(x1 / x2), as the standard specifies
    special = _any(x2 == 0, mnp.isinf(x1), mnp.isinf(x2), mnp.isnan(x1), mnp.isnan(x2))
    return _where(special, mnp.floor(q), fl)


def remainder(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if _kind(x1) != "f":
        _check_exact("remainder", x1, x2)  # MXNet's integer remainder goes through float64
        return mnp.remainder(x1, x2)
    r = mnp.remainder(x1, x2)
    # MXNet answers 0 where NumPy and the standard answer NaN (a NaN operand, x1 infinite, x2
    # zero), and x1 for an infinite x2 of either sign; a zero result takes x2's sign
    nan = _any(mnp.isnan(x1), mnp.isnan(x2), mnp.isinf(x1), x2 == 0)
    inf2 = _all(mnp.isinf(x2), mnp.logical_not(nan))
    keep = _any(x1 == 0, (x1 > 0) == (x2 > 0))
    r = _where(inf2, _where(keep, x1, x2), r)
    r = _where(r == 0, _copysign(mnp.zeros_like(r), x2), r)
    return _where(nan, mnp.full(r.shape, onp.nan, dtype=r.dtype, ctx=r.ctx), r)


def reciprocal(x, /):
    if _kind(x) in "biu":
        from ivy import dtypes as _d

        from .dtypes import as_native_dtype

        x = x.astype(as_native_dtype(_d.default_float_dtype()))
    return mnp.reciprocal(x)


def _bound(x, v):
    """A clip bound as a 0-d array of ``x``'s dtype: MXNet passes a Python scalar to its kernel
    as a float parameter (an int64 or float64 bound lost its low bits); an integer bound beyond
    the dtype's range is the range's end (it clips nothing more)."""
    if isinstance(v, mnp.ndarray):
        return v.astype(x.dtype)
    if _kind(x) in "iu" and isinstance(v, int):
        info = onp.iinfo(onp.dtype(x.dtype))
        v = builtins.min(builtins.max(v, int(info.min)), int(info.max))
    return mnp.array(onp.asarray(v).astype(x.dtype), dtype=x.dtype, ctx=x.ctx)


def clip(x, /, min=None, max=None):  # noqa: A002
    # The result keeps x's dtype ("min and max do not participate in type promotion").
    r = x
    if min is not None:
        r = mnp.maximum(r, _bound(x, min))
    if max is not None:
        r = mnp.minimum(r, _bound(x, max))
    if r is x:
        return x.copy()
    return r if r.dtype == x.dtype else r.astype(x.dtype)


def real(x, /):
    return x


def imag(x, /):
    return mnp.zeros(x.shape, dtype=x.dtype, ctx=x.ctx)


def conj(x, /):
    return x


