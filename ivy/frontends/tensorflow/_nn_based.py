"""Top-level ``tf.*`` functions built on ``tf.nn``'s kernels: ``tf.conv``, the Conv2D backprop ops,
``extract_volume_patches`` and ``approx_top_k`` (compositions of ``ivy.*`` calls; here rather than
in ``_functions`` because ``nn`` imports ``_functions``)."""

from __future__ import annotations

import ivy

from . import _functions as _F
from . import nn as _nn
from ._core import invalid, name_of, nat, wrap
from ._functions import FLOAT, check, match


def _pairs(explicit_paddings, n, cf):
    p = [int(v) for v in explicit_paddings]
    pairs = [(p[2 * i], p[2 * i + 1]) for i in range(len(p) // 2)]
    if len(pairs) != n + 2:
        invalid(f"explicit_paddings must have {2 * (n + 2)} entries, got {len(p)}", "Conv")
    return pairs[2:] if cf else pairs[1:-1]


def conv(input, filter, strides, padding, explicit_paddings=(), data_format="CHANNELS_LAST",  # noqa: A002
         dilations=(), batch_dims=1, groups=1, name=None):
    """The generic ``Conv`` kernel: N-d convolution (1-3 spatial dims), ``strides`` /
    ``dilations`` of length N + 2, ``groups`` checked against the depths."""
    (d, w), dt = match("Conv", input, filter)
    check("Conv", dt, FLOAT + ("int32",))
    if int(batch_dims) != 1:
        from ._core import not_implemented

        not_implemented("tf.conv", "batch_dims != 1")
    n = len(d.shape) - 2
    if n not in (1, 2, 3) or len(w.shape) != n + 2:
        invalid(f"input and filter must have rank N+2 for N in 1..3; got {list(d.shape)} and "
                f"{list(w.shape)}", "Conv")
    cf = str(data_format).upper() == "CHANNELS_FIRST"
    pad = str(padding).upper()
    if pad == "EXPLICIT":
        pad = _pairs(explicit_paddings, n, cf)
    elif pad not in ("SAME", "VALID"):
        raise ValueError(f"Unknown padding: {padding}")
    s = [int(v) for v in strides]
    dl = [int(v) for v in dilations] or [1] * (n + 2)
    if len(s) != n + 2 or len(dl) != n + 2:
        invalid("strides and dilations must have N+2 entries", "Conv")
    s, dl = (s[2:], dl[2:]) if cf else (s[1:-1], dl[1:-1])
    cin, fin = int(d.shape[1 if cf else -1]), int(w.shape[-2])
    if fin == 0 or cin % fin or cin // fin != int(groups):
        invalid(f"Input depth ({cin}) must be groups ({groups}) times the filter depth "
                f"({fin})", "Conv")
    fn = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}[n]
    return wrap(fn(d, w, strides=tuple(s), padding=pad, dilations=tuple(dl), groups=int(groups),
                   data_format="channel_first" if cf else "channel_last"))


def _conv2d_pad(padding, explicit_paddings, cf):
    if str(padding).upper() == "EXPLICIT":
        return _pairs(explicit_paddings, 2, cf)
    return padding


def conv2d_backprop_filter_v2(input, filter, out_backprop, strides, padding,  # noqa: A002
                              use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
                              dilations=(1, 1, 1, 1), name=None):
    """The gradient of Conv2D w.r.t. its filter (shape from ``filter``): for each filter tap,
    the strided input window contracted with ``out_backprop`` over batch and space."""
    (d, w, g), dt = match("Conv2DBackpropFilterV2", input, filter, out_backprop)
    cf = str(data_format).startswith("NC")
    if int(w.shape[2]) != int(d.shape[1 if cf else 3]):
        from ._core import not_implemented

        not_implemented("tf.conv2d_backprop_filter_v2", "grouped convolutions")
    return _nn._filter_grad("Conv2DBackpropFilterV2", wrap(d), wrap(g),
                            [int(w.shape[0]), int(w.shape[1])], strides,
                            _conv2d_pad(padding, explicit_paddings, cf), data_format,
                            dilations, False)


def conv2d_backprop_input_v2(input, filter, out_backprop, strides, padding,  # noqa: A002
                             use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
                             dilations=(1, 1, 1, 1), name=None):
    """The gradient of Conv2D w.r.t. its input (shape from ``input``): conv2d_transpose."""
    (d, w, g), dt = match("Conv2DBackpropInputV2", input, filter, out_backprop)
    cf = str(data_format).startswith("NC")
    return _nn._conv_transpose("Conv2DBackpropInputV2", wrap(g), wrap(w),
                               [int(v) for v in d.shape], strides,
                               _conv2d_pad(padding, explicit_paddings, cf), data_format,
                               dilations, 2)


def extract_volume_patches(input, ksizes, strides, padding, name=None):  # noqa: A002
    """NDHWC patches flattened ``((kd * kh + ky) * kw + kx) * C + c`` into the depth (zero
    padding for SAME)."""
    d = nat(input)
    check("ExtractVolumePatches", name_of(d), _F.REAL)
    k, s = _F._ints(ksizes), _F._ints(strides)
    if len(d.shape) != 5:
        invalid("input must be 5-dimensional", "ExtractVolumePatches")
    if len(k) != 5 or k[0] != 1 or k[4] != 1 or len(s) != 5 or s[0] != 1 or s[4] != 1:
        invalid("Only support ksizes/strides across planes, rows and cols",
                "ExtractVolumePatches")
    pad = str(padding).upper()
    if pad not in ("SAME", "VALID"):
        raise ValueError(f"padding must be SAME or VALID, not {padding!r}")
    sp = [int(v) for v in d.shape[1:4]]
    outs, pads = [], []
    for i, kk, st in zip(sp, k[1:4], s[1:4], strict=False):
        if pad == "VALID":
            o = max(-(-(i - kk + 1) // st), 0)
            pads.append((0, 0))
        else:
            o = -(-i // st)
            tot = max((o - 1) * st + kk - i, 0)
            pads.append((tot // 2, tot - tot // 2))
        outs.append(o)
    b, c = int(d.shape[0]), int(d.shape[4])
    if any(o == 0 for o in outs):
        return wrap(ivy.zeros((b, *outs, k[1] * k[2] * k[3] * c), dtype=name_of(d)))
    dp = ivy.pad(d, [(0, 0), *pads, (0, 0)])
    views = []
    for z in range(k[1]):
        for y in range(k[2]):
            for x in range(k[3]):
                views.append(ivy.get_item(dp, (
                    slice(None), slice(z, z + (outs[0] - 1) * s[1] + 1, s[1]),
                    slice(y, y + (outs[1] - 1) * s[2] + 1, s[2]),
                    slice(x, x + (outs[2] - 1) * s[3] + 1, s[3]), slice(None))))
    r = ivy.stack(views, axis=4)
    return wrap(ivy.reshape(r, (b, *outs, len(views) * c)))


def approx_top_k(input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,  # noqa: A002
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    return _nn._approx_k("ApproxTopK", input, k, reduction_dimension, bool(is_max_k))
