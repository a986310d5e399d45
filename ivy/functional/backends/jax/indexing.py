"""The jax backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""

import jax.numpy as jnp


def take(x, indices, /, *, axis=None):
    if axis is None and x.ndim != 1:
        raise ValueError(f"take: axis is required for a {x.ndim}-D array")
    return jnp.take(x, indices, axis=axis)


def take_along_axis(x, indices, /, *, axis=-1):
    if not -x.ndim <= axis < x.ndim:
        raise IndexError(f"take_along_axis: axis {axis} is out of bounds for {x.ndim} dimensions")
    return jnp.take_along_axis(x, indices, axis=axis)
