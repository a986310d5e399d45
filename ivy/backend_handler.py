"""Choosing the backend: ``set_backend``, ``unset_backend``, ``using_backend``, inference helpers.

The backends themselves (their descriptors, ``BACKENDS``, ``load_backend``) live in
:mod:`ivy.functional.backends`, below this module and below :mod:`ivy.func_wrapper`, so the
dispatcher can load a backend it infers without importing this module.

State is one process-wide value, ``DISPATCH_GLOBALS["_B"]`` in :mod:`ivy.func_wrapper`, written
through ``set_dispatch_backend`` (which keeps the C fast path's mirror in step) (the
current backend namespace, or ``None`` for "infer from the arrays given"). A switch imports the
backend first and assigns only when that succeeded, so a failed switch changes nothing.
Backends are imported lazily: ``import ivy`` imports no ML framework but NumPy.
"""

from __future__ import annotations

import contextlib
import types

from . import func_wrapper as _fw_module
from .errors import BackendError
from .func_wrapper import (
    DISPATCH_GLOBALS,
    backend_name_of_type,
    infer_backend,
    set_dispatch_backend,
)

# re-exported: the loader lives with the backends (ivy/functional/backends/__init__.py)
from .functional.backends import ALIASES as _ALIASES  # noqa: F401
from .functional.backends import BACKEND_NAMES as BACKEND_NAMES
from .functional.backends import BACKENDS as BACKENDS
from .functional.backends import _loaded as _loaded
from .functional.backends import _missing as _missing
from .functional.backends import descriptor as descriptor
from .functional.backends import load_backend as load_backend
from .registry import resolve as _resolve


def implements(backend, path: str) -> bool:
    """Whether ``backend`` has its own implementation of ``ivy.<path>``."""
    return not getattr(_resolve(load_backend(backend), path), "ivy_missing", False)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------

def set_backend(backend) -> types.ModuleType:
    """Use ``backend`` ("numpy", "torch", "jax", "tensorflow", or the module) for every call.

    Atomic: if the framework cannot be imported, the previous backend stays in place.
    """
    mod = load_backend(backend)
    set_dispatch_backend(mod)
    return mod


def unset_backend() -> None:
    """Go back to inferring the backend from the arrays passed in (NumPy when there are none)."""
    set_dispatch_backend(None)


def current_backend(*args) -> types.ModuleType:
    """The backend namespace in use: the set one, else inferred from ``args``, else NumPy."""
    B = DISPATCH_GLOBALS["_B"]
    if B is not None:
        return B
    return infer_backend("current_backend", args, {})


def current_backend_str() -> str | None:
    """The name of the backend that is set, or ``None`` when none is (inference mode)."""
    B = DISPATCH_GLOBALS["_B"]
    return None if B is None else B.name


@contextlib.contextmanager
def using_backend(backend):
    """``with ivy.using_backend("jax"): ...`` — restores the previous state, even on error."""
    previous = DISPATCH_GLOBALS["_B"]
    mod = load_backend(backend)
    set_dispatch_backend(mod)
    try:
        yield mod
    finally:
        set_dispatch_backend(previous)


def backend_of(x) -> types.ModuleType:
    """The backend namespace owning the native array (or ivy.Array) ``x``."""
    data = x._data if x.__class__ is _fw_module.Array else x
    name = backend_name_of_type(type(data))
    if name is None:
        raise BackendError(f"{type(x).__name__} is not a native array of any Ivy backend")
    return load_backend(name)


def available_backends() -> list[str]:
    """Backends whose framework can be imported here (does not import them)."""
    import importlib.util

    return [b for b, (fw, _) in BACKENDS.items() if importlib.util.find_spec(fw) is not None]
