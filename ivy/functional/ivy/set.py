"""The Array API standard's set functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/set.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


class UniqueAllResult(NamedTuple):
    """``unique_all``'s result."""

    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """``unique_counts``'s result."""

    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """``unique_inverse``'s result."""

    values: Array
    inverse_indices: Array


@api
def isin(
    x1: Union[Array, int],
    x2: Union[Array, int],
    /,
    *,
    invert: bool = False,
) -> Array:
    """Tests for each element in ``x1`` whether the element is in ``x2``."""


@api
def unique_all(x: Array, /) -> tuple[Array, Array, Array, Array]:
    """Returns the unique elements of an input array ``x``, the first occurring indices for each
    unique element in ``x``, the indices from the set of unique elements that reconstruct ``x``,
    and the corresponding counts for each unique element in ``x``.
    """


@api
def unique_counts(x: Array, /) -> tuple[Array, Array]:
    """Returns the unique elements of an input array ``x`` and the corresponding counts for each
    unique element in ``x``.
    """


@api
def unique_inverse(x: Array, /) -> tuple[Array, Array]:
    """Returns the unique elements of an input array ``x`` and the indices from the set of unique
    elements that reconstruct ``x``.
    """


@api
def unique_values(x: Array, /) -> Array:
    """Returns the unique elements of an input array ``x``."""
