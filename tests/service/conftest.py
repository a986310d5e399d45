"""Fixtures for the transpile service: real worker processes (with the sandbox) and, for the
HTTP tests, ``ivy-serve`` bringing up workers and the gateway with one command.

Module-scoped: each test file starts what it needs once and always stops it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.rpc.conftest import ROOT, TOKEN, env, free_port, health

__all__ = ["ROOT", "TOKEN", "env", "free_port", "health", "Workers", "stop", "serve_gateway"]

#: every transpile worker runs submitted code in its sandbox: a token and code execution
SECURE = ("--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution", "--sandbox-warm", "1")


def stop(proc: subprocess.Popen, grace: float = 30.0) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def serve_gateway(cfg: Path, gport: int, log_path: Path, environ: dict | None = None,
                  timeout: float = 300.0) -> subprocess.Popen:
    """``ivy-serve --config cfg --no-spare --no-warm`` (its output to ``log_path``), once its
    gateway on ``gport`` answers health "ok" (every worker SERVING) and ivy-serve has printed the
    playground's address (its last start-up line). The caller stops it (``stop``)."""
    import httpx

    with open(log_path, "w") as log:  # the child keeps its own descriptor
        # --no-spare: spares importing frameworks beside the tests cost the suite CPU time;
        # restarts from a spare are tested in tests/security/test_restart_under_load.py.
        # --no-warm: sandboxes warmed for every target at start would too (each test starts
        # the kinds it uses); the warm start is tested in tests/service/test_warm_start.py
        proc = subprocess.Popen([sys.executable, "-m", "ivy_server.launcher", "--config",
                                 str(cfg), "--no-spare", "--no-warm"], env=environ or env(),
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    end = time.monotonic() + timeout
    while True:
        if proc.poll() is not None or time.monotonic() > end:
            stop(proc)
            raise AssertionError(log_path.read_text()[-4000:])
        try:
            if httpx.get(f"http://127.0.0.1:{gport}/v1/health", timeout=2).json()[
                    "status"] == "ok" and "playground: " in log_path.read_text():
                return proc
        except (httpx.HTTPError, ValueError, KeyError):
            pass
        time.sleep(0.3)


class Workers:
    """ivy-worker processes that know each other (``--peers``): a Transpile is verified on the
    target framework's worker. ``extra[backend]``: more flags for one of them."""

    def __init__(self, backends, tmp: Path, extra: dict | None = None):
        self.ports = {b: free_port() for b in backends}
        self.spec = ",".join(f"{b}=127.0.0.1:{p}" for b, p in self.ports.items())
        self.logs = {b: tmp / f"{b}.log" for b in backends}
        self.procs = {}
        for b, port in self.ports.items():
            flags = (extra or {}).get(b, SECURE)
            cmd = [sys.executable, "-m", "ivy_server.worker", "--backend", b, "--port", str(port),
                   "--peers", self.spec, *flags]
            self.procs[b] = subprocess.Popen(cmd, env=env(), cwd=ROOT,
                                             stdout=open(self.logs[b], "w"),
                                             stderr=subprocess.STDOUT)

    def address(self, backend: str) -> str:
        return f"127.0.0.1:{self.ports[backend]}"

    def wait_ready(self, timeout: float = 240.0) -> Workers:
        end = time.monotonic() + timeout
        for b in self.ports:
            while health(self.address(b)) != "SERVING":
                if self.procs[b].poll() is not None or time.monotonic() > end:
                    self.stop()
                    raise RuntimeError(f"worker {b} did not start:\n"
                                       + self.logs[b].read_text()[-3000:])
                time.sleep(0.2)
        return self

    def stop(self) -> None:
        for p in self.procs.values():
            stop(p, 20)


@pytest.fixture(scope="module")
def module_tmp(tmp_path_factory, request):
    return tmp_path_factory.mktemp(request.module.__name__.rpartition(".")[2])


os.environ.pop("IVY_PEERS", None)  # tests configure the peers themselves
