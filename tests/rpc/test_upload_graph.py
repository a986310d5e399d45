"""The safer path than Trace: a client that has a framework traces locally and uploads the graph.

The worker here runs with code execution off (``numpy_worker``): an uploaded graph is data, decoded
by the bounded codec and validated by ``ivy.Graph.from_dict``; it never runs as code.
"""

from __future__ import annotations

import copy

import ivy_client
import numpy as np
import pytest

import ivy


def _graph():
    def f(x, y):
        return ivy.sin(x) * 2 + ivy.matmul(y, y)

    x, y = np.linspace(0, 1, 2), np.arange(4.0).reshape(2, 2)
    return f, ivy.trace_graph(f, x, y), (x, y)


def test_uploaded_graph_runs_on_a_worker_without_code_execution(client):
    assert client.info()["code_execution"] is False
    f, g, (x, y) = _graph()
    remote = client.upload_graph(g, backend="numpy")
    out = remote(x, y)
    np.testing.assert_array_equal(out, f(x, y))
    x2, y2 = x + 1, y - 3  # the same graph on new inputs of the same signature
    np.testing.assert_array_equal(remote(x2, y2), f(x2, y2))
    assert remote.release() is True


def test_upload_accepts_the_dict_form(client):
    f, g, (x, y) = _graph()
    remote = client.upload_graph(g.to_dict(), backend="numpy")
    np.testing.assert_array_equal(remote(x, y), f(x, y))
    remote.release()


@pytest.mark.parametrize("target", ["os.system", "__import__", "func_wrapper.os.system",
                                    "linalg.__class__"])
def test_a_graph_naming_anything_but_a_public_ivy_function_is_refused(client, target):
    _, g, _ = _graph()
    d = copy.deepcopy(g.to_dict())
    calls = [n for n in d["nodes"] if n["op"] == "call"]
    calls[0]["target"] = target
    with pytest.raises(ivy_client.InvalidArgument, match="uploaded graph"):
        client.upload_graph(d, backend="numpy")
    # the worker is unharmed
    np.testing.assert_array_equal(client.call("add", np.ones(2), 1.0, backend="numpy"), [2, 2])


def test_graph_and_source_together_are_refused(client):
    import grpc
    from ivy_client import codec

    _, g, _ = _graph()
    with pytest.raises(grpc.RpcError) as e:
        _raw_trace(client, graph=codec.encode(g.to_dict()), source="def f(x): return x",
                   entry="f")
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "either a graph or source" in e.value.details()


def _raw_trace(client, **fields):
    from ivy_client.proto import worker_pb2

    conn = client._conn(client.address_for("numpy", None))
    return conn.trace(worker_pb2.TraceRequest(**fields), timeout=10, metadata=client._metadata)


def test_a_non_map_graph_and_a_broken_map_are_invalid(client):
    import grpc
    from ivy_client import codec

    for payload, words in ((codec.encode([1, 2, 3]), "not a map"),
                           (codec.encode({"x": 1}), "cannot be loaded"),
                           (b"\xc1garbage", "malformed")):
        with pytest.raises(grpc.RpcError) as e:
            _raw_trace(client, graph=payload)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert words in e.value.details()
