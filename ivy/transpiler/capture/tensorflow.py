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
needs the handle itself (TF's own ``While`` run eagerly) gets a fresh variable holding it. Raw ops
that write a variable (``AssignVariableOp``, ``AssignAdd…``, ``ResourceScatter…``) are refused
loudly, naming the op and the line: the transpiled code is a pure function. Data layout is never
changed: NHWC stays NHWC. Unmapped raw ops raise ``TranspileError`` naming the op and the user's
line (TF keeps the Python traceback of each graph op; for ops of a ``FunctionDef`` without one,
the calling op's line).

Function calls: ``PartitionedCall``/``StatefulPartitionedCall`` (a ``tf.function`` calling
another) are inlined: the callee ``FunctionDef`` (attr ``f``, found in the enclosing graphs'
libraries) is evaluated by a nested evaluator on the call's own inputs, in the caller's mode (op
by op checked at the top level, part of the sub-graph inside a loop body), nested calls and
loops inside callees included; constants the caller passes stay static in the callee.

Control flow: ``While``/``StatelessWhile`` (``tf.while_loop`` with tensor conditions) and
``If``/``StatelessIf`` (``tf.cond`` on a tensor predicate) become ``ivy.while_loop`` /
``ivy.cond`` nodes over their cond/body/branch ``FunctionDef``s (evaluated by a nested
evaluator), so the emitted code keeps the loop. A ``While`` whose condition is only
``counter < constant`` (the counter starting at a known value, stepped by a positive constant)
becomes ``ivy.scan`` with that trip count, which JAX differentiates in reverse mode (a Keras
layer looping over the time axis). Raw-op table: ``tests/transpiler/tensorflow/test_raw_ops.py``.
"""

from __future__ import annotations

import inspect
import linecache

import numpy as np
import optree
import tensorflow as tf

import ivy

from ...array_object import Array
from ...tracer import trace as _trace_state
from ...tracer.errors import TraceError
from .. import frameworks as fw
from ..errors import TranspileError
from . import Captured
from .base import Shadow, ivy_numpy, plain_structure, trace

_PASS = {"Identity", "IdentityN", "StopGradient", "Snapshot", "PreventGradient",
         "EnsureShape", "CheckNumerics"}
_SKIP = {"NoOp", "Assert", "AssertGuard"}


def _line(op) -> str | None:
    import os
    try:
        tb = op.traceback
    except Exception:  # noqa: BLE001
        return None
    for fr in reversed(list(tb)):
        f = fr.filename
        if "site-packages" in f or f.startswith("<frozen") or os.sep + "ivy" + os.sep in f:
            continue
        code = fr.line or linecache.getline(f, fr.lineno)  # a FunctionDef's frames: no text
        return f"{f}:{fr.lineno}: {code.strip()}"
    return None


# -- rules: raw op -> Ivy -----------------------------------------------------------------------
RULES: dict = {}


def rule(*names):
    def deco(fn):
        fn.ivy_mapping = f"{__name__}.{fn.__name__}"
        for n in names:
            RULES[n] = fn
        return fn
    return deco


def _binary(fn_name):
    fn = getattr(ivy, fn_name)

    def r(op, x, y, **_):
        return fn(x, y)
    r.ivy_mapping = f"ivy.{fn_name}"
    return r


for _tf, _iv in {"AddV2": "add", "Add": "add", "Sub": "subtract", "Mul": "multiply",
                 "RealDiv": "divide", "Maximum": "maximum", "Minimum": "minimum",
                 "Pow": "pow", "FloorDiv": "floor_divide", "FloorMod": "remainder",
                 "Less": "less", "LessEqual": "less_equal", "Greater": "greater",
                 "GreaterEqual": "greater_equal", "Equal": "equal", "NotEqual": "not_equal",
                 "LogicalAnd": "logical_and", "LogicalOr": "logical_or", "Atan2": "atan2",
                 "BitwiseAnd": "bitwise_and", "BitwiseOr": "bitwise_or"}.items():
    RULES[_tf] = _binary(_iv)


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
    return ivy.clip(x, 0.0, 6.0)


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
    return ivy.conv2d(x, w, strides=_spatial(op.get_attr("strides"), fmt), padding=_padding(op),
                      dilations=_spatial(op.get_attr("dilations"), fmt),
                      data_format="channel_last" if fmt == "NHWC" else "channel_first")


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
    return ivy.minimum(ivy.maximum(x, lo), hi)


@rule("StridedSlice")
def strided_slice(op, x, b, e, s, *, static, **_):
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
    out = fn(**kwargs)
    if isinstance(out, (list, tuple)):
        return list(out)
    return [out]


_CONTROL = {"While", "StatelessWhile", "If", "StatelessIf"}
_CALL = {"PartitionedCall", "StatefulPartitionedCall"}
#: raw ops that write a variable (with a resource input): refused, the transpiled code is pure
_WRITE_PREFIXES = ("Assign", "ResourceScatter", "ResourceApply", "ResourceSparseApply",
                   "ResourceStridedSliceAssign")


def _writes(op) -> bool:
    return op.type.startswith(_WRITE_PREFIXES) and any(t.dtype == tf.resource
                                                       for t in op.inputs)


def _np(x):
    """A real value as NumPy for a rule's ``static`` (None for a resource or a missing value)."""
    if x is None or _is_resource(x):
        return None
    return np.asarray(x)


class _Eval:
    """Evaluates a graph on ``(real, ivy)`` pairs. ``real=False``: inside a loop's callable run by
    the backend's real loop (recording suspended), where no real values exist: the Ivy side only,
    no per-op check (the loop node's outputs are checked as a whole). ``sub``: evaluating a
    function body (a loop's cond/body, a branch): static values come only from ``Const`` ops (and
    from the caller's constants fed to a called function: ``consts``), so a value computed in the
    body (a loop counter) is never baked in. ``at``: the calling op's line, for ops of a
    ``FunctionDef`` that carry no Python traceback; ``where``: " inside ..." for messages."""

    def __init__(self, shadow: Shadow, real: bool = True, sub: bool = False, library=None,
                 consts: dict | None = None, at: str | None = None, where: str = ""):
        self.s = shadow
        self.real = real
        self.sub = sub
        self.library = library or []
        self.consts = consts or {}
        self.at = at
        self.where = where

    def line(self, op) -> str | None:
        return _line(op) or self.at

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
                env[op.outputs[0].name] = (v, self.s.get(v))
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
            if op.type in _CONTROL:
                env.update(self.control(op, ins))
                continue
            env.update(self.op(op, ins))
        return env

    def op(self, op, ins):
        name = f"tf.raw_ops.{op.type}"
        ivys = [i for _, i in ins]
        r = RULES.get(op.type)
        if r is None:
            raise self.s.unmapped(name, self.line(op))
        if self.sub:
            static = [self.static(t) for t in op.inputs]
        else:
            static = [_np(x) for x, _ in ins]
        real = _real_op(op, [x for x, _ in ins], keep=self.s.keep) if self.real else None
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
        pairs = [(o, rv, iv) for o, rv, iv in zip(op.outputs, real, res, strict=False)]
        checked = [(rv, iv) for _, rv, iv in pairs if iv is not None]
        if checked:
            self.s.check(name, r.ivy_mapping, [np.asarray(rv) for rv, _ in checked],
                         [iv for _, iv in checked], inputs=ivys, line=self.line(op))
        return {o.name: (rv, iv) for o, rv, iv in pairs}

    # -- function calls: PartitionedCall / StatefulPartitionedCall, inlined ----------------------
    # The callee FunctionDef (attr ``f``) is evaluated by a nested evaluator on the call's own
    # (real, ivy) inputs, in the caller's mode: at the top level every op of the callee is checked
    # against TF on the real values, inside a loop body it is part of the body's sub-graph. A
    # variable read by the callee arrives as an input (its handle), carried as its value: a
    # model's parameter or a constant, like a variable read by the caller.
    def call(self, op, ins):
        fg, outs = self._function(op, "f")
        if len(fg.inputs) != len(ins) or len(outs) != len(op.outputs):
            raise self.s.error(f"the called function {op.get_attr('f').name} takes "
                               f"{len(fg.inputs)} inputs and gives {len(outs)} outputs, "
                               f"the call passes {len(ins)} and expects {len(op.outputs)}",
                               op=f"tf.raw_ops.{op.type}", line=self.line(op))
        consts = {}
        if self.sub:  # constants of the caller stay static in the callee
            for ph, t in zip(fg.inputs, op.inputs, strict=True):
                v = self.static(t)
                if v is not None:
                    consts[ph.name] = v
        ev = _Eval(self.s, real=self.real, sub=self.sub, library=[*self.library, fg],
                   consts=consts, at=self.line(op),
                   where=self.where or " inside a called tf.function")
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
    def _recording(self) -> bool:
        t = _trace_state._active
        return self.real and t is not None and t.depth == 0

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

    def _callable(self, fn_outs, what, at=None, where=""):
        fg, outs = fn_outs

        def fn(*vals):
            live = self._recording()
            ev = _Eval(self.s, real=live, sub=True, library=[*self.library, fg], at=at,
                       where=where)
            feeds = {ph.name: ((tf.constant(ivy_numpy(v)) if live else None), v)
                     for ph, v in zip(fg.inputs, vals, strict=True)}
            env = ev.run(fg, feeds)
            return tuple(_native_of(env[t.name][1], t.dtype) for t in outs)

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

        c = src(couts[0])
        if c.op.type == "Less":
            k, lim = c.op.inputs
        elif c.op.type == "Greater":
            lim, k = c.op.inputs
        else:
            return None
        k, lim = src(k), const(lim)
        names = [t.name for t in cg.inputs]
        if lim is None or k.op.type != "Placeholder" or k.name not in names or lim.size != 1:
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
        start = self.static(op.inputs[i]) if self.sub else _np(ins[i][0])
        if d is None or start is None or d.size != 1 or np.asarray(start).size != 1 \
                or not np.issubdtype(np.asarray(start).dtype, np.integer) or int(d) <= 0:
            return None
        return max(0, -(-(int(lim) - int(start)) // int(d)))

    def control(self, op, ins):
        name = f"tf.raw_ops.{op.type}"
        line = self.line(op)
        vals = [_native_of(i, t.dtype) for (_, i), t in zip(ins, op.inputs, strict=True)]
        if op.type.endswith("While"):
            where = " inside a tf.while_loop"
            cond, body = self._function(op, "cond"), self._function(op, "body")
            cfn = self._callable(cond, "while_cond", line, where)
            bfn = self._callable(body, "while_body", line, where)
            n = self._trips(op, ins, cond, body)
            if n is None:
                out = ivy.while_loop(lambda st: cfn(*st)[0], lambda st: bfn(*st), tuple(vals))
                label = "ivy.while_loop"
            else:  # a counted loop: a scan, which JAX can differentiate in reverse mode
                out, _ = ivy.scan(lambda st, _: (bfn(*st), None), tuple(vals), None, length=n)
                label = "ivy.scan"
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
        if not self.real:
            return {o.name: (None, iv) for o, iv in zip(op.outputs, out, strict=True)}
        real = _real_op(op, [r for r, _ in ins], keep=self.s.keep)
        real = [_read(r, ivy_numpy(iv).dtype) for r, iv in zip(real, out, strict=True)]
        self.s.check(name, label, [np.asarray(r) for r in real], out,
                     inputs=[i for _, i in ins], line=line)
        return {o.name: (r, iv) for o, r, iv in zip(op.outputs, real, out, strict=True)}


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
    tvars = _variables(obj) if model else {}
    params_np = {k: np.asarray(v.numpy()).copy() for k, v in tvars.items()}
    trainable = [k for k, v in tvars.items() if v.trainable]
    specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype)) if isinstance(a, np.ndarray) else a
             for a in args]
    tf_fn = tf.function(lambda *a: _call(obj, a, kwargs))
    concrete = tf_fn.get_concrete_function(*specs)
    graph = concrete.graph
    # variable handles captured by the graph -> parameter names
    handle_name = {}
    for k, v in tvars.items():
        for cand in (v, getattr(v, "value", None)):
            h = getattr(cand, "handle", None)
            if h is not None:
                handle_name[id(h)] = k
                break
    captures = list(graph.captures)
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
                    val = _read(val)
                    feeds[internal.name] = (val, shadow.get(val))
                except Exception:  # noqa: BLE001 - a resource that is not a known variable
                    raise shadow.error("the graph captures a resource that is not a variable "
                                       "(a lookup table, a random generator's state...)",
                                       op="capture") from None
                continue
            pv = p[key]
            nat = pv._data if isinstance(pv, Array) else pv
            feeds[internal.name] = (tf.constant(params_np[key]), nat)
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
                    ops=shadow.op_records(), is_model=model, trainable=trainable)


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


__all__ = ["RULES", "capture", "gradient", "is_model", "run_native"]
