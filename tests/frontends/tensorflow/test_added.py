"""The tf.linalg / tf.nn / tf.image / tf / tf.math / tf.random functions added for coverage
(issue 12) vs real TensorFlow: numpy and the tensorflow Ivy backend by default (every backend
in IVY_TF_TEST_BACKENDS under IVY_FULL=1). Inputs are fixed draws (no hypothesis) to keep the
default run cheap."""

import os

import numpy as np
import pytest
import tensorflow as real

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, A, D, check, compare, covers

FULL = bool(os.environ.get("IVY_FULL"))
OTHER = "tensorflow" if "tensorflow" in BACKENDS else [b for b in BACKENDS if b != "numpy"][0]
B2 = BACKENDS if FULL else ("numpy", OTHER)
RNG = np.random.default_rng(12)

# every name the tests below exercise (coverage.py imports this module)
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


def _u(*shape, lo=-1.0, hi=1.0, dt=np.float32):
    return RNG.uniform(lo, hi, shape).astype(dt)


def _wc(n, batch=(), dt=np.float32, c=3.0):
    return (_u(*batch, n, n) + c * np.eye(n)).astype(dt)


def chk(path, *args, rtol=None, atol=None, **kw):
    covers("tf." + path)
    return check(path, *args, backends=B2, _rtol=rtol, _atol=atol, **kw)


# ------------------------------------------------------------------------------ tf.linalg
def test_linalg_added():
    chk("linalg.expm", A(_wc(3, (2,))), rtol=1e-3, atol=1e-4)
    chk("linalg.expm", A(_u(4, 4, dt=np.float64) * 8), rtol=1e-8, atol=1e-8)
    chk("linalg.expm", A(np.zeros((0, 0), np.float32)))
    chk("linalg.expm", A(_u(2, 3)))                       # not square: both raise
    chk("linalg.expm", A(np.eye(2, dtype=np.int32)))      # int: both raise
    chk("linalg.sqrtm", A(_wc(3, (2,))), rtol=1e-3, atol=1e-4)
    chk("linalg.sqrtm", A(_wc(4, dt=np.float64, c=2.0)), rtol=1e-8, atol=1e-9)
    chk("matrix_square_root", A(_wc(3)), rtol=1e-3, atol=1e-4)
    c = (_wc(3, dt=np.float64) + 0.3j * _u(3, 3)).astype(np.complex64)
    chk("linalg.logm", A(c), rtol=2e-3, atol=2e-4)
    chk("linalg.logm", A(_wc(3)))                          # real input: both raise
    chk("linalg.lu", A(_u(2, 4, 4)))
    chk("linalg.lu", A(_u(3, 3, dt=np.float64)), output_idx_type=D("int64"))
    bd = _u(3, 5, lo=1, hi=2)
    for lower in (True, False):
        for adj in (False, True):
            chk("linalg.banded_triangular_solve", A(bd), A(_u(5, 2)), lower=lower, adjoint=adj,
                rtol=1e-4, atol=1e-5)
    chk("linalg.banded_triangular_solve", A(bd), A(_u(5, 2, dt=np.float64)))  # mixed: raise
    chk("linalg.tridiagonal_matmul", A(_wc(4)), A(_u(4, 2)), diagonals_format="matrix",
        rtol=1e-5, atol=1e-6)
    al, be = _u(6, dt=np.float64), _u(5, dt=np.float64)
    chk("linalg.eigh_tridiagonal", A(al), A(be))
    chk("linalg.eigh_tridiagonal", A(al), A(be), select="i", select_range=[1, 3])
    chk("linalg.eigh_tridiagonal", A(al), A(be), select="v", select_range=[-0.5, 0.5])
    e, v = real.linalg.eigh_tridiagonal(al, be, eigvals_only=False)
    for b in B2:
        with ivy.using_backend(b):
            ge, gv = ftf.linalg.eigh_tridiagonal(ftf.constant(al), ftf.constant(be),
                                                 eigvals_only=False)
            np.testing.assert_allclose(ge.numpy(), e.numpy(), rtol=1e-9, atol=1e-12)
            np.testing.assert_allclose(np.abs(gv.numpy()), np.abs(v.numpy()), atol=1e-9)


# ------------------------------------------------------------------------------ tf.nn / tf
def _conv_case(pad, st):
    inp, w = _u(2, 7, 8, 3), _u(3, 2, 3, 4)
    g = _u(*real.nn.conv2d(inp, w, st, pad).shape)
    return inp, w, g


@pytest.mark.parametrize("pad,st", [("SAME", [1, 2, 2, 1]), ("VALID", [1, 1, 2, 1])])
def test_conv_backprops(pad, st):
    inp, w, g = _conv_case(pad, st)
    # Conv2DBackprop*V2 have no CPU kernel in TF 2.21: compared with the V1 kernels
    exp_f = real.raw_ops.Conv2DBackpropFilter(input=inp, filter_sizes=w.shape, out_backprop=g,
                                              strides=st, padding=pad)
    exp_i = real.raw_ops.Conv2DBackpropInput(input_sizes=inp.shape, filter=w, out_backprop=g,
                                             strides=st, padding=pad)
    covers("tf.conv2d_backprop_filter_v2", "tf.conv2d_backprop_input_v2")
    for b in B2:
        with ivy.using_backend(b):
            args = (ftf.constant(inp), ftf.constant(w), ftf.constant(g), st, pad)
            compare(ftf.conv2d_backprop_filter_v2(*args), exp_f, b, 1e-4, 1e-4)
            compare(ftf.conv2d_backprop_input_v2(*args), exp_i, b, 1e-4, 1e-4)
    chk("conv", A(inp), A(w), st, pad, rtol=1e-4, atol=1e-4)
    chk("conv", A(inp), A(w), st, pad, data_format="CHANNELS_FIRST")    # shapes: both raise
    dw = _u(3, 2, 3, 2)
    gd = _u(*real.nn.depthwise_conv2d(inp, dw, st, pad).shape)
    chk("nn.depthwise_conv2d_backprop_filter", A(inp), [3, 2, 3, 2], A(gd), st, pad, rtol=1e-4,
        atol=1e-4)
    chk("nn.depthwise_conv2d_backprop_input", [2, 7, 8, 3], A(dw), A(gd), st, pad, rtol=1e-4,
        atol=1e-4)
    chk("nn.max_pool_with_argmax", A(inp), [1, 3, 2, 1], st, pad, include_batch_in_index=True)
    chk("nn.max_pool_with_argmax", A(inp), [1, 3, 2, 1], st, pad, output_dtype=D("int32"))


def test_nn_added():
    v2, w2 = _u(2, 5, 5, 3), _u(3, 3, 4, 3)
    chk("nn.atrous_conv2d_transpose", A(v2), A(w2), [2, 5, 5, 4], 2, "SAME", rtol=1e-4, atol=1e-4)
    chk("nn.atrous_conv2d_transpose", A(v2), A(w2), [2, 9, 9, 4], 2, "VALID", rtol=1e-4,
        atol=1e-4)
    inp, f4 = _u(2, 7, 8, 3), _u(3, 3, 3, 4)
    covers("tf.nn.with_space_to_batch")
    for pad in ("SAME", "VALID"):
        exp = real.nn.with_space_to_batch(inp, [2, 2], pad, lambda a, n, p: real.nn.conv2d(
            a, f4, 1, p), filter_shape=[3, 3])
        for b in B2:
            with ivy.using_backend(b):
                got = ftf.nn.with_space_to_batch(
                    ftf.constant(inp), [2, 2], pad,
                    lambda a, n, p: ftf.nn.conv2d(a, ftf.constant(f4), 1, p), filter_shape=[3, 3])
                compare(got, exp, b, 1e-4, 1e-4)
    # isotonic regression: ties (integer data) exercise TF's segment rule
    iso = [np.array([[1, 3, 2, 4, 3, 1]], np.int32), np.array([1.0, 1, 1, 2, 2], np.float32),
           RNG.integers(0, 4, (3, 9)).astype(np.int32), _u(4, 7),
           RNG.integers(0, 3, (2, 6)).astype(np.float64), _u(3, 5).astype(np.float16)]
    for i, v in enumerate(iso):
        chk("nn.isotonic_regression", A(v), decreasing=bool(i % 2), axis=-1 if i % 3 else 0,
            rtol=1e-5, atol=1e-6)
    chk("nn.isotonic_regression", A(np.array([[True, False]])))                # bool: raise
    x = _u(3, 8)
    chk("nn.approx_max_k", A(x), 3)
    chk("math.approx_max_k", A(x.astype(np.float16)), 2)
    chk("math.approx_max_k", A(x.astype(np.float64)), 2)                # float64: raise
    chk("approx_top_k", A(x), 2)
    # TF's CPU kernel only has max-k: approx_min_k(x) is compared with approx_max_k(-x)
    covers("tf.nn.approx_min_k", "tf.math.approx_min_k")
    ev, ei = real.math.approx_max_k(-x, 3)
    for b in B2:
        with ivy.using_backend(b):
            gv, gi = ftf.nn.approx_min_k(ftf.constant(x), 3)
            compare(gv, -ev, b)
            compare(gi, ei, b)
    tc = A(np.array([[1, 2], [3, 3], [0, 5]], np.int64))
    sa = A(np.array([3, 1, 5, 3, 7], np.int64))
    chk("nn.compute_accidental_hits", tc, sa, 2)
    chk("nn.compute_accidental_hits", tc, A(np.array([3, 1], np.int32)), 2)   # int32: raise
    W, B_ = RNG.normal(0, 1, (10, 4)).astype(np.float32), RNG.normal(0, 1, 10).astype(np.float32)
    lab = np.array([[1, 4], [3, 9], [7, 0]], np.int64)
    xs = RNG.normal(0, 1, (3, 4)).astype(np.float32)
    sv = (A(np.array([3, 0, 5, 9, 2], np.int64)), A(_u(3, 2, lo=0.1, hi=1)),
          A(_u(5, lo=0.1, hi=1)))
    for rah in (False, True):
        chk("nn.nce_loss", A(W), A(B_), A(lab), A(xs), 5, 10, num_true=2, sampled_values=sv,
            remove_accidental_hits=rah, rtol=1e-4, atol=1e-5)
        chk("nn.sampled_softmax_loss", A(W), A(B_), A(lab), A(xs), 5, 10, num_true=2,
            sampled_values=sv, remove_accidental_hits=rah, rtol=1e-4, atol=1e-5)


def test_tf_added():
    v = _u(2, 5, 6, 7, 3)
    for pad in ("SAME", "VALID"):
        chk("extract_volume_patches", A(v), [1, 2, 3, 2, 1], [1, 1, 2, 3, 1], pad)
    chk("extract_volume_patches", A(v), [2, 2, 3, 2, 1], [1, 1, 2, 3, 1], "SAME")  # raise
    i32 = RNG.integers(-1000, 1000, (3, 4)).astype(np.int32)
    chk("bitcast", A(i32), D("uint8"))
    chk("bitcast", A(_u(3, 4)), D("int32"))
    chk("bitcast", A(RNG.integers(0, 255, (3, 4)).astype(np.uint8)), D("float32"))
    chk("bitcast", A(np.array([1.5, -2.0, np.inf], np.float64)), D("int16"))
    chk("bitcast", A(RNG.integers(0, 255, (3, 3)).astype(np.uint8)), D("float32"))  # raise
    x = _u(4, 3)
    covers("tf.vectorized_map")
    exp = real.vectorized_map(lambda t: (real.reduce_sum(t * t), t[::-1]), x)
    for b in B2:
        with ivy.using_backend(b):
            got = ftf.vectorized_map(lambda t: (ftf.reduce_sum(t * t), t[::-1]), ftf.constant(x))
            compare(got, exp, b, 1e-5, 1e-6)
    d = _u(6, 3, lo=0.5, hi=2)
    chk("math.segment_prod", A(d), A(np.array([0, 0, 1, 3, 3, 3], np.int32)), rtol=1e-5)
    chk("math.segment_prod", A(RNG.integers(-3, 4, (5,)).astype(np.int32)),
        A(np.array([0, 1, 1, 2, 2], np.int64)))
    chk("math.unsorted_segment_prod", A(d), A(np.array([2, 0, -1, 2, 0, 1], np.int32)), 4,
        rtol=1e-5)


# ------------------------------------------------------------------------------ tf.image
def test_image_added():
    x = _u(2, 24, 24, 3, lo=0, hi=1)
    y = np.clip(x + RNG.normal(0, 0.1, x.shape), 0, 1).astype(np.float32)
    chk("image.ssim", A(x), A(y), 1.0, rtol=1e-4, atol=1e-5)
    chk("image.ssim", A(x), A(y), 1.0, filter_size=5, return_index_map=True, rtol=1e-4,
        atol=1e-5)
    chk("image.ssim", A((x * 255).astype(np.uint8)), A((y * 255).astype(np.uint8)), 255,
        rtol=1e-4, atol=1e-5)
    big = _u(1, 178, 177, 1, lo=0, hi=1)
    big2 = np.clip(big + RNG.normal(0, 0.1, big.shape), 0, 1).astype(np.float32)
    chk("image.ssim_multiscale", A(big), A(big2), 1.0, rtol=1e-3, atol=1e-4)
    chk("image.ssim_multiscale", A(x[:, :12, :12]), A(y[:, :12, :12]), 1.0,
        power_factors=(0.5, 0.5), filter_size=3, rtol=1e-3, atol=1e-4)
    boxes, scores = _u(12, 4, lo=0, hi=1), _u(12, lo=0, hi=1)
    chk("image.non_max_suppression", A(boxes), A(scores), 6, 0.3)
    chk("image.non_max_suppression", A(boxes), A(scores), 20, 0.5, 0.4)
    chk("image.non_max_suppression_with_scores", A(boxes), A(scores), 6, 0.3, 0.2)
    chk("image.non_max_suppression_overlaps", A(_u(12, 12, lo=0, hi=1)), A(scores), 6, 0.5)
    chk("image.non_max_suppression", A(boxes), A(scores[:5]), 6, 0.3)       # shapes: raise
    chk("image.non_max_suppression_padded", A(boxes), A(scores), 5, 0.3)
    chk("image.non_max_suppression_padded", A(boxes), A(scores), 9, 0.3, 0.5,
        pad_to_max_output_size=True)
    chk("image.non_max_suppression_padded", A(boxes[None]), A(scores[None]), 5, 0.3)  # raise
    cb = _u(2, 10, 1, 4, lo=-0.2, hi=1.2)
    cs = _u(2, 10, 3, lo=0, hi=1)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4, pad_per_class=True)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4, 0.4, clip_boxes=False)
    chk("image.combined_non_max_suppression", A(_u(2, 10, 3, 4, lo=0, hi=1)), A(cs), 4, 20,
        0.4)
    covers("tf.image.random_crop", "tf.image.stateless_random_crop")
    img = _u(2, 9, 8, 3)
    exp = real.image.random_crop(img, [2, 5, 6, 3], seed=3)
    exp_s = real.image.stateless_random_crop(img, [2, 5, 6, 3], seed=[1, 2])
    for b in B2:
        with ivy.using_backend(b):
            for got, e in ((ftf.image.random_crop(ftf.constant(img), [2, 5, 6, 3], seed=3), exp),
                           (ftf.image.stateless_random_crop(ftf.constant(img), [2, 5, 6, 3],
                                                            seed=[1, 2]), exp_s)):
                assert got.shape.as_list() == e.shape.as_list() and got.dtype.name == "float32"
                g = got.numpy()
                hits = [(i, j) for i in range(5) for j in range(3)
                        if np.array_equal(img[:, i:i + 5, j:j + 6], g)]
                assert len(hits) == 1, "not a crop of the image"
            s1 = ftf.image.stateless_random_crop(ftf.constant(img), [1, 4, 4, 3], seed=[4, 5])
            s2 = ftf.image.stateless_random_crop(ftf.constant(img), [1, 4, 4, 3], seed=[4, 5])
            np.testing.assert_array_equal(s1.numpy(), s2.numpy())
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.image.random_crop(ftf.constant(img), [3, 5, 6, 3])
    with pytest.raises(real.errors.InvalidArgumentError):
        real.image.random_crop(img, [3, 5, 6, 3])


# ------------------------------------------------------------------------------ tf.random
def test_random_added():
    """Generator: the state layout is TF's (compared by value); draws compared by dtype and
    shape (not TF's Philox numbers); the unigram samplers' deterministic expected counts."""
    covers("tf.random.Generator", "tf.random.get_global_generator",
           "tf.random.set_global_generator",
    "tf.random.stateless_normal",
    "tf.random.stateless_uniform", "tf.random.fixed_unigram_candidate_sampler",
           "tf.random.learned_unigram_candidate_sampler", "tf.nn.all_candidate_sampler",
           "tf.nn.fixed_unigram_candidate_sampler", "tf.nn.learned_unigram_candidate_sampler")
    for i, b in enumerate(B2):
        with ivy.using_backend(b):
            for seed in (5, 2 ** 70 + 3, [1, 2]):
                for alg in ("philox", "threefry", None):
                    e = real.random.Generator.from_seed(seed, alg=alg)
                    g = ftf.random.Generator.from_seed(seed, alg=alg)
                    compare(g.state.read_value(), e.state.read_value(), b)
                    assert g.algorithm == e.algorithm
            e, g = real.random.Generator.from_seed(3), ftf.random.Generator.from_seed(3)
            calls = [("normal", ([2, 3],), {}), ("uniform", ([4],), {"dtype": "float64"}),
                     ("uniform", ([4],), {"minval": 2, "maxval": 9, "dtype": "int32"}),
                     ("truncated_normal", ([2],), {}), ("make_seeds", (3,), {}),
                     ("binomial", ([3], [5.0, 5, 5], [0.5, 0.5, 0.5]), {})] + \
                [("uniform_full_int", ([3],), {"dtype": t})
                 for t in ("int32", "int64", "uint32", "uint64")]
            for m, a, k in calls:
                x, y = getattr(e, m)(*a, **k), getattr(g, m)(*a, **k)
                assert (x.dtype.name, x.shape.as_list()) == (y.dtype.name, y.shape.as_list()), m
            u = g.uniform([1000], minval=2, maxval=9, dtype="int32").numpy()
            assert u.min() >= 2 and u.max() < 9
            g1, g2 = ftf.random.Generator.from_seed(7), ftf.random.Generator.from_seed(7)
            np.testing.assert_array_equal(g1.normal([5]).numpy(), g2.normal([5]).numpy())
            assert len(g1.split(3)) == 3
            ftf.random.set_global_generator(ftf.random.Generator.from_seed(11))
            assert ftf.random.get_global_generator().normal([2]).shape == [2]
            tc = np.array([[1], [1], [3]], np.int64)
            kw = dict(unigrams=[1.0, 2, 3, 4, 5], distortion=0.5)
            ef = real.random.fixed_unigram_candidate_sampler(tc, 1, 4, False, 5, seed=1, **kw)
            gf = ftf.random.fixed_unigram_candidate_sampler(ftf.constant(tc), 1, 4, False, 5,
                                                            seed=1, **kw)
            compare(gf.true_expected_count, ef.true_expected_count, b)
            assert gf.sampled_candidates.dtype.name == "int64"
            gs = gf.sampled_candidates.numpy()
            np.testing.assert_allclose(gf.sampled_expected_count.numpy(),
                                       4 * (np.arange(1, 6) ** 0.5 / np.sum(
                                           np.arange(1, 6) ** 0.5))[gs], rtol=1e-6)
            # learned: counts persist across calls with the same seed, as TF's kernel cache
            seed = 900 + i
            for _ in range(3):
                el = real.random.learned_unigram_candidate_sampler(tc, 1, 4, False, 5, seed=seed)
                gl = ftf.random.learned_unigram_candidate_sampler(ftf.constant(tc), 1, 4, False,
                                                                  5, seed=seed)
                compare(gl.true_expected_count, el.true_expected_count, b)
            chk("nn.all_candidate_sampler", A(tc), 1, 5, True)


# ------------------------------------------------------------------------------ N-d FFTs
def test_fftnd():
    """TF 2.21 has no CPU kernel for FFTND & co.: the N-d transforms are compared with TF's
    fft/fft2d/fft3d/rfft2d/irfft2d kernels on the same axes (norms as TF's wrappers scale)."""
    covers("tf.signal.fftnd", "tf.signal.ifftnd", "tf.signal.rfftnd", "tf.signal.irfftnd",
           "tf.fftnd", "tf.ifftnd", "tf.rfftnd", "tf.irfftnd")
    S = real.signal
    c2 = (_u(2, 3, 4) + 1j * _u(2, 3, 4)).astype(np.complex64)
    # (a tf.constant: TF's fft3d of a complex128 *NumPy* array returns complex64 after the
    # first call -- a dtype-inference cache quirk)
    c3 = real.constant(_u(2, 3, 4, dt=np.float64) + 1j * _u(2, 3, 4, dt=np.float64))
    r2 = _u(3, 4, 6)
    h2 = (_u(3, 4, 4) + 1j * _u(3, 4, 4)).astype(np.complex64)
    cases = [
        (lambda m, t: m.signal.fftnd(t(c3)), S.fft3d(c3)),
        (lambda m, t: m.signal.fftnd(t(c2), axes=[1, 2]), S.fft2d(c2)),
        (lambda m, t: m.signal.fftnd(t(c2), fft_length=[5], axes=[-1]),
         S.fft(np.pad(c2, [(0, 0), (0, 0), (0, 1)]))),
        (lambda m, t: m.signal.fftnd(t(c2), axes=[1, 2], norm="ortho"),
         S.fft2d(c2) / np.complex64(np.sqrt(12))),
        (lambda m, t: m.signal.ifftnd(t(c2), axes=[1, 2], norm="forward"),
         S.ifft2d(c2) * np.complex64(12)),
        (lambda m, t: m.signal.ifftnd(t(c3)), S.ifft3d(c3)),
        (lambda m, t: m.signal.rfftnd(t(r2), axes=[1, 2]), S.rfft2d(r2)),
        (lambda m, t: m.signal.rfftnd(t(r2), fft_length=[3, 4], axes=[1, 2]),
         S.rfft2d(r2, [3, 4])),
        (lambda m, t: m.signal.irfftnd(t(h2), axes=[1, 2]), S.irfft2d(h2)),
        (lambda m, t: m.signal.irfftnd(t(h2), fft_length=[4, 5], axes=[1, 2]),
         S.irfft2d(h2, [4, 5])),
        (lambda m, t: m.fftnd(t(c2), [3, 4], [1, 2]), S.fft2d(c2)),
        (lambda m, t: m.ifftnd(t(c2), [3, 4], [1, 2]), S.ifft2d(c2)),
        (lambda m, t: m.rfftnd(t(r2), [4, 6], [1, 2]), S.rfft2d(r2)),
        (lambda m, t: m.irfftnd(t(h2), [4, 6], [1, 2]), S.irfft2d(h2, [4, 6])),
    ]
    for b in B2:
        with ivy.using_backend(b):
            for i, (fn, exp) in enumerate(cases):
                compare(fn(ftf, lambda v: ftf.constant(np.asarray(v))), exp, b, 1e-4, 1e-4,
                        where=f"fftnd case {i}")
            for bad in (lambda: ftf.signal.rfftnd(ftf.constant(c2)),
                        lambda: ftf.signal.irfftnd(ftf.constant(r2)),
                        lambda: ftf.fftnd(ftf.constant(r2), [4, 6], [1, 2])):
                with pytest.raises((ValueError, ftf.errors.InvalidArgumentError)):
                    bad()
    # TF's wrappers raise too (on tensors; NumPy arrays are converted to the preferred dtype)
    for bad in (lambda: S.rfftnd(real.constant(c2)), lambda: S.irfftnd(real.constant(r2))):
        with pytest.raises(ValueError):
            bad()


# ------------------------------------------------------------------------------ Philox
def test_stateless_philox_bit_exact():
    """stateless_uniform is TF's Philox stream bit for bit (float16/32/64, int32 ranges; int32
    and int64 seeds incl. negative and > 2**32 words); stateless_normal agrees to the last ulp
    or two of the backend's float64 libm (TF's Box-Muller)."""
    seeds = [[1, 2], [0, 0], [-5, 7]]
    seeds64 = [np.array([2 ** 40 + 7, -(2 ** 35) - 1], np.int64)]
    for b in B2:
        with ivy.using_backend(b):
            for sd in seeds + seeds64:
                fs = ftf.constant(sd) if isinstance(sd, np.ndarray) else sd
                rs = real.constant(sd) if isinstance(sd, np.ndarray) else sd
                for kw in (dict(), dict(dtype="float16"), dict(dtype="float64"),
                           dict(minval=-2.0, maxval=3.0),
                           dict(dtype="int32", minval=-4, maxval=9)):
                    e = real.random.stateless_uniform([5, 3], seed=rs, **kw)
                    g = ftf.random.stateless_uniform([5, 3], seed=fs, **kw)
                    assert g.dtype.name == e.dtype.name
                    np.testing.assert_array_equal(g.numpy(), e.numpy(), err_msg=f"{b} {kw}")
                for dt, tol in (("float32", 3e-7), ("float64", 1e-15), ("float16", 1e-3)):
                    e = real.random.stateless_normal([7], seed=rs, mean=1.0, stddev=2.0,
                                                     dtype=dt)
                    g = ftf.random.stateless_normal([7], seed=fs, mean=1.0, stddev=2.0,
                                                    dtype=dt)
                    compare(g, e, b, rtol=tol, atol=tol)
            with pytest.raises(NotImplementedError):
                ftf.random.stateless_uniform([2], seed=[1, 2], alg="threefry")
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.random.stateless_uniform([2], seed=[1, 2, 3])


def test_fractional_pool():
    """The pooling over given boundary sequences is compared with TF on TF's own sequences;
    the public functions' outputs by dtype/shape and their sequences' structure (the draws are
    the frontend's)."""
    from ivy.frontends.tensorflow import nn as fnn

    covers("tf.nn.fractional_max_pool", "tf.nn.fractional_avg_pool")
    for b in B2:
        with ivy.using_backend(b):
            for dt in (np.float32, np.int32):
                x = RNG.uniform(-5, 5, (2, 9, 11, 3)).astype(dt)
                for pr, ov, ps in (([1, 1.5, 1.7, 1], False, False),
                                   ([1, 1.44, 1.73, 1], True, True),
                                   ([1, 2.0, 1.3, 1], True, False)):
                    for kind in ("max", "avg"):
                        e = getattr(real.nn, f"fractional_{kind}_pool")(
                            x, pr, pseudo_random=ps, overlapping=ov, seed=3)
                        got = fnn._fractional_pool(ftf.constant(x)._data,
                                                   ftf.constant(e[1].numpy())._data,
                                                   ftf.constant(e[2].numpy())._data, ov, kind)
                        compare(ftf.constant(np.asarray(ivy.to_numpy(got))), e[0], b, 1e-5,
                                1e-5)
                        f = getattr(ftf.nn, f"fractional_{kind}_pool")(
                            ftf.constant(x), pr, pseudo_random=ps, overlapping=ov, seed=3)
                        for t, te in zip(f, e, strict=True):
                            assert (t.dtype.name, t.shape.as_list()) == \
                                (te.dtype.name, te.shape.as_list())
                        for seq, n in ((f[1].numpy(), 9), (f[2].numpy(), 11)):
                            steps = np.diff(seq)
                            assert seq[0] == 0 and seq[-1] == n and steps.min() >= 1
                            if not ps:
                                k = n // (len(seq) - 1)
                                assert set(steps.tolist()) <= {k, k + 1}


def _check_crop(g, boxes, H, W, mo, area_range, ar_range):
    (y, x, _), (h, w, c) = g.begin.numpy().tolist(), g.size.numpy().tolist()
    assert c == -1 and 0 <= y and 0 <= x and y + h <= H and x + w <= W and h > 0 and w > 0
    np.testing.assert_allclose(g.bboxes.numpy().ravel(), [y / H, x / W, (y + h) / H,
                                                          (x + w) / W], rtol=1e-6)
    if (h, w) == (H, W) and (y, x) == (0, 0):
        return  # TF's fallback (no attempt succeeded) is the whole image
    assert area_range[0] * H * W <= h * w <= area_range[1] * H * W
    assert ar_range[0] - 1.0 / h <= w / h <= ar_range[1] + 1.0 / h
    cov = []
    for b in boxes.reshape(-1, 4):
        iy = max(0.0, min(y + h, b[2] * H) - max(y, b[0] * H))
        ix = max(0.0, min(x + w, b[3] * W) - max(x, b[1] * W))
        cov.append(iy * ix / ((b[2] - b[0]) * H * (b[3] - b[1]) * W))
    assert max(cov) >= mo - 1e-6


def test_sample_distorted_bounding_box():
    """dtypes/shapes and errors vs TF; each crop is a valid one under TF's rules (fits the
    image, area and aspect ranges, covers min_object_covered of a box; else the whole image);
    the stateless form is reproducible (the draws are the frontend's / Philox uniforms)."""
    covers("tf.image.sample_distorted_bounding_box",
           "tf.image.stateless_sample_distorted_bounding_box")
    boxes = np.array([[[0.1, 0.2, 0.5, 0.6], [0.3, 0.3, 0.9, 0.8]]], np.float32)
    H, W = 20, 30
    for b in B2:
        with ivy.using_backend(b):
            for kw in (dict(min_object_covered=0.3),
                       dict(min_object_covered=0.9, area_range=(0.05, 0.3)),
                       dict(aspect_ratio_range=(0.5, 2.0), area_range=(0.1, 0.5))):
                e = real.image.sample_distorted_bounding_box([H, W, 3], real.constant(boxes),
                                                             seed=1, **kw)
                es = real.image.stateless_sample_distorted_bounding_box(
                    [H, W, 3], real.constant(boxes), seed=[1, 2], **kw)
                args = (kw.get("min_object_covered", 0.1), kw.get("area_range", (0.05, 1.0)),
                        kw.get("aspect_ratio_range", (0.75, 1.33)))
                for s in range(3):
                    g = ftf.image.sample_distorted_bounding_box([H, W, 3], ftf.constant(boxes),
                                                                seed=s + 1, **kw)
                    for t, te in zip(g, e, strict=True):
                        assert (t.dtype.name, t.shape.as_list()) == \
                            (te.dtype.name, te.shape.as_list())
                    _check_crop(g, boxes, H, W, *args)
                gs = [ftf.image.stateless_sample_distorted_bounding_box(
                    [H, W, 3], ftf.constant(boxes), seed=[1, 2], **kw) for _ in range(2)]
                for t, te in zip(gs[0], es, strict=True):
                    assert (t.dtype.name, t.shape.as_list()) == (te.dtype.name,
                                                                 te.shape.as_list())
                _check_crop(gs[0], boxes, H, W, *args)
                np.testing.assert_array_equal(gs[0].begin.numpy(), gs[1].begin.numpy())
            chk("image.sample_distorted_bounding_box", [H, W, 3],
                A(np.zeros((1, 0, 4), np.float32)))                       # no boxes: raise


def test_trace_added():
    """Philox stateless_uniform -> expm -> lu traced with ivy.trace_graph: the seed is graph
    data (a second seed replays correctly), and the graph replays on JAX."""
    def f(x, s):
        t, sd = ftf._core.wrap(ivy.to_native(x)), ftf._core.wrap(ivy.to_native(s))
        u = ftf.random.stateless_uniform([3, 3], seed=sd)
        return ivy.Array(ftf.linalg.lu(ftf.linalg.expm(t + u))[0]._data)

    x = np.eye(3, dtype=np.float32)
    g = ivy.trace_graph(f, x, np.array([1, 2], np.int64))
    for seed in ([1, 2], [5, 9]):
        s = np.array(seed, np.int64)
        exp = real.linalg.lu(real.linalg.expm(
            x + real.random.stateless_uniform([3, 3], seed=real.constant(s))))[0].numpy()
        np.testing.assert_allclose(ivy.to_numpy(g(x, s)), exp, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(ivy.to_numpy(g.with_backend("jax")(x, s)), exp, rtol=1e-4,
                                   atol=1e-5)


def test_extract_patches_traced_follows_new_images():
    """extract_patches' windows are ivy.get_item calls (native slicing is not recorded): the
    traced graph gives the patches of a new image, not the example's."""
    def f(x):
        t = ftf._core.wrap(ivy.to_native(x))
        return ivy.Array(ftf.image.extract_patches(t, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1],
                                                   "SAME")._data)

    rng = np.random.default_rng(3)
    x, y = (rng.random((1, 6, 5, 2)).astype(np.float32) for _ in range(2))
    g = ivy.trace_graph(f, x)
    exp = real.image.extract_patches(y, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")
    np.testing.assert_allclose(ivy.to_numpy(g(y)), exp.numpy())


def test_abs_of_complex_is_the_magnitude():
    z = np.array([3 + 4j, -1j, 0], np.complex64)
    for b in ("numpy", "tensorflow"):
        with ivy.using_backend(b):
            for fn in (ftf.abs, ftf.math.abs):
                got = fn(ftf.constant(z))
                want = real.abs(z)
                assert str(got.dtype.name) == want.dtype.name
                np.testing.assert_allclose(np.asarray(got.numpy()), want.numpy())
