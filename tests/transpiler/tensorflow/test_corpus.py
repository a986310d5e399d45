"""Real TensorFlow / Keras code transpiled to every target, checked here against TensorFlow on a
third random draw (not trusting the transpiler's own verification)."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import tensorflow as ctf

from .corpus import cases

CASES = cases()
TARGETS = ("numpy", "jax", "tensorflow", "torch")


def _third_draw(args):
    rng = np.random.default_rng(3)
    return tuple(fw.random_like(a, rng) if isinstance(a, np.ndarray) else a for a in args)


@pytest.fixture(scope="module")
def objects():
    return {}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_corpus_case(name, target, objects):
    make, args = CASES[name]
    obj = objects.setdefault(name, make())
    t = ivy.transpile(obj, source="tensorflow", target=target, args=args)
    v = t.report["verification"]
    assert v["verified"]
    a3 = _third_draw(args)
    want = ctf.run_native(obj, a3, {})
    got = fw.tree_to_numpy(t(*a3))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res
    if ctf.is_model(obj):
        assert set(t.params) == {w.path for w in obj.weights}
        if target != "numpy":
            g = v["gradient"]
            assert isinstance(g, list) and g and all(e["ok"] for e in g), g


def test_layout_is_kept():
    """NHWC stays NHWC: the transpiled torch code takes and returns the same layout."""
    make, args = CASES["tf.nn conv2d + max_pool2d"]
    t = ivy.transpile(make(), source="tensorflow", target="torch", args=args)
    assert tuple(t(*args).shape) == (2, 4, 4, 4)


def test_unmapped_raw_op_names_it():
    import tensorflow as tf

    def f(x):  # no rule and no frontend raw op (not one tf2onnx converts either)
        return tf.raw_ops.ApproximateEqual(x=x, y=x * 1.5, tolerance=0.5)

    with pytest.raises(TranspileError, match=r"tf\.raw_ops\.ApproximateEqual"):
        ivy.transpile(f, source="tensorflow", target="numpy", args=(np.ones(3, np.float32),))
