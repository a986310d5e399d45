"""The torch backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import torch

from ._reductions import UNSIGNED_WIDE, narrow, promote2, wide

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


_tmatmul = torch.matmul


def matmul(x1, x2, /):
    d = x1.dtype
    if d is x2.dtype and d not in UNSIGNED_WIDE:
        return _tmatmul(x1, x2)
    if d is not x2.dtype:
        x1, x2 = promote2(x1, x2)
    if x1.dtype in UNSIGNED_WIDE:
        return narrow(torch.matmul(wide(x1), wide(x2)), x1.dtype)
    return torch.matmul(x1, x2)


def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return x.mT


def tensordot(x1, x2, /, *, axes=2):
    if x1.dtype is not x2.dtype:
        x1, x2 = promote2(x1, x2)
    if x1.dtype in UNSIGNED_WIDE:
        return narrow(torch.tensordot(wide(x1), wide(x2), dims=axes), x1.dtype)
    return torch.tensordot(x1, x2, dims=axes)


def vecdot(x1, x2, /, *, axis=-1):
    if x1.dtype is not x2.dtype:
        x1, x2 = promote2(x1, x2)
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot: the contracted axis has size {x1.shape[axis]} in x1 and "
                         f"{x2.shape[axis]} in x2")
    if x1.is_floating_point() or x1.is_complex():
        return torch.linalg.vecdot(x1, x2, dim=axis)
    d = x1.dtype
    if d in UNSIGNED_WIDE:
        return narrow(torch.sum(wide(x1) * wide(x2), dim=axis), d)
    return torch.sum(x1 * x2, dim=axis, dtype=d)
