"""The jax backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import jax.numpy as jnp

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

matmul = jnp.matmul
matrix_transpose = jnp.matrix_transpose


def tensordot(x1, x2, /, *, axes=2):
    return jnp.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, /, *, axis=-1):
    return jnp.vecdot(x1, x2, axis=axis)
