"""Real JAX code (optax, Flax linen/NNX, jax.nn, lax loops) transpiled to every target, checked
here against JAX on a third random draw (not trusting the transpiler's own verification)."""

from __future__ import annotations

import jax
import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import jax as cjax

from .corpus import cases

CASES = cases()
TARGETS = ("numpy", "jax", "tensorflow", "torch")
EXPECTED_ERRORS: dict = {}  # every JAX case converts (jax.random.normal would need ivy.bitcast)


def _third_draw(args):
    rng = np.random.default_rng(3)
    return jax.tree_util.tree_map(
        lambda a: fw.random_like(a, rng) if isinstance(a, np.ndarray) else a, args)


@pytest.fixture(scope="module")
def objects():
    return {}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_corpus_case(name, target, objects):
    make, args = CASES[name]
    obj = objects.setdefault(name, make())
    if name in EXPECTED_ERRORS:
        with pytest.raises(TranspileError, match=EXPECTED_ERRORS[name]):
            ivy.transpile(obj, source="jax", target=target, args=args)
        return
    t = ivy.transpile(obj, source="jax", target=target, args=args)
    v = t.report["verification"]
    assert v["verified"]
    a3 = _third_draw(args)
    want = cjax.run_native(obj, a3, {})
    got = fw.tree_to_numpy(t(*a3))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res
    if cjax.is_model(obj) and target != "numpy":
        g = v["gradient"]
        assert isinstance(g, list) and g and all(e["ok"] for e in g), g


def test_flax_names_and_jax_model_forms():
    make, args = CASES["flax.linen MLP (Dense, gelu, LayerNorm)"]
    obj = make()
    t = ivy.transpile(obj, target="torch", args=args)  # source inferred from the flax module
    assert t.report["source"] == "jax"
    names = [n for n, _ in t.model.named_parameters()]
    assert "params.Dense_0.kernel" in names and "params.LayerNorm_0.scale" in names
    tj = ivy.transpile(obj, source="jax", target="jax", args=args)
    out = tj.apply(tj.params, *args)
    np.testing.assert_allclose(np.asarray(out), np.asarray(cjax.run_native(obj, args, {})),
                               rtol=1e-5, atol=1e-6)


def test_unmapped_primitive_inside_a_loop_body_names_it(monkeypatch):
    import ivy.frontends.jax.lax as flax_lax

    monkeypatch.delattr(flax_lax, "population_count", raising=False)  # surely unmapped

    def f(x):
        def body(s):
            return s[0] + 1, s[1] + jax.lax.population_count(s[1])
        return jax.lax.while_loop(lambda s: (s[1].sum() < 100) & (s[0] < 5), body,
                                  (0, x))

    with pytest.raises(TranspileError, match="population_count"):
        ivy.transpile(f, source="jax", target="numpy", args=(np.ones(3, np.int32),))


def test_unmapped_primitive_names_it(monkeypatch):
    import ivy.frontends.jax.lax as flax_lax

    monkeypatch.delattr(flax_lax, "bitcast_convert_type", raising=False)  # surely unmapped

    def f(x):
        return jax.lax.bitcast_convert_type(x, np.int32)

    with pytest.raises(TranspileError, match="bitcast_convert_type"):
        ivy.transpile(f, source="jax", target="numpy", args=(np.ones(3, np.float32),))


def test_emitting_jax_leaves_x64_alone():
    before = jax.config.jax_enable_x64
    make, args = CASES["jax.nn logsumexp"]
    ivy.transpile(make(), source="jax", target="jax", args=args)
    assert jax.config.jax_enable_x64 == before
