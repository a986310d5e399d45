"""jax.numpy.fft on Ivy (complex64 results: x64 disabled)."""

from __future__ import annotations

import ivy

from .._array import asarray, wrap
from .._core import KIND, name_of


def _c(a):
    x = asarray(a)
    k = KIND[name_of(x._data)]
    return x.astype("complex64") if k != "c" else x


def _r(a):
    x = asarray(a)
    return x.astype("float32") if KIND[name_of(x._data)] in "biu" else x


def _mk(name, conv):
    fn = getattr(ivy.fft, name)

    def f(a, n=None, axis=-1, norm=None):
        return wrap(fn(conv(a)._data, n=n, axis=axis, norm=norm or "backward"))
    f.__name__ = name
    return f


def _mkn(name, conv, default_axes=None):
    fn = getattr(ivy.fft, name)

    def f(a, s=None, axes=default_axes, norm=None):
        return wrap(fn(conv(a)._data, s=None if s is None else tuple(s),
                       axes=None if axes is None else tuple(axes), norm=norm or "backward"))
    f.__name__ = name
    return f


fft, ifft = _mk("fft", _c), _mk("ifft", _c)
rfft, irfft = _mk("rfft", _r), _mk("irfft", _c)
hfft, ihfft = _mk("hfft", _c), _mk("ihfft", _r)
fftn, ifftn = _mkn("fftn", _c), _mkn("ifftn", _c)
rfftn, irfftn = _mkn("rfftn", _r), _mkn("irfftn", _c)
fft2, ifft2 = _mkn("fftn", _c, (-2, -1)), _mkn("ifftn", _c, (-2, -1))
rfft2, irfft2 = _mkn("rfftn", _r, (-2, -1)), _mkn("irfftn", _c, (-2, -1))


def fftfreq(n, d=1.0, *, dtype=None, device=None):
    return wrap(ivy.fft.fftfreq(n, d=d, dtype="float32")._data).astype(dtype or "float32")


def rfftfreq(n, d=1.0, *, dtype=None, device=None):
    return wrap(ivy.fft.rfftfreq(n, d=d, dtype="float32")._data).astype(dtype or "float32")


def fftshift(x, axes=None):
    a = asarray(x)
    return wrap(ivy.fft.fftshift(a._data, axes=axes), a._weak)


def ifftshift(x, axes=None):
    a = asarray(x)
    return wrap(ivy.fft.ifftshift(a._data, axes=axes), a._weak)
