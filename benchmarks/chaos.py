"""Chaos soak: malformed messages, concurrent load, kill -9 and SIGTERM against real workers.

    .venv/bin/python benchmarks/chaos.py                      # numpy worker, 10,000 messages, 60 s load
    .venv/bin/python benchmarks/chaos.py --quick              # ~20 s: 1,500 messages, 6 s load
    .venv/bin/python benchmarks/chaos.py --backend numpy,torch --duration 30 --json out.json

Loopback only and bounded: for each backend it starts ``ivy-serve`` (``python -m
ivy_server.launcher``) with one worker on a free 127.0.0.1 port, then

1. **fuzz**: sends ``--messages`` malformed or hostile messages over raw gRPC (identity
   serializers), ``--fuzz-concurrency`` in flight: random bytes, truncated / bit-flipped /
   spliced valid ``CallRequest`` frames, nesting bombs (250+ nested msgpack ``ExtType(7)`` tuples,
   deep lists and maps), huge function names and handle ids, hostile array headers, unknown ext
   codes, and wrong or unknown methods - with one valid call (result checked) every 20 messages;
2. **idle kill -9**: once the launcher's spare is ready, SIGKILL to the idle worker; *restart
   time* = from the kill until a fresh connection gets a correct answer from the new process
   (then 10.5 s pass, so the next kill meets no crash back-off);
3. **load**: ``--concurrency`` threads (default 32) share one ``Client`` and make valid calls for
   ``--duration`` seconds (``add``/``matmul`` checked against NumPy, ``keep=True`` + ``fetch``
   + ``release``);
4. **kill -9** halfway through the load (once the new spare is ready): SIGKILL to the worker,
   which the launcher restarts; restart time as in 2 (also shown: when the load's own client
   got its first answer again), and the **calls that failed as their callers saw it** (any
   status but OK from the start of the load until the SIGTERM; the client retries UNAVAILABLE);
5. **SIGTERM** at the end of the load, load still running: SIGTERM to the launcher; *exit time*
   = until the launcher has exited (its workers first), against ``--grace-s``.

``--no-spare`` (ivy-serve without spares: cold restarts) and ``--no-retry`` (the load's client
with ``retry=False``) measure what the issue-33 changes are worth.

A monitor thread watches the worker's pid the whole time: a worker that dies other than by the
kill -9 of step 3 is a **crash** (the message kinds in flight are recorded). A **lost request**
is a call acknowledged OK whose result is wrong or missing (a kept handle that vanished with the
kill -9'd process is counted apart, not as lost). Prints one table per backend (markdown);
``--json PATH`` writes the figures. Targets (issues 10 and 33): 0 crashes, 0 lost acknowledged
requests, 0 calls failed as their callers saw it, restart <= 2 s idle and under load, exit within
grace + 2 s. Exit status 0 when the run completed (``--check``: 1
if a target was missed).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import grpc
import msgpack
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]

import ivy_client  # noqa: E402
from ivy_client import codec, wire  # noqa: E402
from ivy_client.proto import SERVICE_NAME, worker_pb2  # noqa: E402

M = f"/{SERVICE_NAME}/"
OPTS = [("grpc.max_send_message_length", 64 << 20), ("grpc.max_receive_message_length", 64 << 20)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def child_env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server"),
                                      e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    e.pop("IVY_WORKERS", None)
    e.pop("IVY_AUTH_TOKEN", None)
    return e


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
            return True
        except OSError:
            return False


def rss_mib(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def info_pid(address: str, timeout: float = 1.0) -> int | None:
    """The pid the worker at ``address`` reports (a fresh channel: no reconnect back-off)."""
    with grpc.insecure_channel(address) as ch:
        info = ch.unary_unary(M + "Info", worker_pb2.InfoRequest.SerializeToString,
                              worker_pb2.InfoResponse.FromString)
        try:
            return info(worker_pb2.InfoRequest(), timeout=timeout).pid
        except grpc.RpcError:
            return None


def fresh_call_ok(address: str, backend: str, timeout: float = 1.0) -> int | None:
    """The worker's pid if a fresh connection gets a correct ``add`` answer, else None."""
    try:
        with ivy_client.Client(f"{backend}={address}", token="") as c:
            r = c.call("add", np.arange(3.0), 1.0, timeout=timeout)
            if np.array_equal(r, np.arange(3.0) + 1):
                return c.info()["pid"]
    except (ivy_client.RemoteError, OSError):
        pass
    return None


# ---------------------------------------------------------------------------------------------
# The launcher and a watch on its worker
# ---------------------------------------------------------------------------------------------

class Launched:
    def __init__(self, backend: str, grace: float, logdir: Path, spare: bool = True):
        self.backend = backend
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.grace = grace
        cfg = logdir / f"workers-{backend}.toml"
        cfg.write_text(f'[[worker]]\nname = "chaos-{backend}"\nbackend = "{backend}"\n'
                       f'host = "127.0.0.1"\nport = {self.port}\n'
                       f'args = ["--grace-s", "{grace}"]\n')
        self.logfile = logdir / f"launcher-{backend}.log"
        self._log = open(self.logfile, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ivy_server.launcher", "--config", str(cfg), "--grace-s",
             str(grace)] + ([] if spare else ["--no-spare"]), env=child_env(), stdout=self._log, stderr=subprocess.STDOUT, cwd=ROOT,
            stdin=subprocess.DEVNULL)

    def wait_pid(self, timeout: float, not_pid: int | None = None) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ivy-serve exited ({self.proc.returncode}):\n{self.log()}")
            pid = info_pid(self.address)
            if pid and pid != not_pid:
                return pid
            time.sleep(0.05)
        raise RuntimeError(f"the {self.backend} worker did not serve within {timeout:.0f} s:\n"
                           + self.log())

    def log(self, n: int = 4000) -> str:
        self._log.flush()
        return self.logfile.read_text(errors="replace")[-n:]

    def spare_ready(self) -> bool:
        """The launcher logged a ready spare it has not used yet."""
        text = self.logfile.read_text(errors="replace")
        return text.count(": spare ready, pid") > text.count("from its spare, pid")

    def wait_spare(self, timeout: float) -> float | None:
        """Seconds waited until the launcher has a ready spare (None: not within ``timeout``)."""
        t0 = time.monotonic()
        while time.monotonic() < t0 + timeout:
            if self.spare_ready():
                return time.monotonic() - t0
            time.sleep(0.1)
        return None

    def close(self, worker_pid: int | None = None):
        """Stop ivy-serve (SIGTERM, so it stops its worker; SIGKILL if it hangs) and make sure
        no worker outlives it."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(self.grace + 15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if worker_pid and alive(worker_pid):
            os.kill(worker_pid, signal.SIGKILL)
        self._log.close()


class Watch(threading.Thread):
    """Polls the worker's pid; a death not announced with ``expect_death`` is a crash."""

    def __init__(self, launched: Launched, pid: int, recent):
        super().__init__(daemon=True, name="watch")
        self.l = launched
        self.pid = pid
        self.generation = 0
        self.recent = recent  # deque of the message kinds sent lately (for crash reports)
        self.crashes: list[dict] = []
        self.expected = threading.Event()
        self.up = threading.Event()
        self.up.set()
        self.done = threading.Event()
        self.launcher_died = False

    def expect_death(self):
        self.expected.set()

    def run(self):
        while not self.done.is_set():
            if self.l.proc.poll() is not None and not self.expected.is_set():
                self.launcher_died = True
                self.crashes.append({"what": f"ivy-serve exited ({self.l.proc.returncode})",
                                     "t": time.monotonic()})
                self.up.clear()
                return
            if not alive(self.pid):
                old = self.pid
                t0 = time.monotonic()
                self.up.clear()
                if not self.expected.is_set():
                    self.crashes.append({"what": f"worker pid {old} died", "t": t0,
                                         "in_flight": dict(collections.Counter(self.recent))})
                self.generation += 1
                try:
                    self.pid = self.l.wait_pid(120, not_pid=old)
                except RuntimeError:
                    if self.done.is_set() or self.expected.is_set():
                        return
                    raise
                finally:
                    self.expected.clear()
                self.up.set()
            self.done.wait(0.05)


# ---------------------------------------------------------------------------------------------
# Fuzz messages
# ---------------------------------------------------------------------------------------------

def _frame(function: str, args_obj=None, raw_args: bytes | None = None, buffers=(),
           graph_id: str = "") -> bytes:
    payload = raw_args if raw_args is not None else msgpack.packb(args_obj)
    return wire.frame_call_request(function, payload, False, list(buffers), graph_id)


def valid_call(rng: random.Random):
    """(request bytes, expected result) for a valid ``add``/``matmul`` (sometimes out of band)."""
    n = rng.choice([1, 3, 8, 3000])  # 3000 float64 = 24 KB: an out-of-band buffer
    x = np.arange(n, dtype=np.float64) * rng.random()
    k = float(rng.randint(-5, 5))
    buffers: list = []
    if rng.random() < 0.7:
        payload = codec.encode([[x, k], {}], buffers=buffers)
        return wire.frame_call_request("add", payload, False, buffers, ""), x + k
    a = np.arange(6, dtype=np.float64).reshape(2, 3) + k
    payload = codec.encode([[a, a.T], {}], buffers=buffers)
    return wire.frame_call_request("matmul", payload, False, buffers, ""), a @ a.T


def _ext7_bomb(depth: int) -> bytes:
    inner = msgpack.packb([])
    for _ in range(depth):
        inner = msgpack.packb([msgpack.ExtType(7, inner)])
    return msgpack.packb([[msgpack.ExtType(7, inner)], {}])


def _array_ext(code: int, header) -> msgpack.ExtType:
    h = msgpack.packb(header)
    if code == 1:
        return msgpack.ExtType(1, len(h).to_bytes(4, "little") + h + b"\0" * 8)
    return msgpack.ExtType(2, h)


def fuzz_message(rng: random.Random) -> tuple[str, str, bytes]:
    """(kind, method path, request bytes)."""
    r = rng.random()
    call = M + "Call"
    if r < 0.18:
        return "random-bytes", call, rng.randbytes(rng.choice([0, 1, 2, 7, 64, 300, 4096]))
    valid, _ = valid_call(rng)
    if r < 0.34:
        return "truncated", call, valid[: rng.randrange(0, max(1, len(valid)))]
    if r < 0.50:
        b = bytearray(valid)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return "bit-flip", call, bytes(b)
    if r < 0.56:
        b = bytearray(valid)
        i = rng.randrange(len(b))
        b[i:i + rng.randint(1, 16)] = rng.randbytes(rng.randint(1, 16))
        return "splice", call, bytes(b)
    if r < 0.64:
        depth = rng.choice([250, 250, 1000, 5000])
        return f"ext7-bomb-{depth}", call, _frame("add", raw_args=_ext7_bomb(depth))
    if r < 0.68:
        depth = rng.choice([1000, 100_000])
        return "list-bomb", call, _frame("add", raw_args=b"\x92" + b"\x91" * depth + b"\xc0"
                                         + b"\x80")
    if r < 0.71:
        depth = rng.choice([1000, 100_000])
        return "map-bomb", call, _frame("add", raw_args=b"\x92\x90" + b"\x81\xa1k" * depth
                                        + b"\xc0")
    if r < 0.76:
        size = rng.choice([1_000, 65_536, 1 << 20])
        what = rng.random()
        if what < 0.4:
            return "huge-name", call, _frame("a" * size, [[1], {}])
        if what < 0.6:
            return "huge-graph-id", call, _frame("", [[1], {}], graph_id="g" * size)
        if what < 0.8:
            return "huge-kwarg-name", call, _frame("add", [[1, 2], {"k" * size: 1}])
        return "non-utf8-name", call, b"\x0a\x04\xff\xfe\xfd\xfc"
    if r < 0.84:
        headers = [
            (1, ["float64", [2**62]]), (1, ["float64", [-1]]), (1, ["object", [1]]),
            (1, ["float64", [1] * 100]), (1, ["float64", [2**31, 2**31]]), (1, [1, 2, 3]),
            (2, ["float64", [4], 99]), (2, ["float64", [2**40], 0]), (2, ["float64", [4], -1]),
            (1, ["float64", ["x"]]), (1, ["<f8", [1]]), (2, None),
        ]
        code, header = rng.choice(headers)
        return "bad-array", call, _frame("add", [[_array_ext(code, header), 1], {}])
    if r < 0.88:
        code = rng.choice([0, 3, 4, 5, 6, 8, 9, 100, 127, -1, -128])
        data = rng.randbytes(rng.choice([0, 1, 3, 16, 64]))
        ext = b"\xc7" + bytes([len(data)]) + code.to_bytes(1, "little", signed=True) + data
        return "ext-codes", call, _frame("add", raw_args=b"\x92\x91" + ext + b"\x80")
    if r < 0.92:
        shapes = [rng.randbytes(10), msgpack.packb({"a": 1}), msgpack.packb([1, 2, 3]),
                  msgpack.packb([[1], {1: 2}]), msgpack.packb([[1], {"x": 1}, 3]),
                  msgpack.packb("add"), msgpack.packb([[2**64 - 1, -2**63], {}]),
                  msgpack.packb([[b"\0" * 100], {}])]
        return "bad-args-shape", call, _frame(rng.choice(["add", "reshape", "matmul", "nosuch"]),
                                              raw_args=rng.choice(shapes))
    # wrong or unknown methods, and hostile requests to the other RPCs
    choice = rng.randrange(8)
    if choice == 0:
        return "unknown-method", M + "Nope", valid
    if choice == 1:
        return "unknown-service", "/ivy.rpc.v1.Nope/Call", valid
    if choice == 2:
        return "health-garbage", "/grpc.health.v1.Health/Check", rng.randbytes(32)
    if choice == 3:
        return "fetch-garbage", M + "Fetch", rng.randbytes(rng.choice([1, 16, 300]))
    if choice == 4:
        return "fetch-huge-id", M + "Fetch", worker_pb2.FetchRequest(
            handle="h" * rng.choice([1000, 1 << 20])).SerializeToString()
    if choice == 5:
        return "release-many", M + "Release", worker_pb2.ReleaseRequest(
            handles=["x" * 8] * rng.choice([1000, 100_000])).SerializeToString()
    if choice == 6:
        return "info-garbage", M + "Info", rng.randbytes(16)
    return "trace-garbage", M + "Trace", rng.randbytes(64)


def run_fuzz(address: str, n: int, concurrency: int, seed: int, watch: Watch, recent,
             max_crashes: int) -> dict:
    """Send ``n`` fuzz messages (plus a checked valid call every 20). After a crash, waits for
    the restarted worker and goes on with a new channel; calls that failed because the worker
    was down are counted apart (``while_down``), not as answers to the message. Stops early
    after ``max_crashes`` crashes (the launcher's back-off grows with each)."""
    rng = random.Random(seed)
    codes: collections.Counter = collections.Counter()
    by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    valid = {"sent": 0, "ok": 0, "wrong": 0, "failed": collections.Counter()}
    while_down = 0
    t0 = time.monotonic()
    ch = grpc.insecure_channel(address, options=OPTS)
    stubs: dict = {}
    pending: collections.deque = collections.deque()
    generation = watch.generation

    def stub(path):
        s = stubs.get(path)
        if s is None:
            s = stubs[path] = ch.unary_unary(path)
        return s

    def settle(item):
        nonlocal while_down
        kind, fut, expected, gen = item
        try:
            resp = fut.result()
            code = "OK"
        except grpc.RpcError as e:
            code = e.code().name if e.code() else "UNKNOWN"
            resp = None
        if code in ("UNAVAILABLE", "CANCELLED"):
            # the worker died (a crash the watch reports) or was down: not an answer
            end = time.monotonic() + 0.5
            while watch.up.is_set() and watch.generation == gen and time.monotonic() < end:
                time.sleep(0.02)
            if watch.generation != gen or not watch.up.is_set():
                while_down += 1
                return
        if expected is None:
            codes[code] += 1
            by_kind[kind][code] += 1
            return
        if code != "OK":
            valid["failed"][code] += 1
            return
        payload, buffers = wire.parse_call_response(resp)
        got = codec.decode(payload, buffers=buffers)
        if np.array_equal(got, expected):
            valid["ok"] += 1
        else:
            valid["wrong"] += 1

    sent = 0
    try:
        for i in range(n):
            if len(watch.crashes) >= max_crashes:
                break
            if not watch.up.is_set() or watch.generation != generation:
                # a crash: settle what was sent, wait for the restarted worker, reconnect
                while pending:
                    settle(pending.popleft())
                if len(watch.crashes) >= max_crashes or not watch.up.wait(180):
                    break
                generation = watch.generation
                ch.close()
                ch = grpc.insecure_channel(address, options=OPTS)
                stubs.clear()
            kind, path, req = fuzz_message(rng)
            sent += 1
            recent.append(kind)
            pending.append((kind, stub(path).future(req, timeout=20), None, generation))
            if i % 20 == 0:
                vreq, expected = valid_call(rng)
                valid["sent"] += 1
                pending.append(("valid", stub(M + "Call").future(vreq, timeout=20), expected,
                                generation))
            while len(pending) >= concurrency:
                settle(pending.popleft())
        while pending:
            settle(pending.popleft())
    finally:
        ch.close()
    kinds = {k: sum(c.values()) for k, c in by_kind.items()}
    return {"sent": sent, "planned": n, "seconds": time.monotonic() - t0,
            "codes": dict(codes.most_common()),
            "while_down": while_down, "kinds": dict(sorted(kinds.items())),
            "codes_by_kind": {k: dict(c.most_common()) for k, c in sorted(by_kind.items())},
            "valid": {**valid, "failed": dict(valid["failed"])}}


# ---------------------------------------------------------------------------------------------
# Load, kill -9, SIGTERM
# ---------------------------------------------------------------------------------------------

class Load:
    def __init__(self, address: str, backend: str, concurrency: int, watch: Watch, seed: int,
                 retry: bool = True):
        self.address = address
        self.watch = watch
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.phase = "steady"
        self.ok = 0
        self.lost: list[str] = []
        self.handles_lost_to_kill = 0
        self.codes: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.latencies: list[float] = []
        self.kill_dead_at: float | None = None  # when the kill -9'd worker was gone
        self.recovered_at: float | None = None  # first OK of a call started after that
        self.client = ivy_client.Client(f"{backend}={address}", token="", retry=retry)
        self.threads = [threading.Thread(target=self._run, args=(seed + i,), daemon=True)
                        for i in range(concurrency)]

    def start(self):
        for t in self.threads:
            t.start()

    def set_phase(self, phase: str):
        with self.lock:
            self.phase = phase

    def _record(self, code: str, dt: float | None = None, started: float | None = None):
        with self.lock:
            self.codes[self.phase][code] += 1
            if code == "OK":
                self.ok += 1
                if dt is not None:
                    self.latencies.append(dt)
                if (self.recovered_at is None and self.kill_dead_at is not None
                        and started is not None and started > self.kill_dead_at):
                    self.recovered_at = time.monotonic()

    def _run(self, seed: int):
        rng = np.random.default_rng(seed)
        c = self.client
        while not self.stop.is_set():
            op = rng.random()
            x = rng.standard_normal(int(rng.choice([4, 64, 4096])))
            k = float(rng.integers(-9, 9))
            started = time.monotonic()
            t0 = time.perf_counter()
            try:
                if op < 0.6:
                    r = c.call("add", x, k, timeout=10)
                    good = r is not None and np.array_equal(r, x + k)
                    what = "add"
                elif op < 0.85:
                    a = rng.standard_normal((64, 64))
                    r = c.call("matmul", a, a, timeout=10)
                    good = r is not None and np.allclose(r, a @ a)
                    what = "matmul"
                else:
                    gen = self.watch.generation
                    h = c.call("multiply", x, k, keep=True, timeout=10)
                    self._record("OK", None, started)
                    try:
                        v = h.fetch(timeout=10)
                        h.release()
                    except ivy_client.NotFound:
                        if self.watch.generation != gen or not self.watch.up.is_set():
                            with self.lock:
                                self.handles_lost_to_kill += 1
                            continue
                        raise
                    good = v is not None and np.array_equal(v, x * k)
                    what = "keep+fetch"
            except ivy_client.RemoteError as e:
                self._record(e.code)
                if e.code in ("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED"):
                    time.sleep(0.05)  # a worker restarting: retry like a client would
                continue
            dt = time.perf_counter() - t0
            if good:
                self._record("OK", dt, started)
            else:
                with self.lock:
                    self.lost.append(f"{what}: acknowledged OK, result wrong or missing")
                self._record("OK-but-wrong")

    def finish(self):
        self.stop.set()
        for t in self.threads:
            t.join(30)
        self.client.close()


def idle_kill(launched: Launched, watch: Watch, spare: bool) -> dict:
    """kill -9 of the idle worker: seconds until a fresh connection is served by a new one."""
    spare_wait = launched.wait_spare(180) if spare else None
    old = watch.pid
    watch.expect_death()
    t0 = time.monotonic()
    os.kill(old, signal.SIGKILL)
    restart_s = None
    while time.monotonic() < t0 + 120:
        pid = fresh_call_ok(launched.address, launched.backend, timeout=1.0)
        if pid and pid != old:
            restart_s = time.monotonic() - t0
            break
        time.sleep(0.01)
    watch.up.wait(30)
    return {"old_pid": old, "new_pid": watch.pid, "restart_s": restart_s,
            "spare_wait_s": spare_wait}


def kill_and_time(launched: Launched, watch: Watch, load: Load, spare: bool = True) -> dict:
    # the launcher's spare for the worker (started once it served): wait until it is ready, so
    # the restart measured is the one the launcher is built for (the wait is reported)
    spare_wait = launched.wait_spare(180) if spare else None
    old = watch.pid
    load.set_phase("kill -9")
    watch.expect_death()
    t0 = time.monotonic()
    os.kill(old, signal.SIGKILL)
    while alive(old) and time.monotonic() < t0 + 5:
        time.sleep(0.002)
    with load.lock:
        load.kill_dead_at = time.monotonic()
    restart_s = None
    end = t0 + 120
    while time.monotonic() < end:
        pid = fresh_call_ok(launched.address, launched.backend, timeout=1.0)
        if pid and pid != old:
            restart_s = time.monotonic() - t0
            break
        time.sleep(0.02)
    watch.up.wait(30)
    # the load's own (long-lived) client: when did a call it started after the kill succeed?
    client_s = None
    while time.monotonic() < t0 + 60 and client_s is None:
        with load.lock:
            t = load.recovered_at
        if t is not None:
            client_s = t - t0
        else:
            time.sleep(0.05)
    load.set_phase("after restart")
    # the launcher's back-off for this restart (longer after earlier crashes)
    backoff = None
    for line in launched.log(20000).splitlines():
        if "exited with code -9" in line and "restarting in" in line:
            try:
                backoff = float(line.rsplit("restarting in", 1)[1].split()[0])
            except (ValueError, IndexError):
                pass
    startup = None  # the launcher's own figure: from its restart to the new worker serving
    for line in launched.log(20000).splitlines():
        if f"serving again, pid {watch.pid}," in line:
            try:
                startup = float(line.rsplit(",", 1)[1].split()[0])
            except (ValueError, IndexError):
                pass
    return {"old_pid": old, "new_pid": watch.pid, "restart_s": restart_s,
            "launcher_backoff_s": backoff, "worker_startup_s": startup,
            "load_client_recovered_s": client_s, "spare_wait_s": spare_wait,
            "from_spare": f"from its spare, pid {watch.pid}" in launched.log(20000)}


def sigterm_and_time(launched: Launched, watch: Watch, load: Load) -> dict:
    worker = watch.pid
    load.set_phase("SIGTERM")
    watch.expect_death()
    t0 = time.monotonic()
    launched.proc.send_signal(signal.SIGTERM)
    rc = None
    try:
        rc = launched.proc.wait(launched.grace + 60)
    except subprocess.TimeoutExpired:
        pass
    exit_s = time.monotonic() - t0 if rc is not None else None
    worker_gone_s = None
    while time.monotonic() < t0 + launched.grace + 60:
        if not alive(worker):
            worker_gone_s = time.monotonic() - t0
            break
        time.sleep(0.02)
    return {"launcher_rc": rc, "exit_s": exit_s, "worker_exit_s": worker_gone_s,
            "grace_s": launched.grace}


# ---------------------------------------------------------------------------------------------
# One backend
# ---------------------------------------------------------------------------------------------

def soak(backend: str, a, logdir: Path) -> dict:
    print(f"[{backend}] starting ivy-serve ...", file=sys.stderr, flush=True)
    launched = Launched(backend, a.grace_s, logdir, a.spare)
    recent: collections.deque = collections.deque(maxlen=2 * a.fuzz_concurrency + 2)
    out: dict = {"backend": backend}
    watch = None
    try:
        pid = launched.wait_pid(240)
        watch = Watch(launched, pid, recent)
        watch.start()
        with ivy_client.Client(f"{backend}={launched.address}", token="") as c:
            for _ in range(50):
                c.call("add", np.ones(8), 1.0)
        out["rss_before_mib"] = rss_mib(pid)
        print(f"[{backend}] fuzz: {a.messages} messages ...", file=sys.stderr, flush=True)
        out["fuzz"] = run_fuzz(launched.address, a.messages, a.fuzz_concurrency, a.seed, watch,
                               recent, a.max_crashes)
        recent.clear()
        out["relaunched"] = bool(watch.crashes)
        if watch.crashes:
            # start afresh: the launcher's back-off after those crashes would otherwise be
            # measured as the kill -9 restart time
            print(f"[{backend}] {len(watch.crashes)} crash(es) in the fuzz phase: restarting "
                  "ivy-serve before the load phase", file=sys.stderr, flush=True)
            crashes = watch.crashes
            watch.expect_death()
            watch.done.set()
            out["launcher_log_fuzz"] = launched.log(6000)
            launched.close(watch.pid)
            launched = Launched(backend, a.grace_s, logdir, a.spare)
            watch = Watch(launched, launched.wait_pid(240), recent)
            watch.crashes = crashes
            watch.start()
        print(f"[{backend}] kill -9 of the idle worker ...", file=sys.stderr, flush=True)
        out["idle_kill"] = idle_kill(launched, watch, a.spare)
        # the launcher restarts at once only a worker that served 10 s (HEALTHY_RESET_S) before
        # dying, with back-off after: let the next kill -9 be a first one again
        time.sleep(10.5)
        print(f"[{backend}] load: {a.concurrency} threads for {a.duration:.0f} s, kill -9 "
              "halfway, then SIGTERM ...", file=sys.stderr, flush=True)
        load = Load(launched.address, backend, a.concurrency, watch, a.seed, a.retry)
        t_load = time.monotonic()
        load.start()
        time.sleep(a.duration / 2)
        out["rss_after_mib"] = rss_mib(watch.pid)
        out["rss_pid"] = watch.pid
        with load.lock:
            ok_before_kill = load.ok
        out["kill"] = kill_and_time(launched, watch, load, a.spare)
        time.sleep(max(0.0, t_load + a.duration - time.monotonic()))
        with load.lock:
            ok_at_term = load.ok
        out["term"] = sigterm_and_time(launched, watch, load)
        load.finish()
        load_s = time.monotonic() - t_load
        watch.done.set()
        lat = np.array(load.latencies) * 1e3 if load.latencies else np.array([np.nan])
        # what callers saw fail from the kill -9 until the SIGTERM (a shutdown fails calls)
        failed = {c: n for p, cs in load.codes.items() if p != "SIGTERM"
                  for c, n in cs.items() if c not in ("OK", "OK-but-wrong")}
        out["load"] = {"seconds": load_s, "ok": load.ok, "ok_before_kill": ok_before_kill,
                       "failed": sum(failed.values()), "failed_codes": failed,
                       "ok_before_sigterm": ok_at_term,
                       "codes": {p: dict(c.most_common()) for p, c in load.codes.items()},
                       "lost": len(load.lost), "lost_examples": load.lost[:5],
                       "handles_lost_to_kill": load.handles_lost_to_kill,
                       "p50_ms": float(np.percentile(lat, 50)),
                       "p99_ms": float(np.percentile(lat, 99))}
        out["crashes"] = watch.crashes
        out["launcher_log_tail"] = launched.log(3000)
    finally:
        launched.close(watch.pid if watch is not None else None)
    return out


def report(r: dict, a) -> tuple[str, bool]:
    f, ld, k, t = r["fuzz"], r["load"], r["kill"], r["term"]
    lost = ld["lost"] + f["valid"]["wrong"]
    crashes = len(r["crashes"])
    restart = k["restart_s"]
    exit_s = t["exit_s"]
    grace = t["grace_s"]
    idle = r["idle_kill"]["restart_s"]
    checks = {
        "crashes": crashes == 0,
        "lost": lost == 0,
        "failed": ld["failed"] == 0,
        "idle": idle is not None and idle <= 2.0,
        "restart": restart is not None and restart <= 2.0,
        "exit": exit_s is not None and exit_s <= grace + 2.0 and t["launcher_rc"] == 0,
    }

    def codes(d):
        return ", ".join(f"{c} {n:,}" for c, n in d.items()) or "-"

    def mark(ok):
        return "met" if ok else "**missed**"

    rows = [
        ("malformed messages sent (fuzz)", f"{f['sent']:,} in {f['seconds']:.1f} s "
         f"({len(f['kinds'])} kinds)" + (f"; stopped after {crashes} crashes, of "
                                         f"{f['planned']:,} planned" if f["sent"] < f["planned"]
                                         else ""), ">= 10,000", ""),
        ("status codes seen (fuzz)", codes(f["codes"]), "", ""),
        ("fuzz calls failed because the worker was down", f"{f['while_down']:,}", "", ""),
        ("valid calls between fuzz messages", f"{f['valid']['sent']:,}: OK {f['valid']['ok']:,}, "
         f"wrong {f['valid']['wrong']}, failed {sum(f['valid']['failed'].values())}", "", ""),
        (f"valid calls under load ({a.concurrency} threads)",
         f"{ld['ok']:,} OK in {ld['seconds']:.0f} s, p50 {ld['p50_ms']:.1f} ms, "
         f"p99 {ld['p99_ms']:.1f} ms", "", ""),
    ]
    for phase, c in ld["codes"].items():
        rows.append((f"load status codes, {phase}", codes(c), "", ""))
    rows += [
        ("crashes (worker process died)", str(crashes), "0", mark(checks["crashes"])),
        ("lost requests (acknowledged OK, result wrong/missing)", str(lost), "0",
         mark(checks["lost"])),
        ("calls failed as their callers saw it (load, before the SIGTERM)",
         f"{ld['failed']:,}" + (f" ({codes(ld['failed_codes'])})" if ld["failed"] else ""),
         "0", mark(checks["failed"])),
        ("kept handles gone with the kill -9'd worker (expected)",
         str(ld["handles_lost_to_kill"]), "", ""),
        ("restart after kill -9 of the idle worker (until a fresh connection is served)",
         (f"{idle:.2f} s" if idle is not None else "never")
         + (f" (spare ready after a wait of {r['idle_kill']['spare_wait_s']:.1f} s)"
            if r["idle_kill"].get("spare_wait_s") is not None else
            " (no spare)" if not a.spare else " (the spare was not ready)"),
         "<= 2 s", mark(checks["idle"])),
        (f"restart after kill -9 under load ({a.concurrency} threads; until a fresh "
         "connection is served)",
         (f"{restart:.2f} s" if restart is not None else "never")
         + (f" (launcher back-off {k['launcher_backoff_s']:g} s)"
            if k.get("launcher_backoff_s") else "")
         + (f"; of which the new worker's startup {k['worker_startup_s']:.2f} s"
            if k.get("worker_startup_s") is not None else "")
         + ("; from the launcher's spare" if k.get("from_spare") else "; a cold start"),
         "<= 2 s", mark(checks["restart"])),
        ("... until the load's shared client got an answer",
         f"{k['load_client_recovered_s']:.2f} s" if k["load_client_recovered_s"] is not None
         else "never", "", ""),
        ("exit after SIGTERM to ivy-serve, under load",
         (f"{exit_s:.2f} s (rc {t['launcher_rc']}; worker gone at "
          f"{t['worker_exit_s']:.2f} s)" if exit_s is not None and t["worker_exit_s"] is not None
          else f"{exit_s} (rc {t['launcher_rc']})"),
         f"<= grace {grace:g} + 2 s", mark(checks["exit"])),
        ("worker RSS before / after fuzz + load",
         f"{r['rss_before_mib']:.0f} / {r['rss_after_mib']:.0f} MiB"
         + (" (after: the worker of the fresh ivy-serve, load only)" if r.get("relaunched")
            else "") if r["rss_before_mib"] and r["rss_after_mib"] else "n/a", "", ""),
    ]
    lines = [f"### {r['backend']} worker", "", "| measure | value | target | |", "|---|---|---|---|"]
    lines += [f"| {m} | {v} | {tg} | {ok} |" for m, v, tg, ok in rows]
    odd = {k: c for k, c in f["codes_by_kind"].items()
           if any(code in c for code in ("INTERNAL", "UNKNOWN", "DEADLINE_EXCEEDED"))}
    if odd:
        lines.append("\nkinds answered INTERNAL/UNKNOWN/DEADLINE_EXCEEDED (status codes): "
                     + "; ".join(f"{k}: {codes(c)}" for k, c in odd.items()))
    for cr in r["crashes"]:
        lines.append(f"\ncrash: {cr['what']}; message kinds in flight: {cr.get('in_flight')}")
    return "\n".join(lines), all(checks.values())


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", default="numpy",
                   help="comma-separated backends to soak, one after the other (default: numpy)")
    p.add_argument("--quick", action="store_true",
                   help="a short run (~20 s for numpy): 1,500 messages, 6 s of load")
    p.add_argument("--messages", type=int, default=None,
                   help="malformed messages to send (default: 10,000; --quick 1,500)")
    p.add_argument("--duration", type=float, default=None,
                   help="seconds of concurrent valid load (default: 60; --quick 6)")
    p.add_argument("--concurrency", type=int, default=32, help="load threads (default: 32)")
    p.add_argument("--fuzz-concurrency", type=int, default=16,
                   help="fuzz messages in flight (default: 16)")
    p.add_argument("--grace-s", type=float, default=5.0,
                   help="--grace-s for ivy-serve and its worker (default: 5)")
    p.add_argument("--seed", type=int, default=0, help="fuzz and load seed (default: 0)")
    p.add_argument("--max-crashes", type=int, default=3,
                   help="stop the fuzz phase after this many worker crashes (default: 3)")
    p.add_argument("--no-spare", dest="spare", action="store_false",
                   help="run ivy-serve --no-spare (restarts are cold starts)")
    p.add_argument("--no-retry", dest="retry", action="store_false",
                   help="the load's client without retries (Client(retry=False))")
    p.add_argument("--json", default=None, metavar="PATH", help="also write the figures here")
    p.add_argument("--check", action="store_true", help="exit 1 if a target was missed")
    a = p.parse_args(argv)
    a.messages = a.messages if a.messages is not None else (1500 if a.quick else 10_000)
    a.duration = a.duration if a.duration is not None else (6.0 if a.quick else 60.0)
    results, met = [], True
    with tempfile.TemporaryDirectory(prefix="ivy-chaos-") as tmp:
        for backend in [b.strip() for b in a.backend.split(",") if b.strip()]:
            t0 = time.monotonic()
            r = soak(backend, a, Path(tmp))
            r["wall_s"] = time.monotonic() - t0
            text, ok = report(r, a)
            met &= ok
            results.append(r)
            print(text + "\n", flush=True)
            if r["crashes"]:
                print("launcher log (tail):\n" + r["launcher_log_tail"], file=sys.stderr)
    print(f"targets {'met' if met else 'MISSED'}; command: python benchmarks/chaos.py "
          + " ".join(argv if argv is not None else sys.argv[1:]), flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps({"args": vars(a), "results": results}, indent=1,
                                           default=str))
    return 1 if (a.check and not met) else 0


if __name__ == "__main__":
    sys.exit(main())
