"""The Array API standard's manipulation functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/manipulation.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Broadcasts one or more arrays against one another."""


@api
def broadcast_shapes(*shapes: tuple[Optional[int], ...]) -> tuple[Optional[int], ...]:
    """Broadcasts one or more shapes against one another."""


@api
def broadcast_to(x: Array, /, shape: tuple[int, ...]) -> Array:
    """Broadcasts an array to a specified shape."""


@api
def concat(
    arrays: Union[tuple[Array, ...], list[Array]], /, *, axis: Optional[int] = 0
) -> Array:
    """Joins a sequence of arrays along an existing axis."""


@api
def expand_dims(x: Array, /, axis: Union[int, tuple[int, ...]]) -> Array:
    """Expands the shape of an array by inserting a new axis of size one at the position (or
    positions) specified by ``axis``.
    """


@api
def flip(x: Array, /, *, axis: Optional[Union[int, tuple[int, ...]]] = None) -> Array:
    """Reverses the order of elements in an array along the given axis."""


@api
def moveaxis(
    x: Array,
    source: Union[int, tuple[int, ...]],
    destination: Union[int, tuple[int, ...]],
    /,
) -> Array:
    """Moves array axes to new positions, while leaving other axes in their original positions."""


@api
def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """Permutes the axes of an array ``x``."""


@api
def repeat(
    x: Array,
    repeats: Union[int, Array],
    /,
    *,
    axis: Optional[int] = None,
) -> Array:
    """Repeats each element of an array a specified number of times on a per-element basis."""


@api
def reshape(
    x: Array, /, shape: tuple[int, ...], *, copy: Optional[bool] = None
) -> Array:
    """Reshapes an array without changing its data."""


@api
def roll(
    x: Array,
    /,
    shift: Union[int, tuple[int, ...]],
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
) -> Array:
    """Rolls array elements along a specified axis."""


@api
def squeeze(x: Array, /, axis: Union[int, tuple[int, ...]]) -> Array:
    """Removes singleton axes from ``x``."""


@api
def stack(arrays: Union[tuple[Array, ...], list[Array]], /, *, axis: int = 0) -> Array:
    """Joins a sequence of arrays along a new axis."""


@api
def tile(x: Array, repetitions: tuple[int, ...], /) -> Array:
    """Constructs an array by tiling an input array."""


@api
def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Splits an array into a sequence of arrays along the given axis."""
