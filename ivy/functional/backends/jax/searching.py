"""The jax backend: searching functions (see ivy/functional/ivy/searching.py for the API)."""

import jax
import jax.numpy as jnp
import numpy as np

from ivy import dtypes as _d

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

_I64 = _d.int64


def _index(r):
    d = _d._defaults.int
    return r if r.dtype == d else r.astype(d)


def argmax(x, /, *, axis=None, keepdims=False):
    return _index(jnp.argmax(x, axis=axis, keepdims=keepdims))


def argmin(x, /, *, axis=None, keepdims=False):
    return _index(jnp.argmin(x, axis=axis, keepdims=keepdims))


def count_nonzero(x, /, *, axis=None, keepdims=False):
    return jnp.count_nonzero(x, axis=axis, keepdims=keepdims).astype(_d._defaults.int)


def nonzero(x, /):
    # data-dependent shape (no jax.jit either way): NumPy on the host skips jnp.nonzero's
    # per-shape compilation
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension (got a 0-d array)")
    dev = next(iter(x.devices()))
    return tuple(_index(jax.device_put(i, dev)) for i in np.nonzero(np.asarray(x)))


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    return _index(jnp.searchsorted(x1, x2, side=side, sorter=sorter))


where = jnp.where
