"""Real TensorFlow / Keras code for the transpiler corpus: name -> (make_obj, args)."""

from __future__ import annotations

import numpy as np

R = np.random.default_rng(0)


def f32(*s):
    return R.standard_normal(s).astype(np.float32)


def cases():
    import keras
    import tensorflow as tf
    keras.utils.set_random_seed(0)
    img = np.abs(f32(2, 8, 8, 3))
    x = f32(4, 6)

    def seq_model():
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.LayerNormalization(), keras.layers.Dense(3)])
        return m

    def cnn():
        m = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(4, 3, padding="same"),
                              keras.layers.BatchNormalization(), keras.layers.ReLU(),
                              keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                              keras.layers.Dense(2)])
        return m

    def dw():
        return keras.Sequential([keras.Input((8, 8, 3)),
                                 keras.layers.DepthwiseConv2D(3, depth_multiplier=2),
                                 keras.layers.GlobalAveragePooling2D()])

    def standardize(im):
        return tf.image.per_image_standardization(im)

    def gray(im):
        return tf.image.rgb_to_grayscale(im)

    def flip_crop(im):
        return tf.image.central_crop(tf.image.flip_left_right(im), 0.5)

    def gamma(im):
        return tf.image.adjust_gamma(im, 1.5)

    def moments(v):
        m, var = tf.nn.moments(v, axes=[0])
        return tf.nn.l2_normalize(v, axis=-1), m, var

    def xent(logits, labels):
        return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)

    def mlp_fn(v, w, b):
        return tf.nn.softmax(tf.tanh(tf.matmul(v, w) + b))

    def conv_fn(im, k):
        return tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(im, k, 1, "SAME")), 2, 2, "VALID")

    def mha():  # EinsumDense projections and the attention's einsums (raw op Einsum)
        layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
        layer(f32(2, 5, 8), f32(2, 7, 8))  # built
        return layer

    def mha_model():  # a functional Model of two inputs: called as m([q, k])
        q, k = keras.Input((5, 8)), keras.Input((7, 8))
        return keras.Model([q, k], keras.layers.Dense(3)(
            keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)(q, k)))

    def einsum_fn(a, b):
        return tf.einsum("bqd,bkd->bqk", a, b) / 8.0 ** 0.5

    labels = np.eye(6, dtype=np.float32)[[0, 3, 1, 5]]
    return {
        "keras Sequential (Dense, LayerNorm)": (seq_model, (x,)),
        "keras CNN (Conv2D, BatchNorm, MaxPool, Dense)": (cnn, (img,)),
        "keras DepthwiseConv2D + GlobalAveragePooling2D": (dw, (img,)),
        "tf.image.per_image_standardization": (lambda: standardize, (img,)),
        "tf.image.rgb_to_grayscale": (lambda: gray, (img,)),
        "tf.image flip_left_right + central_crop": (lambda: flip_crop, (img,)),
        "tf.image.adjust_gamma": (lambda: gamma, (img,)),
        "tf.nn.moments + l2_normalize": (lambda: moments, (x,)),
        "tf.nn.softmax_cross_entropy_with_logits": (lambda: xent, (f32(4, 6), labels)),
        "tf MLP function": (lambda: mlp_fn, (x, f32(6, 5), f32(5))),
        "tf.nn conv2d + max_pool2d": (lambda: conv_fn, (img, f32(3, 3, 3, 4))),
        "keras MultiHeadAttention (EinsumDense, einsum)": (mha, (f32(2, 5, 8), f32(2, 7, 8))),
        "keras functional Model of two inputs (MultiHeadAttention)": (
            mha_model, (f32(2, 5, 8), f32(2, 7, 8))),
        "tf.einsum attention scores": (lambda: einsum_fn, (f32(2, 5, 8), f32(2, 7, 8))),
        **_control_flow(),
    }


# -- control flow kept as loops (While / If -> ivy.while_loop / ivy.cond nodes) -----------------
def doubling(x, thr):
    """tf.while_loop whose trip count depends on the input values."""
    import tensorflow as tf
    return tf.while_loop(lambda i, v: tf.reduce_sum(v) < thr, lambda i, v: (i + 1, v * 2.0),
                         (tf.constant(0), tf.abs(x) + 0.1))


def newton_sqrt(a):
    """Newton's iteration for sqrt(a) until converged, at most 50 steps (maximum_iterations)."""
    import tensorflow as tf
    a = tf.abs(a) + 1.0
    return tf.while_loop(
        lambda x: tf.reduce_max(tf.abs(x * x - a)) > 1e-4 * tf.reduce_max(a),
        lambda x: (0.5 * (x + a / x),), (a,), maximum_iterations=50)[0]


def sign_cond(x):
    import tensorflow as tf
    return tf.cond(tf.reduce_sum(x) > 0, lambda: tf.sin(x) * 2.0, lambda: tf.cos(x) - 1.0)


def cond_in_while(x, thr):
    """A tf.cond inside a data-dependent tf.while_loop (halve when large, else add 1)."""
    import tensorflow as tf

    def body(i, v):
        v = tf.cond(tf.reduce_max(v) > 4.0, lambda: v * 0.5, lambda: v + 1.0)
        return i + 1, v
    return tf.while_loop(lambda i, v: (tf.reduce_sum(v) < thr) & (i < 100), body,
                         (tf.constant(0), tf.abs(x)))


def _control_flow():
    return {
        "tf.while_loop doubling to a threshold": (lambda: doubling,
                                                  (f32(4), np.asarray(20.0, np.float32))),
        "tf.while_loop Newton sqrt (maximum_iterations)": (lambda: newton_sqrt, (f32(5),)),
        "tf.cond on the input's sign": (lambda: sign_cond, (f32(5),)),
        "tf.cond inside tf.while_loop": (lambda: cond_in_while,
                                         (f32(3), np.asarray(15.0, np.float32))),
    }
