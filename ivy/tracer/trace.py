"""Recording a function as a graph: ``ivy.trace_graph``.

While a trace runs, ``DISPATCH_GLOBALS["_B"]`` (the backend every generated dispatcher calls) is a
:class:`.recorder.Recorder` that wraps the real backend module: each API function it hands out records a node
(function path, argument structure with references to earlier values, output shapes and dtypes) and
then calls the real backend function. Values are followed by the identity of the native arrays that
flow between calls; every one of them is kept alive until the trace ends so that ``id()`` stays
unique. Calls made *inside* a backend function (a backend written in terms of other Ivy functions)
are not recorded: only the outermost Ivy call is a node. Untraced code pays nothing.
"""

from __future__ import annotations

import inspect
import sys
import threading

import numpy as np

from .. import func_wrapper as _fw
from ..errors import IvyError
from .errors import TraceError, user_line, user_line_of
from .graph import Graph
from .ir import CONSTANT, INPUT, Node, Ref, Sub, is_random, iter_refs, random_inside
from .ir import Graph as _SubGraph
from .recorder import Recorder
from .replay import native_of, to_numpy

__all__ = ["TraceError", "Tracer", "trace", "user_line", "user_line_of"]

_lock = threading.RLock()
_active: Tracer | None = None


class _Scope:
    """The recording state of one graph: the top-level one, or a sub-graph being traced (the body
    of a loop, a branch). ``captured`` are Refs of the enclosing scope that this sub-graph reads
    (its captured inputs, nodes ``cap_nodes``, in the same order)."""

    __slots__ = ("nodes", "ids", "dynamic", "captured", "cap_nodes")

    def __init__(self):
        self.nodes: list[Node] = []
        self.ids: dict[int, Ref] = {}
        self.dynamic: set[int] = set()  # node indices whose value depends on the inputs
        self.captured: list[Ref] = []
        self.cap_nodes: list[int] = []


class Tracer:
    """The state of one trace: the nodes so far and the map from native array id to value.

    ``nodes``, ``ids`` and ``dynamic`` are those of the innermost scope (``scopes[-1]``): while a
    control-flow callable is traced into a sub-graph, they are the sub-graph's."""

    def __init__(self, fn_name: str, real_backend):
        self.fn_name = fn_name
        self.B = real_backend
        self.scopes: list[_Scope] = []
        self._enter()
        self.keep: list = []  # every native array seen, so ids stay unique
        self.inner: set[int] = set()  # ids of values computed inside a finished sub-graph
        self.depth = 0
        self.thread = threading.get_ident()

    def _enter(self) -> _Scope:
        s = _Scope()
        self.scopes.append(s)
        self.nodes, self.ids, self.dynamic = s.nodes, s.ids, s.dynamic
        return s

    def _leave(self) -> _Scope:
        s = self.scopes.pop()
        top = self.scopes[-1]
        self.nodes, self.ids, self.dynamic = top.nodes, top.ids, top.dynamic
        for k, r in s.ids.items():  # values that exist only inside it (not captured ones)
            if s.nodes[r.node].op != CONSTANT and r.node not in s.cap_nodes:
                self.inner.add(k)
        return s

    # -- values ---------------------------------------------------------------------------------
    def add_node(self, node: Node) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def constant(self, x) -> Ref:
        value = np.array(to_numpy(x), copy=True)
        i = self.add_node(Node(CONSTANT, "constant", value=value,
                               outputs=[(tuple(value.shape), _dtype_name(x))]))
        ref = Ref(i, 0)
        self.ids[id(x)] = ref
        self.keep.append(x)
        return ref

    def ref_of(self, x) -> Ref:
        r = self.ids.get(id(x))
        if r is not None:
            return r
        if len(self.scopes) > 1:
            r = self._capture(x)
            if r is not None:
                return r
        if id(x) in self.inner:
            raise TraceError(
                f"tracing {self.fn_name}: a value computed inside the callable of an "
                f"ivy.while_loop / cond / scan is used outside it ({user_line()}); it exists only "
                "inside the loop. What to do: return it from the callable (as part of the loop "
                "state or scan's ys) instead of keeping it in a Python variable")
        return self.constant(x)

    def _capture(self, x):
        """``x`` is a value of an enclosing scope: make it a captured input of every sub-graph
        between there and here; its Ref here (None if no scope knows it)."""
        key = id(x)
        cur = len(self.scopes) - 1
        for level in range(cur - 1, -1, -1):
            r = self.scopes[level].ids.get(key)
            if r is not None:
                break
        else:
            return None
        for m in range(level + 1, cur + 1):
            outer, s = self.scopes[m - 1], self.scopes[m]
            i = len(s.nodes)
            s.nodes.append(Node(INPUT, "captured", name=f"k{len(s.captured)}",
                                outputs=[outer.nodes[r.node].outputs[r.index]]))
            s.captured.append(r)
            s.cap_nodes.append(i)
            if r.node in outer.dynamic:
                s.dynamic.add(i)
            r = Ref(i, 0)
            s.ids[key] = r
        return r

    def _find(self, x):
        """The scope and Ref of native array ``x`` (innermost first), or (None, None)."""
        for s in reversed(self.scopes):
            r = s.ids.get(id(x))
            if r is not None:
                return s, r
        return None, None

    def encode(self, v):
        """The argument structure of ``v`` with native arrays replaced by :class:`Ref`."""
        c = v.__class__
        if c is _fw.Array:
            v = v._data
            c = v.__class__
        if c is tuple or c is list:
            return c(self.encode(e) for e in v)
        if isinstance(v, tuple):  # namedtuples (linalg results) as plain tuples
            return tuple(self.encode(e) for e in v)
        if isinstance(v, dict):  # dict subclasses (ivy.Container) are stored as plain dicts
            return {k: self.encode(e) for k, e in v.items()}
        if c is slice:
            for e in (v.start, v.stop, v.step):
                if native_of(e):
                    raise TraceError(
                        f"tracing {self.fn_name}: a slice bound is an array ({user_line()}); "
                        "slice bounds must be Python ints (use ivy.take / ivy.get_item with an "
                        "index array for data-dependent indexing)")
            return v
        if native_of(v):
            if isinstance(v, np.generic):
                v = np.asarray(v)
                self.keep.append(v)
            return self.ref_of(v)
        return _static(v)

    def outputs(self, out, i: int, paths: list, shapes: list, path=()):
        """Register the native arrays in ``out`` as outputs of node ``i``; returns ``out`` with
        NumPy scalars turned into 0-d arrays (so ``id()`` follows them)."""
        c = out.__class__
        if native_of(out):
            if isinstance(out, np.generic):
                out = np.asarray(out)
            self.ids[id(out)] = Ref(i, len(paths))
            self.keep.append(out)
            paths.append(path)
            shapes.append((_shape(self.B, out), _dtype_name(out)))
            return out
        if c is tuple or c is list:
            return c(self.outputs(e, i, paths, shapes, path + (k,)) for k, e in enumerate(out))
        if isinstance(out, tuple) and hasattr(out, "_fields"):
            return c(*(self.outputs(e, i, paths, shapes, path + (k,)) for k, e in enumerate(out)))
        return out

    def record(self, path: str, real, args, kwargs):
        ea = self.encode(args)
        ek = self.encode(kwargs) if kwargs else {}
        if path == "asarray" and next(iter_refs(ea), None) is None:
            # data made into an array (a list, a scalar, a buffer): a constant where it is used
            self.depth += 1
            try:
                return real(*args, **kwargs)
            finally:
                self.depth -= 1
        self.depth += 1
        try:
            out = real(*args, **kwargs)
        finally:
            self.depth -= 1
        node = Node("call", path, ea, ek)
        i = self.add_node(node)
        paths, shapes = [], []
        out = self.outputs(out, i, paths, shapes)
        node.paths, node.outputs = paths, shapes
        if is_random(path) or any(r.node in self.dynamic for r in iter_refs((ea, ek))):
            self.dynamic.add(i)
        return out

    def wrap(self, path: str, real):
        """The recording stand-in for backend function ``real`` (API path ``path``)."""
        def rec(*args, **kwargs):
            if self.depth or threading.get_ident() != self.thread:
                return real(*args, **kwargs)
            return self.record(path, real, args, kwargs)

        rec.__name__ = path.rpartition(".")[2]
        return rec

    # -- control flow ---------------------------------------------------------------------------
    def wrap_control(self, path: str, real):
        """The recording stand-in for the backend's flat ``while_loop`` / ``cond`` / ``scan``."""
        def rec(*args, **kwargs):
            if self.depth or threading.get_ident() != self.thread:
                return real(*args, **kwargs)
            return self.record_control(path, real, args, kwargs)

        rec.__name__ = path
        return rec

    def record_control(self, path: str, real, args, kwargs):
        """One node holding the traced callables as sub-graphs (:class:`.ir.Sub`); its value is
        what the backend's own loop computes (run with recording suspended)."""
        if kwargs:
            raise TraceError(f"tracing {self.fn_name}: B.{path} called with keywords "
                             f"{sorted(kwargs)} ({user_line()}); use ivy.{path}")
        if path == "while_loop":
            cond_fn, body_fn, state = args
            state = tuple(state)
            enc = self.encode(state)
            cs, cc = self.subtrace(cond_fn, state, "while_loop's cond_fn")
            bs, bc = self.subtrace(body_fn, state, "while_loop's body_fn")
            _check_out(bs, len(state), "while_loop's body_fn")
            node_args = (cs, bs, enc, tuple(cc + bc))
        elif path == "cond":
            pred, true_fn, false_fn, operands = args
            operands = tuple(operands)
            p, enc = self.encode(pred), self.encode(operands)
            ts, tc = self.subtrace(true_fn, operands, "cond's true_fn")
            fs, fc = self.subtrace(false_fn, operands, "cond's false_fn")
            node_args = (p, ts, fs, enc, tuple(tc + fc))
        else:  # scan
            f, init, xs, length, reverse = args
            init, xs = tuple(init), tuple(xs)
            ei, ex = self.encode(init), self.encode(xs)
            rows = tuple(x[0] if int(length) > 0 else
                         self.B.zeros(tuple(x.shape[1:]), dtype=x.dtype) for x in xs)
            fs, fc = self.subtrace(f, init + rows, "scan's f")
            out = fs.graph.output
            if not (out.__class__ is tuple and len(out) == 2 and out[0].__class__ is tuple
                    and len(out[0]) == len(init)):
                raise TraceError(f"tracing {self.fn_name}: scan's f must return (carry, ys) "
                                 f"with {len(init)} carry values ({user_line()})")
            node_args = (fs, ei, ex, int(length), bool(reverse), tuple(fc))
        self.depth += 1
        try:
            out = real(*args)
        finally:
            self.depth -= 1
        node = Node("call", path, node_args, {})
        i = self.add_node(node)
        paths, shapes = [], []
        out = self.outputs(out, i, paths, shapes)
        node.paths, node.outputs = paths, shapes
        if random_inside(node) or any(r.node in self.dynamic for r in iter_refs(node_args)):
            self.dynamic.add(i)
        return out

    def subtrace(self, fn, values: tuple, what: str):
        """Trace ``fn(*values)`` once into a sub-graph whose inputs are stand-ins for ``values``
        (copies of their current values, so ``fn`` runs on real data) and the values of
        enclosing scopes it reads. Returns the :class:`.ir.Sub` and the captured Refs (of the
        current scope)."""
        s = self._enter()
        try:
            stand_ins = []
            for k, v in enumerate(values):
                x = self.B.asarray(v, copy=True)
                if isinstance(x, np.generic):
                    x = np.asarray(x)
                s.nodes.append(Node(INPUT, "state", name=f"v{k}",
                                    outputs=[(_shape(self.B, x), _dtype_name(x))]))
                s.ids[id(x)] = Ref(k, 0)
                s.dynamic.add(k)
                self.keep.append(x)
                stand_ins.append(x)
            out = self.encode(fn(*stand_ins))
        finally:
            self._leave()
        template = (tuple(Ref(k, 0) for k in range(len(values)))
                    + tuple(Ref(i, 0) for i in s.cap_nodes), {})
        g = _SubGraph(s.nodes, template, out, name=what, backend=self.B.name)
        return Sub(g, len(s.captured)), list(s.captured)

    def check_concrete(self, x, what: str) -> None:
        """Hook called by ``ivy.Array`` before it turns its value into a Python or NumPy value."""
        if threading.get_ident() != self.thread or self.depth:
            return
        scope, r = self._find(x._data)
        if r is None or r.node not in scope.dynamic:
            return  # a constant: its value is known at trace time
        caller = sys._getframe(2).f_code.co_name
        if caller in ("__repr__", "__str__", "__format__"):
            return  # printing inside a traced function shows the trace-time value
        if what == "to_numpy":
            act = ("converting a traced value to NumPy (x.to_numpy(), np.asarray(x), or a "
                   "NumPy/other-library function applied to an ivy.Array)")
            fix = ("use the ivy.* function instead of the library call, or pass the value in "
                   "as a constant (a non-array argument)")
        else:
            act = f"{what}() of a traced value (Python control flow on array data)"
            fix = ("use ivy.where / ivy.maximum etc. instead of Python if/while on array values, "
                   "or make the value a static (non-array) argument")
        raise TraceError(f"tracing {self.fn_name}: {act} at {user_line()} cannot be recorded: "
                         f"the graph would bake in this one value. What to do: {fix}.")


def _check_out(sub, n: int, what: str) -> None:
    out = sub.graph.output
    if out.__class__ is not tuple or len(out) != n:
        raise TraceError(f"{what} must return a tuple of {n} values ({user_line()})")


def _shape(B, x) -> tuple:
    try:
        s = B.shape_of(x)
    except Exception:
        s = getattr(x, "shape", ())
    return tuple(None if d is None else int(d) for d in s)


def _dtype_name(x) -> str:
    from ..dtypes import as_ivy_dtype

    return str(as_ivy_dtype(x.dtype))


def _static(v):
    """Framework dtypes become Ivy dtypes so a graph does not depend on the tracing framework."""
    from ..dtypes import Dtype, as_ivy_dtype

    if v is None or isinstance(v, (bool, int, float, complex, str)) or v is Ellipsis:
        return v
    if isinstance(v, Dtype):
        return v
    try:
        return as_ivy_dtype(v)
    except Exception:
        return v


# ---------------------------------------------------------------------------------------------
# trace_graph
# ---------------------------------------------------------------------------------------------

def _param_names(fn, args, kwargs) -> tuple[list, dict]:
    """A name for each positional and keyword argument (from ``fn``'s signature)."""
    pos = [f"arg{i}" for i in range(len(args))]
    kw = {k: k for k in kwargs}
    target = getattr(fn, "_forward", fn)  # an ivy.Module: name inputs after _forward's
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return pos, kw
    params = list(sig.parameters.values())
    i = 0
    for p in params:
        if i >= len(args):
            break
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            pos[i] = p.name
            i += 1
        elif p.kind is p.VAR_POSITIONAL:
            for j in range(i, len(args)):
                pos[j] = f"{p.name}{j - i}"
            break
    return pos, kw


def _ident(s: str) -> str:
    out = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in str(s))
    if not out or out[0].isdigit():
        out = "_" + out
    return out


def trace(fn, args: tuple, kwargs: dict, *, backend=None) -> Graph:
    """Run ``fn(*args, **kwargs)`` once under a recorder and return the :class:`Graph`."""
    global _active
    from ..functional.backends import load_backend

    DG = _fw.DISPATCH_GLOBALS
    fn_name = getattr(fn, "__qualname__", None) or type(fn).__name__
    with _lock:
        if _active is not None:
            raise TraceError(f"ivy.trace_graph({fn_name}) was called while tracing "
                             f"{_active.fn_name}; nested traces are not supported")
        prev = DG["_B"]
        if backend is not None:
            B = load_backend(backend)
        elif prev is not None:
            B = prev
        else:
            leaves = []
            _collect_natives((args, kwargs), leaves)
            B = _fw.infer_backend("trace_graph", leaves, {})
        t = Tracer(fn_name, B)
        pos_names, kw_names = _param_names(fn, args, kwargs)
        used: set = set()

        def new_input(x, name):
            name = _ident(name)
            base, k = name, 1
            while name in used:
                name = f"{base}_{k}"
                k += 1
            used.add(name)
            if x.__class__ is _fw.Array:
                x = x._data
            if isinstance(x, np.generic):
                # a NumPy scalar argument: a 0-d array, whose id the trace can follow (every use
                # of the scalar would otherwise make a new array: a constant baked in)
                x = np.asarray(x)
            if B.name != _fw.backend_name_of_type(type(x)):
                x = B.asarray(to_numpy(x))
            elif id(x) in t.ids:
                # the same array passed for two parameters (f(x, x)): each parameter gets an
                # input of its own, or a call with different arrays would replay as f(y, y)
                x = B.asarray(x, copy=True)
            i = t.add_node(Node(INPUT, name, name=name, outputs=[(_shape(B, x), _dtype_name(x))]))
            t.ids[id(x)] = Ref(i, 0)
            t.dynamic.add(i)
            t.keep.append(x)
            wrapped = _fw._new_array(_fw.Array)
            wrapped._data = x
            return Ref(i, 0), wrapped

        template, targs, tkwargs = make_input_template(args, kwargs, pos_names, kw_names, new_input)
        from .. import array_object

        _fw.set_dispatch_backend(Recorder(t, B))
        array_object._trace_check = t.check_concrete
        _active = t
        try:
            result = fn(*targs, **tkwargs)
            out = t.encode(result)
        except TraceError:
            raise
        except IvyError as e:
            e.add_note(f"(while tracing {fn_name} with ivy.trace_graph, at {user_line_of(e)})")
            raise
        except Exception as e:
            line = user_line_of(e)
            raise TraceError(
                f"tracing {fn_name} failed at {line}: {type(e).__name__}: {e}. If that line "
                "calls a non-Ivy function (NumPy, torch, jax, tf or a method of a native array) "
                "on a traced value, use the ivy.* equivalent, or pass the value as a constant."
            ) from e
        finally:
            _fw.set_dispatch_backend(prev)
            array_object._trace_check = None
            _active = None
        g = Graph(t.nodes, template, out, name=fn_name, backend=B.name)
        g._dynamic = frozenset(t.dynamic)
        return g


def _collect_natives(v, out: list) -> None:
    c = v.__class__
    if c is tuple or c is list:
        for e in v:
            _collect_natives(e, out)
    elif c is dict:
        for e in v.values():
            _collect_natives(e, out)
    elif c is _fw.Array:
        out.append(v._data)
    elif native_of(v):
        out.append(v)


def make_input_template(args, kwargs, pos_names, kw_names, new_input):
    """Build the template ``(args, kwargs)`` (arrays -> input Refs) and the traced arguments."""

    def walk(v, name):
        c = v.__class__
        if c is _fw.Array or native_of(v):
            return new_input(v, name)
        if c is tuple or c is list:
            pairs = [walk(e, f"{name}_{k}") for k, e in enumerate(v)]
            return c(p[0] for p in pairs), c(p[1] for p in pairs)
        if isinstance(v, dict):  # dicts and dict subclasses (ivy.Container)
            pairs = {k: walk(e, f"{name}_{k}") for k, e in v.items()}
            return ({k: p[0] for k, p in pairs.items()},
                    _like(v, {k: p[1] for k, p in pairs.items()}))
        return v, v

    ta, xa = [], []
    for v, n in zip(args, pos_names, strict=False):
        t, x = walk(v, n)
        ta.append(t)
        xa.append(x)
    tk, xk = {}, {}
    for k, v in kwargs.items():
        tk[k], xk[k] = walk(v, kw_names[k])
    return (tuple(ta), tk), tuple(xa), xk


def _like(original: dict, items: dict) -> dict:
    """``items`` as the same mapping type as ``original`` (a plain dict if that fails)."""
    if original.__class__ is dict:
        return items
    try:
        return original.__class__(items)
    except Exception:
        return items
