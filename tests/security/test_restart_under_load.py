"""Issue 33, item 6: a worker killed with kill -9 under load is invisible to callers.

A real ``ivy-serve`` with one NumPy worker on 127.0.0.1; 12 threads share one ``Client`` and make
checked ``add``/``matmul`` calls; the worker is SIGKILLed mid-load. The launcher restarts it from
its pre-started spare (imported and warmed up, waiting on a pipe), and the client sends the calls
that failed with UNAVAILABLE again once the worker is back (docs/rpc.md, "Recovery"): no caller
sees a failure, and a fresh connection is served again within ``RESTART_BOUND_S``.

Before (cold restart, no client retries) the callers saw thousands of UNAVAILABLE (4,165 in one
run of this test with the previous client) and the worker served again only after its whole
Python start-up (4.5-4.7 s under 32-way load on our 2-core machine, 22 s in the report;
docs/benchmarks.md, "Chaos soak").
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import grpc
import ivy_client
import numpy as np
import pytest
from ivy_client.proto import SERVICE_NAME, worker_pb2

from tests.rpc.conftest import ROOT, env, free_port

# A restart from the spare measured 0.1-0.3 s here (kill -9 until a fresh connection gets Info
# from the new pid: the launcher notices the exit within its 0.1 s poll, writes one line to the
# spare, which binds and serves in ~10 ms). 3 s leaves room for a loaded 2-core CI machine (12
# load threads in this process, the launcher and the worker competing for the CPU) and is still
# below a cold start under load (4-5 s measured on the same machine).
RESTART_BOUND_S = 3.0
CALLERS = 12


def _pid(address: str, timeout: float = 0.5) -> int | None:
    with grpc.insecure_channel(address) as ch:
        info = ch.unary_unary(f"/{SERVICE_NAME}/Info", worker_pb2.InfoRequest.SerializeToString,
                              worker_pb2.InfoResponse.FromString)
        try:
            return info(worker_pb2.InfoRequest(brief=True), timeout=timeout).pid
        except grpc.RpcError:
            return None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class Launcher:
    def __init__(self, tmp_path, *args: str):
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        cfg = tmp_path / "workers.toml"
        cfg.write_text(f'[[worker]]\nname = "np"\nbackend = "numpy"\nhost = "127.0.0.1"\n'
                       f'port = {self.port}\nargs = ["--grace-s", "2"]\n')
        self.logfile = tmp_path / "launcher.log"
        self._out = open(self.logfile, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "ivy_server.launcher", "--config",
                                      str(cfg), "--grace-s", "2", *args], env=env(), cwd=ROOT,
                                     stdout=self._out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)

    def log(self) -> str:
        self._out.flush()
        return self.logfile.read_text(errors="replace")

    def wait_for(self, cond, what: str, timeout: float):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                pytest.fail(f"ivy-serve exited ({self.proc.returncode}):\n{self.log()[-4000:]}")
            v = cond()
            if v:
                return v
            time.sleep(0.05)
        pytest.fail(f"timed out after {timeout} s waiting for {what}:\n{self.log()[-4000:]}")

    def close(self) -> int | None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._out.close()
        return self.proc.returncode


@pytest.fixture()
def launcher(tmp_path):
    lw = Launcher(tmp_path)
    yield lw
    lw.close()


def _load(client, stop: threading.Event, seed: int, ok: list, failures: list):
    rng = np.random.default_rng(seed)
    while not stop.is_set():
        x = rng.standard_normal(int(rng.choice([4, 256, 4096])))
        k = float(rng.integers(-9, 9))
        try:
            if rng.random() < 0.7:
                r = client.call("add", x, k, timeout=30)
                good = np.array_equal(r, x + k)
            else:
                a = rng.standard_normal((48, 48))
                r = client.call("matmul", a, a, timeout=30)
                good = np.allclose(r, a @ a)
        except ivy_client.RemoteError as e:
            failures.append(f"{type(e).__name__}: {e}")
            continue
        if not good:
            failures.append("a wrong result")
        ok.append(time.monotonic())


def test_kill_9_under_load_is_invisible_to_callers(launcher):
    lw = launcher
    first = lw.wait_for(lambda: _pid(lw.address), "the worker to serve", 240)
    # the spare is started once the worker serves: the restart under test is the one from it
    spare = int(lw.wait_for(lambda: re.search(r"spare ready, pid (\d+)", lw.log()),
                            "the launcher's spare to be ready", 120).group(1))
    assert spare != first and _alive(spare)
    client = ivy_client.Client(f"numpy={lw.address}")
    stop = threading.Event()
    ok: list = []
    failures: list = []
    threads = [threading.Thread(target=_load, args=(client, stop, i, ok, failures), daemon=True)
               for i in range(CALLERS)]
    for t in threads:
        t.start()
    try:
        lw.wait_for(lambda: len(ok) >= 200, "the load to get going", 60)
        t0 = time.monotonic()
        os.kill(first, signal.SIGKILL)
        new = lw.wait_for(lambda: (p := _pid(lw.address)) and p != first and p,
                          "a new worker to serve", 120)
        restart_s = time.monotonic() - t0
        n_at_restart = len(ok)
        time.sleep(2.0)  # the load goes on against the new worker
    finally:
        stop.set()
        for t in threads:
            t.join(60)
        client.close()
    assert not failures, (f"{len(failures)} calls failed as their callers saw it, e.g. "
                          f"{failures[:3]}\n{lw.log()[-3000:]}")
    assert len(ok) > n_at_restart + 50, "the load did not go on after the restart"
    assert new == spare, "the restart did not use the spare"
    assert f"from its spare, pid {spare}" in lw.log()
    assert restart_s <= RESTART_BOUND_S, \
        f"serving again {restart_s:.2f} s after the kill -9 (bound {RESTART_BOUND_S} s)"
    # a new spare is prepared for the next crash; stopping ivy-serve stops it too
    spare2 = int(lw.wait_for(lambda: (m := re.findall(r"spare ready, pid (\d+)", lw.log()))
                             and len(m) >= 2 and m[-1], "a second spare", 240))
    assert lw.close() == 0
    for pid in (new, spare2):
        end = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(pid), f"pid {pid} outlived ivy-serve"


def test_a_worker_never_reached_still_fails_at_once():
    """The wait for a worker to come back is only for one that had answered: a call to an
    address where nothing ever listened fails fast with Unavailable, as before."""
    with ivy_client.Client(f"numpy=127.0.0.1:{free_port()}") as c:
        t0 = time.monotonic()
        with pytest.raises(ivy_client.Unavailable):
            c.call("add", 1, 2, timeout=30)
        assert time.monotonic() - t0 < 3.0


def test_async_client_calls_across_a_kill_9(launcher):
    """AsyncClient sends again the same way: a call and an Info made right after the kill -9
    (the worker not back yet) are answered by the new worker."""
    import asyncio

    lw = launcher
    first = lw.wait_for(lambda: _pid(lw.address), "the worker to serve", 240)
    lw.wait_for(lambda: "spare ready, pid" in lw.log(), "the launcher's spare to be ready", 120)

    async def main():
        async with ivy_client.AsyncClient(f"numpy={lw.address}") as c:
            assert (await c.call("add", np.arange(3.0), 1.0)).tolist() == [1.0, 2.0, 3.0]
            os.kill(first, signal.SIGKILL)
            while _alive(first):
                await asyncio.sleep(0.005)
            r = await c.call("add", np.arange(3.0), 2.0, timeout=30)
            assert r.tolist() == [2.0, 3.0, 4.0]
            assert (await c.info(brief=True))["pid"] not in (first, 0)

    asyncio.run(main())
