"""Symbolic input dimensions (``ivy.transpile(..., dynamic=...)``, ivy/transpiler/shapes.py and
ivy/tracer/symbolic.py): the fit of sizes across captures, and transpiled code from every source
that runs at sizes it never saw, against the source run natively; what the program pins is
reported with the line that pins it."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import ivy
from ivy.tracer.ir import SymFloat, SymInt
from ivy.tracer.symbolic import NotGeneral, Sample, differing_ints, fit, fit_float
from ivy.transpiler import TranspileError

rng = np.random.default_rng(0)


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


# -- the fit ------------------------------------------------------------------------------------
B, T = ("x", 0), ("x", 1)


def _samples(f, first):
    """Per-symbol samples at twice each size and one with both at three times."""
    out = []
    for a in first:
        s = dict(first)
        s[a] *= 2
        out.append((s, frozenset({a}), f(s)))
    s3 = {a: 3 * v for a, v in first.items()}
    out.append((s3, frozenset(first), f(s3)))
    return out


@pytest.mark.parametrize("f, want", [
    (lambda s: s[B], "x.shape[0]"),
    (lambda s: s[B] * s[T], "x.shape[0] * x.shape[1]"),
    (lambda s: s[T] // 2, "x.shape[1] // 2"),
    (lambda s: 3 * s[B] + 1, "3 * x.shape[0] + 1"),
    (lambda s: s[B] + s[T], "x.shape[0] + x.shape[1]"),
    (lambda s: 2 * s[B] * s[T] // 4, "x.shape[0] * x.shape[1] // 2"),
    (lambda s: (s[B] - 1) * s[T], "x.shape[0] * x.shape[1] - x.shape[1]"),  # a flatten after a
    (lambda s: (s[B] - 2) * (s[T] - 2), None),                             # slice, a conv
])
def test_fit_finds_the_expression(f, want):
    first = {B: 4, T: 6}
    sym = fit(f(first), first, _samples(f, first))
    assert isinstance(sym, SymInt) and sym.code() == (want or sym.code())
    for b, t in ((5, 7), (1, 1), (13, 2)):
        assert sym.evaluate({B: b, T: t}) == f({B: b, T: t})


def test_a_tangent_is_not_taken_for_the_product():
    """(B - 1) * T changed one size at a time is also 16 B + 15 T - 256 (its tangent plane at
    16, 16): the capture with both changed must tell them apart, and the transpile must check
    sizes changed together (kornia's total_variation was wrong at (17, 18))."""
    first = {B: 16, T: 16}
    f = (lambda s: (s[B] - 1) * s[T])  # noqa: E731
    sym = fit(f(first), first, _samples(f, first))
    assert sym.evaluate({B: 17, T: 18}) == 16 * 18
    tangent = SymInt([(16, (B,)), (15, (T,))], 1, -256)
    for sizes, varied, v in _samples(f, first):
        assert (tangent.evaluate(sizes) == v) == (len(varied) == 1)  # only the joint one differs


def test_a_flatten_after_a_slice_at_new_sizes():
    import torch

    def tv(x):
        return (x[..., 1:, :] - x[..., :-1, :]).abs().flatten(-2).sum(-1)

    t = ivy.transpile(tv, source="torch", target="numpy", args=(rand(1, 3, 16, 16),),
                      dynamic="auto")
    assert all(d["kind"] == "symbolic" for d in t.report["dims"]), t.report["dims"]
    x = rand(2, 4, 17, 18)
    np.testing.assert_allclose(t(x), tv(torch.tensor(x)).numpy(), rtol=1e-5, atol=1e-4)
    assert not t.fn.more


def test_fit_refuses_what_no_form_gives():
    first = {B: 4, T: 6}
    def f(s):
        return (s[B] ** 2)  # a square: not a linear form, not a product of distinct sizes
    assert fit(f(first), first, _samples(f, first)) is None


def test_a_sum_is_not_taken_for_a_product():
    # T1 + T2 fits c * T1 * T2 // d + o on the per-symbol samples alone; the third capture
    # (both sizes changed) tells them apart
    first = {B: 4, T: 4}
    def f(s):
        return (s[B] + s[T])
    sym = fit(f(first), first, _samples(f, first))
    assert sym.code() == "x.shape[0] + x.shape[1]"


def test_fit_float_scale():
    first = {T: 8}
    def f(s):
        return (s[T] ** -0.5)
    samples = [({T: 16}, frozenset({T}), f({T: 16})), ({T: 24}, frozenset({T}), f({T: 24}))]
    sym = fit_float(f(first), first, samples)
    assert isinstance(sym, SymFloat) and sym.code() == "x.shape[1] ** (-0.5)"


def test_another_sequence_of_calls_is_not_general():
    import torch

    from ivy.transpiler.capture import get_capture

    def loop(x):
        for i in range(x.shape[0]):
            x = x + i
        return x

    cap = get_capture("torch")
    a = cap.capture(loop, (rand(2, 3),), {})
    b = cap.capture(loop, (rand(4, 3),), {})
    with pytest.raises(NotGeneral) as e:
        differing_ints(a.graph, b.graph)
    assert "x = x + i" in e.value.where()
    del torch


# -- transpiled code at new sizes ---------------------------------------------------------------
def _dims(t):
    return {(d["input"], d["axis"]): d for d in t.report["dims"]}


def _torch_fn():
    import torch

    def f(x, w):
        h = x @ w
        return h.view(h.shape[0], 2, -1).sum(1) + torch.arange(h.shape[1] // 2)
    return f


@pytest.mark.parametrize("target", ["jax", "numpy", "tensorflow", "torch"])
def test_torch_function_takes_new_sizes(target):
    import torch
    f = _torch_fn()
    t = ivy.transpile(f, source="torch", target=target, args=(rand(4, 8), rand(8, 6)),
                      dynamic="auto")
    dims = _dims(t)
    assert all(d["kind"] == "symbolic" for d in dims.values()), dims
    assert dims[("w", 0)]["symbol"] == "x.shape[1]"  # a relation, checked
    assert "x.shape[0]" in t.source and "(4, 2, 3)" not in t.source
    for x, w in ((rand(7, 8), rand(8, 10)), (rand(3, 5), rand(5, 2))):
        want = f(torch.tensor(x), torch.tensor(w)).numpy()
        np.testing.assert_allclose(np.asarray(t(x, w)), want, rtol=1e-5, atol=1e-5)
    assert not t.fn.more  # ran as written: nothing transpiled again
    with pytest.raises(ValueError, match=r"w.shape\[0\] is 3, but this code holds for the "
                                         r"size of x.shape\[1\] \(8\)"):
        t.fn.fn(*(t._inputs((rand(4, 8), rand(3, 6)), {})[0]))  # the emitted code itself


def test_every_source():
    import jax.numpy as jnp
    import tensorflow as tf

    def npf(x, y):
        z = np.concatenate([x, y], axis=0)
        m = z.reshape(z.shape[0] * 2, -1)
        return m.mean(0) + np.arange(m.shape[1])

    def jf(x):
        b, t, d = x.shape
        return jnp.tanh(x.reshape(b * t, d)).reshape(b, t, d)[:, : t // 2]

    @tf.function
    def tff(x):
        return tf.reduce_sum(tf.reshape(x, [tf.shape(x)[0], -1]), axis=1)

    cases = [("numpy", npf, (rand(4, 6), rand(3, 6)), [(rand(5, 10), rand(2, 10))],
              lambda a: npf(*a)),
             ("jax", jf, (rand(2, 6, 4),), [(rand(3, 10, 5),)],
              lambda a: np.asarray(jf(*a))),
             ("tensorflow", tff, (rand(2, 3, 4),), [(rand(5, 7, 2),)],
              lambda a: tff(*a).numpy())]
    for source, fn, example, news, native in cases:
        t = ivy.transpile(fn, source=source, target="torch", args=example, dynamic="auto")
        assert all(d["kind"] == "symbolic" for d in t.report["dims"]), (source, t.report["dims"])
        for a in news:
            np.testing.assert_allclose(t(*a).numpy(), native(a), rtol=1e-5, atol=1e-5,
                                       err_msg=source)
        assert not t.fn.more, source


def test_attention_scale_reads_the_head_size():
    import torch

    def attn(q, k, v):
        s = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
        return torch.softmax(s, -1) @ v

    t = ivy.transpile(attn, source="torch", target="jax",
                      args=(rand(2, 3, 8), rand(2, 5, 8), rand(2, 5, 8)), dynamic="auto")
    dims = _dims(t)
    assert dims[("k", 1)]["symbol"] == "k.shape[1]"  # query and key lengths are independent
    assert dims[("q", 1)]["symbol"] == "q.shape[1]"
    assert dims[("k", 2)]["symbol"] == "q.shape[2]"
    q, k, v = rand(4, 7, 16), rand(4, 9, 16), rand(4, 9, 3)
    want = attn(torch.tensor(q), torch.tensor(k), torch.tensor(v)).numpy()
    np.testing.assert_allclose(np.asarray(t(q, k, v)), want, rtol=1e-5, atol=1e-5)


def test_what_the_program_pins_is_reported_with_its_line():
    def loop(x):
        for i in range(x.shape[0]):  # unrolled: one add per row
            x = x + i
        return x * 2

    t = ivy.transpile(loop, source="torch", target="numpy", args=(rand(3, 5),), dynamic="auto")
    dims = _dims(t)
    assert dims[("x", 0)]["kind"] == "pinned"
    assert "x = x + i" in dims[("x", 0)]["why"], dims
    assert dims[("x", 1)]["kind"] == "symbolic"
    np.testing.assert_allclose(t(rand(3, 11)).shape, (3, 11))
    # a pinned size changed: t(...) transpiles again (the saved code refuses it, loudly)
    assert t(np.ones((4, 2), np.float32)).tolist() == [[14.0] * 2] * 4  # (1 + 0+1+2+3) * 2


def test_named_dims_refuse_what_the_program_pins():
    def loop(x):
        for i in range(x.shape[0]):
            x = x + i
        return x

    with pytest.raises(TranspileError, match=r"named 'batch' cannot take another size.*x = x \+ i"):
        ivy.transpile(loop, source="torch", target="numpy", args=(rand(3, 5),),
                      dynamic={"x": {0: "batch"}})
    t = ivy.transpile(loop, source="torch", target="numpy", args=(rand(3, 5),),
                      dynamic={"x": {1: {"name": "features", "max": 64}}})
    dims = _dims(t)
    assert dims[("x", 1)]["kind"] == "symbolic" and dims[("x", 1)]["name"] == "features"
    assert dims[("x", 0)]["kind"] == "pinned" and "not named" in dims[("x", 0)]["why"]
    with pytest.raises(ValueError, match="sizes up to 64"):
        t.fn.fn(np.zeros((3, 65), np.float32))


def test_size_one_that_differs_gets_a_minimum():
    import torch

    def f(x):
        return torch.squeeze(x) * 2  # at size 1 the source drops the dimension

    t = ivy.transpile(f, source="torch", target="numpy", args=(rand(3, 4),), dynamic="auto")
    dims = _dims(t)
    assert dims[("x", 0)]["min"] == 2 and 1 not in dims[("x", 0)]["verified_sizes"]
    with pytest.raises(ValueError, match="sizes from 2"):
        t.fn.fn(np.zeros((1, 4), np.float32))
    assert t(np.ones((1, 4), np.float32)).shape == (4,)  # t(...) transpiles again for it


def test_saved_model_runs_standalone_at_new_sizes(tmp_path):
    import torch

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.c = torch.nn.Conv2d(3, 4, 3, padding=1)
            self.l = torch.nn.Linear(4, 5)

        def forward(self, x):
            return self.l(torch.relu(self.c(x)).mean((2, 3)))

    net = Net().eval()
    t = ivy.transpile(net, source="torch", target="jax", args=(rand(2, 3, 8, 8),),
                      dynamic="auto")
    dims = _dims(t)
    assert [dims[("x", k)]["kind"] for k in range(4)] == \
        ["symbolic", "pinned", "symbolic", "symbolic"], dims
    assert "channels" in dims[("x", 1)]["why"], dims
    t.save(tmp_path / "net_port.py")
    x = rand(9, 3, 13, 5)
    np.save(tmp_path / "x.npy", x)
    code = ("import sys, numpy as np; sys.path.insert(0, sys.argv[1]); import net_port as m; "
            "x = np.load(sys.argv[1] + '/x.npy'); "
            "np.save(sys.argv[1] + '/y.npy', np.asarray(m.Net(m.load_params(), x)))")
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    r = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    want = net(torch.tensor(x)).detach().numpy()
    np.testing.assert_allclose(np.load(tmp_path / "y.npy"), want, rtol=1e-5, atol=1e-5)


def test_default_keeps_fixed_shapes():
    f = _torch_fn()
    t = ivy.transpile(f, source="torch", target="numpy", args=(rand(4, 8), rand(8, 6)))
    assert "dims" not in t.report and "(4, 2, 3)" in t.source


def test_sample_sizes_are_recorded():
    s = Sample(None, {B: 8}, frozenset({B}))
    assert s.sizes == {B: 8} and s.varied == {B}


# -- specs, the command line, the graph as data -------------------------------------------------
def test_specs_name_dimensions():
    from ivy.transpiler import dynamic_of_specs, inputs_from_specs, parse_spec

    specs = [parse_spec("float32[B,3,H=32,W]"), {"shape": [None, 5], "dtype": "int64"},
             parse_spec("float32[B]")]
    assert specs[0]["shape"] == ["B", 3, "H=32", "W"]
    xs = inputs_from_specs(specs)
    assert xs[0].shape[1:3] == (3, 32) and xs[2].shape == (xs[0].shape[0],)  # B shared
    assert xs[0].shape[3] not in (3, 5, 32, xs[0].shape[0])  # distinct from the other sizes
    assert dynamic_of_specs(specs) == {0: {0: "B", 2: "H", 3: "W"}, 1: {0: "arg1_0"},
                                       2: {0: "B"}}
    with pytest.raises(ValueError, match="name"):
        parse_spec("float32[2,3x]")


def test_cli_takes_named_dims(tmp_path, capsys):
    from ivy.transpiler.cli import main

    (tmp_path / "blur.py").write_text(
        "import torch\nimport torch.nn.functional as F\n\n"
        "def blur(x):\n"
        "    k = torch.ones(x.shape[1], 1, 3, 3) / 9.0\n"
        "    return F.conv2d(x, k, padding=1, groups=x.shape[1]).flatten(1)\n")
    out = tmp_path / "blur_np.py"
    assert main([f"{tmp_path / 'blur.py'}:blur", "--target", "numpy", "--example",
                 "float32[B,3,H=16,W]", "-o", str(out)]) == 0
    text = out.read_text()
    assert "Sizes read from the inputs: x.shape[0]; x.shape[2]; x.shape[3]" in text
    ns: dict = {}
    exec(compile(text, str(out), "exec"), ns)  # noqa: S102 - the emitted code under test
    import torch
    x = rand(5, 3, 7, 9)
    want = torch.nn.functional.conv2d(torch.tensor(x), torch.ones(3, 1, 3, 3) / 9.0, padding=1,
                                      groups=3).flatten(1).numpy()
    np.testing.assert_allclose(ns["blur"](x), want, rtol=1e-5, atol=1e-5)


def test_symbolic_graph_serializes_and_replays_at_new_sizes():
    import torch

    from ivy.tracer import serialize
    from ivy.tracer.graph import Graph

    f = _torch_fn()
    t = ivy.transpile(f, source="torch", target="ivy", args=(rand(4, 8), rand(8, 6)),
                      dynamic="auto")
    for binary in (True, False):
        g = serialize.from_dict(Graph, serialize.to_dict(t.graph, binary=binary))
        assert g.dims == t.graph.dims
        x, w = rand(7, 5), rand(5, 10)
        want = f(torch.tensor(x), torch.tensor(w)).numpy()
        for backend in ("numpy", "torch"):
            np.testing.assert_allclose(np.asarray(g.with_backend(backend)(x, w)), want,
                                       rtol=1e-5, atol=1e-5)
        with pytest.raises(ValueError, match=r"w.shape\[0\] is 4, but the graph holds for the "
                                             r"size of x.shape\[1\]"):
            g.with_backend("numpy")(rand(7, 5), rand(4, 10))
    d = serialize.to_dict(t.graph)
    d["dims"][0][2] = ["nope", 0]  # a dimension of no input
    with pytest.raises(ValueError, match="not an input dimension"):
        serialize.from_dict(Graph, d)


def test_a_batch_of_one_becomes_any_batch():
    import torch

    def f(x, w):
        return torch.relu(x.flatten(1) @ w)

    t = ivy.transpile(f, source="torch", target="numpy", args=(rand(1, 3, 4), rand(12, 5)),
                      dynamic="auto")
    dims = _dims(t)
    assert dims[("x", 0)]["kind"] == "symbolic", dims
    x, w = rand(6, 3, 4), rand(12, 5)
    np.testing.assert_allclose(t(x, w), f(torch.tensor(x), torch.tensor(w)).numpy(), rtol=1e-5,
                               atol=1e-6)
    assert not t.fn.more
