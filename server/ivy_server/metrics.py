"""Prometheus metrics of a worker (served on ``--metrics-port``).

``ivy_requests_total{method,function,code}``, ``ivy_request_latency_seconds{method,function}``,
``ivy_bytes_received_total``, ``ivy_bytes_sent_total`` (Call payloads), ``ivy_handles_live``,
``ivy_handles_bytes`` (kept arrays and traced graphs' constants: what the memory cap counts),
``ivy_graphs_live``, ``ivy_calls_running`` and ``ivy_calls_queued`` (the admission gate; refusals
are ``ivy_requests_total{code="RESOURCE_EXHAUSTED"}``), ``ivy_device_memory_bytes`` (where the
framework reports it: torch CUDA, JAX device memory stats, TensorFlow GPU memory info). The
default ``process_*`` metrics (``process_resident_memory_bytes``) come with prometheus_client.
"""

from __future__ import annotations

import threading
from bisect import bisect_left

from prometheus_client import Counter, Gauge, Histogram, start_http_server


class _PyTally:
    """``_tally.Tally`` in Python (where no C compiler built it): one label set's request count,
    latency histogram and bytes, added up between collections (see :func:`tally`)."""

    def __init__(self, bounds):
        self.bounds = list(bounds)
        self.lock = threading.Lock()
        self._zero()

    def _zero(self):
        self.count, self.sum, self.bytes_in, self.bytes_out = 0, 0.0, 0, 0
        self.buckets = [0] * len(self.bounds)

    def add(self, seconds: float, size_in: int, size_out: int) -> None:
        i = min(bisect_left(self.bounds, seconds), len(self.bounds) - 1)
        with self.lock:
            self.count += 1
            self.sum += seconds
            self.buckets[i] += 1
            self.bytes_in += size_in
            self.bytes_out += size_out

    def take(self) -> tuple:
        with self.lock:
            r = (self.count, self.sum, self.bytes_in, self.bytes_out, tuple(self.buckets))
            self._zero()
        return r


try:
    from ._tally import Tally
except ImportError:  # built without a C compiler
    Tally = _PyTally

_tallies: list = []  # (tally, its label set's value objects), folded in before each collection
_FOLD_LOCK = threading.Lock()


def fold() -> None:
    """Move what every tally added since the last fold into the metrics' values."""
    with _FOLD_LOCK:
        for t, count, total, buckets in _tallies:
            n, seconds, size_in, size_out, counts = t.take()
            if n:
                count.inc(n)
                total.inc(seconds)
                for b, k in zip(buckets, counts, strict=True):
                    if k:
                        b.inc(k)
            if size_in:
                BYTES_IN.inc(size_in)
            if size_out:
                BYTES_OUT.inc(size_out)


class _Folded:
    """For a metric the tallies feed: every collection (a scrape, restricted or not,
    ``REGISTRY.get_sample_value``) folds them in first, so its values read exactly as if each
    request had updated them."""

    def collect(self):
        fold()
        return super().collect()


class _FoldedCounter(_Folded, Counter):
    pass


class _FoldedHistogram(_Folded, Histogram):
    pass


REQUESTS = _FoldedCounter("ivy_requests_total", "RPCs answered", ["method", "function", "code"])
LATENCY = _FoldedHistogram("ivy_request_latency_seconds", "RPC latency in the worker",
                           ["method", "function"],
                           buckets=(5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2,
                                    5e-2, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
BYTES_IN = _FoldedCounter("ivy_bytes_received_total", "bytes of Call requests received")
BYTES_OUT = _FoldedCounter("ivy_bytes_sent_total", "bytes of Call/Fetch responses sent")
HANDLES_LIVE = Gauge("ivy_handles_live", "remote handles kept on the worker")
HANDLES_BYTES = Gauge("ivy_handles_bytes", "bytes held by remote handles and traced graphs")
GRAPHS_LIVE = Gauge("ivy_graphs_live", "traced graphs kept on the worker")
CALLS_RUNNING = Gauge("ivy_calls_running", "computing calls (Call, Fetch, Trace) running now")
CALLS_QUEUED = Gauge("ivy_calls_queued", "computing calls waiting for a free thread")
DEVICE_MEMORY = Gauge("ivy_device_memory_bytes", "device memory in use, where the framework "
                      "reports it (0 otherwise)")

_children: dict = {}


def tally(method: str, function: str, code: str):
    """``observe`` for one label set, as a function of (seconds, bytes in, bytes out): a
    :class:`Tally`'s ``add`` (one C call, ~2 us less than updating the values a request; see
    ``_tally.c``), folded into the metrics before each collection. Where prometheus_client's
    layout is not the one expected, a function calling :func:`observe`."""
    try:
        count = REQUESTS.labels(method, function, code)._value
        hist = LATENCY.labels(method, function)
        total, buckets, bounds = hist._sum, list(hist._buckets), list(hist._upper_bounds)
        if len(buckets) != len(bounds) or not all(hasattr(v, "inc")
                                                  for v in (count, total, *buckets)):
            raise AttributeError("unexpected prometheus_client layout")
    except AttributeError:
        def add(seconds, size_in, size_out):
            observe(method, function, code, seconds, size_in, size_out)

        return add
    t = Tally(bounds)
    with _FOLD_LOCK:
        _tallies.append((t, count, total, buckets))
    return t.add


def observe(method: str, function: str, code: str, seconds: float, size_in: int,
            size_out: int) -> None:
    key = (method, function, code)
    pair = _children.get(key)
    if pair is None:
        pair = _children[key] = (REQUESTS.labels(method, function, code),
                                 LATENCY.labels(method, function))
    pair[0].inc()
    pair[1].observe(seconds)
    if size_in:
        BYTES_IN.inc(size_in)
    if size_out:
        BYTES_OUT.inc(size_out)


def _device_memory(backend: str, device: str):
    def read() -> float:
        try:
            if device == "cpu":
                if backend == "jax":
                    import jax

                    stats = jax.devices("cpu")[0].memory_stats() or {}
                    return float(stats.get("bytes_in_use", 0))
                return 0.0
            index = int(device.split(":")[1])
            if backend == "torch":
                import torch

                return float(torch.cuda.memory_allocated(index))
            if backend == "jax":
                import jax

                stats = jax.devices("gpu")[index].memory_stats() or {}
                return float(stats.get("bytes_in_use", 0))
            if backend == "tensorflow":
                import tensorflow as tf

                return float(tf.config.experimental.get_memory_info(f"GPU:{index}")["current"])
        except Exception:
            return 0.0
        return 0.0

    return read


def serve(port: int, host: str, worker) -> None:
    """Start the metrics HTTP endpoint (a daemon thread)."""
    DEVICE_MEMORY.set_function(_device_memory(worker.backend, worker.device))
    gate = getattr(worker, "gate", None)
    if gate is not None:
        CALLS_RUNNING.set_function(lambda: gate.running)
        CALLS_QUEUED.set_function(lambda: gate.waiting)
    handles = getattr(worker, "handles", None)
    if handles is not None:
        GRAPHS_LIVE.set_function(lambda: len(handles.graphs))
    start_http_server(port, addr=host)
