"""The Array API standard's statistical functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/statistical.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy import dtypes as _d
from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


def normalize_axes(axis, ndim: int) -> tuple:
    """``axis`` (None, an int or a tuple) as a tuple of non-negative axes; IndexError out
    of range, ValueError for repeats. For backends that validate axes themselves."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        axis = (axis,)
    out = []
    for a in axis:
        if not -ndim <= a < ndim:
            raise IndexError(f"axis {a} is out of bounds for an array of {ndim} dimensions")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis in {axis}")
    return tuple(out)


def cumulative_axis(ndim: int, axis):
    """The axis of ``cumulative_sum``/``cumulative_prod``: may be omitted only for 1-d arrays."""
    if axis is None:
        if ndim != 1:
            raise ValueError(f"axis is required for arrays of {ndim} dimensions (only 1-d "
                             "arrays may omit it)")
        return 0
    return axis


def accumulation_dtype(x_dtype) -> _d.Dtype:
    """The result dtype of ``sum``/``prod``/``cumulative_*`` with ``dtype=None`` (the standard's
    rule): integers narrower than Ivy's default int (uint: default uint) widen to it, bool counts
    as the default int, everything else keeps its dtype. Backends call this with ``x.dtype``.
    """
    d = _d.as_ivy_dtype(x_dtype)
    if d in _d.SIGNED or d == _d.bool:
        return d if d != _d.bool and _d.BITS[d] >= _d.BITS[_d.default_int_dtype()] \
            else _d.default_int_dtype()
    if d in _d.UNSIGNED:
        u = _d.default_uint_dtype()
        return d if _d.BITS[d] >= _d.BITS[u] else u
    return d


@api
def cumulative_sum(
    x: Array,
    /,
    *,
    axis: Optional[int] = None,
    dtype: Optional[Dtype] = None,
    include_initial: bool = False,
) -> Array:
    """Calculates the cumulative sum of elements in the input array ``x``."""


@api
def cumulative_prod(
    x: Array,
    /,
    *,
    axis: Optional[int] = None,
    dtype: Optional[Dtype] = None,
    include_initial: bool = False,
) -> Array:
    """Calculates the cumulative product of elements in the input array ``x``."""


@api
def max(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Calculates the maximum value of the input array ``x``."""


@api
def mean(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Calculates the arithmetic mean of the input array ``x``."""


@api
def min(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Calculates the minimum value of the input array ``x``."""


@api
def prod(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    dtype: Optional[Dtype] = None,
    keepdims: bool = False,
) -> Array:
    """Calculates the product of input array ``x`` elements."""


@api
def std(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    correction: Union[int, float] = 0.0,
    keepdims: bool = False,
) -> Array:
    """Calculates the standard deviation of the input array ``x``."""


@api
def sum(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    dtype: Optional[Dtype] = None,
    keepdims: bool = False,
) -> Array:
    """Calculates the sum of the input array ``x``."""


@api
def var(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    correction: Union[int, float] = 0.0,
    keepdims: bool = False,
) -> Array:
    """Calculates the variance of the input array ``x``."""
