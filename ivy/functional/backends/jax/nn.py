"""The jax backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Most are written once over ``jax.numpy`` in ``backends/_shared/nn.py`` and bound here, one line
per function; convolutions and pools use ``jax.lax`` kernels, activations ``jax.nn`` where it has
the exact function.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends._shared import nn as _nn

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype

_erf = jax.scipy.special.erf


def _is_int(x):
    return jnp.issubdtype(jnp.asarray(x).dtype, jnp.integer)


def _uniform(shape, dtype, seed):
    return jax.random.uniform(_random._key(seed), shape, dtype=dtype)


_SPEC = {1: ("NWC", "WIO", "NWC"), 2: ("NHWC", "HWIO", "NHWC"),
         3: ("NDHWC", "DHWIO", "NDHWC")}


def _conv_cl(x, w, strides, pads, dils, groups, lhs=None):
    nd = x.ndim - 2
    dn = lax.conv_dimension_numbers(x.shape, w.shape, _SPEC[nd])
    return lax.conv_general_dilated(x, w, strides, [tuple(p) for p in pads], lhs_dilation=lhs,
                                    rhs_dilation=dils, dimension_numbers=dn,
                                    feature_group_count=groups)


def _conv_t_cl(x, w, strides, pads, dils, groups):
    return _conv_cl(x, w, (1,) * len(strides), pads, dils, groups, lhs=strides)


def _window(x, ks, strides, pads, init, op):
    return lax.reduce_window(x, init, op, (1, *ks, 1), (1, *strides, 1),
                             [(0, 0), *pads, (0, 0)])


def _max_impl(x, ks, strides, pads):
    init = -jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min
    return _window(x, ks, strides, pads, jnp.asarray(init, x.dtype), lax.max)


def _sum_impl(x, ks, strides, pads):
    return _window(x, ks, strides, pads, jnp.asarray(0, x.dtype), lax.add)


leaky_relu = partial(_nn.leaky_relu, jnp)
elu = partial(_nn.elu, jnp)
gelu = partial(_nn.gelu, jnp, erf=_erf)


def softplus(x, /, *, beta=1.0, threshold=20.0):
    # jax.nn.softplus (logaddexp) has the derivative 1/2 at 0; the shared max + log1p form's
    # derivative there is 0 under jax.grad (max and abs at their kinks)
    bx = x * beta
    return jnp.where(bx > threshold, x, jax.nn.softplus(bx) / beta)


mish = partial(_nn.mish, jnp)
hard_sigmoid = partial(_nn.hard_sigmoid, jnp)
hard_swish = partial(_nn.hard_swish, jnp)
adaptive_avg_pool2d = partial(_nn.adaptive_avg_pool2d, jnp)
layer_norm = partial(_nn.layer_norm, jnp)
batch_norm = partial(_nn.batch_norm, jnp)
group_norm = partial(_nn.group_norm, jnp)
instance_norm = partial(_nn.instance_norm, jnp)
dropout = partial(_nn.dropout, jnp, uniform=_uniform)
embedding = partial(_nn.embedding, jnp)
one_hot = partial(_nn.one_hot, jnp, as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype)
scaled_dot_product_attention = partial(_nn.scaled_dot_product_attention, jnp)
multi_head_attention = partial(_nn.multi_head_attention, jnp)
lstm_update = partial(_nn.lstm_update, jnp)
gru_update = partial(_nn.gru_update, jnp)
interpolate = partial(_nn.interpolate, jnp)
pad = partial(_nn.pad, jnp)
cross_entropy = partial(_nn.cross_entropy, jnp, is_int=_is_int)
binary_cross_entropy = partial(_nn.binary_cross_entropy, jnp)
mse_loss = partial(_nn.mse_loss, jnp)
l1_loss = partial(_nn.l1_loss, jnp)
huber_loss = partial(_nn.huber_loss, jnp)
kl_div = partial(_nn.kl_div, jnp)
nll_loss = partial(_nn.nll_loss, jnp)
conv1d = partial(_nn.conv, jnp, 1, conv_impl=_conv_cl)
conv2d = partial(_nn.conv, jnp, 2, conv_impl=_conv_cl)
conv3d = partial(_nn.conv, jnp, 3, conv_impl=_conv_cl)
conv1d_transpose = partial(_nn.conv_transpose, jnp, 1, conv_impl=_conv_cl, lhs_impl=_conv_t_cl)
conv2d_transpose = partial(_nn.conv_transpose, jnp, 2, conv_impl=_conv_cl, lhs_impl=_conv_t_cl)
conv3d_transpose = partial(_nn.conv_transpose, jnp, 3, conv_impl=_conv_cl, lhs_impl=_conv_t_cl)
max_pool1d = partial(_nn.max_pool, jnp, 1, impl=_max_impl)
max_pool2d = partial(_nn.max_pool, jnp, 2, impl=_max_impl)
max_pool3d = partial(_nn.max_pool, jnp, 3, impl=_max_impl)
avg_pool1d = partial(_nn.avg_pool, jnp, 1, impl=_sum_impl)
avg_pool2d = partial(_nn.avg_pool, jnp, 2, impl=_sum_impl)
avg_pool3d = partial(_nn.avg_pool, jnp, 3, impl=_sum_impl)

relu = jax.nn.relu
relu6 = jax.nn.relu6
sigmoid = jax.nn.sigmoid
silu = jax.nn.silu
selu = jax.nn.selu
softsign = jax.nn.soft_sign


def softmax(x, /, *, axis=-1):
    return jax.nn.softmax(x, axis=axis)


def log_softmax(x, /, *, axis=-1):
    return jax.nn.log_softmax(x, axis=axis)


def logsumexp(x, /, *, axis=None, keepdims=False):
    return jax.scipy.special.logsumexp(x, axis=axis, keepdims=keepdims)


def linear(x, weight, /, bias=None):
    y = jnp.matmul(x, weight.T) if weight.ndim == 2 else jnp.matmul(x, jnp.swapaxes(weight, -1,
                                                                                     -2))
    return y if bias is None else y + bias


def scatter_nd(indices, updates, /, shape=None, *, reduction="sum", out=None):
    if out is None and shape is None:
        raise _IAE("scatter_nd needs shape or out")
    res = jnp.zeros(tuple(shape), dtype=updates.dtype) if out is None else jnp.asarray(out)
    at = res.at[tuple(jnp.moveaxis(jnp.asarray(indices), -1, 0))]
    ops = {"sum": at.add, "max": at.max, "min": at.min, "replace": at.set}
    if reduction not in ops:
        raise _IAE(f"scatter_nd reduction must be sum, max, min or replace, got {reduction!r}")
    return ops[reduction](updates)


def gather_nd(params, indices, /):
    return params[tuple(jnp.moveaxis(jnp.asarray(indices), -1, 0))]



del partial  # not a backend function (the backend package star-imports this module)
