"""Differential tests of ``all``/``any``/``diff`` on every backend against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import api, arrays, assert_same, backends, native


def axis_args(ndim: int):
    if ndim == 0:
        return st.none()
    return st.one_of(st.none(), st.integers(-ndim, ndim - 1),
                     st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple))


@backends
@given(data=st.data())
def test_all_any(backend, data):
    name = data.draw(st.sampled_from(["all", "any"]), label="name")
    dtype = data.draw(st.sampled_from(["bool", "int8", "uint8", "uint64", "float32",
                                       "complex64"]), label="dtype")
    x = data.draw(arrays(dtype) if dtype != "int8" else arrays(dtype, min_value=0, max_value=1),
                  label="x")  # float arrays include NaN (truthy) and -0.0 (falsy)
    axis = data.draw(axis_args(x.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    with ivy.using_backend(backend):
        got = getattr(api, name)(native(backend, x), axis=axis, keepdims=keepdims)
    assert_same(got, getattr(np, name)(x, axis=axis, keepdims=keepdims), dtype="bool")


@backends
@given(data=st.data())
def test_diff(backend, data):
    dtype = data.draw(st.sampled_from(["int8", "uint8", "uint16", "uint64", "int64", "float32",
                                       "bool"]), label="dtype")
    x = data.draw(arrays(dtype, min_dims=1, finite=True) if dtype == "float32"
                  else arrays(dtype, min_dims=1), label="x")
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    n = data.draw(st.integers(0, 3), label="n")
    kw = {}
    for key in ("prepend", "append"):
        if data.draw(st.booleans(), label=key):
            shape = list(x.shape)
            shape[axis] = data.draw(st.integers(1, 2), label=f"{key} size")
            kw[key] = data.draw(arrays(dtype, shape=tuple(shape), finite=True)
                                if dtype == "float32" else arrays(dtype, shape=tuple(shape)),
                                label=key)
    with np.errstate(all="ignore"):
        want = np.diff(x, n=n, axis=axis, **kw)
    if n == 0 and kw:  # NumPy drops prepend/append for n=0; the standard keeps them
        want = np.concatenate([p for p in (kw.get("prepend"), x, kw.get("append"))
                               if p is not None], axis=axis)
    with ivy.using_backend(backend):
        got = api.diff(native(backend, x), axis=axis, n=n,
                       **{k: native(backend, v) for k, v in kw.items()})
    assert_same(got, want, dtype=dtype, rtol=1e-5, atol=1e-5)


@backends
def test_diff_promotes_prepend(backend):
    x = np.array([1, 4, 9], dtype="int8")
    p = np.array([0], dtype="int16")
    with ivy.using_backend(backend):
        assert_same(api.diff(native(backend, x), prepend=native(backend, p)), [1, 3, 5],
                    dtype="int16")
