"""The frontend ``ndarray``: one native array of the Ivy backend in use, NumPy's behaviour on top.

Operators are the frontend's ufuncs (NumPy 2 promotion), indexing converts frontend keys to native
ones and checks bounds (JAX would clamp silently), and index assignment writes in place where the
backend's arrays are mutable (NumPy, PyTorch: a basic-slice view written through updates its base,
as in NumPy) and rebinds the array's data elsewhere (JAX, TensorFlow: a view written through does
NOT update its base; documented in docs/frontends-numpy.md). Methods are attached in __init__.
"""

from __future__ import annotations

import builtins
import operator

import numpy as _rnp

import ivy

from . import _core
from ._core import dtype, dtype_of, not_implemented, shape_of, to_dtype

_new = object.__new__
_np_generic = _rnp.generic
F = None  # the _functions module, set by __init__


def wrap(r):
    """A native array as a frontend ndarray."""
    if isinstance(r, _np_generic):
        r = _rnp.asarray(r)
    elif r.__class__ is ivy.Array:
        r = r._data
    a = _new(ndarray)
    a._data = r
    return a


def scalar(r):
    """A native 0-d array as a frontend scalar (``np.float64``, ...) -- others as ndarray."""
    if isinstance(r, _np_generic):
        r = _rnp.asarray(r)
    elif r.__class__ is ivy.Array:
        r = r._data
    if len(r.shape):
        a = _new(ndarray)
    else:
        a = _new(SCALAR_TYPES[dtype_of(r).name])
    a._data = r
    return a


def ret(r):
    """NumPy's rule for computed results: a 0-d result is a scalar."""
    return scalar(r)


def is_array(x):
    return isinstance(x, ndarray)


def native(obj, dt: dtype | None = None):
    """Any array-like (frontend array, native array, NumPy array, list, scalar) as a native array
    of the Ivy backend (cast to ``dt`` when given; Python scalars checked for overflow)."""
    if isinstance(obj, ndarray):
        x = obj._data
        return x if dt is None else _core.cast(x, dt)
    if isinstance(obj, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        if dt is not None:
            _core.check_int_scalar(obj, dt)
            if dt.kind in "iub" and isinstance(obj, builtins.float) and obj != obj:
                raise ValueError("cannot convert float NaN to integer")
        return _core.from_numpy(obj, dt)
    if isinstance(obj, (_rnp.ndarray, _np_generic, list, tuple)):
        if isinstance(obj, (list, tuple)) and any(isinstance(e, ndarray) for e in obj):
            obj = [_rnp.asarray(e) if isinstance(e, ndarray) else e for e in obj]
        return _core.from_numpy(obj, dt)
    if isinstance(obj, ivy.Array):
        obj = obj._data
    if hasattr(obj, "dtype") and hasattr(obj, "shape"):  # a native array of some framework
        try:
            ivy.backend_of(obj)
        except Exception:  # noqa: BLE001 - not a framework array: go through __array__
            return _core.from_numpy(_rnp.asarray(obj), dt)
        return obj if dt is None else _core.cast(obj, dt)
    if hasattr(obj, "__array__"):
        return _core.from_numpy(_rnp.asarray(obj), dt)
    raise TypeError(f"cannot convert {type(obj).__name__} to an array")


# ------------------------------------------------------------------------------- indexing
def _key_part(k):
    if isinstance(k, ndarray):
        d = k._data
        return d
    if isinstance(k, list):
        a = _rnp.asarray([_rnp.asarray(e) if isinstance(e, ndarray) else e for e in k])
        if a.dtype.kind not in "iub":
            if a.size == 0:
                a = a.astype(_rnp.int64)
            else:
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
        return _core.from_numpy(a)
    if isinstance(k, (builtins.int, builtins.bool, slice)) or k is None or k is Ellipsis:
        return k
    if isinstance(k, _np_generic):
        return k.item()
    if isinstance(k, _rnp.ndarray):
        return _core.from_numpy(k)
    if hasattr(k, "__index__"):
        return operator.index(k)
    if hasattr(k, "dtype") and hasattr(k, "shape"):
        return k
    raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                     "integer or boolean arrays are valid indices")


def convert_key(key, shape):
    """A frontend index as a native one; integer indices checked against ``shape`` (NumPy raises
    IndexError where JAX would clamp)."""
    parts = key if isinstance(key, tuple) else (key,)
    parts = tuple(_key_part(k) for k in parts)
    # bounds: walk the dimensions
    n_consumed = 0
    for p in parts:
        if p is None:
            continue
        if p is Ellipsis:
            n_consumed = None
            break
        if hasattr(p, "dtype") and dtype_of(p).kind == "b":
            n_consumed += len(p.shape)
        elif p.__class__ is builtins.bool:
            pass
        else:
            n_consumed += 1
    if n_consumed is not None and n_consumed > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but "
                         f"{n_consumed} were indexed")
    # dims each part refers to (only checked when there is no ellipsis, or before it)
    dim = 0
    for p in parts:
        if p is Ellipsis:
            break
        if p is None or p.__class__ is builtins.bool:
            continue
        if isinstance(p, builtins.int):
            n = shape[dim]
            if not -n <= p < n:
                raise IndexError(f"index {p} is out of bounds for axis {dim} with size {n}")
            dim += 1
        elif isinstance(p, slice):
            dim += 1
        else:
            k = dtype_of(p).kind
            if k == "b":
                ps = shape_of(p)
                if ps != tuple(shape[dim:dim + len(ps)]):
                    raise IndexError(f"boolean index did not match indexed array along axis "
                                     f"{dim}; size of axis is {shape[dim] if dim < len(shape) else 0}"
                                     f" but size of corresponding boolean axis is "
                                     f"{ps[0] if ps else 0}")
                dim += len(ps)
            elif k in "iu":
                n = shape[dim]
                if _size(p):
                    lo = builtins.int(ivy.to_scalar(ivy.min(p)))
                    hi = builtins.int(ivy.to_scalar(ivy.max(p)))
                    if lo < -n or hi >= n:
                        bad = hi if hi >= n else lo
                        raise IndexError(f"index {bad} is out of bounds for axis {dim} with size "
                                         f"{n}")
                dim += 1
            else:
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
    return parts if isinstance(key, tuple) else parts[0]


def _size(x):
    n = 1
    for s in x.shape:
        n *= builtins.int(s)
    return n


class flatiter:  # noqa: N801
    """``ndarray.flat``: index and assign through the C-order flattened array."""

    __slots__ = ("base",)

    def __init__(self, base):
        self.base = base

    def __getitem__(self, k):
        return self.base.ravel()[k]

    def __setitem__(self, k, v):
        flat = self.base.flatten()
        flat[k] = v
        self.base._assign(ivy.reshape(flat._data, shape_of(self.base._data)))

    def __iter__(self):
        return iter(self.base.ravel())

    def __len__(self):
        return self.base.size

    def __array__(self, dtype=None, copy=None):
        return _rnp.asarray(self.base.ravel(), dtype=dtype)


class ndarray:  # noqa: N801 - numpy's name
    """``numpy.ndarray`` on an Ivy backend. ``_data`` is the native array."""

    __slots__ = ("_data", "__weakref__")
    _frontend_array = True
    __array_ufunc__ = None  # real NumPy operators defer to ours (x_real + x_frontend -> frontend)
    __array_priority__ = 1000

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        if buffer is not None or strides is not None:
            not_implemented("numpy.ndarray(buffer=/strides=)")
        return F.zeros(shape, dtype)

    # ---- attributes
    @property
    def dtype(self) -> dtype:
        return dtype_of(self._data)

    @property
    def shape(self) -> tuple:
        return shape_of(self._data)

    @shape.setter
    def shape(self, value):
        self._assign(F.reshape(self, value)._data)

    @property
    def ndim(self) -> int:
        return len(self._data.shape)

    @property
    def size(self) -> int:
        return _size(self._data)

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def strides(self):
        st, acc = [], self.dtype.itemsize
        for s in reversed(self.shape):
            st.append(acc)
            acc *= builtins.max(s, 1)
        return tuple(reversed(st))

    @property
    def T(self):  # noqa: N802
        return self.transpose()

    @property
    def mT(self):  # noqa: N802
        if self.ndim < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        return F.swapaxes(self, -1, -2)

    @property
    def real(self):
        return F.real(self)

    @property
    def imag(self):
        return F.imag(self)

    @property
    def flat(self):
        return flatiter(self)

    @property
    def base(self):
        return None

    @property
    def device(self):
        return "cpu"

    @property
    def ivy_array(self):
        return ivy.Array(self._data)

    # ---- conversions
    def __array__(self, dtype=None, copy=None):
        a = _rnp.asarray(ivy.to_numpy(self._data))
        return a if dtype is None else a.astype(dtype)

    def __len__(self):
        if not self._data.shape:
            raise TypeError("len() of unsized object")
        return builtins.int(self._data.shape[0])

    def __iter__(self):
        if not self._data.shape:
            raise TypeError("iteration over a 0-d array")
        for i in builtins.range(len(self)):
            yield self[i]

    def item(self, *args):
        if args:
            if len(args) == 1 and not isinstance(args[0], tuple):
                return self.ravel()[args[0]].item()
            return self[args if len(args) > 1 else args[0]].item()
        if self.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return ivy.to_scalar(ivy.reshape(self._data, ()))

    def tolist(self):
        return self.__array__().tolist()

    def tobytes(self, order="C"):
        return self.__array__().tobytes(order)

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        return builtins.bool(self.item())

    def __float__(self):
        if self.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        v = self.item()
        if isinstance(v, builtins.complex):
            raise TypeError("float() argument must be a string or a real number, not 'complex'")
        return builtins.float(v)

    def __int__(self):
        if self.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return builtins.int(self.item())

    def __complex__(self):
        return builtins.complex(self.item())

    def __index__(self):
        if self.ndim or self.dtype.kind not in "iu":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return builtins.int(self.item())

    def __repr__(self):
        return repr(self.__array__())

    def __str__(self):
        return str(self.__array__())

    def __format__(self, spec):
        if self.ndim == 0:
            return format(self.item(), spec)
        return format(str(self), spec)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (F.array, (self.__array__(),))

    def __hash__(self):
        raise TypeError("unhashable type: 'numpy.ndarray'")

    def __contains__(self, v):
        return builtins.bool(F.any(F.equal(self, v)))

    # ---- indexing
    def __getitem__(self, key):
        k = convert_key(key, self.shape)
        r = ivy.get_item(self._data, k)
        # an integer-only key returns a scalar (as numpy)
        return ret(r) if _all_ints(key, self.ndim) else wrap(r)

    def __setitem__(self, key, value):
        if isinstance(self, generic):
            raise TypeError(f"'{type(self).__name__}' object does not support item assignment")
        k = convert_key(key, self.shape)
        dt = self.dtype
        v = native(value, None)
        vdt = dtype_of(v)
        if dt.kind in "iub" and vdt.kind == "f":
            if builtins.bool(ivy.any(ivy.isnan(v))):
                raise ValueError("cannot convert float NaN to integer")
        if vdt.kind == "c" and dt.kind != "c":
            raise TypeError("can't convert complex to float")
        if isinstance(value, builtins.int) and not isinstance(value, builtins.bool):
            _core.check_int_scalar(value, dt)
        v = _core.cast(v, dt)
        r = ivy.set_item(self._data, k, v)
        if r is not self._data:
            self._data = r

    def _assign(self, new_data):
        """Replace the contents (the same shape and dtype): in place on mutable backends."""
        new_data = _core.cast(new_data, self.dtype)
        r = ivy.set_item(self._data, Ellipsis, new_data) if self._data.shape == new_data.shape \
            else new_data
        self._data = r
        return self

    # ---- operators (the ufuncs; set in __init__ through _OPERATORS)


def _all_ints(key, ndim):
    parts = key if isinstance(key, tuple) else (key,)
    n = 0
    for p in parts:
        if isinstance(p, builtins.bool) or not (isinstance(p, (builtins.int, _np_generic)) or
                                               (isinstance(p, ndarray) and p.ndim == 0 and
                                                p.dtype.kind in "iu")):
            return False
        n += 1
    return n == ndim


# ------------------------------------------------------------------ scalar type hierarchy
class generic(ndarray):  # noqa: N801
    """A NumPy scalar: a 0-d frontend array of a fixed dtype (``np.float32(1.5)``)."""

    __slots__ = ()
    _frontend_dtype = None

    def __new__(cls, value=0, *args):
        d = cls._frontend_dtype
        if d is None:
            raise TypeError(f"cannot create 'numpy.{cls.__name__}' instances")
        if isinstance(value, (ndarray, list, tuple, _rnp.ndarray)):
            arr = F.asarray(value, dtype=d)
            return arr if arr.ndim else scalar(arr._data)
        if isinstance(value, str):
            value = _rnp.dtype(d.name).type(value).item()
        x = native(value, d)
        s = _new(cls)
        s._data = x
        return s

    def __hash__(self):
        return hash(self.item())

    def __repr__(self):
        return repr(self.__array__()[()])

    def __str__(self):
        return str(self.__array__()[()])

    def __reduce__(self):
        return (type(self), (self.item(),))

    def is_integer(self):
        v = self.item()
        return builtins.float(v).is_integer()


class number(generic):  # noqa: N801
    __slots__ = ()


class integer(number):  # noqa: N801
    __slots__ = ()


class signedinteger(integer):  # noqa: N801
    __slots__ = ()


class unsignedinteger(integer):  # noqa: N801
    __slots__ = ()


class inexact(number):  # noqa: N801
    __slots__ = ()


class floating(inexact):  # noqa: N801
    __slots__ = ()


class complexfloating(inexact):  # noqa: N801
    __slots__ = ()


def _scalar_type(name, base):
    cls = type(name, (base,), {"__slots__": (), "__module__": "ivy.frontends.numpy"})
    cls._frontend_dtype = _core.BY_NAME[name]
    _core.BY_NAME[name].type = cls
    return cls


class bool_(generic):  # noqa: N801
    __slots__ = ()


bool_._frontend_dtype = _core.BY_NAME["bool"]
_core.BY_NAME["bool"].type = bool_
int8 = _scalar_type("int8", signedinteger)
int16 = _scalar_type("int16", signedinteger)
int32 = _scalar_type("int32", signedinteger)
int64 = _scalar_type("int64", signedinteger)
uint8 = _scalar_type("uint8", unsignedinteger)
uint16 = _scalar_type("uint16", unsignedinteger)
uint32 = _scalar_type("uint32", unsignedinteger)
uint64 = _scalar_type("uint64", unsignedinteger)
float16 = _scalar_type("float16", floating)
float32 = _scalar_type("float32", floating)
float64 = _scalar_type("float64", floating)
complex64 = _scalar_type("complex64", complexfloating)
complex128 = _scalar_type("complex128", complexfloating)
SCALAR_TYPES = {d.name: d.type for d in _core.BY_NAME.values()}

# the abstract classes compare through issubdtype; map real numpy's abstract types to ours
ABSTRACT = {_rnp.generic: generic, _rnp.number: number, _rnp.integer: integer,
            _rnp.signedinteger: signedinteger, _rnp.unsignedinteger: unsignedinteger,
            _rnp.inexact: inexact, _rnp.floating: floating,
            _rnp.complexfloating: complexfloating}
