"""One supervised child process: started with this checkout's packages on its path, restarted
with back-off when it exits, waited for until it is ready, and stopped (SIGTERM, then SIGKILL
after the grace period). ``ivy-serve`` supervises its workers (``launcher.Supervised``: readiness
over gRPC, spares) and the HTTP gateway (``gateway.process.GatewayProcess``: readiness over
HTTP) with it. Standard library only."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable

log = logging.getLogger("ivy_server.launcher")

MAX_BACKOFF_S = 30.0  # restarts: at once, then after 1, 2, 4 ... 30 s


def child_env() -> dict:
    """The environment of a supervised process: ours, with this checkout's packages (the
    repository root, ``client/`` and ``server/``) first on ``PYTHONPATH``."""
    env = dict(os.environ)
    server = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    root = os.path.dirname(server)
    extra = [p for p in (root, os.path.join(root, "client"), server) if os.path.isdir(p)]
    env["PYTHONPATH"] = os.pathsep.join(extra + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


class Supervisor:
    """A child process (``proc``) and its restart schedule.

    ``what`` names it in log lines ("worker cpu0", "the gateway"). The restart schedule is the
    caller's to drive from its polling loop: :meth:`schedule_restart` when it noticed an exit
    (due ``backoff`` seconds later), :meth:`restart_due`, and :meth:`count_restart` when it
    restarts (the first restart is immediate, then 1, 2, 4 ... ``max_backoff`` s;
    :meth:`reset_backoff` after a healthy stretch).
    """

    def __init__(self, what: str, *, max_backoff: float = MAX_BACKOFF_S):
        self.what = what
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self.backoff = 0.0
        self.next_start = 0.0
        self.max_backoff = max_backoff

    # -- starting -------------------------------------------------------------------------------
    @staticmethod
    def spawn(cmd: list[str], **popen_kwargs) -> subprocess.Popen:
        """Start ``cmd`` with :func:`child_env` (``popen_kwargs``: stdin, stderr, ...)."""
        return subprocess.Popen(cmd, env=child_env(), **popen_kwargs)

    def wait_ready(self, ready: Callable[[], bool], timeout: float,
                   interval: float = 0.2) -> bool:
        """Poll ``ready()`` until it is true (True), the process exits or ``timeout`` passes
        (False)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc is None or self.proc.poll() is not None:
                return False
            if ready():
                return True
            time.sleep(interval)
        return False

    # -- restarting -----------------------------------------------------------------------------
    def schedule_restart(self, now: float) -> None:
        """The process exited (noticed at ``now``): the restart is due after the back-off."""
        self.next_start = now + self.backoff

    def restart_due(self, now: float) -> bool:
        return now >= self.next_start

    def count_restart(self) -> None:
        """A restart happens now: count it and grow the back-off for the next one."""
        self.restarts += 1
        self.backoff = min(max(self.backoff * 2, 1.0), self.max_backoff)

    def reset_backoff(self) -> None:
        self.backoff = 0.0

    # -- stopping -------------------------------------------------------------------------------
    def stop(self) -> None:
        """Ask the process to stop (SIGTERM: a worker finishes its in-flight calls)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)

    def wait(self, deadline: float) -> None:
        """Wait for the stopped process until ``deadline`` (monotonic), then SIGKILL it."""
        if self.proc is None:
            return
        try:
            self.proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            log.warning("%s did not stop within the grace period: SIGKILL", self.what)
            self.proc.kill()
            self.proc.wait()
