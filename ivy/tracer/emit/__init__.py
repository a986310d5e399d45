"""``Graph.to_source(target)``: a graph as a readable, standalone Python function.

:mod:`.base` derives each call from the backend's own code (direct bindings by public name,
plain-expression bodies inlined, anything else copied as helpers); one small module per target
(:mod:`.numpy`, :mod:`.torch`, :mod:`.jax`, :mod:`.tensorflow`, :mod:`.ivy`) holds what only the
output needs (constant literals, copies for ``set_item``'s value semantics).
"""

from __future__ import annotations

import importlib

from ...functional.backends import BACKEND_NAMES, all_descriptors
from .base import function_name, write

TARGETS = (*BACKEND_NAMES, "ivy")
_ALIAS = {"np": "numpy", "pytorch": "torch",
          **{a: d.name for d in all_descriptors() for a in d.aliases}}
_CLASSES = {"numpy": "NumpyEmitter", "torch": "TorchEmitter", "jax": "JaxEmitter",
            "tensorflow": "TensorflowEmitter", "ivy": "IvyEmitter"}


def emitter_class(target: str):
    return getattr(importlib.import_module(f"{__name__}.{target}"), _CLASSES[target])


def to_source(graph, target: str = "ivy", *, name: str | None = None,
              check_inputs: int | None = None, dims: dict | None = None) -> str:
    """Standalone Python source of ``graph`` for ``target`` (see the module docstring).
    ``check_inputs``: the first positional argument whose arrays (and every keyword argument's)
    the function checks against the traced shapes and dtypes, raising ``ValueError`` on another
    (None: no check). ``dims``: the symbolic input dimensions (``ivy.transpiler.shapes``),
    checked as relations and bounds instead of sizes."""
    target = _ALIAS.get(target, target)
    if target not in TARGETS:
        raise ValueError(f"unknown to_source target {target!r}; valid: {', '.join(TARGETS)}")
    fname = function_name(graph, name)
    em = emitter_class(target)(graph, fname)
    return write(graph, em, fname, target, check_inputs,
                 dims if dims is not None else graph.dims)


__all__ = ["TARGETS", "to_source"]
