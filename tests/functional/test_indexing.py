"""Differential tests of take / take_along_axis and of astype against NumPy, on every backend."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import ALL_DTYPES, INT_DTYPES, api, arrays, assert_same, backends, native, shapes


@backends
@given(data=st.data())
def test_take(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    x = data.draw(arrays(dtype, shapes(min_dims=1, min_side=1)), label="x")
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1), label="axis") if x.ndim > 1 else \
        data.draw(st.none() | st.just(0), label="axis")
    n = x.shape[0 if axis is None else axis]
    idx_dtype = data.draw(st.sampled_from(["int32", "int64", "uint8", "int16"]), label="idx")
    lo = 0 if idx_dtype.startswith("u") else -n
    indices = data.draw(arrays(idx_dtype, st.tuples(st.integers(0, 4)), min_value=lo,
                               max_value=min(n - 1, 127)), label="indices")
    expected = np.take(x, indices, axis=axis)
    with ivy.using_backend(backend):
        out = api.take(native(backend, x), native(backend, indices), axis=axis)
    assert_same(out, expected)


@backends
@given(data=st.data())
def test_take_along_axis(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    x = data.draw(arrays(dtype, shapes(min_dims=1, min_side=1)), label="x")
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    n = x.shape[axis]
    ishape = list(x.shape)
    ishape[axis] = data.draw(st.integers(0, 3), label="k")
    # the other axes broadcast: make some of them 1
    for i in range(x.ndim):
        if i != axis % x.ndim and data.draw(st.booleans()):
            ishape[i] = 1
    indices = data.draw(arrays("int64", tuple(ishape), min_value=-n, max_value=n - 1),
                        label="indices")
    expected = np.take_along_axis(x, indices, axis=axis)
    with ivy.using_backend(backend):
        out = api.take_along_axis(native(backend, x), native(backend, indices), axis=axis)
    assert_same(out, expected)


@backends
@given(data=st.data())
def test_astype(backend, data):
    src = data.draw(st.sampled_from(ALL_DTYPES), label="from")
    dst = data.draw(st.sampled_from(ALL_DTYPES), label="to")
    # values representable in both dtypes (float -> int of out-of-range values is unspecified)
    lo, hi = -100, 100
    if src in INT_DTYPES or dst in INT_DTYPES:
        lo = 0 if (src.startswith("u") or dst.startswith("u")) else -100
    x = data.draw(arrays(src, shapes(), finite=True, min_value=lo, max_value=hi), label="x")
    copy = data.draw(st.booleans(), label="copy")
    with ivy.using_backend(backend):
        xn = ivy.asarray(native(backend, x))
        if src.startswith("complex") and not dst.startswith("complex") and dst != "bool":
            with pytest.raises(TypeError):
                api.astype(xn, dst, copy=copy)
            return
        out = api.astype(xn, dst, copy=copy)
        if src == dst and not copy:
            assert out is xn or out.data is xn.data
    if dst == "bool":
        expected = x != 0
    else:
        expected = (x.real if x.dtype.kind == "c" and dst != "bool" and
                    not dst.startswith("complex") else x).astype(dst)
    assert_same(out, expected)


@backends
def test_astype_device(backend):
    with ivy.using_backend(backend):
        x = ivy.asarray([1, 2, 3])
        y = api.astype(x, "float64", device="cpu")
        assert y.device == "cpu" and y.dtype == ivy.float64


@backends
@pytest.mark.parametrize("key", [
    (1,) + (0,) * 8,
    (1,),
    (slice(None, None, -1), 2, Ellipsis, None, slice(1, 3)),
    (Ellipsis, -1),
    (None, 0, slice(0, 3, 2)),
])
def test_basic_indexing_beyond_8_dims(backend, key):
    """The standard has no rank limit (TensorFlow's strided slice stops at 8 dimensions)."""
    a = np.arange(2 * 3 * 2 * 2 * 3).reshape(2, 3, 1, 2, 1, 1, 1, 2, 3)
    with ivy.using_backend(backend):
        x = native(backend, a)
        got = api.get_item(x, key)
        assert_same(got, a[key], dtype=ivy.dtype(x))
        y = api.set_item(native(backend, a.copy()), key, -1)
    want = a.copy()
    want[key] = -1
    assert_same(y, want, dtype=want.dtype)
