"""``numpy.*`` array creation (``array``, ``asarray``, ``zeros``, ``arange``, ``linspace``, ``eye``,
...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import math
import operator

import numpy as _rnp

import ivy

from . import _core
from ._base import _F64, _abs, _all, _any, _bool, _complex, _float, _int, _max, _nat, _zeros_native
from ._core import (
    BY_NAME,
    cast,
    dtype_of,
    norm_axis,
    not_implemented,
    probe_key,
    shape_of,
    to_dtype,
)
from ._ndarray import native, ndarray, ret, wrap
from ._promotion import result_type
from ._ufuncs import power


# ================================================================================ creation
def _has_frontend_array(o):
    return isinstance(o, ndarray) or (isinstance(o, (list, tuple)) and
                                      _any(_has_frontend_array(e) for e in o))


def _nested_to_array(obj):
    """``np.array([a, b, 1.0])`` with frontend arrays inside: each element an array (Python
    scalars at NumPy's default dtypes, as ``np.array`` of a list), promoted and stacked."""
    if isinstance(obj, ndarray):
        return obj
    if isinstance(obj, (list, tuple)) and _has_frontend_array(obj):
        parts = [_nested_to_array(e) for e in obj]
        shapes = {p.shape for p in parts}
        if len(shapes) != 1:
            raise ValueError("setting an array element with a sequence. The requested array "
                             "has an inhomogeneous shape after 1 dimensions.")
        rt = result_type(*[p.dtype for p in parts])
        return wrap(ivy.stack([(p if p.dtype == rt else p.astype(rt))._data for p in parts],
                              axis=0))
    return array(obj)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None):  # noqa: A002
    d = None if dtype is None else to_dtype(dtype)
    if isinstance(object, ndarray):
        x = object._data
        x = cast(x, d) if d is not None else x
        if copy and x is object._data:
            x = ivy.astype(x, dtype_of(x).ivy, copy=True)
    else:
        if isinstance(object, (list, tuple)) and _has_frontend_array(object):
            # stacked with Ivy (not read into NumPy: the values may be traced)
            x = _nested_to_array(object)._data
            x = cast(x, d) if d is not None else x
        else:
            x = native(object, d)
        if d is None and isinstance(object, (_int, _float, _bool, _complex)):
            pass
    if ndmin and len(x.shape) < ndmin:
        x = ivy.reshape(x, (1,) * (ndmin - len(x.shape)) + shape_of(x))
    return wrap(x)


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    if isinstance(a, ndarray) and type(a) is ndarray and (dtype is None or
                                                          to_dtype(dtype) == a.dtype):
        return a
    return array(a, dtype, copy=_bool(copy))


asanyarray = asarray


def ascontiguousarray(a, dtype=None, *, like=None):
    r = asarray(a, dtype)
    return r.reshape(1) if r.ndim == 0 else r


asfortranarray = ascontiguousarray


def _shape_arg(shape):
    if isinstance(shape, (list, tuple)):
        return tuple(operator.index(s) for s in shape)
    return (operator.index(shape),)


def zeros(shape, dtype=float, order="C", *, device=None, like=None):
    return wrap(ivy.zeros(_shape_arg(shape), dtype=to_dtype(dtype).ivy))


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    return wrap(ivy.ones(_shape_arg(shape), dtype=to_dtype(dtype).ivy))


def empty(shape, dtype=float, order="C", *, device=None, like=None):
    """Zero-filled (NumPy leaves the memory uninitialised)."""
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    if dtype is None:
        d = BY_NAME[_rnp.asarray(fill_value).dtype.name] if not isinstance(fill_value, ndarray) \
            else fill_value.dtype
    else:
        d = to_dtype(dtype)
    v = _nat(fill_value)
    return wrap(ivy.broadcast_to(cast(v, d), _shape_arg(shape)))\
        .copy() if isinstance(fill_value, ndarray) or not isinstance(
            fill_value, (_int, _float, _bool, _complex)) else \
        wrap(ivy.full(_shape_arg(shape), fill_value if d.kind != "b" else _bool(fill_value),
                      dtype=d.ivy))


def _like(name, fill):
    def f(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
        x = _nat(a)
        d = dtype_of(x) if dtype is None else to_dtype(dtype)
        s = shape_of(x) if shape is None else _shape_arg(shape)
        if fill is None:
            return zeros(s, d)
        return full(s, fill, d)
    f.__name__ = name
    return f


zeros_like = _like("zeros_like", None)
ones_like = _like("ones_like", 1)
empty_like = _like("empty_like", None)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    x = _nat(a)
    d = dtype_of(x) if dtype is None else to_dtype(dtype)
    s = shape_of(x) if shape is None else _shape_arg(shape)
    if d.kind in "iub" and isinstance(fill_value, _float):
        if fill_value != fill_value:
            raise ValueError("cannot convert float NaN to integer")
        fill_value = _int(fill_value) if d.kind != "b" else _bool(fill_value)
    if d.kind in "iu":
        _core.check_int_scalar(fill_value, d) if isinstance(fill_value, _int) else None
    return full(s, fill_value, d)


def arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None):
    if start is None and stop is None:
        raise TypeError("arange() requires stop to be specified.")
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if step == 0:
        raise ZeroDivisionError("division by zero")
    vals = [v.item() if isinstance(v, ndarray) else v for v in (start, stop, step)]
    d = to_dtype(dtype) if dtype is not None else BY_NAME[_core.result_type_keys(
        *[probe_key(v) for v in (start, stop, step)])]
    if d.kind == "b":
        not_implemented("numpy.arange(dtype=bool)")
    n = _max(0, math.ceil((vals[1] - vals[0]) / vals[2]))
    if d.kind in "iu" and _all(isinstance(v, _int) for v in vals):
        return wrap(ivy.arange(vals[0], vals[1], vals[2], dtype=d.ivy))
    # float steps: start + i*step as NumPy computes them (in float64)
    i = ivy.arange(0, n, 1, dtype="float64")._data
    r = ivy.add(ivy.multiply(i, _float(vals[2])), _float(vals[0]))
    return wrap(cast(r, d))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s, e = _nat(start), _nat(stop)
    rt = BY_NAME[_core.result_type_keys(probe_key(start), probe_key(stop), _float)]
    if rt.kind not in "fc":
        rt = _F64
    s, e = cast(s, rt), cast(e, rt)
    div = (num - 1) if endpoint else num
    i = ivy.arange(0, num, 1, dtype=rt.ivy if rt.kind == "f" else "float64")._data
    shp = shape_of(s) if len(s.shape) >= len(e.shape) else shape_of(e)
    ib = ivy.reshape(i, (num,) + (1,) * len(shp))
    delta = ivy.subtract(e, s)
    if div > 0:
        step = ivy.divide(delta, div)
        r = ivy.add(ivy.multiply(ib, step), s)
        if endpoint and num > 1:
            r = ivy.concat([ivy.get_item(r, slice(0, num - 1)),
                            ivy.expand_dims(ivy.broadcast_to(e, shape_of(r)[1:]), axis=0)],
                           axis=0)
    else:
        step = _float("nan")
        r = ivy.add(ivy.multiply(ib, delta), s)
    if axis != 0:
        r = ivy.moveaxis(r, 0, axis)
    d = rt if dtype is None else to_dtype(dtype)
    if d.kind in "iu":
        r = ivy.floor(r)
    out = wrap(cast(r, d))
    if retstep:
        return out, (ret(ivy.asarray(step)._data if isinstance(step, _float) else step)
                     if not (isinstance(step, _float) and step != step) else _float("nan"))
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = linspace(start, stop, num, endpoint, axis=axis)
    r = power(base, y)
    return r if dtype is None else r.astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    sgn = -1.0 if (start < 0 and stop < 0) else 1.0
    ls, le = math.log10(_abs(start)), math.log10(_abs(stop))
    r = logspace(ls, le, num, endpoint, 10.0, axis=axis) * sgn
    if num > 0:
        r[0] = start
        if endpoint and num > 1:
            r[-1] = stop
    return r if dtype is None else r.astype(dtype)


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    return wrap(ivy.eye(N, M if M is not None else N, k=k, dtype=to_dtype(dtype).ivy))


def identity(n, dtype=None, *, like=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    return wrap(ivy.tril(ivy.ones((N, N if M is None else M), dtype=to_dtype(dtype).ivy)._data,
                         k=k))


def tril(m, k=0):
    x = _nat(m)
    if len(x.shape) < 2:
        not_implemented("numpy.tril of a 1-d array")
    return wrap(ivy.tril(x, k=k))


def triu(m, k=0):
    x = _nat(m)
    if len(x.shape) < 2:
        not_implemented("numpy.triu of a 1-d array")
    return wrap(ivy.triu(x, k=k))


def diag(v, k=0):
    x = _nat(v)
    if len(x.shape) == 1:
        n = shape_of(x)[0]
        m = n + _abs(k)
        out = _zeros_native((m, m), dtype_of(x))
        if n == 0:
            return wrap(out)
        idx = ivy.arange(0, n, 1, dtype="int64")._data
        rows = ivy.add(idx, _max(-k, 0))
        cols = ivy.add(idx, _max(k, 0))
        return wrap(ivy.set_item(out, (rows, cols), x))
    if len(x.shape) == 2:
        return diagonal(wrap(x), k)
    raise ValueError("Input must be 1- or 2-d.")


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = _nat(a)
    nd = len(x.shape)
    if nd < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1, a2 = norm_axis(axis1, nd), norm_axis(axis2, nd)
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    x = ivy.moveaxis(x, (a1, a2), (-2, -1))
    return wrap(ivy.linalg.diagonal(x, offset=offset))


def copy(a, order="K", subok=False):
    return array(a, copy=True)


def fromiter(iter, dtype, count=-1, *, like=None):  # noqa: A002
    import itertools
    if dtype is None:
        raise ValueError("Must specify length when using variable-size data-type.")
    vals = list(iter) if count < 0 else list(itertools.islice(iter, count))
    if count >= 0 and len(vals) < count:
        raise ValueError(f"iterator too short: Expected {count} but iterator had only "
                         f"{len(vals)} items.")
    return array(vals, dtype=dtype) if vals else zeros((0,), dtype=dtype)
