"""The Array API standard's data type functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/data_type.py`` with the same signature.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple, Union

import ml_dtypes
import numpy as np

from ivy import dtypes as _d
from ivy._typing import Array, Device, Dtype
from ivy.func_wrapper import api, register


@api
def astype(
    x: Array, dtype: Dtype, /, *, copy: bool = True, device: Optional[Device] = None
) -> Array:
    """Copies an array to a specified data type irrespective of :ref:`type-promotion` rules."""


@api
def bitcast(x: Array, dtype: Dtype, /) -> Array:
    """The bits of ``x`` reinterpreted as ``dtype`` (``jax.lax.bitcast_convert_type`` for equal
    item sizes): same shape, no value conversion. A different item size, or ``bool`` on either
    side, is a ``TypeError``."""


def _dtype_of(x) -> _d.Dtype:
    """The Ivy dtype of a dtype-like or of an array (ivy.Array or native)."""
    dt = getattr(x, "dtype", None)
    if dt is not None and not isinstance(x, (str, type)):
        return _d.as_ivy_dtype(dt)
    return _d.as_ivy_dtype(x)


@register
def can_cast(from_: Union[Dtype, Array], to: Dtype, /) -> bool:
    """Whether ``from_`` can be cast to ``to`` by the standard's type promotion rules alone."""
    a, b = _dtype_of(from_), _d.as_ivy_dtype(to)
    if a == b:
        return True
    return _d.PROMOTION_TABLE.get((a, b)) == b


class finfo_object(NamedTuple):
    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: _d.Dtype


class iinfo_object(NamedTuple):
    bits: int
    max: int
    min: int
    dtype: _d.Dtype


def _np_dtype(d: _d.Dtype):
    return np.dtype(ml_dtypes.bfloat16) if d == _d.bfloat16 else np.dtype(str(d))


@register
def finfo(type: Union[Dtype, Array], /) -> finfo_object:
    """Machine limits for floating-point dtypes (complex: those of its real component)."""
    d = _dtype_of(type)
    if d not in _d.FLOATING:
        raise TypeError(f"finfo needs a floating-point dtype, got {d}; use iinfo for integers")
    real = {_d.complex64: _d.float32, _d.complex128: _d.float64}.get(d, d)
    f = ml_dtypes.finfo(_np_dtype(real)) if real == _d.bfloat16 else np.finfo(_np_dtype(real))
    # the standard: for complex dtypes, the limits and dtype of the real component
    return finfo_object(int(f.bits), float(f.eps), float(f.max), float(f.min),
                        float(f.smallest_normal), real)


@register
def iinfo(type: Union[Dtype, Array], /) -> iinfo_object:
    """Machine limits for integer dtypes."""
    d = _dtype_of(type)
    if d not in _d.INTEGER:
        raise TypeError(f"iinfo needs an integer dtype, got {d}; use finfo for floating point")
    i = np.iinfo(_np_dtype(d))
    return iinfo_object(int(i.bits), int(i.max), int(i.min), d)


_KINDS = {
    "bool": (_d.bool,),
    "signed integer": _d.SIGNED,
    "unsigned integer": _d.UNSIGNED,
    "integral": _d.INTEGER,
    "real floating": _d.REAL_FLOATING,
    "complex floating": _d.COMPLEX,
    "numeric": _d.NUMERIC,
}


@register
def isdtype(dtype: Dtype, kind: Union[Dtype, str, tuple[Union[Dtype, str], ...]]) -> bool:
    """Whether ``dtype`` is of ``kind``: a dtype, a kind name ("integral", "real floating", ...),
    or a tuple of those."""
    d = _d.as_ivy_dtype(dtype)
    if isinstance(kind, tuple):
        return any(isdtype(d, k) for k in kind)
    if isinstance(kind, str) and not isinstance(kind, _d.Dtype) and kind in _KINDS:
        return d in _KINDS[kind]
    if isinstance(kind, str) and kind not in _d.BY_NAME:
        raise ValueError(f"unknown dtype kind {kind!r}; kinds: {', '.join(_KINDS)}")
    return d == _d.as_ivy_dtype(kind)


@register
def result_type(*arrays_and_dtypes: Union[Array, int, float, complex, bool, Dtype]) -> Dtype:
    """The dtype type promotion gives the arguments. Python scalars are "weak": they take the
    array operands' dtype when of a compatible kind."""
    dtypes, scalars = [], []
    for a in arrays_and_dtypes:
        if isinstance(a, (bool, int, float, complex)) and not hasattr(a, "dtype"):
            scalars.append(a)
        else:
            dtypes.append(_dtype_of(a))
    if not dtypes:
        if not scalars:
            raise ValueError("result_type needs at least one array or dtype")
        return _d.default_dtype_for(scalars[0]) if len(scalars) == 1 else \
            result_type(*[_d.default_dtype_for(s) for s in scalars])
    out = dtypes[0]
    for d in dtypes[1:]:
        out = _d.promote_types(out, d)
    for s in scalars:
        out = _weak_promote(out, s)
    return out


def _weak_promote(d: _d.Dtype, s) -> _d.Dtype:
    """Promote dtype ``d`` with Python scalar ``s`` (the standard's mixed array/scalar rule)."""
    if isinstance(s, bool):
        return d
    if isinstance(s, int):
        if d == _d.bool:
            raise TypeError(f"no promotion for bool arrays with Python int {s}")
        return d
    if isinstance(s, float):
        if d in _d.FLOATING:
            return d
        raise TypeError(f"no promotion for {d} arrays with Python float {s}")
    if d in _d.COMPLEX:
        return d
    if d in _d.REAL_FLOATING:
        return _d.complex128 if d == _d.float64 else _d.complex64
    raise TypeError(f"no promotion for {d} arrays with Python complex {s}")
