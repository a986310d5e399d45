"""torch.nn.functional over Ivy's nn functions (PyTorch layouts: NCHW data, OIHW filters)."""

from __future__ import annotations

import builtins
import math

import ivy

from .. import _core
from .. import _functions as F
from .._core import as_tuple, dtype_of, not_implemented
from .._functions import _out
from .._tensor import Tensor, cast, like, wrap
from ._arguments import CF, _batched, _float_only, _ntuple, _prod  # noqa: F401
from .activations import *  # noqa: F401,F403
from .activations import softmax
from .layers import *  # noqa: F401,F403
from .layers import linear
from .losses import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .sampling import *  # noqa: F401,F403

_int = builtins.int


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


_ = Tensor
