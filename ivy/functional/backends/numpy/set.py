"""The numpy backend: set functions (see ivy/functional/ivy/set.py for the API)."""

import numpy as np

from ivy import dtypes as _d
from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def isin(x1, x2, /, *, invert=False):
    return np.isin(x1, x2, invert=invert)


def _idx(a):
    d = _d._defaults.int
    return a if a.dtype == d else a.astype(d)


# np.unique_* treat NaNs as distinct (equal_nan=False) and merge signed zeros, as the standard asks
def unique_all(x, /):
    r = np.unique_all(x)
    return UniqueAllResult(r.values, _idx(r.indices), _idx(r.inverse_indices), _idx(r.counts))


def unique_counts(x, /):
    r = np.unique_counts(x)
    return UniqueCountsResult(r.values, _idx(r.counts))


def unique_inverse(x, /):
    r = np.unique_inverse(x)
    return UniqueInverseResult(r.values, _idx(r.inverse_indices))


def unique_values(x, /):
    return np.unique_values(x)
