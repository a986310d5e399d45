"""Tests of the set functions on every backend: ``isin`` against NumPy; ``unique_*`` by their
defining properties (element order is implementation-defined), including the standard's rules
that NaNs are distinct (count 1 each) and signed zeros are one value.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import api, arrays, assert_same, backends, native

DTYPES = ["bool", "int8", "uint16", "uint64", "int64", "float32", "float64", "complex64"]


@st.composite
def unique_input(draw):
    dtype = draw(st.sampled_from(DTYPES), label="dtype")
    shape = draw(st.lists(st.integers(0, 4), max_size=3).map(tuple), label="shape")
    n = int(np.prod(shape))
    if dtype.startswith("float"):
        elems = st.sampled_from([0.0, -0.0, 1.0, -1.5, np.inf, np.nan])
    elif dtype == "complex64":
        elems = st.sampled_from([0j, 1 + 0j, 1j, -1j, complex(np.nan, 0), complex(1, np.nan)])
    elif dtype == "bool":
        elems = st.booleans()
    else:
        hi = np.iinfo(dtype).max
        elems = st.sampled_from([0, 1, 2, hi, hi - 1])
    return np.array(draw(st.lists(elems, min_size=n, max_size=n)), dtype=dtype).reshape(shape)


def check_values(values, x):
    """``values`` holds each non-NaN value of ``x`` once and every NaN of ``x`` separately."""
    v = ivy.to_numpy(values)
    assert v.ndim == 1 and v.dtype == x.dtype
    flat = x.reshape(-1)
    nan = flat != flat
    assert np.count_nonzero(v != v) == np.count_nonzero(nan)
    want = np.unique(flat[~nan])  # NumPy merges signed zeros too
    assert_same(np.sort(v[v == v]), want, dtype=str(x.dtype))
    return v


@backends
@given(x=unique_input())
def test_unique_all(backend, x):
    with ivy.using_backend(backend):
        r = api.unique_all(native(backend, x))
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    v = check_values(r.values, x)
    idx, inv, cnt = (ivy.to_numpy(a) for a in (r.indices, r.inverse_indices, r.counts))
    for a in (r.indices, r.inverse_indices, r.counts):
        assert ivy.dtype(a) == "int64"
    flat = x.reshape(-1)
    assert idx.shape == v.shape and cnt.shape == v.shape and inv.shape == x.shape
    same = lambda a, b: (a == b) | ((a != a) & (b != b))  # noqa: E731
    assert same(flat[idx], v).all()  # indices point at the values ...
    for i, val in enumerate(v):  # ... at their first occurrence, and counts count them
        occ = np.flatnonzero(flat == val) if val == val else [idx[i]]
        assert idx[i] == occ[0] and cnt[i] == len(occ)
    assert same(v[inv.reshape(-1)], flat).all() if flat.size else True


@backends
@given(x=unique_input())
def test_unique_counts_inverse_values(backend, x):
    with ivy.using_backend(backend):
        c = api.unique_counts(native(backend, x))
        i = api.unique_inverse(native(backend, x))
        u = api.unique_values(native(backend, x))
    assert c._fields == ("values", "counts") and i._fields == ("values", "inverse_indices")
    for values in (c.values, i.values, u):
        check_values(values, x)
    assert ivy.dtype(c.counts) == "int64" and ivy.dtype(i.inverse_indices) == "int64"
    assert int(ivy.to_numpy(c.counts).sum()) == x.size
    v, inv = ivy.to_numpy(i.values), ivy.to_numpy(i.inverse_indices)
    assert inv.shape == x.shape
    rebuilt = v[inv]
    assert ((rebuilt == x) | ((rebuilt != rebuilt) & (x != x))).all()


@backends
@given(data=st.data())
def test_isin(backend, data):
    dtype = data.draw(st.sampled_from(["int8", "uint8", "uint64", "int64", "float32"]))
    x1 = data.draw(arrays(dtype, finite=True, min_value=0, max_value=5), label="x1")
    x2 = data.draw(arrays(dtype, finite=True, min_value=0, max_value=5), label="x2")
    invert = data.draw(st.booleans(), label="invert")
    with ivy.using_backend(backend):
        got = api.isin(native(backend, x1), native(backend, x2), invert=invert)
    assert_same(got, np.isin(x1, x2, invert=invert), dtype="bool")


@backends
def test_isin_scalars_and_nan(backend):
    x = np.array([1.0, np.nan, 3.0], dtype="float32")
    with ivy.using_backend(backend):
        assert_same(api.isin(native(backend, x), native(backend, x)), [True, False, True])
        assert_same(api.isin(3, native(backend, np.array([1, 3]))), True)
        assert_same(api.isin(native(backend, np.array([1, 2])), 2), [False, True])
        big = native(backend, np.array([1, 2**63], dtype="uint64"))  # beyond int64
        assert_same(api.isin(big, 2**63), [False, True])
        assert_same(api.isin(2**63, big, invert=True), False)
        small = native(backend, np.array([1, 2], dtype="int8"))  # out of range: never equal
        assert_same(api.isin(small, 300), [False, False])
