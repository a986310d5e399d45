"""Graphs as msgpack/JSON-safe data: :func:`to_dict`, :func:`from_dict` (validated), no pickle.

Arrays use Ivy's one array codec (:mod:`ivy.array_codec`: dtype name, shape, raw little-endian
bytes) as ``{"dtype", "shape", "data"}``; ``binary=False`` base64-encodes the bytes for JSON.
Python values JSON lacks are tagged dicts (``{"$": "tuple" | "slice" | ...}``).
"""

from __future__ import annotations

import base64
import keyword
from typing import Any

import numpy as np

from ..array_codec import decode_array, encode_array
from ..registry import API
from .ir import (
    CALL,
    CONSTANT,
    CONTROL_FLOW,
    INPUT,
    Node,
    Ref,
    Sub,
    SymFloat,
    SymInt,
    iter_refs,
    map_refs,
    syms_in,
    walk,
)
from .ir import Graph as _SubGraph

FORMAT = "ivy.graph"
VERSION = 1
MAX_SUB_DEPTH = 8  # sub-graphs (loop bodies) nested at most this deep
MAX_NESTING = 64  # lists/tuples/dicts nested at most this deep in a serialised graph


def _too_deep(what: str, limit: int):
    return ValueError(f"malformed ivy graph: {what} nested deeper than {limit} levels")


def array_to_dict(a: np.ndarray, binary: bool = True) -> dict:
    dtype, _, raw = encode_array(a)
    shape = list(np.shape(a))  # the codec's np.ascontiguousarray makes 0-d arrays 1-d
    return {"dtype": dtype, "shape": shape,
            "data": raw if binary else base64.b64encode(raw).decode("ascii")}


def array_from_dict(d: dict) -> np.ndarray:
    raw = d["data"]
    if isinstance(raw, str):
        raw = base64.b64decode(raw)
    return decode_array(d["dtype"], d["shape"], raw)


def to_dict(g, *, binary: bool = True) -> dict:
    d = {"format": FORMAT, "version": VERSION, "name": g.name, "backend": g.backend,
         "nodes": _nodes_to_list(g.nodes, binary), "template": encode(g.template, binary),
         "output": encode(g.output, binary)}
    if g.dims is not None:  # symbolic input dimensions: [input, axis, atom or None, min, max]
        d["dims"] = [[k[0], k[1], list(a) if a else None, lo, hi]
                     for k, (a, lo, hi) in g.dims.items()]
    return d


def _nodes_to_list(g_nodes, binary: bool) -> list:
    nodes = []
    for n in g_nodes:
        d: dict[str, Any] = {"op": n.op, "target": n.target, "name": n.name,
                             "outputs": [[list(s) if s is not None else None, dt]
                                         for s, dt in n.outputs]}
        if n.op == CALL:
            d["args"] = encode(n.args, binary)
            d["kwargs"] = encode(n.kwargs, binary)
            d["paths"] = [list(p) for p in n.paths]
        if n.op == CONSTANT:
            d["value"] = array_to_dict(n.value, binary)
        nodes.append(d)
    return nodes


def from_dict(cls, d: dict):
    """A graph of class ``cls`` from :func:`to_dict`'s output (either form), validated."""
    if d.get("format") != FORMAT:
        raise ValueError(f"not a serialised ivy graph (format={d.get('format')!r})")
    if d.get("version") != VERSION:
        raise ValueError(f"ivy graph format version {d.get('version')!r} is not supported "
                         f"(this Ivy reads version {VERSION})")
    g = _graph_from(cls, d, 0)
    validate(g)
    return g


def _graph_from(cls, d: dict, depth: int):
    """A graph (or, at ``depth`` > 0, a sub-graph) from its dict; not yet validated."""
    if not isinstance(d, dict) or not isinstance(d.get("nodes"), list):
        raise ValueError("malformed ivy graph: a graph needs a list of nodes")
    nodes = []
    for nd in d["nodes"]:
        outs = [(tuple(s) if s is not None else None, dt) for s, dt in nd["outputs"]]
        op = nd["op"]
        if op not in (INPUT, CONSTANT, CALL):
            raise ValueError(f"unknown node kind {op!r}")
        if op == CALL and not hasattr(API.get(nd["target"]), "ivy_source") and \
                nd["target"] not in CONTROL_FLOW:
            raise ValueError(f"graph calls unknown function ivy.{nd['target']}")
        nodes.append(Node(
            op, nd["target"],
            args=decode(nd.get("args", []), depth) if op == CALL else (),
            kwargs=decode(nd.get("kwargs", {}), depth) if op == CALL else {},
            outputs=outs,
            paths=[tuple(p) for p in nd["paths"]] if op == CALL else [()],
            value=array_from_dict(nd["value"]) if op == CONSTANT else None,
            name=nd["name"]))
    for n in nodes:
        if n.op == CALL and n.args.__class__ is list:
            n.args = tuple(n.args)
    template = decode(d["template"], depth)
    if not (isinstance(template, (list, tuple)) and len(template) == 2
            and isinstance(template[0], (list, tuple)) and isinstance(template[1], dict)):
        raise ValueError("malformed ivy graph: invalid input template")
    g = cls(nodes, (tuple(template[0]), template[1]), decode(d["output"], depth),
            name=d.get("name", "fn"), backend=d.get("backend", "numpy"))
    for n, nd in zip(g.nodes, d["nodes"], strict=False):  # keep the stored names exactly
        n.name = nd["name"]
    if depth == 0 and d.get("dims") is not None:
        g.dims = _dims_from(d["dims"])
    return g


def _dims_from(rows) -> dict:
    def bound(b):
        return b is None or (b.__class__ is int and 0 <= b)

    if rows.__class__ is not list or len(rows) > 4096:
        raise ValueError("malformed ivy graph: dims")
    out = {}
    for r in rows:
        if not (r.__class__ is list and len(r) == 5 and _is_atom(r[:2])
                and (r[2] is None or _is_atom(r[2])) and bound(r[3]) and bound(r[4])):
            raise ValueError("malformed ivy graph: dims")
        out[(r[0], r[1])] = (tuple(r[2]) if r[2] else None, r[3], r[4])
    return out


def validate(g, _depth: int = 0) -> None:
    """Reject a deserialised graph that is malformed. Names and indices end up in generated
    source, so only identifiers and ints pass. Sub-graphs (control flow) are checked the same
    way, and their wiring against the node that holds them."""
    from ..dtypes import BY_NAME

    if _depth > MAX_SUB_DEPTH:
        raise _too_deep("sub-graphs", MAX_SUB_DEPTH)

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
        if n.op == CALL and n.target in CONTROL_FLOW:
            _check_control(n, bad)
            for sub in n.args:
                if sub.__class__ is Sub:
                    validate(sub.graph, _depth + 1)
        elif _has_sub((n.args, n.kwargs)):
            bad(f"node {nm} holds a sub-graph but is not a control-flow call")
    if _has_sub((g.template, g.output)):
        bad("a sub-graph outside a control-flow node's arguments")
    map_refs(g.output, lambda r: check(r, len(g.nodes), "the output"))
    for r in iter_refs(g.template):
        check(r, len(g.nodes), "the input template")
        if g.nodes[r.node].op != INPUT:
            bad("the input template refers to a node that is not an input")
    if not isinstance(g.name, str) or not isinstance(g.backend, str):
        bad("name and backend must be strings")
    if _depth == 0:  # symbolic sizes read the top-level inputs' dimensions
        ranks = {n.name: len(n.outputs[0][0] or ()) for n in g.nodes if n.op == INPUT}
        for (name, axis), (atom, _, _) in (g.dims or {}).items():
            for a in ((name, axis), atom) if atom else ((name, axis),):
                if ranks.get(a[0], -1) <= a[1]:
                    bad(f"dims names {a[0]}.shape[{a[1]}], which is not an input dimension")
        for n in walk(g):
            for sym in syms_in((n.args, n.kwargs)):
                for name, axis in sym.atoms():
                    if ranks.get(name, -1) <= axis:
                        bad(f"node {n.name} reads a size of {name}.shape[{axis}], which is not "
                            "an input dimension")


def _has_sub(v) -> bool:
    c = v.__class__
    if c is Sub:
        return True
    if c is tuple or c is list:
        return any(_has_sub(e) for e in v)
    if c is dict:
        return any(_has_sub(e) for e in v.values())
    return False


#: where the sub-graphs sit in each control-flow node's arguments, and the other arguments' kinds
_LAYOUT = {"while_loop": ("sub", "sub", "refs", "caps"),
           "cond": ("ref", "sub", "sub", "refs", "caps"),
           "scan": ("sub", "refs", "refs", "int", "bool", "caps")}


def _check_control(n, bad) -> None:
    """The arguments of a control-flow node fit the backend's flat call and its sub-graphs."""
    layout = _LAYOUT[n.target]
    a = n.args
    if len(a) != len(layout):
        bad(f"node {n.name}: {n.target} takes {len(layout)} arguments")
    for v, kind in zip(a, layout, strict=True):
        ok = {"sub": lambda v: v.__class__ is Sub,
              "ref": lambda v: v.__class__ is Ref,
              "refs": lambda v: v.__class__ is tuple and all(e.__class__ is Ref for e in v),
              "caps": lambda v: v.__class__ is tuple and all(e.__class__ is Ref for e in v),
              "int": lambda v: v.__class__ is int and v >= 0,
              "bool": lambda v: v.__class__ is bool}[kind](v)
        if not ok:
            bad(f"node {n.name}: invalid {n.target} argument {kind}")
    subs = [v for v in a if v.__class__ is Sub]
    for s in subs:
        t = s.graph.template
        if not (s.n_captured.__class__ is int and 0 <= s.n_captured <= len(t[0])) or t[1] or \
                not all(r.__class__ is Ref and 0 <= r.node < len(s.graph.nodes)
                        and s.graph.nodes[r.node].op == INPUT for r in t[0]):
            bad(f"node {n.name}: a sub-graph has invalid inputs")
    if sum(s.n_captured for s in subs) != len(a[-1]):
        bad(f"node {n.name}: the captured values do not match its sub-graphs")

    def outs(s):
        return s.graph.output

    def refs(v, k):
        return v.__class__ is tuple and len(v) == k

    if n.target == "while_loop":
        k = len(a[2])
        if a[0].n_state != k or a[1].n_state != k or not refs(outs(a[1]), k) or \
                len(n.outputs) != k:
            bad(f"node {n.name}: while_loop's sub-graphs do not fit its state")
    elif n.target == "cond":
        k = len(a[3])
        if a[1].n_state != k or a[2].n_state != k or outs(a[1]).__class__ is not tuple or \
                not refs(outs(a[2]), len(outs(a[1]))):
            bad(f"node {n.name}: cond's branches do not fit its operands")
    else:
        k = len(a[1])
        o = outs(a[0])
        if a[0].n_state != k + len(a[2]) or not (refs(o, 2) and refs(o[0], k)
                                                 and o[1].__class__ is tuple):
            bad(f"node {n.name}: scan's f does not fit its carry and xs")


def encode(v, binary: bool = True):
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
        return [encode(e, binary) for e in v]
    if c is tuple:
        return {"$": "tuple", "v": [encode(e, binary) for e in v]}
    if c is dict:
        return {"$": "dict", "k": [encode(k, binary) for k in v],
                "v": [encode(e, binary) for e in v.values()]}
    if c is slice:
        return {"$": "slice", "v": [encode(v.start), encode(v.stop), encode(v.step)]}
    if v is Ellipsis:
        return {"$": "ellipsis"}
    if c is complex:
        return {"$": "complex", "v": [encode(v.real), encode(v.imag)]}
    if isinstance(v, np.ndarray):
        return {"$": "array", "v": array_to_dict(v, binary)}
    if isinstance(v, np.generic):
        return {"$": "scalar", "v": array_to_dict(np.asarray(v), binary)}
    if c is SymInt:
        return {"$": "symint", "terms": [[t, [list(a) for a in atoms]] for t, atoms in v.terms],
                "div": v.div, "offset": v.offset}
    if c is SymFloat:
        return {"$": "symfloat", "atom": list(v.atom), "exponent": v.exponent, "coef": v.coef}
    if c is Sub:
        g = v.graph
        return {"$": "sub", "n_captured": v.n_captured, "graph": {
            "name": g.name, "nodes": _nodes_to_list(g.nodes, binary),
            "template": encode(g.template, binary), "output": encode(g.output, binary)}}
    for base in (bool, int, float, str):  # subclasses (IntEnum, ...) as their base type
        if isinstance(v, base):
            return encode(base(v), binary)
    raise TypeError(f"cannot serialise a {type(v).__name__} ({v!r}) in an ivy graph")


def _is_atom(a) -> bool:
    return a.__class__ is list and len(a) == 2 and a[0].__class__ is str and \
        a[0].isidentifier() and a[1].__class__ is int and 0 <= a[1] < 64


def _symint(v) -> SymInt:
    """A symbolic size (``ir.SymInt``), bounded: at most 16 terms of at most 8 dimensions."""
    terms, div, off = v.get("terms"), v.get("div"), v.get("offset")
    if not (terms.__class__ is list and len(terms) <= 16 and div.__class__ is int and div >= 1
            and off.__class__ is int and all(
                t.__class__ is list and len(t) == 2 and t[0].__class__ is int
                and t[1].__class__ is list and len(t[1]) <= 8 and all(map(_is_atom, t[1]))
                for t in terms)):
        raise ValueError("malformed ivy graph: a symbolic size")
    return SymInt([(c, [tuple(a) for a in atoms]) for c, atoms in terms], div, off)


def decode(v, depth: int = 0, level: int = 0):
    """The argument structure from :func:`encode`'s form. ``depth`` is the sub-graph nesting
    (at most :data:`MAX_SUB_DEPTH`), ``level`` the structure nesting (at most
    :data:`MAX_NESTING`): deeper input is refused, never recursed into."""
    from ..dtypes import as_ivy_dtype

    if level > MAX_NESTING:
        raise _too_deep("values", MAX_NESTING)
    c = v.__class__
    if c is list:
        return [decode(e, depth, level + 1) for e in v]
    if c is not dict:
        return v
    tag = v.get("$")
    if tag == "ref":
        return Ref(v["n"], v["i"])
    if tag == "tuple":
        return tuple(decode(e, depth, level + 1) for e in v["v"])
    if tag == "dict":
        return {decode(k, depth, level + 1): decode(e, depth, level + 1)
                for k, e in zip(v["k"], v["v"], strict=False)}
    if tag == "slice":
        return slice(*(decode(e, depth, level + 1) for e in v["v"]))
    if tag == "ellipsis":
        return Ellipsis
    if tag == "float":
        return float(v["v"])
    if tag == "complex":
        return complex(decode(v["v"][0], depth, level + 1), decode(v["v"][1], depth, level + 1))
    if tag == "sub":
        if depth >= MAX_SUB_DEPTH:
            raise _too_deep("sub-graphs", MAX_SUB_DEPTH)
        n_cap = v.get("n_captured")
        if n_cap.__class__ is not int:
            raise ValueError("malformed ivy graph: a sub-graph without n_captured")
        return Sub(_graph_from(_SubGraph, v.get("graph"), depth + 1), n_cap)
    if tag == "symint":
        return _symint(v)
    if tag == "symfloat":
        atom, e, k = v.get("atom"), v.get("exponent"), v.get("coef")
        if not (_is_atom(atom) and e.__class__ is float and k.__class__ is float):
            raise ValueError("malformed ivy graph: a symbolic float")
        return SymFloat(tuple(atom), e, k)
    if tag == "dtype":
        return as_ivy_dtype(v["v"])
    if tag == "array":
        return array_from_dict(v["v"])
    if tag == "scalar":
        return array_from_dict(v["v"])[()]
    raise ValueError(f"unknown tag {tag!r} in a serialised ivy graph")
