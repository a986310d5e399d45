"""``numpy.polyfit``: least squares on the scaled Vandermonde matrix (NumPy's algorithm), through
the frontend's ``linalg.lstsq`` — its own module, since it uses both the top-level functions and
``numpy.linalg``, which imports them."""

from __future__ import annotations

import numpy as _rnp

from . import _functions as F
from . import linalg
from ._core import not_implemented
from ._ndarray import float64 as _f64


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """NumPy's algorithm: the Vandermonde matrix scaled column-wise, solved by ``lstsq``."""
    order = int(deg) + 1
    x = F.asarray(x) + 0.0
    y = F.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if cov:
        not_implemented("numpy.polyfit(cov=True)")
    if rcond is None:  # NumPy's default, returned by full=True as a float64 scalar
        rcond = _f64(x.shape[0] * _rnp.finfo(_rnp.dtype(x.dtype.name)).eps)
    lhs = F.vander(x, order)
    rhs = y
    if w is not None:
        w = F.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    scale = F.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = linalg.lstsq(lhs, rhs, float(rcond))
    c = (c.T / scale).T
    if full:
        return c, resids, rank, s, rcond
    return c
