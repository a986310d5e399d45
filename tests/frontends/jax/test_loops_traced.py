"""jax.lax control flow in the frontend runs on ivy.while_loop / ivy.cond / ivy.scan, so code
written against ``ivy.frontends.jax`` keeps its loops when traced (one loop node, not the
trace-time iterations) and when transpiled: run again on inputs whose trip count or branch
differs from the traced ones, the graph and the transpiled code agree with real JAX."""

from __future__ import annotations

import jax as real_jax
import numpy as np
import pytest

import ivy
import ivy.frontends.jax as fjax
import ivy.frontends.jax.numpy as fjnp
from ivy.frontends.jax._array import wrap


def program(jax, jnp):
    def f(x, limit):
        def body(c):
            i, v = c
            return i + 1, v * 1.5 + 0.25

        n, v = jax.lax.while_loop(lambda c: jnp.sum(c[1]) < limit, body, (0, x))
        v = jax.lax.cond(n > 3, lambda a: a - 1.0, lambda a: a * 2.0, v)

        def step(carry, row):
            carry = jnp.tanh(carry + row)
            return carry, carry * 2.0

        carry, ys = jax.lax.scan(step, jnp.zeros_like(v[0]), v)
        total = jax.lax.fori_loop(0, 3, lambda i, acc: acc + i * carry, jnp.zeros_like(carry))
        return n, ys, total
    return f


def _real(x, limit):
    with real_jax.enable_x64(False):  # as JAX's users see it (Ivy's JAX backend turns x64 on)
        return [np.asarray(o) for o in program(real_jax, real_jax.numpy)(x, np.float32(limit))]


@pytest.mark.parametrize("backend", ["numpy", "torch", "jax", "tensorflow"])
def test_frontend_loops_trace_as_loops(backend):
    f = program(fjax, fjnp)
    x0 = np.full((2, 3), 0.5, np.float32)
    with ivy.using_backend(backend):
        def traced(x, limit):
            out = f(wrap(x), wrap(limit))
            return tuple(o._data for o in out)

        g = ivy.trace_graph(traced, ivy.asarray(x0).data, ivy.asarray(np.float32(10.0)).data)
        targets = [n.target for n in g.nodes if n.op == "call"]
        assert targets.count("while_loop") == 2 and "cond" in targets and "scan" in targets
        for x, limit in [(x0, 10.0), (np.full((2, 3), 0.1, np.float32), 40.0),
                         (np.full((2, 3), 2.0, np.float32), 1.0)]:
            want = _real(x, limit)
            got = g(ivy.asarray(x).data, ivy.asarray(np.float32(limit)).data)
            for w, o in zip(want, got, strict=True):
                np.testing.assert_allclose(ivy.to_numpy(o), w, rtol=1e-5, atol=1e-6)
            eager = f(fjnp.asarray(x), fjnp.asarray(np.float32(limit)))
            for w, o in zip(want, eager, strict=True):
                np.testing.assert_allclose(np.asarray(o), w, rtol=1e-5, atol=1e-6)
                assert np.asarray(o).dtype == w.dtype


@pytest.mark.parametrize("target", ["numpy", "torch", "jax", "tensorflow"])
def test_frontend_loops_transpile_as_loops(target):
    f = program(fjax, fjnp)
    x0 = np.full((2, 3), 0.5, np.float32)
    t = ivy.transpile(f, target=target, args=(x0, np.float32(10.0)))
    assert "while" in t.source
    for x, limit in [(np.full((2, 3), 0.1, np.float32), 40.0),
                     (np.full((2, 3), 2.0, np.float32), 1.0)]:
        got = t(x, np.float32(limit))
        for w, o in zip(_real(x, limit), got, strict=True):
            np.testing.assert_allclose(np.asarray(o), w, rtol=1e-5, atol=1e-6)
