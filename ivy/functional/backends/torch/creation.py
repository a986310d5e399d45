"""The torch backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import torch

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
    if isinstance(obj, torch.Tensor):
        out = obj.to(dtype=dtype or obj.dtype,
                     device=as_native_device(device) if device is not None else obj.device)
        return out.clone() if copy and out is obj else out
    if dtype is None:
        dtype = _default_for(obj)
    if hasattr(obj, "__array__") or hasattr(obj, "__dlpack__"):
        import numpy as np

        obj = np.asarray(obj)
        if obj.dtype.name == "bfloat16":
            t = torch.from_numpy(obj.view(np.int16)).view(torch.bfloat16)
            return t.to(device=as_native_device(device), dtype=dtype or torch.bfloat16)
    return torch.as_tensor(obj, dtype=dtype, device=as_native_device(device))
