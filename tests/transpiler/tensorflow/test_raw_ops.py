"""The TensorFlow raw-op table (``capture/tensorflow.py``'s ``RULES``), op by op — forward and
backward, in the spirit of ``tests/transpiler/torch/test_opinfo.py``.

``TABLE`` holds, for every raw op in ``RULES`` (a test asserts it, so a new rule must add a case),
one or more small programs calling ``tf.raw_ops.<Op>`` directly with chosen attributes, and their
example inputs. Each program is transpiled to NumPy and to JAX (PyTorch for a sample) and the
result re-checked here against TensorFlow itself; for differentiable float ops the gradient of
``<outputs, cotangents>`` through the emitted JAX code (``jax.grad``) is compared with
``tf.GradientTape``'s. A case either converts and matches or is listed in ``KNOWN`` with the
reason; a refusal (``TranspileError``) of a mapped op is a failure unless ``KNOWN`` lists it.

Default: every case to NumPy, every second to JAX, every fifth to PyTorch, every third gradient
(about a minute on one core). ``IVY_FULL=1``: everything.
"""

from __future__ import annotations

import inspect
import os

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import tensorflow as ctf

tf = pytest.importorskip("tensorflow")

FULL = bool(os.environ.get("IVY_FULL"))
#: (step) through TABLE in a default run, per check
EVERY = {"numpy": 1, "jax": 2, "torch": 5, "grad": 3}

#: cases that differ from TensorFlow for a reason that is not a mapping error:
#: case -> (checks it applies to, reason)
KNOWN: dict[str, tuple[tuple[str, ...], str]] = {
    # the op's second output (backprop = softmax(logits) - labels) depends on the labels, but
    # TF's registered gradient gives the labels only the loss's share (-log_softmax(logits));
    # the emitted code's gradient is the complete one (the loss alone agrees: the ":loss" case)
    "SoftmaxCrossEntropyWithLogits": (("grad",), "TF's gradient ignores d backprop / d labels"),
    # (Maximum/Minimum at NaN inputs: TF's gradient goes to y, as the rules' since 2026-11-27)
    # d/dy x**y = x**y * log(x): TF masks log(x) to 0 for x <= 0, JAX gives NaN
    "Pow:negative base": (("grad",), "d/d exponent at a negative base: TF 0, JAX NaN"),
    # no reference: TF registers no gradient for ResizeArea (the emitted code has one)
    "ResizeArea": (("grad",), "TF registers no gradient for ResizeArea"),
    "Bincount:weights": (("grad",), "TF registers no gradient for Bincount"),
    "DenseBincount:2-d, weights": (("grad",), "TF registers no gradient for DenseBincount"),
}

_rng = np.random.default_rng(0)


def f32(*s):
    return _rng.standard_normal(s).astype(np.float32)


def pos(*s):
    return (np.abs(_rng.standard_normal(s)) + 0.5).astype(np.float32)


def unit(*s):
    return _rng.uniform(-0.9, 0.9, s).astype(np.float32)


def i32(*s, lo=-7, hi=8, nonzero=False):
    a = _rng.integers(lo, hi, s).astype(np.int32)
    if nonzero:
        a[a == 0] = 3
    return a


def bools(*s):
    return _rng.random(s) > 0.5


def raw(op, *consts, **attrs):
    """A program calling ``tf.raw_ops.<op>`` on its array arguments followed by ``consts``
    (graph constants: axes, shapes, paddings), positional inputs mapped to the raw op's own
    parameter names, ``attrs`` by name."""
    fn = getattr(tf.raw_ops, op)
    names = [p for p in inspect.signature(fn).parameters if p != "name" and p not in attrs]

    def prog(*xs):
        ins = list(xs) + [tf.constant(c) for c in consts]
        return fn(**dict(zip(names, ins, strict=False)), **attrs)
    return prog


def listed(op, n_const=0, **attrs):
    """Ops whose first input is a list (ConcatV2, Pack, Einsum)."""
    fn = getattr(tf.raw_ops, op)
    names = [p for p in inspect.signature(fn).parameters if p != "name" and p not in attrs]

    def prog(*xs):
        k = len(xs) - n_const
        kw = {names[0]: list(xs[:k])}
        for nm, v in zip(names[1:], xs[k:], strict=False):
            kw[nm] = v
        return fn(**kw, **attrs)
    return prog


def _first(prog):
    """Only the first output (FusedBatchNorm's saved statistics in inference are not mapped)."""
    return lambda *xs: prog(*xs)[0]


def _table():
    t = {}
    a, b = f32(3, 4), f32(4)
    for op in ("AddV2", "Add", "Sub", "Mul", "Maximum", "Minimum", "SquaredDifference",
               "Atan2"):
        t[op] = (raw(op), (a, b))
    t["RealDiv"] = (raw("RealDiv"), (a, pos(4)))
    t["Div"] = (raw("Div"), (a, pos(3, 4)))
    t["Div:int32"] = (raw("Div"), (i32(3, 4), i32(3, 4, nonzero=True)))
    t["TruncateDiv"] = (raw("TruncateDiv"), (i32(3, 4), i32(3, 4, nonzero=True)))
    t["TruncateDiv:float"] = (raw("TruncateDiv"), (f32(3, 4) * 5, pos(3, 4)))
    t["Pow"] = (raw("Pow"), (pos(3, 4), f32(3, 4)))
    t["Pow:int32"] = (raw("Pow"), (i32(3, 4), i32(3, 4, lo=0, hi=4)))
    t["FloorDiv"] = (raw("FloorDiv"), (f32(3, 4) * 5, pos(3, 4)))
    t["FloorDiv:int32"] = (raw("FloorDiv"), (i32(3, 4), i32(3, 4, nonzero=True)))
    t["FloorMod"] = (raw("FloorMod"), (f32(3, 4) * 5, pos(3, 4)))
    t["FloorMod:int32"] = (raw("FloorMod"), (i32(3, 4), i32(3, 4, nonzero=True)))
    for op in ("Less", "LessEqual", "Greater", "GreaterEqual", "Equal", "NotEqual"):
        t[op] = (raw(op), (a, np.round(b)))
    t["Equal:int32"] = (raw("Equal"), (i32(3, 4, lo=0, hi=3), i32(4, lo=0, hi=3)))
    for op in ("LogicalAnd", "LogicalOr"):
        t[op] = (raw(op), (bools(3, 4), bools(4)))
    for op in ("BitwiseAnd", "BitwiseOr"):
        t[op] = (raw(op), (i32(3, 4, lo=0, hi=64), i32(3, 4, lo=0, hi=64)))
    x = f32(3, 4)
    for op in ("Neg", "Exp", "Square", "Tanh", "Sigmoid", "Relu", "Abs", "Sin", "Cos", "Erf",
               "Floor", "Ceil", "Round", "Expm1", "Sign", "Softplus", "Elu", "Selu", "Atan",
               "Sinh", "Cosh", "Relu6", "IsNan", "IsFinite"):
        t[op] = (raw(op), (x * 3 if op in ("Relu6", "Round") else x,))
    for op in ("Log", "Sqrt", "Rsqrt", "Reciprocal", "Inv", "Log1p"):
        t[op] = (raw(op), (pos(3, 4),))
    for op in ("Asin", "Acos"):
        t[op] = (raw(op), (unit(3, 4),))
    t["Round:half"] = (raw("Round"), (np.asarray([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], np.float32),))
    t["IsNan:nan"] = (raw("IsNan"), (np.asarray([1.0, np.nan, -np.inf], np.float32),))
    t["IsFinite:inf"] = (raw("IsFinite"), (np.asarray([1.0, np.nan, -np.inf], np.float32),))
    t["LogicalNot"] = (raw("LogicalNot"), (bools(3, 4),))
    t["LeakyRelu"] = (raw("LeakyRelu", alpha=0.3), (x,))
    t["Softmax"] = (raw("Softmax"), (f32(3, 5),))
    t["LogSoftmax"] = (raw("LogSoftmax"), (f32(3, 5),))
    t["MatMul"] = (raw("MatMul"), (f32(3, 4), f32(4, 5)))
    t["MatMul:transposed"] = (raw("MatMul", transpose_a=True, transpose_b=True),
                              (f32(4, 3), f32(5, 4)))
    t["BatchMatMul"] = (raw("BatchMatMul", adj_y=True), (f32(2, 3, 4), f32(2, 5, 4)))
    t["BatchMatMulV2"] = (raw("BatchMatMulV2", adj_x=True), (f32(2, 4, 3), f32(1, 4, 5)))
    t["BatchMatMulV3"] = (raw("BatchMatMulV3", Tout=tf.float32), (f32(2, 3, 4), f32(4, 5)))
    t["BiasAdd"] = (raw("BiasAdd"), (f32(2, 3, 4), f32(4)))
    t["BiasAdd:NCHW"] = (raw("BiasAdd", data_format="NCHW"), (f32(2, 4, 3, 3), f32(4)))
    t["BiasAddV1"] = (raw("BiasAddV1"), (f32(2, 4), f32(4)))
    img = f32(2, 7, 7, 3)
    t["Conv2D"] = (raw("Conv2D", strides=[1, 1, 1, 1], padding="SAME"), (img, f32(3, 3, 3, 4)))
    t["Conv2D:strided"] = (raw("Conv2D", strides=[1, 2, 2, 1], padding="VALID"),
                           (img, f32(3, 3, 3, 4)))
    t["Conv2D:dilated"] = (raw("Conv2D", strides=[1, 1, 1, 1], padding="SAME",
                               dilations=[1, 2, 2, 1]), (img, f32(3, 3, 3, 2)))
    t["Conv2D:explicit"] = (raw("Conv2D", strides=[1, 1, 1, 1], padding="EXPLICIT",
                                explicit_paddings=[0, 0, 1, 2, 2, 1, 0, 0]),
                            (img, f32(3, 3, 3, 2)))
    t["DepthwiseConv2dNative"] = (raw("DepthwiseConv2dNative", strides=[1, 1, 1, 1],
                                      padding="SAME"), (img, f32(3, 3, 3, 2)))
    t["DepthwiseConv2dNative:strided"] = (raw("DepthwiseConv2dNative", strides=[1, 2, 2, 1],
                                              padding="VALID"), (img, f32(3, 3, 3, 1)))
    def conv3d_t(strides, padding, sizes):
        return lambda w, dy: tf.raw_ops.Conv3DBackpropInputV2(
            input_sizes=tf.constant(sizes), filter=w, out_backprop=dy, strides=strides,
            padding=padding)
    t["Conv3DBackpropInputV2"] = (conv3d_t([1, 2, 2, 2, 1], "SAME", [2, 6, 7, 5, 3]),
                                  (f32(3, 3, 2, 3, 4), f32(2, 3, 4, 3, 4)))
    t["Conv3DBackpropInputV2:valid"] = (conv3d_t([1, 1, 2, 1, 1], "VALID", [1, 5, 7, 4, 2]),
                                        (f32(2, 3, 2, 2, 3), f32(1, 4, 3, 3, 3)))
    for op in ("MaxPool", "AvgPool"):
        t[op] = (raw(op, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID"), (img,))
        t[op + ":same"] = (raw(op, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME"),
                           (img,))
    m = f32(3, 4, 5)
    for op in ("Sum", "Mean", "Max", "Min", "Prod"):
        t[op] = (raw(op, [1]), (m,))
        t[op + ":keep_dims"] = (raw(op, [0, 2], keep_dims=True), (m,))
    t["Sum:int32"] = (raw("Sum", [1]), (i32(3, 4),))
    for op in ("All", "Any"):
        t[op] = (raw(op, [1]), (bools(3, 4),))
        t[op + ":keep_dims"] = (raw(op, [0], keep_dims=True), (bools(3, 4),))
    t["ArgMax"] = (raw("ArgMax", 1), (m,))
    t["ArgMin"] = (raw("ArgMin", -1, output_type=tf.int32), (m,))
    t["Reshape"] = (raw("Reshape", [4, -1]), (m,))
    t["Transpose"] = (raw("Transpose", [2, 0, 1]), (m,))
    t["ExpandDims"] = (raw("ExpandDims", -1), (m,))
    t["Squeeze"] = (raw("Squeeze"), (f32(3, 1, 4, 1),))
    t["Squeeze:dims"] = (raw("Squeeze", axis=[1]), (f32(3, 1, 4, 1),))
    t["ConcatV2"] = (listed("ConcatV2", 1), (f32(2, 3), f32(2, 4), np.int32(-1)))
    t["Pack"] = (listed("Pack", axis=1), (f32(2, 3), f32(2, 3), f32(2, 3)))
    t["Unpack"] = (raw("Unpack", num=4, axis=1), (f32(3, 4, 2),))
    t["Cast"] = (raw("Cast", DstT=tf.int32), (f32(3, 4) * 4,))
    t["Cast:float"] = (raw("Cast", DstT=tf.float32), (i32(3, 4),))
    t["Cast:bool"] = (raw("Cast", DstT=tf.bool), (np.round(f32(3, 4)),))
    t["Tile"] = (raw("Tile", [2, 1, 3]), (f32(2, 3, 1),))
    pads = [[1, 2], [0, 1]]
    t["Pad"] = (raw("Pad", pads), (f32(3, 4),))
    t["PadV2"] = (raw("PadV2", pads, np.float32(1.5)), (f32(3, 4),))
    t["MirrorPad"] = (raw("MirrorPad", pads, mode="REFLECT"), (f32(3, 4),))
    t["MirrorPad:symmetric"] = (raw("MirrorPad", [[2, 1], [1, 2]], mode="SYMMETRIC"),
                                (f32(3, 4),))
    t["SelectV2"] = (raw("SelectV2"), (bools(3, 4), f32(3, 4), f32(4)))
    t["Select"] = (raw("Select"), (bools(3, 4), f32(3, 4), f32(3, 4)))
    t["GatherV2"] = (raw("GatherV2", 1), (f32(3, 5), np.asarray([4, 0, 2, 2], np.int32)))
    t["GatherV2:2d indices"] = (raw("GatherV2", 0), (f32(5, 3), i32(2, 3, lo=0, hi=5)))
    t["ZerosLike"] = (raw("ZerosLike"), (f32(3, 4),))
    t["OnesLike"] = (raw("OnesLike"), (f32(3, 4),))
    t["ClipByValue"] = (raw("ClipByValue"), (f32(3, 4), np.float32(-0.5), np.float32(0.7)))
    t["StridedSlice"] = (raw("StridedSlice", [0, 1], [3, -1], [1, 2]), (f32(3, 6),))
    t["StridedSlice:masks"] = (raw("StridedSlice", [1, 0, 0, 2], [0, 0, 0, 0], [1, 1, 1, -1],
                                   begin_mask=0b0010, end_mask=0b1010, ellipsis_mask=0b0100,
                                   shrink_axis_mask=0b0001, new_axis_mask=0),
                               (f32(3, 4, 2, 5),))
    t["StridedSlice:new_axis"] = (raw("StridedSlice", [0, 0, 1], [0, 0, 3], [1, 1, 1],
                                      begin_mask=1, end_mask=1, new_axis_mask=0b010),
                                  (f32(3, 4),))
    bn = (f32(2, 3, 3, 4), pos(4), f32(4), f32(4), pos(4))
    for op in ("FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"):
        t[op] = (_first(raw(op, epsilon=1e-3, is_training=False)), bn)
    t["ReverseV2"] = (raw("ReverseV2", [0, 2]), (m,))
    t["Slice"] = (raw("Slice", [1, 0, 2], [2, -1, 3]), (m,))
    t["SoftmaxCrossEntropyWithLogits"] = (
        raw("SoftmaxCrossEntropyWithLogits"),
        (f32(4, 5), np.eye(5, dtype=np.float32)[[0, 3, 1, 4]]))
    t["SoftmaxCrossEntropyWithLogits:loss"] = (
        _first(raw("SoftmaxCrossEntropyWithLogits")),
        (f32(4, 5), np.eye(5, dtype=np.float32)[[2, 0, 1, 4]]))
    # edge cases where TF's semantics are easy to get wrong
    t["Select:rows"] = (raw("Select"), (bools(3), f32(3, 4), f32(3, 4)))  # a vector picks rows
    t["Mean:int32"] = (raw("Mean", [1]), (i32(3, 4),))  # integer mean: truncated
    t["Prod:int32"] = (raw("Prod", [0]), (i32(3, 4, lo=-3, hi=4),))
    t["Max:int32"] = (raw("Max", [-1], keep_dims=True), (i32(3, 4),))
    t["Sign:int32"] = (raw("Sign"), (i32(3, 4),))
    t["FloorMod:negative divisor"] = (raw("FloorMod"), (f32(3, 4) * 5, -pos(3, 4)))
    t["FloorDiv:negative divisor"] = (raw("FloorDiv"), (f32(3, 4) * 5, -pos(3, 4)))
    t["Maximum:nan"] = (raw("Maximum"), (np.asarray([np.nan, 1.0, -2.0], np.float32),
                                         np.asarray([0.0, np.nan, 3.0], np.float32)))
    t["Minimum:nan"] = (raw("Minimum"), (np.asarray([np.nan, 1.0, -2.0], np.float32),
                                         np.asarray([0.0, np.nan, 3.0], np.float32)))
    t["Softplus:large"] = (raw("Softplus"), (np.asarray([-100.0, -20.0, 0.0, 20.0, 100.0],
                                                        np.float32),))
    t["Squeeze:negative"] = (raw("Squeeze", axis=[-1]), (f32(3, 1, 4, 1),))
    t["Unpack:negative"] = (raw("Unpack", num=2, axis=-1), (f32(3, 4, 2),))
    t["Pack:negative"] = (listed("Pack", axis=-1), (f32(2, 3), f32(2, 3)))
    t["StridedSlice:reverse"] = (raw("StridedSlice", [-1, 0], [0, 4], [-1, 2], end_mask=1),
                                 (f32(5, 4),))
    t["Pow:negative base"] = (raw("Pow"), (f32(3, 4), np.float32(3.0) * np.ones((3, 4),
                                                                              np.float32)))
    t["Einsum:ellipsis"] = (listed("Einsum", equation="...ij,...jk->...ik"),
                            (f32(2, 3, 4), f32(2, 4, 2)))
    t["Einsum"] = (listed("Einsum", equation="bij,bjk->bik"), (f32(2, 3, 4), f32(2, 4, 5)))
    t["Einsum:transpose"] = (listed("Einsum", equation="ij->ji"), (f32(3, 4),))
    # linalg / signal / image ops met in real programs (tf.linalg.svd(compute_uv=False), eigvalsh,
    # tf.abs of a complex tensor, tf.image.extract_patches)
    t["Svd:values"] = (_first(raw("Svd", compute_uv=False)), (f32(3, 5, 4),))
    t["SelfAdjointEigV2:values"] = (_first(raw("SelfAdjointEigV2", compute_v=False)),
                                    (f32(2, 4, 4),))
    t["ComplexAbs"] = (lambda x: tf.raw_ops.ComplexAbs(x=tf.complex(x, 2.0 * x)), (f32(3, 4),))
    t["ExtractImagePatches:same"] = (raw("ExtractImagePatches", ksizes=[1, 3, 3, 1],
                                         strides=[1, 2, 2, 1], rates=[1, 1, 1, 1],
                                         padding="SAME"), (f32(2, 7, 8, 3),))
    t["ExtractImagePatches:valid dilated"] = (raw("ExtractImagePatches", ksizes=[1, 2, 3, 1],
                                                  strides=[1, 1, 2, 1], rates=[1, 2, 1, 1],
                                                  padding="VALID"), (f32(1, 7, 8, 2),))
    # separable resizes: one constant matrix per axis (tf.image.resize bicubic/area/lanczos3,
    # antialiased bilinear)
    t["ResizeBicubic"] = (raw("ResizeBicubic", [7, 5], half_pixel_centers=True),
                          (f32(2, 4, 6, 3),))
    t["ResizeBicubic:align_corners"] = (raw("ResizeBicubic", [3, 9], align_corners=True),
                                        (f32(1, 5, 4, 2),))
    t["ResizeArea"] = (raw("ResizeArea", [3, 7]), (f32(2, 5, 4, 3),))
    t["ScaleAndTranslate:lanczos3"] = (
        raw("ScaleAndTranslate", [9, 4], [1.5, 0.5], [0.0, 0.0], kernel_type="lanczos3"),
        (f32(2, 6, 8, 2),))
    t["ScaleAndTranslate:triangle"] = (
        raw("ScaleAndTranslate", [3, 5], [0.5, 0.625], [0.0, 0.0], kernel_type="triangle"),
        (f32(1, 6, 8, 3),))
    # TensorList (tf.TensorArray, Keras RNN loops): carried as one dense array
    tl = tf.raw_ops
    f = tf.float32

    def from_tensor(x):
        return tl.TensorListFromTensor(tensor=x, element_shape=x.shape[1:])

    def stack(h, shape):
        return tl.TensorListStack(input_handle=h, element_shape=shape, element_dtype=f)
    t["TensorListFromTensor"] = (lambda x: stack(from_tensor(x), [4]) * 2.0, (f32(3, 4),))
    t["TensorListStack"] = (lambda x: stack(from_tensor(x), [2, 2]), (f32(3, 2, 2),))
    t["TensorListGetItem"] = (lambda x: tl.TensorListGetItem(
        input_handle=from_tensor(x), index=1, element_shape=[4], element_dtype=f), (f32(3, 4),))
    t["TensorListSetItem"] = (lambda x, y: stack(tl.TensorListSetItem(
        input_handle=from_tensor(x), index=2, item=y), [4]), (f32(3, 4), f32(4)))
    t["TensorListReserve"] = (lambda y: stack(tl.TensorListSetItem(
        input_handle=tl.TensorListSetItem(
            input_handle=tl.TensorListReserve(element_shape=[3], num_elements=2,
                                              element_dtype=f), index=0, item=y),
        index=1, item=y * 2.0), [3]), (f32(3),))
    t["TensorListLength"] = (lambda x: tl.TensorListLength(input_handle=from_tensor(x)),
                             (f32(5, 2),))
    # segment reductions (tf.math.unsorted_segment_*, tf.math.segment_*): negative ids are
    # dropped, empty segments get the op's identity; ids may be a multi-dimensional prefix
    ids = np.asarray([0, 2, 2, -1, 3, 0, -2], np.int32)
    for op in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
               "UnsortedSegmentProd"):
        t[op] = (raw(op, 5), (f32(7, 3), ids))
    t["UnsortedSegmentSum:2-d ids"] = (raw("UnsortedSegmentSum", 3),
                                       (f32(2, 3, 4), np.asarray([[0, 1, 2], [2, 2, 0]],
                                                                 np.int32)))
    t["UnsortedSegmentMax:int32"] = (raw("UnsortedSegmentMax", 4), (i32(7, 2), ids))
    for op in ("SegmentSum", "SegmentMax", "SegmentMin", "SegmentProd", "SegmentMean"):
        t[op] = (raw(op, np.asarray([0, 0, 2, 2, 3, 3, 3], np.int32)), (f32(7, 3),))
    # tf.math.cumulative_logsumexp: exclusive / reverse, large values (no exp overflow)
    for ex in (False, True):
        for rev in (False, True):
            t[f"CumulativeLogsumexp:exclusive={ex},reverse={rev}"] = (
                raw("CumulativeLogsumexp", 1, exclusive=ex, reverse=rev), (f32(3, 9) * 40,))
    t["CumulativeLogsumexp"] = (raw("CumulativeLogsumexp", -1), (f32(2, 3, 5),))
    # the rest of tf2onnx's elementwise, scatter and layout ops (capture/tensorflow_array_ops.py)
    for op in ("Asinh", "Tan", "IsInf", "Rint"):
        t[op] = (raw(op), (np.asarray([[-2.5, -0.5, 0.5, 1.5], [2.5, 0.3, -1.7, 3.0]],
                                      np.float32) if op == "Rint" else unit(3, 4),))
    t["IsInf"] = (raw("IsInf"), (np.asarray([1.0, np.inf, -np.inf, np.nan], np.float32),))
    t["Acosh"] = (raw("Acosh"), (pos(3, 4) + 1.0,))
    t["Atanh"] = (raw("Atanh"), (unit(3, 4),))
    t["Invert"] = (raw("Invert"), (i32(3, 4),))
    for op in ("BitwiseXor", "LeftShift", "RightShift"):
        t[op] = (raw(op), (i32(3, 4, lo=0, hi=64), i32(3, 4, lo=0, hi=5)))
    t["PlaceholderWithDefault"] = (lambda x: tf.raw_ops.PlaceholderWithDefault(
        input=x * 2.0, shape=[3, 4]), (f32(3, 4),))
    t["AddN"] = (listed("AddN"), (f32(3, 4), f32(3, 4), f32(3, 4)))
    t["Concat"] = (lambda x, y: tf.raw_ops.Concat(concat_dim=tf.constant(1), values=[x, y]),
                   (f32(3, 2), f32(3, 4)))
    t["Gather"] = (raw("Gather"), (f32(5, 3), np.asarray([[4, 0], [2, 2]], np.int32)))
    for ex in (False, True):
        for rev in (False, True):
            t[f"Cumprod:exclusive={ex},reverse={rev}"] = (
                raw("Cumprod", 1, exclusive=ex, reverse=rev), (pos(3, 5),))
    t["Roll"] = (raw("Roll", [2, -1], [0, 1]), (f32(4, 5),))
    t["InvertPermutation"] = (raw("InvertPermutation"), (np.asarray([3, 0, 4, 1, 2], np.int32),))
    sidx = np.asarray([[1], [3], [1]], np.int32)
    t["ScatterNd"] = (raw("ScatterNd", [5, 2]), (sidx, f32(3, 2)))
    uidx = np.asarray([[1], [3]], np.int32)
    for op in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub",
               "TensorScatterMax", "TensorScatterMin"):
        t[op] = (raw(op), (f32(5, 2), uidx, f32(2, 2)))
    t["DepthToSpace"] = (raw("DepthToSpace", block_size=2), (f32(2, 3, 4, 8),))
    t["SpaceToDepth"] = (raw("SpaceToDepth", block_size=2), (f32(2, 4, 6, 3),))
    t["ReverseSequence"] = (raw("ReverseSequence", seq_dim=1, batch_dim=0),
                            (f32(3, 5, 2), np.asarray([2, 5, 0], np.int64)))
    t["ReverseSequence:batch after seq"] = (raw("ReverseSequence", seq_dim=0, batch_dim=2),
                                            (f32(4, 2, 3), np.asarray([1, 3, 4], np.int32)))
    t["MatrixDiagPartV2"] = (raw("MatrixDiagPartV2", 0, 0.0), (f32(2, 3, 4),))
    t["MaxPoolV2"] = (raw("MaxPoolV2", [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME"),
                      (f32(2, 5, 5, 3),))
    t["LRN"] = (raw("LRN", depth_radius=2, bias=1.5, alpha=0.3, beta=0.75), (f32(2, 3, 3, 7),))
    t["Bincount"] = (raw("Bincount", 6, np.zeros((0,), np.float32)),
                     (np.asarray([0, 2, 2, 7, 5, 1, 2], np.int32),))
    t["Bincount:weights"] = (lambda a, w: tf.raw_ops.Bincount(arr=a, size=4, weights=w),
                             (np.asarray([0, 2, 2, 3, 9], np.int32), pos(5)))
    t["DenseBincount"] = (raw("DenseBincount", 5, np.zeros((0,), np.float32)),
                          (np.asarray([0, 2, 2, 7, 4, 1], np.int32),))
    t["DenseBincount:2-d, weights"] = (
        lambda a, w: tf.raw_ops.DenseBincount(input=a, size=4, weights=w),
        (np.asarray([[0, 2, 2], [3, 1, 9]], np.int32), pos(2, 3)))
    t["DenseBincount:binary"] = (raw("DenseBincount", 4, np.zeros((0,), np.int32),
                                     binary_output=True),
                                 (np.asarray([[0, 2, 2], [3, 3, 1]], np.int32),))
    mp = {"ksize": [1, 3, 3, 1], "strides": [1, 2, 2, 1]}
    t["MaxPoolWithArgmax"] = (raw("MaxPoolWithArgmax", padding="SAME", **mp),
                              (f32(2, 6, 5, 3),))
    t["MaxPoolWithArgmax:valid, batch in index"] = (
        raw("MaxPoolWithArgmax", padding="VALID", include_batch_in_index=True, **mp),
        (f32(2, 7, 7, 2),))
    return t


TABLE = _table()
NAMES = sorted(TABLE)


def _op(case: str) -> str:
    return case.split(":")[0]


def _program(case):
    fn, args = TABLE[case]

    def prog(*xs):
        return fn(*xs)
    prog.__name__ = "op_" + "".join(c if c.isalnum() else "_" for c in case)
    return prog, args


def _sampled(every: int) -> list[str]:
    return NAMES if FULL else NAMES[::every]


def test_table_covers_rules():
    missing = sorted(set(ctf.RULES) - {_op(c) for c in TABLE})
    assert not missing, f"raw ops in RULES without a case in TABLE: {missing}"
    extra = sorted({_op(c) for c in TABLE} - set(ctf.RULES))
    assert not extra, f"cases for raw ops RULES does not map: {extra}"


def test_each_case_uses_its_raw_op():
    for case in _sampled(4):
        fn, args = TABLE[case]
        specs = [tf.TensorSpec(np.shape(a), tf.as_dtype(np.asarray(a).dtype)) for a in args]
        g = tf.function(fn).get_concrete_function(*specs).graph
        assert _op(case) in {op.type for op in g.get_operations()}, case


def _forward(target: str, every: int):
    ok, known, refused, bad = [], [], [], []
    for case in _sampled(every):
        prog, args = _program(case)
        try:
            t = ivy.transpile(prog, source="tensorflow", target=target, args=args)
            got = fw.tree_to_numpy(t(*args))
            res = fw.compare_trees(ctf.run_native(prog, args, {}), got)
            why = None if all(r["ok"] for r in res) else str(res)
        except TranspileError as e:
            why = f"refused: {e}"
        if why is None:
            ok.append(case)
        elif target in KNOWN.get(case, ((),))[0]:
            known.append(case)
        elif why.startswith("refused"):
            refused.append((case, why))
        else:
            bad.append((case, why))
    print(f"\nTF raw ops -> {target}: {len(ok)} ok, {len(known)} known, {len(refused)} refused, "
          f"{len(bad)} differ (of {len(ok) + len(known) + len(refused) + len(bad)} cases)")
    return ok, known, refused, bad


@pytest.mark.parametrize("target", ["numpy", "jax", "torch"])
def test_raw_op_forward(target):
    ok, known, refused, bad = _forward(target, EVERY[target])
    assert not bad and not refused, bad + refused
    assert ok


#: inputs the gradient is not compared for: TF's FusedBatchNorm gradient in inference mode
#: gives none for the moving mean and variance (it treats them as constants; the emitted code
#: differentiates them like any other input)
GRAD_SKIP = {"FusedBatchNorm": (3, 4), "FusedBatchNormV2": (3, 4), "FusedBatchNormV3": (3, 4)}


def _differentiable(case) -> bool:
    fn, args = TABLE[case]
    if _op(case) in ("Floor", "Ceil", "Round", "Sign", "FloorDiv", "FloorMod", "ZerosLike",
                     "OnesLike", "Cast", "TruncateDiv"):
        return False  # piecewise constant: both sides give zeros, nothing to compare
    if not any(np.asarray(a).dtype == np.float32 for a in args):
        return False
    return any(o.dtype.is_floating for o in tf.nest.flatten(fn(*args)))


def _tf_grads(prog, args, fidx):
    xs = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        for k in fidx:
            tape.watch(xs[k])
        outs = [o for o in tf.nest.flatten(prog(*xs)) if o.dtype.is_floating]
        total = tf.add_n([tf.reduce_sum(o * fw.cotangent(o.shape, np.float32, i))
                          for i, o in enumerate(outs)])
    gs = tape.gradient(total, [xs[k] for k in fidx])
    return [np.zeros(np.shape(args[k]), np.float32) if g is None
            else np.asarray(tf.convert_to_tensor(g)) for k, g in zip(fidx, gs, strict=True)]


def _jax_grads(t, args, fidx):
    import jax
    import jax.numpy as jnp

    def total(*fl):
        a = [jnp.asarray(x) for x in args]
        for k, v in zip(fidx, fl, strict=True):
            a[k] = v
        outs = [o for o in jax.tree_util.tree_leaves(t.fn(*a))
                if jnp.issubdtype(o.dtype, jnp.floating)]
        return sum(jnp.sum(o * fw.cotangent(o.shape, np.float32, i)) for i, o in enumerate(outs))

    g = jax.grad(total, argnums=tuple(range(len(fidx))))(*[jnp.asarray(args[k]) for k in fidx])
    return [np.asarray(v) for v in g]


def test_raw_op_gradient_through_jax():
    """``jax.grad`` through the emitted JAX code equals ``tf.GradientTape``'s gradient (rtol 1e-4
    relative to the gradient's magnitude)."""
    ok, known, bad = [], [], []
    for case in _sampled(EVERY["grad"]):
        if not _differentiable(case):
            continue
        prog, args = _program(case)
        fidx = [k for k, a in enumerate(args) if np.asarray(a).dtype == np.float32
                and k not in GRAD_SKIP.get(case, ())]
        try:
            t = ivy.transpile(prog, source="tensorflow", target="jax", args=args)
            ref, got = _tf_grads(prog, args, fidx), _jax_grads(t, args, fidx)
            why = None
            for r, g in zip(ref, got, strict=True):
                good, _, w = fw.difference(r, g, rtol=1e-4)
                if not good:
                    why = w
        except Exception as e:  # noqa: BLE001 - emitted code jax.grad cannot go through
            why = f"{type(e).__name__}: {str(e)[:300]}"
        if why is None:
            ok.append(case)
        elif "grad" in KNOWN.get(case, ((),))[0]:
            known.append(case)
        else:
            bad.append((case, why))
    print(f"\nTF raw ops, gradient through the emitted JAX code: {len(ok)} equal "
          f"tf.GradientTape's, {len(known)} known, {len(bad)} differ")
    assert not bad, bad
    assert ok
