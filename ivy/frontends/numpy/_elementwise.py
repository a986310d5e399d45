"""``numpy.*`` element-wise math that is not a ufunc (``fix``, ``nan_to_num``, ``real_if_close``,
``unwrap``).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import math

import numpy as _rnp

import ivy

from ._base import _bool, _float, _nat, _no_out
from ._core import (
    dtype_of,
    norm_axis,
)
from ._creation import array, asarray
from ._dtypes import finfo
from ._manipulation import where
from ._ndarray import ndarray, ret, wrap
from ._promotion import result_type
from ._reductions import all, cumsum
from ._sorting_searching import diff
from ._ufuncs import absolute, divmod, mod, trunc


def fix(x, out=None):
    _no_out("fix", out)
    return trunc(x) if dtype_of(_nat(x)).kind in "fc" else asarray(x).copy()


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = _nat(x)
    d = dtype_of(a)
    if d.kind not in "fc":
        return wrap(a) if not copy else asarray(x).copy()
    if d.kind == "c":
        re = nan_to_num(wrap(ivy.real(a)), True, nan, posinf, neginf)._data
        im = nan_to_num(wrap(ivy.imag(a)), True, nan, posinf, neginf)._data
        r = ivy.add(ivy.astype(re, d.ivy), ivy.multiply(ivy.astype(im, d.ivy), 1j))
    else:
        info = _rnp.finfo(d._np)
        hi = _float(info.max) if posinf is None else posinf
        lo = _float(info.min) if neginf is None else neginf
        r = ivy.where(ivy.isnan(a), ivy.full_like(a, nan), a)
        r = ivy.where(ivy.logical_and(ivy.isinf(a), ivy.greater(a, 0)), ivy.full_like(a, hi), r)
        r = ivy.where(ivy.logical_and(ivy.isinf(a), ivy.less(a, 0)), ivy.full_like(a, lo), r)
    if not copy and isinstance(x, ndarray):
        return x._assign(r)
    return ret(r)


def real_if_close(a, tol=100):
    x = asarray(a)
    if x.dtype.kind != "c":
        return x
    if tol > 1:
        tol = finfo(x.dtype).eps * tol
    if _bool(all(absolute(x.imag) < tol)):
        return x.real
    return x


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    x = asarray(p)
    ax = norm_axis(axis, x.ndim)
    dd = diff(x, axis=ax)
    if discont is None:
        discont = period / 2
    rt = result_type(dd, period)
    if rt.kind in "iu":
        hi, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        hi, ambiguous = period / 2, True
    lo = -hi
    ddmod = mod(dd - lo, period) + lo
    if ambiguous:
        ddmod = where((ddmod == lo) & (dd > 0), hi, ddmod).astype(ddmod.dtype)
    corr = where(absolute(dd) < discont, 0, ddmod - dd).astype((ddmod - dd).dtype)
    up = array(x, dtype=rt)
    sl = (slice(None),) * ax + (slice(1, None),)
    if x.shape[ax] > 1:
        up[sl] = x[sl] + cumsum(corr, axis=ax)
    return up
