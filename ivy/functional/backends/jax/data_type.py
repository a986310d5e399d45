"""The jax backend: ``astype`` (see ivy/functional/ivy/data_type.py for the API)."""

import jax
import jax.numpy as jnp

from .device import as_native_device
from .dtypes import as_native_dtype


def astype(x, dtype, /, *, copy=True, device=None):
    dtype = as_native_dtype(dtype)
    if x.dtype.kind == "c" and dtype.kind not in "cb":
        raise TypeError(f"astype: casting complex {x.dtype} to real {dtype} is not permitted "
                        "(the standard); take ivy.real or ivy.imag first")
    if x.dtype == dtype:
        out = jnp.array(x, copy=True) if copy else x
    else:
        out = x.astype(dtype)
    if device is not None:
        out = jax.device_put(out, as_native_device(device))
    return out


def bitcast(x, dtype, /):
    dtype = as_native_dtype(dtype)
    a, b = x.dtype.itemsize, dtype.itemsize
    if x.dtype == bool or dtype == bool or a != b:
        raise TypeError(f"bitcast: {x.dtype} to {dtype} needs two non-bool dtypes of the "
                        "same item size")
    return jax.lax.bitcast_convert_type(x, dtype)
