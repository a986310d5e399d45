"""The torch backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``torch.fft`` has the standard's semantics (and keeps single precision); only the parameter names
differ (``dim`` for ``axis``/``axes``).
"""

import torch

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

_F = torch.fft


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.fft(x, n=n, dim=axis, norm=norm)


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.ifft(x, n=n, dim=axis, norm=norm)


def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.rfft(x, n=n, dim=axis, norm=norm)


def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.irfft(x, n=n, dim=axis, norm=norm)


def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.hfft(x, n=n, dim=axis, norm=norm)


def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _F.ihfft(x, n=n, dim=axis, norm=norm)


def _seq(v):
    return None if v is None else tuple(v)


def fftn(x, /, *, s=None, axes=None, norm="backward"):
    return _F.fftn(x, s=_seq(s), dim=_seq(axes), norm=norm)


def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    return _F.ifftn(x, s=_seq(s), dim=_seq(axes), norm=norm)


def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    return _F.rfftn(x, s=_seq(s), dim=_seq(axes), norm=norm)


def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    return _F.irfftn(x, s=_seq(s), dim=_seq(axes), norm=norm)


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _F.fftfreq(n, d, dtype=_freq_dtype(dtype), device=as_native_device(device))


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _F.rfftfreq(n, d, dtype=_freq_dtype(dtype), device=as_native_device(device))


def fftshift(x, /, *, axes=None):
    return _F.fftshift(x, dim=axes if axes is None or isinstance(axes, int) else tuple(axes))


def ifftshift(x, /, *, axes=None):
    return _F.ifftshift(x, dim=axes if axes is None or isinstance(axes, int) else tuple(axes))
