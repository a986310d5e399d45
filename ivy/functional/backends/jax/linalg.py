"""The jax backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

``jax.numpy.linalg`` follows the standard; the wrappers give the standard's namedtuples, Ivy's
default integer dtype and the standard's ``trace`` accumulation dtype.
"""

import jax.numpy as jnp

from ivy import dtypes as _d
from ivy.functional.ivy.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _sum_dtype,
)

from .dtypes import as_native_dtype

_la = jnp.linalg


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype (jax would pick float64)."""
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def cholesky(x, /, *, upper=False):
    return _la.cholesky(x, upper=upper)


cross = _la.cross
det = _la.det
diagonal = _la.diagonal


def eig(x, /):
    w, v = _la.eig(x)
    return EigResult(w, v)


eigvals = _la.eigvals


def eigh(x, /):
    w, v = _la.eigh(x)
    return EighResult(w, v)


def eigvalsh(x, /):
    return _la.eigvalsh(x)


inv = _la.inv


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return _la.matrix_norm(_floating(x), keepdims=keepdims, ord=ord)


def matrix_power(x, n, /):
    return _la.matrix_power(x, n)


def matrix_rank(x, /, *, rtol=None):
    dt = as_native_dtype(_d.default_int_dtype())
    if 0 in x.shape[-2:]:  # jax's SVD path rejects empty matrices; their rank is 0
        return jnp.zeros(x.shape[:-2], dtype=dt)
    r = _la.matrix_rank(x, rtol)
    return r if r.dtype == dt else r.astype(dt)


outer = _la.outer


def pinv(x, /, *, rtol=None):
    return _la.pinv(x, rtol)


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
    dt = as_native_dtype(_sum_dtype(x.dtype) if dtype is None else dtype)
    return _la.trace(x, offset=offset, dtype=dt)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    return _la.vector_norm(_floating(x), axis=axis, keepdims=keepdims, ord=ord)
