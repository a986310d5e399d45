"""``ivy-serve``: start and supervise the workers of ``workers.toml``.

    ivy-serve                          # the default: one CPU worker per installed framework
    ivy-serve --config workers.toml    # the workers described there
    ivy-serve status [--config ...]    # health and address of each configured worker

Each worker is a child process (``python -m ivy_server.worker``). The launcher waits until every
worker reports SERVING on the gRPC health service, prints a table (name, backend, device,
address, metrics), restarts a worker that dies (back-off 1, 2, 4, ... 30 s, reset after a minute
of health; every restart is logged), and on Ctrl-C/SIGTERM stops them all (SIGTERM, so they
finish in-flight calls, then SIGKILL after the grace period).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
import threading
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from ivy_client import config

log = logging.getLogger("ivy_server.launcher")


def health(address: str, timeout: float = 2.0, service: str = "") -> str:
    """The health status name of the worker at ``address`` ("UNREACHABLE" if none answers)."""
    with grpc.insecure_channel(address) as ch:
        try:
            r = health_pb2_grpc.HealthStub(ch).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        except grpc.RpcError as e:
            code = e.code()
            return "UNREACHABLE" if code in (grpc.StatusCode.UNAVAILABLE,
                                             grpc.StatusCode.DEADLINE_EXCEEDED) else code.name
    return health_pb2.HealthCheckResponse.ServingStatus.Name(r.status)


def worker_command(w: config.WorkerSpec) -> list[str]:
    cmd = [sys.executable, "-m", "ivy_server.worker", "--backend", w.backend, "--device",
           w.device, "--host", w.host, "--port", str(w.port)]
    if w.metrics_port:
        cmd += ["--metrics-port", str(w.metrics_port)]
    return cmd + [str(a) for a in w.args]


class Supervised:
    """One worker process, restarted with back-off when it dies."""

    def __init__(self, spec: config.WorkerSpec):
        self.spec = spec
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self.backoff = 1.0
        self.next_start = 0.0
        self.started_at = 0.0

    def start(self) -> None:
        env = dict(os.environ)
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        client_dir = os.path.join(os.path.dirname(here), "client")
        root = os.path.dirname(here)
        extra = [p for p in (root, client_dir, here) if os.path.isdir(p)]
        env["PYTHONPATH"] = os.pathsep.join(extra + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        self.proc = subprocess.Popen(worker_command(self.spec), env=env)
        self.started_at = time.monotonic()

    def poll(self, stopping: bool) -> None:
        if self.proc is None or stopping:
            return
        rc = self.proc.poll()
        now = time.monotonic()
        if rc is None:
            if now - self.started_at > 60:
                self.backoff = 1.0
            return
        if self.next_start == 0.0:
            self.next_start = now + self.backoff
            log.warning("worker %s (%s) exited with code %s; restarting in %.0f s", self.spec.name,
                        self.spec.address, rc, self.backoff)
            return
        if now >= self.next_start:
            self.restarts += 1
            self.next_start = 0.0
            self.backoff = min(self.backoff * 2, 30.0)
            log.warning("restarting worker %s (restart %d)", self.spec.name, self.restarts)
            self.start()

    def stop(self, grace: float) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)

    def wait(self, deadline: float) -> None:
        if self.proc is None:
            return
        try:
            self.proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=False)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def status(workers: list[config.WorkerSpec]) -> int:
    rows = []
    ok = True
    for w in workers:
        s = health(w.address)
        ok &= s == "SERVING"
        rows.append([w.name, w.backend, w.device, w.address,
                     f":{w.metrics_port}" if w.metrics_port else "-", s])
    print(table(rows, ["name", "backend", "device", "address", "metrics", "status"]))
    return 0 if ok else 1


def serve(workers: list[config.WorkerSpec], *, startup_timeout: float = 180.0,
          grace: float = 15.0, stop_event: threading.Event | None = None) -> int:
    if not workers:
        log.error("no workers to start (is any framework installed?)")
        return 1
    stop = stop_event or threading.Event()
    if stop_event is None:
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        signal.signal(signal.SIGINT, lambda *_: stop.set())
    sup = [Supervised(w) for w in workers]
    for s in sup:
        s.start()
    deadline = time.monotonic() + startup_timeout
    pending = {s.spec.name for s in sup}
    while pending and not stop.is_set() and time.monotonic() < deadline:
        for s in sup:
            if s.spec.name in pending and health(s.spec.address, 1.0) == "SERVING":
                pending.discard(s.spec.name)
            s.poll(False)
        if pending:
            stop.wait(0.3)
    if pending and not stop.is_set():
        log.error("workers not SERVING after %.0f s: %s", startup_timeout, ", ".join(pending))
    rows = [[s.spec.name, s.spec.backend, s.spec.device, s.spec.address,
             f":{s.spec.metrics_port}" if s.spec.metrics_port else "-",
             "starting" if s.spec.name in pending else "SERVING"] for s in sup]
    print(table(rows, ["name", "backend", "device", "address", "metrics", "status"]), flush=True)
    log.info("ivy-serve: %d workers up; Ctrl-C stops them", len(sup) - len(pending))
    while not stop.is_set():
        for s in sup:
            s.poll(False)
        stop.wait(0.5)
    log.info("stopping %d workers", len(sup))
    for s in sup:
        s.stop(grace)
    end = time.monotonic() + grace
    for s in sup:
        s.wait(end)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="ivy-serve", description="Start and supervise Ivy workers.")
    p.add_argument("command", nargs="?", default="serve", choices=["serve", "status"])
    p.add_argument("--config", default=None,
                   help="workers.toml (default: IVY_WORKERS, ./workers.toml, else one CPU worker "
                   "per installed framework)")
    p.add_argument("--startup-timeout", type=float, default=180.0)
    p.add_argument("--grace-s", type=float, default=15.0)
    a = p.parse_args(argv)
    logging.basicConfig(level=os.environ.get("IVY_LOG_LEVEL", "INFO").upper(),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    workers = config.resolve(a.config)
    if a.command == "status":
        return status(workers)
    return serve(workers, startup_timeout=a.startup_timeout, grace=a.grace_s)


if __name__ == "__main__":
    sys.exit(main())
