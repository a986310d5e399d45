"""``jax.numpy`` element-wise functions (the ufuncs: arithmetic, comparison, trigonometric, ...)
with JAX's weak-type promotion.

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import math

import numpy as np

import ivy

from .._array import elementwise, natives, wrap
from .._core import KIND, not_implemented
from ._base import _a, _any, _d, _kind
from ._creation import zeros_like


# ------------------------------------------------------------------------------ elementwise
def _u(ivy_fn, inexact=False, out_bool=False, keep_weak=True, no_bool=False):
    def f(x, /):
        if no_bool and _kind(_a(x)) == "b":
            raise TypeError("this function does not accept dtype bool")
        return elementwise(ivy_fn, x, inexact=inexact, out_bool=out_bool, keep_weak=keep_weak)
    return f


def _b(ivy_fn, inexact=False, out_bool=False):
    def f(x, y, /):
        return elementwise(ivy_fn, x, y, inexact=inexact, out_bool=out_bool)
    return f


sin, cos, tan = _u(ivy.sin, True), _u(ivy.cos, True), _u(ivy.tan, True)
arcsin, arccos, arctan = _u(ivy.asin, True), _u(ivy.acos, True), _u(ivy.atan, True)
asin, acos, atan = arcsin, arccos, arctan
sinh, cosh, tanh = _u(ivy.sinh, True), _u(ivy.cosh, True), _u(ivy.tanh, True)
arcsinh, arccosh, arctanh = _u(ivy.asinh, True), _u(ivy.acosh, True), _u(ivy.atanh, True)
asinh, acosh, atanh = arcsinh, arccosh, arctanh
exp, expm1, log, log1p, sqrt = (_u(f, True) for f in (
    ivy.exp, ivy.expm1, ivy.log, ivy.log1p, ivy.sqrt))
log2, log10 = _u(ivy.log2, True, keep_weak=False), _u(ivy.log10, True, keep_weak=False)
exp2 = _u(lambda x: ivy.pow(ivy.full_like(x, 2), x), True)
cbrt = _u(lambda x: ivy.multiply(ivy.sign(x), ivy.pow(ivy.abs(x), 1.0 / 3.0)), True)
deg2rad = radians = _u(lambda x: ivy.multiply(x, math.pi / 180), True)
rad2deg = degrees = _u(lambda x: ivy.multiply(x, 180 / math.pi), True)
negative = _u(ivy.negative, no_bool=True)


def positive(x, /):
    return _a(x)


def abs(x, /):  # noqa: A001
    x = _a(x)
    return x if _kind(x) == "b" else wrap(ivy.abs(x._data), x._weak)


absolute = abs


def square(x, /):
    x = _a(x)
    if _kind(x) == "b":
        x = x.astype("int32")
    return wrap(ivy.square(x._data), x._weak)
isnan, isinf, isfinite = (_u(f, out_bool=True) for f in (ivy.isnan, ivy.isinf, ivy.isfinite))
logical_not = _u(lambda x: ivy.logical_not(ivy.astype(x, "bool")), out_bool=True)
signbit = _u(ivy.signbit, out_bool=True)
conjugate = conj = _u(ivy.conj)


def _intsame(fn):
    def f(x, /):
        x = _a(x)
        if _kind(x) in "biu":
            return x
        return wrap(fn(x._data), x._weak)
    return f


floor, ceil, trunc = _intsame(ivy.floor), _intsame(ivy.ceil), _intsame(ivy.trunc)
fix = trunc


def rint(x, /):
    x = _a(x)
    if _kind(x) in "biu":
        return x.astype("float32") if not x._weak else wrap(ivy.astype(x._data, "float32"), True)
    return wrap(ivy.round(x._data), x._weak)


def sign(x, /):
    x = _a(x)
    if _kind(x) == "b":
        raise TypeError("sign does not accept dtype bool")
    return wrap(ivy.sign(x._data), x._weak)


def reciprocal(x, /):
    return elementwise(lambda v: ivy.divide(ivy.ones_like(v), v), x, inexact=True)


def sinc(x, /):
    def f(v):
        pv = ivy.multiply(v, math.pi)
        safe = ivy.where(ivy.equal(v, 0), ivy.ones_like(pv), pv)
        return ivy.where(ivy.equal(v, 0), ivy.ones_like(pv), ivy.divide(ivy.sin(safe), safe))
    return elementwise(f, x, inexact=True)


def invert(x, /):
    x = _a(x)
    if _kind(x) == "b":
        return wrap(ivy.logical_not(x._data))
    if _kind(x) not in "iu":
        raise TypeError("invert is only defined for integer and boolean arrays")
    return wrap(ivy.bitwise_invert(x._data), x._weak)


bitwise_not = bitwise_invert = invert


def round(a, decimals=0, out=None):  # noqa: A001
    x = _a(a)
    if _kind(x) == "b":
        raise ValueError("data type bool not inexact")
    if _kind(x) in "iu":
        return x
    if decimals == 0:
        return wrap(ivy.round(x._data), x._weak)
    f = 10.0 ** decimals
    return wrap(ivy.divide(ivy.round(ivy.multiply(x._data, f)), f), x._weak)


around = round


def real(val, /):
    x = _a(val)
    return wrap(ivy.real(x._data), x._weak) if _kind(x) == "c" else x


def imag(val, /):
    x = _a(val)
    return wrap(ivy.imag(x._data), x._weak) if _kind(x) == "c" else zeros_like(x)


add = _b(ivy.add)
def subtract(x1, x2, /):
    ns, name, weak = natives(x1, x2)
    if KIND[name] == "b":
        raise TypeError("subtract does not accept dtype bool")
    return wrap(ivy.subtract(*ns), weak)
multiply = _b(ivy.multiply)
maximum, minimum = _b(ivy.maximum), _b(ivy.minimum)
arctan2 = atan2 = _b(ivy.atan2, True)
hypot = _b(ivy.hypot, True)
copysign = _b(ivy.copysign, True)
nextafter = _b(ivy.nextafter, True)
logaddexp = _b(ivy.logaddexp, True)
equal, not_equal = _b(ivy.equal, out_bool=True), _b(ivy.not_equal, out_bool=True)
less, less_equal = _b(ivy.less, out_bool=True), _b(ivy.less_equal, out_bool=True)
greater, greater_equal = _b(ivy.greater, out_bool=True), _b(ivy.greater_equal, out_bool=True)


def _bool2(fn):
    def f(x, y, /):
        return wrap(fn(ivy.astype(_d(x), "bool"), ivy.astype(_d(y), "bool")))
    return f


logical_and, logical_or, logical_xor = (_bool2(f) for f in (ivy.logical_and, ivy.logical_or,
                                                            ivy.logical_xor))


def _bitwise(fn, logical):
    def f(x, y, /):
        ns, name, weak = natives(x, y)
        if KIND[name] == "b":
            return wrap(logical(*ns))
        if KIND[name] not in "iu":
            raise TypeError("bitwise operations are only defined for integer and boolean arrays")
        return wrap(fn(*ns), weak)
    return f


bitwise_and = _bitwise(ivy.bitwise_and, ivy.logical_and)
bitwise_or = _bitwise(ivy.bitwise_or, ivy.logical_or)
bitwise_xor = _bitwise(ivy.bitwise_xor, ivy.logical_xor)
left_shift = bitwise_left_shift = _b(ivy.bitwise_left_shift)
right_shift = bitwise_right_shift = _b(ivy.bitwise_right_shift)


def logaddexp2(x1, x2, /):
    ln2 = math.log(2)
    return elementwise(lambda a, b: ivy.divide(ivy.logaddexp(ivy.multiply(a, ln2),
                                                             ivy.multiply(b, ln2)), ln2),
                       x1, x2, inexact=True, keep_weak=False)


def true_divide(x1, x2, /):
    return elementwise(ivy.divide, x1, x2, inexact=True)


divide = true_divide


def _int_floordiv(a, b):
    return ivy.floor_divide(a, b)


def floor_divide(x1, x2, /):
    ns, name, weak = natives(x1, x2)
    if KIND[name] == "b":
        return wrap(ivy.logical_and(*ns))
    if KIND[name] == "c":
        raise TypeError("floor_divide does not support complex-valued inputs")
    return wrap(ivy.floor_divide(*ns), weak)


def remainder(x1, x2, /):
    ns, name, weak = natives(x1, x2)
    if KIND[name] == "c":
        raise TypeError("remainder does not support complex-valued inputs")
    if KIND[name] == "b":
        not_implemented("jax.numpy.remainder on bool")
    return wrap(ivy.remainder(*ns), weak)


mod = remainder


def fmod(x1, x2, /):
    ns, name, weak = natives(x1, x2)
    a, b = ns
    if KIND[name] in "iu":
        r = ivy.remainder(a, b)
        fix_ = ivy.logical_and(ivy.not_equal(r, 0), ivy.not_equal(ivy.less(a, 0), ivy.less(b, 0)))
        return wrap(ivy.where(fix_, ivy.subtract(r, b), r), weak)
    q = ivy.trunc(ivy.divide(a, b))
    r = ivy.subtract(a, ivy.multiply(q, b))
    r = ivy.where(ivy.isinf(b) & ivy.isfinite(a), a, r)
    return wrap(r, weak)


def divmod(x1, x2, /):  # noqa: A001
    return floor_divide(x1, x2), remainder(x1, x2)


def power(x1, x2, /):
    ns, name, weak = natives(x1, x2)
    if KIND[name] in "iu":
        if _any(ivy.to_numpy(ivy.any(ivy.less(ns[1], 0))).ravel()) if KIND[name] == "i" else False:
            raise ValueError("Integers cannot be raised to negative powers")
    return wrap(ivy.pow(*ns), weak)


pow = power  # noqa: A001


def float_power(x1, x2, /):
    return elementwise(ivy.pow, x1, x2, inexact=True)


def fmax(x1, x2):
    return elementwise(lambda a, b: ivy.where(ivy.isnan(a), b, ivy.where(ivy.isnan(b), a,
                                                                            ivy.maximum(a, b))),
                       x1, x2)


def fmin(x1, x2):
    return elementwise(lambda a, b: ivy.where(ivy.isnan(a), b, ivy.where(ivy.isnan(b), a,
                                                                            ivy.minimum(a, b))),
                       x1, x2)


def heaviside(x1, x2, /):
    return elementwise(lambda a, b: ivy.where(ivy.less(a, 0), ivy.zeros_like(a), ivy.where(
        ivy.greater(a, 0), ivy.ones_like(a), b)), x1, x2, inexact=True)


def clip(arr=None, /, min=None, max=None, *, a=None, a_min=None, a_max=None):  # noqa: A002
    x = arr if arr is not None else a
    lo = min if min is not None else a_min
    hi = max if max is not None else a_max
    r = _a(x)
    if lo is not None:
        r = maximum(r, lo)
    if hi is not None:
        r = minimum(r, hi)
    return r


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = _a(x)
    if _kind(x) not in "fc":
        return x
    fi = np.finfo(x.dtype)
    d = x._data
    d = ivy.where(ivy.isnan(d), ivy.full_like(d, nan), d)
    d = ivy.where(ivy.logical_and(ivy.isinf(d), ivy.greater(d, 0)),
                  ivy.full_like(d, fi.max if posinf is None else posinf), d)
    d = ivy.where(ivy.logical_and(ivy.isinf(d), ivy.less(d, 0)),
                  ivy.full_like(d, fi.min if neginf is None else neginf), d)
    return wrap(d, x._weak)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    ns, name, _ = natives(a, b)
    x, y = ns
    if KIND[name] in "biu":
        return wrap(ivy.equal(x, y))
    ok = ivy.less_equal(ivy.abs(ivy.subtract(x, y)), ivy.add(atol, ivy.multiply(rtol, ivy.abs(y))))
    inf_eq = ivy.logical_and(ivy.logical_or(ivy.isinf(x), ivy.isinf(y)), ivy.equal(x, y))
    fin = ivy.logical_and(ivy.isfinite(x), ivy.isfinite(y))
    r = ivy.logical_or(ivy.logical_and(ok, fin), inf_eq)
    if equal_nan:
        r = ivy.logical_or(r, ivy.logical_and(ivy.isnan(x), ivy.isnan(y)))
    return wrap(r)


def isposinf(x, /):
    return isinf(x) & greater(x, 0)


def isneginf(x, /):
    return isinf(x) & less(x, 0)


def signbit_(x):
    return signbit(x)
