"""PyTorch dtypes <-> Ivy dtypes."""

from functools import partial

import torch

from ivy import dtypes as _d
from ivy.functional.backends._shared import dtypes as _dt

from ..descriptors import descriptor

SUPPORTED_DTYPES, _NATIVE, _LOOKUP = _dt.build(lambda name: getattr(torch, name),
                                               descriptor("torch").dtypes)


# the Ivy dtype, a name, or any framework's dtype -> the native dtype (None stays None)
as_native_dtype = partial(_dt.as_native, _NATIVE, _LOOKUP)
del partial
