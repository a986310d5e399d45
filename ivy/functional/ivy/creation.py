"""The Array API standard's creation functions: one declaration each.

Bodies are empty on purpose: ``@api`` generates the dispatcher from the signature (see
``ivy.func_wrapper``); each backend implements the function in
``ivy/functional/backends/<fw>/creation.py`` with the same signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Optional, Tuple, Union

from ivy import func_wrapper as _fw
from ivy._typing import Array, Device, Dtype, NestedSequence, PyCapsule, SupportsBufferProtocol
from ivy.func_wrapper import alias, api, register


@api(creation=True)
def arange(
    start: Union[int, float],
    /,
    stop: Optional[Union[int, float]] = None,
    step: Union[int, float] = 1,
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns evenly spaced values within the half-open interval ``[start, stop)`` as a one-
    dimensional array.
    """


@api(creation=True)
def asarray(
    obj: Union[
        Array, bool, int, float, complex, NestedSequence, SupportsBufferProtocol
    ],
    /,
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
    copy: Optional[bool] = None,
) -> Array:
    """Convert the input to an array.

    ``dtype=None`` infers Ivy's default dtypes for Python scalars and sequences (``float32``,
    ``int64``, ``complex64``, ``bool``), whatever the framework's own defaults are. ``copy=True``
    always copies; ``copy=False`` never does and raises ``ValueError`` where a copy is needed;
    ``copy=None`` reuses the input where possible (an ``ivy.Array`` that needs no conversion is
    returned as it is, so it keeps sharing its data even on JAX/TensorFlow, where ``x[i] = v``
    rebinds the array).
    """


_asarray_dispatch = asarray


@register(name="asarray")
def asarray(  # noqa: F811 - the public asarray: one fast case, then the generated dispatcher
    obj: Union[
        Array, bool, int, float, complex, NestedSequence, SupportsBufferProtocol
    ],
    /,
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
    copy: Optional[bool] = None,
) -> Array:
    if obj.__class__ is _fw.Array and not copy and (dtype is None or _same_dtype(obj, dtype)) \
            and (device is None or _same_device(obj, device)):
        return obj
    return _asarray_dispatch(obj, dtype=dtype, device=device, copy=copy)


asarray.__doc__ = _asarray_dispatch.__doc__
# the generated dispatcher's source: it also marks asarray as an API function the tracer records
# (without it a traced asarray(x, copy=True) ran unrecorded and its result became a constant)
asarray.ivy_source = _asarray_dispatch.ivy_source


def _same_dtype(x, dtype) -> bool:
    from ivy.dtypes import as_ivy_dtype

    return x.dtype == as_ivy_dtype(dtype)


def _same_device(x, device) -> bool:
    from ivy.devices import normalize_device

    try:
        return x.device == normalize_device(device)
    except Exception:  # noqa: BLE001 - a native device object: let the backend decide
        return False


@api(creation=True)
def empty(
    shape: Union[int, tuple[int, ...]],
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns an uninitialized array having a specified `shape`."""


@api
def empty_like(
    x: Array, /, *, dtype: Optional[Dtype] = None, device: Optional[Device] = None
) -> Array:
    """Returns an uninitialized array with the same ``shape`` as an input array ``x``."""


@api(creation=True)
def eye(
    n_rows: int,
    n_cols: Optional[int] = None,
    /,
    *,
    k: int = 0,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns a two-dimensional array with ones on the ``k``\th diagonal and zeros elsewhere."""


@api(creation=True)
def from_dlpack(
    x: object,
    /,
    *,
    device: Optional[Device] = None,
    copy: Optional[bool] = None,
) -> Array:
    """Returns a new array containing the data from another (array) object with a ``__dlpack__``
    method.
    """


@api(creation=True)
def full(
    shape: Union[int, tuple[int, ...]],
    fill_value: Union[bool, int, float, complex],
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns a new array having a specified ``shape`` and filled with ``fill_value``."""


@api
def full_like(
    x: Array,
    /,
    fill_value: Union[bool, int, float, complex],
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns a new array filled with ``fill_value`` and having the same ``shape`` as an input array
    ``x``.
    """


@api(creation=True)
def linspace(
    start: Union[int, float, complex],
    stop: Union[int, float, complex],
    /,
    num: int,
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
    endpoint: bool = True,
) -> Array:
    """Returns evenly spaced numbers over a specified interval."""


@api
def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """Returns coordinate matrices from coordinate vectors."""


@api(creation=True)
def ones(
    shape: Union[int, tuple[int, ...]],
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns a new array having a specified ``shape`` and filled with ones."""


@api
def ones_like(
    x: Array, /, *, dtype: Optional[Dtype] = None, device: Optional[Device] = None
) -> Array:
    """Returns a new array filled with ones and having the same ``shape`` as an input array ``x``.
    """


@api
def tril(x: Array, /, *, k: int = 0) -> Array:
    """Returns the lower triangular part of a matrix (or a stack of matrices) ``x``."""


@api
def triu(x: Array, /, *, k: int = 0) -> Array:
    """Returns the upper triangular part of a matrix (or a stack of matrices) ``x``."""


@api(creation=True)
def zeros(
    shape: Union[int, tuple[int, ...]],
    *,
    dtype: Optional[Dtype] = None,
    device: Optional[Device] = None,
) -> Array:
    """Returns a new array having a specified ``shape`` and filled with zeros."""


@api
def zeros_like(
    x: Array, /, *, dtype: Optional[Dtype] = None, device: Optional[Device] = None
) -> Array:
    """Returns a new array filled with zeros and having the same ``shape`` as an input array ``x``.
    """
