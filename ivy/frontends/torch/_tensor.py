"""The frontend ``Tensor``: one native array of the Ivy backend in use, torch's behaviour on top.

Most methods are the ``torch.*`` functions themselves (attached in ``__init__``); this module holds
the class, its attributes, conversions, operators (with torch's type promotion), indexing and the
machinery of in-place (``_``-suffixed) methods.
"""

from __future__ import annotations

import builtins
import operator
import os

import numpy as np

import ivy

from .._common import creation_backend as creation_backend  # re-exported
from . import _core
from ._core import dtype_of, not_implemented, result_type

# The C fast path of the hot functions and of ``wrap`` (_fast.c, built by setup.py), unless it is
# not built or IVY_DISPATCH=python asks for the pure-Python frontend (same behaviour).
_fast = None
if os.environ.get("IVY_DISPATCH", "c") != "python":
    try:
        from . import _fast
    except ImportError:  # not compiled (no C compiler at install time)
        pass

_new = object.__new__
_np_generic = np.generic
# Classes of results that ``wrap`` stores as they are: everything but NumPy scalars (which become
# 0-d arrays). Filled as classes are seen, so the common case is one set lookup; the hot paths in
# ``_functions`` inline ``wrap`` as ``if r.__class__ not in PLAIN: r = plain(r)`` + ``_new``.
# Add-only: ``_fast.c`` caches the last class it found here (never remove or replace one).
PLAIN: set = {np.ndarray}


def plain(r):
    """``r`` as ``wrap`` stores it: a NumPy scalar as a 0-d array, anything else unchanged."""
    c = r.__class__
    if issubclass(c, _np_generic):
        return np.asarray(r)
    PLAIN.add(c)
    return r


def wrap(r):
    """A native array (or NumPy scalar) as a frontend Tensor."""
    if r.__class__ not in PLAIN:
        r = plain(r)
    t = _new(Tensor)
    t._data = r
    return t


def native(x):
    """The native array of a Tensor; other values unchanged."""
    return x._data if isinstance(x, Tensor) else x


def is_tensor(x) -> builtins.bool:
    return isinstance(x, Tensor)


def backend_of(x):
    """The Ivy backend module owning native array ``x``."""
    return ivy.backend_of(x)


def like(x, obj, dt=None):
    """``obj`` (a scalar, list or NumPy array) as a native array of ``x``'s framework."""
    return ivy.backend_of(x).asarray(obj, dtype=None if dt is None else dt.ivy)


def cast(x, dt):
    """Native ``x`` cast to frontend dtype ``dt`` (no copy when it already has it)."""
    if dtype_of(x) is dt:
        return x
    return ivy.astype(x, dt.ivy)


def operand(o, rt):
    """An operand of an element-wise op: a Tensor's data cast to ``rt``, or a Python scalar."""
    if isinstance(o, Tensor):
        d = o._data
        return d if dtype_of(d) is rt else ivy.astype(d, rt.ivy)
    if o.__class__ is builtins.bool and rt.cat > 0:
        return builtins.int(o)
    if rt.cat == 1 and o.__class__ is builtins.int:
        info = np.iinfo(rt.name)
        if not info.min <= o <= info.max:  # torch wraps a scalar into the tensor's type
            o = builtins.int(np.array(o).astype(rt.name))
    return o


def binary(fn, a, b):
    """``fn`` over two operands promoted by torch's rule -> (native result, result dtype)."""
    rt = result_type(a, b)
    return fn(operand(a, rt), operand(b, rt)), rt


class Size(tuple):
    """torch.Size: a tuple of ints."""

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __repr__(self):
        return f"torch.Size([{', '.join(str(s) for s in self)}])"


class device:  # noqa: N801 - torch's name
    """torch.device: only ``cpu`` and ``cuda[:n]`` (Ivy's ``gpu:n``)."""

    __slots__ = ("type", "index")

    def __init__(self, type="cpu", index=None):  # noqa: A002
        if isinstance(type, device):
            type, index = type.type, type.index
        elif ":" in str(type):
            type, idx = str(type).split(":")
            index = builtins.int(idx)
        self.type, self.index = str(type), index

    def __repr__(self):
        return f"device(type='{self.type}'" + (f", index={self.index})" if self.index is not None
                                                else ")")

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        if isinstance(other, str):
            other = device(other)
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))

    @property
    def ivy(self):
        return "cpu" if self.type == "cpu" else f"gpu:{self.index or 0}"


def _ivy_device(d):
    if d is None:
        return None
    return device(d).ivy if not isinstance(d, device) else d.ivy


def _torch_device(ivy_dev: str) -> device:
    if ivy_dev.startswith("gpu"):
        return device("cuda", builtins.int(ivy_dev.split(":")[1]))
    return device("cpu")


_REVERSED = [tuple(range(n - 1, -1, -1)) for n in range(8)]  # Tensor.T's permutations
_AUTOGRAD = ("autograd (backward, grad) is not part of the PyTorch frontend; use ivy.grad / "
             "ivy.execute_with_gradients on the function instead")


def _key(k, x):
    """An index key with Tensors replaced by native arrays and lists made index arrays."""
    c = k.__class__
    if isinstance(k, Tensor):
        return k._data
    if c is tuple:
        return tuple(_key(e, x) for e in k)
    if c is list:
        if any(isinstance(e, (Tensor, list, slice)) or e is None or e is Ellipsis for e in k):
            return tuple(_key(e, x) for e in k)  # legacy torch: a list of indices is a tuple
        return like(x, k)
    if c is slice:
        s = k
        if any(isinstance(v, Tensor) for v in (s.start, s.stop, s.step)):
            return slice(*(builtins.int(v) if isinstance(v, Tensor) else v
                           for v in (s.start, s.stop, s.step)))
    return k


def _advanced(key):
    ks = key if isinstance(key, tuple) else (key,)
    return any(isinstance(k, list) or (isinstance(k, Tensor) and k.ndim > 0) for k in ks)


class Tensor:
    """A torch Tensor backed by one native array of the current Ivy backend."""

    __slots__ = ("_data", "_requires_grad", "_grad", "_name", "__weakref__")
    _frontend_tensor = True
    __array_priority__ = 1100

    def __init__(self, *args, dtype=None, device=None):
        # legacy torch.Tensor(data) / torch.Tensor(*size): float (the default dtype)
        if len(args) == 1 and not isinstance(args[0], builtins.int):
            self._data = _F.tensor(args[0], dtype=dtype or _core.get_default_dtype())._data
        else:
            self._data = _F.empty(*args, dtype=dtype)._data

    # -- attributes ----------------------------------------------------------------------------
    @property
    def dtype(self):
        return dtype_of(self._data)

    @property
    def shape(self) -> Size:
        return Size(self._data.shape)

    @property
    def ndim(self) -> builtins.int:
        return len(self._data.shape)

    @property
    def device(self) -> device:
        return _torch_device(ivy.dev(self._data))

    @property
    def is_cuda(self):
        return self.device.type == "cuda"

    @property
    def is_leaf(self):
        return True

    @property
    def layout(self):
        return "torch.strided"

    @property
    def requires_grad(self):
        return getattr(self, "_requires_grad", False)

    @requires_grad.setter
    def requires_grad(self, v):
        self._requires_grad = builtins.bool(v)

    def requires_grad_(self, requires_grad=True):
        self._requires_grad = builtins.bool(requires_grad)
        return self

    @property
    def grad(self):
        return getattr(self, "_grad", None)

    @grad.setter
    def grad(self, v):
        self._grad = v

    def backward(self, *args, **kwargs):
        not_implemented("Tensor.backward", _AUTOGRAD)

    def detach(self):
        # torch: the same values, cut from the autograd graph (under the backend's autodiff:
        # jax.grad, tf.GradientTape, torch.autograd, or the tracer's graph)
        return wrap(ivy.stop_gradient(self._data))

    def detach_(self):
        self._data = ivy.stop_gradient(self._data)
        return self

    @property
    def data(self):
        return wrap(ivy.stop_gradient(self._data))

    @data.setter
    def data(self, v):
        self._data = v._data if isinstance(v, Tensor) else v

    @property
    def ivy_array(self) -> ivy.Array:
        """The data as an ``ivy.Array`` (no copy)."""
        return ivy.Array(self._data)

    @property
    def T(self):
        d = self._data
        n = len(d.shape)
        return wrap(ivy.permute_dims(d, _REVERSED[n] if n < 8 else tuple(range(n - 1, -1, -1))))

    @property
    def mT(self):
        n = self.ndim
        if n < 2:
            raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. "
                               f"Got {n}-D tensor.")
        return wrap(ivy.matrix_transpose(self._data))

    @property
    def H(self):
        return self.T.conj() if self.ndim == 2 else not_implemented("Tensor.H on non-2-D")

    @property
    def mH(self):
        return self.mT.conj()

    @property
    def real(self):
        return wrap(ivy.real(self._data)) if self.dtype.is_complex else self

    @property
    def imag(self):
        if not self.dtype.is_complex:
            raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
        return wrap(ivy.imag(self._data))

    def size(self, dim=None):
        s = self._data.shape
        if dim is None:
            return Size(s)
        if not s:
            raise IndexError(f"dimension specified as {dim} but tensor has no dimensions")
        return builtins.int(s[_core.norm_dim(dim, len(s))])

    def dim(self):
        return len(self._data.shape)

    ndimension = dim

    def numel(self):
        n = 1
        for s in self._data.shape:
            n *= s
        return builtins.int(n)

    nelement = numel

    def element_size(self):
        return self.dtype.itemsize

    def is_floating_point(self):
        return self.dtype.is_floating_point

    def is_complex(self):
        return self.dtype.is_complex

    def is_contiguous(self, memory_format=None):
        return True

    def contiguous(self, memory_format=None):
        return self

    def get_device(self):
        return -1 if self.device.type == "cpu" else self.device.index

    def type(self, dtype=None):
        if dtype is None:
            names = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                     "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                     "bool": "Bool", "bfloat16": "BFloat16", "complex64": "ComplexFloat",
                     "complex128": "ComplexDouble"}
            return f"torch.{names.get(self.dtype.name, self.dtype.name)}Tensor"
        return self.to(dtype)

    # -- conversions ---------------------------------------------------------------------------
    def numpy(self, *, force=False):
        return ivy.to_numpy(self._data)

    def __array__(self, dtype=None, copy=None):
        a = ivy.to_numpy(self._data)
        return a if dtype is None else a.astype(dtype)

    def __dlpack__(self, *args, **kwargs):
        return self._data.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def item(self):
        if self.numel() != 1:
            raise RuntimeError(f"a Tensor with {self.numel()} elements cannot be converted to "
                               "Scalar")
        return ivy.to_numpy(self._data).reshape(()).item()

    def tolist(self):
        return ivy.to_numpy(self._data).tolist()

    def __bool__(self):
        if self.numel() != 1:
            raise RuntimeError(f"Boolean value of Tensor with more than one value is ambiguous")
        return builtins.bool(self.item())

    def __int__(self):
        return builtins.int(self.item())

    def __float__(self):
        return builtins.float(self.item())

    def __complex__(self):
        return builtins.complex(self.item())

    def __index__(self):
        if self.dtype.cat != 1 or self.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return builtins.int(self.item())

    def __len__(self):
        s = self._data.shape
        if not s:
            raise TypeError("len() of a 0-d tensor")
        return builtins.int(s[0])

    def __iter__(self):
        if not self._data.shape:
            raise TypeError("iteration over a 0-d tensor")
        d = self._data
        return (wrap(ivy.get_item(d, i)) for i in range(d.shape[0]))

    def __repr__(self):
        a = self.numpy()
        body = np.array2string(a, separator=", ", prefix="tensor(")
        extra = "" if self.dtype in (_core.float32, _core.int64, _core.bool) else \
            f", dtype={self.dtype}"
        if a.size == 0:
            extra = f", size={tuple(a.shape)}" + extra
        return f"tensor({body}{extra})"

    __hash__ = object.__hash__

    def __reduce__(self):
        return (_rebuild, (self.numpy(),))

    def __deepcopy__(self, memo):
        t = wrap(ivy.astype(self._data, self.dtype.ivy, copy=True))
        if getattr(self, "_requires_grad", False):
            t._requires_grad = True
        if type(self) is not Tensor:
            t.__class__ = type(self)
        return t

    def __format__(self, spec):
        if self.ndim == 0:
            return format(self.item(), spec)
        return object.__format__(self, spec)

    # -- indexing ------------------------------------------------------------------------------
    def __getitem__(self, key):
        d = self._data
        return wrap(ivy.get_item(d, key if key.__class__ is builtins.int else _key(key, d)))

    def __setitem__(self, key, value):
        d = self._data
        dt = dtype_of(d)
        if isinstance(value, Tensor):
            # torch: index_put_ needs equal dtypes; a lone boolean mask goes through
            # masked_fill/masked_scatter, which cast (x[mask] = float64 tensor is fine)
            lone_mask = isinstance(key, Tensor) and dtype_of(key._data).name == "bool"
            if dtype_of(value._data) is not dt and _advanced(key) and not lone_mask:
                raise RuntimeError("Index put requires the source and destination dtypes match, "
                                   f"got {_TORCH_NAMES.get(dt.name)} for the destination and "
                                   f"{_TORCH_NAMES.get(dtype_of(value._data).name)} for the "
                                   "source.")
            v = cast(value._data, dt)
        else:
            v = like(d, value, dt)
        self._data = ivy.set_item(d, _key(key, d), v)

    # -- in-place machinery --------------------------------------------------------------------
    def _assign(self, r, rt=None, name="in-place operation"):
        """Make native result ``r`` (of dtype ``rt``) this tensor's value, as torch's in-place ops:
        the result is cast to self's dtype (an error when torch cannot cast it), and it must not
        broadcast self to a larger shape."""
        mine = dtype_of(self._data)
        rt = rt or dtype_of(r)
        if not _core.can_cast(rt, mine):
            raise RuntimeError(f"result type {_TORCH_NAMES.get(rt.name, rt.name)} can't be cast "
                               f"to the desired output type {_TORCH_NAMES.get(mine.name, mine.name)}")
        shape = tuple(self._data.shape)
        if tuple(r.shape) != shape:
            try:
                r = ivy.broadcast_to(r, shape)
            except Exception:
                raise RuntimeError(f"output with shape {list(shape)} doesn't match the broadcast "
                                   f"shape {list(r.shape)}") from None
            if tuple(r.shape) != shape:
                raise RuntimeError(f"output with shape {list(shape)} doesn't match the broadcast "
                                   f"shape {list(r.shape)}")
        self._data = r if dtype_of(r) is mine else ivy.astype(r, mine.ivy)
        return self

    # -- operators (torch's promotion) ---------------------------------------------------------
    # The forward operators are the torch functions themselves, installed by ``__init__`` from
    # ``OPERATORS`` (``a + b`` runs ``torch.add(a, b)`` with no extra frame); the reflected ones
    # swap the operands.
    def __radd__(self, other):
        return _F.add(other, self)

    def __rsub__(self, other):
        return _F.sub(other, self)

    def __rmul__(self, other):
        return _F.mul(other, self)

    def __rtruediv__(self, other):
        return _F.div(other, self)

    def __rfloordiv__(self, other):
        return _F.floor_divide(other, self)

    def __rmod__(self, other):
        return _F.remainder(other, self)

    def __rpow__(self, other):
        return _F.pow(other, self)

    def __rmatmul__(self, other):
        return _F.matmul(other, self)

    def __pos__(self):
        return self

    def __iadd__(self, other):
        return self.add_(other)

    def __isub__(self, other):
        return self.sub_(other)

    def __imul__(self, other):
        return self.mul_(other)

    def __itruediv__(self, other):
        return self.div_(other)

    def __ifloordiv__(self, other):
        return self.floor_divide_(other)

    def __imod__(self, other):
        return self.remainder_(other)

    def __ipow__(self, other):
        return self.pow_(other)

    def __iand__(self, other):
        return self.bitwise_and_(other)

    def __ior__(self, other):
        return self.bitwise_or_(other)

    def __ixor__(self, other):
        return self.bitwise_xor_(other)


_TORCH_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool",
                "bfloat16": "BFloat16", "complex64": "ComplexFloat",
                "complex128": "ComplexDouble"}


def _rebuild(a):
    return _F.tensor(a)


# Tensor operator -> the torch function it is (``__rand__``... too: the bitwise ops commute)
OPERATORS = {"__add__": "add", "__sub__": "sub", "__mul__": "mul", "__truediv__": "div",
             "__floordiv__": "floor_divide", "__mod__": "remainder", "__pow__": "pow",
             "__matmul__": "matmul", "__neg__": "neg", "__abs__": "abs",
             "__invert__": "bitwise_not", "__and__": "bitwise_and", "__rand__": "bitwise_and",
             "__or__": "bitwise_or", "__ror__": "bitwise_or", "__xor__": "bitwise_xor",
             "__rxor__": "bitwise_xor", "__lshift__": "bitwise_left_shift",
             "__rshift__": "bitwise_right_shift", "__eq__": "eq", "__ne__": "ne", "__lt__": "lt",
             "__le__": "le", "__gt__": "gt", "__ge__": "ge"}
if _fast is not None:
    _fast.configure(Tensor, PLAIN, plain, _core.CAT)
    wrap = _fast.wrap  # noqa: F811 - the same function in C


def c_op(f, ivy_fn, nargs, tensor_mask, scalar_mask=0):
    """``f`` with its common case in C (``_fast.Op``), or ``f`` itself without the extension.

    ``f``'s own Python fast path must be exactly: ``nargs`` positional arguments, no keywords, the
    first an exact Tensor whose dtype category (0 bool .. 3 complex) is in ``tensor_mask`` (a bit
    set), the second (binary ops) an exact Tensor of the same native dtype, or an exact Python
    int/float when the category is in ``scalar_mask``; then ``wrap(ivy_fn(x[, y]))``."""
    if _fast is None:
        return f
    op = _fast.Op(f, ivy_fn, nargs, tensor_mask, scalar_mask)
    op.__dict__.update(f.__dict__)
    for a in ("__name__", "__qualname__", "__doc__", "__module__"):
        setattr(op, a, getattr(f, a))
    op.__wrapped__ = f  # inspect.signature / getsource follow it
    return op


# The torch.* functions (the ``_functions`` module), set by ``__init__``: the reflected operators,
# the legacy constructor and unpickling call them, and they are defined above this module (they
# build Tensors), so this module cannot import them.
_F = None
_ = operator
