"""The jax backend: sorting functions (see ivy/functional/ivy/sorting.py for the API)."""

import jax.numpy as jnp

from ivy import dtypes as _d

__all__ = ["argsort", "sort"]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    r = jnp.argsort(x, axis=axis, descending=descending, stable=stable)
    d = _d._defaults.int
    return r if d == _d.int64 else r.astype(d)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    return jnp.sort(x, axis=axis, descending=descending, stable=stable)
