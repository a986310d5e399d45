"""Raw op → Ivy rules for TensorFlow's remaining elementwise, scatter and layout ops that tf2onnx
converts (the coverage section of ``docs/transpiler.md``), added to :data:`.tensorflow.RULES`
(which imports this module; rule signature ``rule(op, *ivys, static)``).

Values that set an output's shape (a scatter's ``shape``, ``Bincount``'s ``size``) or a layout
(``Roll``'s shift, an axis) must not depend on the inputs: the emitted code fixes them, so one
computed from the inputs is refused (:func:`_known`).
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


__all__ = ["RULES"]
