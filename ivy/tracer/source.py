"""Writing a graph as Python source: what replay (``replay.py``, a function calling one backend's
functions) and emission (``emit/``, a standalone module for a framework) share.

:class:`SourceWriter` renders node arguments (:meth:`~SourceWriter.expr`: references, nested
tuples, lists and dicts, sub-graphs by the name of their nested function) and writes one line per
call node of a graph (:meth:`~SourceWriter.lines`), a control-flow node preceded by one nested
``def`` per sub-graph (:meth:`~SourceWriter.sub_def`: the loop state as parameters, captured
values read from the enclosing function, a closure). Subclasses say how a leaf value, a constant
node and a call are written, and how nested functions and their values are named.
"""

from __future__ import annotations

from .ir import CALL, CONSTANT, CONTROL_FLOW, INPUT, Ref, Sub, SymFloat, SymInt, captured_slices

#: the names of a control-flow node's nested functions, one per sub-graph
SUB_NAMES = {"while_loop": ("while_cond", "while_body"), "cond": ("if_true", "if_false"),
             "scan": ("scan_step",)}


class SourceWriter:
    """Writes graph ``g``'s nodes as Python lines (see the module docstring)."""

    def __init__(self, graph):
        self.g = graph
        self.names: dict = {}  # id(node of a sub-graph) -> its name in the output
        self.subs: dict = {}  # id(Sub) -> the name of its nested function

    # -- hooks ----------------------------------------------------------------------------------
    def leaf(self, v) -> str:
        """A value that is not a reference, a sub-graph or a tuple/list/dict, as source."""
        raise NotImplementedError

    def constant_node(self, n, name: str) -> None:
        """Make constant node ``n`` available as ``name``."""
        raise NotImplementedError

    def call_text(self, n, name: str) -> str:
        """The expression computing call node ``n`` (bound to ``name``)."""
        raise NotImplementedError

    def sub_function(self, want: str) -> str:
        """The name of a nested function for a sub-graph (``want``: what it is)."""
        raise NotImplementedError

    def sub_local(self, fname: str, node_name: str) -> str:
        """The name of a node of nested function ``fname``'s sub-graph."""
        raise NotImplementedError

    # -- arguments ------------------------------------------------------------------------------
    def ref(self, r: Ref) -> str:
        n = self.g.nodes[r.node]
        s = self.names.get(id(n), n.name)
        for k in n.paths[r.index] if n.op == CALL else ():
            s += f"[{k}]"
        return s

    def expr(self, v) -> str:
        """A node argument (a Ref, a Python value, a structure of them) as source."""
        c = v.__class__
        if c is Ref:
            return self.ref(v)
        if c is Sub:
            return self.subs[id(v)]
        if c is tuple:
            return "(" + ", ".join(self.expr(e) for e in v) + ("," if len(v) == 1 else "") + ")"
        if c is list:
            return "[" + ", ".join(self.expr(e) for e in v) + "]"
        if c is dict:
            return "{" + ", ".join(f"{self.expr(k)}: {self.expr(e)}" for k, e in v.items()) + "}"
        if c is SymInt:  # a size read from the inputs when the code runs
            return f"({v.code(self.input_name)})" if v.offset or len(v.terms) > 1 or \
                v.div != 1 else v.code(self.input_name)
        if c is SymFloat:
            return f"({v.code(self.input_name)})"
        return self.leaf(v)

    def input_name(self, name: str) -> str:
        """Hook: how input ``name`` of the top-level graph is called where code is written."""
        return name

    # -- lines ----------------------------------------------------------------------------------
    def lines(self, graph, indent: str, dying: dict | None = None) -> list[str]:
        """One line per call node of ``graph``; a control-flow node is preceded by a nested
        ``def`` per sub-graph. ``dying``: node index -> names to ``del`` after that node."""
        body = []
        for i, n in enumerate(graph.nodes):
            if n.op == INPUT:
                continue
            name = self.names.get(id(n), n.name)
            if n.op == CONSTANT:
                self.constant_node(n, name)
                continue
            if n.target in CONTROL_FLOW:
                for (sub, caps), want in zip(captured_slices(n), SUB_NAMES[n.target],
                                             strict=True):
                    body += self.sub_def(sub, [self.expr(c) for c in caps], want, indent)
            body.append(f"{indent}{name} = {self.call_text(n, name)}")
            if dying and i in dying:
                body.append(f"{indent}del {', '.join(dying[i])}")
        return body

    def sub_def(self, sub, cap_exprs: list[str], want: str, indent: str) -> list[str]:
        """Sub-graph ``sub`` as a nested function of the loop state; captured values are the
        enclosing function's (``cap_exprs``, a closure)."""
        fname = self.subs[id(sub)] = self.sub_function(want)
        g = sub.graph
        params = []
        for j, node in enumerate(sub.input_nodes):
            if j < sub.n_state:
                self.names[id(node)] = self.sub_local(fname, node.name)
                params.append(self.names[id(node)])
            else:
                self.names[id(node)] = cap_exprs[j - sub.n_state]
        for node in g.nodes:
            if node.op != INPUT:
                self.names[id(node)] = self.sub_local(fname, node.name)
        outer, self.g = self.g, g
        try:
            lines = [f"{indent}def {fname}({', '.join(params)}):"]
            lines += self.lines(g, indent + "    ")
            lines.append(f"{indent}    return {self.expr(g.output)}")
        finally:
            self.g = outer
        return lines


__all__ = ["SUB_NAMES", "SourceWriter"]
