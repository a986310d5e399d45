"""Capturing code written against Ivy's frontends (``import ivy.frontends.torch as torch``).

When the real framework is not installed — or the code was written for the frontend on purpose —
the program runs on frontend arrays under :func:`base.trace`: every frontend function is a plain
composition of ``ivy.*`` calls, so the trace is the Ivy graph directly. There is no real framework
to check each operation against; the report says so, and verification compares the emitted code
with the frontend run (Ivy eager on NumPy).
"""

from __future__ import annotations

import importlib

import numpy as np
import optree

from ... import backend_handler
from ...array_object import Array
from . import Captured, OpRecord
from .base import plain_structure, trace

_WRAP = {"torch": "ivy.frontends.torch._tensor", "numpy": "ivy.frontends.numpy._ndarray",
         "jax": "ivy.frontends.jax._array"}
_CLASS = {"torch": "Tensor", "numpy": "ndarray", "jax": "Array"}


def _mod(framework):
    if framework not in _WRAP:
        raise NotImplementedError(f"no Ivy frontend for {framework} yet")
    return importlib.import_module(_WRAP[framework])


def _wrap_inputs(framework, tree):
    """NumPy arrays, and the ``ivy.Array``s a trace passes in, as the frontend's arrays."""
    m = _mod(framework)
    return optree.tree_map(lambda v: m.wrap(v._data if isinstance(v, Array) else v)
                           if isinstance(v, (np.ndarray, Array)) else v, tree,
                           none_is_leaf=True, namespace="ivy")


def _unwrap(framework, tree):
    cls = getattr(_mod(framework), _CLASS[framework])
    return optree.tree_map(lambda v: v._data if isinstance(v, cls) else v, plain_structure(tree),
                           none_is_leaf=True, namespace="ivy")


def uses_frontend(obj) -> str | None:
    """The framework whose Ivy frontend ``obj``'s code imports (``None`` if it uses none)."""
    g = dict(getattr(obj, "__globals__", {}))
    code = getattr(obj, "__code__", None)
    for n, cell in zip(getattr(code, "co_freevars", ()), getattr(obj, "__closure__", None) or (),
                       strict=False):  # closures too: a program built by a factory
        try:
            g[n] = cell.cell_contents
        except ValueError:  # an empty cell
            pass
    for n in (*getattr(code, "co_names", ()), *getattr(code, "co_freevars", ())):
        v = g.get(n)
        name = getattr(v, "__name__", "") or ""
        if name.startswith("ivy.frontends."):
            return name.split(".")[2]
    return None


def run_native(obj, args, kwargs, params=None, *, framework):
    with backend_handler.using_backend("numpy"):
        out = obj(*_wrap_inputs(framework, tuple(args)), **_wrap_inputs(framework, kwargs))
        return optree.tree_map(lambda v: np.asarray(v) if isinstance(v, np.generic) else v,
                               _unwrap(framework, out), none_is_leaf=True, namespace="ivy")


def capture(obj, args, kwargs, *, framework) -> Captured:
    name = getattr(obj, "__name__", "fn")

    def shadow(*a, **k):
        return _unwrap(framework, obj(*_wrap_inputs(framework, a), **_wrap_inputs(framework, k)))

    graph = trace(shadow, name, None, tuple(args), kwargs, like=obj)
    outputs = run_native(obj, args, kwargs, framework=framework)
    calls = sum(1 for n in graph.nodes if n.op == "call")
    return Captured(
        source=framework, name=name, graph=graph, args=tuple(args), kwargs=dict(kwargs),
        outputs=outputs,
        ops=[OpRecord(f"ivy.frontends.{framework} program", "Ivy calls recorded directly", calls)],
        notes=[f"captured through ivy.frontends.{framework} (the real {framework} was not used): "
               "operations are not checked against the real framework"])


__all__ = ["capture", "run_native", "uses_frontend"]
