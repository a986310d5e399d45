"""Differential-testing helpers: hypothesis strategies for arrays and a NumPy-reference check.

A test draws NumPy inputs, runs ``ivy.f`` on the backend under test (inputs converted to that
framework's native arrays), runs the reference (NumPy or the standard's rule) and compares values
*and* dtypes with :func:`assert_same`.
"""

from __future__ import annotations

import importlib.util

import ml_dtypes
import numpy as np
import pytest
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy

BACKENDS = [b for b in ("numpy", "torch", "jax", "tensorflow")
            if importlib.util.find_spec(b) is not None]

backends = pytest.mark.parametrize("backend", BACKENDS)

INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOAT_DTYPES = ["float32", "float64"]
COMPLEX_DTYPES = ["complex64", "complex128"]
NUMERIC_DTYPES = INT_DTYPES + FLOAT_DTYPES + COMPLEX_DTYPES
ALL_DTYPES = ["bool"] + NUMERIC_DTYPES


def np_dtype(name: str) -> np.dtype:
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def shapes(min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 4):
    """Shapes including 0-d and empty ones."""
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def arrays(dtype: str, shape=None, *, finite: bool = False, min_value=None, max_value=None,
           **shape_kwargs):
    """NumPy arrays of ``dtype``; floats include NaN, +-inf and signed zeros unless ``finite``."""
    shape = shape if shape is not None else shapes(**shape_kwargs)
    dt = np_dtype(dtype)
    if dt.kind == "f":
        elements = st.floats(min_value=min_value, max_value=max_value, allow_nan=not finite,
                             allow_infinity=not finite, width=dt.itemsize * 8)
    elif dt.kind == "c":
        part = st.floats(allow_nan=not finite, allow_infinity=not finite,
                         width=dt.itemsize * 4, min_value=min_value, max_value=max_value)
        elements = st.builds(complex, part, part)
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        lo = info.min if min_value is None else max(info.min, min_value)
        hi = info.max if max_value is None else min(info.max, max_value)
        elements = st.integers(lo, hi)
    else:
        elements = st.booleans()
    return hnp.arrays(dt, shape, elements=elements)


def broadcastable_pair(dtype1: str, dtype2: str | None = None, **kwargs):
    """Two arrays whose shapes broadcast together."""
    return hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3).flatmap(
        lambda s: st.tuples(arrays(dtype1, s.input_shapes[0], **kwargs),
                            arrays(dtype2 or dtype1, s.input_shapes[1], **kwargs)))


def native(backend: str, a: np.ndarray):
    """``a`` as the backend's native array with the same dtype."""
    with ivy.using_backend(backend):
        return ivy.asarray(a, dtype=str(a.dtype) if a.dtype != ml_dtypes.bfloat16
                           else "bfloat16").data


def tolerance(dtype) -> float:
    d = str(ivy.dtypes.as_ivy_dtype(dtype))
    return {"float16": 1e-2, "bfloat16": 5e-2, "float32": 1e-4, "complex64": 1e-4}.get(d, 1e-9)


def assert_same(result, expected, *, dtype=None, rtol=None, atol=None) -> None:
    """``result`` (any backend) equals NumPy ``expected`` in dtype, shape and value (NaN == NaN)."""
    got = ivy.to_numpy(result)
    exp = np.asarray(expected)
    want_dtype = ivy.dtypes.as_ivy_dtype(dtype if dtype is not None else exp.dtype)
    assert ivy.dtype(result) == want_dtype, f"dtype {ivy.dtype(result)} != {want_dtype}"
    assert got.shape == exp.shape, f"shape {got.shape} != {exp.shape}"
    if got.dtype.kind in "fc" or exp.dtype.kind in "fc":
        tol = tolerance(want_dtype)
        np.testing.assert_allclose(got.astype(np.complex128 if got.dtype.kind == "c" else
                                              np.float64),
                                   exp.astype(np.complex128 if exp.dtype.kind == "c" else
                                              np.float64),
                                   rtol=rtol if rtol is not None else tol,
                                   atol=atol if atol is not None else tol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, exp)


def as_backend_holds(backend: str, x: np.ndarray) -> np.ndarray:
    """``x`` as ``backend`` computes with it: JAX on CPU flushes subnormal floats to zero in every
    operation (XLA's runtime; docs/conformance.md, "Known differences"), so a NumPy reference for
    a value test on jax must see them flushed too."""
    if backend != "jax" or x.dtype.kind not in "fc":
        return x

    def flush(v):
        return np.where(np.abs(v) < np.finfo(v.dtype).tiny, np.zeros_like(v), v)

    if x.dtype.kind == "f":
        return flush(x)
    y = x.copy()
    y.real, y.imag = flush(x.real), flush(x.imag)
    return y
