"""Probe: real code none of the surveys or corpora hold (issue 13, 2026-11-27), transpiled and
re-checked against the source framework on a new draw (models: the report's gradient check too).
Not collected by pytest (no ``test_`` prefix); run as a module:

    .venv/bin/python -m tools.probe_unseen [tf|torch|jax|numpy ...] [-k substr]
        [--targets numpy,torch] [--apps]

Prints one line per (case, target) -- ``ok``, ``refused <reason>``, ``WRONG <detail>`` or
``crash`` -- then counts per source -> target. ``--apps`` adds keras.applications models (slow:
tens of seconds each). Sources and their default targets: tf -> numpy, torch; torch -> jax,
tensorflow, numpy; jax -> torch, tensorflow; numpy -> jax, torch, tensorflow.
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
    from tools.survey_tensorflow import run_case
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


def torch_cases_13():
    """Issue 13, session 13: transformers models from small configs, kornia calls the survey
    lacks and plain user programs. Each case is ``(obj, args, args_b)``: ``args_b`` has another
    batch size (a new signature: ``t(...)`` re-transpiles)."""
    import kornia as K
    import torch
    import transformers as T
    from torch import nn
    torch.manual_seed(0)
    F = nn.functional

    def ids(seed, b, n=8):
        return (np.random.default_rng(seed).integers(3, 90, (b, n)).astype(np.int64),)

    def two(fn, *shape_tail, seed=0, b=(2, 3)):
        return fn(seed, b[0], *shape_tail), fn(seed + 1, b[1], *shape_tail)

    def img(seed, b, c=3, h=32, w=32):
        return (np.random.default_rng(seed).random((b, c, h, w), np.float32),)

    def wav(seed, b, n=400):
        return (_f(seed, (b, n)),)

    class HF(nn.Module):
        """A transformers model called as the docs say: keyword inputs, ``use_cache=False``
        where the model caches, ``return_dict=True``; returns the last hidden state."""
        def __init__(self, m, key="input_ids", cache=False, out="last_hidden_state"):
            super().__init__()
            self.m, self.key, self.cache, self.out = m.eval(), key, cache, out

        def forward(self, x):
            kw = {self.key: x, "return_dict": True}
            if self.cache:
                kw["use_cache"] = False
            return getattr(self.m(**kw), self.out)

    s = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
             vocab_size=100, max_position_embeddings=64)
    dec = dict(s, use_cache=False, bos_token_id=0, eos_token_id=0, pad_token_id=0)
    c = {}

    def hf(name, make, draw=ids, **kw):
        c[name] = (lambda: HF(make(), **kw), draw)

    hf("ALBERT", lambda: T.AlbertModel(T.AlbertConfig(**s, embedding_size=16)))
    hf("ELECTRA", lambda: T.ElectraModel(T.ElectraConfig(**s, embedding_size=16)))
    hf("DeBERTa-v2", lambda: T.DebertaV2Model(T.DebertaV2Config(
        **s, relative_attention=True, position_buckets=8, pos_att_type=["p2c", "c2p"],
        max_relative_positions=16)))
    hf("MPNet", lambda: T.MPNetModel(T.MPNetConfig(**s)))
    hf("XLM-RoBERTa", lambda: T.XLMRobertaModel(T.XLMRobertaConfig(
        **{**s, "max_position_embeddings": 72})))
    hf("Funnel", lambda: T.FunnelModel(T.FunnelConfig(
        vocab_size=100, block_sizes=[1, 1], num_decoder_layers=1, d_model=32, n_head=2,
        d_head=16, d_inner=64)))
    hf("MobileBERT", lambda: T.MobileBertModel(T.MobileBertConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=32, embedding_size=16, intra_bottleneck_size=16,
        true_hidden_size=16, num_feedforward_networks=2, max_position_embeddings=64)))
    hf("GPT-Neo", lambda: T.GPTNeoModel(T.GPTNeoConfig(
        vocab_size=100, hidden_size=32, num_layers=2, num_heads=2,
        attention_types=[[["global", "local"], 1]], window_size=4,
        max_position_embeddings=64, use_cache=False)), cache=True)
    hf("GPT-J", lambda: T.GPTJModel(T.GPTJConfig(
        vocab_size=100, n_embd=32, n_layer=2, n_head=2, rotary_dim=8, n_positions=64,
        use_cache=False)), cache=True)
    hf("GPTNeoX", lambda: T.GPTNeoXModel(T.GPTNeoXConfig(**dec, rotary_pct=0.5)), cache=True)
    hf("OPT", lambda: T.OPTModel(T.OPTConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, ffn_dim=64,
        num_attention_heads=2, max_position_embeddings=64, word_embed_proj_dim=32,
        use_cache=False, pad_token_id=1)), cache=True)
    hf("Phi", lambda: T.PhiModel(T.PhiConfig(**dec, partial_rotary_factor=0.5)), cache=True)
    hf("Mistral (sliding window)", lambda: T.MistralModel(T.MistralConfig(
        **dec, num_key_value_heads=1, sliding_window=4)), cache=True)
    hf("Gemma", lambda: T.GemmaModel(T.GemmaConfig(**dec, num_key_value_heads=1,
                                                    head_dim=16)), cache=True)
    hf("Falcon (new arch, alibi off)", lambda: T.FalconModel(T.FalconConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        new_decoder_architecture=True, num_kv_heads=1, use_cache=False)), cache=True)
    hf("Falcon (alibi)", lambda: T.FalconModel(T.FalconConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        alibi=True, multi_query=True, parallel_attn=True, use_cache=False)), cache=True)
    hf("Whisper encoder", lambda: T.WhisperModel(T.WhisperConfig(
        vocab_size=100, num_mel_bins=8, encoder_layers=2, encoder_attention_heads=2,
        decoder_layers=1, decoder_attention_heads=2, d_model=32, encoder_ffn_dim=64,
        decoder_ffn_dim=64, max_source_positions=10, pad_token_id=1, bos_token_id=2,
        eos_token_id=2, decoder_start_token_id=2)).get_encoder(), key="input_features",
       draw=lambda seed, b: (_f(seed, (b, 8, 20)),))
    hf("Wav2Vec2", lambda: T.Wav2Vec2Model(T.Wav2Vec2Config(
        hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
        conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=8,
        num_conv_pos_embedding_groups=2, do_stable_layer_norm=True, feat_extract_norm="layer")),
       key="input_values", draw=wav)
    hf("ResNet (transformers)", lambda: T.ResNetModel(T.ResNetConfig(
        embedding_size=8, hidden_sizes=[8, 16], depths=[1, 1], layer_type="bottleneck")),
       key="pixel_values", draw=img, out="pooler_output")
    hf("RegNet", lambda: T.RegNetModel(T.RegNetConfig(
        embedding_size=8, hidden_sizes=[8, 16], depths=[1, 1], groups_width=4)),
       key="pixel_values", draw=img, out="pooler_output")
    hf("ConvNextV2", lambda: T.ConvNextV2Model(T.ConvNextV2Config(
        num_stages=2, hidden_sizes=[8, 16], depths=[1, 1], image_size=32)),
       key="pixel_values", draw=img, out="pooler_output")
    hf("Data2VecVision", lambda: T.Data2VecVisionModel(T.Data2VecVisionConfig(
        **{k: v for k, v in s.items() if k not in ("vocab_size", "max_position_embeddings")},
        image_size=32, patch_size=8, use_relative_position_bias=True)),
       key="pixel_values", draw=img)

    # -- kornia the survey lacks -------------------------------------------------------------
    def kf(name, fn, draw):
        c[name] = (lambda: fn, draw)

    rgb = lambda seed, b: img(seed, b, 3, 16, 16)  # noqa: E731
    kf("kornia rgba_to_rgb + rgb_to_bgr",
       lambda x: K.color.rgb_to_bgr(K.color.rgba_to_rgb(x)), lambda sd, b: img(sd, b, 4, 8, 8))
    kf("kornia rgb_to_lab -> lab_to_rgb (no clip)",
       lambda x: K.color.lab_to_rgb(K.color.rgb_to_lab(x), clip=False), rgb)
    kf("kornia spatial_soft_argmax2d", lambda x: K.geometry.subpix.spatial_soft_argmax2d(x),
       lambda sd, b: (_f(sd, (b, 2, 8, 8)),))
    kf("kornia conv_soft_argmax2d", lambda x: K.geometry.subpix.conv_soft_argmax2d(x),
       lambda sd, b: (_f(sd, (b, 2, 8, 8)),))
    kf("kornia nms2d", lambda x: K.geometry.subpix.nms2d(x, (3, 3)),
       lambda sd, b: (_f(sd, (b, 2, 8, 8)),))
    kf("kornia warp_perspective3d",
       lambda x, m: K.geometry.transform.warp_perspective3d(x, m, (4, 6, 6)),
       lambda sd, b: (_f(sd, (b, 2, 4, 6, 6)),
                      (np.eye(4, dtype=np.float32) + _f(sd + 5, (b, 4, 4), 0.05))))
    kf("kornia depth_to_normals + depth_to_3d_v2",
       lambda d, k: K.geometry.depth.depth_to_normals(d, k) + 0 * K.geometry.depth.depth_to_3d_v2(
           d[:, 0], k).permute(0, 3, 1, 2),
       lambda sd, b: (np.abs(_f(sd, (b, 1, 6, 7))) + 1.0,
                      np.broadcast_to(np.array([[4, 0, 3], [0, 4, 3], [0, 0, 1]], np.float32),
                                      (b, 3, 3)).copy()))
    kf("kornia filters.Canny (module, hysteresis)",
       lambda x: K.filters.Canny()(x), lambda sd, b: img(sd, b, 3, 12, 12))
    kf("kornia AugmentationSequential(RandomHorizontalFlip p=1, Normalize)",
       lambda x: K.augmentation.AugmentationSequential(
           K.augmentation.RandomHorizontalFlip(p=1.0), K.augmentation.Normalize(
               torch.tensor([0.5, 0.4, 0.3]), torch.tensor([0.2, 0.25, 0.3])))(x), rgb)
    kf("kornia psnr + ssim_loss(window 5) + total_variation",
       lambda a, b: K.metrics.psnr(a, b, 1.0) + K.losses.ssim_loss(a, b, 5)
       + K.losses.total_variation(a).mean(),
       lambda sd, b: img(sd, b, 3, 12, 12) + img(sd + 9, b, 3, 12, 12))
    kf("kornia rotate (an angle per sample)",
       lambda x, a: K.geometry.transform.rotate(x, a),
       lambda sd, b: (*img(sd, b, 3, 10, 10), _f(sd + 3, (b,), 30.0)))

    # -- plain torch programs a user would write ---------------------------------------------
    class LSCE(nn.Module):    # label-smoothing CE, written by hand
        def __init__(self, eps=0.1):
            super().__init__()
            self.eps = eps

        def forward(self, logits, y):
            lp = logits.log_softmax(-1)
            n = logits.shape[-1]
            nll = -lp.gather(-1, y[:, None]).squeeze(-1)
            return ((1 - self.eps) * nll - self.eps / n * lp.sum(-1)).mean()

    class DecLayerCausal(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(50, 16)
            self.l = nn.TransformerDecoderLayer(16, 4, 32, dropout=0.0, batch_first=True)
            self.o = nn.Linear(16, 50)

        def forward(self, tgt, mem):
            n = tgt.shape[1]
            m = torch.triu(torch.full((n, n), float("-inf")), 1)
            return self.o(self.l(self.emb(tgt), mem, tgt_mask=m, tgt_is_causal=True))

    class LSTMEnc(nn.Module):   # packed variable-length LSTM encoder
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(30, 8, padding_idx=0)
            self.rnn = nn.LSTM(8, 6, batch_first=True, bidirectional=True)

        def forward(self, x):
            mask = (x != 0).float()
            o, _ = self.rnn(self.emb(x))
            return (o * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)

    class GRUEnc(nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = nn.GRU(5, 7, num_layers=2, batch_first=True, dropout=0.1)
            self.h = nn.Linear(7, 2)

        def forward(self, x):
            o, h = self.rnn(x)
            return self.h(o[:, -1]) + self.h(h[-1]), o.amax(1)

    class UBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1, bias=False),
                                    nn.BatchNorm2d(8), nn.ReLU(inplace=True))
            self.c2 = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1, bias=False),
                                    nn.BatchNorm2d(16), nn.ReLU(inplace=True))
            self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
            self.c3 = nn.Conv2d(24, 3, 3, padding=1)

        def forward(self, x):
            a = self.c1(x)
            b = self.c2(F.max_pool2d(a, 2))
            return torch.sigmoid(self.c3(torch.cat([a, self.up(b)], 1)))

    class TrainStep(nn.Module):   # a loss with label smoothing + L2 on the weights
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Dropout(0.1),
                                     nn.Linear(16, 5))

        def forward(self, x, y):
            loss = F.cross_entropy(self.net(x), y, label_smoothing=0.1)
            return loss + 1e-3 * sum((p ** 2).sum() for p in self.net.parameters())

    for name, mk, draw in (
            ("label-smoothing CE by hand", LSCE, lambda sd, b: (
                _f(sd, (b * 2, 7)),
                np.random.default_rng(sd).integers(0, 7, b * 2).astype(np.int64))),
            ("train-style loss: F.cross_entropy(label_smoothing) + L2", TrainStep,
             lambda sd, b: (_f(sd, (b * 2, 6)),
                            np.random.default_rng(sd).integers(0, 5, b * 2).astype(np.int64))),
            ("TransformerDecoderLayer causal mask built in forward", DecLayerCausal,
             lambda sd, b: (np.random.default_rng(sd).integers(0, 50, (b, 6)).astype(np.int64),
                            _f(sd + 1, (b, 5, 16)))),
            ("LSTM encoder, masked mean over padding", LSTMEnc, lambda sd, b: (
                np.where(np.arange(7) < np.random.default_rng(sd).integers(2, 8, (b, 1)),
                         np.random.default_rng(sd + 1).integers(1, 30, (b, 7)), 0)
                .astype(np.int64),)),
            ("GRU 2-layer encoder, last step + max over time", GRUEnc,
             lambda sd, b: (_f(sd, (b, 6, 5)),)),
            ("U-Net block (BatchNorm eval, bilinear align_corners up)", UBlock,
             lambda sd, b: img(sd, b, 3, 8, 8)),
    ):
        c[name] = ((lambda mk=mk: mk().eval()), draw)

    # -- second round: masks, MoE routing, losses with ignore_index, packed sequences, STFT --
    hf("Mixtral (top-2 MoE routing)", lambda: T.MixtralModel(T.MixtralConfig(
        **dec, num_key_value_heads=1, num_local_experts=4, num_experts_per_tok=2)),
       cache=True)
    hf("Gemma2 (softcapping, sliding window)", lambda: T.Gemma2Model(T.Gemma2Config(
        **dec, num_key_value_heads=1, head_dim=16, sliding_window=4)), cache=True)

    def padded(seed, b, n=8):
        r = np.random.default_rng(seed)
        i = r.integers(3, 90, (b, n)).astype(np.int64)
        m = (np.arange(n) < r.integers(3, n + 1, (b, 1))).astype(np.int64)
        return i * m, m

    class WithMask(nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m.eval()

        def forward(self, i, m):
            return self.m(input_ids=i, attention_mask=m, return_dict=True).last_hidden_state

    class LMLoss(nn.Module):   # GPT-2 LM head with labels: shifted CE, -100 on padding
        def __init__(self):
            super().__init__()
            self.m = T.GPT2LMHeadModel(T.GPT2Config(n_embd=32, n_layer=2, n_head=2,
                                                    vocab_size=100, n_positions=64,
                                                    use_cache=False)).eval()

        def forward(self, i, m):
            return self.m(input_ids=i, attention_mask=m, labels=i.masked_fill(m == 0, -100),
                          return_dict=True).loss

    c["BERT with a padding attention_mask"] = (
        lambda: WithMask(T.BertModel(T.BertConfig(**s))), padded)
    c["GPT-2 LM loss (labels -100 on padding)"] = (LMLoss, padded)

    class Packed(nn.Module):   # the usual packed-sequence LSTM encoder
        def __init__(self):
            super().__init__()
            self.rnn = nn.LSTM(5, 6, batch_first=True)

        def forward(self, x, lengths):
            p = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True,
                                                  enforce_sorted=False)
            o, (h, _) = self.rnn(p)
            o, _ = nn.utils.rnn.pad_packed_sequence(o, batch_first=True,
                                                    total_length=x.shape[1])
            return o, h[-1]

    class Spec(nn.Module):     # log-magnitude STFT front end
        def forward(self, x):
            w = torch.hann_window(64)
            z = torch.stft(x, 64, 16, window=w, return_complex=True)
            return torch.log1p(z.abs())

    class CRF(nn.Module):      # linear-chain CRF log-partition (forward algorithm)
        def __init__(self):
            super().__init__()
            self.trans = nn.Parameter(torch.randn(5, 5))

        def forward(self, em):
            a = em[:, 0]
            for t in range(1, em.shape[1]):
                a = torch.logsumexp(a[:, :, None] + self.trans[None] + em[:, t, None], 1)
            return torch.logsumexp(a, -1)

    class Focal(nn.Module):
        def forward(self, logits, y):
            lp = logits.log_softmax(-1).gather(1, y[:, None]).squeeze(1)
            return (-(1 - lp.exp()) ** 2 * lp).mean()

    class MoE(nn.Module):      # top-k routing by hand: topk, softmax, scatter into a dense gate
        def __init__(self):
            super().__init__()
            self.gate = nn.Linear(8, 4)
            self.experts = nn.ModuleList(nn.Linear(8, 8) for _ in range(4))

        def forward(self, x):
            v, i = self.gate(x).topk(2, -1)
            g = torch.zeros(*x.shape[:-1], 4).scatter(-1, i, v.softmax(-1))
            return sum(g[..., e:e + 1] * f(x) for e, f in enumerate(self.experts))

    for name, mk, draw in (
            ("LSTM over pack_padded_sequence / pad_packed_sequence", Packed,
             lambda sd, b: (_f(sd, (b, 6, 5)),
                            np.random.default_rng(sd).integers(1, 7, b).astype(np.int64))),
            ("torch.stft log-magnitude spectrogram", Spec, lambda sd, b: (_f(sd, (b, 256)),)),
            ("linear-chain CRF forward algorithm (logsumexp loop)", CRF,
             lambda sd, b: (_f(sd, (b, 6, 5)),)),
            ("focal loss by hand (gather, pow)", Focal, lambda sd, b: (
                _f(sd, (b * 2, 5)),
                np.random.default_rng(sd).integers(0, 5, b * 2).astype(np.int64))),
            ("top-2 MoE routing by hand (topk, scatter)", MoE,
             lambda sd, b: (_f(sd, (b, 5, 8)),)),
    ):
        c[name] = ((lambda mk=mk: mk().eval()), draw)
    return c


def run_torch(targets, k):
    from tools.survey_torch import run_case
    out = []
    cases = {n: (o, a, ()) for n, (o, a) in torch_cases().items()}
    for n, (make, draw) in torch_cases_13().items():   # batch 2 verified, then batch 3
        cases[n] = (make, draw(100, 2), (draw(200, 3),))
    for name, (obj, args, more) in cases.items():
        if k and k.lower() not in name.lower():
            continue
        for tgt in targets:
            t0 = time.perf_counter()
            try:
                if more:   # built per target: a model whose forward ran stays the same model
                    import torch
                    torch.manual_seed(0)
                    o = obj()
                else:
                    o = obj
                r = run_case(o, args, tgt, more)
            except Exception as e:  # noqa: BLE001 - building the case
                r = {"status": "crash", "reason": f"building: {type(e).__name__}: {e}"[:300]}
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

    from tools.survey_jax import Case, f32

    key = jax.random.PRNGKey(0)
    out = []

    def linen(name, mod, draw):
        def make():
            return (mod, mod.init(key, *draw(np.random.default_rng(0))))
        out.append(Case("flax", name, make, draw))

    seq = lambda r: (f32(r, 2, 5, 6),)  # noqa: E731
    img = lambda r: (f32(r, 2, 8, 8, 4),)  # noqa: E731
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
          lambda r: (f32(r, 2, 5, 6), r.integers(1, 6, 2).astype(np.int32)))
    linen("RNN(ConvLSTMCell)", nn.RNN(nn.ConvLSTMCell(3, (3, 3))),
          lambda r: (f32(r, 2, 4, 6, 6, 2),))

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
          lambda r: (f32(r, 2, 4, 6), f32(r, 2, 5, 6), r.random((2, 5)) > 0.2))
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

    linen("nn.scan over stacked layers", ScanLayers(), lambda r: (f32(r, 3, 6),))

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
                               f32(r, 4, 5))))

    params0 = {"w": np.ones((3, 2), np.float32), "b": np.zeros(2, np.float32)}

    def opt_case(name, opt, steps=2):
        state0 = jax.tree_util.tree_map(np.asarray, opt.init(params0))

        def step(grads, state, params):
            updates, state = opt.update(grads, state, params)
            return optax.apply_updates(params, updates), state

        def draw(r):
            g = {"w": f32(r, 3, 2), "b": f32(r, 2)}
            p = {"w": f32(r, 3, 2), "b": f32(r, 2)}
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
    from tools.survey_jax import run_case
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


# -- NumPy scientific code ---------------------------------------------------------------------
def numpy_cases():
    """Scientific NumPy written the way people write it; none of it is in
    ``tests/transpiler/numpy`` (the corpus) and ``tools/survey_numpy.py``."""
    rng = np.random.default_rng(60)

    def f64(*s):
        return rng.standard_normal(s)

    def f32(*s):
        return rng.standard_normal(s).astype(np.float32)

    # ODEs / particles
    def rk4_lorenz(y0):              # batch of initial conditions, fixed step count
        def f(y):
            x, yy, z = y[:, 0], y[:, 1], y[:, 2]
            return np.stack([10.0 * (yy - x), x * (28.0 - z) - yy, x * yy - 8.0 / 3.0 * z], 1)
        y, h = y0.copy(), 0.005
        for _ in range(40):
            k1 = f(y)
            k2 = f(y + 0.5 * h * k1)
            k3 = f(y + 0.5 * h * k2)
            k4 = f(y + h * k3)
            y = y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y

    def leapfrog_nbody(pos, vel, m):
        dt, eps2 = 0.01, 0.05

        def acc(p):
            d = p[None, :, :] - p[:, None, :]
            r2 = np.sum(d * d, axis=-1) + eps2
            inv3 = r2 ** -1.5
            np.fill_diagonal(inv3, 0.0)
            return np.einsum("ij,ijk,j->ik", inv3, d, m)
        a = acc(pos)
        for _ in range(10):
            vel = vel + 0.5 * dt * a
            pos = pos + dt * vel
            a = acc(pos)
            vel = vel + 0.5 * dt * a
        ke = 0.5 * np.sum(m[:, None] * vel ** 2)
        return pos, vel, ke

    def kalman_cv_track(zs):         # constant-velocity filter over a measured track
        dt = 0.1
        F = np.array([[1.0, dt], [0.0, 1.0]])
        H = np.array([[1.0, 0.0]])
        Q = 0.01 * np.array([[dt ** 3 / 3, dt ** 2 / 2], [dt ** 2 / 2, dt]])
        R = np.array([[0.25]])
        x = np.array([zs[0], 0.0])
        P = np.eye(2)
        out = np.zeros((len(zs), 2))
        for t in range(len(zs)):
            x = F @ x
            P = F @ P @ F.T + Q
            S = H @ P @ H.T + R
            K = np.linalg.solve(S.T, (P @ H.T).T).T
            x = x + (K @ (zs[t] - H @ x)[:, None])[:, 0]
            P = (np.eye(2) - K @ H) @ P
            out[t] = x
        return out, np.trace(P)

    # PDEs
    def heat2d_roll_f32(u):          # float32 field, Python-float coefficients (NEP 50)
        alpha = 0.2
        for _ in range(25):
            lap = (np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1)
                   + np.roll(u, -1, 1) - 4 * u)
            u = u + alpha * lap
        return u, u.dtype == np.float32

    def wave1d_dirichlet(u0, v0):
        c, dx, dt = 1.0, 0.1, 0.05
        r2 = (c * dt / dx) ** 2
        u_prev = u0.copy()
        u = u0 + dt * v0
        u[0] = u[-1] = 0.0
        for _ in range(30):
            u_next = np.empty_like(u)
            u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + r2 * (u[2:] - 2 * u[1:-1] + u[:-2])
            u_next[0] = 0.0
            u_next[-1] = 0.0
            u_prev, u = u, u_next
        return u

    def burgers_upwind(u):
        dx, dt, nu = 0.05, 0.005, 0.01
        for _ in range(20):
            up = np.roll(u, -1)
            um = np.roll(u, 1)
            adv = np.where(u > 0, u * (u - um) / dx, u * (up - u) / dx)
            u = u - dt * adv + nu * dt / dx ** 2 * (up - 2 * u + um)
        return u

    def poisson_jacobi(f):           # -lap u = f on a grid, zero boundary, 60 sweeps
        h2 = (1.0 / (f.shape[0] - 1)) ** 2
        u = np.zeros_like(f)
        for _ in range(60):
            u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]
                                    + h2 * f[1:-1, 1:-1])
        res = f[1:-1, 1:-1] + (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]
                               - 4 * u[1:-1, 1:-1]) / h2
        return u, np.linalg.norm(res)

    # spectral
    def spectral_heat(u0):           # exact heat-kernel step in Fourier space, periodic
        n = u0.shape[-1]
        k = 2 * np.pi * np.fft.rfftfreq(n, d=1.0 / n)
        uh = np.fft.rfft(u0)
        u_t = np.fft.irfft(uh * np.exp(-0.01 * k ** 2), n=n)
        du = np.fft.irfft(1j * k * uh, n=n)
        return u_t, du

    def fft_autocorr(x):
        n = x.shape[0]
        xc = x - x.mean()
        X = np.fft.rfft(xc, n=2 * n)
        ac = np.fft.irfft(X * np.conj(X), n=2 * n)[:n]
        return ac / ac[0]

    def fft_conv2d_same(img, ker):
        H, W = img.shape
        kh, kw = ker.shape
        s = (H + kh - 1, W + kw - 1)
        full = np.fft.irfft2(np.fft.rfft2(img, s) * np.fft.rfft2(ker, s), s)
        return full[kh // 2:kh // 2 + H, kw // 2:kw // 2 + W]

    def welch_psd(x):
        seg = 16
        segs = x[: (x.shape[0] // seg) * seg].reshape(-1, seg)
        w = np.hanning(seg)
        X = np.fft.rfft((segs - segs.mean(1, keepdims=True)) * w, axis=1)
        psd = (np.abs(X) ** 2).mean(0) / np.sum(w ** 2)
        return np.fft.rfftfreq(seg, 0.01), psd

    # linear algebra / fitting
    def pca_reconstruct(x):          # sign-invariant use of SVD
        mu = x.mean(0)
        u, s, vt = np.linalg.svd(x - mu, full_matrices=False)
        k = 2
        recon = (u[:, :k] * s[:k]) @ vt[:k] + mu
        evr = s ** 2 / np.sum(s ** 2)
        return recon, evr

    def zca_whiten(x):               # V diag(1/sqrt(w)) V^T: sign-invariant use of eigh
        xc = x - x.mean(axis=0)
        cov = xc.T @ xc / (x.shape[0] - 1)
        w, V = np.linalg.eigh(cov)
        Wz = V @ np.diag(1.0 / np.sqrt(w + 1e-5)) @ V.T
        return xc @ Wz

    def polyfit_residual(x, y):
        p = np.polyfit(x, y, 3)
        fit = np.polyval(p, x)
        dp = np.polyder(p)
        return p, np.sqrt(np.mean((y - fit) ** 2)), np.polyval(dp, 0.5)

    def vander_lstsq(x, y):
        A = np.vander(x, 4, increasing=True)
        coef, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
        return coef, A @ coef, sv

    def gauss_newton_expfit(y):      # fit y ~ a exp(-b t) + c, 6 Gauss-Newton steps
        t = np.linspace(0.0, 2.0, y.shape[0])
        obs = 2.0 * np.exp(-1.3 * t) + 0.5 + 0.05 * y
        p = np.array([1.0, 1.0, 0.0])
        for _ in range(6):
            a, b, c = p
            e = np.exp(-b * t)
            r = a * e + c - obs
            J = np.column_stack([e, -a * t * e, np.ones_like(t)])
            p = p - np.linalg.solve(J.T @ J + 1e-9 * np.eye(3), J.T @ r)
        return p, 0.5 * np.sum(r ** 2)

    def newton_system(v):            # x^2 + y^2 = 4, e^x + y = 1 (plus data), 8 Newton steps
        x = np.array([1.0, -1.0])
        for _ in range(8):
            F = np.array([x[0] ** 2 + x[1] ** 2 - 4.0 - 0.1 * v[0],
                          np.exp(x[0]) + x[1] - 1.0 - 0.1 * v[1]])
            J = np.array([[2 * x[0], 2 * x[1]], [np.exp(x[0]), 1.0]])
            x = x - np.linalg.solve(J, F)
        return x

    def irls_logistic(X, y):         # Newton / IRLS for logistic regression, 5 steps
        yb = (y > 0).astype(np.float64)
        Xb = np.hstack([np.ones((X.shape[0], 1)), X])
        w = np.zeros(Xb.shape[1])
        for _ in range(5):
            p = 1.0 / (1.0 + np.exp(-Xb @ w))
            W = p * (1 - p)
            H = Xb.T @ (Xb * W[:, None]) + 1e-2 * np.eye(Xb.shape[1])
            w = w + np.linalg.solve(H, Xb.T @ (yb - p) - 1e-2 * w)
        return w

    def ridge_cholesky(X, y):
        lam = 0.5
        A = X.T @ X + lam * np.eye(X.shape[1])
        L = np.linalg.cholesky(A)
        z = np.linalg.solve(L, X.T @ y)
        w = np.linalg.solve(L.T, z)
        sign, logdet = np.linalg.slogdet(A)
        return w, sign * logdet

    def gmm_loglik(x, mus, covs, logw):   # per-point log-likelihood of a Gaussian mixture
        d = x.shape[1]
        ll = []
        for k in range(mus.shape[0]):
            S = covs[k] @ covs[k].T + np.eye(d)
            diff = x - mus[k]
            sol = np.linalg.solve(S, diff.T).T
            _, logdet = np.linalg.slogdet(S)
            ll.append(logw[k] - 0.5 * (np.sum(diff * sol, 1) + logdet + d * np.log(2 * np.pi)))
        ll = np.stack(ll, 1)
        m = ll.max(1, keepdims=True)
        return (m + np.log(np.exp(ll - m).sum(1, keepdims=True)))[:, 0]

    # clustering / binning
    def kmeans_bincount(x, c):
        d2 = ((x[:, None, :] - c[None]) ** 2).sum(-1)
        lab = d2.argmin(1)
        k = c.shape[0]
        cnt = np.bincount(lab, minlength=k)
        new = np.stack([np.bincount(lab, weights=x[:, j], minlength=k)
                        for j in range(x.shape[1])], 1)
        new = np.where(cnt[:, None] > 0, new / np.maximum(cnt, 1)[:, None], c)
        inertia = d2[np.arange(x.shape[0]), lab].sum()
        return new, inertia

    def kmeans_add_at(x, c):
        lab = np.argmin(np.linalg.norm(x[:, None] - c[None], axis=2), axis=1)
        sums = np.zeros_like(c)
        np.add.at(sums, lab, x)
        cnt = np.zeros(c.shape[0])
        np.add.at(cnt, lab, 1)
        return sums / np.maximum(cnt, 1)[:, None], cnt

    def hist_equalize(img):          # img in [0, 1)
        hist, edges = np.histogram(img.ravel(), bins=16, range=(0.0, 1.0))
        cdf = np.cumsum(hist).astype(np.float64)
        cdf = cdf / cdf[-1]
        return np.interp(img.ravel(), edges[1:], cdf).reshape(img.shape)

    def binned_means(x, y):
        edges = np.linspace(-2.0, 2.0, 9)
        idx = np.clip(np.digitize(x, edges) - 1, 0, len(edges) - 2)
        s = np.bincount(idx, weights=y, minlength=8)
        n = np.bincount(idx, minlength=8)
        return s / np.maximum(n, 1), n

    def systematic_resample(w, u0):  # particle-filter resampling with searchsorted
        n = w.shape[0]
        cdf = np.cumsum(w) / np.sum(w)
        cdf[-1] = 1.0
        pos = (np.arange(n) + u0[0]) / n
        return np.searchsorted(cdf, pos, side="right")

    def interp_resample(y):
        t = np.sort(np.abs(y)).cumsum()
        tn = np.linspace(t[0], t[-1], 25)
        return np.interp(tn, t, y, left=0.0, right=0.0), np.interp(tn - 0.5, t, y)

    # images
    def sobel_slicing(img):
        p = np.pad(img, 1, mode="reflect")
        gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2]
                                                          + p[2:, :-2])
        gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1]
                                                          + p[:-2, 2:])
        return np.hypot(gx, gy), np.arctan2(gy, gx)

    def bilinear_sample(img, pts):   # pts in [0, 1): sample at fractional pixel positions
        H, W = img.shape
        x = pts[:, 0] * (W - 1)
        y = pts[:, 1] * (H - 1)
        x0 = np.floor(x).astype(int)
        y0 = np.floor(y).astype(int)
        x1 = np.minimum(x0 + 1, W - 1)
        y1 = np.minimum(y0 + 1, H - 1)
        wx, wy = x - x0, y - y0
        return (img[y0, x0] * (1 - wx) * (1 - wy) + img[y0, x1] * wx * (1 - wy)
                + img[y1, x0] * (1 - wx) * wy + img[y1, x1] * wx * wy)

    def gaussian_blur_sep(img):
        r = np.arange(-2, 3)
        g = np.exp(-r ** 2 / (2 * 1.2 ** 2))
        g /= g.sum()
        p = np.pad(img, ((2, 2), (0, 0)), mode="edge")
        out = sum(g[i] * p[i:i + img.shape[0]] for i in range(5))
        p = np.pad(out, ((0, 0), (2, 2)), mode="edge")
        return sum(g[i] * p[:, i:i + img.shape[1]] for i in range(5))

    def np_gradient_div(f):
        gy, gx = np.gradient(f, 0.5, 0.25)
        div = np.gradient(gx, 0.25, axis=1) + np.gradient(gy, 0.5, axis=0)
        return div, np.gradient(f[0], edge_order=2)

    # ML by hand
    def log_softmax_nll(logits, labels):
        m = logits.max(axis=1, keepdims=True)
        lse = m + np.log(np.sum(np.exp(logits - m), axis=1, keepdims=True))
        logp = logits - lse
        nll = -np.take_along_axis(logp, labels[:, None], axis=1).mean()
        acc = np.mean(np.argmax(logits, 1) == labels)
        return nll, acc

    def causal_attention_f32(q, k, v):
        d = q.shape[-1]
        s = q @ np.swapaxes(k, -1, -2) / np.sqrt(d)
        T = q.shape[-2]
        s = np.where(np.triu(np.ones((T, T), dtype=bool), 1), -np.inf, s)
        s = s - s.max(-1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(-1, keepdims=True)
        return p @ v

    # statistics
    def robust_stats(x):
        med = np.median(x, axis=0)
        q1, q3 = np.percentile(x, [25, 75], axis=0)
        iqr = q3 - q1
        mad = np.median(np.abs(x - med), axis=0)
        clipped = np.where(np.abs(x - med) > 1.5 * iqr, med, x)
        return med, iqr, mad, clipped.mean(0)

    def nan_pipeline(x):
        y = np.where(x > 1.0, np.nan, x)
        return (np.nanmean(y, 0), np.nanstd(y, 0, ddof=1), np.nanmedian(y, 1),
                np.nanpercentile(y, 90, axis=0), np.isnan(y).sum(), np.nan_to_num(y, nan=-1.0))

    def mahalanobis_corr(x):
        C = np.cov(x, rowvar=False)
        Ci = np.linalg.inv(C)
        d = x - x.mean(0)
        m = np.sqrt(np.einsum("ij,jk,ik->i", d, Ci, d))
        return m, np.corrcoef(x.T)

    def quantile_methods(x):
        qs = np.array([0.05, 0.5, 0.95])
        return (np.quantile(x, qs, axis=0), np.quantile(x, 0.3, method="nearest"),
                np.quantile(x, 0.7, axis=1, method="lower"), np.percentile(x, 40, keepdims=True))

    # indexing, dtypes, broadcasting
    def masked_inplace(x):
        x = x.copy()
        x[x < -1.0] = -1.0
        big = np.abs(x) > 1.5
        x[big] *= 0.5
        x[:, 0] += 1
        x[1::2, -1] = x[1::2, 0] ** 2
        return x

    def einsum_contractions(a, b, c):
        return (np.einsum("ij,jk,kl->il", a, b, c), np.einsum("ii->i", b),
                np.einsum("ij,ij->i", a, c.T), np.einsum("i,j->ij", a[0], b[0]),
                np.einsum("...j,jk", a, b), np.einsum("ij->", b))

    def cumulative_integrals(y):
        x = np.linspace(0.0, 3.0, y.shape[0])
        cum = np.concatenate([[0.0], np.cumsum(0.5 * (y[1:] + y[:-1]) * np.diff(x))])
        return (np.trapezoid(y, x), cum, np.diff(y, n=2), np.diff(y, prepend=0.0),
                np.trapezoid(np.stack([y, y ** 2]), dx=0.1, axis=1))

    def dtype_mixes(x32, idx):
        a = x32 * 2.5 + 1            # float32 (Python scalars are weak)
        b = a * np.float64(0.1)      # a NumPy float64 scalar is strong: float64
        c = x32[idx] - x32.mean()    # int index array
        d = idx.mean() + idx.sum() / 3  # int -> float64
        e = (idx // 2) * 3 % 5
        return a, b, c, d, e, x32.astype(np.float64) ** 2 - np.float32(1.5)

    def broadcast_grid(x, y):
        gx, gy = np.meshgrid(np.linspace(-1, 1, 5), np.linspace(0, 1, 4), indexing="ij")
        field = np.exp(-((gx[..., None] - x[None, None, :]) ** 2
                         + (gy[..., None] - y[None, None, :]) ** 2))
        return field.sum(-1), (x[:, None] * y[None, :]).max(0), np.outer(x, y)[..., None] * 2

    def rng_seeded_inside(x):        # a seeded Generator made inside the function
        r = np.random.default_rng(42)
        noise = r.standard_normal(x.shape)
        idx = r.permutation(x.shape[0])
        return x[idx] + 0.1 * noise

    def rng_unseeded_inside(x):      # a fresh OS-seeded Generator: not reproducible at all
        r = np.random.default_rng()
        return x + r.normal(size=x.shape)

    # more: dynamic programming, automata, complex, polynomial package, refusals by design
    def hmm_forward_log(log_pi, log_A, log_B, obs):   # log-domain forward algorithm
        la = log_pi + log_B[:, obs[0]]
        for t in range(1, obs.shape[0]):
            la = np.logaddexp.reduce(la[:, None] + log_A, axis=0) + log_B[:, obs[t]]
        return np.logaddexp.reduce(la)

    def viterbi(log_A, log_B, obs):
        T, S = obs.shape[0], log_A.shape[0]
        delta = log_B[:, obs[0]] - np.log(S)
        bp = np.zeros((T, S), dtype=np.int64)
        for t in range(1, T):
            sc = delta[:, None] + log_A
            bp[t] = np.argmax(sc, axis=0)
            delta = sc.max(axis=0) + log_B[:, obs[t]]
        path = np.zeros(T, dtype=np.int64)
        path[-1] = np.argmax(delta)
        for t in range(T - 2, -1, -1):
            path[t] = bp[t + 1, path[t + 1]]
        return path, delta.max()

    def game_of_life(board):         # int board, 4 generations
        b = (board > 0).astype(np.int8)
        for _ in range(4):
            n = sum(np.roll(np.roll(b, i, 0), j, 1) for i in (-1, 0, 1) for j in (-1, 0, 1)
                    if (i, j) != (0, 0))
            b = ((n == 3) | ((b == 1) & (n == 2))).astype(np.int8)
        return b, b.sum()

    def mandelbrot_masked(cre, cim):  # complex arrays, masked in-place update
        c = cre + 1j * cim
        z = np.zeros_like(c)
        it = np.zeros(c.shape, dtype=int)
        for _ in range(12):
            m = np.abs(z) <= 2.0
            z[m] = z[m] ** 2 + c[m]
            it[m] += 1
        return it, np.abs(z).clip(max=10.0)

    def drawdown(prices):            # running max with a ufunc accumulate
        p = np.exp(np.cumsum(0.01 * prices))
        peak = np.maximum.accumulate(p)
        dd = (p - peak) / peak
        return dd.min(), np.argmin(dd), np.minimum.reduce(p)

    def pdist_triu(x):               # condensed distance vector, like scipy's pdist
        d = np.sqrt(((x[:, None, :] - x[None, :, :]) ** 2).sum(-1))
        iu = np.triu_indices(x.shape[0], k=1)
        return d[iu], np.tensordot(x, x, axes=([1], [1]))[np.diag_indices_from(d)]

    def select_piecewise_signal(t):
        return (np.select([t < -1, t < 0.5, t < 1.5], [np.zeros_like(t), t ** 2, np.sin(t)],
                          default=1.0),
                np.heaviside(t, 0.5), np.sign(t) * np.round(np.abs(t), 2), np.sinc(t))

    def polynomial_package(x, y):    # the np.polynomial API (not the legacy polyval)
        C = np.polynomial.chebyshev
        c = np.linalg.lstsq(C.chebvander(x, 3), y, rcond=None)[0]   # a Chebyshev fit by hand
        return (c, C.chebval(x, c), np.polynomial.polynomial.polyval(x, [1.0, -2.0, 0.5]),
                np.polynomial.Polynomial([1.0, 2.0, 3.0])(x),
                np.polynomial.legendre.legvander(x, 2) @ np.ones(3))

    def polynomial_polyfit(x, y):    # pu._fit warns on rank deficiency: `if rank != order`
        return np.polynomial.polynomial.polyfit(x, y, 2)

    def image_spectrum(img):
        F = np.fft.fftshift(np.fft.fft2(img - img.mean()))
        mag = np.log1p(np.abs(F))
        ky, kx = np.meshgrid(np.fft.fftshift(np.fft.fftfreq(img.shape[0])),
                             np.fft.fftshift(np.fft.fftfreq(img.shape[1])), indexing="ij")
        hp = np.real(np.fft.ifft2(np.fft.ifftshift(F * (np.hypot(kx, ky) > 0.2))))
        return mag, hp

    def correlate_unwrap(x, k):
        phase = np.unwrap(np.cumsum(np.abs(x)) * 0.9)
        return (np.correlate(x, k, mode="valid"), np.convolve(x, k[::-1], mode="same"),
                phase, np.average(x, weights=np.abs(k).sum() + np.abs(x), returned=True))

    def newton_until_converged(a):   # Python while-loop on values: refusal by design
        x = np.ones_like(a)
        while np.max(np.abs(x * x - a)) > 1e-10:
            x = 0.5 * (x + a / x)
        return x

    def nonzero_compaction(x):       # a data-dependent shape whose .size is read into Python
        return x[np.nonzero(x > 0)[0]].sum() + np.flatnonzero(x < -1).size

    img = rng.random((12, 10))
    return {
        "RK4 Lorenz, batch of initial conditions": (rk4_lorenz, (f64(4, 3),)),
        "leapfrog N-body (einsum forces, fill_diagonal)": (
            leapfrog_nbody, (f64(5, 2), 0.1 * f64(5, 2), np.abs(f64(5)) + 0.5)),
        "Kalman constant-velocity track (loop over time)": (kalman_cv_track,
                                                            (np.cumsum(f64(12)),)),
        "heat 2-D np.roll float32 + Python floats": (heat2d_roll_f32, (f32(8, 9),)),
        "wave 1-D leapfrog, Dirichlet by slicing": (wave1d_dirichlet, (f64(20), f64(20))),
        "Burgers upwind (np.where)": (burgers_upwind, (f64(24),)),
        "Poisson Jacobi sweeps (slice assignment)": (poisson_jacobi, (f64(9, 9),)),
        "spectral heat step + derivative (rfftfreq)": (spectral_heat, (f64(32),)),
        "FFT autocorrelation": (fft_autocorr, (f64(40),)),
        "FFT conv2d 'same' (rfft2/irfft2)": (fft_conv2d_same, (f64(10, 12), f64(3, 5))),
        "Welch PSD (hanning, reshape segments)": (welch_psd, (f64(70),)),
        "PCA reconstruction via SVD": (pca_reconstruct, (f64(15, 4),)),
        "ZCA whitening via eigh": (zca_whiten, (f64(30, 3),)),
        "polyfit / polyval / polyder": (polyfit_residual, (np.linspace(-1, 1, 15), f64(15))),
        "vander + lstsq(rcond=None)": (vander_lstsq, (f64(12), f64(12))),
        "Gauss-Newton exponential fit": (gauss_newton_expfit, (f64(20),)),
        "Newton on a 2x2 nonlinear system": (newton_system, (f64(2),)),
        "IRLS logistic regression": (irls_logistic, (f64(30, 2), f64(30))),
        "ridge via Cholesky + slogdet": (ridge_cholesky, (f64(20, 3), f64(20))),
        "GMM log-likelihood (slogdet, hand logsumexp)": (
            gmm_loglik, (f64(10, 2), f64(3, 2), f64(3, 2, 2), np.log([0.2, 0.3, 0.5]))),
        "k-means step (bincount weights/minlength)": (kmeans_bincount, (f64(25, 2), f64(3, 2))),
        "k-means step (np.add.at)": (kmeans_add_at, (f64(25, 2), f64(3, 2))),
        "histogram equalisation (histogram + interp)": (hist_equalize, (img,)),
        "binned means (digitize + bincount)": (binned_means, (f64(40), f64(40))),
        "systematic resampling (searchsorted)": (systematic_resample,
                                                 (np.abs(f64(10)) + 0.1, rng.random(1))),
        "np.interp resampling with left/right": (interp_resample, (f64(15),)),
        "Sobel by slicing (pad reflect, hypot, arctan2)": (sobel_slicing, (f64(8, 9),)),
        "bilinear sampling by hand (floor/astype int)": (bilinear_sample,
                                                         (f64(6, 7), rng.random((9, 2)))),
        "separable Gaussian blur (sum of shifted slices)": (gaussian_blur_sep, (f64(7, 8),)),
        "np.gradient spacing / edge_order / divergence": (np_gradient_div, (f64(6, 7),)),
        "log-softmax NLL by hand (take_along_axis)": (
            log_softmax_nll, (f64(8, 5), rng.integers(0, 5, 8))),
        "causal attention float32 (triu mask, -inf)": (
            causal_attention_f32, (f32(2, 5, 4), f32(2, 5, 4), f32(2, 5, 3))),
        "robust stats (median, percentile, MAD)": (robust_stats, (f64(21, 3),)),
        "nan-functions pipeline": (nan_pipeline, (f64(9, 4),)),
        "Mahalanobis (cov, inv, einsum) + corrcoef": (mahalanobis_corr, (f64(25, 3),)),
        "quantile methods (nearest, lower, keepdims)": (quantile_methods, (f64(11, 4),)),
        "masked in-place updates": (masked_inplace, (f64(6, 4),)),
        "einsum contractions": (einsum_contractions, (f64(3, 3), f64(3, 3), f64(3, 3))),
        "cumsum / diff(n, prepend) / trapezoid": (cumulative_integrals, (f64(16),)),
        "dtype mixes (float32, int index, np.float64)": (
            dtype_mixes, (f32(7), rng.integers(0, 7, 5))),
        "broadcast grid ([:, None], meshgrid ij, outer)": (broadcast_grid, (f64(3), f64(3))),
        "HMM forward algorithm (logaddexp.reduce)": (
            hmm_forward_log, (np.log([0.6, 0.4]), np.log([[0.7, 0.3], [0.4, 0.6]]),
                              np.log([[0.5, 0.4, 0.1], [0.1, 0.3, 0.6]]),
                              rng.integers(0, 3, 8))),
        "Viterbi with backtracking (int gathers)": (
            viterbi, (np.log([[0.7, 0.3], [0.4, 0.6]]), f64(2, 3), rng.integers(0, 3, 7))),
        "Game of Life (int8, np.roll, boolean logic)": (game_of_life,
                                                        (rng.integers(0, 2, (8, 8)),)),
        "Mandelbrot (complex, masked in-place update)": (
            mandelbrot_masked, (np.linspace(-2, 0.5, 12)[None].repeat(3, 0) + 0.1 * f64(3, 12),
                                0.5 * f64(3, 12))),
        "drawdown (maximum.accumulate, minimum.reduce)": (drawdown, (f64(30),)),
        "pdist via triu_indices + tensordot": (pdist_triu, (f64(5, 3),)),
        "np.select / heaviside / round(2) / sinc": (select_piecewise_signal, (2 * f64(15),)),
        "np.polynomial (chebvander fit, chebval, Polynomial, legvander)": (
            polynomial_package, (f64(12), f64(12))),
        "np.polynomial.polynomial.polyfit": (polynomial_polyfit, (f64(12), f64(12))),
        "image spectrum (fft2, fftshift, high-pass)": (image_spectrum, (f64(8, 10),)),
        "correlate / convolve same / unwrap / average returned": (
            correlate_unwrap, (f64(20), f64(4))),
        "Newton while-loop on a tolerance (refusal by design)": (newton_until_converged,
                                                                 (np.abs(f64(4)) + 0.5,)),
        "np.nonzero compaction, flatnonzero(...).size": (nonzero_compaction, (f64(10),)),
        "default_rng(seed) inside the function": (rng_seeded_inside, (f64(6, 2),)),
        "default_rng() unseeded inside the function": (rng_unseeded_inside, (f64(4),)),
    }


def run_numpy(targets, k):
    from tools.survey_numpy import run_case
    out = []
    for name, (fn, args) in numpy_cases().items():
        if k and k.lower() not in name.lower():
            continue
        for tgt in targets:
            t0 = time.perf_counter()
            r = run_case(fn, args, tgt)
            st = {"error": "crash"}.get(r["outcome"], r["outcome"])
            detail = (f"{r['op']}: " if r.get("op") else "") + (r.get("why") or r.get("note")
                                                                or "")
            out.append(("numpy", tgt, name, st, detail, time.perf_counter() - t0))
            _line(out[-1])
    return out


# -- driver ------------------------------------------------------------------------------------
def _line(r):
    src, tgt, name, st, detail, secs = r
    tag = {"wrong": "WRONG"}.get(st, st)
    print(f"{tag:8s} {src}->{tgt:10s} {name}" + (f"  -- {detail}" if detail else "")
          + f"  ({secs:.1f}s)", flush=True)


DEFAULT_TARGETS = {"tf": ("numpy", "torch"), "torch": ("jax", "tensorflow", "numpy"),
                   "jax": ("torch", "tensorflow"), "numpy": ("jax", "torch", "tensorflow")}


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
    for src in srcs or ("tf", "torch", "jax", "numpy"):
        tg = targets or DEFAULT_TARGETS[src]
        if src == "tf":
            res += run_tf(tg, k, apps)
        elif src == "torch":
            res += run_torch(tg, k)
        elif src == "numpy":
            res += run_numpy(tg, k)
        else:
            res += run_jax(tg, k)
    print("\nsource -> target   ok / refused / WRONG / crash  (of)")
    for key in dict.fromkeys((r[0], r[1]) for r in res):
        st = [r[3] for r in res if (r[0], r[1]) == key]
        print(f"{key[0]:>6} -> {key[1]:10s} {st.count('ok'):3} / {st.count('refused'):3} / "
              f"{st.count('wrong'):3} / {st.count('crash'):3}  ({len(st)})")


if __name__ == "__main__":
    main(sys.argv[1:])
