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


@register
def broadcast_shapes(*shapes: tuple[Optional[int], ...]) -> tuple[Optional[int], ...]:
    """Broadcasts one or more shapes against one another (pure Python: no backend needed).

    ``None`` (an unknown dimension) broadcasts with 1 and with itself to ``None``; raises
    ValueError for incompatible shapes.
    """
    if not shapes:
        return ()
    n = max(len(s) for s in shapes)
    out: list = []
    for i in range(-n, 0):
        size = 1
        for s in shapes:
            if -i > len(s):
                continue
            d = s[i]
            if d == 1 or d == size:
                continue
            if d is None or size is None:  # unknown sizes propagate
                size = None
            elif size == 1:
                size = d
            else:
                raise ValueError(f"broadcast_shapes: shapes {', '.join(map(str, shapes))} are "
                                 "not broadcast-compatible")
        out.append(size)
    return tuple(out)


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


# ---------------------------------------------------------------------------------------------
# Helpers shared by the backends (pure Python on shapes and axes)
# ---------------------------------------------------------------------------------------------

def _normalize_axis(axis: int, ndim: int, fn: str) -> int:
    """``axis`` in ``[-ndim, ndim)`` as a non-negative int; IndexError naming ``fn`` otherwise."""
    if not -ndim <= axis < ndim:
        raise IndexError(f"{fn}: axis {axis} is out of bounds for {ndim} dimensions")
    return axis + ndim if axis < 0 else axis


def _normalize_axes(axis, ndim: int, fn: str) -> tuple:
    """``axis`` (an int or a tuple of ints) as a tuple of distinct non-negative ints."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = tuple(_normalize_axis(a, ndim, fn) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError(f"{fn}: repeated axis in {axis}")
    return out


def _expanded_shape(shape: tuple, axis) -> tuple:
    """The shape ``expand_dims(x, axis)`` gives an array of ``shape``."""
    n_out = len(shape) + (1 if isinstance(axis, int) else len(axis))
    axes = set(_normalize_axes(axis, n_out, "expand_dims"))
    it = iter(shape)
    return tuple(1 if i in axes else next(it) for i in range(n_out))


def _squeezed_shape(shape: tuple, axis) -> tuple:
    """The shape ``squeeze(x, axis)`` gives; ValueError when an axis is not of size one."""
    axes = _normalize_axes(axis, len(shape), "squeeze")
    for a in axes:
        if shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {shape[a]}, not 1")
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def _result_dtype(dtypes) -> object:
    """The Ivy result dtype of several dtypes (any framework's) under the standard's promotion."""
    from ivy import dtypes as _d

    out = _d.as_ivy_dtype(dtypes[0])
    for d in dtypes[1:]:
        out = _d.promote_types(out, d)
    return out
