"""``ivy.Array`` on every backend: indexing (basic, integer-array, boolean) against NumPy, setitem
(in place on numpy/torch, rebinding on jax/tensorflow), operators, conversions and DLPack."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy

from ..functional.helpers import ALL_DTYPES, BACKENDS, arrays, assert_same, backends, shapes


def _needs(backend, *fns):
    missing = [f for f in fns if not ivy.implements(backend, f)]
    if missing:
        pytest.skip(f"{backend} lacks {', '.join(missing)} (another category)")


def _keys(shape):
    """Index keys for ``shape``: basic (ints, slices with any step, None, ...), integer arrays
    and boolean masks, as NumPy reads them."""
    basic = hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True)
    if not shape or 0 in shape:
        return basic
    int_arrays = hnp.integer_array_indices(shape, result_shape=hnp.array_shapes(max_dims=2,
                                                                               max_side=3))
    mask = hnp.arrays(np.bool_, shape[:1]).map(lambda m: (m,))
    full_mask = hnp.arrays(np.bool_, shape)
    mixed = st.tuples(st.just(slice(None)), hnp.arrays(np.int64, st.just((2,)),
                                                       elements=st.integers(-shape[1],
                                                                            shape[1] - 1))) \
        if len(shape) > 1 else int_arrays
    return st.one_of(basic, int_arrays, mask, full_mask, mixed)


def _to_ivy_key(key):
    if isinstance(key, tuple):
        return tuple(_to_ivy_key(k) for k in key)
    if isinstance(key, np.ndarray):
        return ivy.asarray(key)
    return key


@backends
@given(data=st.data())
def test_getitem_setitem_against_numpy(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    a = data.draw(arrays(dtype, shapes(max_dims=3, max_side=4)), label="a")
    key = data.draw(_keys(a.shape), label="key")
    expected = a[key]
    with ivy.using_backend(backend):
        x = ivy.asarray(a.copy())
        out = x[_to_ivy_key(key)]
        assert_same(out, expected)
        value = data.draw(arrays(dtype, st.just(expected.shape)), label="value")
        if isinstance(key, tuple) and any(isinstance(k, np.ndarray) and k.dtype != bool
                                          for k in key) or (isinstance(key, np.ndarray) and
                                                            key.dtype != bool):
            # repeated integer indices: which write wins is unspecified; make them unique
            positions = np.arange(a.size).reshape(a.shape)[key].ravel()
            if len(set(positions.tolist())) != positions.size:
                return
        b = a.copy()
        b[key] = value
        x[_to_ivy_key(key)] = ivy.asarray(value)
        assert_same(x, b)


@backends
def test_setitem_in_place_or_rebound(backend):
    with ivy.using_backend(backend):
        x = ivy.asarray([1.0, 2.0, 3.0])
        before = x.data
        x[0] = 9.0
        x[ivy.asarray([False, True, False])] = ivy.asarray(7.0)
        x[1:] += 1  # an in-place operator on a view or a rebound copy
        assert x.to_numpy().tolist() == [9.0, 8.0, 4.0]
        if backend in ("numpy", "torch"):
            assert x.data is before  # mutated in place
        x[ivy.asarray(0)] = 0.0  # a 0-d integer array as index
        assert float(x[0]) == 0.0
        y = ivy.zeros((2, 3), dtype="int32")
        y[:, ::-1] = ivy.asarray([1, 2, 3], dtype="int32")
        assert y.to_numpy().tolist() == [[3, 2, 1], [3, 2, 1]]


@backends
def test_slices_with_array_bounds(backend):
    with ivy.using_backend(backend):
        x = ivy.arange(6)
        assert x[ivy.asarray(1):ivy.asarray(4)].to_numpy().tolist() == [1, 2, 3]


@backends
def test_operators(backend):
    _needs(backend, "add", "subtract", "multiply", "divide", "equal", "less")
    with ivy.using_backend(backend):
        x = ivy.asarray([1.0, 2.0])
        y = ivy.asarray([3.0, 5.0])
        assert_same(x + y, np.array([4.0, 7.0], np.float32))
        assert_same(x - 1, np.array([0.0, 1.0], np.float32))
        assert_same(1 - x, np.array([0.0, -1.0], np.float32))
        assert_same(2 * x, np.array([2.0, 4.0], np.float32))
        assert_same(1 / x, np.array([1.0, 0.5], np.float32))
        assert_same(x == y, np.array([False, False]))
        assert_same(x < y, np.array([True, True]))
        i8 = ivy.asarray([1, 2], dtype="int8")
        assert (i8 + 1).dtype == "int8"  # Python scalars are weak
        assert (1 + i8).dtype == "int8"
        z = ivy.asarray([1.0, 1.0])
        z += x
        z *= 2
        assert_same(z, np.array([4.0, 6.0], np.float32))
        with pytest.raises(TypeError):
            i8 += ivy.asarray([1, 1], dtype="int16")  # would change the dtype
        assert (x == "not an array") is False  # unknown operands: Python's fallback


@backends
def test_conversions(backend):
    with ivy.using_backend(backend):
        assert bool(ivy.asarray(float("nan"))) is True
        assert bool(ivy.asarray(0.0)) is False
        assert int(ivy.asarray(-2.7)) == -2
        assert float(ivy.asarray(True)) == 1.0
        assert complex(ivy.asarray(2.0)) == 2 + 0j
        assert [0, 1, 2][ivy.asarray(1)] == 1
        with pytest.raises(TypeError):
            [0, 1][ivy.asarray(1.0)]  # __index__ needs an integer dtype
        with pytest.raises(TypeError):
            float(ivy.asarray(1 + 1j))
        with pytest.raises(TypeError):
            int(ivy.asarray(1j))
        with pytest.raises(OverflowError):
            int(ivy.asarray(math.inf))
        with pytest.raises(ValueError):
            int(ivy.asarray(math.nan))
        with pytest.raises(TypeError):
            bool(ivy.asarray([1, 2]))
        x = ivy.asarray([[1, 2, 3], [4, 5, 6]], dtype="int16")
        assert np.asarray(x).dtype == np.int16
        assert np.asarray(x, dtype=np.float64).dtype == np.float64
        assert x.T.shape == (3, 2) and x.mT.shape == (3, 2)
        assert ivy.ones((4, 2, 3)).mT.shape == (4, 3, 2)
        assert len(x) == 2 and [r.shape for r in x] == [(3,), (3,)]
        assert x.ndim == 2 and x.size == 6 and x.shape == (2, 3)
        assert x.device == "cpu" and x.to_device("cpu").device == "cpu"
        assert x.__array_namespace__() is ivy
        with pytest.raises(ValueError):
            x.__array_namespace__(api_version="1999.01")
        r = repr(x)
        assert r.startswith("ivy.array([[1, 2, 3],") and "dtype=int16" in r and backend in r


@backends
@pytest.mark.parametrize("target", BACKENDS)
def test_dlpack_between_backends(backend, target):
    with ivy.using_backend(backend):
        x = ivy.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
        kind, _ = x.__dlpack_device__()
        assert int(kind) == 1  # kDLCPU
    with ivy.using_backend(target):
        y = ivy.from_dlpack(x)
        assert y.backend == target
        assert_same(y, np.arange(6, dtype=np.float32).reshape(2, 3))
        z = ivy.from_dlpack(x, copy=True)
        assert_same(z, np.arange(6, dtype=np.float32).reshape(2, 3))


def test_array_is_final():
    with pytest.raises(TypeError):
        type("Sub", (ivy.Array,), {})
