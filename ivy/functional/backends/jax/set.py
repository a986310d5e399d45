"""The jax backend: set functions (see ivy/functional/ivy/set.py for the API)."""

import jax.numpy as jnp

from ivy import dtypes as _d
from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def isin(x1, x2, /, *, invert=False):
    return jnp.isin(x1, x2, invert=invert)


def _idx(a):
    d = _d._defaults.int
    return a if a.dtype == d else a.astype(d)


# jnp.unique_* treat NaNs as distinct and merge signed zeros, as the standard asks
def unique_all(x, /):
    r = jnp.unique_all(x)
    return UniqueAllResult(r.values, _idx(r.indices), _idx(r.inverse_indices), _idx(r.counts))


def unique_counts(x, /):
    r = jnp.unique_counts(x)
    return UniqueCountsResult(r.values, _idx(r.counts))


def unique_inverse(x, /):
    r = jnp.unique_inverse(x)
    return UniqueInverseResult(r.values, _idx(r.inverse_indices))


def unique_values(x, /):
    return jnp.unique_values(x)
