"""The tensorflow backend: linalg functions (see ivy/functional/ivy/linalg.py for the API).

``tf.linalg`` has different conventions from the standard in many places, so most functions are
written here on top of it: ``svd`` returns ``(s, u, v)`` (not ``Vh``), ``cholesky`` is lower only,
``slogdet`` of a complex matrix gives a complex log, ``diag_part`` rejects out-of-range offsets,
``solve`` does not broadcast and TF never promotes dtypes. Norms, ranks, pseudo-inverses, cross
and outer products follow the standard's definitions directly.
"""

import numpy as np
import tensorflow as tf

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError
from ivy.functional.ivy.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    _sum_dtype,
)

from .dtypes import as_native_dtype, promote
from .linear_algebra import matmul as _matmul_any_dtype

_la = tf.linalg


def _shape(x):
    return tuple(x.shape)


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype (tf.linalg rejects them)."""
    if not (x.dtype.is_floating or x.dtype.is_complex):
        return tf.cast(x, as_native_dtype(_d.default_float_dtype()))
    return x


def _adjoint(x):
    return _la.adjoint(x) if x.dtype.is_complex else _la.matrix_transpose(x)


def _broadcast(x, shape):
    return x if _shape(x) == tuple(shape) else tf.broadcast_to(x, shape)


def cholesky(x, /, *, upper=False):
    lower = _la.cholesky(x)
    return _adjoint(lower) if upper else lower


def cross(x1, x2, /, *, axis=-1):
    x1, x2 = promote(x1, x2)
    shape = tf.broadcast_static_shape(x1.shape, x2.shape).as_list()
    if not shape or not -len(shape) <= axis < len(shape) or shape[axis] != 3:
        raise InvalidArgumentError(
            f"cross needs vectors of size 3 along axis {axis}; got shapes {_shape(x1)} and "
            f"{_shape(x2)}")
    a0, a1, a2 = tf.unstack(_broadcast(x1, shape), axis=axis)
    b0, b1, b2 = tf.unstack(_broadcast(x2, shape), axis=axis)
    return tf.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=axis)


det = _la.det


def diagonal(x, /, *, offset=0):
    n, m = _shape(x)[-2:]
    size = min(n, m - offset) if offset >= 0 else min(n + offset, m)
    if size <= 0:
        return tf.zeros(_shape(x)[:-2] + (0,), dtype=x.dtype)
    return _la.diag_part(x, k=offset)


def eig(x, /):
    w, v = _la.eig(x)
    return EigResult(w, v)


eigvals = _la.eigvals


def eigh(x, /):
    w, v = _la.eigh(x)
    return EighResult(tf.math.real(w) if w.dtype.is_complex else w, v)


def eigvalsh(x, /):
    w = _la.eigvalsh(x)
    return tf.math.real(w) if w.dtype.is_complex else w

inv = _la.inv


def _max(a, axis, keepdims=False):
    """Largest value; 0 over an empty axis (norms are >= 0), as NumPy's norms give."""
    if 0 in [a.shape[i] for i in _axes(a, axis)]:
        return tf.zeros_like(tf.reduce_sum(a, axis=axis, keepdims=keepdims))
    return tf.reduce_max(a, axis=axis, keepdims=keepdims)


def _min(a, axis, keepdims=False):
    """Smallest value; an error over an empty axis (NumPy raises too), never a silent inf."""
    if 0 in [a.shape[i] for i in _axes(a, axis)]:
        raise InvalidArgumentError("the minimum of an empty axis is undefined (norm with ord "
                                   "-inf/-1/-2 of an empty array)")
    return tf.reduce_min(a, axis=axis, keepdims=keepdims)


def _axes(a, axis):
    if axis is None:
        return range(a.shape.rank)
    return [axis] if isinstance(axis, int) else list(axis)


def _svdvals(x):
    return _la.svd(x, compute_uv=False)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _floating(x)
    a = tf.abs(x)
    if ord == "fro":
        r = tf.sqrt(tf.reduce_sum(a * a, axis=(-2, -1)))
    elif ord == "nuc":
        r = tf.reduce_sum(_svdvals(x), axis=-1)
    elif ord in (1, -1):
        s = tf.reduce_sum(a, axis=-2)
        r = _max(s, -1) if ord == 1 else _min(s, -1)
    elif ord in (np.inf, -np.inf):
        s = tf.reduce_sum(a, axis=-1)
        r = _max(s, -1) if ord > 0 else _min(s, -1)
    elif ord in (2, -2):
        s = _svdvals(x)
        r = _max(s, -1) if ord == 2 else _min(s, -1)
    else:
        raise InvalidArgumentError(
            f"matrix_norm: ord must be 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, not {ord!r}")
    if keepdims:
        r = r[..., None, None]
    return r


def matrix_power(x, n, /):
    n = int(n)
    if n == 0:
        eye = tf.eye(_shape(x)[-1], dtype=x.dtype)
        return _broadcast(eye, _shape(x))
    if n < 0:
        x, n = _la.inv(x), -n
    # tf.matmul has no kernels for most integer dtypes; the main namespace's matmul handles them
    mm = tf.matmul if x.dtype.is_floating or x.dtype.is_complex else _matmul_any_dtype
    result = None
    while True:  # exponentiation by squaring
        if n & 1:
            result = x if result is None else mm(result, x)
        n >>= 1
        if not n:
            return result
        x = mm(x, x)


def _tolerance(s, x, rtol):
    """``rtol * largest singular value`` (the standard's default rtol is ``max(M, N) * eps``)."""
    smax = tf.reduce_max(s, axis=-1, keepdims=True) if _shape(s)[-1] else tf.zeros_like(s[..., :1])
    if rtol is None:
        m, n = _shape(x)[-2:]
        return smax * np.finfo(s.dtype.as_numpy_dtype).eps * max(m, n)
    rtol = tf.cast(rtol, s.dtype)
    if rtol.shape.rank:
        rtol = rtol[..., None]
    return rtol * smax


def matrix_rank(x, /, *, rtol=None):
    x = _floating(x)
    s = _svdvals(x)
    r = tf.reduce_sum(tf.cast(s > _tolerance(s, x, rtol), tf.int64), axis=-1)
    return tf.cast(r, as_native_dtype(_d.default_int_dtype()))


def outer(x1, x2, /):
    x1, x2 = promote(x1, x2)
    return x1[:, None] * x2[None, :]


def pinv(x, /, *, rtol=None):
    x = _floating(x)
    s, u, v = _la.svd(x, full_matrices=False)
    keep = s > _tolerance(s, x, rtol)
    s_inv = tf.where(keep, 1 / tf.where(keep, s, tf.ones_like(s)), tf.zeros_like(s))
    s_inv = tf.cast(s_inv, x.dtype)
    return tf.matmul(v * s_inv[..., None, :], u, adjoint_b=True)


def qr(x, /, *, mode="reduced"):
    if mode not in ("reduced", "complete"):
        raise InvalidArgumentError(f"qr: mode must be 'reduced' or 'complete', not {mode!r}")
    full = mode == "complete"
    real = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
    if real in (tf.float32, tf.float64) and tf.size(x) > 0:
        # TF's Householder QR squares entries unscaled: |x| near sqrt(max float) overflows to
        # nan (LAPACK scales). Rescale such stacks by a power of two per matrix: Q is the
        # same, R scales back exactly.
        amax = tf.reduce_max(tf.abs(x), axis=(-2, -1), keepdims=True)
        big = np.sqrt(np.finfo(real.as_numpy_dtype).max) / 16
        if float(tf.reduce_max(amax)) > big:
            scale = tf.pow(tf.constant(2.0, real), tf.math.floor(
                tf.math.log(tf.maximum(amax, 1)) / np.log(2.0)))
            q, r = _la.qr(x / tf.cast(scale, x.dtype), full_matrices=full)
            return QRResult(q, r * tf.cast(scale, x.dtype))
    q, r = _la.qr(x, full_matrices=full)
    return QRResult(q, r)


def slogdet(x, /):
    sign, logabs = _la.slogdet(x)
    if logabs.dtype.is_complex:
        logabs = tf.math.real(logabs)
    return SlogdetResult(sign, logabs)


def solve(x1, x2, /):
    x1, x2 = promote(x1, x2)
    s1, s2 = _shape(x1), _shape(x2)
    if len(s1) < 2 or s1[-1] != s1[-2]:
        raise InvalidArgumentError(f"solve: x1 must be a (stack of) square matrices, got {s1}")
    if len(s2) == 1:  # one vector b, shared by every matrix of the stack
        b = _broadcast(x2[:, None], s1[:-1] + (1,))
        return _la.solve(x1, b)[..., 0]
    if len(s2) < 2 or s2[-2] != s1[-1]:
        raise InvalidArgumentError(f"solve: x2 must have shape (M,) or (..., M, K); x1 is {s1}, "
                                   f"x2 is {s2}")
    batch = tuple(tf.broadcast_static_shape(tf.TensorShape(s1[:-2]),
                                            tf.TensorShape(s2[:-2])).as_list())
    return _la.solve(_broadcast(x1, batch + s1[-2:]), _broadcast(x2, batch + s2[-2:]))


def svd(x, /, *, full_matrices=True):
    s, u, v = _la.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, _adjoint(v))


def svdvals(x, /):
    return _svdvals(x)


def trace(x, /, *, offset=0, dtype=None):
    dt = as_native_dtype(_sum_dtype(x.dtype) if dtype is None else dtype)
    d = diagonal(x, offset=offset)
    return tf.reduce_sum(d if d.dtype == dt else tf.cast(d, dt), axis=-1)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _floating(x)
    a = tf.abs(x)
    if axis == ():  # no axes: the norm of each element on its own
        return tf.cast(a != 0, a.dtype) if ord == 0 else a
    if ord == 2:
        return tf.sqrt(tf.reduce_sum(a * a, axis=axis, keepdims=keepdims))
    if ord == 1:
        return tf.reduce_sum(a, axis=axis, keepdims=keepdims)
    if ord == np.inf:
        return _max(a, axis, keepdims)
    if ord == -np.inf:
        return _min(a, axis, keepdims)
    if ord == 0:
        return tf.reduce_sum(tf.cast(a != 0, a.dtype), axis=axis, keepdims=keepdims)
    p = tf.constant(ord, dtype=a.dtype)
    return tf.pow(tf.reduce_sum(tf.pow(a, p), axis=axis, keepdims=keepdims), 1 / p)
