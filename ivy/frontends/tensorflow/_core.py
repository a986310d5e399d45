"""Core of the TensorFlow frontend: dtypes, errors, ``Tensor``/``Variable``/``TensorShape`` and
TensorFlow's conversion rules.

Nothing here imports TensorFlow. A frontend ``Tensor`` holds one native array of the Ivy backend in
use; every computation is an ``ivy.*`` call on native arrays.

TensorFlow's semantics, not the Array API's: **no implicit promotion** between tensors of
different dtypes (``InvalidArgumentError`` as TF raises), Python scalars and lists adopt the dtype
of the tensor they meet (``float32_t * 2`` is float32; ``int32_t * 2.5`` raises ``TypeError``),
``tf.constant(1.0)`` is float32, ``tf.constant(1)`` int32, NumPy arrays keep their dtype.
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

import ivy
from ivy.dtypes import as_ivy_dtype

from .._common import creation_backend

DOC = "docs/frontends-tensorflow.md"
F = None  # the functions module (set by __init__)


def not_implemented(name: str, detail: str = ""):
    """Raise the frontend's NotImplementedError for ``name`` (never a silently different result)."""
    extra = f" ({detail})" if detail else ""
    raise NotImplementedError(f"ivy.frontends.tensorflow: {name} is not implemented{extra}; "
                              f"see {DOC}")


# ------------------------------------------------------------------------------------- errors
class OpError(Exception):
    """tf.errors.OpError: an operation failed (message, op name)."""

    def __init__(self, node_def=None, op=None, message="", *args):
        if op is None and not message and isinstance(node_def, str):
            message, node_def = node_def, None
        super().__init__(message)
        self.message = message
        self.op = op
        self.node_def = node_def


class InvalidArgumentError(OpError, ValueError):
    """tf.errors.InvalidArgumentError (also a ValueError, so generic handlers catch it)."""


class UnimplementedError(OpError):
    pass


class OutOfRangeError(OpError):
    pass


class ResourceExhaustedError(OpError):
    pass


class NotFoundError(OpError):
    pass


def invalid(msg: str, op: str = ""):
    raise InvalidArgumentError(None, op, f"{msg} [Op:{op}]" if op else msg)


# ------------------------------------------------------------------------------------- dtypes
_TF_NAME = {"float32": "float", "float64": "double", "float16": "half", "bfloat16": "bfloat16",
            "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
            "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
            "bool": "bool", "complex64": "complex64", "complex128": "complex128"}
KIND = {"bool": "b", "int8": "i", "int16": "i", "int32": "i", "int64": "i", "uint8": "u",
        "uint16": "u", "uint32": "u", "uint64": "u", "float16": "f", "bfloat16": "f",
        "float32": "f", "float64": "f", "complex64": "c", "complex128": "c"}
_SIZE = {"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2,
         "uint32": 4, "uint64": 8, "float16": 2, "bfloat16": 2, "float32": 4, "float64": 8,
         "complex64": 8, "complex128": 16}
UNSUPPORTED_DTYPES = ("string", "qint8", "quint8", "qint16", "quint16", "qint32", "resource",
                      "variant", "float8_e4m3fn", "float8_e5m2", "int4", "uint4")


def tf_name(n: str) -> str:
    return _TF_NAME.get(n, n)


def _np_type(name):
    if name == "bfloat16":
        try:
            import ml_dtypes

            return ml_dtypes.bfloat16
        except ImportError:  # pragma: no cover
            not_implemented("bfloat16 as a NumPy type", "ml_dtypes is not installed")
    return np.dtype(name).type


class DType:
    """tf.dtypes.DType: ``name``, ``as_numpy_dtype``, ``is_floating``... (compares with names,
    NumPy dtypes and other DTypes)."""

    __slots__ = ("_name",)

    def __init__(self, name: str):
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def as_numpy_dtype(self):
        return _np_type(self._name)

    @property
    def base_dtype(self):
        return self

    @property
    def real_dtype(self):
        return {"complex64": float32, "complex128": float64}.get(self._name, self)

    @property
    def is_floating(self):
        return KIND[self._name] == "f"

    @property
    def is_integer(self):
        return KIND[self._name] in "iu"

    @property
    def is_unsigned(self):
        return KIND[self._name] == "u"

    @property
    def is_complex(self):
        return KIND[self._name] == "c"

    @property
    def is_bool(self):
        return self._name == "bool"

    @property
    def is_numeric(self):
        return self._name != "bool"

    @property
    def is_quantized(self):
        return False

    @property
    def size(self):
        return _SIZE[self._name]

    @property
    def min(self):
        k = KIND[self._name]
        if k in "iu":
            return int(np.iinfo(self._name).min)
        if k == "f":
            return float(np.finfo(_np_type(self._name)).min)
        if k == "b":
            return False
        raise TypeError(f"Cannot find minimum value of {self!r}.")

    @property
    def max(self):
        k = KIND[self._name]
        if k in "iu":
            return int(np.iinfo(self._name).max)
        if k == "f":
            return float(np.finfo(_np_type(self._name)).max)
        if k == "b":
            return True
        raise TypeError(f"Cannot find maximum value of {self!r}.")

    @property
    def limits(self):
        return self.min, self.max

    def is_compatible_with(self, other):
        try:
            return as_dtype(other) == self
        except TypeError:
            return False

    def __eq__(self, other):
        if isinstance(other, DType):
            return other._name == self._name
        if other is None:
            return False
        try:
            return as_dtype(other)._name == self._name
        except (TypeError, ValueError, NotImplementedError):
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("tf.dtype", self._name))

    def __repr__(self):
        return f"tf.{self._name}"

    def __str__(self):
        return f"<dtype: '{self._name}'>"

    def __reduce__(self):
        return as_dtype, (self._name,)


BY_NAME = {n: DType(n) for n in KIND}
float16, bfloat16, float32, float64 = (BY_NAME[n] for n in ("float16", "bfloat16", "float32",
                                                             "float64"))
int8, int16, int32, int64 = (BY_NAME[n] for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (BY_NAME[n] for n in ("uint8", "uint16", "uint32", "uint64"))
complex64, complex128 = BY_NAME["complex64"], BY_NAME["complex128"]
bool = BY_NAME["bool"]  # noqa: A001 - tf.bool
half, double = float16, float64
_PY = {builtins.float: float32, builtins.int: int32, builtins.bool: bool,
       builtins.complex: complex128}


def as_dtype(type_value) -> DType:
    """tf.as_dtype: DType from a DType, name, NumPy dtype/type, Ivy dtype or Python type."""
    if isinstance(type_value, DType):
        return type_value
    if type_value in _PY:
        return _PY[type_value]
    if isinstance(type_value, str):
        if type_value in UNSUPPORTED_DTYPES:
            not_implemented(f"tf.{type_value}", "only numeric and bool dtypes")
        if type_value in BY_NAME:
            return BY_NAME[type_value]
        alias = {"float": "float32", "double": "float64", "half": "float16"}.get(type_value)
        if alias:
            return BY_NAME[alias]
    try:
        n = str(as_ivy_dtype(type_value))
    except Exception as e:  # noqa: BLE001
        if getattr(type_value, "__name__", "") == "bfloat16" or str(type_value) == "bfloat16":
            return bfloat16
        raise TypeError(f"Cannot convert value {type_value!r} to a TensorFlow DType.") from e
    if n not in BY_NAME:
        raise TypeError(f"Cannot convert value {type_value!r} to a TensorFlow DType.")
    return BY_NAME[n]


def name_of(x) -> str:
    """The dtype name of native array ``x``."""
    return str(as_ivy_dtype(x.dtype))


# ------------------------------------------------------------------------------- TensorShape
class Dimension(int):
    @property
    def value(self):
        return int(self)


class TensorShape:
    """tf.TensorShape (fully known shapes; ``None`` dimensions allowed for construction)."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if isinstance(dims, TensorShape):
            dims = dims._dims
        if dims is None:
            self._dims = None
        elif isinstance(dims, (int, np.integer)):
            self._dims = (int(dims),)
        else:
            self._dims = tuple(None if d is None else int(d) for d in dims)

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self):
        return None if self._dims is None else list(self._dims)

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def num_elements(self):
        if self._dims is None or None in self._dims:
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_fully_defined(self):
        return self._dims is not None and None not in self._dims

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a is None or b is None or a == b for a, b in zip(self._dims, other._dims, strict=False))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {TensorShape(other)} are incompatible")

    def merge_with(self, other):
        self.assert_is_compatible_with(other)
        other = TensorShape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims, strict=False)])

    def concatenate(self, other):
        return TensorShape(list(self._dims) + list(TensorShape(other)._dims))

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        return iter(self._dims)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return TensorShape(self._dims[k])
        return self._dims[k]

    def __eq__(self, other):
        try:
            other = TensorShape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash(self._dims)

    def __bool__(self):
        return self._dims is not None

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({'None' if self._dims[0] is None else self._dims[0]},)"
        return "(" + ", ".join("None" if d is None else str(d) for d in self._dims) + ")"


# ------------------------------------------------------------------------------------ Tensor
_new = object.__new__


def wrap(r) -> Tensor:
    """A native array (or ivy.Array / NumPy array) as a frontend Tensor."""
    if isinstance(r, ivy.Array):
        r = r._data
    elif isinstance(r, (np.ndarray, np.generic)):
        r = creation_backend().asarray(np.asarray(r))
    t = _new(Tensor)
    t._data = r
    return t


def _binop(name, reverse=False):
    if reverse:
        def rop(self, other):
            return getattr(F, name)(other, self)
        return rop

    def op(self, other):
        return getattr(F, name)(self, other)
    return op


def _check_key(k, shape):
    """TensorFlow's allowed indices: ints, slices, Ellipsis, None, scalar int tensors."""
    if k is Ellipsis or k is None:
        return k
    if isinstance(k, builtins.bool):
        raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and "
                        "scalar tf.int32/tf.int64 tensors are valid indices, got True/False")
    if isinstance(k, (builtins.int, np.integer)):
        return int(k)
    if isinstance(k, slice):
        parts = [_check_key(v, shape) if v is not None else None
                 for v in (k.start, k.stop, k.step)]
        if parts[2] == 0:
            invalid("slice step cannot be zero", "StridedSlice")
        return slice(*parts)
    if isinstance(k, Tensor) and len(k._data.shape) == 0 and KIND[name_of(k._data)] in "iu":
        return int(np.asarray(ivy.to_numpy(k._data)))
    raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and "
                    f"scalar tf.int32/tf.int64 tensors are valid indices, got {k!r}")


def getitem(data, key):
    """``data[key]`` with TensorFlow's rules (no masks / integer arrays, range-checked ints)."""
    keys = key if isinstance(key, tuple) else (key,)
    keys = tuple(_check_key(k, data.shape) for k in keys)
    shape = tuple(int(s) for s in data.shape)
    n_real = builtins.sum(1 for k in keys if k is not None and k is not Ellipsis)
    if builtins.sum(1 for k in keys if k is Ellipsis) > 1:
        raise ValueError("Multiple ellipses in slice spec not allowed")
    if n_real > len(shape):
        invalid(f"Index out of range using input dim {len(shape)}; input has only {len(shape)} "
                "dims", "StridedSlice")
    dim = 0
    for k in keys:
        if k is Ellipsis:
            dim += len(shape) - n_real
        elif k is None:
            continue
        else:
            if isinstance(k, int) and not -shape[dim] <= k < shape[dim]:
                invalid(f"slice index {k} of dimension {dim} out of bounds.", "StridedSlice")
            dim += 1
    return ivy.get_item(data, keys if len(keys) != 1 else keys[0])


class Tensor:
    """An eager tf.Tensor backed by one native array of the current Ivy backend."""

    __slots__ = ("_data", "__weakref__")
    __array_priority__ = 100
    _frontend_tf_tensor = True

    def __init__(self, *args, **kwargs):
        raise TypeError("tf.Tensor cannot be instantiated directly; use tf.constant or "
                        "tf.convert_to_tensor")

    # -- attributes ------------------------------------------------------------------------
    @property
    def dtype(self):
        return BY_NAME[name_of(self._data)]

    @property
    def shape(self):
        return TensorShape([int(s) for s in self._data.shape])

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return len(self._data.shape)

    @property
    def device(self):
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def ivy_array(self):
        return ivy.Array(self._data)

    def numpy(self):
        return np.asarray(ivy.to_numpy(self._data))

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a.astype(dtype) if dtype is not None else a

    def __len__(self):
        if len(self._data.shape) == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return int(self._data.shape[0])

    def __iter__(self):
        if len(self._data.shape) == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(len(self)))

    def __repr__(self):
        return (f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, "
                f"numpy={np.array_repr(self.numpy())}>")

    def __str__(self):
        return f"tf.Tensor({self.numpy()}, shape={self.shape}, dtype={self.dtype.name})"

    def __bool__(self):
        return builtins.bool(self.numpy())

    def __int__(self):
        return int(self.numpy())

    def __float__(self):
        return float(self.numpy())

    def __complex__(self):
        return complex(self.numpy())

    def __index__(self):
        if KIND[name_of(self._data)] not in "iu":
            raise TypeError("only integer tensors can be used as an index")
        return operator.index(self.numpy().item())

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def ref(self):
        return _Ref(self)

    def experimental_ref(self):
        return _Ref(self)

    def set_shape(self, shape):
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied shape "
                             f"{TensorShape(shape)}.")

    def __getitem__(self, key):
        return wrap(getitem(self._data, key))

    def __setitem__(self, key, value):
        raise TypeError("'tensorflow.python.framework.ops.EagerTensor' object does not support "
                        "item assignment")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # -- operators -------------------------------------------------------------------------
    __add__, __radd__ = _binop("add"), _binop("add", True)
    __sub__, __rsub__ = _binop("subtract"), _binop("subtract", True)
    __mul__, __rmul__ = _binop("multiply"), _binop("multiply", True)
    __truediv__, __rtruediv__ = _binop("truediv"), _binop("truediv", True)
    __floordiv__, __rfloordiv__ = _binop("floordiv"), _binop("floordiv", True)
    __mod__, __rmod__ = _binop("floormod"), _binop("floormod", True)
    __pow__, __rpow__ = _binop("pow"), _binop("pow", True)
    __matmul__, __rmatmul__ = _binop("matmul"), _binop("matmul", True)
    __and__, __rand__ = _binop("_and"), _binop("_and", True)
    __or__, __ror__ = _binop("_or"), _binop("_or", True)
    __xor__, __rxor__ = _binop("_xor"), _binop("_xor", True)
    __lt__, __le__ = _binop("less"), _binop("less_equal")
    __gt__, __ge__ = _binop("greater"), _binop("greater_equal")

    def __eq__(self, other):
        if other is None:
            return False
        return F.equal(self, other)

    def __ne__(self, other):
        if other is None:
            return True
        return F.not_equal(self, other)

    def __neg__(self):
        return F.negative(self)

    def __abs__(self):
        return F.abs(self)

    def __invert__(self):
        return F._invert(self)


class _Ref:
    __slots__ = ("_t",)

    def __init__(self, t):
        self._t = t

    def deref(self):
        return self._t

    def __hash__(self):
        return id(self._t)

    def __eq__(self, other):
        return isinstance(other, _Ref) and other._t is self._t


# -------------------------------------------------------------------------------- conversion
def _leaf_dtype(v):
    """The DType TF infers for one Python/NumPy leaf."""
    if isinstance(v, Tensor):
        return v.dtype
    if isinstance(v, (np.ndarray, np.generic)):
        return as_dtype(v.dtype)
    if isinstance(v, builtins.bool):
        return bool
    if isinstance(v, builtins.int):
        return int32 if -2 ** 31 <= v < 2 ** 31 else int64
    if isinstance(v, builtins.float):
        return float32
    if isinstance(v, builtins.complex):
        return complex128
    if hasattr(v, "dtype") and hasattr(v, "shape"):
        return as_dtype(v.dtype)
    raise TypeError(f"Attempt to convert a value ({v!r}) with an unsupported type "
                    f"({type(v)}) to a Tensor.")


def _leaves(obj, out):
    if isinstance(obj, (list, tuple)):
        for e in obj:
            _leaves(e, out)
    else:
        out.append(obj)
    return out


def _to_np(obj):
    if isinstance(obj, Tensor):
        return obj.numpy()
    if isinstance(obj, (list, tuple)):
        return [_to_np(e) for e in obj]
    if hasattr(obj, "dtype") and hasattr(obj, "shape") and not isinstance(obj, np.generic):
        return np.asarray(ivy.to_numpy(obj)) if not isinstance(obj, np.ndarray) else obj
    return obj


def _infer_python(obj) -> DType:
    leaves = _leaves(obj, [])
    if not leaves:
        return float32
    kinds = [_leaf_dtype(v) for v in leaves]
    py = [v for v in leaves if isinstance(v, (builtins.bool, builtins.int, builtins.float,
                                               builtins.complex))]
    typed = [d for v, d in zip(leaves, kinds, strict=False) if not isinstance(
        v, (builtins.bool, builtins.int, builtins.float, builtins.complex))]
    if typed:
        names = {d.name for d in typed}
        if len(names) > 1:
            raise TypeError(f"Cannot convert a list containing tensors of dtypes {sorted(names)}")
        return typed[0]
    if any(isinstance(v, builtins.complex) for v in py):
        return complex128
    if any(isinstance(v, builtins.float) for v in py):
        return float32
    if all(isinstance(v, builtins.bool) for v in py):
        return bool
    if any(isinstance(v, builtins.bool) for v in py):
        raise TypeError("Can't convert a list mixing Python bools and numbers to a Tensor.")
    return int64 if any(d == int64 for d in kinds) else int32


def _check_python_leaves(obj, dt: DType):
    """Python scalars must be representable in ``dt`` exactly as TensorFlow demands."""
    k = KIND[dt.name]
    for v in _leaves(obj, []):
        bad = False
        if isinstance(v, builtins.bool):
            bad = k == "c"
        elif isinstance(v, builtins.int):
            bad = k == "b"
        elif isinstance(v, builtins.float):
            bad = k in "biu"
        elif isinstance(v, builtins.complex):
            bad = k != "c"
        if bad:
            raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype {dt.name}")


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None, preferred_dtype=None):
    """tf.convert_to_tensor: Tensors pass through (a different ``dtype`` raises ValueError)."""
    dtype_hint = dtype_hint if dtype_hint is not None else preferred_dtype
    if isinstance(value, Tensor):
        if isinstance(value, Variable):
            value = value.read_value()
        if dtype is not None and as_dtype(dtype) != value.dtype:
            raise ValueError(f"Tensor conversion requested dtype {as_dtype(dtype).name} for "
                             f"Tensor with dtype {value.dtype.name}: {value!r}")
        return value
    if dtype is None and dtype_hint is not None:
        try:
            return convert_to_tensor(value, as_dtype(dtype_hint))
        except (TypeError, ValueError):
            pass
    return _constant(value, None if dtype is None else as_dtype(dtype), strict=True)


def _constant(value, dt, strict):
    B = creation_backend()
    if isinstance(value, (np.ndarray, np.generic)):
        a = np.asarray(value)
        if a.dtype.kind in "OSU":
            not_implemented("string / object tensors (tf.string)")
        d = dt or as_dtype(a.dtype)
        return wrap(B.asarray(np.array(a, copy=True).astype(d.as_numpy_dtype), dtype=d.name))
    if isinstance(value, (builtins.bool, builtins.int, builtins.float, builtins.complex,
                          list, tuple)):
        d = dt or _infer_python(value)
        if strict or isinstance(value, (builtins.bool, builtins.int, builtins.float,
                                        builtins.complex)):
            _check_python_leaves(value, d)
        a = np.asarray(_to_np(value))
        if a.dtype.kind in "OSU":
            raise TypeError(f"Can't convert {value!r} to a Tensor (ragged or non-numeric).")
        if KIND[d.name] in "iu" and a.dtype.kind in "iu":
            a = a.astype(np.int64).astype(d.name)  # out-of-range ints wrap as in TF
        else:
            a = a.astype(d.as_numpy_dtype)
        return wrap(B.asarray(a, dtype=d.name))
    if isinstance(value, str):
        not_implemented("string tensors (tf.string)")
    if isinstance(value, TensorShape):
        return _constant(value.as_list(), dt or int32, strict)
    if hasattr(value, "dtype") and hasattr(value, "shape"):  # a native array of some backend
        try:
            bo = ivy.backend_of(value)
        except Exception:  # noqa: BLE001
            bo = None
        if bo is not B:
            return _constant(np.asarray(ivy.to_numpy(value) if bo else value), dt, strict)
        t = wrap(value)
        if dt is not None and t.dtype != dt:
            t = wrap(ivy.astype(value, dt.name))
        return t
    if hasattr(value, "__array__"):
        return _constant(np.asarray(value), dt, strict)
    raise TypeError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                    f"({type(value)}) to a Tensor.")


def constant(value, dtype=None, shape=None, name="Const"):
    """tf.constant: float32 / int32 defaults, NumPy dtypes kept, ``dtype`` casts arrays."""
    if isinstance(value, Tensor):
        t = value if dtype is None else F.cast(value, dtype)
    else:
        t = _constant(value, None if dtype is None else as_dtype(dtype), strict=False)
    if shape is not None:
        shape = [int(s) for s in (shape if isinstance(shape, (list, tuple, TensorShape))
                                  else [shape])]
        n = 1
        for s in shape:
            n *= s
        size = 1
        for s in t._data.shape:
            size *= int(s)
        if size == 1 and n != 1:
            t = wrap(ivy.broadcast_to(ivy.reshape(t._data, ()), tuple(shape)))
        elif size == n:
            t = wrap(ivy.reshape(t._data, tuple(shape)))
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                            f"{t!r} (converted from {value!r}) has {size} elements, but got "
                            f"`shape` {tuple(shape)} with {n} elements).")
    return t


def nat(x, dtype=None):
    """The native array of ``x`` converted to a Tensor (``dtype`` as convert_to_tensor)."""
    if x.__class__ is Tensor and dtype is None:
        return x._data
    return convert_to_tensor(x, dtype)._data


# ---------------------------------------------------------------------------------- Variable
_VAR_COUNT = [0]


class Variable(Tensor):
    """tf.Variable: a mutable tensor (``assign*`` rebind its data); reads give Tensors."""

    __slots__ = ("_vname", "_trainable", "_shape_fixed")

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None, synchronization=None, aggregation=None,
                 shape=None, experimental_enable_variable_lifting=True):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        if callable(initial_value):
            initial_value = initial_value()
        t = constant(initial_value, dtype) if not isinstance(initial_value, Tensor) else (
            F.cast(initial_value, dtype) if dtype is not None else initial_value)
        self._data = t._data
        self._vname = f"{name or 'Variable'}:0"
        self._trainable = True if trainable is None else builtins.bool(trainable)
        self._shape_fixed = validate_shape and shape is None

    @property
    def name(self):
        return self._vname

    @property
    def trainable(self):
        return self._trainable

    @property
    def initial_value(self):
        not_implemented("tf.Variable.initial_value")

    def read_value(self):
        return wrap(self._data)

    def value(self):
        return wrap(self._data)

    def numpy(self):
        return np.asarray(ivy.to_numpy(self._data))

    def _assign(self, value, how):
        v = nat(value, self.dtype) if not isinstance(value, Tensor) else value._data
        if name_of(v) != name_of(self._data):
            raise ValueError(f"Tensor conversion requested dtype {self.dtype.name} for Tensor "
                             f"with dtype {name_of(v)}")
        if how == "add":
            v = ivy.add(self._data, v)
        elif how == "sub":
            v = ivy.subtract(self._data, v)
        if self._shape_fixed and tuple(v.shape) != tuple(self._data.shape):
            raise ValueError(f"Cannot assign value to variable ' {self._vname}': Shape mismatch."
                             f"The variable shape {self.shape}, and the assigned value shape "
                             f"{TensorShape(list(v.shape))} are incompatible.")
        self._data = v
        return self

    def assign(self, value, use_locking=False, name=None, read_value=True):
        self._assign(value, "set")
        return self if read_value else None

    def assign_add(self, delta, use_locking=False, name=None, read_value=True):
        self._assign(delta, "add")
        return self if read_value else None

    def assign_sub(self, delta, use_locking=False, name=None, read_value=True):
        self._assign(delta, "sub")
        return self if read_value else None

    def __getitem__(self, key):
        return wrap(getitem(self._data, key))

    def __repr__(self):
        return (f"<tf.Variable '{self._vname}' shape={self.shape} dtype={self.dtype.name}, "
                f"numpy={np.array_repr(self.numpy())}>")

    def __hash__(self):
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key.")

    __eq__ = Tensor.__eq__
