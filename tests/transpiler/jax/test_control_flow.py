"""JAX control flow transpiled as loops: ``lax.while_loop`` (data-dependent), ``lax.scan``,
``lax.cond``/``switch``, ``lax.fori_loop`` and a scan inside a while become ``ivy.while_loop`` /
``ivy.scan`` / ``ivy.cond`` nodes, so the emitted code keeps the loop: run here on new inputs
where the trip count or the branch differs from the example, against JAX."""

from __future__ import annotations

import re

import jax
import numpy as np
import pytest

import ivy
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import jax as cjax

from . import corpus as C

TARGETS = ("numpy", "jax", "tensorflow", "torch")


def _f32(x):
    return np.asarray(x, np.float32)


R = np.random.default_rng(11)
# name -> (fn, example args, new args (another trip count / branch), loop kind in the source)
CASES = {
    "while doubling": (C.doubling, (_f32([0.5, -1.0, 2.0, 0.3]), _f32(20.0)),
                       (_f32([0.01, 0.02, -0.01, 0.0]), _f32(1000.0)), "while"),
    "while Newton": (C.newton_sqrt, (_f32([0.5, 1.0, 2.0]),),
                     (_f32([400.0, 9000.0, 0.01]),), "while"),
    "scan cumulative": (C.cumulative, (_f32(R.standard_normal((6, 3))),),
                        (_f32(R.standard_normal((6, 3))),), "scan"),
    "cond sign": (C.sign_cond, (_f32([1.0, 2.0, -0.5]),), (_f32([-1.0, -2.0, 0.5]),), "cond"),
    "switch": (C.switch3, (_f32([0.1, 0.2, 0.3]),), (_f32([-3.0, 0.2, 0.3]),), "cond"),
    "fori with counter indexing": (C.fori_gather, (_f32(R.standard_normal((5, 3))),),
                                   (_f32(R.standard_normal((5, 3))),), "scan"),  # JAX: a scan
    "scan in while": (C.smooth_until, (_f32(R.standard_normal((6, 2))), _f32(0.5)),
                      (_f32(R.standard_normal((6, 2)) * 5), _f32(0.01)), "while"),
}

# the loop construct each target's code keeps (JAX/TF: the framework's; NumPy/torch: Python)
LOOP = {
    "jax": {"while": r"lax\.while_loop", "scan": r"lax\.scan", "cond": r"lax\.cond"},
    "tensorflow": {"while": r"tf\.while_loop", "scan": r"tf\.while_loop|tf\.scan|tf\.foldl",
                   "cond": r"tf\.cond"},
    "numpy": {"while": r"\bwhile\b", "scan": r"\bfor\b", "cond": r"\bif\b"},
    "torch": {"while": r"\bwhile\b", "scan": r"\bfor\b", "cond": r"\bif\b"},
}


def _trips(fn, args):
    return np.asarray(jax.tree_util.tree_leaves(cjax.run_native(fn, args, {}))[0])


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_loop_kept_and_new_inputs(name, target):
    fn, args, new, kind = CASES[name]
    t = ivy.transpile(fn, source="jax", target=target, args=args)
    assert t.report["verification"]["verified"]
    assert re.search(LOOP[target][kind], t.source), t.source
    if kind == "while":  # another trip count
        assert int(_trips(fn, args)) != int(_trips(fn, new))
    want = cjax.run_native(fn, new, {})
    got = fw.tree_to_numpy(t(*new))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res


def test_branch_differs_on_the_new_inputs():
    _, args, new, _ = CASES["cond sign"]
    assert (args[0].sum() > 0) != (new[0].sum() > 0)
    _, args, new, _ = CASES["switch"]

    def k(x):
        return int(x.mean() > 0) + int(x.max() > 1.5)
    assert k(args[0]) != k(new[0])


@pytest.mark.parametrize("name, prim", [("while doubling", "while"), ("scan cumulative", "scan"),
                                        ("cond sign", "cond"), ("scan in while", "scan"),
                                        ("fori with counter indexing", "scan")])
def test_jitted_jax_output_keeps_the_primitive(name, prim):
    fn, args, new, _ = CASES[name]
    t = ivy.transpile(fn, source="jax", target="jax", args=args)
    jaxpr = str(jax.make_jaxpr(t.fn)(*new))  # the emitted JAX function itself
    assert re.search(rf"\b{prim}\[", jaxpr), jaxpr
    want = cjax.run_native(fn, new, {})
    got = fw.tree_to_numpy(jax.jit(t.fn)(*new))
    assert all(r["ok"] for r in fw.compare_trees(want, got))


def test_loop_node_in_the_graph_and_transpile_time():
    import time

    fn, args, _, _ = CASES["while Newton"]
    ivy.transpile(fn, source="jax", target="numpy", args=args)  # warm
    t0 = time.perf_counter()
    t = ivy.transpile(fn, source="jax", target="numpy", args=args)
    assert time.perf_counter() - t0 < 30
    assert "while" in t.source


def test_fallback_when_a_body_cannot_be_a_sub_graph(monkeypatch):
    """A body the tracer cannot record as a sub-graph (TraceError): a static-length scan is
    unrolled, a data-dependent while is refused naming it."""
    from ivy.tracer.errors import TraceError
    from ivy.transpiler import TranspileError

    def refuse(*a, **k):
        raise TraceError("no sub-graph here")

    monkeypatch.setattr(ivy, "scan", refuse)
    monkeypatch.setattr(ivy, "while_loop", refuse)
    fn, args, new, _ = CASES["scan cumulative"]
    t = ivy.transpile(fn, source="jax", target="numpy", args=args)
    assert not re.search(r"\bfor\b", t.source.split("def cumulative")[1])
    assert all(r["ok"] for r in fw.compare_trees(cjax.run_native(fn, new, {}),
                                                  fw.tree_to_numpy(t(*new))))
    fn, args, _, _ = CASES["while doubling"]
    with pytest.raises(TranspileError, match="loop condition depends on the input"):
        ivy.transpile(fn, source="jax", target="numpy", args=args)
