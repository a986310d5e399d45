"""The gradient check's float64 second opinion for JAX sources (``capture.jax.float64_witness``,
``api._second_opinion``; docs/transpiler.md, "Gradients"), against JAX itself.

* a convolution's bias followed by an instance norm (Flax ``GroupNorm(group_size=1)``, as in
  style-transfer and audio networks) has a gradient that is exactly 0 — the norm removes any
  per-channel shift — so both sides' float32 gradients are their own rounding noise. On an
  input of small amplitude (0.01: a quiet audio frame) that noise misses the check's ``1e-6``
  of the model's largest gradient: refused without the witness, accepted with it (the emitted
  code's float64 gradient equals JAX's float64 gradient);
* a mapping rule whose value is right and whose derivative is half of ``tanh``'s is still
  refused (its float64 gradient is as wrong, and finite differences side with JAX);
* a ``jax.custom_vjp`` whose backward is not its forward's derivative is refused, not
  overruled by finite differences of the forward: the witness names it (``custom``), as it
  names a user's ``lax.stop_gradient``; JAX's own rules (``relu``, ``logsumexp``'s shift) do
  not count.

By default the rounding case runs once, through TensorFlow (its entry's text shows the float32
failure the witness overruled); ``IVY_FULL=1`` adds the torch and JAX targets and, on each, the
refusal without the witness (about 10 s of CPU each).
"""

from __future__ import annotations

import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import ivy
import ivy.frontends.jax.lax as flax_lax
from ivy.transpiler import TranspileError
from ivy.transpiler.capture import jax as capture_jax

FULL = bool(os.environ.get("IVY_FULL"))


class ConvInstanceNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.GroupNorm(num_groups=None, group_size=1)(x)  # instance norm
        x = nn.relu(x)
        return nn.Dense(4)(x.reshape(x.shape[0], -1))


def _conv_model():
    x = np.random.default_rng(0).standard_normal((2, 16, 16, 3)).astype(np.float32) * 0.01
    m = ConvInstanceNorm()
    return (m, m.init(jax.random.PRNGKey(0), x)), x


@pytest.mark.parametrize("target", ["tensorflow"] + (["torch", "jax"] if FULL else []))
def test_rounding_accepted_by_float64(target, monkeypatch):
    model, x = _conv_model()
    if FULL:  # the float32 check alone refuses it (the entry's text below says so too)
        with monkeypatch.context() as m:
            m.delattr(capture_jax, "float64_witness")
            with pytest.raises(TranspileError, match=r"gradient, output \['params.Conv_0.bias"):
                ivy.transpile(model, source="jax", target=target, args=(x,))
    t = ivy.transpile(model, source="jax", target=target, args=(x,))
    (e,) = [e for e in t.report["verification"]["gradient"]
            if e["path"] == "['params.Conv_0.bias']"]
    # failed float32's rtol, accepted by the float64 second opinion
    assert e["ok"] and "(rtol 0.0001)" in e["why"], e
    assert "accepted: float32 rounding" in e["why"], e


def _bad_tanh(d):
    y = ivy.tanh(d)
    return ivy.add(ivy.multiply(y, 0.5), ivy.stop_gradient(ivy.multiply(y, 0.5)))


class TanhMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(jnp.tanh(nn.Dense(5)(x)))


def test_wrong_rule_derivative_refused(monkeypatch):
    """``lax.tanh`` mapped with the right value and half the derivative: the float64 witness
    agrees with JAX, so the check refuses it."""
    monkeypatch.setattr(flax_lax, "tanh", flax_lax._u(_bad_tanh, "tanh", True))
    x = np.random.default_rng(2).standard_normal((4, 6)).astype(np.float32)
    m = TanhMLP()
    with pytest.raises(TranspileError, match="gradient") as e:
        ivy.transpile((m, m.init(jax.random.PRNGKey(0), x)), source="jax", target="jax",
                      args=(x,))
    assert "in float64 too" in str(e.value) and "finite differences" in str(e.value)


@jax.custom_vjp
def _scaled_sin(x):
    return jnp.sin(x)


_scaled_sin.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x) * 1.5,))


class Custom(nn.Module):
    mode: str = "plain"

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(5)(x)
        h = jax.nn.relu(h) + jax.nn.log_softmax(h) + jax.nn.logsumexp(h, -1, keepdims=True)
        if self.mode == "custom_vjp":
            h = _scaled_sin(h * 3)
        if self.mode == "stop_gradient":
            h = h + jax.lax.stop_gradient(h) * h
        return nn.Dense(3)(h)


@pytest.mark.parametrize("mode", ["plain", "custom_vjp", "stop_gradient"])
def test_witness_names_defined_gradients(mode):
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    m = Custom(mode)
    w = capture_jax.float64_witness((m, m.init(jax.random.PRNGKey(0), x)), (x,), {})
    g = w.gradient()
    assert all(v.dtype == np.float64 for v in g.values())
    expect = {"plain": [], "custom_vjp": ["jax.custom_vjp _scaled_sin"],
              "stop_gradient": ["lax.stop_gradient at " + __file__]}[mode]
    assert [c.split(" (")[0].rsplit(":", 1)[0] for c in w.custom] == expect, w.custom
    # the loss moves with a parameter (finite differences see it)
    k = "params.Dense_1.bias"
    assert w.loss({k: np.full(3, 1e-3)}) != w.loss({})


def test_custom_vjp_refused():
    """The custom backward defines the gradient: finite differences of the forward (which agree
    with the emitted code, the forward's derivative) must not overrule it."""
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    m = Custom("custom_vjp")
    with pytest.raises(TranspileError, match="cuts its gradient.*custom_vjp _scaled_sin"):
        ivy.transpile((m, m.init(jax.random.PRNGKey(0), x)), source="jax", target="jax",
                      args=(x,))
