"""The jax backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

import jax.numpy as jnp

__all__ = ["all", "any", "diff"]

all = jnp.all  # noqa: A001 - the Array API names it so
any = jnp.any  # noqa: A001


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    return jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)
