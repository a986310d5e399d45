"""Differential test of ``to_device`` on every backend (run three ways through ``api``: eager,
graph replay, emitted source). On this CPU-only machine the one device is the CPU, so the
reference is the input itself, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import ALL_DTYPES, api, arrays, backends, native


@backends
@given(data=st.data())
def test_to_device(backend, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    x = data.draw(arrays(dtype), label="x")  # 0-d, empty, NaN/inf, signed zeros
    device = data.draw(st.sampled_from(["cpu", "cpu:0", " CPU "]), label="device")
    with ivy.using_backend(backend):
        got = api.to_device(native(backend, x), device)
        assert ivy.dev(got) == "cpu"
        assert ivy.dtype(got) == ivy.dtypes.as_ivy_dtype(x.dtype)
        out = ivy.to_numpy(got)
    assert out.shape == x.shape
    # a copy to the device it is on changes nothing: same bits (signed zeros and NaNs included)
    assert np.ascontiguousarray(out).tobytes() == np.ascontiguousarray(x).tobytes()


@backends
@pytest.mark.parametrize("device", ["tpu", "gpu:x", ""])
def test_to_device_rejects_unknown_devices(backend, device):
    with ivy.using_backend(backend):
        with pytest.raises(ivy.InvalidArgumentError, match="unknown device"):
            api.to_device(native(backend, np.ones(2, np.float32)), device)
