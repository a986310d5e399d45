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
SQUARE = np.random.default_rng(0).standard_normal((8, 8)).astype(np.float32)  # pivots differ on most draws


def _line_of(fn, text):
    src, start = inspect.getsourcelines(fn)
    return start + next(i for i, s in enumerate(src) if text in s)


def lu_program(x):
    y = x * 2
    return torch.linalg.lu_factor(y).LU + 1  # the pivoting reads the values into Python


@pytest.mark.parametrize("fn, op, text", [
    (lu_program, "aten.linalg_lu_factor_ex.default", "torch.linalg.lu_factor"),
])
def test_the_op_that_bakes_in_values_is_named(fn, op, text):
    # the source itself is fine on other inputs, and the mapping is right on the example ...
    with pytest.raises(TranspileError) as e:
        ivy.transpile(fn, source="torch", target="numpy", args=(SQUARE,))
    err = e.value
    # ... but the emitted code is not: the error names the op and the user's line
    assert err.op == op, str(err)
    assert f"{__file__}:{_line_of(fn, text)}" in err.line, err.line
    assert "second draw" in str(err)
    # strict=False hands the unverified result back with the same finding in the report
    t = ivy.transpile(fn, source="torch", target="numpy", args=(SQUARE,), strict=False)
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


@pytest.mark.parametrize("fn", [lambda x: torch.histogram(x * 2, bins=4).hist + 1,
                                lambda x: torch.histc(x.sin(), bins=4) * 2,
                                lambda x: torch.histogram(x, bins=3, density=True)],
                         ids=["histogram", "histc", "histogram density"])
def test_histograms_over_the_data_range_follow_the_data(fn):
    """histc / histogram with their default range take the bin edges from the data's min and
    max: computed in the graph, so the converted code follows new inputs."""
    t = ivy.transpile(fn, source="torch", target="numpy", args=(X,))
    assert t.report["verification"]["verified"]
    new = np.random.default_rng(9).standard_normal((5, 3)).astype(np.float32) * 4 + 2
    want = fn(torch.from_numpy(new))
    got = t(new)
    for w, g in zip(want if isinstance(want, tuple) else (want,),
                    got if isinstance(got, tuple) else (got,), strict=True):
        np.testing.assert_allclose(np.asarray(g), w.numpy(), rtol=1e-5, atol=1e-6)
