"""The jax backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import jax.numpy as jnp

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]

matmul = jnp.matmul
matrix_transpose = jnp.matrix_transpose


def tensordot(x1, x2, /, *, axes=2):
    return jnp.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, /, *, axis=-1):
    return jnp.vecdot(x1, x2, axis=axis)


def einsum(subscripts, /, *operands):
    if any(o.dtype == jnp.bool_ for o in operands):
        raise TypeError("einsum needs numeric arrays, got a bool operand")
    r = jnp.einsum(subscripts, *operands)
    d = jnp.result_type(*operands)
    return r if r.dtype == d else r.astype(d)
