"""The gradient check's float64 second opinion for Keras sources
(``capture.tensorflow.float64_witness``: the model rebuilt from its config in float64, weights
copied; ``api._second_opinion``; docs/transpiler.md, "Gradients"), against TensorFlow itself.

* ``Conv2D`` with its bias followed by an instance norm (``GroupNormalization(groups=-1)``, as in
  Keras' CycleGAN example): the bias's gradient is exactly 0, both sides' float32 gradients are
  rounding noise, and on an input of amplitude 0.01 that noise misses the check: refused
  without the witness, accepted with it;
* a rule with the right value and half of ``tanh``'s derivative is still refused;
* a ``tf.custom_gradient`` whose gradient is not its forward's derivative is refused, not
  overruled by finite differences: the witness names it (``custom``), and a user's
  ``tf.stop_gradient``; TensorFlow's own (``tf.nn.silu``'s custom gradient, the shift in
  ``tf.nn.moments`` under Keras' normalisations, ``reduce_logsumexp``) do not count.
"""

from __future__ import annotations

import os

import keras
import numpy as np
import pytest
import tensorflow as tf

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler.capture import tensorflow as capture_tf

FULL = bool(os.environ.get("IVY_FULL"))


def _conv_model():
    keras.utils.set_random_seed(0)
    inp = keras.Input((16, 16, 3))
    h = keras.layers.Conv2D(8, 3, padding="same", name="conv")(inp)
    h = keras.layers.GroupNormalization(groups=-1)(h)  # instance norm
    h = keras.layers.Activation("relu")(h)
    out = keras.layers.Dense(4)(keras.layers.Flatten()(h))
    x = np.random.default_rng(0).standard_normal((2, 16, 16, 3)).astype(np.float32) * 0.01
    return keras.Model(inp, out), x


@pytest.mark.parametrize("target", ["jax", "tensorflow"] + (["torch"] if FULL else []))
def test_rounding_accepted_by_float64(target, monkeypatch):
    m, x = _conv_model()
    with monkeypatch.context() as mp:  # the float32 check alone refuses it
        mp.delattr(capture_tf, "float64_witness")
        with pytest.raises(TranspileError, match=r"gradient, output \['conv/bias'\]"):
            ivy.transpile(m, source="tensorflow", target=target, args=(x,))
    t = ivy.transpile(m, source="tensorflow", target=target, args=(x,))
    (e,) = [e for e in t.report["verification"]["gradient"] if e["path"] == "['conv/bias']"]
    assert e["ok"] and "accepted: float32 rounding" in e["why"], e


def test_wrong_rule_derivative_refused(monkeypatch):
    def bad_tanh(op, x, **_):
        y = ivy.tanh(x)
        return ivy.add(ivy.multiply(y, 0.5), ivy.stop_gradient(ivy.multiply(y, 0.5)))

    bad_tanh.ivy_mapping = "test.bad_tanh"
    monkeypatch.setitem(capture_tf.RULES, "Tanh", bad_tanh)
    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(3)])
    x = np.random.default_rng(2).standard_normal((4, 6)).astype(np.float32)
    with pytest.raises(TranspileError, match="gradient") as e:
        ivy.transpile(m, source="tensorflow", target="tensorflow", args=(x,))
    assert "in float64 too" in str(e.value) and "finite differences" in str(e.value)


@tf.custom_gradient
def _scaled_sin(x):
    return tf.sin(x), lambda g: g * tf.cos(x) * 1.5


@keras.saving.register_keras_serializable("ivy_tests")
class Head(keras.layers.Layer):
    def __init__(self, mode="plain", **kw):
        super().__init__(**kw)
        self.mode = mode

    def call(self, h):
        h = tf.nn.silu(h) + tf.reduce_logsumexp(h, axis=-1, keepdims=True)
        if self.mode == "custom_gradient":
            h = _scaled_sin(h * 3)
        if self.mode == "stop_gradient":
            h = h + tf.stop_gradient(h) * h
        return h

    def get_config(self):
        return {**super().get_config(), "mode": self.mode}


def _custom_model(mode):
    keras.utils.set_random_seed(0)
    inp = keras.Input((6,))
    h = keras.layers.LayerNormalization()(keras.layers.Dense(5)(inp))
    return keras.Model(inp, keras.layers.Dense(3)(Head(mode)(h)))


@pytest.mark.parametrize("mode", ["plain", "custom_gradient", "stop_gradient"])
def test_witness_names_defined_gradients(mode):
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    m = _custom_model(mode)
    w = capture_tf.float64_witness(m, (x,), {})
    g = w.gradient()
    assert sorted(g) == sorted(v.path for v in m.trainable_weights)
    assert all(v.dtype == np.float64 for v in g.values())
    ref = capture_tf.gradient(m, (x,), {})  # the float32 model's own, to float32's accuracy
    for k, v in ref.items():
        np.testing.assert_allclose(g[k], v, rtol=1e-3, atol=1e-5 * np.abs(v).max())
    expect = {"plain": [], "custom_gradient": ["tf.custom_gradient"],
              "stop_gradient": ["tf.StopGradient"]}[mode]
    assert [c.split(" at ")[0] for c in w.custom] == expect, w.custom
    assert all(__file__ in c for c in w.custom), w.custom
    k = m.trainable_weights[-1].path
    assert w.loss({k: np.full(3, 1e-3)}) != w.loss({})


def test_custom_gradient_refused():
    x = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    with pytest.raises(TranspileError, match="cuts its gradient.*tf.custom_gradient"):
        ivy.transpile(_custom_model("custom_gradient"), source="tensorflow", target="jax",
                      args=(x,))
