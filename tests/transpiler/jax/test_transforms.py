"""JAX transforms inside the transpiled program: ``jax.checkpoint`` / ``flax.linen.remat`` put
their body in a ``remat2`` equation (this JAX's name for the checkpoint primitive), which had no
mapping until probing unseen real code found it (``python -m tools.probe_unseen jax``,
2026-11-27); its sub-jaxpr is inlined now, as ``pjit``'s. Compared with JAX itself on the
example and on a new draw."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import ivy
from ivy.transpiler import frameworks as fw


def _f(seed, *shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_jax_checkpoint_is_inlined():
    @jax.checkpoint
    def block(x, w):
        return jnp.tanh(x @ w) * jax.nn.sigmoid(x @ w)

    def f(x, w):
        return block(block(x, w), w).sum(-1)

    assert "remat" in str(jax.make_jaxpr(f)(_f(0, 3, 4), _f(1, 4, 4)))
    t = ivy.transpile(f, source="jax", target="numpy", args=(_f(0, 3, 4), _f(1, 4, 4)))
    for a in ((_f(0, 3, 4), _f(1, 4, 4)), (_f(2, 3, 4), _f(3, 4, 4))):
        res = fw.compare_trees(np.asarray(f(*a)), fw.tree_to_numpy(t(*a)))
        assert all(r["ok"] for r in res), res


def test_flax_remat_module():
    from flax import linen as nn

    class M(nn.Module):
        @nn.compact
        def __call__(self, x):
            return nn.remat(nn.Dense)(3)(nn.relu(nn.Dense(5)(x)))

    m, x = M(), _f(4, 2, 6)
    v = m.init(jax.random.PRNGKey(0), x)
    t = ivy.transpile((m, v), source="jax", target="numpy", args=(x,))
    x2 = _f(5, 2, 6)
    res = fw.compare_trees(np.asarray(m.apply(v, x2)), fw.tree_to_numpy(t(x2)))
    assert all(r["ok"] for r in res), res
