"""The MXNet backend: sorting functions (see ivy/functional/ivy/sorting.py for the API).

MXNet sorts NaNs as the largest values, like NumPy; its sort is not documented as stable, so
``argsort(stable=True)`` (the default) orders on the host (see ``_stable_argsort``).
"""

import numpy as onp
from mxnet import numpy as mnp

from ivy import dtypes as _d

from .dtypes import as_native_dtype

__all__ = ["argsort", "sort"]


def _stable_argsort(x, axis):
    """A stable argsort. MXNet's sort does not promise stability (no ``kind=``), so the order is
    computed on the host with NumPy's stable sort and copied back: exact, but a device
    round-trip (indices carry no gradient, so autograd loses nothing)."""
    r = onp.argsort(x.asnumpy(), axis=axis, kind="stable")
    return mnp.array(r, dtype="int64", ctx=x.ctx)


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    if x.ndim == 0:
        return mnp.zeros((), dtype=as_native_dtype(_d._defaults.int), ctx=x.ctx)
    axis %= x.ndim  # MXNet's flip refuses negative axes
    if not descending:
        r = _stable_argsort(x, axis) if stable or x.dtype in (onp.float16, bool) else \
            mnp.argsort(x, axis=axis)
    else:
        n = x.shape[axis]
        fx = mnp.flip(x.astype("uint8") if x.dtype == bool else x, axis)
        r = (n - 1) - mnp.flip(_stable_argsort(fx, axis) if stable or x.dtype == onp.float16
                               else mnp.argsort(fx, axis=axis), axis)
    d = as_native_dtype(_d._defaults.int)
    return r if r.dtype == d else r.astype(d)


def sort(x, /, *, axis=-1, descending=False, stable=True):
    if x.ndim == 0:
        return x.copy()
    axis %= x.ndim  # MXNet's flip refuses negative axes
    if x.dtype == onp.float16:  # no float16 sort kernel; float32 orders it the same
        r = mnp.sort(x.astype(onp.float32), axis=axis).astype(onp.float16)
    elif x.dtype == bool:
        r = mnp.sort(x.astype("uint8"), axis=axis).astype(bool)
    else:
        r = mnp.sort(x, axis=axis)
    if descending:  # MXNet's flip has no bool kernel
        r = mnp.flip(r.astype("uint8"), axis).astype(bool) if r.dtype == bool else \
            mnp.flip(r, axis)
    return r
