"""The numpy backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``numpy.fft`` (NumPy 2) has the standard's semantics and keeps single precision (float32 in ->
complex64 out), so the transforms are bound directly. NumPy 1.x computes everything in double
precision: there the results are cast back to the input's precision (chosen once at import).
"""

import functools

import numpy as np

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

_F = np.fft
_KEEPS_SINGLE = _F.fft(np.ones(2, np.float32)).dtype == np.complex64


def _single(fn, complex_out):
    """On NumPy 1.x: compute in double precision, return the input's precision."""

    @functools.wraps(fn)
    def wrapper(x, /, **kwargs):
        r = fn(x, **kwargs)
        if np.result_type(x) in (np.float32, np.complex64, np.float16):
            return r.astype(np.complex64 if complex_out else np.float32)
        return r

    return wrapper


if _KEEPS_SINGLE:
    fft, ifft, fftn, ifftn = _F.fft, _F.ifft, _F.fftn, _F.ifftn
    rfft, irfft, rfftn, irfftn = _F.rfft, _F.irfft, _F.rfftn, _F.irfftn
    hfft, ihfft = _F.hfft, _F.ihfft
else:
    fft, ifft, fftn, ifftn = (_single(f, True) for f in (_F.fft, _F.ifft, _F.fftn, _F.ifftn))
    rfft, rfftn, ihfft = (_single(f, True) for f in (_F.rfft, _F.rfftn, _F.ihfft))
    irfft, irfftn, hfft = (_single(f, False) for f in (_F.irfft, _F.irfftn, _F.hfft))

fftshift = _F.fftshift
ifftshift = _F.ifftshift


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    as_native_device(device)
    return _F.fftfreq(n, d).astype(_freq_dtype(dtype), copy=False)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    as_native_device(device)
    return _F.rfftfreq(n, d).astype(_freq_dtype(dtype), copy=False)
