"""Probe: real code none of the surveys or corpora hold (issue 13, 2026-11-27), transpiled and
re-checked against the source framework on a new draw (models: the report's gradient check too).
Not collected by pytest (no ``test_`` prefix); run as a module:

    .venv/bin/python -m tests.transpiler.probe_unseen [tf|torch|jax ...] [-k substr]
        [--targets numpy,torch] [--apps]

Prints one line per (case, target) -- ``ok``, ``refused <reason>``, ``WRONG <detail>`` or
``crash`` -- then counts per source -> target. ``--apps`` adds keras.applications models (slow:
tens of seconds each). Sources and their default targets: tf -> numpy, torch; torch -> jax,
numpy; jax -> torch, tensorflow.
"""

from __future__ import annotations

import sys
import time
import warnings

import numpy as np


def _f(seed, shape, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


# -- TensorFlow / Keras ------------------------------------------------------------------------
def tf_cases(apps=False):
    import keras
    import tensorflow as tf
    L = keras.layers
    keras.utils.set_random_seed(0)

    def seq(*ls, shape):
        return lambda: keras.Sequential([keras.Input(shape), *ls])

    def sub(call, *layers_, build_args):
        """A subclassed keras.Model whose call is ``call(self, *inputs)`` over ``self.l0..``."""
        def make():
            class M(keras.Model):
                def __init__(self):
                    super().__init__()
                    for i, lay in enumerate(layers_):
                        setattr(self, f"l{i}", lay())

                def call(self, *a):
                    return call(self, *a)
            m = M()
            m(*build_args)
            return m
        return make

    im = _f(1, (2, 8, 8, 3))
    s = _f(2, (2, 6, 5))
    x6 = _f(3, (4, 6))
    vid = _f(4, (2, 3, 6, 6, 2))
    ids = np.random.default_rng(5).integers(1, 10, (3, 7)).astype(np.int32)
    ids[0, 4:] = 0
    ids[2, 2:] = 0
    padded = _f(6, (3, 7, 4))
    padded[0, 5:] = 0.0
    zrows = _f(7, (4, 6))
    zrows[1:3] = 0.0

    def max_tie(self, x):   # tf.maximum(h, 0) with h exactly 0 (zero bias, zero input rows)
        return self.l1(tf.maximum(self.l0(x), 0.0))

    def min_tie(self, x):
        return self.l1(tf.minimum(self.l0(x), 0.0))

    def clip_tie(self, x):  # a hand-written ReLU6 at the lower bound
        return self.l1(tf.minimum(tf.maximum(self.l0(x), 0.0), 6.0))

    def mha_scores(self, q, v):
        o, sc = self.l0(q, v, return_attention_scores=True)
        return o, sc

    def add_att_causal(self, q, v):
        return self.l0([q, v], use_causal_mask=True)

    def emb_gap(self, x):   # the mask from mask_zero reaches the pooling
        return self.l1(self.l0(x))

    c = {
        "ConvLSTM2D": (seq(L.ConvLSTM2D(3, 3, padding="same"), shape=(3, 6, 6, 2)), (vid,)),
        "ConvLSTM2D return_sequences": (seq(L.ConvLSTM2D(2, 3, return_sequences=True),
                                            shape=(3, 6, 6, 2)), (vid,)),
        "TimeDistributed(Dense)": (seq(L.TimeDistributed(L.Dense(3)), shape=(6, 5)), (s,)),
        "TimeDistributed(Conv2D)": (seq(L.TimeDistributed(L.Conv2D(2, 3)),
                                        shape=(3, 6, 6, 2)), (vid,)),
        "Conv1DTranspose": (seq(L.Conv1DTranspose(3, 3, strides=2), shape=(6, 5)), (s,)),
        "Conv3DTranspose": (seq(L.Conv3DTranspose(2, 2, strides=2, padding="same"),
                                shape=(3, 6, 6, 2)), (vid,)),
        "Conv2DTranspose dilation": (seq(L.Conv2DTranspose(3, 3, dilation_rate=2),
                                         shape=(8, 8, 3)), (im,)),
        "SeparableConv1D": (seq(L.SeparableConv1D(4, 3, depth_multiplier=2, padding="same"),
                                shape=(6, 5)), (s,)),
        "DepthwiseConv1D": (seq(L.DepthwiseConv1D(3, depth_multiplier=2), shape=(6, 5)), (s,)),
        "Conv2D groups=3": (seq(L.Conv2D(6, 3, groups=3), shape=(8, 8, 3)), (im,)),
        "UpSampling1D": (seq(L.UpSampling1D(3), shape=(6, 5)), (s,)),
        "UpSampling3D": (seq(L.UpSampling3D(2), shape=(3, 6, 6, 2)), (vid,)),
        "ZeroPadding2D + Cropping2D": (seq(L.ZeroPadding2D(((1, 2), (0, 1))),
                                           L.Cropping2D(((0, 1), (2, 0))),
                                           shape=(8, 8, 3)), (im,)),
        "AdditiveAttention causal": (sub(add_att_causal, L.AdditiveAttention,
                                         build_args=(_f(8, (2, 5, 4)), _f(9, (2, 5, 4)))),
                                     (_f(8, (2, 5, 4)), _f(9, (2, 5, 4)))),
        "MultiHeadAttention value_dim, scores": (
            sub(mha_scores, lambda: L.MultiHeadAttention(2, 3, value_dim=5),
                build_args=(_f(10, (2, 4, 6)), _f(11, (2, 5, 6)))),
            (_f(10, (2, 4, 6)), _f(11, (2, 5, 6)))),
        "UnitNormalization": (seq(L.UnitNormalization(), shape=(6,)), (x6,)),
        "PReLU + LeakyReLU + ELU": (seq(L.Dense(6), L.PReLU(), L.LeakyReLU(0.1), L.ELU(),
                                        shape=(6,)), (x6,)),
        "ReLU(max_value, threshold)": (seq(L.Dense(6), L.ReLU(max_value=1.0, threshold=0.1),
                                           shape=(6,)), (x6,)),
        "Permute + RepeatVector + Flatten": (seq(L.Permute((2, 1)), L.Flatten(),
                                                 L.RepeatVector(2), shape=(6, 5)), (s,)),
        "Embedding(mask_zero) + GlobalAveragePooling1D": (
            sub(emb_gap, lambda: L.Embedding(10, 4, mask_zero=True),
                L.GlobalAveragePooling1D, build_args=(ids,)), (ids,)),
        "Masking + LSTM": (seq(L.Masking(0.0), L.LSTM(3), shape=(7, 4)), (padded,)),
        "GRU reset_after=False": (seq(L.GRU(3, reset_after=False), shape=(6, 5)), (s,)),
        "LSTM go_backwards": (seq(L.LSTM(3, go_backwards=True, return_sequences=True),
                                  shape=(6, 5)), (s,)),
        "Softmax layer + Dot(normalize)": (sub(
            lambda self, a, b: self.l1([self.l0(a), b]), L.Softmax,
            lambda: L.Dot(axes=-1, normalize=True), build_args=(x6, _f(12, (4, 6)))),
            (x6, _f(12, (4, 6)))),
        "LayerNormalization rms_scaling": (seq(L.LayerNormalization(rms_scaling=True),
                                               shape=(6,)), (x6,)),
        "SpatialDropout2D + GaussianNoise (inference)": (
            seq(L.Conv2D(3, 3), L.SpatialDropout2D(0.3), L.GaussianNoise(0.5),
                shape=(8, 8, 3)), (im,)),
        "tf.maximum tie (zero bias, zero rows)": (
            sub(max_tie, lambda: L.Dense(5), lambda: L.Dense(2), build_args=(zrows,)),
            (zrows,)),
        "tf.minimum tie (zero bias, zero rows)": (
            sub(min_tie, lambda: L.Dense(5), lambda: L.Dense(2), build_args=(zrows,)),
            (zrows,)),
        "hand-written relu6 tie (maximum/minimum)": (
            sub(clip_tie, lambda: L.Dense(5), lambda: L.Dense(2), build_args=(zrows,)),
            (zrows,)),
        "keras Maximum/Minimum layers": (sub(
            lambda self, a: self.l2([self.l0([self.l3(a), a * 0.0]), self.l1([a, a])]),
            L.Maximum, L.Minimum, L.Add, lambda: L.Dense(6), build_args=(zrows,)), (zrows,)),
    }
    if apps:
        A = keras.applications
        small = dict(weights=None, classes=10)
        for name, ctor, shape in (
                ("MobileNetV2", lambda: A.MobileNetV2(input_shape=(32, 32, 3), alpha=0.35,
                                                      **small), (1, 32, 32, 3)),
                ("MobileNet", lambda: A.MobileNet(input_shape=(32, 32, 3), alpha=0.25,
                                                  **small), (1, 32, 32, 3)),
                ("MobileNetV3Large", lambda: A.MobileNetV3Large(
                    input_shape=(32, 32, 3), minimalistic=True, **small), (1, 32, 32, 3)),
                ("EfficientNetB0", lambda: A.EfficientNetB0(input_shape=(32, 32, 3), **small),
                 (1, 32, 32, 3)),
                ("DenseNet121", lambda: A.DenseNet121(input_shape=(32, 32, 3), **small),
                 (1, 32, 32, 3)),
                ("ConvNeXtTiny", lambda: A.ConvNeXtTiny(input_shape=(32, 32, 3), **small),
                 (1, 32, 32, 3)),
                ("InceptionV3", lambda: A.InceptionV3(input_shape=(75, 75, 3), **small),
                 (1, 75, 75, 3)),
                ("ResNet50", lambda: A.ResNet50(input_shape=(32, 32, 3), **small),
                 (1, 32, 32, 3))):
            c[f"app {name}"] = (ctor, (np.random.default_rng(13).random(shape, np.float32)
                                       * 255,))
    return c


def run_tf(targets, k, apps):
    from tests.transpiler.tensorflow.survey import run_case
    out = []
    for name, (make, args) in tf_cases(apps).items():
        if k and k.lower() not in name.lower():
            continue
        for tgt in targets:
            t0 = time.perf_counter()
            try:
                st, detail = run_case(make(), args, tgt)
            except Exception as e:  # noqa: BLE001 - building the case
                st, detail = "crash", f"building: {type(e).__name__}: {e}"[:300]
            out.append(("tf", tgt, name, st, detail, time.perf_counter() - t0))
            _line(out[-1])
    return out


# -- PyTorch -----------------------------------------------------------------------------------
def torch_cases():
    import torch
    from torch import nn
    torch.manual_seed(0)
    F = nn.functional

    def ev(m):
        return m.eval()

    q = _f(20, (2, 5, 8))
    kv = _f(21, (2, 7, 6))
    img = _f(22, (2, 4, 8, 8))
    seq = _f(23, (2, 6, 5))
    vol = _f(24, (1, 2, 4, 6, 6))
    kpm = np.zeros((2, 7), bool)
    kpm[0, 5:] = True
    amask = np.triu(np.ones((5, 7), bool), 3)
    tgt = _f(25, (2, 5, 16))
    mem = _f(26, (2, 6, 16))
    tmask = np.triu(np.full((5, 5), -np.inf, np.float32), 1)
    mkpm = np.zeros((2, 6), bool)
    mkpm[1, 4:] = True

    class MHAkv(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.MultiheadAttention(8, 2, kdim=6, vdim=6, batch_first=True)

        def forward(self, q, kv, kpm, am):
            o, w = self.a(q, kv, kv, key_padding_mask=kpm, attn_mask=am)
            return o, w

    class MHAperhead(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.MultiheadAttention(8, 2, bias=False, add_bias_kv=True)

        def forward(self, x):
            o, w = self.a(x, x, x, average_attn_weights=False, is_causal=False)
            return o, w

    class Dec(nn.Module):
        def __init__(self):
            super().__init__()
            lay = nn.TransformerDecoderLayer(16, 2, 32, dropout=0.0, batch_first=True,
                                             norm_first=True)
            self.d = nn.TransformerDecoder(lay, 2, norm=nn.LayerNorm(16))

        def forward(self, tgt, mem, tm, mkpm):
            return self.d(tgt, mem, tgt_mask=tm, memory_key_padding_mask=mkpm)

    class Seq2Seq(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(12, 6)
            self.enc = nn.GRU(6, 8, batch_first=True, bidirectional=True)
            self.dec = nn.GRUCell(6, 16)
            self.out = nn.Linear(16, 12)

        def forward(self, src, tgt):
            _, h = self.enc(self.emb(src))
            h = torch.cat([h[0], h[1]], -1)
            outs = []
            for t in range(tgt.shape[1]):
                h = self.dec(self.emb(tgt[:, t]), h)
                outs.append(self.out(h))
            return torch.stack(outs, 1)

    class AudioNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.c = nn.Conv1d(5, 8, 3, padding=1)
            self.bn = nn.BatchNorm1d(8)
            self.lstm = nn.LSTM(8, 6, num_layers=2, batch_first=True, dropout=0.2)
            self.fc = nn.Linear(6, 3)

        def forward(self, x):
            h = F.relu(self.bn(self.c(x.transpose(1, 2)))).transpose(1, 2)
            o, (hn, cn) = self.lstm(h)
            return self.fc(o.mean(1)) + self.fc(hn[-1])

    class TinyViT(nn.Module):
        def __init__(self):
            super().__init__()
            self.patch = nn.Conv2d(4, 16, 4, 4)
            self.cls = nn.Parameter(torch.randn(1, 1, 16))
            self.pos = nn.Parameter(torch.randn(1, 5, 16) * 0.1)
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(
                16, 2, 32, dropout=0.0, batch_first=True, activation="gelu"), 2,
                enable_nested_tensor=False)
            self.head = nn.Linear(16, 3)

        def forward(self, x):
            p = self.patch(x).flatten(2).transpose(1, 2)
            h = torch.cat([self.cls.expand(x.shape[0], -1, -1), p], 1) + self.pos
            return self.head(self.enc(h)[:, 0])

    class Mixer(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.LayerNorm(8), nn.LayerNorm(8)
            self.tok = nn.Sequential(nn.Linear(6, 12), nn.GELU(approximate="tanh"),
                                     nn.Linear(12, 6))
            self.ch = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8))

        def forward(self, x):
            x = x + self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)
            return x + self.ch(self.n2(x))

    class SEBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.dw = nn.Conv2d(4, 4, 3, padding=1, groups=4)
            self.pw = nn.Conv2d(4, 8, 1)
            self.se = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(8, 2, 1), nn.SiLU(),
                                    nn.Conv2d(2, 8, 1), nn.Hardsigmoid())
            self.act = nn.Hardswish()

        def forward(self, x):
            h = self.act(self.pw(self.dw(x)))
            return h * self.se(h)

    class UNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.d = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.ReLU())
            self.p = nn.MaxPool2d(2)
            self.m = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.InstanceNorm2d(8),
                                   nn.LeakyReLU(0.1))
            self.u = nn.ConvTranspose2d(8, 8, 2, 2)
            self.o = nn.Conv2d(16, 2, 1)

        def forward(self, x):
            a = self.d(x)
            return self.o(torch.cat([a, self.u(self.m(self.p(a)))], 1))

    class VAEDec(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(5, 32)
            self.up = nn.Sequential(nn.Unflatten(1, (2, 4, 4)),
                                    nn.Upsample(scale_factor=2, mode="nearest"),
                                    nn.Conv2d(2, 3, 3, padding=1), nn.Sigmoid())

        def forward(self, mu, logvar, eps):
            z = mu + eps * torch.exp(0.5 * logvar)
            return self.up(self.fc(z))

    class Unpool(nn.Module):
        def __init__(self):
            super().__init__()
            self.p = nn.MaxPool2d(2, return_indices=True)
            self.u = nn.MaxUnpool2d(2)

        def forward(self, x):
            y, i = self.p(x)
            return self.u(y, i)

    class WN(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.utils.parametrizations.weight_norm(nn.Linear(5, 4))

        def forward(self, x):
            return self.l(x)

    class SN(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.utils.parametrizations.spectral_norm(nn.Linear(5, 4))

        def forward(self, x):
            return self.l(x)

    class Orth(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.utils.parametrizations.orthogonal(nn.Linear(4, 4))

        def forward(self, x):
            return self.l(x)

    class VQ(nn.Module):  # VQ-VAE's quantiser: nearest code, straight-through estimator
        def __init__(self):
            super().__init__()
            self.enc, self.dec = nn.Linear(6, 4), nn.Linear(4, 3)
            self.codebook = nn.Parameter(torch.randn(8, 4))

        def forward(self, x):
            z = self.enc(x)
            q = self.codebook[(z[:, None] - self.codebook[None]).pow(2).sum(-1).argmin(-1)]
            return self.dec(z + (q - z).detach()), (z - q.detach()).pow(2).mean()

    class Loss(nn.Module):
        def __init__(self, fn):
            super().__init__()
            self.fn = fn

        def forward(self, *a):
            return self.fn(*a)

    a56 = _f(30, (4, 6))
    b56 = _f(31, (4, 6))
    lbl = np.random.default_rng(32).integers(0, 6, 4).astype(np.int64)
    sgn = np.sign(_f(33, (4,))).astype(np.float32)
    multi = (np.random.default_rng(34).random((4, 6)) > 0.5).astype(np.float32)
    pos = np.abs(_f(35, (4, 6))) + 0.1
    src_ids = np.random.default_rng(36).integers(0, 12, (2, 5)).astype(np.int64)
    tgt_ids = np.random.default_rng(37).integers(0, 12, (2, 4)).astype(np.int64)
    nll2d = np.random.default_rng(38).integers(0, 4, (2, 8, 8)).astype(np.int64)
    nll2d[0, 0, :3] = -100
    seg = _f(39, (2, 4, 8, 8))
    return {
        "MultiheadAttention kdim/vdim + both masks": (ev(MHAkv()), (q, kv, kpm, amask)),
        "MultiheadAttention add_bias_kv, per-head weights": (ev(MHAperhead()),
                                                             (_f(27, (5, 2, 8)),)),
        "TransformerDecoder norm_first + masks": (ev(Dec()), (tgt, mem, tmask, mkpm)),
        "LSTM proj bidirectional 2-layer": (ev(nn.LSTM(5, 6, 2, bidirectional=True,
                                                       proj_size=3)), (seq,)),
        "GRU bias=False 3-layer batch_first": (ev(nn.GRU(5, 4, 3, bias=False,
                                                         batch_first=True)), (seq,)),
        "RNNCell relu": (ev(nn.RNNCell(5, 4, nonlinearity="relu")), (seq[:, 0],)),
        "AdaptiveMaxPool3d": (ev(nn.AdaptiveMaxPool3d((3, 4, 5))), (vol,)),
        "AdaptiveAvgPool2d (5, 3) non-divisible": (ev(nn.AdaptiveAvgPool2d((5, 3))), (img,)),
        "AvgPool1d ceil_mode": (ev(nn.AvgPool1d(3, 2, ceil_mode=True, padding=1)),
                                (seq.transpose(0, 2, 1).copy(),)),
        "LPPool1d": (ev(nn.LPPool1d(2, 3, 2)), (seq.transpose(0, 2, 1).copy(),)),
        "MaxPool2d+MaxUnpool2d": (ev(Unpool()), (img,)),
        "shrink/threshold activations": (ev(nn.Sequential(
            nn.Hardshrink(0.3), nn.Softshrink(0.2), nn.Tanhshrink(), nn.Threshold(0.05, -1.0),
            nn.LogSigmoid())), (a56,)),
        "Softmin + Softmax2d": (ev(nn.Sequential(nn.Softmax2d(), nn.Softmin(1))), (img,)),
        "RReLU (eval)": (ev(nn.RReLU()), (a56,)),
        "CosineSimilarity + PairwiseDistance": (ev(Loss(
            lambda a, b: nn.CosineSimilarity()(a, b) + nn.PairwiseDistance(p=3)(a, b))),
            (a56, b56)),
        "ZeroPad2d + ConstantPad3d + CircularPad2d": (ev(Loss(
            lambda x: nn.CircularPad2d((1, 2, 0, 1))(nn.ZeroPad2d((1, 0, 2, 1))(x))
            .sum() + nn.ConstantPad3d(1, 0.5)(x).mean())), (img,)),
        "KLDivLoss log_target": (ev(nn.KLDivLoss(reduction="batchmean", log_target=True)),
                                 (F.log_softmax(torch.from_numpy(a56), 1).numpy(),
                                  F.log_softmax(torch.from_numpy(b56), 1).numpy())),
        "BCEWithLogitsLoss pos_weight": (ev(nn.BCEWithLogitsLoss(
            pos_weight=torch.linspace(0.5, 2, 6))), (a56, multi)),
        "SmoothL1 + Huber": (ev(Loss(lambda a, b: nn.SmoothL1Loss(beta=0.5)(a, b) +
                                     nn.HuberLoss(delta=0.7)(a, b))), (a56, b56)),
        "MarginRanking + CosineEmbedding + HingeEmbedding": (ev(Loss(
            lambda a, b, y: nn.MarginRankingLoss(0.1)(a[:, 0], b[:, 0], y)
            + nn.CosineEmbeddingLoss(0.2)(a, b, y) + nn.HingeEmbeddingLoss()(a[:, 1], y))),
            (a56, b56, sgn)),
        "MultiLabelSoftMargin + MultiMargin": (ev(Loss(
            lambda a, y, c: nn.MultiLabelSoftMarginLoss()(a, y) + nn.MultiMarginLoss(p=2)(a, c)
        )), (a56, multi, lbl)),
        "PoissonNLL + GaussianNLL": (ev(Loss(
            lambda a, b, v: nn.PoissonNLLLoss()(a, v) + nn.GaussianNLLLoss()(a, b, v))),
            (a56, b56, pos)),
        "TripletMarginLoss": (ev(nn.TripletMarginLoss(margin=0.5, swap=True)),
                              (a56, b56, _f(40, (4, 6)))),
        "NLLLoss 2d ignore_index + weight": (ev(Loss(
            lambda x, t: nn.NLLLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.5]))(
                F.log_softmax(x, 1), t))), (seg, nll2d)),
        "weight_norm parametrization": (ev(WN()), (a56[:, :5].copy(),)),
        "spectral_norm parametrization (eval)": (ev(SN()), (a56[:, :5].copy(),)),
        "orthogonal parametrization": (ev(Orth()), (a56[:, :4].copy(),)),
        "Seq2Seq GRU encoder / GRUCell decoder": (ev(Seq2Seq()), (src_ids, tgt_ids)),
        "Conv1d+BatchNorm1d+2-layer LSTM classifier": (ev(AudioNet()), (seq,)),
        "tiny ViT (cls token, TransformerEncoder gelu)": (ev(TinyViT()), (img,)),
        "MLP-Mixer block": (ev(Mixer()), (_f(41, (2, 6, 8)),)),
        "depthwise + squeeze-excite block (Hardswish)": (ev(SEBlock()), (img,)),
        "UNet GroupNorm/InstanceNorm/ConvTranspose2d": (ev(UNet()), (img,)),
        "VAE decoder (reparameterised, Unflatten, Upsample)": (
            ev(VAEDec()), (_f(42, (2, 5)), _f(43, (2, 5)), _f(44, (2, 5)))),
        "VQ-VAE quantiser (straight-through .detach())": (ev(VQ()), (_f(50, (5, 6)),)),
        "F.scaled_dot_product_attention is_causal": (
            Loss(lambda a, b, c: F.scaled_dot_product_attention(a, b, c, is_causal=True)),
            (_f(45, (2, 2, 5, 4)), _f(46, (2, 2, 5, 4)), _f(47, (2, 2, 5, 4)))),
        "F.normalize + F.embedding(max_norm)": (
            Loss(lambda i, w: F.normalize(F.embedding(i, w, max_norm=1.0), dim=-1)),
            (np.random.default_rng(48).integers(0, 6, (3, 4)).astype(np.int64),
             _f(49, (6, 5), 2.0))),
    }


def run_torch(targets, k):
    from tests.transpiler.torch.survey import run_case
    out = []
    for name, (obj, args) in torch_cases().items():
        if k and k.lower() not in name.lower():
            continue
        for tgt in targets:
            t0 = time.perf_counter()
            r = run_case(obj, args, tgt)
            detail = r.get("reason") or r.get("note") or ""
            out.append(("torch", tgt, name, r["status"], detail, time.perf_counter() - t0))
            _line(out[-1])
    return out


# -- JAX / Flax / optax ------------------------------------------------------------------------
def jax_cases():
    import jax
    import jax.numpy as jnp
    import optax
    from flax import linen as nn

    from tests.transpiler.jax.survey import Case, _f32

    key = jax.random.PRNGKey(0)
    out = []

    def linen(name, mod, draw):
        def make():
            return (mod, mod.init(key, *draw(np.random.default_rng(0))))
        out.append(Case("flax", name, make, draw))

    seq = lambda r: (_f32(r, 2, 5, 6),)  # noqa: E731
    img = lambda r: (_f32(r, 2, 8, 8, 4),)  # noqa: E731
    linen("RNN(OptimizedLSTMCell)", nn.RNN(nn.OptimizedLSTMCell(5)), seq)
    linen("RNN(SimpleCell)", nn.RNN(nn.SimpleCell(5)), seq)
    linen("RNN(MGUCell)", nn.RNN(nn.MGUCell(5)), seq)
    linen("RNN(GRUCell) reverse, keep_order", nn.RNN(nn.GRUCell(4), reverse=True,
                                                      keep_order=True), seq)

    class RNNLen(nn.Module):
        @nn.compact
        def __call__(self, x, lengths):
            return nn.RNN(nn.LSTMCell(4))(x, seq_lengths=lengths)

    linen("RNN(LSTMCell) seq_lengths", RNNLen(),
          lambda r: (_f32(r, 2, 5, 6), r.integers(1, 6, 2).astype(np.int32)))
    linen("RNN(ConvLSTMCell)", nn.RNN(nn.ConvLSTMCell(3, (3, 3))),
          lambda r: (_f32(r, 2, 4, 6, 6, 2),))

    class StackedRNN(nn.Module):
        @nn.compact
        def __call__(self, x):
            h = nn.RNN(nn.GRUCell(6))(x)
            c, y = nn.RNN(nn.LSTMCell(4), return_carry=True)(h)
            return nn.Dense(2)(y[:, -1]) + c[1].sum()

    linen("stacked GRU/LSTM return_carry", StackedRNN(), seq)
    linen("SelfAttention", nn.SelfAttention(num_heads=2, qkv_features=6), seq)

    class MHAmask(nn.Module):
        @nn.compact
        def __call__(self, q, kv, valid):
            m = nn.make_attention_mask(jnp.ones(q.shape[:2], bool), valid) * \
                jnp.tril(jnp.ones((q.shape[1], kv.shape[1]), jnp.float32), 1)
            return nn.MultiHeadDotProductAttention(
                num_heads=2, qkv_features=8, out_features=5, dropout_rate=0.1,
                deterministic=True, normalize_qk=True)(q, kv, mask=m)

    linen("MHDPA cross, padding&causal mask, normalize_qk", MHAmask(),
          lambda r: (_f32(r, 2, 4, 6), _f32(r, 2, 5, 6), r.random((2, 5)) > 0.2))
    linen("Einsum", nn.Einsum((3, 6, 4), "bsd,hdk->bshk"), seq)
    linen("DenseGeneral multi-axis", nn.DenseGeneral((2, 3), axis=(-2, -1)), seq)
    linen("ConvLocal", nn.ConvLocal(3, (3, 3)), img)
    linen("Conv feature_group_count", nn.Conv(8, (3, 3), feature_group_count=4), img)
    linen("ConvTranspose transpose_kernel", nn.ConvTranspose(3, (3, 3), strides=(2, 2),
                                                              transpose_kernel=True), img)
    linen("InstanceNorm", nn.InstanceNorm(), img)
    linen("GroupNorm group_size", nn.GroupNorm(num_groups=None, group_size=2), img)
    linen("LayerNorm reduction_axes", nn.LayerNorm(reduction_axes=(-2, -1)), seq)
    linen("WeightNorm(Dense)", nn.WeightNorm(nn.Dense(3)), seq)
    linen("Sequential(Dense, gelu, Dense, glu)",
          nn.Sequential([nn.Dense(8), nn.gelu, nn.Dense(8), nn.glu]), seq)
    linen("PReLU", nn.PReLU(), seq)

    class Pools(nn.Module):
        @nn.compact
        def __call__(self, x):
            a = nn.avg_pool(x, (3, 3), (2, 2), padding="SAME", count_include_pad=False)
            b = nn.pool(x, 0.0, jax.lax.add, (2, 2), (2, 2), "VALID")
            return a.sum() + b.mean() + nn.max_pool(x, (2, 2), padding=((1, 1), (0, 1))).sum()

    linen("avg_pool count_include_pad=False, nn.pool", Pools(), img)

    class Cell(nn.Module):
        @nn.compact
        def __call__(self, c, _):
            return nn.tanh(nn.Dense(6)(c)), None

    class ScanLayers(nn.Module):
        @nn.compact
        def __call__(self, x):
            Stack = nn.scan(Cell, variable_axes={"params": 0}, split_rngs={"params": True},
                            length=3)
            return Stack()(x, None)[0]

    linen("nn.scan over stacked layers", ScanLayers(), lambda r: (_f32(r, 3, 6),))

    class Remat(nn.Module):
        @nn.compact
        def __call__(self, x):
            return nn.remat(nn.Dense)(4)(nn.relu(nn.Dense(6)(x)))

    linen("nn.remat(Dense)", Remat(), seq)

    def bn_train():
        mod = nn.BatchNorm(use_running_average=False, momentum=0.9)
        v = mod.init(key, np.zeros((4, 5), np.float32))

        def step(params, stats, x):
            y, upd = mod.apply({"params": params, "batch_stats": stats}, x,
                               mutable=["batch_stats"])
            return y, upd["batch_stats"]
        return step, v

    out.append(Case("flax", "BatchNorm training (mutable batch_stats)",
                    lambda: bn_train()[0],
                    lambda r: (jax.tree_util.tree_map(np.asarray, bn_train()[1]["params"]),
                               jax.tree_util.tree_map(np.asarray, bn_train()[1]["batch_stats"]),
                               _f32(r, 4, 5))))

    params0 = {"w": np.ones((3, 2), np.float32), "b": np.zeros(2, np.float32)}

    def opt_case(name, opt, steps=2):
        state0 = jax.tree_util.tree_map(np.asarray, opt.init(params0))

        def step(grads, state, params):
            updates, state = opt.update(grads, state, params)
            return optax.apply_updates(params, updates), state

        def draw(r):
            g = {"w": _f32(r, 3, 2), "b": _f32(r, 2)}
            p = {"w": _f32(r, 3, 2), "b": _f32(r, 2)}
            st = state0
            for _ in range(steps - 1):
                _, st = step(jax.tree_util.tree_map(jnp.asarray, g), st,
                             jax.tree_util.tree_map(jnp.asarray, p))
            return (g, jax.tree_util.tree_map(np.asarray, st), p)

        out.append(Case("optax", name, lambda: step, draw))

    opt_case("novograd", optax.novograd(1e-2))
    opt_case("rmsprop momentum centered", optax.rmsprop(1e-2, momentum=0.9, centered=True))
    opt_case("adabelief", optax.adabelief(1e-2))
    opt_case("radam", optax.radam(1e-2), steps=7)
    opt_case("yogi", optax.yogi(1e-2))
    opt_case("nadam", optax.nadam(1e-2))
    opt_case("amsgrad", optax.amsgrad(1e-2))
    opt_case("adamax", optax.adamax(1e-2))
    opt_case("sm3", optax.sm3(1e-2))
    opt_case("fromage", optax.fromage(1e-2))
    opt_case("lars", optax.lars(1e-2))
    opt_case("adafactor factored (matrix >= 128)", optax.adafactor(
        1e-2, min_dim_size_to_factor=2))
    opt_case("lion b1/b2 + weight decay", optax.lion(1e-3, b1=0.95, b2=0.98,
                                                     weight_decay=1e-2))
    opt_case("lamb weight decay", optax.lamb(1e-3, weight_decay=1e-2))
    opt_case("chain(clip_by_global_norm, add_decayed_weights, sgd nesterov)", optax.chain(
        optax.clip_by_global_norm(0.5), optax.add_decayed_weights(1e-3),
        optax.sgd(0.1, momentum=0.9, nesterov=True)))
    opt_case("chain(clip, clip_by_block_rms, centralize, adam)", optax.chain(
        optax.clip(0.3), optax.clip_by_block_rms(0.5), optax.centralize(), optax.adam(1e-2)))
    opt_case("inject_hyperparams(adamw)", optax.inject_hyperparams(optax.adamw)(
        learning_rate=1e-2, weight_decay=1e-3))
    opt_case("MultiSteps(adam, 2)", optax.MultiSteps(optax.adam(1e-2), 2), steps=2)
    opt_case("apply_if_finite(adam)", optax.apply_if_finite(optax.adam(1e-2), 3))
    opt_case("adamw mask", optax.adamw(1e-2, mask={"w": True, "b": False}))
    opt_case("scale_by_trust_ratio + sgd", optax.chain(optax.scale_by_trust_ratio(),
                                                       optax.sgd(0.1)))
    opt_case("contrib.schedule_free_adamw", optax.contrib.schedule_free_adamw(1e-2), steps=3)
    opt_case("contrib.muon", optax.contrib.muon(1e-2), steps=2)
    return out


def run_jax(targets, k):
    from tests.transpiler.jax.survey import run_case
    out = []
    for case in jax_cases():
        name = f"{case.group}: {case.name}"
        if k and k.lower() not in name.lower():
            continue
        for tgt in targets:
            st, detail, secs = run_case(case, tgt)
            out.append(("jax", tgt, name, st, detail, secs))
            _line(out[-1])
    return out


# -- driver ------------------------------------------------------------------------------------
def _line(r):
    src, tgt, name, st, detail, secs = r
    tag = {"wrong": "WRONG"}.get(st, st)
    print(f"{tag:8s} {src}->{tgt:10s} {name}" + (f"  -- {detail}" if detail else "")
          + f"  ({secs:.1f}s)", flush=True)


DEFAULT_TARGETS = {"tf": ("numpy", "torch"), "torch": ("jax", "numpy"),
                   "jax": ("torch", "tensorflow")}


def main(argv):
    srcs, k, targets, apps = [], "", None, False
    it = iter(argv)
    for a in it:
        if a == "-k":
            k = next(it)
        elif a.startswith("--targets"):
            targets = tuple((a.split("=", 1)[1] if "=" in a else next(it)).split(","))
        elif a == "--apps":
            apps = True
        else:
            srcs.append(a)
    warnings.simplefilter("ignore")
    res = []
    for src in srcs or ("tf", "torch", "jax"):
        tg = targets or DEFAULT_TARGETS[src]
        if src == "tf":
            res += run_tf(tg, k, apps)
        elif src == "torch":
            res += run_torch(tg, k)
        else:
            res += run_jax(tg, k)
    print("\nsource -> target   ok / refused / WRONG / crash  (of)")
    for key in dict.fromkeys((r[0], r[1]) for r in res):
        st = [r[3] for r in res if (r[0], r[1]) == key]
        print(f"{key[0]:>6} -> {key[1]:10s} {st.count('ok'):3} / {st.count('refused'):3} / "
              f"{st.count('wrong'):3} / {st.count('crash'):3}  ({len(st)})")


if __name__ == "__main__":
    main(sys.argv[1:])
