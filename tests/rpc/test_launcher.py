"""ivy-serve: starts the workers of a workers.toml, restarts one killed with SIGKILL, reports
status, stops everything on SIGTERM, and documents every option in --help.

(Taken ports, workers that cannot start and the pid check: tests/security/test_launcher_client.py.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import ivy_client
import numpy as np
import pytest

from .conftest import ROOT, env, free_port, health


def _retry(fn, seconds: float):
    end = time.monotonic() + seconds
    while True:
        try:
            return fn()
        except ivy_client.Unavailable:
            if time.monotonic() > end:
                raise
            time.sleep(0.3)


@pytest.fixture()
def launched(tmp_path):
    port, mport = free_port(), free_port()
    cfg = tmp_path / "workers.toml"
    cfg.write_text(f'[[worker]]\nname = "np"\nbackend = "numpy"\ndevice = "cpu"\n'
                   f'host = "127.0.0.1"\nport = {port}\nmetrics_port = {mport}\n')
    log = open(tmp_path / "launcher.log", "w+")
    proc = subprocess.Popen([sys.executable, "-m", "ivy_server.launcher", "--config", str(cfg)],
                            env=env(), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        end = time.monotonic() + 120
        # up for the launcher too (it checked the worker's pid), not only answering health
        while (health(f"127.0.0.1:{port}") != "SERVING"
               or "workers up" not in (tmp_path / "launcher.log").read_text()):
            assert proc.poll() is None, (tmp_path / "launcher.log").read_text()
            assert time.monotonic() < end, "worker never became SERVING"
            time.sleep(0.3)
        yield proc, cfg, f"127.0.0.1:{port}", tmp_path / "launcher.log"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()


def test_kill_9_restarts_and_retry_succeeds(launched):
    proc, cfg, address, logfile = launched
    with ivy_client.Client(f"numpy={address}") as c:
        pid = c.info()["pid"]
        assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
        os.kill(pid, signal.SIGKILL)
        r = _retry(lambda: c.call("add", np.ones(2), 2.0, timeout=5), 90)
        assert r.tolist() == [3.0, 3.0]
        assert _retry(lambda: c.info()["pid"], 30) != pid
    text = logfile.read_text()
    assert "restarting" in text and "exited with code -9" in text
    assert "serving again" in text  # the launcher saw the new process (its pid) serve
    assert "Traceback" not in text
    out = subprocess.run([sys.executable, "-m", "ivy_server.launcher", "status", "--config",
                          str(cfg)], env=env(), capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and "SERVING" in out.stdout and address in out.stdout


def test_sigterm_stops_everything(launched):
    proc, cfg, address, logfile = launched
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    assert health(address) in ("UNAVAILABLE", "DEADLINE_EXCEEDED")
    text = logfile.read_text()
    assert "backend" in text  # the address table was printed
    assert "1 of 1 workers up" in text


def test_worker_sigterm_finishes_in_flight_calls():
    import threading
    import urllib.request

    from .conftest import WorkerProc

    w = WorkerProc("numpy", "--grace-s", "90", metrics=True).wait_ready()

    def running() -> float:
        text = urllib.request.urlopen(f"http://127.0.0.1:{w.metrics_port}/metrics",
                                      timeout=5).read().decode()
        line = next(x for x in text.splitlines() if x.startswith("ivy_calls_running "))
        return float(line.split()[1])

    try:
        result: dict = {}
        a = np.eye(1400) * 0.5

        def slow_call():
            with ivy_client.Client(f"numpy={w.address}") as c:
                try:
                    # a few seconds of work, in flight when SIGTERM arrives
                    result["value"] = c.call("linalg.matrix_power", a, 2**16 - 1, timeout=120)
                    result["done"] = time.monotonic()
                except Exception as e:  # noqa: BLE001
                    result["error"] = e

        t = threading.Thread(target=slow_call)
        t.start()
        # SIGTERM only once the worker is computing the call (on a loaded machine the 15 MB
        # request can still be on the wire after a fixed sleep: the worker then refuses it)
        end = time.monotonic() + 60
        while running() < 1:
            assert t.is_alive() and time.monotonic() < end, result
            time.sleep(0.05)
        sent = time.monotonic()
        w.proc.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        # NOT_SERVING (or already gone) right away, while the call is still finishing
        assert health(w.address) in ("NOT_SERVING", "UNAVAILABLE")
        t.join(120)
        assert "error" not in result, result.get("error")
        assert result["value"].shape == (1400, 1400)
        assert result["done"] > sent, "the call was not in flight at SIGTERM: make it longer"
        assert w.proc.wait(30) == 0
        assert "finishing in-flight calls" in w.logs()
    finally:
        w.stop()


def test_aio_server_kind():
    from .conftest import TOKEN, WorkerProc

    w = WorkerProc("numpy", "--server-kind", "aio", "--auth-token-env", "IVY_AUTH_TOKEN")
    w.wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}", token=TOKEN) as c:
            assert c.info()["server_kind"] == "aio"
            assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
            with pytest.raises(ivy_client.NotFound, match="did you mean") as e:
                c.call("ad", 1, 2, request_id="rid-aio-7")
            # failures go through the accounting both server kinds share: the request id comes
            # back as trailing metadata, as from the threads kind (test_request_id_reaches_the_logs)
            assert e.value.request_id == "rid-aio-7"
            h = c.call("ones", (3,), keep=True)
            assert h.fetch().tolist() == [1.0, 1.0, 1.0] and h.release()
        with ivy_client.Client(f"numpy={w.address}", token="wrong") as c:
            with pytest.raises(ivy_client.Unauthenticated):
                c.call("add", 1, 2)
        w.proc.send_signal(signal.SIGTERM)
        assert w.proc.wait(30) == 0
    finally:
        w.stop()


def _help(*args) -> str:
    out = subprocess.run([sys.executable, "-m", "ivy_server.launcher", *args, "--help"], env=env(),
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_help_documents_every_option_and_command_with_defaults():
    from ivy_server import launcher

    p = launcher.parser()
    sub = next(a for a in p._actions if a.__class__.__name__ == "_SubParsersAction")
    assert set(sub.choices) == {"serve", "status"}
    top = _help()
    for name in ("serve", "status"):
        assert name in top
    for args, parser in [((), p), (("serve",), sub.choices["serve"]),
                         (("status",), sub.choices["status"])]:
        text = " ".join(_help(*args).split())  # argparse wraps lines
        for action in parser._actions:
            if not action.option_strings or "-h" in action.option_strings:
                continue
            assert action.option_strings[0] in text, (args, action.option_strings)
            assert action.help and "default" in action.help, (args, action.option_strings)
            assert " ".join(action.help.split()) in text
    assert "exit status" in top and "IVY_WORKERS" in top
