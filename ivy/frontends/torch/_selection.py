"""``torch.where`` and ``torch.nonzero``: selecting by a condition.

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import numpy as np

import ivy

from ._base import _bool, _out
from ._core import CAT as _CAT
from ._core import (
    dtype_of,
    result_type,
)
from ._tensor import Tensor, like, operand, wrap


def where(condition, input=None, other=None, *, out=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    c = condition._data
    k = _CAT.get(c.dtype)
    if k != 0 and (k is not None or dtype_of(c).cat != 0):  # None: a dtype not seen yet
        c = ivy.astype(c, "bool")
    if input.__class__ is Tensor and other.__class__ is Tensor and out is None and \
            input._data.dtype is other._data.dtype:  # one dtype: no promotion
        return wrap(ivy.where(c, input._data, other._data))
    rt = result_type(input, other)
    a, b = operand(input, rt), operand(other, rt)
    if not isinstance(a, Tensor) and not hasattr(a, "shape"):
        a = like(c, a, rt)
    if not hasattr(b, "shape"):
        b = like(c, b, rt)
    return _out(wrap(ivy.where(c, a, b)), out)


def nonzero(input, *, out=None, as_tuple=False):
    x = input._data
    if not x.shape:
        n = 1 if _bool(ivy.to_numpy(x)) else 0
        if as_tuple:
            return (wrap(like(x, np.zeros((n,), np.int64))),)
        return wrap(like(x, np.zeros((n, 0), np.int64)))
    idx = ivy.nonzero(x)
    if as_tuple:
        return tuple(wrap(ivy.astype(i, "int64")) for i in idx)
    return _out(wrap(ivy.astype(ivy.stack(list(idx), axis=1), "int64")), out)


def argwhere(input):
    return nonzero(input)
