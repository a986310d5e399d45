"""The ``ivy`` target: framework-agnostic Ivy code (``str(graph)``): one ``ivy.<fn>`` call per node."""

from __future__ import annotations

import builtins

from ..ir import CONTROL_FLOW
from .base import LITERAL_MAX, Emitter, b64, list_literal, literal_shape


class IvyEmitter(Emitter):
    target = "ivy"

    def __init__(self, graph, fname: str):  # no backend: calls go to Ivy's dispatchers
        self.g = graph
        self.imports = ["import ivy"]
        self.defs = {}
        self.node = None
        self.names, self.subs = {}, {}
        self.taken = set(dir(builtins)) | {fname, "ivy", "np", "base64"} | {
            n.name for n in graph.nodes}

    def dtype(self, d) -> str:
        return f"ivy.{d}"

    def call(self, n) -> str:
        pos, kw = self.args_of(n)
        if n.target == "while_loop":  # Ivy's form takes the state as one tuple
            return (f"ivy.while_loop(lambda s: {pos[0]}(*s), lambda s: {pos[1]}(*s), "
                    f"{pos[2]})")
        if n.target == "cond":
            return f"ivy.cond({pos[0]}, {pos[1]}, {pos[2]}, *{pos[3]})"
        if n.target == "scan":
            return (f"ivy.scan(lambda c, x: {pos[0]}(*c, *x), {pos[1]}, {pos[2]}, "
                    f"length={pos[3]}, reverse={pos[4]})")
        return f"ivy.{n.target}({', '.join(pos + [f'{k}={v}' for k, v in kw.items()])})"

    def args_of(self, n):
        args = n.args[:-1] if n.target in CONTROL_FLOW else n.args  # captures: closures
        return [self.expr(a) for a in args], {k: self.expr(v) for k, v in n.kwargs.items()}

    def constant(self, value) -> str:
        dt = f"ivy.{value.dtype.name}"
        if value.size <= LITERAL_MAX:
            out = f"ivy.asarray({list_literal(value)}, dtype={dt})"
            # an empty array's list literal loses its shape (Ivy arrays have no .reshape method)
            return f"ivy.reshape({out}, {tuple(value.shape)})" if literal_shape(value) else out
        self.imports += ["import base64", "import numpy as np"]
        return (f"ivy.asarray(np.frombuffer(base64.b64decode({b64(value)}), "
                f"dtype={value.dtype.name!r}).reshape({tuple(value.shape)}).copy())")
