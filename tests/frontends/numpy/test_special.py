"""numpy.i0 and numpy.kaiser (on Ivy's ivy.i0) vs the real NumPy (numpy, jax and torch Ivy
backends): hypothesis-drawn inputs and fixed edge values (0, -0, NaN, ±inf, NumPy's overflow of
exp(|x|) in float16/float32), integer/bool inputs computed in float64."""

import math

import numpy as real
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import FLOATS, INTS, A, Spec, a, arr, check, run_spec

EX = settings(max_examples=6)

SPECS = [
    Spec("i0", a(arr(FLOATS, lo=-30, hi=30)), rtol=1e-5),
    Spec("i0", a(arr(("float16",), lo=-14, hi=14)), rtol=5e-3),
    Spec("i0", a(arr(INTS + ("bool",), lo=-20, hi=20))),
    Spec("i0", a(st.sampled_from([0, 3, -2.5, True, [1, 2, 3], [[0.5], [-9.0]]]))),
    Spec("kaiser", a(st.integers(-2, 12), st.sampled_from([0, 0.5, 5, 14.0, -3.0]))),
]


@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.id}-{i}" for i, s in enumerate(SPECS)])
@EX
@given(data=st.data())
def test_special(spec, data):
    run_spec(spec, data)


EDGES = [0.0, -0.0, 1.0, -1.0, 7.99, 8.0, 8.01, 11.0, 11.5, 12.0, 30.0, -30.0, 88.0, 89.0, 91.0,
         92.0, 700.0, 709.0, 710.0, 1e10, math.nan, math.inf, -math.inf]


@pytest.mark.parametrize("dtype", ("float16", "float32", "float64"))
def test_i0_edges(dtype):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = real.array(EDGES).astype(dtype)
    check("i0", A(x), _rtol=5e-3 if dtype == "float16" else 1e-5)


def test_i0_complex_raises():
    check("i0", A(real.array([1 + 1j])))


@pytest.mark.parametrize("M", [-3, 0, 1, 2, 3, 8])
@pytest.mark.parametrize("beta", [0, 1, 8.6, 100.0, 700.0, 800.0, -5, math.nan, math.inf])
def test_kaiser_edges(M, beta):
    check("kaiser", M, beta)
