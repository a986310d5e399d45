"""Indexing, shapes and DLPack on numpy arrays."""

import numpy as np


def shape_of(x) -> tuple:
    return x.shape


def get_item(x, /, key):
    return x[key]


def set_item(x, key, value, /):
    x[key] = value
    return x


def to_dlpack(x, /, *, stream=None, max_version=None, dl_device=None, copy=None):
    kwargs = {k: v for k, v in (("max_version", max_version), ("dl_device", dl_device),
                                ("copy", copy)) if v is not None}
    return x.__dlpack__(stream=stream, **kwargs)


def dlpack_device(x, /):
    return x.__dlpack_device__()
