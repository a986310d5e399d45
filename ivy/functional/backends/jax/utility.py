"""The jax backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

import jax.numpy as jnp

__all__ = ["all", "any", "diff"]



def all(x, /, *, axis=None, keepdims=False):  # noqa: A001 - the Array API names it so
    if jnp.iscomplexobj(x):  # jnp.all looks at the real part only
        x = x != 0
    return jnp.all(x, axis=axis, keepdims=keepdims)


def any(x, /, *, axis=None, keepdims=False):  # noqa: A001
    if jnp.iscomplexobj(x):
        x = x != 0
    return jnp.any(x, axis=axis, keepdims=keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if n == 0 and (prepend is not None or append is not None):  # jnp.diff would drop them
        return jnp.concatenate([p for p in (prepend, x, append) if p is not None], axis=axis)
    return jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)
