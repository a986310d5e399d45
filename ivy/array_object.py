"""``ivy.Array``: a thin wrapper around one native array, complete to the Array API standard.

Every operator is derived from the functional API (``a + b`` is ``ivy.add(a, b)``), so there is one
implementation per function. Operators take a short path: they call the function of the backend in
use (``DISPATCH_GLOBALS["_B"]``, which is also how the graph tracer sees them) or, when no backend is
set, of the backend that owns the array, without the generated dispatcher's general argument scan.
Anything unusual (operands of another framework, unknown types) goes through the dispatcher.

The class is final: the dispatchers recognise it with an exact class check
(``x.__class__ is Array``), which is what keeps their fast path fast.
"""

from __future__ import annotations

import operator

import numpy as np

from . import func_wrapper
from .backend_handler import backend_of
from .dtypes import COMPLEX as _COMPLEX
from .dtypes import INTEGER as _INTEGER
from .dtypes import Dtype, as_ivy_dtype

_DG = func_wrapper.DISPATCH_GLOBALS
_BACKEND_OF_TYPE = func_wrapper._BACKEND_OF_TYPE  # native type -> backend name (cache)
_new = object.__new__
_SCALAR_TYPES = frozenset((int, float, complex, bool))
_OWNER: dict = {}  # native array type -> backend module


def _owner(data):
    """The backend module owning native array ``data`` (cached per type)."""
    try:
        return _OWNER[data.__class__]
    except KeyError:
        B = backend_of(data)
        _OWNER[data.__class__] = B
        return B


_NATIVE: set = {np.ndarray}  # native array types seen so far (numpy scalars never included)


def _wrap(r):
    """A native result as an Array (numpy's 0-d results are scalars: make them 0-d arrays)."""
    c = r.__class__
    if c in _NATIVE:
        a = _new(Array)
        a._data = r
        return a
    if not issubclass(c, np.generic) and func_wrapper.backend_name_of_type(c) is not None:
        _NATIVE.add(c)
    return func_wrapper.wrap(r)


def _index(v):
    """A slice bound as the int it stands for (0-d integer arrays have ``__index__``)."""
    return v if v is None or v.__class__ is int else operator.index(v)


def _native_key(key):
    """An index key with every ivy.Array replaced by its native array (recursing into tuples and
    lists) and slice bounds made ints."""
    c = key.__class__
    if c is Array:
        return key._data
    if c is slice:
        if key.start.__class__ is Array or key.stop.__class__ is Array or \
                key.step.__class__ is Array:
            return slice(_index(key.start), _index(key.stop), _index(key.step))
        return key
    if c is tuple:
        return tuple(_native_key(k) for k in key)
    if c is list:
        return [_native_key(k) for k in key]
    return key


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
    data = property(operator.attrgetter("_data"),  # a C getter: no Python frame per access
                    doc="The native array (numpy.ndarray, torch.Tensor, jax.Array or tf.Tensor).")

    @property
    def backend(self) -> str:
        return _owner(self._data).name

    @property
    def dtype(self) -> Dtype:
        return as_ivy_dtype(self._data.dtype)

    @property
    def shape(self) -> tuple:
        return _owner(self._data).shape_of(self._data)

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
        return _owner(self._data).dev(self._data)

    @property
    def T(self) -> Array:
        if self.ndim != 2:
            raise ValueError(f"x.T requires a 2-D array, got {self.ndim}-D; use x.mT or "
                             "ivy.permute_dims for other ranks")
        return _api.permute_dims(self, (1, 0))

    @property
    def mT(self) -> Array:
        n = self.ndim
        if n < 2:
            raise ValueError(f"x.mT requires an array of at least 2 dimensions, got {n}-D")
        return _api.permute_dims(self, (*range(n - 2), n - 1, n - 2))

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
        if _trace_check is not None:  # the graph tracer: a traced value has no value yet
            _trace_check(self, "to_numpy")
        return _owner(self._data).to_numpy(self._data)

    def __array__(self, dtype=None, copy=None):
        """NumPy's protocol: ``np.asarray(x)`` (shares memory where the backend allows)."""
        a = self.to_numpy()
        if dtype is not None and a.dtype != dtype:
            if copy is False:
                raise ValueError(f"__array__(copy=False): {a.dtype} -> {dtype} needs a copy")
            return a.astype(dtype)
        if copy:
            return np.array(a, copy=True)
        return a

    def __dlpack__(self, /, *, stream=None, max_version=None, dl_device=None, copy=None):
        return _owner(self._data).to_dlpack(self._data, stream=stream, max_version=max_version,
                                            dl_device=dl_device, copy=copy)

    def __dlpack_device__(self, /):
        return _owner(self._data).dlpack_device(self._data)

    def _item(self, what: str):
        if _trace_check is not None:
            _trace_check(self, what)
        shape = self.shape
        if shape != ():
            raise TypeError(f"{what}() needs a 0-d array, got shape {shape}; index it or reduce "
                            "it first")
        return self.to_numpy().item()

    def __bool__(self, /) -> bool:
        return bool(self._item("bool"))

    def __int__(self, /) -> int:
        if self.dtype in _COMPLEX:
            raise TypeError(f"int() of a complex array ({self.dtype}); take ivy.real or ivy.imag")
        return int(self._item("int"))  # inf: OverflowError, nan: ValueError (as Python's)

    def __float__(self, /) -> float:
        if self.dtype in _COMPLEX:
            raise TypeError(f"float() of a complex array ({self.dtype}); take ivy.real or "
                            "ivy.imag")
        return float(self._item("float"))

    def __complex__(self, /) -> complex:
        return complex(self._item("complex"))

    def __index__(self, /) -> int:
        if self.dtype not in _INTEGER:
            raise TypeError(f"__index__ needs an integer array, got {self.dtype}")
        return int(self._item("__index__"))

    # -- indexing --------------------------------------------------------------------------------
    def __getitem__(self, key, /) -> Array:
        B = _DG["_B"] or _owner(self._data)
        if key.__class__ is not int:
            key = _native_key(key)
        return _wrap(B.get_item(self._data, key))

    def __setitem__(self, key, value, /) -> None:
        # In place where the backend's arrays are mutable (descriptor.mutable: numpy, torch); a
        # functional update that rebinds self._data where they are not (jax, tensorflow).
        B = _DG["_B"] or _owner(self._data)
        if key.__class__ is not int:
            key = _native_key(key)
        if value.__class__ is Array:
            value = value._data
        self._data = B.set_item(self._data, key, value)

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
        except Exception:  # noqa: BLE001 - e.g. a traced value, or one on an unreadable device
            body = "..."
        dev = ""
        try:
            d = self.device
            dev = "" if d == "cpu" else f", device={d}"
        except Exception:  # noqa: BLE001
            pass
        return f"ivy.array({body}, dtype={self.dtype}, backend={self.backend}{dev})"

    def __str__(self) -> str:
        try:
            return str(self.to_numpy())
        except Exception:  # noqa: BLE001
            return repr(self)

    def __format__(self, spec: str) -> str:
        if spec and self.shape == ():
            return format(self.to_numpy().item(), spec)
        return format(str(self), spec)

    # -- unary operators -------------------------------------------------------------------------
    def __abs__(self, /) -> Array:
        return _wrap((_DG["_B"] or _owner(self._data)).abs(self._data))

    def __neg__(self, /) -> Array:
        return _wrap((_DG["_B"] or _owner(self._data)).negative(self._data))

    def __pos__(self, /) -> Array:
        return _wrap((_DG["_B"] or _owner(self._data)).positive(self._data))

    def __invert__(self, /) -> Array:
        return _wrap((_DG["_B"] or _owner(self._data)).bitwise_invert(self._data))


# Binary operators: (dunder stem, ivy function). Each gets __op__, __rop__ and __iop__.
_BINARY = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "pow", "matmul": "matmul",
    "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
}
_COMPARISON = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
               "gt": "greater", "ge": "greater_equal"}


def _operand(self_data, other):
    """``other`` as the backend call takes it, or ``None`` to take the general path."""
    c = other.__class__
    if c is Array:
        o = other._data
        return o if o.__class__ is self_data.__class__ else None
    if c in _SCALAR_TYPES or c is self_data.__class__:
        return other
    return None


def _known(other) -> bool:
    """Whether ``other`` is something an operator accepts (else Python tries the other side)."""
    c = other.__class__
    return (c is Array or c in _SCALAR_TYPES or isinstance(other, (np.generic, np.ndarray))
            or func_wrapper.backend_name_of_type(c) is not None)


def _scalar_array(B, value, like):
    """A Python scalar as a 0-d array of ``like``'s dtype where the standard's weak-scalar rule
    keeps it (for reflected operators, whose backend call needs an array first)."""
    from .functional.ivy.data_type import _weak_promote

    try:
        dtype = _weak_promote(as_ivy_dtype(like.dtype), value)
    except TypeError:
        dtype = None
    return B.asarray(value, dtype=dtype, device=_owner(like).dev(like))


# The forward operators are generated, one per function, so that the hot path has no getattr by
# name and no helper calls: the operand checks, one backend call and the wrap, inline.
_OP_TEMPLATE = """
def op(self, other, /):
    d = self._data
    c = other.__class__
    if c is Array:
        o = other._data
        if o.__class__ is not d.__class__:
            return _general(self, other, {fn!r})
    elif c in _SCALAR_TYPES or c is d.__class__:
        o = other
    else:
        return _general(self, other, {fn!r})
    B = _DG["_B"]
    if B is None:
        B = _OWNER.get(d.__class__) or _owner(d)
    r = B.{fn}(d, o)
    if r.__class__ in _NATIVE:
        a = _new(Array)
        a._data = r
        return a
    return _wrap(r)
"""


def _general(self, other, fn_name: str):
    """Operands of other frameworks or of unknown types: the dispatcher, or NotImplemented."""
    if not _known(other):
        return NotImplemented
    return getattr(_api, fn_name)(self, other)


def _make_op(fn_name: str):
    ns: dict = {}
    exec(compile(_OP_TEMPLATE.format(fn=fn_name), f"<ivy.Array operator {fn_name}>", "exec"),
         globals(), ns)
    return ns["op"]


def _binary(fn_name: str):
    op = _make_op(fn_name)

    def rop(self, other, /):
        d = self._data
        o = _operand(d, other)
        if o is None:
            if not _known(other):
                return NotImplemented
            return getattr(_api, fn_name)(other, self)
        B = _DG["_B"] or _owner(d)
        if other.__class__ in _SCALAR_TYPES:
            o = _scalar_array(B, other, d)
        return _wrap(getattr(B, fn_name)(o, d))

    def iop(self, other, /):
        # The standard: an in-place operator keeps the left operand's dtype and shape.
        result = op(self, other)
        if result is NotImplemented:
            return result
        r = result._data
        d = self._data
        if r.dtype != d.dtype or _owner(d).shape_of(r) != _owner(d).shape_of(d):
            raise TypeError(
                f"in-place {fn_name} would change {self.dtype}{list(self.shape)} to "
                f"{result.dtype}{list(result.shape)}; use the out-of-place operator")
        B = _DG["_B"] or _owner(d)
        self._data = B.set_item(d, Ellipsis, r) if _owner(d).DESCRIPTOR.mutable else r
        return self

    return op, rop, iop

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
del _stem, _fn, _op, _rop, _iop, _name, _f

_api = None  # the ivy module, set by ivy/__init__.py once the functional API exists
_trace_check = None  # set by ivy.tracer while a trace runs (raises for traced values)
_API = func_wrapper.API  # name -> dispatcher; operators look their function up here
func_wrapper.set_array_class(Array, _wrap, _NATIVE)
