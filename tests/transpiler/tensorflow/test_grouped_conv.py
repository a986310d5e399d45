"""Keras grouped convolutions and ConvNeXt's block (found by transpiling keras.applications'
ConvNeXtTiny, unseen by the corpus): TF has no separate grouped-conv op — ``Conv2D(groups=g)`` is
a ``Conv2D`` raw op whose filter has ``in_channels / g`` input channels, which the rule read as
an ordinary convolution (a reshape error). ConvNeXt then stopped on a ``Neg`` whose input was the
rounding noise of a layer norm's mean in both chains, but different noise: each op's mapping is
now also judged on Ivy's own inputs when the two chains' inputs differ, and a wrong mapping is
still refused (last test).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

FULL = bool(os.environ.get("IVY_FULL"))


def _x(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _same_as_keras(t, m, x):
    for a in (x, fw.random_like(x, np.random.default_rng(7))):
        want = np.asarray(m(tf.constant(a), training=False))
        got = fw.to_numpy(t(a))
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("target", ["numpy", "torch", "jax"] if FULL else ["torch"])
def test_grouped_conv2d(target):
    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((9, 9, 6)),
                          keras.layers.Conv2D(4, 3, groups=2, padding="same"),
                          keras.layers.Conv2D(4, 3, groups=4, strides=2)])
    x = _x(2, 9, 9, 6)
    t = ivy.transpile(m, source="tensorflow", target=target, args=(x,))
    assert t.report["verification"]["verified"] is True
    _same_as_keras(t, m, x)


def _convnext_block(c=16):
    inp = keras.Input((8, 8, c))
    h = keras.layers.Conv2D(c, 7, groups=c, padding="same")(inp)  # ConvNeXt's depthwise conv
    h = keras.layers.LayerNormalization(epsilon=1e-6)(h)
    h = keras.layers.Dense(4 * c, activation="gelu")(h)
    h = keras.layers.Dense(c)(h)
    h = keras.layers.LayerNormalization(epsilon=1e-6)(h)
    return keras.Model(inp, keras.layers.Add()([inp, h]))


@pytest.mark.parametrize("target", ["numpy", "torch", "jax"] if FULL else ["numpy"])
def test_convnext_block(target):
    keras.utils.set_random_seed(1)
    m = _convnext_block()
    x = _x(1, 8, 8, 16, seed=2)
    t = ivy.transpile(m, source="tensorflow", target=target, args=(x,))
    assert t.report["verification"]["verified"] is True
    _same_as_keras(t, m, x)


def test_a_wrong_mapping_is_still_refused(monkeypatch):
    # the re-check on Ivy's own inputs must not accept a mapping that is wrong: a Conv2D rule that
    # flips the kernel is refused, naming the op, although its inputs come from upstream ops
    from ivy.transpiler.capture import tensorflow as cap

    right = cap.RULES["Conv2D"]

    def flipped(op, x, w, **kw):
        return right(op, x, ivy.flip(w, axis=(0, 1)), **kw)

    flipped.ivy_mapping = right.ivy_mapping
    monkeypatch.setitem(cap.RULES, "Conv2D", flipped)
    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((6, 6, 4)), keras.layers.Dense(4),
                          keras.layers.Conv2D(4, 3, groups=2)])
    with pytest.raises(TranspileError, match="Conv2D"):
        ivy.transpile(m, source="tensorflow", target="numpy", args=(_x(1, 6, 6, 4),))


def centred_mean(x, w):
    a = tf.matmul(x, w)  # TF's and NumPy's matmuls round differently
    c = a - tf.reduce_mean(a, -1, keepdims=True)
    return -tf.reduce_mean(c, -1) + 1.0  # the mean of a centred row is rounding noise, negated


def test_noise_of_a_cancelled_mean_is_judged_on_ivys_own_inputs(monkeypatch):
    rng = np.random.default_rng(0)
    x, w = _x(64, 96), rng.standard_normal((96, 96)).astype(np.float32)
    t = ivy.transpile(centred_mean, source="tensorflow", target="numpy", args=(x, w))
    np.testing.assert_allclose(t(x, w), np.asarray(centred_mean(tf.constant(x), tf.constant(w))),
                               rtol=1e-6)
    # the case needs the re-check: comparing the two chains' noise alone refuses the Neg
    from ivy.transpiler.capture import tensorflow as cap

    monkeypatch.setattr(cap._Eval, "_isolated", lambda self, op, ins, res: None)
    with pytest.raises(TranspileError, match="Neg"):
        ivy.transpile(centred_mean, source="tensorflow", target="numpy", args=(x, w))


def _relu6_at_zero_model():
    keras.utils.set_random_seed(3)
    inp = keras.Input((5,))
    h = keras.layers.Dense(4, use_bias=False)(inp)  # rows of zeros in the input stay exact zeros
    h = keras.layers.BatchNormalization()(h)  # inference: beta (0 at init) is added to them
    h = keras.layers.ReLU(max_value=6.0)(h)  # Relu6 at exactly 0: TF's derivative there is 0
    return keras.Model(inp, keras.layers.Dense(2)(h))


def test_relu6_derivative_at_zero_is_tfs(monkeypatch):
    # keras.applications.MobileNetV2 -> jax was refused by the gradient check: its zero-padded
    # borders reach ReLU6 as exact zeros, where a clip's derivative is 1/2 on JAX, TF's 0
    m = _relu6_at_zero_model()
    x = _x(6, 5)
    x[::2] = 0.0
    t = ivy.transpile(m, source="tensorflow", target="jax", args=(x,))
    g = t.report["verification"]["gradient"]
    assert isinstance(g, list) and g and all(e["ok"] for e in g), g
    from ivy.transpiler.capture import tensorflow as cap

    clip = cap.RULES["Relu6"]

    def as_clip(op, x, **_):
        return ivy.clip(x, 0.0, 6.0)

    as_clip.ivy_mapping = clip.ivy_mapping
    monkeypatch.setitem(cap.RULES, "Relu6", as_clip)  # the old rule: refused, not accepted
    with pytest.raises(TranspileError, match="gradient"):
        ivy.transpile(_relu6_at_zero_model(), source="tensorflow", target="jax", args=(x,))
