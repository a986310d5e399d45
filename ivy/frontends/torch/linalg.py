"""torch.linalg over ``ivy.linalg`` (float inputs; integer inputs raise as in torch)."""

from __future__ import annotations

import builtins
import math

import ivy

from . import _core
from ._core import as_tuple, dtype_of, norm_dim, not_implemented
from ._functions import _out, return_types
from ._tensor import Tensor, cast, wrap

_float = builtins.float


def _need_float(A, name):
    if A.dtype.cat < 2:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as "
                           f"input. Got {A.dtype}")
    return A._data


def _square(A, name):
    x = _need_float(A, name)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{A.shape[-2] if A.ndim >= 2 else A.ndim} by {A.shape[-1] if A.ndim else 0} matrices")
    return x


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        x = x.to(dtype)
    d = _need_float(x, "vector_norm")
    ax = None if dim is None else (tuple(norm_dim(a, x.ndim) for a in as_tuple(dim)))
    if ax is not None and len(ax) == 1:
        ax = ax[0]
    ordf = _float(ord)
    if x.numel() == 0 and (ordf < 0 or ordf == math.inf):
        raise RuntimeError("linalg.vector_norm cannot compute the inf norm on an empty tensor "
                           "because the operation does not have an identity")
    real = dtype_of(d).to_real()
    if ordf == 0:
        r = ivy.sum(ivy.astype(ivy.not_equal(d, 0), real.ivy), axis=ax, keepdims=keepdim)
    elif math.isinf(ordf):
        a = ivy.abs(d)
        r = (ivy.max if ordf > 0 else ivy.min)(a, axis=ax, keepdims=keepdim)
        if x.numel():
            r = ivy.where(ivy.any(ivy.isnan(a), axis=ax, keepdims=keepdim),
                          ivy.full_like(r, math.nan), r)
    else:
        r = ivy.linalg.vector_norm(d, axis=ax, keepdims=keepdim, ord=ordf)
    return _out(wrap(cast(r, real)), out)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        A = A.to(dtype)
    x = _need_float(A, "matrix_norm")
    if A.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    a, b = (norm_dim(d, A.ndim) for d in dim)
    nd = A.ndim
    rest = [i for i in range(nd) if i not in (a, b)]
    xm = ivy.permute_dims(x, tuple(rest + [a, b]))
    r = ivy.linalg.matrix_norm(xm, ord=ord, keepdims=False)
    if keepdim:
        r = ivy.expand_dims(r, axis=tuple(sorted((a, b))))
    return _out(wrap(cast(r, dtype_of(x).to_real())), out)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    if ord is None:
        if dim is not None and len(as_tuple(dim)) == 2:
            return matrix_norm(A, "fro", dim, keepdim, dtype=dtype, out=out)
        if dim is None and A.ndim == 2:
            return matrix_norm(A, "fro", (-2, -1), keepdim, dtype=dtype, out=out)
        return vector_norm(A if dim is not None else A.flatten() if not keepdim else A, 2, dim,
                           keepdim, dtype=dtype, out=out)
    if isinstance(ord, str) or (dim is not None and len(as_tuple(dim)) == 2) or (
            dim is None and A.ndim == 2):
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype,
                           out=out)
    if dim is None and A.ndim != 1:
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be "
                           "1D or 2D.")
    return vector_norm(A, ord, dim, keepdim, dtype=dtype, out=out)


def det(A, *, out=None):
    return _out(wrap(ivy.linalg.det(_square(A, "det"))), out)


def slogdet(A, *, out=None):
    s, la = ivy.linalg.slogdet(_square(A, "slogdet"))
    return return_types.slogdet(wrap(s), wrap(la))


def inv(A, *, out=None):
    x = _square(A, "inv")
    return _out(wrap(ivy.linalg.inv(x)), out)


def inv_ex(A, *, check_errors=False, out=None):
    r = inv(A)
    return r, wrap(ivy.zeros(tuple(A.shape[:-2]), dtype="int32")._data)


def solve(A, B, *, left=True, out=None):
    x = _square(A, "solve")
    b = B._data
    if A.dtype is not B.dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found "
                           f"A of type {A.dtype} and B of type {B.dtype} instead")
    if not left:
        return _out(solve(A.mT, B.mT).mT, out)
    vec = B.ndim == 1 or (B.ndim == A.ndim - 1 and tuple(B.shape) == tuple(A.shape[:-1]))
    if vec:
        r = ivy.squeeze(ivy.linalg.solve(x, ivy.expand_dims(b, axis=-1)), axis=-1)
    else:
        r = ivy.linalg.solve(x, b)
    return _out(wrap(r), out)


def cholesky(A, *, upper=False, out=None):
    return _out(wrap(ivy.linalg.cholesky(_square(A, "cholesky"), upper=upper)), out)


def qr(A, mode="reduced", *, out=None):
    x = _need_float(A, "qr")
    if mode == "r":
        q, r = ivy.linalg.qr(x, mode="reduced")
        return return_types.qr(wrap(ivy.zeros((0,), dtype=dtype_of(x).ivy)._data), wrap(r))
    q, r = ivy.linalg.qr(x, mode=mode)
    return return_types.qr(wrap(q), wrap(r))


def svd(A, full_matrices=True, *, driver=None, out=None):
    x = _need_float(A, "svd")
    u, s, vh = ivy.linalg.svd(x, full_matrices=full_matrices)
    return (wrap(u), wrap(s), wrap(vh))


def svdvals(A, *, driver=None, out=None):
    return _out(wrap(ivy.linalg.svdvals(_need_float(A, "svdvals"))), out)


def eigh(A, UPLO="L", *, out=None):
    x = _square(A, "eigh")
    if UPLO == "U":
        x = ivy.matrix_transpose(x)
        if dtype_of(x).cat == 3:
            x = ivy.conj(x)
    w, v = ivy.linalg.eigh(x)
    return (wrap(w), wrap(v))


def eigvalsh(A, UPLO="L", *, out=None):
    return _out(eigh(A, UPLO)[0], out)


def eig(A, *, out=None):
    w, v = ivy.linalg.eig(_square(A, "eig"))
    return (wrap(w), wrap(v))


def eigvals(A, *, out=None):
    return _out(wrap(ivy.linalg.eigvals(_square(A, "eigvals"))), out)


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None):
    if atol is not None:
        not_implemented("torch.linalg.matrix_rank(atol=...)")
    x = _need_float(A, "matrix_rank")
    return _out(wrap(ivy.astype(ivy.linalg.matrix_rank(x, rtol=rtol), "int64")), out)


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None):
    if atol is not None:
        not_implemented("torch.linalg.pinv(atol=...)")
    return _out(wrap(ivy.linalg.pinv(_need_float(A, "pinv"), rtol=rtol)), out)


def matrix_power(A, n, *, out=None):
    x = A._data
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError("linalg.matrix_power: A must be batches of square matrices")
    if n < 0:
        x = _square(A, "matrix_power")
    return _out(wrap(ivy.linalg.matrix_power(x, int(n))), out)


def cross(input, other, *, dim=-1, out=None):
    from ._functions import cross as _cross

    return _cross(input, other, dim, out=out)


def vecdot(x, y, *, dim=-1, out=None):
    from ._functions import result_type

    rt = result_type(x, y)
    a, b = cast(x._data, rt), cast(y._data, rt)
    if rt.cat == 3:
        a = ivy.conj(a)
    return _out(wrap(ivy.sum(ivy.multiply(a, b), axis=dim)), out)


def matmul(input, other, *, out=None):
    from ._functions import matmul as _mm

    return _mm(input, other, out=out)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    from ._functions import diagonal as _d

    return _d(A, offset, dim1, dim2)


def multi_dot(tensors, *, out=None):
    from ._functions import matmul as _mm

    r = tensors[0]
    for t in tensors[1:]:
        r = _mm(r, t)
    return _out(r, out)


def vander(x, *, N=None):
    from ._functions import arange, pow

    n = N if N is not None else x.shape[-1]
    return pow(x.unsqueeze(-1), arange(n))


def lstsq(A, B, rcond=None, *, driver=None):
    not_implemented("torch.linalg.lstsq")


def matrix_exp(A):
    not_implemented("torch.linalg.matrix_exp")


def cond(A, p=None, *, out=None):
    s = svdvals(A)
    return _out(wrap(ivy.divide(ivy.max(s._data, axis=-1), ivy.min(s._data, axis=-1))), out)


def tensorinv(A, ind=2, *, out=None):
    shp = tuple(A.shape)
    n = 1
    for s in shp[:ind]:
        n *= s
    r = inv(A.reshape(n, -1))
    return _out(r.reshape(*(shp[ind:] + shp[:ind])), out)


def tensorsolve(A, B, dims=None, *, out=None):
    if dims is not None:  # torch moves ``dims`` of A to the end
        nd = len(A.shape)
        ds = [norm_dim(d, nd) for d in as_tuple(dims)]
        A = A.permute(*([i for i in range(nd) if i not in ds] + ds))
    x_shape = tuple(A.shape[len(B.shape):])
    n = 1
    for s_ in B.shape:
        n *= s_
    return _out(solve(A.reshape(n, -1), B.reshape(n)).reshape(*x_shape), out)


def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    return cholesky(A, upper=upper), wrap(ivy.zeros(tuple(A.shape[:-2]), dtype="int32")._data)


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    return solve(A, B, left=left), wrap(ivy.zeros(tuple(A.shape[:-2]), dtype="int32")._data)


_ = (_core, Tensor)
