"""``ivy.Graph``: the IR (:mod:`.ir`) with its operations as methods.

Each job lives in its own module and this class only delegates: replay (:mod:`.replay`), passes
(:mod:`.passes`), serialisation (:mod:`.serialize`), source emission (:mod:`.emit`) and pictures
(:mod:`.draw`). Those modules import :mod:`.ir`, never this one, so there are no cycles.
"""

from __future__ import annotations

import json

from . import draw, emit, passes, replay, serialize
from .ir import CALL, CONSTANT, INPUT, Node, Ref, is_random, iter_refs, map_refs  # noqa: F401
from .ir import Graph as _GraphIR


class Graph(_GraphIR):
    """A traced function: nodes, where the inputs come from, and the output structure.

    Call it like the traced function (``graph(x, y)``): it runs on the current backend (or the one
    inferred from the arrays given), or on ``graph.with_backend("jax")``.
    """

    def __init__(self, nodes, template, output, *, name="fn", backend="numpy"):
        super().__init__(nodes, template, output, name=name, backend=backend)
        self._replay: dict = {}  # backend name -> generated replay function
        self._fast: dict = {}  # backend module -> (replay fn, backend name, input shapes)
        self._consts: dict = {}  # backend name -> native constants

    def __str__(self) -> str:
        return self.to_source("ivy")

    # -- running ------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        return replay.call(self, args, kwargs)

    def with_backend(self, backend) -> replay.BoundGraph:
        """This graph, run on ``backend`` whatever backend is set (inputs converted if needed)."""
        from ..functional.backends import load_backend

        return replay.BoundGraph(self, load_backend(backend))

    def _run(self, B, args, kwargs):
        return replay.run(self, B, args, kwargs)

    def _leaves(self, args, kwargs):
        return replay.leaves_of(self, args, kwargs)

    def build(self, B):
        """The generated replay function of this graph for backend module ``B`` (natives in/out);
        ``fn.ivy_source`` is its source."""
        return replay.build(self, B)

    def constant_values(self, B) -> dict:
        return replay.constant_values(self, B)

    # -- passes ---------------------------------------------------------------------------------
    def dce(self) -> Graph:
        """Dead-code elimination: drop nodes whose values do not reach the output."""
        return passes.dce(self)

    def fold_constants(self, *, max_elements: int = 1 << 16) -> Graph:
        """Constant folding: evaluate calls that depend on no input (and are not random) once,
        keeping results of at most ``max_elements`` elements as constants."""
        return passes.fold_constants(self, max_elements=max_elements)

    def cse(self) -> Graph:
        """Common-subexpression elimination: identical calls and constants computed once."""
        return passes.cse(self)

    def optimize(self, *, fuse: bool = True) -> Graph:
        """Constant folding, CSE, identity elimination, pattern fusion (``fuse=False``: none;
        see :mod:`ivy.tracer.fuse`), then dead-code elimination (a new graph)."""
        return passes.optimize(self, fuse=fuse)

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self, *, binary: bool = True) -> dict:
        """A msgpack-safe dict (``binary=False``: JSON-safe, array bytes base64-encoded).

        Arrays are ``{"dtype", "shape", "data"}`` with raw little-endian row-major bytes. No pickle.
        """
        return serialize.to_dict(self, binary=binary)

    @classmethod
    def from_dict(cls, d: dict) -> Graph:
        """Rebuild a graph from :meth:`to_dict`'s output (either form); validated."""
        return serialize.from_dict(cls, d)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(binary=False))

    @classmethod
    def from_json(cls, s: str) -> Graph:
        return cls.from_dict(json.loads(s))

    # -- printing -------------------------------------------------------------------------------
    def to_source(self, target: str = "ivy", *, name: str | None = None,
                  check_inputs: int | None = None, dims: dict | None = None) -> str:
        """Standalone Python source of this graph for ``target`` ("jax", "torch", "tensorflow",
        "numpy": imports only that framework; "ivy": framework-agnostic Ivy code).
        ``check_inputs=k``: the function raises ``ValueError`` when an array input from
        positional argument ``k`` on (or a keyword argument) has another shape or dtype than
        traced (the code bakes shapes in); None: no check."""
        return emit.to_source(self, target, name=name, check_inputs=check_inputs, dims=dims)

    def to_dot(self) -> str:
        """Graphviz DOT text: one box per node with its name, function, shape and dtype."""
        return draw.to_dot(self)

    def save_svg(self, path) -> str:
        """Draw the graph to ``path`` (SVG via Graphviz ``dot`` when installed, otherwise an SVG
        laid out by Ivy itself; ``.html`` paths get the SVG inside a page). Returns the path."""
        return draw.save_svg(self, path)


BoundGraph = replay.BoundGraph
