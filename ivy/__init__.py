"""Ivy: one functional API (the Python Array API standard plus NN functions) over NumPy, PyTorch,
JAX and TensorFlow.

``import ivy`` imports NumPy only; a framework is imported when it is selected with
``ivy.set_backend`` / ``IVY_BACKEND`` or inferred from the arrays passed in.
"""

from __future__ import annotations

import importlib as _importlib
import math as _math
import os as _os
import sys as _sys
import types as _types

from . import dtypes, errors, func_wrapper, registry
from .array_object import Array
from .backend_handler import (
    BACKENDS,
    available_backends,
    backend_of,
    current_backend,
    current_backend_str,
    implements,
    set_backend,
    unset_backend,
    using_backend,
)
from .devices import default_device, set_default_device
from .dtypes import (
    Dtype,
    bfloat16,
    bool,
    complex64,
    complex128,
    default_complex_dtype,
    default_float_dtype,
    default_int_dtype,
    default_uint_dtype,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    promote_types,
    set_default_float_dtype,
    set_default_int_dtype,
    uint8,
    uint16,
    uint32,
    uint64,
)
from .errors import (
    BackendError,
    BackendNotInstalledError,
    InvalidArgumentError,
    IvyError,
    NoGradientError,
    UnsupportedBackendError,
    UnsupportedDtypeError,
)

__version__ = "0.1.0"
__array_api_version__ = "2025.12"
SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

# Array API constants
e = _math.e
pi = _math.pi
inf = _math.inf
nan = _math.nan
newaxis = None

NativeArray = object  # annotation helper: any framework's array

from .functional import ivy as _functional  # noqa: E402

for _cat in _functional.CATEGORIES:
    _importlib.import_module(f"ivy.functional.ivy.{_cat}")
# a declaration module with NAMESPACE = "a.b" is ivy.a.b (intermediate levels are plain modules)
for _ns, _modname in sorted(registry.NAMESPACES.items(), key=lambda kv: kv[0].count(".")):
    _owner = _sys.modules[__name__]
    *_heads, _last = _ns.split(".")
    for _i, _h in enumerate(_heads):
        if not isinstance(getattr(_owner, _h, None), _types.ModuleType):
            setattr(_owner, _h, _types.ModuleType(f"ivy.{'.'.join(_heads[:_i + 1])}"))
        _owner = getattr(_owner, _h)
    setattr(_owner, _last, _sys.modules[_modname])
for _path, _fn in registry.API.items():
    if "." not in _path:
        globals()[_path] = _fn
del _cat, _path, _fn, _ns, _modname, _owner, _heads, _last

from . import array_object as _array_module  # noqa: E402

_array_module._api = _importlib.import_module("ivy")

# -- further layers register here (one import line each) --------------------------------------
# stateful API (issue 3): Module, layers, optimizers, Container
from . import stateful  # noqa: E402
from .container import Container  # noqa: E402
from .stateful import *  # noqa: E402,F403
from .stateful import initializers, schedules  # noqa: E402

# tracer (issue 4): trace_graph, Graph, compile
from .tracer import Graph, TraceError, compile, trace_graph  # noqa: E402

# transpiler (issue 13): transpile, TranspileError
from .transpiler import TranspileError, transpile  # noqa: E402

if _os.environ.get("IVY_BACKEND"):
    set_backend(_os.environ["IVY_BACKEND"])
