"""Devices for NumPy: only "cpu"."""

import numpy as np

from ivy.devices import parse_device
from ivy.errors import InvalidArgumentError


def devices():
    return ["cpu"]


def as_native_device(device):
    if device is None:
        return "cpu"
    if parse_device(device)[0] != "cpu":
        raise InvalidArgumentError(f"the numpy backend has only the 'cpu' device, not {device!r}")
    return "cpu"


def dev(x) -> str:
    return "cpu"


def to_device(x, device, /, *, stream=None):
    as_native_device(device)
    return x


def to_numpy(x) -> np.ndarray:
    return np.asarray(x)
