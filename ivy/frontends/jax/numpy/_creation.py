"""``jax.numpy`` array creation (``array``, ``zeros``, ``ones``, ``full``, ``arange``, ``eye``,
``*_like``, index grids ...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins

import numpy as np

import ivy

from .._array import Array, asarray, operand, wrap
from .._core import creation_backend, name_of, not_implemented, to_name
from ._base import _a, _abs, _any, _kind, _shape
from ._shapes import broadcast_to, expand_dims, moveaxis, ravel, reshape, stack


def array(object, dtype=None, copy=True, order="K", ndmin=0, *, device=None):  # noqa: A002
    r = asarray(object, dtype=dtype)
    if copy and r is object:
        r = r.copy()
    while r.ndim < ndmin:
        r = expand_dims(r, 0)
    return r


def _fill(shape, value, dtype, default):
    name = to_name(dtype) if dtype is not None else default
    B = creation_backend()
    return wrap(B.full(_shape(shape), value, dtype=name))


def zeros(shape, dtype=None, *, device=None):
    return _fill(shape, 0, dtype, "float32")


def ones(shape, dtype=None, *, device=None):
    return _fill(shape, 1, dtype, "float32")


def empty(shape, dtype=None, *, device=None):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None, *, device=None):
    if dtype is None:
        return broadcast_to(asarray(fill_value), _shape(shape))
    return broadcast_to(asarray(fill_value, dtype=dtype), _shape(shape))


def _like(a, dtype, shape):
    x = _a(a)
    name = to_name(dtype) if dtype is not None else name_of(x._data)
    shp = x.shape if shape is None else _shape(shape)
    return name, shp, x._weak and dtype is None


def zeros_like(a, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(creation_backend().full(shp, 0, dtype=name), weak)


def ones_like(a, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(creation_backend().full(shp, 1, dtype=name), weak)


empty_like = zeros_like


def full_like(a, fill_value, dtype=None, shape=None, *, device=None):
    name, shp, weak = _like(a, dtype, shape)
    return wrap(ivy.broadcast_to(operand(fill_value, name), shp), weak)


def arange(start, stop=None, step=None, dtype=None, *, device=None):
    vals = [v for v in (start, stop, step) if v is not None]
    for v in vals:
        if isinstance(v, Array) and v.ndim:
            raise TypeError("arange: arguments must be scalars")
    vals = [v.item() if isinstance(v, Array) else v for v in vals]
    if dtype is None:
        name = "float32" if _any(isinstance(v, builtins.float) or (
            isinstance(v, np.generic) and np.dtype(type(v)).kind == "f") for v in vals) else "int32"
    else:
        name = to_name(dtype)
    r = np.arange(*vals)
    return wrap(creation_backend().asarray(r.astype(name) if name != "bfloat16" else r,
                                           dtype=name))


def eye(N, M=None, k=0, dtype=None, *, device=None):  # noqa: N803
    name = to_name(dtype) if dtype is not None else "float32"
    return wrap(creation_backend().eye(builtins.int(N), None if M is None else builtins.int(M),
                                       k=builtins.int(k), dtype=name))


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    M = N if M is None else M  # noqa: N806
    return tril(ones((N, M), dtype=dtype or "float32"), k)


def tril(m, k=0):
    x = _a(m)
    if x.ndim < 2:
        raise ValueError("tril requires an array of at least two dimensions")
    return wrap(ivy.tril(x._data, k=k), x._weak)


def triu(m, k=0):
    x = _a(m)
    if x.ndim < 2:
        raise ValueError("triu requires an array of at least two dimensions")
    return wrap(ivy.triu(x._data, k=k), x._weak)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    xs = [_a(x) for x in xi]
    if sparse:
        not_implemented("jax.numpy.meshgrid(sparse=True)")
    return [wrap(r) for r in ivy.meshgrid(*[ravel(x)._data for x in xs], indexing=indexing)]


def indices(dimensions, dtype=None, sparse=False):
    dimensions = tuple(dimensions)
    name = to_name(dtype) if dtype is not None else "int32"
    grids = meshgrid(*[arange(d, dtype=name) for d in dimensions], indexing="ij")
    if sparse:
        not_implemented("jax.numpy.indices(sparse=True)")
    return stack(grids) if grids else zeros((0,), name)


def diag(v, k=0):
    x = _a(v)
    if x.ndim == 1:
        n = x.shape[0] + _abs(k)
        r = zeros((n, n), x.dtype)
        i = arange(x.shape[0])
        rows, cols = (i, i + k) if k >= 0 else (i - k, i)
        return r.at[rows, cols].set(x)
    if x.ndim == 2:
        return diagonal(x, k)
    raise ValueError("diag input must be 1d or 2d")


def diagflat(v, k=0):
    return diag(ravel(v), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = _a(a)
    n = x.ndim
    x = moveaxis(x, (axis1 % n, axis2 % n), (-2, -1))
    r = wrap(ivy.linalg.diagonal(x._data, offset=offset), x._weak)
    return r




def tril_indices(n, k=0, m=None):
    r, c = np.tril_indices(n, k, m)
    return asarray(r, dtype="int32"), asarray(c, dtype="int32")


def triu_indices(n, k=0, m=None):
    r, c = np.triu_indices(n, k, m)
    return asarray(r, dtype="int32"), asarray(c, dtype="int32")


def diag_indices(n, ndim=2):
    i = arange(n)
    return (i,) * ndim


def tril_indices_from(arr, k=0):
    x = _a(arr)
    return tril_indices(x.shape[-2], k, x.shape[-1])


def triu_indices_from(arr, k=0):
    x = _a(arr)
    return triu_indices(x.shape[-2], k, x.shape[-1])






def from_dlpack(*a, **k):
    not_implemented("jax.numpy.from_dlpack")


def save(*a, **k):
    not_implemented("jax.numpy.save")


load = save


def diag_indices_from(arr):
    x = _a(arr)
    if x.ndim < 2 or len(set(x.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(x.shape[0], x.ndim)


def ix_(*args):
    n = len(args)
    out = []
    for i, a in enumerate(args):
        x = _a(a)
        if x.ndim != 1:
            raise ValueError("Arguments to jax.numpy.ix_ must be 1-dimensional, got shape "
                             f"{x.shape}")
        if _kind(x) == "b":
            raise TypeError("Boolean arguments to jax.numpy.ix_ are not supported")
        shp = [1] * n
        shp[i] = x.shape[0]
        out.append(reshape(x, shp))
    return tuple(out)
