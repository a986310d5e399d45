"""MXNet's reductions (``sum``, ``max``, ``mean``...) with zero-size results.

MXNet 1.9's reduce kernels fail on a zero-size input whose *result* is zero-size too: ``sum`` of
a (0, 3) array along axis 1 raises ``MXNetError`` (an empty output blob) where NumPy and the
standard give an empty (0,) array. Reducing over the empty axis itself (a non-empty result of
identities) works. These wrappers answer the empty-result case with an empty array of the shape
and dtype MXNet would give (the dtype read from the same reduction of a one-element array);
everything else goes to MXNet unchanged.
"""

import math

from mxnet import numpy as mnp


def reduced_shape(shape, axis, keepdims):
    """The shape of a reduction of ``shape`` over ``axis`` (None, an int or a sequence)."""
    nd = len(shape)
    if axis is None:
        axes = set(range(nd))
    else:
        axes = {a % nd for a in (axis if isinstance(axis, (tuple, list)) else (axis,))}
    return tuple(1 if i in axes else s for i, s in enumerate(shape) if keepdims or i not in axes)


def _reducer(fn):
    def reduce(x, axis=None, keepdims=False, **kwargs):
        if isinstance(axis, list):
            axis = tuple(axis)
        if x.size == 0 and x.ndim:
            shape = reduced_shape(x.shape, axis, keepdims)
            if math.prod(shape) == 0:
                one = mnp.zeros((1,) * x.ndim, dtype=x.dtype, ctx=x.ctx)
                dtype = fn(one, axis=axis, keepdims=keepdims, **kwargs).dtype
                return mnp.zeros(shape, dtype=dtype, ctx=x.ctx)
        return fn(x, axis=axis, keepdims=keepdims, **kwargs)

    reduce.__name__ = fn.__name__
    return reduce


sum = _reducer(mnp.sum)  # noqa: A001
prod = _reducer(mnp.prod)
mean = _reducer(mnp.mean)
max = _reducer(mnp.max)  # noqa: A001
min = _reducer(mnp.min)  # noqa: A001
all = _reducer(mnp.all)  # noqa: A001
any = _reducer(mnp.any)  # noqa: A001
