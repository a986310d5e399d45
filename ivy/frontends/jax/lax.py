"""jax.lax primitives on Ivy, with the parameters ``jax.make_jaxpr`` shows.

Control flow (cond, switch, while_loop, fori_loop, scan, map) runs as Python loops over Ivy calls
(eager; the transpiler will need them as IR nodes holding sub-graphs). lax primitives do NOT
promote: operands must already share a dtype (TypeError otherwise, as in JAX), except that Python
scalars are converted to the other operand's dtype.
"""

from __future__ import annotations

import builtins
import collections
import itertools
import math
import typing

import numpy as np

import ivy

from . import _array, _core, tree_util
from ._array import Array, asarray, wrap
from ._core import KIND, _gather_fill, name_of, not_implemented, to_name
from .numpy import _functions as _F

_max, _min, _range = builtins.max, builtins.min, builtins.range

GatherDimensionNumbers = collections.namedtuple(
    "GatherDimensionNumbers", ["offset_dims", "collapsed_slice_dims", "start_index_map",
                               "operand_batching_dims", "start_indices_batching_dims"],
    defaults=((), ()))
ScatterDimensionNumbers = collections.namedtuple(
    "ScatterDimensionNumbers", ["update_window_dims", "inserted_window_dims",
                                "scatter_dims_to_operand_dims", "operand_batching_dims",
                                "scatter_indices_batching_dims"], defaults=((), ()))
ConvDimensionNumbers = collections.namedtuple("ConvDimensionNumbers",
                                              ["lhs_spec", "rhs_spec", "out_spec"])


class GatherScatterMode:
    CLIP, FILL_OR_DROP, PROMISE_IN_BOUNDS, ONE_HOT = ("clip", "fill", "promise_in_bounds",
                                                     "one_hot")


class Precision:
    DEFAULT, HIGH, HIGHEST = "DEFAULT", "HIGH", "HIGHEST"


def _same(*xs, name):
    """lax operands: arrays must share a dtype; scalars take it."""
    arrs = [x for x in xs if isinstance(x, Array) or hasattr(x, "shape")]
    arrs = [asarray(x) for x in arrs]
    dts = {name_of(a._data) for a in arrs}
    if len(dts) > 1:
        raise TypeError(f"lax.{name} requires arguments to have the same dtypes, got "
                        f"{', '.join(sorted(dts))}.")
    if not arrs:
        xs2 = [asarray(x) for x in xs]
        _, weak = _core.promote(*[(name_of(a._data), a._weak) for a in xs2])
        return [a._data for a in xs2], _core.promote(*[(name_of(a._data), a._weak)
                                                       for a in xs2])[0], weak
    ranks = {len(a.shape) for a in arrs} - {0}
    if len(ranks) > 1:
        raise TypeError(f"{name}: arrays must have the same number of dimensions, got {ranks}")
    dt = dts.pop()
    weak = builtins.all(a._weak for a in arrs) and len(arrs) == len(xs)
    out = []
    for x in xs:
        out.append(asarray(x)._data if isinstance(x, Array) or hasattr(x, "shape") else
                   asarray(x, dtype=dt)._data)
    return out, dt, weak


def _u(fn, name, float_only=False):
    def f(x):
        a = asarray(x)
        if float_only and KIND[name_of(a._data)] not in "fc":
            raise TypeError(f"lax.{name} does not accept dtype {name_of(a._data)}")
        return wrap(fn(a._data), a._weak)
    f.__name__ = name
    return f


def _bin(fn, name, out_bool=False):
    def f(x, y):
        (a, b), dt, weak = _same(x, y, name=name)
        return wrap(fn(a, b), weak and not out_bool)
    f.__name__ = name
    return f


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


def broadcast_in_dim(operand, shape, broadcast_dimensions, *, out_sharding=None):
    a = asarray(operand)
    shape = tuple(shape)
    if len(broadcast_dimensions) != a.ndim:
        raise TypeError("broadcast_in_dim broadcast_dimensions must have length equal to "
                        "operand ndim")
    inter = [1] * len(shape)
    for i, d in enumerate(broadcast_dimensions):
        if a.shape[i] not in (1, shape[d]):
            raise TypeError("broadcast_in_dim operand dimension sizes must either be 1, or be "
                            "equal to their corresponding dimensions in the target shape")
        inter[d] = a.shape[i]
    return wrap(ivy.broadcast_to(ivy.reshape(a._data, tuple(inter)), shape), a._weak)


def broadcast(operand, sizes):
    a = asarray(operand)
    return broadcast_in_dim(a, tuple(sizes) + a.shape,
                            tuple(_range(len(sizes), len(sizes) + a.ndim)))


def reshape(operand, new_sizes, dimensions=None, *, sharding=None):
    a = asarray(operand)
    if dimensions is not None:
        a = transpose(a, dimensions)
    if math.prod(new_sizes) != a.size:
        raise TypeError("reshape total size must be unchanged")
    return wrap(ivy.reshape(a._data, tuple(new_sizes)), a._weak)


def transpose(operand, permutation):
    a = asarray(operand)
    if sorted(permutation) != list(_range(a.ndim)):
        raise TypeError("transpose permutation isn't a permutation of operand dimensions")
    return wrap(ivy.permute_dims(a._data, tuple(permutation)), a._weak)


def squeeze(array, dimensions):
    a = asarray(array)
    dims = {d % a.ndim for d in dimensions}
    for d in dims:
        if a.shape[d] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to "
                             "one")
    return reshape(a, tuple(s for i, s in enumerate(a.shape) if i not in dims))


def expand_dims(array, dimensions):
    return _F.expand_dims(array, tuple(dimensions))


def rev(operand, dimensions):
    a = asarray(operand)
    return wrap(ivy.flip(a._data, axis=tuple(dimensions)), a._weak) if dimensions else a


def concatenate(operands, dimension):
    cs, dt, weak = _same(*operands, name="concatenate")
    return wrap(ivy.concat(cs, axis=dimension), weak)


def pad(operand, padding_value, padding_config):
    """lax.pad: (low, high, interior) per dimension; negative low/high crop."""
    a = asarray(operand)
    (d, pv), dt, weak = _same(a, padding_value, name="pad")
    if len(padding_config) != a.ndim:
        raise ValueError("lax.pad: padding_config must have one entry per dimension")
    for ax, (lo, hi, interior) in enumerate(padding_config):
        if interior < 0:
            raise ValueError("interior padding must be non-negative")
        n = d.shape[ax]
        if interior > 0 and n > 1:
            m = n + (n - 1) * interior
            shp = list(d.shape)
            shp[ax] = m
            base = ivy.broadcast_to(ivy.reshape(pv, (1,) * len(shp)), tuple(shp))
            idx = [builtins.slice(None)] * len(shp)
            idx[ax] = builtins.slice(0, m, interior + 1)
            base = ivy.astype(base, dt, copy=True)
            d = _set_slice(base, tuple(idx), d)
        pw = [(0, 0)] * len(d.shape)
        pw[ax] = (_max(lo, 0), _max(hi, 0))
        if lo > 0 or hi > 0:
            d = ivy.pad(d, pw, mode="constant", constant_values=wrap(pv).item())
        if lo < 0 or hi < 0:
            idx = [builtins.slice(None)] * len(d.shape)
            idx[ax] = builtins.slice(-lo if lo < 0 else 0, d.shape[ax] + hi if hi < 0 else None)
            d = ivy.get_item(d, tuple(idx))
    return wrap(d, weak)


def _set_slice(base, key, value):
    """A functional ``base[key] = value`` (copy: never mutates ``base``)."""
    n = math.prod(base.shape)
    B = ivy.backend_of(base)
    iota = ivy.reshape(B.asarray(np.arange(n, dtype=np.int64)), tuple(base.shape))
    pos = ivy.reshape(ivy.get_item(iota, key), (-1, 1))
    vals = ivy.reshape(ivy.broadcast_to(value, tuple(ivy.get_item(iota, key).shape)), (-1,))
    r = ivy.scatter_nd(pos, vals, (n,), reduction="replace", out=ivy.reshape(base, (n,)))
    return ivy.reshape(r, tuple(base.shape))


def slice(operand, start_indices, limit_indices, strides=None):  # noqa: A001
    a = asarray(operand)
    strides = strides or (1,) * a.ndim
    key = tuple(builtins.slice(s, l_, st) for s, l_, st in zip(start_indices, limit_indices,
                                                                strides, strict=True))
    return wrap(ivy.get_item(a._data, key), a._weak)


def slice_in_dim(operand, start_index, limit_index, stride=1, axis=0):
    a = asarray(operand)
    st = [0] * a.ndim
    li = list(a.shape)
    sd = [1] * a.ndim
    n = a.shape[axis]
    start_index = 0 if start_index is None else start_index % n if start_index < 0 else \
        start_index
    limit_index = n if limit_index is None else limit_index + n if limit_index < 0 else \
        limit_index
    st[axis], li[axis], sd[axis] = start_index, limit_index, stride
    return slice(a, st, li, sd)


def index_in_dim(operand, index, axis=0, keepdims=True):
    a = asarray(operand)
    index = index % a.shape[axis]
    r = slice_in_dim(a, index, index + 1, 1, axis)
    return r if keepdims else squeeze(r, (axis,))


def _starts(a, start_indices, sizes):
    out = []
    for s, n, k in zip(start_indices, a.shape, sizes, strict=True):
        s = builtins.int(s)
        out.append(_min(_max(s, 0), n - k))  # XLA clamps the start into bounds
    return out


def dynamic_slice(operand, start_indices, slice_sizes, *, allow_negative_indices=True):
    a = asarray(operand)
    if len(start_indices) != a.ndim:
        raise TypeError("dynamic_slice: len(start_indices) must equal operand ndim")
    if builtins.any(k > n for k, n in zip(slice_sizes, a.shape, strict=True)):
        raise TypeError("dynamic_slice: slice_sizes must be <= operand shape")
    st = [builtins.int(s) + (n if builtins.int(s) < 0 and allow_negative_indices else 0)
          for s, n in zip(start_indices, a.shape, strict=True)]
    st = _starts(a, st, slice_sizes)
    key = tuple(builtins.slice(s, s + k) for s, k in zip(st, slice_sizes, strict=True))
    return wrap(ivy.get_item(a._data, key), a._weak)


def dynamic_slice_in_dim(operand, start_index, slice_size, axis=0):
    a = asarray(operand)
    st = [0] * a.ndim
    sz = list(a.shape)
    st[axis], sz[axis] = start_index, slice_size
    return dynamic_slice(a, st, sz)


def dynamic_index_in_dim(operand, index, axis=0, keepdims=True):
    r = dynamic_slice_in_dim(operand, index, 1, axis)
    return r if keepdims else squeeze(r, (axis,))


def dynamic_update_slice(operand, update, start_indices, *, allow_negative_indices=True):
    a, u = asarray(operand), asarray(update)
    if name_of(a._data) != name_of(u._data):
        raise TypeError("dynamic_update_slice update and operand dtypes must match")
    st = [builtins.int(s) + (n if builtins.int(s) < 0 and allow_negative_indices else 0)
          for s, n in zip(start_indices, a.shape, strict=True)]
    st = _starts(a, st, u.shape)
    key = tuple(builtins.slice(s, s + k) for s, k in zip(st, u.shape, strict=True))
    return wrap(_set_slice(a._data, key, u._data), a._weak)


def dynamic_update_slice_in_dim(operand, update, start_index, axis):
    a = asarray(operand)
    st = [0] * a.ndim
    st[axis] = start_index
    return dynamic_update_slice(a, update, st)


def dynamic_update_index_in_dim(operand, update, index, axis):
    u = asarray(update)
    a = asarray(operand)
    if u.ndim == a.ndim - 1:
        u = _F.expand_dims(u, axis)
    return dynamic_update_slice_in_dim(a, u, index, axis)


_KEEPS_DTYPE = ("float32", "float64", "complex64", "complex128")


def _reduce(fn, name):
    def f(operand, axes):
        a = asarray(operand)
        axes = tuple(axes)
        d = a._data
        if name_of(d) == "bool" and name in ("reduce_max", "reduce_min", "reduce_or",
                                             "reduce_and"):
            red = ivy.any if name in ("reduce_max", "reduce_or") else ivy.all
            return wrap(red(d, axis=axes), a._weak)
        if not axes:
            return a
        if name in ("reduce_sum", "reduce_prod"):
            # the operand's dtype (Ivy's sum of an int8 would widen), not pinned for float32/64
            # and complex: they keep theirs, and emitted code then runs in float64 too (the
            # gradient check's float64 second opinion runs it so)
            keep = None if name_of(d) in _KEEPS_DTYPE else name_of(d)
            return wrap((ivy.sum if name == "reduce_sum" else ivy.prod)(d, axis=axes, dtype=keep),
                        a._weak)
        if a.size == 0:
            k = KIND[name_of(d)]
            info = np.finfo(name_of(d)) if k == "f" else np.iinfo(name_of(d))
            ident = (-np.inf if k == "f" else info.min) if name == "reduce_max" else (
                np.inf if k == "f" else info.max)
            shp = tuple(s for i, s in enumerate(a.shape) if i not in axes)
            return wrap(ivy.full_like(ivy.reshape(ivy.sum(d, axis=axes), shp), ident), a._weak)
        if KIND[name_of(d)] == "c" and name in ("reduce_max", "reduce_min"):
            # lexicographic (as lax.max): the extreme real part, then the extreme imaginary
            # part among the elements that have it
            re = ivy.real(d)
            m = fn(re, axis=axes, keepdims=True)
            far = ivy.full_like(re, -math.inf if name == "reduce_max" else math.inf)
            im = fn(ivy.where(ivy.equal(re, m), ivy.imag(d), far), axis=axes)
            return wrap(_complex_of(ivy.squeeze(m, axis=axes), im, name_of(d)), a._weak)
        return wrap(fn(d, axis=axes), a._weak)
    f.__name__ = name
    return f


reduce_sum = _reduce(ivy.sum, "reduce_sum")
reduce_prod = _reduce(ivy.prod, "reduce_prod")
reduce_max = _reduce(ivy.max, "reduce_max")
reduce_min = _reduce(ivy.min, "reduce_min")
reduce_or = _reduce(ivy.any, "reduce_or")
reduce_and = _reduce(ivy.all, "reduce_and")


def argmax(operand, axis, index_dtype):
    a = asarray(operand)
    d = a._data if name_of(a._data) != "bool" else ivy.astype(a._data, "int8")
    return wrap(ivy.astype(ivy.argmax(d, axis=axis), to_name(index_dtype)))


def argmin(operand, axis, index_dtype):
    a = asarray(operand)
    d = a._data if name_of(a._data) != "bool" else ivy.astype(a._data, "int8")
    return wrap(ivy.astype(ivy.argmin(d, axis=axis), to_name(index_dtype)))


def _cum(fn_name):
    def f(operand, axis=0, reverse=False):
        a = asarray(operand)
        d = a._data
        if reverse:
            d = ivy.flip(d, axis=axis)
        if fn_name == "cumsum":
            r = ivy.cumulative_sum(d, axis=axis, dtype=name_of(d))
        elif fn_name == "cumprod":
            r = ivy.cumulative_prod(d, axis=axis, dtype=name_of(d))
        else:
            fn = {"cummax": _maximum, "cummin": _minimum, "cumlogsumexp": ivy.logaddexp}[
                fn_name]
            parts = list(ivy.unstack(d, axis=axis))
            acc, outs = None, []
            for p in parts:
                acc = p if acc is None else fn(acc, p)
                outs.append(acc)
            r = ivy.stack(outs, axis=axis) if outs else d
        if reverse:
            r = ivy.flip(r, axis=axis)
        return wrap(r, a._weak)
    f.__name__ = fn_name
    return f


cumsum, cumprod, cummax, cummin, cumlogsumexp = (_cum(n) for n in (
    "cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp"))


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None,
                out_sharding=None):
    """((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch)); the result is
    batch dims, then lhs free dims, then rhs free dims (XLA's order)."""
    (lc, rc), (lb, rb) = dimension_numbers
    x, y = asarray(lhs), asarray(rhs)
    weak = x._weak and y._weak
    name = _core.promote((name_of(x._data), x._weak), (name_of(y._data), y._weak))[0]
    x, y = x.astype(name), y.astype(name)
    lf = [i for i in _range(x.ndim) if i not in lc and i not in lb]
    rf = [i for i in _range(y.ndim) if i not in rc and i not in rb]
    for i, j in zip(lc, rc, strict=True):
        if x.shape[i] != y.shape[j]:
            raise TypeError("dot_general requires contracting dimensions to have the same shape")
    xp = _F.transpose(x, list(lb) + lf + list(lc))
    yp = _F.transpose(y, list(rb) + list(rc) + rf)
    bsh = [x.shape[i] for i in lb]
    k = math.prod(x.shape[i] for i in lc)
    xm = _F.reshape(xp, bsh + [math.prod(x.shape[i] for i in lf), k])
    ym = _F.reshape(yp, bsh + [k, math.prod(y.shape[i] for i in rf)])
    d1, d2 = xm._data, ym._data
    if name == "bool":
        r = ivy.astype(ivy.matmul(ivy.astype(d1, "int32"), ivy.astype(d2, "int32")), "bool")
    else:
        r = ivy.matmul(d1, d2)
    r = ivy.reshape(r, tuple(bsh + [x.shape[i] for i in lf] + [y.shape[i] for i in rf]))
    out = wrap(r, weak)
    if preferred_element_type is not None:
        out = out.astype(preferred_element_type)
    return out


def dot(lhs, rhs, precision=None, preferred_element_type=None, out_sharding=None):
    x, y = asarray(lhs), asarray(rhs)
    return dot_general(x, y, (((x.ndim - 1,), (0,)), ((), ())), precision,
                       preferred_element_type)


def batch_matmul(lhs, rhs, precision=None):
    x = asarray(lhs)
    b = tuple(_range(x.ndim - 2))
    return dot_general(lhs, rhs, (((x.ndim - 1,), (x.ndim - 2,)), (b, b)), precision)


def _conv_specs(dimension_numbers, nd):
    if dimension_numbers is None:
        sp = "".join("HWDXYZ"[i] for i in _range(nd))
        return "NC" + sp, "OI" + sp, "NC" + sp
    if isinstance(dimension_numbers, ConvDimensionNumbers) or (
            isinstance(dimension_numbers, tuple) and dimension_numbers and
            not isinstance(dimension_numbers[0], str)):
        lhs, rhs, out = dimension_numbers
        # integer specs (as in make_jaxpr): (batch, feature, spatial...)
        letters = "HWDXYZ"[:nd]

        def to_str(spec, first, second):
            s = [""] * (nd + 2)
            s[spec[0]], s[spec[1]] = first, second
            for i, p in enumerate(spec[2:]):
                s[p] = letters[i]
            return "".join(s)
        return to_str(lhs, "N", "C"), to_str(rhs, "O", "I"), to_str(out, "N", "C")
    return tuple(dimension_numbers)


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    lhs, rhs, out = _conv_specs(dimension_numbers, len(lhs_shape) - 2)

    def ints(spec, a, b):
        sp = sorted((c for c in spec if c not in (a, b)), key=lambda c: lhs.index(c)
                    if c in lhs else spec.index(c))
        sp = [c for c in spec if c not in (a, b)]
        order = sorted(sp, key=lambda c: rhs.index(c) if spec is rhs else spec.index(c))
        return (spec.index(a), spec.index(b)) + tuple(spec.index(c) for c in order)
    return ConvDimensionNumbers(ints(lhs, "N", "C"), ints(rhs, "O", "I"), ints(out, "N", "C"))


def _same_pads(in_sizes, k_sizes, strides):
    pads = []
    for n, k, s in zip(in_sizes, k_sizes, strides, strict=True):
        out = -(-n // s)
        tot = _max((out - 1) * s + k - n, 0)
        pads.append((tot // 2, tot - tot // 2))
    return pads


def padtype_to_pads(in_shape, window_shape, window_strides, padding):
    if isinstance(padding, str):
        p = padding.upper()
        if p == "VALID":
            return [(0, 0)] * len(in_shape)
        if p == "SAME":
            return _same_pads(in_shape, window_shape, window_strides)
        if p == "SAME_LOWER":
            return [(h, l_) for l_, h in _same_pads(in_shape, window_shape, window_strides)]
        raise ValueError(f"Unknown padding type: {padding}")
    return [tuple(p) for p in padding]


def conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None,
                         rhs_dilation=None, dimension_numbers=None, feature_group_count=1,
                         batch_group_count=1, precision=None, preferred_element_type=None):
    x, w = asarray(lhs), asarray(rhs)
    nd = x.ndim - 2
    if batch_group_count != 1:
        not_implemented("jax.lax.conv_general_dilated(batch_group_count != 1)")
    ls, rs, os_ = _conv_specs(dimension_numbers, nd)
    sp = [c for c in rs if c not in "OI"]  # spatial letters in the rhs order
    # to N, spatial (rhs order), C  and  spatial, I, O
    xc = _F.transpose(x, [ls.index("N")] + [ls.index(c) for c in sp] + [ls.index("C")])
    wc = _F.transpose(w, [rs.index(c) for c in sp] + [rs.index("I"), rs.index("O")])
    (xd, wd), dt, weak = _same(xc, wc, name="conv_general_dilated")
    xc = wrap(xd)
    lhs_dilation = tuple(lhs_dilation or (1,) * nd)
    rhs_dilation = tuple(rhs_dilation or (1,) * nd)
    strides = tuple(window_strides)
    if builtins.any(d != 1 for d in lhs_dilation):
        zero = asarray(0, dtype=dt)
        xc = pad(xc, zero, [(0, 0, 0)] + [(0, 0, d - 1) for d in lhs_dilation] + [(0, 0, 0)])
    in_sp = xc.shape[1:-1]
    k_eff = [(k - 1) * d + 1 for k, d in zip(wd.shape[:nd], rhs_dilation, strict=True)]
    if isinstance(padding, str):
        pads = padtype_to_pads(in_sp, k_eff, strides, padding)
    else:
        pads = [tuple(p) for p in padding]
    if builtins.any(p < 0 for pr in pads for p in pr):
        xc = pad(xc, asarray(0, dtype=dt), [(0, 0, 0)] + [(lo, hi, 0) for lo, hi in pads] +
                 [(0, 0, 0)])
        pads = [(0, 0)] * nd
    conv = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}.get(nd)
    if conv is None:
        not_implemented(f"jax.lax.conv_general_dilated with {nd} spatial dimensions")
    r = conv(xc._data, wd, strides=strides, padding=[tuple(p) for p in pads],
             dilations=rhs_dilation, groups=feature_group_count)
    r = wrap(r, weak)
    # r is N, spatial (rhs order), C -> out spec
    cur = ["N"] + sp + ["C"]
    r = _F.transpose(r, [cur.index(c) for c in os_])
    if preferred_element_type is not None:
        r = r.astype(preferred_element_type)
    return r


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_with_general_padding(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                              precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


_MONOIDS = {}


def reduce_window(operand, init_value, computation, window_dimensions, window_strides,
                  padding, base_dilation=None, window_dilation=None):
    """Any binary ``computation`` (lax.max, lax.add, ...): one strided slice per window offset,
    combined in order."""
    if isinstance(operand, (tuple, list)):
        not_implemented("jax.lax.reduce_window over several operands")
    x = asarray(operand)
    nd = x.ndim
    init = asarray(init_value, dtype=x.dtype) if not isinstance(init_value, Array) else init_value
    strides = tuple(window_strides)
    bd = tuple(base_dilation or (1,) * nd)
    wdil = tuple(window_dilation or (1,) * nd)
    if builtins.any(b != 1 for b in bd):
        x = pad(x, init, [(0, 0, b - 1) for b in bd])
    k_eff = [(k - 1) * d + 1 for k, d in zip(window_dimensions, wdil, strict=True)]
    pads = padtype_to_pads(x.shape, k_eff, strides, padding)
    x = pad(x, init, [(lo, hi, 0) for lo, hi in pads])
    out = [_max((n - ke) // s + 1, 0) for n, ke, s in zip(x.shape, k_eff, strides, strict=True)]
    acc = _F.broadcast_to(init, tuple(out))
    for off in itertools.product(*[_range(k) for k in window_dimensions]):
        key = tuple(builtins.slice(o * d, o * d + (m - 1) * s + 1, s)
                    for o, d, m, s in zip(off, wdil, out, strides, strict=True))
        acc = computation(acc, x[key])
    return acc


def _reduce_variadic(operands, init_values, computation, dims):
    """Several operands reduced together (``computation((a0, a1, ...), (b0, b1, ...))`` gives
    the tuple): a fold over the reduced elements in order (argmax-style (value, index) pairs)."""
    xs = [asarray(o) for o in operands]
    inits = [asarray(v, dtype=x.dtype) for v, x in zip(init_values, xs, strict=True)]
    if not dims:
        return tuple(computation(tuple(inits), tuple(xs)))
    flats = []
    for x in xs:
        xm = _F.moveaxis(x, dims, tuple(_range(-len(dims), 0)))
        flats.append(_F.reshape(xm, xm.shape[:xm.ndim - len(dims)] + (-1,)))
    acc = tuple(_F.broadcast_to(i, flats[0].shape[:-1]) for i in inits)
    for i in _range(flats[0].shape[-1]):
        acc = tuple(computation(acc, tuple(f[..., i] for f in flats)))
    return acc


def reduce(operands, init_values, computation, dimensions):
    single = not isinstance(operands, (tuple, list))
    if not single:
        return _reduce_variadic(operands, init_values, computation, tuple(dimensions))
    x = asarray(operands)
    dims = tuple(dimensions)
    fn = {add: reduce_sum, max: reduce_max, min: reduce_min, mul: reduce_prod}.get(computation)
    if fn is not None:
        r = fn(x, dims)
        return computation(r, asarray(init_values, dtype=x.dtype)) if fn is not reduce_sum or \
            True else r
    xm = _F.moveaxis(x, dims, tuple(_range(-len(dims), 0))) if dims else x
    flat = _F.reshape(xm, xm.shape[:xm.ndim - len(dims)] + (-1,))
    acc = _F.broadcast_to(asarray(init_values, dtype=x.dtype), flat.shape[:-1])
    for i in _range(flat.shape[-1]):
        acc = computation(acc, flat[..., i])
    return acc


def _with_batch_indices(idx, indices_batching_dims):
    """Batching dimensions as explicit indices: for each indices batching dim, its position
    (an iota) appended to the index vector (index_vector_dim last); the paired operand batching
    dims then become collapsed/inserted dims indexed by it (slice size 1), as XLA defines them."""
    bshape = tuple(idx.shape[:-1])
    extra = [broadcasted_iota(name_of(idx._data), bshape + (1,), int(d))
             for d in indices_batching_dims]
    return concatenate([idx, *extra], idx.ndim - 1)


def gather(operand, start_indices, dimension_numbers, slice_sizes, *, unique_indices=False,
           indices_are_sorted=False, mode=None, fill_value=None):
    """XLA gather (index_vector_dim last), no operand batching dims; modes clip,
    promise_in_bounds and fill (JAX's default: out-of-bounds slices give ``fill_value``)."""
    dn = dimension_numbers if isinstance(dimension_numbers, GatherDimensionNumbers) else \
        GatherDimensionNumbers(*dimension_numbers)
    x, idx = asarray(operand), asarray(start_indices)
    if tuple(dn.operand_batching_dims) or tuple(dn.start_indices_batching_dims):
        idx = _with_batch_indices(idx, dn.start_indices_batching_dims)
        ob = tuple(dn.operand_batching_dims)
        dn = GatherDimensionNumbers(dn.offset_dims, tuple(dn.collapsed_slice_dims) + ob,
                                    tuple(dn.start_index_map) + ob)
    m = str(mode.value if hasattr(mode, "value") else mode).lower() if mode is not None else "fill"
    if "clip" in m:
        m = "clip"
    elif "promise" in m:
        m = "clip"
    elif "fill" in m or m in ("none", "1"):
        m = "fill"
    else:
        not_implemented(f"jax.lax.gather(mode={mode!r})")
    bshape = idx.shape[:-1]
    nb = len(bshape)
    nd = x.ndim
    slice_sizes = tuple(slice_sizes)
    idx_d = ivy.astype(idx._data, "int64")
    valid = None
    keys = []
    for d in _range(nd):
        ar_shape = [1] * (nb + nd)
        ar_shape[nb + d] = slice_sizes[d]
        B = ivy.backend_of(x._data)
        rng = ivy.reshape(B.asarray(np.arange(slice_sizes[d], dtype=np.int64)), tuple(ar_shape))
        if d in dn.start_index_map:
            k = list(dn.start_index_map).index(d)
            s = ivy.reshape(ivy.get_item(idx_d, (Ellipsis, k)), tuple(bshape) + (1,) * nd)
            hi = x.shape[d] - slice_sizes[d]
            ok = ivy.logical_and(ivy.greater_equal(s, 0), ivy.less_equal(s, hi))
            valid = ok if valid is None else ivy.logical_and(valid, ok)
            s = ivy.clip(s, 0, _max(hi, 0))
            keys.append(ivy.add(s, rng))
        else:
            keys.append(rng)
    shp = tuple(bshape) + slice_sizes
    keys = [ivy.broadcast_to(k_, shp) for k_ in keys]
    if x.size == 0:
        not_implemented("jax.lax.gather from an empty operand")
    r = ivy.get_item(x._data, tuple(keys)) if nd else x._data
    if m == "fill" and valid is not None:
        fv = fill_value if fill_value is not None else _gather_fill(name_of(x._data))
        r = ivy.where(ivy.broadcast_to(valid, shp), r, ivy.full_like(r, fv))
    # drop collapsed dims, then place offset dims
    keep = [d for d in _range(nd) if d not in dn.collapsed_slice_dims]
    r = ivy.reshape(r, tuple(bshape) + tuple(slice_sizes[d] for d in keep))
    out_rank = nb + len(keep)
    perm = [0] * out_rank
    offs = list(dn.offset_dims)
    bi, oi = 0, 0
    for pos in _range(out_rank):
        if pos in offs:
            perm[pos] = nb + oi
            oi += 1
        else:
            perm[pos] = bi
            bi += 1
    return wrap(ivy.permute_dims(r, tuple(perm)), x._weak)


def _scatter(operand, scatter_indices, updates, dn, reduction, mode):
    if not isinstance(dn, ScatterDimensionNumbers):
        dn = ScatterDimensionNumbers(*dn)
    x, idx, u = asarray(operand), asarray(scatter_indices), asarray(updates)
    if tuple(dn.operand_batching_dims) or tuple(dn.scatter_indices_batching_dims):
        idx = _with_batch_indices(idx, dn.scatter_indices_batching_dims)
        ob = tuple(dn.operand_batching_dims)
        dn = ScatterDimensionNumbers(dn.update_window_dims,
                                     tuple(dn.inserted_window_dims) + ob,
                                     tuple(dn.scatter_dims_to_operand_dims) + ob)
    name = name_of(x._data)
    u = u.astype(name)
    nd = x.ndim
    uwd = list(dn.update_window_dims)
    scat_dims = [i for i in _range(u.ndim) if i not in uwd]
    # updates as (scatter dims..., window dims...)
    up = _F.transpose(u, scat_dims + uwd)
    sshape = up.shape[:len(scat_dims)]
    wshape = up.shape[len(scat_dims):]
    win_op_dims = [d for d in _range(nd) if d not in dn.inserted_window_dims]
    if idx.shape[:-1] != sshape:
        raise TypeError("lax.scatter: indices and updates scatter dims differ")
    B = ivy.backend_of(x._data)
    idx_d = ivy.astype(idx._data, "int64")
    ns, nw = len(sshape), len(wshape)
    lin = None
    valid = None
    strides = np.cumprod((1,) + x.shape[::-1])[:-1][::-1]
    for d in _range(nd):
        full = [1] * (ns + nw)
        term = None
        size_here = 1
        if d in win_op_dims:
            w = win_op_dims.index(d)
            full[ns + w] = wshape[w]
            size_here = wshape[w]
            term = ivy.reshape(B.asarray(np.arange(wshape[w], dtype=np.int64)), tuple(full))
        if d in dn.scatter_dims_to_operand_dims:
            k = list(dn.scatter_dims_to_operand_dims).index(d)
            s = ivy.reshape(ivy.get_item(idx_d, (Ellipsis, k)), tuple(sshape) + (1,) * nw)
            hi = x.shape[d] - size_here
            ok = ivy.logical_and(ivy.greater_equal(s, 0), ivy.less_equal(s, hi))
            valid = ok if valid is None else ivy.logical_and(valid, ok)
            if mode == "clip":
                s = ivy.clip(s, 0, _max(hi, 0))
            term = s if term is None else ivy.add(s, term)
        if term is None:
            continue
        t = ivy.multiply(term, builtins.int(strides[d]))
        lin = t if lin is None else ivy.add(lin, t)
    n = x.size
    shp = tuple(up.shape)
    lin = ivy.broadcast_to(lin if lin is not None else B.asarray(0), shp)
    if mode != "clip" and valid is not None:
        lin = ivy.where(ivy.broadcast_to(valid, shp), lin, ivy.full_like(lin, n))
    pos = ivy.reshape(lin, (-1, 1))
    vals = ivy.reshape(up._data, (-1,))
    # one spare element after the operand takes the dropped (out-of-bounds) updates; native
    # slicing (``r[:n]``) is not an Ivy call and would not be traced: ivy.get_item
    base = ivy.concat([ivy.reshape(x._data, (n,)), B.asarray(np.zeros(1), dtype=name)], axis=0)
    if reduction == "mul":
        fp = ivy.to_numpy(pos).ravel()
        fp = fp[fp < n]
        if len(np.unique(fp)) != len(fp):
            not_implemented("jax.lax.scatter_mul with repeated indices")
        cur = ivy.take(base, ivy.reshape(pos, (-1,)), axis=0)
        vals = ivy.multiply(cur, vals)
        reduction = "replace"
    if KIND[name] == "c" and reduction in ("max", "min"):
        # lexicographic (as lax.max): the extreme real part per element, then the extreme
        # imaginary part among the updates (and the operand's value) that have it
        far = -math.inf if reduction == "max" else math.inf
        re = ivy.scatter_nd(pos, ivy.real(vals), (n + 1,), reduction=reduction,
                            out=ivy.real(base))
        hit = ivy.equal(ivy.real(vals), ivy.take(re, ivy.reshape(pos, (-1,)), axis=0))
        im_v = ivy.where(hit, ivy.imag(vals), ivy.full_like(ivy.real(vals), far))
        im_b = ivy.where(ivy.equal(ivy.real(base), re), ivy.imag(base),
                         ivy.full_like(re, far))
        im = ivy.scatter_nd(pos, im_v, (n + 1,), reduction=reduction, out=im_b)
        r = _complex_of(re, im, name)
    elif name == "bool" and reduction in ("sum", "max", "min"):  # as 0/1 (no bool kernels in TF)
        vals = ivy.astype(vals, "int8")
        base = ivy.astype(base, "int8")
        r = ivy.astype(ivy.scatter_nd(pos, vals, (n + 1,), reduction=reduction, out=base),
                       "bool")
    else:
        r = ivy.scatter_nd(pos, vals, (n + 1,), reduction=reduction, out=base)
    return wrap(ivy.reshape(ivy.get_item(r, builtins.slice(0, n)), x.shape), x._weak)


def _scatter_fn(red):
    def f(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
          unique_indices=False, mode=None):
        m = str(mode.value if hasattr(mode, "value") else mode).lower() if mode is not None \
            else "fill"
        m = "clip" if "clip" in m else "fill"
        return _scatter(operand, scatter_indices, updates, dimension_numbers, red, m)
    return f


scatter = _scatter_fn("replace")
scatter_add = _scatter_fn("sum")
scatter_max = _scatter_fn("max")
scatter_min = _scatter_fn("min")
scatter_mul = _scatter_fn("mul")


def scatter_sub(operand, scatter_indices, updates, dimension_numbers, **kw):
    return scatter_add(operand, scatter_indices, _F.negative(updates), dimension_numbers, **kw)


def stop_gradient(x):
    return tree_util.tree_map(lambda a: wrap(ivy.stop_gradient(asarray(a)._data),
                                             asarray(a)._weak), x)


def iota(dtype, size, dimension=0, sharding=None):
    return _F.arange(size, dtype=dtype)


def broadcasted_iota(dtype, shape, dimension, sharding=None):
    shape = tuple(shape)
    r = _F.arange(shape[dimension], dtype=dtype)
    return broadcast_in_dim(r, shape, (dimension,))


def full(shape, fill_value, dtype=None, *, sharding=None):
    return _F.full(shape, fill_value, dtype)


def full_like(x, fill_value, dtype=None, shape=None, sharding=None):
    return _F.full_like(x, fill_value, dtype, shape)


def zeros_like_array(x):
    return _F.zeros_like(x)


def sort(operand, dimension=-1, is_stable=True, num_keys=1):
    if isinstance(operand, (tuple, list)):
        keys = operand[0]
        order = _F.argsort(keys, axis=dimension)
        return tuple(_F.take_along_axis(o, order, dimension) for o in operand)
    return _F.sort(operand, axis=dimension)


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    return sort((keys, values), dimension)


def top_k(operand, k):
    x = asarray(operand)
    idx = _F.argsort(-x if KIND[name_of(x._data)] != "b" else ~x, axis=-1)[..., :k]
    return _F.take_along_axis(x, idx, -1), idx


def tie_in(x, y):
    return y


# ------------------------------------------------------------------------------ control flow
# -- control flow: ivy.cond / ivy.while_loop / ivy.scan, so a traced program keeps its loops ----
def _flat(tree, what):
    """``(frontend leaves, treedef)`` of a pytree whose leaves become frontend Arrays."""
    leaves, treedef = tree_util.tree_flatten(tree)
    return [asarray(v) for v in leaves], treedef


def _unflat(treedef, natives, weak):
    return tree_util.tree_unflatten(treedef, [wrap(n, w) for n, w in zip(natives, weak,
                                                                         strict=True)])


def _natives(tree, treedef, what, like=None):
    """The native leaves of ``tree`` (a callable's result), checked against ``treedef`` and the
    dtypes of ``like`` as JAX checks them; also the leaves' weak flags."""
    leaves, got = _flat(tree, what)
    if treedef is not None and got != treedef:
        raise TypeError(f"{what} must have the same type structure as its input: "
                        f"expected {treedef}, got {got}")
    if like is not None:
        for a, b in zip(like, leaves, strict=True):
            if a.dtype != b.dtype:
                if a._weak or b._weak:  # JAX lets a weak type settle on the other's dtype
                    continue
                raise TypeError(f"{what} output and input must have identical types: "
                                f"{a.dtype} vs {b.dtype}")
    return tuple(x._data for x in leaves), [x._weak for x in leaves], got


def cond(pred, true_fun, false_fun, *operands, operand=None):
    if operand is not None:
        operands = (operand,)
    p = asarray(pred)
    if p.ndim:
        raise TypeError("Pred must be a scalar, got array of shape " + str(p.shape))
    leaves, treedef = _flat(operands, "cond operands")
    weak = [x._weak for x in leaves]
    state: dict = {}

    def branch(fn):
        def run(*ns):
            out, w, od = _natives(fn(*_unflat(treedef, ns, weak)), None, "cond branch")
            state.setdefault("def", od)
            state["weak"] = w
            return out
        return run

    out = ivy.cond(ivy.astype(p._data, "bool"), branch(true_fun), branch(false_fun),
                   *[x._data for x in leaves])
    if not isinstance(out, tuple):
        out = (out,)
    return _unflat(state["def"], out, state["weak"])


def switch(index, branches, *operands, operand=None):
    if operand is not None:
        operands = (operand,)
    i = builtins.int(asarray(index))
    i = _min(_max(i, 0), len(branches) - 1)  # JAX clamps the index
    return branches[i](*operands)


def _arrays(tree):
    return tree_util.tree_map(asarray, tree)


def while_loop(cond_fun, body_fun, init_val):
    leaves, treedef = _flat(init_val, "while_loop init_val")
    weak = [x._weak for x in leaves]

    def c(ns):
        return asarray(cond_fun(_unflat(treedef, ns, weak)))._data

    def b(ns):
        out, _, _ = _natives(body_fun(_unflat(treedef, ns, weak)), treedef,
                             "body_fun output", like=leaves)
        return out

    out = ivy.while_loop(c, b, tuple(x._data for x in leaves))
    return _unflat(treedef, out, weak)


def fori_loop(lower, upper, body_fun, init_val, *, unroll=None):
    lo, hi = asarray(lower, dtype="int32"), asarray(upper, dtype="int32")
    leaves, treedef = _flat(init_val, "fori_loop init_val")
    weak = [x._weak for x in leaves]

    def c(ns):  # ivy calls, not native operators: a trace must record them
        return ivy.less(ns[0], hi._data)

    def b(ns):
        val = _unflat(treedef, ns[1:], weak)
        out, _, _ = _natives(body_fun(wrap(ns[0]), val), treedef, "body_fun output",
                             like=leaves)
        return (ivy.add(ns[0], ivy.astype(ivy.ones_like(ns[0]), "int32")), *out)

    out = ivy.while_loop(c, b, (lo._data, *[x._data for x in leaves]))
    return _unflat(treedef, out[1:], weak)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1, _split_transpose=False):
    x_leaves, x_def = _flat(xs, "scan xs")
    if length is None:
        if not x_leaves:
            raise ValueError("scan got no values to scan over and `length` not provided.")
        length = x_leaves[0].shape[0]
    lengths = {x.shape[0] for x in x_leaves}
    if x_leaves and lengths != {length}:
        raise ValueError("scan got `length` argument of ... which disagrees with leading axis "
                         "sizes")
    c_leaves, c_def = _flat(init, "scan init")
    c_weak = [x._weak for x in c_leaves]
    x_weak = [x._weak for x in x_leaves]
    ys_info: dict = {}

    def step(carry, x):
        c = _unflat(c_def, carry, c_weak)
        xv = (tree_util.tree_unflatten(x_def, [wrap(n, w) for n, w in zip(x, x_weak,
                                                                            strict=True)])
              if x_leaves else (None if xs is None else tree_util.tree_unflatten(x_def, [])))
        new_c, y = f(c, xv)
        nc, _, _ = _natives(new_c, c_def, "scan carry output", like=c_leaves)
        ys, yw, ydef = _natives(y, None, "scan ys")
        ys_info["def"], ys_info["weak"] = ydef, yw
        return nc, ys

    if builtins.int(length) == 0:
        not_implemented("jax.lax.scan of length 0")
    carry, ys = ivy.scan(step, tuple(x._data for x in c_leaves),
                         tuple(x._data for x in x_leaves), length=builtins.int(length),
                         reverse=builtins.bool(reverse))
    return _unflat(c_def, carry, c_weak), _unflat(ys_info["def"], ys, ys_info["weak"])


def map(f, xs, *, batch_size=None):  # noqa: A001
    _, ys = scan(lambda c, x: (c, f(x)), None, xs)
    return ys


def associative_scan(fn, elems, reverse=False, axis=0):
    leaves, treedef = tree_util.tree_flatten(elems)
    leaves = [_F.moveaxis(asarray(x), axis, 0) for x in leaves]
    n = leaves[0].shape[0]
    order = list(_range(n))[::-1] if reverse else list(_range(n))
    acc, outs = None, [None] * n
    for i in order:
        cur = tree_util.tree_unflatten(treedef, [x[i] for x in leaves])
        acc = cur if acc is None else (fn(acc, cur) if not reverse else fn(cur, acc))
        outs[i] = acc
    out_leaves = [tree_util.tree_flatten(o)[0] for o in outs]
    return tree_util.tree_unflatten(treedef, [
        _F.moveaxis(_F.stack([ol[j] for ol in out_leaves]), 0, axis)
        for j in _range(len(leaves))])


def optimization_barrier(operand):
    return operand


# ------------------------------------------------------------------ special functions
# Ivy's special functions (SciPy/torch/XLA per backend) with XLA's edge values applied by
# ``ivy.where`` where the backends disagree (see _xla_edges); real floating operands only.
def _sp(fn, name):
    def f(x):
        a = asarray(x)
        if KIND[name_of(a._data)] != "f":
            raise TypeError(f"{name} does not accept dtype {name_of(a._data)}. Accepted "
                            f"dtypes are subtypes of floating.")
        return wrap(fn(a._data), a._weak)
    f.__name__ = name
    return f


def _spn(fn, name):
    def f(*xs):
        ds, dt, weak = _same(*xs, name=name)
        if KIND[dt] != "f":
            raise TypeError(f"{name} does not accept dtype {dt}. Accepted dtypes are "
                            f"subtypes of floating.")
        ds = ivy.broadcast_arrays(*ds) if builtins.any(len(d.shape) for d in ds) else ds
        return wrap(fn(*ds), weak)
    f.__name__ = name
    return f


def _nan_where(c, r):
    return ivy.where(c, ivy.full_like(r, float("nan")), r)


def _is_int(v):
    return ivy.equal(ivy.floor(v), v)


def _digamma(v):
    """XLA: NaN at zero and the negative integers (SciPy: -inf at +0)."""
    return _nan_where(ivy.logical_and(ivy.less_equal(v, 0), _is_int(v)), ivy.digamma(v))


def _igamma(a, x, upper):
    """XLA's rules (jax._src.lax.special.igamma_impl/igammac_impl): NaN for a NaN operand,
    x < 0, a < 0 or a == x == 0; P(x == 0) = 0, P(x == inf) = 1, Q(x == inf or a == 0) = 0;
    XLA's series gives NaN for an infinite a (and P for a == 0 < x)."""
    r = ivy.igammac(a, x) if upper else ivy.igamma(a, x)
    finite_x = ivy.isfinite(x)
    # a == inf: the series underflows to P = 0 for x < 1, NaN from x >= 1
    ainf = ivy.logical_and(ivy.isinf(a), finite_x)
    r = ivy.where(ainf, ivy.where(ivy.less(x, 1), ivy.full_like(r, 1.0 if upper else 0.0),
                                  ivy.full_like(r, float("nan"))), r)
    zero = ivy.zeros_like(r)
    a0 = ivy.equal(a, 0)
    xinf = ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0))
    if upper:
        r = ivy.where(ivy.logical_or(xinf, a0), zero, r)
    else:  # a == 0 < x: NaN from the series (x < 1), 1 from the continued fraction
        r = ivy.where(ivy.logical_and(a0, ivy.logical_and(ivy.greater(x, 0), finite_x)),
                      ivy.where(ivy.less(x, 1), ivy.full_like(r, float("nan")),
                                ivy.ones_like(r)), r)
        r = ivy.where(ivy.equal(x, 0), zero, r)
        r = ivy.where(xinf, ivy.ones_like(r), r)
    dom = ivy.logical_or(ivy.logical_or(ivy.less(x, 0), ivy.less(a, 0)),
                         ivy.logical_and(a0, ivy.equal(x, 0)))
    dom = ivy.logical_or(dom, ivy.logical_or(ivy.isnan(a), ivy.isnan(x)))
    return _nan_where(dom, r)


def _zeta(x, q):
    """XLA's (Cephes') rules: inf at x == 1, NaN below; q <= 0 needs an integer x (an integer q:
    inf for even x, NaN otherwise); NaN for x == inf with q <= 1 or q > 1e8 (XLA's asymptotic
    branch) and for q == inf."""
    r = ivy.zeta(x, q)
    qle0 = ivy.less_equal(q, 0)
    xint = _is_int(x)
    even = ivy.logical_and(xint, ivy.equal(ivy.remainder(x, 2.0), 0))
    r = _nan_where(ivy.logical_and(qle0, ivy.logical_not(xint)), r)
    r = _nan_where(ivy.logical_and(ivy.isinf(x), ivy.logical_or(ivy.less_equal(q, 1),
                                                                 ivy.greater(q, 1e8))), r)
    r = _nan_where(ivy.logical_or(ivy.isinf(q), ivy.less(x, 1)), r)
    # XLA's order: x == 1 first, then an integer q <= 0, then x < 1
    r = ivy.where(ivy.logical_and(qle0, _is_int(q)),
                  ivy.where(even, ivy.full_like(r, float("inf")), ivy.full_like(r, float("nan"))),
                  r)
    r = ivy.where(ivy.equal(x, 1), ivy.full_like(r, float("inf")), r)
    return _nan_where(ivy.logical_or(ivy.isnan(x), ivy.isnan(q)), r)


def _polygamma(m, x):
    """XLA's polygamma: digamma for m == 0, ``(-1)**(m+1) * m! * zeta(m + 1, x)`` otherwise;
    NaN unless m is a finite non-negative integer, NaN at x == inf for m > 0."""
    fact = ivy.exp(ivy.lgamma(ivy.add(m, 1.0)))
    sign = ivy.where(ivy.equal(ivy.remainder(m, 2.0), 0), ivy.full_like(m, -1.0),
                     ivy.ones_like(m))
    r = ivy.multiply(ivy.multiply(sign, fact), _zeta(ivy.add(m, 1.0), x))
    r = _nan_where(ivy.isinf(x), r)
    r = ivy.where(ivy.equal(m, 0), _digamma(x), r)
    bad = ivy.logical_or(ivy.logical_not(_is_int(m)), ivy.less(m, 0))
    return _nan_where(ivy.logical_or(bad, ivy.isinf(m)), r)


erf = _sp(ivy.erf, "erf")
erfc = _sp(ivy.erfc, "erfc")
erf_inv = _sp(ivy.erfinv, "erf_inv")
lgamma = _sp(ivy.lgamma, "lgamma")
digamma = _sp(_digamma, "digamma")
bessel_i0e = _sp(ivy.i0e, "bessel_i0e")
bessel_i1e = _sp(ivy.i1e, "bessel_i1e")
igamma = _spn(lambda a, x: _igamma(a, x, False), "igamma")
igammac = _spn(lambda a, x: _igamma(a, x, True), "igammac")
zeta = _spn(_zeta, "zeta")
polygamma = _spn(_polygamma, "polygamma")
betainc = _spn(ivy.betainc, "betainc")


def psum(*a, **k):
    not_implemented("jax.lax.psum", "collectives are out of scope")


# ------------------------------------------------------------------ more primitives and helpers
DotDimensionNumbers = tuple  # JAX: a type alias of ((lhs_contract, rhs_contract), (lhs_b, rhs_b))
# JAX: an annotation-only alias (None, ConvDimensionNumbers or three layout strings)
ConvGeneralDilatedDimensionNumbers = typing.Union[None, ConvDimensionNumbers, tuple[str, str, str]]


def _ints(x, name):
    a = asarray(x)
    n = name_of(a._data)
    if KIND[n] not in "iu":
        raise TypeError(f"lax.{name} does not accept dtype {n}")
    return a, n, int(np.dtype(n).itemsize * 8)


def _unsigned64(d, n, bits):
    """The bits of an integer array as non-negative int64 values (two's complement view)."""
    d64 = ivy.astype(d, "int64")
    if KIND[n] == "i":
        d64 = ivy.where(ivy.less(d64, 0), ivy.add(d64, 1 << bits), d64)
    return d64


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


def reduce_xor(operand, axes):
    x = asarray(operand)
    n = name_of(x._data)
    axes = tuple(a % _max(x.ndim, 1) for a in axes)
    if not axes:
        return x
    xm = _F.moveaxis(x, axes, tuple(_range(-len(axes), 0)))
    flat = _F.reshape(xm, xm.shape[:xm.ndim - len(axes)] + (-1,))
    acc = _F.zeros(flat.shape[:-1], n)
    for i in _range(flat.shape[-1]):
        acc = bitwise_xor(acc, flat[..., i])
    return acc


def broadcast_shapes(*shapes):
    return tuple(int(s) for s in np.broadcast_shapes(*[tuple(s) for s in shapes]))


def broadcast_to_rank(x, rank):
    a = asarray(x)
    if a.ndim >= rank:
        return a
    return _F.reshape(a, (1,) * (rank - a.ndim) + a.shape)


def broadcast_like(arr, like_arr):
    return _F.broadcast_to(arr, asarray(like_arr).shape)


def collapse(operand, start_dimension, stop_dimension=None):
    a = asarray(operand)
    stop = a.ndim if stop_dimension is None else stop_dimension
    start = start_dimension % _max(a.ndim, 1) if start_dimension < 0 else start_dimension
    stop = stop % _max(a.ndim, 1) if stop < 0 else stop
    size = int(np.prod(a.shape[start:stop]))
    return _F.reshape(a, a.shape[:start] + (size,) + a.shape[stop:])


def dtype(x):
    return asarray(x).dtype


def empty(shape, dtype, *, out_sharding=None):  # noqa: A002
    return _F.zeros(shape, dtype)


def split(operand, sizes, axis=0):
    a = asarray(operand)
    axis = axis % a.ndim
    if _builtin_sum(sizes) != a.shape[axis]:
        raise ValueError(f"Sum of sizes {_builtin_sum(sizes)} must be equal to dimension "
                         f"{a.shape[axis]} of the operand shape {a.shape}")
    out, start = [], 0
    for s in sizes:
        s = builtins.int(s)  # jaxpr params may hold NumPy integers
        out.append(slice_in_dim(a, start, start + s, 1, axis))
        start += s
    return out


_builtin_sum = builtins.sum


def stack(operands, axis=0):
    ops = [asarray(o) for o in operands]
    _same(*ops, name="stack")
    return _F.stack(ops, axis=axis)


def unstack(x, axis=0):
    return tuple(_F.unstack(x, axis=axis))


def tile(operand, reps):
    a = asarray(operand)
    if len(reps) != a.ndim:
        raise TypeError(f"reps length must be equal to the ndim of x, got len(reps)={len(reps)} "
                        f"and x.ndim={a.ndim}.")
    return _F.tile(a, tuple(reps))


def index_take(src, idxs, axes):
    a = asarray(src)
    ind = _F.concatenate([_F.expand_dims(asarray(i), 1) for i in idxs], 1)
    ind = ind % asarray(np.array([a.shape[ax] for ax in axes], np.int32))
    sizes = list(a.shape)
    for ax in axes:
        sizes[ax] = 1
    dn = GatherDimensionNumbers(offset_dims=tuple(_range(1, a.ndim - ind.shape[1] + 1)),
                                collapsed_slice_dims=tuple(axes), start_index_map=tuple(axes))
    return gather(a, ind, dn, tuple(sizes))


def _approx_k(operand, k, reduction_dimension, largest):
    x = asarray(operand)
    ax = reduction_dimension % x.ndim
    xm = _F.moveaxis(x, ax, -1)
    v, i = top_k(xm if largest else _F.negative(xm) if x.dtype.kind != "u" else ~xm, k)
    if not largest:
        v = _F.take_along_axis(xm, i, -1)
    return _F.moveaxis(v, -1, ax), _F.moveaxis(i, -1, ax)


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """Exact top-k (what JAX computes on CPU); recall_target is irrelevant for exact results."""
    return _approx_k(operand, k, reduction_dimension, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    return _approx_k(operand, k, reduction_dimension, False)


def fft(x, fft_type, fft_lengths):
    from .numpy import fft as jfft

    t = getattr(fft_type, "name", fft_type)
    t = str(t).upper().replace("FFTTYPE.", "")
    lengths = tuple(fft_lengths)
    axes = tuple(_range(-len(lengths), 0))
    a = asarray(x)
    if t == "FFT":
        return jfft.fftn(a, s=lengths, axes=axes)
    if t == "IFFT":
        return jfft.ifftn(a, s=lengths, axes=axes)
    if t == "RFFT":
        return jfft.rfftn(a, s=lengths, axes=axes)
    if t == "IRFFT":
        return jfft.irfftn(a, s=lengths, axes=axes)
    raise ValueError(f"Unknown FFT type {fft_type}")


def _stride_dim(d, w, s):
    return _max(0, (d - w) // s + 1)


def _dilate_shape(shape, dil):
    return tuple(0 if d == 0 else 1 + r * (d - 1) for d, r in zip(shape, dil, strict=True))


def reduce_window_shape_tuple(operand_shape, window_dimensions, window_strides, padding,
                              base_dilation=None, window_dilation=None):
    if base_dilation is not None:
        operand_shape = _dilate_shape(operand_shape, base_dilation)
    if window_dilation is not None:
        window_dimensions = _dilate_shape(window_dimensions, window_dilation)
    padded = tuple(d + lo + hi for d, (lo, hi) in zip(operand_shape, padding, strict=True))
    return tuple(_stride_dim(d, w, s) for d, w, s in zip(padded, window_dimensions,
                                                          window_strides, strict=True))


def conv_shape_tuple(lhs_shape, rhs_shape, strides, pads, batch_group_count=1):
    if isinstance(pads, str):
        pads = padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise TypeError(f"Wrong number of explicit pads for convolution: expected "
                        f"{len(lhs_shape) - 2}, got {len(pads)}.")
    padded = [d + lo + hi for d, (lo, hi) in zip(lhs_shape[2:], pads, strict=True)]
    if _builtin_any(p < 0 for p in padded):
        raise ValueError("Negative padding is larger than the size of the corresponding "
                         f"dimension: got padding={pads} for lhs_shape[2:]={lhs_shape[2:]}")
    space = tuple(_stride_dim(d, k, s) for d, k, s in zip(padded, rhs_shape[2:], strides, strict=True))
    n = lhs_shape[0] // batch_group_count if batch_group_count > 1 else lhs_shape[0]
    return (int(n), int(rhs_shape[0])) + space


_builtin_any = builtins.any


def conv_general_permutations(dimension_numbers):
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    pairs = (("N", "C"), ("O", "I"), ("N", "C"))
    for i, (a, b) in enumerate(pairs):
        if not dimension_numbers[i].count(a) == dimension_numbers[i].count(b) == 1:
            raise TypeError(f"convolution dimension_numbers[{i}] must contain the characters "
                            f"'{a}' and '{b}' exactly once, got {dimension_numbers[i]}.")
        if len(dimension_numbers[i]) != len(set(dimension_numbers[i])):
            raise TypeError(f"convolution dimension_numbers[{i}] cannot have duplicate "
                            f"characters, got {dimension_numbers[i]}.")
    if not (set(lhs_spec) - set("NC") == set(rhs_spec) - set("OI") == set(out_spec) - set("NC")):
        raise TypeError("convolution dimension_numbers elements must each have the same set of "
                        f"spatial characters, got {dimension_numbers}.")

    def perm(spec, pair):
        sp = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs_spec:
            sp = sorted(sp, key=lambda i: rhs_spec.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1])) + tuple(sp)
    return tuple(perm(s, p) for s, p in zip(dimension_numbers, pairs, strict=True))


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    lp, rp, op = conv_general_permutations(dimension_numbers)
    out = conv_shape_tuple(tuple(np.take(lhs_shape, lp)), tuple(np.take(rhs_shape, rp)),
                           window_strides, padding)
    return tuple(int(v) for v in np.take(out, np.argsort(op)))


def _conv_transpose_padding(k, s, padding):
    if padding == "SAME":
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else int(np.ceil(pad_len / 2))
    elif padding == "VALID":
        pad_len = k + s - 2 + _max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a, pad_len = pads[0], _builtin_sum(pads)
    else:
        raise ValueError(f"Invalid padding mode: {padding}")
    return pad_a, pad_len - pad_a


def conv_transpose_shape_tuple(lhs_shape, rhs_shape, window_strides, padding,
                               dimension_numbers):
    lp, rp, op = conv_general_permutations(dimension_numbers)
    lt, rt = np.take(lhs_shape, lp), np.take(rhs_shape, rp)
    if isinstance(padding, str):
        padding = [_conv_transpose_padding(int(k), s, padding)
                   for k, s in zip(rt[2:], window_strides, strict=True)]
    padding = [int(np.sum(p)) for p in padding]
    space = [(int(i) - 1) * s - int(k) + 2 + p
             for i, k, s, p in zip(lt[2:], rt[2:], window_strides, padding, strict=True)]
    out = (int(lt[0]), int(rt[0])) + tuple(space)
    return tuple(int(v) for v in np.take(out, np.argsort(op)))


def conv_transpose(lhs, rhs, strides, padding, rhs_dilation=None, dimension_numbers=None,
                   transpose_kernel=False, precision=None, preferred_element_type=None,
                   use_consistent_padding=False):
    x, w = asarray(lhs), asarray(rhs)
    nd = x.ndim
    if dimension_numbers is None:
        dimension_numbers = {2: ("NC", "IO", "NC"), 3: ("NHC", "HIO", "NHC"),
                             4: ("NHWC", "HWIO", "NHWC"), 5: ("NHWDC", "HWDIO", "NHWDC")}.get(nd)
        if dimension_numbers is None:
            raise ValueError("No 4+ dimensional dimension_number defaults.")
    dn = conv_dimension_numbers(x.shape, w.shape, dimension_numbers)
    k_sdims = [w.shape[i] for i in dn.rhs_spec[2:]]
    rhs_dilation = (1,) * (nd - 2) if rhs_dilation is None else tuple(rhs_dilation)
    if use_consistent_padding or (isinstance(padding, str) and padding in ("SAME", "VALID")):
        eff = [0 if k == 0 else 1 + r * (k - 1) for k, r in zip(k_sdims, rhs_dilation, strict=True)]
        rep = [padding] * len(strides) if isinstance(padding, str) else padding
        pads = [_conv_transpose_padding(k, s, p) for k, s, p in zip(eff, strides, rep, strict=True)]
    else:
        pads = padding
    if transpose_kernel:
        w = _F.flip(w, tuple(dn.rhs_spec[2:]))
        w = _F.swapaxes(w, dn.rhs_spec[0], dn.rhs_spec[1])
    return conv_general_dilated(x, w, (1,) * (nd - 2), pads, tuple(strides), rhs_dilation, dn,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_general_dilated_patches(lhs, filter_shape, window_strides, padding, lhs_dilation=None,
                                 rhs_dilation=None, dimension_numbers=None, precision=None,
                                 preferred_element_type=None):
    x = asarray(lhs)
    filter_shape = tuple(filter_shape)
    dn = conv_dimension_numbers(x.shape, (1, 1) + filter_shape, dimension_numbers)
    size = int(np.prod(filter_shape))
    c = x.shape[dn.lhs_spec[1]]
    eye = _F.eye(size, dtype=x.dtype)
    rhs = _F.reshape(_F.broadcast_to(eye, (c, size, size)), (c * size, 1) + filter_shape)
    rhs = _F.moveaxis(rhs, (0, 1), (dn.rhs_spec[0], dn.rhs_spec[1]))
    return conv_general_dilated(x, rhs, window_strides, padding, lhs_dilation, rhs_dilation, dn,
                                feature_group_count=c,
                                preferred_element_type=preferred_element_type)


def scatter_apply(operand, scatter_indices, func, dimension_numbers, *, update_shape=(),
                  indices_are_sorted=False, unique_indices=False, mode=None):
    """func applied once to every element the scatter addresses (repeated indices: JAX applies
    func once per update; that case raises NotImplementedError here)."""
    x = asarray(operand)
    ones = _F.ones(update_shape, "int32")
    cnt = scatter_add(_F.zeros(x.shape, "int32"), scatter_indices, ones, dimension_numbers,
                      mode=mode)
    if bool(_F.any(cnt > 1)):
        not_implemented("jax.lax.scatter_apply with repeated indices")
    return _F.where(cnt > 0, func(x), x)


def conv_general_dilated_local(lhs, rhs, window_strides, padding, filter_shape,
                               lhs_dilation=None, rhs_dilation=None, dimension_numbers=None,
                               precision=None):
    """Unshared (locally connected) convolution, as JAX: patches, then a batched dot_general."""
    x = asarray(lhs)
    patches = conv_general_dilated_patches(x, filter_shape, window_strides, padding,
                                           lhs_dilation, rhs_dilation, dimension_numbers)
    _, rhs_spec, out_spec = conv_dimension_numbers(x.shape, (1, 1) + tuple(filter_shape),
                                                   dimension_numbers)
    lhs_b = list(out_spec[2:])
    rhs_b = list(rhs_spec[2:])
    rhs_b = [rhs_b[i] for i in sorted(_range(len(rhs_b)), key=lambda k: lhs_b[k])]
    lhs_b = sorted(lhs_b)
    dn = (([out_spec[1]], [rhs_spec[1]]), (lhs_b, rhs_b))
    out = dot_general(patches, rhs, dn)
    return _F.moveaxis(out, (-2, -1), (out_spec[0], out_spec[1]))


# -- lax.linalg -----------------------------------------------------------------------------------
# The decompositions and solves of ``jax.lax.linalg`` composed from Ivy's linear algebra. The
# results follow JAX's conventions (LAPACK's on CPU); what a decomposition leaves open (the signs
# of eigen/singular vectors, a basis of a repeated eigenvalue's space, the order of ``eig``'s
# eigenvalues) is not reproducible across frameworks: the transpiler compares those up to that
# freedom and refuses a program whose result depends on it.
def _d(x):
    return asarray(x)._data


def _mT(x):
    return ivy.matrix_transpose(x)


def _mH(x):
    return ivy.conj(_mT(x)) if KIND[name_of(x)] == "c" else _mT(x)


def _hermitian_from(x, lower):
    """The Hermitian matrix LAPACK sees given one triangle of ``x`` (the other is ignored, and
    only the real part of the diagonal is read)."""
    strict = ivy.tril(x, k=-1) if lower else ivy.triu(x, k=1)
    dg = ivy.multiply(x, _eye_like(x))
    if KIND[name_of(x)] == "c":
        dg = ivy.astype(ivy.real(dg), name_of(x))
    return ivy.add(ivy.add(strict, _mH(strict)), dg)


def _eye_like(x, n=None, m=None):
    n = x.shape[-2] if n is None else n
    m = x.shape[-1] if m is None else m
    return ivy.eye(n, m, dtype=name_of(x))


def _linalg_cholesky(x, *, symmetrize_input=True, keep_upper=False):
    """The lower Cholesky factor from the lower triangle of ``x``; ``keep_upper``: the strict
    upper triangle of ``x`` left in place, as the ``cholesky`` primitive (LAPACK's potrf) does."""
    a = _d(x)
    if a.shape[-1] == 0:  # nothing to factor (the positive-definiteness test has no minimum)
        return wrap(a)
    if symmetrize_input:
        a = ivy.divide(ivy.add(a, _mH(a)), 2)
    h = _hermitian_from(a, True)
    # JAX (LAPACK's potrf) gives NaN for a matrix that is not positive definite where the Ivy
    # backends raise: factor the identity there instead and put NaN in its place
    pd = ivy.expand_dims(ivy.greater(ivy.min(ivy.linalg.eigvalsh(h), axis=-1), 0), axis=(-2, -1))
    eye = ivy.broadcast_to(_eye_like(h), tuple(h.shape))
    low = ivy.tril(ivy.linalg.cholesky(ivy.stop_gradient(ivy.where(pd, h, eye))))
    low = ivy.where(pd, low, ivy.full_like(low, float("nan")))
    # JAX's derivative (its JVP: dL = L phi(L^-1 dA L^-H), phi: the lower triangle with the
    # diagonal halved, dA the whole tangent, not symmetrised as PyTorch's cholesky backward
    # does) as a term that is zero in value and linear in dA
    d_a = ivy.subtract(a, ivy.stop_gradient(a))
    safe, ok = _solvable(low)
    x = ivy.linalg.solve(safe, d_a)  # L^-1 dA
    y = _nan_unless(ok, _mH(ivy.linalg.solve(safe, _mH(x))))  # L^-1 dA L^-H
    phi = ivy.multiply(ivy.tril(y), ivy.subtract(1.0, ivy.multiply(_eye_like(y), 0.5)))
    low = ivy.add(low, ivy.matmul(low, phi))
    if keep_upper:  # the primitive's strict upper triangle: the input's, with no derivative
        low = ivy.add(low, ivy.stop_gradient(ivy.triu(a, k=1)))
    return wrap(low)


def _linalg_eigh(x, *, lower=True, symmetrize_input=True, sort_eigenvalues=True,
                 subset_by_index=None):
    a = _d(x)
    if symmetrize_input:
        a = ivy.divide(ivy.add(a, _mH(a)), 2)
    w, v = ivy.linalg.eigh(_hermitian_from(a, lower))  # ascending, as LAPACK's syevd
    if subset_by_index is not None:
        lo, hi = (int(i) for i in subset_by_index)
        if (lo, hi) != (0, a.shape[-1]):
            w, v = ivy.get_item(w, np.s_[..., lo:hi]), ivy.get_item(v, np.s_[..., lo:hi])
    return wrap(v), wrap(w)


def _linalg_svd(x, *, full_matrices=True, compute_uv=True, subset_by_index=None):
    """``subset_by_index=(lo, hi)``: the singular values ``lo..hi-1`` (descending) and their
    vectors, as the full SVD sliced (JAX requires ``full_matrices=False`` there)."""
    a = _d(x)
    sub = None
    if subset_by_index is not None:
        k = _min(a.shape[-2], a.shape[-1])
        lo, hi = (int(i) for i in subset_by_index)
        if (lo, hi) != (0, k):
            if full_matrices and compute_uv:
                raise ValueError("full_matrices and subset_by_index cannot both be set")
            sub = np.s_[lo:hi]
    if not compute_uv:
        s = ivy.linalg.svdvals(a)
        return wrap(s if sub is None else ivy.get_item(s, np.s_[..., sub]))
    u, s, vh = ivy.linalg.svd(a, full_matrices=full_matrices)
    if sub is not None:
        u, s = ivy.get_item(u, np.s_[..., :, sub]), ivy.get_item(s, np.s_[..., sub])
        vh = ivy.get_item(vh, np.s_[..., sub, :])
    return wrap(u), wrap(s), wrap(vh)


def _linalg_qr(x, *, pivoting=False, full_matrices=True):
    """``(q, r)``, or ``(q, r, p)`` with ``pivoting``: the QR of ``x[..., p]`` whose columns
    ``p`` are LAPACK's geqp3 pivots (:func:`_householder`); Q and R themselves come from the
    backend's QR of the permuted matrix (LAPACK's Householder signs on every backend, and its
    derivative; the permutation is piecewise constant)."""
    a = _d(x)
    mode = "complete" if full_matrices else "reduced"
    if not pivoting:
        q, r = ivy.linalg.qr(a, mode=mode)
        return wrap(q), wrap(r)
    m, n = a.shape[-2], a.shape[-1]
    if m == 0 or n == 0:  # JAX's lowering: identity Q, zero R, zero pivots
        k = m if full_matrices else _min(m, n)
        batch = tuple(a.shape[:-2])
        return (wrap(ivy.broadcast_to(_eye_like(a, m, k), batch + (m, k))),
                wrap(ivy.zeros(batch + (k, n), dtype=name_of(a))),
                wrap(ivy.zeros(batch + (n,), dtype="int32")))
    _, _, p = _householder(ivy.stop_gradient(a), pivoting=True)
    idx = ivy.broadcast_to(ivy.expand_dims(p, axis=-2), tuple(a.shape))
    q, r = ivy.linalg.qr(ivy.take_along_axis(a, idx, axis=-1), mode=mode)
    return wrap(q), wrap(r), wrap(ivy.astype(p, "int32"))


def _householder(a, pivoting=False):
    """Householder QR as LAPACK's geqrf (``pivoting``: geqp3): ``(packed, taus, perm)``, R on
    and above the diagonal of ``packed`` and the reflectors' vectors below it (unit leading
    entry implied), ``H_j = I - tau_j v_j v_j^H`` with dlarfg's choice ``beta = -sign(re alpha)
    ||x||`` (``tau = 0`` when the column below the diagonal is zero and ``alpha`` real). With
    ``pivoting`` each step first swaps in the remaining column of largest norm over the rows
    not yet reduced (the first such, as idamax; geqp3 downdates these norms, so only columns
    within rounding of a tie can be chosen otherwise). Unrolled over ``min(m, n)`` steps."""
    m, n = a.shape[-2], a.shape[-1]
    batch = tuple(a.shape[:-2])
    dt = name_of(a)
    cplx = KIND[dt] == "c"
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)  # (m, 1)
    cols = ivy.arange(n, dtype="int64")  # (n,)
    perm = ivy.broadcast_to(cols, batch + (n,))
    taus = []

    def sq(v):
        return ivy.add(ivy.square(ivy.real(v)), ivy.square(ivy.imag(v))) if cplx else \
            ivy.square(v)

    for j in _range(_min(m, n)):
        if pivoting:
            norms = ivy.sum(ivy.where(ivy.greater_equal(rows, j), sq(a), ivy.zeros_like(sq(a))),
                            axis=-2)  # (..., n)
            norms = ivy.where(ivy.less(cols, j), ivy.full_like(norms, -1.0), norms)
            p = ivy.astype(ivy.argmax(norms, axis=-1, keepdims=True), "int64")  # (..., 1)
            sw = _swap_index(n, j, p)  # (..., n)
            perm = ivy.take_along_axis(perm, sw, axis=-1)
            a = ivy.take_along_axis(a, ivy.broadcast_to(ivy.expand_dims(sw, axis=-2),
                                                        batch + (m, n)), axis=-1)
        col = ivy.get_item(a, np.s_[..., :, j:j + 1])  # (..., m, 1)
        alpha = ivy.get_item(a, np.s_[..., j:j + 1, j:j + 1])  # (..., 1, 1)
        below = ivy.greater(rows, j)
        xnorm2 = ivy.sum(ivy.where(below, sq(col), ivy.zeros_like(sq(col))), axis=-2,
                         keepdims=True)
        re_a = ivy.real(alpha) if cplx else alpha
        norm = ivy.sqrt(ivy.add(sq(alpha), xnorm2))
        beta = ivy.multiply(ivy.where(ivy.greater_equal(re_a, 0), ivy.full_like(re_a, -1.0),
                                      ivy.full_like(re_a, 1.0)), norm)  # real
        trivial = ivy.equal(xnorm2, 0)
        if cplx:
            trivial = ivy.logical_and(trivial, ivy.equal(ivy.imag(alpha), 0))
            beta = ivy.astype(beta, dt)
        one = ivy.ones_like(alpha)
        tau = ivy.where(trivial, ivy.zeros_like(alpha),
                        ivy.divide(ivy.subtract(beta, alpha), ivy.where(trivial, one, beta)))
        den = ivy.where(trivial, one, ivy.subtract(alpha, beta))
        v = ivy.where(below, ivy.divide(col, den),
                      ivy.astype(ivy.equal(rows, j), dt))  # (..., m, 1)
        # the trailing columns: H^H a, H^H = I - conj(tau) v v^H
        tc = ivy.conj(tau) if cplx else tau
        upd = ivy.multiply(tc, ivy.matmul(v, ivy.matmul(_mH(v), a)))
        a = ivy.subtract(a, ivy.where(ivy.greater(cols, j), upd, ivy.zeros_like(upd)))
        newcol = ivy.where(ivy.equal(rows, j), ivy.where(trivial, alpha, beta),
                           ivy.where(below, v, col))
        a = ivy.where(ivy.equal(cols, j), newcol, a)
        taus.append(ivy.reshape(tau, batch + (1,)))
    taus = ivy.concat(taus, axis=-1) if taus else ivy.zeros(batch + (0,), dtype=dt)
    return a, taus, perm


def _linalg_geqrf(x):
    """LAPACK's geqrf: ``(packed reflectors and R, taus)`` (:func:`_householder`)."""
    a, taus, _ = _householder(_d(x))
    return wrap(a), wrap(taus)


def _linalg_geqp3(x, jpvt):
    """LAPACK's geqp3 (column-pivoted geqrf): ``(packed, 1-based pivots, taus)``; every column
    is free, as with the zero ``jpvt`` JAX's ``qr`` passes (a non-zero ``jpvt``, which fixes
    columns in front, is not read: the transpiler's per-op check refuses the different
    result)."""
    a, taus, perm = _householder(_d(x), pivoting=True)
    return wrap(a), wrap(ivy.astype(ivy.add(perm, 1), "int32")), wrap(taus)


def _linalg_eig(x, *, compute_left_eigenvectors=True, compute_right_eigenvectors=True):
    """``(w, vl, vr)`` as requested; the left eigenvectors (``vl^H a = diag(w) vl^H``) are the
    rows of ``vr^-1``, conjugated and scaled to unit norm, so each pairs with the same eigenvalue
    as the right one (a defective matrix, whose ``vr`` is singular, has none)."""
    a = _d(x)
    w, v = ivy.linalg.eig(a)
    out = [wrap(w)]
    if compute_left_eigenvectors:
        vl = _mH(ivy.linalg.inv(v))
        nrm = ivy.sqrt(ivy.sum(ivy.square(ivy.abs(vl)), axis=-2, keepdims=True))
        out.append(wrap(ivy.divide(vl, ivy.astype(nrm, name_of(vl)))))
    if compute_right_eigenvectors:
        out.append(wrap(v))
    return tuple(out)


def _linalg_triangular_solve(a, b, *, left_side=False, lower=False, transpose_a=False,
                             conjugate_a=False, unit_diagonal=False):
    """``op(a) x = b`` (``left_side``) or ``x op(a) = b``, reading one triangle of ``a``."""
    a, b = _d(a), _d(b)
    t = ivy.tril(a) if lower else ivy.triu(a)
    if unit_diagonal:
        eye = _eye_like(t)
        t = ivy.add(ivy.multiply(t, ivy.subtract(1, eye)), eye)
    if conjugate_a and KIND[name_of(t)] == "c":
        t = ivy.conj(t)
    if transpose_a:
        t = _mT(t)
    t, ok = _solvable(t)
    if left_side:
        x = ivy.linalg.solve(t, b)
    else:
        x = _mT(ivy.linalg.solve(_mT(t), _mT(b)))  # x t = b  <=>  t^T x^T = b^T
    return wrap(_nan_unless(ok, x))


def _solvable(t):
    """A triangular (or banded) matrix the backends' solves accept: the identity where a
    matrix has a zero on its diagonal or a non-finite entry (TensorFlow and PyTorch raise
    there; LAPACK's substitution gives inf/NaN), with the mask of the good ones."""
    dg = ivy.multiply(t, _eye_like(t))
    zero_diag = ivy.any(ivy.equal(ivy.sum(dg, axis=-1), 0), axis=-1)
    finite = ivy.all(ivy.isfinite(t), axis=(-2, -1))
    ok = ivy.expand_dims(ivy.logical_and(finite, ivy.logical_not(zero_diag)), axis=(-2, -1))
    eye = ivy.broadcast_to(_eye_like(t), tuple(t.shape))
    return ivy.where(ok, t, eye), ok


def _nan_unless(ok, x):
    return ivy.where(ok, x, ivy.full_like(x, float("nan")))


def _linalg_tridiagonal_solve(dl, d, du, b):
    """The tridiagonal system (``dl[0]`` and ``du[-1]`` unused) as a dense solve."""
    dl, d, du, b = _d(dl), _d(d), _d(du), _d(b)
    n = d.shape[-1]
    i = ivy.arange(n, dtype="int64")
    r, c = ivy.expand_dims(i, axis=-1), ivy.expand_dims(i, axis=0)
    dt = name_of(d)
    sub = ivy.astype(ivy.equal(r, ivy.add(c, 1)), dt)
    sup = ivy.astype(ivy.equal(c, ivy.add(r, 1)), dt)
    a = ivy.add(ivy.multiply(ivy.expand_dims(d, axis=-1), ivy.eye(n, dtype=dt)),
                ivy.add(ivy.multiply(ivy.expand_dims(dl, axis=-1), sub),
                        ivy.multiply(ivy.expand_dims(du, axis=-1), sup)))
    return wrap(ivy.linalg.solve(a, b))


def _swap_index(n, j, p):
    """``arange(n)`` with positions ``j`` (static) and ``p`` (``(..., 1)``) exchanged."""
    ar = ivy.arange(n, dtype="int64")
    return ivy.where(ivy.equal(ar, j), p, ivy.where(ivy.equal(ar, p), j, ar))


def _linalg_lu(x):
    """LU with partial pivoting as LAPACK's getrf: ``(lu, pivots, permutation)``; the pivot is
    the first entry of largest magnitude (``|re| + |im|`` for complex, as ``i?amax``)."""
    a = _d(x)
    m, n = a.shape[-2], a.shape[-1]
    k = _min(m, n)
    batch = tuple(a.shape[:-2])
    perm = ivy.broadcast_to(ivy.arange(m, dtype="int64"), batch + (m,))
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)
    cols = ivy.arange(n, dtype="int64")
    pivots = []
    cplx = KIND[name_of(a)] == "c"
    for j in _range(k):
        col = ivy.get_item(a, np.s_[..., j:, j])
        mag = ivy.add(ivy.abs(ivy.real(col)), ivy.abs(ivy.imag(col))) if cplx else ivy.abs(col)
        p = ivy.add(ivy.argmax(mag, axis=-1, keepdims=True), j)  # (..., 1)
        p = ivy.astype(p, "int64")
        pivots.append(p)
        sw = _swap_index(m, j, p)  # (..., m)
        perm = ivy.take_along_axis(perm, sw, axis=-1)
        a = ivy.take_along_axis(a, ivy.broadcast_to(ivy.expand_dims(sw, axis=-1),
                                                    batch + (m, n)), axis=-2)
        piv = ivy.get_item(a, np.s_[..., j:j + 1, j:j + 1])
        below = ivy.greater(rows, j)  # (m, 1)
        lcol = ivy.where(below, ivy.divide(ivy.get_item(a, np.s_[..., :, j:j + 1]), piv), ivy.zeros_like(piv))
        right = ivy.greater(cols, j)  # (n,)
        upd = ivy.multiply(lcol, ivy.where(right, ivy.get_item(a, np.s_[..., j:j + 1, :]), ivy.zeros_like(piv)))
        a = ivy.subtract(a, upd)
        a = ivy.where(ivy.logical_and(below, ivy.equal(cols, j)), lcol, a)
    piv = ivy.astype(ivy.concat(pivots, axis=-1), "int32") if pivots else \
        ivy.zeros(batch + (0,), dtype="int32")
    return wrap(a), wrap(piv), wrap(ivy.astype(perm, "int32"))


def _linalg_lu_pivots_to_permutation(pivots, permutation_size):
    p = ivy.astype(_d(pivots), "int64")
    batch = tuple(p.shape[:-1])
    perm = ivy.broadcast_to(ivy.arange(permutation_size, dtype="int64"),
                            batch + (permutation_size,))
    for j in _range(p.shape[-1]):
        perm = ivy.take_along_axis(perm, _swap_index(permutation_size, j, ivy.get_item(p, np.s_[..., j:j + 1])),
                                   axis=-1)
    return wrap(ivy.astype(perm, "int32"))


def _linalg_householder_product(a, taus):
    """``Q = H_0 H_1 ... H_{k-1}``, ``H_i = I - tau_i v_i v_i^H`` with ``v_i`` the ``i``-th
    column of ``a`` below the diagonal (unit on it), as LAPACK's orgqr/ungqr."""
    a, taus = _d(a), _d(taus)
    m, n = a.shape[-2], a.shape[-1]
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)
    q = ivy.broadcast_to(_eye_like(a, m, m), tuple(a.shape[:-2]) + (m, m))
    for i in _range(taus.shape[-1] - 1, -1, -1):
        v = ivy.where(ivy.greater(rows, i), ivy.get_item(a, np.s_[..., :, i:i + 1]),
                      ivy.astype(ivy.equal(rows, i), name_of(a)))  # (..., m, 1)
        vh = _mH(v)
        t = ivy.expand_dims(ivy.get_item(taus, np.s_[..., i:i + 1]), axis=-1)  # (..., 1, 1)
        q = ivy.subtract(q, ivy.multiply(t, ivy.matmul(v, ivy.matmul(vh, q))))
    return wrap(ivy.get_item(q, np.s_[..., :, :n]))


class linalg:  # noqa: N801 - jax.lax.linalg's namespace
    cholesky = staticmethod(_linalg_cholesky)
    eigh = staticmethod(_linalg_eigh)
    eig = staticmethod(_linalg_eig)
    svd = staticmethod(_linalg_svd)
    qr = staticmethod(_linalg_qr)
    lu = staticmethod(_linalg_lu)
    lu_pivots_to_permutation = staticmethod(_linalg_lu_pivots_to_permutation)
    householder_product = staticmethod(_linalg_householder_product)
    geqrf = staticmethod(_linalg_geqrf)
    geqp3 = staticmethod(_linalg_geqp3)
    triangular_solve = staticmethod(_linalg_triangular_solve)
    tridiagonal_solve = staticmethod(_linalg_tridiagonal_solve)
