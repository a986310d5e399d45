"""The Array API standard's linear algebra functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/linear_algebra.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api
def matmul(x1: Array, x2: Array, /) -> Array:
    """Computes the matrix product."""


@api
def matrix_transpose(x: Array, /) -> Array:
    """Transposes a matrix (or a stack of matrices) ``x``."""


@api
def tensordot(
    x1: Array,
    x2: Array,
    /,
    *,
    axes: Union[int, tuple[Sequence[int], Sequence[int]]] = 2,
) -> Array:
    """Returns a tensor contraction of ``x1`` and ``x2`` over specific axes."""


@api
def einsum(subscripts: str, /, *operands: Array) -> Array:
    """Evaluates the Einstein summation convention on the operands (NumPy's ``einsum``:
    ``"ij,jk->ik"``, implicit output, ``...`` broadcasting). The operands are promoted to their
    common dtype first (Array API promotion); integer products wrap around in that dtype as
    NumPy's do. Numeric dtypes only: boolean operands raise ``TypeError``."""


@api
def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Computes the (vector) dot product of two arrays."""
