"""What the jax.lax modules share: the dimension-number tuples, modes, the same-dtype rule of lax
operands (``_same``) and the unary/binary primitive makers.

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins
import collections
import typing

import numpy as np

import ivy

from .. import _core
from .._array import Array, asarray, wrap
from .._core import KIND, name_of

_max, _min, _range = builtins.max, builtins.min, builtins.range

GatherDimensionNumbers = collections.namedtuple(
    "GatherDimensionNumbers", ["offset_dims", "collapsed_slice_dims", "start_index_map",
                               "operand_batching_dims", "start_indices_batching_dims"],
    defaults=((), ()))
ScatterDimensionNumbers = collections.namedtuple(
    "ScatterDimensionNumbers", ["update_window_dims", "inserted_window_dims",
                                "scatter_dims_to_operand_dims", "operand_batching_dims",
                                "scatter_indices_batching_dims"], defaults=((), ()))
ConvDimensionNumbers = collections.namedtuple("ConvDimensionNumbers",
                                              ["lhs_spec", "rhs_spec", "out_spec"])


class GatherScatterMode:
    CLIP, FILL_OR_DROP, PROMISE_IN_BOUNDS, ONE_HOT = ("clip", "fill", "promise_in_bounds",
                                                     "one_hot")


class Precision:
    DEFAULT, HIGH, HIGHEST = "DEFAULT", "HIGH", "HIGHEST"


def _same(*xs, name):
    """lax operands: arrays must share a dtype; scalars take it."""
    arrs = [x for x in xs if isinstance(x, Array) or hasattr(x, "shape")]
    arrs = [asarray(x) for x in arrs]
    dts = {name_of(a._data) for a in arrs}
    if len(dts) > 1:
        raise TypeError(f"lax.{name} requires arguments to have the same dtypes, got "
                        f"{', '.join(sorted(dts))}.")
    if not arrs:
        xs2 = [asarray(x) for x in xs]
        _, weak = _core.promote(*[(name_of(a._data), a._weak) for a in xs2])
        return [a._data for a in xs2], _core.promote(*[(name_of(a._data), a._weak)
                                                       for a in xs2])[0], weak
    ranks = {len(a.shape) for a in arrs} - {0}
    if len(ranks) > 1:
        raise TypeError(f"{name}: arrays must have the same number of dimensions, got {ranks}")
    dt = dts.pop()
    weak = builtins.all(a._weak for a in arrs) and len(arrs) == len(xs)
    out = []
    for x in xs:
        out.append(asarray(x)._data if isinstance(x, Array) or hasattr(x, "shape") else
                   asarray(x, dtype=dt)._data)
    return out, dt, weak


def _u(fn, name, float_only=False):
    def f(x):
        a = asarray(x)
        if float_only and KIND[name_of(a._data)] not in "fc":
            raise TypeError(f"lax.{name} does not accept dtype {name_of(a._data)}")
        return wrap(fn(a._data), a._weak)
    f.__name__ = name
    return f


def _bin(fn, name, out_bool=False):
    def f(x, y):
        (a, b), dt, weak = _same(x, y, name=name)
        return wrap(fn(a, b), weak and not out_bool)
    f.__name__ = name
    return f


DotDimensionNumbers = tuple  # JAX: a type alias of ((lhs_contract, rhs_contract), (lhs_b, rhs_b))
# JAX: an annotation-only alias (None, ConvDimensionNumbers or three layout strings)
ConvGeneralDilatedDimensionNumbers = typing.Union[None, ConvDimensionNumbers, tuple[str, str, str]]


def _ints(x, name):
    a = asarray(x)
    n = name_of(a._data)
    if KIND[n] not in "iu":
        raise TypeError(f"lax.{name} does not accept dtype {n}")
    return a, n, int(np.dtype(n).itemsize * 8)


def _unsigned64(d, n, bits):
    """The bits of an integer array as non-negative int64 values (two's complement view)."""
    d64 = ivy.astype(d, "int64")
    if KIND[n] == "i":
        d64 = ivy.where(ivy.less(d64, 0), ivy.add(d64, 1 << bits), d64)
    return d64


_builtin_sum = builtins.sum


_builtin_any = builtins.any
