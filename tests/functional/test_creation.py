"""Differential tests of the creation functions against NumPy, on every backend.

Checks values, shapes and Ivy's default dtypes (float32 / int64 / complex64 / bool, whatever the
framework's own defaults are), ``copy=`` semantics of ``asarray`` and conversion from every other
framework's arrays.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import (
    ALL_DTYPES,
    BACKENDS,
    NUMERIC_DTYPES,
    api,
    arrays,
    assert_same,
    backends,
    native,
    shapes,
)

SIZES = st.tuples() | st.integers(0, 3).map(lambda n: (n,)) | st.tuples(st.integers(0, 3),
                                                                       st.integers(0, 3))


def _default(obj):
    """Ivy's default dtype for a Python scalar / nested list."""
    flat = np.asarray(obj, dtype=object).ravel().tolist() if isinstance(obj, list) else [obj]
    kinds = {type(v) for v in flat}
    for kind, name in ((complex, "complex64"), (float, "float32"), (int, "int64")):
        if kind in kinds:
            return name
    return "bool" if kinds else "float32"  # an empty list: the default float dtype


@backends
@given(data=st.data())
def test_asarray_python_objects(backend, data):
    scalar = data.draw(st.sampled_from([st.booleans(), st.integers(-2**31, 2**31),
                                        st.floats(-1e6, 1e6), st.complex_numbers(max_magnitude=1e6)
                                        ]).flatmap(lambda s: s), label="scalar kind")
    shape = data.draw(SIZES, label="shape")
    obj = np.full(shape, scalar, dtype=object).tolist() if shape else scalar
    want = _default(obj)
    with ivy.using_backend(backend):
        out = api.asarray(obj)
    assert isinstance(out, ivy.Array)
    assert_same(out, np.asarray(obj, dtype=want))


@backends
@given(data=st.data())
def test_asarray_arrays_and_copy(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    x = data.draw(arrays(dtype, shapes(min_dims=1, min_side=1)), label="x")
    with ivy.using_backend(backend):
        a = api.asarray(native(backend, x.copy()))
        shared = api.asarray(a)
        copied = api.asarray(a, copy=True)
        assert shared is a  # copy=None, no conversion needed: the same array
        old = copied[(0,) * x.ndim]
        a[(0,) * x.ndim] = api.asarray(x[(0,) * x.ndim] if dtype == "bool" else
                                      np.zeros((), dtype))
        assert_same(copied[(0,) * x.ndim], np.asarray(old.to_numpy()))
        with pytest.raises(ValueError):
            api.asarray([1, 2], copy=False)  # a list always needs a copy
    assert_same(copied, x)


@backends
@pytest.mark.parametrize("source", BACKENDS)
def test_asarray_from_other_frameworks(backend, source):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    with ivy.using_backend(source):
        src = api.asarray(x).data
    with ivy.using_backend(backend):
        out = api.asarray(src)
        assert out.backend == backend
        assert_same(out, x)
        assert_same(api.from_dlpack(src), x)
        assert_same(api.asarray(src, dtype="float64"), x.astype(np.float64))
        assert_same(api.asarray(memoryview(x.tobytes())), np.frombuffer(x.tobytes(), np.uint8))


@backends
@given(data=st.data())
def test_filled(backend, data):
    shape = data.draw(SIZES | st.integers(0, 3), label="shape")
    dtype = data.draw(st.none() | st.sampled_from(ALL_DTYPES), label="dtype")
    fill = data.draw(st.booleans() | st.integers(0, 100) | st.floats(-10, 10, width=32),
                     label="fill")
    if dtype is not None and dtype != "bool" and isinstance(fill, float) and \
            not dtype.startswith(("float", "complex")):
        fill = abs(int(fill))
    with ivy.using_backend(backend):
        d = {} if dtype is None else {"dtype": dtype}
        zeros, ones, empty = api.zeros(shape, **d), api.ones(shape, **d), api.empty(shape, **d)
        full = api.full(shape, fill, **d)
        like = api.zeros_like(full), api.ones_like(full), api.full_like(full, 1),
        e_like = api.empty_like(full, dtype="int8")
    float_dtype = dtype or "float32"
    assert_same(zeros, np.zeros(shape, float_dtype))
    assert_same(ones, np.ones(shape, float_dtype))
    assert empty.dtype == float_dtype and empty.shape == np.empty(shape).shape
    full_dtype = dtype or _default(fill)
    assert_same(full, np.full(shape, fill, dtype=full_dtype))
    for got, want in zip(like, (np.zeros, np.ones, lambda s, d: np.full(s, 1, d)), strict=True):
        assert_same(got, want(np.shape(np.empty(shape)), full_dtype))
    assert e_like.dtype == "int8" and e_like.shape == full.shape


@backends
@given(data=st.data())
def test_arange(backend, data):
    ints = data.draw(st.booleans(), label="ints")
    num = st.integers(-20, 20) if ints else st.floats(-20, 20).map(lambda v: round(v, 2))
    start = data.draw(num, label="start")
    stop = data.draw(st.none() | num, label="stop")
    step = data.draw(num.filter(lambda v: v != 0 and abs(v) >= 0.25), label="step")
    dtype = data.draw(st.none() | st.sampled_from(["int64", "int16", "float64", "float32"]
                                                  if ints else ["float32", "float64"]))
    with ivy.using_backend(backend):
        out = api.arange(start, stop, step, dtype=dtype)
    want = dtype or ("int64" if ints else "float32")
    expected = np.arange(start, stop, step).astype(want) if stop is not None else \
        np.arange(0, start, step).astype(want)
    assert out.dtype == want
    assert out.shape == expected.shape
    assert_same(out, expected, rtol=1e-5, atol=1e-4)


@backends
@given(start=st.floats(-10, 10), stop=st.floats(-10, 10), num=st.integers(0, 6),
       endpoint=st.booleans(), dtype=st.sampled_from([None, "float64", "complex128"]))
def test_linspace(backend, start, stop, num, endpoint, dtype):
    with ivy.using_backend(backend):
        out = api.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
    assert_same(out, np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype or "float32"),
                rtol=1e-5, atol=1e-5)


@backends
@given(n=st.integers(0, 4), m=st.none() | st.integers(0, 4), k=st.integers(-4, 4),
       dtype=st.sampled_from([None, *ALL_DTYPES]))
def test_eye(backend, n, m, k, dtype):
    with ivy.using_backend(backend):
        out = api.eye(n, m, k=k, dtype=dtype)
    assert_same(out, np.eye(n, m, k=k, dtype=dtype or "float32"))


@backends
@given(data=st.data())
def test_tril_triu(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    x = data.draw(arrays(dtype, shapes(min_dims=2, max_dims=3)), label="x")
    k = data.draw(st.integers(-3, 3), label="k")
    with ivy.using_backend(backend):
        xn = native(backend, x)
        lower, upper = api.tril(xn, k=k), api.triu(xn, k=k)
    assert_same(lower, np.tril(x, k=k))
    assert_same(upper, np.triu(x, k=k))


@backends
@given(data=st.data())
def test_meshgrid(backend, data):
    dtype = data.draw(st.sampled_from(NUMERIC_DTYPES), label="dtype")
    n = data.draw(st.integers(0, 3), label="n")
    xs = [data.draw(arrays(dtype, st.tuples(st.integers(0, 3)))) for _ in range(n)]
    indexing = data.draw(st.sampled_from(["xy", "ij"]), label="indexing")
    with ivy.using_backend(backend):
        out = api.meshgrid(*(api.asarray(native(backend, x)) for x in xs), indexing=indexing)
    expected = np.meshgrid(*xs, indexing=indexing)
    assert type(out) is tuple and len(out) == len(expected)
    for o, e in zip(out, expected, strict=True):
        assert_same(o, e)


@backends
def test_device_argument(backend):
    with ivy.using_backend(backend):
        for fn in (lambda: api.zeros(2, device="cpu"), lambda: api.arange(3, device="cpu"),
                   lambda: api.asarray([1], device="cpu"), lambda: api.eye(2, device="cpu"),
                   lambda: api.full(2, 1.0, device="cpu")):
            assert fn().device == "cpu"
        with pytest.raises(ivy.InvalidArgumentError):
            api.zeros(2, device="gpu:99")
