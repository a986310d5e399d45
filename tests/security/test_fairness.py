"""Issue 33, finding 4: one client locked everyone out. Four stuck requests of one caller made
every other caller with the same token get 429 for 120 s; 1,000 half-sent HTTP requests stayed
open for 60 s; a sleeping sandbox ended with a bare 504; a call waiting for a worker thread
waited for ever.

Real ``ivy-gateway`` processes on 127.0.0.1 with short limits. Their numpy "worker" is a
socket that accepts and never answers, so a request forwarded to it is stuck until the
gateway's deadline (``--timeout-s``), as a sleeping transpile would be; the wall-clock test
uses a real worker with the sandbox and a 3 s ``--sandbox-wall-s``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from tests.rpc.conftest import ROOT, TOKEN, WorkerProc, env, free_port

AUTH = {"Authorization": f"Bearer {TOKEN}"}
STUCK = {"function": "add", "backend": "numpy",
         "inputs": [{"shape": [2], "dtype": "float32", "value": [1, 2]},
                    {"shape": [2], "dtype": "float32", "value": [3, 4]}]}
# goes through the limiter, then answers 404 at once (no such worker): "not starved"
QUICK = {"graph_id": "g-00", "worker": "nowhere:1", "inputs": []}


class Gateway:
    def __init__(self, workers: str, *flags: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(prefix="ivy-gateway-", suffix=".log",
                                               delete=False)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ivy_server.gateway", "--config", workers, "--port",
             str(self.port), *flags], env=env(), cwd=ROOT, stdout=self.log,
            stderr=subprocess.STDOUT)
        end = time.monotonic() + 120
        while True:
            assert self.proc.poll() is None, self.logs()
            assert time.monotonic() < end, self.logs()
            try:
                if httpx.get(self.url + "/v1/health", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)

    def logs(self) -> str:
        return Path(self.log.name).read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture(scope="module")
def blackhole():
    """A TCP listener that never answers (a stuck worker)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(512)
    yield f"127.0.0.1:{s.getsockname()[1]}"
    s.close()


@pytest.fixture(scope="module")
def gateway(blackhole):
    g = Gateway(f"numpy={blackhole}", "--max-concurrency", "2", "--max-in-flight", "4",
                "--queue-timeout-s", "1", "--timeout-s", "4", "--header-timeout-s", "1",
                "--body-timeout-s", "1")
    yield g
    g.stop()


def post(url, body, client_id=None, timeout=60):
    headers = dict(AUTH)
    if client_id:
        headers["X-Client-Id"] = client_id
    return httpx.post(url + "/v1/call", json=body, headers=headers, timeout=timeout)


def hold(url, client_id, n):
    """``n`` stuck requests of one client, in threads; returns (threads, their responses)."""
    out: list = []
    ts = [threading.Thread(target=lambda: out.append(post(url, STUCK, client_id)))
          for _ in range(n)]
    for t in ts:
        t.start()
    time.sleep(0.8)  # in flight
    return ts, out


# -- slowloris: header and body read timeouts --------------------------------------------------
def test_half_sent_requests_are_closed_within_the_header_timeout(gateway):
    socks = []
    for _ in range(200):
        s = socket.create_connection(("127.0.0.1", gateway.port), timeout=10)
        s.sendall(b"POST /v1/call HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no end of headers
        socks.append(s)
    drip = socket.create_connection(("127.0.0.1", gateway.port), timeout=10)
    drip.sendall(b"GET /v1/health HTTP/1.1\r\n")
    t0 = time.monotonic()
    closed_drip = None
    while time.monotonic() - t0 < 6 and closed_drip is None:  # a header line every 0.25 s
        try:
            drip.sendall(b"X-Slow: 1\r\n")
        except OSError:
            closed_drip = time.monotonic() - t0
            break
        drip.settimeout(0.25)
        try:
            if drip.recv(1024) == b"":
                closed_drip = time.monotonic() - t0
        except TimeoutError:
            pass
        except OSError:
            closed_drip = time.monotonic() - t0
    assert closed_drip is not None and closed_drip < 3, closed_drip  # limit 1 s
    for s in socks:  # every half-sent request was closed by the server
        s.settimeout(5)
        try:
            assert s.recv(1024) == b""
        except ConnectionResetError:
            pass
        s.close()
    assert time.monotonic() - t0 < 8
    drip.close()
    assert httpx.get(gateway.url + "/v1/health", timeout=10).status_code == 200  # still serving


def test_a_kept_alive_connection_serves_past_the_header_timeout(gateway):
    """The timeout is per request's headers, not per connection: requests 0.6 s apart on one
    connection (1.8 s in all, the limit is 1 s) are all answered."""
    s = socket.create_connection(("127.0.0.1", gateway.port), timeout=10)
    for _ in range(3):
        s.sendall(b"GET /v1/backends HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # 401, small
        data = b""
        while b"\r\n\r\n" not in data:
            data += s.recv(4096)
        head, _, body = data.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length")))
        while len(body) < length:
            body += s.recv(4096)
        assert head.startswith(b"HTTP/1.1 401"), head
        time.sleep(0.6)
    s.close()


def test_a_slow_body_gets_408_within_the_body_timeout(gateway):
    s = socket.create_connection(("127.0.0.1", gateway.port), timeout=10)
    s.sendall(b"POST /v1/call HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
              + TOKEN.encode() + b"\r\nContent-Type: application/json\r\n"
              b"Content-Length: 100\r\n\r\n{\"function\":")
    t0 = time.monotonic()
    data = b""
    while b"\r\n\r\n" not in data or b"}" not in data.partition(b"\r\n\r\n")[2]:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    took = time.monotonic() - t0
    s.close()
    assert data.startswith(b"HTTP/1.1 408"), data[:300]
    assert b"--body-timeout-s" in data and b"application/problem+json" in data
    assert took < 3, took


# -- fairness: per client, and a global queue with a deadline ------------------------------------
def test_a_client_holding_its_limit_does_not_lock_out_others_with_the_same_token(gateway):
    ts, out = hold(gateway.url, "tenant-a", 2)  # tenant A: its limit of stuck requests
    try:
        r = post(gateway.url, QUICK, "tenant-a")  # A's next: 429 at once
        assert r.status_code == 429, r.text
        assert r.headers["retry-after"] == "1" and "--max-concurrency" in r.json()["detail"]
        for who in ("tenant-b", None):  # the same token: by client id, or by address
            t0 = time.monotonic()
            r = post(gateway.url, QUICK, who)
            assert r.status_code == 404, r.text  # served (no such worker), not 429
            assert time.monotonic() - t0 < 2
    finally:
        for t in ts:
            t.join(30)
    # the stuck requests end at the gateway's deadline, with a 504 that names it
    assert [r.status_code for r in out] == [504, 504], [r.text for r in out]
    assert all("--timeout-s" in r.json()["detail"] for r in out), out[0].text


def test_a_full_gateway_queues_with_a_deadline_then_429(gateway):
    ts_a, _ = hold(gateway.url, "tenant-a", 2)
    ts_c, _ = hold(gateway.url, "tenant-c", 2)  # 4 running: --max-in-flight 4
    try:
        t0 = time.monotonic()
        r = post(gateway.url, QUICK, "tenant-b")
        took = time.monotonic() - t0
        assert r.status_code == 429, r.text
        p = r.json()
        assert "waited 1 s for a free slot" in p["detail"] and "--max-in-flight" in p["detail"]
        assert p["code"] == "RESOURCE_EXHAUSTED" and r.headers["retry-after"] == "1"
        assert 0.9 <= took < 3, took
    finally:
        for t in ts_a + ts_c:
            t.join(30)
    assert post(gateway.url, QUICK, "tenant-b").status_code == 404  # free again


def test_the_limiter_hands_a_freed_slot_to_the_waiting_request():
    import asyncio

    from ivy_server.gateway.app import Limiter

    async def main():
        lim = Limiter(4, slots=1, queue=4, queue_timeout_s=5)
        order = []

        async def req(name, hold_s):
            async with lim.hold(name):
                order.append(name)
                await asyncio.sleep(hold_s)

        first = asyncio.create_task(req("a", 0.2))
        await asyncio.sleep(0.05)
        waiting = asyncio.create_task(req("b", 0))
        gone = asyncio.create_task(req("c", 0))
        await asyncio.sleep(0.05)
        gone.cancel()  # a client that left while queued frees its place
        await asyncio.gather(first, waiting)
        assert order == ["a", "b"], order
        assert lim.running == 0 and not lim.waiters and not lim.busy

    asyncio.run(main())


# -- the wall-clock limit of a sandboxed request -----------------------------------------------
@pytest.fixture(scope="module")
def short_wall_worker():
    """A 2 s CPU-time limit and the default wall-time limit (CPU + 5 s: 7 s)."""
    w = WorkerProc("numpy", "--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution",
                   "--sandbox-cpu-s", "2", "--sandbox-warm", "1").wait_ready()
    yield w
    w.stop()


SLEEPER = "import numpy as np\n\ndef f(x):\n    print.__self__.__import__('time').sleep(600)\n" \
          "    return np.sin(x)\n"


def test_a_sleeping_transpile_ends_at_the_sandbox_wall_limit(short_wall_worker):
    import ivy_client

    with ivy_client.Client(f"numpy={short_wall_worker.address}", token=TOKEN) as c:
        t0 = time.monotonic()
        with pytest.raises(ivy_client.DeadlineExceeded) as e:
            c.transpile(SLEEPER, "f", np.ones(3, np.float32), source="numpy", target="numpy",
                        timeout=60)
        took = time.monotonic() - t0
    # the default wall-time limit is the CPU-time limit + 5 s (issue 37: it was 60 s, over a
    # 20 s CPU limit), counted once the sandbox's imports are done
    assert "wall-time limit of 7 s" in e.value.message and "--sandbox-wall-s" in \
        e.value.message, e.value.message
    assert 7 <= took < 40, took  # 7 s, plus starting a cold sandbox on a loaded machine
    g = Gateway(f"numpy={short_wall_worker.address}", "--timeout-s", "60")
    try:
        t0 = time.monotonic()
        r = httpx.post(g.url + "/v1/transpile", headers=AUTH, timeout=60, json={
            "code": SLEEPER + "# over HTTP\n", "entry": "f", "source": "numpy",
            "target": "numpy", "inputs": [{"shape": [3], "dtype": "float32"}]})
        took = time.monotonic() - t0
        assert r.status_code == 504, r.text
        p = r.json()
        assert p["code"] == "DEADLINE_EXCEEDED" and "--sandbox-wall-s" in p["detail"], p
        assert "wall-time limit of 7 s" in p["detail"], p
        assert 7 <= took < 40, took
    finally:
        g.stop()


LOOPER = "import numpy as np\n\ndef f(x):\n    while True:\n        pass\n"


def test_an_endless_loop_is_the_requests_fault_not_a_busy_worker(short_wall_worker):
    """Issue 37: an endless loop answered 429 + Retry-After (RESOURCE_EXHAUSTED), an invitation to
    retry code that fails every time. Its CPU-time limit is the request's fault: INVALID_ARGUMENT
    over gRPC, 422 over HTTP without Retry-After, the limit and its flag named, and the OpenAPI
    description of the 422 says so."""
    import ivy_client

    with ivy_client.Client(f"numpy={short_wall_worker.address}", token=TOKEN) as c:
        with pytest.raises(ivy_client.InvalidArgument) as e:
            c.transpile(LOOPER, "f", np.ones(3, np.float32), source="numpy", target="numpy",
                        timeout=60)
    assert e.value.code == "INVALID_ARGUMENT"
    assert "CPU-time limit of 2 s (worker flag --sandbox-cpu-s)" in e.value.message, e.value
    g = Gateway(f"numpy={short_wall_worker.address}", "--timeout-s", "60")
    try:
        r = httpx.post(g.url + "/v1/transpile", headers=AUTH, timeout=60, json={
            "code": LOOPER + "# over HTTP\n", "entry": "f", "source": "numpy",
            "target": "numpy", "inputs": [{"shape": [3], "dtype": "float32"}]})
        assert r.status_code == 422, r.text
        assert "retry-after" not in r.headers, r.headers
        p = r.json()
        assert p["code"] == "INVALID_ARGUMENT", p
        assert "CPU-time limit of 2 s (worker flag --sandbox-cpu-s)" in p["detail"], p
        doc = httpx.get(g.url + "/openapi.json", timeout=30).json()
        op = doc["paths"]["/v1/transpile"]["post"]
        assert "CPU-time limit" in op["description"], op["description"]
        text = op["responses"]["422"]["description"]
        assert "CPU-time limit" in text and "--sandbox-cpu-s" in text, text
        assert "--sandbox-wall-s" in op["responses"]["504"]["description"]
    finally:
        g.stop()


# -- the worker's own gate: a waiting call has a deadline too -------------------------------------
def test_a_call_waiting_for_a_worker_thread_gets_resource_exhausted_at_the_queue_timeout():
    import grpc
    from ivy_server.errors import RpcFailure
    from ivy_server.worker.admission import Gate

    gate = Gate(1, 4, queue_timeout_s=0.5)
    gate.enter(None)  # another client's long call holds the only slot
    try:
        t0 = time.monotonic()
        with pytest.raises(RpcFailure) as e:
            gate.enter(None)  # no deadline of its own: before, it waited for ever
        took = time.monotonic() - t0
    finally:
        gate.leave()
    assert e.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "waited 0.5 s" in str(e.value) and "--queue-timeout-s" in str(e.value)
    assert 0.4 <= took < 2, took
    assert (gate.running, gate.waiting, gate.active) == (0, 0, 0)
    gate.enter(None)  # the slot is free again
    gate.leave()
