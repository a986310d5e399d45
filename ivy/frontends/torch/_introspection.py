"""``torch.*`` questions about tensors and dtypes (``is_tensor``, ``promote_types``, ``finfo``)
and the autograd mode context managers (no-ops here).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import numpy as np

from . import _core
from ._base import _bool, _float, _int
from ._core import (
    get_default_dtype,
    promote_types,
    result_type,
    to_dtype,
)
from ._tensor import Tensor


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_storage(obj):
    return False


def is_floating_point(input):
    return input.dtype.is_floating_point


def is_complex(input):
    return input.dtype.is_complex


def is_nonzero(input):
    if input.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return _bool(input.item())


def numel(input):
    return input.numel()


def can_cast(from_, to):
    return _core.can_cast(to_dtype(from_), to_dtype(to))


def promote_types(type1, type2):
    return _core.promote_types(to_dtype(type1), to_dtype(type2))


def result_type_(tensor1, tensor2):
    return result_type(tensor1, tensor2)


class finfo:  # noqa: N801
    def __init__(self, type=None):  # noqa: A002
        d = to_dtype(type) if type is not None else get_default_dtype()
        if d.cat < 2:
            raise TypeError("torch.finfo() requires a floating point input type.")
        fi = np.finfo(d.ivy.dtype) if d.name != "bfloat16" else None
        if fi is None:
            import ml_dtypes

            fi = ml_dtypes.finfo(ml_dtypes.bfloat16)
        self.bits, self.eps, self.max, self.min = fi.bits, _float(fi.eps), _float(fi.max), \
            _float(fi.min)
        self.tiny = self.smallest_normal = _float(fi.tiny)
        self.resolution = _float(fi.resolution)
        self.dtype = d.to_real().name


class iinfo:  # noqa: N801
    def __init__(self, type):  # noqa: A002
        d = to_dtype(type)
        if d.cat != 1:
            raise TypeError("torch.iinfo() requires an integer input type.")
        ii = np.iinfo(d.ivy.dtype)
        self.bits, self.max, self.min, self.dtype = ii.bits, _int(ii.max), _int(ii.min), d.name


class _GradMode:
    """no_grad / enable_grad / inference_mode: accepted (the frontend records no autograd)."""

    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn):
        return fn


class no_grad(_GradMode):  # noqa: N801
    pass


class enable_grad(_GradMode):  # noqa: N801
    pass


class inference_mode(_GradMode):  # noqa: N801
    pass


class set_grad_enabled(_GradMode):  # noqa: N801
    pass


def is_grad_enabled():
    return False


def is_inference_mode_enabled():
    return False


def compile(model=None, **kwargs):  # noqa: A001
    """torch.compile: the model itself (use ivy.compile for compiled execution)."""
    if model is None:
        return lambda m: m
    return model


def is_conj(input):
    return False


def is_neg(input):
    return False


def is_signed(input):
    return input.dtype.name not in ("bool", "uint8", "uint16", "uint32", "uint64")
