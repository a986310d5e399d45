"""TensorFlow function calls (``PartitionedCall`` / ``StatefulPartitionedCall``: a ``tf.function``
calling another ``tf.function``) inlined by the capture, variables read by callees and by loop
bodies, and variable writes refused loudly. Every case is transpiled to NumPy, JAX and PyTorch and
compared with TensorFlow itself on the example and on new inputs."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import tensorflow as ctf

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

TARGETS = ("numpy", "jax", "torch")
R = np.random.default_rng(0)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


# -- plain functions --------------------------------------------------------------------------
@tf.function
def inner(x):
    return tf.cos(x) * 2.0, tf.reduce_sum(x, axis=-1)


@tf.function
def mid(x, y):
    a, s = inner(x)  # a call inside a call
    return a * y, s + 1.0


def nested(x, y):
    a, s = mid(x, y)
    return a + tf.reduce_mean(a), s


@tf.function
def step(v):
    return tf.abs(v) * 1.5 + 0.1


def call_in_loop(x, thr):
    return tf.while_loop(lambda i, v: tf.reduce_sum(v) < thr, lambda i, v: (i + 1, step(v)),
                         (tf.constant(0), tf.abs(x)))


@tf.function
def doubling_helper(x):
    return tf.while_loop(lambda v: tf.reduce_max(v) < 10.0, lambda v: (v * 2.0,),
                         (tf.abs(x) + 0.1,))[0]


@tf.function
def sign_helper(x):
    return tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2.0, lambda: -x)


def loops_in_callee(x):
    return doubling_helper(x) + sign_helper(x)


V = tf.Variable(np.linspace(-1.0, 1.0, 4, dtype=np.float32))


@tf.function
def reads_v(x):
    return x * V


def variable_in_callee(x):
    return reads_v(x) + 1.0


def loop_reads_variable(x):
    """A data-dependent tf.while_loop whose body reads a captured tf.Variable."""
    return tf.while_loop(lambda i, v: (tf.reduce_sum(tf.abs(v)) < 50.0) & (i < 20),
                         lambda i, v: (i + 1, v * (V + 2.0) + 0.5), (tf.constant(0), x))


@tf.function
def reshaper(x, shape):
    return tf.reshape(x, shape)


def constant_arg_in_loop(x):
    """A call in a loop body whose argument is a constant there: it stays static in the callee."""
    return tf.while_loop(
        lambda i, v: i < 2,
        lambda i, v: (i + 1, reshaper(tf.reshape(v, [-1]) * 1.5, tf.constant([2, 3]))),
        (tf.constant(0), x))[1]


gray = tf.function(tf.image.rgb_to_grayscale)


@tf.function
def gamma(im):
    return tf.image.adjust_gamma(im, 1.5)


def image_helpers(im):
    return gray(gamma(tf.abs(im)))


# -- Keras models -----------------------------------------------------------------------------
@tf.function
def gated(h, w):
    return tf.sigmoid(h) * tf.matmul(h, w)


class Gated(keras.Model):
    """The model's call goes through a tf.function helper given one of its variables."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(6)
        self.w = self.add_weight(shape=(6, 6), initializer="glorot_uniform", name="w")

    def call(self, x):
        return gated(self.dense(x), self.w.value)


class Block(keras.Model):
    """A tf.function-wrapped method whose layers' variables the callee captures."""

    def __init__(self):
        super().__init__()
        self.d1, self.d2 = keras.layers.Dense(8), keras.layers.Dense(3)
        self.d1.build((None, 5))
        self.block = tf.function(self._block)

    def _block(self, x):
        return tf.nn.relu(self.d1(x))

    def call(self, x):
        return self.d2(self.block(x))


class Recur(keras.layers.Layer):
    """RNN-ish: a tf.while_loop over the time axis reading the layer's kernel in its body."""

    def build(self, shape):
        self.k = self.add_weight(shape=(shape[-1], shape[-1]), initializer="orthogonal",
                                 name="k")

    def call(self, x):
        def body(t, h):
            return t + 1, tf.tanh(tf.matmul(tf.gather(x, t, axis=1), self.k) + h)
        return tf.while_loop(lambda t, h: t < x.shape[1], body,
                             (tf.constant(0), tf.zeros_like(x[:, 0])))[1]


def _built(cls, *shape):
    keras.utils.set_random_seed(0)
    m = cls()
    m(f32(*shape))
    return m


# name -> (make the object, example args, new args)
CASES = {
    "nested tf.functions, several outputs": (lambda: nested, (f32(3, 4), f32(3, 4)),
                                             (f32(3, 4), f32(3, 4))),
    "tf.function called in a while body": (
        lambda: call_in_loop, (f32(4), np.float32(20.0)), (f32(4) * 0.01, np.float32(500.0))),
    "while and cond inside called tf.functions": (lambda: loops_in_callee, (f32(4),),
                                                  (-np.abs(f32(4)) * 0.01,)),
    "tf.Variable read by a called tf.function": (lambda: variable_in_callee, (f32(4),), (f32(4),)),
    "while loop reading a tf.Variable": (lambda: loop_reads_variable, (f32(4),),
                                         (f32(4) * 5.0,)),
    "constant argument of a call in a loop body": (lambda: constant_arg_in_loop, (f32(2, 3),),
                                                   (f32(2, 3),)),
    "tf.image helpers wrapped in tf.function": (lambda: image_helpers, (f32(2, 5, 5, 3),),
                                                (f32(2, 5, 5, 3),)),
    "keras model calling a tf.function helper with its variable": (
        lambda: _built(Gated, 2, 5), (f32(2, 5),), (f32(2, 5),)),
    "keras model with a tf.function-wrapped block": (lambda: _built(Block, 2, 5), (f32(2, 5),),
                                                     (f32(2, 5),)),
    "keras layer looping over time reading its kernel": (
        lambda: _built(Recur, 2, 4, 3), (f32(2, 4, 3),), (f32(2, 4, 3),)),
}


@pytest.fixture(scope="module")
def objects():
    return {}


def _same(obj, t, args):
    want = ctf.run_native(obj, args, {})
    got = fw.tree_to_numpy(t(*args))
    res = fw.compare_trees(want, got)
    assert all(r["ok"] for r in res), res


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_call_transpiled(name, target, objects):
    make, args, new = CASES[name]
    obj = objects.setdefault(name, make())
    t = ivy.transpile(obj, source="tensorflow", target=target, args=args)
    v = t.report["verification"]
    assert v["verified"]
    _same(obj, t, args)
    _same(obj, t, new)
    ops = {o["op"] for o in t.report["ops"]}
    assert not any("PartitionedCall" in o for o in ops)  # inlined: the callee's ops are listed
    if ctf.is_model(obj):
        # the variables (read by the callee or in the loop) are the model's parameters
        assert set(t.params) == {w.path for w in obj.weights}
        if target != "numpy":
            g = v["gradient"]
            assert isinstance(g, list) and g and all(e["ok"] for e in g), g


def test_the_captured_graphs_hold_calls_and_resource_loops():
    """The programs above really go through the raw ops this file is about."""
    def types(fn, *args):
        g = tf.function(fn).get_concrete_function(*[tf.TensorSpec(np.shape(a), tf.float32)
                                                    for a in args]).graph
        return {op.type for op in g.get_operations()}, g

    ts, _ = types(nested, f32(3, 4), f32(3, 4))
    assert ts & {"PartitionedCall", "StatefulPartitionedCall"}
    ts, _ = types(variable_in_callee, f32(4))
    assert "StatefulPartitionedCall" in ts
    ts, g = types(loop_reads_variable, f32(4))
    loop = next(op for op in g.get_operations() if op.type in ("While", "StatelessWhile"))
    assert any(t.dtype == tf.resource for t in loop.inputs)


def test_loops_kept_and_counted_loop_is_a_scan():
    t = ivy.transpile(call_in_loop, source="tensorflow", target="jax",
                      args=(f32(4), np.float32(20.0)))
    assert "lax.while_loop" in t.source
    m = _built(Recur, 2, 4, 3)
    t = ivy.transpile(m, source="tensorflow", target="jax", args=(f32(2, 4, 3),))
    assert "lax.scan" in t.source  # `t < T` with a constant T: differentiable in reverse mode


W = tf.Variable(1.0)


def loop_assigns(x):
    def body(i, v):
        W.assign_add(1.0)
        return i + 1, v * W
    return tf.while_loop(lambda i, v: i < 3, body, (tf.constant(0), x))[1]


C = tf.Variable(0.0)


@tf.function
def counting(x):
    C.assign(C + 1.0)
    return x * 2.0


def calls_counting(x):
    return counting(x) + 1.0


@pytest.mark.parametrize("target", TARGETS)
def test_assign_in_loop_followed(target):
    """A write in a loop body is threaded through the loop (was refused before 2026-11-27)."""
    W.assign(1.0)
    x = f32(4)
    t = ivy.transpile(loop_assigns, source="tensorflow", target=target, args=(x,))
    assert any("AssignAddVariableOp" in n for n in t.report["notes"])
    W.assign(1.0)
    np.testing.assert_allclose(fw.to_numpy(t(x)), loop_assigns(tf.constant(x)).numpy(),
                               rtol=1e-5)


def test_assign_in_called_function_followed():
    """A write in a called tf.function: later reads (in the caller too) see it."""
    C.assign(0.0)
    x = f32(4)
    t = ivy.transpile(calls_counting, source="tensorflow", target="numpy", args=(x,))
    assert any("AssignVariableOp" in n for n in t.report["notes"])
    np.testing.assert_allclose(t(x), calls_counting(tf.constant(x)).numpy(), rtol=1e-6)
