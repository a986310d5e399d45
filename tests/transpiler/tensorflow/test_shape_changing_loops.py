"""TF loops whose variables change shape (``tf.while_loop(..., shape_invariants=...)``, a
sequence grown by ``concat``): unrolled at capture time when the condition is known then (from
shapes and constants), on every target, checked against TensorFlow on new inputs; refused by name
when the number of trips depends on the values (``_Eval._unrolled_while``)."""

from __future__ import annotations

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import ivy  # noqa: E402
from ivy.transpiler import TranspileError  # noqa: E402

TARGETS = ("numpy", "jax", "torch")


def grow_to_shape(x):  # the condition reads the growing variable's shape
    def body(v):
        return (tf.concat([v, v[-1:] * 0.5], axis=0),)
    return tf.while_loop(lambda v: tf.shape(v)[0] < 6, body, (x,),
                         shape_invariants=(tf.TensorShape([None, 3]),))[0]


def grow_counted(x):  # a counter from a constant; each trip appends the column sums
    def body(i, v):
        return i + 1, tf.concat([v, tf.reduce_sum(v, 0, keepdims=True)], axis=0)
    return tf.while_loop(lambda i, v: i < 3, body, (tf.constant(0), x),
                         shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, 3])))[1]


def grow_until_small(x):  # the number of trips depends on the values
    def body(v):
        return (tf.concat([v, v[-1:] * 0.5], axis=0),)
    return tf.while_loop(lambda v: tf.reduce_sum(tf.abs(v[-1])) > 0.1, body, (x,),
                         shape_invariants=(tf.TensorShape([None, 3]),))[0]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("fn", [grow_to_shape, grow_counted], ids=["shape_cond", "counted"])
def test_shape_changing_loop_unrolled(fn, target):
    x = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32)
    t = ivy.transpile(fn, source="tensorflow", target=target, args=(x,))
    assert "while_loop" not in t.source  # unrolled: every trip's shapes are static
    for seed in (3, 4):
        x2 = np.random.default_rng(seed).standard_normal((2, 3)).astype(np.float32)
        want = tf.function(fn)(tf.constant(x2)).numpy()
        got = np.asarray(ivy.to_numpy(t(x2)) if target == "ivy" else t(x2))
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("target", TARGETS)
def test_value_dependent_growth_refused(target):
    x = np.full((2, 3), 2.0, np.float32)
    with pytest.raises(TranspileError, match="number of trips depends on the input values") as e:
        ivy.transpile(grow_until_small, source="tensorflow", target=target, args=(x,))
    assert e.value.op is not None and "While" in e.value.op
    assert "test_shape_changing_loops.py" in (e.value.line or "")
