"""CallStream: requests and results over the per-message limit travel in chunks (the client
switches by itself), bounded by --max-stream-mb and the memory cap; malformed streams are
refused and the worker keeps serving."""

from __future__ import annotations

import grpc
import ivy_client
import numpy as np
import pytest
from ivy_client import codec, wire
from ivy_client.proto import SERVICE_NAME, worker_pb2

from .conftest import WorkerProc


@pytest.fixture(scope="module")
def worker():
    w = WorkerProc("numpy", "--max-message-mb", "4", "--max-stream-mb", "64").wait_ready()
    yield w
    w.stop()


def test_large_request_and_result_stream(worker):
    a = np.random.default_rng(0).random(3 * 2**20)  # 24 MB: six times the message limit
    with ivy_client.Client(f"numpy={worker.address}", max_message_mb=4) as c:
        r = c.call("add", a, a)
        np.testing.assert_array_equal(r, a + a)
        assert r.dtype == np.float64 and r.shape == a.shape
        # a small request whose result is over the limit: called again, streamed back
        ones = c.call("ones", (2000, 2000))
        np.testing.assert_array_equal(ones, np.ones((2000, 2000)))
        u, s, vh = c.call("linalg.svd", a[:1_000_000].reshape(1000, 1000))  # 16 MB out
        np.testing.assert_allclose((u * s) @ vh, a[:1_000_000].reshape(1000, 1000), atol=1e-9)
        # errors over the stream map as usual
        with pytest.raises(ivy_client.NotFound, match="no function 'no_such'"):
            c.call("no_such", a)
        with pytest.raises(ivy_client.InvalidArgument):
            c.call("matmul", a, a[:-1])
        # over the worker's --max-stream-mb (64): refused before anything is allocated
        big = np.zeros(9 * 2**20)  # 72 MB
        with pytest.raises(ivy_client.ResourceExhausted, match="over the limit.*--max-stream-mb"):
            c.call("sum", big)
        assert c.call("sum", a[:10]).item() == pytest.approx(a[:10].sum())


def test_over_the_workers_limit_only(worker):
    """The client's limit is the default 1024 MiB, the worker's 4: the worker's refusal of the
    message makes the client stream the call."""
    a = np.random.default_rng(2).random(2**20)  # 8 MB
    with ivy_client.Client(f"numpy={worker.address}") as c:
        np.testing.assert_array_equal(c.call("multiply", a, 2.0), a * 2.0)


def test_client_streaming_off_keeps_the_old_refusal(worker):
    a = np.zeros(2**20)  # 8 MB
    with ivy_client.Client(f"numpy={worker.address}", max_message_mb=4, max_stream_mb=0) as c:
        with pytest.raises(ivy_client.ResourceExhausted, match="per-message limit"):
            c.call("add", a, 1.0)


def _stream(address, chunks):
    with grpc.insecure_channel(address) as ch:
        call = ch.stream_stream(f"/{SERVICE_NAME}/CallStream")
        try:
            return grpc.StatusCode.OK, wire.gather(call(iter(chunks), timeout=30), 2**30)
        except grpc.RpcError as e:
            return e.code(), e.details()


def test_malformed_streams_are_refused(worker):
    x = np.arange(4.0)
    good = wire.frame_call_request("add", codec.encode([[x, x], {}]), False, [])
    cs = list(wire.chunks([good], 16))
    assert len(cs) > 2
    code, resp = _stream(worker.address, cs)
    assert code == grpc.StatusCode.OK
    res, bufs = wire.parse_call_response(resp)
    np.testing.assert_array_equal(codec.decode(res, buffers=bufs), x + x)
    cases = {
        "short of the total": (cs[:-1], grpc.StatusCode.INVALID_ARGUMENT, "ended after"),
        "past the total": (cs + cs[-1:], grpc.StatusCode.INVALID_ARGUMENT, "more than"),
        "second total": (cs[:1] + [worker_pb2.CallChunk(data=b"x", total=5)
                                   .SerializeToString()], grpc.StatusCode.INVALID_ARGUMENT,
                         "only the first"),
        "huge total": ([worker_pb2.CallChunk(data=b"", total=2**50).SerializeToString()],
                       grpc.StatusCode.RESOURCE_EXHAUSTED, "over the limit"),
        "no chunk": ([], grpc.StatusCode.INVALID_ARGUMENT, "empty stream"),
        "not a chunk": ([b"\xff\xff\xff"], grpc.StatusCode.INVALID_ARGUMENT, "CallStream"),
        "not a CallRequest": (list(wire.chunks([b"\x0a\x05ad"])),
                              grpc.StatusCode.INVALID_ARGUMENT, "malformed CallRequest"),
    }
    for what, (chunks, want, text) in cases.items():
        code, msg = _stream(worker.address, chunks)
        assert code == want and text in msg, (what, code, msg)
    assert _stream(worker.address, cs)[0] == grpc.StatusCode.OK  # still serving


def test_memory_cap_bounds_the_stream():
    w = WorkerProc("numpy", "--max-message-mb", "4", "--memory-cap-mb", "16").wait_ready()
    try:
        with ivy_client.Client(f"numpy={w.address}", max_message_mb=4) as c:
            with pytest.raises(ivy_client.ResourceExhausted, match="over the limit of 16777216.*--memory-cap-mb"):
                c.call("sum", np.zeros(3 * 2**20))  # 24 MB
            assert c.call("sum", np.ones(2**20)).item() == 2**20  # 8 MB: streamed, fits
    finally:
        w.stop()


def test_chunks_round_trip():
    parts = [b"\x0a\x03add", memoryview(np.arange(1000.0)).cast("B"), b"", b"tail"]
    whole = b"".join(bytes(p) for p in parts)
    for size in (1, 7, 64, 10_000):
        cs = list(wire.chunks(parts, size))
        assert all(len(worker_pb2.CallChunk.FromString(c).data) <= size for c in cs)
        assert worker_pb2.CallChunk.FromString(cs[0]).total == len(whole)
        assert bytes(wire.gather(cs, len(whole))) == whole
        with pytest.raises(codec.CodecError):
            wire.gather(cs, len(whole) - 1)


def test_async_client_streams_too(worker):
    """AsyncClient: a request over the limit streams (CallStream), a small request whose result
    is over the worker's limit is called again streaming, refusals keep their types."""
    import asyncio

    a = np.random.default_rng(3).random(3 * 2**20)  # 24 MB

    async def main():
        async with ivy_client.AsyncClient(f"numpy={worker.address}", max_message_mb=4) as c:
            r = await c.call("add", a, a)
            np.testing.assert_array_equal(r, a + a)
            assert r.flags.aligned and not r.flags.writeable  # as every other path's results
            ones = await c.call("ones", (2000, 2000))
            np.testing.assert_array_equal(ones, np.ones((2000, 2000)))
            with pytest.raises(ivy_client.NotFound, match="no function 'no_such'"):
                await c.call("no_such", a)
            with pytest.raises(ivy_client.ResourceExhausted, match="--max-stream-mb"):
                await c.call("sum", np.zeros(9 * 2**20))  # 72 MB: over the worker's 64
            # concurrent streamed calls on one channel
            outs = await asyncio.gather(*(c.call("multiply", a, float(k)) for k in range(3)))
            for k, o in enumerate(outs):
                np.testing.assert_array_equal(o, a * k)
        async with ivy_client.AsyncClient(f"numpy={worker.address}") as c:
            # the client's limit is 1024 MiB, the worker's 4: the worker's refusal -> streamed
            np.testing.assert_array_equal(await c.call("multiply", a[:2**20], 2.0),
                                          a[:2**20] * 2.0)
        async with ivy_client.AsyncClient(f"numpy={worker.address}", max_message_mb=4,
                                          max_stream_mb=0) as c:
            with pytest.raises(ivy_client.ResourceExhausted, match="per-message limit"):
                await c.call("add", a, 1.0)

    asyncio.run(main())


# -- the grpc.aio server kind (--server-kind aio) serves CallStream too ---------------------------

@pytest.fixture(scope="module")
def aio_worker():
    w = WorkerProc("numpy", "--server-kind", "aio", "--max-message-mb", "4",
                   "--max-stream-mb", "64", "--uds", "none").wait_ready()
    yield w
    w.stop()


def test_aio_worker_streams_from_client(aio_worker):
    a = np.random.default_rng(10).random(3 * 2**20)  # 24 MB: six times the message limit
    with ivy_client.Client(f"numpy={aio_worker.address}", max_message_mb=4) as c:
        assert c.info(brief=True)["server_kind"] == "aio"
        np.testing.assert_array_equal(c.call("add", a, a), a + a)
        np.testing.assert_array_equal(c.call("ones", (2000, 2000)), np.ones((2000, 2000)))
        with pytest.raises(ivy_client.NotFound, match="no function 'no_such'"):
            c.call("no_such", a)
        with pytest.raises(ivy_client.ResourceExhausted, match="over the limit.*--max-stream-mb"):
            c.call("sum", np.zeros(9 * 2**20))  # 72 MB: over the worker's 64
        assert c.call("sum", a[:10]).item() == pytest.approx(a[:10].sum())
    with ivy_client.Client(f"numpy={aio_worker.address}") as c:  # the worker's limit only
        np.testing.assert_array_equal(c.call("multiply", a[:2**20], 2.0), a[:2**20] * 2.0)


def test_aio_worker_streams_from_async_client(aio_worker):
    import asyncio

    a = np.random.default_rng(11).random(3 * 2**20)

    async def main():
        async with ivy_client.AsyncClient(f"numpy={aio_worker.address}", max_message_mb=4) as c:
            np.testing.assert_array_equal(await c.call("add", a, a), a + a)
            np.testing.assert_array_equal(await c.call("ones", (2000, 2000)),
                                          np.ones((2000, 2000)))
            with pytest.raises(ivy_client.ResourceExhausted, match="--max-stream-mb"):
                await c.call("sum", np.zeros(9 * 2**20))
            outs = await asyncio.gather(*(c.call("multiply", a, float(k)) for k in range(3)))
            for k, o in enumerate(outs):
                np.testing.assert_array_equal(o, a * k)
            np.testing.assert_array_equal(await c.call("add", a[:4], 1.0), a[:4] + 1.0)

    asyncio.run(main())


def test_aio_worker_refuses_malformed_streams(aio_worker):
    test_malformed_streams_are_refused(aio_worker)


def test_streamed_arguments_are_read_only_like_unary_ones():
    """A streamed request is gathered into the worker's own bytearray; its arrays reach the
    function read-only, as a unary call's (views of the received bytes) do, so a function that
    writes into an argument fails the same way on both paths (they were writeable views)."""
    from ivy_server.worker import Worker

    w = Worker("numpy", "cpu", max_message_bytes=2**20, memory_cap_bytes=0,
               allow_code_execution=False, sandbox_limits={}, sandbox_warm=0)
    seen = []
    w._fns["probe"] = lambda x: seen.append((x.flags.writeable, x.base is not None)) or x[:4]
    a = np.arange(2.0**18)  # 2 MiB: an out-of-band buffer, over the 1 MiB message limit
    c = ivy_client.Client("numpy=127.0.0.1:1")
    request = c._request("probe", (a,), {}, False)
    c.close()
    w.call(request, None, [None])
    list(w.call_stream(wire.chunks([request]), None, [None]))
    assert seen == [(False, True), (False, True)]  # views, read-only, on both paths
