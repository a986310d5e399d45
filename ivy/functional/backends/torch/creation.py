"""The torch backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import numpy as np
import torch

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

# torch has only a few kernels for uint16/32/64: data-moving ops run on the same-width signed type
# through a bit-exact view (``x.view(int)``), arithmetic ones through a wider type.
_SIGNED_OF = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
_SCALARS = (bool, int, float, complex)


def _default_for(obj):
    """The native form of Ivy's default dtype for ``obj`` (see ivy.dtypes.default_dtype_of)."""
    d = _d.default_dtype_of(obj)
    return None if d is None else as_native_dtype(d)


def _float_or(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def _dev(device):
    return as_native_device(device)


def _no_copy_error(what):
    return ValueError(f"asarray(copy=False): {what} needs a copy")


def _from_numpy(a, dtype, device, copy):
    if a.dtype.name == "bfloat16":
        t = torch.from_numpy(np.ascontiguousarray(a).view(np.int16)).view(torch.bfloat16)
        t = t.reshape(a.shape)  # a 0-d tensor's .view(dtype) comes back 1-d
    elif a.dtype.kind in "biufc":
        if a.ndim and 0 in a.strides:  # a broadcast view: torch needs its own memory
            if copy is False:
                raise _no_copy_error("a broadcast (zero-stride) array")
            a, copy = np.array(a), None
        if not a.flags.writeable:  # e.g. a JAX buffer: never alias an immutable array mutably
            if copy is False:
                raise _no_copy_error("a read-only array")
            a, copy = a.copy(), None
        if any(st < 0 for st in a.strides):  # torch tensors cannot have negative strides
            a, copy = a.copy(), None
        t = torch.from_numpy(a)
    else:
        raise TypeError(f"asarray: numpy dtype {a.dtype} has no torch equivalent")
    if copy is False and ((dtype is not None and dtype != t.dtype) or
                          (device is not None and t.device != device)):
        raise _no_copy_error("a dtype or device change")
    out = t.to(dtype=dtype or t.dtype, device=device or t.device)
    if copy and out.data_ptr() == t.data_ptr() and t.numel():
        out = out.clone()
    return out


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = as_native_dtype(dtype)
    dev = _dev(device) if device is not None else None
    if isinstance(obj, torch.Tensor):
        if copy is False and ((dtype is not None and dtype != obj.dtype) or
                              (dev is not None and dev != obj.device)):
            raise _no_copy_error("a dtype or device change")
        out = obj.to(dtype=dtype or obj.dtype, device=dev or obj.device)
        return out.clone() if copy and out is obj else out
    if isinstance(obj, np.ndarray):
        return _from_numpy(obj, dtype, dev, copy)
    if isinstance(obj, np.generic):
        return _from_numpy(np.asarray(obj), dtype, dev, None)
    if not isinstance(obj, (list, tuple, *_SCALARS)):
        if hasattr(obj, "__dlpack__") and not isinstance(obj, (bytes, bytearray, memoryview)):
            try:
                t = torch.from_dlpack(obj)
            except Exception:  # noqa: BLE001 - dtypes DLPack lacks (bool in old exporters...)
                t = None
            if t is not None:
                return asarray(t, dtype=dtype, device=device, copy=copy)
        if isinstance(obj, (bytes, bytearray)):
            a = np.frombuffer(obj, dtype=np.uint8)
        else:
            a = np.asarray(obj)
        return _from_numpy(a, dtype, dev, copy)
    if copy is False:
        raise _no_copy_error(f"a Python {type(obj).__name__}")
    if dtype is None:
        dtype = _default_for(obj)
    dev = dev if dev is not None else _dev(None)
    if dtype in _SIGNED_OF or (dtype is torch.bool and not isinstance(obj, (list, tuple))):
        return torch.as_tensor(np.asarray(obj, dtype=str(dtype).rpartition(".")[2]),
                               device=dev)
    try:
        return torch.as_tensor(obj, dtype=dtype, device=dev)
    except (TypeError, ValueError, RuntimeError):
        # nested sequences of 0-d tensors or other frameworks' arrays: go through numpy
        a = np.asarray(obj if not isinstance(obj, (list, tuple)) else _to_lists(obj))
        return _from_numpy(a, dtype, dev, None)


def _to_lists(obj):
    if isinstance(obj, (list, tuple)):
        return [_to_lists(o) for o in obj]
    if isinstance(obj, torch.Tensor):
        return obj.item() if obj.ndim == 0 else obj.tolist()
    return obj


def zeros(shape, *, dtype=None, device=None):
    return torch.zeros(shape, dtype=_float_or(dtype), device=_dev(device))


def ones(shape, *, dtype=None, device=None):
    return torch.ones(shape, dtype=_float_or(dtype), device=_dev(device))


def empty(shape, *, dtype=None, device=None):
    return torch.empty(shape, dtype=_float_or(dtype), device=_dev(device))


def _like_device(x, device):
    return x.device if device is None else _dev(device)


def zeros_like(x, /, *, dtype=None, device=None):
    return torch.zeros_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def ones_like(x, /, *, dtype=None, device=None):
    return torch.ones_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def empty_like(x, /, *, dtype=None, device=None):
    return torch.empty_like(x, dtype=as_native_dtype(dtype), device=_like_device(x, device))


def full(shape, fill_value, *, dtype=None, device=None):
    dtype = as_native_dtype(dtype) if dtype is not None else _default_for(fill_value)
    if dtype is None:
        dtype = torch.bool
    return torch.full(shape if isinstance(shape, (tuple, list)) else (shape,), fill_value,
                      dtype=dtype, device=_dev(device))


def full_like(x, /, fill_value, *, dtype=None, device=None):
    return torch.full_like(x, fill_value, dtype=as_native_dtype(dtype),
                           device=_like_device(x, device))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    if dtype is None:
        dtype = _default_for([start, stop if stop is not None else 0, step])
    dtype = as_native_dtype(dtype)
    if stop is None:
        start, stop = 0, start
    dev = _dev(device)
    if step == 0:
        raise ValueError("arange: step must not be zero")
    if (stop - start) * step <= 0:  # torch raises where the standard wants an empty array
        return torch.empty(0, dtype=dtype, device=dev)
    if dtype in _SIGNED_OF or dtype in (torch.bool, torch.complex64, torch.complex128):
        work = torch.float64 if dtype.is_complex or any(
            isinstance(v, float) for v in (start, stop, step)) else torch.int64
        return torch.arange(start, stop, step, dtype=work, device=dev).to(dtype)
    return torch.arange(start, stop, step, dtype=dtype, device=dev)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    if dtype is None:
        dtype = _default_for([start, stop, 0.0])
    dtype = as_native_dtype(dtype)
    dev = _dev(device)
    work = dtype
    if dtype in _SIGNED_OF or dtype is torch.bool or not (dtype.is_floating_point or
                                                        dtype.is_complex):
        work = torch.float64
    if endpoint:
        out = torch.linspace(start, stop, num, dtype=work, device=dev)
    else:
        out = torch.linspace(start, stop, num + 1, dtype=work, device=dev)[:num]
    return out if work is dtype else out.to(dtype)


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    dtype = _float_or(dtype)
    n_cols = n_rows if n_cols is None else n_cols
    k = max(-n_rows, min(k, n_cols))  # a diagonal outside the matrix: all zeros, any k that far
    dev = _dev(device)
    if k == 0 and dtype not in _SIGNED_OF:
        return torch.eye(n_rows, n_cols, dtype=dtype, device=dev)
    rows = torch.arange(n_rows, device=dev).unsqueeze(1)
    return (rows + k == torch.arange(n_cols, device=dev)).to(dtype)


def from_dlpack(x, /, *, device=None, copy=None):
    out = torch.from_dlpack(x)
    if device is not None:
        dev = _dev(device)
        if dev != out.device:
            if copy is False:
                raise BufferError(f"from_dlpack(copy=False): the data is on {out.device}, "
                                  f"not {dev}")
            return out.to(dev)
    return out.clone() if copy else out


def meshgrid(*arrays, indexing="xy"):
    if not arrays:
        return ()
    return tuple(torch.meshgrid(*arrays, indexing=indexing))


def _unsigned_safe(fn, x, **kw):
    s = _SIGNED_OF.get(x.dtype)
    if s is None:
        return fn(x, **kw)
    return fn(x.view(s), **kw).view(x.dtype)


def tril(x, /, *, k=0):
    return _unsigned_safe(torch.tril, x, diagonal=k)


def triu(x, /, *, k=0):
    return _unsigned_safe(torch.triu, x, diagonal=k)
