"""Fixtures that start real worker processes on 127.0.0.1 (free ports) and always stop them.

Session-scoped and lazy: ``numpy_worker`` (cheap) is shared by most tests; ``all_workers``
(numpy, torch, jax, tensorflow) starts only where a test asks for it (the parity table);
``secure_worker`` has a token, code execution and small limits.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "test-token-1f3c9a"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server"),
                                      e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    e["IVY_AUTH_TOKEN"] = TOKEN
    # the token file ivy-serve writes: not the one this process's clients read (tests/conftest.py)
    e["IVY_TOKEN_FILE"] = os.environ.get("IVY_TOKEN_FILE", os.path.join(
        tempfile.gettempdir(), "ivy-tests-token")) + ".served"
    e.pop("IVY_WORKERS", None)
    return e


def health(address: str, timeout: float = 1.0, service: str = "") -> str:
    with grpc.insecure_channel(address) as ch:
        try:
            r = health_pb2_grpc.HealthStub(ch).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        except grpc.RpcError as e:
            return e.code().name
    return health_pb2.HealthCheckResponse.ServingStatus.Name(r.status)


class WorkerProc:
    """One ``python -m ivy_server.worker`` process."""

    def __init__(self, backend: str, *extra: str, metrics: bool = False, preexec_fn=None):
        self.backend = backend
        self.port = free_port()
        self.metrics_port = free_port() if metrics else None
        self.address = f"127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(prefix=f"ivy-worker-{backend}-", suffix=".log",
                                               delete=False)
        cmd = [sys.executable, "-m", "ivy_server.worker", "--backend", backend, "--port",
               str(self.port), "--log-level", "DEBUG", *extra]
        if self.metrics_port:
            cmd += ["--metrics-port", str(self.metrics_port)]
        self.proc = subprocess.Popen(cmd, env=env(), stdout=self.log, stderr=subprocess.STDOUT,
                                     cwd=ROOT, preexec_fn=preexec_fn)

    def wait_ready(self, timeout: float = 240.0) -> WorkerProc:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker {self.backend} exited ({self.proc.returncode}):\n"
                                   + self.logs()[-3000:])
            if health(self.address) == "SERVING":
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"worker {self.backend} not SERVING after {timeout} s:\n"
                           + self.logs()[-3000:])

    def logs(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        os.unlink(self.log.name)


def installed(backend: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(backend) is not None


BACKENDS = [b for b in ("numpy", "torch", "jax", "tensorflow") if installed(b)]


@pytest.fixture(scope="session")
def numpy_worker():
    w = WorkerProc("numpy", "--memory-cap-mb", "512", metrics=True).wait_ready()
    yield w
    w.stop()


@pytest.fixture(scope="session")
def all_workers():
    procs = {b: WorkerProc(b) for b in BACKENDS}  # start all, then wait: they import in parallel
    try:
        for p in procs.values():
            p.wait_ready()
        yield procs
    finally:
        for p in procs.values():
            p.stop()


@pytest.fixture(scope="session")
def secure_worker():
    w = WorkerProc("numpy", "--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution",
                   "--max-message-mb", "8", "--memory-cap-mb", "6", "--sandbox-cpu-s", "3",
                   "--sandbox-wall-s", "60", "--sandbox-memory-mb", "256").wait_ready()
    yield w
    w.stop()


@pytest.fixture()
def client(numpy_worker):
    import ivy_client

    with ivy_client.Client(f"numpy={numpy_worker.address}") as c:
        yield c
