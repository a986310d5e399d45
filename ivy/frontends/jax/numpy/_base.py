"""Helpers every jax.numpy function module shares (conversions, shapes, axes, dtype kinds) and
the module constants (``pi``, ``newaxis``...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins
import math

import numpy as np

from .._array import Array, asarray
from .._core import KIND, name_of

_max, _min, _sum, _range, _abs, _round, _all, _any = (builtins.max, builtins.min, builtins.sum,
                                                      builtins.range, builtins.abs,
                                                      builtins.round, builtins.all, builtins.any)
pi, e, inf, nan, euler_gamma = math.pi, math.e, math.inf, math.nan, 0.5772156649015329
newaxis = None
ndarray = Array


def _a(x):
    return asarray(x)


def _d(x):
    return asarray(x)._data


def _kind(x):
    return KIND[name_of(x._data)]


# ------------------------------------------------------------------------------ creation
def _shape(shape):
    if isinstance(shape, (builtins.int, np.integer)):
        return (builtins.int(shape),)
    return tuple(builtins.int(s) for s in shape)


# ------------------------------------------------------------------------------ reductions
def _axes(axis, ndim):
    if axis is None:
        return None
    ax = tuple(axis) if isinstance(axis, (list, tuple)) else (builtins.int(axis),)
    out = []
    for a in ax:
        if not -_max(ndim, 1) <= a < _max(ndim, 1) or (ndim == 0 and a not in (0, -1)):
            raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
        out.append(a % ndim if ndim else 0)
    return tuple(out)


def _inexact(x, dtype=None):
    if dtype is not None:
        return x.astype(dtype)
    return x.astype("float32") if _kind(x) in "biu" else x
