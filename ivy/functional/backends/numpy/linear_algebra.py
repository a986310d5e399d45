"""The numpy backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import numpy as np

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]

matmul = np.matmul


def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return np.swapaxes(x, -1, -2)


def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


if hasattr(np, "vecdot"):  # NumPy >= 2.0

    def vecdot(x1, x2, /, *, axis=-1):
        return np.vecdot(x1, x2, axis=axis)

else:

    def vecdot(x1, x2, /, *, axis=-1):
        if x1.shape[axis] != x2.shape[axis]:
            raise ValueError(f"vecdot: the contracted axis has size {x1.shape[axis]} in x1 and "
                             f"{x2.shape[axis]} in x2")
        dt = np.promote_types(x1.dtype, x2.dtype)  # by dtype (NumPy 1.x casts by value)
        return np.sum(np.conj(x1.astype(dt)) * x2.astype(dt), axis=axis, dtype=dt)


def einsum(subscripts, /, *operands):
    if any(o.dtype == np.bool_ for o in operands):
        raise TypeError("einsum needs numeric arrays, got a bool operand")
    return np.asarray(np.einsum(subscripts, *operands))
