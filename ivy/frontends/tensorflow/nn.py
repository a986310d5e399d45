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
