"""The MXNet backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py)."""

import math

import numpy as onp
from mxnet import numpy as mnp

from . import _reduce as _r
from .dtypes import promote as _promote
from .linalg import _np_backend, _on_host

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]


def _exact_matmul(x1, x2):
    """MXNet's matmul/tensordot kernels are floating-point only (float16 too is refused):
    float16 goes through float32 (then rounds once), integers multiply and sum in their own
    dtype, so they wrap on overflow as NumPy's do rather than losing bits in a float."""
    if x1.dtype == onp.float16:
        return mnp.matmul(x1.astype(onp.float32), x2.astype(onp.float32)).astype(onp.float16)
    if x1.dtype.kind in "biu":
        if x1.ndim == 1 or x2.ndim == 1:
            a = x1 if x1.ndim > 1 else x1.reshape(1, -1)
            b = x2 if x2.ndim > 1 else x2.reshape(-1, 1)
            r = _exact_matmul(a, b)
            if x1.ndim == 1:
                r = r.reshape(r.shape[:-2] + r.shape[-1:])
            if x2.ndim == 1:
                r = r.reshape(r.shape[:-1])
            return r
        if x1.shape[-1] != x2.shape[-2]:
            raise ValueError(f"matmul: shapes {x1.shape} and {x2.shape} do not align")
        if x1.dtype == bool:
            return _r.sum(mnp.expand_dims(x1.astype("uint8"), -1) *
                           mnp.expand_dims(x2.astype("uint8"), -3), axis=-2) != 0
        if x1.dtype == onp.uint8:  # no uint8 sum: int32 wraps to the same value modulo 256
            return _exact_matmul(x1.astype(onp.int32), x2.astype(onp.int32)).astype(onp.uint8)
        return _r.sum(mnp.expand_dims(x1, -1) * mnp.expand_dims(x2, -3), axis=-2,
                       dtype=x1.dtype)
    return mnp.matmul(x1, x2)


def matmul(x1, x2, /):
    if x1.size == 0 or x2.size == 0:
        return _on_host(_np_backend().matmul, x1, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul: 0-d operands are not allowed (use multiply)")
    x1, x2 = _promote(x1, x2)
    return _exact_matmul(x1, x2)


def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    if x.dtype == bool:  # no bool kernel
        return mnp.swapaxes(x.astype("uint8"), -1, -2).astype(bool)
    return mnp.swapaxes(x, -1, -2)


def tensordot(x1, x2, /, *, axes=2):
    if x1.size == 0 or x2.size == 0:
        return _on_host(_np_backend().tensordot, x1, x2, axes=axes)
    x1, x2 = _promote(x1, x2)
    if x1.dtype.kind == "f" and x1.dtype != onp.float16:
        return mnp.tensordot(x1, x2, axes=axes)
    # as a matmul of the free axes against the contracted ones
    if isinstance(axes, int):
        a1 = list(range(x1.ndim - axes, x1.ndim))
        a2 = list(range(axes))
    else:
        a1, a2 = [list(a) if isinstance(a, (list, tuple)) else [a] for a in axes]
        a1 = [a % x1.ndim for a in a1]
        a2 = [a % x2.ndim for a in a2]
    f1 = [d for d in range(x1.ndim) if d not in a1]
    f2 = [d for d in range(x2.ndim) if d not in a2]
    k = math.prod(x1.shape[d] for d in a1)
    m = mnp.transpose(x1, tuple(f1 + a1)).reshape(-1, k) if x1.ndim else x1.reshape(1, 1)
    n = mnp.transpose(x2, tuple(a2 + f2)).reshape(k, -1) if x2.ndim else x2.reshape(1, 1)
    return _exact_matmul(m, n).reshape(tuple(x1.shape[d] for d in f1) +
                                       tuple(x2.shape[d] for d in f2))


def vecdot(x1, x2, /, *, axis=-1):
    if x1.size == 0 or x2.size == 0:
        return _on_host(_np_backend().vecdot, x1, x2, axis=axis)
    x1, x2 = _promote(x1, x2)
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot: the contracted axis has size {x1.shape[axis]} in x1 and "
                         f"{x2.shape[axis]} in x2")
    if x1.dtype == bool:  # NumPy's sum of bool products: any(x1 & x2), still bool
        return _r.any(x1.astype("uint8") * x2.astype("uint8"), axis=axis)
    return _r.sum(x1 * x2, axis=axis)


def einsum(subscripts, /, *operands):
    if any(o.dtype == bool for o in operands):
        raise TypeError("einsum needs numeric arrays, got a bool operand")
    operands = _promote(*operands) if len(operands) > 1 else operands
    dt = operands[0].dtype
    if dt.kind != "f":
        # MXNet's einsum is floating-point only, and a float64 detour would not wrap integer
        # products as NumPy does: refuse rather than answer differently
        from ivy.errors import unsupported_dtype

        raise unsupported_dtype("einsum", "mxnet", str(dt), ("float16", "float32", "float64"))
    if dt == onp.float16:  # computed in float32, rounded once
        return mnp.einsum(subscripts, *(o.astype(onp.float32) for o in operands)).astype(dt)
    return mnp.einsum(subscripts, *operands)
