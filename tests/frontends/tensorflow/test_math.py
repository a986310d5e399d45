"""tf / tf.math element-wise functions, reductions, operators and TF's no-promotion rule vs real
TensorFlow."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    EX,
    F64,
    FLOATS,
    INTS,
    NUMERIC,
    A,
    D,
    Spec,
    a,
    arrays,
    arrs,
    check,
    covers,
    mixed_pair,
    operand_pair,
    run_spec,
    same_pair,
    shapes,
)

FLOAT_UNARY = """sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh exp expm1 log log1p
sqrt rsqrt sigmoid erf erfc reciprocal softplus log_sigmoid""".split()
SAME_UNARY = """abs negative square sign floor ceil round rint is_nan is_inf is_finite
logical_not""".split()
BINARY = """add subtract multiply maximum minimum squared_difference equal not_equal greater
greater_equal less less_equal logical_and logical_or logical_xor truediv divide floordiv floormod
pow divide_no_nan atan2 xlogy multiply_no_nan truncatediv truncatemod""".split()

SPECS = []
for _n in FLOAT_UNARY:
    lo, hi = (-0.875, 0.875) if _n in ("asin", "acos", "atanh") else (None, None)
    if _n == "acosh":
        lo, hi = 1.0, 5.0
    # TF's float64 erf(+-inf) is NaN (a TF quirk; the frontend gives +-1): float32 there
    dts = ("float32", "int32", "float16") if _n == "erf" else F64 + ("int32", "float16")
    SPECS.append(Spec("math." + _n, a(arrs(dts, lo=lo, hi=hi)),
                      rtol=2e-3 if _n in ("tan", "erfc") else 1e-4, atol=1e-4))
for _n in SAME_UNARY:
    SPECS.append(Spec("math." + _n, a(arrs(NUMERIC + ("int8",)))))
for _n in BINARY:
    dts = NUMERIC
    kw = {}
    if _n in ("floordiv", "floormod", "truncatediv", "truncatemod"):
        dts = ("int32", "float32", "int64", "uint8")
        kw = {"lo": 1, "hi": 9}
    if _n == "pow":
        dts, kw = ("int32", "float32", "float64"), {"lo": 0, "hi": 4}
    if _n in ("atan2", "xlogy", "divide_no_nan", "multiply_no_nan"):
        dts = F64
    SPECS.append(Spec(("" if _n.startswith("truncate") else "math.") + _n, operand_pair(dts, **kw).map(lambda p: (p, {})),
                      rtol=1e-3 if _n == "pow" else None, atol=1e-4))
SPECS += [
    Spec("math.floordiv", same_pair(("int32", "int64"), lo=-9, hi=9).map(lambda p: (p, {}))),
    Spec("math.floormod", same_pair(("int32",), lo=-9, hi=9).map(lambda p: (p, {}))),
    Spec("math.pow", same_pair(("int32",), lo=-2, hi=3).map(lambda p: (p, {}))),
    Spec("bitwise.bitwise_and", same_pair(INTS).map(lambda p: (p, {}))),
    Spec("bitwise.bitwise_or", same_pair(INTS).map(lambda p: (p, {}))),
    Spec("bitwise.bitwise_xor", same_pair(INTS).map(lambda p: (p, {}))),
    Spec("math.add_n", a([arrs(FLOATS, shape=(2, 3)), arrs(FLOATS, shape=(2, 3)),
                          arrs(FLOATS, shape=(2, 3))])),
    Spec("clip_by_value", a(arrs(("float32", "int32")), st.integers(-5, 0), st.integers(1, 5))),
    Spec("math.real", a(arrs(FLOATS))),
    Spec("math.imag", a(arrs(FLOATS))),
    Spec("math.conj", a(arrs(FLOATS))),
    Spec("bitwise.invert", a(arrs(INTS))),
    Spec("bitwise.left_shift", same_pair(("int32", "uint8"), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("bitwise.right_shift", same_pair(("int32", "int64"), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("math.scalar_mul", a(st.floats(-2, 2, width=32, allow_subnormal=False), arrs(FLOATS))),
]

# ------------------------------------------------------------------------------ reductions
RED = [("reduce_sum", NUMERIC[1:]), ("reduce_prod", ("int32", "float32")),
       ("reduce_mean", ("int32", "int64", "float32", "float64")),
       ("reduce_max", ("int32", "float32", "uint8")), ("reduce_min", ("int32", "float32")),
       ("reduce_any", ("bool",)), ("reduce_all", ("bool",)),
       ("reduce_logsumexp", FLOATS), ("reduce_std", F64), ("reduce_variance", F64),
       ("reduce_euclidean_norm", FLOATS)]


def _red(dts, min_side=0, specials=True):
    def build(x):
        nd = x.a.ndim
        axis = st.one_of(st.none(), st.integers(-nd, nd - 1),
                         st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd,
                                  unique=True)) if nd else st.none()
        return a(x, axis=axis, keepdims=st.booleans())
    return arrs(dts, shape=shapes(min_side=min_side), specials=specials).flatmap(build)


for _n, _dts in RED:
    ms = 1 if _n in ("reduce_mean", "reduce_std", "reduce_variance", "reduce_logsumexp") else 0
    sp = _n not in ("reduce_logsumexp", "reduce_std", "reduce_variance")
    SPECS.append(Spec("math." + _n, _red(_dts, ms, sp), rtol=1e-3, atol=1e-4))
SPECS += [
    Spec("math.reduce_sum", a(arrs(("bool",)))),
    Spec("math.reduce_any", a(arrs(FLOATS))),
    Spec("math.reduce_sum", a(arrs(FLOATS, shape=(2, 3)), axis=st.sampled_from([2, -3, [0, 3]]))),
    Spec("math.argmax", a(arrs(("int32", "float32"), shape=(3, 2), specials=False),
                          axis=st.sampled_from([None, 0, 1, -1]),
                          output_type=st.sampled_from([D("int32"), D("int64")]))),
    Spec("math.argmin", a(arrs(("int32", "float32"), shape=(2, 3), specials=False),
                          axis=st.sampled_from([None, 0, 1]))),
    Spec("math.argmax", a(arrs(FLOATS, shape=(0, 2)), axis=0)),
    Spec("math.cumsum", a(arrs(("int32", "float32"), shape=(2, 3)), axis=st.sampled_from([0, 1,
                          -1]), exclusive=st.booleans(), reverse=st.booleans())),
    Spec("math.cumprod", a(arrs(("int32", "float32"), shape=(2, 3), lo=-2, hi=2),
                           axis=st.sampled_from([0, 1]), exclusive=st.booleans(),
                           reverse=st.booleans())),
    Spec("math.cumsum", a(arrs(("bool",), shape=(3,)))),
    Spec("math.top_k", a(arrs(("int32", "float32"), shape=(2, 5), lo=-3, hi=3, specials=False),
                         k=st.integers(0, 5))),
    Spec("math.top_k", a(arrs(FLOATS, shape=(4,), specials=False), k=5)),
    Spec("math.count_nonzero", a(arrs(("int32", "float32", "bool"), shape=(2, 3)),
                                 axis=st.sampled_from([None, 0, 1]))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_math(spec, data):
    run_spec(spec, data)


# ------------------------------------------------------------------- operators (Tensor.__op__)
OPS = ["__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
       "__rtruediv__", "__floordiv__", "__mod__", "__pow__", "__lt__", "__le__", "__gt__",
       "__ge__", "__eq__", "__ne__", "__and__", "__or__", "__xor__", "__matmul__"]
def scalars_(op):
    return st.one_of(st.integers(-3, 3), st.floats(-3, 3, width=32, allow_subnormal=False), st.booleans())


OP_SPECS = []
for _op in OPS:
    dts = ("bool", "int32") if _op in ("__and__", "__or__", "__xor__") else (
        "int32", "float32", "float64", "uint8")
    kw = {"lo": 1, "hi": 4} if _op in ("__floordiv__", "__mod__", "__pow__", "__rtruediv__") \
        else {}
    if _op == "__matmul__":
        strat = st.sampled_from(["float32", "int32"]).flatmap(lambda d: st.tuples(
            arrays(d, (2, 3)).map(A), arrays(d, (3, 2)).map(A))).map(lambda p: (p, {}))
    else:
        one = st.sampled_from(dts).flatmap(lambda d, kw=kw: arrays(d, **kw).map(A))
        strat = st.one_of(same_pair(dts, **kw), mixed_pair(dts, **kw),
                          st.tuples(one, st.integers(1, 3) if kw else scalars_(_op))).map(
            lambda p: (p, {}))
    OP_SPECS.append((_op, strat))


covers(*("tf.Tensor." + o for o, _ in OP_SPECS), "tf.Tensor.__neg__", "tf.Tensor.__abs__",
       "tf.Tensor.__invert__", "tf.Tensor.__getitem__", "tf.Tensor.numpy", "tf.Tensor.shape",
       "tf.Tensor.dtype", "tf.Tensor")


@pytest.mark.parametrize("op,strat", OP_SPECS, ids=[o for o, _ in OP_SPECS])
@EX
@given(data=st.data())
def test_operators(op, strat, data):
    args, kwargs = data.draw(strat)
    check("Tensor." + op, *args, **kwargs)


@EX
@given(x=arrs(("int32", "float32", "bool", "uint8", "int8")))
def test_unary_operators(x):
    for op in ("__neg__", "__abs__", "__invert__"):
        check("Tensor." + op, x)


# ------------------------------------------------------------------------------ semantics
def test_no_promotion_and_scalar_rules():
    """TF refuses to mix dtypes; Python scalars adopt the tensor's dtype (or raise)."""
    for b in ("numpy", "jax", "tensorflow"):
        with ivy.using_backend(b):
            i, f = ftf.constant([1, 2]), ftf.constant([1.0, 2.0])
            with pytest.raises(ftf.errors.InvalidArgumentError, match="cannot compute AddV2"):
                ftf.add(i, f)
            with pytest.raises(ftf.errors.InvalidArgumentError):
                i + f  # noqa: B018
            with pytest.raises(TypeError, match="Cannot convert 2.5"):
                i * 2.5  # noqa: B018
            assert (f * 2).dtype == ftf.float32 and (2 * f).dtype == ftf.float32
            assert (i * 2).dtype == ftf.int32
            assert ftf.constant(1.0).dtype == ftf.float32 and ftf.constant(1).dtype == ftf.int32
            assert ftf.constant(np.zeros(2)).dtype == ftf.float64
            assert ftf.constant(2 ** 40).dtype == ftf.int64
            assert (i / 2).dtype == ftf.float64
            assert ftf.constant([1, 2], ftf.int16).__truediv__(2).dtype == ftf.float32
            assert ftf.argmax(f).dtype == ftf.int64
            assert isinstance(ftf.errors.InvalidArgumentError(None, None, "m"), ValueError)


def test_dtypes_and_shape():
    for n in ("float32", "float64", "int32", "int64", "uint8", "bool", "float16", "int8"):
        r, f = getattr(real, n), getattr(ftf, n)
        assert f.name == r.name and f.as_numpy_dtype == r.as_numpy_dtype
        for attr in ("is_floating", "is_integer", "is_unsigned", "is_complex", "is_bool",
                     "size"):
            assert getattr(f, attr) == getattr(r, attr), (n, attr)
        if n != "bool":
            assert f.min == r.min and f.max == r.max
        assert f == r.name and f == np.dtype(r.as_numpy_dtype) and ftf.as_dtype(n) == f
    with pytest.raises(NotImplementedError, match="tensorflow"):
        ftf.string  # noqa: B018
    s = ftf.TensorShape([2, None, 3])
    rs = real.TensorShape([2, None, 3])
    assert s.as_list() == rs.as_list() and s.rank == rs.rank and str(s) == str(rs)
    assert repr(s) == repr(rs)
    t = ftf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert t.shape == [2, 3] and t.shape.as_list() == [2, 3] and t.shape.num_elements() == 6
    assert t.ndim == 2 and len(t) == 2 and t.shape[0] == 2
    np.testing.assert_array_equal(np.asarray(t), t.numpy())
    with pytest.raises(TypeError):
        t[0, 0] = 1.0
    with pytest.raises(TypeError):
        hash(t)


INDEX_KEYS = [0, -1, (slice(None), 1), (Ellipsis, 0), (None, Ellipsis, slice(None, None, -1)),
              (slice(1, None), None, slice(None, None, 2)), (0, 0, 0), (Ellipsis, None),
              (slice(-2, None), Ellipsis, 1), 5, (0, slice(3, 1, -1)), (0, 0, 0, 0)]


@pytest.mark.parametrize("key", INDEX_KEYS, ids=repr)
def test_indexing(key):
    check("Tensor.__getitem__", A(np.arange(24, dtype=np.float32).reshape(2, 3, 4)), key)


def test_variable():
    for b in ("numpy", "jax", "tensorflow"):
        with ivy.using_backend(b):
            init = np.arange(4, dtype=np.float32)
            rv, fv = real.Variable(init, name="w"), ftf.Variable(init, name="w")
            assert fv.name == rv.name and fv.trainable == rv.trainable
            assert ftf.Variable(1.0, trainable=False).trainable is False
            rv.assign_add(np.ones(4, np.float32))
            fv.assign_add(np.ones(4, np.float32))
            rv.assign_sub([0.5] * 4)
            fv.assign_sub([0.5] * 4)
            np.testing.assert_allclose(fv.numpy(), rv.numpy())
            np.testing.assert_allclose((fv * 2).numpy(), (rv * 2).numpy())
            np.testing.assert_allclose(ftf.matmul(ftf.reshape(fv, (1, 4)), ftf.ones((4, 1)))
                                       .numpy(), real.matmul(real.reshape(rv, (1, 4)),
                                                             real.ones((4, 1))).numpy())
            r = fv.read_value()
            fv.assign(np.zeros(4, np.float32))
            assert r.numpy()[1] == 1.5 and fv.numpy()[1] == 0.0
            assert type(ftf.convert_to_tensor(fv)) is ftf.Tensor
            with pytest.raises(ValueError):
                fv.assign(np.zeros(3, np.float32))
            with pytest.raises(ValueError):
                ftf.Variable(1).assign(ftf.constant(1.0))
            assert fv.dtype == ftf.float32 and fv.shape == [4]


CONV_CASES = [1.0, 1, True, [1, 2.5], [[1, 2], [3, 4]], np.float64(2), np.arange(3),
              np.array([1.5], np.float16), (1, 2), 2 ** 40, [], [True, False]]


@pytest.mark.parametrize("value", CONV_CASES, ids=repr)
def test_constant_and_convert(value):
    check("constant", value)
    check("convert_to_tensor", value)
    check("constant", value, dtype=D("float32"))
    check("convert_to_tensor", value, dtype=D("int32"))
    check("convert_to_tensor", value, dtype_hint=D("float64"))


covers("tf.TensorShape", "tf.as_dtype", "tf.constant", "tf.DType")
covers("tf.Variable", "tf.Variable.assign", "tf.Variable.assign_add",
       "tf.Variable.assign_sub", "tf.Variable.read_value", "tf.convert_to_tensor")
covers("tf.convert_to_tensor")


MORE = [
    Spec("math.angle", a(st.one_of(arrs(F64, lo=-3, hi=3), arrays("complex64", (3,), lo=-2, hi=2,
                                                                     specials=False).map(A))),
         rtol=1e-5, atol=1e-6),
    Spec("math.accumulate_n", a([arrs(("float32",), shape=(2,)), arrs(("float32",), shape=(2,))])),
]


@pytest.mark.parametrize("spec", MORE, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_core(spec, data):
    run_spec(spec, data)


CM = [
    Spec("math.confusion_matrix", a(arrays("int32", (6,), lo=0, hi=3).map(A),
                                    arrays("int32", (6,), lo=0, hi=3).map(A),
                                    num_classes=st.sampled_from([None, 4]),
                                    weights=st.one_of(st.none(), arrs(("float32",), shape=(6,),
                                                                      specials=False)),
                                    dtype=st.sampled_from([D("int32"), D("float32")]))),
    Spec("math.confusion_matrix", a(arrays("int64", (4,), lo=-1, hi=5).map(A),
                                    arrays("int64", (4,), lo=0, hi=5).map(A),
                                    num_classes=st.sampled_from([None, 3]))),
]


@pytest.mark.parametrize("spec", CM, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_confusion_matrix(spec, data):
    run_spec(spec, data)


def test_abs_of_complex_is_the_magnitude():
    z = np.array([3 + 4j, -1j, 0], np.complex64)
    for b in ("numpy", "tensorflow"):
        with ivy.using_backend(b):
            for fn in (ftf.abs, ftf.math.abs):
                got = fn(ftf.constant(z))
                want = real.abs(z)
                assert str(got.dtype.name) == want.dtype.name
                np.testing.assert_allclose(np.asarray(got.numpy()), want.numpy())
