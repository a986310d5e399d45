"""The numpy backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

NumPy 2 implements the standard's linalg extension in ``numpy.linalg``; we only fix result types
(the standard's namedtuples, complex results for ``eig``) and dtype rules NumPy does differently.
Ivy also supports NumPy 1.23 (no ``matrix_norm``, ``vector_norm``, ``svdvals``, ``rtol=``...):
those functions fall back to implementations on NumPy 1.x's API, chosen once at import.
"""

import numpy as np

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError
from ivy.functional.ivy.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _sum_dtype,
)

from .dtypes import as_native_dtype

_la = np.linalg
_NUMPY2 = hasattr(_la, "vector_norm")  # the Array API functions arrived together in NumPy 2.0
_COMPLEX_OF = {np.dtype("float32"): np.complex64, np.dtype("float64"): np.complex128,
               np.dtype("complex64"): np.complex64, np.dtype("complex128"): np.complex128}


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype (NumPy would pick float64)."""
    x = np.asarray(x)
    if x.dtype.kind in "biu":
        return x.astype(_d.default_float_dtype())
    return x


def _real_dtype(dtype):
    return np.finfo(dtype).dtype  # complex64 -> float32, float32 -> float32


def cholesky(x, /, *, upper=False):
    lower = _la.cholesky(x)
    return np.conj(np.swapaxes(lower, -1, -2)) if upper else lower


def _cross_np1(x1, x2, /, *, axis=-1):
    if np.shape(x1)[axis] != 3 or np.shape(x2)[axis] != 3:
        raise InvalidArgumentError(
            f"cross needs vectors of size 3 along axis {axis}; got shapes {np.shape(x1)} and "
            f"{np.shape(x2)}")
    return np.cross(x1, x2, axis=axis)


def _diagonal_np1(x, /, *, offset=0):
    return np.diagonal(x, offset, -2, -1)


def _outer_np1(x1, x2, /):
    if np.ndim(x1) != 1 or np.ndim(x2) != 1:
        raise InvalidArgumentError("outer needs two 1-d arrays")
    return np.outer(x1, x2)


def _svdvals_np1(x, /):
    return _la.svd(x, compute_uv=False)


if _NUMPY2:
    def cross(x1, x2, /, *, axis=-1):
        return _la.cross(x1, x2, axis=axis)

    diagonal, outer, svdvals = _la.diagonal, _la.outer, _la.svdvals
else:
    cross, diagonal, outer, svdvals = _cross_np1, _diagonal_np1, _outer_np1, _svdvals_np1


det = _la.det


def eig(x, /):
    w, v = _la.eig(x)
    c = _COMPLEX_OF.get(w.dtype, np.complex128)
    return EigResult(w.astype(c, copy=False), v.astype(c, copy=False))


def eigvals(x, /):
    w = _la.eigvals(x)
    return w.astype(_COMPLEX_OF.get(w.dtype, np.complex128), copy=False)


def eigh(x, /):
    w, v = _la.eigh(x)
    return EighResult(w, v)


eigvalsh = _la.eigvalsh
inv = _la.inv


def _matrix_norm_np1(x, keepdims, ord):
    """NumPy 2's matrix_norm on NumPy 1.x (whose norm refuses maxima over empty matrices).

    As NumPy 2: a maximum over nothing is 0, a minimum over nothing raises ValueError."""
    a = np.abs(x)
    if ord == "fro":
        r = np.sqrt(np.sum(a * a, axis=(-2, -1)))
    elif ord in (1, -1, np.inf, -np.inf):
        s = np.sum(a, axis=-2 if ord in (1, -1) else -1)
        r = np.max(s, axis=-1, initial=0) if ord > 0 else np.min(s, axis=-1)
    elif ord in (2, -2, "nuc"):
        sv = _la.svd(x, compute_uv=False) if 0 not in x.shape[-2:] else \
            np.zeros(x.shape[:-2] + (0,), a.dtype)
        r = np.sum(sv, axis=-1) if ord == "nuc" else \
            np.max(sv, axis=-1, initial=0) if ord == 2 else np.min(sv, axis=-1)
    else:
        raise ValueError(f"Invalid norm order {ord!r} for matrices")
    r = np.asarray(r).astype(_real_dtype(x.dtype), copy=False)
    return r.reshape(x.shape[:-2] + (1, 1)) if keepdims else r


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _floating(x)
    if _NUMPY2:
        return _la.matrix_norm(x, keepdims=keepdims, ord=ord)
    return _matrix_norm_np1(x, keepdims, ord)


matrix_power = _la.matrix_power


def _rtol_cutoff(x, s, rtol):
    """``rtol * largest singular value`` per matrix, shaped to compare with ``s``."""
    if rtol is None:
        rtol = max(x.shape[-2:]) * np.finfo(s.dtype).eps
    smax = s.max(axis=-1, keepdims=True) if s.shape[-1] else np.zeros(s.shape[:-1] + (1,),
                                                                      s.dtype)
    return np.asarray(rtol)[..., None] * smax


def _rank_np1(x, rtol):
    s = _la.svd(x, compute_uv=False)
    return np.count_nonzero(s > _rtol_cutoff(x, s, rtol), axis=-1)


def matrix_rank(x, /, *, rtol=None):
    x = np.asarray(x)
    if 0 in x.shape[-2:]:
        r = np.zeros(x.shape[:-2])
    elif _NUMPY2:
        r = _la.matrix_rank(x, rtol=rtol)
    else:
        r = _rank_np1(x, rtol)
    return np.asarray(r, dtype=_d.default_int_dtype())


def _pinv_np1(x, rtol):
    x = np.asarray(x)
    if rtol is None:
        rtol = max(x.shape[-2:]) * np.finfo(x.dtype if x.dtype.kind in "fc" else float).eps
    return _la.pinv(x, rcond=np.asarray(rtol))


def pinv(x, /, *, rtol=None):
    return _la.pinv(x, rtol=rtol) if _NUMPY2 else _pinv_np1(x, rtol)


def qr(x, /, *, mode="reduced"):
    q, r = _la.qr(x, mode=mode)
    return QRResult(q, r)


def slogdet(x, /):
    s, la = _la.slogdet(x)
    return SlogdetResult(s, la)


def solve(x1, x2, /):
    if np.ndim(x2) == 1 and np.ndim(x1) > 2:
        # a vector right-hand side for a stack of matrices (NumPy 1.x reads it as a matrix)
        return _la.solve(x1, np.reshape(x2, (1,) * (np.ndim(x1) - 2) + (-1, 1)))[..., 0]
    if 2 <= np.ndim(x2) < np.ndim(x1):
        # (..., M, K) right-hand side: give it x1's rank, so no NumPy version can read it as a
        # stack of vectors (NumPy 1.x does when x2.ndim == x1.ndim - 1).
        x2 = np.reshape(x2, (1,) * (np.ndim(x1) - np.ndim(x2)) + np.shape(x2))
    return _la.solve(x1, x2)


def svd(x, /, *, full_matrices=True):
    u, s, vh = _la.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, vh)


def trace(x, /, *, offset=0, dtype=None):
    dtype = _sum_dtype(x.dtype) if dtype is None else as_native_dtype(dtype)
    return np.asarray(np.trace(x, offset, -2, -1, dtype=dtype))


def _vector_norm_np1(x, axis, keepdims, ord):
    a = np.abs(x)
    if axis == ():  # no axes: the norm of each element on its own
        return (a != 0).astype(a.dtype) if ord == 0 else a
    if ord == 2:
        return np.sqrt(np.sum(a * a, axis=axis, keepdims=keepdims))
    if ord == 1:
        return np.sum(a, axis=axis, keepdims=keepdims)
    if ord == np.inf:
        return np.max(a, axis=axis, keepdims=keepdims)
    if ord == -np.inf:
        return np.min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return np.sum(a != 0, axis=axis, keepdims=keepdims).astype(a.dtype)
    p = a.dtype.type(ord)
    return np.sum(a**p, axis=axis, keepdims=keepdims) ** (1 / p)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _floating(x)
    if _NUMPY2:
        return _la.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
    return np.asarray(_vector_norm_np1(x, axis, keepdims, ord))
