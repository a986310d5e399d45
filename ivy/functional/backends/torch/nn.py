"""The torch backend: nn functions (see ivy/functional/ivy/nn.py for the API)."""

import math as _math

import numpy as _np
import torch
import torch.nn.functional as F

from ivy import dtypes as _d
from ivy.errors import InvalidArgumentError as _IAE
from ivy.functional.backends._shared import nn as _g

from . import random as _random
from .dtypes import as_native_dtype as _as_native_dtype

# ------------------------------------------------------------------------------- activations
relu = torch.relu
relu6 = F.relu6
selu = torch.selu
silu = F.silu
mish = F.mish
sigmoid = torch.sigmoid
hard_sigmoid = F.hardsigmoid
hard_swish = F.hardswish
softsign = F.softsign


def leaky_relu(x, /, *, alpha=0.2):
    return F.leaky_relu(x, alpha)


def elu(x, /, *, alpha=1.0):
    return F.elu(x, alpha)


def gelu(x, /, *, approximate=False):
    return F.gelu(x, approximate="tanh" if approximate else "none")


def softplus(x, /, *, beta=1.0, threshold=20.0):
    return F.softplus(x, beta, threshold)


def softmax(x, /, *, axis=-1):
    return torch.softmax(x, axis)


def log_softmax(x, /, *, axis=-1):
    return torch.log_softmax(x, axis)


def logsumexp(x, /, *, axis=None, keepdims=False):
    if axis is None:
        axis = tuple(range(x.ndim))
    if x.ndim == 0:
        return x.clone()
    return torch.logsumexp(x, axis, keepdims)


def linear(x, weight, /, bias=None):
    return F.linear(x, weight, bias)


# ------------------------------------------------------------------------------ convolution
def _to_cf(x, cl):
    return x.movedim(-1, 1) if cl else x


def _from_cf(x, cl):
    return x.movedim(1, -1) if cl else x


def _torch_pad(pads):
    """[(lo, hi)] per spatial dim -> F.pad's flat list (last dim first)."""
    out = []
    for lo, hi in reversed(pads):
        out += [lo, hi]
    return out


_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_T = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


def _make_conv(nd):
    def conv(x, filters, /, *, strides=1, padding="VALID", dilations=1, groups=1,
             data_format="channel_last", filter_format="channel_last", bias=None):
        cl = _g.channel_last(data_format)
        x = _to_cf(x, cl)
        w = filters if not _g.channel_last(filter_format) else filters.permute(
            nd + 1, nd, *range(nd))
        s, d = _g.ntuple(strides, nd, "strides"), _g.ntuple(dilations, nd, "dilations")
        pads = _g.conv_pads(padding, tuple(x.shape[2:]), tuple(w.shape[2:]), s, d)
        if all(lo == hi and lo >= 0 for lo, hi in pads):
            p = tuple(lo for lo, _ in pads)
        else:
            x = F.pad(x, _torch_pad(pads))
            p = 0
        return _from_cf(_CONV[nd](x, w, bias, s, p, d, groups), cl)

    conv.__name__ = f"conv{nd}d"
    return conv


def _make_conv_t(nd):
    def conv_transpose(x, filters, /, *, strides=1, padding="VALID", output_padding=0,
                       dilations=1, groups=1, data_format="channel_last",
                       filter_format="channel_last", bias=None):
        cl = _g.channel_last(data_format)
        x = _to_cf(x, cl)
        w = filters if not _g.channel_last(filter_format) else filters.permute(
            nd + 1, nd, *range(nd))
        s, d = _g.ntuple(strides, nd, "strides"), _g.ntuple(dilations, nd, "dilations")
        crops = _g.transpose_conv_crops(padding, tuple(x.shape[2:]), tuple(w.shape[2:]), s, d,
                                        output_padding)
        if all(lo == hi and lo >= 0 for lo, hi in crops):
            y = _CONV_T[nd](x, w, bias, s, tuple(lo for lo, _ in crops), 0, groups, d)
        else:
            ops = tuple(max(-hi, 0) for _, hi in crops)
            y = _CONV_T[nd](x, w, None, s, 0, 0, groups, d)
            y = F.pad(y, _torch_pad([(-lo, -hi) for lo, hi in crops]))
            del ops
            if bias is not None:
                y = y + bias.reshape(-1, *([1] * nd))
        return _from_cf(y, cl)

    conv_transpose.__name__ = f"conv{nd}d_transpose"
    return conv_transpose


conv1d, conv2d, conv3d = _make_conv(1), _make_conv(2), _make_conv(3)
conv1d_transpose, conv2d_transpose, conv3d_transpose = (_make_conv_t(1), _make_conv_t(2),
                                                        _make_conv_t(3))

# ---------------------------------------------------------------------------------- pools
_MAXP = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVGP = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _make_pool(nd, kind):
    def max_pool(x, kernel, /, *, strides=None, padding="VALID", data_format="channel_last"):
        cl = _g.channel_last(data_format)
        x = _to_cf(x, cl)
        ks = _g.ntuple(kernel, nd, "kernel")
        s = ks if strides is None else _g.ntuple(strides, nd, "strides")
        pads = _g.conv_pads(padding, tuple(x.shape[2:]), ks, s, (1,) * nd)
        if any(p != (0, 0) for p in pads):
            low = -_math.inf if x.is_floating_point() else torch.iinfo(x.dtype).min
            x = F.pad(x, _torch_pad(pads), value=low)
        return _from_cf(_MAXP[nd](x, ks, s), cl)

    def avg_pool(x, kernel, /, *, strides=None, padding="VALID", data_format="channel_last",
                 count_include_pad=False):
        cl = _g.channel_last(data_format)
        x = _to_cf(x, cl)
        ks = _g.ntuple(kernel, nd, "kernel")
        s = ks if strides is None else _g.ntuple(strides, nd, "strides")
        sp = tuple(x.shape[2:])
        pads = _g.conv_pads(padding, sp, ks, s, (1,) * nd)
        padded = any(p != (0, 0) for p in pads)
        y = _AVGP[nd](F.pad(x, _torch_pad(pads)) if padded else x, ks, s)
        if padded and not count_include_pad:
            counts = _g.pool_counts(sp, ks, s, pads)
            y = y * torch.as_tensor(float(_np.prod(ks)) / counts, dtype=y.dtype)
        return _from_cf(y, cl)

    f = max_pool if kind == "max" else avg_pool
    f.__name__ = f"{kind}_pool{nd}d"
    return f


max_pool1d, max_pool2d, max_pool3d = (_make_pool(n, "max") for n in (1, 2, 3))
avg_pool1d, avg_pool2d, avg_pool3d = (_make_pool(n, "avg") for n in (1, 2, 3))


def adaptive_avg_pool2d(x, output_size, /, *, data_format="channel_last"):
    cl = _g.channel_last(data_format)
    return _from_cf(F.adaptive_avg_pool2d(_to_cf(x, cl), _g.ntuple(output_size, 2)), cl)


# ---------------------------------------------------------------------------------- norms
def layer_norm(x, normalized_shape, /, *, weight=None, bias=None, eps=1e-5):
    ns = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    return F.layer_norm(x, ns, weight, bias, eps)


def batch_norm(x, mean, variance, /, *, weight=None, bias=None, training=False, momentum=0.1,
               eps=1e-5, data_format="channel_last"):
    cl = _g.channel_last(data_format) and x.ndim > 2
    rm, rv = mean.clone(), variance.clone()
    y = F.batch_norm(_to_cf(x, cl), rm, rv, weight, bias, training, momentum, eps)
    return _from_cf(y, cl), rm, rv


def group_norm(x, num_groups, /, *, weight=None, bias=None, eps=1e-5,
               data_format="channel_last"):
    cl = _g.channel_last(data_format)
    return _from_cf(F.group_norm(_to_cf(x, cl), num_groups, weight, bias, eps), cl)


def instance_norm(x, /, *, weight=None, bias=None, eps=1e-5, data_format="channel_last"):
    cl = _g.channel_last(data_format)
    return _from_cf(F.instance_norm(_to_cf(x, cl), weight=weight, bias=bias, eps=eps), cl)


# ---------------------------------------------------------------------------- misc layers
def dropout(x, prob, /, *, training=True, scale=True, seed=None):
    if not training or prob == 0:
        return x
    u = torch.rand(x.shape, generator=_random._gen(seed), dtype=x.dtype).to(x.device)
    factor = (1.0 / (1.0 - prob) if prob < 1 else 0.0) if scale else 1.0
    return torch.where(u >= prob, x * factor, torch.zeros((), dtype=x.dtype, device=x.device))


def embedding(weight, indices, /, *, max_norm=None):
    rows = weight[indices.long()]
    if max_norm is None:
        return rows
    norms = rows.norm(dim=-1, keepdim=True)
    return rows * torch.where(norms > max_norm, max_norm / (norms + 1e-7), torch.ones_like(norms))


def one_hot(indices, depth, /, *, on_value=1, off_value=0, axis=-1, dtype=None):
    dt = _as_native_dtype(dtype if dtype is not None else _d.default_float_dtype())
    eq = indices.unsqueeze(-1) == torch.arange(depth, device=indices.device)
    y = torch.where(eq, torch.tensor(on_value, dtype=dt), torch.tensor(off_value, dtype=dt))
    return y if axis in (-1, y.ndim - 1) else y.movedim(-1, axis)


def scaled_dot_product_attention(query, key, value, /, *, mask=None, is_causal=False,
                                 scale=None):
    if mask is not None and is_causal:
        L, S = query.shape[-2], key.shape[-2]
        causal = torch.ones(L, S, dtype=torch.bool, device=query.device).tril()
        if mask.dtype == torch.bool:
            mask = mask & causal
        else:
            mask = mask.masked_fill(~causal, -_math.inf)
        is_causal = False
    return F.scaled_dot_product_attention(query, key, value, attn_mask=mask, is_causal=is_causal,
                                          scale=scale)


def multi_head_attention(query, key, value, /, *, num_heads, q_weight, k_weight, v_weight,
                         out_weight, q_bias=None, k_bias=None, v_bias=None, out_bias=None,
                         mask=None, is_causal=False):
    def heads(t, w, b):
        t = F.linear(t, w, b)
        return t.reshape(t.shape[0], t.shape[1], num_heads, -1).transpose(1, 2)

    o = scaled_dot_product_attention(heads(query, q_weight, q_bias), heads(key, k_weight, k_bias),
                                     heads(value, v_weight, v_bias), mask=mask,
                                     is_causal=is_causal)
    o = o.transpose(1, 2).reshape(query.shape[0], query.shape[1], -1)
    return F.linear(o, out_weight, out_bias)


def lstm_update(x, init_h, init_c, kernel, recurrent_kernel, /, *, bias=None,
                recurrent_bias=None):
    xw = x @ kernel
    if bias is not None:
        xw = xw + bias
    h, c, hs = init_h, init_c, []
    for t in range(x.shape[1]):
        g = xw[:, t] + h @ recurrent_kernel
        if recurrent_bias is not None:
            g = g + recurrent_bias
        i, f, gg, o = g.chunk(4, -1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(gg)
        h = torch.sigmoid(o) * torch.tanh(c)
        hs.append(h)
    out = torch.stack(hs, 1) if hs else x.new_zeros((x.shape[0], 0, init_h.shape[-1]))
    return out, (h, c)


def gru_update(x, init_h, kernel, recurrent_kernel, /, *, bias=None, recurrent_bias=None):
    xw = x @ kernel
    if bias is not None:
        xw = xw + bias
    h, hs = init_h, []
    for t in range(x.shape[1]):
        gh = h @ recurrent_kernel
        if recurrent_bias is not None:
            gh = gh + recurrent_bias
        ir, iz, inn = xw[:, t].chunk(3, -1)
        hr, hz, hn = gh.chunk(3, -1)
        r, z = torch.sigmoid(ir + hr), torch.sigmoid(iz + hz)
        n = torch.tanh(inn + r * hn)
        h = (1 - z) * n + z * h
        hs.append(h)
    out = torch.stack(hs, 1) if hs else x.new_zeros((x.shape[0], 0, init_h.shape[-1]))
    return out, h


def interpolate(x, size, /, *, mode="nearest", align_corners=False, data_format="channel_last"):
    cl = _g.channel_last(data_format)
    nd = x.ndim - 2
    if mode in _g.LINEAR_MODES:
        m, ac = ("linear", "bilinear", "trilinear")[nd - 1], align_corners
    elif mode == "nearest":
        m, ac = "nearest", None
    else:
        raise _IAE(f"interpolate mode must be 'nearest' or linear, got {mode!r}")
    return _from_cf(F.interpolate(_to_cf(x, cl), size=_g.ntuple(size, nd, "size"), mode=m,
                                  align_corners=ac), cl)


def pad(x, pad_width, /, *, mode="constant", constant_values=0):
    pw = _g.normalize_pad_width(pad_width, x.ndim)
    if mode == "constant":
        return F.pad(x, _torch_pad(pw), value=constant_values) if x.ndim else x.clone()
    if mode not in ("reflect", "edge", "symmetric", "wrap"):
        raise _IAE(f"pad mode {mode!r} is not one of constant, reflect, edge, symmetric, wrap")
    for a, (lo, hi) in enumerate(pw):
        if lo or hi:
            idx = torch.as_tensor(_g.pad_index(x.shape[a], lo, hi, mode), device=x.device)
            x = x.index_select(a, idx)
    return x


def gather_nd(params, indices, /):
    return params[tuple(indices.long().unbind(-1))]


def scatter_nd(indices, updates, /, shape=None, *, reduction="sum", out=None):
    if out is None and shape is None:
        raise _IAE("scatter_nd needs shape or out")
    res = (torch.zeros(tuple(shape), dtype=updates.dtype, device=updates.device) if out is None
           else out.clone())
    idx = indices.long()
    if reduction in ("sum", "replace"):
        return res.index_put_(tuple(idx.unbind(-1)), updates, accumulate=reduction == "sum")
    if reduction not in ("max", "min"):
        raise _IAE(f"scatter_nd reduction must be sum, max, min or replace, got {reduction!r}")
    k = idx.shape[-1]
    lead, rest = tuple(res.shape[:k]), tuple(res.shape[k:])
    strides = torch.as_tensor(_np.cumprod((1,) + lead[::-1])[:-1][::-1].copy(),
                              device=idx.device)
    flat = (idx * strides).sum(-1).reshape(-1)
    upd = updates.reshape(-1, *rest)
    index = flat.reshape(-1, *([1] * len(rest))).expand_as(upd)
    view = res.reshape(-1, *rest)
    view = view.scatter_reduce(0, index, upd, reduce="amax" if reduction == "max" else "amin")
    return view.reshape(res.shape)


# ---------------------------------------------------------------------------------- losses
def _reduction(r):
    _g.check_reduction(r)
    return r


def cross_entropy(input, target, /, *, axis=-1, from_logits=True, label_smoothing=0.0,
                  reduction="mean"):
    _reduction(reduction)
    logits = input if from_logits else torch.log(input.clamp(1e-12, 1))
    if input.ndim > 1:
        ax = axis % input.ndim
        logits = logits.movedim(ax, 1)
        if target.is_floating_point():
            target = target.movedim(ax, 1)
    return F.cross_entropy(logits, target if target.is_floating_point() else target.long(),
                           reduction=reduction, label_smoothing=label_smoothing)


def binary_cross_entropy(input, target, /, *, from_logits=False, pos_weight=None,
                         reduction="mean"):
    _reduction(reduction)
    if from_logits:
        return F.binary_cross_entropy_with_logits(input, target, pos_weight=pos_weight,
                                                  reduction=reduction)
    if pos_weight is None:
        return F.binary_cross_entropy(input, target, reduction=reduction)
    loss = -(pos_weight * target * torch.log(input).clamp_min(-100)
             + (1 - target) * torch.log(1 - input).clamp_min(-100))
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def mse_loss(input, target, /, *, reduction="mean"):
    return F.mse_loss(input, target, reduction=_reduction(reduction))


def l1_loss(input, target, /, *, reduction="mean"):
    return F.l1_loss(input, target, reduction=_reduction(reduction))


def huber_loss(input, target, /, *, delta=1.0, reduction="mean"):
    return F.huber_loss(input, target, reduction=_reduction(reduction), delta=delta)


def kl_div(input, target, /, *, reduction="mean", log_target=False):
    _reduction(reduction)
    loss = F.kl_div(input, target, reduction="none", log_target=log_target)
    if reduction == "batchmean":
        return loss.sum() / input.shape[0]
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def nll_loss(input, target, /, *, axis=-1, reduction="mean"):
    _reduction(reduction)
    if input.ndim > 1:
        input = input.movedim(axis % input.ndim, 1)
    return F.nll_loss(input, target.long(), reduction=reduction)
