"""Raw op → Ivy rules for TensorFlow's remaining elementwise, scatter and layout ops that tf2onnx
converts (the coverage section of ``docs/transpiler.md``), added to :data:`.tensorflow.RULES`
(which imports this module; rule signature ``rule(op, *ivys, static)``).

Values that set an output's shape (a scatter's ``shape``, ``Bincount``'s ``size``) or a layout
(``Roll``'s shift, an axis) must not depend on the inputs: the emitted code fixes them, so one
computed from the inputs is refused (:func:`_known`). Inputs that TF's CPU kernels reject at run
time (a negative value for ``Bincount``/``DenseBincount``, an out-of-range scatter index) give
what TF's GPU and XLA kernels give (the value ignored), as the segment ops do
(``tensorflow_reductions.py``): Ivy has no assertion op that could keep the check.
"""

from __future__ import annotations

import numpy as np

import ivy

from ...array_object import Array
from ...tracer.errors import TraceError
from .base import Rules

#: the rules of this module, merged into ``tensorflow.RULES``
RULES = Rules(__name__)
rule = RULES.rule


def _known(value, op, what: str) -> np.ndarray:
    """``value`` (an Ivy stand-in) when it does not depend on the inputs, else a refusal."""
    try:
        return np.asarray(Array(value).to_numpy())
    except TraceError:
        raise NotImplementedError(
            f"{op.type} with {what} computed from the inputs: the transpiled code fixes it "
            "(pass it as a constant)") from None


def _ints(value, op, what):
    return tuple(int(v) for v in _known(value, op, what).reshape(-1))


def _elementwise(fn_name, arity):
    fn = getattr(ivy, fn_name)

    def r(op, *xs, **_):
        return fn(*xs[:arity])
    r.ivy_mapping = f"ivy.{fn_name}"
    return r


for _tf, _iv in {"Acosh": "acosh", "Asinh": "asinh", "Atanh": "atanh", "Tan": "tan",
                 "IsInf": "isinf", "Rint": "round", "Invert": "bitwise_invert"}.items():
    RULES[_tf] = _elementwise(_iv, 1)
for _tf, _iv in {"BitwiseXor": "bitwise_xor", "LeftShift": "bitwise_left_shift",
                 "RightShift": "bitwise_right_shift"}.items():
    RULES[_tf] = _elementwise(_iv, 2)


@rule("PlaceholderWithDefault", mapping="(its default: the capture feeds no placeholder)")
def placeholder_with_default(op, x, **_):
    return x


@rule("AddN", mapping="ivy.add")
def add_n(op, *xs, **_):
    out = xs[0]
    for x in xs[1:]:
        out = ivy.add(out, x)
    return out


@rule("Concat", mapping="ivy.concat")
def concat_v1(op, axis, *xs, **_):
    return ivy.concat(list(xs), axis=int(_known(axis, op, "the axis").reshape(())))


@rule("Gather", mapping="ivy.take")
def gather_v1(op, params, indices, **_):
    return ivy.take(params, indices, axis=0)


@rule("Cumprod", mapping="ivy.cumulative_prod")
def cumprod(op, x, axis, **_):
    ax = int(_known(axis, op, "the axis").reshape(())) % len(x.shape)
    rev, exclusive = op.get_attr("reverse"), op.get_attr("exclusive")
    y = ivy.flip(x, axis=ax) if rev else x
    y = ivy.cumulative_prod(y, axis=ax, dtype=str(x.dtype), include_initial=exclusive)
    if exclusive:  # the leading 1, without the full product
        y = ivy.get_item(y, (slice(None),) * ax + (slice(0, int(x.shape[ax])),))
    return ivy.flip(y, axis=ax) if rev else y


@rule("Roll", mapping="ivy.roll")
def roll(op, x, shift, axis, **_):
    return ivy.roll(x, _ints(shift, op, "the shift"), axis=_ints(axis, op, "the axis"))


@rule("InvertPermutation", mapping="ivy.scatter_nd")
def invert_permutation(op, p, **_):
    n = int(p.shape[0])
    idx = ivy.reshape(ivy.astype(p, "int64"), (n, 1))
    return ivy.scatter_nd(idx, ivy.arange(n, dtype=str(p.dtype)), (n,), reduction="replace")


@rule("ScatterNd", mapping="ivy.scatter_nd")
def scatter_nd(op, indices, updates, shape, **_):
    """TF's ``ScatterNd``: duplicates add up; out-of-range indices are an error on TF's CPU."""
    return ivy.scatter_nd(indices, updates, _ints(shape, op, "the shape"), reduction="sum")


@rule("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub", "TensorScatterMax",
      "TensorScatterMin", mapping="ivy.scatter_nd")
def tensor_scatter(op, x, indices, updates, **_):
    kind = op.type.removeprefix("TensorScatter")
    if kind == "Sub":
        updates = ivy.negative(updates)
    reduction = {"Update": "replace", "Add": "sum", "Sub": "sum", "Max": "max",
                 "Min": "min"}[kind]
    return ivy.scatter_nd(indices, updates, tuple(int(s) for s in x.shape), reduction=reduction,
                          out=x)


def _nhwc(op):
    fmt = op.get_attr("data_format").decode()
    if fmt != "NHWC":
        raise NotImplementedError(f"{op.type} with data_format={fmt}")
    return int(op.get_attr("block_size"))


@rule("DepthToSpace", mapping="ivy.reshape/permute_dims")
def depth_to_space(op, x, **_):
    bs = _nhwc(op)
    b, h, w, c = (int(s) for s in x.shape)
    y = ivy.reshape(x, (b, h, w, bs, bs, c // (bs * bs)))
    y = ivy.permute_dims(y, (0, 1, 3, 2, 4, 5))
    return ivy.reshape(y, (b, h * bs, w * bs, c // (bs * bs)))


@rule("SpaceToDepth", mapping="ivy.reshape/permute_dims")
def space_to_depth(op, x, **_):
    bs = _nhwc(op)
    b, h, w, c = (int(s) for s in x.shape)
    y = ivy.reshape(x, (b, h // bs, bs, w // bs, bs, c))
    y = ivy.permute_dims(y, (0, 1, 3, 2, 4, 5))
    return ivy.reshape(y, (b, h // bs, w // bs, bs * bs * c))


@rule("ReverseSequence", mapping="ivy.take_along_axis")
def reverse_sequence(op, x, lengths, **_):
    """Row ``b`` (along ``batch_dim``) has its first ``lengths[b]`` entries along ``seq_dim``
    reversed, the rest kept."""
    nd = len(x.shape)
    sd, bd = op.get_attr("seq_dim") % nd, op.get_attr("batch_dim") % nd
    t, nb = int(x.shape[sd]), int(x.shape[bd])
    j = ivy.reshape(ivy.arange(t, dtype="int64"), (1, t))
    n = ivy.reshape(ivy.astype(lengths, "int64"), (nb, 1))
    src = ivy.where(ivy.less(j, n), ivy.subtract(ivy.subtract(n, 1), j), j)  # (nb, t)
    if bd > sd:
        src = ivy.permute_dims(src, (1, 0))
    shape = [1] * nd
    shape[bd], shape[sd] = nb, t
    src = ivy.broadcast_to(ivy.reshape(src, tuple(shape)), tuple(int(s) for s in x.shape))
    return ivy.take_along_axis(x, src, axis=sd)


@rule("MatrixDiagPartV2", mapping="ivy.linalg.diagonal")
def matrix_diag_part_v2(op, x, k, padding_value, **_):
    ks = _known(k, op, "k").reshape(-1)
    if ks.size != 1 or int(ks[0]) != 0:
        raise NotImplementedError(f"MatrixDiagPartV2 with k={ks.tolist()} (the main diagonal "
                                  "is mapped)")
    return ivy.linalg.diagonal(x, offset=0)


@rule("MaxPoolV2", mapping="ivy.max_pool2d")
def max_pool_v2(op, x, ksize, strides, **_):
    fmt = op.get_attr("data_format").decode()
    k, s = _ints(ksize, op, "ksize"), _ints(strides, op, "strides")
    sp = (lambda v: list(v[1:-1])) if fmt == "NHWC" else (lambda v: list(v[2:]))
    return ivy.max_pool2d(x, sp(k), strides=sp(s), padding=op.get_attr("padding").decode(),
                          data_format="channel_last" if fmt == "NHWC" else "channel_first")


@rule("LRN", mapping="ivy.pad/sum (local response normalization)")
def lrn(op, x, **_):
    """``x / (bias + alpha * sum(x[..., d - r : d + r + 1] ** 2)) ** beta`` over the channels."""
    r = int(op.get_attr("depth_radius"))
    bias, alpha, beta = (float(op.get_attr(a)) for a in ("bias", "alpha", "beta"))
    c = int(x.shape[-1])
    sq = ivy.pad(ivy.square(x), [(0, 0)] * (len(x.shape) - 1) + [(r, r)])
    total = ivy.get_item(sq, (..., slice(0, c)))
    for i in range(1, 2 * r + 1):
        total = ivy.add(total, ivy.get_item(sq, (..., slice(i, i + c))))
    return ivy.divide(x, ivy.pow(ivy.add(ivy.multiply(total, alpha), bias), beta))


@rule("Bincount", mapping="ivy.scatter_nd (counts)")
def bincount(op, arr, size, weights, **_):
    """Counts (or summed ``weights`` when given) of the values of ``arr`` in ``[0, size)``;
    values outside are ignored, as TF does."""
    n = int(_known(size, op, "size").reshape(()))
    flat = ivy.reshape(ivy.astype(arr, "int64"), (-1,))
    rows = int(flat.shape[0])
    valid = ivy.logical_and(ivy.greater_equal(flat, 0), ivy.less(flat, n))
    idx = ivy.reshape(ivy.where(valid, flat, ivy.full_like(flat, n)), (rows, 1))
    dt = str(weights.dtype)
    w = ivy.reshape(weights, (-1,)) if int(np.prod(weights.shape)) else ivy.ones((rows,),
                                                                                    dtype=dt)
    out = ivy.scatter_nd(idx, w, (n + 1,), reduction="sum")
    return ivy.get_item(out, slice(0, n))


@rule("DenseBincount", mapping="ivy.equal/sum (one-hot counts)")
def dense_bincount(op, x, size, weights, **_):
    """``tf.math.bincount``'s op: counts (or summed ``weights``) of the values of each row of a
    1-D or 2-D ``x`` in ``[0, size)`` — values outside are ignored — or, with ``binary_output``,
    whether each value occurs."""
    n = int(_known(size, op, "size").reshape(()))
    dt = str(weights.dtype)
    hit = ivy.equal(ivy.expand_dims(ivy.astype(x, "int64"), axis=-1),
                    ivy.arange(n, dtype="int64"))                  # (..., len, n)
    if op.get_attr("binary_output"):
        return ivy.astype(ivy.any(hit, axis=-2), dt)
    w = weights if int(np.prod(weights.shape)) else ivy.ones(tuple(x.shape), dtype=dt)
    return ivy.sum(ivy.where(hit, ivy.expand_dims(w, axis=-1), ivy.zeros((), dtype=dt)), axis=-2)


def _same_pads(size: int, k: int, s: int) -> tuple[int, int]:
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return total // 2, total - total // 2


@rule("MaxPoolWithArgmax", mapping="ivy.max/argmax over the window's positions")
def max_pool_with_argmax(op, x, **_):
    """NHWC max pooling and, for each output, the flat position of its maximum in the input,
    ``((b * H + y) * W + x) * C + c`` (without ``b * H`` unless ``include_batch_in_index``); the
    first maximum in the window's row-major order, as TF's kernel."""
    _, kh, kw, _ = (int(v) for v in op.get_attr("ksize"))
    _, sh, sw, _ = (int(v) for v in op.get_attr("strides"))
    b, h, w, c = (int(d) for d in x.shape)
    if op.get_attr("padding").decode() == "SAME":
        (pt, pb), (pl, pr) = _same_pads(h, kh, sh), _same_pads(w, kw, sw)
    else:
        pt = pb = pl = pr = 0
    oh, ow = (h + pt + pb - kh) // sh + 1, (w + pl + pr - kw) // sw + 1
    low = _lowest_of(str(x.dtype))
    xp = ivy.pad(x, [(0, 0), (pt, pb), (pl, pr), (0, 0)], constant_values=low)
    windows = [ivy.get_item(xp, (slice(None), slice(a, a + (oh - 1) * sh + 1, sh),
                                 slice(e, e + (ow - 1) * sw + 1, sw)))
               for a in range(kh) for e in range(kw)]
    stack = ivy.stack(windows, axis=0)                              # (kh*kw, b, oh, ow, c)
    best = ivy.argmax(stack, axis=0)
    # the input position of window offset k at output (i, j), as a constant table
    ks = np.arange(kh * kw)
    ys = (np.arange(oh)[None, :, None] * sh - pt + (ks // kw)[:, None, None])
    xs = (np.arange(ow)[None, None, :] * sw - pl + (ks % kw)[:, None, None])
    pos = ys * w + xs                                               # (kh*kw, oh, ow)
    flat = ivy.asarray(pos.reshape(kh * kw, oh * ow).T.astype(np.int64))   # (oh*ow, kh*kw)
    sel = ivy.reshape(ivy.permute_dims(best, (1, 2, 0, 3)), (oh * ow, b * c))
    yx = ivy.reshape(ivy.permute_dims(ivy.take_along_axis(flat, sel, axis=1), (1, 0)),
                     (b, c, oh, ow))
    yx = ivy.permute_dims(yx, (0, 2, 3, 1))
    idx = ivy.add(ivy.multiply(yx, c), ivy.reshape(ivy.arange(c, dtype="int64"), (1, 1, 1, c)))
    if op.get_attr("include_batch_in_index"):
        base = ivy.reshape(ivy.arange(b, dtype="int64"), (b, 1, 1, 1))
        idx = ivy.add(idx, ivy.multiply(base, h * w * c))
    return ivy.max(stack, axis=0), ivy.astype(idx, op.get_attr("Targmax").name)


def _lowest_of(dtype: str):
    d = np.dtype(dtype)
    return float("-inf") if d.kind == "f" else int(np.iinfo(d).min)


__all__ = ["RULES"]
