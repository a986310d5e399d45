"""Issue 37, item 4: ``ivy-serve`` said ready while no sandbox was started, and the first
conversion then paid seconds of framework imports (24 s on a loaded machine, `warm_sandbox:
false`). Now each worker that runs code warms its sandboxes at start (one transpiling from its
framework to itself and its peers' frameworks, one running code emitted for it), ivy-serve waits
for them before its table, logs what was warmed and how long it took, and the first request
after ready finds a warm sandbox. ``--no-warm`` (a user-facing option, used by the other service
tests to keep their start-ups short) says ready without waiting.

Real ``ivy-serve`` processes with one NumPy worker (the cheapest framework to import), real gRPC.
"""

from __future__ import annotations

import subprocess
import sys
import time

import ivy_client
import numpy as np
import pytest

from .conftest import ROOT, SECURE, TOKEN, env, free_port, stop

FN = "import numpy as np\n\ndef f(x):\n    return np.tanh(x) * 2\n"
READY = "ivy-serve: 1 of 1 workers up"


def start(tmp, *flags: str):
    port = free_port()
    args = ", ".join(f'"{f}"' for f in (*SECURE, "--sandbox-warm", "2"))
    cfg = tmp / f"workers-{port}.toml"
    cfg.write_text(f'[[worker]]\nbackend = "numpy"\nport = {port}\nargs = [{args}]\n')
    log_path = tmp / f"ivy-serve-{port}.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "ivy_server.launcher", "--config",
                                 str(cfg), "--no-spare", *flags], env=env(), cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT)
    end = time.monotonic() + 300
    while READY not in log_path.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() > end:
            stop(proc)
            raise AssertionError(log_path.read_text()[-4000:])
        time.sleep(0.05)
    return proc, f"127.0.0.1:{port}", log_path


def first_transpile(address: str):
    with ivy_client.Client(f"numpy={address}", token=TOKEN) as c:
        t0 = time.monotonic()
        r = c.transpile(FN, "f", np.linspace(-1, 1, 5, dtype=np.float32), source="numpy",
                        target="numpy", timeout=120)
        return r, time.monotonic() - t0


@pytest.mark.parametrize("warm", [True, False], ids=["warm", "no-warm"])
def test_ready_means_the_first_request_finds_a_warm_sandbox(module_tmp, warm):
    proc, address, log_path = start(module_tmp, *([] if warm else ["--no-warm"]))
    try:
        at_ready = log_path.read_text(errors="replace")
        r, took = first_transpile(address)
    finally:
        stop(proc, 60)
    assert r.verified is True, r.report
    timings = r.report["timings"]
    if warm:
        # before the table: the worker's line (what, how long) and the launcher's
        assert "sandboxes warm in" in at_ready and "transpile numpy -> numpy" in at_ready and \
            "run numpy -> numpy" in at_ready, at_ready[-3000:]
        assert at_ready.index("sandboxes warm on numpy") < at_ready.index(READY), at_ready
        assert timings["warm_sandbox"] is True, timings
    else:
        assert "sandboxes warm" not in at_ready, at_ready[-3000:]
        assert timings["warm_sandbox"] is False, timings
    print(f"first request after ready ({'warm' if warm else '--no-warm'}): {took:.2f} s, "
          f"sandbox {timings['sandbox_s']:.2f} s")
