"""The models' gradient check (``api._verify_gradient`` / ``api._second_opinion``): what it
accepts and what it still refuses, against torch itself.

* torch's derivative convention at the bounds of ``hardtanh``/ReLU6 (0) is kept by the
  emitted code on every target (JAX's clip gave 1/2: MobileNetV2's ReLU6 after a zeroed channel
  sits exactly at 0), and ``clamp``'s (1), also where only a later input sits on a bound;
* torch 2.13's eval-mode BatchNorm backward on CPU is wrong for batch 1 with a gradient in
  another memory layout (LeViT's ``flatten(2).transpose(1, 2)``): the emitted code's gradient
  is the true one (checked here against the same model written without ``nn.BatchNorm2d``) and
  is accepted because float64 finite differences of torch's own forward agree with it;
* float32 rounding noise of a gradient that is 0 in exact arithmetic (a shift a centring
  cancels) is accepted when the emitted code's float64 gradient equals torch's float64 one;
* a gradient that differs from torch's is still refused: a custom ``autograd.Function`` whose
  backward is not its forward's derivative (a straight-through estimator, a scaled one), and a
  mapping rule whose value is right and whose derivative is wrong.

MobileNetV2 and LeViT themselves (random init, small configs): ``test_transformers_models.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import TranspileError, models
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import torch_aten

TARGETS = ("jax", "torch", "tensorflow")


def _grads_torch(m, x):
    """torch's own gradient of <m(x), cotangent> (the check's probe)."""
    m.zero_grad()
    out = m(torch.as_tensor(x))
    (out * torch.as_tensor(fw.cotangent(out.shape, np.float32, 0))).sum().backward()
    return {k: p.grad.numpy().copy() for k, p in m.named_parameters()}


class Bounds(torch.nn.Module):
    """Parameters exactly at the bounds of relu6 / hardtanh (and of clamp with ``clamp``)."""

    def __init__(self, clamp=False):
        super().__init__()
        self.b = torch.nn.Parameter(torch.tensor([0.0, 3.0, 6.0, -1.0, 7.0, 0.0, -0.0, 6.0]))
        self.clamp = clamp

    def forward(self, x):
        y = (torch.nn.functional.relu6(x * 0 + self.b)
             + torch.nn.functional.hardtanh(self.b * x, -1.0, 0.0) * 5)
        if self.clamp:
            y = y + (torch.clamp(self.b, 0.0, 6.0) * x + torch.clamp(self.b, min=0.0) * x * 2
                     + self.b.clamp_max(6.0) * x * 3)
        return y


@pytest.mark.parametrize("target", TARGETS)
def test_bounds_keep_torch_derivative(target):
    x = np.ones(8, np.float32)
    t = ivy.transpile(Bounds(), source="torch", target=target, args=(x,))
    ref = _grads_torch(Bounds(), x)
    got = models.gradient(target, t.fn, t._params, t.trainable, (fw.from_numpy(x, target),))
    np.testing.assert_allclose(got["b"], ref["b"], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_clamp_at_its_bounds(target):
    # torch.clamp's derivative is 1 at a bound; jnp.clip (max/min) splits a tie 1/2 - 1/2. Ivy's
    # clip has torch's derivative on every backend (the JAX backend's clip: jnp.clip's value,
    # x's derivative wherever lo <= x <= hi), so the emitted clamp is one clip on every target
    # and its gradient is torch's at the bounds (before 2026-11-27 the JAX gradient was refused
    # by the check as a kink)
    x = np.ones(8, np.float32)
    t = ivy.transpile(Bounds(clamp=True), source="torch", target=target, args=(x,))
    ref = _grads_torch(Bounds(clamp=True), x)
    got = models.gradient(target, t.fn, t._params, t.trainable, (fw.from_numpy(x, target),))
    np.testing.assert_allclose(got["b"], ref["b"], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_clamp_gradient_at_a_bound_the_example_missed(target):
    """A clamp whose example stays off its bounds and whose later input sits on one (a ReLU-like
    clamp after a zeroed channel): torch's derivative there too (before, the emitted JAX clip
    gave 1/2 at such a point and nothing checked it: the example had no tie)."""
    def f(x):
        return torch.clamp(x * 2, -1.0, 1.0) + torch.clamp(x, min=0.0) + x.clamp_max(0.25)

    t = ivy.transpile(f, source="torch", target=target,
                      args=(np.array([0.3, -0.7, 0.9, -2.0], np.float32),))
    later = np.array([0.0, 0.5, -0.5, 0.25], np.float32)  # 2x on +-1, x on 0, x on 0.25
    xt = torch.tensor(later, requires_grad=True)
    f(xt).sum().backward()
    if target == "jax":
        import jax
        got = np.asarray(jax.grad(lambda v: t(v).sum())(fw.from_numpy(later, "jax")))
    elif target == "torch":
        v = torch.tensor(later, requires_grad=True)
        t(v).sum().backward()
        got = v.grad.numpy()
    else:
        import tensorflow as tf
        v = tf.constant(later)
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = tf.reduce_sum(t(v))
        got = tape.gradient(y, v).numpy()
    np.testing.assert_array_equal(got, xt.grad.numpy())


class BNTransposed(torch.nn.Module):
    """conv -> eval BatchNorm -> tokens (LeViT's patch embedding, shortened)."""

    def __init__(self, functional=False):
        super().__init__()
        torch.manual_seed(0)
        self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1, bias=False)
        self.bn = torch.nn.BatchNorm2d(4).eval()
        with torch.no_grad():
            self.bn.running_mean.uniform_(-0.5, 0.5)
            self.bn.running_var.uniform_(0.5, 2.0)
        self.functional = functional

    def forward(self, x):
        y = self.conv(x)
        if self.functional:  # the same computation without torch's batch-norm kernel
            bn = self.bn
            y = ((y - bn.running_mean[:, None, None]) / torch.sqrt(bn.running_var + bn.eps)
                 [:, None, None] * bn.weight[:, None, None] + bn.bias[:, None, None])
        else:
            y = self.bn(y)
        return y.flatten(2).transpose(1, 2)


def test_source_backward_defect_accepted_with_true_gradient():
    x = np.random.default_rng(0).random((1, 3, 16, 16)).astype(np.float32)
    m = BNTransposed().eval()
    t = ivy.transpile(m, source="torch", target="jax", args=(x,))
    truth = _grads_torch(BNTransposed(functional=True), x)
    got = models.gradient("jax", t.fn, t._params, t.trainable, (fw.from_numpy(x, "jax"),))
    for k in ("bn.bias", "bn.weight", "conv.weight"):
        np.testing.assert_allclose(got[k], truth[k], rtol=1e-4, atol=1e-5 * np.abs(truth[k]).max())
    torch_own = _grads_torch(BNTransposed().eval(), x)
    if np.allclose(torch_own["bn.bias"], truth["bn.bias"], rtol=1e-4, atol=1e-6):
        pytest.skip("this torch's BatchNorm backward is right here: nothing to overrule")
    notes = [e["why"] for e in t.report["verification"]["gradient"] if "accepted" in e["why"]]
    assert any("disagrees with its forward" in n for n in notes), t.report["verification"]


class Centered(torch.nn.Module):
    """``w * ((x + s) - mean(x + s))``: d/ds is exactly 0, computed as a difference of two sums
    of 131072 terms, so each framework's float32 answer is its own rounding noise (~1e-3)."""

    def __init__(self):
        super().__init__()
        self.s = torch.nn.Parameter(torch.tensor(0.5))
        self.w = torch.nn.Parameter(torch.tensor(1.0))

    def forward(self, x):
        y = x + self.s
        return self.w * (y - y.mean())


def test_rounding_noise_accepted_by_float64():
    x = np.random.default_rng(0).standard_normal((256, 512)).astype(np.float32) * 0.01
    t = ivy.transpile(Centered(), source="torch", target="jax", args=(x,))
    (e,) = [e for e in t.report["verification"]["gradient"] if e["path"] == "['s']"]
    if e["why"]:  # JAX's float32 sums differ from torch's here (2026-11-27: 1.8e-3 vs 1.7e-3)
        assert "accepted: float32 rounding" in e["why"], e


class _Scaled(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.cos(x) * 1.5  # not the derivative of the forward


class _STE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, g):
        return g  # straight-through: meant to differ from round's derivative


class Custom(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        torch.manual_seed(0)
        self.lin = torch.nn.Linear(6, 5)
        self.fn = fn

    def forward(self, x):
        return self.fn.apply(self.lin(x) * 3)


@pytest.mark.parametrize("fn", [_Scaled, _STE], ids=["scaled", "straight_through"])
def test_custom_backward_refused(fn):
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    with pytest.raises(TranspileError, match="gradient"):
        ivy.transpile(Custom(fn), source="torch", target="jax", args=(x,))


def test_wrong_rule_derivative_refused(monkeypatch):
    """A mapping whose value is right and whose derivative is half of tanh's: the float64
    witness agrees with torch, so the gradient check refuses it."""
    def bad_tanh(x):
        y = ivy.tanh(x)
        return ivy.add(ivy.multiply(y, 0.5), ivy.stop_gradient(ivy.multiply(y, 0.5)))

    bad_tanh.ivy_mapping = "test.bad_tanh"
    monkeypatch.setitem(torch_aten.RULES, "tanh", bad_tanh)
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.Tanh(), torch.nn.Linear(5, 3))
    x = np.random.default_rng(2).standard_normal((4, 6)).astype(np.float32)
    with pytest.raises(TranspileError, match="gradient") as e:
        ivy.transpile(m, source="torch", target="jax", args=(x,))
    assert "in float64 too" in str(e.value)


@pytest.mark.parametrize("target", ["jax", "torch"])
def test_gradient_checked_with_gradients_off_globally(monkeypatch, target):
    """A caller that turned gradients off (``torch.set_grad_enabled(False)``, an inference
    script) still gets the gradient check: torch's side runs under ``enable_grad`` (before, torch
    raised "element 0 of tensors does not require grad"). A right model passes with its
    gradient compared; the half-derivative tanh rule set after that capture is used and refused
    (``torch_aten.rule_for`` caches lookups and the table clears the cache when it changes:
    before, a process that had captured a ``tanh`` kept the old rule, so the CI worker that ran
    another tanh model first let ``test_wrong_rule_derivative_refused``'s rule go unused)."""
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.Tanh(), torch.nn.Linear(5, 3))
    x = np.random.default_rng(2).standard_normal((4, 6)).astype(np.float32)
    with torch.no_grad():
        t = ivy.transpile(m, source="torch", target=target, args=(x,))
        grads = t.report["verification"]["gradient"]
        assert len(grads) == 4 and all(e["ok"] for e in grads), grads

        def bad_tanh(v):
            y = ivy.tanh(v)
            return ivy.add(ivy.multiply(y, 0.5), ivy.stop_gradient(ivy.multiply(y, 0.5)))

        bad_tanh.ivy_mapping = "test.bad_tanh"
        monkeypatch.setitem(torch_aten.RULES, "tanh", bad_tanh)
        with pytest.raises(TranspileError, match="gradient"):
            ivy.transpile(m, source="torch", target=target, args=(x,))
        assert not torch.is_grad_enabled()


def test_clamp_forms_keep_torch_values():
    """The clamp rule (the frontend's clamp: one ``clip`` for a float tensor in Python bounds)
    gives torch's values where the inputs sit on the bounds: NaN inputs, a lower bound above the
    upper one, one-sided and in-place clamps, integer bounds; tensor bounds and integer tensors
    keep the frontend's promotion (checked per op at capture and here on a second draw), on
    every target."""
    def f(x, lo, k):
        y = x.clone()
        y.clamp_(-0.5, 0.5)
        return (torch.clamp(x, 0.3, -0.3), torch.clip(x, min=-1), x.clamp_max(0), y,
                torch.clamp(x, lo, lo + 1), torch.clamp(k, 1, 3), torch.clamp(k, 0.5))

    def draw(seed):
        r = np.random.default_rng(seed)
        x = r.standard_normal(6).astype(np.float32)
        x[:5] = [np.nan, 0.5, -1.0, 0.3, 0.0]  # NaN and values exactly at bounds
        return x, r.standard_normal(6).astype(np.float32), r.integers(-4, 5, 6)

    a = draw(1)
    want = fw.tree_to_numpy(f(*(torch.from_numpy(v) for v in a)))
    for target in ("numpy", "jax", "torch", "tensorflow"):
        t = ivy.transpile(f, source="torch", target=target, args=draw(0))
        res = fw.compare_trees(want, fw.tree_to_numpy(t(*a)))
        assert all(r["ok"] for r in res), (target, res)
    t = ivy.transpile(lambda x: torch.clamp(x, 0.0, 6.0), source="torch", target="numpy",
                      args=(np.array([0.0, 2.0, 6.0], np.float32),))  # on both bounds
    assert "where" not in t.source.rsplit("def ", 1)[-1]  # one clip
