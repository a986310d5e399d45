"""Capturing a source program: one module per source framework, one contract
(:class:`CaptureModule`, a ``typing.Protocol``).

Each of ``numpy.py``, ``torch.py``, ``jax.py``, ``tensorflow.py`` (and ``ivy.py``) defines

* ``capture(obj, args, kwargs) -> Captured`` — run ``obj`` (a function, or a model of that
  framework) **with the framework's own machinery** on the example inputs, map every captured
  operation to Ivy calls while :func:`ivy.trace_graph` records them, check each operation's Ivy
  result against the framework's (``base.Shadow.check``), and return the Ivy graph plus what the
  verifier needs;
* ``is_model(obj) -> bool`` — whether ``obj`` is a model of that framework (parameters to carry);
* ``run_native(obj, args, kwargs, params=None)`` — run ``obj`` natively on NumPy inputs (and, for a
  model, with ``params`` — NumPy arrays by name — bound instead of its own) and return the output
  tree as NumPy (used for the second random draw);
* ``gradient(obj, args, kwargs) -> dict[str, np.ndarray]`` — for models: the gradient of
  ``sum_i <float output i, frameworks.cotangent(shape_i, dtype_i, i)>`` (float outputs in tree
  order) with respect to each trainable parameter, by name (used to check that the transpiled
  model trains like the source).

Model sources (torch, JAX, Keras) also define ``float64_witness(obj, args, kwargs)`` (a
:class:`Float64Witness`: the gradient check's second opinion, ``verify.second_opinion``).
What the captures share — the rule table (:class:`base.Rules`), the evaluator of a captured
program on ``(real, ivy)`` pairs (:class:`base.Evaluator`), the checking (:class:`base.Shadow`)
and the user's line — is in ``base.py``.

The graph's signature is ``(params, *args)`` for a model (``params`` a flat dict keyed by the
source's own parameter names, e.g. ``encoder.layer.0.attention.self.query.weight``) and
``(*args)`` for a function. Its output is the source's output structure with dict-like outputs
(transformers' ``ModelOutput``) as plain dicts (:func:`base.plain_structure`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

SOURCES = ("numpy", "torch", "jax", "tensorflow", "ivy")


@dataclass
class OpRecord:
    """One kind of captured source operation: how it was mapped and how well it matched."""

    op: str                      # e.g. "aten.convolution.default", "lax.dot_general", "numpy.einsum"
    mapping: str                 # e.g. "ivy.frontends.torch.nn.functional.conv2d", "ivy.matmul"
    count: int = 0               # how many times it ran
    max_err: float = 0.0         # worst |ivy - framework| over its runs at capture time
    line: str | None = None      # user line of its first occurrence
    # the user line where, at capture time, the mapping's result did not follow its
    # input-dependent inputs in the trace (the mapping read values into Python, or the op is a
    # creation op such as zeros_like); named when the emitted code fails the second draw
    detached: str | None = None

    def to_dict(self) -> dict:
        d = {"op": self.op, "mapping": self.mapping, "count": self.count,
             "max_err": self.max_err, "line": self.line}
        if self.detached:
            d["detached"] = self.detached
        return d


@dataclass
class Captured:
    """What a capture hands to the transpiler (see the module docstring)."""

    source: str                          # the source framework
    name: str                            # the entry's name (the emitted function's name)
    graph: object                        # ivy.Graph
    args: tuple                          # example positional inputs as NumPy (the graph's *args)
    kwargs: dict = field(default_factory=dict)
    params: dict[str, np.ndarray] = field(default_factory=dict)   # models: weights by source name
    outputs: object = None               # the source's outputs on the example inputs, as NumPy
    ops: list[OpRecord] = field(default_factory=list)
    is_model: bool = False
    trainable: list[str] = field(default_factory=list)   # params that the source trains
    notes: list[str] = field(default_factory=list)       # what the report should mention


class CaptureModule(Protocol):
    """What a capture module provides (the module docstring)."""

    def capture(self, obj, args: tuple, kwargs: dict) -> Captured: ...

    def is_model(self, obj) -> bool: ...

    def run_native(self, obj, args: tuple, kwargs: dict, params: dict | None = None): ...

    def gradient(self, obj, args: tuple, kwargs: dict) -> dict[str, np.ndarray]: ...


class Float64Witness(Protocol):
    """A float64 copy of a source model for the gradient check's second opinion: its autodiff
    gradient, its forward loss ``sum_i <float output i, frameworks.cotangent(...)>`` with some
    parameters shifted (finite differences), and ``custom``: where its derivative is defined by
    code (custom gradient rules, stop-gradients), which a forward-based witness must not
    overrule (filled by :meth:`gradient`)."""

    custom: list[str]

    def gradient(self) -> dict[str, np.ndarray]: ...

    def loss(self, shift: dict[str, np.ndarray]) -> float: ...


def get_capture(source: str) -> CaptureModule:
    """The capture module of ``source`` (imported on first use)."""
    if source not in SOURCES:
        raise ValueError(f"unknown source framework {source!r}; valid: {', '.join(SOURCES)}")
    return importlib.import_module(f"{__name__}.{source}")


__all__ = ["SOURCES", "CaptureModule", "Captured", "Float64Witness", "OpRecord", "get_capture"]
