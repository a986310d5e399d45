"""The aten lowering table, op by op, on torch's own OpInfo samples.

For every operator in ``torch.testing._internal.common_methods_invocations.op_db`` that supports
float32 on CPU, its first float32 sample is transpiled torch → numpy (``ivy.transpile`` checks each
captured aten op against torch and the emitted code on the example and on a second random draw).
Each op either converts verified or raises ``TranspileError`` naming the aten op — never a crash and
never a silently different result (the test re-checks every converted op against torch itself).
The pass count is pinned from below so that a regression in the table shows. Forward only: VJP
checks per op are not written yet (models' gradients are checked in test_corpus.py).
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import optree
import pytest
import torch

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw

pytest.importorskip("expecttest")  # torch.testing._internal needs it (dev extra)

FULL = bool(os.environ.get("IVY_FULL"))
#: measured 2026-11-24 on the whole op_db (one float32 sample each): see docs/transpiler.md
MIN_PASS_FRACTION = 0.60


def _samples():
    from torch.testing._internal.common_methods_invocations import op_db
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for op in op_db if FULL else op_db[::3]:
            if torch.float32 not in op.supported_dtypes("cpu"):
                continue
            try:
                s = next(iter(op.sample_inputs("cpu", torch.float32)))
                leaves, spec = optree.tree_flatten(
                    (s.input, s.args, s.kwargs), is_leaf=lambda v: isinstance(v, torch.Tensor))
                idx = [i for i, v in enumerate(leaves) if isinstance(v, torch.Tensor)]
                arrays = tuple(leaves[i].detach().numpy().copy() for i in idx)
                with torch.no_grad():  # ops torch itself cannot run here (CUDA-only jiterator)
                    out = _program(op, leaves, spec, idx)(*(torch.from_numpy(a.copy())
                                                            for a in arrays))
                if not any(isinstance(v, torch.Tensor) for v in optree.tree_leaves(
                        out, is_leaf=lambda v: isinstance(v, torch.Tensor))):
                    continue  # no tensor out (broadcast_shapes & co.): nothing to transpile
            except Exception:  # noqa: BLE001 - sparse layouts, no samples, not runnable on CPU
                continue
            yield op, leaves, spec, idx, arrays


def _program(op, leaves, spec, idx):
    def fn(*ts):
        ls = list(leaves)
        for i, t in zip(idx, ts, strict=True):
            ls[i] = t
        inp, a, k = optree.tree_unflatten(spec, ls)
        return op.op(inp, *a, **k)
    fn.__name__ = op.name.replace(".", "_")
    return fn


def test_opinfo_lowering_table():
    ok, loud, rows = 0, 0, []
    for op, leaves, spec, idx, arrays in _samples():
        fn = _program(op, leaves, spec, idx)
        try:
            t = ivy.transpile(fn, source="torch", target="numpy", args=arrays)
        except TranspileError as e:  # loud: names the aten op (or the output that differs)
            assert "aten." in str(e) or "does not reproduce" in str(e), str(e)
            loud += 1
            rows.append((op.name, str(e).split(":")[2][:80] if str(e).count(":") > 2 else ""))
            continue
        # an independent check of a converted op against torch on the example
        with torch.no_grad():
            want = fn(*(torch.from_numpy(a.copy()) for a in arrays))
        res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*arrays)))
        assert all(r["ok"] for r in res), (op.name, res)
        ok += 1
    total = ok + loud
    print(f"\nOpInfo (torch -> numpy, first float32 sample): {ok}/{total} converted and "
          f"verified, {loud} refused loudly")
    assert total > 50
    assert ok / total >= MIN_PASS_FRACTION, f"{ok}/{total}"


def test_opinfo_sample_to_jax():
    """A few common ops through to JAX as well (the emitter differs per target)."""
    from torch.testing._internal.common_methods_invocations import op_db
    names = {"add", "mul", "matmul", "softmax", "nn.functional.conv2d", "mean", "where",
             "nn.functional.layer_norm", "cat", "gather"}
    seen = 0
    for op in op_db:
        if op.name not in names:
            continue
        s = next(iter(op.sample_inputs("cpu", torch.float32)))
        leaves, spec = optree.tree_flatten((s.input, s.args, s.kwargs),
                                           is_leaf=lambda v: isinstance(v, torch.Tensor))
        idx = [i for i, v in enumerate(leaves) if isinstance(v, torch.Tensor)]
        arrays = tuple(leaves[i].detach().numpy().copy() for i in idx)
        t = ivy.transpile(_program(op, leaves, spec, idx), source="torch", target="jax",
                          args=arrays)
        assert t.report["verification"]["verified"], op.name
        seen += 1
    assert seen >= 8
    np.testing.assert_equal(seen, seen)
