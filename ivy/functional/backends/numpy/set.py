"""The numpy backend: set functions (see ivy/functional/ivy/set.py for the API).

The standard wants NaNs distinct (each its own unique value with count 1) and signed zeros equal.
NumPy >= 2 does that in ``np.unique_*``; on older NumPy (which merges NaNs) the same result comes
from a stable sort of the flattened input split where neighbours differ.
"""

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


if hasattr(np, "unique_all"):  # NumPy >= 2.0

    def unique_all(x, /):
        r = np.unique_all(x)
        return UniqueAllResult(r.values, _idx(r.indices), _idx(r.inverse_indices),
                               _idx(r.counts))

    def unique_counts(x, /):
        r = np.unique_counts(x)
        return UniqueCountsResult(r.values, _idx(r.counts))

    def unique_inverse(x, /):
        r = np.unique_inverse(x)
        return UniqueInverseResult(r.values, _idx(r.inverse_indices))

    def unique_values(x, /):
        return np.unique_values(x)

else:

    def _runs(x):
        flat = np.ravel(x)
        perm = np.argsort(flat, kind="stable")
        s = flat[perm]
        mask = np.ones(s.shape, dtype=bool)
        mask[1:] = s[1:] != s[:-1]
        return s, perm, mask

    def _counts(mask):
        starts = np.flatnonzero(mask)
        return starts, np.diff(np.append(starts, mask.size))

    def _inverse(x, perm, mask):
        inv = np.empty(perm.shape, dtype=np.intp)
        inv[perm] = np.cumsum(mask) - 1
        return inv.reshape(np.shape(x))

    def unique_all(x, /):
        s, perm, mask = _runs(x)
        starts, counts = _counts(mask)
        return UniqueAllResult(s[mask], _idx(perm[starts]), _idx(_inverse(x, perm, mask)),
                               _idx(counts))

    def unique_counts(x, /):
        s, perm, mask = _runs(x)
        return UniqueCountsResult(s[mask], _idx(_counts(mask)[1]))

    def unique_inverse(x, /):
        s, perm, mask = _runs(x)
        return UniqueInverseResult(s[mask], _idx(_inverse(x, perm, mask)))

    def unique_values(x, /):
        s, perm, mask = _runs(x)
        return s[mask]
