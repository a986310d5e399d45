"""The numpy backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``numpy.fft`` (NumPy 2) has the standard's semantics and keeps single precision (float32 in ->
complex64 out), so the transforms are bound directly. NumPy 1.x computes everything in double
precision: there the results are cast back to the input's precision (chosen once at import).
"""

import numpy as np

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

_F = np.fft
_KEEPS_SINGLE = _F.fft(np.ones(2, np.float32)).dtype == np.complex64


def _prec(x, r, complex_out):
    """NumPy 1.x computes in double precision: return the input's precision."""
    if np.result_type(x) in (np.float32, np.complex64, np.float16):
        return r.astype(np.complex64 if complex_out else np.float32)
    return r


# NumPy 1.x: written out (not generated) so that the emitter can copy them like any backend code
def _fft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.fft(x, n=n, axis=axis, norm=norm), True)


def _ifft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.ifft(x, n=n, axis=axis, norm=norm), True)


def _fftn_np1(x, /, *, s=None, axes=None, norm="backward"):
    return _prec(x, np.fft.fftn(x, s=s, axes=axes, norm=norm), True)


def _ifftn_np1(x, /, *, s=None, axes=None, norm="backward"):
    return _prec(x, np.fft.ifftn(x, s=s, axes=axes, norm=norm), True)


def _rfft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.rfft(x, n=n, axis=axis, norm=norm), True)


def _irfft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.irfft(x, n=n, axis=axis, norm=norm), False)


def _rfftn_np1(x, /, *, s=None, axes=None, norm="backward"):
    return _prec(x, np.fft.rfftn(x, s=s, axes=axes, norm=norm), True)


def _irfftn_np1(x, /, *, s=None, axes=None, norm="backward"):
    return _prec(x, np.fft.irfftn(x, s=s, axes=axes, norm=norm), False)


def _hfft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.hfft(x, n=n, axis=axis, norm=norm), False)


def _ihfft_np1(x, /, *, n=None, axis=-1, norm="backward"):
    return _prec(x, np.fft.ihfft(x, n=n, axis=axis, norm=norm), True)


if _KEEPS_SINGLE:
    fft, ifft, fftn, ifftn = _F.fft, _F.ifft, _F.fftn, _F.ifftn
    rfft, irfft, rfftn, irfftn = _F.rfft, _F.irfft, _F.rfftn, _F.irfftn
    hfft, ihfft = _F.hfft, _F.ihfft
else:
    fft, ifft, fftn, ifftn = _fft_np1, _ifft_np1, _fftn_np1, _ifftn_np1
    rfft, irfft, rfftn, irfftn = _rfft_np1, _irfft_np1, _rfftn_np1, _irfftn_np1
    hfft, ihfft = _hfft_np1, _ihfft_np1

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
