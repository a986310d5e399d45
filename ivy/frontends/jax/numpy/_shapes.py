"""``jax.numpy`` shape functions (``reshape``, ``ravel``, ``expand_dims``, ``squeeze``,
``transpose``, ``moveaxis``, ``broadcast_to``, ``stack``, ``concatenate``, ``atleast_*d``).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins

import ivy

from .._array import Array, asarray, typed, wrap
from .._core import name_of, not_implemented, promote
from ._base import _a, _any, _axes, _max, _range, _shape


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    x = _a(a)
    if shape is None:
        shape = newshape
    if order != "C":
        not_implemented(f"jax.numpy.reshape(order={order!r})")
    return wrap(ivy.reshape(x._data, _shape(shape)), x._weak)


def ravel(a, order="C"):
    return reshape(a, (-1,))


def transpose(a, axes=None):
    x = _a(a)
    ax = tuple(_range(x.ndim - 1, -1, -1)) if axes is None else tuple(i % _max(x.ndim, 1)
                                                                        for i in axes)
    if sorted(ax) != list(_range(x.ndim)):
        raise ValueError("axes don't match array")
    return wrap(ivy.permute_dims(x._data, ax), x._weak)


def swapaxes(a, axis1, axis2):
    x = _a(a)
    p = list(_range(x.ndim))
    i, j = axis1 % x.ndim, axis2 % x.ndim
    p[i], p[j] = p[j], p[i]
    return transpose(x, p)


def moveaxis(a, source, destination):
    x = _a(a)
    return wrap(ivy.moveaxis(x._data, source, destination), x._weak)


def expand_dims(a, axis):
    x = _a(a)
    ax = as_axes = (axis,) if isinstance(axis, builtins.int) else tuple(axis)
    n = x.ndim + len(ax)
    as_axes = sorted(i % n for i in ax)
    if len(set(as_axes)) != len(as_axes):
        raise ValueError("repeated axis in expand_dims")
    shp = list(x.shape)
    for i in as_axes:
        shp.insert(i, 1)
    return reshape(x, shp)


def squeeze(a, axis=None):
    x = _a(a)
    if axis is None:
        ax = tuple(i for i, s in enumerate(x.shape) if s == 1)
    else:
        ax = _axes(axis, x.ndim)
        for i in ax:
            if x.shape[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal "
                                 "to one")
    return reshape(x, tuple(s for i, s in enumerate(x.shape) if i not in ax))


def _promote_all(arrays):
    xs = [_a(x) if not isinstance(x, (builtins.int, builtins.float, builtins.complex))
          else x for x in arrays]
    name, weak = promote(*[typed(x) for x in xs])
    return [asarray(x).astype(name)._data if not isinstance(x, Array) or name_of(x._data) != name
            else x._data for x in xs], name, weak


def concatenate(arrays, axis=0, dtype=None):
    if isinstance(arrays, Array):
        arrays = list(arrays)
    if not len(arrays):
        raise ValueError("Need at least one array to concatenate.")
    ns, name, weak = _promote_all(arrays)
    if _any(len(n.shape) == 0 for n in ns):
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    if axis is None:
        ns, axis = [ivy.reshape(n, (-1,)) for n in ns], 0
    r = wrap(ivy.concat(ns, axis=axis), weak)
    return r.astype(dtype) if dtype is not None else r


def stack(arrays, axis=0, out=None, dtype=None):
    if not len(arrays):
        raise ValueError("Need at least one array to stack.")
    ns, name, weak = _promote_all(arrays)
    r = wrap(ivy.stack(ns, axis=axis), weak)
    return r.astype(dtype) if dtype is not None else r


def atleast_1d(*arys):
    rs = [reshape(a, (1,)) if _a(a).ndim == 0 else _a(a) for a in arys]
    return rs[0] if len(rs) == 1 else rs


def atleast_2d(*arys):
    rs = []
    for a in arys:
        x = _a(a)
        rs.append(reshape(x, (1, 1)) if x.ndim == 0 else expand_dims(x, 0) if x.ndim == 1 else x)
    return rs[0] if len(rs) == 1 else rs


def atleast_3d(*arys):
    rs = []
    for a in arys:
        x = _a(a)
        if x.ndim == 0:
            x = reshape(x, (1, 1, 1))
        elif x.ndim == 1:
            x = reshape(x, (1, x.shape[0], 1))
        elif x.ndim == 2:
            x = expand_dims(x, -1)
        rs.append(x)
    return rs[0] if len(rs) == 1 else rs


def broadcast_to(array, shape):
    x = _a(array)
    return wrap(ivy.broadcast_to(x._data, _shape(shape)), x._weak)


def broadcast_arrays(*args):
    xs = [_a(x) for x in args]
    return [wrap(r, x._weak) for r, x in zip(ivy.broadcast_arrays(*[x._data for x in xs]), xs)]
