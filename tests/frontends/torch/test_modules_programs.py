"""nn.Module/state_dict compatibility, whole programs (CNN, transformer block), Tensor behaviour
(promotion, indexing, in-place rules), randomness and tracing — against real torch."""

import subprocess
import sys

import numpy as np
import pytest
import torch as real
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, NUMERIC, T, arrays, check, compare, covers, shapes, to_front, to_real


def programs(torch):
    nn, F = torch.nn, torch.nn.functional

    class CNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(
                nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                nn.MaxPool2d(2), nn.Conv2d(8, 8, 3, stride=2, groups=2, bias=False),
                nn.GroupNorm(2, 8), nn.GELU(), nn.AdaptiveAvgPool2d((2, 2)))
            self.head = nn.ModuleDict({"fc": nn.Linear(32, 10), "drop": nn.Dropout(0.5)})
            self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)

        def forward(self, x):
            h = self.features(x)
            u = self.up(h).mean((2, 3))
            h = torch.flatten(h, 1)
            return F.log_softmax(self.head["fc"](self.head["drop"](h)), dim=-1), u

    class Block(nn.Module):
        def __init__(self, d=16, heads=4, batch_first=True):
            super().__init__()
            self.emb = nn.Embedding(20, d)
            self.attn = nn.MultiheadAttention(d, heads, batch_first=batch_first)
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.mlp = nn.ModuleList([nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d)])
            self.proj = nn.Conv1d(d, d, 3, padding=1)
            self.bn = nn.BatchNorm1d(d)
            self.batch_first = batch_first

        def forward(self, ids, mask):
            x = self.emb(ids)
            if not self.batch_first:
                x = x.transpose(0, 1)
            a, w = self.attn(x, x, x, key_padding_mask=mask)
            x = self.ln1(x + a)
            h = x
            for m in self.mlp:
                h = m(h)
            x = self.ln2(x + h)
            if not self.batch_first:
                x = x.transpose(0, 1)
            y = self.bn(self.proj(x.transpose(1, 2))).transpose(1, 2)
            q = x.reshape(x.shape[0], x.shape[1], 4, 4).permute(0, 2, 1, 3)
            z = F.scaled_dot_product_attention(q, q, q, is_causal=True)
            return torch.tanh(y).sum(-1) + z.mean((1, 3)), w

    return CNN, Block


covers("torch.nn.Module", "torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict",
       "torch.nn.Conv2d", "torch.nn.BatchNorm2d", "torch.nn.ReLU", "torch.nn.MaxPool2d",
       "torch.nn.GroupNorm", "torch.nn.GELU", "torch.nn.AdaptiveAvgPool2d", "torch.nn.Linear",
       "torch.nn.Dropout", "torch.nn.ConvTranspose2d", "torch.nn.Embedding",
       "torch.nn.MultiheadAttention", "torch.nn.LayerNorm", "torch.nn.SiLU", "torch.nn.Conv1d",
       "torch.nn.BatchNorm1d", "torch.nn.Parameter", "torch.flatten", "torch.tanh")


# names the tests below compare with real torch (read by scripts/frontend_coverage.py)
covers("torch.nn.Module.state_dict", "torch.nn.Module.load_state_dict")
covers(*(f"torch.Tensor.{o}" for o in ["__add__", "__mul__", "__sub__", "__truediv__",
                                       "__radd__", "__rmul__", "__eq__", "__lt__",
                                       "__and__", "__or__", "__pow__", "__floordiv__",
                                       "__mod__", "__rsub__", "__rtruediv__", "__xor__"]))
covers("torch.result_type")
covers("torch.Tensor.__getitem__", "torch.Tensor.__setitem__", "torch.Tensor.index_put_",
       "torch.Tensor.index_put")
covers(*("torch.Tensor." + n for n in
         ["add_", "mul_", "zero_", "fill_", "copy_", "clamp_", "item", "tolist", "numpy",
          "float", "long", "int", "bool", "half", "double", "to", "size", "dim", "numel",
          "view", "reshape", "contiguous", "expand", "expand_as", "view_as", "type_as",
          "new_zeros", "new_ones", "new_full", "new_tensor", "stride", "element_size",
          "unfold", "masked_fill_", "requires_grad_", "detach", "sum_to_size", "nelement",
          "ndimension", "cpu", "get_device", "is_contiguous", "reshape_as", "new_empty",
          "short", "char", "byte", "bfloat16", "cfloat", "cdouble"]))
covers("torch.manual_seed", "torch.rand", "torch.randn", "torch.randint", "torch.randperm",
       "torch.rand_like", "torch.randn_like", "torch.normal", "torch.bernoulli",
       "torch.Generator", "torch.multinomial", "torch.Tensor.normal_", "torch.Tensor.uniform_",
       "torch.randint_like", "torch.Tensor.random_", "torch.Tensor.bernoulli_",
       "torch.seed", "torch.initial_seed")
covers("torch.nn.functional.relu")


def _state_np(m):
    return {k: v.detach().numpy().copy() for k, v in m.state_dict().items()}


@pytest.mark.parametrize("train", [False, True])
def test_cnn_program(train):
    RCNN, _ = programs(real)
    real.manual_seed(0)
    rm = RCNN()
    x = np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype(np.float32)
    state = _state_np(rm)
    rm.train(train)
    rm.head["drop"].p = 0.0  # training-mode batch norm, deterministic dropout
    exp = rm(real.from_numpy(x))
    FCNN, _ = programs(ft)
    for b in BACKENDS:
        with ivy.using_backend(b):
            fm = FCNN()
            assert list(fm.state_dict()) == list(state)  # identical keys, same order
            assert [tuple(p.shape) for p in fm.parameters()] == [tuple(p.shape) for p in
                                                                 rm.parameters()]
            fm.load_state_dict(state)
            fm.train(train)
            fm.head["drop"].p = 0.0
            got = fm(ft.tensor(x))
            compare(got, exp, b, rtol=1e-3, atol=1e-4, where=f"CNN train={train}")
            if train:  # running statistics updated as torch updates them
                rs, fs = rm.state_dict(), fm.state_dict()
                for k in rs:
                    compare(fs[k], rs[k], b, rtol=1e-4, atol=1e-5, where=k)


@pytest.mark.parametrize("batch_first", [True, False])
def test_transformer_block(batch_first):
    _, RBlock = programs(real)
    real.manual_seed(1)
    rm = RBlock(batch_first=batch_first).eval()
    rng = np.random.default_rng(1)
    ids = rng.integers(0, 20, (2, 5)).astype(np.int64)
    mask = np.zeros((2, 5), bool)
    mask[1, 3:] = True
    exp = rm(real.from_numpy(ids), real.from_numpy(mask))
    state = _state_np(rm)
    _, FBlock = programs(ft)
    for b in BACKENDS:
        with ivy.using_backend(b):
            fm = FBlock(batch_first=batch_first).eval()
            assert list(fm.state_dict()) == list(state)
            fm.load_state_dict(state)
            got = fm(ft.tensor(ids), ft.tensor(mask))
            compare(got, exp, b, rtol=1e-3, atol=1e-4, where="block")


def test_module_api():
    m = ft.nn.Sequential(ft.nn.Linear(2, 3), ft.nn.BatchNorm1d(3))
    r = real.nn.Sequential(real.nn.Linear(2, 3), real.nn.BatchNorm1d(3))
    assert [n for n, _ in m.named_parameters()] == [n for n, _ in r.named_parameters()]
    assert [n for n, _ in m.named_buffers()] == [n for n, _ in r.named_buffers()]
    assert [n for n, _ in m.named_modules()] == [n for n, _ in r.named_modules()]
    assert m.state_dict()["1.num_batches_tracked"].dtype == ft.int64
    with pytest.raises(RuntimeError, match="Missing key"):
        m.load_state_dict({"0.weight": np.zeros((3, 2), np.float32)})
    with pytest.raises(RuntimeError, match="size mismatch"):
        m.load_state_dict({**_state_np(r), "0.weight": np.zeros((2, 2), np.float32)})
    res = m.load_state_dict({"0.weight": np.zeros((3, 2), np.float32)}, strict=False)
    assert "0.bias" in res.missing_keys
    assert not m.eval().training and not m[1].training
    with pytest.raises(TypeError):
        m[0].weight = ft.zeros(3, 2)  # torch: Parameter or None expected
    p = ft.nn.Parameter(ft.ones(2))
    assert p.requires_grad and isinstance(p, ft.Tensor)
    with pytest.raises(NotImplementedError, match="docs/frontends.md"):
        (p * 2).sum().backward()
    m.double()
    assert m[0].weight.dtype == ft.float64


# --------------------------------------------------------------------------- Tensor class
@settings(max_examples=10)
@given(st.sampled_from(NUMERIC + ("complex64", "float16")).flatmap(arrays).map(T),
       st.sampled_from(NUMERIC + ("complex64", "float16")).flatmap(
           lambda d: arrays(d, shapes(max_dims=1))).map(T),
       st.sampled_from(["__add__", "__mul__", "__sub__", "__truediv__", "__radd__", "__rmul__",
                        "__eq__", "__lt__", "__and__", "__or__", "__pow__", "__floordiv__",
                        "__mod__", "__rsub__", "__rtruediv__", "__xor__"]),
       st.sampled_from([None, 2, -1.5, True, 1j]))
def test_operators_promotion(x, y, op, scalar):
    """Operators with torch's promotion: 0-d tensors and scalars within a category."""
    other = y if scalar is None else scalar
    check(f"Tensor.{op}", x, other)


def test_promotion_rules():
    i = np.array([1, 2], np.int32)
    cases = [(T(i), 2.5), (T(i), T(np.array(2.5, np.float64))), (T(np.array([1.0], np.float16)),
                                                                 T(np.array(2.0, np.float64))),
             (T(np.array([1], np.uint8)), T(np.array(1, np.int8))), (T(np.array([True])), 3),
             (T(np.array([1], np.int8)), T(np.array([1], np.uint8))),
             (T(np.array(1, np.int64)), T(np.array([1.0], np.float16))),
             (T(np.array([1.0], np.float32)), 1j)]
    for a_, b_ in cases:
        check("add", a_, b_)


@settings(max_examples=10)
@given(arrays("float32", (3, 4)).map(T), st.sampled_from([
    (1,), (slice(None), 2), (Ellipsis, -1), (None, 0), (slice(1, None, 2), slice(None, None, -1)
                                                       if False else slice(0, 3, 2)),
    "mask", "adv", "adv2", "tensor_idx"]))
def test_getitem_setitem(x, key):
    if key == "mask":
        key = T(x.a > 0)
    elif key == "adv":
        key = ([0, 2, 2],)
    elif key == "adv2":
        key = (T(np.array([0, 1])), T(np.array([3, 0])))
    elif key == "tensor_idx":
        key = T(np.array([[0, 1], [2, 2]]))
    check("Tensor.__getitem__", x, key)

    def setter(torch, t, k, v):
        t = t.clone()
        t[k] = v
        return t

    for v in (7, -1.5, T(np.array(3.0, np.float64))):
        try:
            exp = setter(real, *_real((x, key, v)))
        except RuntimeError:
            exp = None
        for b in BACKENDS:
            with ivy.using_backend(b):
                if exp is None:
                    with pytest.raises(RuntimeError):
                        setter(ft, *_front((x, key, v)))
                else:
                    compare(setter(ft, *_front((x, key, v))), exp, b, where="setitem")
    check("Tensor.index_put", x, (T(np.array([0, 2])),), T(np.array(5.0, np.float32)))
    check("Tensor.index_put_", x, (T(np.array([0, 0])),), T(np.ones(4, np.float32)),
          accumulate=True)


def _real(v):
    return to_real(v)


def _front(v):
    return to_front(v)


def test_inplace_rules_and_attributes():
    x = np.arange(6, dtype=np.int64).reshape(2, 3)
    check("Tensor.add_", T(x), 2.5)                       # float result into long: error
    check("Tensor.add_", T(x), T(np.ones((2, 2, 3))))    # would broadcast self: error
    check("Tensor.mul_", T(x.astype(np.float32)), T(np.array(2, np.int64)))
    check("Tensor.clamp_", T(x.astype(np.float64)), 1, 3)
    for name in ["zero_", "fill_", "copy_"]:
        args = {"zero_": (), "fill_": (2.7,), "copy_": (T(np.array([1.5, 2, 3])),)}[name]
        check(f"Tensor.{name}", T(x), *args)
    for name in ["item", "tolist"]:
        check(f"Tensor.{name}", T(np.array(3.5, np.float32)))
        check(f"Tensor.{name}", T(x))
    for name in ["float", "long", "int", "bool", "half", "double", "short", "char", "byte",
                 "bfloat16", "cfloat", "cdouble", "contiguous", "size", "dim", "numel", "cpu",
                 "element_size", "stride", "nelement", "ndimension", "detach", "get_device",
                 "is_contiguous"]:
        check(f"Tensor.{name}", T(x))
    check("Tensor.size", T(x), -1)
    check("Tensor.to", T(x), ft.float64 if False else __import__(
        "tests.frontends.torch.helpers", fromlist=["D"]).D("float64"))
    check("Tensor.expand", T(np.ones((3, 1))), 2, 3, -1)
    check("Tensor.expand_as", T(np.ones((3, 1))), T(np.ones((2, 3, 4))))
    check("Tensor.view_as", T(x), T(np.ones((3, 2))))
    check("Tensor.reshape_as", T(x), T(np.ones((6,))))
    check("Tensor.type_as", T(x), T(np.ones(2, np.float32)))
    check("Tensor.new_zeros", T(x), 2, 2)
    check("Tensor.new_ones", T(x), (3,))
    check("Tensor.new_empty", T(x), (0,))
    check("Tensor.new_full", T(x), (2,), 4)
    check("Tensor.new_tensor", T(x), [1, 2])
    check("Tensor.unfold", T(np.arange(7.0)), 0, 3, 2)
    check("Tensor.sum_to_size", T(np.ones((2, 3, 4))), 3, 1)
    check("Tensor.masked_fill_", T(x), T(x > 2), 9)
    check("Tensor.numpy", T(x)) if False else None
    for b in BACKENDS:
        with ivy.using_backend(b):
            t = ft.tensor(x)
            assert np.array_equal(t.numpy(), x) and t.shape == (2, 3)
            assert t.T.shape == (3, 2) and t.mT.shape == (3, 2) and t.ndim == 2
            assert str(t.device) == "cpu" and not t.requires_grad
            assert t.requires_grad_().requires_grad
            assert np.array_equal(np.asarray(ivy.Array(t.numpy())), x)
            assert np.array_equal(ivy.to_numpy(t.ivy_array), x)


def test_random_reproducible_and_shapes():
    for b in BACKENDS:
        with ivy.using_backend(b):
            ft.manual_seed(3)
            a1 = [ft.rand(2, 3), ft.randn(4), ft.randint(0, 5, (3,)), ft.randperm(5)]
            ft.manual_seed(3)
            a2 = [ft.rand(2, 3), ft.randn(4), ft.randint(0, 5, (3,)), ft.randperm(5)]
            for p, q in zip(a1, a2):
                assert np.array_equal(p.numpy(), q.numpy())
            assert a1[0].dtype == ft.float32 and a1[2].dtype == ft.int64
            assert sorted(a1[3].tolist()) == list(range(5))
            r = a1[0].numpy()
            assert ((r >= 0) & (r < 1)).all()
            g = ft.Generator().manual_seed(1)
            assert ft.rand(3, generator=g).shape == (3,)
            assert ft.rand_like(a1[0]).shape == (2, 3) and ft.randn_like(a1[1]).shape == (4,)
            assert ft.randint_like(a1[2], 3).dtype == ft.int64
            assert ft.normal(0.0, 1.0, (2, 2)).shape == (2, 2)
            assert set(ft.bernoulli(ft.full((10,), 0.5)).unique().tolist()) <= {0.0, 1.0}
            assert ft.multinomial(ft.tensor([0.0, 1.0]), 2, True).tolist() == [1, 1]
            z = ft.zeros(3, 4)
            assert z.normal_().std() > 0 and 0 <= z.uniform_().min().item()
            assert ft.zeros(5).random_(0, 3).max() < 3 and ft.zeros(4).bernoulli_(1.0).sum() == 4
            ft.seed(), ft.initial_seed()


def test_trace_frontend_code():
    """Frontend code traced with ivy.trace_graph is an ordinary Ivy graph (replayable)."""

    def f(x, w):
        t = ft.Tensor.__new__(ft.Tensor)
        t._data = ivy.to_native(x)
        ww = ft.Tensor.__new__(ft.Tensor)
        ww._data = ivy.to_native(w)
        y = ft.nn.functional.relu(t @ ww) * 2 + 1
        return ivy.Array(y.softmax(-1)._data)

    x = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32)
    w = np.random.default_rng(1).standard_normal((3, 4)).astype(np.float32)
    g = ivy.trace_graph(f, x, w)
    exp = real.softmax(real.relu(real.from_numpy(x) @ real.from_numpy(w)) * 2 + 1, -1).numpy()
    np.testing.assert_allclose(ivy.to_numpy(g(x, w)), exp, rtol=1e-5)
    np.testing.assert_allclose(ivy.to_numpy(g.with_backend("jax")(x, w)), exp, rtol=1e-5)


def test_import_is_framework_free():
    code = ("import sys, ivy.frontends.torch as t; x = t.ones(2) + 1; "
            "assert not any(m in sys.modules for m in ('torch', 'jax', 'tensorflow')), "
            "[m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules]")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_not_implemented_message():
    with pytest.raises(NotImplementedError, match="docs/frontends.md"):
        ft.nn.LSTM(3, 4)
    with pytest.raises(NotImplementedError, match=r"torch.unique\(dim=...\)"):
        ft.unique(ft.ones((2, 2)), dim=0)
