"""``jax.numpy`` numerical ranges: ``linspace``, ``logspace``, ``geomspace``.

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins

import numpy as np

from .._array import asarray, typed
from .._core import KIND, promote, to_name
from ._base import _a, _inexact
from ._creation import arange, zeros
from ._elementwise import floor, log10, power, sign
from ._shapes import moveaxis


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    name = to_name(dtype) if dtype is not None else promote(typed(start), typed(stop),
                                                            ("float32", True))[0]
    fname = name if KIND[name] in "fc" else "float32"
    s, t = _a(start).astype(fname), _a(stop).astype(fname)
    div = (num - 1) if endpoint else num
    step = (t - s) / div if div > 0 else asarray(np.nan, dtype=fname) * 0 + (t - s)
    shp = tuple(builtins.max(s.shape, t.shape, key=len))
    iota = arange(num, dtype=fname).reshape((num,) + (1,) * len(shp))
    # one sample (div 0): the start, as JAX gives, whatever the step (nan) says
    r = s + (iota * step if div > 0 else iota * 0) if num else zeros((0,) + shp, fname)
    if endpoint and num > 1:
        r = r.at[-1].set(t)
    if KIND[name] in "iu":
        r = floor(r)
    r = moveaxis(r.astype(name), 0, axis)
    if retstep:
        return r, step.astype(name) if div > 0 else asarray(np.nan, dtype=fname)
    return r


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    name = to_name(dtype) if dtype is not None else "float32"
    return power(asarray(base, dtype="float32"), linspace(start, stop, num, endpoint,
                                                          dtype="float32", axis=axis)).astype(name)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    s, e = _inexact(_a(start)), _inexact(_a(stop))
    name = promote(typed(s), typed(e))[0] if dtype is None else to_name(dtype)
    cdt = name if KIND[name] in "fc" else "float32"
    s, e = s.astype(cdt), e.astype(cdt)
    sg = sign(s)
    res = sg * logspace(log10(s / sg), log10(e / sg), num, endpoint=endpoint, base=10.0,
                        dtype=cdt, axis=0)
    if axis != 0:
        res = moveaxis(res, 0, axis)
    return res.astype(name)
