"""The tensorflow backend: control flow as ``tf.while_loop`` / ``tf.cond`` (see
ivy/functional/ivy/control_flow.py for the API and the flat calling convention); ``scan`` is a
``tf.while_loop`` writing ``tf.TensorArray``s, so all three stay loops under ``tf.function``
(``jit_compile=True`` included)."""

import tensorflow as tf

__all__ = ["cond", "scan", "while_loop"]


def while_loop(cond_fn, body_fn, loop_vars):
    return tuple(tf.while_loop(lambda *v: cond_fn(*v), lambda *v: tuple(body_fn(*v)),
                               tuple(loop_vars)))


def cond(pred, true_fn, false_fn, operands):
    return tuple(tf.cond(pred, lambda: tuple(true_fn(*operands)),
                         lambda: tuple(false_fn(*operands))))


def scan(f, init, xs, length, reverse):
    # one call on zeros gives the dtypes and shapes of y (dead code in a tf.function graph)
    _, y0 = f(*init, *(tf.zeros(x.shape[1:], x.dtype) for x in xs))
    tas = tuple(tf.TensorArray(y.dtype, size=length, element_shape=y.shape) for y in y0)

    def body(i, carry, tas):
        k = length - 1 - i if reverse else i
        c, y = f(*carry, *(tf.gather(x, k) for x in xs))
        return i + 1, tuple(c), tuple(ta.write(k, e) for ta, e in zip(tas, y, strict=True))

    _, carry, tas = tf.while_loop(lambda i, c, t: i < length, body,
                                  (tf.constant(0), tuple(init), tas))
    return tuple(carry), tuple(ta.stack() for ta in tas)
