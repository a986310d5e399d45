"""tf.nn: activations, normalisation, convolutions, pooling and losses as ``ivy.*`` compositions
(NHWC / channel-last defaults, TensorFlow's SAME/VALID/explicit padding)."""

from __future__ import annotations

import ivy

from . import _functions as _F
from . import random as _random
from ._core import (
    BY_NAME,
    KIND,
    Tensor,
    convert_to_tensor,
    invalid,
    name_of,
    nat,
    not_implemented,
    wrap,
)
from ._functions import FLOAT, INEXACT, REAL, check, match

sigmoid, tanh, softplus = _F.sigmoid, _F.tanh, _F.softplus
erf = _F.erf
top_k = _F.top_k


def _u(fn, op, allowed=FLOAT):
    def f(features, name=None):
        d = nat(features)
        check(op, name_of(d), allowed)
        return wrap(fn(d))
    f.__name__ = op
    return f


relu = _u(ivy.relu, "Relu", REAL)
relu6 = _u(lambda x: ivy.minimum(ivy.relu(x), ivy.astype(ivy.asarray(6), name_of(x))),
           "Relu6", REAL)
elu = _u(lambda x: ivy.elu(x), "Elu")
selu = _u(ivy.selu, "Selu")
softsign = _u(ivy.softsign, "Softsign")


def gelu(features, approximate=False, name=None):
    d = nat(features)
    check("Gelu", name_of(d), FLOAT)
    return wrap(ivy.gelu(d, approximate=bool(approximate)))


def silu(features, beta=1.0):
    d = nat(features)
    check("Silu", name_of(d), FLOAT)
    if beta == 1.0:
        return wrap(ivy.multiply(d, ivy.sigmoid(d)))
    b = nat(beta, BY_NAME[name_of(d)])
    return wrap(ivy.multiply(d, ivy.sigmoid(ivy.multiply(d, b))))


swish = silu


def leaky_relu(features, alpha=0.2, name=None):
    d = nat(features)
    check("LeakyRelu", name_of(d), FLOAT + ("int32", "int64", "int8", "int16"))
    if KIND[name_of(d)] in "iu":
        d = ivy.astype(d, "float32")
    return wrap(ivy.where(ivy.greater(d, 0), d, ivy.multiply(d, alpha)))


def crelu(features, name=None, axis=-1):
    d = nat(features)
    return wrap(ivy.relu(ivy.concat([d, ivy.negative(d)], axis=axis)))


def _axis(d, axis):
    nd = len(d.shape)
    a = -1 if axis is None else int(axis)
    if not -nd <= a < nd:
        invalid(f"`axis` = {a} is out of range for rank {nd}", "Softmax")
    return a


def softmax(logits, axis=None, name=None):
    d = nat(logits)
    check("Softmax", name_of(d), FLOAT)
    return wrap(ivy.softmax(d, axis=_axis(d, axis)))


def log_softmax(logits, axis=None, name=None):
    d = nat(logits)
    check("LogSoftmax", name_of(d), FLOAT)
    return wrap(ivy.log_softmax(d, axis=_axis(d, axis)))


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    d = nat(x)
    check("L2Normalize", name_of(d), INEXACT)
    ax = _F._axis_list(axis if axis is not None else dim, len(d.shape))
    sq = ivy.sum(ivy.square(ivy.abs(d)), axis=ax, keepdims=True)
    inv = ivy.divide(ivy.ones_like(sq), ivy.sqrt(ivy.maximum(sq, epsilon)))
    return wrap(ivy.multiply(d, inv))


def l2_loss(t, name=None):
    d = nat(t)
    return wrap(ivy.divide(ivy.sum(ivy.square(d)), 2))


def moments(x, axes, shift=None, keepdims=False, name=None):
    d = nat(x)
    check("Moments", name_of(d), FLOAT)
    ax = _F._axis_list(axes, len(d.shape))
    m = ivy.mean(d, axis=ax, keepdims=True)
    v = ivy.mean(ivy.square(ivy.subtract(d, ivy.stop_gradient(m))), axis=ax, keepdims=True)
    if not keepdims:
        m, v = ivy.squeeze(m, axis=ax), ivy.squeeze(v, axis=ax)
    return wrap(m), wrap(v)


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    d = nat(x)
    n = BY_NAME[name_of(d)]
    inv = ivy.divide(ivy.ones_like(nat(variance, n)),
                     ivy.sqrt(ivy.add(nat(variance, n), variance_epsilon)))
    if scale is not None:
        inv = ivy.multiply(inv, nat(scale, n))
    off = ivy.negative(ivy.multiply(nat(mean, n), inv))
    if offset is not None:
        off = ivy.add(off, nat(offset, n))
    return wrap(ivy.add(ivy.multiply(d, inv), off))


def fused_batch_norm(x, scale, offset, mean=None, variance=None, epsilon=0.001,
                     data_format="NHWC", is_training=True, name=None,
                     exponential_avg_factor=1.0):
    if is_training:
        not_implemented("tf.nn.fused_batch_norm(is_training=True)")
    d = nat(x)
    c_axis = -1 if data_format in ("NHWC", "NDHWC") else 1
    shape = [1] * len(d.shape)
    shape[c_axis] = -1

    def r(v):
        return ivy.reshape(nat(v), tuple(shape))
    y = batch_normalization(wrap(d), wrap(r(mean)), wrap(r(variance)), wrap(r(offset)),
                            wrap(r(scale)), epsilon)
    return y, convert_to_tensor(mean), convert_to_tensor(variance)


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Zero each element with probability ``rate``, scale the rest by 1/(1-rate).
    The mask is drawn from the frontend's random stream (not TensorFlow's)."""
    d = nat(x)
    check("Dropout", name_of(d), FLOAT)
    rate = float(rate) if not isinstance(rate, Tensor) else float(rate.numpy())
    if not 0 <= rate < 1:
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                         f"Received: rate={rate}")
    if rate == 0:
        return wrap(d)
    ns = tuple(int(s) for s in d.shape) if noise_shape is None else tuple(_F._ints(noise_shape))
    u = _random.uniform(ns, dtype=name_of(d), seed=seed)._data
    keep = ivy.greater_equal(u, rate)
    return wrap(ivy.where(keep, ivy.divide(d, 1.0 - rate), ivy.zeros_like(d)))


# --------------------------------------------------------------------------------- convs
def _nt(v, n, name, full=None):
    """Spatial values from an int or a list of 1, n or n+2 entries (TensorFlow's forms)."""
    if v is None:
        return [1] * n
    if isinstance(v, (int,)) or (hasattr(v, "__index__") and not isinstance(v, (list, tuple))):
        return [int(v)] * n
    v = [int(e) for e in v]
    if len(v) == 1:
        return v * n
    if len(v) == n:
        return v
    if len(v) == n + 2:
        if full == "first":
            return v[2:]
        return v[1:-1]
    raise ValueError(f"{name} should be of length 1, {n} or {n + 2} but was {len(v)}")


def _padding(padding, n, channels_first):
    if isinstance(padding, str):
        p = padding.upper()
        if p not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: {padding}")
        return p
    pads = [[int(a), int(b)] for a, b in padding]
    if len(pads) == n + 2:
        pads = pads[2:] if channels_first else pads[1:-1]
    if len(pads) != n:
        raise ValueError("explicit padding needs one [before, after] pair per dimension")
    return [tuple(p) for p in pads]


def _conv(op, x, filters, strides, padding, data_format, dilations, n, groups_from=None):
    (d, w), dt = match(op, x, filters)
    check(op, dt, FLOAT + ("int32",))
    cf = data_format is not None and data_format.startswith("NC")
    if len(d.shape) != n + 2:
        raise ValueError(f"input must be {n + 2}-dimensional, got shape {list(d.shape)}")
    s = _nt(strides, n, "strides", "first" if cf else None)
    dl = _nt(dilations, n, "dilations", "first" if cf else None)
    pad = _padding(padding, n, cf)
    cin = int(d.shape[1 if cf else -1])
    fin = int(w.shape[-2])
    if cin % fin:
        invalid(f"input depth must be evenly divisible by filter depth: {cin} vs {fin}", op)
    fn = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}[n]
    return wrap(fn(d, w, strides=tuple(s), padding=pad, dilations=tuple(dl), groups=cin // fin,
                   data_format="channel_first" if cf else "channel_last"))


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):  # noqa: A002
    return _conv("Conv1D", input, filters, stride, padding,
                 "NCW" if data_format == "NCW" else "NWC", dilations, 1)


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):  # noqa: A002
    return _conv("Conv2D", input, filters, strides, padding, data_format, dilations, 2)


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None, name=None):  # noqa: A002
    return _conv("Conv3D", input, filters, strides, padding, data_format, dilations, 3)


def convolution(input, filters, strides=None, padding="VALID", data_format=None,  # noqa: A002
                dilations=None, name=None):
    n = len(nat(input).shape) - 2
    return _conv("Conv", input, filters, strides, padding, data_format, dilations, n)


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None,  # noqa: A002
                     name=None):
    (d, w), dt = match("DepthwiseConv2dNative", input, filter)
    check("DepthwiseConv2dNative", dt, FLOAT)
    cf = data_format is not None and data_format.startswith("NC")
    kh, kw, cin, mult = (int(s) for s in w.shape)
    if int(d.shape[1 if cf else -1]) != cin:
        invalid("input and filter must have the same depth", "DepthwiseConv2dNative")
    w2 = ivy.reshape(w, (kh, kw, 1, cin * mult))
    s = _nt(strides, 2, "strides", "first" if cf else None)
    dl = _nt(dilations, 2, "dilations", "first" if cf else None)
    return wrap(ivy.conv2d(d, w2, strides=tuple(s), padding=_padding(padding, 2, cf),
                           dilations=tuple(dl), groups=cin,
                           data_format="channel_first" if cf else "channel_last"))


def _conv_transpose(op, x, filters, output_shape, strides, padding, data_format, dilations, n):
    (d, w), dt = match(op, x, filters)
    check(op, dt, FLOAT)
    cf = data_format is not None and data_format.startswith("NC")
    s = _nt(strides, n, "strides", "first" if cf else None)
    dl = _nt(dilations, n, "dilations", "first" if cf else None)
    oshape = _F._ints(output_shape)
    osp = oshape[2:] if cf else oshape[1:-1]
    isp = [int(v) for v in (d.shape[2:] if cf else d.shape[1:-1])]
    ks = [int(v) for v in w.shape[:n]]
    if int(w.shape[-1]) != int(d.shape[1 if cf else -1]):
        invalid("input and filter must have the same depth", op)
    if isinstance(padding, str):
        p = padding.upper()
        crops = []
        for i, o, k, st, dd in zip(isp, osp, ks, s, dl, strict=False):
            keff = dd * (k - 1) + 1
            full = (i - 1) * st + keff
            if p == "VALID":
                if -(-(o - keff + 1) // st) != i:
                    invalid("Conv2DSlowBackpropInput: Size of out_backprop doesn't match "
                            "computed", op)
                before = 0
            elif p == "SAME":
                if -(-o // st) != i:
                    invalid("Conv2DSlowBackpropInput: Size of out_backprop doesn't match "
                            "computed", op)
                before = max((i - 1) * st + keff - o, 0) // 2
            else:
                raise ValueError(f"Unknown padding: {padding}")
            crops.append((before, full - o - before))
    else:
        pads = _padding(padding, n, cf)
        crops = []
        for i, o, k, st, dd, (a, _b) in zip(isp, osp, ks, s, dl, pads, strict=False):
            full = (i - 1) * st + dd * (k - 1) + 1
            crops.append((a, full - o - a))
    fn = {1: ivy.conv1d_transpose, 2: ivy.conv2d_transpose, 3: ivy.conv3d_transpose}[n]
    r = fn(d, w, strides=tuple(s), padding=crops, dilations=tuple(dl),
           data_format="channel_first" if cf else "channel_last")
    if [int(v) for v in r.shape] != oshape:
        invalid(f"conv transpose output shape {list(r.shape)} does not match output_shape "
                f"{oshape}", op)
    return wrap(r)


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NHWC", dilations=None, name=None):
    return _conv_transpose("Conv2DBackpropInput", input, filters, output_shape, strides,
                           padding, data_format, dilations, 2)


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NWC", dilations=None, name=None):
    return _conv_transpose("Conv2DBackpropInput", input, filters, output_shape, strides,
                           padding, data_format, dilations, 1)


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NDHWC", dilations=None, name=None):
    return _conv_transpose("Conv3DBackpropInputV2", input, filters, output_shape, strides,
                           padding, data_format, dilations, 3)


def _pool(op, kind, input, ksize, strides, padding, data_format, n):  # noqa: A002
    d = nat(input)
    check(op, name_of(d), REAL if kind == "max" else FLOAT)
    if len(d.shape) != n + 2:
        raise ValueError(f"Input tensor must be of rank {n + 2}")
    cf = data_format is not None and data_format.startswith("NC")
    k = _nt(ksize, n, "ksize", "first" if cf else None)
    s = _nt(strides, n, "strides", "first" if cf else None)
    pad = _padding(padding, n, cf)
    fmt = "channel_first" if cf else "channel_last"
    if kind == "max":
        fn = {1: ivy.max_pool1d, 2: ivy.max_pool2d, 3: ivy.max_pool3d}[n]
        return wrap(fn(d, tuple(k), strides=tuple(s), padding=pad, data_format=fmt))
    if not isinstance(pad, str):
        not_implemented("tf.nn.avg_pool with explicit padding")
    fn = {1: ivy.avg_pool1d, 2: ivy.avg_pool2d, 3: ivy.avg_pool3d}[n]
    return wrap(fn(d, tuple(k), strides=tuple(s), padding=pad, data_format=fmt,
                   count_include_pad=False))


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):  # noqa: A002
    return _pool("MaxPool", "max", input, ksize, strides, padding, data_format, 1)


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    return _pool("MaxPool", "max", input, ksize, strides, padding, data_format, 2)


def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):  # noqa: A002
    return _pool("MaxPool3D", "max", input, ksize, strides, padding, data_format, 3)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):  # noqa: A002
    return _pool("AvgPool", "avg", input, ksize, strides, padding, data_format, 1)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    return _pool("AvgPool", "avg", input, ksize, strides, padding, data_format, 2)


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):  # noqa: A002
    return _pool("AvgPool3D", "avg", input, ksize, strides, padding, data_format, 3)


def max_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    n = len(nat(input).shape) - 2
    return _pool("MaxPool", "max", input, ksize, strides, padding, data_format, n)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    n = len(nat(input).shape) - 2
    return _pool("AvgPool", "avg", input, ksize, strides, padding, data_format, n)


def bias_add(value, bias, data_format=None, name=None):
    (d, b), dt = match("BiasAdd", value, bias)
    check("BiasAdd", dt, REAL)
    if len(b.shape) != 1:
        invalid(f"Biases must be 1D: {list(b.shape)}", "BiasAdd")
    if len(d.shape) < 2:
        invalid(f"Input tensor must be at least 2D: {list(d.shape)}", "BiasAdd")
    cf = data_format is not None and data_format.startswith("NC")
    c = 1 if cf else -1
    if int(d.shape[c]) != int(b.shape[0]):
        invalid(f"Must provide as many biases as the channel dimension of the input tensor: "
                f"{list(b.shape)} vs. {list(d.shape)}", "BiasAdd")
    if cf:
        b = ivy.reshape(b, (-1,) + (1,) * (len(d.shape) - 2))
    return wrap(ivy.add(d, b))


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    lg = nat(logits)
    lb = nat(labels)
    check("SparseSoftmaxCrossEntropyWithLogits", name_of(lg), FLOAT)
    if tuple(lb.shape) != tuple(lg.shape[:-1]):
        raise ValueError(f"`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={list(lb.shape)} and logits.shape={list(lg.shape)}")
    n = int(lg.shape[-1])
    _F._check_index_range(lb, n, "SparseSoftmaxCrossEntropyWithLogits")
    ls = ivy.log_softmax(lg, axis=-1)
    picked = ivy.take_along_axis(ls, ivy.expand_dims(ivy.astype(lb, "int64"), axis=-1), axis=-1)
    return wrap(ivy.negative(ivy.squeeze(picked, axis=-1)))


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    (lb, lg), dt = match("SoftmaxCrossEntropyWithLogits", labels, logits)
    check("SoftmaxCrossEntropyWithLogits", dt, FLOAT)
    ls = ivy.log_softmax(lg, axis=axis)
    return wrap(ivy.negative(ivy.sum(ivy.multiply(lb, ls), axis=axis)))


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    (z, x), dt = match("SigmoidCrossEntropyWithLogits", labels, logits)
    check("SigmoidCrossEntropyWithLogits", dt, FLOAT)
    if tuple(z.shape) != tuple(x.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received "
                         f"({list(x.shape)} vs {list(z.shape)}).")
    r = ivy.add(ivy.subtract(ivy.relu(x), ivy.multiply(x, z)),
                ivy.log1p(ivy.exp(ivy.negative(ivy.abs(x)))))
    return wrap(r)


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    (z, x), dt = match("WeightedCrossEntropy", labels, logits)
    q = nat(pos_weight, BY_NAME[dt])
    lw = ivy.add(1.0, ivy.multiply(ivy.subtract(q, 1.0), z))
    r = ivy.add(ivy.multiply(ivy.subtract(1.0, z), x), ivy.multiply(lw, ivy.add(
        ivy.log1p(ivy.exp(ivy.negative(ivy.abs(x)))), ivy.relu(ivy.negative(x)))))
    return wrap(r)


def embedding_lookup(params, ids, max_norm=None, name=None):
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            not_implemented("tf.nn.embedding_lookup with sharded params")
        params = params[0]
    p = nat(params)
    r = _F.gather(wrap(p), ids)._data
    if max_norm is not None:
        nrm = ivy.sqrt(ivy.sum(ivy.square(r), axis=-1, keepdims=True))
        r = ivy.where(ivy.greater(nrm, max_norm), ivy.multiply(r, ivy.divide(max_norm, nrm)), r)
    return wrap(r)


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5,  # noqa: A002
                                 name=None):
    """x / (bias + alpha * sum of squares over the depth window [c - r, c + r]) ** beta."""
    d = nat(input)
    check("LRN", name_of(d), ("float16", "bfloat16", "float32"))
    r = int(depth_radius)
    c = int(d.shape[-1])
    sq = ivy.pad(ivy.square(d), [(0, 0)] * (len(d.shape) - 1) + [(r, r)])
    acc = None
    for k in range(2 * r + 1):
        part = ivy.get_item(sq, (Ellipsis, slice(k, k + c)))
        acc = part if acc is None else ivy.add(acc, part)
    return wrap(ivy.divide(d, ivy.pow(ivy.add(ivy.multiply(acc, float(alpha)), float(bias)),
                                      float(beta))))


lrn = local_response_normalization


def ctc_loss(*a, **k):
    not_implemented("tf.nn.ctc_loss")


def safe_embedding_lookup_sparse(*a, **k):
    not_implemented("tf.nn.safe_embedding_lookup_sparse")


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    d = nat(per_example_loss)
    if sample_weight is not None:
        d = ivy.multiply(d, nat(sample_weight, BY_NAME[name_of(d)]))
    n = global_batch_size if global_batch_size is not None else int(d.shape[0])
    return wrap(ivy.divide(ivy.sum(d), n))


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    (t, li), dt = match("LogPoissonLoss", targets, log_input)
    r = ivy.subtract(ivy.exp(li), ivy.multiply(li, t))
    if compute_full_loss:
        not_implemented("tf.nn.log_poisson_loss(compute_full_loss=True)")
    return wrap(r)



def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    c = nat(counts)
    m = ivy.divide(nat(mean_ss), c)
    if shift is not None:
        m = ivy.add(m, nat(shift))
        v = ivy.subtract(ivy.divide(nat(variance_ss), c), ivy.square(ivy.subtract(m, nat(shift))))
    else:
        v = ivy.subtract(ivy.divide(nat(variance_ss), c), ivy.square(m))
    return wrap(m), wrap(v)


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    d = nat(x)
    ax = _F._axis_list(axes, len(d.shape))
    cnt = 1
    for a in ax:
        cnt *= int(d.shape[a])
    if shift is not None:
        d = ivy.subtract(d, nat(shift, BY_NAME[name_of(d)]))
    ms = ivy.sum(d, axis=ax, keepdims=bool(keepdims))
    vs = ivy.sum(ivy.square(d), axis=ax, keepdims=bool(keepdims))
    return (wrap(ivy.asarray(cnt, dtype=name_of(d))), wrap(ms), wrap(vs),
            None if shift is None else convert_to_tensor(shift))


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    (d, w), n = match("WeightedMoments", x, wrap(ivy.broadcast_to(
        nat(frequency_weights, BY_NAME[name_of(nat(x))]), tuple(nat(x).shape))))
    ax = _F._axis_list(axes, len(d.shape))
    sw = ivy.sum(w, axis=ax, keepdims=True)
    m = ivy.divide(ivy.sum(ivy.multiply(d, w), axis=ax, keepdims=True), sw)
    v = ivy.divide(ivy.sum(ivy.multiply(w, ivy.square(ivy.subtract(d, m))), axis=ax,
                           keepdims=True), sw)
    if not keepdims:
        m, v = ivy.squeeze(m, axis=ax), ivy.squeeze(v, axis=ax)
    return wrap(m), wrap(v)


def depth_to_space(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    d = nat(input)
    if data_format != "NHWC":
        not_implemented("tf.nn.depth_to_space(data_format != 'NHWC')")
    b = int(block_size)
    n, h, w, c = (int(s) for s in d.shape)
    if c % (b * b):
        invalid("Input depth dimension should be divisible by block_size^2", "DepthToSpace")
    r = ivy.reshape(d, (n, h, w, b, b, c // (b * b)))
    r = ivy.permute_dims(r, (0, 1, 3, 2, 4, 5))
    return wrap(ivy.reshape(r, (n, h * b, w * b, c // (b * b))))


def space_to_depth(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    d = nat(input)
    if data_format != "NHWC":
        not_implemented("tf.nn.space_to_depth(data_format != 'NHWC')")
    b = int(block_size)
    n, h, w, c = (int(s) for s in d.shape)
    if h % b or w % b:
        invalid("Image height and width must be divisible by block_size", "SpaceToDepth")
    r = ivy.reshape(d, (n, h // b, b, w // b, b, c))
    r = ivy.permute_dims(r, (0, 1, 3, 2, 4, 5))
    return wrap(ivy.reshape(r, (n, h // b, w // b, b * b * c)))


def atrous_conv2d(value, filters, rate, padding, name=None):
    return conv2d(value, filters, 1, padding, dilations=int(rate))


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,  # noqa: A002
                     data_format=None, dilations=None, name=None):
    h = depthwise_conv2d(input, depthwise_filter, strides, padding, data_format, dilations)
    return conv2d(h, pointwise_filter, 1, "VALID", data_format or "NHWC")


def in_top_k(targets, predictions, k, name=None):
    p, t = nat(predictions), nat(targets)
    tv = ivy.take_along_axis(p, ivy.expand_dims(ivy.astype(t, "int64"), axis=-1), axis=-1)
    greater_cnt = ivy.sum(ivy.astype(ivy.greater(p, tv), "int32"), axis=-1)
    ok = ivy.less(greater_cnt, int(k))
    finite = ivy.all(ivy.isfinite(p), axis=-1)
    return wrap(ivy.logical_and(ok, finite))


zero_fraction = _F.zero_fraction


from ._functions import space_to_batch  # noqa: E402,F401


def pool(input, window_shape, pooling_type, strides=None, padding="VALID",  # noqa: A002
         data_format=None, dilations=None, name=None):
    n = len(list(window_shape))
    if dilations is not None and any(int(v) != 1 for v in _F._ints(dilations)):
        not_implemented("tf.nn.pool", "dilations other than 1")
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"Unsupported pooling type: {pooling_type}")
    s = [1] * n if strides is None else strides
    if len(nat(input).shape) != n + 2:
        raise ValueError(f"Input tensor must be of rank {n + 2}")
    kind, op = ("max", "MaxPool") if pooling_type == "MAX" else ("avg", "AvgPool")
    return _pool(op, kind, input, list(window_shape), s, padding, data_format, n)


def conv_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                   data_format=None, dilations=None, name=None):
    n = len(_F._ints(output_shape)) - 2 if not hasattr(output_shape, "shape") else \
        int(nat(output_shape).shape[0]) - 2
    fn = {1: conv1d_transpose, 2: conv2d_transpose, 3: conv3d_transpose}.get(n)
    if fn is None:
        raise ValueError(f"output_shape must be of length 3, 4 or 5 but was {n + 2}.")
    kw = {} if data_format is None else {"data_format": data_format}
    return fn(input, filters, output_shape, strides, padding=padding, dilations=dilations, **kw)


def batch_norm_with_global_normalization(input=None, mean=None, variance=None,  # noqa: A002
                                         beta=None, gamma=None, variance_epsilon=None,
                                         scale_after_normalization=None, name=None, t=None,
                                         m=None, v=None):
    x = input if input is not None else t
    mu = mean if mean is not None else m
    var = variance if variance is not None else v
    return batch_normalization(x, mu, var, beta, gamma if scale_after_normalization else None,
                               variance_epsilon)


def scale_regularization_loss(regularization_loss):
    d = nat(regularization_loss)
    return wrap(ivy.sum(d))


def dilation2d(input, filters, strides, padding, data_format="NHWC", dilations=None,  # noqa: A002
               name=None):
    """Grey-scale dilation: ``max`` over the in-bounds window of ``input + filters`` (from the
    dtype's lowest value, NaN skipped, as TF's kernel), ``filters`` of shape ``[kh, kw, C]``."""
    from ._functions import _ints
    from .image import _window_slices

    if data_format != "NHWC":
        raise ValueError("Data formats other than NHWC are not yet supported")
    (d, f), n = match("Dilation2D", input, filters)
    check("Dilation2D", n, ("float16", "bfloat16", "float32", "float64", "int8", "int16",
                            "int32", "int64", "uint8", "uint16", "uint32", "uint64"))
    if len(f.shape) != 3:
        invalid("filter must be 3-dimensional", "Dilation2D")
    st = _ints(strides)
    rt = [1, 1, 1, 1] if dilations is None else _ints(dilations)
    kh, kw = int(f.shape[0]), int(f.shape[1])
    # TF's kernel: start from the dtype's lowest value and take ``input + filter`` where it is
    # greater, over the in-bounds window positions only (NaN and -inf never win)
    views, oh, ow = _window_slices(d, (kh, kw), st[1:3], rt[1:3], padding, 0, "Dilation2D")
    ones = ivy.ones(tuple(d.shape), dtype="bool")
    masks, _, _ = _window_slices(ones, (kh, kw), st[1:3], rt[1:3], padding, False, "Dilation2D")
    low = float(ivy.finfo(n).min) if KIND[n] == "f" else int(ivy.iinfo(n).min)
    r = ivy.full((int(d.shape[0]), oh, ow, int(d.shape[3])), low, dtype=n)
    for i, (v, m) in enumerate(zip(views, masks, strict=True)):
        t = ivy.add(v, f[i // kw, i % kw])
        r = ivy.where(ivy.logical_and(m, ivy.greater(t, r)), t, r)
    return wrap(r)


def erosion2d(value, filters, strides, padding, data_format="NHWC", dilations=None,
              name=None):
    """TF's definition: ``-dilation2d(-value, reverse(filters, [0, 1]))``."""
    from ._functions import negative, reverse

    return negative(dilation2d(negative(value), reverse(filters, [0, 1]), strides, padding,
                               data_format, dilations))


# ------------------------------------------------------------------ added: samplers, k-max
all_candidate_sampler = _random.all_candidate_sampler
fixed_unigram_candidate_sampler = _random.fixed_unigram_candidate_sampler
learned_unigram_candidate_sampler = _random.learned_unigram_candidate_sampler


def _approx_k(op, operand, k, reduction_dimension, is_max):
    """TF's CPU kernel for ApproxTopK is exact: the sorted top (or bottom) ``k`` with int32
    indices (first index on ties)."""
    d = nat(operand)
    check("ApproxTopK", name_of(d), ("float16", "bfloat16", "float32"))
    nd = len(d.shape)
    if nd == 0:
        invalid("operand must be at least 1-D", "ApproxTopK")
    ax = int(reduction_dimension) % nd
    k = int(k)
    if k < 0 or k > int(d.shape[ax]):
        invalid(f"k must be in [0, {int(d.shape[ax])}], got {k}", "ApproxTopK")
    moved = ivy.moveaxis(d, ax, -1)
    idx = ivy.argsort(moved, axis=-1, descending=bool(is_max), stable=True)
    idx = ivy.get_item(idx, (Ellipsis, slice(0, k)))
    vals = ivy.take_along_axis(moved, idx, axis=-1)
    import collections

    out = collections.namedtuple("ApproxTopK", ["values", "indices"])
    return out(wrap(ivy.moveaxis(vals, -1, ax)),
               wrap(ivy.astype(ivy.moveaxis(idx, -1, ax), "int32")))


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    return _approx_k("approx_max_k", operand, k, reduction_dimension, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    return _approx_k("approx_min_k", operand, k, reduction_dimension, False)


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """(indices, ids, weights): the row and the *position in* ``sampled_candidates`` of each
    sampled candidate that equals a true class of that row, in TF's
    order (row by row, true column by column; a repeated candidate maps to its last position).
    The number of hits depends on the values (one host sync, as ``tf.where``)."""
    import collections

    tc, sc = nat(true_classes), nat(sampled_candidates)
    for v, i in ((tc, 0), (sc, 1)):
        if name_of(v) != "int64":
            invalid(f"cannot compute ComputeAccidentalHits as input #{i}(zero-based) was "
                    f"expected to be a int64 tensor but is a {name_of(v)} tensor",
                    "ComputeAccidentalHits")
    if len(tc.shape) != 2 or int(tc.shape[1]) != int(num_true):
        invalid("true_classes must be a matrix with num_true columns", "ComputeAccidentalHits")
    if len(sc.shape) != 1:
        invalid("sampled_candidates must be a vector", "ComputeAccidentalHits")
    s = int(sc.shape[0])
    # a candidate's position is its last occurrence
    later = ivy.greater(ivy.reshape(ivy.arange(s), (1, s)), ivy.reshape(ivy.arange(s), (s, 1)))
    dup_later = ivy.any(ivy.logical_and(later, ivy.equal(ivy.expand_dims(sc, axis=-1), sc)),
                        axis=-1)
    hit = ivy.logical_and(ivy.equal(ivy.expand_dims(tc, axis=-1), sc),
                          ivy.logical_not(dup_later))          # [batch, num_true, s]
    nz = ivy.nonzero(hit)
    out = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"])
    return out(wrap(ivy.astype(nz[0], "int32")), wrap(ivy.astype(nz[2], "int64")),
               wrap(ivy.full((int(nz[0].shape[0]),), -3.4028234663852886e38,
                             dtype="float32")))


def _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes,
                            num_true, sampled_values, subtract_log_q, remove_accidental_hits,
                            partition_strategy, seed):
    """TF's nn_impl._compute_sampled_logits (one weight shard)."""
    if isinstance(weights, (list, tuple)):
        if len(weights) != 1:
            not_implemented("tf.nn.nce_loss/sampled_softmax_loss", "sharded weights")
        weights = weights[0]
    if isinstance(biases, (list, tuple)):
        biases = biases[0]
    w, b, x = nat(weights), nat(biases), nat(inputs)
    lab = nat(labels)
    if name_of(lab) != "int64":
        lab = ivy.astype(lab, "int64")
    flat = ivy.reshape(lab, (-1,))
    if sampled_values is None:
        sampled_values = log_uniform_candidate_sampler(
            wrap(lab), num_true, num_sampled, True, num_classes, seed=seed)
    sampled, true_exp, samp_exp = (nat(v) for v in sampled_values)
    sampled = ivy.astype(sampled, "int64")
    all_ids = ivy.concat([flat, sampled], axis=0)
    all_w = ivy.take(w, all_ids, axis=0)
    n = int(flat.shape[0])
    true_w = ivy.get_item(all_w, slice(0, n))
    samp_w = ivy.get_item(all_w, slice(n, None))
    all_b = ivy.take(b, all_ids, axis=0)
    true_b = ivy.get_item(all_b, slice(0, n))
    samp_b = ivy.get_item(all_b, slice(n, None))
    dim = int(w.shape[1])
    bsz = int(x.shape[0])
    samp_logits = ivy.add(ivy.matmul(x, ivy.matrix_transpose(samp_w)), samp_b)
    tw = ivy.reshape(true_w, (bsz, int(num_true), dim))
    true_logits = ivy.add(ivy.sum(ivy.multiply(ivy.expand_dims(x, axis=1), tw), axis=-1),
                          ivy.reshape(true_b, (bsz, int(num_true))))
    if remove_accidental_hits:
        idx, ids, wts = compute_accidental_hits(wrap(lab), wrap(sampled), num_true)
        pos = ivy.equal(ivy.expand_dims(nat(ids), axis=-1),
                        ivy.arange(int(sampled.shape[0]), dtype="int64"))
        # scatter the hits: rows = idx, columns = sampled position of id
        rows = ivy.equal(ivy.expand_dims(ivy.astype(nat(idx), "int64"), axis=-1),
                         ivy.arange(bsz, dtype="int64"))       # [hits, bsz]
        cols = ivy.astype(pos, name_of(samp_logits))           # [hits, S]
        mask = ivy.matmul(ivy.matrix_transpose(ivy.astype(rows, name_of(samp_logits))), cols)
        samp_logits = ivy.add(samp_logits, ivy.multiply(mask, -3.4028234663852886e38))
    if subtract_log_q:
        true_logits = ivy.subtract(true_logits, ivy.log(ivy.astype(true_exp,
                                                                   name_of(true_logits))))
        samp_logits = ivy.subtract(samp_logits, ivy.log(ivy.astype(samp_exp,
                                                                   name_of(samp_logits))))
    out_logits = ivy.concat([true_logits, samp_logits], axis=1)
    out_labels = ivy.concat([ivy.divide(ivy.ones_like(true_logits), float(num_true)),
                             ivy.zeros_like(samp_logits)], axis=1)
    return out_logits, out_labels


def log_uniform_candidate_sampler(*a, **k):
    return _random.log_uniform_candidate_sampler(*a, **k)


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
             sampled_values=None, remove_accidental_hits=False, name="nce_loss"):
    logits, labels_ = _compute_sampled_logits(weights, biases, labels, inputs, num_sampled,
                                              num_classes, num_true, sampled_values, True,
                                              remove_accidental_hits, "div", None)
    loss = sigmoid_cross_entropy_with_logits(labels=wrap(labels_), logits=wrap(logits))._data
    return wrap(ivy.sum(loss, axis=1))


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                         sampled_values=None, remove_accidental_hits=True, seed=None,
                         name="sampled_softmax_loss"):
    logits, labels_ = _compute_sampled_logits(weights, biases, labels, inputs, num_sampled,
                                              num_classes, num_true, sampled_values, True,
                                              remove_accidental_hits, "div", seed)
    return softmax_cross_entropy_with_logits(labels=wrap(labels_), logits=wrap(logits))


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    if int(rate) < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    return conv2d_transpose(value, filters, output_shape, 1, padding=padding,
                            dilations=int(rate))


def _nhwc(d, cf):
    return ivy.permute_dims(d, (0, 2, 3, 1)) if cf else d


def _backprop_pads(insz, outsz, ks, s, dl, padding, cf):
    """Per spatial dim (before, after) padding of the forward conv."""
    if isinstance(padding, str):
        p = padding.upper()
        pads = []
        for i, o, k, st, dd in zip(insz, outsz, ks, s, dl, strict=False):
            keff = dd * (k - 1) + 1
            if p == "VALID":
                pads.append((0, 0))
            elif p == "SAME":
                tot = max((o - 1) * st + keff - i, 0)
                pads.append((tot // 2, tot - tot // 2))
            else:
                raise ValueError(f"Unknown padding: {padding}")
        return pads
    return list(_padding(padding, 2, cf))


def _filter_grad(op, x, g, ksize, strides, padding, data_format, dilations, depthwise):
    (d, gg), dt = match(op, x, g)
    check(op, dt, FLOAT)
    cf = data_format is not None and data_format.startswith("NC")
    d, gg = _nhwc(d, cf), _nhwc(gg, cf)
    s = _nt(strides, 2, "strides", "first" if cf else None)
    dl = _nt(dilations, 2, "dilations", "first" if cf else None)
    kh, kw = ksize[0], ksize[1]
    ih, iw = int(d.shape[1]), int(d.shape[2])
    oh, ow = int(gg.shape[1]), int(gg.shape[2])
    pads = _backprop_pads((ih, iw), (oh, ow), (kh, kw), s, dl, padding, cf)
    for (i, o, k, st, dd, (a, b)) in zip((ih, iw), (oh, ow), (kh, kw), s, dl, pads,
                                          strict=False):
        if (i + a + b - (dd * (k - 1) + 1)) // st + 1 != o:
            invalid(f"Conv2DBackpropFilter: Size of out_backprop doesn't match computed: "
                    f"actual = {o}", op)
    dp = ivy.pad(d, [(0, 0), pads[0], pads[1], (0, 0)])
    rows = []
    for i in range(kh):
        cols = []
        for j in range(kw):
            y0, x0 = i * dl[0], j * dl[1]
            win = ivy.get_item(dp, (slice(None), slice(y0, y0 + (oh - 1) * s[0] + 1, s[0]),
                                    slice(x0, x0 + (ow - 1) * s[1] + 1, s[1]), slice(None)))
            if depthwise:
                c = int(d.shape[3])
                m = int(gg.shape[3]) // c
                g5 = ivy.reshape(gg, (int(gg.shape[0]), oh, ow, c, m))
                cols.append(ivy.sum(ivy.multiply(ivy.expand_dims(win, axis=-1), g5),
                                    axis=(0, 1, 2)))
            else:
                cols.append(ivy.einsum("bhwi,bhwo->io", win, gg))
        rows.append(ivy.stack(cols, axis=0))
    return wrap(ivy.stack(rows, axis=0))


def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,  # noqa: A002
                                     data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    fs = _F._ints(filter_sizes)
    return _filter_grad("DepthwiseConv2dNativeBackpropFilter", input, out_backprop, fs,
                        strides, padding, data_format, dilations, True)


def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                                    data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """The transposed depthwise convolution: a block-diagonal full filter
    ``[kh, kw, C, C * M]`` through ``conv2d_transpose``."""
    (w, g), dt = match("DepthwiseConv2dNativeBackpropInput", filter, out_backprop)
    check("DepthwiseConv2dNativeBackpropInput", dt, FLOAT)
    kh, kw, c, m = (int(v) for v in w.shape)
    sel = ivy.astype(ivy.equal(ivy.reshape(ivy.arange(c), (c, 1, 1)),
                               ivy.reshape(ivy.arange(c), (1, c, 1))), dt)   # [C, C, 1]
    full = ivy.multiply(ivy.expand_dims(ivy.expand_dims(sel, axis=0), axis=0),
                        ivy.expand_dims(w, axis=2))                           # [kh,kw,C,C,M]
    full = ivy.reshape(full, (kh, kw, c, c * m))
    return _conv_transpose("DepthwiseConv2dNativeBackpropInput", wrap(g), wrap(full),
                           input_sizes, strides, padding, data_format, dilations, 2)


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC",  # noqa: A002
                         output_dtype="int64", include_batch_in_index=False, name=None):
    """Max pooling and the flat index of each maximum (``(y * W + x) * C + c``, plus
    ``b * H * W * C`` with ``include_batch_in_index``); the first maximum in row-major window
    order wins, as TF's CPU kernel."""
    import collections

    from ._core import as_dtype

    d = nat(input)
    check("MaxPoolWithArgmax", name_of(d), REAL)
    if data_format != "NHWC":
        raise ValueError(f"Data formats other than 'NHWC' are not yet supported, got "
                         f"{data_format}")
    if len(d.shape) != 4:
        raise ValueError("Input tensor must be of rank 4")
    it = as_dtype(output_dtype).name
    if it not in ("int32", "int64"):
        invalid(f"Value for attr 'Targmax' of {it} is not in the list of allowed values: "
                "int32, int64", "MaxPoolWithArgmax")
    kh, kw = _nt(ksize, 2, "ksize")
    sh, sw = _nt(strides, 2, "strides")
    n, h, w, c = (int(v) for v in d.shape)
    p = padding.upper() if isinstance(padding, str) else None
    if p == "VALID":
        oh, ow, pt, pl = (h - kh) // sh + 1, (w - kw) // sw + 1, 0, 0
    elif p == "SAME":
        oh, ow = -(-h // sh), -(-w // sw)
        pt = max((oh - 1) * sh + kh - h, 0) // 2
        pl = max((ow - 1) * sw + kw - w, 0) // 2
    else:
        raise ValueError(f"Unknown padding: {padding}")
    ph = max((oh - 1) * sh + kh - h - pt, 0)
    pw = max((ow - 1) * sw + kw - w - pl, 0)
    if KIND[name_of(d)] == "f":
        low = -float("inf")
    else:
        low = int(ivy.iinfo(name_of(d)).min)
    dp = ivy.pad(d, [(0, 0), (pt, ph), (pl, pw), (0, 0)], constant_values=low)
    yy = ivy.reshape(ivy.arange(-pt, h + ph, dtype="int64"), (1, h + pt + ph, 1, 1))
    xx = ivy.reshape(ivy.arange(-pl, w + pw, dtype="int64"), (1, 1, w + pl + pw, 1))
    cc = ivy.reshape(ivy.arange(c, dtype="int64"), (1, 1, 1, c))
    flat = ivy.add(ivy.multiply(ivy.add(ivy.multiply(yy, w), xx), c), cc)
    if include_batch_in_index:
        bb = ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1, 1, 1))
        flat = ivy.add(flat, ivy.multiply(bb, h * w * c))
    flat = ivy.broadcast_to(flat, tuple(int(v) for v in dp.shape))
    best = bidx = None
    for i in range(kh):
        for j in range(kw):
            sl = (slice(None), slice(i, i + (oh - 1) * sh + 1, sh),
                  slice(j, j + (ow - 1) * sw + 1, sw), slice(None))
            v, ix = ivy.get_item(dp, sl), ivy.get_item(flat, sl)
            if best is None:
                best, bidx = v, ix
            else:
                take = ivy.greater(v, best)
                best = ivy.where(take, v, best)
                bidx = ivy.where(take, ix, bidx)
    out = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])
    return out(wrap(best), wrap(ivy.astype(bidx, it)))


def with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None,  # noqa: A002
                        spatial_dims=None, data_format=None):
    """TF's nn_ops.with_space_to_batch: ``op`` on ``space_to_batch_nd(input)`` and
    ``batch_to_space_nd`` back (``op(converted_input, num_spatial_dims, padding)``)."""
    rate = _F._ints(dilation_rate)
    nsp = len(rate)
    cf = data_format is not None and data_format.startswith("NC")
    if spatial_dims is None:
        spatial_dims = list(range(2, nsp + 2)) if cf else list(range(1, nsp + 1))
    spatial_dims = [int(v) for v in spatial_dims]
    if spatial_dims != list(range(spatial_dims[0], spatial_dims[0] + nsp)):
        not_implemented("tf.nn.with_space_to_batch", "non-contiguous spatial_dims")
    if all(r == 1 for r in rate):
        return op(input, nsp, padding)
    if padding == "SAME":
        if filter_shape is None:
            raise ValueError("filter_shape must be specified for SAME padding")
        fs = _F._ints(filter_shape)
        eff = [(k - 1) * r + 1 for k, r in zip(fs, rate, strict=False)]
        base = [[(e - 1) // 2, e - 1 - (e - 1) // 2] for e in eff]
    elif padding == "VALID":
        base = [[0, 0]] * nsp
    else:
        raise ValueError(f"Invalid padding method {padding!r}")
    d = nat(input)
    start = spatial_dims[0]
    in_spatial = [int(v) for v in d.shape[start:start + nsp]]
    paddings, crops = _F.required_space_to_batch_paddings(in_spatial, rate, base)
    if start != 1:
        not_implemented("tf.nn.with_space_to_batch", "channels-first data")
    conv = _F.space_to_batch_nd(input, rate, paddings)
    res = op(conv, nsp, "VALID")
    return _F.batch_to_space(res, rate, crops)


def isotonic_regression(inputs, decreasing=True, axis=-1, name=None):
    """``(output, segments)`` of TF's IsotonicRegression (pool adjacent violators, merging only
    strict violations). Closed form, no data-dependent loop: for the increasing fit
    ``x_i = max_{k<=i} min_{j>=i} mean(y[k..j])`` (``[..., n, n]`` block means from a cumulative
    sum, a static suffix-minimum over ``j``); a new segment starts where ``x`` changes, or inside
    a run of equal ``x`` where the run's prefix mean already equals the run's value
    (cross-multiplied, exact for integer data). float16/32/64 keep their dtype, integers give
    float64, as TF."""
    import collections

    d = nat(inputs)
    dt = name_of(d)
    check("IsotonicRegression", dt, REAL)
    out_dt = dt if KIND[dt] == "f" else "float64"
    nd = len(d.shape)
    if nd == 0:
        invalid("inputs must be at least 1-D", "IsotonicRegression")
    ax = int(axis) % nd
    y = ivy.moveaxis(ivy.astype(d, "float64"), ax, -1)
    if decreasing:
        y = ivy.negative(y)
    n = int(y.shape[-1])
    res = collections.namedtuple("IsotonicRegression", ["output", "segments"])
    if n == 0:
        return res(wrap(ivy.astype(ivy.moveaxis(y, -1, ax), out_dt)),
                   wrap(ivy.astype(ivy.moveaxis(y, -1, ax), "int32")))
    s = ivy.cumulative_sum(y, axis=-1, include_initial=True)                 # [..., n+1]
    k = ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1))
    j = ivy.reshape(ivy.arange(n, dtype="int64"), (1, n))
    sk = ivy.expand_dims(ivy.get_item(s, (Ellipsis, slice(0, n))), axis=-1)  # S[k]
    sj = ivy.expand_dims(ivy.get_item(s, (Ellipsis, slice(1, None))), axis=-2)  # S[j+1]
    ln = ivy.astype(ivy.maximum(ivy.add(ivy.subtract(j, k), 1), 1), "float64")
    avg = ivy.where(ivy.greater_equal(j, k), ivy.divide(ivy.subtract(sj, sk), ln),
                    ivy.full_like(ln, float("inf")))                          # [..., k, j]
    cols = [None] * n
    m = ivy.get_item(avg, (Ellipsis, n - 1))
    cols[n - 1] = m
    for c in range(n - 2, -1, -1):
        m = ivy.minimum(ivy.get_item(avg, (Ellipsis, c)), m)
        cols[c] = m
    suf = ivy.stack(cols, axis=-1)                                          # [..., k, i]
    x = ivy.max(ivy.where(ivy.less_equal(k, j), suf, ivy.full_like(suf, -float("inf"))),
                axis=-2)                                                    # [..., i]
    # segments
    idx = ivy.arange(n, dtype="int64")
    prev = ivy.concat([ivy.get_item(x, (Ellipsis, slice(0, 1))),
                       ivy.get_item(x, (Ellipsis, slice(0, n - 1)))], axis=-1)
    change = ivy.logical_and(ivy.not_equal(x, prev), ivy.greater(idx, 0))
    start_mark = ivy.logical_or(change, ivy.equal(idx, 0))
    nxt = ivy.concat([ivy.get_item(start_mark, (Ellipsis, slice(1, None))),
                      ivy.ones_like(ivy.get_item(start_mark, (Ellipsis, slice(0, 1))))],
                     axis=-1)                                               # run ends at i
    kk = ivy.expand_dims(idx, axis=-1)   # [n(i), 1] vs [..., 1, n(k)]
    cand = ivy.where(ivy.logical_and(ivy.less_equal(ivy.reshape(idx, (1, n)), kk),
                                     ivy.expand_dims(start_mark, axis=-2)),
                     ivy.broadcast_to(ivy.reshape(idx, (1, n)), (n, n)),
                     ivy.zeros((n, n), dtype="int64"))
    rstart = ivy.max(cand, axis=-1)                                         # [..., i]
    cand_e = ivy.where(ivy.logical_and(ivy.greater_equal(ivy.reshape(idx, (1, n)), kk),
                                       ivy.expand_dims(nxt, axis=-2)),
                       ivy.broadcast_to(ivy.reshape(idx, (1, n)), (n, n)),
                       ivy.full((n, n), n - 1, dtype="int64"))
    rend = ivy.min(cand_e, axis=-1)
    s_i = ivy.get_item(s, (Ellipsis, slice(0, n)))
    s_start = ivy.take_along_axis(s, rstart, axis=-1)
    s_end = ivy.take_along_axis(s, ivy.add(rend, 1), axis=-1)
    cnt = ivy.astype(ivy.subtract(idx, rstart), "float64")
    rlen = ivy.astype(ivy.add(ivy.subtract(rend, rstart), 1), "float64")
    tie = ivy.logical_and(ivy.greater(cnt, 0.0),
                          ivy.equal(ivy.multiply(ivy.subtract(s_i, s_start), rlen),
                                    ivy.multiply(ivy.subtract(s_end, s_start), cnt)))
    boundary = ivy.astype(ivy.logical_or(change, tie), "int32")
    seg = ivy.astype(ivy.cumulative_sum(boundary, axis=-1), "int32")
    if decreasing:
        x = ivy.negative(x)
    return res(wrap(ivy.astype(ivy.moveaxis(x, -1, ax), out_dt)),
               wrap(ivy.moveaxis(seg, -1, ax)))


def _pool_sequence(n_in, n_out, pseudo_random, seed):
    """TF's GeneratePoolingSequence as an int64 array of n_out + 1 boundaries: uniform steps
    when ``n_out`` divides ``n_in``; random: steps ``k``/``k + 1`` in a random order;
    pseudo-random: ``ceil(alpha (i + u)) - ceil(alpha u)`` (``u`` uniform), last = ``n_in``.
    The draws come from the frontend's stream (not TF's)."""
    k = n_in // n_out
    if n_in % n_out == 0:
        return ivy.multiply(ivy.arange(n_out + 1, dtype="int64"), k)
    if pseudo_random:
        alpha = n_in / n_out
        u = ivy.random_uniform(low=0.0, high=1.0, shape=(), dtype="float64", seed=seed)
        i = ivy.astype(ivy.arange(n_out + 1, dtype="int64"), "float64")
        cum = ivy.subtract(ivy.ceil(ivy.multiply(ivy.add(i, u), alpha)),
                           ivy.ceil(ivy.multiply(u, alpha)))
        cum = ivy.astype(cum, "int64")
        last = ivy.equal(ivy.arange(n_out + 1), n_out)
        return ivy.where(last, ivy.full_like(cum, n_in), cum)
    extra = n_in - k * n_out
    perm = ivy.argsort(ivy.random_uniform(low=0.0, high=1.0, shape=(n_out,), dtype="float64",
                                          seed=seed))
    diff = ivy.add(ivy.astype(ivy.less(perm, extra), "int64"), k)
    return ivy.cumulative_sum(diff, axis=0, include_initial=True)


def _window_mask(cum, n_in, overlapping):
    """[n_out, n_in] membership of input index r in output window i."""
    lo = ivy.expand_dims(ivy.get_item(cum, slice(0, -1)), axis=-1)
    hi = ivy.expand_dims(ivy.get_item(cum, slice(1, None)), axis=-1)
    if overlapping:
        hi = ivy.minimum(ivy.add(hi, 1), n_in)
    r = ivy.reshape(ivy.arange(n_in, dtype="int64"), (1, n_in))
    return ivy.logical_and(ivy.greater_equal(r, lo), ivy.less(r, hi))


def _fractional_pool(d, rows, cols, overlapping, kind):
    """Pool NHWC ``d`` over the row/col boundary sequences (separable: columns, then rows)."""
    h, w = int(d.shape[1]), int(d.shape[2])
    mr, mc = _window_mask(rows, h, overlapping), _window_mask(cols, w, overlapping)
    if kind == "max":
        low = -float("inf") if KIND[name_of(d)] == "f" else int(ivy.iinfo(name_of(d)).min)
        x = ivy.expand_dims(d, axis=2)                                # [b, h, 1, w, c]
        m = ivy.reshape(mc, (1, 1, int(mc.shape[0]), w, 1))
        t = ivy.max(ivy.where(m, x, ivy.full_like(x, low)), axis=3)    # [b, h, ow, c]
        t = ivy.expand_dims(t, axis=1)                                # [b, 1, h, ow, c]
        m = ivy.reshape(mr, (1, int(mr.shape[0]), h, 1, 1))
        return ivy.max(ivy.where(m, t, ivy.full_like(t, low)), axis=2)
    dt = name_of(d)
    fr, fc = ivy.astype(mr, dt), ivy.astype(mc, dt)
    s = ivy.einsum("ir,brsc,js->bijc", fr, d, fc)
    cnt = ivy.multiply(ivy.expand_dims(ivy.sum(fr, axis=1), axis=1),
                       ivy.expand_dims(ivy.sum(fc, axis=1), axis=0))  # [oh, ow]
    cnt = ivy.reshape(cnt, (1, int(cnt.shape[0]), int(cnt.shape[1]), 1))
    if KIND[dt] == "f":
        return ivy.divide(s, cnt)
    q = ivy.floor_divide(ivy.abs(s), cnt)            # C++ integer division truncates
    return ivy.astype(ivy.where(ivy.less(s, 0), ivy.negative(q), q), dt)


def _fractional(op, kind, value, pooling_ratio, pseudo_random, overlapping, seed):
    import collections

    d = nat(value)
    check(op, name_of(d), ("float32", "float64", "int32", "int64"))
    if len(d.shape) != 4:
        invalid("input must be 4-dimensional", op)
    pr = pooling_ratio
    pr = [float(pr)] * 2 if isinstance(pr, (int, float)) else [float(v) for v in pr]
    if len(pr) == 1:
        pr = pr * 2
    if len(pr) == 4:
        if pr[0] != 1.0 or pr[3] != 1.0:
            invalid("FractionalPool is not yet supported on the batch nor channel dimension.",
                    op)
        pr = pr[1:3]
    if len(pr) != 2 or any(r < 1.0 for r in pr):
        raise ValueError(f"pooling_ratio must be >= 1 with length 1, 2 or 4, got "
                         f"{pooling_ratio}")
    h, w = int(d.shape[1]), int(d.shape[2])
    oh, ow = int(h / pr[0]), int(w / pr[1])
    if oh <= 0 or ow <= 0:
        invalid("output size must be positive", op)
    from . import random as _r

    s = _r._op_seed(seed if seed else None)
    rows = _pool_sequence(h, oh, pseudo_random, s)
    cols = _pool_sequence(w, ow, pseudo_random, None if s is None else s + 1)
    out = collections.namedtuple(op, ["output", "row_pooling_sequence",
                                      "col_pooling_sequence"])
    return out(wrap(_fractional_pool(d, rows, cols, overlapping, kind)), wrap(rows), wrap(cols))


def fractional_max_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0,
                        name=None):
    """TF's FractionalMaxPool: random (or pseudo-random) row/column boundary sequences from the
    frontend's stream, then the exact max over each window (``overlapping`` shares borders)."""
    return _fractional("FractionalMaxPool", "max", value, pooling_ratio, pseudo_random,
                       overlapping, seed)


def fractional_avg_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0,
                        name=None):
    return _fractional("FractionalAvgPool", "avg", value, pooling_ratio, pseudo_random,
                       overlapping, seed)
