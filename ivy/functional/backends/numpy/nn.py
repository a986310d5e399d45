"""The NumPy backend: nn functions (see ivy/functional/ivy/nn.py for the API).

Written once over a NumPy-like namespace in ``backends/_numpy_like_nn.py``; NumPy-only pieces here.
"""

import numpy as np

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends import _numpy_like_nn as _g

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype

try:
    from scipy.special import erf as _erf
except ImportError:  # pragma: no cover - scipy is optional
    import math as _math

    _verf = np.vectorize(_math.erf, otypes=[np.float64])

    def _erf(x):
        return _verf(x).astype(x.dtype)


def _uniform(shape, dtype, seed):
    gen = _random._gen(seed)
    return gen.random(shape).astype(dtype)


def _float_min(x):
    return -np.inf if x.dtype.kind in "fc" else np.iinfo(x.dtype).min


def _install(fns, names, g):
    for n in names:
        if n in fns:
            g[n] = fns[n]


_FNS = _g.build(np, erf=lambda x: _erf(x).astype(x.dtype, copy=False),
                is_int=lambda x: np.asarray(x).dtype.kind in "iub",
                as_native_dtype=_as_native_dtype, default_float=_d.default_float_dtype,
                uniform=_uniform, float_min=_float_min)
_install(_FNS, [n for n in _FNS if not n.startswith("make_") and n not in _g.HELPERS],
         globals())


def scatter_nd(indices, updates, /, shape=None, *, reduction="sum", out=None):
    if out is None and shape is None:
        raise _IAE("scatter_nd needs shape or out")
    res = np.zeros(tuple(shape), dtype=updates.dtype) if out is None else np.array(out)
    idx = tuple(np.moveaxis(np.asarray(indices, dtype=np.int64), -1, 0))
    ops = {"sum": np.add, "max": np.maximum, "min": np.minimum}
    if reduction == "replace":
        res[idx] = updates
    elif reduction in ops:
        ops[reduction].at(res, idx, updates)
    else:
        raise _IAE(f"scatter_nd reduction must be sum, max, min or replace, got {reduction!r}")
    return res


def softplus(x, /, *, beta=1.0, threshold=20.0):
    bx = x * beta
    with np.errstate(over="ignore"):
        soft = (np.maximum(bx, 0) + np.log1p(np.exp(-np.abs(bx)))) / beta
    return np.where(bx > threshold, x, soft).astype(x.dtype, copy=False)


del _FNS


_logsumexp, _log_softmax = logsumexp, log_softmax  # noqa: F821 (from the generic build above)


def logsumexp(x, /, *, axis=None, keepdims=False):
    with np.errstate(divide="ignore"):  # log(0) = -inf is the right answer here
        return _logsumexp(x, axis=axis, keepdims=keepdims)


def log_softmax(x, /, *, axis=-1):
    with np.errstate(divide="ignore"):
        return _log_softmax(x, axis=axis)
