"""Whole programs written against ``tensorflow``, run with real TensorFlow and with the frontend
substituted (the module is passed in), on the numpy, jax and tensorflow Ivy backends; plus
``ivy.trace_graph`` over frontend code and the framework-free import."""

import subprocess
import sys

import numpy as np
import pytest
import tensorflow as real

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, compare, covers

RNG = np.random.default_rng(0)
DATA = {
    "images": RNG.integers(0, 256, (2, 8, 8, 3)).astype(np.uint8),
    "k1": (RNG.standard_normal((3, 3, 3, 4)) * 0.3).astype(np.float32),
    "x": RNG.standard_normal((6, 5)).astype(np.float32),
    "labels": RNG.integers(0, 3, (6,)).astype(np.int32),
    "w1": (RNG.standard_normal((5, 8)) * 0.4).astype(np.float32),
    "w2": (RNG.standard_normal((8, 3)) * 0.4).astype(np.float32),
    "feat": RNG.standard_normal((2, 6, 6, 3)).astype(np.float32),
    "kc": (RNG.standard_normal((3, 3, 3, 4)) * 0.3).astype(np.float32),
    "bias": RNG.standard_normal(4).astype(np.float32),
    "gamma": (RNG.random(4) + 0.5).astype(np.float32),
    "beta": RNG.standard_normal(4).astype(np.float32),
    "mu": RNG.standard_normal(4).astype(np.float32) * 0.1,
    "var": (RNG.random(4) + 0.5).astype(np.float32),
    "dense": (RNG.standard_normal((4, 2)) * 0.5).astype(np.float32),
    "A": RNG.standard_normal((12, 4)),
    "b": RNG.standard_normal((12, 2)),
}
covers("tf.image.resize", "tf.nn.conv2d", "tf.nn.relu", "tf.nn.max_pool2d", "tf.reduce_mean",
       "tf.Variable", "tf.matmul", "tf.nn.softmax", "tf.linalg.cholesky",
       "tf.linalg.triangular_solve")


def image_pipeline(tf):
    """Decode-free image pipeline: resize -> normalise -> conv2d -> relu -> max_pool -> mean."""
    img = tf.constant(DATA["images"])
    x = tf.image.resize(img, [12, 12])                      # float32, half-pixel centres
    x = x / 255.0
    mean = tf.constant([0.485, 0.456, 0.406])
    std = tf.constant([0.229, 0.224, 0.225])
    x = (x - mean) / std
    x = tf.nn.conv2d(x, tf.constant(DATA["k1"]), strides=1, padding="SAME")
    x = tf.nn.relu(x)
    x = tf.nn.max_pool2d(x, ksize=2, strides=2, padding="VALID")
    return tf.reduce_mean(x, axis=[1, 2]), tf.shape(x)


def mlp(tf):
    """A small MLP forward with tf.Variable, a hand-written softmax-CE gradient and one SGD
    step through assign_sub."""
    w1, w2 = tf.Variable(DATA["w1"], name="w1"), tf.Variable(DATA["w2"], name="w2")
    b1, b2 = tf.Variable(tf.zeros([8])), tf.Variable(tf.zeros([3]))
    x, y = tf.constant(DATA["x"]), tf.constant(DATA["labels"])
    losses = []
    for _ in range(3):
        h = tf.nn.relu(tf.matmul(x, w1) + b1)
        logits = tf.matmul(h, w2) + b2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        losses.append(loss)
        g = (tf.nn.softmax(logits) - tf.one_hot(y, 3)) / tf.cast(tf.shape(x)[0], tf.float32)
        w2.assign_sub(0.5 * tf.matmul(h, g, transpose_a=True))
        b2.assign_sub(0.5 * tf.reduce_sum(g, axis=0))
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, axis=1, output_type=tf.int32), y),
                                 tf.float32))
    return tf.stack(losses), w2.read_value(), b2.read_value(), acc


def raw_graph(tf):
    """The op sequence a tf.function graph of a conv block contains, as raw ops."""
    r = tf.raw_ops
    x = tf.constant(DATA["feat"])
    h = r.Conv2D(input=x, filter=tf.constant(DATA["kc"]), strides=[1, 1, 1, 1], padding="SAME",
                 data_format="NHWC", dilations=[1, 1, 1, 1])
    h = r.BiasAdd(value=h, bias=tf.constant(DATA["bias"]), data_format="NHWC")
    h = r.FusedBatchNormV3(x=h, scale=tf.constant(DATA["gamma"]), offset=tf.constant(DATA["beta"]),
                           mean=tf.constant(DATA["mu"]), variance=tf.constant(DATA["var"]),
                           epsilon=0.001, data_format="NHWC", is_training=False)[0]
    h = r.Relu(features=h)
    h = r.StridedSlice(input=h, begin=[0, 1, 1, 0], end=[0, 5, 5, 0], strides=[1, 2, 2, 1],
                       begin_mask=9, end_mask=9, ellipsis_mask=0, new_axis_mask=0,
                       shrink_axis_mask=0)
    h = r.Mean(input=h, axis=[1, 2], keep_dims=False)
    h = r.MatMul(a=h, b=tf.constant(DATA["dense"]), transpose_a=False, transpose_b=False)
    p = r.Softmax(logits=h)
    return p, r.ArgMax(input=p, dimension=1, output_type=tf.int32)


def least_squares(tf):
    """Least squares via the normal equations (Cholesky + two triangular solves), float64."""
    a, b = tf.constant(DATA["A"]), tf.constant(DATA["b"])
    gram = tf.matmul(a, a, transpose_a=True)
    rhs = tf.matmul(a, b, transpose_a=True)
    chol = tf.linalg.cholesky(gram)
    y = tf.linalg.triangular_solve(chol, rhs, lower=True)
    sol = tf.linalg.triangular_solve(chol, y, lower=True, adjoint=True)
    resid = tf.norm(tf.matmul(a, sol) - b, axis=0)
    return sol, resid, tf.linalg.lstsq(a, b)


PROGRAMS = {"image_pipeline": image_pipeline, "mlp": mlp, "raw_graph": raw_graph,
            "least_squares": least_squares}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program(name):
    import tensorflow as real

    fn = PROGRAMS[name]
    exp = fn(real)
    for b in BACKENDS:
        with ivy.using_backend(b):
            got = fn(ftf)
            compare(got, exp, b, 1e-4, 1e-4, name)


def test_trace_frontend_code():
    """Frontend code traced with ivy.trace_graph is an ordinary Ivy graph (replayable)."""
    import tensorflow as real

    def f(x, w):
        t, ww = ftf._core.wrap(ivy.to_native(x)), ftf._core.wrap(ivy.to_native(w))
        y = ftf.nn.relu(ftf.matmul(t, ww)) * 2.0 + 1.0
        y = ftf.nn.softmax(ftf.reduce_sum(ftf.reshape(y, (2, 2, 2)), axis=1))
        return ivy.Array(y._data)

    x = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32)
    w = np.random.default_rng(1).standard_normal((3, 4)).astype(np.float32)
    g = ivy.trace_graph(f, x, w)
    exp = real.nn.softmax(real.reduce_sum(real.reshape(real.nn.relu(x @ w) * 2.0 + 1.0,
                                                       (2, 2, 2)), axis=1)).numpy()
    np.testing.assert_allclose(ivy.to_numpy(g(x, w)), exp, rtol=1e-5)
    np.testing.assert_allclose(ivy.to_numpy(g.with_backend("jax")(x, w)), exp, rtol=1e-5)


def test_import_is_framework_free():
    code = ("import sys, ivy.frontends.tensorflow as t; x = t.ones(2) + 1; "
            "y = t.nn.relu(t.constant([[1.0, -1.0]])); "
            "assert not any(m in sys.modules for m in ('torch', 'jax', 'tensorflow')), "
            "[m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules]")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_not_implemented_message():
    with pytest.raises(NotImplementedError, match=r"ivy\.frontends\.tensorflow: tf\.string .*"
                                                  r"docs/frontends-tensorflow\.md"):
        ftf.string  # noqa: B018
    with pytest.raises(NotImplementedError, match="tf.GradientTape"):
        ftf.GradientTape()
    with pytest.raises(AttributeError):
        ftf.no_such_function  # noqa: B018


def test_trace_added():
    """Philox stateless_uniform -> expm -> lu traced with ivy.trace_graph: the seed is graph
    data (a second seed replays correctly), and the graph replays on JAX."""
    def f(x, s):
        t, sd = ftf._core.wrap(ivy.to_native(x)), ftf._core.wrap(ivy.to_native(s))
        u = ftf.random.stateless_uniform([3, 3], seed=sd)
        return ivy.Array(ftf.linalg.lu(ftf.linalg.expm(t + u))[0]._data)

    x = np.eye(3, dtype=np.float32)
    g = ivy.trace_graph(f, x, np.array([1, 2], np.int64))
    for seed in ([1, 2], [5, 9]):
        s = np.array(seed, np.int64)
        exp = real.linalg.lu(real.linalg.expm(
            x + real.random.stateless_uniform([3, 3], seed=real.constant(s))))[0].numpy()
        np.testing.assert_allclose(ivy.to_numpy(g(x, s)), exp, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(ivy.to_numpy(g.with_backend("jax")(x, s)), exp, rtol=1e-4,
                                   atol=1e-5)


def test_extract_patches_traced_follows_new_images():
    """extract_patches' windows are ivy.get_item calls (native slicing is not recorded): the
    traced graph gives the patches of a new image, not the example's."""
    def f(x):
        t = ftf._core.wrap(ivy.to_native(x))
        return ivy.Array(ftf.image.extract_patches(t, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1],
                                                   "SAME")._data)

    rng = np.random.default_rng(3)
    x, y = (rng.random((1, 6, 5, 2)).astype(np.float32) for _ in range(2))
    g = ivy.trace_graph(f, x)
    exp = real.image.extract_patches(y, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")
    np.testing.assert_allclose(ivy.to_numpy(g(y)), exp.numpy())
