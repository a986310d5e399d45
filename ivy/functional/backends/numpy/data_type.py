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


def bitcast(x, dtype, /):
    dtype = as_native_dtype(dtype)
    a, b = x.dtype.itemsize, dtype.itemsize
    if x.dtype == bool or dtype == bool or a != b:
        raise TypeError(f"bitcast: {x.dtype} to {dtype} needs two non-bool dtypes of the "
                        "same item size")
    return x.view(dtype)
