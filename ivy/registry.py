"""The registry of public functions: ``API`` (path -> public function) and the namespaces.

The bottom of the core: it imports nothing from Ivy, so the dispatcher generator
(:mod:`ivy.func_wrapper`), the backend loader (:mod:`ivy.functional.backends`) and the RPC worker
all read the one table.

Namespaces are declared, not listed: a declaration module that sets ``NAMESPACE = "linalg"``
(before its first ``@api``) publishes its functions as ``ivy.linalg.<fn>``, and the backends
implement them as ``B.linalg.<fn>``. Dotted namespaces nest (``NAMESPACE = "nn.functional"`` ->
``ivy.nn.functional.<fn>`` and ``B.nn.functional.<fn>``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

# path ("add", "linalg.svd", "fft.fft") -> public function. The RPC worker serves exactly these.
API: dict[str, Callable] = {}

# declared namespace ("linalg") -> the declaration module that declared it
NAMESPACES: dict[str, str] = {}


def namespace_of(module_name: str) -> str:
    """The namespace declared by module ``module_name`` ("" for the top level)."""
    mod = sys.modules.get(module_name)
    ns = getattr(mod, "NAMESPACE", "") if mod is not None else ""
    if ns:
        NAMESPACES.setdefault(ns, module_name)
    return ns


def path_of(module_name: str, name: str) -> str:
    """The public path of function ``name`` declared in ``module_name`` ("linalg.svd")."""
    ns = namespace_of(module_name)
    return f"{ns}.{name}" if ns else name


def resolve(obj, path: str):
    """``obj.<path>`` for a dotted ``path`` ("linalg.svd" -> ``obj.linalg.svd``)."""
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj
