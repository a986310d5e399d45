"""The tensorflow backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Most are written once over ``tensorflow.experimental.numpy`` in ``backends/_shared/nn.py`` and
bound here, one line per function; ``tf.nn`` is used where it has the exact function.
"""

from functools import partial

import numpy as _np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends._shared import nn as _nn

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype

_erf = tf.math.erf


def _is_int(x):
    return tf.as_dtype(x.dtype).is_integer


def _uniform(shape, dtype, seed):
    return _random._uniform01(shape, dtype, seed)


def _float_min(x):
    return -_np.inf if x.dtype.is_floating else x.dtype.min


def _conv_cl(x, w, strides, pads, dils, groups):
    if groups == 1 and all(lo >= 0 and hi >= 0 for lo, hi in pads):
        if any(p != (0, 0) for p in pads):
            x = tf.pad(x, [(0, 0), *pads, (0, 0)])
        # data_format named: with None, eager 3-D ops (Conv3D, AvgPool3D, MaxPool3D) record no
        # data_format attribute and their gradients fail reading it (TF 2.21)
        fmt = "NDHWC" if x.ndim == 5 else None
        if any(k == 1 and s > 1 for k, s in zip(w.shape, strides, strict=False)):
            # a strided 1-wide kernel reads every s-th row: subsample first (TF 2.21's oneDNN
            # Conv2DBackpropFilter corrupts the heap on a 1x1 stride-2 conv of some shapes,
            # e.g. (1|3, 16, 16, 8): ResNet/RegNet shortcuts)
            x = x[(slice(None), *(slice(None, None, s) if k == 1 else slice(None)
                                  for k, s in zip(w.shape, strides, strict=False)), slice(None))]
            strides = tuple(1 if k == 1 else s for k, s in zip(w.shape, strides, strict=False))
        if any(s > 1 for s in strides) and any(d > 1 for d in dils):
            # tf.nn.convolution refuses strides and dilations together: dilate, then subsample
            y = tf.nn.convolution(x, w, strides=1, padding="VALID", dilations=dils,
                                  data_format=fmt)
            return y[(slice(None), *(slice(None, None, s) for s in strides), slice(None))]
        return tf.nn.convolution(x, w, strides=strides, padding="VALID", dilations=dils,
                                 data_format=fmt)
    return _nn.conv_cl(tnp, x, w, strides, pads, dils, groups)


def _max_impl(x, ks, strides, pads):
    if any(p != (0, 0) for p in pads):
        x = tf.pad(x, [(0, 0), *pads, (0, 0)], constant_values=_float_min(x))
    return tf.nn.max_pool(x, ks, strides, "VALID",
                          data_format="NDHWC" if x.ndim == 5 else None)  # see _conv_cl


def _sum_impl(x, ks, strides, pads):
    if any(p != (0, 0) for p in pads):
        x = tf.pad(x, [(0, 0), *pads, (0, 0)])
    return tf.nn.avg_pool(x, ks, strides, "VALID", data_format="NDHWC" if x.ndim == 5
                          else None) * float(_np.prod(ks))  # see _conv_cl


leaky_relu = partial(_nn.leaky_relu, tnp)
elu = partial(_nn.elu, tnp)
gelu = partial(_nn.gelu, tnp, erf=_erf)


def softplus(x, /, *, beta=1.0, threshold=20.0):
    # tf.nn.softplus has the derivative 1/2 at 0; the shared max + log1p form's derivative
    # there is 1 under GradientTape (Maximum gives a tie to its first input)
    bx = x * beta
    return tf.where(bx > threshold, x, tf.nn.softplus(bx) / beta)


mish = partial(_nn.mish, tnp)
hard_sigmoid = partial(_nn.hard_sigmoid, tnp)
hard_swish = partial(_nn.hard_swish, tnp)
adaptive_avg_pool2d = partial(_nn.adaptive_avg_pool2d, tnp)
layer_norm = partial(_nn.layer_norm, tnp)
batch_norm = partial(_nn.batch_norm, tnp)
group_norm = partial(_nn.group_norm, tnp)
instance_norm = partial(_nn.instance_norm, tnp)
dropout = partial(_nn.dropout, tnp, uniform=_uniform)
embedding = partial(_nn.embedding, tnp)
one_hot = partial(_nn.one_hot, tnp, as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype)
scaled_dot_product_attention = partial(_nn.scaled_dot_product_attention, tnp)
multi_head_attention = partial(_nn.multi_head_attention, tnp)
lstm_update = partial(_nn.lstm_update, tnp)
gru_update = partial(_nn.gru_update, tnp)
interpolate = partial(_nn.interpolate, tnp)
pad = partial(_nn.pad, tnp)
cross_entropy = partial(_nn.cross_entropy, tnp, is_int=_is_int)
binary_cross_entropy = partial(_nn.binary_cross_entropy, tnp)
mse_loss = partial(_nn.mse_loss, tnp)
l1_loss = partial(_nn.l1_loss, tnp)
huber_loss = partial(_nn.huber_loss, tnp)
kl_div = partial(_nn.kl_div, tnp)
nll_loss = partial(_nn.nll_loss, tnp)
conv1d = partial(_nn.conv, tnp, 1, conv_impl=_conv_cl)
conv2d = partial(_nn.conv, tnp, 2, conv_impl=_conv_cl)
conv3d = partial(_nn.conv, tnp, 3, conv_impl=_conv_cl)
conv1d_transpose = partial(_nn.conv_transpose, tnp, 1, conv_impl=_conv_cl)
conv2d_transpose = partial(_nn.conv_transpose, tnp, 2, conv_impl=_conv_cl)
conv3d_transpose = partial(_nn.conv_transpose, tnp, 3, conv_impl=_conv_cl)
max_pool1d = partial(_nn.max_pool, tnp, 1, impl=_max_impl, float_min=_float_min)
max_pool2d = partial(_nn.max_pool, tnp, 2, impl=_max_impl, float_min=_float_min)
max_pool3d = partial(_nn.max_pool, tnp, 3, impl=_max_impl, float_min=_float_min)
avg_pool1d = partial(_nn.avg_pool, tnp, 1, impl=_sum_impl)
avg_pool2d = partial(_nn.avg_pool, tnp, 2, impl=_sum_impl)
avg_pool3d = partial(_nn.avg_pool, tnp, 3, impl=_sum_impl)

relu = tf.nn.relu
relu6 = tf.nn.relu6
sigmoid = tf.math.sigmoid
selu = tf.nn.selu
silu = tf.nn.silu
softsign = tf.math.softsign


def softmax(x, /, *, axis=-1):
    return tf.nn.softmax(x, axis=axis)


def log_softmax(x, /, *, axis=-1):
    return tf.nn.log_softmax(x, axis=axis)


def logsumexp(x, /, *, axis=None, keepdims=False):
    return tf.reduce_logsumexp(x, axis=axis, keepdims=keepdims)


def linear(x, weight, /, bias=None):
    y = tf.matmul(x, weight, transpose_b=True) if x.shape.rank == 2 and weight.shape.rank == 2 \
        else tf.linalg.matmul(x, tf.linalg.matrix_transpose(weight)) if weight.shape.rank > 2 \
        else tf.tensordot(x, weight, [[x.shape.rank - 1], [1]])
    return y if bias is None else y + bias


def gather_nd(params, indices, /):
    return tf.gather_nd(params, tf.cast(indices, tf.int64))


def scatter_nd(indices, updates, /, shape=None, *, reduction="sum", out=None):
    if out is None and shape is None:
        raise _IAE("scatter_nd needs shape or out")
    res = tf.zeros(tuple(shape), dtype=updates.dtype) if out is None else tf.convert_to_tensor(out)
    ops = {"sum": tf.tensor_scatter_nd_add, "max": tf.tensor_scatter_nd_max,
           "min": tf.tensor_scatter_nd_min, "replace": tf.tensor_scatter_nd_update}
    if reduction not in ops:
        raise _IAE(f"scatter_nd reduction must be sum, max, min or replace, got {reduction!r}")
    return ops[reduction](res, tf.cast(indices, tf.int64), updates)


del partial  # not a backend function (the backend package star-imports this module)
