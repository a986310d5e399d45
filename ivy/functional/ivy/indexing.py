"""The Array API standard's indexing functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/indexing.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def take(x: Array, indices: Array, /, *, axis: Optional[int] = None) -> Array:
    """Returns elements of an array along an axis."""


@api
def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Returns elements from an array at the one-dimensional indices specified by ``indices`` along a
    provided ``axis``.
    """
