"""``jax.lax.linalg`` (``cholesky``, ``eigh``, ``svd``, ``qr``, ``lu``, ``triangular_solve``, ...).

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import numpy as np

import ivy

from .._array import asarray, wrap
from .._core import KIND, name_of
from ._base import _min, _range


# -- lax.linalg -----------------------------------------------------------------------------------
# The decompositions and solves of ``jax.lax.linalg`` composed from Ivy's linear algebra. The
# results follow JAX's conventions (LAPACK's on CPU); what a decomposition leaves open (the signs
# of eigen/singular vectors, a basis of a repeated eigenvalue's space, the order of ``eig``'s
# eigenvalues) is not reproducible across frameworks: the transpiler compares those up to that
# freedom and refuses a program whose result depends on it.
def _d(x):
    return asarray(x)._data


def _mT(x):
    return ivy.matrix_transpose(x)


def _mH(x):
    return ivy.conj(_mT(x)) if KIND[name_of(x)] == "c" else _mT(x)


def _hermitian_from(x, lower):
    """The Hermitian matrix LAPACK sees given one triangle of ``x`` (the other is ignored, and
    only the real part of the diagonal is read)."""
    strict = ivy.tril(x, k=-1) if lower else ivy.triu(x, k=1)
    dg = ivy.multiply(x, _eye_like(x))
    if KIND[name_of(x)] == "c":
        dg = ivy.astype(ivy.real(dg), name_of(x))
    return ivy.add(ivy.add(strict, _mH(strict)), dg)


def _eye_like(x, n=None, m=None):
    n = x.shape[-2] if n is None else n
    m = x.shape[-1] if m is None else m
    return ivy.eye(n, m, dtype=name_of(x))


def _linalg_cholesky(x, *, symmetrize_input=True, keep_upper=False):
    """The lower Cholesky factor from the lower triangle of ``x``; ``keep_upper``: the strict
    upper triangle of ``x`` left in place, as the ``cholesky`` primitive (LAPACK's potrf) does."""
    a = _d(x)
    if a.shape[-1] == 0:  # nothing to factor (the positive-definiteness test has no minimum)
        return wrap(a)
    if symmetrize_input:
        a = ivy.divide(ivy.add(a, _mH(a)), 2)
    h = _hermitian_from(a, True)
    # JAX (LAPACK's potrf) gives NaN for a matrix that is not positive definite where the Ivy
    # backends raise: factor the identity there instead and put NaN in its place
    pd = ivy.expand_dims(ivy.greater(ivy.min(ivy.linalg.eigvalsh(h), axis=-1), 0), axis=(-2, -1))
    eye = ivy.broadcast_to(_eye_like(h), tuple(h.shape))
    low = ivy.tril(ivy.linalg.cholesky(ivy.stop_gradient(ivy.where(pd, h, eye))))
    low = ivy.where(pd, low, ivy.full_like(low, float("nan")))
    # JAX's derivative (its JVP: dL = L phi(L^-1 dA L^-H), phi: the lower triangle with the
    # diagonal halved, dA the whole tangent, not symmetrised as PyTorch's cholesky backward
    # does) as a term that is zero in value and linear in dA
    d_a = ivy.subtract(a, ivy.stop_gradient(a))
    safe, ok = _solvable(low)
    x = ivy.linalg.solve(safe, d_a)  # L^-1 dA
    y = _nan_unless(ok, _mH(ivy.linalg.solve(safe, _mH(x))))  # L^-1 dA L^-H
    phi = ivy.multiply(ivy.tril(y), ivy.subtract(1.0, ivy.multiply(_eye_like(y), 0.5)))
    low = ivy.add(low, ivy.matmul(low, phi))
    if keep_upper:  # the primitive's strict upper triangle: the input's, with no derivative
        low = ivy.add(low, ivy.stop_gradient(ivy.triu(a, k=1)))
    return wrap(low)


def _linalg_eigh(x, *, lower=True, symmetrize_input=True, sort_eigenvalues=True,
                 subset_by_index=None):
    a = _d(x)
    if symmetrize_input:
        a = ivy.divide(ivy.add(a, _mH(a)), 2)
    w, v = ivy.linalg.eigh(_hermitian_from(a, lower))  # ascending, as LAPACK's syevd
    if subset_by_index is not None:
        lo, hi = (int(i) for i in subset_by_index)
        if (lo, hi) != (0, a.shape[-1]):
            w, v = ivy.get_item(w, np.s_[..., lo:hi]), ivy.get_item(v, np.s_[..., lo:hi])
    return wrap(v), wrap(w)


def _linalg_svd(x, *, full_matrices=True, compute_uv=True, subset_by_index=None):
    """``subset_by_index=(lo, hi)``: the singular values ``lo..hi-1`` (descending) and their
    vectors, as the full SVD sliced (JAX requires ``full_matrices=False`` there)."""
    a = _d(x)
    sub = None
    if subset_by_index is not None:
        k = _min(a.shape[-2], a.shape[-1])
        lo, hi = (int(i) for i in subset_by_index)
        if (lo, hi) != (0, k):
            if full_matrices and compute_uv:
                raise ValueError("full_matrices and subset_by_index cannot both be set")
            sub = np.s_[lo:hi]
    if not compute_uv:
        s = ivy.linalg.svdvals(a)
        return wrap(s if sub is None else ivy.get_item(s, np.s_[..., sub]))
    u, s, vh = ivy.linalg.svd(a, full_matrices=full_matrices)
    if sub is not None:
        u, s = ivy.get_item(u, np.s_[..., :, sub]), ivy.get_item(s, np.s_[..., sub])
        vh = ivy.get_item(vh, np.s_[..., sub, :])
    return wrap(u), wrap(s), wrap(vh)


def _linalg_qr(x, *, pivoting=False, full_matrices=True):
    """``(q, r)``, or ``(q, r, p)`` with ``pivoting``: the QR of ``x[..., p]`` whose columns
    ``p`` are LAPACK's geqp3 pivots (:func:`_householder`); Q and R themselves come from the
    backend's QR of the permuted matrix (LAPACK's Householder signs on every backend, and its
    derivative; the permutation is piecewise constant)."""
    a = _d(x)
    mode = "complete" if full_matrices else "reduced"
    if not pivoting:
        q, r = ivy.linalg.qr(a, mode=mode)
        return wrap(q), wrap(r)
    m, n = a.shape[-2], a.shape[-1]
    if m == 0 or n == 0:  # JAX's lowering: identity Q, zero R, zero pivots
        k = m if full_matrices else _min(m, n)
        batch = tuple(a.shape[:-2])
        return (wrap(ivy.broadcast_to(_eye_like(a, m, k), batch + (m, k))),
                wrap(ivy.zeros(batch + (k, n), dtype=name_of(a))),
                wrap(ivy.zeros(batch + (n,), dtype="int32")))
    _, _, p = _householder(ivy.stop_gradient(a), pivoting=True)
    idx = ivy.broadcast_to(ivy.expand_dims(p, axis=-2), tuple(a.shape))
    q, r = ivy.linalg.qr(ivy.take_along_axis(a, idx, axis=-1), mode=mode)
    return wrap(q), wrap(r), wrap(ivy.astype(p, "int32"))


def _householder(a, pivoting=False):
    """Householder QR as LAPACK's geqrf (``pivoting``: geqp3): ``(packed, taus, perm)``, R on
    and above the diagonal of ``packed`` and the reflectors' vectors below it (unit leading
    entry implied), ``H_j = I - tau_j v_j v_j^H`` with dlarfg's choice ``beta = -sign(re alpha)
    ||x||`` (``tau = 0`` when the column below the diagonal is zero and ``alpha`` real). With
    ``pivoting`` each step first swaps in the remaining column of largest norm over the rows
    not yet reduced (the first such, as idamax; geqp3 downdates these norms, so only columns
    within rounding of a tie can be chosen otherwise). Unrolled over ``min(m, n)`` steps."""
    m, n = a.shape[-2], a.shape[-1]
    batch = tuple(a.shape[:-2])
    dt = name_of(a)
    cplx = KIND[dt] == "c"
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)  # (m, 1)
    cols = ivy.arange(n, dtype="int64")  # (n,)
    perm = ivy.broadcast_to(cols, batch + (n,))
    taus = []

    def sq(v):
        return ivy.add(ivy.square(ivy.real(v)), ivy.square(ivy.imag(v))) if cplx else \
            ivy.square(v)

    for j in _range(_min(m, n)):
        if pivoting:
            norms = ivy.sum(ivy.where(ivy.greater_equal(rows, j), sq(a), ivy.zeros_like(sq(a))),
                            axis=-2)  # (..., n)
            norms = ivy.where(ivy.less(cols, j), ivy.full_like(norms, -1.0), norms)
            p = ivy.astype(ivy.argmax(norms, axis=-1, keepdims=True), "int64")  # (..., 1)
            sw = _swap_index(n, j, p)  # (..., n)
            perm = ivy.take_along_axis(perm, sw, axis=-1)
            a = ivy.take_along_axis(a, ivy.broadcast_to(ivy.expand_dims(sw, axis=-2),
                                                        batch + (m, n)), axis=-1)
        col = ivy.get_item(a, np.s_[..., :, j:j + 1])  # (..., m, 1)
        alpha = ivy.get_item(a, np.s_[..., j:j + 1, j:j + 1])  # (..., 1, 1)
        below = ivy.greater(rows, j)
        xnorm2 = ivy.sum(ivy.where(below, sq(col), ivy.zeros_like(sq(col))), axis=-2,
                         keepdims=True)
        re_a = ivy.real(alpha) if cplx else alpha
        norm = ivy.sqrt(ivy.add(sq(alpha), xnorm2))
        beta = ivy.multiply(ivy.where(ivy.greater_equal(re_a, 0), ivy.full_like(re_a, -1.0),
                                      ivy.full_like(re_a, 1.0)), norm)  # real
        trivial = ivy.equal(xnorm2, 0)
        if cplx:
            trivial = ivy.logical_and(trivial, ivy.equal(ivy.imag(alpha), 0))
            beta = ivy.astype(beta, dt)
        one = ivy.ones_like(alpha)
        tau = ivy.where(trivial, ivy.zeros_like(alpha),
                        ivy.divide(ivy.subtract(beta, alpha), ivy.where(trivial, one, beta)))
        den = ivy.where(trivial, one, ivy.subtract(alpha, beta))
        v = ivy.where(below, ivy.divide(col, den),
                      ivy.astype(ivy.equal(rows, j), dt))  # (..., m, 1)
        # the trailing columns: H^H a, H^H = I - conj(tau) v v^H
        tc = ivy.conj(tau) if cplx else tau
        upd = ivy.multiply(tc, ivy.matmul(v, ivy.matmul(_mH(v), a)))
        a = ivy.subtract(a, ivy.where(ivy.greater(cols, j), upd, ivy.zeros_like(upd)))
        newcol = ivy.where(ivy.equal(rows, j), ivy.where(trivial, alpha, beta),
                           ivy.where(below, v, col))
        a = ivy.where(ivy.equal(cols, j), newcol, a)
        taus.append(ivy.reshape(tau, batch + (1,)))
    taus = ivy.concat(taus, axis=-1) if taus else ivy.zeros(batch + (0,), dtype=dt)
    return a, taus, perm


def _linalg_geqrf(x):
    """LAPACK's geqrf: ``(packed reflectors and R, taus)`` (:func:`_householder`)."""
    a, taus, _ = _householder(_d(x))
    return wrap(a), wrap(taus)


def _linalg_geqp3(x, jpvt):
    """LAPACK's geqp3 (column-pivoted geqrf): ``(packed, 1-based pivots, taus)``; every column
    is free, as with the zero ``jpvt`` JAX's ``qr`` passes (a non-zero ``jpvt``, which fixes
    columns in front, is not read: the transpiler's per-op check refuses the different
    result)."""
    a, taus, perm = _householder(_d(x), pivoting=True)
    return wrap(a), wrap(ivy.astype(ivy.add(perm, 1), "int32")), wrap(taus)


def _linalg_eig(x, *, compute_left_eigenvectors=True, compute_right_eigenvectors=True):
    """``(w, vl, vr)`` as requested; the left eigenvectors (``vl^H a = diag(w) vl^H``) are the
    rows of ``vr^-1``, conjugated and scaled to unit norm, so each pairs with the same eigenvalue
    as the right one (a defective matrix, whose ``vr`` is singular, has none)."""
    a = _d(x)
    w, v = ivy.linalg.eig(a)
    out = [wrap(w)]
    if compute_left_eigenvectors:
        vl = _mH(ivy.linalg.inv(v))
        nrm = ivy.sqrt(ivy.sum(ivy.square(ivy.abs(vl)), axis=-2, keepdims=True))
        out.append(wrap(ivy.divide(vl, ivy.astype(nrm, name_of(vl)))))
    if compute_right_eigenvectors:
        out.append(wrap(v))
    return tuple(out)


def _linalg_triangular_solve(a, b, *, left_side=False, lower=False, transpose_a=False,
                             conjugate_a=False, unit_diagonal=False):
    """``op(a) x = b`` (``left_side``) or ``x op(a) = b``, reading one triangle of ``a``."""
    a, b = _d(a), _d(b)
    t = ivy.tril(a) if lower else ivy.triu(a)
    if unit_diagonal:
        eye = _eye_like(t)
        t = ivy.add(ivy.multiply(t, ivy.subtract(1, eye)), eye)
    if conjugate_a and KIND[name_of(t)] == "c":
        t = ivy.conj(t)
    if transpose_a:
        t = _mT(t)
    t, ok = _solvable(t)
    if left_side:
        x = ivy.linalg.solve(t, b)
    else:
        x = _mT(ivy.linalg.solve(_mT(t), _mT(b)))  # x t = b  <=>  t^T x^T = b^T
    return wrap(_nan_unless(ok, x))


def _solvable(t):
    """A triangular (or banded) matrix the backends' solves accept: the identity where a
    matrix has a zero on its diagonal or a non-finite entry (TensorFlow and PyTorch raise
    there; LAPACK's substitution gives inf/NaN), with the mask of the good ones."""
    dg = ivy.multiply(t, _eye_like(t))
    zero_diag = ivy.any(ivy.equal(ivy.sum(dg, axis=-1), 0), axis=-1)
    finite = ivy.all(ivy.isfinite(t), axis=(-2, -1))
    ok = ivy.expand_dims(ivy.logical_and(finite, ivy.logical_not(zero_diag)), axis=(-2, -1))
    eye = ivy.broadcast_to(_eye_like(t), tuple(t.shape))
    return ivy.where(ok, t, eye), ok


def _nan_unless(ok, x):
    return ivy.where(ok, x, ivy.full_like(x, float("nan")))


def _linalg_tridiagonal_solve(dl, d, du, b):
    """The tridiagonal system (``dl[0]`` and ``du[-1]`` unused) as a dense solve."""
    dl, d, du, b = _d(dl), _d(d), _d(du), _d(b)
    n = d.shape[-1]
    i = ivy.arange(n, dtype="int64")
    r, c = ivy.expand_dims(i, axis=-1), ivy.expand_dims(i, axis=0)
    dt = name_of(d)
    sub = ivy.astype(ivy.equal(r, ivy.add(c, 1)), dt)
    sup = ivy.astype(ivy.equal(c, ivy.add(r, 1)), dt)
    a = ivy.add(ivy.multiply(ivy.expand_dims(d, axis=-1), ivy.eye(n, dtype=dt)),
                ivy.add(ivy.multiply(ivy.expand_dims(dl, axis=-1), sub),
                        ivy.multiply(ivy.expand_dims(du, axis=-1), sup)))
    return wrap(ivy.linalg.solve(a, b))


def _swap_index(n, j, p):
    """``arange(n)`` with positions ``j`` (static) and ``p`` (``(..., 1)``) exchanged."""
    ar = ivy.arange(n, dtype="int64")
    return ivy.where(ivy.equal(ar, j), p, ivy.where(ivy.equal(ar, p), j, ar))


def _linalg_lu(x):
    """LU with partial pivoting as LAPACK's getrf: ``(lu, pivots, permutation)``; the pivot is
    the first entry of largest magnitude (``|re| + |im|`` for complex, as ``i?amax``)."""
    a = _d(x)
    m, n = a.shape[-2], a.shape[-1]
    k = _min(m, n)
    batch = tuple(a.shape[:-2])
    perm = ivy.broadcast_to(ivy.arange(m, dtype="int64"), batch + (m,))
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)
    cols = ivy.arange(n, dtype="int64")
    pivots = []
    cplx = KIND[name_of(a)] == "c"
    for j in _range(k):
        col = ivy.get_item(a, np.s_[..., j:, j])
        mag = ivy.add(ivy.abs(ivy.real(col)), ivy.abs(ivy.imag(col))) if cplx else ivy.abs(col)
        p = ivy.add(ivy.argmax(mag, axis=-1, keepdims=True), j)  # (..., 1)
        p = ivy.astype(p, "int64")
        pivots.append(p)
        sw = _swap_index(m, j, p)  # (..., m)
        perm = ivy.take_along_axis(perm, sw, axis=-1)
        a = ivy.take_along_axis(a, ivy.broadcast_to(ivy.expand_dims(sw, axis=-1),
                                                    batch + (m, n)), axis=-2)
        piv = ivy.get_item(a, np.s_[..., j:j + 1, j:j + 1])
        below = ivy.greater(rows, j)  # (m, 1)
        lcol = ivy.where(below, ivy.divide(ivy.get_item(a, np.s_[..., :, j:j + 1]), piv), ivy.zeros_like(piv))
        right = ivy.greater(cols, j)  # (n,)
        upd = ivy.multiply(lcol, ivy.where(right, ivy.get_item(a, np.s_[..., j:j + 1, :]), ivy.zeros_like(piv)))
        a = ivy.subtract(a, upd)
        a = ivy.where(ivy.logical_and(below, ivy.equal(cols, j)), lcol, a)
    piv = ivy.astype(ivy.concat(pivots, axis=-1), "int32") if pivots else \
        ivy.zeros(batch + (0,), dtype="int32")
    return wrap(a), wrap(piv), wrap(ivy.astype(perm, "int32"))


def _linalg_lu_pivots_to_permutation(pivots, permutation_size):
    p = ivy.astype(_d(pivots), "int64")
    batch = tuple(p.shape[:-1])
    perm = ivy.broadcast_to(ivy.arange(permutation_size, dtype="int64"),
                            batch + (permutation_size,))
    for j in _range(p.shape[-1]):
        perm = ivy.take_along_axis(perm, _swap_index(permutation_size, j, ivy.get_item(p, np.s_[..., j:j + 1])),
                                   axis=-1)
    return wrap(ivy.astype(perm, "int32"))


def _linalg_householder_product(a, taus):
    """``Q = H_0 H_1 ... H_{k-1}``, ``H_i = I - tau_i v_i v_i^H`` with ``v_i`` the ``i``-th
    column of ``a`` below the diagonal (unit on it), as LAPACK's orgqr/ungqr."""
    a, taus = _d(a), _d(taus)
    m, n = a.shape[-2], a.shape[-1]
    rows = ivy.expand_dims(ivy.arange(m, dtype="int64"), axis=-1)
    q = ivy.broadcast_to(_eye_like(a, m, m), tuple(a.shape[:-2]) + (m, m))
    for i in _range(taus.shape[-1] - 1, -1, -1):
        v = ivy.where(ivy.greater(rows, i), ivy.get_item(a, np.s_[..., :, i:i + 1]),
                      ivy.astype(ivy.equal(rows, i), name_of(a)))  # (..., m, 1)
        vh = _mH(v)
        t = ivy.expand_dims(ivy.get_item(taus, np.s_[..., i:i + 1]), axis=-1)  # (..., 1, 1)
        q = ivy.subtract(q, ivy.multiply(t, ivy.matmul(v, ivy.matmul(vh, q))))
    return wrap(ivy.get_item(q, np.s_[..., :, :n]))


class linalg:  # noqa: N801 - jax.lax.linalg's namespace
    cholesky = staticmethod(_linalg_cholesky)
    eigh = staticmethod(_linalg_eigh)
    eig = staticmethod(_linalg_eig)
    svd = staticmethod(_linalg_svd)
    qr = staticmethod(_linalg_qr)
    lu = staticmethod(_linalg_lu)
    lu_pivots_to_permutation = staticmethod(_linalg_lu_pivots_to_permutation)
    householder_product = staticmethod(_linalg_householder_product)
    geqrf = staticmethod(_linalg_geqrf)
    geqp3 = staticmethod(_linalg_geqp3)
    triangular_solve = staticmethod(_linalg_triangular_solve)
    tridiagonal_solve = staticmethod(_linalg_tridiagonal_solve)
