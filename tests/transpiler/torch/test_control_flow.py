"""PyTorch's control-flow operators transpiled as loops: ``torch.while_loop`` and ``torch.cond``
on input-dependent values become ``ivy.while_loop`` / ``ivy.cond`` nodes, so the emitted code keeps
the loop / both branches: run here on new inputs where the trip count or the branch differs from
the example, against torch. Python ``if``/``while`` on tensor values stay refused, naming the line
(a static trace would bake in one value)."""

from __future__ import annotations

import re

import numpy as np
import pytest
import torch

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import torch as ctorch

TARGETS = ("numpy", "jax", "tensorflow", "torch")


def _f32(x):
    return np.asarray(x, np.float32)


def doubling(x, limit):
    """Double ``x`` until its norm passes ``limit`` (a data-dependent trip count), counting."""
    def cond(n, y):
        return y.norm() < limit

    def body(n, y):
        return n + 1, y * 2.0

    n, y = torch.while_loop(cond, body, (torch.zeros((), dtype=torch.int64), x))
    return n, y


def newton_sqrt(a):
    """Newton iterations for sqrt(a) until converged, with a tensor captured by the body."""
    def cond(y, prev):
        return ((y - prev).abs() > 1e-4).any()

    def body(y, prev):
        return (y + a / y) * 0.5, y.clone()

    return torch.while_loop(cond, body, (a.clone() + 1.0, a.clone()))[0]


def python_int_counter(x):
    """A Python int in the loop state (torch.while_loop allows it)."""
    def cond(i, y):
        return i < 4

    def body(i, y):
        return i + 1, torch.sin(y) + i

    return torch.while_loop(cond, body, (0, x))[1]


def sign_cond(x):
    return torch.cond(x.sum() > 0, lambda v: v * 2.0, lambda v: torch.exp(v) - 1.0, (x,))


def cond_in_while(x):
    """A torch.cond inside a torch.while_loop body."""
    def cond(y):
        return y.abs().sum() < 50.0

    def body(y):
        return (torch.cond(y.mean() > 0, lambda v: v * 1.5 + 1.0, lambda v: v * 1.5 - 1.0,
                           (y,)),)

    return torch.while_loop(cond, body, (x,))[0]


class Gate(torch.nn.Module):
    """A model whose forward branches on its data: trainable in every target."""

    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 3)
        self.b = torch.nn.Linear(4, 3)

    def forward(self, x):
        return torch.cond(x.mean() > 0, lambda v: torch.tanh(self.a(v)),
                          lambda v: self.b(v) * 0.5, (x,))


R = np.random.default_rng(5)
# name -> (fn, example args, new args (another trip count / branch), kind)
CASES = {
    "while doubling": (doubling, (_f32([0.5, -1.0, 2.0]), _f32(20.0)),
                       (_f32([0.01, 0.02, -0.01]), _f32(1000.0)), "while"),
    "while Newton": (newton_sqrt, (_f32([0.5, 1.0, 2.0]),), (_f32([400.0, 9000.0, 0.01]),),
                     "while"),
    "while Python int": (python_int_counter, (_f32([0.1, 0.2]),), (_f32([3.0, -1.0]),),
                         "while"),
    "cond sign": (sign_cond, (_f32([1.0, 2.0, -0.5]),), (_f32([-1.0, -2.0, 0.5]),), "cond"),
    "cond in while": (cond_in_while, (_f32([0.5, 1.0]),), (_f32([-0.2, -3.0]),), "while"),
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
    t = ivy.transpile(fn, source="torch", target=target, args=args)
    assert t.report["verification"]["verified"]
    assert re.search(LOOP[target][kind], t.source), t.source
    ops = {r["op"] for r in t.report["ops"]}
    assert f"torch.ops.higher_order.{'while_loop' if kind == 'while' else 'cond'}" in ops
    want = ctorch.run_native(fn, new, {})
    got = fw.tree_to_numpy(t(*new))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res


def test_new_inputs_take_another_trip_count_and_branch():
    for name in ("while doubling", "while Newton"):
        fn, args, new, _ = CASES[name]
        if name == "while doubling":
            assert int(ctorch.run_native(fn, args, {})[0]) != int(ctorch.run_native(fn, new,
                                                                                   {})[0])
    _, args, new, _ = CASES["cond sign"]
    assert (args[0].sum() > 0) != (new[0].sum() > 0)


def test_constant_predicate_takes_its_branch_only():
    def f(x):
        return torch.cond(torch.tensor(True), lambda v: v + 1.0, lambda v: v - 1.0, (x,))

    t = ivy.transpile(f, source="torch", target="numpy", args=(_f32([1.0, 2.0]),))
    body = [ln for ln in t.source.split("def f(")[1].splitlines()
            if "'shape', None) != " not in ln and "_wrong_input(" not in ln]  # the input check
    assert not re.search(r"\bif\b", "\n".join(body))
    np.testing.assert_allclose(t(_f32([3.0])), [4.0])  # another shape: transpiled again


@pytest.mark.parametrize("target", ["jax", "torch"])
def test_model_with_a_data_dependent_branch_trains(target):
    torch.manual_seed(0)
    m = Gate().eval()
    x = _f32(R.standard_normal((2, 4)) + 1.0)
    t = ivy.transpile(m, source="torch", target=target, args=(x,))
    v = t.report["verification"]
    assert v["verified"] and v["gradient"] and all(g["ok"] for g in v["gradient"]), v
    for new in (x, -x):  # both branches, against torch
        want = ctorch.run_native(m, (new,), {})
        got = fw.tree_to_numpy(t(new))
        assert all(r["ok"] for r in fw.compare_trees(want, got))


def test_python_control_flow_on_values_is_refused_naming_the_line():
    def f(x):
        while x.sum() < 10:  # Python control flow on a tensor value
            x = x * 2
        return x

    with pytest.raises(TranspileError, match=r"(?s)while x\.sum\(\) < 10.*Python control flow "
                                             r"on a tensor value that depends on the inputs"):
        ivy.transpile(f, source="torch", target="numpy", args=(_f32([0.5, 1.0]),))


def test_kornia_canny_hysteresis_keeps_its_loop():
    """kornia's canny runs its hysteresis as a torch.while_loop when a graph is exported; the
    capture reports itself as exporting (as torch.export does), so the loop is kept."""
    kornia = pytest.importorskip("kornia")
    x = _f32(np.random.default_rng(1).random((1, 1, 12, 12)))
    t = ivy.transpile(lambda im: kornia.filters.canny(im)[1], source="torch", target="numpy",
                      args=(x,))
    assert re.search(r"\bwhile\b", t.source)
    new = _f32(np.random.default_rng(2).random((1, 1, 12, 12)))
    want = ctorch.run_native(lambda im: kornia.filters.canny(im)[1], (new,), {})
    assert all(r["ok"] for r in fw.compare_trees(want, fw.tree_to_numpy(t(new))))
