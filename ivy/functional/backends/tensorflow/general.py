"""Indexing (functional updates), shapes and DLPack on tf tensors."""

import tensorflow as tf


def shape_of(x) -> tuple:
    return tuple(x.shape.as_list())


def get_item(x, /, key):
    return x[key]


def set_item(x, key, value, /):
    # TensorFlow tensors are immutable: compute the update through a variable-free scatter.
    import numpy as np

    # TODO(helper: indexing): replace with a tf-native tensor_scatter_nd_update on index grids.
    a = x.numpy().copy()
    a[key] = value.numpy() if hasattr(value, "numpy") else value
    return tf.convert_to_tensor(a)


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    return tf.experimental.dlpack.to_dlpack(x)


def dlpack_device(x, /):
    return (1, 0) if "CPU" in (x.device or "CPU").upper() else (2, 0)
