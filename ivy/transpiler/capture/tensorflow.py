"""Capturing TensorFlow / Keras programs from the ``tf.function`` graph (raw ops).

``tf.function(fn).get_concrete_function(*specs)`` traces the program the way TensorFlow itself
does (autograph, Keras layers, variables). Its graph's operations are then evaluated in order:
the real value by running the same raw op eagerly (``tf.raw_ops.<Type>`` with the op's own
attributes), the Ivy value through :data:`RULES` (raw op → Ivy calls; inputs that are constants
in the graph — axes, shapes, permutations — are used as static values), compared
(``Shadow.check``), all inside :func:`base.trace`.

Keras variables (``ReadVariableOp`` of a captured handle) are the graph's ``params`` input, keyed
by their ``.path`` (``dense/kernel``); any other ``tf.Variable`` the program reads (a plain
function's, or one a helper closes over) is a constant of its current value. A variable is carried
as its value: a handle passed on (into a call, into a loop) stays that value, and a raw op that
needs the handle itself (TF's own ``While`` run eagerly) gets a fresh variable holding it.
Variable writes ``AssignVariableOp`` / ``AssignAddVariableOp`` / ``AssignSubVariableOp`` (at the
top level, in a called function, in a ``While`` body — threaded through the loop as the
variable's value) rebind the variable's value for the reads that follow (:class:`_Var`), as the
torch capture does for in-place writes: the transpiled function is pure, computes the same
outputs, and the report's notes name each variable the source writes. Other writes
(``ResourceScatter…``, ``ResourceApply…``, a write in a ``tf.cond`` branch) are refused loudly,
naming the op and the line. Variables created on the first call (a layer built inside the
capture) are collected after tracing. Data layout is never changed: NHWC stays NHWC.

Raw ops without a rule in :data:`RULES` go through the TensorFlow frontend's raw op of the same
name (``ivy.frontends.tensorflow.raw_ops``), checked like any rule. Shapes (``Shape``,
``ShapeN``, ``Size``, ``Rank``, ``BroadcastArgs``) are constants of the Ivy graph, also inside
loop bodies (a ``tf.shape`` of a loop variable), and an op of constants only is folded, so it
stays static for the ops that need one; a loop variable that changes shape in the body is
refused. ``TensorList`` ops (``tf.TensorArray``, Keras RNN loops) carry a list as one dense
array. Unmapped raw ops raise ``TranspileError`` naming the op and the user's line (TF keeps
the Python traceback of each graph op; for ops of a ``FunctionDef`` without one, the calling
op's line).

Function calls: ``PartitionedCall``/``StatefulPartitionedCall`` (a ``tf.function`` calling
another) are inlined: the callee ``FunctionDef`` (attr ``f``, found in the enclosing graphs'
libraries) is evaluated by a nested evaluator on the call's own inputs, in the caller's mode (op
by op checked at the top level, part of the sub-graph inside a loop body), nested calls and
loops inside callees included; constants the caller passes stay static in the callee.

Control flow: ``While``/``StatelessWhile`` (``tf.while_loop`` with tensor conditions) and
``If``/``StatelessIf`` (``tf.cond`` on a tensor predicate) become ``ivy.while_loop`` /
``ivy.cond`` nodes over their cond/body/branch ``FunctionDef``s (evaluated by a nested
evaluator), so the emitted code keeps the loop. A ``While`` whose condition is only
``counter < limit`` (the limit a constant or a loop-invariant known value, the counter starting
at a known value, stepped by a positive constant; several such conditions joined by ``and``)
becomes ``ivy.scan`` with that trip count, which JAX differentiates in reverse mode (a Keras
layer looping over the time axis). Raw-op table: ``tests/transpiler/tensorflow/test_raw_ops.py``.
"""

from __future__ import annotations

import inspect

import numpy as np
import optree
import tensorflow as tf

import ivy

from ... import _frames
from ...array_object import Array
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from . import tensorflow_array_ops as _array_ops
from . import tensorflow_reductions as _reductions
from .base import Evaluator, Rules, Shadow, ivy_numpy, plain_structure, trace

_PASS = {"Identity", "IdentityN", "StopGradient", "Snapshot", "PreventGradient",
         "EnsureShape", "CheckNumerics"}
_SKIP = {"NoOp", "Assert", "AssertGuard"}


def _line(op) -> str | None:
    """The user's line of a graph op (TensorFlow keeps the Python traceback of each one)."""
    try:
        tb = op.traceback
    except Exception:  # noqa: BLE001
        return None
    return _frames.user_line(tb)


# -- rules: raw op -> Ivy -----------------------------------------------------------------------
#: the raw op → Ivy table; raw ops without a rule: the frontend's raw op (:func:`frontend_rule`)
RULES = Rules(__name__, fallback=lambda name: frontend_rule(name))
rule = RULES.rule
RULES.update(_reductions.RULES)  # segment reductions, cumulative log-sum-exp
RULES.update(_array_ops.RULES)   # the rest of the elementwise, scatter and layout ops


def _binary(fn_name):
    fn = getattr(ivy, fn_name)

    def r(op, x, y, **_):
        return fn(x, y)
    r.ivy_mapping = f"ivy.{fn_name}"
    return r


for _tf, _iv in {"AddV2": "add", "Add": "add", "Sub": "subtract", "Mul": "multiply",
                 "RealDiv": "divide",
                 "Pow": "pow", "FloorDiv": "floor_divide", "FloorMod": "remainder",
                 "Less": "less", "LessEqual": "less_equal", "Greater": "greater",
                 "GreaterEqual": "greater_equal", "Equal": "equal", "NotEqual": "not_equal",
                 "LogicalAnd": "logical_and", "LogicalOr": "logical_or", "Atan2": "atan2",
                 "BitwiseAnd": "bitwise_and", "BitwiseOr": "bitwise_or"}.items():
    RULES[_tf] = _binary(_iv)


def _tf_extremum(x, y, take_x):
    """TF's ``Maximum``/``Minimum`` with TF's gradient: the incoming gradient goes to ``x`` where
    ``take_x`` (``x >= y``; ``x <= y`` for the minimum), else to ``y`` -- ties included, where
    JAX's ``max``/``min`` split it in halves (``tf.maximum(h, 0.)`` with ``h`` exactly 0: a zero
    bias on a zero input row). At a NaN ``x`` the comparison is False: the value is NaN and, as in
    TF, the gradient goes to ``y``; a NaN ``y`` is selected. Infinities select as any value."""
    x, y = ivy.asarray(x), ivy.asarray(y)
    if not ivy.isdtype(x.dtype, "real floating"):
        return (ivy.maximum if take_x is ivy.greater_equal else ivy.minimum)(x, y)
    nan_x = ivy.where(ivy.isnan(x), ivy.stop_gradient(x), ivy.zeros_like(x))
    return ivy.where(take_x(x, y), x, ivy.add(y, nan_x))


@rule("Maximum")
def maximum(op, x, y, **_):
    return _tf_extremum(x, y, ivy.greater_equal)


@rule("Minimum")
def minimum(op, x, y, **_):
    return _tf_extremum(x, y, ivy.less_equal)


def _unary(fn_name):
    fn = ivy.__dict__.get(fn_name) or getattr(ivy, fn_name)

    def r(op, x, **_):
        return fn(x)
    r.ivy_mapping = f"ivy.{fn_name}"
    return r


for _tf, _iv in {"Neg": "negative", "Exp": "exp", "Log": "log", "Sqrt": "sqrt",
                 "Square": "square", "Tanh": "tanh", "Sigmoid": "sigmoid", "Relu": "relu",
                 "Abs": "abs", "Sin": "sin", "Cos": "cos", "Erf": "erf", "Floor": "floor",
                 "Ceil": "ceil", "Round": "round", "Log1p": "log1p", "Expm1": "expm1",
                 "Sign": "sign", "LogicalNot": "logical_not", "Softplus": "softplus",
                 "IsNan": "isnan", "IsFinite": "isfinite", "Elu": "elu", "Selu": "selu",
                 "Atan": "atan", "Asin": "asin", "Acos": "acos", "Sinh": "sinh",
                 "Cosh": "cosh"}.items():
    if hasattr(ivy, _iv):
        RULES[_tf] = _unary(_iv)


def _trunc_div(x, y):
    """Integer division rounding toward zero (C), unlike FloorDiv: the floor, plus one where the
    signs differ and the division is not exact."""
    q = ivy.floor_divide(x, y)
    inexact = ivy.logical_and(ivy.not_equal(ivy.remainder(x, y), 0),
                              ivy.not_equal(ivy.less(x, 0), ivy.less(y, 0)))
    return ivy.where(inexact, ivy.add(q, ivy.ones_like(q)), q)


@rule("Div", "TruncateDiv")
def div(op, x, y, **_):
    if "int" in str(x.dtype):
        return _trunc_div(x, y)
    return ivy.trunc(ivy.divide(x, y)) if op.type == "TruncateDiv" else ivy.divide(x, y)


@rule("Rsqrt")
def rsqrt(op, x, **_):
    return ivy.divide(1.0, ivy.sqrt(x))


@rule("Reciprocal", "Inv")
def reciprocal(op, x, **_):
    return ivy.divide(1.0, x)


@rule("SquaredDifference")
def squared_difference(op, x, y, **_):
    return ivy.square(ivy.subtract(x, y))


@rule("Relu6")
def relu6(op, x, **_):
    # TF's derivative (Relu6Grad) is 1 only strictly inside (0, 6): at x == 0 exactly (common:
    # a ReLU'd or padded zero) it is 0, where a clip's derivative is 1 or, on JAX, 1/2
    inside = ivy.logical_and(ivy.greater(x, 0), ivy.less(x, 6))
    return ivy.where(inside, x, ivy.stop_gradient(ivy.clip(x, 0.0, 6.0)))


@rule("LeakyRelu")
def leaky_relu(op, x, **_):
    return ivy.leaky_relu(x, alpha=op.get_attr("alpha"))


@rule("MatMul")
def matmul(op, a, b, **_):
    if op.get_attr("transpose_a"):
        a = ivy.matrix_transpose(a)
    if op.get_attr("transpose_b"):
        b = ivy.matrix_transpose(b)
    return ivy.matmul(a, b)


@rule("BatchMatMulV2", "BatchMatMulV3", "BatchMatMul")
def batch_matmul(op, a, b, **_):
    if op.get_attr("adj_x"):  # the adjoint: conjugated for complex operands
        a = ivy.matrix_transpose(ivy.conj(a) if "complex" in str(a.dtype) else a)
    if op.get_attr("adj_y"):
        b = ivy.matrix_transpose(ivy.conj(b) if "complex" in str(b.dtype) else b)
    return ivy.matmul(a, b)


@rule("BiasAdd", "BiasAddV1")
def bias_add(op, x, b, **_):
    fmt = op.get_attr("data_format").decode() if op.type == "BiasAdd" else "NHWC"
    if fmt.startswith("NC") and x.ndim > 2:
        b = ivy.reshape(b, (-1,) + (1,) * (x.ndim - 2))
    return ivy.add(x, b)


def _fmt(op):
    return op.get_attr("data_format").decode()


def _spatial(v, fmt):
    v = list(v)
    return v[1:-1] if fmt.startswith("N") and not fmt.startswith("NC") else v[2:]


def _padding(op):
    p = op.get_attr("padding").decode()
    if p == "EXPLICIT":
        ep = list(op.get_attr("explicit_paddings"))
        pairs = [(ep[i], ep[i + 1]) for i in range(0, len(ep), 2)]
        return _spatial(pairs, _fmt(op))
    return p


@rule("Conv2D")
def conv2d(op, x, w, **_):
    fmt = _fmt(op)
    # a grouped convolution (Keras Conv2D(groups=g), ConvNeXt's depthwise 7x7) is a Conv2D whose
    # filter has in_channels / g input channels
    channels = x.shape[-1] if fmt == "NHWC" else x.shape[1]
    groups = int(channels) // int(w.shape[2])
    return ivy.conv2d(x, w, strides=_spatial(op.get_attr("strides"), fmt), padding=_padding(op),
                      dilations=_spatial(op.get_attr("dilations"), fmt), groups=groups,
                      data_format="channel_last" if fmt == "NHWC" else "channel_first")


@rule("Conv3DBackpropInputV2")
def conv3d_backprop_input(op, sizes, w, dy, *, static, **_):
    """Keras ``Conv3DTranspose`` / ``tf.nn.conv3d_transpose``: the frontend's transposed
    convolution (the output size from the constant ``input_sizes``, as TF's kernel takes it)."""
    from ivy.frontends.tensorflow import nn as tfnn
    from ivy.frontends.tensorflow._core import wrap
    if static[0] is None:
        raise NotImplementedError("Conv3DBackpropInputV2 with a computed input_sizes")
    r = tfnn.conv3d_transpose(wrap(dy), wrap(w), [int(v) for v in np.asarray(static[0])],
                              list(op.get_attr("strides")), op.get_attr("padding").decode(),
                              data_format=op.get_attr("data_format").decode(),
                              dilations=list(op.get_attr("dilations")))
    return r._data


@rule("DepthwiseConv2dNative")
def depthwise(op, x, w, **_):
    fmt = _fmt(op)
    kh, kw, c, m = w.shape
    w2 = ivy.reshape(w, (kh, kw, 1, c * m))
    return ivy.conv2d(x, w2, strides=_spatial(op.get_attr("strides"), fmt), padding=_padding(op),
                      dilations=_spatial(op.get_attr("dilations"), fmt), groups=c,
                      data_format="channel_last" if fmt == "NHWC" else "channel_first")


@rule("MaxPool", "AvgPool")
def pool(op, x, **_):
    fmt = _fmt(op)
    fn = ivy.max_pool2d if op.type == "MaxPool" else ivy.avg_pool2d
    return fn(x, _spatial(op.get_attr("ksize"), fmt),
              strides=_spatial(op.get_attr("strides"), fmt), padding=_padding(op),
              data_format="channel_last" if fmt == "NHWC" else "channel_first")


@rule("Softmax")
def softmax(op, x, **_):
    return ivy.softmax(x, axis=-1)


@rule("LogSoftmax")
def log_softmax(op, x, **_):
    return ivy.log_softmax(x, axis=-1)


def _axes(v):
    a = np.asarray(v).reshape(-1).tolist()
    return tuple(int(i) for i in a)


def _reduce(fn_name):
    fn = getattr(ivy, fn_name)

    def r(op, x, axis, *, static, **_):
        kw = {"dtype": x.dtype} if fn_name in ("sum", "prod") else {}  # TF keeps the dtype
        ax, keep = _axes(static[1]), bool(op.get_attr("keep_dims"))
        if fn_name == "mean" and "int" in str(x.dtype):  # an integer mean truncates (C)
            n = int(np.prod([x.shape[a] for a in ax])) if ax else 1
            total = ivy.sum(x, axis=ax, keepdims=keep, dtype=x.dtype)
            return _trunc_div(total, ivy.full_like(total, max(n, 1)))
        return fn(x, axis=ax, keepdims=keep, **kw)
    r.ivy_mapping = f"ivy.{fn_name}"
    return r


for _tf, _iv in {"Sum": "sum", "Mean": "mean", "Max": "max", "Min": "min", "Prod": "prod",
                 "All": "all", "Any": "any"}.items():
    RULES[_tf] = _reduce(_iv)


@rule("ArgMax", "ArgMin")
def argmax(op, x, axis, *, static, **_):
    fn = ivy.argmax if op.type == "ArgMax" else ivy.argmin
    r = fn(x, axis=int(np.asarray(static[1])))
    return ivy.astype(r, op.get_attr("output_type").name)


@rule("Reshape")
def reshape(op, x, shape, *, static, **_):
    return ivy.reshape(x, _axes(static[1]))


@rule("Transpose")
def transpose(op, x, perm, *, static, **_):
    return ivy.permute_dims(x, _axes(static[1]))


@rule("ExpandDims")
def expand_dims(op, x, axis, *, static, **_):
    return ivy.expand_dims(x, axis=int(np.asarray(static[1]).reshape(-1)[0]))


@rule("Squeeze")
def squeeze(op, x, **_):
    dims = tuple(op.get_attr("squeeze_dims"))
    if not dims:
        dims = tuple(i for i, s in enumerate(x.shape) if s == 1)
    return ivy.squeeze(x, axis=dims)


@rule("ConcatV2")
def concat(op, *xs, static, **_):
    return ivy.concat(list(xs[:-1]), axis=int(np.asarray(static[-1])))


@rule("Pack")
def pack(op, *xs, **_):
    return ivy.stack(list(xs), axis=op.get_attr("axis"))


@rule("Unpack")
def unpack(op, x, **_):
    axis = op.get_attr("axis")
    return tuple(ivy.get_item(x, (slice(None),) * (axis % x.ndim) + (i,))
                 for i in range(x.shape[axis]))


@rule("Cast")
def cast(op, x, **_):
    return ivy.astype(x, op.get_attr("DstT").name)


@rule("Tile")
def tile(op, x, m, *, static, **_):
    return ivy.tile(x, _axes(static[1]))


@rule("Pad", "PadV2", "MirrorPad")
def pad(op, x, p, *rest, static, **_):
    pads = [tuple(int(v) for v in row) for row in np.asarray(static[1])]
    if op.type == "MirrorPad":
        mode = op.get_attr("mode").decode().lower()
        return ivy.pad(x, pads, mode="reflect" if mode == "reflect" else "symmetric")
    value = float(np.asarray(static[2])) if op.type == "PadV2" else 0
    return ivy.pad(x, pads, mode="constant", constant_values=value)


@rule("SelectV2", "Select")
def select(op, c, a, b, **_):
    if op.type == "Select" and c.ndim == 1 and a.ndim > 1:  # Select's vector picks rows
        c = ivy.reshape(c, (-1,) + (1,) * (a.ndim - 1))
    return ivy.where(c, a, b)


@rule("GatherV2")
def gather(op, params, indices, axis, *, static, **_):
    if op.get_attr("batch_dims"):
        raise NotImplementedError("GatherV2 with batch_dims")
    return ivy.take(params, indices, axis=int(np.asarray(static[2])))


@rule("ZerosLike")
def zeros_like(op, x, **_):
    return ivy.zeros_like(x)


@rule("OnesLike")
def ones_like(op, x, **_):
    return ivy.ones_like(x)


@rule("ClipByValue")
def clip_by_value(op, x, lo, hi, **_):
    # TF's gradient: to x unless x < lo or x > hi (at the bounds too, where a JAX max/min
    # splits it), to lo where x < lo, to hi where x > hi; a NaN x stays, a NaN bound is ignored
    below, above = ivy.less(x, lo), ivy.greater(x, hi)
    return ivy.where(below, ivy.broadcast_to(lo, below.shape),
                     ivy.where(above, ivy.broadcast_to(hi, above.shape), x))


@rule("StridedSlice")
def strided_slice(op, x, b, e, s, *, static, **_):
    if static[1] is None or static[2] is None:
        return _dynamic_index(op, x, b, static)
    begin, end, strides = (np.asarray(v).reshape(-1).tolist() for v in static[1:4])
    bm, em = op.get_attr("begin_mask"), op.get_attr("end_mask")
    el, na, sh = (op.get_attr("ellipsis_mask"), op.get_attr("new_axis_mask"),
                  op.get_attr("shrink_axis_mask"))
    key = []
    for i, (bb, ee, ss) in enumerate(zip(begin, end, strides, strict=True)):
        bit = 1 << i
        if el & bit:
            key.append(Ellipsis)
        elif na & bit:
            key.append(None)
        elif sh & bit:
            key.append(int(bb))
        else:
            key.append(slice(None if bm & bit else int(bb), None if em & bit else int(ee),
                             int(ss)))
    return ivy.get_item(x, tuple(key))


def _dynamic_index(op, x, b, static):
    """``x[i]`` / ``x[i, j]`` with computed indices (a loop counter): every sliced axis a single
    index (shrink_axis_mask), no other mask; one ``take`` per axis (negative indices wrap)."""
    n = int(b.shape[0]) if b.ndim else 1
    masks = [op.get_attr(m) for m in ("begin_mask", "end_mask", "ellipsis_mask",
                                      "new_axis_mask")]
    if any(masks) or op.get_attr("shrink_axis_mask") != (1 << n) - 1:
        raise NotImplementedError("StridedSlice with computed bounds other than single indices")
    out = x
    for k in range(n):
        i = ivy.reshape(ivy.get_item(b, (k,)) if b.ndim else b, (1,))
        i = ivy.where(ivy.less(i, 0), ivy.add(i, int(out.shape[0])), i)
        out = ivy.take(out, i, axis=0)
        out = ivy.reshape(out, tuple(out.shape[1:]))
    return out


@rule("FusedBatchNormV3", "FusedBatchNorm", "FusedBatchNormV2")
def fused_bn(op, x, scale, offset, mean, var, **_):
    if op.get_attr("is_training"):
        raise NotImplementedError("FusedBatchNorm in training mode (call the model with "
                                  "training=False)")
    eps = op.get_attr("epsilon")
    y = ivy.add(ivy.multiply(ivy.divide(ivy.subtract(x, mean), ivy.sqrt(ivy.add(var, eps))),
                             scale), offset)
    return (y, None, None, None, None, None)[:len(op.outputs)]


@rule("ReverseV2")
def reverse(op, x, axis, *, static, **_):
    return ivy.flip(x, axis=_axes(static[1]))


@rule("Slice")
def slice_(op, x, begin, size, *, static, **_):
    b, n = _axes(static[1]), _axes(static[2])
    return ivy.get_item(x, tuple(slice(bb, None if nn == -1 else bb + nn)
                                 for bb, nn in zip(b, n, strict=True)))


@rule("SoftmaxCrossEntropyWithLogits")
def softmax_xent(op, logits, labels, **_):
    loss = ivy.negative(ivy.sum(ivy.multiply(labels, ivy.log_softmax(logits, axis=-1)), axis=-1))
    return loss, ivy.subtract(ivy.softmax(logits, axis=-1), labels)


@rule("Einsum")
def einsum(op, *xs, **_):
    return ivy.einsum(op.get_attr("equation").decode(), *xs)


@rule("Svd")
def svd(op, x, **_):
    """TF's ``Svd`` gives (s, u, v); without ``compute_uv`` its u and v are placeholders, not
    computed here (None: unchecked, an error only if used)."""
    if not op.get_attr("compute_uv"):
        return ivy.linalg.svdvals(x), None, None
    u, s, vh = ivy.linalg.svd(x, full_matrices=bool(op.get_attr("full_matrices")))
    return s, u, ivy.conj(ivy.matrix_transpose(vh)) if "complex" in str(x.dtype) \
        else ivy.matrix_transpose(vh)


@rule("SelfAdjointEigV2")
def self_adjoint_eig(op, x, **_):
    """TF reads the lower triangle only (JAX's eigh would symmetrize the whole matrix): the
    Hermitian matrix of that triangle is decomposed."""
    low = ivy.tril(x, k=-1)
    low_t = ivy.matrix_transpose(ivy.conj(low) if "complex" in str(x.dtype) else low)
    x = ivy.add(ivy.tril(x), low_t)
    if not op.get_attr("compute_v"):
        return ivy.linalg.eigvalsh(x), None
    e, v = ivy.linalg.eigh(x)
    return e, v


#: decompositions whose vectors are unique only up to each column's sign (phase): op type ->
#: (the outputs holding vectors, whose columns share one sign; the attribute that computes them)
_SIGN_CHOICE = {"Svd": ((1, 2), "compute_uv"), "SelfAdjointEigV2": ((1,), "compute_v")}


def _adopt_signs(op, real, res):
    """TF's singular/eigen vectors and Ivy's may differ by a sign (a phase) per column, both
    valid. When that is the only difference, TF's run continues with Ivy's vectors, so the ops
    after it are checked like with like; the end-to-end check, against TF's own run, then
    refuses the transpile if the program's outputs depend on the signs (returning ``u`` does;
    a reconstruction or ``pinv`` does not). Anything else (another basis of a repeated value,
    ``full_matrices`` completions) is left to the per-op check, which refuses it."""
    which, attr = _SIGN_CHOICE[op.type]
    if not op.get_attr(attr) or (op.type == "Svd" and op.get_attr("full_matrices")):
        return real
    pairs = []
    for i in which:
        if real[i] is None or res[i] is None:
            return real
        r = np.asarray(real[i])
        g = np.asarray(ivy_numpy(res[i]))
        if r.shape != g.shape or r.dtype != g.dtype or r.size == 0:
            return real
        pairs.append((r, g))
    # one sign (phase) per column, from the first output's columns
    r0, g0 = pairs[0]
    dot = np.sum(np.conj(r0) * g0, axis=-2, keepdims=True)
    mag = np.abs(dot)
    if np.any(mag < 0.5):  # not the same column up to a sign: another basis
        return real
    phase = dot / mag
    tol = fw.OP_RTOL.get(r0.dtype.name, 1e-3)
    for r, g in pairs:
        if not np.allclose(r * phase, g, rtol=tol, atol=tol * max(float(np.abs(g).max()), 1.0)):
            return real
    out = list(real)
    for i, (_, g) in zip(which, pairs, strict=True):
        out[i] = tf.constant(g)
    return out


@rule("ComplexAbs")
def complex_abs(op, x, **_):
    return ivy.abs(x)


@rule("ExtractImagePatches")
def extract_image_patches(op, x, **_):
    """Each output pixel holds its (kh, kw, c) window flattened in that order: strided slices of
    the (SAME-padded) input, one per window offset, concatenated on the channel axis."""
    kh, kw = list(op.get_attr("ksizes"))[1:3]
    sh, sw = list(op.get_attr("strides"))[1:3]
    rh, rw = list(op.get_attr("rates"))[1:3]
    h, w = int(x.shape[1]), int(x.shape[2])
    ekh, ekw = (kh - 1) * rh + 1, (kw - 1) * rw + 1
    if op.get_attr("padding").decode() == "SAME":
        oh, ow = -(-h // sh), -(-w // sw)
        ph, pw = max((oh - 1) * sh + ekh - h, 0), max((ow - 1) * sw + ekw - w, 0)
        x = ivy.pad(x, [(0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2), (0, 0)])
    else:
        oh, ow = (h - ekh) // sh + 1, (w - ekw) // sw + 1
    pieces = [ivy.get_item(x, (slice(None), slice(i * rh, i * rh + (oh - 1) * sh + 1, sh),
                               slice(j * rw, j * rw + (ow - 1) * sw + 1, sw), slice(None)))
              for i in range(kh) for j in range(kw)]
    return ivy.concat(pieces, axis=-1)


# -- TensorArray / TensorList (tf.TensorArray, Keras RNN loops): a list of n elements of one
# known shape is carried as one dense array of shape (n, *element_shape); a write at a (traced)
# index is a masked select, a read a take, stack the array itself.
def _element_shape(op, static, i):
    v = static[i]
    if v is None:
        raise NotImplementedError(f"{op.type} with an element shape not known statically")
    shp = [int(d) for d in np.asarray(v).reshape(-1)]
    if np.asarray(v).ndim == 0 or any(d < 0 for d in shp):
        raise NotImplementedError(f"{op.type} with an element shape not fully known "
                                  f"({np.asarray(v).tolist()})")
    return tuple(shp)


def _written_shape(t):
    """The static shape of the items written into the list ``t`` (a ``TensorArray`` whose
    element shape was left open: Keras' RNN outputs) — by the ``TensorListSetItem`` ops of the
    loop body it is passed to, else None."""
    def src(x):
        while x.op.type in ("Identity", "Snapshot") and x.op.inputs:
            x = x.op.inputs[0]
        return x

    for c in t.consumers():
        cands = []
        if c.type == "TensorListSetItem":
            cands = [c]
        elif c.type in ("While", "StatelessWhile"):
            k = [i for i, x in enumerate(c.inputs) if x is t]
            try:
                body = c.graph._get_function(c.get_attr("body").name).graph
            except Exception:  # noqa: BLE001
                continue
            phs = {body.inputs[i].name for i in k}
            cands = [b for b in body.get_operations() if b.type == "TensorListSetItem"
                     and src(b.inputs[0]).name in phs]
        for b in cands:
            if b.inputs[2].shape.is_fully_defined():
                return tuple(int(d) for d in b.inputs[2].shape)
    return None


@rule("TensorListReserve")
def tensor_list_reserve(op, shape, n, *, static, **_):
    if static[1] is None:
        raise NotImplementedError("TensorListReserve with a length not known statically")
    try:
        elem = _element_shape(op, static, 0)
    except NotImplementedError:
        if not op.outputs[0].consumers():  # an unused TensorArray (Keras makes one)
            return None
        elem = _written_shape(op.outputs[0])
        if elem is None:
            raise
    return ivy.zeros((int(np.asarray(static[1])), *elem),
                     dtype=op.get_attr("element_dtype").name)


@rule("TensorListFromTensor")
def tensor_list_from_tensor(op, x, shape, **_):
    return ivy.reshape(x, tuple(x.shape))


@rule("TensorListStack")
def tensor_list_stack(op, lst, shape, **_):
    return ivy.reshape(lst, tuple(lst.shape))


@rule("TensorListGetItem")
def tensor_list_get_item(op, lst, index, shape, **_):
    got = ivy.take(lst, ivy.reshape(index, (1,)), axis=0)
    return ivy.reshape(got, tuple(lst.shape[1:]))


@rule("TensorListSetItem")
def tensor_list_set_item(op, lst, index, item, **_):
    n = int(lst.shape[0])
    hit = ivy.equal(ivy.arange(n, dtype=str(index.dtype)), index)
    hit = ivy.reshape(hit, (n,) + (1,) * (lst.ndim - 1))
    return ivy.where(hit, ivy.expand_dims(item, axis=0), lst)


@rule("TensorListLength")
def tensor_list_length(op, lst, **_):
    return ivy.asarray(int(lst.shape[0]), dtype="int32")


def _dense(real, dtype):
    """A TensorList's real value as the dense array it stands for (for the checks)."""
    if getattr(real, "dtype", None) != tf.variant:
        return real
    return tf.raw_ops.TensorListStack(input_handle=real, element_shape=-1,
                                      element_dtype=tf.as_dtype(dtype))


@rule("ResizeBicubic", "ResizeArea", "ScaleAndTranslate")
def resize_separable(op, x, *rest, static, **_):
    """Resizes TF computes axis by axis with weights that depend only on the sizes and the op's
    attributes (bicubic, area, and ``ScaleAndTranslate``: lanczos/gaussian/mitchell kernels and
    antialiased bilinear): each axis is one constant matrix, read off TF's own kernel run on
    one-hot images of that axis (shapes only, no data), applied with ``einsum``."""
    if any(v is None for v in static[1:]):
        raise NotImplementedError(f"{op.type} with a size not known statically")
    h, w = int(x.shape[1]), int(x.shape[2])

    def run(axis, n):  # one-hot along ``axis``, all ones along the other: (n, out_h, out_w)
        basis = np.zeros((n, h, w, 1), np.float32)
        if axis == 1:
            basis[np.arange(n), np.arange(n), :, 0] = 1.0
        else:
            basis[np.arange(n), :, np.arange(n), 0] = 1.0
        out = _real_op(op, [tf.constant(basis), *(tf.constant(v) for v in static[1:])])[0]
        return np.asarray(out, np.float64)[..., 0]

    # out_h[k, o, p] = Mh[o, k] * sw[p], out_w[k, o, p] = sh[o] * Mw[p, k], sum_k out_h = sh * sw
    out_h, out_w = run(1, h), run(2, w)
    total = out_h.sum(axis=0)
    o, p = np.unravel_index(np.argmax(np.abs(total)), total.shape)
    mh = np.ascontiguousarray(out_h[:, :, p].T).astype(np.float32)
    mw = np.ascontiguousarray(out_w[:, o, :].T / total[o, p]).astype(np.float32)
    y = ivy.astype(x, "float32") if str(x.dtype) != "float32" else x
    y = ivy.einsum("oh,bhwc->bowc", ivy.asarray(mh), y)
    return ivy.einsum("pw,bowc->bopc", ivy.asarray(mw), y)


#: raw ops whose value is a shape: constants of the graph (an Ivy graph's shapes are static),
#: computed from the Ivy values' shapes (or the static shapes they are given)
_SHAPE_OPS = {"Shape", "ShapeN", "Size", "Rank", "BroadcastArgs", "TensorListLength"}


def _shape_values(op, ivys, static):
    if op.type in ("Shape", "ShapeN", "Size"):
        dt = op.get_attr("out_type").as_numpy_dtype
        shapes = [tuple(int(d) for d in v.shape) for v in ivys]
        if op.type == "Size":
            return [np.asarray(int(np.prod(shapes[0])), dt)]
        return [np.asarray(sh, dt) for sh in shapes]
    if op.type == "Rank":
        return [np.asarray(len(ivys[0].shape), np.int32)]
    if op.type == "TensorListLength":  # the dense array's rows
        return [np.asarray(int(ivys[0].shape[0]), np.int32)]
    if any(v is None for v in static):  # BroadcastArgs of shapes not known statically
        return None
    dt = op.get_attr("T").as_numpy_dtype
    return [np.asarray(np.broadcast_shapes(*(tuple(int(d) for d in np.asarray(v).reshape(-1))
                                             for v in static)), dt)]


# -- evaluation -----------------------------------------------------------------------------------
def _is_resource(t) -> bool:
    return getattr(t, "dtype", None) == tf.resource


def _as_handle(real, keep: list):
    """A resource input for running a raw op eagerly: the evaluation carries a variable as its
    value (what ``ReadVariableOp`` gives), so a raw op that takes the handle (a ``While``/``If``
    whose function reads it) gets a fresh variable holding that value."""
    if real is None or _is_resource(real):
        return real
    var = tf.Variable(real, trainable=False)
    keep.append(var)
    return var.handle


def _read(real, dtype=None):
    """The value behind a resource handle (a raw op's resource output), else ``real``."""
    if not _is_resource(real):
        return real
    try:
        dtype = tf.as_dtype(real._handle_data.shape_and_type[0].dtype)
    except Exception:  # noqa: BLE001 - no handle data: the Ivy side's dtype
        dtype = tf.as_dtype(dtype)
    return tf.raw_ops.ReadVariableOp(resource=real, dtype=dtype)


def _real_op(op, inputs, keep=None):
    """Run the raw op eagerly with the graph op's own attributes."""
    fn = getattr(tf.raw_ops, op.type)
    if keep is not None:
        inputs = [_as_handle(x, keep) if t.dtype == tf.resource else x
                  for x, t in zip(inputs, op.inputs, strict=True)]
    out = fn(**_raw_kwargs(op, inputs))
    if isinstance(out, (list, tuple)):
        return list(out)
    return [out]


def _raw_kwargs(op, inputs) -> dict:
    """The keyword arguments of ``tf.raw_ops.<op.type>`` for ``op``: ``inputs`` by the Python
    parameter names, then the graph op's own attributes."""
    fn = getattr(tf.raw_ops, op.type)
    params = list(inspect.signature(fn).parameters)
    kwargs, idx = {}, 0
    # the raw op's Python parameters list the inputs first, in the op definition's order (their
    # names may differ: Prod's reduction_indices is `axis`), then the attributes by name
    for pname, arg in zip(params, op.op_def.input_arg, strict=False):
        if arg.number_attr or arg.type_list_attr:
            n = op.get_attr(arg.number_attr) if arg.number_attr else \
                len(op.get_attr(arg.type_list_attr))
            kwargs[pname] = list(inputs[idx:idx + n])
            idx += n
        else:
            kwargs[pname] = inputs[idx]
            idx += 1
    rest = [p for p in params if p not in kwargs and p != "name"]
    for name in rest:
        if name in op.node_def.attr:
            kwargs[name] = op.get_attr(name)
    # an attribute whose Python name differs from the op definition's (Squeeze's `axis` is
    # `squeeze_dims`): the remaining ones in the wrapper's order (those without a default first)
    py = [p for p in rest if p not in kwargs]
    if py:
        inferred = {n for a in op.op_def.input_arg
                    for n in (a.type_attr, a.number_attr, a.type_list_attr) if n}
        left = [a for a in op.op_def.attr if a.name not in inferred and a.name not in params]
        left.sort(key=lambda a: a.HasField("default_value"))
        if len(left) == len(py):
            for p, a in zip(py, left, strict=True):
                kwargs[p] = op.get_attr(a.name)
    return kwargs


# -- the fallback: the TensorFlow frontend's raw op of the same name ------------------------------
def _frontend_attr(v):
    """A graph attribute as the frontend's raw ops take it (dtypes as frontend dtypes, strings
    as str)."""
    from ivy.frontends.tensorflow._core import as_dtype
    if isinstance(v, tf.DType):
        return as_dtype(v.name)
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, tf.TensorShape):
        return None if v.rank is None else [-1 if d is None else int(d) for d in v]
    if isinstance(v, list):
        return [_frontend_attr(e) for e in v]
    return v


def frontend_rule(name: str):
    """A rule running ``ivy.frontends.tensorflow.raw_ops.<name>`` (TensorFlow's semantics
    re-implemented on Ivy), for raw ops without an explicit rule; None if the frontend has none.
    Its result is checked against the raw op like any rule's."""
    from ivy.frontends.tensorflow import raw_ops as fro
    from ivy.frontends.tensorflow._core import Tensor, wrap
    fn = getattr(fro, name, None)
    if not callable(fn) or name in _CONTROL or name in _CALL or name.startswith(_WRITE_PREFIXES):
        return None

    def conv(v):
        return wrap(v) if v is not None and not isinstance(v, (list, tuple)) else \
            [conv(e) for e in v] if isinstance(v, (list, tuple)) else v

    def unconv(v):
        if isinstance(v, Tensor):
            return v._data
        if isinstance(v, (list, tuple)):
            return tuple(unconv(e) for e in v)
        return v

    def r(op, *ivys, **_):
        kw = _raw_kwargs(op, list(ivys))
        names = {a.name for a in op.op_def.attr}
        kw = {k: (_frontend_attr(v) if k in names or k not in _input_params(op) else conv(v))
              for k, v in kw.items()}
        return unconv(fn(**kw))
    r.ivy_mapping = f"ivy.frontends.tensorflow.raw_ops.{name}"
    return r


def _input_params(op) -> set:
    """The Python parameter names of ``tf.raw_ops.<op.type>`` that are inputs (not attributes)."""
    params = list(inspect.signature(getattr(tf.raw_ops, op.type)).parameters)
    return set(params[:len(op.op_def.input_arg)])


_CONTROL = {"While", "StatelessWhile", "If", "StatelessIf"}
_CALL = {"PartitionedCall", "StatefulPartitionedCall"}
#: raw ops that write a variable (with a resource input): refused, the transpiled code is pure
_WRITE_PREFIXES = ("Assign", "ResourceScatter", "ResourceApply", "ResourceSparseApply",
                   "ResourceStridedSliceAssign")


def _writes(op) -> bool:
    return op.type.startswith(_WRITE_PREFIXES) and any(t.dtype == tf.resource
                                                       for t in op.inputs)


#: variable writes the capture follows (the write's value is what later reads see)
_ASSIGN = {"AssignVariableOp": None, "AssignAddVariableOp": ("AddV2", "add"),
           "AssignSubVariableOp": ("Sub", "subtract")}


class _Var:
    """A variable during evaluation: its current value as a (real, ivy) pair, rebound by the
    writes the program makes (a read after a write sees the written value). It unpacks like the
    pair, and a handle passed on (Identity, a call's argument) is the same object, so a write
    through any of them is seen by all."""

    __slots__ = ("real", "iv", "name")

    def __init__(self, real, iv, name):
        self.real, self.iv, self.name = real, iv, name

    def __iter__(self):
        return iter((self.real, self.iv))

    def __getitem__(self, i):
        return (self.real, self.iv)[i]


def _np(x):
    """A real value as NumPy for a rule's ``static`` (None for a resource or a missing value)."""
    if x is None or _is_resource(x) or getattr(x, "dtype", None) == tf.variant:
        return None
    return np.asarray(x)


class _Eval(Evaluator):
    """Evaluates a graph on ``(real, ivy)`` pairs (:class:`base.Evaluator`): the graph's ops in
    order, each raw op through :data:`RULES` (its type is the key; inputs known without running
    the graph are its static arguments). ``real=False``: inside a loop's callable run by
    the backend's real loop (recording suspended), where no real values exist: the Ivy side only,
    no per-op check (the loop node's outputs are checked as a whole). ``sub``: evaluating a
    function body (a loop's cond/body, a branch): static values come only from ``Const`` ops (and
    from the caller's constants fed to a called function: ``consts``), so a value computed in the
    body (a loop counter) is never baked in. ``at``: the calling op's line, for ops of a
    ``FunctionDef`` that carry no Python traceback; ``where``: " inside ..." for messages."""

    def __init__(self, shadow: Shadow, real: bool = True, sub: bool = False, library=None,
                 consts: dict | None = None, at: str | None = None, where: str = "",
                 writes: bool = False):
        super().__init__(shadow, real, at)
        self.writes = writes  # a loop body: its variable writes are threaded through the loop
        self.sub = sub
        self.library = library or []
        self.consts = consts or {}
        self.where = where

    def source_line(self, op) -> str | None:
        return _line(op)

    def static(self, t):
        """``t``'s value if it is known without running the graph (a ``Const``, through
        ``Identity``, or a constant the caller passed to this function), else None."""
        while t.op.type in ("Identity", "Snapshot") and t.op.inputs:
            t = t.op.inputs[0]
        if t.op.type == "Const":
            return tf.make_ndarray(t.op.get_attr("value"))
        return self.consts.get(t.name)

    def run(self, graph, feeds: dict):
        env = dict(feeds)  # graph tensor name -> (real eager tensor, ivy value)
        if not self.library:
            self.library = [graph]
        for op in graph.get_operations():
            if op.type == "Placeholder" or op.outputs and all(o.name in env for o in op.outputs):
                continue
            if op.type in _SKIP:
                continue
            if _writes(op) and op.type in _ASSIGN and (not self.sub or self.writes) \
                    and isinstance(env.get(op.inputs[0].name), _Var):
                self.assign(op, env[op.inputs[0].name], env[op.inputs[1].name])
                continue
            if _writes(op):
                raise self.s.error(
                    f"it writes a tf.Variable{self.where}: the transpiled code is a pure function "
                    "of its inputs and parameters and cannot update a variable (compute the new "
                    "value and return it instead)", op=f"tf.raw_ops.{op.type}",
                    line=self.line(op))
            ins = [env[t.name] for t in op.inputs]
            if op.type == "Const":
                arr = tf.make_ndarray(op.get_attr("value"))
                if not self.real:  # the real loop run: nothing is recorded
                    env[op.outputs[0].name] = (None, arr)
                    continue
                v = tf.constant(arr)
                # a string (an Assert's message): no Ivy value, an error only if an op uses it
                env[op.outputs[0].name] = (v, arr if arr.dtype == object else self.s.get(v))
                continue
            if op.type in _PASS:
                for o, i in zip(op.outputs, ins, strict=False):
                    env[o.name] = i
                continue
            if op.type == "ReadVariableOp":  # a variable is carried as its value
                r, iv = ins[0]
                env[op.outputs[0].name] = (_read(r, op.get_attr("dtype")), iv)
                continue
            if op.type in _CALL:
                env.update(self.call(op, ins))
                continue
            if op.type in ("If", "StatelessIf") and op.name.rsplit("/", 1)[-1] == "AssertGuard":
                # tf.debugging.assert_*'s guard (its branches hold Assert): validation only, as
                # Assert itself is skipped; its output (the predicate) orders the ops after it
                for o in op.outputs:
                    env[o.name] = ins[0]
                continue
            if op.type in ("If", "StatelessIf"):
                p = self.static(op.inputs[0])
                if p is not None and np.asarray(p).size == 1:  # known statically (a shape's
                    # parity, a constant flag): the branch it takes, inlined
                    env.update(self.call(op, ins[1:], "then_branch" if bool(np.asarray(p))
                                         else "else_branch", list(op.inputs[1:])))
                    continue
            if op.type in _CONTROL:
                env.update(self.control(op, ins))
                continue
            env.update(self.op(op, ins))
        return env

    def op(self, op, ins):
        name = f"tf.raw_ops.{op.type}"
        ivys = [i for _, i in ins]
        r = RULES.lookup(op.type)
        if r is None and op.type not in _SHAPE_OPS:
            raise self.s.unmapped(name, self.line(op))
        if self.sub:
            static = [self.static(t) for t in op.inputs]
        else:
            static = [_np(x) for x, _ in ins]
        real = _real_op(op, [x for x, _ in ins], keep=self.s.keep) if self.real else None
        if op.type in _SHAPE_OPS:
            vals = _shape_values(op, ivys, static)
            if vals is not None:
                return self._constants(op, name, real, vals)
        known = static if self.sub else [self.static(t) for t in op.inputs]
        if op.inputs and all(v is not None for v in known) and not op.op_def.is_stateful \
                and all(o.dtype not in (tf.variant, tf.resource) for o in op.outputs):
            # a value computed from constants only (a shape's element, a product of dims) is a
            # constant too: static for the ops that need one (Reshape, Fill, a loop's bound)
            try:
                for o, v in zip(op.outputs, _real_op(op, [tf.constant(v) for v in known]),
                                strict=True):
                    self.consts[o.name] = np.asarray(v)
            except Exception:  # noqa: BLE001 - not foldable: stays a computed value
                pass
        try:
            res = r(op, *ivys, static=static)
        except (TranspileError, TraceError):
            raise
        except NotImplementedError as e:
            raise self.s.unmapped(name, self.line(op), hint=str(e)) from None
        except Exception as e:  # noqa: BLE001
            raise self.s.error(f"the Ivy mapping raised {type(e).__name__}: {e}", op=name,
                               line=self.line(op)) from e
        res = list(res) if isinstance(res, tuple) else [res]
        res = [x._data if isinstance(x, Array) else x for x in res]
        if real is None:
            return {o.name: (None, iv) for o, iv in zip(op.outputs, res, strict=False)}
        if op.type in _SIGN_CHOICE:
            real = _adopt_signs(op, real, res)
        pairs = [(o, rv, iv) for o, rv, iv in zip(op.outputs, real, res, strict=False)]
        checked = [(_dense(rv, ivy_numpy(iv).dtype), iv) for o, rv, iv in pairs
                   if iv is not None and not (op.type == "TensorListReserve")]  # unset: no value
        if checked:
            try:
                self.s.check(name, r.ivy_mapping, [np.asarray(rv) for rv, _ in checked],
                             [iv for _, iv in checked], inputs=ivys, line=self.line(op))
            except TranspileError:
                # the two chains' inputs may already differ by upstream rounding (a layer norm's
                # mean over a normalised row is noise of 1e-7, then negated): the mapping is what
                # is checked here, so judge it on Ivy's own inputs; the end-to-end check still
                # compares the program's outputs with the source's
                iso = self._isolated(op, ins, res)
                if iso is None:
                    raise
                self.s.records[name].count -= 1  # the same op, checked once more
                self.s.check(name, r.ivy_mapping, iso, [iv for _, iv in checked], inputs=ivys,
                             line=self.line(op))
        return {o.name: (rv, iv) for o, rv, iv in pairs}

    def _isolated(self, op, ins, res):
        """The raw op's results on Ivy's own input values (as the check's references), or None
        when that is not a fair re-run: stateful or resource/variant operands, or inputs that are
        the same in both chains (then the first comparison was already on equal inputs)."""
        if op.op_def.is_stateful or any(t.dtype in (tf.variant, tf.resource)
                                        for t in (*op.inputs, *op.outputs)):
            return None
        try:
            mine = [ivy_numpy(iv) for _, iv in ins]
            if all(np.array_equal(np.asarray(rv), m, equal_nan=True) for (rv, _), m in
                   zip(ins, mine, strict=True)):
                return None
            real = _real_op(op, [tf.constant(m, dtype=t.dtype) for m, t in
                                 zip(mine, op.inputs, strict=True)])
        except Exception:  # noqa: BLE001 - no fair re-run: the first failure stands
            return None
        if op.type in _SIGN_CHOICE:
            real = _adopt_signs(op, real, res)
        return [np.asarray(rv) for rv, iv in zip(real, res, strict=False) if iv is not None]

    def assign(self, op, var: _Var, value):
        """``AssignVariableOp`` / ``AssignAdd…`` / ``AssignSub…``: the variable's value becomes
        the written one for the reads that follow; the transpiled function stays pure (the
        report's notes name the variable the source writes)."""
        name = f"tf.raw_ops.{op.type}"
        rv, iv = value
        how = _ASSIGN[op.type]
        if how is not None:
            live = self.real and var.real is not None and rv is not None
            rv = getattr(tf.raw_ops, how[0])(x=var.real, y=rv) if live else None
            iv = getattr(ivy, how[1])(var.iv, iv)
            iv = iv._data if isinstance(iv, Array) else iv
            if live:
                self.s.check(name, f"ivy.{how[1]}", [np.asarray(rv)], [iv],
                             inputs=[var.iv, value[1]], line=self.line(op))
        var.real, var.iv = rv, iv
        notes = getattr(self.s, "tf_notes", None)
        note = (f"the source writes the variable {var.name!r} ({op.type}); the transpiled "
                "function computes the same outputs (reads after the write see the written "
                "value) but leaves the variable unchanged")
        if notes is not None and note not in notes:
            notes.append(note)

    def _constants(self, op, name, real, vals):
        """Outputs known without running the graph (shapes): constants of the Ivy graph, static
        for later ops, checked against TF's own values at the top level."""
        out = {}
        for i, (o, v) in enumerate(zip(op.outputs, vals, strict=True)):
            self.consts[o.name] = v
            self.s.keep.append(v)  # the Shadow knows values by id: keep this one alive
            iv = self.s.get(v) if self.real else v
            if real is not None:
                self.s.check(name, "constant (a static shape)", [np.asarray(real[i])], [iv],
                             line=self.line(op))
            out[o.name] = (None if real is None else real[i], iv)
        return out

    # -- function calls: PartitionedCall / StatefulPartitionedCall, inlined ----------------------
    # The callee FunctionDef (attr ``f``) is evaluated by a nested evaluator on the call's own
    # (real, ivy) inputs, in the caller's mode: at the top level every op of the callee is checked
    # against TF on the real values, inside a loop body it is part of the body's sub-graph. A
    # variable read by the callee arrives as an input (its handle), carried as its value: a
    # model's parameter or a constant, like a variable read by the caller.
    def call(self, op, ins, attr="f", inputs=None):
        """``attr``/``inputs``: the function and its inputs (an ``If`` whose predicate is known
        statically calls the branch it takes, on the op's other inputs)."""
        inputs = list(op.inputs) if inputs is None else inputs
        fg, outs = self._function(op, attr)
        if len(fg.inputs) != len(ins) or len(outs) != len(op.outputs):
            raise self.s.error(f"the called function {op.get_attr(attr).name} takes "
                               f"{len(fg.inputs)} inputs and gives {len(outs)} outputs, "
                               f"the call passes {len(ins)} and expects {len(op.outputs)}",
                               op=f"tf.raw_ops.{op.type}", line=self.line(op))
        consts = {}
        if self.sub:  # constants of the caller stay static in the callee
            for ph, t in zip(fg.inputs, inputs, strict=True):
                v = self.static(t)
                if v is not None:
                    consts[ph.name] = v
        ev = _Eval(self.s, real=self.real, sub=self.sub, library=[*self.library, fg],
                   consts=consts, at=self.line(op),
                   where=self.where or " inside a called tf.function", writes=self.writes)
        env = ev.run(fg, {ph.name: v for ph, v in zip(fg.inputs, ins, strict=True)})
        return {o.name: env[t.name] for o, t in zip(op.outputs, outs, strict=True)}

    # -- control flow: While / If as ivy.while_loop / ivy.cond nodes -----------------------------
    # The body / branch FunctionDefs are evaluated by a nested evaluator on Ivy values. The
    # tracer calls each callable once on stand-ins holding the current values (recording): the
    # real value of every input is the stand-in's own value, so each op is checked against TF. The
    # backend's real loop calls them again with recording suspended (no real values: Ivy side
    # only). The node's outputs are checked against the whole raw op run eagerly once. A variable
    # handle passed into a loop (a resource loop var, read in the body) is carried as its value:
    # loop-invariant state; TF's own While runs on a fresh variable holding that value.
    def _function(self, op, attr):
        """The graph of the function ``op`` names in ``attr`` and its outputs: the FunctionDef's
        own, the first ones of the graph (TF appends intermediates to a function's graph once a
        gradient went through it, the FunctionDef keeps its signature)."""
        fname = op.get_attr(attr).name
        for g in reversed(self.library):
            try:
                f = g._get_function(fname)
            except Exception:  # noqa: BLE001 - look in the enclosing graph
                continue
            if f is None:
                continue
            try:
                n = len(f.definition.signature.output_arg)
            except Exception:  # noqa: BLE001
                n = len(f.graph.outputs)
            return f.graph, list(f.graph.outputs[:n])
        raise self.s.error(f"the graph's library has no function {fname}", op=op.type,
                           line=self.line(op))

    def _callable(self, fn_outs, what, at=None, where="", names=None):
        """``names``: for a loop body, the variable behind each resource loop variable (None for
        the others): its writes in the body become the next trip's value of that variable."""
        fg, outs = fn_outs

        def fn(*vals):
            live = self.recording()
            ev = _Eval(self.s, real=live, sub=True, library=[*self.library, fg], at=at,
                       where=where, writes=names is not None)
            feeds = {}
            for k, (ph, v) in enumerate(zip(fg.inputs, vals, strict=True)):
                pair = ((tf.constant(ivy_numpy(v)) if live else None), v)
                if live and ph.dtype == tf.variant:  # a TensorList: TF's own list of the rows
                    pair = (tf.raw_ops.TensorListFromTensor(tensor=pair[0], element_shape=-1),
                            v)
                if names is not None and names[k] is not None and ph.dtype == tf.resource:
                    pair = _Var(*pair, names[k])
                feeds[ph.name] = pair
            env = ev.run(fg, feeds)
            res = tuple(_native_of(env[t.name][1], t.dtype) for t in outs)
            if what == "while_body":
                for k, (a, b) in enumerate(zip(vals, res, strict=True)):
                    if tuple(getattr(a, "shape", ())) != tuple(getattr(b, "shape", ())):
                        raise _ShapeChange(
                            f"loop variable {k} changes shape in the body ({tuple(a.shape)} -> "
                            f"{tuple(b.shape)}, a tf.while_loop with shape_invariants)",
                            op="tf.raw_ops.While", line=at, source="tensorflow")
            return res

        fn.__name__ = what
        return fn

    def _trips(self, op, ins, cond, body):
        """The trip count of a ``While`` whose condition is only ``counter < limit`` (``limit`` a
        constant, the counter starting at a known value and stepping by a positive constant in
        the body, e.g. ``tf.while_loop(lambda t, h: t < T, ...)`` over a sequence), else None:
        the same on every input."""
        (cg, couts), (bg, bouts) = cond, body

        def src(t):
            while t.op.type in ("Identity", "Snapshot") and t.op.inputs:
                t = t.op.inputs[0]
            return t

        def const(t):
            t = src(t)
            return tf.make_ndarray(t.op.get_attr("value")) if t.op.type == "Const" else None

        names = [t.name for t in cg.inputs]

        def known(t):
            """A constant of the condition, or a loop-invariant loop variable (passed through
            the body unchanged) whose value going in is known (a Keras RNN's ``Max`` steps)."""
            v = const(t)
            if v is not None:
                return v
            t = src(t)
            if t.op.type != "Placeholder" or t.name not in names:
                return None
            j = names.index(t.name)
            if src(bouts[j]).name != bg.inputs[j].name:
                return None
            return self.static(op.inputs[j])

        def trips(c):
            if c.op.type == "LogicalAnd":  # every part counted: the smallest count
                parts = [trips(src(x)) for x in c.op.inputs]
                return None if any(p is None for p in parts) else min(parts)
            if c.op.type == "Less":
                k, lim = c.op.inputs
            elif c.op.type == "Greater":
                lim, k = c.op.inputs
            else:
                return None
            k, lim = src(k), known(lim)
            if lim is None or k.op.type != "Placeholder" or k.name not in names \
                    or np.asarray(lim).size != 1:
                return None
            i = names.index(k.name)
            step = src(bouts[i])
            if step.op.type not in ("AddV2", "Add"):
                return None
            a, b = step.op.inputs
            if src(a).name == bg.inputs[i].name:
                other = b
            elif src(b).name == bg.inputs[i].name:
                other = a
            else:
                return None
            d = const(other)
            start = self.static(op.inputs[i])
            if d is None or start is None or d.size != 1 or np.asarray(start).size != 1 \
                    or not np.issubdtype(np.asarray(start).dtype, np.integer) or int(d) <= 0:
                return None
            return max(0, -(-(int(lim) - int(start)) // int(d)))

        return trips(src(couts[0]))

    def _inline(self, op, attr, state):
        """The function ``op`` names in ``attr`` evaluated inline on ``state`` ((real, ivy)
        pairs), each op recorded and checked as at the top level: its outputs' pairs."""
        fg, outs = self._function(op, attr)
        ev = _Eval(self.s, real=self.real, sub=self.sub, library=[*self.library, fg],
                   at=self.line(op), where=self.where, writes=self.writes)
        env = ev.run(fg, {ph.name: v for ph, v in zip(fg.inputs, state, strict=True)})
        return [env[t.name] for t in outs]

    def _unrolled_while(self, op, ins, why: str):
        """A ``While`` whose loop variables change shape (``tf.while_loop`` with
        ``shape_invariants``: a sequence grown by ``concat``), run trip by trip at capture time
        when its condition is known then: computed from shapes and constants (``tf.shape(v)[0] <
        n``, a counter from a constant), not from the input values. Every input of these shapes
        then takes the same trips through the same shapes, so the trips are recorded inline
        (unrolled, each op checked against TF) and every target, JAX included, can express them.
        A condition that depends on the values is refused: the trip count, and so the shapes,
        would differ per input, and a loop kept as a loop keeps its variables' shapes."""
        name, line = f"tf.raw_ops.{op.type}", self.line(op)
        state = self.unrolled_while(
            lambda st: self._inline(op, "cond", st)[0], lambda st: self._inline(op, "body", st),
            [tuple(i) for i in ins], op=name, line=line, limit=_MAX_UNROLLED_TRIPS,
            unknown=f"{why}, and the number of trips depends on the input values, so the shapes "
                    "the loop reaches do too: a loop kept as a loop keeps its variables' shapes "
                    "(jax.lax.while_loop requires it, and Ivy's traced graphs have static shapes "
                    "for every target); a loop whose condition depends only on shapes and "
                    "constants is unrolled. Grow a fixed-size buffer instead (a tf.TensorArray "
                    "of known size, or padding and a mask)",
            differs="the unrolled loop's condition differs from TensorFlow's",
            too_many=f"{why}: more than {_MAX_UNROLLED_TRIPS} trips to unroll")
        return {o.name: st for o, st in zip(op.outputs, state, strict=True)}

    def control(self, op, ins):
        name = f"tf.raw_ops.{op.type}"
        line = self.line(op)
        vals = [_native_of(i, t.dtype) for (_, i), t in zip(ins, op.inputs, strict=True)]
        if op.type.endswith("While"):
            where = " inside a tf.while_loop"
            cond, body = self._function(op, "cond"), self._function(op, "body")
            cfn = self._callable(cond, "while_cond", line, where)
            bfn = self._callable(body, "while_body", line, where,
                                 names=[i.name if isinstance(i, _Var) else None for i in ins])
            n = self._trips(op, ins, cond, body)
            try:
                if n is None:
                    out = ivy.while_loop(lambda st: cfn(*st)[0], lambda st: bfn(*st),
                                         tuple(vals))
                    label = "ivy.while_loop"
                else:  # a counted loop: a scan, which JAX can differentiate in reverse mode
                    out, _ = ivy.scan(lambda st, _: (bfn(*st), None), tuple(vals), None,
                                      length=n)
                    label = "ivy.scan"
            except _ShapeChange as e:
                if not self.recording() or any(isinstance(i, _Var) for i in ins):
                    raise self.s.error(e.detail + ": the transpiled loop keeps every loop "
                                       "variable's shape (here inside another loop or with a "
                                       "variable as loop state, where it cannot be unrolled)",
                                       op=name, line=line) from None
                return self._unrolled_while(op, ins, e.detail)
        else:
            where = " inside a tf.cond branch"
            tfn = self._callable(self._function(op, "then_branch"), "if_true", line, where)
            ffn = self._callable(self._function(op, "else_branch"), "if_false", line, where)
            pred = vals[0]
            if str(pred.dtype) != "bool":
                pred = ivy.not_equal(pred, 0)
                pred = pred._data if isinstance(pred, Array) else pred
            if len(pred.shape):
                raise self.s.error("an If whose predicate is not a scalar", op=name, line=line)
            out = ivy.cond(pred, tfn, ffn, *vals[1:])
            label = "ivy.cond"
        out = [o._data if isinstance(o, Array) else o for o in out]
        ins0 = [tuple(i) for i in ins]  # the values going in (a variable's before the loop)
        if not self.real:
            env = {o.name: (None, iv) for o, iv in zip(op.outputs, out, strict=True)}
        else:
            if op.type.endswith("If"):
                # through a tf.function: an eager If whose branch holds further Ifs can block in
                # TF's executor (tf.image.rot90 of a rank-3 image hung here)
                args = [_as_handle(r, self.s.keep) if t.dtype == tf.resource else r
                        for (r, _), t in zip(ins0, op.inputs, strict=True)]
                real = tf.function(lambda: _real_op(op, args))()
                real = list(real) if isinstance(real, (list, tuple)) else [real]
            else:
                real = _real_op(op, [r for r, _ in ins0], keep=self.s.keep)
            real = [_read(r, ivy_numpy(iv).dtype) for r, iv in zip(real, out, strict=True)]
            self.s.check(name, label, [np.asarray(_dense(r, ivy_numpy(iv).dtype))
                                       for r, iv in zip(real, out, strict=True)], out,
                         inputs=[i for _, i in ins0], line=line)
            env = {o.name: (r, iv) for o, r, iv in zip(op.outputs, real, out, strict=True)}
        if op.type.endswith("While"):  # a variable written in the body: its value after the loop
            for o, i in zip(op.outputs, ins, strict=True):
                if isinstance(i, _Var):
                    i.real, i.iv = env[o.name]
                    env[o.name] = i
        return env


class _ShapeChange(TranspileError):
    """A loop body returned a loop variable of another shape (``_Eval._unrolled_while``)."""


#: a shape-changing ``While`` with a condition known at capture time is unrolled up to this
_MAX_UNROLLED_TRIPS = 1024


def _native_of(v, dtype):
    """An Ivy value as a native array of the graph tensor's dtype (a Python scalar otherwise)."""
    if isinstance(v, (bool, int, float, complex)):
        v = ivy.asarray(v, dtype=dtype.name)
    return v._data if isinstance(v, Array) else v


# -- the contract ---------------------------------------------------------------------------------
def is_model(obj) -> bool:
    try:
        import keras
    except ImportError:
        return False
    return isinstance(obj, keras.layers.Layer)


def _variables(obj):
    out = {}
    for v in obj.weights:
        out[v.path] = v
    return out


def _call(obj, args, kwargs):
    inputs = getattr(obj, "_inputs_struct", None) if is_model(obj) else None
    if isinstance(inputs, (list, tuple)) and len(inputs) > 1 and len(args) == len(inputs):
        # a functional keras.Model of several inputs takes them as one list: t(q, k) = m([q, k])
        args = (list(args),)
    if is_model(obj):
        return obj(*args, training=False, **kwargs) if "training" in inspect.signature(
            obj.call).parameters else obj(*args, **kwargs)
    return obj(*args, **kwargs)


def capture(obj, args, kwargs) -> Captured:
    model = is_model(obj)
    name = type(obj).__name__ if model else getattr(obj, "__name__", "fn")
    shadow = Shadow("tensorflow", name)
    specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype)) if isinstance(a, np.ndarray) else a
             for a in args]
    tf_fn = tf.function(lambda *a: _call(obj, a, kwargs))
    concrete = tf_fn.get_concrete_function(*specs)
    graph = concrete.graph
    # a layer built on its first call (a Keras layer never called, a variable created when
    # ``self.w is None``) has its variables once traced: collected after tracing
    tvars = _variables(obj) if model else {}
    params_np = {k: np.asarray(v.numpy()).copy() for k, v in tvars.items()}
    trainable = [k for k, v in tvars.items() if v.trainable]
    # variable handles captured by the graph -> parameter names
    handle_name = {}
    for k, v in tvars.items():
        for cand in (v, getattr(v, "value", None)):
            h = getattr(cand, "handle", None)
            if h is not None:
                handle_name[id(h)] = k
                break
    captures = list(graph.captures)
    var_name = {}
    for v in list(getattr(concrete, "variables", ())) + list(tvars.values()):
        for cand in (getattr(v, "value", None), v):
            h = getattr(cand, "handle", None)
            if h is not None:
                break
        if h is not None:
            var_name[id(h)] = getattr(v, "path", None) or v.name.removesuffix(":0")
    shadow.tf_notes = []
    result = {}

    def run(*a, **k):
        if model:
            p, a = a[0], a[1:]
        feeds = {}
        arg_ph = [t for t in graph.inputs[:len(graph.inputs) - len(captures)]]
        leaves = [x for x in a if isinstance(x, (Array, np.ndarray))]
        for ph, x in zip(arg_ph, leaves, strict=True):
            nat = x._data if isinstance(x, Array) else x
            feeds[ph.name] = (tf.constant(np.asarray(nat)), nat)
        for ext, internal in captures:
            key = handle_name.get(id(ext))
            if key is None:  # a captured constant tensor, or a variable that is no parameter
                val = tf.constant(ext) if not hasattr(ext, "numpy") else ext
                try:  # (a tf.Variable a plain function or a helper closes over): its value
                    resource = _is_resource(val)
                    val = _read(val)
                    feeds[internal.name] = _Var(val, shadow.get(val), var_name.get(
                        id(ext), "(unnamed)")) if resource else (val, shadow.get(val))
                except Exception:  # noqa: BLE001 - a resource that is not a known variable
                    raise shadow.error("the graph captures a resource that is not a variable "
                                       "(a lookup table, a random generator's state...)",
                                       op="capture") from None
                continue
            pv = p[key]
            nat = pv._data if isinstance(pv, Array) else pv
            feeds[internal.name] = _Var(tf.constant(params_np[key]), nat, key)
        env = _Eval(shadow).run(graph, feeds)
        outs = [env[t.name] for t in graph.outputs]
        struct = concrete.structured_outputs
        leaves_s, spec = optree.tree_flatten(plain_structure(struct), none_is_leaf=True)
        it = iter(outs)
        real, ivs = [], []
        for leaf in leaves_s:
            if isinstance(leaf, tf.Tensor):
                r, i = next(it)
                real.append(r)
                ivs.append(i)
            else:
                real.append(leaf)
                ivs.append(leaf)
        result["out"] = optree.tree_unflatten(spec, real)
        return optree.tree_unflatten(spec, ivs)

    try:
        g = trace(run, name, params_np if model else None, tuple(args), kwargs,
                  like=None if model else obj)
    except TraceError as e:
        raise TranspileError(str(e), source="tensorflow") from e
    outputs = fw.tree_to_numpy(result["out"])
    return Captured(source="tensorflow", name=name, graph=g, args=tuple(args),
                    kwargs=dict(kwargs), params=params_np, outputs=outputs,
                    ops=shadow.op_records(), is_model=model, trainable=trainable,
                    notes=list(shadow.tf_notes))


def run_native(obj, args, kwargs, params=None):
    a = tuple(tf.constant(x) if isinstance(x, np.ndarray) else x for x in args)
    return fw.tree_to_numpy(plain_structure(_call(obj, a, kwargs)))


def gradient(obj, args, kwargs) -> dict:
    if not is_model(obj):
        raise NotImplementedError("gradients are checked for models only")
    tvars = {k: v for k, v in _variables(obj).items() if v.trainable}
    a = tuple(tf.constant(x) if isinstance(x, np.ndarray) else x for x in args)
    with tf.GradientTape() as tape:
        out = plain_structure(_call(obj, a, kwargs))
        leaves = [o for o in optree.tree_leaves(out) if isinstance(o, tf.Tensor)
                  and o.dtype.is_floating]
        total = tf.add_n([tf.reduce_sum(o * fw.cotangent(o.shape, o.dtype.as_numpy_dtype, i))
                          for i, o in enumerate(leaves)])
    keys = list(tvars)
    grads = tape.gradient(total, [tvars[k].value if hasattr(tvars[k], "value") else tvars[k]
                                  for k in keys])
    return {k: (np.zeros(tvars[k].shape, np.asarray(tvars[k].numpy()).dtype) if g is None
                else np.asarray(tf.convert_to_tensor(g))) for k, g in zip(keys, grads,
                                                                           strict=True)}


# -- the gradient check's float64 witness -------------------------------------------------------
def _in_tf(filename) -> bool:
    import os
    root = os.path.dirname(os.path.abspath(tf.__file__))
    return os.path.abspath(str(filename)).startswith(root + os.sep)


#: TensorFlow's plumbing between an API function and the op it creates
_TF_PLUMBING = (("python", "util"), ("python", "framework"), ("python", "eager"))


def _defined_gradient(op) -> str | None:
    """``op`` as a place where the program defines its own derivative: a ``tf.custom_gradient``
    (its ``IdentityN`` carries ``_gradient_op_type``) or a ``StopGradient``/``PreventGradient``
    — unless TensorFlow's own code put it there (``tf.nn.silu``'s custom gradient, the shift in
    ``tf.nn.moments`` or ``reduce_logsumexp``: derivatives of their forwards), judged from the
    op's Python traceback: the TF function the first frame outside TensorFlow called."""
    import os
    custom = op.type == "IdentityN" and "_gradient_op_type" in op.node_def.attr
    if not custom and op.type not in ("StopGradient", "PreventGradient"):
        return None
    what = "tf.custom_gradient" if custom else f"tf.{op.type}"
    try:
        frames = list(op.traceback)  # outermost first
    except Exception:  # noqa: BLE001 - a FunctionDef's op without a traceback
        frames = []
    i = max((k for k, f in enumerate(frames) if not _in_tf(f.filename)), default=None)
    if i is None:
        return None if frames else f"{what} (origin unknown)"
    root = os.path.dirname(os.path.abspath(tf.__file__))
    api = []
    for f in frames[i + 1:]:
        rel = os.path.relpath(os.path.abspath(f.filename), root).split(os.sep)
        if tuple(rel[:2]) in _TF_PLUMBING or rel[-1] == "weak_tensor_ops.py":
            continue
        api.append((rel[-1], f.name))
    called = api[0] if api else None
    if called is not None and called != ("array_ops.py", "stop_gradient") \
            and called[0] != "custom_gradient.py":
        return None  # TensorFlow's own function cut or defined it
    return f"{what} at {frames[i].filename}:{frames[i].lineno}"


def _defined_gradients(graph) -> list[str]:
    """:func:`_defined_gradient` over ``graph`` and the functions its ops call (``tf.function``s
    within, loop bodies, branches)."""
    found: set[str] = set()
    seen: set[str] = set()

    def walk(g, library):
        for op in g.get_operations():
            d = _defined_gradient(op)
            if d is not None:
                found.add(d)
            for v in op.node_def.attr.values():
                for name in [v.func.name] + [f.name for f in v.list.func]:
                    if not name or name in seen:
                        continue
                    seen.add(name)
                    for lib in reversed(library):
                        try:
                            f = lib._get_function(name)
                        except Exception:  # noqa: BLE001 - look in the enclosing graph
                            f = None
                        if f is not None:
                            walk(f.graph, [*library, f.graph])
                            break
                    else:
                        found.add(f"function {name} (not inspected)")

    walk(graph, [graph])
    return sorted(found)


def _as_float64(config):
    """A Keras config with float32 dtypes (layer dtype policies, inputs) made float64."""
    if isinstance(config, dict):
        out = {k: _as_float64(v) for k, v in config.items()}
        if out.get("dtype") == "float32":
            out["dtype"] = "float64"
        if out.get("class_name") in ("DTypePolicy", "FloatDTypePolicy") \
                and isinstance(out.get("config"), dict) and out["config"].get("name") == "float32":
            out["config"] = {**out["config"], "name": "float64"}
        return out
    if isinstance(config, list):
        return [_as_float64(v) for v in config]
    return config


class Float64Witness:
    """A float64 clone of the Keras model (rebuilt from its config under the float64 dtype
    policy, every float32 dtype in the config float64; the weights copied) for the gradient
    check's second opinion (``verify.second_opinion``; the interface of
    ``capture.torch.Float64Witness``): its ``tf.GradientTape`` gradient, its forward loss
    ``<outputs, cotangents>`` with weights shifted (finite differences), and ``custom``: where
    its derivative is defined by code (:func:`_defined_gradient`), which a forward-based
    witness must not overrule. Raises when the model cannot be rebuilt from its config or does
    not compute in float64 — the failure then stands."""

    def __init__(self, obj, args, kwargs):
        import keras

        classes = {type(obj).__name__: type(obj)}
        for layer in obj._flatten_layers(include_self=False):
            classes.setdefault(type(layer).__name__, type(layer))
        config = _as_float64(keras.saving.serialize_keras_object(obj))
        policy, floatx = keras.config.dtype_policy(), keras.config.floatx()
        try:
            keras.config.set_floatx("float64")
            keras.config.set_dtype_policy("float64")
            with keras.saving.custom_object_scope(classes):
                self.model = keras.saving.deserialize_keras_object(config)
        finally:
            keras.config.set_dtype_policy(policy)
            keras.config.set_floatx(floatx)

        def to64(v):
            if isinstance(v, np.ndarray) and v.dtype in (np.float32, np.float16):
                return tf.constant(v.astype(np.float64))
            if isinstance(v, np.ndarray) and v.dtype == np.complex64:
                return tf.constant(v.astype(np.complex128))
            return tf.constant(v) if isinstance(v, np.ndarray) else v

        self.args = tuple(to64(a) for a in args)
        self.kwargs = dict(kwargs)
        _call(self.model, self.args, self.kwargs)  # builds the clone's variables
        old, new = list(obj.weights), list(self.model.weights)
        if len(old) != len(new) or any(tuple(a.shape) != tuple(b.shape) or a.name != b.name
                                       for a, b in zip(old, new, strict=True)):
            raise ValueError("the model rebuilt from its config has other weights")
        self.vars = {}
        for a, b in zip(old, new, strict=True):
            b.assign(np.asarray(a.numpy()).astype(np.dtype(b.dtype)))
            if a.trainable:
                self.vars[a.path] = b
        self.custom: list[str] = []

    def _total(self):
        out = plain_structure(_call(self.model, self.args, self.kwargs))
        leaves = [o for o in optree.tree_leaves(out) if isinstance(o, tf.Tensor)
                  and (o.dtype.is_floating or o.dtype.is_complex)]
        narrow = sorted({o.dtype.name for o in leaves} - {"float64", "complex128"})
        if narrow:
            raise TypeError(f"the model does not compute in float64 (outputs {narrow})")
        return tf.add_n([tf.reduce_sum(o * fw.cotangent(o.shape, o.dtype.as_numpy_dtype, i))
                         for i, o in enumerate(leaves)])

    def gradient(self) -> dict:
        specs = [tf.TensorSpec(a.shape, a.dtype) if isinstance(a, tf.Tensor) else a
                 for a in self.args]
        graph = tf.function(lambda *a: self._total()).get_concrete_function(*specs).graph
        self.custom = _defined_gradients(graph)
        keys = list(self.vars)
        with tf.GradientTape() as tape:
            total = self._total()
        grads = tape.gradient(total, [self.vars[k] for k in keys])
        return {k: (np.zeros(self.vars[k].shape, np.dtype(self.vars[k].dtype)) if g is None
                    else np.asarray(tf.convert_to_tensor(g))) for k, g in zip(keys, grads,
                                                                               strict=True)}

    def loss(self, shift: dict) -> float:
        """The float64 loss with ``shift[name]`` added to those weights."""
        saved = {k: self.vars[k].numpy() for k in shift}
        try:
            for k, d in shift.items():
                self.vars[k].assign_add(tf.constant(d, self.vars[k].dtype))
            return float(self._total())
        finally:
            for k, v in saved.items():
                self.vars[k].assign(v)


def float64_witness(obj, args, kwargs) -> Float64Witness:
    if not is_model(obj):
        raise NotImplementedError("gradients are checked for models only")
    return Float64Witness(obj, args, kwargs)


__all__ = ["RULES", "capture", "float64_witness", "gradient", "is_model", "run_native"]
