"""Generating the replay function of a graph for one backend (one line per node)."""

from __future__ import annotations

import math

from .. import func_wrapper as _fw
from .graph import _MUTATING, CALL, CONSTANT, INPUT, Ref, _copy, iter_refs


class Emitter:
    """Renders argument structures as Python expressions; values that have no literal form are
    bound as globals of the generated function."""

    def __init__(self, graph, glb: dict):
        self.g = graph
        self.glb = glb
        self._k = 0

    def bind(self, value, prefix="_ivy_k") -> str:
        name = f"{prefix}{self._k}"
        self._k += 1
        self.glb[name] = value
        return name

    def ref(self, r: Ref) -> str:
        n = self.g.nodes[r.node]
        s = n.name
        for k in n.paths[r.index] if n.op == CALL else ():
            s += f"[{k}]"
        return s

    def expr(self, v) -> str:
        c = v.__class__
        if c is Ref:
            return self.ref(v)
        if v is None or c is bool or c is int:
            return repr(v)
        if c is str:
            return repr(v)
        if c is float:
            return repr(v) if math.isfinite(v) else self.bind(v)
        if v is Ellipsis:
            return "..."
        if c is tuple:
            if not v:
                return "()"
            return "(" + ", ".join(self.expr(e) for e in v) + ("," if len(v) == 1 else "") + ")"
        if c is list:
            return "[" + ", ".join(self.expr(e) for e in v) + "]"
        if c is dict:
            return "{" + ", ".join(f"{self.expr(k)}: {self.expr(e)}" for k, e in v.items()) + "}"
        return self.bind(v)


def replay_source(graph, B) -> tuple[str, dict]:
    """Source of ``_ivy_replay(*inputs)`` calling ``B``'s functions, and its globals."""
    glb: dict = {"__builtins__": __builtins__}
    em = Emitter(graph, glb)
    real = B._real if B.__class__.__name__ == "_Recorder" else B
    mutable = real.name in ("numpy", "torch")
    consts = graph.constant_values(real)
    if mutable:
        glb["_ivy_copy"] = lambda x: _copy(real, x)
    lines = [f"def _ivy_replay({', '.join(graph.input_names)}):"]
    fns: dict = {}
    # free each intermediate right after its last use, as eager code would (large temporaries
    # kept alive until the end cost fresh allocations and page faults on every call)
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
        if n.op == INPUT:
            continue
        if n.op == CONSTANT:
            glb[n.name] = consts[i]
            continue
        f = fns.get(n.target)
        if f is None:
            f = fns[n.target] = em.bind(_fw._resolve(B, n.target), "_ivy_f")
        parts = [em.expr(a) for a in n.args]
        if n.target in _MUTATING and mutable and parts:
            parts[0] = f"_ivy_copy({parts[0]})"
        parts += [f"{k}={em.expr(v)}" for k, v in n.kwargs.items()]
        lines.append(f"    {n.name} = {f}({', '.join(parts)})")
        if i in dying:
            lines.append(f"    del {', '.join(dying[i])}")
    lines.append(f"    return {em.expr(graph.output)}")
    # constants are globals named after their nodes; inputs shadow nothing
    return "\n".join(lines) + "\n", glb
