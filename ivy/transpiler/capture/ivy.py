"""Capturing code written against Ivy itself: ``ivy.trace_graph`` is the capture.

A function of ``ivy.*`` calls is traced directly (on Ivy's NumPy backend); an ``ivy.Module`` is a
model whose variables (``module.v``, flattened to dotted names) are the ``params`` input.
Nothing needs checking per operation: the graph *is* the Ivy calls; the emitted code is verified
against eager Ivy like every other source.
"""

from __future__ import annotations

import numpy as np

import ivy

from ... import backend_handler
from .. import frameworks as fw
from . import Captured, OpRecord
from .base import plain_structure, trace


def is_model(obj) -> bool:
    return isinstance(obj, ivy.Module)


def _flat(v, prefix=""):
    out = {}
    for k, e in v.items():
        name = f"{prefix}{k}"
        if isinstance(e, dict):
            out.update(_flat(e, name + "."))
        else:
            out[name] = e
    return out


def _nest(flat: dict) -> dict:
    out: dict = {}
    for k, v in flat.items():
        *path, leaf = k.split(".")
        d = out
        for p in path:
            d = d.setdefault(p, {})
        d[leaf] = v
    return out


def _numpy(tree):
    return fw.tree_to_numpy(plain_structure(tree))


def capture(obj, args, kwargs) -> Captured:
    model = is_model(obj)
    name = type(obj).__name__ if model else getattr(obj, "__name__", "fn")
    with backend_handler.using_backend("numpy"):
        params = {k: np.asarray(fw.to_numpy(v)).copy() for k, v in _flat(obj.v).items()} \
            if model else {}

        def run(*a, **k):
            if model:
                p, a = a[0], a[1:]
                return plain_structure(obj(*a, v=ivy.Container(_nest(p)), **k))
            return plain_structure(obj(*a, **k))

        graph = trace(run, name, params if model else None, tuple(args), kwargs,
                      like=None if model else obj)
        outputs = run_native(obj, args, kwargs)
    calls = sum(1 for n in graph.nodes if n.op == "call")
    return Captured(source="ivy", name=name, graph=graph, args=tuple(args), kwargs=dict(kwargs),
                    params=params, outputs=outputs,
                    ops=[OpRecord("ivy program", "Ivy calls recorded directly", calls)],
                    is_model=model, trainable=list(params))


def run_native(obj, args, kwargs, params=None):
    with backend_handler.using_backend("numpy"):
        return _numpy(obj(*args, **kwargs))


def gradient(obj, args, kwargs):
    raise NotImplementedError("the ivy source is checked by outputs (its gradients are Ivy's own)")


__all__ = ["capture", "gradient", "is_model", "run_native"]
