"""A transpile that is right on the example and wrong on other inputs names the operation.

The emitted code is checked on a second random draw of inputs. When it fails there, the
transpiler finds the captured source operation responsible and raises ``TranspileError`` naming
it and the user's line: either the op's Ivy result did not follow its (input-dependent) inputs
in the trace (the mapping read values into Python), or a capture on the second draw records a
different computation from that op on (the graphs are compared node by node; each node carries
its source op in ``node.meta``).
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import TranspileError

X = np.random.default_rng(0).standard_normal((5, 3)).astype(np.float32)


def _line_of(fn, text):
    src, start = inspect.getsourcelines(fn)
    return start + next(i for i, s in enumerate(src) if text in s)


def histogram_program(x):
    y = x * 2
    return torch.histogram(y, bins=4).hist + 1  # bin edges from the data's min and max


def histc_program(x):
    y = x.sin()
    return torch.histc(y, bins=4) * 2  # bin edges from the data's min and max


@pytest.mark.parametrize("fn, op, text", [
    (histogram_program, "aten.histogram.bin_ct", "torch.histogram"),
    (histc_program, "aten.histc.default", "torch.histc"),
])
def test_the_op_that_bakes_in_values_is_named(fn, op, text):
    # the source itself is fine on other inputs, and the mapping is right on the example ...
    with pytest.raises(TranspileError) as e:
        ivy.transpile(fn, source="torch", target="numpy", args=(X,))
    err = e.value
    # ... but the emitted code is not: the error names the op and the user's line
    assert err.op == op, str(err)
    assert f"{__file__}:{_line_of(fn, text)}" in err.line, err.line
    assert "second draw" in str(err)
    # strict=False hands the unverified result back with the same finding in the report
    t = ivy.transpile(fn, source="torch", target="numpy", args=(X,), strict=False)
    v = t.report["verification"]
    assert v["verified"] is False
    named = v.get("localized", {}).get("op") or next(
        o["op"] for o in t.report["ops"] if o.get("detached"))
    assert named == op


def test_an_op_whose_results_do_not_follow_its_inputs_is_marked_detached():
    """The fallback when the recapture names nothing: an op whose every array result is a
    constant of the trace although its inputs depend on the program's inputs."""
    from ivy.transpiler.capture.base import Shadow

    shadow = Shadow("torch", "f")

    def f(x):
        y = ivy.multiply(x, 2.0)
        baked = np.asarray(ivy.to_numpy(y)).cumsum()  # computed outside Ivy from the values
        c = ivy.asarray(baked)
        shadow.check("aten.fake.default", "a mapping that reads values", baked, c._data,
                     inputs=(y,), line="here")
        return ivy.add(c, y)

    ivy.trace_graph(f, X[:, 0].copy())
    rec = shadow.op_records()[0]
    assert rec.detached == "here"


def test_graph_nodes_carry_their_source_op():
    def f(x):
        return torch.relu(x @ x.T) + 1

    t = ivy.transpile(f, source="torch", target="jax", args=(X,))
    metas = {n.meta["source_op"] for n in t.graph.nodes if n.meta}  # kept by optimize()
    assert {"aten.mm.default", "aten.relu.default", "aten.add.Tensor"} <= metas, metas


def test_a_correct_program_is_not_localized():
    def f(x):
        return torch.zeros_like(x) + x.cumsum(0)  # zeros_like follows no input: legitimately

    t = ivy.transpile(f, source="torch", target="numpy", args=(X,))
    assert t.report["verification"]["verified"] is True
    assert "localized" not in t.report["verification"]
