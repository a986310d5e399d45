"""NumPy dtypes <-> Ivy dtypes (bfloat16 through ml_dtypes)."""

from functools import partial

import ml_dtypes
import numpy as np

from ivy import dtypes as _d
from ivy.functional.backends._shared import dtypes as _dt

from ..descriptors import descriptor

# keyed by Ivy dtypes/names and by numpy's own dtype objects and scalar types
SUPPORTED_DTYPES, _NATIVE, _LOOKUP = _dt.build(
    np.dtype, descriptor("numpy").dtypes, overrides={"bfloat16": np.dtype(ml_dtypes.bfloat16)},
    scalar_types=True)


# the Ivy dtype, a name, or any framework's dtype -> the native dtype (None stays None)
as_native_dtype = partial(_dt.as_native, _NATIVE, _LOOKUP)
del partial
