"""The numpy backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

NumPy 2 implements the standard's linalg extension in ``numpy.linalg``; we only fix result types
(the standard's namedtuples, complex results for ``eig``) and dtype rules NumPy does differently.
"""

import numpy as np

from ivy import dtypes as _d
from ivy.functional.ivy.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _sum_dtype,
)

_la = np.linalg
_COMPLEX_OF = {np.dtype("float32"): np.complex64, np.dtype("float64"): np.complex128,
               np.dtype("complex64"): np.complex64, np.dtype("complex128"): np.complex128}


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype (NumPy would pick float64)."""
    if x.dtype.kind in "biu":
        return x.astype(_d.default_float_dtype())
    return x


def cholesky(x, /, *, upper=False):
    return _la.cholesky(x, upper=upper)


def cross(x1, x2, /, *, axis=-1):
    return _la.cross(x1, x2, axis=axis)


det = _la.det
diagonal = _la.diagonal


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


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return _la.matrix_norm(_floating(x), keepdims=keepdims, ord=ord)


matrix_power = _la.matrix_power


def matrix_rank(x, /, *, rtol=None):
    r = _la.matrix_rank(x, rtol=rtol)
    dt = np.dtype(_d.default_int_dtype())
    return r.astype(dt) if np.ndim(r) else np.asarray(r, dtype=dt)


outer = _la.outer


def pinv(x, /, *, rtol=None):
    return _la.pinv(x, rtol=rtol)


def qr(x, /, *, mode="reduced"):
    q, r = _la.qr(x, mode=mode)
    return QRResult(q, r)


def slogdet(x, /):
    s, la = _la.slogdet(x)
    return SlogdetResult(s, la)


def solve(x1, x2, /):
    return _la.solve(x1, x2)


def svd(x, /, *, full_matrices=True):
    u, s, vh = _la.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, vh)


svdvals = _la.svdvals


def trace(x, /, *, offset=0, dtype=None):
    if dtype is None:
        dtype = _sum_dtype(x.dtype)
    return np.asarray(_la.trace(x, offset=offset, dtype=dtype))


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    return _la.vector_norm(_floating(x), axis=axis, keepdims=keepdims, ord=ord)
