"""``mxnet.numpy`` as the NumPy-like namespace the shared code (``backends/_shared``) expects.

A module object (so ``partial(_nn.relu, xp)`` reads as on the other backends) that is
``mxnet.numpy`` plus the few names it lacks or spells differently: ``asarray`` (dtype-exact),
``clip`` with array bounds, ``where`` with a non-bool condition, and reductions that accept
zero-size results (``mean`` of nothing is NaN, as in NumPy).
"""

import numpy as onp
from mxnet import numpy as mnp

from . import _reduce
from .dtypes import safe_where as _where

# reductions whose result is zero-size (MXNet's kernels fail on those: ``_reduce``)
sum = _reduce.sum  # noqa: A001
prod = _reduce.prod
max = _reduce.max  # noqa: A001
min = _reduce.min  # noqa: A001
any = _reduce.any  # noqa: A001
all = _reduce.all  # noqa: A001


def mean(x, axis=None, keepdims=False):
    """NumPy's mean: NaN over zero elements (MXNet's is 0)."""
    r = _reduce.mean(x, axis=axis, keepdims=keepdims)
    if r.size and x.size == 0:
        r = mnp.full(r.shape, onp.nan, dtype=r.dtype, ctx=r.ctx)
    return r


def asarray(obj, dtype=None):
    if isinstance(obj, mnp.ndarray):
        return obj if dtype is None or obj.dtype == dtype else obj.astype(dtype)
    host = onp.asarray(obj, dtype=dtype)
    return mnp.array(host, dtype=host.dtype)


def clip(x, lo=None, hi=None):
    if lo is not None:
        x = mnp.maximum(x, lo)
    if hi is not None:
        x = mnp.minimum(x, hi)
    return x


def where(cond, a, b):
    if isinstance(cond, mnp.ndarray) and cond.dtype != bool:
        cond = cond.astype(bool)
    return _where(cond, a, b)


def __getattr__(name):
    return getattr(mnp, name)

