"""``jax.numpy`` selection, sorting and searching (``where``, ``take``, ``nonzero``, ``sort``,
``argsort``, ``searchsorted``, ...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import math

import numpy as np

import ivy

from .._array import asarray, natives, wrap
from .._core import not_implemented
from ._base import _a, _d, _kind, _max
from ._creation import full, ones, zeros
from ._elementwise import imag, real
from ._shapes import concatenate, ravel


def where_(condition, x=None, y=None):
    return where(condition, x, y)


def where(condition, x=None, y=None, /, *, size=None, fill_value=None):
    if x is None and y is None:
        return nonzero(condition, size=size, fill_value=fill_value)
    if x is None or y is None:
        raise ValueError("Either both or neither of the x and y arguments should be provided")
    c = asarray(condition, dtype="bool")
    ns, name, weak = natives(x, y)
    shp = ivy.broadcast_shapes(tuple(c._data.shape), tuple(ns[0].shape), tuple(ns[1].shape))
    return wrap(ivy.where(ivy.broadcast_to(c._data, shp), ivy.broadcast_to(ns[0], shp),
                          ivy.broadcast_to(ns[1], shp)), weak)


def nonzero(a, *, size=None, fill_value=None):
    x = _a(a)
    if x.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(x)"
                         ".nonzero() instead.")
    rs = [wrap(ivy.astype(r, "int32")) for r in ivy.nonzero(x._data)]
    if size is not None:
        out = []
        for i, r in enumerate(rs):
            n = r.shape[0]
            fv = 0 if fill_value is None else (fill_value[i] if isinstance(fill_value, (
                tuple, list)) else fill_value)
            if n >= size:
                out.append(r[:size])
            else:
                out.append(concatenate([r, full((size - n,), fv, dtype="int32")]))
        rs = out
    return tuple(rs)


def take(a, indices, axis=None, out=None, mode=None, unique_indices=False,
         indices_are_sorted=False, fill_value=None):
    x = _a(a)
    i = _a(indices)
    if mode not in (None, "fill", "clip", "promise_in_bounds"):
        not_implemented(f"jax.numpy.take(mode={mode!r})")
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % _max(x.ndim, 1)
    n = x.shape[ax]
    idx = i._data
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    if mode == "clip":
        idx = ivy.clip(idx, 0, _max(n - 1, 0))
        return wrap(ivy.take(x._data, idx, axis=ax), x._weak)
    # default mode "fill": out-of-bounds indices give NaN (inexact) / the minimum value
    oob = ivy.logical_or(ivy.less(idx, 0), ivy.greater_equal(idx, n))
    safe = ivy.where(oob, ivy.zeros_like(idx), idx)
    if n == 0:
        if i.size:
            not_implemented("jax.numpy.take from an empty axis")
        shp = x.shape[:ax] + i.shape + x.shape[ax + 1:]
        return zeros(shp, x.dtype)
    r = ivy.take(x._data, safe, axis=ax)
    k = _kind(x)
    fv = fill_value if fill_value is not None else (
        math.nan if k in "fc" else (True if k == "b" else np.iinfo(x.dtype).min))
    oob_b = ivy.reshape(oob, (1,) * ax + tuple(oob.shape) + (1,) * (x.ndim - ax - 1))
    return wrap(ivy.where(oob_b, ivy.full_like(r, fv), r), x._weak)


def take_along_axis(arr, indices, axis, mode=None, fill_value=None):
    x, i = _a(arr), _a(indices)
    if axis is None:
        x, axis = ravel(x), 0
    ax = axis % x.ndim
    if i.ndim != x.ndim:
        raise ValueError("indices and arr must have the same number of dimensions")
    n = x.shape[ax]
    idx = i._data
    idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    shp = tuple(_max(a_, b_) if b_ != 0 else 0 for a_, b_ in zip(
        [s if j != ax else 1 for j, s in enumerate(x.shape)],
        [s if j != ax else 1 for j, s in enumerate(i.shape)]))
    xb = ivy.broadcast_to(x._data, tuple(s if j == ax else shp[j] for j, s in enumerate(x.shape)))
    ib = ivy.broadcast_to(idx, tuple(s if j == ax else shp[j] for j, s in enumerate(i.shape)))
    oob = ivy.logical_or(ivy.less(ib, 0), ivy.greater_equal(ib, n))
    r = ivy.take_along_axis(xb, ivy.where(oob, ivy.zeros_like(ib), ib), axis=ax)
    k = _kind(x)
    fv = fill_value if fill_value is not None else (
        math.nan if k in "fc" else (True if k == "b" else np.iinfo(x.dtype).min))
    if mode == "clip":
        r = ivy.take_along_axis(xb, ivy.clip(ib, 0, n - 1), axis=ax)
        return wrap(r, x._weak)
    return wrap(ivy.where(oob, ivy.full_like(r, fv), r), x._weak)


def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    d = x._data
    if _kind(x) == "b":
        return sort(x.astype("int8"), axis, stable=stable, descending=descending).astype("bool")
    if _kind(x) == "c":  # lexicographic (real, imag), as JAX; not every backend sorts complex
        return take_along_axis(x, argsort(x, axis, descending=descending), axis)
    return wrap(ivy.sort(d, axis=axis, descending=descending, stable=True), x._weak)


def argsort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    x = _a(a)
    if axis is None:
        x, axis = ravel(x), 0
    if _kind(x) == "c":  # lexicographic (real, imag)
        idx = argsort(imag(x), axis, descending=descending)
        re = take_along_axis(real(x), idx, axis)
        return take_along_axis(idx, argsort(re, axis, descending=descending), axis)
    d = x._data if _kind(x) != "b" else ivy.astype(x._data, "int8")
    return wrap(ivy.astype(ivy.argsort(d, axis=axis, descending=descending, stable=True),
                           "int32"))




def searchsorted(a, v, side="left", sorter=None, *, method="scan"):
    x = _a(a)
    ns, name, _ = natives(x, v)
    s = None if sorter is None else _d(sorter)
    r = ivy.searchsorted(ns[0], ns[1], side=side, sorter=s)
    return wrap(ivy.astype(r, "int32"))


def mask_indices(n, mask_func, k=0, *, size=None):
    return nonzero(mask_func(ones((n, n)), k), size=size)
