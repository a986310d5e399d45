"""The MXNet backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""

import numpy as onp
from mxnet import numpy as mnp

from .dtypes import safe_where as _where


def _u8(fn):
    """``fn`` on a bool array through uint8: MXNet's take answers wrong values for bool arrays
    (``take([False], [0, -1])`` gave True) and other kernels reject bool."""

    def wrapper(x, /, *args, **kwargs):
        if x.dtype == bool:
            return fn(x.astype("uint8"), *args, **kwargs).astype(bool)
        return fn(x, *args, **kwargs)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


@_u8
def take(x, indices, /, *, axis=None):
    if axis is None and x.ndim != 1:
        raise ValueError(f"take: axis is required for a {x.ndim}-D array")
    axis = 0 if axis is None else axis
    if not isinstance(indices, mnp.ndarray):
        indices = mnp.array(indices, dtype="int64", ctx=x.ctx)
    # mx.np.take clips negative indices to 0 (mode="clip"): count them from the end first
    indices = _where(indices < 0, indices + x.shape[axis], indices)
    return mnp.take(x, indices, axis=axis)


@_u8
def take_along_axis(x, indices, /, *, axis=-1):
    # mx.np has no take_along_axis: index with broadcast coordinate arrays
    axis = axis % x.ndim
    if indices.size == 0 or x.size == 0:
        # MXNet's advanced indexing fails on zero-size operands: the result is empty, or every
        # index is out of range of an empty axis
        if indices.size and x.shape[axis] == 0:
            raise IndexError(f"take_along_axis: index out of range for axis {axis} of size 0")
        bx = x.shape[:axis] + (indices.shape[axis],) + x.shape[axis + 1:]
        return mnp.zeros(tuple(onp.broadcast_shapes(bx, indices.shape)), dtype=x.dtype,
                         ctx=x.ctx)
    idx = []
    for d in range(x.ndim):
        if d == axis:
            idx.append(indices)
        else:
            shape = [1] * x.ndim
            shape[d] = indices.shape[d]
            idx.append(mnp.arange(indices.shape[d], dtype="int64", ctx=x.ctx).reshape(tuple(shape)))
    return x[tuple(idx)]
