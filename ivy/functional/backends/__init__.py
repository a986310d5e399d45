"""Backends: one package per framework, the same file names in each, and their loader.

Each package exposes plain functions on native arrays with the API's signatures, plus a small
protocol used by the core: ``name``, ``version``, ``DESCRIPTOR``, ``SUPPORTED_DTYPES``,
``CAPABILITIES``, ``as_native_dtype``, ``dev``, ``devices``, ``as_native_device``, ``shape_of``,
``to_numpy``, ``to_dlpack``, ``dlpack_device``. A backend function may also carry
``ivy_native`` (set by :func:`native_binding`): the framework function the C dispatcher calls in
its place when the arguments are the plain case it is exactly right for.

Importing this package imports no framework: it holds the backends' descriptors
(:mod:`.descriptors`) and :func:`load_backend`, which imports a framework and its backend package
when first asked. Code shared by several backends lives in :mod:`._shared` as plain functions
taking the array namespace ``xp`` first, bound by one explicit line per backend
(``relu = partial(_nn.relu, jnp)``).
"""

from __future__ import annotations

import importlib
import threading
import types

from ivy import registry
from ivy.errors import BackendError, BackendNotInstalledError, UnsupportedBackendError

from .descriptors import BACKEND_NAMES, BackendDescriptor, all_descriptors, descriptor

# backend name -> (framework module to import, pip extra that installs it); from the descriptors
BACKENDS: dict[str, tuple[str, str | None]] = {d.name: (d.module, d.pip_extra)
                                               for d in all_descriptors()}
# names users may pass to set_backend (``ivy.set_backend(torch)``, "tf") -> backend name
ALIASES: dict[str, str] = {**{d.module: d.name for d in all_descriptors()},
                           **{a: d.name for d in all_descriptors() for a in d.aliases},
                           **{n: n for n in BACKEND_NAMES}}

_loaded: dict[str, types.ModuleType] = {}
_lock = threading.Lock()


def name_of(backend) -> str:
    """The backend name for a name, an alias or a module (the framework's or the backend's)."""
    if isinstance(backend, types.ModuleType):
        name = getattr(backend, "name", None) if backend.__name__.startswith("ivy.") else None
        name = name or ALIASES.get(backend.__name__)
        if name is None:
            raise BackendError(
                f"module {backend.__name__!r} is not an Ivy backend; valid: {', '.join(BACKENDS)}")
        return name
    if not isinstance(backend, str):
        raise BackendError(f"backend must be a name or module, got {type(backend).__name__}")
    name = ALIASES.get(backend, backend)
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; valid backends: {', '.join(BACKENDS)}")
    return name


def load_backend(backend) -> types.ModuleType:
    """Import (once) and return the backend namespace ``ivy.functional.backends.<name>``."""
    name = backend if backend in _loaded else name_of(backend)
    try:
        mod = _loaded[name]
    except KeyError:
        pass
    else:
        act = mod.__dict__.get("_activate")  # process-wide settings the backend needs (jax: x64)
        if act is not None:
            act()
        return mod
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
        mod = importlib.import_module(f"{__name__}.{name}")
        _attach_namespaces(mod)
        _fill_missing(mod, name)
        _loaded[name] = mod
        return mod


def _attach_namespaces(mod: types.ModuleType) -> None:
    """Make ``mod.<ns>`` exist for every declared namespace: the backend's own sub-module
    (``backends/<fw>/linalg.py``; ``nn/functional.py`` for "nn.functional") when it has one, else
    an empty module that :func:`_fill_missing` fills with stubs."""
    for ns in sorted(registry.NAMESPACES, key=lambda n: n.count(".")):
        owner = mod
        for i, part in enumerate(ns.split(".")):
            sub = owner.__dict__.get(part)
            if not isinstance(sub, types.ModuleType):
                qual = f"{mod.__name__}.{'.'.join(ns.split('.')[:i + 1])}"
                try:
                    sub = importlib.import_module(qual)
                except ModuleNotFoundError as e:
                    # the file, or a level above it ("nn" of "nn.functional"), is not there: a
                    # namespace this backend lacks (a module the file imports is an error)
                    if e.name is None or not (qual == e.name or qual.startswith(e.name + ".")) \
                            or not e.name.startswith(mod.__name__ + "."):
                        raise
                    sub = types.ModuleType(qual)
                setattr(owner, part, sub)
            owner = sub


def _fill_missing(mod: types.ModuleType, name: str) -> None:
    """Give every API function the backend lacks a stub raising UnsupportedBackendError."""
    for fn_ in registry.API.values():
        if not hasattr(fn_, "ivy_source"):  # plain functions (finfo, ...) need no backend
            continue
        path = fn_.ivy_path
        ns, _, fn = path.rpartition(".")
        owner = registry.resolve(mod, ns) if ns else mod
        if not hasattr(owner, fn):
            setattr(owner, fn, _missing(path, name))


def native_binding(fn, native, array_type: type, dtypes, scalar_dtypes=None):
    """Declare that, for the common case below, backend function ``fn`` returns exactly what
    framework function ``native`` returns; the C dispatcher (``ivy/_dispatch.c``) then calls
    ``native`` directly, without ``fn``'s Python frame. Returns ``fn``.

    The common case: ``fn`` called with its positional-only parameters (one or two) and nothing
    else, the first an array of exactly ``array_type`` whose dtype is in ``dtypes`` (native dtype
    objects), and, for two, the second either an array of exactly that type and the very same
    dtype, or (when ``scalar_dtypes`` is given and holds the first's dtype) a Python ``int`` or
    ``float``. Whenever ``native`` returns there, its result must be ``fn``'s (``fn`` tries
    ``native`` first, or does the same); when ``native`` raises, the dispatcher calls ``fn``,
    which decides (it may work around the failure or raise its own error). Anything else, and
    the pure-Python dispatchers (``IVY_DISPATCH=python``), call ``fn`` itself; emitted code copies
    ``fn`` as it would without this declaration.
    """
    n = fn.__code__.co_posonlyargcount
    if n not in (1, 2) or fn.__code__.co_argcount != n:
        raise TypeError(f"native_binding: {fn.__qualname__} must take one or two positional-only "
                        "arrays (and keyword-only parameters)")
    if scalar_dtypes is not None and n != 2:
        raise TypeError(f"native_binding: scalar_dtypes needs a binary function, not "
                        f"{fn.__qualname__}")
    if not (callable(native) and isinstance(array_type, type)):
        raise TypeError("native_binding: native must be callable and array_type a type")
    fn.ivy_native = (n, native, array_type, frozenset(dtypes),
                     None if scalar_dtypes is None else frozenset(scalar_dtypes))
    return fn


def _missing(path: str, backend: str):
    def raiser(*args, **kwargs):
        have = [b for b, m in _loaded.items()
                if not getattr(registry.resolve(m, path), "ivy_missing", 0)]
        raise UnsupportedBackendError(
            f"ivy.{path} is not implemented for the {backend} backend"
            + (f"; backends that have it: {', '.join(have)}" if have else ""))
    raiser.ivy_missing = True
    raiser.__name__ = path.rpartition(".")[2]
    return raiser


__all__ = ["ALIASES", "BACKENDS", "BACKEND_NAMES", "BackendDescriptor", "descriptor",
           "all_descriptors", "load_backend", "name_of", "native_binding"]
