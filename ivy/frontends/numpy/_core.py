"""Core of the NumPy frontend: dtypes, NumPy 2 type resolution, conversions and shared helpers.

Arrays never go through NumPy here: a frontend ``ndarray`` holds one native array of the Ivy
backend in use and every computation is an ``ivy.*`` call on native arrays. The installed NumPy
is asked only for *metadata*: which dtype a ufunc loop, a reduction or a promotion gives (NEP 50
weak Python scalars included), so the frontend's dtypes are NumPy's by construction.
"""

from __future__ import annotations

import builtins
import functools
import warnings

import numpy as _rnp

import ivy
from ivy.dtypes import as_ivy_dtype

from .._common import creation_backend

DOC = "docs/frontends-numpy.md"

try:
    from numpy.exceptions import AxisError
except ImportError:  # pragma: no cover - numpy < 1.25
    AxisError = _rnp.AxisError


def not_implemented(name: str, detail: str = ""):
    """Raise the frontend's NotImplementedError for ``name`` (never a silently different result)."""
    extra = f" ({detail})" if detail else ""
    raise NotImplementedError(f"ivy.frontends.numpy: {name} is not implemented{extra}; see {DOC} "
                              "and docs/frontends.md for what the NumPy frontend covers")


# ------------------------------------------------------------------------------------ dtypes
SUPPORTED = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
             "float16", "float32", "float64", "complex64", "complex128")


class dtype:  # noqa: N801 - numpy's name
    """``numpy.dtype``: one instance per supported dtype; ``dtype('f4') is dtype(np.float32)``."""

    __slots__ = ("name", "ivy", "kind", "itemsize", "char", "str", "type", "_np")

    def __new__(cls, obj=None, align=False, copy=False):
        return to_dtype(obj)

    @classmethod
    def _make(cls, name):
        d = object.__new__(cls)
        n = _rnp.dtype(name)
        d.name, d.ivy, d.kind, d.itemsize = name, as_ivy_dtype(name), n.kind, n.itemsize
        d.char, d.str, d._np, d.type = n.char, n.str, n, None
        return d

    def __repr__(self):
        return f"dtype('{self.name}')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if other.__class__ is dtype:
            return other is self
        try:
            return to_dtype(other) is self
        except Exception:  # noqa: BLE001 - not a dtype-like: unequal, as numpy
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._np)

    def __reduce__(self):
        return (to_dtype, (self.name,))

    @property
    def base(self):
        return self

    @property
    def shape(self):
        return ()

    @property
    def ndim(self):
        return 0

    @property
    def byteorder(self):
        return "=" if self.itemsize > 1 else "|"

    @property
    def alignment(self):
        return self.itemsize

    @property
    def isnative(self):
        return True

    @property
    def names(self):
        return None

    @property
    def fields(self):
        return None

    @property
    def subdtype(self):
        return None

    @property
    def num(self):
        return self._np.num

    @property
    def descr(self):
        return [("", self.str)]

    def newbyteorder(self, new_order="S"):
        not_implemented("numpy.dtype.newbyteorder", "only native byte order")


BY_NAME = {n: dtype._make(n) for n in SUPPORTED}
_PY = {builtins.float: "float64", builtins.int: "int64", builtins.bool: "bool",
       builtins.complex: "complex128"}


@functools.lru_cache(maxsize=None)
def _dtype_from_hashable(obj):
    nd = _rnp.dtype(obj)
    if nd.name not in BY_NAME:
        not_implemented(f"numpy.dtype({obj!r})", f"dtype {nd} (only bool, integer, floating "
                        "and complex dtypes)")
    return BY_NAME[nd.name]


def to_dtype(obj) -> dtype:
    """A frontend dtype from anything NumPy accepts as a dtype (and Ivy/framework dtypes)."""
    if obj.__class__ is dtype:
        return obj
    if obj is None:
        return BY_NAME["float64"]
    t = getattr(obj, "_frontend_dtype", None)  # a frontend scalar type (class)
    if t is not None and isinstance(obj, type):
        return t
    if obj in _PY:
        return BY_NAME[_PY[obj]]
    if isinstance(obj, ivy.Dtype):
        return BY_NAME[str(obj)]
    if isinstance(obj, (str, type, _rnp.dtype)):
        try:
            return _dtype_from_hashable(obj)
        except TypeError:
            pass
    d = getattr(obj, "dtype", None)
    if d is not None and not isinstance(obj, type):
        return to_dtype(d) if not isinstance(d, dtype) else d
    try:
        return BY_NAME[str(as_ivy_dtype(obj))]
    except Exception as e:  # noqa: BLE001
        raise TypeError(f"Cannot interpret '{obj!r}' as a data type") from e


_FROM_NATIVE: dict = {}


def dtype_of(x) -> dtype:
    """The frontend dtype of a native array (cached per native dtype object)."""
    nd = x.dtype
    try:
        return _FROM_NATIVE[nd]
    except KeyError:
        d = _FROM_NATIVE[nd] = BY_NAME[str(as_ivy_dtype(nd))]
        return d
    except TypeError:
        return BY_NAME[str(as_ivy_dtype(nd))]


# ----------------------------------------------------------------- NumPy's type resolution
_WEAK = (builtins.int, builtins.float, builtins.complex)


def probe_key(o):
    """A hashable stand-in for an operand in dtype resolution: a dtype name, or a Python type."""
    if hasattr(o, "_data") and hasattr(o, "_frontend_array"):
        return dtype_of(o._data).name
    c = o.__class__
    if c is builtins.bool:
        return "bool"
    if c in _WEAK:
        return c
    if isinstance(o, _rnp.generic) or isinstance(o, _rnp.ndarray):
        return o.dtype.name
    d = getattr(o, "dtype", None)
    if d is not None:
        return to_dtype(d).name
    if isinstance(o, (list, tuple)):
        return _rnp.asarray(o).dtype.name
    raise TypeError(f"unsupported operand type {type(o).__name__!r}")


def _probe_dt(k):
    return _rnp.dtype(k) if isinstance(k, str) else k


@functools.lru_cache(maxsize=None)
def ufunc_loop(name: str, keys: tuple, sig_dtype=None):
    """(input loop dtypes, output dtypes) NumPy's ufunc ``name`` uses for operand kinds ``keys``."""
    uf = getattr(_rnp, name)
    dts = tuple(_probe_dt(k) for k in keys) + (None,) * uf.nout
    sig = None
    if sig_dtype is not None:
        sig = (None,) * uf.nin + (_rnp.dtype(sig_dtype),) * uf.nout
    if sig is None:
        r = uf.resolve_dtypes(dts)
    else:
        r = uf.resolve_dtypes(dts, signature=sig, casting="unsafe")
    names = tuple(d.name for d in r)
    return names[:uf.nin], names[uf.nin:]


@functools.lru_cache(maxsize=None)
def probe(fname: str, keys: tuple, kw: tuple = (), size: int = 1):
    """The dtype real NumPy's ``fname`` returns for operands of kinds ``keys`` (1-element
    arrays or Python scalars; metadata only) -> a dtype name (or a tuple for tuple results)."""
    obj = _rnp
    for p in fname.split("."):
        obj = getattr(obj, p)
    args = [_rnp.ones((size,), k) if isinstance(k, str) else k(1) for k in keys]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = obj(*args, **dict(kw))
    if isinstance(r, tuple):
        return tuple(_rnp.asarray(e).dtype.name for e in r)
    return _rnp.asarray(r).dtype.name


def result_type_keys(*keys) -> str:
    return _rnp.result_type(*[_probe_dt(k) if isinstance(k, str) else k(0) for k in keys]).name


def check_int_scalar(v, dt: dtype):
    """NumPy 2: a Python int that does not fit the integer dtype raises OverflowError."""
    if v.__class__ is builtins.int and dt.kind in "iu":
        info = _rnp.iinfo(dt._np)
        if not info.min <= v <= info.max:
            raise OverflowError(f"Python integer {v} out of bounds for {dt.name}")


# ------------------------------------------------------------------------------- backends


def unwrap_ivy(r):
    return r._data if isinstance(r, ivy.Array) else r


def from_numpy(a, dt: dtype | None = None):
    """A real NumPy array (or Python data) as a native array of the creation backend."""
    a = _rnp.asarray(a, dtype=None if dt is None else dt._np)
    B = creation_backend()
    return B.asarray(a)


def cast(x, dt: dtype):
    """Native ``x`` cast to frontend dtype ``dt`` (no copy when it already has it)."""
    if dtype_of(x) is dt:
        return x
    return ivy.astype(x, dt.ivy)


def shape_of(x) -> tuple:
    return tuple(builtins.int(s) for s in x.shape)


def norm_axis(axis, ndim):
    """A non-negative axis index; numpy's AxisError when out of range."""
    a = builtins.int(axis)
    if not -ndim <= a < ndim:
        raise AxisError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return a % ndim if ndim else 0


def norm_axes(axis, ndim):
    """``None`` -> all axes; an int or a tuple -> a sorted tuple of non-negative axes."""
    if axis is None:
        return tuple(builtins.range(ndim))
    if isinstance(axis, (list, tuple)):
        r = tuple(norm_axis(a, ndim) for a in axis)
        if len(set(r)) != len(r):
            raise ValueError("duplicate value in 'axis'")
        return r
    return (norm_axis(axis, ndim),)
