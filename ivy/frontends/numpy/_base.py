"""Helpers every numpy function module shares (argument checks, native conversions).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import builtins

import ivy

from ._core import (
    BY_NAME,
    not_implemented,
    probe_key,
    to_dtype,
)
from ._ndarray import native

_int, _float, _bool, _complex = builtins.int, builtins.float, builtins.bool, builtins.complex
_range, _abs, _min, _max, _sum, _any, _all = (builtins.range, builtins.abs, builtins.min,
                                              builtins.max, builtins.sum, builtins.any,
                                              builtins.all)
_F64, _I64, _BOOL = BY_NAME["float64"], BY_NAME["int64"], BY_NAME["bool"]
_NO = object()  # "argument not given"


def _nat(x, dt=None):
    return native(x, None if dt is None else to_dtype(dt))


def _keys(*xs):
    return tuple(probe_key(x) for x in xs)


def _dt_name(d):
    return None if d is None else to_dtype(d).name


def _no_out(name, out):
    if out is not None:
        not_implemented(f"numpy.{name}(out=...)", "Ivy arrays are returned, not written into "
                        "`out`; assign the result instead")


def _no_where(name, where):
    if where is not True:
        not_implemented(f"numpy.{name}(where=...)")


def _full_like_native(x, v):
    return ivy.full_like(x, v)


def _zeros_native(shape, dt):
    return ivy.zeros(tuple(shape), dtype=dt.ivy)._data
