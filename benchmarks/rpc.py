"""RPC benchmark: an Ivy worker against a raw gRPC echo of the same bytes, in one run.

    .venv/bin/python benchmarks/rpc.py [--quick] [--backend numpy]

Starts (as subprocesses on 127.0.0.1) one ivy worker and two raw echo servers (identity
serializers: the least work gRPC Python can do), one on a thread-pool server and one on grpc.aio,
and measures:

- tiny call: ``add`` on two 2x2 float64 arrays, p50/p99, vs the echo of the identical request bytes
  (thread-pool echo; the aio echo is shown to compare the two server kinds for tiny calls),
- 1/16/64 MB round trips (median of many, call and echo interleaved one by one) (``reshape`` to the same shape: no compute, the array goes there and back)
  vs echoing the same bytes (client: ``tobytes`` out, ``np.frombuffer`` back),
- calls/s at concurrency 1, 8, 32 (threads sharing one client) vs the echo,
- the same worker started with ``--server-kind aio`` on the tiny call (thread pool vs grpc.aio).

Targets (issue 5): tiny p50 <= 1.2x the echo; large arrays >= 0.8x the echo's bandwidth.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent import futures
from pathlib import Path

import grpc
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]

import ivy_client  # noqa: E402
from ivy_client import wire  # noqa: E402

OPTS = [("grpc.max_send_message_length", 1 << 30), ("grpc.max_receive_message_length", 1 << 30)]
MiB = 2**20


# ---------------------------------------------------------------------------------------------
# the raw echo server (run as a subprocess of this script)
# ---------------------------------------------------------------------------------------------

def echo_server(port: int, kind: str) -> None:
    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(lambda r, c: r)})
    if kind == "threads":
        s = grpc.server(futures.ThreadPoolExecutor(16), options=OPTS)
        s.add_generic_rpc_handlers([handler])
        s.add_insecure_port(f"127.0.0.1:{port}")
        s.start()
        s.wait_for_termination()
    else:
        async def main():
            async def echo(r, c):
                return r

            h = grpc.method_handlers_generic_handler(
                "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(echo)})
            s = grpc.aio.server(options=OPTS)
            s.add_generic_rpc_handlers([h])
            s.add_insecure_port(f"127.0.0.1:{port}")
            await s.start()
            await s.wait_for_termination()

        asyncio.run(main())


# ---------------------------------------------------------------------------------------------
# measurement
# ---------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server"),
                                      e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    return e


def wait_ready(fn, seconds=240):
    end = time.monotonic() + seconds
    while True:
        try:
            return fn()
        except Exception:
            if time.monotonic() > end:
                raise
            time.sleep(0.2)


def timings(fn, n: int) -> list[float]:
    for _ in range(min(50, n)):
        fn()
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def pct(ts, q):
    return float(np.percentile(ts, q))


def throughput(fn, threads: int, seconds: float) -> float:
    stop = time.monotonic() + seconds
    counts = [0] * threads

    def run(i):
        while time.monotonic() < stop:
            fn()
            counts[i] += 1

    ts = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    t0 = time.monotonic()
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return sum(counts) / (time.monotonic() - t0)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="numpy")
    p.add_argument("--quick", action="store_true", help="fewer repetitions")
    p.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    p.add_argument("--kind", default="threads", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.echo_server:
        echo_server(a.echo_server, a.kind)
        return 0

    n_tiny = 500 if a.quick else 3000
    n_big = 3 if a.quick else 7
    secs = 1.5 if a.quick else 4.0
    wport, eport, aport, waport = free_port(), free_port(), free_port(), free_port()
    procs = [
        subprocess.Popen([sys.executable, "-m", "ivy_server.worker", "--backend", a.backend,
                          "--port", str(wport), "--log-level", "WARNING"], env=env()),
        subprocess.Popen([sys.executable, __file__, "--echo-server", str(eport), "--kind",
                          "threads"], env=env()),
        subprocess.Popen([sys.executable, __file__, "--echo-server", str(aport), "--kind", "aio"],
                         env=env()),
        subprocess.Popen([sys.executable, "-m", "ivy_server.worker", "--backend", a.backend,
                          "--port", str(waport), "--log-level", "WARNING", "--server-kind", "aio"],
                         env=env()),
    ]
    try:
        client = ivy_client.Client(f"{a.backend}=127.0.0.1:{wport}")
        wait_ready(lambda: client.call("add", 1, 1, backend=a.backend, timeout=2))
        aclient = ivy_client.Client(f"{a.backend}=127.0.0.1:{waport}")
        wait_ready(lambda: aclient.call("add", 1, 1, backend=a.backend, timeout=2))
        echo_ch = grpc.insecure_channel(f"127.0.0.1:{eport}", options=OPTS)
        aio_ch = grpc.insecure_channel(f"127.0.0.1:{aport}", options=OPTS)
        echo = echo_ch.unary_unary("/bench.Echo/Echo")
        aecho = aio_ch.unary_unary("/bench.Echo/Echo")
        wait_ready(lambda: echo(b"x", timeout=2))
        wait_ready(lambda: aecho(b"x", timeout=2))

        x = np.arange(4.0).reshape(2, 2)
        request = client._request("add", (x, x), {}, False)  # the exact bytes the call sends
        rows = []

        # tiny calls: interleave to share the machine's noise fairly
        t_call, t_echo, t_aio, t_waio = [], [], [], []
        for _ in range(5):
            t_call += timings(lambda: client.call("add", x, x, backend=a.backend), n_tiny // 5)
            t_waio += timings(lambda: aclient.call("add", x, x, backend=a.backend), n_tiny // 5)
            t_echo += timings(lambda: echo(request), n_tiny // 5)
            t_aio += timings(lambda: aecho(request), n_tiny // 5)
        e50, e99 = pct(t_echo, 50), pct(t_echo, 99)
        rows.append(["tiny add 2x2 p50", f"{pct(t_call, 50) * 1e6:.0f} us",
                     f"{e50 * 1e6:.0f} us", f"{pct(t_call, 50) / e50:.2f}x", "<= 1.2x"])
        rows.append(["tiny add 2x2 p99", f"{pct(t_call, 99) * 1e6:.0f} us",
                     f"{e99 * 1e6:.0f} us", f"{pct(t_call, 99) / e99:.2f}x", ""])
        rows.append(["echo: grpc.aio vs threads p50", f"{pct(t_aio, 50) * 1e6:.0f} us",
                     f"{e50 * 1e6:.0f} us", f"{pct(t_aio, 50) / e50:.2f}x", "server kind"])
        rows.append(["worker --server-kind aio, tiny p50", f"{pct(t_waio, 50) * 1e6:.0f} us",
                     f"{e50 * 1e6:.0f} us", f"{pct(t_waio, 50) / e50:.2f}x",
                     f"threads: {pct(t_call, 50) / e50:.2f}x"])

        for mb in (1, 16, 64):
            arr = np.random.default_rng(0).random(mb * MiB // 8)
            shape = arr.shape

            def rt_call(arr=arr, shape=shape):
                return client.call("reshape", arr, shape, backend=a.backend, timeout=120)

            def rt_echo(arr=arr):
                return np.frombuffer(echo(arr.tobytes(), timeout=120), np.float64)

            tc, te = [], []
            rt_call(), rt_echo()  # warm-up
            for _ in range(n_big if mb == 64 else 4 * n_big):  # interleaved, one call each
                t0 = time.perf_counter()
                rt_call()
                t1 = time.perf_counter()
                rt_echo()
                tc.append(t1 - t0)
                te.append(time.perf_counter() - t1)
            bc, be = 2 * mb / float(np.median(tc)), 2 * mb / float(np.median(te))
            rows.append([f"{mb} MB round trip", f"{bc:.0f} MB/s", f"{be:.0f} MB/s",
                         f"{bc / be:.2f}x", ">= 0.8x"])

        for conc in (1, 8, 32):
            cc = throughput(lambda: client.call("add", x, x, backend=a.backend), conc, secs)
            ce = throughput(lambda: echo(request), conc, secs)
            rows.append([f"calls/s, concurrency {conc}", f"{cc:.0f}", f"{ce:.0f}",
                         f"{cc / ce:.2f}x", ""])

        header = ["measure", f"ivy worker ({a.backend})", "raw gRPC echo", "ratio", "target"]
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for r in [header, ["-" * w for w in widths], *rows]:
            print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        print(f"\n(request bytes of the tiny call: {len(request)}; frame check: "
              f"{wire.parse_call_request(request)[0]!r}; {os.cpu_count()} CPUs)")
        client.close()
        aclient.close()
    finally:
        for pr in procs:
            pr.send_signal(signal.SIGTERM)
        for pr in procs:
            try:
                pr.wait(10)
            except subprocess.TimeoutExpired:
                pr.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
