"""tf.linalg as compositions of ``ivy.*`` / ``ivy.linalg.*`` calls (batched over leading axes)."""

from __future__ import annotations

import collections

import ivy

from . import _functions as _F
from ._core import BY_NAME, KIND, as_dtype, invalid, name_of, nat, not_implemented, wrap
from ._functions import INEXACT, check, match
from ._linop import _tridiag_parts

matmul = _F.matmul
norm = _F.norm
eye = _F.eye
tensordot = _F.tensordot
einsum = _F.einsum
l2_normalize = None  # set below (tf.linalg.l2_normalize is tf.math.l2_normalize)


def _sq(op, x):
    d = nat(x)
    check(op, name_of(d), INEXACT)
    if len(d.shape) < 2 or int(d.shape[-1]) != int(d.shape[-2]):
        invalid(f"Input matrix must be square; got {list(d.shape)}", op)
    return d


def inv(input, adjoint=False, name=None):  # noqa: A002
    d = _sq("MatrixInverse", input)
    if adjoint:
        d = adjoint_(d)
    return wrap(ivy.linalg.inv(d))


def adjoint_(d):
    t = ivy.matrix_transpose(d)
    return ivy.conj(t) if KIND[name_of(d)] == "c" else t


def adjoint(matrix, name=None):
    return wrap(adjoint_(nat(matrix)))


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    d = nat(a)
    if len(d.shape) < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` "
                         f"= {a} with shape: {list(d.shape)}")
    return wrap(adjoint_(d) if conjugate else ivy.matrix_transpose(d))


def det(input, name=None):  # noqa: A002
    return wrap(ivy.linalg.det(_sq("MatrixDeterminant", input)))


def slogdet(input, name=None):  # noqa: A002
    r = ivy.linalg.slogdet(_sq("LogMatrixDeterminant", input))
    return wrap(r[0]), wrap(r[1])


def logdet(matrix, name=None):
    d = _sq("Cholesky", matrix)
    ch = ivy.linalg.cholesky(d)
    return wrap(ivy.multiply(ivy.sum(ivy.log(ivy.linalg.diagonal(ch)), axis=-1), 2.0))


def cholesky(input, name=None):  # noqa: A002
    return wrap(ivy.linalg.cholesky(_sq("Cholesky", input)))


Qr = collections.namedtuple("Qr", ["q", "r"])


def qr(input, full_matrices=False, name=None):  # noqa: A002
    d = nat(input)
    check("Qr", name_of(d), INEXACT)
    q, r = ivy.linalg.qr(d, mode="complete" if full_matrices else "reduced")
    return Qr(wrap(q), wrap(r))


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """(s, u, v) -- TensorFlow returns v, not v^H."""
    d = nat(tensor)
    check("Svd", name_of(d), INEXACT)
    if not compute_uv:
        return wrap(ivy.linalg.svdvals(d))
    u, s, vh = ivy.linalg.svd(d, full_matrices=bool(full_matrices))
    return wrap(s), wrap(u), wrap(adjoint_(vh))


def eigh(tensor, name=None):
    d = _sq("SelfAdjointEigV2", tensor)
    e, v = ivy.linalg.eigh(d)
    return wrap(e), wrap(v)


def eigvalsh(tensor, name=None):
    return wrap(ivy.linalg.eigvalsh(_sq("SelfAdjointEigV2", tensor)))


def solve(matrix, rhs, adjoint=False, name=None):
    (a, b), n = match("MatrixSolve", matrix, rhs)
    _sq("MatrixSolve", matrix)
    if adjoint:
        a = adjoint_(a)
    if len(b.shape) < 2 or int(b.shape[-2]) != int(a.shape[-1]):
        invalid(f"Input matrix and right-hand side must have the same number of rows: "
                f"{list(a.shape)} vs. {list(b.shape)}", "MatrixSolve")
    return wrap(ivy.linalg.solve(a, b))


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    (a, b), n = match("MatrixTriangularSolve", matrix, rhs)
    _sq("MatrixTriangularSolve", matrix)
    a = ivy.tril(a) if lower else ivy.triu(a)
    if adjoint:
        a = adjoint_(a)
    return wrap(ivy.linalg.solve(a, b))


def cholesky_solve(chol, rhs, name=None):
    y = triangular_solve(chol, rhs, lower=True)
    return triangular_solve(chol, y, lower=True, adjoint=True)


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """Least squares via the regularised normal equations (TensorFlow's ``fast=True`` path)."""
    if not fast:
        not_implemented("tf.linalg.lstsq(fast=False)", "needs a complete orthogonal "
                        "decomposition")
    (a, b), n = match("MatrixSolveLs", matrix, rhs)
    at = adjoint_(a)
    m, k = int(a.shape[-2]), int(a.shape[-1])
    lam = float(l2_regularizer)
    if m >= k:
        g = ivy.matmul(at, a)
        if lam:
            g = ivy.add(g, ivy.multiply(ivy.eye(k, dtype=n), lam))
        ch = ivy.linalg.cholesky(g)
        y = ivy.linalg.solve(ch, ivy.matmul(at, b))
        return wrap(ivy.linalg.solve(adjoint_(ch), y))
    g = ivy.matmul(a, at)
    if lam:
        g = ivy.add(g, ivy.multiply(ivy.eye(m, dtype=n), lam))
    ch = ivy.linalg.cholesky(g)
    y = ivy.linalg.solve(adjoint_(ch), ivy.linalg.solve(ch, b))
    return wrap(ivy.matmul(at, y))


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):  # noqa: A002
    if k != 0:
        not_implemented("tf.linalg.diag_part(k != 0)")
    return wrap(ivy.linalg.diagonal(nat(input)))


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    if k != 0 or num_rows != -1 or num_cols != -1:
        not_implemented("tf.linalg.diag with k/num_rows/num_cols")
    d = nat(diagonal)
    n = int(d.shape[-1])
    e = ivy.astype(ivy.eye(n), "bool")
    return wrap(ivy.where(e, ivy.expand_dims(d, axis=-1), ivy.zeros_like(ivy.expand_dims(d, -1))))


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):  # noqa: A002
    if k != 0:
        not_implemented("tf.linalg.set_diag(k != 0)")
    x = nat(input)
    dg = nat(diagonal, BY_NAME[name_of(x)])
    m, n = int(x.shape[-2]), int(x.shape[-1])
    e = ivy.astype(ivy.eye(m, n), "bool")
    k_ = min(m, n)
    full = ivy.concat([dg, ivy.zeros(tuple(dg.shape[:-1]) + (n - k_,), dtype=name_of(x))],
                      axis=-1) if n > k_ else dg
    return wrap(ivy.where(e, ivy.expand_dims(full, axis=-2), x))


def band_part(input, num_lower, num_upper, name=None):  # noqa: A002
    d = nat(input)
    m, n = int(d.shape[-2]), int(d.shape[-1])
    lo, up = _F._int(num_lower), _F._int(num_upper)
    i = ivy.reshape(ivy.arange(m, dtype="int64"), (m, 1))
    j = ivy.reshape(ivy.arange(n, dtype="int64"), (1, n))
    keep = ivy.ones((m, n), dtype="bool")
    if lo >= 0:
        keep = ivy.logical_and(keep, ivy.less_equal(ivy.subtract(i, j), lo))
    if up >= 0:
        keep = ivy.logical_and(keep, ivy.less_equal(ivy.subtract(j, i), up))
    return wrap(ivy.where(keep, d, ivy.zeros_like(d)))


def trace(x, name=None):
    d = nat(x)
    return wrap(ivy.sum(ivy.linalg.diagonal(d), axis=-1, dtype=name_of(d)))


def cross(a, b, name=None):
    (x, y), n = match("Cross", a, b)
    return wrap(ivy.linalg.cross(x, y))


def pinv(a, rcond=None, validate_args=False, name=None):
    d = nat(a)
    if rcond is None:
        return wrap(ivy.linalg.pinv(d))
    return wrap(ivy.linalg.pinv(d, rtol=rcond))


def matrix_rank(a, tol=None, validate_args=False, name=None):
    d = nat(a)
    check("MatrixRank", name_of(d), INEXACT)
    s = ivy.linalg.svdvals(d)
    if tol is None:
        m, n = int(d.shape[-2]), int(d.shape[-1])
        eps = float(ivy.finfo(name_of(s)).eps)
        t = ivy.multiply(ivy.max(s, axis=-1, keepdims=True), float(max(m, n)) * eps)
    else:
        t = ivy.astype(ivy.asarray(tol), name_of(s))
    return wrap(ivy.sum(ivy.astype(ivy.greater(s, t), "int32"), axis=-1, dtype="int32"))


def _l1(d):
    """The matrix 1-norm (max column sum of |d|), shape [..., 1, 1]."""
    return ivy.max(ivy.sum(ivy.abs(d), axis=-2, keepdims=True), axis=-1, keepdims=True)


_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)
_MAX_SQUARINGS = 48


def expm(input, name=None):  # noqa: A002
    """Scaling and squaring with the [13/13] Pade approximant (Higham 2005, TF's recipe for
    float64): ``A / 2**s`` with ``s = max(0, ceil(log2(|A|_1 / 5.37)))`` and then ``s``
    squarings, selected with ``ivy.where`` over at most 48 steps (so no host sync)."""
    d = _sq("MatrixExponential", input)
    check("MatrixExponential", name_of(d), ("float16", "float32", "float64", "complex64",
                                            "complex128"))
    dt = name_of(d)
    if int(d.shape[-1]) == 0:
        return wrap(d)
    work = "float32" if dt == "float16" else dt
    a = ivy.astype(d, work)
    rdt = {"complex64": "float32", "complex128": "float64"}.get(work, work)
    nrm = ivy.astype(_l1(a), rdt)
    s = ivy.maximum(ivy.ceil(ivy.log2(ivy.divide(nrm, 5.371920351148152))), 0.0)
    s = ivy.minimum(s, float(_MAX_SQUARINGS))
    a = ivy.multiply(a, ivy.astype(ivy.pow(2.0, ivy.negative(s)), work))
    n = int(a.shape[-1])
    eye_ = ivy.eye(n, dtype=work)
    a2 = ivy.matmul(a, a)
    a4 = ivy.matmul(a2, a2)
    a6 = ivy.matmul(a4, a2)
    b = [ivy.asarray(c, dtype=work) for c in _PADE13]
    u1 = ivy.add(ivy.add(ivy.multiply(b[13], a6), ivy.multiply(b[11], a4)),
                 ivy.multiply(b[9], a2))
    u = ivy.matmul(a, ivy.add(ivy.matmul(a6, u1), ivy.add(ivy.add(
        ivy.multiply(b[7], a6), ivy.multiply(b[5], a4)), ivy.add(ivy.multiply(b[3], a2),
                                                                  ivy.multiply(b[1], eye_)))))
    v1 = ivy.add(ivy.add(ivy.multiply(b[12], a6), ivy.multiply(b[10], a4)),
                 ivy.multiply(b[8], a2))
    v = ivy.add(ivy.matmul(a6, v1), ivy.add(ivy.add(ivy.multiply(b[6], a6),
                                                    ivy.multiply(b[4], a4)),
                                            ivy.add(ivy.multiply(b[2], a2),
                                                    ivy.multiply(b[0], eye_))))
    r = ivy.linalg.solve(ivy.subtract(v, u), ivy.add(v, u))
    for i in range(_MAX_SQUARINGS):
        r = ivy.where(ivy.greater(s, float(i)), ivy.matmul(r, r), r)
    return wrap(ivy.astype(r, dt))


def _sqrtm_db(a, iters=40):
    """Principal square root by the product form of the Denman-Beavers iteration
    (Higham, Functions of Matrices 6.17), determinant-scaled; fixed iteration count."""
    n = int(a.shape[-1])
    dt = name_of(a)
    eye_ = ivy.eye(n, dtype=dt)
    m = a
    y = a
    half = ivy.asarray(0.5, dtype=dt)
    quarter = ivy.asarray(0.25, dtype=dt)
    for _ in range(iters):
        mi = ivy.linalg.inv(m)
        y = ivy.multiply(half, ivy.matmul(y, ivy.add(eye_, mi)))
        m = ivy.add(ivy.multiply(half, eye_), ivy.multiply(quarter, ivy.add(m, mi)))
    return y


def sqrtm(input, name=None):  # noqa: A002
    """The principal square root (TF: Schur method) by Denman-Beavers iterations; defined for
    matrices without eigenvalues on the closed negative real axis."""
    d = _sq("MatrixSquareRoot", input)
    check("MatrixSquareRoot", name_of(d), ("float32", "float64", "complex64", "complex128"))
    if int(d.shape[-1]) == 0:
        return wrap(d)
    return wrap(_sqrtm_db(d))



def logm(input, name=None):  # noqa: A002
    """Inverse scaling and squaring: 8 square roots (Denman-Beavers), then the series
    ``log(X) = 2 atanh((X - I)(X + I)^-1)``; complex inputs only, as TF's kernel."""
    d = _sq("MatrixLogarithm", input)
    check("MatrixLogarithm", name_of(d), ("complex64", "complex128"))
    dt = name_of(d)
    n = int(d.shape[-1])
    if n == 0:
        return wrap(d)
    k = 8
    x = d
    for _ in range(k):
        x = _sqrtm_db(x, iters=24)
    eye_ = ivy.eye(n, dtype=dt)
    z = ivy.linalg.solve(ivy.add(x, eye_), ivy.subtract(x, eye_))
    z2 = ivy.matmul(z, z)
    term = z
    acc = z
    for j in range(3, 24, 2):
        term = ivy.matmul(term, z2)
        acc = ivy.add(acc, ivy.multiply(ivy.asarray(1.0 / j, dtype=dt), term))
    return wrap(ivy.multiply(ivy.asarray(2.0 ** (k + 1), dtype=dt), acc))


def lu(input, output_idx_type="int32", name=None):  # noqa: A002
    """LU with partial pivoting (largest |pivot|, first on ties, as Eigen's PartialPivLU):
    ``(lu, p)`` with ``A[p] = L U``, unit-diagonal L packed below U. A static loop over the
    columns of ivy ops (batched)."""
    d = _sq("Lu", input)
    check("Lu", name_of(d), INEXACT)
    idx_t = as_dtype(output_idx_type).name
    if idx_t not in ("int32", "int64"):
        invalid(f"Value for attr 'output_idx_type' of {idx_t} is not in the list of allowed "
                f"values: int32, int64", "Lu")
    n = int(d.shape[-1])
    batch = tuple(int(v) for v in d.shape[:-2])
    a = d
    rows = ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1))
    cols = ivy.reshape(ivy.arange(n, dtype="int64"), (1, n))
    perm = ivy.broadcast_to(ivy.arange(n, dtype="int64"), batch + (n,))
    for k in range(n):
        col = ivy.abs(ivy.get_item(a, (Ellipsis, slice(k, None), k)))
        piv = ivy.add(ivy.argmax(col, axis=-1, keepdims=True), k)          # [..., 1]
        pidx = ivy.expand_dims(piv, axis=-1)                                # [..., 1, 1]
        row_k = ivy.get_item(a, (Ellipsis, slice(k, k + 1), slice(None)))   # [..., 1, n]
        row_p = ivy.take_along_axis(a, ivy.broadcast_to(pidx, batch + (1, n)), axis=-2)
        a = ivy.where(ivy.equal(rows, k), row_p, ivy.where(ivy.equal(rows, pidx), row_k, a))
        pk = ivy.get_item(perm, (Ellipsis, slice(k, k + 1)))
        pp = ivy.take_along_axis(perm, piv, axis=-1)
        ar = ivy.arange(n, dtype="int64")
        perm = ivy.where(ivy.equal(ar, k), pp, ivy.where(ivy.equal(ar, piv), pk, perm))
        pivot = ivy.get_item(a, (Ellipsis, slice(k, k + 1), slice(k, k + 1)))
        below = ivy.greater(rows, k)
        lcol = ivy.where(below, ivy.divide(ivy.get_item(a, (Ellipsis, slice(None),
                                                            slice(k, k + 1))), pivot),
                         ivy.zeros_like(pivot))                             # [..., n, 1]
        urow = ivy.where(ivy.greater(cols, k), ivy.get_item(a, (Ellipsis, slice(k, k + 1),
                                                                slice(None))),
                         ivy.zeros_like(pivot))                             # [..., 1, n]
        a = ivy.subtract(a, ivy.multiply(lcol, urow))
        a = ivy.where(ivy.logical_and(below, ivy.equal(cols, k)), lcol, a)
    return Lu(wrap(a), wrap(ivy.astype(perm, idx_t)))


Lu = collections.namedtuple("Lu", ["lu", "p"])


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """``bands`` [..., K, M] in LEFT_RIGHT alignment (lower: row k is the k-th subdiagonal,
    right-aligned; upper: row K-1-k the k-th superdiagonal, left-aligned), as a dense
    triangular matrix solved with ``ivy.linalg.solve``."""
    (bd, r), _ = match("BandedTriangularSolve", bands, rhs)
    check("BandedTriangularSolve", name_of(bd), INEXACT)
    if len(bd.shape) < 2:
        invalid(f"Input must be at least rank 2, got: {len(bd.shape)}", "BandedTriangularSolve")
    kk, m = int(bd.shape[-2]), int(bd.shape[-1])
    if kk > m:
        invalid(f"Number of bands ({kk}) must be at most the size of the matrix ({m})",
                "BandedTriangularSolve")
    idx, mask = [], []
    for i in range(m):
        ri, mi = [], []
        for j in range(m):
            k = (i - j) if lower else (j - i)
            ok = 0 <= k < kk
            ri.append(((k if lower else kk - 1 - k) * m + (i if lower else i)) if ok else 0)
            mi.append(ok)
        idx.append(ri)
        mask.append(mi)
    flat = ivy.reshape(bd, tuple(bd.shape[:-2]) + (kk * m,))
    dense = ivy.take(flat, ivy.asarray(idx, dtype="int64"), axis=-1)
    dense = ivy.where(ivy.asarray(mask), dense, ivy.zeros_like(dense))
    if adjoint:
        dense = adjoint_(dense)
    if len(r.shape) < 2 or int(r.shape[-2]) != m:
        invalid(f"Input matrix and right-hand side must have the same number of rows: "
                f"{list(bd.shape)} vs. {list(r.shape)}", "BandedTriangularSolve")
    shape = tuple(int(v) for v in ivy.broadcast_shapes(tuple(dense.shape[:-2]),
                                                        tuple(r.shape[:-2])))
    dense = ivy.broadcast_to(dense, shape + (m, m))
    r = ivy.broadcast_to(r, shape + tuple(int(v) for v in r.shape[-2:]))
    return wrap(ivy.linalg.solve(dense, r))


def eigh_tridiagonal(alpha, beta, eigvals_only=True, select="a", select_range=None, tol=None,
                     name=None):
    """Eigenvalues (ascending; and vectors) of the symmetric/Hermitian tridiagonal matrix with
    diagonal ``alpha`` and off-diagonal ``beta``, via ``ivy.linalg.eigh`` of the dense matrix.
    ``select='i'`` keeps indices ``select_range[0]..select_range[1]``, ``'v'`` the values in
    ``(lo, hi]`` (a data-dependent size, as in TF)."""
    a, b = nat(alpha), nat(beta)
    if name_of(a) not in ("float32", "float64"):
        raise ValueError(f"alpha must be float32 or float64, got {name_of(a)}")
    n = int(a.shape[-1])
    if int(b.shape[-1]) != n - 1:
        raise ValueError(f"beta must have length {n - 1}, got {int(b.shape[-1])}")
    cdt = name_of(b)
    if KIND[cdt] != "c" and cdt != name_of(a):
        raise ValueError(f"alpha and beta must have the same dtype: {name_of(a)} vs {cdt}")
    dt = cdt
    ac = ivy.astype(a, dt)
    dense = ivy.multiply(ivy.expand_dims(ac, axis=-1), ivy.eye(n, dtype=dt))
    if n > 1:
        bc = ivy.conj(b) if KIND[dt] == "c" else b
        dense = ivy.add(dense, ivy.multiply(ivy.expand_dims(ivy.pad(bc, [(1, 0)]), axis=-1),
                                            ivy.eye(n, k=-1, dtype=dt)))
        dense = ivy.add(dense, ivy.multiply(ivy.expand_dims(ivy.pad(b, [(0, 1)]), axis=-1),
                                            ivy.eye(n, k=1, dtype=dt)))
    if eigvals_only:
        e, v = ivy.linalg.eigvalsh(dense), None
    else:
        e, v = ivy.linalg.eigh(dense)
    if select in ("a", "all"):
        pass
    elif select in ("i", "index"):
        lo, hi = int(select_range[0]), int(select_range[1])
        e = ivy.get_item(e, slice(lo, hi + 1))
        if v is not None:
            v = ivy.get_item(v, (slice(None), slice(lo, hi + 1)))
    elif select in ("v", "value"):
        lo, hi = select_range
        keep = ivy.logical_and(ivy.greater(e, lo), ivy.less_equal(e, hi))
        ix = ivy.nonzero(keep)[0]
        e = ivy.take(e, ix, axis=0)
        if v is not None:
            v = ivy.take(v, ix, axis=1)
    else:
        raise ValueError(f"Invalid select: {select!r}")
    return wrap(e) if eigvals_only else (wrap(e), wrap(v))


def eig(tensor, name=None):
    e, v = ivy.linalg.eig(nat(tensor))
    return wrap(e), wrap(v)


def eigvals(tensor, name=None):
    return wrap(ivy.linalg.eigvals(nat(tensor)))


def global_norm(t_list, name=None):
    return _F.global_norm(t_list)


def normalize(tensor, ord="euclidean", axis=None, name=None):  # noqa: A002
    n = _F.norm(tensor, ord=ord, axis=axis, keepdims=True)
    return _F.truediv(tensor, n), n


def _l2(*a, **k):
    from .nn import l2_normalize as f

    return f(*a, **k)


l2_normalize = _l2


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    r = _F.matmul(a, _F.expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return _F.squeeze(r, axis=-1)


def tensor_diag(diagonal, name=None):
    d = nat(diagonal)
    shape = tuple(int(s) for s in d.shape)
    n = 1
    for s in shape:
        n *= s
    flat = diag(wrap(ivy.reshape(d, (n,))))._data
    return wrap(ivy.reshape(flat, shape + shape))


def tensor_diag_part(input, name=None):  # noqa: A002
    d = nat(input)
    shape = tuple(int(s) for s in d.shape)
    k = len(shape) // 2
    n = 1
    for s in shape[:k]:
        n *= s
    return wrap(ivy.reshape(ivy.linalg.diagonal(ivy.reshape(d, (n, n))), shape[:k]))


def _same_dtype(op, x, y):
    if name_of(x) != name_of(y):
        invalid(f"cannot compute {op} as input #1(zero-based) was expected to be a "
                f"{name_of(x)} tensor but is a {name_of(y)} tensor", op)


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    sup, mid, sub = _tridiag_parts(diagonals, diagonals_format)
    r = nat(rhs)
    _same_dtype("TridiagonalMatMul", mid, r)
    m = int(r.shape[-2])
    z = ivy.zeros_like(ivy.get_item(r, (Ellipsis, slice(0, 1), slice(None))))
    up = ivy.concat([ivy.get_item(r, (Ellipsis, slice(1, None), slice(None))), z], axis=-2)
    down = ivy.concat([z, ivy.get_item(r, (Ellipsis, slice(0, m - 1), slice(None)))], axis=-2)
    out = ivy.add(ivy.add(ivy.multiply(ivy.expand_dims(mid, axis=-1), r),
                          ivy.multiply(ivy.expand_dims(sup, axis=-1), up)),
                  ivy.multiply(ivy.expand_dims(sub, axis=-1), down))
    return wrap(out)


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False,
                      conjugate_rhs=False, name=None, partial_pivoting=True,
                      perturb_singular=False):
    if perturb_singular:
        not_implemented("tf.linalg.tridiagonal_solve", "perturb_singular=True")
    sup, mid, sub = _tridiag_parts(diagonals, diagonals_format)
    m = int(mid.shape[-1])
    dt = name_of(mid)
    dense = ivy.add(ivy.add(ivy.multiply(ivy.expand_dims(mid, axis=-1), ivy.eye(m, dtype=dt)),
                            ivy.multiply(ivy.expand_dims(sup, axis=-1), ivy.eye(m, k=1, dtype=dt))),
                    ivy.multiply(ivy.expand_dims(sub, axis=-1), ivy.eye(m, k=-1, dtype=dt)))
    r = nat(rhs)
    _same_dtype("TridiagonalSolve", mid, r)
    vec = len(r.shape) == len(mid.shape)
    if transpose_rhs:
        r = ivy.expand_dims(r, axis=-1) if vec else ivy.matrix_transpose(r)
    elif vec:
        r = ivy.expand_dims(r, axis=-1)
    if conjugate_rhs:
        r = ivy.conj(r)
    out = ivy.linalg.solve(dense, r)
    if vec:
        out = ivy.get_item(out, (Ellipsis, 0))
    return wrap(out)


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    lu = nat(lower_upper)
    p = nat(perm)
    m = int(lu.shape[-1])
    lower = ivy.add(band_part(wrap(lu), -1, 0)._data,
                    ivy.subtract(ivy.eye(m, dtype=name_of(lu)),
                                 ivy.multiply(ivy.eye(m, dtype=name_of(lu)), lu)))
    upper = band_part(wrap(lu), 0, -1)._data
    x = ivy.matmul(lower, upper)
    inv = ivy.argsort(p, axis=-1)
    idx = ivy.broadcast_to(ivy.expand_dims(ivy.astype(inv, "int64"), axis=-1), tuple(x.shape))
    return wrap(ivy.take_along_axis(x, idx, axis=-2))


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    a = lu_reconstruct(lower_upper, perm)._data
    r = nat(rhs)
    _same_dtype("MatrixSolve", a, r)
    return wrap(ivy.linalg.solve(a, r))


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    return wrap(ivy.linalg.inv(lu_reconstruct(lower_upper, perm)._data))


from ._linop import *  # noqa: E402,F401,F403
