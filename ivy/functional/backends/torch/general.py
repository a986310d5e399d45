"""Indexing, shapes and DLPack on torch tensors."""

import torch


def shape_of(x) -> tuple:
    return tuple(x.shape)


def get_item(x, /, key):
    return x[key]


def set_item(x, key, value, /):
    x[key] = value if isinstance(value, torch.Tensor) else torch.as_tensor(value, dtype=x.dtype)
    return x


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    return x.__dlpack__(stream=stream)


def dlpack_device(x, /):
    return x.__dlpack_device__()
