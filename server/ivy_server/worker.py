"""An Ivy worker: one process serving Ivy over gRPC with one backend on one device.

    ivy-worker --backend jax --device cpu --host 127.0.0.1 --port 50053 --metrics-port 9103
    python -m ivy_server.worker --backend torch --device gpu:0 --port 50052

RPCs (``proto/ivy/rpc/v1/worker.proto``): Call, Trace, Info, Fetch, Release, plus the standard
``grpc.health.v1`` service and server reflection. Every request is answered with a status code
(``ivy_server.errors``); a bad request never takes the process down.

Reliability (docs/rpc.md, "Worker"): ``--threads`` calls compute at once and ``--max-queue`` more
may wait (beyond: RESOURCE_EXHAUSTED with retry advice); spare threads keep health checks, Info
and Release answering while the worker is saturated; queued calls whose client left or whose
deadline passed are dropped unstarted. Handles and traced graphs belong to the token that made
them and count against one memory cap; a failed call keeps nothing. ``empty``/``empty_like``
answer zeros. SIGTERM/SIGINT: health goes NOT_SERVING (still answering), new calls get
UNAVAILABLE, running calls get ``--grace-s`` to finish, then the process exits (``os._exit`` if
computations are still running: threads cannot be stopped). ``--spare`` (ivy-serve's
pre-started spare): import and warm up, then wait for ``serve`` on stdin before binding.
"""

from __future__ import annotations

import argparse
import atexit
import difflib
import faulthandler
import functools
import hashlib
import inspect
import logging
import os
import platform
import secrets
import signal
import sys
import threading
import time
import warnings
from collections import OrderedDict
from concurrent import futures

import grpc
import numpy as np
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from ivy_client import codec, wire
from ivy_client.codec import Ref
from ivy_client.proto import SERVICE_NAME, worker_pb2

from ivy.functional.backends import BACKEND_NAMES as BACKENDS

from . import errors, limits, metrics
from . import shm as shm_mod
from .errors import RpcFailure
from .sizes import ResultSize
from .transpile import Transpiler

log = logging.getLogger("ivy_server.worker")

_EMPTY_ARGS = ([], {})


class Handles:
    """Arrays kept on the worker (``keep=True``) and traced graphs, by random id.

    Each item records its owner (a hash of the bearer token that created it; ``""`` on a worker
    without auth): another owner gets NOT_FOUND, exactly as for an id that never existed. Array
    bytes and graph constants count against one memory cap.
    """

    def __init__(self, cap_bytes: int):
        self.cap = cap_bytes
        self.items: dict[str, tuple[object, int, str]] = {}
        self.graphs: dict[str, tuple[object, int, str]] = {}
        self.bytes = 0
        self.lock = threading.Lock()

    def _check_cap(self, nbytes: int, what: str) -> None:  # under self.lock
        if self.cap and self.bytes + nbytes > self.cap:
            raise errors.exhausted(
                f"keeping {what} ({nbytes / 2**20:.1f} MiB) would exceed the worker's "
                f"memory cap of {self.cap / 2**20:.0f} MiB ({self.bytes / 2**20:.1f} MiB "
                f"held in {len(self.items)} handles and {len(self.graphs)} graphs): release "
                "handles or graphs, or start the worker with a larger --memory-cap-mb")

    def add(self, value, nbytes: int, owner: str = "") -> str:
        with self.lock:
            self._check_cap(nbytes, "this result")
            hid = "h-" + secrets.token_hex(12)
            self.items[hid] = (value, nbytes, owner)
            self.bytes += nbytes
        self._publish()
        return hid

    def add_graph(self, graph, nbytes: int, owner: str = "") -> str:
        with self.lock:
            self._check_cap(nbytes, "this graph's constants")
            gid = "g-" + secrets.token_hex(12)
            self.graphs[gid] = (graph, nbytes, owner)
            self.bytes += nbytes
        self._publish()
        return gid

    def get(self, hid, owner: str = ""):
        item = self.items.get(hid) if hid.__class__ is str else None
        if item is None or item[2] != owner:
            raise errors.not_found(
                f"handle {errors.short(hid)} is not on this worker (released, never created, "
                "kept by another worker, or created with another token: handles are used on the "
                "worker, and with the token, that made them)") from None
        return item[0]

    def graph(self, gid, owner: str = ""):
        item = self.graphs.get(gid) if gid.__class__ is str else None
        if item is None or item[2] != owner:
            raise errors.not_found(
                f"graph {errors.short(gid)} is not on this worker (released, traced on another "
                "worker, or traced with another token)")
        return item[0]

    def release(self, ids, owner: str = "") -> int:
        n = 0
        with self.lock:
            for hid in ids:
                for table in (self.items, self.graphs):
                    item = table.get(hid)
                    if item is not None and item[2] == owner:
                        del table[hid]
                        self.bytes -= item[1]
                        n += 1
                        break
        self._publish()
        return n

    def _publish(self) -> None:
        metrics.HANDLES_LIVE.set(len(self.items))
        metrics.HANDLES_BYTES.set(self.bytes)


class Gate:
    """Admission control for the calls that compute (Call, Fetch, Trace).

    At most ``slots`` run at once and at most ``queue`` wait for a slot; beyond that a call is
    refused at once with RESOURCE_EXHAUSTED (and advice to retry), so a flood never queues without
    bound and never takes the threads that answer health checks. A waiting call whose client
    cancelled or whose deadline passed is dropped without being started. After :meth:`close`
    (shutdown) new and waiting calls get UNAVAILABLE. ``active`` counts every RPC handler in
    progress (any method), for the shutdown drain.
    """

    def __init__(self, slots: int, queue: int, queue_timeout_s: float = 30.0):
        self.slots, self.queue = max(1, slots), max(0, queue)
        # the longest a call without a deadline of its own waits for a slot (then
        # RESOURCE_EXHAUSTED): nobody waits for ever behind other clients' long calls (issue 33)
        self.queue_timeout_s = max(0.0, float(queue_timeout_s))
        self.lock = threading.Lock()
        self.cond = threading.Condition(self.lock)
        self.running = 0
        self.waiting = 0
        self.active = 0
        self.closed = False

    def enter(self, context) -> None:
        """Take a computing slot (waiting for one if need be); counts as active until leave."""
        with self.lock:  # the condition's own lock: entering it directly skips a Python frame
            if self.running < self.slots and not self.waiting and not self.closed:
                self.running += 1
                self.active += 1
                return
        with self.cond:
            if self.closed:
                raise _shutting_down()
            if self.running < self.slots and not self.waiting:
                self.running += 1
                self.active += 1
                return
            if self.waiting >= self.queue:
                raise errors.exhausted(
                    f"the worker is busy: {self.running} calls running and {self.waiting} "
                    f"waiting (--threads {self.slots}, --max-queue {self.queue}); retry after a "
                    "short back-off (e.g. 0.1-1 s, growing), or use another worker")
            self.waiting += 1
            # a call with no deadline of its own waits at most --queue-timeout-s (before, for
            # ever); one with a deadline waits until it, as its client asked
            give_up = time.monotonic() + self.queue_timeout_s if self.queue_timeout_s and (
                context is None or context.time_remaining() is None) else None
            try:
                while self.running >= self.slots or self.closed:
                    if self.closed:
                        raise _shutting_down()
                    if give_up is not None and time.monotonic() >= give_up:
                        raise errors.exhausted(
                            f"the worker is busy: waited {self.queue_timeout_s:g} s for a free "
                            f"slot ({self.running} calls running, {self.waiting - 1} more "
                            f"waiting; --threads {self.slots}, --max-queue {self.queue}, "
                            f"--queue-timeout-s {self.queue_timeout_s:g}); retry after a short "
                            "back-off (e.g. 1 s, growing), or use another worker")
                    remaining = None
                    if context is not None:
                        if _client_gone(context):
                            raise RpcFailure(grpc.StatusCode.CANCELLED,
                                             "the client cancelled the call while it was queued")
                        remaining = context.time_remaining()
                        if remaining is not None and remaining <= 0:
                            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED,
                                             "the deadline passed while the call was queued "
                                             "(the worker is busy)")
                    wait = 0.2 if remaining is None else min(0.2, remaining)
                    if give_up is not None:
                        wait = max(0.0, min(wait, give_up - time.monotonic()))
                    self.cond.wait(wait)
                self.running += 1
                self.active += 1
            except BaseException:
                self.cond.notify()  # pass a wake-up this waiter may have consumed
                raise
            finally:
                self.waiting -= 1

    def leave(self) -> None:
        with self.lock:
            self.running -= 1
            self.active -= 1
            if self.waiting:
                self.cond.notify()

    def begin(self) -> None:
        """An RPC that does not compute (Info, Release) is in progress."""
        with self.lock:
            self.active += 1

    def end(self) -> None:
        with self.lock:
            self.active -= 1

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()


def _shutting_down() -> RpcFailure:
    return errors.unavailable("the worker is shutting down: retry on another worker (or after it "
                              "restarts)")


def _client_gone(context) -> bool:
    """Whether the client cancelled (or the deadline expired), for sync and aio contexts."""
    is_active = getattr(context, "is_active", None)
    if is_active is not None:
        return not is_active()
    cancelled = getattr(context, "cancelled", None)
    return bool(cancelled()) if cancelled is not None else False


class _Trimmer:
    """Gives freed heap memory back to the OS (glibc ``malloc_trim(0)``) on a daemon thread:
    ``idle`` seconds after the last request that moved at least ``TRIM_BYTES`` (:meth:`kick`),
    or ``max_delay`` seconds after the first of a steady stream of them; and every
    ``max_delay`` seconds whenever the heap holds ``slack`` bytes more free memory than after
    the last trim (memory freed otherwise: released handles, dropped graphs).

    Not after every large request, as before: the next one faulted all of that memory in again
    (server CPU per 16 MiB round trip 19-25 ms against 15-17 ms with this; docs/rpc.md "Large
    arrays: page faults, not copies"). Like allocators that decay freed pages over seconds
    (jemalloc's ``dirty_decay_ms`` is 10 s), a burst keeps its memory until it ends."""

    def __init__(self, idle: float = 2.0, max_delay: float = 10.0, slack: int = 32 * 2**20):
        self.idle, self.max_delay, self.slack = idle, max_delay, slack
        self.event = threading.Event()
        self.thread = None
        self.lock = threading.Lock()
        self.trims = 0
        self._floor = 0  # free heap bytes just after the last trim
        try:
            import ctypes

            libc = ctypes.CDLL("libc.so.6")
            self._trim = libc.malloc_trim
        except (OSError, AttributeError):  # not glibc: nothing to do
            self._trim = None
            return
        self._mallinfo2 = getattr(libc, "mallinfo2", None)  # glibc >= 2.33
        if self._mallinfo2 is not None:
            class Mallinfo2(ctypes.Structure):  # <malloc.h>, returned by value
                _fields_ = [(f, ctypes.c_size_t) for f in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                    "uordblks", "fordblks", "keepcost")]

            self._mallinfo2.restype = Mallinfo2

    def free_bytes(self) -> int:
        """Free bytes in malloc's arenas (``mallinfo2().fordblks``); 0 where unknown."""
        return int(self._mallinfo2().fordblks) if self._trim and self._mallinfo2 else 0

    def start(self) -> None:
        if self._trim is None:
            return
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="ivy-trim", daemon=True)
                self.thread.start()

    def kick(self) -> None:
        """A large request ended: trim once the worker has had none for ``idle`` seconds."""
        if self.thread is None:
            self.start()
        self.event.set()

    def _run(self) -> None:
        busy_since = 0.0  # when the first kick not yet followed by a trim came
        while True:
            kicked = self.event.wait(self.idle if busy_since else self.max_delay)
            now = time.monotonic()
            if kicked:
                self.event.clear()
                busy_since = busy_since or now
                if now - busy_since < self.max_delay:
                    continue  # still busy: keep the memory for the next request
            elif not busy_since and self.free_bytes() <= self._floor + self.slack:
                continue  # quiet and nothing much freed since the last trim
            busy_since = 0.0
            self._trim(0)
            self.trims += 1
            self._floor = self.free_bytes()


def configure_malloc() -> bool:
    """The worker's glibc malloc policy (called once at start, before the server's threads
    exist): large blocks come from the heap (``M_MMAP_MAX`` 0), stay there when freed
    (``M_TRIM_THRESHOLD`` 1 GiB) and all from one arena (``M_ARENA_MAX`` 1: a thread's own arena
    cannot hold a block over 64 MiB, and glibc maps those whatever ``M_MMAP_MAX`` says), so one
    large request's buffers serve the next. By default every block of 32 MiB or more was a
    fresh ``mmap``, faulted in and zeroed page by page: most of a 64 MiB round trip's server CPU
    (293 ms per call before, 149 ms after; the raw echo 160 ms). :class:`_Trimmer` gives the
    memory back when the requests stop. False (nothing changed) where this is not glibc, or
    where the environment sets glibc's malloc itself (``GLIBC_TUNABLES`` with ``glibc.malloc.``,
    ``MALLOC_ARENA_MAX``, ...): the operator's settings win."""
    env = os.environ
    if "glibc.malloc." in env.get("GLIBC_TUNABLES", "") or any(
            k.startswith("MALLOC_") for k in env):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    M_TRIM_THRESHOLD, M_MMAP_MAX, M_ARENA_MAX = -1, -4, -8  # <malloc.h>
    return bool(mallopt(M_ARENA_MAX, 1) & mallopt(M_MMAP_MAX, 0)
                & mallopt(M_TRIM_THRESHOLD, 2**30))


# Functions whose result is uninitialised memory: the worker answers them with zeros, so that no
# client ever reads bytes another request left behind (same signatures; traced graphs too).
ZERO_FILL = {"empty": "zeros", "empty_like": "zeros_like"}
#: the functions that draw from (or seed) the backend's random stream: each runs in its caller's
#: own stream (:class:`RandomStreams`), as do kept graphs (their nodes may draw)
RANDOM_FUNCTIONS = ("seed", "random_uniform", "random_normal", "randint", "shuffle",
                    "multinomial", "bernoulli", "dropout")
#: the metadata key naming the calling client (``ivy_client.Client`` sends a random one per
#: instance); random streams are kept per (token, client id)
CLIENT_ID_KEY = "x-ivy-client-id"


class RandomStreams:
    """One random stream per client, so that one client's ``seed`` never resets another's draws
    (docs/rpc.md, "Random streams").

    A client is its token (a hash of it; "" without auth) and the client id it sends in
    ``x-ivy-client-id`` metadata ("" when it sends none: then every such caller of that token
    shares one stream). A client id is scoped to its token, so another tenant cannot reach a
    stream even by sending the same id. At most ``limit`` streams are kept: beyond that the least
    recently used is dropped (its client's next draw starts an unseeded stream)."""

    def __init__(self, backend_module, limit: int = 4096):
        from ivy.functional.backends._shared.rng import streams_of

        self.streams = streams_of(backend_module)
        self.limit = max(1, limit)
        self.lock = threading.Lock()
        self.by_client: OrderedDict = OrderedDict()

    def of(self, owner: str, client: str) -> list:
        key = (owner, client)
        with self.lock:
            s = self.by_client.get(key)
            if s is None:
                s = self.by_client[key] = self.streams.new()
                if len(self.by_client) > self.limit:
                    self.by_client.popitem(last=False)
            else:
                self.by_client.move_to_end(key)
            return s


class _RandomFn:
    """A function of :data:`RANDOM_FUNCTIONS` in the worker's function table: :meth:`run` calls
    it in the caller's stream. Called directly (no caller: the warm-up) it uses the process
    default stream."""

    __slots__ = ("fn", "worker")

    def __init__(self, fn, worker):
        self.fn, self.worker = fn, worker

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def run(self, context, args, kwargs):
        w = self.worker
        with w.random.streams.using(w.stream_of(context)):
            return self.fn(*args, **kwargs)


def _plain_fn(fn):
    """The function behind a worker table entry (a :class:`_RandomFn` wraps one)."""
    return fn.fn if fn.__class__ is _RandomFn else fn


class _HookError(Exception):
    """Carries an Ivy error out of the codec's array hook (which wraps ValueError/TypeError)."""


class Worker:
    """The servicer: every RPC's implementation, independent of the gRPC server kind."""

    def __init__(self, backend: str, device: str, *, max_message_bytes: int, memory_cap_bytes: int,
                 allow_code_execution: bool, auth_token=None, sandbox_limits: dict,
                 threads: int = 16, max_queue: int = 64, queue_timeout_s: float = 30.0,
                 peers=None,
                 transpile_cache_bytes: int = 64 << 20, sandbox_warm: int = 2,
                 shm: bool = False, max_stream_bytes: int = 8192 * 2**20,
                 memory_limit: limits.Enforcement | None = None):
        import ivy

        self.ivy = ivy
        self.B = ivy.set_backend(backend)
        self.backend = backend
        from ivy.devices import normalize_device

        self.device = normalize_device(device)
        self.native_device = self.B.as_native_device(self.device)  # fails early if absent
        ivy.set_default_device(self.device)
        self.max_message_bytes = max_message_bytes
        # CallStream: the largest request or response streamed in chunks (0: CallStream off)
        self.max_stream_bytes = max_stream_bytes
        self.memory_cap = memory_cap_bytes
        # what the OS holds this process to (limits.py; set by main before anything is loaded)
        self.memory_limit = memory_limit or limits.Enforcement("none", 0)
        # the largest request the codec's C path parses: its own bound, or the cap if smaller
        self.fast_max_bytes = memory_cap_bytes if memory_cap_bytes and \
            memory_cap_bytes < codec.MAX_BYTES else codec.MAX_BYTES
        # handles and graphs belong to the token that made them (only with auth: one tenant
        # otherwise)
        self.auth = bool(auth_token)
        self.code_execution = allow_code_execution and self.auth
        self.sandbox_limits = sandbox_limits
        self.handles = Handles(memory_cap_bytes)
        # shared-memory regions of same-host clients (--shm; off by default): see shm.py
        self.shm = shm_mod.Registry(shm, shm_mod.MAX_REGION_BYTES)
        self.gate = Gate(threads, max_queue, queue_timeout_s)
        self.trimmer = _Trimmer()
        from ivy.func_wrapper import API, backend_name_of_type

        self.api = API
        self._fns = dict(API)
        for name, instead in ZERO_FILL.items():
            if name in API and instead in API:
                self._fns[name] = API[instead]
        self.random = RandomStreams(self.B)
        for name in RANDOM_FUNCTIONS:
            if name in API:
                self._fns[name] = _RandomFn(API[name], self)
        self._native_of = backend_name_of_type
        # one call's result, from its arguments, before it runs (sizes.py): at most the cap
        self.result_size = ResultSize(self._fns)
        self._array_cls = ivy.Array
        self.server_kind = "threads"
        self.uds_path = ""  # the Unix socket the server also listens on (set by bind_uds)
        self.address = ""  # host:port this worker serves (set by main; peers skip it)
        self.transpiler = Transpiler(self, peers=peers, cache_bytes=transpile_cache_bytes,
                                     warm=sandbox_warm)
        if backend == "numpy":
            self._to_native = None  # decoded arrays already are numpy arrays on the CPU
        else:
            asarray, dev = self.B.asarray, self.device
            ivy_error = ivy.errors.IvyError

            def to_native(a):
                try:
                    return asarray(a, device=dev)
                except ivy_error as e:  # a dtype this backend lacks (mxnet: complex): keep the
                    raise _HookError(e) from None  # type, not the codec's INVALID_ARGUMENT

            self._to_native = to_native
        # warm up the conversion paths (first calls into a framework initialise it)
        try:
            one = np.ones(2, np.float32)
            self.call(wire.frame_call_request("add", codec.encode([[one, one], {}]), False, []),
                      None, [""])
        except Exception as e:  # noqa: BLE001 - a warm-up failure is not fatal
            log.warning("warm-up call failed: %s", errors.message_of(e))

    def owner(self, context) -> str:
        """Who owns what this request keeps: a hash of its bearer token ("" without auth)."""
        if not self.auth or context is None:
            return ""
        for k, v in context.invocation_metadata() or ():
            if k == "authorization":
                return hashlib.sha256(v.encode("utf-8", "replace")).hexdigest()[:32]
        return ""

    def stream_of(self, context) -> list:
        """The caller's random stream: per (token, ``x-ivy-client-id``); see RandomStreams."""
        client = ""
        if context is not None:
            for k, v in context.invocation_metadata() or ():
                if k == CLIENT_ID_KEY:
                    client = v[:128]
                    break
        return self.random.of(self.owner(context), client)

    # -- conversion -----------------------------------------------------------------------------
    def _convert(self, obj):
        """Codec fallback for results: native arrays -> NumPy, other objects -> dicts."""
        if obj.__class__ is self._array_cls:
            obj = obj._data
        if self._native_of(type(obj)) is not None:
            return self.B.to_numpy(obj)
        if hasattr(obj, "_asdict"):
            return tuple(obj)
        fields = getattr(obj, "__dict__", None)
        if fields is None and hasattr(obj, "__slots__"):
            fields = {k: getattr(obj, k) for k in obj.__slots__ if hasattr(obj, k)}
        if fields is not None:
            return {k: v for k, v in fields.items() if not k.startswith("_")}
        return obj

    def _keep(self, obj, owner: str, kept: list):
        """Replace each native array in a result by a handle kept on this worker (ids appended to
        ``kept``, so that a failure later in the call can release them)."""
        c = obj.__class__
        if c is self._array_cls:
            obj = obj._data
            c = obj.__class__
        if self._native_of(c) is not None:
            shape = tuple(int(s) for s in obj.shape)
            dtype = str(self.ivy.dtypes.as_ivy_dtype(obj.dtype))
            hid = self.handles.add(obj, _nbytes(obj, shape), owner)
            kept.append(hid)
            return Ref(hid, dtype, shape)
        if c is tuple or c is list or hasattr(obj, "_asdict"):
            return tuple(self._keep(e, owner, kept) for e in obj) if c is not list else [
                self._keep(e, owner, kept) for e in obj]
        if c is dict:
            return {k: self._keep(v, owner, kept) for k, v in obj.items()}
        return obj

    def _decode_args(self, payload, buffers, owner: str = ""):
        if not len(payload):
            return _EMPTY_ARGS
        get = self.handles.get
        try:
            value = codec.decode(payload, buffers=buffers, array_hook=self._to_native,
                                 handle_hook=lambda r: get(r.id, owner))
        except _HookError as e:
            raise e.args[0] from None
        if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], list)
                or not isinstance(value[1], dict)):
            raise errors.invalid("the args field must hold msgpack [args list, kwargs map]")
        if value[1] and not all(isinstance(k, str) for k in value[1]):
            raise errors.invalid("keyword argument names must be strings")
        return value

    def _encode_result(self, result, keep: bool, owner: str = "", context=None,
                       out=None, streamed: bool = False):
        """The framed response. With ``keep``, arrays become handles — and if anything fails
        afterwards (an unencodable or oversized result, the cap on a later output, a client that
        is gone) the handles made so far are released: a failed call keeps nothing."""
        kept: list = []
        try:
            buffers: list = []
            if keep:
                result = self._keep(result, owner, kept)
            payload = codec.encode(result, buffers=buffers, convert=self._convert)
            if out is not None and buffers:
                placed = shm_mod.place(out, buffers)
                if placed is not None:  # every buffer fits the call's out range
                    framed = wire.frame_call_response(payload, (), placed)
                    return [framed] if streamed else framed
            size = len(payload) + sum(b.nbytes for b in buffers) if buffers else len(payload)
            if streamed:
                if size > self.max_stream_bytes:
                    raise errors.exhausted(
                        f"the result is {size / 2**20:.1f} MiB, over the streaming limit of "
                        f"{self.max_stream_bytes / 2**20:.0f} MiB (--max-stream-mb)")
                return wire.call_response_parts(payload, buffers)
            if size > self.max_message_bytes:
                raise errors.exhausted(
                    f"the result is {size / 2**20:.1f} MiB, over the per-message limit of "
                    f"{self.max_message_bytes / 2**20:.0f} MiB: start the worker with a larger "
                    "--max-message-mb (and the client with Client(max_message_mb=...)), or call "
                    "with keep=True and fetch the parts you need")
            if kept and context is not None and _client_gone(context):
                raise RpcFailure(grpc.StatusCode.CANCELLED,
                                 "the client went away before the result was sent; nothing kept")
            return wire.frame_call_response(payload, buffers)
        except BaseException:
            if kept:
                self.handles.release(kept, owner)
            raise

    # -- RPCs -----------------------------------------------------------------------------------
    def _lookup(self, name: str):
        fn = self._fns.get(name)
        if fn is None:
            close = difflib.get_close_matches(name, self.api.keys(), n=5, cutoff=0.6) \
                if len(name) <= errors.NAME_CHARS else []
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise errors.not_found(f"ivy has no function {errors.short(name)}{hint} "
                                   f"({len(self.api)} functions; see Info)")
        return fn

    def _call(self, name: str, args, kwargs):
        return self._lookup(name)(*args, **kwargs)

    def _check_started(self, context) -> None:
        """Refuse a call whose client left or whose deadline passed while it was queued."""
        if not context.is_active() if context.__class__ is _SyncContext else \
                _client_gone(context):
            raise RpcFailure(grpc.StatusCode.CANCELLED,
                             "the client cancelled the call before it started")
        remaining = context.time_remaining()
        if remaining is not None and remaining <= 0:
            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED,
                             "the deadline passed before the call started")

    def _call_fast(self, fast, parsed, context, tag: list):
        """A tiny call parsed by the C path (``codec._fast.call_request``: a function name and
        arguments that are scalars and small inline arrays; no keep, buffers, graph or shared
        memory), run as :meth:`call` runs it; its result framed by the C path too when it is one
        small array or a tuple of them (anything else: :meth:`_encode_result`)."""
        function, args, kwargs = parsed
        tag[0] = function[:errors.NAME_CHARS]
        fn = self._fns.get(function) or self._lookup(function)
        if context is not None:
            self._check_started(context)
        if self.memory_cap:
            self.result_size.check(function, _plain_fn(fn), args, kwargs, self.memory_cap)
        result = fn.run(context, args, kwargs) if fn.__class__ is _RandomFn else \
            fn(*args, **kwargs)
        del args, kwargs
        framed = fast.encode_response(
            result if result.__class__ is np.ndarray else self._as_numpy(result),
            codec.FAST_INLINE, self.max_message_bytes)
        if framed is not None:
            return framed
        return self._encode_result(result, False, "", context)

    def _as_numpy(self, result):
        """A result whose native arrays (one, or a tuple of them) are NumPy arrays, converted as
        the Python encoder's ``convert`` hook (:meth:`_convert`) converts them; anything else
        as it is (the C encoder then defers and :meth:`_encode_result` runs)."""
        c = result.__class__
        if c is np.ndarray:
            return result
        if isinstance(result, tuple):  # namedtuples travel as tuples
            return tuple([self._as_numpy(r) if r.__class__ is not tuple else r for r in result])
        if isinstance(result, np.generic):  # as the encoder does: before any conversion
            return np.asarray(result)
        if c is self._array_cls or self._native_of(c) is not None:
            return self._convert(result)
        return result

    def call(self, request: bytes, context, tag: list, streamed: bool = False):
        fast = codec._fast
        if fast is not None and not streamed:
            parsed = fast.call_request(request, self._to_native, codec.MAX_ITEMS,
                                       self.fast_max_bytes)
            if parsed is not None:
                return self._call_fast(fast, parsed, context, tag)
        return self._call_general(request, context, tag, streamed)

    def _call_general(self, request: bytes, context, tag: list, streamed: bool = False):
        """A Call the C path does not take (handles, buffers, graphs, shared memory, large or
        unusual arguments), parsed and encoded in Python."""
        try:
            function, payload, keep, buffers, graph_id, shm = wire.parse_call_request_shm(request)
        except ValueError as e:
            raise errors.invalid(f"malformed CallRequest: {e}") from None
        tag[0] = (function[:errors.NAME_CHARS] if function else "graph")
        owner = self.owner(context) if self.auth else ""
        out = None
        if len(shm):  # arrays in a registered region: appended to the buffers, validated
            views, out = shm_mod.resolve(self.shm, shm, owner)
            # kept results and graphs must not alias the client's memory: copy
            buffers += [bytes(v) for v in views] if keep or graph_id else views
        if self.memory_cap and (size := len(payload) + sum(b.nbytes for b in buffers)) \
                > self.memory_cap:
            raise errors.exhausted(
                f"the request's arrays ({size / 2**20:.1f} MiB) exceed the worker's memory "
                f"cap of {self.memory_cap / 2**20:.0f} MiB (--memory-cap-mb)")
        fn = self.handles.graph(graph_id, owner) if graph_id else self._lookup(function)
        try:
            args, kwargs = self._decode_args(payload, buffers, owner)
            del payload
            if context is not None:
                self._check_started(context)
            if self.memory_cap and not graph_id:
                self.result_size.check(function, _plain_fn(fn), args, kwargs, self.memory_cap)
            if graph_id:  # a graph's nodes may draw: the caller's stream
                with self.random.streams.using(self.stream_of(context)):
                    result = fn(*args, **kwargs)
            elif fn.__class__ is _RandomFn:
                result = fn.run(context, args, kwargs)
            else:
                result = fn(*args, **kwargs)
            del args, kwargs
        finally:
            # The decoder's hook closure is a reference cycle holding this list: emptying it
            # lets the request's bytes go when the call ends instead of at the next cyclic GC
            # (a 1 GiB request otherwise stayed resident after its call).
            if buffers.__class__ is list:
                buffers.clear()
        return self._encode_result(result, keep, owner, context, out, streamed)

    def _stream_gatherer(self, tag: list):
        """CallStream's receiving side: a ``wire.Gatherer`` bounded by --max-stream-mb and the
        memory cap (whichever is smaller), and the flag that bounds it."""
        tag[0] = "stream"
        limit = self.max_stream_bytes
        if not limit:
            raise errors.RpcFailure(grpc.StatusCode.FAILED_PRECONDITION,
                                    "streaming is off on this worker (--max-stream-mb 0)")
        flag = "--max-stream-mb"
        if self.memory_cap and self.memory_cap < limit:
            limit, flag = self.memory_cap, "--memory-cap-mb"
        return wire.Gatherer(limit), flag

    @staticmethod
    def _stream_refusal(e: ValueError, flag: str) -> RpcFailure:
        if "over the limit" in str(e):
            return errors.exhausted(f"CallStream: {e} (the worker's {flag})")
        return errors.invalid(f"CallStream: {e}")

    def _call_gathered(self, request, context, tag: list):
        """Run the gathered CallRequest exactly as ``Call`` does; the response's chunks. (Read
        only: the arrays a unary call decodes are views of received ``bytes``, and these must
        not differ by being views of the worker's gathered bytearray.)"""
        parts = self.call(memoryview(request).toreadonly(), context, tag, streamed=True)
        del request
        return wire.chunks(parts)

    def call_stream(self, chunks, context, tag: list):
        """CallStream: a CallRequest over the per-message limit arrives in CallChunks (gathered
        into one buffer allocated from the declared total, at most --max-stream-mb and the
        memory cap); the response goes back in CallChunks. gRPC's flow control is the
        backpressure: the next chunk is read when this one has been copied."""
        gathered, flag = self._stream_gatherer(tag)
        try:
            for raw in chunks:
                gathered.feed(raw)
            request = gathered.result()
        except ValueError as e:
            raise self._stream_refusal(e, flag) from None
        gathered.out = None
        return self._call_gathered(request, context, tag)

    async def call_stream_aio(self, chunks, context, tag: list):
        """``call_stream`` for the grpc.aio server kind: the chunks are read from the async
        request stream (other RPCs are served while they arrive), then the call runs on the
        event loop as ``Call`` does there."""
        gathered, flag = self._stream_gatherer(tag)
        try:
            async for raw in chunks:
                gathered.feed(raw)
            request = gathered.result()
        except ValueError as e:
            raise self._stream_refusal(e, flag) from None
        gathered.out = None
        return self._call_gathered(request, context, tag)

    def fetch(self, request, context, tag: list):
        tag[0] = "fetch"
        value = self.handles.get(request.handle, self.owner(context))
        return self._encode_result(value, keep=False)

    def release(self, request, context, tag: list):
        tag[0] = "release"
        ids, owner = list(request.handles), self.owner(context)
        n = self.handles.release(ids, owner)
        if len(self.shm):
            n += self.shm.release(ids, owner)
        return worker_pb2.ReleaseResponse(released=n)

    def register_shm(self, request, context, tag: list):
        tag[0] = "register_shm"
        rid = self.shm.register(request.pid, request.fd, request.size, self.owner(context))
        return worker_pb2.ShmRegisterResponse(region_id=rid)

    def info(self, request, context, tag: list):
        tag[0] = "info"
        fns = []
        for name, fn in () if request.brief else sorted(self.api.items()):
            try:
                sig = str(inspect.signature(fn))
            except (TypeError, ValueError):
                sig = "(...)"
            implemented = True
            if hasattr(fn, "ivy_source"):
                try:
                    implemented = self.ivy.implements(self.backend, fn.ivy_path)
                except AttributeError:
                    implemented = False
            fns.append(worker_pb2.FunctionInfo(name=name, signature=sig, implemented=implemented))
        return worker_pb2.InfoResponse(
            backend=self.backend, framework_version=str(getattr(self.B, "version", "")),
            device=self.device, ivy_version=self.ivy.__version__, functions=fns,
            max_message_bytes=self.max_message_bytes, code_execution=self.code_execution,
            memory_cap_bytes=self.memory_cap, handles_live=len(self.handles.items),
            handles_bytes=self.handles.bytes, pid=os.getpid(), server_kind=self.server_kind,
            uds_path=self.uds_path, python_version=platform.python_version(),
            python_executable=sys.executable, numpy_version=np.__version__,
            max_stream_bytes=self.max_stream_bytes, memory_limit_bytes=self.memory_limit.limit,
            memory_limit=self.memory_limit.mechanism)

    def trace(self, request, context, tag: list):
        tag[0] = "trace"
        if request.graph:
            return self._upload(request, context)
        if not self.code_execution:
            raise RpcFailure(
                grpc.StatusCode.PERMISSION_DENIED,
                "Trace runs submitted code and is off on this worker: start it with "
                "--allow-code-execution and an auth token (--auth-token-env)")
        if not hasattr(self.ivy, "trace_graph") or not hasattr(self.ivy, "Graph"):
            raise RpcFailure(grpc.StatusCode.UNIMPLEMENTED,
                             "this build of ivy has no tracer (ivy.trace_graph)")
        from . import sandbox

        owner = self.owner(context)
        graph_dict, output_payload = sandbox.run(
            self.backend, request.source, request.entry, bytes(request.args),
            [bytes(b) for b in request.buffers], reply_cap=self.max_message_bytes,
            **self.sandbox_limits)
        gid = self._store_graph(graph_dict, owner, "the traced graph")
        return worker_pb2.TraceResponse(graph_id=gid, graph=codec.encode(graph_dict),
                                        output=output_payload)

    def _upload(self, request, context):
        """Trace with ``graph`` set: keep a graph the client traced itself. It is data (decoded by
        the bounded codec, loaded by ``Graph.from_dict``, whose nodes may call only public Ivy
        functions), so no code runs and code execution need not be enabled."""
        if request.source or request.entry or request.args or request.buffers:
            raise errors.invalid("a Trace request carries either a graph or source + entry + "
                                 "example arguments, not both")
        if not hasattr(self.ivy, "Graph"):
            raise RpcFailure(grpc.StatusCode.UNIMPLEMENTED, "this build of ivy has no tracer")
        graph_dict = codec.decode(request.graph)
        if not isinstance(graph_dict, dict):
            raise errors.invalid("the uploaded graph is not a map (send ivy.Graph.to_dict())")
        gid = self._store_graph(graph_dict, self.owner(context), "the uploaded graph")
        return worker_pb2.TraceResponse(graph_id=gid, graph=request.graph)

    def _store_graph(self, graph_dict: dict, owner, what: str, weights: dict | None = None) -> str:
        """Keep a graph for calls by id; ``weights`` (a transpiled model's, NumPy by name) are
        bound as its first argument, so callers pass the model's inputs only."""
        try:
            graph = self.ivy.Graph.from_dict(graph_dict)
        except Exception as e:
            raise errors.invalid(f"{what} cannot be loaded: {errors.message_of(e)}") from None
        nbytes = 0
        for n in graph.nodes:
            if n.target in ZERO_FILL and n.op not in ("input", "constant"):
                n.target = ZERO_FILL[n.target]  # no uninitialised memory from graphs either
            v = getattr(n, "value", None)
            if v is not None:
                nbytes += int(getattr(v, "nbytes", 0) or 0)
        if weights:
            buffers: list = []
            payload = codec.encode([[weights], {}], buffers=buffers)
            (params,), _ = self._decode_args(payload, [memoryview(b) for b in buffers], owner)
            nbytes += sum(int(getattr(w, "nbytes", 0) or 0) for w in weights.values())
            graph = functools.partial(graph, params)
        return self.handles.add_graph(graph, nbytes, owner)


def _nbytes(obj, shape) -> int:
    n = getattr(obj, "nbytes", None)
    if isinstance(n, int):
        return n
    size = 1
    for s in shape:
        size *= s
    dt = getattr(obj, "dtype", None)
    item = getattr(dt, "itemsize", None) or getattr(dt, "size", None) or 8
    return size * int(item)


# ---------------------------------------------------------------------------------------------
# gRPC plumbing: error mapping, metrics, logs, auth, admission
# ---------------------------------------------------------------------------------------------

def _request_id(context) -> str:
    for k, v in context.invocation_metadata() or ():
        if k == "x-request-id":
            return v[:128]
    return secrets.token_hex(8)


try:  # the sync server's context class (to call its methods without getattr)
    from grpc._server import _Context as _SyncContext
except ImportError:  # pragma: no cover - another grpc layout
    _SyncContext = None

_observers: dict = {}  # (method, function, code) -> its tally's add (metrics.tally)


def _observe(method: str, function: str, code: str, seconds: float, size_in: int,
             size_out: int) -> None:
    key = (method, function, code)
    f = _observers.get(key)
    if f is None:
        f = _observers[key] = metrics.tally(method, function, code)
    f(seconds, size_in, size_out)


GATED = ("Call", "CallStream", "Fetch", "Trace", "Transpile")  # computing: admission-controlled
_CALLS = ("Call", "CallStream")  # the function label is a client's name: known ones only
SPARE_THREADS = 8  # threads computing calls never take: health, Info, Release, refusals
TRIM_BYTES = 16 * 2**20  # requests moving at least this much: give freed memory back once they stop


class _Accounting:
    """What every RPC handler does around its work, the same for both server kinds (threads and
    grpc.aio): the function label (a client's name only if it is a known function), a failure's
    status, log line and request id, the metrics, the memory trim after large requests, the
    debug log. The handlers below differ only in what their kind makes different: admission
    (the gate's threads vs the event loop), ``abort`` being a coroutine, when the trim runs."""

    __slots__ = ("method", "known", "calls", "debug", "trimmer")

    def __init__(self, method: str, known_functions, worker: Worker | None):
        self.method = method
        self.known = known_functions
        self.calls = method in _CALLS  # the function label is a client's name: known ones only
        self.debug = log.isEnabledFor(logging.DEBUG)
        self.trimmer = worker.trimmer if worker is not None else None

    def failure(self, e: Exception, context, tag: list):
        """``(status, message)`` for a failed request, logged with its request id, which is also
        sent back as trailing metadata; the caller aborts with them."""
        status, message = errors.status_of(e)
        rid = _request_id(context)
        log.warning("request=%s method=%s function=%s code=%s error=%s", rid, self.method,
                    tag[0], status.name, message[:2000])
        context.set_trailing_metadata((("x-request-id", rid),))
        return status, message

    def finish(self, context, tag: list, code: str, seconds: float, size_in: int,
               size_out: int) -> bool:
        """Record a finished request; True when it moved enough bytes that freed memory should be
        given back (``self.trimmer.kick``, at the moment the server kind allows)."""
        fn = tag[0] if not self.calls or tag[0] in self.known else "<unknown>"
        _observe(self.method, fn, code, seconds, size_in, size_out)
        if self.debug and code == "OK":
            log.debug("request=%s method=%s function=%s code=OK ms=%.3f", _request_id(context),
                      self.method, tag[0], seconds * 1e3)
        return self.trimmer is not None and size_in + size_out >= TRIM_BYTES


def _wrap(method: str, impl, known_functions, worker: Worker | None = None):
    """A gRPC handler running ``impl`` with admission, error mapping, metrics and request logs."""
    acct = _Accounting(method, known_functions, worker)
    gate = worker.gate if worker is not None else None
    gated = gate is not None and method in GATED
    count_in = method == "Call"

    def handler(request, context):
        t0 = time.perf_counter()
        tag = [""]
        code = "OK"
        size_in = len(request) if count_in else 0
        size_out = 0
        entered = begun = False
        try:
            if gated:
                gate.enter(context)
                entered = True
            elif gate is not None:
                gate.begin()
                begun = True
            response = impl(request, context, tag)
            size_out = len(response) if response.__class__ is bytes else 0
            return response
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            status, message = acct.failure(e, context, tag)
            code = status.name
            context.abort(status, message)
        finally:
            if entered:
                gate.leave()
            elif begun:
                gate.end()
            if acct.finish(context, tag, code, time.perf_counter() - t0, size_in, size_out):
                context.add_callback(acct.trimmer.kick)  # after gRPC has sent the response

    return handler


def parse_tokens(value: str | None) -> list[str]:
    """The bearer tokens in an ``--auth-token-env`` variable: one, or several separated by
    commas (one per tenant; handles and graphs belong to the token that made them)."""
    return [t.strip() for t in (value or "").split(",") if t.strip()]


class AuthInterceptor(grpc.ServerInterceptor):
    """Every RPC but health checks and reflection needs ``authorization: Bearer <token>``."""

    OPEN = ("/grpc.health.v1.Health/", "/grpc.reflection.")

    def __init__(self, token):
        tokens = parse_tokens(token) if isinstance(token, str) else list(token)
        self.expected = ["Bearer " + t for t in tokens]

        self._deny = grpc.unary_unary_rpc_method_handler(
            lambda request, context: context.abort(grpc.StatusCode.UNAUTHENTICATED, self.NONE))
        self._wrong = grpc.unary_unary_rpc_method_handler(
            lambda request, context: context.abort(grpc.StatusCode.UNAUTHENTICATED, self.WRONG))

    NONE = ("no token: this worker needs 'authorization: Bearer <token>' metadata (the token of "
            "--auth-token-env; ivy_client: Client(token=...), IVY_AUTH_TOKEN, or the token file "
            "ivy-serve writes, ~/.config/ivy/token)")
    WRONG = ("wrong token: the 'authorization: Bearer <token>' sent is not one this worker "
             "accepts (its --auth-token-env; ivy-serve writes the token it serves with to "
             "~/.config/ivy/token)")

    @staticmethod
    def sent_token(metadata) -> bool:
        return any(k == "authorization" for k, _ in metadata or ())

    def denial(self, metadata):
        """The handler refusing a call: one saying no token was sent, or that it is wrong."""
        return self._wrong if self.sent_token(metadata) else self._deny

    def allowed(self, metadata) -> bool:
        for k, v in metadata or ():
            if k == "authorization":
                ok = False
                for e in self.expected:  # compare with every token: timing says nothing
                    ok |= secrets.compare_digest(v.encode("utf-8", "replace"), e.encode())
                if ok:
                    return True
        return False

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(self.OPEN):
            return continuation(handler_call_details)
        if self.allowed(handler_call_details.invocation_metadata):
            return continuation(handler_call_details)
        return self.denial(handler_call_details.invocation_metadata)


DEFAULT_UDS = "/tmp/ivy-{port}.sock"  # --uds default; "{port}" is the bound TCP port


def _uds_free(path: str) -> bool:
    """Whether ``path`` can be bound: absent, or a stale socket of this user that nothing listens
    on (removed here: a worker killed with SIGKILL leaves its socket behind). Anything else - a
    live socket, another user's file, not a socket - is left alone and the worker serves TCP
    only."""
    import socket
    import stat

    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError as e:
        log.warning("not listening on unix:%s: %s", path, e)
        return False
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
        log.warning("not listening on unix:%s: the path exists and is not a socket of this user",
                    path)
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except ConnectionRefusedError:  # stale: nobody listens
            try:
                os.unlink(path)
            except OSError:
                return False
            return True
        except OSError as e:
            log.warning("not listening on unix:%s: %s", path, e)
            return False
    log.warning("not listening on unix:%s: another process listens there", path)
    return False


def bind_uds(server, worker: Worker, template: str | None, port: int) -> str:
    """Also listen on the Unix domain socket ``template`` (``{port}`` replaced by ``port``);
    returns its path ("" when off or impossible: TCP serves regardless)."""
    if not template or template.lower() == "none":
        return ""
    path = os.path.abspath(template.replace("{port}", str(port)))
    if len(path.encode()) > 107 or not _uds_free(path):  # sun_path holds 108 bytes
        return ""
    try:
        if server.add_insecure_port("unix:" + path) == 0:
            raise OSError("bind failed")
    except Exception as e:  # noqa: BLE001 - the socket is an optimisation, never fatal
        log.warning("not listening on unix:%s: %s", path, e)
        return ""
    worker.uds_path = path
    try:
        st = os.lstat(path)
        worker._uds_inode = (st.st_dev, st.st_ino)
    except OSError:
        pass
    return path


def _unlink_uds(worker: Worker) -> None:
    """Remove the worker's socket file at exit (if it is still the one this process made)."""
    path = worker.uds_path
    if path:
        try:
            st = os.lstat(path)
            if (st.st_dev, st.st_ino) == getattr(worker, "_uds_inode", None):
                os.unlink(path)
        except OSError:
            pass


def build_server(worker: Worker, *, host: str, port: int, threads: int,
                 auth_token=None, max_queue: int | None = None, uds: str | None = None):
    """A ``grpc.Server`` (not yet started), its health servicer and the bound port.

    Threads: ``threads`` compute (the gate's slots), ``max_queue`` more may wait for a slot, and
    ``SPARE_THREADS`` beyond both are never taken by computing calls — they answer health checks,
    Info, Release and the refusals of the admission gate while the worker is saturated.
    """
    queue = worker.gate.queue if max_queue is None else max_queue
    pool = threads + queue + SPARE_THREADS
    opts = [("grpc.max_send_message_length", worker.max_message_bytes),
            ("grpc.max_receive_message_length", worker.max_message_bytes),
            ("grpc.so_reuseport", 0)]
    interceptors = [AuthInterceptor(auth_token)] if auth_token else []
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=pool, thread_name_prefix="ivy-rpc"),
                         options=opts, interceptors=interceptors,
                         maximum_concurrent_rpcs=max(256, 4 * pool))
    handlers = _handlers(worker, _wrap)
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(SERVICE_NAME,
                                                                          handlers)])
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    bind_uds(server, worker, uds, bound)
    return server, health_servicer, bound


def _wrap_aio(method: str, impl, known_functions, worker: Worker | None = None):
    """``_wrap`` for grpc.aio: the same work, run inline on the event loop (one call at a time,
    so no admission gate: the event loop is the queue)."""
    acct = _Accounting(method, known_functions, worker)
    closed = worker.gate if worker is not None else None
    count_in = method == "Call"

    async def handler(request, context):
        t0 = time.perf_counter()
        tag = [""]
        code = "OK"
        size_in = len(request) if count_in else 0
        size_out = 0
        failure = None
        try:
            if closed is not None and closed.closed and method in GATED:
                raise _shutting_down()
            response = impl(request, context, tag)
            size_out = len(response) if response.__class__ is bytes else 0
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            failure = acct.failure(e, context, tag)
            code = failure[0].name
        if acct.finish(context, tag, code, time.perf_counter() - t0, size_in, size_out):
            acct.trimmer.kick()
        if failure is not None:
            await context.abort(*failure)
        return response

    return handler


def _wrap_aio_stream(method: str, impl, known_functions, worker: Worker):
    """``_wrap_aio`` for a stream-stream RPC (CallStream): ``impl`` gathers the request stream
    and answers an iterator of response messages, sent one by one (each send waits for the
    client's flow control). At most ``--threads`` streams gather at once (RESOURCE_EXHAUSTED
    beyond, as the threads kind's admission gate does): the event loop interleaves them, and
    each holds a buffer of up to --max-stream-mb."""
    acct = _Accounting(method, known_functions, worker)
    gate = worker.gate
    streams = [0]

    async def handler(request_iterator, context):
        t0 = time.perf_counter()
        tag = [""]
        failure = None
        counted = False
        try:
            if gate.closed:
                raise _shutting_down()
            if streams[0] >= gate.slots:
                raise errors.exhausted(
                    f"the worker is busy: {streams[0]} streamed calls in progress (--threads "
                    f"{gate.slots}); retry after a short back-off (e.g. 0.1-1 s, growing), or use "
                    "another worker")
            streams[0] += 1
            counted = True
            responses = await impl(request_iterator, context, tag)
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            failure = acct.failure(e, context, tag)
        finally:
            if counted:
                streams[0] -= 1
        if failure is not None:
            acct.finish(context, tag, failure[0].name, time.perf_counter() - t0, 0, 0)
            await context.abort(*failure)
        size_out = 0
        try:
            for message in responses:
                size_out += len(message)
                yield message
        finally:
            acct.finish(context, tag, "OK", time.perf_counter() - t0, 0, 0)  # as the threads kind
            if size_out >= TRIM_BYTES:
                acct.trimmer.kick()

    return handler


class AioAuthInterceptor(grpc.aio.ServerInterceptor):
    """``AuthInterceptor`` for grpc.aio."""

    def __init__(self, token):
        self._sync = AuthInterceptor(token)

        def denier(message):
            async def deny(request, context):
                await context.abort(grpc.StatusCode.UNAUTHENTICATED, message)

            return grpc.unary_unary_rpc_method_handler(deny)

        self._deny, self._wrong = denier(AuthInterceptor.NONE), denier(AuthInterceptor.WRONG)

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(AuthInterceptor.OPEN):
            return await continuation(handler_call_details)
        md = handler_call_details.invocation_metadata
        if self._sync.allowed(md):
            return await continuation(handler_call_details)
        return self._wrong if AuthInterceptor.sent_token(md) else self._deny


def _wrap_call(worker: Worker, known_functions):
    """``Call``'s handler (threads kind): :func:`_wrap` around :meth:`Worker.call`, with the
    tiny call's common case inlined — a slot free at once, a request the C path parses, a
    function found, a result it frames.

    The same admission, labels, metrics and failures as :func:`_wrap`, in one Python frame
    instead of nine (the metrics are one C call: ``metrics.tally``): between real calls the
    caches are cold
    and each extra function costs ~5-10 us of CPU, not its ~0.5 us in a hot loop (docs/rpc.md,
    "Cold code"). A call that found the gate busy goes through :func:`_wrap` (which waits,
    refuses, or re-checks the client before running it); one admitted here never waited, so the
    client-gone and deadline checks made for waiting calls are not repeated."""
    general = _wrap("Call", worker.call, known_functions, worker)
    fast = codec._fast
    if fast is None:
        return general
    gate, acct = worker.gate, _Accounting("Call", known_functions, worker)
    lock, fns, to_native = gate.lock, worker._fns, worker._to_native
    parse, encode = fast.call_request, fast.encode_response
    max_in, max_items, inline, max_out = (worker.fast_max_bytes, codec.MAX_ITEMS,
                                       codec.FAST_INLINE, worker.max_message_bytes)
    ndarray, perf_counter = np.ndarray, time.perf_counter
    cap, check_size = worker.memory_cap, worker.result_size.check  # sizes.py, as in _call_fast
    observers: dict = {}  # function name -> the OK observer of its label set

    def handler(request, context):
        t0 = perf_counter()
        with lock:  # Gate.enter's uncontended case
            free = gate.running < gate.slots and not gate.waiting and not gate.closed
            if free:
                gate.running += 1
                gate.active += 1
        if not free:
            return general(request, context)
        tag = [""]
        code = "OK"
        size_out = 0
        try:
            parsed = parse(request, to_native, max_items, max_in)
            if parsed is None:
                response = worker._call_general(request, context, tag)
            else:
                function, args, kwargs = parsed
                tag[0] = function[:errors.NAME_CHARS]
                fn = fns.get(function) or worker._lookup(function)
                if cap:
                    check_size(function, _plain_fn(fn), args, kwargs, cap)
                result = fn.run(context, args, kwargs) if fn.__class__ is _RandomFn else \
                    fn(*args, **kwargs)
                del args, kwargs
                response = encode(result if result.__class__ is ndarray else
                                  worker._as_numpy(result), inline, max_out)
                if response is None:  # not one small array or a tuple of them
                    response = worker._encode_result(result, False, "", context)
            size_out = len(response) if response.__class__ is bytes else 0
            return response
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            status, message = acct.failure(e, context, tag)
            code = status.name
            context.abort(status, message)
        finally:
            with lock:  # Gate.leave
                gate.running -= 1
                gate.active -= 1
                if gate.waiting:
                    gate.cond.notify()
            observe = observers.get(tag[0]) if code == "OK" else None
            if observe is not None:
                observe(perf_counter() - t0, len(request), size_out)
                trim = acct.trimmer is not None and len(request) + size_out >= TRIM_BYTES
            else:
                trim = acct.finish(context, tag, code, perf_counter() - t0, len(request),
                                   size_out)
                if code == "OK" and tag[0] in known_functions and not acct.debug:
                    observers[tag[0]] = _observers[("Call", tag[0], "OK")]
            if trim:
                context.add_callback(acct.trimmer.kick)  # after gRPC has sent the response

    return handler


def _parsed(message_cls, impl):
    """``impl`` given the parsed protobuf: the request arrives as bytes and is parsed inside the
    handler, so a malformed message answers INVALID_ARGUMENT (gRPC's own deserializer would
    answer INTERNAL "Exception deserializing request!")."""
    from google.protobuf.message import DecodeError

    name = message_cls.DESCRIPTOR.name

    def run(request, context, tag: list):
        try:
            message = message_cls.FromString(request)
        except (DecodeError, ValueError, TypeError) as e:
            raise errors.invalid(f"malformed {name}: {e}") from None
        return impl(message, context, tag)

    return run


def _handlers(worker: Worker, wrap) -> dict:
    known = set(worker.api)
    pb = worker_pb2
    return {
        "Call": grpc.unary_unary_rpc_method_handler(
            _wrap_call(worker, known) if wrap is _wrap else wrap("Call", worker.call, known,
                                                                 worker)),
        "Fetch": grpc.unary_unary_rpc_method_handler(
            wrap("Fetch", _parsed(pb.FetchRequest, worker.fetch), known, worker)),
        "Release": grpc.unary_unary_rpc_method_handler(
            wrap("Release", _parsed(pb.ReleaseRequest, worker.release), known, worker),
            response_serializer=pb.ReleaseResponse.SerializeToString),
        "Info": grpc.unary_unary_rpc_method_handler(
            wrap("Info", _parsed(pb.InfoRequest, worker.info), known, worker),
            response_serializer=pb.InfoResponse.SerializeToString),
        "Trace": grpc.unary_unary_rpc_method_handler(
            wrap("Trace", _parsed(pb.TraceRequest, worker.trace), known, worker),
            response_serializer=pb.TraceResponse.SerializeToString),
        "Transpile": grpc.unary_unary_rpc_method_handler(
            wrap("Transpile", _parsed(pb.TranspileRequest, worker.transpiler.handle), known,
                 worker),
            response_serializer=pb.TranspileResponse.SerializeToString),
        "RegisterShm": grpc.unary_unary_rpc_method_handler(
            wrap("RegisterShm", _parsed(pb.ShmRegisterRequest, worker.register_shm), known,
                 worker),
            response_serializer=pb.ShmRegisterResponse.SerializeToString),
        "CallStream": grpc.stream_stream_rpc_method_handler(
            wrap("CallStream", worker.call_stream, known, worker) if wrap is _wrap else
            _wrap_aio_stream("CallStream", worker.call_stream_aio, known, worker)),
    }


_SERVING: Worker | None = None  # the worker this process serves (to remove its socket at exit)
_LIMIT: limits.Enforcement | None = None  # the OS memory limit in force (released at exit)


def _flush_and_exit(code: int) -> None:
    """Leave now, even with computations still running on threads that cannot be stopped
    (their clients see UNAVAILABLE when the connection drops)."""
    if _SERVING is not None:
        _unlink_uds(_SERVING)
    if _LIMIT is not None:
        _LIMIT.release()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    os._exit(code)


def _watchdog(seconds: float) -> None:
    """Exit the process ``seconds`` from now whatever the shutdown is doing (a daemon thread)."""
    def run():
        time.sleep(seconds)
        log.warning("shutdown took longer than the grace period: exiting now")
        _flush_and_exit(0)

    threading.Thread(target=run, name="ivy-shutdown-watchdog", daemon=True).start()


async def serve_aio(worker: Worker, *, host: str, port: int, auth_token=None,
                    grace: float, uds: str | None = None) -> int:
    """Serve with a grpc.aio server (``--server-kind aio``; handlers run on the event loop)."""
    import asyncio

    from grpc_health.v1.health import aio as health_aio

    worker.server_kind = "aio"
    worker.address = f"{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}"
    opts = [("grpc.max_send_message_length", worker.max_message_bytes),
            ("grpc.max_receive_message_length", worker.max_message_bytes),
            ("grpc.so_reuseport", 0)]
    server = grpc.aio.server(options=opts, interceptors=[AioAuthInterceptor(auth_token)]
                             if auth_token else None)
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(
        SERVICE_NAME, _handlers(worker, _wrap_aio))])
    health_servicer = health_aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
         reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    bind_uds(server, worker, uds, bound)
    stop = asyncio.Event()  # handlers installed before SERVING (see stop_on_signals)
    loop = asyncio.get_running_loop()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d%s (pid %d, grpc.aio)", worker.backend, worker.device, host,
             bound, f" and unix:{worker.uds_path}" if worker.uds_path else "", os.getpid())
    await stop.wait()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", grace)
    _watchdog(grace + 1.5)
    worker.gate.close()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    await server.stop(grace)
    _unlink_uds(worker)
    log.info("stopped")
    return 0


def stop_on_signals() -> threading.Event:
    """The event SIGTERM/SIGINT set (a second signal exits at once), installed before the worker
    says SERVING: a signal from then on starts the drain, never the default action. Both are
    unblocked first: a process inherits its parent's blocked-signal mask, and a worker started
    with SIGTERM blocked would otherwise never see it (every thread it starts inherits the mask)."""
    stop = threading.Event()

    def on_signal(signum, frame):
        if stop.is_set():
            log.warning("second signal: exiting now")
            _flush_and_exit(1)
        stop.set()

    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if blocked & {signal.SIGTERM, signal.SIGINT}:
        log.warning("the parent process started this worker with %s blocked: unblocked",
                    ", ".join(sorted(s.name for s in blocked & {signal.SIGTERM, signal.SIGINT})))
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return stop


def serve_threads(worker: Worker, server, health_servicer, grace: float,
                  stop: threading.Event) -> int:
    """Serve until ``stop`` is set (:func:`stop_on_signals`), then shut down within ``grace``
    (+ a small bound).

    Shutdown: health answers NOT_SERVING (the server still answers), new and queued computing
    calls get UNAVAILABLE, calls already running get up to ``grace`` seconds to finish; then the
    server stops. Computations still running then cannot be interrupted (Python threads), so the
    process leaves with ``os._exit`` after flushing its logs: their clients see UNAVAILABLE. A
    second signal exits at once; a watchdog exits at grace + 1.5 s whatever happens.
    """
    stop.wait()
    t0 = time.monotonic()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", grace)
    _watchdog(grace + 1.5)
    _set_health(health_servicer, health_pb2.HealthCheckResponse.NOT_SERVING)
    worker.gate.close()
    while worker.gate.active and time.monotonic() - t0 < grace:
        time.sleep(0.02)
    left = worker.gate.active
    if left:
        log.warning("grace period (%.1fs) over with %d calls still running: exiting without "
                    "them (their clients get UNAVAILABLE)", grace, left)
        _flush_and_exit(0)
    # every handler has returned; give the last responses the rest of the grace to be sent
    remaining = max(0.2, grace - (time.monotonic() - t0))
    server.stop(remaining).wait(remaining + 0.5)
    _unlink_uds(worker)
    log.info("stopped")
    return 0


def _set_health(health_servicer, status) -> None:
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, status)


def _freeze_startup_objects() -> None:
    """Move everything alive after start-up (ivy, the backend framework, the warm-up call:
    tens of thousands of objects) to the collector's permanent generation: the cyclic garbage
    collector, which runs every few hundred allocations, then only looks at objects the
    requests make. A full collection of the start-up heap took ~58 ms (numpy worker), paid by
    whichever call triggered it."""
    import gc

    gc.collect()
    gc.freeze()


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="ivy-worker", description="Serve Ivy over gRPC with one "
                                "backend on one device.")
    p.add_argument("--backend", required=True, choices=BACKENDS)
    p.add_argument("--device", default="cpu", help="cpu or gpu:N (default cpu)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=50051)
    p.add_argument("--metrics-port", type=int, default=None,
                   help="serve Prometheus metrics on this port (default: none)")
    p.add_argument("--auth-token-env", default=None, metavar="VAR",
                   help="require 'authorization: Bearer <token>' with a token read from the "
                   "environment variable VAR (e.g. IVY_AUTH_TOKEN); several tokens separated by "
                   "commas give several tenants, each seeing only its own handles and graphs")
    p.add_argument("--allow-code-execution", action="store_true",
                   help="enable Trace (runs submitted code in a sandbox); needs an auth token")
    p.add_argument("--max-message-mb", type=int, default=1024,
                   help="largest request or response in MiB (default 1024, at most 2047)")
    p.add_argument("--memory-limit-mb", type=int, default=None,
                   help="the whole process's memory, MiB, enforced by the OS: a cgroup of its own "
                   "(cgroup v2 memory.max, else cgroup v1 memory.limit_in_bytes) where the cgroup "
                   "tree is writable, else RLIMIT_DATA (default: half of the host's memory, "
                   "i.e. of MemTotal or of the memory limit of the cgroup the worker is in, "
                   "whichever is smaller; ivy-serve passes 3/4 of it divided by the number of "
                   "workers; 0: no OS limit)")
    p.add_argument("--memory-cap-mb", type=int, default=None,
                   help="cap on one request's arrays, on one call's result (computed from its "
                   "arguments before anything is allocated), and on kept handles + traced "
                   "graphs' constants, MiB; beyond: RESOURCE_EXHAUSTED (default: a quarter of "
                   "--memory-limit-mb, or of its default when that is 0; 0: none)")
    p.add_argument("--threads", type=int, default=16,
                   help="calls computed at once (default 16)")
    p.add_argument("--max-queue", type=int, default=64,
                   help="calls that may wait for a free thread; beyond, RESOURCE_EXHAUSTED "
                   "(default 64)")
    p.add_argument("--queue-timeout-s", type=float, default=30.0,
                   help="the longest a call without a deadline of its own waits for a free "
                   "thread; then RESOURCE_EXHAUSTED with retry advice (default 30; 0: no limit). "
                   "A call with a deadline waits until it")
    p.add_argument("--server-kind", choices=["threads", "aio"], default="threads",
                   help="gRPC thread-pool server (default; measured faster for tiny calls) or "
                   "grpc.aio with handlers on the event loop")
    p.add_argument("--uds", default=DEFAULT_UDS, metavar="PATH",
                   help="also listen on this Unix domain socket ({port} is replaced by the TCP "
                   "port; default /tmp/ivy-{port}.sock; 'none' turns it off). Clients on this "
                   "host use it after checking it is this worker (pid, via Info)")
    p.add_argument("--max-stream-mb", type=int, default=8192,
                   help="largest call streamed in chunks past --max-message-mb (CallStream; "
                        "default 8192, 0 turns streaming off)")
    p.add_argument("--shm", action="store_true",
                   help="accept shared-memory regions of clients on this host (RegisterShm; "
                        "off by default; see docs/rpc.md)")
    p.add_argument("--grace-s", type=float, default=10.0,
                   help="on SIGTERM, wait this long for in-flight calls, then exit (default 10)")
    p.add_argument("--sandbox-cpu-s", type=int, default=20, help="Trace sandbox CPU seconds")
    p.add_argument("--sandbox-wall-s", type=float, default=60.0, help="Trace sandbox wall seconds")
    p.add_argument("--sandbox-memory-mb", type=int, default=2048,
                   help="Trace sandbox address-space growth allowed, MiB")
    p.add_argument("--sandbox-warm", type=int, default=2, metavar="N",
                   help="Transpile: keep a sandbox started ahead (frameworks imported and warm) "
                   "for each of the N most recent kinds of request (default 2; 0: none)")
    p.add_argument("--transpile-cache-mb", type=int, default=64,
                   help="Transpile: answers kept for identical requests, MiB (default 64; 0: "
                   "no cache)")
    p.add_argument("--peers", default=os.environ.get("IVY_PEERS") or os.environ.get(
                   "IVY_WORKERS") or None, metavar="PATH_OR_SPEC",
                   help="the other workers (a workers.toml or 'backend[@device]=host:port,...'): "
                   "a Transpile is verified on the target framework's worker when there is one "
                   "(default: $IVY_PEERS, else $IVY_WORKERS; ivy-serve sets IVY_PEERS)")
    p.add_argument("--log-level", default=os.environ.get("IVY_LOG_LEVEL", "INFO"),
                   help="DEBUG logs one line per request (default INFO: errors and lifecycle)")
    p.add_argument("--spare", action="store_true",
                   help="start as ivy-serve's pre-started spare: import and warm up (a CPU "
                   "worker; on other devices import only, the device is set up later), then wait "
                   "for the line 'serve' on stdin before binding the port; exit quietly on "
                   "anything else or end of input")
    return p.parse_args(argv)


SPARE_READY = "spare ready"  # the line ivy-serve's launcher waits for (launcher.py)


def _preimport(backend: str) -> None:
    """A spare for a non-CPU device: import Ivy and the framework now, set up nothing on the
    device (which a waiting spare would hold)."""
    import importlib

    import ivy  # noqa: F401

    try:
        importlib.import_module(backend)
    except Exception:  # noqa: BLE001 - the Worker reports it when it is built
        pass


def _wait_as_spare(backend: str, device: str) -> bool:
    """Tell the launcher this spare is ready, then block on stdin until it says ``serve`` (True)
    or closes the pipe / says anything else (False: leave)."""
    log.info("%s (pid %d, %s@%s): waiting for ivy-serve's word to serve", SPARE_READY,
             os.getpid(), backend, device)
    try:
        line = sys.stdin.readline()
    except (OSError, ValueError):
        return False
    return line.strip() == "serve"


def memory_settings(a) -> tuple[limits.Enforcement, int]:
    """Apply the OS memory limit (before the framework is imported, so that it counts) and
    work out the memory cap; both logged. (The enforcement, the cap in bytes.)"""
    global _LIMIT
    limit = limits.default_limit() if a.memory_limit_mb is None else a.memory_limit_mb * 2**20
    if a.memory_cap_mb is not None:
        cap = max(0, a.memory_cap_mb) * 2**20
    else:
        cap = (limit or limits.default_limit()) // 4 // 2**20 * 2**20
    _LIMIT = enforcement = limits.apply(limit)
    atexit.register(enforcement.release)
    if limit and cap > limit:
        log.warning("memory: --memory-cap-mb (%d MiB) is above --memory-limit-mb (%d MiB): a "
                    "result between the two is stopped by the OS, not refused", cap >> 20,
                    limit >> 20)
    if limit and enforcement.mechanism == "none":
        log.warning("memory: no OS limit could be applied here (no writable cgroup, "
                    "RLIMIT_DATA refused); only the memory cap holds requests back")
    log.info("memory: OS limit %s; memory cap %s (--memory-cap-mb: one request's arrays, one "
             "result, kept handles)", enforcement.describe(),
             f"{cap / 2**20:.0f} MiB" if cap else "none")
    return enforcement, cap


def main(argv=None) -> int:
    global _SERVING
    a = parse_args(argv)
    logging.basicConfig(level=a.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s " + f"[{a.backend}@{a.device}"
                        f" :{a.port}] %(message)s")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    warnings.filterwarnings("ignore", message="The given NumPy array is not writable")
    # `kill -USR1 <pid>`: every thread's Python stack to stderr (a stuck worker, diagnosed live)
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    tokens: list[str] = []
    if a.auth_token_env:
        tokens = parse_tokens(os.environ.get(a.auth_token_env))
        if not tokens:
            log.error("--auth-token-env %s: the variable is not set or empty", a.auth_token_env)
            return 2
    if a.allow_code_execution and not tokens:
        log.error("--allow-code-execution needs an auth token (--auth-token-env VAR)")
        return 2
    if a.allow_code_execution:
        # fail closed: no code execution without the OS sandbox (bubblewrap + seccomp)
        from . import sandbox

        try:
            sandbox.check_isolation()
        except sandbox.SandboxUnavailable as e:
            log.error("--allow-code-execution: %s", e)
            return 2
    max_bytes = min(a.max_message_mb, 2047) * 2**20
    configure_malloc()
    memory_limit, memory_cap = memory_settings(a)
    # a spare waits before it builds the Worker on a device other than the CPU (that would hold
    # device memory while waiting), after it on the CPU (everything but the bind done ahead)
    cpu_spare = a.spare and a.device.strip().lower().startswith("cpu")
    if a.spare and not cpu_spare:
        _preimport(a.backend)
        if not _wait_as_spare(a.backend, a.device):
            return 0
    t_start = time.monotonic()
    try:
        worker = Worker(a.backend, a.device, max_message_bytes=max_bytes,
                        memory_cap_bytes=memory_cap, memory_limit=memory_limit,
                        allow_code_execution=a.allow_code_execution, auth_token=tokens or None,
                        sandbox_limits={"cpu_s": a.sandbox_cpu_s, "wall_s": a.sandbox_wall_s,
                                        "memory_mb": a.sandbox_memory_mb},
                        threads=a.threads, max_queue=a.max_queue,
                        queue_timeout_s=a.queue_timeout_s, peers=a.peers,
                        transpile_cache_bytes=a.transpile_cache_mb * 2**20,
                        sandbox_warm=a.sandbox_warm, shm=a.shm,
                        max_stream_bytes=a.max_stream_mb * 2**20)
    except Exception as e:
        log.error("cannot start: %s", errors.message_of(e))
        return 1
    _freeze_startup_objects()
    if cpu_spare:
        if not _wait_as_spare(a.backend, worker.device):
            return 0
        t_start = time.monotonic()
    worker.trimmer.start()
    if a.metrics_port and a.server_kind == "aio":
        metrics.serve(a.metrics_port, a.host, worker)
    if a.server_kind == "aio":
        import asyncio

        _SERVING = worker
        return asyncio.run(serve_aio(worker, host=a.host, port=a.port, auth_token=tokens or None,
                                     grace=a.grace_s, uds=a.uds))
    server, health_servicer, port = build_server(worker, host=a.host, port=a.port,
                                                 threads=a.threads, auth_token=tokens or None,
                                                 max_queue=a.max_queue, uds=a.uds)
    worker.address = f"{'127.0.0.1' if a.host in ('0.0.0.0', '') else a.host}:{port}"
    _SERVING = worker
    if a.metrics_port:
        metrics.serve(a.metrics_port, a.host, worker)
    stop = stop_on_signals()
    server.start()
    _set_health(health_servicer, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d%s (pid %d%s)", a.backend, worker.device, a.host, port,
             f" and unix:{worker.uds_path}" if worker.uds_path else "", os.getpid(),
             f", a spare: serving {time.monotonic() - t_start:.2f} s after the word"
             if a.spare else "")
    return serve_threads(worker, server, health_servicer, a.grace_s, stop)


if __name__ == "__main__":
    sys.exit(main())
