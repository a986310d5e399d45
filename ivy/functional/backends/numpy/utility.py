"""The numpy backend: utility functions (see ivy/functional/ivy/utility.py for the API)."""

import numpy as np

__all__ = ["all", "any", "diff"]

all = np.all  # noqa: A001 - the Array API names it so
any = np.any  # noqa: A001


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if n == 0 and (prepend is not None or append is not None):  # NumPy would drop them
        return np.concatenate([p for p in (prepend, x, append) if p is not None], axis=axis)
    if prepend is None and append is None:
        return np.diff(x, n=n, axis=axis)
    if prepend is None:
        return np.diff(x, n=n, axis=axis, append=append)
    if append is None:
        return np.diff(x, n=n, axis=axis, prepend=prepend)
    return np.diff(x, n=n, axis=axis, prepend=prepend, append=append)
