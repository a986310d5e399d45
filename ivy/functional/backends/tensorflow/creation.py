"""The tensorflow backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import numpy as np
import tensorflow as tf

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

_SCALARS = (bool, int, float, complex)
_TENSOR = (tf.Tensor, tf.Variable)


def _default_for(obj):
    """The native form of Ivy's default dtype for ``obj`` (see ivy.dtypes.default_dtype_of)."""
    d = _d.default_dtype_of(obj)
    return None if d is None else as_native_dtype(d)


def _float_or(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def _np(value, dtype):
    """``value`` as a numpy array of the tf dtype ``dtype`` (exact for large ints, bfloat16)."""
    return np.asarray(value, dtype=dtype.as_numpy_dtype if dtype is not None else None)


def _nested_to_numpy(obj):
    if isinstance(obj, (list, tuple)):
        return [_nested_to_numpy(o) for o in obj]
    if isinstance(obj, _TENSOR):
        return obj.numpy()
    return obj


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = as_native_dtype(dtype)
    with tf.device(as_native_device(device) if device is not None else
                   (obj.device if isinstance(obj, _TENSOR) and obj.device else
                    as_native_device(None))):
        if isinstance(obj, _TENSOR):
            if copy is False and dtype is not None and obj.dtype != dtype:
                raise ValueError(f"asarray(copy=False): {obj.dtype.name} -> {dtype.name} needs "
                                 "a copy")
            out = obj if dtype is None or obj.dtype == dtype else tf.cast(obj, dtype)
            if isinstance(out, tf.Variable):
                out = tf.convert_to_tensor(out)
            return tf.identity(out) if copy and out is obj else out
        if copy is False:
            raise ValueError(f"asarray(copy=False): a {type(obj).__name__} needs a copy to "
                             "become a TensorFlow tensor")
        if isinstance(obj, (bytes, bytearray)):
            obj = np.frombuffer(obj, dtype=np.uint8)
        elif isinstance(obj, (list, tuple)):
            if dtype is None:
                dtype = _default_for(obj)
            obj = _nested_to_numpy(obj)
        elif isinstance(obj, _SCALARS):
            if dtype is None:
                dtype = _default_for(obj)
        elif not isinstance(obj, (np.ndarray, np.generic)):
            if hasattr(obj, "__dlpack__") and not isinstance(obj, memoryview):
                try:  # zero-copy from other frameworks where DLPack allows
                    t = _import_dlpack(obj, None)
                except Exception:  # noqa: BLE001 - e.g. dtypes DLPack lacks: take __array__
                    t = None
                if t is not None:
                    return t if dtype is None or t.dtype == dtype else tf.cast(t, dtype)
            obj = np.asarray(obj)
        return tf.convert_to_tensor(_np(obj, dtype))


def zeros(shape, *, dtype=None, device=None):
    with tf.device(as_native_device(device)):
        return tf.zeros(shape, dtype=_float_or(dtype))


def ones(shape, *, dtype=None, device=None):
    with tf.device(as_native_device(device)):
        return tf.ones(shape, dtype=_float_or(dtype))


def empty(shape, *, dtype=None, device=None):
    return zeros(shape, dtype=dtype, device=device)


def _like_device(x, device):
    return as_native_device(device) if device is not None else (x.device or "/CPU:0")


def zeros_like(x, /, *, dtype=None, device=None):
    with tf.device(_like_device(x, device)):
        return tf.zeros(tf.shape(x), dtype=as_native_dtype(dtype) or x.dtype)


def ones_like(x, /, *, dtype=None, device=None):
    with tf.device(_like_device(x, device)):
        return tf.ones(tf.shape(x), dtype=as_native_dtype(dtype) or x.dtype)


def empty_like(x, /, *, dtype=None, device=None):
    return zeros_like(x, dtype=dtype, device=device)


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def full(shape, fill_value, *, dtype=None, device=None):
    dtype = as_native_dtype(dtype) if dtype is not None else _default_for(fill_value)
    with tf.device(as_native_device(device)):
        return tf.fill(_shape(shape), tf.constant(_np(fill_value, dtype)))


def full_like(x, /, fill_value, *, dtype=None, device=None):
    dtype = as_native_dtype(dtype) or x.dtype
    with tf.device(_like_device(x, device)):
        return tf.fill(tf.shape(x), tf.constant(_np(fill_value, dtype)))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    if dtype is None:
        dtype = _default_for([start, stop if stop is not None else 0, step])
    dtype = as_native_dtype(dtype)
    if stop is None:
        start, stop = 0, start
    # tf.range lacks most dtypes: count in int64 (exact) or float64, then cast
    floats = any(isinstance(v, float) for v in (start, stop, step))
    work = tf.float64 if floats or dtype.is_floating or dtype.is_complex else tf.int64
    if step == 0:
        raise ValueError("arange: step must not be zero")
    with tf.device(as_native_device(device)):
        if (stop - start) * step <= 0:  # tf.range raises where the standard wants no elements
            return tf.zeros((0,), dtype=dtype)
        out = tf.range(start, stop, step, dtype=work)
        return out if out.dtype == dtype else tf.cast(out, dtype)


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    if dtype is None:
        dtype = _default_for([start, stop, 0.0])
    dtype = as_native_dtype(dtype)
    work = tf.complex128 if dtype.is_complex or isinstance(start, complex) or \
        isinstance(stop, complex) else tf.float64
    with tf.device(as_native_device(device)):
        div = (num - 1) if endpoint else num
        i = tf.range(num, dtype=tf.float64)
        a = tf.constant(start, dtype=work)
        b = tf.constant(stop, dtype=work)
        if div > 0:
            out = a + tf.cast(i, work) * ((b - a) / tf.cast(div, work))
            if endpoint and num > 1:
                out = tf.concat([out[:-1], tf.reshape(b, (1,))], 0)
        else:
            out = tf.fill((num,), a)
        return out if out.dtype == dtype else tf.cast(out, dtype)


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    dtype = _float_or(dtype)
    n_cols = n_rows if n_cols is None else n_cols
    k = max(-n_rows, min(k, n_cols))  # a diagonal outside the matrix: all zeros, any k that far
    with tf.device(as_native_device(device)):
        if k == 0:
            return tf.eye(n_rows, n_cols, dtype=dtype)
        rows = tf.range(n_rows, dtype=tf.int64)[:, None]
        return tf.cast(tf.equal(rows + k, tf.range(n_cols, dtype=tf.int64)[None, :]), dtype)


def _import_dlpack(x, copy):
    """``x`` (anything with ``__dlpack__``) as a tf tensor.

    TensorFlow aborts the process (``Check failed: IsAligned()``) on CPU buffers that are not
    64-byte aligned, which NumPy and torch allocations often are not: such data is copied into a
    TensorFlow allocation instead of being shared.
    """
    if isinstance(x, (tf.Tensor, tf.Variable)):  # already ours: nothing to import
        return tf.identity(x) if copy else x
    if int(x.__dlpack_device__()[0]) == 1:  # kDLCPU
        try:
            a = np.from_dlpack(x)
        except Exception:  # noqa: BLE001 - e.g. bfloat16, which NumPy's DLPack import lacks
            a = None
        if a is not None:
            if a.size == 0:  # no data to share, whatever copy= says
                return tf.constant(a)
            if copy is not True and a.ctypes.data % 64 == 0 and a.flags.c_contiguous:
                return tf.experimental.dlpack.from_dlpack(x.__dlpack__())
            if copy is False:
                raise BufferError("from_dlpack(copy=False): TensorFlow cannot share this CPU "
                                  "buffer (it needs 64-byte aligned, contiguous memory)")
            return tf.constant(np.ascontiguousarray(a))
    return tf.experimental.dlpack.from_dlpack(x.__dlpack__())


def from_dlpack(x, /, *, device=None, copy=None):
    out = _import_dlpack(x, copy)
    if device is not None:
        with tf.device(as_native_device(device)):
            return tf.identity(out)
    return tf.identity(out) if copy else out


def meshgrid(*arrays, indexing="xy"):
    # tf.meshgrid multiplies by ones (0+infj * 1 is nan+infj): broadcast instead
    n = len(arrays)
    sizes = [int(tf.size(a)) for a in arrays]
    if indexing == "xy" and n > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, a in enumerate(arrays):
        axis = {0: 1, 1: 0}.get(i, i) if indexing == "xy" and n > 1 else i
        shape = [1] * n
        shape[axis] = -1
        out.append(tf.broadcast_to(tf.reshape(a, shape), sizes))
    return tuple(out)


def _band(x, k, lower):
    n, m = x.shape[-2], x.shape[-1]
    rows = tf.range(n, dtype=tf.int64)[:, None]
    cols = tf.range(m, dtype=tf.int64)[None, :]
    mask = (cols - rows <= k) if lower else (cols - rows >= k)
    return tf.where(mask, x, tf.zeros((), dtype=x.dtype))


def tril(x, /, *, k=0):
    return _band(x, k, True)


def triu(x, /, *, k=0):
    return _band(x, k, False)
