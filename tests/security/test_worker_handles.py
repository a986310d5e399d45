"""Issue 10, items 3, 4, 6 and 9 against real NumPy workers on 127.0.0.1: what a worker keeps.

- 3: a failed ``keep=True`` call keeps nothing (a later output over the memory cap; a result too
  large to send) -- before the fix the handles it had made stayed, unreleasable, and filled the cap.
- 4: traced graphs' constants count against the memory cap like kept arrays.
- 6: ``empty``/``empty_like`` answer zeros, never the bytes another request left behind.
- 9: handles and graphs belong to the token that made them; another token gets NOT_FOUND with the
  message of an id that never existed.
"""

from __future__ import annotations

import os
import re

import ivy_client
import numpy as np
import pytest

import ivy
from tests.rpc.conftest import WorkerProc

HAS_TRACER = hasattr(ivy, "trace_graph") and hasattr(ivy, "Graph")
TENANT_A, TENANT_B = "tenant-a-6f1e0c", "tenant-b-93d2aa"
TENANTS_VAR = "IVY_TEST_TENANT_TOKENS"


@pytest.fixture(scope="module")
def capped_worker():
    """No auth, a 6 MiB memory cap and a 1 MiB message limit."""
    w = WorkerProc("numpy", "--memory-cap-mb", "6", "--max-message-mb", "1").wait_ready()
    yield w
    w.stop()


@pytest.fixture(scope="module")
def tenants_worker():
    """Two tenants (two tokens in one variable), code execution, a 20 MiB memory cap."""
    os.environ[TENANTS_VAR] = f"{TENANT_A},{TENANT_B}"
    try:
        w = WorkerProc("numpy", "--auth-token-env", TENANTS_VAR, "--allow-code-execution",
                       "--memory-cap-mb", "20", "--sandbox-wall-s", "120").wait_ready()
    finally:
        os.environ.pop(TENANTS_VAR, None)
    yield w
    w.stop()


@pytest.fixture()
def client(capped_worker):
    with ivy_client.Client(f"numpy={capped_worker.address}") as c:
        yield c


def held(c) -> tuple[int, int]:
    info = c.info()
    return info["handles_live"], info["handles_bytes"]


# -- item 3: a failed keep=True call keeps nothing ---------------------------------------------

def test_second_output_over_the_cap_releases_the_first(client):
    before = held(client)
    n = 724  # meshgrid -> two float64 arrays of 724x724: 4.0 MiB each, the cap is 6 MiB
    with pytest.raises(ivy_client.ResourceExhausted, match="memory cap of 6 MiB"):
        client.call("meshgrid", np.arange(n, dtype=np.float64), np.arange(n, dtype=np.float64),
                    keep=True)
    assert held(client) == before, "the failed call left its first output kept on the worker"
    # the cap is free: another client can keep 5 MiB
    h = client.call("zeros", (5 * 2**20 // 8,), dtype="float64", keep=True)
    assert held(client)[1] == before[1] + 5 * 2**20
    assert client.release(h) == 1


def test_result_too_large_to_send_keeps_nothing(client):
    before = held(client)
    # 40,000 0-d handles encode to ~1.8 MB, over the worker's 1 MiB message limit
    with pytest.raises(ivy_client.ResourceExhausted, match="per-message limit of 1 MiB"):
        client.call("unstack", np.zeros(40_000, np.float32), keep=True, timeout=120)
    assert held(client) == before, "the failed call left 40,000 handles nobody can release"


def test_repeated_failures_do_not_fill_the_cap(client):
    for _ in range(4):  # before the fix each try leaked 4 MiB: the second already filled the cap
        with pytest.raises(ivy_client.ResourceExhausted):
            client.call("meshgrid", np.arange(724.0), np.arange(724.0), keep=True)
    h = client.call("ones", (5 * 2**20 // 8,), dtype="float64", keep=True)
    np.testing.assert_array_equal(client.call("sum", h), 5 * 2**20 // 8)
    assert client.release(h) == 1


# -- item 6: empty / empty_like are zero-filled -------------------------------------------------

def test_empty_never_returns_another_requests_data(client):
    for i in range(40):
        secret = client.call("full", (4096,), 1234.5 + i)  # leaves non-zero memory behind
        assert secret[0] == 1234.5 + i
        e = client.call("empty", (4096,))
        assert e.shape == (4096,) and not e.any(), f"try {i}: empty returned non-zero memory"
        e = client.call("empty", (64, 64), dtype="int32")
        assert e.dtype == np.int32 and not e.any()
        like = client.call("empty_like", np.full((4096,), 7.0))
        assert like.shape == (4096,) and not like.any()
    h = client.call("empty", (4096,), keep=True)
    assert not h.fetch().any()
    h.release()


# -- item 4: graphs count against the memory cap ------------------------------------------------

CONSTANT_SOURCE = """
import ivy
import numpy

C = numpy.arange(786432, dtype=numpy.float64)  # 6 MiB, captured by the graph as a constant

def f(x):
    return ivy.add(x, C)
"""


def _tenant(worker, token):
    return ivy_client.Client(f"numpy={worker.address}", token=token)


@pytest.mark.skipif(not HAS_TRACER, reason="ivy.trace_graph is not available")
def test_graph_constants_count_against_the_memory_cap(tenants_worker):
    with _tenant(tenants_worker, TENANT_A) as a:
        base = a.info()["handles_bytes"]
        graphs = []
        with pytest.raises(ivy_client.ResourceExhausted, match="memory cap of 20 MiB"):
            for _ in range(5):  # 6 MiB each under a 20 MiB cap: the fourth must be refused
                graphs.append(a.trace(CONSTANT_SOURCE, "f", np.zeros(786432), timeout=180))
        assert len(graphs) == 3, f"{len(graphs)} graphs of 6 MiB were kept under a 20 MiB cap"
        assert a.info()["handles_bytes"] >= base + 3 * 6 * 2**20
        # graphs and handles share the cap: 3 MiB more of handles does not fit either
        with pytest.raises(ivy_client.ResourceExhausted, match="memory cap"):
            a.call("zeros", (3 * 2**20 // 8,), dtype="float64", keep=True)
        np.testing.assert_array_equal(graphs[0](np.ones(786432))[:3], [1.0, 2.0, 3.0])
        for g in graphs:
            assert g.release()
        assert a.info()["handles_bytes"] == base


EMPTY_SOURCE = """
import ivy

def f(x):
    return ivy.add(ivy.empty((4096,)), x)
"""


@pytest.mark.skipif(not HAS_TRACER, reason="ivy.trace_graph is not available")
def test_traced_graph_calling_empty_gets_zeros(tenants_worker):
    with _tenant(tenants_worker, TENANT_A) as a:
        g = a.trace(EMPTY_SOURCE, "f", np.zeros(4096), timeout=180)
        try:
            for i in range(10):
                a.call("full", (4096,), 99.0 + i)
                assert not g(np.zeros(4096)).any()
        finally:
            g.release()


# -- item 9: handles and graphs are owned by their token ----------------------------------------

def _generic(message: str) -> str:
    """The message with ids and the worker's request tail removed, to compare two NOT_FOUNDs."""
    return re.sub(r"'[hg]-[^']*'", "ID", message.split(" [worker ")[0])


def test_other_tenant_cannot_fetch_use_or_release_a_handle(tenants_worker):
    from ivy_client.codec import Ref

    with _tenant(tenants_worker, TENANT_A) as a, _tenant(tenants_worker, TENANT_B) as b:
        h = a.call("full", (3,), 42.0, keep=True)
        stolen = ivy_client.RemoteHandle(h, h.address, b)  # a's id, used with b's token
        unknown = ivy_client.RemoteHandle(Ref("h-" + "0" * 24, h.dtype, h.shape), h.address, b)
        with pytest.raises(ivy_client.NotFound) as foreign_err:
            stolen.fetch()
        with pytest.raises(ivy_client.NotFound) as unknown_err:
            unknown.fetch()
        assert _generic(foreign_err.value.message) == _generic(unknown_err.value.message), \
            "a foreign handle must look exactly like an unknown one"
        with pytest.raises(ivy_client.NotFound):
            b.call("sum", stolen)  # passed as an argument
        assert b.release(stolen) == 0
        np.testing.assert_array_equal(h.fetch(), [42.0, 42.0, 42.0])  # untouched, still a's
        assert a.release(h) == 1


@pytest.mark.skipif(not HAS_TRACER, reason="ivy.trace_graph is not available")
def test_other_tenant_cannot_call_or_release_a_graph(tenants_worker):
    with _tenant(tenants_worker, TENANT_A) as a, _tenant(tenants_worker, TENANT_B) as b:
        g = a.trace("import ivy\ndef f(x):\n    return ivy.multiply(x, 3.0)\n", "f", np.ones(2),
                    timeout=180)
        try:
            stolen = ivy_client.RemoteGraph(b, g.address, g.id, g.graph, None)
            with pytest.raises(ivy_client.NotFound, match="graph"):
                stolen(np.ones(2))
            assert b.release(stolen) == 0
            np.testing.assert_array_equal(g(np.ones(2)), [3.0, 3.0])
        finally:
            assert g.release()
