"""``numpy.*`` shape and indexing manipulation (``reshape``, ``concatenate``, ``stack``, ``take``,
``pad``, ``meshgrid``, ``indices``, ...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import builtins

import numpy as _rnp

import ivy

from . import _core
from ._base import (
    _BOOL,
    _I64,
    _NO,
    _any,
    _bool,
    _float,
    _int,
    _keys,
    _max,
    _min,
    _nat,
    _no_out,
    _range,
    _sum,
)
from ._core import (
    BY_NAME,
    AxisError,
    cast,
    dtype_of,
    norm_axes,
    norm_axis,
    not_implemented,
    probe_key,
    shape_of,
    to_dtype,
)
from ._creation import _shape_arg, arange, asarray, diag, ones, zeros, zeros_like
from ._ndarray import native, ndarray, ret, wrap
from ._ufuncs import clip


def diagflat(v, k=0):
    return diag(ravel(v), k)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    xs = [ravel(x) for x in xi]
    if sparse:
        n = len(xs)
        out = []
        for i, x in enumerate(xs):
            shp = [1] * n
            shp[i] = x.size
            if indexing == "xy" and n >= 2 and i < 2:
                shp[0], shp[1] = shp[1], shp[0]
            out.append(x.reshape(tuple(shp)))
        return tuple(out)
    if not xs:
        return ()
    sp = meshgrid(*xs, sparse=True, indexing=indexing)
    shp = _rnp.broadcast_shapes(*[g.shape for g in sp])
    return tuple(wrap(ivy.broadcast_to(g._data, shp)) for g in sp)


def indices(dimensions, dtype=int, sparse=False):
    dims = tuple(dimensions)
    grids = [arange(n, dtype=dtype) for n in dims]
    if sparse:
        return tuple(g.reshape(tuple(n if j == i else 1 for j, n in enumerate(dims)))
                     for i, g in enumerate(grids))
    if not dims:
        return zeros((0,), dtype)
    return stack(meshgrid(*grids, indexing="ij"))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    return function(*indices(shape, dtype=dtype), **kwargs)


# =========================================================================== manipulation
def shape(a):
    return asarray(a).shape


def ndim(a):
    return len(_nat(a).shape)


def size(a, axis=None):
    s = asarray(a).shape
    if axis is None:
        n = 1
        for v in s:
            n *= v
        return n
    return s[axis]


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    if shape is None:
        shape = newshape
    x = _nat(a)
    shp = _shape_arg(shape)
    if order == "F":
        r = ivy.permute_dims(x, tuple(_range(len(x.shape) - 1, -1, -1)))
        r = ivy.reshape(r, shp[::-1])
        return wrap(ivy.permute_dims(r, tuple(_range(len(shp) - 1, -1, -1))))
    if order not in ("C", "A"):
        not_implemented(f"numpy.reshape(order={order!r})")
    known = 1
    neg = 0
    for s in shp:
        if s == -1:
            neg += 1
        else:
            known *= s
    total = 1
    for s in shape_of(x):
        total *= s
    if neg > 1:
        raise ValueError("can only specify one unknown dimension")
    if (neg == 0 and known != total) or (neg == 1 and (known == 0 or total % known)):
        raise ValueError(f"cannot reshape array of size {total} into shape {shp}")
    return wrap(ivy.reshape(x, shp))


def ravel(a, order="C"):
    return reshape(a, (-1,), order=order)


def transpose(a, axes=None):
    x = _nat(a)
    nd = len(x.shape)
    if axes is None:
        axes = tuple(_range(nd - 1, -1, -1))
    else:
        axes = tuple(norm_axis(v, nd) for v in axes)
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        if len(set(axes)) != nd:
            raise ValueError("repeated axis in transpose")
    return wrap(ivy.permute_dims(x, axes))


def permute_dims(a, axes=None):
    return transpose(a, axes)


def matrix_transpose(x):
    a = asarray(x)
    if a.ndim < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    return swapaxes(a, -1, -2)


def swapaxes(a, axis1, axis2):
    x = _nat(a)
    nd = len(x.shape)
    a1, a2 = norm_axis(axis1, nd), norm_axis(axis2, nd)
    perm = list(_range(nd))
    perm[a1], perm[a2] = perm[a2], perm[a1]
    return wrap(ivy.permute_dims(x, tuple(perm)))


def moveaxis(a, source, destination):
    x = _nat(a)
    nd = len(x.shape)
    src = norm_axes(source, nd) if isinstance(source, (list, tuple)) else (norm_axis(source, nd),)
    dst = norm_axes(destination, nd) if isinstance(destination, (list, tuple)) else \
        (norm_axis(destination, nd),)
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of "
                         "elements")
    order = [n for n in _range(nd) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return wrap(ivy.permute_dims(x, tuple(order)))


def rollaxis(a, axis, start=0):
    nd = ndim(a)
    axis = norm_axis(axis, nd)
    if start < 0:
        start += nd
    if axis < start:
        start -= 1
    if axis == start:
        return asarray(a)
    return moveaxis(a, axis, start)


def squeeze(a, axis=None):
    x = _nat(a)
    s = shape_of(x)
    if axis is None:
        axes = tuple(i for i, v in enumerate(s) if v == 1)
    else:
        axes = norm_axes(axis, len(s))
        for i in axes:
            if s[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not "
                                 "equal to one")
    if not axes:
        return wrap(x)
    return wrap(ivy.reshape(x, tuple(v for i, v in enumerate(s) if i not in axes)))


def expand_dims(a, axis):
    x = _nat(a)
    axs = axis if isinstance(axis, (list, tuple)) else (axis,)
    nd = len(x.shape) + len(axs)
    axes = norm_axes(tuple(axs), nd)
    s = iter(shape_of(x))
    return wrap(ivy.reshape(x, tuple(1 if i in axes else next(s) for i in _range(nd))))


def atleast_1d(*arys):
    r = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return r[0] if len(r) == 1 else tuple(r)


def atleast_2d(*arys):
    out = []
    for a in arys:
        x = asarray(a)
        out.append(x.reshape(1, 1) if x.ndim == 0 else x[None, :] if x.ndim == 1 else x)
    return out[0] if len(out) == 1 else tuple(out)


def atleast_3d(*arys):
    out = []
    for a in arys:
        x = asarray(a)
        if x.ndim == 0:
            x = x.reshape(1, 1, 1)
        elif x.ndim == 1:
            x = x[None, :, None]
        elif x.ndim == 2:
            x = x[:, :, None]
        out.append(x)
    return out[0] if len(out) == 1 else tuple(out)


def _common(arrays, dtype=None):
    xs = [_nat(a) for a in arrays]
    if dtype is not None:
        d = to_dtype(dtype)
    else:
        d = BY_NAME[_core.result_type_keys(*[dtype_of(x).name for x in xs])]
    return [cast(x, d) for x in xs]


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    _no_out("concatenate", out)
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    xs = _common(arrays, dtype)
    if axis is None:
        xs = [ivy.reshape(x, (-1,)) for x in xs]
        axis = 0
    nd = len(xs[0].shape)
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    for x in xs:
        if len(x.shape) != nd:
            raise ValueError("all the input array dimensions except for the concatenation axis "
                             "must match exactly")
    ax = norm_axis(axis, nd)
    for x in xs[1:]:
        if _any(shape_of(x)[i] != shape_of(xs[0])[i] for i in _range(nd) if i != ax):
            raise ValueError("all the input array dimensions except for the concatenation axis "
                             "must match exactly")
    return wrap(ivy.concat(xs, axis=ax))


concat = concatenate


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    _no_out("stack", out)
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to stack")
    xs = _common(arrays, dtype)
    if len({shape_of(x) for x in xs}) != 1:
        raise ValueError("all input arrays must have the same shape")
    ax = norm_axis(axis, len(xs[0].shape) + 1)
    return wrap(ivy.stack(xs, axis=ax))


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate([atleast_2d(a) for a in tup], 0, dtype=dtype)


row_stack = vstack


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, 0 if arrs and arrs[0].ndim == 1 else 1, dtype=dtype)


def dstack(tup):
    return concatenate([atleast_3d(a) for a in tup], 2)


def column_stack(tup):
    arrs = []
    for a in tup:
        x = asarray(a)
        arrs.append(x.reshape(-1, 1) if x.ndim < 2 else x)
    return concatenate(arrs, 1)


def block(arrays):
    def depth(a):
        return 1 + depth(a[0]) if isinstance(a, list) and a else 0
    d = depth(arrays)

    def rec(a, lvl):
        if isinstance(a, list):
            parts = [rec(e, lvl + 1) for e in a]
            nd = _max(p.ndim for p in parts)
            parts = [p.reshape((1,) * (nd - p.ndim) + p.shape) for p in parts]
            return concatenate(parts, axis=-(d - lvl))
        x = asarray(a)
        return x.reshape((1,) * _max(0, d - x.ndim) + x.shape)
    return rec(arrays, 0)


def array_split(ary, indices_or_sections, axis=0):
    x = asarray(ary)
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(indices_or_sections, (_int,)) or (isinstance(indices_or_sections, ndarray)
                                                     and indices_or_sections.ndim == 0):
        k = _int(indices_or_sections)
        if k <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = builtins.divmod(n, k)
        sizes = [each + 1] * extra + [each] * (k - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    else:
        bounds = [0] + [_int(i) for i in indices_or_sections] + [n]
    out = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        sl = [slice(None)] * x.ndim
        sl[ax] = slice(lo, hi)
        out.append(x[tuple(sl)])
    return out


def split(ary, indices_or_sections, axis=0):
    if isinstance(indices_or_sections, _int):
        n = asarray(ary).shape[norm_axis(axis, ndim(ary))]
        if n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    a = asarray(ary)
    if a.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    if ndim(ary) < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    if ndim(ary) < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)


def flip(m, axis=None):
    x = _nat(m)
    nd = len(x.shape)
    axes = norm_axes(axis, nd)
    if not axes:
        return ret(x)
    return wrap(ivy.flip(x, axis=axes))


def fliplr(m):
    if ndim(m) < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    if ndim(m) < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = asarray(m)
    k %= 4
    a0, a1 = axes
    if k == 0:
        return x[...]
    if k == 2:
        return flip(flip(x, a0), a1)
    perm = list(_range(x.ndim))
    perm[norm_axis(a0, x.ndim)], perm[norm_axis(a1, x.ndim)] = \
        perm[norm_axis(a1, x.ndim)], perm[norm_axis(a0, x.ndim)]
    if k == 1:
        return transpose(flip(x, a1), perm)
    return flip(transpose(x, perm), a1)


def roll(a, shift, axis=None):
    x = _nat(a)
    if axis is None:
        s = shape_of(x)
        r = ivy.roll(ivy.reshape(x, (-1,)), _int(_sum(shift) if isinstance(shift, (list, tuple))
                                                  else shift), axis=0)
        return wrap(ivy.reshape(r, s))
    if len(x.shape) == 0:
        raise AxisError("axis 0 is out of bounds for array of dimension 0")
    if isinstance(axis, (list, tuple)):
        axs = tuple(norm_axis(v, len(x.shape)) for v in axis)
        sh = tuple(shift) if isinstance(shift, (list, tuple)) else (shift,) * len(axs)
        if len(sh) == 1:
            sh = sh * len(axs)
        if len(axs) == 1 and len(sh) > 1:
            axs = axs * len(sh)
        return wrap(ivy.roll(x, tuple(_int(v) for v in sh), axis=axs))
    ax = norm_axis(axis, len(x.shape))
    if isinstance(shift, (list, tuple)):
        return wrap(ivy.roll(x, tuple(_int(v) for v in shift), axis=(ax,) * len(shift)))
    return wrap(ivy.roll(x, _int(shift), axis=ax))


def tile(A, reps):
    x = _nat(A)
    reps = tuple(reps) if isinstance(reps, (list, tuple)) else (reps,)
    nd = _max(len(x.shape), len(reps))
    x = ivy.reshape(x, (1,) * (nd - len(x.shape)) + shape_of(x))
    reps = (1,) * (nd - len(reps)) + tuple(_int(r) for r in reps)
    return wrap(ivy.tile(x, reps))


def repeat(a, repeats, axis=None):
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    if isinstance(repeats, (_int,)) or (isinstance(repeats, ndarray) and repeats.ndim == 0):
        r = _int(repeats)
        if r < 0:
            raise ValueError("negative dimensions are not allowed")
        return wrap(ivy.repeat(x, r, axis=ax))
    rp = _nat(repeats, _I64)
    if shape_of(rp) == (1,):
        return wrap(ivy.repeat(x, _int(ivy.to_scalar(ivy.reshape(rp, ()))), axis=ax))
    if shape_of(rp)[0] != shape_of(x)[ax]:
        raise ValueError(f"operands could not be broadcast together with shape "
                         f"({shape_of(x)[ax]},) ({shape_of(rp)[0]},)")
    if _bool(ivy.any(ivy.less(rp, 0))):
        raise ValueError("repeats may not contain negative values.")
    return wrap(ivy.repeat(x, rp, axis=ax))


def pad(array, pad_width, mode="constant", **kwargs):
    x = _nat(array)
    nd = len(x.shape)
    pw = _rnp.broadcast_to(_rnp.asarray(pad_width, dtype=_rnp.int64).reshape(-1, 2)
                           if _rnp.asarray(pad_width).size > 1 else
                           _rnp.asarray(pad_width, dtype=_rnp.int64).reshape(1, 1),
                           (nd, 2))
    if _rnp.any(pw < 0):
        raise ValueError("index can't contain negative values")
    pw = tuple((_int(a), _int(b)) for a, b in pw)
    if mode not in ("constant", "edge", "reflect", "symmetric", "wrap"):
        not_implemented(f"numpy.pad(mode={mode!r})")
    if mode == "constant":
        cv = kwargs.get("constant_values", 0)
        if not isinstance(cv, (_int, _float, _bool)):
            cvs = _rnp.broadcast_to(_rnp.asarray(cv, dtype=_rnp.float64).reshape(-1, 2)
                                    if _rnp.asarray(cv).size > 1 else
                                    _rnp.asarray(cv, dtype=_rnp.float64).reshape(1, 1), (nd, 2))
            r = x
            for ax in _range(nd):
                for side in (0, 1):
                    w = [(0, 0)] * nd
                    w[ax] = (pw[ax][0], 0) if side == 0 else (0, pw[ax][1])
                    v = _float(cvs[ax][side])
                    r = ivy.pad(r, tuple(w), mode="constant", constant_values=_int(v)
                                if dtype_of(x).kind in "iub" else v)
            return wrap(r)
        if dtype_of(x).kind in "iu":
            cv = _int(cv)
        return wrap(ivy.pad(x, pw, mode="constant", constant_values=cv))
    if kwargs.get("reflect_type", "even") != "even":
        not_implemented("numpy.pad(reflect_type='odd')")
    if mode in ("edge", "reflect", "wrap", "symmetric") and _any(
            shape_of(x)[i] == 0 and (pw[i][0] or pw[i][1]) for i in _range(nd)):
        raise ValueError("can't extend empty axis 0 using modes other than 'constant' or 'empty'")
    if mode in ("reflect", "symmetric", "wrap") and _any(
            pw[i][0] > shape_of(x)[i] or pw[i][1] > shape_of(x)[i] for i in _range(nd)):
        not_implemented(f"numpy.pad(mode={mode!r}) with a pad wider than the axis")
    return wrap(ivy.pad(x, pw, mode=mode))


def where(condition, x=_NO, y=_NO):
    if x is _NO and y is _NO:
        return nonzero(condition)
    if x is _NO or y is _NO:
        raise ValueError("either both or neither of x and y should be given")
    c = _nat(condition, _BOOL)
    rt = BY_NAME[_core.result_type_keys(*_keys(x, y))]
    return ret(ivy.where(c, _nat(x, rt), _nat(y, rt)))


def nonzero(a):
    x = _nat(a)
    if len(x.shape) == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d("
                         "scalar).nonzero() instead.")
    return tuple(wrap(ivy.astype(i, "int64")) for i in ivy.nonzero(x))


def flatnonzero(a):
    return nonzero(ravel(a))[0]


def argwhere(a):
    x = _nat(a)
    if len(x.shape) == 0:
        n = 1 if _bool(ivy.to_scalar(ivy.not_equal(x, 0))) else 0
        return wrap(ivy.zeros((n, 0), dtype="int64"))
    idx = ivy.nonzero(x)
    return wrap(ivy.stack([ivy.astype(i, "int64") for i in idx], axis=-1))


def take(a, indices, axis=None, out=None, mode="raise"):
    _no_out("take", out)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    if mode != "raise":  # indices wrapped / clipped into range with Ivy (no value read)
        xa = asarray(a)
        n = xa.size if axis is None else xa.shape[norm_axis(axis, xa.ndim)]
        if n == 0:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        iv = asarray(indices)
        if iv.dtype.kind not in "iu":
            raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                            "according to the rule 'safe'")
        iv = iv % n if mode == "wrap" else clip(iv, 0, n - 1)
        return take(xa, iv, axis=axis)
    x = _nat(a)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        ax = 0
    else:
        ax = norm_axis(axis, len(x.shape))
    idx = _nat(indices)
    n = shape_of(x)[ax]
    if _core.dtype_of(idx).kind not in "iu":
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') "
                        "according to the rule 'safe'")
    if _int(_size(idx)):
        lo, hi = _int(ivy.to_scalar(ivy.min(idx))), _int(ivy.to_scalar(ivy.max(idx)))
        if lo < -n or hi >= n:
            raise IndexError(f"index {hi if hi >= n else lo} is out of bounds for axis {ax} "
                             f"with size {n}")
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    flat = ivy.reshape(idx, (-1,))
    r = ivy.take(x, ivy.astype(flat, "int64"), axis=ax)
    s = shape_of(x)
    r = ivy.reshape(r, s[:ax] + shape_of(idx) + s[ax + 1:])
    return ret(r) if len(r.shape) == 0 else wrap(r)


def _size(x):
    n = 1
    for s in x.shape:
        n *= _int(s)
    return n


def take_along_axis(arr, indices, axis=-1):
    x, idx = _nat(arr), _nat(indices)
    if axis is None:
        x = ivy.reshape(x, (-1,))
        axis = 0
    if len(idx.shape) != len(x.shape):
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    ax = norm_axis(axis, len(x.shape))
    n = shape_of(x)[ax]
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    # broadcast the non-axis dimensions (numpy does)
    xs, is_ = shape_of(x), shape_of(idx)
    bshape = tuple(_max(a, b) if i != ax else None for i, (a, b) in enumerate(zip(xs, is_)))
    x = ivy.broadcast_to(x, tuple(b if b is not None else xs[i] for i, b in enumerate(bshape)))
    idx = ivy.broadcast_to(idx, tuple(b if b is not None else is_[i]
                                      for i, b in enumerate(bshape)))
    return wrap(ivy.take_along_axis(x, ivy.astype(idx, "int64"), axis=ax))


def _fancy_index(shape, idx, ax):
    """Index arrays addressing ``idx`` (same ndim as shape) along axis ``ax``."""
    nd = len(shape)
    is_ = shape_of(idx)
    key = []
    for i in _range(nd):
        if i == ax:
            key.append(ivy.where(ivy.less(idx, 0), ivy.add(idx, shape[ax]), idx))
        else:
            r = ivy.arange(0, is_[i], 1, dtype="int64")._data
            key.append(ivy.reshape(r, tuple(is_[i] if j == i else 1 for j in _range(nd))))
    return tuple(ivy.broadcast_to(k, is_) for k in key)


def put_along_axis(arr, indices, values, axis):
    """In place on ``arr`` (rebinding its data on immutable backends)."""
    if not isinstance(arr, ndarray):
        raise TypeError("put_along_axis needs a frontend ndarray to write into")
    x, idx = arr._data, _nat(indices)
    if axis is None:
        not_implemented("numpy.put_along_axis(axis=None)")
    ax = norm_axis(axis, len(x.shape))
    key = _fancy_index(shape_of(x), ivy.astype(idx, "int64"), ax)
    v = ivy.broadcast_to(_nat(values, arr.dtype), shape_of(idx))
    arr._data = ivy.set_item(x, key, v)


def put(a, ind, v, mode="raise"):
    flat = a.ravel()
    idx = asarray(ind).ravel()
    vals = resize(asarray(v, a.dtype), idx.shape)
    flat[idx] = vals
    a._assign(ivy.reshape(flat._data, a.shape))


def putmask(a, mask, values):
    """``a.flat[n] = values[n % len(values)]`` where ``mask`` is true (in place)."""
    m = broadcast_to(asarray(mask, bool), a.shape)
    vals = resize(asarray(values, a.dtype), a.shape)
    a._assign(native(where(m, vals, a)))


def place(arr, mask, vals):
    """The masked positions, in order, get ``vals`` repeated (in place)."""
    m = asarray(mask, bool)
    n = _int(ivy.to_scalar(ivy.sum(ivy.astype(m._data, "int64"))))
    arr[m] = resize(asarray(vals, arr.dtype), (n,))


def copyto(dst, src, casting="same_kind", where=True):
    s = broadcast_to(asarray(src), dst.shape)
    if where is True:
        dst[...] = s
    else:
        dst[...] = where_(where, s, dst)


where_ = where


def fill_diagonal(a, val, wrap=False):
    n = _min(a.shape)
    idx = arange(n)
    a[(idx,) * a.ndim] = val


def resize(a, new_shape):
    x = ravel(a)
    shp = _shape_arg(new_shape)
    total = 1
    for s in shp:
        total *= s
    if x.size == 0 or total == 0:
        return zeros(shp, x.dtype)
    reps = -(-total // x.size)
    return tile(x, reps)[:total].reshape(shp)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)])
    return concatenate([arr, values], axis)


def delete(arr, obj, axis=None):
    x = asarray(arr)
    if axis is None:
        x = x.ravel()
        axis = 0
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(obj, slice):
        drop = _rnp.arange(n)[obj]
    else:
        drop = _rnp.asarray(obj.__array__() if isinstance(obj, ndarray) else obj).reshape(-1)
        if drop.dtype.kind == "b":
            drop = _rnp.nonzero(drop)[0]
        if _rnp.any((drop < -n) | (drop >= n)):
            raise IndexError(f"index out of bounds for axis {ax} with size {n}")
        drop = drop % n if n else drop
    keep = _rnp.setdiff1d(_rnp.arange(n), drop)
    return take(x, asarray(keep.astype(_rnp.int64)), axis=ax) if keep.size else \
        x[(slice(None),) * ax + (slice(0, 0),)]


def insert(arr, obj, values, axis=None):
    x = asarray(arr)
    if axis is None:
        x = x.ravel()
        axis = 0
    ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if isinstance(obj, (_int,)):
        if not -n <= obj <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {ax} with size {n}")
        i = obj + n if obj < 0 else obj
        v = asarray(values, x.dtype)
        shp = list(x.shape)
        shp[ax] = 1 if v.ndim < x.ndim else v.shape[ax]
        v = broadcast_to(v if v.ndim == x.ndim else v.reshape(
            v.shape[:0] + (1,) * 0 + v.shape) if v.ndim == x.ndim else expand_dims(v, ax)
            if v.ndim == x.ndim - 1 else v, tuple(shp))
        lo = x[(slice(None),) * ax + (slice(0, i),)]
        hi = x[(slice(None),) * ax + (slice(i, None),)]
        return concatenate([lo, v, hi], ax)
    not_implemented("numpy.insert with several indices")


def trim_zeros(filt, trim="fb"):
    x = asarray(filt)
    nz = _rnp.nonzero(x.__array__())[0]
    if nz.size == 0:
        return x[0:0]
    lo = _int(nz[0]) if "f" in trim else 0
    hi = _int(nz[-1]) + 1 if "b" in trim else x.shape[0]
    return x[lo:hi]


def broadcast_to(array, shape, subok=False):
    x = _nat(array)
    shp = _shape_arg(shape)
    try:
        _rnp.broadcast_shapes(shape_of(x), shp)
        if _rnp.broadcast_shapes(shape_of(x), shp) != shp:
            raise ValueError
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {shape_of(x)} and requested shape {shp}")
    return wrap(ivy.broadcast_to(x, shp))


def broadcast_arrays(*args, subok=False):
    xs = [_nat(a) for a in args]
    shp = _rnp.broadcast_shapes(*[shape_of(x) for x in xs])
    return tuple(wrap(ivy.broadcast_to(x, shp)) for x in xs)


def broadcast_shapes(*args):
    return _rnp.broadcast_shapes(*args)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    chs = [asarray(c) for c in choicelist]
    rt = BY_NAME[_core.result_type_keys(*[c.dtype.name for c in chs], probe_key(default))]
    r = asarray(default, rt)
    for c, v in reversed(list(zip(condlist, chs))):
        cc = asarray(c)
        if cc.dtype.kind != "b":
            raise TypeError("invalid entry in condlist: should be boolean ndarray")
        r = where(cc, v.astype(rt), r)
    return asarray(r)


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    if isinstance(condlist, ndarray) or not isinstance(condlist, (list, tuple)):
        condlist = [condlist]
    condlist = [asarray(c, bool) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        condlist.append(~_reduce_or(condlist))
    y = zeros_like(x)
    for c, f in zip(condlist, funclist):
        v = f(x, *args, **kw) if callable(f) else f
        y = where(c, asarray(v, x.dtype), y)
    return asarray(y)


def _reduce_or(cs):
    r = cs[0]
    for c in cs[1:]:
        r = r | c
    return r


def choose(a, choices, out=None, mode="raise"):
    _no_out("choose", out)
    idx = asarray(a)
    chs = broadcast_arrays(idx, *[asarray(c) for c in choices])
    idx, chs = chs[0], chs[1:]
    r = chs[0]
    for i, c in enumerate(chs):
        r = where(idx == i, c, r)
    return asarray(r)


def compress(condition, a, axis=None, out=None):
    _no_out("compress", out)
    # boolean indexing (NumPy's own: a condition shorter than the axis selects nothing beyond
    # it), so a traced condition stays a value of the graph
    cond = asarray(condition, bool)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    x = asarray(a)
    if axis is None:
        x, ax = ravel(x), 0
    else:
        ax = norm_axis(axis, x.ndim)
    n = x.shape[ax]
    if cond.shape[0] > n:
        not_implemented("numpy.compress with a condition longer than the axis")
    if cond.shape[0] < n:
        x = x[(slice(None),) * ax + (slice(0, cond.shape[0]),)]
    return x[(slice(None),) * ax + (cond,)]


def extract(condition, arr):
    return ravel(arr)[ravel(asarray(condition)) != 0]


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    x = asarray(arr)
    ax = norm_axis(axis, x.ndim)
    xm = moveaxis(x, ax, -1)
    lead = xm.shape[:-1]
    outs = [asarray(func1d(xm[i], *args, **kwargs)) for i in _rnp.ndindex(*lead)]
    r = stack(outs).reshape(lead + outs[0].shape)
    if outs[0].ndim == 0:
        return r
    return moveaxis(r, tuple(_range(len(lead), r.ndim)), tuple(_range(ax, ax + outs[0].ndim)))


def apply_over_axes(func, a, axes):
    r = asarray(a)
    for ax in (axes if isinstance(axes, (list, tuple)) else (axes,)):
        res = asarray(func(r, ax))
        r = res if res.ndim == r.ndim else expand_dims(res, ax)
    return r


def mask_indices(n, mask_func, k=0):
    m = ones((n, n), dtype=_I64)
    return nonzero(asarray(mask_func(m, k)) != 0)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """``numpy.lib.stride_tricks.sliding_window_view`` as a gather (a copy, not a strided
    view: writing into it does not reach ``x``, which NumPy forbids by default anyway)."""
    if writeable:
        not_implemented("sliding_window_view(writeable=True)", "a writable strided view")
    a = asarray(x)
    ws = tuple(window_shape) if isinstance(window_shape, (tuple, list)) else (window_shape,)
    if _any(_int(w) < 0 for w in ws):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        if len(ws) != a.ndim:
            raise ValueError(f"Since axis is `None`, must provide window_shape for all "
                             f"dimensions of `x`; got {len(ws)} window_shape elements and "
                             f"`x.ndim` is {a.ndim}.")
        axes = tuple(_range(a.ndim))
    else:
        axes = tuple(norm_axis(v, a.ndim) for v in axis) if isinstance(axis, (tuple, list)) \
            else (norm_axis(axis, a.ndim),)
        if len(ws) != len(axes):
            raise ValueError(f"Must provide matching length window_shape and axis; got "
                             f"{len(ws)} window_shape elements and {len(axes)} axes elements.")
    r = a
    for ax, w in zip(axes, ws, strict=True):
        n = r.shape[ax]
        if n < w:
            raise ValueError("window shape cannot be larger than input array shape")
        idx = arange(n - w + 1)[:, None] + arange(w)[None, :]
        r = moveaxis(take(r, idx, axis=ax), ax + 1, -1)
    return r
