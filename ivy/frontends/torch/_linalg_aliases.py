"""``torch.*`` functions that are ``torch.linalg`` ones under torch's older names (``det``,
``inverse``, ``svd``, ``qr``, ``norm``, ``cholesky_solve``, ...).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import math
from collections import namedtuple

import ivy

from . import linalg
from ._base import _int, _out, _range, return_types
from ._core import (
    as_tuple,
    dtype_of,
    norm_dim,
)
from ._creation import full_like
from ._linear_algebra import matmul
from ._manipulation import adjoint
from ._pointwise import sub
from ._selection import where
from ._tensor import wrap


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    x = input
    if dtype is not None:
        x = x.to(dtype)
    if x.dtype.cat < 2:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {x.dtype}")
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, _int) or len(as_tuple(dim)) <= 2):
            return _out(linalg.vector_norm(x, 2, dim, keepdim), out)
        if p == "nuc":
            return _out(linalg.matrix_norm(x, "nuc", dim if dim is not None else (-2, -1),
                                           keepdim), out)
        raise RuntimeError(f"norm: unsupported p {p!r}")
    if dim is not None and len(as_tuple(dim)) == 2 and p not in (2, 2.0):
        return _out(linalg.vector_norm(x, p, dim, keepdim), out)
    return _out(linalg.vector_norm(x, p, dim, keepdim), out)


def dist(input, other, p=2):
    return norm(sub(input, other), p)


def cdist(x1, x2, p=2.0, compute_mode=None):
    d = sub(x1.unsqueeze(-2), x2.unsqueeze(-3))
    return linalg.vector_norm(d, p, dim=-1)


def det(input):
    return linalg.det(input)


def logdet(input):
    s, la = linalg.slogdet(input)
    return where(s < 0, full_like(la, math.nan), where(s == 0, full_like(la, -math.inf), la))


def slogdet(input):
    return linalg.slogdet(input)


def inverse(input, *, out=None):
    return _out(linalg.inv(input), out)


def pinverse(input, rcond=1e-15):
    return linalg.pinv(input, rtol=rcond)


def matrix_power(input, n):
    return linalg.matrix_power(input, n)


def matrix_exp(input):
    return linalg.matrix_exp(input)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    """torch.lu_unpack: (P, L, U) from lu_factor's output (empty tensors for the parts not
    unpacked)."""
    P, L, U = linalg._unpack(LU_data._data, LU_pivots._data, unpack_data, unpack_pivots)
    empty = ivy.zeros((0,), dtype=LU_data.dtype.ivy)
    return _LU_UNPACK(*(wrap(empty if v is None else v) for v in (P, L, U)))


_LU_UNPACK = namedtuple("lu_unpack", ["P", "L", "U"])


def geqrf(input, *, out=None):
    return linalg.geqrf(input)


def orgqr(input, tau, *, out=None):
    """torch.orgqr: torch.linalg.householder_product."""
    return linalg.householder_product(input, tau, out=out)


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    return linalg.ormqr(input, tau, other, left, transpose, out=out)


def cholesky(input, upper=False, *, out=None):
    return _out(linalg.cholesky(input, upper=upper), out)


def qr(input, some=True, *, out=None):
    q, r = linalg.qr(input, "reduced" if some else "complete")
    return return_types.qr(q, r)


def svd(input, some=True, compute_uv=True, *, out=None):
    u, s, vh = linalg.svd(input, full_matrices=not some)
    return return_types.svd(u, s, vh.mH)


def renorm(input, p, dim, maxnorm):
    if input.dtype.cat < 2:
        raise RuntimeError(f"renorm: expected a floating point or complex tensor as input. "
                           f"Got {input.dtype}")
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    d = norm_dim(dim, input.ndim)
    if input.ndim <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.ndim} "
                           f"dimensions")
    dims = tuple(i for i in _range(input.ndim) if i != d)
    x = input._data
    nrm = ivy.sum(ivy.pow(ivy.abs(x), p), axis=dims, keepdims=True) ** (1.0 / p) if p != math.inf \
        else ivy.max(ivy.abs(x), axis=dims, keepdims=True)
    f = ivy.where(ivy.greater(nrm, maxnorm), maxnorm / (nrm + 1e-7), ivy.ones_like(nrm))
    return wrap(ivy.astype(ivy.multiply(x, f), dtype_of(x).ivy))


def cholesky_inverse(L, upper=False):
    a = matmul(adjoint(L), L) if upper else matmul(L, adjoint(L))
    return inverse(a)


def cholesky_solve(B, L, upper=False):
    return matmul(cholesky_inverse(L, upper), B)
