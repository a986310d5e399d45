"""A thin client for Ivy workers: ``ivy_client.call("matmul", a, b, backend="jax")``,
``ivy_client.transpile(code, "f", x, source="torch", target="jax")``.

Imports no ML framework: arguments may be NumPy arrays, Python scalars and lists, or any object
exposing ``__array__``/``__dlpack__`` (torch, JAX, TensorFlow tensors); results come back as NumPy
arrays. Workers are found through ``workers.toml``, ``IVY_WORKERS`` or the ``ivy-serve`` default.
See docs/rpc.md.
"""

from .client import (
    AsyncClient,
    AsyncRemoteGraph,
    AsyncRemoteHandle,
    AsyncRemoteTranspiled,
    Client,
    RemoteGraph,
    RemoteHandle,
    RemoteTranspiled,
    as_numpy,
    call,
    default_client,
    info,
    trace,
    transpile,
)
from .config import WorkerSpec, default_workers
from .errors import (
    Cancelled,
    DeadlineExceeded,
    Internal,
    InvalidArgument,
    NotFound,
    NoWorker,
    PermissionDenied,
    RemoteError,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    Unimplemented,
)

__all__ = [
    "AsyncClient", "AsyncRemoteGraph", "AsyncRemoteHandle", "AsyncRemoteTranspiled", "Client",
    "RemoteGraph", "RemoteHandle", "RemoteTranspiled", "as_numpy", "call", "default_client",
    "info", "trace", "transpile", "WorkerSpec", "default_workers", "Cancelled", "DeadlineExceeded", "Internal",
    "InvalidArgument", "NotFound", "NoWorker", "PermissionDenied", "RemoteError",
    "ResourceExhausted", "Unauthenticated", "Unavailable", "Unimplemented",
]
