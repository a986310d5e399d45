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
from .ir import CALL, CONSTANT, INPUT, Node, Ref, iter_refs, map_refs

FORMAT = "ivy.graph"
VERSION = 1


def array_to_dict(a: np.ndarray, binary: bool = True) -> dict:
    dtype, shape, raw = encode_array(a)
    return {"dtype": dtype, "shape": shape,
            "data": raw if binary else base64.b64encode(raw).decode("ascii")}


def array_from_dict(d: dict) -> np.ndarray:
    raw = d["data"]
    if isinstance(raw, str):
        raw = base64.b64decode(raw)
    return decode_array(d["dtype"], d["shape"], raw)


def to_dict(g, *, binary: bool = True) -> dict:
    nodes = []
    for n in g.nodes:
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
    return {"format": FORMAT, "version": VERSION, "name": g.name, "backend": g.backend,
            "nodes": nodes, "template": encode(g.template, binary),
            "output": encode(g.output, binary)}


def from_dict(cls, d: dict):
    """A graph of class ``cls`` from :func:`to_dict`'s output (either form), validated."""
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
        if op == CALL and not hasattr(API.get(nd["target"]), "ivy_source"):
            raise ValueError(f"graph calls unknown function ivy.{nd['target']}")
        nodes.append(Node(
            op, nd["target"],
            args=decode(nd.get("args", [])) if op == CALL else (),
            kwargs=decode(nd.get("kwargs", {})) if op == CALL else {},
            outputs=outs,
            paths=[tuple(p) for p in nd["paths"]] if op == CALL else [()],
            value=array_from_dict(nd["value"]) if op == CONSTANT else None,
            name=nd["name"]))
    for n in nodes:
        if n.op == CALL and n.args.__class__ is list:
            n.args = tuple(n.args)
    template = decode(d["template"])
    g = cls(nodes, (tuple(template[0]), template[1]), decode(d["output"]),
            name=d.get("name", "fn"), backend=d.get("backend", "numpy"))
    for n, nd in zip(g.nodes, d["nodes"], strict=False):  # keep the stored names exactly
        n.name = nd["name"]
    validate(g)
    return g


def validate(g) -> None:
    """Reject a deserialised graph that is malformed. Names and indices end up in generated
    source, so only identifiers and ints pass."""
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
    for base in (bool, int, float, str):  # subclasses (IntEnum, ...) as their base type
        if isinstance(v, base):
            return encode(base(v), binary)
    raise TypeError(f"cannot serialise a {type(v).__name__} ({v!r}) in an ivy graph")


def decode(v):
    from ..dtypes import as_ivy_dtype

    c = v.__class__
    if c is list:
        return [decode(e) for e in v]
    if c is not dict:
        return v
    tag = v.get("$")
    if tag == "ref":
        return Ref(v["n"], v["i"])
    if tag == "tuple":
        return tuple(decode(e) for e in v["v"])
    if tag == "dict":
        return {decode(k): decode(e) for k, e in zip(v["k"], v["v"], strict=False)}
    if tag == "slice":
        return slice(*(decode(e) for e in v["v"]))
    if tag == "ellipsis":
        return Ellipsis
    if tag == "float":
        return float(v["v"])
    if tag == "complex":
        return complex(decode(v["v"][0]), decode(v["v"][1]))
    if tag == "dtype":
        return as_ivy_dtype(v["v"])
    if tag == "array":
        return array_from_dict(v["v"])
    if tag == "scalar":
        return array_from_dict(v["v"])[()]
    raise ValueError(f"unknown tag {tag!r} in a serialised ivy graph")
