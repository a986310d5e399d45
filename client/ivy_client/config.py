"""Where the workers are: ``workers.toml``, ``IVY_WORKERS``, or the default (shared with ivy-serve).

``workers.toml``::

    [[worker]]
    name = "numpy-cpu"
    backend = "numpy"
    device = "cpu"
    host = "127.0.0.1"
    port = 50051
    metrics_port = 9101

``IVY_WORKERS="jax=127.0.0.1:50053,torch@gpu:0=10.0.0.2:50052"`` (``backend[@device]=host:port``,
comma-separated; a value ending in ``.toml`` is read as a file). With neither, the default is one
CPU worker per installed framework: numpy :50051, torch :50052, jax :50053, tensorflow :50054
(metrics 9101-9104) on 127.0.0.1 - what ``ivy-serve`` starts with no configuration.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass, field

BACKENDS = ("numpy", "torch", "jax", "tensorflow", "mxnet")
DEFAULT_PORTS = {"numpy": 50051, "torch": 50052, "jax": 50053, "tensorflow": 50054,
                 "mxnet": 50055}
DEFAULT_METRICS_PORTS = {"numpy": 9101, "torch": 9102, "jax": 9103, "tensorflow": 9104,
                         "mxnet": 9105}
# environment recipes ivy-serve can build for a worker (``env = "mxnet"``): scripts/envs/<name>.sh
# makes the virtualenv .envs/<name> (docs/deploy.md, "Workers in their own environments")
ENV_DIR = ".envs"


@dataclass
class WorkerSpec:
    backend: str
    device: str = "cpu"
    host: str = "127.0.0.1"
    port: int = 50051
    metrics_port: int | None = None
    name: str = ""
    args: list = field(default_factory=list)  # extra ivy-worker flags (launcher only)
    # the worker's own interpreter (launcher only): ``python`` is a path, ``env`` the name of a
    # recipe (scripts/envs/<env>.sh) whose environment .envs/<env> ivy-serve builds on first use
    python: str | None = None
    env: str | None = None
    # the framework version this worker runs ("1.23", "2.4.6"): clients may ask for it
    # (backend="numpy==1.23" or version="1.23"); the launcher fills it in from the environment
    version: str = ""

    def __post_init__(self):
        if "==" in self.backend:  # "numpy==1.23" in a spec string or a table
            self.backend, _, v = self.backend.partition("==")
            self.version = self.version or v
        self.version = str(self.version or "")
        if self.python and self.env:
            raise ValueError(f"worker {self.name or self.backend!r}: give python or env, not both")
        if self.backend not in BACKENDS:
            raise ValueError(f"unknown backend {self.backend!r} in the worker configuration; "
                             f"valid: {', '.join(BACKENDS)}")
        self.device = normalize_device(self.device)
        self.port = int(self.port)
        if not self.name:
            self.name = f"{self.backend}-{self.device.replace(':', '')}"

    @property
    def address(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"{host}:{self.port}"


def normalize_device(device) -> str:
    text = str(device or "cpu").strip().lower().replace("cuda", "gpu")
    if text == "cpu":
        return "cpu"
    if text == "gpu":
        return "gpu:0"
    kind, _, index = text.partition(":")
    if kind != "gpu" or not index.isdigit():
        raise ValueError(f"unknown device {device!r}; devices are 'cpu' and 'gpu:N'")
    return f"gpu:{int(index)}"


def installed_backends() -> list[str]:
    """Backends whose framework is installed (found, not imported)."""
    return [b for b in BACKENDS if importlib.util.find_spec(b) is not None]


def default_workers() -> list[WorkerSpec]:
    return [WorkerSpec(b, "cpu", "127.0.0.1", DEFAULT_PORTS[b], DEFAULT_METRICS_PORTS[b])
            for b in installed_backends()]


def load_toml(path) -> list[WorkerSpec]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    with open(path, "rb") as f:
        data = tomllib.load(f)
    entries = data.get("worker", [])
    if not isinstance(entries, list):
        raise ValueError(f"{path}: expected [[worker]] tables")
    out = []
    for e in entries:
        known = {k: e[k] for k in ("backend", "device", "host", "port", "metrics_port", "name",
                                   "args", "python", "env", "version") if k in e}
        out.append(WorkerSpec(**known))
    return out


@dataclass
class GatewaySpec:
    """The HTTP gateway (``ivy-gateway``; the ``[gateway]`` table of workers.toml)::

        [gateway]
        host = "127.0.0.1"
        port = 8000
        auth_token_env = "IVY_AUTH_TOKEN"   # the workers' token (default: IVY_AUTH_TOKEN if set)
        max_body_mb = 8                     # request bodies larger than this: 413
        max_response_mb = 64                # responses (call results) larger than this: 413
        max_concurrency = 4                 # requests in flight per client (token + X-Client-Id,
                                            # else address): beyond, 429 at once
        max_in_flight = 32                  # requests running at once, all clients together
        max_queue = 64                      # beyond max_in_flight: waiting (FIFO), beyond: 429
        queue_timeout_s = 10                # the longest wait in that queue: then 429
        timeout_s = 120                     # per request, forwarded to the workers as a deadline
        header_timeout_s = 10               # a request's headers must arrive within this: closed
        body_timeout_s = 30                 # its body within this after the headers: 408
        enabled = true                      # false: ivy-serve starts no gateway
    """

    host: str = "127.0.0.1"
    port: int = 8000
    auth_token_env: str | None = None
    max_body_mb: float = 8.0
    max_response_mb: float = 64.0
    max_concurrency: int = 4
    max_in_flight: int = 32
    max_queue: int = 64
    queue_timeout_s: float = 10.0
    timeout_s: float = 120.0
    header_timeout_s: float = 10.0
    body_timeout_s: float = 30.0
    enabled: bool = True
    args: list = field(default_factory=list)  # extra ivy-gateway flags (launcher only)

    def __post_init__(self):
        self.port = int(self.port)

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}"


def load_gateway(path) -> GatewaySpec | None:
    """The ``[gateway]`` table of a workers.toml (None when it has none)."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    with open(path, "rb") as f:
        data = tomllib.load(f)
    table = data.get("gateway")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ValueError(f"{path}: [gateway] must be a table")
    unknown = set(table) - set(GatewaySpec.__dataclass_fields__)
    if unknown:
        raise ValueError(f"{path}: unknown [gateway] keys {sorted(unknown)}; known: "
                         f"{', '.join(GatewaySpec.__dataclass_fields__)}")
    return GatewaySpec(**table)


def resolve_gateway(workers=None) -> GatewaySpec | None:
    """The gateway that goes with the worker configuration :func:`resolve` picks: a .toml's
    ``[gateway]`` table (None if it has none, or ``enabled = false``), None for a spec string or
    a list, and the default gateway (127.0.0.1:8000) when there is no configuration at all."""
    if workers is None:
        workers = os.environ.get("IVY_WORKERS") or None
        if workers is None and os.path.exists("workers.toml"):
            workers = "workers.toml"
        if workers is None:
            return GatewaySpec()
    if isinstance(workers, (str, os.PathLike)) and os.fspath(workers).endswith(".toml"):
        spec = load_gateway(workers)
        return spec if spec is not None and spec.enabled else None
    return None


def to_spec(workers: list[WorkerSpec]) -> str:
    """``workers`` as a ``backend@device=host:port,...`` string (for IVY_PEERS / IVY_WORKERS)."""
    return ",".join(f"{w.backend}{'==' + w.version if w.version else ''}@{w.device}={w.address}"
                    for w in workers)


def parse_spec(text: str) -> list[WorkerSpec]:
    """``"jax=127.0.0.1:50051,torch@gpu:0=host:50052,numpy==1.23=host:50057"`` -> specs."""
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, addr = _split_entry(item)
        if not sep:
            raise ValueError(f"bad worker entry {item!r}: expected backend[@device]=host:port")
        backend, _, device = key.strip().partition("@")
        host, _, port = addr.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"bad worker address {addr!r} in {item!r}: expected host:port")
        out.append(WorkerSpec(backend.strip(), device or "cpu", host, int(port)))
    return out


def _split_entry(item: str) -> tuple[str, str, str]:
    """``"numpy==1.23@cpu=h:1"`` -> ("numpy==1.23@cpu", "=", "h:1"): the first ``=`` that is not
    part of ``==``."""
    i = 0
    while True:
        j = item.find("=", i)
        if j < 0:
            return item, "", ""
        if item[j:j + 2] == "==":
            i = j + 2
            continue
        return item[:j], "=", item[j + 1:]


def split_backend(text: str | None) -> tuple[str | None, str | None]:
    """``"numpy==1.23"`` -> ("numpy", "1.23"); ``"numpy"`` -> ("numpy", None)."""
    if text is None or "==" not in text:
        return text, None
    b, _, v = text.partition("==")
    return b.strip(), v.strip() or None


def version_key(version: str) -> tuple:
    """A sort key for framework versions ("1.23.5" < "2.4.6" < "10.0"): numeric parts compare
    as numbers (packaging.version's ordering where it is installed)."""
    try:
        from packaging.version import InvalidVersion, Version

        try:
            return (1, Version(version))
        except InvalidVersion:
            pass
    except ImportError:  # the client needs no packaging
        pass
    parts = []
    for p in version.replace("+", ".").split("."):
        parts.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return (0, tuple(parts))


def version_matches(wanted: str, have: str) -> bool:
    """``wanted`` "1.23" matches "1.23" and "1.23.5" (a release prefix), not "1.2" or "1.230"."""
    w = wanted.strip().lstrip("=").strip().split(".")
    h = have.strip().split(".")
    return bool(have) and h[:len(w)] == w


def resolve(workers=None) -> list[WorkerSpec]:
    """The worker list: ``workers`` (specs, dicts, a spec string or a .toml path), else
    ``IVY_WORKERS``, else ``./workers.toml`` if present, else :func:`default_workers`."""
    if workers is None:
        workers = os.environ.get("IVY_WORKERS") or None
        if workers is None and os.path.exists("workers.toml"):
            workers = "workers.toml"
    if workers is None:
        return default_workers()
    if isinstance(workers, (str, os.PathLike)):
        text = os.fspath(workers)
        if text.endswith(".toml"):
            return load_toml(text)
        return parse_spec(text)
    out = []
    for w in workers:
        out.append(w if isinstance(w, WorkerSpec) else WorkerSpec(**w))
    return out
