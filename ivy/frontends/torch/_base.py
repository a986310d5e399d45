"""What every torch function module shares: ``torch.return_types``, ``out=``, dims, the
framework's dtype constants and the C fast path's installer.

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import builtins
from collections import namedtuple

import ivy

from . import _core
from ._core import (
    dtype_of,
    get_default_dtype,
    norm_dim,
)
from ._tensor import Tensor, cast

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
# categories); the end of ``_pointwise`` replaces each by its C op (and binds its aliases to it).
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


def _prod(s):
    n = 1
    for v in s:
        n *= v
    return n


_int64 = _core.int64
_float32, _float64 = _core.float32, _core.float64
float64 = _core.float64
complex128 = _core.complex128
float32 = _core.float32
