"""Whole programs written against ``jax``/``jax.numpy``, run with real JAX and with the frontend
substituted (the modules are passed in), on the numpy, torch and jax Ivy backends."""

import numpy as np
import pytest

import ivy
import ivy.frontends.jax as fj

from .helpers import compare, covers, reference

RNG = np.random.default_rng(0)
DATA = {k: RNG.standard_normal(s).astype(np.float32) for k, s in {
    "x": (8, 4), "y": (8, 1), "w1": (4, 16), "w2": (16, 1), "xs": (5, 2, 3), "wx": (3, 4),
    "wh": (4, 4), "img": (2, 1, 8, 8), "k1": (4, 1, 3, 3), "k2": (2, 4, 3, 3),
    "dense": (2 * 2 * 2, 3)}.items()}
covers("jax.numpy.sqrt", "jax.tree_util.tree_map")


def mlp_adam(jax, jnp):
    """A 2-layer MLP MSE loss, gradients by hand, three optax-style Adam steps in pure jnp."""
    p = {"w1": jnp.asarray(DATA["w1"]), "w2": jnp.asarray(DATA["w2"])}
    x, y = jnp.asarray(DATA["x"]), jnp.asarray(DATA["y"])
    m = jax.tree_util.tree_map(jnp.zeros_like, p)
    v = jax.tree_util.tree_map(jnp.zeros_like, p)
    b1, b2, eps, lr = 0.9, 0.999, 1e-8, 1e-2
    losses = []
    for t in range(1, 4):
        h = jax.nn.relu(x @ p["w1"])
        out = h @ p["w2"]
        err = out - y
        losses.append(jnp.mean(err ** 2))
        g_out = 2 * err / err.size
        g = {"w2": h.T @ g_out}
        g_h = (g_out @ p["w2"].T) * (h > 0)
        g["w1"] = x.T @ g_h
        m = jax.tree_util.tree_map(lambda m_, g_: b1 * m_ + (1 - b1) * g_, m, g)
        v = jax.tree_util.tree_map(lambda v_, g_: b2 * v_ + (1 - b2) * g_ * g_, v, g)
        mh = jax.tree_util.tree_map(lambda m_: m_ / (1 - b1 ** t), m)
        vh = jax.tree_util.tree_map(lambda v_: v_ / (1 - b2 ** t), v)
        p = jax.tree_util.tree_map(lambda p_, a, b: p_ - lr * a / (jnp.sqrt(b) + eps), p, mh, vh)
    return p, jnp.stack(losses)


def scan_rnn(jax, jnp):
    xs, wx, wh = (jnp.asarray(DATA[k]) for k in ("xs", "wx", "wh"))

    def cell(h, x):
        h = jnp.tanh(x @ wx + h @ wh)
        return h, jax.nn.softmax(h, axis=-1)

    return jax.lax.scan(cell, jnp.zeros((2, 4)), xs)


def newton(jax, jnp):
    a = jnp.asarray(np.array([2.0, 9.0, 0.5], np.float32))

    def body(c):
        i, x = c
        return i + 1, x - (x * x - a) / (2 * x)

    return jax.lax.while_loop(lambda c: (c[0] < 20) & jnp.any(jnp.abs(c[1] ** 2 - a) > 1e-5),
                              body, (0, jnp.ones_like(a)))


def convnet(jax, jnp):
    x = jnp.asarray(DATA["img"])
    dn = ("NCHW", "OIHW", "NCHW")
    h = jax.lax.conv_general_dilated(x, jnp.asarray(DATA["k1"]), (1, 1), "SAME",
                                     dimension_numbers=dn)
    h = jax.nn.gelu(h)
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    h = jax.lax.conv_general_dilated(h, jnp.asarray(DATA["k2"]), (2, 2), [(1, 1), (1, 1)],
                                     rhs_dilation=(1, 1), dimension_numbers=dn)
    h = jax.nn.relu(h).reshape(h.shape[0], -1)
    return jax.nn.log_softmax(h @ jnp.asarray(DATA["dense"]))


PROGRAMS = {"mlp_adam": mlp_adam, "scan_rnn": scan_rnn, "newton": newton, "convnet": convnet}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program(name):
    import jax as real
    import jax.numpy as rjnp

    fn = PROGRAMS[name]
    with reference():
        exp = fn(real, rjnp)
    for b in ("numpy", "torch", "jax"):
        with ivy.using_backend(b):
            got = fn(fj, fj.numpy)
            compare(got, exp, b, 1e-4, 1e-5, name)
