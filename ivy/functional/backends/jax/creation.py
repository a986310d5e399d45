"""The jax backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import jax
import jax.numpy as jnp

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype


def _default_for(obj):
    """Ivy's default dtype for a Python scalar or nested sequence."""
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
    for kind, default in ((complex, _d.default_complex_dtype), (float, _d.default_float_dtype),
                          (int, _d.default_int_dtype)):
        if kind in kinds:
            return as_native_dtype(default())
    return None


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = as_native_dtype(dtype)
    if dtype is None and not hasattr(obj, "dtype"):
        dtype = _default_for(obj)
    out = jnp.array(obj, dtype=dtype, copy=bool(copy)) if copy else jnp.asarray(obj, dtype=dtype)
    if device is not None:
        out = jax.device_put(out, as_native_device(device))
    return out
