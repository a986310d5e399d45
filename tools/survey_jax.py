"""Survey: real JAX code (optax losses and update steps, Flax linen/NNX modules, jax.numpy /
jax.scipy numerics, lax control flow, transforms) transpiled to NumPy, PyTorch and TensorFlow.

Each case is transpiled with ``ivy.transpile(..., source="jax", target=T)`` and recorded as

* ``ok``: converted, and the converted program equals JAX on the example and on an independent
  draw of inputs (the case's own valid draw, or ``frameworks.random_like``);
* ``refused``: ``TranspileError`` (loud, with the reason recorded);
* ``wrong``: converted, but the result differs from JAX's (a silently wrong conversion);
* ``crash``: any other exception (from the transpiler or from running the converted code).

Not collected by pytest (no ``test_`` names). Run as a module::

    .venv/bin/python -m tools.survey_jax [--targets numpy,torch] [-k substr]
        [--json out.json] [--compare before.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
import warnings

import numpy as np

TARGETS = ("numpy", "torch", "tensorflow")


def f32(rng, *s):
    return rng.standard_normal(s).astype(np.float32)


def _spd(rng, n=4, batch=()):
    a = rng.standard_normal((*batch, n, n)).astype(np.float32)
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n, dtype=np.float32)).astype(np.float32)


def _lower_tri(rng, n=4):
    return (np.tril(rng.standard_normal((n, n))) + 3 * np.eye(n)).astype(np.float32)


class Case:
    """``fn`` (or a model object) with a draw of its inputs: ``draw(rng) -> args``."""

    def __init__(self, group, name, make, draw):
        self.group, self.name, self.make, self.draw = group, name, make, draw


# -- optax ------------------------------------------------------------------------------------
def _optax_cases():
    import jax
    import optax

    out = []

    def loss(name, fn, draw):
        out.append(Case("optax loss", name, lambda: fn, draw))

    def onehot(rng, n=4, k=5):
        return np.eye(k, dtype=np.float32)[rng.integers(0, k, n)]

    loss("softmax_cross_entropy", optax.softmax_cross_entropy,
         lambda r: (f32(r, 4, 5), onehot(r)))
    loss("softmax_cross_entropy_with_integer_labels",
         optax.softmax_cross_entropy_with_integer_labels,
         lambda r: (f32(r, 4, 5), r.integers(0, 5, 4).astype(np.int32)))
    loss("safe_softmax_cross_entropy", optax.safe_softmax_cross_entropy,
         lambda r: (f32(r, 4, 5), onehot(r)))
    loss("sigmoid_binary_cross_entropy", optax.sigmoid_binary_cross_entropy,
         lambda r: (f32(r, 4, 5), (r.random((4, 5)) > 0.5).astype(np.float32)))
    loss("huber_loss", optax.huber_loss, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("l2_loss", optax.l2_loss, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("squared_error", optax.squared_error, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("log_cosh", optax.log_cosh, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("cosine_similarity", optax.cosine_similarity, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("cosine_distance", optax.cosine_distance, lambda r: (f32(r, 4, 5), f32(r, 4, 5)))
    loss("hinge_loss", optax.hinge_loss,
         lambda r: (f32(r, 8), np.sign(f32(r, 8)).astype(np.float32)))
    loss("multiclass_hinge_loss", optax.losses.multiclass_hinge_loss,
         lambda r: (f32(r, 4, 5), r.integers(0, 5, 4).astype(np.int32)))
    loss("kl_divergence", optax.kl_divergence,
         lambda r: (np.log(r.dirichlet(np.ones(5), 4)).astype(np.float32),
                    r.dirichlet(np.ones(5), 4).astype(np.float32)))
    loss("convex_kl_divergence", optax.convex_kl_divergence,
         lambda r: (np.log(r.dirichlet(np.ones(5), 4)).astype(np.float32),
                    r.dirichlet(np.ones(5), 4).astype(np.float32)))
    loss("poly_loss_cross_entropy", optax.losses.poly_loss_cross_entropy,
         lambda r: (f32(r, 4, 5), onehot(r)))
    loss("sigmoid_focal_loss", optax.sigmoid_focal_loss,
         lambda r: (f32(r, 4, 5), (r.random((4, 5)) > 0.5).astype(np.float32)))
    loss("smooth_labels", lambda y: optax.smooth_labels(y, 0.1), lambda r: (onehot(r),))

    def ctc(logits, logit_pad, labels, label_pad):
        return optax.ctc_loss(logits, logit_pad, labels, label_pad)

    def ctc_draw(r):
        pad = np.zeros((2, 6), np.float32)
        pad[1, 5:] = 1
        lpad = np.zeros((2, 3), np.float32)
        lpad[0, 2:] = 1
        return (f32(r, 2, 6, 4), pad, r.integers(1, 4, (2, 3)).astype(np.int32), lpad)

    loss("ctc_loss", ctc, ctc_draw)

    # one update step as a pure function of (grads, state, params)
    params0 = {"w": np.ones((3, 2), np.float32), "b": np.zeros(2, np.float32)}

    def opt_case(name, opt, steps=1):
        state0 = jax.tree_util.tree_map(np.asarray, opt.init(params0))

        def step(grads, state, params):
            updates, state = opt.update(grads, state, params)
            return optax.apply_updates(params, updates), state

        def draw(r):
            g = {"w": f32(r, 3, 2), "b": f32(r, 2)}
            p = {"w": f32(r, 3, 2), "b": f32(r, 2)}
            st = state0
            if steps > 1:  # a state after a few real steps (non-trivial moments)
                import jax.numpy as jnp
                for _ in range(steps - 1):
                    _, st = step(jax.tree_util.tree_map(jnp.asarray, g), st,
                                 jax.tree_util.tree_map(jnp.asarray, p))
                st = jax.tree_util.tree_map(np.asarray, st)
            return (g, st, p)

        out.append(Case("optax update", name, lambda: step, draw))

    opt_case("adam", optax.adam(1e-2), steps=2)
    opt_case("adamw", optax.adamw(1e-2, weight_decay=1e-2), steps=2)
    opt_case("sgd", optax.sgd(0.1))
    opt_case("sgd momentum", optax.sgd(0.1, momentum=0.9), steps=2)
    opt_case("sgd nesterov", optax.sgd(0.1, momentum=0.9, nesterov=True), steps=2)
    opt_case("rmsprop", optax.rmsprop(1e-2), steps=2)
    opt_case("adagrad", optax.adagrad(1e-2), steps=2)
    opt_case("lion", optax.lion(1e-3), steps=2)
    opt_case("lamb", optax.lamb(1e-3), steps=2)
    opt_case("adafactor", optax.adafactor(1e-2), steps=2)
    opt_case("chain(clip_by_global_norm, adam)",
             optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-2)), steps=2)
    sched = optax.warmup_cosine_decay_schedule(0.0, 1e-2, 10, 100)
    opt_case("adam with warmup-cosine schedule", optax.adam(sched), steps=3)

    def sched_fn(step):
        return (optax.warmup_cosine_decay_schedule(0.0, 1.0, 10, 100)(step),
                optax.cosine_decay_schedule(1.0, 50)(step))

    out.append(Case("optax update", "schedules at a step", lambda: sched_fn,
                    lambda r: (np.asarray(r.integers(0, 120), np.int32),)))
    return out


# -- Flax ---------------------------------------------------------------------------------------
def _flax_cases():
    import jax
    import jax.numpy as jnp
    from flax import linen as nn

    key = jax.random.PRNGKey(0)
    out = []

    def linen(name, mod, draw):
        def make():
            args = draw(np.random.default_rng(0))
            return (mod, mod.init(key, *args))
        out.append(Case("flax linen", name, make, draw))

    img = lambda r: (f32(r, 2, 8, 8, 3),)  # noqa: E731
    seq = lambda r: (f32(r, 2, 5, 8),)  # noqa: E731
    linen("Dense", nn.Dense(4), lambda r: (f32(r, 3, 5),))
    for pad in ("SAME", "VALID", "CIRCULAR", "REFLECT", ((1, 2), (0, 1))):
        linen(f"Conv padding={pad}", nn.Conv(4, (3, 3), padding=pad), img)
    linen("Conv strided dilated", nn.Conv(4, (3, 3), strides=2, kernel_dilation=2), img)
    linen("Conv 1d", nn.Conv(4, (3,)), seq)
    linen("ConvTranspose SAME", nn.ConvTranspose(4, (3, 3), strides=(2, 2)), img)
    linen("ConvTranspose VALID", nn.ConvTranspose(4, (3, 3), padding="VALID"), img)
    linen("LayerNorm", nn.LayerNorm(), seq)
    linen("RMSNorm", nn.RMSNorm(), seq)
    linen("GroupNorm", nn.GroupNorm(num_groups=4), lambda r: (f32(r, 2, 6, 6, 8),))
    linen("BatchNorm(use_running_average=True)", nn.BatchNorm(use_running_average=True), img)
    linen("Embed", nn.Embed(20, 6), lambda r: (r.integers(0, 20, (2, 3)).astype(np.int32),))
    linen("Dropout(deterministic)", nn.Dropout(0.5, deterministic=True), seq)

    class MHA(nn.Module):
        causal: bool = False

        @nn.compact
        def __call__(self, x):
            mask = nn.make_causal_mask(x[..., 0]) if self.causal else None
            return nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8)(x, mask=mask)

    linen("MultiHeadDotProductAttention", MHA(), seq)
    linen("MultiHeadDotProductAttention causal mask", MHA(causal=True), seq)

    class PadMask(nn.Module):
        @nn.compact
        def __call__(self, x, valid):
            m = nn.make_attention_mask(valid, valid)
            return nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8)(x, mask=m)

    linen("MultiHeadDotProductAttention padding mask", PadMask(),
          lambda r: (f32(r, 2, 5, 8), (r.random((2, 5)) > 0.3)))
    linen("RNN(LSTMCell)", nn.RNN(nn.LSTMCell(6)), seq)
    linen("RNN(GRUCell)", nn.RNN(nn.GRUCell(6)), seq)
    linen("Bidirectional LSTM", nn.Bidirectional(nn.RNN(nn.LSTMCell(4)),
                                                 nn.RNN(nn.LSTMCell(4))), seq)

    class MLP(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.gelu(nn.Dense(16)(x))
            x = nn.Dropout(0.1, deterministic=True)(x)
            return nn.Dense(4)(nn.LayerNorm()(x))

    class CNN(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.relu(nn.BatchNorm(use_running_average=True)(nn.Conv(8, (3, 3))(x)))
            x = nn.max_pool(x, (2, 2), (2, 2))
            x = nn.relu(nn.Conv(8, (3, 3), padding="VALID")(x))
            x = nn.avg_pool(x, (2, 2), (1, 1), padding="SAME")
            return nn.Dense(3)(x.reshape(x.shape[0], -1))

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x):
            mask = nn.make_causal_mask(x[..., 0])
            h = nn.LayerNorm()(x)
            x = x + nn.MultiHeadDotProductAttention(num_heads=2)(h, mask=mask)
            h = nn.LayerNorm()(x)
            return x + nn.Dense(8)(nn.gelu(nn.Dense(32)(h)))

    linen("MLP (Dense, gelu, Dropout, LayerNorm)", MLP(), lambda r: (f32(r, 3, 5),))
    linen("CNN (Conv, BatchNorm, max_pool, avg_pool)", CNN(), img)
    linen("transformer block (causal)", Block(), seq)

    try:
        from flax import nnx
    except ImportError:
        nnx = None
    if nnx is not None:
        def nnx_case(name, build, draw):
            out.append(Case("flax nnx", name, build, draw))

        nnx_case("nnx.Linear", lambda: nnx.Linear(5, 4, rngs=nnx.Rngs(0)),
                 lambda r: (f32(r, 3, 5),))
        nnx_case("nnx.Conv", lambda: nnx.Conv(3, 4, (3, 3), rngs=nnx.Rngs(0)), img)
        nnx_case("nnx.LayerNorm", lambda: nnx.LayerNorm(8, rngs=nnx.Rngs(0)), seq)

        class NNXBlock(nnx.Module):
            def __init__(self, rngs):
                self.bn = nnx.BatchNorm(8, use_running_average=True, rngs=rngs)
                self.att = nnx.MultiHeadAttention(num_heads=2, in_features=8, decode=False,
                                                  rngs=rngs)
                self.lin = nnx.Linear(8, 3, rngs=rngs)

            def __call__(self, x):
                return self.lin(self.att(self.bn(x)))

        nnx_case("nnx BatchNorm + MultiHeadAttention + Linear",
                 lambda: NNXBlock(nnx.Rngs(0)), seq)
    del jnp
    return out


# -- jax.numpy / jax.scipy / lax -----------------------------------------------------------------
def _numeric_cases():
    import jax
    import jax.numpy as jnp
    import jax.scipy as jsp
    from jax import lax

    out = []

    def num(group, name, fn, draw):
        out.append(Case(group, name, lambda: fn, draw))

    sq = lambda r: (f32(r, 4, 4) + 3 * np.eye(4, dtype=np.float32),)  # noqa: E731
    spd = lambda r: (_spd(r),)  # noqa: E731
    rect = lambda r: (f32(r, 5, 3),)  # noqa: E731
    L = "jnp.linalg"
    num(L, "solve", jnp.linalg.solve, lambda r: (*sq(r), f32(r, 4, 2)))
    num(L, "solve batched", jnp.linalg.solve,
        lambda r: (f32(r, 2, 4, 4) + 3 * np.eye(4, dtype=np.float32), f32(r, 2, 4, 1)))
    num(L, "inv", jnp.linalg.inv, sq)
    num(L, "det", jnp.linalg.det, sq)
    num(L, "slogdet", jnp.linalg.slogdet, sq)
    num(L, "eigh eigenvalues", lambda a: jnp.linalg.eigh(a)[0], spd)
    num(L, "eigvalsh", jnp.linalg.eigvalsh, spd)
    num(L, "eigh reconstruction V diag(w) V^T",
        lambda a: (lambda w, v: (v * w) @ v.T)(*jnp.linalg.eigh(a)), spd)
    num(L, "eigh eigenvectors (sign not unique: must refuse)", lambda a: jnp.linalg.eigh(a)[1],
        spd)
    num(L, "svd singular values", lambda a: jnp.linalg.svd(a, compute_uv=False), rect)
    num(L, "svd reconstruction U S Vh",
        lambda a: (lambda u, s, vh: (u * s) @ vh)(*jnp.linalg.svd(a, full_matrices=False)), rect)
    num(L, "svd full_matrices projector U U^T",
        lambda a: (lambda u, s, vh: u @ u.T)(*jnp.linalg.svd(a)), rect)
    num(L, "svd U (sign not unique: must refuse)", lambda a: jnp.linalg.svd(a)[0], rect)
    num(L, "qr", jnp.linalg.qr, rect)
    num(L, "qr complete", lambda a: jnp.linalg.qr(a, mode="complete"), rect)
    num(L, "cholesky", jnp.linalg.cholesky, spd)
    num(L, "lstsq", lambda a, b: jnp.linalg.lstsq(a, b)[0], lambda r: (*rect(r), f32(r, 5)))
    num(L, "pinv", jnp.linalg.pinv, rect)
    num(L, "norm (fro, 2, nuc, vector)",
        lambda a: (jnp.linalg.norm(a), jnp.linalg.norm(a, 2), jnp.linalg.norm(a, "nuc"),
                   jnp.linalg.norm(a, axis=0)), rect)
    num(L, "matrix_power", lambda a: jnp.linalg.matrix_power(a, 3), sq)
    num(L, "matrix_rank", jnp.linalg.matrix_rank, rect)
    num(L, "eigvals (order not unique): sum and product",
        lambda a: (jnp.linalg.eigvals(a).sum(), jnp.prod(jnp.linalg.eigvals(a))), sq)
    S = "jax.scipy"
    num(S, "linalg.expm", jsp.linalg.expm, lambda r: (0.3 * f32(r, 4, 4),))
    num(S, "linalg.solve_triangular",
        lambda a, b: jsp.linalg.solve_triangular(a, b, lower=True),
        lambda r: (_lower_tri(r), f32(r, 4, 2)))
    num(S, "linalg.solve_triangular trans unit_diagonal",
        lambda a, b: jsp.linalg.solve_triangular(a, b, trans=1, unit_diagonal=True,
                                                 lower=False),
        lambda r: (_lower_tri(r).T.copy(), f32(r, 4)))
    num(S, "linalg.lu_factor/lu_solve",
        lambda a, b: jsp.linalg.lu_solve(jsp.linalg.lu_factor(a), b),
        lambda r: (*sq(r), f32(r, 4, 2)))
    num(S, "linalg.lu (P, L, U)", jsp.linalg.lu, sq)
    num(S, "linalg.cho_factor/cho_solve",
        lambda a, b: jsp.linalg.cho_solve(jsp.linalg.cho_factor(a), b),
        lambda r: (*spd(r), f32(r, 4, 2)))
    num(S, "signal.convolve", lambda a, b: jsp.signal.convolve(a, b, mode="same"),
        lambda r: (f32(r, 16), f32(r, 5)))
    num(S, "signal.convolve2d", lambda a, b: jsp.signal.convolve2d(a, b, mode="full"),
        lambda r: (f32(r, 6, 6), f32(r, 3, 3)))
    num(S, "special.logsumexp", lambda x: jsp.special.logsumexp(x, axis=-1), rect)
    num(S, "special.gammaln/digamma", lambda x: (jsp.special.gammaln(x), jsp.special.digamma(x)),
        lambda r: (np.abs(f32(r, 8)) + 0.5,))
    num(S, "special.erf/xlogy", lambda x, y: (jsp.special.erf(x), jsp.special.xlogy(x, y)),
        lambda r: (f32(r, 8), np.abs(f32(r, 8)) + 0.1))
    num(S, "stats.norm.logpdf", lambda x: jsp.stats.norm.logpdf(x, 0.5, 2.0), rect)
    N = "jax.nn"
    num(N, "gelu/softmax/log_softmax",
        lambda x: (jax.nn.gelu(x), jax.nn.softmax(x), jax.nn.log_softmax(x, axis=0)), rect)
    num(N, "one_hot", lambda i: jax.nn.one_hot(i, 6), lambda r: (r.integers(0, 6, 5),))
    num(N, "standardize", lambda x: jax.nn.standardize(x, axis=-1), rect)
    num(N, "silu/softplus/sigmoid/relu6",
        lambda x: (jax.nn.silu(x), jax.nn.softplus(x), jax.nn.sigmoid(x), jax.nn.relu6(x)), rect)
    num(N, "dot_product_attention", jax.nn.dot_product_attention,
        lambda r: (f32(r, 2, 5, 2, 4), f32(r, 2, 5, 2, 4), f32(r, 2, 5, 2, 4)))
    J = "jnp"
    num(J, "fft/ifft/rfft/irfft/fft2",
        lambda x: (jnp.fft.fft(x), jnp.fft.ifft(x), jnp.fft.rfft(x), jnp.fft.irfft(x),
                   jnp.fft.fft2(x)), lambda r: (f32(r, 4, 8),))
    num(J, "cumsum/cumprod/sort/argsort/take_along_axis",
        lambda x: (jnp.cumsum(x, 0), jnp.cumprod(x, 1), jnp.sort(x, 1), jnp.argsort(x, 0),
                   jnp.take_along_axis(x, jnp.argsort(x, 1), 1)), rect)
    num(J, "argmax/argmin/top_k", lambda x: (jnp.argmax(x, 1), jnp.argmin(x), lax.top_k(x, 2)),
        rect)
    num(J, "einsum/tensordot/kron", lambda a, b: (jnp.einsum("ij,kj->ik", a, b),
                                                  jnp.tensordot(a, b.T, 1), jnp.kron(a, b)),
        lambda r: (f32(r, 3, 4), f32(r, 2, 4)))
    num(J, "cov/corrcoef/histogram-free stats",
        lambda x: (jnp.cov(x.T), jnp.corrcoef(x.T), jnp.median(x, 0), jnp.var(x, 0)),
        lambda r: (f32(r, 16, 3),))
    num(J, "where/clip/interp", lambda x: (jnp.where(x > 0, x, 0.1 * x), jnp.clip(x, -1, 1),
                                           jnp.interp(x, jnp.linspace(-2, 2, 5),
                                                      jnp.arange(5.0))), rect)
    C = "lax control flow"
    num(C, "fori_loop", lambda x: lax.fori_loop(0, 5, lambda i, v: v * 0.5 + jnp.sin(v), x),
        lambda r: (f32(r, 4),))
    num(C, "while_loop data-dependent",
        lambda x: lax.while_loop(lambda s: s.sum() < 50.0, lambda s: s * 2.0 + 0.1,
                                 jnp.abs(x) + 0.1), lambda r: (f32(r, 4),))

    def rnn(h0, xs, w):
        return lax.scan(lambda h, x: (jnp.tanh(h @ w + x), h.sum()), h0, xs)

    num(C, "scan RNN", rnn, lambda r: (f32(r, 2, 4), f32(r, 6, 2, 4), 0.5 * f32(r, 4, 4)))
    num(C, "cond", lambda x: lax.cond(x.sum() > 0, jnp.sin, jnp.cos, x), lambda r: (f32(r, 5),))
    num(C, "switch", lambda i, x: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], x),
        lambda r: (np.asarray(r.integers(0, 3), np.int32), f32(r, 5)))
    num(C, "map", lambda x: lax.map(lambda v: v @ v.T, x), lambda r: (f32(r, 3, 2, 4),))
    num(C, "associative_scan", lambda x: lax.associative_scan(jnp.add, x),
        lambda r: (f32(r, 8),))
    T = "transforms"
    num(T, "vmap of a per-example function",
        jax.vmap(lambda w, x: jnp.tanh(w @ x).sum(), in_axes=(None, 0)),
        lambda r: (f32(r, 3, 4), f32(r, 5, 4)))
    num(T, "vmap of solve", jax.vmap(jnp.linalg.solve),
        lambda r: (f32(r, 3, 4, 4) + 3 * np.eye(4, dtype=np.float32), f32(r, 3, 4)))

    def mse(w, x, y):
        return jnp.mean((jnp.tanh(x @ w) - y) ** 2)

    num(T, "jax.grad of an MSE loss", jax.grad(mse),
        lambda r: (f32(r, 4, 2), f32(r, 8, 4), f32(r, 8, 2)))
    num(T, "jax.value_and_grad of softmax CE", jax.value_and_grad(
        lambda w, x, y: -jnp.mean(jnp.sum(jax.nn.log_softmax(x @ w) * y, -1))),
        lambda r: (f32(r, 4, 3), f32(r, 6, 4), np.eye(3, dtype=np.float32)[r.integers(0, 3, 6)]))
    num(T, "jax.grad through max-pool (select_and_scatter_add)", jax.grad(
        lambda x: jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                                            "VALID") ** 2)), lambda r: (f32(r, 2, 6, 6, 3),))
    num(T, "jax.jvp through max-pool (select_and_gather_add)", lambda x, t: jax.jvp(
        lambda v: lax.reduce_window(v, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 1, 1, 1), "SAME"),
        (x,), (t,)), lambda r: (f32(r, 2, 5, 5, 3), f32(r, 2, 5, 5, 3)))
    num(T, "jax.grad through eigh (eigenvalue sum of squares)",
        jax.grad(lambda a: jnp.sum(jnp.linalg.eigvalsh(a) ** 2)), spd)
    num(T, "jax.jacfwd of a small function", jax.jacfwd(lambda x: jnp.sin(x) * x.sum()),
        lambda r: (f32(r, 3),))
    num(T, "lax.reduce variadic (argmax over (value, index) pairs)",
        lambda x: lax.reduce((x, lax.broadcasted_iota(jnp.int32, x.shape, 1)),
                             (-jnp.inf, 0),
                             lambda a, b: (jnp.maximum(a[0], b[0]),
                                           jnp.where(a[0] >= b[0], a[1], b[1])), (1,)),
        lambda r: (f32(r, 3, 6),))
    R = "jax.random (explicit keys)"
    k = lambda r: (np.asarray(jax.random.key_data(jax.random.PRNGKey(int(r.integers(0, 99))))),)  # noqa: E731
    num(R, "uniform/normal/bernoulli",
        lambda kd: (lambda key: (jax.random.uniform(key, (4,)), jax.random.normal(key, (3,)),
                                 jax.random.bernoulli(key, 0.3, (5,))))(
            jax.random.wrap_key_data(kd)), k)
    num(R, "categorical/permutation",
        lambda kd: (lambda key: (jax.random.categorical(key, jnp.arange(4.0)),
                                 jax.random.permutation(key, 6)))(jax.random.wrap_key_data(kd)), k)
    num(R, "gamma", lambda kd: jax.random.gamma(jax.random.wrap_key_data(kd),
                                                jnp.asarray([0.5, 1.0, 3.0])), k)
    num(R, "dirichlet/beta", lambda kd: (lambda key: (jax.random.dirichlet(key, jnp.ones(3)),
                                                      jax.random.beta(key, 2.0, 3.0)))(
        jax.random.wrap_key_data(kd)), k)
    return out


def cases():
    return [*_optax_cases(), *_flax_cases(), *_numeric_cases()]


# -- running ------------------------------------------------------------------------------------
def _first_line(e: BaseException) -> str:
    s = " ".join(str(e).split())
    return s[:400]


def run_case(case, target):
    """``(status, detail, seconds)``."""
    import jax

    import ivy
    from ivy.transpiler import TranspileError
    from ivy.transpiler import frameworks as fw
    from ivy.transpiler.capture import jax as cjax

    t0 = time.time()
    try:
        obj = case.make()
        args = case.draw(np.random.default_rng(0))
    except Exception as e:  # noqa: BLE001 - the case itself cannot be built here
        return "skip", f"case setup: {type(e).__name__}: {_first_line(e)}", 0.0
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t = ivy.transpile(obj, source="jax", target=target, args=args)
    except TranspileError as e:
        return "refused", _first_line(e), time.time() - t0
    except Exception as e:  # noqa: BLE001
        return "crash", f"transpile: {type(e).__name__}: {_first_line(e)} @ " + \
            traceback.format_exc().strip().splitlines()[-3].strip(), time.time() - t0
    try:
        for seed in (0, 7):
            a = case.draw(np.random.default_rng(seed))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = cjax.run_native(obj, a, {})
                got = fw.tree_to_numpy(t(*a))
            res = fw.compare_trees(want, got)
            bad = [r for r in res if not r["ok"]]
            if bad:
                return "wrong", f"draw {seed}: {bad[0]['path']}: {bad[0]['why']}", \
                    time.time() - t0
    except Exception as e:  # noqa: BLE001
        return "crash", f"running the converted code: {type(e).__name__}: {_first_line(e)}", \
            time.time() - t0
    del jax
    return "ok", "", time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("-k", default="", help="only cases whose group/name contains this")
    ap.add_argument("--json", default=None, help="write the results here")
    ap.add_argument("--compare", default=None, help="a previous --json to compare with")
    ns = ap.parse_args(argv)
    targets = [t for t in ns.targets.split(",") if t]
    results = {}
    for case in cases():
        label = f"{case.group}: {case.name}"
        if ns.k and ns.k.lower() not in label.lower():
            continue
        results[label] = {}
        for tgt in targets:
            status, detail, secs = run_case(case, tgt)
            results[label][tgt] = {"status": status, "detail": detail, "s": round(secs, 1)}
            print(f"{status:8s} {tgt:10s} {label}" + (f"  -- {detail}" if detail else ""),
                  flush=True)
    print("\nsummary (ok / refused / wrong / crash / skip):")
    before = json.load(open(ns.compare)) if ns.compare else None
    for tgt in targets:
        def counts(res, tgt=tgt):
            c = {k: 0 for k in ("ok", "refused", "wrong", "crash", "skip")}
            for v in res.values():
                if tgt in v:
                    c[v[tgt]["status"]] += 1
            return "/".join(str(c[k]) for k in c)
        line = f"  {tgt:10s} {counts(results)}"
        if before is not None:
            line += f"   (before: {counts({k: v for k, v in before.items() if k in results})})"
        print(line)
    if ns.json:
        with open(ns.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
