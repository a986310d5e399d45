"""Top-level ``tf`` functions vs real TensorFlow."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    B2,
    BACKENDS,
    EX,
    RNG,
    A,
    D,
    Spec,
    a,
    arrs,
    chk,
    compare,
    covers,
    run_spec,
    uniform,
)

covers("tf.broadcast_static_shape", "tf.get_static_value", "tf.no_op", "tf.case", "tf.Assert",
       "tf.function", "tf.image.ResizeMethod")


def test_core_helpers():
    for n in ("BILINEAR", "NEAREST_NEIGHBOR", "BICUBIC", "AREA", "LANCZOS3", "LANCZOS5",
              "GAUSSIAN", "MITCHELLCUBIC"):
        assert getattr(ftf.image.ResizeMethod, n) == getattr(real.image.ResizeMethod, n)
    assert ftf.broadcast_static_shape(ftf.TensorShape([2, 1]), ftf.TensorShape([3])).as_list() \
        == real.broadcast_static_shape(real.TensorShape([2, 1]), real.TensorShape([3])).as_list()
    with pytest.raises(ValueError):
        ftf.broadcast_static_shape(ftf.TensorShape([2]), ftf.TensorShape([3]))
    with pytest.raises(ValueError):
        real.broadcast_static_shape(real.TensorShape([2]), real.TensorShape([3]))
    for b in BACKENDS:
        with ivy.using_backend(b):
            np.testing.assert_array_equal(ftf.get_static_value(ftf.constant([1, 2])),
                                          real.get_static_value(real.constant([1, 2])))
            assert ftf.no_op() is None
            x = ftf.constant(3)
            r = ftf.case([(ftf.constant(False), lambda: ftf.constant(1)),
                          (ftf.constant(True), lambda: ftf.constant(2))],
                         default=lambda: ftf.constant(0))
            e = real.case([(real.constant(False), lambda: real.constant(1)),
                           (real.constant(True), lambda: real.constant(2))],
                          default=lambda: real.constant(0))
            assert int(r.numpy()) == int(e.numpy()) == 2
            ftf.Assert(ftf.constant(True), [x])
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.Assert(ftf.constant(False), [x])
            with pytest.raises(real.errors.InvalidArgumentError):
                real.Assert(real.constant(False), [real.constant(3)])
            f = ftf.function(lambda t: ftf.add(t, 1))
            assert int(f(x).numpy()) == int(real.function(lambda t: real.add(t, 1))(
                real.constant(3)).numpy()) == 4


MORE = [
    Spec("histogram_fixed_width", a(arrs(("float32", "int32"), shape=(7,), lo=-5, hi=5,
                                         specials=False),
                                    st.sampled_from([[-2.0, 3.0], [0.0, 1.0], [1.0, 1.0]]),
                                    nbins=st.sampled_from([1, 4, 10]))),
    Spec("histogram_fixed_width_bins", a(arrs(("float32",), shape=(2, 3), lo=-5, hi=5,
                                              specials=False), [-2.0, 3.0],
                                         nbins=st.sampled_from([3, 5]))),
    Spec("space_to_batch_nd", a(arrs(("float32",), shape=(2, 4, 6, 1)),
                                st.sampled_from([[2, 2], [1, 3]]),
                                st.sampled_from([[[0, 0], [0, 0]], [[2, 0], [1, 2]]]))),
    Spec("space_to_batch", a(arrs(("int32",), shape=(1, 4, 2)), [2], [[0, 2]])),
    Spec("batch_to_space", a(arrs(("float32",), shape=(8, 2, 3, 1)),
                             st.sampled_from([[2, 2], [4, 2]]),
                             st.sampled_from([[[0, 0], [0, 0]], [[1, 0], [0, 1]]]))),
]


@pytest.mark.parametrize("spec", MORE, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_core(spec, data):
    run_spec(spec, data)


# every name the fixed-draw tests of the issue-12 additions exercise (here and in test_linalg,
# test_nn, test_image, test_random, test_signal, test_programs, test_math; coverage.py imports
# this module)
NAMES = (
    "tf.approx_top_k",
    "tf.bitcast",
    "tf.conv",
    "tf.conv2d_backprop_filter_v2",
    "tf.conv2d_backprop_input_v2",
    "tf.extract_volume_patches",
    "tf.fftnd",
    "tf.ifftnd",
    "tf.image.combined_non_max_suppression",
    "tf.image.non_max_suppression",
    "tf.image.non_max_suppression_overlaps",
    "tf.image.non_max_suppression_padded",
    "tf.image.non_max_suppression_with_scores",
    "tf.image.random_crop",
    "tf.image.sample_distorted_bounding_box",
    "tf.image.ssim",
    "tf.image.ssim_multiscale",
    "tf.image.stateless_random_crop",
    "tf.image.stateless_sample_distorted_bounding_box",
    "tf.irfftnd",
    "tf.linalg.banded_triangular_solve",
    "tf.linalg.eigh_tridiagonal",
    "tf.linalg.expm",
    "tf.linalg.logm",
    "tf.linalg.lu",
    "tf.linalg.sqrtm",
    "tf.math.approx_max_k",
    "tf.math.approx_min_k",
    "tf.math.segment_prod",
    "tf.math.unsorted_segment_prod",
    "tf.matrix_square_root",
    "tf.nn.all_candidate_sampler",
    "tf.nn.approx_max_k",
    "tf.nn.approx_min_k",
    "tf.nn.atrous_conv2d_transpose",
    "tf.nn.compute_accidental_hits",
    "tf.nn.depthwise_conv2d_backprop_filter",
    "tf.nn.depthwise_conv2d_backprop_input",
    "tf.nn.fixed_unigram_candidate_sampler",
    "tf.nn.fractional_avg_pool",
    "tf.nn.fractional_max_pool",
    "tf.nn.isotonic_regression",
    "tf.nn.learned_unigram_candidate_sampler",
    "tf.nn.max_pool_with_argmax",
    "tf.nn.nce_loss",
    "tf.nn.sampled_softmax_loss",
    "tf.nn.with_space_to_batch",
    "tf.random.Generator",
    "tf.random.fixed_unigram_candidate_sampler",
    "tf.random.get_global_generator",
    "tf.random.learned_unigram_candidate_sampler",
    "tf.random.set_global_generator",
    "tf.random.stateless_normal",
    "tf.random.stateless_uniform",
    "tf.rfftnd",
    "tf.signal.fftnd",
    "tf.signal.ifftnd",
    "tf.signal.irfftnd",
    "tf.signal.rfftnd",
    "tf.vectorized_map",
)


covers(*NAMES)


def test_tf_added():
    v = uniform(2, 5, 6, 7, 3)
    for pad in ("SAME", "VALID"):
        chk("extract_volume_patches", A(v), [1, 2, 3, 2, 1], [1, 1, 2, 3, 1], pad)
    chk("extract_volume_patches", A(v), [2, 2, 3, 2, 1], [1, 1, 2, 3, 1], "SAME")  # raise
    i32 = RNG.integers(-1000, 1000, (3, 4)).astype(np.int32)
    chk("bitcast", A(i32), D("uint8"))
    chk("bitcast", A(uniform(3, 4)), D("int32"))
    chk("bitcast", A(RNG.integers(0, 255, (3, 4)).astype(np.uint8)), D("float32"))
    chk("bitcast", A(np.array([1.5, -2.0, np.inf], np.float64)), D("int16"))
    chk("bitcast", A(RNG.integers(0, 255, (3, 3)).astype(np.uint8)), D("float32"))  # raise
    x = uniform(4, 3)
    covers("tf.vectorized_map")
    exp = real.vectorized_map(lambda t: (real.reduce_sum(t * t), t[::-1]), x)
    for b in B2:
        with ivy.using_backend(b):
            got = ftf.vectorized_map(lambda t: (ftf.reduce_sum(t * t), t[::-1]), ftf.constant(x))
            compare(got, exp, b, 1e-5, 1e-6)
    d = uniform(6, 3, lo=0.5, hi=2)
    chk("math.segment_prod", A(d), A(np.array([0, 0, 1, 3, 3, 3], np.int32)), rtol=1e-5)
    chk("math.segment_prod", A(RNG.integers(-3, 4, (5,)).astype(np.int32)),
        A(np.array([0, 1, 1, 2, 2], np.int64)))
    chk("math.unsorted_segment_prod", A(d), A(np.array([2, 0, -1, 2, 0, 1], np.int32)), 4,
        rtol=1e-5)
