"""NumPy's ufuncs (``numpy.add`` ...): the ``ufunc`` class (``reduce``, ``accumulate``, ``outer``,
``at``) and the element-wise kernels over Ivy. The class's methods reach the functions defined
above this module (``asarray``, ``concatenate``, the reductions) through ``_ndarray.F``, the
numpy functions module that ``__init__`` binds.

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import functools
import math

import numpy as _rnp

import ivy

from . import _core, _ndarray
from ._base import (
    _I64,
    _NO,
    _all,
    _any,
    _bool,
    _dt_name,
    _float,
    _int,
    _keys,
    _nat,
    _no_out,
    _no_where,
    _range,
)
from ._core import (
    BY_NAME,
    cast,
    dtype_of,
    norm_axis,
    not_implemented,
    probe,
    probe_key,
)
from ._ndarray import native, ndarray, ret, wrap
from ._promotion import can_cast, result_type


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
        fn = _ndarray.F._UFUNC_REDUCE.get(self.__name__)
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
        x = _ndarray.F.asarray(array)
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
            parts.insert(0, _ndarray.F.full(rest_shape, init, dtype=x.dtype))
        if _reorderable(self._np, ins[0]):
            while len(parts) > 1:
                parts = [self(parts[i], parts[i + 1]) if i + 1 < len(parts) else parts[i]
                         for i in range(0, len(parts), 2)]
            r = parts[0]
        else:
            r = parts[0]
            for p_ in parts[1:]:
                r = self(r, p_)
        r = _ndarray.F.asarray(r)
        if dtype is not None and r.dtype.name != _dt_name(dtype):
            r = r.astype(dtype)
        if keepdims:
            r = r.reshape(tuple(1 if i in axes else d for i, d in enumerate(shape0)))
        return ret(r._data)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        fn = {"add": _ndarray.F.cumsum, "multiply": _ndarray.F.cumprod}.get(self.__name__)
        if fn is not None:
            return fn(array, axis=axis, dtype=dtype, out=out)
        if self.__name__ not in _IDEMPOTENT or self.nin != 2:
            not_implemented(f"numpy.{self.__name__}.accumulate")
        _no_out(f"{self.__name__}.accumulate", out)
        # an inclusive scan by doubling (Hillis-Steele): log2(n) applications of the ufunc,
        # exact for idempotent operations (op(a, a) == a), where the first k entries may
        # combine with themselves
        x = _ndarray.F.asarray(array)
        if dtype is not None:
            x = x.astype(dtype)
        if x.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        ax = norm_axis(axis, x.ndim)
        n = x.shape[ax]
        pre = (slice(None),) * ax
        r, k = x, 1
        while k < n:
            r = self(r, _ndarray.F.concatenate([r[pre + (slice(0, k),)], r[pre + (slice(0, n - k),)]],
                                    axis=ax))
            k *= 2
        return r if dtype is not None else r.astype(x.dtype)

    def outer(self, A, B, **kwargs):
        a, b = _ndarray.F.asarray(A), _ndarray.F.asarray(B)
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
        arr = _ndarray.F.asarray(a)
        idx = indices if isinstance(indices, tuple) else (indices,)
        if _any(isinstance(i, slice) or i is Ellipsis or i is None for i in idx):
            not_implemented(f"numpy.{self.__name__}.at with slices in the index")
        idx = [_ndarray.F.asarray(i) for i in idx]
        if _any(i.dtype.kind not in "iu" for i in idx):
            not_implemented(f"numpy.{self.__name__}.at with a non-integer index")
        if len(idx) > arr.ndim:
            raise IndexError("too many indices for array")
        idx = _ndarray.F.broadcast_arrays(*idx)
        idx = [_ndarray.F.where(i < 0, i + arr.shape[k], i).astype(_I64) for k, i in enumerate(idx)]
        vals = _ndarray.F.asarray(b)
        rt = result_type(arr, vals)
        if not can_cast(rt, arr.dtype, "same_kind"):
            raise TypeError(f"Cannot cast ufunc '{self.__name__}' output from {rt!r} to "
                            f"{arr.dtype!r} with casting rule 'same_kind'")
        if self.__name__ == "subtract":
            vals = _ndarray.F.negative(vals)
        upd_shape = tuple(idx[0].shape) + tuple(arr.shape[len(idx):])
        vals = _ndarray.F.broadcast_to(vals.astype(arr.dtype), upd_shape)
        ind = _ndarray.F.stack(idx, axis=-1)
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
# the ufuncs under their numpy.* names
absolute = UFUNCS["absolute"]
fabs = UFUNCS["fabs"]
negative = UFUNCS["negative"]
positive = UFUNCS["positive"]
sign = UFUNCS["sign"]
sqrt = UFUNCS["sqrt"]
square = UFUNCS["square"]
exp = UFUNCS["exp"]
exp2 = UFUNCS["exp2"]
expm1 = UFUNCS["expm1"]
log = UFUNCS["log"]
log2 = UFUNCS["log2"]
log10 = UFUNCS["log10"]
log1p = UFUNCS["log1p"]
sin = UFUNCS["sin"]
cos = UFUNCS["cos"]
tan = UFUNCS["tan"]
arcsin = UFUNCS["arcsin"]
arccos = UFUNCS["arccos"]
arctan = UFUNCS["arctan"]
sinh = UFUNCS["sinh"]
cosh = UFUNCS["cosh"]
tanh = UFUNCS["tanh"]
arcsinh = UFUNCS["arcsinh"]
arccosh = UFUNCS["arccosh"]
arctanh = UFUNCS["arctanh"]
floor = UFUNCS["floor"]
ceil = UFUNCS["ceil"]
trunc = UFUNCS["trunc"]
rint = UFUNCS["rint"]
isnan = UFUNCS["isnan"]
isinf = UFUNCS["isinf"]
isfinite = UFUNCS["isfinite"]
signbit = UFUNCS["signbit"]
logical_not = UFUNCS["logical_not"]
invert = UFUNCS["invert"]
conjugate = UFUNCS["conjugate"]
reciprocal = UFUNCS["reciprocal"]
cbrt = UFUNCS["cbrt"]
deg2rad = UFUNCS["deg2rad"]
radians = UFUNCS["radians"]
rad2deg = UFUNCS["rad2deg"]
degrees = UFUNCS["degrees"]
spacing = UFUNCS["spacing"]
bitwise_count = UFUNCS["bitwise_count"]
add = UFUNCS["add"]
subtract = UFUNCS["subtract"]
multiply = UFUNCS["multiply"]
divide = UFUNCS["divide"]
floor_divide = UFUNCS["floor_divide"]
remainder = UFUNCS["remainder"]
fmod = UFUNCS["fmod"]
power = UFUNCS["power"]
float_power = UFUNCS["float_power"]
maximum = UFUNCS["maximum"]
minimum = UFUNCS["minimum"]
fmax = UFUNCS["fmax"]
fmin = UFUNCS["fmin"]
arctan2 = UFUNCS["arctan2"]
hypot = UFUNCS["hypot"]
copysign = UFUNCS["copysign"]
nextafter = UFUNCS["nextafter"]
logaddexp = UFUNCS["logaddexp"]
logaddexp2 = UFUNCS["logaddexp2"]
ldexp = UFUNCS["ldexp"]
heaviside = UFUNCS["heaviside"]
equal = UFUNCS["equal"]
not_equal = UFUNCS["not_equal"]
less = UFUNCS["less"]
less_equal = UFUNCS["less_equal"]
greater = UFUNCS["greater"]
greater_equal = UFUNCS["greater_equal"]
logical_and = UFUNCS["logical_and"]
logical_or = UFUNCS["logical_or"]
logical_xor = UFUNCS["logical_xor"]
bitwise_and = UFUNCS["bitwise_and"]
bitwise_or = UFUNCS["bitwise_or"]
bitwise_xor = UFUNCS["bitwise_xor"]
left_shift = UFUNCS["left_shift"]
right_shift = UFUNCS["right_shift"]
gcd = UFUNCS["gcd"]
lcm = UFUNCS["lcm"]
divmod = UFUNCS["divmod"]  # noqa: A001
modf = UFUNCS["modf"]
frexp = UFUNCS["frexp"]
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
