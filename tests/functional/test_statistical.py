"""Differential tests of the statistical functions on every backend against NumPy.

The expected dtype follows the standard (not NumPy): ``sum``/``prod``/``cumulative_*`` widen
small ints to Ivy's default int (uint: default uint), floats keep their dtype; ``mean``/``std``/
``var`` of ints give the default float. Unsigned sums wrap around exactly like NumPy's.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy

from .helpers import api, arrays, assert_same, backends, native
from .tf_edge import MODES, assert_exact, edge_cases, tf_run

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's empty-mean warnings

ACC_INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"]


def acc_dtype(dt: str) -> str:
    if dt == "bool" or dt.startswith("int"):
        return "int64"
    if dt.startswith("uint"):
        return "uint64"
    return dt


def axis_args(ndim: int):
    """Axis arguments: None, an int (negative too) or a tuple (the empty tuple included)."""
    if ndim == 0:
        return st.none()
    return st.one_of(st.none(), st.integers(-ndim, ndim - 1),
                     st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple))


@st.composite
def float_input(draw, dtype, lo=-100.0, hi=100.0, nan=True, min_side=0):
    """Bounded floats (order-independent sums) with NaNs sprinkled in."""
    x = draw(arrays(dtype, finite=True, min_value=lo, max_value=hi, min_side=min_side))
    if nan and x.size and draw(st.booleans()):
        mask = draw(hnp.arrays(bool, x.shape))
        x = np.where(mask, np.nan, x).astype(x.dtype)
    return x


def quiet(f, *a, **k):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*a, **k)


def reference(name, x, axis, keepdims, dtype=None, correction=0.0):
    kw = dict(axis=axis, keepdims=keepdims)
    if name in ("sum", "prod"):
        d = dtype or acc_dtype(str(x.dtype))
        return quiet(getattr(np, name), x.astype(d), **kw), d
    if name in ("max", "min"):
        return getattr(np, name)(x, **kw), str(x.dtype)
    xf = x.astype("float32") if x.dtype.kind in "biu" else x
    if name == "mean":
        return quiet(np.mean, xf, **kw), str(xf.dtype)
    n = xf.size if axis is None else int(np.prod([x.shape[a] for a in np.atleast_1d(axis)]))
    r = quiet(getattr(np, name), xf, ddof=correction, **kw)
    if n - correction <= 0:
        r = np.full(np.shape(r), np.nan, dtype=np.asarray(r).dtype)
    return r, str(xf.dtype)


@backends
@given(data=st.data())
def test_sum_prod_ints(backend, data):
    name = data.draw(st.sampled_from(["sum", "prod"]), label="name")
    dtype = data.draw(st.sampled_from(ACC_INTS), label="dtype")
    x = data.draw(arrays(dtype), label="x")
    axis = data.draw(axis_args(x.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims)
    want, d = reference(name, x, axis, keepdims)
    assert_same(got, want, dtype=d)


@backends
@given(data=st.data())
def test_sum_prod_mean_floats(backend, data):
    name = data.draw(st.sampled_from(["sum", "prod", "mean"]), label="name")
    dtype = data.draw(st.sampled_from(["float32", "float64", "complex64"]), label="dtype")
    lo, hi = (-2.0, 2.0) if name == "prod" else (-100.0, 100.0)
    x = data.draw(float_input(dtype, lo, hi), label="x") if dtype != "complex64" else \
        data.draw(arrays(dtype, finite=True, min_value=lo, max_value=hi), label="x")
    axis = data.draw(axis_args(x.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims)
    want, d = reference(name, x, axis, keepdims)
    assert_same(got, want, dtype=d, rtol=1e-3, atol=1e-3)


@backends
@given(data=st.data())
def test_sum_prod_dtype_argument(backend, data):
    dtype, out = data.draw(st.sampled_from([("int8", "int16"), ("float32", "float64"),
                                            ("int64", "float64"), ("uint8", "uint32")]))
    x = data.draw(arrays(dtype, finite=True, min_value=-3, max_value=3), label="x")
    for name in ("sum", "prod"):
        with ivy.using_backend(backend):
            got = getattr(api, name)(native(backend, x), dtype=out)
        # dtype=out: NumPy's own default would accumulate small ints in int64 (no wrap-around)
        want = quiet(getattr(np, name), x.astype(out), dtype=out)
        assert_same(got, want, dtype=out)


@backends
@given(data=st.data())
def test_max_min(backend, data):
    name = data.draw(st.sampled_from(["max", "min"]), label="name")
    dtype = data.draw(st.sampled_from(["int8", "uint8", "uint16", "uint32", "uint64", "int64",
                                       "float32", "float64"]), label="dtype")
    x = data.draw(arrays(dtype, min_side=1), label="x")  # empty reductions are undefined
    axis = data.draw(axis_args(x.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims)
    want, d = reference(name, x, axis, keepdims)
    assert_same(got, want, dtype=d)


@backends
@given(data=st.data())
def test_std_var(backend, data):
    name = data.draw(st.sampled_from(["std", "var"]), label="name")
    dtype = data.draw(st.sampled_from(["float32", "float64", "int16"]), label="dtype")
    x = data.draw(float_input(dtype) if dtype.startswith("float") else
                  arrays(dtype, min_value=-100, max_value=100), label="x")
    axis = data.draw(axis_args(x.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    correction = data.draw(st.sampled_from([0, 1, 0.5, 2.0]), label="correction")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims,
                                 correction=correction)
    want, d = reference(name, x, axis, keepdims, correction=correction)
    assert_same(got, want, dtype=d, rtol=1e-3, atol=1e-3)


@backends
@given(data=st.data())
def test_cumulative(backend, data):
    name = data.draw(st.sampled_from(["cumulative_sum", "cumulative_prod"]), label="name")
    dtype = data.draw(st.sampled_from(["int8", "uint8", "uint32", "uint64", "int64", "float32",
                                       "float64"]), label="dtype")
    if dtype.startswith("float"):
        x = data.draw(float_input(dtype, -2, 2), label="x")
    else:
        x = data.draw(arrays(dtype), label="x")
    if x.ndim == 0:
        x = x.reshape(1)
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1) | (st.none() if x.ndim == 1 else
                                                          st.nothing()), label="axis")
    include_initial = data.draw(st.booleans(), label="include_initial")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, include_initial=include_initial)
    d = acc_dtype(dtype)
    ax = 0 if axis is None else axis
    f = np.cumsum if name == "cumulative_sum" else np.cumprod
    want = quiet(f, x.astype(d), axis=ax)
    if include_initial:
        shape = list(x.shape)
        shape[ax] = 1
        want = np.concatenate([np.full(shape, 0 if f is np.cumsum else 1, dtype=d), want], ax)
    assert_same(got, want, dtype=d, rtol=1e-3, atol=1e-3)


@backends
def test_cumulative_needs_axis_for_nd(backend):
    x = native(backend, np.ones((2, 2), dtype="float32"))
    with ivy.using_backend(backend):
        with pytest.raises(ValueError):
            api.cumulative_sum(x)
        assert_same(api.cumulative_sum(x, axis=1, dtype="float64"), [[1, 2], [1, 2]],
                    dtype="float64")


@backends
def test_array_in_array_out(backend):
    with ivy.using_backend(backend):
        a = ivy.asarray([[1, 2], [3, 4]], dtype="int8")
        s = api.sum(a, axis=0)
        assert isinstance(s, ivy.Array) and ivy.dtype(s) == "int64"
        assert ivy.to_numpy(api.max(a)) == 4


@backends
def test_default_int_dtype_is_honoured(backend):
    """Accumulations and index results follow ivy.set_default_int_dtype, not the framework."""
    x = np.array([[1, 2], [3, 0]], dtype="int16")
    with ivy.using_backend(backend):
        ivy.set_default_int_dtype("int32")
        try:
            a = native(backend, x)
            assert ivy.dtype(api.sum(a)) == "int32"
            assert ivy.dtype(api.cumulative_prod(a, axis=0)) == "int32"
            assert ivy.dtype(api.prod(native(backend, x.astype("uint8")))) == "uint32"
            assert ivy.dtype(api.sum(native(backend, x.astype("int64")))) == "int64"
            for r in (api.argmax(a), api.argsort(a), api.nonzero(a)[0], api.count_nonzero(a),
                      api.unique_all(a).counts):
                assert ivy.dtype(r) == "int32"
        finally:
            ivy.set_default_int_dtype("int64")


@pytest.mark.parametrize("mode,dtype", MODES)
def test_max_min_exact_on_tensorflow(mode, dtype):
    """Subnormal extrema (TF flushes them to zero) stay exact and NaN propagates, also traced."""
    pytest.importorskip("tensorflow")
    xs = edge_cases(dtype)
    for name in ("max", "min"):
        for kw in ({}, {"axis": 1}, {"axis": 0, "keepdims": True}):
            got = tf_run(mode, lambda t, n=name, k=kw: getattr(ivy, n)(t, **k), xs)
            for x, (r, d) in zip(xs, got, strict=True):
                assert d == dtype
                assert_exact(r, getattr(np, name)(x.astype(np.float64), **kw))
