"""TensorFlow control flow (``tf.while_loop`` / ``tf.cond`` with tensor conditions: the graph's
``While`` / ``If`` ops) transpiled as ``ivy.while_loop`` / ``ivy.cond`` nodes, so the emitted code
keeps the loop: run on new inputs where the trip count or the branch differs, against TF."""

from __future__ import annotations

import re

import numpy as np
import pytest

import ivy
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import tensorflow as ctf

from . import corpus as C

TARGETS = ("numpy", "jax", "tensorflow", "torch")


def _f32(x):
    return np.asarray(x, np.float32)


# name -> (fn, example args, new args (another trip count / branch), loop kind)
CASES = {
    "while doubling": (C.doubling, (_f32([0.5, -1.0, 2.0, 0.3]), _f32(20.0)),
                       (_f32([0.01, 0.02, -0.01, 0.0]), _f32(1000.0)), "while"),
    "while Newton": (C.newton_sqrt, (_f32([0.5, 1.0, 2.0]),), (_f32([400.0, 9000.0, 0.01]),),
                     "while"),
    "cond sign": (C.sign_cond, (_f32([1.0, 2.0, -0.5]),), (_f32([-1.0, -2.0, 0.5]),), "cond"),
    "cond in while": (C.cond_in_while, (_f32([0.5, 1.0, 2.0]), _f32(15.0)),
                      (_f32([3.0, 0.1, 0.2]), _f32(60.0)), "while"),
}

LOOP = {
    "jax": {"while": r"lax\.while_loop", "cond": r"lax\.cond"},
    "tensorflow": {"while": r"tf\.while_loop", "cond": r"tf\.cond"},
    "numpy": {"while": r"\bwhile\b", "cond": r"\bif\b"},
    "torch": {"while": r"\bwhile\b", "cond": r"\bif\b"},
}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_loop_kept_and_new_inputs(name, target):
    fn, args, new, kind = CASES[name]
    t = ivy.transpile(fn, source="tensorflow", target=target, args=args)
    assert t.report["verification"]["verified"]
    assert re.search(LOOP[target][kind], t.source), t.source
    want = ctf.run_native(fn, new, {})
    got = fw.tree_to_numpy(t(*new))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res


def test_trip_count_and_branch_differ_on_the_new_inputs():
    for name in ("while doubling", "cond in while"):
        fn, args, new, _ = CASES[name]
        assert int(ctf.run_native(fn, args, {})[0]) != int(ctf.run_native(fn, new, {})[0])
    _, args, new, _ = CASES["cond sign"]
    assert (args[0].sum() > 0) != (new[0].sum() > 0)


def test_emitted_tensorflow_keeps_a_while_op_under_tf_function():
    import tensorflow as tf

    fn, args, new, _ = CASES["while doubling"]
    t = ivy.transpile(fn, source="tensorflow", target="tensorflow", args=args)
    specs = [tf.TensorSpec(a.shape, tf.float32) for a in new]
    g = tf.function(t.fn).get_concrete_function(*specs).graph
    assert {op.type for op in g.get_operations()} & {"While", "StatelessWhile"}
    got = fw.tree_to_numpy(tf.function(t.fn)(*new))
    assert all(r["ok"] for r in fw.compare_trees(ctf.run_native(fn, new, {}), got))
