"""``torch.*`` functions as compositions of ``ivy.*`` calls on native arrays.

Each function takes frontend Tensors (and Python scalars where torch does), applies torch's rules
(promotion, ``dim``/``keepdim``, integer inputs of float functions become the default float dtype)
and returns frontend Tensors. Every one is also a Tensor method where torch has one (see
``__init__``).
"""

from __future__ import annotations

import builtins
import math
import types
from collections import namedtuple

import numpy as np

import ivy

from ...tracer.errors import TraceError
from . import _core
from ._core import CAT as _CAT
from ._core import (
    as_tuple,
    dtype_of,
    get_default_dtype,
    norm_dim,
    not_implemented,
    promote_types,
    result_type,
    size_args,
    to_dtype,
)
from ._tensor import Size, Tensor, binary, cast, creation_backend, like, operand, wrap
from ._tensor import c_op as _c_op

_bool, _int, _float, _abs, _max, _min, _sum, _range = (builtins.bool, builtins.int, builtins.float,
                                                       builtins.abs, builtins.max, builtins.min,
                                                       builtins.sum, builtins.range)


_FROM_NATIVE = _core._FROM_NATIVE  # native dtype -> frontend dtype, as seen so far

# Fast paths. The hot functions start with a guard for the common cases (Tensor arguments of one
# native dtype, or a float tensor with a Python int/float; no ``out=``) under which torch's
# promotion is the identity, and then make exactly the ``ivy.*`` call the general path below makes
# for those arguments, with ``wrap`` inlined (``_PLAIN``/``_plain``). ``_CAT.get(x.dtype)`` is the
# category of a native dtype already seen (None otherwise: the general path, which records it).
_ivy_add, _ivy_sub, _ivy_mul, _ivy_div = ivy.add, ivy.subtract, ivy.multiply, ivy.divide
# The same fast paths in C (_tensor.c_op, _fast.c): ``f._c_op = (ivy_fn, nargs, tensor categories,
# scalar categories)`` marks a function whose Python fast path is exactly that (bit sets of
# categories); ``_install_c_ops`` at the end of this module replaces it (and its aliases).
_BOOL, _INT, _FLOAT, _COMPLEX = 1, 2, 4, 8
_FLOATING, _ANY = _FLOAT | _COMPLEX, 15


class return_types:  # noqa: N801 - torch.return_types
    max = namedtuple("max", ["values", "indices"])
    min = namedtuple("min", ["values", "indices"])
    sort = namedtuple("sort", ["values", "indices"])
    topk = namedtuple("topk", ["values", "indices"])
    kthvalue = namedtuple("kthvalue", ["values", "indices"])
    median = namedtuple("median", ["values", "indices"])
    aminmax = namedtuple("aminmax", ["min", "max"])
    histogram = namedtuple("histogram", ["hist", "bin_edges"])
    histogramdd = namedtuple("histogramdd", ["hist", "bin_edges"])
    frexp = namedtuple("frexp", ["mantissa", "exponent"])
    mode = namedtuple("mode", ["values", "indices"])
    cummax = namedtuple("cummax", ["values", "indices"])
    cummin = namedtuple("cummin", ["values", "indices"])
    slogdet = namedtuple("slogdet", ["sign", "logabsdet"])
    qr = namedtuple("qr", ["Q", "R"])
    svd = namedtuple("svd", ["U", "S", "V"])
    std_mean = namedtuple("std_mean", ["std", "mean"])
    var_mean = namedtuple("var_mean", ["var", "mean"])


def _out(r: Tensor, out):
    """torch's ``out=``: the result written into ``out`` (cast to its dtype when allowed)."""
    if out is None:
        return r
    if not _core.can_cast(r.dtype, out.dtype):
        raise RuntimeError(f"result type {r.dtype} can't be cast to the desired output type "
                           f"{out.dtype}")
    out._data = cast(r._data, out.dtype)
    return out


def _t(x) -> Tensor:
    if isinstance(x, Tensor):
        return x
    return tensor(x)


def _d(x):
    """Native data of a Tensor (or of a scalar/list made a tensor)."""
    return x._data if isinstance(x, Tensor) else tensor(x)._data


def _floatify(x):
    """Native ``x`` as float (integer/bool inputs -> the default float dtype)."""
    return x if dtype_of(x).cat >= 2 else ivy.astype(x, get_default_dtype().ivy)


def _shape(x):
    return tuple(x.shape)


def _dims(dim, ndim):
    if dim.__class__ is _int and -ndim <= dim < ndim:  # one int dim of a >= 1-D tensor
        return dim % ndim
    if dim is None:
        return None
    if ndim == 0:  # torch accepts dim 0/-1 on 0-d tensors: nothing to reduce
        for d in (dim if isinstance(dim, (list, tuple)) else (dim,)):
            norm_dim(_int(d), 0)
        return None
    if isinstance(dim, (list, tuple)):
        return tuple(norm_dim(_int(d), ndim) for d in dim) if len(dim) else None
    return norm_dim(_int(dim), ndim)


# ------------------------------------------------------------------------------- creation

def _creation_dtype(data_dtype, dtype):
    return to_dtype(dtype) if dtype is not None else data_dtype


def _infer_dtype(data):
    """torch.tensor's dtype for Python data: bool < int64 < default float < default complex."""
    cat = [-1]

    def walk(v):
        if isinstance(v, (list, tuple)):
            for e in v:
                walk(e)
        elif isinstance(v, Tensor):
            cat[0] = _max(cat[0], 10 + v.dtype.cat)
            cat.append(v.dtype)
        else:
            cat[0] = _max(cat[0], _core.scalar_dtype(v).cat)

    walk(data)
    c = cat[0]
    if c >= 10:
        return cat[-1]
    return {-1: get_default_dtype(), 0: _core.bool, 1: _core.int64, 2: get_default_dtype(),
            3: _core.default_complex()}[c]


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """torch.tensor: always a copy; dtype inferred as torch does."""
    B = creation_backend()
    if isinstance(data, Tensor):
        dt = _creation_dtype(data.dtype, dtype)
        r = wrap(ivy.astype(data._data, dt.ivy, copy=True))
    elif isinstance(data, np.ndarray) or isinstance(data, np.generic):
        a = np.asarray(data)
        dt = _creation_dtype(_core.to_dtype(a.dtype), dtype)
        r = wrap(B.asarray(np.array(a, copy=True), dtype=dt.ivy))
    elif hasattr(data, "__array__") and not isinstance(data, (list, tuple)):
        return tensor(np.asarray(data), dtype=dtype, device=device, requires_grad=requires_grad)
    else:
        if isinstance(data, (list, tuple)) and builtins.any(isinstance(e, Tensor) for e in data):
            data = [e.tolist() if isinstance(e, Tensor) else e for e in data]
            dt = _creation_dtype(_infer_dtype(data), dtype)
        else:
            dt = _creation_dtype(_infer_dtype(data), dtype)
        a = np.array(data, dtype=dt.ivy.dtype if dt.name != "bfloat16" else np.float32)
        r = wrap(B.asarray(a, dtype=dt.ivy))
    if device is not None:
        r = r.to(device)
    if requires_grad:
        r._requires_grad = True
    return r


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        return data if dtype is None else data.to(dtype)
    if isinstance(data, np.ndarray):
        dt = _creation_dtype(_core.to_dtype(data.dtype), dtype)
        return wrap(creation_backend().asarray(data, dtype=dt.ivy))
    return tensor(data, dtype=dtype, device=device)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    if copy:
        return tensor(obj, dtype=dtype, device=device, requires_grad=requires_grad)
    return as_tensor(obj, dtype=dtype, device=device)


def from_numpy(ndarray):
    """Shares memory on the NumPy backend (as torch does); a conversion on other backends."""
    return wrap(creation_backend().asarray(ndarray))


def scalar_tensor(s, *, dtype=None, device=None, requires_grad=False):
    return tensor(s, dtype=dtype or get_default_dtype(), device=device)


def _fill(fn, size, dtype, device, *extra):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return wrap(fn(size_args(size), *extra, dtype=dt.ivy, device=_dev(device))._data)


def _dev(device):
    if device is None:
        return None
    from ._tensor import _ivy_device

    return _ivy_device(device)


def zeros(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False):
    return _out(_fill(ivy.zeros, size, dtype, device), out)


def ones(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False):
    return _out(_fill(ivy.ones, size, dtype, device), out)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    """torch.empty_strided: an uninitialised tensor in torch (zeros here; strides are not kept:
    Ivy arrays have no user-visible strides)."""
    return _fill(ivy.zeros, tuple(size), dtype, device)


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None,
                   requires_grad=False, pin_memory=False):
    """torch.empty_permuted: an uninitialised tensor of ``size`` (zeros here; the physical
    layout is not kept)."""
    size, perm = tuple(size), tuple(physical_layout)
    if sorted(perm) != list(builtins.range(len(size))):
        raise RuntimeError("Number of dimensions in size does not match the length of the "
                           "physical_layout")
    return _fill(ivy.zeros, size, dtype, device)


def empty(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False, memory_format=None):
    return _out(_fill(ivy.zeros, size, dtype, device), out)  # zeros: deterministic contents


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None,
         requires_grad=False):
    if dtype is None:
        dtype = _core.scalar_dtype(fill_value.item() if isinstance(fill_value, Tensor)
                                   else fill_value)
    fv = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    dt = to_dtype(dtype)
    return _out(wrap(ivy.full(size_args((size,)), fv, dtype=dt.ivy, device=_dev(device))._data),
                out)


def _like(fn, input, dtype, *extra):
    dt = to_dtype(dtype) if dtype is not None else input.dtype
    return wrap(fn(input._data, *extra, dtype=dt.ivy))


def zeros_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like(ivy.zeros_like, input, dtype)


def ones_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like(ivy.ones_like, input, dtype)


def empty_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like(ivy.zeros_like, input, dtype)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like(ivy.full_like, input, dtype, fill_value)


def arange(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
           requires_grad=False):
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    start, end, step = vals
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if dtype is None:
        dt = _int64 if builtins.all(isinstance(v, (_int, np.integer)) for v in vals if v is not None) \
            else get_default_dtype()
    else:
        dt = to_dtype(dtype)
    if (end - start) / step < 0 and not math.isclose(end, start):
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    n = _max(0, math.ceil((end - start) / step))
    if dt.cat == 1:
        # torch computes in the dtype's accumulation type: ints step exactly
        r = ivy.arange(0, n, 1, dtype=dt.ivy, device=_dev(device))._data
        return _out(wrap(ivy.add(ivy.multiply(r, _int(step)), _int(start))) if (step, start)
                    != (1, 0) else wrap(r), out)
    r = ivy.arange(0, n, 1, dtype="float64", device=_dev(device))._data
    r = ivy.add(ivy.multiply(r, _float(step)), _float(start))
    return _out(wrap(ivy.astype(r, dt.ivy)), out)


def range(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,  # noqa
          requires_grad=False):
    if end is None:
        start, end = 0, start
    n = _int(math.floor((end - start) / step)) + 1
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    r = ivy.arange(0, n, 1, dtype="float64", device=_dev(device))._data
    return _out(wrap(ivy.astype(ivy.add(ivy.multiply(r, _float(step)), _float(start)), dt.ivy)),
                out)


def linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    start = start.item() if isinstance(start, Tensor) else start
    end = end.item() if isinstance(end, Tensor) else end
    steps = _int(steps)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    work = "complex128" if dt.cat == 3 else "float64"
    r = ivy.linspace(start, end, steps, dtype=work, device=_dev(device))._data
    if steps > 1 and dt.cat < 3:
        # torch fills the second half backwards from `end` (symmetric rounding)
        i = ivy.arange(0, steps, 1, dtype="float64")._data
        stepv = (end - start) / (steps - 1)
        half = steps // 2
        r = ivy.where(ivy.less(i, half), ivy.add(ivy.multiply(i, stepv), start),
                      ivy.subtract(end, ivy.multiply(ivy.subtract(steps - 1, i), stepv)))
    if dt.cat == 1:
        r = ivy.trunc(r)
    return _out(wrap(ivy.astype(r, dt.ivy)), out)


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    e = linspace(start, end, steps, dtype=float64)._data
    return _out(wrap(ivy.astype(ivy.pow(_float(base), e), dt.ivy)), out)


def eye(n, m=None, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.eye(_int(n), None if m is None else _int(m), dtype=dt.ivy,
                             device=_dev(device))._data), out)


def complex(real, imag, *, out=None):  # noqa: A001
    r, i = real._data, imag._data
    if dtype_of(r) is not dtype_of(i) or dtype_of(r).cat != 2 or dtype_of(r) is _core.bfloat16:
        raise RuntimeError("Expected both inputs to be Half, Float or Double tensors but got "
                           f"{dtype_of(r)} and {dtype_of(i)}")
    ct = dtype_of(r).to_complex()
    r, i = ivy.broadcast_arrays(r, i)
    return _out(wrap(ivy.add(ivy.astype(r, ct.ivy), ivy.multiply(ivy.astype(i, ct.ivy), 1j))),
                out)


def polar(abs, angle, *, out=None):  # noqa: A002
    return complex(abs * cos(angle), abs * sin(angle), out=out)


def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return tuple(wrap(g) for g in ivy.meshgrid(*[t._data for t in tensors], indexing=indexing))


def detach(input):
    """The same values, cut from the gradient (``ivy.stop_gradient``), as ``Tensor.detach``."""
    return _t(input).detach()


def clone(input, *, memory_format=None):
    return wrap(ivy.astype(input._data, input.dtype.ivy, copy=True))


# ------------------------------------------------------------------------------ randomness

class Generator:
    """torch.Generator: a seed and a counter; each draw uses seed ``hash(seed, counter)`` for
    Ivy's ``seed=`` argument, so draws repeat after ``manual_seed`` but are not torch's stream."""

    def __init__(self, device="cpu"):
        self._seed = 67280421310721
        self._count = 0
        self.device = device

    def manual_seed(self, seed):
        self._seed = _int(seed)
        self._count = 0
        return self

    def seed(self):
        import random as _random

        self.manual_seed(_random.getrandbits(63))
        return self._seed

    def initial_seed(self):
        return self._seed

    def next_seed(self) -> int:
        self._count += 1
        return (self._seed * 1000003 + self._count * 7919) % (2 ** 31 - 1)

    def get_state(self):
        return tensor([self._seed, self._count], dtype=_int64)

    def set_state(self, state):
        self._seed, self._count = (_int(v) for v in state.tolist())


default_generator = Generator()


def manual_seed(seed):
    return default_generator.manual_seed(seed)


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


def _gen(generator):
    return (generator or default_generator).next_seed()


def rand(*size, generator=None, out=None, dtype=None, layout=None, device=None,
         requires_grad=False, pin_memory=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.random_uniform(shape=size_args(size), dtype=dt.ivy, seed=_gen(generator),
                                        device=_dev(device))._data), out)


def randn(*size, generator=None, out=None, dtype=None, layout=None, device=None,
          requires_grad=False, pin_memory=False):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.random_normal(shape=size_args(size), dtype=dt.ivy, seed=_gen(generator),
                                       device=_dev(device))._data), out)


def randint(low=0, high=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
            device=None, requires_grad=False):
    if size is None:
        low, high, size = 0, low, high
    dt = to_dtype(dtype) if dtype is not None else _int64
    return _out(wrap(ivy.randint(_int(low), _int(high), shape=size_args((size,)), dtype=dt.ivy,
                                 seed=_gen(generator), device=_dev(device))._data), out)


def randperm(n, *, generator=None, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dt = to_dtype(dtype) if dtype is not None else _int64
    r = ivy.arange(0, _int(n), 1, dtype=dt.ivy)._data
    return _out(wrap(ivy.shuffle(r, seed=_gen(generator))), out)


def rand_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return rand(*input.shape, dtype=dtype or input.dtype)


def randn_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return randn(*input.shape, dtype=dtype or input.dtype)


def randint_like(input, low=0, high=None, *, dtype=None, layout=None, device=None,
                 requires_grad=False, memory_format=None):
    if high is None:
        low, high = 0, low
    return randint(low, high, tuple(input.shape), dtype=dtype or input.dtype)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, **kw):
    if size is not None:
        return _out(randn(*size_args((size,)), generator=generator, dtype=dtype) * std + mean,
                    out)
    shape = ivy.broadcast_shapes(*[tuple(v.shape) for v in (mean, std) if isinstance(v, Tensor)])
    ref = mean if isinstance(mean, Tensor) else std
    z = randn(*shape, generator=generator, dtype=ref.dtype)
    return _out(z * std + mean, out)


def bernoulli(input, p=None, *, generator=None, out=None):
    probs = input._data if p is None else ivy.full_like(input._data, p)
    r = ivy.bernoulli(_floatify(probs), seed=_gen(generator))
    return _out(wrap(ivy.astype(r, input.dtype.ivy)), out)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    return _out(wrap(ivy.astype(ivy.multinomial(input._data, _int(num_samples),
                                                replace=replacement, seed=_gen(generator)),
                                "int64")), out)


# Poisson and binomial sampling: ATen's algorithms (sample_poisson: product of uniforms below
# rate 10, Hoermann's PTRS rejection above; sample_binomial: the geometric-gap inversion below
# count * min(p, 1-p) = 10, Hoermann's BTRS above), vectorised: every element draws its
# uniforms each round until it is accepted (a Python loop on concrete values). The uniforms are
# the frontend's seeded stream, so the numbers differ from torch's; the distribution is the same.
def _uniform64(shape, generator):
    return ivy.random_uniform(shape=shape, dtype="float64", seed=_gen(generator))


def _transformed_rejection(shape, generator, a, b, vr, shift):
    """One round of Hoermann's transformed rejection, the draw PTRS (Poisson) and BTRS
    (binomial) share, as ATen draws it: U - 0.5 then V, ``us = 0.5 - |U|``, the candidate
    ``k = floor((2a / us + b) U + shift)``, the quick acceptance ``us >= 0.07 and V <= vr``, and
    the hat's denominator ``a / us^2 + b``. Returns ``(V, us, k, quick, hat)``."""
    U = ivy.subtract(_uniform64(shape, generator), 0.5)
    V = _uniform64(shape, generator)
    us = ivy.subtract(0.5, ivy.abs(U))
    k = ivy.floor(ivy.add(ivy.multiply(ivy.add(ivy.divide(ivy.multiply(a, 2.0), us), b), U),
                          shift))
    quick = ivy.logical_and(ivy.greater_equal(us, 0.07), ivy.less_equal(V, vr))
    return V, us, k, quick, ivy.add(ivy.divide(a, ivy.multiply(us, us)), b)


def _rounds(active):
    return bool(ivy.any(active))


def _sample_name(x, what):
    from ._tensor import _TORCH_NAMES

    n = dtype_of(x).name
    if dtype_of(x).cat != 2:
        raise RuntimeError(f'"{what}" not implemented for \'{_TORCH_NAMES.get(n, n)}\'')
    return n


def poisson(input, generator=None):
    x = input._data
    name = _sample_name(x, "poisson_cpu")
    lam = ivy.astype(x, "float64")
    if bool(ivy.any(ivy.logical_not(ivy.greater_equal(lam, 0.0)))):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    if bool(ivy.any(ivy.greater_equal(lam, 2.0 ** 62))):
        not_implemented("torch.poisson with a rate >= 2**62",
                        "torch returns an int64 overflow value there")
    shape = tuple(x.shape)
    res = ivy.zeros_like(lam)
    # rate < 10: count uniforms until their product drops to exp(-rate)
    small = ivy.logical_and(ivy.greater(lam, 0.0), ivy.less(lam, 10.0))
    enlam = ivy.exp(ivy.negative(lam))
    prod = ivy.ones_like(lam)
    active = small
    while _rounds(active):
        prod = ivy.multiply(prod, _uniform64(shape, generator))
        inc = ivy.logical_and(active, ivy.greater(prod, enlam))
        res = ivy.where(inc, ivy.add(res, 1.0), res)
        active = inc
    # rate >= 10: PTRS
    big = ivy.greater_equal(lam, 10.0)
    lb = ivy.where(big, lam, ivy.full_like(lam, 10.0))
    slam, loglam = ivy.sqrt(lb), ivy.log(lb)
    b = ivy.add(ivy.multiply(slam, 2.53), 0.931)
    a = ivy.add(ivy.multiply(b, 0.02483), -0.059)
    invalpha = ivy.add(ivy.divide(1.1328, ivy.subtract(b, 3.4)), 1.1239)
    vr = ivy.subtract(0.9277, ivy.divide(3.6224, ivy.subtract(b, 2.0)))
    active = big
    while _rounds(active):
        V, us, k, quick, hat = _transformed_rejection(shape, generator, a, b, vr,
                                                      ivy.add(lb, 0.43))
        skip = ivy.logical_or(ivy.less(k, 0.0), ivy.logical_and(ivy.less(us, 0.013),
                                                                 ivy.greater(V, us)))
        lhs = ivy.subtract(ivy.add(ivy.log(V), ivy.log(invalpha)), ivy.log(hat))
        kk = ivy.maximum(k, ivy.zeros_like(k))
        rhs = ivy.subtract(ivy.add(ivy.negative(lb), ivy.multiply(kk, loglam)),
                           ivy.lgamma(ivy.add(kk, 1.0)))
        ok = ivy.logical_and(active, ivy.logical_or(quick, ivy.logical_and(
            ivy.logical_not(skip), ivy.less_equal(lhs, rhs))))
        res = ivy.where(ok, k, res)
        active = ivy.logical_and(active, ivy.logical_not(ok))
    return wrap(ivy.astype(res, name))


_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287)


def _stirling_tail(k):
    kp1 = ivy.add(k, 1.0)
    kp1sq = ivy.multiply(kp1, kp1)
    r = ivy.divide(ivy.subtract(1.0 / 12, ivy.divide(ivy.subtract(1.0 / 360, ivy.divide(
        1.0 / 1260, kp1sq)), kp1sq)), kp1)
    for i, v in enumerate(_STIRLING_TAIL):
        r = ivy.where(ivy.equal(k, float(i)), ivy.full_like(r, v), r)
    return r


def binomial(count, prob, generator=None):
    if not isinstance(count, Tensor) or not isinstance(prob, Tensor):
        raise TypeError("binomial(): argument 'count' and 'prob' must be Tensor")
    c0 = count._data
    if dtype_of(c0).cat != 2:
        from ._tensor import _TORCH_NAMES

        n = dtype_of(c0).name
        raise RuntimeError(f"binomial only supports floating-point dtypes for count, got: "
                           f"{_TORCH_NAMES.get(n, n)}")
    name = _sample_name(c0, "binomial_cpu")
    if count.dtype is not prob.dtype:
        raise RuntimeError(f"expected scalar type {count.dtype} but found {prob.dtype}")
    cnt, p = ivy.broadcast_arrays(ivy.astype(c0, "float64"), ivy.astype(prob._data, "float64"))
    if tuple(cnt.shape) != tuple(c0.shape):
        raise RuntimeError(f"binomial: prob of shape {tuple(prob.shape)} does not broadcast to "
                           f"count's shape {tuple(count.shape)}")
    if bool(ivy.any(ivy.isinf(cnt))) or bool(ivy.any(ivy.greater_equal(cnt, 2.0 ** 53))):
        not_implemented("torch.binomial with an infinite count or one >= 2**53",
                        "torch's sampler does not return there")
    shape = tuple(cnt.shape)
    nan = ivy.logical_or(ivy.isnan(cnt), ivy.isnan(p))
    flip = ivy.greater(p, 0.5)
    q = ivy.where(flip, ivy.subtract(1.0, p), p)
    trivial = ivy.logical_or(nan, ivy.logical_or(ivy.less_equal(cnt, 0.0),
                                                 ivy.less_equal(q, 0.0)))
    cs = ivy.where(trivial, ivy.ones_like(cnt), cnt)
    qs = ivy.where(trivial, ivy.full_like(q, 0.25), q)
    res = ivy.zeros_like(cnt)
    use_btrs = ivy.logical_and(ivy.logical_not(trivial),
                               ivy.greater_equal(ivy.multiply(cs, qs), 10.0))
    # inversion: count geometric gaps until they pass the count
    logq = ivy.log1p(ivy.negative(qs))
    active = ivy.logical_and(ivy.logical_not(trivial), ivy.logical_not(use_btrs))
    gsum = ivy.zeros_like(cnt)
    while _rounds(active):
        g = ivy.ceil(ivy.divide(ivy.log(_uniform64(shape, generator)), logq))
        gsum = ivy.where(active, ivy.add(gsum, g), gsum)
        stop = ivy.greater(gsum, cs)
        res = ivy.where(ivy.logical_and(active, ivy.logical_not(stop)), ivy.add(res, 1.0), res)
        active = ivy.logical_and(active, ivy.logical_not(stop))
    # BTRS
    sd = ivy.sqrt(ivy.multiply(ivy.multiply(cs, qs), ivy.subtract(1.0, qs)))
    b = ivy.add(ivy.multiply(sd, 2.53), 1.15)
    a = ivy.add(ivy.add(ivy.multiply(b, 0.0248), -0.0873), ivy.multiply(qs, 0.01))
    c = ivy.add(ivy.multiply(cs, qs), 0.5)
    vr = ivy.subtract(0.92, ivy.divide(4.2, b))
    r = ivy.divide(qs, ivy.subtract(1.0, qs))
    alpha = ivy.multiply(ivy.add(ivy.divide(5.1, b), 2.83), sd)
    m = ivy.floor(ivy.multiply(ivy.add(cs, 1.0), qs))
    active = use_btrs
    while _rounds(active):
        V, us, k, quick, hat = _transformed_rejection(shape, generator, a, b, vr, c)
        inside = ivy.logical_and(ivy.greater_equal(k, 0.0), ivy.less_equal(k, cs))
        kk = ivy.clip(k, 0.0, cs)
        lv = ivy.log(ivy.divide(ivy.multiply(V, alpha), hat))
        ub = ivy.add(ivy.add(
            ivy.multiply(ivy.add(m, 0.5), ivy.log(ivy.divide(ivy.add(m, 1.0), ivy.multiply(
                r, ivy.add(ivy.subtract(cs, m), 1.0))))),
            ivy.multiply(ivy.add(cs, 1.0), ivy.log(ivy.divide(
                ivy.add(ivy.subtract(cs, m), 1.0), ivy.add(ivy.subtract(cs, kk), 1.0))))),
            ivy.multiply(ivy.add(kk, 0.5), ivy.log(ivy.divide(ivy.multiply(
                r, ivy.add(ivy.subtract(cs, kk), 1.0)), ivy.add(kk, 1.0)))))
        ub = ivy.add(ub, ivy.subtract(ivy.add(_stirling_tail(m), _stirling_tail(
            ivy.subtract(cs, m))), ivy.add(_stirling_tail(kk), _stirling_tail(
                ivy.subtract(cs, kk)))))
        ok = ivy.logical_and(active, ivy.logical_and(inside, ivy.logical_or(
            quick, ivy.less_equal(lv, ub))))
        res = ivy.where(ok, k, res)
        active = ivy.logical_and(active, ivy.logical_not(ok))
    res = ivy.where(flip, ivy.subtract(cs, res), res)
    res = ivy.where(ivy.logical_or(ivy.less_equal(cnt, 0.0), ivy.less_equal(p, 0.0)),
                    ivy.zeros_like(res), res)
    res = ivy.where(ivy.logical_and(ivy.greater(cnt, 0.0), ivy.greater_equal(p, 1.0)), cnt, res)
    res = ivy.where(nan, ivy.full_like(res, math.nan), res)
    return wrap(ivy.astype(res, name))


# ------------------------------------------------------------------------ element-wise math

def _unary_float(ivy_fn, name):
    def f(input, *, out=None):
        x = input._data
        if out is None and _CAT.get(x.dtype, 0) >= 2:
            r = ivy_fn(x)
            return wrap(r)
        return _out(wrap(ivy_fn(_floatify(x))), out)

    f.__name__ = f.__qualname__ = name
    f._c_op = (ivy_fn, 1, _FLOATING)
    return f


def _unary_same(ivy_fn, name, *, no_bool=False, no_complex=False):
    fast = (1, 2)  # categories that need no check (int, float)
    def f(input, *, out=None):
        x = input._data
        if out is None and _CAT.get(x.dtype) in fast:
            r = ivy_fn(x)
            return wrap(r)
        c = dtype_of(x).cat
        if (no_bool and c == 0) or (no_complex and c == 3):
            raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
        return _out(wrap(ivy_fn(x)), out)

    f.__name__ = f.__qualname__ = name
    f._c_op = (ivy_fn, 1, _INT | _FLOAT)
    return f


def _unary_bool(ivy_fn, name):
    def f(input):
        return wrap(ivy_fn(input._data))

    f.__name__ = f.__qualname__ = name
    return f


sin = _unary_float(ivy.sin, "sin")
cos = _unary_float(ivy.cos, "cos")
tan = _unary_float(ivy.tan, "tan")
asin = arcsin = _unary_float(ivy.asin, "asin")
acos = arccos = _unary_float(ivy.acos, "acos")
atan = arctan = _unary_float(ivy.atan, "atan")
sinh = _unary_float(ivy.sinh, "sinh")
cosh = _unary_float(ivy.cosh, "cosh")
tanh = _unary_float(ivy.tanh, "tanh")
asinh = arcsinh = _unary_float(ivy.asinh, "asinh")
acosh = arccosh = _unary_float(ivy.acosh, "acosh")
atanh = arctanh = _unary_float(ivy.atanh, "atanh")
exp = _unary_float(ivy.exp, "exp")
expm1 = _unary_float(ivy.expm1, "expm1")
log = _unary_float(ivy.log, "log")
log2 = _unary_float(ivy.log2, "log2")
log10 = _unary_float(ivy.log10, "log10")
log1p = _unary_float(ivy.log1p, "log1p")
sqrt = _unary_float(ivy.sqrt, "sqrt")
sigmoid = _unary_float(ivy.sigmoid, "sigmoid")
reciprocal = _unary_float(ivy.reciprocal, "reciprocal")


def _exp2(x):
    return ivy.pow(2.0, x) if dtype_of(x).cat == 2 else ivy.exp(ivy.multiply(x, math.log(2.0)))


exp2 = _unary_float(_exp2, "exp2")
rsqrt = _unary_float(lambda x: ivy.reciprocal(ivy.sqrt(x)), "rsqrt")
deg2rad = _unary_float(lambda x: ivy.multiply(x, math.pi / 180.0), "deg2rad")
rad2deg = _unary_float(lambda x: ivy.multiply(x, 180.0 / math.pi), "rad2deg")


def _sinc(x):
    px = ivy.multiply(x, math.pi)
    zero = ivy.equal(x, 0)
    safe = ivy.where(zero, ivy.ones_like(px), px)
    return ivy.where(zero, ivy.ones_like(px), ivy.divide(ivy.sin(safe), safe))


sinc = _unary_float(_sinc, "sinc")


def _unary_real(ivy_fn, name, kernel=None):
    """A real special function (Ivy's ``ivy.erf``, ``ivy.lgamma``...): integer/bool inputs become
    the default float dtype; complex inputs raise as torch's kernels do."""

    def f(input, *, out=None):
        x = input._data
        if dtype_of(x).cat == 3:
            cplx = "ComplexFloat" if dtype_of(x).name == "complex64" else "ComplexDouble"
            raise NotImplementedError(f"\"{kernel or name}\" not implemented for '{cplx}'")
        return _out(wrap(ivy_fn(_floatify(x))), out)

    f.__name__ = f.__qualname__ = name
    return f


def _signed_zero(fn):
    """``fn`` with ``f(±0) = ±0`` kept (SciPy's erfinv loses the sign of -0)."""
    return lambda x: ivy.where(ivy.equal(x, 0), x, fn(x))


erf = _unary_real(_signed_zero(ivy.erf), "erf", "erf_vml_cpu")
erfc = _unary_real(ivy.erfc, "erfc", "erfc_vml_cpu")
erfinv = _unary_real(_signed_zero(ivy.erfinv), "erfinv", "erfinv_vml_cpu")
lgamma = _unary_real(ivy.lgamma, "lgamma", "lgamma_vml_cpu")
digamma = _unary_real(ivy.digamma, "digamma", "digamma")
i0 = _unary_real(ivy.i0, "i0", "i0_cpu")


def _polygamma_impl(n, x):
    """torch.polygamma on float ``x``: Ivy's polygamma with torch's values at the poles
    (0, the negative integers) and at ±inf. n = 1 at a negative integer is torch's reflection
    ``pi**2 / sin(pi x)**2``, a large finite number (sin(pi x) rounds to ~1e-16, not 0)."""
    if n == 0:
        return ivy.digamma(x)
    dt = dtype_of(x)
    if dt.name == "float64":
        r = ivy.polygamma(n, x)
    else:  # jax's float32 polygamma is good to only ~4 digits at negative x: float64 inside
        r = ivy.astype(ivy.polygamma(n, ivy.astype(x, "float64")), dt.ivy)
    pole = ivy.logical_and(ivy.less_equal(x, 0), ivy.equal(ivy.floor(x), x))
    inf = ivy.full_like(x, math.inf)
    nan = ivy.full_like(x, math.nan)
    if n == 1:
        s = ivy.sin(ivy.multiply(ivy.where(pole, x, ivy.zeros_like(x)), math.pi))
        s2 = ivy.multiply(s, s)
        refl = ivy.divide(ivy.full_like(x, math.pi * math.pi),
                          ivy.where(ivy.equal(s2, 0), ivy.ones_like(s2), s2))
        r = ivy.where(pole, ivy.where(ivy.equal(s2, 0), inf, refl), r)
        r = ivy.where(ivy.equal(x, math.inf), ivy.zeros_like(x), r)
        return ivy.where(ivy.equal(x, -math.inf), nan, r)
    signed = inf if n % 2 else ivy.negative(inf)
    r = ivy.where(ivy.logical_or(pole, ivy.equal(x, -math.inf)), signed, r)
    return ivy.where(ivy.equal(x, math.inf), nan, r)


def polygamma(n, input, *, out=None):
    """torch.polygamma(n, input): the n-th derivative of digamma (n a non-negative int)."""
    if isinstance(n, Tensor) and n.numel() == 1 and dtype_of(n._data).cat == 1:
        n = int(ivy.to_scalar(ivy.reshape(n._data, ())))
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"polygamma(): argument 'n' must be int, not {type(n).__name__}")
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    x = input._data
    if dtype_of(x).cat == 3:
        raise NotImplementedError("\"polygamma\" not implemented for complex")
    return _out(wrap(_polygamma_impl(n, _floatify(x))), out)


def mvlgamma(input, p, *, out=None):
    """torch.mvlgamma (torch.special.multigammaln): log of the multivariate gamma function,
    ``p (p-1)/4 log(pi) + sum_j lgamma(x - j/2)``."""
    if isinstance(p, bool) or not isinstance(p, int):
        raise TypeError(f"mvlgamma(): argument 'p' must be int, not {type(p).__name__}")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    x = input._data
    if dtype_of(x).cat == 3:
        raise NotImplementedError("\"mvlgamma\" not implemented for complex")
    if dtype_of(x).cat == 0:
        raise RuntimeError("The input tensor may not be a boolean tensor.")
    x = _floatify(x)
    r = ivy.full_like(x, p * (p - 1) / 4.0 * math.log(math.pi))
    for j in builtins.range(p):
        r = ivy.add(r, ivy.lgamma(ivy.subtract(x, j / 2.0)))
    return _out(wrap(r), out)


def _binary_real(ivy_fn, name):
    """torch.<name>(input, other) of two tensors: torch's promotion (to a float dtype; integer or
    complex results raise as torch does), broadcast, then ``ivy_fn``."""

    def f(input, other, *, out=None):
        if not isinstance(input, Tensor) or not isinstance(other, Tensor):
            bad = other if isinstance(input, Tensor) else input
            raise TypeError(f"{name}(): argument '{'other' if isinstance(input, Tensor) else 'input'}'"
                            f" must be Tensor, not {type(bad).__name__}")
        rt = result_type(input, other)
        if rt.cat != 2:  # torch: "igamma_cpu" not implemented for 'Long' / complex
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{rt.name}'")
        a, b = ivy.broadcast_arrays(cast(input._data, rt), cast(other._data, rt))
        return _out(wrap(ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    return f


def _igamma_torch(upper):
    """ivy.igamma / ivy.igammac with torch's special cases first (ATen's calc_igamma[c]):
    NaN for a < 0 or x < 0; a = 0: 1 (P) / 0 (Q) for x > 0 else NaN; x = 0: P = 0; a = inf: NaN
    for x = inf else P = 0; x = inf: P = 1 (these hold even when the other argument is NaN)."""
    ivy_fn = ivy.igammac if upper else ivy.igamma

    def f(a, x):
        one, zero = ivy.ones_like(a), ivy.zeros_like(a)
        p_one, p_zero = (zero, one) if upper else (one, zero)
        nan = ivy.full_like(a, math.nan)
        r = ivy_fn(a, x)
        xinf, ainf = ivy.equal(x, math.inf), ivy.equal(a, math.inf)
        r = ivy.where(xinf, p_one, r)
        r = ivy.where(ainf, ivy.where(xinf, nan, p_zero), r)
        r = ivy.where(ivy.equal(x, 0), p_zero, r)
        r = ivy.where(ivy.equal(a, 0), ivy.where(ivy.greater(x, 0), p_one, nan), r)
        return ivy.where(ivy.logical_or(ivy.less(x, 0), ivy.less(a, 0)), nan, r)

    return f


igamma = _binary_real(_igamma_torch(False), "igamma")
igammac = _binary_real(_igamma_torch(True), "igammac")


def _logit_impl(x, eps=None):
    if eps is not None:
        x = ivy.clip(x, eps, 1.0 - eps)
    return ivy.log(ivy.divide(x, ivy.subtract(1.0, x)))


def logit(input, eps=None, *, out=None):
    return _out(wrap(_logit_impl(_floatify(input._data), eps)), out)


def angle(input, *, out=None):
    x = input._data
    if dtype_of(x).cat == 3:
        return _out(wrap(ivy.atan2(ivy.imag(x), ivy.real(x))), out)
    x = _floatify(x)
    r = ivy.where(ivy.less(x, 0), ivy.full_like(x, math.pi), ivy.zeros_like(x))
    return _out(wrap(ivy.where(ivy.isnan(x), x, r)), out)


def _abs_impl(x):
    return x if dtype_of(x).cat == 0 else ivy.abs(x)


abs = absolute = _unary_same(ivy.abs, "abs", no_bool=True)  # noqa: A001 - bool raises first
neg = negative = _unary_same(ivy.negative, "neg", no_bool=True)
ceil = _unary_same(ivy.ceil, "ceil", no_complex=True, no_bool=True)
floor = _unary_same(ivy.floor, "floor", no_complex=True, no_bool=True)
trunc = fix = _unary_same(ivy.trunc, "trunc", no_complex=True, no_bool=True)


def positive(input):
    if input.dtype is _core.bool:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def square(input, *, out=None):
    x = input._data
    if dtype_of(x).cat == 0:
        x = ivy.astype(x, "int64")
    return _out(wrap(ivy.multiply(x, x)), out)


def sign(input, *, out=None):
    x = input._data
    c = dtype_of(x).cat
    if c == 3:
        raise RuntimeError("Unlike NumPy, torch.sign is not intended to support complex numbers. "
                           "Please use torch.sgn instead.")
    if c == 0:
        return _out(wrap(x), out)
    return _out(wrap(ivy.sign(x)), out)


def sgn(input, *, out=None):
    x = input._data
    if dtype_of(x).cat != 3:
        return sign(input, out=out)
    a = ivy.abs(x)
    z = ivy.equal(a, 0)
    return _out(wrap(ivy.where(z, ivy.zeros_like(x), ivy.divide(
        x, ivy.astype(ivy.where(z, ivy.ones_like(a), a), dtype_of(x).ivy)))), out)


def frac(input, *, out=None):
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"\"frac_cpu\" not implemented for '{dtype_of(x)}'")
    return _out(wrap(ivy.subtract(x, ivy.trunc(x))), out)


def round(input, *, decimals=0, out=None):  # noqa: A001
    x = input._data
    if dtype_of(x).cat == 3:
        raise RuntimeError("round is not supported for complex inputs")
    if dtype_of(x).cat == 0:
        raise RuntimeError("\"round_vml_cpu\" not implemented for 'Bool'")
    if decimals == 0 or dtype_of(x).cat < 2:
        return _out(wrap(ivy.round(x) if dtype_of(x).cat >= 1 else x), out)
    s = 10.0 ** decimals
    return _out(wrap(ivy.divide(ivy.round(ivy.multiply(x, s)), s)), out)


def bitwise_not(input, *, out=None):
    x = input._data
    c = dtype_of(x).cat
    if c >= 2:
        raise RuntimeError(f"\"bitwise_not_cpu\" not implemented for '{dtype_of(x)}'")
    return _out(wrap(ivy.logical_not(x) if c == 0 else ivy.bitwise_invert(x)), out)


def logical_not(input, *, out=None):
    return _out(wrap(ivy.logical_not(ivy.astype(input._data, "bool"))), out)


isnan = _unary_bool(ivy.isnan, "isnan")
isinf = _unary_bool(ivy.isinf, "isinf")
isfinite = _unary_bool(ivy.isfinite, "isfinite")


def isposinf(input, *, out=None):
    x = input._data
    if dtype_of(x).cat == 3:
        raise RuntimeError("isposinf does not support complex inputs.")
    return _out(wrap(ivy.logical_and(ivy.isinf(x), ivy.greater(x, 0))), out)


def isneginf(input, *, out=None):
    x = input._data
    if dtype_of(x).cat == 3:
        raise RuntimeError("isneginf does not support complex inputs.")
    return _out(wrap(ivy.logical_and(ivy.isinf(x), ivy.less(x, 0))), out)


def isreal(input):
    x = input._data
    if dtype_of(x).cat != 3:
        return wrap(ivy.ones_like(x, dtype="bool"))
    return wrap(ivy.equal(ivy.imag(x), 0))


def signbit(input, *, out=None):
    x = input._data
    if dtype_of(x).cat == 3:
        raise RuntimeError("signbit is not implemented for complex tensors.")
    if dtype_of(x).cat == 0:
        return _out(wrap(ivy.zeros_like(x, dtype="bool")), out)
    return _out(wrap(ivy.signbit(x) if dtype_of(x).cat == 2 else ivy.less(x, 0)), out)


def conj(input):
    x = input._data
    return wrap(ivy.conj(x)) if dtype_of(x).cat == 3 else input


conj_physical = conj


def resolve_conj(input):
    """No lazy conjugate bit here (conj materialises): the tensor itself, as torch's."""
    return input


def resolve_neg(input):
    return input


def real(input):
    return input.real


def imag(input):
    return input.imag


def view_as_real(input):
    x = input._data
    if dtype_of(x).cat != 3:
        raise RuntimeError("view_as_real is only supported for complex tensors")
    return wrap(ivy.stack([ivy.real(x), ivy.imag(x)], axis=-1))


def view_as_complex(input):
    x = input._data
    if _shape(x)[-1:] != (2,) or dtype_of(x).cat != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    return complex(wrap(ivy.get_item(x, (Ellipsis, 0))), wrap(ivy.get_item(x, (Ellipsis, 1))))


def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    x = input._data
    if dtype_of(x).cat < 2:
        return _out(input, out)
    fi = ivy.finfo(dtype_of(x).to_real().ivy)
    posinf = fi.max if posinf is None else posinf
    neginf = fi.min if neginf is None else neginf

    def fix(v):
        v = ivy.where(ivy.isnan(v), ivy.full_like(v, nan), v)
        v = ivy.where(ivy.logical_and(ivy.isinf(v), ivy.greater(v, 0)), ivy.full_like(v, posinf),
                      v)
        return ivy.where(ivy.logical_and(ivy.isinf(v), ivy.less(v, 0)), ivy.full_like(v, neginf),
                         v)

    if dtype_of(x).cat == 3:
        return _out(complex(wrap(fix(ivy.real(x))), wrap(fix(ivy.imag(x)))), out)
    return _out(wrap(fix(x)), out)


# binary --------------------------------------------------------------------------------------

def _bin_result(fn, input, other, out, name):
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    r, rt = binary(fn, input, other)
    return _out(wrap(r), out)


def _same_dtype(fn, input, other, tensor_min, scalar_min):
    """``fn(x, y)`` as a Tensor where torch's promotion is the identity: ``other`` a Tensor of
    ``input``'s very dtype whose category (0 bool, 1 int, 2 float, 3 complex) is at least
    ``tensor_min``, or a Python int/float with the category at least ``scalar_min``; else None
    (the general path). The C fast path (_fast.c) checks the same before this runs."""
    x = input._data
    dt = x.dtype
    k = _CAT.get(dt, 0)
    c = other.__class__
    if c is Tensor:
        if k < tensor_min or other._data.dtype is not dt:
            return None
        r = fn(x, other._data)
    elif (c is _float or c is _int) and k >= scalar_min:
        r = fn(x, other)
    else:
        return None
    return wrap(r)


def add(input, other, *, alpha=1, out=None):
    if input.__class__ is Tensor and out is None and alpha == 1:
        t = _same_dtype(_ivy_add, input, other, 1, 2)  # bool + bool is logical_or: below
        if t is not None:
            return t
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    a, b = operand(input, rt), operand(other, rt)
    if alpha != 1:
        _check_alpha(alpha, rt)
        b = ivy.multiply(b, alpha) if hasattr(b, "shape") else b * alpha
    r = ivy.logical_or(a, b) if rt is _core.bool else ivy.add(a, b)
    return _out(wrap(r), out)


def sub(input, other, *, alpha=1, out=None):
    if input.__class__ is Tensor and out is None and alpha == 1:
        t = _same_dtype(_ivy_sub, input, other, 1, 2)  # bool - bool is an error: below
        if t is not None:
            return t
    if any_bool(input) or any_bool(other):
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    a, b = operand(input, rt), operand(other, rt)
    if alpha != 1:
        _check_alpha(alpha, rt)
        b = ivy.multiply(b, alpha) if hasattr(b, "shape") else b * alpha
    return _out(wrap(ivy.subtract(a, b)), out)


add._c_op = (ivy.add, 2, _INT | _FLOATING, _FLOATING)
sub._c_op = (ivy.subtract, 2, _INT | _FLOATING, _FLOATING)


def _check_alpha(alpha, rt):
    if rt.cat < 2 and isinstance(alpha, _float) or rt.cat == 0 and not isinstance(alpha, _bool):
        raise RuntimeError(f"For integral input tensors, argument alpha must not be a floating "
                           "point number.")


subtract = sub


def any_bool(o):
    return (isinstance(o, Tensor) and o.dtype is _core.bool) or o.__class__ is _bool


def rsub(input, other, *, alpha=1):
    return sub(other, input, alpha=alpha)


def mul(input, other, *, out=None):
    if input.__class__ is Tensor and out is None:
        t = _same_dtype(_ivy_mul, input, other, 1, 2)  # bool * bool is logical_and: below
        if t is not None:
            return t
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    a, b = operand(input, rt), operand(other, rt)
    r = ivy.logical_and(a, b) if rt is _core.bool else ivy.multiply(a, b)
    return _out(wrap(r), out)


mul._c_op = (ivy.multiply, 2, _INT | _FLOATING, _FLOATING)
multiply = mul


def div(input, other, *, rounding_mode=None, out=None):
    if input.__class__ is Tensor and out is None and rounding_mode is None:
        t = _same_dtype(_ivy_div, input, other, 2, 2)  # integers divide in the default float
        if t is not None:
            return t
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    if rounding_mode is None:
        if rt.cat < 2:
            rt = get_default_dtype()
        return _out(wrap(ivy.divide(operand(input, rt), operand(other, rt))), out)
    if rounding_mode == "floor":
        return floor_divide(input, other, out=out)
    if rounding_mode == "trunc":
        if rt.cat < 2:
            a, b = operand(input, rt), operand(other, rt)
            _check_int_zero(b, rt, a)
            q = ivy.floor_divide(a, b)
            fix = ivy.logical_and(ivy.not_equal(ivy.remainder(a, b), 0),
                                  ivy.not_equal(ivy.less(a, 0), ivy.less(b, 0)))
            return _out(wrap(ivy.astype(ivy.add(q, ivy.astype(fix, rt.ivy)), rt.ivy)), out)
        return _out(wrap(ivy.trunc(ivy.divide(operand(input, rt), operand(other, rt)))), out)
    raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                       f"found '{rounding_mode}'")


div._c_op = (ivy.divide, 2, _FLOATING, _FLOATING)
divide = div


def true_divide(dividend, divisor, *, out=None):
    return div(dividend, divisor, out=out)


def _check_int_zero(b, rt, a=None):
    if a is not None and hasattr(a, "shape") and hasattr(b, "shape") and 0 in tuple(
            ivy.broadcast_shapes(tuple(a.shape), tuple(b.shape))):
        return
    if a is not None and hasattr(a, "shape") and 0 in tuple(a.shape):
        return
    if rt.cat < 2:
        if isinstance(b, (_int, _bool)):
            if b == 0:
                raise RuntimeError("ZeroDivisionError")
        elif _bool(ivy.to_numpy(ivy.any(ivy.equal(b, 0)))):
            raise RuntimeError("ZeroDivisionError")


def floor_divide(input, other, *, out=None):
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    if rt is _core.bool:
        raise RuntimeError("\"div_floor_cpu\" not implemented for 'Bool'")
    a, b = operand(input, rt), operand(other, rt)
    _check_int_zero(b, rt, a)
    if rt.cat == 2:
        # torch's div_floor_floating: (a - fmod(a, b)) / b, corrected, rounded
        if not hasattr(b, "shape"):
            b = ivy.full_like(a, b)
        if not hasattr(a, "shape"):
            a = ivy.full_like(b, a)
        q = ivy.divide(a, b)
        fm = _fmod_exact(a, b)
        div_ = ivy.divide(ivy.subtract(a, fm), b)
        adj = ivy.logical_and(ivy.not_equal(fm, 0), ivy.not_equal(ivy.less(b, 0), ivy.less(fm, 0)))
        div_ = ivy.where(adj, ivy.subtract(div_, 1.0), div_)
        fl = ivy.floor(div_)
        fl = ivy.where(ivy.greater(ivy.subtract(div_, fl), 0.5), ivy.add(fl, 1.0), fl)
        fl = ivy.where(ivy.equal(div_, 0), ivy.copysign(ivy.zeros_like(div_), q), fl)
        return _out(wrap(ivy.where(ivy.equal(b, 0), q, fl)), out)
    return _out(wrap(ivy.floor_divide(a, b)), out)


def _fmod_exact(a, b):
    # C fmod: sign of the dividend; remainder() follows the divisor: adjust where signs differ
    r = ivy.remainder(a, b)
    fix = ivy.logical_and(ivy.not_equal(r, 0), ivy.not_equal(ivy.less(r, 0), ivy.less(a, 0)))
    r = ivy.where(fix, ivy.subtract(r, b), r)
    if dtype_of(r).cat == 2 and hasattr(b, "shape"):  # fmod(a, +-inf) = a for finite a
        r = ivy.where(ivy.logical_and(ivy.isinf(b), ivy.isfinite(a)), ivy.add(ivy.zeros_like(r), a), r)
    return r


def remainder(input, other, *, out=None):
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    if rt is _core.bool:
        raise RuntimeError("\"remainder_cpu\" not implemented for 'Bool'")
    a, b = operand(input, rt), operand(other, rt)
    _check_int_zero(b, rt, a)
    return _out(wrap(ivy.remainder(a, b)), out)


def fmod(input, other, *, out=None):
    rt = result_type(input, other)
    if rt is _core.bool:
        raise RuntimeError("\"fmod_cpu\" not implemented for 'Bool'")
    a, b = operand(input, rt), operand(other, rt)
    _check_int_zero(b, rt, a)
    return _out(wrap(_fmod_exact(a, b)), out)


def pow(input, exponent, *, out=None):  # noqa: A001
    if input.__class__ is Tensor and out is None:
        x = input._data
        dt = x.dtype
        if _CAT.get(dt) == 2:
            c = exponent.__class__
            if c is _int or c is _float:
                # x ** 2 as x * x (torch's and NumPy's own special case: one rounding)
                r = ivy.square(x) if exponent == 2 else ivy.pow(x, exponent)
            elif c is Tensor and exponent._data.dtype is dt:
                r = ivy.pow(x, exponent._data)
            else:
                r = None
            if r is not None:
                return wrap(r)
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        input = tensor(input)
    rt = result_type(input, exponent)
    a, b = operand(input, rt), operand(exponent, rt)
    if rt.cat == 0:
        raise RuntimeError("\"pow\" not implemented for 'Bool'")
    if rt.cat == 1:
        bn = b if isinstance(b, (_int, _bool)) else None
        if bn is not None and bn < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if bn is None:  # tensor exponents: negative powers of integers as C integer division
            a, b = ivy.broadcast_arrays(a if hasattr(a, "shape") else ivy.full_like(b, a), b)
            negp = ivy.less(b, 0)
            safe = ivy.pow(a, ivy.where(negp, ivy.zeros_like(b), b))
            one = ivy.ones_like(a)
            odd = ivy.equal(ivy.remainder(b, 2), 1)
            negv = ivy.where(ivy.equal(a, 1), one, ivy.where(
                ivy.equal(a, -1), ivy.where(odd, ivy.negative(one), one), ivy.zeros_like(a)))
            return _out(wrap(ivy.where(negp, negv, safe)), out)
    return _out(wrap(ivy.pow(a, b)), out)


def float_power(input, exponent, *, out=None):
    def up(v):
        if isinstance(v, Tensor):
            return v.to(complex128 if v.dtype.cat == 3 else float64)
        return v

    return pow(up(input), up(exponent) if isinstance(exponent, Tensor) else
               (builtins.complex(exponent) if isinstance(exponent, builtins.complex)
                else _float(exponent)), out=out)


def _float_binary(ivy_fn, name, no_bool=False):
    def f(input, other, *, out=None):
        if not isinstance(input, Tensor):
            input = tensor(input)
        rt = result_type(input, other)
        if no_bool and rt.cat < 2:
            raise RuntimeError(f"\"{name}_cpu\" not implemented for '{rt}'")
        if rt.cat == 3:
            raise RuntimeError(f"\"{name}\" not implemented for complex")
        if rt.cat < 2:
            rt = get_default_dtype()
        return _out(wrap(ivy_fn(operand(input, rt), operand(other, rt))), out)

    f.__name__ = f.__qualname__ = name
    return f


atan2 = arctan2 = _float_binary(ivy.atan2, "atan2")
hypot = _float_binary(ivy.hypot, "hypot", True)
logaddexp = _float_binary(ivy.logaddexp, "logaddexp", True)
logaddexp2 = _float_binary(lambda a, b: ivy.divide(
    ivy.logaddexp(ivy.multiply(a, math.log(2)), ivy.multiply(b, math.log(2))), math.log(2)),
    "logaddexp2", True)
copysign = _float_binary(ivy.copysign, "copysign")


def nextafter(input, other, *, out=None):
    rt = result_type(input, other)
    if rt.cat != 2:
        raise RuntimeError(f"\"nextafter_cpu\" not implemented for '{rt}'")
    return _out(wrap(ivy.nextafter(operand(input, rt), operand(other, rt))), out)


def _minmax_binary(ivy_fn, name, nan_propagate=True):
    def f(input, other, *, out=None):
        if nan_propagate and out is None and input.__class__ is Tensor and \
                other.__class__ is Tensor:
            x, y = input._data, other._data
            dt = x.dtype
            if y.dtype is dt and _CAT.get(dt) in (1, 2):
                r = ivy_fn(x, y)
                return wrap(r)
        if not isinstance(other, Tensor):
            raise TypeError(f"{name}(): argument 'other' must be Tensor")
        rt = result_type(input, other)
        if rt.cat == 3:
            raise RuntimeError(f"{name} not implemented for complex tensors.")
        a, b = operand(input, rt), operand(other, rt)
        if rt.cat == 0:
            r = ivy.logical_or(a, b) if "max" in name else ivy.logical_and(a, b)
        elif nan_propagate:  # Ivy's maximum/minimum propagate NaN (tests/functional)
            r = ivy_fn(a, b)
        else:
            r = ivy_fn(a, b)
            if rt.cat == 2:
                r = ivy.where(ivy.isnan(a), b, ivy.where(ivy.isnan(b), a, r))
        return _out(wrap(r), out)

    f.__name__ = f.__qualname__ = name
    if nan_propagate:
        f._c_op = (ivy_fn, 2, _INT | _FLOAT)
    return f


maximum = _minmax_binary(ivy.maximum, "maximum")
minimum = _minmax_binary(ivy.minimum, "minimum")
fmax = _minmax_binary(ivy.maximum, "fmax", nan_propagate=False)
fmin = _minmax_binary(ivy.minimum, "fmin", nan_propagate=False)


def _bitwise(ivy_fn, bool_fn, name):
    def f(input, other, *, out=None):
        if not isinstance(input, Tensor):
            input = tensor(input)
        rt = result_type(input, other)
        if rt.cat >= 2:
            raise RuntimeError(f"\"{name}_cpu\" not implemented for '{rt}'")
        a, b = operand(input, rt), operand(other, rt)
        return _out(wrap(bool_fn(a, b) if rt.cat == 0 else ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    return f


bitwise_and = _bitwise(ivy.bitwise_and, ivy.logical_and, "bitwise_and")
bitwise_or = _bitwise(ivy.bitwise_or, ivy.logical_or, "bitwise_or")
bitwise_xor = _bitwise(ivy.bitwise_xor, ivy.logical_xor, "bitwise_xor")


def _shift(ivy_fn, name):
    def f(input, other, *, out=None):
        rt = result_type(input, other)
        if rt.cat >= 2 or rt.cat == 0:
            raise RuntimeError(f"\"{name}_cpu\" not implemented for '{rt}'")
        a, b = operand(input, rt), operand(other, rt)
        return _out(wrap(ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    return f


bitwise_left_shift = _shift(ivy.bitwise_left_shift, "lshift")
bitwise_right_shift = _shift(ivy.bitwise_right_shift, "rshift")


def _logical(ivy_fn, name):
    def f(input, other, *, out=None):
        if not isinstance(other, Tensor):
            raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not "
                            f"{type(other).__name__}")
        a = ivy.astype(input._data, "bool")
        b = ivy.astype(_d(other), "bool")
        return _out(wrap(ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    return f


logical_and = _logical(ivy.logical_and, "logical_and")
logical_or = _logical(ivy.logical_or, "logical_or")
logical_xor = _logical(ivy.logical_xor, "logical_xor")


def _compare(ivy_fn, name, ordered=True):
    fast = (1, 2) if ordered else (0, 1, 2, 3)  # one dtype: bool/complex need care when ordered

    def f(input, other, *, out=None):
        if input.__class__ is Tensor and out is None:
            x = input._data
            dt = x.dtype
            k = _CAT.get(dt)
            if k in fast:
                c = other.__class__
                if (c is Tensor and other._data.dtype is dt) or ((c is _float or c is _int)
                                                                  and k == 2):
                    r = ivy_fn(x, other._data if c is Tensor else other)
                    return wrap(r)
        if not isinstance(input, Tensor):
            input = tensor(input)
        if other is None:
            return False if name == "eq" else True  # x == None
        if not isinstance(other, (Tensor, _int, _float, _bool, builtins.complex, np.number)):
            return NotImplemented if False else (name == "ne")
        rt = result_type(input, other)
        if ordered and rt.cat == 3:
            raise RuntimeError(f"\"{name}_cpu\" not implemented for 'ComplexFloat'")
        a, b = operand(input, rt), operand(other, rt)
        if rt.cat == 0 and ordered:
            a = ivy.astype(a, "int8")
            b = ivy.astype(b, "int8") if not isinstance(b, (_int, _bool)) else _int(b)
        return _out(wrap(ivy_fn(a, b)), out)

    f.__name__ = f.__qualname__ = name
    f._c_op = (ivy_fn, 2, _INT | _FLOAT if ordered else _ANY, _FLOAT)
    return f


eq = _compare(ivy.equal, "eq", ordered=False)
ne = not_equal = _compare(ivy.not_equal, "ne", ordered=False)
lt = less = _compare(ivy.less, "lt")
le = less_equal = _compare(ivy.less_equal, "le")
gt = greater = _compare(ivy.greater, "gt")
ge = greater_equal = _compare(ivy.greater_equal, "ge")


def equal(input, other):
    if tuple(input.shape) != tuple(other.shape):
        return False
    return _bool(ivy.to_numpy(ivy.all(eq(input, other)._data)))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if input.dtype is not other.dtype:
        raise RuntimeError(f"{input.dtype} did not match {other.dtype}")
    a, b = input._data, other._data
    if dtype_of(a).cat < 2:
        a, b = ivy.astype(a, "float64"), ivy.astype(b, "float64")
    close = ivy.less_equal(ivy.abs(ivy.subtract(a, b)), ivy.add(atol, ivy.multiply(rtol,
                                                                                     ivy.abs(b))))
    close = ivy.logical_or(close, ivy.equal(a, b))
    if dtype_of(a).cat >= 2:
        fin = ivy.logical_and(ivy.isfinite(a), ivy.isfinite(b))
        close = ivy.logical_or(ivy.logical_and(close, fin), ivy.equal(a, b))
        if equal_nan:
            close = ivy.logical_or(close, ivy.logical_and(ivy.isnan(a), ivy.isnan(b)))
    return wrap(close)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _bool(ivy.to_numpy(ivy.all(isclose(input, other, rtol, atol, equal_nan)._data)))


_NUM = (_int, _float)


def clamp(input, min=None, max=None, *, out=None):  # noqa: A002
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    x = input._data
    if out is None and _CAT.get(x.dtype) == 2 and (min is None or min.__class__ in _NUM and
                                                    min == min) and \
            (max is None or max.__class__ in _NUM and max == max) and \
            (min is None or max is None or min <= max):
        # a float tensor in non-NaN Python bounds (one may be None): its dtype, and Ivy's clip
        # is max(min(..)) there (NaN stays NaN, tests/functional), with torch's derivative 1 at
        # a bound on torch and TensorFlow (JAX's max/min split a tie)
        return wrap(ivy.clip(x, min, max))
    if dtype_of(x).cat == 3:
        raise RuntimeError("clamp is not supported for complex types")
    rt = result_type(input, *(v for v in (min, max) if v is not None))
    x = cast(x, rt)
    if min is not None:
        lo = operand(min, rt)
        r = ivy.maximum(x, lo)
        if rt.cat == 2:
            r = ivy.where(ivy.isnan(x), x, r)
            if isinstance(lo, _float) and math.isnan(lo):
                r = ivy.full_like(r, math.nan)
            elif not isinstance(lo, (_int, _float)):
                r = ivy.where(ivy.isnan(lo), ivy.astype(lo, rt.ivy) * ivy.ones_like(r)
                              if False else ivy.add(ivy.zeros_like(r), lo), r)
        x = r
    if max is not None:
        hi = operand(max, rt)
        r = ivy.minimum(x, hi)
        if rt.cat == 2:
            r = ivy.where(ivy.isnan(x), x, r)
            if isinstance(hi, _float) and math.isnan(hi):
                r = ivy.full_like(r, math.nan)
            elif not isinstance(hi, (_int, _float)):
                r = ivy.where(ivy.isnan(hi), ivy.add(ivy.zeros_like(r), hi), r)
        x = r
    return _out(wrap(x), out)


clip = clamp


def clamp_min(input, min):  # noqa: A002
    return clamp(input, min=min)


def clamp_max(input, max):  # noqa: A002
    return clamp(input, max=max)


def lerp(input, end, weight, *, out=None):
    for o in (end, weight):
        if isinstance(o, Tensor) and o.dtype is not input.dtype:
            raise RuntimeError(f"expected dtype {input.dtype} for `end` but got dtype {o.dtype}")
    if input.dtype.cat < 2:
        raise RuntimeError("lerp_kernel_scalar not implemented for integer tensors")
    # torch's two-sided formula (ATen's Lerp.h), in float32 for half types as its opmath: the
    # second side rounds differently (and keeps -0: lerp(-0., -0., .5) is -0.)
    half = input.dtype in (_core.float16, _core.bfloat16)
    a, b = (input.float(), end.float()) if half else (input, end)
    w = weight.float() if half and isinstance(weight, Tensor) else weight
    lo = a + w * (b - a)
    hi = b - (b - a) * (1 - w)
    if isinstance(w, Tensor):
        r = where(abs(w) < 0.5, lo, hi)
    else:
        r = lo if builtins.abs(w) < 0.5 else hi
    return _out(r.to(input.dtype) if half else r, out)


def _promoted(*ts):
    rt = result_type(*ts)
    return rt, [wrap(operand(t, rt)) if isinstance(t, Tensor) else t for t in ts]


def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    rt, (i, a, b) = _promoted(input, tensor1, tensor2)
    return _out(add(i, mul(a, b), alpha=value), out)


def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    if tensor1.dtype.cat < 2 and tensor2.dtype.cat < 2:
        raise RuntimeError("Integer division with addcdiv is no longer supported")
    rt, (i, a, b) = _promoted(input, tensor1, tensor2)
    return _out(add(i, div(a, b), alpha=value), out)


def xlogy(input, other, *, out=None):
    if not isinstance(input, Tensor):
        input = tensor(input)
    rt = result_type(input, other)
    if rt.cat < 2:
        rt = get_default_dtype()
    a, b = operand(input, rt), operand(other, rt)
    a, b = ivy.broadcast_arrays(a, b if not isinstance(b, (_int, _float)) else
                                ivy.full_like(a, b))
    r = ivy.where(ivy.equal(a, 0), ivy.zeros_like(a), ivy.multiply(a, ivy.log(b)))
    return _out(wrap(ivy.where(ivy.isnan(b), b, r)), out)


def ldexp(input, other, *, out=None):
    return _out(mul(input, pow(2.0, other)), out)


def heaviside(input, values, *, out=None):
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes")
    x, v = input._data, values._data
    r = ivy.where(ivy.equal(x, 0), ivy.astype(ivy.broadcast_to(v, ivy.broadcast_shapes(
        _shape(x), _shape(v))), dtype_of(x).ivy), ivy.astype(ivy.greater(x, 0), dtype_of(x).ivy))
    return _out(wrap(ivy.where(ivy.isnan(x), x, r) if dtype_of(x).cat == 2 else r), out)


# ------------------------------------------------------------------------------ reductions

def _reduce_prep(input, dim, name):
    x = input._data
    return x, _dims(dim, len(x.shape))


def _check_nonempty(x, dim, name):
    s = _shape(x)
    if dim is None:
        if _prod(s) == 0:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() "
                               "== 0. Specify the reduction dim with the 'dim' argument.")
    else:
        for d in (dim if isinstance(dim, tuple) else (dim,)):
            if s and s[d] == 0:
                raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


def _prod(s):
    n = 1
    for v in s:
        n *= v
    return n


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None):  # noqa: A001
    x = input._data
    if dtype is None and out is None:
        d = _FROM_NATIVE.get(x.dtype)
        if d is _float32 or d is _float64:  # Ivy's sum keeps these (its rule)
            # (the whole-tensor sum without keywords: the backend may bind it natively)
            if dim is None:
                return wrap(ivy.sum(x, keepdims=True) if keepdim else ivy.sum(x))
            ax = _dims(dim, len(x.shape))
            return wrap(ivy.sum(x, axis=ax, keepdims=keepdim) if keepdim else
                        ivy.sum(x, axis=ax))
    ax = None if dim is None else _dims(dim, len(x.shape))
    if dtype is None:
        dt = dtype_of(x)
        if dt.cat < 2:
            dt = _int64
            x = cast(x, dt)
    else:
        dt = to_dtype(dtype)
        x = cast(x, dt)
    r = wrap(ivy.sum(x, axis=ax, keepdims=keepdim, dtype=dt.ivy))
    return r if out is None else _out(r, out)


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    x = input._data
    if dtype_of(x).cat == 3:
        raise RuntimeError("nansum does not support complex inputs")
    if dtype_of(x).cat == 2:
        input = wrap(ivy.where(ivy.isnan(x), ivy.zeros_like(x), x))
    return sum(input, dim, keepdim, dtype=dtype, out=out)


def mean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    x = input._data
    if dtype is None and out is None and _CAT.get(x.dtype, 0) >= 2:
        ax = None if dim is None else _dims(dim, len(x.shape))
        if ax is None:
            return wrap(ivy.mean(x) if not keepdim else ivy.mean(x, keepdims=True))
        return wrap(ivy.mean(x, axis=ax) if not keepdim else ivy.mean(x, axis=ax, keepdims=True))
    ax = None if dim is None else _dims(dim, len(x.shape))
    if dtype is not None:
        x = cast(x, to_dtype(dtype))
    if dtype_of(x).cat < 2:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {dtype_of(x)}")
    return _out(wrap(ivy.mean(x, axis=ax, keepdims=keepdim)), out)


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError("nanmean(): expected input to have floating point dtype")
    nan_ = ivy.isnan(x)
    s = nansum(input, dim, keepdim)._data
    cnt = ivy.sum(ivy.astype(ivy.logical_not(nan_), dtype_of(x).ivy), axis=_dims(dim, len(
        x.shape)), keepdims=keepdim)
    return _out(wrap(ivy.divide(s, cnt)), out)


def prod(input, dim=None, keepdim=False, *, dtype=None, out=None):
    x = input._data
    if isinstance(dim, (list, tuple)):
        raise TypeError("prod(): argument 'dim' must be int, not tuple")
    ax = _dims(dim, len(x.shape))
    dt = to_dtype(dtype) if dtype is not None else (_int64 if dtype_of(x).cat < 2
                                                     else dtype_of(x))
    x = cast(x, dt)
    return _out(wrap(ivy.prod(x, axis=ax, keepdims=keepdim, dtype=dt.ivy)), out)


def _max_min(name, red, arg, pair):
    def f(input, dim=None, keepdim=False, *, out=None):
        x = input._data
        if dim is None and out is None and _CAT.get(x.dtype) in (1, 2):  # int/float, all dims
            if 0 in x.shape:
                _check_nonempty(x, None, name)  # raises torch's error
            return wrap(red(x))
        if isinstance(dim, Tensor):
            return pair(input, dim, out=out)
        if dtype_of(x).cat == 3:
            raise RuntimeError(f"{name}(): does not support complex input")
        isb = dtype_of(x).cat == 0
        xx = ivy.astype(x, "uint8") if isb else x
        # NaN: Ivy's max/min propagate it and its argmax/argmin pick the first NaN, as torch
        # (the Array API's rule; tests/functional checks it on every backend)
        if dim is None:
            _check_nonempty(x, None, name)
            r = red(xx)
            return _out(wrap(ivy.astype(r, "bool") if isb else r), out)
        d = norm_dim(_int(dim), len(x.shape))
        _check_nonempty(x, d, name)
        if not x.shape:
            return getattr(return_types, name)(input, wrap(ivy.zeros_like(x, dtype="int64")))
        # the values are taken at the indices (not reduced separately): torch's gradient goes
        # to the one element the index names, where a reduction's splits among ties (ReLU
        # zeros, repeated scores) — the emitted code's autodiff then matches torch's
        idx = _argred(arg, xx, d, True)
        vals = ivy.take_along_axis(xx, idx, axis=d)
        if not keepdim:
            vals, idx = ivy.squeeze(vals, axis=d), ivy.squeeze(idx, axis=d)
        return getattr(return_types, name)(wrap(ivy.astype(vals, "bool") if isb else vals),
                                           wrap(idx))

    f.__name__ = f.__qualname__ = name
    return f


def _argred(arg, x, d, keepdim):
    """argmax/argmin, int64; a NaN counts as the extreme (first NaN), as torch: Ivy's own rule."""
    return cast(arg(x, axis=d, keepdims=keepdim), _int64)


max = _max_min("max", ivy.max, ivy.argmax, maximum)  # noqa: A001
min = _max_min("min", ivy.min, ivy.argmin, minimum)  # noqa: A001


def _amax_amin(name, red):
    def f(input, dim=(), keepdim=False, *, out=None):
        x = input._data
        ax = _dims(dim, len(x.shape)) if dim != () else None
        _check_nonempty(x, ax, name)
        isb = dtype_of(x).cat == 0
        xx = ivy.astype(x, "uint8") if isb else x
        r = red(xx, axis=ax, keepdims=keepdim)  # NaN propagates (Ivy's rule)
        return _out(wrap(ivy.astype(r, "bool") if isb else r), out)

    f.__name__ = f.__qualname__ = name
    return f


amax = _amax_amin("amax", ivy.max)
amin = _amax_amin("amin", ivy.min)


def aminmax(input, *, dim=None, keepdim=False):
    return return_types.aminmax(amin(input, () if dim is None else dim, keepdim),
                                amax(input, () if dim is None else dim, keepdim))


def _arg(name, fn):
    def f(input, dim=None, keepdim=False):
        x = input._data
        if dim.__class__ is _int and _CAT.get(x.dtype) in (1, 2):
            # int/float input, one int dim of non-zero size: the general path's exact Ivy call
            s = x.shape
            n = len(s)
            if -n <= dim < n and s[dim]:
                return wrap(cast(fn(x, axis=dim % n, keepdims=keepdim), _int64))
        if dtype_of(x).cat == 3:
            raise RuntimeError(f"\"{name}_cpu\" not implemented for 'ComplexFloat'")
        if dtype_of(x).cat == 0:
            x = ivy.astype(x, "uint8")
        if dim is None:
            _check_nonempty(x, None, name)
            r = _argred(fn, ivy.reshape(x, (-1,)), 0, False)
            if keepdim:
                r = ivy.reshape(r, (1,) * len(x.shape))
            return wrap(r)
        d = norm_dim(_int(dim), len(x.shape))
        _check_nonempty(x, d, name)
        if not x.shape:
            return wrap(ivy.zeros_like(x, dtype="int64"))
        return wrap(_argred(fn, x, d, keepdim))

    f.__name__ = f.__qualname__ = name
    return f


argmax = _arg("argmax", ivy.argmax)
argmin = _arg("argmin", ivy.argmin)


def _correction(dim, unbiased, correction):
    if isinstance(dim, _bool):
        dim, unbiased = None, dim
    if correction is None:
        correction = 1 if unbiased is None else _int(_bool(unbiased))
    return dim, correction


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    dim, correction = _correction(dim, unbiased, correction)
    x = input._data
    if dtype_of(x).cat < 2:
        raise RuntimeError("std and var only support floating point and complex dtypes")
    ax = _dims(dim, len(x.shape))
    if dtype_of(x).cat == 3:
        m = ivy.mean(x, axis=ax, keepdims=True)
        d = ivy.subtract(x, m)
        sq = ivy.add(ivy.square(ivy.real(d)), ivy.square(ivy.imag(d)))
        n = _prod(_shape(x)) if ax is None else _prod(_shape(x)[a] for a in as_tuple(ax))
        s = ivy.sum(sq, axis=ax, keepdims=keepdim)
        return _out(wrap(ivy.divide(s, _float(_max(n - correction, 0)))), out)
    n = _prod(_shape(x)) if ax is None else _prod(_shape(x)[a] for a in as_tuple(ax))
    m = ivy.mean(x, axis=ax, keepdims=True)
    d = ivy.subtract(x, m)
    s = ivy.sum(ivy.multiply(d, d), axis=ax, keepdims=keepdim)
    return _out(wrap(ivy.divide(s, ivy.astype(ivy.asarray(_float(_max(n - correction, 0)))
                                              ._data, dtype_of(x).ivy)
                                if False else _float(_max(n - correction, 0)))), out)


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    return _out(sqrt(var(input, dim, unbiased, keepdim, correction=correction)), out)


def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dd, _c = _correction(dim, unbiased, correction)
    return return_types.var_mean(var(input, dim, unbiased, keepdim, correction=correction),
                                 mean(input, dd, keepdim))


def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dd, _c = _correction(dim, unbiased, correction)
    return return_types.std_mean(std(input, dim, unbiased, keepdim, correction=correction),
                                 mean(input, dd, keepdim))


def all(input, dim=None, keepdim=False, *, out=None):  # noqa: A001
    x = input._data
    r = ivy.all(x, axis=_dims(dim, len(x.shape)), keepdims=keepdim)
    return _out(wrap(ivy.astype(r, "uint8") if dtype_of(x) is _core.uint8 else r), out)


def any(input, dim=None, keepdim=False, *, out=None):  # noqa: A001
    x = input._data
    r = ivy.any(x, axis=_dims(dim, len(x.shape)), keepdims=keepdim)
    return _out(wrap(ivy.astype(r, "uint8") if dtype_of(x) is _core.uint8 else r), out)


def count_nonzero(input, dim=None):
    x = input._data
    return wrap(ivy.astype(ivy.count_nonzero(x, axis=_dims(dim, len(x.shape))), "int64"))


def cumsum(input, dim, *, dtype=None, out=None):
    x = input._data
    dt = to_dtype(dtype) if dtype is not None else (_int64 if dtype_of(x).cat < 2
                                                     else dtype_of(x))
    x = cast(x, dt)
    if not x.shape:
        norm_dim(dim, 0)
        return _out(wrap(x), out)
    return _out(wrap(ivy.cumulative_sum(x, axis=norm_dim(dim, len(x.shape)), dtype=dt.ivy)),
                out)


def cumprod(input, dim, *, dtype=None, out=None):
    x = input._data
    dt = to_dtype(dtype) if dtype is not None else (_int64 if dtype_of(x).cat < 2
                                                     else dtype_of(x))
    x = cast(x, dt)
    if not x.shape:
        norm_dim(dim, 0)
        return _out(wrap(x), out)
    return _out(wrap(ivy.cumulative_prod(x, axis=norm_dim(dim, len(x.shape)), dtype=dt.ivy)),
                out)


def logcumsumexp(input, dim, *, out=None):
    x = _floatify(input._data)
    if not x.shape:
        norm_dim(dim, 0)
        return _out(wrap(x), out)
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d]
    if n == 0:
        return _out(wrap(x), out)
    pre = (slice(None),) * d
    acc = ivy.get_item(x, pre + (slice(0, 1),))
    parts = [acc]
    for i in _range(1, n):
        acc = ivy.logaddexp(acc, ivy.get_item(x, pre + (slice(i, i + 1),)))
        parts.append(acc)
    return _out(wrap(ivy.concat(parts, axis=d)), out)


def logsumexp(input, dim=None, keepdim=False, *, out=None):
    x = _floatify(input._data)
    ax = _dims(dim, len(x.shape)) if dim is not None and dim != () else None
    if ax is None and dim is None:
        ax = None
    if _prod(_shape(x)) == 0:
        return _out(wrap(ivy.log(ivy.sum(ivy.exp(x), axis=ax, keepdims=keepdim))), out)
    m = ivy.max(x, axis=ax, keepdims=True)
    m = ivy.where(ivy.isfinite(m), m, ivy.zeros_like(m))
    r = ivy.add(ivy.log(ivy.sum(ivy.exp(ivy.subtract(x, m)), axis=ax, keepdims=True)), m)
    if not keepdim:
        r = ivy.squeeze(r, axis=ax if ax is not None else tuple(_range(len(x.shape))))
    return _out(wrap(r), out)


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    from . import linalg

    x = input
    if dtype is not None:
        x = x.to(dtype)
    if x.dtype.cat < 2:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {x.dtype}")
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, _int) or len(as_tuple(dim)) <= 2):
            return _out(linalg.vector_norm(x, 2, dim, keepdim), out)
        if p == "nuc":
            return _out(linalg.matrix_norm(x, "nuc", dim if dim is not None else (-2, -1),
                                           keepdim), out)
        raise RuntimeError(f"norm: unsupported p {p!r}")
    if dim is not None and len(as_tuple(dim)) == 2 and p not in (2, 2.0):
        return _out(linalg.vector_norm(x, p, dim, keepdim), out)
    return _out(linalg.vector_norm(x, p, dim, keepdim), out)


def dist(input, other, p=2):
    return norm(sub(input, other), p)


def _evenly(flat, r):
    """The value ``r`` of a full reduction of ``flat`` carrying torch's gradient rule for it
    (``evenly_distribute_backward``): each element equal to ``r`` (each NaN when ``r`` is NaN)
    gets ``1 / count``. ``sg(r) - sum(where(mask, sg(x) - x, 0)) / count`` is ``r`` exactly
    (-0.0 kept); at an infinite ``r`` that difference is NaN, so the mean of the equal elements
    (exact there) gives the value."""
    mask = ivy.logical_or(ivy.equal(flat, r), ivy.logical_and(ivy.isnan(flat), ivy.isnan(r)))
    cnt = ivy.astype(ivy.sum(ivy.astype(mask, "int64")), dtype_of(flat).ivy)
    zero = ivy.zeros_like(flat)
    exact = ivy.subtract(ivy.stop_gradient(r), ivy.divide(
        ivy.sum(ivy.where(mask, ivy.subtract(ivy.stop_gradient(flat), flat), zero)), cnt))
    mean = ivy.divide(ivy.sum(ivy.where(mask, flat, zero)), cnt)
    return ivy.where(ivy.isfinite(r), exact, mean)


def median(input, dim=None, keepdim=False):
    x = input._data
    if dim is None:
        flat = ivy.reshape(x, (-1,))
        n = _shape(flat)[0]
        if n == 0:
            return wrap(ivy.full((), math.nan, dtype=dtype_of(x).ivy)._data)
        s = ivy.sort(flat)
        r = ivy.get_item(s, (n - 1) // 2)
        if dtype_of(x).cat == 2:
            r = _evenly(flat, ivy.where(ivy.any(ivy.isnan(flat)), ivy.full_like(r, math.nan), r))
        return wrap(r)
    d = norm_dim(dim, len(x.shape))
    if not x.shape:
        return return_types.median(input, wrap(ivy.zeros_like(x, dtype="int64")))
    n = _shape(x)[d]
    _check_nonempty(x, d, "median")
    key = x
    if dtype_of(x).cat == 2:
        key = ivy.where(ivy.isnan(x), ivy.full_like(x, math.inf), x)
    order = ivy.argsort(key, axis=d, stable=True)
    k = (n - 1) // 2
    idx = ivy.get_item(order, (slice(None),) * d + (slice(k, k + 1),))
    if dtype_of(x).cat == 2:
        nan_ = ivy.isnan(x)
        has = ivy.any(nan_, axis=d, keepdims=True)
        first = ivy.argmax(ivy.astype(nan_, "int8"), axis=d, keepdims=True)
        idx = ivy.where(has, ivy.astype(first, dtype_of(idx).ivy), idx)
    vals = ivy.take_along_axis(x, idx, axis=d)  # a NaN at the index takes the gradient
    if not keepdim:
        vals, idx = ivy.squeeze(vals, axis=d), ivy.squeeze(idx, axis=d)
    return return_types.median(wrap(vals), wrap(ivy.astype(idx, "int64")))


def nanmedian(input, dim=None, keepdim=False):
    """The lower median of the non-NaN values (NaN when all are NaN)."""
    if dim is not None:
        not_implemented("torch.nanmedian(dim=)", "the index torch picks among ties")
    x = ivy.reshape(input._data, (-1,))
    if not _shape(x)[0]:
        return wrap(ivy.full((), math.nan, dtype=dtype_of(x).ivy)) if dtype_of(x).cat >= 2 \
            else median(input)
    srt = sort(wrap(x)).values._data  # NaN last
    k = _int(ivy.to_numpy(ivy.sum(ivy.astype(ivy.logical_not(ivy.isnan(x)), "int64")))) \
        if dtype_of(x).cat >= 2 else _shape(x)[0]
    r = ivy.get_item(srt, _max(k - 1, 0) // 2 if k else _shape(x)[0] - 1)
    return wrap(_evenly(x, r) if dtype_of(x).cat == 2 else r)


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    qs = q._data if isinstance(q, Tensor) else None
    qv = ivy.to_numpy(qs).reshape(-1).tolist() if qs is not None else [q]
    if dim is None:
        x = ivy.reshape(x, (-1,))
        d = 0
    else:
        d = norm_dim(dim, len(x.shape))
    s = ivy.sort(x, axis=d)
    n = _shape(x)[d]
    outs = []
    hasnan = ivy.any(ivy.isnan(x), axis=d, keepdims=True)
    for qq in qv:
        if not 0 <= qq <= 1:
            raise RuntimeError("quantile() q values must be in the range [0, 1]")
        pos = qq * (n - 1)
        lo, hi = math.floor(pos), math.ceil(pos)
        a = ivy.get_item(s, (slice(None),) * d + (slice(lo, lo + 1),))
        b = ivy.get_item(s, (slice(None),) * d + (slice(hi, hi + 1),))
        if interpolation == "linear":  # torch.lerp's two-sided formula
            w = pos - lo
            r = ivy.add(a, ivy.multiply(ivy.subtract(b, a), w)) if w < 0.5 else \
                ivy.subtract(b, ivy.multiply(ivy.subtract(b, a), 1 - w))
        elif interpolation == "lower":
            r = a
        elif interpolation == "higher":
            r = b
        elif interpolation == "midpoint":
            r = ivy.subtract(b, ivy.multiply(ivy.subtract(b, a), 0.5))  # torch.lerp(a, b, .5)
        elif interpolation == "nearest":
            r = a if builtins.round(pos) == lo else b
        else:
            raise RuntimeError(f"quantile() interpolation must be one of linear, lower, higher, "
                               f"midpoint or nearest. Got {interpolation}")
        r = ivy.where(hasnan, ivy.full_like(r, math.nan), r)
        if dim is None:
            r = ivy.reshape(r, (1,) * len(input.shape)) if keepdim else ivy.reshape(r, ())
        elif not keepdim:
            r = ivy.squeeze(r, axis=d)
        outs.append(r)
    if qs is None or len(_shape(qs)) == 0:
        return _out(wrap(outs[0]), out)
    return _out(wrap(ivy.stack(outs, axis=0)), out)


# -------------------------------------------------------------------------- sorting/search

def sort(input, dim=-1, descending=False, stable=False, *, out=None):
    if isinstance(dim, _bool):
        stable, dim = dim, -1
    x = input._data
    if not x.shape:
        return return_types.sort(input, wrap(ivy.zeros_like(x, dtype="int64")))
    d = norm_dim(dim, len(x.shape))
    key = x
    if dtype_of(x).cat == 2:  # torch puts NaN last ascending, first descending
        key = ivy.where(ivy.isnan(x), ivy.full_like(x, math.inf), x)
    if dtype_of(x).cat == 0:
        key = ivy.astype(x, "uint8")
    if descending:
        # stable descending: reverse, stable ascending sort of the negated order
        idx = ivy.argsort(key, axis=d, descending=True, stable=True)
        if dtype_of(x).cat == 2:
            nan_ = ivy.isnan(x)
            # NaN first when descending: NaN rank above +inf
            k2 = ivy.where(nan_, ivy.ones_like(x), ivy.zeros_like(x))
            idx = _lexsort_desc(k2, key, d)
    else:
        idx = ivy.argsort(key, axis=d, stable=True)
        if dtype_of(x).cat == 2:
            nan_ = ivy.isnan(x)
            k2 = ivy.where(nan_, ivy.ones_like(x), ivy.zeros_like(x))
            idx = _lexsort_asc(k2, key, d)
    vals = ivy.take_along_axis(x, idx, axis=d)
    return return_types.sort(wrap(vals), wrap(ivy.astype(idx, "int64")))


def _lexsort_asc(primary, secondary, d):
    i1 = ivy.argsort(secondary, axis=d, stable=True)
    p = ivy.take_along_axis(primary, i1, axis=d)
    i2 = ivy.argsort(p, axis=d, stable=True)
    return ivy.take_along_axis(i1, i2, axis=d)


def _lexsort_desc(primary, secondary, d):
    i1 = ivy.argsort(secondary, axis=d, descending=True, stable=True)
    p = ivy.take_along_axis(primary, i1, axis=d)
    i2 = ivy.argsort(p, axis=d, descending=True, stable=True)
    return ivy.take_along_axis(i1, i2, axis=d)


def argsort(input, dim=-1, descending=False, stable=False):
    return sort(input, dim, descending, stable).indices


def msort(input):
    return sort(input, 0).values


def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):  # noqa: A002
    x = input._data
    if not x.shape:
        if k > 1:
            raise RuntimeError("selected index k out of range")
        return return_types.topk(input, wrap(ivy.zeros_like(x, dtype="int64")))
    d = norm_dim(dim, len(x.shape))
    if k > _shape(x)[d] or k < 0:
        raise RuntimeError("selected index k out of range")
    s = sort(input, d, descending=largest, stable=True)
    sl = (slice(None),) * d + (slice(0, k),)
    return return_types.topk(s.values[sl], s.indices[sl])


def kthvalue(input, k, dim=-1, keepdim=False):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d] if x.shape else 1
    if not 1 <= k <= n:
        raise RuntimeError("kthvalue(): selected number k out of range")
    s = sort(input, d, stable=True)
    sl = (slice(None),) * d + (slice(k - 1, k),) if x.shape else ()
    v, i = s.values[sl], s.indices[sl]
    if not keepdim and x.shape:
        v, i = v.squeeze(d), i.squeeze(d)
    return return_types.kthvalue(v, i)


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None,
                 sorter=None, out=None):
    if side is not None:
        right = side == "right"
    seq = sorted_sequence._data
    vals = input._data if isinstance(input, Tensor) else input
    dt = "int32" if out_int32 else "int64"
    if len(seq.shape) <= 1:
        srt = None if sorter is None else sorter._data
        r = ivy.searchsorted(seq, vals, side="right" if right else "left", sorter=srt)
        return _out(wrap(ivy.astype(r, dt)), out)
    rows = [ivy.searchsorted(ivy.get_item(seq, i), ivy.get_item(vals, i),
                             side="right" if right else "left")
            for i in np.ndindex(*_shape(seq)[:-1])]
    r = ivy.reshape(ivy.stack(rows, axis=0), _shape(vals))
    return _out(wrap(ivy.astype(r, dt)), out)


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    return searchsorted(boundaries, input, out_int32=out_int32, right=right, out=out)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa
    if dim is not None:
        not_implemented("torch.unique(dim=...)")
    x = input._data
    flat = ivy.reshape(x, (-1,))
    u = ivy.unique_all(flat)
    vals = u.values
    order = ivy.argsort(vals, stable=True)
    vals = ivy.take(vals, order)
    res = [wrap(vals)]
    if return_inverse:
        inv = ivy.searchsorted(vals, flat)
        res.append(wrap(ivy.reshape(ivy.astype(inv, "int64"), _shape(x))))
    if return_counts:
        res.append(wrap(ivy.astype(ivy.take(u.counts, order), "int64")))
    return res[0] if len(res) == 1 else tuple(res)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        not_implemented("torch.unique_consecutive(dim=)")
    x = ivy.reshape(input._data, (-1,))
    n = _shape(x)[0]
    start = ivy.concat([ivy.ones((_min(n, 1),), dtype="bool", device=ivy.dev(x)),
                        ivy.not_equal(x[1:], x[:-1])], axis=0)
    vals = wrap(ivy.get_item(x, start))
    if not (return_inverse or return_counts):
        return vals
    out = (vals,)
    if return_inverse:
        inv = ivy.subtract(ivy.cumulative_sum(ivy.astype(start, "int64"), axis=0), 1)
        out += (wrap(ivy.reshape(inv, _shape(input._data))),)
    if return_counts:
        pos = ivy.nonzero(start)[0]
        ends = ivy.concat([pos[1:], ivy.full((_min(n, 1),), n, dtype=dtype_of(pos).ivy,
                                             device=ivy.dev(x))], axis=0)
        out += (wrap(ivy.astype(ivy.subtract(ends, pos), "int64")),)
    return out


# ---------------------------------------------------------------------------- manipulation

def _cat_dtype(tensors):
    return result_type(*[t if t.ndim else tensor([0], dtype=t.dtype) for t in tensors])


def _same(tensors, dim, extra):
    """The native arrays of ``tensors`` (a list/tuple of Tensors of one native dtype and shape
    length >= 1, none 1-D and empty; for ``stack`` (``extra`` 1) of one shape) and ``dim`` made
    non-negative for ``ndim + extra`` dims, or None where ``cat``/``stack`` need their general
    path."""
    c = tensors.__class__
    if (c is not list and c is not tuple) or not tensors or dim.__class__ is not _int:
        return None
    x0 = tensors[0]
    if x0.__class__ is not Tensor:
        return None
    x0 = x0._data
    dt, s0 = x0.dtype, x0.shape
    nd = len(s0)
    n = nd + extra
    if not nd or not -n <= dim < n or (nd == 1 and not s0[0]):
        return None
    xs = [x0]
    for t in tensors[1:]:
        if t.__class__ is not Tensor:
            return None
        x = t._data
        if x.dtype is not dt or (x.shape != s0 if extra else x.ndim != nd) or (
                nd == 1 and not x.shape[0]):
            return None
        xs.append(x)
    return xs, dim % n


def cat(tensors, dim=0, *, out=None):
    if out is None:
        fast = _same(tensors, dim, 0)
        if fast is not None:  # one dtype, no 0-d or legacy empty 1-D tensors
            return wrap(ivy.concat(fast[0], axis=fast[1]))
    tensors = [t for t in tensors]
    if not tensors:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    for t in tensors:
        if t.ndim == 0:
            raise RuntimeError("zero-dimensional tensor cannot be concatenated")
    rt = _cat_dtype(tensors)
    # legacy: 1-D empty tensors are skipped
    keep = [t for t in tensors if not (t.ndim == 1 and t.shape[0] == 0)] or tensors[:1]
    nd = keep[0].ndim
    d = norm_dim(dim, nd)
    return _out(wrap(ivy.concat([cast(t._data, rt) for t in keep], axis=d)), out)


concat = concatenate = cat


def stack(tensors, dim=0, *, out=None):
    if out is None:
        fast = _same(tensors, dim, 1)
        if fast is not None:  # (one shape as well)
            return wrap(ivy.stack(fast[0], axis=fast[1]))
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    shapes = {tuple(t.shape) for t in tensors}
    if len(shapes) > 1:
        raise RuntimeError("stack expects each tensor to be equal size")
    rt = _cat_dtype(tensors)
    d = norm_dim(dim, tensors[0].ndim + 1)
    return _out(wrap(ivy.stack([cast(t._data, rt) for t in tensors], axis=d)), out)


def hstack(tensors, *, out=None):
    ts = atleast_1d(*tensors) if len(tensors) > 1 else (atleast_1d(tensors[0]),)
    return cat(ts, 0 if ts[0].ndim == 1 else 1, out=out)


def vstack(tensors, *, out=None):
    ts = atleast_2d(*tensors) if len(tensors) > 1 else (atleast_2d(tensors[0]),)
    return cat(ts, 0, out=out)


row_stack = vstack


def dstack(tensors, *, out=None):
    ts = atleast_3d(*tensors) if len(tensors) > 1 else (atleast_3d(tensors[0]),)
    return cat(ts, 2, out=out)


def column_stack(tensors, *, out=None):
    ts = [t.reshape(-1, 1) if t.ndim <= 1 else t for t in tensors]
    return cat(ts, 1, out=out)


def _atleast(n, tensors):
    res = []
    for t in tensors:
        s = tuple(t.shape)
        if len(s) < n:
            if n == 3 and len(s) == 2:
                t = t.unsqueeze(-1)
            elif n == 3 and len(s) == 1:
                t = t.reshape(1, s[0], 1)
            else:
                t = t.reshape((1,) * (n - len(s)) + s)
        res.append(t)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_1d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(1, tensors)


def atleast_2d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(2, tensors)


def atleast_3d(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return _atleast(3, tensors)


def split(tensor, split_size_or_sections, dim=0):
    x = tensor._data
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d]
    if isinstance(split_size_or_sections, _int):
        s = split_size_or_sections
        if s <= 0 and not (s == 0 and n == 0):
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got "
                               f"dimension size of {n}")
        sizes = ([s] * (n // s) + ([n % s] if n % s else []) if s else [0]) or [0]
    else:
        sizes = list(split_size_or_sections)
        if _sum(sizes) != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n}")
    out, start = [], 0
    for s in sizes:
        out.append(wrap(ivy.get_item(x, (slice(None),) * d + (slice(start, start + s),))))
        start += s
    return tuple(out)


def tensor_split(input, indices_or_sections, dim=0):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    n = _shape(x)[d]
    if isinstance(indices_or_sections, Tensor):
        indices_or_sections = indices_or_sections.tolist()
    if isinstance(indices_or_sections, _int):
        k = indices_or_sections
        if k <= 0:
            raise RuntimeError("number of sections must be larger than 0")
        q, r = divmod(n, k)
        sizes = [q + 1] * r + [q] * (k - r)
        bounds = np.cumsum([0] + sizes).tolist()
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    return tuple(wrap(ivy.get_item(x, (slice(None),) * d + (slice(_min(a, n), _min(_max(a, b), n)),
                                                             ))) for a, b in zip(bounds[:-1],
                                                                                 bounds[1:]))


def chunk(input, chunks, dim=0):
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0")
    n = input.shape[norm_dim(dim, input.ndim)]
    size = -(-n // chunks) if n else 0
    if size == 0:
        return split(input, 1 if n else 0, dim) if n else (input,) * chunks
    return split(input, size, dim)


def unbind(input, dim=0):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    return tuple(wrap(ivy.get_item(x, (slice(None),) * d + (i,))) for i in _range(_shape(x)[d]))


def _infer_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        rest = _prod(s for s in shape if s != -1)
        if rest == 0 or numel % rest:
            raise RuntimeError(f"shape '{shape}' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // rest
    if _prod(shape) != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def reshape(input, *shape):
    x = input._data
    if shape == (-1,):  # flatten
        n = 1
        for v in x.shape:
            n *= v
        return wrap(ivy.reshape(x, (_int(n),)))
    shape = _infer_shape(size_args(shape), _prod(_shape(x)))
    return wrap(ivy.reshape(x, shape))


def flatten(input, start_dim=0, end_dim=-1):
    x = input._data
    s = _shape(x)
    if not s:
        return wrap(ivy.reshape(x, (1,)))
    a, b = norm_dim(start_dim, len(s)), norm_dim(end_dim, len(s))
    if a > b:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    return wrap(ivy.reshape(x, s[:a] + (_prod(s[a:b + 1]),) + s[b + 1:]))


def unflatten(input, dim, sizes):
    s = tuple(input.shape)
    d = norm_dim(dim, len(s))
    sizes = _infer_shape(sizes, s[d])
    return reshape(input, s[:d] + sizes + s[d + 1:])


def squeeze(input, dim=None):
    x = input._data
    s = _shape(x)
    if dim is None:
        ax = tuple(i for i, v in enumerate(s) if v == 1)
    else:
        ax = tuple(norm_dim(d, len(s)) for d in as_tuple(dim))
        ax = tuple(a for a in ax if s and s[a] == 1)
    if not ax:
        return wrap(x)
    return wrap(ivy.squeeze(x, axis=ax))


def unsqueeze(input, dim):
    x = input._data
    return wrap(ivy.expand_dims(x, axis=norm_dim(dim, len(x.shape) + 1)))


def permute(input, *dims):
    x = input._data
    if not dims:
        raise TypeError("permute() missing 1 required positional arguments: \"dims\"")
    dims = size_args(dims)
    if len(dims) != len(x.shape):
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does "
                           "not match the length of the desired ordering of dimensions")
    dims = tuple(norm_dim(d, len(x.shape)) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return wrap(ivy.permute_dims(x, dims))


def transpose(input, dim0, dim1):
    x = input._data
    n = len(x.shape)
    if n == 0:
        norm_dim(dim0, 0), norm_dim(dim1, 0)
        return input
    a, b = norm_dim(dim0, n), norm_dim(dim1, n)
    p = list(_range(n))
    p[a], p[b] = p[b], p[a]
    return wrap(ivy.permute_dims(x, tuple(p)))


swapaxes = swapdims = transpose


def t(input):
    if input.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {input.ndim}D")
    return transpose(input, 0, 1) if input.ndim == 2 else input


def adjoint(input):
    return transpose(input, -2, -1).conj()


def movedim(input, source, destination):
    x = input._data
    n = len(x.shape)
    src = tuple(norm_dim(s, n) for s in as_tuple(source))
    dst = tuple(norm_dim(s, n) for s in as_tuple(destination))
    return wrap(ivy.moveaxis(x, src, dst))


moveaxis = movedim


def flip(input, dims):
    x = input._data
    ax = tuple(norm_dim(d, len(x.shape)) for d in as_tuple(dims))
    return wrap(ivy.flip(x, axis=ax)) if x.shape else input


def fliplr(input):
    return flip(input, 1)


def flipud(input):
    return flip(input, 0)


def roll(input, shifts, dims=None):
    x = input._data
    if dims is None:
        return wrap(ivy.reshape(ivy.roll(ivy.reshape(x, (-1,)), shifts), _shape(x)))
    return wrap(ivy.roll(x, shifts, axis=tuple(norm_dim(d, len(x.shape))
                                               for d in as_tuple(dims)) if isinstance(
        dims, (list, tuple)) else norm_dim(dims, len(x.shape))))


def rot90(input, k=1, dims=(0, 1)):
    k %= 4
    a, b = dims
    if k == 0:
        return input
    if k == 1:
        return flip(input, b).transpose(a, b)
    if k == 2:
        return flip(input, (a, b))
    return flip(input, a).transpose(a, b)


def narrow(input, dim, start, length):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    start = _int(start)
    if start < 0:
        start += _shape(x)[d]
    if start + length > _shape(x)[d] or start < 0 or length < 0:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({_shape(x)[d]}).")
    return wrap(ivy.get_item(x, (slice(None),) * d + (slice(start, start + length),)))


def select(input, dim, index):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    return wrap(ivy.get_item(x, (slice(None),) * d + (_int(index),)))


def index_select(input, dim, index):
    x = input._data
    i = index._data
    if len(i.shape) > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if dtype_of(i).cat != 1:
        raise RuntimeError("index_select(): Expected dtype int32/int64 for index")
    if not x.shape:
        return wrap(ivy.reshape(ivy.get_item(ivy.reshape(x, (1,)), i), _shape(i)))
    d = norm_dim(dim, len(x.shape))
    if _prod(_shape(i)) and (ivy.to_numpy(ivy.max(i)) >= _shape(x)[d] or
                             ivy.to_numpy(ivy.min(i)) < -_shape(x)[d]):
        raise IndexError("index out of range in self")
    return wrap(ivy.take(x, ivy.reshape(i, (-1,)), axis=d))


def masked_select(input, mask):
    x, m = ivy.broadcast_arrays(input._data, ivy.astype(mask._data, "bool"))
    return wrap(ivy.get_item(x, m))


def take(input, index):
    return wrap(ivy.reshape(ivy.take(ivy.reshape(input._data, (-1,)), ivy.reshape(
        index._data, (-1,))), _shape(index._data)))


def take_along_dim(input, indices, dim=None):
    if dim is None:
        return take(input, indices)
    x, i = input._data, indices._data
    d = norm_dim(dim, len(x.shape))
    sx, si = list(_shape(x)), list(_shape(i))
    sx[d] = si[d] = 1
    b = ivy.broadcast_shapes(tuple(sx), tuple(si))
    x = ivy.broadcast_to(x, b[:d] + (_shape(x)[d],) + b[d + 1:])
    i = ivy.broadcast_to(i, b[:d] + (_shape(i)[d],) + b[d + 1:])
    return wrap(ivy.take_along_axis(x, i, axis=d))


def gather(input, dim, index, *, sparse_grad=False, out=None):
    x, i = input._data, index._data
    nd = len(x.shape)
    if dtype_of(i) is not _core.int64:
        raise RuntimeError("gather(): Expected dtype int64 for index")
    if len(i.shape) != nd and not (nd == 0 and len(i.shape) <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    if nd == 0:
        return _out(wrap(ivy.reshape(ivy.get_item(ivy.reshape(x, (1,)), ivy.reshape(i, (-1,))),
                                     _shape(i))), out)
    d = norm_dim(dim, nd)
    si = _shape(i)
    for a in _range(nd):
        if a != d and si[a] > _shape(x)[a]:
            raise RuntimeError(f"Size does not match at dimension {a} expected index {list(si)} "
                               f"to be smaller than self {list(_shape(x))} apart from dimension "
                               f"{d}")
    if _prod(si) == 0:
        return _out(wrap(ivy.zeros(si, dtype=dtype_of(x).ivy)._data if False else
                         ivy.reshape(ivy.get_item(ivy.reshape(x, (-1,)), slice(0, 0)), si)
                         if _prod(_shape(x)) else ivy.zeros_like(i, dtype=dtype_of(x).ivy)), out)
    n = _shape(x)[d]
    if ivy.to_numpy(ivy.max(i)) >= n or ivy.to_numpy(ivy.min(i)) < -n:
        raise RuntimeError(f"index out of bounds for dimension {d} with size {n}")
    xs = ivy.get_item(x, tuple(slice(0, si[a]) if a != d else slice(None) for a in _range(nd)))
    return _out(wrap(ivy.take_along_axis(xs, ivy.where(ivy.less(i, 0), ivy.add(i, n), i),
                                         axis=d)), out)


def _scatter_indices(i, d, x_shape):
    """Full coordinates (..., ndim) for torch's scatter along ``d`` with index array ``i``."""
    si = _shape(i)
    nd = len(si)
    coords = []
    for a in _range(nd):
        if a == d:
            c = ivy.where(ivy.less(i, 0), ivy.add(i, x_shape[d]), i)
        else:
            shp = [1] * nd
            shp[a] = si[a]
            c = ivy.broadcast_to(ivy.reshape(ivy.arange(0, si[a], 1, dtype="int64",
                                                        device=ivy.dev(i))._data
                                             if False else _arange_like(i, si[a]), tuple(shp)),
                                 si)
        coords.append(ivy.astype(c, "int64"))
    return ivy.stack(coords, axis=-1)


def _arange_like(x, n):
    return like(x, np.arange(n, dtype=np.int64))


def _scatter_core(input, dim, index, src, reduction, name):
    x, i = input._data, index._data
    nd = len(x.shape)
    if dtype_of(i) is not _core.int64:
        raise RuntimeError(f"{name}(): Expected dtype int64 for index")
    if nd == 0:
        x1 = ivy.reshape(x, (1,))
        r = _scatter_core(wrap(x1), 0, wrap(ivy.reshape(i, (-1,))),
                          src if not isinstance(src, Tensor) else wrap(ivy.reshape(src._data,
                                                                                   (-1,))),
                          reduction, name)
        return wrap(ivy.reshape(r._data, ()))
    if len(i.shape) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    d = norm_dim(dim, nd)
    si = _shape(i)
    if _prod(si) == 0:
        return wrap(x)
    n = _shape(x)[d]
    if ivy.to_numpy(ivy.max(i)) >= n or ivy.to_numpy(ivy.min(i)) < -n:
        raise RuntimeError(f"index out of bounds for dimension {d} with size {n}")
    idx = _scatter_indices(i, d, _shape(x))
    if isinstance(src, Tensor):
        s = src._data
        if dtype_of(s) is not dtype_of(x):
            raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
        s = ivy.get_item(s, tuple(slice(0, v) for v in si))
    else:
        s = ivy.full(si, src, dtype=dtype_of(x).ivy, device=ivy.dev(x))._data \
            if False else ivy.full_like(i, src, dtype=dtype_of(x).ivy)
    if reduction == "replace":
        return wrap(ivy.scatter_nd(idx, s, reduction="replace", out=x))
    if reduction in ("sum", "add"):
        return wrap(ivy.scatter_nd(idx, s, reduction="sum", out=x))
    if reduction in ("amax", "amin"):
        return wrap(ivy.scatter_nd(idx, s, reduction=reduction[1:], out=x))
    if reduction in ("prod", "multiply"):
        # product via logs is inexact: multiply one index position at a time
        flat_idx = ivy.reshape(idx, (-1, nd))
        flat_s = ivy.reshape(s, (-1,))
        r = x
        for k in _range(_shape(flat_s)[0]):
            pos = tuple(_int(v) for v in ivy.to_numpy(ivy.get_item(flat_idx, k)))
            r = ivy.set_item(r, pos, ivy.multiply(ivy.get_item(r, pos), ivy.get_item(flat_s, k)))
        return wrap(r)
    not_implemented(f"torch.{name}(reduce={reduction!r})")


def scatter(input, dim, index, src=None, value=None, *, reduce=None, out=None):
    if src is None:
        src = value
    red = {None: "replace", "add": "sum", "multiply": "prod"}.get(reduce)
    if red is None:
        raise RuntimeError(f"reduce argument must be either add or multiply, got {reduce}")
    return _out(_scatter_core(input, dim, index, src, red, "scatter"), out)


def scatter_add(input, dim, index, src):
    return _scatter_core(input, dim, index, src, "sum", "scatter_add")


def _scatter_exclude_self(input, dim, index, src, reduce):
    """include_self=False: the positions the scatter writes start from the reduction's
    identity instead of input's value."""
    touched = _scatter_core(zeros_like(input), dim, index, ones_like(src), "sum",
                            "scatter_reduce") != 0
    if reduce in ("sum", "mean"):
        ident = 0
    elif reduce == "prod":
        ident = 1
    elif input.dtype.cat >= 2:
        ident = -math.inf if reduce == "amax" else math.inf
    elif input.dtype.cat == 1:
        info = np.iinfo(input.dtype.name)
        ident = _int(info.min if reduce == "amax" else info.max)
    else:
        ident = reduce != "amax"
    return where(touched, full_like(input, ident), input)


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got "
                           f"{reduce}")
    if not include_self:
        input = _scatter_exclude_self(input, dim, index, src, reduce)
    if reduce == "mean":
        s = _scatter_core(input, dim, index, src, "sum", "scatter_reduce")
        ones_ = ones_like(src)
        base = ones_like(input) if include_self else zeros_like(input)
        cnt = _scatter_core(base, dim, index, ones_, "sum", "scatter_reduce")
        cnt = where(cnt == 0, ones_like(cnt), cnt)
        r = s / cnt
        return r if input.dtype.cat >= 2 else floor_divide(s, cnt).to(input.dtype)
    return _scatter_core(input, dim, index, src, reduce, "scatter_reduce")


def index_add(input, dim, index, source, *, alpha=1):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    shape = [1] * len(x.shape)
    shape[d] = -1
    src = source if alpha == 1 else source * alpha
    full_idx = index.reshape(*shape).expand(*[src.shape[a] if a != d else index.shape[0]
                                              for a in _range(len(x.shape))])
    return scatter_add(input, d, full_idx.long(), src.to(input.dtype))


def index_copy(input, dim, index, source):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    shape = [1] * len(x.shape)
    shape[d] = -1
    full_idx = index.reshape(*shape).expand(*[source.shape[a] if a != d else index.shape[0]
                                              for a in _range(len(x.shape))])
    return scatter(input, d, full_idx.long(), source)


def index_fill(input, dim, index, value):
    x = input._data
    d = norm_dim(dim, len(x.shape))
    key = (slice(None),) * d + (index._data,)
    v = value.item() if isinstance(value, Tensor) else value
    return wrap(ivy.set_item(ivy.astype(x, dtype_of(x).ivy, copy=True), key,
                             like(x, v, dtype_of(x))))


def where(condition, input=None, other=None, *, out=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    c = condition._data
    k = _CAT.get(c.dtype)
    if k != 0 and (k is not None or dtype_of(c).cat != 0):  # None: a dtype not seen yet
        c = ivy.astype(c, "bool")
    if input.__class__ is Tensor and other.__class__ is Tensor and out is None and \
            input._data.dtype is other._data.dtype:  # one dtype: no promotion
        return wrap(ivy.where(c, input._data, other._data))
    rt = result_type(input, other)
    a, b = operand(input, rt), operand(other, rt)
    if not isinstance(a, Tensor) and not hasattr(a, "shape"):
        a = like(c, a, rt)
    if not hasattr(b, "shape"):
        b = like(c, b, rt)
    return _out(wrap(ivy.where(c, a, b)), out)


def nonzero(input, *, out=None, as_tuple=False):
    x = input._data
    if not x.shape:
        n = 1 if _bool(ivy.to_numpy(x)) else 0
        if as_tuple:
            return (wrap(like(x, np.zeros((n,), np.int64))),)
        return wrap(like(x, np.zeros((n, 0), np.int64)))
    idx = ivy.nonzero(x)
    if as_tuple:
        return tuple(wrap(ivy.astype(i, "int64")) for i in idx)
    return _out(wrap(ivy.astype(ivy.stack(list(idx), axis=1), "int64")), out)


def argwhere(input):
    return nonzero(input)


def masked_fill(input, mask, value):
    x = input._data
    m = mask._data
    if dtype_of(m) is not _core.bool:
        raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{dtype_of(m)}")
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value.ndim} dimension(s).")
        v = cast(value._data, dtype_of(x))
    else:
        if dtype_of(x).cat < _core.scalar_dtype(value).cat and not (
                dtype_of(x).cat == 1 and isinstance(value, _float) and value.is_integer()):
            pass
        if dtype_of(x).cat == 1 and isinstance(value, (_int, _float)):
            info = np.iinfo(dtype_of(x).name)
            if not info.min <= value <= info.max:
                raise RuntimeError(f"value cannot be converted to type {dtype_of(x).name} "
                                   "without overflow")
        v = like(x, value if dtype_of(x).cat >= 2 or not isinstance(value, _float)
                 else _int(value), dtype_of(x)) if dtype_of(x).cat else like(x, _bool(value))
    r = ivy.where(m, v, x)
    if tuple(r.shape) != _shape(x):
        pass
    return wrap(r)


def masked_scatter(input, mask, source):
    x = input._data
    m = ivy.broadcast_to(ivy.astype(mask._data, "bool"), _shape(x))
    n = _int(ivy.to_numpy(ivy.sum(ivy.astype(m, "int64"))))
    vals = ivy.get_item(ivy.reshape(source._data, (-1,)), slice(0, n))
    return wrap(ivy.set_item(ivy.astype(x, dtype_of(x).ivy, copy=True), m, vals))


def tile(input, dims):
    x = input._data
    dims = tuple(dims)
    if len(dims) < len(x.shape):
        dims = (1,) * (len(x.shape) - len(dims)) + dims
    if len(dims) > len(x.shape):
        x = ivy.reshape(x, (1,) * (len(dims) - len(x.shape)) + _shape(x))
    return wrap(ivy.tile(x, dims))


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:
        r = input
        return repeat_interleave(arange(len(r)), r, 0)
    x = input._data
    if dim is None:
        x = ivy.reshape(x, (-1,))
        d = 0
    else:
        d = norm_dim(dim, len(x.shape))
    reps = repeats.tolist() if isinstance(repeats, Tensor) else repeats
    if isinstance(reps, list) and len(reps) == 1:
        reps = reps[0]
    if isinstance(reps, list):
        reps = like(x, np.asarray(reps, dtype=np.int64))
    return wrap(ivy.repeat(x, reps, axis=d))


def broadcast_to(input, size):
    x = input._data
    size = tuple(size)
    s = _shape(x)
    full = tuple(s[i - (len(size) - len(s))] if v == -1 else v for i, v in enumerate(size))
    return wrap(ivy.broadcast_to(x, full))


def broadcast_tensors(*tensors):
    return tuple(wrap(a) for a in ivy.broadcast_arrays(*[t._data for t in tensors]))


def broadcast_shapes(*shapes):
    return Size(ivy.broadcast_shapes(*[tuple(s) if isinstance(s, (list, tuple)) else (s,)
                                       for s in shapes]))


def diag(input, diagonal=0, *, out=None):
    x = input._data
    if len(x.shape) == 1:
        n = _shape(x)[0] + _abs(diagonal)
        z = ivy.zeros((n, n), dtype=dtype_of(x).ivy)._data
        z = cast(like(x, np.zeros((n, n))), dtype_of(x))
        rows = np.arange(_shape(x)[0]) + _max(-diagonal, 0)
        cols = np.arange(_shape(x)[0]) + _max(diagonal, 0)
        return _out(wrap(ivy.set_item(z, (like(x, rows), like(x, cols)), x)), out)
    if len(x.shape) != 2:
        raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " f"{len(x.shape)}D")
    return _out(wrap(ivy.linalg.diagonal(x, offset=diagonal)), out)


def diagonal(input, offset=0, dim1=0, dim2=1):
    x = input._data
    n = len(x.shape)
    a, b = norm_dim(dim1, n), norm_dim(dim2, n)
    if a == b:
        raise RuntimeError("diagonal dimensions cannot be identical")
    rest = [i for i in _range(n) if i not in (a, b)]
    return wrap(ivy.linalg.diagonal(ivy.permute_dims(x, tuple(rest + [a, b])), offset=offset))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    x = input._data
    n = _shape(x)[-1]
    m = n + _abs(offset)
    rs = _max(-offset, 0)
    nd = len(x.shape)
    vrow = ivy.pad(x, [(0, 0)] * (nd - 1) + [(rs, m - n - rs)])
    mask = like(x, np.eye(m, k=offset, dtype=bool))
    r = ivy.where(mask, ivy.expand_dims(vrow, axis=-1), ivy.zeros_like(ivy.expand_dims(
        vrow, axis=-1)))
    nd = len(_shape(r))
    a, b = norm_dim(dim1, nd), norm_dim(dim2, nd)
    if (a, b) != (nd - 2, nd - 1):
        r = ivy.moveaxis(r, (nd - 2, nd - 1), (a, b))
    return wrap(r)


def diagflat(input, offset=0):
    return diag(input.flatten(), offset)


def tril(input, diagonal=0, *, out=None):
    return _out(wrap(ivy.tril(input._data, k=diagonal)), out)


def triu(input, diagonal=0, *, out=None):
    return _out(wrap(ivy.triu(input._data, k=diagonal)), out)


def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    r, c = np.tril_indices(row, offset, col)
    return tensor(np.stack([r, c]).astype(np.int64), dtype=dtype or _int64)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    r, c = np.triu_indices(row, offset, col)
    return tensor(np.stack([r, c]).astype(np.int64), dtype=dtype or _int64)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    x = input._data
    r = ivy.diff(x, axis=norm_dim(dim, len(x.shape)), n=n,
                 prepend=None if prepend is None else prepend._data,
                 append=None if append is None else append._data)
    return wrap(r)


def trace(input):
    x = input._data
    if len(x.shape) != 2:
        raise RuntimeError("trace: expected a matrix")
    dt = _int64 if dtype_of(x).cat < 2 else dtype_of(x)
    return wrap(ivy.sum(ivy.linalg.diagonal(cast(x, dt)), dtype=dt.ivy))


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """torch.cumulative_trapezoid: ATen's formula, ``cumsum(dx * (y[:-1] + y[1:]) / 2)`` along
    ``dim`` (a constant spacing: ``cumsum(dx / 2 * (y[:-1] + y[1:]))``)."""
    if y.ndim == 0:
        raise IndexError("cumulative_trapezoid: dimension out of range (expected to be in range "
                         "of [-1, 0], but got dim)")
    d = norm_dim(dim, y.ndim)
    n = y.shape[d]
    m = builtins.max(n - 1, 0)
    pair = add(narrow(y, d, 0, m), narrow(y, d, builtins.min(1, n), m))
    if isinstance(x, Tensor):
        if x.ndim == 1:
            if x.shape[0] != n:
                raise RuntimeError("cumulative_trapezoid: There must be one `x` value for each "
                                   "sample point")
            dxs = reshape(diff(x), (-1,) + (1,) * (y.ndim - 1 - d))
        else:
            dxs = diff(x, dim=d)
        return cumsum(div(mul(dxs, pair), 2.0), d)
    step = dx if dx is not None else (x if x is not None else 1)
    return cumsum(mul(pair, builtins.float(step) / 2.0), d)


def bincount(input, weights=None, minlength=0):
    x = input._data
    if len(x.shape) != 1 or dtype_of(x).cat != 1:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    n = _shape(x)[0]
    if n and ivy.to_numpy(ivy.min(x)) < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    size = _max(minlength, (_int(ivy.to_numpy(ivy.max(x))) + 1) if n else 0)
    idx = ivy.expand_dims(ivy.astype(x, "int64"), axis=-1)
    if weights is None:
        upd = ivy.ones_like(x, dtype="int64")
        base = ivy.zeros_like(upd, dtype="int64")
        z = ivy.reshape(ivy.get_item(ivy.concat([base, like(x, np.zeros(size, np.int64))],
                                                axis=0), slice(n, n + size)), (size,))
        return wrap(ivy.scatter_nd(idx, upd, reduction="sum", out=z) if n else z)
    w = weights._data
    wt = dtype_of(w) if dtype_of(w).cat >= 2 else float64
    wd = cast(w, wt if wt is not float32 else float64)
    z = cast(like(x, np.zeros(size)), dtype_of(wd))
    r = ivy.scatter_nd(idx, wd, reduction="sum", out=z) if n else z
    return wrap(cast(r, wt if dtype_of(w).cat >= 2 else float64))


def _hist_range(x, lo, hi, name, pad=1.0, from_data=None):
    """``(lo, hi)`` as 0-d float64 values: the given range, or the data's min and max when
    ``from_data`` (default: when the range is (0, 0), histc's rule; torch.histogram(dd) use the
    data only without ``range``, and [0, 1] for empty data) — computed with Ivy, so a traced
    program keeps them data-dependent; an equal pair is widened by ``pad``. Validated as torch
    does where the values are known (read only for that: nothing computed depends on the
    read)."""
    if from_data is None:
        from_data = lo == hi == 0
    elif from_data and not _prod(_shape(x)):
        lo, hi = 0.0, 1.0
    if from_data and _prod(_shape(x)):
        lo_a = ivy.astype(ivy.min(x), "float64")
        hi_a = ivy.astype(ivy.max(x), "float64")
        try:
            lo, hi = _float(lo_a), _float(hi_a)
        except TraceError:  # an ivy.Array traced from the inputs: no validation
            lo = hi = None
    else:
        lo_a, hi_a = ivy.asarray(lo, dtype="float64"), ivy.asarray(hi, dtype="float64")
    if lo is not None:
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise RuntimeError(f"{name}: range of [{lo}, {hi}] is not finite")
        if lo > hi:
            raise RuntimeError(f"{name}: max must be larger than min")
    same = ivy.equal(lo_a, hi_a)
    return (ivy.where(same, ivy.subtract(lo_a, pad), lo_a),
            ivy.where(same, ivy.add(hi_a, pad), hi_a))


def _hist_counts(x, lo, hi, bins, weight=None, edges=None):
    """Counts (or summed weights) of x in ``bins`` equal bins over [lo, hi] (hi inclusive);
    with ``edges``, a position is corrected against the actual edges (as torch.histogram)."""
    x = ivy.reshape(x, (-1,))
    pos, inside = _hist_pos(x, lo, hi, bins, edges)
    hit = ivy.logical_and(ivy.equal(ivy.expand_dims(pos, axis=-1),
                                    ivy.arange(bins, dtype="int64", device=ivy.dev(x))),
                          ivy.expand_dims(inside, axis=-1))
    w = ivy.ones_like(x) if weight is None else ivy.reshape(weight, (-1,))
    return ivy.sum(ivy.multiply(ivy.astype(hit, dtype_of(x).ivy), ivy.expand_dims(w, axis=-1)),
                   axis=0)


def _hist_pos(x, lo, hi, bins, edges=None):
    """The bin (int64) of each element of the 1-d ``x`` and whether it lies in [lo, hi]."""
    inside = ivy.logical_and(ivy.greater_equal(x, lo), ivy.less_equal(x, hi))
    pos = ivy.floor(ivy.multiply(ivy.subtract(ivy.astype(x, "float64"), lo),
                                 ivy.divide(bins, ivy.subtract(hi, lo))))
    pos = ivy.astype(ivy.clip(ivy.where(inside, pos, ivy.zeros_like(pos)), 0, bins - 1), "int64")
    if edges is not None:
        pos = ivy.where(ivy.less(x, ivy.get_item(edges, pos)), ivy.subtract(pos, 1), pos)
        up = ivy.clip(ivy.add(pos, 1), 0, bins)
        pos = ivy.where(ivy.logical_and(ivy.greater_equal(x, ivy.get_item(edges, up)),
                                        ivy.less(up, bins)), up, pos)
        pos = ivy.clip(pos, 0, bins - 1)
    return pos, inside


def histc(input, bins=100, min=0, max=0, *, out=None):  # noqa: A002
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"\"histogram_cpu\" not implemented for '{input.dtype}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histc: bins must be > 0, but got {bins} for dimension 0")
    lo, hi = _hist_range(x, _float(min), _float(max), "torch.histc")
    return _out(wrap(ivy.astype(_hist_counts(x, lo, hi, bins), dtype_of(x).ivy)), out)


def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):  # noqa: A002
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"torch.histogram: input tensor and bins tensors should have the same "
                           f"dtype, but got input {input.dtype}")
    if isinstance(bins, Tensor):
        not_implemented("torch.histogram(bins=Tensor)")
    lo, hi = (_float(range[0]), _float(range[1])) if range is not None else (0.0, 0.0)
    lo, hi = _hist_range(x, lo, hi, "torch.histogram", 0.5, range is None)
    # numpy.linspace(lo, hi, bins + 1) on the 0-d values: i * step + lo, the last edge hi
    i = ivy.arange(bins + 1, dtype="float64")
    edges = ivy.add(ivy.multiply(i, ivy.divide(ivy.subtract(hi, lo), bins)), lo)
    edges = ivy.where(ivy.equal(i, bins), hi, edges)
    edges = ivy.astype(edges, dtype_of(x).ivy)
    h = _hist_counts(x, lo, hi, bins, None if weight is None else weight._data, edges)
    if density:
        widths = ivy.subtract(ivy.get_item(edges, slice(1, None)), ivy.get_item(edges, slice(None, -1)))
        h = ivy.divide(h, ivy.multiply(ivy.sum(h), widths))
    return return_types.histogram(wrap(ivy.astype(h, dtype_of(x).ivy)), wrap(edges))


def _hist_edges(lo, hi, bins, dt):
    """numpy.linspace(lo, hi, bins + 1) on the 0-d values: i * step + lo, the last edge hi."""
    i = ivy.arange(bins + 1, dtype="float64")
    edges = ivy.add(ivy.multiply(i, ivy.divide(ivy.subtract(hi, lo), bins)), lo)
    return ivy.astype(ivy.where(ivy.equal(i, bins), hi, edges), dt.ivy)


def histogramdd(input, bins=10, *, range=None, weight=None, density=False):  # noqa: A002
    """torch.histogramdd: the last dimension of ``input`` holds the D coordinates of each point;
    ``bins`` an int or D ints (equal bins over ``range`` — 2 D floats — or each coordinate's
    min/max, an equal pair widened by 0.5), each point's bin found as torch.histogram's (the
    position corrected against the edges, the last edge inclusive, points outside dropped)."""
    x = input._data
    if len(x.shape) < 2:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 2 dimensions")
    dt = dtype_of(x)
    if dt.cat != 2:
        raise RuntimeError(f"torch.histogramdd: input tensor and bins tensors should have the "
                           f"same dtype, but got input {input.dtype}")
    D = x.shape[-1]
    if isinstance(bins, Tensor) or (isinstance(bins, (list, tuple)) and
                                    builtins.any(isinstance(b, Tensor) for b in bins)):
        not_implemented("torch.histogramdd(bins=Tensor edges)")
    nb = [_int(bins)] * D if not isinstance(bins, (list, tuple)) else [_int(b) for b in bins]
    if len(nb) != D:
        raise RuntimeError(f"torch.histogramdd: expected {D} sequences of bin edges for each of "
                           f"the {D} dimensions of the input, but got {len(nb)}")
    for d, b in enumerate(nb):
        if b <= 0:
            raise RuntimeError(f"torch.histogramdd(): bins must be > 0, but got {b} for "
                               f"dimension {d}")
    if range is not None and len(range) != 2 * D:
        raise RuntimeError(f"torch.histogramdd: for a {D}-dimensional histogram, range should "
                           f"have {2 * D} elements, but got {len(range)}")
    if weight is not None and tuple(weight.shape) != tuple(x.shape[:-1]):
        raise RuntimeError(f"torch.histogramdd: if weight tensor is provided it should have the "
                           f"same shape as the input tensor excluding its innermost dimension, "
                           f"but got input with shape {list(x.shape)} and weight with shape "
                           f"{list(weight.shape)}")
    if weight is not None and weight.dtype is not dt:
        raise RuntimeError(f"torch.histogramdd: if weight tensor is provided, it should have the "
                           f"same dtype as the input tensor, but got input {input.dtype} and "
                           f"weight {weight.dtype}")
    pts = ivy.reshape(x, (-1, D))
    edges, flat, inside, stride = [], None, None, 1
    for d in reversed(_range(D)):
        col = ivy.get_item(pts, (slice(None), d))
        lo, hi = ((_float(range[2 * d]), _float(range[2 * d + 1])) if range is not None
                  else (0.0, 0.0))
        lo, hi = _hist_range(col, lo, hi, "torch.histogramdd", 0.5, range is None)
        e = _hist_edges(lo, hi, nb[d], dt)
        pos, ins = _hist_pos(col, lo, hi, nb[d], e)
        edges.insert(0, e)
        term = ivy.multiply(pos, stride)
        flat = term if flat is None else ivy.add(flat, term)
        inside = ins if inside is None else ivy.logical_and(inside, ins)
        stride *= nb[d]
    w = ivy.ones_like(ivy.get_item(pts, (slice(None), 0))) if weight is None else ivy.reshape(weight._data, (-1,))
    w = ivy.where(inside, w, ivy.zeros_like(w))
    h = ivy.scatter_nd(ivy.expand_dims(flat, axis=-1), w, (stride,), reduction="sum")
    h = ivy.reshape(ivy.astype(h, dt.ivy), tuple(nb))
    if density:
        vol = None
        for d, e in enumerate(edges):
            wd = ivy.subtract(ivy.get_item(e, slice(1, None)), ivy.get_item(e, slice(None, -1)))
            shp = [1] * D
            shp[d] = nb[d]
            wd = ivy.reshape(wd, tuple(shp))
            vol = wd if vol is None else ivy.multiply(vol, wd)
        h = ivy.divide(h, ivy.multiply(ivy.sum(h), vol))
    return return_types.histogramdd(wrap(h), tuple(wrap(e) for e in edges))


def cartesian_prod(*tensors):
    gs = meshgrid(*tensors, indexing="ij")
    if len(gs) == 1:
        return tensors[0]
    return stack([g.reshape(-1) for g in gs], 1)


def block_diag(*tensors):
    ts = [t.reshape(1, 1) if t.ndim == 0 else (t.reshape(1, -1) if t.ndim == 1 else t)
          for t in tensors]
    rt = result_type(*ts)
    rows, cols = _sum(t.shape[0] for t in ts), _sum(t.shape[1] for t in ts)
    out = zeros(rows, cols, dtype=rt)
    r = c = 0
    for t in ts:
        out[r:r + t.shape[0], c:c + t.shape[1]] = t.to(rt)
        r += t.shape[0]
        c += t.shape[1]
    return out


def vander(x, N=None, increasing=False):
    n = N if N is not None else x.shape[0]
    p = arange(n, dtype=_int64)
    if not increasing:
        p = p.flip(0)
    base = x.unsqueeze(-1)
    if x.dtype.cat < 2:
        base = base.long()
    return pow(base, p)


# ----------------------------------------------------------------------- linear algebra

def _mm_dtype(a, b, name):
    if a.dtype is not b.dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {a.dtype} != "
                           f"{b.dtype}")
    if a.dtype is _core.bool:
        raise RuntimeError(f"\"{name}\" not implemented for 'Bool'")


def matmul(input, other, *, out=None):
    if input.__class__ is Tensor and other.__class__ is Tensor and out is None:
        x, y = input._data, other._data
        if x.dtype is y.dtype and _CAT.get(x.dtype) and x.ndim and y.ndim:
            r = ivy.matmul(x, y)
            return wrap(r)
    _mm_dtype(input, other, "addmm_impl_cpu_")
    if input.ndim == 0 or other.ndim == 0:
        raise RuntimeError("both arguments to matmul need to be at least 1D, but they are "
                           f"{input.ndim}D and {other.ndim}D")
    return _out(wrap(ivy.matmul(input._data, other._data)), out)


def mm(input, mat2, *, out=None):
    if input.ndim != 2 or mat2.ndim != 2:
        raise RuntimeError("self must be a matrix")
    return matmul(input, mat2, out=out)


def bmm(input, mat2, *, out=None):
    if input.ndim != 3 or mat2.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if input.shape[0] != mat2.shape[0]:
        raise RuntimeError("batch1 and batch2 must have same number of batches")
    return matmul(input, mat2, out=out)


def mv(input, vec, *, out=None):
    if input.ndim != 2 or vec.ndim != 1:
        raise RuntimeError("vector + matrix @ vector expected")
    return matmul(input, vec, out=out)


def dot(input, other, *, out=None):
    if input.ndim != 1 or other.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.ndim}D and {other.ndim}D "
                           "tensors")
    return matmul(input, other, out=out)


def vdot(input, other, *, out=None):
    return dot(conj(input), other, out=out)


def inner(input, other, *, out=None):
    if input.ndim == 0 or other.ndim == 0:
        return mul(input, other, out=out)
    return _out(wrap(ivy.tensordot(input._data, other._data, axes=([input.ndim - 1], [
        other.ndim - 1]))), out)


def outer(input, vec2, *, out=None):
    rt = result_type(input, vec2)
    return _out(wrap(ivy.multiply(ivy.expand_dims(cast(input._data, rt), axis=-1),
                                  cast(vec2._data, rt))), out)


ger = outer


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, mm(mat1, mat2), beta, alpha), out)


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, mv(mat, vec), beta, alpha), out)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, bmm(batch1, batch2).sum(0), beta, alpha), out)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, bmm(batch1, batch2), beta, alpha), out)


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, outer(vec1, vec2), beta, alpha), out)


def _axpby(input, prod_, beta, alpha):
    p = prod_ if alpha == 1 else prod_ * alpha
    if beta == 0:
        return p + zeros_like(input) * 0 if False else add(p, zeros_like(input))
    return add(p, input if beta == 1 else input * beta)


def tensordot(a, b, dims=2, out=None):
    if isinstance(dims, Tensor):
        dims = dims.tolist()
    if isinstance(dims, (list, tuple)):
        dims = ([d % a.ndim for d in as_tuple(dims[0])], [d % b.ndim for d in as_tuple(dims[1])])
    return _out(wrap(ivy.tensordot(a._data, b._data, axes=dims)), out)


def kron(input, other, *, out=None):
    a, b = input._data, other._data
    nd = _max(len(a.shape), len(b.shape))
    a = ivy.reshape(a, (1,) * (nd - len(a.shape)) + _shape(a))
    b = ivy.reshape(b, (1,) * (nd - len(b.shape)) + _shape(b))
    rt = result_type(input, other)
    a, b = cast(a, rt), cast(b, rt)
    ea = ivy.reshape(a, tuple(v for s in _shape(a) for v in (s, 1)))
    eb = ivy.reshape(b, tuple(v for s in _shape(b) for v in (1, s)))
    r = ivy.multiply(ea, eb)
    return _out(wrap(ivy.reshape(r, tuple(x * y for x, y in zip(_shape(a), _shape(b))))), out)


def cross(input, other, dim=None, *, out=None):
    if dim is None:
        dim = next(i for i, s in enumerate(input.shape) if s == 3)
    rt = result_type(input, other)
    a, b = ivy.broadcast_arrays(cast(input._data, rt), cast(other._data, rt))
    return _out(wrap(ivy.linalg.cross(a, b, axis=dim)), out)


def einsum(equation, *operands):
    """einsum as one broadcast product and a sum (operands aligned on a common letter order)."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, rhs = eq.split("->")
    else:
        lhs, rhs = eq, None
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    datas = []
    letters_ell = "".join(chr(c) for c in _range(0x3B1, 0x3B1 + 20))  # for '...'
    ell_n = 0
    for term, op in zip(terms, operands):
        if "..." in term:
            ell_n = _max(ell_n, op.ndim - (len(term) - 3))
    parsed = []
    for term, op in zip(terms, operands):
        if "..." in term:
            k = op.ndim - (len(term) - 3)
            term = term.replace("...", letters_ell[ell_n - k:ell_n])
        if len(term) != op.ndim:
            raise RuntimeError(f"einsum(): the number of subscripts in the equation "
                               f"({len(term)}) does not match the number of dimensions "
                               f"({op.ndim}) for operand")
        parsed.append(term)
    if rhs is None:
        counts = {}
        for term in parsed:
            for ch in term:
                counts[ch] = counts.get(ch, 0) + 1
        rhs = letters_ell[:ell_n] + "".join(sorted(c for c, n in counts.items()
                                                   if n == 1 and c not in letters_ell))
    else:
        rhs = rhs.replace("...", letters_ell[:ell_n])
    order = list(rhs) + sorted({c for term in parsed for c in term} - set(rhs))
    rt = result_type(*operands)
    sizes = {}
    for term, op in zip(parsed, operands):
        x = cast(op._data, rt)
        # diagonal for repeated letters
        while len(set(term)) < len(term):
            for ch in term:
                if term.count(ch) > 1:
                    i = term.index(ch)
                    j = term.index(ch, i + 1)
                    nd = len(term)
                    rest = [k for k in _range(nd) if k not in (i, j)]
                    x = ivy.linalg.diagonal(ivy.permute_dims(x, tuple(rest + [i, j])))
                    term = "".join(term[k] for k in rest) + ch
                    break
        for ch, s in zip(term, _shape(x)):
            if sizes.get(ch, 1) != 1 and s not in (1, sizes[ch]):
                raise RuntimeError("einsum(): operands do not broadcast")
            sizes[ch] = _max(sizes.get(ch, 1), s)
        perm = sorted(_range(len(term)), key=lambda k: order.index(term[k]))
        x = ivy.permute_dims(x, tuple(perm)) if perm != list(_range(len(term))) else x
        tsorted = [term[k] for k in perm]
        shape = tuple(_shape(x)[tsorted.index(c)] if c in tsorted else 1 for c in order)
        datas.append(ivy.reshape(x, shape))
    r = datas[0]
    for x in datas[1:]:
        r = ivy.multiply(r, x)
    red = tuple(_range(len(rhs), len(order)))
    full = tuple(sizes.get(c, 1) for c in order)
    if tuple(_shape(r)) != full:
        r = ivy.broadcast_to(r, full)
    if red:
        r = ivy.sum(r, axis=red, dtype=rt.ivy)
    return wrap(r)


def chain_matmul(*matrices, out=None):
    r = matrices[0]
    for m in matrices[1:]:
        r = mm(r, m)
    return _out(r, out)


def cdist(x1, x2, p=2.0, compute_mode=None):
    d = sub(x1.unsqueeze(-2), x2.unsqueeze(-3))
    from . import linalg

    return linalg.vector_norm(d, p, dim=-1)


def det(input):
    from . import linalg

    return linalg.det(input)


def logdet(input):
    from . import linalg

    s, la = linalg.slogdet(input)
    return where(s < 0, full_like(la, math.nan), where(s == 0, full_like(la, -math.inf), la))


def slogdet(input):
    from . import linalg

    return linalg.slogdet(input)


def inverse(input, *, out=None):
    from . import linalg

    return _out(linalg.inv(input), out)


def pinverse(input, rcond=1e-15):
    from . import linalg

    return linalg.pinv(input, rtol=rcond)


def matrix_power(input, n):
    from . import linalg

    return linalg.matrix_power(input, n)


def matrix_exp(input):
    from .linalg import matrix_exp as _me

    return _me(input)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    """torch.lu_unpack: (P, L, U) from lu_factor's output (empty tensors for the parts not
    unpacked)."""
    from .linalg import _unpack

    P, L, U = _unpack(LU_data._data, LU_pivots._data, unpack_data, unpack_pivots)
    empty = ivy.zeros((0,), dtype=LU_data.dtype.ivy)
    return _LU_UNPACK(*(wrap(empty if v is None else v) for v in (P, L, U)))


_LU_UNPACK = namedtuple("lu_unpack", ["P", "L", "U"])


def geqrf(input, *, out=None):
    from .linalg import geqrf as _g

    return _g(input)


def orgqr(input, tau, *, out=None):
    """torch.orgqr: torch.linalg.householder_product."""
    from .linalg import householder_product

    return householder_product(input, tau, out=out)


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    from .linalg import ormqr as _o

    return _o(input, tau, other, left, transpose, out=out)


def cholesky(input, upper=False, *, out=None):
    from . import linalg

    return _out(linalg.cholesky(input, upper=upper), out)


def qr(input, some=True, *, out=None):
    from . import linalg

    q, r = linalg.qr(input, "reduced" if some else "complete")
    return return_types.qr(q, r)


def svd(input, some=True, compute_uv=True, *, out=None):
    from . import linalg

    u, s, vh = linalg.svd(input, full_matrices=not some)
    return return_types.svd(u, s, vh.mH)


# --------------------------------------------------------------- gradient, stft / istft

def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """Central differences inside, one-sided differences of order ``edge_order`` (1 or 2) at
    the ends; ``spacing`` a scalar, one scalar per dim, or one coordinate tensor per dim."""
    x = input._data
    nd = len(x.shape)
    if dim is None:
        dims = list(_range(nd))
    else:
        dims = [norm_dim(_int(d), nd) for d in (dim if isinstance(dim, (list, tuple))
                                                else (dim,))]
    if isinstance(spacing, (list, tuple)):
        if len(spacing) != len(dims):
            raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar or "
                               f"it's spacing and dim arguments to have the same length, but got "
                               f"a spacing argument of length {len(spacing)} and a dim argument "
                               f"of length {len(dims)}.")
        hs = list(spacing)
    else:
        hs = [spacing] * len(dims)
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    if dtype_of(x).cat < 2:
        x = ivy.astype(x, get_default_dtype().ivy)
    out = []
    for d, h in zip(dims, hs, strict=True):
        n = x.shape[d]
        if n < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least "
                               "edge_order+1")

        def sl(a, b, d=d):
            return ivy.get_item(x, (slice(None),) * d + (slice(a, b),))

        shape = [1] * nd
        shape[d] = -1
        out_dtype = x.dtype
        if isinstance(h, Tensor):  # coordinates (the result takes the promoted dtype)
            out_dtype = ivy.result_type(x, h._data)
            c = ivy.astype(h._data, out_dtype)
            gi = ivy.get_item  # recorded by the tracer (native slicing is not)
            dx = ivy.subtract(gi(c, slice(1, None)), gi(c, slice(None, -1)))
            hd, hs_ = gi(dx, slice(None, -1)), gi(dx, slice(1, None))
            a = ivy.negative(ivy.divide(hs_, ivy.multiply(hd, ivy.add(hd, hs_))))
            b = ivy.divide(ivy.subtract(hs_, hd), ivy.multiply(hd, hs_))
            cc = ivy.divide(hd, ivy.multiply(hs_, ivy.add(hd, hs_)))
            r = lambda v, s=tuple(shape): ivy.reshape(v, s)  # noqa: E731
            mid = ivy.add(ivy.add(ivy.multiply(r(a), sl(None, -2)), ivy.multiply(r(b), sl(1, -1))),
                          ivy.multiply(r(cc), sl(2, None)))
            d0, d1 = gi(dx, 0), gi(dx, -1)
            if edge_order == 1:
                first = ivy.divide(ivy.subtract(sl(1, 2), sl(0, 1)), d0)
                last = ivy.divide(ivy.subtract(sl(-1, None), sl(-2, -1)), d1)
            else:
                d0b, d1b = gi(dx, 1), gi(dx, -2)
                a0 = -(2.0 * d0 + d0b) / (d0 * (d0 + d0b))
                b0 = (d0 + d0b) / (d0 * d0b)
                c0 = -d0 / (d0b * (d0 + d0b))
                m_, a_ = ivy.multiply, ivy.add  # Ivy calls: recorded when traced
                first = a_(a_(m_(a0, sl(0, 1)), m_(b0, sl(1, 2))), m_(c0, sl(2, 3)))
                an = d1 / (d1b * (d1b + d1))
                bn = -(d1b + d1) / (d1b * d1)
                cn = (2.0 * d1 + d1b) / (d1 * (d1b + d1))
                last = a_(a_(m_(an, sl(-3, -2)), m_(bn, sl(-2, -1))), m_(cn, sl(-1, None)))
        else:
            hf = _float(h)
            mid = ivy.divide(ivy.subtract(sl(2, None), sl(None, -2)), 2.0 * hf)
            if edge_order == 1:
                first = ivy.divide(ivy.subtract(sl(1, 2), sl(0, 1)), hf)
                last = ivy.divide(ivy.subtract(sl(-1, None), sl(-2, -1)), hf)
            else:
                first = ivy.divide(ivy.add(ivy.add(ivy.multiply(sl(0, 1), -1.5),
                                                   ivy.multiply(sl(1, 2), 2.0)),
                                           ivy.multiply(sl(2, 3), -0.5)), hf)
                last = ivy.divide(ivy.add(ivy.add(ivy.multiply(sl(-3, -2), 0.5),
                                                  ivy.multiply(sl(-2, -1), -2.0)),
                                          ivy.multiply(sl(-1, None), 1.5)), hf)
        g = ivy.concat([_data_of(first), _data_of(mid), _data_of(last)], axis=d)
        out.append(wrap(ivy.astype(g, out_dtype)))
    return tuple(out)


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    """A tensor over the bytes of a Python buffer (a copy: Ivy arrays do not share host
    memory with the buffer)."""
    dt = to_dtype(dtype)
    a = np.frombuffer(buffer, dtype=np.dtype(str(dt.ivy)) if dt.name != "bfloat16" else
                      np.dtype("uint16"), count=count, offset=offset)
    if dt.name == "bfloat16":
        import ml_dtypes
        a = a.view(ml_dtypes.bfloat16)
    return wrap(ivy.asarray(a.copy(), dtype=dt.ivy)._data)


def _data_of(v):
    return v._data if isinstance(v, ivy.Array) else v


def _stft_window(window, win_length, n_fft, dtype):
    if win_length > n_fft or win_length <= 0:
        raise RuntimeError(f"stft: expected 0 < win_length <= n_fft, but got win_length="
                           f"{win_length}")
    w = ivy.ones((win_length,), dtype=dtype) if window is None else window._data
    if w.shape[0] != win_length:
        raise RuntimeError(f"stft: expected a 1D window tensor of size equal to win_length="
                           f"{win_length}, but got window with size {list(w.shape)}")
    left = (n_fft - win_length) // 2
    if left or n_fft - win_length - left:
        w = ivy.pad(w, [(left, n_fft - win_length - left)])
    return w


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, return_complex=None):
    x = input._data
    complex_in = dtype_of(x).cat == 3 or (window is not None and window.dtype.is_complex)
    if return_complex is None:
        raise RuntimeError("stft requires the return_complex parameter be given for real "
                           "inputs, and will further require that return_complex=True in a "
                           "future PyTorch release.")
    if len(x.shape) not in (1, 2):
        raise RuntimeError(f"stft: expected a 1D or 2D tensor, but got {len(x.shape)}D")
    n_fft = _int(n_fft)
    hop = n_fft // 4 if hop_length is None else _int(hop_length)
    wl = n_fft if win_length is None else _int(win_length)
    if hop <= 0:
        raise RuntimeError(f"stft: expected hop_length > 0, but got hop_length={hop}")
    batched = len(x.shape) == 2
    if not batched:
        x = ivy.expand_dims(x, axis=0)
    if dtype_of(x).cat < 2:
        raise RuntimeError("stft: expected a tensor of floating point or complex values")
    if center:
        p = n_fft // 2
        mode = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
                "circular": "wrap"}[pad_mode]
        x = ivy.pad(x, [(0, 0), (p, p)], mode=mode)
    length = x.shape[-1]
    if not 0 < n_fft <= length:
        raise RuntimeError(f"stft: expected 0 < n_fft <= {length}, but got n_fft={n_fft}")
    frames = 1 + (length - n_fft) // hop
    idx = ivy.add(ivy.reshape(ivy.arange(0, frames * hop, hop, dtype="int64"), (frames, 1)),
                  ivy.reshape(ivy.arange(0, n_fft, dtype="int64"), (1, n_fft)))
    fr = ivy.take(x, idx, axis=1)  # (B, frames, n_fft)
    w = _stft_window(window, wl, n_fft, x.dtype)
    fr = ivy.multiply(fr, w)
    one = (not complex_in) if onesided is None else onesided
    if one and complex_in:
        raise RuntimeError("Cannot have onesided output if window or input is complex")
    if one:
        spec = ivy.fft.rfft(fr, axis=-1)
    else:
        d = str(dtype_of(_data_of(fr)).ivy)
        spec = ivy.fft.fft(ivy.astype(fr, {"float32": "complex64", "float64": "complex128"}.get(
            d, d)), axis=-1)
    if normalized:
        spec = ivy.multiply(spec, 1.0 / math.sqrt(n_fft))
    spec = ivy.permute_dims(spec, (0, 2, 1))
    spec = _data_of(spec)
    if not batched:
        spec = ivy.get_item(spec, 0)
    if not return_complex:
        spec = ivy.stack([ivy.real(spec), ivy.imag(spec)], axis=-1)
    return wrap(spec)


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=None, length=None, return_complex=False):
    X = input._data
    if dtype_of(X).cat != 3:
        raise RuntimeError("istft requires a complex-valued input tensor")
    batched = len(X.shape) == 3
    if not batched:
        X = ivy.expand_dims(X, axis=0)
    n_fft = _int(n_fft)
    hop = n_fft // 4 if hop_length is None else _int(hop_length)
    wl = n_fft if win_length is None else _int(win_length)
    freq, frames = X.shape[1], X.shape[2]
    one = (freq != n_fft) if onesided is None else onesided
    if one and freq != n_fft // 2 + 1:
        raise RuntimeError(f"istft: expected the frequency dimension (2nd from last) of the "
                           f"input to be {n_fft // 2 + 1} for onesided, but got {freq}")
    real_dt = {"complex64": "float32", "complex128": "float64"}[str(dtype_of(X).ivy)]
    Xt = ivy.permute_dims(X, (0, 2, 1))  # (B, frames, freq)
    if normalized:
        Xt = ivy.multiply(Xt, math.sqrt(n_fft))
    if one:
        if return_complex:
            raise RuntimeError("cannot have onesided output if window or input is complex")
        fr = ivy.fft.irfft(Xt, n=n_fft, axis=-1)
    else:
        fr = ivy.fft.ifft(Xt, axis=-1)
        if not return_complex:
            fr = ivy.real(fr)
    w = _stft_window(window, wl, n_fft, real_dt)
    fr = ivy.multiply(fr, w)
    total = n_fft + hop * (frames - 1)
    pieces, env = [], []
    wsq = ivy.multiply(w, w)
    for m in _range(frames):  # overlap-add (shapes are static)
        pads = (m * hop, total - m * hop - n_fft)
        pieces.append(ivy.pad(ivy.get_item(fr, (slice(None), m)), [(0, 0), pads]))
        env.append(ivy.pad(wsq, [pads]))
    y = ivy.sum(ivy.stack(pieces), axis=0)
    e = ivy.sum(ivy.stack(env), axis=0)
    start = n_fft // 2 if center else 0
    end = total - (n_fft // 2 if center else 0) if length is None else start + _int(length)
    end = _min(end, total)
    y = ivy.get_item(y, (slice(None), slice(start, end)))
    e = ivy.get_item(e, slice(start, end))
    if _bool(ivy.any(ivy.less(ivy.abs(e), 1e-11))):
        raise RuntimeError("istft: window overlap add min: the window does not satisfy the "
                           "NOLA condition (its squares overlap-added are zero somewhere)")
    y = ivy.divide(y, e)
    if length is not None and y.shape[-1] < _int(length):
        y = ivy.pad(y, [(0, 0), (0, _int(length) - y.shape[-1])])
    if not batched:
        y = ivy.get_item(y, 0)
    return wrap(_data_of(y))


# ------------------------------------------------------------------------------------ misc

def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_storage(obj):
    return False


def is_floating_point(input):
    return input.dtype.is_floating_point


def is_complex(input):
    return input.dtype.is_complex


def is_nonzero(input):
    if input.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return _bool(input.item())


def numel(input):
    return input.numel()


def can_cast(from_, to):
    return _core.can_cast(to_dtype(from_), to_dtype(to))


def promote_types(type1, type2):
    return _core.promote_types(to_dtype(type1), to_dtype(type2))


def result_type_(tensor1, tensor2):
    return result_type(tensor1, tensor2)


class finfo:  # noqa: N801
    def __init__(self, type=None):  # noqa: A002
        d = to_dtype(type) if type is not None else get_default_dtype()
        if d.cat < 2:
            raise TypeError("torch.finfo() requires a floating point input type.")
        fi = np.finfo(d.ivy.dtype) if d.name != "bfloat16" else None
        if fi is None:
            import ml_dtypes

            fi = ml_dtypes.finfo(ml_dtypes.bfloat16)
        self.bits, self.eps, self.max, self.min = fi.bits, _float(fi.eps), _float(fi.max), \
            _float(fi.min)
        self.tiny = self.smallest_normal = _float(fi.tiny)
        self.resolution = _float(fi.resolution)
        self.dtype = d.to_real().name


class iinfo:  # noqa: N801
    def __init__(self, type):  # noqa: A002
        d = to_dtype(type)
        if d.cat != 1:
            raise TypeError("torch.iinfo() requires an integer input type.")
        ii = np.iinfo(d.ivy.dtype)
        self.bits, self.max, self.min, self.dtype = ii.bits, _int(ii.max), _int(ii.min), d.name


class _GradMode:
    """no_grad / enable_grad / inference_mode: accepted (the frontend records no autograd)."""

    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn):
        return fn


class no_grad(_GradMode):  # noqa: N801
    pass


class enable_grad(_GradMode):  # noqa: N801
    pass


class inference_mode(_GradMode):  # noqa: N801
    pass


class set_grad_enabled(_GradMode):  # noqa: N801
    pass


def is_grad_enabled():
    return False


def is_inference_mode_enabled():
    return False


def compile(model=None, **kwargs):  # noqa: A001
    """torch.compile: the model itself (use ivy.compile for compiled execution)."""
    if model is None:
        return lambda m: m
    return model


_int64 = _core.int64
_float32, _float64 = _core.float32, _core.float64
float64 = _core.float64
complex128 = _core.complex128
float32 = _core.float32


# ------------------------------------------------------------------ more torch.* (issue 12)
def ravel(input):
    return reshape(input, (-1,))


def _split_dir(name, input, indices_or_sections, d, min_nd):
    if input.ndim < min_nd:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {min_nd} dimension, "
                           f"but got a tensor with {input.ndim} dimensions!")
    if isinstance(indices_or_sections, _int) and (
            indices_or_sections == 0 or input.shape[d] % indices_or_sections):
        raise RuntimeError(f"torch.{name} attempted to split along dimension {d}, but the size "
                           f"of the dimension {input.shape[d]} is not divisible by the split_size "
                           f"{indices_or_sections}!")
    return tensor_split(input, indices_or_sections, d)


def hsplit(input, indices_or_sections):
    return _split_dir("hsplit", input, indices_or_sections, 1 if input.ndim > 1 else 0, 1)


def vsplit(input, indices_or_sections):
    return _split_dir("vsplit", input, indices_or_sections, 0, 2)


def dsplit(input, indices_or_sections):
    return _split_dir("dsplit", input, indices_or_sections, 2, 3)


def split_with_sizes(input, split_sizes, dim=0):
    return split(input, list(split_sizes), dim)


unsafe_split = split
unsafe_chunk = chunk
unsafe_split_with_sizes = split_with_sizes


def narrow_copy(input, dim, start, length):
    return clone(narrow(input, dim, start, length))


_EUCLID_STEPS = {"uint8": 14, "int8": 14, "int16": 26, "int32": 48, "int64": 94}


def gcd(input, other):
    """Euclid's algorithm with a fixed number of steps (enough for the dtype's range)."""
    a, b = _t(input), _t(other)
    if a.dtype.cat != 1 or b.dtype.cat != 1:
        raise RuntimeError(f"\"gcd_cpu\" not implemented for '{promote_types(a.dtype, b.dtype)}'")
    dt = result_type(a, b)
    x, y = ivy.broadcast_arrays(ivy.abs(cast(a._data, dt)), ivy.abs(cast(b._data, dt)))
    for _ in _range(_EUCLID_STEPS[dt.name]):
        nz = ivy.not_equal(y, 0)
        safe = ivy.where(nz, y, ivy.ones_like(y))
        x, y = ivy.where(nz, y, x), ivy.where(nz, ivy.remainder(x, safe), y)
    return wrap(ivy.astype(x, dt.ivy))


def lcm(input, other):
    g = gcd(input, other)
    a, b = _t(input), _t(other)
    dt = g.dtype
    x, y = cast(a._data, dt), cast(b._data, dt)
    safe = ivy.where(ivy.equal(g._data, 0), ivy.ones_like(g._data), g._data)
    r = ivy.abs(ivy.multiply(ivy.floor_divide(x, safe), y))
    return wrap(ivy.astype(ivy.where(ivy.equal(g._data, 0), ivy.zeros_like(r), r), dt.ivy))


def _cumext(input, dim, is_max, name):
    x = input._data
    nd = len(x.shape)
    d = norm_dim(dim, _max(nd, 1))
    if x.shape and _shape(x)[d] == 0 or not x.shape:
        idx = ivy.zeros_like(x, dtype="int64")
        return getattr(return_types, name)(wrap(x), wrap(idx))
    xm = ivy.moveaxis(x, d, 0)
    # ivy.get_item, not native indexing: the rows must be traced (a native xm[i] is a constant
    # to ivy.trace_graph, and the transpiled cummax held the example's values)
    cur, cur_i = ivy.get_item(xm, 0), ivy.zeros(tuple(xm.shape[1:]), dtype="int64")
    vals, inds = [cur], [cur_i]
    for i in _range(1, _shape(xm)[0]):
        v = ivy.get_item(xm, i)
        take = ivy.greater_equal(v, cur) if is_max else ivy.less_equal(v, cur)
        if dtype_of(x).cat >= 2:
            take = ivy.logical_and(ivy.logical_or(take, ivy.isnan(v)),
                                   ivy.logical_not(ivy.logical_and(ivy.isnan(cur),
                                                                   ivy.logical_not(ivy.isnan(v)))))
        cur = ivy.where(take, v, cur)
        cur_i = ivy.where(take, ivy.full_like(cur_i, i), cur_i)
        vals.append(cur)
        inds.append(cur_i)
    return getattr(return_types, name)(wrap(ivy.moveaxis(ivy.stack(vals), 0, d)),
                                       wrap(ivy.moveaxis(ivy.stack(inds), 0, d)))


def cummax(input, dim):
    return _cumext(input, dim, True, "cummax")


def cummin(input, dim):
    return _cumext(input, dim, False, "cummin")


def is_conj(input):
    return False


def is_neg(input):
    return False


def is_signed(input):
    return input.dtype.name not in ("bool", "uint8", "uint16", "uint32", "uint64")


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    e, t = _t(elements), _t(test_elements)
    dt = promote_types(e.dtype, t.dtype)
    x, y = cast(e._data, dt), ivy.reshape(cast(t._data, dt), (-1,))
    r = ivy.any(ivy.equal(ivy.expand_dims(x, axis=-1), y), axis=-1)
    return wrap(ivy.logical_not(r) if invert else r)


def trapezoid(y, x=None, *, dx=None, dim=-1):
    yd = y._data
    if not yd.shape:
        raise IndexError("trapezoid: dimension out of range (expected to be in range of "
                         "[-1, 0], but got dim)")
    d = norm_dim(dim, len(yd.shape))
    n = _shape(yd)[d]
    yf = _floatify(yd) if x is None or not isinstance(x, Tensor) else yd
    if n == 0:
        return sum(wrap(yd), d)
    lo = ivy.get_item(yf, (slice(None),) * d + (slice(0, n - 1),))
    hi = ivy.get_item(yf, (slice(None),) * d + (slice(1, n),))
    if isinstance(x, Tensor):
        dxs = diff(x, dim=-1 if x.ndim == 1 else d)
        if x.ndim == 1:
            dxs = reshape(dxs, (-1,) + (1,) * (len(yd.shape) - 1 - d))
        return sum(mul(dxs, wrap(ivy.add(lo, hi))), d) / 2
    step = dx if dx is not None else (x if x is not None else 1)
    # torch's constant-spacing formula: (sum(y) - (y[0] + y[-1]) / 2) * dx
    ends = ivy.add(ivy.get_item(yf, (slice(None),) * d + (0,)),
                   ivy.get_item(yf, (slice(None),) * d + (n - 1,)))
    return wrap(ivy.multiply(ivy.subtract(ivy.sum(yf, axis=d), ivy.divide(ends, 2)),
                             step)) if dtype_of(yf).cat >= 2 else \
        sum(wrap(ivy.add(lo, hi)), d) * (step / 2)


trapz = trapezoid


def _window(name, fn, window_length, periodic, dtype):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    if dt.cat < 2:
        raise RuntimeError(f"{name} expects floating point dtypes, got: {dt}")
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got "
                           f"window_length={window_length}")
    if window_length <= 1:
        return ones(window_length, dtype=dt)
    n = window_length + 1 if periodic else window_length
    k = ivy.arange(0, window_length, dtype="float64")
    return wrap(ivy.astype(fn(k, n - 1), dt.ivy))


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                requires_grad=False):
    return _window("hann_window", lambda k, m: 0.5 - 0.5 * ivy.cos(2 * math.pi * k / m),
                   window_length, periodic, dtype)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None,
                   layout=None, device=None, requires_grad=False):
    return _window("hamming_window", lambda k, m: alpha - beta * ivy.cos(2 * math.pi * k / m),
                   window_length, periodic, dtype)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                    requires_grad=False):
    return _window("blackman_window", lambda k, m: 0.42 - 0.5 * ivy.cos(2 * math.pi * k / m)
                   + 0.08 * ivy.cos(4 * math.pi * k / m), window_length, periodic, dtype)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                    requires_grad=False):
    return _window("bartlett_window", lambda k, m: 1 - ivy.abs(2 * k / m - 1),
                   window_length, periodic, dtype)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None,
                  device=None, requires_grad=False):
    """torch.kaiser_window: ``i0(beta sqrt(1 - ((k - a) / a)**2)) / i0(beta)``, a = (N - 1) / 2
    (N = window_length + 1 when periodic), on Ivy's ``ivy.i0``."""
    def fn(k, m):
        a = m / 2.0
        t = ivy.divide(ivy.subtract(k, a), a)
        arg = ivy.multiply(ivy.sqrt(ivy.clip(ivy.subtract(1.0, ivy.multiply(t, t)), 0.0, 1.0)),
                           float(beta))
        return ivy.divide(ivy.i0(arg), ivy.i0(ivy.full_like(k, float(beta))))

    return _window("kaiser_window", fn, window_length, periodic, dtype)


def unravel_index(indices, shape):
    idx = _t(indices)
    if idx.dtype.cat != 1:
        raise TypeError("expected 'indices' to be integer dtype, but got " + str(idx.dtype))
    shape = as_tuple(shape)
    if builtins.any(s < 0 for s in shape):
        raise ValueError("'shape' cannot have negative values, but got " + str(tuple(shape)))
    x = ivy.astype(idx._data, "int64")  # floor division/modulo: torch checks no bounds
    out = []
    for s in reversed(shape):
        out.append(wrap(ivy.remainder(x, s)))
        x = ivy.floor_divide(x, s)
    return tuple(reversed(out))


def combinations(input, r=2, with_replacement=False):
    import itertools

    if input.ndim != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    n = input.shape[0]
    gen = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    combos = list(gen(_range(n), r))
    if r == 0:
        return wrap(ivy.zeros((0,), dtype=input.dtype.ivy))
    if not combos:
        return wrap(ivy.zeros((0, r), dtype=input.dtype.ivy))
    ix = ivy.array(np.array(combos, dtype=np.int64).reshape(-1), device=ivy.dev(input._data))
    r_ = ivy.reshape(ivy.get_item(input._data, ix), (len(combos), r))
    return wrap(r_)


def put(input, index, source, accumulate=False):
    r = clone(input)
    return _put_(r, index, source, accumulate)


def _put_(self, index, source, accumulate=False):
    if index.dtype is not _core.int64:
        raise RuntimeError("put_(): Expected a long tensor for index, but got "
                           + str(index.dtype))
    if source.dtype is not self.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {self.dtype} and source.dtype = {source.dtype}")
    if index.numel() != source.numel():
        raise RuntimeError(f"put_(): Expected source and index to have the same number of "
                           f"elements, but got source.numel() = {source.numel()}, "
                           f"index.numel() = {index.numel()}")
    n = self.numel()
    flat = ivy.reshape(self._data, (-1,))
    ix = ivy.reshape(index._data, (-1,))
    if index.numel():
        if ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(ix, -n), ivy.greater_equal(ix, n)))):
            raise IndexError(f"out of range: tried to access index out of bounds for a "
                             f"tensor of size {n}")
        ix = ivy.where(ivy.less(ix, 0), ivy.add(ix, n), ix)
        flat = ivy.scatter_nd(ivy.expand_dims(ix, axis=-1), ivy.reshape(source._data, (-1,)),
                              reduction="sum" if accumulate else "replace", out=flat)
    self._data = ivy.reshape(flat, tuple(self._data.shape))
    return self


def index_put(input, indices, values, accumulate=False):
    return input.index_put(indices, values, accumulate)


def index_put_(input, indices, values, accumulate=False):
    return input.index_put_(indices, values, accumulate)


def renorm(input, p, dim, maxnorm):
    if input.dtype.cat < 2:
        raise RuntimeError(f"renorm: expected a floating point or complex tensor as input. "
                           f"Got {input.dtype}")
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    d = norm_dim(dim, input.ndim)
    if input.ndim <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.ndim} "
                           f"dimensions")
    dims = tuple(i for i in _range(input.ndim) if i != d)
    x = input._data
    nrm = ivy.sum(ivy.pow(ivy.abs(x), p), axis=dims, keepdims=True) ** (1.0 / p) if p != math.inf \
        else ivy.max(ivy.abs(x), axis=dims, keepdims=True)
    f = ivy.where(ivy.greater(nrm, maxnorm), maxnorm / (nrm + 1e-7), ivy.ones_like(nrm))
    return wrap(ivy.astype(ivy.multiply(x, f), dtype_of(x).ivy))


def select_scatter(input, src, dim, index):
    r = clone(input)
    d = norm_dim(dim, input.ndim)
    n = input.shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(input.shape)} at dimension {d}")
    if tuple(src.shape) != tuple(input.shape[:d] + input.shape[d + 1:]):
        raise RuntimeError("expected src to have a size equal to the slice of self")
    r[(slice(None),) * d + (index,)] = src
    return r


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    r = clone(input)
    d = norm_dim(dim, input.ndim)
    key = (slice(None),) * d + (slice(start, end, step),)
    if tuple(src.shape) != tuple(r[key].shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(src.shape)}, slice size = {list(r[key].shape)}")
    r[key] = src
    return r


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or "
                           f"amin but got {reduce}.")
    d = norm_dim(dim, _max(input.ndim, 1))
    if index.ndim > 1:
        raise IndexError("index_reduce_(): Index is supposed to be a vector")
    shp = [1] * _max(source.ndim, 1)
    shp[d] = -1
    idx = broadcast_to(reshape(index, tuple(shp)), tuple(source.shape))
    return scatter_reduce(input, d, idx, source, reduce, include_self=include_self)


def cov(input, *, correction=1, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        not_implemented("torch.cov(fweights/aweights)")
    if input.ndim > 2:
        raise ValueError(f"cov(): expected input to have two or fewer dimensions but got an "
                         f"input with {input.ndim} dimensions")
    x = input if input.ndim == 2 else reshape(input, (1, -1))
    xd = _floatify(x._data)
    n = _shape(xd)[1]
    xc = ivy.subtract(xd, ivy.mean(xd, axis=1, keepdims=True))
    c = ivy.divide(ivy.matmul(xc, ivy.matrix_transpose(ivy.conj(xc)) if dtype_of(xd).cat == 3
                              else ivy.matrix_transpose(xc)), _max(n - correction, 0))
    return wrap(ivy.reshape(c, ()) if tuple(c.shape) == (1, 1) else c)


def corrcoef(input):
    c = cov(input)
    if c.ndim == 0:
        return div(c, c)
    d = ivy.sqrt(diagonal(c)._data)
    r = ivy.divide(ivy.divide(c._data, ivy.expand_dims(d, axis=1)), ivy.expand_dims(d, axis=0))
    return wrap(ivy.clip(r, -1, 1))


def frexp(input):
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    fin = ivy.logical_and(ivy.isfinite(x), ivy.not_equal(x, 0))
    safe = ivy.where(fin, ivy.abs(x), ivy.ones_like(x))
    e = ivy.add(ivy.floor(ivy.log2(ivy.astype(safe, "float64"))), 1)
    m = ivy.divide(ivy.astype(x, "float64"), ivy.pow(2.0, e))
    # log2 rounding near powers of two: bring |m| into [0.5, 1)
    big = ivy.greater_equal(ivy.abs(m), 1)
    e, m = ivy.where(big, ivy.add(e, 1), e), ivy.where(big, ivy.divide(m, 2), m)
    small = ivy.logical_and(ivy.less(ivy.abs(m), 0.5), fin)
    e, m = ivy.where(small, ivy.subtract(e, 1), e), ivy.where(small, ivy.multiply(m, 2), m)
    m = ivy.where(fin, ivy.astype(m, dtype_of(x).ivy), x)
    e = ivy.where(fin, ivy.astype(e, "int32"), ivy.zeros_like(e, dtype="int32"))
    return return_types.frexp(wrap(m), wrap(e))


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    nd = input.ndim
    d1, d2 = norm_dim(dim1, nd), norm_dim(dim2, nd)
    want = tuple(diagonal(input, offset, d1, d2).shape)
    if tuple(src.shape) != want:
        raise RuntimeError(f"expected src to have a size equal to the diagonal of self. src size "
                           f"= {list(src.shape)}, diagonal size = {list(want)}")
    x = ivy.moveaxis(input._data, (d1, d2), (-2, -1))
    A, B = _shape(x)[-2:]
    r0 = _max(-offset, 0)
    i = ivy.arange(A, dtype="int64", device=ivy.dev(x))
    j = ivy.arange(B, dtype="int64", device=ivy.dev(x))
    mask = ivy.equal(ivy.subtract(ivy.expand_dims(j, axis=0), ivy.expand_dims(i, axis=1)), offset)
    L = want[-1]
    if L == 0:
        return clone(input)
    gi = ivy.clip(ivy.subtract(i, r0), 0, L - 1)
    g = ivy.expand_dims(ivy.get_item(cast(src._data, input.dtype), (Ellipsis, gi)), axis=-1)
    r = ivy.where(mask, g, x)
    return wrap(ivy.moveaxis(r, (-2, -1), (d1, d2)))


def _fill_diagonal_(self, fill_value, wrap=False):
    nd = self.ndim
    s = tuple(self.shape)
    if nd < 2:
        raise RuntimeError("dimensions must larger than 1")
    if nd > 2 and len(set(s)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    n = self.numel()
    if nd == 2:
        step, end = s[1] + 1, (n if wrap and s[0] > s[1] else _min(s) * s[1])
    else:
        step, end = _sum(s[0] ** k for k in _range(nd)), n
    pos = ivy.arange(n, dtype="int64", device=ivy.dev(self._data))
    mask = ivy.logical_and(ivy.equal(ivy.remainder(pos, step), 0), ivy.less(pos, end))
    if nd == 2 and wrap and s[0] > s[1]:
        # numpy/torch wrap: the diagonal restarts every (cols + 1) rows
        rows, cols = ivy.floor_divide(pos, s[1]), ivy.remainder(pos, s[1])
        mask = ivy.equal(ivy.remainder(rows, s[1] + 1), cols)
    flat = ivy.reshape(self._data, (-1,))
    v = full((), fill_value, dtype=self.dtype)._data
    self._data = ivy.reshape(ivy.where(mask, v, flat), s)
    return self


def cholesky_inverse(L, upper=False):
    a = matmul(adjoint(L), L) if upper else matmul(L, adjoint(L))
    return inverse(a)


def cholesky_solve(B, L, upper=False):
    return matmul(cholesky_inverse(L, upper), B)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    """quantile over the non-NaN values of each slice (NaN where a slice has none)."""
    x = input._data
    if dtype_of(x).cat != 2:
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if interpolation not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise RuntimeError(f"quantile() interpolation must be one of linear, lower, higher, "
                           f"midpoint or nearest. Got {interpolation}")
    qs = q._data if isinstance(q, Tensor) else None
    qv = ivy.to_numpy(qs).reshape(-1).tolist() if qs is not None else [q]
    if dim is None:
        x = ivy.reshape(x, (-1,))
        d = 0
    else:
        d = norm_dim(dim, len(x.shape))
    if not _shape(x)[d]:
        raise IndexError("quantile() input tensor must be non-empty")
    s = ivy.sort(x, axis=d)  # NaN last
    k = ivy.sum(ivy.astype(ivy.logical_not(ivy.isnan(x)), "float64"), axis=d, keepdims=True)
    outs = []
    for qq in qv:
        if not 0 <= qq <= 1:
            raise RuntimeError("quantile() q values must be in the range [0, 1]")
        qq = _float(np.asarray(qq, dtype=dtype_of(x).name))  # q in input's dtype, as torch
        pos = ivy.multiply(ivy.maximum(ivy.subtract(k, 1), 0), qq)
        lo, hi = ivy.floor(pos), ivy.ceil(pos)
        a = ivy.take_along_axis(s, ivy.astype(lo, "int64"), axis=d)
        b = ivy.take_along_axis(s, ivy.astype(hi, "int64"), axis=d)
        frac = ivy.astype(ivy.subtract(pos, lo), dtype_of(x).ivy)
        if interpolation == "linear":  # torch.lerp's two-sided formula
            r = ivy.where(ivy.less(frac, 0.5), ivy.add(a, ivy.multiply(ivy.subtract(b, a), frac)),
                          ivy.subtract(b, ivy.multiply(ivy.subtract(b, a),
                                                       ivy.subtract(1, frac))))
        elif interpolation == "lower":
            r = a
        elif interpolation == "higher":
            r = b
        elif interpolation == "midpoint":
            r = ivy.subtract(b, ivy.multiply(ivy.subtract(b, a), 0.5))  # torch.lerp(a, b, .5)
        else:
            r = ivy.where(ivy.equal(ivy.round(pos), lo), a, b)
        r = ivy.where(ivy.equal(k, 0), ivy.full_like(r, math.nan), r)
        if dim is None:
            r = ivy.reshape(r, (1,) * len(input.shape)) if keepdim else ivy.reshape(r, ())
        elif not keepdim:
            r = ivy.squeeze(r, axis=d)
        outs.append(r)
    if qs is None or len(_shape(qs)) == 0:
        return _out(wrap(outs[0]), out)
    return _out(wrap(ivy.stack(outs, axis=0)), out)


def mode(input, dim=-1, keepdim=False):
    """The most frequent value along ``dim`` (the smallest among equally frequent ones) and the
    index of its last occurrence."""
    x = input._data
    nd = len(x.shape)
    d = norm_dim(dim, _max(nd, 1))
    if nd and not _shape(x)[d]:
        raise IndexError(f"mode(): Expected reduction dim {d} to have non-zero size.")
    xm = ivy.moveaxis(x, d, -1) if nd else ivy.reshape(x, (1,))
    n = _shape(xm)[-1]
    cnt = ivy.sum(ivy.astype(ivy.equal(ivy.expand_dims(xm, axis=-1), ivy.expand_dims(xm, axis=-2)),
                             "int64"), axis=-1)
    best = ivy.equal(cnt, ivy.max(cnt, axis=-1, keepdims=True))
    big = xm if dtype_of(x).cat == 0 else ivy.full_like(xm, ivy.to_numpy(ivy.max(xm)).item()) \
        if _prod(_shape(xm)) else xm
    v = ivy.min(ivy.where(best, xm, big), axis=-1, keepdims=True) if dtype_of(x).cat else \
        ivy.astype(ivy.min(ivy.astype(ivy.where(best, xm, ivy.ones_like(xm)), "int64"), axis=-1,
                           keepdims=True), "bool")
    pos = ivy.arange(n, dtype="int64", device=ivy.dev(x))
    i = ivy.max(ivy.where(ivy.equal(xm, v), pos, ivy.full_like(pos, -1)), axis=-1, keepdims=True)
    if dtype_of(x).cat == 2:
        # the value is taken at the index (not reduced): torch's gradient goes to the element
        # the index names, where a min splits it among the ties (NaN rows keep index -1)
        zero = ivy.zeros_like(i)
        at = ivy.take_along_axis(xm, ivy.maximum(i, zero), axis=-1)
        v = ivy.where(ivy.greater_equal(i, zero), at, v)
    v, i = ivy.squeeze(v, axis=-1), ivy.squeeze(i, axis=-1)
    if nd and keepdim:
        v, i = ivy.expand_dims(v, axis=d), ivy.expand_dims(i, axis=d)
    elif not nd:
        v, i = ivy.reshape(v, ()), ivy.reshape(i, ())
    return return_types.mode(wrap(v), wrap(i))


# ------------------------------------------------------------------------ the C fast path

def _install_c_ops(ns):
    """Replace every function marked ``_c_op`` in ``ns`` (and its aliases) by its C fast path."""
    ops = {}
    for k, v in list(ns.items()):
        if isinstance(v, types.FunctionType) and hasattr(v, "_c_op"):
            if v not in ops:
                ops[v] = _c_op(v, *v._c_op)
            ns[k] = ops[v]


_install_c_ops(globals())


def hash_tensor(input, dim=None, keepdim=False, *, mode=0, out=None):
    """torch.hash_tensor (mode 0): each element widened to its 64-bit float / integer type, its
    bits read as uint64, and the XOR of them over ``dim`` (all dimensions when None or [])."""
    if mode != 0:
        raise RuntimeError(f"Unknown hash_tensor mode: {mode}")
    x = input._data
    dt = dtype_of(x)
    if dt.cat == 3 or dt.name in ("uint16", "uint32", "uint64"):
        raise RuntimeError(f'"xor_sum_cpu" not implemented for \'{dt}\'')
    nd = len(x.shape)
    if dim is None or (isinstance(dim, (list, tuple)) and not len(dim)):
        if input.numel() == 0:
            raise RuntimeError("hash_tensor: Expected reduction dim to be specified for "
                               "input.numel() == 0. Specify the reduction dim with the 'dim' "
                               "argument.")
        ax = tuple(_range(nd))
    else:
        ax = _dims(dim, nd)
        ax = () if ax is None else (ax,) if ax.__class__ is _int else tuple(ax)
        if len(set(ax)) != len(ax):
            raise RuntimeError("dim appears multiple times in the list of dims")
    shp = tuple(x.shape)
    for a in ax:
        if not shp[a]:
            raise RuntimeError(f"hash_tensor: Expected reduction dim {a} to have non-zero size.")
    bits = ivy.bitcast(cast(x, _core.float64), "int64") if dt.cat == 2 else cast(x, _int64)
    keep = [i for i in _range(nd) if i not in ax]
    n = math.prod(shp[i] for i in ax)
    r = ivy.reshape(ivy.permute_dims(bits, tuple(keep) + ax) if nd else bits,
                    tuple(shp[i] for i in keep) + (n,))
    if n:
        while n > 1:  # XOR is associative and commutative: a halving tree
            if n % 2:
                r = ivy.concat([r, ivy.zeros_like(r[..., :1])], axis=-1)
                n += 1
            r = ivy.bitwise_xor(r[..., :n // 2], r[..., n // 2:])
            n //= 2
        r = r[..., 0]
    if keepdim:
        r = ivy.reshape(r, tuple(1 if i in ax else shp[i] for i in _range(nd)))
    return _out(wrap(ivy.bitcast(r, "uint64")), out)



# ------------------------------------------------------------------- torch.lstm / torch.gru
def _rnn(name, gates_per, input, hx, params, has_biases, num_layers, dropout, train,
         bidirectional, batch_first):
    """ATen's multi-layer ``lstm`` / ``gru`` on padded (not packed) input, one time step at a
    time: ``params`` per layer and direction (w_ih, w_hh[, b_ih, b_hh][, w_hr for an LSTM with
    projections]); ``hx`` (num_layers * directions, batch, hidden) (LSTM: (h, c))."""
    if not isinstance(input, Tensor):
        not_implemented(f"torch.{name} on a packed sequence (data, batch_sizes)")
    if dropout and train and num_layers > 1:
        not_implemented(f"torch.{name}(dropout > 0, train=True)",
                        "dropout between layers draws from torch's random stream")
    x = input._data
    if len(x.shape) != 3:
        raise RuntimeError(f"{name}: Expected input to be 3-D (sequence, batch, features), got "
                           f"{len(x.shape)}-D")
    dt = dtype_of(x)
    if dt.cat != 2:
        raise RuntimeError(f"{name}: expected a floating point input, got {input.dtype}")
    dirs = 2 if bidirectional else 1
    per = len(params) // (num_layers * dirs) if num_layers * dirs else 0
    base = 4 if has_biases else 2
    if per * num_layers * dirs != len(params) or per not in (base, base + (name == "lstm")):
        raise RuntimeError(f"{name}: got {len(params)} parameters for {num_layers} layer(s), "
                           f"{dirs} direction(s) and has_biases={has_biases}")
    proj = per == base + 1
    for t in params:
        if t.dtype is not dt:
            raise RuntimeError(f"{name}: input and parameter tensors are not the same dtype, "
                               f"found input tensor with {input.dtype} and parameter tensor "
                               f"with {t.dtype}")
    if batch_first:
        x = ivy.permute_dims(x, (1, 0, 2))
    if name == "lstm":
        h_all, c_all = hx[0]._data, hx[1]._data
    else:
        h_all, c_all = hx._data, None
    steps = x.shape[0]
    hn, cn = [], []

    def lin(v, w, b):
        r = ivy.matmul(v, ivy.matrix_transpose(w))
        return r if b is None else ivy.add(r, b)

    def chunk(g, n):  # the gates along the last axis (torch's chunk)
        m = g.shape[-1] // n
        return [ivy.get_item(g, (slice(None), slice(j * m, (j + 1) * m))) for j in _range(n)]

    layer_in = x
    for layer in _range(num_layers):
        outs = []
        for d in _range(dirs):
            k = layer * dirs + d
            w = [t._data for t in params[k * per:(k + 1) * per]]
            w_ih, w_hh = w[0], w[1]
            b_ih, b_hh = (w[2], w[3]) if has_biases else (None, None)
            w_hr = w[-1] if proj else None
            h = ivy.get_item(h_all, k)
            c = ivy.get_item(c_all, k) if c_all is not None else None
            seq = [None] * steps
            for t in (_range(steps - 1, -1, -1) if d else _range(steps)):
                xt = ivy.get_item(layer_in, t)
                gi, gh = lin(xt, w_ih, b_ih), lin(h, w_hh, b_hh)
                if name == "lstm":
                    g4 = chunk(ivy.add(gi, gh), 4)
                    i_, f_ = ivy.sigmoid(g4[0]), ivy.sigmoid(g4[1])
                    g_, o_ = ivy.tanh(g4[2]), ivy.sigmoid(g4[3])
                    c = ivy.add(ivy.multiply(f_, c), ivy.multiply(i_, g_))
                    h = ivy.multiply(o_, ivy.tanh(c))
                    if proj:
                        h = lin(h, w_hr, None)
                else:
                    ir, iz, in_ = chunk(gi, 3)
                    hr, hz, hn_ = chunk(gh, 3)
                    r = ivy.sigmoid(ivy.add(ir, hr))
                    z = ivy.sigmoid(ivy.add(iz, hz))
                    n = ivy.tanh(ivy.add(in_, ivy.multiply(r, hn_)))
                    h = ivy.add(ivy.multiply(ivy.subtract(h, n), z), n)
                seq[t] = h
            if not steps:
                raise RuntimeError(f"{name}: Expected sequence length to be larger than 0 in RNN")
            outs.append(ivy.stack(seq, axis=0))
            hn.append(h)
            if c is not None:
                cn.append(c)
        layer_in = outs[0] if dirs == 1 else ivy.concat(outs, axis=-1)
    out = ivy.permute_dims(layer_in, (1, 0, 2)) if batch_first else layer_in
    res = (wrap(out), wrap(ivy.stack(hn, axis=0)))
    return res + (wrap(ivy.stack(cn, axis=0)),) if name == "lstm" else res


def lstm(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
         batch_first):
    """torch.lstm (ATen's functional LSTM, what nn.LSTM calls): (output, h_n, c_n)."""
    return _rnn("lstm", 4, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first)


def gru(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """torch.gru (ATen's functional GRU, what nn.GRU calls): (output, h_n)."""
    return _rnn("gru", 3, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first)
