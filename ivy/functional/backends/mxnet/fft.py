"""The MXNet backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``mxnet.numpy`` has no ``fft`` module and MXNet has no complex dtypes, so the transforms are left
out (the loader gives each a stub raising ``UnsupportedBackendError``). The frequency helpers are
real-valued and exist.
"""

import numpy as onp
from mxnet import numpy as mnp

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    dt = _freq_dtype(dtype)
    return mnp.array(onp.fft.fftfreq(n, d).astype(dt), dtype=dt, ctx=as_native_device(device))


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    dt = _freq_dtype(dtype)
    return mnp.array(onp.fft.rfftfreq(n, d).astype(dt), dtype=dt, ctx=as_native_device(device))


def fftshift(x, /, *, axes=None):
    axes = tuple(range(x.ndim)) if axes is None else (axes,) if isinstance(axes, int) else axes
    return mnp.roll(x, tuple(x.shape[a] // 2 for a in axes), axis=tuple(axes))


def ifftshift(x, /, *, axes=None):
    axes = tuple(range(x.ndim)) if axes is None else (axes,) if isinstance(axes, int) else axes
    return mnp.roll(x, tuple(-(x.shape[a] // 2) for a in axes), axis=tuple(axes))
