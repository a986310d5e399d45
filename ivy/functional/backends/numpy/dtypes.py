"""NumPy dtypes <-> Ivy dtypes (bfloat16 through ml_dtypes)."""

import ml_dtypes
import numpy as np

from ivy import dtypes as _d

SUPPORTED_DTYPES = _d.ALL
_NATIVE = {d: np.dtype(ml_dtypes.bfloat16) if d == _d.bfloat16 else np.dtype(str(d)) for d in _d.ALL}
# keyed by Ivy dtypes/names and by numpy's own dtype objects and scalar types
_LOOKUP = {**_NATIVE, **{v: v for v in _NATIVE.values()},
           **{v.type: v for v in _NATIVE.values()}}


def as_native_dtype(dtype):
    """The numpy dtype for an Ivy dtype, a name, or any framework's dtype (``None`` stays)."""
    if dtype is None:
        return None
    try:
        return _LOOKUP[dtype]
    except (KeyError, TypeError):
        return _NATIVE[_d.as_ivy_dtype(dtype)]
