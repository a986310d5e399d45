"""Ivy's own functions beyond the standard: indexing, conversion and device helpers.

``get_item``/``set_item`` are what ``x[key]`` and ``x[key] = v`` call, so the tracer records
indexing like any other function. Each backend implements them in ``general.py``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ivy import func_wrapper as _fw
from ivy._typing import Array, Device, Dtype, IndexKey
from ivy.backend_handler import backend_of
from ivy.func_wrapper import api, register


@api
def get_item(x: Array, /, key: IndexKey) -> Array:
    """``x[key]``: basic, advanced (integer arrays) and boolean-mask indexing."""


@api
def set_item(x: Array, key: IndexKey, value: Array, /) -> Array:
    """``x[key] = value``. Updates ``x`` in place where its backend's arrays are mutable (NumPy,
    PyTorch) and returns it; returns an updated copy where they are not (JAX, TensorFlow)."""


@api
def to_device(x: Array, device: Device, /, *, stream: Optional[Any] = None) -> Array:
    """Copy ``x`` to ``device`` ("cpu" or "gpu:N"); returns ``x`` itself when already there."""


@register
def is_array(x, /) -> bool:
    """Whether ``x`` is an ``ivy.Array`` or a native array of any backend."""
    return x.__class__ is _fw.Array or _fw.backend_name_of_type(type(x)) is not None


@register
def is_native_array(x, /) -> bool:
    """Whether ``x`` is a native array (numpy.ndarray, torch.Tensor, jax.Array, tf.Tensor)."""
    return _fw.backend_name_of_type(type(x)) is not None


@register
def is_ivy_array(x, /) -> bool:
    """Whether ``x`` is an ``ivy.Array``."""
    return x.__class__ is _fw.Array


@register
def to_native(x, /):
    """The native array inside ``x`` (recursing into lists, tuples and dicts); others unchanged."""
    if isinstance(x, dict):
        return {k: to_native(v) for k, v in x.items()}
    return _fw.unwrap(x)


@register
def to_ivy(x, /):
    """Wrap native arrays in ``x`` (recursing into lists, tuples and dicts) as ``ivy.Array``."""
    if isinstance(x, dict):
        return {k: to_ivy(v) for k, v in x.items()}
    return _fw.wrap(x)


@register
def to_numpy(x, /) -> np.ndarray:
    """A NumPy copy (or view, where the backend allows) of an ivy.Array or native array."""
    data = _fw.unwrap(x)
    if isinstance(data, np.ndarray):
        return data
    if isinstance(data, (list, tuple, int, float, complex, bool, np.generic)):
        return np.asarray(data)
    return backend_of(data).to_numpy(data)


@register
def to_scalar(x, /):
    """The Python scalar held by a 0-d (or one-element) array."""
    return to_numpy(x).item()


@register
def dtype(x, /) -> Dtype:
    """The Ivy dtype of an array (ivy.Array or native)."""
    from ivy.dtypes import as_ivy_dtype

    return as_ivy_dtype(_fw.unwrap(x).dtype)


@register
def dev(x, /) -> str:
    """The device of an array as an Ivy device string ("cpu", "gpu:0")."""
    data = _fw.unwrap(x)
    return backend_of(data).dev(data)


@register
def array(obj, /, *, dtype: Optional[Dtype] = None, device: Optional[Device] = None,
          copy: Optional[bool] = None) -> Array:
    """``ivy.asarray`` under Ivy's traditional name."""
    from ivy.functional.ivy.creation import asarray

    return asarray(obj, dtype=dtype, device=device, copy=copy)
