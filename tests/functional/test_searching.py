"""Differential tests of the searching functions on every backend against NumPy.

Index results must have Ivy's default index dtype (int64) on every backend; NaNs win ``argmax``/
``argmin`` (first NaN), and ``searchsorted`` agrees with NumPy's NaN-last order.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import (
    api,
    arrays,
    as_backend_holds,
    assert_same,
    backends,
    broadcastable_pair,
    native,
)
from .tf_edge import MODES, edge_cases, tf_run

REAL = ["int8", "uint8", "uint16", "uint32", "uint64", "int64", "float32", "float64"]


def small(dtype, **kw):
    """Few distinct values, so ties and duplicates are common."""
    if dtype.startswith("float"):
        return arrays(dtype, **kw).map(lambda a: np.round(a.clip(-3, 3)))
    return arrays(dtype, min_value=0, max_value=3, **kw)


@backends
@given(data=st.data())
def test_argmax_argmin(backend, data):
    name = data.draw(st.sampled_from(["argmax", "argmin"]), label="name")
    dtype = data.draw(st.sampled_from(REAL), label="dtype")
    x = data.draw(arrays(dtype, min_side=1) | small(dtype, min_side=1), label="x")
    axis = data.draw(st.none() | st.integers(-max(x.ndim, 1), max(x.ndim, 1) - 1)
                     if x.ndim else st.none(), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims)
    assert_same(got, getattr(np, name)(x, axis=axis, keepdims=keepdims), dtype="int64")


@backends
@given(data=st.data())
def test_count_nonzero(backend, data):
    dtype = data.draw(st.sampled_from(["bool", "int8", "uint64", "float32", "complex64"]))
    x = data.draw(arrays(dtype) | small(dtype) if dtype != "complex64" else arrays(dtype),
                  label="x")
    axis = data.draw(st.none() if x.ndim == 0 else st.none() | st.integers(-x.ndim, x.ndim - 1)
                     | st.lists(st.integers(0, x.ndim - 1), unique=True).map(tuple), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = api.count_nonzero(native(backend, x), axis=axis, keepdims=keepdims)
    want = np.count_nonzero(as_backend_holds(backend, x), axis=axis, keepdims=keepdims)
    assert_same(got, want, dtype="int64")


@backends
@given(data=st.data())
def test_nonzero(backend, data):
    dtype = data.draw(st.sampled_from(["bool", "int16", "uint32", "float64", "complex128"]))
    x = data.draw(arrays(dtype, min_dims=1) | small(dtype, min_dims=1)
                  if dtype != "complex128" else arrays(dtype, min_dims=1), label="x")
    with ivy.using_backend(backend):
        got = api.nonzero(native(backend, x))
    want = np.nonzero(as_backend_holds(backend, x))
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert_same(g, w, dtype="int64")


@backends
def test_nonzero_0d_raises(backend):
    with ivy.using_backend(backend):
        with pytest.raises(ValueError):
            api.nonzero(native(backend, np.array(1.0)))


@backends
@given(data=st.data())
def test_searchsorted(backend, data):
    dtype = data.draw(st.sampled_from(REAL), label="dtype")
    x1 = data.draw(arrays(dtype, min_dims=1, max_dims=1) | small(dtype, min_dims=1, max_dims=1),
                   label="x1")
    x2 = data.draw(arrays(dtype) | small(dtype), label="x2")
    side = data.draw(st.sampled_from(["left", "right"]), label="side")
    use_sorter = data.draw(st.booleans(), label="sorter")
    sorter = np.argsort(x1, kind="stable") if use_sorter else None
    ref = x1 if use_sorter else np.sort(x1)
    with ivy.using_backend(backend):
        got = api.searchsorted(native(backend, ref), native(backend, x2), side=side,
                               sorter=None if sorter is None else native(backend, sorter))
    assert_same(got, np.searchsorted(ref, x2, side=side, sorter=sorter), dtype="int64")


@backends
def test_searchsorted_scalar(backend):
    x1 = np.array([1.0, 2.0, 2.0, 5.0], dtype="float32")
    with ivy.using_backend(backend):
        assert_same(api.searchsorted(native(backend, x1), 2.0, side="right"), 3, dtype="int64")
        assert_same(api.searchsorted(native(backend, x1), 0), 0, dtype="int64")


@backends
@given(data=st.data())
def test_where(backend, data):
    d1, d2, out = data.draw(st.sampled_from([
        ("float32", "float32", "float32"), ("int8", "uint8", "int16"), ("uint16", "uint16",
        "uint16"), ("float32", "float64", "float64"), ("bool", "bool", "bool"),
        ("complex64", "float32", "complex64"), ("uint64", "uint32", "uint64")]), label="dtypes")
    x1, x2 = data.draw(broadcastable_pair(d1, d2), label="x1,x2")
    cond = data.draw(arrays("bool", shape=x1.shape[1:] if x1.ndim else ()), label="cond")
    with ivy.using_backend(backend):
        got = api.where(native(backend, cond), native(backend, x1), native(backend, x2))
    assert_same(got, np.where(cond, x1, x2).astype(out), dtype=out)


@backends
@given(data=st.data())
def test_where_scalars(backend, data):
    dtype, scalar = data.draw(st.sampled_from([("float32", 1.5), ("int8", 3), ("uint8", 7),
                                               ("bool", True), ("float64", -2)]))
    x = data.draw(arrays(dtype), label="x")
    cond = data.draw(arrays("bool", shape=x.shape), label="cond")
    first = data.draw(st.booleans(), label="scalar first")
    with ivy.using_backend(backend):
        a = (scalar, native(backend, x)) if first else (native(backend, x), scalar)
        got = api.where(native(backend, cond), *a)
    want = np.where(cond, scalar, x) if first else np.where(cond, x, scalar)
    assert_same(got, want.astype(dtype), dtype=dtype)


@pytest.mark.parametrize("mode,dtype", MODES)
def test_argmax_argmin_exact_on_tensorflow(mode, dtype):
    """Subnormals are not ties with zero and the first NaN wins, also traced (TF's own kernels
    flush subnormals and skip NaNs)."""
    pytest.importorskip("tensorflow")
    xs = edge_cases(dtype)
    for name in ("argmax", "argmin"):
        for kw in ({}, {"axis": 1}, {"axis": 0, "keepdims": True}):
            got = tf_run(mode, lambda t, n=name, k=kw: getattr(ivy, n)(t, **k), xs)
            for x, (r, d) in zip(xs, got, strict=True):
                assert d == "int64"
                np.testing.assert_array_equal(r, getattr(np, name)(x.astype(np.float64), **kw))
