"""The MXNet backend: special functions (see ivy/functional/ivy/special.py for the API).

``mxnet.npx`` has ``erf``, ``erfinv`` and ``gammaln`` (no ``digamma``; ``mx.np.i0`` returns NaN
at ±inf, where I0 is inf); the others are left out (the loader gives each a stub raising
``UnsupportedBackendError`` naming the function). Integer/bool inputs are converted to Ivy's
default float dtype.
"""

import numpy as onp
from mxnet import npx

from ivy import dtypes as _d

from .dtypes import as_native_dtype


def _floating(x):
    """Integer/bool inputs become Ivy's default float dtype."""
    if onp.dtype(x.dtype).kind in "biu":
        return x.astype(as_native_dtype(_d.default_float_dtype()))
    return x


def erf(x, /):
    return npx.erf(_floating(x))


def erfinv(x, /):
    return npx.erfinv(_floating(x))


def lgamma(x, /):
    return npx.gammaln(_floating(x))
