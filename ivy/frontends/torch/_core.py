"""Core of the PyTorch frontend: torch's dtypes, its type-promotion rule, and shared helpers.

Nothing here imports PyTorch. A frontend ``Tensor`` holds one native array of the Ivy backend in
use (``numpy.ndarray``, ``torch.Tensor``, ``jax.Array``, ...); every computation is a call of an
``ivy.*`` function on native arrays (native in -> native out: no ``ivy.Array`` wrapping), so the
frontend adds only Python-level argument handling on top of Ivy's dispatch.
"""

from __future__ import annotations

import builtins

import numpy as np

import ivy
from ivy.dtypes import as_ivy_dtype

DOC = "docs/frontends.md"


def not_implemented(name: str, detail: str = ""):
    """Raise the frontend's NotImplementedError for ``name`` (never a silently different result)."""
    extra = f" ({detail})" if detail else ""
    raise NotImplementedError(f"ivy.frontends.torch: {name} is not implemented{extra}; see {DOC} "
                              "for what the PyTorch frontend covers")


# ------------------------------------------------------------------------------------- dtypes

_CATEGORY = {"bool": 0, "int8": 1, "int16": 1, "int32": 1, "int64": 1, "uint8": 1, "uint16": 1,
             "uint32": 1, "uint64": 1, "float16": 2, "bfloat16": 2, "float32": 2, "float64": 2,
             "complex64": 3, "complex128": 3}
_ITEMSIZE = {"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2,
             "uint32": 4, "uint64": 8, "float16": 2, "bfloat16": 2, "float32": 4, "float64": 8,
             "complex64": 8, "complex128": 16}


_ALL: list = []  # every frontend dtype, by ``idx``


class dtype:  # noqa: N801 - torch's name
    """A torch dtype (``torch.float32``...). Equal to itself and to the Ivy dtype of the same name."""

    __slots__ = ("name", "ivy", "cat", "is_floating_point", "is_complex", "is_signed", "itemsize",
                 "idx")

    def __init__(self, name: str):
        self.name = name
        self.idx = len(_ALL)  # row/column of the cached promotion table
        _ALL.append(self)
        self.ivy = as_ivy_dtype(name)
        self.cat = _CATEGORY[name]
        self.is_floating_point = self.cat == 2
        self.is_complex = self.cat == 3
        self.is_signed = name not in ("bool", "uint8", "uint16", "uint32", "uint64")
        self.itemsize = _ITEMSIZE[name]

    def __repr__(self):
        return f"torch.{self.name}"

    __str__ = __repr__

    def __eq__(self, other):
        if other.__class__ is dtype:
            return self is other
        if other.__class__ is ivy.Dtype:
            return self.name == other.name
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (_dtype_by_name, (self.name,))

    def to_real(self):
        return {"complex64": float32, "complex128": float64}.get(self.name, self)

    def to_complex(self):
        return {"float32": complex64, "float64": complex128, "float16": complex64}.get(
            self.name, self)

    @property
    def is_inference(self):
        return False


bool = dtype("bool")  # noqa: A001
uint8, uint16, uint32, uint64 = (dtype(n) for n in ("uint8", "uint16", "uint32", "uint64"))
int8, int16, int32, int64 = (dtype(n) for n in ("int8", "int16", "int32", "int64"))
float16, bfloat16, float32, float64 = (dtype(n) for n in ("float16", "bfloat16", "float32",
                                                          "float64"))
complex64, complex128 = dtype("complex64"), dtype("complex128")
half, float, double = float16, float32, float64  # noqa: A001
short, int, long = int16, int32, int64  # noqa: A001
cfloat, cdouble = complex64, complex128
BY_NAME = {d.name: d for d in (bool, uint8, uint16, uint32, uint64, int8, int16, int32, int64,
                               float16, bfloat16, float32, float64, complex64, complex128)}
DTYPE_ALIASES = {"half": half, "float": float, "double": double, "short": short, "int": int,
                 "long": long, "cfloat": cfloat, "cdouble": cdouble}


def _dtype_by_name(name):
    return BY_NAME[name]


_DEFAULT = [float32]


def get_default_dtype():
    return _DEFAULT[0]


def set_default_dtype(d):
    d = to_dtype(d)
    if d.cat != 2 or d in (bfloat16,):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _DEFAULT[0] = d


def default_complex():
    return complex128 if _DEFAULT[0] is float64 else complex64


_PY_TYPES = {builtins.float: float64, builtins.int: int64, builtins.bool: bool,
             builtins.complex: complex128}


def to_dtype(d) -> dtype:
    """A frontend dtype from a frontend/Ivy/NumPy/torch dtype, a name or a Python type."""
    if d.__class__ is dtype:
        return d
    if d in _PY_TYPES:
        return _PY_TYPES[d]
    if isinstance(d, str) and d in DTYPE_ALIASES:
        return DTYPE_ALIASES[d]
    return BY_NAME[str(as_ivy_dtype(d))]


_FROM_NATIVE: dict = {}
# native dtype -> its category (0 bool, 1 int, 2 float, 3 complex), filled with _FROM_NATIVE: the
# fast paths read ``CAT.get(x.dtype)`` and take the general path when it is None (not seen yet).
# Add-only: ``_fast.c`` caches the last entry it found (never change or remove one).
CAT: dict = {}


def dtype_of(x) -> dtype:
    """The frontend dtype of native array ``x`` (cached per native dtype object)."""
    nd = x.dtype
    try:
        return _FROM_NATIVE[nd]
    except KeyError:
        d = _FROM_NATIVE[nd] = BY_NAME[str(as_ivy_dtype(nd))]
        CAT[nd] = d.cat
        return d
    except TypeError:  # unhashable native dtype (not expected)
        return BY_NAME[str(as_ivy_dtype(nd))]


# ------------------------------------------------------------------------------- promotion
_INT_RANK = {"int8": 1, "int16": 2, "int32": 3, "int64": 4}
_UINT_BIG = ("uint16", "uint32", "uint64")


def promote_types(a: dtype, b: dtype) -> dtype:
    """torch.promote_types: the higher category wins; within one, the wider type (a table
    lookup; the pairs torch rejects raise from ``_promote``)."""
    if a is b:
        return a
    r = _PROMOTE[a.idx][b.idx]
    return r if r is not None else _promote(a, b)


def _promote(a: dtype, b: dtype) -> dtype:
    if a is b:
        return a
    ca, cb = a.cat, b.cat
    if ca != cb:
        hi, lo = (a, b) if ca > cb else (b, a)
        if hi.cat == 3 and lo is float64:
            return complex128
        return hi
    if ca == 1:
        if a.name in _UINT_BIG or b.name in _UINT_BIG:
            if a.is_signed != b.is_signed:
                raise TypeError(f"Promotion for uint16, uint32, uint64 types is not supported, "
                                f"attempted to promote {a.name} and {b.name}")
            return a if a.itemsize >= b.itemsize else b
        if a is uint8 or b is uint8:
            other = b if a is uint8 else a
            return int16 if other is int8 else other
        return a if _INT_RANK[a.name] >= _INT_RANK[b.name] else b
    if ca == 2:
        if {a.name, b.name} == {"float16", "bfloat16"}:
            return float32
        return a if a.itemsize >= b.itemsize else b
    return a if a.itemsize >= b.itemsize else b  # complex (bool/bool handled by a is b)


def _promote_or_none(a, b):
    try:
        return _promote(a, b)
    except TypeError:
        return None


_PROMOTE = [[_promote_or_none(a, b) for b in _ALL] for a in _ALL]


def _combine(higher, lower):
    """torch's combine_categories (c10/core/ScalarType / TensorIterator result_type)."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.cat == 3:
        return higher
    if lower.cat == 3:
        if higher.cat == 2:
            return higher.to_complex()
        return lower
    if higher.cat == 2:
        return higher
    if higher is bool or lower.cat == 2:
        return promote_types(higher, lower)
    return higher


def scalar_dtype(s) -> dtype:
    """The dtype torch gives a Python scalar taking part in an operation (a 'wrapped number')."""
    c = s.__class__
    if c is builtins.bool or c is np.bool_:
        return bool
    if c is builtins.int or isinstance(s, np.integer):
        return int64
    if c is builtins.float or isinstance(s, np.floating):
        return _DEFAULT[0]
    if c is builtins.complex or isinstance(s, np.complexfloating):
        return default_complex()
    raise TypeError(f"unsupported operand type {type(s).__name__}")


def result_type(*operands) -> dtype:
    """torch.result_type over tensors and Python scalars: dimensioned tensors, then 0-d tensors,
    then scalars, each a category (bool < int < float < complex); a lower group only matters when
    its category is higher."""
    dim = zero = wrapped = None
    for o in operands:
        if o is None:
            continue
        data = getattr(o, "_data", None)
        if data is not None and hasattr(o, "_frontend_tensor"):
            d = _FROM_NATIVE.get(data.dtype) or dtype_of(data)
            if len(data.shape) == 0:
                zero = d if zero is None or zero is d else promote_types(zero, d)
            else:
                dim = d if dim is None or dim is d else promote_types(dim, d)
        else:
            d = scalar_dtype(o)
            wrapped = d if wrapped is None or wrapped is d else promote_types(wrapped, d)
    if zero is None and wrapped is None:
        return dim
    return _combine(dim, _combine(zero, wrapped))


def can_cast(from_: dtype, to: dtype) -> builtins.bool:
    """torch.can_cast: no cast to a lower category (complex->float, float->int, non-bool->bool)."""
    return from_.cat <= to.cat


# --------------------------------------------------------------------------- misc helpers

def as_tuple(v):
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,)


def norm_dim(dim, ndim):
    """A dimension index made non-negative (torch allows -1/0 on 0-d tensors)."""
    n = ndim if ndim > 0 else 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return dim % n


def size_args(size):
    """``f(2, 3)`` / ``f((2, 3))`` / ``f([2, 3])`` / ``f(torch.Size)`` -> a tuple of ints."""
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = size[0]
    return tuple(builtins.int(s) for s in size)
