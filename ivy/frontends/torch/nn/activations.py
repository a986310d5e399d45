"""torch.nn.functional activations: relu and its relatives, softmax, the in-place spellings."""

from __future__ import annotations

import builtins

import ivy

from .. import _core
from .. import _functions as F
from .._core import CAT as _CAT
from .._core import dtype_of, norm_dim, not_implemented
from .._functions import _floatify
from .._tensor import c_op, cast, like, wrap
from ._arguments import _float_only

_int = builtins.int


def _act(ivy_fn, name, **fixed):
    def f(input, inplace=False):
        r = wrap(ivy_fn(_float_only(input._data, name), **fixed))
        if inplace:
            input._data = r._data
            return input
        return r

    f.__name__ = f.__qualname__ = name
    return f


def relu(input, inplace=False):
    x = input._data
    if not inplace and _CAT.get(x.dtype):  # not bool
        return wrap(ivy.relu(x))
    if dtype_of(x).cat == 0:
        raise RuntimeError("\"clamp_min_cpu\" not implemented for 'Bool'") if False else \
            RuntimeError("relu not implemented for 'Bool'")
    r = wrap(ivy.relu(x))
    if inplace:
        input._data = r._data
        return input
    return r


relu = c_op(relu, ivy.relu, 1, 14)  # its fast path in C: not bool, no inplace (_tensor.c_op)
relu6 = _act(ivy.relu6, "relu6")
selu = _act(ivy.selu, "selu")
silu = _act(ivy.silu, "silu")
mish = _act(ivy.mish, "mish")
hardsigmoid = _act(ivy.hard_sigmoid, "hardsigmoid")
hardswish = _act(ivy.hard_swish, "hardswish")


def sigmoid(input):
    return F.sigmoid(input)


def tanh(input):
    return F.tanh(input)


def softsign(input):
    return wrap(ivy.softsign(_floatify(input._data)))


def leaky_relu(input, negative_slope=0.01, inplace=False):
    r = wrap(ivy.leaky_relu(_float_only(input._data, "leaky_relu"), alpha=negative_slope))
    if inplace:
        input._data = r._data
        return input
    return r


def elu(input, alpha=1.0, inplace=False):
    r = wrap(ivy.elu(_float_only(input._data, "elu"), alpha=alpha))
    if inplace:
        input._data = r._data
        return input
    return r


def celu(input, alpha=1.0, inplace=False):
    x = _float_only(input._data, "celu")
    return wrap(ivy.where(ivy.greater(x, 0), x, ivy.multiply(ivy.expm1(ivy.divide(x, alpha)),
                                                             alpha)))


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError(f"approximate argument must be either none or tanh.")
    return wrap(ivy.gelu(_float_only(input._data, "GeluKernelImpl"),
                         approximate=approximate == "tanh"))


def softplus(input, beta=1.0, threshold=20.0):
    return wrap(ivy.softplus(_float_only(input._data, "softplus"), beta=beta,
                             threshold=threshold))


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    r = F.clamp(input, min_val, max_val)
    x = input._data
    if dtype_of(x).cat == 2:
        # torch's derivative is 0 at the bounds (hardtanh_backward: min < x < max); clip's is
        # 1 there on torch and TF, 1/2 on JAX. ReLU6 after a zeroed channel sits exactly at 0.
        inside = ivy.logical_and(ivy.greater(x, min_val), ivy.less(x, max_val))
        r = wrap(ivy.where(inside, x, ivy.stop_gradient(r._data)))
    if inplace:
        input._data = r._data
        return input
    return r


def threshold(input, threshold, value, inplace=False):
    x = input._data
    r = ivy.where(ivy.greater(x, threshold), x, like(x, value, dtype_of(x)))
    r = wrap(ivy.where(ivy.isnan(x), x, r) if dtype_of(x).cat == 2 else r)
    if inplace:
        input._data = r._data
        return input
    return r


def logsigmoid(input):
    x = _float_only(input._data, "log_sigmoid")
    return wrap(ivy.negative(ivy.softplus(ivy.negative(x))))


def tanhshrink(input):
    x = _floatify(input._data)
    return wrap(ivy.subtract(x, ivy.tanh(x)))


def softshrink(input, lambd=0.5):
    x = _float_only(input._data, "softshrink")
    return wrap(ivy.where(ivy.greater(x, lambd), ivy.subtract(x, lambd),
                          ivy.where(ivy.less(x, -lambd), ivy.add(x, lambd), ivy.zeros_like(x))))


def hardshrink(input, lambd=0.5):
    x = _float_only(input._data, "hardshrink")
    # torch keeps x unless -lambd <= x <= lambd: NaN stays NaN
    return wrap(ivy.where(ivy.less_equal(ivy.abs(x), lambd), ivy.zeros_like(x), x))


def glu(input, dim=-1):
    a, b = F.chunk(input, 2, dim)
    if a.shape != b.shape:
        raise RuntimeError("Halving dimension must be even")
    return a * F.sigmoid(b)


def prelu(input, weight):
    x = input._data
    w = weight._data
    if len(x.shape) >= 2 and _core.dtype_of(w) and len(w.shape) == 1 and w.shape[0] > 1:
        w = ivy.reshape(w, (-1,) + (1,) * (len(x.shape) - 2))
    return wrap(ivy.where(ivy.greater(x, 0), x, ivy.multiply(w, x)))


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if training:
        not_implemented("torch.nn.functional.rrelu(training=True)")
    return leaky_relu(input, (lower + upper) / 2, inplace)


# the in-place spellings: the function with inplace=True (the input is updated and returned)
def relu_(input):
    return relu(input, inplace=True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def selu_(input):
    return selu(input, inplace=True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, inplace=True)


def threshold_(input, threshold, value):  # noqa: F811 - torch's parameter name
    return globals()["threshold"](input, threshold, value, inplace=True)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, inplace=True)


def _softmax_dim(ndim):
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    x = input._data
    if dtype is None and dim.__class__ is _int and _CAT.get(x.dtype, 0) >= 2:
        n = len(x.shape)
        if n and -n <= dim < n and 0 not in x.shape:
            return wrap(ivy.softmax(x, axis=dim % n))
    if dtype is not None:
        x = cast(x, _core.to_dtype(dtype))
    _float_only(x, "softmax")
    d = _softmax_dim(len(x.shape)) if dim is None else dim
    if not x.shape or 0 in tuple(x.shape):
        if x.shape:
            norm_dim(d, len(x.shape))
        return wrap(ivy.exp(ivy.subtract(x, x)))
    return wrap(ivy.softmax(x, axis=norm_dim(d, len(x.shape))))


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    return softmax(-input, dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    x = input._data
    if dtype is not None:
        x = cast(x, _core.to_dtype(dtype))
    _float_only(x, "log_softmax")
    d = _softmax_dim(len(x.shape)) if dim is None else dim
    if not x.shape or 0 in tuple(x.shape):
        return wrap(ivy.subtract(x, x))
    return wrap(ivy.log_softmax(x, axis=norm_dim(d, len(x.shape))))


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    u = F.rand_like(logits)
    g = -F.log(-F.log(u + eps) + eps)
    y = softmax((logits + g) / tau, dim)
    if hard:
        idx = y.argmax(dim, keepdim=True)
        return F.zeros_like(y).scatter(dim, idx, 1.0)
    return y
