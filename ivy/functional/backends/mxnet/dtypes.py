"""MXNet dtypes <-> Ivy dtypes, and the Array API's type promotion (MXNet's own differs).

``mxnet.numpy`` arrays hold NumPy dtype objects, but MXNet 1.9 has no int16, uint16/32/64,
bfloat16 (in ``mx.np``) or complex dtypes: asking for one raises ``UnsupportedDtypeError`` naming
the dtype, never a silent cast. MXNet promotes differently from the standard (``int32 + 1.0`` is
int32, ``int8 + uint8`` is int32), so binary functions go through :func:`promote`.
"""

from functools import partial

import numpy as onp

from ivy import dtypes as _d
from ivy.errors import UnsupportedDtypeError, unsupported_dtype
from ivy.functional.backends._shared import dtypes as _dt

from ..descriptors import descriptor

# the dtypes MXNet has are its descriptor's; the table holds only those, so converting to another
# raises (as_native_dtype below)
SUPPORTED_DTYPES, _NATIVE, _LOOKUP = _dt.build(onp.dtype, descriptor("mxnet").dtypes)
_LOOKUP.update({v.type: v for v in _NATIVE.values()})  # numpy.float32 (what x.dtype compares to)


def _as_native(dtype):
    try:
        return _dt.as_native(_NATIVE, _LOOKUP, dtype)
    except KeyError:
        raise _unsupported(dtype) from None


def _unsupported(dtype, fn: str = "asarray") -> UnsupportedDtypeError:
    return unsupported_dtype(fn, "mxnet", _d.as_ivy_dtype(dtype), SUPPORTED_DTYPES)


# the Ivy dtype, a name, or any framework's dtype -> the native dtype (None stays None);
# UnsupportedDtypeError for a dtype MXNet lacks
as_native_dtype = _as_native


def check_dtype(dtype, fn: str):
    """Raise UnsupportedDtypeError (naming ``fn``) unless MXNet has ``dtype``."""
    try:
        _LOOKUP[dtype]
    except (KeyError, TypeError):
        try:
            _as_native(dtype)
        except UnsupportedDtypeError:
            raise _unsupported(dtype, fn) from None


def result_dtype(*dtypes):
    """The standard's result dtype of native dtypes, as a native dtype."""
    out = _d.as_ivy_dtype(dtypes[0])
    for t in dtypes[1:]:
        out = _d.promote_types(out, _d.as_ivy_dtype(t))
    return _as_native(out)


def _weak(value, dtype):
    from ivy.functional.ivy.data_type import _weak_promote

    return _as_native(_weak_promote(_d.as_ivy_dtype(dtype), value))


def promote(*args):
    """Cast arrays (and Python scalars, the standard's weak scalars) to their Array API result
    dtype. Returns the converted arguments as a tuple."""
    from mxnet import numpy as mnp

    arrays = [a for a in args if isinstance(a, mnp.ndarray)]
    if not arrays:
        arrays = [mnp.array(a, dtype=_d.default_dtype_of(a) and _as_native(
            _d.default_dtype_of(a))) for a in args]
        args = tuple(arrays)
    target = onp.dtype(arrays[0].dtype)
    for a in arrays[1:]:
        if a.dtype != target:
            target = result_dtype(target, a.dtype)
    for a in args:
        if isinstance(a, (bool, int, float, complex)) and not isinstance(a, mnp.ndarray):
            target = _weak(a, target)
    out = []
    for a in args:
        if isinstance(a, mnp.ndarray):
            out.append(a if a.dtype == target else a.astype(target))
        elif isinstance(a, (bool, int, float)):
            out.append(mnp.array(a, dtype=target, ctx=arrays[0].ctx))
        elif isinstance(a, complex):
            raise _unsupported(_d.complex64, "promote")
        else:
            out.append(mnp.array(onp.asarray(a), ctx=arrays[0].ctx).astype(target))
    return tuple(out)


def any_of(*masks):
    """Element-wise OR of bool arrays (MXNet's ``|`` has no bool kernel, and fails late: its
    error surfaces at a later, unrelated call)."""
    from mxnet import numpy as mnp

    out = masks[0].astype("uint8")
    for m in masks[1:]:
        out = mnp.maximum(out, m.astype("uint8"))
    return out != 0


def all_of(*masks):
    """Element-wise AND of bool arrays (see :func:`any_of`)."""
    from mxnet import numpy as mnp

    out = masks[0].astype("uint8")
    for m in masks[1:]:
        out = mnp.minimum(out, m.astype("uint8"))
    return out != 0


def safe_where(condition, x1, x2):
    """``mx.np.where`` that survives zero-size operands: MXNet aborts the process
    ("terminate called without an active exception") when one is broadcast, so the (empty) result
    is made here instead; results of more than 5 dimensions are computed flat."""
    from mxnet import numpy as mnp

    shapes = [getattr(a, "shape", ()) for a in (condition, x1, x2)]
    if any(0 in s for s in shapes):
        dt = x1.dtype if isinstance(x1, mnp.ndarray) else x2.dtype
        ctx = next(a.ctx for a in (condition, x1, x2) if isinstance(a, mnp.ndarray))
        return mnp.zeros(onp.broadcast_shapes(*shapes), dtype=dt, ctx=ctx)
    out = onp.broadcast_shapes(*shapes)
    if len(out) > 5:  # MXNet's where broadcasts at most 5 dimensions (broadcast::MAX_DIM)
        # (its broadcast_to fails there too: "Too many reduction axes"): each operand is
        # repeated along its broadcast axes, and the where runs on the flat arrays
        def flat(a):
            if not isinstance(a, mnp.ndarray):
                return a
            is_bool = a.dtype == onp.bool_
            a = a.astype("uint8") if is_bool else a  # no bool repeat kernel
            a = a.reshape((1,) * (len(out) - a.ndim) + a.shape)
            for d, n in enumerate(out):
                if a.shape[d] != n:
                    a = mnp.repeat(a, n, axis=d)
            a = a.reshape(-1)
            return a.astype(bool) if is_bool else a

        return mnp.where(flat(condition), flat(x1), flat(x2)).reshape(out)
    return mnp.where(condition, x1, x2)


del partial
