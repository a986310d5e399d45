"""``ivy.Array``: a thin, immutable-identity wrapper around one native array.

Every operator and method is derived from the functional API (``a + b`` is ``ivy.add(a, b)``), so
there is one implementation per function. The class is final: the dispatchers recognise it with an
exact class check (``x.__class__ is Array``), which is what keeps the fast path fast.
"""

from __future__ import annotations

import numpy as np

from . import func_wrapper
from .backend_handler import backend_of
from .dtypes import Dtype, as_ivy_dtype


class Array:
    """An array of any backend. ``x.data`` is the native array; operators follow the Array API."""

    __slots__ = ("_data", "__weakref__")
    __array_priority__ = 1000  # numpy defers binary operators to us
    __hash__ = None  # arrays compare element-wise, so they are unhashable (as in NumPy)

    def __init__(self, data):
        if data.__class__ is Array:
            data = data._data
        elif func_wrapper.backend_name_of_type(type(data)) is None:
            from .functional.ivy.creation import asarray

            data = asarray(data)._data
        elif isinstance(data, np.generic):
            data = np.asarray(data)
        self._data = data

    def __init_subclass__(cls, **kwargs):
        raise TypeError("ivy.Array is final: wrap it instead of subclassing it")

    # -- attributes ------------------------------------------------------------------------------
    @property
    def data(self):
        """The native array (numpy.ndarray, torch.Tensor, jax.Array or tf.Tensor)."""
        return self._data

    @property
    def backend(self) -> str:
        return backend_of(self._data).name

    @property
    def dtype(self) -> Dtype:
        return as_ivy_dtype(self._data.dtype)

    @property
    def shape(self) -> tuple:
        return backend_of(self._data).shape_of(self._data)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int | None:
        n = 1
        for d in self.shape:
            if d is None:
                return None
            n *= d
        return n

    @property
    def device(self) -> str:
        return backend_of(self._data).dev(self._data)

    @property
    def T(self) -> Array:
        if self.ndim != 2:
            raise ValueError(f"x.T requires a 2-D array, got {self.ndim}-D; use x.mT or "
                             "ivy.permute_dims for other ranks")
        return _api.permute_dims(self, (1, 0))

    @property
    def mT(self) -> Array:
        return _api.matrix_transpose(self)

    def to_device(self, device, /, *, stream=None) -> Array:
        return _api.to_device(self, device, stream=stream)

    def __array_namespace__(self, /, *, api_version: str | None = None):
        import ivy

        if api_version is not None and api_version not in ivy.SUPPORTED_API_VERSIONS:
            raise ValueError(f"unsupported Array API version {api_version!r}; "
                             f"supported: {', '.join(ivy.SUPPORTED_API_VERSIONS)}")
        return ivy

    # -- conversions -----------------------------------------------------------------------------
    def to_numpy(self) -> np.ndarray:
        return backend_of(self._data).to_numpy(self._data)

    def __array__(self, dtype=None, copy=None):
        a = self.to_numpy()
        if dtype is not None and a.dtype != dtype:
            a = a.astype(dtype)
        return a

    def __dlpack__(self, /, *, stream=None, max_version=None, dl_device=None, copy=None):
        return backend_of(self._data).to_dlpack(self._data, stream=stream, max_version=max_version,
                                                dl_device=dl_device, copy=copy)

    def __dlpack_device__(self, /):
        return backend_of(self._data).dlpack_device(self._data)

    def _scalar(self, kind: type, allowed: tuple, what: str):
        d = self.dtype
        if d not in allowed:
            raise TypeError(f"{what}() needs an array of dtype {'/'.join(allowed)}, got {d}")
        if self.shape != ():
            raise TypeError(f"{what}() needs a 0-d array, got shape {self.shape}; "
                            "index it or reduce it first")
        return kind(self.to_numpy().item())

    def __bool__(self, /) -> bool:
        from .dtypes import ALL

        return self._scalar(bool, ALL, "bool")

    def __int__(self, /) -> int:
        from .dtypes import BY_NAME, COMPLEX

        return self._scalar(int, tuple(d for d in BY_NAME.values() if d not in COMPLEX), "int")

    def __float__(self, /) -> float:
        from .dtypes import BY_NAME, COMPLEX

        return self._scalar(float, tuple(d for d in BY_NAME.values() if d not in COMPLEX), "float")

    def __complex__(self, /) -> complex:
        from .dtypes import ALL

        return self._scalar(complex, ALL, "complex")

    def __index__(self, /) -> int:
        from .dtypes import INTEGER

        return self._scalar(int, INTEGER, "__index__")

    # -- indexing --------------------------------------------------------------------------------
    def __getitem__(self, key, /) -> Array:
        return _api.get_item(self, func_wrapper.unwrap(key))

    def __setitem__(self, key, value, /) -> None:
        # In place where the backend's arrays are mutable (numpy, torch); a functional update that
        # rebinds self._data where they are not (jax, tensorflow).
        self._data = func_wrapper.unwrap(
            _api.set_item(self._data, func_wrapper.unwrap(key), func_wrapper.unwrap(value)))

    def __len__(self) -> int:
        s = self.shape
        if not s:
            raise TypeError("len() of a 0-d array")
        return s[0]

    def __iter__(self):
        s = self.shape
        if not s:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(s[0]))

    # -- display ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        try:
            body = np.array2string(self.to_numpy(), separator=", ", prefix="ivy.array(")
        except Exception:  # e.g. a value living on a device that cannot be read here
            body = "..."
        return f"ivy.array({body}, dtype={self.dtype}, backend={self.backend})"

    def __str__(self) -> str:
        return str(self.to_numpy())

    # -- unary operators -------------------------------------------------------------------------
    def __abs__(self, /) -> Array:
        return _api.abs(self)

    def __neg__(self, /) -> Array:
        return _api.negative(self)

    def __pos__(self, /) -> Array:
        return _api.positive(self)

    def __invert__(self, /) -> Array:
        return _api.bitwise_invert(self)


# Binary operators: (dunder stem, ivy function). Each gets __op__, __rop__ and __iop__.
_BINARY = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "pow", "matmul": "matmul",
    "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
}
_COMPARISON = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
               "gt": "greater", "ge": "greater_equal"}


def _binary(fn_name: str):
    def op(self, other, /):
        return _API[fn_name](self, other)

    def rop(self, other, /):
        return _API[fn_name](other, self)

    def iop(self, other, /):
        # The standard: an in-place operator keeps the left operand's dtype and shape.
        result = getattr(_api, fn_name)(self, other)
        if result.dtype != self.dtype or result.shape != self.shape:
            raise TypeError(
                f"in-place {fn_name} would change {self.dtype}{list(self.shape)} to "
                f"{result.dtype}{list(result.shape)}; use the out-of-place operator")
        self._data = _api.set_item(self._data, Ellipsis, result._data) \
            if _mutable(self._data) else result._data
        return self

    return op, rop, iop


def _mutable(data) -> bool:
    return backend_of(data).name in ("numpy", "torch") and not isinstance(data, np.generic)


for _stem, _fn in _BINARY.items():
    _op, _rop, _iop = _binary(_fn)
    for _name, _f in ((f"__{_stem}__", _op), (f"__r{_stem}__", _rop), (f"__i{_stem}__", _iop)):
        _f.__name__ = _f.__qualname__ = _name
        _f.__doc__ = f"``{_name}`` is ``ivy.{_fn}``."
        setattr(Array, _name, _f)
for _stem, _fn in _COMPARISON.items():
    _op = _binary(_fn)[0]
    _op.__name__ = _op.__qualname__ = f"__{_stem}__"
    _op.__doc__ = f"``__{_stem}__`` is ``ivy.{_fn}``."
    setattr(Array, f"__{_stem}__", _op)


_api = None  # the ivy module, set by ivy/__init__.py once the functional API exists
_API = func_wrapper.API  # name -> dispatcher; operators look their function up here
func_wrapper.Array = Array
func_wrapper.DISPATCH_GLOBALS["_Array"] = Array
