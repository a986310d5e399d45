"""The graph tracer: record a function as a graph of Ivy calls, replay it on any backend,
optimise it, compile it, serialise it and print it as standalone code. See docs/tracer.md."""

from .compile import Compiled, compile
from .graph import Graph, Node, Ref
from .trace import TraceError


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
