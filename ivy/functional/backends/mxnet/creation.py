"""The MXNet backend: creation functions (see ivy/functional/ivy/creation.py for the API).

MXNet's own defaults differ from the standard's (``mx.np.array([1, 2])`` is float32), so every
function states the dtype: Ivy's default for the values given, as on the other backends.
"""

import numpy as onp
from mxnet import numpy as mnp

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype
from .dtypes import safe_where as _where


def _default_for(obj):
    d = _d.default_dtype_of(obj)
    return None if d is None else as_native_dtype(d)


def _float_or(dtype):
    return as_native_dtype(dtype if dtype is not None else _d.default_float_dtype())


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    ctx = as_native_device(device)
    dtype = as_native_dtype(dtype)
    if isinstance(obj, mnp.ndarray):
        out = obj
        if dtype is not None and out.dtype != dtype:
            if copy is False:
                raise ValueError("asarray(copy=False): changing the dtype needs a copy")
            out, copy = out.astype(dtype), False
        if out.ctx != ctx:
            if copy is False:
                raise ValueError("asarray(copy=False): moving to another device needs a copy")
            out, copy = out.as_in_context(ctx), False
        return out.copy() if copy else out
    if copy is False:
        raise ValueError(f"asarray(copy=False): a {type(obj).__name__} needs a copy to become an "
                         "mxnet array")
    if dtype is None and not hasattr(obj, "dtype"):
        dtype = _default_for(obj)
    if isinstance(obj, (bytes, bytearray)):
        host = onp.frombuffer(obj, dtype=onp.uint8)
    elif hasattr(obj, "asnumpy"):
        host = obj.asnumpy()
    else:
        if isinstance(obj, (list, tuple)) and any(isinstance(e, mnp.ndarray) for e in obj):
            obj = [e.asnumpy() if isinstance(e, mnp.ndarray) else e for e in obj]
        host = onp.asarray(obj)
    if dtype is None:
        dtype = as_native_dtype(host.dtype)  # raises UnsupportedDtypeError for complex, int16...
    return mnp.array(host, dtype=dtype, ctx=ctx)


def zeros(shape, *, dtype=None, device=None):
    return mnp.zeros(shape, dtype=_float_or(dtype), ctx=as_native_device(device))


def ones(shape, *, dtype=None, device=None):
    return mnp.ones(shape, dtype=_float_or(dtype), ctx=as_native_device(device))


def empty(shape, *, dtype=None, device=None):
    return mnp.empty(shape, dtype=_float_or(dtype), ctx=as_native_device(device))


def _like(x, dtype, device):
    return (as_native_dtype(dtype) if dtype is not None else x.dtype,
            as_native_device(device) if device is not None else x.ctx)


def zeros_like(x, /, *, dtype=None, device=None):
    dt, ctx = _like(x, dtype, device)
    return mnp.zeros(x.shape, dtype=dt, ctx=ctx)


def ones_like(x, /, *, dtype=None, device=None):
    dt, ctx = _like(x, dtype, device)
    return mnp.ones(x.shape, dtype=dt, ctx=ctx)


def empty_like(x, /, *, dtype=None, device=None):
    dt, ctx = _like(x, dtype, device)
    return mnp.empty(x.shape, dtype=dt, ctx=ctx)


def full(shape, fill_value, *, dtype=None, device=None):
    if dtype is None:
        dtype = _default_for(fill_value)
    if isinstance(fill_value, mnp.ndarray):
        fill_value = fill_value.item()
    return _filled(shape, fill_value, as_native_dtype(dtype), as_native_device(device))


def _filled(shape, fill_value, dtype, ctx):
    """``mnp.full`` passes the fill value to its kernel as a float parameter (a float64 fill of
    1.4e-45 or an int64 one above 2**53 lost bits): broadcast an exact 0-d array instead."""
    value = mnp.array(onp.asarray(fill_value).astype(dtype), dtype=dtype, ctx=ctx)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return mnp.broadcast_to(value, shape).copy() if shape else value


def full_like(x, /, fill_value, *, dtype=None, device=None):
    dt, ctx = _like(x, dtype, device)
    return _filled(x.shape, fill_value, dt, ctx)


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    if dtype is None:
        dtype = _default_for([start, stop if stop is not None else 0, step])
    if stop is None:
        start, stop = 0, start
    dtype = as_native_dtype(dtype)
    # MXNet's arange computes in float32 for integer dtypes: build on the host (exact), then copy
    host = onp.arange(start, stop, step, dtype=dtype)
    return mnp.array(host, dtype=dtype, ctx=as_native_device(device))


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    if dtype is None:
        dtype = _default_for([start, stop, 0.0])
    dtype = as_native_dtype(dtype)
    host = onp.linspace(start, stop, num, endpoint=endpoint, dtype=onp.float64)
    return mnp.array(host.astype(dtype), dtype=dtype, ctx=as_native_device(device))


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    m = n_rows if n_cols is None else n_cols
    if not -n_rows < k < m:  # no diagonal inside (and MXNet's k parameter is a C long)
        return mnp.zeros((n_rows, m), dtype=_float_or(dtype), ctx=as_native_device(device))
    return mnp.eye(n_rows, n_cols, k=k, dtype=_float_or(dtype), ctx=as_native_device(device))


def from_dlpack(x, /, *, device=None, copy=None):
    ctx = as_native_device(device)
    if hasattr(x, "asnumpy"):
        out = x
    else:
        host = onp.from_dlpack(x) if hasattr(x, "__dlpack__") else onp.asarray(x)
        out = mnp.array(host, dtype=as_native_dtype(host.dtype), ctx=ctx)
        copy = False
    out = out if out.ctx == ctx else out.as_in_context(ctx)
    return out.copy() if copy else out


def meshgrid(*arrays, indexing="xy"):
    return tuple(mnp.meshgrid(*arrays, indexing=indexing))


def tril(x, /, *, k=0):
    return mnp.tril(x, k=k)


def triu(x, /, *, k=0):
    # mx.np has tril only: triu(x, k) keeps what tril(x, k - 1) drops
    if x.ndim < 2:
        raise ValueError("triu needs at least 2 dimensions")
    below = mnp.tril(mnp.ones(x.shape[-2:], dtype=onp.int32, ctx=x.ctx), k=k - 1) != 0
    return _where(below, mnp.zeros((), dtype=x.dtype, ctx=x.ctx), x)
