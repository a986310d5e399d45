"""tf.linalg, tf.random and tf.raw_ops vs real TensorFlow."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    EX,
    F64,
    FLOATS,
    NUMERIC,
    A,
    D,
    Spec,
    a,
    arrays,
    arrs,
    check,
    covers,
    run_spec,
    same_pair,
)


def spd(n, batch=()):
    def build(m):
        m = m.astype(np.float64)
        s = m @ np.swapaxes(m, -1, -2) + n * np.eye(n)
        return A(s.astype(np.float32))
    return arrays("float32", batch + (n, n), lo=-1, hi=1, specials=False).map(build)


def wellcond(n, batch=(), dt="float32"):
    return arrays(dt, batch + (n, n), lo=-1, hi=1, specials=False).map(
        lambda m: A((m + 3 * np.eye(n)).astype(dt)))


SPECS = [
    Spec("linalg.matmul", a(arrs(FLOATS, shape=(2, 3, 4)), arrs(FLOATS, shape=(2, 4, 2))),
         rtol=1e-4, atol=1e-3),
    Spec("linalg.inv", a(st.one_of(wellcond(3), wellcond(2, (2,), "float64"))), rtol=1e-4,
         atol=1e-5),
    Spec("linalg.det", a(st.one_of(wellcond(3), wellcond(2, (2,), "float64"))), rtol=1e-4,
         atol=1e-5),
    Spec("linalg.slogdet", a(wellcond(3)), rtol=1e-4, atol=1e-5),
    Spec("linalg.logdet", a(spd(3)), rtol=1e-4, atol=1e-5),
    Spec("linalg.cholesky", a(st.one_of(spd(3), spd(2, (2,)))), rtol=1e-4, atol=1e-5),
    Spec("linalg.solve", a(wellcond(3), arrs(FLOATS, shape=(3, 2), specials=False),
                           adjoint=st.booleans()), rtol=1e-4, atol=1e-4),
    Spec("linalg.triangular_solve", a(wellcond(3), arrs(FLOATS, shape=(3, 2), specials=False),
                                      lower=st.booleans(), adjoint=st.booleans()), rtol=1e-4,
         atol=1e-4),
    Spec("linalg.cholesky_solve", a(spd(3).map(lambda m: A(np.linalg.cholesky(m.a))),
                                    arrs(FLOATS, shape=(3, 1), specials=False)), rtol=1e-3,
         atol=1e-4),
    Spec("linalg.lstsq", a(arrs(F64, shape=st.sampled_from([(5, 3), (2, 5, 3)]), lo=-1, hi=1,
                                specials=False).map(lambda m: A(m.a + 2 * np.eye(5, 3))),
                           arrs(F64, shape=(5, 2), specials=False),
                           l2_regularizer=st.sampled_from([0.0, 0.5])), rtol=1e-3, atol=1e-3),
    Spec("linalg.diag_part", a(arrs(NUMERIC, shape=st.sampled_from([(3, 3), (2, 3, 2)])))),
    Spec("linalg.diag", a(arrs(NUMERIC, shape=st.sampled_from([(3,), (2, 2)])))),
    Spec("linalg.set_diag", a(arrs(FLOATS, shape=(3, 4)), arrs(FLOATS, shape=(3,)))),
    Spec("linalg.band_part", a(arrs(FLOATS, shape=(4, 5)), st.integers(-1, 2),
                               st.integers(-1, 2))),
    Spec("linalg.trace", a(arrs(("float32", "int32"), shape=st.sampled_from([(3, 3), (2, 2, 3)])))),
    Spec("linalg.matrix_transpose", a(arrs(NUMERIC, shape=st.sampled_from([(2, 3), (1, 2, 3),
                                                                           (3,)])))),
    Spec("linalg.adjoint", a(arrs(FLOATS, shape=(2, 3)))),
    Spec("linalg.norm", a(arrs(FLOATS, shape=(3, 2), specials=False), axis=st.sampled_from(
        [None, 0, [0, 1]])), rtol=1e-4),
    Spec("linalg.l2_normalize", a(arrs(FLOATS, shape=(3, 2), specials=False), axis=1),
         rtol=1e-4),
    Spec("linalg.cross", a(arrs(FLOATS, shape=(2, 3)), arrs(FLOATS, shape=(2, 3))), rtol=1e-4,
         atol=1e-3),
    Spec("linalg.eigvalsh", a(spd(3)), rtol=1e-4, atol=1e-4),
    Spec("linalg.pinv", a(arrs(F64, shape=(3, 2), specials=False).map(
        lambda m: A(m.a + np.array([[3, 0], [0, 3], [0, 0]])))), rtol=1e-5, atol=1e-6),
    Spec("linalg.tensordot", a(arrs(FLOATS, shape=(2, 3)), arrs(FLOATS, shape=(3, 2)), 1),
         rtol=1e-4, atol=1e-3),
    Spec("linalg.eye", a(3, dtype=D("float64"))),
    Spec("linalg.svd", a(arrs(F64, shape=(3, 2), specials=False), compute_uv=False),
         rtol=1e-4, atol=1e-5),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_linalg(spec, data):
    run_spec(spec, data)


def _recon_checks(ftf_mod, x):
    s, u, v = ftf_mod.linalg.svd(x)
    rec = np.asarray(u) @ np.diag(np.asarray(s)) @ np.asarray(v).T
    np.testing.assert_allclose(rec, np.asarray(x), rtol=1e-4, atol=1e-4)
    q, r = ftf_mod.linalg.qr(x)
    np.testing.assert_allclose(np.asarray(q) @ np.asarray(r), np.asarray(x), rtol=1e-4,
                               atol=1e-4)
    sym = np.asarray(x).T @ np.asarray(x)
    e, vv = ftf_mod.linalg.eigh(ftf_mod.constant(sym))
    np.testing.assert_allclose(np.asarray(vv) @ np.diag(np.asarray(e)) @ np.asarray(vv).T, sym,
                               rtol=1e-4, atol=1e-4)
    return s, u, v, q, r, e


def test_decompositions():
    """svd (s, u, v: v not v^H), qr, eigh: values vs TF, vectors up to sign (reconstruction)."""
    import tensorflow as real

    x = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
    rs, ru, rv = real.linalg.svd(x)
    re_, _ = real.linalg.eigh(x.T @ x)
    rq, rr = real.linalg.qr(x)
    for b in ("numpy", "jax", "tensorflow"):
        with ivy.using_backend(b):
            s, u, v, q, r, e = _recon_checks(ftf, ftf.constant(x))
            np.testing.assert_allclose(np.asarray(s), rs.numpy(), rtol=1e-4)
            np.testing.assert_allclose(np.asarray(e), re_.numpy(), rtol=1e-4, atol=1e-4)
            assert u.shape == ru.shape and v.shape == rv.shape and q.shape == rq.shape
            assert r.shape == rr.shape
            np.testing.assert_allclose(np.abs(np.asarray(r)), np.abs(rr.numpy()), rtol=1e-4,
                                       atol=1e-4)
            full = ftf.linalg.svd(ftf.constant(x), full_matrices=True)
            assert full[1].shape == [4, 4] and full[2].shape == [3, 3]


# ------------------------------------------------------------------------------ tf.random
def test_random():
    """Shapes, dtypes, ranges and reproducibility (the values are not TensorFlow's)."""
    for b in ("numpy", "jax", "tensorflow"):
        with ivy.using_backend(b):
            r = ftf.random
            r.set_seed(7)
            a1 = [r.uniform((100,)), r.normal((3, 4), seed=2)]
            r.set_seed(7)
            a2 = [r.uniform((100,)), r.normal((3, 4), seed=2)]
            for x, y in zip(a1, a2, strict=True):
                np.testing.assert_array_equal(x.numpy(), y.numpy())
            u = r.uniform((1000,), minval=-2, maxval=3).numpy()
            assert u.dtype == np.float32 and u.min() >= -2 and u.max() < 3 and u.std() > 1
            ui = r.uniform((50,), minval=0, maxval=5, dtype=ftf.int32).numpy()
            assert ui.dtype == np.int32 and ui.min() >= 0 and ui.max() < 5
            with pytest.raises(ValueError):
                r.uniform((2,), dtype=ftf.int32)
            n = r.normal((2000,), mean=1.0, stddev=2.0, dtype=ftf.float64).numpy()
            assert n.dtype == np.float64 and abs(n.mean() - 1) < 0.2 and 1.8 < n.std() < 2.2
            t = r.truncated_normal((2000,), stddev=0.5).numpy()
            assert np.abs(t).max() <= 1.0 + 1e-6 and t.shape == (2000,)
            s = r.shuffle(ftf.range(10)).numpy()
            assert sorted(s.tolist()) == list(range(10))
            for f in (r.stateless_uniform, r.stateless_normal, r.stateless_truncated_normal):
                x1 = f((3, 2), seed=[1, 2]).numpy()
                x2 = f((3, 2), seed=[1, 2]).numpy()
                x3 = f((3, 2), seed=[1, 3]).numpy()
                np.testing.assert_array_equal(x1, x2)
                assert not np.array_equal(x1, x3) and x1.shape == (3, 2)
            c = r.categorical(ftf.math.log([[0.5, 0.5, 0.0]]), 20).numpy()
            assert c.shape == (1, 20) and c.dtype == np.int64 and c.max() <= 1
            with pytest.raises(ValueError):  # TF: an AssertionError (no state given)
                r.Generator()


# ------------------------------------------------------------------------------ raw ops
img = arrays("float32", (1, 5, 5, 2), lo=-2, hi=2, specials=False).map(A)
k33 = arrays("float32", (3, 3, 2, 3), lo=-1, hi=1, specials=False).map(A)
RAW = [
    Spec("raw_ops." + n, same_pair(("float32", "int32")).map(lambda p: ((), {"x": p[0],
                                                                             "y": p[1]})))
    for n in ("AddV2", "Sub", "Mul", "Maximum", "Minimum", "Equal", "Greater", "Less")
]
RAW += [
    Spec("raw_ops." + n, a(x=arrs(FLOATS, lo=0.125, hi=10)), rtol=1e-4, atol=1e-5)
    for n in ("Square", "Sqrt", "Rsqrt", "Exp", "Log", "Neg", "Abs", "Sigmoid", "Tanh")
]
RAW += [
    Spec("raw_ops.RealDiv", same_pair(FLOATS).map(lambda p: ((), {"x": p[0], "y": p[1]}))),
    Spec("raw_ops.Pow", same_pair(FLOATS, lo=0.5, hi=2, specials=False).map(
        lambda p: ((), {"x": p[0], "y": p[1]})), rtol=1e-4),
    Spec("raw_ops.LogicalAnd", same_pair(("bool",)).map(lambda p: ((), {"x": p[0], "y": p[1]}))),
    Spec("raw_ops.Relu", a(features=arrs(("float32", "int32")))),
    Spec("raw_ops.Relu6", a(features=arrs(("float32", "int32")))),
    Spec("raw_ops.Softmax", a(logits=arrs(FLOATS, shape=(2, 3), specials=False)), rtol=1e-4),
    Spec("raw_ops.MatMul", a(a=arrs(FLOATS, shape=(2, 3)), b=arrs(FLOATS, shape=(2, 3)),
                             transpose_a=st.booleans(), transpose_b=st.booleans()), atol=1e-3),
    Spec("raw_ops.BatchMatMulV2", a(x=arrs(FLOATS, shape=(2, 3, 3)),
                                    y=arrs(FLOATS, shape=st.sampled_from([(2, 3, 3), (3, 3)])),
                                    adj_x=st.booleans(), adj_y=st.booleans()), atol=1e-3),
    Spec("raw_ops.Conv2D", a(input=img, filter=k33, strides=st.sampled_from([[1, 1, 1, 1],
                                                                             [1, 2, 2, 1]]),
                             padding=st.sampled_from(["SAME", "VALID", "EXPLICIT"]),
                             explicit_paddings=st.sampled_from([[], [0, 0, 1, 1, 2, 0, 0, 0]]),
                             dilations=st.sampled_from([[1, 1, 1, 1], [1, 2, 2, 1]])),
         rtol=1e-4, atol=1e-4),
    Spec("raw_ops.BiasAdd", a(value=arrs(FLOATS, shape=(2, 3)), bias=arrs(FLOATS, shape=(3,)))),
    Spec("raw_ops.Mean", a(input=arrs(FLOATS, shape=(2, 3), specials=False),
                           axis=st.sampled_from([[0], [1], [0, 1], 1]),
                           keep_dims=st.booleans()), rtol=1e-5),
    Spec("raw_ops.Sum", a(input=arrs(("int32",), shape=(2, 3)), axis=[1],
                          keep_dims=st.booleans())),
    Spec("raw_ops.Max", a(input=arrs(FLOATS, shape=(2, 3)), axis=0)),
    Spec("raw_ops.Min", a(input=arrs(FLOATS, shape=(2, 3)), axis=[0, 1])),
    Spec("raw_ops.Prod", a(input=arrs(FLOATS, shape=(2, 3), lo=-2, hi=2), axis=1), rtol=1e-5),
    Spec("raw_ops.Reshape", a(tensor=arrs(FLOATS, shape=(2, 3)), shape=st.sampled_from(
        [[3, 2], [-1], [6, 1]]))),
    Spec("raw_ops.Transpose", a(x=arrs(FLOATS, shape=(2, 3, 1)), perm=st.sampled_from(
        [[1, 0, 2], [2, 1, 0]]))),
    Spec("raw_ops.ConcatV2", a(values=[arrs(FLOATS, shape=(2, 2)), arrs(FLOATS, shape=(2, 2))],
                               axis=st.sampled_from([0, 1, -1]))),
    Spec("raw_ops.Pack", a(values=[arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,))],
                           axis=st.sampled_from([0, 1]))),
    Spec("raw_ops.Squeeze", a(input=arrs(FLOATS, shape=(1, 2, 1)),
                              axis=st.sampled_from([[], [0], [2], [0, 2]]))),
    Spec("raw_ops.ExpandDims", a(input=arrs(FLOATS, shape=(2, 3)), axis=st.integers(-3, 2))),
    Spec("raw_ops.StridedSlice", a(input=A(np.arange(60, dtype=np.float32).reshape(3, 4, 5)),
                                   begin=st.sampled_from([[0, 1, 0], [1, -1, 2], [0, 0, 0]]),
                                   end=st.sampled_from([[2, 3, 5], [3, 0, 0], [1, 4, -1]]),
                                   strides=st.sampled_from([[1, 1, 1], [1, -1, 2], [2, 1, -1]]),
                                   begin_mask=st.integers(0, 7), end_mask=st.integers(0, 7),
                                   ellipsis_mask=st.sampled_from([0, 0, 2]),
                                   new_axis_mask=st.sampled_from([0, 0, 4]),
                                   shrink_axis_mask=st.sampled_from([0, 1, 2]))),
    Spec("raw_ops.Slice", a(input=arrs(FLOATS, shape=(3, 4)), begin=st.sampled_from([[0, 1],
                                                                                     [2, 0]]),
                            size=st.sampled_from([[1, 2], [-1, 3], [1, -1], [2, 2]]))),
    Spec("raw_ops.GatherV2", a(params=arrs(FLOATS, shape=(2, 3, 4)),
                               indices=arrays("int32", (2, 2), lo=0, hi=1).map(A),
                               axis=st.sampled_from([1, 2]), batch_dims=st.sampled_from([0, 1]))),
    Spec("raw_ops.Cast", a(x=arrs(("float32", "int32"), lo=-5, hi=5, specials=False),
                           DstT=st.sampled_from([D("int32"), D("float64"), D("bool")]))),
    Spec("raw_ops.Identity", a(input=arrs(NUMERIC))),
    Spec("raw_ops.Fill", a(dims=[2, 3], value=st.sampled_from([1.5, 2]))),
    Spec("raw_ops.Range", a(start=st.integers(0, 2), limit=st.integers(3, 6), delta=st.integers(1,
                                                                                          2))),
    Spec("raw_ops.Tile", a(input=arrs(FLOATS, shape=(2, 1)), multiples=[2, 3])),
    Spec("raw_ops.Pad", a(input=arrs(FLOATS, shape=(2, 3)), paddings=[[1, 0], [0, 2]])),
    Spec("raw_ops.MaxPool", a(input=img, ksize=[1, 2, 2, 1], strides=st.sampled_from(
        [[1, 1, 1, 1], [1, 2, 2, 1]]), padding=st.sampled_from(["SAME", "VALID"]))),
    Spec("raw_ops.AvgPool", a(value=img, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1],
                              padding=st.sampled_from(["SAME", "VALID"])), rtol=1e-5,
         atol=1e-6),
    Spec("raw_ops.FusedBatchNormV3", a(x=img, scale=arrs(FLOATS, shape=(2,), specials=False),
                                       offset=arrs(FLOATS, shape=(2,), specials=False),
                                       mean=arrs(FLOATS, shape=(2,), specials=False),
                                       variance=arrs(FLOATS, shape=(2,), lo=0.5, hi=2,
                                                     specials=False),
                                       epsilon=1e-3, is_training=False), rtol=1e-4, atol=1e-4),
    Spec("raw_ops.ResizeBilinear", a(images=img, size=st.sampled_from([[7, 9], [3, 2], [5, 10]]),
                                     align_corners=st.booleans(),
                                     half_pixel_centers=st.booleans()), rtol=1e-4, atol=1e-5),
    Spec("raw_ops.ResizeNearestNeighbor", a(images=img, size=st.sampled_from([[7, 9], [3, 2],
                                                                              [5, 10]]),
                                            align_corners=st.booleans(),
                                            half_pixel_centers=st.booleans())),
    Spec("raw_ops.SelectV2", a(condition=arrs(("bool",), shape=(2, 3)),
                               t=arrs(FLOATS, shape=(2, 3)), e=arrs(FLOATS, shape=(3,)))),
    Spec("raw_ops.Select", a(condition=arrs(("bool",), shape=st.sampled_from([(2,), (2, 3)])),
                             x=arrs(FLOATS, shape=(2, 3)), y=arrs(FLOATS, shape=(2, 3)))),
    Spec("raw_ops.ArgMax", a(input=arrs(FLOATS, shape=(2, 3), specials=False),
                             dimension=st.sampled_from([0, 1]),
                             output_type=st.sampled_from([D("int32"), D("int64")]))),
    Spec("raw_ops.OneHot", a(indices=arrays("int32", (3,), lo=-1, hi=3).map(A), depth=3,
                             on_value=st.sampled_from([1.0, 5]), off_value=st.sampled_from(
                                 [0.0, -1]), axis=st.sampled_from([-1, 0]))),
]


@pytest.mark.parametrize("spec", RAW, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_raw_ops(spec, data):
    run_spec(spec, data)


def test_raw_ops_keyword_only():
    with pytest.raises(TypeError):
        ftf.raw_ops.AddV2(ftf.constant(1.0), ftf.constant(2.0))
    check("raw_ops.Einsum", inputs=[A(np.arange(6, dtype=np.float32).reshape(2, 3)),
                                    A(np.ones((3, 2), np.float32))], equation="ij,jk->ik")
    with pytest.raises(NotImplementedError):
        ftf.raw_ops.FusedBatchNormV3(x=ftf.ones((1, 2, 2, 1)), scale=[1.0], offset=[0.0],
                                     mean=[0.0], variance=[1.0], is_training=True)
    check("raw_ops.Sub", x=A(np.ones(2, np.float32)), y=A(np.ones(2, np.int32)))


covers("tf.linalg.svd", "tf.linalg.qr", "tf.linalg.eigh")
covers("tf.random.set_seed", "tf.random.uniform", "tf.random.normal",
       "tf.random.truncated_normal", "tf.random.shuffle", "tf.random.stateless_uniform",
       "tf.random.stateless_normal", "tf.random.stateless_truncated_normal",
       "tf.random.categorical")


def _xy(dts=("float32", "int32"), **kw):
    return same_pair(dts, **kw).map(lambda p: ((), {"x": p[0], "y": p[1]}))


RAW2 = [Spec("raw_ops." + n, _xy()) for n in ("Add", "GreaterEqual", "LessEqual", "NotEqual")]
RAW2 += [
    Spec("raw_ops.Div", _xy(FLOATS)),
    Spec("raw_ops.FloorDiv", _xy(("int32", "float32"), lo=1, hi=5)),
    Spec("raw_ops.FloorMod", _xy(("int32", "float32"), lo=1, hi=5)),
    Spec("raw_ops.SquaredDifference", _xy()),
    Spec("raw_ops.DivNoNan", _xy(FLOATS)),
    Spec("raw_ops.LogicalOr", _xy(("bool",))),
]
RAW2 += [Spec("raw_ops." + n, a(x=arrs(FLOATS, lo=-0.875, hi=0.875)), rtol=1e-4, atol=1e-5)
         for n in ("Log1p", "Sign", "Floor", "Ceil", "Round", "Sin", "Cos", "Reciprocal",
                   "IsNan", "Erf")]
RAW2 += [Spec("raw_ops." + n, a(features=arrs(FLOATS, lo=-5, hi=5)), rtol=1e-4, atol=1e-5)
         for n in ("Elu", "Selu", "Softplus", "Softsign")]
RAW2 += [
    Spec("raw_ops.LeakyRelu", a(features=arrs(FLOATS), alpha=st.sampled_from([0.2, 0.1]))),
    Spec("raw_ops.LogSoftmax", a(logits=arrs(FLOATS, shape=(2, 3), specials=False)),
         rtol=1e-4, atol=1e-5),
    Spec("raw_ops.LogicalNot", a(x=arrs(("bool",)))),
    Spec("raw_ops.StopGradient", a(input=arrs(FLOATS))),
    Spec("raw_ops.All", a(input=arrs(("bool",), shape=(2, 3)), axis=[1], keep_dims=st.booleans())),
    Spec("raw_ops.Any", a(input=arrs(("bool",), shape=(2, 3)), axis=0)),
    Spec("raw_ops.ArgMin", a(input=arrs(FLOATS, shape=(2, 3), specials=False), dimension=1)),
    Spec("raw_ops.Unpack", a(value=arrs(FLOATS, shape=(2, 3)), num=3, axis=1)),
    Spec("raw_ops.GatherNd", a(params=arrs(FLOATS, shape=(3, 4)),
                               indices=arrays("int32", (2, 2), lo=0, hi=2).map(A))),
    Spec("raw_ops.PadV2", a(input=arrs(FLOATS, shape=(2, 3)), paddings=[[1, 0], [0, 2]],
                            constant_values=A(np.float32(2.5)))),
    Spec("raw_ops.MirrorPad", a(input=arrs(FLOATS, shape=(2, 3)), paddings=[[1, 0], [0, 2]],
                                mode=st.sampled_from(["REFLECT", "SYMMETRIC"]))),
    Spec("raw_ops.DepthwiseConv2dNative", a(input=img, filter=arrays(
        "float32", (2, 2, 2, 2), lo=-1, hi=1, specials=False).map(A), strides=[1, 1, 1, 1],
        padding=st.sampled_from(["SAME", "VALID"])), rtol=1e-4, atol=1e-4),
    Spec("raw_ops.BatchMatMulV3", a(x=arrs(FLOATS, shape=(2, 2, 3)),
                                    y=arrs(FLOATS, shape=(2, 3, 2)), Tout=D("float32")),
         atol=1e-3),
    Spec("raw_ops.Shape", a(input=arrs(FLOATS), out_type=st.sampled_from([D("int32"),
                                                                          D("int64")]))),
    Spec("raw_ops.ZerosLike", a(x=arrs(NUMERIC))),
    Spec("raw_ops.OnesLike", a(x=arrs(NUMERIC))),
    Spec("raw_ops.Cumsum", a(x=arrs(FLOATS, shape=(2, 3)), axis=1, exclusive=st.booleans(),
                             reverse=st.booleans())),
    Spec("raw_ops.TopKV2", a(input=arrs(FLOATS, shape=(2, 5), specials=False),
                             k=st.integers(0, 5))),
    Spec("raw_ops.ReverseV2", a(tensor=arrs(FLOATS, shape=(2, 3)), axis=[1])),
    Spec("raw_ops.SplitV", a(value=arrs(FLOATS, shape=(2, 6)), size_splits=[1, 2, 3], axis=1,
                             num_split=3)),
    Spec("raw_ops.Split", a(axis=1, value=arrs(FLOATS, shape=(2, 6)), num_split=3)),
    Spec("raw_ops.BroadcastTo", a(input=arrs(FLOATS, shape=(3,)), shape=[2, 3])),
    Spec("raw_ops.FusedBatchNorm", a(x=img, scale=arrs(FLOATS, shape=(2,), specials=False),
                                     offset=arrs(FLOATS, shape=(2,), specials=False),
                                     mean=arrs(FLOATS, shape=(2,), specials=False),
                                     variance=arrs(FLOATS, shape=(2,), lo=0.5, hi=2,
                                                   specials=False),
                                     epsilon=1e-3, is_training=False), rtol=1e-4, atol=1e-4),
]


@pytest.mark.parametrize("spec", RAW2, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_raw_ops_more(spec, data):
    run_spec(spec, data)
