"""The TensorFlow rules added for the raw ops tf2onnx converts — segment reductions and cumulative
log-sum-exp (``capture/tensorflow_reductions.py``), elementwise, scatter and layout ops
(``capture/tensorflow_array_ops.py``) — against TensorFlow itself: every case of the raw-op table
for these ops to NumPy and JAX with the JAX gradient compared to ``tf.GradientTape``'s (the raw-op
table only samples them), and real programs
(``tf.math.unsorted_segment_*`` in a ``tf.function``: a graph network's message passing, segment
means and ``sqrt_n`` that TF builds from ``UnsortedSegmentSum``) to every target, re-checked on a
fresh draw. Out-of-range ids are refused by TF's CPU kernel; negative ids are dropped."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import tensorflow_array_ops, tensorflow_reductions

tf = pytest.importorskip("tensorflow")

from . import test_raw_ops as table  # noqa: E402 - after the importorskip

RULES = {**tensorflow_reductions.RULES, **tensorflow_array_ops.RULES}
CASES = sorted(c for c in table.TABLE if table._op(c) in RULES)


def test_every_rule_has_cases():
    assert {table._op(c) for c in CASES} == set(RULES)


@pytest.mark.parametrize("case", CASES)
def test_case_forward_numpy_jax_and_gradient(case):
    prog, args = table._program(case)
    want = tf.nest.map_structure(np.asarray, prog(*args))
    for target in ("numpy", "jax"):
        t = ivy.transpile(prog, source="tensorflow", target=target, args=args)
        res = fw.compare_trees(want, fw.tree_to_numpy(t(*args)))
        assert all(r["ok"] for r in res), (target, res)
    if table._differentiable(case) and "grad" not in table.KNOWN.get(case, ((),))[0]:
        fidx = [k for k, a in enumerate(args) if np.asarray(a).dtype == np.float32]
        ref, got = table._tf_grads(prog, args, fidx), table._jax_grads(t, args, fidx)
        for r, g in zip(ref, got, strict=True):
            ok, _, why = fw.difference(r, g, rtol=1e-4)
            assert ok, (case, why)


def _rng(seed):
    return np.random.default_rng(seed)


def _message_passing(x, senders, receivers):
    """One graph-network step: edge messages summed (and maxed) into their receiving nodes."""
    msg = tf.gather(x, senders) * 0.5
    summed = tf.math.unsorted_segment_sum(msg, receivers, num_segments=6)
    peak = tf.math.unsorted_segment_max(msg, receivers, num_segments=6)
    mean = tf.math.unsorted_segment_mean(msg, receivers, num_segments=6)
    norm = tf.math.unsorted_segment_sqrt_n(msg, receivers, num_segments=6)
    return tf.nn.relu(x + summed) + tf.where(tf.math.is_finite(peak), peak, 0.0), mean, norm


def _edges(seed):
    r = _rng(seed)
    return (r.standard_normal((6, 4)).astype(np.float32),
            r.integers(0, 6, 10).astype(np.int32),
            r.integers(0, 5, 10).astype(np.int32))  # node 5 receives nothing: an empty segment


def _log_cumulative(x):
    """Running log-partition functions, forward and backward (an HMM-style recursion)."""
    fwd = tf.math.cumulative_logsumexp(x, axis=1)
    bwd = tf.math.cumulative_logsumexp(x, axis=1, exclusive=True, reverse=True)
    return fwd + bwd


@pytest.mark.parametrize("target", ["numpy", "jax", "torch", "tensorflow"])
@pytest.mark.parametrize("program", ["message_passing", "log_cumulative"])
def test_real_program_to_every_target(program, target):
    if program == "message_passing":
        fn, args, fresh = tf.function(_message_passing), _edges(0), _edges(1)
    else:
        fn = tf.function(_log_cumulative)
        args = (_rng(0).standard_normal((3, 12)).astype(np.float32) * 20,)
        fresh = (_rng(1).standard_normal((3, 12)).astype(np.float32) * 20,)
    t = ivy.transpile(fn, source="tensorflow", target=target, args=args)
    assert t.report["verification"]["verified"]
    want = tf.nest.map_structure(np.asarray, fn(*fresh))
    res = fw.compare_trees(want, fw.tree_to_numpy(t(*fresh)))
    assert all(r["ok"] for r in res), res
    mapped = {r["op"] for r in t.report["ops"]}
    assert mapped & {"tf.raw_ops.UnsortedSegmentSum", "tf.raw_ops.CumulativeLogsumexp"}


def test_num_segments_from_the_inputs_is_refused():
    """The number of segments sets the output's shape: computed from the inputs, it would be
    baked in, so the capture refuses (naming the op)."""
    @tf.function
    def f(x, ids):
        return tf.math.unsorted_segment_sum(x, ids, tf.reduce_max(ids) + 1)

    x, _, ids = _edges(0)
    with pytest.raises(TranspileError, match="UnsortedSegmentSum.*num_segments"):
        ivy.transpile(f, source="tensorflow", target="numpy", args=(x[:4], ids[:4]))
