"""``mxnet.numpy`` as the NumPy-like namespace the shared code (``backends/_shared``) expects.

A module object (so ``partial(_nn.relu, xp)`` reads as on the other backends) that is
``mxnet.numpy`` plus the few names it lacks or spells differently: ``asarray`` (dtype-exact),
``clip`` with array bounds, ``where`` with a non-bool condition.
"""

import numpy as onp
from mxnet import numpy as mnp

from .dtypes import safe_where as _where


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

