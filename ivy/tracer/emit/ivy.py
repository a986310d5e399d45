"""The ``ivy`` target: framework-agnostic Ivy code (``str(graph)``): one ``ivy.<fn>`` call per node."""

from __future__ import annotations

from .base import LITERAL_MAX, Emitter, b64, list_literal, literal_shape


class IvyEmitter(Emitter):
    target = "ivy"

    def __init__(self, graph, fname: str):  # no backend: calls go to Ivy's dispatchers
        self.g = graph
        self.imports = ["import ivy"]
        self.defs = {}
        self.node = None

    def dtype(self, d) -> str:
        return f"ivy.{d}"

    def call(self, n) -> str:
        pos, kw = self.args_of(n)
        return f"ivy.{n.target}({', '.join(pos + [f'{k}={v}' for k, v in kw.items()])})"

    def args_of(self, n):
        return [self.expr(a) for a in n.args], {k: self.expr(v) for k, v in n.kwargs.items()}

    def constant(self, value) -> str:
        dt = f"ivy.{value.dtype.name}"
        if value.size <= LITERAL_MAX:
            out = f"ivy.asarray({list_literal(value)}, dtype={dt})"
            # an empty array's list literal loses its shape (Ivy arrays have no .reshape method)
            return f"ivy.reshape({out}, {tuple(value.shape)})" if literal_shape(value) else out
        self.imports += ["import base64", "import numpy as np"]
        return (f"ivy.asarray(np.frombuffer(base64.b64decode({b64(value)}), "
                f"dtype={value.dtype.name!r}).reshape({tuple(value.shape)}).copy())")
