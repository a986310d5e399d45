"""The jax backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``jax.numpy.fft`` has the standard's semantics and keeps single precision, so the transforms are
bound directly.
"""

import jax.numpy as jnp

from ivy import dtypes as _d

from .device import as_native_device
from .dtypes import as_native_dtype

fft = jnp.fft.fft
ifft = jnp.fft.ifft
fftn = jnp.fft.fftn
ifftn = jnp.fft.ifftn
rfft = jnp.fft.rfft
irfft = jnp.fft.irfft
rfftn = jnp.fft.rfftn
irfftn = jnp.fft.irfftn
hfft = jnp.fft.hfft
ihfft = jnp.fft.ihfft
fftshift = jnp.fft.fftshift
ifftshift = jnp.fft.ifftshift


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return jnp.fft.fftfreq(n, d, dtype=_freq_dtype(dtype), device=as_native_device(device))


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return jnp.fft.rfftfreq(n, d, dtype=_freq_dtype(dtype), device=as_native_device(device))
