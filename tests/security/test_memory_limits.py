"""Issue 33, item 2: one authenticated call must not exhaust the host's memory.

Real workers on 127.0.0.1 with their *default* memory settings: a result larger than the memory
cap (``--memory-cap-mb``, a quarter of the OS limit) is refused from its arguments before
anything is allocated (RESOURCE_EXHAUSTED naming the size, the cap and the flag), the worker
keeps serving and its RSS does not move; the OS limit (``--memory-limit-mb``: a cgroup of the
worker's own, else RLIMIT_DATA) is in force on the worker process; past it the kernel stops the
worker, not the host; the gateway refuses responses over ``--max-response-mb`` (413).

Every worker here also starts under RLIMIT_DATA 2 GiB set by the test itself (``_safety``):
should the code under test not refuse, a 16 GiB ``full`` fails inside the worker instead of
driving this host into a global OOM, and the test fails on the message.
"""

from __future__ import annotations

import math
import os
import resource
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import ivy_client
import numpy as np
import pytest
from ivy_client import codec

from tests.rpc.conftest import ROOT, TOKEN, WorkerProc, env, free_port, health

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux memory limits")
SAFETY = 2 << 30


def _safety() -> None:  # preexec_fn: a ceiling for the test run, whatever the worker does
    resource.setrlimit(resource.RLIMIT_DATA, (SAFETY, SAFETY))


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def _memory_cgroup(pid: int) -> str | None:
    """The directory of ``pid``'s cgroup that holds its memory limit (v1 memory or v2)."""
    from ivy_server import limits

    lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    mounts = limits._mounts()
    for line in lines:
        hid, controllers, path = line.split(":", 2)
        kind = "memory" if "memory" in controllers.split(",") else (
            "cgroup2" if hid == "0" else None)
        if kind in mounts and path.rsplit("/", 1)[-1] == f"ivy-worker-{pid}":
            point, root = mounts[kind]
            if root != "/" and path.startswith(root.rstrip("/") + "/"):
                path = path[len(root.rstrip("/")):]
            return os.path.join(point, path.lstrip("/"))
    return None


@pytest.fixture(scope="module")
def worker():
    """A NumPy worker started with no memory flags at all: the defaults."""
    w = WorkerProc("numpy", preexec_fn=_safety).wait_ready()
    yield w
    w.stop()


@pytest.fixture()
def client(worker):
    with ivy_client.Client(f"numpy={worker.address}") as c:
        yield c


# -- defaults ----------------------------------------------------------------------------------

@linux
def test_a_worker_has_a_memory_cap_and_an_os_limit_by_default(client):
    from ivy_server import limits

    info = client.info()
    limit = limits.default_limit()  # half of the host's memory (MemTotal or cgroup limit)
    assert limit > 0
    assert info["memory_cap_bytes"] == limit // 4 // 2**20 * 2**20, info
    assert info["memory_limit"] in ("cgroup2", "cgroup1", "rlimit_data"), info
    # (RLIMIT_DATA cannot go above the hard limit this test starts the worker under)
    assert info["memory_limit_bytes"] == (min(limit, SAFETY) if info["memory_limit"] ==
                                          "rlimit_data" else limit), info


# -- the per-request check ---------------------------------------------------------------------

def test_full_65536_squared_is_refused_naming_the_cap_and_the_worker_serves_on(worker, client):
    cap = client.info()["memory_cap_bytes"]
    rss0 = _rss_mib(worker.proc.pid)
    t0 = time.monotonic()
    with pytest.raises(ivy_client.ResourceExhausted) as e:
        client.call("full", [65536, 65536], 1.0)
    took = time.monotonic() - t0
    msg = e.value.message
    assert "16.0 GiB" in msg and "--memory-cap-mb" in msg, msg
    assert f"{cap / 2**20:.0f} MiB" in msg, msg
    assert took < 5.0, f"the refusal took {took:.1f} s: something was allocated"
    assert health(worker.address) == "SERVING"
    assert _rss_mib(worker.proc.pid) - rss0 < 256, "the worker's memory grew by the request"
    np.testing.assert_array_equal(client.call("full", [2, 3], 1.0), np.ones((2, 3), np.float32))


def _over(cap: int, item: int = 4) -> int:
    """A dimension n with n * n * item bytes over ``cap``."""
    return math.isqrt(cap // item) + 1024


def test_broadcasting_and_matmul_over_the_cap_are_refused_before_they_run(worker, client):
    cap = client.info()["memory_cap_bytes"]
    n = _over(cap)
    col, row = np.ones((n, 1), np.float32), np.ones((1, n), np.float32)
    rss0 = _rss_mib(worker.proc.pid)
    for name, args in [("add", (col, row)), ("multiply", (col, row)),
                       ("where", (np.ones((n, 1), bool), col, row)), ("matmul", (col, row)),
                       ("linalg.outer", (col[:, 0], row[0])),
                       ("zeros", ((n, n),)), ("broadcast_to", (col, (n, n))), ("eye", (n,)),
                       ("random_uniform", ()), ("arange", (0, n * n)),
                       ("full", ((np.array(n), np.int64(n)), 1.0)),  # counts as arrays too
                       ("linspace", (0.0, 1.0, np.array(n * n)))]:
        kwargs = {"shape": [n, n]} if name == "random_uniform" else {}
        with pytest.raises(ivy_client.ResourceExhausted, match="over the worker's memory cap"
                           r".*--memory-cap-mb") as e:
            client.call(name, *args, **kwargs)
        assert f"{cap / 2**20:.0f} MiB" in e.value.message
    assert _rss_mib(worker.proc.pid) - rss0 < 256
    assert health(worker.address) == "SERVING"
    # the same operations on small inputs answer as before
    np.testing.assert_array_equal(client.call("add", col[:3], row[:, :4]), np.full((3, 4), 2.0))
    np.testing.assert_array_equal(client.call("matmul", col[:3], row[:, :4]), np.ones((3, 4)))


def test_a_kept_result_is_refused_the_same_way(client):
    cap = client.info()["memory_cap_bytes"]
    with pytest.raises(ivy_client.ResourceExhausted, match="--memory-cap-mb"):
        client.call("ones", [_over(cap), _over(cap)], keep=True)
    assert client.info()["handles_live"] == 0


def test_the_estimate_covers_what_the_functions_return():
    """Each estimate is at least the real result's size (and not wildly more)."""
    from ivy_server.sizes import ResultSize

    import ivy
    from ivy.func_wrapper import API

    ivy.set_backend("numpy")
    r = ResultSize(API)
    a, b = np.ones((3, 1), np.float32), np.ones((1, 5), np.float64)
    cases = [("full", ((4, 5), 1.0), {}), ("full", ((4, 5), 1), {}), ("zeros", (7,), {}),
             ("ones", ((2, 3),), {"dtype": "complex128"}), ("add", (a, b), {}),
             ("matmul", (np.ones((2, 3, 4)), np.ones((4, 6))), {}),
             ("matmul", (np.ones(4), np.ones((4, 6))), {}), ("linalg.outer", (np.ones(3), np.ones(8)), {}),
             ("tensordot", (np.ones((3, 4)), np.ones((4, 5))), {"axes": 1}),
             ("eye", (3, 9), {}), ("arange", (0, 100, 3), {}), ("linspace", (0.0, 1.0), {"num": 50}),
             ("tile", (np.ones((2, 3)), (4, 5)), {}), ("repeat", (np.ones(6), 7), {}),
             ("one_hot", (np.arange(6), 10), {}), ("meshgrid", (np.ones(4), np.ones(5)), {}),
             ("broadcast_to", (a, (2, 3, 4)), {}), ("random_normal", (), {"shape": (6, 7)}),
             ("randint", (0, 9), {"shape": (6, 7)}),
             ("pad", (np.ones((3, 4)), ((1, 2), (3, 4))), {})]
    for name, args, kwargs in cases:
        fn = API[name]
        est = r.estimate(name, r.plan(name, fn), args, kwargs)
        out = fn(*args, **kwargs)
        real = sum(int(np.asarray(getattr(o, "_data", o)).nbytes)
                   for o in (out if isinstance(out, tuple | list) else [out]))
        assert est is not None, name
        assert real <= est[0] <= 4 * real + 64, (name, est, real)


# -- the OS limit ------------------------------------------------------------------------------

@linux
def test_the_os_limit_is_applied_to_the_worker_process_and_removed_at_exit(worker, client):
    info = client.info()
    pid, limit, how = worker.proc.pid, info["memory_limit_bytes"], info["memory_limit"]
    assert pid == info["pid"]
    if how == "rlimit_data":
        line = next(x for x in Path(f"/proc/{pid}/limits").read_text().splitlines()
                    if x.startswith("Max data size"))
        assert int(line.split()[3]) == limit, line
        return
    d = _memory_cgroup(pid)
    assert d is not None, Path(f"/proc/{pid}/cgroup").read_text()
    if how == "cgroup1":
        assert int(Path(d, "memory.limit_in_bytes").read_text()) == limit
    else:
        assert int(Path(d, "memory.max").read_text()) == limit
    assert "memory: OS limit" in worker.logs() and how in worker.logs()
    # a second worker, stopped: its cgroup goes with it
    w2 = WorkerProc("numpy", "--memory-limit-mb", "2048", preexec_fn=_safety).wait_ready()
    try:
        d2 = _memory_cgroup(w2.proc.pid)
        assert d2 is not None and os.path.isdir(d2)
    finally:
        w2.stop()
    # the worker removes it on its way out; the kernel may still be releasing the group's
    # charge when the process has gone: wait for that state (bounded), not a fixed time
    end = time.monotonic() + 15
    while os.path.exists(d2) and time.monotonic() < end:
        time.sleep(0.1)
    assert not os.path.exists(d2), f"{d2} left behind"


@linux
def test_past_the_os_limit_the_kernel_stops_the_worker_not_the_host():
    """A cap above the OS limit (so that the per-request check lets a 1 GiB result through) and
    an OS limit of 384 MiB: the worker answers RESOURCE_EXHAUSTED (RLIMIT_DATA) or is killed
    in its own cgroup (UNAVAILABLE); nothing else on the host is touched."""
    w = WorkerProc("numpy", "--memory-limit-mb", "384", "--memory-cap-mb", "4096",
                   preexec_fn=_safety).wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}") as c:
            how = c.info()["memory_limit"]
            assert how in ("cgroup2", "cgroup1", "rlimit_data")
            with pytest.raises((ivy_client.ResourceExhausted, ivy_client.Unavailable)) as e:
                c.call("full", [16384, 16384], 1.0, timeout=60)
            if how == "rlimit_data":
                assert isinstance(e.value, ivy_client.ResourceExhausted), e.value
                assert health(w.address) == "SERVING"
            else:  # the OOM killer, confined to the worker's cgroup
                assert w.proc.wait(30) == -9, w.logs()[-2000:]
    finally:
        w.stop()


_RLIMIT = textwrap.dedent(r"""
    import numpy as np
    from ivy_server import limits

    e = limits.apply(256 << 20, ("rlimit_data",))
    assert e.mechanism == "rlimit_data", e
    line = [x for x in open("/proc/self/limits") if x.startswith("Max data size")][0]
    assert int(line.split()[3]) == 256 << 20, line
    try:
        np.ones(1 << 28)  # 2 GiB
    except MemoryError:
        print("MemoryError")
    small = np.ones(1 << 20)  # 8 MiB still fine
    print("ok", small.sum())
""")


@linux
def test_rlimit_data_is_the_fallback_and_turns_a_huge_allocation_into_memory_error():
    r = subprocess.run([sys.executable, "-c", _RLIMIT], env=env(), cwd=ROOT,
                       capture_output=True, text=True, timeout=120, preexec_fn=_safety)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["MemoryError", "ok", "1048576.0"], r.stdout


def test_ivy_serve_divides_the_host_memory_among_its_workers():
    from ivy_client.config import WorkerSpec
    from ivy_server import launcher, limits

    share = launcher.memory_share_mb(4)
    assert share == limits.host_memory() * 3 // 4 // 4 // 2**20
    cmd = launcher.worker_command(WorkerSpec("numpy", port=6000), share)
    assert cmd[cmd.index("--memory-limit-mb") + 1] == str(share)
    own = WorkerSpec("numpy", port=6000, args=["--memory-limit-mb", "100"])
    cmd = launcher.worker_command(own, share)
    assert cmd.count("--memory-limit-mb") == 1 and cmd[-1] == "100"


# -- the gateway -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gateway(tmp_path_factory):
    """A NumPy worker with a large cap (so that the worker answers) and ``ivy-gateway`` with its
    default response limit."""
    w = WorkerProc("numpy", "--auth-token-env", "IVY_AUTH_TOKEN", "--memory-cap-mb", "1024",
                   preexec_fn=_safety).wait_ready()
    port = free_port()
    log = open(tmp_path_factory.mktemp("gw") / "gateway.log", "w+")
    proc = subprocess.Popen([sys.executable, "-m", "ivy_server.gateway", "--config",
                             f"numpy={w.address}", "--port", str(port), "--auth-token-env",
                             "IVY_AUTH_TOKEN"], env=env(), cwd=ROOT, stdout=log,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 120
        while True:
            assert proc.poll() is None and time.monotonic() < end, open(log.name).read()[-3000:]
            try:
                if httpx.get(url + "/v1/health", timeout=2).json()["status"] == "ok":
                    break
            except (httpx.HTTPError, ValueError, KeyError):
                pass
            time.sleep(0.3)
        yield {"url": url, "pid": proc.pid}
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(30)
        log.close()
        w.stop()


AUTH = {"Authorization": f"Bearer {TOKEN}"}


def test_gateway_refuses_an_oversize_msgpack_response(gateway):
    rss0 = _rss_mib(gateway["pid"])
    body = codec.encode({"function": "full", "backend": "numpy", "args": [[8192, 8192], 1.0]})
    r = httpx.post(gateway["url"] + "/v1/call.msgpack", content=body, timeout=120,
                   headers={**AUTH, "Content-Type": "application/msgpack"})
    assert r.status_code == 413, (r.status_code, r.content[:300])
    p = r.json()
    assert p["code"] == "RESOURCE_EXHAUSTED" and "--max-response-mb" in p["detail"], p
    assert "Retry-After" not in r.headers
    assert len(r.content) < 4096
    assert _rss_mib(gateway["pid"]) - rss0 < 128, "the gateway took the 256 MiB answer in"
    small = codec.encode({"function": "full", "backend": "numpy", "args": [[2, 2], 1.0]})
    r = httpx.post(gateway["url"] + "/v1/call.msgpack", content=small, timeout=60,
                   headers={**AUTH, "Content-Type": "application/msgpack"})
    assert r.status_code == 200
    np.testing.assert_array_equal(codec.decode(r.content)["outputs"], np.ones((2, 2)))


def test_gateway_refuses_an_oversize_json_response(gateway):
    v = [1.0] * 2049  # outer: 2049 x 2049 values, over what a JSON answer holds
    r = httpx.post(gateway["url"] + "/v1/call", headers=AUTH, timeout=120, json={
        "function": "linalg.outer", "backend": "numpy",
        "inputs": [{"shape": [2049], "dtype": "float32", "value": v}] * 2})
    assert r.status_code == 413, (r.status_code, r.text[:300])
    assert "--max-response-mb" in r.json()["detail"]
    r = httpx.post(gateway["url"] + "/v1/call", headers=AUTH, timeout=60, json={
        "function": "linalg.outer", "backend": "numpy",
        "inputs": [{"shape": [2], "dtype": "float32", "value": [1.0, 2.0]}] * 2})
    assert r.status_code == 200, r.text
    assert r.json()["outputs"]["value"] == [[1.0, 2.0], [2.0, 4.0]]


# -- the mechanisms on a cgroup v2 tree (simulated: this host may have v1 only) ----------------

def test_cgroup2_child_gets_memory_max_and_the_process_and_stale_children_go(tmp_path,
                                                                             monkeypatch):
    """``_try_cgroup2`` against a directory laid out like a delegated cgroup v2 subtree (plain
    files: the kernel's side is not simulated): it makes ``ivy-worker-<pid>``, enables the
    memory controller for it when the child lacks it, writes memory.max, memory.swap.max and
    the pid; an empty child of a dead worker is removed, a live one's kept."""
    from ivy_server import limits

    parent = tmp_path / "app.slice"
    parent.mkdir()
    (parent / "cgroup.controllers").write_text("cpu io memory pids\n")
    (parent / "cgroup.subtree_control").write_text("")
    (parent / "cgroup.procs").write_text("")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    (parent / f"ivy-worker-{dead}").mkdir()  # left by a killed worker
    (parent / f"ivy-worker-{os.getppid()}").mkdir()  # a live process's: kept
    real_mkdir = os.mkdir

    def mkdir(path, *a, **k):  # the kernel fills a new cgroup's files
        real_mkdir(path, *a, **k)
        Path(path, "cgroup.controllers").write_text("")  # no memory until enabled

    monkeypatch.setattr(limits.os, "mkdir", mkdir)
    monkeypatch.setattr(limits, "_cgroup_dir", lambda kind: str(parent) if kind == "cgroup2"
                        else None)
    e = limits.apply(123 << 20)
    child = parent / f"ivy-worker-{os.getpid()}"
    assert e.mechanism == "cgroup2" and e.where == str(child) and e.limit == 123 << 20, e
    assert (parent / "cgroup.subtree_control").read_text() == "+memory"
    assert (child / "memory.max").read_text() == str(123 << 20)
    assert (child / "memory.swap.max").read_text() == "0"
    assert (child / "cgroup.procs").read_text() == str(os.getpid())
    assert not (parent / f"ivy-worker-{dead}").exists()
    assert (parent / f"ivy-worker-{os.getppid()}").exists()
    e.release()  # moves the pid back to the parent (the rmdir fails here: plain files)
    assert (parent / "cgroup.procs").read_text() == str(os.getpid())


def test_without_a_writable_cgroup_the_fallback_is_rlimit_data(monkeypatch):
    from ivy_server import limits

    monkeypatch.setattr(limits, "_cgroup_dir", lambda kind: None)
    seen = []
    monkeypatch.setattr(limits.resource, "setrlimit", lambda what, v: seen.append((what, v)))
    e = limits.apply(300 << 20)
    assert e.mechanism == "rlimit_data" and seen == [(limits.resource.RLIMIT_DATA,
                                                      (300 << 20, 300 << 20))], (e, seen)
    assert limits.apply(0).mechanism == "none"
