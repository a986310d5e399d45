"""The Array API standard's linalg: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/linalg.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register
from ivy.functional.ivy.linear_algebra import matmul, matrix_transpose, tensordot, vecdot


@api
def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """Returns the lower (upper) Cholesky decomposition of a complex Hermitian or real symmetric
    positive-definite matrix ``x``.
    """


@api
def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Returns the cross product of 3-element vectors."""


@api
def det(x: Array, /) -> Array:
    """Returns the determinant of a square matrix (or a stack of square matrices) ``x``."""


@api
def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """Returns the specified diagonals of a matrix (or a stack of matrices) ``x``."""


@api
def eigh(x: Array, /) -> tuple[Array, Array]:
    """Returns an eigenvalue decomposition of a complex Hermitian or real symmetric matrix (or a stack
    of matrices) ``x``.
    """


@api
def eigvalsh(x: Array, /) -> Array:
    """Returns the eigenvalues of a complex Hermitian or real symmetric matrix (or a stack of
    matrices) ``x``.
    """


@api
def inv(x: Array, /) -> Array:
    """Returns the multiplicative inverse of a square matrix (or a stack of square matrices) ``x``.
    """


@api
def matrix_norm(
    x: Array,
    /,
    *,
    keepdims: bool = False,
    ord: Optional[Union[int, float, Literal["fro", "nuc"]]] = "fro",
) -> Array:
    """Computes the matrix norm of a matrix (or a stack of matrices) ``x``."""


@api
def matrix_power(x: Array, n: int, /) -> Array:
    """Raises a square matrix (or a stack of square matrices) ``x`` to an integer power ``n``."""


@api
def matrix_rank(x: Array, /, *, rtol: Optional[Union[float, Array]] = None) -> Array:
    """Returns the rank (i.e., number of non-zero singular values) of a matrix (or a stack of
    matrices).
    """


@api
def outer(x1: Array, x2: Array, /) -> Array:
    """Returns the outer product of two vectors ``x1`` and ``x2``."""


@api
def pinv(x: Array, /, *, rtol: Optional[Union[float, Array]] = None) -> Array:
    """Returns the (Moore-Penrose) pseudo-inverse of a matrix (or a stack of matrices) ``x``."""


@api
def qr(
    x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced"
) -> tuple[Array, Array]:
    """Returns the QR decomposition of a full column rank matrix (or a stack of matrices)."""


@api
def slogdet(x: Array, /) -> tuple[Array, Array]:
    """Returns the sign and the natural logarithm of the absolute value of the determinant of a square
    matrix (or a stack of square matrices) ``x``.
    """


@api
def solve(x1: Array, x2: Array, /) -> Array:
    """Returns the solution of a square system of linear equations with a unique solution."""


@api
def svd(x: Array, /, *, full_matrices: bool = True) -> tuple[Array, Array, Array]:
    """Returns a singular value decomposition (SVD) of a matrix (or a stack of matrices) ``x``."""


@api
def svdvals(x: Array, /) -> Array:
    """Returns the singular values of a matrix (or a stack of matrices) ``x``."""


@api
def trace(x: Array, /, *, offset: int = 0, dtype: Optional[Dtype] = None) -> Array:
    """Returns the sum along the specified diagonals of a matrix (or a stack of matrices) ``x``."""


@api
def vector_norm(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, tuple[int, ...]]] = None,
    keepdims: bool = False,
    ord: Union[int, float, Literal["inf", "-inf"]] = 2,
) -> Array:
    """Computes the vector norm of a vector (or batch of vectors) ``x``."""

alias("linalg.matmul", matmul)
alias("linalg.matrix_transpose", matrix_transpose)
alias("linalg.tensordot", tensordot)
alias("linalg.vecdot", vecdot)
