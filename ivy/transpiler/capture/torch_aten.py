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

import torch

import ivy
import ivy.frontends.torch as ft
from ivy.frontends.torch import _tensor as _ft_tensor

F = ft.nn.functional
_wrap = _ft_tensor.wrap
_Tensor = _ft_tensor.Tensor

#: packets whose result is nothing to follow (assertions, hints)
NO_OUTPUT = {"_assert_async", "_assert_scalar", "sym_constrain_range_for_size",
             "sym_constrain_range", "_print", "record_stream"}
_RANDOM = {"rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like",
           "normal", "normal_", "uniform", "uniform_", "bernoulli", "bernoulli_", "multinomial",
           "exponential_", "geometric_", "log_normal_", "cauchy_", "random_", "native_dropout",
           "poisson"}
_UNCHECKED = {"empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided"}
_DROP = {"device", "layout", "pin_memory", "memory_format", "non_blocking", "requires_grad",
         "implicit", "sparse_grad", "scale_grad_by_freq", "sparse"}


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


def describe(rule) -> str:
    return getattr(rule, "ivy_mapping", getattr(rule, "__name__", repr(rule)))


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
    return rule


def _method(name):
    def rule(x, *args, **kwargs):
        kw = {k: conv(v) for k, v in kwargs.items() if k not in _DROP}
        return native(getattr(T(x), name)(*(conv(a) for a in args), **kw))

    rule.ivy_mapping = f"ivy.frontends.torch.Tensor.{name}"
    return rule


RULES: dict = {}


def rule(*names):
    def deco(fn):
        fn.ivy_mapping = f"{__name__}.{fn.__name__}"
        for n in names:
            RULES[n] = fn
        return fn
    return deco


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
@rule("alias", "detach", "lift_fresh", "alias_copy", "detach_copy", "lift_fresh_copy",
      "contiguous", "_conj", "resolve_conj", "resolve_neg")
def identity(x, *a, **k):
    return x


@rule("clone")
def clone(x, memory_format=None):
    return copy(x)


@rule("_to_copy")
def to_copy(x, dtype=None, **k):
    return native(T(x).to(fdt(dtype))) if dtype is not None else copy(x)


@rule("view", "_unsafe_view", "reshape", "view_copy", "_reshape_alias")
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


@rule("native_layer_norm")
def native_layer_norm(x, normalized_shape, weight, bias, eps):
    out = native(F.layer_norm(T(x), tuple(normalized_shape), T(weight), T(bias), eps))
    # mean and rstd (the 2nd and 3rd outputs) serve only the backward pass: not computed
    return out, None, None


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


@rule("native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_functional")
def bn(x, w, b, rm, rv, training, momentum, eps, *a):
    if training:
        raise ValueError("batch norm in training mode updates running statistics (put the model "
                         "in eval() mode)")
    return bn_no_training(x, w, b, rm, rv, momentum, eps)


@rule("max_pool2d_with_indices", "max_pool1d_with_indices", "max_pool3d_with_indices")
def max_pool_with_indices(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    nd = len(kernel_size) if isinstance(kernel_size, (list, tuple)) else 2
    fn = getattr(F, f"max_pool{nd}d")
    out = fn(T(x), kernel_size, stride=stride or None, padding=padding, dilation=dilation,
             ceil_mode=ceil_mode)
    return native(out), None  # indices: not computed (an error if the program uses them)


@rule("max_pool2d", "max_pool1d", "max_pool3d")
def max_pool(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    nd = len(kernel_size) if isinstance(kernel_size, (list, tuple)) else 2
    return native(getattr(F, f"max_pool{nd}d")(T(x), kernel_size, stride=stride or None,
                                                padding=padding, dilation=dilation,
                                                ceil_mode=ceil_mode))


@rule("avg_pool2d", "avg_pool1d", "avg_pool3d")
def avg_pool(x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
             divisor_override=None):
    nd = len(kernel_size) if isinstance(kernel_size, (list, tuple)) else 2
    kw = {"divisor_override": divisor_override} if nd != 1 else {}
    return native(getattr(F, f"avg_pool{nd}d")(T(x), kernel_size, stride=stride or None,
                                                padding=padding, ceil_mode=ceil_mode,
                                                count_include_pad=count_include_pad, **kw))


def _upsample(mode):
    def up(x, output_size=None, *rest, **kw):
        align = None
        scales = None
        if mode != "nearest" and rest:
            align = rest[0]
            rest = rest[1:]
        align = kw.get("align_corners", align)
        if rest and isinstance(rest[0], (list, tuple)):
            scales = rest[0]
        elif "scale_factors" in kw:
            scales = kw["scale_factors"]
        if output_size is not None and len(output_size):
            return native(F.interpolate(T(x), size=tuple(output_size), mode=mode,
                                        align_corners=align))
        return native(F.interpolate(T(x), scale_factor=tuple(scales), mode=mode,
                                    align_corners=align))
    up.ivy_mapping = f"ivy.frontends.torch.nn.functional.interpolate(mode={mode!r})"
    return up


for _m, _names in {"bilinear": ("upsample_bilinear2d",), "nearest": ("upsample_nearest2d",
                   "upsample_nearest1d", "upsample_nearest3d"), "bicubic": ("upsample_bicubic2d",),
                   "linear": ("upsample_linear1d",), "trilinear": ("upsample_trilinear3d",)}.items():
    for _n in _names:
        RULES[_n] = _upsample(_m)


def _index_key(indices):
    return tuple(slice(None) if i is None else T(i) for i in indices)


@rule("index", "_unsafe_index")
def index(x, indices):
    return native(T(x)[_index_key(indices)])


@rule("index_put", "_unsafe_index_put", "index_put_")
def index_put(x, indices, values, accumulate=False):
    key = tuple(slice(None) if i is None else i for i in indices)
    if accumulate:
        cur = ivy.get_item(x, key)
        values = ivy.add(cur, ivy.astype(values, x.dtype))
    return set_index(x, key, values if hasattr(values, "dtype") else ivy.asarray(values))


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
    return native(F.embedding(T(indices), T(weight)))


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
        return native(F.pad(T(x), tuple(pad), mode=mode))
    p.ivy_mapping = f"ivy.frontends.torch.nn.functional.pad(mode={mode!r})"
    return p


for _d in (1, 2, 3):
    RULES[f"reflection_pad{_d}d"] = _pad("reflect")
    RULES[f"replication_pad{_d}d"] = _pad("replicate")

_GRID_MODES = ("bilinear", "nearest", "bicubic")
_GRID_PADDING = ("zeros", "border", "reflection")


def _reflect(c, size, align_corners):
    """torch's reflect_coordinates followed by clip_coordinates."""
    lo, hi = (0.0, 2.0 * (size - 1)) if align_corners else (-1.0, 2.0 * size - 1)
    if hi <= lo:
        return ivy.zeros_like(c)
    mn, span = lo / 2, (hi - lo) / 2
    c = ivy.abs(c - mn)
    flips = ivy.floor(c / span)
    extra = c - flips * span
    even = ivy.equal(ivy.remainder(flips, 2.0), 0.0)
    c = ivy.where(even, extra + mn, span - extra + mn)
    return ivy.clip(c, 0.0, float(size - 1))


@rule("grid_sampler_2d", "grid_sampler")
def grid_sampler(x, grid, interpolation_mode, padding_mode, align_corners):
    """``F.grid_sample`` on NCHW input (bilinear / nearest; zeros / border / reflection), in Ivy
    calls: unnormalise the grid like torch, gather the corner pixels, blend."""
    mode, pad = _GRID_MODES[interpolation_mode], _GRID_PADDING[padding_mode]
    x, grid = ivy.Array(x), ivy.Array(grid)  # operators below must be Ivy's (recorded)
    if mode == "bicubic":
        raise ValueError("grid_sample(mode='bicubic') has no Ivy mapping yet")
    n, c, h, w = x.shape
    gx, gy = grid[..., 0], grid[..., 1]
    if align_corners:
        ix, iy = (gx + 1) / 2 * (w - 1), (gy + 1) / 2 * (h - 1)
    else:
        ix, iy = ((gx + 1) * w - 1) / 2, ((gy + 1) * h - 1) / 2
    if pad == "border":
        ix, iy = ivy.clip(ix, 0.0, float(w - 1)), ivy.clip(iy, 0.0, float(h - 1))
    elif pad == "reflection":
        ix, iy = _reflect(ix, w, align_corners), _reflect(iy, h, align_corners)
    ho, wo = grid.shape[1], grid.shape[2]
    flat = ivy.reshape(x, (n, c, h * w))

    def tap(yy, xx):
        """x at integer coordinates (n, ho, wo) → (n, c, ho, wo); 0 outside the image."""
        ok = ivy.logical_and(ivy.logical_and(xx >= 0, xx <= w - 1),
                             ivy.logical_and(yy >= 0, yy <= h - 1))
        xc = ivy.clip(xx, 0, w - 1)
        yc = ivy.clip(yy, 0, h - 1)
        idx = ivy.reshape(ivy.astype(yc * w + xc, ivy.int64), (n, 1, ho * wo))
        idx = ivy.broadcast_to(idx, (n, c, ho * wo))
        v = ivy.reshape(ivy.take_along_axis(flat, idx, axis=2), (n, c, ho, wo))
        return ivy.where(ivy.expand_dims(ok, axis=1), v, ivy.zeros_like(v))

    if mode == "nearest":
        xr = ivy.astype(ivy.round(ix), ivy.int64)
        yr = ivy.astype(ivy.round(iy), ivy.int64)
        return tap(yr, xr)
    x0f, y0f = ivy.floor(ix), ivy.floor(iy)
    x0, y0 = ivy.astype(x0f, ivy.int64), ivy.astype(y0f, ivy.int64)
    x1, y1 = x0 + 1, y0 + 1
    wx1, wy1 = ix - x0f, iy - y0f
    wx0, wy0 = 1 - wx1, 1 - wy1

    def wt(a):
        return ivy.expand_dims(a, axis=1)

    out = (tap(y0, x0) * wt(wx0 * wy0) + tap(y0, x1) * wt(wx1 * wy0)
           + tap(y1, x0) * wt(wx0 * wy1) + tap(y1, x1) * wt(wx1 * wy1))
    return native(ivy.astype(out, x.dtype))


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


@rule("repeat")
def repeat(x, repeats):
    return native(T(x).repeat(*repeats))


@rule("unfold")
def unfold(x, dimension, size, step):
    return native(T(x).unfold(dimension, size, step))


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


# -- lookup -----------------------------------------------------------------------------------
@functools.cache
def rule_for(name: str, packet: str):
    r = RULES.get(name) or RULES.get(packet)
    if r is not None:
        return r
    base = packet[:-1] if packet.endswith("_") and not packet.endswith("__") else None
    if base:
        r = RULES.get(base)
        if r is not None:
            return r
    for cand in (packet, base):
        if not cand:
            continue
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


@functools.lru_cache(maxsize=1)
def decompositions():
    from torch._decomp import core_aten_decompositions, decomposition_table
    table = dict(decomposition_table)
    table.update(core_aten_decompositions())
    return table


__all__ = ["NO_OUTPUT", "RULES", "decompositions", "describe", "fit", "is_random", "is_view",
           "mutates", "native", "rule_for", "set_index", "unchecked"]
