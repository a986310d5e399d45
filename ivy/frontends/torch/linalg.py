"""torch.linalg over ``ivy.linalg`` (float inputs; integer inputs raise as in torch)."""

from __future__ import annotations

import builtins
import math
from collections import namedtuple

import ivy

from . import _core, _linear_algebra, _manipulation
from ._base import _out, return_types
from ._core import as_tuple, dtype_of, norm_dim, not_implemented
from ._creation import arange as _arange
from ._pointwise import pow as _pow
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


class LinAlgError(RuntimeError):
    """``torch.linalg.LinAlgError``: a singular matrix (``inv``, ``solve``, ``lu_factor`` ...) or
    one that is not positive-definite (``cholesky``), as torch's LAPACK ``info`` reports it."""


LinAlgError.__module__ = "torch.linalg"


def _first_bad(info, name, what):
    """Raise LinAlgError for the first nonzero entry of ``info`` (a native int array)."""
    import numpy as np

    inf = np.asarray(ivy.to_numpy(info))
    flat = inf.reshape(-1)
    bad = np.nonzero(flat)[0]
    if len(bad):
        i = int(bad[0])
        prefix = f"(Batch element {i}): " if inf.ndim else ""
        raise LinAlgError(f"{name}: {prefix}{what(int(flat[i]))}")


def _sing(k):
    return (f"The diagonal element {k} is zero, the inversion could not be completed because "
            "the input matrix is singular.")


def _lu_info(x):
    return _getrf(x)[2]


def _backend_call(fn, *args):
    """``fn(*args)``, a backend's own singular-matrix error as None (then the caller reports
    it through LAPACK's ``info``, as torch does)."""
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001 - numpy/torch LinAlgError; anything else re-raised
        if type(e).__name__ in ("LinAlgError", "_LinAlgError"):
            return None
        raise


def _all_finite(r):
    """Whether r is all finite; True while tracing (the traced graph cannot raise torch's
    data-dependent LinAlgError: it computes the backend's result, as before)."""
    from ...tracer.errors import TraceError

    try:
        return bool(ivy.all(ivy.isfinite(r)))
    except TraceError:
        return True


def inv(A, *, out=None):
    x = _square(A, "inv")
    r = _backend_call(ivy.linalg.inv, x)
    if r is None or (A.numel() and not _all_finite(r)):
        lu_, piv, info = _getrf(x)
        _first_bad(info, "linalg.inv", _sing)
        # the backend rounded to a zero pivot where LAPACK's getrf (torch) does not
        r = _lu_inverse(x, lu_, piv)
    return _out(wrap(r), out)


def _lu_inverse(x, lu_, piv):
    eye = ivy.broadcast_to(ivy.eye(x.shape[-1], dtype=dtype_of(x).ivy), tuple(x.shape))
    return lu_solve(wrap(lu_), wrap(piv), wrap(eye))._data


def inv_ex(A, *, check_errors=False, out=None):
    x = _square(A, "inv_ex")
    if not A.numel():
        return _LIX(wrap(ivy.linalg.inv(x)), wrap(ivy.zeros(tuple(A.shape[:-2]), dtype="int32")))
    lu_, piv, info = _getrf(x)
    if check_errors:
        _first_bad(info, "linalg.inv_ex", _sing)
    r = _backend_call(ivy.linalg.inv, x)
    if r is None or not _all_finite(r):  # getri's inf/NaN (or finite values) from the LU
        r = _lu_inverse(x, lu_, piv)
    return _LIX(wrap(r), wrap(info))


def solve(A, B, *, left=True, out=None):
    x = _square(A, "solve")
    b = B._data
    if A.dtype is not B.dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found "
                           f"A of type {A.dtype} and B of type {B.dtype} instead")
    if not left:
        return _out(solve(A.mT, B.mT).mT, out)
    vec = B.ndim == 1 or (B.ndim == A.ndim - 1 and tuple(B.shape) == tuple(A.shape[:-1]))

    def f(x, b):
        if vec:
            return ivy.squeeze(ivy.linalg.solve(x, ivy.expand_dims(b, axis=-1)), axis=-1)
        return ivy.linalg.solve(x, b)

    r = _backend_call(f, x, b)
    if r is None or (A.numel() and B.numel() and not _all_finite(r)):
        lu_, piv, info = _getrf(x)
        _first_bad(info, "torch.linalg.solve",
                   lambda k: "The solver failed because the input matrix is singular.")
        # the backend rounded to a zero pivot where LAPACK's getrf (torch) does not
        bb = ivy.expand_dims(b, axis=-1) if vec else b
        r = lu_solve(wrap(lu_), wrap(piv), wrap(bb))._data
        r = ivy.squeeze(r, axis=-1) if vec else r
    return _out(wrap(r), out)


def _potrf(x):
    """Unblocked Cholesky of the lower triangle of x -> (L, LAPACK potrf's ``info``: the order of
    the first leading minor whose pivot is not positive (or NaN), 0 if none)."""
    n = x.shape[-1]
    batch = tuple(x.shape[:-2])
    info = ivy.zeros(batch, dtype="int32")
    cols = []  # columns of L, each (..., n)
    for j in range(n):
        Lj = ivy.stack(cols, axis=-1) if cols else None  # (..., n, j)
        d = x[..., j, j]
        c = x[..., :, j]
        if Lj is not None:
            d = ivy.subtract(d, ivy.sum(ivy.square(Lj[..., j, :]), axis=-1))
            c = ivy.subtract(c, ivy.sum(ivy.multiply(Lj, ivy.expand_dims(Lj[..., j, :],
                                                                          axis=-2)), axis=-1))
        bad = ivy.logical_not(ivy.greater(d, 0))
        info = ivy.where(ivy.logical_and(ivy.equal(info, 0), bad), ivy.full_like(info, j + 1),
                         info)
        ljj = ivy.sqrt(ivy.where(bad, ivy.ones_like(d), d))
        below = ivy.greater(ivy.arange(n, dtype="int64"), j)
        col = ivy.where(below, ivy.divide(c, ivy.expand_dims(ljj, axis=-1)), ivy.zeros_like(c))
        col = ivy.where(ivy.equal(ivy.arange(n, dtype="int64"), j), ivy.expand_dims(ljj, -1),
                        col)
        cols.append(col)
    return (ivy.stack(cols, axis=-1) if cols else ivy.zeros_like(x)), info


def _potrf_info(x):
    return _potrf(x)[1]


def _not_pd(k):
    return (f"The factorization could not be completed because the input is not "
            f"positive-definite (the leading minor of order {k} is not positive-definite).")


def cholesky(A, *, upper=False, out=None):
    x = _square(A, "cholesky")
    r = _backend_call(lambda a: ivy.linalg.cholesky(a, upper=upper), x)
    if r is None or (A.numel() and not _all_finite(r)):
        low, info = _potrf(x)
        _first_bad(info, "linalg.cholesky", _not_pd)
        # the backend's rounding found a non-positive pivot where LAPACK's potrf does not
        r = ivy.matrix_transpose(low) if upper else low
    return _out(wrap(r), out)


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
    return _linear_algebra.cross(input, other, dim, out=out)


def vecdot(x, y, *, dim=-1, out=None):
    rt = _core.result_type(x, y)
    a, b = cast(x._data, rt), cast(y._data, rt)
    if rt.cat == 3:
        a = ivy.conj(a)
    return _out(wrap(ivy.sum(ivy.multiply(a, b), axis=dim)), out)


def matmul(input, other, *, out=None):
    return _linear_algebra.matmul(input, other, out=out)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    return _manipulation.diagonal(A, offset, dim1, dim2)


def multi_dot(tensors, *, out=None):
    r = tensors[0]
    for t in tensors[1:]:
        r = _linear_algebra.matmul(r, t)
    return _out(r, out)


def vander(x, *, N=None):
    n = N if N is not None else x.shape[-1]
    return _pow(x.unsqueeze(-1), _arange(n))


_LSTSQ = namedtuple("linalg_lstsq", ["solution", "residuals", "rank", "singular_values"])


def lstsq(A, B, rcond=None, *, driver=None):
    """torch.linalg.lstsq for real inputs, through the SVD: the minimum-norm least-squares
    solution with singular values <= rcond * s_max dropped (rcond: eps * max(m, n) by default),
    i.e. gelsd/gelss exactly and gelsy/gels for full-rank A; torch's per-driver outputs (rank for
    gelsy/gelsd/gelss, singular values for gelsd/gelss, residuals when m > n for gels and for a
    full-rank A with gelsd/gelss; empty tensors otherwise). A rank-deficient A with driver="gels"
    (whose LAPACK result is then not a least-squares solution) raises NotImplementedError."""
    drv = "gelsy" if driver is None else driver
    if drv not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError("torch.linalg.lstsq: parameter `driver` should be one of (gels, "
                           "gelsy, gelsd, gelss)")
    a = _need_float(A, "lstsq")
    if A.dtype is not B.dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same "
                           f"dtype, but got input's dtype {A.dtype} and other's dtype {B.dtype}")
    if A.dtype.cat == 3:
        not_implemented("torch.linalg.lstsq (complex)")
    if A.ndim < 2:
        raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    b = B._data
    vec = B.ndim == A.ndim - 1
    if vec:
        b = ivy.expand_dims(b, axis=-1)
    m, n = A.shape[-2], A.shape[-1]
    if b.shape[-2] != m:
        raise RuntimeError("torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    if 0 in tuple(a.shape) or 0 in tuple(b.shape):
        not_implemented("torch.linalg.lstsq (empty matrices)")
    try:
        a, b = _batch(a, b)
    except Exception:
        raise RuntimeError("torch.linalg.lstsq: the batch dimensions of input and other do not "
                           "broadcast") from None
    dt = dtype_of(a)
    u, sv, vh = ivy.linalg.svd(a, full_matrices=False)
    eps = _float(ivy.finfo(dt.ivy).eps)
    rc = eps * builtins.max(m, n) if rcond is None or rcond < 0 else _float(rcond)
    smax = ivy.max(sv, axis=-1, keepdims=True)
    keep = ivy.greater(sv, ivy.multiply(smax, rc))
    rank = ivy.sum(ivy.astype(keep, "int64"), axis=-1)
    k = builtins.min(m, n)
    if drv == "gels" and bool(ivy.any(ivy.less(rank, k))):
        not_implemented("torch.linalg.lstsq(driver='gels') with a rank-deficient input",
                        "LAPACK's gels assumes full rank")
    sinv = ivy.where(keep, ivy.divide(ivy.ones_like(sv), ivy.where(keep, sv, ivy.ones_like(sv))),
                     ivy.zeros_like(sv))
    utb = ivy.matmul(ivy.matrix_transpose(u), b)
    x = ivy.matmul(ivy.matrix_transpose(vh), ivy.multiply(ivy.expand_dims(sinv, axis=-1), utb))
    empty = ivy.zeros((0,), dtype=dt.ivy)
    res = empty
    if drv != "gelsy" and m > n and (drv == "gels" or bool(ivy.all(ivy.equal(rank, n)))):
        r = ivy.subtract(ivy.matmul(a, x), b)
        res = ivy.sum(ivy.multiply(r, r), axis=-2)
    rk = rank if drv != "gels" else ivy.zeros((0,), dtype="int64")
    svals = sv if drv in ("gelsd", "gelss") else empty
    if vec:
        x = ivy.squeeze(x, axis=-1)
    return _LSTSQ(wrap(x), wrap(res), wrap(rk), wrap(svals))


_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)


def matrix_exp(A):
    """torch.linalg.matrix_exp: scaling and squaring with the [13/13] Pade approximant (Higham
    2005), in double precision inside (float32/complex64 results are rounded from it); a matrix
    with a NaN or an infinity gives all NaN, as torch."""
    x = _square(A, "matrix_exp")
    dt = dtype_of(x)
    n = A.shape[-1]
    if A.numel() == 0:
        return wrap(x)
    wide = "complex128" if dt.cat == 3 else "float64"
    a = ivy.astype(x, wide)
    finite = ivy.all(ivy.isfinite(a), axis=(-2, -1), keepdims=True)
    a = ivy.where(finite, a, ivy.zeros_like(a))
    norm1 = _float(ivy.to_scalar(ivy.max(ivy.sum(ivy.abs(a), axis=-2)))) if A.numel() else 0.0
    s = builtins.max(0, math.ceil(math.log2(norm1 / 5.371920351148152))) if norm1 > 0 else 0
    a = ivy.divide(a, _float(2 ** s))
    eye = ivy.astype(ivy.broadcast_to(ivy.eye(n, n, dtype="float64"), tuple(a.shape)), wide)
    b = _PADE13
    a2 = ivy.matmul(a, a)
    a4 = ivy.matmul(a2, a2)
    a6 = ivy.matmul(a4, a2)

    def lin(c6, c4, c2, c0):
        return ivy.add(ivy.add(ivy.multiply(a6, c6), ivy.multiply(a4, c4)),
                       ivy.add(ivy.multiply(a2, c2), ivy.multiply(eye, c0)))

    u = ivy.matmul(a, ivy.add(ivy.matmul(a6, lin(b[13], b[11], b[9], 0.0)),
                              lin(b[7], b[5], b[3], b[1])))
    v = ivy.add(ivy.matmul(a6, lin(b[12], b[10], b[8], 0.0)), lin(b[6], b[4], b[2], b[0]))
    r = ivy.linalg.solve(ivy.subtract(v, u), ivy.add(v, u))
    for _ in range(s):
        r = ivy.matmul(r, r)
    r = ivy.where(finite, r, ivy.full_like(r, math.nan))
    return wrap(cast(r, dt))


def _batch(*xs):
    """Native arrays broadcast over their batch (all but the last two) dimensions."""
    shp = tuple(ivy.broadcast_shapes(*[tuple(x.shape[:-2]) for x in xs]))
    return [ivy.broadcast_to(x, shp + tuple(x.shape[-2:])) for x in xs]


def _trsm(a, b, upper, unit):
    """Solve a x = b for triangular ``a`` (..., n, n), b (..., n, k) by substitution (as LAPACK's
    trsm: a zero on the diagonal gives inf/NaN, no error)."""
    a, b = _batch(a, b)
    n = a.shape[-1]
    rows = [None] * n
    order = range(n - 1, -1, -1) if upper else range(n)
    for i in order:
        r = b[..., i:i + 1, :]
        done = [j for j in (range(i + 1, n) if upper else range(i))]
        if done:
            lo, hi = (i + 1, n) if upper else (0, i)
            xs = ivy.concat([rows[j] for j in done], axis=-2)
            r = ivy.subtract(r, ivy.matmul(a[..., i:i + 1, lo:hi], xs))
        if not unit:
            r = ivy.divide(r, a[..., i:i + 1, i:i + 1])
        rows[i] = r
    if not n:
        return b
    return ivy.concat(rows, axis=-2)


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """torch.linalg.solve_triangular: A X = B (left) or X A = B, only A's upper/lower triangle
    read (its diagonal taken as 1 when ``unitriangular``)."""
    _need_float(A, "solve_triangular")
    if A.ndim < 2 or B.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError("linalg.solve_triangular: A must be batches of square matrices and B "
                           "must have at least 2 dimensions")
    a, b = A._data, B._data
    if B.dtype is not A.dtype:  # torch casts B to A's dtype (a complex B to a real A: its real part)
        if B.dtype.cat == 3 and A.dtype.cat != 3:
            b = ivy.real(b)
        b = cast(b, A.dtype)
    if not left:
        a, b = ivy.matrix_transpose(a), ivy.matrix_transpose(b)
        upper = not upper
    if a.shape[-1] != b.shape[-2]:
        raise RuntimeError("linalg.solve_triangular: Incompatible shapes of A and B for the "
                           f"equation {'AX = B' if left else 'XA = B'}")
    r = _trsm(a, b, upper, unitriangular)
    if not left:
        r = ivy.matrix_transpose(r)
    return _out(wrap(r), out)


_LUF = namedtuple("linalg_lu_factor", ["LU", "pivots"])
_LIX = namedtuple("linalg_inv_ex", ["inverse", "info"])
_CHX = namedtuple("linalg_cholesky_ex", ["L", "info"])
_SOX = namedtuple("linalg_solve_ex", ["result", "info"])
_LUFX = namedtuple("linalg_lu_factor_ex", ["LU", "pivots", "info"])
_LU = namedtuple("linalg_lu", ["P", "L", "U"])


def _swap_rows(x, k, p):
    """Rows k and p[...] (a batch of indices) of x (..., m, n) exchanged."""
    m = x.shape[-2]
    idx = ivy.arange(m, dtype="int64")
    pe = ivy.expand_dims(p, axis=-1)
    idx = ivy.where(ivy.equal(idx, k), pe, ivy.where(ivy.equal(idx, pe), ivy.full_like(pe, k),
                                                     idx))
    idx = ivy.broadcast_to(ivy.expand_dims(idx, axis=-1), tuple(x.shape))
    return ivy.take_along_axis(x, idx, axis=-2)


def _getrf(x):
    """LU with partial pivoting (LAPACK getrf's choice: the first largest |a|), unblocked.
    Returns (LU, pivots (1-based int32), info (int32: first zero pivot, 1-based; 0 if none))."""
    m, n = x.shape[-2], x.shape[-1]
    batch = tuple(x.shape[:-2])
    k = builtins.min(m, n)
    rows = ivy.arange(m, dtype="int64")
    cols = ivy.arange(n, dtype="int64")
    pivs = []
    info = ivy.zeros(batch, dtype="int32")
    for j in range(k):
        col = ivy.abs(x[..., j:, j])
        p = ivy.add(ivy.astype(ivy.argmax(col, axis=-1), "int64"), j)
        pivs.append(ivy.add(ivy.astype(p, "int32"), 1))
        x = _swap_rows(x, j, p)
        piv = x[..., j:j + 1, j:j + 1]
        zero = ivy.equal(piv, 0)
        info = ivy.where(ivy.logical_and(ivy.equal(info, 0), ivy.reshape(zero, batch)),
                         ivy.full_like(info, j + 1), info)
        below = ivy.reshape(ivy.greater(rows, j), (m, 1))
        lcol = ivy.where(ivy.logical_and(below, ivy.logical_not(zero)),
                      ivy.divide(x[..., :, j:j + 1], ivy.where(zero, ivy.ones_like(piv), piv)),
                      ivy.where(below, x[..., :, j:j + 1], ivy.zeros_like(piv)))
        right = ivy.reshape(ivy.greater(cols, j), (1, n))
        urow = ivy.where(right, x[..., j:j + 1, :], ivy.zeros_like(x[..., j:j + 1, :]))
        x = ivy.subtract(x, ivy.matmul(lcol, urow))
        x = ivy.where(ivy.logical_and(below, ivy.reshape(ivy.equal(cols, j), (1, n))), lcol, x)
    p = ivy.stack(pivs, axis=-1) if pivs else ivy.zeros(batch + (0,), dtype="int32")
    return x, p, info


def _lu_input(A, name):
    x = _need_float(A, name)
    if A.ndim < 2:
        raise RuntimeError(f"torch.linalg.{name}: Expected tensor with 2 or more dimensions. Got "
                           f"size: {tuple(A.shape)} instead")
    return x


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    if not pivot:
        not_implemented("torch.linalg.lu_factor_ex(pivot=False)", "LAPACK-free LU needs pivots")
    lu_, p, info = _getrf(_lu_input(A, "lu_factor_ex"))
    return _LUFX(wrap(lu_), wrap(p), wrap(info))


def lu_factor(A, *, pivot=True, out=None):
    lu_, p, info = lu_factor_ex(A, pivot=pivot)
    if A.numel() and bool(ivy.any(ivy.not_equal(info._data, 0))):
        i = int(ivy.to_scalar(ivy.max(info._data)))
        raise RuntimeError(f"torch.linalg.lu_factor: U[{i},{i}] is zero and using it on lu_solve "
                           "would result in a division by zero. If you still want to perform the "
                           "factorization, consider calling linalg.lu(A, pivot) or "
                           "linalg.lu_factor_ex(A, pivot)")
    return _LUF(lu_, p)


def _perm_from_pivots(p, m):
    """The row order (..., m) that LAPACK's pivots (1-based, applied in turn) produce."""
    batch = tuple(p.shape[:-1])
    perm = ivy.broadcast_to(ivy.arange(m, dtype="int64"), batch + (m,))
    for j in range(p.shape[-1]):
        q = ivy.subtract(ivy.astype(p[..., j], "int64"), 1)
        perm = ivy.squeeze(_swap_rows(ivy.expand_dims(perm, axis=-1), j, q), axis=-1)
    return perm


def _unpack(lu_, p, unpack_data=True, unpack_pivots=True):
    m, n = lu_.shape[-2], lu_.shape[-1]
    k = builtins.min(m, n)
    P = L = U = None
    if unpack_pivots:
        perm = _perm_from_pivots(p, m)
        oh = ivy.astype(ivy.equal(ivy.expand_dims(perm, axis=-1), ivy.arange(m, dtype="int64")),
                        dtype_of(lu_).ivy)  # oh[i, r] = (perm[i] == r)
        P = ivy.matrix_transpose(oh)
    if unpack_data:
        eye = ivy.astype(ivy.eye(m, k, dtype="float64"), dtype_of(lu_).ivy)
        L = ivy.add(ivy.tril(lu_[..., :, :k], k=-1), eye)
        U = ivy.triu(lu_[..., :k, :])
    return P, L, U


def lu(A, *, pivot=True, out=None):
    if not pivot:
        not_implemented("torch.linalg.lu(pivot=False)", "LAPACK-free LU needs pivots")
    lu_, p, _ = _getrf(_lu_input(A, "lu"))
    P, L, U = _unpack(lu_, p)
    return _LU(wrap(P), wrap(L), wrap(U))


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    """torch.linalg.lu_solve: A X = B (or X A = B; A^H for ``adjoint``) from lu_factor's output."""
    lu_, b = LU._data, B._data
    if LU.dtype is not B.dtype:
        raise RuntimeError(f"linalg.lu_solve: Expected LU and B to have the same dtype, but found "
                           f"LU of type {LU.dtype} and B of type {B.dtype} instead")
    if not left:  # X A = B  <=>  A^H X^H = B^H
        bh = ivy.conj(ivy.matrix_transpose(b)) if B.dtype.cat == 3 else ivy.matrix_transpose(b)
        r = lu_solve(LU, pivots, wrap(bh), adjoint=not adjoint)._data
        return _out(wrap(ivy.conj(ivy.matrix_transpose(r)) if B.dtype.cat == 3 else
                         ivy.matrix_transpose(r)), out)
    n = LU.shape[-1]
    perm = _perm_from_pivots(pivots._data, n)
    lu_, b = _batch(lu_, b)
    perm = ivy.broadcast_to(perm, tuple(lu_.shape[:-2]) + (n,))
    if not adjoint:  # A = P L U:  X = U^-1 L^-1 P^T B
        pb = ivy.take_along_axis(b, ivy.broadcast_to(ivy.expand_dims(perm, axis=-1),
                                                     tuple(b.shape)), axis=-2)
        r = _trsm(lu_, _trsm(lu_, pb, False, True), True, False)
    else:  # A^H = U^H L^H P^T:  X = P L^-H U^-H B
        lh = ivy.conj(ivy.matrix_transpose(lu_)) if LU.dtype.cat == 3 else \
            ivy.matrix_transpose(lu_)
        y = _trsm(lh, _trsm(lh, b, False, False), True, True)
        inv = ivy.argsort(perm, axis=-1)
        r = ivy.take_along_axis(y, ivy.broadcast_to(ivy.expand_dims(inv, axis=-1),
                                                    tuple(y.shape)), axis=-2)
    return _out(wrap(r), out)


def householder_product(A, tau, *, out=None):
    """torch.linalg.householder_product: the first n columns of H_1 ... H_k,
    H_i = I - tau_i v_i v_i^H with v_i = (0, ..., 0, 1, A[i+1:, i])."""
    x = _need_float(A, "householder_product")
    t = tau._data
    m, n = A.shape[-2], A.shape[-1]
    k = tau.shape[-1]
    if not (m >= n >= k):
        raise RuntimeError("torch.linalg.householder_product: input.shape[-2] must be greater "
                           "than or equal to input.shape[-1] and input.shape[-1] must be greater "
                           "than or equal to tau.shape[-1]")
    if A.dtype is not tau.dtype:
        raise RuntimeError(f"torch.linalg.householder_product: tau dtype {tau.dtype} does not "
                           f"match input dtype {A.dtype}")
    return _out(wrap(_householder_q(x, t)[..., :, :n]), out)


def _householder_q(x, t):
    """The full (..., m, m) product H_1 ... H_k of the reflectors stored below the diagonal of
    x (..., m, n) with scales t (..., k)."""
    m, k = x.shape[-2], t.shape[-1]
    cplx = dtype_of(x).cat == 3
    x, t = _batch(x, ivy.expand_dims(t, axis=-2))
    t = ivy.squeeze(t, axis=-2)
    batch = tuple(x.shape[:-2])
    q = ivy.astype(ivy.broadcast_to(ivy.eye(m, m, dtype="float64"), batch + (m, m)),
                   dtype_of(x).ivy)
    rows = ivy.reshape(ivy.arange(m, dtype="int64"), (m, 1))
    for i in range(k):
        col = x[..., :, i:i + 1]
        v = ivy.where(ivy.less(rows, i), ivy.zeros_like(col),
                      ivy.where(ivy.equal(rows, i), ivy.ones_like(col), col))
        vh = ivy.conj(ivy.matrix_transpose(v)) if cplx else ivy.matrix_transpose(v)
        ti = ivy.expand_dims(t[..., i:i + 1], axis=-1)
        q = ivy.subtract(q, ivy.multiply(ivy.matmul(ivy.matmul(q, v), vh), ti))
    return q


_GEQRF = namedtuple("geqrf", ["a", "tau"])


def geqrf(input, *, out=None):
    """torch.geqrf: LAPACK's Householder QR (dgeqrf/dlarfg): R on and above the diagonal, the
    reflectors v (v[0] = 1 implied) below it, tau = (beta - alpha) / beta with
    beta = -sign(alpha) * ||(alpha, x)||; tau = 0 where the column below is already zero."""
    if input.ndim < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    x = _need_float(input, "geqrf")
    if input.dtype.cat == 3:
        not_implemented("torch.geqrf (complex)", "zlarfg's complex reflectors")
    m, n = x.shape[-2], x.shape[-1]
    rows = ivy.reshape(ivy.arange(m, dtype="int64"), (m, 1))
    cols = ivy.reshape(ivy.arange(n, dtype="int64"), (1, n))
    taus = []
    for k in range(builtins.min(m, n)):
        col = x[..., :, k:k + 1]
        alpha = x[..., k:k + 1, k:k + 1]
        below = ivy.greater(rows, k)
        xr = ivy.where(below, col, ivy.zeros_like(col))
        xnorm = ivy.sqrt(ivy.sum(ivy.multiply(xr, xr), axis=-2, keepdims=True))
        nz = ivy.not_equal(xnorm, 0)
        norm = ivy.sqrt(ivy.add(ivy.multiply(alpha, alpha), ivy.multiply(xnorm, xnorm)))
        beta = ivy.where(ivy.less(alpha, 0), norm, ivy.negative(norm))
        sbeta = ivy.where(nz, beta, ivy.ones_like(beta))
        tau = ivy.where(nz, ivy.divide(ivy.subtract(beta, alpha), sbeta), ivy.zeros_like(beta))
        diff = ivy.subtract(alpha, beta)
        scale = ivy.where(nz, ivy.divide(ivy.ones_like(diff),
                                         ivy.where(nz, diff, ivy.ones_like(diff))),
                          ivy.zeros_like(diff))
        vb = ivy.multiply(xr, scale)
        v = ivy.where(ivy.equal(rows, k), ivy.ones_like(col), vb)
        w = ivy.matmul(ivy.matrix_transpose(v), x)  # (..., 1, n)
        upd = ivy.multiply(ivy.matmul(v, w), tau)
        x = ivy.where(ivy.greater(cols, k), ivy.subtract(x, upd), x)
        newcol = ivy.where(ivy.equal(rows, k), ivy.where(nz, beta, alpha),
                           ivy.where(below, ivy.where(nz, vb, xr), col))
        x = ivy.where(ivy.equal(cols, k), newcol, x)
        taus.append(ivy.reshape(tau, tuple(tau.shape[:-2])))
    t = ivy.stack(taus, axis=-1) if taus else ivy.zeros(tuple(x.shape[:-2]) + (0,),
                                                        dtype=dtype_of(x).ivy)
    return _GEQRF(wrap(x), wrap(t))


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    """torch.ormqr: ``other`` multiplied by Q = H_1 ... H_k (from geqrf's output) or its
    (conjugate) transpose, from the left or the right."""
    x = _need_float(input, "ormqr")
    if input.dtype is not tau.dtype or input.dtype is not other.dtype:
        raise RuntimeError("torch.ormqr: Expected input, tau and other to have the same dtype")
    mq = other.shape[-2] if left else other.shape[-1]
    if input.shape[-2] != mq:
        raise RuntimeError(f"torch.ormqr: other.shape[{-2 if left else -1}] must be equal to "
                           f"input.shape[-2]")
    if tau.shape[-1] > builtins.min(input.shape[-2], input.shape[-1]):
        raise RuntimeError("torch.ormqr: tau.shape[-1] must be less than or equal to "
                           "input.shape[-1]")
    q = _householder_q(x, tau._data)
    if transpose:
        q = ivy.conj(ivy.matrix_transpose(q)) if input.dtype.cat == 3 else \
            ivy.matrix_transpose(q)
    c = other._data
    return _out(wrap(ivy.matmul(q, c) if left else ivy.matmul(c, q)), out)


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
    x = _square(A, "cholesky_ex")
    info = _potrf_info(x) if A.numel() else ivy.zeros(tuple(A.shape[:-2]), dtype="int32")
    if check_errors:
        _first_bad(info, "linalg.cholesky_ex", _not_pd)
    r = _backend_call(lambda a: ivy.linalg.cholesky(a, upper=upper), x)
    if r is None:  # torch leaves a partial factor there (unspecified); NaN here
        r = ivy.full_like(x, float("nan"))
    return _CHX(wrap(r), wrap(info))


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    x = _square(A, "solve_ex")
    info = _lu_info(x) if A.numel() else ivy.zeros(tuple(A.shape[:-2]), dtype="int32")
    if check_errors:
        _first_bad(info, "torch.linalg.solve_ex",
                   lambda k: "The solver failed because the input matrix is singular.")
    try:
        r = solve(A, B, left=left)
    except LinAlgError:  # torch returns getrs' inf/NaN; the frontend NaN
        r = solve(wrap(ivy.eye(A.shape[-1], dtype=dtype_of(x).ivy)), B, left=left) * float("nan")
    return _SOX(r, wrap(info))


_ = (_core, Tensor)


# ------------------------------------------------------------------------ LDL (Bunch-Kaufman)
# torch.linalg.ldl_factor(_ex) is LAPACK's sytrf with uplo="L" (MKL in torch's CPU wheels): the
# lower triangle of A is read, LD holds L (unit diagonal implied) below D's 1x1 and 2x2 blocks,
# the strict upper triangle is zero, and ``pivots`` are LAPACK's (1-based; k > 0: a 1x1 block and
# rows/columns k and pivots[k] exchanged; a negative pair -p, -p: a 2x2 block and the second row
# exchanged with p). The pivot choices are data-dependent (1x1 or 2x2 blocks), so each matrix of
# a batch is factored on its own, with the choices taken eagerly (Python control flow, as LAPACK
# itself: not traceable into a graph of fixed shape).
_LDLF = namedtuple("linalg_ldl_factor", ["LD", "pivots"])
_LDLFX = namedtuple("linalg_ldl_factor_ex", ["LD", "pivots", "info"])
_BK_ALPHA = (1.0 + math.sqrt(17.0)) / 8.0


def _cabs1(v, cplx):
    """LAPACK's |v| for pivoting: |re| + |im| for complex (izamax/CABS1)."""
    if cplx:
        return ivy.add(ivy.abs(ivy.real(v)), ivy.abs(ivy.imag(v)))
    return ivy.abs(v)


def _sym_lower(m):
    """The symmetric matrix whose lower triangle is m's."""
    return ivy.add(ivy.tril(m), ivy.matrix_transpose(ivy.tril(m, k=-1)))


def _sytf2(x, cplx):
    """Bunch-Kaufman LDL^T of one (n, n) native matrix (its lower triangle), LAPACK's sytf2 /
    lasyf choices and update formulas (no NaN test on the diagonal, as MKL's sytrf). Returns
    (LD, pivots as Python ints, info)."""
    n = x.shape[-1]
    S = _sym_lower(x)  # the trailing symmetric block, full
    be = ivy.backend_of(x)
    cols, piv, info, k = [], [], 0, 0
    while k < n:
        m = n - k
        absakk = _float(ivy.to_scalar(_cabs1(S[0, 0], cplx)))
        if m > 1:
            c = _cabs1(S[1:, 0], cplx)
            imax = int(ivy.to_scalar(ivy.argmax(c))) + 1
            colmax = _float(ivy.to_scalar(c[imax - 1]))
        else:
            imax, colmax = 0, 0.0
        kstep, kp = 1, 0
        if absakk == 0 and colmax == 0:
            info = info or k + 1
            cols.append(S[:, 0])
            piv.append(k + 1)
            S = S[1:, 1:]
            k += 1
            continue
        if not absakk >= _BK_ALPHA * colmax:
            r = _cabs1(ivy.concat([S[imax, :imax], S[imax, imax + 1:]], axis=0), cplx)
            rowmax = _float(ivy.to_scalar(ivy.max(r)))
            if absakk >= _BK_ALPHA * colmax * (colmax / rowmax):
                kp = 0
            elif _float(ivy.to_scalar(_cabs1(S[imax, imax], cplx))) >= _BK_ALPHA * rowmax:
                kp = imax
            else:
                kp, kstep = imax, 2
        kk = kstep - 1
        if kp != kk:  # symmetric interchange of kk and kp inside the trailing block
            perm = list(range(m))
            perm[kk], perm[kp] = kp, kk
            idx = be.asarray(perm, dtype="int64")
            S = ivy.take(ivy.take(S, idx, axis=0), idx, axis=1)
        if kstep == 1:
            d = S[0, 0]
            xk = S[1:, 0]
            d11 = ivy.divide(ivy.ones_like(d), d)
            # dsyr: A(i, j) + x(i) * (-d11 * x(j)), lower triangle; then dscal by d11
            upd = ivy.add(S[1:, 1:], ivy.multiply(ivy.expand_dims(xk, axis=1),
                                                  ivy.expand_dims(ivy.multiply(
                                                      ivy.negative(d11), xk), axis=0)))
            cols.append(ivy.concat([ivy.reshape(d, (1,)), ivy.multiply(xk, d11)], axis=0))
            piv.append(k + kp + 1)
            S = _sym_lower(upd)
        else:
            d21 = S[1, 0]
            d11 = ivy.divide(S[1, 1], d21)
            d22 = ivy.divide(S[0, 0], d21)
            one = ivy.ones_like(d21)
            t = ivy.divide(one, ivy.subtract(ivy.multiply(d11, d22), one))
            d21 = ivy.divide(t, d21)
            a0, a1 = S[2:, 0], S[2:, 1]
            wk = ivy.multiply(d21, ivy.subtract(ivy.multiply(d11, a0), a1))
            wkp1 = ivy.multiply(d21, ivy.subtract(ivy.multiply(d22, a1), a0))
            upd = ivy.subtract(ivy.subtract(S[2:, 2:], ivy.multiply(
                ivy.expand_dims(a0, axis=1), ivy.expand_dims(wk, axis=0))), ivy.multiply(
                ivy.expand_dims(a1, axis=1), ivy.expand_dims(wkp1, axis=0)))
            cols.append(ivy.concat([ivy.reshape(S[0, 0], (1,)), ivy.reshape(S[1, 0], (1,)),
                                    wk], axis=0))
            cols.append(ivy.concat([ivy.reshape(S[1, 1], (1,)), wkp1], axis=0))
            piv += [-(k + kp + 1)] * 2
            S = _sym_lower(upd)
            k += 2
            continue
        k += 1
    full = [ivy.concat([ivy.zeros((j,), dtype=dtype_of(x).ivy), c], axis=0) if j else c
            for j, c in enumerate(cols)]
    ld = ivy.stack(full, axis=1) if full else x
    return ld, piv, info


def _ldl_input(A, hermitian, name):
    x = _square(A, name)
    if hermitian and A.dtype.cat == 3:
        not_implemented(f"torch.linalg.{name}(hermitian=True) on complex input",
                        "LAPACK's hetrf (Hermitian pivoting) is not written yet; real inputs and "
                        "complex symmetric (hermitian=False) inputs are")
    return x


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    """torch.linalg.ldl_factor_ex: Bunch-Kaufman LDL (LAPACK sytrf, lower)."""
    x = _ldl_input(A, hermitian, "ldl_factor_ex")
    batch, n = tuple(A.shape[:-2]), A.shape[-1]
    flat = ivy.reshape(x, (math.prod(batch), n, n))
    lds, pivs, infos = [], [], []
    for b in range(flat.shape[0]):
        ld, p, info = _sytf2(flat[b], A.dtype.cat == 3)
        lds.append(ld)
        pivs.append(p)
        infos.append(info)
    be = ivy.backend_of(x)
    if lds:
        ld = ivy.reshape(ivy.stack(lds, axis=0), batch + (n, n))
    else:
        ld = x
    piv = ivy.reshape(be.asarray([v for p in pivs for v in p], dtype="int32"), batch + (n,))
    info = ivy.reshape(be.asarray(infos, dtype="int32"), batch)
    if check_errors and builtins.any(infos):
        raise RuntimeError(f"torch.linalg.ldl_factor_ex: Unknown error code: "
                           f"{builtins.max(infos)}.")  # torch's (internal assert) message
    return _LDLFX(wrap(ld), wrap(piv), wrap(info))


def ldl_factor(A, *, hermitian=False, out=None):
    """torch.linalg.ldl_factor: as ldl_factor_ex, raising when a D block is exactly singular."""
    LD, piv, info = ldl_factor_ex(A, hermitian=hermitian)
    if A.numel() and bool(ivy.any(ivy.not_equal(info._data, 0))):
        raise RuntimeError(f"torch.linalg.ldl_factor: Unknown error code: "
                           f"{int(ivy.to_scalar(ivy.max(info._data)))}.")
    return _LDLF(LD, piv)


def _sytrs(ld, piv, b):
    """LAPACK sytrs (lower): A X = B from sytrf's LD and pivots, one matrix; rows of B kept as a
    list so the interchanges are list swaps and each update is one vectorised Ivy call."""
    n = ld.shape[-1]
    rows = [b[i] for i in range(n)]

    def ger(lo, j):  # rows[lo:] -= LD[lo:, j] * rows[j]
        if lo < n:
            r = ivy.stack(rows[lo:], axis=0)
            r = ivy.add(r, ivy.multiply(ivy.expand_dims(ld[lo:, j], axis=1),
                                        ivy.expand_dims(ivy.negative(rows[j]), axis=0)))
            rows[lo:] = [r[i] for i in range(n - lo)]

    def gemv(lo, j):  # rows[j] -= LD[lo:, j]^T rows[lo:]
        if lo < n:
            r = ivy.stack(rows[lo:], axis=0)
            rows[j] = ivy.subtract(rows[j], ivy.sum(ivy.multiply(
                ivy.expand_dims(ld[lo:, j], axis=1), r), axis=0))

    k = 0
    while k < n:  # L D Y = P^T B
        p = piv[k]
        if p > 0:
            rows[k], rows[p - 1] = rows[p - 1], rows[k]
            ger(k + 1, k)
            rows[k] = ivy.multiply(rows[k], ivy.divide(ivy.ones_like(ld[k, k]), ld[k, k]))
            k += 1
        else:
            q = -p - 1
            rows[k + 1], rows[q] = rows[q], rows[k + 1]
            ger(k + 2, k)
            ger(k + 2, k + 1)
            akm1k = ld[k + 1, k]
            akm1 = ivy.divide(ld[k, k], akm1k)
            ak = ivy.divide(ld[k + 1, k + 1], akm1k)
            denom = ivy.subtract(ivy.multiply(akm1, ak), ivy.ones_like(ak))
            bkm1 = ivy.divide(rows[k], akm1k)
            bk = ivy.divide(rows[k + 1], akm1k)
            rows[k] = ivy.divide(ivy.subtract(ivy.multiply(ak, bkm1), bk), denom)
            rows[k + 1] = ivy.divide(ivy.subtract(ivy.multiply(akm1, bk), bkm1), denom)
            k += 2
    k = n - 1
    while k >= 0:  # L^T P^T X = Y
        p = piv[k]
        if p > 0:
            gemv(k + 1, k)
            rows[k], rows[p - 1] = rows[p - 1], rows[k]
            k -= 1
        else:
            gemv(k + 1, k)
            gemv(k + 1, k - 1)
            q = -p - 1
            rows[k], rows[q] = rows[q], rows[k]
            k -= 2
    return ivy.stack(rows, axis=0) if n else b


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    """torch.linalg.ldl_solve: A X = B from ldl_factor(_ex)'s LD and pivots (LAPACK sytrs)."""
    if LD.dtype.cat < 2:
        raise RuntimeError(f"torch.linalg.ldl_solve: Expected a floating point or complex tensor "
                           f"as input. Got {LD.dtype}")
    if hermitian and LD.dtype.cat == 3:
        not_implemented("torch.linalg.ldl_solve(hermitian=True) on complex input",
                        "LAPACK's hetrs is not written yet")
    if LD.ndim < 2 or LD.shape[-1] != LD.shape[-2]:
        raise RuntimeError("torch.linalg.ldl_solve: A must be batches of square matrices")
    if B.ndim < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of "
                         f"[{-builtins.max(B.ndim, 1)}, {builtins.max(B.ndim, 1) - 1}], but got -2)")
    if tuple(pivots.shape) != tuple(LD.shape[:-1]):
        raise RuntimeError(f"torch.linalg.ldl_solve: Expected LD.shape[:-1] and pivots.shape to "
                           f"be the same, but got pivots with shape {list(pivots.shape)} instead")
    if pivots.dtype.cat != 1:
        raise RuntimeError(f"torch.linalg.ldl_solve: Expected pivots to be integers. Got "
                           f"{pivots.dtype}")
    if LD.dtype is not B.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{B.dtype} and A of type {LD.dtype} instead.")
    n = LD.shape[-1]
    if B.shape[-2] != n:
        raise RuntimeError(f"torch.linalg.ldl_solve: Incompatible shapes of A and B for the "
                           f"equation AX = B ({n}x{n} and {B.shape[-2]}x{B.shape[-1]})")
    lbatch = tuple(LD.shape[:-2])
    batch = tuple(ivy.broadcast_shapes(lbatch, tuple(B.shape[:-2])))
    nb = math.prod(batch)
    ld = ivy.reshape(ivy.broadcast_to(LD._data, batch + (n, n)), (nb, n, n))
    p = ivy.broadcast_to(ivy.astype(pivots._data, "int64"), batch + (n,))
    piv = [[int(v) for v in row] for row in ivy.to_numpy(ivy.reshape(p, (nb, n))).tolist()]
    b = ivy.reshape(ivy.broadcast_to(B._data, batch + tuple(B.shape[-2:])),
                    (nb, n, B.shape[-1]))
    for pr in piv:
        for j, v in enumerate(pr):
            if v == 0 or builtins.abs(v) > n or (v < 0 and (j + 1 < n and pr[j + 1] != v) and
                                                 (j == 0 or pr[j - 1] != v)):
                raise RuntimeError(f"torch.linalg.ldl_solve: invalid pivots {pr} (expected "
                                   "ldl_factor's output)")
    res = [_sytrs(ld[i], piv[i], b[i]) for i in range(ld.shape[0])]
    r = ivy.stack(res, axis=0) if res else b
    return _out(wrap(ivy.reshape(r, batch + tuple(B.shape[-2:]))), out)
