"""``jax.lax`` indexing primitives: ``gather``, the ``scatter`` family, ``sort``, ``top_k``,
``approx_max_k``, ...

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from .. import tree_util
from .._array import asarray, wrap
from .._core import KIND, _gather_fill, name_of, not_implemented
from ..numpy import _functions as _F
from ._base import GatherDimensionNumbers, ScatterDimensionNumbers, _max, _range
from ._elementwise import _complex_of
from ._shapes import broadcasted_iota, concatenate


def _with_batch_indices(idx, indices_batching_dims):
    """Batching dimensions as explicit indices: for each indices batching dim, its position
    (an iota) appended to the index vector (index_vector_dim last); the paired operand batching
    dims then become collapsed/inserted dims indexed by it (slice size 1), as XLA defines them."""
    bshape = tuple(idx.shape[:-1])
    extra = [broadcasted_iota(name_of(idx._data), bshape + (1,), int(d))
             for d in indices_batching_dims]
    return concatenate([idx, *extra], idx.ndim - 1)


def gather(operand, start_indices, dimension_numbers, slice_sizes, *, unique_indices=False,
           indices_are_sorted=False, mode=None, fill_value=None):
    """XLA gather (index_vector_dim last), no operand batching dims; modes clip,
    promise_in_bounds and fill (JAX's default: out-of-bounds slices give ``fill_value``)."""
    dn = dimension_numbers if isinstance(dimension_numbers, GatherDimensionNumbers) else \
        GatherDimensionNumbers(*dimension_numbers)
    x, idx = asarray(operand), asarray(start_indices)
    if tuple(dn.operand_batching_dims) or tuple(dn.start_indices_batching_dims):
        idx = _with_batch_indices(idx, dn.start_indices_batching_dims)
        ob = tuple(dn.operand_batching_dims)
        dn = GatherDimensionNumbers(dn.offset_dims, tuple(dn.collapsed_slice_dims) + ob,
                                    tuple(dn.start_index_map) + ob)
    m = str(mode.value if hasattr(mode, "value") else mode).lower() if mode is not None else "fill"
    if "clip" in m:
        m = "clip"
    elif "promise" in m:
        m = "clip"
    elif "fill" in m or m in ("none", "1"):
        m = "fill"
    else:
        not_implemented(f"jax.lax.gather(mode={mode!r})")
    bshape = idx.shape[:-1]
    nb = len(bshape)
    nd = x.ndim
    slice_sizes = tuple(slice_sizes)
    idx_d = ivy.astype(idx._data, "int64")
    valid = None
    keys = []
    for d in _range(nd):
        ar_shape = [1] * (nb + nd)
        ar_shape[nb + d] = slice_sizes[d]
        B = ivy.backend_of(x._data)
        rng = ivy.reshape(B.asarray(np.arange(slice_sizes[d], dtype=np.int64)), tuple(ar_shape))
        if d in dn.start_index_map:
            k = list(dn.start_index_map).index(d)
            s = ivy.reshape(ivy.get_item(idx_d, (Ellipsis, k)), tuple(bshape) + (1,) * nd)
            hi = x.shape[d] - slice_sizes[d]
            ok = ivy.logical_and(ivy.greater_equal(s, 0), ivy.less_equal(s, hi))
            valid = ok if valid is None else ivy.logical_and(valid, ok)
            s = ivy.clip(s, 0, _max(hi, 0))
            keys.append(ivy.add(s, rng))
        else:
            keys.append(rng)
    shp = tuple(bshape) + slice_sizes
    keys = [ivy.broadcast_to(k_, shp) for k_ in keys]
    if x.size == 0:
        not_implemented("jax.lax.gather from an empty operand")
    r = ivy.get_item(x._data, tuple(keys)) if nd else x._data
    if m == "fill" and valid is not None:
        fv = fill_value if fill_value is not None else _gather_fill(name_of(x._data))
        r = ivy.where(ivy.broadcast_to(valid, shp), r, ivy.full_like(r, fv))
    # drop collapsed dims, then place offset dims
    keep = [d for d in _range(nd) if d not in dn.collapsed_slice_dims]
    r = ivy.reshape(r, tuple(bshape) + tuple(slice_sizes[d] for d in keep))
    out_rank = nb + len(keep)
    perm = [0] * out_rank
    offs = list(dn.offset_dims)
    bi, oi = 0, 0
    for pos in _range(out_rank):
        if pos in offs:
            perm[pos] = nb + oi
            oi += 1
        else:
            perm[pos] = bi
            bi += 1
    return wrap(ivy.permute_dims(r, tuple(perm)), x._weak)


def _scatter(operand, scatter_indices, updates, dn, reduction, mode):
    if not isinstance(dn, ScatterDimensionNumbers):
        dn = ScatterDimensionNumbers(*dn)
    x, idx, u = asarray(operand), asarray(scatter_indices), asarray(updates)
    if tuple(dn.operand_batching_dims) or tuple(dn.scatter_indices_batching_dims):
        idx = _with_batch_indices(idx, dn.scatter_indices_batching_dims)
        ob = tuple(dn.operand_batching_dims)
        dn = ScatterDimensionNumbers(dn.update_window_dims,
                                     tuple(dn.inserted_window_dims) + ob,
                                     tuple(dn.scatter_dims_to_operand_dims) + ob)
    name = name_of(x._data)
    u = u.astype(name)
    nd = x.ndim
    uwd = list(dn.update_window_dims)
    scat_dims = [i for i in _range(u.ndim) if i not in uwd]
    # updates as (scatter dims..., window dims...)
    up = _F.transpose(u, scat_dims + uwd)
    sshape = up.shape[:len(scat_dims)]
    wshape = up.shape[len(scat_dims):]
    win_op_dims = [d for d in _range(nd) if d not in dn.inserted_window_dims]
    if idx.shape[:-1] != sshape:
        raise TypeError("lax.scatter: indices and updates scatter dims differ")
    B = ivy.backend_of(x._data)
    idx_d = ivy.astype(idx._data, "int64")
    ns, nw = len(sshape), len(wshape)
    lin = None
    valid = None
    strides = np.cumprod((1,) + x.shape[::-1])[:-1][::-1]
    for d in _range(nd):
        full = [1] * (ns + nw)
        term = None
        size_here = 1
        if d in win_op_dims:
            w = win_op_dims.index(d)
            full[ns + w] = wshape[w]
            size_here = wshape[w]
            term = ivy.reshape(B.asarray(np.arange(wshape[w], dtype=np.int64)), tuple(full))
        if d in dn.scatter_dims_to_operand_dims:
            k = list(dn.scatter_dims_to_operand_dims).index(d)
            s = ivy.reshape(ivy.get_item(idx_d, (Ellipsis, k)), tuple(sshape) + (1,) * nw)
            hi = x.shape[d] - size_here
            ok = ivy.logical_and(ivy.greater_equal(s, 0), ivy.less_equal(s, hi))
            valid = ok if valid is None else ivy.logical_and(valid, ok)
            if mode == "clip":
                s = ivy.clip(s, 0, _max(hi, 0))
            term = s if term is None else ivy.add(s, term)
        if term is None:
            continue
        t = ivy.multiply(term, builtins.int(strides[d]))
        lin = t if lin is None else ivy.add(lin, t)
    n = x.size
    shp = tuple(up.shape)
    lin = ivy.broadcast_to(lin if lin is not None else B.asarray(0), shp)
    if mode != "clip" and valid is not None:
        lin = ivy.where(ivy.broadcast_to(valid, shp), lin, ivy.full_like(lin, n))
    pos = ivy.reshape(lin, (-1, 1))
    vals = ivy.reshape(up._data, (-1,))
    # one spare element after the operand takes the dropped (out-of-bounds) updates; native
    # slicing (``r[:n]``) is not an Ivy call and would not be traced: ivy.get_item
    base = ivy.concat([ivy.reshape(x._data, (n,)), B.asarray(np.zeros(1), dtype=name)], axis=0)
    if reduction == "mul":
        fp = ivy.to_numpy(pos).ravel()
        fp = fp[fp < n]
        if len(np.unique(fp)) != len(fp):
            not_implemented("jax.lax.scatter_mul with repeated indices")
        cur = ivy.take(base, ivy.reshape(pos, (-1,)), axis=0)
        vals = ivy.multiply(cur, vals)
        reduction = "replace"
    if KIND[name] == "c" and reduction in ("max", "min"):
        # lexicographic (as lax.max): the extreme real part per element, then the extreme
        # imaginary part among the updates (and the operand's value) that have it
        far = -math.inf if reduction == "max" else math.inf
        re = ivy.scatter_nd(pos, ivy.real(vals), (n + 1,), reduction=reduction,
                            out=ivy.real(base))
        hit = ivy.equal(ivy.real(vals), ivy.take(re, ivy.reshape(pos, (-1,)), axis=0))
        im_v = ivy.where(hit, ivy.imag(vals), ivy.full_like(ivy.real(vals), far))
        im_b = ivy.where(ivy.equal(ivy.real(base), re), ivy.imag(base),
                         ivy.full_like(re, far))
        im = ivy.scatter_nd(pos, im_v, (n + 1,), reduction=reduction, out=im_b)
        r = _complex_of(re, im, name)
    elif name == "bool" and reduction in ("sum", "max", "min"):  # as 0/1 (no bool kernels in TF)
        vals = ivy.astype(vals, "int8")
        base = ivy.astype(base, "int8")
        r = ivy.astype(ivy.scatter_nd(pos, vals, (n + 1,), reduction=reduction, out=base),
                       "bool")
    else:
        r = ivy.scatter_nd(pos, vals, (n + 1,), reduction=reduction, out=base)
    return wrap(ivy.reshape(ivy.get_item(r, builtins.slice(0, n)), x.shape), x._weak)


def _scatter_fn(red):
    def f(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
          unique_indices=False, mode=None):
        m = str(mode.value if hasattr(mode, "value") else mode).lower() if mode is not None \
            else "fill"
        m = "clip" if "clip" in m else "fill"
        return _scatter(operand, scatter_indices, updates, dimension_numbers, red, m)
    return f


scatter = _scatter_fn("replace")
scatter_add = _scatter_fn("sum")
scatter_max = _scatter_fn("max")
scatter_min = _scatter_fn("min")
scatter_mul = _scatter_fn("mul")


def scatter_sub(operand, scatter_indices, updates, dimension_numbers, **kw):
    return scatter_add(operand, scatter_indices, _F.negative(updates), dimension_numbers, **kw)


def stop_gradient(x):
    return tree_util.tree_map(lambda a: wrap(ivy.stop_gradient(asarray(a)._data),
                                             asarray(a)._weak), x)


def sort(operand, dimension=-1, is_stable=True, num_keys=1):
    if isinstance(operand, (tuple, list)):
        keys = operand[0]
        order = _F.argsort(keys, axis=dimension)
        return tuple(_F.take_along_axis(o, order, dimension) for o in operand)
    return _F.sort(operand, axis=dimension)


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    return sort((keys, values), dimension)


def top_k(operand, k):
    x = asarray(operand)
    idx = _F.argsort(-x if KIND[name_of(x._data)] != "b" else ~x, axis=-1)[..., :k]
    return _F.take_along_axis(x, idx, -1), idx


def tie_in(x, y):
    return y


def index_take(src, idxs, axes):
    a = asarray(src)
    ind = _F.concatenate([_F.expand_dims(asarray(i), 1) for i in idxs], 1)
    ind = ind % asarray(np.array([a.shape[ax] for ax in axes], np.int32))
    sizes = list(a.shape)
    for ax in axes:
        sizes[ax] = 1
    dn = GatherDimensionNumbers(offset_dims=tuple(_range(1, a.ndim - ind.shape[1] + 1)),
                                collapsed_slice_dims=tuple(axes), start_index_map=tuple(axes))
    return gather(a, ind, dn, tuple(sizes))


def _approx_k(operand, k, reduction_dimension, largest):
    x = asarray(operand)
    ax = reduction_dimension % x.ndim
    xm = _F.moveaxis(x, ax, -1)
    v, i = top_k(xm if largest else _F.negative(xm) if x.dtype.kind != "u" else ~xm, k)
    if not largest:
        v = _F.take_along_axis(xm, i, -1)
    return _F.moveaxis(v, -1, ax), _F.moveaxis(i, -1, ax)


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """Exact top-k (what JAX computes on CPU); recall_target is irrelevant for exact results."""
    return _approx_k(operand, k, reduction_dimension, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    return _approx_k(operand, k, reduction_dimension, False)


def scatter_apply(operand, scatter_indices, func, dimension_numbers, *, update_shape=(),
                  indices_are_sorted=False, unique_indices=False, mode=None):
    """func applied once to every element the scatter addresses (repeated indices: JAX applies
    func once per update; that case raises NotImplementedError here)."""
    x = asarray(operand)
    ones = _F.ones(update_shape, "int32")
    cnt = scatter_add(_F.zeros(x.shape, "int32"), scatter_indices, ones, dimension_numbers,
                      mode=mode)
    if bool(_F.any(cnt > 1)):
        not_implemented("jax.lax.scatter_apply with repeated indices")
    return _F.where(cnt > 0, func(x), x)
