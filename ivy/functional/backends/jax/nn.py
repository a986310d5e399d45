"""The jax backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Most are written once over ``jax.numpy`` in ``backends/_numpy_like_nn.py``; convolutions and
pools use ``jax.lax`` directly.
"""

import jax
import jax.numpy as jnp
import numpy as _np
from jax import lax

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends import _numpy_like_nn as _g

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype


def _uniform(shape, dtype, seed):
    return jax.random.uniform(_random._key(seed), shape, dtype=dtype)


_FNS = _g.build(jnp, erf=jax.scipy.special.erf,
                is_int=lambda x: jnp.issubdtype(jnp.asarray(x).dtype, jnp.integer),
                as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype,
                uniform=_uniform)

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


for _nd in (1, 2, 3):
    _FNS[f"conv{_nd}d"] = _FNS["make_conv"](_nd, _conv_cl)
    _FNS[f"conv{_nd}d_transpose"] = _FNS["make_conv_transpose"](_nd, _conv_cl, _conv_t_cl)
    _FNS[f"max_pool{_nd}d"] = _FNS["make_pool"](_nd, "max", _max_impl)
    _FNS[f"avg_pool{_nd}d"] = _FNS["make_pool"](_nd, "avg", _sum_impl)

for _n, _f in _FNS.items():
    if not _n.startswith("make_") and _n not in _g.HELPERS:
        globals()[_n] = _f
del _n, _f, _nd

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


del _np
