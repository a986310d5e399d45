"""Devices for JAX: "cpu" and "gpu:N" -> the N-th JAX GPU device."""

import jax
import numpy as np

from ivy.devices import parse_device_on
from ivy.errors import InvalidArgumentError

from ..descriptors import descriptor

_TYPES = dict(descriptor("jax").devices)  # Ivy kind -> JAX platform: {"cpu": "cpu", "gpu": "gpu"}


def _gpus():
    try:
        return jax.devices(_TYPES["gpu"])
    except RuntimeError:
        return []


def devices():
    return ["cpu"] + [f"gpu:{i}" for i in range(len(_gpus()))]


def as_native_device(device):
    if device is None:
        from ivy.devices import default_device

        device = default_device()
    if isinstance(device, jax.Device):
        return device
    kind, index = parse_device_on(device, "jax", _TYPES)
    if kind == "cpu":
        return jax.devices(_TYPES["cpu"])[0]
    gpus = _gpus()
    if index >= len(gpus):
        raise InvalidArgumentError(
            f"device {device!r} is not available to jax (it sees {len(gpus)} GPU devices)")
    return gpus[index]


def dev(x) -> str:
    try:
        d = next(iter(x.devices()))
    except Exception:  # tracers inside jit have no concrete device
        return "cpu"
    return "cpu" if d.platform == _TYPES["cpu"] else f"gpu:{d.id}"


def to_device(x, device, /, *, stream=None):
    return jax.device_put(x, as_native_device(device))


def to_numpy(x) -> np.ndarray:
    return np.asarray(x)
