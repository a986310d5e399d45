"""TF's ``Maximum`` / ``Minimum`` / ``ClipByValue`` keep TF's gradient at ties, NaNs and infinities.

TF's registered gradients send the incoming gradient to ``x`` where ``x >= y`` (``x <= y`` for
the minimum), else to ``y``; ``ClipByValue``'s passes to ``x`` at the bounds. JAX's ``max``/
``min`` split a tie in halves, so ``tf.maximum(h, 0.)`` with ``h`` exactly 0 (a zero bias on a
zero input row: keras' default bias initializer) gave half of TF's bias gradient. Each case is
transpiled and its gradient through the emitted JAX (``jax.grad``) and PyTorch (autograd) code
compared with ``tf.GradientTape``'s; the values with TF's on every target.
"""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf

import ivy
from ivy.transpiler import frameworks as fw

nan, inf = np.nan, np.inf
X = np.asarray([0.0, 1.0, -2.0, 3.0, nan, 1.0, inf, -inf, 2.0, -0.0], np.float32)
Y = np.asarray([0.0, 1.0, 3.0, -1.0, 0.0, nan, 1.0, -inf, inf, 0.0], np.float32)
COT = np.linspace(0.5, 2.0, X.size).astype(np.float32)

PROGRAMS = {
    "maximum": lambda x, y: tf.maximum(x, y),
    "minimum": lambda x, y: tf.minimum(x, y),
    # the bounds as tensors too: TF's gradient for them is where x is outside
    "clip_by_value": lambda x, y: tf.raw_ops.ClipByValue(
        t=x, clip_value_min=tf.minimum(y, 0.0) - 0.0, clip_value_max=tf.maximum(y, 0.0) + 1.0),
}


def _tf_grad(prog, args):
    xs = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        for v in xs:
            tape.watch(v)
        out = prog(*xs)
        total = tf.reduce_sum(tf.where(tf.math.is_nan(out), 0.0, out) * COT)
    return np.asarray(out), [np.asarray(g) for g in tape.gradient(total, xs)]


def _target_grad(t, target, args):
    if target == "jax":
        import jax
        import jax.numpy as jnp

        def total(*a):
            o = t.fn(*a)
            return jnp.sum(jnp.where(jnp.isnan(o), 0.0, o) * COT)
        return [np.asarray(g) for g in jax.grad(total, argnums=(0, 1))(
            *map(jnp.asarray, args))]
    import torch
    xs = [torch.tensor(a, requires_grad=True) for a in args]
    o = t.fn(*xs)
    torch.sum(torch.where(torch.isnan(o), 0.0, o) * torch.from_numpy(COT)).backward()
    return [x.grad.numpy() for x in xs]


@pytest.mark.parametrize("target", ["jax", "torch"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_gradient_at_ties_nan_inf_is_tfs(name, target):
    prog = PROGRAMS[name]
    args = (X, Y)
    t = ivy.transpile(prog, source="tensorflow", target=target, args=args)
    want, want_g = _tf_grad(prog, args)
    assert all(r["ok"] for r in fw.compare_trees(want, fw.tree_to_numpy(t(*args))))
    for w, g in zip(want_g, _target_grad(t, target, args), strict=True):
        np.testing.assert_array_equal(np.isnan(w), np.isnan(g))
        np.testing.assert_allclose(g, w, rtol=0, atol=0)


def test_values_numpy():
    for prog in PROGRAMS.values():
        t = ivy.transpile(prog, source="tensorflow", target="numpy", args=(X, Y))
        want = np.asarray(prog(tf.constant(X), tf.constant(Y)))
        got = np.asarray(t(X, Y))
        np.testing.assert_array_equal(np.isnan(want), np.isnan(got))
        np.testing.assert_array_equal(want[~np.isnan(want)], got[~np.isnan(got)])


def test_integer_operands_keep_plain_extremum():
    a = np.asarray([3, -1, 2], np.int32)
    b = np.asarray([3, 0, -5], np.int32)
    t = ivy.transpile(lambda x, y: tf.maximum(x, y) - tf.minimum(x, y), source="tensorflow",
                      target="numpy", args=(a, b))
    np.testing.assert_array_equal(t(a, b), np.abs(a - b))


def test_keras_model_with_tie_passes_gradient_check():
    """``tf.maximum(dense(x), 0.)`` with zero rows and keras' zero bias: every pre-activation
    of those rows is exactly 0, a tie. TF gives the whole gradient to the dense output there;
    the transpiled model's gradient check (in ``ivy.transpile``) compares it with TF's."""
    import keras
    keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).standard_normal((4, 6)).astype(np.float32)
    x[1:3] = 0.0

    class M(keras.Model):
        def __init__(self):
            super().__init__()
            self.a, self.b = keras.layers.Dense(5), keras.layers.Dense(2)

        def call(self, x):
            return self.b(tf.minimum(tf.maximum(self.a(x), 0.0), 6.0))

    m = M()
    m(x)
    t = ivy.transpile(m, source="tensorflow", target="jax", args=(x,))
    grads = t.report["verification"]["gradient"]
    assert grads and all(e["ok"] for e in grads), grads
