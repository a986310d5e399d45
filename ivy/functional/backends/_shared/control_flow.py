"""Control flow as plain Python loops, for the backends whose framework has no loop primitive of
its own here (NumPy, PyTorch, MXNet): exactly what eager code does. See
ivy/functional/ivy/control_flow.py for the API and the flat calling convention, and
``_shared/__init__.py`` for the ``xp`` convention (``row_zeros(x)``: zeros shaped like one row of
``x`` on its device, the backend's own)."""

from __future__ import annotations


def while_loop(xp, cond_fn, body_fn, loop_vars):
    v = tuple(loop_vars)
    while bool(cond_fn(*v)):
        v = tuple(body_fn(*v))
    return v


def cond(xp, pred, true_fn, false_fn, operands):
    return tuple(true_fn(*operands) if bool(pred) else false_fn(*operands))


def scan(xp, f, init, xs, length, reverse, *, row_zeros):
    carry, steps = tuple(init), []
    for i in (range(length - 1, -1, -1) if reverse else range(length)):
        carry, y = f(*carry, *(x[i] for x in xs))
        carry = tuple(carry)
        steps.append(tuple(y))
    if not steps:  # length 0: one call on zeros gives the shapes and dtypes of y
        _, y = f(*carry, *(row_zeros(x) for x in xs))
        return carry, tuple(xp.stack([e], 0)[:0] for e in y)
    if reverse:
        steps.reverse()
    return carry, tuple(xp.stack([s[k] for s in steps], 0) for k in range(len(steps[0])))
