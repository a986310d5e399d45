"""The jax backend: control flow as JAX's own primitives (see ivy/functional/ivy/control_flow.py
for the API and the flat calling convention), so it stays a loop under ``jax.jit``."""

import jax

__all__ = ["cond", "scan", "while_loop"]


def while_loop(cond_fn, body_fn, loop_vars):
    return tuple(jax.lax.while_loop(lambda v: cond_fn(*v), lambda v: tuple(body_fn(*v)),
                                    tuple(loop_vars)))


def cond(pred, true_fn, false_fn, operands):
    return tuple(jax.lax.cond(pred, lambda *o: tuple(true_fn(*o)),
                              lambda *o: tuple(false_fn(*o)), *operands))


def scan(f, init, xs, length, reverse):
    def step(c, x):
        c, y = f(*c, *x)
        return tuple(c), tuple(y)

    carry, ys = jax.lax.scan(step, tuple(init), tuple(xs), length=length, reverse=reverse)
    return tuple(carry), tuple(ys)
