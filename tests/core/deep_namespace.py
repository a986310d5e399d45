"""A declaration module two namespace levels deep, for tests/core/test_namespaces.py (imported
only by that test's subprocess: importing it registers ``ivy.testing.deep.scale``)."""

from __future__ import annotations

import numpy as np

from ivy._typing import Array
from ivy.func_wrapper import api

NAMESPACE = "testing.deep"


@api
def scale(x: Array, /, *, factor: float = 2.0) -> Array:
    """``x * factor``."""


def numpy_scale(x, /, *, factor=2.0):
    """The numpy backend's implementation (the test binds it as ``B.testing.deep.scale``)."""
    return np.multiply(x, np.asarray(factor, dtype=x.dtype))
