"""Private helpers for the torch backend's reductions, sorts and searches.

torch lacks most CPU kernels for uint16/uint32/uint64. Two exact work-arounds are used:
``ordered`` maps them to int64 preserving order (uint16/32 widen; uint64 is reinterpreted and
its sign bit flipped) for comparisons; ``wide`` maps them to int64 for arithmetic, where
two's-complement wrap-around gives exactly the unsigned modular result.
"""

import math

import torch

from ivy import dtypes as _d
from ivy.functional.ivy.statistical import normalize_axes

UNSIGNED_WIDE = frozenset((torch.uint16, torch.uint32, torch.uint64))
_I64_MIN = -(2**63)


def ordered(x):
    d = x.dtype
    if d is torch.uint64:
        return x.view(torch.int64) ^ _I64_MIN
    if d is torch.uint16 or d is torch.uint32:
        return x.to(torch.int64)
    return x


def unordered(r, dtype):
    """Invert :func:`ordered` on a result of values."""
    if dtype is torch.uint64:
        return (r ^ _I64_MIN).view(torch.uint64)
    if dtype is torch.uint16 or dtype is torch.uint32:
        return r.to(dtype)
    return r


def wide(x):
    d = x.dtype
    if d is torch.uint64:
        return x.view(torch.int64)
    if d is torch.uint16 or d is torch.uint32:
        return x.to(torch.int64)
    return x


def narrow(r, dtype):
    """An int64 result of modular arithmetic as ``dtype`` (uint64: reinterpreted)."""
    if r.dtype is dtype:
        return r
    if dtype is torch.uint64:
        return r.view(torch.uint64)
    return r.to(dtype)


def index(r):
    """An int64 index result in Ivy's default index dtype."""
    d = _d._defaults.int
    return r if d == _d.int64 else r.to(getattr(torch, str(d)))


norm_axes = normalize_axes


def count(x, axis):
    if axis is None:
        return x.numel()
    return math.prod(x.shape[a] for a in norm_axes(axis, x.ndim))


def keep_shape(x, axes):
    return [1 if i in axes else s for i, s in enumerate(x.shape)]


def promote2(a, b):
    """Two tensors (or a tensor and a Python scalar) cast to their Array API result dtype."""
    if isinstance(a, torch.Tensor):
        if isinstance(b, torch.Tensor):
            if a.dtype is b.dtype:
                return a, b
            try:
                t = getattr(torch, str(_d.promote_types(a.dtype, b.dtype)))
            except TypeError:
                t = torch.promote_types(a.dtype, b.dtype)
            return a.to(t), b.to(t)
        return a, torch.as_tensor(b, dtype=_weak(a.dtype, b), device=a.device)
    return torch.as_tensor(a, dtype=_weak(b.dtype, a), device=b.device), b


def _weak(dtype, scalar):
    from ivy.functional.ivy.data_type import _weak_promote

    return getattr(torch, str(_weak_promote(_d.as_ivy_dtype(dtype), scalar)))
