"""torch.nn.functional over Ivy's nn functions (PyTorch layouts: NCHW data, OIHW filters)."""

from __future__ import annotations

import builtins
import math

import ivy

from .. import _core
from .. import _functions as F
from .._core import CAT as _CAT
from .._core import as_tuple, dtype_of, norm_dim, not_implemented
from .._functions import _floatify, _out
from .._tensor import Tensor, c_op, cast, like, wrap

_int, _float, _bool = builtins.int, builtins.float, builtins.bool
CF = "channel_first"


def _ntuple(v, n):
    if isinstance(v, (list, tuple)):
        if len(v) == 1:
            return tuple(v) * n
        return tuple(v)
    return (v,) * n


def _float_only(x, name):
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
    return x


# ---------------------------------------------------------------------------- activations

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
    return wrap(ivy.where(ivy.greater(ivy.abs(x), lambd), x, ivy.zeros_like(x)))


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


# -------------------------------------------------------------------------------- layers

def _same_dtype(a, b, name="conv"):
    if a.dtype is not b.dtype:
        raise RuntimeError(f"Input type ({a.dtype}) and weight type ({b.dtype}) should be the same")


def linear(input, weight, bias=None):
    _same_dtype(input, weight)
    return wrap(ivy.linear(input._data, weight._data, None if bias is None else bias._data))


def bilinear(input1, input2, weight, bias=None):
    r = F.einsum("...i,oij,...j->...o", input1, weight, input2)
    return r if bias is None else r + bias


def _conv_padding(padding, n, k, dilation):
    if isinstance(padding, str):
        if padding == "valid":
            return "VALID"
        if padding == "same":
            pads = []
            for kk, dd in zip(k, dilation):
                total = dd * (kk - 1)
                pads.append((total // 2, total - total // 2))
            return pads
        raise ValueError(f"Invalid padding string '{padding}'")
    p = _ntuple(padding, n)
    return [(_int(v), _int(v)) for v in p]


def _conv(n, input, weight, bias, stride, padding, dilation, groups):
    _same_dtype(input, weight)
    x, w = input._data, weight._data
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"slow_conv{n}d\" not implemented for '{dtype_of(x)}'")
    unbatched = len(x.shape) == n + 1
    if unbatched:
        x = ivy.expand_dims(x, axis=0)
    if len(x.shape) != n + 2:
        raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to "
                           f"conv{n}d, but got input of size: {list(x.shape)}")
    if x.shape[1] != w.shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {list(w.shape)}, expected "
                           f"input{list(x.shape)} to have {w.shape[1] * groups} channels")
    k = tuple(w.shape[2:])
    dil = _ntuple(dilation, n)
    if isinstance(padding, str) and padding == "same" and any(s != 1 for s in _ntuple(stride, n)):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    fn = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}[n]
    r = fn(x, w, strides=_ntuple(stride, n), padding=_conv_padding(padding, n, k, dil),
           dilations=dil, groups=groups, data_format=CF, filter_format=CF,
           bias=None if bias is None else bias._data)
    if unbatched:
        r = ivy.squeeze(r, axis=0)
    return wrap(r)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(3, input, weight, bias, stride, padding, dilation, groups)


def _conv_t(n, input, weight, bias, stride, padding, output_padding, groups, dilation):
    _same_dtype(input, weight)
    x, w = input._data, weight._data
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"slow_conv_transpose{n}d\" not implemented for '{dtype_of(x)}'")
    unbatched = len(x.shape) == n + 1
    if unbatched:
        x = ivy.expand_dims(x, axis=0)
    fn = {1: ivy.conv1d_transpose, 2: ivy.conv2d_transpose, 3: ivy.conv3d_transpose}[n]
    r = fn(x, w, strides=_ntuple(stride, n), padding=[_int(p) for p in _ntuple(padding, n)],
           output_padding=_ntuple(output_padding, n), dilations=_ntuple(dilation, n),
           groups=groups, data_format=CF, filter_format=CF,
           bias=None if bias is None else bias._data)
    if unbatched:
        r = ivy.squeeze(r, axis=0)
    return wrap(r)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(1, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(2, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(3, input, weight, bias, stride, padding, output_padding, groups, dilation)


def _pool_geometry(n, x, kernel_size, stride, padding, dilation, ceil_mode, name):
    k = _ntuple(kernel_size, n)
    s = _ntuple(stride if stride is not None and stride != [] else kernel_size, n)
    p = _ntuple(padding, n)
    d = _ntuple(dilation, n)
    if any(dd != 1 for dd in d):
        not_implemented(f"torch.nn.functional.{name}(dilation != 1)")
    for kk, pp in zip(k, p):
        if pp > kk // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but got "
                               f"pad={pp}, kernel_size={kk} and dilation=1")
    spatial = tuple(x.shape[-n:])
    pads = []
    for L, kk, ss, pp in zip(spatial, k, s, p):
        num = L + 2 * pp - kk
        if num < 0:
            raise RuntimeError(f"Given input size too small: output size would be "
                               f"{num // ss + 1}")
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= L + pp:
            out -= 1
        extra = _max0((out - 1) * ss + kk - (L + 2 * pp))
        pads.append((pp, pp + extra))
    return k, s, pads


def _max0(v):
    return v if v > 0 else 0


def _batched(x, n):
    if len(x.shape) == n + 1:
        return ivy.expand_dims(x, axis=0), True
    if len(x.shape) != n + 2:
        raise RuntimeError(f"Expected {n + 1}D or {n + 2}D input, got {len(x.shape)}D")
    return x, False


def _max_pool_windows(n, x, kernel_size, stride, padding, dilation, ceil_mode, name):
    """Max pooling by explicit windows (dilation, indices): values and torch's indices -- the
    flat index in the input plane of the first maximum of a window, or of its last NaN (ATen's
    ``val > maxval || isnan(val)`` scan over the window's cells inside the input)."""
    import itertools

    k, s_, p, d = (_ntuple(v, n) for v in (kernel_size, stride if stride is not None and
                                            stride != [] else kernel_size, padding, dilation))
    for kk, pp, dd in zip(k, p, d, strict=True):
        if pp > (dd * (kk - 1) + 1) // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but got "
                               f"pad={pp}, kernel_size={kk} and dilation={dd}")
    spatial = tuple(x.shape[-n:])
    outs = []
    for L, kk, ss, pp, dd in zip(spatial, k, s_, p, d, strict=True):
        num = L + 2 * pp - dd * (kk - 1) - 1
        if num < 0:
            raise RuntimeError(f"Given input size too small: output size would be "
                               f"{num // ss + 1}")
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= L + pp:
            out -= 1
        outs.append(out)
    lead = tuple(x.shape[:-n])
    fl = dtype_of(x).cat >= 2
    low = -math.inf if fl else int(ivy.iinfo(dtype_of(x).ivy).min)
    strides = [int(math.prod(spatial[i + 1:])) for i in range(n)]
    vals, valid, flat = [], [], []
    for combo in itertools.product(*[range(kk) for kk in k]):
        coords = []
        for i in range(n):
            c = ivy.add(ivy.multiply(ivy.arange(outs[i], dtype="int64"), s_[i]),
                        combo[i] * d[i] - p[i])
            coords.append(ivy.reshape(c, tuple(outs[i] if j == i else 1 for j in range(n))))
        ok = None
        idx = None
        for i, c in enumerate(coords):
            oki = ivy.logical_and(ivy.greater_equal(c, 0), ivy.less(c, spatial[i]))
            ok = oki if ok is None else ivy.logical_and(ok, oki)
            term = ivy.multiply(c, strides[i])
            idx = term if idx is None else ivy.add(idx, term)
        ok = ivy.broadcast_to(ok, tuple(outs))
        idx = ivy.broadcast_to(idx, tuple(outs))
        safe = [ivy.clip(c, 0, spatial[i] - 1) for i, c in enumerate(coords)]
        flat_safe = ivy.zeros(tuple(outs), dtype="int64")
        for i, c in enumerate(safe):
            flat_safe = ivy.add(flat_safe, ivy.multiply(c, strides[i]))
        xf = ivy.reshape(x, lead + (-1,))
        v = ivy.reshape(ivy.take(xf, ivy.reshape(flat_safe, (-1,)), axis=-1), lead + tuple(outs))
        vals.append(ivy.where(ok, v, ivy.full_like(v, low)))
        valid.append(ok)
        flat.append(idx)
    axis = len(lead)
    V = ivy.stack(vals, axis=axis)  # lead + (K,) + outs
    ok = ivy.stack(valid, axis=0)  # (K,) + outs
    F_ = ivy.stack(flat, axis=0)
    K = len(vals)
    m = ivy.max(V, axis=axis)
    hit = ivy.logical_and(ok, ivy.equal(V, ivy.expand_dims(m, axis=axis)))
    first = ivy.argmax(ivy.astype(hit, "int64"), axis=axis)
    if fl:
        isn = ivy.logical_and(ok, ivy.isnan(V))
        last_nan = ivy.subtract(K - 1, ivy.argmax(ivy.astype(ivy.flip(isn, axis=axis), "int64"),
                                                  axis=axis))
        first = ivy.where(ivy.any(isn, axis=axis), last_nan, first)
    Fb = ivy.broadcast_to(F_, tuple(V.shape))
    ind = ivy.squeeze(ivy.take_along_axis(Fb, ivy.expand_dims(ivy.astype(first, "int64"),
                                                              axis=axis), axis=axis), axis=axis)
    return m, ind


def _max_pool(n, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    name = f"max_pool{n}d"
    x, unb = _batched(input._data, n)
    if n == 1 and not return_indices and dtype_of(x).cat < 2:  # torch's max_pool1d_impl
        raise NotImplementedError(f"\"max_pool1d_impl\" not implemented for '{dtype_of(x)}'")
    if return_indices or any(dd != 1 for dd in _ntuple(dilation, n)):
        if 0 in tuple(x.shape):
            not_implemented(f"torch.nn.functional.{name} (empty input with indices/dilation)")
        if dtype_of(x).cat in (0, 3):
            raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
        m, ind = _max_pool_windows(n, x, kernel_size, stride, padding, dilation, ceil_mode, name)
        sq = (lambda a: ivy.squeeze(a, axis=0)) if unb else (lambda a: a)
        return (wrap(sq(m)), wrap(sq(ind))) if return_indices else wrap(sq(m))
    k, s, pads = _pool_geometry(n, x, kernel_size, stride, padding, dilation, ceil_mode, name)
    fn = {1: ivy.max_pool1d, 2: ivy.max_pool2d, 3: ivy.max_pool3d}[n]
    r = fn(x, k, strides=s, padding=pads, data_format=CF)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(1, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(2, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(3, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(1, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(2, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(3, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def _max_unpool(n, input, indices, kernel_size, stride, padding, output_size):
    """max_unpool{n}d: zeros of the unpooled size with input's values written at ``indices``
    (flat positions in each output plane, as max_pool's return_indices gives)."""
    x, unb = _batched(input._data, n)
    ix = indices._data
    if dtype_of(ix).name != "int64":
        raise RuntimeError(f"expected indices to have type Long, got {dtype_of(ix)}")
    if unb:
        ix = ivy.expand_dims(ix, axis=0)
    if tuple(ix.shape) != tuple(x.shape):
        raise RuntimeError("Expected shape of indices to be same as that of the input tensor")
    k, s_, p = (_ntuple(v, n) for v in (kernel_size, stride if stride is not None and
                                         stride != [] else kernel_size, padding))
    spatial = tuple(x.shape[-n:])
    default = tuple((L - 1) * ss - 2 * pp + kk for L, ss, pp, kk in zip(spatial, s_, p, k,
                                                                          strict=True))
    if output_size is None:
        out = default
    else:
        out = tuple(int(v) for v in as_tuple(output_size))
        if len(out) == n + 2:
            out = out[-n:]
        if len(out) != n:
            raise ValueError(f"output_size should be a sequence containing {n} or {n + 2} "
                             f"elements, but it has a length of '{len(out)}'")
        for o_, dflt, ss in zip(out, default, s_, strict=True):
            if not dflt - ss < o_ < dflt + ss:
                raise ValueError(f"invalid output_size \"{out}\" (dim 0 must be between "
                                 f"{dflt - ss} and {dflt + ss})")
    P = int(math.prod(out))
    N, C = x.shape[0], x.shape[1]
    ixf = ivy.reshape(ix, (N, C, -1))
    if ixf.shape[-1] and (bool(ivy.any(ivy.less(ixf, 0))) or bool(ivy.any(ivy.greater_equal(
            ixf, P)))):
        bad = int(ivy.to_scalar(ivy.max(ixf)))
        raise RuntimeError(f"Found an invalid max index: {bad} (output volumes are of size "
                           f"{'x'.join(str(v) for v in out)})")
    # repeated indices: which value lands is unspecified (torch documents the same)
    Lk = ixf.shape[-1]
    nn_ = ivy.broadcast_to(ivy.reshape(ivy.arange(N, dtype="int64"), (N, 1, 1)), (N, C, Lk))
    cc_ = ivy.broadcast_to(ivy.reshape(ivy.arange(C, dtype="int64"), (1, C, 1)), (N, C, Lk))
    coords = ivy.reshape(ivy.stack([nn_, cc_, ixf], axis=-1), (-1, 3))
    r = ivy.scatter_nd(coords, ivy.reshape(x, (-1,)), (N, C, P), reduction="replace")
    r = ivy.reshape(r, (N, C) + out)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(1, input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(2, input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(3, input, indices, kernel_size, stride, padding, output_size)


def _avg_pool(n, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
    name = f"avg_pool{n}d"
    x, unb = _batched(input._data, n)
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
    k, s, pads = _pool_geometry(n, x, kernel_size, stride, padding, 1, ceil_mode, name)
    if ceil_mode and any(hi != lo for lo, hi in pads):
        not_implemented(f"torch.nn.functional.{name}(ceil_mode=True) with a partial last window")
    fn = {1: ivy.avg_pool1d, 2: ivy.avg_pool2d, 3: ivy.avg_pool3d}[n]
    if divisor_override:
        r = fn(x, k, strides=s, padding=pads, data_format=CF, count_include_pad=True)
        r = ivy.divide(ivy.multiply(r, _prod(k)), divisor_override)
    else:
        r = fn(x, k, strides=s, padding=pads, data_format=CF,
               count_include_pad=count_include_pad)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def _prod(v):
    r = 1
    for e in v:
        r *= e
    return r


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    return _avg_pool(1, input, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg_pool(2, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg_pool(3, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def _adaptive_size(out, spatial):
    out = _ntuple(out, len(spatial))
    return tuple(sp if o is None else _int(o) for o, sp in zip(out, spatial))


def adaptive_avg_pool2d(input, output_size):
    x, unb = _batched(input._data, 2)
    size = _adaptive_size(output_size, tuple(x.shape[-2:]))
    r = ivy.adaptive_avg_pool2d(x, size, data_format=CF)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def adaptive_avg_pool1d(input, output_size):
    x = input._data
    r = adaptive_avg_pool2d(wrap(ivy.expand_dims(x, axis=-2)), (1, as_tuple(output_size)[0]))
    return wrap(ivy.squeeze(r._data, axis=-2))


def _adaptive_bins(L, O):
    return [((i * L) // O, -((-(i + 1) * L) // O)) for i in range(O)]


def _adaptive_pool(input, nd, output_size, kind, return_indices=False):
    """Adaptive pooling over the last ``nd`` dims, one bin at a time (torch's bins:
    [floor(i L / O), ceil((i + 1) L / O))). ``max`` returns torch's indices when asked: the flat
    index in the input plane of the first maximum, or of the last NaN when the bin has one
    (ATen's ``val > maxval || isnan(val)`` scan)."""
    import itertools

    x, unb = _batched(input._data, nd)
    spatial = tuple(x.shape[-nd:])
    if 0 in spatial:
        raise RuntimeError(f"adaptive_{kind}_pool{nd}d(): Expected input to have non-zero size "
                           "for non-batch dimensions")
    if kind == "avg":
        _float_only(x, f"adaptive_avg_pool{nd}d")
    elif dtype_of(x).cat < 2:  # torch: "adaptive_max_pool2d" not implemented for 'Long'
        kernel = "adaptive_max_pool3d_cpu" if nd == 3 else "adaptive_max_pool2d"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtype_of(x)}'")
    out = _adaptive_size(output_size, spatial)
    bins = [_adaptive_bins(ln, on) for ln, on in zip(spatial, out, strict=True)]
    strides = [int(math.prod(spatial[i + 1:])) for i in range(nd)]
    lead = tuple(x.shape[:-nd])
    vals, idxs = [], []
    for combo in itertools.product(*bins):
        blk = ivy.get_item(x, (Ellipsis,) + tuple(slice(a, b) for a, b in combo))
        bshape = tuple(b - a for a, b in combo)
        flat = ivy.reshape(blk, lead + (-1,))
        if kind == "avg":
            vals.append(ivy.mean(flat, axis=-1))
            continue
        vals.append(ivy.max(flat, axis=-1))
        if return_indices:
            k = flat.shape[-1]
            isn = ivy.isnan(flat) if dtype_of(flat).cat >= 2 else ivy.zeros_like(flat,
                                                                                dtype="bool")
            first_max = ivy.argmax(ivy.where(isn, ivy.full_like(flat, -math.inf), flat) if
                                   dtype_of(flat).cat >= 2 else flat, axis=-1)
            last_nan = ivy.subtract(k - 1, ivy.argmax(ivy.astype(ivy.flip(isn, axis=-1),
                                                                 "int64"), axis=-1))
            loc = ivy.astype(ivy.where(ivy.any(isn, axis=-1), last_nan, first_max), "int64")
            g = ivy.zeros_like(loc)
            rem = loc
            for i in range(nd):
                inner = int(math.prod(bshape[i + 1:]))
                coord = ivy.floor_divide(rem, inner)
                rem = ivy.remainder(rem, inner)
                g = ivy.add(g, ivy.multiply(ivy.add(coord, combo[i][0]), strides[i]))
            idxs.append(g)
    r = ivy.reshape(ivy.stack(vals, axis=-1), lead + out)
    r = ivy.squeeze(r, axis=0) if unb else r
    if kind == "max" and return_indices:
        ix = ivy.reshape(ivy.stack(idxs, axis=-1), lead + out)
        return wrap(r), wrap(ivy.squeeze(ix, axis=0) if unb else ix)
    return wrap(r)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 2, output_size, "max", return_indices)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 1, output_size, "max", return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 3, output_size, "max", return_indices)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 1, output_size, "max", True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 2, output_size, "max", True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 3, output_size, "max", True)


def adaptive_avg_pool3d(input, output_size):
    return _adaptive_pool(input, 3, output_size, "avg")


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 2)
    r = avg_pool2d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0] * k[1]) ** (1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 1)
    r = avg_pool1d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0]) ** (1.0 / norm_type)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 3)
    r = avg_pool3d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0] * k[1] * k[2]) ** (1.0 / norm_type)


def channel_shuffle(input, groups):
    shp = tuple(input.shape)
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    if len(shp) < 3:
        raise RuntimeError(f"channel_shuffle expects input to have at least 3 dimensions, but "
                           f"got input with sizes {list(shp)}")
    if shp[1] % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {shp[1]} "
                           f"channels and {groups} groups.")
    x = input.reshape(shp[0], groups, shp[1] // groups, *shp[2:]).transpose(1, 2)
    return x.reshape(*shp)


def pdist(input, p=2):
    from .. import linalg

    if len(input.shape) != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {len(input.shape)}D")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    n = input.shape[0]
    i = [a for a in range(n) for _ in range(a + 1, n)]
    j = [b for a in range(n) for b in range(a + 1, n)]
    idx = F.tensor
    d = F.index_select(input, 0, idx(i, dtype=_core.int64)) - \
        F.index_select(input, 0, idx(j, dtype=_core.int64))
    return linalg.vector_norm(d, p, -1)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    x = input._data
    if len(x.shape) < 2:
        raise ValueError(f"Expected 2D or more input (got {len(x.shape)}D input)")
    C = x.shape[1]
    if running_mean is None or running_var is None:
        if not training:
            raise RuntimeError("running_mean and running_var must be defined in evaluation mode")
        m = ivy.zeros_like(ivy.get_item(x, (0,) + (0,) * (len(x.shape) - 2)))
        m = ivy.zeros((C,), dtype=dtype_of(x).ivy)._data if m is None else \
            ivy.astype(ivy.zeros_like(ivy.reshape(ivy.get_item(x, (0, Ellipsis)), (C, -1))[..., 0]
                                      if False else ivy.mean(ivy.reshape(ivy.get_item(
                                          x, (0, Ellipsis)), (C, -1)), axis=1)),
                       dtype_of(x).ivy)
        rm, rv = ivy.zeros_like(m), ivy.ones_like(m)
    else:
        rm, rv = running_mean._data, running_var._data
    if training:
        n = _prod(x.shape) // C
        if n <= 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input "
                             f"size {list(x.shape)}")
    out, nm, nv = ivy.batch_norm(x, rm, rv, weight=None if weight is None else weight._data,
                                 bias=None if bias is None else bias._data, training=training,
                                 momentum=momentum if momentum is not None else 0.1, eps=eps,
                                 data_format=CF)
    if training and running_mean is not None:
        running_mean._data = cast(nm, running_mean.dtype)
        running_var._data = cast(nv, running_var.dtype)
    return wrap(out)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    ns = as_tuple(normalized_shape)
    if tuple(input.shape[len(input.shape) - len(ns):]) != tuple(ns):
        raise RuntimeError(f"Given normalized_shape={list(ns)}, expected input with shape "
                           f"[*, {', '.join(map(str, ns))}], but got input of size"
                           f"{list(input.shape)}")
    return wrap(ivy.layer_norm(input._data, ns, weight=None if weight is None else weight._data,
                               bias=None if bias is None else bias._data, eps=eps))


def rms_norm(input, normalized_shape, weight=None, eps=None):
    ns = as_tuple(normalized_shape)
    x = input._data
    axes = tuple(range(len(x.shape) - len(ns), len(x.shape)))
    e = eps if eps is not None else float(ivy.finfo(dtype_of(x).ivy).eps)
    r = ivy.multiply(x, ivy.reciprocal(ivy.sqrt(ivy.add(ivy.mean(ivy.multiply(x, x), axis=axes,
                                                                  keepdims=True), e))))
    if weight is not None:
        r = ivy.multiply(r, weight._data)
    return wrap(r)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    x = input._data
    if x.shape[1] % num_groups:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {list(x.shape)} and num_groups={num_groups}")
    return wrap(ivy.group_norm(x, num_groups, weight=None if weight is None else weight._data,
                               bias=None if bias is None else bias._data, eps=eps,
                               data_format=CF))


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-05):
    if not use_input_stats or running_mean is not None:
        not_implemented("torch.nn.functional.instance_norm with running statistics")
    return wrap(ivy.instance_norm(input._data, weight=None if weight is None else weight._data,
                                  bias=None if bias is None else bias._data, eps=eps,
                                  data_format=CF))


def local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0):
    x = input._data
    sq = ivy.multiply(x, x)
    C = x.shape[1]
    pad = [(0, 0)] * len(x.shape)
    pad[1] = (size // 2, (size - 1) // 2)
    sqp = ivy.pad(sq, pad)
    acc = sum_ = None
    for i in range(size):
        sl = ivy.get_item(sqp, (slice(None), slice(i, i + C)))
        acc = sl if acc is None else ivy.add(acc, sl)
    _ = sum_
    div = ivy.pow(ivy.add(ivy.multiply(acc, alpha / size), k), beta)
    return wrap(ivy.divide(x, div))


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    from .. import linalg

    n = linalg.vector_norm(input, p, dim, True)
    return _out(input / F.clamp(n, min=eps).expand_as(input), out)


def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0:
        return input
    x = input._data
    if p == 1:
        r = ivy.zeros_like(x)
    else:
        r = ivy.dropout(x, p, training=True, seed=F._gen(None))
    if inplace:
        input._data = r
        return input
    return wrap(r)


def _channel_dropout(input, p, training, inplace, nspatial):
    if not training or p == 0:
        return input
    x = input._data
    shape = tuple(x.shape[:-nspatial]) + (1,) * nspatial
    keep = ivy.random_uniform(shape=shape, dtype=dtype_of(x).ivy, seed=F._gen(None))._data \
        if False else F.rand(*shape, dtype=dtype_of(x))._data
    mask = ivy.astype(ivy.greater_equal(keep, p), dtype_of(x).ivy)
    r = ivy.multiply(x, ivy.divide(mask, 1.0 - p)) if p < 1 else ivy.zeros_like(x)
    if inplace:
        input._data = r
        return input
    return wrap(r)


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout(input, p, training, inplace, 1)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout(input, p, training, inplace, 2)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout(input, p, training, inplace, 3)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    if not training or p == 0:
        return input
    not_implemented("torch.nn.functional.alpha_dropout(training=True)")


feature_alpha_dropout = alpha_dropout


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    idx = input._data
    if dtype_of(idx).cat != 1:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got {dtype_of(idx)} instead")
    w = weight._data
    n = w.shape[0]
    if _prod(idx.shape) and (ivy.to_numpy(ivy.max(idx)) >= n or ivy.to_numpy(ivy.min(idx)) < -n):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        if norm_type != 2.0:
            not_implemented("torch.nn.functional.embedding(max_norm, norm_type != 2)")
        used = ivy.any(ivy.one_hot(ivy.reshape(idx, (-1,)), n, dtype="bool"), axis=0) \
            if _prod(idx.shape) else None
        if used is not None:
            norms = ivy.linalg.vector_norm(w, axis=-1, keepdims=True)
            scale = ivy.divide(max_norm, ivy.add(norms, 1e-7))
            need = ivy.logical_and(ivy.expand_dims(used, axis=-1), ivy.greater(norms, max_norm))
            w = ivy.where(need, ivy.multiply(w, scale), w)
            weight._data = w
    rows = ivy.take(w, ivy.astype(idx, "int64"), axis=0)
    if scale_grad_by_freq:
        rows = _scale_grad_by_freq(rows, idx, n)
    if padding_idx is not None:   # the padding row gets no gradient, as in torch
        keep = ivy.not_equal(idx, padding_idx if padding_idx >= 0 else padding_idx + n)
        rows = ivy.where(ivy.expand_dims(keep, axis=-1), rows, ivy.stop_gradient(rows))
    return wrap(rows)


def _scale_grad_by_freq(rows, idx, n):
    """``rows`` (the rows of a weight of ``n`` rows at indices ``idx``), the same values, with
    their gradient divided by how often each one's index occurs in ``idx`` (torch's
    ``scale_grad_by_freq``). ``s - (s - rows) / count`` with ``s`` = stop_gradient(rows) keeps
    every finite value exactly, -0.0 included; a row holding inf or NaN keeps its value and an
    unscaled gradient."""
    flat = ivy.reshape(ivy.astype(idx, "int64"), (-1,))
    if not flat.shape[0]:
        return rows
    flat = ivy.where(ivy.less(flat, 0), ivy.add(flat, n), flat)
    counts = ivy.scatter_nd(ivy.expand_dims(flat, axis=-1),
                            ivy.ones(flat.shape, dtype=dtype_of(rows).ivy), (n,))
    per = ivy.reshape(ivy.take(counts, flat, axis=0), tuple(idx.shape) + (1,))
    s = ivy.stop_gradient(rows)
    return ivy.where(ivy.isfinite(rows), ivy.subtract(s, ivy.divide(ivy.subtract(s, rows), per)),
                     rows)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    """torch.nn.functional.embedding_bag: the rows of ``weight`` for each bag (the rows of a 2-D
    ``input``, or ``input[offsets[i]:offsets[i + 1]]`` of a 1-D one) reduced by ``mode``
    (sum/mean/max; entries equal to ``padding_idx`` left out, an empty bag gives zeros)."""
    if mode not in ("sum", "mean", "max"):
        raise ValueError(f"mode has to be one of sum, mean or max, got {mode}")
    if scale_grad_by_freq and mode == "max":
        raise RuntimeError("max mode does not support scaling the gradient by the frequency")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. "
                                  "per_sample_weights is only supported for mode='sum' (got "
                                  f"mode='{mode}'). Please open a feature request on GitHub.")
    idx = input._data
    if dtype_of(idx).cat != 1:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got {dtype_of(idx)} instead")
    if input.ndim == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is "
                             "a mini-batch of fixed length sequences.")
        B, n_ = input.shape
        off = [i * n_ for i in range(B)]
        flat = ivy.reshape(idx, (-1,))
        psw = None if per_sample_weights is None else ivy.reshape(per_sample_weights._data, (-1,))
    elif input.ndim == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.ndim != 1:
            raise ValueError("offsets has to be a 1D Tensor")
        off = [int(v) for v in ivy.to_numpy(offsets._data).tolist()]
        flat = idx
        psw = None if per_sample_weights is None else per_sample_weights._data
        if off and off[0] != 0:
            raise RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the "
                               "mini-batch has to start from position 0. However, got "
                               f"{off[0]}")
        if off and off[-1] > flat.shape[0]:
            raise RuntimeError(f"offsets[-1] can not be greater than input's length "
                               f"{flat.shape[0]} but got offsets[-1] of {off[-1]}")
        if any(b < a for a, b in zip(off, off[1:], strict=False)):
            raise RuntimeError("embedding_bag: offsets must be non-decreasing")
        if include_last_offset:
            if not off:
                raise RuntimeError("include_last_offset: number of offset should be at least 1")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{input.ndim}")
    if max_norm is not None:  # renormalises the used rows of ``weight`` in place, as torch
        embedding(wrap(flat), weight, max_norm=max_norm, norm_type=norm_type)
    w = weight._data
    L = flat.shape[0]
    if input.ndim == 1 and include_last_offset:
        starts, ends = off[:-1], off[1:]
    else:
        starts, ends = off, off[1:] + [L]
    B = len(starts)
    rows = ivy.take(w, ivy.astype(flat, "int64"), axis=0) if L else \
        ivy.zeros((0, w.shape[1]), dtype=dtype_of(w).ivy)
    if L and (ivy.to_numpy(ivy.max(flat)) >= w.shape[0] or ivy.to_numpy(ivy.min(flat)) < 0):
        raise IndexError("index out of range in self")
    if scale_grad_by_freq and L:
        rows = _scale_grad_by_freq(rows, flat, w.shape[0])
    pos = ivy.arange(L, dtype="int64")
    st_ = ivy.reshape(ivy.asarray(starts or [0], dtype="int64"), (-1, 1))[:B]
    en_ = ivy.reshape(ivy.asarray(ends or [0], dtype="int64"), (-1, 1))[:B]
    member = ivy.logical_and(ivy.greater_equal(pos, st_), ivy.less(pos, en_))  # (B, L)
    if padding_idx is not None:
        pad = padding_idx if padding_idx >= 0 else padding_idx + w.shape[0]
        member = ivy.logical_and(member, ivy.not_equal(flat, pad))
    m = ivy.astype(member, dtype_of(w).ivy)
    if mode == "max":
        big = ivy.where(ivy.expand_dims(member, axis=-1), ivy.expand_dims(rows, axis=0),
                        ivy.full_like(ivy.expand_dims(rows, axis=0), -math.inf))
        r = ivy.max(big, axis=1) if L else ivy.zeros((B, w.shape[1]), dtype=dtype_of(w).ivy)
        r = ivy.where(ivy.any(member, axis=1, keepdims=True), r, ivy.zeros_like(r))
        return wrap(r)
    if psw is not None:
        rows = ivy.multiply(rows, ivy.expand_dims(cast(psw, dtype_of(w)), axis=-1))
    r = ivy.matmul(m, rows)
    if mode == "mean":
        cnt = ivy.sum(m, axis=1, keepdims=True)
        r = ivy.divide(r, ivy.where(ivy.equal(cnt, 0), ivy.ones_like(cnt), cnt))
    return wrap(r)


def conv_tbc(input, weight, bias, pad=0):
    """torch.conv_tbc: conv1d on (time, batch, channel) input with a (k, in, out) weight."""
    steps = input.shape[0] + 2 * pad - weight.shape[0] + 1
    if steps <= 0:  # a kernel as long as the padded input plus one: torch's empty result
        if steps < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {steps}: "
                               f"[{steps}, {input.shape[1]}, {weight.shape[2]}]")
        return F.zeros((0, input.shape[1], weight.shape[2]), dtype=input.dtype)
    x = input.permute(1, 2, 0)
    r = conv1d(x, weight.permute(2, 1, 0), bias, padding=pad)
    return r.permute(2, 0, 1)


def one_hot(tensor, num_classes=-1):
    x = tensor._data
    if dtype_of(x) is not _core.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        if not _prod(x.shape):
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = _int(ivy.to_numpy(ivy.max(x))) + 1
    if _prod(x.shape) and (ivy.to_numpy(ivy.min(x)) < 0 or
                           ivy.to_numpy(ivy.max(x)) >= num_classes):
        raise RuntimeError("Class values must be smaller than num_classes." if
                           ivy.to_numpy(ivy.min(x)) >= 0 else
                           "Class values must be non-negative.")
    return wrap(ivy.one_hot(x, num_classes, dtype="int64"))


def pad(input, pad, mode="constant", value=None):
    x = input._data
    nd = len(x.shape)
    if len(pad) % 2 or len(pad) // 2 > nd:
        raise RuntimeError("Padding length must be divisible by 2 and at most twice the number "
                           "of dimensions of the input")
    pairs = [(0, 0)] * nd
    for i in range(len(pad) // 2):
        pairs[nd - 1 - i] = (_int(pad[2 * i]), _int(pad[2 * i + 1]))
    # negative pads crop
    crop = tuple(slice(-lo if lo < 0 else 0, (s + hi) if hi < 0 else None)
                 for (lo, hi), s in zip(pairs, x.shape))
    if any(lo < 0 or hi < 0 for lo, hi in pairs):
        if mode != "constant":
            not_implemented(f"torch.nn.functional.pad(mode={mode!r}) with negative padding")
        x = ivy.get_item(x, crop)
        pairs = [(max(lo, 0), max(hi, 0)) for lo, hi in pairs]
    if mode == "constant":
        v = 0 if value is None else value
        cat = dtype_of(x).cat
        if cat in (0, 1) and isinstance(v, float):   # bool, int
            v = bool(v) if cat == 0 else int(v)   # torch casts the value (-100.0 on int labels)
        return wrap(ivy.pad(x, pairs, mode="constant", constant_values=v))
    m = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}.get(mode)
    if m is None:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    npad = len(pad) // 2
    if not (npad <= 3 and nd - 2 <= npad + 1 and nd >= npad + 1 and nd - 1 <= npad + 2
            and nd in (npad + 1, npad + 2)):
        raise NotImplementedError(f"Padding size {len(pad)} is not supported for {nd}D input "
                                  "tensor.")
    if value is not None and value != 0:
        raise AssertionError(f"Padding mode \"{mode}\" doesn't take in value argument")
    if mode == "reflect":
        for (lo, hi), s in zip(pairs, x.shape):
            if lo >= s or hi >= s:
                raise RuntimeError("Padding size should be less than the corresponding input "
                                   "dimension")
    return wrap(ivy.pad(x, pairs, mode=m))


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    x = input._data
    n = len(x.shape) - 2
    if antialias:
        not_implemented("torch.nn.functional.interpolate(antialias=True)")
    if mode in ("nearest", "area") and align_corners is not None:
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    spatial = tuple(x.shape[2:])
    if size is not None:
        if scale_factor is not None:
            raise ValueError("only one of size or scale_factor should be defined")
        out = _ntuple(size, n)
    else:
        if scale_factor is None:
            raise ValueError("either size or scale_factor should be defined")
        sf = _ntuple(scale_factor, n)
        out = tuple(_int(math.floor(s * f)) for s, f in zip(spatial, sf))
        if not recompute_scale_factor and any(o / s != f for o, s, f in zip(out, spatial, sf)
                                              if mode != "area"):
            not_implemented("torch.nn.functional.interpolate(scale_factor=...) whose output size "
                            "is not exactly input*scale (torch then samples with the given "
                            "factor)")
    if mode == "area":
        if n != 2:
            not_implemented(f"torch.nn.functional.interpolate(mode='area') on {n}-D")
        return adaptive_avg_pool2d(input, out)
    want = {"nearest": 1, "linear": 1, "bilinear": 2, "trilinear": 3}
    if mode not in want and mode not in ("nearest",):
        not_implemented(f"torch.nn.functional.interpolate(mode={mode!r})")
    if mode != "nearest" and want[mode] != n:
        raise NotImplementedError(f"Got {n + 2}D input, but {mode} mode needs "
                                  f"{want[mode] + 2}D input")
    ivy_mode = mode if mode != "linear" or n == 1 else mode
    return wrap(ivy.interpolate(x, out, mode=ivy_mode, align_corners=_bool(align_corners),
                                data_format=CF))


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, "nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, "bilinear", True)


def pixel_shuffle(input, upscale_factor):
    r = upscale_factor
    *b, c, h, w = input.shape
    if c % (r * r):
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be "
                           "divisible by the square of upscale_factor")
    x = input.reshape(*b, c // (r * r), r, r, h, w)
    nb = len(b)
    x = x.permute(*range(nb), nb, nb + 3, nb + 1, nb + 4, nb + 2)
    return x.reshape(*b, c // (r * r), h * r, w * r)


def pixel_unshuffle(input, downscale_factor):
    r = downscale_factor
    *b, c, h, w = input.shape
    x = input.reshape(*b, c, h // r, r, w // r, r)
    nb = len(b)
    x = x.permute(*range(nb), nb, nb + 2, nb + 4, nb + 1, nb + 3)
    return x.reshape(*b, c * r * r, h // r, w // r)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    x, unb = _batched(input._data, 2)
    k, d, p, s = (_ntuple(v, 2) for v in (kernel_size, dilation, padding, stride))
    N, C, H, W = x.shape
    xp = ivy.pad(x, [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
    oh = (H + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (W + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    cols = []
    for i in range(k[0]):
        for j in range(k[1]):
            sl = ivy.get_item(xp, (slice(None), slice(None),
                                   slice(i * d[0], i * d[0] + s[0] * (oh - 1) + 1, s[0]),
                                   slice(j * d[1], j * d[1] + s[1] * (ow - 1) + 1, s[1])))
            cols.append(sl)
    r = ivy.stack(cols, axis=2)  # N, C, k*k, oh, ow
    r = ivy.reshape(r, (N, C * k[0] * k[1], oh * ow))
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """torch.nn.functional.fold (col2im): each column of blocks summed back into the (padded)
    image at its sliding-window positions (a scatter-add), then the padding cropped."""
    x = input._data
    if len(x.shape) not in (2, 3):
        raise RuntimeError("Input Error: Only unbatched (2D) or batched (3D) input Tensors are "
                           f"supported (got {len(x.shape)}D)")
    if dtype_of(x).cat == 1:
        raise NotImplementedError(f"\"col2im_out_cpu\" not implemented for '{dtype_of(x)}'")
    if dtype_of(x).cat == 0:
        not_implemented("torch.nn.functional.fold (bool input)")
    x, unb = _batched(x, 1)
    o, k, d, p, s = (_ntuple(v, 2) for v in (output_size, kernel_size, dilation, padding, stride))
    N, CK, L = x.shape
    K = k[0] * k[1]
    if CK % K:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the product "
                           f"of kernel_size, but got input.size(1)={CK} and kernel_size={k}")
    C = CK // K
    Hp, Wp = o[0] + 2 * p[0], o[1] + 2 * p[1]
    lh = (Hp - d[0] * (k[0] - 1) - 1) // s[0] + 1
    lw = (Wp - d[1] * (k[1] - 1) - 1) // s[1] + 1
    if lh < 1 or lw < 1 or lh * lw != L:
        raise RuntimeError(f"Given output_size={o}, kernel_size={k}, dilation={d}, padding={p}, "
                           f"stride={s}, expected size of input's dimension 2 to match the "
                           f"calculated number of sliding blocks {lh} * {lw} = {lh * lw}, but "
                           f"got input.size(2)={L}.")
    ar = lambda n_: ivy.arange(n_, dtype="int64")  # noqa: E731
    rows = ivy.add(ivy.reshape(ivy.multiply(ar(k[0]), d[0]), (k[0], 1, 1, 1)),
                   ivy.reshape(ivy.multiply(ar(lh), s[0]), (1, 1, lh, 1)))
    cols = ivy.add(ivy.reshape(ivy.multiply(ar(k[1]), d[1]), (1, k[1], 1, 1)),
                   ivy.reshape(ivy.multiply(ar(lw), s[1]), (1, 1, 1, lw)))
    pos = ivy.reshape(ivy.add(ivy.multiply(rows, Wp), cols), (K * L, 1))
    upd = ivy.permute_dims(ivy.reshape(x, (N, C, K * L)), (2, 0, 1))
    r = ivy.scatter_nd(pos, upd, (Hp * Wp, N, C), reduction="sum")
    r = ivy.reshape(ivy.permute_dims(r, (1, 2, 0)), (N, C, Hp, Wp))
    r = ivy.get_item(r, (slice(None), slice(None), slice(p[0], p[0] + o[0]),
                         slice(p[1], p[1] + o[1])))
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    q, k, v = query._data, key._data, value._data
    if enable_gqa and q.shape[-3] != k.shape[-3]:
        rep = q.shape[-3] // k.shape[-3]
        k = ivy.repeat(k, rep, axis=-3)
        v = ivy.repeat(v, rep, axis=-3)
    if is_causal and attn_mask is not None:
        raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set "
                           "when is_causal=True")
    mask = None
    if attn_mask is not None:
        mask = attn_mask._data
        if dtype_of(mask).cat != 0:
            mask = cast(mask, dtype_of(q))
    if dropout_p == 0.0:
        if mask is None:
            return wrap(ivy.scaled_dot_product_attention(q, k, v, mask=mask,
                                                         is_causal=is_causal, scale=scale))
        # torch (2.5+) gives 0 for a query whose keys are all masked (False / -inf), where the
        # softmax alone gives NaN (GPT-2 with left padding): such rows attend to every key with
        # a finite mask (finite gradients), then are zeroed
        boolean = dtype_of(mask).cat == 0
        live = ivy.any(mask if boolean else ivy.not_equal(mask, -math.inf), axis=-1,
                       keepdims=True)
        mask = ivy.logical_or(mask, ivy.logical_not(live)) if boolean else \
            ivy.where(live, mask, ivy.zeros_like(mask))
        out = ivy.scaled_dot_product_attention(q, k, v, mask=mask, is_causal=is_causal,
                                               scale=scale)
        return wrap(ivy.where(live, out, ivy.zeros_like(out)))
    E = q.shape[-1]
    sc = scale if scale is not None else 1.0 / math.sqrt(E)
    s = ivy.multiply(ivy.matmul(q, ivy.matrix_transpose(k)), sc)
    L, S = s.shape[-2], s.shape[-1]
    if is_causal:
        causal = like(q, __import__("numpy").tril(__import__("numpy").ones((L, S), bool)))
        s = ivy.where(causal, s, ivy.full_like(s, -math.inf))
    if mask is not None:
        s = ivy.where(mask, s, ivy.full_like(s, -math.inf)) if dtype_of(mask).cat == 0 else \
            ivy.add(s, mask)
    a = ivy.softmax(s, axis=-1)
    a = ivy.dropout(a, dropout_p, training=True, seed=F._gen(None))
    return wrap(ivy.matmul(a, v))


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads,
                                 in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn,
                                 dropout_p, out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False):
    """torch's functional multi-head attention on ``(L, N, E)`` (or unbatched ``(L, E)``)
    inputs: in-projection (packed or separate weights), optional ``bias_k``/``bias_v``,
    ``static_k``/``static_v`` and a zero attention slot, boolean or additive masks, then the
    out-projection; returns ``(output, weights)`` (weights ``None`` unless ``need_weights``)."""
    batched = query.ndim == 3
    if not batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    L, N, E = query.shape
    S = key.shape[0]
    if E != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but "
                             f"got {E}")
    D = E // num_heads
    if D * num_heads != E:
        raise AssertionError(f"embed_dim {E} not divisible by num_heads {num_heads}")
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to "
                           "create this mask.")
    bq = bk = bv = None
    if in_proj_bias is not None:
        bq, bk, bv = in_proj_bias[:E], in_proj_bias[E:2 * E], in_proj_bias[2 * E:]
    if use_separate_proj_weight:
        wq, wk, wv = q_proj_weight, k_proj_weight, v_proj_weight
    else:
        wq, wk, wv = in_proj_weight[:E], in_proj_weight[E:2 * E], in_proj_weight[2 * E:]
    q, k, v = linear(query, wq, bq), linear(key, wk, bk), linear(value, wv, bv)

    def float_mask(m):  # a boolean mask as an additive one in q's dtype
        if m is None or m.dtype is not _core.bool:
            return m
        return F.zeros(tuple(m.shape), dtype=q.dtype).masked_fill(m, float("-inf"))

    attn_mask = float_mask(attn_mask)
    key_padding_mask = float_mask(key_padding_mask)
    if attn_mask is not None and attn_mask.ndim == 2:
        attn_mask = attn_mask.unsqueeze(0)
    if bias_k is not None and bias_v is not None:
        k = F.cat([k, bias_k.repeat(1, N, 1)])
        v = F.cat([v, bias_v.repeat(1, N, 1)])
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    q = q.reshape(L, N * num_heads, D).transpose(0, 1)
    k = k.reshape(k.shape[0], N * num_heads, D).transpose(0, 1) if static_k is None else static_k
    v = v.reshape(v.shape[0], N * num_heads, D).transpose(0, 1) if static_v is None else static_v
    if add_zero_attn:
        k = F.cat([k, F.zeros((N * num_heads, 1, D), dtype=k.dtype)], dim=1)
        v = F.cat([v, F.zeros((N * num_heads, 1, D), dtype=v.dtype)], dim=1)
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    S = k.shape[1]
    if key_padding_mask is not None:
        kpm = key_padding_mask.reshape(N, 1, 1, S).expand(-1, num_heads, -1, -1).reshape(
            N * num_heads, 1, S)
        attn_mask = kpm if attn_mask is None else attn_mask + kpm
    scores = F.bmm(q * math.sqrt(1.0 / D), k.transpose(-2, -1))
    if attn_mask is not None:
        scores = scores + attn_mask
    weights = softmax(scores, -1)
    attn = dropout(weights, dropout_p, True) if training and dropout_p > 0 else weights
    out = F.bmm(attn, v).transpose(0, 1).reshape(L * N, E)
    out = linear(out, out_proj_weight, out_proj_bias).reshape(L, N, E)
    if not batched:
        out = out.squeeze(1)
    if not need_weights:
        return out, None
    weights = weights.reshape(N, num_heads, L, S)
    if average_attn_weights:
        weights = weights.mean(1)
    return out, (weights if batched else weights.squeeze(0))


# -------------------------------------------------------------------------------- losses

def _reduce(loss, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    if reduction == "none":
        return loss
    if reduction == "mean":
        return wrap(ivy.mean(loss._data)) if loss.numel() else wrap(ivy.divide(ivy.sum(
            loss._data), 0.0))
    if reduction == "sum":
        return wrap(ivy.sum(loss._data))
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _lse3(a, b, c):
    """log(exp(a) + exp(b) + exp(c)), -inf where all three are -inf (without a log(0), whose
    derivative would make the gradient NaN there)."""
    m = ivy.maximum(a, ivy.maximum(b, c))
    m = ivy.where(ivy.isinf(m), ivy.zeros_like(m), m)
    acc = ivy.add(ivy.add(ivy.exp(ivy.subtract(a, m)), ivy.exp(ivy.subtract(b, m))),
                  ivy.exp(ivy.subtract(c, m)))
    dead = ivy.equal(acc, 0)
    out = ivy.add(ivy.log(ivy.where(dead, ivy.ones_like(acc), acc)), m)
    return ivy.where(dead, ivy.full_like(out, -math.inf), out)


def _lengths(v, n, what):
    d = v._data if isinstance(v, Tensor) else ivy.asarray(list(v), dtype="int64")._data
    d = ivy.astype(ivy.reshape(d, (-1,)), "int64")
    if d.shape[0] != n:
        raise RuntimeError(f"ctc_loss: expected {what} to have {n} entries, got {d.shape[0]}")
    return d


def _n(v):
    return v._data if isinstance(v, ivy.Array) else v


def _cols(x, start, stop):
    """``x[:, start:stop]`` recorded by the tracer (native slicing is not)."""
    return ivy.get_item(x, (slice(None), slice(start, stop)))


def ctc_nll(lp, targets, il, tl, blank):
    """Per-sample CTC negative log-likelihood on native Ivy values (``lp`` ``(T, N, C)`` log
    probabilities, ``targets`` padded ``(N, S)`` or concatenated 1-D, ``il``/``tl`` int64
    ``(N,)`` lengths, which may be graph values): the forward (alpha) recursion in log space over
    the blank-extended labels, an ``ivy.scan`` over time; a sample shorter than ``T`` keeps its
    last state. Also the mapping of aten's ``_ctc_loss`` in the torch transpiler."""
    T_, N = int(lp.shape[0]), int(lp.shape[1])
    tg = ivy.astype(targets, "int64")
    if len(tg.shape) == 2:
        S = int(tg.shape[1])
    else:  # concatenated: sample n's labels start at the sum of the earlier lengths
        S = int(tg.shape[0])
        start = ivy.subtract(ivy.cumulative_sum(tl, axis=0), tl)
        pos = ivy.add(ivy.expand_dims(start, axis=1),
                      ivy.expand_dims(_n(ivy.arange(S, dtype="int64")), axis=0))
        pos = ivy.clip(pos, 0, builtins.max(S - 1, 0))
        tg = ivy.reshape(ivy.take(tg, ivy.reshape(pos, (-1,)), axis=0), (N, S)) if S else \
            _n(ivy.zeros((N, 0), dtype="int64"))
    L = 2 * S + 1

    def full(shape, v, dtype="int64"):
        return _n(ivy.full(shape, v, dtype=dtype))

    # the extended labels: blank, l1, blank, l2, ..., blank
    ext = ivy.concat([ivy.reshape(ivy.stack([full((N, S), blank), tg], axis=2), (N, 2 * S)),
                      full((N, 1), blank)], axis=1)
    pos = ivy.reshape(_n(ivy.arange(L, dtype="int64")), (1, L))
    # s may be reached from s-2: a label that differs from the label two back
    prev2 = ivy.concat([full((N, 2), blank), _cols(ext, None, -2)], axis=1) if L > 2 else ext
    skip = ivy.logical_and(ivy.not_equal(ext, blank), ivy.not_equal(ext, prev2))
    neg = full((N, L), -math.inf, lp.dtype)
    lp_ext = ivy.take_along_axis(lp, ivy.broadcast_to(ivy.expand_dims(ext, axis=0),
                                                      (T_, N, L)), axis=2)  # (T, N, L)
    a0 = ivy.where(ivy.less(pos, 2), ivy.get_item(lp_ext, 0), neg)
    a0 = ivy.where(ivy.logical_and(ivy.equal(pos, 1), ivy.expand_dims(ivy.equal(tl, 0), axis=1)),
                   neg, a0)

    def step(carry, x):
        (alpha,), (lp_t, t) = carry, x
        a1 = ivy.concat([_cols(neg, None, 1), _cols(alpha, None, -1)], axis=1)
        a2 = ivy.where(skip, ivy.concat([_cols(neg, None, 2), _cols(alpha, None, -2)], axis=1),
                       neg) if L > 2 else neg
        new = ivy.add(_lse3(alpha, a1, a2), lp_t)
        return (ivy.where(ivy.expand_dims(ivy.less(t, il), axis=1), new, alpha),), None

    (alpha,), _ = ivy.scan(step, (a0,), (ivy.get_item(lp_ext, slice(1, None)),
                                         _n(ivy.arange(1, T_, dtype="int64"))))
    alpha = _n(alpha)
    end = ivy.expand_dims(ivy.multiply(tl, 2), axis=1)
    last = ivy.take_along_axis(alpha, end, axis=1)
    before = ivy.take_along_axis(alpha, ivy.maximum(ivy.subtract(end, 1), 0), axis=1)
    before = ivy.where(ivy.greater(end, 0), before, ivy.full_like(before, -math.inf))
    return ivy.get_item(_n(ivy.negative(_lse3(last, before, ivy.full_like(last, -math.inf)))),
                        (slice(None), 0))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """Connectionist temporal classification (:func:`ctc_nll` per sample), reduced as torch
    does: ``mean`` divides each loss by its target length (at least 1) first."""
    lp = log_probs._data
    unbatched = len(lp.shape) == 2
    if unbatched:
        lp = ivy.expand_dims(lp, axis=1)
    if len(lp.shape) != 3:
        raise RuntimeError(f"ctc_loss: log_probs must be 2-D or 3-D, got {len(lp.shape)}-D")
    N, C = int(lp.shape[1]), int(lp.shape[2])
    if not 0 <= blank < C:
        raise RuntimeError("blank must be in label range")
    tg = targets._data
    if unbatched and len(tg.shape) == 1:
        tg = ivy.expand_dims(tg, axis=0)
    tl = _lengths(target_lengths, N, "target_lengths")
    nll = ctc_nll(lp, tg, _lengths(input_lengths, N, "input_lengths"), tl, blank)
    if zero_infinity:
        nll = ivy.where(ivy.isinf(nll), ivy.zeros_like(nll), nll)
    if reduction == "mean":
        return wrap(_n(ivy.mean(ivy.divide(nll, ivy.astype(ivy.maximum(tl, 1), nll.dtype)))))
    if reduction == "sum":
        return wrap(_n(ivy.sum(nll)))
    if reduction != "none":
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return wrap(ivy.get_item(nll, 0) if unbatched else nll)


def _check_same(input, target):
    if tuple(input.shape) != tuple(target.shape):
        import warnings

        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting.", stacklevel=3)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _check_same(input, target)
    d = input - target
    return _reduce(d * d, reduction, size_average, reduce)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _check_same(input, target)
    return _reduce(F.abs(input - target), reduction, size_average, reduce)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    d = F.abs(input - target)
    if beta == 0:
        return _reduce(d, reduction, size_average, reduce)
    loss = F.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
    return _reduce(loss, reduction, size_average, reduce)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    d = F.abs(input - target)
    loss = F.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    return _reduce(loss, reduction)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    return _nll(input, target, weight, ignore_index, reduction, size_average, reduce)


def _class_first(input):
    return 0 if input.ndim == 1 else 1


def _nll(logp, target, weight, ignore_index, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    if target.dtype.cat != 1:
        raise RuntimeError("expected scalar type Long but found " + str(target.dtype))
    cd = _class_first(logp)
    C = logp.shape[cd]
    t = target._data
    valid = ivy.not_equal(t, ignore_index)
    tsafe = ivy.where(valid, t, ivy.zeros_like(t))
    if ivy.to_numpy(ivy.any(ivy.logical_and(valid, ivy.logical_or(ivy.less(t, 0),
                                                                    ivy.greater_equal(t, C))))):
        raise IndexError(f"Target {ivy.to_numpy(ivy.max(t))} is out of bounds.")
    lp = logp._data
    picked = ivy.squeeze(ivy.take_along_axis(lp, ivy.expand_dims(ivy.astype(tsafe, "int64"),
                                                                 axis=cd), axis=cd), axis=cd)
    w = ivy.ones_like(picked) if weight is None else ivy.take(weight._data,
                                                             ivy.astype(tsafe, "int64"))
    w = ivy.where(valid, w, ivy.zeros_like(w))
    loss = ivy.negative(ivy.multiply(picked, w))
    if reduction == "none":
        return wrap(loss)
    if reduction == "sum":
        return wrap(ivy.sum(loss))
    if reduction == "mean":
        return wrap(ivy.divide(ivy.sum(loss), ivy.sum(w)))
    raise ValueError(f"{reduction} is not a valid value for reduction")


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    if size_average is not None or reduce is not None:
        sa = True if size_average is None else size_average
        rd = True if reduce is None else reduce
        reduction = "none" if not rd else ("mean" if sa else "sum")
    cd = _class_first(input)
    C = input.shape[cd]
    logp = log_softmax(input, cd)
    wshape = [1] * input.ndim
    wshape[cd] = C
    if target.dtype.cat >= 2:  # class probabilities
        if tuple(target.shape) != tuple(input.shape):
            raise RuntimeError("Expected target size to equal the input size for probabilities")
        tt = target if label_smoothing == 0 else target * (1 - label_smoothing) + \
            label_smoothing / C
        lw = logp * tt
        if weight is not None:
            lw = lw * weight.reshape(*wshape)
        loss = -lw.sum(cd)
        if reduction == "mean":
            n = input.numel() // C if input.ndim > 1 else 1
            return loss.sum() / n if input.numel() else loss.sum() / 0.0
        return _reduce(loss, reduction)
    nll = _nll(logp, target, weight, ignore_index, reduction)
    if label_smoothing == 0:
        return nll
    valid = target != ignore_index
    lw = logp if weight is None else logp * weight.reshape(*wshape)
    smooth = -lw.sum(cd)
    smooth = F.where(valid, smooth, F.zeros_like(smooth))
    if reduction == "mean":
        if weight is not None:
            ts = F.where(valid, target, F.zeros_like(target))
            denom = F.where(valid, weight[ts], F.zeros_like(weight[ts])).sum()
        else:
            denom = valid.sum()
        ret = smooth.sum() / denom
    elif reduction == "sum":
        ret = smooth.sum()
    else:
        ret = smooth
    return (1 - label_smoothing) * nll + ret * (label_smoothing / C)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input "
                         f"size ({input.shape}) is deprecated. Please ensure they have the same "
                         "size.")
    x = input._data
    if ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(x, 0), ivy.greater(x, 1)))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    lx = F.clamp(F.log(input), min=-100)
    l1x = F.clamp(F.log(1 - input), min=-100)
    loss = -(target * lx + (1 - target) * l1x)
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction, size_average, reduce)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    x, t = input, target
    sp = F.log1p(F.exp(-F.abs(x))) + F.clamp(-x, min=0)
    if pos_weight is not None:
        lw = 1 + (pos_weight - 1) * t
        loss = (1 - t) * x + lw * sp
    else:
        loss = (1 - t) * x + sp
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction, size_average, reduce)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if log_target:
        loss = F.exp(target) * (target - input)
    else:
        loss = F.xlogy(target, target) - target * input
    if reduction == "batchmean":
        return loss.sum() / input.shape[0] if input.ndim else loss.sum()
    return _reduce(loss, reduction, size_average, reduce)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08,
                     reduce=None, reduction="mean"):
    if log_input:
        loss = F.exp(input) - target * input
    else:
        loss = input - target * F.log(input + eps)
    if full:
        st = target * F.log(target) - target + 0.5 * F.log(2 * math.pi * target)
        loss = loss + F.where(target > 1, st, F.zeros_like(st))
    return _reduce(loss, reduction, size_average, reduce)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-06, reduction="mean"):
    if var.ndim == input.ndim - 1 or (var.shape[-1:] != input.shape[-1:] and var.shape[-1] == 1
                                      if var.ndim else False):
        var = var.unsqueeze(-1) if var.ndim == input.ndim - 1 else var
    # torch clamps ``var`` to ``eps`` under no_grad: the value is eps there, and the gradient
    # passes the clamp unchanged (a clamp would give it 0): ``eps + (var - stop_gradient(var))``
    # (exactly eps) where ``var < eps``
    d = var._data
    v = wrap(ivy.where(ivy.less(d, eps), ivy.add(ivy.subtract(d, ivy.stop_gradient(d)), eps), d))
    loss = 0.5 * (F.log(v) + (input - target) ** 2 / v)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    return _reduce(F.clamp(-target * (input1 - input2) + margin, min=0), reduction,
                   size_average, reduce)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    zeros_ = F.zeros_like(input)
    pos = F.where(target == 1, input, zeros_)
    neg = F.where(target == -1, F.clamp(margin - input, min=0), zeros_)
    return _reduce(pos + neg, reduction, size_average, reduce)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    return _reduce(F.log1p(F.exp(-target * input)), reduction, size_average, reduce)


def _class_targets(input, target, name):
    """(x as (N, C), target as (N,)) for the multi-class margin losses (torch's checks)."""
    if target.dtype is not _core.int64:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype}")
    if input.dtype.cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{input.dtype}'")
    if input.ndim not in (1, 2) or input.numel() == 0:
        not_implemented(f"torch.nn.functional.{name}", "input must be a non-empty 1-d or 2-d "
                        "tensor")
    x = input if input.ndim == 2 else input.reshape(1, -1)
    return x, x.shape[1]


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean"):
    """sum over i != y of w[y] max(0, margin - x[y] + x[i])**p, divided by C."""
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    x, C = _class_targets(input, target, "multi_margin_loss")
    t = target.reshape(-1)
    if t.shape[0] != x.shape[0]:
        raise RuntimeError(f"inconsistent target size, expected {x.shape[0]} but got "
                           f"{tuple(target.shape)}")
    if t.numel() and bool(F.any((t < 0) | (t >= C))):
        raise RuntimeError("target out of range")
    if weight is not None and weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype} but found {weight.dtype}")
    xy = F.gather(x, 1, t.unsqueeze(1))
    z = F.clamp(margin - xy + x, min=0)
    if p == 2:
        z = z * z
    if weight is not None:
        z = z * F.index_select(weight.reshape(-1), 0, t).unsqueeze(1)
    z = F.where(F.arange(C).unsqueeze(0) == t.unsqueeze(1), F.zeros_like(z), z)
    loss = z.sum(1) / C
    if input.ndim == 1:
        loss = loss.reshape(())
    return _reduce(loss, reduction, size_average, reduce)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """sum over the target classes j (the prefix of ``target`` before the first -1) and the
    non-target classes i of max(0, 1 - (x[j] - x[i])), divided by C."""
    x, C = _class_targets(input, target, "multilabel_margin_loss")
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(f"inconsistent target size: {tuple(target.shape)} for input of size: "
                           f"{tuple(input.shape)}")
    t = target.reshape(x.shape[0], C)
    valid = F.cumprod((t != -1).long(), 1) == 1
    if bool(F.any((t < -1) | (t >= C))):  # torch checks every entry, also after the -1
        raise RuntimeError("argument #2 'target' is out of range")
    ts = F.where(valid, t, F.zeros_like(t))
    xj = F.gather(x, 1, ts)  # (N, C): x at the j-th target (where valid)
    is_target = F.any((ts.unsqueeze(2) == F.arange(C).reshape(1, 1, C)) & valid.unsqueeze(2), 1)
    z = F.clamp(1 - xj.unsqueeze(2) + x.unsqueeze(1), min=0)  # (N, j, i)
    mask = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
    loss = F.where(mask, z, F.zeros_like(z)).sum((1, 2)) / C
    if input.ndim == 1:
        loss = loss.reshape(())
    return _reduce(loss, reduction, size_average, reduce)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    from .. import linalg

    rt = _core.result_type(x1, x2)
    a, b = x1.to(rt), x2.to(rt)
    a, b = F.broadcast_tensors(a, b)
    na = F.clamp(linalg.vector_norm(a, 2, dim, True), min=eps)
    nb = F.clamp(linalg.vector_norm(b, 2, dim, True), min=eps)
    return ((a / na) * (b / nb)).sum(dim)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    cos = cosine_similarity(input1, input2, dim=-1)
    zeros_ = F.zeros_like(cos)
    loss = F.where(target == 1, 1 - cos, F.where(target == -1, F.clamp(cos - margin, min=0),
                                                 zeros_))
    return _reduce(loss, reduction, size_average, reduce)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    from .. import linalg

    return linalg.vector_norm(x1 - x2 + eps, p, -1, keepdim)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    dp = pairwise_distance(anchor, positive, p, eps)
    dn = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dn = F.minimum(dn, pairwise_distance(positive, negative, p, eps))
    return _reduce(F.clamp(dp - dn + margin, min=0), reduction, size_average, reduce)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    """torch's formula: clamp_min(margin + d(a, p) - d(a, n), 0), d = pairwise_distance unless
    given (any callable on frontend Tensors); ``swap`` uses min(d(a, n), d(p, n))."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    if not (anchor.ndim == positive.ndim == negative.ndim):
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {anchor.ndim}D, positive "
                           f"{positive.ndim}D, and negative {negative.ndim}D inputs")
    dist = distance_function if distance_function is not None else pairwise_distance
    dp, dn = dist(anchor, positive), dist(anchor, negative)
    if swap:
        dn = F.minimum(dn, dist(positive, negative))
    loss = F.clamp_min(margin + dp - dn, 0)
    if reduction == "sum":
        return F.sum(loss)
    return F.mean(loss) if reduction == "mean" else loss


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None,
                         reduction="mean", ignore_index=None, label_smoothing=0.0, options=None):
    """torch's reference: cross_entropy(linear(input, linear_weight, linear_bias), target, ...)
    (``ignore_index=None`` behaves as cross_entropy's default -100, as in torch)."""
    if options is not None:
        not_implemented("torch.nn.functional.linear_cross_entropy(options=...)")
    logits = linear(input, linear_weight, linear_bias)
    ii = ignore_index if ignore_index is not None else -100  # torch: None is the default
    return cross_entropy(logits, target, weight, ignore_index=ii, reduction=reduction,
                         label_smoothing=label_smoothing)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    loss = loss.sum(-1) / input.shape[-1]
    return _reduce(loss, reduction, size_average, reduce)


def affine_grid(theta, size, align_corners=None):
    N, C, H, W = size
    ac = _bool(align_corners)

    def lin(n):
        if n == 1:
            return F.zeros(1, dtype=theta.dtype)
        r = F.linspace(-1, 1, n, dtype=theta.dtype)
        return r if ac else r * (n - 1) / n

    ys, xs = F.meshgrid(lin(H), lin(W), indexing="ij")
    base = F.stack([xs, ys, F.ones_like(xs)], -1).reshape(1, H * W, 3)
    grid = F.matmul(base.expand(N, H * W, 3), theta.transpose(1, 2))
    return grid.reshape(N, H, W, 2)


def _grid_reflect(x, twice_low, twice_high):
    """ATen's reflect_coordinates."""
    if twice_low == twice_high:
        return ivy.zeros_like(x)
    lo = twice_low / 2.0
    span = (twice_high - twice_low) / 2.0
    a = ivy.abs(ivy.subtract(x, lo))
    extra = ivy.remainder(a, span)
    flips = ivy.floor(ivy.divide(a, span))
    even = ivy.equal(ivy.remainder(flips, 2.0), 0)
    return ivy.where(even, ivy.add(extra, lo), ivy.add(ivy.subtract(span, extra), lo))


def _grid_coord(g, size, padding_mode, align_corners):
    """ATen's grid_sampler_compute_source_index: unnormalise, then border/reflection."""
    if align_corners:
        x = ivy.multiply(ivy.add(g, 1.0), (size - 1) / 2.0)
    else:
        x = ivy.divide(ivy.subtract(ivy.multiply(ivy.add(g, 1.0), float(size)), 1.0), 2.0)
    if padding_mode == "border":
        x = ivy.clip(x, 0.0, float(size - 1))
    elif padding_mode == "reflection":
        x = _grid_reflect(x, 0, 2 * (size - 1)) if align_corners else \
            _grid_reflect(x, -1, 2 * size - 1)
        x = ivy.clip(x, 0.0, float(size - 1))
    return x


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """torch.nn.functional.grid_sample for 4-D input, bilinear/nearest, zeros/border/reflection
    padding (ATen's formulas; nearest rounds half to even as nearbyint)."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if input.ndim != 4 or grid.ndim != 4:
        if input.ndim == 5:
            not_implemented("torch.nn.functional.grid_sample (5-D input)")
        raise RuntimeError("grid_sampler(): expected 4D or 5D input and grid with same number "
                           f"of dimensions, but got input with sizes {list(input.shape)} and "
                           f"grid with sizes {list(grid.shape)}")
    if mode == "bicubic":
        not_implemented("torch.nn.functional.grid_sample(mode='bicubic')")
    if input.dtype is not grid.dtype:
        raise RuntimeError(f"grid_sampler(): expected input and grid to have the same dtype, "
                           f"but input has {input.dtype} and grid has {grid.dtype}")
    if input.dtype.cat != 2:
        raise RuntimeError(f"\"grid_sampler_2d_cpu\" not implemented for '{input.dtype}'")
    N, C, H, W = input.shape
    if grid.shape[0] != N or grid.shape[-1] != 2:
        raise RuntimeError("grid_sampler(): expected grid to have size 2 in last dimension and "
                           "the same batch size as input")
    g = grid._data
    if g.shape[1] * g.shape[2] and not bool(ivy.all(ivy.isfinite(g))):
        not_implemented("torch.nn.functional.grid_sample with a non-finite grid",
                        "ATen's result there depends on its C++ clamping order")
    ac = _bool(align_corners)
    Ho, Wo = g.shape[1], g.shape[2]
    x = _grid_coord(g[..., 0], W, padding_mode, ac)  # (N, Ho, Wo)
    y = _grid_coord(g[..., 1], H, padding_mode, ac)
    src = ivy.reshape(input._data, (N, C, H * W))

    def tap(yy, xx):
        """input at integer (yy, xx) (float arrays), 0 outside."""
        inside = ivy.logical_and(ivy.logical_and(ivy.greater_equal(xx, 0), ivy.less(xx, W)),
                                 ivy.logical_and(ivy.greater_equal(yy, 0), ivy.less(yy, H)))
        xi = ivy.astype(ivy.clip(xx, 0, W - 1), "int64")
        yi = ivy.astype(ivy.clip(yy, 0, H - 1), "int64")
        idx = ivy.reshape(ivy.add(ivy.multiply(yi, W), xi), (N, 1, Ho * Wo))
        v = ivy.take_along_axis(src, ivy.broadcast_to(idx, (N, C, Ho * Wo)), axis=-1)
        v = ivy.reshape(v, (N, C, Ho, Wo))
        return ivy.where(ivy.expand_dims(inside, axis=1), v, ivy.zeros_like(v))

    if mode == "nearest":
        return wrap(tap(ivy.round(y), ivy.round(x)))
    x0, y0 = ivy.floor(x), ivy.floor(y)
    x1, y1 = ivy.add(x0, 1.0), ivy.add(y0, 1.0)
    wx1, wy1 = ivy.subtract(x, x0), ivy.subtract(y, y0)
    wx0, wy0 = ivy.subtract(x1, x), ivy.subtract(y1, y)

    def w(a, b):
        return ivy.expand_dims(ivy.multiply(a, b), axis=1)

    r = ivy.add(ivy.add(ivy.multiply(tap(y0, x0), w(wy0, wx0)),
                        ivy.multiply(tap(y0, x1), w(wy0, wx1))),
                ivy.add(ivy.multiply(tap(y1, x0), w(wy1, wx0)),
                        ivy.multiply(tap(y1, x1), w(wy1, wx1))))
    return wrap(r)


_ = Tensor


# ----------------------------------------------------------------- fractional max pooling
def _frac_intervals(sample, n_in, n_out, k, npdt):
    """ATen's generate_intervals, in the input's floating type: window starts for one plane."""
    import numpy as np

    seq = np.zeros(n_out, dtype=np.int64)
    if n_out > 1:
        alpha = npdt(n_in - k) / npdt(n_out - 1)
        s = npdt(sample)
        i = np.arange(n_out - 1).astype(npdt)
        seq[:-1] = ((i + s) * alpha).astype(np.int64) - np.int64((s * alpha).astype(npdt))
    if n_out > 0:
        seq[-1] = n_in - k
    return seq


def _fractional_max_pool(input, d, kernel_size, output_size, output_ratio, return_indices,
                         _random_samples):
    import numpy as np

    name = f"fractional_max_pool{d}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    x = input._data
    nd = len(x.shape)
    if nd not in (d + 1, d + 2):
        raise RuntimeError(f"{name}(): Expected {d + 1}D or {d + 2}D tensor, but got: "
                           f"{list(x.shape)}")
    spatial = tuple(x.shape[-d:])
    if output_size is None:
        if len(output_ratio) > d:
            raise ValueError(f"{name} requires output_ratio to either be a single Int or tuple "
                             "of Ints.")
        ratio = _ntuple(output_ratio, d)
        output_size = [_int(spatial[i] * ratio[i]) for i in range(d)]
    k = tuple(_int(v) for v in _ntuple(kernel_size, d))
    o = tuple(_int(v) for v in _ntuple(output_size, d))
    if len(k) != d or len(o) != d:
        raise RuntimeError(f"{name}: kernel_size and output_size must have {d} elements")
    names = ("height", "width") if d == 2 else ("time", "height", "width")
    for i in range(d):
        if k[i] <= 0 or o[i] < 0:
            raise RuntimeError(f"{name}(): kernel_size and output_size must be positive")
        # ATen's checks: 2-d o + k - 1 <= n, 3-d (strictly) o + k - 1 < n
        if o[i] + k[i] - 1 > spatial[i] - (d == 3):
            raise RuntimeError(f"{name}{'_out' if d == 3 else ''}(): pool {names[i]} {k[i]} too "
                               f"large relative to input {names[i]} {spatial[i]}")
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"\"{name}_out_frame\" not implemented for '{dtype_of(x)}'")
    batched = nd == d + 2
    N = _int(x.shape[0]) if batched else 1
    C = _int(x.shape[-d - 1])
    if _random_samples is None:
        _random_samples = F.rand(N, C, d, dtype=input.dtype)
    smp = _random_samples
    if smp.ndim != 3:
        raise RuntimeError(f"Expect _random_samples to have 3 dimensions, got {smp.ndim}")
    if smp.shape[0] < N:
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    if smp.shape[1] != C:
        raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
    if smp.shape[2] != d:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {d}; got {smp.shape[2]}.")
    npdt = np.float64 if dtype_of(x).name == "float64" else np.float32
    sv = np.asarray(ivy.to_numpy(smp._data), dtype=npdt)
    # ATen's sample order: 2-d (W, H), 3-d (T, H, W)
    which = (1, 0) if d == 2 else (0, 1, 2)
    starts = [np.stack([np.stack([_frac_intervals(sv[b, c, which[i]], spatial[i], o[i], k[i],
                                                  npdt) for c in range(C)]) for b in range(N)])
              for i in range(d)]  # each (N, C, o[i])
    strides = [1] * d
    for i in range(d - 2, -1, -1):
        strides[i] = strides[i + 1] * spatial[i + 1]
    base = np.zeros((N, C) + o, dtype=np.int64)
    for i in range(d):
        shp = [N, C] + [1] * d
        shp[2 + i] = o[i]
        base = base + starts[i].reshape(shp) * strides[i]
    xf = ivy.reshape(x if batched else ivy.expand_dims(x, axis=0), (N, C, -1))
    B = ivy.backend_of(x)
    best = best_i = None
    for off in np.ndindex(*k):  # row-major over the window, as ATen's loops
        flat = base + _int(sum(off[i] * strides[i] for i in range(d)))
        fi = B.asarray(flat.reshape(N, C, -1))
        v = ivy.take_along_axis(xf, fi, axis=-1)
        if best is None:  # ATen starts from -inf with the first index: the same as this
            best, best_i = v, fi
            continue
        take = ivy.logical_or(ivy.greater(v, best), ivy.isnan(v))
        best = ivy.where(take, v, best)
        best_i = ivy.where(take, fi, best_i)
    shape_out = ((N,) if batched else ()) + (C,) + o
    out = wrap(ivy.reshape(best, shape_out))
    idx = wrap(ivy.reshape(ivy.astype(best_i, "int64"), shape_out))
    return (out, idx) if return_indices else out


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 2, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 3, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 2, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 3, kernel_size, output_size, output_ratio, True,
                                _random_samples)
