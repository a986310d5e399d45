"""NN functions written once over a NumPy-like namespace ``xp`` (``numpy``, ``jax.numpy``,
``tensorflow.experimental.numpy``), plus the pure-Python shape helpers every backend shares.

Every array function takes ``xp`` first (see ``_shared/__init__.py`` for the convention); a
backend's ``nn.py`` binds what it uses with one line each, ``relu = partial(_nn.relu, jnp)``, and
writes its own function where the framework has the exact one. Backend-specific pieces are
keyword-only parameters bound there too: ``erf``, ``is_int``, ``uniform(shape, dtype, seed)``,
``as_native_dtype``/``default_float``, ``float_min(x)``, and native ``conv_impl``/``lhs_impl``/
``impl`` kernels (called without ``xp``).
"""

from __future__ import annotations

import itertools
import math
import operator

import numpy as np

from ivy.errors import InvalidArgumentError

_CF = {"channel_first", "NCW", "NCHW", "NCDHW", "NCL"}
_CL = {"channel_last", "NWC", "NHWC", "NDHWC", "NLC"}


def channel_last(data_format: str) -> bool:
    if data_format in _CL:
        return True
    if data_format in _CF:
        return False
    raise InvalidArgumentError(
        f"data_format must be 'channel_last' or 'channel_first' (or NHWC/NCHW...), got "
        f"{data_format!r}")


def ntuple(v, n: int, name: str = "argument") -> tuple:
    if isinstance(v, (int, np.integer)):
        return (int(v),) * n
    v = tuple(int(e) for e in v)
    if len(v) == 1:
        return v * n
    if len(v) != n:
        raise InvalidArgumentError(f"{name} needs {n} values, got {len(v)}")
    return v


def conv_pads(padding, in_sizes, ks, strides, dils) -> list:
    """[(low, high)] per spatial dim for a forward convolution/pool."""
    n = len(in_sizes)
    if isinstance(padding, str):
        p = padding.upper()
        if p == "VALID":
            return [(0, 0)] * n
        if p == "SAME":
            out = []
            for i, k, s, d in zip(in_sizes, ks, strides, dils, strict=False):
                o = -(-i // s)
                total = max((o - 1) * s + d * (k - 1) + 1 - i, 0)
                out.append((total // 2, total - total // 2))
            return out
        raise InvalidArgumentError(f"padding must be 'SAME', 'VALID' or integers, got {padding!r}")
    if isinstance(padding, (int, np.integer)):
        return [(int(padding), int(padding))] * n
    padding = list(padding)
    if len(padding) == n and all(isinstance(p, (tuple, list)) for p in padding):
        return [(int(a), int(b)) for a, b in padding]
    return [(p, p) for p in ntuple(padding, n, "padding")]


def transpose_conv_crops(padding, in_sizes, ks, strides, dils, output_padding) -> list:
    """[(low, high)] to crop from the full transposed-convolution output (negative = extend)."""
    n = len(in_sizes)
    ops = ntuple(output_padding, n, "output_padding")
    if isinstance(padding, str) and padding.upper() == "SAME":
        crops = []
        for i, k, s, d in zip(in_sizes, ks, strides, dils, strict=False):
            full, want = (i - 1) * s + d * (k - 1) + 1, i * s
            total = max(full - want, 0)
            crops.append((total // 2, full - want - total // 2))
    elif isinstance(padding, str):
        if padding.upper() != "VALID":
            raise InvalidArgumentError(f"padding must be 'SAME', 'VALID' or integers, got "
                                       f"{padding!r}")
        crops = [(0, 0)] * n
    else:
        crops = conv_pads(padding, in_sizes, ks, strides, dils)
    return [(lo, hi - op) for (lo, hi), op in zip(crops, ops, strict=False)]


def transpose_conv_pads(padding, in_sizes, ks, strides, dils, output_padding) -> list:
    """Padding of the equivalent stride-1 convolution over the stride-dilated input."""
    crops = transpose_conv_crops(padding, in_sizes, ks, strides, dils, output_padding)
    return [(d * (k - 1) - lo, d * (k - 1) - hi) for (lo, hi), k, d in zip(crops, ks, dils, strict=False)]


def pool_counts(in_sizes, ks, strides, pads) -> np.ndarray:
    """How many real (unpadded) cells each pooling window covers, shape (*out)."""
    ones = np.pad(np.ones(in_sizes), pads)
    out_sizes = [(ones.shape[i] - ks[i]) // strides[i] + 1 for i in range(len(ks))]
    acc = np.zeros(out_sizes)
    for offs in itertools.product(*[range(k) for k in ks]):
        acc += ones[tuple(slice(o, o + s * (n - 1) + 1, s)
                          for o, s, n in zip(offs, strides, out_sizes, strict=False))]
    return acc


def interp_plan(in_size: int, out_size: int, mode: str, align_corners: bool):
    """(lo indices, hi indices, hi weights) for one axis; nearest has weights None."""
    dst = np.arange(out_size, dtype=np.float64)
    if mode == "nearest":
        idx = np.minimum(np.floor(dst * (in_size / out_size)).astype(np.int64), in_size - 1)
        return idx, None, None
    if align_corners:
        src = dst * ((in_size - 1) / (out_size - 1)) if out_size > 1 else np.zeros_like(dst)
    else:
        src = np.maximum((dst + 0.5) * (in_size / out_size) - 0.5, 0.0)
    lo = np.minimum(np.floor(src).astype(np.int64), in_size - 1)
    hi = np.minimum(lo + 1, in_size - 1)
    return lo, hi, src - lo


LINEAR_MODES = ("linear", "bilinear", "trilinear")


def pad_index(n: int, lo: int, hi: int, mode: str) -> np.ndarray:
    """Source index for every position of one padded axis (numpy.pad's rules)."""
    return np.pad(np.arange(n), (lo, hi), mode=mode)


def normalize_pad_width(pad_width, ndim) -> list:
    return [tuple(int(v) for v in p) for p in np.broadcast_to(np.asarray(pad_width), (ndim, 2))]


def check_reduction(reduction):
    if reduction not in ("mean", "sum", "none", "batchmean"):
        raise InvalidArgumentError(f"reduction must be 'mean', 'sum' or 'none', got {reduction!r}")


# -------------------------------------------------------------------------------- activations
def const(xp, v, like):
    """``v`` as an array of ``like``'s dtype."""
    return xp.asarray(v, dtype=like.dtype)


def sigmoid(xp, x, /):
    return 1 / (1 + xp.exp(-x))


def relu(xp, x, /):
    return xp.maximum(x, const(xp, 0, x))


def relu6(xp, x, /):
    return xp.clip(x, const(xp, 0, x), const(xp, 6, x))


def leaky_relu(xp, x, /, *, alpha=0.2):
    return xp.where(x >= 0, x, x * alpha)


def elu(xp, x, /, *, alpha=1.0):
    return xp.where(x > 0, x, (xp.exp(xp.minimum(x, const(xp, 0, x))) - 1) * alpha)


def selu(xp, x, /):
    a, s = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
    return elu(xp, x, alpha=a) * s


def gelu(xp, x, /, *, approximate=False, erf):
    if approximate:
        inner = (x + 0.044715 * x * x * x) * math.sqrt(2 / math.pi)
        return 0.5 * x * (1 + xp.tanh(inner))
    return 0.5 * x * (1 + erf(x * (1 / math.sqrt(2))))


def softplus(xp, x, /, *, beta=1.0, threshold=20.0):
    bx = x * beta
    soft = (xp.maximum(bx, const(xp, 0, x)) + xp.log1p(xp.exp(-xp.abs(bx)))) / beta
    return xp.where(bx > threshold, x, soft)


def silu(xp, x, /):
    return x * sigmoid(xp, x)


def mish(xp, x, /):
    return x * xp.tanh(softplus(xp, x))


def hard_sigmoid(xp, x, /):
    return relu6(xp, x + 3) / 6


def hard_swish(xp, x, /):
    return x * hard_sigmoid(xp, x)


def softsign(xp, x, /):
    return x / (1 + xp.abs(x))


def softmax(xp, x, /, *, axis=-1):
    e = xp.exp(x - xp.max(x, axis=axis, keepdims=True))
    return e / xp.sum(e, axis=axis, keepdims=True)


def logsumexp(xp, x, /, *, axis=None, keepdims=False):
    if axis is None:
        axis = tuple(range(len(x.shape)))
    m = xp.max(x, axis=axis, keepdims=True) if int(np.prod(x.shape)) else None
    if m is None:
        r = xp.log(xp.sum(xp.exp(x), axis=axis, keepdims=True))
    else:
        m = xp.where(xp.isfinite(m), m, const(xp, 0, m))
        r = xp.log(xp.sum(xp.exp(x - m), axis=axis, keepdims=True)) + m
    return r if keepdims else xp.squeeze(r, axis=axis)


def log_softmax(xp, x, /, *, axis=-1):
    return x - logsumexp(xp, x, axis=axis, keepdims=True)


def linear(xp, x, weight, /, bias=None):
    y = xp.matmul(x, xp.swapaxes(weight, -1, -2))
    return y if bias is None else y + bias


# ------------------------------------------------------------------ convolution (channel-last)
def pad_crop(xp, x, pads, value=0):
    """Pad (negative = crop) the spatial axes 1..n of a channel-last array."""
    sl = [slice(None)] * len(x.shape)
    pos = [(0, 0)] * len(x.shape)
    for i, (lo, hi) in enumerate(pads):
        sl[1 + i] = slice(max(-lo, 0), x.shape[1 + i] - max(-hi, 0))
        pos[1 + i] = (max(lo, 0), max(hi, 0))
    x = x[tuple(sl)]
    if any(p != (0, 0) for p in pos):
        x = xp.pad(x, pos, mode="constant", constant_values=value)
    return x


def dilate(xp, x, factors):
    for i, s in enumerate(factors):
        if s == 1 or x.shape[1 + i] == 0:
            continue
        a = 1 + i
        n = x.shape[a]
        z = xp.zeros((*x.shape[:a + 1], s - 1, *x.shape[a + 1:]), dtype=x.dtype)
        y = xp.concatenate([xp.expand_dims(x, a + 1), z], axis=a + 1)
        y = xp.reshape(y, (*x.shape[:a], n * s, *x.shape[a + 1:]))
        x = y[tuple([slice(None)] * a + [slice(0, (n - 1) * s + 1)])]
    return x


def conv_cl(xp, x, w, strides, pads, dils, groups):
    """x (N, *sp, C), w (*k, C/groups, O), explicit pads (negative crops)."""
    nd = len(x.shape) - 2
    x = pad_crop(xp, x, pads)
    ks = tuple(w.shape[:nd])
    N, C, Cout = x.shape[0], x.shape[-1], w.shape[-1]
    out_sp = [max((x.shape[1 + i] - dils[i] * (ks[i] - 1) - 1) // strides[i] + 1, 0)
              for i in range(nd)]
    if C % groups or Cout % groups:
        raise InvalidArgumentError(f"channels ({C} in, {Cout} out) must divide by groups "
                                   f"({groups})")
    cg, og = C // groups, Cout // groups
    wg = xp.reshape(w, (*ks, cg, groups, og))
    acc = xp.zeros((N, *out_sp, groups, og), dtype=x.dtype)
    if min(out_sp, default=1) == 0:
        return xp.reshape(acc, (N, *out_sp, Cout))
    for offs in itertools.product(*[range(k) for k in ks]):
        sl = (slice(None),) + tuple(
            slice(o * d, o * d + s * (n - 1) + 1, s)
            for o, d, s, n in zip(offs, dils, strides, out_sp, strict=False)) + (slice(None),)
        patch = xp.reshape(x[sl], (N, *out_sp, groups, cg))
        acc = acc + xp.einsum("...gc,cgo->...go", patch, wg[offs])
    return xp.reshape(acc, (N, *out_sp, Cout))


def to_cl(xp, x, cl):
    return x if cl else xp.moveaxis(x, 1, -1)


def from_cl(xp, x, cl):
    return x if cl else xp.moveaxis(x, -1, 1)


def filters_cl(xp, w, filter_format, nd):
    if channel_last(filter_format):
        return w
    return xp.transpose(w, (*range(2, nd + 2), 1, 0))


def conv(xp, nd, x, filters, /, *, strides=1, padding="VALID", dilations=1, groups=1,
         data_format="channel_last", filter_format="channel_last", bias=None, conv_impl=None):
    """conv{nd}d; ``conv_impl(x, w, strides, pads, dilations, groups)`` is the backend's native
    channel-last kernel (default: :func:`conv_cl`)."""
    cl = channel_last(data_format)
    x = to_cl(xp, x, cl)
    w = filters_cl(xp, filters, filter_format, nd)
    s, d = ntuple(strides, nd, "strides"), ntuple(dilations, nd, "dilations")
    ks = tuple(w.shape[:nd])
    pads = conv_pads(padding, tuple(x.shape[1:-1]), ks, s, d)
    if conv_impl is None:
        y = conv_cl(xp, x, w, s, pads, d, groups)
    else:
        y = conv_impl(x, w, s, pads, d, groups)
    if bias is not None:
        y = y + bias
    return from_cl(xp, y, cl)


def transpose_filters(xp, w, nd, groups):
    """(*k, out/g, in) -> forward filters (*k, in/g, out), spatially flipped."""
    ks = tuple(w.shape[:nd])
    og, cin = w.shape[nd], w.shape[nd + 1]
    ig = cin // groups
    w = xp.reshape(w, (*ks, og, groups, ig))
    w = xp.transpose(w, (*range(nd), nd + 2, nd + 1, nd))
    w = xp.reshape(w, (*ks, ig, groups * og))
    for a in range(nd):
        w = xp.flip(w, axis=a)
    return w


def conv_transpose(xp, nd, x, filters, /, *, strides=1, padding="VALID", output_padding=0,
                   dilations=1, groups=1, data_format="channel_last",
                   filter_format="channel_last", bias=None, conv_impl=None, lhs_impl=None):
    """conv{nd}d_transpose; ``lhs_impl(x, w, strides, pads, dilations, groups)`` is a native
    input-dilated convolution, else ``conv_impl`` (or :func:`conv_cl`) over the dilated input."""
    cl = channel_last(data_format)
    x = to_cl(xp, x, cl)
    w = filters if channel_last(filter_format) else xp.transpose(
        filters, (*range(2, nd + 2), 1, 0))
    s, d = ntuple(strides, nd, "strides"), ntuple(dilations, nd, "dilations")
    ks = tuple(w.shape[:nd])
    pads = transpose_conv_pads(padding, tuple(x.shape[1:-1]), ks, s, d, output_padding)
    wf = transpose_filters(xp, w, nd, groups)
    if lhs_impl is not None:
        y = lhs_impl(x, wf, s, pads, d, groups)
    elif conv_impl is not None:
        y = conv_impl(dilate(xp, x, s), wf, (1,) * nd, pads, d, groups)
    else:
        y = conv_cl(xp, dilate(xp, x, s), wf, (1,) * nd, pads, d, groups)
    if bias is not None:
        y = y + bias
    return from_cl(xp, y, cl)


# --------------------------------------------------------------------------------------- pools
def window_reduce(xp, x, ks, strides, op):
    nd = len(ks)
    out_sp = [(x.shape[1 + i] - ks[i]) // strides[i] + 1 for i in range(nd)]
    acc = None
    for offs in itertools.product(*[range(k) for k in ks]):
        sl = (slice(None),) + tuple(slice(o, o + s * (n - 1) + 1, s)
                                    for o, s, n in zip(offs, strides, out_sp, strict=False)) + (
            slice(None),)
        acc = x[sl] if acc is None else op(acc, x[sl])
    return acc


def max_pool(xp, nd, x, kernel, /, *, strides=None, padding="VALID", data_format="channel_last",
             impl=None, float_min=None):
    """max_pool{nd}d; ``impl(x, ks, strides, pads)`` is a native channel-last max pool;
    ``float_min(x)`` the padding value (default -inf)."""
    cl = channel_last(data_format)
    x = to_cl(xp, x, cl)
    ks = ntuple(kernel, nd, "kernel")
    s = ks if strides is None else ntuple(strides, nd, "strides")
    pads = conv_pads(padding, tuple(x.shape[1:-1]), ks, s, (1,) * nd)
    if impl is not None:
        return from_cl(xp, impl(x, ks, s, pads), cl)
    low = float_min(x) if float_min is not None else -np.inf
    y = window_reduce(xp, pad_crop(xp, x, pads, low), ks, s, xp.maximum)
    return from_cl(xp, y, cl)


def avg_pool(xp, nd, x, kernel, /, *, strides=None, padding="VALID", data_format="channel_last",
             count_include_pad=False, impl=None):
    """avg_pool{nd}d; ``impl(x, ks, strides, pads)`` is a native channel-last window sum."""
    cl = channel_last(data_format)
    x = to_cl(xp, x, cl)
    ks = ntuple(kernel, nd, "kernel")
    s = ks if strides is None else ntuple(strides, nd, "strides")
    sp = tuple(x.shape[1:-1])
    pads = conv_pads(padding, sp, ks, s, (1,) * nd)
    if impl is not None:
        total = impl(x, ks, s, pads)
    else:
        total = window_reduce(xp, pad_crop(xp, x, pads, 0), ks, s, operator.add)
    if count_include_pad:
        return from_cl(xp, total / float(np.prod(ks)), cl)
    counts = pool_counts(sp, ks, s, pads).reshape((1, *total.shape[1:-1], 1))
    return from_cl(xp, total / const(xp, counts, total), cl)


def adaptive_avg_pool2d(xp, x, output_size, /, *, data_format="channel_last"):
    cl = channel_last(data_format)
    x = to_cl(xp, x, cl)
    oh, ow = ntuple(output_size, 2, "output_size")
    H, W = x.shape[1], x.shape[2]
    rows = []
    for i in range(oh):
        h0, h1 = (i * H) // oh, -((-(i + 1) * H) // oh)
        cols = []
        for j in range(ow):
            w0, w1 = (j * W) // ow, -((-(j + 1) * W) // ow)
            cols.append(xp.mean(x[:, h0:h1, w0:w1, :], axis=(1, 2)))
        rows.append(xp.stack(cols, axis=1))
    return from_cl(xp, xp.stack(rows, axis=1), cl)


# --------------------------------------------------------------------------------------- norms
def layer_norm(xp, x, normalized_shape, /, *, weight=None, bias=None, eps=1e-5):
    k = 1 if isinstance(normalized_shape, (int, np.integer)) else len(normalized_shape)
    axes = tuple(range(len(x.shape) - k, len(x.shape)))
    d = x - xp.mean(x, axis=axes, keepdims=True)  # once: eager backends run every op
    y = d / xp.sqrt(xp.mean(xp.square(d), axis=axes, keepdims=True) + eps)
    if weight is not None:
        y = y * weight
    return y if bias is None else y + bias


def bshape(x, cl):
    return [1] * (len(x.shape) - 1) + [-1] if cl else [1, -1] + [1] * (len(x.shape) - 2)


def batch_norm(xp, x, mean, variance, /, *, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5, data_format="channel_last"):
    cl = channel_last(data_format)
    cax = len(x.shape) - 1 if cl else 1
    axes = tuple(a for a in range(len(x.shape)) if a != cax)
    shp = bshape(x, cl)
    if training:
        m = xp.mean(x, axis=axes)
        v = xp.mean(xp.square(x - xp.reshape(m, shp)), axis=axes)
        n = int(np.prod(x.shape)) // x.shape[cax]
        unbiased = v * (n / max(n - 1, 1))
        new_mean = mean * (1 - momentum) + m * momentum
        new_var = variance * (1 - momentum) + unbiased * momentum
    else:
        m, v, new_mean, new_var = mean, variance, mean, variance
    y = (x - xp.reshape(m, shp)) / xp.sqrt(xp.reshape(v, shp) + eps)
    if weight is not None:
        y = y * xp.reshape(weight, shp)
    if bias is not None:
        y = y + xp.reshape(bias, shp)
    return y, new_mean, new_var


def group_norm(xp, x, num_groups, /, *, weight=None, bias=None, eps=1e-5,
               data_format="channel_last"):
    cl = channel_last(data_format)
    xc = to_cl(xp, x, cl)
    shp = tuple(xc.shape)
    C = shp[-1]
    g = xp.reshape(xc, (*shp[:-1], num_groups, C // num_groups))
    axes = tuple(range(1, len(shp) - 1)) + (len(shp),)
    m = xp.mean(g, axis=axes, keepdims=True)
    v = xp.mean(xp.square(g - m), axis=axes, keepdims=True)
    y = xp.reshape((g - m) / xp.sqrt(v + eps), shp)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return from_cl(xp, y, cl)


def instance_norm(xp, x, /, *, weight=None, bias=None, eps=1e-5, data_format="channel_last"):
    cl = channel_last(data_format)
    xc = to_cl(xp, x, cl)
    axes = tuple(range(1, len(xc.shape) - 1))
    m = xp.mean(xc, axis=axes, keepdims=True)
    v = xp.mean(xp.square(xc - m), axis=axes, keepdims=True)
    y = (xc - m) / xp.sqrt(v + eps)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return from_cl(xp, y, cl)


# --------------------------------------------------------------------------------- misc layers
def dropout(xp, x, prob, /, *, training=True, scale=True, seed=None, uniform):
    """``uniform(shape, dtype, seed)``: the backend's samples in [0, 1)."""
    if not training or prob == 0:
        return x
    keep = uniform(tuple(x.shape), x.dtype, seed) >= prob
    factor = (1.0 / (1.0 - prob) if prob < 1 else 0.0) if scale else 1.0
    return xp.where(keep, x * factor, const(xp, 0, x))


def embedding(xp, weight, indices, /, *, max_norm=None):
    rows = xp.take(weight, indices, axis=0)
    if max_norm is None:
        return rows
    norms = xp.sqrt(xp.sum(xp.square(rows), axis=-1, keepdims=True))
    return rows * xp.where(norms > max_norm, max_norm / (norms + 1e-7), const(xp, 1, norms))


def one_hot(xp, indices, depth, /, *, on_value=1, off_value=0, axis=-1, dtype=None,
            as_native_dtype, default_float):
    dt = as_native_dtype(dtype if dtype is not None else default_float())
    eq = xp.expand_dims(indices, -1) == xp.arange(depth, dtype=indices.dtype)
    y = xp.where(eq, xp.asarray(on_value, dtype=dt), xp.asarray(off_value, dtype=dt))
    if axis != -1 and axis != len(y.shape) - 1:
        y = xp.moveaxis(y, -1, axis)
    return y


def scaled_dot_product_attention(xp, query, key, value, /, *, mask=None, is_causal=False,
                                 scale=None):
    E = query.shape[-1]
    s = (1.0 / math.sqrt(E)) if scale is None else scale
    scores = xp.matmul(query, xp.swapaxes(key, -1, -2)) * s
    if is_causal:
        L, S = scores.shape[-2], scores.shape[-1]
        scores = xp.where(xp.asarray(np.tril(np.ones((L, S), dtype=bool))), scores,
                          const(xp, -np.inf, scores))
    if mask is not None:
        if mask.dtype == xp.asarray(True).dtype:
            scores = xp.where(mask, scores, const(xp, -np.inf, scores))
        else:
            scores = scores + mask
    return xp.matmul(softmax(xp, scores, axis=-1), value)


def heads(xp, t, w, b, num_heads):
    """(B, L, E) projected by ``w``, ``b`` -> (B, num_heads, L, E / num_heads)."""
    t = linear(xp, t, w, b)
    B_, L_, E_ = t.shape
    return xp.transpose(xp.reshape(t, (B_, L_, num_heads, E_ // num_heads)), (0, 2, 1, 3))


def multi_head_attention(xp, query, key, value, /, *, num_heads, q_weight, k_weight, v_weight,
                         out_weight, q_bias=None, k_bias=None, v_bias=None, out_bias=None,
                         mask=None, is_causal=False):
    q = heads(xp, query, q_weight, q_bias, num_heads)
    k = heads(xp, key, k_weight, k_bias, num_heads)
    v = heads(xp, value, v_weight, v_bias, num_heads)
    o = scaled_dot_product_attention(xp, q, k, v, mask=mask, is_causal=is_causal)
    B_, H_, L_, D_ = o.shape
    o = xp.reshape(xp.transpose(o, (0, 2, 1, 3)), (B_, L_, H_ * D_))
    return linear(xp, o, out_weight, out_bias)


def lstm_update(xp, x, init_h, init_c, kernel, recurrent_kernel, /, *, bias=None,
                recurrent_bias=None):
    H = init_h.shape[-1]
    xw = xp.matmul(x, kernel)
    if bias is not None:
        xw = xw + bias
    h, cc, hs = init_h, init_c, []
    for t in range(x.shape[1]):
        g = xw[:, t] + xp.matmul(h, recurrent_kernel)
        if recurrent_bias is not None:
            g = g + recurrent_bias
        i, f = sigmoid(xp, g[..., :H]), sigmoid(xp, g[..., H:2 * H])
        gg, o = xp.tanh(g[..., 2 * H:3 * H]), sigmoid(xp, g[..., 3 * H:])
        cc = f * cc + i * gg
        h = o * xp.tanh(cc)
        hs.append(h)
    out = xp.stack(hs, axis=1) if hs else xp.zeros((x.shape[0], 0, H), dtype=x.dtype)
    return out, (h, cc)


def gru_update(xp, x, init_h, kernel, recurrent_kernel, /, *, bias=None, recurrent_bias=None):
    H = init_h.shape[-1]
    xw = xp.matmul(x, kernel)
    if bias is not None:
        xw = xw + bias
    h, hs = init_h, []
    for t in range(x.shape[1]):
        gi = xw[:, t]
        gh = xp.matmul(h, recurrent_kernel)
        if recurrent_bias is not None:
            gh = gh + recurrent_bias
        r = sigmoid(xp, gi[..., :H] + gh[..., :H])
        z = sigmoid(xp, gi[..., H:2 * H] + gh[..., H:2 * H])
        n = xp.tanh(gi[..., 2 * H:] + r * gh[..., 2 * H:])
        h = (1 - z) * n + z * h
        hs.append(h)
    out = xp.stack(hs, axis=1) if hs else xp.zeros((x.shape[0], 0, H), dtype=x.dtype)
    return out, h


def interpolate(xp, x, size, /, *, mode="nearest", align_corners=False,
                data_format="channel_last"):
    if mode not in ("nearest", *LINEAR_MODES):
        raise InvalidArgumentError(f"interpolate mode must be 'nearest' or linear, got {mode!r}")
    cl = channel_last(data_format)
    y = to_cl(xp, x, cl)
    nd = len(y.shape) - 2
    size = ntuple(size, nd, "size")
    for i in range(nd):
        a = 1 + i
        lo, hi, w = interp_plan(y.shape[a], size[i], mode, align_corners)
        if w is None:
            y = xp.take(y, xp.asarray(lo), axis=a)
            continue
        shp = [1] * len(y.shape)
        shp[a] = -1
        wt = const(xp, w.reshape(shp), y)
        y = xp.take(y, xp.asarray(lo), axis=a) * (1 - wt) + xp.take(y, xp.asarray(hi),
                                                                     axis=a) * wt
    return from_cl(xp, y, cl)


def pad(xp, x, pad_width, /, *, mode="constant", constant_values=0):
    pw = normalize_pad_width(pad_width, len(x.shape))
    if mode == "constant":
        return xp.pad(x, pw, mode="constant", constant_values=constant_values)
    if mode not in ("reflect", "edge", "symmetric", "wrap"):
        raise InvalidArgumentError(f"pad mode {mode!r} is not one of constant, reflect, "
                                   "edge, symmetric, wrap")
    for a, (lo, hi) in enumerate(pw):
        if lo or hi:
            x = xp.take(x, xp.asarray(pad_index(x.shape[a], lo, hi, mode)), axis=a)
    return x


def gather_nd(xp, params, indices, /):
    k = indices.shape[-1]
    lead = tuple(params.shape[:k])
    strides = np.cumprod((1,) + lead[::-1])[:-1][::-1].astype(np.int64)
    flat = xp.sum(xp.asarray(indices, dtype=xp.int64) * xp.asarray(strides), axis=-1)
    p = xp.reshape(params, (int(np.prod(lead)), *params.shape[k:]))
    return xp.take(p, flat, axis=0)


# -------------------------------------------------------------------------------------- losses
def reduce(xp, loss, reduction):
    check_reduction(reduction)
    if reduction == "mean":
        return xp.mean(loss)
    if reduction == "sum":
        return xp.sum(loss)
    return loss


def nll_core(xp, logp, target, axis):
    t = xp.expand_dims(xp.asarray(target, dtype=xp.int64), axis)
    return -xp.squeeze(xp.take_along_axis(logp, t, axis=axis), axis=axis)


def cross_entropy(xp, input, target, /, *, axis=-1, from_logits=True, label_smoothing=0.0,
                  reduction="mean", is_int):
    """``is_int(target)``: whether the target holds class indices (an integer dtype)."""
    if from_logits:
        logp = log_softmax(xp, input, axis=axis)
    else:
        logp = xp.log(xp.clip(input, const(xp, 1e-12, input), const(xp, 1, input)))
    ncls = input.shape[axis]
    if is_int(target):
        loss = nll_core(xp, logp, target, axis)
        if label_smoothing:
            smooth = -xp.mean(logp, axis=axis)
            loss = loss * (1 - label_smoothing) + smooth * label_smoothing
    else:
        t = target * (1 - label_smoothing) + label_smoothing / ncls if label_smoothing \
            else target
        loss = -xp.sum(t * logp, axis=axis)
    return reduce(xp, loss, reduction)


def binary_cross_entropy(xp, input, target, /, *, from_logits=False, pos_weight=None,
                         reduction="mean"):
    if from_logits:
        log_sig = -(xp.maximum(-input, const(xp, 0, input)) + xp.log1p(xp.exp(-xp.abs(input))))
        log_1m = log_sig - input
    else:
        log_sig = xp.maximum(xp.log(input), const(xp, -100, input))
        log_1m = xp.maximum(xp.log(1 - input), const(xp, -100, input))
    pos = target * log_sig
    if pos_weight is not None:
        pos = pos * pos_weight
    return reduce(xp, -(pos + (1 - target) * log_1m), reduction)


def mse_loss(xp, input, target, /, *, reduction="mean"):
    return reduce(xp, xp.square(input - target), reduction)


def l1_loss(xp, input, target, /, *, reduction="mean"):
    return reduce(xp, xp.abs(input - target), reduction)


def huber_loss(xp, input, target, /, *, delta=1.0, reduction="mean"):
    d = xp.abs(input - target)
    return reduce(xp, xp.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta)), reduction)


def kl_div(xp, input, target, /, *, reduction="mean", log_target=False):
    if log_target:
        loss = xp.exp(target) * (target - input)
    else:
        safe = xp.where(target > 0, target, const(xp, 1, target))
        loss = xp.where(target > 0, target * (xp.log(safe) - input), const(xp, 0, target))
    if reduction == "batchmean":
        return xp.sum(loss) / input.shape[0]
    return reduce(xp, loss, reduction)


def nll_loss(xp, input, target, /, *, axis=-1, reduction="mean"):
    return reduce(xp, nll_core(xp, input, target, axis), reduction)
