"""``torch.*`` creation functions (``tensor``, ``zeros``, ``arange``, ``full``, ``eye``, ...).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from . import _core
from ._base import _float, _int, _int64, _max, _out, float64
from ._core import (
    dtype_of,
    get_default_dtype,
    size_args,
    to_dtype,
)
from ._tensor import Tensor, creation_backend, wrap


def _t(x) -> Tensor:
    if isinstance(x, Tensor):
        return x
    return tensor(x)


def _d(x):
    """Native data of a Tensor (or of a scalar/list made a tensor)."""
    return x._data if isinstance(x, Tensor) else tensor(x)._data


# ------------------------------------------------------------------------------- creation

def _creation_dtype(data_dtype, dtype):
    return to_dtype(dtype) if dtype is not None else data_dtype


def _infer_dtype(data):
    """torch.tensor's dtype for Python data: bool < int64 < default float < default complex."""
    cat = [-1]

    def walk(v):
        if isinstance(v, (list, tuple)):
            for e in v:
                walk(e)
        elif isinstance(v, Tensor):
            cat[0] = _max(cat[0], 10 + v.dtype.cat)
            cat.append(v.dtype)
        else:
            cat[0] = _max(cat[0], _core.scalar_dtype(v).cat)

    walk(data)
    c = cat[0]
    if c >= 10:
        return cat[-1]
    return {-1: get_default_dtype(), 0: _core.bool, 1: _core.int64, 2: get_default_dtype(),
            3: _core.default_complex()}[c]


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """torch.tensor: always a copy; dtype inferred as torch does."""
    B = creation_backend()
    if isinstance(data, Tensor):
        dt = _creation_dtype(data.dtype, dtype)
        r = wrap(ivy.astype(data._data, dt.ivy, copy=True))
    elif isinstance(data, np.ndarray) or isinstance(data, np.generic):
        a = np.asarray(data)
        dt = _creation_dtype(_core.to_dtype(a.dtype), dtype)
        r = wrap(B.asarray(np.array(a, copy=True), dtype=dt.ivy))
    elif hasattr(data, "__array__") and not isinstance(data, (list, tuple)):
        return tensor(np.asarray(data), dtype=dtype, device=device, requires_grad=requires_grad)
    else:
        if isinstance(data, (list, tuple)) and builtins.any(isinstance(e, Tensor) for e in data):
            data = [e.tolist() if isinstance(e, Tensor) else e for e in data]
            dt = _creation_dtype(_infer_dtype(data), dtype)
        else:
            dt = _creation_dtype(_infer_dtype(data), dtype)
        a = np.array(data, dtype=dt.ivy.dtype if dt.name != "bfloat16" else np.float32)
        r = wrap(B.asarray(a, dtype=dt.ivy))
    if device is not None:
        r = r.to(device)
    if requires_grad:
        r._requires_grad = True
    return r


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        return data if dtype is None else data.to(dtype)
    if isinstance(data, np.ndarray):
        dt = _creation_dtype(_core.to_dtype(data.dtype), dtype)
        return wrap(creation_backend().asarray(data, dtype=dt.ivy))
    return tensor(data, dtype=dtype, device=device)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    if copy:
        return tensor(obj, dtype=dtype, device=device, requires_grad=requires_grad)
    return as_tensor(obj, dtype=dtype, device=device)


def from_numpy(ndarray):
    """Shares memory on the NumPy backend (as torch does); a conversion on other backends."""
    return wrap(creation_backend().asarray(ndarray))


def scalar_tensor(s, *, dtype=None, device=None, requires_grad=False):
    return tensor(s, dtype=dtype or get_default_dtype(), device=device)


def _fill(fn, size, dtype, device, *extra):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return wrap(fn(size_args(size), *extra, dtype=dt.ivy, device=_dev(device))._data)


def _dev(device):
    if device is None:
        return None
    from ._tensor import _ivy_device

    return _ivy_device(device)


def zeros(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False):
    return _out(_fill(ivy.zeros, size, dtype, device), out)


def ones(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False):
    return _out(_fill(ivy.ones, size, dtype, device), out)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    """torch.empty_strided: an uninitialised tensor in torch (zeros here; strides are not kept:
    Ivy arrays have no user-visible strides)."""
    return _fill(ivy.zeros, tuple(size), dtype, device)


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None,
                   requires_grad=False, pin_memory=False):
    """torch.empty_permuted: an uninitialised tensor of ``size`` (zeros here; the physical
    layout is not kept)."""
    size, perm = tuple(size), tuple(physical_layout)
    if sorted(perm) != list(builtins.range(len(size))):
        raise RuntimeError("Number of dimensions in size does not match the length of the "
                           "physical_layout")
    return _fill(ivy.zeros, size, dtype, device)


def empty(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False, memory_format=None):
    return _out(_fill(ivy.zeros, size, dtype, device), out)  # zeros: deterministic contents


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None,
         requires_grad=False):
    if dtype is None:
        dtype = _core.scalar_dtype(fill_value.item() if isinstance(fill_value, Tensor)
                                   else fill_value)
    fv = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    dt = to_dtype(dtype)
    return _out(wrap(ivy.full(size_args((size,)), fv, dtype=dt.ivy, device=_dev(device))._data),
                out)


def _like(fn, input, dtype, *extra):
    dt = to_dtype(dtype) if dtype is not None else input.dtype
    return wrap(fn(input._data, *extra, dtype=dt.ivy))


def zeros_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like(ivy.zeros_like, input, dtype)


def ones_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like(ivy.ones_like, input, dtype)


def empty_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like(ivy.zeros_like, input, dtype)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like(ivy.full_like, input, dtype, fill_value)


def arange(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
           requires_grad=False):
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    start, end, step = vals
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if dtype is None:
        dt = _int64 if builtins.all(isinstance(v, (_int, np.integer)) for v in vals if v is not None) \
            else get_default_dtype()
    else:
        dt = to_dtype(dtype)
    if (end - start) / step < 0 and not math.isclose(end, start):
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    n = _max(0, math.ceil((end - start) / step))
    if dt.cat == 1:
        # torch computes in the dtype's accumulation type: ints step exactly
        r = ivy.arange(0, n, 1, dtype=dt.ivy, device=_dev(device))._data
        return _out(wrap(ivy.add(ivy.multiply(r, _int(step)), _int(start))) if (step, start)
                    != (1, 0) else wrap(r), out)
    r = ivy.arange(0, n, 1, dtype="float64", device=_dev(device))._data
    r = ivy.add(ivy.multiply(r, _float(step)), _float(start))
    return _out(wrap(ivy.astype(r, dt.ivy)), out)


def range(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,  # noqa
          requires_grad=False):
    if end is None:
        start, end = 0, start
    n = _int(math.floor((end - start) / step)) + 1
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    r = ivy.arange(0, n, 1, dtype="float64", device=_dev(device))._data
    return _out(wrap(ivy.astype(ivy.add(ivy.multiply(r, _float(step)), _float(start)), dt.ivy)),
                out)


def linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    start = start.item() if isinstance(start, Tensor) else start
    end = end.item() if isinstance(end, Tensor) else end
    steps = _int(steps)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    work = "complex128" if dt.cat == 3 else "float64"
    r = ivy.linspace(start, end, steps, dtype=work, device=_dev(device))._data
    if steps > 1 and dt.cat < 3:
        # torch fills the second half backwards from `end` (symmetric rounding)
        i = ivy.arange(0, steps, 1, dtype="float64")._data
        stepv = (end - start) / (steps - 1)
        half = steps // 2
        r = ivy.where(ivy.less(i, half), ivy.add(ivy.multiply(i, stepv), start),
                      ivy.subtract(end, ivy.multiply(ivy.subtract(steps - 1, i), stepv)))
    if dt.cat == 1:
        r = ivy.trunc(r)
    return _out(wrap(ivy.astype(r, dt.ivy)), out)


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    e = linspace(start, end, steps, dtype=float64)._data
    return _out(wrap(ivy.astype(ivy.pow(_float(base), e), dt.ivy)), out)


def eye(n, m=None, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.eye(_int(n), None if m is None else _int(m), dtype=dt.ivy,
                             device=_dev(device))._data), out)


def complex(real, imag, *, out=None):  # noqa: A001
    r, i = real._data, imag._data
    if dtype_of(r) is not dtype_of(i) or dtype_of(r).cat != 2 or dtype_of(r) is _core.bfloat16:
        raise RuntimeError("Expected both inputs to be Half, Float or Double tensors but got "
                           f"{dtype_of(r)} and {dtype_of(i)}")
    ct = dtype_of(r).to_complex()
    r, i = ivy.broadcast_arrays(r, i)
    return _out(wrap(ivy.add(ivy.astype(r, ct.ivy), ivy.multiply(ivy.astype(i, ct.ivy), 1j))),
                out)


def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return tuple(wrap(g) for g in ivy.meshgrid(*[t._data for t in tensors], indexing=indexing))


def detach(input):
    """The same values, cut from the gradient (``ivy.stop_gradient``), as ``Tensor.detach``."""
    return _t(input).detach()


def clone(input, *, memory_format=None):
    return wrap(ivy.astype(input._data, input.dtype.ivy, copy=True))


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    """A tensor over the bytes of a Python buffer (a copy: Ivy arrays do not share host
    memory with the buffer)."""
    dt = to_dtype(dtype)
    a = np.frombuffer(buffer, dtype=np.dtype(str(dt.ivy)) if dt.name != "bfloat16" else
                      np.dtype("uint16"), count=count, offset=offset)
    if dt.name == "bfloat16":
        import ml_dtypes
        a = a.view(ml_dtypes.bfloat16)
    return wrap(ivy.asarray(a.copy(), dtype=dt.ivy)._data)
