"""aten → Ivy: how each aten operation captured by :mod:`.torch` is computed with Ivy.

A rule takes the operation's arguments with tensors replaced by their Ivy stand-ins (native
arrays of Ivy's NumPy backend during capture) and returns the stand-ins of its outputs. Most
rules go through the PyTorch frontend (``ivy.frontends.torch``: torch's promotion, ``dim``
conventions and ``keepdim``), which is a plain composition of ``ivy.*`` calls, so the tracer
records ordinary Ivy calls.

Lookup (:func:`rule_for`): an explicit rule for the overload (``"add.Tensor"``) or the packet
(``"add"``); for an in-place packet (``"add_"``) the out-of-place rule (the capture rebinds the
written tensor); else the frontend function or ``Tensor`` method of the same name. Every rule's
result is checked against torch's at capture time, so a generic match that computes something
else fails loudly there.
"""

from __future__ import annotations

import functools
import inspect

import numpy as np
import torch

import ivy
import ivy.frontends.torch as ft
from ivy.frontends.torch import _tensor as _ft_tensor
from ivy.frontends.torch.nn import sampling as _sampling

from ...array_object import Array
from ...tracer.errors import TraceError
from ..errors import TranspileError
from .base import Rules, describe, user_line

F = ft.nn.functional
_wrap = _ft_tensor.wrap
_Tensor = _ft_tensor.Tensor

#: packets whose result is nothing to follow (hints; assertions on Python scalars, which the
#: real op checked on the example; ``_assert_async`` on a tensor has a rule: :func:`assert_async`)
NO_OUTPUT = {"_assert_scalar", "sym_constrain_range_for_size",
             "sym_constrain_range", "_print", "record_stream",
             # raises when a LAPACK info is nonzero: the example ran without raising
             "_linalg_check_errors"}
_RANDOM = {"rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like",
           "normal", "normal_", "uniform", "uniform_", "bernoulli", "bernoulli_", "multinomial",
           "exponential_", "geometric_", "log_normal_", "cauchy_", "random_", "native_dropout",
           "poisson"}
_UNCHECKED = {"empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided"}
_DROP = {"device", "layout", "pin_memory", "memory_format", "non_blocking", "requires_grad",
         "implicit", "sparse_grad", "sparse"}


def is_random(packet: str) -> bool:
    return packet in _RANDOM


def unchecked(func) -> bool:
    return func.overloadpacket.__name__ in _UNCHECKED


def mutates(func) -> int | None:
    """The index of the argument ``func`` writes in place (``None`` for a functional op)."""
    for i, a in enumerate(func._schema.arguments):
        if a.alias_info is not None and a.alias_info.is_write and not a.kwarg_only:
            return i
    return None


def is_view(func) -> bool:
    r = func._schema.returns
    return bool(r) and r[0].alias_info is not None and not r[0].alias_info.is_write


# -- conversions ------------------------------------------------------------------------------
def T(x):
    """A stand-in as a frontend Tensor (other values unchanged)."""
    if isinstance(x, _Tensor) or x is None or isinstance(x, (bool, int, float, complex, str)):
        return x
    if isinstance(x, ivy.Array):
        return _wrap(x._data)
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return _wrap(x)
    return x


def native(r):
    """A rule's result as native arrays (frontend Tensors and ivy.Arrays unwrapped)."""
    if isinstance(r, _Tensor):
        return r._data
    if isinstance(r, ivy.Array):
        return r._data
    if isinstance(r, (tuple, list)):
        return type(r)(native(e) for e in r) if not hasattr(r, "_fields") else tuple(
            native(e) for e in r)
    return r


def fdt(d):
    """A real torch dtype as the frontend's."""
    if d is None:
        return None
    if isinstance(d, torch.dtype):
        return getattr(ft, str(d).rsplit(".", 1)[-1])
    return d


def conv(v):
    if isinstance(v, torch.dtype):
        return fdt(v)
    if isinstance(v, (list, tuple)):
        return type(v)(conv(e) for e in v)
    return T(v)


def _generic(fn, label):
    def rule(*args, **kwargs):
        kw = {k: conv(v) for k, v in kwargs.items() if k not in _DROP}
        return native(fn(*(conv(a) for a in args), **kw))

    rule.ivy_mapping = label
    rule.frontend_fn = fn
    return rule


def _method(name):
    def rule(x, *args, **kwargs):
        kw = {k: conv(v) for k, v in kwargs.items() if k not in _DROP}
        return native(getattr(T(x), name)(*(conv(a) for a in args), **kw))

    rule.ivy_mapping = f"ivy.frontends.torch.Tensor.{name}"
    return rule


def _frontend_rule(cand: str):
    """The rule for an aten packet without an explicit one: the frontend function (torch,
    ``nn.functional``, ``special``, ``linalg``) or ``Tensor`` method of the same name."""
    fn = getattr(ft, cand, None)
    if callable(fn) and not isinstance(fn, type):
        return _generic(fn, f"ivy.frontends.torch.{cand}")
    fn = getattr(F, cand, None)
    if callable(fn):
        return _generic(fn, f"ivy.frontends.torch.nn.functional.{cand}")
    fn = getattr(ft.special, cand.removeprefix("special_"), None)
    if cand.startswith("special_") and callable(fn):
        return _generic(fn, f"ivy.frontends.torch.special.{cand[8:]}")
    fn = getattr(ft.linalg, cand.removeprefix("linalg_"), None)
    if cand.startswith("linalg_") and callable(fn):
        return _generic(fn, f"ivy.frontends.torch.linalg.{cand[7:]}")
    if callable(getattr(_Tensor, cand, None)):
        return _method(cand)
    return None


#: the aten → Ivy table (:class:`base.Rules`: changing it clears :func:`rule_for`'s cache)
RULES = Rules(__name__, fallback=_frontend_rule, in_place=True)
rule = RULES.rule


def copy(x):
    return ivy.astype(x, x.dtype, copy=True)


def fit(value, like):
    """``value`` cast to the dtype and broadcast to the shape of the stand-in ``like`` (what an
    in-place write stores)."""
    value = native(T(value)) if not hasattr(value, "dtype") else value
    if not hasattr(value, "dtype"):
        value = ivy.asarray(value)
        value = value._data if isinstance(value, ivy.Array) else value
    if value.dtype != like.dtype:
        value = ivy.astype(value, like.dtype)
    if tuple(value.shape) != tuple(like.shape):
        value = ivy.broadcast_to(value, tuple(like.shape))
    return native(value)


def set_index(base, idx, value):
    """``base`` with ``base[idx] = value`` (a copy: stand-ins are values)."""
    out = copy(base)
    v = value
    if v.dtype != base.dtype:
        v = ivy.astype(v, base.dtype)
    return native(ivy.set_item(out, idx, v))


# -- explicit rules ---------------------------------------------------------------------------
@rule("alias", "lift_fresh", "alias_copy", "lift_fresh_copy", "contiguous", "resolve_conj",
      "resolve_neg")
def identity(x, *a, **k):
    return x


@rule("detach", "detach_copy")
def detach(x):
    """The value, without a derivative: ``x + (q - x).detach()`` (a straight-through estimator,
    VQ-VAE's codebook lookup), a clamp under ``no_grad`` written as one (was the identity, so
    the emitted gradient went through ``q``)."""
    return native(ivy.stop_gradient(x))


def _clamp_rule(lo_at, hi_at):
    def clamp(x, *bounds, **kw):
        lo = bounds[lo_at] if lo_at is not None and len(bounds) > lo_at else kw.get("min")
        hi = bounds[hi_at] if hi_at is not None and len(bounds) > hi_at else kw.get("max")
        # the frontend's clamp: one ivy.clip for a float tensor in Python bounds, whose derivative
        # at a bound is torch's 1 on every backend (the JAX backend's clip keeps jnp.clip's value
        # with that derivative; jnp.clip itself splits a tie 1/2-1/2), so a later input that sits
        # exactly on a bound (a ReLU-like clamp after a zeroed channel) gets torch's gradient on
        # every target, whatever the example was
        return native(ft.clamp(T(x), T(lo), T(hi)))
    return clamp


for _name, _at in (("clamp", (0, 1)), ("clip", (0, 1)), ("clamp_min", (0, None)),
                   ("clamp_max", (None, 0))):  # every overload (tensor bounds: the frontend)
    RULES[_name] = _clamp_rule(*_at)
    RULES[_name].ivy_mapping = "ivy.frontends.torch.clamp (ivy.clip)"


@rule("_conj", "_conj_copy", "_conj_physical", "conj_physical")
def conj_(x):
    return native(ivy.conj(x)) if str(x.dtype).startswith("complex") else x


@rule("_neg_view", "_neg_view_copy")
def neg_view(x):
    return native(ivy.negative(x))


@rule("clone")
def clone(x, memory_format=None):
    return copy(x)


@rule("_to_copy")
def to_copy(x, dtype=None, **k):
    return native(T(x).to(fdt(dtype))) if dtype is not None else copy(x)


@rule("view", "_unsafe_view", "reshape", "view_copy", "_reshape_alias", "_reshape_copy")
def view(x, size, *a):
    return native(ft.reshape(T(x), tuple(size)))


@rule("expand", "expand_copy")
def expand(x, size, implicit=False):
    return native(T(x).expand(*size))


@rule("permute", "permute_copy")
def permute(x, dims):
    return native(T(x).permute(*dims))


@rule("addmm")
def addmm(bias, m1, m2, beta=1, alpha=1):
    return native(ft.addmm(T(bias), T(m1), T(m2), beta=beta, alpha=alpha))


@rule("max_unpool2d", "max_unpool3d")
def max_unpool(x, indices, output_size, stride=None, padding=None):
    """aten's ``max_unpool{2,3}d(self, indices, output_size[, stride, padding])`` takes the
    output size, not the kernel (the Python function's third argument): the unpooled planes are
    ``output_size`` whatever the kernel was. The frontend function computes the same scatter from
    a kernel; stride 1, no padding and kernel ``out - in + 1`` make its size exactly
    ``output_size``."""
    n = len(output_size)
    out = tuple(int(v) for v in output_size)
    k = tuple(o - int(L) + 1 for o, L in zip(out, x.shape[-n:], strict=True))
    if min(k) < 1:
        raise ValueError(f"max_unpool{n}d: output_size {out} is smaller than the input "
                         f"{tuple(x.shape[-n:])}")
    return native(getattr(F, f"max_unpool{n}d")(T(x), T(indices), k, 1, 0, out))


@rule("_safe_softmax")
def safe_softmax(x, dim, dtype=None):
    """softmax that gives 0 (not NaN) on rows that are all -inf (fully masked attention); the
    masked rows are replaced before the softmax, so that their gradient is 0, not NaN."""
    xd = native(T(x).to(fdt(dtype))) if dtype is not None else x
    dead = ivy.all(ivy.equal(xd, float("-inf")), axis=dim, keepdims=True)
    live = ivy.where(dead, ivy.zeros_like(xd), xd)
    out = native(F.softmax(T(live), dim))
    return native(ivy.where(dead, ivy.zeros_like(out), out))


@rule("_softmax")
def softmax(x, dim, half_to_float=False):
    return native(F.softmax(T(x), dim))


@rule("_log_softmax")
def log_softmax(x, dim, half_to_float=False):
    return native(F.log_softmax(T(x), dim))


@rule("convolution", "_convolution")
def convolution(x, w, b, stride, padding, dilation, transposed, output_padding, groups, *a):
    nd = w.ndim - 2
    if transposed:
        fn = getattr(F, f"conv_transpose{nd}d")
        return native(fn(T(x), T(w), T(b), stride=tuple(stride), padding=tuple(padding),
                         output_padding=tuple(output_padding), groups=groups,
                         dilation=tuple(dilation)))
    fn = getattr(F, f"conv{nd}d")
    return native(fn(T(x), T(w), T(b), stride=tuple(stride), padding=tuple(padding),
                     dilation=tuple(dilation), groups=groups))


@rule("_scaled_dot_product_flash_attention_for_cpu")
def sdpa_flash_cpu(q, k, v, dropout_p=0.0, is_causal=False, *, attn_mask=None, scale=None):
    if dropout_p:
        raise ValueError("attention dropout is random (put the model in eval() mode)")
    out = F.scaled_dot_product_attention(T(q), T(k), T(v), attn_mask=T(attn_mask),
                                         dropout_p=0.0, is_causal=is_causal, scale=scale)
    # the second output (log-sum-exp of the scores, float32 [B, H, L]) is rarely used
    return native(out), None


@rule("_scaled_dot_product_attention_math", "scaled_dot_product_attention")
def sdpa_math(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, dropout_mask=None, *,
              scale=None, enable_gqa=False):
    if dropout_p:
        raise ValueError("attention dropout is random (put the model in eval() mode)")
    out = F.scaled_dot_product_attention(T(q), T(k), T(v), attn_mask=T(attn_mask),
                                         dropout_p=0.0, is_causal=is_causal, scale=scale)
    return native(out), None


@rule("_native_batch_norm_legit_no_training")
def bn_no_training(x, w, b, rm, rv, momentum, eps):
    out = F.batch_norm(T(x), T(rm), T(rv), T(w), T(b), training=False, momentum=momentum, eps=eps)
    empty = native(ivy.zeros((0,), dtype=x.dtype))
    return native(out), empty, native(ivy.zeros((0,), dtype=x.dtype)) if empty is not None else None


def _pool_dims(kernel_size):
    return len(kernel_size) if isinstance(kernel_size, (list, tuple)) else 2


@rule("max_pool2d_with_indices", "max_pool1d_with_indices", "max_pool3d_with_indices")
def max_pool_with_indices(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """aten's ``stride=[]`` (the kernel) as the frontend's ``stride=None``."""
    nd = _pool_dims(kernel_size)
    return native(getattr(F, f"max_pool{nd}d")(T(x), kernel_size, stride=stride or None,
                                                padding=padding, dilation=dilation,
                                                ceil_mode=ceil_mode, return_indices=True))


@rule("_adaptive_avg_pool2d")
def adaptive_avg_pool2d(x, output_size):
    return native(F.adaptive_avg_pool2d(T(x), tuple(output_size)))


@rule("col2im")
def col2im(x, output_size, kernel_size, dilation, padding, stride):
    return native(F.fold(T(x), tuple(output_size), tuple(kernel_size), tuple(dilation),
                         tuple(padding), tuple(stride)))


@rule("_adaptive_avg_pool3d", "adaptive_avg_pool3d")
def adaptive_avg_pool3d(x, output_size):
    return native(F.adaptive_avg_pool3d(T(x), tuple(output_size)))


@rule("adaptive_max_pool2d", "adaptive_max_pool3d", "adaptive_max_pool1d")
def adaptive_max_pool(x, output_size):
    """aten's adaptive max pooling returns the indices too."""
    nd = len(output_size)
    return native(getattr(F, f"adaptive_max_pool{nd}d")(T(x), tuple(output_size),
                                                         return_indices=True))


@rule("max_pool2d", "max_pool1d", "max_pool3d")
def max_pool(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    nd = _pool_dims(kernel_size)
    return native(getattr(F, f"max_pool{nd}d")(T(x), kernel_size, stride=stride or None,
                                                padding=padding, dilation=dilation,
                                                ceil_mode=ceil_mode))


@rule("avg_pool2d", "avg_pool1d", "avg_pool3d")
def avg_pool(x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
             divisor_override=None):
    nd = _pool_dims(kernel_size)
    kw = {"divisor_override": divisor_override} if nd != 1 else {}
    return native(getattr(F, f"avg_pool{nd}d")(T(x), kernel_size, stride=stride or None,
                                                padding=padding, ceil_mode=ceil_mode,
                                                count_include_pad=count_include_pad, **kw))


def _upsample(mode, nd):
    """aten's upsample_* (output size, align_corners for linear/cubic, then per-dim scales or
    a ``.vec`` overload's scale factors) as the frontend's resampling (ATen's kernels)."""
    def up(x, output_size=None, *rest, **kw):
        rest = list(rest)
        align = False
        if mode in ("linear", "cubic"):
            align = bool(rest.pop(0)) if rest else bool(kw.get("align_corners", False))
        factors = kw.get("scale_factors")
        scales = [kw.get(n) for n in ("scales_d", "scales_h", "scales_w")][3 - nd:] if nd > 1 \
            else [kw.get("scales")]
        if rest and isinstance(rest[0], (list, tuple)):
            factors = rest[0]
        elif rest:
            scales = (list(rest) + [None] * nd)[:nd]
        if factors is not None:
            scales = list(factors)
        if not output_size:
            output_size = [int(np.floor(n * s_)) for n, s_ in zip(x.shape[-nd:], scales,
                                                                  strict=True)]
        return native(_sampling._resample(x, tuple(output_size), mode, align, scales))
    up.ivy_mapping = f"ivy.frontends.torch.nn.sampling._resample(mode={mode!r})"
    return up


for _nd, _dn in ((1, "1d"), (2, "2d"), (3, "3d")):
    RULES[f"upsample_nearest{_dn}"] = _upsample("nearest", _nd)
    RULES[f"_upsample_nearest_exact{_dn}"] = _upsample("nearest-exact", _nd)
RULES["upsample_linear1d"] = _upsample("linear", 1)
RULES["upsample_bilinear2d"] = _upsample("linear", 2)
RULES["upsample_trilinear3d"] = _upsample("linear", 3)
RULES["upsample_bicubic2d"] = _upsample("cubic", 2)


def _index_key(indices):
    return tuple(slice(None) if i is None else T(i) for i in indices)


@rule("index", "_unsafe_index")
def index(x, indices):
    return native(T(x)[_index_key(indices)])


@rule("index_put", "_unsafe_index_put", "index_put_")
def index_put(x, indices, values, accumulate=False):
    values = values if hasattr(values, "dtype") else native(ivy.asarray(values))
    if accumulate:
        return _index_put_accumulate(x, list(indices), values)
    key = tuple(slice(None) if i is None else i for i in indices)
    return set_index(x, key, values)


def _index_put_accumulate(x, indices, values):
    """``x[indices] += values`` where repeated indices add up (``ivy.scatter_nd``): the indexed
    dims are moved to the front, the values laid out as torch's advanced indexing does."""
    indices = indices + [None] * (x.ndim - len(indices))
    pos = [i for i, ix in enumerate(indices) if ix is not None]
    if any(str(indices[i].dtype) in ("bool", "uint8") for i in pos):
        if pos != [0] or indices[0].ndim > x.ndim:
            raise ValueError("index_put(accumulate=True) with a boolean mask that is not the "
                             "only index has no Ivy mapping")
        mask = ivy.astype(indices[0], "bool")
        mask = ivy.broadcast_to(ivy.reshape(mask, tuple(mask.shape) + (1,) * (x.ndim - mask.ndim)),
                                tuple(x.shape))
        vals = ivy.astype(values, x.dtype)
        if vals.ndim > x.ndim - indices[0].ndim and vals.shape[0] != 1:  # one row per True
            add = masked_scatter(ivy.zeros_like(x), mask, vals)
        else:
            add = ivy.where(mask, ivy.broadcast_to(vals, tuple(x.shape)), ivy.zeros_like(x))
        return native(ivy.add(x, add))
    rest = [i for i in range(x.ndim) if i not in pos]
    perm = pos + rest
    xp = ivy.permute_dims(x, tuple(perm))
    idx = ivy.broadcast_arrays(*[indices[i] for i in pos])
    ish = tuple(idx[0].shape)
    rest_shape = tuple(x.shape[i] for i in rest)
    adjacent = pos == list(range(pos[0], pos[-1] + 1))
    if adjacent and pos[0] > 0:
        lead = tuple(x.shape[:pos[0]])
        v = ivy.broadcast_to(ivy.astype(values, x.dtype), lead + ish + rest_shape[pos[0]:])
        order = tuple(range(len(lead), len(lead) + len(ish))) + tuple(range(len(lead))) + \
            tuple(range(len(lead) + len(ish), v.ndim))
        v = ivy.permute_dims(v, order)
    else:
        v = ivy.broadcast_to(ivy.astype(values, x.dtype), ish + rest_shape)
    coords = [ivy.where(ivy.less(i, 0), ivy.add(i, x.shape[d]), i) for i, d in zip(idx, pos, strict=True)]
    coords = ivy.stack([ivy.astype(c, "int64") for c in coords], axis=-1)
    out = ivy.scatter_nd(coords, v, reduction="sum", out=copy(xp))
    inverse = tuple(perm.index(i) for i in range(x.ndim))
    return native(ivy.permute_dims(out, inverse))


@rule("block_diag")
def block_diag(tensors):
    return native(ft.block_diag(*(T(t) for t in tensors)))


@rule("slice")
def slice_(x, dim=0, start=None, end=None, step=1):
    big = 1 << 62
    if end is not None and end >= big:
        end = None
    if start is not None and start <= -big:
        start = None
    d = dim + x.ndim if dim < 0 else dim
    return native(ivy.get_item(x, (slice(None),) * d + (slice(start, end, step),)))


@rule("select")
def select(x, dim, index):
    d = dim + x.ndim if dim < 0 else dim
    return native(ivy.get_item(x, (slice(None),) * d + (int(index),)))


@rule("embedding")
def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """aten's ``padding_idx`` is -1 for none (BERT's ``pad_token_id`` 0: that row's gradient is
    0 in torch; it was dropped here)."""
    return native(F.embedding(T(indices), T(weight),
                              padding_idx=padding_idx if padding_idx >= 0 else None,
                              scale_grad_by_freq=bool(scale_grad_by_freq)))


def _creation(fn_name):
    fn = getattr(ft, fn_name)

    def make(*args, dtype=None, **kw):
        return native(fn(*(conv(a) for a in args), dtype=fdt(dtype)))
    make.ivy_mapping = f"ivy.frontends.torch.{fn_name}"
    return make


for _n in ("full", "zeros", "ones", "eye", "arange", "linspace", "logspace", "scalar_tensor"):
    RULES[_n] = _creation(_n)
RULES["empty"] = _creation("zeros")
RULES["empty_strided"] = lambda size, stride, dtype=None, **k: native(ft.zeros(tuple(size),
                                                                             dtype=fdt(dtype)))


def _like(fn_name):
    fn = getattr(ft, fn_name)

    def make(x, *args, dtype=None, **kw):
        return native(fn(T(x), *args, dtype=fdt(dtype)))
    make.ivy_mapping = f"ivy.frontends.torch.{fn_name}"
    return make


for _n in ("zeros_like", "ones_like", "full_like"):
    RULES[_n] = _like(_n)
RULES["empty_like"] = _like("zeros_like")


def _new(fn_name):
    fn = getattr(ft, fn_name)

    def make(x, size, *args, dtype=None, **kw):
        return native(fn(tuple(size), *args, dtype=fdt(dtype) or ft.dtype_of(T(x))))
    make.ivy_mapping = f"ivy.frontends.torch.{fn_name}"
    return make


RULES["new_zeros"], RULES["new_ones"], RULES["new_full"] = _new("zeros"), _new("ones"), _new("full")
RULES["new_empty"] = RULES["new_empty_strided"] = _new("zeros")


@rule("constant_pad_nd")
def constant_pad(x, pad, value=0):
    return native(F.pad(T(x), tuple(pad), mode="constant", value=value))


def _pad(mode):
    def p(x, pad):
        pad = tuple(int(v) for v in pad)
        if any(v < 0 for v in pad):  # a negative pad crops that side first
            key = [slice(None)] * x.ndim
            for i in range(len(pad) // 2):
                d = x.ndim - 1 - i
                lo, hi = -min(pad[2 * i], 0), -min(pad[2 * i + 1], 0)
                key[d] = slice(lo, x.shape[d] - hi)
            x = native(ivy.get_item(x, tuple(key)))
            pad = tuple(max(v, 0) for v in pad)
        return native(F.pad(T(x), pad, mode=mode))
    p.ivy_mapping = f"ivy.frontends.torch.nn.functional.pad(mode={mode!r})"
    return p


for _d in (1, 2, 3):
    RULES[f"reflection_pad{_d}d"] = _pad("reflect")
    RULES[f"replication_pad{_d}d"] = _pad("replicate")

_GRID_MODES = ("bilinear", "nearest", "bicubic")
_GRID_PADDING = ("zeros", "border", "reflection")


@rule("grid_sampler_2d", "grid_sampler", "grid_sampler_3d")
def grid_sampler(x, grid, interpolation_mode, padding_mode, align_corners):
    """aten's grid sampler (enum mode and padding) as ``F.grid_sample`` (4-D and 5-D)."""
    return native(F.grid_sample(T(x), T(grid), mode=_GRID_MODES[interpolation_mode],
                                padding_mode=_GRID_PADDING[padding_mode],
                                align_corners=align_corners))


@rule("linalg_cross")
def linalg_cross(a, b, dim=-1):
    return native(ft.linalg.cross(T(a), T(b), dim=dim))


@rule("split_with_sizes", "split_with_sizes_copy")
def split_with_sizes(x, sizes, dim=0):
    return native(ft.split(T(x), list(sizes), dim))


@rule("copy_", "copy")
def copy_(dst, src, non_blocking=False):
    return fit(src, dst)


@rule("fill_", "fill")
def fill(x, value):
    return fit(value if hasattr(value, "dtype") else native(ft.full_like(T(x), value)), x)


@rule("zero_", "zero")
def zero(x):
    return native(ft.zeros_like(T(x)))


@rule("gelu")
def gelu(x, approximate="none"):
    return native(F.gelu(T(x), approximate=approximate))


@rule("native_dropout")
def native_dropout(x, p, train):
    if train and p > 0:
        raise ValueError("dropout in training mode is random (put the model in eval() mode)")
    return copy(x), native(ft.ones_like(T(x), dtype=ft.bool))


@rule("squeeze")
def squeeze(x, dim=None):
    if dim is None:
        return native(ft.squeeze(T(x)))
    dims = dim if isinstance(dim, (list, tuple)) else (dim,)
    keep = [d % max(x.ndim, 1) for d in dims if x.shape[d % max(x.ndim, 1)] == 1]
    shape = [s for i, s in enumerate(x.shape) if i not in keep]
    return native(ivy.reshape(x, tuple(shape)))


@rule("sum")
def sum_(x, dim=None, keepdim=False, dtype=None):
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        return native(ft.sum(T(x), dtype=fdt(dtype)))
    return native(ft.sum(T(x), dim=tuple(dim), keepdim=keepdim, dtype=fdt(dtype)))


@rule("mean")
def mean(x, dim=None, keepdim=False, dtype=None):
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        return native(ft.mean(T(x), dtype=fdt(dtype)))
    return native(ft.mean(T(x), dim=tuple(dim), keepdim=keepdim, dtype=fdt(dtype)))


@rule("var", "std")
def var(x, dim=None, *, correction=None, keepdim=False):
    fn = ft.var
    return native(fn(T(x), dim=tuple(dim) if dim is not None else None,
                     correction=1 if correction is None else correction, keepdim=keepdim))


@rule("std.correction")
def std(x, dim=None, *, correction=None, keepdim=False):
    return native(ft.std(T(x), dim=tuple(dim) if dim is not None else None,
                         correction=1 if correction is None else correction, keepdim=keepdim))


def _reduce_dims(name):
    fn = getattr(ft, name)

    def r(x, dim=(), keepdim=False):
        if dim is None or len(dim) == 0:
            return native(fn(T(x)))
        return native(fn(T(x), dim=tuple(dim), keepdim=keepdim))
    r.ivy_mapping = f"ivy.frontends.torch.{name}"
    return r


RULES["amax"], RULES["amin"] = _reduce_dims("amax"), _reduce_dims("amin")


@rule("unbind")
def unbind(x, dim=0):
    return native(ft.unbind(T(x), dim))


@rule("masked_fill")
def masked_fill(x, mask, value):
    return native(ft.masked_fill(T(x), T(mask), T(value)))


@rule("where")
def where(cond, a=None, b=None):
    if a is None:
        raise ValueError("where(cond) (nonzero) has a data-dependent shape")
    return native(ft.where(T(cond), T(a), T(b)))


@rule("sort")
def sort(x, dim=-1, descending=False, *, stable=None):
    r = ft.sort(T(x), dim=dim, descending=descending, stable=bool(stable))
    return native(r[0]), native(r[1])


@rule("t", "t_copy")
def t(x):
    return native(T(x).t())


@rule("transpose", "transpose_copy")
def transpose(x, dim0, dim1):
    return native(T(x).transpose(dim0, dim1))


@rule("unsqueeze", "unsqueeze_copy")
def unsqueeze(x, dim):
    return native(T(x).unsqueeze(dim))


# -- more explicit rules: aten ops whose arguments or outputs differ from the torch API ---------
class Writes:
    """A rule's result for an op that also writes some of its arguments in place: ``outputs``
    (as any rule returns them) and ``writes`` (argument index → the new value of that argument;
    an op that only *may* write, e.g. ``rrelu_with_noise`` in eval mode, gives none)."""

    def __init__(self, outputs, writes=None):
        self.outputs, self.writes = outputs, dict(writes or {})


class Uncomputed:
    """An output a rule leaves uncomputed on purpose, and why (using it raises, naming this)."""

    def __init__(self, what: str):
        self.what = what


def _empty(dtype):
    return native(ivy.zeros((0,), dtype=dtype))


@rule("native_layer_norm")
def native_layer_norm_full(x, normalized_shape, weight, bias, eps):
    """The output and the saved mean and 1/std (shape ``x.shape[:axis] + (1,) * k``)."""
    out = native(F.layer_norm(T(x), tuple(normalized_shape), T(weight), T(bias), eps))
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    xf = ivy.astype(x, "float32") if str(x.dtype) in ("float16", "bfloat16") else x
    mu = ivy.mean(xf, axis=axes, keepdims=True)
    var = ivy.mean(ivy.square(ivy.subtract(xf, mu)), axis=axes, keepdims=True)
    rstd = ivy.divide(1.0, ivy.sqrt(ivy.add(var, eps)))
    return out, native(mu), native(rstd)


@rule("native_group_norm")
def native_group_norm(x, weight, bias, n, c, hxw, group, eps):
    out = native(F.group_norm(T(x), group, T(weight), T(bias), eps))
    xr = ivy.reshape(x, (n, group, -1))
    mu = ivy.mean(xr, axis=-1)
    var = ivy.mean(ivy.square(ivy.subtract(xr, ivy.expand_dims(mu, axis=-1))), axis=-1)
    return out, native(mu), native(ivy.divide(1.0, ivy.sqrt(ivy.add(var, eps))))


def _bn_train(x, w, b, rm, rv, momentum, eps):
    """Batch norm on the batch's statistics: (output, mean, 1/std) and the updated running
    statistics (``None`` when there are none)."""
    axes = tuple(i for i in range(x.ndim) if i != 1)
    shape = tuple(-1 if i == 1 else 1 for i in range(x.ndim))
    mu = ivy.mean(x, axis=axes)
    centred = ivy.subtract(x, ivy.reshape(mu, shape))
    var = ivy.mean(ivy.square(centred), axis=axes)
    invstd = ivy.divide(1.0, ivy.sqrt(ivy.add(var, eps)))
    out = ivy.multiply(centred, ivy.reshape(invstd, shape))
    if w is not None:
        out = ivy.multiply(out, ivy.reshape(w, shape))
    if b is not None:
        out = ivy.add(out, ivy.reshape(b, shape))
    count = 1
    for i in axes:
        count *= x.shape[i]
    new_rm = new_rv = None
    if rm is not None:
        new_rm = ivy.add(ivy.multiply(rm, 1 - momentum), ivy.multiply(mu, momentum))
    if rv is not None:
        unbiased = ivy.multiply(var, count / max(count - 1, 1))
        new_rv = ivy.add(ivy.multiply(rv, 1 - momentum), ivy.multiply(unbiased, momentum))
    return (native(out), native(mu), native(invstd)), new_rm, new_rv


@rule("native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_functional")
def bn_any(x, w, b, rm, rv, training, momentum, eps, *a):
    """Eval mode: the running statistics; training mode: the batch's, and the running
    statistics are updated in place as torch does (written back to the buffers' stand-ins)."""
    if not training:
        return Writes(bn_no_training(x, w, b, rm, rv, momentum, eps))
    outs, new_rm, new_rv = _bn_train(x, w, b, rm, rv, momentum, eps)
    writes = {i: v for i, v in ((3, new_rm), (4, new_rv)) if v is not None}
    return Writes(outs, writes)


@rule("_native_batch_norm_legit.no_stats")
def bn_no_stats(x, w, b, training, momentum, eps):
    return _bn_train(x, w, b, None, None, momentum, eps)[0]


@rule("elu")
def elu(x, alpha=1, scale=1, input_scale=1):
    neg = ivy.multiply(ivy.expm1(ivy.multiply(x, float(input_scale))), float(alpha * scale))
    return native(ivy.where(ivy.greater(x, 0), ivy.multiply(x, float(scale)),
                            ivy.astype(neg, x.dtype)))


@rule("rrelu_with_noise")
def rrelu_eval(x, noise, lower=0.125, upper=1 / 3, training=False, generator=None):
    if training:
        raise ValueError("rrelu in training mode is random (put the model in eval() mode)")
    return Writes(native(F.leaky_relu(T(x), (lower + upper) / 2)))


_NORM_FWD = {0: "backward", 1: "ortho", 2: "forward"}   # aten normalization → numpy-style norm
_NORM_INV = {0: "forward", 1: "ortho", 2: "backward"}


@rule("_fft_r2c")
def fft_r2c(x, dim, normalization, onesided):
    axes = tuple(d % x.ndim for d in dim)
    if onesided:
        return native(ivy.fft.rfftn(x, axes=axes, norm=_NORM_FWD[normalization]))
    cdt = "complex128" if str(x.dtype) == "float64" else "complex64"
    return native(ivy.fft.fftn(ivy.astype(x, cdt), axes=axes, norm=_NORM_FWD[normalization]))


@rule("_fft_c2c")
def fft_c2c(x, dim, normalization, forward):
    axes = tuple(d % x.ndim for d in dim)
    if not axes:
        return copy(x)
    if forward:
        return native(ivy.fft.fftn(x, axes=axes, norm=_NORM_FWD[normalization]))
    return native(ivy.fft.ifftn(x, axes=axes, norm=_NORM_INV[normalization]))


@rule("_fft_c2r")
def fft_c2r(x, dim, normalization, last_dim_size):
    axes = tuple(d % x.ndim for d in dim)
    s = tuple(x.shape[a] for a in axes[:-1]) + (int(last_dim_size),)
    return native(ivy.fft.irfftn(x, s=s, axes=axes, norm=_NORM_INV[normalization]))


@rule("_linalg_svd")
def linalg_svd(a, full_matrices=False, compute_uv=True, *, driver=None):
    if not compute_uv:
        return None, native(ivy.linalg.svdvals(a)), None
    u, s, vh = ivy.linalg.svd(a, full_matrices=full_matrices)
    return native(u), native(s), native(vh)


def _hermitian_from(a, uplo):
    """The Hermitian matrix that ``a``'s ``uplo`` triangle describes (what LAPACK reads)."""
    tri = ivy.tril(a) if uplo.upper() == "L" else ivy.triu(a)
    strict = ivy.tril(a, k=-1) if uplo.upper() == "L" else ivy.triu(a, k=1)
    return ivy.add(tri, ivy.conj(ivy.matrix_transpose(strict)))


@rule("_linalg_eigh")
def linalg_eigh(a, uplo="L", compute_v=True):
    """Eigenvalues; the eigenvectors' signs are LAPACK's choice (implementation-defined), so
    they are left uncomputed: a program that uses them fails loudly. The matrix is the one the
    ``uplo`` triangle describes; its gradient is torch's (symmetric: as if ``a`` were Hermitian),
    through ``(a + aᴴ)/2`` with the difference to the triangle's matrix held constant."""
    sym = ivy.divide(ivy.add(a, ivy.conj(ivy.matrix_transpose(a))), 2)
    h = ivy.add(sym, ivy.stop_gradient(ivy.subtract(_hermitian_from(a, uplo), sym)))
    w, _ = ivy.linalg.eigh(h)
    return native(w), Uncomputed("eigenvectors (their signs are LAPACK's choice)")


@rule("_linalg_det")
def linalg_det(a):
    return native(ivy.linalg.det(a)), None, None


@rule("_linalg_slogdet")
def linalg_slogdet(a):
    sign, logabs = ivy.linalg.slogdet(a)
    return native(sign), native(logabs), None, None


def _is_vector_rhs(a, b):
    return b.ndim == 1 or (b.ndim == a.ndim - 1 and tuple(b.shape) == tuple(a.shape[:-1]))


def _solve(a, b, left=True):
    if not left:  # X A = B  <=>  A^T X^T = B^T
        return ivy.matrix_transpose(_solve(ivy.matrix_transpose(a), ivy.matrix_transpose(b)))
    if _is_vector_rhs(a, b):
        return ivy.get_item(ivy.linalg.solve(a, ivy.expand_dims(b, axis=-1)), (Ellipsis, 0))
    return ivy.linalg.solve(a, b)


@rule("_linalg_solve_ex")
def linalg_solve_ex(a, b, *, left=True, check_errors=False):
    info = native(ivy.zeros(tuple(a.shape[:-2]), dtype="int32"))
    return native(_solve(a, b, left)), None, None, info


def _triangle(a, upper, unitriangular):
    t = ivy.triu(a) if upper else ivy.tril(a)
    if unitriangular:
        n = a.shape[-1]
        eye = ivy.eye(n, n, dtype=a.dtype)
        t = ivy.add(ivy.multiply(t, ivy.subtract(1, eye)), eye)
    return t


@rule("linalg_solve_triangular")
def linalg_solve_triangular(a, b, *, upper, left=True, unitriangular=False):
    return native(_solve(_triangle(a, upper, unitriangular), b, left))


@rule("triangular_solve")
def triangular_solve(b, a, upper=True, transpose=False, unitriangular=False):
    t = _triangle(a, upper, unitriangular)
    if transpose:
        t = ivy.matrix_transpose(t)
    return native(ivy.linalg.solve(t, b)), copy(a)


@rule("_cdist_forward")
def cdist(x1, x2, p, compute_mode=None):
    return native(ft.cdist(T(x1), T(x2), p))


@rule("_pdist_forward")
def pdist(x, p=2.0):
    import numpy as np
    n = x.shape[0]
    d = ivy.reshape(native(ft.cdist(T(x), T(x), p)), (-1,))
    i, j = np.triu_indices(n, 1)
    return native(ivy.take(d, np.asarray(i * n + j, dtype=np.int64)))


@rule("_unique2")
def unique2(x, sorted=True, return_inverse=False, return_counts=False):  # noqa: A002
    values, _, inverse, counts = ivy.unique_all(ivy.reshape(x, (-1,)))
    inv = native(ivy.reshape(ivy.astype(inverse, "int64"), tuple(x.shape)))
    return (native(values), inv if return_inverse else None,
            native(ivy.astype(counts, "int64")) if return_counts else None)


@rule("empty_permuted")
def empty_permuted(size, physical_layout, dtype=None, **k):
    return native(ft.zeros(tuple(size), dtype=fdt(dtype)))


@rule("new_empty_strided")
def new_empty_strided(x, size, stride, dtype=None, **k):
    return native(ft.zeros(tuple(size), dtype=fdt(dtype) or ft.dtype_of(T(x))))


@rule("nonzero")
def nonzero(x):
    flat = ivy.reshape(x, (-1,)) if x.ndim == 0 else x
    idx = ivy.stack(list(ivy.nonzero(flat)), axis=1)
    if x.ndim == 0:
        idx = ivy.get_item(idx, (slice(None), slice(0, 0)))
    return native(ivy.astype(idx, "int64"))


@rule("masked_scatter")
def masked_scatter(x, mask, source):
    """``source``'s elements in order at the ``True`` places of ``mask`` (a cumulative count picks
    which), ``x`` elsewhere: the same shape whatever the mask."""
    m = ivy.broadcast_to(ivy.astype(mask, "bool"), tuple(x.shape))
    pos = ivy.subtract(ivy.cumulative_sum(ivy.astype(ivy.reshape(m, (-1,)), "int64")), 1)
    src = ivy.reshape(source, (-1,))
    n = 1
    for s_ in source.shape:
        n *= s_
    picked = ivy.take(src, ivy.clip(pos, 0, max(n - 1, 0)))
    return native(ivy.where(m, ivy.reshape(picked, tuple(x.shape)), x))


_IDENTITY = {"sum": 0, "prod": 1, "amax": float("-inf"), "amin": float("inf"), "mean": 0}


def _scatter_prod(x, dim, index, src, include_self):
    """scatter_reduce(prod) without reading the index values: a one-hot match of every index
    position against every output position along ``dim``, the product over the matches."""
    import numpy as np
    d = dim % x.ndim
    n = x.shape[d]
    box = tuple(slice(0, s_) for s_ in index.shape)
    src = ivy.get_item(src, box)
    ik = ivy.moveaxis(index, d, -1)                       # (..., m)
    sk = ivy.moveaxis(src, d, -1)
    hit = ivy.equal(ivy.expand_dims(ik, axis=-2),
                    np.arange(n, dtype=np.int64).reshape(n, 1))   # (..., n, m)
    contrib = ivy.prod(ivy.where(hit, ivy.expand_dims(sk, axis=-2), ivy.ones_like(
        ivy.expand_dims(sk, axis=-2))), axis=-1)          # (..., n)
    touched = ivy.any(hit, axis=-1)
    contrib = ivy.moveaxis(contrib, -1, d)
    touched = ivy.moveaxis(touched, -1, d)
    sub_box = tuple(slice(None) if i == d else box[i] for i in range(x.ndim))
    xs = ivy.get_item(x, sub_box)
    new = ivy.multiply(xs, contrib) if include_self else ivy.where(touched, contrib, xs)
    return set_index(x, sub_box, ivy.astype(new, x.dtype))


@rule("scatter_reduce")
def scatter_reduce(x, dim, index, src, reduce, *, include_self=True):
    if reduce == "prod":
        return _scatter_prod(x, dim, index, src, include_self)
    if include_self:
        return native(ft.scatter_reduce(T(x), dim, T(index), T(src), reduce,
                                        include_self=include_self))
    if reduce == "mean":
        touched = native(ft.scatter(ft.zeros_like(T(x), dtype=ft.bool), dim, T(index), True))
        total = native(ft.scatter_reduce(ft.zeros_like(T(x)), dim, T(index), T(src), "sum"))
        count = native(ft.scatter_reduce(ft.zeros_like(T(x)), dim, T(index), ft.ones_like(T(src)),
                                         "sum"))
        count = ivy.where(touched, count, ivy.ones_like(count))
        mean = (native(ft.floor_divide(T(total), T(count)))
                if str(x.dtype).startswith(("int", "uint")) else ivy.divide(total, count))
        return native(ivy.where(touched, ivy.astype(mean, x.dtype), x))
    # include_self=False: the places the index touches start from the reduction's identity
    touched = native(ft.scatter(ft.zeros_like(T(x), dtype=ft.bool), dim, T(index), True))
    ident = _IDENTITY[reduce]
    if str(x.dtype).startswith(("int", "uint")) and isinstance(ident, float):
        info = ivy.iinfo(x.dtype)
        ident = info.min if ident < 0 else info.max
    start = ivy.where(touched, ivy.full_like(x, ident), x)
    return native(ft.scatter_reduce(T(start), dim, T(index), T(src), reduce, include_self=True))


def _zero_d_as_1d(name):
    """``index_*`` ops: torch treats a 0-d ``self`` as 1-d."""
    fn = getattr(ft, name)

    def r(x, dim, index, *rest, **kw):
        kw = {k: conv(v) for k, v in kw.items() if k not in _DROP}
        rest = tuple(conv(a) for a in rest)
        if x.ndim:
            return native(fn(T(x), dim, T(index), *rest, **kw))
        rest = tuple(ft.reshape(a, (-1,)) if isinstance(a, _Tensor) else a for a in rest)
        out = fn(ft.reshape(T(x), (1,)), 0, ft.reshape(T(index), (-1,)), *rest, **kw)
        return native(ft.reshape(out, ()))
    r.ivy_mapping = f"ivy.frontends.torch.{name}"
    return r


for _n in ("index_select", "index_fill", "index_copy", "index_add"):
    RULES[_n] = _zero_d_as_1d(_n)


@rule("repeat")
def repeat_(x, repeats):
    if not len(repeats):
        return copy(x)
    return native(T(x).repeat(*repeats))


@rule("unfold")
def unfold_(x, dimension, size, step):
    if x.ndim == 0:
        return native(ivy.reshape(x, (1,)))
    return native(T(x).unfold(dimension, size, step))


# -- recurrent layers, bags, trilinear, pooling (real nn modules; tests/transpiler/torch/
# test_survey_fixes.py) ------------------------------------------------------------------------
@rule("mkldnn_rnn_layer")
def mkldnn_rnn_layer(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, batch_sizes, mode, hidden_size,
                     num_layers, has_biases, bidirectional, batch_first, train):
    """One LSTM layer in one direction, unrolled over the sequence (gates ``i, f, g, o``).
    ``nn.LSTM`` on CPU calls it per layer and direction, with the input time-major (already
    transposed for ``batch_first``; the layer-count / direction / ``batch_first`` arguments
    describe the whole module) and ``hx``/``cx`` of shape ``(B, H)`` (torch's decomposition:
    ``(1, B, H)``); ``hy``/``cy`` take ``hx``'s shape."""
    if mode != 2 or len(batch_sizes):  # ``train`` changes only the workspace (dropout
        # between layers, when asked for, is a separate random op, refused as such)
        raise ValueError(f"mkldnn_rnn_layer with mode={mode}, batch_sizes={list(batch_sizes)}: "
                         "only LSTM layers (mode 2) without packed sequences are mapped")
    xi = ivy.matmul(x, ivy.matrix_transpose(w_ih))
    if has_biases:
        xi = ivy.add(ivy.add(xi, b_ih), b_hh)
    whh = ivy.matrix_transpose(w_hh)
    hshape = tuple(hx.shape)
    h = ivy.reshape(hx, (-1, hidden_size))
    c = ivy.reshape(cx, (-1, hidden_size))
    steps = x.shape[0]
    outs = [None] * steps
    for t in (reversed(range(steps)) if reverse else range(steps)):
        g = ivy.add(ivy.get_item(xi, t), ivy.matmul(h, whh))
        i, f, gg, o = (ivy.get_item(g, (Ellipsis, slice(k * hidden_size, (k + 1) * hidden_size)))
                       for k in range(4))
        c = ivy.add(ivy.multiply(ivy.sigmoid(f), c), ivy.multiply(ivy.sigmoid(i), ivy.tanh(gg)))
        h = ivy.multiply(ivy.sigmoid(o), ivy.tanh(c))
        outs[t] = h
    y = ivy.stack(outs, axis=0)
    return (native(y), native(ivy.reshape(h, hshape)), native(ivy.reshape(c, hshape)),
            Uncomputed("workspace"))


@rule("_embedding_bag", "_embedding_bag_forward_only")
def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """Bags as a membership matrix built from ``offsets`` with Ivy ops (offsets may be inputs):
    sum / mean (0 for an empty bag) / max (0 for an empty bag); ``padding_idx`` entries skipped.
    Only the first output (the bags) is computed."""
    if mode not in (0, 1, 2):
        raise ValueError(f"embedding_bag mode {mode}")
    n = indices.shape[0]
    nb = offsets.shape[0] - (1 if include_last_offset else 0)
    pos = ivy.arange(n, dtype=offsets.dtype)
    starts = ivy.get_item(offsets, slice(0, nb))
    bag = ivy.subtract(ivy.sum(ivy.astype(ivy.less_equal(
        ivy.expand_dims(starts, axis=0), ivy.expand_dims(pos, axis=1)), offsets.dtype),
        axis=1), 1)
    member = ivy.equal(ivy.expand_dims(ivy.arange(nb, dtype=offsets.dtype), axis=1),
                       ivy.expand_dims(bag, axis=0))  # (bags, n)
    if include_last_offset:
        member = ivy.logical_and(member, ivy.expand_dims(ivy.less(
            pos, ivy.get_item(offsets, -1)), axis=0))
    if padding_idx is not None and padding_idx >= 0:
        member = ivy.logical_and(member, ivy.expand_dims(ivy.not_equal(
            indices, padding_idx), axis=0))
    emb = ivy.take(weight, ivy.astype(indices, ivy.int64), axis=0)  # (n, d)
    if scale_grad_by_freq and mode != 2 and n:  # (torch refuses it for max)
        emb = F._scale_grad_by_freq(emb, indices, weight.shape[0])
    if per_sample_weights is not None:
        emb = ivy.multiply(emb, ivy.expand_dims(per_sample_weights, axis=1))
    m = ivy.astype(member, weight.dtype)
    if mode == 2:
        big = ivy.where(ivy.expand_dims(member, axis=2), ivy.expand_dims(emb, axis=0),
                        ivy.full_like(ivy.expand_dims(emb, axis=0), float("-inf")))
        out = ivy.max(big, axis=1)
        out = ivy.where(ivy.expand_dims(ivy.any(member, axis=1), axis=1), out,
                        ivy.zeros_like(out))
    else:
        out = ivy.matmul(m, emb)
        if mode == 1:
            cnt = ivy.expand_dims(ivy.sum(m, axis=1), axis=1)
            out = ivy.divide(out, ivy.maximum(cnt, ivy.ones_like(cnt)))
    out = ivy.astype(out, weight.dtype)
    return (native(out), Uncomputed("offset2bag"), Uncomputed("bag_size"),
            Uncomputed("max_indices"))


@rule("embedding_renorm")
def embedding_renorm(weight, indices, max_norm, norm_type):
    """``max_norm`` of ``nn.Embedding``/``EmbeddingBag``: the rows ``indices`` looks up are
    rescaled in place to norm ``max_norm`` (torch: ``max_norm / (norm + 1e-7)``) when longer;
    gradients pass through as if unscaled (as torch's, which rescales under ``no_grad``)."""
    norm = ivy.linalg.vector_norm(weight, ord=float(norm_type), axis=1, keepdims=True)
    scale = ivy.where(ivy.greater(norm, max_norm), ivy.divide(max_norm, ivy.add(norm, 1e-7)),
                      ivy.ones_like(norm))
    rows = ivy.arange(weight.shape[0], dtype=ivy.int64)
    used = ivy.any(ivy.equal(ivy.reshape(ivy.astype(indices, ivy.int64), (-1, 1)),
                             ivy.expand_dims(rows, axis=0)), axis=0)
    new = ivy.where(ivy.expand_dims(used, axis=1),
                    ivy.astype(ivy.multiply(weight, scale), weight.dtype), weight)
    # torch renormalises a detached alias under no_grad: the rescaling has no derivative
    return native(ivy.add(weight, ivy.stop_gradient(ivy.subtract(new, weight))))


@rule("_trilinear")
def trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """``nn.Bilinear``'s op: each input unsqueezed at its ``expand`` dims (ascending), the
    product summed over ``sumdim``."""
    total = i1.ndim + len(expand1)

    def up(x, ex):
        for d in range(total):
            if d in ex:
                x = ivy.expand_dims(x, axis=d)
        return x

    prod = ivy.multiply(ivy.multiply(up(i1, set(expand1)), up(i2, set(expand2))),
                        up(i3, set(expand3)))
    if not len(sumdim):
        return native(prod)
    return native(ivy.sum(prod, axis=tuple(sorted(sumdim))))


@rule("_ctc_loss")
def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    """CTC negative log-likelihood per batch element: the torch frontend's alpha recursion
    (``ivy.frontends.torch.nn.functional.ctc_nll``, a scan over time); lengths and targets may be
    inputs (padded ``(B, S)`` or concatenated 1-D targets). ``zero_infinity`` acts in
    ``ctc_loss`` around this op (captured there). The second output (log_alpha) is not
    computed."""
    from ivy.frontends.torch.nn.functional import ctc_nll

    unbatched = log_probs.ndim == 2
    lp = ivy.expand_dims(log_probs, axis=1) if unbatched else log_probs
    b = lp.shape[1]

    def lengths(v):
        if isinstance(v, (list, tuple, int)):
            return native(ivy.asarray(np.asarray(v if isinstance(v, (list, tuple)) else [v],
                                                 np.int64)))
        return ivy.reshape(ivy.astype(v, ivy.int64), (-1,))

    tgt = ivy.reshape(targets, (b, -1)) if targets.ndim == 2 or (
        unbatched and targets.ndim == 1) else targets
    nll = ctc_nll(lp, tgt, lengths(input_lengths), lengths(target_lengths), blank)
    if unbatched:
        nll = ivy.reshape(nll, ())
    return native(ivy.astype(nll, lp.dtype)), Uncomputed("log_alpha")


# -- special functions: torch.special on Ivy's special functions (ivy/functional/ivy/special.py) --
for _aten, _name in (("lgamma", "gammaln"), ("digamma", "digamma"), ("polygamma", "polygamma"),
                     ("erfinv", "erfinv"), ("i0", "i0"), ("igamma", "gammainc"),
                     ("igammac", "gammaincc"), ("mvlgamma", "multigammaln"),
                     ("special_psi", "psi"), ("special_digamma", "digamma")):
    RULES[_aten] = _generic(getattr(ft.special, _name), f"ivy.frontends.torch.special.{_name}")


_REDUCTION = {0: "none", 1: "mean", 2: "sum"}


# -- lookup -----------------------------------------------------------------------------------
@RULES.cached
def rule_for(name: str, packet: str, reduction_at: int | None = None,
             arg_names: tuple[str, ...] = ()):
    """The rule of an aten overload (``name`` "add.Tensor", ``packet`` "add"); ``reduction_at``:
    the position of its ``int reduction`` argument (losses), given to the frontend as a string.
    ``arg_names``: the aten schema's argument names. A loss's aten arguments are not in its
    Python signature's order (``aten.smooth_l1_loss(self, target, reduction, beta)``,
    ``F.smooth_l1_loss(input, target, size_average, reduce, reduction, beta)``;
    ``binary_cross_entropy_with_logits``' ``pos_weight`` comes before ``reduction`` in aten, last
    in Python), so those after the first two go to the frontend function by name whenever it
    takes every one of them by that name."""
    r = RULES.lookup(name, packet)
    if r is None or reduction_at is None or r.__name__ != "rule":  # explicit rules: as is
        return r
    by_name = ()
    fn = getattr(r, "frontend_fn", None)
    if fn is not None and len(arg_names) > 2:
        try:
            params = inspect.signature(fn).parameters
        except (TypeError, ValueError):
            params = {}
        if all(n in params for n in arg_names[2:]):
            by_name = tuple(arg_names)

    def with_reduction(*args, **kwargs):
        args = list(args)
        if len(args) > reduction_at and isinstance(args[reduction_at], int):
            args[reduction_at] = _REDUCTION[args[reduction_at]]
        if isinstance(kwargs.get("reduction"), int):
            kwargs["reduction"] = _REDUCTION[kwargs["reduction"]]
        if by_name and len(args) > 2:
            kwargs = {**dict(zip(by_name[2:], args[2:], strict=False)), **kwargs}
            args = args[:2]
        return r(*args, **kwargs)

    with_reduction.ivy_mapping = describe(r)
    return with_reduction


@functools.lru_cache(maxsize=1)
def decompositions():
    from torch._decomp import core_aten_decompositions, decomposition_table
    table = dict(decomposition_table)
    table.update(core_aten_decompositions())
    return table


__all__ = ["NO_OUTPUT", "RULES", "Uncomputed", "Writes", "decompositions", "describe", "fit", "is_random", "is_view",
           "mutates", "native", "rule_for", "set_index", "unchecked"]


# -- grouped matmul (mixture-of-experts dispatch) ------------------------------------------------
@rule("_grouped_mm", "grouped_mm_fallback")
def grouped_mm(x, weight, offs=None, bias=None, out_dtype=None):
    """``torch._grouped_mm`` / transformers' ``grouped_mm_fallback``: rows of ``x`` (S, K) sorted
    by group, group ``g`` being the rows up to ``offs[g]`` (cumulative), each multiplied by
    ``weight[g]`` (K, N); rows past ``offs[-1]`` give zeros. The group sizes are data, so the
    segments are not static shapes: each group's product is taken for every row and kept where the
    row belongs to it (the dense form: G products of (S, K)·(K, N), static shapes)."""
    if offs is None or len(x.shape) != 2 or len(weight.shape) != 3 or bias is not None:
        raise NotImplementedError(
            "grouped_mm is mapped for a 2-D input, 3-D weights and offs (a mixture-of-experts "
            f"dispatch), not input {tuple(x.shape)}, weights {tuple(weight.shape)}, "
            f"offs {'given' if offs is not None else 'None'}, bias "
            f"{'given' if bias is not None else 'None'}")
    s, g = x.shape[0], weight.shape[0]
    rows = ivy.arange(s, dtype=offs.dtype)
    group = ivy.searchsorted(offs, rows, side="right")  # the group of each row (g: past the end)
    if out_dtype is not None and str(weight.dtype) != str(out_dtype).rsplit(".", 1)[-1]:
        raise NotImplementedError(f"grouped_mm with out_dtype={out_dtype} is not mapped")
    xs = ivy.astype(x, weight.dtype)
    out = ivy.zeros((s, weight.shape[2]), dtype=weight.dtype)
    for i in range(g):
        mine = ivy.expand_dims(ivy.equal(group, i), axis=-1)
        out = ivy.where(mine, ivy.matmul(xs, ivy.get_item(weight, i)), out)  # (weight[i]: untraced)
    return native(out)


# -- assertions (torch.distributions' validate_args, torch._assert_async) ----------------------
@rule("_is_all_true", mapping="ivy.all")
def is_all_true(x):
    return ivy.all(x)


@rule("_is_any_true", mapping="ivy.any")
def is_any_true(x):
    return ivy.any(x)


@rule("_assert_async", mapping="(checked at capture: a value known there)")
def assert_async(x, assert_msg=None):
    """``torch._assert_async(t[, msg])``: raises unless ``t`` is true (nonzero). Torch has
    already checked it on the example (the real op ran first). Ivy has no assertion operation
    that the emitted program could keep, so — as for ``.item()`` on a value
    (``capture/torch.py: _scalar``) — the check may be left out only when its value does not
    depend on the inputs (then it holds for every input); a check on an input-dependent value
    is refused: dropping it would accept inputs that the source rejects."""
    try:
        bool(x if isinstance(x, Array) else Array(x))
    except TraceError:
        raise TranspileError(
            "an assertion on a value that depends on the inputs (torch._assert_async, e.g. from "
            "a validate_args check or an aten decomposition's range check): Ivy has no "
            "assertion operation, so the transpiled program could not keep the check, and "
            "leaving it out would accept inputs that torch rejects. Validate the inputs before "
            "calling the function (or pass validate_args=False)",
            op="aten._assert_async", line=user_line(), source="torch") from None


# -- backward ops (a program that calls torch.autograd.grad itself: gradient penalties, PINNs) --
def _dilate(g, s: int, axis: int):
    """``g`` with ``s - 1`` zeros between its entries along ``axis``."""
    if s == 1:
        return g
    n = int(g.shape[axis])
    z = ivy.stack([g] + [ivy.zeros_like(g)] * (s - 1), axis=axis + 1)
    shape = tuple(int(d) for d in g.shape)
    z = ivy.reshape(z, shape[:axis] + (n * s,) + shape[axis + 1:])
    return ivy.get_item(z, (slice(None),) * axis + (slice(0, (n - 1) * s + 1),))


@rule("avg_pool2d_backward")
def avg_pool2d_backward(g, x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                        divisor_override=None):
    """The adjoint of ``avg_pool2d``: each output's gradient, divided by its window's divisor
    (torch's kernel's, computed from the shapes), added back over its window."""
    kh, kw = (list(kernel_size) * 2)[:2]
    sh, sw = (list(stride or kernel_size) * 2)[:2]
    ph, pw = (list(padding) * 2)[:2]
    ih, iw = int(x.shape[-2]), int(x.shape[-1])
    oh, ow = int(g.shape[-2]), int(g.shape[-1])
    div = np.zeros((oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            hs, ws = i * sh - ph, j * sw - pw
            he, we = min(hs + kh, ih + ph), min(ws + kw, iw + pw)
            size = (he - hs) * (we - ws)
            hs, ws, he, we = max(hs, 0), max(ws, 0), min(he, ih), min(we, iw)
            div[i, j] = divisor_override or (size if count_include_pad else
                                             (he - hs) * (we - ws))
    gd = ivy.divide(g, ivy.asarray(div.astype(np.dtype(str(g.dtype)))))
    gd = _dilate(_dilate(gd, sh, gd.ndim - 2), sw, gd.ndim - 1)
    hp, wp = max((oh - 1) * sh + kh, ph + ih), max((ow - 1) * sw + kw, pw + iw)
    lead = [(0, 0)] * (gd.ndim - 2)
    total = None
    for a in range(kh):
        for b in range(kw):
            piece = ivy.pad(gd, lead + [(a, hp - a - int(gd.shape[-2])),
                                        (b, wp - b - int(gd.shape[-1]))])
            total = piece if total is None else ivy.add(total, piece)
    return ivy.get_item(total, (..., slice(ph, ph + ih), slice(pw, pw + iw)))


def _adaptive_matrix(n_in: int, n_out: int, dtype) -> np.ndarray:
    """(n_out, n_in): row i averages torch's adaptive window i."""
    m = np.zeros((n_out, n_in), np.float64)
    for i in range(n_out):
        s, e = (i * n_in) // n_out, -(-((i + 1) * n_in) // n_out)
        m[i, s:e] = 1.0 / (e - s)
    return m.astype(dtype)


@rule("_adaptive_avg_pool2d_backward")
def adaptive_avg_pool2d_backward(g, x):
    dt = np.dtype(str(g.dtype))
    mh = ivy.asarray(_adaptive_matrix(int(x.shape[-2]), int(g.shape[-2]), dt))
    mw = ivy.asarray(_adaptive_matrix(int(x.shape[-1]), int(g.shape[-1]), dt))
    return ivy.einsum("oh,...op,pw->...hw", mh, g, mw)


def _weight_grad(x, g, k, stride, padding, dilation, groups):
    """d/dw of ``conv(x, w)`` against ``g``: a convolution of ``x`` with ``g`` over the batch
    (per group), its stride and dilation swapped, cropped to the kernel's size."""
    nd = len(k)
    conv = getattr(F, f"conv{nd}d")
    cg, og = int(x.shape[1]) // groups, int(g.shape[1]) // groups
    outs = []
    for gi in range(groups):
        xs = ivy.get_item(x, (slice(None), slice(gi * cg, (gi + 1) * cg)))
        gs = ivy.get_item(g, (slice(None), slice(gi * og, (gi + 1) * og)))
        xt = ivy.permute_dims(xs, (1, 0) + tuple(range(2, nd + 2)))  # (Cg, B, *in)
        gt = ivy.permute_dims(gs, (1, 0) + tuple(range(2, nd + 2)))  # (Og, B, *out)
        r = native(conv(T(xt), T(gt), None, stride=tuple(dilation), padding=tuple(padding),
                        dilation=tuple(stride)))                     # (Cg, Og, *k')
        r = ivy.get_item(r, (slice(None), slice(None)) + tuple(slice(0, kk) for kk in k))
        outs.append(ivy.permute_dims(r, (1, 0) + tuple(range(2, nd + 2))))
    return outs[0] if groups == 1 else ivy.concat(outs, axis=0)


@rule("convolution_backward")
def convolution_backward(g, x, w, bias_sizes, stride, padding, dilation, transposed,
                         output_padding, groups, output_mask):
    """The gradients of ``convolution`` (input, weight, bias, as ``output_mask`` asks): the
    input's is the transposed convolution of ``g`` (a convolution for a transposed one), the
    weight's a convolution of the input with ``g``."""
    nd = int(w.ndim) - 2
    k = tuple(int(s) for s in w.shape[2:])
    stride, padding, dilation = (tuple(v) * (nd if len(v) == 1 else 1)
                                 for v in (stride, padding, dilation))
    gi = gw = gb = None
    if output_mask[0]:
        if transposed:
            gi = native(getattr(F, f"conv{nd}d")(T(g), T(w), None, stride=stride,
                                                 padding=padding, dilation=dilation,
                                                 groups=groups))
        else:
            extra = tuple(int(x.shape[2 + i]) - ((int(g.shape[2 + i]) - 1) * stride[i]
                                                 - 2 * padding[i] + dilation[i] * (k[i] - 1) + 1)
                          for i in range(nd))
            gi = native(getattr(F, f"conv_transpose{nd}d")(
                T(g), T(w), None, stride=stride, padding=padding, output_padding=extra,
                groups=groups, dilation=dilation))
    if output_mask[1]:
        gw = _weight_grad(g, x, k, stride, padding, dilation, groups) if transposed else \
            _weight_grad(x, g, k, stride, padding, dilation, groups)
    if output_mask[2]:
        gb = ivy.sum(g, axis=(0,) + tuple(range(2, nd + 2)))
    return gi, gw, gb


# -- fused forms that run_decompositions() leaves ------------------------------------------------
@rule("_add_relu", mapping="ivy.add/relu")
def add_relu(x, other, alpha=1):
    y = T(other) if alpha == 1 else T(other) * alpha
    return native(F.relu(T(x) + y))


@rule("nonzero_static", mapping="ivy.scatter_nd (positions of nonzero entries)")
def nonzero_static(x, *, size, fill_value=-1):
    """The row-major positions of the first ``size`` nonzero entries of ``x``, padded with
    ``fill_value``: the nonzero entries' ranks (a cumulative sum) pick their rows."""
    shape = tuple(int(d) for d in x.shape)
    n, nd = int(np.prod(shape)), len(shape)
    nz = ivy.reshape(ivy.not_equal(x, ivy.zeros((), dtype=str(x.dtype))), (n,))
    rank = ivy.subtract(ivy.cumulative_sum(ivy.astype(nz, "int64"), axis=0), 1)
    target = ivy.where(ivy.logical_and(nz, ivy.less(rank, size)), rank, ivy.full_like(rank, size))
    coords = np.stack(np.unravel_index(np.arange(n), shape), axis=-1).reshape(n, nd) if nd \
        else np.zeros((n, 0), np.int64)
    init = ivy.full((size + 1, nd), fill_value, dtype="int64")
    out = ivy.scatter_nd(ivy.reshape(target, (n, 1)), ivy.asarray(coords.astype(np.int64)),
                         (size + 1, nd), reduction="replace", out=init)
    return ivy.get_item(out, slice(0, size))


# -- antialiased resizes (F.interpolate(..., antialias=True), torchvision's Resize) -------------
def _aa_resize(packet):
    def rule(x, output_size, align_corners, scales_h=None, scales_w=None):
        """Separable: one constant matrix per axis, read off torch's own kernel run on one-hot
        images along that axis (constant along the other, which keeps its size: with a size-1
        other axis torch's kernel computes other weights), then ``einsum``. The weights depend
        only on the sizes, ``align_corners`` and the scales."""
        from torch.utils._python_dispatch import _disable_current_modes
        op = getattr(torch.ops.aten, packet).default
        h, w = int(x.shape[-2]), int(x.shape[-1])
        oh, ow = (int(s) for s in output_size)
        f64 = torch.float64
        with _disable_current_modes():
            eye_h = torch.eye(h, dtype=f64)[:, None, :, None].expand(h, 1, h, w).contiguous()
            eye_w = torch.eye(w, dtype=f64)[:, None, None, :].expand(w, 1, h, w).contiguous()
            mh = op(eye_h, [oh, w], align_corners, scales_h, None)[:, 0, :, 0].T
            mw = op(eye_w, [h, ow], align_corners, None, scales_w)[:, 0, 0, :].T
        dt = np.dtype(str(x.dtype))
        mh, mw = ivy.asarray(mh.numpy().astype(dt)), ivy.asarray(mw.numpy().astype(dt))
        return ivy.einsum("oh,...hw,pw->...op", mh, x, mw)

    rule.ivy_mapping = f"ivy.einsum ({packet}: one matrix per axis)"
    return rule


for _p in ("_upsample_bilinear2d_aa", "_upsample_bicubic2d_aa", "_upsample_lanczos2d_aa"):
    RULES[_p] = _aa_resize(_p)
