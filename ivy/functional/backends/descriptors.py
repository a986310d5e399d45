"""One descriptor per backend: what the core, the tracer's emitter and the RPC worker need to know
about a framework, readable without importing it.

Why one module for the four descriptors rather than a ``descriptor.py`` in each backend folder:
importing ``ivy.functional.backends.jax.<anything>`` first executes
``ivy/functional/backends/jax/__init__.py``, which imports JAX. This module imports nothing but the
standard library and Ivy's framework-free device vocabulary (``ivy.devices``), so ``from
ivy.functional.backends import descriptor`` is free; each backend package re-exports its own as
``DESCRIPTOR``.

Add a backend: one ``BackendDescriptor(...)`` entry in ``_DESCRIPTORS`` and a package
``ivy/functional/backends/<name>/`` with the same file names as the others.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ...devices import parse_device
from ...errors import InvalidArgumentError

# Ivy's dtypes by name, in ``ivy.dtypes.ALL``'s order (a test checks the two agree)
ALL_DTYPES: tuple[str, ...] = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                               "uint32", "uint64", "float16", "bfloat16", "float32", "float64",
                               "complex64", "complex128")


@dataclass(frozen=True)
class BackendDescriptor:
    """Static facts about one backend (no framework import needed to read them)."""

    name: str  # "jax": the backend's name (ivy.set_backend("jax"), the RPC "backend" field)
    module: str  # "jax": the framework module load_backend imports first
    pip_extra: str | None  # "jax": pip install 'ivy-rpc[jax]' installs it (None: a dependency)
    # qualified names of the native array types ("torch.Tensor"); resolve_array_types() gives the
    # types themselves once the framework is imported
    array_types: tuple[str, ...]
    mutable: bool  # arrays are updated in place (x[k] = v writes into x) on this framework
    autodiff: bool  # the framework differentiates (ivy.grad & co. work on it)
    emit_imports: tuple[str, ...]  # import lines emitted standalone source starts with
    emit_alias: str  # the array namespace in emitted code ("jnp"): what shared code's xp becomes
    # ordered: emitted prefix -> module path; where the emitter looks for direct bindings (the
    # first prefix holding a function names it)
    namespaces: Mapping[str, str] = field(hash=False, compare=False)
    dtype_ns: str = ""  # prefix of dtypes in emitted code ("jnp" -> jnp.float32)
    # dtype names that differ from Ivy's in emitted code: {"bool": "bool_"} -> np.bool_
    dtype_renames: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False,
                                           compare=False)
    emit_array: str = ""  # the constructor emitted for literal arrays ("jnp.array")
    # top-level modules whose types may be this backend's arrays (jax: jax and jaxlib)
    type_roots: tuple[str, ...] = ()
    # top-level modules code copied from a backend (shared helpers) may import
    helper_roots: tuple[str, ...] = ()
    # other names users may pass to set_backend ("tf", "jax.numpy")
    aliases: tuple[str, ...] = ()
    # the pip distributions that provide the framework, any one of them (tensorflow-cpu too):
    # how a worker's environment is probed for the framework's version
    distributions: tuple[str, ...] = ()
    # the Ivy dtypes this backend has, by name; asking for another raises UnsupportedDtypeError
    # (each backend's ``SUPPORTED_DTYPES`` and dtype table are built from this)
    dtypes: tuple[str, ...] = ALL_DTYPES
    # Ivy device kind ("cpu", "gpu") -> the framework's name for that device type (torch "cuda",
    # TensorFlow "GPU"); a kind not listed does not exist on this backend. ``gpu:N`` is the N-th
    # device of that type. Read by the backend's ``device.py`` and by ``ivy-serve``'s preflight
    # (a ``numpy@gpu:0`` worker is refused before any process starts)
    devices: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({"cpu": "cpu"}),
                                       hash=False, compare=False)

    def resolve_array_types(self) -> tuple[type, ...]:
        """The native array types, resolved now; ``()`` while the framework is not imported
        (no array of it can exist then). Never imports the framework."""
        if self.module not in sys.modules:
            return ()
        return tuple(_resolve(n) for n in self.array_types)

    def dtype_expr(self, ivy_name: str) -> str:
        """How emitted code spells dtype ``ivy_name`` ("bool" -> "np.bool_")."""
        return f"{self.dtype_ns}.{self.dtype_renames.get(ivy_name, ivy_name)}"

    def device_problem(self, device: str) -> str | None:
        """Why this backend cannot have ``device`` ("gpu:0" on numpy), or None when its kind
        exists here (whether such a device is present is only known once the framework runs)."""
        try:
            kind = parse_device(device)[0]
        except InvalidArgumentError as e:  # not a device string at all
            return str(e)
        if kind in self.devices:
            return None
        return (f"the {self.name} backend has no {kind!r} devices (its device kinds: "
                f"{', '.join(self.devices)})")

    def import_framework(self):
        """Import and return the framework module (raises ImportError when it is missing)."""
        return importlib.import_module(self.module)


def _resolve(qualname: str) -> type:
    """"jax.core.Tracer" -> the object, importing only submodules of an imported framework."""
    parts = qualname.split(".")
    obj = sys.modules[parts[0]]
    for i, p in enumerate(parts[1:], 1):
        try:
            obj = getattr(obj, p)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[: i + 1]))
    return obj


def _ns(*pairs: tuple[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(pairs))


_DESCRIPTORS: dict[str, BackendDescriptor] = {
    d.name: d
    for d in (
        BackendDescriptor(
            name="numpy", module="numpy", pip_extra=None,
            array_types=("numpy.ndarray", "numpy.generic"),
            mutable=True, autodiff=False,
            emit_imports=("import numpy as np",), emit_alias="np",
            namespaces=_ns(("np", "numpy"), ("np.linalg", "numpy.linalg"), ("np.fft", "numpy.fft")),
            dtype_ns="np", dtype_renames=MappingProxyType({"bool": "bool_"}),
            # SciPy: the numpy backend's erf (gelu) is scipy.special.erf when SciPy is installed
            emit_array="np.array", type_roots=("numpy",), helper_roots=("numpy", "scipy"),
            devices=_ns(("cpu", "cpu")),
        ),
        BackendDescriptor(
            name="torch", module="torch", pip_extra="torch",
            array_types=("torch.Tensor",),
            mutable=True, autodiff=True,
            emit_imports=("import torch",), emit_alias="torch",
            namespaces=_ns(("torch", "torch"), ("torch.linalg", "torch.linalg"),
                           ("torch.fft", "torch.fft"), ("torch.special", "torch.special"),
                           ("torch.nn.functional", "torch.nn.functional")),
            dtype_ns="torch", emit_array="torch.tensor", type_roots=("torch",),
            devices=_ns(("cpu", "cpu"), ("gpu", "cuda")),  # torch.device("cuda", index)
            # NumPy: the shared nn helpers do static shape arithmetic with it
            helper_roots=("torch", "numpy"),
        ),
        BackendDescriptor(
            name="jax", module="jax", pip_extra="jax",
            # tracers inside jax.grad/jit are not jax.Array subclasses; they all derive from Tracer
            array_types=("jax.Array", "jax.core.Tracer"),
            mutable=False, autodiff=True,
            emit_imports=("import jax", "import jax.numpy as jnp"), emit_alias="jnp",
            namespaces=_ns(("jnp", "jax.numpy"), ("jnp.linalg", "jax.numpy.linalg"),
                           ("jnp.fft", "jax.numpy.fft"), ("jax.nn", "jax.nn"),
                           ("jax.lax", "jax.lax")),
            dtype_ns="jnp", dtype_renames=MappingProxyType({"bool": "bool_"}),
            emit_array="jnp.array", type_roots=("jax", "jaxlib"),
            devices=_ns(("cpu", "cpu"), ("gpu", "gpu")),  # jax.devices(platform)
            helper_roots=("jax", "jaxlib", "numpy"), aliases=("jax.numpy",),
        ),
        BackendDescriptor(
            name="tensorflow", module="tensorflow", pip_extra="tensorflow",
            array_types=("tensorflow.Tensor", "tensorflow.Variable"),
            mutable=False, autodiff=True,
            emit_imports=("import tensorflow as tf",), emit_alias="tf",
            namespaces=_ns(("tf", "tensorflow"), ("tf.math", "tensorflow.math"),
                           ("tf.linalg", "tensorflow.linalg"), ("tf.signal", "tensorflow.signal"),
                           ("tf.nn", "tensorflow.nn"), ("tf.bitwise", "tensorflow.bitwise"),
                           ("tf.image", "tensorflow.image"),
                           ("tf.experimental.numpy", "tensorflow.experimental.numpy")),
            dtype_ns="tf", emit_array="tf.constant", type_roots=("tensorflow",),
            devices=_ns(("cpu", "CPU"), ("gpu", "GPU")),  # "/GPU:0"
            helper_roots=("tensorflow", "numpy"), aliases=("tf",),
            distributions=("tensorflow", "tensorflow-cpu"),
        ),
        # MXNet 1.9 (its NumPy API, mx.np) needs numpy<1.24: it runs in a worker of its own
        # environment (scripts/envs/mxnet.sh); not a pip extra of this package for that reason
        BackendDescriptor(
            name="mxnet", module="mxnet", pip_extra=None,
            array_types=("mxnet.numpy.ndarray",),
            mutable=True, autodiff=True,
            emit_imports=("import mxnet as mx", "import mxnet.numpy as mnp",
                          "import mxnet.numpy_extension as npx"),
            emit_alias="mnp",
            namespaces=_ns(("mnp", "mxnet.numpy"), ("mnp.linalg", "mxnet.numpy.linalg"),
                           ("npx", "mxnet.numpy_extension")),
            dtype_ns="mnp", dtype_renames=MappingProxyType({"bool": "bool_"}),
            emit_array="mnp.array", type_roots=("mxnet",), helper_roots=("mxnet", "numpy"),
            # MXNet 1.9 has no int16, uint16/32/64, bfloat16 (in mx.np) or complex dtypes
            dtypes=("bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64"),
            devices=_ns(("cpu", "cpu"), ("gpu", "gpu")),  # mx.Context(kind, index)
            aliases=("mx", "mxnet.numpy"),
        ),
    )
}

# The backends, in order of preference (NumPy first: the default when no array says otherwise).
BACKEND_NAMES: tuple[str, ...] = tuple(_DESCRIPTORS)


def descriptor(name: str) -> BackendDescriptor:
    """The descriptor of backend ``name`` ("numpy", "torch", "jax", "tensorflow", "mxnet";
    aliases such as "tf" too). Raises KeyError for an unknown name."""
    try:
        return _DESCRIPTORS[name]
    except KeyError:
        for d in _DESCRIPTORS.values():
            if name in d.aliases:
                return d
        raise KeyError(f"unknown backend {name!r}; valid: {', '.join(BACKEND_NAMES)}") from None


def all_descriptors() -> tuple[BackendDescriptor, ...]:
    """All descriptors, in ``BACKEND_NAMES`` order."""
    return tuple(_DESCRIPTORS.values())
