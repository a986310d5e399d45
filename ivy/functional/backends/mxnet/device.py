"""Devices for MXNet: "cpu" -> ``mx.cpu()``, "gpu:N" -> ``mx.gpu(N)`` (a CUDA build only)."""

import mxnet as mx
import numpy as onp

from ivy.devices import parse_device_on
from ivy.errors import InvalidArgumentError

from ..descriptors import descriptor

_TYPES = dict(descriptor("mxnet").devices)  # Ivy kind -> mx.Context's type: {"cpu": "cpu", ...}


def _num_gpus() -> int:
    try:
        return mx.context.num_gpus()
    except Exception:  # noqa: BLE001 - a CPU-only build raises instead of answering 0
        return 0


def devices():
    return ["cpu"] + [f"gpu:{i}" for i in range(_num_gpus())]


def as_native_device(device):
    if device is None:
        return mx.cpu()
    if isinstance(device, mx.Context):
        return device
    kind, index = parse_device_on(device, "mxnet", _TYPES)
    if kind == "cpu":
        return mx.cpu()
    n = _num_gpus()
    if index >= n:
        raise InvalidArgumentError(
            f"the mxnet backend has no device {device!r}: {n} GPU(s) visible to this MXNet "
            "build (the PyPI mxnet 1.9.1 wheel is CPU-only; see docs/deploy.md)")
    return mx.Context(_TYPES[kind], index)


def dev(x) -> str:
    c = x.ctx
    return "cpu" if c.device_type in ("cpu", "cpu_pinned", "cpu_shared") else f"gpu:{c.device_id}"


def to_device(x, device, /, *, stream=None):
    ctx = as_native_device(device)
    return x if x.ctx == ctx else x.as_in_context(ctx)


def to_numpy(x) -> onp.ndarray:
    if hasattr(x, "asnumpy"):
        return x.asnumpy()
    return onp.asarray(x)
