"""The graph tracer: record a function as a graph of Ivy calls, replay it on any backend,
optimise it, compile it, serialise it and print it as standalone code. See docs/tracer.md.

Layout (each module imports only the ones before it):

* :mod:`.errors` — ``TraceError`` and how the user's line is found;
* :mod:`.ir` — ``Node``, ``Ref`` and the structure of a graph;
* :mod:`.recorder` — the backend stand-in that records while tracing;
* :mod:`.serialize` — ``to_dict``/``from_dict`` (Ivy's one array codec, :mod:`ivy.array_codec`);
* :mod:`.replay` — generated replay functions, calling a graph;
* :mod:`.passes` — dce, constant folding, cse;
* :mod:`.emit` — ``to_source``: a base plus one emitter per target;
* :mod:`.draw` — DOT/SVG;
* :mod:`.graph` — ``ivy.Graph``: the IR with the above as methods;
* :mod:`.trace` — ``trace_graph``; :mod:`.compile` — ``ivy.compile``.
"""

from .compile import Compiled, compile
from .errors import TraceError
from .graph import Graph
from .ir import Node, Ref


def trace_graph(fn, *args, **kwargs) -> Graph:
    """Run ``fn(*args, **kwargs)`` once and record every Ivy call as a :class:`Graph`.

    Arrays anywhere in ``args``/``kwargs`` (nested lists, tuples, dicts) become the graph's
    inputs, named after ``fn``'s parameters; everything else is a constant. Arrays that ``fn``
    reads from elsewhere (closures, module weights) become constants. Python control flow is
    resolved at trace time. The trace runs on the current backend, or the one the arrays belong to.
    """
    from .trace import trace

    return trace(fn, args, kwargs)


__all__ = ["Compiled", "Graph", "Node", "Ref", "TraceError", "compile", "trace_graph"]
