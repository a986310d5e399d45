"""The frontend ``jax.Array``: one native array of the Ivy backend in use, JAX's behaviour on top.

Immutable (``x[i] = v`` raises TypeError as in JAX; use ``x.at[i].set(v)``), weakly typed when
built from Python scalars, operators with JAX's promotion. Most methods are the ``jax.numpy``
functions themselves (attached in ``numpy/__init__``).
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

import ivy

from . import _core
from ._core import CANON, KIND, creation_backend, name_of, not_implemented, promote, to_name

_new = object.__new__
_np_generic = np.generic
F = None  # the jax.numpy module (set by numpy/__init__)


def wrap(r, weak=False):
    """A native array as a frontend Array, its dtype canonicalised (x64 disabled)."""
    if isinstance(r, _np_generic):
        r = np.asarray(r)
    elif isinstance(r, ivy.Array):
        r = r._data
    n = name_of(r)
    if n in CANON:
        r = ivy.astype(r, CANON[n])
    a = _new(Array)
    a._data = r
    a._weak = weak
    return a


def convert(d, n):
    """``ivy.astype(d, n)`` with XLA's conversion semantics: float -> integer truncates toward
    zero and saturates at the integer range (NaN -> 0), as ``jnp.astype``/``jnp.int8(x)`` do."""
    src = name_of(d)
    if KIND[src] == "f" and KIND[n] in "iu":
        if src != "float32":
            d = ivy.astype(d, "float32")
        info = np.iinfo(n)
        lo, hi = float(info.min), float(info.max)
        t = ivy.trunc(d)
        ok = ivy.logical_and(ivy.greater_equal(t, lo), ivy.less(t, hi))
        r = ivy.astype(ivy.where(ok, t, ivy.zeros_like(t)), n)
        r = ivy.where(ivy.greater_equal(t, hi), ivy.full_like(r, info.max), r)
        return ivy.where(ivy.less(t, lo), ivy.full_like(r, info.min), r)
    return ivy.astype(d, n)


def typed(x):
    """(canonical dtype name, weak) of an operand."""
    if isinstance(x, Array):
        return name_of(x._data), x._weak
    if isinstance(x, (list, tuple)):
        return typed(asarray(x))
    if hasattr(x, "dtype") and hasattr(x, "shape"):  # native or NumPy array
        return to_name(x.dtype), False
    return _core.scalar_typed(x)


def _check_int_range(s, name):
    if s.__class__ is builtins.int and KIND[name] in "iu":
        info = np.iinfo(name)
        if not info.min <= s <= info.max:
            raise OverflowError(f"Python int {s} too large to convert to {name}")


def operand(x, name, ref=None):
    """Native array of ``x`` (Array, scalar, NumPy or native) with dtype ``name``."""
    if isinstance(x, Array):
        d = x._data
        return d if name_of(d) == name else ivy.astype(d, name)
    if isinstance(x, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        B = ivy.backend_of(ref) if ref is not None else creation_backend()
        if x.__class__ is builtins.int and KIND[name] == "u" and x < 0:
            x = builtins.int(np.array(x).astype(name))  # JAX wraps negative ints to unsigned
        _check_int_range(x, name)
        return B.asarray(x, dtype=name)
    return asarray(x, dtype=name)._data


def natives(*xs, inexact=False, out_bool=False):
    """Promote operands by JAX's rule -> (list of natives, result name, weak)."""
    ts = [typed(x) for x in xs]
    name, weak = promote(*ts)
    if inexact and KIND[name] in "biu":
        name = "float32"
    ref = next((x._data for x in xs if isinstance(x, Array)), None)
    return [operand(x, name, ref) for x in xs], name, weak


def elementwise(fn, *xs, inexact=False, out_bool=False, keep_weak=True):
    ns, _, weak = natives(*xs, inexact=inexact)
    r = fn(*ns)
    return wrap(r, weak and keep_weak)


def _infer_list(obj):
    """Dtype (name) JAX gives a (nested) list of scalars/arrays: promotion of its leaves, not weak."""
    leaves = []

    def walk(o):
        if isinstance(o, (list, tuple)):
            for e in o:
                walk(e)
        else:
            leaves.append(o)

    walk(obj)
    if not leaves:
        return "float32"
    return promote(*[typed(e) for e in leaves])[0]


def _to_np(o):
    if isinstance(o, Array):
        return ivy.to_numpy(o._data)
    if isinstance(o, (list, tuple)):
        return [_to_np(e) for e in o]
    return o


def asarray(obj, dtype=None, order=None, *, copy=None, device=None):
    """jnp.asarray / jnp.array: Python scalars are weakly typed, 64-bit canonicalised to 32."""
    if isinstance(obj, Array):
        if dtype is None:
            return obj
        n = to_name(dtype)
        return wrap(convert(obj._data, n), False)
    if isinstance(obj, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        n, weak = _core.scalar_typed(obj)
        if dtype is not None:
            n, weak = to_name(dtype), False
        _check_int_range(obj, n)
        return wrap(creation_backend().asarray(obj, dtype=n), weak)
    if isinstance(obj, (list, tuple)):
        n = to_name(dtype) if dtype is not None else _infer_list(obj)
        a = np.asarray(_to_np(obj))
        return wrap(creation_backend().asarray(a.astype(n) if n != "bfloat16" else a,
                                               dtype=n), False)
    if isinstance(obj, (np.ndarray, np.generic)):
        a = np.asarray(obj)
        n = to_name(dtype if dtype is not None else a.dtype)
        return wrap(creation_backend().asarray(np.array(a, copy=True), dtype=n), False)
    if hasattr(obj, "dtype") and hasattr(obj, "shape"):  # a native array of some backend
        n = to_name(dtype if dtype is not None else obj.dtype)
        B = creation_backend()
        try:
            bo = ivy.backend_of(obj)
        except Exception:  # noqa: BLE001
            bo = None
        if bo is not B:
            obj = B.asarray(np.asarray(obj))
        return wrap(obj if name_of(obj) == n else convert(obj, n), False)
    if hasattr(obj, "__array__"):
        return asarray(np.asarray(obj), dtype)
    raise TypeError(f"JAX frontend: cannot convert {type(obj).__name__} to an array")


def native(x):
    return x._data if isinstance(x, Array) else x


def _key(k):
    c = k.__class__
    if isinstance(k, Array):
        return k._data
    if c is tuple:
        return tuple(_key(e) for e in k)
    if c is list:
        return asarray(k)._data
    if isinstance(k, np.ndarray):
        return asarray(k)._data
    return k


class _IndexUpdateRef:
    __slots__ = ("x", "key")

    def __init__(self, x, key):
        self.x, self.key = x, key

    def get(self, *, indices_are_sorted=False, unique_indices=False, mode=None, fill_value=None):
        if mode not in (None, "promise_in_bounds", "clip"):
            not_implemented(f"Array.at[].get(mode={mode!r})")
        return self.x[self.key]

    def _scatter(self, v, reduction, opname):
        x = self.x
        d = x._data
        shape = tuple(d.shape)
        n = 1
        for s in shape:
            n *= s
        B = ivy.backend_of(d)
        iota = ivy.reshape(B.asarray(np.arange(n, dtype=np.int64)), shape)
        pos = ivy.get_item(iota, _key(self.key))
        name = name_of(d)
        vals = ivy.broadcast_to(operand(v, name, d), tuple(pos.shape))
        flat_pos = ivy.reshape(pos, (-1, 1))
        flat_vals = ivy.reshape(vals, (-1,))
        if reduction == "mul":
            fp = ivy.to_numpy(flat_pos).ravel()
            if len(np.unique(fp)) != len(fp):
                not_implemented("Array.at[].multiply with repeated indices")
            cur = ivy.reshape(ivy.get_item(d, _key(self.key)), (-1,))
            flat_vals = ivy.multiply(cur, flat_vals)
            reduction = "replace"
        if name == "bool" and reduction == "sum":
            not_implemented("Array.at[].add on bool arrays")
        r = ivy.scatter_nd(flat_pos, flat_vals, (n,), reduction=reduction,
                           out=ivy.reshape(d, (n,)))
        return wrap(ivy.reshape(r, shape), x._weak)

    def set(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None):  # noqa: A003
        return self._scatter(values, "replace", "set")

    def add(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None):
        return self._scatter(values, "sum", "add")

    def subtract(self, values, **kw):
        return self._scatter(F.negative(values) if isinstance(values, Array) else -values,
                             "sum", "subtract")

    def multiply(self, values, **kw):
        return self._scatter(values, "mul", "multiply")

    mul = multiply

    def divide(self, values, **kw):
        cur = self.x[self.key]
        return self.set(F.divide(cur, values))

    def power(self, values, **kw):
        cur = self.x[self.key]
        return self.set(F.power(cur, values))

    def min(self, values, **kw):  # noqa: A003
        return self._scatter(values, "min", "min")

    def max(self, values, **kw):  # noqa: A003
        return self._scatter(values, "max", "max")

    def apply(self, func, **kw):
        return self.set(func(self.x[self.key]))


class _At:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    def __getitem__(self, key):
        return _IndexUpdateRef(self.x, key)


def _binop(name):
    def op(self, other):
        return getattr(F, name)(self, other)

    def rop(self, other):
        return getattr(F, name)(other, self)

    return op, rop


class Array:
    """A jax.Array backed by one native array of the current Ivy backend."""

    __slots__ = ("_data", "_weak", "__weakref__")
    _frontend_jax_array = True
    __array_priority__ = 1100

    def __init__(self, *args, **kwargs):
        raise TypeError("jax.Array cannot be instantiated directly; use jnp.asarray")

    # -- attributes ------------------------------------------------------------------------
    @property
    def dtype(self):
        return _core.np_dtype(name_of(self._data))

    @property
    def weak_type(self):
        return self._weak

    @property
    def shape(self):
        return tuple(builtins.int(s) for s in self._data.shape)

    @property
    def ndim(self):
        return len(self._data.shape)

    @property
    def size(self):
        n = 1
        for s in self._data.shape:
            n *= builtins.int(s)
        return n

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.itemsize

    @property
    def T(self):
        return F.transpose(self)

    @property
    def mT(self):
        return F.matrix_transpose(self)

    @property
    def real(self):
        return F.real(self)

    @property
    def imag(self):
        return F.imag(self)

    @property
    def at(self):
        return _At(self)

    @property
    def ivy_array(self):
        return ivy.Array(self._data)

    def __len__(self):
        if not self._data.shape:
            raise TypeError("len() of unsized object")
        return builtins.int(self._data.shape[0])

    def __iter__(self):
        if not self._data.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self)))

    def __array__(self, dtype=None, copy=None):
        a = np.asarray(ivy.to_numpy(self._data))
        return a.astype(dtype) if dtype is not None else a

    def __repr__(self):
        s = np.array2string(np.asarray(self), separator=", ")
        extra = ", weak_type=True" if self._weak else ""
        return f"Array({s}, dtype={self.dtype.name}{extra})"

    def __bool__(self):
        return builtins.bool(np.asarray(self))

    def __int__(self):
        return builtins.int(np.asarray(self))

    def __float__(self):
        return builtins.float(np.asarray(self))

    def __complex__(self):
        return builtins.complex(np.asarray(self))

    def __index__(self):
        if KIND[name_of(self._data)] not in "iu":
            raise TypeError("only integer arrays can be used as an index")
        return operator.index(np.asarray(self).item())

    def __hash__(self):
        raise TypeError("unhashable type: 'jax.Array'")

    def item(self, *args):
        return np.asarray(self).item(*args)

    def tolist(self):
        return np.asarray(self).tolist()

    def block_until_ready(self):
        return self

    def copy(self):
        return wrap(ivy.astype(self._data, name_of(self._data), copy=True), self._weak)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def addressable_data(self, index=0):
        return self

    @property
    def device(self):
        return ivy.dev(self._data)

    def devices(self):
        return {self.device}

    # -- indexing ----------------------------------------------------------------------------
    def __getitem__(self, key):
        return wrap(ivy.get_item(self._data, _key(key)), self._weak)

    def __setitem__(self, key, value):
        raise TypeError("JAX arrays are immutable and do not support in-place item assignment. "
                        "Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
                        "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")

    # -- operators -------------------------------------------------------------------------
    __add__, __radd__ = _binop("add")
    __sub__, __rsub__ = _binop("subtract")
    __mul__, __rmul__ = _binop("multiply")
    __truediv__, __rtruediv__ = _binop("true_divide")
    __floordiv__, __rfloordiv__ = _binop("floor_divide")
    __mod__, __rmod__ = _binop("remainder")
    __pow__, __rpow__ = _binop("power")
    __matmul__, __rmatmul__ = _binop("matmul")
    __and__, __rand__ = _binop("bitwise_and")
    __or__, __ror__ = _binop("bitwise_or")
    __xor__, __rxor__ = _binop("bitwise_xor")
    __lshift__, __rlshift__ = _binop("left_shift")
    __rshift__, __rrshift__ = _binop("right_shift")
    __lt__, _ = _binop("less")
    __le__, _ = _binop("less_equal")
    __gt__, _ = _binop("greater")
    __ge__, _ = _binop("greater_equal")
    __eq__, _ = _binop("equal")
    __ne__, _ = _binop("not_equal")
    __divmod__, __rdivmod__ = _binop("divmod")

    def __neg__(self):
        return F.negative(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return F.abs(self)

    def __invert__(self):
        return F.invert(self)


def is_array(x):
    return isinstance(x, Array)
