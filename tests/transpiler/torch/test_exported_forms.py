"""aten ops that ``torch.export(...).run_decompositions()`` leaves and the capture now maps
(``torch_aten.py``: ``_add_relu``, ``_reshape_copy``, ``nonzero_static``), called directly,
transpiled and compared with real torch on a fresh draw."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import frameworks as fw

A = torch.ops.aten

PROGRAMS = {
    "_add_relu": lambda a, b: (A._add_relu(a, b), A._add_relu(a, b, alpha=2.0)),
    "_reshape_copy": lambda a, b: A._reshape_copy(a * b, [2, 6]),
    # fewer nonzero entries than size (padding) and more (truncation), a 2-D input
    "nonzero_static": lambda a, b: (A.nonzero_static(a > 0, size=4),
                                    A.nonzero_static(a > b, size=9, fill_value=-7)),
}


def _draw(seed):
    r = np.random.default_rng(seed)
    return tuple(r.standard_normal((3, 4)).astype(np.float32) for _ in range(2))


@pytest.mark.parametrize("target", ["numpy", "jax"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_op(name, target):
    fn = PROGRAMS[name]
    t = ivy.transpile(fn, source="torch", target=target, args=_draw(0))
    assert t.report["verification"]["verified"]
    assert f"aten.{name}" in {r["op"].rsplit(".", 1)[0] for r in t.report["ops"]}
    for seed in (1, 2):
        fresh = _draw(seed)
        want = fn(*(torch.from_numpy(a) for a in fresh))
        res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*fresh)))
        assert all(r["ok"] for r in res), res
