"""tf creation and manipulation functions (reshape ... unique, gather/scatter, where, one_hot,
matmul) vs real TensorFlow."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from .helpers import EX, F64, FLOATS, NUMERIC, A, D, Spec, a, arrays, arrs, check, run_spec, shapes

I32 = ("int32",)
SPECS = [
    # creation
    Spec("zeros", a(st.sampled_from([(2, 3), [0], (), [1, 2, 1]]),
                    dtype=st.sampled_from([D("float32"), D("int32"), D("bool")]))),
    Spec("ones", a(st.sampled_from([(2, 3), [0], ()]),
                   dtype=st.sampled_from([D("float64"), D("uint8")]))),
    Spec("fill", a(st.sampled_from([(2, 3), [0], ()]), st.one_of(st.integers(-3, 3),
                                                                 st.floats(-3, 3, width=32, allow_subnormal=False)))),
    Spec("zeros_like", a(arrs(NUMERIC), dtype=st.sampled_from([None, D("float32")]))),
    Spec("ones_like", a(arrs(NUMERIC), dtype=st.sampled_from([None, D("int32")]))),
    Spec("eye", a(st.integers(0, 3), num_columns=st.sampled_from([None, 2, 4]),
                  batch_shape=st.sampled_from([None, [2]]),
                  dtype=st.sampled_from([D("float32"), D("int32")]))),
    Spec("range", a(st.integers(-3, 5), st.sampled_from([None, 7, -2]), st.sampled_from(
        [1, 2, -1]))),
    Spec("range", a(st.floats(-3, 3, width=32, allow_subnormal=False), 4.5, st.sampled_from([0.5, 1.0]))),
    Spec("range", a(5, dtype=st.sampled_from([D("float32"), D("int64")]))),
    Spec("linspace", a(st.floats(-3, 3, width=32, allow_subnormal=False), st.floats(-3, 3, width=32, allow_subnormal=False),
                       st.integers(1, 6)), rtol=1e-4, atol=1e-5),
    Spec("cast", a(arrs(("float32", "int32", "bool", "float64"), lo=-50, hi=50, specials=False),
                   st.sampled_from([D("int32"), D("float32"), D("bool"), D("int64"),
                                    D("float16")])), rtol=1e-3),
    Spec("cast", a(arrs(("float32",), lo=0, hi=200, specials=False), D("uint8"))),
    Spec("shape", a(arrs(NUMERIC), out_type=st.sampled_from([D("int32"), D("int64")]))),
    Spec("rank", a(arrs(NUMERIC))),
    Spec("size", a(arrs(NUMERIC))),
    Spec("identity", a(arrs(NUMERIC))),
    Spec("stop_gradient", a(arrs(FLOATS))),
    # manipulation
    Spec("reshape", a(arrs(NUMERIC, shape=(2, 3)), st.sampled_from([(3, 2), [-1], (6, 1),
                                                                    (1, -1, 3), (4, -1), (5,)]))),
    Spec("transpose", a(arrs(NUMERIC, shape=(2, 3, 1)), perm=st.sampled_from(
        [None, [1, 0, 2], [2, 0, 1], [0, 1]]))),
    Spec("concat", a([arrs(("float32",), shape=(2, 3)), arrs(("float32", "int32"),
                                                               shape=(1, 3))],
                     st.sampled_from([0, -2, 1, 2]))),
    Spec("stack", a([arrs(I32, shape=(2,)), arrs(I32, shape=st.sampled_from([(2,), (3,)]))],
                    axis=st.sampled_from([0, 1, -1, 2]))),
    Spec("unstack", a(arrs(FLOATS, shape=(2, 3)), axis=st.sampled_from([0, 1, -1]))),
    Spec("split", a(arrs(FLOATS, shape=(4, 6)), st.sampled_from([2, 3, [1, 3], [1, -1, 2], 4]),
                    axis=st.sampled_from([0, 1])) ),
    Spec("squeeze", a(arrs(FLOATS, shape=(1, 2, 1)), axis=st.sampled_from([None, 0, [0, 2], -1,
                                                                            1]))),
    Spec("expand_dims", a(arrs(NUMERIC), st.integers(-4, 4))),
    Spec("tile", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([[1, 2], [2, 1], [0, 3], [2]]))),
    Spec("pad", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([[[1, 0], [0, 2]], [[0, 0], [1, 1]],
                                                               [[2, 2], [1, 0]]]),
                  mode=st.sampled_from(["CONSTANT", "REFLECT", "SYMMETRIC", "constant"]),
                  constant_values=st.sampled_from([0, 1.5]))),
    Spec("gather", a(arrs(FLOATS, shape=(3, 4)), arrays("int32", st.sampled_from([(), (2,), (2, 2)]),
                                                        lo=0, hi=2).map(A),
                     axis=st.sampled_from([None, 0, 1, -1]))),
    Spec("gather", a(arrs(FLOATS, shape=(2, 3, 4)), arrays("int64", (2, 2), lo=0, hi=2).map(A),
                     axis=st.sampled_from([1, 2]), batch_dims=st.sampled_from([0, 1]))),
    Spec("gather", a(arrs(FLOATS, shape=(2, 3, 4, 2)), arrays("int32", (2, 3, 2), lo=0,
                                                              hi=1).map(A),
                     axis=st.sampled_from([2, 3]), batch_dims=2)),
    Spec("gather", a(arrs(FLOATS, shape=(3,)), A(np.array([3], np.int32)))),
    Spec("gather_nd", a(arrs(FLOATS, shape=(3, 4)), arrays("int32", st.sampled_from(
        [(2, 2), (1,), (2, 1), (2,)]), lo=0, hi=2).map(A))),
    Spec("scatter_nd", a(A(np.array([[0], [2], [0]], np.int32)), arrs(("float32", "int32"),
                                                                      shape=(3, 2)), [4, 2])),
    Spec("tensor_scatter_nd_update", a(arrs(FLOATS, shape=(4, 2)), A(np.array([[1], [3]],
                                                                            np.int32)),
                                       arrs(FLOATS, shape=(2, 2)))),
    Spec("tensor_scatter_nd_add", a(arrs(("int32",), shape=(4, 2)),
                                    A(np.array([[1, 0], [3, 1], [1, 0]], np.int64)),
                                    arrs(("int32",), shape=(3,)))),
    Spec("tensor_scatter_nd_sub", a(arrs(FLOATS, shape=(3,)), A(np.array([[1]], np.int32)),
                                    arrs(FLOATS, shape=(1,)))),
    Spec("tensor_scatter_nd_max", a(arrs(FLOATS, shape=(3,)), A(np.array([[1]], np.int32)),
                                    arrs(FLOATS, shape=(1,)))),
    Spec("tensor_scatter_nd_min", a(arrs(FLOATS, shape=(3,)), A(np.array([[1]], np.int32)),
                                    arrs(FLOATS, shape=(1,)))),
    Spec("where", a(arrs(("bool",), shape=(2, 3)), arrs(("float32",), shape=(2, 3)),
                    arrs(("float32", "int32"), shape=st.sampled_from([(3,), (2, 1)])))),
    Spec("where", a(arrs(("bool", "int32", "float32"), shape=st.sampled_from([(3,), (2, 3),
                                                                             (0,)])))),
    Spec("boolean_mask", a(arrs(FLOATS, shape=(2, 3)), arrs(("bool",), shape=st.sampled_from(
        [(2,), (2, 3)])))),
    Spec("boolean_mask", a(arrs(FLOATS, shape=(2, 3)), arrs(("bool",), shape=(3,)), axis=1)),
    Spec("one_hot", a(arrays("int32", st.sampled_from([(3,), (2, 2), ()]), lo=-1, hi=4).map(A),
                      st.integers(0, 4), on_value=st.sampled_from([None, 5.0, 2]),
                      off_value=st.sampled_from([None, -1.0]), axis=st.sampled_from([None, 0,
                                                                                     -1]))),
    Spec("one_hot", a(arrays("int64", (3,), lo=0, hi=3).map(A), 3,
                      dtype=st.sampled_from([D("int32"), D("bool"), D("float64")]))),
    Spec("reverse", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([[0], [1], [0, 1], [-1], []]))),
    Spec("roll", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([1, [1, -2], -4]),
                   st.sampled_from([0, [0, 1], 1]))),
    Spec("sort", a(arrs(("float32", "int32"), shape=(2, 4), specials=False),
                   axis=st.sampled_from([-1, 0]),
                   direction=st.sampled_from(["ASCENDING", "DESCENDING"]))),
    Spec("argsort", a(arrs(("float32", "int32"), shape=(2, 4), lo=-2, hi=2, specials=False),
                      axis=st.sampled_from([-1, 0]), stable=True,
                      direction=st.sampled_from(["ASCENDING", "DESCENDING"]))),
    Spec("unique", a(arrs(("int32", "float32"), shape=st.sampled_from([(6,), (0,)]), lo=-2, hi=2,
                          specials=False), out_idx=st.sampled_from([D("int32"), D("int64")]))),
    Spec("matmul", a(arrs(("float32", "int32", "float64"), shape=st.sampled_from([(2, 3),
                                                                                 (2, 2, 3)])),
                     arrs(("float32",), shape=st.sampled_from([(3, 2), (2, 3), (3,)])),
                     transpose_a=st.booleans(), transpose_b=st.booleans()), rtol=1e-4,
         atol=1e-3),
    Spec("matmul", a(arrs(("float32",), shape=(2, 3, 2), specials=False),
                     arrs(("float32",), shape=(2, 3, 2), specials=False), adjoint_a=True),
         atol=1e-3),
    Spec("tensordot", a(arrs(FLOATS, shape=(2, 3), specials=False),
                        arrs(FLOATS, shape=(3, 2), specials=False),
                        st.sampled_from([1, [[1], [0]], 0])), atol=1e-3),
    Spec("broadcast_to", a(arrs(NUMERIC, shape=st.sampled_from([(3,), (1, 3), (2, 1)])),
                           st.sampled_from([[2, 3], [4, 2, 3], [3]]))),
    Spec("clip_by_norm", a(arrs(F64, shape=(2, 3), specials=False),
                           st.floats(0.5, 5, width=32, allow_subnormal=False), axes=st.sampled_from([None, [0], [1]]))),
    Spec("norm", a(arrs(F64, shape=(2, 3), specials=False),
                   ord=st.sampled_from(["euclidean", 1, np.inf, 2]),
                   axis=st.sampled_from([None, 0, 1, -1]), keepdims=st.booleans()), rtol=1e-4),
    Spec("norm", a(arrs(FLOATS, shape=(2, 3), specials=False), ord=st.sampled_from(
        ["fro", 1, np.inf, "euclidean"]), axis=[0, 1]), rtol=1e-4),
    Spec("sequence_mask", a(A(np.array([1, 3, 0], np.int32)), maxlen=st.sampled_from([None, 4]),
                            dtype=st.sampled_from([D("bool"), D("float32")]))),
    Spec("repeat", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([2, [1, 2, 0]]),
                     axis=st.sampled_from([None, 1]))),
    Spec("searchsorted", a(A(np.array([1.0, 2.0, 4.0], np.float32)),
                           arrs(FLOATS, shape=(4,), lo=0, hi=5, specials=False),
                           side=st.sampled_from(["left", "right"]))),
    Spec("meshgrid", a(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(3,)),
                       indexing=st.sampled_from(["xy", "ij"]))),
    Spec("add_n", a([arrs(("int32",), shape=(2,)), arrs(("int32",), shape=(2,))])),
    Spec("ensure_shape", a(arrs(FLOATS, shape=(2, 3)), st.sampled_from([[2, 3], [2, None],
                                                                        [3, 2]]))),
    Spec("saturate_cast", a(arrs(("float32",), shape=(4,), lo=-400, hi=400, specials=False),
                            st.sampled_from([D("uint8"), D("int8")]))),
    Spec("broadcast_dynamic_shape", a(A(np.array([2, 1], np.int32)),
                                      A(np.array([3], np.int32)))),
]
SPECS += [
    Spec("slice", a(arrs(FLOATS, shape=(3, 4)), st.sampled_from([[0, 1], [2, 0]]),
                    st.sampled_from([[1, 2], [-1, 3], [2, 2]]))),
    Spec("strided_slice", a(A(np.arange(24, dtype=np.int32).reshape(2, 3, 4)),
                            st.sampled_from([[0, 1], [1, -1, 2]]), st.sampled_from([[2, 3],
                                                                                    [0, 0, 4]]),
                            strides=st.sampled_from([None, [1, 2], [1, -1, 1]]),
                            begin_mask=st.integers(0, 3), shrink_axis_mask=st.integers(0, 1))),
    Spec("unique_with_counts", a(arrs(("int32",), shape=(7,), lo=-2, hi=2))),
    Spec("identity_n", a([arrs(FLOATS), arrs(("int32",))])),
    Spec("parallel_stack", a([arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,))])),
    Spec("unravel_index", a(arrays("int32", (4,), lo=0, hi=11).map(A), [3, 4])),
    Spec("complex", a(arrs(F64, shape=(3,), specials=False), arrs(F64, shape=(3,),
                                                                  specials=False))),
    Spec("reverse_sequence", a(arrs(FLOATS, shape=(2, 4, 1)), [3, 1], seq_axis=1, batch_axis=0)),
    Spec("assert_equal", a(arrs(("int32",), shape=(2,), lo=0, hi=1),
                           arrs(("int32",), shape=(2,), lo=0, hi=1))),
    Spec("assert_less", a(arrs(("int32",), shape=(2,), lo=0, hi=2), 1)),
    Spec("assert_greater", a(arrs(("int32",), shape=(2,), lo=0, hi=2), 0)),
    Spec("assert_rank", a(arrs(FLOATS), 1)),
    Spec("foldl", a(lambda acc, v: acc + v, arrs(("int32",), shape=(4,)))),
    Spec("foldr", a(lambda acc, v: acc * 2 + v, arrs(("int32",), shape=(4,)))),
    Spec("scan", a(lambda acc, v: acc + v, arrs(FLOATS, shape=(4, 2), specials=False),
                   reverse=st.booleans())),
    Spec("truncatediv", a(arrs(("int32",), shape=(4,), lo=-9, hi=9),
                          arrs(("int32",), shape=(4,), lo=1, hi=4))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_manipulation(spec, data):
    run_spec(spec, data)


def test_segment_multidim_ids_not_implemented():
    import ivy.frontends.tensorflow as ftf

    with pytest.raises(NotImplementedError, match="docs/frontends-tensorflow.md"):
        ftf.math.segment_prod(ftf.constant([[1.0]]), ftf.constant([[0]]))


@pytest.mark.parametrize("eq, shapes, dtype", [
    ("ij,jk->ik", [(2, 3), (3, 4)], np.float32), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)],
                                                  np.float64),
    ("ii->i", [(3, 3)], np.float32), ("ij->", [(2, 3)], np.int32), ("i,j->ij", [(2,), (3,)],
                                                                  np.int64),
    ("...ij,jk->...ik", [(2, 2, 3), (3, 2)], np.float32), ("ij,jk", [(2, 3), (3, 4)],
                                                          np.complex64),
    ("ij,jk->ik", [(2, 3), (3, 4)], np.int8),  # TF has no int8 Einsum kernel: both raise
])
def test_einsum(eq, shapes, dtype):
    rng = np.random.default_rng(0)
    ops = [A((rng.standard_normal(s) * 3).astype(dtype)) for s in shapes]
    check("einsum", eq, *ops)
    check("linalg.einsum", eq, *ops)


def test_einsum_refuses_mixed_dtypes():
    check("einsum", "ij,jk->ik", A(np.ones((2, 3), np.float32)), A(np.ones((3, 2), np.float64)))


def test_strided_getitem_errors():
    for key in [(0, 0, 0, 0), 7, (slice(None, None, 0),)]:
        check("Tensor.__getitem__", A(np.zeros((2, 3, 4), np.float32)), key)


SEG = A(np.array([0, 0, 2, 3, 3], np.int32))
USEG = arrays("int32", (5,), lo=-1, hi=3).map(A)
EXTRA = [
    Spec("math." + n, a(arrs(FLOATS if n.endswith("mean") else ("float32", "int32"),
                             shape=st.sampled_from([(5,), (5, 2)]), specials=False), SEG),
         rtol=1e-5)
    for n in ("segment_sum", "segment_mean", "segment_max", "segment_min")
] + [
    Spec("math." + n, a(arrs(FLOATS if n.endswith(("mean", "sqrt_n")) else ("float32", "int32"),
                             shape=st.sampled_from([(5,), (5, 2)]), specials=False), USEG,
                        st.integers(1, 4)), rtol=1e-5)
    for n in ("unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
              "unsorted_segment_min", "unsorted_segment_sqrt_n")
] + [
    Spec("math.xdivy", a(arrs(F64, shape=(3,)), arrs(F64, shape=(3,)))),
    Spec("math.xlog1py", a(arrs(F64, shape=(3,)), arrs(F64, shape=(3,), lo=0, hi=5))),
    Spec("math.reciprocal_no_nan", a(arrs(F64))),
    Spec("math.nextafter", a(arrs(F64, shape=(3,)), arrs(F64, shape=(3,)))),
    Spec("math.invert_permutation", a(st.permutations(list(range(5))).map(
        lambda p: A(np.array(p, np.int32))))),
    Spec("math.is_non_decreasing", a(arrs(("int32",), lo=0, hi=2))),
    Spec("math.is_strictly_increasing", a(arrs(("int32",), lo=0, hi=2))),
    Spec("math.zero_fraction", a(arrs(("int32", "float32"), shape=shapes(min_side=1), lo=-1,
                                      hi=1, specials=False))),
    Spec("math.cumulative_logsumexp", a(arrs(F64, shape=(2, 4), lo=-5, hi=5, specials=False),
                                        axis=st.sampled_from([0, 1]), exclusive=st.booleans(),
                                        reverse=st.booleans()), rtol=1e-4, atol=1e-5),
    Spec("math.bincount", a(arrays("int32", (6,), lo=0, hi=4).map(A),
                            minlength=st.sampled_from([None, 7]),
                            maxlength=st.sampled_from([None, 3]))),
    Spec("math.bincount", a(arrays("int32", (4,), lo=0, hi=3).map(A),
                            weights=arrs(FLOATS, shape=(4,), specials=False))),
    Spec("math.in_top_k", a(arrays("int32", (3,), lo=0, hi=3).map(A),
                            arrs(FLOATS, shape=(3, 4), lo=-2, hi=2), st.integers(1, 3))),
]


@pytest.mark.parametrize("spec", EXTRA, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_math_extras(spec, data):
    run_spec(spec, data)


MORE = [
    Spec("realdiv", a(arrs(FLOATS, shape=(3,)), arrs(FLOATS, shape=(3,)))),
    Spec("shape_n", a([arrs(FLOATS), arrs(("int32",))])),
    Spec("clip_by_global_norm", a([arrs(FLOATS, shape=(2,), specials=False),
                                   arrs(FLOATS, shape=(3,), specials=False)],
                                  st.floats(0.5, 5, width=32, allow_subnormal=False)),
         rtol=1e-5, atol=1e-6),
    Spec("linalg.global_norm", a([arrs(FLOATS, shape=(2,), specials=False),
                                  arrs(FLOATS, shape=(3,), specials=False)]), rtol=1e-5),
    Spec("linalg.normalize", a(arrs(FLOATS, shape=(2, 3), specials=False),
                               axis=st.sampled_from([None, 0, 1])), rtol=1e-5, atol=1e-6),
    Spec("while_loop", a(lambda i, s: i < 4, lambda i, s: (i + 1, s * 2.0),
                         (0, arrs(FLOATS, shape=(2,), specials=False)))),
    Spec("cond", a(st.booleans(), lambda: 1.5, lambda: 2.5)),
    Spec("switch_case", a(st.integers(-1, 3).map(lambda i: A(np.int32(i))),
                          [lambda: 1, lambda: 2])),
    Spec("map_fn", a(lambda t: t * 2.0, arrs(FLOATS, shape=(3, 2)))),
    Spec("is_tensor", a(st.one_of(arrs(FLOATS), st.floats(0, 1, width=32,
                                                          allow_subnormal=False)))),
    Spec("executing_eagerly", a()),
    Spec("nn.conv3d_transpose", a(arrays("float32", (1, 2, 2, 2, 2), lo=-1, hi=1,
                                         specials=False).map(A),
                                  arrays("float32", (2, 2, 2, 3, 2), lo=-1, hi=1,
                                         specials=False).map(A), [1, 4, 4, 4, 3], 2, "SAME"),
         rtol=1e-4, atol=1e-4),
    Spec("raw_ops.FusedBatchNormV2", a(x=A(np.ones((1, 2, 2, 2), np.float32)),
                                       scale=A(np.ones(2, np.float32)),
                                       offset=A(np.zeros(2, np.float32)),
                                       mean=A(np.zeros(2, np.float32)),
                                       variance=A(np.ones(2, np.float32)), is_training=False),
         rtol=1e-4),
]


@pytest.mark.parametrize("spec", MORE, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)
