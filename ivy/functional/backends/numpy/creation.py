"""The NumPy backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import numpy as np

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype


def _default_for(obj):
    """The native form of Ivy's default dtype for ``obj`` (see ivy.dtypes.default_dtype_of)."""
    d = _d.default_dtype_of(obj)
    return None if d is None else as_native_dtype(d)


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    as_native_device(device)
    dtype = as_native_dtype(dtype)
    if dtype is None and not isinstance(obj, (np.ndarray, np.generic)):
        dtype = _default_for(obj)
    if isinstance(obj, (bytes, bytearray)):
        obj = np.frombuffer(obj, dtype=np.uint8)
    elif not isinstance(obj, (np.ndarray, list, tuple, bool, int, float, complex)) and \
            hasattr(obj, "__dlpack__") and not isinstance(obj, memoryview):
        try:  # other frameworks' arrays, zero-copy where DLPack allows
            obj = np.from_dlpack(obj)
        except Exception:  # noqa: BLE001 - e.g. bfloat16 or a GPU tensor: go through __array__
            pass
    if copy is None:
        return np.asarray(obj, dtype=dtype)
    if copy:
        return np.array(obj, dtype=dtype, copy=True)
    if _NUMPY2:
        return np.asarray(obj, dtype=dtype, copy=False)  # ValueError when a copy is needed
    if isinstance(obj, np.ndarray) and (dtype is None or obj.dtype == dtype):
        return obj
    raise ValueError(f"asarray(copy=False): a {type(obj).__name__} needs a copy")


_NUMPY2 = int(np.__version__.split(".")[0]) >= 2  # asarray(copy=), from_dlpack(device=, copy=)


def _float_or(dtype):
    return as_native_dtype(dtype) if dtype is not None else \
        as_native_dtype(_d.default_float_dtype())


def zeros(shape, *, dtype=None, device=None):
    as_native_device(device)
    return np.zeros(shape, dtype=_float_or(dtype))


def ones(shape, *, dtype=None, device=None):
    as_native_device(device)
    return np.ones(shape, dtype=_float_or(dtype))


def empty(shape, *, dtype=None, device=None):
    as_native_device(device)
    return np.empty(shape, dtype=_float_or(dtype))


def zeros_like(x, /, *, dtype=None, device=None):
    return np.zeros_like(x, dtype=as_native_dtype(dtype))


def ones_like(x, /, *, dtype=None, device=None):
    return np.ones_like(x, dtype=as_native_dtype(dtype))


def empty_like(x, /, *, dtype=None, device=None):
    return np.empty_like(x, dtype=as_native_dtype(dtype))


def full(shape, fill_value, *, dtype=None, device=None):
    as_native_device(device)
    if dtype is None:
        dtype = _default_for(fill_value)
    return np.full(shape, fill_value, dtype=as_native_dtype(dtype))


def full_like(x, /, fill_value, *, dtype=None, device=None):
    return np.full_like(x, fill_value, dtype=as_native_dtype(dtype))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    as_native_device(device)
    if dtype is None:
        dtype = _default_for([start, stop if stop is not None else 0, step])
    return np.arange(start, stop, step, dtype=as_native_dtype(dtype))


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    as_native_device(device)
    if dtype is None:
        dtype = _default_for([start, stop, 0.0])
    return np.linspace(start, stop, num, endpoint=endpoint, dtype=as_native_dtype(dtype))


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    as_native_device(device)
    return np.eye(n_rows, n_cols, k=k, dtype=_float_or(dtype))


def from_dlpack(x, /, *, device=None, copy=None):
    as_native_device(device)
    if copy:  # not every exporter honours copy=True (TensorFlow refuses it): copy here
        return np.from_dlpack(x).copy()
    if _NUMPY2 and copy is False:
        return np.from_dlpack(x, copy=False)
    return np.from_dlpack(x)


def meshgrid(*arrays, indexing="xy"):
    return tuple(np.meshgrid(*arrays, indexing=indexing))


def tril(x, /, *, k=0):
    return np.tril(x, k=k)


def triu(x, /, *, k=0):
    return np.triu(x, k=k)
