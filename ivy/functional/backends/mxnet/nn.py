"""The MXNet backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Written once over a NumPy-like namespace in ``backends/_shared/nn.py`` and bound here, one line
per function, with ``mxnet.numpy`` (through :mod:`._xp`, which adds the few names it lacks) as
``xp``; ``erf`` is ``npx.erf``, and the convolutions/pools use the shared channel-last kernels.
"""

from functools import partial

from mxnet import npx

from ivy import dtypes as _d
from ivy.functional.backends._shared import nn as _nn

from . import _xp
from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype


def _erf(x):
    return npx.erf(x)


def _is_int(x):
    return x.dtype.kind in "iub"


def _uniform(shape, dtype, seed):
    return _random.random_uniform(shape=shape, dtype=dtype, seed=seed)


def _float_min(x):
    import numpy as onp

    return -onp.inf if x.dtype.kind == "f" else int(onp.iinfo(x.dtype).min)


def _floating(fn):
    """An activation (or a loss: every array argument) on integer or bool input: ``mx.np`` computes exp, tanh, log... in the
    input's dtype (``softmax`` of ints put all the mass on the maximum, ``gelu`` gave 0), so the
    input goes to Ivy's default float first, as on PyTorch and JAX."""

    def wrapper(*args, **kwargs):
        f = _as_native_dtype(_d.default_float_dtype())
        return fn(*(a.astype(f) if hasattr(a, "dtype") and _is_int(a) else a for a in args),
                  **kwargs)

    return wrapper


sigmoid = _floating(partial(_nn.sigmoid, _xp))
relu = partial(_nn.relu, _xp)
relu6 = partial(_nn.relu6, _xp)
leaky_relu = _floating(partial(_nn.leaky_relu, _xp))
elu = _floating(partial(_nn.elu, _xp))
selu = _floating(partial(_nn.selu, _xp))
gelu = _floating(partial(_nn.gelu, _xp, erf=_erf))
softplus = _floating(partial(_nn.softplus, _xp))
silu = _floating(partial(_nn.silu, _xp))
mish = _floating(partial(_nn.mish, _xp))
hard_sigmoid = partial(_nn.hard_sigmoid, _xp)
hard_swish = partial(_nn.hard_swish, _xp)
softsign = partial(_nn.softsign, _xp)
softmax = _floating(partial(_nn.softmax, _xp))
logsumexp = _floating(partial(_nn.logsumexp, _xp))
log_softmax = _floating(partial(_nn.log_softmax, _xp))
linear = partial(_nn.linear, _xp)
adaptive_avg_pool2d = partial(_nn.adaptive_avg_pool2d, _xp)
layer_norm = partial(_nn.layer_norm, _xp)
batch_norm = partial(_nn.batch_norm, _xp)
group_norm = partial(_nn.group_norm, _xp)
instance_norm = partial(_nn.instance_norm, _xp)
dropout = partial(_nn.dropout, _xp, uniform=_uniform)
embedding = partial(_nn.embedding, _xp)
one_hot = partial(_nn.one_hot, _xp, as_native_dtype=_as_native_dtype,
                  default_float=_d.default_float_dtype)
scaled_dot_product_attention = partial(_nn.scaled_dot_product_attention, _xp)
multi_head_attention = partial(_nn.multi_head_attention, _xp)
lstm_update = partial(_nn.lstm_update, _xp)
gru_update = partial(_nn.gru_update, _xp)
interpolate = partial(_nn.interpolate, _xp)
pad = partial(_nn.pad, _xp)
gather_nd = partial(_nn.gather_nd, _xp)
cross_entropy = partial(_nn.cross_entropy, _xp, is_int=_is_int)
binary_cross_entropy = _floating(partial(_nn.binary_cross_entropy, _xp))
mse_loss = partial(_nn.mse_loss, _xp)
l1_loss = partial(_nn.l1_loss, _xp)
huber_loss = _floating(partial(_nn.huber_loss, _xp))
kl_div = _floating(partial(_nn.kl_div, _xp))
nll_loss = partial(_nn.nll_loss, _xp)
conv1d = partial(_nn.conv, _xp, 1)
conv2d = partial(_nn.conv, _xp, 2)
conv3d = partial(_nn.conv, _xp, 3)
conv1d_transpose = partial(_nn.conv_transpose, _xp, 1)
conv2d_transpose = partial(_nn.conv_transpose, _xp, 2)
conv3d_transpose = partial(_nn.conv_transpose, _xp, 3)
max_pool1d = partial(_nn.max_pool, _xp, 1, float_min=_float_min)
max_pool2d = partial(_nn.max_pool, _xp, 2, float_min=_float_min)
max_pool3d = partial(_nn.max_pool, _xp, 3, float_min=_float_min)
avg_pool1d = partial(_nn.avg_pool, _xp, 1)
avg_pool2d = partial(_nn.avg_pool, _xp, 2)
avg_pool3d = partial(_nn.avg_pool, _xp, 3)

del partial  # not a backend function (the backend package star-imports this module)
