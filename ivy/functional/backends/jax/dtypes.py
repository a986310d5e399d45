"""JAX dtypes (numpy dtype objects, bfloat16 through ml_dtypes) <-> Ivy dtypes."""

from functools import partial

import jax.numpy as jnp
import numpy as np

from ivy import dtypes as _d
from ivy.functional.backends._shared import dtypes as _dt

from ..descriptors import descriptor

SUPPORTED_DTYPES, _NATIVE, _LOOKUP = _dt.build(lambda name: np.dtype(getattr(jnp, name)),
                                               descriptor("jax").dtypes, scalar_types=True)


# the Ivy dtype, a name, or any framework's dtype -> the native dtype (None stays None)
as_native_dtype = partial(_dt.as_native, _NATIVE, _LOOKUP)
del partial
