"""The jax backend: gradients with ``jax.value_and_grad`` / ``jax.jacrev`` (nest freely)."""

import jax

from ivy.container import register_with_jax as _register_with_jax

_register_with_jax()


def value_and_grad(func, argnums=0):
    return jax.value_and_grad(func, argnums=tuple(argnums) if not isinstance(argnums, int)
                              else argnums)


def jac(func):
    return jax.jacrev(func)


stop_gradient = jax.lax.stop_gradient
