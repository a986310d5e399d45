"""The NumPy frontend: ``import ivy.frontends.numpy as np`` runs NumPy code on any Ivy backend.

Arrays (:class:`ndarray`) hold a native array of the Ivy backend in use (set with
``ivy.set_backend``, or NumPy when none is set); every function is a plain composition of
``ivy.*`` calls. NumPy itself is consulted only for dtype metadata (NumPy 2 / NEP 50 type
resolution). What is covered, and what raises ``NotImplementedError``: docs/frontends-numpy.md.
"""

from __future__ import annotations

import math as _math

from . import _core, _functions, _ndarray
from ._core import AxisError, dtype  # noqa: F401
from ._functions import *  # noqa: F401,F403
from ._functions import (_NO, UFUNCS as _UFUNCS, abs, all, any, max, min, round, sum,  # noqa: A004
                         ufunc, finfo, iinfo, pow)
from ._ndarray import (bool_, complex64, complex128, complexfloating, flatiter, float16,
                       float32, float64, floating, generic, inexact, int8, int16, int32, int64,
                       integer, ndarray, number, signedinteger, uint8, uint16, uint32, uint64,
                       unsignedinteger)

_ndarray.F = _functions
F = _functions

from . import fft, linalg, random  # noqa: E402
from ._polyfit import polyfit  # noqa: E402,F401

# NumPy 2 names and aliases
bool = bool_  # noqa: A001
double, single, half = float64, float32, float16
cdouble, csingle = complex128, complex64
intp, uintp, int_, uint = int64, uint64, int64, uint64
byte, ubyte, short, ushort, intc, uintc = int8, uint8, int16, uint16, int32, uint32
longlong, ulonglong, long, ulong = int64, uint64, int64, uint64
pi, e, euler_gamma = _math.pi, _math.e, 0.5772156649015329
inf, nan = float("inf"), float("nan")
newaxis = None
__version__ = "2.4.0+ivy"
exceptions = type("exceptions", (), {"AxisError": AxisError})


class errstate:  # noqa: N801
    """Accepted and ignored: floating-point warnings are the backend's."""

    def __init__(self, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def seterr(all=None, divide=None, over=None, under=None, invalid=None):  # noqa: A002
    return {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}


def geterr():
    return seterr()


def set_printoptions(*args, **kwargs):
    pass


def vectorize(*args, **kwargs):
    _core.not_implemented("numpy.vectorize", "a Python callable per element; write the "
                          "function with array operations")


def frompyfunc(*args, **kwargs):
    _core.not_implemented("numpy.frompyfunc")


# ------------------------------------------------------------------------ ndarray methods
T = ndarray


def _m(fn, name=None):
    def m(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    m.__name__ = m.__qualname__ = name or fn.__name__
    m.__doc__ = f"ndarray.{m.__name__}: numpy.{fn.__name__}(self, ...)"
    return m


for _n in ("sum prod mean std var min max argmax argmin cumsum cumprod any all ptp clip round "
           "nonzero diagonal trace swapaxes squeeze repeat take dot searchsorted "
           "conj conjugate compress choose").split():
    setattr(T, _n, _m(getattr(F, _n), _n))


def _reshape(self, *shape, order="C", copy=None):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = shape[0]
    return F.reshape(self, shape, order=order)


def _transpose(self, *axes):
    if len(axes) == 1 and (isinstance(axes[0], (tuple, list)) or axes[0] is None):
        axes = axes[0]
    return F.transpose(self, axes if axes else None)


def _flatten(self, order="C"):
    return F.reshape(self, (-1,), order=order).copy()


def _astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    d = _core.to_dtype(dtype)
    if not copy and d == self.dtype:
        return self
    x = self._data
    if d.kind in "iu" and self.dtype.kind == "f":
        import ivy
        x = ivy.trunc(x)
    return _ndarray.wrap(_core.cast(x, d) if _core.dtype_of(x) is not d else
                         ivy_astype_copy(x, d))


def ivy_astype_copy(x, d):
    import ivy
    return ivy.astype(x, d.ivy, copy=True)


def _copy(self, order="C"):
    return _ndarray.wrap(ivy_astype_copy(self._data, self.dtype))


def _fill(self, value):
    import ivy
    self._assign(ivy.full_like(self._data, _ndarray.native(value, self.dtype)
                               if isinstance(value, ndarray) else value))


def _sort_inplace(self, axis=-1, kind=None, order=None, stable=None):
    self._assign(F.sort(self, axis, kind, order)._data)


def _argsort(self, axis=-1, kind=None, order=None, stable=None):
    return F.argsort(self, axis, kind, order)


def _view(self, dtype=None, type=None):
    if dtype is not None and _core.to_dtype(dtype) != self.dtype:
        _core.not_implemented("ndarray.view(dtype)", "bit reinterpretation")
    return self[...]


def _resize(self, *new_shape, refcheck=True):
    shp = new_shape[0] if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)) \
        else new_shape
    r = F.resize(self, shp) if self.size else F.zeros(shp, self.dtype)
    tot = 1
    for s in F._shape_arg(shp):
        tot *= s
    if self.size and self.size < tot:  # numpy's in-place resize pads with zeros
        flat = F.concatenate([self.ravel(), F.zeros((tot - self.size,), self.dtype)])[:tot]
        r = flat.reshape(shp)
    self._data = r._data


def _getfield(self, *a, **k):
    _core.not_implemented("ndarray.getfield")


def _itemset(self, *args):
    _core.not_implemented("ndarray.itemset", "removed in NumPy 2; use a[idx] = v")


def _partition(self, kth, axis=-1, kind="introselect", order=None):
    _sort_inplace(self, axis)


def _tofile(self, *a, **k):
    _core.not_implemented("ndarray.tofile", "file I/O")


_SPECIAL = {"reshape": _reshape, "transpose": _transpose, "flatten": _flatten,
            "ravel": lambda self, order="C": F.ravel(self, order), "astype": _astype,
            "copy": _copy, "fill": _fill, "sort": _sort_inplace, "argsort": _argsort,
            "view": _view, "resize": _resize, "getfield": _getfield, "itemset": _itemset,
            "partition": _partition,
            "argpartition": lambda self, kth, axis=-1, kind="introselect", order=None:
            F.argpartition(self, kth, axis),
            "tofile": _tofile, "dump": _tofile, "dumps": _tofile,
            "__matmul__": lambda self, o: F.matmul(self, o),
            "__rmatmul__": lambda self, o: F.matmul(o, self),
            "__abs__": lambda self: F.absolute(self), "__neg__": lambda self: F.negative(self),
            "__pos__": lambda self: F.positive(self), "__invert__": lambda self: F.invert(self),
            "__divmod__": lambda self, o: F.divmod(self, o),
            "__rdivmod__": lambda self, o: F.divmod(o, self),
            "__round__": lambda self, nd=None: F.around(self, nd or 0) if nd is not None or
            self.ndim else round(self.item()),
            "byteswap": lambda self, inplace=False: _core.not_implemented("ndarray.byteswap"),
            "setflags": lambda self, **kw: None,
            "conj": lambda self: F.conjugate(self) if self.dtype.kind == "c" else self,
            "conjugate": lambda self: F.conjugate(self) if self.dtype.kind == "c" else self,
            }
for _n, _f in _SPECIAL.items():
    setattr(T, _n, _f)

_OPS = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
        "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "and": "bitwise_and",
        "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift",
        "rshift": "right_shift"}
_CMP = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
        "ge": "greater_equal"}
_OK_OPERAND = (ndarray, int, float, complex, list, tuple, _ndarray._np_generic,
               __import__("numpy").ndarray)


def _binop(uf):
    def f(self, other):
        if not isinstance(other, _OK_OPERAND):
            return NotImplemented
        return uf(self, other)
    return f


def _rbinop(uf):
    def f(self, other):
        if not isinstance(other, _OK_OPERAND):
            return NotImplemented
        return uf(other, self)
    return f


def _ibinop(uf):
    def f(self, other):
        if isinstance(self, generic):
            return uf(self, other)
        r = uf(self, other)
        rd = _ndarray.native(r)
        if _core.dtype_of(rd) is not self.dtype:
            rt = _core.dtype_of(rd)
            if not F.can_cast(rt, self.dtype, "same_kind"):
                raise _UFuncCastError(f"Cannot cast ufunc '{uf.__name__}' output from "
                                      f"{rt!r} to {self.dtype!r} with casting rule "
                                      f"'same_kind'")
        if tuple(rd.shape) != self.shape:
            raise ValueError(f"non-broadcastable output operand with shape {self.shape} doesn't "
                             f"match the broadcast shape {tuple(rd.shape)}")
        self._assign(rd)
        return self
    return f


class _UFuncCastError(TypeError):
    """numpy._core._exceptions._UFuncOutputCastingError (a TypeError)."""


for _n, _u in _OPS.items():
    uf = getattr(F, _u)
    setattr(T, f"__{_n}__", _binop(uf))
    setattr(T, f"__r{_n}__", _rbinop(uf))
    setattr(T, f"__i{_n}__", _ibinop(uf))
for _n, _u in _CMP.items():
    setattr(T, f"__{_n}__", _binop(getattr(F, _u)))
T.__hash__ = None  # ndarray: unhashable (scalars define their own)
generic.__hash__ = lambda self: hash(self.item())
del _n, _f, _u, uf
