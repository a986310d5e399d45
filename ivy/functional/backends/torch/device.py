"""Devices for PyTorch: "cpu" and "gpu:N" -> ``cuda:N``."""

import numpy as np
import torch

from ivy.devices import parse_device_on
from ivy.errors import InvalidArgumentError

from ..descriptors import descriptor

_TYPES = dict(descriptor("torch").devices)  # {"cpu": "cpu", "gpu": "cuda"}


def devices():
    return ["cpu"] + [f"gpu:{i}" for i in range(torch.cuda.device_count())]


def as_native_device(device):
    if device is None:
        from ivy.devices import default_device

        device = default_device()
    if isinstance(device, torch.device):
        return device
    kind, index = parse_device_on(device, "torch", _TYPES)
    if kind == "cpu":
        return torch.device(_TYPES["cpu"])
    if index >= torch.cuda.device_count():
        raise InvalidArgumentError(
            f"device {device!r} is not available to torch (it sees {torch.cuda.device_count()} "
            "CUDA devices)")
    return torch.device(_TYPES[kind], index)


def dev(x) -> str:
    d = x.device
    return "cpu" if d.type == _TYPES["cpu"] else f"gpu:{d.index or 0}"


def to_device(x, device, /, *, stream=None):
    return x.to(as_native_device(device))


def to_numpy(x) -> np.ndarray:
    x = x.detach()
    if x.dtype == torch.bfloat16:
        import ml_dtypes

        return x.cpu().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    if x.is_conj():
        x = x.resolve_conj()
    return x.cpu().numpy()
