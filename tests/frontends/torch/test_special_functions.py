"""torch.erf/erfc/erfinv/lgamma/digamma/polygamma/mvlgamma/i0/igamma/igammac, their Tensor methods
and in-place variants (on Ivy's ivy.erf, ivy.lgamma ... special functions) vs real torch:
hypothesis-drawn inputs and fixed edge values (0, -0, the poles, NaN, ±inf; float32 and float64;
integer/bool inputs promoting to the default float dtype), each on the numpy, jax and torch Ivy
backends (dtype, shape, values; raising parity)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy.frontends.torch as ft

from .helpers import FLOATS, D, Spec, T, a, check, covers, examples, run_spec, tensor_pair, tensors

EX = settings(max_examples=examples(4))  # 6 until 2026-11-27 (CI time)
ANY = FLOATS + ("int64", "int32")

SPECS = [Spec(n, a(tensors(ANY, lo=lo, hi=hi)), method=True, inplace=True, rtol=rt, atol=at)
         for n, lo, hi, rt, at in [
             ("erf", None, None, None, None), ("erfc", -5, 5, None, None),
             ("erfinv", -1, 1, None, None), ("lgamma", -10, 30, None, None),
             ("digamma", -10, 30, 1e-6, 1e-6), ("i0", -20, 20, None, None)]]
SPECS += [
    Spec("mvlgamma", a(tensors(FLOATS, lo=-5, hi=20), st.sampled_from([1, 2, 3, 5])),
         method=True, inplace=True, rtol=1e-6, atol=1e-6),
    Spec("polygamma", a(st.sampled_from([0, 1, 2, 3]), tensors(FLOATS, lo=0.125, hi=20)),
         rtol=1e-6, atol=1e-6),
    Spec("polygamma", a(st.sampled_from([0, 1, 2, 3]), tensors(FLOATS, lo=-6, hi=0)),
         rtol=1e-4, atol=1e-6),  # negative non-integers (near the poles only a few digits)
]
SPECS += [Spec(n, st.tuples(pair, st.just({})), method=True, inplace=True, rtol=1e-5, atol=1e-6)
          for n in ("igamma", "igammac")
          for pair in [tensor_pair(FLOATS, lo=-1, hi=20),
                       tensor_pair(FLOATS + ("int64",), FLOATS, lo=0, hi=12, specials=False),
                       tensor_pair(("int64", "int32", "bool"), lo=0, hi=5, specials=False)]]


@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.id}-{i}" for i, s in enumerate(SPECS)])
@EX
@given(data=st.data())
def test_special_functions(spec, data):
    run_spec(spec, data)


# ------------------------------------------------------------------ fixed edge values
EDGES = [0.0, -0.0, -1.0, -2.0, -3.0, -0.5, -2.5, 0.5, 1.0, 2.0, 1e-30, 50.0, 170.0, 1e10,
         math.nan, math.inf, -math.inf]
ERFINV_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.999999, -0.999999, 1e-30, 1.5, -1.5,
                math.nan, math.inf, -math.inf]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["erf", "erfc", "lgamma", "digamma", "i0", "special.gammaln",
                                  "special.psi", "special.i0"])
def test_edges_unary(name, dtype):
    x = T(np.array(EDGES, dtype=dtype))
    check(name, x)
    if "." not in name:
        check(f"Tensor.{name}", x)
        check(f"Tensor.{name}_", x)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["erfinv", "special.erfinv", "Tensor.erfinv", "Tensor.erfinv_"])
def test_edges_erfinv(name, dtype):
    check(name, T(np.array(ERFINV_EDGES, dtype=dtype)))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_edges_polygamma(n, dtype):
    # n = 1 at a negative integer: torch's reflection pi**2/sin(pi x)**2 (large, finite)
    x = T(np.array(EDGES, dtype=dtype))
    check("polygamma", n, x, _rtol=1e-6 if dtype == "float64" else None)
    check("special.polygamma", n, x, _rtol=1e-6 if dtype == "float64" else None)
    check("Tensor.polygamma", x, n, _rtol=1e-6 if dtype == "float64" else None)
    check("Tensor.polygamma_", x, n, _rtol=1e-6 if dtype == "float64" else None)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("p", [1, 2, 3])
def test_edges_mvlgamma(p, dtype):
    x = T(np.array(EDGES, dtype=dtype))
    check("mvlgamma", x, p)
    check("special.multigammaln", x, p)
    check("Tensor.mvlgamma_", x, p)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["igamma", "igammac", "special.gammainc", "special.gammaincc",
                                  "Tensor.igamma", "Tensor.igammac_"])
def test_edges_igamma(name, dtype):
    v = [0.0, 0.5, 1.0, 2.5, 10.0, 100.0, -1.0, math.nan, math.inf]
    aa, xx = np.meshgrid(np.array(v, dtype=dtype), np.array(v, dtype=dtype))
    check(name, T(aa), T(xx), _rtol=1e-5, _atol=1e-7)


@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8", "bool"])
@pytest.mark.parametrize("name", ["erf", "erfc", "erfinv", "lgamma", "digamma", "i0", "mvlgamma",
                                  "polygamma", "special.i0", "special.erfinv"])
def test_integer_inputs_promote(name, dtype):
    x = T(np.array([0, 1, 2, 3, 5], dtype=dtype) if dtype != "bool" else
          np.array([True, False, True]))
    args = {"mvlgamma": (x, 2), "polygamma": (1, x)}.get(name, (x,))
    check(name, *args)
    if "." not in name:  # in-place on an integer tensor: torch refuses the downcast
        m = "Tensor." + name + "_"
        check(m, *((x, 1) if name == "polygamma" else args))


def test_default_dtype_float64():
    old = ft.get_default_dtype()
    try:
        ft.set_default_dtype(ft.float64)
        import torch as real

        real.set_default_dtype(real.float64)
        try:
            check("lgamma", T(np.array([1, 2, 3])))
            check("igamma", T(np.array([1, 2])), T(np.array([0.5, 1.5], dtype="float32")))
        finally:
            real.set_default_dtype(real.float32)
    finally:
        ft.set_default_dtype(old)


@pytest.mark.parametrize("name", ["erf", "erfinv", "lgamma", "digamma", "i0", "Tensor.lgamma"])
def test_complex_raises(name):
    check(name, T(np.array([1 + 1j], dtype="complex64")))


def test_argument_errors():
    x = T(np.array([1.0, 2.0], dtype="float32"))
    check("polygamma", -1, x)
    check("polygamma", 1.0, x)
    check("polygamma", T(np.array(1)), x)
    check("mvlgamma", x, 0)
    check("igamma", x, 2.0)
    check("igamma", 2.0, x)
    check("igamma", T(np.array([1 + 1j], dtype="complex64")), x)


covers("torch.i0_", "torch.Tensor.polygamma", "torch.Tensor.polygamma_",  # tested above
       "torch.set_default_dtype")  # test_default_dtype_float64


# ------------------------------------------------------------------ kaiser_window (on ivy.i0)
KAISER = Spec("kaiser_window", a(st.integers(0, 8), st.booleans(),
                                 st.sampled_from([0.0, 1.0, 5.0, 12.0]),
                                 dtype=st.sampled_from([None, D("float64")])), atol=1e-6)


@EX
@given(data=st.data())
def test_kaiser_window(data):
    run_spec(KAISER, data)


def test_kaiser_window_errors():
    check("kaiser_window", 4, dtype=D("int64"))
    check("kaiser_window", -1)
