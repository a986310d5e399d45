"""The MXNet backend: set functions (see ivy/functional/ivy/set.py for the API).

``mx.np.unique`` (sorted values, first indices, inverse, counts). The standard wants each NaN to
be its own unique value; MXNet merges NaNs like NumPy 1.x, so inputs holding NaN raise instead of
answering differently (``UnsupportedBackendError``).
"""

from mxnet import numpy as mnp

from ivy import dtypes as _d
from ivy.errors import UnsupportedBackendError
from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

from . import _reduce as _r
from .dtypes import as_native_dtype
from .dtypes import promote as _promote

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def _idx(a):
    d = as_native_dtype(_d._defaults.int)
    return a if a.dtype == d else a.astype(d)


def _check(x, fn):
    if x.dtype.kind == "f" and bool(mnp.isnan(x).any()):
        raise UnsupportedBackendError(
            f"ivy.{fn} on the mxnet backend: MXNet's unique merges NaNs (the standard counts "
            "each NaN as its own value); use another backend for arrays holding NaN")
    if x.dtype == bool:  # no bool kernel
        x = x.astype("uint8")
    return x.reshape(-1) if x.ndim != 1 else x


def isin(x1, x2, /, *, invert=False):
    x1, x2 = _promote(x1, x2)
    hit = _r.any(x1.reshape(-1, 1) == x2.reshape(1, -1), axis=1).reshape(x1.shape) \
        if x2.size else mnp.zeros(x1.shape, dtype=bool, ctx=x1.ctx)
    return mnp.logical_not(hit) if invert else hit


def _values(v, x):
    return v.astype(bool) if x.dtype == bool else v


def unique_all(x, /):
    v, i, inv, c = mnp.unique(_check(x, "unique_all"), return_index=True, return_inverse=True,
                              return_counts=True)
    return UniqueAllResult(_values(v, x), _idx(i), _idx(inv.reshape(x.shape)), _idx(c))


def unique_counts(x, /):
    v, c = mnp.unique(_check(x, "unique_counts"), return_counts=True)
    return UniqueCountsResult(_values(v, x), _idx(c))


def unique_inverse(x, /):
    v, inv = mnp.unique(_check(x, "unique_inverse"), return_inverse=True)
    return UniqueInverseResult(_values(v, x), _idx(inv.reshape(x.shape)))


def unique_values(x, /):
    return _values(mnp.unique(_check(x, "unique_values")), x)
