"""``jax.lax`` shape primitives (``broadcast_in_dim``, ``reshape``, ``transpose``, ``pad``,
slices and dynamic slices, ``concatenate``, ``iota``, ``full``, ...).

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from .._array import asarray, wrap
from .._core import name_of
from ..numpy import _functions as _F
from ._base import _builtin_sum, _max, _min, _range, _same


def broadcast_in_dim(operand, shape, broadcast_dimensions, *, out_sharding=None):
    a = asarray(operand)
    shape = tuple(shape)
    if len(broadcast_dimensions) != a.ndim:
        raise TypeError("broadcast_in_dim broadcast_dimensions must have length equal to "
                        "operand ndim")
    inter = [1] * len(shape)
    for i, d in enumerate(broadcast_dimensions):
        if a.shape[i] not in (1, shape[d]):
            raise TypeError("broadcast_in_dim operand dimension sizes must either be 1, or be "
                            "equal to their corresponding dimensions in the target shape")
        inter[d] = a.shape[i]
    return wrap(ivy.broadcast_to(ivy.reshape(a._data, tuple(inter)), shape), a._weak)


def broadcast(operand, sizes):
    a = asarray(operand)
    return broadcast_in_dim(a, tuple(sizes) + a.shape,
                            tuple(_range(len(sizes), len(sizes) + a.ndim)))


def reshape(operand, new_sizes, dimensions=None, *, sharding=None):
    a = asarray(operand)
    if dimensions is not None:
        a = transpose(a, dimensions)
    if math.prod(new_sizes) != a.size:
        raise TypeError("reshape total size must be unchanged")
    return wrap(ivy.reshape(a._data, tuple(new_sizes)), a._weak)


def transpose(operand, permutation):
    a = asarray(operand)
    if sorted(permutation) != list(_range(a.ndim)):
        raise TypeError("transpose permutation isn't a permutation of operand dimensions")
    return wrap(ivy.permute_dims(a._data, tuple(permutation)), a._weak)


def squeeze(array, dimensions):
    a = asarray(array)
    dims = {d % a.ndim for d in dimensions}
    for d in dims:
        if a.shape[d] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to "
                             "one")
    return reshape(a, tuple(s for i, s in enumerate(a.shape) if i not in dims))


def expand_dims(array, dimensions):
    return _F.expand_dims(array, tuple(dimensions))


def rev(operand, dimensions):
    a = asarray(operand)
    return wrap(ivy.flip(a._data, axis=tuple(dimensions)), a._weak) if dimensions else a


def concatenate(operands, dimension):
    cs, dt, weak = _same(*operands, name="concatenate")
    return wrap(ivy.concat(cs, axis=dimension), weak)


def pad(operand, padding_value, padding_config):
    """lax.pad: (low, high, interior) per dimension; negative low/high crop."""
    a = asarray(operand)
    (d, pv), dt, weak = _same(a, padding_value, name="pad")
    if len(padding_config) != a.ndim:
        raise ValueError("lax.pad: padding_config must have one entry per dimension")
    for ax, (lo, hi, interior) in enumerate(padding_config):
        if interior < 0:
            raise ValueError("interior padding must be non-negative")
        n = d.shape[ax]
        if interior > 0 and n > 1:
            m = n + (n - 1) * interior
            shp = list(d.shape)
            shp[ax] = m
            base = ivy.broadcast_to(ivy.reshape(pv, (1,) * len(shp)), tuple(shp))
            idx = [builtins.slice(None)] * len(shp)
            idx[ax] = builtins.slice(0, m, interior + 1)
            base = ivy.astype(base, dt, copy=True)
            d = _set_slice(base, tuple(idx), d)
        pw = [(0, 0)] * len(d.shape)
        pw[ax] = (_max(lo, 0), _max(hi, 0))
        if lo > 0 or hi > 0:
            d = ivy.pad(d, pw, mode="constant", constant_values=wrap(pv).item())
        if lo < 0 or hi < 0:
            idx = [builtins.slice(None)] * len(d.shape)
            idx[ax] = builtins.slice(-lo if lo < 0 else 0, d.shape[ax] + hi if hi < 0 else None)
            d = ivy.get_item(d, tuple(idx))
    return wrap(d, weak)


def _set_slice(base, key, value):
    """A functional ``base[key] = value`` (copy: never mutates ``base``)."""
    n = math.prod(base.shape)
    B = ivy.backend_of(base)
    iota = ivy.reshape(B.asarray(np.arange(n, dtype=np.int64)), tuple(base.shape))
    pos = ivy.reshape(ivy.get_item(iota, key), (-1, 1))
    vals = ivy.reshape(ivy.broadcast_to(value, tuple(ivy.get_item(iota, key).shape)), (-1,))
    r = ivy.scatter_nd(pos, vals, (n,), reduction="replace", out=ivy.reshape(base, (n,)))
    return ivy.reshape(r, tuple(base.shape))


def slice(operand, start_indices, limit_indices, strides=None):  # noqa: A001
    a = asarray(operand)
    strides = strides or (1,) * a.ndim
    key = tuple(builtins.slice(s, l_, st) for s, l_, st in zip(start_indices, limit_indices,
                                                                strides, strict=True))
    return wrap(ivy.get_item(a._data, key), a._weak)


def slice_in_dim(operand, start_index, limit_index, stride=1, axis=0):
    a = asarray(operand)
    st = [0] * a.ndim
    li = list(a.shape)
    sd = [1] * a.ndim
    n = a.shape[axis]
    start_index = 0 if start_index is None else start_index % n if start_index < 0 else \
        start_index
    limit_index = n if limit_index is None else limit_index + n if limit_index < 0 else \
        limit_index
    st[axis], li[axis], sd[axis] = start_index, limit_index, stride
    return slice(a, st, li, sd)


def index_in_dim(operand, index, axis=0, keepdims=True):
    a = asarray(operand)
    index = index % a.shape[axis]
    r = slice_in_dim(a, index, index + 1, 1, axis)
    return r if keepdims else squeeze(r, (axis,))


def _starts(a, start_indices, sizes):
    out = []
    for s, n, k in zip(start_indices, a.shape, sizes, strict=True):
        s = builtins.int(s)
        out.append(_min(_max(s, 0), n - k))  # XLA clamps the start into bounds
    return out


def dynamic_slice(operand, start_indices, slice_sizes, *, allow_negative_indices=True):
    a = asarray(operand)
    if len(start_indices) != a.ndim:
        raise TypeError("dynamic_slice: len(start_indices) must equal operand ndim")
    if builtins.any(k > n for k, n in zip(slice_sizes, a.shape, strict=True)):
        raise TypeError("dynamic_slice: slice_sizes must be <= operand shape")
    st = [builtins.int(s) + (n if builtins.int(s) < 0 and allow_negative_indices else 0)
          for s, n in zip(start_indices, a.shape, strict=True)]
    st = _starts(a, st, slice_sizes)
    key = tuple(builtins.slice(s, s + k) for s, k in zip(st, slice_sizes, strict=True))
    return wrap(ivy.get_item(a._data, key), a._weak)


def dynamic_slice_in_dim(operand, start_index, slice_size, axis=0):
    a = asarray(operand)
    st = [0] * a.ndim
    sz = list(a.shape)
    st[axis], sz[axis] = start_index, slice_size
    return dynamic_slice(a, st, sz)


def dynamic_index_in_dim(operand, index, axis=0, keepdims=True):
    r = dynamic_slice_in_dim(operand, index, 1, axis)
    return r if keepdims else squeeze(r, (axis,))


def dynamic_update_slice(operand, update, start_indices, *, allow_negative_indices=True):
    a, u = asarray(operand), asarray(update)
    if name_of(a._data) != name_of(u._data):
        raise TypeError("dynamic_update_slice update and operand dtypes must match")
    st = [builtins.int(s) + (n if builtins.int(s) < 0 and allow_negative_indices else 0)
          for s, n in zip(start_indices, a.shape, strict=True)]
    st = _starts(a, st, u.shape)
    key = tuple(builtins.slice(s, s + k) for s, k in zip(st, u.shape, strict=True))
    return wrap(_set_slice(a._data, key, u._data), a._weak)


def dynamic_update_slice_in_dim(operand, update, start_index, axis):
    a = asarray(operand)
    st = [0] * a.ndim
    st[axis] = start_index
    return dynamic_update_slice(a, update, st)


def dynamic_update_index_in_dim(operand, update, index, axis):
    u = asarray(update)
    a = asarray(operand)
    if u.ndim == a.ndim - 1:
        u = _F.expand_dims(u, axis)
    return dynamic_update_slice_in_dim(a, u, index, axis)


def _same_pads(in_sizes, k_sizes, strides):
    pads = []
    for n, k, s in zip(in_sizes, k_sizes, strides, strict=True):
        out = -(-n // s)
        tot = _max((out - 1) * s + k - n, 0)
        pads.append((tot // 2, tot - tot // 2))
    return pads


def padtype_to_pads(in_shape, window_shape, window_strides, padding):
    if isinstance(padding, str):
        p = padding.upper()
        if p == "VALID":
            return [(0, 0)] * len(in_shape)
        if p == "SAME":
            return _same_pads(in_shape, window_shape, window_strides)
        if p == "SAME_LOWER":
            return [(h, l_) for l_, h in _same_pads(in_shape, window_shape, window_strides)]
        raise ValueError(f"Unknown padding type: {padding}")
    return [tuple(p) for p in padding]


def iota(dtype, size, dimension=0, sharding=None):
    return _F.arange(size, dtype=dtype)


def broadcasted_iota(dtype, shape, dimension, sharding=None):
    shape = tuple(shape)
    r = _F.arange(shape[dimension], dtype=dtype)
    return broadcast_in_dim(r, shape, (dimension,))


def full(shape, fill_value, dtype=None, *, sharding=None):
    return _F.full(shape, fill_value, dtype)


def full_like(x, fill_value, dtype=None, shape=None, sharding=None):
    return _F.full_like(x, fill_value, dtype, shape)


def zeros_like_array(x):
    return _F.zeros_like(x)


def broadcast_shapes(*shapes):
    return tuple(int(s) for s in np.broadcast_shapes(*[tuple(s) for s in shapes]))


def broadcast_to_rank(x, rank):
    a = asarray(x)
    if a.ndim >= rank:
        return a
    return _F.reshape(a, (1,) * (rank - a.ndim) + a.shape)


def broadcast_like(arr, like_arr):
    return _F.broadcast_to(arr, asarray(like_arr).shape)


def collapse(operand, start_dimension, stop_dimension=None):
    a = asarray(operand)
    stop = a.ndim if stop_dimension is None else stop_dimension
    start = start_dimension % _max(a.ndim, 1) if start_dimension < 0 else start_dimension
    stop = stop % _max(a.ndim, 1) if stop < 0 else stop
    size = int(np.prod(a.shape[start:stop]))
    return _F.reshape(a, a.shape[:start] + (size,) + a.shape[stop:])


def dtype(x):
    return asarray(x).dtype


def empty(shape, dtype, *, out_sharding=None):  # noqa: A002
    return _F.zeros(shape, dtype)


def split(operand, sizes, axis=0):
    a = asarray(operand)
    axis = axis % a.ndim
    if _builtin_sum(sizes) != a.shape[axis]:
        raise ValueError(f"Sum of sizes {_builtin_sum(sizes)} must be equal to dimension "
                         f"{a.shape[axis]} of the operand shape {a.shape}")
    out, start = [], 0
    for s in sizes:
        s = builtins.int(s)  # jaxpr params may hold NumPy integers
        out.append(slice_in_dim(a, start, start + s, 1, axis))
        start += s
    return out


def stack(operands, axis=0):
    ops = [asarray(o) for o in operands]
    _same(*ops, name="stack")
    return _F.stack(ops, axis=axis)


def unstack(x, axis=0):
    return tuple(_F.unstack(x, axis=axis))


def tile(operand, reps):
    a = asarray(operand)
    if len(reps) != a.ndim:
        raise TypeError(f"reps length must be equal to the ndim of x, got len(reps)={len(reps)} "
                        f"and x.ndim={a.ndim}.")
    return _F.tile(a, tuple(reps))
