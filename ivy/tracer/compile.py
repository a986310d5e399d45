"""``ivy.compile``: trace a function (once per input signature) and hand the graph to the backend's
compiler: ``jax.jit`` on JAX, ``tf.function`` on TensorFlow, ``torch.compile`` on PyTorch, and the
graph's own generated replay function on NumPy (which has no compiler).

The compiled callable caches one entry per (backend, argument structure, shapes, dtypes); a call
with a new signature traces again. Because the graph is replayed by calling backend functions
directly, the compiler sees exactly the framework operations a hand-written function would use.
"""

from __future__ import annotations

import threading
import types

from .. import func_wrapper as _fw
from ..errors import IvyError
from .graph import Graph
from .ir import CALL, Ref, iter_refs, subs_of
from .recorder import Recorder
from .replay import convert, native_of, run, wrap_tree

# Functions whose output shape depends on the values of their inputs.
DATA_DEPENDENT = {"nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values",
                  "argwhere", "masked_select"}


_DG = _fw.DISPATCH_GLOBALS
_BOT = _fw._BACKEND_OF_TYPE


def _load(backend):
    from ..functional.backends import load_backend

    return load_backend(backend)


class CompileError(IvyError, ValueError):
    """The backend compiler cannot compile this graph (e.g. data-dependent shapes under jax.jit)."""


def _sig_of(v):
    """A hashable key for ``v``'s structure, with arrays as (framework, shape, dtype)."""
    c = v.__class__
    if c is _fw.Array:
        v = v._data
        c = v.__class__
    if native_of(v):
        return (c, tuple(v.shape), v.dtype)
    if c is tuple or c is list:
        return (c, *(_sig_of(e) for e in v))
    if c is dict:
        return (dict, *((k, _sig_of(e)) for k, e in v.items()))
    try:
        hash(v)
        return v
    except TypeError:
        return ("unhashable", id(v))


class Compiled:
    """A compiled function (see :func:`compile`). ``.graphs`` holds the traced graphs per
    signature; ``.compilers`` names the backend compiler used for each."""

    def __init__(self, fn, backend=None, optimize=True, compiler_options=None):
        self.fn = fn
        self.backend = backend
        self.optimize = optimize
        self.options = dict(compiler_options or {})
        self._cache: dict = {}
        self._fast: dict = {}  # (backend, class, shape, dtype, ...) -> compiled replay
        self._B = None if backend is None else _load(backend)
        self._lock = threading.Lock()
        # on jax (set up at the first jax call): one jax.jit over all signatures, see
        # _jax_signature; not when compiler options ask for something else
        self._jax_B = None
        self._jax_run = None
        self.__name__ = getattr(fn, "__name__", getattr(fn, "name", "compiled"))
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__wrapped__ = fn

    @property
    def graphs(self) -> list[Graph]:
        return [e[0] for e in self._cache.values()]

    @property
    def compilers(self) -> list[str]:
        """The backend compiler used for each signature (``"jax.jit"``, ``"tf.function"``...)."""
        return [e[2] for e in self._cache.values()]

    def __repr__(self):
        return f"<ivy.compile({self.__name__}) {len(self._cache)} signature(s)>"

    def _fast_key(self, B, args):
        """(B, class, shape, dtype, ...) when every argument is a native array of ``B``."""
        bn = B.name
        key = [B]
        get = _BOT.get
        for a in args:
            c = a.__class__
            if get(c) != bn:
                return None
            key += (c, a.shape, a.dtype)
        return tuple(key)

    def __call__(self, *args, **kwargs):
        B = self._B if self._B is not None else _DG["_B"]
        if B is not None and not kwargs:
            if B is self._jax_B:  # jax arrays only: jax.jit's own C++ cache picks the signature
                get = _BOT.get
                for a in args:
                    if get(a.__class__) != "jax":
                        break
                else:
                    return self._jax_run(*args)
            fk = self._fast_key(B, args)
            if fk is not None:
                fn = self._fast.get(fk)
                if fn is not None:
                    return fn(*args)
        return self._call(args, kwargs)

    def _jax_signature(self, *tracers):
        """Run under ``jax.jit`` (once per new signature, on tracers): trace ``fn`` for these
        shapes and dtypes and return what its graph's replay computes. So a compiled call on
        jax arrays costs what ``jax.jit`` of the hand-written function does: jax's own C++
        signature check, no Python-level key."""
        B = self._jax_B
        key = ("jax",) + tuple((tuple(t.shape), t.dtype) for t in tracers)
        entry = self._cache.get(key)
        if entry is None:
            # trace on concrete zeros of the same signature, evaluated eagerly (under jax.jit
            # every jax operation would otherwise be staged); the graph depends only on shapes
            # and dtypes
            import jax
            import numpy as np

            stand_ins = tuple(np.zeros(k[0], k[1]) for k in key[1:])
            with self._lock, jax.ensure_compile_time_eval():
                graph = self._graph(B, stand_ins, {})
            bad = _data_dependent(graph)
            if bad is not None:
                raise _jax_data_dependent(graph, bad)
            entry = (graph, graph.build(B), "jax.jit")
            self._cache[key] = entry
        return entry[1](*tracers)

    def _call(self, args, kwargs):
        cur = _DG["_B"]
        if isinstance(cur, Recorder):
            # called inside ivy.trace_graph: the outer trace records the calls themselves
            if isinstance(self.fn, Graph):
                return run(self.fn, cur, args, kwargs)
            return self.fn(*args, **kwargs)
        if self.backend is not None:
            B = _load(self.backend)
        else:
            B = cur
            if B is None:
                leaves: list = []
                _natives((args, kwargs), leaves)
                B = _fw.infer_backend(f"compile({self.__name__})", leaves, {})
        if B.name == "jax" and not self.options and isinstance(B, types.ModuleType) and not \
                kwargs and all(_fw.backend_name_of_type(a.__class__) == "jax" for a in args):
            if self._jax_B is None:
                import jax

                self._jax_run = jax.jit(self._jax_signature)
                self._jax_B = B
            return self._jax_run(*args)
        if not kwargs and all(native_of(a) or a.__class__ is _fw.Array for a in args):
            key = (B.name,) + tuple(_sig_of(a) for a in args)
        else:
            key = (B.name, _sig_of(args), _sig_of(kwargs))
        entry = self._cache.get(key)
        if entry is None:
            with self._lock:
                entry = self._cache.get(key)
                if entry is None:
                    entry = self._build(B, args, kwargs)
                    self._cache[key] = entry
        graph, fn, _ = entry
        if not kwargs:
            fk = self._fast_key(B, args)
            if fk is not None:
                self._fast[fk] = fn
        leaves, ivy_in = graph._leaves(args, kwargs)
        for k, v in enumerate(leaves):
            if _fw.backend_name_of_type(type(v)) != B.name:
                leaves[k] = convert(B, v)
        out = fn(*leaves)
        return wrap_tree(out) if ivy_in else out

    def _graph(self, B, args, kwargs) -> Graph:
        """The (optimised) graph of ``fn`` for this signature."""
        from .trace import trace

        graph = self.fn if isinstance(self.fn, Graph) else trace(self.fn, args, kwargs,
                                                                 backend=B.name)
        # no pattern fusion: a compiled function gives eager Ivy's results exactly (a fused
        # kernel rounds differently); ivy.transpile fuses, its output is verified against the
        # source program
        return graph.optimize(fuse=False) if self.optimize else graph

    def _build(self, B, args, kwargs):
        graph = self._graph(B, args, kwargs)
        replay = graph.build(B)
        run, compiler = _backend_compile(B.name, replay, graph, self.options)
        return graph, run, compiler


def _data_dependent(graph: Graph):
    """The first call node whose output shape depends on array values, or None (sub-graphs of
    loops and branches included)."""
    for n in graph.nodes:
        if n.op != CALL:
            continue
        for s in subs_of(n):
            inner = _data_dependent(s.graph)
            if inner is not None:
                return inner
        if n.target in DATA_DEPENDENT:
            return n
        if n.target in ("get_item", "set_item"):
            key = n.args[1] if len(n.args) > 1 else n.kwargs.get("key")
            for r in iter_refs(key):
                if r.__class__ is Ref and graph.nodes[r.node].outputs[r.index][1] == "bool":
                    return n
    return None


def _backend_compile(name: str, replay, graph: Graph, options: dict):
    if name == "numpy":
        return replay, "none (NumPy has no compiler: the generated replay function)"
    bad = _data_dependent(graph)
    if name == "jax":
        if bad is not None:
            raise _jax_data_dependent(graph, bad)
        import jax

        return jax.jit(replay, **options), "jax.jit"
    if name == "tensorflow":
        import tensorflow as tf

        opts = {"autograph": False, "reduce_retracing": False, **options}
        out = tf.function(replay, **opts)
        return out, "tf.function"
    if name == "torch":
        import torch

        if bad is not None:
            return replay, "none (data-dependent shapes: eager replay)"
        try:
            out = torch.compile(replay, **options)
        except Exception as e:  # no compiler toolchain: say so, run eagerly
            return replay, f"none (torch.compile unavailable: {e})"
        return _first_call_fallback(out, replay), \
            f"torch.compile({options.get('backend', 'inductor')})"
    return replay, "none"


def _jax_data_dependent(graph: Graph, bad) -> CompileError:
    return CompileError(
        f"ivy.compile({graph.name}) on jax: node {bad.name} (ivy.{bad.target}) has an "
        "output shape that depends on the input values, and jax.jit compiles static "
        "shapes only. Run the traced graph eagerly (ivy.trace_graph(fn, ...)(...)), "
        "compile on tensorflow, or use a fixed-size form (ivy.where with a mask, "
        "unique with a size bound).")


def _first_call_fallback(compiled, eager):
    """``torch.compile`` compiles on the first call; if that fails (no C++ toolchain, an
    unsupported operation) but the eager replay works, warn once and run eagerly from then on."""
    state = {"fn": None}

    def run(*args):
        fn = state["fn"]
        if fn is not None:
            return fn(*args)
        try:
            out = compiled(*args)
            state["fn"] = compiled
            return out
        except Exception as e:
            out = eager(*args)  # a genuine error in the graph raises here, unchanged
            import warnings

            warnings.warn(f"ivy.compile: torch.compile failed ({type(e).__name__}: "
                          f"{str(e)[:200]}); running the graph eagerly", stacklevel=2)
            state["fn"] = eager
            return out

    return run


def _natives(v, out: list) -> None:
    c = v.__class__
    if c is tuple or c is list:
        for e in v:
            _natives(e, out)
    elif c is dict:
        for e in v.values():
            _natives(e, out)
    elif c is _fw.Array:
        out.append(v._data)
    elif native_of(v):
        out.append(v)


def compile(fn, *, backend=None, optimize: bool = True,
            compiler_options: dict | None = None) -> Compiled:
    """Compile ``fn`` (a function of arrays, or an :class:`ivy.Graph`) for the backend.

    Each new input signature (argument structure, shapes, dtypes, backend) traces ``fn`` to a
    graph, optimises it (constant folding, CSE, dead-code elimination) and compiles the graph's
    replay function with ``jax.jit`` / ``tf.function`` / ``torch.compile``; NumPy runs the replay
    function as is. ``backend`` pins the backend (default: the current one, or the arrays').
    ``compiler_options`` go to the backend compiler as keyword arguments (e.g.
    ``{"backend": "aot_eager"}`` for ``torch.compile``). Results equal the eager function's.
    """
    if isinstance(fn, Compiled):
        return fn
    return Compiled(fn, backend=backend, optimize=optimize, compiler_options=compiler_options)
