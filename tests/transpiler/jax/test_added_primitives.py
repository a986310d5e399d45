"""JAX primitives mapped for the coverage of every primitive lowered on CPU (the coverage section
of docs/transpiler.md): ``symmetric_product``, ``iota_2x32_shape`` and ``random_clone``, each
transpiled and compared with JAX on a fresh draw."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from ivy.transpiler import frameworks as fw

jax = pytest.importorskip("jax")
jnp = jax.numpy


def _symmetric_product(a, c):
    from jax._src.lax import linalg
    return linalg.symmetric_product(a, c, alpha=0.5, beta=-2.0)


def _counters(x):
    from jax._src.random import prng
    hi, lo = prng.iota_2x32_shape((2, 3, 4))
    return x * lo.astype(jnp.float32), hi


def _cloned_key_uniform(key_data):
    key = jax.random.wrap_key_data(key_data)
    return jax.random.uniform(jax.random.clone(key), (5,))


def _draw(name, seed):
    r = np.random.default_rng(seed)
    if name == "symmetric_product":
        return (r.standard_normal((2, 3, 4)).astype(np.float32),
                r.standard_normal((2, 3, 3)).astype(np.float32))
    if name == "iota_2x32_shape":
        return (r.standard_normal((2, 3, 4)).astype(np.float32),)
    return (np.asarray(jax.random.key_data(jax.random.PRNGKey(seed))),)


PROGRAMS = {"symmetric_product": _symmetric_product, "iota_2x32_shape": _counters,
            "random_clone": _cloned_key_uniform}


@pytest.mark.parametrize("target", ["numpy", "torch"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_primitive(name, target):
    fn = PROGRAMS[name]
    assert name in str(jax.make_jaxpr(fn)(*_draw(name, 0)))
    t = ivy.transpile(fn, source="jax", target=target, args=_draw(name, 0))
    assert t.report["verification"]["verified"]
    fresh = _draw(name, 3)
    with jax.enable_x64(False):  # as transpiled (x64 off), whatever an earlier test left on
        want = fw.tree_to_numpy(fn(*fresh))
    res = fw.compare_trees(want, fw.tree_to_numpy(t(*fresh)))
    assert all(r["ok"] for r in res), res
