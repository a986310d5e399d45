"""``ivy-serve``: start and supervise the workers of ``workers.toml``.

    ivy-serve                          # the default: one CPU worker per installed framework
    ivy-serve --config workers.toml    # the workers described there
    ivy-serve status [--config ...]    # health, pid and address of each configured worker

Before starting anything the launcher checks that every configured port (gRPC and metrics) is
free; a taken port stops it with exit status 2 and a message naming the port and what holds it
(another ivy worker - its backend and pid - or some other process). Each worker is then a child
process (``python -m ivy_server.worker``). The launcher waits until every worker reports SERVING
on the gRPC health service *and* its Info RPC answers with the pid of the process the launcher
spawned (so another server on the port is never reported as its own), prints a table (name,
backend, device, address, metrics, pid, status), restarts a worker that dies (at once, then
with back-off 1, 2, 4, ... 30 s, reset after 10 s of serving; every exit and restart is
logged, and so is the moment a restarted worker serves again), and on Ctrl-C/SIGTERM stops them
all (SIGTERM, so they finish in-flight calls, then SIGKILL after the
grace period).

Restarts are from a spare (``--no-spare`` turns it off): once the workers serve, each gets a
pre-started ``--spare`` process that has done its imports and warm-up and waits on a pipe; a
restart tells it to serve, and it binds the dead worker's port within tens of ms instead of a
cold start of seconds (see ``Supervised`` and docs/rpc.md, "Recovery").

With a ``[gateway]`` table in the configuration (or with no configuration at all) the launcher
also starts the HTTP gateway (``ivy-gateway``, docs/service.md) once the workers serve, restarts it
when it exits, and ``ivy-serve status`` shows its health.

A worker's stderr is held back until it serves: a worker that exits before serving is reported
once with the last lines of its stderr (not a stream of tracebacks), and if one fails
``--max-start-failures`` times in a row during startup the launcher stops everything and exits 1.
"""

from __future__ import annotations

import argparse
import collections
import errno
import logging
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from ivy_client import config
from ivy_client.proto import SERVICE_NAME, worker_pb2

from ivy.functional.backends import descriptor

from . import envs, limits, serve_token
from .gateway import process as gateway_process
from .supervisor import Supervisor

log = logging.getLogger("ivy_server.launcher")

EXIT_OK, EXIT_FAILED, EXIT_PORT_IN_USE = 0, 1, 2
TAIL_LINES = 25  # a worker's stderr shown when it fails to start: its whole usage message
POLL_S = 0.1  # how often the launcher looks at its workers (waitpid; health only while starting)
HEALTHY_RESET_S = 10.0  # a worker that served this long is restarted at once when it dies


# ---------------------------------------------------------------------------------------------
# Probing an address: health, Info (backend, pid), who holds a port
# ---------------------------------------------------------------------------------------------

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


def worker_info(address: str, token: str | None = None, timeout: float = 2.0):
    """``(InfoResponse, None)`` from the ivy worker at ``address``, or ``(None, status name)``."""
    md = (("authorization", "Bearer " + token),) if token else None
    with grpc.insecure_channel(address) as ch:
        info = ch.unary_unary(f"/{SERVICE_NAME}/Info", worker_pb2.InfoRequest.SerializeToString,
                              worker_pb2.InfoResponse.FromString)
        try:
            return info(worker_pb2.InfoRequest(), timeout=timeout, metadata=md), None
        except grpc.RpcError as e:
            return None, e.code().name


def token_for(spec: config.WorkerSpec) -> str | None:
    """The bearer token the worker of ``spec`` will want (its ``--auth-token-env`` variable),
    else ``IVY_AUTH_TOKEN`` (harmless to send to a worker without auth)."""
    args = [str(a) for a in spec.args]
    for i, a in enumerate(args):
        if a == "--auth-token-env" and i + 1 < len(args):
            return serve_token.token_in(args[i + 1])
        if a.startswith("--auth-token-env="):
            return serve_token.token_in(a.split("=", 1)[1])
    return serve_token.token_in("IVY_AUTH_TOKEN")  # else ivy-serve's token file


def port_problem(host: str, port: int) -> str | None:
    """None if ``host:port`` can be listened on, else why not ("in use", ...)."""
    bind_host = "0.0.0.0" if host in ("", "0.0.0.0") else host
    try:
        infos = socket.getaddrinfo(bind_host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        return f"host {host!r} does not resolve ({e.strerror})"
    family, _, _, _, sockaddr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        # as gRPC does: a port left in TIME_WAIT by a stopped worker is free
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(sockaddr)
            s.listen(1)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                return "in use"
            if e.errno == errno.EADDRNOTAVAIL:
                return f"{host!r} is not an address of this machine"
            if e.errno == errno.EACCES:
                return "not allowed (a port below 1024 needs privileges)"
            return f"cannot be listened on ({e.strerror})"
    return None


def listener_of(port: int) -> tuple[int, str] | None:
    """(pid, command line) of the local process listening on TCP ``port``, where /proc tells
    (Linux, processes of this user); None otherwise."""
    inodes = set()
    for table_path in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table_path) as f:
                lines = f.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if len(parts) > 9 and parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{parts[9]}]")
    if not inodes:
        return None
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return None
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            for fd in fds:
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
                    return int(pid), cmd
        except OSError:
            continue
    return None


def _short(cmd: str, n: int = 80) -> str:
    return cmd if len(cmd) <= n else cmd[: n - 3] + "..."


def describe_grpc_holder(address: str, port: int, token: str | None) -> str:
    """What holds the gRPC port ``port`` at ``address``, in words."""
    info, err = worker_info(address, token, timeout=2.0)
    if info is not None:
        return (f"another ivy worker (backend {info.backend}, device {info.device}, "
                f"pid {info.pid})")
    if err == "UNAUTHENTICATED":
        who = listener_of(port)
        pid = f", pid {who[0]}" if who else ""
        return f"another ivy worker (it wants an auth token{pid})"
    who = listener_of(port)
    what = f" (pid {who[0]}: {_short(who[1])})" if who else ""
    return f"a process that is not an ivy worker{what}"


def describe_metrics_holder(host: str, port: int) -> str:
    h = "127.0.0.1" if host in ("", "0.0.0.0") else host
    ivy_metrics = False
    try:
        with urllib.request.urlopen(f"http://{h}:{port}/metrics", timeout=1.0) as r:
            ivy_metrics = b"ivy_requests_total" in r.read(1 << 20)
    except Exception:  # noqa: BLE001 - anything else answering there is "some process"
        pass
    who = listener_of(port)
    if ivy_metrics:
        return "another ivy worker's metrics endpoint" + (f" (pid {who[0]})" if who else "")
    return "another process" + (f" (pid {who[0]}: {_short(who[1])})" if who else "")


def preflight(workers: list[config.WorkerSpec]) -> list[str]:
    """One message per configured port that cannot be used, or device its backend does not have
    (empty: all usable)."""
    problems = []
    seen: dict[int, str] = {}
    for w in workers:
        why = descriptor(w.backend).device_problem(w.device)
        if why:
            problems.append(f"worker {w.name} ({w.backend}@{w.device}): {why}")
        for kind, port in (("port", w.port), ("metrics port", w.metrics_port)):
            if not port:
                continue
            if port in seen:
                problems.append(f"{kind} {port} of worker {w.name} is also configured for "
                                f"{seen[port]}: give each its own port")
                continue
            seen[port] = f"worker {w.name}"
            why = port_problem(w.host, port)
            if why is None:
                continue
            if why != "in use":
                problems.append(f"{kind} {port} of worker {w.name} ({w.address}): {why}")
            elif kind == "port":
                holder = describe_grpc_holder(w.address, port, token_for(w))
                hint = " — see `ivy-serve status`" if "ivy worker" in holder else ""
                problems.append(f"port {port} (worker {w.name}, {w.backend}@{w.device}) is in use "
                                f"by {holder}{hint}")
            else:
                holder = describe_metrics_holder(w.host, port)
                problems.append(f"metrics port {port} (worker {w.name}) is in use by {holder}")
    return problems


# ---------------------------------------------------------------------------------------------
# One supervised worker
# ---------------------------------------------------------------------------------------------

def worker_command(w: config.WorkerSpec, memory_limit_mb: int = 0,
                   warm: bool = False) -> list[str]:
    """The worker's command line; ``memory_limit_mb`` (its share of the host's memory) becomes
    ``--memory-limit-mb`` unless workers.toml's ``args`` give that flag already; ``warm``: a
    worker that runs code warms its sandboxes at start (``--sandbox-warm-at-start``)."""
    # the worker's own interpreter where workers.toml names one (python = / env =; envs.py)
    cmd = [envs.resolved_python(w), "-m", "ivy_server.worker", "--backend", w.backend, "--device",
           w.device, "--host", w.host, "--port", str(w.port)]
    if w.metrics_port:
        cmd += ["--metrics-port", str(w.metrics_port)]
    args = [str(a) for a in w.args]
    if memory_limit_mb > 0 and not any(a == "--memory-limit-mb" or a.startswith(
            "--memory-limit-mb=") for a in args):
        cmd += ["--memory-limit-mb", str(memory_limit_mb)]
    if warm and "--allow-code-execution" in args and "--sandbox-warm-at-start" not in args:
        cmd += ["--sandbox-warm-at-start"]
    return cmd + args


def memory_share_mb(n_workers: int) -> int:
    """Each worker's default OS memory limit under ivy-serve, MiB: 3/4 of the host's memory
    (MemTotal, or the launcher's cgroup limit if smaller) divided by the number of workers
    (``limits.default_limit``; 0 where the host's memory is unknown)."""
    return limits.default_limit(max(1, n_workers)) // 2**20


SPARE_READY = "spare ready"  # what a spare worker logs once warmed up (worker/serve.py)
SPARE_BACKOFF_MAX_S = 60.0  # a spare that keeps dying is started again at most this often


class Supervised(Supervisor):
    """One worker process, restarted with back-off when it dies (a :class:`Supervisor`).

    States: ``starting`` (spawned, not yet SERVING with our pid), ``serving``, ``waiting``
    (exited; restart due at ``next_start``), ``stopped``. Its stderr is read by a thread: held
    back while starting (the last lines are reported if it exits), forwarded once it serves.

    With ``spare`` (the default), once the worker serves a second process of the same command is
    started with ``--spare``: it imports, builds and warms up its worker, logs ``spare ready``
    and waits on its stdin (a pipe from here). A restart writes ``serve`` to that pipe, and the
    spare binds the dead worker's port at once (tens of ms instead of a cold start of seconds,
    more under load); a new spare is started once the promoted one serves. A spare that dies
    is started again with back-off (1, 2, 4 ... 60 s); without a live spare a restart is cold.
    The spare's stderr is held back like a starting worker's.
    """

    def __init__(self, spec: config.WorkerSpec, out=None, spare: bool = True):
        super().__init__(f"worker {spec.name}")
        self.spec = spec
        self.out = out or sys.stderr
        self.use_spare = spare
        self.spare: subprocess.Popen | None = None
        self.spare_ready = False
        self.spare_started_at = 0.0
        self.spare_next_start = 0.0
        self.spare_backoff = 0.0
        self.spare_reader: threading.Thread | None = None
        self._spare_announced = False
        self._spare_held: list[str] = []
        self._spare_last_tail: list[str] = []
        self.state = "stopped"
        self.started_at = 0.0
        self.serving_since = 0.0
        self.start_failures = 0  # consecutive exits before serving
        self.max_start_failures: int | None = None  # give up after this many (startup only)
        self.last_tail: list[str] = []
        self.ever_served = False
        self.foreign_reported = False
        self.token = token_for(spec)
        self.memory_limit_mb = 0  # its share of the host's memory (set by serve)
        self.warm = False  # warm its sandboxes at start (set by serve)
        self._lock = threading.Lock()
        self._held: list[str] = []
        self._tail: collections.deque[str] = collections.deque(maxlen=TAIL_LINES)
        self._forward = False
        self._reader: threading.Thread | None = None

    # -- process --------------------------------------------------------------------------------
    def start(self) -> None:
        with self._lock:
            self._held = []
            self._tail.clear()
            self._forward = False
        self.proc = self.spawn(worker_command(self.spec, self.memory_limit_mb, self.warm),
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self._started()

    def _started(self) -> None:
        self.state = "starting"
        self.foreign_reported = False
        self.started_at = time.monotonic()
        if self.proc is self.spare_promoted:
            self._reader = self.spare_reader  # already reading it
            return
        self._reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True,
                                        name=f"stderr-{self.spec.name}")
        self._reader.start()

    spare_promoted: subprocess.Popen | None = None  # the spare now being self.proc

    def _read(self, proc: subprocess.Popen) -> None:
        for raw in iter(proc.stderr.readline, b""):
            line = raw.decode(errors="replace")
            with self._lock:
                if proc is self.spare:
                    if SPARE_READY in line:
                        self.spare_ready = True
                    if len(self._spare_held) < 2000:
                        self._spare_held.append(line)
                    continue
                if proc is not self.proc:
                    return
                self._tail.append(line.rstrip("\n"))
                if self._forward:
                    self._write(line)
                elif len(self._held) < 2000:
                    self._held.append(line)
        proc.stderr.close()

    def _write(self, text: str) -> None:
        try:
            self.out.write(text)
            self.out.flush()
        except (OSError, ValueError):
            pass

    def tail(self) -> list[str]:
        """The last lines of the current process's stderr (waits briefly for the reader)."""
        if self._reader is not None:
            self._reader.join(2.0)
        with self._lock:
            return list(self._tail)

    def _now_serving(self) -> None:
        with self._lock:
            held, self._held = self._held, []
            self._forward = True
            for line in held:
                self._write(line)
        now = time.monotonic()
        if self.ever_served:
            log.info("worker %s (%s) serving again, pid %d, %.1f s after its restart",
                     self.spec.name, self.spec.address, self.proc.pid, now - self.started_at)
        self.state = "serving"
        self.ever_served = True
        self.serving_since = now
        self.start_failures = 0
        self.last_tail = []

    def check_serving(self) -> str | None:
        """While starting: move to ``serving`` once SERVING with our pid. Returns a message (once
        per process) if the port answers as a process we did not spawn."""
        if (self.state != "starting" or self.proc is None or self.foreign_reported
                or self.proc.poll() is not None):
            return None
        problem = self._check_serving()
        if problem:
            self.foreign_reported = True
        return problem

    def _check_serving(self) -> str | None:
        if health(self.spec.address, 1.0) != "SERVING":
            return None
        info, err = worker_info(self.spec.address, self.token, timeout=2.0)
        if info is not None:
            if info.pid == self.proc.pid:
                self._now_serving()
                return None
            return (f"{self.spec.address} answers as an ivy worker with pid {info.pid} "
                    f"(backend {info.backend}), not the worker {self.spec.name} this launcher "
                    f"started (pid {self.proc.pid}): another server holds port {self.spec.port}")
        if err == "UNAUTHENTICATED":
            # a worker wanting a token we do not know: trust the port's listener instead
            who = listener_of(self.spec.port)
            if who is None or who[0] == self.proc.pid:
                self._now_serving()
                return None
            return (f"{self.spec.address} is served by pid {who[0]}, not the worker "
                    f"{self.spec.name} this launcher started (pid {self.proc.pid})")
        if err == "UNIMPLEMENTED":
            return (f"{self.spec.address} answers health checks but is not an ivy worker: another "
                    f"server holds port {self.spec.port}")
        return None

    def poll(self, stopping: bool = False) -> None:
        """Notice an exit and restart (with back-off) when due; keep a spare ready."""
        if self.proc is None or stopping or self.state == "stopped":
            return
        now = time.monotonic()
        if self.state in ("starting", "serving"):
            rc = self.proc.poll()
            if rc is None:
                if self.state == "serving":
                    if now - self.serving_since > HEALTHY_RESET_S:
                        self.reset_backoff()
                    self._keep_spare(now)
                return
            self._exited(rc, now)
        if self.state == "waiting" and self.restart_due(now):
            self.count_restart()
            if self._promote_spare():
                log.warning("restarting worker %s (restart %d) from its spare, pid %d",
                            self.spec.name, self.restarts, self.proc.pid)
            else:
                log.warning("restarting worker %s (restart %d)", self.spec.name, self.restarts)
                self.start()

    # -- the spare --------------------------------------------------------------------------------
    def _keep_spare(self, now: float) -> None:
        """While serving: notice the spare's death or readiness; start one when due."""
        if not self.use_spare:
            return
        sp = self.spare
        if sp is not None:
            rc = sp.poll()
            if rc is None:
                if self.spare_ready and not self._spare_announced:
                    self._spare_announced = True
                    self.spare_backoff = 0.0
                    log.info("worker %s: spare ready, pid %d, %.1f s after its start",
                             self.spec.name, sp.pid, now - self.spare_started_at)
                return
            self._discard_spare(f"exited with code {rc}")
            self.spare_next_start = now + self.spare_backoff
            self.spare_backoff = min(max(self.spare_backoff * 2, 1.0), SPARE_BACKOFF_MAX_S)
            return
        if now >= self.spare_next_start:
            self._start_spare()

    def _start_spare(self) -> None:
        with self._lock:
            self._spare_held = []
            self.spare_ready = False
        self._spare_announced = False
        try:
            self.spare = self.spawn(
                worker_command(self.spec, self.memory_limit_mb, self.warm) + ["--spare"],
                stderr=subprocess.PIPE, stdin=subprocess.PIPE)
        except OSError as e:
            log.warning("worker %s: cannot start a spare: %s", self.spec.name, e)
            self.spare = None
            self.spare_next_start = time.monotonic() + SPARE_BACKOFF_MAX_S
            return
        self.spare_started_at = time.monotonic()
        self.spare_reader = threading.Thread(target=self._read, args=(self.spare,), daemon=True,
                                             name=f"stderr-{self.spec.name}-spare")
        self.spare_reader.start()

    def _discard_spare(self, why: str) -> None:
        """Forget the spare (it exited: report why, once per distinct stderr tail)."""
        sp, self.spare = self.spare, None
        if sp is None:
            return
        if self.spare_reader is not None:
            self.spare_reader.join(2.0)
        with self._lock:
            tail = [t.rstrip("\n") for t in self._spare_held[-TAIL_LINES:]]
            self._spare_held = []
        if tail != self._spare_last_tail:
            body = "\n".join("    " + t for t in tail) or "    (nothing on stderr)"
            log.warning("the spare of worker %s (pid %d) %s; the last lines of its stderr:\n%s",
                        self.spec.name, sp.pid, why, body)
        else:
            log.warning("the spare of worker %s (pid %d) %s, again", self.spec.name, sp.pid, why)
        self._spare_last_tail = tail

    def _promote_spare(self) -> bool:
        """Tell the live spare to serve, making it this worker's process; False if there is none
        (or it died just now)."""
        sp = self.spare
        if sp is None or sp.poll() is not None:
            if sp is not None:
                self._discard_spare(f"exited with code {sp.returncode}")
            return False
        try:
            sp.stdin.write(b"serve\n")
            sp.stdin.close()
        except (OSError, ValueError):
            self._discard_spare("could not be told to serve")
            return False
        with self._lock:
            self.spare = None
            self.proc = sp
            self._held = list(self._spare_held)
            self._tail.clear()
            self._tail.extend(t.rstrip("\n") for t in self._spare_held[-TAIL_LINES:])
            self._forward = False
            self._spare_held = []
            self.spare_promoted = sp
        self._started()
        self.spare_next_start = 0.0
        return True

    def _stop_spare(self) -> None:
        sp, self.spare = self.spare, None
        if sp is None or sp.poll() is not None:
            return
        try:
            sp.stdin.close()  # end of input: a waiting spare leaves on its own
        except (OSError, ValueError):
            pass
        sp.send_signal(signal.SIGTERM)
        self._stopped_spare = sp

    def _exited(self, rc: int, now: float) -> None:
        was = self.state
        self.state = "waiting"
        self.schedule_restart(now)
        if was == "serving":
            log.warning("worker %s (%s) exited with code %s; restarting in %.0f s",
                        self.spec.name, self.spec.address, rc, self.backoff)
            return
        self.start_failures += 1
        tail = self.tail()
        giving_up = (self.max_start_failures is not None
                     and self.start_failures >= self.max_start_failures)
        then = "giving up" if giving_up else f"restarting in {self.backoff:.0f} s"
        if tail and tail == self.last_tail:
            log.warning("worker %s (%s) exited with code %s before serving, again with the same "
                        "error (%d times in a row); %s", self.spec.name,
                        self.spec.address, rc, self.start_failures, then)
        else:
            body = "\n".join("    " + t for t in tail) or "    (nothing on stderr)"
            log.warning("worker %s (%s) exited with code %s before serving; the last lines of its "
                        "stderr:\n%s\n%s", self.spec.name, self.spec.address, rc, body, then)
        self.last_tail = tail

    _stopped_spare: subprocess.Popen | None = None

    def stop(self) -> None:
        self.state = "stopped"
        self._stop_spare()
        super().stop()

    def wait(self, deadline: float) -> None:
        sp, self._stopped_spare = self._stopped_spare, None
        if sp is not None:
            try:
                sp.wait(max(0.0, min(deadline - time.monotonic(), 5.0)))
            except subprocess.TimeoutExpired:
                sp.kill()
                sp.wait()
        super().wait(deadline)


# ---------------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------------

HEADER = ["name", "backend", "version", "device", "address", "metrics", "pid", "python",
          "status"]
# `ivy-serve status` adds the Unix domain socket each worker reports in Info (clients on this host
# use it)
STATUS_HEADER = ["name", "backend", "version", "device", "address", "metrics", "pid", "python",
                 "socket", "status"]


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=False)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def _short_path(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def _metrics(w: config.WorkerSpec) -> str:
    return f":{w.metrics_port}" if w.metrics_port else "-"


def status(workers: list[config.WorkerSpec], timeout: float = 2.0, gateway=None) -> int:
    """Print each configured worker's live health (and, from Info, its pid); 0 iff all SERVING
    as the configured backend."""
    rows = []
    ok = True
    for w in workers:
        s = health(w.address, timeout)
        pid = sock = "-"
        version, python = w.version or "-", "-"
        if s != "UNREACHABLE":
            info, err = worker_info(w.address, token_for(w), timeout)
            if info is not None:
                pid = str(info.pid)
                sock = info.uds_path or "-"
                version = info.framework_version or version
                python = info.python_version or "-"
                if info.python_executable and info.python_executable != sys.executable:
                    python += f" {_short_path(info.python_executable)}"
                if info.backend != w.backend:
                    s += f" (but it is a {info.backend} worker)"
            elif err == "UNIMPLEMENTED":
                s += " (not an ivy worker)"
        ok &= s == "SERVING"
        rows.append([w.name, w.backend, version, w.device, w.address, _metrics(w), pid, python,
                     sock, s])
    print(table(rows, STATUS_HEADER), flush=True)
    if gateway is not None:  # the HTTP gateway of this configuration (docs/service.md)
        gw_ok, line = gateway_process.status_row(gateway, timeout)
        print(line, flush=True)
        ok &= gw_ok
    if not ok:
        print("not all workers are SERVING; start them with `ivy-serve`", file=sys.stderr)
    return EXIT_OK if ok else EXIT_FAILED


def _stop_all(sup: list[Supervised], grace: float) -> None:
    for s in sup:
        s.stop()
    end = time.monotonic() + grace
    for s in sup:
        s.wait(end)


WARM_SERVICE = "ivy.sandboxes"  # the workers' health service while they warm (worker/serve.py)


def wait_warm(sup: list[Supervised], deadline: float, stop: threading.Event) -> None:
    """Wait until every serving worker that warms its sandboxes at start has them ready (its
    health service :data:`WARM_SERVICE` SERVING), at most until ``deadline``; log which and
    how long it took (each worker logs what it warmed)."""
    t0 = time.monotonic()
    pending = {s.spec.name: s for s in sup if s.state == "serving" and s.warm}
    warmed = []
    while pending and not stop.is_set() and time.monotonic() < deadline:
        for name, s in list(pending.items()):
            s.poll()
            st = health(s.spec.address, 2.0, WARM_SERVICE)
            if st == "SERVING":
                warmed.append(name)
            if st != "NOT_SERVING":  # warm, or a worker that does not warm (NOT_FOUND)
                del pending[name]
        if pending:
            stop.wait(0.2)
    took = time.monotonic() - t0
    if pending and not stop.is_set():
        log.warning("sandboxes of %s not warm after %.0f s (--startup-timeout): saying ready "
                    "anyway; their first requests start cold sandboxes", ", ".join(pending),
                    took)
    if warmed:
        log.info("sandboxes warm on %s in %.1f s (--no-warm: do not wait; each worker's line "
                 "says what it warmed)", ", ".join(warmed), took)


def serve(workers: list[config.WorkerSpec], *, startup_timeout: float = 180.0,
          grace: float = 15.0, max_start_failures: int = 3,
          stop_event: threading.Event | None = None, gateway=None,
          config_arg: str | None = None, spare: bool = True, warm: bool = True) -> int:
    if not workers:
        log.error("no workers to start (is any framework installed? see `ivy-serve --help`)")
        return EXIT_FAILED
    # each worker's interpreter (built from its env recipe on first use) and framework version
    env_problems = envs.prepare(workers)
    if env_problems:
        for p in env_problems:
            log.error("%s", p)
        log.error("ivy-serve: nothing started (see docs/deploy.md, 'Workers in their own "
                  "environments')")
        return EXIT_FAILED
    problems = preflight(workers)
    if gateway is not None and (why := port_problem(gateway.host, gateway.port)):
        problems.append(f"gateway port {gateway.port} ({gateway.url}): {why}")
    if problems:
        for p in problems:
            log.error("%s", p)
        log.error("ivy-serve: nothing started. Stop what holds the port(s), or give these workers "
                  "other ports in workers.toml (--config)")
        return EXIT_PORT_IN_USE
    if line := serve_token.prepare(workers, gateway):  # IVY_AUTH_TOKEN, or made; the token file
        log.info("%s", line)
    stop = stop_event or threading.Event()
    if stop_event is None:
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        signal.signal(signal.SIGINT, lambda *_: stop.set())
    # the workers verify a Transpile on the target framework's worker: they need each other
    os.environ.setdefault("IVY_PEERS", config.to_spec(workers))
    # spares only once every worker serves: not competing with the first start for the CPU
    sup = [Supervised(w, spare=False) for w in workers]
    share = memory_share_mb(len(workers))
    log.info("memory: each worker is limited to %s (3/4 of the host's %d MiB / %d workers; "
             "--memory-limit-mb in a worker's args overrides it)",
             f"{share} MiB" if share else "nothing (host memory unknown)",
             limits.host_memory() // 2**20, len(workers))
    for s in sup:
        s.memory_limit_mb = share
        s.warm = warm
        s.max_start_failures = max_start_failures
        s.start()
    deadline = time.monotonic() + startup_timeout
    failure = None
    while not stop.is_set() and time.monotonic() < deadline:
        for s in sup:
            s.poll()
            problem = s.check_serving()
            if problem:
                failure = problem
            elif s.start_failures >= max_start_failures:
                failure = (f"worker {s.spec.name} ({s.spec.address}) exited {s.start_failures} "
                           "times before serving (its stderr is above)")
            if failure:
                break
        if failure or all(s.state == "serving" for s in sup):
            break
        stop.wait(POLL_S)
    if failure:
        log.error("ivy-serve: %s; stopping all workers", failure)
        _stop_all(sup, grace)
        return EXIT_FAILED
    if warm and not stop.is_set():  # "ready" means a first conversion finds warm sandboxes
        wait_warm(sup, max(deadline, time.monotonic() + 30), stop)
    for s in sup:
        s.max_start_failures = None  # from now on: retry with back-off, one line per failure
        s.use_spare = spare
    pending = [s.spec.name for s in sup if s.state != "serving"]
    if pending and not stop.is_set():
        log.error("workers not SERVING after %.0f s: %s (still trying)", startup_timeout,
                  ", ".join(pending))
    rows = [[s.spec.name, s.spec.backend, s.spec.version or "-", s.spec.device, s.spec.address,
             _metrics(s.spec), str(s.proc.pid) if s.state == "serving" else "-",
             envs.describe(s.spec), "SERVING" if s.state == "serving" else "starting"]
            for s in sup]
    print(table(rows, HEADER), flush=True)
    log.info("ivy-serve: %d of %d workers up; Ctrl-C stops them", len(sup) - len(pending),
             len(sup))
    gw = None
    if gateway is not None and not stop.is_set():
        gw = gateway_process.GatewayProcess(gateway, config_arg)
        gw.start()
        log.info("gateway %s (pid %d): %s", gateway.url, gw.proc.pid,
                 "SERVING" if gw.wait_serving() else "not serving yet")
        print(serve_token.playground_line(gateway.url), flush=True)
    while not stop.is_set():
        for s in sup:
            s.poll()
            problem = s.check_serving()
            if problem:
                log.error("%s", problem)
        if gw is not None:
            gw.poll()
        stop.wait(POLL_S)
    if gw is not None:
        gw.stop()
        gw.wait(time.monotonic() + grace)
    log.info("stopping %d workers (grace %.0f s)", len(sup), grace)
    _stop_all(sup, grace)
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------

_CONFIG_HELP = ("the workers to run: a workers.toml file, or 'backend[@device]=host:port,...' "
                "(default: $IVY_WORKERS, else ./workers.toml, else one CPU worker per installed "
                "framework: numpy :50051, torch :50052, jax :50053, tensorflow :50054, metrics "
                "9101-9104)")
_EPILOG = """\
commands:
  serve    (the default) check the ports, start every worker, wait until each serves, print
           the table and supervise them until Ctrl-C/SIGTERM
  status   print each configured worker's health, pid and address; exit 1 unless all SERVING

exit status: 0 stopped cleanly / all SERVING; 1 a worker failed to start (or status: not all
SERVING); 2 a configured port is taken (nothing was started).
environment: IVY_WORKERS (as --config), IVY_LOG_LEVEL (as --log-level), IVY_AUTH_TOKEN (the
token; unset, serve generates one when a worker or the gateway wants it, or reuses the token
file's). serve writes the token to the token file (IVY_TOKEN_FILE, else ~/.config/ivy/token,
0600), which clients and `ivy-serve status` read when IVY_AUTH_TOKEN is unset.
See docs/rpc.md ("Launcher")."""


def _fill(text: str) -> str:
    return textwrap.fill(text, 79)


def _serve_options(p: argparse.ArgumentParser, defaults: bool) -> None:
    d = (lambda v: v) if defaults else (lambda v: argparse.SUPPRESS)
    p.add_argument("--config", metavar="PATH_OR_SPEC", default=d(None), help=_CONFIG_HELP)
    p.add_argument("--startup-timeout", type=float, metavar="S", default=d(180.0),
                   help="seconds to wait for every worker to serve before printing the table "
                   "anyway (default: 180)")
    p.add_argument("--grace-s", type=float, metavar="S", default=d(15.0),
                   help="on Ctrl-C/SIGTERM, seconds the workers get to finish in-flight calls "
                   "before SIGKILL (default: 15)")
    p.add_argument("--max-start-failures", type=int, metavar="N", default=d(3),
                   help="give up (stop everything, exit 1) when one worker exits this many times "
                   "in a row before serving during startup (default: 3)")
    p.add_argument("--no-spare", dest="spare", action="store_false", default=d(True),
                   help="keep no pre-started spare per worker (default: one each, imported and "
                   "warmed up, so a restart takes tens of ms instead of a cold start; costs a "
                   "second process's memory per worker)")
    p.add_argument("--no-warm", dest="warm", action="store_false", default=d(True),
                   help="say ready once the workers serve, without waiting for the sandboxes of "
                   "the workers that run code to be started and warm (default: each such worker "
                   "warms one transpiling from its framework to its own and its peers' "
                   "frameworks and one running code emitted for it, and the launcher waits for "
                   "them within the start-up timeout, so the first conversion after ready takes "
                   "about as long as any other; without waiting, the start is shorter and the "
                   "first conversion of each kind pays seconds of imports)")
    p.add_argument("--log-level", metavar="LEVEL",
                   default=d(os.environ.get("IVY_LOG_LEVEL", "INFO")),
                   help="the launcher's log level: DEBUG, INFO, WARNING, ERROR (default: "
                   "$IVY_LOG_LEVEL, else INFO)")


def parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    p = argparse.ArgumentParser(
        prog="ivy-serve", formatter_class=fmt, epilog=_EPILOG,
        description=_fill("Start and supervise the Ivy workers of workers.toml (one gRPC worker "
        "process per backend x device), or report their status."))
    _serve_options(p, True)
    sub = p.add_subparsers(dest="command", metavar="{serve,status}",
                           help="what to do (default: serve)")
    ps = sub.add_parser(
        "serve", formatter_class=fmt, help="start and supervise the workers (the default)",
        description=_fill("Check that every configured port is free, start each worker, wait "
                          "until each serves (health SERVING and Info answering with the spawned "
                          "pid), print the table, restart workers that die (at once, then with "
                          "back-off 1, 2, 4 ... 30 s) and stop them all on Ctrl-C/SIGTERM. Exit "
                          "status: 0 stopped cleanly, 1 a worker failed to start, 2 a port is "
                          "taken."))
    _serve_options(ps, False)
    pt = sub.add_parser("status", formatter_class=fmt, help="health, pid and address of each "
                        "configured worker", description=_fill("Print each configured worker's "
                        "health (SERVING, NOT_SERVING, UNREACHABLE), pid and address. Exit "
                        "status 0 if all are SERVING, else 1."))
    pt.add_argument("--config", metavar="PATH_OR_SPEC", default=argparse.SUPPRESS,
                    help=_CONFIG_HELP.replace("the workers to run", "the workers to check"))
    pt.add_argument("--timeout", type=float, metavar="S", default=2.0,
                    help="seconds to wait for each worker's answer (default: 2)")
    return p


def main(argv=None) -> int:
    a = parser().parse_args(argv)
    logging.basicConfig(level=str(a.log_level).upper(),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    try:
        workers = config.resolve(a.config)
    except (OSError, ValueError) as e:
        log.error("ivy-serve: bad worker configuration: %s", e)
        return EXIT_FAILED
    try:
        gateway = config.resolve_gateway(a.config)
    except (OSError, ValueError) as e:
        log.error("ivy-serve: bad [gateway] configuration: %s", e)
        return EXIT_FAILED
    if a.command == "status":
        return status(workers, a.timeout, gateway)
    return serve(workers, startup_timeout=a.startup_timeout, grace=a.grace_s,
                 max_start_failures=a.max_start_failures, gateway=gateway,
                 config_arg=a.config, spare=a.spare, warm=a.warm)


if __name__ == "__main__":
    sys.exit(main())
