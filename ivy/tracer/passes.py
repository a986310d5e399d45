"""Graph passes: dead-code elimination, constant folding, common-subexpression elimination,
identity elimination (pattern fusion is :mod:`.fuse`).

Each takes a graph and returns a new one of the same class; the input graph is unchanged.
"""

from __future__ import annotations

import json

import numpy as np

from ..registry import resolve
from .fuse import fuse as fuse_patterns
from .ir import (
    CALL,
    CONSTANT,
    CONTROL_FLOW,
    INPUT,
    MUTATING,
    Node,
    Ref,
    is_random,
    iter_refs,
    map_refs,
)
from .replay import constant_values, copy, flatten_out
from .serialize import encode


def rebuild(g, keep, replace=None):
    """A new graph with the nodes whose index is in ``keep`` (new Nodes allowed in
    ``replace[i]`` = list of nodes, each one output, standing for node i's outputs)."""
    replace = replace or {}
    remap: dict = {}
    new_nodes: list[Node] = []

    def f(r):
        return remap[(r.node, r.index)]

    for i, n in enumerate(g.nodes):
        if i in replace:
            for j, m in enumerate(replace[i]):
                if m.__class__ is Ref:  # an alias of an earlier value
                    remap[(i, j)] = f(m)
                else:
                    new_nodes.append(m)
                    remap[(i, j)] = Ref(len(new_nodes) - 1, 0)
            continue
        if i not in keep:
            continue
        m = n.copy(args=map_refs(n.args, f), kwargs=map_refs(n.kwargs, f))
        new_nodes.append(m)
        for j in range(len(n.outputs)):
            remap[(i, j)] = Ref(len(new_nodes) - 1, j)
    template = map_refs(g.template, f)
    output = map_refs(g.output, f)
    for m in new_nodes:
        if m.op != INPUT:
            m.name = None
    h = g.__class__(new_nodes, template, output, name=g.name, backend=g.backend)
    h.dims = g.dims
    return h


def dce(g):
    """Dead-code elimination: drop nodes whose values do not reach the output."""
    live = {r.node for r in iter_refs(g.output)}
    for i in range(len(g.nodes) - 1, -1, -1):
        if i in live:
            n = g.nodes[i]
            live.update(r.node for r in iter_refs((n.args, n.kwargs)))
    keep = {i for i, n in enumerate(g.nodes) if n.op == INPUT or i in live}
    return rebuild(g, keep)


def fold_constants(g, *, max_elements: int = 1 << 16):
    """Evaluate calls that depend on no input (and are not random) once, keeping results of at
    most ``max_elements`` elements as constants."""
    from ..errors import BackendNotInstalledError
    from ..functional.backends import load_backend

    try:
        B = load_backend(g.backend)
    except BackendNotInstalledError:
        B = load_backend("numpy")
    dyn = g.dynamic()
    env: dict = {}
    consts = constant_values(g, B)
    replace: dict = {}
    for i, n in enumerate(g.nodes):
        if n.op == CONSTANT:
            env[(i, 0)] = consts[i]
        if n.op != CALL or i in dyn or n.target in CONTROL_FLOW:
            continue  # loops and branches stay (their sub-graphs are opaque here)
        if any((r.node, r.index) not in env for r in iter_refs((n.args, n.kwargs))):
            continue  # an argument was left unfolded (too large, or a loop's result)
        if any(s is None or int(np.prod(s, dtype=np.int64)) > max_elements for s, _ in n.outputs):
            continue
        fn = resolve(B, n.target)
        args = map_refs(n.args, lambda r: env[(r.node, r.index)])
        kwargs = map_refs(n.kwargs, lambda r: env[(r.node, r.index)])
        if n.target in MUTATING:
            args = (copy(B, args[0]),) + tuple(args[1:])
        leaves = flatten_out(fn(*args, **kwargs))
        if len(leaves) != len(n.outputs):
            continue
        new = []
        for j, v in enumerate(leaves):
            env[(i, j)] = v
            value = np.array(B.to_numpy(v), copy=True)
            new.append(Node(CONSTANT, "constant", value=value,
                            outputs=[(tuple(value.shape), n.outputs[j][1])]))
        replace[i] = new
    return rebuild(g, set(range(len(g.nodes))), replace)


def cse(g):
    """Identical calls (same function, same arguments) and identical constants computed once."""
    seen: dict = {}
    replace: dict = {}
    alias: dict = {}

    def canon(r):
        return alias.get((r.node, r.index), r)

    for i, n in enumerate(g.nodes):
        if n.op == INPUT:
            continue
        if n.op == CONSTANT:
            v = n.value
            key = ("c", str(v.dtype), v.shape, v.tobytes())
        else:
            if is_random(n.target) or n.target in CONTROL_FLOW:
                continue  # loops are never merged (their sub-graphs are opaque here)
            a = map_refs(n.args, canon)
            k = map_refs(n.kwargs, canon)
            try:
                key = ("f", n.target, json.dumps(encode((a, k), binary=False), sort_keys=True))
            except TypeError:
                continue
        j = seen.get(key)
        if j is None:
            seen[key] = i
            continue
        replace[i] = [Ref(j, o) for o in range(len(n.outputs))]
        for o in range(len(n.outputs)):
            alias[(i, o)] = Ref(j, o)
    return rebuild(g, set(range(len(g.nodes))), replace)


def _identity_of(g, n):
    """The Ref that call ``n`` returns unchanged (by value, shape and dtype), or None.

    A graph is specialised to the shapes and dtypes it was traced with (they are recorded on
    every node), so ``astype`` to the dtype the value has, ``reshape``/``broadcast_to`` to the
    shape it has and ``permute_dims`` by the identity permutation compute nothing. (The JAX
    source lowers every ``dot_general`` and ``broadcast_in_dim`` to such steps.)"""
    t = n.target
    if t not in _IDENTITY_CANDIDATES or not n.args or n.args[0].__class__ is not Ref:
        return None
    x = n.args[0]
    shape, dtype = g.nodes[x.node].outputs[x.index]
    if len(n.outputs) != 1 or n.outputs[0] != (shape, dtype) or shape is None:
        return None
    rest = list(n.args[1:])
    kw = dict(n.kwargs)
    if t == "astype":
        if kw.pop("device", None) is not None:
            return None
        kw.pop("copy", None)
        target = rest[0] if rest else kw.pop("dtype", None)
        return x if str(target) == str(dtype) and not rest[1:] and not kw else None
    if t == "permute_dims":
        axes = rest[0] if rest else kw.get("axes")
        return x if isinstance(axes, (tuple, list)) and tuple(axes) == tuple(
            range(len(shape))) else None
    if t in ("reshape", "broadcast_to"):
        if t == "reshape":
            kw.pop("copy", None)
        want = rest[0] if rest else kw.pop("shape", None)
        return x if isinstance(want, (tuple, list)) and tuple(want) == tuple(shape) else None
    return None


_IDENTITY_CANDIDATES = frozenset({"astype", "permute_dims", "reshape", "broadcast_to"})


def drop_identities(g):
    """Calls that return their input unchanged (see :func:`_identity_of`) become aliases of it.

    One is kept where it would hand a graph input straight back as an output (eager Ivy returns
    a new array there, so the caller's own array must not come back)."""
    inputs = {i for i, n in enumerate(g.nodes) if n.op == INPUT}
    outs = {(r.node, r.index) for r in iter_refs(g.output)}
    alias: dict = {}
    replace: dict = {}
    for i, n in enumerate(g.nodes):
        if n.op != CALL:
            continue
        x = _identity_of(g, n)
        if x is None:
            continue
        x = alias.get((x.node, x.index), x)
        if (i, 0) in outs and x.node in inputs:
            continue
        alias[(i, 0)] = x
        replace[i] = [x]
    if not replace:
        return g
    return rebuild(g, set(range(len(g.nodes))), replace)


def optimize(g, *, fuse: bool = True):
    """Constant folding, then CSE, identity elimination, pattern fusion (``fuse``: see
    :mod:`.fuse`) and dead-code elimination."""
    g = drop_identities(cse(fold_constants(g)))
    if fuse:
        g = fuse_patterns(g)
    return dce(g)
