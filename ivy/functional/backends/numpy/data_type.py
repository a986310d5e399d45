"""The NumPy backend: ``astype`` (see ivy/functional/ivy/data_type.py for the API)."""

from .device import as_native_device
from .dtypes import as_native_dtype


def astype(x, dtype, /, *, copy=True, device=None):
    if device is not None:
        as_native_device(device)
    dtype = as_native_dtype(dtype)
    if x.dtype.kind == "c" and dtype.kind not in "cb":
        raise TypeError(f"astype: casting complex {x.dtype} to real {dtype} is not permitted "
                        "(the standard); take ivy.real or ivy.imag first")
    return x.astype(dtype, copy=copy)
