"""Control flow: ``while_loop``, ``cond``, ``scan`` (JAX semantics), one definition each.

These take Python callables, so they are plain registered functions rather than generated
dispatchers. Each flattens its loop state (any pytree, through ``optree``) into a tuple of native
arrays, wraps the user's callables so that they see the state in its own structure (as
``ivy.Array`` leaves when an ``ivy.Array`` was given), and calls the backend's flat form::

    B.while_loop(cond_fn, body_fn, loop_vars)         # cond_fn(*vars) -> 0-d bool, body_fn(*vars) -> tuple
    B.cond(pred, true_fn, false_fn, operands)          # fn(*operands) -> tuple
    B.scan(f, init, xs, length, reverse)              # f(*carry, *x) -> (carry tuple, y tuple)

The backends use their framework's construct (``jax.lax.while_loop``/``cond``/``scan``,
``tf.while_loop``/``tf.cond``) or a Python loop (NumPy, PyTorch, MXNet), so the functions stay
jittable under ``jax.jit`` and ``tf.function``. As in JAX, the loop state keeps its structure,
dtypes and shapes from one iteration to the next (a change is a ``TypeError`` on every backend),
and both branches of ``cond`` return the same structure and dtypes.
"""

from __future__ import annotations

import optree

from ivy import func_wrapper as _fw
from ivy.func_wrapper import register

_NS = "ivy"  # optree namespace (ivy.Container and friends register there)


def _backend(leaves):
    B = _fw.DISPATCH_GLOBALS["_B"]
    return B if B is not None else _fw.infer_backend("control flow", list(leaves), {})


def _flatten(tree, B, what: str):
    """``(native leaves, treedef, wrap)``: Python scalars become arrays (Ivy's default dtypes)."""
    leaves, treedef = optree.tree_flatten(tree, none_is_leaf=False, namespace=_NS)
    out, wrap = [], False
    for v in leaves:
        if v.__class__ is _fw.Array:
            v, wrap = v._data, True
        elif _fw.backend_name_of_type(type(v)) is None:
            if not isinstance(v, (bool, int, float, complex)):
                raise TypeError(f"{what}: a leaf of type {type(v).__name__} is not an array")
            v = _fw.unwrap(_fw.API["asarray"](v))
        out.append(v)
    return tuple(out), treedef, wrap


def _unflatten(treedef, leaves, wrap):
    if wrap:
        leaves = [_fw.wrap(v) for v in leaves]
    return optree.tree_unflatten(treedef, list(leaves))


def _check_like(name: str, want, got_leaves, got_def, want_def) -> None:
    if got_def != want_def:
        raise TypeError(f"{name} must return the structure of its input: expected {want_def}, "
                        f"got {got_def}")
    for a, b in zip(want, got_leaves, strict=True):
        if str(a.dtype) != str(b.dtype):
            raise TypeError(f"{name} changed a loop value's dtype from {a.dtype} to {b.dtype}; "
                            "the loop state keeps its dtypes (cast inside the body)")


def _flat_fn(fn, name, treedef, wrap, B, like=None):
    """The user's ``fn`` on flat native leaves, returning a tuple of native leaves."""

    def flat(*leaves):
        out = fn(_unflatten(treedef, leaves, wrap))
        got, got_def, _ = _flatten(out, B, name)
        if like is not None:
            _check_like(name, like, got, got_def, treedef)
        return got

    return flat


@register
def while_loop(cond_fn, body_fn, loop_vars):
    """``while cond_fn(loop_vars): loop_vars = body_fn(loop_vars)``; returns the final
    ``loop_vars`` (``jax.lax.while_loop`` semantics: ``cond_fn`` returns a 0-d boolean array,
    ``body_fn`` the same structure with the same dtypes). ``fori_loop(lo, hi, f, x)`` is
    ``while_loop(lambda s: s[0] < hi, lambda s: (s[0] + 1, f(s[0], s[1])), (lo, x))[1]``."""
    B = _backend(optree.tree_leaves(loop_vars, namespace=_NS))
    leaves, treedef, wrap = _flatten(loop_vars, B, "while_loop")

    def c(*v):
        r = cond_fn(_unflatten(treedef, v, wrap))
        r = r._data if r.__class__ is _fw.Array else r
        return r

    body = _flat_fn(body_fn, "while_loop's body_fn", treedef, wrap, B, like=leaves)
    out = B.while_loop(c, body, leaves)
    return _unflatten(treedef, out, wrap)


@register
def cond(pred, true_fn, false_fn, *operands):
    """``true_fn(*operands)`` if ``pred`` else ``false_fn(*operands)`` (``jax.lax.cond``). ``pred``
    is a 0-d boolean array or a Python bool (then the branch is chosen now, as Python ``if``);
    both branches return the same structure and dtypes."""
    if isinstance(pred, bool):
        return true_fn(*operands) if pred else false_fn(*operands)
    B = _backend([pred, *optree.tree_leaves(operands, namespace=_NS)])
    leaves, treedef, wrap = _flatten(operands, B, "cond")
    if pred.__class__ is _fw.Array:
        pred, wrap = pred._data, True
    shapes: dict = {}

    def branch(fn, name):
        def flat(*v):
            out = fn(*_unflatten(treedef, v, wrap))
            got, got_def, _ = _flatten(out, B, name)
            prev = shapes.setdefault("def", got_def)
            if prev != got_def:
                raise TypeError(f"cond's branches return different structures: {prev} and "
                                f"{got_def}")
            shapes["wrap"] = wrap or any(x.__class__ is _fw.Array
                                         for x in optree.tree_leaves(out, namespace=_NS))
            return got
        return flat

    out = B.cond(pred, branch(true_fn, "cond's true_fn"), branch(false_fn, "cond's false_fn"),
                 leaves)
    return _unflatten(shapes["def"], out, shapes.get("wrap", wrap))


@register
def scan(f, init, xs, length=None, reverse=False):
    """``jax.lax.scan``: ``carry = init; for x in xs: carry, y = f(carry, x)``; returns
    ``(carry, stacked ys)``. ``xs`` is a pytree of arrays sliced along axis 0 (or ``None`` with
    ``length``); ``reverse=True`` runs from the end (ys stay in the order of ``xs``)."""
    B = _backend(optree.tree_leaves((init, xs), namespace=_NS))
    c_leaves, c_def, c_wrap = _flatten(init, B, "scan's init")
    x_leaves, x_def, x_wrap = _flatten(xs, B, "scan's xs")
    wrap = c_wrap or x_wrap
    lengths = {int(x.shape[0]) for x in x_leaves}
    if length is not None:
        lengths.add(int(length))
    if len(lengths) != 1:
        raise ValueError(f"scan: xs leading dimensions and length disagree: {sorted(lengths)}" if
                         lengths else "scan: give xs or length")
    n = lengths.pop()
    ydef: dict = {}

    def flat(*v):
        carry = _unflatten(c_def, v[:len(c_leaves)], wrap)
        x = _unflatten(x_def, v[len(c_leaves):], wrap)
        out = f(carry, x)
        if not (isinstance(out, tuple) and len(out) == 2):
            raise TypeError("scan's f must return a pair (carry, y)")
        new_c, got_def, _ = _flatten(out[0], B, "scan's f")
        _check_like("scan's f", c_leaves, new_c, got_def, c_def)
        ys, ydef["def"], _ = _flatten(out[1], B, "scan's f")
        return new_c, ys

    carry, ys = B.scan(flat, c_leaves, x_leaves, n, bool(reverse))
    return _unflatten(c_def, carry, wrap), _unflatten(ydef["def"], ys, wrap)


__all__ = ["cond", "scan", "while_loop"]
