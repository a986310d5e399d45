"""The Array API standard's utility functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/utility.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def all(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Tests whether all input array elements evaluate to ``True`` along a specified axis."""


@api
def any(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """Tests whether any input array element evaluates to ``True`` along a specified axis."""


@api
def diff(
    x: Array,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: Optional[Array] = None,
    append: Optional[Array] = None,
) -> Array:
    """Calculates the n-th discrete forward difference along a specified axis."""
