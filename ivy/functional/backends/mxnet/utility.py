"""The MXNet backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

from mxnet import numpy as mnp

from . import _reduce as _r

__all__ = ["all", "any", "diff"]


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def all(x, /, *, axis=None, keepdims=False):  # noqa: A001
    return _r.all(x.astype(bool) if x.dtype != bool else x, axis=_axis(axis), keepdims=keepdims)


def any(x, /, *, axis=None, keepdims=False):  # noqa: A001
    return _r.any(x.astype(bool) if x.dtype != bool else x, axis=_axis(axis), keepdims=keepdims)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        parts = [p if p.dtype == x.dtype else p.astype(x.dtype) for p in parts]
        x = mnp.concatenate(parts, axis=axis)
    for _ in range(n):
        n_ax = x.shape[axis]
        lo = mnp.take(x, mnp.arange(0, n_ax - 1, dtype="int64", ctx=x.ctx), axis=axis)
        hi = mnp.take(x, mnp.arange(1, n_ax, dtype="int64", ctx=x.ctx), axis=axis)
        x = mnp.not_equal(hi, lo) if x.dtype == bool else hi - lo
    return x
