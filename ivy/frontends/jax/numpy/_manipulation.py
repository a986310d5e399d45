"""``jax.numpy`` array manipulation and indexing helpers (``pad``, ``flip``, ``roll``, ``insert``,
``delete``, ``put``, ``packbits``, ``block``, ...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins
import collections
import math

import numpy as np

import ivy

from .._array import Array, asarray, wrap
from .._core import not_implemented
from ._base import _a, _any, _axes, _kind, _max, _min, _range, _shape
from ._creation import arange, full, zeros
from ._elementwise import (
    clip,
    equal,
    floor_divide,
    isnan,
    left_shift,
    logical_not,
    minimum,
    remainder,
    right_shift,
)
from ._indexing import argsort, nonzero, searchsorted, sort, take, take_along_axis, where
from ._reductions import all, any, cumsum, min, sum
from ._shapes import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_arrays,
    broadcast_to,
    concatenate,
    expand_dims,
    moveaxis,
    ravel,
    reshape,
    stack,
    swapaxes,
    transpose,
)


# ---------------------------------------------------------------------------- manipulation
def shape(a):
    return _a(a).shape


def ndim(a):
    return _a(a).ndim


def size(a, axis=None):
    x = _a(a)
    return x.size if axis is None else x.shape[axis]


permute_dims = transpose


def matrix_transpose(x, /):
    x = _a(x)
    if x.ndim < 2:
        raise ValueError("matrix_transpose requires at least 2 dimensions")
    return swapaxes(x, -1, -2)


def rollaxis(a, axis, start=0):
    x = _a(a)
    n = x.ndim
    axis, start = axis % n, start % (n + 1) if start < 0 else start
    if axis < start:
        start -= 1
    return moveaxis(x, axis, start)


concat = concatenate


def hstack(tup, dtype=None):
    xs = [atleast_1d(t) for t in tup]
    return concatenate(xs, axis=0 if xs[0].ndim == 1 else 1, dtype=dtype)


def vstack(tup, dtype=None):
    return concatenate([atleast_2d(t) for t in tup], axis=0, dtype=dtype)


row_stack = vstack


def dstack(tup, dtype=None):
    return concatenate([atleast_3d(t) for t in tup], axis=2, dtype=dtype)


def column_stack(tup):
    xs = [_a(t) for t in tup]
    return concatenate([reshape(x, (-1, 1)) if x.ndim < 2 else x for x in xs], axis=1)


def _split_points(n, indices_or_sections, strict):
    if isinstance(indices_or_sections, (builtins.int, np.integer)):
        k = builtins.int(indices_or_sections)
        if strict and n % k:
            raise ValueError("array split does not result in an equal division")
        q, r = builtins.divmod(n, k)
        sizes = [q + 1] * r + [q] * (k - r)
        pts = np.cumsum([0] + sizes)
        return list(zip(pts[:-1], pts[1:]))
    idx = [builtins.int(i) for i in indices_or_sections]
    pts = [0] + idx + [n]
    return [(_min(_max(a if a >= 0 else a + n, 0), n), _min(_max(b if b >= 0 else b + n, 0), n))
            for a, b in zip(pts[:-1], pts[1:])]


def split(ary, indices_or_sections, axis=0):
    x = _a(ary)
    ax = axis % x.ndim
    out = []
    for lo, hi in _split_points(x.shape[ax], indices_or_sections, True):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(builtins.int(lo), _max(builtins.int(lo), builtins.int(hi)))
        out.append(x[tuple(sl)])
    return out


def array_split(ary, indices_or_sections, axis=0):
    x = _a(ary)
    ax = axis % x.ndim
    out = []
    for lo, hi in _split_points(x.shape[ax], indices_or_sections, False):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(builtins.int(lo), _max(builtins.int(lo), builtins.int(hi)))
        out.append(x[tuple(sl)])
    return out


def hsplit(ary, indices_or_sections):
    x = _a(ary)
    return split(x, indices_or_sections, axis=1 if x.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, axis=0)


def dsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, axis=2)


def unstack(x, /, *, axis=0):
    x = _a(x)
    return tuple(wrap(r, x._weak) for r in ivy.unstack(x._data, axis=axis))


def flip(m, axis=None):
    x = _a(m)
    return wrap(ivy.flip(x._data, axis=_axes(axis, x.ndim)), x._weak)


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = _a(m)
    k %= 4
    a0, a1 = axes
    if k == 0:
        return x
    if k == 2:
        return flip(flip(x, a0), a1)
    p = list(_range(x.ndim))
    p[a0], p[a1] = p[a1], p[a0]
    return transpose(flip(x, a1), p) if k == 1 else flip(transpose(x, p), a1)


def roll(a, shift, axis=None):
    x = _a(a)
    return wrap(ivy.roll(x._data, shift if not isinstance(shift, list) else tuple(shift),
                         axis=axis if not isinstance(axis, list) else tuple(axis)), x._weak)


def tile(A, reps):  # noqa: N803
    x = _a(A)
    reps = (reps,) if isinstance(reps, builtins.int) else tuple(reps)
    return wrap(ivy.tile(x._data, reps), x._weak)


def repeat(a, repeats, axis=None, *, total_repeat_length=None):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    r = repeats._data if isinstance(repeats, Array) else repeats
    if isinstance(r, (list, tuple)):
        r = asarray(r)._data
    return wrap(ivy.repeat(x._data, r, axis=axis), x._weak)


def broadcast_shapes(*shapes):
    return tuple(ivy.broadcast_shapes(*[_shape(s) for s in shapes]))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("condlist must have length equal to choicelist")
    if not condlist:
        raise ValueError("condlist must be non-empty")
    r = default
    for c, v in zip(reversed(list(condlist)), reversed(list(choicelist))):
        r = where(c, v, r)
    return r


flatnonzero = lambda a, *, size=None, fill_value=None: nonzero(ravel(a), size=size,  # noqa
                                                                fill_value=fill_value)[0]


def argwhere(a, *, size=None, fill_value=None):
    x = atleast_1d(a) if _a(a).ndim == 0 else _a(a)
    nz = nonzero(x, size=size, fill_value=fill_value)
    r = stack(nz, axis=1) if nz else zeros((0, 0), "int32")
    return r if _a(a).ndim else r[:, :0]


def lexsort(keys, axis=-1):
    keys = [_a(k) for k in keys]
    idx = argsort(keys[0], axis=axis)
    for k in keys[1:]:
        kk = take_along_axis(k, idx, axis)
        idx = take_along_axis(idx, argsort(kk, axis=axis), axis)
    return idx


def digitize(x, bins, right=False):
    b = _a(bins)
    inc = all(b[1:] >= b[:-1]) if b.shape[0] > 1 else True
    side = "left" if right else "right"
    if builtins.bool(inc):
        return searchsorted(b, x, side=side)
    return b.shape[0] - searchsorted(flip(b), x, side="right" if right else "left")


def _unique_sorted(x):
    vals, idx, inv, cnt = ivy.unique_all(x._data)
    order = ivy.argsort(vals, axis=0, stable=True)
    # Array API's unique_all need not sort; sort and remap the inverse
    rank = ivy.argsort(order, axis=0, stable=True)
    return (ivy.take(vals, order, axis=0), ivy.take(idx, order, axis=0),
            ivy.take(rank, ivy.reshape(inv, (-1,)), axis=0), ivy.take(cnt, order, axis=0))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, size=None, fill_value=None, sorted=True):  # noqa: A002
    x = _a(ar)
    if axis is not None:
        not_implemented("jax.numpy.unique(axis=...)")
    flat = ravel(x)
    if flat.size == 0:
        vals, idx, inv, cnt = (flat._data, ivy.astype(flat._data, "int32"),
                               ivy.astype(flat._data, "int32"), ivy.astype(flat._data, "int32"))
    else:
        vals, idx, inv, cnt = _unique_sorted(flat)
    v = wrap(vals, x._weak)
    i, iv, c = wrap(ivy.astype(idx, "int32")), wrap(ivy.astype(inv, "int32")), \
        wrap(ivy.astype(cnt, "int32"))
    if _kind(x) in "fc" and v.size:
        # NaNs: JAX (equal_nan=True) keeps one
        isn = isnan(v)
        nn = builtins.int(sum(isn))
        if nn > 1:
            keep = v.size - nn + 1
            first_nan = v.size - nn
            tot = sum(c[first_nan:])
            v, i, c = v[:keep], i[:keep], c[:keep].at[first_nan].set(tot)
            iv = minimum(iv, first_nan)
            i = i.at[first_nan].set(min(argwhere(isnan(flat))))
    if size is not None:
        n = v.shape[0]
        if n >= size:
            v, i, c = v[:size], i[:size], c[:size]
        else:
            fv = min(v) if fill_value is None and n else (0 if fill_value is None else fill_value)
            v = concatenate([v, full((size - n,), fv, dtype=v.dtype)])
            i = concatenate([i, full((size - n,), 0, dtype="int32")])
            c = concatenate([c, full((size - n,), 0, dtype="int32")])
    iv = reshape(iv, x.shape)
    out = [v]
    if return_index:
        out.append(i)
    if return_inverse:
        out.append(iv)
    if return_counts:
        out.append(c)
    return out[0] if len(out) == 1 else tuple(out)


_UV = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices",
                                                 "counts"])


def unique_values(x, /, *, size=None, fill_value=None):
    return unique(x, size=size, fill_value=fill_value)


def unique_counts(x, /, *, size=None, fill_value=None):
    v, c = unique(x, return_counts=True, size=size, fill_value=fill_value)
    return collections.namedtuple("UniqueCountsResult", ["values", "counts"])(v, c)


def unique_inverse(x, /, *, size=None, fill_value=None):
    v, i = unique(x, return_inverse=True, size=size, fill_value=fill_value)
    return collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])(v, i)


def unique_all(x, /, *, size=None, fill_value=None):
    return _UV(*unique(x, True, True, True, size=size, fill_value=fill_value))


def isin(element, test_elements, assume_unique=False, invert=False, *, method="auto"):
    e, t = _a(element), ravel(_a(test_elements))
    r = any(equal(expand_dims(e, -1), t), axis=-1) if t.size else zeros(e.shape, "bool")
    return logical_not(r) if invert else r


def in1d(ar1, ar2, assume_unique=False, invert=False):
    return isin(ravel(ar1), ar2, invert=invert)


def union1d(ar1, ar2, *, size=None, fill_value=None):
    return unique(concatenate([ravel(ar1), ravel(ar2)]), size=size, fill_value=fill_value)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *, size=None,
                fill_value=None):
    if return_indices:
        not_implemented("jax.numpy.intersect1d(return_indices=True)")
    a, b = unique(ar1), unique(ar2)
    return a[isin(a, b)] if size is None else unique(a[isin(a, b)], size=size,
                                                    fill_value=fill_value)


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a = unique(ar1)
    r = a[isin(a, ar2, invert=True)]
    return r if size is None else unique(r, size=size, fill_value=fill_value)


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = unique(ar1), unique(ar2)
    return unique(concatenate([a[isin(a, b, invert=True)], b[isin(b, a, invert=True)]]),
                  size=size, fill_value=fill_value)


def pad(array, pad_width, mode="constant", **kwargs):
    x = _a(array)
    if callable(mode):
        not_implemented("jax.numpy.pad with a callable mode")
    pw = np.broadcast_to(np.asarray(pad_width, dtype=np.int64).reshape(
        (-1, 2) if np.ndim(pad_width) and np.shape(pad_width)[-1] == 2 else (-1,)), (x.ndim, 2)) \
        if np.ndim(pad_width) < 2 else np.asarray(pad_width, dtype=np.int64)
    if np.ndim(pad_width) == 1 and len(pad_width) == 1:
        pw = np.broadcast_to(np.asarray(pad_width * 2), (x.ndim, 2))
    elif np.ndim(pad_width) == 0:
        pw = np.full((x.ndim, 2), builtins.int(pad_width))
    pw = [tuple(builtins.int(v) for v in r) for r in pw]
    if _any(v < 0 for r in pw for v in r):
        raise ValueError("index can't contain negative values")
    if mode == "constant":
        cv = kwargs.get("constant_values", 0)
        if np.ndim(cv) > 0:
            not_implemented("jax.numpy.pad with per-axis constant_values")
        cv = cv.item() if isinstance(cv, Array) else cv
        return wrap(ivy.pad(x._data, pw, mode="constant", constant_values=cv), x._weak)
    if mode in ("reflect", "edge", "symmetric", "wrap"):
        if kwargs.get("reflect_type", "even") != "even":
            not_implemented("jax.numpy.pad(reflect_type='odd')")
        return wrap(ivy.pad(x._data, pw, mode=mode), x._weak)
    not_implemented(f"jax.numpy.pad(mode={mode!r})")


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    x = _a(arr)
    x2 = moveaxis(x, axis, -1)
    lead = x2.shape[:-1]
    flat = reshape(x2, (-1, x2.shape[-1]))
    rs = [_a(func1d(flat[i], *args, **kwargs)) for i in _range(flat.shape[0])]
    r = stack(rs)
    r = reshape(r, lead + r.shape[1:])
    return moveaxis(r, _range(len(lead), r.ndim), _range(axis % x.ndim, axis % x.ndim + r.ndim
                                                               - len(lead))) if r.ndim > len(
        lead) else r


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    strides = np.cumprod((1,) + tuple(dims[::-1]))[:-1][::-1]
    r = 0
    for i, s in zip(multi_index, strides):
        r = r + _a(i).astype("int32") * builtins.int(s)
    return r


def unravel_index(indices, shape):
    i = _a(indices)
    out = []
    for s in reversed(shape):
        out.append(remainder(i, s))
        i = floor_divide(i, s)
    return tuple(reversed(out))


def compress(condition, a, axis=None, *, size=None, fill_value=0):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    c = _a(condition)
    idx = nonzero(c)[0]
    return take(x, idx, axis=axis)


def extract(condition, arr, *, size=None, fill_value=0):
    return compress(ravel(condition), ravel(arr))






def choose(a, choices, out=None, mode="raise"):
    i = _a(a)
    cs = broadcast_arrays(i, *choices)
    st = stack(cs[1:])
    return take_along_axis(st, expand_dims(cs[0], 0), 0)[0]


def trim_zeros(filt, trim="fb"):
    x = _a(filt)
    nz = nonzero(x)[0]
    if nz.size == 0:
        return x[:0]
    lo = builtins.int(nz[0]) if "f" in trim else 0
    hi = builtins.int(nz[-1]) + 1 if "b" in trim else x.shape[0]
    return x[lo:hi]


def resize(a, new_shape):
    x = ravel(a)
    shp = _shape(new_shape)
    n = math.prod(shp)
    reps = -(-n // _max(x.size, 1))
    return reshape(tile(x, reps)[:n], shp)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)])
    return concatenate([arr, values], axis=axis)




def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    x = _a(arr)
    if axis is None:
        x, axis = ravel(x), 0
    n = x.shape[axis]
    keep = np.ones(n, bool)
    keep[np.asarray(obj if not isinstance(obj, Array) else np.asarray(obj))] = False
    return take(x, asarray(np.nonzero(keep)[0].astype(np.int32)), axis=axis)


def place(arr, mask, vals, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.place cannot be done in-place because JAX arrays are "
                         "immutable. Pass inplace=False to instead return an updated array.")
    x = _a(arr)
    m = ravel(_a(mask).astype("bool"))
    v = ravel(_a(vals))
    n = builtins.int(m.sum())
    if n == 0:
        return x
    pos = cumsum(m.astype("int32")) - 1
    fill = take(v, pos % v.shape[0])
    return reshape(where(m, fill.astype(x.dtype), ravel(x)), x.shape)


def put(a, ind, v, mode=None, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.put cannot be done in-place because JAX arrays are "
                         "immutable. Pass inplace=False to instead return an updated array.")
    x = _a(a)
    i, vv = ravel(_a(ind)), ravel(_a(v))
    if mode in (None, "fill", "drop"):
        i = where(i < 0, i + x.size, i)
    elif mode == "clip":
        i = clip(i, 0, x.size - 1)
    elif mode == "wrap":
        i = i % x.size
    vv = broadcast_to(vv, i.shape) if vv.size == 1 else take(vv, arange(i.shape[0]) % vv.size)
    return reshape(ravel(x).at[i].set(vv.astype(x.dtype), mode="drop"), x.shape)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    if inplace:
        raise ValueError("jax.numpy.put_along_axis cannot be done in-place because JAX arrays "
                         "are immutable. Pass inplace=False to instead return an updated array.")
    x = _a(arr)
    if axis is None:
        return put(x, indices, values, inplace=False)
    idx = _a(indices)
    ax = axis % x.ndim
    full_idx = []
    for d in _range(x.ndim):
        if d == ax:
            full_idx.append(where(idx < 0, idx + x.shape[ax], idx))
        else:
            sh = [1] * x.ndim
            sh[d] = x.shape[d]
            full_idx.append(reshape(arange(x.shape[d]), sh))
    full_idx = broadcast_arrays(*full_idx)
    vals = broadcast_to(_a(values), full_idx[0].shape).astype(x.dtype)
    return x.at[tuple(full_idx)].set(vals)


def packbits(a, axis=None, bitorder="big"):
    x = _a(a)
    if _kind(x) not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    bits = (x > 0).astype("uint8")
    if axis is None:
        bits, axis = ravel(bits), 0
    bits = moveaxis(bits, axis, -1)
    rem = (-bits.shape[-1]) % 8
    if rem:
        bits = pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, rem)])
    bits = reshape(bits, bits.shape[:-1] + (-1, 8))
    shifts = arange(8, dtype="uint8")
    if bitorder == "big":
        shifts = shifts[::-1]
    packed = sum(left_shift(bits, shifts), axis=-1).astype("uint8")
    return moveaxis(packed, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder="big"):
    x = _a(a)
    if x.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    shifts = arange(8, dtype="uint8")
    if bitorder == "big":
        shifts = shifts[::-1]
    bits = (right_shift(expand_dims(x, -1), shifts) & 1).astype("uint8")
    if axis is None:
        bits, axis = ravel(bits), 0
    else:  # the 8 bits of each byte replace it along ``axis``
        ax = axis % x.ndim
        bits = moveaxis(bits, ax, -2)
        bits = moveaxis(reshape(bits, bits.shape[:-2] + (-1,)), -1, ax)
        axis = ax
    if count is not None:
        bits = take(bits, arange(builtins.min(count, bits.shape[axis])), axis=axis)
    return bits


def insert(arr, obj, values, axis=None):
    if isinstance(obj, (list, tuple)):
        raise TypeError(f"insert requires ndarray or scalar arguments, got {type(obj)} at "
                        "position 1.")
    x = _a(arr)
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % x.ndim
    n = x.shape[ax]
    if isinstance(obj, builtins.slice):
        idx = np.arange(n + 1)[obj]
    else:
        idx = np.asarray(obj if not isinstance(obj, Array) else np.asarray(obj))
    scalar = idx.ndim == 0
    idx = np.where(idx.reshape(-1) < 0, idx.reshape(-1) + n, idx.reshape(-1))
    v = _a(values).astype(x.dtype)
    if scalar:  # one position: values fill a slab of width 1 (or v.shape[ax] if v is full-rank)
        v = expand_dims(v, ax) if v.ndim < x.ndim else v
        idx = np.full(v.shape[ax], idx[0])
    shape = list(x.shape)
    shape[ax] = idx.size
    v = broadcast_to(v, tuple(shape))
    order = np.argsort(idx, kind="stable")
    new_pos = idx[order] + np.arange(idx.size)
    out_n = n + idx.size
    is_new = np.zeros(out_n, bool)
    is_new[new_pos] = True
    old_pos = np.nonzero(~is_new)[0]
    vals_sorted = take(v, asarray(order.astype(np.int32)), axis=ax)
    out_shape = list(x.shape)
    out_shape[ax] = out_n
    out = zeros(tuple(out_shape), x.dtype)
    key_old = (builtins.slice(None),) * ax + (asarray(old_pos.astype(np.int32)),)
    key_new = (builtins.slice(None),) * ax + (asarray(new_pos.astype(np.int32)),)
    out = out.at[key_old].set(x)
    return out.at[key_new].set(vals_sorted)


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    if inplace:
        raise ValueError("JAX arrays are immutable, so fill_diagonal cannot be done in-place. "
                         "Pass inplace=False to instead return a modified copy.")
    x = _a(a)
    if x.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if x.ndim > 2 and len(set(x.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    if wrap and x.ndim == 2 and x.shape[0] > x.shape[1] + 1:
        not_implemented("jax.numpy.fill_diagonal(wrap=True) on a tall matrix")
    n = _min(x.shape)
    v = ravel(_a(val).astype(x.dtype))
    v = take(v, arange(n) % v.size) if v.size else v
    i = arange(n)
    return x.at[(i,) * x.ndim].set(v)


def sort_complex(a):
    x = sort(_a(a), axis=0)
    return x.astype("complex64") if _kind(x) != "c" else x


def block(arrays):
    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list)
                                                                  else 0)
    d = depth(arrays)

    def rec(x, lvl):
        if not isinstance(x, list):
            return _a(x)
        parts = [rec(e, lvl + 1) for e in x]
        ndim = _max(_max(p.ndim for p in parts), d - lvl)
        parts = [reshape(p, (1,) * (ndim - p.ndim) + p.shape) for p in parts]
        return concatenate(parts, axis=-(d - lvl))
    if isinstance(arrays, tuple):
        raise TypeError("jax.numpy.block does not allow tuples")
    return rec(arrays, 0)


def apply_over_axes(func, a, axes):
    x = _a(a)
    for ax in axes:
        r = _a(func(x, ax))
        if r.ndim == x.ndim - 1:
            r = expand_dims(r, ax)
        elif r.ndim != x.ndim:
            raise ValueError("function is not returning an array of the correct shape")
        x = r
    return x


def piecewise(x, condlist, funclist, *args, **kw):
    xx = _a(x)
    if isinstance(condlist, (Array, np.ndarray)) and getattr(condlist, "ndim", 1) == xx.ndim:
        condlist = [condlist]
    conds = [_a(c).astype("bool") for c in condlist]
    n = len(conds)
    if len(funclist) == n + 1:
        otherwise = funclist[-1]
        funclist = funclist[:-1]
    elif len(funclist) == n:
        otherwise = 0
    else:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected; "
                         f"got {len(funclist)}")

    def val(fn):
        r = fn(xx, *args, **kw) if callable(fn) else fn
        return broadcast_to(_a(r).astype(xx.dtype), xx.shape)
    out = val(otherwise)
    for c, fn in zip(conds, funclist):
        out = where(c, val(fn), out)
    return out
