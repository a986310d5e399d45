"""Names used in the API's type annotations (annotations are strings; nothing here is enforced)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, Union

T = TypeVar("T")

Array = Any  # ivy.Array or a native array of the current backend
Dtype = Any  # ivy.Dtype, a dtype name, or a native dtype
Device = Any  # "cpu", "gpu:N", or a native device
IndexKey = Any  # x[key]: int, slice, None, Ellipsis, an Array, or a tuple/list of these
PyCapsule = Any
NestedSequence = Sequence[Union[T, "NestedSequence[T]"]]


class SupportsBufferProtocol(Protocol):
    def __buffer__(self, flags: int, /) -> memoryview: ...
