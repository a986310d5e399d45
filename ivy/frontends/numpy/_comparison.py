"""``numpy.*`` array comparison (``allclose``, ``isclose``, ``array_equal``, ...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import numpy as _rnp

import ivy

from . import _core
from ._base import _bool, _complex, _float, _int
from ._core import (
    BY_NAME,
    probe_key,
    to_dtype,
)
from ._creation import asarray
from ._manipulation import where
from ._ndarray import native, ret
from ._reductions import all
from ._ufuncs import absolute, imag, isfinite, isnan


# ============================================================================ comparison
def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = asarray(a), asarray(b)
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, y.dtype.name, _float)]
    x, y = x.astype(rt), y.astype(rt)
    fin = isfinite(x) & isfinite(y)
    with_tol = absolute(x - y) <= (atol + rtol * absolute(y))
    r = where(fin, with_tol, x == y)
    if equal_nan:
        r = r | (isnan(x) & isnan(y))
    return ret(native(asarray(r)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _bool(all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    x, y = asarray(a1), asarray(a2)
    if x.shape != y.shape:
        return False
    eq = x == y
    if equal_nan and x.dtype.kind in "fc" and y.dtype.kind in "fc":
        eq = eq | (isnan(x) & isnan(y))
    return _bool(all(eq))


def array_equiv(a1, a2):
    x, y = asarray(a1), asarray(a2)
    try:
        _rnp.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return False
    return _bool(all(x == y))


def isreal(x):
    a = asarray(x)
    return ret(native(asarray(imag(a) == 0))) if a.dtype.kind == "c" else \
        ret(ivy.ones(a.shape, dtype="bool")._data)


def iscomplex(x):
    a = asarray(x)
    return ret(native(asarray(imag(a) != 0))) if a.dtype.kind == "c" else \
        ret(ivy.zeros(a.shape, dtype="bool")._data)


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplexobj(x):
    try:
        return to_dtype(probe_key(x) if not isinstance(probe_key(x), type) else
                        probe_key(x)).kind == "c"
    except Exception:  # noqa: BLE001
        return False


def isscalar(element):
    from ._ndarray import generic
    return isinstance(element, (generic, _int, _float, _complex, _bool, str, bytes)) or \
        isinstance(element, _rnp.generic)


def isfortran(a):
    return False


def asarray_chkfinite(a, dtype=None, order=None):
    x = asarray(a, dtype=dtype, order=order)
    if x.dtype.kind in "fc" and not _bool(all(isfinite(x))):
        raise ValueError("array must not contain infs or NaNs")
    return x
