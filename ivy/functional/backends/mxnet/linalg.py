"""The MXNet backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

``mx.np.linalg`` has the NumPy 1.x set (cholesky, det, eigh, inv, norm, pinv, qr, slogdet, solve,
svd...). MXNet has no complex dtypes, so ``eig``/``eigvals`` (complex results) are left out
(``UnsupportedBackendError``), as is ``svd(full_matrices=True)`` for non-square matrices (MXNet
computes the reduced SVD only). ``qr`` is NumPy's on the host: MXNet has no QR kernel of its own
(``mx.np.linalg.qr`` is MXNet's NumPy fallback), so it carries no gradient.
"""

import math

import numpy as onp
from mxnet import numpy as mnp

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError, UnsupportedBackendError
from ivy.functional.ivy.linalg import (
    EighResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _sum_dtype,
)

from . import _reduce as _r
from .dtypes import as_native_dtype
from .dtypes import promote as _promote

_la = mnp.linalg


def _on_host(np_fn, *args, **kwargs):
    """Zero-size operands: MXNet's linear-algebra kernels reject them (shape checks on empty
    blobs: "Shape size mismatch 0 v.s. 1", "Cannot reshape array of size 0"). The result is empty
    or made of zeros/ones, so the NumPy backend (same semantics) computes it on the host and it
    comes back as MXNet arrays (UnsupportedDtypeError for a dtype MXNet lacks)."""
    ctx = next(a.ctx for a in (*args, *kwargs.values()) if isinstance(a, mnp.ndarray))

    def host(v):
        return v.asnumpy() if isinstance(v, mnp.ndarray) else v

    def back(v):
        v = onp.asarray(v)
        return mnp.array(v, dtype=as_native_dtype(v.dtype), ctx=ctx)

    r = np_fn(*map(host, args), **{k: host(v) for k, v in kwargs.items()})
    if isinstance(r, tuple):
        return type(r)(*map(back, r)) if hasattr(r, "_fields") else tuple(map(back, r))
    return back(r)


def _np_backend():
    """Ivy's NumPy backend (imported on first use: most MXNet calls never need it)."""
    from .. import numpy as npb

    return npb


def _floating(x):
    if x.dtype.kind in "biu":
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def cholesky(x, /, *, upper=False):
    if x.size == 0:
        return _on_host(_np_backend().linalg.cholesky, x, upper=upper)
    lower = _la.cholesky(x)
    return mnp.swapaxes(lower, -1, -2) if upper else lower


def cross(x1, x2, /, *, axis=-1):
    x1, x2 = _promote(x1, x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise InvalidArgumentError(
            f"cross needs vectors of size 3 along axis {axis}; got shapes {x1.shape} and "
            f"{x2.shape}")
    a = [mnp.take(x1, mnp.array([i], dtype="int64"), axis=axis) for i in range(3)]
    b = [mnp.take(x2, mnp.array([i], dtype="int64"), axis=axis) for i in range(3)]
    return mnp.concatenate([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                            a[0] * b[1] - a[1] * b[0]], axis=axis)


def det(x, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.det, x)
    return _la.det(x)


def diagonal(x, /, *, offset=0):
    if x.dtype == bool:  # no bool kernel
        return mnp.diagonal(x.astype("uint8"), offset, -2, -1).astype(bool)
    return mnp.diagonal(x, offset, -2, -1)


def eigh(x, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.eigh, x)
    w, v = _la.eigh(x)
    return EighResult(w, v)


def eigvalsh(x, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.eigvalsh, x)
    return _la.eigvalsh(x)


def inv(x, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.inv, x)
    if x.size == 0:  # MXNet's kernels reject zero-size matrices
        return x.copy()
    return _la.inv(x)


def _real_norm(x, ord, axis, keepdims):
    return _la.norm(x, ord=ord, axis=axis, keepdims=keepdims)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    if x.size == 0:
        return _on_host(_np_backend().linalg.matrix_norm, x, keepdims=keepdims, ord=ord)
    x = _floating(x)
    if ord in (2, -2, "nuc"):
        s = svd(x, full_matrices=False).S
        r = {2: lambda: _r.max(s, axis=-1), -2: lambda: _r.min(s, axis=-1),
             "nuc": lambda: _r.sum(s, axis=-1)}[ord]()
        return r.reshape(r.shape + (1, 1)) if keepdims else r
    a = mnp.abs(x)
    if ord == "fro":
        r = mnp.sqrt(_r.sum(a * a, axis=(-2, -1), keepdims=keepdims))
    elif ord in (1, -1):
        s = _r.sum(a, axis=-2, keepdims=True)
        r = (_r.max if ord == 1 else _r.min)(s, axis=-1, keepdims=True)
        r = r if keepdims else r.reshape(r.shape[:-2])
    elif ord in (onp.inf, -onp.inf):
        s = _r.sum(a, axis=-1, keepdims=True)
        r = (_r.max if ord > 0 else _r.min)(s, axis=-2, keepdims=True)
        r = r if keepdims else r.reshape(r.shape[:-2])
    else:
        raise InvalidArgumentError(f"matrix_norm: unsupported ord {ord!r}")
    return r


def matrix_power(x, n, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.matrix_power, x, n)
    if n < 0:
        x, n = _la.inv(x), -n
    out = mnp.broadcast_to(mnp.eye(x.shape[-1], dtype=x.dtype, ctx=x.ctx), x.shape).copy()
    base = x
    while n:
        if n & 1:
            out = mnp.matmul(out, base)
        n >>= 1
        if n:
            base = mnp.matmul(base, base)
    return out


def matrix_rank(x, /, *, rtol=None):
    x = _floating(x)
    if x.size == 0:
        return mnp.zeros(x.shape[:-2], dtype=as_native_dtype(_d.default_int_dtype()), ctx=x.ctx)
    s = svd(x, full_matrices=False).S
    if rtol is None:
        rtol = max(x.shape[-2:]) * onp.finfo(onp.dtype(x.dtype)).eps
    if isinstance(rtol, mnp.ndarray):  # one dtype for MXNet's kernels; a trailing axis for s
        rtol = mnp.expand_dims(rtol.astype(s.dtype), -1)
    cutoff = _r.max(s, axis=-1, keepdims=True) * rtol
    return _r.sum((s > cutoff).astype("int64"), axis=-1).astype(
        as_native_dtype(_d.default_int_dtype()))


def outer(x1, x2, /):
    if x1.ndim != 1 or x2.ndim != 1:
        raise InvalidArgumentError("outer needs two 1-d arrays")
    x1, x2 = _promote(x1, x2)
    return mnp.expand_dims(x1, 1) * mnp.expand_dims(x2, 0)  # exact for every dtype


def pinv(x, /, *, rtol=None):
    if x.size == 0:
        return _on_host(_np_backend().linalg.pinv, x, rtol=rtol)
    if rtol is None:
        rtol = max(x.shape[-2:]) * onp.finfo(onp.dtype(x.dtype)).eps
    elif isinstance(rtol, mnp.ndarray) and rtol.dtype != x.dtype:
        rtol = rtol.astype(x.dtype)  # MXNet's kernel needs one dtype ("float v.s. given double")
    return _la.pinv(x, rcond=rtol)


def qr(x, /, *, mode="reduced"):
    # mx.np.linalg.qr is NumPy's, run on the host by MXNet's own fallback (mxnet/numpy/
    # fallback_linalg.py), whose float32 results confused MXNet's engine; call NumPy on the host
    # explicitly and hand MXNet arrays of the input's dtype back
    q, r = onp.linalg.qr(x.asnumpy(), mode=mode)
    dt = x.dtype if x.dtype.kind == "f" else as_native_dtype(_d.default_float_dtype())
    return QRResult(mnp.array(q.astype(dt), dtype=dt, ctx=x.ctx),
                    mnp.array(r.astype(dt), dtype=dt, ctx=x.ctx))


def slogdet(x, /):
    if x.size == 0:
        return _on_host(_np_backend().linalg.slogdet, x)
    s, la = _la.slogdet(x)
    return SlogdetResult(s, la)


def solve(x1, x2, /):
    if x1.size == 0 or x2.size == 0:
        return _on_host(_np_backend().linalg.solve, x1, x2)
    x1, x2 = _promote(x1, x2)
    # MXNet's solve neither broadcasts batch dimensions nor reads a 1-d x2 as a vector for a
    # stack of matrices: both operands get the common batch shape explicitly
    vector = x2.ndim == 1
    b = x2.reshape(x2.shape + (1,)) if vector else x2
    batch = onp.broadcast_shapes(x1.shape[:-2], b.shape[:-2])
    a = mnp.broadcast_to(x1, batch + x1.shape[-2:]) if x1.shape[:-2] != batch else x1
    b = mnp.broadcast_to(b, batch + b.shape[-2:]) if b.shape[:-2] != batch else b
    r = _la.solve(a, b)
    return r[..., 0] if vector else r


def svd(x, /, *, full_matrices=True):
    if x.size == 0:
        return _on_host(_np_backend().linalg.svd, x, full_matrices=full_matrices)
    # MXNet's svd is the reduced one, returned as (u, s, v) with a = u @ diag(s) @ v for
    # a wide or square a (m <= n); a tall matrix goes through its transpose
    m, n = x.shape[-2:]
    if full_matrices and m != n:
        raise UnsupportedBackendError(
            "ivy.linalg.svd(full_matrices=True) of a non-square matrix is not implemented for "
            "the mxnet backend (MXNet computes the reduced SVD only); pass full_matrices=False")
    if m <= n:
        ut, s, v = _la.svd(x)
        return SVDResult(ut, s, v)
    ut, s, v = _la.svd(mnp.swapaxes(x, -1, -2))
    return SVDResult(mnp.swapaxes(v, -1, -2), s, mnp.swapaxes(ut, -1, -2))


def svdvals(x, /):
    return svd(x, full_matrices=False).S


def trace(x, /, *, offset=0, dtype=None):
    dtype = as_native_dtype(_sum_dtype(x.dtype) if dtype is None else dtype)
    n, m = x.shape[-2:]
    if x.size == 0 or not (-n < offset < m):
        # an empty diagonal or batch (MXNet's diagonal fails on it): sums are 0
        return mnp.zeros(x.shape[:-2], dtype=dtype, ctx=x.ctx)
    d = diagonal(x, offset=offset)
    return _r.sum(d.astype(dtype) if d.dtype != dtype else d, axis=-1)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _floating(x)
    a = mnp.abs(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    if axis is None:
        if keepdims:
            r = vector_norm(x.reshape(-1), axis=0, keepdims=False, ord=ord)
            return r.reshape((1,) * x.ndim)
        a, axis = a.reshape(-1), 0
    if axis == ():
        return (a != 0).astype(a.dtype) if ord == 0 else a
    if ord == 2:
        return mnp.sqrt(_r.sum(a * a, axis=axis, keepdims=keepdims))
    if ord == 1:
        return _r.sum(a, axis=axis, keepdims=keepdims)
    if ord in (onp.inf, -onp.inf):
        n = math.prod(a.shape[d] for d in (axis if isinstance(axis, tuple) else (axis,)))
        if n == 0:  # as NumPy: no identity for max/min (MXNet would answer 0)
            raise ValueError(f"vector_norm(ord={ord}) of zero elements is not defined")
        return (_r.max if ord > 0 else _r.min)(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return _r.sum((a != 0).astype(a.dtype), axis=axis, keepdims=keepdims)
    return mnp.power(_r.sum(mnp.power(a, ord), axis=axis, keepdims=keepdims), 1.0 / ord)
