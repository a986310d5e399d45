"""The Array API standard's linalg: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/linalg.py`` with the same signature.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Optional, Union

from ivy._typing import Array, Dtype
from ivy.func_wrapper import alias, api
from ivy.functional.ivy.linear_algebra import matmul, matrix_transpose, tensordot, vecdot

# published as ivy.linalg.<fn>; backends implement B.linalg.<fn> (see ivy.registry)
NAMESPACE = "linalg"

__all__ = [
    "EigResult", "EighResult", "QRResult", "SVDResult", "SlogdetResult",
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
    "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
]


# The standard's named results. Every backend returns these exact types, so a result's fields
# are the same whichever backend computed it (and the RPC codec sees one set of types).
class EighResult(NamedTuple):
    """Result of :func:`eigh`: real eigenvalues ``(..., M)`` and eigenvectors ``(..., M, M)``."""

    eigenvalues: Any
    eigenvectors: Any


class EigResult(NamedTuple):
    """Result of :func:`eig`: complex eigenvalues ``(..., M)`` and eigenvectors ``(..., M, M)``."""

    eigenvalues: Any
    eigenvectors: Any


class QRResult(NamedTuple):
    """Result of :func:`qr`."""

    Q: Any
    R: Any


class SlogdetResult(NamedTuple):
    """Result of :func:`slogdet`: ``det(x) == sign * exp(logabsdet)``."""

    sign: Any
    logabsdet: Any


class SVDResult(NamedTuple):
    """Result of :func:`svd`: ``x == U @ diag(S) @ Vh``, ``S`` in descending order."""

    U: Any
    S: Any
    Vh: Any


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
def eig(x: Array, /) -> EigResult:
    """Returns the eigenvalues and eigenvectors of a real or complex square matrix (or a stack of
    matrices) ``x`` as ``EigResult(eigenvalues, eigenvectors)``, both complex with the precision of
    ``x`` (new in 2025.12).
    """


@api
def eigvals(x: Array, /) -> Array:
    """Returns the (complex) eigenvalues of a real or complex square matrix (or a stack of
    matrices) ``x`` (new in 2025.12).
    """


@api
def eigh(x: Array, /) -> EighResult:
    """Returns an eigenvalue decomposition of a complex Hermitian or real symmetric matrix (or a stack
    of matrices) ``x`` as ``EighResult(eigenvalues, eigenvectors)``.
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
    ord: Optional[Union[int, float, Literal["fro", "nuc"]]] = "fro",  # also +-math.inf
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
) -> QRResult:
    """Returns the QR decomposition ``QRResult(Q, R)`` of a full column rank matrix (or a stack of
    matrices).
    """


@api
def slogdet(x: Array, /) -> SlogdetResult:
    """Returns (as ``SlogdetResult(sign, logabsdet)``) the sign and the natural logarithm of the absolute value of the determinant of a square
    matrix (or a stack of square matrices) ``x``.
    """


@api
def solve(x1: Array, x2: Array, /) -> Array:
    """Returns the solution of a square system of linear equations with a unique solution.

    ``x2`` of shape ``(M,)`` is one right-hand side vector; otherwise ``x2`` is ``(..., M, K)`` and
    its stack dimensions broadcast against those of ``x1`` (2024.12 semantics).
    """


@api
def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """Returns a singular value decomposition ``SVDResult(U, S, Vh)`` of a matrix (or a stack of
    matrices) ``x``.
    """


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
    ord: Union[int, float] = 2,  # any real p, including 0 and +-math.inf
) -> Array:
    """Computes the vector norm of a vector (or batch of vectors) ``x``."""

alias("linalg.matmul", matmul)
alias("linalg.matrix_transpose", matrix_transpose)
alias("linalg.tensordot", tensordot)
alias("linalg.vecdot", vecdot)


# ---------------------------------------------------------------------------------------------
# Helpers shared by the backends (private: not part of the API)
# ---------------------------------------------------------------------------------------------

def _sum_dtype(dtype):
    """The standard's result dtype of ``trace`` (and ``sum``) when no ``dtype`` is given.

    Integers narrower than the default integer dtype accumulate in the default integer dtype
    (signed) or the unsigned dtype of the same width (unsigned); everything else keeps its dtype.
    """
    from ivy import dtypes as d

    t = d.as_ivy_dtype(dtype)
    if t in d.INTEGER or t == d.bool:
        default = d.default_int_dtype()
        if t == d.bool:
            return default
        if d.BITS[t] < d.BITS[default]:
            return default if t in d.SIGNED else d.default_uint_dtype()
    return t


def _real_of(dtype):
    """The real dtype with the precision of ``dtype`` (complex64 -> float32)."""
    from ivy import dtypes as d

    t = d.as_ivy_dtype(dtype)
    return {d.complex64: d.float32, d.complex128: d.float64}.get(t, t)


def _complex_of(dtype):
    """The complex dtype with the precision of ``dtype`` (float32 -> complex64)."""
    from ivy import dtypes as d

    t = d.as_ivy_dtype(dtype)
    if t in d.COMPLEX:
        return t
    return d.complex128 if t == d.float64 else d.complex64
