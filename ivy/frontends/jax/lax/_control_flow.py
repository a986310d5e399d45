"""``jax.lax`` control flow (``cond``, ``switch``, ``while_loop``, ``fori_loop``, ``scan``, ``map``,
``associative_scan``) as Python loops over Ivy calls (eager; the transpiler captures them as IR
nodes holding sub-graphs).

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins

import ivy

from .. import tree_util
from .._array import asarray, wrap
from .._core import not_implemented
from ..numpy import _functions as _F
from ._base import _max, _min, _range


# ------------------------------------------------------------------------------ control flow
# -- control flow: ivy.cond / ivy.while_loop / ivy.scan, so a traced program keeps its loops ----
def _flat(tree, what):
    """``(frontend leaves, treedef)`` of a pytree whose leaves become frontend Arrays."""
    leaves, treedef = tree_util.tree_flatten(tree)
    return [asarray(v) for v in leaves], treedef


def _unflat(treedef, natives, weak):
    return tree_util.tree_unflatten(treedef, [wrap(n, w) for n, w in zip(natives, weak,
                                                                         strict=True)])


def _natives(tree, treedef, what, like=None):
    """The native leaves of ``tree`` (a callable's result), checked against ``treedef`` and the
    dtypes of ``like`` as JAX checks them; also the leaves' weak flags."""
    leaves, got = _flat(tree, what)
    if treedef is not None and got != treedef:
        raise TypeError(f"{what} must have the same type structure as its input: "
                        f"expected {treedef}, got {got}")
    if like is not None:
        for a, b in zip(like, leaves, strict=True):
            if a.dtype != b.dtype:
                if a._weak or b._weak:  # JAX lets a weak type settle on the other's dtype
                    continue
                raise TypeError(f"{what} output and input must have identical types: "
                                f"{a.dtype} vs {b.dtype}")
    return tuple(x._data for x in leaves), [x._weak for x in leaves], got


def cond(pred, true_fun, false_fun, *operands, operand=None):
    if operand is not None:
        operands = (operand,)
    p = asarray(pred)
    if p.ndim:
        raise TypeError("Pred must be a scalar, got array of shape " + str(p.shape))
    leaves, treedef = _flat(operands, "cond operands")
    weak = [x._weak for x in leaves]
    state: dict = {}

    def branch(fn):
        def run(*ns):
            out, w, od = _natives(fn(*_unflat(treedef, ns, weak)), None, "cond branch")
            state.setdefault("def", od)
            state["weak"] = w
            return out
        return run

    out = ivy.cond(ivy.astype(p._data, "bool"), branch(true_fun), branch(false_fun),
                   *[x._data for x in leaves])
    if not isinstance(out, tuple):
        out = (out,)
    return _unflat(state["def"], out, state["weak"])


def switch(index, branches, *operands, operand=None):
    if operand is not None:
        operands = (operand,)
    i = builtins.int(asarray(index))
    i = _min(_max(i, 0), len(branches) - 1)  # JAX clamps the index
    return branches[i](*operands)


def _arrays(tree):
    return tree_util.tree_map(asarray, tree)


def while_loop(cond_fun, body_fun, init_val):
    leaves, treedef = _flat(init_val, "while_loop init_val")
    weak = [x._weak for x in leaves]

    def c(ns):
        return asarray(cond_fun(_unflat(treedef, ns, weak)))._data

    def b(ns):
        out, _, _ = _natives(body_fun(_unflat(treedef, ns, weak)), treedef,
                             "body_fun output", like=leaves)
        return out

    out = ivy.while_loop(c, b, tuple(x._data for x in leaves))
    return _unflat(treedef, out, weak)


def fori_loop(lower, upper, body_fun, init_val, *, unroll=None):
    lo, hi = asarray(lower, dtype="int32"), asarray(upper, dtype="int32")
    leaves, treedef = _flat(init_val, "fori_loop init_val")
    weak = [x._weak for x in leaves]

    def c(ns):  # ivy calls, not native operators: a trace must record them
        return ivy.less(ns[0], hi._data)

    def b(ns):
        val = _unflat(treedef, ns[1:], weak)
        out, _, _ = _natives(body_fun(wrap(ns[0]), val), treedef, "body_fun output",
                             like=leaves)
        return (ivy.add(ns[0], ivy.astype(ivy.ones_like(ns[0]), "int32")), *out)

    out = ivy.while_loop(c, b, (lo._data, *[x._data for x in leaves]))
    return _unflat(treedef, out[1:], weak)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1, _split_transpose=False):
    x_leaves, x_def = _flat(xs, "scan xs")
    if length is None:
        if not x_leaves:
            raise ValueError("scan got no values to scan over and `length` not provided.")
        length = x_leaves[0].shape[0]
    lengths = {x.shape[0] for x in x_leaves}
    if x_leaves and lengths != {length}:
        raise ValueError("scan got `length` argument of ... which disagrees with leading axis "
                         "sizes")
    c_leaves, c_def = _flat(init, "scan init")
    c_weak = [x._weak for x in c_leaves]
    x_weak = [x._weak for x in x_leaves]
    ys_info: dict = {}

    def step(carry, x):
        c = _unflat(c_def, carry, c_weak)
        xv = (tree_util.tree_unflatten(x_def, [wrap(n, w) for n, w in zip(x, x_weak,
                                                                            strict=True)])
              if x_leaves else (None if xs is None else tree_util.tree_unflatten(x_def, [])))
        new_c, y = f(c, xv)
        nc, _, _ = _natives(new_c, c_def, "scan carry output", like=c_leaves)
        ys, yw, ydef = _natives(y, None, "scan ys")
        ys_info["def"], ys_info["weak"] = ydef, yw
        return nc, ys

    if builtins.int(length) == 0:
        not_implemented("jax.lax.scan of length 0")
    carry, ys = ivy.scan(step, tuple(x._data for x in c_leaves),
                         tuple(x._data for x in x_leaves), length=builtins.int(length),
                         reverse=builtins.bool(reverse))
    return _unflat(c_def, carry, c_weak), _unflat(ys_info["def"], ys, ys_info["weak"])


def map(f, xs, *, batch_size=None):  # noqa: A001
    _, ys = scan(lambda c, x: (c, f(x)), None, xs)
    return ys


def associative_scan(fn, elems, reverse=False, axis=0):
    leaves, treedef = tree_util.tree_flatten(elems)
    leaves = [_F.moveaxis(asarray(x), axis, 0) for x in leaves]
    n = leaves[0].shape[0]
    order = list(_range(n))[::-1] if reverse else list(_range(n))
    acc, outs = None, [None] * n
    for i in order:
        cur = tree_util.tree_unflatten(treedef, [x[i] for x in leaves])
        acc = cur if acc is None else (fn(acc, cur) if not reverse else fn(cur, acc))
        outs[i] = acc
    out_leaves = [tree_util.tree_flatten(o)[0] for o in outs]
    return tree_util.tree_unflatten(treedef, [
        _F.moveaxis(_F.stack([ol[j] for ol in out_leaves]), 0, axis)
        for j in _range(len(leaves))])


def optimization_barrier(operand):
    return operand
