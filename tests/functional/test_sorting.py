"""Differential tests of ``sort``/``argsort`` on every backend against NumPy.

Sorts are stable in both directions (equal elements keep their order, also when descending) and
put NaNs last ascending / first descending on every backend (NumPy order, reversed).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import api, arrays, assert_same, backends, native
from .tf_edge import MODES, assert_exact, edge_cases, tf_run

DTYPES = ["bool", "int8", "uint8", "uint16", "uint64", "int64", "float32", "float64"]


def ref_argsort(x, axis, descending):
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    n = x.shape[axis]
    return (n - 1) - np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable"), axis)


@st.composite
def sort_case(draw):
    dtype = draw(st.sampled_from(DTYPES), label="dtype")
    if dtype.startswith("float"):  # few values: ties, signed zeros, infinities, NaNs
        elems = st.sampled_from([0.0, -0.0, 1.0, -1.5, np.inf, -np.inf, np.nan])
        shape = draw(st.lists(st.integers(0, 4), min_size=1, max_size=3).map(tuple))
        x = np.array(draw(st.lists(elems, min_size=int(np.prod(shape)),
                                   max_size=int(np.prod(shape)))), dtype=dtype).reshape(shape)
    elif draw(st.booleans()):
        x = draw(arrays(dtype, min_dims=1, min_value=0, max_value=2), label="x")
    else:
        x = draw(arrays(dtype, min_dims=1), label="x")
    axis = draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    descending = draw(st.booleans(), label="descending")
    return x, axis, descending


@backends
@given(case=sort_case())
def test_argsort(backend, case):
    x, axis, descending = case
    with ivy.using_backend(backend):
        got = api.argsort(native(backend, x), axis=axis, descending=descending)
    assert_same(got, ref_argsort(x, axis, descending), dtype="int64")


@backends
@given(case=sort_case())
def test_sort(backend, case):
    x, axis, descending = case
    with ivy.using_backend(backend):
        got = api.sort(native(backend, x), axis=axis, descending=descending)
    want = np.take_along_axis(x, ref_argsort(x, axis, descending), axis)
    assert_same(got, want, dtype=str(x.dtype))  # signed zeros compare equal: either order


@backends
def test_sort_array_in_array_out(backend):
    with ivy.using_backend(backend):
        a = ivy.asarray([[3, 1, 2], [5, 4, -1]], dtype="int32")
        assert isinstance(api.sort(a), ivy.Array)
        assert_same(api.sort(a, axis=0, descending=True), [[5, 4, 2], [3, 1, -1]], dtype="int32")
        assert_same(api.argsort(a, stable=False), [[1, 2, 0], [2, 1, 0]], dtype="int64")


@pytest.mark.parametrize("mode,dtype", MODES)
def test_sort_exact_on_tensorflow(mode, dtype):
    """Subnormals keep their order and value, NaNs of either sign go last (first descending),
    also traced; normal inputs take TF's own sort."""
    pytest.importorskip("tensorflow")
    xs = edge_cases(dtype)
    for kw in ({}, {"axis": 0}, {"descending": True}):
        got = tf_run(mode, lambda t, k=kw: ivy.sort(t, **k), xs)
        for x, (r, d) in zip(xs, got, strict=True):
            assert d == dtype
            want = np.sort(x.astype(np.float64), axis=kw.get("axis", -1))
            assert_exact(r, np.flip(want, -1) if kw.get("descending") else want)
