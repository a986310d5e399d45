"""Running a graph (the Interpreter/codegen part, like ``torch.fx``'s ``GraphModule``).

Replay does not interpret node by node: for each backend it generates (once) a Python function
with one line per node that calls the backend's functions directly on native arrays, freeing each
intermediate after its last use, so replay skips even the dispatchers.
"""

from __future__ import annotations

import math

import numpy as np

from .. import func_wrapper as _fw
from .. import tree as _tree
from ..functional.backends.descriptors import descriptor
from ..registry import resolve
from .ir import CALL, CONSTANT, CONTROL_FLOW, MUTATING, Ref, iter_refs
from .recorder import Recorder, real_backend
from .source import SourceWriter

_DG = _fw.DISPATCH_GLOBALS
_BOT = _fw._BACKEND_OF_TYPE


def native_of(v) -> bool:
    """Whether ``v`` is a native array (or NumPy scalar) of any framework."""
    c = v.__class__
    n = _BOT.get(c, 0)
    if n == 0:
        n = _fw.backend_name_of_type(c)
    return n is not None


def backend_of(x):
    from ..functional.backends import load_backend

    return load_backend(_fw.backend_name_of_type(type(x)))


def to_numpy(x) -> np.ndarray:
    return np.asarray(backend_of(x).to_numpy(x))


def from_numpy(B, a: np.ndarray):
    """NumPy array ``a`` as backend ``B``'s native array."""
    B = real_backend(B)
    if B.name == "numpy":
        return a
    if a.dtype.name == "bfloat16":
        return B.astype(B.asarray(a.astype(np.float32)), "bfloat16")
    return B.asarray(a)


def copy(B, x):
    """A copy of ``x`` where ``B`` updates arrays in place (value semantics for ``set_item``)."""
    real = real_backend(B)
    name = real.name
    if name == "numpy":
        return x.copy()
    if name == "torch":
        return x.clone()
    if descriptor(name).mutable:  # any other in-place framework (mxnet): its own asarray
        return real.asarray(x, copy=True, device=real.dev(x))
    return x


def convert(B, v):
    """An input array of another framework, as ``B``'s native array."""
    return from_numpy(B, to_numpy(v))


def _is_mapping(v) -> bool:
    return isinstance(v, dict)


def flatten_out(out) -> list:
    """The native arrays in a result, in order, through lists, tuples and namedtuples (as the
    tracer registers a node's outputs: dicts are not looked into)."""
    return [v for v in _tree.tree_leaves(out, is_leaf=_is_mapping) if native_of(v)]


def wrap_tree(v):
    """``v`` with its native arrays wrapped as ``ivy.Array`` (through :mod:`ivy.tree`)."""
    return _tree.tree_map(_fw.wrap, v)


def constant_values(g, B) -> dict:
    """Native copies of the constants for backend ``B`` (made once per backend)."""
    name = getattr(B, "name", None)
    got = g._consts.get(name) if name else None
    if got is None:
        got = {i: from_numpy(B, n.value) for i, n in enumerate(g.nodes) if n.op == CONSTANT}
        if name:
            g._consts[name] = got
    return got


# ---------------------------------------------------------------------------------------------
# The generated replay function
# ---------------------------------------------------------------------------------------------

class _Writer(SourceWriter):
    """Writes the replay function's lines: calls go to backend ``B``'s functions (bound as
    globals), values that have no literal form and constants are bound as globals too."""

    def __init__(self, graph, glb: dict, B, mutable: bool):
        super().__init__(graph)
        self.glb = glb
        self.B = B
        self.mutable = mutable  # set_item writes in place: copy first
        self.fns: dict = {}  # target -> the global bound to the backend's function
        self._k = 0

    def bind(self, value, prefix="_ivy_k") -> str:
        name = f"{prefix}{self._k}"
        self._k += 1
        self.glb[name] = value
        return name

    def leaf(self, v) -> str:
        c = v.__class__
        if v is None or c is bool or c is int or c is str:
            return repr(v)
        if c is float:
            return repr(v) if math.isfinite(v) else self.bind(v)
        if v is Ellipsis:
            return "..."
        return self.bind(v)

    def constant_node(self, n, name: str) -> None:
        if name not in self.glb:  # the top level's are bound already (cached per backend)
            self.glb[name] = from_numpy(self.B, n.value)

    def call_text(self, n, name: str) -> str:
        f = self.fns.get(n.target)
        if f is None:
            f = self.fns[n.target] = self.bind(resolve(self.B, n.target), "_ivy_f")
        args = n.args[:-1] if n.target in CONTROL_FLOW else n.args  # captures: closures
        parts = [self.expr(a) for a in args]
        if n.target in MUTATING and self.mutable and parts:
            parts[0] = f"_ivy_copy({parts[0]})"
        parts += [f"{k}={self.expr(v)}" for k, v in n.kwargs.items()]
        return f"{f}({', '.join(parts)})"

    def sub_function(self, want: str) -> str:
        return f"_ivy_sub{len(self.subs)}"

    def sub_local(self, fname: str, node_name: str) -> str:
        return f"_ivy_s{fname.removeprefix('_ivy_sub')}_{node_name}"


def replay_source(graph, B) -> tuple[str, dict]:
    """Source of ``_ivy_replay(*inputs)`` calling ``B``'s functions, and its globals."""
    glb: dict = {"__builtins__": __builtins__}
    real = real_backend(B)
    mutable = descriptor(real.name).mutable  # set_item writes in place: copy first
    em = _Writer(graph, glb, B, mutable)
    consts = constant_values(graph, real)
    if mutable:
        glb["_ivy_copy"] = lambda x: copy(real, x)
    lines = [f"def _ivy_replay({', '.join(graph.input_names)}):"]
    # free each intermediate right after its last use, as eager code would
    last: dict = {}
    for i, n in enumerate(graph.nodes):
        for r in iter_refs((n.args, n.kwargs)):
            last[r.node] = i
    keep = {r.node for r in iter_refs(graph.output)}
    dying: dict = {}
    for j, i in last.items():
        if j not in keep and graph.nodes[j].op == CALL:
            dying.setdefault(i, []).append(graph.nodes[j].name)
    for i, n in enumerate(graph.nodes):
        if n.op == CONSTANT:
            glb[n.name] = consts[i]
    lines += em.lines(graph, "    ", dying)
    lines.append(f"    return {em.expr(graph.output)}")
    return "\n".join(lines) + "\n", glb


def build(graph, B):
    """The generated replay function of ``graph`` for backend module ``B`` (natives in/out)."""
    src, glb = replay_source(graph, B)
    loc: dict = {}
    exec(compile(src, f"<ivy graph {graph.name} on {getattr(B, 'name', '?')}>", "exec"), glb, loc)
    fn = loc["_ivy_replay"]
    fn.ivy_source = src
    return fn


# ---------------------------------------------------------------------------------------------
# Calling a graph
# ---------------------------------------------------------------------------------------------

def _pick(template, value, out: list) -> None:
    c = template.__class__
    if c is Ref:
        out.append(value)
    elif c is tuple or c is list:
        if len(value) != len(template):
            raise TypeError(f"expected a sequence of length {len(template)}, got {len(value)}")
        for t, v in zip(template, value, strict=False):
            _pick(t, v, out)
    elif c is dict:
        for k, t in template.items():
            _pick(t, value[k], out)


def leaves_of(g, args, kwargs) -> tuple[list, bool]:
    """The input arrays (natives) in ``args``/``kwargs`` per the graph's template, and whether any
    was an ``ivy.Array``."""
    if g._flat and not kwargs:
        leaves = list(args)
        if len(leaves) != g._n_inputs:
            raise TypeError(f"graph {g.name} takes {g._n_inputs} array arguments "
                            f"({', '.join(g.input_names)}), got {len(leaves)}")
    else:
        leaves = []
        targs, tkw = g.template
        _pick(tuple(targs), tuple(args)[:len(targs)], leaves)
        _pick(tkw, kwargs, leaves)
    ivy_in = False
    for k, v in enumerate(leaves):
        if v.__class__ is _fw.Array:
            leaves[k] = v._data
            ivy_in = True
    return leaves, ivy_in


def check_shapes(g, leaves) -> None:
    if g.dims is not None:
        return check_symbolic_shapes(g, leaves)
    for n, v in zip(g.inputs, leaves, strict=False):
        want = n.outputs[0][0]
        got = tuple(v.shape)
        if got != tuple(want):
            raise ValueError(
                f"graph {g.name} was traced for {n.name}: {n.outputs[0][1]}{list(want)}, "
                f"got shape {list(got)}; trace it again for new shapes (ivy.compile does "
                "that automatically, once per input signature)")


def check_symbolic_shapes(g, leaves) -> None:
    """The shape check of a graph with symbolic dimensions (``g.dims``): ranks, fixed sizes,
    relations and bounds."""
    got = {n.name: tuple(v.shape) for n, v in zip(g.inputs, leaves, strict=False)}
    for n in g.inputs:
        want = tuple(n.outputs[0][0])
        have = got.get(n.name)
        if have is None:
            continue
        shown = [("*" if (g.dims.get((n.name, k)) or (None,))[0] else s)
                 for k, s in enumerate(want)]
        if len(have) != len(want):
            raise ValueError(f"graph {g.name} takes {n.name}: {n.outputs[0][1]}{shown} (*: any "
                             f"size), got shape {list(have)}")
        for k, s in enumerate(want):
            atom, lo, hi = g.dims.get((n.name, k), (None, None, None))
            if atom is None:
                ok, rule = have[k] == s, f"{s}"
            elif atom != (n.name, k):
                other = got.get(atom[0], ())
                ok = len(other) > atom[1] and have[k] == other[atom[1]]
                rule = f"the size of {atom[0]}.shape[{atom[1]}]"
            else:
                ok = (lo is None or have[k] >= lo) and (hi is None or have[k] <= hi)
                rule = f"a size from {lo}" + (f" to {hi}" if hi is not None else "")
            if not ok:
                raise ValueError(f"graph {g.name}: {n.name}.shape[{k}] is {have[k]}, but the "
                                 f"graph holds for {rule}; transpile or trace again for it")


def call(g, args, kwargs):
    """``g(*args, **kwargs)`` on the current backend (fast path for flat native inputs)."""
    B = _DG["_B"]
    if not kwargs and g._flat and B is not None:
        fast = g._fast.get(B)
        if fast is not None and len(args) == g._n_inputs:
            fn, bn, shapes = fast
            get = _BOT.get
            for a, s in zip(args, shapes, strict=False):
                if get(a.__class__) != bn or a.shape != s:
                    break
            else:
                return fn(*args)
    return run(g, B, args, kwargs)


def run(g, B, args, kwargs):
    leaves, ivy_in = leaves_of(g, args, kwargs)
    if B is None:
        B = _fw.infer_backend(f"graph {g.name}", leaves, {})
    recording = isinstance(B, Recorder)  # inside a trace: record into the outer graph
    key = None if recording else B.name
    fn = g._replay.get(key)
    if fn is None:
        fn = build(g, B)
        if key is not None:
            g._replay[key] = fn
    bn = real_backend(B).name
    for k, v in enumerate(leaves):
        c = v.__class__
        n = _BOT.get(c, 0)
        if n == 0:
            n = _fw.backend_name_of_type(c)
        if n != bn:
            leaves[k] = convert(B, v)
    check_shapes(g, leaves)
    if key is not None and g._flat and g.dims is None:
        g._fast[B] = (fn, bn, [n.outputs[0][0] for n in g.inputs])
    try:
        out = fn(*leaves)
    except Exception as e:
        sig = ", ".join(f"{n.name}: {n.outputs[0][1]}{list(n.outputs[0][0])}" for n in g.inputs)
        e.add_note(f"(while running graph {g.name} on {bn}; traced with {sig})")
        raise
    return wrap_tree(out) if ivy_in else out


class BoundGraph:
    """A graph pinned to one backend: ``graph.with_backend("jax")``."""

    def __init__(self, graph, B):
        self.graph, self.B = graph, B

    def __call__(self, *args, **kwargs):
        return run(self.graph, self.B, args, kwargs)

    def __getattr__(self, name):
        return getattr(self.graph, name)

    def __len__(self):
        return len(self.graph)

    def __repr__(self):
        return f"{self.graph!r} on {self.B.name}"
