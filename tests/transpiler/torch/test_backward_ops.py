"""The core ATen backward ops (``torch_aten.py``: ``convolution_backward``,
``avg_pool2d_backward``, ``_adaptive_avg_pool2d_backward``), met when a program calls
``torch.autograd.grad`` itself (gradient penalties, physics-informed losses): each op called
directly with chosen arguments, and a gradient-penalty program, transpiled and compared with real
torch on a fresh draw."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import frameworks as fw

A = torch.ops.aten


def _f(seed):
    r = np.random.default_rng(seed)
    return lambda *s: r.standard_normal(s).astype(np.float32)


def _conv(transposed, groups, mask, stride, padding, dilation, out_pad=(0, 0)):
    return lambda g, x, w: A.convolution_backward(
        g, x, w, [int(w.shape[1] if transposed else w.shape[0])], list(stride), list(padding),
        list(dilation), transposed, list(out_pad), groups, mask)


CASES = {  # name -> (program, shapes of its inputs)
    "avg_pool2d": (lambda g, x: A.avg_pool2d_backward(g, x, [3, 3], [2, 2], [1, 1], False, True,
                                                      None), [(2, 3, 4, 4), (2, 3, 8, 7)]),
    "avg_pool2d:ceil, pad not counted": (
        lambda g, x: A.avg_pool2d_backward(g, x, [3, 2], [2, 2], [1, 0], True, False, None),
        [(1, 2, 5, 4), (1, 2, 9, 7)]),
    "avg_pool2d:divisor_override": (
        lambda g, x: A.avg_pool2d_backward(g, x, [2, 2], [2, 2], [0, 0], False, True, 3),
        [(1, 2, 3, 3), (1, 2, 6, 7)]),
    "adaptive_avg_pool2d": (lambda g, x: A._adaptive_avg_pool2d_backward(g, x),
                            [(2, 3, 4, 3), (2, 3, 9, 7)]),
    "conv2d": (_conv(False, 1, [True, True, True], (2, 2), (1, 1), (1, 1)),
               [(2, 4, 4, 4), (2, 3, 8, 8), (4, 3, 3, 3)]),
    "conv2d:groups, dilation, no bias": (
        _conv(False, 2, [True, True, False], (1, 2), (2, 1), (2, 1)),
        [(2, 4, 7, 4), (2, 4, 7, 7), (4, 2, 3, 3)]),
    "conv1d": (lambda g, x, w: A.convolution_backward(g, x, w, [5], [1], [0], [1], False, [0], 1,
                                                      [True, True, True]),
               [(2, 5, 6), (2, 3, 8), (5, 3, 3)]),
    "conv_transpose2d": (_conv(True, 1, [True, True, True], (2, 2), (1, 1), (1, 1), (1, 1)),
                         [(2, 4, 8, 8), (2, 3, 4, 4), (3, 4, 3, 3)]),
}


@pytest.mark.parametrize("target", ["numpy", "jax"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_backward_op(case, target):
    fn, shapes = CASES[case]
    draw, redraw = _f(0), _f(9)
    args, fresh = [draw(*sh) for sh in shapes], [redraw(*sh) for sh in shapes]
    t = ivy.transpile(fn, source="torch", target=target, args=tuple(args))
    assert t.report["verification"]["verified"]
    want = fn(*(torch.from_numpy(a) for a in fresh))
    res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*fresh)))
    assert all(r["ok"] for r in res), res


@pytest.mark.parametrize("target", ["numpy", "jax", "tensorflow"])
def test_gradient_penalty_program(target):
    """d(net(x).sum())/dx through conv, tanh and both poolings, as a WGAN-GP critic computes it."""
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, stride=2, padding=1), torch.nn.Tanh(),
                              torch.nn.AvgPool2d(2), torch.nn.AdaptiveAvgPool2d((2, 1)),
                              torch.nn.Flatten(), torch.nn.Linear(8, 1))

    def input_gradient(x):
        x = x.requires_grad_(True)
        with torch.enable_grad():
            (g,) = torch.autograd.grad(net(x).sum(), x, create_graph=True)
        return g

    x = _f(0)(2, 3, 10, 10)
    t = ivy.transpile(input_gradient, source="torch", target=target, args=(x,))
    ops = {r["op"] for r in t.report["ops"]}
    assert {"aten.convolution_backward.default", "aten.avg_pool2d_backward.default",
            "aten._adaptive_avg_pool2d_backward.default"} <= ops
    x2 = _f(1)(2, 3, 10, 10)
    want = input_gradient(torch.from_numpy(x2)).detach()
    res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(x2)))
    assert all(r["ok"] for r in res), res
