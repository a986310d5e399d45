#!/usr/bin/env python3
"""Health probe for a worker container: exit 0 iff grpc.health.v1 answers SERVING.

    python docker/healthcheck.py [--port 50051] [--host 127.0.0.1] [--service NAME] [--timeout 3]

With no --port, the port, host and auth-token variable are read from the running worker's own
command line (/proc/<pid>/cmdline of the `ivy_server.worker` process; --pid picks one), so the
image's HEALTHCHECK stays right whatever `--port` a `docker run` or compose `command:` passes.
Sends `authorization: Bearer <token>` when the worker's token variable is set in the environment.
Exit codes: 0 SERVING, 1 anything else (NOT_SERVING, unreachable, timeout), as HEALTHCHECK expects.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

WORKER_MARKERS = ("ivy_server.worker", "ivy-worker")


def _flag(argv: list[str], name: str) -> str | None:
    """The value of `--name VALUE` or `--name=VALUE` in argv (the last one wins, as in argparse)."""
    value = None
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(name + "="):
            value = arg.split("=", 1)[1]
    return value


def _cmdline(pid: int | str) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [a.decode(errors="replace") for a in raw.split(b"\0") if a]


def _is_worker(argv: list[str]) -> bool:
    return any(m in a for a in argv[:3] for m in WORKER_MARKERS)


def worker_argv(pid: int | None = None) -> list[str]:
    """Command line of the worker process: `pid`, else PID 1, else the lowest-numbered worker."""
    if pid is not None:
        return _cmdline(pid)
    first = _cmdline(1)
    if _is_worker(first):
        return first
    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit()) if os.path.isdir("/proc") else []
    for p in pids:
        argv = _cmdline(p)
        if _is_worker(argv):
            return argv
    return []


def target(args: argparse.Namespace) -> tuple[str, str | None]:
    """(host:port to probe, name of the auth-token environment variable or None)."""
    argv = [] if args.port else worker_argv(args.pid)
    port = args.port or _flag(argv, "--port") or "50051"
    host = args.host or _flag(argv, "--host") or "127.0.0.1"
    if host in ("0.0.0.0", "::", "[::]", ""):
        host = "127.0.0.1"  # the worker listens on every interface; ask it on loopback
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    token_env = args.token_env or _flag(argv, "--auth-token-env") or "IVY_AUTH_TOKEN"
    return f"{host}:{port}", token_env


def check(address: str, service: str = "", timeout: float = 3.0, token: str | None = None) -> str:
    """The health status name the worker reports for `service` (raises grpc.RpcError)."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    metadata = (("authorization", f"Bearer {token}"),) if token else None
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        resp = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout,
                          metadata=metadata)
    return health_pb2.HealthCheckResponse.ServingStatus.Name(resp.status)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="grpc.health.v1 probe for an Ivy worker")
    ap.add_argument("--port", help="worker port (default: from the worker's command line)")
    ap.add_argument("--host", help="worker host (default: from its --host; 0.0.0.0 -> 127.0.0.1)")
    ap.add_argument("--service", default="", help='health service name (default "": the server)')
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--pid", type=int, help="read the worker's flags from this process")
    ap.add_argument("--token-env", help="environment variable holding the bearer token")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    address, token_env = target(args)
    token = os.environ.get(token_env) if token_env else None
    try:
        status = check(address, args.service, args.timeout, token or None)
    except Exception as e:  # unreachable, deadline, UNAUTHENTICATED...: all mean "unhealthy"
        code = getattr(e, "code", None)
        detail = code().name if callable(code) else type(e).__name__
        if not args.quiet:
            print(f"{address} unhealthy: {detail}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"{address} {status}")
    return 0 if status == "SERVING" else 1


if __name__ == "__main__":
    raise SystemExit(main())
