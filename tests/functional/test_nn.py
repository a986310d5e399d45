"""NN functions on every backend against torch.nn.functional (float64 reference) or NumPy."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
from tests.functional.helpers import BACKENDS, api, arrays, backends, native, shapes

RNG = np.random.default_rng(0)
# a few fixed shapes: JAX and TF compile kernels per shape, so varied shapes only cost time
SMALL_SHAPES = st.sampled_from([(5,), (2, 3), (2, 1, 4)])


def run(backend, fn, *args, **kwargs):
    """Call ``fn`` on ``backend`` with NumPy arrays (positional and keyword) made native."""
    conv = lambda a: native(backend, a) if isinstance(a, np.ndarray) else a  # noqa: E731
    with ivy.using_backend(backend):
        out = fn(*[conv(a) for a in args], **{k: conv(v) for k, v in kwargs.items()})
    return out


def npy(x):
    if isinstance(x, (tuple, list)):
        return type(x)(npy(e) for e in x)
    return ivy.to_numpy(x)


def t(a):
    return torch.from_numpy(np.asarray(a, dtype=np.float64) if np.asarray(a).dtype.kind == "f"
                            else np.asarray(a))


def close(got, want, tol=1e-4):
    got, want = npy(got), np.asarray(want.detach().numpy() if torch.is_tensor(want) else want)
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape}"
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=tol,
                               atol=tol)


def randn(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# ------------------------------------------------------------------------------- activations
ACTIVATIONS = [
    ("relu", {}, F.relu), ("relu6", {}, F.relu6),
    ("leaky_relu", {"alpha": 0.1}, lambda x: F.leaky_relu(x, 0.1)),
    ("elu", {"alpha": 0.7}, lambda x: F.elu(x, 0.7)), ("selu", {}, F.selu),
    ("gelu", {}, F.gelu), ("gelu", {"approximate": True}, lambda x: F.gelu(x, approximate="tanh")),
    ("silu", {}, F.silu), ("mish", {}, F.mish), ("sigmoid", {}, torch.sigmoid),
    ("hard_sigmoid", {}, F.hardsigmoid), ("hard_swish", {}, F.hardswish),
    ("softplus", {}, F.softplus), ("softplus", {"beta": 2.0, "threshold": 5.0},
                                   lambda x: F.softplus(x, 2.0, 5.0)),
    ("softsign", {}, F.softsign),
    ("softmax", {"axis": -1}, lambda x: torch.softmax(x, -1)),
    ("log_softmax", {"axis": 0}, lambda x: torch.log_softmax(x, 0)),
]


@backends
@pytest.mark.parametrize("name,kw,ref", ACTIVATIONS, ids=[f"{a[0]}{a[1]}" for a in ACTIVATIONS])
@settings(max_examples=4)
@given(x=arrays("float32", SMALL_SHAPES, finite=True, min_value=-30, max_value=30))
def test_activations(backend, name, kw, ref, x):
    out = run(backend, getattr(api, name), x, **kw)
    assert ivy.dtype(out) == "float32"
    close(out, ref(t(x)))


@backends
@settings(max_examples=4)
@given(x=arrays("float32", SMALL_SHAPES, finite=True, min_value=-50, max_value=50),
       keep=st.booleans())
def test_logsumexp(backend, x, keep):
    close(run(backend, api.logsumexp, x, axis=-1, keepdims=keep),
          torch.logsumexp(t(x), -1, keep))
    close(run(backend, api.logsumexp, x), torch.logsumexp(t(x).reshape(-1), 0))


@backends
def test_logsumexp_all_neg_inf(backend):
    x = np.full((2, 3), -np.inf, dtype=np.float32)
    assert np.all(npy(run(backend, api.logsumexp, x, axis=1)) == -np.inf)


@backends
def test_linear(backend):
    x, w, b = randn(2, 3, 4), randn(5, 4), randn(5)
    close(run(backend, api.linear, x, w, b), F.linear(t(x), t(w), t(b)))
    close(run(backend, api.linear, x, w), F.linear(t(x), t(w)))


# ------------------------------------------------------------------------------ convolution
def same_pads(sizes, ks, s, d):
    out = []
    for i, k, st_, dl in zip(sizes, ks, s, d, strict=False):
        total = max((math.ceil(i / st_) - 1) * st_ + dl * (k - 1) + 1 - i, 0)
        out.append((total // 2, total - total // 2))
    return out


def torch_pad(pads):
    flat = []
    for lo, hi in reversed(pads):
        flat += [lo, hi]
    return flat


# (nd, spatial, kernel, strides, padding, dilations, groups, cin, cout)
CONV_CASES = [
    (1, (7,), 3, 1, "VALID", 1, 1, 2, 3),
    (1, (8,), 4, 2, "SAME", 1, 1, 3, 2),
    (2, (5, 6), 3, 1, "SAME", 1, 1, 2, 4),
    (2, (7, 7), 3, 2, "SAME", 1, 1, 3, 2),
    (2, (6, 5), (2, 3), (2, 1), 1, 1, 2, 4, 6),
    (2, (9, 8), 3, 1, [(1, 2), (0, 1)], 2, 1, 2, 2),
    (2, (6, 6), 3, 1, "VALID", 1, 4, 4, 8),  # depthwise (multiplier 2)
    (2, (5, 5), 3, 2, "SAME", 2, 1, 1, 1),
    (3, (4, 5, 4), 2, 1, "VALID", 1, 1, 2, 3),
    (3, (5, 5, 5), 3, 2, "SAME", 1, 1, 1, 2),
]


@backends
@pytest.mark.parametrize("case", CONV_CASES)
@pytest.mark.parametrize("fmt", ["channel_last", "channel_first"])
def test_conv(backend, case, fmt):
    nd, sp, k, s, p, d, g, cin, cout = case
    ks, ss, ds = ((k,) * nd if isinstance(k, int) else k), ((s,) * nd if isinstance(s, int)
                                                           else s), (d,) * nd
    x_cf, w_t, b = randn(2, cin, *sp), randn(cout, cin // g, *ks), randn(cout)
    if p == "SAME":
        pads = same_pads(sp, ks, ss, ds)
    elif p == "VALID":
        pads = [(0, 0)] * nd
    elif isinstance(p, int):
        pads = [(p, p)] * nd
    else:
        pads = p
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[nd]
    ref = conv(F.pad(t(x_cf), torch_pad(pads)), t(w_t), t(b), ss, 0, ds, g)
    fn = getattr(api, f"conv{nd}d")
    if fmt == "channel_first":
        out = run(backend, fn, x_cf, w_t, strides=s, padding=p, dilations=d, groups=g,
                  data_format="channel_first", filter_format="channel_first", bias=b)
        close(out, ref)
    else:
        x = np.moveaxis(x_cf, 1, -1)
        w = np.transpose(w_t, (*range(2, nd + 2), 1, 0))
        out = run(backend, fn, x, w, strides=s, padding=p, dilations=d, groups=g, bias=b)
        close(out, ref.movedim(1, -1))


# (nd, spatial, kernel, strides, padding, output_padding, dilations, groups, cin, cout)
CONVT_CASES = [
    (1, (5,), 3, 2, "VALID", 0, 1, 1, 2, 3),
    (1, (4,), 3, 2, 1, 1, 1, 1, 2, 2),
    (2, (4, 3), 3, 2, "VALID", 0, 1, 1, 3, 2),
    (2, (4, 4), 3, 2, 1, 1, 1, 1, 2, 3),
    (2, (3, 5), (3, 2), (1, 2), (1, 0), 0, 2, 1, 2, 2),
    (2, (4, 4), 3, 2, 1, 0, 1, 2, 4, 6),
    (3, (3, 3, 2), 2, 2, 0, 0, 1, 1, 2, 2),
]


@backends
@pytest.mark.parametrize("case", CONVT_CASES)
@pytest.mark.parametrize("fmt", ["channel_last", "channel_first"])
def test_conv_transpose(backend, case, fmt):
    nd, sp, k, s, p, op, d, g, cin, cout = case
    ks = (k,) * nd if isinstance(k, int) else k
    x_cf, w_t, b = randn(2, cin, *sp), randn(cin, cout // g, *ks), randn(cout)
    pp = "VALID" if p == "VALID" else p
    tp = 0 if p == "VALID" else p
    convt = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}[nd]
    ref = convt(t(x_cf), t(w_t), t(b), s, tp, op, g, d)
    fn = getattr(api, f"conv{nd}d_transpose")
    if fmt == "channel_first":
        out = run(backend, fn, x_cf, w_t, strides=s, padding=pp, output_padding=op,
                  dilations=d, groups=g, data_format="channel_first",
                  filter_format="channel_first", bias=b)
        close(out, ref)
    else:
        x = np.moveaxis(x_cf, 1, -1)
        w = np.transpose(w_t, (*range(2, nd + 2), 1, 0))
        out = run(backend, fn, x, w, strides=s, padding=pp, output_padding=op, dilations=d,
                  groups=g, bias=b)
        close(out, ref.movedim(1, -1))


@backends
@pytest.mark.parametrize("size,k,s", [((4, 4), 3, 2), ((5, 3), 2, 2), ((3, 3), 3, 1)])
def test_conv2d_transpose_same_matches_tf(backend, size, k, s):
    tf = pytest.importorskip("tensorflow")
    x, w = randn(2, *size, 3), randn(k, k, 2, 3)
    ref = tf.nn.conv2d_transpose(x.astype(np.float64), w.astype(np.float64),
                                 (2, size[0] * s, size[1] * s, 2), s, "SAME")
    close(run(backend, api.conv2d_transpose, x, w, strides=s, padding="SAME"), ref.numpy())


@backends
def test_conv_groups_mismatch_raises(backend):
    with pytest.raises((ValueError, RuntimeError, TypeError)):
        run(backend, api.conv2d, randn(1, 4, 4, 3), randn(3, 3, 3, 4), groups=2)


# ---------------------------------------------------------------------------------- pools
POOL_CASES = [
    (1, (7,), 3, 2, 1), (2, (5, 6), 2, 2, 0), (2, (7, 7), 3, 2, 1), (2, (6, 5), (3, 2), 1, (1, 0)),
    (3, (4, 5, 4), 2, 2, 0), (3, (5, 4, 4), 3, 1, 1),
]


@backends
@pytest.mark.parametrize("case", POOL_CASES)
@pytest.mark.parametrize("kind", ["max", "avg", "avg_incl"])
def test_pool(backend, case, kind):
    nd, sp, k, s, p = case
    x_cf = randn(2, 3, *sp)
    if kind == "max":
        ref = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}[nd](t(x_cf), k, s, p)
        out = run(backend, getattr(api, f"max_pool{nd}d"), x_cf, k, strides=s, padding=p,
                  data_format="channel_first")
    else:
        incl = kind == "avg_incl"
        ref = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}[nd](
            t(x_cf), k, s, p, count_include_pad=incl)
        out = run(backend, getattr(api, f"avg_pool{nd}d"), np.moveaxis(x_cf, 1, -1), k,
                  strides=s, padding=p, count_include_pad=incl)
        ref = ref.movedim(1, -1)
    close(out, ref)


@backends
@pytest.mark.parametrize("kind", ["max", "avg"])
def test_pool_same_matches_tf(backend, kind):
    tf = pytest.importorskip("tensorflow")
    x = randn(2, 7, 6, 3)
    fn = tf.nn.max_pool2d if kind == "max" else tf.nn.avg_pool2d
    ref = fn(x.astype(np.float64), 3, 2, "SAME").numpy()
    close(run(backend, getattr(api, f"{kind}_pool2d"), x, 3, strides=2, padding="SAME"), ref)


@backends
@pytest.mark.parametrize("size,out", [((6, 6), 3), ((7, 5), (3, 2)), ((4, 4), 1)])
def test_adaptive_avg_pool2d(backend, size, out):
    x = randn(2, 3, *size)
    close(run(backend, api.adaptive_avg_pool2d, x, out, data_format="channel_first"),
          F.adaptive_avg_pool2d(t(x), out))


# ---------------------------------------------------------------------------------- norms
@backends
def test_layer_norm(backend):
    x, w, b = randn(2, 3, 4), randn(3, 4), randn(3, 4)
    close(run(backend, api.layer_norm, x, (3, 4), weight=w, bias=b),
          F.layer_norm(t(x), (3, 4), t(w), t(b)))
    close(run(backend, api.layer_norm, x, 4), F.layer_norm(t(x), (4,)))


@backends
@pytest.mark.parametrize("training", [True, False])
@pytest.mark.parametrize("shape", [(4, 3), (2, 3, 5), (2, 3, 4, 4)])
def test_batch_norm(backend, training, shape):
    x = randn(*shape)
    C = shape[1]
    m, v, w, b = randn(C), np.abs(randn(C)) + 0.5, randn(C), randn(C)
    rm, rv = t(m).clone(), t(v).clone()
    ref = F.batch_norm(t(x), rm, rv, t(w), t(b), training, 0.2, 1e-5)
    x_cl = np.moveaxis(x, 1, -1)
    out, nm, nv = run(backend, api.batch_norm, x_cl, m, v, weight=w, bias=b, training=training,
                      momentum=0.2)
    close(out, ref.movedim(1, -1))
    close(nm, rm)
    close(nv, rv)
    out2, _, _ = run(backend, api.batch_norm, x, m, v, training=training,
                     data_format="channel_first")
    close(out2, F.batch_norm(t(x), t(m).clone(), t(v).clone(), None, None, training))


@backends
@pytest.mark.parametrize("groups", [1, 2, 6])
def test_group_norm(backend, groups):
    x, w, b = randn(2, 6, 3, 4), randn(6), randn(6)
    ref = F.group_norm(t(x), groups, t(w), t(b))
    close(run(backend, api.group_norm, x, groups, weight=w, bias=b, data_format="channel_first"),
          ref)
    close(run(backend, api.group_norm, np.moveaxis(x, 1, -1), groups, weight=w, bias=b),
          ref.movedim(1, -1))


@backends
def test_instance_norm(backend):
    x, w, b = randn(2, 3, 5, 4), randn(3), randn(3)
    ref = F.instance_norm(t(x), weight=t(w), bias=t(b))
    close(run(backend, api.instance_norm, np.moveaxis(x, 1, -1), weight=w, bias=b),
          ref.movedim(1, -1))


# ---------------------------------------------------------------------------- misc layers
@backends
def test_dropout(backend):
    x = np.ones((200, 50), dtype=np.float32)
    a = npy(run(backend, api.dropout, x, 0.3, seed=7))
    b = npy(run(backend, api.dropout, x, 0.3, seed=7))
    np.testing.assert_array_equal(a, b)
    assert set(np.unique(a)) <= {0.0, np.float32(1 / 0.7)}
    assert 0.25 < (a == 0).mean() < 0.35
    np.testing.assert_array_equal(npy(run(backend, api.dropout, x, 0.3, training=False)), x)
    assert np.all(npy(run(backend, api.dropout, x, 1.0)) == 0)
    c = npy(run(backend, api.dropout, x, 0.5, scale=False, seed=1))
    assert set(np.unique(c)) <= {0.0, 1.0}


@backends
def test_embedding_and_one_hot(backend):
    w, idx = randn(6, 4) * 3, np.array([[0, 5], [2, 2]])
    close(run(backend, api.embedding, w, idx), F.embedding(t(idx), t(w)))
    close(run(backend, api.embedding, w, idx, max_norm=1.0),
          F.embedding(t(idx), t(w).clone(), max_norm=1.0))
    oh = run(backend, api.one_hot, np.array([0, 2, 1]), 3)
    assert ivy.dtype(oh) == ivy.default_float_dtype()
    close(oh, np.eye(3)[[0, 2, 1]])
    oh = run(backend, api.one_hot, np.array([0, 2]), 3, axis=0, on_value=5, off_value=-1,
             dtype="int32")
    assert ivy.dtype(oh) == "int32"
    close(oh, np.where(np.eye(3)[[0, 2]].T == 1, 5, -1))


@backends
@pytest.mark.parametrize("mask_kind", [None, "bool", "float", "causal", "causal+bool"])
def test_sdpa(backend, mask_kind):
    q, k, v = randn(2, 3, 4, 8), randn(2, 3, 5, 8), randn(2, 3, 5, 6)
    if mask_kind in (None, "causal"):
        mask = None
    elif mask_kind == "float":
        mask = randn(4, 5)
    else:
        mask = RNG.random((2, 1, 4, 5)) > 0.3
        mask[..., 0] = True
    causal = mask_kind is not None and "causal" in mask_kind
    ref_mask = None if mask is None else torch.from_numpy(mask if mask.dtype == bool
                                                          else mask.astype(np.float64))
    if causal and ref_mask is not None:
        ref_mask = ref_mask & torch.ones(4, 5, dtype=torch.bool).tril()
    ref = F.scaled_dot_product_attention(t(q), t(k), t(v), attn_mask=ref_mask,
                                         is_causal=causal and ref_mask is None)
    kw = {"mask": mask} if mask is not None else {}
    close(run(backend, api.scaled_dot_product_attention, q, k, v, is_causal=causal, **kw), ref)


@backends
def test_multi_head_attention(backend):
    torch.manual_seed(0)
    E, H = 8, 2
    mha = torch.nn.MultiheadAttention(E, H, batch_first=True, dtype=torch.float64)
    q, kv = randn(2, 3, E), randn(2, 4, E)
    ref, _ = mha(t(q), t(kv), t(kv), need_weights=False)
    W = mha.in_proj_weight.detach().numpy().astype(np.float32)
    bias = mha.in_proj_bias.detach().numpy().astype(np.float32)
    out = run(backend, api.multi_head_attention, q, kv, kv, num_heads=H, q_weight=W[:E],
              k_weight=W[E:2 * E], v_weight=W[2 * E:], q_bias=bias[:E], k_bias=bias[E:2 * E],
              v_bias=bias[2 * E:],
              out_weight=mha.out_proj.weight.detach().numpy().astype(np.float32),
              out_bias=mha.out_proj.bias.detach().numpy().astype(np.float32))
    close(out, ref)


@backends
def test_lstm_and_gru(backend):
    torch.manual_seed(0)
    x, H = randn(2, 5, 3), 4
    lstm = torch.nn.LSTM(3, H, batch_first=True, dtype=torch.float64)
    h0, c0 = randn(1, 2, H), randn(1, 2, H)
    ref, (rh, rc) = lstm(t(x), (t(h0), t(c0)))
    p = {n: v.detach().numpy().astype(np.float32) for n, v in lstm.named_parameters()}
    hs, (h, c) = run(backend, api.lstm_update, x, h0[0], c0[0], p["weight_ih_l0"].T.copy(),
                     p["weight_hh_l0"].T.copy(), bias=p["bias_ih_l0"],
                     recurrent_bias=p["bias_hh_l0"])
    close(hs, ref)
    close(h, rh[0])
    close(c, rc[0])
    gru = torch.nn.GRU(3, H, batch_first=True, dtype=torch.float64)
    ref, rh = gru(t(x), t(h0))
    p = {n: v.detach().numpy().astype(np.float32) for n, v in gru.named_parameters()}
    hs, h = run(backend, api.gru_update, x, h0[0], p["weight_ih_l0"].T.copy(),
                p["weight_hh_l0"].T.copy(), bias=p["bias_ih_l0"], recurrent_bias=p["bias_hh_l0"])
    close(hs, ref)
    close(h, rh[0])


@backends
@pytest.mark.parametrize("mode,size,ac", [("nearest", (7, 3), False), ("bilinear", (7, 9), False),
                                          ("bilinear", (3, 2), True), ("bilinear", (8, 8), True),
                                          ("linear", (9,), False), ("nearest", (2,), False)])
def test_interpolate(backend, mode, size, ac):
    x = randn(2, 3, *((4, 5) if len(size) == 2 else (6,)))
    ref = F.interpolate(t(x), size=size, mode=mode,
                        align_corners=ac if mode != "nearest" else None)
    close(run(backend, api.interpolate, np.moveaxis(x, 1, -1), size, mode=mode,
              align_corners=ac), ref.movedim(1, -1))


@backends
@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "symmetric", "wrap"])
@settings(max_examples=3)
@given(x=arrays("float32", shapes(min_dims=1, max_dims=3, min_side=3, max_side=4), finite=True),
       data=st.data())
def test_pad(backend, mode, x, data):
    pw = [tuple(data.draw(st.integers(0, 2)) for _ in range(2)) for _ in range(x.ndim)]
    kw = {"constant_values": 1.5} if mode == "constant" else {}
    close(run(backend, api.pad, x, pw, mode=mode, **kw), np.pad(x, pw, mode=mode, **kw))


@backends
def test_gather_scatter_nd(backend):
    params = randn(4, 3, 2)
    idx = np.array([[0, 1], [3, 2], [3, 2]])
    close(run(backend, api.gather_nd, params, idx), params[idx[:, 0], idx[:, 1]])
    close(run(backend, api.gather_nd, params, idx[:, :1]), params[idx[:, 0]])
    upd = randn(3, 2)
    for red, ufunc in [("sum", np.add), ("max", np.maximum), ("min", np.minimum)]:
        want = np.zeros((4, 3, 2), np.float32)
        ufunc.at(want, (idx[:, 0], idx[:, 1]), upd)
        close(run(backend, api.scatter_nd, idx, upd, (4, 3, 2), reduction=red), want)
    base = randn(4, 3, 2)
    want = base.copy()
    want[idx[:2, 0], idx[:2, 1]] = upd[:2]
    close(run(backend, api.scatter_nd, idx[:2], upd[:2], reduction="replace", out=base), want)


# ---------------------------------------------------------------------------------- losses
@backends
@pytest.mark.parametrize("ls", [0.0, 0.1])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy(backend, ls, reduction):
    logits, tgt = randn(4, 5), np.array([0, 4, 2, 2])
    ref = F.cross_entropy(t(logits), t(tgt), label_smoothing=ls, reduction=reduction)
    close(run(backend, api.cross_entropy, logits, tgt, label_smoothing=ls, reduction=reduction),
          ref)
    soft = np.abs(randn(4, 5))
    soft /= soft.sum(-1, keepdims=True)
    ref = F.cross_entropy(t(logits), t(soft), label_smoothing=ls, reduction=reduction)
    close(run(backend, api.cross_entropy, logits, soft, label_smoothing=ls, reduction=reduction),
          ref)
    probs = npy(run("numpy", api.softmax, logits))
    close(run(backend, api.cross_entropy, probs, tgt, from_logits=False, reduction=reduction),
          F.cross_entropy(t(logits), t(tgt), reduction=reduction))
    seq = randn(2, 3, 5)
    close(run(backend, api.cross_entropy, seq, np.array([[1, 2, 3], [0, 0, 4]]),
              reduction=reduction),
          F.cross_entropy(t(seq).movedim(-1, 1), t(np.array([[1, 2, 3], [0, 0, 4]])),
                          reduction=reduction))


@backends
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_losses(backend, reduction):
    x, y = randn(3, 4), randn(3, 4)
    close(run(backend, api.mse_loss, x, y, reduction=reduction),
          F.mse_loss(t(x), t(y), reduction=reduction))
    close(run(backend, api.l1_loss, x, y, reduction=reduction),
          F.l1_loss(t(x), t(y), reduction=reduction))
    close(run(backend, api.huber_loss, x, y, delta=0.7, reduction=reduction),
          F.huber_loss(t(x), t(y), delta=0.7, reduction=reduction))
    p, tg = 1 / (1 + np.exp(-x)), (RNG.random((3, 4)) > 0.5).astype(np.float32)
    close(run(backend, api.binary_cross_entropy, p, tg, reduction=reduction),
          F.binary_cross_entropy(t(p), t(tg), reduction=reduction))
    pw = np.abs(randn(4)) + 0.5
    close(run(backend, api.binary_cross_entropy, x * 10, tg, from_logits=True, pos_weight=pw,
              reduction=reduction),
          F.binary_cross_entropy_with_logits(t(x * 10), t(tg), pos_weight=t(pw),
                                             reduction=reduction))
    lp = npy(run("numpy", api.log_softmax, x))
    q = npy(run("numpy", api.softmax, y))
    q[0, 0] = 0
    close(run(backend, api.kl_div, lp, q, reduction=reduction),
          F.kl_div(t(lp), t(q), reduction=reduction))
    close(run(backend, api.nll_loss, lp, np.array([0, 3, 1]), reduction=reduction),
          F.nll_loss(t(lp), t(np.array([0, 3, 1])), reduction=reduction))


@backends
def test_kl_div_batchmean_and_bad_reduction(backend):
    lp, q = np.log(np.full((2, 3), 1 / 3, np.float32)), np.full((2, 3), 1 / 3, np.float32)
    close(run(backend, api.kl_div, lp, q, reduction="batchmean"), np.float32(0))
    with pytest.raises(ivy.InvalidArgumentError):
        run(backend, api.mse_loss, lp, q, reduction="avg")


def test_every_backend_implements_nn():
    names = [n for n, f in vars(ivy.functional.ivy.nn).items() if hasattr(f, "ivy_path")]
    assert len(names) >= 50
    for b in BACKENDS:
        missing = [n for n in names if not ivy.implements(b, n)]
        assert not missing, f"{b} lacks {missing}"


@backends
def test_ivy_arrays_in_ivy_arrays_out(backend):
    with ivy.using_backend(backend):
        x, w = ivy.asarray(randn(1, 5, 5, 2)), ivy.asarray(randn(3, 3, 2, 4))
        y = api.conv2d(x, w, padding="SAME")
        assert isinstance(y, ivy.Array) and tuple(y.shape) == (1, 5, 5, 4)
        hs, (h, c) = api.lstm_update(ivy.asarray(randn(2, 3, 4)), ivy.asarray(randn(2, 5)),
                                     ivy.asarray(randn(2, 5)), ivy.asarray(randn(4, 20)),
                                     ivy.asarray(randn(5, 20)))
        assert isinstance(hs, ivy.Array) and isinstance(c, ivy.Array)
        out, rm, rv = api.batch_norm(ivy.asarray(randn(4, 3)), ivy.asarray(np.zeros(3, np.float32)),
                                     ivy.asarray(np.ones(3, np.float32)), training=True)
        assert isinstance(rv, ivy.Array)
