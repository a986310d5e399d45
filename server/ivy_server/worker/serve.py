"""``ivy-worker``: the command line, the two gRPC server kinds (threads, grpc.aio), signals and
the graceful shutdown, and the launcher's pre-started spare (``--spare``).

    ivy-worker --backend jax --device cpu --host 127.0.0.1 --port 50053 --metrics-port 9103
    python -m ivy_server.worker --backend torch --device gpu:0 --port 50052
"""

from __future__ import annotations

import argparse
import atexit
import faulthandler
import logging
import os
import signal
import sys
import threading
import time
import warnings
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from ivy_client.proto import SERVICE_NAME
from ivy_client.token_file import parse_tokens

from ivy.functional.backends import BACKEND_NAMES as BACKENDS

from .. import errors, limits, metrics
from .auth import AioAuthInterceptor, AuthInterceptor
from .handlers import method_handlers
from .memory import configure_malloc
from .service import Worker
from .transport import DEFAULT_UDS, bind_uds, unlink_uds

log = logging.getLogger("ivy_server.worker")


SPARE_THREADS = 8  # threads computing calls never take: health, Info, Release, refusals
#: the health service that is NOT_SERVING while --sandbox-warm-at-start warms the sandboxes and
#: SERVING once they are ready (or given up on); ivy-serve waits for it before saying ready
WARM_SERVICE = "ivy.sandboxes"
#: the default --sandbox-wall-s is the CPU-time limit plus this: a sandbox that sleeps (or waits)
#: ends a few seconds after one that computes would have (its imports are not counted)
WALL_OVER_CPU_S = 5.0


def build_server(worker: Worker, *, host: str, port: int, threads: int,
                 auth_token=None, max_queue: int | None = None, uds: str | None = None):
    """A ``grpc.Server`` (not yet started), its health servicer and the bound port.

    Threads: ``threads`` compute (the gate's slots), ``max_queue`` more may wait for a slot, and
    ``SPARE_THREADS`` beyond both are never taken by computing calls — they answer health checks,
    Info, Release and the refusals of the admission gate while the worker is saturated.
    """
    queue = worker.gate.queue if max_queue is None else max_queue
    pool = threads + queue + SPARE_THREADS
    interceptors = [AuthInterceptor(auth_token)] if auth_token else []
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=pool, thread_name_prefix="ivy-rpc"),
                         options=_options(worker), interceptors=interceptors,
                         maximum_concurrent_rpcs=max(256, 4 * pool))
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    bound = _add_services(server, worker, "threads", health_servicer, host, port, uds)
    return server, health_servicer, bound


def _options(worker: Worker) -> list:
    """The gRPC server options of either kind: the message limits, no SO_REUSEPORT."""
    return [("grpc.max_send_message_length", worker.max_message_bytes),
            ("grpc.max_receive_message_length", worker.max_message_bytes),
            ("grpc.so_reuseport", 0)]


def _add_services(server, worker: Worker, kind: str, health_servicer, host: str, port: int,
                  uds: str | None) -> int:
    """Add the worker service (handlers of ``kind``), health and reflection to ``server``;
    listen on ``host:port`` and the Unix socket ``uds``. The bound TCP port."""
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(
        SERVICE_NAME, method_handlers(worker, kind))])
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    bind_uds(server, worker, uds, bound)
    return bound


_SERVING: Worker | None = None  # the worker this process serves (to remove its socket at exit)
_LIMIT: limits.Enforcement | None = None  # the OS memory limit in force (released at exit)


def _flush_and_exit(code: int) -> None:
    """Leave now, even with computations still running on threads that cannot be stopped
    (their clients see UNAVAILABLE when the connection drops)."""
    if _SERVING is not None:
        unlink_uds(_SERVING)
    if _LIMIT is not None:
        _LIMIT.release()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    os._exit(code)


def _watchdog(seconds: float) -> None:
    """Exit the process ``seconds`` from now whatever the shutdown is doing (a daemon thread)."""
    def run():
        time.sleep(seconds)
        log.warning("shutdown took longer than the grace period: exiting now")
        _flush_and_exit(0)

    threading.Thread(target=run, name="ivy-shutdown-watchdog", daemon=True).start()


async def serve_aio(worker: Worker, *, host: str, port: int, auth_token=None,
                    grace: float, uds: str | None = None) -> int:
    """Serve with a grpc.aio server (``--server-kind aio``; handlers run on the event loop)."""
    import asyncio

    from grpc_health.v1.health import aio as health_aio

    worker.server_kind = "aio"
    worker.address = f"{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}"
    server = grpc.aio.server(options=_options(worker), interceptors=[
        AioAuthInterceptor(auth_token)] if auth_token else None)
    health_servicer = health_aio.HealthServicer()
    bound = _add_services(server, worker, "aio", health_servicer, host, port, uds)
    stop = asyncio.Event()  # handlers installed before SERVING (see stop_on_signals)
    loop = asyncio.get_running_loop()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await server.start()
    if _warms(worker):
        await health_servicer.set(WARM_SERVICE, health_pb2.HealthCheckResponse.NOT_SERVING)
        _start_warming(worker, lambda st: asyncio.run_coroutine_threadsafe(
            health_servicer.set(WARM_SERVICE, st), loop))
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d%s (pid %d, grpc.aio)", worker.backend, worker.device, host,
             bound, f" and unix:{worker.uds_path}" if worker.uds_path else "", os.getpid())
    await stop.wait()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", grace)
    _watchdog(grace + 1.5)
    worker.gate.close()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    await server.stop(grace)
    unlink_uds(worker)
    log.info("stopped")
    return 0


def stop_on_signals() -> threading.Event:
    """The event SIGTERM/SIGINT set (a second signal exits at once), installed before the worker
    says SERVING: a signal from then on starts the drain, never the default action. Both are
    unblocked first: a process inherits its parent's blocked-signal mask, and a worker started
    with SIGTERM blocked would otherwise never see it (every thread it starts inherits the mask)."""
    stop = threading.Event()

    def on_signal(signum, frame):
        if stop.is_set():
            log.warning("second signal: exiting now")
            _flush_and_exit(1)
        stop.set()

    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if blocked & {signal.SIGTERM, signal.SIGINT}:
        log.warning("the parent process started this worker with %s blocked: unblocked",
                    ", ".join(sorted(s.name for s in blocked & {signal.SIGTERM, signal.SIGINT})))
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return stop


def serve_threads(worker: Worker, server, health_servicer, grace: float,
                  stop: threading.Event) -> int:
    """Serve until ``stop`` is set (:func:`stop_on_signals`), then shut down within ``grace``
    (+ a small bound).

    Shutdown: health answers NOT_SERVING (the server still answers), new and queued computing
    calls get UNAVAILABLE, calls already running get up to ``grace`` seconds to finish; then the
    server stops. Computations still running then cannot be interrupted (Python threads), so the
    process leaves with ``os._exit`` after flushing its logs: their clients see UNAVAILABLE. A
    second signal exits at once; a watchdog exits at grace + 1.5 s whatever happens.
    """
    stop.wait()
    t0 = time.monotonic()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", grace)
    _watchdog(grace + 1.5)
    _set_health(health_servicer, health_pb2.HealthCheckResponse.NOT_SERVING)
    worker.gate.close()
    while worker.gate.active and time.monotonic() - t0 < grace:
        time.sleep(0.02)
    left = worker.gate.active
    if left:
        log.warning("grace period (%.1fs) over with %d calls still running: exiting without "
                    "them (their clients get UNAVAILABLE)", grace, left)
        _flush_and_exit(0)
    # every handler has returned; give the last responses the rest of the grace to be sent
    remaining = max(0.2, grace - (time.monotonic() - t0))
    server.stop(remaining).wait(remaining + 0.5)
    unlink_uds(worker)
    log.info("stopped")
    return 0


def _set_health(health_servicer, status) -> None:
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, status)


def _freeze_startup_objects() -> None:
    """Move everything alive after start-up (ivy, the backend framework, the warm-up call:
    tens of thousands of objects) to the collector's permanent generation: the cyclic garbage
    collector, which runs every few hundred allocations, then only looks at objects the
    requests make. A full collection of the start-up heap took ~58 ms (numpy worker), paid by
    whichever call triggered it."""
    import gc

    gc.collect()
    gc.freeze()


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="ivy-worker", description="Serve Ivy over gRPC with one "
                                "backend on one device.")
    p.add_argument("--backend", required=True, choices=BACKENDS)
    p.add_argument("--device", default="cpu", help="cpu or gpu:N (default cpu)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=50051)
    p.add_argument("--metrics-port", type=int, default=None,
                   help="serve Prometheus metrics on this port (default: none)")
    p.add_argument("--auth-token-env", default=None, metavar="VAR",
                   help="require 'authorization: Bearer <token>' with a token read from the "
                   "environment variable VAR (e.g. IVY_AUTH_TOKEN); several tokens separated by "
                   "commas give several tenants, each seeing only its own handles and graphs")
    p.add_argument("--allow-code-execution", action="store_true",
                   help="enable Trace (runs submitted code in a sandbox); needs an auth token")
    p.add_argument("--max-message-mb", type=int, default=1024,
                   help="largest request or response in MiB (default 1024, at most 2047)")
    p.add_argument("--memory-limit-mb", type=int, default=None,
                   help="the whole process's memory, MiB, enforced by the OS: a cgroup of its own "
                   "(cgroup v2 memory.max, else cgroup v1 memory.limit_in_bytes) where the cgroup "
                   "tree is writable, else RLIMIT_DATA (default: half of the host's memory, "
                   "i.e. of MemTotal or of the memory limit of the cgroup the worker is in, "
                   "whichever is smaller; ivy-serve passes 3/4 of it divided by the number of "
                   "workers; 0: no OS limit)")
    p.add_argument("--memory-cap-mb", type=int, default=None,
                   help="cap on one request's arrays, on one call's result (computed from its "
                   "arguments before anything is allocated), and on kept handles + traced "
                   "graphs' constants, MiB; beyond: RESOURCE_EXHAUSTED (default: a quarter of "
                   "--memory-limit-mb, or of its default when that is 0; 0: none)")
    p.add_argument("--threads", type=int, default=16,
                   help="calls computed at once (default 16)")
    p.add_argument("--max-queue", type=int, default=64,
                   help="calls that may wait for a free thread; beyond, RESOURCE_EXHAUSTED "
                   "(default 64)")
    p.add_argument("--queue-timeout-s", type=float, default=30.0,
                   help="the longest a call without a deadline of its own waits for a free "
                   "thread; then RESOURCE_EXHAUSTED with retry advice (default 30; 0: no limit). "
                   "A call with a deadline waits until it")
    p.add_argument("--server-kind", choices=["threads", "aio"], default="threads",
                   help="gRPC thread-pool server (default; measured faster for tiny calls) or "
                   "grpc.aio with handlers on the event loop")
    p.add_argument("--uds", default=DEFAULT_UDS, metavar="PATH",
                   help="also listen on this Unix domain socket ({port} is replaced by the TCP "
                   "port; default /tmp/ivy-{port}.sock; 'none' turns it off). Clients on this "
                   "host use it after checking it is this worker (pid, via Info)")
    p.add_argument("--max-stream-mb", type=int, default=8192,
                   help="largest call streamed in chunks past --max-message-mb (CallStream; "
                        "default 8192, 0 turns streaming off)")
    p.add_argument("--shm", action="store_true",
                   help="accept shared-memory regions of clients on this host (RegisterShm; "
                        "off by default; see docs/rpc.md)")
    p.add_argument("--grace-s", type=float, default=10.0,
                   help="on SIGTERM, wait this long for in-flight calls, then exit (default 10)")
    p.add_argument("--sandbox-cpu-s", type=int, default=20,
                   help="CPU seconds the submitted code of a Trace/Transpile gets in its sandbox "
                   "(beyond the frameworks' imports; past it: INVALID_ARGUMENT, HTTP 422; "
                   "default 20)")
    p.add_argument("--sandbox-wall-s", type=float, default=None,
                   help="wall-clock seconds a sandbox gets once its frameworks are imported "
                   "(past it: DEADLINE_EXCEEDED, HTTP 504; default --sandbox-cpu-s + "
                   f"{WALL_OVER_CPU_S:g})")
    p.add_argument("--sandbox-memory-mb", type=int, default=2048,
                   help="address-space growth the submitted code may make in its sandbox, MiB "
                   "(past it: INVALID_ARGUMENT, HTTP 422; default 2048)")
    p.add_argument("--sandbox-warm", type=int, default=2, metavar="N",
                   help="Transpile: keep a sandbox started ahead (frameworks imported and warm) "
                   "for each of the N most recent kinds of request (default 2; 0: none)")
    p.add_argument("--sandbox-warm-at-start", action="store_true",
                   help="Transpile: start the warm sandboxes at once (one transpiling from this "
                   "framework to every installed target, one running code emitted for it), not "
                   "after the first request; health service 'ivy.sandboxes' is NOT_SERVING "
                   "until they are ready (ivy-serve passes this and waits for it)")
    p.add_argument("--transpile-cache-mb", type=int, default=64,
                   help="Transpile: answers kept for identical requests, MiB (default 64; 0: "
                   "no cache)")
    p.add_argument("--peers", default=os.environ.get("IVY_PEERS") or os.environ.get(
                   "IVY_WORKERS") or None, metavar="PATH_OR_SPEC",
                   help="the other workers (a workers.toml or 'backend[@device]=host:port,...'): "
                   "a Transpile is verified on the target framework's worker when there is one "
                   "(default: $IVY_PEERS, else $IVY_WORKERS; ivy-serve sets IVY_PEERS)")
    p.add_argument("--log-level", default=os.environ.get("IVY_LOG_LEVEL", "INFO"),
                   help="DEBUG logs one line per request (default INFO: errors and lifecycle)")
    p.add_argument("--spare", action="store_true",
                   help="start as ivy-serve's pre-started spare: import and warm up (a CPU "
                   "worker; on other devices import only, the device is set up later), then wait "
                   "for the line 'serve' on stdin before binding the port; exit quietly on "
                   "anything else or end of input")
    return p.parse_args(argv)


SPARE_READY = "spare ready"  # the line ivy-serve's launcher waits for (launcher.py)


def _warms(worker) -> bool:
    return bool(getattr(worker, "warm_at_start", False) and worker.code_execution)


def _start_warming(worker, set_status) -> None:
    """Warm the sandboxes in a thread (requests are served meanwhile, cold); the health service
    WARM_SERVICE turns SERVING when they are ready or given up on (the log says which)."""

    def run():
        try:
            worker.transpiler.warm_at_start()
        finally:
            set_status(health_pb2.HealthCheckResponse.SERVING)
        # stay: bubblewrap's --die-with-parent (PR_SET_PDEATHSIG) kills a sandbox when the
        # *thread* that started it ends, so the thread that started the warm ones must live on
        threading.Event().wait()

    threading.Thread(target=run, name="ivy-sandbox-warm", daemon=True).start()


def _preimport(backend: str) -> None:
    """A spare for a non-CPU device: import Ivy and the framework now, set up nothing on the
    device (which a waiting spare would hold)."""
    import importlib

    import ivy  # noqa: F401

    try:
        importlib.import_module(backend)
    except Exception:  # noqa: BLE001 - the Worker reports it when it is built
        pass


def _wait_as_spare(backend: str, device: str) -> bool:
    """Tell the launcher this spare is ready, then block on stdin until it says ``serve`` (True)
    or closes the pipe / says anything else (False: leave)."""
    log.info("%s (pid %d, %s@%s): waiting for ivy-serve's word to serve", SPARE_READY,
             os.getpid(), backend, device)
    try:
        line = sys.stdin.readline()
    except (OSError, ValueError):
        return False
    return line.strip() == "serve"


def memory_settings(a) -> tuple[limits.Enforcement, int]:
    """Apply the OS memory limit (before the framework is imported, so that it counts) and
    work out the memory cap; both logged. (The enforcement, the cap in bytes.)"""
    global _LIMIT
    limit = limits.default_limit() if a.memory_limit_mb is None else a.memory_limit_mb * 2**20
    if a.memory_cap_mb is not None:
        cap = max(0, a.memory_cap_mb) * 2**20
    else:
        cap = (limit or limits.default_limit()) // 4 // 2**20 * 2**20
    _LIMIT = enforcement = limits.apply(limit)
    atexit.register(enforcement.release)
    if limit and cap > limit:
        log.warning("memory: --memory-cap-mb (%d MiB) is above --memory-limit-mb (%d MiB): a "
                    "result between the two is stopped by the OS, not refused", cap >> 20,
                    limit >> 20)
    if limit and enforcement.mechanism == "none":
        log.warning("memory: no OS limit could be applied here (no writable cgroup, "
                    "RLIMIT_DATA refused); only the memory cap holds requests back")
    log.info("memory: OS limit %s; memory cap %s (--memory-cap-mb: one request's arrays, one "
             "result, kept handles)", enforcement.describe(),
             f"{cap / 2**20:.0f} MiB" if cap else "none")
    return enforcement, cap


def main(argv=None) -> int:
    global _SERVING
    a = parse_args(argv)
    logging.basicConfig(level=a.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s " + f"[{a.backend}@{a.device}"
                        f" :{a.port}] %(message)s")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    warnings.filterwarnings("ignore", message="The given NumPy array is not writable")
    # `kill -USR1 <pid>`: every thread's Python stack to stderr (a stuck worker, diagnosed live)
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    tokens: list[str] = []
    if a.auth_token_env:
        tokens = parse_tokens(os.environ.get(a.auth_token_env))
        if not tokens:
            log.error("--auth-token-env %s: the variable is not set or empty", a.auth_token_env)
            return 2
    if a.allow_code_execution and not tokens:
        log.error("--allow-code-execution needs an auth token (--auth-token-env VAR)")
        return 2
    if a.allow_code_execution:
        # fail closed: no code execution without the OS sandbox (bubblewrap + seccomp)
        from ..sandbox import host as sandbox

        try:
            sandbox.check_isolation()
        except sandbox.SandboxUnavailable as e:
            log.error("--allow-code-execution: %s", e)
            return 2
    max_bytes = min(a.max_message_mb, 2047) * 2**20
    configure_malloc()
    memory_limit, memory_cap = memory_settings(a)
    # a spare waits before it builds the Worker on a device other than the CPU (that would hold
    # device memory while waiting), after it on the CPU (everything but the bind done ahead)
    cpu_spare = a.spare and a.device.strip().lower().startswith("cpu")
    if a.spare and not cpu_spare:
        _preimport(a.backend)
        if not _wait_as_spare(a.backend, a.device):
            return 0
    t_start = time.monotonic()
    try:
        worker = Worker(a.backend, a.device, max_message_bytes=max_bytes,
                        memory_cap_bytes=memory_cap, memory_limit=memory_limit,
                        allow_code_execution=a.allow_code_execution, auth_token=tokens or None,
                        sandbox_limits={"cpu_s": a.sandbox_cpu_s, "wall_s": a.sandbox_wall_s
                                        if a.sandbox_wall_s is not None
                                        else a.sandbox_cpu_s + WALL_OVER_CPU_S,
                                        "memory_mb": a.sandbox_memory_mb},
                        threads=a.threads, max_queue=a.max_queue,
                        queue_timeout_s=a.queue_timeout_s, peers=a.peers,
                        transpile_cache_bytes=a.transpile_cache_mb * 2**20,
                        sandbox_warm=a.sandbox_warm, shm=a.shm,
                        max_stream_bytes=a.max_stream_mb * 2**20)
    except Exception as e:
        log.error("cannot start: %s", errors.message_of(e))
        return 1
    worker.warm_at_start = a.sandbox_warm_at_start
    _freeze_startup_objects()
    if cpu_spare:
        if not _wait_as_spare(a.backend, worker.device):
            return 0
        t_start = time.monotonic()
    worker.trimmer.start()
    if a.metrics_port and a.server_kind == "aio":
        metrics.serve(a.metrics_port, a.host, worker)
    if a.server_kind == "aio":
        import asyncio

        _SERVING = worker
        return asyncio.run(serve_aio(worker, host=a.host, port=a.port, auth_token=tokens or None,
                                     grace=a.grace_s, uds=a.uds))
    server, health_servicer, port = build_server(worker, host=a.host, port=a.port,
                                                 threads=a.threads, auth_token=tokens or None,
                                                 max_queue=a.max_queue, uds=a.uds)
    worker.address = f"{'127.0.0.1' if a.host in ('0.0.0.0', '') else a.host}:{port}"
    _SERVING = worker
    if a.metrics_port:
        metrics.serve(a.metrics_port, a.host, worker)
    stop = stop_on_signals()
    server.start()
    if _warms(worker):
        health_servicer.set(WARM_SERVICE, health_pb2.HealthCheckResponse.NOT_SERVING)
        _start_warming(worker, lambda st: health_servicer.set(WARM_SERVICE, st))
    _set_health(health_servicer, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d%s (pid %d%s)", a.backend, worker.device, a.host, port,
             f" and unix:{worker.uds_path}" if worker.uds_path else "", os.getpid(),
             f", a spare: serving {time.monotonic() - t_start:.2f} s after the word"
             if a.spare else "")
    return serve_threads(worker, server, health_servicer, a.grace_s, stop)

