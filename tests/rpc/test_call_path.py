"""The tiny-call path's shortcuts (issue 16) keep what they replace: the worker's gated handler
(admission inline, metrics through the label set's tally, folded in at each collection) and
``Client.call``'s inline C encode/decode. Metrics are checked as exact deltas on a real worker's
/metrics."""

from __future__ import annotations

import re
import sys
import threading
import urllib.request
from pathlib import Path

import grpc
import numpy as np
import pytest
from prometheus_client import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "client"), str(ROOT / "server")]

import ivy_client  # noqa: E402
from ivy_client import codec  # noqa: E402
from ivy_client.proto import SERVICE_NAME  # noqa: E402


def _scrape(worker) -> dict:
    text = urllib.request.urlopen(f"http://127.0.0.1:{worker.metrics_port}/metrics",
                                  timeout=5).read().decode()
    out = {}
    for line in text.splitlines():
        m = re.match(r"^([a-z_]+)(\{[^}]*\})? ([-+0-9.e]+|NaN|\+Inf)$", line)
        if m:
            out[m.group(1) + (m.group(2) or "")] = float(m.group(3))
    return out


def _delta(after: dict, before: dict, key: str) -> float:
    return after.get(key, 0.0) - before.get(key, 0.0)


OK_ADD = 'ivy_requests_total{code="OK",function="add",method="Call"}'
HIST = "ivy_request_latency_seconds"


def test_metrics_of_successful_calls_are_exact(numpy_worker):
    """N calls (also from 8 threads at once: no lost update under the observers' one lock) move
    the request counter, the histogram's count, buckets and sum, and the byte counters by
    exactly what they did."""
    c = ivy_client.Client(f"numpy={numpy_worker.address}", uds=False)
    x = np.arange(4.0).reshape(2, 2)
    # the bytes c.call sends: the C path's request (its arrays aligned), else Python's
    request = (codec._fast and codec._fast.encode_request(
        "add", (x, x), {}, codec.OOB_THRESHOLD, c.max_message_bytes)) or \
        c._request("add", (x, x), {}, False)
    with grpc.insecure_channel(numpy_worker.address) as ch:
        response = ch.unary_unary(f"/{SERVICE_NAME}/Call")(request, timeout=30)
    c.call("add", x, x)  # the label set exists and its observer is cached
    before = _scrape(numpy_worker)
    n, threads = 40, 8

    def run():
        for _ in range(n):
            np.testing.assert_array_equal(c.call("add", x, x), x + x)

    ts = [threading.Thread(target=run) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    after = _scrape(numpy_worker)
    total = n * threads
    assert _delta(after, before, OK_ADD) == total
    lab = '{function="add",method="Call"}'
    assert _delta(after, before, f"{HIST}_count{lab}") == total
    assert _delta(after, before, f"{HIST}_sum{lab}") > 0
    inf = f'{HIST}_bucket{{function="add",le="+Inf",method="Call"}}'
    assert _delta(after, before, inf) == total
    buckets = sorted((float(k.split('le="')[1].split('"')[0]), _delta(after, before, k))
                     for k in after if k.startswith(f"{HIST}_bucket") and 'function="add"' in k
                     and 'method="Call"' in k)
    assert all(a[1] <= b[1] for a, b in zip(buckets, buckets[1:], strict=False))  # cumulative
    assert _delta(after, before, "ivy_bytes_received_total") == total * len(request)
    assert _delta(after, before, "ivy_bytes_sent_total") == total * len(response)
    c.close()


def test_failures_and_unknown_names_keep_their_labels(numpy_worker):
    c = ivy_client.Client(f"numpy={numpy_worker.address}", uds=False)
    before = _scrape(numpy_worker)
    for i in range(3):
        with pytest.raises(ivy_client.NotFound):
            c.call(f"no_such_fn_{i}", 1)
    with pytest.raises(ivy_client.RemoteError):
        c.call("add", np.ones(3), np.ones(4))
    after = _scrape(numpy_worker)
    unk = 'ivy_requests_total{code="NOT_FOUND",function="<unknown>",method="Call"}'
    assert _delta(after, before, unk) == 3
    assert not any("no_such_fn" in k for k in after)  # a client's name never becomes a label
    bad = [k for k in after if k.startswith("ivy_requests_total") and 'function="add"' in k
           and 'code="OK"' not in k]
    assert sum(_delta(after, before, k) for k in bad) == 1
    c.close()


class _Ctx:
    """A stand-in for gRPC's servicer context: what the handler calls on it."""

    def __init__(self):
        self.aborted = None
        self.trailing = ()

    def is_active(self):
        return True

    def time_remaining(self):
        return None

    def invocation_metadata(self):
        return ()

    def set_trailing_metadata(self, md):
        self.trailing = md

    def add_callback(self, fn):
        return True

    def abort(self, status, message):
        self.aborted = (status, message)
        raise RuntimeError(message)


def test_gated_handler_admission_and_release():
    """The inline admission: a full gate refuses at once (RESOURCE_EXHAUSTED, counted), a
    failing or interrupted call gives its slot back, and a success leaves the gate as it found
    it."""
    from ivy_server import errors
    from ivy_server.worker.admission import Gate
    from ivy_server.worker.handlers import wrap

    gate = Gate(1, 0)
    calls = []

    class _W:  # what wrap reads from a Worker
        trimmer = None

    _W.gate = gate

    def impl(request, context, tag):
        tag[0] = "add"
        calls.append(request)
        if request == b"fail":
            raise errors.invalid("bad request")
        if request == b"interrupt":
            raise KeyboardInterrupt
        return b"ok"

    h = wrap("Call", impl, {"add"}, _W())
    assert h(b"x", _Ctx()) == b"ok" and (gate.running, gate.active) == (0, 0)
    assert h(b"y", _Ctx()) == b"ok"  # the cached observer's path
    ctx = _Ctx()
    with pytest.raises(RuntimeError):
        h(b"fail", ctx)
    assert ctx.aborted[0] == grpc.StatusCode.INVALID_ARGUMENT
    assert ctx.trailing and ctx.trailing[0][0] == "x-request-id"
    assert (gate.running, gate.active) == (0, 0)
    with pytest.raises(KeyboardInterrupt):
        h(b"interrupt", _Ctx())
    assert (gate.running, gate.active) == (0, 0)
    gate.running = gate.active = 1  # the one slot taken, no queue: refused without running
    ctx = _Ctx()
    n = len(calls)
    with pytest.raises(RuntimeError):
        h(b"z", ctx)
    assert ctx.aborted[0] == grpc.StatusCode.RESOURCE_EXHAUSTED and len(calls) == n
    assert (gate.running, gate.active) == (1, 1)
    gate.running = gate.active = 0
    gate.close()
    ctx = _Ctx()
    with pytest.raises(RuntimeError):
        h(b"z", ctx)
    assert ctx.aborted[0] == grpc.StatusCode.UNAVAILABLE and len(calls) == n


CASES = [
    ("add", (np.arange(4.0).reshape(2, 2), np.arange(4.0).reshape(2, 2)), {}),
    ("add", (np.arange(6, dtype=np.int32), 3), {}),
    ("sum", (np.arange(12.0).reshape(3, 4),), {"axis": 1}),
    ("meshgrid", (np.arange(3.0), np.arange(2.0)), {}),  # a list result
    # 40 KB and 2.4 MB: inline both ways on the C path (each copied once into the message),
    # out of band on the Python path
    ("reshape", (np.ones(5000), (50, 100)), {}),
    ("reshape", (np.arange(300_000.0), (600, 500)), {}),
    ("meshgrid", (np.arange(700, dtype=np.uint8), np.arange(90, dtype=np.int8)), {}),
    ("add", (np.float32(1.5), np.ones(3, np.float32)), {}),  # a NumPy scalar: the C path defers
    ("unique_all", (np.array([3, 1, 3, 2]),), {}),  # a namedtuple result
    ("zeros", ((2, 3),), {"dtype": "float16"}),
]


@pytest.mark.parametrize("keep", [False, True])
def test_client_call_same_results_with_and_without_the_c_path(numpy_worker, keep):
    """``Client.call``'s inline C encode/decode gives what the Python code gives, value, dtype,
    shape, type and read-only flag alike; calls it does not take fall back to it."""
    if codec._fast is None:
        pytest.skip("the C fast path is not built")
    c = ivy_client.Client(f"numpy={numpy_worker.address}", uds=False)
    fast = codec._fast
    try:
        for fn, args, kwargs in CASES:
            got = {}
            for on in (True, False):
                codec._fast = fast if on else None
                r = c.call(fn, *args, keep=keep, **kwargs)
                got[on] = c.fetch(r) if keep and hasattr(r, "id") else r
            a, b = got[True], got[False]
            assert type(a) is type(b), fn
            for u, v in zip(a if isinstance(a, (tuple, list)) else [a],
                            b if isinstance(b, (tuple, list)) else [b], strict=True):
                assert type(u) is type(v) and u.dtype == v.dtype and u.shape == v.shape, fn
                np.testing.assert_array_equal(u, v)
                if not keep:
                    assert u.flags.writeable == v.flags.writeable, fn
    finally:
        codec._fast = fast
        c.close()


def test_client_call_errors_unchanged_by_the_c_path(numpy_worker):
    c = ivy_client.Client(f"numpy={numpy_worker.address}", uds=False, max_message_mb=1)
    big = np.ones(200_000)  # 1.6 MB: over this client's message limit -> streamed
    np.testing.assert_array_equal(c.call("add", big, 1.0), big + 1)
    with pytest.raises(ivy_client.NotFound, match="no function"):
        c.call("no_such_function", np.ones(2))
    assert c.call("add", 1, 2).item() == 3
    c.close()


def test_call_handler_inline_path_keeps_the_general_handlers_behaviour():
    """``wrap_call`` (Call's handler, the tiny call inlined) answers, labels, counts and fails
    as ``wrap`` around ``Worker.call`` does: the same response bytes, the gate left as found,
    exact metric deltas (first call and cached observer alike), NOT_FOUND under "<unknown>", a
    failing function's status, requests the C path does not take, and a busy gate's refusal."""
    from ivy_client import wire
    from ivy_server.worker import Worker
    from ivy_server.worker.handlers import wrap, wrap_call

    if codec._fast is None:
        pytest.skip("the C fast path is not built")
    w = Worker("numpy", "cpu", max_message_bytes=64 << 20, memory_cap_bytes=0,
                 allow_code_execution=False, sandbox_limits={}, threads=1, max_queue=0)
    known = set(w.api)
    inline, general = wrap_call(w, known), wrap("Call", w.call, known, w)
    assert inline is not general

    def req(fn, *args, keep=False):
        return wire.frame_call_request(fn, codec.encode([list(args), {}]), keep, [])

    def count(fn, code):  # read through a collection, which folds the tallies in first
        return REGISTRY.get_sample_value(
            "ivy_requests_total", {"method": "Call", "function": fn, "code": code}) or 0.0

    x = np.arange(4.0).reshape(2, 2)
    r = req("subtract", x, 2 * x)
    n0 = count("subtract", "OK")
    for i in range(3):  # the first call fills the observer cache, the next ones use it
        assert inline(r, _Ctx()) == general(r, _Ctx())
        assert count("subtract", "OK") == n0 + 2 * (i + 1)
        assert (w.gate.running, w.gate.active) == (0, 0)
    # not taken by the C path: kept results (the general parse, a handle back)
    payload, buffers = wire.parse_call_response(inline(req("add", x, x, keep=True), _Ctx()))
    ref = codec.decode(payload, buffers=buffers, handle_hook=lambda h: h)
    np.testing.assert_array_equal(w.handles.get(ref.id), x + x)
    assert (w.gate.running, w.gate.active) == (0, 0)
    # failures: unknown names under "<unknown>", a function's error with its status
    unk = count("<unknown>", "NOT_FOUND")
    ctx = _Ctx()
    with pytest.raises(RuntimeError):
        inline(req("no_such_function", x), ctx)
    assert ctx.aborted[0] == grpc.StatusCode.NOT_FOUND and "no function" in ctx.aborted[1]
    assert count("<unknown>", "NOT_FOUND") == unk + 1
    assert ctx.trailing and ctx.trailing[0][0] == "x-request-id"
    bad = req("add", np.ones(3), np.ones(4))
    ctx, ctx2 = _Ctx(), _Ctx()
    with pytest.raises(RuntimeError):
        inline(bad, ctx)
    with pytest.raises(RuntimeError):
        general(bad, ctx2)
    assert ctx.aborted[0] == ctx2.aborted[0] != grpc.StatusCode.OK
    assert ctx.aborted[1] == ctx2.aborted[1]
    assert (w.gate.running, w.gate.active) == (0, 0)
    # a busy gate (its one slot taken, no queue): refused at once, nothing run
    w.gate.running = w.gate.active = 1
    ctx = _Ctx()
    with pytest.raises(RuntimeError):
        inline(r, ctx)
    assert ctx.aborted[0] == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert (w.gate.running, w.gate.active) == (1, 1)
    w.gate.running = w.gate.active = 0


def test_tally_c_and_python_add_up_the_same():
    """``_tally.Tally`` (C) and ``metrics._PyTally`` (its Python stand-in) count, sum and bucket
    the same requests the same way prometheus_client's Histogram does (bisect_left on the
    bounds, the last one +Inf), and ``take`` hands what was added over, then starts from zero."""
    from ivy_server import metrics

    if metrics.Tally is metrics._PyTally:
        pytest.skip("ivy_server._tally is not built")
    bounds = list(metrics.LATENCY.labels("Test", "tally")._upper_bounds)
    seconds = [0.0, 5e-5, 5.0001e-5, 1e-4, 0.003, 29.9, 30.0, 31.0, float("inf"), 1e-9]
    tallies = [metrics.Tally(bounds), metrics._PyTally(bounds)]
    for t in tallies:
        for i, s in enumerate(seconds):
            t.add(s, i, 2 * i)
    c, p = (t.take() for t in tallies)
    assert c[0] == p[0] == len(seconds) and c[2:4] == p[2:4] == (45, 90)
    assert c[1] == p[1] == sum(seconds)
    assert c[4] == p[4] and len(c[4]) == len(bounds) and sum(c[4]) == len(seconds)
    from bisect import bisect_left
    want = [0] * len(bounds)
    for s in seconds:
        want[min(bisect_left(bounds, s), len(bounds) - 1)] += 1
    assert list(c[4]) == want
    assert tallies[0].take() == tallies[1].take() == (0, 0.0, 0, 0, (0,) * len(bounds))
    for bad in ([], [2.0, 1.0], ["a"], [0.0] * 65):
        with pytest.raises((ValueError, TypeError)):
            metrics.Tally(bad)
    with pytest.raises(TypeError):
        tallies[0].add(1.0, 2)
    with pytest.raises(OverflowError):
        tallies[0].add(1.0, -1, 0)


def test_a_collection_folds_the_tallies_in():
    """Requests recorded through ``metrics.tally`` show in every collection (a full scrape's
    text, a restricted registry, ``get_sample_value``) exactly, and only once."""
    from ivy_server import metrics
    from prometheus_client import generate_latest

    add = metrics.tally("Test", "fold", "OK")
    lab = {"method": "Test", "function": "fold", "code": "OK"}

    def value():
        return REGISTRY.get_sample_value("ivy_requests_total", lab) or 0.0

    n0, b0 = value(), REGISTRY.get_sample_value("ivy_bytes_received_total")
    for _ in range(7):
        add(0.002, 10, 3)
    assert value() == n0 + 7 and value() == n0 + 7  # folded once
    assert REGISTRY.get_sample_value("ivy_bytes_received_total") == b0 + 70
    hist = REGISTRY.get_sample_value("ivy_request_latency_seconds_bucket",
                                     {"method": "Test", "function": "fold", "le": "0.0025"})
    assert hist >= 7
    add(0.5, 0, 0)
    text = generate_latest(REGISTRY.restricted_registry(["ivy_requests_total"])).decode()
    assert f'ivy_requests_total{{code="OK",function="fold",method="Test"}} {n0 + 8}' in text
