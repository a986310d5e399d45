"""The NumPy backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Written once over a NumPy-like namespace in ``backends/_shared/nn.py`` and bound here, one line
per function; NumPy-only pieces below.
"""

from functools import partial

import numpy as np

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends._shared import nn as _nn

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype

try:
    from scipy.special import erf as _scipy_erf
except ImportError:  # pragma: no cover - scipy is optional
    import math as _math

    _verf = np.vectorize(_math.erf, otypes=[np.float64])

    def _scipy_erf(x):
        return _verf(x).astype(x.dtype)


def _erf(x):
    return _scipy_erf(x).astype(x.dtype, copy=False)


def _is_int(x):
    return np.asarray(x).dtype.kind in "iub"


def _uniform(shape, dtype, seed):
    gen = _random._gen(seed)
    return gen.random(shape).astype(dtype)


def _float_min(x):
    return -np.inf if x.dtype.kind in "fc" else np.iinfo(x.dtype).min


sigmoid = partial(_nn.sigmoid, np)
relu = partial(_nn.relu, np)
relu6 = partial(_nn.relu6, np)
leaky_relu = partial(_nn.leaky_relu, np)
elu = partial(_nn.elu, np)
selu = partial(_nn.selu, np)
gelu = partial(_nn.gelu, np, erf=_erf)
silu = partial(_nn.silu, np)
mish = partial(_nn.mish, np)
hard_sigmoid = partial(_nn.hard_sigmoid, np)
hard_swish = partial(_nn.hard_swish, np)
softsign = partial(_nn.softsign, np)
softmax = partial(_nn.softmax, np)
linear = partial(_nn.linear, np)
adaptive_avg_pool2d = partial(_nn.adaptive_avg_pool2d, np)
layer_norm = partial(_nn.layer_norm, np)
batch_norm = partial(_nn.batch_norm, np)
group_norm = partial(_nn.group_norm, np)
instance_norm = partial(_nn.instance_norm, np)
dropout = partial(_nn.dropout, np, uniform=_uniform)
embedding = partial(_nn.embedding, np)
one_hot = partial(_nn.one_hot, np, as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype)
scaled_dot_product_attention = partial(_nn.scaled_dot_product_attention, np)
multi_head_attention = partial(_nn.multi_head_attention, np)
lstm_update = partial(_nn.lstm_update, np)
gru_update = partial(_nn.gru_update, np)
interpolate = partial(_nn.interpolate, np)
pad = partial(_nn.pad, np)
gather_nd = partial(_nn.gather_nd, np)
cross_entropy = partial(_nn.cross_entropy, np, is_int=_is_int)
binary_cross_entropy = partial(_nn.binary_cross_entropy, np)
mse_loss = partial(_nn.mse_loss, np)
l1_loss = partial(_nn.l1_loss, np)
huber_loss = partial(_nn.huber_loss, np)
kl_div = partial(_nn.kl_div, np)
nll_loss = partial(_nn.nll_loss, np)
conv1d = partial(_nn.conv, np, 1)
conv2d = partial(_nn.conv, np, 2)
conv3d = partial(_nn.conv, np, 3)
conv1d_transpose = partial(_nn.conv_transpose, np, 1)
conv2d_transpose = partial(_nn.conv_transpose, np, 2)
conv3d_transpose = partial(_nn.conv_transpose, np, 3)
max_pool1d = partial(_nn.max_pool, np, 1, float_min=_float_min)
max_pool2d = partial(_nn.max_pool, np, 2, float_min=_float_min)
max_pool3d = partial(_nn.max_pool, np, 3, float_min=_float_min)
avg_pool1d = partial(_nn.avg_pool, np, 1)
avg_pool2d = partial(_nn.avg_pool, np, 2)
avg_pool3d = partial(_nn.avg_pool, np, 3)


def scatter_nd(indices, updates, /, shape=None, *, reduction="sum", out=None):
    if out is None and shape is None:
        raise _IAE("scatter_nd needs shape or out")
    res = np.zeros(tuple(shape), dtype=updates.dtype) if out is None else np.array(out)
    idx = tuple(np.moveaxis(np.asarray(indices, dtype=np.int64), -1, 0))
    ops = {"sum": np.add, "max": np.maximum, "min": np.minimum}
    if reduction == "replace":
        res[idx] = updates
    elif reduction in ops:
        ops[reduction].at(res, idx, updates)
    else:
        raise _IAE(f"scatter_nd reduction must be sum, max, min or replace, got {reduction!r}")
    return res


def softplus(x, /, *, beta=1.0, threshold=20.0):
    bx = x * beta
    with np.errstate(over="ignore"):
        soft = (np.maximum(bx, 0) + np.log1p(np.exp(-np.abs(bx)))) / beta
    return np.where(bx > threshold, x, soft).astype(x.dtype, copy=False)


def logsumexp(x, /, *, axis=None, keepdims=False):
    with np.errstate(divide="ignore"):  # log(0) = -inf is the right answer here
        return _nn.logsumexp(np, x, axis=axis, keepdims=keepdims)


def log_softmax(x, /, *, axis=-1):
    with np.errstate(divide="ignore"):
        return _nn.log_softmax(np, x, axis=axis)


del partial  # not a backend function (the backend package star-imports this module)
