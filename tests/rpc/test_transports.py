"""TCP and Unix domain socket transports: the same answers over both, the client's choice and
its fallbacks (socket gone, socket answering as another process, socket off)."""

from __future__ import annotations

import os
import socket
import tempfile

import ivy_client
import numpy as np
import pytest

from .conftest import WorkerProc


def _sock_path(tag: str) -> str:
    return os.path.join(tempfile.gettempdir(), f"ivy-test-{tag}-{os.getpid()}.sock")


@pytest.fixture(scope="module")
def worker():
    path = _sock_path("a")
    # a stale socket left behind (as by a worker killed with SIGKILL): the worker replaces it
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        if os.path.exists(path):
            os.unlink(path)
        s.bind(path)
    w = WorkerProc("numpy", "--uds", path).wait_ready()
    w.uds = path
    yield w
    w.stop()
    assert not os.path.exists(path)  # removed at exit


def sample_calls(c: ivy_client.Client):
    a = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    big = np.random.default_rng(0).random(300_000)  # 2.4 MB: out of band
    out = [c.call("add", a, 1.5), c.call("matmul", a, a.T), c.call("linalg.svd", a @ a.T),
           c.call("reshape", big, big.shape), c.call("sum", a, axis=0, keepdims=True)]
    h = c.call("multiply", a, 2.0, keep=True)
    out.append(c.call("sum", h))
    out.append(h.fetch())
    assert h.release()
    with pytest.raises(ivy_client.NotFound):
        c.call("no_such_function", a)
    return out


def assert_same(x, y):
    if isinstance(x, (tuple, list)):
        assert type(x) is type(y) and len(x) == len(y)
        for p, q in zip(x, y, strict=True):
            assert_same(p, q)
    else:
        assert x.dtype == y.dtype and x.shape == y.shape
        np.testing.assert_array_equal(x, y)


def test_same_results_over_tcp_and_uds(worker):
    spec = f"numpy={worker.address}"
    with ivy_client.Client(spec, uds=False) as tcp, ivy_client.Client(spec, uds=True) as uds:
        assert tcp.transport() == "tcp"
        assert uds.transport() == "uds"
        info = uds.info()
        assert info["uds_path"] == worker.uds and info["pid"] == worker.proc.pid
        assert_same(sample_calls(tcp), sample_calls(uds))
        assert uds.transport() == "uds"  # still: nothing failed over


def test_tcp_by_default_and_the_env_turns_uds_on(worker, monkeypatch):
    monkeypatch.delenv("IVY_CLIENT_UDS", raising=False)
    with ivy_client.Client(f"numpy={worker.address}") as c:
        assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
        assert c.transport() == "tcp"
    monkeypatch.setenv("IVY_CLIENT_UDS", "1")
    with ivy_client.Client(f"numpy={worker.address}") as c:
        assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
        assert c.transport() == "uds"


def test_falls_back_to_tcp_when_the_socket_is_gone():
    path = _sock_path("gone")
    w = WorkerProc("numpy", "--uds", path).wait_ready()
    try:
        spec = f"numpy={w.address}"
        with ivy_client.Client(spec, uds=True) as before:
            assert before.transport() == "uds"
            assert before.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]  # connected
            os.unlink(path)
            # the connection made already keeps working (the listening socket is still open)
            assert before.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
            assert before.transport() == "uds"
        with ivy_client.Client(spec, uds=True) as c:
            assert c.transport() == "tcp"
            assert_same(c.call("matmul", np.eye(3), np.eye(3)), np.eye(3))
        # a client that checked the socket but had not connected yet when it went: the call
        # falls back to TCP (and succeeds)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.bind(path)  # a dead socket file at the path (nobody listens)
        with ivy_client.Client(spec, uds=True) as c:
            conn = c._conn(w.address)
            conn.uds_path = path
            conn._open("unix:" + path, "uds")
            assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
            assert c.transport() == "tcp"
        os.unlink(path)
    finally:
        w.stop()


def test_socket_of_another_process_is_not_used():
    """The path the worker reports answers as another worker (another pid): TCP."""
    path = _sock_path("shared")
    a = WorkerProc("numpy", "--uds", path).wait_ready()
    try:
        os.unlink(path)  # a's socket file goes, and b takes the path
        b = WorkerProc("numpy", "--uds", path).wait_ready()
        try:
            with ivy_client.Client(f"numpy={a.address}", uds=True) as c:
                assert c.info()["uds_path"] == path  # a still reports it
                assert c.transport() == "tcp"
                assert c.info()["pid"] == a.proc.pid
            with ivy_client.Client(f"numpy={b.address}", uds=True) as c:
                assert c.transport() == "uds"  # b's own socket is fine
        finally:
            b.stop()
    finally:
        a.stop()


def test_uds_off_on_the_worker():
    w = WorkerProc("numpy", "--uds", "none").wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}", uds=True) as c:
            assert c.info()["uds_path"] == ""
            assert c.transport() == "tcp"
            assert c.call("add", np.ones(2), 1.0).tolist() == [2.0, 2.0]
    finally:
        w.stop()


def test_arrays_arrive_aligned_over_every_transport(worker):
    """Results come back aligned for their dtype (NumPy runs every operation on an unaligned
    array 2-3x slower) and read-only: inline arrays (copied where a view would not be aligned) and
    out-of-band ones (the sender aligns their bytes in the message), over TCP, the Unix socket
    and CallStream (a client whose per-message limit is under the array's size)."""
    spec = f"numpy={worker.address}"
    rng = np.random.default_rng(1)
    with ivy_client.Client(spec, uds=False) as tcp, ivy_client.Client(spec, uds=True) as uds, \
            ivy_client.Client(spec, uds=False, max_message_mb=1) as streamed:
        for c in (tcp, uds, streamed):
            for dt in ("float64", "int64", "complex128", "float32", "float16"):
                for n in (3, 1001, 3 * 2**13 + 5, 2**18 + 3):
                    x = (rng.random(n) * 100).astype(dt)
                    # two functions: other names, other offsets in the messages
                    for got, want in ((c.call("reshape", x, (n,)), x), (c.call("add", x, x),
                                                                        x + x)):
                        assert got.flags.aligned, (c.transport(), dt, n)
                        assert not got.flags.writeable, (c.transport(), dt, n)
                        np.testing.assert_array_equal(got, want)
        assert uds.transport() == "uds"
