"""The tensorflow backend: linear algebra functions (see ivy/functional/ivy/linear_algebra.py).

TF multiplies only int32/int64 among integers: the others are computed in int64 (uint64
reinterpreted) and cast back, which wraps around exactly as the narrow dtype would.
"""

import tensorflow as tf

from . import _reductions as _r
from .dtypes import promote

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]

_NATIVE_MM = (tf.int32, tf.int64, tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.complex64,
              tf.complex128)


def _prep(x1, x2):
    if x1.dtype != x2.dtype:
        x1, x2 = promote(x1, x2)
    d = x1.dtype
    if d in _NATIVE_MM:
        return x1, x2, None
    if d == tf.bool:
        return tf.cast(x1, tf.int64), tf.cast(x2, tf.int64), d
    return _r.wide_int(x1), _r.wide_int(x2), d


def _back(r, d):
    if d is None:
        return r
    if d == tf.bool:
        return tf.not_equal(r, 0)
    return _r.narrow_int(r, d)


def matmul(x1, x2, /):
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul does not accept 0-d arrays")
    x1, x2, d = _prep(x1, x2)
    v1, v2 = x1.ndim == 1, x2.ndim == 1
    if v1:
        x1 = tf.expand_dims(x1, 0)
    if v2:
        x2 = tf.expand_dims(x2, 1)
    if x1.shape[-1] != x2.shape[-2]:
        raise ValueError(f"matmul: contracted dimensions differ ({x1.shape[-1]} and "
                         f"{x2.shape[-2]})")
    r = tf.linalg.matmul(x1, x2)
    if v1:
        r = tf.squeeze(r, -2)
    if v2:
        r = tf.squeeze(r, -1)
    return _back(r, d)


def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return tf.linalg.matrix_transpose(x)


def tensordot(x1, x2, /, *, axes=2):
    x1, x2, d = _prep(x1, x2)
    if not isinstance(axes, int):
        a1, a2 = axes
        axes = ([a % x1.ndim for a in a1], [a % x2.ndim for a in a2])
    elif axes < 0:
        raise ValueError(f"tensordot: axes must be non-negative, got {axes}")
    return _back(tf.tensordot(x1, x2, axes=axes), d)


def vecdot(x1, x2, /, *, axis=-1):
    if x1.dtype != x2.dtype:
        x1, x2 = promote(x1, x2)
    n = min(x1.ndim, x2.ndim)
    if not -n <= axis < 0 and not 0 <= axis < n:
        raise IndexError(f"vecdot: axis {axis} is out of bounds")
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot: the contracted axis has size {x1.shape[axis]} in x1 and "
                         f"{x2.shape[axis]} in x2")
    if x1.dtype.is_complex:
        x1 = tf.math.conj(x1)
    if axis >= 0:
        axis = axis - x1.ndim if x1.ndim <= x2.ndim else axis - x2.ndim
    return tf.math.reduce_sum(x1 * x2, axis=axis)


def einsum(subscripts, /, *operands):
    if any(o.dtype == tf.bool for o in operands):
        raise TypeError("einsum needs numeric arrays, got a bool operand")
    ops = promote(*operands) if len({o.dtype for o in operands}) > 1 else tuple(operands)
    d = ops[0].dtype
    if d in _NATIVE_MM:
        return tf.einsum(subscripts, *ops)
    # no Einsum kernel for the narrow integers: int64 arithmetic wraps around exactly
    return _r.narrow_int(tf.einsum(subscripts, *(_r.wide_int(o) for o in ops)), d)
