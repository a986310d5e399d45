"""tf.linalg as compositions of ``ivy.*`` / ``ivy.linalg.*`` calls (batched over leading axes)."""

from __future__ import annotations

import collections

import ivy

from . import _functions as _F
from ._core import BY_NAME, KIND, invalid, name_of, nat, not_implemented, wrap
from ._functions import INEXACT, check, match

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


def expm(input, name=None):  # noqa: A002
    not_implemented("tf.linalg.expm", "needs ivy.linalg.matrix_exp")


def logm(input, name=None):  # noqa: A002
    not_implemented("tf.linalg.logm")


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


def _tridiag_parts(diagonals, diagonals_format):
    """(superdiagonal, diagonal, subdiagonal) as native arrays of shape [..., M]."""
    if diagonals_format == "compact":
        d = nat(diagonals)
        return tuple(ivy.get_item(d, (Ellipsis, i, slice(None))) for i in range(3))
    if diagonals_format == "sequence":
        sup, mid, sub = (nat(x) for x in diagonals)
        return sup, mid, sub
    if diagonals_format == "matrix":
        m = nat(diagonals)
        return (ivy.pad(ivy.diagonal(m, offset=1, axis1=-2, axis2=-1),
                        [(0, 0)] * (len(m.shape) - 2) + [(0, 1)]),
                ivy.diagonal(m, axis1=-2, axis2=-1),
                ivy.pad(ivy.diagonal(m, offset=-1, axis1=-2, axis2=-1),
                        [(0, 0)] * (len(m.shape) - 2) + [(1, 0)]))
    raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")


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
