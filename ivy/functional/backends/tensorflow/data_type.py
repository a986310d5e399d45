"""The tensorflow backend: ``astype`` (see ivy/functional/ivy/data_type.py for the API)."""

import tensorflow as tf

from .device import as_native_device
from .dtypes import as_native_dtype


def _cast(x, dtype, copy):
    if x.dtype == dtype:
        return tf.identity(x) if copy else x
    if x.dtype.is_complex and not dtype.is_complex:
        if dtype == tf.bool:
            return tf.not_equal(x, tf.zeros((), x.dtype))
        raise TypeError(f"astype: casting complex {x.dtype.name} to real {dtype.name} is not "
                        "permitted (the standard); take ivy.real or ivy.imag first")
    return tf.cast(x, dtype)


def astype(x, dtype, /, *, copy=True, device=None):
    dtype = as_native_dtype(dtype)
    if device is not None:
        with tf.device(as_native_device(device)):
            return tf.identity(_cast(x, dtype, False))
    return _cast(x, dtype, copy)


def bitcast(x, dtype, /):
    dtype = as_native_dtype(dtype)
    a, b = x.dtype.size, dtype.size
    if x.dtype == tf.bool or dtype == tf.bool or a != b:
        raise TypeError(f"bitcast: {x.dtype} to {dtype} needs two non-bool dtypes of the "
                        "same item size")
    return tf.bitcast(x, dtype)
