"""Devices for TensorFlow: "cpu" and "gpu:N" -> ``/GPU:N``."""

import numpy as np
import tensorflow as tf

from ivy.devices import parse_device
from ivy.errors import InvalidArgumentError


def devices():
    return ["cpu"] + [f"gpu:{i}" for i in range(len(tf.config.list_logical_devices("GPU")))]


def as_native_device(device):
    if device is None:
        from ivy.devices import default_device

        device = default_device()
    kind, index = parse_device(device)
    if kind == "cpu":
        return "/CPU:0"
    n = len(tf.config.list_logical_devices("GPU"))
    if index >= n:
        raise InvalidArgumentError(
            f"device {device!r} is not available to tensorflow (it sees {n} GPU devices)")
    return f"/GPU:{index}"


def dev(x) -> str:
    d = tf.DeviceSpec.from_string(x.device or "/CPU:0")
    return "cpu" if (d.device_type or "CPU").upper() == "CPU" else f"gpu:{d.device_index or 0}"


def to_device(x, device, /, *, stream=None):
    with tf.device(as_native_device(device)):
        return tf.identity(x)


def to_numpy(x) -> np.ndarray:
    return np.asarray(x.numpy() if hasattr(x, "numpy") else x)  # 0-d: an array, not a scalar
