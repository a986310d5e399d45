"""JAX dtypes (numpy dtype objects, bfloat16 through ml_dtypes) <-> Ivy dtypes."""

import jax.numpy as jnp
import numpy as np

from ivy import dtypes as _d

SUPPORTED_DTYPES = _d.ALL
_NATIVE = {d: np.dtype(getattr(jnp, str(d))) for d in _d.ALL}
_LOOKUP = {**_NATIVE, **{v: v for v in _NATIVE.values()},
           **{v.type: v for v in _NATIVE.values()}}


def as_native_dtype(dtype):
    """The dtype JAX uses for an Ivy dtype, a name, or any framework's dtype (``None`` stays)."""
    if dtype is None:
        return None
    try:
        return _LOOKUP[dtype]
    except (KeyError, TypeError):
        return _NATIVE[_d.as_ivy_dtype(dtype)]
