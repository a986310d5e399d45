"""tf.signal functions vs real TensorFlow."""

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
    F64,
    A,
    D,
    Spec,
    a,
    arrays,
    arrs,
    check,
    compare,
    covers,
    run_spec,
    uniform,
)

sig = arrs(F64, shape=st.sampled_from([(5,), (2, 6), (1, 3, 4)]), lo=-3, hi=3, specials=False)
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
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)


def test_dct_errors():
    check("signal.dct", A(np.ones((4,), np.float32)), type=5)
    check("signal.dct", A(np.ones((4,), np.float32)), type=1, norm="ortho")
    check("signal.dct", A(np.ones((4,), np.int32)))
    check("signal.linear_to_mel_weight_matrix", 4, 9, 8000, 125.0, 5000.0)
    check("image.rgb_to_hsv", A(np.ones((2, 2, 4), np.float32)))
    check("image.rgb_to_hsv", A(np.ones((2, 2, 3), np.int32)))


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


# ------------------------------------------------------------------------------ N-d FFTs
# tf.signal.fftnd / ifftnd / rfftnd / irfftnd (and tf.fftnd ...): the installed TensorFlow has
# no CPU kernel for them (NotFoundError); test_fftnd compares them with fft2d/fft3d/...
def test_fftnd():
    """TF 2.21 has no CPU kernel for FFTND & co.: the N-d transforms are compared with TF's
    fft/fft2d/fft3d/rfft2d/irfft2d kernels on the same axes (norms as TF's wrappers scale)."""
    covers("tf.signal.fftnd", "tf.signal.ifftnd", "tf.signal.rfftnd", "tf.signal.irfftnd",
           "tf.fftnd", "tf.ifftnd", "tf.rfftnd", "tf.irfftnd")
    S = real.signal
    c2 = (uniform(2, 3, 4) + 1j * uniform(2, 3, 4)).astype(np.complex64)
    # (a tf.constant: TF's fft3d of a complex128 *NumPy* array returns complex64 after the
    # first call -- a dtype-inference cache quirk)
    c3 = real.constant(uniform(2, 3, 4, dt=np.float64) + 1j * uniform(2, 3, 4, dt=np.float64))
    r2 = uniform(3, 4, 6)
    h2 = (uniform(3, 4, 4) + 1j * uniform(3, 4, 4)).astype(np.complex64)
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
