"""torch.nn.init: in-place initialisers drawing from the frontend's generator."""

from __future__ import annotations

import math

import ivy

from .. import _functions as F
from .._core import not_implemented


def calculate_gain(nonlinearity, param=None):
    linear = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
              "conv_transpose3d", "sigmoid")
    if nonlinearity in linear:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.ndim < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 "
                         "dimensions")
    rf = 1
    for s in tensor.shape[2:]:
        rf *= s
    return tensor.shape[1] * rf, tensor.shape[0] * rf


def _set(tensor, value):
    tensor._data = ivy.astype(value._data, tensor.dtype.ivy)
    return tensor


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    return _set(tensor, F.rand(*tensor.shape, generator=generator, dtype=tensor.dtype) * (b - a)
                + a)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    return _set(tensor, F.randn(*tensor.shape, generator=generator, dtype=tensor.dtype) * std
                + mean)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    z = F.randn(*tensor.shape, generator=generator, dtype=tensor.dtype) * std + mean
    for _ in range(8):  # redraw the out-of-range values
        bad = (z < a) | (z > b)
        if not bool(bad.any()):
            break
        z = F.where(bad, F.randn(*tensor.shape, generator=generator, dtype=tensor.dtype) * std
                    + mean, z)
    return _set(tensor, F.clamp(z, a, b))


def constant_(tensor, val):
    return _set(tensor, F.full_like(tensor, val))


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    return constant_(tensor, 0.0)


def eye_(tensor):
    return _set(tensor, F.eye(*tensor.shape, dtype=tensor.dtype))


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    a = gain * math.sqrt(6.0 / float(fan_in + fan_out))
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return normal_(tensor, 0.0, gain * math.sqrt(2.0 / float(fan_in + fan_out)), generator)


def _fan(tensor, mode):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tuple(tensor.shape):
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tuple(tensor.shape):
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    return normal_(tensor, 0.0, std, generator)


def orthogonal_(tensor, gain=1, generator=None):
    not_implemented("torch.nn.init.orthogonal_")


def sparse_(tensor, sparsity, std=0.01, generator=None):
    not_implemented("torch.nn.init.sparse_")
