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


def inverse_stft(*a, **k):
    from ._core import not_implemented

    not_implemented("tf.signal.inverse_stft")




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
