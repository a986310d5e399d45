"""The jax backend: statistical functions (see ivy/functional/ivy/statistical.py for the API)."""

import jax.numpy as jnp

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import accumulation_dtype, cumulative_axis

from .dtypes import as_native_dtype

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]


def _acc(x, dtype):
    if dtype is not None:
        return as_native_dtype(dtype)
    if x.dtype.kind in "biu":
        return as_native_dtype(accumulation_dtype(x.dtype))
    return None


def _cum_axis(x, axis):
    return cumulative_axis(x.ndim, axis)


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return jnp.cumulative_sum(x, axis=_cum_axis(x, axis), dtype=_acc(x, dtype),
                              include_initial=include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return jnp.cumulative_prod(x, axis=_cum_axis(x, axis), dtype=_acc(x, dtype),
                               include_initial=include_initial)


max = jnp.max  # noqa: A001 - the Array API names it so
min = jnp.min  # noqa: A001


def _float_input(x):
    if x.dtype.kind in "biu":
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def mean(x, /, *, axis=None, keepdims=False):
    return jnp.mean(_float_input(x), axis=axis, keepdims=keepdims)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    return jnp.sum(x, axis=axis, dtype=_acc(x, dtype), keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    return jnp.prod(x, axis=axis, dtype=_acc(x, dtype), keepdims=keepdims)


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return jnp.std(_float_input(x), axis=axis, correction=correction, keepdims=keepdims)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return jnp.var(_float_input(x), axis=axis, correction=correction, keepdims=keepdims)
