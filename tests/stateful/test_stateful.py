"""Module, layers, Container, initializers, optimizers and schedules, against torch.nn /
torch.optim from the same weights."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

import ivy
from tests.functional.helpers import BACKENDS, native

AD = ["torch", "jax", "tensorflow"]
RNG = np.random.default_rng(0)


def randn(*s):
    return RNG.standard_normal(s).astype(np.float32)


def npy(x):
    return ivy.to_numpy(x)


def set_v(module, backend, flat):
    module.v = ivy.Container.from_flat_dict({k: native(backend, np.asarray(a, np.float32))
                                             for k, a in flat.items()})


def tw(p):
    return p.detach().numpy().astype(np.float32)


# ------------------------------------------------------------------------------ Container
def test_container_basics():
    c = ivy.Container(a=np.ones(2), b={"c": np.arange(2.0), "d": [np.zeros(1)]})
    assert isinstance(c.b, ivy.Container) and c["b/c"][1] == 1
    np.testing.assert_array_equal((c + 1).b.c, [1, 2])
    np.testing.assert_array_equal((2 * c - c).a, [1, 1])
    np.testing.assert_array_equal((c * c).b.d[0], [0])
    np.testing.assert_array_equal((-c).a, [-1, -1])
    assert list(c.flat_dict()) == ["a", "b/c", "b/d/0"]
    back = ivy.Container.from_flat_dict({"x/y": 1, "x/z": 2, "w": 3})
    assert back.x.z == 2 and back.w == 3
    c.e = np.ones(3)
    assert "e" in c and c.num_leaves() == 4 and c.size() == 8
    assert c.map(lambda x: x.shape).a == (2,)
    with pytest.raises(AttributeError):
        _ = c.missing
    leaves, spec = c.flatten()
    assert ivy.Container.unflatten(spec, leaves).all_equal(c)


# -------------------------------------------------------------------------------- Module
class MLP(ivy.Module):
    def __init__(self, hidden=8):
        super().__init__()
        self.l1 = ivy.Linear(4, hidden)
        self.blocks = [ivy.Linear(hidden, hidden), ivy.ReLU()]
        self.out = ivy.Linear(hidden, 2)
        self.drop = ivy.Dropout(0.5)

    def _forward(self, x):
        h = ivy.relu(self.l1(x))
        for b in self.blocks:
            h = b(h)
        return self.out(self.drop(h))


@pytest.mark.parametrize("backend", BACKENDS)
def test_module_variables_modes_and_weights(backend, tmp_path):
    with ivy.using_backend(backend):
        m = MLP()
        assert sorted(m.v.flat_dict()) == ["blocks/0/b", "blocks/0/w", "l1/b", "l1/w", "out/b",
                                           "out/w"]
        assert m.num_parameters() == 4 * 8 + 8 + 8 * 8 + 8 + 8 * 2 + 2
        x = native(backend, randn(3, 4))
        m.eval()
        assert not m.drop.training
        y = npy(m(x))
        np.testing.assert_array_equal(npy(m(x)), y)  # deterministic in eval
        m.train()
        assert m.drop.training
        # functional call with other variables; the module's own stay in place
        zero = m.v.map(lambda a: a * 0)
        m.eval()
        np.testing.assert_array_equal(npy(m(x, v=zero)), np.zeros((3, 2), np.float32))
        np.testing.assert_array_equal(npy(m(x)), y)
        path = tmp_path / "w.npz"
        m.save_weights(path)
        m2 = MLP().eval()
        assert not np.allclose(npy(m2(x)), y)
        m2.load_weights(path)
        np.testing.assert_allclose(npy(m2(x)), y, rtol=1e-6)
        assert b"pickle" not in path.read_bytes()[:0]  # npz of plain arrays
        with np.load(path, allow_pickle=False) as data:
            assert "v/l1/w" in data.files


def test_lazy_build_and_seeded_init():
    class Lazy(ivy.Module):
        def __init__(self):
            super().__init__(build_mode="lazy")

        def _create_variables(self, x):
            return {"w": ivy.to_native(ivy.ones((x.shape[-1], 2)))}

        def _forward(self, x):
            return ivy.matmul(x, self.v.w)

    with ivy.using_backend("numpy"):
        m = Lazy()
        assert not m._built
        assert m(np.ones((1, 5), np.float32)).shape == (1, 2)
        assert m.v.w.shape == (5, 2)
        a = ivy.Linear(3, 4, seed=5).v
        b = ivy.Linear(3, 4, seed=5).v
        assert a.all_equal(b)
        ivy.seed(1)
        c = ivy.Linear(3, 4).v
        ivy.seed(1)
        assert c.all_equal(ivy.Linear(3, 4).v)


@pytest.mark.parametrize("backend", AD)
def test_gradients_wrt_v_match_torch(backend):
    torch.manual_seed(0)
    tm = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.GELU(), torch.nn.Linear(8, 2))
    x, y = randn(5, 4), np.array([0, 1, 1, 0, 1])
    loss = torch.nn.functional.cross_entropy(tm(torch.from_numpy(x)), torch.from_numpy(y))
    loss.backward()
    with ivy.using_backend(backend):
        m = ivy.Sequential(ivy.Linear(4, 8), ivy.GELU(), ivy.Linear(8, 2))
        set_v(m, backend, {"layers/0/w": tw(tm[0].weight), "layers/0/b": tw(tm[0].bias),
                           "layers/2/w": tw(tm[2].weight), "layers/2/b": tw(tm[2].bias)})
        X, Y = native(backend, x), native(backend, y)
        val, g = ivy.execute_with_gradients(lambda v: ivy.cross_entropy(m(X, v=v), Y), m.v)
    np.testing.assert_allclose(float(npy(val)), loss.item(), rtol=1e-5)
    np.testing.assert_allclose(npy(g.layers["0"].w), tm[0].weight.grad.numpy(), rtol=1e-4,
                               atol=1e-6)
    np.testing.assert_allclose(npy(g["layers/2/b"]), tm[2].bias.grad.numpy(), rtol=1e-4,
                               atol=1e-6)


# -------------------------------------------------------------------------------- layers
@pytest.mark.parametrize("backend", BACKENDS)
def test_conv_layers_match_torch(backend):
    torch.manual_seed(0)
    x = randn(2, 3, 7, 7)
    with ivy.using_backend(backend):
        for ivy_layer, t_layer in [
            (ivy.Conv2D(3, 4, 3, strides=2, padding=1, data_format="channel_first"),
             torch.nn.Conv2d(3, 4, 3, 2, 1)),
            (ivy.DepthwiseConv2D(3, 3, depth_multiplier=2, padding=1,
                                 data_format="channel_first"),
             torch.nn.Conv2d(3, 6, 3, padding=1, groups=3)),
            (ivy.Conv2DTranspose(3, 2, 3, strides=2, padding=1, output_padding=1,
                                 data_format="channel_first"),
             torch.nn.ConvTranspose2d(3, 2, 3, 2, 1, 1)),
        ]:
            set_v(ivy_layer, backend, {"w": tw(t_layer.weight), "b": tw(t_layer.bias)})
            np.testing.assert_allclose(npy(ivy_layer(native(backend, x))),
                                       tw(t_layer(torch.from_numpy(x))), rtol=1e-4, atol=1e-5)
        # channel-last layer: (*k, in, out) filters
        c = ivy.Conv1D(3, 5, 2)
        assert tuple(c.v.w.shape) == (2, 3, 5)
        assert tuple(c(native(backend, randn(2, 6, 3))).shape) == (2, 5, 5)
        seq = ivy.Sequential(ivy.MaxPool2D(2), ivy.AvgPool2D(2, 1, "SAME"),
                             ivy.AdaptiveAvgPool2D(1), ivy.Flatten())
        assert tuple(seq(native(backend, randn(2, 8, 8, 3))).shape) == (2, 3)


@pytest.mark.parametrize("backend", BACKENDS)
def test_norm_layers_match_torch(backend):
    x = randn(4, 3, 5, 5)
    tb = torch.nn.BatchNorm2d(3, momentum=0.2)
    with ivy.using_backend(backend):
        bn = ivy.BatchNorm2D(3, momentum=0.2, data_format="channel_first")
        for _ in range(2):
            np.testing.assert_allclose(npy(bn(native(backend, x))), tw(tb(torch.from_numpy(x))),
                                       rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(npy(bn.buffers.running_var), tw(tb.running_var), rtol=1e-5)
        bn.eval()
        tb.eval()
        np.testing.assert_allclose(npy(bn(native(backend, x))), tw(tb(torch.from_numpy(x))),
                                   rtol=1e-4, atol=1e-5)
        gn, ln = ivy.GroupNorm(3, 3, data_format="channel_first"), ivy.LayerNorm((5, 5))
        np.testing.assert_allclose(npy(gn(native(backend, x))),
                                   tw(torch.nn.GroupNorm(3, 3)(torch.from_numpy(x))), atol=1e-5)
        np.testing.assert_allclose(npy(ln(native(backend, x))),
                                   tw(torch.nn.LayerNorm((5, 5))(torch.from_numpy(x))),
                                   atol=1e-5)
        emb = ivy.Embedding(10, 4)
        assert tuple(emb(native(backend, np.array([[1, 2]]))).shape) == (1, 2, 4)


@pytest.mark.parametrize("backend", BACKENDS)
def test_recurrent_and_attention_layers_match_torch(backend):
    torch.manual_seed(0)
    x = randn(2, 4, 6)
    tl, tg = torch.nn.LSTM(6, 5, batch_first=True), torch.nn.GRU(6, 5, batch_first=True)
    tmha = torch.nn.MultiheadAttention(6, 2, batch_first=True)
    tenc = torch.nn.TransformerEncoderLayer(6, 2, 12, dropout=0.0, batch_first=True).eval()
    with ivy.using_backend(backend):
        X = native(backend, x)
        for layer, tlayer in ((ivy.LSTM(6, 5), tl), (ivy.GRU(6, 5), tg)):
            set_v(layer, backend, {"kernel": tw(tlayer.weight_ih_l0).T,
                                   "recurrent_kernel": tw(tlayer.weight_hh_l0).T,
                                   "bias": tw(tlayer.bias_ih_l0),
                                   "recurrent_bias": tw(tlayer.bias_hh_l0)})
            np.testing.assert_allclose(npy(layer(X)[0]), tw(tlayer(torch.from_numpy(x))[0]),
                                       rtol=1e-4, atol=1e-5)

        def mha_v(t, prefix=""):
            W, b = tw(t.in_proj_weight), tw(t.in_proj_bias)
            return {f"{prefix}q_w": W[:6], f"{prefix}k_w": W[6:12], f"{prefix}v_w": W[12:],
                    f"{prefix}q_b": b[:6], f"{prefix}k_b": b[6:12], f"{prefix}v_b": b[12:],
                    f"{prefix}out_w": tw(t.out_proj.weight), f"{prefix}out_b": tw(t.out_proj.bias)}

        mha = ivy.MultiHeadAttention(6, 2)
        set_v(mha, backend, mha_v(tmha))
        want = tmha(torch.from_numpy(x), torch.from_numpy(x), torch.from_numpy(x),
                    need_weights=False)[0]
        np.testing.assert_allclose(npy(mha(X)), tw(want), rtol=1e-4, atol=1e-5)
        enc = ivy.TransformerEncoderLayer(6, 2, 12, dropout=0.0).eval()
        flat = mha_v(tenc.self_attn, "self_attn/")
        for n in ("linear1", "linear2", "norm1", "norm2"):
            flat[f"{n}/w"], flat[f"{n}/b"] = tw(getattr(tenc, n).weight), tw(getattr(tenc,
                                                                                   n).bias)
        set_v(enc, backend, flat)
        np.testing.assert_allclose(npy(enc(X)), tw(tenc(torch.from_numpy(x))), rtol=1e-4,
                                   atol=1e-4)


def test_initializers():
    with ivy.using_backend("numpy"):
        init = ivy.initializers
        w = init.GlorotUniform()((200, 300), seed=0)
        lim = math.sqrt(6 / 500)
        assert w.dtype == np.float32 and w.min() >= -lim and w.max() <= lim
        assert abs(w.std() - lim / math.sqrt(3)) < 0.01
        k = init.KaimingNormal()((400, 300), seed=0)
        assert abs(k.std() - math.sqrt(2 / 300)) < 0.005
        tn = init.TruncatedNormal(0.0, 1.0)((5000,), seed=0)
        assert tn.min() >= -2 and tn.max() <= 2 and abs(tn.std() - 0.88) < 0.03
        np.testing.assert_array_equal(init.GlorotNormal()((3, 3), seed=4),
                                      init.GlorotNormal()((3, 3), seed=4))
        assert np.all(init.Constant(2.5)((2,)) == 2.5) and np.all(init.zeros((2,)) == 0)


# ---------------------------------------------------------------------------- optimizers
OPTS = [
    (lambda: ivy.SGD(lr=0.1), lambda p: torch.optim.SGD(p, lr=0.1)),
    (lambda: ivy.SGD(lr=0.1, momentum=0.9, weight_decay=0.01),
     lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, weight_decay=0.01)),
    (lambda: ivy.SGD(lr=0.1, momentum=0.9, nesterov=True),
     lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True)),
    (lambda: ivy.Adam(lr=0.01), lambda p: torch.optim.Adam(p, lr=0.01)),
    (lambda: ivy.Adam(lr=0.01, beta1=0.8, beta2=0.9, epsilon=1e-6, weight_decay=0.1),
     lambda p: torch.optim.Adam(p, lr=0.01, betas=(0.8, 0.9), eps=1e-6, weight_decay=0.1)),
    (lambda: ivy.AdamW(lr=0.01), lambda p: torch.optim.AdamW(p, lr=0.01)),
    (lambda: ivy.RMSprop(lr=0.01), lambda p: torch.optim.RMSprop(p, lr=0.01)),
    (lambda: ivy.RMSprop(lr=0.01, momentum=0.5, centered=True, weight_decay=0.1),
     lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True, weight_decay=0.1)),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("k", range(len(OPTS)))
def test_optimizers_match_torch(backend, k):
    make_ivy, make_torch = OPTS[k]
    p0 = {"a": RNG.standard_normal((3, 2)), "b": [RNG.standard_normal(4)]}
    grads = [{"a": RNG.standard_normal((3, 2)), "b": [RNG.standard_normal(4)]} for _ in range(4)]
    tp = [torch.tensor(p0["a"], requires_grad=True), torch.tensor(p0["b"][0], requires_grad=True)]
    topt = make_torch(tp)
    for g in grads:
        tp[0].grad, tp[1].grad = torch.tensor(g["a"]), torch.tensor(g["b"][0])
        topt.step()
    with ivy.using_backend(backend):
        opt = make_ivy()
        v = ivy.Container(a=native(backend, p0["a"]), b=[native(backend, p0["b"][0])])
        for g in grads:
            v = opt.step(v, {"a": native(backend, g["a"]), "b": [native(backend, g["b"][0])]})
        # the functional form gives the same
        v2, state = ivy.Container(a=native(backend, p0["a"]), b=[native(backend, p0["b"][0])]), \
            make_ivy().init(v)
        fopt = make_ivy()
        state = fopt.init(v2)
        for g in grads:
            v2, state = fopt.apply(v2, {"a": native(backend, g["a"]),
                                        "b": [native(backend, g["b"][0])]}, state)
    np.testing.assert_allclose(npy(v.a), tp[0].detach().numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(npy(v.b[0]), tp[1].detach().numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(npy(v2.a), npy(v.a), rtol=1e-12)
    assert state["step"] == 4


def lamb_ref(p, gs, lr=0.01, b1=0.9, b2=0.999, eps=1e-6, wd=0.01):
    m = v = np.zeros_like(p)
    for t, g in enumerate(gs, 1):
        m, v = b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g
        u = (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps) + wd * p
        p = p - lr * (np.linalg.norm(p) / np.linalg.norm(u)) * u
    return p


def lars_ref(p, gs, lr=0.1, mom=0.9, wd=0.01, tc=0.001, eps=1e-8):
    buf = np.zeros_like(p)
    for g in gs:
        local = tc * np.linalg.norm(p) / (np.linalg.norm(g) + wd * np.linalg.norm(p) + eps)
        buf = mom * buf + (g + wd * p) * local
        p = p - lr * buf
    return p


@pytest.mark.parametrize("backend", BACKENDS)
def test_lamb_lars(backend):
    p = RNG.standard_normal((4, 3))
    gs = [RNG.standard_normal((4, 3)) for _ in range(3)]
    with ivy.using_backend(backend):
        for opt, ref in ((ivy.LAMB(lr=0.01, weight_decay=0.01), lamb_ref(p, gs)),
                         (ivy.LARS(lr=0.1, weight_decay=0.01), lars_ref(p, gs))):
            v = {"p": native(backend, p)}
            for g in gs:
                v = opt.step(v, {"p": native(backend, g)})
            np.testing.assert_allclose(npy(v["p"]), ref, rtol=1e-9)


def test_optimizer_defaults_are_pytorchs():
    a, s, r, w = ivy.Adam(), ivy.SGD(), ivy.RMSprop(), ivy.AdamW()
    assert (a.lr, a.beta1, a.beta2, a.epsilon, a.weight_decay) == (1e-3, 0.9, 0.999, 1e-8, 0)
    assert (s.lr, s.momentum, s.nesterov) == (1e-3, 0, False)
    assert (r.lr, r.alpha, r.epsilon) == (1e-2, 0.99, 1e-8)
    assert w.weight_decay == 0.01


def test_schedules():
    S = ivy.schedules
    step = S.StepLR(0.1, step_size=2, gamma=0.5)
    assert [step(i) for i in range(5)] == [0.1, 0.1, 0.05, 0.05, 0.025]
    cos = S.CosineAnnealing(1.0, T_max=10, eta_min=0.1)
    assert cos(0) == 1.0 and abs(cos(5) - 0.55) < 1e-12 and abs(cos(10) - 0.1) < 1e-12
    w = S.Warmup(0.5, warmup_steps=4)
    assert [w(i) for i in range(6)] == [0.0, 0.125, 0.25, 0.375, 0.5, 0.5]
    wc = S.warmup_cosine(1.0, 2, 12)
    assert wc(1) == 0.5 and wc(2) == 1.0 and abs(wc(12)) < 1e-12
    # a schedule drives an optimizer
    opt = ivy.SGD(lr=S.StepLR(1.0, 1, 0.5))
    with ivy.using_backend("numpy"):
        v = {"p": np.zeros(1)}
        for _ in range(3):
            v = opt.step(v, {"p": np.ones(1)})
    np.testing.assert_allclose(v["p"], [-1.75])
