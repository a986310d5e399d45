"""Ivy's exception types.

Every error says which function and backend it concerns and what would have been accepted. The RPC
server maps them to gRPC status codes (see ``ivy_server.errors``) and the client re-raises them with
the same message, so keep the messages self-contained.
"""

from __future__ import annotations


class IvyError(Exception):
    """Base class of every exception Ivy raises on purpose."""


class BackendError(IvyError, ValueError):
    """An unknown backend name, or mixing arrays of two frameworks in one call."""


class BackendNotInstalledError(IvyError, ImportError):
    """The framework behind a known backend is not importable in this environment."""


class UnsupportedBackendError(IvyError, NotImplementedError):
    """The current backend has no implementation of this function (gRPC: UNIMPLEMENTED)."""


class UnsupportedDtypeError(IvyError, TypeError):
    """A backend lacks a dtype for a function; names function, backend and dtype."""


class InvalidArgumentError(IvyError, ValueError):
    """An argument has the wrong value or shape for the function."""


class NoGradientError(IvyError, NotImplementedError):
    """Gradients were asked of a backend without automatic differentiation (NumPy)."""


def unsupported_dtype(fn: str, backend: str, dtype, supported=None) -> UnsupportedDtypeError:
    """Build the standard 'backend lacks a dtype' error."""
    msg = f"ivy.{fn} on the {backend} backend does not support dtype {dtype}"
    if supported:
        msg += f"; supported: {', '.join(str(d) for d in supported)}"
    return UnsupportedDtypeError(msg)
