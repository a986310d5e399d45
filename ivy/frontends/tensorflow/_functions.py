"""Top-level ``tf.*`` and ``tf.math.*`` functions as compositions of ``ivy.*`` calls on native
arrays, with TensorFlow's semantics (no promotion, per-op dtype lists, int32/float32 defaults)."""

from __future__ import annotations

import builtins
import collections
import math

import numpy as np

import ivy

from . import _core
from ._core import (
    BY_NAME,
    KIND,
    Tensor,
    as_dtype,
    convert_to_tensor,
    invalid,
    name_of,
    nat,
    not_implemented,
    tf_name,
    wrap,
)

_abs, _max, _min, _range, _sum, _round = (builtins.abs, builtins.max, builtins.min, builtins.range,
                                          builtins.sum, builtins.round)
newaxis = None

# dtype families of TensorFlow's kernels
FLOAT = ("float16", "bfloat16", "float32", "float64")
CPLX = ("complex64", "complex128")
INEXACT = FLOAT + CPLX
SINT = ("int8", "int16", "int32", "int64")
UINT = ("uint8", "uint16", "uint32", "uint64")
INT = SINT + UINT
REAL = FLOAT + INT
NUMBER = REAL + CPLX
SIGNED = FLOAT + SINT + CPLX
ALL = NUMBER + ("bool",)
BOOL = ("bool",)


def check(op, name, allowed):
    if name not in allowed:
        invalid(f"Value for attr 'T' of {tf_name(name)} is not in the list of allowed values: "
                + ", ".join(tf_name(a) for a in allowed), op)


def _is_tensorlike(v):
    return isinstance(v, (Tensor, np.ndarray)) or (
        hasattr(v, "dtype") and hasattr(v, "shape") and not isinstance(v, np.generic))


def match(op, *vals, x_first=False):
    """Natives of ``vals`` with one dtype, as TensorFlow's op conversion does: the first tensor
    (or array) fixes the dtype, Python values convert to it strictly, a tensor of another dtype
    raises InvalidArgumentError. ``x_first``: the first value is converted on its own and fixes
    the dtype (``tf.add``/``tf.math.truediv`` convert ``x`` before ``y``)."""
    ref = next((v for v in vals if _is_tensorlike(v)), None)
    if ref is None or x_first:
        first = convert_to_tensor(vals[0])
        dt = first.dtype
        ts = [first] + [convert_to_tensor(v, dtype_hint=dt) for v in vals[1:]]
    else:
        dt = convert_to_tensor(ref).dtype
        ts = [v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dt) for v in vals]
    out = []
    for i, t in enumerate(ts):
        d = t._data
        if name_of(d) != dt.name:
            invalid(f"cannot compute {op} as input #{i}(zero-based) was expected to be a "
                    f"{tf_name(dt.name)} tensor but is a {tf_name(name_of(d))} tensor", op)
        out.append(d)
    return out, dt.name


def _axis_list(axis, ndim, op="Sum"):
    if axis is None:
        return tuple(_range(ndim))
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
    if isinstance(axis, np.ndarray):
        axis = axis.tolist()
    ax = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    out = []
    for a in ax:
        a = int(a)
        if not -ndim <= a < _max(ndim, 1) or (ndim == 0 and a not in (0, -1)):
            invalid(f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)", op)
        if ndim:
            out.append(a % ndim)
    return tuple(sorted(set(out)))


def _int(v):
    if isinstance(v, Tensor):
        return int(v.numpy())
    return int(v)


def _ints(v):
    if isinstance(v, Tensor):
        v = v.numpy()
    if isinstance(v, np.ndarray):
        return [int(e) for e in v.reshape(-1)]
    if isinstance(v, (int, np.integer)):
        return [int(v)]
    return [_int(e) for e in v]


def _any_host(b):
    return builtins.bool(np.asarray(ivy.to_numpy(ivy.any(b))))


# ------------------------------------------------------------------------------ element-wise
def _unary(fn, op, allowed):
    def f(x, name=None):
        d = nat(x)
        check(op, name_of(d), allowed)
        return wrap(fn(d))
    f.__name__ = op
    return f


def _binary(fn, op, allowed):
    def f(x, y, name=None):
        (a, b), n = match(op, x, y)
        check(op, n, allowed)
        return wrap(fn(a, b))
    f.__name__ = op
    return f


def _erf(x):
    """erf from Ivy's exact gelu (x Phi(x)), with the Taylor series near 0 (no cancellation)."""
    y = ivy.multiply(x, math.sqrt(2.0))
    small = ivy.less(ivy.abs(x), 0.125)
    ysafe = ivy.where(ivy.logical_or(small, ivy.isinf(y)), ivy.ones_like(y), y)
    big = ivy.subtract(ivy.multiply(ivy.divide(ivy.gelu(ysafe), ysafe), 2.0), 1.0)
    x2 = ivy.multiply(x, x)
    series = ivy.multiply(ivy.multiply(x, 2.0 / math.sqrt(math.pi)), ivy.add(1.0, ivy.multiply(
        x2, ivy.add(-1.0 / 3.0, ivy.multiply(x2, ivy.add(0.1, ivy.multiply(x2, ivy.add(
            -1.0 / 42.0, ivy.multiply(x2, 1.0 / 216.0)))))))))
    r = ivy.where(small, series, big)
    r = ivy.where(ivy.isinf(x), ivy.sign(x), r)
    return ivy.where(ivy.isnan(x), x, ivy.clip(r, -1.0, 1.0))


def _rsqrt(x):
    return ivy.divide(ivy.ones_like(x), ivy.sqrt(x))


sin, cos, tan = _unary(ivy.sin, "Sin", INEXACT), _unary(ivy.cos, "Cos", INEXACT), _unary(
    ivy.tan, "Tan", INEXACT)
asin, acos, atan = (_unary(ivy.asin, "Asin", INEXACT), _unary(ivy.acos, "Acos", INEXACT),
                    _unary(ivy.atan, "Atan", INEXACT))
sinh, cosh, tanh = (_unary(ivy.sinh, "Sinh", INEXACT), _unary(ivy.cosh, "Cosh", INEXACT),
                    _unary(ivy.tanh, "Tanh", INEXACT))
asinh, acosh, atanh = (_unary(ivy.asinh, "Asinh", INEXACT), _unary(ivy.acosh, "Acosh", INEXACT),
                       _unary(ivy.atanh, "Atanh", INEXACT))
exp, expm1 = _unary(ivy.exp, "Exp", INEXACT), _unary(ivy.expm1, "Expm1", INEXACT)
log, log1p = _unary(ivy.log, "Log", INEXACT), _unary(ivy.log1p, "Log1p", INEXACT)
sqrt, rsqrt = _unary(ivy.sqrt, "Sqrt", INEXACT), _unary(_rsqrt, "Rsqrt", INEXACT)
sigmoid = _unary(ivy.sigmoid, "Sigmoid", INEXACT)
erf = _unary(_erf, "Erf", FLOAT)
erfc = _unary(lambda x: ivy.subtract(1.0, _erf(x)), "Erfc", FLOAT)
square = _unary(ivy.square, "Square", NUMBER)
negative = _unary(ivy.negative, "Neg", SIGNED)
neg = negative
_abs_real = _unary(ivy.abs, "Abs", FLOAT + SINT)


def abs(x, name=None):  # noqa: A001
    """``tf.abs``: the magnitude, in the real dtype, for complex input (TF's ComplexAbs)."""
    d = nat(x)
    if name_of(d) in ("complex64", "complex128"):
        return wrap(ivy.abs(d))
    return _abs_real(d)
sign = _unary(ivy.sign, "Sign", SIGNED)
floor = _unary(ivy.floor, "Floor", FLOAT)
ceil = _unary(ivy.ceil, "Ceil", FLOAT)
rint = _unary(ivy.round, "Rint", FLOAT)
is_nan = _unary(ivy.isnan, "IsNan", FLOAT)
is_inf = _unary(ivy.isinf, "IsInf", FLOAT)
is_finite = _unary(ivy.isfinite, "IsFinite", FLOAT)
logical_not = _unary(ivy.logical_not, "LogicalNot", BOOL)
softplus = _unary(lambda x: ivy.softplus(x), "Softplus", FLOAT)
log_sigmoid = _unary(lambda x: ivy.negative(ivy.softplus(ivy.negative(x))), "LogSigmoid",
                     FLOAT)
reciprocal = _unary(lambda x: ivy.divide(ivy.ones_like(x), x), "Reciprocal", INEXACT)
inv = reciprocal
real = _unary(lambda x: ivy.real(x) if KIND[name_of(x)] == "c" else x, "Real", NUMBER)
imag = _unary(lambda x: ivy.imag(x) if KIND[name_of(x)] == "c" else ivy.zeros_like(x), "Imag",
              NUMBER)
conj = _unary(lambda x: ivy.conj(x) if KIND[name_of(x)] == "c" else x, "Conj", ALL)
log10 = _unary(ivy.log10, "Log10", FLOAT)  # tf.experimental.numpy-style helper, not tf.math


def round(x, name=None):  # noqa: A001
    """Banker's rounding (half to even); integers unchanged."""
    d = nat(x)
    check("Round", name_of(d), NUMBER)
    return wrap(d if KIND[name_of(d)] in "iu" else ivy.round(d))


def add(x, y, name=None):
    (a, b), n = match("AddV2", x, y, x_first=True)
    check("AddV2", n, NUMBER)
    return wrap(ivy.add(a, b))



subtract = _binary(ivy.subtract, "Sub", NUMBER)
multiply = _binary(ivy.multiply, "Mul", NUMBER)
maximum = _binary(ivy.maximum, "Maximum", REAL)
minimum = _binary(ivy.minimum, "Minimum", REAL)
squared_difference = _binary(lambda a, b: ivy.square(ivy.subtract(a, b)), "SquaredDifference",
                             SIGNED)
atan2 = _binary(ivy.atan2, "Atan2", FLOAT)
realdiv = _binary(ivy.divide, "RealDiv", INEXACT)
equal = _binary(ivy.equal, "Equal", ALL)
not_equal = _binary(ivy.not_equal, "NotEqual", ALL)
greater = _binary(ivy.greater, "Greater", REAL)
greater_equal = _binary(ivy.greater_equal, "GreaterEqual", REAL)
less = _binary(ivy.less, "Less", REAL)
less_equal = _binary(ivy.less_equal, "LessEqual", REAL)
logical_and = _binary(ivy.logical_and, "LogicalAnd", BOOL)
logical_or = _binary(ivy.logical_or, "LogicalOr", BOOL)
logical_xor = _binary(ivy.not_equal, "LogicalXor", BOOL)
bitwise_and = _binary(ivy.bitwise_and, "BitwiseAnd", INT)
bitwise_or = _binary(ivy.bitwise_or, "BitwiseOr", INT)
bitwise_xor = _binary(ivy.bitwise_xor, "BitwiseXor", INT)
scalar_mul = multiply


def _and(x, y):
    (a, b), n = match("LogicalAnd", x, y)
    return logical_and(x, y) if n == "bool" else bitwise_and(x, y)


def _or(x, y):
    (a, b), n = match("LogicalOr", x, y)
    return logical_or(x, y) if n == "bool" else bitwise_or(x, y)


def _xor(x, y):
    (a, b), n = match("LogicalXor", x, y)
    return logical_xor(x, y) if n == "bool" else bitwise_xor(x, y)


def _invert(x):
    d = nat(x)
    if name_of(d) == "bool":
        return wrap(ivy.logical_not(d))
    check("Invert", name_of(d), INT)
    return wrap(ivy.bitwise_invert(d))


def truediv(x, y, name=None):
    """x / y; int8/int16/uint8/uint16 divide in float32, int32/int64 in float64 (as TF)."""
    tx = convert_to_tensor(x)
    ty = convert_to_tensor(y, dtype_hint=tx.dtype)
    if tx.dtype != ty.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {tx.dtype!r} != {ty.dtype!r}.")
    (a, b), n = match("RealDiv", tx, ty)
    check("RealDiv", n, NUMBER)
    if KIND[n] in "iu":
        t = "float32" if n in ("int8", "int16", "uint8", "uint16") else "float64"
        a, b = ivy.astype(a, t), ivy.astype(b, t)
    return wrap(ivy.divide(a, b))


def divide(x, y, name=None):
    """tf.math.divide: a non-tensor ``x`` takes ``y``'s dtype, then ``x / y``."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        x = convert_to_tensor(x, dtype=y.dtype)
    return truediv(x, y)


def _int_zero_check(b, n, op):
    if KIND[n] in "iu" and _any_host(ivy.equal(b, 0)):
        invalid("Integer division by zero", op)


def floordiv(x, y, name=None):
    (a, b), n = match("FloorDiv", x, y)
    check("FloorDiv", n, REAL)
    _int_zero_check(b, n, "FloorDiv")
    if KIND[n] in "iu":
        return wrap(ivy.floor_divide(a, b))
    return wrap(ivy.floor(ivy.divide(a, b)))


floor_div = floordiv


def floormod(x, y, name=None):
    (a, b), n = match("FloorMod", x, y)
    check("FloorMod", n, REAL)
    _int_zero_check(b, n, "FloorMod")
    return wrap(ivy.remainder(a, b))


mod = floormod


def truncatediv(x, y, name=None):
    (a, b), n = match("TruncateDiv", x, y)
    check("TruncateDiv", n, REAL)
    _int_zero_check(b, n, "TruncateDiv")
    if KIND[n] in "iu":
        q = ivy.floor_divide(ivy.abs(a), ivy.abs(b))
        neg_ = ivy.not_equal(ivy.less(a, 0), ivy.less(b, 0))
        return wrap(ivy.where(neg_, ivy.negative(q), q) if n in SINT else q)
    return wrap(ivy.trunc(ivy.divide(a, b)))


def truncatemod(x, y, name=None):
    (a, b), n = match("TruncateMod", x, y)
    q = truncatediv(x, y)._data
    return wrap(ivy.subtract(a, ivy.multiply(q, b)))


def divide_no_nan(x, y, name=None):
    (a, b), n = match("DivNoNan", x, y)
    check("DivNoNan", n, INEXACT)
    z = ivy.equal(b, 0)
    return wrap(ivy.where(z, ivy.zeros_like(a), ivy.divide(a, ivy.where(z, ivy.ones_like(b), b))))


def multiply_no_nan(x, y, name=None):
    (a, b), n = match("MulNoNan", x, y)
    check("MulNoNan", n, INEXACT)
    return wrap(ivy.where(ivy.equal(b, 0), ivy.zeros_like(a), ivy.multiply(a, b)))


def pow(x, y, name=None):  # noqa: A001
    (a, b), n = match("Pow", x, y)
    check("Pow", n, NUMBER)
    if KIND[n] in "iu" and n in SINT and _any_host(ivy.less(b, 0)):
        invalid("Integers to negative integer powers are not allowed", "Pow")
    return wrap(ivy.pow(a, b))


def xlogy(x, y, name=None):
    (a, b), n = match("Xlogy", x, y)
    check("Xlogy", n, INEXACT)
    z = ivy.equal(a, 0)
    return wrap(ivy.where(z, ivy.zeros_like(a), ivy.multiply(a, ivy.log(b))))


def add_n(inputs, name=None):
    inputs = list(inputs)
    ds, n = match("AddN", *inputs)
    check("AddN", n, NUMBER)
    r = ds[0]
    for d in ds[1:]:
        r = ivy.add(r, d)
    return wrap(r)


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    (a, lo, hi), n = match("ClipByValue", t, clip_value_min, clip_value_max)
    check("ClipByValue", n, REAL)
    return wrap(ivy.minimum(ivy.maximum(a, lo), hi))


# -------------------------------------------------------------------------------- reductions
def _reduce(op, x, axis, keepdims, allowed, fn, empty=None):
    d = nat(x)
    n = name_of(d)
    check(op, n, allowed)
    shape = tuple(int(s) for s in d.shape)
    ax = _axis_list(axis, len(shape), op)
    if empty is not None and any(shape[a] == 0 for a in ax):
        out = tuple(1 if i in ax else s for i, s in enumerate(shape)) if keepdims else tuple(
            s for i, s in enumerate(shape) if i not in ax)
        return wrap(ivy.full(out, empty(n), dtype=n))
    if not ax:
        if op in ("Std", "Variance"):
            return wrap(ivy.zeros_like(d))
        return wrap(ivy.abs(d) if op == "EuclideanNorm" else d)
    return wrap(fn(d, ax, builtins.bool(keepdims), n))


def _lowest(n):
    return -math.inf if KIND[n] == "f" else (False if n == "bool" else int(np.iinfo(n).min))


def _highest(n):
    return math.inf if KIND[n] == "f" else (True if n == "bool" else int(np.iinfo(n).max))


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Sum", input_tensor, axis, keepdims, NUMBER,
                   lambda d, a, k, n: ivy.sum(d, axis=a, keepdims=k, dtype=n))


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Prod", input_tensor, axis, keepdims, NUMBER,
                   lambda d, a, k, n: ivy.prod(d, axis=a, keepdims=k, dtype=n))


def _mean(d, a, k, n):
    if KIND[n] in "iu":
        cnt = 1
        for i in a:
            cnt *= int(d.shape[i])
        s = ivy.sum(d, axis=a, keepdims=k, dtype=n)
        q = ivy.floor_divide(ivy.abs(s), cnt) if n in SINT else ivy.floor_divide(s, cnt)
        return ivy.where(ivy.less(s, 0), ivy.negative(q), q) if n in SINT else q
    return ivy.mean(d, axis=a, keepdims=k)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Mean", input_tensor, axis, keepdims, NUMBER, _mean)


def reduce_max(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Max", input_tensor, axis, keepdims, REAL,
                   lambda d, a, k, n: ivy.max(d, axis=a, keepdims=k), _lowest)


def reduce_min(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Min", input_tensor, axis, keepdims, REAL,
                   lambda d, a, k, n: ivy.min(d, axis=a, keepdims=k), _highest)


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Any", input_tensor, axis, keepdims, BOOL,
                   lambda d, a, k, n: ivy.any(d, axis=a, keepdims=k), lambda n: False)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("All", input_tensor, axis, keepdims, BOOL,
                   lambda d, a, k, n: ivy.all(d, axis=a, keepdims=k), lambda n: True)


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    def f(d, a, k, n):
        m = ivy.max(d, axis=a, keepdims=True)
        m = ivy.where(ivy.isfinite(m), m, ivy.zeros_like(m))
        r = ivy.add(ivy.log(ivy.sum(ivy.exp(ivy.subtract(d, m)), axis=a, keepdims=True)), m)
        return r if k else ivy.squeeze(r, axis=a)
    return _reduce("Logsumexp", input_tensor, axis, keepdims, FLOAT, f)


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Variance", input_tensor, axis, keepdims, INEXACT,
                   lambda d, a, k, n: ivy.var(d, axis=a, keepdims=k))


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("Std", input_tensor, axis, keepdims, INEXACT,
                   lambda d, a, k, n: ivy.std(d, axis=a, keepdims=k))


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce("EuclideanNorm", input_tensor, axis, keepdims, NUMBER,
                   lambda d, a, k, n: ivy.sqrt(ivy.sum(ivy.square(d), axis=a, keepdims=k)))


def count_nonzero(input, axis=None, keepdims=None, dtype=None, name=None):  # noqa: A002
    d = nat(input)
    nz = ivy.not_equal(d, ivy.zeros_like(d)) if name_of(d) != "bool" else d
    ax = _axis_list(axis, len(d.shape))
    r = ivy.sum(ivy.astype(nz, "int64"), axis=ax, keepdims=builtins.bool(keepdims))
    return wrap(ivy.astype(r, as_dtype(dtype or "int64").name))


def _arg(op, fn, input, axis, output_type):  # noqa: A002
    d = nat(input)
    check(op, name_of(d), REAL + ("bool",))
    nd = len(d.shape)
    a = 0 if axis is None else _int(axis)
    if not -nd <= a < _max(nd, 1) or nd == 0:
        invalid(f"Expected dimension in the range [{-nd}, {nd}), but got {a}", op)
    if int(d.shape[a]) == 0:
        invalid("Reduction axis is empty", op)
    return wrap(ivy.astype(fn(d, axis=a), as_dtype(output_type).name))


def argmax(input, axis=None, output_type=_core.int64, name=None):  # noqa: A002
    return _arg("ArgMax", ivy.argmax, input, axis, output_type)


def argmin(input, axis=None, output_type=_core.int64, name=None):  # noqa: A002
    return _arg("ArgMin", ivy.argmin, input, axis, output_type)


def _cum(op, fn, x, axis, exclusive, reverse):
    d = nat(x)
    n = name_of(d)
    check(op, n, NUMBER)
    nd = len(d.shape)
    a = _int(axis)
    if not -nd <= a < nd:
        invalid(f"ValueError: axis {a} out of range", op)
    a %= nd
    if reverse:
        d = ivy.flip(d, axis=a)
    r = fn(d, axis=a, dtype=n, include_initial=builtins.bool(exclusive))
    if exclusive:
        r = ivy.get_item(r, tuple([builtins.slice(None)] * a + [builtins.slice(0, int(d.shape[a]))]))
    if reverse:
        r = ivy.flip(r, axis=a)
    return wrap(r)


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    return _cum("Cumsum", ivy.cumulative_sum, x, axis, exclusive, reverse)


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    return _cum("Cumprod", ivy.cumulative_prod, x, axis, exclusive, reverse)


TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def top_k(input, k=1, sorted=True, index_type=_core.int32, name=None):  # noqa: A002
    d = nat(input)
    check("TopKV2", name_of(d), REAL)
    k = _int(k)
    if len(d.shape) == 0:
        invalid("input must be at least 1-dimensional", "TopKV2")
    if k < 0 or k > int(d.shape[-1]):
        invalid(f"input must have at least k columns. Had {int(d.shape[-1])}, needed {k}",
                "TopKV2")
    idx = ivy.argsort(d, axis=-1, descending=True, stable=True)
    idx = ivy.get_item(idx, (Ellipsis, builtins.slice(0, k)))
    vals = ivy.take_along_axis(d, idx, axis=-1)
    return TopKV2(wrap(vals), wrap(ivy.astype(idx, as_dtype(index_type).name)))


# ------------------------------------------------------------------------------ creation
def _shape_arg(shape):
    if isinstance(shape, _core.TensorShape):
        return tuple(shape.as_list())
    return tuple(_ints(shape))


def zeros(shape, dtype=_core.float32, name=None, layout=None):
    return wrap(ivy.zeros(_shape_arg(shape), dtype=as_dtype(dtype).name))


def ones(shape, dtype=_core.float32, name=None, layout=None):
    return wrap(ivy.ones(_shape_arg(shape), dtype=as_dtype(dtype).name))


def fill(dims, value, name=None, layout=None):
    v = nat(value)
    return wrap(ivy.broadcast_to(v, _shape_arg(dims)) if len(v.shape) == 0 else invalid(
        "value must be a scalar", "Fill"))


def zeros_like(input, dtype=None, name=None, layout=None):  # noqa: A002
    d = nat(input)
    return wrap(ivy.zeros_like(d, dtype=as_dtype(dtype).name if dtype else None))


def ones_like(input, dtype=None, name=None, layout=None):  # noqa: A002
    d = nat(input)
    return wrap(ivy.ones_like(d, dtype=as_dtype(dtype).name if dtype else None))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=_core.float32, name=None):
    r = ivy.eye(_int(num_rows), None if num_columns is None else _int(num_columns),
                dtype=as_dtype(dtype).name)
    if batch_shape is not None:
        bs = _shape_arg(batch_shape)
        r = ivy.broadcast_to(r, bs + tuple(r.shape))
    return wrap(r)


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    """tf.range: int32 unless a bound is a float (float32) or ``dtype``."""
    if limit is None:
        start, limit = 0, start
    vals = [start, limit, delta]
    if dtype is None:
        dts = [v.dtype if isinstance(v, Tensor) else _core._leaf_dtype(v) for v in vals]
        order = ["int32", "int64", "float32", "float64"]
        names = [d.name for d in dts]
        dt = builtins.max(names, key=lambda x: order.index(x) if x in order else 0)
    else:
        dt = as_dtype(dtype).name
    py = [v.numpy().item() if isinstance(v, Tensor) else v for v in vals]
    if py[2] == 0:
        invalid("Requires delta != 0", "Range")
    if KIND[dt] == "f":
        n = _max(int(math.ceil((py[1] - py[0]) / py[2])), 0)
        return wrap(ivy.add(ivy.multiply(ivy.arange(n, dtype=dt), ivy.astype(
            ivy.asarray(py[2], dtype=dt), dt)), ivy.asarray(py[0], dtype=dt)))
    return wrap(ivy.arange(int(py[0]), int(py[1]), int(py[2]), dtype=dt))


def linspace(start, stop, num, name=None, axis=0):
    a = convert_to_tensor(start)
    b = convert_to_tensor(stop, dtype=a.dtype)
    n = _int(num)
    dt = a.dtype.name
    check("LinSpace", dt, FLOAT)
    if len(a._data.shape) or len(b._data.shape):
        not_implemented("tf.linspace with tensor start/stop", "scalars only")
    s, e = float(a.numpy()), float(b.numpy())
    if n == 1:
        return wrap(ivy.asarray([s], dtype=dt))
    step = (e - s) / (n - 1)
    r = ivy.add(ivy.multiply(ivy.arange(n, dtype="float64"), step), s)
    r = ivy.where(ivy.equal(ivy.arange(n), n - 1), ivy.full_like(r, e), r)
    return wrap(ivy.astype(r, dt))


lin_space = linspace


def cast(x, dtype, name=None):
    """tf.cast: float -> int truncates, numbers -> bool is ``!= 0``."""
    d = nat(x)
    t = as_dtype(dtype).name
    if name_of(d) == t:
        return wrap(d)
    if KIND[name_of(d)] == "c" and KIND[t] != "c":
        d = ivy.real(d)
    if t == "bool":
        return wrap(ivy.not_equal(d, ivy.zeros_like(d)))
    return wrap(ivy.astype(d, t))


def saturate_cast(value, dtype, name=None):
    d = nat(value)
    t = as_dtype(dtype)
    if t.is_integer or t.is_floating:
        lo, hi = t.min, t.max
        src = BY_NAME[name_of(d)]
        if src.min < lo:
            d = ivy.maximum(d, ivy.astype(ivy.asarray(lo), name_of(d))) if src.is_floating or (
                src.is_integer) else d
        if src.max > hi:
            d = ivy.minimum(d, ivy.astype(ivy.asarray(hi), name_of(d)))
    return cast(wrap(d), t)


def identity(input, name=None):  # noqa: A002
    return convert_to_tensor(input)


def stop_gradient(input, name=None):  # noqa: A002
    return wrap(ivy.stop_gradient(nat(input)))


def shape(input, out_type=_core.int32, name=None):  # noqa: A002
    d = nat(input)
    return wrap(ivy.asarray([int(s) for s in d.shape], dtype=as_dtype(out_type).name))


def shape_n(input, out_type=_core.int32, name=None):  # noqa: A002
    return [shape(t, out_type) for t in input]


def rank(input, name=None):  # noqa: A002
    return wrap(ivy.asarray(len(nat(input).shape), dtype="int32"))


def size(input, out_type=_core.int32, name=None):  # noqa: A002
    d = nat(input)
    n = 1
    for s in d.shape:
        n *= int(s)
    return wrap(ivy.asarray(n, dtype=as_dtype(out_type).name))


# --------------------------------------------------------------------------- manipulation
def reshape(tensor, shape, name=None):
    d = nat(tensor)
    sh = _shape_arg(shape)
    total = 1
    for s in d.shape:
        total *= int(s)
    known = 1
    for s in sh:
        if s != -1:
            known *= s
    if sh.count(-1) > 1 or (-1 not in sh and known != total) or (
            -1 in sh and (known == 0 or total % known)):
        invalid(f"Input to reshape is a tensor with {total} values, but the requested shape "
                f"has {known}", "Reshape")
    return wrap(ivy.reshape(d, sh))


def transpose(a, perm=None, conjugate=False, name="transpose"):
    d = nat(a)
    nd = len(d.shape)
    p = tuple(_range(nd - 1, -1, -1)) if perm is None else tuple(_ints(perm))
    if sorted(x % _max(nd, 1) for x in p) != list(_range(nd)):
        invalid(f"transpose expects a vector of size {nd}. But input(1) is a vector of size "
                f"{len(p)}", "Transpose")
    r = ivy.permute_dims(d, p)
    return wrap(ivy.conj(r) if conjugate and KIND[name_of(d)] == "c" else r)


def concat(values, axis, name="concat"):
    values = list(values)
    if not values:
        raise ValueError("List argument 'values' to 'ConcatV2' Op with length 0 shorter than "
                         "minimum length 1.")
    ds, n = match("ConcatV2", *values)
    nd = len(ds[0].shape)
    a = _int(axis)
    if not -nd <= a < nd:
        invalid(f"ConcatOp : Expected concatenating dimensions in the range [{-nd}, {nd}), but "
                f"got {a}", "ConcatV2")
    for d in ds[1:]:
        if len(d.shape) != nd or any(int(d.shape[i]) != int(ds[0].shape[i])
                                     for i in _range(nd) if i != a % nd):
            invalid("ConcatOp : Dimension mismatch", "ConcatV2")
    return wrap(ivy.concat(ds, axis=a))


def stack(values, axis=0, name="stack"):
    values = list(values)
    ds, n = match("Pack", *values)
    if any(tuple(d.shape) != tuple(ds[0].shape) for d in ds):
        invalid("Shapes of all inputs must match", "Pack")
    nd = len(ds[0].shape) + 1
    a = _int(axis)
    if not -nd <= a < nd:
        raise ValueError(f"Argument `axis` = {a} not in range [{-nd}, {nd})")
    return wrap(ivy.stack(ds, axis=a))


def unstack(value, num=None, axis=0, name="unstack"):
    d = nat(value)
    nd = len(d.shape)
    a = _int(axis)
    if not -nd <= a < nd:
        raise ValueError(f"Argument `axis` = {a} not in range [{-nd}, {nd})")
    return [wrap(r) for r in ivy.unstack(d, axis=a)]


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    d = nat(value)
    nd = len(d.shape)
    a = _int(axis) % _max(nd, 1)
    n = int(d.shape[a])
    if isinstance(num_or_size_splits, (int, np.integer)) or (
            isinstance(num_or_size_splits, Tensor) and len(num_or_size_splits.shape) == 0):
        k = _int(num_or_size_splits)
        if k <= 0 or n % k:
            invalid(f"Number of ways to split should evenly divide the split dimension, but got "
                    f"split_dim {a} (size = {n}) and num_split {k}", "Split")
        sizes = [n // k] * k
    else:
        sizes = _ints(num_or_size_splits)
        if sizes.count(-1) == 1:
            sizes[sizes.index(-1)] = n - (_sum(sizes) + 1)
        if _sum(sizes) != n or any(s < 0 for s in sizes):
            invalid("Determined shape must either match input shape along split_dim exactly if "
                    "fully specified, or be less than the size of the input along split_dim if "
                    "not fully specified.", "SplitV")
    out, start = [], 0
    for s in sizes:
        out.append(wrap(ivy.get_item(d, tuple([builtins.slice(None)] * a + [builtins.slice(start, start + s)]))))
        start += s
    return out


def squeeze(input, axis=None, name=None):  # noqa: A002
    d = nat(input)
    shape_ = [int(s) for s in d.shape]
    nd = len(shape_)
    if axis is None or (isinstance(axis, (list, tuple)) and not axis):
        ax = tuple(i for i, s in enumerate(shape_) if s == 1)
    else:
        ax = tuple(sorted({a % _max(nd, 1) for a in _ints(axis)}))
        for _a, orig in zip(ax, _ints(axis), strict=False):
            if not -nd <= orig < nd:
                invalid(f"Tried to squeeze dim index {orig} for tensor with {nd} dimensions.",
                        "Squeeze")
        for a in ax:
            if shape_[a] != 1:
                invalid(f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape_[a]}",
                        "Squeeze")
    if not ax:
        return wrap(d)
    return wrap(ivy.squeeze(d, axis=ax))


def expand_dims(input, axis, name=None):  # noqa: A002
    d = nat(input)
    nd = len(d.shape)
    a = _ints(axis)
    if len(a) != 1:
        invalid("'dim' must be a tensor with a single value", "ExpandDims")
    a = a[0]
    if not -nd - 1 <= a <= nd:
        invalid(f"Tried to expand dim index {a} for tensor with {nd} dimensions.", "ExpandDims")
    return wrap(ivy.expand_dims(d, axis=a % (nd + 1)))


def tile(input, multiples, name=None):  # noqa: A002
    d = nat(input)
    m = tuple(_ints(multiples))
    if len(m) != len(d.shape):
        invalid(f"Expected multiples argument to be a vector of length {len(d.shape)} but got "
                f"length {len(m)}", "Tile")
    if any(x < 0 for x in m):
        invalid("Expected multiples[0] >= 0", "Tile")
    return wrap(ivy.tile(d, m) if m else d)


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    d = nat(tensor)
    p = paddings.numpy().tolist() if isinstance(paddings, Tensor) else [
        [_int(a), _int(b)] for a, b in paddings]
    if len(p) != len(d.shape):
        invalid(f"The first dimension of paddings must be the rank of inputs[{len(p)},2], "
                f"{d.shape}", "Pad")
    mode_ = mode.upper()
    pw = [(int(a), int(b)) for a, b in p]
    if any(a < 0 or b < 0 for a, b in pw):
        invalid("Paddings must be non-negative", "Pad")
    if mode_ == "CONSTANT":
        cv = nat(constant_values, BY_NAME[name_of(d)])
        if not pw:
            return wrap(d)
        return wrap(ivy.pad(d, pw, mode="constant", constant_values=np.asarray(
            ivy.to_numpy(cv)).item()))
    shape_ = [int(s) for s in d.shape]
    for (a, b), s in zip(pw, shape_, strict=False):
        lim = s - 1 if mode_ == "REFLECT" else s
        if a > lim or b > lim:
            invalid(f"paddings must be less than{' or equal to' if mode_ != 'REFLECT' else ''} "
                    f"the dimension size: {a}, {b} not less than {lim}", "MirrorPad")
    if mode_ == "REFLECT":
        return wrap(ivy.pad(d, pw, mode="reflect") if pw else d)
    if mode_ == "SYMMETRIC":
        return wrap(ivy.pad(d, pw, mode="symmetric") if pw else d)
    raise ValueError(f"Value of argument `mode` expected to be one of \"CONSTANT\", \"REFLECT\", "
                     f"or \"SYMMETRIC\". Received `mode` = {mode}")


def _check_index_range(idx, n, op):
    if _any_host(ivy.logical_or(ivy.less(idx, 0), ivy.greater_equal(idx, n))):
        invalid(f"indices is out of range [0, {n})", op)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p = nat(params)
    idx = nat(indices)
    check("GatherV2", name_of(idx), ("int32", "int64", "int16"))
    b = _int(batch_dims)
    inr = len(idx.shape)
    if b < 0:
        b += inr
    a = b if axis is None else _int(axis)
    pr = len(p.shape)
    if a < 0:
        a += pr
    if not 0 <= a < pr:
        invalid(f"Expected axis in the range [{-pr}, {pr}), but got {a}", "GatherV2")
    if b > a:
        invalid(f"batch_dims ({b}) must be less than or equal to axis ({a}).", "GatherV2")
    pshape = [int(s) for s in p.shape]
    ishape = [int(s) for s in idx.shape]
    if pshape[:b] != ishape[:b]:
        invalid("params.shape[:batch_dims] must equal indices.shape[:batch_dims]", "GatherV2")
    n = pshape[a]
    _check_index_range(idx, n, "GatherV2")
    if b == 0:
        return wrap(ivy.take(p, ivy.astype(idx, "int64"), axis=a))
    B = int(np.prod(pshape[:b])) if b else 1
    M = int(np.prod(pshape[b:a])) if a > b else 1
    T = int(np.prod(pshape[a + 1:])) if a + 1 < pr else 1
    Ii = int(np.prod(ishape[b:])) if inr > b else 1
    pr_ = ivy.reshape(p, (B, M, n, T))
    pt = ivy.reshape(ivy.permute_dims(pr_, (0, 2, 1, 3)), (B * n, M, T))
    ir = ivy.reshape(ivy.astype(idx, "int64"), (B, Ii))
    off = ivy.reshape(ivy.multiply(ivy.arange(B, dtype="int64"), n), (B, 1))
    full = ivy.reshape(ivy.add(ir, off), (-1,))
    g = ivy.reshape(ivy.take(pt, full, axis=0), (B, Ii, M, T))
    g = ivy.permute_dims(g, (0, 2, 1, 3))
    out = tuple(pshape[:a]) + tuple(ishape[b:]) + tuple(pshape[a + 1:])
    return wrap(ivy.reshape(g, out))


def gather_nd(params, indices, batch_dims=0, name=None):
    if _int(batch_dims) != 0:
        not_implemented("tf.gather_nd(batch_dims != 0)")
    p, idx = nat(params), nat(indices)
    k = int(idx.shape[-1])
    if k > len(p.shape):
        invalid("index innermost dimension length must be <= params rank", "GatherNd")
    for j in _range(k):
        comp = ivy.get_item(idx, (Ellipsis, j))
        _check_index_range(comp, int(p.shape[j]), "GatherNd")
    return wrap(ivy.gather_nd(p, ivy.astype(idx, "int64")))


def scatter_nd(indices, updates, shape, name=None):
    u = nat(updates)
    idx = nat(indices)
    sh = _shape_arg(shape)
    for j in _range(int(idx.shape[-1])):
        _check_index_range(ivy.get_item(idx, (Ellipsis, j)), sh[j], "ScatterNd")
    return wrap(ivy.scatter_nd(ivy.astype(idx, "int64"), u, sh, reduction="sum"))


def _tensor_scatter(op, tensor, indices, updates, reduction):
    t = nat(tensor)
    u = nat(updates, BY_NAME[name_of(t)]) if not isinstance(updates, Tensor) else updates._data
    if name_of(u) != name_of(t):
        invalid(f"cannot compute {op} as input #2(zero-based) was expected to be a "
                f"{tf_name(name_of(t))} tensor but is a {tf_name(name_of(u))} tensor", op)
    idx = nat(indices)
    for j in _range(int(idx.shape[-1])):
        _check_index_range(ivy.get_item(idx, (Ellipsis, j)), int(t.shape[j]), op)
    return wrap(ivy.scatter_nd(ivy.astype(idx, "int64"), u, tuple(int(s) for s in t.shape),
                               reduction=reduction, out=t))


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    return _tensor_scatter("TensorScatterUpdate", tensor, indices, updates, "replace")


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    return _tensor_scatter("TensorScatterAdd", tensor, indices, updates, "sum")


def tensor_scatter_nd_sub(tensor, indices, updates, name=None):
    u = nat(updates, as_dtype(name_of(nat(tensor))))
    return _tensor_scatter("TensorScatterSub", tensor, indices, wrap(ivy.negative(u)), "sum")


def tensor_scatter_nd_max(tensor, indices, updates, name=None):
    return _tensor_scatter("TensorScatterMax", tensor, indices, updates, "max")


def tensor_scatter_nd_min(tensor, indices, updates, name=None):
    return _tensor_scatter("TensorScatterMin", tensor, indices, updates, "min")


def where(condition, x=None, y=None, name=None):
    c = nat(condition)
    if x is None and y is None:
        if name_of(c) != "bool":
            c = ivy.not_equal(c, ivy.zeros_like(c))
        if len(c.shape) == 0:
            not_implemented("tf.where(condition) on a 0-d condition")
        nz = ivy.nonzero(c)
        return wrap(ivy.stack([ivy.astype(i, "int64") for i in nz], axis=-1))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    check("SelectV2", name_of(c), BOOL)
    (a, b), n = match("SelectV2", x, y)
    return wrap(ivy.where(c, a, b))


def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    t, m = nat(tensor), nat(mask)
    if name_of(m) != "bool":
        raise TypeError("mask must be a boolean tensor")
    a = 0 if axis is None else _int(axis)
    mk = len(m.shape)
    if mk == 0:
        raise ValueError("mask cannot be scalar.")
    tshape = [int(s) for s in t.shape]
    if a < 0:
        a += len(tshape)
    if tshape[a:a + mk] != [int(s) for s in m.shape]:
        raise ValueError(f"Shapes {tshape[a:a + mk]} and {list(m.shape)} are incompatible")
    flat = ivy.reshape(t, tuple(tshape[:a]) + (-1,) + tuple(tshape[a + mk:])) if len(t.shape) else t
    if int(np.prod(tshape[a:a + mk])) == 0:
        flat = ivy.reshape(t, tuple(tshape[:a]) + (0,) + tuple(tshape[a + mk:]))
    idx = ivy.nonzero(ivy.reshape(m, (-1,)))[0]
    return wrap(ivy.take(flat, ivy.astype(idx, "int64"), axis=a))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    idx = nat(indices)
    check("OneHot", name_of(idx), ("uint8", "int8", "int32", "int64"))
    depth = _int(depth)
    ont = None if on_value is None else convert_to_tensor(on_value, dtype)
    offt = None if off_value is None else convert_to_tensor(off_value, dtype)
    if dtype is not None:
        dt = as_dtype(dtype).name
    elif ont is not None:
        dt = ont.dtype.name
    elif offt is not None:
        dt = offt.dtype.name
    else:
        dt = "float32"
    if ont is not None and offt is not None and ont.dtype != offt.dtype:
        raise TypeError("dtype of on_value and off_value must be the same")
    on = nat(1 if ont is None and KIND[dt] != "b" else (True if ont is None else ont),
             as_dtype(dt)) if ont is None else ont._data
    off = nat(0 if KIND[dt] != "b" else False, as_dtype(dt)) if offt is None else offt._data
    nd = len(idx.shape)
    a = -1 if axis is None else _int(axis)
    if a < -1 or a > nd:
        invalid(f"Expected axis to be -1 or between [0, {nd}).  But received: {a}", "OneHot")
    a = nd if a == -1 else a
    e = ivy.expand_dims(ivy.astype(idx, "int64"), axis=a)
    rshape = [1] * (nd + 1)
    rshape[a] = depth
    r = ivy.reshape(ivy.arange(depth, dtype="int64"), tuple(rshape))
    return wrap(ivy.where(ivy.equal(e, r), on, off))


def reverse(tensor, axis, name=None):
    d = nat(tensor)
    ax = _ints(axis)
    nd = len(d.shape)
    for a in ax:
        if not -nd <= a < nd:
            invalid(f"'axis'[0] = {a} is out of valid range [0, {nd - 1}", "ReverseV2")
    return wrap(ivy.flip(d, axis=tuple(a % nd for a in ax)) if ax else d)


def roll(input, shift, axis, name=None):  # noqa: A002
    d = nat(input)
    s, a = _ints(shift), _ints(axis)
    if len(s) != len(a):
        invalid("shift and axis must have the same size", "Roll")
    if len(d.shape) == 0:
        return wrap(d)
    return wrap(ivy.roll(d, tuple(s), axis=tuple(a)))


def sort(values, axis=-1, direction="ASCENDING", name=None):
    d = nat(values)
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Unknown direction: {direction}")
    check("Sort", name_of(d), REAL)
    return wrap(ivy.sort(d, axis=_int(axis), descending=direction == "DESCENDING", stable=True))


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    d = nat(values)
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Unknown direction: {direction}")
    check("Sort", name_of(d), REAL)
    r = ivy.argsort(d, axis=_int(axis), descending=direction == "DESCENDING", stable=True)
    return wrap(ivy.astype(r, "int32"))


UniqueResult = collections.namedtuple("Unique", ["y", "idx"])


def unique(x, out_idx=_core.int32, name=None):
    """tf.unique: values in order of first occurrence, and each element's index into them."""
    d = nat(x)
    if len(d.shape) != 1:
        invalid("unique expects a 1D vector.", "Unique")
    vals, first, inverse, _ = ivy.unique_all(d)
    perm = ivy.argsort(first, stable=True)
    y = ivy.take(vals, perm, axis=0)
    rank_ = ivy.argsort(perm, stable=True)
    idx = ivy.take(rank_, ivy.reshape(inverse, (-1,)), axis=0)
    return UniqueResult(wrap(y), wrap(ivy.astype(idx, as_dtype(out_idx).name)))


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False,
           name=None):
    (x, y), n = match("MatMul", a, b)
    check("MatMul", n, ("bfloat16", "float16", "float32", "float64", "int32", "int64",
                        "complex64", "complex128", "int16", "int8", "uint8"))
    if len(x.shape) < 2 or len(y.shape) < 2:
        invalid(f"In[0] and In[1] has different ndims: {list(x.shape)} vs. {list(y.shape)}"
                if len(x.shape) != len(y.shape) else "In[0] ndims must be >= 2", "MatMul")
    if transpose_a or adjoint_a:
        x = ivy.matrix_transpose(x)
        if adjoint_a and KIND[n] == "c":
            x = ivy.conj(x)
    if transpose_b or adjoint_b:
        y = ivy.matrix_transpose(y)
        if adjoint_b and KIND[n] == "c":
            y = ivy.conj(y)
    if int(x.shape[-1]) != int(y.shape[-2]):
        invalid(f"Matrix size-incompatible: In[0]: {list(x.shape)}, In[1]: {list(y.shape)}",
                "MatMul")
    r = ivy.matmul(x, y)
    if output_type is not None:
        r = ivy.astype(r, as_dtype(output_type).name)
    return wrap(r)


def tensordot(a, b, axes, name=None):
    (x, y), n = match("MatMul", a, b)
    if isinstance(axes, (int, np.integer)):
        ax = int(axes)
    else:
        ax = tuple(tuple(_ints(v)) for v in axes)
    return wrap(ivy.tensordot(x, y, axes=ax))


def einsum(equation, *inputs, **kwargs):
    kwargs.pop("name", None)
    if kwargs:
        not_implemented(f"tf.einsum({', '.join(kwargs)}=...)", "options other than name")
    xs, n = match("Einsum", *inputs)
    if KIND[n] not in "fci" or n in ("int8", "int16", "uint8", "uint16", "uint32", "uint64"):
        invalid(f"Could not find device for node: Einsum with T={tf_name(n)}", "Einsum")
    return wrap(ivy.einsum(equation, *xs))


def broadcast_to(input, shape, name=None):  # noqa: A002
    d = nat(input)
    sh = _shape_arg(shape)
    try:
        ivy.broadcast_shapes(tuple(int(s) for s in d.shape), sh)
    except Exception as e:  # noqa: BLE001
        invalid(f"Incompatible shapes: {list(d.shape)} vs. {list(sh)}", "BroadcastTo")
        raise e
    if len(sh) < len(d.shape) or ivy.broadcast_shapes(tuple(int(s) for s in d.shape),
                                                      sh) != sh:
        invalid(f"Unable to broadcast tensor of shape {list(d.shape)} to tensor of shape "
                f"{list(sh)}", "BroadcastTo")
    return wrap(ivy.broadcast_to(d, sh))


def broadcast_static_shape(shape_x, shape_y):
    return _core.TensorShape(ivy.broadcast_shapes(tuple(shape_x.as_list()),
                                                  tuple(shape_y.as_list())))


def broadcast_dynamic_shape(shape_x, shape_y):
    return wrap(ivy.asarray(list(ivy.broadcast_shapes(tuple(_ints(shape_x)),
                                                      tuple(_ints(shape_y)))), dtype="int32"))


def clip_by_norm(t, clip_norm, axes=None, name=None):
    d = nat(t)
    check("ClipByNorm", name_of(d), FLOAT)
    ax = _axis_list(axes, len(d.shape))
    c = nat(clip_norm, BY_NAME[name_of(d)])
    l2sum = ivy.sum(ivy.square(d), axis=ax, keepdims=True) if ax else ivy.square(d)
    pos = ivy.greater(l2sum, 0)
    l2sum_safe = ivy.where(pos, l2sum, ivy.ones_like(l2sum))
    l2norm = ivy.where(pos, ivy.sqrt(l2sum_safe), l2sum)
    inter = ivy.multiply(d, c)
    return wrap(ivy.divide(inter, ivy.maximum(l2norm, c)))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    ts = [nat(t) for t in t_list]
    gn = nat(use_norm) if use_norm is not None else ivy.sqrt(ivy.sum(ivy.stack(
        [ivy.sum(ivy.square(d)) for d in ts])))
    c = nat(clip_norm, BY_NAME[name_of(ts[0])])
    scale = ivy.divide(c, ivy.maximum(gn, c))
    return [wrap(ivy.multiply(d, scale)) for d in ts], wrap(gn)


def global_norm(t_list, name=None):
    return wrap(ivy.sqrt(ivy.sum(ivy.stack([ivy.sum(ivy.square(nat(t))) for t in t_list]))))


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):  # noqa: A002
    d = nat(tensor)
    check("Norm", name_of(d), INEXACT)
    k = builtins.bool(keepdims)
    if axis is None:
        ax = tuple(_range(len(d.shape)))
        flat = True
    else:
        ax = tuple(a % len(d.shape) for a in _ints(axis))
        flat = len(ax) == 1
    a = ivy.abs(d)
    if ord in ("euclidean", 2, 2.0) and (flat or ord == "euclidean"):
        r = ivy.sqrt(ivy.sum(ivy.square(a), axis=ax, keepdims=k))
    elif ord == "fro" and len(ax) == 2:
        r = ivy.sqrt(ivy.sum(ivy.square(a), axis=ax, keepdims=k))
    elif flat and ord in (1, 1.0):
        r = ivy.sum(a, axis=ax, keepdims=k)
    elif flat and ord == np.inf:
        r = ivy.max(a, axis=ax, keepdims=k)
    elif flat and isinstance(ord, (int, float)) and ord > 0:
        r = ivy.pow(ivy.sum(ivy.pow(a, float(ord)), axis=ax, keepdims=k), 1.0 / ord)
    elif len(ax) == 2 and ord in (1, np.inf):
        r0, r1 = ax if ord == 1 else ax[::-1]
        s = ivy.sum(a, axis=r0, keepdims=True)
        r = ivy.max(s, axis=r1, keepdims=True)
        if not k:
            r = ivy.squeeze(r, axis=ax)
    else:
        not_implemented(f"tf.norm(ord={ord!r}, axis={axis!r})")
    return wrap(r)


def meshgrid(*args, **kwargs):
    idx = kwargs.get("indexing", "xy")
    return [wrap(r) for r in ivy.meshgrid(*[nat(a) for a in args], indexing=idx)]


def function(func=None, **kwargs):
    """tf.function: identity (the frontend runs eagerly; ivy.trace_graph / ivy.compile compile)."""
    if func is None:
        return lambda f: f
    return func


def executing_eagerly():
    return True


def is_tensor(x):
    return isinstance(x, Tensor)


def no_op(name=None):
    return None


def _np_arg(v):
    return v.numpy() if isinstance(v, Tensor) else np.asarray(v)


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):  # noqa: N803
    """tf.numpy_function, eager: ``func`` runs on NumPy values (frontend tensors as ``.numpy()``,
    other inputs through ``np.asarray``) and what it returns becomes tensors with the dtypes it
    has (eager TensorFlow does not cast to ``Tout``). A Python call, so it is not traceable:
    ``ivy.trace_graph`` records its result as a constant."""
    if func is None:
        return lambda f: numpy_function(f, inp, Tout, stateful, name)
    r = func(*[_np_arg(v) for v in (inp or [])])

    def out(e):  # NumPy values keep their dtype, Python scalars get TensorFlow's defaults
        return convert_to_tensor(np.asarray(e) if isinstance(e, np.generic) else e)

    if isinstance(r, (list, tuple)):
        return [out(e) for e in r]
    return out(r)


def _py_out(v, dt):
    if dt is None:
        return convert_to_tensor(v)
    want = as_dtype(dt)
    if isinstance(v, Tensor) and v.dtype != want:
        raise _core.InvalidArgumentError(
            f"ValueError: Tensor conversion requested dtype {want.name} for Tensor "
            f"with dtype {v.dtype.name}")
    return convert_to_tensor(v, dtype=want)


def py_function(func=None, inp=None, Tout=None, name=None):  # noqa: N803
    """tf.py_function, eager: ``func`` runs on frontend tensors; its results are converted to
    ``Tout`` (a dtype: one tensor; a list: a list; a returned tensor of another dtype raises
    InvalidArgumentError, as TensorFlow). A Python call, so it is not traceable: ``ivy.trace_graph``
    records its result as a constant."""
    if func is None:
        if Tout is None:
            raise TypeError("Missing required argument: 'Tout'")
        return lambda f: py_function(f, inp, Tout, name)
    r = func(*[v if isinstance(v, Tensor) else convert_to_tensor(v) for v in (inp or [])])
    if isinstance(Tout, (list, tuple)):
        rs = list(r) if isinstance(r, (list, tuple)) else [r]
        if len(rs) != len(Tout):
            raise _core.InvalidArgumentError(f"py_function: {len(rs)} values returned, "
                                             f"Tout has {len(Tout)}")
        return [_py_out(v, dt) for v, dt in zip(rs, Tout, strict=True)]
    if Tout is None:
        return None
    return _py_out(r, Tout)


def GradientTape(*a, **k):  # noqa: N802
    not_implemented("tf.GradientTape", "use ivy.grad on the function instead")


def gradients(*a, **k):
    not_implemented("tf.gradients", "use ivy.grad on the function instead")


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """tf.while_loop run eagerly as a Python loop over frontend calls."""
    single = not isinstance(loop_vars, (list, tuple))
    vs = [loop_vars] if single else list(loop_vars)
    i = 0
    while builtins.bool(cond(*vs)) and (maximum_iterations is None or i < maximum_iterations):
        out = body(*vs)
        vs = [out] if single else list(out)
        i += 1
    return vs[0] if single else (tuple(vs) if isinstance(loop_vars, tuple) else vs)


def cond(pred, true_fn=None, false_fn=None, name=None):
    """tf.cond run eagerly."""
    return true_fn() if builtins.bool(pred) else false_fn()


def map_fn(fn, elems, dtype=None, **kwargs):
    e = convert_to_tensor(elems)
    return stack([fn(t) for t in e])


def sequence_mask(lengths, maxlen=None, dtype=_core.bool, name=None):
    d = nat(lengths)
    m = int(np.asarray(ivy.to_numpy(ivy.max(d)))) if maxlen is None else _int(maxlen)
    r = ivy.less(ivy.arange(m, dtype=name_of(d)), ivy.expand_dims(d, axis=-1))
    return cast(wrap(r), dtype)


def squeeze_v2(*a, **k):
    return squeeze(*a, **k)


def diag(diagonal, name=None):
    d = nat(diagonal)
    n = int(d.shape[-1])
    e = ivy.astype(ivy.eye(n), "bool")
    return wrap(ivy.where(e, ivy.expand_dims(d, axis=-1), ivy.zeros_like(ivy.expand_dims(d, -1))))


def repeat(input, repeats, axis=None, name=None):  # noqa: A002
    d = nat(input)
    if axis is None:
        d = ivy.reshape(d, (-1,))
        axis = 0
    r = _ints(repeats)
    return wrap(ivy.repeat(d, r if len(r) > 1 else r[0], axis=_int(axis)))


def searchsorted(sorted_sequence, values, side="left", out_type=_core.int32, name=None):
    s, v = match("SearchSorted", sorted_sequence, values)[0]
    if len(s.shape) == 1:
        r = ivy.searchsorted(s, v, side=side)
    else:
        not_implemented("tf.searchsorted on batched sequences")
    return wrap(ivy.astype(r, as_dtype(out_type).name))


def ensure_shape(x, shape, name=None):
    t = convert_to_tensor(x)
    if not t.shape.is_compatible_with(shape):
        invalid(f"Shape of tensor {t.shape} is not compatible with expected shape "
                f"{_core.TensorShape(shape)}.", "EnsureShape")
    return t


def slice(input_, begin, size, name=None):  # noqa: A001
    """tf.slice: ``size`` -1 means to the end."""
    d = nat(input_)
    b, sz = _ints(begin), _ints(size)
    shape_ = [int(v) for v in d.shape]
    if len(b) != len(shape_) or len(sz) != len(shape_):
        invalid("Expected begin and size arguments to be 1-D tensors of size "
                f"{len(shape_)}", "Slice")
    key = []
    for bi, si, n in zip(b, sz, shape_, strict=True):
        si = n - bi if si == -1 else si
        if bi < 0 or si < 0 or bi + si > n:
            invalid(f"Expected size[i] in [0, {n - bi}], but got {si}", "Slice")
        key.append(builtins.slice(bi, bi + si))
    return wrap(ivy.get_item(d, tuple(key)) if key else d)


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    """The masks become a Python index exactly as TensorFlow's ``__getitem__`` builds them."""
    d = nat(input_)
    b, e = _ints(begin), _ints(end)
    s = [1] * len(b) if strides is None else _ints(strides)
    if not len(b) == len(e) == len(s):
        invalid("Expected begin, end, and strides to be 1D equal size tensors", "StridedSlice")
    key = []
    for i in _range(len(b)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b[i])
        else:
            if s[i] == 0:
                invalid("strides[i] must be non-zero", "StridedSlice")
            key.append(builtins.slice(None if begin_mask & bit else b[i],
                                      None if end_mask & bit else e[i], s[i]))
    return wrap(_core.getitem(d, tuple(key)))


UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def unique_with_counts(x, out_idx=_core.int32, name=None):
    y, idx = unique(x, out_idx)
    n = int(y._data.shape[0])
    oh = ivy.equal(ivy.expand_dims(idx._data, axis=0),
                   ivy.reshape(ivy.arange(n, dtype=name_of(idx._data)), (n, 1)))
    cnt = ivy.sum(ivy.astype(oh, as_dtype(out_idx).name), axis=1, dtype=as_dtype(out_idx).name)
    return UniqueWithCounts(y, idx, wrap(cnt))


def identity_n(input, name=None):  # noqa: A002
    return [identity(t) for t in input]


def parallel_stack(values, name="parallel_stack"):
    return stack(values, 0)


def unravel_index(indices, dims, name=None):
    d = nat(indices)
    dims_ = _ints(dims)
    out = []
    rem = d
    for k in _range(len(dims_) - 1, -1, -1):
        out.append(ivy.remainder(rem, dims_[k]))
        rem = ivy.floor_divide(rem, dims_[k])
    return wrap(ivy.stack(out[::-1], axis=0))


def get_static_value(tensor, partial=False):
    return tensor.numpy() if isinstance(tensor, Tensor) else np.asarray(tensor)


def complex(real, imag, name=None):  # noqa: A001
    (a, b), n = match("Complex", real, imag)
    check("Complex", n, ("float32", "float64"))
    c = {"float32": "complex64", "float64": "complex128"}[n]
    return wrap(ivy.add(ivy.astype(a, c), ivy.multiply(ivy.astype(b, c),
                                                       ivy.asarray(1j, dtype=c))))


def _assert(cond_, message, op):
    if not builtins.bool(np.all(np.asarray(ivy.to_numpy(cond_)))):
        invalid(message or "Condition x == y did not hold element-wise", op)


def assert_equal(x, y, message=None, summarize=None, name=None):
    (a, b), n = match("AssertEqual", x, y)
    _assert(ivy.equal(a, b), message, "assert_equal")


def assert_greater(x, y, message=None, summarize=None, name=None):
    (a, b), n = match("AssertGreater", x, y)
    _assert(ivy.greater(a, b), message, "assert_greater")


def assert_less(x, y, message=None, summarize=None, name=None):
    (a, b), n = match("AssertLess", x, y)
    _assert(ivy.less(a, b), message, "assert_less")


def assert_rank(x, rank_, message=None, name=None):
    if len(nat(x).shape) != _int(rank_):
        raise ValueError(message or f"Tensor must have rank {_int(rank_)}")


def Assert(condition, data, summarize=None, name=None):  # noqa: N802
    if not builtins.bool(np.all(np.asarray(ivy.to_numpy(nat(condition))))):
        invalid(f"assertion failed: {[str(v) for v in data]}", "Assert")


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    if not isinstance(branch_index, Tensor):
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    i = _int(branch_index)
    fns = dict(branch_fns) if isinstance(branch_fns, dict) else dict(enumerate(branch_fns))
    if i in fns:
        return fns[i]()
    return (default or fns[builtins.max(fns)])()


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    for p, f in pred_fn_pairs:
        if builtins.bool(p):
            return f()
    if default is None:
        invalid("None of the conditions evaluated as True", "case")
    return default()


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    e = list(convert_to_tensor(elems))
    acc = e.pop(0) if initializer is None else initializer
    for v in e:
        acc = fn(acc, v)
    return acc


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    e = list(convert_to_tensor(elems))
    acc = e.pop() if initializer is None else initializer
    for v in reversed(e):
        acc = fn(acc, v)
    return acc


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    """tf.scan on a single tensor ``elems`` (eager Python loop)."""
    e = list(convert_to_tensor(elems))
    if reverse:
        e = e[::-1]
    acc = e.pop(0) if initializer is None else initializer
    out = [acc] if initializer is None else []
    for v in e:
        acc = fn(acc, v)
        out.append(acc)
    if reverse:
        out = out[::-1]
    return stack(out)


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):  # noqa: A002
    d = nat(input)
    lens = _ints(seq_lengths)
    sa = 1 if seq_axis is None else _int(seq_axis)
    ba = 0 if batch_axis is None else _int(batch_axis)
    rows = []
    for i, n_ in enumerate(lens):
        row = ivy.get_item(d, tuple([builtins.slice(None)] * ba + [i]))
        a = sa - 1 if sa > ba else sa
        T = int(row.shape[a])
        perm = list(_range(n_ - 1, -1, -1)) + list(_range(n_, T))
        rows.append(ivy.take(row, ivy.asarray(perm, dtype="int64"), axis=a))
    return wrap(ivy.stack(rows, axis=ba))


# ---------------------------------------------------------------------------- segment ops
def _segment(op, data, segment_ids, num_segments, kind, sorted_ids):
    d, ids = nat(data), nat(segment_ids)
    check(op, name_of(d), REAL)
    n_ids = int(ids.shape[0]) if len(ids.shape) else 0
    if len(ids.shape) != 1:
        not_implemented(f"tf.math.{op} with multi-dimensional segment_ids")
    if sorted_ids:
        if n_ids and _any_host(ivy.less(ivy.get_item(ids, builtins.slice(1, None)),
                                        ivy.get_item(ids, builtins.slice(None, -1)))):
            invalid("segment ids are not increasing", op)
        n = int(np.asarray(ivy.to_numpy(ivy.max(ids)))) + 1 if n_ids else 0
    else:
        n = _int(num_segments)
    valid = ivy.logical_and(ivy.greater_equal(ids, 0), ivy.less(ids, n))
    if _any_host(ivy.greater_equal(ids, n)) or (sorted_ids and _any_host(ivy.less(ids, 0))):
        invalid(f"segment_ids must be in [0, {n})", op)  # unsorted ops drop negative ids
    rest = tuple(int(s) for s in d.shape[1:])
    nm = name_of(d)
    # rows with an out-of-range id (unsorted ops drop them) go to an extra, discarded segment
    tgt = ivy.reshape(ivy.astype(ivy.where(valid, ids, ivy.full_like(ids, n)), "int64"), (-1, 1))
    cnt = ivy.scatter_nd(tgt, ivy.ones((n_ids,), dtype="int64"), (n + 1,), reduction="sum")
    cnt = ivy.get_item(cnt, builtins.slice(0, n))
    cnt_b = ivy.reshape(cnt, (n,) + (1,) * len(rest))
    if kind in ("mean", "sqrt_n") and KIND[nm] != "f":
        not_implemented(f"tf.math.{op} on integer data")
    if kind in ("sum", "mean", "sqrt_n"):
        s = ivy.scatter_nd(tgt, d, (n + 1,) + rest, reduction="sum")
        s = ivy.get_item(s, builtins.slice(0, n))
        if kind == "mean":
            s = ivy.divide(s, ivy.astype(ivy.maximum(cnt_b, 1), nm)) if KIND[nm] == "f" else \
                ivy.floor_divide(s, ivy.astype(ivy.maximum(cnt_b, 1), nm))
        elif kind == "sqrt_n":
            s = ivy.divide(s, ivy.sqrt(ivy.astype(ivy.maximum(cnt_b, 1), nm)))
        return wrap(s)
    if kind == "prod":  # no multiplicative scatter: a [segments, rows] mask and a product
        mask = ivy.equal(ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1)),
                         ivy.reshape(ivy.astype(ids, "int64"), (1, n_ids)))
        mask = ivy.reshape(mask, (n, n_ids) + (1,) * len(rest))
        dd = ivy.expand_dims(d, axis=0)
        vals = ivy.where(mask, dd, ivy.ones_like(dd))
        return wrap(ivy.astype(ivy.prod(vals, axis=1), nm))
    lim = BY_NAME[nm]
    ident = lim.min if kind == "max" else lim.max  # TF fills empty segments with these
    init = ivy.full((n + 1,) + rest, ident, dtype=nm)
    s = ivy.scatter_nd(tgt, d, (n + 1,) + rest, reduction=kind, out=init)
    s = ivy.get_item(s, builtins.slice(0, n))
    if sorted_ids:  # segment_max/min: empty segments are 0
        s = ivy.where(ivy.equal(cnt_b, 0), ivy.zeros_like(s), s)
    return wrap(s)


def segment_sum(data, segment_ids, name=None):
    return _segment("SegmentSum", data, segment_ids, None, "sum", True)


def segment_mean(data, segment_ids, name=None):
    return _segment("SegmentMean", data, segment_ids, None, "mean", True)


def segment_max(data, segment_ids, name=None):
    return _segment("SegmentMax", data, segment_ids, None, "max", True)


def segment_min(data, segment_ids, name=None):
    return _segment("SegmentMin", data, segment_ids, None, "min", True)


def segment_prod(data, segment_ids, name=None):
    return _segment("SegmentProd", data, segment_ids, None, "prod", True)


def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentProd", data, segment_ids, num_segments, "prod", False)


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentSum", data, segment_ids, num_segments, "sum", False)


def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentMean", data, segment_ids, num_segments, "mean", False)


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentSqrtN", data, segment_ids, num_segments, "sqrt_n", False)


def unsorted_segment_max(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentMax", data, segment_ids, num_segments, "max", False)


def unsorted_segment_min(data, segment_ids, num_segments, name=None):
    return _segment("UnsortedSegmentMin", data, segment_ids, num_segments, "min", False)


# ------------------------------------------------------------------------- small math extras
def xdivy(x, y, name=None):
    (a, b), n = match("Xdivy", x, y)
    check("Xdivy", n, INEXACT)
    z = ivy.equal(a, 0)
    return wrap(ivy.where(z, ivy.zeros_like(a), ivy.divide(a, b)))


def xlog1py(x, y, name=None):
    (a, b), n = match("Xlog1py", x, y)
    check("Xlog1py", n, FLOAT)
    return wrap(ivy.where(ivy.equal(a, 0), ivy.zeros_like(a), ivy.multiply(a, ivy.log1p(b))))


def reciprocal_no_nan(x, name=None):
    d = nat(x)
    check("ReciprocalNoNan", name_of(d), INEXACT)
    z = ivy.equal(d, 0)
    return wrap(ivy.where(z, ivy.zeros_like(d), ivy.divide(ivy.ones_like(d),
                                                           ivy.where(z, ivy.ones_like(d), d))))


def nextafter(x1, x2, name=None):
    (a, b), n = match("NextAfter", x1, x2)
    check("NextAfter", n, ("float32", "float64"))
    return wrap(ivy.nextafter(a, b))


def invert_permutation(x, name=None):
    d = nat(x)
    check("InvertPermutation", name_of(d), ("int32", "int64"))
    return wrap(ivy.astype(ivy.argsort(d, stable=True), name_of(d)))


def is_non_decreasing(x, name=None):
    d = ivy.reshape(nat(x), (-1,))
    if int(d.shape[0]) < 2:
        return wrap(ivy.asarray(True))
    return wrap(ivy.all(ivy.less_equal(ivy.get_item(d, builtins.slice(None, -1)),
                                       ivy.get_item(d, builtins.slice(1, None)))))


def is_strictly_increasing(x, name=None):
    d = ivy.reshape(nat(x), (-1,))
    if int(d.shape[0]) < 2:
        return wrap(ivy.asarray(True))
    return wrap(ivy.all(ivy.less(ivy.get_item(d, builtins.slice(None, -1)),
                                 ivy.get_item(d, builtins.slice(1, None)))))


def zero_fraction(value, name=None):
    d = nat(value)
    z = ivy.equal(d, ivy.zeros_like(d)) if name_of(d) != "bool" else ivy.logical_not(d)
    return wrap(ivy.mean(ivy.astype(z, "float32")))


def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    d = nat(x)
    check("CumulativeLogsumexp", name_of(d), FLOAT)
    a = _int(axis)
    m = ivy.max(d, axis=a, keepdims=True) if int(d.shape[a]) else ivy.zeros_like(d)
    m = ivy.where(ivy.isfinite(m), m, ivy.zeros_like(m))
    e = wrap(ivy.exp(ivy.subtract(d, m)))
    c = cumsum(e, axis=a, exclusive=exclusive, reverse=reverse)._data
    return wrap(ivy.add(ivy.log(c), m))


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=_core.int32, name=None,
             axis=None, binary_output=False):
    d = ivy.reshape(nat(arr), (-1,))
    if axis is not None or binary_output:
        not_implemented("tf.math.bincount(axis=/binary_output=)")
    n = (int(np.asarray(ivy.to_numpy(ivy.max(d)))) + 1) if int(d.shape[0]) else 0
    if minlength is not None:
        n = _max(n, _int(minlength))
    if maxlength is not None:
        n = _min(n, _int(maxlength))
    keep = ivy.less(d, n)
    tgt = ivy.reshape(ivy.astype(ivy.where(keep, d, ivy.full_like(d, n)), "int64"), (-1, 1))
    dt = as_dtype(dtype).name if weights is None else name_of(nat(weights))
    w = ivy.ones(tuple(d.shape), dtype=dt) if weights is None else ivy.reshape(nat(weights),
                                                                                (-1,))
    r = ivy.scatter_nd(tgt, w, (n + 1,), reduction="sum")
    return wrap(ivy.get_item(r, builtins.slice(0, n)))


def _hist_bins(values, value_range, nbins, op):
    d = nat(values)
    check(op, name_of(d), REAL)
    rng = nat(value_range, BY_NAME[name_of(d)])
    nb = _int(nbins)
    if nb <= 0:
        invalid(f"nbins should be a positive number, but got '{nb}'", op)
    lo, hi = ivy.get_item(rng, 0), ivy.get_item(rng, 1)
    if not bool(ivy.less(lo, hi)):
        invalid("value_range should satisfy value_range[0] < value_range[1]", op)
    x = ivy.astype(d, "float64")
    lo64, hi64 = ivy.astype(lo, "float64"), ivy.astype(hi, "float64")
    scaled = ivy.divide(ivy.subtract(x, lo64), ivy.subtract(hi64, lo64))
    idx = ivy.clip(ivy.floor(ivy.multiply(scaled, float(nb))), 0.0, float(nb - 1))
    return idx, nb


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=_core.int32, name=None):
    idx, _ = _hist_bins(values, value_range, nbins, "HistogramFixedWidthBins")
    return wrap(ivy.astype(idx, as_dtype(dtype).name))


def histogram_fixed_width(values, value_range, nbins=100, dtype=_core.int32, name=None):
    idx, nb = _hist_bins(values, value_range, nbins, "HistogramFixedWidth")
    tgt = ivy.reshape(ivy.astype(idx, "int64"), (-1, 1))
    ones = ivy.ones((int(tgt.shape[0]),), dtype=as_dtype(dtype).name)
    return wrap(ivy.scatter_nd(tgt, ones, (nb,), reduction="sum"))


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    return add_n(inputs)


def _blocks(input, block_shape, amounts, op):  # noqa: A002
    d = nat(input)
    bs = [int(v) for v in np.asarray(_ints(block_shape)).reshape(-1)]
    am = np.asarray(nat(amounts) if not isinstance(amounts, (list, tuple)) else amounts)
    am = np.asarray(ivy.to_numpy(am) if not isinstance(am, np.ndarray) else am).reshape(-1, 2)
    m = len(bs)
    if am.shape[0] != m:
        invalid(f"paddings should have shape [{m}, 2] instead of {list(am.shape)}", op)
    if len(d.shape) < m + 1:
        invalid(f"input rank should be >= {m + 1} instead of {len(d.shape)}", op)
    if builtins.any(b < 1 for b in bs) or (am < 0).any():
        invalid("block shape and paddings must be non-negative", op)
    return d, bs, [(int(a), int(b)) for a, b in am]


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002
    d, bs, pads = _blocks(input, block_shape, paddings, "SpaceToBatchND")
    m = len(bs)
    d = ivy.pad(d, [(0, 0)] + pads + [(0, 0)] * (len(d.shape) - m - 1))
    shape = [int(v) for v in d.shape]
    for i, b in enumerate(bs):
        if shape[1 + i] % b:
            invalid(f"padded_shape[{i}]={shape[1 + i]} is not divisible by "
                    f"block_shape[{i}]={b}", "SpaceToBatchND")
    n, rest = shape[0], shape[1 + m:]
    split = [n]
    for i, b in enumerate(bs):
        split += [shape[1 + i] // b, b]
    x = ivy.reshape(d, tuple(split + rest))
    perm = [2 + 2 * i for i in builtins.range(m)] + [0] + [1 + 2 * i for i in builtins.range(m)] + \
        list(builtins.range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = ivy.permute_dims(x, tuple(perm))
    out = [n * int(np.prod(bs))] + [shape[1 + i] // b for i, b in enumerate(bs)] + rest
    return wrap(ivy.reshape(x, tuple(out)))


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """TF's formula: pad each block dimension's end so that the padded size is a multiple of
    the block size; returns (paddings, crops), int32 ``[num_block_dims, 2]``."""
    ins = ivy.reshape(nat(input_shape, "int32"), (-1,))
    blk = nat(block_shape, "int32")
    if len(blk.shape) != 1:
        raise ValueError(f"Shape {list(blk.shape)} must have rank 1")
    n = int(blk.shape[0])
    if n == 0:
        z = ivy.zeros((0, 2), dtype="int32")
        return wrap(z), wrap(ivy.zeros((0, 2), dtype="int32"))
    if int(ins.shape[0]) != n:
        raise ValueError(f"Shapes {[int(ins.shape[0])]} and {[n]} are incompatible")
    base = ivy.zeros((n, 2), dtype="int32") if base_paddings is None else nat(base_paddings,
                                                                              "int32")
    if tuple(base.shape) != (n, 2):
        raise ValueError(f"Shapes {list(base.shape)} and {[n, 2]} are incompatible")
    start, end = base[:, 0], base[:, 1]
    full = ivy.add(ivy.add(ins, start), end)
    extra = ivy.remainder(ivy.subtract(blk, ivy.remainder(full, blk)), blk)
    pads = ivy.stack([start, ivy.add(end, extra)], axis=1)
    crops = ivy.stack([ivy.zeros_like(extra), extra], axis=1)
    return wrap(pads), wrap(crops)


def space_to_batch(input, block_shape, paddings, name=None):  # noqa: A002
    return space_to_batch_nd(input, block_shape, paddings)


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002
    d, bs, cr = _blocks(input, block_shape, crops, "BatchToSpaceND")
    m = len(bs)
    shape = [int(v) for v in d.shape]
    prod = int(np.prod(bs))
    if shape[0] % prod:
        invalid(f"Input batch dimension ({shape[0]}) is not divisible by product of block "
                f"sizes ({prod})", "BatchToSpaceND")
    n, sp, rest = shape[0] // prod, shape[1:1 + m], shape[1 + m:]
    x = ivy.reshape(d, tuple(bs + [n] + sp + rest))
    perm = [m]
    for i in builtins.range(m):
        perm += [m + 1 + i, i]
    perm += list(builtins.range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = ivy.permute_dims(x, tuple(perm))
    full = [s * b for s, b in zip(sp, bs, strict=True)]
    x = ivy.reshape(x, tuple([n] + full + rest))
    for i, (a, b) in enumerate(cr):
        if a + b > full[i]:
            invalid("crops must not exceed the block-expanded size", "BatchToSpaceND")
    idx = (builtins.slice(None),) + tuple(builtins.slice(a, full[i] - b)
                                          for i, (a, b) in enumerate(cr))
    return wrap(ivy.get_item(x, idx))


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=_core.int32,
                     name=None):
    lab = ivy.astype(ivy.reshape(nat(labels), (-1,)), "int64")
    pre = ivy.astype(ivy.reshape(nat(predictions), (-1,)), "int64")
    if int(lab.shape[0]) != int(pre.shape[0]):
        raise ValueError("labels and predictions must have the same shape")
    ln, pn = ivy.to_numpy(lab), ivy.to_numpy(pre)
    if (ln < 0).any() or (pn < 0).any():
        invalid("labels and predictions must be non-negative", "AssertNonNegative")
    if num_classes is None:
        n = int(builtins.max(ln.max(initial=-1), pn.max(initial=-1))) + 1
    else:
        n = _int(num_classes)
        if (ln >= n).any() or (pn >= n).any():
            invalid("labels and predictions must be < num_classes", "AssertLess")
    dt = as_dtype(dtype).name
    w = ivy.ones((int(lab.shape[0]),), dtype=dt) if weights is None else \
        ivy.astype(ivy.reshape(nat(weights), (-1,)), dt)
    idx = ivy.stack([lab, pre], axis=-1)
    return wrap(ivy.scatter_nd(idx, w, (n, n), reduction="sum"))


# ------------------------------------------------------------- bitcast, vectorized_map
_UINT = {1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}


def bitcast(input, type, name=None):  # noqa: A002
    """TF's Bitcast: same item size -> ``ivy.bitcast``; a wider input gains a last axis of
    ``in_size / out_size`` little-endian pieces, a narrower one loses that last axis (split /
    joined with integer shifts and masks)."""
    d = nat(input)
    src, dst = name_of(d), as_dtype(type).name
    for t in (src, dst):
        if t == "bool" or KIND.get(t) not in ("i", "u", "f", "c"):
            invalid(f"Value for attr 'T' of {t} is not in the list of allowed values",
                    "Bitcast")
    if KIND[src] == "c" or KIND[dst] == "c":
        not_implemented("tf.bitcast", "complex dtypes")
    a, b = _core._SIZE[src], _core._SIZE[dst]
    if a == b:
        return wrap(d if src == dst else ivy.bitcast(d, dst))
    ua = ivy.bitcast(d, _UINT[a]) if src != _UINT[a] else d
    if a > b:
        r = a // b
        pieces = []
        mask = ivy.asarray((1 << (8 * b)) - 1, dtype=_UINT[a])
        for i in _range(r):
            sh = ivy.asarray(8 * b * i, dtype=_UINT[a])
            pieces.append(ivy.astype(ivy.bitwise_and(ivy.bitwise_right_shift(ua, sh), mask),
                                     _UINT[b]))
        u = ivy.stack(pieces, axis=-1)
        return wrap(u if dst == _UINT[b] else ivy.bitcast(u, dst))
    r = b // a
    if len(d.shape) == 0 or int(d.shape[-1]) != r:
        invalid(f"Cannot bitcast from {src} to {dst}: shape {list(d.shape)}", "Bitcast")
    acc = None
    for i in _range(r):
        piece = ivy.astype(ivy.get_item(ua, (Ellipsis, i)), _UINT[b])
        piece = ivy.bitwise_left_shift(piece, ivy.asarray(8 * a * i, dtype=_UINT[b]))
        acc = piece if acc is None else ivy.bitwise_or(acc, piece)
    return wrap(acc if dst == _UINT[b] else ivy.bitcast(acc, dst))


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """``fn`` over the leading axis of ``elems`` (a tensor or a nested tuple/list of tensors),
    results stacked: eagerly, as ``tf.map_fn`` (the values equal TF's pfor)."""
    def leaves(o):
        if isinstance(o, (list, tuple)):
            return [x for e in o for x in leaves(e)]
        if isinstance(o, dict):
            return [x for v in o.values() for x in leaves(v)]
        return [o]

    def build(o, i):
        if isinstance(o, (list, tuple)):
            return type(o)(build(e, i) for e in o)
        if isinstance(o, dict):
            return {k: build(v, i) for k, v in o.items()}
        t = o if isinstance(o, Tensor) else convert_to_tensor(o)
        return wrap(ivy.get_item(t._data, i))

    first = leaves(elems)[0]
    n = int(nat(first).shape[0])
    outs = [fn(build(elems, i)) for i in _range(n)]

    def stack_results(rs):
        r0 = rs[0]
        if isinstance(r0, (list, tuple)):
            return type(r0)(stack_results([r[j] for r in rs]) for j in _range(len(r0)))
        if isinstance(r0, dict):
            return {k: stack_results([r[k] for r in rs]) for k in r0}
        return stack([convert_to_tensor(r) for r in rs])

    if n == 0:
        raise ValueError("vectorized_map over an empty leading axis is not supported")
    return stack_results(outs)


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and not isinstance(_v, type(math))
           and getattr(_v, "__module__", None) == __name__]
