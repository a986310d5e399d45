"""The torch backend: ``astype`` (see ivy/functional/ivy/data_type.py for the API)."""

import torch

from .device import as_native_device
from .dtypes import as_native_dtype


def astype(x, dtype, /, *, copy=True, device=None):
    dtype = as_native_dtype(dtype)
    if x.dtype.is_complex and not dtype.is_complex and dtype != torch.bool:
        raise TypeError(f"astype: casting complex {x.dtype} to real {dtype} is not permitted "
                        "(the standard); take ivy.real or ivy.imag first")
    if device is not None:
        return x.to(device=as_native_device(device), dtype=dtype, copy=copy)
    return x.to(dtype, copy=copy)


def bitcast(x, dtype, /):
    dtype = as_native_dtype(dtype)
    a, b = x.dtype.itemsize, dtype.itemsize
    if x.dtype == torch.bool or dtype == torch.bool or a != b:
        raise TypeError(f"bitcast: {x.dtype} to {dtype} needs two non-bool dtypes of the "
                        "same item size")
    return x.view(dtype)
