"""Symbolic sizes from captures at several input sizes: :func:`generalize`.

A captured graph holds the sizes the program computed as ``int`` s (a reshape to ``(4, 32)``,
``arange(8)``, a slice's bound). Captured again with some input dimensions at other sizes, the
same program gives a graph with the same calls where only those integers differ. Each integer
that changes is fitted, over all the captures, by an expression in the input dimensions — one
dimension or a product of several times a rational factor plus an offset
(``(c * x.shape[0] * x.shape[2]) // d + o``), or a sum of dimensions with integer factors —
and becomes a :class:`~ivy.tracer.ir.SymInt` that the emitted code computes from its inputs'
shapes when it runs. What cannot be generalized is reported, naming the source operation and
line (``node.meta``) so the caller can pin the dimensions involved: another sequence of calls
(Python control flow on a size), a constant array or a float that changes with the size, an
integer that no expression fits.

The fit is exact on every capture it was given; the caller verifies the emitted code at sizes
that were not (a fit is a hypothesis, the verification the proof).

Like the rest of the IR layer, this knows nothing of frameworks: the captures are the caller's
(``ivy.transpiler.shapes``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .ir import CALL, CONSTANT, INPUT, Ref, Sub, SymFloat, SymInt, subs_of


class NotGeneral(Exception):
    """A capture at other sizes does not match the first: ``varied`` (the dimensions whose
    change caused it, when one sample tells), ``why`` and the source op/line (``meta``)."""

    def __init__(self, why: str, meta: dict | None = None, varied=None):
        super().__init__(why)
        self.why, self.meta, self.varied = why, meta or {}, varied
        self.aligned = True  # False: a capture differs in structure (not a failed fit)

    def where(self) -> str:
        op, line = self.meta.get("source_op"), self.meta.get("line")
        return f" at {op}" + (f" ({line})" if line else "") if op else ""


class Sample:
    """One capture: ``graph`` at ``sizes`` (atom -> int, an atom ``(input_name, axis)`` per
    symbol); ``varied``: the atoms changed from the first capture's sizes."""

    def __init__(self, graph, sizes: dict, varied: frozenset):
        self.graph, self.sizes, self.varied = graph, sizes, varied


# -- alignment ----------------------------------------------------------------------------------
def _nodes(g):
    """Nodes in a fixed order, sub-graphs after their node (as :func:`ir.walk`), with the
    path that addresses each: (index, sub number, index, ...)."""
    for i, n in enumerate(g.nodes):
        yield (i,), n
        for k, s in enumerate(subs_of(n)):
            for p, m in _nodes(s.graph):
                yield (i, k, *p), m


def _where(n) -> dict:
    return n.meta or {}


def _leaves(a, b, path, out, node):
    """Pairs of differing ints of ``a`` (first capture) and ``b`` at ``path``; raises
    :class:`NotGeneral` where the two differ otherwise."""
    ca, cb = a.__class__, b.__class__
    if ca is not cb and not (isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer))):
        raise NotGeneral(f"ivy.{node.target} is called with a {ca.__name__} in one capture and "
                         f"a {cb.__name__} in another", _where(node))
    if ca in (tuple, list):
        if len(a) != len(b):
            raise NotGeneral(f"ivy.{node.target} gets {len(a)} values in one capture and "
                             f"{len(b)} in another (a size decides how many)", _where(node))
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _leaves(x, y, (*path, k), out, node)
    elif ca is dict:
        if list(a) != list(b):
            raise NotGeneral(f"ivy.{node.target}'s keywords differ between captures", _where(node))
        for k in a:
            _leaves(a[k], b[k], (*path, k), out, node)
    elif ca is slice:
        for k, (x, y) in enumerate(zip((a.start, a.stop, a.step), (b.start, b.stop, b.step),
                                       strict=True)):
            _leaves(x, y, (*path, ("slice", k)), out, node)
    elif ca is Sub:
        return  # compared node by node (_nodes walks sub-graphs)
    elif ca is bool or cb is bool:
        if a != b:
            raise NotGeneral(f"a flag of ivy.{node.target} changes with the size", _where(node))
    elif isinstance(a, (int, np.integer)):
        if int(a) != int(b):
            out[(*path,)] = int(b)
    elif ca is np.ndarray:
        if a.shape != b.shape or a.dtype != b.dtype or not np.array_equal(a, b, equal_nan=True):
            raise NotGeneral(f"an array argument of ivy.{node.target} is computed from the "
                             "sizes", _where(node))
    elif ca is float:
        if not (a == b or (a != a and b != b)):
            out[(*path,)] = b  # a float computed from a size: fitted by fit_float
    elif ca is Ref:
        if a != b:
            raise NotGeneral(f"ivy.{node.target} reads other values in another capture",
                             _where(node))
    elif a != b:
        raise NotGeneral(f"ivy.{node.target} gets {a!r} in one capture and {b!r} in another",
                         _where(node))


def _used(g) -> set:
    """Indices of the nodes of ``g`` that its output depends on. A constant outside them is
    what a capture rule read into Python (a shape vector folded into a reshape's sizes): the
    sizes it produced are compared instead."""
    from .ir import iter_refs
    used = {r.node for r in iter_refs(g.output)}
    for i in range(len(g.nodes) - 1, -1, -1):  # what the output depends on
        n = g.nodes[i]
        if i in used and n.op == CALL:
            used |= {r.node for r in iter_refs((n.args, n.kwargs))}
    return used


def _constant_form(v: np.ndarray):
    """How a constant is made from its sizes, when it is: ``("scalar",)`` (0-d: a count or a
    scale), ``("eye",)``, ``("full", fill)`` (every element the same), ``("arange", start,
    step)`` (1-D, evenly spaced), ``("ints",)`` (a small int vector: each element may be a
    size), else None."""
    if v.size == 0:
        return None
    if v.ndim == 0 and v.dtype.kind in "iuf":
        return ("scalar",)
    flat = v.ravel()
    if v.ndim == 2 and min(v.shape) > 1 and np.array_equal(v, np.eye(*v.shape, dtype=v.dtype)):
        return ("eye",)
    if v.size > 1 and (flat == flat[0]).all():
        return ("full", flat[0].item())
    if v.ndim == 1 and v.size > 1 and v.dtype.kind in "iuf":
        step = flat[1] - flat[0]
        if step != 0 and np.array_equal(flat, flat[0] + step * np.arange(v.size, dtype=v.dtype)):
            return ("arange", flat[0].item(), step.item())
    if v.ndim <= 1 and v.size <= 64 and v.dtype.kind in "iu":
        return ("ints",)
    return None


def differing_ints(first, other) -> dict:
    """``{(node path, argument path): other's value}`` for every int of ``other``'s calls that
    differs from ``first``'s; raises :class:`NotGeneral` where the graphs differ otherwise.
    A constant made from sizes (:func:`_constant_form`) contributes its sizes as ints, under
    the argument path ``("constant", form, k)``."""
    na, nb = list(_nodes(first)), list(_nodes(other))
    out: dict = {}
    used = _used(first)
    for k in range(max(len(na), len(nb))):
        if k >= len(na) or k >= len(nb):
            n = na[k][1] if k < len(na) else nb[k][1]
            raise NotGeneral(f"another number of operations ({len(na)} and {len(nb)}): a size "
                             "decides how often code runs (a Python loop or branch on a size)",
                             _where(n))
        (pa, a), (pb, b) = na[k], nb[k]
        if pa != pb or a.op != b.op or a.target != b.target or len(a.outputs) != len(b.outputs):
            # the other capture's operation is the one a size made run (an unrolled loop)
            raise NotGeneral(f"another operation (ivy.{b.target} where the first capture has "
                             f"ivy.{a.target}): Python control flow on a size",
                             _where(b) or _where(a))
        if any(len(sa or ()) != len(sb or ()) for (sa, _), (sb, _) in zip(
                a.outputs, b.outputs, strict=True)):
            raise NotGeneral(f"ivy.{a.target} gives a result of another rank", _where(a))
        if a.op == CONSTANT:
            va, vb = np.asarray(a.value), np.asarray(b.value)
            if va.shape == vb.shape and va.dtype == vb.dtype and \
                    np.array_equal(va, vb, equal_nan=True):
                continue
            if len(pa) == 1 and pa[0] not in used:
                continue  # read into Python by a capture rule: its results are compared
            fa, fb = _constant_form(va), _constant_form(vb)
            if fa is not None and fa == fb and va.dtype == vb.dtype and va.ndim == vb.ndim:
                if fa[0] == "scalar":  # a count or a scale made from a size (x.shape[0] - 1)
                    out[(pa, ("constant", "scalar", 0))] = vb.item()
                    continue
                if fa[0] == "ints" and va.shape == vb.shape:
                    for j, (x, y) in enumerate(zip(va.tolist(), vb.tolist(), strict=True)):
                        if x != y:
                            out[(pa, ("constant", "ints", j))] = int(y)
                    continue
                if fa[0] != "ints":
                    for j, (x, y) in enumerate(zip(va.shape, vb.shape, strict=True)):
                        if x != y:
                            out[(pa, ("constant", fa[0], j))] = int(y)
                    continue
            raise NotGeneral("a constant array is computed from the sizes (its "
                             f"{'shape' if va.shape != vb.shape else 'values'} change)",
                             _where(a) or _where(next((m for _, m in na[k:] if m.meta), a)))
        if a.op == INPUT:
            continue
        found: dict = {}
        _leaves(a.args, b.args, ("args",), found, a)
        _leaves(a.kwargs, b.kwargs, ("kwargs",), found, a)
        for p, v in found.items():
            out[(pa, p)] = v
    return out


# -- fitting ------------------------------------------------------------------------------------
def _prod(sizes, atoms) -> int:
    p = 1
    for a in atoms:
        p *= sizes[a]
    return p


def fit(first_value: int, first_sizes: dict, samples: list) -> SymInt | None:
    """An expression of the atoms that gives ``first_value`` at ``first_sizes`` and each
    sample's value at its sizes (``samples``: ``(sizes, varied, value)``), or None."""
    dep = set()
    for _sizes, varied, v in samples:
        if v != first_value and len(varied) == 1:
            dep |= varied
    if not dep:  # changes only when several dimensions change together: no simple form
        return None
    atoms = tuple(sorted(dep))
    pts = [(first_sizes, first_value)] + [(s, v) for s, _, v in samples]

    def ok(sym):
        return all(sym.evaluate(s) == v for s, v in pts)

    # c * product(atoms) // d + o
    m0 = _prod(first_sizes, atoms)
    other = next(((s, v) for s, v in pts[1:] if _prod(s, atoms) != m0), None)
    if other is not None:
        slope = Fraction(other[1] - first_value, _prod(other[0], atoms) - m0)
        if slope != 0:
            c, d = slope.numerator, slope.denominator
            sym = SymInt(((c, atoms),), d, first_value - (c * m0) // d)
            if ok(sym):
                return sym
    # c * product(atom_i + a_i): a flatten after a slice or a valid convolution ((H - 1) * W)
    if len(atoms) > 1:
        sym = _shifted_product(first_value, first_sizes, samples, atoms)
        if sym is not None and ok(sym):
            return sym
    # sum of c_i * atom_i + o
    if len(atoms) > 1:
        coefs = {}
        for a in atoms:
            s = next(((sz, v) for sz, vr, v in samples if vr == {a}), None)
            if s is None:
                return None
            slope = Fraction(s[1] - first_value, s[0][a] - first_sizes[a])
            if slope.denominator != 1:
                return None
            coefs[a] = int(slope)
        terms = tuple((c, (a,)) for a, c in coefs.items() if c)
        off = first_value - sum(c * first_sizes[a] for a, c in coefs.items())
        sym = SymInt(terms, 1, off)
        if terms and ok(sym):
            return sym
    return None


def _shifted_product(v0: int, first_sizes: dict, samples: list, atoms) -> SymInt | None:
    """``c * prod(atom + a_atom)``, each shift from the sample that changed that atom alone
    (the ratio of the values is that of the shifted sizes), expanded into a SymInt."""
    from itertools import combinations

    if v0 == 0:
        return None
    shifts = {}
    for a in atoms:
        s = next(((sz, v) for sz, vr, v in samples if vr == {a}), None)
        if s is None or s[1] == v0:
            return None
        r = Fraction(s[1], v0)
        shift = Fraction(s[0][a] - r * first_sizes[a], r - 1)
        if shift.denominator != 1:
            return None
        shifts[a] = int(shift)
    base = 1
    for a in atoms:
        base *= first_sizes[a] + shifts[a]
    if base == 0:
        return None
    c = Fraction(v0, base)
    terms = []
    for k in range(len(atoms), -1, -1):
        for sub in combinations(atoms, k):
            coef = c.numerator
            for a in atoms:
                if a not in sub:
                    coef *= shifts[a]
            if coef:
                terms.append((coef, sub))
    const = sum(t for t, sub in terms if not sub)
    terms = [(t, sub) for t, sub in terms if sub]
    if c.denominator != 1 and const % c.denominator:
        return None
    return SymInt(terms, c.denominator, 0) if not const else \
        SymInt(terms + [(const, ())], c.denominator, 0)


_EXPONENTS = (1.0, -1.0, 0.5, -0.5, 2.0, -2.0)


def fit_float(first_value: float, first_sizes: dict, samples: list) -> SymFloat | None:
    """``coef * size ** e`` of one atom (``e`` in ±1, ±1/2, ±2) giving the float at every
    capture (relative 1e-9), or None."""
    dep = set()
    for _, varied, v in samples:
        if v != first_value and len(varied) == 1:
            dep |= varied
    if len(dep) != 1 or first_value == 0:
        return None
    (atom,) = dep
    for e in _EXPONENTS:
        coef = first_value / float(first_sizes[atom]) ** e
        r = round(coef, 12)
        coef = r if abs(r - coef) <= 1e-12 * abs(coef) else coef
        sym = SymFloat(atom, e, coef)
        if all(abs(sym.evaluate(s) - v) <= 1e-9 * abs(v) for s, _, v in samples):
            return sym
    return None


def _put(v, path, new):
    """``v`` with the int at ``path`` replaced by ``new``."""
    if not path:
        return new
    k, rest = path[0], path[1:]
    if isinstance(k, tuple) and k[0] == "slice":
        parts = [v.start, v.stop, v.step]
        parts[k[1]] = _put(parts[k[1]], rest, new)
        return slice(*parts)
    if v.__class__ is dict:
        out = dict(v)
        out[k] = _put(v[k], rest, new)
        return out
    out = list(v)
    out[k] = _put(v[k], rest, new)
    return tuple(out) if v.__class__ is tuple else out


def _node_at(g, path):
    n = g.nodes[path[0]]
    if len(path) == 1:
        return g, path[0], n
    sub = subs_of(n)[path[1]]
    return _node_at(sub.graph, path[2:])


def generalize(first, first_sizes: dict, samples: list[Sample]):
    """``first`` (a graph) with every int that differs in ``samples`` replaced by its
    :class:`SymInt`. Raises :class:`NotGeneral` (with ``varied``: the atoms of the sample that
    showed it, or of the int no expression fits) when it cannot be generalized."""
    per_sample = []
    for s in samples:
        try:
            per_sample.append(differing_ints(first, s.graph))
        except NotGeneral as e:
            e.varied, e.aligned = s.varied, False  # the capture itself differs
            raise
    slots = set().union(*per_sample) if per_sample else set()
    replace: dict = {}
    for slot in sorted(slots, key=repr):
        node_path, arg_path = slot
        g, i, n = _node_at(first, node_path)
        v0 = _get(n, arg_path)
        pts = [(s.sizes, s.varied, d.get(slot, v0)) for s, d in zip(samples, per_sample,
                                                                  strict=True)]
        whole = all(float(v).is_integer() for _, _, v in pts) and float(v0).is_integer()
        is_float = v0.__class__ is float and not whole  # (a count held as a float: 39.0)
        sym = fit_float(v0, first_sizes, pts) if is_float else \
            fit(int(v0), first_sizes, [(s, vr, int(v)) for s, vr, v in pts])
        if sym is None:
            # the dimensions it depends on, by the samples that changed one alone
            changed = frozenset().union(*(vr for _, vr, v in pts if v != v0 and len(vr) == 1)) \
                or frozenset().union(*(vr for _, vr, v in pts if v != v0))
            what = f"a float computed from the sizes ({v0!r} here)" if is_float else \
                f"a size ({int(v0)} here)"
            raise NotGeneral(f"ivy.{n.target} gets {what} that no expression of the input "
                             "dimensions gives at every size tried", _where(n), changed)
        replace[slot] = sym
    if not replace:
        return first
    made: dict = {}  # constants made from sizes: node path -> {position: SymInt}
    for (node_path, arg_path), sym in replace.items():
        g, i, n = _node_at(first, node_path)
        which, rest = arg_path[0], arg_path[1:]
        if which == "constant":
            made.setdefault(node_path, {})[rest[1]] = sym
        elif which == "args":
            n.args = _put(n.args, rest, sym)
        else:
            n.kwargs = _put(n.kwargs, rest, sym)
    for node_path, at in made.items():
        _, _, n = _node_at(first, node_path)
        try:
            _make_from_sizes(n, at)
        except NotGeneral as e:  # the dimensions of its sizes, and where it is made
            e.varied = frozenset().union(*(sym.atoms() for sym in at.values()))
            e.meta = e.meta or _where(n) or _where(next((m for _, m in _nodes(first)
                                                         if m.meta), n))
            raise
    return first


def _make_from_sizes(n, at: dict) -> None:
    """Constant node ``n`` becomes the call that makes it from its sizes (``at``: position ->
    SymInt; a shape's dimensions, or an int vector's elements)."""
    from ..dtypes import Dtype
    v = np.asarray(n.value)
    form = _constant_form(v)
    dtype = Dtype(v.dtype.name)
    if form[0] == "scalar":
        target, args, kwargs = "asarray", (at[0],), {"dtype": dtype}
    elif form[0] == "ints":
        vals = tuple(at.get(j, int(e)) for j, e in enumerate(v.ravel().tolist()))
        target, args, kwargs = "asarray", (list(vals) if v.ndim else vals[0],), {"dtype": dtype}
    else:
        shape = tuple(at.get(j, int(d)) for j, d in enumerate(v.shape))
        if form[0] == "full":
            target, args, kwargs = "full", (shape, form[1]), {"dtype": dtype}
        elif form[0] == "eye":
            target, args, kwargs = "eye", shape, {"dtype": dtype}
        else:  # arange(start, start + n * step, step)
            start, step = form[1], form[2]
            size = shape[0]
            stop = SymInt(size.terms, size.div, size.offset) if step == 1 and start == 0 \
                else _scaled(size, step, start)
            target, args, kwargs = "arange", (start,), {"stop": stop, "step": step,
                                                         "dtype": dtype}
    n.op, n.target, n.args, n.kwargs, n.value = CALL, target, args, kwargs, None


def _scaled(size: SymInt, step, start) -> SymInt:
    """``start + size * step`` (integer start and step) as a SymInt."""
    if float(step).is_integer() and float(start).is_integer() and size.div == 1:
        step, start = int(step), int(start)
        return SymInt(tuple((c * step, a) for c, a in size.terms), 1,
                      size.offset * step + start)
    raise NotGeneral("an evenly spaced constant with a fractional step has a size read from "
                     "the inputs")


def _get(n, arg_path):
    if arg_path[0] == "constant":
        v = np.asarray(n.value)
        if arg_path[1] == "scalar":
            return v.item()
        return int(v.ravel()[arg_path[2]]) if arg_path[1] == "ints" else int(v.shape[arg_path[2]])
    v = n.args if arg_path[0] == "args" else n.kwargs
    for k in arg_path[1:]:
        if isinstance(k, tuple) and k[0] == "slice":
            v = (v.start, v.stop, v.step)[k[1]]
        else:
            v = v[k]
    return v


__all__ = ["NotGeneral", "Sample", "differing_ints", "fit", "fit_float", "generalize"]
