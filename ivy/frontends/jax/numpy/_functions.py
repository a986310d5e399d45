"""jax.numpy functions as compositions of ``ivy.*`` calls on native arrays (JAX semantics:
weak types, x64 disabled, int32/float32 defaults)."""

from __future__ import annotations

import builtins
import collections
import math

import numpy as np

import ivy

from .. import _core
from .._array import (Array, asarray, elementwise, natives, operand, typed, wrap)
from .._core import KIND, creation_backend, name_of, not_implemented, promote, to_name

_max, _min, _sum, _range, _abs, _round, _all, _any = (builtins.max, builtins.min, builtins.sum,
                                                      builtins.range, builtins.abs,
                                                      builtins.round, builtins.all, builtins.any)
pi, e, inf, nan, euler_gamma = math.pi, math.e, math.inf, math.nan, 0.5772156649015329
newaxis = None
ndarray = Array


def _a(x):
    return asarray(x)


def _d(x):
    return asarray(x)._data


def _kind(x):
    return KIND[name_of(x._data)]


def array(object, dtype=None, copy=True, order="K", ndmin=0, *, device=None):  # noqa: A002
    r = asarray(object, dtype=dtype)
    if copy and r is object:
        r = r.copy()
    while r.ndim < ndmin:
        r = expand_dims(r, 0)
    return r


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


def angle(z, deg=False):
    x = _a(z)
    if _kind(x) != "c":
        x = x.astype("float32") if _kind(x) in "biu" else x
        r = where(x < 0, pi, 0.0).astype(x.dtype)
    else:
        r = arctan2(imag(x), real(x))
    return r * (180 / math.pi) if deg else r


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


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    x, y = _a(a1), _a(a2)
    if x.shape != y.shape:
        return asarray(False)
    eq = equal(x, y)
    if equal_nan:
        eq = eq | (isnan(x) & isnan(y)) if _kind(x) in "fc" else eq
    return all(eq)


def array_equiv(a1, a2):
    try:
        return all(equal(a1, a2))
    except Exception:  # noqa: BLE001
        return asarray(False)


def isreal(x):
    x = _a(x)
    return equal(imag(x), 0) if _kind(x) == "c" else full(x.shape, True)


def iscomplex(x):
    return logical_not(isreal(x))


def isposinf(x, /):
    return isinf(x) & greater(x, 0)


def isneginf(x, /):
    return isinf(x) & less(x, 0)


# ------------------------------------------------------------------------------ creation
def _shape(shape):
    if isinstance(shape, (builtins.int, np.integer)):
        return (builtins.int(shape),)
    return tuple(builtins.int(s) for s in shape)


def _fill(shape, value, dtype, default):
    name = to_name(dtype) if dtype is not None else default
    B = creation_backend()
    return wrap(B.full(_shape(shape), value, dtype=name))


def zeros(shape, dtype=None, *, device=None):
    return _fill(shape, 0, dtype, "float32")


def ones(shape, dtype=None, *, device=None):
    return _fill(shape, 1, dtype, "float32")


def empty(shape, dtype=None, *, device=None):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None, *, device=None):
    if dtype is None:
        return broadcast_to(asarray(fill_value), _shape(shape))
    return broadcast_to(asarray(fill_value, dtype=dtype), _shape(shape))


def _like(a, dtype, shape):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    shp = x.shape if shape is None else _shape(shape)
    return name, shp, x._weak and dtype is None


def zeros_like(a, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(creation_backend().full(shp, 0, dtype=name), weak)


def ones_like(a, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(creation_backend().full(shp, 1, dtype=name), weak)


empty_like = zeros_like


def full_like(a, fill_value, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(ivy.broadcast_to(operand(fill_value, name), shp), weak)


def arange(start, stop=None, step=None, dtype=None, *, device=None):
    vals = [v for v in (start, stop, step) if v is not None]
    for v in vals:
        if isinstance(v, Array) and v.ndim:
            raise TypeError("arange: arguments must be scalars")
    vals = [v.item() if isinstance(v, Array) else v for v in vals]
    if dtype is None:
        name = "float32" if _any(isinstance(v, builtins.float) or (
            isinstance(v, np.generic) and np.dtype(type(v)).kind == "f") for v in vals) else "int32"
    else:
        name = to_name(dtype)
    r = np.arange(*vals)
    return wrap(creation_backend().asarray(r.astype(name) if name != "bfloat16" else r,
                                           dtype=name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    name = to_name(dtype) if dtype is not None else promote(typed(start), typed(stop),
                                                            ("float32", True))[0]
    fname = name if KIND[name] in "fc" else "float32"
    s, t = _a(start).astype(fname), _a(stop).astype(fname)
    div = (num - 1) if endpoint else num
    step = (t - s) / div if div > 0 else asarray(np.nan, dtype=fname) * 0 + (t - s)
    shp = tuple(builtins.max(s.shape, t.shape, key=len))
    iota = arange(num, dtype=fname).reshape((num,) + (1,) * len(shp))
    r = s + iota * step if num else zeros((0,) + shp, fname)
    if endpoint and num > 1:
        r = r.at[-1].set(t)
    if KIND[name] in "iu":
        r = floor(r)
    r = moveaxis(r.astype(name), 0, axis)
    if retstep:
        return r, step.astype(name) if div > 0 else asarray(np.nan, dtype=fname)
    return r


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    name = to_name(dtype) if dtype is not None else "float32"
    return power(asarray(base, dtype="float32"), linspace(start, stop, num, endpoint,
                                                          dtype="float32", axis=axis)).astype(name)


def eye(N, M=None, k=0, dtype=None, *, device=None):  # noqa: N803
    name = to_name(dtype) if dtype is not None else "float32"
    return wrap(creation_backend().eye(builtins.int(N), None if M is None else builtins.int(M),
                                       k=builtins.int(k), dtype=name))


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    M = N if M is None else M  # noqa: N806
    return tril(ones((N, M), dtype=dtype or "float32"), k)


def tril(m, k=0):
    x = _a(m)
    if x.ndim < 2:
        raise ValueError("tril requires an array of at least two dimensions")
    return wrap(ivy.tril(x._data, k=k), x._weak)


def triu(m, k=0):
    x = _a(m)
    if x.ndim < 2:
        raise ValueError("triu requires an array of at least two dimensions")
    return wrap(ivy.triu(x._data, k=k), x._weak)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    xs = [_a(x) for x in xi]
    if sparse:
        not_implemented("jax.numpy.meshgrid(sparse=True)")
    return [wrap(r) for r in ivy.meshgrid(*[ravel(x)._data for x in xs], indexing=indexing)]


def indices(dimensions, dtype=None, sparse=False):
    dimensions = tuple(dimensions)
    name = to_name(dtype) if dtype is not None else "int32"
    grids = meshgrid(*[arange(d, dtype=name) for d in dimensions], indexing="ij")
    if sparse:
        not_implemented("jax.numpy.indices(sparse=True)")
    return stack(grids) if grids else zeros((0,), name)


def diag(v, k=0):
    x = _a(v)
    if x.ndim == 1:
        n = x.shape[0] + _abs(k)
        r = zeros((n, n), x.dtype)
        i = arange(x.shape[0])
        rows, cols = (i, i + k) if k >= 0 else (i - k, i)
        return r.at[rows, cols].set(x)
    if x.ndim == 2:
        return diagonal(x, k)
    raise ValueError("diag input must be 1d or 2d")


def diagflat(v, k=0):
    return diag(ravel(v), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = _a(a)
    n = x.ndim
    x = moveaxis(x, (axis1 % n, axis2 % n), (-2, -1))
    r = wrap(ivy.linalg.diagonal(x._data, offset=offset), x._weak)
    return r


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


# ------------------------------------------------------------------------------ reductions
def _axes(axis, ndim):
    if axis is None:
        return None
    ax = tuple(axis) if isinstance(axis, (list, tuple)) else (builtins.int(axis),)
    out = []
    for a in ax:
        if not -_max(ndim, 1) <= a < _max(ndim, 1) or (ndim == 0 and a not in (0, -1)):
            raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
        out.append(a % ndim if ndim else 0)
    return tuple(out)


def _sum_dtype(name):
    k = KIND[name]
    if k == "b" or (k == "i" and name != "int32"):
        return "int32"
    if k == "u":
        return "uint32"
    return name


def _masked(x, where, fill):
    if where is None:
        return x
    w = ivy.broadcast_to(_d(where), tuple(x._data.shape)) if True else None
    return wrap(ivy.where(ivy.astype(w, "bool"), x._data, ivy.full_like(x._data, fill)), x._weak)


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None, *,  # noqa
        promote_integers=True):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        _sum_dtype(name_of(x._data)) if promote_integers else name_of(x._data))
    x = x.astype(name)
    x = _masked(x, where, 0)
    r = wrap(ivy.sum(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=name))
    if initial is not None:
        r = (r + initial).astype(name)
    return r


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None,
         promote_integers=True):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        _sum_dtype(name_of(x._data)) if promote_integers else name_of(x._data))
    x = _masked(x.astype(name), where, 1)
    r = wrap(ivy.prod(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims, dtype=name))
    if initial is not None:
        r = (r * initial).astype(name)
    return r


def _minmax(fn, name, ident):
    def f(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        x = _a(a)
        ax = _axes(axis, x.ndim)
        if where is not None:
            if initial is None:
                not_implemented(f"jax.numpy.{name}(where=...) without initial")
            x = _masked(x, where, initial)
        empty_red = x.size == 0 and (ax is None or _any(x.shape[i] == 0 for i in ax))
        if empty_red and initial is None:
            raise ValueError(f"zero-size array to reduction operation {name} which has no "
                             "identity")
        if empty_red:
            shp = tuple(1 if (ax is None or i in ax) else s for i, s in enumerate(x.shape)) \
                if keepdims else tuple(s for i, s in enumerate(x.shape)
                                       if ax is not None and i not in ax)
            return full(shp, initial, dtype=x.dtype)
        d = x._data
        if KIND[name_of(d)] == "b":
            r = wrap(ivy.astype((ivy.any if name == "max" else ivy.all)(d, axis=ax,
                                                                        keepdims=keepdims),
                                "bool"))
        else:
            r = wrap(fn(d, axis=ax, keepdims=keepdims))
        if initial is not None:
            r = (maximum if name == "max" else minimum)(r, asarray(initial, dtype=r.dtype))
        return r
    return f


max = amax = _minmax(ivy.max, "max", None)  # noqa: A001
min = amin = _minmax(ivy.min, "min", None)  # noqa: A001


def all(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    x = asarray(_a(a), dtype="bool")
    x = _masked(x, where, True)
    return wrap(ivy.all(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims))


def any(a, axis=None, out=None, keepdims=False, *, where=None):  # noqa: A001
    x = asarray(_a(a), dtype="bool")
    x = _masked(x, where, False)
    return wrap(ivy.any(x._data, axis=_axes(axis, x.ndim), keepdims=keepdims))


def _inexact(x, dtype=None):
    if dtype is not None:
        return x.astype(dtype)
    return x.astype("float32") if _kind(x) in "biu" else x


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else (
        "float32" if _kind(x) in "biu" else name_of(x._data))
    xf = x.astype(name) if KIND[name] in "fc" else x.astype("float32")
    if where is not None:
        w = broadcast_to(asarray(where, dtype="bool"), x.shape)
        s = sum(xf, axis, keepdims=keepdims, where=w)
        n = sum(w, axis, keepdims=keepdims, dtype=xf.dtype)
        return (s / n).astype(name)
    ax = _axes(axis, x.ndim)
    cnt = x.size if ax is None else math.prod(x.shape[i] for i in ax)
    r = sum(xf, axis, keepdims=keepdims) / asarray(cnt, dtype=xf.dtype) if cnt else \
        sum(xf, axis, keepdims=keepdims) * asarray(np.nan, dtype=xf.dtype)
    return r.astype(name)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
        correction=None):
    if correction is not None:
        ddof = correction
    x = _inexact(_a(a))
    m = mean(x, axis, keepdims=True, where=where)
    dev = x - m
    sq = real(dev * conjugate(dev)) if _kind(x) == "c" else dev * dev
    ax = _axes(axis, x.ndim)
    if where is not None:
        w = broadcast_to(asarray(where, dtype="bool"), x.shape)
        n = sum(w, axis, keepdims=keepdims, dtype=sq.dtype)
        s = sum(sq, axis, keepdims=keepdims, where=w)
    else:
        cnt = x.size if ax is None else math.prod(x.shape[i] for i in ax)
        n = asarray(cnt, dtype=sq.dtype)
        s = sum(sq, axis, keepdims=keepdims)
    r = s / (n - ddof)
    return r.astype(dtype) if dtype is not None else r


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None,
        correction=None):
    return sqrt(var(a, axis, dtype, out, ddof, keepdims, where=where, correction=correction))


def _nan_fill(fn, fill):
    def f(a, axis=None, *args, **kw):
        x = _a(a)
        if _kind(x) in "fc":
            x = where(isnan(x), asarray(fill, dtype=x.dtype), x)
        return fn(x, axis, *args, **kw)
    return f


nansum = _nan_fill(sum, 0)
nanprod = _nan_fill(prod, 1)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    x = _a(a)
    if _kind(x) not in "fc":
        return max(x, axis, keepdims=keepdims, initial=initial, where=where)
    allnan = all(isnan(x), axis, keepdims=keepdims)
    r = max(where_(isnan(x), -inf, x), axis, keepdims=keepdims, initial=initial)
    return where_(allnan, nan, r)


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    x = _a(a)
    if _kind(x) not in "fc":
        return min(x, axis, keepdims=keepdims, initial=initial, where=where)
    allnan = all(isnan(x), axis, keepdims=keepdims)
    r = min(where_(isnan(x), inf, x), axis, keepdims=keepdims, initial=initial)
    return where_(allnan, nan, r)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    x = _inexact(_a(a))
    ok = logical_not(isnan(x))
    return sum(where_(ok, x, 0), axis, keepdims=keepdims) / sum(ok, axis, keepdims=keepdims,
                                                               dtype=x.dtype)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    x = _inexact(_a(a))
    ok = logical_not(isnan(x))
    m = nanmean(x, axis, keepdims=True)
    d = where_(ok, x - m, 0)
    n = sum(ok, axis, keepdims=keepdims, dtype=x.dtype)
    return sum(d * d, axis, keepdims=keepdims) / (n - ddof)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    return sqrt(nanvar(a, axis, dtype, out, ddof, keepdims))


def _arg(fn, name):
    def f(a, axis=None, out=None, keepdims=None, *, _n=name):
        x = _a(a)
        if x.size == 0:
            raise ValueError(f"attempt to get {_n} of an empty sequence")
        ax = None if axis is None else _axes(axis, x.ndim)[0]
        d = x._data
        if KIND[name_of(d)] == "b":
            d = ivy.astype(d, "int8")
        r = fn(d, axis=ax, keepdims=builtins.bool(keepdims))
        return wrap(ivy.astype(r, "int32"))
    return f


argmax = _arg(ivy.argmax, "argmax")
argmin = _arg(ivy.argmin, "argmin")


def nanargmax(a, axis=None, out=None, keepdims=None):
    x = _a(a)
    return argmax(where_(isnan(x), -inf, x) if _kind(x) in "fc" else x, axis, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, keepdims=None):
    x = _a(a)
    return argmin(where_(isnan(x), inf, x) if _kind(x) in "fc" else x, axis, keepdims=keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    return max(a, axis, keepdims=keepdims) - min(a, axis, keepdims=keepdims)


def count_nonzero(a, axis=None, keepdims=False):
    return sum(not_equal(a, 0), axis, keepdims=keepdims, dtype="int32")


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    x = _inexact(_a(a))
    if weights is None:
        r = mean(x, axis, keepdims=keepdims)
        cnt = full_like(r, x.size / _max(r.size, 1))
        return (r, cnt) if returned else r
    w = _a(weights)
    if w.shape != x.shape:
        if axis is None or w.ndim != 1:
            raise ValueError("Axis must be specified when shapes of a and weights differ.")
        shp = [1] * x.ndim
        shp[axis] = w.shape[0]
        w = reshape(w, shp)
    ws = sum(broadcast_to(w, x.shape).astype(x.dtype), axis, keepdims=keepdims)
    r = sum(x * w, axis, keepdims=keepdims) / ws
    return (r, ws) if returned else r


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return quantile(a, 0.5, axis=axis, keepdims=keepdims)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False):
    if method != "linear":
        not_implemented(f"jax.numpy.quantile(method={method!r})")
    x = _inexact(_a(a))
    qa = _a(q).astype(x.dtype)
    if axis is None:
        x2 = ravel(x)
        ax = 0
    else:
        if isinstance(axis, (tuple, list)):
            not_implemented("jax.numpy.quantile with a tuple axis")
        ax = axis % x.ndim
        x2 = x
    s = sort(x2, axis=ax)
    n = s.shape[ax]
    pos = qa * (n - 1)
    lo = floor(pos).astype("int32")
    hi = minimum(lo + 1, n - 1)
    frac = pos - lo.astype(x.dtype)
    s = moveaxis(s, ax, -1)
    has_nan = any(isnan(s), axis=-1)
    lo_v = take(s, lo, axis=-1)
    hi_v = take(s, hi, axis=-1)
    fr = reshape(frac, frac.shape + (1,) * (s.ndim - 1)) if qa.ndim else frac
    r = lo_v + (hi_v - lo_v) * (moveaxis(fr, 0, -1) if qa.ndim else fr)
    if qa.ndim:
        r = moveaxis(r, -1, 0)
    r = where_(has_nan, nan, r) if True else r
    if keepdims:
        if axis is None:
            r = reshape(r, qa.shape + (1,) * x.ndim)
        else:
            r = expand_dims(r, ax + qa.ndim)
    return r


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False):
    return quantile(a, _a(q) / 100, axis=axis, method=method, keepdims=keepdims)


def cumsum(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    if KIND[name] == "b":
        name = "int32"
    if x.ndim == 0:
        raise ValueError("cumsum: axis out of bounds for a 0-d array")
    return wrap(ivy.cumulative_sum(ivy.astype(x._data, name), axis=axis % x.ndim, dtype=name))


def cumprod(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    if KIND[name] == "b":
        name = "int32"
    return wrap(ivy.cumulative_prod(ivy.astype(x._data, name), axis=axis % x.ndim, dtype=name))


cumulative_sum_ = cumsum


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    x = _a(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("cumulative_sum: axis must be given for arrays of more than one dim")
        axis = 0
    r = cumsum(x, axis, dtype)
    if include_initial:
        shp = list(r.shape)
        shp[axis % _max(r.ndim, 1)] = 1
        r = concatenate([zeros(shp, r.dtype), r], axis=axis)
    return r


def nancumsum(a, axis=None, dtype=None, out=None):
    return cumsum(where_(isnan(a), 0, a) if _kind(_a(a)) in "fc" else a, axis, dtype)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    x = _a(a)
    if prepend is not None or append is not None:
        parts = []
        for p in (prepend, None, append):
            if p is None and parts == [] and prepend is not None:
                continue
        shp = list(x.shape)
        seq = []
        if prepend is not None:
            p = _a(prepend)
            shp[axis] = 1
            seq.append(broadcast_to(p, tuple(shp)) if p.ndim == 0 else p)
        seq.append(x)
        if append is not None:
            p = _a(append)
            shp[axis] = 1
            seq.append(broadcast_to(p, tuple(shp)) if p.ndim == 0 else p)
        x = concatenate(seq, axis=axis)
    for _ in _range(n):
        m = x.shape[axis]
        sl_hi = [slice(None)] * x.ndim
        sl_lo = [slice(None)] * x.ndim
        sl_hi[axis] = slice(1, m)
        sl_lo[axis] = slice(0, _max(m - 1, 0))
        x = (not_equal if _kind(x) == "b" else subtract)(x[tuple(sl_hi)], x[tuple(sl_lo)])
    return x


def ediff1d(ary, to_end=None, to_begin=None):
    r = diff(ravel(ary))
    if to_begin is not None:
        r = concatenate([ravel(asarray(to_begin, dtype=r.dtype)), r])
    if to_end is not None:
        r = concatenate([r, ravel(asarray(to_end, dtype=r.dtype))])
    return r


# ---------------------------------------------------------------------------- manipulation
def shape(a):
    return _a(a).shape


def ndim(a):
    return _a(a).ndim


def size(a, axis=None):
    x = _a(a)
    return x.size if axis is None else x.shape[axis]


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    x = _a(a)
    if shape is None:
        shape = newshape
    if order != "C":
        not_implemented(f"jax.numpy.reshape(order={order!r})")
    return wrap(ivy.reshape(x._data, _shape(shape)), x._weak)


def ravel(a, order="C"):
    return reshape(a, (-1,))


def transpose(a, axes=None):
    x = _a(a)
    ax = tuple(_range(x.ndim - 1, -1, -1)) if axes is None else tuple(i % _max(x.ndim, 1)
                                                                        for i in axes)
    if sorted(ax) != list(_range(x.ndim)):
        raise ValueError("axes don't match array")
    return wrap(ivy.permute_dims(x._data, ax), x._weak)


permute_dims = transpose


def matrix_transpose(x, /):
    x = _a(x)
    if x.ndim < 2:
        raise ValueError("matrix_transpose requires at least 2 dimensions")
    return swapaxes(x, -1, -2)


def swapaxes(a, axis1, axis2):
    x = _a(a)
    p = list(_range(x.ndim))
    i, j = axis1 % x.ndim, axis2 % x.ndim
    p[i], p[j] = p[j], p[i]
    return transpose(x, p)


def moveaxis(a, source, destination):
    x = _a(a)
    return wrap(ivy.moveaxis(x._data, source, destination), x._weak)


def rollaxis(a, axis, start=0):
    x = _a(a)
    n = x.ndim
    axis, start = axis % n, start % (n + 1) if start < 0 else start
    if axis < start:
        start -= 1
    return moveaxis(x, axis, start)


def expand_dims(a, axis):
    x = _a(a)
    ax = as_axes = (axis,) if isinstance(axis, builtins.int) else tuple(axis)
    n = x.ndim + len(ax)
    as_axes = sorted(i % n for i in ax)
    if len(set(as_axes)) != len(as_axes):
        raise ValueError("repeated axis in expand_dims")
    shp = list(x.shape)
    for i in as_axes:
        shp.insert(i, 1)
    return reshape(x, shp)


def squeeze(a, axis=None):
    x = _a(a)
    if axis is None:
        ax = tuple(i for i, s in enumerate(x.shape) if s == 1)
    else:
        ax = _axes(axis, x.ndim)
        for i in ax:
            if x.shape[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal "
                                 "to one")
    return reshape(x, tuple(s for i, s in enumerate(x.shape) if i not in ax))


def _promote_all(arrays):
    xs = [_a(x) if not isinstance(x, (builtins.int, builtins.float, builtins.complex))
          else x for x in arrays]
    name, weak = promote(*[typed(x) for x in xs])
    return [asarray(x).astype(name)._data if not isinstance(x, Array) or name_of(x._data) != name
            else x._data for x in xs], name, weak


def concatenate(arrays, axis=0, dtype=None):
    if isinstance(arrays, Array):
        arrays = list(arrays)
    if not len(arrays):
        raise ValueError("Need at least one array to concatenate.")
    ns, name, weak = _promote_all(arrays)
    if _any(len(n.shape) == 0 for n in ns):
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    if axis is None:
        ns, axis = [ivy.reshape(n, (-1,)) for n in ns], 0
    r = wrap(ivy.concat(ns, axis=axis), weak)
    return r.astype(dtype) if dtype is not None else r


concat = concatenate


def stack(arrays, axis=0, out=None, dtype=None):
    if not len(arrays):
        raise ValueError("Need at least one array to stack.")
    ns, name, weak = _promote_all(arrays)
    r = wrap(ivy.stack(ns, axis=axis), weak)
    return r.astype(dtype) if dtype is not None else r


def atleast_1d(*arys):
    rs = [reshape(a, (1,)) if _a(a).ndim == 0 else _a(a) for a in arys]
    return rs[0] if len(rs) == 1 else rs


def atleast_2d(*arys):
    rs = []
    for a in arys:
        x = _a(a)
        rs.append(reshape(x, (1, 1)) if x.ndim == 0 else expand_dims(x, 0) if x.ndim == 1 else x)
    return rs[0] if len(rs) == 1 else rs


def atleast_3d(*arys):
    rs = []
    for a in arys:
        x = _a(a)
        if x.ndim == 0:
            x = reshape(x, (1, 1, 1))
        elif x.ndim == 1:
            x = reshape(x, (1, x.shape[0], 1))
        elif x.ndim == 2:
            x = expand_dims(x, -1)
        rs.append(x)
    return rs[0] if len(rs) == 1 else rs


def hstack(tup, dtype=None):
    xs = [atleast_1d(t) for t in tup]
    return concatenate(xs, axis=0 if xs[0].ndim == 1 else 1, dtype=dtype)


def vstack(tup, dtype=None):
    return concatenate([atleast_2d(t) for t in tup], axis=0, dtype=dtype)


row_stack = vstack


def dstack(tup, dtype=None):
    return concatenate([atleast_3d(t) for t in tup], axis=2, dtype=dtype)


def column_stack(tup):
    xs = [_a(t) for t in tup]
    return concatenate([reshape(x, (-1, 1)) if x.ndim < 2 else x for x in xs], axis=1)


def _split_points(n, indices_or_sections, strict):
    if isinstance(indices_or_sections, (builtins.int, np.integer)):
        k = builtins.int(indices_or_sections)
        if strict and n % k:
            raise ValueError("array split does not result in an equal division")
        q, r = builtins.divmod(n, k)
        sizes = [q + 1] * r + [q] * (k - r)
        pts = np.cumsum([0] + sizes)
        return list(zip(pts[:-1], pts[1:]))
    idx = [builtins.int(i) for i in indices_or_sections]
    pts = [0] + idx + [n]
    return [(_min(_max(a if a >= 0 else a + n, 0), n), _min(_max(b if b >= 0 else b + n, 0), n))
            for a, b in zip(pts[:-1], pts[1:])]


def split(ary, indices_or_sections, axis=0):
    x = _a(ary)
    ax = axis % x.ndim
    out = []
    for lo, hi in _split_points(x.shape[ax], indices_or_sections, True):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(builtins.int(lo), _max(builtins.int(lo), builtins.int(hi)))
        out.append(x[tuple(sl)])
    return out


def array_split(ary, indices_or_sections, axis=0):
    x = _a(ary)
    ax = axis % x.ndim
    out = []
    for lo, hi in _split_points(x.shape[ax], indices_or_sections, False):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(builtins.int(lo), _max(builtins.int(lo), builtins.int(hi)))
        out.append(x[tuple(sl)])
    return out


def hsplit(ary, indices_or_sections):
    x = _a(ary)
    return split(x, indices_or_sections, axis=1 if x.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, axis=0)


def dsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, axis=2)


def unstack(x, /, *, axis=0):
    x = _a(x)
    return tuple(wrap(r, x._weak) for r in ivy.unstack(x._data, axis=axis))


def flip(m, axis=None):
    x = _a(m)
    return wrap(ivy.flip(x._data, axis=_axes(axis, x.ndim)), x._weak)


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = _a(m)
    k %= 4
    a0, a1 = axes
    if k == 0:
        return x
    if k == 2:
        return flip(flip(x, a0), a1)
    p = list(_range(x.ndim))
    p[a0], p[a1] = p[a1], p[a0]
    return transpose(flip(x, a1), p) if k == 1 else flip(transpose(x, p), a1)


def roll(a, shift, axis=None):
    x = _a(a)
    return wrap(ivy.roll(x._data, shift if not isinstance(shift, list) else tuple(shift),
                         axis=axis if not isinstance(axis, list) else tuple(axis)), x._weak)


def tile(A, reps):  # noqa: N803
    x = _a(A)
    reps = (reps,) if isinstance(reps, builtins.int) else tuple(reps)
    return wrap(ivy.tile(x._data, reps), x._weak)


def repeat(a, repeats, axis=None, *, total_repeat_length=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    r = repeats._data if isinstance(repeats, Array) else repeats
    if isinstance(r, (list, tuple)):
        r = asarray(r)._data
    return wrap(ivy.repeat(x._data, r, axis=axis), x._weak)


def broadcast_to(array, shape):
    x = _a(array)
    return wrap(ivy.broadcast_to(x._data, _shape(shape)), x._weak)


def broadcast_arrays(*args):
    xs = [_a(x) for x in args]
    return [wrap(r, x._weak) for r, x in zip(ivy.broadcast_arrays(*[x._data for x in xs]), xs)]


def broadcast_shapes(*shapes):
    return tuple(ivy.broadcast_shapes(*[_shape(s) for s in shapes]))


def where_(condition, x=None, y=None):
    return where(condition, x, y)


def where(condition, x=None, y=None, /, *, size=None, fill_value=None):
    if x is None and y is None:
        return nonzero(condition, size=size, fill_value=fill_value)
    if x is None or y is None:
        raise ValueError("Either both or neither of the x and y arguments should be provided")
    c = asarray(condition, dtype="bool")
    ns, name, weak = natives(x, y)
    shp = ivy.broadcast_shapes(tuple(c._data.shape), tuple(ns[0].shape), tuple(ns[1].shape))
    return wrap(ivy.where(ivy.broadcast_to(c._data, shp), ivy.broadcast_to(ns[0], shp),
                          ivy.broadcast_to(ns[1], shp)), weak)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("condlist must have length equal to choicelist")
    if not condlist:
        raise ValueError("condlist must be non-empty")
    r = default
    for c, v in zip(reversed(list(condlist)), reversed(list(choicelist))):
        r = where(c, v, r)
    return r


def nonzero(a, *, size=None, fill_value=None):
    x = _a(a)
    if x.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(x)"
                         ".nonzero() instead.")
    rs = [wrap(ivy.astype(r, "int32")) for r in ivy.nonzero(x._data)]
    if size is not None:
        out = []
        for i, r in enumerate(rs):
            n = r.shape[0]
            fv = 0 if fill_value is None else (fill_value[i] if isinstance(fill_value, (
                tuple, list)) else fill_value)
            if n >= size:
                out.append(r[:size])
            else:
                out.append(concatenate([r, full((size - n,), fv, dtype="int32")]))
        rs = out
    return tuple(rs)


flatnonzero = lambda a, *, size=None, fill_value=None: nonzero(ravel(a), size=size,  # noqa
                                                                fill_value=fill_value)[0]


def argwhere(a, *, size=None, fill_value=None):
    x = atleast_1d(a) if _a(a).ndim == 0 else _a(a)
    nz = nonzero(x, size=size, fill_value=fill_value)
    r = stack(nz, axis=1) if nz else zeros((0, 0), "int32")
    return r if _a(a).ndim else r[:, :0]


def take(a, indices, axis=None, out=None, mode=None, unique_indices=False,
         indices_are_sorted=False, fill_value=None):
    x = _a(a)
    i = _a(indices)
    if mode not in (None, "fill", "clip", "promise_in_bounds"):
        not_implemented(f"jax.numpy.take(mode={mode!r})")
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % _max(x.ndim, 1)
    n = x.shape[ax]
    idx = i._data
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    if mode == "clip":
        idx = ivy.clip(idx, 0, _max(n - 1, 0))
        return wrap(ivy.take(x._data, idx, axis=ax), x._weak)
    # default mode "fill": out-of-bounds indices give NaN (inexact) / the minimum value
    oob = ivy.logical_or(ivy.less(idx, 0), ivy.greater_equal(idx, n))
    safe = ivy.where(oob, ivy.zeros_like(idx), idx)
    if n == 0:
        if i.size:
            not_implemented("jax.numpy.take from an empty axis")
        shp = x.shape[:ax] + i.shape + x.shape[ax + 1:]
        return zeros(shp, x.dtype)
    r = ivy.take(x._data, safe, axis=ax)
    k = _kind(x)
    fv = fill_value if fill_value is not None else (
        math.nan if k in "fc" else (True if k == "b" else np.iinfo(x.dtype).min))
    oob_b = ivy.reshape(oob, (1,) * ax + tuple(oob.shape) + (1,) * (x.ndim - ax - 1))
    return wrap(ivy.where(oob_b, ivy.full_like(r, fv), r), x._weak)


def take_along_axis(arr, indices, axis, mode=None, fill_value=None):
    x, i = _a(arr), _a(indices)
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % x.ndim
    if i.ndim != x.ndim:
        raise ValueError("indices and arr must have the same number of dimensions")
    n = x.shape[ax]
    idx = i._data
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    shp = tuple(_max(a_, b_) if b_ != 0 else 0 for a_, b_ in zip(
        [s if j != ax else 1 for j, s in enumerate(x.shape)],
        [s if j != ax else 1 for j, s in enumerate(i.shape)]))
    xb = ivy.broadcast_to(x._data, tuple(s if j == ax else shp[j] for j, s in enumerate(x.shape)))
    ib = ivy.broadcast_to(idx, tuple(s if j == ax else shp[j] for j, s in enumerate(i.shape)))
    oob = ivy.logical_or(ivy.less(ib, 0), ivy.greater_equal(ib, n))
    r = ivy.take_along_axis(xb, ivy.where(oob, ivy.zeros_like(ib), ib), axis=ax)
    k = _kind(x)
    fv = fill_value if fill_value is not None else (
        math.nan if k in "fc" else (True if k == "b" else np.iinfo(x.dtype).min))
    if mode == "clip":
        r = ivy.take_along_axis(xb, ivy.clip(ib, 0, n - 1), axis=ax)
        return wrap(r, x._weak)
    return wrap(ivy.where(oob, ivy.full_like(r, fv), r), x._weak)


def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    d = x._data
    if _kind(x) == "b":
        return sort(x.astype("int8"), axis, stable=stable, descending=descending).astype("bool")
    if _kind(x) == "c":  # lexicographic (real, imag), as JAX; not every backend sorts complex
        return take_along_axis(x, argsort(x, axis, descending=descending), axis)
    return wrap(ivy.sort(d, axis=axis, descending=descending, stable=True), x._weak)


def argsort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    if _kind(x) == "c":  # lexicographic (real, imag)
        idx = argsort(imag(x), axis, descending=descending)
        re = take_along_axis(real(x), idx, axis)
        return take_along_axis(idx, argsort(re, axis, descending=descending), axis)
    d = x._data if _kind(x) != "b" else ivy.astype(x._data, "int8")
    return wrap(ivy.astype(ivy.argsort(d, axis=axis, descending=descending, stable=True),
                           "int32"))


def lexsort(keys, axis=-1):
    keys = [_a(k) for k in keys]
    idx = argsort(keys[0], axis=axis)
    for k in keys[1:]:
        kk = take_along_axis(k, idx, axis)
        idx = take_along_axis(idx, argsort(kk, axis=axis), axis)
    return idx




def searchsorted(a, v, side="left", sorter=None, *, method="scan"):
    x = _a(a)
    ns, name, _ = natives(x, v)
    s = None if sorter is None else _d(sorter)
    r = ivy.searchsorted(ns[0], ns[1], side=side, sorter=s)
    return wrap(ivy.astype(r, "int32"))


def digitize(x, bins, right=False):
    b = _a(bins)
    inc = all(b[1:] >= b[:-1]) if b.shape[0] > 1 else True
    side = "left" if right else "right"
    if builtins.bool(inc):
        return searchsorted(b, x, side=side)
    return b.shape[0] - searchsorted(flip(b), x, side="right" if right else "left")


def _unique_sorted(x):
    vals, idx, inv, cnt = ivy.unique_all(x._data)
    order = ivy.argsort(vals, axis=0, stable=True)
    # Array API's unique_all need not sort; sort and remap the inverse
    rank = ivy.argsort(order, axis=0, stable=True)
    return (ivy.take(vals, order, axis=0), ivy.take(idx, order, axis=0),
            ivy.take(rank, ivy.reshape(inv, (-1,)), axis=0), ivy.take(cnt, order, axis=0))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, size=None, fill_value=None, sorted=True):  # noqa: A002
    x = _a(ar)
    if axis is not None:
        not_implemented("jax.numpy.unique(axis=...)")
    flat = ravel(x)
    if flat.size == 0:
        vals, idx, inv, cnt = (flat._data, ivy.astype(flat._data, "int32"),
                               ivy.astype(flat._data, "int32"), ivy.astype(flat._data, "int32"))
    else:
        vals, idx, inv, cnt = _unique_sorted(flat)
    v = wrap(vals, x._weak)
    i, iv, c = wrap(ivy.astype(idx, "int32")), wrap(ivy.astype(inv, "int32")), \
        wrap(ivy.astype(cnt, "int32"))
    if _kind(x) in "fc" and v.size:
        # NaNs: JAX (equal_nan=True) keeps one
        isn = isnan(v)
        nn = builtins.int(sum(isn))
        if nn > 1:
            keep = v.size - nn + 1
            first_nan = v.size - nn
            tot = sum(c[first_nan:])
            v, i, c = v[:keep], i[:keep], c[:keep].at[first_nan].set(tot)
            iv = minimum(iv, first_nan)
            i = i.at[first_nan].set(min(argwhere(isnan(flat))))
    if size is not None:
        n = v.shape[0]
        if n >= size:
            v, i, c = v[:size], i[:size], c[:size]
        else:
            fv = min(v) if fill_value is None and n else (0 if fill_value is None else fill_value)
            v = concatenate([v, full((size - n,), fv, dtype=v.dtype)])
            i = concatenate([i, full((size - n,), 0, dtype="int32")])
            c = concatenate([c, full((size - n,), 0, dtype="int32")])
    iv = reshape(iv, x.shape)
    out = [v]
    if return_index:
        out.append(i)
    if return_inverse:
        out.append(iv)
    if return_counts:
        out.append(c)
    return out[0] if len(out) == 1 else tuple(out)


_UV = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices",
                                                 "counts"])


def unique_values(x, /, *, size=None, fill_value=None):
    return unique(x, size=size, fill_value=fill_value)


def unique_counts(x, /, *, size=None, fill_value=None):
    v, c = unique(x, return_counts=True, size=size, fill_value=fill_value)
    return collections.namedtuple("UniqueCountsResult", ["values", "counts"])(v, c)


def unique_inverse(x, /, *, size=None, fill_value=None):
    v, i = unique(x, return_inverse=True, size=size, fill_value=fill_value)
    return collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])(v, i)


def unique_all(x, /, *, size=None, fill_value=None):
    return _UV(*unique(x, True, True, True, size=size, fill_value=fill_value))


def isin(element, test_elements, assume_unique=False, invert=False, *, method="auto"):
    e, t = _a(element), ravel(_a(test_elements))
    r = any(equal(expand_dims(e, -1), t), axis=-1) if t.size else zeros(e.shape, "bool")
    return logical_not(r) if invert else r


def in1d(ar1, ar2, assume_unique=False, invert=False):
    return isin(ravel(ar1), ar2, invert=invert)


def union1d(ar1, ar2, *, size=None, fill_value=None):
    return unique(concatenate([ravel(ar1), ravel(ar2)]), size=size, fill_value=fill_value)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *, size=None,
                fill_value=None):
    if return_indices:
        not_implemented("jax.numpy.intersect1d(return_indices=True)")
    a, b = unique(ar1), unique(ar2)
    return a[isin(a, b)] if size is None else unique(a[isin(a, b)], size=size,
                                                    fill_value=fill_value)


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a = unique(ar1)
    r = a[isin(a, ar2, invert=True)]
    return r if size is None else unique(r, size=size, fill_value=fill_value)


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = unique(ar1), unique(ar2)
    return unique(concatenate([a[isin(a, b, invert=True)], b[isin(b, a, invert=True)]]),
                  size=size, fill_value=fill_value)


def pad(array, pad_width, mode="constant", **kwargs):
    x = _a(array)
    if callable(mode):
        not_implemented("jax.numpy.pad with a callable mode")
    pw = np.broadcast_to(np.asarray(pad_width, dtype=np.int64).reshape(
        (-1, 2) if np.ndim(pad_width) and np.shape(pad_width)[-1] == 2 else (-1,)), (x.ndim, 2)) \
        if np.ndim(pad_width) < 2 else np.asarray(pad_width, dtype=np.int64)
    if np.ndim(pad_width) == 1 and len(pad_width) == 1:
        pw = np.broadcast_to(np.asarray(pad_width * 2), (x.ndim, 2))
    elif np.ndim(pad_width) == 0:
        pw = np.full((x.ndim, 2), builtins.int(pad_width))
    pw = [tuple(builtins.int(v) for v in r) for r in pw]
    if _any(v < 0 for r in pw for v in r):
        raise ValueError("index can't contain negative values")
    if mode == "constant":
        cv = kwargs.get("constant_values", 0)
        if np.ndim(cv) > 0:
            not_implemented("jax.numpy.pad with per-axis constant_values")
        cv = cv.item() if isinstance(cv, Array) else cv
        return wrap(ivy.pad(x._data, pw, mode="constant", constant_values=cv), x._weak)
    if mode in ("reflect", "edge", "symmetric", "wrap"):
        if kwargs.get("reflect_type", "even") != "even":
            not_implemented("jax.numpy.pad(reflect_type='odd')")
        return wrap(ivy.pad(x._data, pw, mode=mode), x._weak)
    not_implemented(f"jax.numpy.pad(mode={mode!r})")


# ------------------------------------------------------------------------------ linear algebra
def _mm_natives(a, b):
    ns, name, weak = natives(a, b)
    return ns, name, weak


def matmul(a, b, *, precision=None, preferred_element_type=None):
    ns, name, weak = _mm_natives(a, b)
    x, y = ns
    if len(x.shape) == 0 or len(y.shape) == 0:
        raise ValueError("matmul: inputs must be at least 1-D")
    if KIND[name] == "b":
        r = ivy.astype(ivy.matmul(ivy.astype(x, "int32"), ivy.astype(y, "int32")), "bool")
        return wrap(r)
    r = wrap(ivy.matmul(x, y), weak)
    return r.astype(preferred_element_type) if preferred_element_type is not None else r


def dot(a, b, *, precision=None, preferred_element_type=None):
    x, y = _a(a), _a(b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    if y.ndim == 1 or x.ndim == 1 or y.ndim == 2:
        return matmul(x, y)
    return tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 2]))


def vdot(a, b, *, precision=None, preferred_element_type=None):
    x = ravel(a)
    if _kind(x) == "c":
        x = conjugate(x)
    return dot(x, ravel(b))


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    x, y = _a(x1), _a(x2)
    if _kind(x) == "c":
        x = conjugate(x)
    return sum(multiply(x, y), axis=axis, promote_integers=False)


def inner(a, b, *, precision=None, preferred_element_type=None):
    x, y = _a(a), _a(b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    return tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 1]))


def outer(a, b, out=None):
    return multiply(reshape(ravel(a), (-1, 1)), reshape(ravel(b), (1, -1)))


def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None):
    ns, name, weak = _mm_natives(a, b)
    x, y = ns
    if isinstance(axes, (builtins.int, np.integer)):
        if axes > _min(len(x.shape), len(y.shape)):
            raise TypeError("Number of tensordot axes (axes) exceeds input ranks")
        ax = builtins.int(axes)
    else:
        a1, a2 = axes
        ax = (list(a1) if isinstance(a1, (list, tuple)) else [a1],
              list(a2) if isinstance(a2, (list, tuple)) else [a2])
    if KIND[name] == "b":
        x, y = ivy.astype(x, "int32"), ivy.astype(y, "int32")
        return wrap(ivy.astype(ivy.tensordot(x, y, axes=ax), "bool"))
    return wrap(ivy.tensordot(x, y, axes=ax), weak)


def kron(a, b):
    x, y = _a(a), _a(b)
    nd = _max(x.ndim, y.ndim)
    x = reshape(x, (1,) * (nd - x.ndim) + x.shape)
    y = reshape(y, (1,) * (nd - y.ndim) + y.shape)
    xs = reshape(x, tuple(v for s in x.shape for v in (s, 1)))
    ys = reshape(y, tuple(v for s in y.shape for v in (1, s)))
    return reshape(xs * ys, tuple(p * q for p, q in zip(x.shape, y.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    x, y = moveaxis(a, axisa, -1), moveaxis(b, axisb, -1)
    if x.shape[-1] != 3 or y.shape[-1] != 3:
        not_implemented("jax.numpy.cross of 2-element vectors")
    ns, name, weak = natives(x, y)
    bs = ivy.broadcast_shapes(tuple(ns[0].shape), tuple(ns[1].shape))
    r = wrap(ivy.linalg.cross(ivy.broadcast_to(ns[0], bs), ivy.broadcast_to(ns[1], bs),
                              axis=-1), weak)
    return moveaxis(r, -1, axisc)


def einsum(subscripts, /, *operands, out=None, optimize="auto", precision=None,
           preferred_element_type=None, _dot_general=None):
    """einsum as transposes, broadcast products and one sum (explicit/implicit output,
    ellipsis, repeated indices in one operand = diagonal)."""
    if not isinstance(subscripts, str):
        not_implemented("jax.numpy.einsum with the sublist format")
    eq = subscripts.replace(" ", "")
    ops = [_a(o) for o in operands]
    _, name, weak = natives(*ops)
    ops = [o.astype(name) for o in ops]
    lhs, rhs = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(ops):
        raise ValueError("einsum: number of operands does not match the subscripts")
    letters = [c for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in eq]
    if "..." in eq:
        nell = _max([o.ndim - len(t.replace("...", "")) for t, o in zip(terms, ops)
                     if "..." in t] + [0])
        ell = "".join(letters[:nell])
        terms = [t.replace("...", ell[len(ell) - (o.ndim - len(t.replace("...", ""))):])
                 if "..." in t else t for t, o in zip(terms, ops)]
        if rhs is not None:
            rhs = rhs.replace("...", ell)
    else:
        ell = ""
    if rhs is None:
        cnt = collections.Counter("".join(terms))
        rhs = ell + "".join(sorted(c for c in cnt if cnt[c] == 1 and c not in ell))
    sizes = {}
    xs = []
    for t, o in zip(terms, ops):
        if len(t) != o.ndim:
            raise ValueError("einsum: operand has a different number of dimensions than "
                             "subscripts")
        x = o
        while len(set(t)) != len(t):
            c = next(c for c in t if t.count(c) > 1)
            i = t.index(c)
            j = t.index(c, i + 1)
            x = diagonal(x, 0, i, j)
            t = t[:i] + t[i + 1:j] + t[j + 1:] + c
        for c, s in zip(t, x.shape):
            if c in sizes and sizes[c] != s and s != 1 and sizes[c] != 1:
                raise ValueError(f"einsum: size mismatch for subscript '{c}'")
            sizes[c] = _max(sizes.get(c, 1), s) if sizes.get(c, 1) != 0 and s != 0 else 0
        xs.append((t, x))
    allc = list(rhs) + sorted({c for t, _ in xs for c in t if c not in rhs})
    prod_ = None
    for t, x in xs:
        perm = [t.index(c) for c in allc if c in t]
        xp = transpose(x, perm) if perm else x
        xp = reshape(xp, tuple(x.shape[t.index(c)] if c in t else 1 for c in allc))
        prod_ = xp if prod_ is None else multiply(prod_, xp)
    red = tuple(_range(len(rhs), len(allc)))
    r = sum(prod_, axis=red, promote_integers=False) if red else prod_
    r = broadcast_to(r, tuple(sizes[c] for c in rhs)).astype(name)
    r = wrap(r._data, weak)
    return r.astype(preferred_element_type) if preferred_element_type is not None else r


def einsum_path(*args, **kwargs):
    not_implemented("jax.numpy.einsum_path")


def convolve(a, v, mode="full", *, precision=None, preferred_element_type=None):
    return _conv1d(a, v, mode, flip_v=True)


def correlate(a, v, mode="valid", *, precision=None, preferred_element_type=None):
    return _conv1d(a, v, mode, flip_v=False)


def _conv1d(a, v, mode, flip_v):
    x, y = _a(a), _a(v)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError("convolve/correlate: inputs must be 1-D")
    if x.size == 0 or y.size == 0:
        raise ValueError("convolve/correlate: inputs cannot be empty")
    ns, name, weak = natives(x, y)
    x, y = wrap(ns[0]), wrap(ns[1])
    swapped = False
    if flip_v:
        if y.size > x.size:
            x, y = y, x
        y = flip(y)
    else:
        if y.size > x.size:
            x, y, swapped = y, x, True
        if _kind(y) == "c":
            y = conjugate(y)
    n, m = x.size, y.size
    xp = pad(x, (m - 1, m - 1))
    idx = arange(n + m - 1)[:, None] + arange(m)[None, :]
    full_ = sum(xp[idx] * y[None, :], axis=1, promote_integers=False)
    if mode == "full":
        r = full_
    elif mode == "same":
        st = (m - 1) // 2
        r = full_[st:st + n]
    elif mode == "valid":
        r = full_[m - 1:n]
    else:
        raise ValueError(f"mode must be one of ['full', 'same', 'valid'], got {mode}")
    if swapped:
        r = flip(r)
    return wrap(r._data, weak)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        not_implemented("jax.numpy.interp(period=...)")
    x, xp_, fp_ = (_inexact(_a(v)) for v in (x, xp, fp))
    i = clip(searchsorted(xp_, x, side="right"), 1, xp_.shape[0] - 1)
    x0, x1 = xp_[i - 1], xp_[i]
    y0, y1 = fp_[i - 1], fp_[i]
    dx = x1 - x0
    r = y0 + (x - x0) * (y1 - y0) / where(dx == 0, 1, dx)
    r = where(dx == 0, y0, r)
    r = where(x < xp_[0], fp_[0] if left is None else left, r)
    r = where(x > xp_[-1], fp_[-1] if right is None else right, r)
    return r


# ------------------------------------------------------------------------------ misc
def astype(x, dtype, /, *, copy=False, device=None):
    return asarray(x).astype(dtype)


def copy(a, order=None):
    return _a(a).copy()


def result_type(*args):
    return _core.np_dtype(promote(*[typed(a) if not _is_dtype(a) else (to_name(a), False)
                                    for a in args])[0])


def _is_dtype(a):
    if isinstance(a, (_core._ScalarMeta, np.dtype, str)):
        return True
    return isinstance(a, type)


def promote_types(a, b):
    return _core.np_dtype(_core.promote_types(a, b))


def can_cast(from_, to, casting="safe"):
    return np.can_cast(_core.np_dtype(to_name(from_.dtype if isinstance(from_, Array) else from_,
                                              False)), _core.np_dtype(to_name(to, False)), casting)


def dtype(obj, align=False, copy=False):
    if isinstance(obj, _core._ScalarMeta):
        return obj.dtype
    return _core.np_dtype(to_name(obj, canonical=False))


def issubdtype(arg1, arg2):
    if isinstance(arg2, type) and not isinstance(arg2, _core._ScalarMeta) and \
            issubclass(arg2, np.generic):
        try:
            if to_name(arg1, False) == "bfloat16":  # JAX: bfloat16 is a floating type
                return issubclass(np.floating, arg2)
        except (TypeError, KeyError):
            pass
    try:
        return np.issubdtype(arg1.dtype if isinstance(arg1, _core._ScalarMeta) else arg1,
                             arg2.dtype if isinstance(arg2, _core._ScalarMeta) else arg2)
    except TypeError:
        return False


def isdtype(dtype, kind):
    return ivy.isdtype(to_name(dtype, False), kind)


def iscomplexobj(x):
    return _kind(_a(x)) == "c"


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(element):
    if isinstance(element, Array):
        return element.ndim == 0
    return np.isscalar(element)


def finfo(dtype):
    return np.finfo(_core.np_dtype(to_name(dtype, False)))


def iinfo(int_type):
    return np.iinfo(_core.np_dtype(to_name(int_type, False)))


def issubsctype(arg1, arg2):
    return issubdtype(arg1, arg2)




def ldexp(x1, x2, /):
    x = _inexact(_a(x1))
    return (x * power(asarray(2.0, dtype=x.dtype), _a(x2).astype(x.dtype))).astype(x.dtype)






def bincount(x, weights=None, minlength=0, *, length=None):
    x = _a(x)
    n = length if length is not None else _max(builtins.int(max(x)) + 1 if x.size else 0,
                                               minlength)
    w = ones(x.shape, "int32") if weights is None else _a(weights)
    return zeros((n,), w.dtype).at[x].add(w)




def logical_and_reduce(*a, **k):
    not_implemented("jax.numpy.logical_and.reduce")


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    x = _a(arr)
    x2 = moveaxis(x, axis, -1)
    lead = x2.shape[:-1]
    flat = reshape(x2, (-1, x2.shape[-1]))
    rs = [_a(func1d(flat[i], *args, **kwargs)) for i in _range(flat.shape[0])]
    r = stack(rs)
    r = reshape(r, lead + r.shape[1:])
    return moveaxis(r, _range(len(lead), r.ndim), _range(axis % x.ndim, axis % x.ndim + r.ndim
                                                               - len(lead))) if r.ndim > len(
        lead) else r




def tril_indices(n, k=0, m=None):
    r, c = np.tril_indices(n, k, m)
    return asarray(r, dtype="int32"), asarray(c, dtype="int32")


def triu_indices(n, k=0, m=None):
    r, c = np.triu_indices(n, k, m)
    return asarray(r, dtype="int32"), asarray(c, dtype="int32")


def diag_indices(n, ndim=2):
    i = arange(n)
    return (i,) * ndim


def tril_indices_from(arr, k=0):
    x = _a(arr)
    return tril_indices(x.shape[-2], k, x.shape[-1])


def triu_indices_from(arr, k=0):
    x = _a(arr)
    return triu_indices(x.shape[-2], k, x.shape[-1])


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    strides = np.cumprod((1,) + tuple(dims[::-1]))[:-1][::-1]
    r = 0
    for i, s in zip(multi_index, strides):
        r = r + _a(i).astype("int32") * builtins.int(s)
    return r


def unravel_index(indices, shape):
    i = _a(indices)
    out = []
    for s in reversed(shape):
        out.append(remainder(i, s))
        i = floor_divide(i, s)
    return tuple(reversed(out))


def compress(condition, a, axis=None, *, size=None, fill_value=0):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    c = _a(condition)
    idx = nonzero(c)[0]
    return take(x, idx, axis=axis)


def extract(condition, arr, *, size=None, fill_value=0):
    return compress(ravel(condition), ravel(arr))






def choose(a, choices, out=None, mode="raise"):
    i = _a(a)
    cs = broadcast_arrays(i, *choices)
    st = stack(cs[1:])
    return take_along_axis(st, expand_dims(cs[0], 0), 0)[0]


def trim_zeros(filt, trim="fb"):
    x = _a(filt)
    nz = nonzero(x)[0]
    if nz.size == 0:
        return x[:0]
    lo = builtins.int(nz[0]) if "f" in trim else 0
    hi = builtins.int(nz[-1]) + 1 if "b" in trim else x.shape[0]
    return x[lo:hi]


def resize(a, new_shape):
    x = ravel(a)
    shp = _shape(new_shape)
    n = math.prod(shp)
    reps = -(-n // _max(x.size, 1))
    return reshape(tile(x, reps)[:n], shp)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)])
    return concatenate([arr, values], axis=axis)




def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    x = _a(arr)
    if axis is None:
        x, axis = ravel(x), 0
    n = x.shape[axis]
    keep = np.ones(n, bool)
    keep[np.asarray(obj if not isinstance(obj, Array) else np.asarray(obj))] = False
    return take(x, asarray(np.nonzero(keep)[0].astype(np.int32)), axis=axis)


def signbit_(x):
    return signbit(x)


def modf(x, /, out=None):
    x = _inexact(_a(x))
    ip = trunc(x)
    return x - ip, ip


def spacing(x, /):
    x = _inexact(_a(x))
    return nextafter(x, inf) - x






def from_dlpack(*a, **k):
    not_implemented("jax.numpy.from_dlpack")


def save(*a, **k):
    not_implemented("jax.numpy.save")


load = save



# ------------------------------------------------------------------ more of jax.numpy
def frexp(x, /):
    x = _inexact(_a(x))
    ax = abs(x)
    fin = isfinite(x) & (x != 0)
    safe = where(fin, ax, ones_like(ax))
    e = floor(log2(safe)).astype("int32") + 1
    m = x / power(asarray(2.0, dtype=x.dtype), e.astype(x.dtype))
    # log2 can be off by one ulp near powers of two: bring |m| into [0.5, 1)
    big, small = abs(m) >= 1, abs(m) < 0.5
    m = where(big, m / 2, where(small, m * 2, m))
    e = where(big, e + 1, where(small, e - 1, e))
    return where(fin, m, x), where(fin, e, zeros_like(e))


def gcd(x1, x2):
    (a, b), name, weak = _promote_all([x1, x2])
    if KIND[name] not in "iu":
        raise ValueError("Arguments to jax.numpy.gcd must be integers.")
    a, b = broadcast_arrays(wrap(a, weak), wrap(b, weak))
    a, b = abs(a), abs(b)
    while builtins.bool(any(b != 0)):
        nz = b != 0
        r = where(nz, remainder(a, where(nz, b, ones_like(b))), zeros_like(a))
        a, b = where(nz, b, a), r
    return a


def lcm(x1, x2):
    (a, b), name, weak = _promote_all([x1, x2])
    if KIND[name] not in "iu":
        raise ValueError("Arguments to jax.numpy.lcm must be integers.")
    a, b = wrap(a, weak), wrap(b, weak)
    d = gcd(a, b)
    return where(d == 0, zeros_like(d), abs(multiply(a, floor_divide(b, where(d == 0, ones_like(
        d), d)))))


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    if np.ndim(bins) == 1 or (isinstance(bins, Array) and bins.ndim == 1):
        return _a(bins)
    x = _inexact(ravel(_a(a)))
    if range is None:
        lo, hi = min(x), max(x)
    else:
        r = _a(range).astype(x.dtype)
        if r.shape != (2,):
            raise ValueError(f"`range` must be either None or a sequence of scalars, got "
                             f"{range}")
        lo, hi = r[0], r[1]
    eq = lo == hi
    lo, hi = where(eq, lo - 0.5, lo), where(eq, hi + 0.5, hi)
    return linspace(lo, hi, builtins.int(bins) + 1, dtype=x.dtype)


def histogram(a, bins=10, range=None, weights=None, density=None):  # noqa: A002
    x = _a(a)
    w = ones(x.shape, "float32") if weights is None else _a(weights)
    x, w = ravel(x), ravel(broadcast_to(w, x.shape))
    edges = histogram_bin_edges(x, bins, range, w)
    idx = searchsorted(edges, x, side="right")
    idx = where(x == edges[-1], edges.shape[0] - 1, idx)
    n = edges.shape[0]
    inside = idx < n  # beyond the last edge: dropped (JAX's scatter drops out-of-bounds)
    counts = zeros(edges.shape, w.dtype).at[where(inside, idx, 0)].add(
        where(inside, w, zeros_like(w)))[1:]
    if density:
        widths = diff(edges)
        counts = counts / widths / counts.sum()
    return counts, edges


def place(arr, mask, vals, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.place cannot be done in-place because JAX arrays are "
                         "immutable. Pass inplace=False to instead return an updated array.")
    x = _a(arr)
    m = ravel(_a(mask).astype("bool"))
    v = ravel(_a(vals))
    n = builtins.int(m.sum())
    if n == 0:
        return x
    pos = cumsum(m.astype("int32")) - 1
    fill = take(v, pos % v.shape[0])
    return reshape(where(m, fill.astype(x.dtype), ravel(x)), x.shape)


def put(a, ind, v, mode=None, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.put cannot be done in-place because JAX arrays are "
                         "immutable. Pass inplace=False to instead return an updated array.")
    x = _a(a)
    i, vv = ravel(_a(ind)), ravel(_a(v))
    if mode in (None, "fill", "drop"):
        i = where(i < 0, i + x.size, i)
    elif mode == "clip":
        i = clip(i, 0, x.size - 1)
    elif mode == "wrap":
        i = i % x.size
    vv = broadcast_to(vv, i.shape) if vv.size == 1 else take(vv, arange(i.shape[0]) % vv.size)
    return reshape(ravel(x).at[i].set(vv.astype(x.dtype), mode="drop"), x.shape)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    if inplace:
        raise ValueError("jax.numpy.put_along_axis cannot be done in-place because JAX arrays "
                         "are immutable. Pass inplace=False to instead return an updated array.")
    x = _a(arr)
    if axis is None:
        return put(x, indices, values, inplace=False)
    idx = _a(indices)
    ax = axis % x.ndim
    full_idx = []
    for d in _range(x.ndim):
        if d == ax:
            full_idx.append(where(idx < 0, idx + x.shape[ax], idx))
        else:
            sh = [1] * x.ndim
            sh[d] = x.shape[d]
            full_idx.append(reshape(arange(x.shape[d]), sh))
    full_idx = broadcast_arrays(*full_idx)
    vals = broadcast_to(_a(values), full_idx[0].shape).astype(x.dtype)
    return x.at[tuple(full_idx)].set(vals)


def packbits(a, axis=None, bitorder="big"):
    x = _a(a)
    if _kind(x) not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    bits = (x > 0).astype("uint8")
    if axis is None:
        bits, axis = ravel(bits), 0
    bits = moveaxis(bits, axis, -1)
    rem = (-bits.shape[-1]) % 8
    if rem:
        bits = pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, rem)])
    bits = reshape(bits, bits.shape[:-1] + (-1, 8))
    shifts = arange(8, dtype="uint8")
    if bitorder == "big":
        shifts = shifts[::-1]
    packed = sum(left_shift(bits, shifts), axis=-1).astype("uint8")
    return moveaxis(packed, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder="big"):
    x = _a(a)
    if x.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    shifts = arange(8, dtype="uint8")
    if bitorder == "big":
        shifts = shifts[::-1]
    bits = (right_shift(expand_dims(x, -1), shifts) & 1).astype("uint8")
    if axis is None:
        bits, axis = ravel(bits), 0
    else:  # the 8 bits of each byte replace it along ``axis``
        ax = axis % x.ndim
        bits = moveaxis(bits, ax, -2)
        bits = moveaxis(reshape(bits, bits.shape[:-2] + (-1,)), -1, ax)
        axis = ax
    if count is not None:
        bits = take(bits, arange(builtins.min(count, bits.shape[axis])), axis=axis)
    return bits


def insert(arr, obj, values, axis=None):
    if isinstance(obj, (list, tuple)):
        raise TypeError(f"insert requires ndarray or scalar arguments, got {type(obj)} at "
                        "position 1.")
    x = _a(arr)
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % x.ndim
    n = x.shape[ax]
    if isinstance(obj, builtins.slice):
        idx = np.arange(n + 1)[obj]
    else:
        idx = np.asarray(obj if not isinstance(obj, Array) else np.asarray(obj))
    scalar = idx.ndim == 0
    idx = np.where(idx.reshape(-1) < 0, idx.reshape(-1) + n, idx.reshape(-1))
    v = _a(values).astype(x.dtype)
    if scalar:  # one position: values fill a slab of width 1 (or v.shape[ax] if v is full-rank)
        v = expand_dims(v, ax) if v.ndim < x.ndim else v
        idx = np.full(v.shape[ax], idx[0])
    shape = list(x.shape)
    shape[ax] = idx.size
    v = broadcast_to(v, tuple(shape))
    order = np.argsort(idx, kind="stable")
    new_pos = idx[order] + np.arange(idx.size)
    out_n = n + idx.size
    is_new = np.zeros(out_n, bool)
    is_new[new_pos] = True
    old_pos = np.nonzero(~is_new)[0]
    vals_sorted = take(v, asarray(order.astype(np.int32)), axis=ax)
    out_shape = list(x.shape)
    out_shape[ax] = out_n
    out = zeros(tuple(out_shape), x.dtype)
    key_old = (builtins.slice(None),) * ax + (asarray(old_pos.astype(np.int32)),)
    key_new = (builtins.slice(None),) * ax + (asarray(new_pos.astype(np.int32)),)
    out = out.at[key_old].set(x)
    return out.at[key_new].set(vals_sorted)


def vectorize(pyfunc, *, excluded=frozenset(), signature=None):
    """Elementwise (no signature) vectorization by broadcasting and a Python loop."""
    if signature is not None:
        not_implemented("jax.numpy.vectorize(signature=...)")

    def f(*args, **kwargs):
        pos = [i for i in _range(len(args)) if i not in excluded]
        arrs = broadcast_arrays(*[_a(args[i]) for i in pos])
        shape = arrs[0].shape if arrs else ()
        flat = [ravel(x) for x in arrs]
        outs = []
        for j in _range(int(np.prod(shape))):
            call = list(args)
            for k, i in enumerate(pos):
                call[i] = flat[k][j]
            outs.append(_a(pyfunc(*call, **kwargs)))
        if not outs:
            return zeros(shape)
        return reshape(stack(outs), shape)
    return f


def fabs(x, /):
    x = _a(x)
    if _kind(x) == "c":
        raise TypeError("ufunc 'fabs' does not support complex dtypes")
    return abs(_inexact(x) if not x._weak else x.astype("float32") if _kind(x) != "f" else x)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    x = _a(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("cumulative_prod: axis must be given for arrays of more than one "
                             "dim")
        axis = 0
    r = cumprod(x, axis, dtype)
    if include_initial:
        shp = list(r.shape)
        shp[axis % _max(r.ndim, 1)] = 1
        r = concatenate([ones(shp, r.dtype), r], axis=axis)
    return r


def nancumprod(a, axis=None, dtype=None, out=None):
    x = _a(a)
    if _kind(x) in "fc":
        x = where(isnan(x), ones_like(x), x)
    return cumprod(x, axis, dtype)


def diag_indices_from(arr):
    x = _a(arr)
    if x.ndim < 2 or len(set(x.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(x.shape[0], x.ndim)


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    if inplace:
        raise ValueError("JAX arrays are immutable, so fill_diagonal cannot be done in-place. "
                         "Pass inplace=False to instead return a modified copy.")
    x = _a(a)
    if x.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if x.ndim > 2 and len(set(x.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    if wrap and x.ndim == 2 and x.shape[0] > x.shape[1] + 1:
        not_implemented("jax.numpy.fill_diagonal(wrap=True) on a tall matrix")
    n = _min(x.shape)
    v = ravel(_a(val).astype(x.dtype))
    v = take(v, arange(n) % v.size) if v.size else v
    i = arange(n)
    return x.at[(i,) * x.ndim].set(v)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    s, e = _inexact(_a(start)), _inexact(_a(stop))
    name = promote(typed(s), typed(e))[0] if dtype is None else to_name(dtype)
    cdt = name if KIND[name] in "fc" else "float32"
    s, e = s.astype(cdt), e.astype(cdt)
    sg = sign(s)
    res = sg * logspace(log10(s / sg), log10(e / sg), num, endpoint=endpoint, base=10.0,
                        dtype=cdt, axis=0)
    if axis != 0:
        res = moveaxis(res, 0, axis)
    return res.astype(name)


def ix_(*args):
    n = len(args)
    out = []
    for i, a in enumerate(args):
        x = _a(a)
        if x.ndim != 1:
            raise ValueError("Arguments to jax.numpy.ix_ must be 1-dimensional, got shape "
                             f"{x.shape}")
        if _kind(x) == "b":
            raise TypeError("Boolean arguments to jax.numpy.ix_ are not supported")
        shp = [1] * n
        shp[i] = x.shape[0]
        out.append(reshape(x, shp))
    return tuple(out)


def matvec(x1, x2, /, *, axis=-1):
    return einsum("...ij,...j->...i", x1, x2)


def vecmat(x1, x2, /, *, axis=-1):
    return einsum("...i,...ij->...j", conj(x1), x2)


def sort_complex(a):
    x = sort(_a(a), axis=0)
    return x.astype("complex64") if _kind(x) != "c" else x


def trapezoid(y, x=None, dx=1.0, axis=-1):
    yy = _inexact(_a(y))
    yy = moveaxis(yy, axis, -1)
    if x is None:
        d = asarray(dx)
    else:
        xx = _a(x)
        d = diff(xx) if xx.ndim == 1 else moveaxis(diff(xx, axis=axis), axis, -1)
    return 0.5 * sum(d * (yy[..., 1:] + yy[..., :-1]), axis=-1)


def vander(x, N=None, increasing=False):  # noqa: N803
    xx = _a(x)
    if xx.ndim != 1:
        raise ValueError("x must be a one-dimensional array")
    n = xx.shape[0] if N is None else N
    if n < 0:
        raise ValueError("N must be nonnegative")
    iota = arange(n, dtype="int32")
    if not increasing:
        iota = n - iota - 1
    return power(expand_dims(xx, -1), iota)


def polyval(p, x, *, unroll=16):
    pp, xx = _a(p), _a(x)
    (pd, xd), name, _ = _promote_all([pp, xx])
    pp, xx = wrap(pd, pp._weak), wrap(xd, xx._weak)
    y = zeros_like(xx)
    for i in _range(pp.shape[0]):
        y = y * xx + pp[i]
    return y


def polyadd(a1, a2):
    x, y = _a(a1), _a(a2)
    n = _max(x.shape[0], y.shape[0])
    x = pad(x, (n - x.shape[0], 0))
    y = pad(y, (n - y.shape[0], 0))
    return x + y


def polysub(a1, a2):
    return polyadd(a1, -_a(a2))


def polymul(a1, a2, *, trim_leading_zeros=False):
    x, y = _a(a1), _a(a2)
    if x.shape[0] == 0:
        x = zeros((1,), x.dtype)
    if y.shape[0] == 0:
        y = zeros((1,), y.dtype)
    return convolve(x, y, mode="full")


def polyder(p, m=1):
    pp = _a(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return pp
    n = pp.shape[0]
    coeff = (np.arange(m, n)[np.newaxis] - np.arange(m)[:, np.newaxis]).prod(0)[::-1]
    return pp[:-m] * asarray(coeff.copy(), dtype=pp.dtype)


def polyint(p, m=1, k=None):
    pp = _inexact(_a(p))
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if m == 0:
        return pp
    kk = zeros(m, pp.dtype) if k is None else _a(k).astype(pp.dtype)
    if kk.ndim == 0:
        kk = broadcast_to(kk, (m,))
    n = pp.shape[0]
    grid = np.arange(n + m)[np.newaxis] - np.arange(m)[:, np.newaxis]
    coeff = np.maximum(1, grid).prod(0)[::-1]
    return true_divide(concatenate([pp, kk]), asarray(coeff.copy(), dtype=pp.dtype))


def poly(seq_of_zeros):
    z = _a(seq_of_zeros)
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        not_implemented("jax.numpy.poly of a square matrix (needs eigvals)")
    if z.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    z = _inexact(z)
    a = ones((1,), z.dtype)
    for i in _range(z.shape[0]):
        a = convolve(a, stack([ones((), z.dtype), -z[i]]), mode="full")
    return a


def block(arrays):
    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list)
                                                                  else 0)
    d = depth(arrays)

    def rec(x, lvl):
        if not isinstance(x, list):
            return _a(x)
        parts = [rec(e, lvl + 1) for e in x]
        ndim = _max(_max(p.ndim for p in parts), d - lvl)
        parts = [reshape(p, (1,) * (ndim - p.ndim) + p.shape) for p in parts]
        return concatenate(parts, axis=-(d - lvl))
    if isinstance(arrays, tuple):
        raise TypeError("jax.numpy.block does not allow tuples")
    return rec(arrays, 0)


def apply_over_axes(func, a, axes):
    x = _a(a)
    for ax in axes:
        r = _a(func(x, ax))
        if r.ndim == x.ndim - 1:
            r = expand_dims(r, ax)
        elif r.ndim != x.ndim:
            raise ValueError("function is not returning an array of the correct shape")
        x = r
    return x


def _window(M, fn):
    if M < 1:
        return zeros(0, "float32")
    if M == 1:
        return ones(1, "float32")
    n = arange(M, dtype="float32")
    return fn(n, M - 1).astype("float32")


def bartlett(M):  # noqa: N803
    return _window(M, lambda n, d: 1 - abs(2 * n - d) / d)


def hanning(M):  # noqa: N803
    return _window(M, lambda n, d: 0.5 - 0.5 * cos(2 * pi * n / d))


def hamming(M):  # noqa: N803
    return _window(M, lambda n, d: 0.54 - 0.46 * cos(2 * pi * n / d))


def blackman(M):  # noqa: N803
    return _window(M, lambda n, d: 0.42 - 0.5 * cos(2 * pi * n / d) + 0.08 * cos(4 * pi * n / d))


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        not_implemented("jax.numpy.cov with fweights/aweights")
    x = _a(m)
    if x.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    x = atleast_2d(x)
    if not rowvar and x.shape[0] != 1:
        x = x.T
    if x.shape[0] == 0:
        return zeros((0, 0), "float32")
    if y is not None:
        yy = atleast_2d(_a(y))
        if not rowvar and yy.shape[0] != 1:
            yy = yy.T
        x = concatenate([x, yy], axis=0)
    x = _inexact(x)
    ddof = (0 if bias else 1) if ddof is None else ddof
    n = x.shape[1]
    avg = mean(x, axis=1)
    f = n - ddof
    xc = x - avg[:, None]
    c = matmul(xc, conj(xc.T))
    return squeeze(c / f)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return c / c
    d = diag(c)
    sd = sqrt(real(d))
    c = c / sd[:, None]
    c = c / sd[None, :]
    return clip(real(c), -1, 1) if _kind(c) != "c" else c


def _nan_sorted_quantile(x, qa, ax, keepdims):
    s = sort(x, axis=ax)  # NaNs sort last
    cnt = sum(logical_not(isnan(x)), axis=ax, keepdims=True).astype(x.dtype)
    qsh = qa.shape
    qb = reshape(qa, qsh + (1,) * x.ndim)
    pos = qb * (cnt - 1)
    lo = floor(pos)
    hi = ceil(pos)
    w = pos - lo
    lo_i = clip(lo, 0, None).astype("int32")
    hi_i = clip(hi, 0, None).astype("int32")
    sb = broadcast_to(s, qsh + s.shape)
    ax2 = ax + len(qsh)
    lo_i = broadcast_to(lo_i, qsh + cnt.shape)
    hi_i = broadcast_to(hi_i, qsh + cnt.shape)
    vlo = take_along_axis(sb, lo_i, axis=ax2)
    vhi = take_along_axis(sb, hi_i, axis=ax2)
    r = vlo * (1 - w) + vhi * w
    r = where(broadcast_to(cnt, r.shape) == 0, nan, r)
    if not keepdims:
        r = squeeze(r, axis=ax2)
    return r


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False):
    if isinstance(q, (list, tuple)):
        raise TypeError(f"nanquantile requires ndarray or scalar arguments, got {type(q)} at "
                        "position 1.")
    if method != "linear":
        not_implemented(f"jax.numpy.nanquantile(method={method!r})")
    if isinstance(axis, (tuple, list)):
        not_implemented("jax.numpy.nanquantile with a tuple axis")
    x = _inexact(_a(a))
    qa = _a(q).astype(x.dtype)
    if axis is None:
        r = _nan_sorted_quantile(ravel(x), qa, 0, keepdims)
        if keepdims:
            r = reshape(r, qa.shape + (1,) * x.ndim)
        return r
    return _nan_sorted_quantile(x, qa, axis % x.ndim, keepdims)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False):
    x = _inexact(_a(a))
    return nanquantile(x, _a(q).astype(x.dtype) / 100, axis, out, overwrite_input, method,
                       keepdims)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return nanquantile(a, 0.5, axis=axis, keepdims=keepdims)


def unwrap(p, discont=None, axis=-1, period=2 * math.pi):
    x = _a(p)
    if _kind(x) == "c":
        raise ValueError("jnp.unwrap does not support complex inputs.")
    if x.shape[axis] == 0:
        return _inexact(x)
    x = _inexact(x) if _kind(x) not in "fc" else x
    if discont is None:
        discont = period / 2
    interval = period / 2
    dd = diff(x, axis=axis)
    ddmod = remainder(dd + interval, period) - interval
    ddmod = where((ddmod == -interval) & (dd > 0), interval, ddmod)
    ph_correct = where(abs(dd) < discont, 0, ddmod - dd)
    first = take(x, arange(1), axis=axis)
    up = concatenate([first, take(x, arange(1, x.shape[axis]), axis=axis) +
                      cumsum(ph_correct, axis=axis)], axis=axis)
    return up


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        not_implemented("jax.numpy.gradient(edge_order=...)")
    x = _inexact(_a(f))
    axes = tuple(_range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, builtins.int) else tuple(axis))
    axes = tuple(a % x.ndim for a in axes)
    if not varargs:
        sp = [1.0] * len(axes)
    elif len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        sp = [varargs[0]] * len(axes)
    else:
        if any(np.ndim(v) != 0 for v in varargs):
            not_implemented("jax.numpy.gradient with coordinate arrays")
        sp = list(varargs)
    out = []
    for ax, h in zip(axes, sp):
        n = x.shape[ax]
        if n < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient")

        def sl(a, b, ax=ax):
            return take(x, arange(a, b), axis=ax)
        mid = (sl(2, n) - sl(0, n - 2)) / (2 * h)
        a0 = (sl(1, 2) - sl(0, 1)) / h
        an = (sl(n - 1, n) - sl(n - 2, n - 1)) / h
        out.append(concatenate([a0, mid, an], axis=ax))
    return out[0] if len(out) == 1 else out


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def mask_indices(n, mask_func, k=0, *, size=None):
    return nonzero(mask_func(ones((n, n)), k), size=size)


def piecewise(x, condlist, funclist, *args, **kw):
    xx = _a(x)
    if isinstance(condlist, (Array, np.ndarray)) and getattr(condlist, "ndim", 1) == xx.ndim:
        condlist = [condlist]
    conds = [_a(c).astype("bool") for c in condlist]
    n = len(conds)
    if len(funclist) == n + 1:
        otherwise = funclist[-1]
        funclist = funclist[:-1]
    elif len(funclist) == n:
        otherwise = 0
    else:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected; "
                         f"got {len(funclist)}")

    def val(fn):
        r = fn(xx, *args, **kw) if callable(fn) else fn
        return broadcast_to(_a(r).astype(xx.dtype), xx.shape)
    out = val(otherwise)
    for c, fn in zip(conds, funclist):
        out = where(c, val(fn), out)
    return out


def polydiv(u, v, *, trim_leading_zeros=False):
    if trim_leading_zeros:
        not_implemented("jax.numpy.polydiv(trim_leading_zeros=True)")
    (ud, vd), name, _ = _promote_all([_a(u), _a(v)])
    name = name if KIND[name] in "fc" else "float32"
    ua, va = wrap(ud).astype(name), wrap(vd).astype(name)
    m, n = ua.shape[0] - 1, va.shape[0] - 1
    scale = 1.0 / va[0]
    q = zeros(_max(m - n + 1, 1), dtype=name)
    for k in _range(0, m - n + 1):
        d = scale * ua[k]
        q = q.at[k].set(d)
        ua = ua.at[k:k + n + 1].add(-d * va)
    return q, ua


def histogramdd(sample, bins=10, range=None, weights=None, density=None):  # noqa: A002
    smp = _inexact(_a(sample))
    if weights is not None:
        weights = _a(weights)
        if weights.shape != smp.shape[:1]:
            raise ValueError("should have one weight for each sample.")
        (sd, wd), name, _ = _promote_all([smp, weights])
        name = name if KIND[name] in "fc" else "float32"
        smp, weights = wrap(sd).astype(name), wrap(wd).astype(name)
    n, d = smp.shape
    if range is not None and (len(range) != d or _any(
            r is not None and np.shape(r)[0] != 2 for r in range)):
        raise ValueError(f"For sample.shape={(n, d)}, range must be a sequence of {d} pairs or "
                         f"Nones; got range={range}")
    try:
        per_dim = list(bins)
    except TypeError:
        per_dim = d * [bins]
    else:
        if len(per_dim) != d:
            raise ValueError("should be a bin for each dimension.")
    idx_by_dim, edges_by_dim = [], []
    for i in _range(d):
        edges = histogram_bin_edges(smp[:, i], per_dim[i], None if range is None else range[i],
                                    weights)
        bi = searchsorted(edges, smp[:, i], side="right")
        bi = where(smp[:, i] == edges[-1], bi - 1, bi)
        idx_by_dim.append(bi)
        edges_by_dim.append(edges)
    nbins = tuple(e.shape[0] + 1 for e in edges_by_dim)
    xy = ravel_multi_index(tuple(idx_by_dim), nbins, mode="clip")
    hist = reshape(bincount(xy, weights, length=int(np.prod(nbins))), nbins)
    hist = hist[(builtins.slice(1, -1),) * d]
    if density:
        hist = hist.astype(smp.dtype)
        hist = hist / hist.sum()
        for nrm in ix_(*[diff(e) for e in edges_by_dim]):
            hist = hist / nrm
    return hist, edges_by_dim


def histogram2d(x, y, bins=10, range=None, weights=None, density=None):  # noqa: A002
    try:
        nb = len(bins)
    except TypeError:
        nb = 1
    if nb not in (1, 2):
        e = _a(bins)
        bins = [e, e]
    hist, edges = histogramdd(transpose(stack([_a(x), _a(y)])), bins, range, weights, density)
    return hist, edges[0], edges[1]


array_str = np.array_str  # NumPy's, as in JAX
ComplexWarning = np.exceptions.ComplexWarning


class ufunc:  # noqa: N801 - JAX's name
    """``jnp.ufunc``/``jnp.frompyfunc``: a scalar function made elementwise (a Python loop over
    broadcast elements unless ``call`` is given) with ``outer``, ``reduce`` and ``accumulate``
    (sequential folds along an axis, as JAX's scan-based defaults)."""

    def __init__(self, func, /, nin, nout, *, name=None, nargs=None, identity=None, call=None,
                 reduce=None, accumulate=None, at=None, reduceat=None):
        self._func, self.nin, self.nout = func, nin, nout
        self.nargs = nargs if nargs is not None else nin
        self.identity = identity
        self.__name__ = name if name is not None else getattr(func, "__name__", "ufunc")
        self._call = call if call is not None else vectorize(func)
        self._reduce, self._accumulate = reduce, accumulate
        if at is not None or reduceat is not None:
            not_implemented("jax.numpy.ufunc(at=..., reduceat=...)")

    def __repr__(self):
        return f"<jnp.ufunc '{self.__name__}'>"

    def __call__(self, *args):
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional argument(s) but "
                            f"{len(args)} were given.")
        return self._call(*args)

    def outer(self, A, B, /):  # noqa: N803
        if self.nin != 2 or self.nout != 1:
            raise ValueError(f"{self.__name__}.outer() only supported for binary ufuncs with "
                             "one output")
        a_, b_ = _a(A), _a(B)
        return self(reshape(a_, a_.shape + (1,) * b_.ndim), b_)

    def _check_binary(self, what):
        if self.nin != 2 or self.nout != 1:
            raise ValueError(f"{what} only supported for binary ufuncs with a single output; "
                             f"got nin={self.nin}, nout={self.nout}")

    def reduce(self, a, axis=0, dtype=None, out=None, keepdims=False, initial=None,
               where=None):
        self._check_binary("reduce")
        if self._reduce is not None:
            return self._reduce(a, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial,
                                where=where)
        if out is not None or where is not None:
            not_implemented("jax.numpy.ufunc.reduce(out=/where=)")
        x = _a(a)
        if axis is None:
            x, axis = ravel(x), 0
        ax = axis % _max(x.ndim, 1)
        xm = moveaxis(x, ax, 0)
        init = initial if initial is not None else self.identity
        if xm.shape[0] == 0 and init is None:
            raise ValueError(f"zero-size array to reduction operation {self.__name__} which "
                             "has no identity")
        acc = xm[0] if init is None else broadcast_to(_a(init).astype(x.dtype), xm.shape[1:])
        for i in _range(0 if init is not None else 1, xm.shape[0]):
            acc = self(acc, xm[i])
        acc = _a(acc)
        if dtype is not None:
            acc = acc.astype(dtype)
        return expand_dims(acc, ax) if keepdims else acc

    def accumulate(self, a, axis=0, dtype=None, out=None):
        self._check_binary("accumulate")
        if self._accumulate is not None:
            return self._accumulate(a, axis=axis, dtype=dtype)
        x = _a(a)
        ax = axis % _max(x.ndim, 1)
        xm = moveaxis(x, ax, 0)
        if xm.shape[0] == 0:
            return x
        outs = [xm[0]]
        for i in _range(1, xm.shape[0]):
            outs.append(_a(self(outs[-1], xm[i])))
        r = moveaxis(stack(outs), 0, ax)
        return r.astype(dtype) if dtype is not None else r


def frompyfunc(func, /, nin, nout, *, identity=None):
    return ufunc(func, nin, nout, identity=identity)


