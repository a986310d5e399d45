"""The graph IR: :class:`Node`, :class:`Ref`, :class:`Graph` (replay, passes, serialisation).

A graph is a list of nodes in execution order. A node is an ``input`` (a traced array argument),
a ``constant`` (an array whose value was fixed at trace time, stored as NumPy) or a ``call`` of an
Ivy API function (``target`` is its path: ``"add"``, ``"linalg.svd"``). Arguments are the Python
structure the function was called with, where every array is a :class:`Ref` ``(node, output)`` to an
earlier node's output. A node's outputs are the native arrays in its result, flattened in order
(``paths`` says where each sits in the result: ``()`` for a plain array, ``(0,)`` for ``r[0]``).

Replaying a graph does not interpret it node by node: for each backend it generates (once) a
Python function with one line per node that calls the backend's functions directly on native
arrays, so replay skips even the dispatchers and costs less than the traced calls did.
"""

from __future__ import annotations

import base64
import json
from typing import Any, NamedTuple

import numpy as np

from .. import func_wrapper as _fw

INPUT, CONSTANT, CALL = "input", "constant", "call"
_DG = _fw.DISPATCH_GLOBALS
_BOT = _fw._BACKEND_OF_TYPE
FORMAT = "ivy.graph"
VERSION = 1
_RANDOM_EXTRA = {"dropout", "dropout1d", "dropout2d", "dropout3d", "shuffle"}
_MUTATING = {"set_item"}  # in place on NumPy/PyTorch: replay copies first (value semantics)


class Ref(NamedTuple):
    """Output ``index`` of node ``node``."""

    node: int
    index: int


class Node:
    """One step of a graph. ``outputs`` is a list of ``(shape, dtype)``, one per output array."""

    __slots__ = ("op", "target", "args", "kwargs", "outputs", "paths", "value", "name")

    def __init__(self, op, target, args=(), kwargs=None, outputs=None, paths=None, value=None,
                 name=None):
        self.op, self.target, self.args = op, target, args
        self.kwargs = kwargs if kwargs is not None else {}
        self.outputs = outputs if outputs is not None else []
        self.paths = paths if paths is not None else [()] * len(self.outputs)
        self.value, self.name = value, name

    def copy(self, **changes) -> Node:
        d = {k: getattr(self, k) for k in self.__slots__}
        d.update(changes)
        return Node(**d)

    @property
    def shape(self):
        return self.outputs[0][0] if len(self.outputs) == 1 else [o[0] for o in self.outputs]

    @property
    def dtype(self):
        return self.outputs[0][1] if len(self.outputs) == 1 else [o[1] for o in self.outputs]

    def __repr__(self) -> str:
        outs = ", ".join(f"{d}{list(s)}" for s, d in self.outputs)
        if self.op == INPUT:
            return f"<input {self.name}: {outs}>"
        if self.op == CONSTANT:
            return f"<constant {self.name}: {outs}>"
        return f"<{self.name} = ivy.{self.target}(...): {outs}>"


def native_of(v) -> bool:
    """Whether ``v`` is a native array (or NumPy scalar) of any framework."""
    c = v.__class__
    n = _fw._BACKEND_OF_TYPE.get(c, 0)
    if n == 0:
        n = _fw.backend_name_of_type(c)
    return n is not None


def is_random(path: str) -> bool:
    fn = _fw.API.get(path)
    mod = getattr(fn, "__module__", "") or ""
    return mod.endswith(".random") or path in _RANDOM_EXTRA


def map_refs(v, f):
    """``v`` with every :class:`Ref` ``r`` replaced by ``f(r)``."""
    c = v.__class__
    if c is Ref:
        return f(v)
    if c is tuple or c is list:
        return c(map_refs(e, f) for e in v)
    if c is dict:
        return {k: map_refs(e, f) for k, e in v.items()}
    return v


def iter_refs(v):
    c = v.__class__
    if c is Ref:
        yield v
    elif c is tuple or c is list:
        for e in v:
            yield from iter_refs(e)
    elif c is dict:
        for e in v.values():
            yield from iter_refs(e)


# ---------------------------------------------------------------------------------------------
# Input templates: where the array arguments sit in (args, kwargs)
# ---------------------------------------------------------------------------------------------

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


def _pick(template, value, out: list) -> None:
    c = template.__class__
    if c is Ref:
        out.append(value)
    elif c is tuple or c is list:
        if len(value) != len(template):
            raise TypeError(f"expected a sequence of length {len(template)}, got {len(value)}")
        for t, v in zip(template, value, strict=False):
            _pick(t, v, out)
    elif c is dict:
        for k, t in template.items():
            _pick(t, value[k], out)


# ---------------------------------------------------------------------------------------------
# The graph
# ---------------------------------------------------------------------------------------------

class Graph:
    """A traced function: nodes, where the inputs come from, and the output structure.

    Call it like the traced function (``graph(x, y)``): it runs on the current backend (or the one
    inferred from the arrays given), or on ``graph.with_backend("jax")``.
    """

    def __init__(self, nodes, template, output, *, name="fn", backend="numpy"):
        self.nodes: list[Node] = list(nodes)
        self.template = template  # (args, kwargs) with input Refs at the array positions
        self.output = output  # the result structure with Refs
        self.name = name
        self.backend = backend  # the backend it was traced on (used for constant folding)
        self._assign_names()
        self._replay: dict = {}
        self._fast: dict = {}  # backend module -> (replay fn, backend name, input shapes)
        self._consts: dict = {}
        targs, tkw = template
        self._flat = not tkw and all(t.__class__ is Ref for t in targs)
        self._n_inputs = sum(1 for n in self.nodes if n.op == INPUT)
        self._single_out = output.__class__ is Ref

    # -- structure ------------------------------------------------------------------------------
    def _assign_names(self):
        used: set = set()
        counts: dict = {}
        for n in self.nodes:
            if n.op == INPUT:
                used.add(n.name)
        for n in self.nodes:
            if n.op == INPUT:
                continue
            base = "c" if n.op == CONSTANT else n.target.rpartition(".")[2]
            if base in ("lambda", "def", "class", "in", "is", "not", "and", "or", "if", "else",
                        "for", "while", "return", "pass", "del", "global", "with", "as", "try",
                        "from", "import", "yield", "raise", "assert", "break", "continue", "None",
                        "True", "False", "async", "await", "nonlocal", "except", "finally",
                        "elif"):
                base += "_"
            k = counts.get(base, 0)
            name = base if k == 0 and n.op != CONSTANT else f"{base}_{k}"
            while name in used:
                k += 1
                name = f"{base}_{k}"
            counts[base] = k + 1
            used.add(name)
            n.name = name

    @property
    def inputs(self) -> list[Node]:
        return [n for n in self.nodes if n.op == INPUT]

    @property
    def input_names(self) -> list[str]:
        return [n.name for n in self.nodes if n.op == INPUT]

    @property
    def constants(self) -> list[Node]:
        return [n for n in self.nodes if n.op == CONSTANT]

    @property
    def calls(self) -> list[Node]:
        return [n for n in self.nodes if n.op == CALL]

    def __len__(self) -> int:
        return len(self.nodes)

    def __iter__(self):
        return iter(self.nodes)

    def dynamic(self) -> set:
        """Indices of the nodes whose value depends on the inputs (or on randomness)."""
        dyn = set()
        for i, n in enumerate(self.nodes):
            if n.op == INPUT or (n.op == CALL and (
                    is_random(n.target)
                    or any(r.node in dyn for r in iter_refs((n.args, n.kwargs))))):
                dyn.add(i)
        return dyn

    def __repr__(self) -> str:
        return (f"<ivy.Graph {self.name}: {len(self.nodes)} nodes ({self._n_inputs} inputs, "
                f"{len(self.calls)} calls, {len(self.constants)} constants), traced on "
                f"{self.backend}>")

    def __str__(self) -> str:
        return self.to_source("ivy")

    # -- running ------------------------------------------------------------------------------
    def with_backend(self, backend) -> BoundGraph:
        """This graph, run on ``backend`` whatever backend is set (inputs converted if needed)."""
        from ..backend_handler import load_backend

        return BoundGraph(self, load_backend(backend))

    def __call__(self, *args, **kwargs):
        B = _DG["_B"]
        if not kwargs and self._flat and B is not None:
            fast = self._fast.get(B)
            if fast is not None and len(args) == self._n_inputs:
                fn, bn, shapes = fast
                get = _BOT.get
                for a, s in zip(args, shapes, strict=False):
                    if get(a.__class__) != bn or a.shape != s:
                        break
                else:
                    return fn(*args)
        return self._run(B, args, kwargs)

    def _check_shapes(self, leaves):
        for n, v in zip(self.inputs, leaves, strict=False):
            want = n.outputs[0][0]
            got = tuple(v.shape)
            if got != tuple(want):
                raise ValueError(
                    f"graph {self.name} was traced for {n.name}: {n.outputs[0][1]}{list(want)}, "
                    f"got shape {list(got)}; trace it again for new shapes (ivy.compile does "
                    "that automatically, once per input signature)")

    def _leaves(self, args, kwargs) -> tuple[list, bool]:
        if self._flat and not kwargs:
            leaves = list(args)
            if len(leaves) != self._n_inputs:
                raise TypeError(f"graph {self.name} takes {self._n_inputs} array arguments "
                                f"({', '.join(self.input_names)}), got {len(leaves)}")
        else:
            leaves = []
            targs, tkw = self.template
            _pick(tuple(targs), tuple(args)[:len(targs)], leaves)
            _pick(tkw, kwargs, leaves)
        ivy_in = False
        for k, v in enumerate(leaves):
            if v.__class__ is _fw.Array:
                leaves[k] = v._data
                ivy_in = True
        return leaves, ivy_in

    def _run(self, B, args, kwargs):
        leaves, ivy_in = self._leaves(args, kwargs)
        if B is None:
            B = _fw.infer_backend(f"graph {self.name}", leaves, {})
        key = B.name if B.__class__.__name__ != "_Recorder" else None
        fn = self._replay.get(key)
        if fn is None:
            fn = self.build(B)
            if key is not None:
                self._replay[key] = fn
        bn = B.name if key is not None else B._real.name
        for k, v in enumerate(leaves):
            c = v.__class__
            n = _fw._BACKEND_OF_TYPE.get(c, 0)
            if n == 0:
                n = _fw.backend_name_of_type(c)
            if n != bn:
                leaves[k] = _convert(B, v, self.nodes, k)
        self._check_shapes(leaves)
        if key is not None and self._flat:
            self._fast[B] = (fn, bn, [n.outputs[0][0] for n in self.inputs])
        try:
            out = fn(*leaves)
        except Exception as e:
            sig = ", ".join(f"{n.name}: {n.outputs[0][1]}{list(n.outputs[0][0])}"
                            for n in self.inputs)
            e.add_note(f"(while running graph {self.name} on {bn}; traced with {sig})")
            raise
        if ivy_in:
            return _wrap_tree(out)
        return out

    def build(self, B, *, compiled_mutation: bool = False):
        """The generated replay function of this graph for backend module ``B`` (natives in/out)."""
        from .codegen import replay_source

        src, glb = replay_source(self, B)
        loc: dict = {}
        exec(compile(src, f"<ivy graph {self.name} on {getattr(B, 'name', '?')}>", "exec"), glb,
             loc)
        fn = loc["_ivy_replay"]
        fn.ivy_source = src
        return fn

    def constant_values(self, B) -> dict:
        """Native copies of the constants for backend ``B`` (made once per backend)."""
        name = getattr(B, "name", None)
        got = self._consts.get(name) if name else None
        if got is None:
            got = {}
            for i, n in enumerate(self.nodes):
                if n.op == CONSTANT:
                    got[i] = _from_numpy(B, n.value)
            if name:
                self._consts[name] = got
        return got

    # -- passes ---------------------------------------------------------------------------------
    def _rebuild(self, keep, replace=None) -> Graph:
        """A new graph with the nodes whose index is in ``keep`` (new Nodes allowed in
        ``replace[i]`` = list of nodes, each one output, standing for node i's outputs)."""
        replace = replace or {}
        remap: dict = {}
        new_nodes: list[Node] = []

        def f(r):
            return remap[(r.node, r.index)]

        for i, n in enumerate(self.nodes):
            if i in replace:
                for j, m in enumerate(replace[i]):
                    if m.__class__ is Ref:  # an alias of an earlier value
                        remap[(i, j)] = f(m)
                    else:
                        new_nodes.append(m)
                        remap[(i, j)] = Ref(len(new_nodes) - 1, 0)
                continue
            if i not in keep:
                continue
            m = n.copy(args=map_refs(n.args, f), kwargs=map_refs(n.kwargs, f))
            new_nodes.append(m)
            for j in range(len(n.outputs)):
                remap[(i, j)] = Ref(len(new_nodes) - 1, j)
        template = map_refs(self.template, f)
        output = map_refs(self.output, f)
        for m in new_nodes:
            if m.op != INPUT:
                m.name = None
        return Graph(new_nodes, template, output, name=self.name, backend=self.backend)

    def dce(self) -> Graph:
        """Dead-code elimination: drop nodes whose values do not reach the output."""
        live = {r.node for r in iter_refs(self.output)}
        for i in range(len(self.nodes) - 1, -1, -1):
            if i in live:
                n = self.nodes[i]
                live.update(r.node for r in iter_refs((n.args, n.kwargs)))
        keep = {i for i, n in enumerate(self.nodes) if n.op == INPUT or i in live}
        return self._rebuild(keep)

    def fold_constants(self, *, max_elements: int = 1 << 16) -> Graph:
        """Constant folding: evaluate calls that depend on no input (and are not random) once,
        keeping results of at most ``max_elements`` elements as constants."""
        from ..backend_handler import BackendNotInstalledError, load_backend

        try:
            B = load_backend(self.backend)
        except BackendNotInstalledError:
            B = load_backend("numpy")
        dyn = self.dynamic()
        env: dict = {}
        consts = self.constant_values(B)
        replace: dict = {}
        for i, n in enumerate(self.nodes):
            if n.op == CONSTANT:
                env[(i, 0)] = consts[i]
            if n.op != CALL or i in dyn:
                continue
            if any(s is None or int(np.prod(s, dtype=np.int64)) > max_elements
                   for s, _ in n.outputs):
                continue
            fn = _fw._resolve(B, n.target)
            args = map_refs(n.args, lambda r: env[(r.node, r.index)])
            kwargs = map_refs(n.kwargs, lambda r: env[(r.node, r.index)])
            if n.target in _MUTATING:
                args = (_copy(B, args[0]),) + tuple(args[1:])
            out = fn(*args, **kwargs)
            leaves = _flatten_out(out)
            if len(leaves) != len(n.outputs):
                continue
            new = []
            for j, v in enumerate(leaves):
                env[(i, j)] = v
                value = np.array(B.to_numpy(v), copy=True)
                new.append(Node(CONSTANT, "constant", value=value,
                                outputs=[(tuple(value.shape), n.outputs[j][1])]))
            replace[i] = new
        keep = set(range(len(self.nodes)))
        return self._rebuild(keep, replace)

    def cse(self) -> Graph:
        """Common-subexpression elimination: identical calls (same function, same arguments) and
        identical constants are computed once."""
        seen: dict = {}
        replace: dict = {}
        alias: dict = {}

        def canon(r):
            return alias.get((r.node, r.index), r)

        for i, n in enumerate(self.nodes):
            if n.op == INPUT:
                continue
            if n.op == CONSTANT:
                v = n.value
                key = ("c", str(v.dtype), v.shape, v.tobytes())
            else:
                if is_random(n.target):
                    continue
                a = map_refs(n.args, canon)
                k = map_refs(n.kwargs, canon)
                try:
                    key = ("f", n.target, json.dumps(_encode((a, k), binary=False),
                                                     sort_keys=True))
                except TypeError:
                    continue
            j = seen.get(key)
            if j is None:
                seen[key] = i
                continue
            replace[i] = [Ref(j, o) for o in range(len(n.outputs))]
            for o in range(len(n.outputs)):
                alias[(i, o)] = Ref(j, o)
        return self._rebuild(set(range(len(self.nodes))), replace)

    def optimize(self) -> Graph:
        """Constant folding, then CSE, then dead-code elimination."""
        return self.fold_constants().cse().dce()

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self, *, binary: bool = True) -> dict:
        """A msgpack-safe dict (``binary=False``: JSON-safe, array bytes base64-encoded).

        Arrays are ``{"dtype", "shape", "data"}`` with raw little-endian row-major bytes. No pickle.
        """
        nodes = []
        for n in self.nodes:
            d: dict[str, Any] = {"op": n.op, "target": n.target, "name": n.name,
                                 "outputs": [[list(s) if s is not None else None, dt]
                                             for s, dt in n.outputs]}
            if n.op == CALL:
                d["args"] = _encode(n.args, binary)
                d["kwargs"] = _encode(n.kwargs, binary)
                d["paths"] = [list(p) for p in n.paths]
            if n.op == CONSTANT:
                d["value"] = encode_array(n.value, binary)
            nodes.append(d)
        return {"format": FORMAT, "version": VERSION, "name": self.name, "backend": self.backend,
                "nodes": nodes, "template": _encode(self.template, binary),
                "output": _encode(self.output, binary)}

    @classmethod
    def from_dict(cls, d: dict) -> Graph:
        """Rebuild a graph from :meth:`to_dict`'s output (either form)."""
        if d.get("format") != FORMAT:
            raise ValueError(f"not a serialised ivy graph (format={d.get('format')!r})")
        if d.get("version") != VERSION:
            raise ValueError(f"ivy graph format version {d.get('version')!r} is not supported "
                             f"(this Ivy reads version {VERSION})")
        nodes = []
        for nd in d["nodes"]:
            outs = [(tuple(s) if s is not None else None, dt) for s, dt in nd["outputs"]]
            op = nd["op"]
            if op not in (INPUT, CONSTANT, CALL):
                raise ValueError(f"unknown node kind {op!r}")
            if op == CALL and not hasattr(_fw.API.get(nd["target"]), "ivy_source"):
                raise ValueError(f"graph calls unknown function ivy.{nd['target']}")
            nodes.append(Node(
                op, nd["target"],
                args=_decode(nd.get("args", [])) if op == CALL else (),
                kwargs=_decode(nd.get("kwargs", {})) if op == CALL else {},
                outputs=outs,
                paths=[tuple(p) for p in nd["paths"]] if op == CALL else [()],
                value=decode_array(nd["value"]) if op == CONSTANT else None,
                name=nd["name"]))
        for n in nodes:
            if n.op == CALL and n.args.__class__ is list:
                n.args = tuple(n.args)
        template = _decode(d["template"])
        g = cls(nodes, (tuple(template[0]), template[1]), _decode(d["output"]),
                name=d.get("name", "fn"), backend=d.get("backend", "numpy"))
        for n, nd in zip(g.nodes, d["nodes"], strict=False):  # keep the stored names exactly
            n.name = nd["name"]
        _validate(g)
        return g

    def to_json(self) -> str:
        return json.dumps(self.to_dict(binary=False))

    @classmethod
    def from_json(cls, s: str) -> Graph:
        return cls.from_dict(json.loads(s))

    # -- printing -------------------------------------------------------------------------------
    def to_source(self, target: str = "ivy", *, name: str | None = None) -> str:
        """Standalone Python source of this graph for ``target`` ("jax", "torch", "tensorflow",
        "numpy": imports only that framework; "ivy": framework-agnostic Ivy code)."""
        from .source import to_source

        return to_source(self, target, name=name)

    def to_dot(self) -> str:
        """Graphviz DOT text: one box per node with its name, function, shape and dtype."""
        from .draw import to_dot

        return to_dot(self)

    def save_svg(self, path) -> str:
        """Draw the graph to ``path`` (SVG via Graphviz ``dot`` when installed, otherwise an SVG
        laid out by Ivy itself; ``.html`` paths get the SVG inside a page). Returns the path."""
        from .draw import save_svg

        return save_svg(self, path)


class BoundGraph:
    """A graph pinned to one backend: ``graph.with_backend("jax")``."""

    def __init__(self, graph: Graph, B):
        self.graph, self.B = graph, B

    def __call__(self, *args, **kwargs):
        return self.graph._run(self.B, args, kwargs)

    def __getattr__(self, name):
        return getattr(self.graph, name)

    def __len__(self):
        return len(self.graph)

    def __repr__(self):
        return f"{self.graph!r} on {self.B.name}"


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------

def _validate(g: Graph) -> None:
    """Reject a deserialised graph that is malformed. Names and indices end up in generated
    source, so only identifiers and ints pass."""
    import keyword

    from ..dtypes import BY_NAME

    def bad(msg):
        raise ValueError(f"malformed ivy graph: {msg}")

    def check(r, limit, where):
        if not (r.node.__class__ is int and r.index.__class__ is int and 0 <= r.node < limit
                and 0 <= r.index < len(g.nodes[r.node].outputs)):
            bad(f"{where} refers to a value that does not exist before it ({r})")
        return r

    names: set = set()
    for i, n in enumerate(g.nodes):
        nm = n.name
        if not isinstance(nm, str) or not nm.isidentifier() or keyword.iskeyword(nm) \
                or nm.startswith("_ivy") or nm in names:
            bad(f"node {i} has an invalid or duplicate name {nm!r}")
        names.add(nm)
        for shp, dt in n.outputs:
            if dt not in BY_NAME or (shp is not None and not all(
                    e is None or (e.__class__ is int and e >= 0) for e in shp)):
                bad(f"node {nm} has an invalid output {shp!r} {dt!r}")
        if n.op == CALL:
            if len(n.paths) != len(n.outputs) or not all(
                    all(k.__class__ is int for k in p) for p in n.paths):
                bad(f"node {nm} has invalid output paths")
            if not isinstance(n.args, tuple) or not isinstance(n.kwargs, dict) or not all(
                    isinstance(k, str) and k.isidentifier() for k in n.kwargs):
                bad(f"node {nm} has invalid arguments")
        elif n.op == CONSTANT:
            if n.value is None or len(n.outputs) != 1:
                bad(f"constant {nm} has no value")
        elif len(n.outputs) != 1:
            bad(f"input {nm} must have one output")
        map_refs((n.args, n.kwargs), lambda r, i=i, nm=nm: check(r, i, nm))
    map_refs(g.output, lambda r: check(r, len(g.nodes), "the output"))
    for r in iter_refs(g.template):
        check(r, len(g.nodes), "the input template")
        if g.nodes[r.node].op != INPUT:
            bad("the input template refers to a node that is not an input")
    if not isinstance(g.name, str) or not isinstance(g.backend, str):
        bad("name and backend must be strings")


def _flatten_out(out) -> list:
    leaves: list = []

    def walk(v):
        if native_of(v):
            leaves.append(v)
        elif v.__class__ is tuple or v.__class__ is list or isinstance(v, tuple):
            for e in v:
                walk(e)

    walk(out)
    return leaves


def _wrap_tree(v):
    c = v.__class__
    if c is dict:
        return {k: _wrap_tree(e) for k, e in v.items()}
    if c is tuple or c is list:
        return c(_wrap_tree(e) for e in v)
    return _fw.wrap(v)


def _convert(B, v, nodes, k):
    """An input array of another framework, as ``B``'s native array."""
    from ..backend_handler import backend_of

    if B.__class__.__name__ == "_Recorder":
        B = B._real
    return _from_numpy(B, backend_of(v).to_numpy(v))


def _from_numpy(B, a: np.ndarray):
    if B.__class__.__name__ == "_Recorder":
        B = B._real
    if B.name == "numpy":
        return a
    if a.dtype.name == "bfloat16":
        return B.astype(B.asarray(a.astype(np.float32)), "bfloat16")
    return B.asarray(a)


def _copy(B, x):
    name = getattr(B, "name", None) or B._real.name
    if name == "numpy":
        return x.copy()
    if name == "torch":
        return x.clone()
    return x


def np_dtype(name: str) -> np.dtype:
    if name == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def encode_array(a: np.ndarray, binary: bool = True) -> dict:
    a = np.ascontiguousarray(a)
    dt = a.dtype
    if dt.byteorder == ">":
        a = a.astype(dt.newbyteorder("<"))
    raw = a.tobytes()
    return {"dtype": "bfloat16" if dt.name == "bfloat16" else dt.name, "shape": list(a.shape),
            "data": raw if binary else base64.b64encode(raw).decode("ascii")}


def decode_array(d: dict) -> np.ndarray:
    raw = d["data"]
    if isinstance(raw, str):
        raw = base64.b64decode(raw)
    dt = np_dtype(d["dtype"])
    shape = tuple(d["shape"])
    n = int(np.prod(shape, dtype=np.int64))
    if len(raw) != n * dt.itemsize:
        raise ValueError(f"array of {d['dtype']}{list(shape)} needs {n * dt.itemsize} bytes, "
                         f"got {len(raw)}")
    return np.frombuffer(raw, dtype=dt.newbyteorder("<")).astype(dt).reshape(shape).copy()


def _encode(v, binary: bool = True):
    """A msgpack/JSON-safe form of an argument structure (tagged dicts for the non-JSON kinds)."""
    from ..dtypes import Dtype

    c = v.__class__
    if c is Ref:
        return {"$": "ref", "n": v.node, "i": v.index}
    if v is None or c is bool or c is int or c is str:
        return v
    if c is float:
        return v if np.isfinite(v) else {"$": "float", "v": repr(v)}
    if isinstance(v, Dtype):
        return {"$": "dtype", "v": str(v)}
    if c is list:
        return [_encode(e, binary) for e in v]
    if c is tuple:
        return {"$": "tuple", "v": [_encode(e, binary) for e in v]}
    if c is dict:
        return {"$": "dict", "k": [_encode(k, binary) for k in v],
                "v": [_encode(e, binary) for e in v.values()]}
    if c is slice:
        return {"$": "slice", "v": [_encode(v.start), _encode(v.stop), _encode(v.step)]}
    if v is Ellipsis:
        return {"$": "ellipsis"}
    if c is complex:
        return {"$": "complex", "v": [_encode(v.real), _encode(v.imag)]}
    if isinstance(v, np.ndarray):
        return {"$": "array", "v": encode_array(v, binary)}
    if isinstance(v, np.generic):
        return {"$": "scalar", "v": encode_array(np.asarray(v), binary)}
    for base in (bool, int, float, str):  # subclasses (IntEnum, ...) as their base type
        if isinstance(v, base):
            return _encode(base(v), binary)
    raise TypeError(f"cannot serialise a {type(v).__name__} ({v!r}) in an ivy graph")


def _decode(v):
    from ..dtypes import as_ivy_dtype

    c = v.__class__
    if c is list:
        return [_decode(e) for e in v]
    if c is not dict:
        return v
    tag = v.get("$")
    if tag == "ref":
        return Ref(v["n"], v["i"])
    if tag == "tuple":
        return tuple(_decode(e) for e in v["v"])
    if tag == "dict":
        return {_decode(k): _decode(e) for k, e in zip(v["k"], v["v"], strict=False)}
    if tag == "slice":
        return slice(*(_decode(e) for e in v["v"]))
    if tag == "ellipsis":
        return Ellipsis
    if tag == "float":
        return float(v["v"])
    if tag == "complex":
        return complex(_decode(v["v"][0]), _decode(v["v"][1]))
    if tag == "dtype":
        return as_ivy_dtype(v["v"])
    if tag == "array":
        return decode_array(v["v"])
    if tag == "scalar":
        return decode_array(v["v"])[()]
    raise ValueError(f"unknown tag {tag!r} in a serialised ivy graph")
