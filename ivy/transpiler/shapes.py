"""Symbolic input dimensions for ``ivy.transpile(..., dynamic=...)``: which dimensions of the
inputs the emitted code may take at any size, and the graph that reads them from its inputs.

1. **Symbols.** Every dimension of an array input of size ≥ 1 is a candidate (a size-1
   dimension too, unlike ``torch.export``: where the program broadcasts along it, the captures
   at other sizes differ in structure or fail, and the dimension is pinned). Dimensions of the same size are first tried as one
   symbol (they may be the same size by the program's logic: ``x.shape[1] == w.shape[0]``),
   then each on its own: one that the program takes at another size while the others keep
   theirs is a symbol of its own; the rest of the group stays one symbol, and the emitted code
   checks that its dimensions are equal (a relation, not a constant).
2. **Samples.** The program is captured again with a symbol's dimensions at twice their size
   (each symbol on its own), and once with every symbol at three times its size. A capture that
   fails, or gives another sequence of calls, pins the symbols it varied, naming the operation
   and line (``NotGeneral``).
3. **Fit.** Each integer of the graph that changes between the captures is fitted by an
   expression of the symbols (:mod:`ivy.tracer.symbolic`); one that no expression fits pins the
   symbols it depends on. The emitted code computes the expressions from its inputs' shapes.
4. **Verification at other sizes.** The emitted code runs at size 1 (where the example's size
   is above 1) and at a prime size of each symbol, against the source run natively. Code that
   differs at size 1 gets a minimum of 2 (the check refuses 1; ``t(...)`` transpiles again for
   it); code that differs at the prime pins the symbol. The report lists every dimension:
   symbolic (with the sizes it was verified at) or pinned (with why).
"""

from __future__ import annotations

import numpy as np
import optree

from ..tracer.ir import INPUT, Ref
from ..tracer.symbolic import NotGeneral, Sample, generalize
from .errors import TranspileError


class Dim:
    """One input dimension: ``input`` (the graph's input name), ``axis``, ``size`` (the
    example's), and what became of it."""

    def __init__(self, name: str, axis: int, size: int, leaf: int):
        self.input, self.axis, self.size, self.leaf = name, axis, size, leaf
        self.symbol: Symbol | None = None
        self.why = "size 0: fixed" if size < 1 else ""

    @property
    def atom(self):
        return (self.input, self.axis)

    def to_dict(self) -> dict:
        d = {"input": self.input, "axis": self.axis, "size": self.size}
        if self.symbol is not None and not self.symbol.pinned:
            d.update(kind="symbolic", symbol=self.symbol.code, min=self.symbol.min,
                     verified_sizes=sorted(self.symbol.verified))
            if self.symbol.name:
                d["name"] = self.symbol.name
        else:
            d.update(kind="pinned", why=self.why or (self.symbol.why if self.symbol else ""))
        return d


class Symbol:
    """Dimensions that take one size: the first (``atom``) is what the code reads."""

    def __init__(self, dims: list[Dim], name: str | None = None):
        self.dims, self.name = dims, name
        for d in dims:
            d.symbol = self
        self.pinned = False
        self.why = ""
        self.min = 1  # 2 when the code is not verified at size 1
        self.max: int | None = None
        self.verified: set = {dims[0].size}
        self.sample: Sample | None = None

    @property
    def atom(self):
        return self.dims[0].atom

    @property
    def size(self) -> int:
        return self.dims[0].size

    @property
    def code(self) -> str:
        return f"{self.atom[0]}.shape[{self.atom[1]}]"

    def pin(self, why: str) -> None:
        self.pinned, self.why = True, why
        for d in self.dims:
            d.why = why


def input_dims(graph, args, kwargs, first_arg: int) -> tuple[list[Dim], dict]:
    """The dimensions of the array inputs reached from positional argument ``first_arg`` on and
    the keyword arguments, and ``{id(example array): input name}``."""
    targs, tkw = graph.template
    names: dict = {}
    dims: list[Dim] = []

    def walk(t, v):
        if t.__class__ is Ref:
            n = graph.nodes[t.node]
            if n.op == INPUT and isinstance(v, np.ndarray) and id(v) not in names:
                names[id(v)] = n.name
                for k, s in enumerate(v.shape):
                    dims.append(Dim(n.name, k, int(s), id(v)))
        elif t.__class__ in (tuple, list) and isinstance(v, (tuple, list)) and len(t) == len(v):
            for a, b in zip(t, v, strict=True):
                walk(a, b)
        elif t.__class__ is dict and isinstance(v, dict):
            for k in t:
                if k in v:
                    walk(t[k], v[k])

    walk(tuple(targs[first_arg:]), tuple(args))
    walk(tkw, kwargs)
    return dims, names


def resized(args, kwargs, dims: list[Dim], sizes: dict):
    """The example inputs with the dimensions in ``sizes`` (Dim -> size) changed; the values are
    the example's repeated (``np.resize``), so they keep its ranges (token ids, indices)."""
    by_leaf: dict = {}
    for d in dims:
        if d in sizes:
            by_leaf.setdefault(d.leaf, {})[d.axis] = sizes[d]

    def one(v):
        if isinstance(v, np.ndarray) and id(v) in by_leaf:
            shape = list(v.shape)
            for k, s in by_leaf[id(v)].items():
                shape[k] = s
            return np.resize(v, shape).astype(v.dtype) if v.size else np.zeros(shape, v.dtype)
        return v

    return (optree.tree_map(one, args, none_is_leaf=True, namespace="ivy"),
            optree.tree_map(one, kwargs, none_is_leaf=True, namespace="ivy"))


class Plan:
    """The symbols of one transpile and the captures at other sizes (see the module doc)."""

    def __init__(self, graph, args, kwargs, first_arg: int, dynamic, capture, prepare=None):
        self.args, self.kwargs = args, kwargs
        self.capture = capture  # (args, kwargs) -> Captured; raises on failure
        #: what every capture's graph goes through before they are compared (the optimiser:
        #: a reshape or broadcast to the shape a value has is dropped at every size alike)
        self.prepare = prepare
        self._prepared: dict = {}  # graph -> its prepared form (the key keeps it alive)
        self._extra_key, self._extra = None, []  # the all-sizes capture, for which symbols
        self.dims, _ = input_dims(graph, args, kwargs, first_arg)
        self.symbols: list[Symbol] = []
        self._named(dynamic) if isinstance(dynamic, dict) else self._auto()

    # -- which dimensions are symbols ------------------------------------------------------
    def _named(self, spec: dict):
        """``{"x": {0: "batch"}}``: the named dimensions only; one name, one symbol."""
        known = {d.input for d in self.dims}
        order = list(dict.fromkeys(d.input for d in self.dims))  # the array inputs, in order
        by_name: dict = {}
        for arg, axes in spec.items():
            if isinstance(arg, int):  # the arg-th array input (specs given by position)
                if not 0 <= arg < len(order):
                    raise TranspileError(f"dynamic={spec!r}: there is no array input {arg} "
                                         f"(the inputs are {order})")
                arg = order[arg]
            if arg not in known:
                raise TranspileError(f"dynamic={spec!r} names the input {arg!r}, which is not "
                                     f"an array input (the inputs are {sorted(known)})")
            for axis, what in axes.items():
                if isinstance(what, dict):
                    nm, lo, hi = what.get("name", f"{arg}_{axis}"), what.get("min"), \
                        what.get("max")
                else:
                    nm, lo, hi = what, None, None
                d = next((d for d in self.dims if d.input == arg and
                          d.axis == (axis if axis >= 0 else axis + sum(
                              1 for e in self.dims if e.input == arg))), None)
                if d is None:
                    raise TranspileError(f"dynamic={spec!r}: input {arg!r} has no dimension "
                                         f"{axis}")
                by_name.setdefault(nm, ([], lo, hi))[0].append(d)
        for nm, (ds, lo, hi) in by_name.items():
            sizes = {d.size for d in ds}
            if len(sizes) > 1:
                raise TranspileError(f"dynamic: the dimensions named {nm!r} have different "
                                     f"sizes in the example ({sorted(sizes)})")
            s = Symbol(ds, nm)
            s.min = lo if lo is not None else 1
            s.max = hi
            self.symbols.append(s)
            if not self._trial(s):
                raise TranspileError(f"dynamic: the dimension named {nm!r} cannot take another "
                                     f"size: {s.why}")
        for d in self.dims:
            if d.symbol is None and not d.why:
                d.why = "not named in dynamic="

    def _auto(self):
        groups: dict = {}
        for d in self.dims:
            if d.size >= 1:  # (a size-1 one too: what broadcasts there differs in structure)
                groups.setdefault(d.size, []).append(d)
        for ds in groups.values():
            whole = Symbol(ds)
            together = self._trial(whole)
            if len(ds) == 1:
                self.symbols.append(whole)
                continue
            rest = []
            for d in ds:  # one size in the example: one size by the program's logic, or not?
                one = Symbol([d])
                if self._trial(one):
                    self.symbols.append(one)
                else:
                    rest.append(d)
            if not rest:
                continue
            s = Symbol(rest)  # the dimensions that take another size only together, if at all
            if not together:
                s.pin(whole.why)
            elif len(rest) == len(ds):
                s.sample = whole.sample
            else:
                self._trial(s)  # (pins it when they do not)
            self.symbols.append(s)

    def _trial(self, s: Symbol) -> bool:
        """Capture with ``s``'s dimensions at twice their size; on success keep the sample."""
        sizes = {d: 2 * d.size for d in s.dims}
        try:
            cap = self.capture(*resized(self.args, self.kwargs, self.dims, sizes))
        except Exception as e:  # noqa: BLE001 - the program does not take this size
            what = ", ".join(f"{d.input}.shape[{d.axis}]" for d in s.dims)
            s.pin(f"the program does not run with {what} = {2 * s.size}: {_first_line(e)}")
            return False
        s.sample = Sample(cap.graph, {}, frozenset({s.atom}))  # sizes: once all are known
        for d in s.dims:
            d.symbol = s
        return True

    # -- sizes -----------------------------------------------------------------------------
    @property
    def free(self) -> list[Symbol]:
        return [s for s in self.symbols if not s.pinned]

    def sizes_at(self, changed: dict) -> dict:
        """Atom -> size of every free symbol, ``changed`` (Symbol -> size) applied."""
        return {s.atom: changed.get(s, s.size) for s in self.symbols}

    def dim_sizes(self, changed: dict) -> dict:
        return {d: sz for s, sz in changed.items() for d in s.dims}

    # -- the symbolic graph ---------------------------------------------------------------
    def generalize(self, graph):
        """``graph`` with its sizes symbolic, pinning what cannot be; the final graph."""
        first = self.sizes_at({})
        self.together: set = set()  # atoms that appear together in one size of the graph
        while True:
            free = self.free
            samples = [s.sample for s in free]
            if not samples:
                return graph
            for s in free:
                s.sample.sizes = self.sizes_at({s: 2 * s.size})
            extra = self._all_varied(free)
            try:
                out = generalize(_fresh(self._ready(graph)), first,
                                 [Sample(self._ready(x.graph), x.sizes, x.varied)
                                  for x in samples + extra])
                self.together = _together(out)
                return out
            except NotGeneral as e:
                if extra and len(free) > 1 and e.varied == extra[0].varied and not e.aligned:
                    # only the capture with all of them changed differs in structure: the fits
                    # rest on the others (and the check with all of them changed at once)
                    self._extra = []
                    continue
                guilty = [s for s in free if s.atom in (e.varied or ())] or free
                for s in guilty:
                    s.pin(e.why + e.where())
                    if s.name is not None:
                        raise TranspileError(f"dynamic: the dimension named {s.name!r} cannot "
                                             f"take another size: {s.why}") from None

    def _ready(self, g):
        """``g`` through :attr:`prepare` (once per graph; the plain graph when it fails)."""
        if self.prepare is None:
            return g
        out = self._prepared.get(g)
        if out is None:
            try:
                out = self.prepare(g)
            except Exception:  # noqa: BLE001 - an optimisation is optional
                out = g
            self._prepared[g] = out
        return out

    def _all_varied(self, free) -> list:
        """One more capture with every free symbol at three times its size (the third point of
        each fit); none when it fails (the fits then rest on two points and the verification)."""
        key = tuple(s.atom for s in free)
        if self._extra_key == key:
            return self._extra
        changed = {s: 3 * s.size for s in free}
        try:
            cap = self.capture(*resized(self.args, self.kwargs, self.dims,
                                        self.dim_sizes(changed)))
            out = [Sample(cap.graph, self.sizes_at(changed), frozenset(s.atom for s in free))]
        except Exception:  # noqa: BLE001
            out = []
        self._extra_key, self._extra = key, out
        return out

    def emitted_dims(self) -> dict:
        """What the input check needs: ``{(input, axis): (atom or None, min, max)}`` — None
        for a fixed dimension."""
        out = {}
        for d in self.dims:
            s = d.symbol
            if s is None or s.pinned:
                out[d.atom] = (None, None, None)
            else:
                out[d.atom] = (s.atom, s.min, s.max)
        return out

    def report(self) -> list[dict]:
        return [d.to_dict() for d in self.dims]

    # -- verification at sizes never captured --------------------------------------------
    def check_sizes(self, run_native, run_emitted, compare) -> bool:
        """Run the emitted code at the captures' sizes, size 1 and a prime size of each free
        symbol (the others at their example size) against the source; True when something
        changed (a minimum or a pin) and the code must be written again."""
        changed = False
        for s in self.free:
            s.verified = {s.size}  # (the code may have changed since the last check)
        for s in self.free:
            for size in _check_sizes(s):
                if s.max is not None and size > s.max:
                    continue
                a, k = resized(self.args, self.kwargs, self.dims, self.dim_sizes({s: size}))
                try:
                    ref = run_native(a, k)
                except Exception:  # noqa: BLE001 - the source does not take this size
                    if size == 1 and s.min < 2:
                        s.min = 2  # nothing to verify size 1 against: refused
                        changed = True
                    continue
                try:
                    got = run_emitted(a, k)
                    bad = compare(ref, got)
                except Exception as e:  # noqa: BLE001
                    bad = _first_line(e)
                if not bad:
                    s.verified.add(size)
                    continue
                if size == 1:
                    s.min = max(s.min, 2)
                    s.verified.discard(1)
                    changed = True  # the code gets the check of its minimum
                    continue
                s.pin(f"the code verified at sizes {sorted(s.verified)} differs from the "
                      f"source at size {size}: {bad}")
                if s.name is not None:
                    raise TranspileError(f"dynamic: the dimension named {s.name!r} cannot take "
                                         f"another size: {s.why}")
                changed = True
                break
        return self._check_together(run_native, run_emitted, compare) or changed

    def _check_together(self, run_native, run_emitted, compare) -> bool:
        """Every free symbol changed at once (the checks above change one at a time, where
        a sum fitted to a product's tangent would pass): at their check primes, else all at
        twice, else three times their size — the first the source takes. A difference pins
        the symbols that appear together in one size, else all of them."""
        free = self.free
        if len(free) < 2:
            return False
        for pick in (_prime_for, lambda s: 2 * s.size, lambda s: 3 * s.size):
            sizes = {s: pick(s) for s in free}
            a, k = resized(self.args, self.kwargs, self.dims, self.dim_sizes(sizes))
            try:
                ref = run_native(a, k)
            except Exception:  # noqa: BLE001 - the source does not take these sizes
                continue
            try:
                bad = compare(ref, run_emitted(a, k))
            except Exception as e:  # noqa: BLE001
                bad = _first_line(e)
            if not bad:
                return False
            together = [s for s in free if s.atom in self.together] or free
            for s in together:
                s.pin(f"the code differs from the source with {', '.join(x.code for x in free)} "
                      f"at {', '.join(str(sizes[x]) for x in free)} at once: {bad}")
            return True
        return False


def _check_sizes(s: Symbol) -> list[int]:
    """The sizes the emitted code is run at: those of the captures (twice and three times the
    example's: the fit's own points), 1 (when not the example's), and a prime none of them
    is."""
    out = [2 * s.size, 3 * s.size, _prime_for(s)]
    if s.size > 1 and s.min <= 1:
        out.insert(0, 1)
    return [size for size in out if size not in s.verified]


def _prime_for(s: Symbol) -> int:
    """A prime size above the example's that no capture used."""
    seen = {s.size, 2 * s.size, 3 * s.size}
    p = max(s.size + 1, 3)
    while any(p % k == 0 for k in range(2, int(p ** 0.5) + 1)) or p in seen:
        p += 1
    return p


def _together(graph) -> set:
    """The atoms that some size of ``graph`` reads with another (``x.shape[0] * x.shape[1]``)."""
    from ..tracer.ir import syms_in, walk
    out: set = set()
    for n in walk(graph):
        for sym in syms_in((n.args, n.kwargs)):
            atoms = sym.atoms()
            if len(atoms) > 1:
                out |= atoms
    return out


def _fresh(graph):
    """A copy of ``graph`` whose nodes (sub-graphs' too) can be changed without touching it."""
    from ..tracer.ir import Sub, subs_of

    def copy(g):
        nodes = []
        for n in g.nodes:
            m = n.copy()
            subs = subs_of(n)
            if subs:
                new = {id(s): Sub(copy(s.graph), s.n_captured) for s in subs}
                m.args = tuple(new.get(id(a), a) for a in n.args)
            nodes.append(m)
        h = g.__class__.__new__(g.__class__)
        h.__dict__.update(g.__dict__)
        h.nodes = nodes
        return h

    return copy(graph)


def _first_line(e: Exception) -> str:
    if isinstance(e, TranspileError):
        return " ".join(e.detail.split())[:300] + \
            (f" (at {e.op}, {e.line})" if e.op and e.line else "")
    return f"{type(e).__name__}: {' '.join(str(e).split())}"[:300]


__all__ = ["Dim", "Plan", "Symbol", "input_dims", "resized"]
