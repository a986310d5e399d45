"""The tensorflow backend: creation functions (see ivy/functional/ivy/creation.py for the API)."""

import numpy as np
import tensorflow as tf

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype


def _default_for(obj):
    """Ivy's default dtype for a Python scalar or nested sequence (TF would pick int32)."""
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
                          (int, _d.default_int_dtype), (bool, lambda: _d.bool)):
        if kind in kinds:
            return as_native_dtype(default())
    return None


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = as_native_dtype(dtype)
    with tf.device(as_native_device(device)):
        if isinstance(obj, (tf.Tensor, tf.Variable)):
            out = obj if dtype is None or obj.dtype == dtype else tf.cast(obj, dtype)
            return tf.identity(out) if copy else out
        if dtype is None:
            dtype = _default_for(obj)
        if hasattr(obj, "__array__") and not isinstance(obj, np.ndarray):
            obj = np.asarray(obj)
        return tf.convert_to_tensor(np.asarray(obj, dtype=dtype.as_numpy_dtype if dtype else None))
