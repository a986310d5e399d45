"""More tf.signal / tf.image / tf.linalg names (and untested core helpers) vs real TensorFlow."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, EX, F64, FLOATS, A, D, Spec, a, arrays, arrs, check, covers, run_spec

sig = arrs(F64, shape=st.sampled_from([(5,), (2, 6), (1, 3, 4)]), lo=-3, hi=3, specials=False)
rgb = arrs(F64, shape=st.sampled_from([(4, 5, 3), (2, 3, 3, 3)]), lo=0, hi=1, specials=False)
img4 = arrs(F64, shape=st.sampled_from([(1, 4, 5, 2), (2, 3, 3, 1)]), lo=-2, hi=2,
            specials=False)
sq = arrs(F64, shape=st.sampled_from([(3, 3), (2, 4, 4)]), lo=-2, hi=2, specials=False)

SPECS = [
    Spec("signal.rfft3d", a(arrs(F64, shape=(2, 3, 4), specials=False),
                            st.sampled_from([None, [2, 3, 4], [3, 2, 6]])), rtol=1e-4, atol=1e-4),
    Spec("signal.irfft3d", a(arrays("complex64", (2, 3, 3), lo=-2, hi=2, specials=False).map(A),
                             st.sampled_from([None, [2, 3, 4], [2, 2, 6]])),
         rtol=1e-4, atol=1e-4),
    Spec("signal.vorbis_window", a(st.integers(1, 9), dtype=st.sampled_from(
        [D("float32"), D("float64"), D("int32")])), rtol=1e-5, atol=1e-6),
    Spec("signal.dct", a(sig, type=st.sampled_from([1, 2, 3, 4]), n=st.sampled_from([None, 3, 7]),
                         norm=st.sampled_from([None, "ortho"])), rtol=1e-4, atol=1e-4),
    Spec("signal.idct", a(sig, type=st.sampled_from([1, 2, 3, 4]),
                          norm=st.sampled_from([None, "ortho"])), rtol=1e-4, atol=1e-4),
    Spec("signal.linear_to_mel_weight_matrix",
         a(st.sampled_from([4, 20]), st.sampled_from([9, 129]), st.sampled_from([8000, 16000]),
           st.sampled_from([0.0, 125.0]), st.sampled_from([3800.0, 4000.0, 300.0]),
           dtype=st.sampled_from([D("float32"), D("float64")])), rtol=1e-3, atol=1e-4),
    Spec("signal.mfccs_from_log_mel_spectrograms", a(sig), rtol=1e-4, atol=1e-4),
    Spec("image.rgb_to_hsv", a(rgb), rtol=1e-4, atol=1e-5),
    Spec("image.hsv_to_rgb", a(rgb), rtol=1e-4, atol=1e-5),
    Spec("image.adjust_saturation", a(rgb, st.sampled_from([0.0, 0.5, 2.0])),
         rtol=1e-4, atol=1e-4),
    Spec("image.adjust_saturation", a(arrays("uint8", (3, 4, 3)).map(A),
                                      st.sampled_from([0.5, 2.0])), rtol=0, atol=1),
    Spec("image.sobel_edges", a(img4), rtol=1e-5, atol=1e-5),
    Spec("linalg.matrix_rank", a(sq, tol=st.sampled_from([None, 0.5]))),
    Spec("linalg.einsum", a("ij,jk->ik", arrs(F64, shape=(2, 3)), arrs(F64, shape=(3, 2))),
         rtol=1e-5, atol=1e-5),
    Spec("einsum", a("bij,bjk->bik", arrs(("float32", "int32"), shape=(2, 2, 3)),
                     arrs(("float32", "int32"), shape=(2, 3, 2))), rtol=1e-5),
    Spec("einsum", a(st.sampled_from(["ii", "ij->ji", "ii->i"]), arrs(F64, shape=(3, 3))),
         rtol=1e-5),
    Spec("linalg.tridiagonal_matmul", a(arrs(F64, shape=(2, 3, 4), specials=False),
                                        arrs(F64, shape=(2, 4, 2), specials=False)),
         rtol=1e-4, atol=1e-4),
]


def _tridiag(dtype):
    def build(x):
        x = x.copy()
        x[..., 1, :] = np.abs(x[..., 1, :]) + 4.0  # diagonally dominant: well conditioned
        return A(x)
    return arrays(dtype, (2, 3, 4), lo=-1, hi=1, specials=False).map(build)


SPECS += [
    Spec("linalg.tridiagonal_solve", a(_tridiag("float32"), arrs(FLOATS, shape=(2, 4, 2),
                                                                  specials=False)),
         rtol=1e-4, atol=1e-4),
    Spec("linalg.tridiagonal_solve", a(_tridiag("float64"), arrs(("float64",), shape=(2, 2, 4),
                                                                  specials=False),
                                       transpose_rhs=True), rtol=1e-6, atol=1e-6),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)


covers("tf.linalg.eig", "tf.linalg.eigvals", "tf.eig", "tf.eigvals", "tf.linalg.lu_reconstruct",
       "tf.broadcast_static_shape", "tf.get_static_value", "tf.no_op", "tf.case", "tf.Assert",
       "tf.function", "tf.image.ResizeMethod")


def test_eig_and_lu_reconstruct():
    m = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], np.float64)
    ev, _ = real.linalg.eig(m)
    lu, p = real.linalg.lu(m[[2, 0, 1]])
    exp = real.linalg.lu_reconstruct(lu, p)
    for b in BACKENDS:
        with ivy.using_backend(b):
            assert ftf.eig is ftf.linalg.eig and ftf.eigvals is ftf.linalg.eigvals
            e, v = ftf.linalg.eig(ftf.constant(m))
            assert e.dtype.name == "complex128" and v.shape.as_list() == [3, 3]
            np.testing.assert_allclose(np.sort(e.numpy().real), np.sort(ev.numpy().real),
                                       rtol=1e-8)
            np.testing.assert_allclose(m @ v.numpy(), v.numpy() * e.numpy(), atol=1e-8)
            ev2 = ftf.linalg.eigvals(ftf.constant(m.astype(np.float32)))
            assert ev2.dtype.name == real.linalg.eigvals(m.astype(np.float32)).dtype.name
            np.testing.assert_allclose(np.sort(ev2.numpy().real), np.sort(ev.numpy().real),
                                       rtol=1e-5)
            got = ftf.linalg.lu_reconstruct(ftf.constant(lu.numpy()), ftf.constant(p.numpy()))
            np.testing.assert_allclose(got.numpy(), exp.numpy(), rtol=1e-10)
            np.testing.assert_allclose(got.numpy(), m[[2, 0, 1]], rtol=1e-10)


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


def test_dct_errors():
    check("signal.dct", A(np.ones((4,), np.float32)), type=5)
    check("signal.dct", A(np.ones((4,), np.float32)), type=1, norm="ortho")
    check("signal.dct", A(np.ones((4,), np.int32)))
    check("signal.linear_to_mel_weight_matrix", 4, 9, 8000, 125.0, 5000.0)
    check("image.rgb_to_hsv", A(np.ones((2, 2, 4), np.float32)))
    check("image.rgb_to_hsv", A(np.ones((2, 2, 3), np.int32)))


# tf.signal.fftnd / ifftnd / rfftnd / irfftnd (and tf.fftnd ...): the installed TensorFlow has
# no CPU kernel for them (NotFoundError); test_added.test_fftnd compares them with fft2d/fft3d/...
MORE = []
MORE += [
    Spec("math.angle", a(st.one_of(arrs(F64, lo=-3, hi=3), arrays("complex64", (3,), lo=-2, hi=2,
                                                                     specials=False).map(A))),
         rtol=1e-5, atol=1e-6),
    Spec("histogram_fixed_width", a(arrs(("float32", "int32"), shape=(7,), lo=-5, hi=5,
                                         specials=False),
                                    st.sampled_from([[-2.0, 3.0], [0.0, 1.0], [1.0, 1.0]]),
                                    nbins=st.sampled_from([1, 4, 10]))),
    Spec("histogram_fixed_width_bins", a(arrs(("float32",), shape=(2, 3), lo=-5, hi=5,
                                              specials=False), [-2.0, 3.0],
                                         nbins=st.sampled_from([3, 5]))),
    Spec("math.accumulate_n", a([arrs(("float32",), shape=(2,)), arrs(("float32",), shape=(2,))])),
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


img4c = arrays("float32", (2, 6, 6, 3), lo=-2, hi=2, specials=False).map(A)
LAST = [
    Spec("image.adjust_hue", a(rgb, st.sampled_from([0.0, 0.3, -0.7, 1.0])),
         rtol=1e-4, atol=1e-4),
    Spec("image.adjust_hue", a(arrays("uint8", (3, 4, 3)).map(A), st.sampled_from([0.25, -0.5])),
         rtol=0, atol=1),
    Spec("nn.pool", a(img4c, st.sampled_from([[2, 2], [3, 1]]), st.sampled_from(["MAX", "AVG"]),
                      strides=st.sampled_from([None, [2, 2], [1, 2]]),
                      padding=st.sampled_from(["VALID", "SAME"])), rtol=1e-5, atol=1e-6),
    Spec("nn.pool", a(arrays("float32", (1, 7, 2), lo=-2, hi=2, specials=False).map(A), [3],
                      "MAX", strides=[2])),
    Spec("nn.conv_transpose", a(arrays("float32", (1, 4, 4, 2), lo=-1, hi=1,
                                       specials=False).map(A),
                                arrays("float32", (3, 3, 3, 2), lo=-1, hi=1,
                                       specials=False).map(A),
                                [1, 8, 8, 3], 2, padding="SAME"), rtol=1e-4, atol=1e-4),
    Spec("nn.conv_transpose", a(arrays("float32", (1, 5, 2), lo=-1, hi=1, specials=False).map(A),
                                arrays("float32", (2, 1, 2), lo=-1, hi=1, specials=False).map(A),
                                [1, 6, 1], 1, padding="VALID"), rtol=1e-4, atol=1e-4),
    Spec("nn.batch_norm_with_global_normalization",
         a(arrs(FLOATS, shape=(2, 3), specials=False), arrs(FLOATS, shape=(3,), specials=False),
           arrs(FLOATS, shape=(3,), lo=0.5, hi=2, specials=False),
           arrs(FLOATS, shape=(3,), specials=False), arrs(FLOATS, shape=(3,), specials=False),
           1e-3, st.booleans()), rtol=1e-4, atol=1e-4),
    Spec("nn.scale_regularization_loss", a(arrs(F64, shape=st.sampled_from([(), (3,), (2, 2)]),
                                               specials=False)), rtol=1e-5, atol=1e-6),
]


@pytest.mark.parametrize("spec", LAST, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_last(spec, data):
    run_spec(spec, data)


covers("tf.linalg.lu_solve", "tf.linalg.lu_matrix_inverse")


def test_lu_solve_inverse():
    m = np.array([[1.0, 2.0, 0.5], [3.0, 1.0, 2.0], [0.0, 4.0, 1.0]], np.float64)
    lu, p = real.linalg.lu(m)
    rhs = np.array([[1.0], [2.0], [3.0]])
    check("linalg.lu_solve", A(lu.numpy()), A(p.numpy()), A(rhs), _rtol=1e-10)
    check("linalg.lu_solve", A(lu.numpy()), A(p.numpy()), A(rhs.astype(np.float32)))
    check("linalg.lu_matrix_inverse", A(lu.numpy()), A(p.numpy()), _rtol=1e-10)
    lu32, p32 = real.linalg.lu(m.astype(np.float32))
    check("linalg.lu_matrix_inverse", A(lu32.numpy()), A(p32.numpy()), _rtol=1e-5)


covers("tf.image.random_flip_left_right", "tf.image.random_flip_up_down",
       "tf.image.stateless_random_flip_left_right", "tf.image.stateless_random_flip_up_down",
       "tf.image.random_brightness", "tf.image.stateless_random_brightness",
       "tf.image.random_contrast", "tf.image.stateless_random_contrast",
       "tf.image.random_saturation", "tf.image.stateless_random_saturation",
       "tf.image.random_hue", "tf.image.stateless_random_hue",
       "tf.random.split", "tf.random.fold_in", "tf.random.stateless_categorical")


def _same_kind(got, exp):
    assert got.dtype.name == exp.dtype.name and got.shape.as_list() == exp.shape.as_list()


def test_random_image_ops():
    """TensorFlow's random bits are not reproduced (see docs): dtype, shape, reproducibility of
    the stateless ops, and that the result is the deterministic op for a factor in range."""
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, (4, 3, 5, 3)).astype(np.float32)
    for b in BACKENDS:
        with ivy.using_backend(b):
            fx = ftf.constant(x)
            for n, ax in (("left_right", 2), ("up_down", 1)):
                for st_ in (False, True):
                    name = ("stateless_random_flip_" if st_ else "random_flip_") + n
                    kw = {"seed": [1, 2]} if st_ else {"seed": 3}
                    got = getattr(ftf.image, name)(fx, **kw)
                    _same_kind(got, getattr(real.image, name)(real.constant(x), **kw))
                    g = got.numpy()
                    for i in range(4):
                        assert np.array_equal(g[i], x[i]) or np.array_equal(
                            g[i], np.flip(x[i], axis=ax - 1))
                    if st_:
                        np.testing.assert_array_equal(
                            g, getattr(ftf.image, name)(fx, **kw).numpy())
                # 3-D image: a single flip decision
                g3 = getattr(ftf.image, "stateless_random_flip_" + n)(fx[0], seed=[5, 6]).numpy()
                assert np.array_equal(g3, x[0]) or np.array_equal(g3, np.flip(x[0], ax - 1))
            for st_ in (False, True):
                pre = "stateless_random_" if st_ else "random_"
                kw = {"seed": [4, 5]} if st_ else {"seed": 1}
                r = getattr(ftf.image, pre + "brightness")(fx, 0.3, **kw)
                _same_kind(r, getattr(real.image, pre + "brightness")(real.constant(x), 0.3,
                                                                      **kw))
                dlt = r.numpy() - x
                assert np.ptp(dlt) < 1e-5 and abs(dlt.flat[0]) <= 0.3 + 1e-6
                r = getattr(ftf.image, pre + "contrast")(fx, 0.2, 0.6, **kw)
                _same_kind(r, getattr(real.image, pre + "contrast")(real.constant(x), 0.2, 0.6,
                                                                    **kw))
                m = x.mean(axis=(1, 2), keepdims=True)
                f = (r.numpy() - m) / (x - m)
                assert np.all((f > 0.2 - 1e-3) & (f < 0.6 + 1e-3))
                for op, lo_hi in (("saturation", (0.5, 1.5)), ("hue", (0.2,))):
                    r = getattr(ftf.image, pre + op)(fx, *lo_hi, **kw)
                    _same_kind(r, getattr(real.image, pre + op)(real.constant(x), *lo_hi, **kw))
                    if st_:
                        np.testing.assert_array_equal(
                            r.numpy(), getattr(ftf.image, pre + op)(fx, *lo_hi, **kw).numpy())
            with pytest.raises(ValueError):
                ftf.image.random_hue(fx, 0.7)
            with pytest.raises(ValueError):
                ftf.image.stateless_random_contrast(fx, 0.6, 0.2, seed=[1, 2])
            s = ftf.random.split([1, 2], num=3)
            _same_kind(s, real.random.split([1, 2], num=3))
            np.testing.assert_array_equal(s.numpy(), ftf.random.split([1, 2], num=3).numpy())
            assert len({tuple(v) for v in s.numpy().tolist()}) == 3
            f1 = ftf.random.fold_in([1, 2], 7)
            _same_kind(f1, real.random.fold_in([1, 2], 7))
            assert not np.array_equal(f1.numpy(), ftf.random.fold_in([1, 2], 8).numpy())
            lg = ftf.math.log(ftf.constant([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]))
            c = ftf.random.stateless_categorical(lg, 50, seed=[3, 4])
            _same_kind(c, real.random.stateless_categorical(
                real.math.log(real.constant([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]])), 50,
                seed=[3, 4]))
            cn = c.numpy()
            assert cn[0].max() <= 1 and np.all(cn[1] == 2)
            np.testing.assert_array_equal(cn, ftf.random.stateless_categorical(
                lg, 50, seed=[3, 4]).numpy())


stft_in = arrs(F64, shape=st.sampled_from([(3, 5, 5), (2, 9)]), lo=-1, hi=1, specials=False)
SIGNAL = [
    Spec("signal.inverse_stft", a(arrays("complex64", (2, 5, 5), lo=-1, hi=1,
                                         specials=False).map(A), 8, st.sampled_from([2, 4]),
                                  fft_length=st.sampled_from([None, 8]),
                                  window_fn=st.sampled_from([None, "hann"])),
         rtol=1e-4, atol=1e-4),
    Spec("signal.mdct", a(arrs(F64, shape=st.sampled_from([(16,), (2, 12)]), lo=-1, hi=1,
                               specials=False), 8, pad_end=st.booleans(),
                          norm=st.sampled_from([None, "ortho"]),
                          window_fn=st.sampled_from(["vorbis", None])), rtol=1e-4, atol=1e-4),
    Spec("signal.inverse_mdct", a(arrs(F64, shape=st.sampled_from([(3, 4), (2, 2, 6)]), lo=-1,
                                       hi=1, specials=False),
                                  norm=st.sampled_from([None, "ortho"]),
                                  window_fn=st.sampled_from(["vorbis", None])),
         rtol=1e-4, atol=1e-4),
]
WINDOWS = {"hann": "hann_window", "vorbis": "vorbis_window"}


def _fix_windows(mod, kwargs):
    if isinstance(kwargs.get("window_fn"), str):
        kwargs["window_fn"] = getattr(mod.signal, WINDOWS[kwargs["window_fn"]])
    return kwargs


@pytest.mark.parametrize("spec", SIGNAL, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_signal(spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    wf = kwargs.pop("window_fn", "absent")
    for b in BACKENDS:  # the window function is the library's own on each side
        kr = dict(kwargs) if wf == "absent" else dict(kwargs, window_fn=None if wf is None else
                                                     getattr(real.signal, WINDOWS[wf]))
        exp = getattr(real.signal, spec.path.split(".")[1])(
            *[real.constant(x.a) if isinstance(x, A) else x for x in args], **kr)
        with ivy.using_backend(b):
            kf = dict(kwargs) if wf == "absent" else dict(kwargs, window_fn=None if wf is None
                                                          else getattr(ftf.signal, WINDOWS[wf]))
            got = getattr(ftf.signal, spec.path.split(".")[1])(
                *[ftf.constant(x.a) if isinstance(x, A) else x for x in args], **kf)
            assert got.dtype.name == exp.dtype.name and got.shape.as_list() == exp.shape.as_list()
            np.testing.assert_allclose(got.numpy(), exp.numpy(), rtol=spec.rtol, atol=spec.atol)


covers("tf.signal.inverse_stft_window_fn")


def test_inverse_stft_window_fn():
    for fs, fl in ((2, 8), (3, 8), (4, 4)):
        exp = real.signal.inverse_stft_window_fn(fs)(fl, dtype=real.float32)
        for b in BACKENDS:
            with ivy.using_backend(b):
                got = ftf.signal.inverse_stft_window_fn(fs)(fl, dtype=ftf.float32)
                assert got.dtype.name == "float32" and got.shape.as_list() == [fl]
                np.testing.assert_allclose(got.numpy(), exp.numpy(), rtol=1e-5, atol=1e-6)


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
