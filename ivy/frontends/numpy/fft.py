"""``numpy.fft`` over ``ivy.fft`` (NumPy 2 precision: float32/complex64 in -> complex64 out;
integers -> complex128)."""

from __future__ import annotations

import ivy

from ._core import BY_NAME, cast, dtype_of, not_implemented, norm_axis, shape_of
from ._ndarray import native, wrap


def _c(a, real_in=False):
    x = native(a)
    d = dtype_of(x)
    if d.kind in "iub" or d.name == "float16":
        x = cast(x, BY_NAME["float64"] if d.name != "float16" else BY_NAME["float32"])
    elif real_in and d.kind == "c":
        raise TypeError("ufunc 'rfft' did not contain a loop with signature matching types")
    elif not real_in and d.kind == "f":
        x = cast(x, BY_NAME["complex64" if d.name == "float32" else "complex128"])
    return x


def _norm(norm):
    if norm is None:
        return "backward"
    if norm not in ("backward", "ortho", "forward"):
        raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or "forward".')
    return norm


def _one(fn, real_in, a, n, axis, norm, out):
    if out is not None:
        not_implemented("numpy.fft.*(out=...)")
    x = _c(a, real_in)
    ax = norm_axis(axis, len(x.shape))
    if n is not None and n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    if n is None and shape_of(x)[ax] == 0:
        raise ValueError("Invalid number of FFT data points (0) specified.")
    return wrap(fn(x, n=n, axis=ax, norm=_norm(norm)))


def fft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.fft, False, a, n, axis, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.ifft, False, a, n, axis, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.rfft, True, a, n, axis, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.irfft, False, a, n, axis, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.hfft, False, a, n, axis, norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(ivy.fft.ihfft, True, a, n, axis, norm, out)


def _many(fn, real_in, a, s, axes, norm, out):
    if out is not None:
        not_implemented("numpy.fft.*(out=...)")
    x = _c(a, real_in)
    nd = len(x.shape)
    if axes is None:
        axes = tuple(range(nd - len(s), nd)) if s is not None else tuple(range(nd))
    axes = tuple(norm_axis(v, nd) for v in axes)
    return wrap(fn(x, s=None if s is None else tuple(s), axes=axes, norm=_norm(norm)))


def fftn(a, s=None, axes=None, norm=None, out=None):
    return _many(ivy.fft.fftn, False, a, s, axes, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _many(ivy.fft.ifftn, False, a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    return _many(ivy.fft.rfftn, True, a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    return _many(ivy.fft.irfftn, False, a, s, axes, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return ifftn(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return irfftn(a, s, axes, norm, out)


def fftfreq(n, d=1.0, device=None):
    return wrap(ivy.fft.fftfreq(n, d=d, dtype="float64"))


def rfftfreq(n, d=1.0, device=None):
    return wrap(ivy.fft.rfftfreq(n, d=d, dtype="float64"))


def fftshift(x, axes=None):
    a = native(x)
    return wrap(ivy.fft.fftshift(a, axes=axes))


def ifftshift(x, axes=None):
    a = native(x)
    return wrap(ivy.fft.ifftshift(a, axes=axes))
