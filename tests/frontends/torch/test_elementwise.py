"""Element-wise torch functions, their Tensor methods and in-place variants, vs real torch."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    FLOATS,
    INTS,
    NUMERIC,
    Spec,
    a,
    examples,
    operand_pair,
    run_spec,
    scalars,
    tensor_pair,
    tensors,
)

EX = settings(max_examples=examples(4))  # 6 until 2026-11-27 (CI time)

FLOAT_UNARY = """sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh exp expm1 log log2
log10 log1p sqrt sigmoid reciprocal exp2 rsqrt deg2rad rad2deg sinc erf erfc""".split()
ALIASES = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh",
           "acosh": "arccosh", "atanh": "arctanh"}
SAME_UNARY = """abs neg ceil floor trunc square sign frac round bitwise_not logical_not
isnan isinf isfinite isposinf isneginf isreal signbit sgn positive nan_to_num angle""".split()
NO_INPLACE = {"isnan", "isinf", "isfinite", "isposinf", "isneginf", "isreal", "signbit",
              "positive", "angle"}

SPECS = []
for _n in FLOAT_UNARY:
    SPECS.append(Spec(_n, a(tensors(NUMERIC)), method=True, inplace=True,
                      rtol=1e-3 if _n in ("tan", "sinc") else None))
    if _n in ALIASES:
        SPECS.append(Spec(ALIASES[_n], a(tensors(FLOATS)), method=True, inplace=True))
for _n in SAME_UNARY:
    SPECS.append(Spec(_n, a(tensors(NUMERIC + ("complex64",)) if _n in (
        "abs", "neg", "sgn", "isnan", "isfinite", "angle", "sign", "isreal") else
        tensors(NUMERIC)), method=True, inplace=_n not in NO_INPLACE))
SPECS += [
    Spec("absolute", a(tensors(NUMERIC)), method=True, inplace=True),
    Spec("negative", a(tensors(NUMERIC)), method=True, inplace=True),
    Spec("fix", a(tensors(NUMERIC)), method=True, inplace=True),
    Spec("logit", a(tensors(FLOATS, lo=0.0, hi=1.0)), method=True, inplace=True),
    Spec("logit", a(tensors(FLOATS, lo=-0.5, hi=1.5), st.sampled_from([None, 0.1]))),
    Spec("round", a(tensors(FLOATS), decimals=st.integers(-1, 2))),
    Spec("nan_to_num", a(tensors(FLOATS), nan=st.floats(-2, 2), posinf=st.floats(0, 9),
                         neginf=st.floats(-9, 0))),
    Spec("conj", a(tensors(FLOATS + ("complex64", "complex128"))), method=True),
    Spec("real", a(tensors(FLOATS + ("complex64",)))),
    Spec("imag", a(tensors(("complex64", "complex128")))),
    Spec("view_as_real", a(tensors(("complex64", "complex128")))),
]

ARITH = """add sub mul div floor_divide remainder fmod pow atan2 hypot maximum minimum fmax fmin
copysign logaddexp logaddexp2 bitwise_and bitwise_or bitwise_xor logical_and logical_or
logical_xor eq ne lt le gt ge xlogy float_power nextafter""".split()
BIN_ALIASES = {"sub": "subtract", "mul": "multiply", "div": "divide", "ne": "not_equal",
               "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal",
               "atan2": "arctan2"}
TENSOR_ONLY = {"maximum", "minimum", "fmax", "fmin", "nextafter", "atan2", "hypot", "logaddexp",
               "logaddexp2", "copysign", "xlogy", "arctan2"}
FLOAT_ONLY = {"nextafter"}
for _n in ARITH:
    dts = FLOATS if _n in FLOAT_ONLY else (
        ("bool",) + INTS if _n.startswith("bitwise") else NUMERIC)
    strat = tensor_pair(dts) if _n in TENSOR_ONLY else operand_pair(
        dts, ("int", "bool") if _n.startswith("bitwise") else ("int", "float", "bool"))
    tol = dict(rtol=1e-3) if _n in ("pow", "float_power", "fmod", "remainder") else {}
    SPECS.append(Spec(_n, strat.map(lambda p: (p, {})), method=True, inplace=True, **tol))
    if _n in BIN_ALIASES:
        SPECS.append(Spec(BIN_ALIASES[_n], strat.map(lambda p: (p, {})), method=True,
                          inplace=True, **tol))

SPECS += [
    Spec("add", st.tuples(tensor_pair(FLOATS + INTS),
                          st.integers(-3, 3)).map(lambda t: (t[0], {"alpha": t[1]}))),
    Spec("sub", st.tuples(tensor_pair(FLOATS), st.floats(-2, 2)).map(
        lambda t: (t[0], {"alpha": t[1]}))),
    Spec("div", st.tuples(operand_pair(NUMERIC), st.sampled_from(["trunc", "floor", None])).map(
        lambda t: (t[0], {"rounding_mode": t[1]})), method=True, inplace=True),
    Spec("true_divide", operand_pair(NUMERIC).map(lambda p: (p, {})), method=True, inplace=True),
    Spec("bitwise_left_shift", tensor_pair(("int32", "int64"), lo=0, hi=6).map(
        lambda p: (p, {})), method=True, inplace=True),
    Spec("bitwise_right_shift", tensor_pair(("int32", "int64"), lo=0, hi=6).map(
        lambda p: (p, {})), method=True, inplace=True),
    Spec("clamp", a(tensors(NUMERIC), st.one_of(st.none(), scalars(("int", "float"))),
                    st.one_of(st.none(), scalars(("int", "float")))), method=True,
         inplace=True, extra=("clip",)),
    Spec("clip", a(tensors(FLOATS), -1.0, 1.0), method=True, inplace=True),
    Spec("clamp", tensor_pair(FLOATS).map(lambda p: ((p[0],), {"min": p[1]}))),
    Spec("clamp_min", a(tensors(NUMERIC), scalars(("int", "float"))), method=True,
         inplace=True),
    Spec("clamp_max", a(tensors(NUMERIC), scalars(("int", "float"))), method=True,
         inplace=True),
    Spec("lerp", st.tuples(tensor_pair(FLOATS, ("float32",)), st.floats(0, 1)).map(
        lambda t: (t[0] + (t[1],), {})), method=True, inplace=True),
    Spec("addcmul", st.tuples(tensor_pair(FLOATS), st.floats(-2, 2)).map(
        lambda t: ((t[0][0], t[0][1], t[0][1]), {"value": t[1]})), method=True, inplace=True),
    Spec("addcdiv", st.tuples(tensor_pair(FLOATS), st.floats(-2, 2)).map(
        lambda t: ((t[0][0], t[0][1], t[0][1]), {"value": t[1]})), method=True, inplace=True),
    Spec("heaviside", tensor_pair(("float32",)).map(lambda p: (p, {})), method=True,
         inplace=True),
    Spec("ldexp", tensor_pair(("float32", "float64"), ("int32",), lo=-3, hi=3).map(
        lambda p: (p, {})), method=True, inplace=True),
    Spec("isclose", tensor_pair(("float32",), ("float32",)).map(lambda p: (p, {})),
         method=True),
    Spec("isclose", tensor_pair(("float64",), ("float64",)).map(
        lambda p: (p, {"equal_nan": True, "atol": 0.5}))),
    Spec("allclose", tensor_pair(("float32",), ("float32",)).map(lambda p: (p, {})),
         method=True),
    Spec("equal", tensor_pair(("int32", "float32")).map(lambda p: (p, {})), method=True),
    Spec("complex", tensor_pair(FLOATS, ("float32",)).map(lambda p: (p, {}))),
    Spec("polar", tensor_pair(("float32",), ("float32",), specials=False).map(lambda p: (p, {}))),
]


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
@EX
@given(data=st.data())
def test_elementwise(spec, data):
    run_spec(spec, data)


@pytest.mark.parametrize("backend", ["numpy", "jax", "torch", "tensorflow"])
def test_lerp_uses_torchs_two_sided_formula(backend):
    """torch.lerp computes ``end - (end - start) * (1 - w)`` for ``|w| >= 0.5`` (ATen's Lerp.h):
    ``lerp(-0., -0., 0.5)`` is -0 (``start + w * diff`` gave +0, so a transpiled quantile of
    tied signed zeros came out +0), and half types compute in float32. Elsewhere ATen fuses the
    multiply-add, so values may differ from torch's by one rounding (not compared bitwise)."""
    import numpy as np
    import torch

    import ivy
    import ivy.frontends.torch as ft

    z = np.array([-0.0, -0.0, 1.0], np.float32)
    w = np.array([0.5, 0.75, 0.25], np.float32)
    with ivy.using_backend(backend):
        for ww in (0.5, ft.tensor(w)):
            got = ft.lerp(ft.tensor(z), ft.tensor(z), ww).numpy()
            want = torch.lerp(torch.tensor(z), torch.tensor(z),
                              ww if isinstance(ww, float) else torch.tensor(w)).numpy()
            np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
        h = ft.lerp(ft.tensor([1.0, 2.0], dtype=ft.float16), ft.tensor([3.0, 7.0], dtype=ft.float16),
                    0.7)
        assert h.dtype == ft.float16
        np.testing.assert_array_equal(h.numpy(), torch.lerp(
            torch.tensor([1.0, 2.0], dtype=torch.float16),
            torch.tensor([3.0, 7.0], dtype=torch.float16), 0.7).numpy())
