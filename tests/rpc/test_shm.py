"""Shared memory between a client and a worker on one host (``ivy-worker --shm``,
``Client(shm=True)``): the same answers as over TCP and the Unix socket (the parity table and
large arrays), off by default, ranges outside the region refused, regions scoped to their token,
and released when the client process dies (kill -9)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import grpc
import ivy_client
import msgpack
import numpy as np
import pytest
from ivy_client import codec, wire
from ivy_client import shm as client_shm
from ivy_client.proto import SERVICE_NAME, worker_pb2

import ivy

from .conftest import ROOT, WorkerProc, env
from .test_parity import TABLE, dtypes_for
from .test_transports import assert_same, sample_calls

pytestmark = pytest.mark.skipif(not hasattr(os, "memfd_create") or not os.path.isdir("/proc"),
                                reason="shared memory needs Linux (memfd, /proc)")


@pytest.fixture(scope="module")
def worker():
    w = WorkerProc("numpy", "--shm", "--max-message-mb", "4").wait_ready()
    yield w
    w.stop()


def _maps(pid: int) -> int:
    """Mappings of client regions in process ``pid``."""
    with open(f"/proc/{pid}/maps") as f:
        return sum("/memfd:ivy-shm" in line for line in f)


def _region(c: ivy_client.Client, address: str):
    return c._region(c._conn(address))


def test_same_results_as_tcp_and_uds(worker):
    spec = f"numpy={worker.address}"
    with ivy_client.Client(spec, uds=False, max_message_mb=4, max_stream_mb=0) as tcp, \
            ivy_client.Client(spec, uds=True, max_message_mb=4) as uds, \
            ivy_client.Client(spec, shm=True, max_message_mb=4) as shm:
        assert_same(sample_calls(tcp), sample_calls(shm))
        assert_same(sample_calls(uds), sample_calls(shm))
        region = shm._conns[worker.address].shm
        assert isinstance(region, client_shm.Region) and region.id.startswith("s-")
        # 16 MB each way: over the 4 MiB message limit, so (streaming off) only shared memory
        # can carry it
        big = np.random.default_rng(1).random(2 * 2**20)
        with pytest.raises(ivy_client.ResourceExhausted):
            tcp.call("reshape", big, big.shape)
        out = shm.call("reshape", big, big.shape)
        assert_same(out, big)
        u, s, vh = shm.call("linalg.svd", big[:640_000].reshape(800, 800))  # 3 results, 5 MB
        np.testing.assert_allclose((u * s) @ vh, big[:640_000].reshape(800, 800), atol=1e-9)
        a, b = big[:200_000].reshape(400, 500), big[200_000:400_000].reshape(500, 400)
        assert_same(shm.call("matmul", a, b), tcp.call("matmul", a, b))
        # results are copies: the next call reusing the region does not change them
        first = shm.call("multiply", big, 2.0)
        shm.call("multiply", big, 3.0)
        assert_same(first, big * 2.0)
        assert _maps(worker.proc.pid) == 1
    assert _maps(worker.proc.pid) == 0  # close() released it


def test_parity_table_over_each_transport(worker, monkeypatch):
    """Every row of the parity table (numpy backend, every dtype): the same value or the same
    error over TCP, the Unix socket and shared memory (every array through the region)."""
    monkeypatch.setattr(client_shm, "MIN_BYTES", 0)
    monkeypatch.setattr(client_shm, "ARRAY_BYTES", 0)
    spec = f"numpy={worker.address}"
    n = 0
    with ivy_client.Client(spec, uds=False) as tcp, ivy_client.Client(spec, uds=True) as uds, \
            ivy_client.Client(spec, shm=True) as shm:
        assert uds.transport() == "uds"
        for name in sorted(TABLE):
            dtypes, make = TABLE[name]
            if not ivy.implements("numpy", ivy.func_wrapper.API[name].ivy_path):
                continue
            for d in dtypes_for(name, dtypes):
                args, kwargs = make(d)
                got = []
                for c in (tcp, uds, shm):
                    try:
                        got.append(("ok", c.call(name, *args, **kwargs)))
                    except ivy_client.RemoteError as e:
                        got.append((e.code, e.message))
                for g in got[1:]:
                    assert g[0] == got[0][0], f"{name}({d})"
                    if g[0] == "ok":
                        _same_value(g[1], got[0][1])
                    else:
                        assert g[1] == got[0][1], f"{name}({d})"
                n += 1
        assert isinstance(shm._conns[worker.address].shm, client_shm.Region)
    assert n >= 100, n


def _same_value(x, y):
    if isinstance(x, (tuple, list)):
        assert type(x) is type(y) and len(x) == len(y)
        for p, q in zip(x, y, strict=True):
            _same_value(p, q)
    elif isinstance(x, np.ndarray):
        assert x.dtype == y.dtype and x.shape == y.shape
        np.testing.assert_array_equal(x, y)
    else:
        assert x == y


def test_region_forgotten_by_the_worker_is_registered_again(worker):
    """A worker that no longer knows the region (it restarted, or it was released): the call
    goes through the message, and the next one registers a new region."""
    with ivy_client.Client(f"numpy={worker.address}", shm=True) as c:
        old = _region(c, worker.address)
        assert c._conn(worker.address).release(
            worker_pb2.ReleaseRequest(handles=[old.id])).released == 1
        big = np.ones(300_000)
        assert_same(c.call("add", big, 1.0), big + 1.0)
        assert c._conns[worker.address].shm is None and old.array is None
        assert_same(c.call("add", big, 2.0), big + 2.0)
        new = c._conns[worker.address].shm
        assert isinstance(new, client_shm.Region) and new.id != old.id


def test_off_by_default():
    w = WorkerProc("numpy", "--uds", "none").wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}", shm=True) as c:
            big = np.ones(300_000)
            assert_same(c.call("add", big, 1.0), big + 1.0)  # through the message
            assert c._conns[w.address].shm is False
            stub = c._conn(w.address).channel.unary_unary(
                f"/{SERVICE_NAME}/RegisterShm", worker_pb2.ShmRegisterRequest.SerializeToString,
                worker_pb2.ShmRegisterResponse.FromString)
            with pytest.raises(grpc.RpcError) as e:
                stub(worker_pb2.ShmRegisterRequest(pid=os.getpid(), fd=0, size=4096))
            assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
            assert "--shm" in e.value.details()
            code, msg = _raw_call(c, w.address, ["s-0", [[0, 8]], None])
            assert code == grpc.StatusCode.INVALID_ARGUMENT and "shared memory is off" in msg
        assert _maps(w.proc.pid) == 0
    finally:
        w.stop()


def _raw_call(c, address, doc, md=None, args=None):
    x = ivy_client.codec.encode([[np.zeros(1), 1.0], {}], buffers=[], threshold=0) \
        if args is None else args
    req = wire.frame_call_request("add", x, False, (),
                                  shm=msgpack.packb(doc) if not isinstance(doc, bytes) else doc)
    try:
        c._conn(address).call(req, timeout=20, metadata=md)
        return grpc.StatusCode.OK, ""
    except grpc.RpcError as e:
        return e.code(), e.details()


def test_worker_refuses_ranges_outside_the_region(worker):
    with ivy_client.Client(f"numpy={worker.address}", shm=True) as c:
        region = _region(c, worker.address)
        rid, size = region.id, region.size
        bad = {
            "offset past the end": [rid, [[size, 8]], None],
            "range crossing the end": [rid, [[size - 4, 8]], None],
            "negative offset": [rid, [[-8, 8]], None],
            "negative size": [rid, [[0, -8]], None],
            "huge size": [rid, [[8, 2**63 - 1]], None],
            "offset not an int": [rid, [[0.5, 8]], None],
            "range not a pair": [rid, [[0, 8, 1]], None],
            "out range outside": [rid, [[0, 8]], [size - 8, 64]],
            "out range negative": [rid, [[0, 8]], [-64, 64]],
            "unknown region": ["s-" + "0" * 24, [[0, 8]], None],
            "region id not a str": [7, [[0, 8]], None],
            "not a triple": [rid, [[0, 8]]],
            "not msgpack": b"\xc1\xc1",
            "deep nesting": b"\x91" * 100_000,
        }
        for what, doc in bad.items():
            code, msg = _raw_call(c, worker.address, doc)
            want = grpc.StatusCode.NOT_FOUND if what.startswith(("unknown", "region id")) \
                else grpc.StatusCode.INVALID_ARGUMENT
            assert code == want, (what, code, msg)
            if "range" in what or "offset" in what or "size" in what:
                assert "outside region" in msg or "[offset, size]" in msg, (what, msg)
        # a valid range of the right size works, and the worker still serves
        region.array[:8] = np.frombuffer(np.float64(2.5).tobytes(), np.uint8)
        code, _ = _raw_call(c, worker.address, [rid, [[0, 8]], None])
        assert code == grpc.StatusCode.OK
        assert_same(c.call("add", np.ones(300_000), 1.0), np.full(300_000, 2.0))
        # a range whose size does not match the array's header: the codec's own check
        code, msg = _raw_call(c, worker.address, [rid, [[0, 16]], None])
        assert code == grpc.StatusCode.INVALID_ARGUMENT and "needs 8 bytes" in msg


def test_worker_refuses_fds_that_are_not_a_memfd_of_the_caller(worker):
    with ivy_client.Client(f"numpy={worker.address}", shm=True) as c:
        stub = c._conn(worker.address).register_shm
        with open(__file__, "rb") as f:  # a regular file, not a memfd
            for req, text in [
                (worker_pb2.ShmRegisterRequest(pid=os.getpid(), fd=f.fileno(), size=16),
                 "not a memfd"),
                (worker_pb2.ShmRegisterRequest(pid=os.getpid(), fd=987654, size=16),
                 "cannot open"),
                (worker_pb2.ShmRegisterRequest(pid=2**22 + 12345, fd=3, size=16), "no process"),
                (worker_pb2.ShmRegisterRequest(pid=os.getpid(), fd=3, size=0), "size 0"),
            ]:
                with pytest.raises(grpc.RpcError) as e:
                    stub(req, timeout=10)
                assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT, text
                assert text in e.value.details(), (text, e.value.details())
        r = client_shm.Region(4096)
        try:  # a memfd smaller than the size claimed
            with pytest.raises(grpc.RpcError) as e:
                stub(worker_pb2.ShmRegisterRequest(pid=os.getpid(), fd=r.fd, size=8192),
                     timeout=10)
            assert "fewer than" in e.value.details()
        finally:
            r.close()


def test_regions_belong_to_their_token(monkeypatch):
    monkeypatch.setenv("IVY_SHM_TOKENS", "tok-a,tok-b")
    w = WorkerProc("numpy", "--shm", "--auth-token-env", "IVY_SHM_TOKENS").wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}", shm=True, token="tok-a") as a, \
                ivy_client.Client(f"numpy={w.address}", token="tok-b") as b:
            rid = _region(a, w.address).id
            code, msg = _raw_call(b, w.address, [rid, [[0, 8]], None],
                                  md=(("authorization", "Bearer tok-b"),))
            assert code == grpc.StatusCode.NOT_FOUND and "no shared-memory region" in msg
            rel = b._conn(w.address).release(worker_pb2.ReleaseRequest(handles=[rid]),
                                             metadata=(("authorization", "Bearer tok-b"),))
            assert rel.released == 0
            code, msg = _raw_call(a, w.address, [rid, [[0, 8]], None],
                                  md=(("authorization", "Bearer tok-a"),))
            assert code == grpc.StatusCode.OK, msg
    finally:
        w.stop()


_CLIENT = """
import sys, time, numpy as np, ivy_client
c = ivy_client.Client(sys.argv[1], shm=True)
x = np.ones(1_000_000)
assert (c.call("add", x, 1.0) == 2.0).all()
print(c._conns[sys.argv[1].split("=")[1]].shm.id, flush=True)
time.sleep(600)
"""


def test_regions_released_when_the_client_is_killed(worker):
    before = _maps(worker.proc.pid)
    p = subprocess.Popen([sys.executable, "-c", _CLIENT, f"numpy={worker.address}"], env=env(),
                         stdout=subprocess.PIPE, cwd=ROOT)
    try:
        rid = p.stdout.readline().decode().strip()
        assert rid.startswith("s-"), rid
        assert _maps(worker.proc.pid) == before + 1
        p.send_signal(signal.SIGKILL)
        p.wait(10)
        end = time.monotonic() + 10
        while _maps(worker.proc.pid) != before and time.monotonic() < end:
            time.sleep(0.05)
        assert _maps(worker.proc.pid) == before  # unmapped: the kernel frees the memfd
        with ivy_client.Client(f"numpy={worker.address}") as c:
            code, msg = _raw_call(c, worker.address, [rid, [[0, 8]], None])
            assert code == grpc.StatusCode.NOT_FOUND
            assert_same(c.call("add", np.ones(3), 1.0), np.full(3, 2.0))
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def test_wire_fields_match_protobuf():
    req = wire.frame_call_request("add", b"\x92\x90\x80", False, [b"abc"], "", shm=b"\x93xyz")
    m = worker_pb2.CallRequest(function="add", args=b"\x92\x90\x80", buffers=[b"abc"],
                               shm=b"\x93xyz")
    assert req == m.SerializeToString()
    assert wire.parse_call_request_shm(req)[5] == b"\x93xyz"
    with pytest.raises(codec.CodecError):
        wire.parse_call_request(req)  # a caller that ignores the field must not misread it
    resp = wire.frame_call_response(b"\xc0", [], shm=b"\x91\x92\x00\x01")
    assert resp == worker_pb2.CallResponse(result=b"\xc0", shm=b"\x91\x92\x00\x01") \
        .SerializeToString()
    assert bytes(wire.parse_call_response_shm(resp)[2]) == b"\x91\x92\x00\x01"
    with pytest.raises(codec.CodecError):
        wire.parse_call_response(resp)


# -- AsyncClient(shm=True): the same region protocol, driven by the shared client core ---------

async def _acalls(c: ivy_client.AsyncClient):
    """``sample_calls`` for an AsyncClient (large arrays included)."""
    a = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    big = np.random.default_rng(0).random(300_000)  # 2.4 MB: out of band, through the region
    m = big[:250_000].reshape(500, 500)
    out = [await c.call("add", a, 1.5), await c.call("matmul", a, a.T),
           await c.call("reshape", big, big.shape), await c.call("multiply", big, 2.0),
           await c.call("linalg.svd", m), await c.call("matmul", m, m),
           await c.call("sum", big, keepdims=True)]
    h = await c.call("multiply", big, 2.0, keep=True)  # kept: through the message
    out.append(await c.call("sum", h))
    out.append(await h.fetch())
    assert await h.release()
    with pytest.raises(ivy_client.NotFound):
        await c.call("no_such_function", big)
    with pytest.raises(ivy_client.InvalidArgument):
        await c.call("matmul", big, big[:-1])
    return out


def test_async_same_results_as_without_shm(worker):
    import asyncio

    spec = f"numpy={worker.address}"

    async def main():
        async with ivy_client.AsyncClient(spec, max_message_mb=4) as plain, \
                ivy_client.AsyncClient(spec, shm=True, max_message_mb=4, max_stream_mb=0) as shm:
            assert_same(await _acalls(plain), await _acalls(shm))
            region = shm._conns[worker.address].shm
            assert isinstance(region, client_shm.Region) and region.id.startswith("s-")
            assert _maps(worker.proc.pid) == 1
            # 64 MB each way: 16 times the message limit and streaming off, so only the region
            # can carry it
            big = np.random.default_rng(4).random(8 * 2**20)
            out = await shm.call("reshape", big, (2**20, 8))
            assert out.flags.writeable  # a copy out of the region, not a view of it
            assert_same(out, big.reshape(2**20, 8))
            assert_same(await shm.call("multiply", big, 0.5), big * 0.5)
            assert_same(await plain.call("reshape", big, (2**20, 8)), out)  # streamed (CallStream)
            assert shm._conns[worker.address].shm is region  # still the same region
        assert _maps(worker.proc.pid) == 0  # close() released it on the worker

    asyncio.run(main())


def test_async_concurrent_calls_share_one_region_safely(worker, monkeypatch):
    """Concurrent asyncio tasks on one AsyncClient: one call at a time uses the region (the
    others go through the message), none sees another's data, and every result is right."""
    import asyncio

    used = []
    put = client_shm.Region.put

    def counting_put(self, buffers):
        used.append(len(buffers))
        return put(self, buffers)

    monkeypatch.setattr(client_shm.Region, "put", counting_put)
    rng = np.random.default_rng(5)
    xs = [rng.random(200_000 + 1000 * k) for k in range(8)]  # 1.6 MB each: over MIN_BYTES

    async def main():
        async with ivy_client.AsyncClient(f"numpy={worker.address}", shm=True) as c:
            for _ in range(3):
                outs = await asyncio.gather(*(c.call("multiply", x, float(k + 1))
                                              for k, x in enumerate(xs)))
                for k, (x, o) in enumerate(zip(xs, outs, strict=True)):
                    assert_same(o, x * float(k + 1))
                # and a later call reusing the region does not change earlier results
                again = await c.call("add", xs[0], 1.0)
                assert_same(outs[0], xs[0] * 1.0)
                assert_same(again, xs[0] + 1.0)
            assert isinstance(c._conns[worker.address].shm, client_shm.Region)

    asyncio.run(main())
    assert used  # the region was used


def _released(worker, ids) -> int:
    """How many of ``ids`` a Release frees now (0: the worker has already let them go)."""
    with ivy_client.Client(f"numpy={worker.address}") as c:
        return c._conn(worker.address).release(worker_pb2.ReleaseRequest(handles=ids)).released


def test_async_timed_out_call_retires_its_region(worker):
    """A call that ends without the worker's answer (here a deadline) may leave the worker
    still using the region: the client never reuses it, registers a new one on the next large
    call and releases the old one on the worker."""
    import asyncio

    big = np.random.default_rng(6).random(700 * 700).reshape(700, 700)

    async def main():
        async with ivy_client.AsyncClient(f"numpy={worker.address}", shm=True) as c:
            assert_same(await c.call("add", big, 1.0), big + 1.0)
            conn = c._conns[worker.address]
            old = conn.shm
            with pytest.raises(ivy_client.DeadlineExceeded):
                await c.call("linalg.svd", big, timeout=0.001)
            assert conn.shm is None and old.array is None and conn.shm_retired == [old.id]
            # a cancelled task retires its region too
            await c.call("add", big, 1.0)
            second = conn.shm
            assert isinstance(second, client_shm.Region) and second.id != old.id
            assert conn.shm_retired == []  # released on the worker before registering anew
            task = asyncio.ensure_future(c.call("linalg.svd", big))
            await asyncio.sleep(0.05)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert conn.shm is None and second.array is None
            assert_same(await c.call("multiply", big, 3.0), big * 3.0)
            third = conn.shm
            assert isinstance(third, client_shm.Region) and conn.shm_retired == []
            # the worker no longer knows the retired regions (its in-flight calls keep their
            # own mapping until they end; nothing reaches the client's new region)
            assert _released(worker, [old.id, second.id]) == 0
        assert _released(worker, [third.id]) == 0  # close() released the last one

    asyncio.run(main())


def test_async_region_registered_again_after_a_worker_restart(monkeypatch):
    import asyncio

    from . import conftest

    w = WorkerProc("numpy", "--shm", "--uds", "none").wait_ready()
    big = np.random.default_rng(7).random(300_000)
    try:
        async def main():
            nonlocal w
            async with ivy_client.AsyncClient(f"numpy={w.address}", shm=True) as c:
                assert_same(await c.call("add", big, 1.0), big + 1.0)
                conn = c._conns[w.address]
                old = conn.shm
                assert isinstance(old, client_shm.Region)
                w.stop()
                monkeypatch.setattr(conftest, "free_port", lambda: w.port)
                w = WorkerProc("numpy", "--shm", "--uds", "none").wait_ready()
                end = time.monotonic() + 20
                while True:  # the channel may still be backing off: UNAVAILABLE for a moment
                    try:
                        out = await c.call("add", big, 2.0)
                        break
                    except ivy_client.Unavailable:
                        if time.monotonic() > end:
                            raise
                        await asyncio.sleep(0.2)
                assert_same(out, big + 2.0)  # through the message: the new worker forgot the region
                assert old.array is None and conn.shm is not old
                assert_same(await c.call("add", big, 3.0), big + 3.0)
                new = conn.shm
                assert isinstance(new, client_shm.Region) and new.id != old.id
                assert _maps(w.proc.pid) == 1
            assert _maps(w.proc.pid) == 0

        asyncio.run(main())
    finally:
        w.stop()
