"""The numpy backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``numpy.fft`` (NumPy 2) has the standard's semantics and keeps single precision (float32 in ->
complex64 out), so the transforms are bound directly.
"""

import numpy as np

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

fft = np.fft.fft
ifft = np.fft.ifft
fftn = np.fft.fftn
ifftn = np.fft.ifftn
rfft = np.fft.rfft
irfft = np.fft.irfft
rfftn = np.fft.rfftn
irfftn = np.fft.irfftn
hfft = np.fft.hfft
ihfft = np.fft.ihfft
fftshift = np.fft.fftshift
ifftshift = np.fft.ifftshift


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    as_native_device(device)
    return np.fft.fftfreq(n, d).astype(_freq_dtype(dtype), copy=False)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    as_native_device(device)
    return np.fft.rfftfreq(n, d).astype(_freq_dtype(dtype), copy=False)
