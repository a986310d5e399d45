"""tf.signal: FFTs (complex inputs, as TensorFlow requires), framing, windows and the STFT."""

from __future__ import annotations

import math

import ivy

from . import _functions as _F
from ._core import as_dtype, float32, name_of, nat, wrap
from ._functions import CPLX, FLOAT, check

_CT = {"float32": "complex64", "float64": "complex128"}
_RT = {"complex64": "float32", "complex128": "float64"}


def _c(op, x):
    d = nat(x)
    check(op, name_of(d), CPLX)
    return d


def fft(input, name=None):  # noqa: A002
    return wrap(ivy.fft.fft(_c("FFT", input), axis=-1))


def ifft(input, name=None):  # noqa: A002
    return wrap(ivy.fft.ifft(_c("IFFT", input), axis=-1))


def fft2d(input, name=None):  # noqa: A002
    return wrap(ivy.fft.fftn(_c("FFT2D", input), axes=(-2, -1)))


def ifft2d(input, name=None):  # noqa: A002
    return wrap(ivy.fft.ifftn(_c("IFFT2D", input), axes=(-2, -1)))


def fft3d(input, name=None):  # noqa: A002
    return wrap(ivy.fft.fftn(_c("FFT3D", input), axes=(-3, -2, -1)))


def ifft3d(input, name=None):  # noqa: A002
    return wrap(ivy.fft.ifftn(_c("IFFT3D", input), axes=(-3, -2, -1)))


def _fit(d, n, axis):
    """Crop or zero-pad axis ``axis`` of ``d`` to length ``n``."""
    cur = int(d.shape[axis])
    nd = len(d.shape)
    a = axis % nd
    if n < cur:
        return ivy.get_item(d, tuple([slice(None)] * a + [slice(0, n)]))
    if n > cur:
        pw = [(0, 0)] * nd
        pw[a] = (0, n - cur)
        return ivy.pad(d, pw)
    return d


def rfft(input_tensor, fft_length=None, name=None):
    d = nat(input_tensor)
    check("RFFT", name_of(d), ("float32", "float64"))
    n = int(d.shape[-1]) if fft_length is None else _F._ints(fft_length)[0]
    r = ivy.fft.rfft(_fit(d, n, -1), axis=-1)
    return wrap(ivy.astype(r, _CT[name_of(d)]))


def irfft(input_tensor, fft_length=None, name=None):
    d = _c("IRFFT", input_tensor)
    n = 2 * (int(d.shape[-1]) - 1) if fft_length is None else _F._ints(fft_length)[0]
    d = _fit(d, n // 2 + 1, -1)
    r = ivy.fft.irfft(d, n=n, axis=-1)
    return wrap(ivy.astype(r, _RT[name_of(d)]))


def rfft2d(input_tensor, fft_length=None, name=None):
    d = nat(input_tensor)
    check("RFFT2D", name_of(d), ("float32", "float64"))
    if fft_length is not None:
        fl = _F._ints(fft_length)
        d = _fit(_fit(d, fl[0], -2), fl[1], -1)
    r = ivy.fft.rfftn(d, axes=(-2, -1))
    return wrap(ivy.astype(r, _CT[name_of(d)]))


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    d = nat(signal)
    fl, fs = _F._int(frame_length), _F._int(frame_step)
    nd = len(d.shape)
    a = _F._int(axis) % nd
    n = int(d.shape[a])
    if pad_end:
        nf = -(-n // fs)
        need = (nf - 1) * fs + fl
        if need > n:
            pw = [(0, 0)] * nd
            pw[a] = (0, need - n)
            d = ivy.pad(d, pw, constant_values=pad_value)
    else:
        nf = max(0, 1 + (n - fl) // fs)
    idx = ivy.add(ivy.reshape(ivy.multiply(ivy.arange(nf, dtype="int64"), fs), (nf, 1)),
                  ivy.reshape(ivy.arange(fl, dtype="int64"), (1, fl)))
    r = ivy.take(d, ivy.reshape(idx, (-1,)), axis=a)
    shape = [int(s) for s in d.shape]
    out = shape[:a] + [nf, fl] + shape[a + 1:]
    return wrap(ivy.reshape(r, tuple(out)))


def _window(window_length, periodic, dtype, a, b):
    dt = as_dtype(dtype)
    check("Window", dt.name, FLOAT)
    n = _F._int(window_length)
    if n == 1:
        return wrap(ivy.ones((1,), dtype=dt.name))
    denom = n if periodic and n % 2 == 0 else n - 1  # TF: ``periodic`` only for even n
    k = ivy.arange(n, dtype="float64")
    w = ivy.subtract(a, ivy.multiply(b, ivy.cos(ivy.multiply(k, 2 * math.pi / denom))))
    return wrap(ivy.astype(w, dt.name))


def hann_window(window_length, periodic=True, dtype=float32, name=None):
    return _window(window_length, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length, periodic=True, dtype=float32, name=None):
    return _window(window_length, periodic, dtype, 0.54, 0.46)


def kaiser_window(window_length, beta=12.0, dtype=float32, name=None):
    """TF's recipe: ``exp(num - beta) * i0e(num) / i0e(beta)``, ``num = beta *
    sqrt(relu(1 - (arg / halflen)**2))``, the grid built in float32 and cast to ``dtype``."""
    dt = as_dtype(dtype)
    if not dt.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dt}")
    n = _F._int(window_length)
    if n == 1:
        return wrap(ivy.ones((1,), dtype=dt.name))
    half = (n - 1) / 2.0
    if n < 1:
        _F.invalid(f"Requires start <= limit when delta > 0: {-half}/{half + 0.1}", "Range")
    arg = ivy.astype(ivy.subtract(ivy.arange(n, dtype="float32"), half), dt.name)
    b = ivy.astype(ivy.asarray(beta, dtype="float64"), dt.name)
    h = ivy.astype(ivy.asarray(half, dtype="float32"), dt.name)
    num = ivy.multiply(b, ivy.sqrt(ivy.relu(ivy.subtract(1.0, ivy.square(ivy.divide(arg, h))))))
    return wrap(ivy.multiply(ivy.exp(ivy.subtract(num, b)),
                             ivy.divide(ivy.i0e(num), ivy.i0e(b))))


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=float32, name=None):
    """TF's recipe: the square root of a normalised cumulative Kaiser window, mirrored."""
    dt = as_dtype(dtype)
    if not dt.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dt}")
    halflen = _F._int(window_length) // 2
    csum = ivy.cumulative_sum(kaiser_window(halflen + 1, beta, dtype=dt)._data, axis=0)
    halfw = ivy.sqrt(ivy.divide(csum[:-1], csum[-1]))
    return wrap(ivy.concat([halfw, ivy.flip(halfw, axis=0)], axis=0))


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window,
         pad_end=False, name=None):
    d = nat(signals)
    check("STFT", name_of(d), ("float32", "float64"))
    fl = _F._int(frame_length)
    n = fl if fft_length is None else _F._int(fft_length)
    if fft_length is None:
        n = 1 << (fl - 1).bit_length()
    fr = frame(wrap(d), fl, frame_step, pad_end=pad_end)._data
    if window_fn is not None:
        w = window_fn(fl, dtype=name_of(d))._data
        fr = ivy.multiply(fr, w)
    return rfft(wrap(fr), [n])


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window,
                 name=None):
    d = _c("IRFFT", stfts)
    fl = _F._int(frame_length)
    n = 1 << (fl - 1).bit_length() if fft_length is None else _F._int(fft_length)
    fr = irfft(wrap(d), [n])._data
    if n < fl:
        fr = _fit(fr, fl, -1)
    else:
        fr = ivy.get_item(fr, (Ellipsis, slice(0, fl)))
    if window_fn is not None:
        fr = ivy.multiply(fr, window_fn(fl, dtype=name_of(fr))._data)
    return overlap_and_add(wrap(fr), frame_step)


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    fs = _F._int(frame_step)

    def inverse_stft_window_fn_inner(frame_length, dtype):
        fl = _F._int(frame_length)
        w = forward_window_fn(fl, dtype=dtype)._data
        overlaps = -(-fl // fs)
        den = ivy.pad(ivy.square(w), [(0, overlaps * fs - fl)])
        den = ivy.sum(ivy.reshape(den, (overlaps, fs)), axis=0, keepdims=True)
        den = ivy.reshape(ivy.tile(den, (overlaps, 1)), (overlaps * fs,))
        den = ivy.get_item(den, slice(0, fl))
        safe = ivy.where(ivy.equal(den, 0), ivy.ones_like(den), den)
        return wrap(ivy.where(ivy.equal(den, 0), ivy.zeros_like(w), ivy.divide(w, safe)))

    return inverse_stft_window_fn_inner




def fftshift(x, axes=None, name=None):
    d = nat(x)
    ax = tuple(range(len(d.shape))) if axes is None else tuple(_F._ints(axes))
    sh = tuple(int(d.shape[a]) // 2 for a in ax)
    return wrap(ivy.roll(d, sh, axis=ax))


def ifftshift(x, axes=None, name=None):
    d = nat(x)
    ax = tuple(range(len(d.shape))) if axes is None else tuple(_F._ints(axes))
    sh = tuple(-(int(d.shape[a]) // 2) for a in ax)
    return wrap(ivy.roll(d, sh, axis=ax))


def irfft2d(input_tensor, fft_length=None, name=None):
    d = _c("IRFFT2D", input_tensor)
    if fft_length is None:
        fl = [int(d.shape[-2]), 2 * (int(d.shape[-1]) - 1)]
    else:
        fl = _F._ints(fft_length)
    d = _fit(_fit(d, fl[0], -2), fl[1] // 2 + 1, -1)
    r = ivy.fft.irfftn(d, s=tuple(fl), axes=(-2, -1))
    return wrap(ivy.astype(r, _RT[name_of(d)]))


def overlap_and_add(signal, frame_step, name=None):
    d = nat(signal)
    fs = _F._int(frame_step)
    nf, fl = int(d.shape[-2]), int(d.shape[-1])
    out_len = (nf - 1) * fs + fl
    lead = tuple(int(s) for s in d.shape[:-2])
    idx = ivy.add(ivy.reshape(ivy.multiply(ivy.arange(nf, dtype="int64"), fs), (nf, 1)),
                  ivy.reshape(ivy.arange(fl, dtype="int64"), (1, fl)))
    flat = ivy.reshape(d, (-1, nf * fl))
    rows = []
    for i in range(int(flat.shape[0])):
        rows.append(ivy.scatter_nd(ivy.reshape(idx, (-1, 1)), ivy.get_item(flat, i), (out_len,),
                                   reduction="sum"))
    r = ivy.stack(rows, axis=0) if rows else ivy.zeros((0, out_len), dtype=name_of(d))
    return wrap(ivy.reshape(r, lead + (out_len,)))


def rfft3d(input_tensor, fft_length=None, name=None):
    d = nat(input_tensor)
    check("RFFT3D", name_of(d), ("float32", "float64"))
    if fft_length is not None:
        fl = _F._ints(fft_length)
        d = _fit(_fit(_fit(d, fl[0], -3), fl[1], -2), fl[2], -1)
    r = ivy.fft.rfftn(d, axes=(-3, -2, -1))
    return wrap(ivy.astype(r, _CT[name_of(d)]))


def irfft3d(input_tensor, fft_length=None, name=None):
    d = _c("IRFFT3D", input_tensor)
    if fft_length is None:
        fl = [int(d.shape[-3]), int(d.shape[-2]), 2 * (int(d.shape[-1]) - 1)]
    else:
        fl = _F._ints(fft_length)
    d = _fit(_fit(_fit(d, fl[0], -3), fl[1], -2), fl[2] // 2 + 1, -1)
    r = ivy.fft.irfftn(d, s=tuple(fl), axes=(-3, -2, -1))
    return wrap(ivy.astype(r, _RT[name_of(d)]))


def vorbis_window(window_length, dtype=float32, name=None):
    dt = as_dtype(dtype)
    check("Window", dt.name, FLOAT)
    n = _F._int(window_length)
    k = ivy.arange(n, dtype="float64")
    s = ivy.sin(ivy.multiply(ivy.add(k, 0.5), math.pi / n))
    return wrap(ivy.astype(ivy.sin(ivy.multiply(ivy.square(s), math.pi / 2)), dt.name))


def _dct_matrix(t, n, norm, dtype):
    """The (n, n) matrix M with ``dct(x)[..., k] = sum_j x[..., j] M[j, k]`` (scipy/TF types)."""
    j = ivy.reshape(ivy.arange(n, dtype="float64"), (n, 1))
    k = ivy.reshape(ivy.arange(n, dtype="float64"), (1, n))
    if t == 1:
        m = ivy.multiply(ivy.cos(ivy.multiply(ivy.multiply(j, k), math.pi / (n - 1))), 2.0)
        edge = ivy.astype(ivy.logical_or(ivy.equal(j, 0), ivy.equal(j, n - 1)), "float64")
        m = ivy.multiply(m, ivy.subtract(1.0, ivy.multiply(edge, 0.5)))
    elif t == 2:
        m = ivy.multiply(ivy.cos(ivy.multiply(ivy.multiply(ivy.add(ivy.multiply(j, 2.0), 1.0),
                                                           k), math.pi / (2 * n))), 2.0)
        if norm == "ortho":
            scale = ivy.where(ivy.equal(k, 0), math.sqrt(1.0 / (4 * n)), math.sqrt(1.0 / (2 * n)))
            m = ivy.multiply(m, scale)
    elif t == 3:
        m = ivy.multiply(ivy.cos(ivy.multiply(ivy.multiply(ivy.add(ivy.multiply(k, 2.0), 1.0),
                                                           j), math.pi / (2 * n))), 2.0)
        if norm == "ortho":
            scale = ivy.where(ivy.equal(j, 0), math.sqrt(1.0 / (4 * n)), math.sqrt(1.0 / (2 * n)))
            m = ivy.multiply(m, scale)
        else:
            m = ivy.where(ivy.equal(j, 0), ivy.multiply(m, 0.5), m)
    else:
        m = ivy.multiply(ivy.cos(ivy.multiply(ivy.multiply(ivy.add(ivy.multiply(j, 2.0), 1.0),
                                                           ivy.add(ivy.multiply(k, 2.0), 1.0)),
                                              math.pi / (4 * n))), 2.0)
        if norm == "ortho":
            m = ivy.multiply(m, math.sqrt(1.0 / (2 * n)))
    return ivy.astype(m, dtype)


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    if type not in (1, 2, 3, 4):
        raise ValueError(f"Types I, II, III and IV (I)DCT are supported. Got type {type}")
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if n is not None and n < 1:
        raise ValueError(f"n should be a positive integer or None. Got {n}")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    if type == 1 and norm == "ortho":
        raise ValueError("Normalization is not supported for the Type-I DCT.")
    d = nat(input)
    check("DCT", name_of(d), ("float16", "bfloat16", "float32", "float64"))
    if n is not None:
        d = _fit(d, n, -1)
    length = int(d.shape[-1])
    if type == 1 and length < 2:
        raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    m = _dct_matrix(type, length, norm, name_of(d))
    return wrap(ivy.tensordot(d, m, axes=((len(d.shape) - 1,), (0,))))


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    if type not in (1, 2, 3, 4):
        raise ValueError(f"Types I, II, III and IV (I)DCT are supported. Got type {type}")
    return dct(input, type={1: 1, 2: 3, 3: 2, 4: 4}[type], n=n, axis=axis, norm=norm)


def _hz_to_mel(f):
    return ivy.multiply(ivy.log(ivy.add(ivy.divide(f, 700.0), 1.0)), 1127.0)


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000,
                                lower_edge_hertz=125.0, upper_edge_hertz=3800.0,
                                dtype=float32, name=None):
    dt = as_dtype(dtype)
    if dt.name not in FLOAT:
        raise ValueError(f"dtype must be a floating point type. Got: {dt!r}")
    nm, ns = _F._int(num_mel_bins), _F._int(num_spectrogram_bins)
    lo, hi, sr = float(lower_edge_hertz), float(upper_edge_hertz), float(sample_rate)
    if nm <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {nm}")
    if lo < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lo}")
    if lo >= hi:
        raise ValueError(f"lower_edge_hertz {lo:.1f} >= upper_edge_hertz {hi:.1f}")
    if sr <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {sr}")
    if hi > sr / 2:
        raise ValueError("upper_edge_hertz must not be larger than the Nyquist frequency "
                         f"(sample_rate / 2). Got {hi} for sample_rate: {sr}")
    n = dt.name
    lin = ivy.get_item(ivy.linspace(0.0, sr / 2.0, ns, dtype="float64"), slice(1, None))
    bins = ivy.expand_dims(_hz_to_mel(lin), axis=1)
    lo_m = 1127.0 * math.log1p(lo / 700.0)
    hi_m = 1127.0 * math.log1p(hi / 700.0)
    edges = ivy.linspace(lo_m, hi_m, nm + 2, dtype="float64")
    lower = ivy.reshape(ivy.get_item(edges, slice(0, nm)), (1, nm))
    center = ivy.reshape(ivy.get_item(edges, slice(1, nm + 1)), (1, nm))
    upper = ivy.reshape(ivy.get_item(edges, slice(2, nm + 2)), (1, nm))
    ls = ivy.divide(ivy.subtract(bins, lower), ivy.subtract(center, lower))
    us = ivy.divide(ivy.subtract(upper, bins), ivy.subtract(upper, center))
    w = ivy.maximum(ivy.minimum(ls, us), ivy.zeros((), dtype="float64"))
    return wrap(ivy.astype(ivy.pad(w, [(1, 0), (0, 0)]), n))


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    d = nat(log_mel_spectrograms)
    m = int(d.shape[-1])
    if m == 0:
        raise ValueError("num_mel_bins must be positive")
    r = dct(wrap(d), type=2)._data
    return wrap(ivy.multiply(r, ivy.astype(ivy.asarray(1.0 / math.sqrt(m * 2.0)), name_of(r))))



def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    fl = _F._int(frame_length)
    if fl % 4:
        raise ValueError("frame_length must be a multiple of 4 for the MDCT.")
    fr = frame(signals, fl, fl // 2, pad_end=pad_end)._data
    if window_fn is not None:
        fr = ivy.multiply(fr, window_fn(fl, dtype=name_of(fr))._data)
    else:
        fr = ivy.multiply(fr, math.sqrt(0.5))
    q = fl // 4
    p = [ivy.get_item(fr, (Ellipsis, slice(i * q, (i + 1) * q))) for i in range(4)]
    first = ivy.subtract(ivy.negative(ivy.flip(p[2], axis=-1)), p[3])
    second = ivy.subtract(p[0], ivy.flip(p[1], axis=-1))
    return dct(wrap(ivy.concat([first, second], axis=-1)), type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    d = nat(mdcts)
    half = int(d.shape[-1])
    r = dct(wrap(d), type=4, norm=norm)._data
    a, b = ivy.get_item(r, (Ellipsis, slice(0, half // 2))), \
        ivy.get_item(r, (Ellipsis, slice(half // 2, half)))
    fr = ivy.concat([b, ivy.negative(ivy.flip(b, axis=-1)), ivy.negative(ivy.flip(a, axis=-1)),
                     ivy.negative(a)], axis=-1)
    if norm is None:
        fr = ivy.multiply(fr, ivy.astype(ivy.asarray(1.0 / (2.0 * half)), name_of(fr)))
    if window_fn is not None:
        fr = ivy.multiply(fr, window_fn(2 * half, dtype=name_of(fr))._data)
    else:
        fr = ivy.multiply(fr, ivy.astype(ivy.asarray(math.sqrt(0.5)), name_of(fr)))
    return overlap_and_add(wrap(fr), half)


# ---------------------------------------------------------------- N-d FFTs (FFTND & co.)
# TF 2.21 registers no CPU kernel for FFTND/IFFTND/RFFTND/IRFFTND (they run through XLA); the
# frontend gives them the kernels' documented meaning (``fft_length[i]`` points along
# ``axes[i]``, inputs cropped / zero-padded to it) and TF's Python wrappers' defaults and
# normalisation; tests compare them with TF's fft/fft2d/fft3d/rfft*/irfft* kernels.
def _nd_args(d, fft_length, axes, inverse_real=False):
    nd = len(d.shape)
    ax = list(range(nd)) if axes is None else [int(a) % nd if nd else int(a)
                                               for a in _F._ints(axes)]
    if fft_length is None:
        fl = [int(d.shape[a]) for a in ax]
        if inverse_real and fl:
            fl[-1] = max(0, 2 * (fl[-1] - 1))
    else:
        fl = _F._ints(fft_length)
    if len(fl) != len(ax):
        raise ValueError(f"fft_length ({len(fl)} values) and axes ({len(ax)} values) must "
                         f"have the same length")
    if len(ax) > nd:
        raise ValueError(f"Shape must be at least rank {len(ax)} but is rank {nd}")
    return fl, ax


def _nd_fit(d, fl, ax, half_last=False):
    for i, (n, a) in enumerate(zip(fl, ax, strict=False)):
        d = _fit(d, n // 2 + 1 if half_last and i == len(ax) - 1 else n, a)
    return d


def _norm(norm):
    n = "backward" if norm is None else norm
    if n not in ("backward", "forward", "ortho"):
        raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or '
                         f'"forward".')
    return n


def _fftnd(op, input_tensor, fft_length, axes, norm, inverse):
    d = nat(input_tensor)
    check(op.split(".")[-1].upper(), name_of(d), CPLX)
    fl, ax = _nd_args(d, fft_length, axes)
    d = _nd_fit(d, fl, ax)
    fn = ivy.fft.ifftn if inverse else ivy.fft.fftn
    if not ax:
        return wrap(d)
    return wrap(ivy.astype(fn(d, axes=tuple(ax), norm=_norm(norm)), name_of(d)))


def _rfftnd(op, input_tensor, fft_length, axes, norm, ctype=None):
    d = nat(input_tensor)
    if name_of(d) not in ("float32", "float64"):
        raise ValueError(f"RFFT requires tf.float32 or tf.float64 inputs, got: {name_of(d)}")
    fl, ax = _nd_args(d, fft_length, axes)
    d = _nd_fit(d, fl, ax)
    r = ivy.fft.rfftn(d, axes=tuple(ax), norm=_norm(norm))
    return wrap(ivy.astype(r, ctype or _CT[name_of(d)]))


def _irfftnd(op, input_tensor, fft_length, axes, norm, rtype=None):
    d = nat(input_tensor)
    if name_of(d) not in CPLX:
        raise ValueError(f"IRFFT requires tf.complex64 or tf.complex128 inputs, got: "
                         f"{name_of(d)}")
    fl, ax = _nd_args(d, fft_length, axes, inverse_real=True)
    d = _nd_fit(d, fl, ax, half_last=True)
    r = ivy.fft.irfftn(d, s=tuple(fl), axes=tuple(ax), norm=_norm(norm))
    return wrap(ivy.astype(r, rtype or _RT[name_of(d)]))


def fftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None):
    from ._core import convert_to_tensor

    t = convert_to_tensor(input_tensor, dtype_hint="complex64")
    return _fftnd("signal.fftnd", t, fft_length, axes, norm, False)


def ifftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None):
    from ._core import convert_to_tensor

    t = convert_to_tensor(input_tensor, dtype_hint="complex64")
    return _fftnd("signal.ifftnd", t, fft_length, axes, norm, True)


def rfftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None):
    from ._core import convert_to_tensor

    t = convert_to_tensor(input_tensor, dtype_hint="float32")
    return _rfftnd("signal.rfftnd", t, fft_length, axes, norm)


def irfftnd(input_tensor, fft_length=None, axes=None, norm=None, name=None):
    from ._core import convert_to_tensor

    t = convert_to_tensor(input_tensor, dtype_hint="complex64")
    return _irfftnd("signal.irfftnd", t, fft_length, axes, norm)


# the raw kernels as ``tf.fftnd`` & co. expose them (fft_length and axes required)
def _raw_fftnd(input, fft_length, axes, name=None):  # noqa: A002
    return _fftnd("fftnd", input, fft_length, axes, None, False)


def _raw_ifftnd(input, fft_length, axes, name=None):  # noqa: A002
    return _fftnd("ifftnd", input, fft_length, axes, None, True)


def _raw_rfftnd(input, fft_length, axes, Tcomplex="complex64", name=None):  # noqa: A002,N803
    d = nat(input)
    check("RFFTND", name_of(d), ("float32", "float64"))
    return _rfftnd("rfftnd", input, fft_length, axes, None, as_dtype(Tcomplex).name)


def _raw_irfftnd(input, fft_length, axes, Treal="float32", name=None):  # noqa: A002,N803
    check("IRFFTND", name_of(nat(input)), CPLX)
    return _irfftnd("irfftnd", input, fft_length, axes, None, as_dtype(Treal).name)
