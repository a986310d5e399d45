"""``torch.*`` shape and indexing manipulation (``reshape``, ``cat``, ``gather``, ``scatter``,
splits, ``index_put``, ...).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from ...tracer.errors import TraceError
from . import _core
from ._base import (
    _abs,
    _bool,
    _float,
    _int,
    _int64,
    _max,
    _min,
    _out,
    _prod,
    _range,
    _shape,
    _sum,
    float32,
    float64,
    return_types,
)
from ._core import (
    as_tuple,
    dtype_of,
    norm_dim,
    not_implemented,
    result_type,
    size_args,
)
from ._creation import (
    _t,
    arange,
    clone,
    full,
    full_like,
    meshgrid,
    ones_like,
    tensor,
    zeros,
    zeros_like,
)
from ._pointwise import floor_divide, pow
from ._selection import where
from ._tensor import Size, Tensor, cast, like, wrap

# ---------------------------------------------------------------------------- manipulation

def _cat_dtype(tensors):
    return result_type(*[t if t.ndim else tensor([0], dtype=t.dtype) for t in tensors])


def _same(tensors, dim, extra):
    """The native arrays of ``tensors`` (a list/tuple of Tensors of one native dtype and shape
    length >= 1, none 1-D and empty; for ``stack`` (``extra`` 1) of one shape) and ``dim`` made
    non-negative for ``ndim + extra`` dims, or None where ``cat``/``stack`` need their general
    path."""
    c = tensors.__class__
    if (c is not list and c is not tuple) or not tensors or dim.__class__ is not _int:
        return None
    x0 = tensors[0]
    if x0.__class__ is not Tensor:
        return None
    x0 = x0._data
    dt, s0 = x0.dtype, x0.shape
    nd = len(s0)
    n = nd + extra
    if not nd or not -n <= dim < n or (nd == 1 and not s0[0]):
        return None
    xs = [x0]
    for t in tensors[1:]:
        if t.__class__ is not Tensor:
            return None
        x = t._data
        if x.dtype is not dt or (x.shape != s0 if extra else x.ndim != nd) or (
                nd == 1 and not x.shape[0]):
            return None
        xs.append(x)
    return xs, dim % n


def cat(tensors, dim=0, *, out=None):
    if out is None:
        fast = _same(tensors, dim, 0)
        if fast is not None:  # one dtype, no 0-d or legacy empty 1-D tensors
            return wrap(ivy.concat(fast[0], axis=fast[1]))
    tensors = [t for t in tensors]
    if not tensors:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    for t in tensors:
        if t.ndim == 0:
            raise RuntimeError("zero-dimensional tensor cannot be concatenated")
    rt = _cat_dtype(tensors)
    # legacy: 1-D empty tensors are skipped
    keep = [t for t in tensors if not (t.ndim == 1 and t.shape[0] == 0)] or tensors[:1]
    nd = keep[0].ndim
    d = norm_dim(dim, nd)
    return _out(wrap(ivy.concat([cast(t._data, rt) for t in keep], axis=d)), out)


concat = concatenate = cat


def stack(tensors, dim=0, *, out=None):
    if out is None:
        fast = _same(tensors, dim, 1)
        if fast is not None:  # (one shape as well)
            return wrap(ivy.stack(fast[0], axis=fast[1]))
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    shapes = {tuple(t.shape) for t in tensors}
    if len(shapes) > 1:
        raise RuntimeError("stack expects each tensor to be equal size")
    rt = _cat_dtype(tensors)
    d = norm_dim(dim, tensors[0].ndim + 1)
    return _out(wrap(ivy.stack([cast(t._data, rt) for t in tensors], axis=d)), out)


def hstack(tensors, *, out=None):
    ts = atleast_1d(*tensors) if len(tensors) > 1 else (atleast_1d(tensors[0]),)
    return cat(ts, 0 if ts[0].ndim == 1 else 1, out=out)


def vstack(tensors, *, out=None):
    ts = atleast_2d(*tensors) if len(tensors) > 1 else (atleast_2d(tensors[0]),)
    return cat(ts, 0, out=out)


row_stack = vstack


def dstack(tensors, *, out=None):
    ts = atleast_3d(*tensors) if len(tensors) > 1 else (atleast_3d(tensors[0]),)
    return cat(ts, 2, out=out)


def column_stack(tensors, *, out=None):
    ts = [t.reshape(-1, 1) if t.ndim <= 1 else t for t in tensors]
    return cat(ts, 1, out=out)


def _atleast(n, tensors):
    res = []
    for t in tensors:
        s = tuple(t.shape)
        if len(s) < n:
            if n == 3 and len(s) == 2:
                t = t.unsqueeze(-1)
            elif n == 3 and len(s) == 1:
                t = t.reshape(1, s[0], 1)
            else:
                t = t.reshape((1,) * (n - len(s)) + s)
        res.append(t)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_1d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(1, tensors)


def atleast_2d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(2, tensors)


def atleast_3d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(3, tensors)


def split(tensor, split_size_or_sections, dim=0):
    x = tensor._data
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d]
    if isinstance(split_size_or_sections, _int):
        s = split_size_or_sections
        if s <= 0 and not (s == 0 and n == 0):
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got "
                               f"dimension size of {n}")
        sizes = ([s] * (n // s) + ([n % s] if n % s else []) if s else [0]) or [0]
    else:
        sizes = list(split_size_or_sections)
        if _sum(sizes) != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n}")
    out, start = [], 0
    for s in sizes:
        out.append(wrap(ivy.get_item(x, (slice(None),) * d + (slice(start, start + s),))))
        start += s
    return tuple(out)


def tensor_split(input, indices_or_sections, dim=0):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d]
    if isinstance(indices_or_sections, Tensor):
        indices_or_sections = indices_or_sections.tolist()
    if isinstance(indices_or_sections, _int):
        k = indices_or_sections
        if k <= 0:
            raise RuntimeError("number of sections must be larger than 0")
        q, r = divmod(n, k)
        sizes = [q + 1] * r + [q] * (k - r)
        bounds = np.cumsum([0] + sizes).tolist()
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    return tuple(wrap(ivy.get_item(x, (slice(None),) * d + (slice(_min(a, n), _min(_max(a, b), n)),
                                                             ))) for a, b in zip(bounds[:-1],
                                                                                 bounds[1:]))


def chunk(input, chunks, dim=0):
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0")
    n = input.shape[norm_dim(dim, input.ndim)]
    size = -(-n // chunks) if n else 0
    if size == 0:
        return split(input, 1 if n else 0, dim) if n else (input,) * chunks
    return split(input, size, dim)


def unbind(input, dim=0):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    return tuple(wrap(ivy.get_item(x, (slice(None),) * d + (i,))) for i in _range(_shape(x)[d]))


def _infer_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        rest = _prod(s for s in shape if s != -1)
        if rest == 0 or numel % rest:
            raise RuntimeError(f"shape '{shape}' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // rest
    if _prod(shape) != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def reshape(input, *shape):
    x = input._data
    if shape == (-1,):  # flatten
        n = 1
        for v in x.shape:
            n *= v
        return wrap(ivy.reshape(x, (_int(n),)))
    shape = _infer_shape(size_args(shape), _prod(_shape(x)))
    return wrap(ivy.reshape(x, shape))


def flatten(input, start_dim=0, end_dim=-1):
    x = input._data
    s = _shape(x)
    if not s:
        return wrap(ivy.reshape(x, (1,)))
    a, b = norm_dim(start_dim, len(s)), norm_dim(end_dim, len(s))
    if a > b:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    return wrap(ivy.reshape(x, s[:a] + (_prod(s[a:b + 1]),) + s[b + 1:]))


def unflatten(input, dim, sizes):
    s = tuple(input.shape)
    d = norm_dim(dim, len(s))
    sizes = _infer_shape(sizes, s[d])
    return reshape(input, s[:d] + sizes + s[d + 1:])


def squeeze(input, dim=None):
    x = input._data
    s = _shape(x)
    if dim is None:
        ax = tuple(i for i, v in enumerate(s) if v == 1)
    else:
        ax = tuple(norm_dim(d, len(s)) for d in as_tuple(dim))
        ax = tuple(a for a in ax if s and s[a] == 1)
    if not ax:
        return wrap(x)
    return wrap(ivy.squeeze(x, axis=ax))


def unsqueeze(input, dim):
    x = input._data
    return wrap(ivy.expand_dims(x, axis=norm_dim(dim, len(x.shape) + 1)))


def permute(input, *dims):
    x = input._data
    if not dims:
        raise TypeError("permute() missing 1 required positional arguments: \"dims\"")
    dims = size_args(dims)
    if len(dims) != len(x.shape):
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does "
                           "not match the length of the desired ordering of dimensions")
    dims = tuple(norm_dim(d, len(x.shape)) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return wrap(ivy.permute_dims(x, dims))


def transpose(input, dim0, dim1):
    x = input._data
    n = len(x.shape)
    if n == 0:
        norm_dim(dim0, 0), norm_dim(dim1, 0)
        return input
    a, b = norm_dim(dim0, n), norm_dim(dim1, n)
    p = list(_range(n))
    p[a], p[b] = p[b], p[a]
    return wrap(ivy.permute_dims(x, tuple(p)))


swapaxes = swapdims = transpose


def t(input):
    if input.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {input.ndim}D")
    return transpose(input, 0, 1) if input.ndim == 2 else input


def adjoint(input):
    return transpose(input, -2, -1).conj()


def movedim(input, source, destination):
    x = input._data
    n = len(x.shape)
    src = tuple(norm_dim(s, n) for s in as_tuple(source))
    dst = tuple(norm_dim(s, n) for s in as_tuple(destination))
    return wrap(ivy.moveaxis(x, src, dst))


moveaxis = movedim


def flip(input, dims):
    x = input._data
    ax = tuple(norm_dim(d, len(x.shape)) for d in as_tuple(dims))
    return wrap(ivy.flip(x, axis=ax)) if x.shape else input


def fliplr(input):
    return flip(input, 1)


def flipud(input):
    return flip(input, 0)


def roll(input, shifts, dims=None):
    x = input._data
    if dims is None:
        return wrap(ivy.reshape(ivy.roll(ivy.reshape(x, (-1,)), shifts), _shape(x)))
    return wrap(ivy.roll(x, shifts, axis=tuple(norm_dim(d, len(x.shape))
                                               for d in as_tuple(dims)) if isinstance(
        dims, (list, tuple)) else norm_dim(dims, len(x.shape))))


def rot90(input, k=1, dims=(0, 1)):
    k %= 4
    a, b = dims
    if k == 0:
        return input
    if k == 1:
        return flip(input, b).transpose(a, b)
    if k == 2:
        return flip(input, (a, b))
    return flip(input, a).transpose(a, b)


def narrow(input, dim, start, length):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    start = _int(start)
    if start < 0:
        start += _shape(x)[d]
    if start + length > _shape(x)[d] or start < 0 or length < 0:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({_shape(x)[d]}).")
    return wrap(ivy.get_item(x, (slice(None),) * d + (slice(start, start + length),)))


def select(input, dim, index):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    return wrap(ivy.get_item(x, (slice(None),) * d + (_int(index),)))


def index_select(input, dim, index):
    x = input._data
    i = index._data
    if len(i.shape) > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if dtype_of(i).cat != 1:
        raise RuntimeError("index_select(): Expected dtype int32/int64 for index")
    if not x.shape:
        return wrap(ivy.reshape(ivy.get_item(ivy.reshape(x, (1,)), i), _shape(i)))
    d = norm_dim(dim, len(x.shape))
    if _prod(_shape(i)) and (ivy.to_numpy(ivy.max(i)) >= _shape(x)[d] or
                             ivy.to_numpy(ivy.min(i)) < -_shape(x)[d]):
        raise IndexError("index out of range in self")
    return wrap(ivy.take(x, ivy.reshape(i, (-1,)), axis=d))


def masked_select(input, mask):
    x, m = ivy.broadcast_arrays(input._data, ivy.astype(mask._data, "bool"))
    return wrap(ivy.get_item(x, m))


def take(input, index):
    return wrap(ivy.reshape(ivy.take(ivy.reshape(input._data, (-1,)), ivy.reshape(
        index._data, (-1,))), _shape(index._data)))


def take_along_dim(input, indices, dim=None):
    if dim is None:
        return take(input, indices)
    x, i = input._data, indices._data
    d = norm_dim(dim, len(x.shape))
    sx, si = list(_shape(x)), list(_shape(i))
    sx[d] = si[d] = 1
    b = ivy.broadcast_shapes(tuple(sx), tuple(si))
    x = ivy.broadcast_to(x, b[:d] + (_shape(x)[d],) + b[d + 1:])
    i = ivy.broadcast_to(i, b[:d] + (_shape(i)[d],) + b[d + 1:])
    return wrap(ivy.take_along_axis(x, i, axis=d))


def gather(input, dim, index, *, sparse_grad=False, out=None):
    x, i = input._data, index._data
    nd = len(x.shape)
    if dtype_of(i) is not _core.int64:
        raise RuntimeError("gather(): Expected dtype int64 for index")
    if len(i.shape) != nd and not (nd == 0 and len(i.shape) <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    if nd == 0:
        return _out(wrap(ivy.reshape(ivy.get_item(ivy.reshape(x, (1,)), ivy.reshape(i, (-1,))),
                                     _shape(i))), out)
    d = norm_dim(dim, nd)
    si = _shape(i)
    for a in _range(nd):
        if a != d and si[a] > _shape(x)[a]:
            raise RuntimeError(f"Size does not match at dimension {a} expected index {list(si)} "
                               f"to be smaller than self {list(_shape(x))} apart from dimension "
                               f"{d}")
    if _prod(si) == 0:
        return _out(wrap(ivy.zeros(si, dtype=dtype_of(x).ivy)._data if False else
                         ivy.reshape(ivy.get_item(ivy.reshape(x, (-1,)), slice(0, 0)), si)
                         if _prod(_shape(x)) else ivy.zeros_like(i, dtype=dtype_of(x).ivy)), out)
    n = _shape(x)[d]
    if ivy.to_numpy(ivy.max(i)) >= n or ivy.to_numpy(ivy.min(i)) < -n:
        raise RuntimeError(f"index out of bounds for dimension {d} with size {n}")
    xs = ivy.get_item(x, tuple(slice(0, si[a]) if a != d else slice(None) for a in _range(nd)))
    return _out(wrap(ivy.take_along_axis(xs, ivy.where(ivy.less(i, 0), ivy.add(i, n), i),
                                         axis=d)), out)


def _scatter_indices(i, d, x_shape):
    """Full coordinates (..., ndim) for torch's scatter along ``d`` with index array ``i``."""
    si = _shape(i)
    nd = len(si)
    coords = []
    for a in _range(nd):
        if a == d:
            c = ivy.where(ivy.less(i, 0), ivy.add(i, x_shape[d]), i)
        else:
            shp = [1] * nd
            shp[a] = si[a]
            c = ivy.broadcast_to(ivy.reshape(ivy.arange(0, si[a], 1, dtype="int64",
                                                        device=ivy.dev(i))._data
                                             if False else _arange_like(i, si[a]), tuple(shp)),
                                 si)
        coords.append(ivy.astype(c, "int64"))
    return ivy.stack(coords, axis=-1)


def _arange_like(x, n):
    return like(x, np.arange(n, dtype=np.int64))


def _scatter_core(input, dim, index, src, reduction, name):
    x, i = input._data, index._data
    nd = len(x.shape)
    if dtype_of(i) is not _core.int64:
        raise RuntimeError(f"{name}(): Expected dtype int64 for index")
    if nd == 0:
        x1 = ivy.reshape(x, (1,))
        r = _scatter_core(wrap(x1), 0, wrap(ivy.reshape(i, (-1,))),
                          src if not isinstance(src, Tensor) else wrap(ivy.reshape(src._data,
                                                                                   (-1,))),
                          reduction, name)
        return wrap(ivy.reshape(r._data, ()))
    if len(i.shape) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    d = norm_dim(dim, nd)
    si = _shape(i)
    if _prod(si) == 0:
        return wrap(x)
    n = _shape(x)[d]
    if ivy.to_numpy(ivy.max(i)) >= n or ivy.to_numpy(ivy.min(i)) < -n:
        raise RuntimeError(f"index out of bounds for dimension {d} with size {n}")
    idx = _scatter_indices(i, d, _shape(x))
    if isinstance(src, Tensor):
        s = src._data
        if dtype_of(s) is not dtype_of(x):
            raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
        s = ivy.get_item(s, tuple(slice(0, v) for v in si))
    else:
        s = ivy.full(si, src, dtype=dtype_of(x).ivy, device=ivy.dev(x))._data \
            if False else ivy.full_like(i, src, dtype=dtype_of(x).ivy)
    if reduction == "replace":
        return wrap(ivy.scatter_nd(idx, s, reduction="replace", out=x))
    if reduction in ("sum", "add"):
        return wrap(ivy.scatter_nd(idx, s, reduction="sum", out=x))
    if reduction in ("amax", "amin"):
        return wrap(ivy.scatter_nd(idx, s, reduction=reduction[1:], out=x))
    if reduction in ("prod", "multiply"):
        # product via logs is inexact: multiply one index position at a time
        flat_idx = ivy.reshape(idx, (-1, nd))
        flat_s = ivy.reshape(s, (-1,))
        r = x
        for k in _range(_shape(flat_s)[0]):
            pos = tuple(_int(v) for v in ivy.to_numpy(ivy.get_item(flat_idx, k)))
            r = ivy.set_item(r, pos, ivy.multiply(ivy.get_item(r, pos), ivy.get_item(flat_s, k)))
        return wrap(r)
    not_implemented(f"torch.{name}(reduce={reduction!r})")


def scatter(input, dim, index, src=None, value=None, *, reduce=None, out=None):
    if src is None:
        src = value
    red = {None: "replace", "add": "sum", "multiply": "prod"}.get(reduce)
    if red is None:
        raise RuntimeError(f"reduce argument must be either add or multiply, got {reduce}")
    return _out(_scatter_core(input, dim, index, src, red, "scatter"), out)


def scatter_add(input, dim, index, src):
    return _scatter_core(input, dim, index, src, "sum", "scatter_add")


def _scatter_exclude_self(input, dim, index, src, reduce):
    """include_self=False: the positions the scatter writes start from the reduction's
    identity instead of input's value."""
    touched = _scatter_core(zeros_like(input), dim, index, ones_like(src), "sum",
                            "scatter_reduce") != 0
    if reduce in ("sum", "mean"):
        ident = 0
    elif reduce == "prod":
        ident = 1
    elif input.dtype.cat >= 2:
        ident = -math.inf if reduce == "amax" else math.inf
    elif input.dtype.cat == 1:
        info = np.iinfo(input.dtype.name)
        ident = _int(info.min if reduce == "amax" else info.max)
    else:
        ident = reduce != "amax"
    return where(touched, full_like(input, ident), input)


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got "
                           f"{reduce}")
    if not include_self:
        input = _scatter_exclude_self(input, dim, index, src, reduce)
    if reduce == "mean":
        s = _scatter_core(input, dim, index, src, "sum", "scatter_reduce")
        ones_ = ones_like(src)
        base = ones_like(input) if include_self else zeros_like(input)
        cnt = _scatter_core(base, dim, index, ones_, "sum", "scatter_reduce")
        cnt = where(cnt == 0, ones_like(cnt), cnt)
        r = s / cnt
        return r if input.dtype.cat >= 2 else floor_divide(s, cnt).to(input.dtype)
    return _scatter_core(input, dim, index, src, reduce, "scatter_reduce")


def index_add(input, dim, index, source, *, alpha=1):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    shape = [1] * len(x.shape)
    shape[d] = -1
    src = source if alpha == 1 else source * alpha
    full_idx = index.reshape(*shape).expand(*[src.shape[a] if a != d else index.shape[0]
                                              for a in _range(len(x.shape))])
    return scatter_add(input, d, full_idx.long(), src.to(input.dtype))


def index_copy(input, dim, index, source):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    shape = [1] * len(x.shape)
    shape[d] = -1
    full_idx = index.reshape(*shape).expand(*[source.shape[a] if a != d else index.shape[0]
                                              for a in _range(len(x.shape))])
    return scatter(input, d, full_idx.long(), source)


def index_fill(input, dim, index, value):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    key = (slice(None),) * d + (index._data,)
    v = value.item() if isinstance(value, Tensor) else value
    return wrap(ivy.set_item(ivy.astype(x, dtype_of(x).ivy, copy=True), key,
                             like(x, v, dtype_of(x))))


def masked_fill(input, mask, value):
    x = input._data
    m = mask._data
    if dtype_of(m) is not _core.bool:
        raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{dtype_of(m)}")
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value.ndim} dimension(s).")
        v = cast(value._data, dtype_of(x))
    else:
        if dtype_of(x).cat < _core.scalar_dtype(value).cat and not (
                dtype_of(x).cat == 1 and isinstance(value, _float) and value.is_integer()):
            pass
        if dtype_of(x).cat == 1 and isinstance(value, (_int, _float)):
            info = np.iinfo(dtype_of(x).name)
            if not info.min <= value <= info.max:
                raise RuntimeError(f"value cannot be converted to type {dtype_of(x).name} "
                                   "without overflow")
        v = like(x, value if dtype_of(x).cat >= 2 or not isinstance(value, _float)
                 else _int(value), dtype_of(x)) if dtype_of(x).cat else like(x, _bool(value))
    r = ivy.where(m, v, x)
    if tuple(r.shape) != _shape(x):
        pass
    return wrap(r)


def masked_scatter(input, mask, source):
    x = input._data
    m = ivy.broadcast_to(ivy.astype(mask._data, "bool"), _shape(x))
    n = _int(ivy.to_numpy(ivy.sum(ivy.astype(m, "int64"))))
    vals = ivy.get_item(ivy.reshape(source._data, (-1,)), slice(0, n))
    return wrap(ivy.set_item(ivy.astype(x, dtype_of(x).ivy, copy=True), m, vals))


def tile(input, dims):
    x = input._data
    dims = tuple(dims)
    if len(dims) < len(x.shape):
        dims = (1,) * (len(x.shape) - len(dims)) + dims
    if len(dims) > len(x.shape):
        x = ivy.reshape(x, (1,) * (len(dims) - len(x.shape)) + _shape(x))
    return wrap(ivy.tile(x, dims))


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:
        r = input
        return repeat_interleave(arange(len(r)), r, 0)
    x = input._data
    if dim is None:
        x = ivy.reshape(x, (-1,))
        d = 0
    else:
        d = norm_dim(dim, len(x.shape))
    reps = repeats.tolist() if isinstance(repeats, Tensor) else repeats
    if isinstance(reps, list) and len(reps) == 1:
        reps = reps[0]
    if isinstance(reps, list):
        reps = like(x, np.asarray(reps, dtype=np.int64))
    return wrap(ivy.repeat(x, reps, axis=d))


def broadcast_to(input, size):
    x = input._data
    size = tuple(size)
    s = _shape(x)
    full = tuple(s[i - (len(size) - len(s))] if v == -1 else v for i, v in enumerate(size))
    return wrap(ivy.broadcast_to(x, full))


def broadcast_tensors(*tensors):
    return tuple(wrap(a) for a in ivy.broadcast_arrays(*[t._data for t in tensors]))


def broadcast_shapes(*shapes):
    return Size(ivy.broadcast_shapes(*[tuple(s) if isinstance(s, (list, tuple)) else (s,)
                                       for s in shapes]))


def diag(input, diagonal=0, *, out=None):
    x = input._data
    if len(x.shape) == 1:
        n = _shape(x)[0] + _abs(diagonal)
        z = ivy.zeros((n, n), dtype=dtype_of(x).ivy)._data
        z = cast(like(x, np.zeros((n, n))), dtype_of(x))
        rows = np.arange(_shape(x)[0]) + _max(-diagonal, 0)
        cols = np.arange(_shape(x)[0]) + _max(diagonal, 0)
        return _out(wrap(ivy.set_item(z, (like(x, rows), like(x, cols)), x)), out)
    if len(x.shape) != 2:
        raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " f"{len(x.shape)}D")
    return _out(wrap(ivy.linalg.diagonal(x, offset=diagonal)), out)


def diagonal(input, offset=0, dim1=0, dim2=1):
    x = input._data
    n = len(x.shape)
    a, b = norm_dim(dim1, n), norm_dim(dim2, n)
    if a == b:
        raise RuntimeError("diagonal dimensions cannot be identical")
    rest = [i for i in _range(n) if i not in (a, b)]
    return wrap(ivy.linalg.diagonal(ivy.permute_dims(x, tuple(rest + [a, b])), offset=offset))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    x = input._data
    n = _shape(x)[-1]
    m = n + _abs(offset)
    rs = _max(-offset, 0)
    nd = len(x.shape)
    vrow = ivy.pad(x, [(0, 0)] * (nd - 1) + [(rs, m - n - rs)])
    mask = like(x, np.eye(m, k=offset, dtype=bool))
    r = ivy.where(mask, ivy.expand_dims(vrow, axis=-1), ivy.zeros_like(ivy.expand_dims(
        vrow, axis=-1)))
    nd = len(_shape(r))
    a, b = norm_dim(dim1, nd), norm_dim(dim2, nd)
    if (a, b) != (nd - 2, nd - 1):
        r = ivy.moveaxis(r, (nd - 2, nd - 1), (a, b))
    return wrap(r)


def diagflat(input, offset=0):
    return diag(input.flatten(), offset)


def tril(input, diagonal=0, *, out=None):
    return _out(wrap(ivy.tril(input._data, k=diagonal)), out)


def triu(input, diagonal=0, *, out=None):
    return _out(wrap(ivy.triu(input._data, k=diagonal)), out)


def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    r, c = np.tril_indices(row, offset, col)
    return tensor(np.stack([r, c]).astype(np.int64), dtype=dtype or _int64)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    r, c = np.triu_indices(row, offset, col)
    return tensor(np.stack([r, c]).astype(np.int64), dtype=dtype or _int64)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    x = input._data
    r = ivy.diff(x, axis=norm_dim(dim, len(x.shape)), n=n,
                 prepend=None if prepend is None else prepend._data,
                 append=None if append is None else append._data)
    return wrap(r)


def trace(input):
    x = input._data
    if len(x.shape) != 2:
        raise RuntimeError("trace: expected a matrix")
    dt = _int64 if dtype_of(x).cat < 2 else dtype_of(x)
    return wrap(ivy.sum(ivy.linalg.diagonal(cast(x, dt)), dtype=dt.ivy))


def bincount(input, weights=None, minlength=0):
    x = input._data
    if len(x.shape) != 1 or dtype_of(x).cat != 1:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    n = _shape(x)[0]
    if n and ivy.to_numpy(ivy.min(x)) < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    size = _max(minlength, (_int(ivy.to_numpy(ivy.max(x))) + 1) if n else 0)
    idx = ivy.expand_dims(ivy.astype(x, "int64"), axis=-1)
    if weights is None:
        upd = ivy.ones_like(x, dtype="int64")
        base = ivy.zeros_like(upd, dtype="int64")
        z = ivy.reshape(ivy.get_item(ivy.concat([base, like(x, np.zeros(size, np.int64))],
                                                axis=0), slice(n, n + size)), (size,))
        return wrap(ivy.scatter_nd(idx, upd, reduction="sum", out=z) if n else z)
    w = weights._data
    wt = dtype_of(w) if dtype_of(w).cat >= 2 else float64
    wd = cast(w, wt if wt is not float32 else float64)
    z = cast(like(x, np.zeros(size)), dtype_of(wd))
    r = ivy.scatter_nd(idx, wd, reduction="sum", out=z) if n else z
    return wrap(cast(r, wt if dtype_of(w).cat >= 2 else float64))


def _hist_range(x, lo, hi, name, pad=1.0, from_data=None):
    """``(lo, hi)`` as 0-d float64 values: the given range, or the data's min and max when
    ``from_data`` (default: when the range is (0, 0), histc's rule; torch.histogram(dd) use the
    data only without ``range``, and [0, 1] for empty data) — computed with Ivy, so a traced
    program keeps them data-dependent; an equal pair is widened by ``pad``. Validated as torch
    does where the values are known (read only for that: nothing computed depends on the
    read)."""
    if from_data is None:
        from_data = lo == hi == 0
    elif from_data and not _prod(_shape(x)):
        lo, hi = 0.0, 1.0
    if from_data and _prod(_shape(x)):
        lo_a = ivy.astype(ivy.min(x), "float64")
        hi_a = ivy.astype(ivy.max(x), "float64")
        try:
            lo, hi = _float(lo_a), _float(hi_a)
        except TraceError:  # an ivy.Array traced from the inputs: no validation
            lo = hi = None
    else:
        lo_a, hi_a = ivy.asarray(lo, dtype="float64"), ivy.asarray(hi, dtype="float64")
    if lo is not None:
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise RuntimeError(f"{name}: range of [{lo}, {hi}] is not finite")
        if lo > hi:
            raise RuntimeError(f"{name}: max must be larger than min")
    same = ivy.equal(lo_a, hi_a)
    return (ivy.where(same, ivy.subtract(lo_a, pad), lo_a),
            ivy.where(same, ivy.add(hi_a, pad), hi_a))


def _hist_counts(x, lo, hi, bins, weight=None, edges=None):
    """Counts (or summed weights) of x in ``bins`` equal bins over [lo, hi] (hi inclusive);
    with ``edges``, a position is corrected against the actual edges (as torch.histogram)."""
    x = ivy.reshape(x, (-1,))
    pos, inside = _hist_pos(x, lo, hi, bins, edges)
    hit = ivy.logical_and(ivy.equal(ivy.expand_dims(pos, axis=-1),
                                    ivy.arange(bins, dtype="int64", device=ivy.dev(x))),
                          ivy.expand_dims(inside, axis=-1))
    w = ivy.ones_like(x) if weight is None else ivy.reshape(weight, (-1,))
    return ivy.sum(ivy.multiply(ivy.astype(hit, dtype_of(x).ivy), ivy.expand_dims(w, axis=-1)),
                   axis=0)


def _hist_pos(x, lo, hi, bins, edges=None):
    """The bin (int64) of each element of the 1-d ``x`` and whether it lies in [lo, hi]."""
    inside = ivy.logical_and(ivy.greater_equal(x, lo), ivy.less_equal(x, hi))
    pos = ivy.floor(ivy.multiply(ivy.subtract(ivy.astype(x, "float64"), lo),
                                 ivy.divide(bins, ivy.subtract(hi, lo))))
    pos = ivy.astype(ivy.clip(ivy.where(inside, pos, ivy.zeros_like(pos)), 0, bins - 1), "int64")
    if edges is not None:
        pos = ivy.where(ivy.less(x, ivy.get_item(edges, pos)), ivy.subtract(pos, 1), pos)
        up = ivy.clip(ivy.add(pos, 1), 0, bins)
        pos = ivy.where(ivy.logical_and(ivy.greater_equal(x, ivy.get_item(edges, up)),
                                        ivy.less(up, bins)), up, pos)
        pos = ivy.clip(pos, 0, bins - 1)
    return pos, inside


def histc(input, bins=100, min=0, max=0, *, out=None):  # noqa: A002
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"\"histogram_cpu\" not implemented for '{input.dtype}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histc: bins must be > 0, but got {bins} for dimension 0")
    lo, hi = _hist_range(x, _float(min), _float(max), "torch.histc")
    return _out(wrap(ivy.astype(_hist_counts(x, lo, hi, bins), dtype_of(x).ivy)), out)


def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):  # noqa: A002
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"torch.histogram: input tensor and bins tensors should have the same "
                           f"dtype, but got input {input.dtype}")
    if isinstance(bins, Tensor):
        not_implemented("torch.histogram(bins=Tensor)")
    lo, hi = (_float(range[0]), _float(range[1])) if range is not None else (0.0, 0.0)
    lo, hi = _hist_range(x, lo, hi, "torch.histogram", 0.5, range is None)
    # numpy.linspace(lo, hi, bins + 1) on the 0-d values: i * step + lo, the last edge hi
    i = ivy.arange(bins + 1, dtype="float64")
    edges = ivy.add(ivy.multiply(i, ivy.divide(ivy.subtract(hi, lo), bins)), lo)
    edges = ivy.where(ivy.equal(i, bins), hi, edges)
    edges = ivy.astype(edges, dtype_of(x).ivy)
    h = _hist_counts(x, lo, hi, bins, None if weight is None else weight._data, edges)
    if density:
        widths = ivy.subtract(ivy.get_item(edges, slice(1, None)), ivy.get_item(edges, slice(None, -1)))
        h = ivy.divide(h, ivy.multiply(ivy.sum(h), widths))
    return return_types.histogram(wrap(ivy.astype(h, dtype_of(x).ivy)), wrap(edges))


def _hist_edges(lo, hi, bins, dt):
    """numpy.linspace(lo, hi, bins + 1) on the 0-d values: i * step + lo, the last edge hi."""
    i = ivy.arange(bins + 1, dtype="float64")
    edges = ivy.add(ivy.multiply(i, ivy.divide(ivy.subtract(hi, lo), bins)), lo)
    return ivy.astype(ivy.where(ivy.equal(i, bins), hi, edges), dt.ivy)


def histogramdd(input, bins=10, *, range=None, weight=None, density=False):  # noqa: A002
    """torch.histogramdd: the last dimension of ``input`` holds the D coordinates of each point;
    ``bins`` an int or D ints (equal bins over ``range`` — 2 D floats — or each coordinate's
    min/max, an equal pair widened by 0.5), each point's bin found as torch.histogram's (the
    position corrected against the edges, the last edge inclusive, points outside dropped)."""
    x = input._data
    if len(x.shape) < 2:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 2 dimensions")
    dt = dtype_of(x)
    if dt.cat != 2:
        raise RuntimeError(f"torch.histogramdd: input tensor and bins tensors should have the "
                           f"same dtype, but got input {input.dtype}")
    D = x.shape[-1]
    if isinstance(bins, Tensor) or (isinstance(bins, (list, tuple)) and
                                    builtins.any(isinstance(b, Tensor) for b in bins)):
        not_implemented("torch.histogramdd(bins=Tensor edges)")
    nb = [_int(bins)] * D if not isinstance(bins, (list, tuple)) else [_int(b) for b in bins]
    if len(nb) != D:
        raise RuntimeError(f"torch.histogramdd: expected {D} sequences of bin edges for each of "
                           f"the {D} dimensions of the input, but got {len(nb)}")
    for d, b in enumerate(nb):
        if b <= 0:
            raise RuntimeError(f"torch.histogramdd(): bins must be > 0, but got {b} for "
                               f"dimension {d}")
    if range is not None and len(range) != 2 * D:
        raise RuntimeError(f"torch.histogramdd: for a {D}-dimensional histogram, range should "
                           f"have {2 * D} elements, but got {len(range)}")
    if weight is not None and tuple(weight.shape) != tuple(x.shape[:-1]):
        raise RuntimeError(f"torch.histogramdd: if weight tensor is provided it should have the "
                           f"same shape as the input tensor excluding its innermost dimension, "
                           f"but got input with shape {list(x.shape)} and weight with shape "
                           f"{list(weight.shape)}")
    if weight is not None and weight.dtype is not dt:
        raise RuntimeError(f"torch.histogramdd: if weight tensor is provided, it should have the "
                           f"same dtype as the input tensor, but got input {input.dtype} and "
                           f"weight {weight.dtype}")
    pts = ivy.reshape(x, (-1, D))
    edges, flat, inside, stride = [], None, None, 1
    for d in reversed(_range(D)):
        col = ivy.get_item(pts, (slice(None), d))
        lo, hi = ((_float(range[2 * d]), _float(range[2 * d + 1])) if range is not None
                  else (0.0, 0.0))
        lo, hi = _hist_range(col, lo, hi, "torch.histogramdd", 0.5, range is None)
        e = _hist_edges(lo, hi, nb[d], dt)
        pos, ins = _hist_pos(col, lo, hi, nb[d], e)
        edges.insert(0, e)
        term = ivy.multiply(pos, stride)
        flat = term if flat is None else ivy.add(flat, term)
        inside = ins if inside is None else ivy.logical_and(inside, ins)
        stride *= nb[d]
    w = ivy.ones_like(ivy.get_item(pts, (slice(None), 0))) if weight is None else ivy.reshape(weight._data, (-1,))
    w = ivy.where(inside, w, ivy.zeros_like(w))
    h = ivy.scatter_nd(ivy.expand_dims(flat, axis=-1), w, (stride,), reduction="sum")
    h = ivy.reshape(ivy.astype(h, dt.ivy), tuple(nb))
    if density:
        vol = None
        for d, e in enumerate(edges):
            wd = ivy.subtract(ivy.get_item(e, slice(1, None)), ivy.get_item(e, slice(None, -1)))
            shp = [1] * D
            shp[d] = nb[d]
            wd = ivy.reshape(wd, tuple(shp))
            vol = wd if vol is None else ivy.multiply(vol, wd)
        h = ivy.divide(h, ivy.multiply(ivy.sum(h), vol))
    return return_types.histogramdd(wrap(h), tuple(wrap(e) for e in edges))


def cartesian_prod(*tensors):
    gs = meshgrid(*tensors, indexing="ij")
    if len(gs) == 1:
        return tensors[0]
    return stack([g.reshape(-1) for g in gs], 1)


def block_diag(*tensors):
    ts = [t.reshape(1, 1) if t.ndim == 0 else (t.reshape(1, -1) if t.ndim == 1 else t)
          for t in tensors]
    rt = result_type(*ts)
    rows, cols = _sum(t.shape[0] for t in ts), _sum(t.shape[1] for t in ts)
    out = zeros(rows, cols, dtype=rt)
    r = c = 0
    for t in ts:
        out[r:r + t.shape[0], c:c + t.shape[1]] = t.to(rt)
        r += t.shape[0]
        c += t.shape[1]
    return out


def vander(x, N=None, increasing=False):
    n = N if N is not None else x.shape[0]
    p = arange(n, dtype=_int64)
    if not increasing:
        p = p.flip(0)
    base = x.unsqueeze(-1)
    if x.dtype.cat < 2:
        base = base.long()
    return pow(base, p)


def ravel(input):
    return reshape(input, (-1,))


def _split_dir(name, input, indices_or_sections, d, min_nd):
    if input.ndim < min_nd:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {min_nd} dimension, "
                           f"but got a tensor with {input.ndim} dimensions!")
    if isinstance(indices_or_sections, _int) and (
            indices_or_sections == 0 or input.shape[d] % indices_or_sections):
        raise RuntimeError(f"torch.{name} attempted to split along dimension {d}, but the size "
                           f"of the dimension {input.shape[d]} is not divisible by the split_size "
                           f"{indices_or_sections}!")
    return tensor_split(input, indices_or_sections, d)


def hsplit(input, indices_or_sections):
    return _split_dir("hsplit", input, indices_or_sections, 1 if input.ndim > 1 else 0, 1)


def vsplit(input, indices_or_sections):
    return _split_dir("vsplit", input, indices_or_sections, 0, 2)


def dsplit(input, indices_or_sections):
    return _split_dir("dsplit", input, indices_or_sections, 2, 3)


def split_with_sizes(input, split_sizes, dim=0):
    return split(input, list(split_sizes), dim)


unsafe_split = split
unsafe_chunk = chunk
unsafe_split_with_sizes = split_with_sizes


def narrow_copy(input, dim, start, length):
    return clone(narrow(input, dim, start, length))


def unravel_index(indices, shape):
    idx = _t(indices)
    if idx.dtype.cat != 1:
        raise TypeError("expected 'indices' to be integer dtype, but got " + str(idx.dtype))
    shape = as_tuple(shape)
    if builtins.any(s < 0 for s in shape):
        raise ValueError("'shape' cannot have negative values, but got " + str(tuple(shape)))
    x = ivy.astype(idx._data, "int64")  # floor division/modulo: torch checks no bounds
    out = []
    for s in reversed(shape):
        out.append(wrap(ivy.remainder(x, s)))
        x = ivy.floor_divide(x, s)
    return tuple(reversed(out))


def combinations(input, r=2, with_replacement=False):
    import itertools

    if input.ndim != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    n = input.shape[0]
    gen = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    combos = list(gen(_range(n), r))
    if r == 0:
        return wrap(ivy.zeros((0,), dtype=input.dtype.ivy))
    if not combos:
        return wrap(ivy.zeros((0, r), dtype=input.dtype.ivy))
    ix = ivy.array(np.array(combos, dtype=np.int64).reshape(-1), device=ivy.dev(input._data))
    r_ = ivy.reshape(ivy.get_item(input._data, ix), (len(combos), r))
    return wrap(r_)


def put(input, index, source, accumulate=False):
    r = clone(input)
    return _put_(r, index, source, accumulate)


def _put_(self, index, source, accumulate=False):
    if index.dtype is not _core.int64:
        raise RuntimeError("put_(): Expected a long tensor for index, but got "
                           + str(index.dtype))
    if source.dtype is not self.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {self.dtype} and source.dtype = {source.dtype}")
    if index.numel() != source.numel():
        raise RuntimeError(f"put_(): Expected source and index to have the same number of "
                           f"elements, but got source.numel() = {source.numel()}, "
                           f"index.numel() = {index.numel()}")
    n = self.numel()
    flat = ivy.reshape(self._data, (-1,))
    ix = ivy.reshape(index._data, (-1,))
    if index.numel():
        if ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(ix, -n), ivy.greater_equal(ix, n)))):
            raise IndexError(f"out of range: tried to access index out of bounds for a "
                             f"tensor of size {n}")
        ix = ivy.where(ivy.less(ix, 0), ivy.add(ix, n), ix)
        flat = ivy.scatter_nd(ivy.expand_dims(ix, axis=-1), ivy.reshape(source._data, (-1,)),
                              reduction="sum" if accumulate else "replace", out=flat)
    self._data = ivy.reshape(flat, tuple(self._data.shape))
    return self


def index_put(input, indices, values, accumulate=False):
    return input.index_put(indices, values, accumulate)


def index_put_(input, indices, values, accumulate=False):
    return input.index_put_(indices, values, accumulate)


def select_scatter(input, src, dim, index):
    r = clone(input)
    d = norm_dim(dim, input.ndim)
    n = input.shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(input.shape)} at dimension {d}")
    if tuple(src.shape) != tuple(input.shape[:d] + input.shape[d + 1:]):
        raise RuntimeError("expected src to have a size equal to the slice of self")
    r[(slice(None),) * d + (index,)] = src
    return r


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    r = clone(input)
    d = norm_dim(dim, input.ndim)
    key = (slice(None),) * d + (slice(start, end, step),)
    if tuple(src.shape) != tuple(r[key].shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(r[key].shape)}")
    r[key] = src
    return r


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or "
                           f"amin but got {reduce}.")
    d = norm_dim(dim, _max(input.ndim, 1))
    if index.ndim > 1:
        raise IndexError("index_reduce_(): Index is supposed to be a vector")
    shp = [1] * _max(source.ndim, 1)
    shp[d] = -1
    idx = broadcast_to(reshape(index, tuple(shp)), tuple(source.shape))
    return scatter_reduce(input, d, idx, source, reduce, include_self=include_self)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    nd = input.ndim
    d1, d2 = norm_dim(dim1, nd), norm_dim(dim2, nd)
    want = tuple(diagonal(input, offset, d1, d2).shape)
    if tuple(src.shape) != want:
        raise RuntimeError(f"expected src to have a size equal to the diagonal of self. src size "
                           f"= {list(src.shape)}, diagonal size = {list(want)}")
    x = ivy.moveaxis(input._data, (d1, d2), (-2, -1))
    A, B = _shape(x)[-2:]
    r0 = _max(-offset, 0)
    i = ivy.arange(A, dtype="int64", device=ivy.dev(x))
    j = ivy.arange(B, dtype="int64", device=ivy.dev(x))
    mask = ivy.equal(ivy.subtract(ivy.expand_dims(j, axis=0), ivy.expand_dims(i, axis=1)), offset)
    L = want[-1]
    if L == 0:
        return clone(input)
    gi = ivy.clip(ivy.subtract(i, r0), 0, L - 1)
    g = ivy.expand_dims(ivy.get_item(cast(src._data, input.dtype), (Ellipsis, gi)), axis=-1)
    r = ivy.where(mask, g, x)
    return wrap(ivy.moveaxis(r, (-2, -1), (d1, d2)))


def _fill_diagonal_(self, fill_value, wrap=False):
    nd = self.ndim
    s = tuple(self.shape)
    if nd < 2:
        raise RuntimeError("dimensions must larger than 1")
    if nd > 2 and len(set(s)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    n = self.numel()
    if nd == 2:
        step, end = s[1] + 1, (n if wrap and s[0] > s[1] else _min(s) * s[1])
    else:
        step, end = _sum(s[0] ** k for k in _range(nd)), n
    pos = ivy.arange(n, dtype="int64", device=ivy.dev(self._data))
    mask = ivy.logical_and(ivy.equal(ivy.remainder(pos, step), 0), ivy.less(pos, end))
    if nd == 2 and wrap and s[0] > s[1]:
        # numpy/torch wrap: the diagonal restarts every (cols + 1) rows
        rows, cols = ivy.floor_divide(pos, s[1]), ivy.remainder(pos, s[1])
        mask = ivy.equal(ivy.remainder(rows, s[1] + 1), cols)
    flat = ivy.reshape(self._data, (-1,))
    v = full((), fill_value, dtype=self.dtype)._data
    self._data = ivy.reshape(ivy.where(mask, v, flat), s)
    return self
