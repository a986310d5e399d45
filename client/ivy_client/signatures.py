"""Input signatures of a remote transpiled function: what its kept graph was traced for.

A transpiled graph is written for the example's shapes, dtypes and plain Python values (like
the local ``ivy.transpile`` result, ``ivy/transpiler/variants.py``). :func:`of_call` gives the
signature of a call's inputs, :func:`of_specs` that of ``input_specs``; a call whose signature
is not the kept graph's is transpiled again on the workers with its inputs as the example
(``RemoteTranspiled.__call__``). Pure functions on NumPy and Python values: no ML framework.
"""

from __future__ import annotations

import numpy as np


class Unknown(Exception):
    """An input whose signature the client cannot tell (a remote handle, an unhashable object):
    the kept graph is called as it is and the worker checks it."""


def _leaf(v):
    c = v.__class__
    if c is np.ndarray or isinstance(v, (np.ndarray, np.generic)):
        return ("array", tuple(int(d) for d in np.shape(v)), str(v.dtype))
    if v is None or c in (bool, int, float, complex, str, bytes):
        return (c.__name__, v)
    if c in (list, tuple):
        return (c.__name__, tuple(_leaf(x) for x in v))
    if c is dict:
        try:
            items = sorted(v.items())
        except TypeError:
            raise Unknown("a dict whose keys do not sort") from None
        return ("dict", tuple((k, _leaf(x)) for k, x in items))
    raise Unknown(f"an input of type {c.__name__}")


def of_call(args, kwargs) -> tuple:
    """The signature of ``(args, kwargs)``; raises :class:`Unknown` when it cannot be told."""
    return (tuple(_leaf(a) for a in args),
            tuple((k, _leaf(v)) for k, v in sorted(kwargs.items())))


def of_specs(specs: list[dict]) -> tuple:
    """The signature of inputs made from specs (``{"shape", "dtype"}``, positional)."""
    return (tuple(("array", tuple(int(d) for d in s["shape"]), str(s["dtype"])) for s in specs),
            ())


def describe(sig: tuple) -> str:
    """``float32[3, 4, 8], float32[3, 4, 8], scale=0.5``: a signature for messages."""

    def one(leaf) -> str:
        kind, *rest = leaf
        if kind == "array":
            shape, dtype = rest
            return f"{dtype}{list(shape)}"
        if kind in ("list", "tuple"):
            inner = ", ".join(one(x) for x in rest[0])
            return f"[{inner}]" if kind == "list" else f"({inner})"
        if kind == "dict":
            return "{" + ", ".join(f"{k!r}: {one(x)}" for k, x in rest[0]) + "}"
        return repr(rest[0])

    args, kwargs = sig
    return ", ".join([one(a) for a in args] + [f"{k}={one(v)}" for k, v in kwargs])


__all__ = ["Unknown", "of_call", "of_specs", "describe"]
