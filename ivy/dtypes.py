"""Ivy's data types, the Array API promotion table and the default dtypes.

A dtype is an :class:`Dtype`, a ``str`` subclass named like NumPy (``ivy.float32 == "float32"``),
so it hashes, compares and serialises as its name. Converting *to* Ivy works for every framework's
dtype objects without importing any framework (:func:`as_ivy_dtype`); converting *to* a framework's
dtype is the backend's job (``backends/<fw>/dtypes.py``).
"""

from __future__ import annotations

import builtins as _builtins
import threading

from .errors import InvalidArgumentError
from .memo import Memo


class Dtype:
    """An Ivy data type. Equal to, and hashed as, its name (``ivy.float32 == "float32"``), but not
    a ``str`` (the Array API requires dtype objects to be distinct from strings).

    ``.dtype`` is the NumPy dtype, so ``np.dtype(ivy.float32)`` and ``arr.astype(ivy.float32)``
    work. One instance exists per dtype (copies and unpickling return it).
    """

    __slots__ = ("name", "_hash")

    def __init__(self, name: str):
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_hash", hash(name))

    def __setattr__(self, key, value):
        raise AttributeError("ivy dtypes are immutable")

    def __eq__(self, other):
        if other.__class__ is Dtype:
            return self.name == other.name
        if isinstance(other, str):
            return self.name == other
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other) -> bool:  # a stable order for sorted() over dtypes
        return self.name < str(other)

    def __repr__(self) -> str:
        return f"ivy.{self.name}"

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __reduce__(self):
        return (as_ivy_dtype, (self.name,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def dtype(self):
        """The NumPy dtype (bfloat16 through ml_dtypes)."""
        import numpy as np

        if self.name == "bfloat16":
            import ml_dtypes

            return np.dtype(ml_dtypes.bfloat16)
        return np.dtype(self.name)


bool = Dtype("bool")  # noqa: A001 - the Array API names it so
int8 = Dtype("int8")
int16 = Dtype("int16")
int32 = Dtype("int32")
int64 = Dtype("int64")
uint8 = Dtype("uint8")
uint16 = Dtype("uint16")
uint32 = Dtype("uint32")
uint64 = Dtype("uint64")
float16 = Dtype("float16")
bfloat16 = Dtype("bfloat16")
float32 = Dtype("float32")
float64 = Dtype("float64")
complex64 = Dtype("complex64")
complex128 = Dtype("complex128")

ALL = (bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
       float16, bfloat16, float32, float64, complex64, complex128)
BY_NAME = {str(d): d for d in ALL}
SIGNED = (int8, int16, int32, int64)
UNSIGNED = (uint8, uint16, uint32, uint64)
INTEGER = SIGNED + UNSIGNED
REAL_FLOATING = (float16, bfloat16, float32, float64)
COMPLEX = (complex64, complex128)
FLOATING = REAL_FLOATING + COMPLEX
NUMERIC = INTEGER + FLOATING
# The dtypes the Array API standard itself defines (float16/bfloat16 are Ivy extras).
STANDARD = (bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
            float32, float64, complex64, complex128)

BITS = {bool: 8, int8: 8, int16: 16, int32: 32, int64: 64, uint8: 8, uint16: 16, uint32: 32,
        uint64: 64, float16: 16, bfloat16: 16, float32: 32, float64: 64, complex64: 64,
        complex128: 128}


# ---------------------------------------------------------------------------------------------
# Promotion (Array API table, extended with float16/bfloat16 as in JAX: bf16 + f16 -> f32)
# ---------------------------------------------------------------------------------------------

def _build_promotion_table() -> dict[tuple[Dtype, Dtype], Dtype]:
    t: dict[tuple[Dtype, Dtype], Dtype] = {}
    # signed/signed and unsigned/unsigned: the wider one
    for group in (SIGNED, UNSIGNED, (float16, float32, float64), (bfloat16, float32, float64),
                  COMPLEX):
        for a in group:
            for b in group:
                t[(a, b)] = a if BITS[a] >= BITS[b] else b
    # mixed signed/unsigned: the smallest signed type holding both; uint64 + signed has none
    for u in UNSIGNED:
        for s in SIGNED:
            need = max(BITS[s], 2 * BITS[u])
            if need <= 64:
                r = {8: int8, 16: int16, 32: int32, 64: int64}[need]
                t[(u, s)] = t[(s, u)] = r
    t[(float16, bfloat16)] = t[(bfloat16, float16)] = float32
    # real float with complex
    for f in REAL_FLOATING:
        for c in COMPLEX:
            r = complex128 if (f == float64 or c == complex128) else complex64
            t[(f, c)] = t[(c, f)] = r
    t[(bool, bool)] = bool
    return t


PROMOTION_TABLE = _build_promotion_table()


def promote_types(a, b) -> Dtype:
    """The Array API result dtype of ``a`` and ``b`` (dtypes of any framework, or names).

    Raises ``TypeError`` for pairs the standard leaves undefined (e.g. int with float, uint64 with
    a signed int), naming both.
    """
    a, b = as_ivy_dtype(a), as_ivy_dtype(b)
    try:
        return PROMOTION_TABLE[(a, b)]
    except KeyError:
        raise TypeError(
            f"no Array API type promotion for {a} and {b}: mixed kinds (bool/int/float) and "
            "uint64 with signed ints are undefined; cast one operand with ivy.astype first"
        ) from None


# ---------------------------------------------------------------------------------------------
# Conversion from any framework's dtype objects (no framework import needed)
# ---------------------------------------------------------------------------------------------

_IVY_OF_NATIVE = Memo(BY_NAME)  # cache: native dtype object -> Dtype
_PY_TYPES = {"bool": "bool", "int": "int64", "float": "float64", "complex": "complex128"}


def as_ivy_dtype(dtype) -> Dtype:
    """Convert a dtype of any framework (or a name such as ``"float32"``) to an :class:`Dtype`."""
    try:
        return _IVY_OF_NATIVE[dtype]
    except (KeyError, TypeError):
        pass
    if isinstance(dtype, type) and dtype.__module__ == "builtins" and dtype.__name__ in _PY_TYPES:
        name = _PY_TYPES[dtype.__name__]
        if name == "float64":
            name = str(default_float_dtype())
        elif name == "int64":
            name = str(default_int_dtype())
        return BY_NAME[name]
    name = getattr(dtype, "name", None)
    if not isinstance(name, str) or name not in BY_NAME:
        # torch dtypes print as "torch.float32"; numpy scalar types carry a dtype
        text = str(getattr(dtype, "dtype", dtype))
        name = text.rsplit(".", 1)[-1].strip("'>")
        if "class" in text and hasattr(dtype, "dtype"):
            name = str(dtype.dtype)
    if name not in BY_NAME:
        raise InvalidArgumentError(
            f"unknown dtype {dtype!r}; Ivy's dtypes are: {', '.join(BY_NAME)}")
    d = BY_NAME[name]
    try:
        _IVY_OF_NATIVE[dtype] = d
    except TypeError:
        pass
    return d


# ---------------------------------------------------------------------------------------------
# Default dtypes (per thread, so a worker serving many clients cannot leak one's setting)
# ---------------------------------------------------------------------------------------------

class _Defaults(threading.local):
    def __init__(self):
        self.float = float32
        self.int = int64
        self.uint = uint64
        self.complex = complex64


_defaults = _Defaults()


def default_float_dtype() -> Dtype:
    return _defaults.float


def default_int_dtype() -> Dtype:
    return _defaults.int


def default_uint_dtype() -> Dtype:
    return _defaults.uint


def default_complex_dtype() -> Dtype:
    return _defaults.complex


def set_default_float_dtype(dtype) -> None:
    d = as_ivy_dtype(dtype)
    if d not in REAL_FLOATING:
        raise InvalidArgumentError(f"default float dtype must be one of {REAL_FLOATING}, got {d}")
    _defaults.float = d
    _defaults.complex = complex128 if d == float64 else complex64


def set_default_int_dtype(dtype) -> None:
    d = as_ivy_dtype(dtype)
    if d not in SIGNED:
        raise InvalidArgumentError(f"default int dtype must be one of {SIGNED}, got {d}")
    _defaults.int = d
    _defaults.uint = BY_NAME["u" + str(d)]


def default_dtype_for(value) -> Dtype:
    """The dtype Ivy gives a Python scalar ``value`` (bool, int, float, complex)."""
    t = type(value)
    if t is _builtins.bool:
        return bool
    if t is int:
        return _defaults.int
    if t is float:
        return _defaults.float
    if t is complex:
        return _defaults.complex
    raise InvalidArgumentError(f"{value!r} is not a Python scalar")



def default_dtype_of(obj) -> Dtype | None:
    """Ivy's default dtype for a Python scalar or a nested sequence of them (``asarray([1.0])`` is
    float32 on every backend, whatever the framework's own default); ``None`` when ``obj`` holds
    arrays (their dtypes decide). An empty sequence gets the default floating-point dtype."""
    kinds = set()

    def walk(o):
        if isinstance(o, (list, tuple)):
            for e in o:
                walk(e)
        elif hasattr(o, "dtype"):
            kinds.add("array")
        else:
            kinds.add(type(o))

    walk(obj)
    if "array" in kinds:
        return None
    if not kinds or (float in kinds and complex not in kinds):
        return _defaults.float
    if complex in kinds:
        return _defaults.complex
    if int in kinds:
        return _defaults.int
    if _builtins.bool in kinds:
        return bool
    return None
