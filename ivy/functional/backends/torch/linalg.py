"""The torch backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

``torch.linalg`` covers the standard; the wrappers fix what differs: the standard's namedtuples,
type promotion of two-operand functions (torch requires equal dtypes), ``solve``'s broadcasting
(torch reads some ``(..., M)`` right-hand sides as vectors), the default integer dtype, and the
unsigned dtypes torch has little kernel support for (computed exactly in int64, cast back).
"""

import torch

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

_la = torch.linalg
_WIDE_UINT = (torch.uint16, torch.uint32, torch.uint64)  # no add/sub kernels in torch


def _promote(x1, x2):
    if x1.dtype != x2.dtype:
        t = as_native_dtype(_d.promote_types(x1.dtype, x2.dtype))
        x1, x2 = x1.to(t), x2.to(t)
    return x1, x2


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype (torch rejects them)."""
    if not (x.is_floating_point() or x.is_complex()):
        return x.to(as_native_dtype(_d.default_float_dtype()))
    return x


def cholesky(x, /, *, upper=False):
    return _la.cholesky(x, upper=upper)


def cross(x1, x2, /, *, axis=-1):
    x1, x2 = _promote(x1, x2)
    if x1.shape != x2.shape:
        x1, x2 = torch.broadcast_tensors(x1, x2)
    dt = x1.dtype
    if dt in _WIDE_UINT:  # modular arithmetic in int64 gives the same bits
        return _la.cross(x1.to(torch.int64), x2.to(torch.int64), dim=axis).to(dt)
    return _la.cross(x1, x2, dim=axis)


det = _la.det


def diagonal(x, /, *, offset=0):
    return torch.diagonal(x, offset, -2, -1)


def eig(x, /):
    w, v = _la.eig(x)
    return EigResult(w, v)


eigvals = _la.eigvals


def eigh(x, /):
    w, v = _la.eigh(x)
    return EighResult(w, v)


eigvalsh = _la.eigvalsh
inv = _la.inv


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _floating(x)
    if 0 in x.shape[-2:] and ord in (2, "nuc"):  # torch's SVD path rejects empty matrices
        shape = x.shape[:-2] + ((1, 1) if keepdims else ())
        return torch.zeros(shape, dtype=x.real.dtype if x.is_complex() else x.dtype,
                           device=x.device)
    return _la.matrix_norm(x, ord=ord, dim=(-2, -1), keepdim=keepdims)


def matrix_power(x, n, /):
    if x.dtype in _WIDE_UINT:  # no matmul kernels: int64 wraps to the same bits
        return _la.matrix_power(x.to(torch.int64), n).to(x.dtype)
    return _la.matrix_power(x, n)


def matrix_rank(x, /, *, rtol=None):
    if rtol is not None and not isinstance(rtol, torch.Tensor):
        rtol = float(rtol)
    if 0 in x.shape[-2:]:
        r = torch.zeros(x.shape[:-2], dtype=torch.int64, device=x.device)
    else:
        r = _la.matrix_rank(x, rtol=rtol)
    dt = as_native_dtype(_d.default_int_dtype())
    return r if r.dtype == dt else r.to(dt)


def outer(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    return torch.outer(x1, x2)


def pinv(x, /, *, rtol=None):
    if rtol is not None and not isinstance(rtol, torch.Tensor):
        rtol = float(rtol)
    return _la.pinv(x, rtol=rtol)


def qr(x, /, *, mode="reduced"):
    q, r = _la.qr(x, mode=mode)
    return QRResult(q, r)


def slogdet(x, /):
    s, la = _la.slogdet(x)
    return SlogdetResult(s, la)


def solve(x1, x2, /):
    x1, x2 = _promote(x1, x2)
    if 2 <= x2.ndim < x1.ndim:
        # (..., M, K) right-hand side: make its rank match x1's so torch cannot read it as a
        # batch of vectors (torch does when x2.ndim == x1.ndim - 1).
        x2 = x2.reshape((1,) * (x1.ndim - x2.ndim) + tuple(x2.shape))
    return _la.solve(x1, x2)


def svd(x, /, *, full_matrices=True):
    u, s, vh = _la.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, vh)


svdvals = _la.svdvals


def trace(x, /, *, offset=0, dtype=None):
    dt = as_native_dtype(_sum_dtype(x.dtype) if dtype is None else dtype)
    d = torch.diagonal(x, offset, -2, -1)
    if dt in _WIDE_UINT or dt == torch.uint8:  # sum in int64 (same bits mod 2**64), cast back
        return d.to(torch.int64).sum(-1).to(dt)
    if d.dtype in _WIDE_UINT:
        d = d.to(torch.int64)
    return d.sum(-1, dtype=dt)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _floating(x)
    if axis == ():  # no axes: the norm of each element on its own (torch would reduce all)
        a = x.abs()
        if ord == 0:
            return (a != 0).to(a.dtype)
        return a
    return _la.vector_norm(x, ord=ord, dim=axis, keepdim=keepdims)
