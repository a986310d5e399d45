"""The Array API standard's searching functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/searching.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def argmax(x: Array, /, *, axis: Optional[int] = None, keepdims: bool = False) -> Array:
    """Returns the indices of the maximum values along a specified axis."""


@api
def argmin(x: Array, /, *, axis: Optional[int] = None, keepdims: bool = False) -> Array:
    """Returns the indices of the minimum values along a specified axis."""


@api
def count_nonzero(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Counts the number of array elements which are non-zero."""


@api
def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Returns the indices of the array elements which are non-zero."""


@api
def searchsorted(
    x1: Array,
    x2: Union[Array, int, float],
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: Optional[Array] = None,
) -> Array:
    """Finds the indices into ``x1`` such that, if the corresponding elements in ``x2`` were inserted
    before the indices, the order of ``x1``, when sorted in ascending order, would be preserved.
    """


@api
def where(
    condition: Array,
    x1: Union[Array, int, float, complex, bool],
    x2: Union[Array, int, float, complex, bool],
    /,
) -> Array:
    """Returns elements chosen from ``x1`` or ``x2`` depending on ``condition``."""
