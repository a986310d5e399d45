"""jax.numpy.linalg on Ivy."""

from __future__ import annotations

import builtins
import collections

import numpy as np

import ivy

from .._array import asarray, wrap
from .._core import KIND, name_of, not_implemented
from . import _functions as _F

_max = builtins.max


def _f(x):
    x = asarray(x)
    return x.astype("float32") if KIND[name_of(x._data)] in "biu" else x


def _sq(x, name):
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"{name}: the last two dimensions must be square")


def inv(a):
    x = _f(a)
    _sq(x, "inv")
    return wrap(ivy.linalg.inv(x._data))


def det(a):
    x = _f(a)
    _sq(x, "det")
    return wrap(ivy.linalg.det(x._data))


def slogdet(a, *, method=None):
    x = _f(a)
    _sq(x, "slogdet")
    s, ld = ivy.linalg.slogdet(x._data)
    return collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])(wrap(s), wrap(ld))


def solve(a, b):
    x, y = _f(a), _f(b)
    _sq(x, "solve")
    return wrap(ivy.linalg.solve(x._data, y._data))


def cholesky(a, *, upper=False, symmetrize_input=True):
    x = _f(a)
    if symmetrize_input:
        x = (x + _F.conjugate(_F.matrix_transpose(x))) / 2
    r = wrap(ivy.linalg.cholesky(x._data, upper=upper))
    return r


def eigh(a, UPLO=None, symmetrize_input=True):  # noqa: N803
    x = _f(a)
    if symmetrize_input:
        x = (x + _F.conjugate(_F.matrix_transpose(x))) / 2
    w, v = ivy.linalg.eigh(x._data)
    return collections.namedtuple("EighResult", ["eigenvalues", "eigenvectors"])(wrap(w),
                                                                                  wrap(v))


def eigvalsh(a, UPLO="L", *, symmetrize_input=True):  # noqa: N803
    return eigh(a, UPLO, symmetrize_input)[0]


def svd(a, full_matrices=True, compute_uv=True, hermitian=False, subset_by_index=None):
    x = _f(a)
    if not compute_uv:
        return wrap(ivy.linalg.svdvals(x._data))
    u, s, vh = ivy.linalg.svd(x._data, full_matrices=full_matrices)
    return collections.namedtuple("SVDResult", ["U", "S", "Vh"])(wrap(u), wrap(s), wrap(vh))


def svdvals(x, /):
    return wrap(ivy.linalg.svdvals(_f(x)._data))


def qr(a, mode="reduced"):
    x = _f(a)
    if mode == "r":
        return wrap(ivy.linalg.qr(x._data, mode="reduced")[1])
    if mode not in ("reduced", "complete"):
        not_implemented(f"jax.numpy.linalg.qr(mode={mode!r})")
    q, r = ivy.linalg.qr(x._data, mode=mode)
    return collections.namedtuple("QRResult", ["Q", "R"])(wrap(q), wrap(r))


def pinv(a, rtol=None, hermitian=False, *, rcond=None):
    x = _f(a)
    return wrap(ivy.linalg.pinv(x._data, rtol=rtol if rtol is not None else rcond))


def matrix_rank(M, rtol=None, *, tol=None):  # noqa: N803
    return wrap(ivy.astype(ivy.linalg.matrix_rank(_f(M)._data, rtol=rtol), "int32"))


def matrix_power(a, n):
    return wrap(ivy.linalg.matrix_power(asarray(a)._data, n))


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002
    x = _f(x)
    if axis is None:
        if ord is None:
            return _F.sqrt(_F.sum(_F.real(x * _F.conjugate(x)), keepdims=keepdims)) if \
                not keepdims else _F.reshape(norm(x), (1,) * x.ndim)
        if x.ndim == 1:
            axis = 0
        elif x.ndim == 2:
            axis = (0, 1)
        else:
            raise ValueError("Improper number of axes for norm")
    if isinstance(axis, int) or (isinstance(axis, (tuple, list)) and len(axis) == 1):
        ax = axis if isinstance(axis, int) else axis[0]
        o = 2 if ord is None else ord
        return wrap(ivy.linalg.vector_norm(x._data, axis=ax, keepdims=keepdims, ord=o))
    o = "fro" if ord is None else ord
    return wrap(ivy.linalg.matrix_norm(_F.moveaxis(x, tuple(axis), (-2, -1))._data, ord=o,
                                       keepdims=False)) if not keepdims else \
        _F.expand_dims(norm(x, ord, axis), tuple(sorted(a % x.ndim for a in axis)))


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):  # noqa: A002
    x = _f(x)
    return wrap(ivy.linalg.vector_norm(x._data, axis=axis, keepdims=keepdims, ord=ord))


def matrix_norm(x, /, *, keepdims=False, ord="fro"):  # noqa: A002
    return wrap(ivy.linalg.matrix_norm(_f(x)._data, keepdims=keepdims, ord=ord))


def eig(a):
    w, v = ivy.linalg.eig(_f(a)._data)
    return wrap(w), wrap(v)


def eigvals(a):
    return wrap(ivy.linalg.eigvals(_f(a)._data))


def cond(x, p=None):
    s = svd(x, compute_uv=False)
    if p is None or p == 2:
        return s[..., 0] / s[..., -1]
    if p == -2:
        return s[..., -1] / s[..., 0]
    return norm(x, p, axis=(-2, -1)) * norm(inv(x), p, axis=(-2, -1))


def lstsq(a, b, rcond=None, *, numpy_resid=False):
    """JAX's SVD recipe: singular values below ``rcond * s[0]`` are dropped; residuals are
    always returned (unless ``numpy_resid`` and the system is rank-deficient or not tall)."""
    x, y = _f(a), _f(b)
    if x.ndim != 2:
        raise TypeError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    b1 = y.ndim == 1
    if b1:
        y = y[:, None]
    m, n = x.shape
    eps = float(np.finfo(np.dtype(x.dtype.name if x.dtype.kind == "f" else "float32")).eps)
    rc = eps * _max(m, n) if rcond is None else (eps if rcond < 0 else rcond)
    u, sv, vt = svd(x, full_matrices=False)
    mask = sv >= rc * sv[0] if sv.shape[0] else sv > 0
    rank = _F.sum(mask).astype("int32")
    s_inv = _F.where(mask, 1 / _F.where(mask, sv, _F.ones_like(sv)), 0)[:, None]
    sol = _F.matmul(_F.conj(vt).T, s_inv * _F.matmul(_F.conj(u).T, y))
    if numpy_resid and (int(rank) < n or m <= n):
        resid = _F.asarray(np.zeros(0, np.float32))
    else:
        resid = norm(y - _F.matmul(x, sol), axis=0) ** 2
    if b1:
        sol = _F.ravel(sol)
    return sol, resid, rank, sv


def multi_dot(arrays, *, precision=None):
    r = arrays[0]
    for a in arrays[1:]:
        r = _F.matmul(r, a)
    return r


def tensorinv(a, ind=2):
    x = asarray(a)
    out_shape = x.shape[ind:] + x.shape[:ind]
    n = 1
    for s in x.shape[ind:]:
        n *= s
    return _F.reshape(inv(_F.reshape(x, (-1, n))), out_shape)


def tensorsolve(a, b, axes=None):
    x, y = asarray(a), asarray(b)
    n = y.size
    sol = solve(_F.reshape(x, (n, -1)), _F.ravel(y))
    return _F.reshape(sol, x.shape[y.ndim:])


matmul, tensordot, outer, cross, vecdot, matrix_transpose = (
    _F.matmul, _F.tensordot, _F.outer, _F.cross, _F.vecdot, _F.matrix_transpose)


def trace(x, /, *, offset=0, dtype=None):
    return _F.trace(x, offset, -2, -1, dtype)


def diagonal(x, /, *, offset=0):
    return _F.diagonal(x, offset, -2, -1)
