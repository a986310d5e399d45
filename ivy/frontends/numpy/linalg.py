"""``numpy.linalg`` over ``ivy.linalg``: NumPy's dtype rules (integers -> float64, float32 kept),
NumPy's result tuples, ``LinAlgError`` where NumPy raises it."""

from __future__ import annotations

import builtins
import collections

import numpy as _rnp

import ivy

from . import _core, _functions as F
from ._core import BY_NAME, cast, dtype_of, not_implemented, shape_of
from ._ndarray import native, ret, wrap

LinAlgError = _rnp.linalg.LinAlgError

EigResult = collections.namedtuple("EigResult", "eigenvalues eigenvectors")
EighResult = collections.namedtuple("EighResult", "eigenvalues eigenvectors")
SVDResult = collections.namedtuple("SVDResult", "U S Vh")
QRResult = collections.namedtuple("QRResult", "Q R")
SlogdetResult = collections.namedtuple("SlogdetResult", "sign logabsdet")


def _f(a, min_nd=2, square=False):
    x = native(a)
    d = dtype_of(x)
    if d.kind in "iub":
        x = cast(x, BY_NAME["float64"])
    elif d.name == "float16":
        raise TypeError("array type float16 is unsupported in linalg")
    if len(x.shape) < min_nd:
        raise LinAlgError(f"{len(x.shape)}-dimensional array given. Array must be at least "
                          f"two-dimensional")
    if square and shape_of(x)[-1] != shape_of(x)[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return x


def _finite(x):
    if not builtins.bool(ivy.all(ivy.isfinite(x))):
        raise LinAlgError("Array must not contain infs or NaNs")


def _singular_check(x, r):
    if not builtins.bool(ivy.all(ivy.isfinite(r))):
        raise LinAlgError("Singular matrix")


def inv(a):
    x = _f(a, square=True)
    if x.shape[-1] == 0:
        return wrap(x)
    d = ivy.linalg.det(x)
    if builtins.bool(ivy.any(ivy.equal(d, 0))):
        raise LinAlgError("Singular matrix")
    try:
        r = ivy.linalg.inv(x)
    except Exception as e:  # noqa: BLE001
        raise LinAlgError("Singular matrix") from e
    _singular_check(x, r)
    return wrap(r)


def tensorsolve(a, b, axes=None):
    x, y = F.asarray(a), F.asarray(b)
    an = x.ndim
    if axes is not None:
        order = list(range(an))
        for k in axes:
            order.remove(k)
            order.insert(an, k)
        x = x.transpose(order)
    oldshape = x.shape[-(an - y.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if x.size != prod ** 2:
        raise LinAlgError("Input arrays must satisfy the requirement "
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    return solve(x.reshape(prod, prod), y.ravel()).reshape(oldshape)


def solve(a, b):
    x = _f(a, square=True)
    y = native(b)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, dtype_of(y).name)]
    if rt.kind in "iub":
        rt = BY_NAME["float64"]
    x, y = cast(x, rt), cast(y, rt)
    if builtins.bool(ivy.any(ivy.equal(ivy.linalg.det(x), 0))):
        raise LinAlgError("Singular matrix")
    if len(y.shape) == 1:
        r = ivy.linalg.solve(x, ivy.expand_dims(y, axis=-1))
        return wrap(ivy.squeeze(r, axis=-1))
    return wrap(ivy.linalg.solve(x, y))


def det(a):
    x = _f(a, square=True)
    return ret(ivy.linalg.det(x))


def slogdet(a):
    x = _f(a, square=True)
    s, l_ = ivy.linalg.slogdet(x)
    return SlogdetResult(ret(s), ret(l_))


def _realify(w):
    """NumPy's eig returns real arrays when every imaginary part is zero."""
    if dtype_of(w).kind == "c" and not builtins.bool(ivy.any(ivy.not_equal(ivy.imag(w), 0))):
        return ivy.real(w), True
    return w, False


def eig(a):
    x = _f(a, square=True)
    _finite(x)
    w, v = ivy.linalg.eig(x)
    if dtype_of(x).kind != "c":
        w2, real_ = _realify(w)
        if real_:
            w = cast(w2, dtype_of(x))
            v = cast(ivy.real(v), dtype_of(x))
    return EigResult(wrap(w), wrap(v))


def eigvals(a):
    return eig(a)[0]


def eigh(a, UPLO="L"):
    x = _f(a, square=True)
    x = _sym(x, UPLO)
    w, v = ivy.linalg.eigh(x)
    return EighResult(wrap(w), wrap(v))


def _sym(x, UPLO):
    lo = ivy.tril(x, k=-1) if UPLO == "L" else ivy.triu(x, k=1)
    dg = ivy.subtract(x, ivy.add(ivy.tril(x, k=-1), ivy.triu(x, k=1)))
    t = ivy.conj(ivy.matrix_transpose(lo)) if dtype_of(x).kind == "c" else \
        ivy.matrix_transpose(lo)
    if dtype_of(x).kind == "c":
        dg = ivy.astype(ivy.real(dg), dtype_of(x).ivy)
    return ivy.add(ivy.add(lo, t), dg)


def eigvalsh(a, UPLO="L"):
    return eigh(a, UPLO)[0]


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    x = _f(a)
    if not compute_uv:
        return wrap(ivy.linalg.svdvals(x))
    u, s, vh = ivy.linalg.svd(x, full_matrices=full_matrices)
    return SVDResult(wrap(u), wrap(s), wrap(vh))


def svdvals(x):
    return wrap(ivy.linalg.svdvals(_f(x)))


def qr(a, mode="reduced"):
    x = _f(a)
    if mode == "r":  # R only, (K, N) with K = min(M, N): the reduced factorisation's
        return wrap(ivy.linalg.qr(x, mode="reduced")[1])
    if mode not in ("reduced", "complete"):
        not_implemented(f"numpy.linalg.qr(mode={mode!r})")
    q, r = ivy.linalg.qr(x, mode=mode)
    return QRResult(wrap(q), wrap(r))


def cholesky(a, /, *, upper=False):
    x = _f(a, square=True)
    try:
        r = ivy.linalg.cholesky(x, upper=upper)
    except Exception as e:  # noqa: BLE001 - the backend's own error type
        raise LinAlgError("Matrix is not positive definite") from e
    if not builtins.bool(ivy.all(ivy.isfinite(r))):
        raise LinAlgError("Matrix is not positive definite")
    return wrap(r)


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    x = _f(a)
    tol = rtol if rtol is not None else (1e-15 if rcond is None else rcond)
    return wrap(ivy.linalg.pinv(x, rtol=tol))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    x = native(A)
    if len(x.shape) < 2:
        return ret(ivy.astype(ivy.any(ivy.not_equal(x, 0)), "int64"))
    x = _f(A)
    s = ivy.linalg.svdvals(x)
    if tol is None:
        eps = _rnp.finfo(dtype_of(s)._np).eps
        r = rtol if rtol is not None else builtins.max(shape_of(x)[-2:]) * eps
        tolv = ivy.multiply(ivy.max(s, axis=-1, keepdims=True), r)
    else:
        tolv = ivy.expand_dims(native(tol, dtype_of(s)), axis=-1) if not isinstance(
            tol, (int, float)) else tol
    return ret(ivy.astype(ivy.sum(ivy.astype(ivy.greater(s, tolv), "int64"), axis=-1), "int64"))


def matrix_power(a, n):
    x = native(a)
    if len(x.shape) < 2 or shape_of(x)[-1] != shape_of(x)[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    if not isinstance(n, int):
        raise TypeError("exponent must be an integer")
    if n < 0:
        x = inv(wrap(x))._data
        n = -n
    if n == 0:
        return wrap(ivy.broadcast_to(ivy.eye(shape_of(x)[-1], dtype=dtype_of(x).ivy)._data,
                                     shape_of(x)))
    r = None
    base = x
    while n:
        if n & 1:
            r = base if r is None else F.matmul(wrap(r), wrap(base))._data
        n >>= 1
        if n:
            base = F.matmul(wrap(base), wrap(base))._data
    return wrap(r)


def lstsq(a, b, rcond=None):
    x = _f(a)
    y = native(b)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, dtype_of(y).name)]
    if rt.kind in "iub":
        rt = BY_NAME["float64"]
    x, y = cast(x, rt), cast(y, rt)
    m, n = shape_of(x)
    vec = len(y.shape) == 1
    yy = ivy.expand_dims(y, axis=-1) if vec else y
    if shape_of(yy)[0] != m:
        raise LinAlgError("Incompatible dimensions")
    eps = _rnp.finfo(BY_NAME[rt.name]._np).eps
    rc = builtins.max(m, n) * eps if rcond is None else rcond
    s = ivy.linalg.svdvals(x) if m and n else ivy.zeros((0,), dtype=rt.ivy)._data
    if m and n:
        sol = ivy.matmul(ivy.linalg.pinv(x, rtol=rc), yy)
        smax = ivy.max(s)
        rank_arr = ivy.sum(ivy.astype(ivy.greater(s, ivy.multiply(smax, rc)), "int32"))
        # the residuals' shape depends on the rank (NumPy's rule); the rank itself stays a
        # value of the graph, so a traced program returns the rank of its own input
        try:
            rank = int(ivy.to_scalar(rank_arr))
        except Exception:  # noqa: BLE001 - a traced value: assume full rank (the usual case)
            rank = builtins.min(m, n)
    else:
        sol = ivy.zeros((n, shape_of(yy)[1]), dtype=rt.ivy)._data
        rank_arr = ivy.asarray(0, dtype="int32")._data
        rank = 0
    if rank == n and m > n:
        res = ivy.sum(ivy.square(ivy.abs(ivy.subtract(ivy.matmul(x, sol), yy))), axis=0)
        res = cast(res, BY_NAME[rt.name if rt.kind == "f" else
                                ("float32" if rt.name == "complex64" else "float64")])
    else:
        res = ivy.zeros((0,), dtype=rt.ivy if rt.kind == "f" else "float64")._data
    if vec:
        sol = ivy.squeeze(sol, axis=-1)
    return wrap(sol), wrap(res), ret(ivy.astype(rank_arr, "int32")), wrap(s)


def norm(x, ord=None, axis=None, keepdims=False):
    a = native(x)
    if dtype_of(a).kind in "iub":
        a = cast(a, BY_NAME["float64"])
    nd = len(a.shape)
    if axis is None and ord is None:
        r = ivy.linalg.vector_norm(ivy.reshape(a, (-1,)), ord=2)
        if keepdims:
            r = ivy.reshape(r, (1,) * nd)
        return ret(r)
    if axis is None:
        axis = tuple(range(nd))
    if isinstance(axis, int) or (isinstance(axis, tuple) and len(axis) == 1):
        ax = axis if isinstance(axis, int) else axis[0]
        ax = _core.norm_axis(ax, nd)
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        o = 2 if ord is None else ord
        if o == 0:
            r = ivy.sum(ivy.astype(ivy.not_equal(a, 0), dtype_of(a).ivy if dtype_of(a).kind == "f"
                                   else "float64"), axis=ax, keepdims=keepdims)
            return ret(r)
        return ret(ivy.linalg.vector_norm(a, axis=ax, keepdims=keepdims, ord=o))
    if len(axis) == 2:
        a1, a2 = (_core.norm_axis(v, nd) for v in axis)
        if a1 == a2:
            raise ValueError("Duplicate axes given.")
        m = ivy.moveaxis(a, (a1, a2), (-2, -1))
        o = "fro" if ord is None else ord
        if o not in ("fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")):
            raise ValueError("Invalid norm order for matrices.")
        r = ivy.linalg.matrix_norm(m, ord=o)
        if keepdims:
            s = list(shape_of(a))
            s[a1] = s[a2] = 1
            r = ivy.reshape(r, tuple(s))
        return ret(r)
    raise ValueError("Improper number of dimensions to norm.")


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord, (-2, -1), keepdims)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    if axis is None:
        r = norm(F.ravel(x), ord, 0)
        return r if not keepdims else F.reshape(r, (1,) * F.ndim(x))
    if isinstance(axis, tuple) and len(axis) > 1:
        a = F.moveaxis(x, axis, tuple(range(-len(axis), 0)))
        a = F.reshape(a, a.shape[:-len(axis)] + (-1,))
        r = norm(a, ord, -1)
        if keepdims:
            s = list(F.shape(x))
            for i in axis:
                s[i] = 1
            r = F.reshape(r, tuple(s))
        return r
    return norm(x, ord, axis, keepdims)


def cond(x, p=None):
    if p is None or p in (2, -2):
        s = svd(x, compute_uv=False)
        r = s[..., 0] / s[..., -1] if p != -2 else s[..., -1] / s[..., 0]
        return r
    return F.multiply(norm(x, p, (-2, -1)), norm(inv(x), p, (-2, -1)))


def multi_dot(arrays, *, out=None):
    r = arrays[0]
    for a in arrays[1:]:
        r = F.dot(r, a)
    return r


def matmul(x1, x2, /):
    return F.matmul(x1, x2)


def tensordot(x1, x2, /, *, axes=2):
    return F.tensordot(x1, x2, axes)


def outer(x1, x2, /):
    return F.outer(x1, x2)


def cross(x1, x2, /, *, axis=-1):
    return F.cross(x1, x2, axis=axis)


def diagonal(x, /, *, offset=0):
    return F.diagonal(x, offset, -2, -1)


def trace(x, /, *, offset=0, dtype=None):
    return F.trace(x, offset, -2, -1, dtype)


def matrix_transpose(x, /):
    return F.matrix_transpose(x)


def vecdot(x1, x2, /, *, axis=-1):
    a, b = F.asarray(x1), F.asarray(x2)
    return F.sum(F.multiply(F.conjugate(a) if a.dtype.kind == "c" else a, b), axis=axis)


def tensorinv(a, ind=2):
    a = F.asarray(a)
    old = a.shape
    prod = 1
    for k in old[ind:]:
        prod *= k
    return inv(a.reshape(prod, -1)).reshape(old[ind:] + old[:ind])

