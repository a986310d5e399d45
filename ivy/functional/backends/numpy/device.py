"""Devices for NumPy: only "cpu"."""

import numpy as np

from ivy.devices import parse_device_on

from ..descriptors import descriptor

_TYPES = dict(descriptor("numpy").devices)  # {"cpu": "cpu"}


def devices():
    return ["cpu"]


def as_native_device(device):
    if device is None:
        return "cpu"
    parse_device_on(device, "numpy", _TYPES)
    return "cpu"


def dev(x) -> str:
    return "cpu"


def to_device(x, device, /, *, stream=None):
    as_native_device(device)
    return x


def to_numpy(x) -> np.ndarray:
    return np.asarray(x)
