"""Device strings: ``"cpu"`` and ``"gpu:N"``, the one vocabulary every backend maps from.

Which kinds each backend has, and the framework's name for each, are facts of the backend's
descriptor (``descriptor("torch").devices == {"cpu": "cpu", "gpu": "cuda"}``); the mapping to the
framework's device objects lives in ``backends/<fw>/device.py`` (``gpu:N`` -> torch ``cuda:N``,
the N-th JAX GPU device, TensorFlow ``/GPU:N``, MXNet ``mx.gpu(N)``).
"""

from __future__ import annotations

import re
import threading

from .errors import InvalidArgumentError

_DEVICE = re.compile(r"^(cpu|gpu)(?::(\d+))?$")


def parse_device(device) -> tuple[str, int]:
    """``"gpu:1"`` -> ``("gpu", 1)``; ``"cpu"`` -> ``("cpu", 0)``. Accepts ``cuda:N`` as gpu:N."""
    text = str(device).strip().lower()
    text = text.replace("cuda", "gpu")
    m = _DEVICE.match(text)
    if m is None:
        raise InvalidArgumentError(
            f"unknown device {device!r}; Ivy devices are 'cpu' and 'gpu:N' (e.g. 'gpu:0')")
    return m.group(1), int(m.group(2) or 0)


def parse_device_on(device, backend: str, types) -> tuple[str, int]:
    """``parse_device`` for one backend, whose device kinds are the keys of ``types`` (its
    descriptor's ``devices``): a kind it does not have raises, naming the ones it has."""
    kind, index = parse_device(device)
    if kind not in types:
        raise InvalidArgumentError(
            f"the {backend} backend has no {kind!r} devices, so not {device!r}; its devices: "
            + ", ".join(f"'{k}'" if k == "cpu" else f"'{k}:N'" for k in types))
    return kind, index


def normalize_device(device) -> str:
    kind, index = parse_device(device)
    return "cpu" if kind == "cpu" else f"gpu:{index}"


class _Default(threading.local):
    def __init__(self):
        self.device = "cpu"


_default = _Default()


def default_device() -> str:
    """The device new arrays are created on when ``device=`` is not given (per thread)."""
    return _default.device


def set_default_device(device) -> None:
    _default.device = normalize_device(device)
