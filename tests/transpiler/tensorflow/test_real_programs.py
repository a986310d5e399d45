"""TensorFlow / Keras programs that needed more than the raw-op rules: Keras RNN layers (their
``tf.while_loop`` over ``TensorList``s, a counted loop: ``ivy.scan``, so JAX differentiates it),
a user ``tf.TensorArray`` loop, ``tf.image.rot90`` of one image (nested ``If``s and a string
``Const`` in an assertion), ``tf.image.extract_patches`` (was right on the example only). Each
is transpiled and compared with TensorFlow on new inputs. The survey over tf.image / tf.signal /
tf.linalg / Keras is ``python -m tools.survey_tensorflow``."""

from __future__ import annotations

import os

import numpy as np
import pytest

import ivy
from ivy.transpiler import frameworks as fw

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

FULL = bool(os.environ.get("IVY_FULL"))
R = np.random.default_rng(1)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


def _check(t, fn, args):
    a2 = tuple(fw.random_like(a, np.random.default_rng(9)) for a in args)
    for a in (args, a2):
        want = fw.tree_to_numpy(fn(*(tf.constant(x) for x in a)))
        got = fw.tree_to_numpy(t(*a))
        res = fw.compare_trees(want, got)
        assert all(r["ok"] for r in res), res


RNNS = {"SimpleRNN": lambda: keras.layers.SimpleRNN(4),
        "LSTM": lambda: keras.layers.LSTM(3, return_sequences=True),
        "GRU": lambda: keras.layers.GRU(3),
        "Bidirectional(LSTM)": lambda: keras.layers.Bidirectional(keras.layers.LSTM(2))}


@pytest.mark.parametrize("name", sorted(RNNS) if FULL else ["SimpleRNN"])
def test_keras_rnn(name):
    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((5, 6)), RNNS[name]()])
    x = f32(2, 5, 6)
    t = ivy.transpile(m, source="tensorflow", target="jax", args=(x,))
    assert "lax.scan" in t.source  # the time loop is counted: reverse-mode differentiable
    g = t.report["verification"]["gradient"]
    assert isinstance(g, list) and g and all(e["ok"] for e in g), g
    _check(t, lambda a: m(a, training=False), (x,))


def tensor_array_loop(x):
    ta = tf.TensorArray(tf.float32, size=x.shape[0])

    def body(i, acc, ta):
        acc = acc * 0.5 + x[i]
        return i + 1, acc, ta.write(i, tf.tanh(acc))
    _, acc, ta = tf.while_loop(lambda i, *_: i < x.shape[0], body,
                               (tf.constant(0), tf.zeros(x.shape[1:]), ta))
    return ta.stack(), acc


def rot90_one(x):
    return tf.image.rot90(x, k=3), tf.image.rot90(x[None], k=1)


def patches(x):
    return tf.image.extract_patches(x, [1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")


@pytest.mark.parametrize("fn,shape", [(tensor_array_loop, (4, 3)), (rot90_one, (5, 4, 3)),
                                      (patches, (2, 7, 6, 2))],
                         ids=["TensorArray loop", "rot90 of one image", "extract_patches"])
def test_program(fn, shape):
    x = f32(*shape)
    for target in (("numpy", "torch", "jax") if FULL else ("numpy",)):
        t = ivy.transpile(fn, source="tensorflow", target=target, args=(x,))
        _check(t, fn, (x,))


@tf.function
def _svd_reconstruct(x):
    s, u, v = tf.linalg.svd(x)
    return tf.matmul(u * s[..., None, :], v, adjoint_b=True)


@tf.function
def _eigh_projector(x):
    a = tf.matmul(x, x, transpose_b=True) + tf.eye(x.shape[-1])
    e, v = tf.linalg.eigh(a)
    return e, tf.matmul(v[..., :, :2], v[..., :, :2], transpose_b=True)


@pytest.mark.parametrize("fn,shape", [(_svd_reconstruct, (2, 5, 4)), (_eigh_projector, (3, 3)),
                                      (lambda x: tf.linalg.pinv(x), (3, 5, 4))],
                         ids=["svd_reconstruct", "eigh_projector", "pinv"])
def test_decompositions_whose_vector_signs_cancel(fn, shape):
    """TF's singular/eigen vectors and Ivy's may differ by a sign per column; TF's run continues
    with Ivy's vectors after such an op, and programs whose outputs do not depend on the signs
    (a reconstruction, a projector, pinv) transpile and match TF on new inputs."""
    x = f32(*shape)
    t = ivy.transpile(fn, source="tensorflow", target="numpy", args=(x,))
    _check(t, fn, (x,))


def test_returning_the_vectors_themselves_is_refused():
    """The signs of returned singular vectors are TF's kernel's own: refused, not guessed."""
    @tf.function
    def f(x):
        return tf.linalg.svd(x)[1]

    x = f32(4, 4)
    s, u, v = tf.linalg.svd(tf.constant(x))
    ivy_u = np.linalg.svd(x)[0]
    if np.allclose(np.abs(np.sum(u.numpy() * ivy_u, axis=0)), 1, atol=1e-4) and \
            np.allclose(np.sum(u.numpy() * ivy_u, axis=0), 1, atol=1e-4):
        pytest.skip("TF's and NumPy's signs agree on this draw: nothing to refuse")
    with pytest.raises(ivy.transpiler.TranspileError):
        ivy.transpile(f, source="tensorflow", target="numpy", args=(x,))
