"""tf.nn, tf.image and tf.signal vs real TensorFlow."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import EX, F64, FLOATS, A, D, Spec, a, arrays, arrs, covers, run_spec, same_pair

ACT = ["relu", "relu6", "elu", "selu", "softplus", "softsign", "silu", "swish", "sigmoid",
       "tanh", "math.log_sigmoid"]
SPECS = [Spec(n if "." in n else "nn." + n, a(arrs(F64 + ("int32",), lo=-10, hi=10)), rtol=1e-4, atol=1e-5)
         for n in ACT]
img = arrays("float32", (2, 6, 6, 3), lo=-2, hi=2, specials=False).map(A)
SPECS += [
    Spec("nn.gelu", a(arrs(F64, lo=-6, hi=6, specials=False), approximate=st.booleans()),
         rtol=1e-4, atol=1e-5),
    Spec("nn.leaky_relu", a(arrs(("float32", "int32"), lo=-5, hi=5),
                            alpha=st.sampled_from([0.2, 0.01, 1.5]))),
    Spec("nn.silu", a(arrs(FLOATS, lo=-5, hi=5, specials=False), beta=st.sampled_from(
        [1.0, 0.5]))),
    Spec("nn.softmax", a(arrs(F64, shape=st.sampled_from([(3,), (2, 3), (2, 0)]), lo=-5, hi=5,
                              specials=False), axis=st.sampled_from([None, 0, -1])),
         rtol=1e-4, atol=1e-6),
    Spec("nn.log_softmax", a(arrs(F64, shape=st.sampled_from([(3,), (2, 3)]), lo=-5, hi=5,
                                  specials=False), axis=st.sampled_from([None, 0, -1])),
         rtol=1e-4, atol=1e-5),
    Spec("nn.l2_normalize", a(arrs(F64, shape=(2, 3), specials=False),
                              axis=st.sampled_from([None, 0, 1, [0, 1]])), rtol=1e-4),
    Spec("math.l2_normalize", a(arrs(FLOATS, shape=(3,), specials=False))),
    Spec("nn.moments", a(arrs(FLOATS, shape=(2, 3, 2), specials=False),
                         st.sampled_from([[0], [0, 1], [2], [0, 1, 2]]),
                         keepdims=st.booleans()), rtol=1e-4, atol=1e-4),
    Spec("nn.batch_normalization", a(arrs(FLOATS, shape=(2, 3), specials=False),
                                     arrs(FLOATS, shape=(3,), specials=False),
                                     arrs(FLOATS, shape=(3,), lo=0.5, hi=2, specials=False),
                                     st.one_of(st.none(), arrs(FLOATS, shape=(3,),
                                                               specials=False)),
                                     st.one_of(st.none(), arrs(FLOATS, shape=(3,),
                                                               specials=False)),
                                     1e-3), rtol=1e-4, atol=1e-4),
    Spec("nn.bias_add", a(arrs(("float32", "int32"), shape=(2, 3)),
                          arrs(("float32",), shape=st.sampled_from([(3,), (2,)])))),
    Spec("nn.bias_add", a(arrs(FLOATS, shape=(2, 3, 4)), arrs(FLOATS, shape=(3,)),
                          data_format="NCHW")),
    Spec("nn.conv2d", a(img, arrays("float32", (3, 3, 3, 4), lo=-1, hi=1, specials=False).map(A),
                        strides=st.sampled_from([1, 2, [1, 2, 1, 1], [1, 2]]),
                        padding=st.sampled_from(["SAME", "VALID", [[0, 0], [1, 0], [2, 1],
                                                                   [0, 0]]])),
         rtol=1e-4, atol=1e-4),
    Spec("nn.conv2d", a(img, arrays("float32", (2, 2, 3, 2), lo=-1, hi=1, specials=False).map(A), 1,
                        padding=st.sampled_from(["SAME", "VALID"]), dilations=2),
         rtol=1e-4, atol=1e-4),
    Spec("nn.conv2d", a(img, arrays("float32", (2, 2, 1, 4), lo=-1, hi=1, specials=False).map(A), 1, "SAME")),
    Spec("nn.conv1d", a(arrays("float32", (2, 7, 3), lo=-1, hi=1, specials=False).map(A),
                        arrays("float32", (3, 3, 2), lo=-1, hi=1, specials=False).map(A),
                        st.sampled_from([1, 2]), st.sampled_from(["SAME", "VALID"]),
                        dilations=st.sampled_from([None, 2])), rtol=1e-4, atol=1e-4),
    Spec("nn.depthwise_conv2d", a(img, arrays("float32", (3, 3, 3, 2), lo=-1, hi=1, specials=False).map(A),
                                  st.sampled_from([[1, 1, 1, 1], [1, 2, 2, 1]]),
                                  st.sampled_from(["SAME", "VALID"])), rtol=1e-4, atol=1e-4),
    Spec("nn.conv2d_transpose", a(arrays("float32", (1, 3, 3, 2), lo=-1, hi=1, specials=False).map(A),
                                  arrays("float32", (3, 3, 4, 2), lo=-1, hi=1, specials=False).map(A),
                                  st.sampled_from([[1, 6, 6, 4], [1, 5, 5, 4], [1, 7, 7, 4],
                                                   [1, 3, 3, 4]]),
                                  st.sampled_from([1, 2]), st.sampled_from(["SAME", "VALID"])),
         rtol=1e-4, atol=1e-4),
    Spec("nn.max_pool2d", a(img, st.sampled_from([2, 3, [1, 2, 2, 1]]), st.sampled_from([1, 2]),
                            st.sampled_from(["SAME", "VALID"]))),
    Spec("nn.avg_pool2d", a(img, st.sampled_from([2, 3]), st.sampled_from([1, 2, 3]),
                            st.sampled_from(["SAME", "VALID"])), rtol=1e-5, atol=1e-6),
    Spec("nn.max_pool1d", a(arrays("float32", (2, 5, 2), specials=False).map(A), 2, 2, "SAME")),
    Spec("nn.avg_pool1d", a(arrays("float32", (2, 5, 2), specials=False).map(A), 3, 1,
                            "VALID")),
    Spec("nn.max_pool", a(img, 2, 2, "VALID")),
    Spec("nn.avg_pool", a(img, 2, 2, "SAME")),
    Spec("nn.sparse_softmax_cross_entropy_with_logits",
         a(labels=arrays("int32", (3,), lo=0, hi=3).map(A),
           logits=arrs(F64, shape=(3, 4), lo=-5, hi=5, specials=False)), rtol=1e-4, atol=1e-5),
    Spec("nn.sparse_softmax_cross_entropy_with_logits",
         a(labels=A(np.array([4], np.int32)), logits=arrs(FLOATS, shape=(1, 4)))),
    Spec("nn.softmax_cross_entropy_with_logits",
         a(arrs(FLOATS, shape=(3, 4), lo=0, hi=1, specials=False),
           arrs(FLOATS, shape=(3, 4), lo=-5, hi=5, specials=False)), rtol=1e-4, atol=1e-5),
    Spec("nn.sigmoid_cross_entropy_with_logits",
         a(labels=arrs(FLOATS, shape=(2, 3), lo=0, hi=1, specials=False),
           logits=arrs(FLOATS, shape=(2, 3), lo=-20, hi=20, specials=False)),
         rtol=1e-4, atol=1e-5),
    Spec("nn.weighted_cross_entropy_with_logits",
         a(arrs(FLOATS, shape=(2, 3), lo=0, hi=1, specials=False),
           arrs(FLOATS, shape=(2, 3), lo=-20, hi=20, specials=False), 2.0), rtol=1e-4,
         atol=1e-5),
    Spec("nn.embedding_lookup", a(arrs(FLOATS, shape=(5, 3)), arrays(
        "int32", st.sampled_from([(2,), (2, 2), ()]), lo=0, hi=4).map(A))),
    Spec("nn.l2_loss", a(arrs(FLOATS, shape=(2, 3), specials=False)), rtol=1e-5),
    Spec("nn.crelu", a(arrs(FLOATS, shape=(2, 3)))),
    Spec("nn.top_k", a(arrs(FLOATS, shape=(5,), specials=False), 2)),
    Spec("nn.compute_average_loss", a(arrs(FLOATS, shape=(4,), specials=False))),
]

# ------------------------------------------------------------------------------ tf.image
u8img = arrays("uint8", (5, 7, 3), lo=0, hi=255).map(A)
fimg = arrays("float32", st.sampled_from([(5, 7, 3), (2, 4, 6, 3)]), lo=0, hi=1,
              specials=False).map(A)
SPECS += [
    Spec("image.resize", a(fimg, st.sampled_from([[10, 14], [3, 4], [5, 9], [8, 3], [1, 1]]),
                           method=st.sampled_from(["bilinear", "nearest"])), rtol=1e-4,
         atol=1e-5),
    Spec("image.resize", a(u8img, [9, 4], method=st.sampled_from(["bilinear", "nearest"])),
         rtol=1e-4, atol=1e-4),
    Spec("image.resize", a(fimg, [10, 10], preserve_aspect_ratio=True), rtol=1e-4, atol=1e-5),
    Spec("image.rgb_to_grayscale", a(st.one_of(fimg, u8img)), rtol=1e-4, atol=1e-5),
    Spec("image.grayscale_to_rgb", a(arrays("float32", (2, 2, 1)).map(A))),
    Spec("image.flip_left_right", a(st.one_of(fimg, u8img))),
    Spec("image.flip_up_down", a(st.one_of(fimg, u8img))),
    Spec("image.transpose", a(fimg)),
    Spec("image.rot90", a(fimg, st.integers(0, 3))),
    Spec("image.adjust_brightness", a(st.one_of(fimg, u8img), st.floats(-0.5, 0.5, width=32, allow_subnormal=False)),
         rtol=1e-5, atol=1e-6),
    Spec("image.adjust_contrast", a(st.one_of(fimg, u8img), st.floats(0.25, 2, width=32, allow_subnormal=False)),
         rtol=1e-4, atol=1e-5),
    Spec("image.adjust_gamma", a(fimg, st.floats(0.5, 2, width=32, allow_subnormal=False)), rtol=1e-4, atol=1e-5),
    Spec("image.per_image_standardization", a(st.one_of(fimg, u8img)), rtol=1e-4, atol=1e-4),
    Spec("image.central_crop", a(fimg, st.sampled_from([0.5, 0.3, 1.0, 0.75]))),
    Spec("image.crop_to_bounding_box", a(fimg, st.integers(0, 2), st.integers(0, 2),
                                         st.integers(1, 3), st.integers(1, 5))),
    Spec("image.pad_to_bounding_box", a(fimg, st.integers(0, 2), st.integers(0, 2),
                                        st.integers(6, 8), st.integers(8, 9))),
    Spec("image.resize_with_crop_or_pad", a(fimg, st.integers(3, 8), st.integers(3, 9))),
    Spec("image.convert_image_dtype", a(u8img, st.sampled_from([D("float32"), D("int32"),
                                                                D("float64")]))),
    Spec("image.convert_image_dtype", a(fimg, st.sampled_from([D("uint8"), D("int16"),
                                                               D("float16")]),
                                        saturate=st.booleans()), rtol=1e-3, atol=1e-3),
]

# ------------------------------------------------------------------------------ tf.signal
cx = st.tuples(arrays("float32", st.sampled_from([(4,), (2, 8), (3, 4)]), specials=False,
                      lo=-3, hi=3)).map(lambda t: t[0])
cpl = cx.map(lambda x: A((x + 0.5j * x[..., ::-1]).astype(np.complex64)))
SPECS += [
    Spec("signal.fft", a(cpl), rtol=1e-4, atol=1e-4),
    Spec("signal.ifft", a(cpl), rtol=1e-4, atol=1e-4),
    Spec("signal.fft2d", a(cpl), rtol=1e-4, atol=1e-4),
    Spec("signal.ifft2d", a(cpl), rtol=1e-4, atol=1e-4),
    Spec("signal.fft", a(arrs(FLOATS, shape=(4,)))),
    Spec("signal.rfft", a(arrs(F64, shape=st.sampled_from([(8,), (2, 5)]), specials=False),
                          fft_length=st.sampled_from([None, [4], [8], [10]])), rtol=1e-4,
         atol=1e-4),
    Spec("signal.irfft", a(cpl, fft_length=st.sampled_from([None, [6], [3]])), rtol=1e-4,
         atol=1e-4),
    Spec("signal.rfft2d", a(arrs(FLOATS, shape=(4, 6), specials=False)), rtol=1e-4, atol=1e-4),
    Spec("signal.frame", a(arrs(FLOATS, shape=st.sampled_from([(10,), (2, 9)])),
                           st.integers(2, 4), st.integers(1, 3), pad_end=st.booleans())),
    Spec("signal.frame", a(arrs(FLOATS, shape=(9, 2)), 3, 2, axis=0,
                           pad_value=st.sampled_from([0, 1.5]), pad_end=True)),
    Spec("signal.hann_window", a(st.integers(1, 8), periodic=st.booleans(),
                                 dtype=st.sampled_from([D("float32"), D("float64")])),
         rtol=1e-5, atol=1e-6),
    Spec("signal.hamming_window", a(st.integers(1, 8), periodic=st.booleans()), rtol=1e-5,
         atol=1e-6),
    Spec("signal.stft", a(arrs(FLOATS, shape=st.sampled_from([(32,), (2, 40)]), specials=False,
                               lo=-1, hi=1), 16, st.sampled_from([4, 8]),
                          fft_length=st.sampled_from([None, 16, 20]),
                          pad_end=st.booleans()), rtol=1e-3, atol=1e-3),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_nn_image_signal(spec, data):
    run_spec(spec, data)


def test_dropout():
    """Shape, dtype, scaling and seeded reproducibility (values are not TF's)."""
    for b in ("numpy", "jax", "tensorflow"):
        with ivy.using_backend(b):
            x = ftf.ones((200, 50))
            ftf.random.set_seed(3)
            y = ftf.nn.dropout(x, 0.25, seed=1)
            ftf.random.set_seed(3)
            y2 = ftf.nn.dropout(x, 0.25, seed=1)
            v = y.numpy()
            assert y.dtype == ftf.float32 and y.shape == [200, 50]
            assert set(np.unique(v).tolist()) <= {0.0, np.float32(1 / 0.75)}
            assert 0.2 < (v == 0).mean() < 0.3
            np.testing.assert_array_equal(v, y2.numpy())
            z = ftf.nn.dropout(x, 0.5, noise_shape=[200, 1], seed=2).numpy()
            assert all(len(set(row.tolist())) == 1 for row in z)
            assert ftf.nn.dropout(x, 0.0) is not None
            with pytest.raises(ValueError):
                ftf.nn.dropout(x, 1.0)


def test_nn_pair_ops():
    for p in ([A(np.ones(3, np.float32)), A(np.ones(3, np.int32))],):
        from .helpers import check

        check("nn.bias_add", A(np.ones((2, 3), np.float32)), p[1])
    _ = same_pair


covers("tf.nn.dropout")


img4 = arrays("float32", (2, 4, 6, 8), lo=-2, hi=2, specials=False).map(A)
EXTRA = [
    Spec("nn.depth_to_space", a(img4, 2)),
    Spec("nn.space_to_depth", a(img4, 2)),
    Spec("nn.atrous_conv2d", a(img, arrays("float32", (2, 2, 3, 2), lo=-1, hi=1,
                                           specials=False).map(A), 2,
                               st.sampled_from(["SAME", "VALID"])), rtol=1e-4, atol=1e-4),
    Spec("nn.separable_conv2d", a(img, arrays("float32", (3, 3, 3, 2), lo=-1, hi=1,
                                              specials=False).map(A),
                                  arrays("float32", (1, 1, 6, 4), lo=-1, hi=1,
                                         specials=False).map(A), [1, 1, 1, 1],
                                  st.sampled_from(["SAME", "VALID"])), rtol=1e-4, atol=1e-4),
    Spec("nn.normalize_moments", a(A(np.float32(4.0)), arrs(FLOATS, shape=(3,), specials=False),
                                   arrs(FLOATS, shape=(3,), lo=50, hi=90, specials=False),
                                   st.one_of(st.none(), arrs(FLOATS, shape=(3,),
                                                             specials=False))),
         rtol=1e-4, atol=1e-4),
    Spec("nn.sufficient_statistics", a(arrs(FLOATS, shape=(2, 3), specials=False), [0],
                                       keepdims=st.booleans()), rtol=1e-5, atol=1e-5),
    Spec("nn.weighted_moments", a(arrs(FLOATS, shape=(2, 3), specials=False), [0],
                                  arrs(FLOATS, shape=(2, 3), lo=0.5, hi=2, specials=False),
                                  keepdims=st.booleans()), rtol=1e-4, atol=1e-4),
    Spec("nn.in_top_k", a(arrays("int32", (3,), lo=0, hi=3).map(A),
                          arrs(FLOATS, shape=(3, 4), lo=-2, hi=2, specials=False),
                          st.integers(1, 3))),
    Spec("nn.zero_fraction", a(arrs(FLOATS, shape=(2, 3), lo=-1, hi=1))),
    Spec("nn.conv3d", a(arrays("float32", (1, 4, 4, 4, 2), lo=-1, hi=1, specials=False).map(A),
                        arrays("float32", (2, 2, 2, 2, 3), lo=-1, hi=1, specials=False).map(A),
                        [1, 1, 1, 1, 1], st.sampled_from(["SAME", "VALID"])),
         rtol=1e-4, atol=1e-4),
    Spec("nn.max_pool3d", a(arrays("float32", (1, 4, 4, 4, 2), specials=False).map(A), 2, 2,
                            "VALID")),
    Spec("nn.avg_pool3d", a(arrays("float32", (1, 4, 4, 4, 2), specials=False).map(A), 2, 2,
                            "SAME"), rtol=1e-5, atol=1e-5),
    Spec("nn.convolution", a(img, arrays("float32", (3, 3, 3, 2), lo=-1, hi=1,
                                         specials=False).map(A),
                             padding=st.sampled_from(["SAME", "VALID"])), rtol=1e-4,
         atol=1e-4),
    Spec("nn.conv1d_transpose", a(arrays("float32", (1, 4, 2), lo=-1, hi=1,
                                         specials=False).map(A),
                                  arrays("float32", (3, 3, 2), lo=-1, hi=1,
                                         specials=False).map(A), [1, 8, 3], 2, "SAME"),
         rtol=1e-4, atol=1e-4),
    Spec("nn.log_poisson_loss", a(arrs(FLOATS, shape=(3,), lo=0, hi=3, specials=False),
                                  arrs(FLOATS, shape=(3,), lo=-2, hi=2, specials=False)),
         rtol=1e-5),
    Spec("signal.fftshift", a(arrs(FLOATS, shape=st.sampled_from([(5,), (4, 3)])),
                              axes=st.sampled_from([None, [0], -1]))),
    Spec("signal.ifftshift", a(arrs(FLOATS, shape=st.sampled_from([(5,), (4, 3)])))),
    Spec("signal.irfft2d", a(cpl.filter(lambda x: x.a.ndim == 2),
                             fft_length=st.sampled_from([None, [2, 6]])), rtol=1e-4,
         atol=1e-4),
    Spec("signal.overlap_and_add", a(arrs(FLOATS, shape=st.sampled_from([(3, 4), (2, 3, 4)])),
                                     st.sampled_from([1, 2, 4])), rtol=1e-5, atol=1e-5),
    Spec("signal.fft3d", a(cpl.map(lambda x: A(x.a.reshape((1,) + x.a.shape)))), rtol=1e-4,
         atol=1e-4),
    Spec("signal.ifft3d", a(cpl.map(lambda x: A(x.a.reshape((1,) + x.a.shape)))), rtol=1e-4,
         atol=1e-4),
    Spec("image.rgb_to_yiq", a(fimg), rtol=1e-4, atol=1e-5),
    Spec("image.yiq_to_rgb", a(fimg), rtol=1e-4, atol=1e-5),
    Spec("image.rgb_to_yuv", a(fimg), rtol=1e-4, atol=1e-5),
    Spec("image.yuv_to_rgb", a(fimg), rtol=1e-4, atol=1e-5),
    Spec("image.total_variation", a(fimg), rtol=1e-4, atol=1e-4),
    Spec("image.image_gradients", a(arrays("float32", (2, 4, 5, 3), specials=False).map(A))),
    Spec("image.psnr", a(arrays("float32", (2, 4, 5, 3), lo=0, hi=1, specials=False).map(A),
                         arrays("float32", (2, 4, 5, 3), lo=0, hi=1, specials=False).map(A),
                         1.0),
         rtol=1e-4, atol=1e-3),
]


@pytest.mark.parametrize("spec", EXTRA, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_nn_image_signal_extras(spec, data):
    run_spec(spec, data)


LAST = [
    Spec("nn.local_response_normalization", a(img, depth_radius=st.integers(0, 2),
                                              bias=st.sampled_from([1.0, 2.0]),
                                              alpha=st.sampled_from([1.0, 0.5]),
                                              beta=st.sampled_from([0.5, 0.75])),
         rtol=1e-4, atol=1e-5),
    Spec("nn.lrn", a(img), rtol=1e-4, atol=1e-5),
    Spec("math.polyval", a(st.sampled_from([[1.0, 2.0, 3.0], [2.0], [0.5, -1.0]]),
                           arrs(F64, specials=False, lo=-3, hi=3)), rtol=1e-5),
    Spec("linalg.matvec", a(arrs(FLOATS, shape=(2, 3)), arrs(FLOATS, shape=(3,)),
                            transpose_a=False), atol=1e-3),
    Spec("linalg.tensor_diag", a(arrs(FLOATS, shape=st.sampled_from([(2,), (2, 3)])))),
    Spec("linalg.tensor_diag_part", a(arrs(FLOATS, shape=st.sampled_from([(3, 3),
                                                                           (2, 3, 2, 3)])))),
]


@pytest.mark.parametrize("spec", LAST, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_last(spec, data):
    run_spec(spec, data)
