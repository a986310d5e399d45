"""The jax backend: gradients with ``jax.value_and_grad`` / ``jax.jacrev`` (nest freely)."""

import jax


def value_and_grad(func, argnums=0):
    return jax.value_and_grad(func, argnums=tuple(argnums) if not isinstance(argnums, int)
                              else argnums)


def jac(func):
    return jax.jacrev(func)


stop_gradient = jax.lax.stop_gradient
