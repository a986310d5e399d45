"""Devices for TensorFlow: "cpu" and "gpu:N" -> ``/GPU:N``."""

import numpy as np
import tensorflow as tf

from ivy.devices import parse_device_on
from ivy.errors import InvalidArgumentError

from ..descriptors import descriptor

_TYPES = dict(descriptor("tensorflow").devices)  # {"cpu": "CPU", "gpu": "GPU"}


def devices():
    return ["cpu"] + [f"gpu:{i}" for i in range(len(tf.config.list_logical_devices(_TYPES["gpu"])))]


def as_native_device(device):
    if device is None:
        from ivy.devices import default_device

        device = default_device()
    kind, index = parse_device_on(device, "tensorflow", _TYPES)
    if kind == "cpu":
        return f"/{_TYPES['cpu']}:0"
    n = len(tf.config.list_logical_devices(_TYPES[kind]))
    if index >= n:
        raise InvalidArgumentError(
            f"device {device!r} is not available to tensorflow (it sees {n} GPU devices)")
    return f"/{_TYPES[kind]}:{index}"


def dev(x) -> str:
    d = tf.DeviceSpec.from_string(x.device or "/CPU:0")
    cpu = _TYPES["cpu"]
    return "cpu" if (d.device_type or cpu).upper() == cpu else f"gpu:{d.device_index or 0}"


def to_device(x, device, /, *, stream=None):
    with tf.device(as_native_device(device)):
        return tf.identity(x)


def to_numpy(x) -> np.ndarray:
    return np.asarray(x.numpy() if hasattr(x, "numpy") else x)  # 0-d: an array, not a scalar
