"""The gateway as a child of ``ivy-serve`` (a :class:`~ivy_server.supervisor.Supervisor`):
start it, check it over HTTP, restart it when it dies, stop it, and report it in
``ivy-serve status``. Standard library only (no web framework is imported into the
launcher)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request

from ivy_client import config

from ..supervisor import Supervisor

log = logging.getLogger("ivy_server.launcher")


def health(spec: config.GatewaySpec, timeout: float = 2.0) -> tuple[str, dict | None]:
    """("SERVING", body) when GET /v1/health answers 200, else (what happened, None)."""
    try:
        with urllib.request.urlopen(spec.url + "/v1/health", timeout=timeout) as r:
            body = json.loads(r.read(1 << 20) or b"{}")
            return ("SERVING" if r.status == 200 else f"HTTP {r.status}"), body
    except urllib.error.HTTPError as e:
        return f"HTTP {e.code}", None
    except (OSError, ValueError):
        return "UNREACHABLE", None


def command(spec: config.GatewaySpec, config_arg: str | None) -> list[str]:
    cmd = [sys.executable, "-m", "ivy_server.gateway", "--host", spec.host, "--port",
           str(spec.port), "--max-body-mb", str(spec.max_body_mb),
           "--max-response-mb", str(spec.max_response_mb), "--max-concurrency",
           str(spec.max_concurrency), "--max-in-flight", str(spec.max_in_flight),
           "--max-queue", str(spec.max_queue), "--queue-timeout-s", str(spec.queue_timeout_s),
           "--timeout-s", str(spec.timeout_s), "--header-timeout-s", str(spec.header_timeout_s),
           "--body-timeout-s", str(spec.body_timeout_s)]
    if config_arg:
        cmd += ["--config", config_arg]
    if spec.auth_token_env:
        cmd += ["--auth-token-env", spec.auth_token_env]
    return cmd + [str(a) for a in spec.args]


class GatewayProcess(Supervisor):
    """The supervised gateway: restarted with back-off 1, 2, 4 ... 30 s when it exits."""

    def __init__(self, spec: config.GatewaySpec, config_arg: str | None):
        super().__init__("the gateway")
        self.spec, self.config_arg = spec, config_arg
        self.stopped = False

    def start(self) -> None:
        self.proc = self.spawn(command(self.spec, self.config_arg), stdin=subprocess.DEVNULL)

    def wait_serving(self, timeout: float = 60.0) -> bool:
        return self.wait_ready(lambda: health(self.spec, 1.0)[0] == "SERVING", timeout)

    def poll(self) -> None:
        if self.stopped or self.proc is None:
            return
        now = time.monotonic()
        rc = self.proc.poll()
        if rc is None:
            return
        if self.next_start == 0.0:
            log.warning("gateway (%s) exited with code %s; restarting in %.0f s", self.spec.url,
                        rc, self.backoff)
            self.schedule_restart(now)
        if self.restart_due(now):
            self.count_restart()
            self.next_start = 0.0
            log.warning("restarting the gateway (restart %d)", self.restarts)
            self.start()

    def stop(self) -> None:
        self.stopped = True
        super().stop()


def status_row(spec: config.GatewaySpec, timeout: float = 2.0) -> tuple[bool, str]:
    """(serving?, one line for ``ivy-serve status``)."""
    state, body = health(spec, timeout)
    pid = (body or {}).get("gateway", {}).get("pid", "-")
    return state == "SERVING", f"gateway  {spec.url}  pid {pid}  {state}"
