"""The stand-in for a backend module while a trace runs (see :mod:`.trace`).

It lives in its own module so that replay and compile can recognise it with ``isinstance``
without importing the tracing machinery.
"""

from __future__ import annotations

from ..registry import API
from .errors import TraceError, user_line
from .ir import CONTROL_FLOW


class Recorder:
    """Stands in for a backend module: API functions record, everything else passes through.

    ``_real`` is the backend module it wraps (no public attributes: every other name is the
    backend's, e.g. ``B.real`` is the API function ``real``); ``tracer`` is the trace being recorded (an object
    with a ``wrap(path, fn)`` method returning the recording function).
    """

    def __init__(self, tracer, real, prefix: str = ""):
        object.__setattr__(self, "_t", tracer)
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_prefix", prefix)

    def __getattr__(self, name):
        real = getattr(self._real, name)
        path = self._prefix + name
        fn = API.get(path)
        if fn is not None and hasattr(fn, "ivy_source") and callable(real):
            f = self._t.wrap(path, real)
        elif path in CONTROL_FLOW:
            wrap = getattr(self._t, "wrap_control", None)
            f = wrap(path, real) if wrap is not None else _refuse(self._t, path, real)
        elif fn is None and _is_namespace(path):
            f = Recorder(self._t, real, path + ".")
        else:
            return real
        object.__setattr__(self, name, f)
        return f


def _refuse(tracer, path, real):
    """For a tracer that cannot record sub-graphs: running the backend's loop under the recorder
    would bake the trace-time trip count (or branch) into the graph silently, so refuse."""
    def rec(*args, **kwargs):
        if not getattr(tracer, "depth", 0):
            raise TraceError(
                f"tracing {getattr(tracer, 'fn_name', '?')}: ivy.{path} at {user_line()} cannot "
                "be recorded by this tracer; the graph would bake in the trace-time iterations. What to do: call the function outside "
                "ivy.trace_graph / ivy.compile, or use a static Python loop")
        return real(*args, **kwargs)

    return rec


def _is_namespace(path: str) -> bool:
    prefix = path + "."
    return any(p.startswith(prefix) for p in API)


def real_backend(B):
    """The backend module behind ``B`` (``B`` itself unless it is a :class:`Recorder`)."""
    return B._real if isinstance(B, Recorder) else B
