"""The tensorflow backend: fft functions (see ivy/functional/ivy/fft.py for the API).

``tf.signal`` transforms only the innermost axis, has no ``n`` (except ``fft_length`` for the
real transforms) and no ``norm``: each transform here moves ``axis`` last, pads or trims it to
``n``, calls ``tf.signal``, scales for ``norm`` and moves the axis back. n-dimensional transforms
are 1-D transforms applied axis by axis (the DFT is separable), in NumPy's order.
``tf.signal`` computes only complex64/complex128 (float32/float64 for the real transforms);
half-precision inputs are computed in single precision, like NumPy does.
"""

import math

import numpy as np
import tensorflow as tf

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError

from .device import as_native_device
from .dtypes import as_native_dtype

_NORMS = ("backward", "ortho", "forward")
_SWAP = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def _check_norm(fn, norm):
    if norm not in _NORMS:
        raise InvalidArgumentError(f"fft.{fn}: norm must be one of {_NORMS}, not {norm!r}")


def _forward_scale(norm, n):
    return 1.0 if norm == "backward" else 1 / math.sqrt(n) if norm == "ortho" else 1.0 / n


def _inverse_scale(norm, n):  # on top of tf.signal's own 1/n
    return 1.0 if norm == "backward" else math.sqrt(n) if norm == "ortho" else float(n)


def _scale(y, factor):
    return y if factor == 1.0 else y * tf.constant(factor, dtype=y.dtype)


def _complex(x):
    if x.dtype.is_complex:
        return x
    if x.dtype == tf.float64:
        return tf.cast(x, tf.complex128)
    if x.dtype in (tf.float32, tf.float16, tf.bfloat16):
        return tf.cast(x, tf.complex64)
    return tf.cast(x, as_native_dtype(_d.default_complex_dtype()))


def _real(fn, x):
    if x.dtype in (tf.float32, tf.float64):
        return x
    if x.dtype in (tf.float16, tf.bfloat16):
        return tf.cast(x, tf.float32)
    if x.dtype.is_complex:
        raise InvalidArgumentError(f"fft.{fn} needs a real-valued input, got {x.dtype.name}")
    return tf.cast(x, as_native_dtype(_d.default_float_dtype()))


def _axis(fn, x, axis):
    nd = x.shape.rank
    if not -nd <= axis < nd:
        raise InvalidArgumentError(f"fft.{fn}: axis {axis} is out of bounds for a {nd}-d array")
    return axis % nd


def _along(x, axis, f):
    """Apply ``f`` (which works on the last axis) along ``axis``."""
    last = x.shape.rank - 1
    if axis == last:
        return f(x)
    perm = list(range(last + 1))
    perm[axis], perm[last] = last, axis  # a swap is its own inverse
    return tf.transpose(f(tf.transpose(x, perm)), perm)


def _resize(x, n):
    """Trim or zero-pad the last axis to ``n``."""
    m = x.shape[-1]
    if n < m:
        return x[..., :n]
    if n > m:
        return tf.pad(x, [[0, 0]] * (x.shape.rank - 1) + [[0, n - m]])
    return x


def _check_n(fn, n):
    if n < 1:
        raise InvalidArgumentError(f"fft.{fn}: invalid number of data points ({n})")


def _c2c(fn, x, n, axis, norm, inverse):
    _check_norm(fn, norm)
    x = _complex(x)
    axis = _axis(fn, x, axis)
    n = x.shape[axis] if n is None or n == -1 else n
    _check_n(fn, n)
    if inverse:
        return _along(x, axis, lambda y: _scale(tf.signal.ifft(_resize(y, n)),
                                                _inverse_scale(norm, n)))
    return _along(x, axis, lambda y: _scale(tf.signal.fft(_resize(y, n)),
                                            _forward_scale(norm, n)))


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return _c2c("fft", x, n, axis, norm, False)


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return _c2c("ifft", x, n, axis, norm, True)


def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    _check_norm("rfft", norm)
    x = _real("rfft", x)
    axis = _axis("rfft", x, axis)
    n = x.shape[axis] if n is None or n == -1 else n
    _check_n("rfft", n)
    return _along(x, axis, lambda y: _scale(tf.signal.rfft(_resize(y, n), fft_length=[n]),
                                            _forward_scale(norm, n)))


def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    _check_norm("irfft", norm)
    x = _complex(x)
    axis = _axis("irfft", x, axis)
    n = 2 * (x.shape[axis] - 1) if n is None or n == -1 else n
    _check_n("irfft", n)
    return _along(x, axis, lambda y: _scale(tf.signal.irfft(_resize(y, n // 2 + 1),
                                                            fft_length=[n]),
                                            _inverse_scale(norm, n)))


def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    _check_norm("hfft", norm)
    return irfft(tf.math.conj(_complex(x)), n=n, axis=axis, norm=_SWAP[norm])


def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    _check_norm("ihfft", norm)
    return tf.math.conj(rfft(x, n=n, axis=axis, norm=_SWAP[norm]))


def _s_axes(fn, x, s, axes, inverse_real=False):
    """NumPy's rules for ``s`` and ``axes`` of the n-dimensional transforms."""
    nd = x.shape.rank
    if axes is None:
        axes = list(range(nd)) if s is None else list(range(nd - len(s), nd))
    axes = [_axis(fn, x, a) for a in axes]
    if s is None:
        s = [x.shape[a] for a in axes]
        if inverse_real and axes:
            s[-1] = 2 * (s[-1] - 1)
    else:
        s = list(s)
        if len(s) != len(axes):
            raise InvalidArgumentError(f"fft.{fn}: s and axes must have the same length")
        for i, (n, a) in enumerate(zip(s, axes, strict=True)):
            if n == -1:
                s[i] = 2 * (x.shape[a] - 1) if inverse_real and i == len(s) - 1 else x.shape[a]
    return s, axes


def _c2c_nd(fn, x, s, axes, norm, inverse):
    s, axes = _s_axes(fn, x, s, axes)
    x = _complex(x)
    for n, a in zip(reversed(s), reversed(axes), strict=True):
        x = _c2c(fn, x, n, a, norm, inverse)
    return x


def fftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd("fftn", x, s, axes, norm, False)


def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd("ifftn", x, s, axes, norm, True)


def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    s, axes = _s_axes("rfftn", x, s, axes)
    if not axes:
        return _complex(_real("rfftn", x))
    x = rfft(x, n=s[-1], axis=axes[-1], norm=norm)
    for n, a in zip(reversed(s[:-1]), reversed(axes[:-1]), strict=True):
        x = _c2c("rfftn", x, n, a, norm, False)
    return x


def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    s, axes = _s_axes("irfftn", x, s, axes, inverse_real=True)
    x = _complex(x)
    if not axes:
        return tf.math.real(x)
    for n, a in zip(s[:-1], axes[:-1], strict=True):
        x = _c2c("irfftn", x, n, a, norm, True)
    return irfft(x, n=s[-1], axis=axes[-1], norm=norm)


def _freq_dtype(dtype):
    return as_native_dtype(_d.default_float_dtype() if dtype is None else dtype)


def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    k = np.concatenate([np.arange(0, (n - 1) // 2 + 1), np.arange(-(n // 2), 0)])
    with tf.device(as_native_device(device)):
        return tf.constant(k / (n * d), dtype=_freq_dtype(dtype))


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    with tf.device(as_native_device(device)):
        return tf.constant(np.arange(0, n // 2 + 1) / (n * d), dtype=_freq_dtype(dtype))


def _shift_axes(x, axes):
    if axes is None:
        return list(range(x.shape.rank))
    return [axes] if isinstance(axes, int) else list(axes)


def fftshift(x, /, *, axes=None):
    axes = _shift_axes(x, axes)
    return tf.roll(x, [x.shape[a] // 2 for a in axes], axes) if axes else x


def ifftshift(x, /, *, axes=None):
    axes = _shift_axes(x, axes)
    return tf.roll(x, [-(x.shape[a] // 2) for a in axes], axes) if axes else x
