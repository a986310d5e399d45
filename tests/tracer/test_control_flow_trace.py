"""Tracing ``ivy.while_loop`` / ``ivy.cond`` / ``ivy.scan``: one node holding sub-graphs, not
an unrolled loop. Each program is traced on every backend once, then run on new inputs (a
different trip count, the other branch) three ways: eagerly, by the graph's replay and by its
emitted source (exec'd in a fresh namespace); the three must agree exactly (values, dtypes).
Also: serialisation round trip (and the decoder's depth bound), passes, the emitted code under
``jax.jit`` / ``tf.function``, nested loops, errors, pictures, ``ivy.compile``."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ivy
from ivy.tracer import Graph, TraceError, trace_graph
from ivy.tracer.ir import CONTROL_FLOW, Sub, walk
from tests.functional.helpers import BACKENDS, native

backends = pytest.mark.parametrize("backend", BACKENDS)
rng = np.random.default_rng(7)


def _f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


# -- the programs ----------------------------------------------------------------------------------

def doubling(x, limit):
    """Doubles x until its sum passes ``limit`` (an input): the trip count depends on data."""
    def cond(s):
        return ivy.sum(s[0]) < limit

    def body(s):
        return s[0] * 2.0 + 0.25, s[1] + 1

    y, k = ivy.while_loop(cond, body, (ivy.abs(x), ivy.asarray(0, dtype="int32")))
    return y, k


def newton(a):
    """sqrt(a) by Newton's iteration with a dict (pytree) state, until converged."""
    def cond(s):
        return (s["k"] < 60) & (s["err"] > 1e-5)

    def body(s):
        x = 0.5 * (s["x"] + a / s["x"])
        return {"x": x, "err": ivy.max(ivy.abs(x - s["x"])), "k": s["k"] + 1}

    init = {"x": ivy.ones_like(a), "err": ivy.asarray(1.0, dtype=a.dtype),
            "k": ivy.asarray(0, dtype="int32")}
    out = ivy.while_loop(cond, body, init)
    return out["x"], out["k"]


def branch(x, w):
    """The branch taken depends on the input; both branches close over ``w``."""
    return ivy.cond(ivy.sum(x) > 0, lambda a: (a @ w, ivy.sum(a)),
                    lambda a: (a * 2.0 - w[0], -ivy.sum(a)), x)


def rnn(xs, h0, w, u):
    """An RNN over the rows of xs with weights from outside the loop (inputs of the function)."""
    def cell(h, x):
        h = ivy.tanh(x @ u + h @ w)
        return h, (h, ivy.sum(h))

    h, (hs, sums) = ivy.scan(cell, h0, xs)
    hr, _ = ivy.scan(cell, h0, xs, reverse=True)
    return h, hs, sums, hr


def nested(x):
    """A while loop whose body runs a while loop reading a value of the outer function."""
    scale = ivy.max(ivy.abs(x)) + 1.0

    def outer_body(s):
        def inner_body(t):
            return t[0] + scale, t[1] + 1

        v, n = ivy.while_loop(lambda t: ivy.sum(t[0]) < 30.0, inner_body,
                              (s[0] * 0.5, ivy.asarray(0, dtype="int32")))
        return v, s[1] + n, s[2] + 1

    return ivy.while_loop(lambda s: s[2] < 3, outer_body,
                          (x, ivy.asarray(0, dtype="int32"), ivy.asarray(0, dtype="int32")))


def fori(x):
    """scan without xs (``length``), and a Python-scalar carry."""
    c, ys = ivy.scan(lambda c, _: ((c[0] * 1.5, c[1] + 1.0), c[0] - 1.0), (x, 0.0), None,
                     length=4)
    return c, ys


LIMIT_A, LIMIT_B = np.float32(40.0), np.float32(5000.0)
X3 = _f32(3)
W = _f32(3, 3)
XS, H0, U = _f32(5, 2), _f32(3), _f32(2, 3)

# name -> (function, trace-time inputs, new inputs, what must differ between the two runs)
PROGRAMS = {
    "doubling": (doubling, (X3, LIMIT_A), (X3 * 0.1, LIMIT_B), 1),
    "newton": (newton, (np.abs(X3) + 0.5,), (np.abs(X3) * 40 + 90,), 1),
    "branch_pos": (branch, (np.abs(X3), W), (-np.abs(X3) - 0.5, W), 1),
    "rnn": (rnn, (XS, H0, W, U), (XS * -0.5, H0 + 1, W * 0.5, U), None),
    "nested": (nested, (X3,), (X3 * 3.0 + 1.0,), 1),
    "fori": (fori, (X3,), (X3 - 2.0,), None),
}


def _leaves(v):
    if isinstance(v, (tuple, list)):
        return [e for x in v for e in _leaves(x)]
    if isinstance(v, dict):
        return [e for x in v.values() for e in _leaves(x)]
    if isinstance(v, ivy.Array):
        v = v.data
    return [np.asarray(v)]


def _exactly(got, want, what):
    g, w = _leaves(got), _leaves(want)
    assert len(g) == len(w), what
    for a, b in zip(g, w, strict=True):
        assert a.dtype == b.dtype and a.shape == b.shape, (what, a.dtype, b.dtype, a.shape)
        np.testing.assert_array_equal(a, b, err_msg=what)


def _eager(backend, fn, inputs):
    with ivy.using_backend(backend):
        return fn(*(ivy.asarray(native(backend, a)) for a in inputs))


def _emitted(src, name):
    ns: dict = {}
    exec(compile(src, f"<emitted {name}>", "exec"), ns)
    return ns[name]


def _trace(backend, fn, inputs):
    with ivy.using_backend(backend):
        return trace_graph(fn, *(native(backend, a) for a in inputs))


_GRAPHS: dict = {}


def _graph(backend, name):
    key = (backend, name)
    if key not in _GRAPHS:
        fn, a, _, _ = PROGRAMS[name]
        _GRAPHS[key] = _trace(backend, fn, a)
    return _GRAPHS[key]


@backends
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_three_ways_on_new_inputs(backend, name):
    fn, a, b, differs = PROGRAMS[name]
    g = _graph(backend, name)
    loops = [n for n in g.calls if n.target in CONTROL_FLOW]
    assert loops, "the loop is one node"
    emitted = _emitted(g.to_source(backend), fn.__name__)
    runs = []
    for inputs in (a, b):
        eager = _eager(backend, fn, inputs)
        natives = [native(backend, x) for x in inputs]
        _exactly(g(*natives), eager, f"{name} replay on {backend}")
        _exactly(emitted(*natives), eager, f"{name} to_source({backend!r})")
        runs.append(_leaves(eager))
    if differs is not None:  # a different trip count / branch: not baked in at trace time
        assert not np.array_equal(runs[0][differs], runs[1][differs])


@backends
@pytest.mark.parametrize("name", ["doubling", "branch_pos", "rnn", "nested"])
def test_serialisation_round_trip_and_passes(backend, name):
    fn, a, b, _ = PROGRAMS[name]
    g = _graph(backend, name)
    d = g.to_dict()
    g2 = Graph.from_dict(d)
    assert g2.to_dict() == d
    g3 = Graph.from_json(g.to_json())
    opt = g.optimize()
    assert any(n.target in CONTROL_FLOW for n in opt.calls)
    eager = _eager(backend, fn, b)
    natives = [native(backend, x) for x in b]
    for h in (g2, g3, opt, g.fold_constants(), g.cse(), g.dce()):
        _exactly(h(*natives), eager, f"{name} after a round trip / pass on {backend}")


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_ivy_target_and_other_backends(name):
    """A graph traced on NumPy, replayed on every backend and written for the ivy target."""
    fn, _, b, _ = PROGRAMS[name]
    g = _graph("numpy", name)
    want = _eager("numpy", fn, b)
    ivy_fn = _emitted(g.to_source("ivy"), fn.__name__)
    with ivy.using_backend("numpy"):
        _exactly(ivy_fn(*(ivy.asarray(x) for x in b)), want, f"{name} ivy target")
    for backend in BACKENDS:
        got = g.with_backend(backend)(*b)
        for x, y in zip(_leaves(got), _leaves(want), strict=True):
            assert x.dtype == y.dtype
            np.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_emitted_jax_under_jit(name):
    jax = pytest.importorskip("jax")
    fn, _, b, _ = PROGRAMS[name]
    g = _graph("jax", name)
    src = g.to_source("jax")
    assert "import ivy" not in src and "from ivy" not in src  # standalone
    emitted = _emitted(src, fn.__name__)
    natives = [native("jax", x) for x in b]
    _exactly(jax.jit(emitted)(*natives), _eager("jax", fn, b), f"{name} jax.jit")
    jaxpr = str(jax.make_jaxpr(emitted)(*natives))
    assert "while[" in jaxpr or "cond[" in jaxpr or "scan[" in jaxpr  # a loop, not unrolled


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_emitted_tensorflow_under_tf_function(name):
    tf = pytest.importorskip("tensorflow")
    fn, _, b, _ = PROGRAMS[name]
    g = _graph("tensorflow", name)
    src = g.to_source("tensorflow")
    assert "import ivy" not in src and "from ivy" not in src  # standalone
    emitted = _emitted(src, fn.__name__)
    natives = [native("tensorflow", x) for x in b]
    want = _eager("tensorflow", fn, b)
    for xla in (False, True):
        got = tf.function(emitted, autograph=False, jit_compile=xla)(*natives)
        for x, y in zip(_leaves(got), _leaves(want), strict=True):  # graphs may fuse ops
            assert x.dtype == y.dtype
            np.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-5)
    graph = tf.function(emitted, autograph=False).get_concrete_function(*natives).graph
    ops = {n.op for n in graph.as_graph_def().node}
    assert ops & {"While", "StatelessWhile", "If", "StatelessIf"}


def test_sub_graphs_capture_outer_values():
    g = _graph("numpy", "rnn")
    scans = [n for n in g.calls if n.target == "scan"]
    assert len(scans) == 2
    for n in scans:
        sub = n.args[0]
        assert isinstance(sub, Sub) and sub.n_state == 2 and sub.n_captured == 2
        assert {g.nodes[r.node].name for r in n.args[-1]} == {"w", "u"}  # weights: inputs
    nested_g = _graph("numpy", "nested")
    outer = next(n for n in nested_g.calls if n.target == "while_loop")
    inner = [m for m in walk(outer.args[1].graph) if m.op == "call" and m.target == "while_loop"]
    assert len(inner) == 1 and outer.args[1].n_captured == 1  # scale, threaded through


def test_python_control_flow_in_a_body_is_refused():
    def f(x):
        def body(s):
            if ivy.sum(s[0]) > 0:  # Python control flow on a loop value
                return (s[0] - 1.0,)
            return (s[0] + 1.0,)

        return ivy.while_loop(lambda s: ivy.sum(s[0]) < 10.0, body, (x,))[0]

    with pytest.raises(TraceError, match=r"bool\(\).*test_control_flow_trace.py:\d+"):
        trace_graph(f, np.ones(3, np.float32))


def test_a_value_leaking_out_of_a_body_is_refused():
    def f(x):
        kept = []

        def body(s):
            kept.append(s[0] * 2.0)
            return (s[0] + 1.0,)

        y = ivy.while_loop(lambda s: ivy.sum(s[0]) < 10.0, body, (x,))[0]
        return y + kept[0]

    with pytest.raises(TraceError, match="inside the callable"):
        trace_graph(f, np.ones(3, np.float32))


def test_constant_only_loop_is_allowed_and_folds_around():
    def f(x):
        n = ivy.while_loop(lambda s: s[0] < 5, lambda s: (s[0] + 1,),
                           (ivy.asarray(0, dtype="int32"),))[0]
        return x * ivy.astype(n, "float32"), int(n)

    g = trace_graph(f, np.ones(2, np.float32))
    out = g.optimize()(np.full(2, 3.0, np.float32))
    np.testing.assert_array_equal(out[0], np.full(2, 15.0, np.float32))


def test_pictures_and_compile(tmp_path):
    g = _graph("numpy", "nested")
    assert "while_loop" in g.to_dot()
    assert g.save_svg(tmp_path / "g.svg").endswith(".svg")
    compiled = ivy.compile(doubling)
    for backend in [b for b in BACKENDS if b in ("numpy", "jax", "tensorflow")]:
        for inputs in (PROGRAMS["doubling"][1], PROGRAMS["doubling"][2]):
            natives = [native(backend, x) for x in inputs]
            _exactly(compiled(*natives), _eager(backend, doubling, inputs),
                     f"ivy.compile on {backend}")


# -- the decoder's bounds --------------------------------------------------------------------------

def test_decoder_refuses_over_deep_sub_graphs():
    d = _graph("numpy", "nested").to_dict(binary=False)
    node = next(n for n in d["nodes"] if n["target"] == "while_loop")
    body = node["args"]["v"][1]
    assert body["$"] == "sub"
    deep = json.loads(json.dumps(body))
    for _ in range(10):  # a body whose node's body is itself, ten times over
        inner = json.loads(json.dumps(body))
        wl = next(n for n in inner["graph"]["nodes"] if n["target"] == "while_loop")
        wl["args"]["v"][1] = deep
        deep = inner
    node["args"]["v"][1] = deep
    with pytest.raises(ValueError, match="nested deeper than 8"):
        Graph.from_dict(d)


def test_decoder_refuses_over_deep_values():
    d = _graph("numpy", "doubling").to_dict()
    v: list = []
    for _ in range(5000):
        v = [v]
    d["nodes"][-1]["kwargs"] = {"$": "dict", "k": ["x"], "v": [v]}
    with pytest.raises(ValueError, match="nested deeper"):
        Graph.from_dict(d)


def test_validation_of_sub_graphs():
    d = _graph("numpy", "doubling").to_dict(binary=False)
    node = next(n for n in d["nodes"] if n["target"] == "while_loop")
    bad = json.loads(json.dumps(node["args"]["v"][1]))
    node["args"]["v"][1]["n_captured"] = 5  # more captured values than the node passes
    with pytest.raises(ValueError, match="malformed"):
        Graph.from_dict(d)
    d = _graph("numpy", "doubling").to_dict()
    node = next(n for n in d["nodes"] if n["target"] == "while_loop")
    node["args"]["v"][1]["graph"]["nodes"][-1]["name"] = "bad name"
    with pytest.raises(ValueError, match="malformed"):
        Graph.from_dict(d)
    d = _graph("numpy", "doubling").to_dict()
    d["nodes"].append({"op": "call", "target": "add", "name": "z", "outputs": [[[], "float32"]],
                       "args": {"$": "tuple", "v": [bad, 1]}, "kwargs": {"$": "dict", "k": [],
                                                                        "v": []}, "paths": [[]]})
    with pytest.raises(ValueError, match="malformed"):
        Graph.from_dict(d)


def _empty_scan_and_captured_branch(x, xs0, w):
    c, ys = ivy.scan(lambda c, e: (c + e, c * e), x, xs0)  # length 0: ys still have a shape
    r = ivy.cond(ivy.sum(x) > 0, lambda a: (w,), lambda a: (a,), x)[0]  # returns a capture
    return c, ys, r


@backends
def test_empty_scan_and_a_branch_returning_a_captured_value(backend):
    x, xs0, w = np.ones(3, np.float32), np.zeros((0, 3), np.float32), np.full(3, 7.0, np.float32)
    g = _trace(backend, _empty_scan_and_captured_branch, (x, xs0, w))
    emitted = _emitted(g.to_source(backend), "_empty_scan_and_captured_branch")
    g2 = Graph.from_dict(g.to_dict())
    for inputs in ((x, xs0, w), (-x, xs0, w)):
        eager = _eager(backend, _empty_scan_and_captured_branch, inputs)
        natives = [native(backend, a) for a in inputs]
        for got in (g(*natives), emitted(*natives), g2(*natives)):
            _exactly(got, eager, f"empty scan / captured branch on {backend}")


def test_random_inside_a_body_makes_the_loop_dynamic():
    def f(x):  # the loop reads no input: only the random call inside makes it dynamic
        return x + ivy.while_loop(lambda s: s[1] < 2,
                                  lambda s: (s[0] + ivy.random_uniform(shape=(3,)), s[1] + 1),
                                  (ivy.zeros(3), ivy.asarray(0, dtype="int32")))[0]

    g = trace_graph(f, np.zeros(3, np.float32))
    assert [n.target for n in g.optimize().calls].count("while_loop") == 1
    (i,) = [k for k, n in enumerate(g.nodes) if n.target == "while_loop"]
    assert i in g.dynamic()
    assert len([n for n in g.cse().calls if n.target == "while_loop"]) == 1
