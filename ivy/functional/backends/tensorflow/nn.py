"""The tensorflow backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Most are written once over ``tensorflow.experimental.numpy`` in ``backends/_numpy_like_nn.py``;
``tf.nn`` is used where it has the exact function.
"""

import numpy as _np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends import _numpy_like_nn as _g

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype


def _uniform(shape, dtype, seed):
    return _random._uniform01(shape, dtype, seed)


def _float_min(x):
    return -_np.inf if x.dtype.is_floating else x.dtype.min


_FNS = _g.build(tnp, erf=tf.math.erf, is_int=lambda x: tf.as_dtype(x.dtype).is_integer,
                as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype,
                uniform=_uniform, float_min=_float_min)


def _conv_cl(x, w, strides, pads, dils, groups):
    if groups == 1 and all(lo >= 0 and hi >= 0 for lo, hi in pads):
        if any(p != (0, 0) for p in pads):
            x = tf.pad(x, [(0, 0), *pads, (0, 0)])
        if any(s > 1 for s in strides) and any(d > 1 for d in dils):
            # tf.nn.convolution refuses strides and dilations together: dilate, then subsample
            y = tf.nn.convolution(x, w, strides=1, padding="VALID", dilations=dils)
            return y[(slice(None), *(slice(None, None, s) for s in strides), slice(None))]
        return tf.nn.convolution(x, w, strides=strides, padding="VALID", dilations=dils)
    return _FNS["conv_cl"](x, w, strides, pads, dils, groups)


def _max_impl(x, ks, strides, pads):
    if any(p != (0, 0) for p in pads):
        x = tf.pad(x, [(0, 0), *pads, (0, 0)], constant_values=_float_min(x))
    return tf.nn.max_pool(x, ks, strides, "VALID")


def _sum_impl(x, ks, strides, pads):
    if any(p != (0, 0) for p in pads):
        x = tf.pad(x, [(0, 0), *pads, (0, 0)])
    return tf.nn.avg_pool(x, ks, strides, "VALID") * float(_np.prod(ks))


for _nd in (1, 2, 3):
    _FNS[f"conv{_nd}d"] = _FNS["make_conv"](_nd, _conv_cl)
    _FNS[f"conv{_nd}d_transpose"] = _FNS["make_conv_transpose"](_nd, _conv_cl)
    _FNS[f"max_pool{_nd}d"] = _FNS["make_pool"](_nd, "max", _max_impl)
    _FNS[f"avg_pool{_nd}d"] = _FNS["make_pool"](_nd, "avg", _sum_impl)

for _n, _f in _FNS.items():
    if not _n.startswith("make_") and _n not in _g.HELPERS:
        globals()[_n] = _f
del _n, _f, _nd

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
