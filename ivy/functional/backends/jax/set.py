"""The jax backend: set functions (see ivy/functional/ivy/set.py for the API)."""

import jax
import jax.numpy as jnp
import numpy as np

from ivy import dtypes as _d
from ivy.functional.backends.numpy import set as _np_set
from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def _int_scalar(s, like):
    """A Python int as an array of ``like``'s integer dtype; None if out of its range (JAX would
    overflow converting it through int64); ``s`` itself when no such conversion applies."""
    if type(s) is not int or like.dtype.kind not in "iu":
        return s
    info = np.iinfo(like.dtype)
    return jnp.asarray(s, dtype=like.dtype) if info.min <= s <= info.max else None


def isin(x1, x2, /, *, invert=False):
    if not hasattr(x1, "dtype"):
        x1 = _int_scalar(x1, x2)
        if x1 is None:  # a value no element of x2 can equal
            return jnp.asarray(invert)
    elif not hasattr(x2, "dtype"):
        x2 = _int_scalar(x2, x1)
        if x2 is None:
            return jnp.full(x1.shape, invert)
    return jnp.isin(x1, x2, invert=invert)


def _idx(a):
    d = _d._defaults.int
    return a if a.dtype == d else a.astype(d)


# Output shapes depend on the data, so these cannot be traced by jax.jit anyway; jnp.unique_*
# compiles several kernels for every new input shape (seconds) where NumPy answers in
# microseconds. Both treat NaNs as distinct and merge signed zeros, as the standard asks.
def _host(fn, x):
    dev = next(iter(x.devices()))
    return jax.device_put(fn(np.asarray(x)), dev)


def unique_all(x, /):
    v, i, inv, c = _host(_np_set.unique_all, x)
    return UniqueAllResult(v, _idx(i), _idx(inv), _idx(c))


def unique_counts(x, /):
    v, c = _host(_np_set.unique_counts, x)
    return UniqueCountsResult(v, _idx(c))


def unique_inverse(x, /):
    v, inv = _host(_np_set.unique_inverse, x)
    return UniqueInverseResult(v, _idx(inv))


def unique_values(x, /):
    return _host(_np_set.unique_values, x)
