"""Core of the JAX frontend: JAX's dtypes, its type-promotion lattice with weak types, and helpers.

Nothing here imports JAX. A frontend ``Array`` holds one native array of the Ivy backend in use
plus a ``weak`` flag (JAX's ``weak_type``: Python scalars and arrays built from them promote
"weakly", so ``float32_array * 2.0`` stays float32). Every computation is an ``ivy.*`` call on
native arrays.

``jax_enable_x64`` is treated as **disabled** (JAX's default) and cannot be enabled: 64-bit
dtypes are canonicalised to 32-bit ones (int64 -> int32, uint64 -> uint32, float64 -> float32,
complex128 -> complex64) on creation and after every operation, as JAX does. Asking for
``jax.config.update("jax_enable_x64", True)`` raises NotImplementedError.
"""

from __future__ import annotations

import builtins

import numpy as np

from ivy.dtypes import as_ivy_dtype

from .._common import creation_backend as creation_backend  # re-exported

DOC = "docs/frontends-jax.md"


def not_implemented(name: str, detail: str = ""):
    """Raise the frontend's NotImplementedError for ``name`` (never a silently different result)."""
    extra = f" ({detail})" if detail else ""
    raise NotImplementedError(f"ivy.frontends.jax: {name} is not implemented{extra}; see {DOC} "
                              "(and docs/frontends.md) for what the JAX frontend covers")


# ------------------------------------------------------------------------------------- dtypes
try:  # bfloat16 as NumPy sees it (ml_dtypes ships with JAX; optional here)
    import ml_dtypes as _ml

    _BF16 = np.dtype(_ml.bfloat16)
except Exception:  # noqa: BLE001
    _BF16 = None

NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "bfloat16", "float32", "float64", "complex64", "complex128")
CANON = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
KIND = {"bool": "b", "int8": "i", "int16": "i", "int32": "i", "int64": "i", "uint8": "u",
        "uint16": "u", "uint32": "u", "uint64": "u", "float16": "f", "bfloat16": "f",
        "float32": "f", "float64": "f", "complex64": "c", "complex128": "c"}
DEFAULT = {"i": "int32", "f": "float32", "c": "complex64", "b": "bool", "u": "uint32"}


def np_dtype(name: str):
    """The NumPy dtype object JAX reports for dtype ``name`` (``x.dtype``)."""
    if name == "bfloat16":
        if _BF16 is None:
            not_implemented("bfloat16 dtype objects", "ml_dtypes is not installed")
        return _BF16
    return np.dtype(name)


class _ScalarMeta(type):
    """The metaclass of ``jnp.float32`` etc. (types usable as dtypes); calling one builds an Array,
    so the callable subclass lives with the Array class (``jax.numpy._scalar_types``)."""

    def __eq__(cls, other):
        try:
            return to_name(other) == to_name(cls)
        except (TypeError, KeyError):
            return False

    def __hash__(cls):
        return hash(cls.__name__)

    def __repr__(cls):
        return f"<class 'jax.numpy.{cls.__name__}'>"


_PY = {builtins.bool: "bool", builtins.int: "int64", builtins.float: "float64",
       builtins.complex: "complex128"}


def to_name(d, canonical=True) -> str:
    """The (canonical, x64 disabled) dtype name of a frontend/NumPy/Ivy/native dtype, a name,
    a scalar type or a Python type."""
    if isinstance(d, _ScalarMeta):
        n = d._name
    elif d in _PY:
        n = _PY[d]
    elif isinstance(d, str) and d in ("float", "int", "complex", "bool"):
        n = _PY[getattr(builtins, d)]
    elif _BF16 is not None and d == _BF16:
        n = "bfloat16"
    else:
        n = str(as_ivy_dtype(d))
    if n not in KIND:
        raise TypeError(f"JAX frontend: unsupported dtype {d!r}")
    return CANON.get(n, n) if canonical else n


# ------------------------------------------------------------------------------- promotion
# JAX's type-promotion lattice (jax._src.dtypes._type_promotion_lattice, standard mode);
# "i*", "f*", "c*" are the weak (Python scalar) types.
_LATTICE = {
    "bool": ["i*"], "i*": ["uint8", "int8"], "f*": ["float16", "bfloat16", "c*"], "c*": ["complex64"],
    "uint8": ["int16", "uint16"], "uint16": ["int32", "uint32"], "uint32": ["int64", "uint64"],
    "uint64": ["f*"], "int8": ["int16"], "int16": ["int32"], "int32": ["int64"], "int64": ["f*"],
    "float16": ["float32"], "bfloat16": ["float32"], "float32": ["float64", "complex64"],
    "float64": ["complex128"], "complex64": ["complex128"], "complex128": [],
}


def _upper(t):
    seen, todo = {t}, [t]
    while todo:
        for u in _LATTICE[todo.pop()]:
            if u not in seen:
                seen.add(u)
                todo.append(u)
    return frozenset(seen)


_UPPER = {t: _upper(t) for t in _LATTICE}
_LUB_CACHE: dict = {}


def _lub(nodes):
    key = frozenset(nodes)
    r = _LUB_CACHE.get(key)
    if r is None:
        common = frozenset.intersection(*(_UPPER[n] for n in key))
        r = next(c for c in common if _UPPER[c] == common)
        _LUB_CACHE[key] = r
    return r


def _node(name, weak):
    if weak:
        k = KIND[name]
        return {"b": "bool", "i": "i*", "u": "i*", "f": "f*", "c": "c*"}[k]
    return name


def promote(*typed) -> tuple[str, bool]:
    """JAX's result type of operands given as (dtype name, weak) pairs -> (name, weak)."""
    lub = _lub([_node(n, w) for n, w in typed])
    if lub.endswith("*"):
        return DEFAULT[lub[0]], True
    return CANON.get(lub, lub), False


def promote_types(a, b) -> str:
    """jnp.promote_types (dtypes are never weak here)."""
    return promote((to_name(a, False), False), (to_name(b, False), False))[0]


def scalar_typed(s):
    """(dtype name, weak) of a Python / NumPy scalar taking part in an operation."""
    c = s.__class__
    if c is builtins.bool:
        return "bool", False
    if c is builtins.int:
        return "int32", True
    if c is builtins.float:
        return "float32", True
    if c is builtins.complex:
        return "complex64", True
    if isinstance(s, (np.generic, np.ndarray)):
        return to_name(s.dtype), False
    raise TypeError(f"JAX frontend: unsupported operand type {type(s).__name__}")


def name_of(x) -> str:
    """The dtype name of native array ``x`` (no canonicalisation)."""
    return str(as_ivy_dtype(x.dtype))


def is_float(name):
    return KIND[name] in "fc"


def as_tuple(v):
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,)


def _gather_fill(name):
    """JAX's fill value for out-of-bounds gathers of dtype ``name`` (``mode="fill"`` without a
    ``fill_value``): NaN for floats, True for bool, the extreme integer (max unsigned, min
    signed)."""
    k = KIND[name]
    return float("nan") if k in "fc" else True if k == "b" else (
        np.iinfo(name).max if k == "u" else np.iinfo(name).min)
