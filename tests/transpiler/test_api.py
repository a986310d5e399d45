"""The transpiler's API around the captures: Transpiled, the report, save, the CLI, libraries.

These use code written against Ivy's frontends (captured without the real framework) so that they
test the pipeline itself; the per-source corpora live in tests/transpiler/<source>/.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

import ivy
from ivy.transpiler import (
    TranspileError,
    infer_source,
    inputs_from_specs,
    parse_spec,
    transpile_code,
)
from ivy.transpiler import frameworks as fw

TARGETS = ("numpy", "torch", "jax", "tensorflow", "ivy")

CODE = textwrap.dedent("""
    import ivy.frontends.torch as torch

    def scaled_gelu(x, w):
        h = torch.nn.functional.gelu(x @ w)
        return {"out": h.sum(dim=-1, keepdim=True) * 0.5, "max": h.amax(dim=0)}
""")


@pytest.fixture(scope="module")
def fn():
    mod = types.ModuleType("user_code")
    exec(compile(CODE, "user_code.py", "exec"), mod.__dict__)
    return mod.scaled_gelu


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((4, 3)).astype(np.float32),
            rng.standard_normal((3, 5)).astype(np.float32))


def _reference(fn, x, w):
    import ivy.frontends.torch as ft
    with ivy.using_backend("numpy"):
        out = fn(ft.from_numpy(x), ft.from_numpy(w))
        return {k: np.asarray(v.numpy()) for k, v in out.items()}


@pytest.mark.parametrize("target", TARGETS)
def test_frontend_code_transpiles_to_every_target(fn, target):
    x, w = _inputs()
    t = ivy.transpile(fn, target=target, args=(x, w))
    assert t.report["verification"]["verified"] is True
    assert t.report["source"] == "torch" and t.report["target"] == target
    # independent check on fresh inputs: the transpiled callable vs the frontend run
    x2, w2 = _inputs(7)
    got = t(x2, w2)
    assert set(got) == {"out", "max"}
    ref = _reference(fn, x2, w2)
    for k in ref:
        g = fw.to_numpy(got[k])
        assert g.dtype == ref[k].dtype and g.shape == ref[k].shape
        np.testing.assert_allclose(g, ref[k], rtol=1e-5, atol=1e-6)
    if target not in ("ivy", "numpy"):
        assert fw.framework_of(got["out"]) == target
    # the source is standalone: it imports only the target framework (and NumPy; the NumPy
    # target uses scipy.special for erf and ml_dtypes for bfloat16, as Ivy's NumPy backend does)
    imports = {ln.split()[1].split(".")[0] for ln in t.source.splitlines()
               if ln.startswith(("import ", "from "))}
    extra = {"numpy": {"scipy", "ml_dtypes"}}.get(target, set())
    imports -= set(sys.stdlib_module_names)
    assert imports <= {target, "numpy", *extra}, imports


def test_report_is_json_and_readable(fn):
    import json
    t = ivy.transpile(fn, target="jax", args=_inputs())
    r = json.loads(json.dumps(t.report))
    assert r["kind"] == "function" and r["inputs"][0]["shape"] == [4, 3]
    assert {"example", "second_draw", "verified", "where"} <= set(r["verification"])
    assert r["timings"]["total_s"] > 0 and r["graph"]["calls"] >= 3
    text = str(t.report)
    assert "verified: True" in text and "torch -> jax" in text


def test_save_writes_a_standalone_module(fn, tmp_path):
    x, w = _inputs()
    t = ivy.transpile(fn, target="numpy", args=(x, w))
    path = tmp_path / "converted.py"
    assert t.save(path) == [str(path)]
    # a fresh interpreter that imports only this file (no ivy on the path)
    code = (f"import sys, numpy as np; sys.path.insert(0, {str(tmp_path)!r}); import converted; "
            f"r = converted.scaled_gelu(np.ones((4, 3), np.float32), np.ones((3, 5), np.float32)); "
            "print(sorted(r), 'ivy' in sys.modules)")
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["['max',", "'out']", "False"]


def test_transpile_code_and_errors():
    t = transpile_code(CODE, "scaled_gelu", target="numpy", args=_inputs())
    assert t.report["verification"]["verified"]
    with pytest.raises(TranspileError, match="defines no 'nope'.*scaled_gelu"):
        transpile_code(CODE, "nope", target="numpy", args=_inputs())
    with pytest.raises(ValueError, match="unknown target 'mxnet'"):
        ivy.transpile(lambda x: x, target="mxnet", args=(np.ones(2),))


def test_source_inference():
    import torch

    def tf_(x):
        return torch.relu(x)

    assert infer_source(tf_, (np.ones(2),)) == "torch"
    assert infer_source(lambda x: x, (torch.ones(2),)) == "torch"
    assert infer_source(torch.nn.Linear(2, 2)) == "torch"

    def npf(x):
        return np.sin(x)

    assert infer_source(npf, (np.ones(2),)) == "numpy"
    with pytest.raises(TranspileError, match="pass source="):
        infer_source(lambda x: x, ())


def test_specs():
    assert parse_spec("float32[2,3,16,16]") == {"dtype": "float32", "shape": [2, 3, 16, 16]}
    assert parse_spec("int64[]") == {"dtype": "int64", "shape": []}
    with pytest.raises(ValueError, match="expected dtype"):
        parse_spec("float32(2,3)")
    with pytest.raises(ValueError, match="unknown dtype"):
        parse_spec("floaty[2]")
    a, b, c = inputs_from_specs([{"shape": [2, 3], "dtype": "float32"}, "int32[4]",
                                 {"shape": [2], "dtype": "bool"}])
    assert (a.shape, a.dtype, b.dtype, c.dtype) == ((2, 3), np.float32, np.int32, np.bool_)


def test_cli(tmp_path):
    src = tmp_path / "user.py"
    src.write_text(CODE)
    out = tmp_path / "out_jax.py"
    r = subprocess.run([sys.executable, "-m", "ivy.transpiler.cli", f"{src}:scaled_gelu",
                        "--target", "jax", "--example", "float32[4,3]", "--example",
                        "float32[3,5]", "-o", str(out)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "verified: True" in r.stdout and f"wrote {out}" in r.stdout
    assert "import jax" in out.read_text()
    bad = subprocess.run([sys.executable, "-m", "ivy.transpiler.cli", f"{src}:missing",
                          "--target", "jax"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and "defines no 'missing'" in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "ivy.transpiler.cli", str(src), "--target",
                            "jax"], capture_output=True, text=True, timeout=300)
    assert usage.returncode == 2 and "FILE.py:NAME" in usage.stderr
    # issue 37: without --example the error says to add one
    bare = subprocess.run([sys.executable, "-m", "ivy.transpiler.cli", f"{src}:scaled_gelu",
                           "--target", "jax"], capture_output=True, text=True, timeout=300)
    assert bare.returncode == 1
    assert ("no --example was given: add one per positional argument of scaled_gelu"
            in bare.stderr), bare.stderr


def test_a_one_call_report_says_call_not_calls():
    """Issue 37: reports and emitted headers said "(1 calls)"."""
    t = transpile_code("import torch\ndef f(x):\n    return torch.relu(x)\n", "f",
                       source="torch", target="numpy", args=inputs_from_specs(["float32[3]"]))
    assert "1 Ivy call from 1 captured operation," in str(t.report), str(t.report)
    assert "written by ivy.transpile (1 call)." in t.source, t.source[:200]
    g = ivy.trace_graph(lambda x: ivy.abs(x), ivy.array(np.ones(2, np.float32)))
    assert "(1 call)," in g.to_source("numpy") and "1 call," in repr(g)


def test_library_proxy_transpiles_on_first_call_and_caches():
    lib = types.ModuleType("userlib")
    exec(compile(CODE + textwrap.dedent("""
        def double(x):
            return torch.mul(x, 2)
    """), "userlib.py", "exec"), lib.__dict__)
    jlib = ivy.transpile(lib, source="torch", target="jax")
    x, w = _inputs()
    r1 = jlib.scaled_gelu(x, w)
    assert fw.framework_of(r1["out"]) == "jax"
    f = jlib.scaled_gelu
    f(x, w)
    f(x, w)
    assert len(f.cache) == 1
    f(np.ones((2, 3), np.float32), w)  # a new signature: a second transpile
    assert len(f.cache) == 2
    np.testing.assert_allclose(np.asarray(jlib.double(x)), x * 2)


def test_ivy_source_function_and_module():
    def f(x, w):
        return ivy.softmax(ivy.matmul(x, w), axis=-1)

    x, w = _inputs()
    for target in ("torch", "jax"):
        t = ivy.transpile(f, source="ivy", target=target, args=(x, w))
        with ivy.using_backend("numpy"):
            want = np.asarray(f(x, w))
        np.testing.assert_allclose(fw.to_numpy(t(x, w)), want, rtol=1e-6)
    with ivy.using_backend("numpy"):
        m = ivy.Linear(3, 2)
    t = ivy.transpile(m, target="torch", args=(x,))
    assert t.report["source"] == "ivy" and sorted(t.params) == ["b", "w"]
    assert sorted(n for n, _ in t.model.named_parameters()) == ["b", "w"]


def test_a_call_the_target_cannot_write_is_a_transpile_error():
    """torch.special.bessel_j1 maps to ivy.j1, which the jax backend does not have: the emitter's
    refusal comes back as a TranspileError naming the aten op and the user's line, not a crash
    from inside the emitter."""
    torch = pytest.importorskip("torch")

    def f(x):
        return torch.special.bessel_j1(x) * 2  # the line the error names

    with pytest.raises(TranspileError, match=r"aten\.special_bessel_j1.*the line the error "
                                             r"names.*cannot express ivy\.j1"):
        ivy.transpile(f, source="torch", target="jax", args=(np.ones(3, np.float32),))
    # numpy has it: the same function converts and verifies there
    t = ivy.transpile(f, source="torch", target="numpy", args=(np.ones(3, np.float32),))
    x = np.linspace(0.1, 5, 7, dtype=np.float32)
    np.testing.assert_allclose(t(x), f(torch.from_numpy(x)).numpy(), rtol=1e-5)


def test_the_targets_own_arrays_pass_through_into_its_autodiff():
    """``t(...)`` converts other frameworks' arrays and passes the target's own through, so the
    target's transforms apply to ``t`` itself: ``jax.jit(t)``, ``jax.grad`` of it, a torch input
    that requires grad, a TF tensor a tape watches (before, every input went through NumPy:
    ``jax.jit(t)`` raised and the torch/TF input gradients were silently cut)."""
    jax = pytest.importorskip("jax")
    torch = pytest.importorskip("torch")
    tf = pytest.importorskip("tensorflow")
    x = np.linspace(-2, 2, 6, dtype=np.float32).reshape(2, 3)
    want = 1 - np.tanh(x) ** 2
    tj = ivy.transpile(lambda a: np.tanh(a), source="numpy", target="jax", args=(x,))
    np.testing.assert_allclose(np.asarray(jax.jit(tj)(x)), np.tanh(x), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(jax.grad(lambda a: tj(a).sum())(jax.numpy.asarray(x))),
                               want, rtol=1e-5)
    tt = ivy.transpile(lambda a: np.tanh(a), source="numpy", target="torch", args=(x,))
    a = torch.tensor(x, requires_grad=True)
    tt(a).sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), want, rtol=1e-5)
    tf_t = ivy.transpile(lambda a: np.tanh(a), source="numpy", target="tensorflow", args=(x,))
    v = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = tf.reduce_sum(tf_t(v))
    np.testing.assert_allclose(tape.gradient(y, v).numpy(), want, rtol=1e-5)
    # other frameworks' arrays are still converted
    np.testing.assert_allclose(np.asarray(tj(torch.tensor(x))), np.tanh(x), rtol=1e-6)


def test_jax_callers_32_bit_integers_run_the_code_written_for_int64(tmp_path):
    """JAX's integers are int32 unless x64 is on, so labels or indices a JAX caller makes
    (``jnp.asarray``, under ``jax.grad``/``jax.jit``) are int32 where the torch example was
    int64. The emitted JAX code widens them exactly to int64 and runs the verified program
    (before 2026-11-28 the call was transpiled again with int32 labels, which torch's own
    ``cross_entropy`` refuses: a TranspileError from ``jax.grad`` of the transpiled loss).
    Floats are never narrowed: float32 where float64 was written is still refused."""
    torch = pytest.importorskip("torch")
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def loss(logits, labels):
        return torch.nn.functional.cross_entropy(logits, labels)

    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 5)).astype(np.float32)
    y = np.array([0, 4, 2, 2], np.int64)
    xt = torch.tensor(x, requires_grad=True)
    want = loss(xt, torch.tensor(y))
    want_grad = torch.autograd.grad(want, xt)[0].numpy()
    t = ivy.transpile(loss, source="torch", target="jax", args=(x, y))
    with jax.enable_x64(False):  # JAX's default (another test's Ivy JAX backend may have set it)
        y32 = jnp.asarray(y)
        assert y32.dtype == jnp.int32
        np.testing.assert_allclose(np.asarray(t(jnp.asarray(x), y32)), want.item(), rtol=1e-6)
        np.testing.assert_allclose(np.asarray(jax.grad(t)(jnp.asarray(x), y32)), want_grad,
                                   rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(np.asarray(jax.jit(t)(x, y32)), want.item(), rtol=1e-6)
        assert not t.fn.more  # not transpiled again: int32 labels ran the code written for int64
        assert not jax.config.jax_enable_x64  # the widening happened inside the code's x64 scope
        t.save(tmp_path / "loss_jax.py")
        ns: dict = {}
        exec(compile((tmp_path / "loss_jax.py").read_text(), "loss_jax.py", "exec"), ns)
        np.testing.assert_allclose(np.asarray(ns["loss"](x, y32)), want.item(), rtol=1e-6)
    with pytest.raises(ValueError, match=r"input labels is float32\[4\], but this code was "
                                         r"written for int64\[4\]"):
        ns["loss"](x, y.astype(np.float32))
    # floats keep their exact dtype: float64 code refuses float32 (other values, not widened)
    def sine(a):
        return torch.sin(a)

    ivy.transpile(sine, source="torch", target="jax", args=(x.astype(np.float64),)).save(
        tmp_path / "sine_jax.py")
    ns = {}
    exec(compile((tmp_path / "sine_jax.py").read_text(), "sine_jax.py", "exec"), ns)
    with pytest.raises(ValueError, match=r"input a is float32\[4, 5\], but this code was "
                                         r"written for float64\[4, 5\]"):
        ns["sine"](x)


def test_other_shapes_dtypes_and_values_never_run_silently_wrong(tmp_path):
    """The emitted code bakes in the example's shapes, dtypes and plain Python arguments
    (``x.shape[0]``, a reshape to the batch size, ``dim=1``). Standalone, it refuses other
    inputs (``WrongInput``, a ValueError naming the input, what it got and what the code was
    written for); through ``t(...)`` the program is transpiled again for each new signature
    and cached (before 2026-11-27 a (5, 3) input gave 5 where torch gives 8, silently)."""
    torch = pytest.importorskip("torch")
    jax = pytest.importorskip("jax")

    def f(a, k, dim=1):
        return a.mean(0) * a.shape[0] + a.sum(dim).sum() * k

    x = np.ones((2, 3), np.float32)
    t = ivy.transpile(f, source="torch", target="jax", args=(x, 2.0), kwargs={"dim": 1})
    for shape, k, dim in [((5, 3), 2.0, 1), ((2, 3), 3.0, 1), ((4, 4), 2.0, 0), ((5, 3), 2.0, 1)]:
        xx = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
        np.testing.assert_allclose(np.asarray(t(xx, k, dim=dim)),
                                   f(torch.tensor(xx), k, dim=dim).numpy(), rtol=1e-5, atol=1e-5)
    assert len(t.fn.more) == 3
    # inside jax.jit (shapes, no values): the example's values resized to the new shape
    x7 = np.random.default_rng(1).standard_normal((7, 3)).astype(np.float32)
    np.testing.assert_allclose(np.asarray(jax.jit(t)(x7, 2.0)), f(torch.tensor(x7), 2.0).numpy(),
                               rtol=1e-5, atol=1e-5)
    tf = pytest.importorskip("tensorflow")
    ttf = ivy.transpile(f, source="torch", target="tensorflow", args=(x, 2.0))
    g = tf.function(ttf, input_signature=[tf.TensorSpec([None, 3], tf.float32)] +
                    [tf.TensorSpec([], tf.float32)])
    with pytest.raises(ValueError, match=r"input a is float32\[None, 3\], but this code was "
                                         r"written for float32\[2, 3\].*call it once eagerly"):
        g(x, 2.0)  # a None size: nothing to transpile with, refused with advice
    t.save(tmp_path / "f_jax.py")
    ns = {}
    exec(compile((tmp_path / "f_jax.py").read_text(), "f_jax.py", "exec"), ns)
    g = ns["f"]
    np.testing.assert_allclose(np.asarray(g(x, 2.0)), f(torch.tensor(x), 2.0).numpy())
    with pytest.raises(ValueError, match=r"input a is float64\[2, 3\], but this code was written "
                                         r"for float32\[2, 3\]"):
        g(np.ones((2, 3)), 2.0)
    with pytest.raises(ValueError, match=r"argument dim is 0, but this code was written for 1"):
        g(x, 2.0, dim=0)
    with pytest.raises(ValueError, match=r"argument arg1 is 3.0, but this code was written for 2.0"):
        g(x, 3.0)
    # a list where an array was expected: a clear TypeError (was AttributeError: 'list' object
    # has no attribute 'shape'), standalone and through t(...)
    for call in (g, t):
        with pytest.raises(TypeError, match=r"input a is a list, but this code was written for "
                                            r"an array \(float32\[2, 3\]\)"):
            call([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 2.0)


@pytest.mark.parametrize("target", ["torch", "jax"] + (["tensorflow"] if os.environ.get(
    "IVY_FULL") else []))  # (TF: the Keras test below covers its model path)
def test_a_model_runs_on_other_batch_sizes_with_its_current_weights(target):
    """A model transpiled with batch 2 runs with batch 5 (transpiled again for it, on the
    parameters the target model holds now: trained weights are kept)."""
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.Flatten(),
                            torch.nn.Linear(4 * 6 * 6, 2)).eval()
    x = np.random.default_rng(0).standard_normal((2, 3, 6, 6)).astype(np.float32)
    t = ivy.transpile(m, source="torch", target=target, args=(x,))
    x5 = np.random.default_rng(1).standard_normal((5, 3, 6, 6)).astype(np.float32)
    np.testing.assert_allclose(fw.to_numpy(t(x5)), m(torch.tensor(x5)).detach().numpy(),
                               rtol=1e-4, atol=1e-5)
    if target == "torch":  # under torch.compile too (dynamo imports the emitted module)
        c = torch.compile(t.model, backend="eager")
        for v in (x, x5, x5[:3]):  # a new batch size inside compile: transpiled outside the graph
            np.testing.assert_allclose(c(torch.tensor(v)).detach().numpy(),
                                       m(torch.tensor(v)).detach().numpy(), rtol=1e-4, atol=1e-5)
    if target == "torch":  # weights changed in the target only: a variant uses those
        import copy

        half = copy.deepcopy(m)
        with torch.no_grad():
            for p in list(t.model.parameters()) + list(half.parameters()):
                p.mul_(0.5)
        x7 = np.random.default_rng(2).standard_normal((7, 3, 6, 6)).astype(np.float32)
        for v in (x5, x7):  # the batch-5 variant, and a new one made after the change
            np.testing.assert_allclose(t(torch.tensor(v)).detach().numpy(),
                                       half(torch.tensor(v)).detach().numpy(), rtol=1e-4,
                                       atol=1e-5)


def test_an_unknown_batch_size_passes_only_where_the_code_never_uses_it():
    """Keras builds a model on symbolic inputs of batch size None, and fits in tf.function
    traces: the input check lets an unknown batch size through where the code holds no integer
    related to it (a torch MLP → Keras layer, then ``model.fit``), and refuses it where the code
    baked the example's size (``x.mean(0) * x.shape[0]``, ``x[: n // 2]``) and in every other
    dimension."""
    torch = pytest.importorskip("torch")
    tf = pytest.importorskip("tensorflow")
    keras = pytest.importorskip("keras")
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.Tanh(), torch.nn.Linear(5, 1))
    x = np.random.default_rng(0).standard_normal((7, 6)).astype(np.float32)  # a prime batch
    t = ivy.transpile(m, source="torch", target="tensorflow", args=(x,))
    inp = keras.Input((6,))
    model = keras.Model(inp, t.model(inp))
    model.compile(optimizer="sgd", loss="mse")
    xs = np.random.default_rng(1).standard_normal((20, 6)).astype(np.float32)
    h = model.fit(xs, xs[:, :1], batch_size=8, epochs=1, verbose=0)
    assert np.isfinite(h.history["loss"][0])
    np.testing.assert_allclose(model(xs[:3]).numpy(), t(xs[:3]).numpy(), rtol=1e-5, atol=1e-6)

    tb = ivy.transpile(lambda a: a.mean(0) * a.shape[0], source="torch", target="tensorflow",
                       args=(x,))
    g = tf.function(tb, input_signature=[tf.TensorSpec([None, 6], tf.float32)])
    with pytest.raises(ValueError, match=r"float32\[None, 6\], but this code was written for"):
        g(x)
    # half the batch (x[: n // 2]): n // 2 is a divisor-like derived size, refused too; and an
    # unknown size in another dimension (computed padding depends on it) is never let through
    for fn, spec in ((lambda a: a[: a.shape[0] // 2].sum(0), [None, 6]),
                     (lambda a: torch.tanh(a).sum(0), [7, None])):
        tt = ivy.transpile(fn, source="torch", target="tensorflow",
                           args=(np.ones((8, 6) if spec[0] is None else (7, 6), np.float32),))
        g = tf.function(tt, input_signature=[tf.TensorSpec(spec, tf.float32)])
        with pytest.raises(ValueError, match=r"but this code was written for"):
            g(np.ones((8, 6) if spec[0] is None else (7, 6), np.float32))
