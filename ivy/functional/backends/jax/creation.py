"""The jax backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import jax
import jax.numpy as jnp
import numpy as np

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

_SCALARS = (bool, int, float, complex)


def _default_for(obj):
    """The native form of Ivy's default dtype for ``obj`` (see ivy.dtypes.default_dtype_of)."""
    d = _d.default_dtype_of(obj)
    return None if d is None else as_native_dtype(d)


def _float_or(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def _dev(device):
    return as_native_device(device)


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = as_native_dtype(dtype)
    if isinstance(obj, jax.Array):
        same_dtype = dtype is None or dtype == obj.dtype
        if copy is False and not same_dtype:
            raise ValueError(f"asarray(copy=False): {obj.dtype} -> {dtype} needs a copy")
        out = obj if same_dtype else obj.astype(dtype)
        if copy and out is obj:
            out = jnp.array(obj, copy=True)
    else:
        if copy is False:
            raise ValueError(f"asarray(copy=False): a {type(obj).__name__} needs a copy to "
                             "become a JAX array")
        if dtype is None and not hasattr(obj, "dtype"):
            dtype = _default_for(obj)
        if isinstance(obj, (bytes, bytearray)):
            obj = np.frombuffer(obj, dtype=np.uint8)
        elif not isinstance(obj, (list, tuple, np.ndarray, *_SCALARS)) and \
                not hasattr(obj, "__jax_array__"):
            obj = np.asarray(obj)  # other frameworks' arrays, buffers
        out = jnp.asarray(obj, dtype=dtype)
    if device is not None:
        out = jax.device_put(out, _dev(device))
    return out


def zeros(shape, *, dtype=None, device=None):
    return jnp.zeros(shape, dtype=_float_or(dtype), device=_dev(device))


def ones(shape, *, dtype=None, device=None):
    return jnp.ones(shape, dtype=_float_or(dtype), device=_dev(device))


def empty(shape, *, dtype=None, device=None):
    return jnp.empty(shape, dtype=_float_or(dtype), device=_dev(device))


def _like_device(x, device):
    return None if device is None else _dev(device)


def zeros_like(x, /, *, dtype=None, device=None):
    return jnp.zeros_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def ones_like(x, /, *, dtype=None, device=None):
    return jnp.ones_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def empty_like(x, /, *, dtype=None, device=None):
    return jnp.empty_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def full(shape, fill_value, *, dtype=None, device=None):
    dtype = as_native_dtype(dtype) if dtype is not None else _default_for(fill_value)
    return jnp.full(shape, fill_value, dtype=dtype, device=_dev(device))


def full_like(x, /, fill_value, *, dtype=None, device=None):
    return jnp.full_like(x, fill_value, dtype=as_native_dtype(dtype),
                         device=_like_device(x, device))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    if dtype is None:
        dtype = _default_for([start, stop if stop is not None else 0, step])
    dtype = as_native_dtype(dtype)
    if dtype == np.bool_:
        return jnp.arange(start, stop, step, dtype=jnp.int64, device=_dev(device)).astype(dtype)
    return jnp.arange(start, stop, step, dtype=dtype, device=_dev(device))


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    if dtype is None:
        dtype = _default_for([start, stop, 0.0])
    return jnp.linspace(start, stop, num, endpoint=endpoint, dtype=as_native_dtype(dtype),
                        device=_dev(device))


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    m = n_rows if n_cols is None else n_cols
    k = max(-n_rows, min(k, m))  # a diagonal outside the matrix: all zeros, any k that far
    return jnp.eye(n_rows, n_cols, k=k, dtype=_float_or(dtype), device=_dev(device))


def from_dlpack(x, /, *, device=None, copy=None):
    return jnp.from_dlpack(x, device=None if device is None else _dev(device), copy=copy)


def meshgrid(*arrays, indexing="xy"):
    return tuple(jnp.meshgrid(*arrays, indexing=indexing))


def tril(x, /, *, k=0):
    return jnp.tril(x, k=k)


def triu(x, /, *, k=0):
    return jnp.triu(x, k=k)
