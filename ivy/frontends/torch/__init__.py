"""The PyTorch frontend: ``import ivy.frontends.torch as torch`` runs torch code on any Ivy backend.

Tensors hold a native array of the Ivy backend in use (set with ``ivy.set_backend``, or NumPy when
none is set); every function is a plain composition of ``ivy.*`` calls, so tracing frontend code
with ``ivy.trace_graph`` records an ordinary Ivy graph. Real PyTorch is never imported here.
What is covered, and what raises ``NotImplementedError``: docs/frontends.md.
"""

from __future__ import annotations

import builtins as _builtins
import math as _math

from . import _core, _functions, _tensor
from ._core import (BY_NAME as _BY_NAME, bfloat16, bool, cdouble, cfloat, complex64,  # noqa: A004
                    complex128, double, dtype, float, float16, float32, float64,
                    get_default_dtype, half, int, int8, int16, int32, int64, long,
                    set_default_dtype, short, uint8, uint16, uint32, uint64)
from ._core import not_implemented as _not_implemented
from ._functions import *  # noqa: F401,F403
from ._functions import (_out, result_type_ as _result_type_fn, return_types)  # noqa: F401
from ._tensor import Size, Tensor, device, wrap as _wrap

_tensor._F = _functions
for _op, _fname in _tensor.OPERATORS.items():
    setattr(Tensor, _op, getattr(_functions, _fname))

from . import fft, linalg, nn, special  # noqa: E402

result_type = _result_type_fn
# torch.* aliases of nn.functional
softmax = nn.functional.softmax


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0,
             zero_infinity=False):
    """``torch.ctc_loss``: ``F.ctc_loss`` with the reduction as ATen's enum (0 none, 1 mean,
    2 sum); called without it, torch's binding returns the per-sample losses."""
    red = {0: "none", 1: "mean", 2: "sum"}.get(reduction, reduction)
    return nn.functional.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, red,
                                  zero_infinity)


log_softmax = nn.functional.log_softmax
relu = nn.functional.relu
selu = nn.functional.selu
celu = nn.functional.celu
dropout = nn.functional.dropout
conv1d, conv2d, conv3d = nn.functional.conv1d, nn.functional.conv2d, nn.functional.conv3d
layer_norm = nn.functional.layer_norm
group_norm = nn.functional.group_norm
embedding = nn.functional.embedding
pixel_shuffle = nn.functional.pixel_shuffle
cosine_similarity = nn.functional.cosine_similarity
pairwise_distance = nn.functional.pairwise_distance
hardshrink = nn.functional.hardshrink
rms_norm = nn.functional.rms_norm
chalf = None
strided = "torch.strided"
contiguous_format = preserve_format = channels_last = "torch.memory_format"
e, pi, inf, nan = 2.718281828459045, 3.141592653589793, _builtins.float("inf"), \
    _builtins.float("nan")
__version__ = "2.13.0+ivy"


def is_autocast_enabled(*args):
    return False


def set_printoptions(*args, **kwargs):
    pass


class _Cuda:
    @staticmethod
    def is_available():
        return False

    @staticmethod
    def device_count():
        return 0

    @staticmethod
    def manual_seed(seed):
        pass

    manual_seed_all = manual_seed


cuda = _Cuda()


class _Backends:
    class mps:  # noqa: N801
        @staticmethod
        def is_available():
            return False

    class cudnn:  # noqa: N801
        deterministic = True
        benchmark = False


backends = _Backends()


def use_deterministic_algorithms(mode, *, warn_only=False):
    pass


# ---------------------------------------------------------------------- Tensor methods
F = _functions
T = Tensor

# torch.<name>(self, ...) and Tensor.<name>(...) are the same function
METHODS = """abs absolute acos arccos acosh arccosh add addbmm addcdiv addcmul addmm addmv addr
adjoint all allclose amax amin aminmax angle any arcsin asin asinh arcsinh atan arctan atanh
arctanh atan2 arctan2 argmax argmin argsort argwhere baddbmm bincount bitwise_and bitwise_not
bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift bmm broadcast_to ceil cholesky chunk
clamp clip clamp_min clamp_max clone conj conj_physical copysign cos cosh count_nonzero cross
cumsum cumprod deg2rad det diag diag_embed diagflat diagonal diff dist div divide dot eq equal
erf erfc exp exp2 expm1 fix flatten flip fliplr flipud float_power floor floor_divide fmax fmin
fmod frac gather ge greater greater_equal gt heaviside hypot index_add index_copy index_fill
index_select inner inverse isclose isfinite isinf isnan isneginf isposinf isreal kron kthvalue
ldexp le lerp less less_equal log log10 log1p log2 logaddexp logaddexp2 logcumsumexp logdet
logical_and logical_not logical_or logical_xor logit logsumexp lt masked_fill masked_scatter
masked_select matmul matrix_power max maximum mean median min minimum mm moveaxis movedim msort
mul multiply mv nan_to_num nanmean nansum narrow ne neg negative nextafter nonzero norm not_equal
outer ger permute pinverse positive pow prod quantile qr rad2deg reciprocal remainder
repeat_interleave reshape resolve_conj resolve_neg roll rot90 round rsqrt scatter scatter_add
scatter_reduce select sgn sigmoid sign signbit sin sinc sinh slogdet sort split sqrt square
squeeze std sub subtract sum svd swapaxes swapdims t take take_along_dim tan tanh tensor_split
tile topk trace transpose tril triu true_divide trunc unbind unflatten unique unsqueeze var vdot
xlogy bernoulli multinomial is_nonzero hash_tensor""".split()

# in-place variants: the out-of-place result assigned to self (cast to self's dtype, no
# broadcasting of self) as torch's in-place ops
INPLACE = """abs absolute acos arccos acosh arccosh add addbmm addcdiv addcmul addmm addmv addr
asin arcsin asinh arcsinh atan arctan atanh arctanh atan2 arctan2 baddbmm bitwise_and bitwise_not
bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift ceil clamp clip clamp_min clamp_max
copysign cos cosh cumsum cumprod deg2rad div divide eq erf erfc exp exp2 expm1 fix float_power
floor floor_divide fmod frac ge greater greater_equal gt heaviside hypot index_add index_copy
index_fill le lerp less less_equal log log10 log1p log2 logical_and logical_not logical_or
logical_xor logit lt masked_fill masked_scatter mul multiply nan_to_num ne neg negative nextafter
not_equal pow rad2deg reciprocal remainder round rsqrt scatter scatter_add scatter_reduce sgn
sigmoid sign sin sinc sinh sqrt square sub subtract tan tanh tril triu true_divide trunc xlogy
ldexp""".split()
METHODS += """ravel hsplit vsplit dsplit split_with_sizes unsafe_split unsafe_chunk
unsafe_split_with_sizes narrow_copy gcd lcm cummax cummin is_conj is_neg is_signed put renorm
select_scatter slice_scatter index_reduce cov corrcoef histc histogram unique_consecutive
nanmedian frexp diagonal_scatter cholesky_inverse cholesky_solve nanquantile mode""".split()
INPLACE += "gcd lcm renorm index_reduce conj_physical".split()
# special functions (Ivy's ivy.erfinv, ivy.lgamma ...; torch.polygamma(n, x) is Tensor.polygamma(n))
METHODS += "erfinv lgamma digamma i0 igamma igammac mvlgamma matrix_exp geqrf orgqr ormqr".split()
METHODS += ["stft", "istft"]
INPLACE += "erfinv lgamma digamma i0 igamma igammac mvlgamma".split()
# in-place variants that change the shape
INPLACE_SHAPE = "squeeze unsqueeze transpose t swapaxes swapdims".split()


def _method(fn):
    def m(self, *args, **kwargs):
        return fn(self, *args, **kwargs)

    m.__name__ = m.__qualname__ = fn.__name__
    m.__doc__ = f"Tensor.{fn.__name__}: torch.{fn.__name__}(self, ...)"
    return m


def _inplace(name, fn):
    def m(self, *args, **kwargs):
        if name == "float_power" and self.dtype not in (float64, complex128):
            raise RuntimeError(f"the base given to float_power_ has dtype {self.dtype} but the "
                               "operation's result requires dtype Double")
        if name in ("abs", "absolute") and self.dtype.is_complex:
            raise RuntimeError("In-place abs is not supported for complex tensors.")
        r = fn(self, *args, **kwargs)
        if name in ("cumsum", "cumprod"):  # computed in self's dtype
            r = F.clone(r).to(self.dtype)
        return self._assign(r._data, name=name + "_")

    m.__name__ = m.__qualname__ = name + "_"
    return m


def _inplace_shape(name, fn):
    def m(self, *args, **kwargs):
        self._data = fn(self, *args, **kwargs)._data
        return self

    m.__name__ = m.__qualname__ = name + "_"
    return m


for _n in METHODS:
    setattr(T, _n, getattr(F, _n))
for _n in INPLACE:
    setattr(T, _n + "_", _inplace(_n, getattr(F, _n)))
for _n in INPLACE_SHAPE:
    setattr(T, _n + "_", _inplace_shape(_n, getattr(F, _n)))
del _n


def _where_method(self, condition, y):
    return F.where(condition, self, y)


def _view(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtype):
        _not_implemented("Tensor.view(dtype)", "bit reinterpretation")
    return F.reshape(self, *shape)


def _view_as(self, other):
    return F.reshape(self, tuple(other.shape))


def _expand(self, *sizes):
    sizes = _core.size_args(sizes)
    s = tuple(self.shape)
    if len(sizes) < len(s):
        raise RuntimeError(f"expand: the number of sizes provided ({len(sizes)}) must be greater "
                           f"or equal to the number of dimensions in the tensor ({len(s)})")
    lead = len(sizes) - len(s)
    full = []
    for i, v in enumerate(sizes):
        if v == -1:
            if i < lead:
                raise RuntimeError("expand: -1 is not allowed in a leading, non-existing "
                                   "dimension")
            v = s[i - lead]
        elif i >= lead and s[i - lead] not in (1, v):
            raise RuntimeError(f"The expanded size of the tensor ({v}) must match the existing "
                               f"size ({s[i - lead]}) at non-singleton dimension {i}.  Target "
                               f"sizes: {list(sizes)}.  Tensor sizes: {list(s)}")
        full.append(v)
    return F.broadcast_to(self, tuple(full))


def _expand_as(self, other):
    return _expand(self, *tuple(other.shape))


def _repeat(self, *sizes):
    if not sizes:
        raise TypeError("repeat() missing 1 required positional arguments: \"repeats\"")
    sizes = _core.size_args(sizes)
    if len(sizes) < self.ndim:
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number "
                           "of dimensions of tensor")
    return F.tile(self, sizes)


def _to(self, *args, **kwargs):
    dt = kwargs.get("dtype")
    copy = kwargs.get("copy", False)
    for a in args:
        if isinstance(a, dtype):
            dt = a
        elif isinstance(a, Tensor):
            dt = a.dtype
        elif isinstance(a, (str, device)) or a is None:
            dev = device(a) if a is not None else None
            if dev is not None and dev.type != "cpu" and self.device != dev:
                import ivy

                return _wrap(ivy.to_device(self._data, dev.ivy)).to(dt) if dt else \
                    _wrap(ivy.to_device(self._data, dev.ivy))
    if "device" in kwargs and kwargs["device"] is not None:
        dev = device(kwargs["device"])
        if dev != self.device:
            import ivy

            self = _wrap(ivy.to_device(self._data, dev.ivy))
    if dt is None:
        return F.clone(self) if copy else self
    dt = _core.to_dtype(dt)
    if dt is self.dtype and not copy:
        return self
    import ivy

    return _wrap(ivy.astype(self._data, dt.ivy))


def _caster(dt):
    def m(self, memory_format=None):
        return _to(self, dt)

    return m


def _type_as(self, other):
    return _to(self, other.dtype)


def _copy_(self, src, non_blocking=False):
    return self._assign(F.broadcast_to(src if isinstance(src, Tensor) else F.tensor(src),
                                       tuple(self.shape))._data, self.dtype, "copy_")


def _zero_(self):
    import ivy

    self._data = ivy.zeros_like(self._data)
    return self


def _fill_(self, value):
    import ivy

    v = value.item() if isinstance(value, Tensor) else value
    if self.dtype.cat < _core.scalar_dtype(v).cat and not (
            self.dtype.cat == 1 and isinstance(v, _builtins.float)):
        pass
    if self.dtype.cat == 0:
        v = _builtins.bool(v)
    elif self.dtype.cat == 1:
        v = _builtins.int(v)
    self._data = ivy.full_like(self._data, v)
    return self


def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    return nn.init.normal_(self, mean, std, generator)


def _uniform_(self, from_=0.0, to=1.0, *, generator=None):
    return nn.init.uniform_(self, from_, to, generator)


def _random_(self, from_=0, to=None, *, generator=None):
    if to is None:
        from_, to = 0, from_ if from_ else 2 ** 24
    r = F.randint(from_, to, tuple(self.shape), generator=generator)
    return self._assign(r._data.astype if False else F.clone(r).to(self.dtype)._data)


def _bernoulli_(self, p=0.5, *, generator=None):
    return self._assign(F.bernoulli(self, p, generator=generator)._data)


def _exponential_(self, lambd=1.0, *, generator=None):
    u = F.rand(*self.shape, generator=generator, dtype=self.dtype)
    return self._assign((-F.log1p(-u) / lambd)._data)


def _cauchy_(self, median=0.0, sigma=1.0, *, generator=None):
    u = F.rand(*self.shape, generator=generator, dtype=self.dtype)
    return self._assign((F.tan((u - 0.5) * _math.pi) * sigma + median)._data)


def _log_normal_(self, mean=1.0, std=2.0, *, generator=None):
    z = F.randn(*self.shape, generator=generator, dtype=self.dtype)
    return self._assign(F.exp(z * std + mean)._data)


def _geometric_(self, p, *, generator=None):
    """The number of Bernoulli(p) trials up to the first success (1, 2, ...)."""
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    u = F.rand(*self.shape, generator=generator, dtype=float64)
    k = F.ceil(F.log1p(-u) / _math.log1p(-p)).clamp(min=1)
    return self._assign(k.to(self.dtype)._data)


def _new(fn):
    def m(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        return fn(*size, dtype=dtype or self.dtype)

    return m


def _new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
    return F.full(size, fill_value, dtype=dtype or self.dtype)


def _new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
    return F.tensor(data, dtype=dtype or self.dtype)


def _index_put_(self, indices, values, accumulate=False):
    key = tuple(indices)
    if accumulate:
        import ivy

        idx = ivy.broadcast_arrays(*[i._data for i in key])
        k = len(idx)
        upd_shape = tuple(idx[0].shape) + tuple(self.shape[k:])
        coords = ivy.stack([ivy.astype(i, "int64") for i in idx], axis=-1)
        v = values._data if isinstance(values, Tensor) else F.tensor(values)._data
        upd = ivy.broadcast_to(_tensor.cast(v, self.dtype), upd_shape)
        self._data = ivy.scatter_nd(coords, upd, reduction="sum", out=self._data)
    else:
        self[key] = values
    return self


def _index_put(self, indices, values, accumulate=False):
    return _index_put_(F.clone(self), indices, values, accumulate)


def _stride(self, dim=None):
    s = tuple(self.shape)
    st, acc = [], 1
    for v in reversed(s):
        st.append(acc)
        acc *= _builtins.max(v, 1)
    st = tuple(reversed(st))
    return st if dim is None else st[dim]


def _unfold(self, dimension, size, step):
    d = _core.norm_dim(dimension, self.ndim)
    n = self.shape[d] if self.ndim else 1
    count = (n - size) // step + 1
    if size > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    pieces = [F.narrow(self, d, i * step, size).movedim(d, -1) for i in _builtins.range(count)]
    return F.stack(pieces, d)



# as_strided & co.: the tensor is read as its own contiguous storage (row-major, offset 0), what
# torch gives for a contiguous tensor; the frontend keeps no strides, so a torch *view* (e.g. a
# transpose) whose storage differs from its row-major order is read as after ``.contiguous()``.
def _strided_positions(self, size, stride, storage_offset):
    import numpy as _np

    size = tuple(_builtins.int(v) for v in _core.size_args((size,)))
    stride = tuple(_builtins.int(v) for v in _core.size_args((stride,)))
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if _builtins.any(v < 0 for v in stride):
        raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got "
                           f"strides: {list(stride)}")
    if _builtins.any(v < 0 for v in size):
        raise RuntimeError(f"Trying to create tensor with negative dimension: {list(size)}")
    off = 0 if storage_offset is None else _builtins.int(storage_offset)
    if off < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {off}")
    pos = _np.full(size, off, dtype=_np.int64)
    for ax, (n, st) in enumerate(zip(size, stride, strict=True)):
        shp = [1] * len(size)
        shp[ax] = n
        pos = pos + (_np.arange(n, dtype=_np.int64) * st).reshape(shp)
    need = _builtins.int(pos.max()) + 1 if pos.size else 0
    it = self.element_size()
    if need > self.numel():
        raise RuntimeError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage "
                           f"offset {off}, and itemsize {it} requiring a storage size of "
                           f"{need * it} are out of bounds for storage of size "
                           f"{self.numel() * it}")
    return size, pos


def _as_strided(self, size, stride, storage_offset=None):
    import ivy

    size, pos = _strided_positions(self, size, stride, storage_offset)
    flat = ivy.reshape(self._data, (-1,))
    idx = ivy.backend_of(flat).asarray(pos)
    return _wrap(ivy.reshape(ivy.take(flat, ivy.reshape(idx, (-1,)), axis=0), size))


def _as_strided_(self, size, stride, storage_offset=None):
    self._data = _as_strided(self, size, stride, storage_offset)._data
    return self


def _as_strided_scatter(self, src, size, stride, storage_offset=None):
    import ivy

    size, pos = _strided_positions(self, size, stride, storage_offset)
    if tuple(src.shape) != size:
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(size)}")
    flat_pos = pos.reshape(-1)
    if len(set(flat_pos.tolist())) != flat_pos.size:
        raise RuntimeError("unsupported operation: more than one element of the written-to "
                           "tensor refers to a single memory location. Please clone() the tensor "
                           "before performing the operation.")
    d = self._data
    flat = ivy.reshape(d, (-1,))
    idx = ivy.backend_of(flat).asarray(flat_pos.reshape(-1, 1))
    vals = ivy.reshape(_tensor.cast(src._data, self.dtype), (-1,))
    r = ivy.scatter_nd(idx, vals, (flat.shape[0],), reduction="replace", out=flat)
    return _wrap(ivy.reshape(r, tuple(d.shape)))


def _resize_as(self, tensor):
    size = tuple(tensor.shape)
    n = 1
    for v in size:
        n *= v
    if n != self.numel():
        raise RuntimeError(f"requested resize to {'x'.join(map(str, size))} ({n} elements in "
                           f"total), but the given tensor has a size of "
                           f"{'x'.join(map(str, self.shape))} ({self.numel()} elements). "
                           "autograd's resize can only change the shape of a given tensor, while "
                           "preserving the number of elements. ")
    if not size:  # torch's Resize calls view(*size): view() of no sizes raises
        raise TypeError("view() received an invalid combination of arguments - got (), but "
                        "expected one of: (torch.dtype dtype), (tuple of ints size)")
    return F.reshape(self, size)

def _as_subclass(self, cls):
    """Tensor.as_subclass: an instance of ``cls`` (a subclass of Tensor) on the same data. Results
    of operations on it are plain Tensors (the frontend has no ``__torch_function__`` dispatch)
    and, as for every view here, later in-place updates of one are not seen by the other."""
    if not isinstance(cls, type):
        raise TypeError(f"cls must be a type (got {type(cls).__name__})")
    if not issubclass(cls, Tensor):
        raise TypeError("Creating a Tensor subclass from a class that does not inherit from "
                        "Tensor is not possible. Make sure your class inherits from Tensor.")
    t = object.__new__(cls)
    t._data = self._data
    return t


def _slice_inverse(self, src, dim=0, start=None, end=None, step=1):
    """Tensor.slice_inverse: ATen's ``self.as_strided(src.size(), src.stride(),
    src.storage_offset())`` (``dim``/``start``/``end``/``step`` are not used by it); a frontend
    ``src`` is contiguous at offset 0, so this reads ``self``'s row-major storage."""
    if not isinstance(src, Tensor):
        raise TypeError(f"slice_inverse(): argument 'src' must be Tensor, not "
                        f"{type(src).__name__}")
    return _as_strided(self, tuple(src.shape), _stride(src), 0)


def _softmax_m(self, dim, dtype=None):
    return nn.functional.softmax(self, dim, dtype=dtype)


def _log_softmax_m(self, dim, dtype=None):
    return nn.functional.log_softmax(self, dim, dtype=dtype)


def _polygamma_m(self, n):
    return F.polygamma(n, self)


def _polygamma_(self, n):
    return self._assign(F.polygamma(n, self)._data, name="polygamma_")


def _relu_m(self):
    return nn.functional.relu(self)


def _relu_(self):
    return self._assign(nn.functional.relu(self)._data)


def _sum_to_size(self, *size):
    size = _core.size_args(size)
    r = self
    lead = r.ndim - len(size)
    if lead:
        r = r.sum(tuple(_builtins.range(lead)))
    dims = tuple(i for i, s in enumerate(size) if s == 1 and r.shape[i] != 1)
    return r.sum(dims, keepdim=True) if dims else r


def _cuda(self, *args, **kwargs):
    _not_implemented("Tensor.cuda", "set the Ivy backend and device instead")


def _apply_(self, fn):
    _not_implemented("Tensor.apply_", "a Python callable per element")


_SPECIAL = {
    "where": _where_method, "view": _view, "view_as": _view_as, "reshape_as": _view_as,
    "expand": _expand, "expand_as": _expand_as, "repeat": _repeat, "to": _to,
    "float": _caster(float32), "double": _caster(float64), "half": _caster(float16),
    "bfloat16": _caster(bfloat16), "int": _caster(int32), "long": _caster(int64),
    "short": _caster(int16), "char": _caster(int8), "byte": _caster(uint8), "bool": _caster(bool),
    "cfloat": _caster(complex64), "cdouble": _caster(complex128), "type_as": _type_as,
    "cpu": lambda self, memory_format=None: self, "cuda": _cuda, "copy_": _copy_,
    "zero_": _zero_, "fill_": _fill_, "normal_": _normal_, "uniform_": _uniform_,
    "random_": _random_, "bernoulli_": _bernoulli_, "exponential_": _exponential_,
    "cauchy_": _cauchy_, "log_normal_": _log_normal_, "geometric_": _geometric_,
    "new_zeros": _new(F.zeros), "new_ones": _new(F.ones), "new_empty": _new(F.empty),
    "new_full": _new_full, "new_tensor": _new_tensor, "index_put_": _index_put_,
    "index_put": _index_put, "stride": _stride, "storage_offset": lambda self: 0,
    "as_strided": _as_strided, "as_strided_": _as_strided_,
    "as_strided_scatter": _as_strided_scatter, "resize_as": _resize_as,
    "as_subclass": _as_subclass, "slice_inverse": _slice_inverse,
    "unfold": _unfold, "softmax": _softmax_m, "log_softmax": _log_softmax_m, "relu": _relu_m,
    "relu_": _relu_, "sum_to_size": _sum_to_size, "pin_memory": lambda self, *a: self,
    "share_memory_": lambda self: self, "apply_": _apply_,
    "is_shared": lambda self: False, "is_pinned": lambda self, *a: False,
    "data_ptr": lambda self: id(self._data),
    "new_empty_strided": lambda self, size, stride, *, dtype=None, device=None,
    requires_grad=False, **kw: F.empty(size, dtype=dtype or self.dtype),
    "put_": F._put_, "fill_diagonal_": F._fill_diagonal_, "hardshrink": lambda self, lambd=0.5: nn.functional.hardshrink(self, lambd),
    "prelu": lambda self, weight: nn.functional.prelu(self, weight),
    "polygamma": _polygamma_m, "polygamma_": _polygamma_,
    # the method passes its flags by keyword (torch's Tensor.unique_consecutive does)
    "unique_consecutive": lambda self, return_inverse=False, return_counts=False, dim=None:
    F.unique_consecutive(self, return_inverse=return_inverse, return_counts=return_counts,
                         dim=dim),
}
for _n, _f in _SPECIAL.items():
    setattr(T, _n, _f)
del _n, _f



# torch.<name>_(input, ...): the namespace spelling of the in-place method Tensor.<name>_
def _ns_inplace(name):
    def f(input, *args, **kwargs):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}(): argument 'input' must be Tensor, not "
                            f"{type(input).__name__}")
        return getattr(input, name)(*args, **kwargs)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"torch.{name}(input, ...): input.{name}(...)"
    return f


NS_INPLACE = """abs acos acosh arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh
ceil clamp clip cos cosh deg2rad erf erfc exp exp2 expm1 fix floor frac ldexp log log10 log1p log2
logit nan_to_num neg negative rad2deg reciprocal round rsqrt sin sinc sinh sqrt square tan trunc
xlogy zero fill gcd lcm relu sigmoid tanh""".split()
# NS_INPLACE and INPLACE names that Tensor has as <name>_ methods
abs_ = _ns_inplace("abs_")
absolute_ = _ns_inplace("absolute_")
acos_ = _ns_inplace("acos_")
acosh_ = _ns_inplace("acosh_")
add_ = _ns_inplace("add_")
addbmm_ = _ns_inplace("addbmm_")
addcdiv_ = _ns_inplace("addcdiv_")
addcmul_ = _ns_inplace("addcmul_")
addmm_ = _ns_inplace("addmm_")
addmv_ = _ns_inplace("addmv_")
addr_ = _ns_inplace("addr_")
arccos_ = _ns_inplace("arccos_")
arccosh_ = _ns_inplace("arccosh_")
arcsin_ = _ns_inplace("arcsin_")
arcsinh_ = _ns_inplace("arcsinh_")
arctan2_ = _ns_inplace("arctan2_")
arctan_ = _ns_inplace("arctan_")
arctanh_ = _ns_inplace("arctanh_")
asin_ = _ns_inplace("asin_")
asinh_ = _ns_inplace("asinh_")
atan2_ = _ns_inplace("atan2_")
atan_ = _ns_inplace("atan_")
atanh_ = _ns_inplace("atanh_")
baddbmm_ = _ns_inplace("baddbmm_")
bitwise_and_ = _ns_inplace("bitwise_and_")
bitwise_left_shift_ = _ns_inplace("bitwise_left_shift_")
bitwise_not_ = _ns_inplace("bitwise_not_")
bitwise_or_ = _ns_inplace("bitwise_or_")
bitwise_right_shift_ = _ns_inplace("bitwise_right_shift_")
bitwise_xor_ = _ns_inplace("bitwise_xor_")
ceil_ = _ns_inplace("ceil_")
clamp_ = _ns_inplace("clamp_")
clamp_max_ = _ns_inplace("clamp_max_")
clamp_min_ = _ns_inplace("clamp_min_")
clip_ = _ns_inplace("clip_")
conj_physical_ = _ns_inplace("conj_physical_")
copysign_ = _ns_inplace("copysign_")
cos_ = _ns_inplace("cos_")
cosh_ = _ns_inplace("cosh_")
cumprod_ = _ns_inplace("cumprod_")
cumsum_ = _ns_inplace("cumsum_")
deg2rad_ = _ns_inplace("deg2rad_")
digamma_ = _ns_inplace("digamma_")
div_ = _ns_inplace("div_")
divide_ = _ns_inplace("divide_")
eq_ = _ns_inplace("eq_")
erf_ = _ns_inplace("erf_")
erfc_ = _ns_inplace("erfc_")
erfinv_ = _ns_inplace("erfinv_")
exp2_ = _ns_inplace("exp2_")
exp_ = _ns_inplace("exp_")
expm1_ = _ns_inplace("expm1_")
fill_ = _ns_inplace("fill_")
fix_ = _ns_inplace("fix_")
float_power_ = _ns_inplace("float_power_")
floor_ = _ns_inplace("floor_")
floor_divide_ = _ns_inplace("floor_divide_")
fmod_ = _ns_inplace("fmod_")
frac_ = _ns_inplace("frac_")
gcd_ = _ns_inplace("gcd_")
ge_ = _ns_inplace("ge_")
greater_ = _ns_inplace("greater_")
greater_equal_ = _ns_inplace("greater_equal_")
gt_ = _ns_inplace("gt_")
heaviside_ = _ns_inplace("heaviside_")
hypot_ = _ns_inplace("hypot_")
i0_ = _ns_inplace("i0_")
igamma_ = _ns_inplace("igamma_")
igammac_ = _ns_inplace("igammac_")
index_add_ = _ns_inplace("index_add_")
index_copy_ = _ns_inplace("index_copy_")
index_fill_ = _ns_inplace("index_fill_")
index_reduce_ = _ns_inplace("index_reduce_")
lcm_ = _ns_inplace("lcm_")
ldexp_ = _ns_inplace("ldexp_")
le_ = _ns_inplace("le_")
lerp_ = _ns_inplace("lerp_")
less_ = _ns_inplace("less_")
less_equal_ = _ns_inplace("less_equal_")
lgamma_ = _ns_inplace("lgamma_")
log10_ = _ns_inplace("log10_")
log1p_ = _ns_inplace("log1p_")
log2_ = _ns_inplace("log2_")
log_ = _ns_inplace("log_")
logical_and_ = _ns_inplace("logical_and_")
logical_not_ = _ns_inplace("logical_not_")
logical_or_ = _ns_inplace("logical_or_")
logical_xor_ = _ns_inplace("logical_xor_")
logit_ = _ns_inplace("logit_")
lt_ = _ns_inplace("lt_")
masked_fill_ = _ns_inplace("masked_fill_")
masked_scatter_ = _ns_inplace("masked_scatter_")
mul_ = _ns_inplace("mul_")
multiply_ = _ns_inplace("multiply_")
mvlgamma_ = _ns_inplace("mvlgamma_")
nan_to_num_ = _ns_inplace("nan_to_num_")
ne_ = _ns_inplace("ne_")
neg_ = _ns_inplace("neg_")
negative_ = _ns_inplace("negative_")
nextafter_ = _ns_inplace("nextafter_")
not_equal_ = _ns_inplace("not_equal_")
pow_ = _ns_inplace("pow_")
rad2deg_ = _ns_inplace("rad2deg_")
reciprocal_ = _ns_inplace("reciprocal_")
relu_ = _ns_inplace("relu_")
remainder_ = _ns_inplace("remainder_")
renorm_ = _ns_inplace("renorm_")
round_ = _ns_inplace("round_")
rsqrt_ = _ns_inplace("rsqrt_")
scatter_ = _ns_inplace("scatter_")
scatter_add_ = _ns_inplace("scatter_add_")
scatter_reduce_ = _ns_inplace("scatter_reduce_")
sgn_ = _ns_inplace("sgn_")
sigmoid_ = _ns_inplace("sigmoid_")
sign_ = _ns_inplace("sign_")
sin_ = _ns_inplace("sin_")
sinc_ = _ns_inplace("sinc_")
sinh_ = _ns_inplace("sinh_")
sqrt_ = _ns_inplace("sqrt_")
square_ = _ns_inplace("square_")
sub_ = _ns_inplace("sub_")
subtract_ = _ns_inplace("subtract_")
tan_ = _ns_inplace("tan_")
tanh_ = _ns_inplace("tanh_")
tril_ = _ns_inplace("tril_")
triu_ = _ns_inplace("triu_")
true_divide_ = _ns_inplace("true_divide_")
trunc_ = _ns_inplace("trunc_")
xlogy_ = _ns_inplace("xlogy_")
zero_ = _ns_inplace("zero_")


def fill(input, value):
    """torch.fill: a new tensor of input's shape and dtype filled with ``value``."""
    return _fill_(F.clone(input), value)

