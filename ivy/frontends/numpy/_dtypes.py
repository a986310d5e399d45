"""``numpy.*`` dtype queries (``issubdtype``, ``isdtype``, ``finfo``, ``iinfo``, ``common_type``).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import numpy as _rnp

from ._base import _bool, _complex, _float, _int, _max
from ._core import (
    BY_NAME,
    to_dtype,
)
from ._creation import asarray
from ._ndarray import ndarray


def issubdtype(arg1, arg2):
    from ._ndarray import ABSTRACT, generic
    t2 = ABSTRACT.get(arg2, arg2)
    if isinstance(t2, type) and issubclass(t2, generic) and t2._frontend_dtype is None:
        t1 = to_dtype(ABSTRACT.get(arg1, arg1)).type if not (
            isinstance(arg1, type) and issubclass(ABSTRACT.get(arg1, arg1), generic) and
            ABSTRACT.get(arg1, arg1)._frontend_dtype is None) else ABSTRACT.get(arg1, arg1)
        return issubclass(t1, t2)
    if isinstance(arg1, type) and issubclass(ABSTRACT.get(arg1, arg1), generic) and \
            ABSTRACT.get(arg1, arg1)._frontend_dtype is None:
        return False
    return to_dtype(arg1) is to_dtype(t2)


def isdtype(dtype_, kind):
    d = to_dtype(dtype_)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            ok = {"bool": d.kind == "b", "signed integer": d.kind == "i",
                  "unsigned integer": d.kind == "u", "integral": d.kind in "iu",
                  "real floating": d.kind == "f", "complex floating": d.kind == "c",
                  "numeric": d.kind in "iufc"}.get(k)
            if ok is None:
                raise ValueError(f"kind argument must be comprised of NumPy dtypes or strings "
                                 f"only, but is a '{k}'.")
            if ok:
                return True
        elif to_dtype(k) is d:
            return True
    return False


class finfo:  # noqa: N801
    """``numpy.finfo`` (NumPy's values for the dtype; plain Python floats)."""

    def __init__(self, dtype_):
        d = to_dtype(dtype_ if not isinstance(dtype_, (ndarray,)) else dtype_.dtype)
        if d.kind == "c":
            d = BY_NAME["float32" if d.name == "complex64" else "float64"]
        if d.kind != "f":
            raise ValueError(f"data type {d.type!r} not inexact")
        fi = _rnp.finfo(d._np)
        self.dtype = d
        for k in ("bits", "precision", "iexp", "maxexp", "minexp", "negep", "nexp", "nmant"):
            setattr(self, k, _int(getattr(fi, k)))
        for k in ("eps", "epsneg", "max", "min", "resolution", "tiny", "smallest_normal",
                  "smallest_subnormal"):
            setattr(self, k, d.type(_float(getattr(fi, k))))

    def __repr__(self):
        return f"finfo(resolution={self.resolution}, min={self.min}, max={self.max}, " \
               f"dtype={self.dtype.name})"


class iinfo:  # noqa: N801
    def __init__(self, int_type):
        d = to_dtype(int_type if not isinstance(int_type, ndarray) else int_type.dtype)
        if d.kind not in "iu":
            raise ValueError(f"Invalid integer data type {d.kind!r}.")
        ii = _rnp.iinfo(d._np)
        self.dtype, self.bits, self.min, self.max = d, ii.bits, _int(ii.min), _int(ii.max)
        self.kind = d.kind

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype.name})"


def common_type(*arrays):
    from ._ndarray import complex64, complex128, float16, float32, float64
    prec = {"float16": 0, "float32": 1, "float64": 2, "complex64": 1, "complex128": 2}
    is_c, p = False, 0
    for a_ in arrays:
        d = asarray(a_).dtype
        if d.kind == "c":
            is_c = True
        if d.kind in "iu":
            q = 2
        elif d.name in prec:
            q = prec[d.name]
        else:
            raise TypeError("can't get common type for non-numeric array")
        p = _max(p, q)
    if is_c:
        return (None, complex64, complex128)[p]
    return (float16, float32, float64)[p]


def min_scalar_type(a, /):
    """Metadata: NumPy's answer for the one value (no array data goes through NumPy)."""
    if isinstance(a, ndarray):
        if a.ndim:
            return a.dtype
        return to_dtype(_rnp.min_scalar_type(_rnp.asarray(a.item(), dtype=a.dtype.name)).name)
    if isinstance(a, (_bool, _int, _float, _complex)):
        return to_dtype(_rnp.min_scalar_type(a).name)
    return asarray(a).dtype if asarray(a).ndim else min_scalar_type(asarray(a))
