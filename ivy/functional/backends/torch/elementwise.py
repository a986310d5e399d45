"""The torch backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API).

What differs from plain ``torch.<op>``:

* Promotion. torch treats 0-d tensors like Python scalars (``int8[3] + int64[]`` is int8); the
  standard promotes every array alike. Two tensors of different dtypes are cast to the Array API
  result dtype first (pairs the standard leaves undefined keep torch's rule). Python scalars stay
  weak, as torch and the standard both treat them.
* Scalars where torch wants tensors (``maximum``, ``atan2``, scalar first operand...) become 0-d
  tensors of the other operand's dtype (the standard's weak-scalar rule).
* uint16/uint32/uint64 lack most kernels. uint16/uint32 are computed exactly in int32/int64;
  uint64 is reinterpreted as int64 where two's complement gives the same bits (+ - * << & | ^ ~),
  compared with the sign bit flipped, and divided with an exact unsigned algorithm.
* Special cases torch gets wrong for the standard: ``sign(nan)``, ``remainder(-0, y)``, complex
  ``sign``/``round``, ``floor_divide`` with infinite operands.

The wrappers made by ``_binary``/``_additive``/``_unary`` call the torch function at once in the
common case (tensors of one dtype, a tensor and a Python int/float); they declare that case with
``native_binding``, so the C dispatcher calls the torch function there without their frame.
"""

import math

import torch

from ivy import dtypes as _d
from ivy.errors import unsupported_dtype as _unsupported
from ivy.memo import Memo

from .. import native_binding as _native_binding
from .dtypes import _NATIVE
from .dtypes import as_native_dtype as _native

_T = torch.Tensor
_U16, _U32, _U64 = torch.uint16, torch.uint32, torch.uint64
_BIG_UINT = (_U16, _U32, _U64)
_WIDE = {_U16: torch.int32, _U32: torch.int64}
_I64 = torch.int64
_C64, _C128 = torch.complex64, torch.complex128
_I64_MIN = -(2**63)
_I64_MAX = 2**63 - 1
_FAIL = (RuntimeError, NotImplementedError)
_ALL = frozenset(_NATIVE.values())


# ---------------------------------------------------------------------------------------------
# Promotion and scalars
# ---------------------------------------------------------------------------------------------

_RESULT = Memo()


def _result_dtype(d1, d2):
    try:
        return _RESULT[(d1, d2)]
    except KeyError:
        pass
    try:
        r = _native(_d.promote_types(d1, d2))
    except TypeError as e:  # undefined by the standard (mixed kinds): torch's own rule
        try:
            r = torch.promote_types(d1, d2)
        except RuntimeError:
            raise e from None
    _RESULT[(d1, d2)] = r
    return r


def _scalar_dtype(s, d):
    """The dtype a Python scalar ``s`` takes next to a tensor of dtype ``d`` (weak scalars)."""
    if isinstance(s, bool):
        return d
    if isinstance(s, int):
        return _I64 if d is torch.bool else d
    if isinstance(s, float):
        return d if (d.is_floating_point or d.is_complex) else _native(_d.default_float_dtype())
    if isinstance(s, complex):
        if d.is_complex:
            return d
        if d is torch.float64:
            return torch.complex128
        if d.is_floating_point:
            return torch.complex64
        return _native(_d.default_complex_dtype())
    raise TypeError(f"expected a tensor or a Python scalar, got {type(s).__name__}")


def _tensor(s, like):
    return torch.tensor(s, dtype=_scalar_dtype(s, like.dtype), device=like.device)


def _prep(x1, x2, scalar_ok=False):
    """Both operands with the standard's result dtype; scalars kept if ``scalar_ok``."""
    t1 = isinstance(x1, _T)
    t2 = isinstance(x2, _T)
    if t1 and t2:
        d1, d2 = x1.dtype, x2.dtype
        if d1 is not d2:
            r = _result_dtype(d1, d2)
            if d1 is not r:
                x1 = x1.to(r)
            if d2 is not r:
                x2 = x2.to(r)
        return x1, x2
    if t1:
        if scalar_ok and x1.dtype not in _BIG_UINT:
            return x1, x2
        return x1, _tensor(x2, x1)
    if t2:
        return _tensor(x1, x2), x2
    raise TypeError("at least one operand must be an array")


# ---------------------------------------------------------------------------------------------
# uint16/uint32/uint64 fallbacks
# ---------------------------------------------------------------------------------------------

def _as_i64(x):
    return x.view(_I64)


def _flip(x):
    """uint64 bits as int64 with the sign bit flipped: signed order == unsigned order."""
    return torch.bitwise_xor(x.view(_I64), _I64_MIN)


def _u64_floordiv_mod(a, b):
    """Exact unsigned 64-bit a // b and a % b on int64 views (b == 0 gives 0, 0 like NumPy)."""
    a, b = torch.broadcast_tensors(a.view(_I64), b.view(_I64))
    big = b < 0  # divisor >= 2**63: quotient is 0 or 1
    zero = b == 0
    safe = torch.where(big | zero, 1, b)
    q = torch.bitwise_left_shift(torch.floor_divide(torch.bitwise_right_shift(a, 1) & _I64_MAX,
                                                    safe), 1)
    r = a - q * safe
    fa = torch.bitwise_xor(r, _I64_MIN)
    fb = torch.bitwise_xor(safe, _I64_MIN)
    more = fa >= fb
    q = torch.where(more, q + 1, q)
    r = torch.where(more, r - safe, r)
    ge = torch.bitwise_xor(a, _I64_MIN) >= torch.bitwise_xor(b, _I64_MIN)
    q = torch.where(big, ge.to(_I64), q)
    r = torch.where(big, torch.where(ge, a - b, a), r)
    q = torch.where(zero, 0, q)
    r = torch.where(zero, 0, r)
    return q.view(_U64), r.view(_U64)


_WRAP = {"add", "subtract", "multiply", "pow", "bitwise_and", "bitwise_or", "bitwise_xor",
         "bitwise_left_shift"}
_CMP = {"less": torch.lt, "less_equal": torch.le, "greater": torch.gt,
        "greater_equal": torch.ge, "equal": torch.eq, "not_equal": torch.ne}


def _uint_binary(name, fn, x1, x2):
    d = x1.dtype
    wide = _WIDE.get(d)
    if wide is not None:  # uint16/uint32: exact in the next wider signed type
        r = fn(x1.to(wide), x2.to(wide))
        return r.to(d) if r.dtype is wide else r
    if name in _WRAP:
        return fn(x1.view(_I64), x2.view(_I64)).view(_U64)
    if name in _CMP:
        return _CMP[name](_flip(x1), _flip(x2))
    if name in ("maximum", "minimum"):
        ge = _flip(x1) >= _flip(x2)
        return torch.where(ge, x1.view(_I64), x2.view(_I64)).view(_U64) if name == "maximum" \
            else torch.where(ge, x2.view(_I64), x1.view(_I64)).view(_U64)
    if name == "bitwise_right_shift":  # logical shift: shift once, clear the sign bit, go on
        a, s = x1.view(_I64), x2.view(_I64)
        first = torch.bitwise_right_shift(a, 1) & _I64_MAX
        rest = torch.bitwise_right_shift(first, torch.clamp(s - 1, min=0))
        big = (s < 0) | (s >= 64)  # (as unsigned, s >= 2**63 reads as negative)
        return torch.where(big, 0, torch.where(s == 0, a, rest)).view(_U64)
    if name == "floor_divide":
        return _u64_floordiv_mod(x1, x2)[0]
    if name == "remainder":
        return _u64_floordiv_mod(x1, x2)[1]
    if name in ("logical_and", "logical_or", "logical_xor"):
        return fn(x1 != 0, x2 != 0)
    raise _unsupported(name, "torch", "uint64")


def _binary(name, fn, scalar_ok=False):
    """A binary function: Array API promotion, weak scalars, uint fallbacks, one torch call."""

    def f(x1, x2, /):
        # the common cases first: two tensors of one dtype (a Python scalar has no ``dtype``;
        # anything else with equal dtypes is not a tensor pair and fails in ``fn`` as it would
        # in ``_prep``), and a tensor with a Python int/float (what ``_prep`` keeps as it is,
        # found without raising AttributeError)
        c2 = x2.__class__
        if scalar_ok and (c2 is float or c2 is int) and x1.__class__ is _T \
                and x1.dtype not in _BIG_UINT:
            same = True
        else:
            try:
                same = x1.dtype is x2.dtype
            except AttributeError:
                same = False
        if not same:
            x1, x2 = _prep(x1, x2, scalar_ok)
        try:
            return fn(x1, x2)
        except _FAIL:
            if isinstance(x1, _T) and x1.dtype in _BIG_UINT:
                return _uint_binary(name, fn, x1, x2)
            raise

    f.__name__ = f.__qualname__ = name
    # the C dispatcher's shortcut for the cases above that call ``fn`` at once (uint16/32/64
    # are left to ``f``: their kernels are missing, ``fn`` would raise first)
    return _native_binding(f, fn, _T, _ALL.difference(_BIG_UINT),
                           _ALL.difference(_BIG_UINT) if scalar_ok else None)


def _unary_uint(name, fn, x):
    d = x.dtype
    if name == "abs":
        return x.clone()
    if name == "logical_not":
        return x == 0
    if name == "sign":
        return (x != 0).to(d)
    wide = _WIDE.get(d)
    if wide is not None:
        return fn(x.to(wide)).to(d)
    if name in ("negative", "bitwise_invert", "square"):
        return fn(x.view(_I64)).view(_U64)
    raise _unsupported(name, "torch", d)


def _unary(name, fn):
    def f(x, /):
        try:
            return fn(x)
        except _FAIL:
            if x.dtype in _BIG_UINT:
                return _unary_uint(name, fn, x)
            raise

    f.__name__ = f.__qualname__ = name
    return _native_binding(f, fn, _T, _ALL.difference(_BIG_UINT))  # (the C dispatcher's shortcut)


# ---------------------------------------------------------------------------------------------
# Unary functions
# ---------------------------------------------------------------------------------------------

abs = _unary("abs", torch.abs)  # noqa: A001 - the standard's name
acosh = torch.acosh
asin = torch.asin
asinh = torch.asinh
atan = torch.atan
atanh = torch.atanh
bitwise_invert = _unary("bitwise_invert", torch.bitwise_not)
ceil = torch.ceil
cos = torch.cos
cosh = torch.cosh
exp = torch.exp
floor = torch.floor
isfinite = torch.isfinite
isinf = torch.isinf
isnan = torch.isnan
log = torch.log
log2 = torch.log2
log10 = torch.log10
logical_not = _unary("logical_not", torch.logical_not)
negative = _unary("negative", torch.neg)  # (torch.negative: an alias, one more ATen dispatch)
reciprocal = torch.reciprocal
signbit = torch.signbit
sin = torch.sin
sinh = torch.sinh
square = _unary("square", torch.square)
sqrt = torch.sqrt
tan = torch.tan
trunc = torch.trunc


def acos(x, /):
    r = torch.acos(x)
    if r.is_complex():
        # C99: acos(conj(z)) == conj(acos(z)); torch loses the sign of a zero imaginary part
        im = r.imag
        r = torch.complex(r.real, torch.where(im == 0, torch.copysign(im, -x.imag), im))
    return r


def expm1(x, /):
    r = torch.expm1(x)
    if r.is_complex():  # torch gives NaN for infinite parts; exp(x) - 1 has the C99 cases
        r = torch.where(torch.isfinite(x), r, torch.exp(x) - 1)
        im = x.imag
        r = torch.where(x == 0, torch.complex(torch.zeros_like(im), im), r)  # expm1(-0+0j) = +0
    return r


def log1p(x, /):
    r = torch.log1p(x)
    if r.is_complex():
        r = torch.where(torch.isfinite(x), r, torch.log(x + 1))
    return r


_ttanh = torch.tanh


def tanh(x, /):
    r = _ttanh(x)
    if r.dtype in _CPLX:
        # tanh(+-inf + yj) for finite y is +-1 + 0j with the sign of y on the zero
        a, b = x.real, x.imag
        fix = torch.isinf(a) & torch.isfinite(b)
        r = torch.where(fix, torch.complex(torch.copysign(torch.ones_like(a), a),
                                           torch.copysign(torch.zeros_like(b), b)), r)
    return r


def positive(x, /):
    if x.dtype is torch.bool:
        raise TypeError("positive is not defined for bool arrays")
    return x.clone()  # torch.positive returns x itself; a new array keeps in-place ops apart


def round(x, /):  # noqa: A001
    if x.is_complex():
        return torch.complex(torch.round(x.real), torch.round(x.imag))
    return torch.round(x)


_sign_uint = _unary("sign", torch.sign)


def sign(x, /):
    if x.is_complex():
        return torch.sgn(x)
    if x.is_floating_point():
        return torch.where(torch.isnan(x), x, torch.sign(x))
    return _sign_uint(x)


def real(x, /):
    return torch.real(x)


def imag(x, /):
    return torch.imag(x) if x.is_complex() else torch.zeros_like(x)


def conj(x, /):
    return torch.conj_physical(x) if x.is_complex() else x


# ---------------------------------------------------------------------------------------------
# Binary functions
# ---------------------------------------------------------------------------------------------

_add = _binary("add", torch.add, True)
_subtract = _binary("subtract", torch.sub, True)


def _complex_add(x1, x2, sign):
    # torch adds complex numbers as x1 + alpha * x2 with a complex alpha = 1, and 1 * (inf + 0j)
    # is inf + nan j: add the real views instead (the standard adds componentwise)
    x1, x2 = _prep(x1, x2)
    a = torch.view_as_real(x1.resolve_conj())
    b = torch.view_as_real(x2.resolve_conj())
    return torch.view_as_complex(a + b if sign > 0 else a - b)


def _is_complex(x):
    return x.is_complex() if isinstance(x, _T) else isinstance(x, complex)


_CPLX = frozenset((_C64, _C128))


def _additive(name, fn, general, sign):
    """``add``/``subtract``: ``fn`` straight away for two tensors of one real dtype (uint16/32/64
    fail there and take ``general``, which also promotes); complex via ``_complex_add``."""

    def f(x1, x2, /):
        c2 = x2.__class__
        if (c2 is float or c2 is int) and x1.__class__ is _T:
            # a real tensor and a Python int/float: torch's own scalar rules are the standard's
            # (``_prep`` keeps both as they are), found without raising AttributeError
            d = x1.dtype
            same = d not in _CPLX and d not in _BIG_UINT
        else:
            try:
                d = x1.dtype
                same = d is x2.dtype and d not in _CPLX
            except AttributeError:
                same = False
        if same:
            try:
                return fn(x1, x2)
            except _FAIL:
                return general(x1, x2)
        if _is_complex(x1) or _is_complex(x2):
            return _complex_add(x1, x2, sign)
        return general(x1, x2)

    f.__name__ = f.__qualname__ = name
    real = _ALL.difference(_BIG_UINT, _CPLX)  # the ``same`` cases above: the C shortcut
    return _native_binding(f, fn, _T, real, real)


add = _additive("add", torch.add, _add, 1)
subtract = _additive("subtract", torch.sub, _subtract, -1)


multiply = _binary("multiply", torch.mul, True)  # (not the aliases multiply/divide)
divide = _binary("divide", torch.div, True)
pow = _binary("pow", torch.pow, True)  # noqa: A001
equal = _binary("equal", torch.eq, True)
not_equal = _binary("not_equal", torch.ne, True)
less = _binary("less", torch.lt, True)
less_equal = _binary("less_equal", torch.le, True)
greater = _binary("greater", torch.gt, True)
greater_equal = _binary("greater_equal", torch.ge, True)
bitwise_and = _binary("bitwise_and", torch.bitwise_and, True)
bitwise_or = _binary("bitwise_or", torch.bitwise_or, True)
bitwise_xor = _binary("bitwise_xor", torch.bitwise_xor, True)
bitwise_left_shift = _binary("bitwise_left_shift", torch.bitwise_left_shift, True)
bitwise_right_shift = _binary("bitwise_right_shift", torch.bitwise_right_shift, True)
logical_and = _binary("logical_and", torch.logical_and)
logical_or = _binary("logical_or", torch.logical_or)
logical_xor = _binary("logical_xor", torch.logical_xor)
maximum = _binary("maximum", torch.maximum)
minimum = _binary("minimum", torch.minimum)
atan2 = _binary("atan2", torch.atan2)
copysign = _binary("copysign", torch.copysign, True)
hypot = _binary("hypot", torch.hypot)
logaddexp = _binary("logaddexp", torch.logaddexp)
nextafter = _binary("nextafter", torch.nextafter)
_floor_divide = _binary("floor_divide", torch.floor_divide, True)
_remainder = _binary("remainder", torch.remainder, True)


def floor_divide(x1, x2, /):
    r = _floor_divide(x1, x2)
    if r.is_floating_point():
        # the standard: floor(x1 / x2) where an operand is infinite (torch gives NaN for inf // 2)
        x1, x2 = _prep(x1, x2)
        fix = torch.isinf(x1) | torch.isinf(x2)
        r = torch.where(fix, torch.floor(torch.div(x1, x2)), r)
    return r


def remainder(x1, x2, /):
    r = _remainder(x1, x2)
    if r.is_floating_point():
        # torch keeps x1's sign for a zero result (-0 % 1 is -0); the standard takes x2's sign
        x1, x2 = _prep(x1, x2)
        r = torch.where(r == 0, torch.copysign(r, x2), r)
    return r


_clamp = torch.clamp
_FLOATING = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64))


def clip(x, /, min=None, max=None):  # noqa: A002
    # The result keeps x's dtype: bounds are cast to it ("min and max do not participate in
    # type promotion"). Integer bounds outside x's range saturate (unspecified by the standard).
    if min is None and max is None:
        return x.clone()
    lc = min.__class__
    hc = max.__class__
    # (plain comparisons, not a set of classes: torch.compile's guards mishandle the latter)
    if (lc is float or lc is int or min is None) and (hc is float or hc is int or max is None) \
            and x.dtype in _FLOATING:
        # Python-number bounds on a real floating array: torch.clamp rounds them to x's dtype
        # itself (the same values as clamping with bounds cast first); a bound x's dtype cannot
        # hold (float16 1e30, a huge int) raises and takes the general path below
        try:
            return _clamp(x, min, max)
        except (RuntimeError, OverflowError):
            pass
    d = x.dtype
    lo = _bound(min, x, True)
    hi = _bound(max, x, False)
    if d in _BIG_UINT:  # no clamp kernel: the exact maximum/minimum above
        r = x if lo is None else maximum(x, lo)
        return r if hi is None else minimum(r, hi)
    return torch.clamp(x, lo, hi)


def _bound(b, x, lower):
    if b is None:
        return None
    d = x.dtype
    if isinstance(b, _T):
        return b if b.dtype is d else b.to(d)
    if not (d.is_floating_point or d.is_complex) and isinstance(b, (int, float)):
        info = torch.iinfo(d)
        b = math.ceil(b) if lower else math.floor(b)
        b = info.min if b < info.min else info.max if b > info.max else b
    return torch.tensor(b, dtype=d, device=x.device)
