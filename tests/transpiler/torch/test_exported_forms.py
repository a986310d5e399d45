"""aten ops that ``torch.export(...).run_decompositions()`` leaves and the capture now maps
(``torch_aten.py``: ``_add_relu``, ``_reshape_copy``, ``nonzero_static``, the antialiased resizes
of ``F.interpolate(..., antialias=True)``), transpiled and compared with real torch on fresh
draws."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

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
RESIZES = {  # name -> (program, the aten op it issues)
    "bilinear down": (lambda x: F.interpolate(x, size=(5, 4), mode="bilinear", antialias=True),
                      "_upsample_bilinear2d_aa"),
    "bilinear scale": (lambda x: F.interpolate(x, scale_factor=0.37, mode="bilinear",
                                               antialias=True), "_upsample_bilinear2d_aa"),
    "bicubic align_corners": (lambda x: F.interpolate(x, size=(6, 9), mode="bicubic",
                                                      antialias=True, align_corners=True),
                              "_upsample_bicubic2d_aa"),
    "bicubic up": (lambda x: F.interpolate(x, size=(20, 30), mode="bicubic", antialias=True),
                   "_upsample_bicubic2d_aa"),
    "lanczos": (lambda x: A._upsample_lanczos2d_aa(x, [7, 5], False), "_upsample_lanczos2d_aa"),
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


@pytest.mark.parametrize("target", ["numpy", "jax"])
@pytest.mark.parametrize("name", sorted(RESIZES))
def test_antialiased_resize(name, target):
    fn, op = RESIZES[name]
    r = np.random.default_rng(0)
    x = r.standard_normal((2, 3, 17, 13)).astype(np.float32)
    t = ivy.transpile(fn, source="torch", target=target, args=(x,))
    assert t.report["verification"]["verified"]
    assert {f"aten.{op}.default"} == {q["op"] for q in t.report["ops"]}
    fresh = r.standard_normal(x.shape).astype(np.float32)
    res = fw.compare_trees(fw.tree_to_numpy(fn(torch.from_numpy(fresh))),
                           fw.tree_to_numpy(t(fresh)))
    assert all(q["ok"] for q in res), res
