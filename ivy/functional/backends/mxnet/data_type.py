"""The MXNet backend: ``astype`` (see ivy/functional/ivy/data_type.py for the API)."""

from .device import to_device
from .dtypes import as_native_dtype


def astype(x, dtype, /, *, copy=True, device=None):
    dtype = as_native_dtype(dtype)
    if device is not None:
        x = to_device(x, device)
    if x.dtype == dtype:
        return x.copy() if copy else x
    return x.astype(dtype)
