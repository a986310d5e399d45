"""The numpy backend: sorting functions (see ivy/functional/ivy/sorting.py for the API)."""

import numpy as np

from ivy import dtypes as _d

__all__ = ["argsort", "sort"]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    if not descending:
        r = np.argsort(x, axis=axis, kind="stable" if stable else None)
    else:
        # stable descending: sort the reversed array ascending, reverse back, map the indices
        n = x.shape[axis] if x.ndim else 1
        r = (n - 1) - np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable" if stable else None), axis)
    d = _d._defaults.int
    return r if d == _d.int64 else r.astype(d)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    r = np.sort(x, axis=axis, kind="stable" if stable else None)
    return np.flip(r, axis) if descending else r
