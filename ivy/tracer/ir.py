"""The graph IR: :class:`Node`, :class:`Ref` and the structure of a :class:`Graph`.

The bottom of the tracer (like ``torch.fx.graph``): it imports nothing from the tracer and only
the API registry and the tree utility (:mod:`ivy.tree`) from Ivy. Running, optimising,
serialising and printing graphs live in :mod:`.replay`, :mod:`.passes`, :mod:`.serialize` and
:mod:`.emit`; :class:`ivy.tracer.graph.Graph` puts them together as methods.

A graph is a list of nodes in execution order. A node is an ``input`` (a traced array argument),
a ``constant`` (an array whose value was fixed at trace time, stored as NumPy) or a ``call`` of an
Ivy API function (``target`` is its path: ``"add"``, ``"linalg.svd"``). Arguments are the Python
structure the function was called with, where every array is a :class:`Ref` ``(node, output)`` to an
earlier node's output. A node's outputs are the native arrays in its result, flattened in order
(``paths`` says where each sits in the result: ``()`` for a plain array, ``(0,)`` for ``r[0]``).
"""

from __future__ import annotations

import keyword
from typing import NamedTuple

from .. import tree as _tree
from ..registry import API

INPUT, CONSTANT, CALL = "input", "constant", "call"
#: the functions whose call nodes hold sub-graphs (:class:`Sub`) in their arguments; the node's
#: arguments are those of the backend's flat form (``B.while_loop(cond_fn, body_fn, state)``,
#: ``B.cond(pred, true_fn, false_fn, operands)``, ``B.scan(f, init, xs, length, reverse)``; see
#: ivy/functional/ivy/control_flow.py) with each callable a :class:`Sub`, followed by one more
#: argument: the tuple of outer values the sub-graphs capture (each sub's slice, in order)
CONTROL_FLOW = frozenset({"while_loop", "cond", "scan"})
_RANDOM_EXTRA = {"dropout", "dropout1d", "dropout2d", "dropout3d", "shuffle"}
MUTATING = {"set_item"}  # in place on NumPy/PyTorch: replay and emitted code copy first


class Ref(NamedTuple):
    """Output ``index`` of node ``node``."""

    node: int
    index: int


class Node:
    """One step of a graph. ``outputs`` is a list of ``(shape, dtype)``, one per output array."""

    __slots__ = ("op", "target", "args", "kwargs", "outputs", "paths", "value", "name", "meta")

    def __init__(self, op, target, args=(), kwargs=None, outputs=None, paths=None, value=None,
                 name=None, meta=None):
        self.op, self.target, self.args = op, target, args
        self.kwargs = kwargs if kwargs is not None else {}
        self.outputs = outputs if outputs is not None else []
        self.paths = paths if paths is not None else [()] * len(self.outputs)
        self.value, self.name = value, name
        # what produced the node, like torch.fx's ``node.meta`` (not serialized, not emitted):
        # the transpiler's captures set ``{"source_op": ..., "line": ...}``
        self.meta = meta

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


class Sub:
    """A sub-graph in a control-flow node's arguments: the traced ``cond_fn``/``body_fn`` of a
    ``while_loop``, a branch of ``cond``, ``scan``'s ``f``.

    ``graph`` is an :class:`Graph` of its own (its Refs point into its own nodes); its inputs
    (``graph.template[0]``, in order) are the flat loop state (``n_state`` of them) followed by
    ``n_captured`` values of the enclosing graph it closes over, which the enclosing node lists
    explicitly in its last argument. ``graph.output`` is what the flat callable returns (a Ref
    for ``cond_fn``, a tuple of Refs for ``body_fn`` and branches, ``(carry, ys)`` for ``f``).
    :func:`map_refs` and :func:`iter_refs` do not look inside: a Sub is opaque to the passes.
    """

    __slots__ = ("graph", "n_captured")

    def __init__(self, graph, n_captured: int):
        self.graph, self.n_captured = graph, n_captured

    @property
    def n_state(self) -> int:
        return len(self.graph.template[0]) - self.n_captured

    @property
    def input_nodes(self) -> list:
        return [self.graph.nodes[r.node] for r in self.graph.template[0]]

    def __repr__(self) -> str:
        return f"<sub-graph {self.graph.name}: {len(self.graph.nodes)} nodes>"


class _Symbolic:
    """What :class:`SymInt` and :class:`SymFloat` share: equality and hashing by value (the
    subclass's ``_key``), shown as their code."""

    __slots__ = ()

    def __eq__(self, other):
        return other.__class__ is self.__class__ and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code()})"


class SymInt(_Symbolic):
    """A size that the code reads from its inputs when it runs (a symbolic dimension): in a
    node's arguments where a traced graph holds an ``int``. The value is
    ``(sum(coef * product of atoms) // div) + offset``; an atom ``(input_name, axis)`` is
    ``input_name.shape[axis]``. :mod:`ivy.tracer.symbolic` finds these by comparing captures of
    the same program at several input sizes. Not an ``int`` on purpose: a pass that needs the
    number (``int(n)``, ``n == 4``) fails or does not match, never uses the example's value."""

    __slots__ = ("terms", "div", "offset")

    def __init__(self, terms, div: int = 1, offset: int = 0):
        #: ((coef, (atom, ...)), ...): a sum of products of input dimensions
        self.terms = tuple((int(c), tuple(a)) for c, a in terms)
        self.div, self.offset = int(div), int(offset)

    def atoms(self) -> set:
        return {a for _, atoms in self.terms for a in atoms}

    def evaluate(self, sizes: dict) -> int:
        """The value for ``sizes``: atom -> int."""
        total = 0
        for c, atoms in self.terms:
            p = c
            for a in atoms:
                p *= sizes[a]
            total += p
        return total // self.div + self.offset

    def code(self, name_of=None) -> str:
        """Python source: ``x.shape[0] * 4 // 2 + 1`` (``name_of(input_name)``: how the
        input is called where the code is written)."""
        parts = []
        for c, atoms in self.terms:
            f = [f"{name_of(a[0]) if name_of else a[0]}.shape[{a[1]}]" for a in atoms]
            if c != 1 or not f:
                f = ([str(abs(c))] if abs(c) != 1 or not f else []) + f
            s = " * ".join(f)
            parts.append(("- " if c < 0 else "+ ") + s if parts else ("-" if c < 0 else "") + s)
        s = " ".join(parts) or "0"
        if self.div != 1:
            s = f"({s}) // {self.div}" if len(self.terms) > 1 else f"{s} // {self.div}"
        if self.offset:
            s += f" {'+' if self.offset > 0 else '-'} {abs(self.offset)}"
        return s

    def _key(self):
        return (self.terms, self.div, self.offset)


class SymFloat(_Symbolic):
    """A float the program computes from a size (an attention scale ``d ** -0.5``):
    ``coef * atom_size ** exponent``, read from the inputs when the code runs (see
    :class:`SymInt`)."""

    __slots__ = ("atom", "exponent", "coef")

    def __init__(self, atom, exponent: float, coef: float = 1.0):
        self.atom, self.exponent, self.coef = tuple(atom), float(exponent), float(coef)

    def atoms(self) -> set:
        return {self.atom}

    def evaluate(self, sizes: dict) -> float:
        return self.coef * float(sizes[self.atom]) ** self.exponent

    def code(self, name_of=None) -> str:
        base = f"{name_of(self.atom[0]) if name_of else self.atom[0]}.shape[{self.atom[1]}]"
        e = int(self.exponent) if self.exponent.is_integer() else self.exponent
        s = base if e == 1 else f"{base} ** {e}" if e > 0 else f"{base} ** ({e})"
        return s if self.coef == 1.0 else f"{self.coef!r} * {s}"

    def _key(self):
        return (self.atom, self.exponent, self.coef)


def syms_in(v) -> list:
    """The :class:`SymInt` s and :class:`SymFloat` s in a node argument structure."""
    out = []

    def walk(e):
        c = e.__class__
        if c is SymInt or c is SymFloat:
            out.append(e)
        elif c in (tuple, list):
            for x in e:
                walk(x)
        elif c is dict:
            for x in e.values():
                walk(x)
        elif c is slice:
            walk((e.start, e.stop, e.step))

    walk(v)
    return out


def subs_of(n) -> list:
    """The :class:`Sub` arguments of node ``n`` (empty unless it is a control-flow call)."""
    if n.op != CALL or n.target not in CONTROL_FLOW:
        return []
    return [a for a in n.args if a.__class__ is Sub]


def captured_slices(n) -> list:
    """``[(sub, captured outer values)]`` of control-flow node ``n``."""
    caps, out, k = n.args[-1], [], 0
    for s in subs_of(n):
        out.append((s, caps[k:k + s.n_captured]))
        k += s.n_captured
    return out


def walk(g):
    """Every node of ``g`` and of its sub-graphs, depth first."""
    for n in g.nodes:
        yield n
        for s in subs_of(n):
            yield from walk(s.graph)


def is_random(path: str) -> bool:
    fn = API.get(path)
    mod = getattr(fn, "__module__", "") or ""
    return mod.endswith(".random") or path in _RANDOM_EXTRA


def random_inside(n) -> bool:
    """Whether control-flow node ``n``'s sub-graphs call a random function."""
    return any(m.op == CALL and is_random(m.target) for s in subs_of(n) for m in walk(s.graph))


def _is_ref(v) -> bool:
    return v.__class__ is Ref


def map_refs(v, f):
    """``v`` with every :class:`Ref` ``r`` replaced by ``f(r)`` (through :mod:`ivy.tree`: lists,
    tuples, dicts; a :class:`Sub` is a leaf)."""
    return _tree.tree_map(lambda e: f(e) if e.__class__ is Ref else e, v, is_leaf=_is_ref)


def iter_refs(v):
    """The :class:`Ref` s in ``v`` (dict values in key order; a :class:`Sub` is a leaf)."""
    return (e for e in _tree.tree_leaves(v, is_leaf=_is_ref) if e.__class__ is Ref)


class Graph:
    """The structure of a traced function: nodes, where the inputs come from, the output."""

    def __init__(self, nodes, template, output, *, name="fn", backend="numpy"):
        self.nodes: list[Node] = list(nodes)
        self.template = template  # (args, kwargs) with input Refs at the array positions
        self.output = output  # the result structure with Refs
        self.name = name
        self.backend = backend  # the backend it was traced on (used for constant folding)
        #: symbolic input dimensions (None: every input's shape is the traced one):
        #: ``{(input name, axis): (atom or None, min, max)}`` for each dimension of the array
        #: inputs; an atom ``(input name, axis)`` is the dimension whose size it takes (itself,
        #: or another: a relation), None a fixed size. Set by ``ivy.transpiler.shapes``.
        self.dims: dict | None = None
        self._assign_names()
        targs, tkw = template
        self._flat = not tkw and all(t.__class__ is Ref for t in targs)
        self._n_inputs = sum(1 for n in self.nodes if n.op == INPUT)

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
            if keyword.iskeyword(base) or base in ("None", "True", "False"):
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

    def ref_dtype(self, r: Ref) -> str:
        return self.nodes[r.node].outputs[r.index][1]

    def dynamic(self) -> set:
        """Indices of the nodes whose value depends on the inputs (or on randomness)."""
        dyn = set()
        for i, n in enumerate(self.nodes):
            if n.op == INPUT or (n.op == CALL and (
                    is_random(n.target) or random_inside(n) or syms_in((n.args, n.kwargs))
                    or any(r.node in dyn for r in iter_refs((n.args, n.kwargs))))):
                dyn.add(i)
        return dyn

    def __repr__(self) -> str:
        return (f"<ivy.Graph {self.name}: {len(self.nodes)} nodes ({self._n_inputs} inputs, "
                f"{len(self.calls)} call{'s' * (len(self.calls) != 1)}, "
                f"{len(self.constants)} constants), traced on "
                f"{self.backend}>")
