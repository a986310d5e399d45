"""``jax.lax`` element-wise primitives (arithmetic, comparisons, bitwise, rounding, ``select_n``,
``convert_element_type``, ``bitcast_convert_type``, ...).

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from .. import _array
from .._array import Array, asarray, wrap
from .._core import KIND, name_of, not_implemented, to_name
from ..numpy import _functions as _F
from ._base import _bin, _ints, _range, _same, _u, _unsigned64

neg = _u(ivy.negative, "neg")
exp = _u(ivy.exp, "exp", True)
exp2 = _u(lambda v: ivy.pow(ivy.full_like(v, 2), v), "exp2", True)
log = _u(ivy.log, "log", True)
log1p = _u(ivy.log1p, "log1p", True)
expm1 = _u(ivy.expm1, "expm1", True)
tanh = _u(ivy.tanh, "tanh", True)
sin, cos, tan = (_u(getattr(ivy, n), n, True) for n in ("sin", "cos", "tan"))
asin, acos, atan = (_u(getattr(ivy, n), n, True) for n in ("asin", "acos", "atan"))
sinh, cosh = _u(ivy.sinh, "sinh", True), _u(ivy.cosh, "cosh", True)
asinh, acosh, atanh = (_u(getattr(ivy, n), n, True) for n in ("asinh", "acosh", "atanh"))
logistic = _u(ivy.sigmoid, "logistic", True)
sqrt = _u(ivy.sqrt, "sqrt", True)
rsqrt = _u(lambda v: ivy.divide(ivy.ones_like(v), ivy.sqrt(v)), "rsqrt", True)
cbrt = _u(lambda v: ivy.multiply(ivy.sign(v), ivy.pow(ivy.abs(v), 1.0 / 3.0)), "cbrt", True)
abs = _u(ivy.abs, "abs")  # noqa: A001
sign = _u(ivy.sign, "sign")
floor = _u(ivy.floor, "floor", True)
ceil = _u(ivy.ceil, "ceil", True)
is_finite = _u(ivy.isfinite, "is_finite", True)
square = _u(ivy.square, "square")
reciprocal = _u(lambda v: ivy.divide(ivy.ones_like(v), v), "reciprocal")


def conj(x, input_dtype=None):
    """Complex conjugate; a real operand gives a complex result, as in JAX (float64 ->
    complex128, anything else -> complex64)."""
    a = asarray(x)
    n = name_of(a._data)
    if KIND[n] != "c":
        return wrap(ivy.astype(a._data, "complex128" if n == "float64" else "complex64"),
                    a._weak)
    return wrap(ivy.conj(a._data), a._weak)


real = _u(ivy.real, "real")
imag = _u(ivy.imag, "imag")
bitwise_not = _u(lambda v: ivy.logical_not(v) if name_of(v) == "bool" else ivy.bitwise_invert(v),
                 "not")
not_ = bitwise_not

add = _bin(ivy.add, "add")
sub = _bin(ivy.subtract, "sub")
mul = _bin(ivy.multiply, "mul")


def _on_bool(fn, logical):
    """``fn`` (an ordering op the Array API defines for real numbers only: TensorFlow has no
    bool kernel) or, on bools, its logical form (False < True)."""
    return lambda a, b: logical(a, b) if name_of(a) == "bool" else fn(a, b)


def _lex(big):
    """JAX's (XLA's) max/min of complex numbers: ``select(a > b, a, b)`` (``<`` for min) in
    lexicographic order (real part, then imaginary part), so a NaN part picks ``b``; written
    with ``where`` since PyTorch and TensorFlow have no complex ordering kernels."""
    cmp = ivy.greater if big else ivy.less

    def pick(a, b):
        ra, rb = ivy.real(a), ivy.real(b)
        take = ivy.logical_or(cmp(ra, rb), ivy.logical_and(ivy.equal(ra, rb),
                                                           cmp(ivy.imag(a), ivy.imag(b))))
        return ivy.where(take, a, b)
    return pick


def _ordering(fn, logical, big):
    """``fn`` on real numbers, its logical form on bools (:func:`_on_bool`), :func:`_lex` on
    complex numbers."""
    lex = _lex(big)

    def f(a, b):
        k = KIND[name_of(a)]
        return logical(a, b) if k == "b" else lex(a, b) if k == "c" else fn(a, b)
    return f


def _complex_of(re, im, dt):
    """``re + im j`` (``re``, ``im`` of the real dtype of the complex ``dt``; non-finite
    imaginary parts kept)."""
    return complex(wrap(re), wrap(im))._data


_lnot = ivy.logical_not
_maximum = _ordering(ivy.maximum, ivy.logical_or, True)
_minimum = _ordering(ivy.minimum, ivy.logical_and, False)
max = _bin(_maximum, "max")  # noqa: A001
min = _bin(_minimum, "min")  # noqa: A001
atan2 = _bin(ivy.atan2, "atan2")
nextafter = _bin(ivy.nextafter, "nextafter")
eq, ne = _bin(ivy.equal, "eq", True), _bin(ivy.not_equal, "ne", True)
lt = _bin(_on_bool(ivy.less, lambda a, b: ivy.logical_and(_lnot(a), b)), "lt", True)
le = _bin(_on_bool(ivy.less_equal, lambda a, b: ivy.logical_or(_lnot(a), b)), "le", True)
gt = _bin(_on_bool(ivy.greater, lambda a, b: ivy.logical_and(a, _lnot(b))), "gt", True)
ge = _bin(_on_bool(ivy.greater_equal, lambda a, b: ivy.logical_or(a, _lnot(b))), "ge", True)


def _total(kind):
    """XLA's total-order comparisons (``lt_to``/``le_to``/``eq_to``, what ``jnp.sort`` and
    ``expm`` use): ``-NaN < -inf < ... < -0 < +0 < ... < inf < NaN`` on floats (NaN payloads
    are not told apart); the ordinary comparison on other dtypes."""
    plain = {"lt": lt, "le": le, "eq": eq}[kind]

    def fn(x, y):
        (a, b), _, _ = _same(x, y, name=f"{kind}_to")
        k = KIND[name_of(a)]
        if k == "c":
            not_implemented(f"jax.lax.{kind}_to on complex numbers")
        if k != "f":
            return plain(x, y)

        def cls(v):  # 0: -NaN, 1: a number, 2: +NaN (1 + isnan * (1 - 2 * signbit))
            n, sb = ivy.astype(ivy.isnan(v), "int32"), ivy.astype(ivy.signbit(v), "int32")
            return ivy.add(ivy.multiply(n, ivy.subtract(1, ivy.multiply(sb, 2))), 1)

        ca, cb = cls(a), cls(b)
        sa, sbb = ivy.signbit(a), ivy.signbit(b)
        num = ivy.logical_and(ivy.equal(ca, 1), ivy.equal(cb, 1))
        same = ivy.logical_and(ivy.equal(a, b), ivy.equal(sa, sbb))
        eq_ = ivy.logical_or(ivy.logical_and(ivy.equal(ca, cb), ivy.not_equal(ca, 1)),
                             ivy.logical_and(num, same))
        lt_ = ivy.logical_or(ivy.less(ca, cb), ivy.logical_and(num, ivy.logical_or(
            ivy.less(a, b), ivy.logical_and(ivy.equal(a, b), ivy.logical_and(sa, _lnot(sbb))))))
        return wrap({"lt": lt_, "le": ivy.logical_or(lt_, eq_), "eq": eq_}[kind])

    fn.__name__ = f"{kind}_to"
    return fn


lt_to, le_to, eq_to = _total("lt"), _total("le"), _total("eq")
bitwise_and = _bin(lambda a, b: ivy.logical_and(a, b) if name_of(a) == "bool" else
                   ivy.bitwise_and(a, b), "and")
bitwise_or = _bin(lambda a, b: ivy.logical_or(a, b) if name_of(a) == "bool" else
                  ivy.bitwise_or(a, b), "or")
bitwise_xor = _bin(lambda a, b: ivy.logical_xor(a, b) if name_of(a) == "bool" else
                   ivy.bitwise_xor(a, b), "xor")
shift_left = _bin(ivy.bitwise_left_shift, "shift_left")
shift_right_arithmetic = _bin(ivy.bitwise_right_shift, "shift_right_arithmetic")


def div(x, y):
    """lax.div: integer division rounds toward zero."""
    (a, b), dt, weak = _same(x, y, name="div")
    if KIND[dt] in "iu":
        q = ivy.floor_divide(a, b)
        r = ivy.remainder(a, b)
        fix = ivy.logical_and(ivy.not_equal(r, 0), ivy.not_equal(ivy.less(a, 0), ivy.less(b, 0)))
        return wrap(ivy.where(fix, ivy.add(q, ivy.ones_like(q)), q), weak)
    return wrap(ivy.divide(a, b), weak)


def rem(x, y):
    """lax.rem: the sign of the dividend (C fmod)."""
    return _F.fmod(*[wrap(v, w) for v, w in zip(_same(x, y, name="rem")[0], (False, False), strict=True)])


def pow(x, y):  # noqa: A001
    a = asarray(x)
    b = asarray(y) if isinstance(y, Array) else asarray(y, dtype=a.dtype if KIND[name_of(
        a._data)] in "fc" and isinstance(y, float) else None)
    if KIND[name_of(b._data)] in "iu":
        return wrap(ivy.pow(a._data, ivy.astype(b._data, name_of(a._data))), a._weak)
    (p, q), dt, weak = _same(a, b, name="pow")
    return wrap(ivy.pow(p, q), weak)


def integer_pow(x, y):
    a = asarray(x)
    if not isinstance(y, (builtins.int, np.integer)):
        raise TypeError("lax.integer_pow: the exponent must be a Python int")
    if y < 0 and KIND[name_of(a._data)] in "iu":
        raise TypeError("lax.integer_pow: negative exponent on an integer array")
    if y == 0:
        return wrap(ivy.ones_like(a._data), a._weak)
    r = None
    base = a._data
    n = _abs(y)
    while n:  # exponentiation by squaring, as XLA does
        if n & 1:
            r = base if r is None else ivy.multiply(r, base)
        n >>= 1
        if n:
            base = ivy.multiply(base, base)
    if y < 0:
        r = ivy.divide(ivy.ones_like(r), r)
    return wrap(r, a._weak)


_abs = builtins.abs


def round(x, rounding_method=0):  # noqa: A001
    a = asarray(x)
    d = a._data
    if rounding_method in (0, "AWAY_FROM_ZERO", RoundingMethod.AWAY_FROM_ZERO):
        r = ivy.multiply(ivy.sign(d), ivy.floor(ivy.add(ivy.abs(d), 0.5)))
        return wrap(r, a._weak)
    return wrap(ivy.round(d), a._weak)


class RoundingMethod:
    AWAY_FROM_ZERO, TO_NEAREST_EVEN = 0, 1


def clamp(min, x, max):  # noqa: A002
    (lo, v, hi), dt, weak = _same(min, x, max, name="clamp")
    return wrap(ivy.minimum(ivy.maximum(v, lo), hi), asarray(x)._weak)


def select_n(which, *cases):
    if not cases:
        raise ValueError("select_n called with no cases")
    w = asarray(which)
    cs, dt, weak = _same(*cases, name="select_n")
    r = cs[-1]
    wd = w._data
    if name_of(wd) == "bool":
        return wrap(ivy.where(wd, cs[1], cs[0]) if len(cs) == 2 else cs[0], weak)
    for i in _range(len(cs) - 2, -1, -1):
        r = ivy.where(ivy.equal(wd, i), cs[i], r)
    return wrap(r, weak)


def select(pred, on_true, on_false):
    return select_n(pred, on_false, on_true)


def convert_element_type(operand, new_dtype=None, weak_type=False, sharding=None):
    a = asarray(operand)
    n = to_name(new_dtype) if new_dtype is not None else name_of(a._data)
    d = a._data
    if KIND[name_of(d)] == "c" and KIND[n] != "c":  # JAX drops the imaginary part
        d = ivy.real(d)
    return wrap(_array.convert(d, n), weak_type)


def bitcast_convert_type(operand, new_dtype):
    """``ivy.bitcast`` for equal item sizes (bool or complex only to the same dtype, else
    TypeError, as JAX); a different item size (JAX adds or drops a trailing dimension) raises
    NotImplementedError."""
    a = asarray(operand)
    src, dst = name_of(a._data), to_name(new_dtype)
    if src == dst:  # JAX gives a bitcast no derivative (zero), even to the same dtype
        return wrap(ivy.stop_gradient(a._data) if KIND[src] in "fc" else a._data, a._weak)
    if KIND[src] in "bc" or KIND[dst] in "bc":
        raise TypeError("lax.bitcast_convert_type does not support bool or complex values unless "
                        "the operand and destination types match.")
    if np.dtype(src).itemsize != np.dtype(dst).itemsize:
        not_implemented("jax.lax.bitcast_convert_type between different item sizes")
    return wrap(ivy.bitcast(a._data, dst))


def population_count(x):
    a, n, bits = _ints(x, "population_count")
    v = _unsigned64(a._data, n, bits)
    cnt = ivy.zeros_like(v)
    for i in _range(bits):
        cnt = ivy.add(cnt, ivy.bitwise_and(ivy.bitwise_right_shift(v, i), 1))
    return wrap(ivy.astype(cnt, n), a._weak)


def clz(x):
    a, n, bits = _ints(x, "clz")
    v = _unsigned64(a._data, n, bits)
    length = ivy.zeros_like(v)
    for i in _range(bits):
        length = ivy.add(length, ivy.astype(ivy.greater_equal(v, 1 << i), "int64"))
    return wrap(ivy.astype(ivy.subtract(bits, length), n), a._weak)


def shift_right_logical(x, y):
    (xd, yd), dt, weak = _same(x, y, name="shift_right_logical")
    if KIND[dt] not in "iu":
        raise TypeError(f"lax.shift_right_logical does not accept dtype {dt}")
    bits = np.dtype(dt).itemsize * 8
    v = _unsigned64(xd, dt, bits)
    s = ivy.astype(yd, "int64")
    ok = ivy.logical_and(ivy.greater_equal(s, 0), ivy.less(s, bits))
    r = ivy.bitwise_right_shift(v, ivy.where(ok, s, ivy.zeros_like(s)))
    r = ivy.where(ok, r, ivy.zeros_like(r))
    # back to the signed range (two's complement) before the cast
    if KIND[dt] == "i":
        r = ivy.where(ivy.greater_equal(r, 1 << (bits - 1)), ivy.subtract(r, 1 << bits), r)
    return wrap(ivy.astype(r, dt), weak)


def mulhi(x, y, /):
    (xd, yd), dt, weak = _same(x, y, name="mulhi")
    if KIND[dt] not in "iu":
        raise TypeError(f"lax.mulhi does not accept dtype {dt}")
    bits = np.dtype(dt).itemsize * 8
    a, b = ivy.astype(xd, "int64"), ivy.astype(yd, "int64")
    if dt == "uint32":  # the 64-bit product would overflow int64: 16-bit halves
        m = (1 << 16) - 1
        ah, al = ivy.bitwise_right_shift(a, 16), ivy.bitwise_and(a, m)
        bh, bl = ivy.bitwise_right_shift(b, 16), ivy.bitwise_and(b, m)
        mid = ivy.add(ivy.add(ivy.multiply(ah, bl), ivy.multiply(al, bh)),
                      ivy.bitwise_right_shift(ivy.multiply(al, bl), 16))
        r = ivy.add(ivy.multiply(ah, bh), ivy.bitwise_right_shift(mid, 16))
    else:
        r = ivy.bitwise_right_shift(ivy.multiply(a, b), bits)
    return wrap(ivy.astype(r, dt), weak)


def complex(x, y):  # noqa: A001
    (xd, yd), dt, weak = _same(x, y, name="complex")
    if dt not in ("float32", "float64"):
        raise TypeError(f"lax.complex does not accept dtype {dt}")
    cd = "complex128" if dt == "float64" else "complex64"
    re = ivy.astype(xd, cd)
    fin = ivy.isfinite(yd)
    im = ivy.multiply(ivy.astype(ivy.where(fin, yd, ivy.zeros_like(yd)), cd),
                      ivy.astype(ivy.asarray(1j), cd))
    z = ivy.add(re, im)
    # an infinite or NaN imaginary part: y * 1j would put inf * 0 = NaN into the real part, so
    # those elements add the complex constant (0 + y j) instead
    for v, hit in ((math.inf, ivy.equal(yd, math.inf)), (-math.inf, ivy.equal(yd, -math.inf)),
                   (math.nan, ivy.isnan(yd))):
        c = ivy.astype(ivy.asarray(builtins.complex(0.0, v)), cd)
        z = ivy.where(hit, ivy.add(z, c), z)
    return wrap(z, weak)
