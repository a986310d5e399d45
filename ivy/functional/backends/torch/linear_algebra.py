"""The torch backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import torch

from ._reductions import UNSIGNED_WIDE, narrow, promote2, wide

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]


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


def einsum(subscripts, /, *operands):
    if any(o.dtype is torch.bool for o in operands):
        raise TypeError("einsum needs numeric arrays, got a bool operand")
    ops = list(operands)
    for i in range(1, len(ops)):  # the common dtype, then every operand cast to it
        if ops[i].dtype is not ops[0].dtype:
            ops[0], ops[i] = promote2(ops[0], ops[i])
    ops = [o if o.dtype is ops[0].dtype else o.to(ops[0].dtype) for o in ops]
    d = ops[0].dtype if ops else None
    if d in UNSIGNED_WIDE:  # no bmm kernel: int64 arithmetic wraps around exactly
        return narrow(torch.einsum(subscripts, *(wide(o) for o in ops)), d)
    r = torch.einsum(subscripts, *ops)
    return r if r.dtype is d else r.to(d)  # a reduction alone ("ij->") sums ints as int64
