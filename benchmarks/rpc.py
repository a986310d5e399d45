"""RPC benchmark: an Ivy worker against a raw gRPC echo of the same bytes, over TCP and over a
Unix domain socket, in one run.

    .venv/bin/python benchmarks/rpc.py [--quick] [--runs 3] [--backend numpy] [--only tiny]

Starts (as subprocesses) one ivy worker (TCP on 127.0.0.1 and its default Unix socket) and one
raw echo server (identity serializers on a thread-pool server: the least work gRPC Python can
do) listening on TCP and on a Unix socket, and measures, each against the echo over the same
transport, worker and echo interleaved:

- tiny call: ``add`` on two 2x2 float64 arrays, p50 and the work it adds (p50 - echo p50),
  vs the echo of the identical request bytes,
- 1/16/64/256 MB round trips (``reshape`` to the same shape: no compute, the array goes there
  and back; median of many, one call each in turn) vs echoing the same bytes (client:
  ``tobytes`` out, ``np.frombuffer`` back); also through shared memory (the worker runs with
  ``--shm``, a ``Client(shm=True)``; compared with the TCP echo),
- calls/s at concurrency 1, 8 and 32 (threads sharing one client) vs the echo,
- the tiny call's CPU (client + server) against the echo's, on all the machine's CPUs; again
  with the client, the worker and the echo pinned to one CPU (TCP): the code's own work, with
  caches kept warm; and with the client on one CPU and the worker and the echo on another (TCP):
  a fixed placement, the hops between CPUs as unpinned. 10 blocks each, worker and echo in turn;
  the added CPU is the median of the paired differences (each worker block minus the echo block
  next to it, the one that runs first swapped every block: the host's drift between blocks
  cancels out, and so does what running second costs), the ratio that of the medians,
- A/A: a second echo server measured against the first as the worker is (unpinned): the noise
  of the unpinned rows, where the scheduler's placement of three processes on the CPUs moves the
  figures by tens of us from one run to the next.

Each measure is taken ``--runs`` times (default 3) and shown as min / median / max of the ratio.
``--load N`` runs N busy processes (NumPy work on 1 MiB arrays) beside the measures: a loaded
run that can be repeated.
``--only tiny`` measures the tiny call alone (p50, CPU per call, calls/s at concurrency 1): the
figures the codec's C fast path moves (``IVY_FASTWIRE=python`` in the environment turns it off in
the client and the worker, for a before/after on one machine); ``--fastwire-ab ROUNDS`` compares
the two paired, in one run (two workers, the client switching with them); ``--tree-ab DIR``
compares this tree's client and worker with another copy of the code, paired the same way
(``git archive HEAD client server | tar -x -C DIR`` and the built extension copied in gives a
before/after of uncommitted changes; ``--pin`` runs either comparison with every process on one
CPU); ``--large-ab DIR`` does the same for the large-array round
trips of ``--sizes`` (wall time and the server's CPU per call, with the echo); ``--large-ab echo``
puts a second echo server in the other tree's place (the method's A/A beside the worker).
Targets (issue 16): tiny p50 <= 1.15x the echo and <= 40 us added; large arrays >= 0.9x the
echo's bandwidth; calls/s at concurrency 1 >= 0.85x; shared memory >= 3 GB/s at 64 MB.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
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
from ivy_client import codec, wire  # noqa: E402

#: one busy process of ``--load``: NumPy work on 1 MiB arrays until it is stopped
BUSY = ("import numpy as np\na = np.random.default_rng(0).random(2**17)\n"
        "while True:\n    a = np.sin(a) + 0.5\n")
OPTS = [("grpc.max_send_message_length", 2047 * 2**20),
        ("grpc.max_receive_message_length", 2047 * 2**20)]
MiB = 2**20


# ---------------------------------------------------------------------------------------------
# the raw echo server (run as a subprocess of this script)
# ---------------------------------------------------------------------------------------------

def echo_server(port: int, uds: str) -> None:
    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(lambda r, c: r)})
    s = grpc.server(futures.ThreadPoolExecutor(16), options=OPTS)
    s.add_generic_rpc_handlers([handler])
    s.add_insecure_port(f"127.0.0.1:{port}")
    s.add_insecure_port(f"unix:{uds}")
    s.start()
    s.wait_for_termination()


def echo_process(port: int, uds: str) -> subprocess.Popen:
    """The raw echo (:func:`echo_server`) in its own process, on ``port`` and the socket ``uds``."""
    return subprocess.Popen([sys.executable, __file__, "--echo-server", str(port), "--uds", uds],
                            env=env())


# ---------------------------------------------------------------------------------------------
# measurement
# ---------------------------------------------------------------------------------------------

def free_ports(n: int) -> list[int]:
    """``n`` distinct free TCP ports (all held open while they are picked: one at a time, the
    kernel may hand the same port out twice)."""
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


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


def proc_cpu(pid: int) -> float:
    """CPU seconds a process has used so far, all its threads (``/proc/<pid>/task/*/schedstat``:
    nanoseconds, not the 10 ms ticks of ``/proc/<pid>/stat``); 0.0 where /proc has no such file."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for t in tasks:
        try:
            with open(f"/proc/{pid}/task/{t}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended meanwhile
    return total / 1e9


def cpu_per_call(fn, n: int, server_pid: int) -> float:
    """CPU seconds per call of ``fn``, this process (the client) plus the server process: the
    work a call costs, which — unlike latency — another job on the machine barely changes."""
    for _ in range(min(50, n)):
        fn()
    c0, s0 = time.process_time(), proc_cpu(server_pid)
    for _ in range(n):
        fn()
    return (time.process_time() - c0 + proc_cpu(server_pid) - s0) / n


@contextlib.contextmanager
def pinned(placement: dict):
    """Every thread of each process ``pid`` in ``placement`` on the CPU ``placement[pid]``, then
    back as they were."""
    before = {}
    for pid, cpu in placement.items():
        for t in os.listdir(f"/proc/{pid}/task"):
            try:
                before[int(t)] = os.sched_getaffinity(int(t))
                os.sched_setaffinity(int(t), {cpu})
            except OSError:  # the thread ended
                pass
    try:
        yield
    finally:
        for tid, cpus in before.items():
            try:
                os.sched_setaffinity(tid, cpus)
            except OSError:
                pass


def pinned_to_one_cpu(pids):
    """Every thread of ``pids`` on the last CPU this process may use, then back as they were."""
    return pinned(dict.fromkeys(pids, max(os.sched_getaffinity(0))))


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


@contextlib.contextmanager
def _pinned_if(pin: bool, pids):
    """``pinned_to_one_cpu(pids)`` for ``--pin`` (saying so after the results), else nothing."""
    if not pin:
        yield
        return
    with pinned_to_one_cpu(pids):
        yield
    print("(every process pinned to one CPU: warm caches, the code's own work)")


CPU_BLOCKS = 10  # blocks of n_tiny // 5 calls for the CPU-per-call measures


def sent_bytes(c, function: str, args: tuple) -> bytes:
    """The bytes ``c.call(function, *args)`` sends: the C path's request (its inline arrays
    aligned) where it takes the call, else the Python framing."""
    fast = codec._fast
    r = fast.encode_request(function, args, {}, codec.OOB_THRESHOLD, c.max_message_bytes) \
        if fast is not None else None
    return r if r is not None else c._request(function, args, {}, False)


def client_and_servers_on_two_cpus(client_pid: int, server_pids):
    """``client_pid``'s threads on the first CPU this process may use, every thread of
    ``server_pids`` on the last one, then back as they were: a fixed placement, the same for the
    worker and the echo (unpinned, where the scheduler puts three processes on two CPUs changes
    the figures by tens of us from one run to the next: the A/A row)."""
    cpus = sorted(os.sched_getaffinity(0))
    return pinned({client_pid: cpus[0], **dict.fromkeys(server_pids, cpus[-1])})


def _alternating(measures: dict, blocks: int) -> dict:
    """``{name: [one value per block]}`` of the ``measures[name]()`` (worker and echo side by
    side), run in turn for ``blocks`` blocks, the order reversed every block: whichever of a
    pair runs second (after the other's burst of calls) is not always the same one."""
    names = list(measures)
    out: dict = {k: [] for k in names}
    for b in range(blocks):
        for k in names if b % 2 == 0 else names[::-1]:
            out[k].append(measures[k]())
    return out


def _paired(ivy: list, echo: list) -> float:
    """Median of the paired differences ivy[i] - echo[i] (seconds), in us."""
    return float(np.median(np.array(ivy) - np.array(echo))) * 1e6


def one_run(a, clients: dict, echoes: dict, request: bytes, n_tiny: int, n_big: int,
            secs: float, pids: tuple) -> dict:
    """{measure: (ivy value, echo value, ratio, unit)} for one run over both transports."""
    out: dict = {}
    x = np.arange(4.0).reshape(2, 2)
    tr = ["tcp", "uds"]
    # tiny calls, interleaved in blocks
    t: dict = {(k, w): [] for k in tr for w in ("ivy", "echo")}
    for _ in range(5):
        for k in tr:
            c, e = clients[k], echoes[k]
            t[(k, "ivy")] += timings(lambda c=c: c.call("add", x, x, backend=a.backend),
                                     n_tiny // 5)
            t[(k, "echo")] += timings(lambda e=e: e(request), n_tiny // 5)
    for k in tr:
        ci, ce = np.median(t[(k, "ivy")]) * 1e6, np.median(t[(k, "echo")]) * 1e6
        out[f"tiny add 2x2 p50, {k}"] = (ci, ce, ci / ce, "us")
        out[f"tiny added work (p50 - echo p50), {k}"] = (ci - ce, 0.0, None, "us")
    # CPU per tiny call, client + server, interleaved in blocks; the added work is the median of
    # the paired differences (worker block - the echo block next to it, which of the two runs
    # first swapped every block), so that the host's drift between blocks cancels out
    measures = {}
    for k in tr:
        c, e = clients[k], echoes[k]
        measures[(k, "ivy")] = lambda c=c: cpu_per_call(
            lambda: c.call("add", x, x, backend=a.backend), n_tiny // 5, pids[0])
        measures[(k, "echo")] = lambda e=e: cpu_per_call(lambda: e(request), n_tiny // 5,
                                                         pids[1])
    cpu = _alternating(measures, CPU_BLOCKS)
    for k in tr:
        ci, ce = np.median(cpu[(k, "ivy")]) * 1e6, np.median(cpu[(k, "echo")]) * 1e6
        out[f"tiny CPU per call (client + server), {k}"] = (ci, ce, ci / ce, "us")
        out[f"tiny added CPU work per call, {k}"] = (_paired(cpu[(k, "ivy")], cpu[(k, "echo")]),
                                                    0.0, None, "us")
    # A/A: a second echo server (the same code) measured as the worker is: what the unpinned
    # rows above can tell apart at all
    if "tcp2" in echoes:
        e, e2 = echoes["tcp"], echoes["tcp2"]
        aa = _alternating({"echo2": lambda: cpu_per_call(lambda: e2(request), n_tiny // 5,
                                                         pids[2]),
                           "echo": lambda: cpu_per_call(lambda: e(request), n_tiny // 5,
                                                        pids[1])}, CPU_BLOCKS)
        out["A/A: a second echo's added CPU (noise), tcp"] = (
            _paired(aa["echo2"], aa["echo"]), 0.0, None, "us")
    # the same with the client, the worker and the echo on one CPU (TCP): no core ever idles
    # between the hops of a call, so the caches stay warm and the figure is the code's own work
    # (on a VM an idle vCPU is descheduled and every hop starts cold: docs/rpc.md "Cold code")
    pair = {w: measures[("tcp", w)] for w in ("ivy", "echo")}
    with pinned_to_one_cpu([os.getpid(), *pids]):
        one = _alternating(pair, CPU_BLOCKS)
    ci, ce = np.median(one["ivy"]) * 1e6, np.median(one["echo"]) * 1e6
    out["tiny CPU per call, one CPU, tcp"] = (ci, ce, ci / ce, "us")
    out["tiny added CPU work per call, one CPU, tcp"] = (_paired(one["ivy"], one["echo"]), 0.0,
                                                         None, "us")
    # and with the client on one CPU, the worker and the echo on another: a fixed placement
    # (what a client and a worker on their own cores do), hops between CPUs as unpinned
    if len(os.sched_getaffinity(0)) > 1:
        with client_and_servers_on_two_cpus(os.getpid(), pids[:2]):
            two = _alternating(pair, CPU_BLOCKS)
        ci, ce = np.median(two["ivy"]) * 1e6, np.median(two["echo"]) * 1e6
        out["tiny CPU per call, client | servers on two CPUs, tcp"] = (ci, ce, ci / ce, "us")
        out["tiny added CPU work per call, client | servers on two CPUs, tcp"] = (
            _paired(two["ivy"], two["echo"]), 0.0, None, "us")
    # large arrays, one call each in turn; shared memory is compared with the TCP echo
    for mb in a.sizes if a.only != "tiny" else ():
        arr = np.random.default_rng(0).random(mb * MiB // 8)
        shape = arr.shape
        fns = {}
        for k in [*tr, "shm"]:
            c, e = clients[k], echoes[k if k != "shm" else "tcp"]
            fns[(k, "ivy")] = (lambda c=c: c.call("reshape", arr, shape, backend=a.backend,
                                                  timeout=120))
            fns[(k, "echo")] = (lambda e=e: np.frombuffer(e(arr.tobytes(), timeout=120),
                                                          np.float64))
        ts: dict = {key: [] for key in fns}
        for f in fns.values():
            f()  # warm-up
        # n_big at 64 MB and 64 / mb times as many below (1 MB: 320 calls, was 20, a median
        # that moved by ±0.1x from run to run); 256 MB at least 2
        for _ in range(max(2, n_big * 64 // mb) if mb <= 64 else max(2, n_big // 2)):
            for key, f in fns.items():
                t0 = time.perf_counter()
                r = f()
                ts[key].append(time.perf_counter() - t0)
                del r
        for k in [*tr, "shm"]:
            bi = 2 * mb / float(np.median(ts[(k, "ivy")]))
            be = 2 * mb / float(np.median(ts[(k if k != "shm" else "tcp", "echo")]))
            out[f"{mb} MB round trip, {k}"] = (bi, be, bi / be, "MB/s")
        del fns, ts
    for conc in (1, 8, 32) if a.only != "tiny" else (1,):
        for k in tr:
            c, e = clients[k], echoes[k]
            ci = throughput(lambda c=c: c.call("add", x, x, backend=a.backend), conc, secs)
            ce = throughput(lambda e=e: e(request), conc, secs)
            out[f"calls/s, concurrency {conc}, {k}"] = (ci, ce, ci / ce, "")
    return out


TARGETS = {"tiny add 2x2 p50": "<= 1.15x", "tiny added work": "<= 40 us",
           "tiny added CPU work": "<= 40 us",
           "64 MB round trip, shm": ">= 3000 MB/s", "MB round trip, shm": "",
           "MB round trip": ">= 0.9x", "concurrency 1,": ">= 0.85x"}


@contextlib.contextmanager
def _workers_and_echo(backend: str, worker_envs: dict):
    """One worker per entry of ``worker_envs`` (name -> its environment) and the raw echo, on
    free TCP ports; yields ``(ports, procs, echo)`` once the echo answers (``echo(bytes)`` sends
    one request), and stops them all afterwards."""
    names = (*worker_envs, "echo")
    ports = dict(zip(names, free_ports(len(names)), strict=True))
    esock = f"/tmp/ivy-bench-echo-{os.getpid()}.sock"
    procs = {k: subprocess.Popen([sys.executable, "-m", "ivy_server.worker", "--backend",
                                  backend, "--port", str(ports[k]), "--log-level", "WARNING",
                                  "--uds", "none"], env=e)
             for k, e in worker_envs.items()}
    procs["echo"] = echo_process(ports["echo"], esock)
    try:
        ch = grpc.insecure_channel(f"127.0.0.1:{ports['echo']}", options=OPTS)
        echo = ch.unary_unary("/bench.Echo/Echo")
        wait_ready(lambda: echo(b"x", timeout=2))
        yield ports, procs, echo
    finally:
        for pr in procs.values():
            pr.send_signal(signal.SIGTERM)
        for pr in procs.values():
            try:
                pr.wait(10)
            except subprocess.TimeoutExpired:
                pr.kill()
        try:
            os.unlink(esock)
        except OSError:
            pass


def _echo_round(echo, request, n, pid):
    """The echo's side of a paired round: (CPU s per call, client + server; p50 s)."""
    return (cpu_per_call(lambda: echo(request), n, pid),
            float(np.median(timings(lambda: echo(request), n // 2))))


def _paired_rounds(run, pair, label, blocks, n):
    """Run ``run(k)`` -> (CPU s per call, p50 s) for the two sides of ``pair`` and the echo,
    interleaved (each round starts with another one), and print the paired comparison:
    per round 25th percentile / median / 75th percentile, and ``pair[0] - pair[1]``."""
    order = [pair[1], pair[0], "echo"]
    res: dict = {k: [] for k in order}
    for b in range(blocks):
        for k in order[b % 3:] + order[:b % 3]:
            res[k].append(run(k))
    cpu = {k: np.array([r[0] for r in v]) * 1e6 for k, v in res.items()}
    lat = {k: np.array([r[1] for r in v]) * 1e6 for k, v in res.items()}

    def q(v):
        return f"{np.percentile(v, 25):.0f} / {np.median(v):.0f} / {np.percentile(v, 75):.0f}"

    print(f"{blocks} rounds x {n} tiny calls each (add, 2x2 float64, TCP); per round: "
          "25th percentile / median / 75th percentile")
    for k in pair:
        print(f"  {label.format(k):12}: CPU per call {q(cpu[k])} us, added CPU over the echo "
              f"{q(cpu[k] - cpu['echo'])} us, p50 {q(lat[k])} us")
    print(f"  {'echo':12}: CPU per call {q(cpu['echo'])} us, p50 {q(lat['echo'])} us")
    a, b = pair
    print(f"  {a} - {b} (paired): CPU {q(cpu[a] - cpu[b])} us, p50 {q(lat[a] - lat[b])} us")
    print(f"(2 workers + echo; {os.cpu_count()} CPUs; load average "
          f"{' '.join(f'{v:.1f}' for v in os.getloadavg())}; {time.strftime('%Y-%m-%d %H:%M')})")


def fastwire_ab(a, blocks: int, n: int) -> int:
    """The codec's C fast path on vs off, paired: two workers (one started with
    IVY_FASTWIRE=python), one client process switching ``codec._fast`` to match, and the raw echo
    of the same request, over TCP; ``blocks`` rounds of ``n`` tiny calls each, the three in turn
    (rotating who goes first). CPU per call is client + server process (as in the main table);
    the paired difference off - on is taken within each round, so load that changes between
    rounds cancels out."""
    fast = codec._fast
    if fast is None:
        print("the C fast path is not built (or IVY_FASTWIRE=python): nothing to compare")
        return 1
    off_env = dict(env(), IVY_FASTWIRE="python")
    on_env = env()
    on_env.pop("IVY_FASTWIRE", None)
    x = np.arange(4.0).reshape(2, 2)
    with _workers_and_echo(a.backend, {"on": on_env, "off": off_env}) as (ports, procs, echo):
        clients = {k: ivy_client.Client(f"{a.backend}=127.0.0.1:{ports[k]}", uds=False)
                   for k in ("on", "off")}
        for c in clients.values():
            wait_ready(lambda c=c: c.call("add", 1, 1, backend=a.backend, timeout=2))
        request = sent_bytes(clients["on"], "add", (x, x))

        def run(k):
            if k == "echo":
                return _echo_round(echo, request, n, procs["echo"].pid)
            codec._fast = fast if k == "on" else None
            try:
                c = clients[k]

                def f():
                    return c.call("add", x, x, backend=a.backend)

                return (cpu_per_call(f, n, procs[k].pid), float(np.median(timings(f, n // 2))))
            finally:
                codec._fast = fast

        with _pinned_if(a.pin, [os.getpid(), *(p.pid for p in procs.values())]):
            _paired_rounds(run, ("off", "on"), "C path {}", blocks, n)
        for c in clients.values():
            c.close()
    return 0


_AB_CLIENT = r'''
import sys, time, os
tree = sys.argv[1]
sys.path[:0] = [tree + "/client", tree + "/server"]
import numpy as np, ivy_client
from ivy_client import codec
port, backend, server_pid = sys.argv[2], sys.argv[3], int(sys.argv[4])

def proc_cpu(pid):
    total = 0
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{t}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total / 1e9

c = ivy_client.Client(f"{backend}=127.0.0.1:{port}", uds=False)
x = np.arange(4.0).reshape(2, 2)
end = time.monotonic() + 240
while True:
    try:
        c.call("add", 1, 1, backend=backend, timeout=2)
        break
    except Exception:
        if time.monotonic() > end:
            raise
        time.sleep(0.2)
print("ready", codec._fast is not None, flush=True)
for line in sys.stdin:
    n = int(line)
    for _ in range(50):
        c.call("add", x, x, backend=backend)
    c0, s0 = time.process_time(), proc_cpu(server_pid)
    for _ in range(n):
        c.call("add", x, x, backend=backend)
    cpu = (time.process_time() - c0 + proc_cpu(server_pid) - s0) / n
    ts = []
    for _ in range(n // 2):
        t = time.perf_counter()
        c.call("add", x, x, backend=backend)
        ts.append(time.perf_counter() - t)
    print(cpu, float(np.median(ts)), flush=True)
'''


def _tree_envs(other: str) -> tuple:
    """``trees`` (this tree and ``other``) and their worker environments (the tree's
    ``client/`` and ``server/`` first on the path, Ivy itself from this tree)."""
    trees = {"this": str(ROOT), "other": str(Path(other).resolve())}
    envs = {}
    for k, tree in trees.items():
        e = dict(env())
        e["PYTHONPATH"] = os.pathsep.join([f"{tree}/client", f"{tree}/server", str(ROOT)])
        envs[k] = e
    return trees, envs


def tree_ab(a, other: str, blocks: int, n: int) -> int:
    """This tree against another copy of the code (``other``: a directory holding ``client/``
    and ``server/``, e.g. ``git archive HEAD client server | tar -x -C DIR``, plus the built
    extension), paired: a worker and a client process from each tree (Ivy itself from this
    tree for both) and the raw echo, ``blocks`` rounds of ``n`` tiny calls each, the three in
    turn (rotating who goes first). CPU per call is client + server process; the paired
    difference other - this is taken within each round."""
    trees, worker_envs = _tree_envs(other)
    clients: dict = {}
    with _workers_and_echo(a.backend, worker_envs) as (ports, procs, echo):
        try:
            for k, tree in trees.items():
                e = dict(env())
                e["PYTHONPATH"] = str(ROOT)
                clients[k] = subprocess.Popen(
                    [sys.executable, "-c", _AB_CLIENT, tree, str(ports[k]), a.backend,
                     str(procs[k].pid)], env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    text=True)
            for k, c in clients.items():
                line = c.stdout.readline().split()
                if not line or line[0] != "ready":
                    raise RuntimeError(f"the {k} tree's client did not start")
                print(f"{k}: {trees[k]} (C fast path {'on' if line[1] == 'True' else 'off'})")
            x = np.arange(4.0).reshape(2, 2)
            request = sent_bytes(ivy_client.Client(f"{a.backend}=127.0.0.1:1"), "add", (x, x))

            def run(k):
                if k == "echo":
                    return _echo_round(echo, request, n, procs["echo"].pid)
                clients[k].stdin.write(f"{n}\n")
                clients[k].stdin.flush()
                cpu, p50 = clients[k].stdout.readline().split()
                return float(cpu), float(p50)

            with _pinned_if(a.pin, [os.getpid(), *(p.pid for p in procs.values()),
                                    *(c.pid for c in clients.values())]):
                _paired_rounds(run, ("other", "this"), "{} tree", blocks, n)
        finally:
            for c in clients.values():
                c.stdin.close()
                c.wait(10)
    return 0


def large_ab(a, other: str, rounds: int) -> int:
    """Large-array round trips (``reshape``: the array goes there and back) through this tree's
    worker and another copy's (``other``, as for ``--tree-ab``), and the raw echo of the same
    bytes, in turn per round (rotating who goes first), for each of ``--sizes``; one client
    process (this tree's). Per call: wall time and the server process's CPU (all its threads),
    the figure another job on the machine barely moves; medians of the rounds, and the paired
    difference other - this. ``other`` "echo": a second raw echo in the other tree's place, so
    the table shows what the method itself reads between two identical servers (A/A)."""
    aa = other == "echo"  # the "other" side is a second echo server: the method's A/A
    trees, worker_envs = _tree_envs("." if aa else other)
    if aa:
        del trees["other"], worker_envs["other"]
    with _workers_and_echo(a.backend, worker_envs) as (ports, procs, echo):
        clients = {k: ivy_client.Client(f"{a.backend}=127.0.0.1:{ports[k]}", uds=False)
                   for k in trees}
        for c in clients.values():
            wait_ready(lambda c=c: c.call("add", 1, 1, backend=a.backend, timeout=2))
        if aa:
            port2 = free_ports(1)[0]
            sock2 = f"/tmp/ivy-bench-echo2-{os.getpid()}.sock"
            # it stops with the workers (it is in procs); its socket file goes at exit
            atexit.register(lambda: os.path.exists(sock2) and os.unlink(sock2))
            procs["other"] = echo_process(port2, sock2)
            echo2 = grpc.insecure_channel(f"127.0.0.1:{port2}", options=OPTS).unary_unary(
                "/bench.Echo/Echo")
            wait_ready(lambda: echo2(b"x", timeout=2))
        for mb in a.sizes:
            arr = np.random.default_rng(0).random(mb * MiB // 8)
            fns = {k: (lambda c=c, x=arr: c.call("reshape", x, x.shape, backend=a.backend,
                                                timeout=300)) for k, c in clients.items()}
            fns["echo"] = lambda x=arr: np.frombuffer(echo(x.tobytes(), timeout=300), np.float64)
            if aa:
                fns["other"] = lambda x=arr: np.frombuffer(echo2(x.tobytes(), timeout=300),
                                                           np.float64)
            for f in fns.values():
                f()  # warm-up
            wall: dict = {k: [] for k in fns}
            cpu: dict = {k: [] for k in fns}
            order = list(fns)
            for r in range(rounds):
                for k in order[r % 3:] + order[:r % 3]:
                    s0, t0 = proc_cpu(procs[k].pid), time.perf_counter()
                    out = fns[k]()
                    wall[k].append(time.perf_counter() - t0)
                    cpu[k].append(proc_cpu(procs[k].pid) - s0)
                    del out
            w = {k: np.array(v) * 1e3 for k, v in wall.items()}
            c = {k: np.array(v) * 1e3 for k, v in cpu.items()}
            print(f"{mb} MB round trip, {rounds} rounds (median of the rounds):")
            for k in order:
                print(f"  {k:6}: {2 * mb / np.median(w[k]) * 1e3:6.0f} MB/s "
                      f"({np.median(w['echo']) / np.median(w[k]):.2f}x the echo), "
                      f"server CPU per call {np.median(c[k]):7.1f} ms")
            print(f"  other - this (paired): wall {np.median(w['other'] - w['this']):+.1f} ms, "
                  f"server CPU {np.median(c['other'] - c['this']):+.1f} ms")
            del arr, fns
        for cl in clients.values():
            cl.close()
    print(f"({'worker + 2 echoes' if aa else '2 workers + echo'}; {os.cpu_count()} CPUs; "
          f"load average "
          f"{' '.join(f'{v:.1f}' for v in os.getloadavg())}; {time.strftime('%Y-%m-%d %H:%M')})")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="numpy")
    p.add_argument("--quick", action="store_true", help="fewer repetitions")
    p.add_argument("--runs", type=int, default=3, help="repeat every measure (default 3)")
    p.add_argument("--sizes", type=lambda v: [int(x) for x in v.split(",")],
                   default=[1, 16, 64, 256], help="MB of the round trips (default 1,16,64,256)")
    p.add_argument("--only", choices=["tiny"], help="tiny: only the tiny-call measures")
    p.add_argument("--fastwire-ab", type=int, metavar="ROUNDS",
                   help="only compare the codec's C fast path on vs off (paired, ROUNDS rounds)")
    p.add_argument("--tree-ab", metavar="DIR",
                   help="compare this tree's client and worker with those of another copy of "
                        "the code in DIR (paired; --rounds rounds)")
    p.add_argument("--large-ab", metavar="DIR",
                   help="compare large-array round trips (--sizes) through this tree's worker "
                        "and another copy's in DIR, with the echo (paired; --rounds rounds); "
                        "DIR 'echo': a second echo server instead (the method's A/A)")
    p.add_argument("--load", type=int, default=0, metavar="N",
                   help="N busy processes beside the measures (a loaded run, reproducibly: "
                        "the issue's figures were taken with one other job running)")
    p.add_argument("--pin", action="store_true",
                   help="--tree-ab / --fastwire-ab: every process on one CPU (no core idles "
                        "between the hops of a call, so caches stay warm: the code's own work)")
    p.add_argument("--rounds", type=int, default=30,
                   help="rounds of --tree-ab (default 30) or --large-ab")
    p.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    p.add_argument("--uds", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.echo_server:
        echo_server(a.echo_server, a.uds)
        return 0
    if a.fastwire_ab:
        return fastwire_ab(a, a.fastwire_ab, 200 if a.quick else 500)
    if a.tree_ab:
        return tree_ab(a, a.tree_ab, a.rounds, 200 if a.quick else 500)
    if a.large_ab:
        return large_ab(a, a.large_ab, a.rounds)

    n_tiny = 500 if a.quick else 2000
    n_big = 2 if a.quick else 5
    secs = 1.0 if a.quick else 2.0
    wport, eport, eport2 = free_ports(3)
    esock = f"/tmp/ivy-bench-echo-{os.getpid()}.sock"
    procs = [
        subprocess.Popen([sys.executable, "-m", "ivy_server.worker", "--backend", a.backend,
                          "--port", str(wport), "--log-level", "WARNING", "--shm",
                          "--max-message-mb", "2047"], env=env()),
        echo_process(eport, esock),
        echo_process(eport2, esock + "2"),
    ]
    # the load: processes that only compute (NumPy work on 1 MiB arrays, so the caches are
    # contended as well as the CPUs), started after the servers and stopped with them
    procs += [subprocess.Popen([sys.executable, "-c", BUSY], env=env()) for _ in range(a.load)]
    try:
        spec = f"{a.backend}=127.0.0.1:{wport}"
        clients = {"tcp": ivy_client.Client(spec, uds=False, max_message_mb=2047),
                   "uds": ivy_client.Client(spec, uds=True, max_message_mb=2047),
                   "shm": ivy_client.Client(spec, uds=False, shm=True, max_message_mb=2047)}
        for c in clients.values():
            wait_ready(lambda c=c: c.call("add", 1, 1, backend=a.backend, timeout=2))
        wait_ready(lambda: clients["uds"].transport(a.backend) == "uds" or 1 / 0, 20)
        assert clients["tcp"].transport(a.backend) == "tcp"
        big = np.ones(MiB)
        assert (clients["shm"].call("add", big, 1.0, backend=a.backend) == 2.0).all()
        assert clients["shm"]._conns[f"127.0.0.1:{wport}"].shm, "shared memory not in use"
        chans = {"tcp": grpc.insecure_channel(f"127.0.0.1:{eport}", options=OPTS),
                 "uds": grpc.insecure_channel(f"unix:{esock}", options=OPTS),
                 "tcp2": grpc.insecure_channel(f"127.0.0.1:{eport2}", options=OPTS)}
        echoes = {k: ch.unary_unary("/bench.Echo/Echo") for k, ch in chans.items()}
        for e in echoes.values():
            wait_ready(lambda e=e: e(b"x", timeout=2))

        x = np.arange(4.0).reshape(2, 2)
        request = sent_bytes(clients["tcp"], "add", (x, x))  # the bytes a call sends
        runs = [one_run(a, clients, echoes, request, n_tiny, n_big, secs,
                        (procs[0].pid, procs[1].pid, procs[2].pid))
                for _ in range(max(1, a.runs))]

        header = ["measure", f"ivy worker ({a.backend}), median", "raw gRPC echo, median",
                  f"ratio min / median / max ({len(runs)} runs)", "target"]
        rows = []
        for key in runs[0]:
            vals = [r[key] for r in runs]
            unit = vals[0][3]
            iv = float(np.median([v[0] for v in vals]))
            ev = float(np.median([v[1] for v in vals]))
            target = next((t for k, t in TARGETS.items() if k in key), "")
            if "MB round trip" in key and int(key.split()[0]) > 64 and target:
                target = "(1-64 MB)"  # the range: a larger row has no target
            if vals[0][2] is None:  # added work: min / median / max of the value itself
                ws = sorted(v[0] for v in vals)
                rows.append([key, f"{iv:.0f} {unit}", "", f"{ws[0]:.0f} / {iv:.0f} / {ws[-1]:.0f}"
                             f" {unit}", target])
                continue
            rs = sorted(v[2] for v in vals)
            rows.append([key, f"{iv:.0f} {unit}".strip(), f"{ev:.0f} {unit}".strip(),
                         f"{rs[0]:.2f} / {float(np.median(rs)):.2f} / {rs[-1]:.2f}x", target])
        # UDS vs TCP, same run: echo and worker
        for what in ("tiny add 2x2 p50", f"{max(a.sizes)} MB round trip",
                     "calls/s, concurrency 1"):
            if f"{what}, tcp" not in runs[0]:
                continue
            u = [r[f"{what}, uds"] for r in runs]
            tcp = [r[f"{what}, tcp"] for r in runs]
            for i, who in ((0, "ivy"), (1, "echo")):
                q = sorted(uu[i] / tt[i] for uu, tt in zip(u, tcp, strict=True))
                rows.append([f"UDS / TCP, {what}, {who}", "", "",
                             f"{q[0]:.2f} / {float(np.median(q)):.2f} / {q[-1]:.2f}x", ""])
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for r in [header, ["-" * w for w in widths], *rows]:
            print("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        print(f"\n(request bytes of the tiny call: {len(request)}; frame check: "
              f"{wire.parse_call_request(request)[0]!r}; {os.cpu_count()} CPUs; "
              f"{a.load} busy processes beside (--load); load average "
              f"{os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d')}; codec C fast path "
              f"{'on' if codec._fast is not None else 'off'})")
        for c in clients.values():
            c.close()
    finally:
        for pr in procs:
            pr.send_signal(signal.SIGTERM)
        for pr in procs:
            try:
                pr.wait(10)
            except subprocess.TimeoutExpired:
                pr.kill()
        for sock in (esock, esock + "2"):
            try:
                os.unlink(sock)
            except OSError:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
