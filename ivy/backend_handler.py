"""Choosing the backend: ``set_backend``, ``unset_backend``, ``using_backend``, inference helpers.

State is one process-wide value, ``DISPATCH_GLOBALS["_B"]`` in :mod:`ivy.func_wrapper`, written
through ``set_dispatch_backend`` (which keeps the C fast path's mirror in step) (the
current backend namespace, or ``None`` for "infer from the arrays given"). A switch imports the
backend first and assigns only when that succeeded, so a failed switch changes nothing.
Backends are imported lazily: ``import ivy`` imports no ML framework but NumPy.
"""

from __future__ import annotations

import contextlib
import importlib
import threading
import types

from .errors import BackendError, BackendNotInstalledError, UnsupportedBackendError
from .func_wrapper import API, DISPATCH_GLOBALS, backend_name_of_type, set_dispatch_backend

# backend name -> (framework module to import, pip extra that installs it)
BACKENDS: dict[str, tuple[str, str | None]] = {
    "numpy": ("numpy", None),
    "torch": ("torch", "torch"),
    "jax": ("jax", "jax"),
    "tensorflow": ("tensorflow", "tensorflow"),
}
# framework module names users may pass to set_backend (``ivy.set_backend(torch)``)
_ALIASES = {"numpy": "numpy", "torch": "torch", "jax": "jax", "jax.numpy": "jax",
            "tensorflow": "tensorflow", "tf": "tensorflow"}

_loaded: dict[str, types.ModuleType] = {}
_lock = threading.Lock()


def _name_of(backend) -> str:
    if isinstance(backend, types.ModuleType):
        name = getattr(backend, "name", None) if backend.__name__.startswith("ivy.") else None
        name = name or _ALIASES.get(backend.__name__)
        if name is None:
            raise BackendError(
                f"module {backend.__name__!r} is not an Ivy backend; valid: {', '.join(BACKENDS)}")
        return name
    if not isinstance(backend, str):
        raise BackendError(f"backend must be a name or module, got {type(backend).__name__}")
    name = _ALIASES.get(backend, backend)
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; valid backends: {', '.join(BACKENDS)}")
    return name


def load_backend(backend) -> types.ModuleType:
    """Import (once) and return the backend namespace ``ivy.functional.backends.<name>``."""
    name = backend if backend in _loaded else _name_of(backend)
    try:
        return _loaded[name]
    except KeyError:
        pass
    with _lock:
        if name in _loaded:
            return _loaded[name]
        framework, extra = BACKENDS[name]
        try:
            importlib.import_module(framework)
        except ImportError as e:
            hint = f"pip install 'ivy-rpc[{extra}]'" if extra else f"pip install {framework}"
            raise BackendNotInstalledError(
                f"backend {name!r} needs {framework}, which is not importable here ({e}); "
                f"install it with: {hint}") from e
        mod = importlib.import_module(f"ivy.functional.backends.{name}")
        _fill_missing(mod, name)
        _loaded[name] = mod
        return mod


def _fill_missing(mod: types.ModuleType, name: str) -> None:
    """Give every API function the backend lacks a stub raising UnsupportedBackendError."""
    for fn_ in API.values():
        if not hasattr(fn_, "ivy_source"):  # plain functions (finfo, ...) need no backend
            continue
        path = fn_.ivy_path
        ns, _, fn = path.rpartition(".")
        owner = getattr(mod, ns) if ns else mod
        if not hasattr(owner, fn):
            setattr(owner, fn, _missing(path, name))


def _missing(path: str, backend: str):
    def raiser(*args, **kwargs):
        have = [b for b, m in _loaded.items() if not getattr(_resolve(m, path), "ivy_missing", 0)]
        raise UnsupportedBackendError(
            f"ivy.{path} is not implemented for the {backend} backend"
            + (f"; backends that have it: {', '.join(have)}" if have else ""))
    raiser.ivy_missing = True
    raiser.__name__ = path.rpartition(".")[2]
    return raiser


def _resolve(mod, path):
    ns, _, fn = path.rpartition(".")
    return getattr(getattr(mod, ns) if ns else mod, fn)


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
    from .func_wrapper import infer_backend

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
    data = getattr(x, "_data", x) if x.__class__.__name__ == "Array" else x
    name = backend_name_of_type(type(data))
    if name is None:
        raise BackendError(f"{type(x).__name__} is not a native array of any Ivy backend")
    return load_backend(name)


def available_backends() -> list[str]:
    """Backends whose framework can be imported here (does not import them)."""
    import importlib.util

    return [b for b, (fw, _) in BACKENDS.items() if importlib.util.find_spec(fw) is not None]
