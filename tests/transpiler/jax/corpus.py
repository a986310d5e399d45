"""Real JAX code for the transpiler corpus: optax losses and updates, Flax modules, jax.nn,
jax.numpy science, jax.random with keys, lax loops. name -> (make_obj, args)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

R = np.random.default_rng(0)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


def _optax():
    import optax
    logits, labels = f32(4, 5), np.eye(5, dtype=np.float32)[[0, 2, 1, 4]]
    params = {"w": f32(3, 2), "b": f32(2)}
    grads = {"w": f32(3, 2), "b": f32(2)}

    def adam_step(grads, params):
        opt = optax.adam(1e-2)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates)

    def sgd_momentum_step(grads, params):
        opt = optax.sgd(0.1, momentum=0.9)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates)

    return {
        "optax.softmax_cross_entropy": (lambda: optax.softmax_cross_entropy, (logits, labels)),
        "optax.sigmoid_binary_cross_entropy": (lambda: optax.sigmoid_binary_cross_entropy,
                                               (logits, (labels > 0).astype(np.float32))),
        "optax.l2_loss": (lambda: optax.l2_loss, (logits, f32(4, 5))),
        "optax.huber_loss": (lambda: optax.huber_loss, (logits, f32(4, 5))),
        "optax.cosine_distance": (lambda: optax.cosine_distance, (logits, f32(4, 5))),
        "optax.adam step": (lambda: adam_step, (grads, params)),
        "optax.sgd momentum two steps": (lambda: sgd_momentum_step, (grads, params)),
    }


def _flax():
    from flax import linen as nn
    from flax import nnx

    class MLP(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.gelu(nn.Dense(16)(x))
            return nn.Dense(4)(nn.LayerNorm()(x))

    class CNN(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.relu(nn.Conv(8, (3, 3))(x))
            x = nn.avg_pool(x, (2, 2), (2, 2))
            return nn.Dense(3)(x.reshape(x.shape[0], -1))

    class Attn(nn.Module):
        @nn.compact
        def __call__(self, x):
            return nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8)(x)

    class Emb(nn.Module):
        @nn.compact
        def __call__(self, ids):
            return nn.Embed(20, 6)(ids).mean(axis=1)

    x, img, seq = f32(2, 5), f32(2, 8, 8, 3), f32(2, 4, 8)
    ids = R.integers(0, 20, (2, 3)).astype(np.int32)
    key = jax.random.PRNGKey(0)

    def linen(mod, inp):
        return lambda: (mod, mod.init(key, inp))

    class NNXMLP(nnx.Module):
        def __init__(self, rngs):
            self.l1 = nnx.Linear(5, 8, rngs=rngs)
            self.l2 = nnx.Linear(8, 2, rngs=rngs)

        def __call__(self, x):
            return self.l2(jax.nn.silu(self.l1(x)))

    return {
        "flax.linen MLP (Dense, gelu, LayerNorm)": (linen(MLP(), x), (x,)),
        "flax.linen CNN (Conv, avg_pool)": (linen(CNN(), img), (img,)),
        "flax.linen MultiHeadDotProductAttention": (linen(Attn(), seq), (seq,)),
        "flax.linen Embed": (linen(Emb(), ids), (ids,)),
        "flax.nnx MLP": (lambda: NNXMLP(nnx.Rngs(0)), (x,)),
    }


def _jax_code():
    def gelu_softmax(x):
        return jax.nn.softmax(jax.nn.gelu(x), axis=-1)

    def logsumexp_norm(x):
        return x - jax.nn.logsumexp(x, axis=-1, keepdims=True)

    def rnn(h0, xs, w, u):
        def cell(h, x):
            h = jnp.tanh(h @ w + x @ u)
            return h, h.sum()
        return jax.lax.scan(cell, h0, xs)

    def fori_power(x):
        return jax.lax.fori_loop(0, 5, lambda i, v: v * 0.5 + jnp.sin(v), x)

    def sample(key, mu):
        return mu + jax.random.randint(key, mu.shape, 0, 10).astype(mu.dtype)

    def sci(x):
        c = jnp.cov(x.T) + jnp.eye(x.shape[1])
        return c, jnp.linalg.norm(c, axis=0), jnp.abs(jnp.fft.rfft(x, axis=0))

    def clipped(x):
        return jnp.where(x > 0, jnp.sqrt(jnp.abs(x)), -jnp.log1p(jnp.abs(x)))

    return {
        "jax.nn gelu+softmax": (lambda: gelu_softmax, (f32(3, 6),)),
        "jax.nn logsumexp": (lambda: logsumexp_norm, (f32(3, 6),)),
        "lax.scan RNN": (lambda: rnn, (f32(2, 4), f32(5, 2, 3), f32(4, 4), f32(3, 4))),
        "lax.fori_loop": (lambda: fori_power, (f32(4),)),
        "jax.random.randint with a key": (lambda: sample, (np.asarray(jax.random.PRNGKey(3)),
                                                         f32(4, 3))),
        "jnp science (cov, norm, rfft)": (lambda: sci, (f32(16, 3),)),
        "jnp where/sqrt/log1p": (lambda: clipped, (f32(10),)),
    }


# -- control flow kept as loops (ivy.while_loop / ivy.scan / ivy.cond nodes) -------------------
def doubling(x, thr):
    """Doubles until the sum passes ``thr``: the trip count depends on the input values."""
    v = jnp.abs(x) + 0.1
    return jax.lax.while_loop(lambda s: s[1].sum() < thr, lambda s: (s[0] + 1, s[1] * 2.0),
                              (0, v))


def newton_sqrt(a):
    """Newton's iteration for sqrt(a) until converged (at most 50 steps)."""
    a = jnp.abs(a) + 1.0

    def go(s):
        i, x = s
        return (i < 50) & (jnp.abs(x * x - a).max() > 1e-4 * a.max())

    return jax.lax.while_loop(go, lambda s: (s[0] + 1, 0.5 * (s[1] + a / s[1])), (0, a))


def cumulative(xs):
    """Running sum and product through lax.scan (carry and ys)."""
    def step(c, x):
        s, p = c
        s, p = s + x, p * x
        return (s, p), (s, p)
    return jax.lax.scan(step, (jnp.zeros_like(xs[0]), jnp.ones_like(xs[0])), xs)


def sign_cond(x):
    return jax.lax.cond(x.sum() > 0, lambda v: jnp.sin(v) * 2.0, lambda v: jnp.cos(v) - 1.0, x)


def switch3(x):
    k = (x.mean() > 0).astype(jnp.int32) + (x.max() > 1.5).astype(jnp.int32)
    return jax.lax.switch(k, [lambda v: v * 2.0, lambda v: jnp.tanh(v), lambda v: v - v.max()], x)


def fori_gather(x):
    """fori_loop with static bounds whose body indexes with the counter."""
    return jax.lax.fori_loop(0, x.shape[0], lambda i, acc: acc + x[i] * i, jnp.zeros_like(x[0]))


def smooth_until(x, thr):
    """A scan inside a data-dependent while."""
    def body(s):
        i, v = s

        def step(c, xi):
            c = 0.5 * c + 0.5 * xi
            return c, c
        _, v = jax.lax.scan(step, v[0], v)
        return i + 1, v * 0.9
    return jax.lax.while_loop(lambda s: (jnp.abs(s[1]).max() > thr) & (s[0] < 100), body, (0, x))


def _loops():
    return {
        "lax.while_loop doubling to a threshold": (lambda: doubling,
                                                   (f32(4), np.asarray(20.0, np.float32))),
        "lax.while_loop Newton sqrt": (lambda: newton_sqrt, (f32(5),)),
        "lax.scan cumulative sum/prod": (lambda: cumulative, (f32(6, 3),)),
        "lax.cond on the input's sign": (lambda: sign_cond, (f32(5),)),
        "lax.switch of three branches": (lambda: switch3, (f32(5),)),
        "lax.fori_loop indexing with the counter": (lambda: fori_gather, (f32(5, 3),)),
        "lax.scan inside lax.while_loop": (lambda: smooth_until,
                                           (f32(6, 2), np.asarray(0.5, np.float32))),
    }


def cases():
    return {**_optax(), **_flax(), **_jax_code(), **_loops()}
