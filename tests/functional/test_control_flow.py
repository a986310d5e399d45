"""Differential tests of ``ivy.while_loop`` / ``ivy.cond`` / ``ivy.scan``
(``ivy/functional/ivy/control_flow.py``) on every backend, against ``jax.lax`` itself (the
semantics they follow), plus the loops inside ``jax.jit`` and ``tf.function(jit_compile=True)``.

The tracer records each as one node holding sub-graphs (``test_traced_loops_are_not_unrolled``
here; eager vs replay vs emitted source on every backend in tests/tracer/test_control_flow_trace.py;
see docs/tracer.md).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import ivy
from tests.functional.helpers import backends, native

RNG = np.random.default_rng(0)
X = RNG.standard_normal((5, 3)).astype(np.float32)
H0 = RNG.standard_normal((3,)).astype(np.float32)
W = RNG.standard_normal((3, 3)).astype(np.float32)


def _np(v):
    return np.asarray(ivy.to_numpy(v)) if isinstance(v, ivy.Array) else np.asarray(v)


def assert_same(got, want):
    got_l = jax.tree_util.tree_leaves(got, is_leaf=lambda v: isinstance(v, ivy.Array))
    want_l = jax.tree_util.tree_leaves(want)
    assert len(got_l) == len(want_l)
    for g, w in zip(got_l, want_l, strict=True):
        g, w = _np(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape, (g.dtype, g.shape, w.dtype, w.shape)
        np.testing.assert_allclose(g, w, rtol=2e-6, atol=2e-6)


# -- while_loop ----------------------------------------------------------------------------------
@backends
def test_while_loop_newton_sqrt(backend):
    """Newton iteration with a data-dependent trip count (the condition reads the values)."""
    a = np.array([2.0, 9.0, 0.5], np.float32)

    def cond(s):
        return (s["k"] < 50) & (s["err"] > 1e-6)

    def body(s):
        x = s["x"] - (s["x"] * s["x"] - s["a"]) / (2.0 * s["x"])
        err = (x - s["x"]) * (x - s["x"])
        err = err.max() if hasattr(err, "max") else err
        return {"a": s["a"], "x": x, "err": err, "k": s["k"] + 1}

    init = {"a": a, "x": np.ones(3, np.float32), "err": np.float32(1.0), "k": np.int32(0)}
    want = jax.lax.while_loop(
        lambda s: (s["k"] < 50) & (s["err"] > 1e-6),
        lambda s: {**body(s), "err": jnp.max((body(s)["x"] - s["x"]) ** 2)},
        jax.tree_util.tree_map(jnp.asarray, init))
    with ivy.using_backend(backend):
        s0 = {k: ivy.asarray(native(backend, np.asarray(v))) for k, v in init.items()}

        def ibody(s):
            x = s["x"] - (s["x"] * s["x"] - s["a"]) / (2.0 * s["x"])
            return {"a": s["a"], "x": x, "err": ivy.max((x - s["x"]) ** 2), "k": s["k"] + 1}

        got = ivy.while_loop(cond, ibody, s0)
    assert int(_np(got["k"])) == int(want["k"]) and int(want["k"]) < 50
    assert_same(got, want)


@backends
def test_while_loop_zero_iterations_and_natives(backend):
    with ivy.using_backend(backend):
        x = native(backend, X)
        out = ivy.while_loop(lambda v: ivy.sum(v[0]) > 1e9, lambda v: (v[0] * 2.0,), (x,))
        assert not isinstance(out[0], ivy.Array)  # native in, native out
        assert_same(out, (X,))


@backends
def test_while_loop_dtype_change_is_an_error(backend):
    with ivy.using_backend(backend), pytest.raises(Exception, match="dtype|type"):
        ivy.while_loop(lambda v: v[0] < 3, lambda v: (ivy.astype(v[0] + 1, "float32"),),
                       (ivy.asarray(0, dtype="int32"),))


# -- cond ----------------------------------------------------------------------------------------
@backends
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_cond_data_dependent(backend, sign):
    x = (X * sign).astype(np.float32)
    want = jax.lax.cond(jnp.sum(x) > 0, lambda a, w: (a @ w, a.sum()),
                        lambda a, w: (a * 2.0, -a.sum()), jnp.asarray(x), jnp.asarray(W))
    with ivy.using_backend(backend):
        xi, wi = ivy.asarray(native(backend, x)), ivy.asarray(native(backend, W))
        got = ivy.cond(ivy.sum(xi) > 0, lambda a, w: (a @ w, ivy.sum(a)),
                       lambda a, w: (a * 2.0, -ivy.sum(a)), xi, wi)
    assert isinstance(got[0], ivy.Array)
    assert_same(got, want)


def test_cond_python_bool_picks_now():
    assert ivy.cond(True, lambda a: a + 1, lambda a: a - 1, 1) == 2


# -- scan ----------------------------------------------------------------------------------------
@backends
@pytest.mark.parametrize("reverse", [False, True])
def test_scan_rnn(backend, reverse):
    """An RNN cell over the rows of X: carry h, output per step."""
    def jcell(h, x):
        h = jnp.tanh(x + h @ jnp.asarray(W))
        return h, (h, jnp.sum(h))

    want = jax.lax.scan(jcell, jnp.asarray(H0), jnp.asarray(X), reverse=reverse)
    with ivy.using_backend(backend):
        wi = ivy.asarray(native(backend, W))

        def cell(h, x):
            h = ivy.tanh(x + ivy.matmul(h, wi))
            return h, (h, ivy.sum(h))

        got = ivy.scan(cell, ivy.asarray(native(backend, H0)),
                       ivy.asarray(native(backend, X)), reverse=reverse)
    assert_same(got, want)


@backends
def test_scan_length_only_and_empty(backend):
    """``xs=None`` with ``length`` (fori_loop-like), and a length-0 scan (shapes still known)."""
    want = jax.lax.scan(lambda c, _: (c * 2.0, c), jnp.asarray(H0), None, length=4)
    want0 = jax.lax.scan(lambda c, x: (c + x, c * x), jnp.asarray(H0), jnp.asarray(X[:0]))
    with ivy.using_backend(backend):
        h = ivy.asarray(native(backend, H0))
        got = ivy.scan(lambda c, _: (c * 2.0, c), h, None, length=4)
        got0 = ivy.scan(lambda c, x: (c + x, c * x), h, ivy.asarray(native(backend, X[:0])))
    assert_same(got, want)
    assert_same(got0, want0)


# -- inside the frameworks' compilers --------------------------------------------------------------
def test_loops_under_jax_jit():
    def f(x, h):
        ivy.set_backend("jax")
        try:
            i, y = ivy.while_loop(lambda s: ivy.sum(s[1]) < 100.0,
                                  lambda s: (s[0] + 1, s[1] * 2.0 + 1.0),
                                  (ivy.asarray(0, dtype="int32").data, h))
            c, ys = ivy.scan(lambda c, e: (c + e, c * e), h, x)
            return i, y, c, ys
        finally:
            ivy.unset_backend()

    x, h = jnp.asarray(X), jnp.abs(jnp.asarray(H0))
    got = jax.jit(f)(x, h)
    want = f(x, h)  # eager
    jaxpr = str(jax.make_jaxpr(f)(x, h))
    assert "while[" in jaxpr and "scan[" in jaxpr  # kept as loops, not unrolled
    assert_same(got, want)


def test_loops_under_tf_function_xla():
    tf = pytest.importorskip("tensorflow")

    def f(x, h):
        with ivy.using_backend("tensorflow"):
            i, y = ivy.while_loop(lambda s: ivy.sum(s[1]) < 100.0,
                                  lambda s: (s[0] + 1, s[1] * 2.0 + 1.0),
                                  (ivy.asarray(0, dtype="int32").data, h))
            c, ys = ivy.scan(lambda c, e: (c + e, c * e), h, x)
            z = ivy.cond(ivy.sum(x) > 0, lambda a: a + 1.0, lambda a: a - 1.0, h)
            return i, y, c, ys, z

    x, h = tf.constant(X), tf.abs(tf.constant(H0))
    got = tf.function(f, jit_compile=True, autograph=False)(x, h)
    want = f(x, h)
    assert_same([np.asarray(g) for g in got], [np.asarray(w) for w in want])
    graph = tf.function(f, autograph=False).get_concrete_function(x, h).graph.as_graph_def()
    ops = {n.op for n in graph.node}
    assert ops & {"While", "StatelessWhile"} and ops & {"If", "StatelessIf"}


# -- the tracer records loops as loops -----------------------------------------------------------
@backends
def test_traced_loops_are_not_unrolled(backend):
    def f(x):
        y, k = ivy.while_loop(lambda v: ivy.sum(v[0]) < 100.0,
                              lambda v: (v[0] * 2.0, v[1] + 1),
                              (x, ivy.asarray(0, dtype="int32")))
        z = ivy.cond(k > 3, lambda a: (a - 1.0,), lambda a: (a + 1.0,), y)[0]
        return z, k

    x1, x2 = np.abs(X) + 0.1, np.abs(X) * 3.0 + 1.0
    with ivy.using_backend(backend):
        g = ivy.trace_graph(f, native(backend, x1))
        assert [n.target for n in g.calls if n.target in ("while_loop", "cond")] == \
            ["while_loop", "cond"]
        for x in (x1, x2):
            want = f(ivy.asarray(native(backend, x)))
            assert_same(g(native(backend, x)), want)
    k1, k2 = (int(_np(f(ivy.asarray(x))[1])) for x in (x1, x2))
    assert k1 != k2  # a different trip count (and branch) than at trace time


# -- bitcast (ivy/functional/ivy/data_type.py; here for jax.random.normal's capture) -------------
@backends
@pytest.mark.parametrize("src,dst", [("float32", "uint32"), ("uint32", "float32"),
                                     ("int32", "float32"), ("float64", "int64"),
                                     ("int16", "uint16"), ("float16", "int16")])
def test_bitcast(backend, src, dst):
    from tests.functional.helpers import api

    a = np.array([[0.0, -0.0, 1.5], [np.inf, -2.25, 3e-8]]).astype(src)
    want = a.view(dst)  # NumPy's view is the bit reinterpretation
    with ivy.using_backend(backend):
        got = api.bitcast(ivy.asarray(native(backend, a)), dst)
    assert _np(got).dtype == want.dtype and _np(got).tobytes() == want.tobytes()


@backends
def test_bitcast_rejects_size_change_and_bool(backend):
    from tests.functional.helpers import api

    with ivy.using_backend(backend):
        x = ivy.asarray(native(backend, np.zeros(3, np.float32)))
        with pytest.raises(TypeError, match="bitcast"):
            api.bitcast(x, "float64")
        with pytest.raises(TypeError, match="bitcast"):
            api.bitcast(ivy.asarray(native(backend, np.zeros(3, np.bool_))), "uint8")
