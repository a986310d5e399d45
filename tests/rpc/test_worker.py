"""The worker and client against a real NumPy worker: errors, malformed messages, handles, large
arrays, concurrency, deadlines, health, reflection, metrics, routing, asyncio."""

from __future__ import annotations

import asyncio
import struct
import sys
import threading
import time
import urllib.request

import grpc
import ivy_client
import msgpack
import numpy as np
import pytest
from ivy_client import codec, wire
from ivy_client.proto import SERVICE_NAME, worker_pb2

from .conftest import health


def raw_call(address: str, payload: bytes, timeout: float = 10.0) -> bytes:
    """Send raw bytes as a CallRequest (bypassing the client's encoder)."""
    with grpc.insecure_channel(address) as ch:
        return ch.unary_unary(f"/{SERVICE_NAME}/Call")(payload, timeout=timeout)


def assert_serving(client):
    assert client.call("add", np.ones(2), np.ones(2)).tolist() == [2.0, 2.0]


# -- basic calls -----------------------------------------------------------------------------

def test_call_matmul_and_namespaced(client):
    a = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(client.call("matmul", a, a.T), a @ a.T)
    u, s, vh = client.call("linalg.svd", a @ a.T)
    np.testing.assert_allclose(s, np.linalg.svd(a @ a.T)[1])
    np.testing.assert_allclose(client.call("fft.fft", np.arange(4.0)), np.fft.fft(np.arange(4.0)))


def test_kwargs_scalars_and_nested_results(client):
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert client.call("sum", a, axis=1, keepdims=True).shape == (3, 1)
    out = client.call("unique_all", np.array([3, 1, 3]))
    assert isinstance(out, tuple) and len(out) == 4
    assert client.call("result_type", np.float32, np.float64) == np.dtype("float64")
    np.testing.assert_array_equal(client.call("get_item", a, (slice(None), Ellipsis, 1)), a[:, 1])


def test_foreign_arrays_without_client_importing_frameworks(client):
    torch = pytest.importorskip("torch")
    t = torch.arange(4, dtype=torch.bfloat16)
    r = client.call("add", t, t)
    assert r.dtype.name == "bfloat16" and r.astype(np.float32).tolist() == [0, 2, 4, 6]
    r = client.call("multiply", torch.ones(3, dtype=torch.complex64).conj(), 2)
    assert r.dtype == np.complex64


def test_client_imports_no_framework():
    code = ("import sys, ivy_client, numpy as np;"
            "c = ivy_client.Client('numpy=127.0.0.1:1');"
            "bad = [m for m in ('torch', 'jax', 'tensorflow', 'ivy') if m in sys.modules];"
            "assert not bad, bad")
    import subprocess

    from .conftest import env

    subprocess.run([sys.executable, "-c", code], check=True, env=env())


# -- errors ----------------------------------------------------------------------------------

def test_not_found_lists_close_matches(client):
    with pytest.raises(ivy_client.NotFound, match="did you mean: matmul"):
        client.call("matmull", np.ones((2, 2)), np.ones((2, 2)))


def test_invalid_argument_carries_ivys_message(client):
    with pytest.raises(ivy_client.InvalidArgument, match="in ivy.matmul on the numpy backend"):
        client.call("matmul", np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(ivy_client.InvalidArgument, match="unexpected keyword|got an unexpected"):
        client.call("add", np.ones(2), np.ones(2), nonsense=1)
    assert_serving(client)


def test_request_id_reaches_the_logs(client, numpy_worker):
    with pytest.raises(ivy_client.NotFound) as e:
        client.call("nope_fn", request_id="rid-4242")
    assert e.value.request_id == "rid-4242"
    deadline = time.time() + 5
    while "request=rid-4242" not in numpy_worker.logs() and time.time() < deadline:
        time.sleep(0.1)
    assert "request=rid-4242" in numpy_worker.logs()


MALFORMED = {
    "garbage protobuf": b"\xff\xff\xff\xff",
    "truncated protobuf": wire.frame_call_request("add", b"\x92\x90\x80", False, [])[:-2],
    "not msgpack": wire.frame_call_request("add", b"\xc1\xc1", False, []),
    "truncated msgpack": wire.frame_call_request("add", codec.encode([[np.ones(3)], {}])[:-5],
                                                 False, []),
    "args not a list": wire.frame_call_request("add", msgpack.packb({"a": 1}), False, []),
    "kwargs keys not str": wire.frame_call_request("add", msgpack.packb([[], {1: 2}]), False, []),
    "wrong ext payload": wire.frame_call_request(
        "add", msgpack.packb([[msgpack.ExtType(codec.EXT_ARRAY, b"\x01")], {}]), False, []),
    "unknown ext": wire.frame_call_request(
        "add", msgpack.packb([[msgpack.ExtType(99, b"")], {}]), False, []),
    "object dtype": wire.frame_call_request("add", msgpack.packb([[msgpack.ExtType(
        codec.EXT_ARRAY, struct.pack("<I", 12) + msgpack.packb(["object", [1]]) + b"\0" * 8)],
        {}]), False, []),
    "huge declared shape": wire.frame_call_request("add", msgpack.packb([[msgpack.ExtType(
        codec.EXT_ARRAY_OOB, msgpack.packb(["float64", [2**40, 2**40], 0]))], {}]), False,
        [b"\0" * 16]),
    "negative size": wire.frame_call_request("add", msgpack.packb([[msgpack.ExtType(
        codec.EXT_ARRAY_OOB, msgpack.packb(["float64", [-1], 0]))], {}]), False, [b"\0" * 8]),
    "buffer index out of range": wire.frame_call_request("add", msgpack.packb([[msgpack.ExtType(
        codec.EXT_ARRAY_OOB, msgpack.packb(["float64", [1], 3]))], {}]), False, [b"\0" * 8]),
    "deep nesting": wire.frame_call_request("add", b"\x91" * 100000, False, []),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_messages_are_invalid_argument(numpy_worker, client, name):
    with pytest.raises(grpc.RpcError) as e:
        raw_call(numpy_worker.address, MALFORMED[name])
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT, e.value.details()
    assert_serving(client)


def test_deadline_honoured(client):
    with pytest.raises(ivy_client.DeadlineExceeded):
        client.call("matmul", np.ones((1500, 1500)), np.ones((1500, 1500)), timeout=0.001)
    assert_serving(client)


# -- handles ---------------------------------------------------------------------------------

def test_handles_keep_pass_fetch_release(client):
    a = np.arange(4.0).reshape(2, 2)
    h = client.call("matmul", a, a, keep=True)
    assert isinstance(h, ivy_client.RemoteHandle) and h.shape == (2, 2) and h.dtype == "float64"
    h2 = client.call("add", h, 1.0, keep=True)  # no data moves
    np.testing.assert_array_equal(client.call("sum", h2), (a @ a + 1).sum())
    np.testing.assert_array_equal(h.fetch(), a @ a)
    np.testing.assert_array_equal(np.asarray(h2), a @ a + 1)
    before = client.info()["handles_live"]
    assert client.release(h, h2) == 2
    assert client.info()["handles_live"] == before - 2
    with pytest.raises(ivy_client.NotFound, match="not on this worker"):
        h.fetch()
    q, r = client.call("linalg.qr", a, keep=True)  # tuples of handles
    with q, r:
        np.testing.assert_allclose(q.fetch() @ r.fetch(), a, atol=1e-12)


def test_memory_cap_answers_resource_exhausted(client):
    with pytest.raises(ivy_client.ResourceExhausted, match="memory cap of 512 MiB"):
        client.call("zeros", (600, 2**20), dtype="uint8", keep=True)
    assert_serving(client)


# -- size ------------------------------------------------------------------------------------

def test_64mb_round_trip(client):
    x = np.random.default_rng(0).random(64 * 2**20 // 8)
    y = client.call("multiply", x, 2.0)
    assert y.shape == x.shape and np.array_equal(y, x * 2.0)


def test_zero_d_empty_and_big_endian(client):
    assert client.call("add", np.float32(1), np.float32(2)).dtype == np.float32
    e = client.call("add", np.zeros((0, 3)), 1.0)
    assert e.shape == (0, 3)
    be = np.arange(4, dtype=">f8")[::2]
    np.testing.assert_array_equal(client.call("multiply", be, 2.0), [0.0, 4.0])


# -- concurrency -----------------------------------------------------------------------------

def test_32_threads_x_200_calls(numpy_worker):
    c = ivy_client.Client(f"numpy={numpy_worker.address}")
    errors: list = []

    def run(i):
        a = np.full((2, 2), float(i))
        try:
            for _ in range(200):
                r = c.call("add", a, 1.0)
                if r[0, 0] != i + 1:
                    errors.append(f"thread {i}: wrong result {r[0, 0]}")
                    return
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    c.close()
    assert errors == []


def test_async_client(numpy_worker):
    async def main():
        async with ivy_client.AsyncClient(f"numpy={numpy_worker.address}") as c:
            rs = await asyncio.gather(*(c.call("add", np.ones(2), float(i)) for i in range(20)))
            h = await c.call("ones", (2,), keep=True)
            v = await c.fetch(h)
            await c.release(h)
            with pytest.raises(ivy_client.NotFound):
                await c.call("nope")
            return rs, v

    rs, v = asyncio.run(main())
    assert [r[0] for r in rs] == [1.0 + i for i in range(20)]
    assert v.tolist() == [1.0, 1.0]


# -- routing ---------------------------------------------------------------------------------

def test_routing_and_no_worker_error(numpy_worker, monkeypatch):
    monkeypatch.setenv("IVY_WORKERS", f"numpy={numpy_worker.address},numpy={numpy_worker.address}"
                       ",jax@gpu:3=127.0.0.1:1")
    with ivy_client.Client() as c:
        assert c.call("add", 1, 2, backend="numpy").item() == 3
        with pytest.raises(ivy_client.NoWorker, match="no worker for backend 'torch'.*numpy@cpu"):
            c.call("add", 1, 2, backend="torch")
        with pytest.raises(ivy_client.Unavailable):
            c.call("add", 1, 2, backend="jax", device="gpu:3", timeout=2)


def test_default_config_matches_ivy_serve(monkeypatch, tmp_path):
    monkeypatch.delenv("IVY_WORKERS", raising=False)
    monkeypatch.chdir(tmp_path)
    from ivy_client import config

    ws = config.resolve()
    assert [(w.backend, w.port) for w in ws] == [
        (b, p) for b, p in config.DEFAULT_PORTS.items() if b in config.installed_backends()]
    from pathlib import Path

    root_toml = config.load_toml(Path(__file__).resolve().parents[2] / "workers.toml")
    assert [(w.backend, w.device, w.port, w.metrics_port) for w in root_toml] == [
        (w.backend, w.device, w.port, w.metrics_port) for w in config.default_workers()] or \
        len(config.installed_backends()) < 4


# -- health, reflection, info, metrics -------------------------------------------------------

def test_health_reflection_info(numpy_worker, client):
    assert health(numpy_worker.address) == "SERVING"
    assert health(numpy_worker.address, service=SERVICE_NAME) == "SERVING"
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    with grpc.insecure_channel(numpy_worker.address) as ch:
        stub = reflection_pb2_grpc.ServerReflectionStub(ch)
        req = reflection_pb2.ServerReflectionRequest(list_services="")
        resp = next(stub.ServerReflectionInfo(iter([req]), timeout=5))
        names = [s.name for s in resp.list_services_response.service]
    assert SERVICE_NAME in names and "grpc.health.v1.Health" in names
    info = client.info()
    assert info["backend"] == "numpy" and info["device"] == "cpu"
    assert info["functions"]["matmul"]["signature"].startswith("(x1")
    assert len(info["functions"]) >= 150


def test_metrics_endpoint(numpy_worker, client):
    client.call("add", np.ones(2), np.ones(2))
    with pytest.raises(ivy_client.NotFound):
        client.call("matmull")
    text = urllib.request.urlopen(f"http://127.0.0.1:{numpy_worker.metrics_port}/metrics",
                                  timeout=5).read().decode()
    assert 'ivy_requests_total{code="OK",function="add",method="Call"}' in text
    assert 'function="<unknown>"' in text and 'code="NOT_FOUND"' in text
    for name in ("ivy_request_latency_seconds_bucket", "ivy_bytes_received_total",
                 "ivy_bytes_sent_total", "ivy_handles_live", "ivy_handles_bytes",
                 "ivy_device_memory_bytes"):
        assert name in text


def test_info_message_matches_proto(client, numpy_worker):
    with grpc.insecure_channel(numpy_worker.address) as ch:
        r = ch.unary_unary(f"/{SERVICE_NAME}/Info",
                           worker_pb2.InfoRequest.SerializeToString,
                           worker_pb2.InfoResponse.FromString)(worker_pb2.InfoRequest(), timeout=10)
    assert r.backend == "numpy" and r.pid > 0
