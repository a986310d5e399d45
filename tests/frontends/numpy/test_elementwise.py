"""Ufuncs, operators (NumPy 2 / NEP 50 promotion), scalars and dtypes vs the real NumPy."""

import math

import numpy as real
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.numpy as fnp

from .helpers import (FLOATS, INTS, NUMERIC, A, D, S, Spec, a, arr, arr_pair, check, covers,
                      operand_pair, pyscalars, run_spec)

EX = settings(max_examples=3)

FLOAT_UNARY = """sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh exp exp2
expm1 log log2 log10 log1p sqrt cbrt deg2rad rad2deg degrees radians""".split()
SAME_UNARY = """absolute fabs negative positive sign square floor ceil trunc rint isnan isinf
isfinite signbit logical_not reciprocal conjugate""".split()
INT_UNARY = ["invert"]
ALIASES = {"absolute": ("abs",), "conjugate": ("conj",), "invert": ("bitwise_not",
                                                                    "bitwise_invert"),
           "arcsin": ("asin",), "arccos": ("acos",), "arctan": ("atan",),
           "arcsinh": ("asinh",), "arccosh": ("acosh",), "arctanh": ("atanh",)}
BINARY = """add subtract multiply divide true_divide floor_divide remainder mod fmod power pow
float_power maximum minimum fmax fmin arctan2 hypot copysign nextafter logaddexp logaddexp2
heaviside equal not_equal less less_equal greater greater_equal logical_and logical_or
logical_xor""".split()
INT_BINARY = "bitwise_and bitwise_or bitwise_xor gcd lcm".split()
SHIFTS = "left_shift right_shift".split()
FLOAT_ONLY = {"nextafter", "copysign", "heaviside", "logaddexp", "logaddexp2", "hypot",
              "arctan2", "fmax", "fmin"}
TOL = {"power": 1e-4, "pow": 1e-4, "float_power": 1e-6, "tan": 1e-4, "fmod": 1e-6,
       "remainder": 1e-6, "mod": 1e-6, "floor_divide": 1e-6}

SPECS = []
for _n in FLOAT_UNARY:
    SPECS.append(Spec(_n, a(arr(NUMERIC)), rtol=TOL.get(_n), extra=ALIASES.get(_n, ())))
for _n in SAME_UNARY:
    SPECS.append(Spec(_n, a(arr(NUMERIC if _n not in ("negative", "sign", "reciprocal") else
                                INTS + FLOATS)), extra=ALIASES.get(_n, ()),
                      method=_n == "conjugate"))
SPECS.append(Spec("invert", a(arr(("bool",) + INTS)), extra=ALIASES["invert"]))
for _n in BINARY:
    dts = FLOATS if _n in FLOAT_ONLY else NUMERIC
    SPECS.append(Spec(_n, operand_pair(dts).map(lambda p: (p, {})), rtol=TOL.get(_n),
                      extra=("atan2",) if _n == "arctan2" else ()))
for _n in INT_BINARY:
    SPECS.append(Spec(_n, operand_pair(("bool",) + INTS if "bitwise" in _n else INTS,
                                       ("int", "bool")).map(lambda p: (p, {}))))
for _n in SHIFTS:
    SPECS.append(Spec(_n, arr_pair(("int32", "int64"), lo=0, hi=6).map(lambda p: (p, {})),
                      extra=("bitwise_" + _n,)))
SPECS += [
    Spec("divmod", operand_pair(FLOATS + ("int32", "int64")).map(lambda p: (p, {}))),
    Spec("modf", a(arr(FLOATS))),
    Spec("ldexp", st.tuples(arr(FLOATS, specials=False), arr(("int32",), lo=-3, hi=3)).map(
        lambda p: (p, {}))),
    Spec("isposinf", a(arr(NUMERIC))),
    Spec("isneginf", a(arr(NUMERIC))),
    Spec("fix", a(arr(FLOATS))),
    Spec("round", a(arr(FLOATS + INTS), decimals=st.integers(-1, 2)), method=True,
         extra=("around",)),
    Spec("sinc", a(arr(FLOATS))),
    Spec("angle", a(arr(FLOATS + ("complex64", "complex128")), deg=st.booleans())),
    Spec("real", a(arr(FLOATS + ("complex128",)))),
    Spec("imag", a(arr(FLOATS + ("complex128",)))),
    Spec("nan_to_num", a(arr(FLOATS), nan=st.floats(-2, 2), posinf=st.one_of(
        st.none(), st.floats(0, 9)), neginf=st.one_of(st.none(), st.floats(-9, 0)))),
    Spec("clip", a(arr(NUMERIC), st.one_of(st.none(), st.integers(-5, 0)),
                   st.integers(1, 5)), method=True),
    Spec("clip", a(arr(FLOATS), st.floats(-5, 0), st.one_of(st.none(), st.floats(0, 5)))),
    Spec("isclose", arr_pair(FLOATS + INTS).map(lambda p: (p, {"equal_nan": True}))),
    Spec("isclose", arr_pair(FLOATS).map(lambda p: (p, {}))),
    Spec("allclose", arr_pair(FLOATS).map(lambda p: (p, {"equal_nan": True}))),
    Spec("array_equal", arr_pair(FLOATS + INTS).map(lambda p: (p, {"equal_nan": False}))),
    Spec("array_equiv", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("isreal", a(arr(FLOATS + ("complex128",)))),
    Spec("iscomplex", a(arr(FLOATS + ("complex128",)))),
    Spec("iscomplexobj", a(arr(FLOATS + ("complex128",)))),
    Spec("isrealobj", a(arr(FLOATS + ("complex128",)))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_ufunc(spec, data):
    run_spec(spec, data)


OPS = """__add__ __sub__ __mul__ __truediv__ __floordiv__ __mod__ __pow__ __eq__ __ne__ __lt__
__le__ __gt__ __ge__ __radd__ __rsub__ __rmul__ __rtruediv__""".split()
BIT_OPS = "__and__ __or__ __xor__ __lshift__ __rshift__".split()


@pytest.mark.parametrize("op", OPS + BIT_OPS)
@EX
@given(data=st.data())
def test_operators(op, data):
    """Operators with NEP 50 promotion: Python scalars are weak, NumPy scalars strong."""
    covers(f"numpy.ndarray.{op}")
    if op in BIT_OPS:
        x = data.draw(arr(("int32", "int64", "uint8", "int8"), lo=0, hi=5))
        y = data.draw(st.one_of(st.integers(0, 5), arr(("int32", "int64"), lo=0, hi=5)))
    else:
        x, y = data.draw(operand_pair(NUMERIC, ("int", "float", "bool", "bigint")).filter(
            lambda p: isinstance(p[0], A)))
    check(f"op.{op}", x, y, _rtol=1e-4 if "pow" in op else None)


@pytest.mark.parametrize("op", "__iadd__ __isub__ __imul__ __itruediv__ __ifloordiv__".split())
@EX
@given(data=st.data())
def test_inplace_operators(op, data):
    """In-place operators cast back with same_kind (int += float raises, as NumPy)."""
    covers(f"numpy.ndarray.{op}")
    x = data.draw(arr(INTS + FLOATS, shape=st.just((2, 3))))
    y = data.draw(st.one_of(pyscalars(("int", "float")), arr(INTS + FLOATS,
                                                               shape=st.just((3,)))))
    check(f"inplace.{op}", x, y)


@pytest.mark.parametrize("op", ["__neg__", "__pos__", "__abs__", "__invert__"])
@EX
@given(data=st.data())
def test_unary_operators(op, data):
    covers(f"numpy.ndarray.{op}")
    x = data.draw(arr(INTS if op == "__invert__" else INTS + FLOATS))
    check(f"op.{op}", x)


def test_nep50_examples():
    """NumPy 2 promotion examples from NEP 50, on every backend."""
    cases = [(S("float32", 1.0), 1.0), (A(real.array([1, 2], "int8")), 1),
             (A(real.array([1.0], "float32")), S("float64", 1.0)),
             (A(real.array([1], "uint8")), -1), (A(real.array([1], "int8")), 300),
             (A(real.array([1], "int16")), 2.5), (S("int32", 3), 2 ** 40),
             (A(real.array([True])), 1.5), (A(real.array([1.0], "float32")), 1j)]
    for x, y in cases:
        check("add", x, y)
        check("multiply", y, x)


@EX
@given(data=st.data())
def test_scalar_types(data):
    """np.float32(v), np.int8(v)... : construction, dtype, arithmetic stays in the type."""
    for n in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
              "bool_", "complex64", "complex128"):
        covers(f"numpy.{n}")
    d = data.draw(st.sampled_from(["float32", "float64", "int8", "int32", "int64", "uint8"]))
    v = data.draw(st.integers(0, 100))
    check(d, v)
    check("add", S(d, v), 1)
    check("multiply", S(d, v), 2.0)
    check("multiply", S(d, v), S("float32", 1.5))
    check("subtract", 2, S(d, v))


covers("numpy.dtype", "numpy.finfo", "numpy.iinfo", "numpy.result_type",
       "numpy.promote_types", "numpy.can_cast", "numpy.issubdtype", "numpy.isdtype",
       "numpy.ufunc")


def test_dtype_objects():
    covers("numpy.dtype", "numpy.finfo", "numpy.iinfo", "numpy.result_type",
           "numpy.promote_types", "numpy.can_cast", "numpy.issubdtype", "numpy.isdtype")
    for name in ("float32", "f8", "int8", "i4", "uint8", "bool", "complex64", "float16"):
        assert fnp.dtype(name).name == real.dtype(name).name
        assert fnp.dtype(name).itemsize == real.dtype(name).itemsize
        assert fnp.dtype(name).kind == real.dtype(name).kind
        assert fnp.dtype(name).char == real.dtype(name).char
    assert fnp.dtype(float) == fnp.float64 and fnp.dtype(int) == fnp.int64
    assert fnp.dtype("float32") == "float32" and fnp.dtype(fnp.float32) is fnp.dtype("f4")
    assert fnp.zeros(2).dtype == fnp.float64 and fnp.arange(3).dtype == fnp.int64
    assert fnp.array([1.5]).dtype == fnp.float64 and fnp.array([1]).dtype == fnp.int64
    for t in ("float32", "float64", "float16"):
        fi, ri = fnp.finfo(getattr(fnp, t)), real.finfo(getattr(real, t))
        assert float(fi.eps) == float(ri.eps) and float(fi.max) == float(ri.max)
        assert fi.bits == ri.bits
    for t in ("int8", "uint8", "int32", "int64"):
        assert fnp.iinfo(getattr(fnp, t)).max == real.iinfo(getattr(real, t)).max
        assert fnp.iinfo(getattr(fnp, t)).min == real.iinfo(getattr(real, t)).min
    pairs = [("int8", "uint8"), ("float32", "int64"), ("bool", "int16"), ("uint32", "int32"),
             ("float16", "int8"), ("complex64", "float64")]
    for x, y in pairs:
        assert fnp.promote_types(x, y).name == real.promote_types(x, y).name
        assert fnp.result_type(getattr(fnp, x), getattr(fnp, y)).name == \
            real.result_type(getattr(real, x), getattr(real, y)).name
        for c in ("safe", "same_kind", "unsafe"):
            assert fnp.can_cast(x, y, c) == real.can_cast(x, y, c)
    for x, y in [("float32", "floating"), ("int8", "integer"), ("uint8", "signedinteger"),
                 ("float64", "number"), ("complex64", "inexact"), ("int64", "int64"),
                 ("bool_", "number"), ("int32", "unsignedinteger")]:
        assert fnp.issubdtype(getattr(fnp, x), getattr(fnp, y)) == \
            real.issubdtype(getattr(real, x), getattr(real, y)), (x, y)
        assert fnp.issubdtype(getattr(fnp, x), getattr(real, y)) == \
            real.issubdtype(getattr(real, x), getattr(real, y)), (x, y)
    for d in ("float32", "int8", "uint16", "bool", "complex128"):
        for k in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                  "complex floating", "numeric"):
            assert fnp.isdtype(getattr(fnp, d), k) == real.isdtype(getattr(real, d), k)
    check("result_type", A(real.array([1], "int8")), 1.0)
    check("result_type", D("float32"), 1)


def test_out_and_where_raise():
    x = fnp.ones(3)
    with pytest.raises(NotImplementedError, match="docs/frontends"):
        fnp.add(x, x, out=x)
    with pytest.raises(NotImplementedError, match="where"):
        fnp.add(x, x, where=x > 0)
    with pytest.raises(NotImplementedError):
        fnp.vectorize(lambda v: v)


def test_ufunc_methods():
    covers("numpy.ufunc")
    x = A(real.arange(12.0).reshape(3, 4))
    for uf in ("add", "multiply", "maximum", "minimum"):
        check(f"{uf}.reduce", x, axis=1)
        check(f"{uf}.outer", A(real.arange(3)), A(real.arange(4.0)))
    check("add.accumulate", x, axis=0)
    check("multiply.accumulate", x)
    with ivy.using_backend("jax"):  # add/subtract/maximum/minimum.at: test_science_additions
        with pytest.raises(NotImplementedError):
            fnp.multiply.at(fnp.zeros(3), [0], 1)
