"""The numpy backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import numpy as np

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

matmul = np.matmul
matrix_transpose = np.matrix_transpose


def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, /, *, axis=-1):
    return np.vecdot(x1, x2, axis=axis)
