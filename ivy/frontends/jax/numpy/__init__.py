"""``jax.numpy`` on Ivy: ``import ivy.frontends.jax.numpy as jnp``. See docs/frontends-jax.md."""

from __future__ import annotations

from .. import _array, _core
from .._array import Array, asarray
from ._scalar_types import (bfloat16, bool_, complex64, complex128, float16, float32, float64,
                            int8, int16, int32, int64, uint8, uint16, uint32, uint64)
from ._functions import *  # noqa: F401,F403
from ._functions import (abs, all, any, max, min, pow, round, sum, where)  # noqa: F401,A004
from . import _functions as _F

_array.F = _F
bool = bool_  # noqa: A001
float_, int_, uint, complex_ = float64, int64, uint32, complex128
single, double, csingle, cdouble = float32, float64, complex64, complex128
# abstract scalar types are NumPy's (as in JAX): jnp.issubdtype(x.dtype, jnp.floating)
import numpy as _np  # noqa: E402

(generic, number, integer, signedinteger, unsignedinteger, inexact, floating, complexfloating,
 character, flexible, object_) = (_np.generic, _np.number, _np.integer, _np.signedinteger,
                                  _np.unsignedinteger, _np.inexact, _np.floating,
                                  _np.complexfloating, _np.character, _np.flexible, _np.object_)
ndarray = Array
array = _F.array


def _method(fn):
    def m(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    m.__name__ = fn.__name__
    return m


for _n in ("sum mean max min argmax argmin prod std var all any cumsum cumprod clip round "
           "squeeze flatten ravel dot conj conjugate nonzero sort argsort take repeat swapaxes "
           "trace diagonal ptp searchsorted").split():
    if _n == "flatten":
        setattr(Array, "flatten", _method(_F.ravel))
    else:
        setattr(Array, _n, _method(getattr(_F, _n)))


def _astype(self, dtype, copy=False, device=None):
    return _array.wrap(_array.convert(self._data, _core.to_name(dtype)))


def _reshape(self, *shape, order="C"):
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = shape[0]
    return _F.reshape(self, shape, order)


def _transpose(self, *axes):
    if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (list, tuple))):
        axes = axes[0]
    return _F.transpose(self, axes or None)


Array.astype = _astype
Array.reshape = _reshape
Array.transpose = _transpose

from . import fft, linalg  # noqa: E402,F401
from ._lax_based import (argpartition, bitwise_count, i0, kaiser, partition,  # noqa: E402,F401
                         polyfit, roots)
