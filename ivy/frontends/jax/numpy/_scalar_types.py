"""``jnp.float32`` & co.: types usable as dtypes (``x.astype(jnp.int8)``) that build an Array when
called (``jnp.float32(2)``), as JAX's scalar types do."""

from __future__ import annotations

from .. import _core
from .._array import asarray


class ScalarType(_core._ScalarMeta):
    """The metaclass of the scalar types: ``jnp.float32(x)`` is ``jnp.asarray(x, jnp.float32)``."""

    def __call__(cls, x):
        return asarray(x, dtype=cls.dtype)


def _scalar_type(name, pyname=None):
    return ScalarType(pyname or name, (), {
        "dtype": _core.np_dtype(name) if name != "bfloat16" or _core._BF16 is not None else None,
        "_name": name})


bool_ = _scalar_type("bool", "bool_")
int8, int16, int32, int64 = (_scalar_type(n) for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (_scalar_type(n) for n in ("uint8", "uint16", "uint32",
                                                            "uint64"))
float16, bfloat16, float32, float64 = (_scalar_type(n) for n in ("float16", "bfloat16",
                                                                 "float32", "float64"))
complex64, complex128 = _scalar_type("complex64"), _scalar_type("complex128")
SCALAR_TYPES = {c._name: c for c in (bool_, int8, int16, int32, int64, uint8, uint16, uint32,
                                      uint64, float16, bfloat16, float32, float64, complex64,
                                      complex128)}
