"""The MXNet backend: control flow (see ivy/functional/ivy/control_flow.py for the API and the flat
calling convention). MXNet has no loop primitive of its own here: plain Python loops, which is
exactly what eager code does."""

from mxnet import numpy as mnp

__all__ = ["cond", "scan", "while_loop"]


def while_loop(cond_fn, body_fn, loop_vars):
    v = tuple(loop_vars)
    while bool(cond_fn(*v)):
        v = tuple(body_fn(*v))
    return v


def cond(pred, true_fn, false_fn, operands):
    return tuple(true_fn(*operands) if bool(pred) else false_fn(*operands))


def scan(f, init, xs, length, reverse):
    carry, steps = tuple(init), []
    for i in (range(length - 1, -1, -1) if reverse else range(length)):
        carry, y = f(*carry, *(x[i] for x in xs))
        carry = tuple(carry)
        steps.append(tuple(y))
    if not steps:  # length 0: one call on zeros gives the shapes and dtypes of y
        _, y = f(*carry, *(mnp.zeros(x.shape[1:], dtype=x.dtype, ctx=x.ctx) for x in xs))
        return carry, tuple(mnp.stack([e], 0)[:0] for e in y)
    if reverse:
        steps.reverse()
    return carry, tuple(mnp.stack([s[k] for s in steps], 0) for k in range(len(steps[0])))
