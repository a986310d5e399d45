"""``numpy.*`` functions as plain compositions of ``ivy.*`` calls on native arrays.

Every function converts its inputs with :func:`_ndarray.native`, asks NumPy's type resolver for
the result dtype (metadata only, see _core), casts, computes with Ivy, and wraps the result
(``ret``: a 0-d result becomes a NumPy scalar, as NumPy returns them).
"""

from __future__ import annotations

import builtins
import functools
import math
import operator

import numpy as _rnp

import ivy

from . import _core
from ._core import (BY_NAME, AxisError, cast, dtype, dtype_of, norm_axes, norm_axis,
                    not_implemented, probe, probe_key, shape_of, to_dtype)
from ._ndarray import ndarray, native, ret, wrap

_int, _float, _bool, _complex = builtins.int, builtins.float, builtins.bool, builtins.complex
_range, _abs, _min, _max, _sum, _any, _all = (builtins.range, builtins.abs, builtins.min,
                                              builtins.max, builtins.sum, builtins.any,
                                              builtins.all)
_F64, _I64, _BOOL = BY_NAME["float64"], BY_NAME["int64"], BY_NAME["bool"]
_NO = object()  # "argument not given"


def _nat(x, dt=None):
    return native(x, None if dt is None else to_dtype(dt))


def _keys(*xs):
    return tuple(probe_key(x) for x in xs)


def _dt_name(d):
    return None if d is None else to_dtype(d).name


def _no_out(name, out):
    if out is not None:
        not_implemented(f"numpy.{name}(out=...)", "Ivy arrays are returned, not written into "
                        "`out`; assign the result instead")


def _no_where(name, where):
    if where is not True:
        not_implemented(f"numpy.{name}(where=...)")


def _full_like_native(x, v):
    return ivy.full_like(x, v)


def _zeros_native(shape, dt):
    return ivy.zeros(tuple(shape), dtype=dt.ivy)._data


# =================================================================================== ufuncs
def _u(fn):
    return fn


def _isfloat(x):
    return dtype_of(x).kind in "fc"


def _int_safe_div(fn):
    def f(x, y):
        if dtype_of(x).kind in "iu":
            zero = ivy.equal(y, 0)
            r = fn(x, ivy.where(zero, ivy.ones_like(y), y))
            return ivy.where(zero, ivy.zeros_like(r), r)
        return fn(x, y)
    return f


def _maximum(x, y):
    if dtype_of(x).kind == "b":
        return ivy.logical_or(x, y)
    r = ivy.maximum(x, y)
    if _isfloat(x):
        r = ivy.where(ivy.isnan(x), x, ivy.where(ivy.isnan(y), y, r))
    return r


def _minimum(x, y):
    if dtype_of(x).kind == "b":
        return ivy.logical_and(x, y)
    r = ivy.minimum(x, y)
    if _isfloat(x):
        r = ivy.where(ivy.isnan(x), x, ivy.where(ivy.isnan(y), y, r))
    return r


def _fmax(x, y):
    r = _maximum(x, y)
    if _isfloat(x):
        r = ivy.where(ivy.isnan(x), y, ivy.where(ivy.isnan(y), x, r))
    return r


def _fmin(x, y):
    r = _minimum(x, y)
    if _isfloat(x):
        r = ivy.where(ivy.isnan(x), y, ivy.where(ivy.isnan(y), x, r))
    return r


def _power(x, y):
    if dtype_of(x).kind in "iu" and dtype_of(y).kind == "i":
        if _bool(ivy.any(ivy.less(y, 0))):
            raise ValueError("Integers to negative integer powers are not allowed.")
    if dtype_of(x).kind == "b":
        not_implemented("numpy.power on bool")
    return ivy.pow(x, y)


def _fmod(x, y):
    if dtype_of(x).kind in "iu":
        zero = ivy.equal(y, 0)
        y1 = ivy.where(zero, ivy.ones_like(y), y)
        r = ivy.remainder(x, y1)
        r = ivy.where(ivy.logical_and(ivy.not_equal(r, 0),
                                      ivy.not_equal(ivy.less(r, 0), ivy.less(x, 0))),
                      ivy.subtract(r, y1), r)
        return ivy.where(zero, ivy.zeros_like(r), r)
    r = ivy.remainder(x, y)
    fix = ivy.logical_and(ivy.not_equal(r, 0), ivy.not_equal(ivy.signbit(r), ivy.signbit(x)))
    r = ivy.where(fix, ivy.subtract(r, y), r)
    r = ivy.where(ivy.logical_and(ivy.less(ivy.abs(x), ivy.abs(y)), ivy.isfinite(x)), x, r)
    return ivy.where(ivy.equal(r, 0), ivy.copysign(r, x), r)


def _npy_divmod(x, y):
    """NumPy's float divmod (npy_divmod): floor division and remainder, Python's signs."""
    m = _fmod(x, y)
    div = ivy.divide(ivy.subtract(x, m), y)
    nz = ivy.not_equal(m, 0)
    fix = ivy.logical_and(nz, ivy.not_equal(ivy.less(y, 0), ivy.less(m, 0)))
    m = ivy.where(fix, ivy.add(m, y), m)
    div = ivy.where(fix, ivy.subtract(div, 1), div)
    m = ivy.where(nz, m, ivy.copysign(ivy.zeros_like(m), y))
    fl = ivy.floor(div)
    fl = ivy.where(ivy.greater(ivy.subtract(div, fl), 0.5), ivy.add(fl, 1), fl)
    q = ivy.divide(x, y)
    fl = ivy.where(ivy.equal(div, 0), ivy.copysign(ivy.zeros_like(div), q), fl)
    zero = ivy.equal(y, 0)
    fl = ivy.where(zero, q, fl)
    m = ivy.where(zero, _fmod(x, y), m)
    return fl, m


def _remainder(x, y):
    if dtype_of(x).kind in "iu":
        return _int_safe_div(ivy.remainder)(x, y)
    return _npy_divmod(x, y)[1]


def _floor_divide(x, y):
    if dtype_of(x).kind in "iu":
        return _int_safe_div(ivy.floor_divide)(x, y)
    if dtype_of(x).kind == "b":
        not_implemented("numpy.floor_divide on bool")
    return _npy_divmod(x, y)[0]


def _reciprocal(x):
    if dtype_of(x).kind in "iu":
        return ivy.where(ivy.equal(ivy.abs(x), 1), x, ivy.zeros_like(x))
    return ivy.reciprocal(x)


def _cbrt(x):
    return ivy.multiply(ivy.sign(x), ivy.pow(ivy.abs(x), ivy.full_like(x, 1.0 / 3)))


def _sign(x):
    if dtype_of(x).kind == "b":
        not_implemented("numpy.sign on bool")
    if dtype_of(x).kind == "c":
        a = ivy.abs(x)
        return ivy.where(ivy.equal(a, 0), ivy.zeros_like(x), ivy.divide(x, ivy.astype(
            a, dtype_of(x).ivy)))
    r = ivy.sign(x)
    return ivy.where(ivy.isnan(x), x, r) if _isfloat(x) else r


def _heaviside(x, h):
    r = ivy.where(ivy.less(x, 0), ivy.zeros_like(x), ivy.where(ivy.greater(x, 0),
                                                               ivy.ones_like(x), h))
    return ivy.where(ivy.isnan(x), x, r)


def _ldexp(x, e):
    return ivy.multiply(x, ivy.pow(ivy.full_like(x, 2.0), ivy.astype(e, dtype_of(x).ivy)))


def _logaddexp2(x, y):
    ln2 = math.log(2.0)
    return ivy.divide(ivy.logaddexp(ivy.multiply(x, ln2), ivy.multiply(y, ln2)), ln2)


def _logaddexp(x, y):
    r = ivy.logaddexp(x, y)
    same_inf = ivy.logical_and(ivy.isinf(x), ivy.equal(x, y))
    return ivy.where(same_inf, x, r)


def _exp2(x):
    return ivy.pow(ivy.full_like(x, 2.0), x)


def _deg2rad(x):
    return ivy.multiply(x, math.pi / 180)


def _rad2deg(x):
    return ivy.multiply(x, 180 / math.pi)


def _bool_to(fn_bool, fn):
    def f(*xs):
        if dtype_of(xs[0]).kind == "b":
            return fn_bool(*xs)
        return fn(*xs)
    return f


def _divmod(x, y):
    if dtype_of(x).kind in "fc":
        return _npy_divmod(x, y)
    return _floor_divide(x, y), _remainder(x, y)


def _modf(x):
    i = ivy.trunc(x)
    f = ivy.subtract(x, i)
    f = ivy.where(ivy.isinf(x), ivy.copysign(ivy.zeros_like(x), x), f)
    return ivy.copysign(f, x), i


def _frexp(x):
    """(mantissa in [0.5, 1), exponent) from log2 in float64 (exact: scaling by powers of 2),
    one correction step for log2's rounding; 0, inf and NaN give (x, 0)."""
    xf = ivy.astype(x, "float64")
    ok = ivy.logical_and(ivy.isfinite(xf), ivy.not_equal(xf, 0))
    a = ivy.where(ok, ivy.abs(xf), ivy.ones_like(xf))
    e = ivy.floor(ivy.log2(a)) + 1.0
    h = ivy.floor(e / 2.0)
    two = ivy.full_like(xf, 2.0)
    m = ivy.divide(ivy.divide(xf, ivy.pow(two, h)), ivy.pow(two, e - h))
    am = ivy.abs(m)
    big, small = ivy.greater_equal(am, 1.0), ivy.less(am, 0.5)
    m = ivy.where(big, m / 2.0, ivy.where(small, m * 2.0, m))
    e = ivy.where(big, e + 1.0, ivy.where(small, e - 1.0, e))
    m = ivy.where(ok, m, xf)
    e = ivy.where(ok, e, ivy.zeros_like(e))
    return ivy.astype(m, dtype_of(x).ivy), e


def _spacing(x):
    return ivy.subtract(ivy.nextafter(x, ivy.copysign(ivy.full_like(x, math.inf), x)), x)


def _bitwise_count(x):
    """Set bits of |x| (two's complement, as NumPy: the most negative value counts 1)."""
    dt = dtype_of(x)
    if dt.kind == "b":
        return ivy.astype(x, "uint8")
    a = ivy.abs(x) if dt.kind == "i" else x
    one = ivy.ones_like(a)
    cnt = ivy.zeros_like(a)
    for k in _range(dt.itemsize * 8):
        cnt = ivy.add(cnt, ivy.bitwise_and(ivy.bitwise_right_shift(a, ivy.full_like(a, k)), one))
    return cnt


def _left_shift(x, y):
    return ivy.bitwise_left_shift(x, y)


def _right_shift(x, y):
    return ivy.bitwise_right_shift(x, y)


def _isposinf(x):
    return ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0))


def _gcd(x, y):
    a, b = ivy.abs(x), ivy.abs(y)
    for _ in _range(64 if dtype_of(x).itemsize >= 8 else 48):
        nz = ivy.not_equal(b, 0)
        if not _bool(ivy.any(nz)):
            break
        r = ivy.remainder(a, ivy.where(nz, b, ivy.ones_like(b)))
        a, b = ivy.where(nz, b, a), ivy.where(nz, r, b)
    return a


def _lcm(x, y):
    g = _gcd(x, y)
    zero = ivy.equal(g, 0)
    r = ivy.abs(ivy.multiply(ivy.floor_divide(x, ivy.where(zero, ivy.ones_like(g), g)), y))
    return ivy.where(zero, ivy.zeros_like(r), r)


_COMPARISONS = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}


class ufunc:  # noqa: N801 - numpy's name
    """A NumPy ufunc: type resolution as NumPy 2 (asked of NumPy's resolver), computation by
    ``impl`` over Ivy on operands cast to the loop dtypes."""

    def __init__(self, name, nin, impl, nout=1, np_name=None, identity=None):
        self.__name__ = name
        self.nin, self.nout, self.nargs = nin, nout, nin + nout
        self.impl = impl
        self._np = np_name or name
        self.identity = identity

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, *args, out=None, where=True, dtype=None, casting="same_kind", order="K",
                 subok=True, signature=None):
        if len(args) != self.nin:
            if len(args) > self.nin:
                out = args[self.nin]
            else:
                raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nargs} "
                                f"positional arguments but {len(args)} were given")
        if out is not None and not (isinstance(out, tuple) and _all(o is None for o in out)):
            _no_out(self.__name__, out)
        _no_where(self.__name__, where)
        keys = tuple(probe_key(a) for a in args[:self.nin])
        if self.__name__ in _COMPARISONS and _int in keys:
            keys = self._widen_ints(args, keys)
        ins, outs = _core.ufunc_loop(self._np, keys, _dt_name(dtype))
        xs = [native(a, BY_NAME[d]) for a, d in zip(args, ins)]
        r = self.impl(*xs)
        if self.nout == 1:
            return ret(cast(r, BY_NAME[outs[0]]))
        return tuple(ret(cast(e, BY_NAME[o])) for e, o in zip(r, outs))

    @staticmethod
    def _widen_ints(args, keys):
        """NumPy 2 compares an integer array with an out-of-range Python int exactly."""
        ks = list(keys)
        for i, (o, k) in enumerate(zip(args, keys)):
            if k is _int:
                other = [kk for kk in keys if isinstance(kk, str)]
                if other and BY_NAME[other[0]].kind in "iu":
                    info = _rnp.iinfo(other[0])
                    if not info.min <= o <= info.max:
                        ks[i] = "int64" if -2 ** 63 <= o < 2 ** 63 else "float64"
                        for j, kk in enumerate(keys):
                            if isinstance(kk, str):
                                ks[j] = "int64" if ks[i] == "int64" and kk != "uint64" \
                                    else "float64"
        return tuple(ks)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NO,
               where=True):
        fn = _UFUNC_REDUCE.get(self.__name__)
        if fn is None:
            if self.nin != 2 or self.nout != 1:
                not_implemented(f"numpy.{self.__name__}.reduce")
            return self._fold(array, axis, dtype, out, keepdims, initial, where)
        kw = {} if initial is _NO else {"initial": initial}
        if dtype is not None:
            kw["dtype"] = dtype
        return fn(array, axis=axis, out=out, keepdims=keepdims, where=where, **kw)

    def _fold(self, array, axis, dtype, out, keepdims, initial, where):
        """``reduce`` of a binary ufunc without a dedicated reduction (``logaddexp``,
        ``subtract``, ``hypot``...) as NumPy computes it: the operands cast to the loop dtype,
        then the ufunc applied along the axis -- in order for the ufuncs NumPy does not
        reorder, as a pairwise tree (log2(n) applications) for those it does."""
        name = f"{self.__name__}.reduce"
        if self.__name__ in _LAYOUT_DEPENDENT_REDUCE:
            not_implemented(f"numpy.{name}", "NumPy's own result depends on the memory layout "
                            "(its contiguous loop does not reduce in order)")
        _no_out(name, out)
        _no_where(name, where)
        x = asarray(array)
        ins, _ = _core.ufunc_loop(self._np, (probe_key(x),) * 2, _dt_name(dtype))
        if ins[0] != x.dtype.name:
            x = x.astype(ins[0])
        nd = x.ndim
        axes = tuple(range(nd)) if axis is None else \
            tuple(norm_axis(a, nd) for a in (axis if isinstance(axis, tuple) else (axis,)))
        np_uf = getattr(_rnp, self._np)
        if len(axes) > 1 and not _reorderable(self._np, ins[0]):
            raise ValueError(f"reduction operation '{self.__name__}' is not reorderable, so at "
                             "most one axis may be specified")
        rest = [i for i in range(nd) if i not in axes]
        rest_shape = tuple(x.shape[i] for i in rest)
        n = math.prod(x.shape[i] for i in axes)
        shape0 = x.shape
        x = x.transpose(tuple(axes) + tuple(rest)).reshape((n,) + rest_shape)
        parts = [x[i] for i in range(n)]
        if initial is not _NO or not parts:
            init = np_uf.identity if initial is _NO else initial
            if init is None:
                raise ValueError(f"zero-size array to reduction operation {self.__name__} "
                                 "which has no identity")
            parts.insert(0, full(rest_shape, init, dtype=x.dtype))
        if _reorderable(self._np, ins[0]):
            while len(parts) > 1:
                parts = [self(parts[i], parts[i + 1]) if i + 1 < len(parts) else parts[i]
                         for i in range(0, len(parts), 2)]
            r = parts[0]
        else:
            r = parts[0]
            for p_ in parts[1:]:
                r = self(r, p_)
        r = asarray(r)
        if dtype is not None and r.dtype.name != _dt_name(dtype):
            r = r.astype(dtype)
        if keepdims:
            r = r.reshape(tuple(1 if i in axes else d for i, d in enumerate(shape0)))
        return ret(r._data)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        fn = {"add": cumsum, "multiply": cumprod}.get(self.__name__)
        if fn is not None:
            return fn(array, axis=axis, dtype=dtype, out=out)
        if self.__name__ not in _IDEMPOTENT or self.nin != 2:
            not_implemented(f"numpy.{self.__name__}.accumulate")
        _no_out(f"{self.__name__}.accumulate", out)
        # an inclusive scan by doubling (Hillis-Steele): log2(n) applications of the ufunc,
        # exact for idempotent operations (op(a, a) == a), where the first k entries may
        # combine with themselves
        x = asarray(array)
        if dtype is not None:
            x = x.astype(dtype)
        if x.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        ax = norm_axis(axis, x.ndim)
        n = x.shape[ax]
        pre = (slice(None),) * ax
        r, k = x, 1
        while k < n:
            r = self(r, concatenate([r[pre + (slice(0, k),)], r[pre + (slice(0, n - k),)]],
                                    axis=ax))
            k *= 2
        return r if dtype is not None else r.astype(x.dtype)

    def outer(self, A, B, **kwargs):
        a, b = asarray(A), asarray(B)
        return self(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)

    def at(self, a, indices, b=None):
        """Unbuffered ``a[indices] op= b`` (repeated indices accumulate) for add, subtract,
        maximum and minimum, as ``ivy.scatter_nd``; integer-array (or int) indices, one per
        leading axis. ``a`` (a frontend array) is updated in place and also returned."""
        red = {"add": "sum", "subtract": "sum", "maximum": "max", "minimum": "min"}.get(
            self.__name__)
        if red is None or b is None:
            not_implemented(f"numpy.{self.__name__}.at", "only add/subtract/maximum/minimum "
                            "with values")
        arr = asarray(a)
        idx = indices if isinstance(indices, tuple) else (indices,)
        if _any(isinstance(i, slice) or i is Ellipsis or i is None for i in idx):
            not_implemented(f"numpy.{self.__name__}.at with slices in the index")
        idx = [asarray(i) for i in idx]
        if _any(i.dtype.kind not in "iu" for i in idx):
            not_implemented(f"numpy.{self.__name__}.at with a non-integer index")
        if len(idx) > arr.ndim:
            raise IndexError("too many indices for array")
        idx = broadcast_arrays(*idx)
        idx = [where(i < 0, i + arr.shape[k], i).astype(_I64) for k, i in enumerate(idx)]
        vals = asarray(b)
        rt = result_type(arr, vals)
        if not can_cast(rt, arr.dtype, "same_kind"):
            raise TypeError(f"Cannot cast ufunc '{self.__name__}' output from {rt!r} to "
                            f"{arr.dtype!r} with casting rule 'same_kind'")
        if self.__name__ == "subtract":
            vals = negative(vals)  # noqa: F821 - a ufunc (module globals)
        upd_shape = tuple(idx[0].shape) + tuple(arr.shape[len(idx):])
        vals = broadcast_to(vals.astype(arr.dtype), upd_shape)
        ind = stack(idx, axis=-1)
        r = ivy.scatter_nd(native(ind), native(vals), tuple(arr.shape), reduction=red,
                           out=native(arr))
        r = wrap(cast(r, arr.dtype))
        if isinstance(a, ndarray):
            a._assign(r._data)
        return r


_IDEMPOTENT = frozenset({"maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or",
                         "bitwise_and", "bitwise_or"})

_UNARY = {
    "absolute": _bool_to(lambda x: x, ivy.abs), "fabs": ivy.abs, "negative": ivy.negative,
    "positive": ivy.positive, "sign": _sign, "sqrt": ivy.sqrt, "square": ivy.square,
    "exp": ivy.exp, "exp2": _exp2, "expm1": ivy.expm1, "log": ivy.log, "log2": ivy.log2,
    "log10": ivy.log10, "log1p": ivy.log1p, "sin": ivy.sin, "cos": ivy.cos, "tan": ivy.tan,
    "arcsin": ivy.asin, "arccos": ivy.acos, "arctan": ivy.atan, "sinh": ivy.sinh,
    "cosh": ivy.cosh, "tanh": ivy.tanh, "arcsinh": ivy.asinh, "arccosh": ivy.acosh,
    "arctanh": ivy.atanh, "floor": _bool_to(lambda x: x, ivy.floor),
    "ceil": _bool_to(lambda x: x, ivy.ceil), "trunc": _bool_to(lambda x: x, ivy.trunc),
    "rint": ivy.round, "isnan": ivy.isnan, "isinf": ivy.isinf, "isfinite": ivy.isfinite,
    "signbit": ivy.signbit, "logical_not": ivy.logical_not,
    "invert": _bool_to(ivy.logical_not, ivy.bitwise_invert), "conjugate": ivy.conj,
    "reciprocal": _reciprocal, "cbrt": _cbrt, "deg2rad": _deg2rad, "radians": _deg2rad,
    "rad2deg": _rad2deg, "degrees": _rad2deg, "spacing": _spacing,
    "bitwise_count": _bitwise_count,
}
_BINARY = {
    "add": _bool_to(ivy.logical_or, ivy.add), "subtract": ivy.subtract,
    "multiply": _bool_to(ivy.logical_and, ivy.multiply), "divide": ivy.divide,
    "floor_divide": _floor_divide, "remainder": _remainder, "fmod": _fmod,
    "power": _power, "float_power": ivy.pow, "maximum": _maximum, "minimum": _minimum,
    "fmax": _fmax, "fmin": _fmin, "arctan2": ivy.atan2, "hypot": ivy.hypot,
    "copysign": ivy.copysign, "nextafter": ivy.nextafter, "logaddexp": _logaddexp,
    "logaddexp2": _logaddexp2, "ldexp": _ldexp, "heaviside": _heaviside, "equal": ivy.equal,
    "not_equal": ivy.not_equal, "less": ivy.less, "less_equal": ivy.less_equal,
    "greater": ivy.greater, "greater_equal": ivy.greater_equal,
    "logical_and": ivy.logical_and, "logical_or": ivy.logical_or,
    "logical_xor": ivy.logical_xor, "bitwise_and": ivy.bitwise_and,
    "bitwise_or": ivy.bitwise_or, "bitwise_xor": ivy.bitwise_xor, "left_shift": _left_shift,
    "right_shift": _right_shift, "gcd": _gcd, "lcm": _lcm,
}
_IDENT = {"add": 0, "multiply": 1, "logical_and": True, "logical_or": False}
UFUNCS = {}
for _n, _f in _UNARY.items():
    UFUNCS[_n] = ufunc(_n, 1, _f)
for _n, _f in _BINARY.items():
    UFUNCS[_n] = ufunc(_n, 2, _f, identity=_IDENT.get(_n))
UFUNCS["divmod"] = ufunc("divmod", 2, _divmod, nout=2)
UFUNCS["modf"] = ufunc("modf", 1, _modf, nout=2)
UFUNCS["frexp"] = ufunc("frexp", 1, _frexp, nout=2)
globals().update(UFUNCS)
# aliases NumPy 2 keeps
abs = absolute = UFUNCS["absolute"]  # noqa: A001
true_divide = UFUNCS["divide"]
mod = UFUNCS["remainder"]
conj = UFUNCS["conjugate"]
bitwise_not = bitwise_invert = UFUNCS["invert"]
bitwise_left_shift, bitwise_right_shift = UFUNCS["left_shift"], UFUNCS["right_shift"]
acos, asin, atan, atan2 = UFUNCS["arccos"], UFUNCS["arcsin"], UFUNCS["arctan"], \
    UFUNCS["arctan2"]
acosh, asinh, atanh = UFUNCS["arccosh"], UFUNCS["arcsinh"], UFUNCS["arctanh"]
pow = UFUNCS["power"]  # noqa: A001


def isposinf(x, out=None):
    _no_out("isposinf", out)
    x = _nat(x)
    if dtype_of(x).kind == "c":
        raise TypeError("This operation is not supported for complex values because it would "
                        "be ambiguous.")
    return ret(ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0)) if _isfloat(x) else
               ivy.zeros_like(x, dtype="bool"))


def isneginf(x, out=None):
    _no_out("isneginf", out)
    x = _nat(x)
    if dtype_of(x).kind == "c":
        raise TypeError("This operation is not supported for complex values because it would "
                        "be ambiguous.")
    return ret(ivy.logical_and(ivy.isinf(x), ivy.less(x, 0)) if _isfloat(x) else
               ivy.zeros_like(x, dtype="bool"))


def fix(x, out=None):
    _no_out("fix", out)
    return trunc(x) if dtype_of(_nat(x)).kind in "fc" else asarray(x).copy()


def around(a, decimals=0, out=None):
    _no_out("round", out)
    x = _nat(a)
    k = dtype_of(x).kind
    if k == "b" or (k in "iu" and decimals >= 0):
        return ret(ivy.astype(x, dtype_of(x).ivy, copy=True))
    if k in "iu":
        f = 10 ** (-decimals)
        y = ivy.astype(ivy.round(ivy.divide(ivy.astype(x, "float64"), f)), "float64")
        return ret(ivy.astype(ivy.multiply(y, f), dtype_of(x).ivy))
    if decimals == 0:
        return ret(ivy.round(x))
    if decimals > 0:
        f = 10.0 ** decimals
        return ret(ivy.divide(ivy.round(ivy.multiply(x, f)), f))
    f = 10.0 ** (-decimals)
    return ret(ivy.multiply(ivy.round(ivy.divide(x, f)), f))


round = around  # noqa: A001


def real(val):
    x = _nat(val)
    if dtype_of(x).kind == "c":
        return ret(ivy.real(x))
    return wrap(x) if isinstance(val, ndarray) and not getattr(val, "_frontend_dtype", None) \
        else ret(x)


def imag(val):
    x = _nat(val)
    if dtype_of(x).kind == "c":
        return ret(ivy.imag(x))
    return ret(ivy.zeros_like(x))


def angle(z, deg=False):
    x = _nat(z)
    if dtype_of(x).kind != "c":
        x = cast(x, BY_NAME[probe("angle", (dtype_of(x).name,))])
        r = ivy.atan2(ivy.zeros_like(x), x)
    else:
        r = ivy.atan2(ivy.imag(x), ivy.real(x))
    return ret(ivy.multiply(r, 180 / math.pi) if deg else r)


def sinc(x):
    x = _nat(x)
    x = cast(x, BY_NAME[probe("sinc", (dtype_of(x).name,))])
    y = ivy.multiply(x, math.pi)
    zero = ivy.equal(x, 0)
    y1 = ivy.where(zero, ivy.ones_like(y), y)
    return ret(ivy.where(zero, ivy.ones_like(y), ivy.divide(ivy.sin(y1), y1)))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = _nat(x)
    d = dtype_of(a)
    if d.kind not in "fc":
        return wrap(a) if not copy else asarray(x).copy()
    if d.kind == "c":
        re = nan_to_num(wrap(ivy.real(a)), True, nan, posinf, neginf)._data
        im = nan_to_num(wrap(ivy.imag(a)), True, nan, posinf, neginf)._data
        r = ivy.add(ivy.astype(re, d.ivy), ivy.multiply(ivy.astype(im, d.ivy), 1j))
    else:
        info = _rnp.finfo(d._np)
        hi = _float(info.max) if posinf is None else posinf
        lo = _float(info.min) if neginf is None else neginf
        r = ivy.where(ivy.isnan(a), ivy.full_like(a, nan), a)
        r = ivy.where(ivy.logical_and(ivy.isinf(a), ivy.greater(a, 0)), ivy.full_like(a, hi), r)
        r = ivy.where(ivy.logical_and(ivy.isinf(a), ivy.less(a, 0)), ivy.full_like(a, lo), r)
    if not copy and isinstance(x, ndarray):
        return x._assign(r)
    return ret(r)


def clip(a, a_min=_NO, a_max=_NO, out=None, *, min=_NO, max=_NO, **kwargs):  # noqa: A002
    _no_out("clip", out)
    lo = a_min if a_min is not _NO else (min if min is not _NO else None)
    hi = a_max if a_max is not _NO else (max if max is not _NO else None)
    if lo is None and hi is None and (a_min is _NO and min is _NO):
        raise TypeError("clip() missing required arguments 'a_min' and 'a_max'")
    r = a
    ops = [o for o in (a, lo, hi) if o is not None]
    rt = BY_NAME[_core.result_type_keys(*_keys(*ops))]
    if dtype_of(_nat(a)).kind in "iu" and rt.kind == "f" and _all(
            not isinstance(o, ndarray) for o in (lo, hi)):
        rt = dtype_of(_nat(a))
        not_implemented("numpy.clip with float bounds on an integer array") if _any(
            isinstance(o, _float) for o in (lo, hi)) else None
    x = _nat(r, rt)
    if lo is not None:
        x = _maximum(x, _nat(lo, rt))
    if hi is not None:
        x = _minimum(x, _nat(hi, rt))
    return ret(x)


# ================================================================================ creation
def _has_frontend_array(o):
    return isinstance(o, ndarray) or (isinstance(o, (list, tuple)) and
                                      _any(_has_frontend_array(e) for e in o))


def _nested_to_array(obj):
    """``np.array([a, b, 1.0])`` with frontend arrays inside: each element an array (Python
    scalars at NumPy's default dtypes, as ``np.array`` of a list), promoted and stacked."""
    if isinstance(obj, ndarray):
        return obj
    if isinstance(obj, (list, tuple)) and _has_frontend_array(obj):
        parts = [_nested_to_array(e) for e in obj]
        shapes = {p.shape for p in parts}
        if len(shapes) != 1:
            raise ValueError("setting an array element with a sequence. The requested array "
                             "has an inhomogeneous shape after 1 dimensions.")
        rt = result_type(*[p.dtype for p in parts])
        return stack([p if p.dtype == rt else p.astype(rt) for p in parts])
    return array(obj)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None):  # noqa: A002
    d = None if dtype is None else to_dtype(dtype)
    if isinstance(object, ndarray):
        x = object._data
        x = cast(x, d) if d is not None else x
        if copy and x is object._data:
            x = ivy.astype(x, dtype_of(x).ivy, copy=True)
    else:
        if isinstance(object, (list, tuple)) and _has_frontend_array(object):
            # stacked with Ivy (not read into NumPy: the values may be traced)
            x = _nested_to_array(object)._data
            x = cast(x, d) if d is not None else x
        else:
            x = native(object, d)
        if d is None and isinstance(object, (_int, _float, _bool, _complex)):
            pass
    if ndmin and len(x.shape) < ndmin:
        x = ivy.reshape(x, (1,) * (ndmin - len(x.shape)) + shape_of(x))
    return wrap(x)


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    if isinstance(a, ndarray) and type(a) is ndarray and (dtype is None or
                                                          to_dtype(dtype) == a.dtype):
        return a
    return array(a, dtype, copy=_bool(copy))


asanyarray = asarray


def ascontiguousarray(a, dtype=None, *, like=None):
    r = asarray(a, dtype)
    return r.reshape(1) if r.ndim == 0 else r


asfortranarray = ascontiguousarray


def _shape_arg(shape):
    if isinstance(shape, (list, tuple)):
        return tuple(operator.index(s) for s in shape)
    return (operator.index(shape),)


def zeros(shape, dtype=float, order="C", *, device=None, like=None):
    return wrap(ivy.zeros(_shape_arg(shape), dtype=to_dtype(dtype).ivy))


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    return wrap(ivy.ones(_shape_arg(shape), dtype=to_dtype(dtype).ivy))


def empty(shape, dtype=float, order="C", *, device=None, like=None):
    """Zero-filled (NumPy leaves the memory uninitialised)."""
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    if dtype is None:
        d = BY_NAME[_rnp.asarray(fill_value).dtype.name] if not isinstance(fill_value, ndarray) \
            else fill_value.dtype
    else:
        d = to_dtype(dtype)
    v = _nat(fill_value)
    return wrap(ivy.broadcast_to(cast(v, d), _shape_arg(shape)))\
        .copy() if isinstance(fill_value, ndarray) or not isinstance(
            fill_value, (_int, _float, _bool, _complex)) else \
        wrap(ivy.full(_shape_arg(shape), fill_value if d.kind != "b" else _bool(fill_value),
                      dtype=d.ivy))


def _like(name, fill):
    def f(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
        x = _nat(a)
        d = dtype_of(x) if dtype is None else to_dtype(dtype)
        s = shape_of(x) if shape is None else _shape_arg(shape)
        if fill is None:
            return zeros(s, d)
        return full(s, fill, d)
    f.__name__ = name
    return f


zeros_like = _like("zeros_like", None)
ones_like = _like("ones_like", 1)
empty_like = _like("empty_like", None)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    x = _nat(a)
    d = dtype_of(x) if dtype is None else to_dtype(dtype)
    s = shape_of(x) if shape is None else _shape_arg(shape)
    if d.kind in "iub" and isinstance(fill_value, _float):
        if fill_value != fill_value:
            raise ValueError("cannot convert float NaN to integer")
        fill_value = _int(fill_value) if d.kind != "b" else _bool(fill_value)
    if d.kind in "iu":
        _core.check_int_scalar(fill_value, d) if isinstance(fill_value, _int) else None
    return full(s, fill_value, d)


def arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None):
    if start is None and stop is None:
        raise TypeError("arange() requires stop to be specified.")
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if step == 0:
        raise ZeroDivisionError("division by zero")
    vals = [v.item() if isinstance(v, ndarray) else v for v in (start, stop, step)]
    d = to_dtype(dtype) if dtype is not None else BY_NAME[_core.result_type_keys(
        *[probe_key(v) for v in (start, stop, step)])]
    if d.kind == "b":
        not_implemented("numpy.arange(dtype=bool)")
    n = _max(0, math.ceil((vals[1] - vals[0]) / vals[2]))
    if d.kind in "iu" and _all(isinstance(v, _int) for v in vals):
        return wrap(ivy.arange(vals[0], vals[1], vals[2], dtype=d.ivy))
    # float steps: start + i*step as NumPy computes them (in float64)
    i = ivy.arange(0, n, 1, dtype="float64")._data
    r = ivy.add(ivy.multiply(i, _float(vals[2])), _float(vals[0]))
    return wrap(cast(r, d))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s, e = _nat(start), _nat(stop)
    rt = BY_NAME[_core.result_type_keys(probe_key(start), probe_key(stop), _float)]
    if rt.kind not in "fc":
        rt = _F64
    s, e = cast(s, rt), cast(e, rt)
    div = (num - 1) if endpoint else num
    i = ivy.arange(0, num, 1, dtype=rt.ivy if rt.kind == "f" else "float64")._data
    shp = shape_of(s) if len(s.shape) >= len(e.shape) else shape_of(e)
    ib = ivy.reshape(i, (num,) + (1,) * len(shp))
    delta = ivy.subtract(e, s)
    if div > 0:
        step = ivy.divide(delta, div)
        r = ivy.add(ivy.multiply(ib, step), s)
        if endpoint and num > 1:
            r = ivy.concat([ivy.get_item(r, slice(0, num - 1)),
                            ivy.expand_dims(ivy.broadcast_to(e, shape_of(r)[1:]), axis=0)],
                           axis=0)
    else:
        step = _float("nan")
        r = ivy.add(ivy.multiply(ib, delta), s)
    if axis != 0:
        r = ivy.moveaxis(r, 0, axis)
    d = rt if dtype is None else to_dtype(dtype)
    if d.kind in "iu":
        r = ivy.floor(r)
    out = wrap(cast(r, d))
    if retstep:
        return out, (ret(ivy.asarray(step)._data if isinstance(step, _float) else step)
                     if not (isinstance(step, _float) and step != step) else _float("nan"))
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = linspace(start, stop, num, endpoint, axis=axis)
    r = power(base, y)
    return r if dtype is None else r.astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    sgn = -1.0 if (start < 0 and stop < 0) else 1.0
    ls, le = math.log10(_abs(start)), math.log10(_abs(stop))
    r = logspace(ls, le, num, endpoint, 10.0, axis=axis) * sgn
    if num > 0:
        r[0] = start
        if endpoint and num > 1:
            r[-1] = stop
    return r if dtype is None else r.astype(dtype)


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    return wrap(ivy.eye(N, M if M is not None else N, k=k, dtype=to_dtype(dtype).ivy))


def identity(n, dtype=None, *, like=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    return wrap(ivy.tril(ivy.ones((N, N if M is None else M), dtype=to_dtype(dtype).ivy)._data,
                         k=k))


def tril(m, k=0):
    x = _nat(m)
    if len(x.shape) < 2:
        not_implemented("numpy.tril of a 1-d array")
    return wrap(ivy.tril(x, k=k))


def triu(m, k=0):
    x = _nat(m)
    if len(x.shape) < 2:
        not_implemented("numpy.triu of a 1-d array")
    return wrap(ivy.triu(x, k=k))


def diag(v, k=0):
    x = _nat(v)
    if len(x.shape) == 1:
        n = shape_of(x)[0]
        m = n + _abs(k)
        out = _zeros_native((m, m), dtype_of(x))
        if n == 0:
            return wrap(out)
        idx = ivy.arange(0, n, 1, dtype="int64")._data
        rows = ivy.add(idx, _max(-k, 0))
        cols = ivy.add(idx, _max(k, 0))
        return wrap(ivy.set_item(out, (rows, cols), x))
    if len(x.shape) == 2:
        return diagonal(wrap(x), k)
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    return diag(ravel(v), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = _nat(a)
    nd = len(x.shape)
    if nd < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1, a2 = norm_axis(axis1, nd), norm_axis(axis2, nd)
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    x = ivy.moveaxis(x, (a1, a2), (-2, -1))
    return wrap(ivy.linalg.diagonal(x, offset=offset))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    _no_out("trace", out)
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    xs = [ravel(x) for x in xi]
    if sparse:
        n = len(xs)
        out = []
        for i, x in enumerate(xs):
            shp = [1] * n
            shp[i] = x.size
            if indexing == "xy" and n >= 2 and i < 2:
                shp[0], shp[1] = shp[1], shp[0]
            out.append(x.reshape(tuple(shp)))
        return tuple(out)
    if not xs:
        return ()
    sp = meshgrid(*xs, sparse=True, indexing=indexing)
    shp = _rnp.broadcast_shapes(*[g.shape for g in sp])
    return tuple(wrap(ivy.broadcast_to(g._data, shp)) for g in sp)


def indices(dimensions, dtype=int, sparse=False):
    dims = tuple(dimensions)
    grids = [arange(n, dtype=dtype) for n in dims]
    if sparse:
        return tuple(g.reshape(tuple(n if j == i else 1 for j, n in enumerate(dims)))
                     for i, g in enumerate(grids))
    if not dims:
        return zeros((0,), dtype)
    return stack(meshgrid(*grids, indexing="ij"))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    return function(*indices(shape, dtype=dtype), **kwargs)


def copy(a, order="K", subok=False):
    return array(a, copy=True)


# ============================================================================== reductions
def _red_axes(x, axis):
    nd = len(x.shape)
    axes = norm_axes(axis, nd)
    return None if axis is None else axes, axes


def _red_size(x, axes):
    s = shape_of(x)
    n = 1
    for a in axes:
        n *= s[a]
    return n


def _keep(r, x, axes, keepdims):
    """ivy reductions with axis=None drop every axis: restore them when keepdims."""
    if keepdims:
        s = shape_of(x)
        return ivy.reshape(r, tuple(1 if i in axes else s[i] for i in _range(len(s))))
    return r


def _dtype_kw(dtype):
    return () if dtype is None else (("dtype", to_dtype(dtype).name),)


def _where_fill(x, where, fill):
    m = broadcast_to(asarray(where, bool), x.shape)
    return wrap(ivy.where(native(m), native(x), cast(_nat(fill), x.dtype)))


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):  # noqa: A001
    _no_out("sum", out)
    if where is not True:  # the masked-out elements count as 0
        xa = asarray(a)
        return sum(_where_fill(xa, where, 0), axis, dtype, None, keepdims, initial)
    x = _nat(a)
    d = BY_NAME[probe("sum", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    x = cast(x, d) if d.kind != "b" else cast(x, _I64)
    r = ivy.sum(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ivy.add(r, cast(_nat(initial), dtype_of(r)))
    return ret(cast(r, d))


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("prod", out)
    if where is not True:  # the masked-out elements count as 1
        xa = asarray(a)
        return prod(_where_fill(xa, where, 1), axis, dtype, None, keepdims, initial)
    x = _nat(a)
    d = BY_NAME[probe("prod", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    x = cast(x, d) if d.kind != "b" else cast(x, _I64)
    r = ivy.prod(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ivy.multiply(r, cast(_nat(initial), dtype_of(r)))
    return ret(cast(r, d))


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    _no_out("mean", out)
    if where is not True:  # sum over the selected elements / their count
        xa = asarray(a)
        d = BY_NAME[probe("mean", (xa.dtype.name,), _dtype_kw(dtype))]
        m = broadcast_to(asarray(where, bool), xa.shape)
        s_ = sum(_where_fill(xa, m, 0).astype(d), axis, None, None, keepdims)
        c_ = sum(m.astype(d), axis, None, None, keepdims)
        return ret(native(asarray(s_ / c_).astype(d)))
    x = _nat(a)
    d = BY_NAME[probe("mean", (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    comp = BY_NAME["float32"] if d.name == "float16" else d
    xc = cast(x, comp)
    if _red_size(x, axes) == 0:
        s = ivy.sum(xc, axis=ax, keepdims=keepdims)
        r = ivy.divide(s, ivy.zeros_like(s))
    else:
        r = ivy.mean(xc, axis=ax, keepdims=keepdims) if ax != () else xc
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(cast(r, d))


def _var_impl(a, axis, dtype, ddof, keepdims, fn, name):
    x = _nat(a)
    d = BY_NAME[probe(name, (dtype_of(x).name,), _dtype_kw(dtype))]
    ax, axes = _red_axes(x, axis)
    src = dtype_of(x)
    comp = src if src.kind in "fc" and dtype is None else to_dtype(
        dtype if dtype is not None else "float64")
    if comp.name == "float16":
        comp = BY_NAME["float32"]
    xc = cast(x, comp)
    n = _red_size(x, axes)
    if comp.kind == "c":
        m = ivy.mean(xc, axis=ax, keepdims=True) if ax != () else xc
        dev = ivy.subtract(xc, m)
        sq = ivy.add(ivy.square(ivy.real(dev)), ivy.square(ivy.imag(dev)))
        r = ivy.divide(ivy.sum(sq, axis=ax, keepdims=keepdims), _max(n - ddof, 0))
        if fn is ivy.std:
            r = ivy.sqrt(r)
    elif n - ddof <= 0 or n == 0:
        m = ivy.divide(ivy.sum(xc, axis=ax, keepdims=True), n) if n else \
            ivy.sum(xc, axis=ax, keepdims=True)
        sq = ivy.sum(ivy.square(ivy.subtract(xc, m)), axis=ax, keepdims=keepdims)
        r = ivy.divide(sq, ivy.zeros_like(sq)) if n - ddof == 0 else ivy.divide(sq, n - ddof)
        if fn is ivy.std:
            r = ivy.sqrt(r)
    else:
        r = fn(xc, axis=ax, correction=ddof, keepdims=keepdims)
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(cast(r, d))


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    _no_out("var", out)
    _no_where("var", where)
    if mean is not None:
        not_implemented("numpy.var(mean=...)")
    return _var_impl(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                     ivy.var, "var")


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None,
        correction=None):
    _no_out("std", out)
    _no_where("std", where)
    if mean is not None:
        not_implemented("numpy.std(mean=...)")
    return _var_impl(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                     ivy.std, "std")


def _minmax(name, fn, ufn, a, axis, keepdims, initial):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    if _red_size(x, axes) == 0 and initial is _NO:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    if _red_size(x, axes) == 0:
        s = shape_of(x)
        shp = tuple(1 if i in axes else s[i] for i in _range(len(s))) if keepdims else \
            tuple(s[i] for i in _range(len(s)) if i not in axes)
        return ret(ivy.full(shp, initial, dtype=dtype_of(x).ivy))
    if dtype_of(x).kind == "b":
        r = (ivy.any if name == "maximum" else ivy.all)(x, axis=ax, keepdims=keepdims) \
            if ax != () else x
    else:
        r = fn(x, axis=ax, keepdims=keepdims) if ax != () else x
        if _isfloat(x) and ax != ():  # NaN propagates (also where a backend would skip it)
            nan = ivy.any(ivy.isnan(x), axis=ax, keepdims=keepdims)
            r = ivy.where(nan, ivy.full_like(r, _float("nan")), r)
    r = _keep(r, x, axes, keepdims) if ax is None else r
    if initial is not _NO:
        r = ufn(r, cast(_nat(initial), dtype_of(r)))
    return ret(r)


def amax(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("max", out)
    _no_where("max", where)
    return _minmax("maximum", ivy.max, _maximum, a, axis, keepdims, initial)


def amin(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("min", out)
    _no_where("min", where)
    return _minmax("minimum", ivy.min, _minimum, a, axis, keepdims, initial)


max, min = amax, amin  # noqa: A001


def ptp(a, axis=None, out=None, keepdims=False):
    _no_out("ptp", out)
    return subtract(amax(a, axis, keepdims=keepdims), amin(a, axis, keepdims=keepdims))


def _arg(name, fn, a, axis, keepdims):
    x = _nat(a)
    if axis is None:
        s = shape_of(x)
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    if shape_of(x)[ax] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    if dtype_of(x).kind == "b":
        x = ivy.astype(x, "int8")
    if dtype_of(x).kind == "c":
        not_implemented(f"numpy.{name} on complex")
    r = fn(x, axis=ax, keepdims=keepdims)
    if _isfloat(x):
        isn = ivy.astype(ivy.isnan(x), "int8")
        first_nan = ivy.argmax(isn, axis=ax, keepdims=keepdims)
        r = ivy.where(ivy.any(ivy.isnan(x), axis=ax, keepdims=keepdims), first_nan, r)
    r = ivy.astype(r, "int64")
    if axis is None and keepdims:
        r = ivy.reshape(r, (1,) * len(s))
    return ret(r)


def argmax(a, axis=None, out=None, *, keepdims=False):
    _no_out("argmax", out)
    return _arg("argmax", ivy.argmax, a, axis, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    _no_out("argmin", out)
    return _arg("argmin", ivy.argmin, a, axis, keepdims)


def _logic_red(fn, a, axis, keepdims):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    if dtype_of(x).kind != "b":
        x = ivy.not_equal(x, 0)
    r = fn(x, axis=ax, keepdims=keepdims) if ax != () else x
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(r)


def any(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    _no_out("any", out)
    _no_where("any", where)
    return _logic_red(ivy.any, a, axis, keepdims)


def all(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    _no_out("all", out)
    _no_where("all", where)
    return _logic_red(ivy.all, a, axis, keepdims)


def _cum(name, fn, a, axis, dtype):
    x = _nat(a)
    d = BY_NAME[probe(name, (dtype_of(x).name,), _dtype_kw(dtype))]
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    x = cast(x, d)
    return wrap(fn(x, axis=ax, dtype=d.ivy))


def cumsum(a, axis=None, dtype=None, out=None):
    _no_out("cumsum", out)
    return _cum("cumsum", ivy.cumulative_sum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None, out=None):
    _no_out("cumprod", out)
    return _cum("cumprod", ivy.cumulative_prod, a, axis, dtype)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    _no_out("cumulative_sum", out)
    a = _nat(x)
    if axis is None:
        if len(a.shape) > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    r = cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        ax = norm_axis(axis, r.ndim)
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([zeros(tuple(shp), r.dtype), r], axis=ax)
    return r


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    _no_out("cumulative_prod", out)
    a = _nat(x)
    if axis is None:
        if len(a.shape) > 1:
            raise ValueError("axis must be specified for multi-dimensional arrays.")
        axis = 0
    r = cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        ax = norm_axis(axis, r.ndim)
        shp = list(r.shape)
        shp[ax] = 1
        r = concatenate([ones(tuple(shp), r.dtype), r], axis=ax)
    return r


# ---- NaN-ignoring reductions
def _nan_fill(a, v):
    x = _nat(a)
    if not _isfloat(x):
        return wrap(x)
    return wrap(ivy.where(ivy.isnan(x), ivy.full_like(x, v), x))


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    return sum(_nan_fill(a, 0), axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NO, where=True):
    return prod(_nan_fill(a, 1), axis, dtype, out, keepdims, initial, where)


def nancumsum(a, axis=None, dtype=None, out=None):
    return cumsum(_nan_fill(a, 0), axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    return cumprod(_nan_fill(a, 1), axis, dtype, out)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    _no_out("nanmean", out)
    x = _nat(a)
    if not _isfloat(x):
        return mean(a, axis, dtype, keepdims=keepdims)
    valid = wrap(ivy.logical_not(ivy.isnan(x)))
    s = sum(_nan_fill(a, 0), axis, dtype, keepdims=keepdims)
    n = sum(valid, axis, keepdims=keepdims)
    return ret(cast(native(divide(s, n)), s.dtype))


def _nanvar(a, axis, dtype, ddof, keepdims, sqrt_):
    x = _nat(a)
    if not _isfloat(x):
        return (std if sqrt_ else var)(a, axis, dtype, ddof=ddof, keepdims=keepdims)
    d = BY_NAME[probe("nanvar", (dtype_of(x).name,), _dtype_kw(dtype))]
    nanm = ivy.isnan(x)
    valid = wrap(ivy.logical_not(nanm))
    n = sum(valid, axis, keepdims=True)
    m = divide(sum(_nan_fill(a, 0), axis, dtype, keepdims=True), n)
    dev = wrap(ivy.where(nanm, ivy.zeros_like(x), ivy.subtract(x, cast(native(m), dtype_of(x)))))
    sq = sum(multiply(dev, conjugate(dev)).real if dtype_of(x).kind == "c" else
             square(dev), axis, keepdims=keepdims)
    nn = sum(valid, axis, keepdims=keepdims)
    dof = subtract(nn, ddof)
    dof = maximum(dof, 0)
    r = divide(sq, dof)
    if sqrt_:
        r = sqrt(r)
    return ret(cast(native(r), d))


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    _no_out("nanvar", out)
    return _nanvar(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                   False)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    _no_out("nanstd", out)
    return _nanvar(a, axis, dtype, correction if correction is not None else ddof, keepdims,
                   True)


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("nanmax", out)
    x = _nat(a)
    if not _isfloat(x):
        return amax(a, axis, keepdims=keepdims, initial=initial)
    r = amax(_nan_fill(a, -math.inf), axis, keepdims=keepdims, initial=initial)
    allnan = all(isnan(wrap(x)), axis, keepdims=keepdims)
    return ret(ivy.where(native(allnan), ivy.full_like(native(r), _float("nan")), native(r)))


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NO, where=True):
    _no_out("nanmin", out)
    x = _nat(a)
    if not _isfloat(x):
        return amin(a, axis, keepdims=keepdims, initial=initial)
    r = amin(_nan_fill(a, math.inf), axis, keepdims=keepdims, initial=initial)
    allnan = all(isnan(wrap(x)), axis, keepdims=keepdims)
    return ret(ivy.where(native(allnan), ivy.full_like(native(r), _float("nan")), native(r)))


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    x = _nat(a)
    if _isfloat(x):
        if _bool(any(all(isnan(wrap(x)), axis))):
            raise ValueError("All-NaN slice encountered")
        return argmax(_nan_fill(a, -math.inf), axis, keepdims=keepdims)
    return argmax(a, axis, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    x = _nat(a)
    if _isfloat(x):
        if _bool(any(all(isnan(wrap(x)), axis))):
            raise ValueError("All-NaN slice encountered")
        return argmin(_nan_fill(a, math.inf), axis, keepdims=keepdims)
    return argmin(a, axis, keepdims=keepdims)


# ---- order statistics
_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile(a, q, axis, method, keepdims, ignore_nan, name, weights=None, qkey=_NO):
    if weights is not None:
        not_implemented(f"numpy.{name}(weights=...)")
    if method not in _METHODS:
        not_implemented(f"numpy.{name}(method={method!r})", f"methods: {', '.join(_METHODS)}")
    x = _nat(a)
    if dtype_of(x).kind == "c":
        raise TypeError("a must be an array of real numbers")
    qn = _nat(q)
    qv = _rnp.asarray(ivy.to_numpy(qn), dtype=_rnp.float64)
    if _bool(_rnp.any((qv < 0) | (qv > 1))) or _bool(_rnp.any(_rnp.isnan(qv))):
        raise ValueError("Quantiles must be in the range [0, 1]")
    q0 = q if qkey is _NO else qkey
    k1 = type(q0) if isinstance(q0, (_int, _float)) and not isinstance(q0, _bool) else (
        _rnp.asarray(q0).dtype.name if isinstance(q0, (list, tuple)) else probe_key(q0))
    pname = name if name in ("percentile", "nanpercentile", "nanquantile") else "quantile"
    d = BY_NAME[probe(pname, (dtype_of(x).name, k1), (("method", method),))]
    nd = len(x.shape)
    if axis is None:
        xf = ivy.reshape(x, (-1,))
        axes = tuple(_range(nd))
    else:
        axes = norm_axes(axis, nd)
        rest = [i for i in _range(nd) if i not in axes]
        xf = ivy.permute_dims(x, tuple(rest) + axes)
        s = shape_of(x)
        k = 1
        for i in axes:
            k *= s[i]
        xf = ivy.reshape(xf, tuple(s[i] for i in rest) + (k,))
    comp = d if d.kind == "f" else _F64
    xf = cast(xf, comp)
    n = shape_of(xf)[-1]
    if n == 0:  # NumPy: NaN for an empty slice
        xf = ivy.full(shape_of(xf)[:-1] + (1,), _float("nan"), dtype=comp.ivy)._data
        n = 1
    srt = ivy.sort(xf, axis=-1)  # NaN last
    isn = ivy.isnan(xf)
    nvalid = ivy.sum(ivy.astype(ivy.logical_not(isn), "int64"), axis=-1, keepdims=True) \
        if ignore_nan else None
    outs = []
    for qq in qv.reshape(-1):
        qq = _float(qq)
        if ignore_nan:
            m1 = ivy.astype(ivy.subtract(nvalid, 1), "float64")
            pos = ivy.multiply(m1, qq)
            lo = ivy.floor(pos)
            hi_ = ivy.minimum(ivy.add(lo, 1), ivy.maximum(m1, ivy.zeros_like(m1)))
            t = ivy.subtract(pos, lo)
            loi = ivy.astype(ivy.maximum(lo, ivy.zeros_like(lo)), "int64")
            hii = ivy.astype(ivy.maximum(hi_, ivy.zeros_like(hi_)), "int64")
        else:
            pos = (n - 1) * qq
            lo_f = math.floor(pos)
            loi = ivy.full(shape_of(srt)[:-1] + (1,), lo_f, dtype="int64")._data
            hii = ivy.full(shape_of(srt)[:-1] + (1,), _min(lo_f + 1, n - 1), dtype="int64")._data
            t = pos - lo_f
        vlo = ivy.take_along_axis(srt, loi, axis=-1)
        vhi = ivy.take_along_axis(srt, hii, axis=-1)
        if method == "linear":
            tt = ivy.astype(t, comp.ivy) if not isinstance(t, _float) else t
            diff_ = ivy.subtract(vhi, vlo)
            r = ivy.where(ivy.greater_equal(tt if not isinstance(tt, _float) else
                                            ivy.full_like(vlo, tt), 0.5),
                          ivy.subtract(vhi, ivy.multiply(diff_, ivy.subtract(
                              ivy.ones_like(vlo), tt) if not isinstance(tt, _float) else
                              1 - tt)),
                          ivy.add(vlo, ivy.multiply(diff_, tt)))
            r = ivy.where(ivy.equal(vlo, vhi), vlo, r)
        elif method == "lower":
            r = vlo
        elif method == "higher":
            r = ivy.where(ivy.greater(t if not isinstance(t, _float) else ivy.full_like(vlo, t),
                                      0), vhi, vlo)
        elif method == "midpoint":
            r = ivy.where(ivy.greater(t if not isinstance(t, _float) else ivy.full_like(vlo, t),
                                      0), ivy.divide(ivy.add(vlo, vhi), 2), vlo)
        else:  # nearest: round half to even on the position
            if isinstance(t, _float):
                pick_hi = (t > 0.5) or (t == 0.5 and (math.floor(pos) % 2 == 1))
                r = vhi if pick_hi else vlo
            else:
                odd = ivy.equal(ivy.remainder(lo, 2), 1)
                pick = ivy.logical_or(ivy.greater(t, 0.5), ivy.logical_and(ivy.equal(t, 0.5),
                                                                           odd))
                r = ivy.where(pick, vhi, vlo)
        if ignore_nan:
            r = ivy.where(ivy.equal(nvalid, 0), ivy.full_like(r, _float("nan")), r)
        elif _isfloat(xf):
            r = ivy.where(ivy.any(isn, axis=-1, keepdims=True), ivy.full_like(r, _float("nan")),
                          r)
        r = ivy.reshape(r, shape_of(r)[:-1])
        if keepdims:
            s = shape_of(x)
            r = ivy.reshape(r, tuple(1 if (axis is None or i in axes) else s[i]
                                     for i in _range(nd)))
        outs.append(cast(r, d))
    if qv.ndim == 0:
        return ret(outs[0])
    return wrap(ivy.reshape(ivy.stack(outs), qv.shape + shape_of(outs[0])))


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None, interpolation=None):
    _no_out("quantile", out)
    return _quantile(a, q, axis, interpolation or method, keepdims, False, "quantile", weights)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, interpolation=None):
    _no_out("percentile", out)
    return _quantile(a, true_divide(q, 100), axis, interpolation or method, keepdims, False,
                     "percentile", weights, qkey=q)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    _no_out("nanquantile", out)
    return _quantile(a, q, axis, interpolation or method, keepdims, True, "nanquantile",
                     weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    _no_out("nanpercentile", out)
    return _quantile(a, true_divide(q, 100), axis, interpolation or method, keepdims, True,
                     "nanpercentile", weights, qkey=q)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _no_out("median", out)
    x = _nat(a)
    if _red_size(x, norm_axes(axis, len(x.shape))) == 0:
        return mean(a, axis, keepdims=keepdims)
    r = _quantile(a, 0.5, axis, "midpoint" if False else "linear", keepdims, False, "median")
    d = BY_NAME[probe("median", (dtype_of(x).name,))]
    return ret(cast(native(r), d))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _no_out("nanmedian", out)
    return _quantile(a, 0.5, axis, "linear", keepdims, True, "nanmedian")


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    if weights is None:
        r = mean(a, axis, keepdims=keepdims)
        if asarray(r).size == 0:
            raise ZeroDivisionError("division by zero")
        if returned:
            x = _nat(a)
            n = _red_size(x, norm_axes(axis, len(x.shape)))
            return r, ret(ivy.full_like(native(r), n))
        return r
    x, w = asarray(a), asarray(weights)
    if w.shape != x.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and weights differ.")
        ax = norm_axis(axis, x.ndim)
        if w.shape[0] != x.shape[ax]:
            raise ValueError("Length of weights not compatible with specified axis.")
        w = w.reshape((1,) * ax + (-1,) + (1,) * (x.ndim - ax - 1))
        w = broadcast_to(w, x.shape)
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, w.dtype.name, "float64"
                                        if x.dtype.kind in "iub" else x.dtype.name)]
    xs, ws = x.astype(rt), w.astype(rt)
    scl = sum(ws, axis, keepdims=keepdims)
    if _bool(any(equal(scl, 0))):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    r = divide(sum(multiply(xs, ws), axis, keepdims=keepdims), scl)
    if returned:
        return r, broadcast_to(scl, asarray(r).shape) if asarray(r).shape != asarray(scl).shape \
            else scl
    return r


def count_nonzero(a, axis=None, *, keepdims=False):
    x = _nat(a)
    ax, axes = _red_axes(x, axis)
    nz = ivy.not_equal(x, 0) if dtype_of(x).kind != "b" else x
    r = ivy.sum(ivy.astype(nz, "int64"), axis=ax, keepdims=keepdims) if ax != () else \
        ivy.astype(nz, "int64")
    r = _keep(r, x, axes, keepdims) if ax is None else r
    return ret(r)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    X = asarray(m)
    if X.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    rt = BY_NAME[_core.result_type_keys(X.dtype.name, "float64")] if dtype is None else \
        to_dtype(dtype)
    X = atleast_2d(X).astype(rt)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = atleast_2d(asarray(y)).astype(rt)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = concatenate((X, Y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = X.shape[1]
    if fweights is None and aweights is None:
        Xc = X - X.mean(axis=1, keepdims=True)
        c = dot(Xc, Xc.T.conj()) / (n - ddof)
        return squeeze(c) if c.ndim else c
    # NumPy's weighted form: w = fweights * aweights, the mean weighted by w, and the
    # normalisation w_sum - ddof * sum(w * aweights) / w_sum
    w = None
    if fweights is not None:
        fw_ = asarray(fweights)
        if fw_.dtype.kind not in "iub" and _bool(any(fw_ != around(fw_))):
            raise TypeError("fweights must be integer")
        fw_ = fw_.astype(_F64)
        if fw_.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw_.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and fweights")
        w = fw_
    aw = None
    if aweights is not None:
        aw = asarray(aweights).astype(_F64)
        if aw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and aweights")
        w = aw if w is None else w * aw
    w_sum = w.sum()
    avg = (X * w).sum(axis=1) / w_sum
    if ddof == 0:
        fact = w_sum
    elif aw is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * (w * aw).sum() / w_sum
    fact = maximum(fact, 0.0)  # noqa: F821 - NumPy warns, uses 0
    Xc = X - avg[:, None]
    c = dot(Xc, (Xc * w).T.conj()) * true_divide(1, fact)
    return squeeze(c) if c.ndim else c


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = asarray(cov(x, y, rowvar, dtype=dtype))
    if c.ndim == 0:
        return c / c
    d = diag(c)
    sd = sqrt(d.real)
    c = c / sd[:, None]
    c = c / sd[None, :]
    return clip(c, -1, 1) if c.dtype.kind == "f" else c


# =========================================================================== manipulation
def shape(a):
    return asarray(a).shape


def ndim(a):
    return len(_nat(a).shape)


def size(a, axis=None):
    s = asarray(a).shape
    if axis is None:
        n = 1
        for v in s:
            n *= v
        return n
    return s[axis]


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    if shape is None:
        shape = newshape
    x = _nat(a)
    shp = _shape_arg(shape)
    if order == "F":
        r = ivy.permute_dims(x, tuple(_range(len(x.shape) - 1, -1, -1)))
        r = ivy.reshape(r, shp[::-1])
        return wrap(ivy.permute_dims(r, tuple(_range(len(shp) - 1, -1, -1))))
    if order not in ("C", "A"):
        not_implemented(f"numpy.reshape(order={order!r})")
    known = 1
    neg = 0
    for s in shp:
        if s == -1:
            neg += 1
        else:
            known *= s
    total = 1
    for s in shape_of(x):
        total *= s
    if neg > 1:
        raise ValueError("can only specify one unknown dimension")
    if (neg == 0 and known != total) or (neg == 1 and (known == 0 or total % known)):
        raise ValueError(f"cannot reshape array of size {total} into shape {shp}")
    return wrap(ivy.reshape(x, shp))


def ravel(a, order="C"):
    return reshape(a, (-1,), order=order)


def transpose(a, axes=None):
    x = _nat(a)
    nd = len(x.shape)
    if axes is None:
        axes = tuple(_range(nd - 1, -1, -1))
    else:
        axes = tuple(norm_axis(v, nd) for v in axes)
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        if len(set(axes)) != nd:
            raise ValueError("repeated axis in transpose")
    return wrap(ivy.permute_dims(x, axes))


def permute_dims(a, axes=None):
    return transpose(a, axes)


def matrix_transpose(x):
    a = asarray(x)
    if a.ndim < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    return swapaxes(a, -1, -2)


def swapaxes(a, axis1, axis2):
    x = _nat(a)
    nd = len(x.shape)
    a1, a2 = norm_axis(axis1, nd), norm_axis(axis2, nd)
    perm = list(_range(nd))
    perm[a1], perm[a2] = perm[a2], perm[a1]
    return wrap(ivy.permute_dims(x, tuple(perm)))


def moveaxis(a, source, destination):
    x = _nat(a)
    nd = len(x.shape)
    src = norm_axes(source, nd) if isinstance(source, (list, tuple)) else (norm_axis(source, nd),)
    dst = norm_axes(destination, nd) if isinstance(destination, (list, tuple)) else \
        (norm_axis(destination, nd),)
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of "
                         "elements")
    order = [n for n in _range(nd) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return wrap(ivy.permute_dims(x, tuple(order)))


def rollaxis(a, axis, start=0):
    nd = ndim(a)
    axis = norm_axis(axis, nd)
    if start < 0:
        start += nd
    if axis < start:
        start -= 1
    if axis == start:
        return asarray(a)
    return moveaxis(a, axis, start)


def squeeze(a, axis=None):
    x = _nat(a)
    s = shape_of(x)
    if axis is None:
        axes = tuple(i for i, v in enumerate(s) if v == 1)
    else:
        axes = norm_axes(axis, len(s))
        for i in axes:
            if s[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not "
                                 "equal to one")
    if not axes:
        return wrap(x)
    return wrap(ivy.reshape(x, tuple(v for i, v in enumerate(s) if i not in axes)))


def expand_dims(a, axis):
    x = _nat(a)
    axs = axis if isinstance(axis, (list, tuple)) else (axis,)
    nd = len(x.shape) + len(axs)
    axes = norm_axes(tuple(axs), nd)
    s = iter(shape_of(x))
    return wrap(ivy.reshape(x, tuple(1 if i in axes else next(s) for i in _range(nd))))


def atleast_1d(*arys):
    r = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return r[0] if len(r) == 1 else tuple(r)


def atleast_2d(*arys):
    out = []
    for a in arys:
        x = asarray(a)
        out.append(x.reshape(1, 1) if x.ndim == 0 else x[None, :] if x.ndim == 1 else x)
    return out[0] if len(out) == 1 else tuple(out)


def atleast_3d(*arys):
    out = []
    for a in arys:
        x = asarray(a)
        if x.ndim == 0:
            x = x.reshape(1, 1, 1)
        elif x.ndim == 1:
            x = x[None, :, None]
        elif x.ndim == 2:
            x = x[:, :, None]
        out.append(x)
    return out[0] if len(out) == 1 else tuple(out)


def _common(arrays, dtype=None):
    xs = [_nat(a) for a in arrays]
    if dtype is not None:
        d = to_dtype(dtype)
    else:
        d = BY_NAME[_core.result_type_keys(*[dtype_of(x).name for x in xs])]
    return [cast(x, d) for x in xs]


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    _no_out("concatenate", out)
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    xs = _common(arrays, dtype)
    if axis is None:
        xs = [ivy.reshape(x, (-1,)) for x in xs]
        axis = 0
    nd = len(xs[0].shape)
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    for x in xs:
        if len(x.shape) != nd:
            raise ValueError("all the input array dimensions except for the concatenation axis "
                             "must match exactly")
    ax = norm_axis(axis, nd)
    for x in xs[1:]:
        if _any(shape_of(x)[i] != shape_of(xs[0])[i] for i in _range(nd) if i != ax):
            raise ValueError("all the input array dimensions except for the concatenation axis "
                             "must match exactly")
    return wrap(ivy.concat(xs, axis=ax))


concat = concatenate


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    _no_out("stack", out)
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to stack")
    xs = _common(arrays, dtype)
    if len({shape_of(x) for x in xs}) != 1:
        raise ValueError("all input arrays must have the same shape")
    ax = norm_axis(axis, len(xs[0].shape) + 1)
    return wrap(ivy.stack(xs, axis=ax))


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate([atleast_2d(a) for a in tup], 0, dtype=dtype)


row_stack = vstack


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, 0 if arrs and arrs[0].ndim == 1 else 1, dtype=dtype)


def dstack(tup):
    return concatenate([atleast_3d(a) for a in tup], 2)


def column_stack(tup):
    arrs = []
    for a in tup:
        x = asarray(a)
        arrs.append(x.reshape(-1, 1) if x.ndim < 2 else x)
    return concatenate(arrs, 1)


def block(arrays):
    def depth(a):
        return 1 + depth(a[0]) if isinstance(a, list) and a else 0
    d = depth(arrays)

    def rec(a, lvl):
        if isinstance(a, list):
            parts = [rec(e, lvl + 1) for e in a]
            nd = _max(p.ndim for p in parts)
            parts = [p.reshape((1,) * (nd - p.ndim) + p.shape) for p in parts]
            return concatenate(parts, axis=-(d - lvl))
        x = asarray(a)
        return x.reshape((1,) * _max(0, d - x.ndim) + x.shape)
    return rec(arrays, 0)


def array_split(ary, indices_or_sections, axis=0):
    x = asarray(ary)
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(indices_or_sections, (_int,)) or (isinstance(indices_or_sections, ndarray)
                                                     and indices_or_sections.ndim == 0):
        k = _int(indices_or_sections)
        if k <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = builtins.divmod(n, k)
        sizes = [each + 1] * extra + [each] * (k - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    else:
        bounds = [0] + [_int(i) for i in indices_or_sections] + [n]
    out = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(lo, hi)
        out.append(x[tuple(sl)])
    return out


def split(ary, indices_or_sections, axis=0):
    if isinstance(indices_or_sections, _int):
        n = asarray(ary).shape[norm_axis(axis, ndim(ary))]
        if n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    a = asarray(ary)
    if a.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    if ndim(ary) < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    if ndim(ary) < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


def flip(m, axis=None):
    x = _nat(m)
    nd = len(x.shape)
    axes = norm_axes(axis, nd)
    if not axes:
        return ret(x)
    return wrap(ivy.flip(x, axis=axes))


def fliplr(m):
    if ndim(m) < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    if ndim(m) < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = asarray(m)
    k %= 4
    a0, a1 = axes
    if k == 0:
        return x[...]
    if k == 2:
        return flip(flip(x, a0), a1)
    perm = list(_range(x.ndim))
    perm[norm_axis(a0, x.ndim)], perm[norm_axis(a1, x.ndim)] = \
        perm[norm_axis(a1, x.ndim)], perm[norm_axis(a0, x.ndim)]
    if k == 1:
        return transpose(flip(x, a1), perm)
    return flip(transpose(x, perm), a1)


def roll(a, shift, axis=None):
    x = _nat(a)
    if axis is None:
        s = shape_of(x)
        r = ivy.roll(ivy.reshape(x, (-1,)), _int(_sum(shift) if isinstance(shift, (list, tuple))
                                                  else shift), axis=0)
        return wrap(ivy.reshape(r, s))
    if len(x.shape) == 0:
        raise AxisError("axis 0 is out of bounds for array of dimension 0")
    if isinstance(axis, (list, tuple)):
        axs = tuple(norm_axis(v, len(x.shape)) for v in axis)
        sh = tuple(shift) if isinstance(shift, (list, tuple)) else (shift,) * len(axs)
        if len(sh) == 1:
            sh = sh * len(axs)
        if len(axs) == 1 and len(sh) > 1:
            axs = axs * len(sh)
        return wrap(ivy.roll(x, tuple(_int(v) for v in sh), axis=axs))
    ax = norm_axis(axis, len(x.shape))
    if isinstance(shift, (list, tuple)):
        return wrap(ivy.roll(x, tuple(_int(v) for v in shift), axis=(ax,) * len(shift)))
    return wrap(ivy.roll(x, _int(shift), axis=ax))


def tile(A, reps):
    x = _nat(A)
    reps = tuple(reps) if isinstance(reps, (list, tuple)) else (reps,)
    nd = _max(len(x.shape), len(reps))
    x = ivy.reshape(x, (1,) * (nd - len(x.shape)) + shape_of(x))
    reps = (1,) * (nd - len(reps)) + tuple(_int(r) for r in reps)
    return wrap(ivy.tile(x, reps))


def repeat(a, repeats, axis=None):
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    if isinstance(repeats, (_int,)) or (isinstance(repeats, ndarray) and repeats.ndim == 0):
        r = _int(repeats)
        if r < 0:
            raise ValueError("negative dimensions are not allowed")
        return wrap(ivy.repeat(x, r, axis=ax))
    rp = _nat(repeats, _I64)
    if shape_of(rp) == (1,):
        return wrap(ivy.repeat(x, _int(ivy.to_scalar(ivy.reshape(rp, ()))), axis=ax))
    if shape_of(rp)[0] != shape_of(x)[ax]:
        raise ValueError(f"operands could not be broadcast together with shape "
                         f"({shape_of(x)[ax]},) ({shape_of(rp)[0]},)")
    if _bool(ivy.any(ivy.less(rp, 0))):
        raise ValueError("repeats may not contain negative values.")
    return wrap(ivy.repeat(x, rp, axis=ax))


def pad(array, pad_width, mode="constant", **kwargs):
    x = _nat(array)
    nd = len(x.shape)
    pw = _rnp.broadcast_to(_rnp.asarray(pad_width, dtype=_rnp.int64).reshape(-1, 2)
                           if _rnp.asarray(pad_width).size > 1 else
                           _rnp.asarray(pad_width, dtype=_rnp.int64).reshape(1, 1),
                           (nd, 2))
    if _rnp.any(pw < 0):
        raise ValueError("index can't contain negative values")
    pw = tuple((_int(a), _int(b)) for a, b in pw)
    if mode not in ("constant", "edge", "reflect", "symmetric", "wrap"):
        not_implemented(f"numpy.pad(mode={mode!r})")
    if mode == "constant":
        cv = kwargs.get("constant_values", 0)
        if not isinstance(cv, (_int, _float, _bool)):
            cvs = _rnp.broadcast_to(_rnp.asarray(cv, dtype=_rnp.float64).reshape(-1, 2)
                                    if _rnp.asarray(cv).size > 1 else
                                    _rnp.asarray(cv, dtype=_rnp.float64).reshape(1, 1), (nd, 2))
            r = x
            for ax in _range(nd):
                for side in (0, 1):
                    w = [(0, 0)] * nd
                    w[ax] = (pw[ax][0], 0) if side == 0 else (0, pw[ax][1])
                    v = _float(cvs[ax][side])
                    r = ivy.pad(r, tuple(w), mode="constant", constant_values=_int(v)
                                if dtype_of(x).kind in "iub" else v)
            return wrap(r)
        if dtype_of(x).kind in "iu":
            cv = _int(cv)
        return wrap(ivy.pad(x, pw, mode="constant", constant_values=cv))
    if kwargs.get("reflect_type", "even") != "even":
        not_implemented("numpy.pad(reflect_type='odd')")
    if mode in ("edge", "reflect", "wrap", "symmetric") and _any(
            shape_of(x)[i] == 0 and (pw[i][0] or pw[i][1]) for i in _range(nd)):
        raise ValueError("can't extend empty axis 0 using modes other than 'constant' or 'empty'")
    if mode in ("reflect", "symmetric", "wrap") and _any(
            pw[i][0] > shape_of(x)[i] or pw[i][1] > shape_of(x)[i] for i in _range(nd)):
        not_implemented(f"numpy.pad(mode={mode!r}) with a pad wider than the axis")
    return wrap(ivy.pad(x, pw, mode=mode))


def where(condition, x=_NO, y=_NO):
    if x is _NO and y is _NO:
        return nonzero(condition)
    if x is _NO or y is _NO:
        raise ValueError("either both or neither of x and y should be given")
    c = _nat(condition, _BOOL)
    rt = BY_NAME[_core.result_type_keys(*_keys(x, y))]
    return ret(ivy.where(c, _nat(x, rt), _nat(y, rt)))


def nonzero(a):
    x = _nat(a)
    if len(x.shape) == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d("
                         "scalar).nonzero() instead.")
    return tuple(wrap(ivy.astype(i, "int64")) for i in ivy.nonzero(x))


def flatnonzero(a):
    return nonzero(ravel(a))[0]


def argwhere(a):
    x = _nat(a)
    if len(x.shape) == 0:
        n = 1 if _bool(ivy.to_scalar(ivy.not_equal(x, 0))) else 0
        return wrap(ivy.zeros((n, 0), dtype="int64"))
    idx = ivy.nonzero(x)
    return wrap(ivy.stack([ivy.astype(i, "int64") for i in idx], axis=-1))


def take(a, indices, axis=None, out=None, mode="raise"):
    _no_out("take", out)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    if mode != "raise":  # indices wrapped / clipped into range with Ivy (no value read)
        xa = asarray(a)
        n = xa.size if axis is None else xa.shape[norm_axis(axis, xa.ndim)]
        if n == 0:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        iv = asarray(indices)
        if iv.dtype.kind not in "iu":
            raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                            "according to the rule 'safe'")
        iv = iv % n if mode == "wrap" else clip(iv, 0, n - 1)
        return take(xa, iv, axis=axis)
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    idx = _nat(indices)
    n = shape_of(x)[ax]
    if _core.dtype_of(idx).kind not in "iu":
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                        "according to the rule 'safe'")
    if _int(_size(idx)):
        lo, hi = _int(ivy.to_scalar(ivy.min(idx))), _int(ivy.to_scalar(ivy.max(idx)))
        if lo < -n or hi >= n:
            raise IndexError(f"index {hi if hi >= n else lo} is out of bounds for axis {ax} "
                             f"with size {n}")
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    flat = ivy.reshape(idx, (-1,))
    r = ivy.take(x, ivy.astype(flat, "int64"), axis=ax)
    s = shape_of(x)
    r = ivy.reshape(r, s[:ax] + shape_of(idx) + s[ax + 1:])
    return ret(r) if len(r.shape) == 0 else wrap(r)


def _size(x):
    n = 1
    for s in x.shape:
        n *= _int(s)
    return n


def take_along_axis(arr, indices, axis=-1):
    x, idx = _nat(arr), _nat(indices)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = 0
    if len(idx.shape) != len(x.shape):
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    ax = norm_axis(axis, len(x.shape))
    n = shape_of(x)[ax]
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    # broadcast the non-axis dimensions (numpy does)
    xs, is_ = shape_of(x), shape_of(idx)
    bshape = tuple(_max(a, b) if i != ax else None for i, (a, b) in enumerate(zip(xs, is_)))
    x = ivy.broadcast_to(x, tuple(b if b is not None else xs[i] for i, b in enumerate(bshape)))
    idx = ivy.broadcast_to(idx, tuple(b if b is not None else is_[i]
                                      for i, b in enumerate(bshape)))
    return wrap(ivy.take_along_axis(x, ivy.astype(idx, "int64"), axis=ax))


def _fancy_index(shape, idx, ax):
    """Index arrays addressing ``idx`` (same ndim as shape) along axis ``ax``."""
    nd = len(shape)
    is_ = shape_of(idx)
    key = []
    for i in _range(nd):
        if i == ax:
            key.append(ivy.where(ivy.less(idx, 0), ivy.add(idx, shape[ax]), idx))
        else:
            r = ivy.arange(0, is_[i], 1, dtype="int64")._data
            key.append(ivy.reshape(r, tuple(is_[i] if j == i else 1 for j in _range(nd))))
    return tuple(ivy.broadcast_to(k, is_) for k in key)


def put_along_axis(arr, indices, values, axis):
    """In place on ``arr`` (rebinding its data on immutable backends)."""
    if not isinstance(arr, ndarray):
        raise TypeError("put_along_axis needs a frontend ndarray to write into")
    x, idx = arr._data, _nat(indices)
    if axis is None:
        not_implemented("numpy.put_along_axis(axis=None)")
    ax = norm_axis(axis, len(x.shape))
    key = _fancy_index(shape_of(x), ivy.astype(idx, "int64"), ax)
    v = ivy.broadcast_to(_nat(values, arr.dtype), shape_of(idx))
    arr._data = ivy.set_item(x, key, v)


def put(a, ind, v, mode="raise"):
    flat = a.ravel()
    idx = asarray(ind).ravel()
    vals = resize(asarray(v, a.dtype), idx.shape)
    flat[idx] = vals
    a._assign(ivy.reshape(flat._data, a.shape))


def putmask(a, mask, values):
    """``a.flat[n] = values[n % len(values)]`` where ``mask`` is true (in place)."""
    m = broadcast_to(asarray(mask, bool), a.shape)
    vals = resize(asarray(values, a.dtype), a.shape)
    a._assign(native(where(m, vals, a)))


def place(arr, mask, vals):
    """The masked positions, in order, get ``vals`` repeated (in place)."""
    m = asarray(mask, bool)
    n = _int(ivy.to_scalar(ivy.sum(ivy.astype(m._data, "int64"))))
    arr[m] = resize(asarray(vals, arr.dtype), (n,))


def copyto(dst, src, casting="same_kind", where=True):
    s = broadcast_to(asarray(src), dst.shape)
    if where is True:
        dst[...] = s
    else:
        dst[...] = where_(where, s, dst)


where_ = where


def fill_diagonal(a, val, wrap=False):
    n = _min(a.shape)
    idx = arange(n)
    a[(idx,) * a.ndim] = val


def resize(a, new_shape):
    x = ravel(a)
    shp = _shape_arg(new_shape)
    total = 1
    for s in shp:
        total *= s
    if x.size == 0 or total == 0:
        return zeros(shp, x.dtype)
    reps = -(-total // x.size)
    return tile(x, reps)[:total].reshape(shp)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)])
    return concatenate([arr, values], axis)


def delete(arr, obj, axis=None):
    x = asarray(arr)
    if axis is None:
        x = x.ravel()
        axis = 0
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(obj, slice):
        drop = _rnp.arange(n)[obj]
    else:
        drop = _rnp.asarray(obj.__array__() if isinstance(obj, ndarray) else obj).reshape(-1)
        if drop.dtype.kind == "b":
            drop = _rnp.nonzero(drop)[0]
        if _rnp.any((drop < -n) | (drop >= n)):
            raise IndexError(f"index out of bounds for axis {ax} with size {n}")
        drop = drop % n if n else drop
    keep = _rnp.setdiff1d(_rnp.arange(n), drop)
    return take(x, asarray(keep.astype(_rnp.int64)), axis=ax) if keep.size else \
        x[(slice(None),) * ax + (slice(0, 0),)]


def insert(arr, obj, values, axis=None):
    x = asarray(arr)
    if axis is None:
        x = x.ravel()
        axis = 0
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(obj, (_int,)):
        if not -n <= obj <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {ax} with size {n}")
        i = obj + n if obj < 0 else obj
        v = asarray(values, x.dtype)
        shp = list(x.shape)
        shp[ax] = 1 if v.ndim < x.ndim else v.shape[ax]
        v = broadcast_to(v if v.ndim == x.ndim else v.reshape(
            v.shape[:0] + (1,) * 0 + v.shape) if v.ndim == x.ndim else expand_dims(v, ax)
            if v.ndim == x.ndim - 1 else v, tuple(shp))
        lo = x[(slice(None),) * ax + (slice(0, i),)]
        hi = x[(slice(None),) * ax + (slice(i, None),)]
        return concatenate([lo, v, hi], ax)
    not_implemented("numpy.insert with several indices")


def trim_zeros(filt, trim="fb"):
    x = asarray(filt)
    nz = _rnp.nonzero(x.__array__())[0]
    if nz.size == 0:
        return x[0:0]
    lo = _int(nz[0]) if "f" in trim else 0
    hi = _int(nz[-1]) + 1 if "b" in trim else x.shape[0]
    return x[lo:hi]


def broadcast_to(array, shape, subok=False):
    x = _nat(array)
    shp = _shape_arg(shape)
    try:
        _rnp.broadcast_shapes(shape_of(x), shp)
        if _rnp.broadcast_shapes(shape_of(x), shp) != shp:
            raise ValueError
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {shape_of(x)} and requested shape {shp}")
    return wrap(ivy.broadcast_to(x, shp))


def broadcast_arrays(*args, subok=False):
    xs = [_nat(a) for a in args]
    shp = _rnp.broadcast_shapes(*[shape_of(x) for x in xs])
    return tuple(wrap(ivy.broadcast_to(x, shp)) for x in xs)


def broadcast_shapes(*args):
    return _rnp.broadcast_shapes(*args)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    chs = [asarray(c) for c in choicelist]
    rt = BY_NAME[_core.result_type_keys(*[c.dtype.name for c in chs], probe_key(default))]
    r = asarray(default, rt)
    for c, v in reversed(list(zip(condlist, chs))):
        cc = asarray(c)
        if cc.dtype.kind != "b":
            raise TypeError("invalid entry in condlist: should be boolean ndarray")
        r = where(cc, v.astype(rt), r)
    return asarray(r)


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    if isinstance(condlist, ndarray) or not isinstance(condlist, (list, tuple)):
        condlist = [condlist]
    condlist = [asarray(c, bool) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        condlist.append(~_reduce_or(condlist))
    y = zeros_like(x)
    for c, f in zip(condlist, funclist):
        v = f(x, *args, **kw) if callable(f) else f
        y = where(c, asarray(v, x.dtype), y)
    return asarray(y)


def _reduce_or(cs):
    r = cs[0]
    for c in cs[1:]:
        r = r | c
    return r


def choose(a, choices, out=None, mode="raise"):
    _no_out("choose", out)
    idx = asarray(a)
    chs = broadcast_arrays(idx, *[asarray(c) for c in choices])
    idx, chs = chs[0], chs[1:]
    r = chs[0]
    for i, c in enumerate(chs):
        r = where(idx == i, c, r)
    return asarray(r)


def compress(condition, a, axis=None, out=None):
    _no_out("compress", out)
    # boolean indexing (NumPy's own: a condition shorter than the axis selects nothing beyond
    # it), so a traced condition stays a value of the graph
    cond = asarray(condition, bool)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    x = asarray(a)
    if axis is None:
        x, ax = ravel(x), 0
    else:
        ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if cond.shape[0] > n:
        not_implemented("numpy.compress with a condition longer than the axis")
    if cond.shape[0] < n:
        x = x[(slice(None),) * ax + (slice(0, cond.shape[0]),)]
    return x[(slice(None),) * ax + (cond,)]


def extract(condition, arr):
    return ravel(arr)[ravel(asarray(condition)) != 0]


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    x = asarray(arr)
    ax = norm_axis(axis, x.ndim)
    xm = moveaxis(x, ax, -1)
    lead = xm.shape[:-1]
    outs = [asarray(func1d(xm[i], *args, **kwargs)) for i in _rnp.ndindex(*lead)]
    r = stack(outs).reshape(lead + outs[0].shape)
    if outs[0].ndim == 0:
        return r
    return moveaxis(r, tuple(_range(len(lead), r.ndim)), tuple(_range(ax, ax + outs[0].ndim)))


def apply_over_axes(func, a, axes):
    r = asarray(a)
    for ax in (axes if isinstance(axes, (list, tuple)) else (axes,)):
        res = asarray(func(r, ax))
        r = res if res.ndim == r.ndim else expand_dims(res, ax)
    return r


# ================================================================= sorting, searching, sets
def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    if order is not None:
        not_implemented("numpy.sort(order=...)", "structured arrays")
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = -1
    if len(x.shape) == 0:
        raise AxisError("axis -1 is out of bounds for array of dimension 0")
    if dtype_of(x).kind == "c":
        not_implemented("numpy.sort on complex")
    ax = norm_axis(axis, len(x.shape))
    return wrap(ivy.sort(x, axis=ax, stable=True))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    if order is not None:
        not_implemented("numpy.argsort(order=...)", "structured arrays")
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = -1
    if len(x.shape) == 0:
        x = ivy.reshape(x, (1,))
        axis = -1
    if dtype_of(x).kind == "c":
        not_implemented("numpy.argsort on complex")
    ax = norm_axis(axis, len(x.shape))
    return wrap(ivy.astype(ivy.argsort(x, axis=ax, stable=True), "int64"))


def msort(a):
    return sort(a, 0)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A full sort: a valid partition for every ``kth`` (NumPy leaves the order of the other
    elements unspecified)."""
    return sort(a, axis)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    return argsort(a, axis)


def lexsort(keys, axis=-1):
    ks = [asarray(k) for k in keys]
    idx = argsort(ks[0], axis=axis)
    for k in ks[1:]:
        kk = take_along_axis(k, idx, axis) if k.ndim > 0 else k
        o = argsort(kk, axis=axis)
        idx = take_along_axis(idx, o, axis)
    return idx


def searchsorted(a, v, side="left", sorter=None):
    x = _nat(a)
    vv = _nat(v)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, probe_key(v))]
    x, vv = cast(x, rt), cast(vv, rt)
    if sorter is not None:
        x = ivy.take(x, ivy.astype(_nat(sorter), "int64"), axis=0)
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    r = ivy.searchsorted(x, ivy.reshape(vv, (-1,)) if len(vv.shape) != 1 else vv, side=side)
    r = ivy.reshape(ivy.astype(r, "int64"), shape_of(vv))
    return ret(r)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    if axis is not None:
        not_implemented("numpy.unique(axis=...)")
    x = _nat(ar)
    shp = shape_of(x)
    flat = ivy.reshape(x, (-1,))
    if _size(flat) == 0:
        vals = wrap(flat)
        extra = []
        if return_index:
            extra.append(zeros((0,), _I64))
        if return_inverse:
            extra.append(zeros(shp, _I64))
        if return_counts:
            extra.append(zeros((0,), _I64))
        return (vals, *extra) if extra else vals
    order = ivy.argsort(flat, stable=True)
    s = ivy.take(flat, order, axis=0)
    n = _size(s)
    neq = ivy.not_equal(ivy.get_item(s, slice(1, None)), ivy.get_item(s, slice(None, -1)))
    if _isfloat(s):
        both_nan = ivy.logical_and(ivy.isnan(ivy.get_item(s, slice(1, None))),
                                   ivy.isnan(ivy.get_item(s, slice(None, -1))))
        if equal_nan:
            neq = ivy.logical_and(neq, ivy.logical_not(both_nan))
    first = ivy.concat([ivy.ones((1,), dtype="bool")._data, neq], axis=0)
    grp = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int64"), axis=0), 1)
    starts = ivy.astype(ivy.nonzero(first)[0], "int64")
    vals = ivy.take(s, starts, axis=0)
    out = [wrap(vals)]
    if return_index:
        out.append(wrap(ivy.astype(ivy.take(order, starts, axis=0), "int64")))
    if return_inverse:
        inv = ivy.set_item(ivy.zeros((n,), dtype="int64")._data, ivy.astype(order, "int64"), grp)
        out.append(wrap(ivy.reshape(inv, shp if len(shp) else (1,)) if len(shp) else
                        ivy.reshape(inv, (1,))))
    if return_counts:
        ends = ivy.concat([ivy.get_item(starts, slice(1, None)),
                           ivy.full((1,), n, dtype="int64")._data], axis=0)
        out.append(wrap(ivy.subtract(ends, starts)))
    return tuple(out) if len(out) > 1 else out[0]


def unique_values(x):
    return unique(x)


def unique_counts(x):
    return _UniqueCounts(*unique(x, return_counts=True))


def unique_inverse(x):
    v, inv = unique(x, return_inverse=True)
    return _UniqueInverse(v, inv.reshape(asarray(x).shape))


def unique_all(x):
    v, i, inv, c = unique(x, True, True, True)
    return _UniqueAll(v, i, inv.reshape(asarray(x).shape), c)


import collections as _collections  # noqa: E402

_UniqueCounts = _collections.namedtuple("UniqueCountsResult", "values counts")
_UniqueInverse = _collections.namedtuple("UniqueInverseResult", "values inverse_indices")
_UniqueAll = _collections.namedtuple("UniqueAllResult",
                                     "values indices inverse_indices counts")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e, t = _nat(element), _nat(test_elements)
    rt = BY_NAME[_core.result_type_keys(dtype_of(e).name, dtype_of(t).name)]
    e, t = cast(e, rt), cast(ivy.reshape(t, (-1,)), rt)
    if _size(t) == 0:
        r = ivy.zeros(shape_of(e), dtype="bool")._data
    else:
        r = ivy.any(ivy.equal(ivy.expand_dims(e, axis=-1), t), axis=-1)
    return ret(ivy.logical_not(r) if invert else r)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if return_indices:
        not_implemented("numpy.intersect1d(return_indices=True)")
    rt = result_type(asarray(ar1), asarray(ar2))
    a, b = unique(asarray(ar1).astype(rt)), unique(asarray(ar2).astype(rt))
    return a[isin(a, b)]


def union1d(ar1, ar2):
    return unique(concatenate((ravel(ar1), ravel(ar2))))


def setdiff1d(ar1, ar2, assume_unique=False):
    a = unique(ar1) if not assume_unique else ravel(ar1)
    return a[isin(a, ar2, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    rt = result_type(asarray(ar1), asarray(ar2))
    a, b = unique(asarray(ar1).astype(rt)), unique(asarray(ar2).astype(rt))
    return unique(concatenate((a[isin(a, b, invert=True)], b[isin(b, a, invert=True)])))


def diff(a, n=1, axis=-1, prepend=_NO, append=_NO):
    x = asarray(a)
    if n == 0:
        return x
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if x.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    ax = norm_axis(axis, x.ndim)
    parts = []
    for p in (prepend, append):
        if p is _NO:
            parts.append(None)
            continue
        pv = asarray(p)
        if pv.ndim == 0:
            shp = list(x.shape)
            shp[ax] = 1
            pv = broadcast_to(pv, tuple(shp))
        parts.append(pv)
    if parts[0] is not None or parts[1] is not None:
        x = concatenate([v for v in (parts[0], x, parts[1]) if v is not None], ax)
    for _ in _range(n):
        lo = x[(slice(None),) * ax + (slice(1, None),)]
        hi = x[(slice(None),) * ax + (slice(None, -1),)]
        x = not_equal(lo, hi) if x.dtype.kind == "b" else subtract(lo, hi)
        x = asarray(x)
    return x


def ediff1d(ary, to_end=None, to_begin=None):
    x = ravel(ary)
    d = x[1:] - x[:-1]
    parts = [ravel(asarray(to_begin, x.dtype))] if to_begin is not None else []
    parts.append(d)
    if to_end is not None:
        parts.append(ravel(asarray(to_end, x.dtype)))
    return concatenate(parts)


def gradient(f, *varargs, axis=None, edge_order=1):
    x = asarray(f)
    if x.dtype.kind in "iub":
        x = x.astype(_F64)
    axes = tuple(_range(x.ndim)) if axis is None else norm_axes(axis, x.ndim)
    if not varargs:
        dxs = [1.0] * len(axes)
    elif len(varargs) == 1 and len(axes) > 1:
        dxs = list(varargs) * len(axes)
    else:
        dxs = list(varargs)
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported")
    outs = []
    for ax, dx in zip(axes, dxs):
        n = x.shape[ax]
        if n < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")

        def sl(s):
            return (slice(None),) * ax + (s,)

        def part(i, j=None):
            return x[sl(slice(i, j))]
        if isinstance(dx, (_int, _float)) or asarray(dx).ndim == 0:
            # a 0-d array spacing stays an array (a traced value is not read into Python)
            dxv = _float(dx) if isinstance(dx, (_int, _float)) else asarray(dx).astype(_F64)
            mid = (part(2) - part(None, -2)) / (2.0 * dxv)
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / dxv
                last = (part(-1) - part(-2, -1)) / dxv
            else:
                first = (-1.5 / dxv) * part(0, 1) + (2.0 / dxv) * part(1, 2) + (-0.5 / dxv) * part(2, 3)
                last = (0.5 / dxv) * part(-3, -2) + (-2.0 / dxv) * part(-2, -1) + (1.5 / dxv) * part(-1)
        else:
            c = asarray(dx).astype(_F64)
            if c.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if c.shape[0] != n:
                raise ValueError("when 1d, distances must match the length of the corresponding "
                                 "dimension")
            d = diff(c)
            shp = (1,) * ax + (-1,) + (1,) * (x.ndim - ax - 1)
            h1, h2 = d[:-1].reshape(shp), d[1:].reshape(shp)
            a_ = -(h2) / (h1 * (h1 + h2))
            b_ = (h2 - h1) / (h1 * h2)
            c_ = h1 / (h2 * (h1 + h2))
            mid = a_ * part(None, -2) + b_ * part(1, -1) + c_ * part(2)
            if edge_order == 1:
                first = (part(1, 2) - part(0, 1)) / d[0]
                last = (part(-1) - part(-2, -1)) / d[-1]
            else:
                d1, d2 = d[0], d[1]
                first = (-(2.0 * d1 + d2) / (d1 * (d1 + d2))) * part(0, 1) + \
                    ((d1 + d2) / (d1 * d2)) * part(1, 2) + (-d1 / (d2 * (d1 + d2))) * part(2, 3)
                d1, d2 = d[-2], d[-1]
                last = (d2 / (d1 * (d1 + d2))) * part(-3, -2) + \
                    (-(d2 + d1) / (d1 * d2)) * part(-2, -1) + \
                    ((2.0 * d2 + d1) / (d2 * (d1 + d2))) * part(-1)
        outs.append(concatenate([first, mid, last], ax).astype(x.dtype))
    return outs[0] if len(outs) == 1 else tuple(outs)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:  # NumPy's periodic form: everything modulo the period, the
        # sorted sample points extended by one point on each side
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = _abs(period)
        xv = asarray(x).astype(_F64) % period
        xpv = asarray(xp).astype(_F64) % period
        fpv = asarray(fp)
        if xpv.ndim != 1 or fpv.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        if xpv.shape[0] != fpv.shape[0]:
            raise ValueError("fp and xp are not of the same length")
        order = argsort(xpv)
        xpv, fpv = xpv[order], fpv[order]
        xpv = concatenate((xpv[-1:] - period, xpv, xpv[0:1] + period))
        fpv = concatenate((fpv[-1:], fpv, fpv[0:1]))
        return interp(xv, xpv, fpv)
    xv = asarray(x).astype(_F64)
    xpv = asarray(xp).astype(_F64)
    fpv = asarray(fp)
    cplx = fpv.dtype.kind == "c"
    fpv = fpv.astype(BY_NAME["complex128"] if cplx else _F64)
    if xpv.ndim != 1 or fpv.ndim != 1:
        raise ValueError("Data points must be 1-D sequences")
    if xpv.shape[0] != fpv.shape[0]:
        raise ValueError("fp and xp are not of the same length")
    if xpv.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    n = xpv.shape[0]
    j = clip(searchsorted(xpv, xv, side="right") - 1, 0, _max(n - 2, 0))
    x0, x1 = xpv[j], xpv[minimum(j + 1, n - 1)]
    f0, f1 = fpv[j], fpv[minimum(j + 1, n - 1)]
    dxx = x1 - x0
    slope = where(dxx == 0, 0.0, (f1 - f0) / where(dxx == 0, 1.0, dxx))
    r = slope * (xv - x0) + f0
    r = where(xv == x1, f1, r)
    lv = fpv[0] if left is None else left
    rv = fpv[-1] if right is None else right
    r = where(xv < xpv[0], lv, r)
    r = where(xv > xpv[-1], rv, r)
    r = where(isnan(xv), _float("nan"), r)
    return ret(native(asarray(r)))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    yv = asarray(y)
    ax = norm_axis(axis, yv.ndim)
    n = yv.shape[ax]

    def sl(s_):
        return (slice(None),) * ax + (s_,)
    if x is None:
        d = dx
    else:
        xv = asarray(x)
        d = diff(xv) if xv.ndim == 1 else diff(xv, axis=ax)
        if xv.ndim == 1:
            d = d.reshape((1,) * ax + (-1,) + (1,) * (yv.ndim - ax - 1))
    if n == 0:
        return sum(yv[sl(slice(0, 0))] * 1.0, axis=ax)
    return sum(d * (yv[sl(slice(1, None))] + yv[sl(slice(None, -1))]) / 2.0, axis=ax)


def unstack(x, /, *, axis=0):
    a = asarray(x)
    ax = norm_axis(axis, a.ndim)
    return tuple(ret(e) for e in ivy.unstack(a._data, axis=ax))


def astype(x, dtype, /, *, copy=True, device=None):
    return asarray(x).astype(dtype, copy=copy)


def vecdot(x1, x2, /, *, axis=-1, out=None):
    _no_out("vecdot", out)
    a, b = asarray(x1), asarray(x2)
    return sum(multiply(conjugate(a) if a.dtype.kind == "c" else a, b), axis=axis)


def tril_indices(n, k=0, m=None):
    r = nonzero(tri(n, m, k, dtype=bool))
    return r


def triu_indices(n, k=0, m=None):
    return nonzero(logical_not(tri(n, m, k - 1, dtype=bool)))


def tril_indices_from(arr, k=0):
    s = asarray(arr).shape
    return tril_indices(s[-2], k, s[-1])


def triu_indices_from(arr, k=0):
    s = asarray(arr).shape
    return triu_indices(s[-2], k, s[-1])


def diag_indices(n, ndim=2):
    i = arange(n)
    return (i,) * ndim


def diag_indices_from(arr):
    a = asarray(arr)
    return diag_indices(a.shape[0], a.ndim)


def vander(x, N=None, increasing=False):
    v = ravel(x)
    n = v.shape[0] if N is None else N
    p = arange(n)
    if not increasing:
        p = p[::-1]
    return power(v[:, None], p[None, :])


def _window(M, fn):
    if M < 1:
        return zeros((0,))
    if M == 1:
        return ones((1,))
    n = arange(M)
    return fn(n, M)


def hanning(M):
    return _window(M, lambda n, M: 0.5 - 0.5 * cos(2.0 * math.pi * n / (M - 1)))


def hamming(M):
    return _window(M, lambda n, M: 0.54 - 0.46 * cos(2.0 * math.pi * n / (M - 1)))


def blackman(M):
    return _window(M, lambda n, M: 0.42 - 0.5 * cos(2.0 * math.pi * n / (M - 1)) +
                   0.08 * cos(4.0 * math.pi * n / (M - 1)))


def bartlett(M):
    return _window(M, lambda n, M: 1 - absolute(2.0 * n / (M - 1) - 1))


def _i0_native(a):
    """numpy.i0 on a native float array (NumPy's Clenshaw series, reproduced on ``ivy.i0``):
    computed in float64 and cast back; inf where NumPy's ``exp(|x|)`` overflows in the input's
    dtype (float32 beyond ~88.7, float16 beyond ~11.1), NaN at +-inf (NumPy: inf/inf)."""
    d = dtype_of(a)
    ax = ivy.abs(a)
    r = ivy.i0(ax if d.name == "float64" else ivy.astype(ax, "float64"))
    r = r if d.name == "float64" else ivy.astype(r, d.ivy)
    big = ivy.greater(ax, 8.0)
    over = ivy.logical_and(big, ivy.isinf(ivy.exp(ivy.where(big, ax, ivy.zeros_like(ax)))))
    r = ivy.where(over, ivy.full_like(r, math.inf), r)
    return ivy.where(ivy.isinf(ax), ivy.full_like(r, math.nan), r)


def i0(x):
    """numpy.i0: the modified Bessel function of the first kind, order 0 (always an array; an
    integer/bool input is computed in float64; complex raises TypeError)."""
    a = _nat(x)
    d = dtype_of(a)
    if d.kind == "c":
        raise TypeError("i0 not supported for complex values")
    if d.kind != "f":
        a = ivy.astype(a, "float64")
    return wrap(_i0_native(a))


def kaiser(M, beta):
    """numpy.kaiser: ``i0(beta sqrt(1 - ((n - a) / a)**2)) / i0(beta)``, a = (M - 1) / 2."""
    if isinstance(M, builtins.bool) or not isinstance(M, (builtins.int, _rnp.integer)):
        not_implemented("numpy.kaiser", "M must be an integer")
    M = builtins.int(M)
    if M == 1:
        return ones((1,))
    n = ivy.arange(0, builtins.max(M, 0), dtype="float64")
    alpha = (M - 1) / 2.0
    t = ivy.divide(ivy.subtract(n, alpha), alpha)
    arg = ivy.multiply(ivy.sqrt(ivy.subtract(1.0, ivy.pow(t, 2.0))), float(beta))
    return wrap(ivy.divide(_i0_native(arg), _i0_native(ivy.full_like(n, float(beta)))))


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def unravel_index(indices, shape, order="C"):
    if order != "C":
        not_implemented("numpy.unravel_index(order='F')")
    idx = asarray(indices)
    total = 1
    for v in shape:
        total *= v
    if idx.size and (_bool(any(idx < 0)) or _bool(any(idx >= total))):
        raise ValueError(f"index {int(amax(idx))} is out of bounds for array with size {total}")
    out = []
    for d in reversed(shape):
        out.append(idx % d)
        idx = idx // d
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    if mode != "raise" or order != "C":
        not_implemented("numpy.ravel_multi_index(mode/order)")
    r = None
    for i, d in zip(multi_index, dims):
        iv = asarray(i)
        if iv.size and (_bool(any(iv < 0)) or _bool(any(iv >= d))):
            raise ValueError("invalid entry in coordinates array")
        r = iv if r is None else r * d + iv
    return r


def ix_(*args):
    n = len(args)
    out = []
    for k, a_ in enumerate(args):
        v = asarray(a_)
        if v.dtype.kind == "b":
            v = nonzero(v)[0]
        out.append(v.reshape((1,) * k + (v.size,) + (1,) * (n - k - 1)))
    return tuple(out)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    return histogram(a, bins, range, weights=weights)[1]


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    x = ravel(a)
    if isinstance(bins, str):
        not_implemented(f"numpy.histogram(bins={bins!r})", "pass a number of bins or edges")
    if isinstance(bins, (_int,)) or (isinstance(bins, ndarray) and bins.ndim == 0):
        nb = _int(bins)
        if nb < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is not None:
            lo, hi = _float(range[0]), _float(range[1])
            if lo > hi:
                raise ValueError("max must be larger than min in range parameter.")
        elif x.size == 0:
            lo, hi = 0.0, 1.0
        else:  # the data's min/max scalars: linspace runs in their dtype, as in NumPy
            lo, hi = x.min(), x.max()
            if not (math.isfinite(_float(lo)) and math.isfinite(_float(hi))):
                raise ValueError(f"autodetected range of [{_float(lo)}, {_float(hi)}] "
                                 "is not finite")
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        edt = x.dtype if x.dtype.kind == "f" else _F64
        edges = linspace(lo, hi, nb + 1, dtype=edt)
    else:
        edges = asarray(bins)
        if _bool(any(diff(edges) < 0)):
            raise ValueError("`bins` must increase monotonically, when an array")
        nb = edges.shape[0] - 1
    xf = x.astype(_F64)
    ef = edges.astype(_F64)
    idx = searchsorted(ef, xf, side="right") - 1
    idx = where(xf == ef[-1], nb - 1, idx)
    valid = (xf >= ef[0]) & (xf <= ef[-1])
    onehot = (asarray(idx)[:, None] == arange(nb)[None, :]) & asarray(valid)[:, None]
    if weights is None:
        counts = onehot.astype(_I64).sum(axis=0)
    else:
        w = ravel(weights)
        counts = (onehot * w[:, None]).sum(axis=0)
    if density:
        db = diff(ef)
        return counts / db / counts.sum(), edges
    return counts, edges


def bincount(x, weights=None, minlength=0):
    xv = ravel(x)
    if xv.dtype.kind not in "iub":
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                        "according to the rule 'safe'")
    if xv.size and _bool(any(xv < 0)):
        raise ValueError("'list' argument must have no negative elements")
    if xv.size:  # max + 1 as an array: the output length stays data-dependent when traced
        n = ivy.maximum(ivy.add(ivy.max(asarray(xv)._data), 1), _int(minlength))
        bins = wrap(ivy.arange(n, dtype="int64"))
    else:
        bins = arange(_int(minlength), dtype=_I64)
    oh = asarray(xv)[:, None] == bins[None, :]
    if weights is None:
        return oh.astype(_I64).sum(axis=0)
    return (oh * asarray(weights).astype(_F64)[:, None]).sum(axis=0)


def digitize(x, bins, right=False):
    b = asarray(bins)
    inc = b.size < 2 or _bool(all(diff(b) >= 0))
    if inc:
        return searchsorted(b, x, side="left" if right else "right")
    return b.size - searchsorted(b[::-1], x, side="right" if right else "left")


# ============================================================================ comparison
def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = asarray(a), asarray(b)
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, y.dtype.name, _float)]
    x, y = x.astype(rt), y.astype(rt)
    fin = isfinite(x) & isfinite(y)
    with_tol = absolute(x - y) <= (atol + rtol * absolute(y))
    r = where(fin, with_tol, x == y)
    if equal_nan:
        r = r | (isnan(x) & isnan(y))
    return ret(native(asarray(r)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _bool(all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    x, y = asarray(a1), asarray(a2)
    if x.shape != y.shape:
        return False
    eq = x == y
    if equal_nan and x.dtype.kind in "fc" and y.dtype.kind in "fc":
        eq = eq | (isnan(x) & isnan(y))
    return _bool(all(eq))


def array_equiv(a1, a2):
    x, y = asarray(a1), asarray(a2)
    try:
        _rnp.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return False
    return _bool(all(x == y))


def isreal(x):
    a = asarray(x)
    return ret(native(asarray(imag(a) == 0))) if a.dtype.kind == "c" else \
        ret(ivy.ones(a.shape, dtype="bool")._data)


def iscomplex(x):
    a = asarray(x)
    return ret(native(asarray(imag(a) != 0))) if a.dtype.kind == "c" else \
        ret(ivy.zeros(a.shape, dtype="bool")._data)


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplexobj(x):
    try:
        return to_dtype(probe_key(x) if not isinstance(probe_key(x), type) else
                        probe_key(x)).kind == "c"
    except Exception:  # noqa: BLE001
        return False


def isscalar(element):
    from ._ndarray import generic
    return isinstance(element, (generic, _int, _float, _complex, _bool, str, bytes)) or \
        isinstance(element, _rnp.generic)


def isfortran(a):
    return False


# ============================================================================ linear algebra
def _mm_operands(a, b):
    x, y = _nat(a), _nat(b)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, dtype_of(y).name)]
    return cast(x, rt), cast(y, rt), rt


def matmul(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True,
           axes=None, axis=None):
    _no_out("matmul", out)
    x, y, rt = _mm_operands(x1, x2)
    if len(x.shape) == 0 or len(y.shape) == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    xs, ys = shape_of(x), shape_of(y)
    if xs[-1] != (ys[-2] if len(ys) > 1 else ys[0]):
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature (n?,k),(k,m?)->(n?,m?) (size {ys[-2] if len(ys) > 1 else ys[0]} is "
                         f"different from {xs[-1]})")
    if rt.kind == "b":
        r = ivy.greater(ivy.matmul(ivy.astype(x, "int64"), ivy.astype(y, "int64")), 0)
    else:
        r = ivy.matmul(x, y)
    r = cast(r, rt if dtype is None else to_dtype(dtype))
    return ret(r)


def dot(a, b, out=None):
    _no_out("dot", out)
    x, y, rt = _mm_operands(a, b)
    if len(x.shape) == 0 or len(y.shape) == 0:
        return multiply(wrap(x), wrap(y))
    if len(y.shape) == 1:
        if shape_of(x)[-1] != shape_of(y)[0]:
            raise ValueError(f"shapes {shape_of(x)} and {shape_of(y)} not aligned")
        return matmul(wrap(x), wrap(y))
    if len(x.shape) <= 2 and len(y.shape) == 2:
        if shape_of(x)[-1] != shape_of(y)[0]:
            raise ValueError(f"shapes {shape_of(x)} and {shape_of(y)} not aligned")
        return matmul(wrap(x), wrap(y))
    return tensordot(wrap(x), wrap(y), axes=([-1], [-2]))


def vdot(a, b, /):
    x, y = ravel(a), ravel(b)
    if x.size != y.size:
        raise ValueError("cannot reshape array")
    return dot(conjugate(x) if x.dtype.kind == "c" else x, y)


def inner(a, b, /):
    x, y, rt = _mm_operands(a, b)
    if len(x.shape) == 0 or len(y.shape) == 0:
        return multiply(wrap(x), wrap(y))
    if shape_of(x)[-1] != shape_of(y)[-1]:
        raise ValueError("shapes not aligned")
    return tensordot(wrap(x), wrap(y), axes=([-1], [-1]))


def outer(a, b, out=None):
    _no_out("outer", out)
    x, y = ravel(a), ravel(b)
    return multiply(x[:, None], y[None, :])


def tensordot(a, b, axes=2):
    x, y, rt = _mm_operands(a, b)
    if isinstance(axes, _int):
        n = axes
        if n > len(x.shape) or n > len(y.shape):
            raise ValueError("shape-mismatch for sum")
        ax_a = tuple(_range(len(x.shape) - n, len(x.shape)))
        ax_b = tuple(_range(n))
    else:
        ax_a, ax_b = axes
        ax_a = tuple(ax_a) if isinstance(ax_a, (list, tuple)) else (ax_a,)
        ax_b = tuple(ax_b) if isinstance(ax_b, (list, tuple)) else (ax_b,)
    ax_a = tuple(norm_axis(v, len(x.shape)) for v in ax_a)
    ax_b = tuple(norm_axis(v, len(y.shape)) for v in ax_b)
    if len(ax_a) != len(ax_b) or _any(shape_of(x)[i] != shape_of(y)[j]
                                      for i, j in zip(ax_a, ax_b)):
        raise ValueError("shape-mismatch for sum")
    fa = [i for i in _range(len(x.shape)) if i not in ax_a]
    fb = [i for i in _range(len(y.shape)) if i not in ax_b]
    xs, ys = shape_of(x), shape_of(y)
    k = 1
    for i in ax_a:
        k *= xs[i]
    xm = ivy.reshape(ivy.permute_dims(x, tuple(fa) + ax_a), (-1, k))
    ym = ivy.reshape(ivy.permute_dims(y, ax_b + tuple(fb)), (k, -1))
    if rt.kind == "b":
        r = ivy.greater(ivy.matmul(ivy.astype(xm, "int64"), ivy.astype(ym, "int64")), 0)
    else:
        r = ivy.matmul(xm, ym)
    return ret(ivy.reshape(r, tuple(xs[i] for i in fa) + tuple(ys[i] for i in fb)))


def kron(a, b):
    x, y, rt = _mm_operands(a, b)
    nd = _max(len(x.shape), len(y.shape))
    x = ivy.reshape(x, (1,) * (nd - len(x.shape)) + shape_of(x))
    y = ivy.reshape(y, (1,) * (nd - len(y.shape)) + shape_of(y))
    ex = ivy.reshape(x, tuple(v for s in shape_of(x) for v in (s, 1)))
    ey = ivy.reshape(y, tuple(v for s in shape_of(y) for v in (1, s)))
    r = ivy.multiply(ex, ey) if rt.kind != "b" else ivy.logical_and(ex, ey)
    return ret(ivy.reshape(r, tuple(p * q for p, q in zip(shape_of(x), shape_of(y)))))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    x = moveaxis(a, axisa, -1)
    y = moveaxis(b, axisb, -1)
    if x.shape[-1] not in (2, 3) or y.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if x.shape[-1] == 2 or y.shape[-1] == 2:
        not_implemented("numpy.cross of 2-element vectors", "deprecated in NumPy 2")
    xn, yn, rt = _mm_operands(x, y)
    bs = _rnp.broadcast_shapes(shape_of(xn), shape_of(yn))
    r = ivy.linalg.cross(ivy.broadcast_to(xn, bs), ivy.broadcast_to(yn, bs), axis=-1)
    return moveaxis(wrap(r), -1, axisc) if len(bs) > 1 else wrap(r)


def _einsum_sublists(args):
    """``einsum(a, [0, 1], b, [1, 2], [0, 2])`` as ``einsum("ab,bc->ac", a, b)``."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

    def term(sub):
        t = ""
        for v in sub:
            if v is Ellipsis:
                t += "..."
            elif isinstance(v, (_int, _rnp.integer)) and 0 <= v < len(letters):
                t += letters[_int(v)]
            else:
                raise ValueError("subscript is not within the valid range [0, 52)")
        return t
    args = list(args)
    ops, terms = args[0::2], args[1::2]
    out = None
    if len(ops) > len(terms):  # odd count: the last item is the output sublist
        out = ops.pop()
    eq = ",".join(term(t) for t in terms)
    if out is not None:
        eq += "->" + term(out)
    return (eq, *ops)


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """einsum as one broadcast product and a sum (explicit and implicit output, ellipsis)."""
    _no_out("einsum", out)
    if operands and not isinstance(operands[0], str):
        operands = _einsum_sublists(operands)
    if not operands:
        raise ValueError("No input operands")
    eq, ops = operands[0].replace(" ", ""), [asarray(o) for o in operands[1:]]
    lhs, rhs = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(ops):
        raise ValueError("more operands were provided than specified in the subscripts string")
    letters = [c for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in eq]
    if "..." in eq:
        nell = _max(o.ndim - len(t.replace("...", "")) for t, o in zip(terms, ops) if "..." in t)
        ell = "".join(letters[:nell])
        terms = [t.replace("...", ell[len(ell) - (o.ndim - len(t.replace("...", ""))):])
                 if "..." in t else t for t, o in zip(terms, ops)]
        if rhs is not None:
            rhs = rhs.replace("...", ell)
    else:
        ell = ""
    if rhs is None:
        cnt = _collections.Counter("".join(terms))
        rhs = ell + "".join(sorted(c for c in cnt if cnt[c] == 1 and c not in ell))
    rt = BY_NAME[_core.result_type_keys(*[o.dtype.name for o in ops])] if dtype is None else \
        to_dtype(dtype)
    sizes = {}
    xs = []
    for t, o in zip(terms, ops):
        if len(t) != o.ndim:
            raise ValueError("operand has more dimensions than subscripts given in einstein sum")
        x = o.astype(rt)
        # repeated letters in one term: take the diagonal
        while len(set(t)) != len(t):
            c = next(c for c in t if t.count(c) > 1)
            i, j = t.index(c), t.index(c, t.index(c) + 1)
            if x.shape[i] != x.shape[j]:
                raise ValueError(f"dimensions in operand for collapsing index '{c}' don't "
                                 f"match ({x.shape[i]} != {x.shape[j]})")
            x = diagonal(x, 0, i, j)
            t = t[:i] + t[i + 1:j] + t[j + 1:] + c
        for c, s in zip(t, x.shape):
            if c in sizes and sizes[c] != s and s != 1 and sizes[c] != 1:
                raise ValueError(f"operands could not be broadcast together with remapped shapes "
                                 f"for subscript '{c}'")
            sizes[c] = _max(sizes.get(c, 1), s)
        xs.append((t, x))
    allc = list(rhs) + sorted({c for t, _ in xs for c in t if c not in rhs})
    prod_ = None
    for t, x in xs:
        perm = [t.index(c) for c in allc if c in t]
        xp = transpose(x, perm) if perm else x
        shp = tuple(sizes[c] if c in t else 1 for c in allc)
        xp = reshape(xp, tuple(x.shape[t.index(c)] if c in t else 1 for c in allc))
        del shp
        prod_ = xp if prod_ is None else multiply(prod_, xp)
    red = tuple(_range(len(rhs), len(allc)))
    r = sum(prod_, axis=red, dtype=rt) if red else asarray(prod_)
    r = broadcast_to(r, tuple(sizes[c] for c in rhs))
    return ret(native(asarray(r).astype(rt)))


def convolve(a, v, mode="full"):
    x, y = ravel(a), ravel(v)
    if x.size == 0 or y.size == 0:
        raise ValueError("v cannot be empty" if y.size == 0 else "a cannot be empty")
    if asarray(a).ndim > 1 or asarray(v).ndim > 1:
        raise ValueError("object too deep for desired array")
    if y.size > x.size:
        x, y = y, x
    n, m = x.size, y.size
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, y.dtype.name)]
    xp = pad(x.astype(rt), (m - 1, m - 1))
    idx = arange(n + m - 1)[:, None] + arange(m)[None, :]
    win = xp[idx]
    full_ = (win * flip(y.astype(rt))[None, :]).sum(axis=1).astype(rt)
    if mode == "full":
        return full_
    if mode == "same":
        st_ = (m - 1) // 2
        return full_[st_:st_ + _max(asarray(a).size, asarray(v).size)]
    if mode == "valid":
        return full_[m - 1:n]
    raise ValueError(f"mode must be one of 'full', 'same', or 'valid' (got {mode!r})")


def correlate(a, v, mode="valid"):
    x, y = ravel(a), ravel(v)
    swapped = y.size > x.size
    if swapped:
        x, y = y, x
    yv = flip(conjugate(y) if y.dtype.kind == "c" else y)
    r = convolve(x, yv, mode)
    if swapped:
        r = flip(r)
        if r.dtype.kind == "c":
            r = conjugate(r)
    return r


# =============================================================================== dtypes
def result_type(*arrays_and_dtypes):
    ks = []
    for o in arrays_and_dtypes:
        if isinstance(o, (dtype, str)) or (isinstance(o, type) and o not in (_int, _float,
                                                                               _complex, _bool)):
            ks.append(to_dtype(o).name)
        elif isinstance(o, type):
            ks.append(to_dtype(o).name)
        else:
            ks.append(probe_key(o))
    return BY_NAME[_core.result_type_keys(*ks)]


def promote_types(type1, type2):
    return BY_NAME[_rnp.promote_types(to_dtype(type1)._np, to_dtype(type2)._np).name]


def can_cast(from_, to, casting="safe"):
    if isinstance(from_, (_int, _float, _complex)) and not isinstance(from_, _bool):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because "
                        "the result used to depend on the value.")
    f = to_dtype(from_)
    return _bool(_rnp.can_cast(f._np, to_dtype(to)._np, casting))


def issubdtype(arg1, arg2):
    from ._ndarray import ABSTRACT, generic
    t2 = ABSTRACT.get(arg2, arg2)
    if isinstance(t2, type) and issubclass(t2, generic) and t2._frontend_dtype is None:
        t1 = to_dtype(ABSTRACT.get(arg1, arg1)).type if not (
            isinstance(arg1, type) and issubclass(ABSTRACT.get(arg1, arg1), generic) and
            ABSTRACT.get(arg1, arg1)._frontend_dtype is None) else ABSTRACT.get(arg1, arg1)
        return issubclass(t1, t2)
    if isinstance(arg1, type) and issubclass(ABSTRACT.get(arg1, arg1), generic) and \
            ABSTRACT.get(arg1, arg1)._frontend_dtype is None:
        return False
    return to_dtype(arg1) is to_dtype(t2)


def isdtype(dtype_, kind):
    d = to_dtype(dtype_)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            ok = {"bool": d.kind == "b", "signed integer": d.kind == "i",
                  "unsigned integer": d.kind == "u", "integral": d.kind in "iu",
                  "real floating": d.kind == "f", "complex floating": d.kind == "c",
                  "numeric": d.kind in "iufc"}.get(k)
            if ok is None:
                raise ValueError(f"kind argument must be comprised of NumPy dtypes or strings "
                                 f"only, but is a '{k}'.")
            if ok:
                return True
        elif to_dtype(k) is d:
            return True
    return False


class finfo:  # noqa: N801
    """``numpy.finfo`` (NumPy's values for the dtype; plain Python floats)."""

    def __init__(self, dtype_):
        d = to_dtype(dtype_ if not isinstance(dtype_, (ndarray,)) else dtype_.dtype)
        if d.kind == "c":
            d = BY_NAME["float32" if d.name == "complex64" else "float64"]
        if d.kind != "f":
            raise ValueError(f"data type {d.type!r} not inexact")
        fi = _rnp.finfo(d._np)
        self.dtype = d
        for k in ("bits", "precision", "iexp", "maxexp", "minexp", "negep", "nexp", "nmant"):
            setattr(self, k, _int(getattr(fi, k)))
        for k in ("eps", "epsneg", "max", "min", "resolution", "tiny", "smallest_normal",
                  "smallest_subnormal"):
            setattr(self, k, d.type(_float(getattr(fi, k))))

    def __repr__(self):
        return f"finfo(resolution={self.resolution}, min={self.min}, max={self.max}, " \
               f"dtype={self.dtype.name})"


class iinfo:  # noqa: N801
    def __init__(self, int_type):
        d = to_dtype(int_type if not isinstance(int_type, ndarray) else int_type.dtype)
        if d.kind not in "iu":
            raise ValueError(f"Invalid integer data type {d.kind!r}.")
        ii = _rnp.iinfo(d._np)
        self.dtype, self.bits, self.min, self.max = d, ii.bits, _int(ii.min), _int(ii.max)
        self.kind = d.kind

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype.name})"


#: NumPy 2.4's reduce of these gives another value on a contiguous axis than in order (on a
#: Fortran-ordered copy): ((a ** b) ** c) 0.713 vs 0.586 for one row
_LAYOUT_DEPENDENT_REDUCE = {"power", "float_power", "arctan2"}


@functools.cache
def _reorderable(np_name, dt):
    """Whether NumPy reorders ``np_name.reduce`` (several axes at once allowed)."""
    try:
        getattr(_rnp, np_name).reduce(_rnp.ones((1, 1), dt), axis=(0, 1))
        return True
    except (ValueError, TypeError):
        return False


# ================================================================ ufunc reduce table
_UFUNC_REDUCE = {"add": sum, "multiply": prod, "maximum": amax, "minimum": amin,
                 "logical_and": all, "logical_or": any}


# ============================================================================ misc (NumPy 2)
def asarray_chkfinite(a, dtype=None, order=None):
    x = asarray(a, dtype=dtype, order=order)
    if x.dtype.kind in "fc" and not _bool(all(isfinite(x))):
        raise ValueError("array must not contain infs or NaNs")
    return x


def common_type(*arrays):
    from ._ndarray import complex64, complex128, float16, float32, float64
    prec = {"float16": 0, "float32": 1, "float64": 2, "complex64": 1, "complex128": 2}
    is_c, p = False, 0
    for a_ in arrays:
        d = asarray(a_).dtype
        if d.kind == "c":
            is_c = True
        if d.kind in "iu":
            q = 2
        elif d.name in prec:
            q = prec[d.name]
        else:
            raise TypeError("can't get common type for non-numeric array")
        p = _max(p, q)
    if is_c:
        return (None, complex64, complex128)[p]
    return (float16, float32, float64)[p]


def min_scalar_type(a, /):
    """Metadata: NumPy's answer for the one value (no array data goes through NumPy)."""
    if isinstance(a, ndarray):
        if a.ndim:
            return a.dtype
        return to_dtype(_rnp.min_scalar_type(_rnp.asarray(a.item(), dtype=a.dtype.name)).name)
    if isinstance(a, (_bool, _int, _float, _complex)):
        return to_dtype(_rnp.min_scalar_type(a).name)
    return asarray(a).dtype if asarray(a).ndim else min_scalar_type(asarray(a))


def real_if_close(a, tol=100):
    x = asarray(a)
    if x.dtype.kind != "c":
        return x
    if tol > 1:
        tol = finfo(x.dtype).eps * tol
    if _bool(all(absolute(x.imag) < tol)):
        return x.real
    return x


def sort_complex(a):
    """Lexicographic (real, then imaginary) along the last axis, as a complex array: two stable
    sorts (NaNs last, in NumPy's complex order)."""
    x = asarray(a)
    if x.dtype.kind != "c":
        tgt = "complex64" if x.dtype.name in ("int8", "uint8", "int16", "uint16") else \
            "complex128"
        return sort(x).astype(tgt)
    if x.ndim == 0:
        raise AxisError("axis -1 is out of bounds for array of dimension 0")
    i1 = argsort(x.imag, axis=-1)
    i2 = argsort(take_along_axis(x.real, i1, -1), axis=-1)
    return take_along_axis(x, take_along_axis(i1, i2, -1), -1)


def fromiter(iter, dtype, count=-1, *, like=None):  # noqa: A002
    import itertools
    if dtype is None:
        raise ValueError("Must specify length when using variable-size data-type.")
    vals = list(iter) if count < 0 else list(itertools.islice(iter, count))
    if count >= 0 and len(vals) < count:
        raise ValueError(f"iterator too short: Expected {count} but iterator had only "
                         f"{len(vals)} items.")
    return array(vals, dtype=dtype) if vals else zeros((0,), dtype=dtype)


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    x = asarray(p)
    ax = norm_axis(axis, x.ndim)
    dd = diff(x, axis=ax)
    if discont is None:
        discont = period / 2
    rt = result_type(dd, period)
    if rt.kind in "iu":
        hi, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        hi, ambiguous = period / 2, True
    lo = -hi
    ddmod = mod(dd - lo, period) + lo
    if ambiguous:
        ddmod = where((ddmod == lo) & (dd > 0), hi, ddmod).astype(ddmod.dtype)
    corr = where(absolute(dd) < discont, 0, ddmod - dd).astype((ddmod - dd).dtype)
    up = array(x, dtype=rt)
    sl = (slice(None),) * ax + (slice(1, None),)
    if x.shape[ax] > 1:
        up[sl] = x[sl] + cumsum(corr, axis=ax)
    return up


def mask_indices(n, mask_func, k=0):
    m = ones((n, n), dtype=_I64)
    return nonzero(asarray(mask_func(m, k)) != 0)


def _gufunc_kw(name, out, kw):
    _no_out(name, out)
    bad = [k for k in ("axes", "axis", "signature") if kw.get(k) is not None]
    if bad:
        not_implemented(f"numpy.{name}({bad[0]}=...)")


def matvec(x1, x2, /, out=None, *, dtype=None, **kwargs):
    """(..., m, n) @ (..., n) -> (..., m)."""
    _gufunc_kw("matvec", out, kwargs)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 2 or b.ndim < 1:
        raise ValueError("matvec: Input operand does not have enough dimensions")
    return matmul(a, b[..., None], dtype=dtype)[..., 0]


def vecmat(x1, x2, /, out=None, *, dtype=None, **kwargs):
    """conj(x1) (..., n) @ (..., n, m) -> (..., m)."""
    _gufunc_kw("vecmat", out, kwargs)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 1 or b.ndim < 2:
        raise ValueError("vecmat: Input operand does not have enough dimensions")
    if a.dtype.kind == "c":
        a = conjugate(a)
    return matmul(a[..., None, :], b, dtype=dtype)[..., 0, :]


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """NumPy's algorithm: per-dimension ``searchsorted`` bin numbers (values on the last edge
    go into the last bin), one flat bin index, ``bincount``, outlier bins dropped."""
    s = sample if isinstance(sample, ndarray) else None
    if s is None or s.ndim != 2:
        s = atleast_2d(asarray(sample)).T
    n, d = s.shape
    if isinstance(bins, (_int, ndarray)) and asarray(bins).ndim == 0:
        bins = [_int(bins)] * d
    elif len(bins) != d:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    if range is None:
        range = [None] * d  # noqa: A001
    elif len(range) != d:
        raise ValueError("range argument must have one entry per dimension")
    edges, nbin = [], []
    for i in _range(d):
        col = s[:, i]
        b = bins[i]
        if asarray(b).ndim == 0:
            if b < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            if not isinstance(b, (_int,)) and not (isinstance(b, ndarray) and b.dtype.kind in
                                                   "iu"):
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar")
            if range[i] is not None:
                lo, hi = _float(range[i][0]), _float(range[i][1])
                if lo > hi:
                    raise ValueError("max must be larger than min in range parameter.")
                if not (math.isfinite(lo) and math.isfinite(hi)):
                    raise ValueError(f"supplied range of [{lo}, {hi}] is not finite")
            elif col.size == 0:
                lo, hi = 0.0, 1.0
            else:
                # the sample's min/max scalars, as NumPy: linspace then runs in the sample's
                # float dtype (float32 edges are computed in float32, not rounded from float64)
                lo, hi = col.min(), col.max()
                if not (math.isfinite(_float(lo)) and math.isfinite(_float(hi))):
                    raise ValueError(f"autodetected range of [{_float(lo)}, {_float(hi)}] "
                                     "is not finite")
            if lo == hi:
                lo, hi = lo - 0.5, hi + 0.5
            e = linspace(lo, hi, _int(b) + 1)
        elif asarray(b).ndim == 1:
            e = asarray(b)
            if e.size > 1 and _bool(any(e[:-1] > e[1:])):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
        edges.append(e)
        nbin.append(e.shape[0] + 1)
    flat = zeros((n,), dtype=_I64)
    for i in _range(d):
        idx = searchsorted(edges[i], s[:, i], side="right")
        idx = where(s[:, i] == edges[i][-1], idx - 1, idx) if edges[i].size else idx
        flat = flat * nbin[i] + idx
    total = 1
    for k in nbin:
        total *= k
    hist = bincount(flat, weights=None if weights is None else ravel(weights),
                    minlength=total).astype(_F64).reshape(tuple(nbin))
    hist = hist[(slice(1, -1),) * d]
    if density:
        tot = hist.sum()
        for i in _range(d):
            shp = [1] * d
            shp[i] = nbin[i] - 2
            hist = hist / diff(edges[i]).reshape(tuple(shp))
        hist = hist / tot
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    try:
        nb = len(bins)
    except TypeError:
        nb = 1
    if nb != 1 and nb != 2:
        e = asarray(bins)
        bins = [e, e]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


# ------------------------------------------------------------------------ polynomials (numpy.lib)
def _poly1(p):
    a = atleast_1d(asarray(p))
    if a.ndim != 1:
        raise ValueError("Polynomial must be 1d only.")
    return a


def polyval(p, x):
    """Horner's scheme, as NumPy (``y = y * x + p[i]`` from ``zeros_like(x)``): same dtypes."""
    p = asarray(p)
    x = asarray(x)
    y = zeros_like(x)
    for i in _range(p.shape[0]):
        y = y * x + p[i]
    return y


def polyder(p, m=1):
    m = _int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    p = _poly1(p)
    n = p.shape[0] - 1
    if m == 0:
        return p
    y = p[:-1] * arange(n, 0, -1)
    return y if m == 1 else polyder(y, m - 1)


def polyint(p, m=1, k=None):
    m = _int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is None:
        k = [0.0] * m
    k = atleast_1d(asarray(k))
    if k.shape[0] == 1 and m > 1:
        k = repeat(k, m)
    p = _poly1(p)
    if m == 0:
        return p
    y = concatenate([p / arange(p.shape[0], 0, -1), k[:1].astype(result_type(p, k, 1.0))])
    return y if m == 1 else polyint(y, m - 1, k=k[1:])


def _poly_pad(a, n):
    return a if a.shape[0] == n else concatenate([zeros((n - a.shape[0],), dtype=a.dtype), a])


def polyadd(a1, a2):
    a1, a2 = _poly1(a1), _poly1(a2)
    n = _max(a1.shape[0], a2.shape[0])
    return _poly_pad(a1, n) + _poly_pad(a2, n)


def polysub(a1, a2):
    a1, a2 = _poly1(a1), _poly1(a2)
    n = _max(a1.shape[0], a2.shape[0])
    return _poly_pad(a1, n) - _poly_pad(a2, n)


def polymul(a1, a2):
    return convolve(_poly1(a1), _poly1(a2))


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """``numpy.lib.stride_tricks.sliding_window_view`` as a gather (a copy, not a strided
    view: writing into it does not reach ``x``, which NumPy forbids by default anyway)."""
    if writeable:
        not_implemented("sliding_window_view(writeable=True)", "a writable strided view")
    a = asarray(x)
    ws = tuple(window_shape) if isinstance(window_shape, (tuple, list)) else (window_shape,)
    if _any(_int(w) < 0 for w in ws):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        if len(ws) != a.ndim:
            raise ValueError(f"Since axis is `None`, must provide window_shape for all "
                             f"dimensions of `x`; got {len(ws)} window_shape elements and "
                             f"`x.ndim` is {a.ndim}.")
        axes = tuple(_range(a.ndim))
    else:
        axes = tuple(norm_axis(v, a.ndim) for v in axis) if isinstance(axis, (tuple, list)) \
            else (norm_axis(axis, a.ndim),)
        if len(ws) != len(axes):
            raise ValueError(f"Must provide matching length window_shape and axis; got "
                             f"{len(ws)} window_shape elements and {len(axes)} axes elements.")
    r = a
    for ax, w in zip(axes, ws, strict=True):
        n = r.shape[ax]
        if n < w:
            raise ValueError("window shape cannot be larger than input array shape")
        idx = arange(n - w + 1)[:, None] + arange(w)[None, :]
        r = moveaxis(take(r, idx, axis=ax), ax + 1, -1)
    return r
