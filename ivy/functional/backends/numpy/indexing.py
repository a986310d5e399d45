"""The NumPy backend: indexing functions (see ivy/functional/ivy/indexing.py for the API)."""

import numpy as np


def take(x, indices, /, *, axis=None):
    if axis is None and x.ndim != 1:
        raise ValueError(f"take: axis is required for a {x.ndim}-D array")
    return np.take(x, indices, axis=axis)


def take_along_axis(x, indices, /, *, axis=-1):
    return np.take_along_axis(x, indices, axis=axis)
