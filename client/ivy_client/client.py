"""The client: route a call to the worker for (backend, device), send arrays, get NumPy back.

Imports no ML framework (NumPy, msgpack and grpcio only).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence

import grpc
import numpy as np

from . import codec, config, token_file, wire
from . import shm as shm_mod
from . import signatures as sigs
from .codec import Ref
from .errors import NoWorker, RemoteError, ResourceExhausted, from_rpc_error
from .proto import SERVICE_NAME, worker_pb2

#: the metadata key carrying Client.client_id (the worker keeps a random stream per client id)
CLIENT_ID_KEY = "x-ivy-client-id"
#: the client id calls are made for inside :func:`acting_for` (None: the client's own)
_ACTING_FOR: contextvars.ContextVar = contextvars.ContextVar("ivy_client_acting_for",
                                                             default=None)


@contextlib.contextmanager
def acting_for(client_id: str):
    """Calls made inside the block (this thread, or this asyncio task) carry ``client_id``
    instead of the client's own: a service calling for several callers with one client (the
    HTTP gateway) gives each its own random stream on the workers (docs/rpc.md, "Random
    streams"). Calls, graph calls and streamed calls carry it."""
    token = _ACTING_FOR.set(str(client_id))
    try:
        yield
    finally:
        _ACTING_FOR.reset(token)

_ident = None  # grpc passes bytes through when no (de)serializer is given
_M = f"/{SERVICE_NAME}/"
_monotonic = time.monotonic

# -- retries (docs/rpc.md, "Client retries") ---------------------------------------------------
# The RPCs sent again on UNAVAILABLE: Call (a function of its arguments; a kept result of an
# attempt whose worker died died with it), Fetch and Info (reads), Release (releasing twice
# releases nothing more). Not Trace, Transpile (they run submitted code and register graphs),
# RegisterShm (maps this process's memory) or CallStream (streamed past gRPC's retry buffer).
RETRIED_METHODS = ("Call", "Fetch", "Info", "Release")
_RETRIED = frozenset(m.lower() for m in RETRIED_METHODS)
# gRPC's own retry (in C, below every call): up to 3 attempts with jittered back-off, on
# UNAVAILABLE only, and gRPC's retry budget: each failed attempt costs a token, each success
# gives 0.1 back, and no retry is made while fewer than half of the 20 are left
SERVICE_CONFIG = {
    "methodConfig": [{
        "name": [{"service": SERVICE_NAME, "method": m} for m in RETRIED_METHODS],
        "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.05s", "maxBackoff": "0.5s",
                        "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]},
    }],
    "retryThrottling": {"maxTokens": 20, "tokenRatio": 0.1},
}
# reconnect quickly to a restarted worker (gRPC's default waits 1 s, then 1.6x longer each try)
_RECONNECT_OPTIONS = [("grpc.initial_reconnect_backoff_ms", 100),
                      ("grpc.max_reconnect_backoff_ms", 1000)]
RECOVER_S = 10.0  # Client(recover_s=): how long a retried call waits for its worker to return
# sent again at most this many times within that wait: an attempt can still go out on the dead
# connection before the channel has noticed (UNAVAILABLE again); the next, 50 ms later, waits
# for a new one. Few: a call that kills its worker kills each worker it is sent to
_RESENDS, _RESEND_PAUSE_S = 2, 0.05


def _again(e: grpc.RpcError, attempt: int, end: float) -> bool:
    """Send once more after ``e`` (UNAVAILABLE again, attempts and time left)?"""
    try:
        unavailable = e.code() == grpc.StatusCode.UNAVAILABLE
    except Exception:  # noqa: BLE001
        return False
    return unavailable and attempt + 1 < _RESENDS and \
        _monotonic() + _RESEND_PAUSE_S * 2 ** attempt < end - 0.05
# the client's own budget for calls sent again after gRPC's retries: a bucket of 64, refilled
# at 16 per second
_BUDGET_MAX, _BUDGET_RATE = 64.0, 16.0
_NO_SHM = object()  # _op_call_shm: send this call in the message


class _Pending:
    """``_Conn.shm`` while a region is being registered (falsy: calls meanwhile use the
    message)."""

    def __bool__(self):
        return False

    def __repr__(self):
        return "<shared-memory region being registered>"


_SHM_PENDING = _Pending()
# statuses that a worker's Call handler answers once it is done with the call (or before it
# starts): the call's shared-memory ranges are free again. After any other status (a deadline,
# a cancelled call, a dropped connection) the worker may still read the inputs or write results
# into the region, so the region is retired instead of reused.
_SHM_ANSWERED = frozenset({"INVALID_ARGUMENT", "NOT_FOUND", "UNIMPLEMENTED", "RESOURCE_EXHAUSTED",
                           "PERMISSION_DENIED", "UNAUTHENTICATED", "FAILED_PRECONDITION",
                           "OUT_OF_RANGE", "ALREADY_EXISTS"})


class _CallStatus(grpc.RpcError):
    """The final status of a call, read from the call object (an aio call that the worker ended
    while the client was still writing), in the shape ``from_rpc_error`` reads."""

    def __init__(self, code, details):
        super().__init__(details)
        self._code, self._details = code, details

    def code(self):
        return self._code

    def details(self):
        return self._details

    def trailing_metadata(self):
        return ()


class _TooLarge(ResourceExhausted):
    """A request over the per-message limit (``Client.call`` streams it instead)."""

    def __init__(self, message, parts):
        super().__init__(message)
        self.parts = parts


class RemoteHandle(Ref):
    """An array kept on a worker (``call(..., keep=True)``). Pass it to later calls on the same
    worker instead of the data; ``fetch()`` brings the value, ``release()`` frees it (also on
    leaving a ``with`` block). ``np.asarray(handle)`` fetches."""

    __slots__ = ("address", "_client")

    def __init__(self, ref: Ref, address: str, client):
        super().__init__(ref.id, ref.dtype, ref.shape)
        self.address = address
        self._client = client

    def fetch(self, timeout=None):
        return self._client.fetch(self, timeout=timeout)

    def release(self) -> bool:
        return self._client.release(self) == 1

    def __array__(self, dtype=None, copy=None):
        a = self.fetch()
        return a if dtype is None else a.astype(dtype)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        return f"RemoteHandle({self.id!r}, dtype={self.dtype}, shape={self.shape}, at {self.address})"


class AsyncRemoteHandle(RemoteHandle):
    """A handle from AsyncClient: ``await h.fetch()``, ``await h.release()``, ``async with h``."""

    __slots__ = ()

    async def release(self) -> bool:
        return await self._client.release(self) == 1

    def __array__(self, dtype=None, copy=None):
        raise TypeError("a handle from AsyncClient cannot be fetched synchronously: use "
                        "`await handle.fetch()`")

    def __enter__(self):
        raise TypeError("use `async with handle:` for a handle from AsyncClient")

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.release()

    def __repr__(self):
        return "Async" + super().__repr__()


class RemoteGraph:
    """A graph traced on a worker (``Client.trace``): call it like the function it traced."""

    def __init__(self, client, address: str, graph_id: str, graph: dict, output):
        self._client = client
        self.address = address
        self.id = graph_id
        self.graph = graph  # ivy.Graph.to_dict() of the traced function
        self.output = output  # its output on the example arguments

    def __call__(self, *args, timeout=None, keep=False, **kwargs):
        return self._client._invoke(self.address, "", args, kwargs, timeout=timeout, keep=keep,
                                    graph_id=self.id)

    def release(self) -> bool:
        return self._client.release(self) == 1

    def __repr__(self):
        return f"RemoteGraph({self.id!r} at {self.address})"


class AsyncRemoteGraph(RemoteGraph):
    """A traced graph for AsyncClient: ``await graph(*args)``."""

    async def __call__(self, *args, timeout=None, keep=False, **kwargs):
        return await self._client._invoke(self.address, "", args, kwargs, timeout=timeout,
                                          keep=keep, graph_id=self.id)

    async def release(self) -> bool:
        return await self._client.release(self) == 1

    def __repr__(self):
        return "Async" + super().__repr__()


class RemoteTranspiled:
    """The result of ``Client.transpile`` (docs/service.md).

    ``code``: the emitted standalone source (imports only the target framework); ``weights``: a
    model's weights by parameter name (NumPy; ``{}`` for a function, or with ``weights="inline"``
    / ``"none"``); ``report``: what was captured, how each operation was mapped, and the
    verification (``report["verification"]["verified"]``, ``["where"]``); ``svg``: the graph
    picture; ``graph``: the Ivy graph (``ivy.Graph.from_dict``). Calling it runs the transpiled
    graph on the worker that answered (transpile once, call many): NumPy in, NumPy out.

    Like the local ``ivy.transpile`` result, a call whose inputs differ from the example's in
    shape, dtype, structure or a plain Python value (the graph is written for the example's)
    transpiles the source again on the workers with those inputs as the example (captured and
    verified as the first time) and runs that; the :data:`MAX_VARIANTS` most recently used
    signatures are kept (``variants``), older ones released. Inputs whose signature the client
    cannot tell (remote handles) go to the kept graph as they are.
    """

    #: the transpiled variants (other input signatures) kept per result, most recently used
    MAX_VARIANTS = 8

    def __init__(self, client, address: str, r, again=None):
        self._client = client
        self.address = address
        # (the request without its example inputs, backend, device, the example's signature):
        # what transpiles again for other inputs; None for a variant or an uploaded graph
        self._again = again
        self._variants: OrderedDict = OrderedDict()
        self.code = r.code
        self.report = json.loads(r.report) if r.report else {}
        self.weights = codec.decode(r.weights, buffers=list(r.buffers)) if r.weights else {}
        self.graph = codec.decode(r.graph) if r.graph else None
        self.svg = r.graph_svg
        self.id = self.graph_id = r.graph_id
        self.cached = r.cached
        self.key = r.key

    @property
    def name(self) -> str:
        return self.report.get("name", "")

    @property
    def verified(self):
        """True when the emitted code reproduced the source (None: not run, see the report)."""
        return self.report.get("verification", {}).get("verified")

    @property
    def variants(self) -> dict:
        """The results transpiled again for other inputs, by their signature (text)."""
        return {sigs.describe(k): v for k, v in self._variants.items()}

    def _route(self, args, kwargs):
        """(the result whose graph takes these inputs, or None, and their signature): None
        when they need a new transpile (then made by the caller, and kept by :meth:`_keep`)."""
        if not self.graph_id:
            raise ValueError("this result keeps no graph on the worker (keep=False)")
        if self._again is None:
            return self, None
        try:
            key = sigs.of_call(args, kwargs)
            hash(key)
        except (sigs.Unknown, TypeError):
            return self, None
        if key == self._again[3]:
            return self, key
        v = self._variants.get(key)
        if v is not None:
            self._variants.move_to_end(key)
        return v, key

    def _again_request(self, args, kwargs):
        request, backend, device, _ = self._again
        new = self._client._transpile_request(args, kwargs, None)
        new.MergeFrom(request)  # the code, entry, frameworks and options: the same as the first
        return new, backend, device

    def _keep(self, key, variant) -> list:
        """Keep ``variant`` for ``key``; the variants evicted (to release)."""
        self._variants[key] = variant
        out = []
        while len(self._variants) > self.MAX_VARIANTS:
            out.append(self._variants.popitem(last=False)[1])
        return out

    def _again_failed(self, e, key):
        """``e`` (the new transpile's error) with a message that names the user's function and
        the inputs it was transpiled again for."""
        if not isinstance(e, RemoteError):
            return e
        msg = (f"{self.name or 'the transpiled function'} was transpiled for "
               f"{sigs.describe(self._again[3])}; transpiling it again for the inputs it was "
               f"called with ({sigs.describe(key)}) failed: {e.message}")
        return type(e)(msg, address=e.address, request_id=e.request_id)

    def __call__(self, *args, timeout=None, keep=False, **kwargs):
        target, key = self._route(args, kwargs)
        if target is None:
            request, backend, device = self._again_request(args, kwargs)
            try:
                target = self._client._run(self._client._op_transpile(request, backend, device,
                                                                      timeout))
            except RemoteError as e:
                raise self._again_failed(e, key) from e
            for old in self._keep(key, target):
                old.release()
        return self._client._invoke(target.address, "", args, kwargs, timeout=timeout,
                                    keep=keep, graph_id=target.graph_id)

    def release(self) -> bool:
        variants, self._variants = list(self._variants.values()), OrderedDict()
        for v in variants:
            v.release()
        return self._client.release(self) == 1 if self.graph_id else False

    def save(self, path) -> list[str]:
        """Write the code to ``path`` and a model's weights beside it (``<stem>.npz``)."""
        from pathlib import Path

        path = Path(path)
        path.write_text(self.code)
        written = [str(path)]
        if self.weights:
            wpath = path.with_suffix(".npz")
            np.savez(wpath, **{k.replace("/", "__SLASH__"): np.asarray(v)
                               for k, v in self.weights.items()})
            written.append(str(wpath))
        return written

    def __repr__(self):
        return (f"RemoteTranspiled({self.name!r}: {self.report.get('source')} -> "
                f"{self.report.get('target')}, verified={self.verified}, at {self.address})")


class AsyncRemoteTranspiled(RemoteTranspiled):
    """``RemoteTranspiled`` for AsyncClient: ``await result(*args)``."""

    async def __call__(self, *args, timeout=None, keep=False, **kwargs):
        target, key = self._route(args, kwargs)
        if target is None:
            request, backend, device = self._again_request(args, kwargs)
            try:
                target = await self._client._run(self._client._op_transpile(
                    request, backend, device, timeout))
            except RemoteError as e:
                raise self._again_failed(e, key) from e
            for old in self._keep(key, target):
                await old.release()
        return await self._client._invoke(target.address, "", args, kwargs, timeout=timeout,
                                          keep=keep, graph_id=target.graph_id)

    async def release(self) -> bool:
        variants, self._variants = list(self._variants.values()), OrderedDict()
        for v in variants:
            await v.release()
        return await self._client.release(self) == 1 if self.graph_id else False


def _dims(dims) -> dict:
    """A spec's dimensions: sizes, names (``"B"``: any size, the same wherever the name
    appears; ``"H=32"``: with its example size) or None (any size, its own) → ``shape`` (0
    where the worker chooses the example size) and, when any is named, ``dim_names``."""
    shape, names = [], []
    for d in dims:
        if d is None:
            shape.append(0)
            names.append("*")
        elif isinstance(d, str) and not d.strip().lstrip("-").isdigit():
            name, _, size = d.strip().partition("=")
            if not name.strip().isidentifier():
                raise ValueError(f"dimension {d!r}: a size, a name (B) or a name with an "
                                 "example size (H=32)")
            shape.append(int(size) if size.strip() else 0)
            names.append(name.strip())
        else:
            shape.append(int(d))
            names.append("")
    return {"shape": shape, **({"dim_names": names} if any(names) else {})}


def _spec(s) -> dict:
    """An input spec: ``"float32[2,3]"``, ``{"shape": [2, 3], "dtype": "float32"}`` or
    ``((2, 3), "float32")``; a dimension may be a name or None (see :func:`_dims`)."""
    if isinstance(s, str):
        text = s.strip()
        if "[" not in text or not text.endswith("]"):
            raise ValueError(f"input spec {s!r}: expected dtype[d0,d1,...], e.g. float32[2,3]")
        dtype, dims = text[:-1].split("[", 1)
        return {"dtype": dtype.strip(), **_dims(d for d in dims.split(",") if d.strip())}
    if isinstance(s, dict):
        return {"dtype": str(s.get("dtype", "float32")), **_dims(s["shape"])}
    shape, dtype = s
    return {"dtype": str(dtype), **_dims(shape)}


def _transpile_options(kind, weights, verify, remote_verify, name, graph, keep, dynamic="off"):
    return worker_pb2.TranspileOptions(
        kind=kind or "auto", weights=weights or "separate", skip_verify=not verify,
        name=name or "", no_remote_verify=not remote_verify, no_graph=not graph,
        no_keep=not keep, dynamic=_dynamic(dynamic))


def _dynamic(d) -> str:
    if d in (None, False, "", "off"):
        return "off"
    if d == "auto" or d is True:
        return "auto"
    raise ValueError(f"dynamic={d!r}: \"auto\" or \"off\" (name dimensions in input_specs "
                     "instead: \"float32[B,3]\")")


def _find_address(values) -> str | None:
    for v in values:
        if v.__class__ is np.ndarray:  # the common argument: no isinstance checks
            continue
        if isinstance(v, RemoteHandle):
            return v.address
        if isinstance(v, (list, tuple)):
            a = _find_address(v)
            if a:
                return a
        elif isinstance(v, dict):
            a = _find_address(v.values())
            if a:
                return a
    return None


_LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


def _is_local(address: str) -> bool:
    host = address.rpartition(":")[0]
    return host in _LOCAL_HOSTS or host.startswith("127.")


def _socket_of_pid(path: str, pid: int) -> bool:
    """``path`` is a Unix socket owned by the user running process ``pid`` (as this host's /proc
    sees it: a worker in another pid namespace, e.g. a container, is not matched)."""
    import stat

    try:
        st = os.stat(path)
        return stat.S_ISSOCK(st.st_mode) and st.st_uid == os.stat(f"/proc/{pid}").st_uid
    except OSError:
        return False


def _brief_info(target: str, metadata, timeout: float, full: bool = False):
    """Info(brief) over a short-lived blocking channel: (pid, uds_path) (``full``: the whole
    InfoResponse), or the status code."""
    with grpc.insecure_channel(target) as ch:
        info = ch.unary_unary(_M + "Info", worker_pb2.InfoRequest.SerializeToString,
                              worker_pb2.InfoResponse.FromString)
        try:
            r = info(worker_pb2.InfoRequest(brief=True), timeout=timeout, metadata=metadata)
        except grpc.RpcError as e:
            return e.code()
    return r if full else (r.pid, r.uds_path)


class _Conn:
    """One reused channel to a worker and its method callables.

    For a worker on this host (127.0.0.1, localhost) the channel goes over the Unix domain socket
    the worker reports in Info, once a probe has checked it: Info over TCP gives the worker's pid
    and socket path; the path must be a socket owned by that process's user, and Info over the
    socket must answer with the same pid. Otherwise, or with ``uds=False``, TCP. A worker not
    reachable yet is probed again (at most every 0.5 s) on later calls; a UDS channel that
    answers UNAVAILABLE falls back to TCP for this connection (and is probed again 1 s later).
    """

    def __init__(self, address: str, options, aio: bool = False, uds: bool = False):
        self.address = address
        self.options = options
        self.aio = aio
        self.transport = ""
        self.uds_path = ""
        self.channel = None
        # shared-memory region: None not tried yet, False unavailable, _SHM_PENDING being
        # registered, else a shm.Region
        self.shm = None
        self.shm_retired: list[str] = []  # ids of retired regions the worker still maps
        # the worker answered on this connection (since the last wait for it that timed out):
        # only then does a call failing with UNAVAILABLE wait for it to come back
        self.served = False
        self._old: list = []  # replaced channels (closed with the client)
        # when to probe for the worker's Unix socket (monotonic seconds; 0: settled)
        self.probe_at = 1e-9 if uds and _is_local(address) else 0.0
        self._open(address, "tcp")

    def _open(self, target: str, transport: str) -> None:
        if self.channel is not None:
            self._old.append(self.channel)
        mod = grpc.aio if self.aio else grpc
        self.transport = transport
        self.channel = ch = mod.insecure_channel(target, options=self.options)
        pb = worker_pb2
        self.call = ch.unary_unary(_M + "Call", _ident, _ident)
        self.fetch = ch.unary_unary(_M + "Fetch", pb.FetchRequest.SerializeToString, _ident)
        self.release = ch.unary_unary(_M + "Release", pb.ReleaseRequest.SerializeToString,
                                      pb.ReleaseResponse.FromString)
        self.info = ch.unary_unary(_M + "Info", pb.InfoRequest.SerializeToString,
                                   pb.InfoResponse.FromString)
        self.trace = ch.unary_unary(_M + "Trace", pb.TraceRequest.SerializeToString,
                                    pb.TraceResponse.FromString)
        self.transpile = ch.unary_unary(_M + "Transpile", pb.TranspileRequest.SerializeToString,
                                        pb.TranspileResponse.FromString)
        self.call_stream = ch.stream_stream(_M + "CallStream", _ident, _ident)
        self.register_shm = ch.unary_unary(_M + "RegisterShm",
                                           pb.ShmRegisterRequest.SerializeToString,
                                           pb.ShmRegisterResponse.FromString)

    def probe(self, metadata) -> None:
        """Switch to the worker's Unix socket if it checks out (see the class); blocking, a few
        ms, once per connection."""
        import time

        tcp = _brief_info(self.address, metadata, 2.0)
        if isinstance(tcp, grpc.StatusCode):
            # not up yet: try again on a later call; anything else (an old worker without
            # Info.uds_path, a wrong token): TCP for good
            self.probe_at = (time.monotonic() + 0.5) if tcp in (
                grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED) else 0.0
            return
        self.probe_at = 0.0
        pid, path = tcp
        if not path or not _socket_of_pid(path, pid):
            return
        over_uds = _brief_info("unix:" + path, metadata, 2.0)
        if isinstance(over_uds, tuple) and over_uds[0] == pid:
            self.uds_path = path
            self._open("unix:" + path, "uds")

    def fallback(self) -> None:
        """The Unix socket failed (UNAVAILABLE): TCP from now on, probing again in 1 s."""
        import time

        if self.transport == "uds":
            self._open(self.address, "tcp")
            self.probe_at = time.monotonic() + 1.0

    def channels(self) -> list:
        return [*self._old, self.channel]


def info_dict(r) -> dict:
    return {
        "backend": r.backend, "framework_version": r.framework_version, "device": r.device,
        "ivy_version": r.ivy_version, "max_message_bytes": r.max_message_bytes,
        "code_execution": r.code_execution, "memory_cap_bytes": r.memory_cap_bytes,
        "handles_live": r.handles_live, "handles_bytes": r.handles_bytes, "pid": r.pid,
        "server_kind": r.server_kind, "uds_path": r.uds_path,
        "python_version": r.python_version, "python_executable": r.python_executable,
        "numpy_version": r.numpy_version, "max_stream_bytes": r.max_stream_bytes,
        "memory_limit_bytes": r.memory_limit_bytes, "memory_limit": r.memory_limit,
        "functions": {f.name: {"signature": f.signature, "implemented": f.implemented}
                      for f in r.functions},
    }


class _Rpc:
    """One RPC an operation wants sent: the only thing Client and AsyncClient do differently is
    how they send it (a blocking call or an ``await``)."""

    __slots__ = ("method", "address", "request", "timeout", "metadata", "request_id", "throw")

    def __init__(self, method, address, request, timeout, metadata, request_id=None,
                 throw=False):
        self.method = method
        self.address = address
        self.request = request
        self.timeout = timeout
        self.metadata = metadata
        self.request_id = request_id
        # the operation handles a failure itself: the RemoteError is thrown into the generator
        # (at its ``yield``) instead of ending the operation
        self.throw = throw


class _Base:
    """The client's core, shared by Client and AsyncClient: routing, request building, response
    handling and errors. Each operation is a generator (``_op_*``) that yields the :class:`_Rpc`
    it needs sent and receives the response; ``Client._run`` sends with a blocking call,
    ``AsyncClient._run`` with ``await`` - nothing else differs between the two."""

    _aio = False
    _handle_class = RemoteHandle
    _graph_class = RemoteGraph
    _transpiled_class = RemoteTranspiled

    def __init__(self, workers=None, *, token: str | None = None, max_message_mb: int = 1024,
                 timeout: float | None = None, uds: bool | None = None,
                 shm: bool | None = None, shm_mb: int = 1024, max_stream_mb: int = 8192,
                 retry: bool | None = None, recover_s: float = RECOVER_S,
                 client_id: str | None = None):
        self.workers = config.resolve(workers)
        # retries on UNAVAILABLE (gRPC's, then one wait of up to recover_s for the worker to
        # return): on unless retry=False or IVY_CLIENT_RETRY=0
        self.retry = (os.environ.get("IVY_CLIENT_RETRY", "1").strip().lower() not in
                      ("0", "false", "no", "off", "")) if retry is None else bool(retry)
        self.recover_s = float(recover_s) if self.retry else 0.0
        self._budget = _BUDGET_MAX
        self._budget_at = _monotonic()
        # who this client is to the workers (metadata x-ivy-client-id): each client id has its
        # own random stream there (ivy.seed resets only it). Random per instance by default;
        # keep it secret as you keep the token (a caller with both reaches the stream)
        self.client_id = str(client_id) if client_id else secrets.token_hex(12)
        # Client.call streams requests over the message limit (CallStream), up to this size
        # each way
        self.max_stream_bytes = int(max_stream_mb) * 2**20
        # shared memory with local workers started with --shm: opt-in (shm=True or
        # IVY_CLIENT_SHM=1), Client and AsyncClient alike (_op_call_shm)
        self.shm = (os.environ.get("IVY_CLIENT_SHM", "0").strip().lower() not in
                    ("0", "false", "no", "off", "")) if shm is None else bool(shm)
        self.shm_bytes = int(shm_mb) * 2**20
        # use a local worker's Unix domain socket: opt-in (uds=True or IVY_CLIENT_UDS=1), since
        # TCP loopback measured as fast for tiny calls and faster for large arrays (docs/rpc.md)
        self.uds = (os.environ.get("IVY_CLIENT_UDS", "0").strip().lower() not in
                    ("0", "false", "no", "off", "")) if uds is None else bool(uds)
        # default: IVY_AUTH_TOKEN, else the token file ivy-serve writes (ivy_client.token_file)
        self.token = token if token is not None else token_file.default_token()
        self.max_message_bytes = min(int(max_message_mb), 2047) * 2**20
        self.timeout = timeout
        # round_robin: a target that resolves to several addresses (a k8s headless Service through
        # dns:///...) spreads calls over all of them instead of pinning one (gRPC's pick_first).
        self._options = [("grpc.max_send_message_length", self.max_message_bytes),
                         ("grpc.max_receive_message_length", self.max_message_bytes),
                         ("grpc.lb_policy_name", "round_robin"), *_RECONNECT_OPTIONS]
        if self.retry:
            self._options += [("grpc.enable_retries", 1),
                              ("grpc.service_config", json.dumps(SERVICE_CONFIG))]
        else:
            self._options.append(("grpc.enable_retries", 0))
        self._routes: dict[tuple[str, str], list[str]] = {}
        self._names: dict[str, str] = {}  # address -> "backend@device" (for error messages)
        for w in self.workers:
            self._routes.setdefault((w.backend, w.device), []).append(w.address)
            self._names.setdefault(w.address, f"{w.backend}@{w.device}")
        self._rr = {k: itertools.cycle(v) for k, v in self._routes.items()}
        self._specs: dict[tuple[str, str], list] = {}  # (backend, device) -> its WorkerSpecs
        for w in self.workers:
            self._specs.setdefault((w.backend, w.device), []).append(w)
        self._learned: dict[str, str] = {}  # address -> framework version Info reported
        self._rr_raw: dict = {}  # (backend, device) as given -> the cycle (skips normalising)
        self._conns: dict[str, _Conn] = {}
        self._lock = threading.Lock()
        self._auth_md = (("authorization", "Bearer " + self.token),) if self.token else ()
        self._metadata = self._auth_md + ((CLIENT_ID_KEY, self.client_id),)

    # -- routing --------------------------------------------------------------------------------
    def address_for(self, backend: str | None = None, device: str | None = None) -> str:
        """The next worker address for (backend, device), round-robin over duplicates."""
        key = (backend, device)
        it = self._rr_raw.get(key)
        if it is not None:
            return next(it)
        backend, version = config.split_backend(backend)
        if not backend:
            if not self.workers:
                raise NoWorker("no workers are configured (workers.toml, IVY_WORKERS)")
            backend = self.workers[0].backend
        dev = config.normalize_device(device)
        specs = self._specs.get((backend, dev), ())
        # versions matter when asked for, or when the workers of (backend, device) declare
        # different ones or run in different interpreters (workers.toml python/env): then the
        # newest is the default, learned from Info where workers.toml does not say
        if version is not None or len(specs) > 1 and (
                len({w.version for w in specs}) > 1 or len({(w.python, w.env)
                                                            for w in specs}) > 1):
            it = self._version_cycle(backend, dev, version)
        else:
            it = self._rr.get((backend, dev))
        if it is not None:
            self._rr_raw[key] = it
        else:
            have = ", ".join(f"{b}@{d} ({', '.join(a)})" for (b, d), a in self._routes.items())
            raise NoWorker(f"no worker for backend {backend!r} on device {dev!r}; configured: "
                           f"{have or 'none'} (see workers.toml or IVY_WORKERS)")
        return next(it)

    def _version_of(self, w) -> str:
        """A worker's framework version: its spec's ``version``, else what its Info reports
        (asked once, over a short-lived blocking channel; "" when it does not answer)."""
        if w.version:
            return w.version
        v = self._learned.get(w.address)
        if v is None:
            r = _brief_info(w.address, self._metadata, 5.0, full=True)
            v = "" if isinstance(r, grpc.StatusCode) else r.framework_version
            if v:
                self._learned[w.address] = v
        return v

    def _version_cycle(self, backend: str, dev: str, version: str | None):
        """The round-robin over the (backend, dev) workers running ``version`` (a release prefix:
        "1.23" matches 1.23.5), or the newest version configured when ``version`` is None."""
        specs = self._specs.get((backend, dev), ())
        if not specs:
            return None
        have = [(self._version_of(w), w.address) for w in specs]
        if version is not None:
            picked = [a for v, a in have if config.version_matches(version, v)]
            if not picked:
                raise NoWorker(
                    f"no worker for backend {backend!r} version {version!r} on device {dev!r}; "
                    f"configured versions: {', '.join(sorted({v or '?' for v, _ in have}))}")
        elif len({v for v, _ in have if v}) < 2:  # one version (or none known): all of them
            picked = [a for _, a in have]
        else:
            newest = max((v for v, _ in have if v), key=config.version_key)
            picked = [a for v, a in have if v == newest]
        return itertools.cycle(picked)

    def _conn(self, address: str) -> _Conn:
        c = self._conns.get(address)
        if c is None or c.probe_at:
            with self._lock:
                c = self._conns.get(address)
                if c is None:
                    c = self._conns[address] = _Conn(address, self._options, self._aio,
                                                     self.uds)
                if c.probe_at:
                    import time

                    if time.monotonic() >= c.probe_at:
                        c.probe(self._metadata)
        return c

    def transport(self, backend: str | None = None, device: str | None = None, *,
                  address: str | None = None) -> str:
        """How this client reaches the worker for (backend, device) or ``address``: ``"uds"``
        (its Unix domain socket) or ``"tcp"`` (connecting first if need be)."""
        return self._conn(address or self.address_for(backend, device)).transport

    def _md(self, request_id):
        """A call's metadata: the token, the client id (``acting_for``'s, else the client's)
        and the request id if given."""
        who = _ACTING_FOR.get()
        md = self._metadata if who is None else self._auth_md + ((CLIENT_ID_KEY, who),)
        if request_id is None:
            return md
        return md + (("x-request-id", str(request_id)),)

    def _uds_failed(self, e: grpc.RpcError, conn: _Conn) -> bool:
        """A call over a worker's Unix socket answered UNAVAILABLE (the socket is gone, the
        worker restarted): the connection falls back to TCP and the caller retries once there
        (a call that could not connect was never sent)."""
        if conn.transport != "uds":
            return False
        try:
            if e.code() != grpc.StatusCode.UNAVAILABLE:
                return False
        except Exception:  # noqa: BLE001
            return False
        with self._lock:
            conn.fallback()
        return True

    def _recovery(self, e: grpc.RpcError, rpc: _Rpc, conn: _Conn, deadline) -> float:
        """Seconds to wait for the worker to come back before sending ``rpc`` again (0: do not).

        Only a retried method (``RETRIED_METHODS``) failing with UNAVAILABLE (after gRPC's own
        retries) on a connection that had been answered: the worker died or is restarting. A
        worker never reached fails at once, as before. The wait ends at the call's deadline,
        and the client's budget bounds how many calls are sent again (a call that kills its
        worker is sent at most once more by this path)."""
        if not self.recover_s or not conn.served or rpc.method not in _RETRIED:
            return 0.0
        try:
            if e.code() != grpc.StatusCode.UNAVAILABLE:
                return 0.0
        except Exception:  # noqa: BLE001
            return 0.0
        now = _monotonic()
        wait = self.recover_s if deadline is None else min(self.recover_s, deadline - now)
        if wait <= 0.05:
            return 0.0
        with self._lock:
            self._budget = min(_BUDGET_MAX, self._budget + (now - self._budget_at) * _BUDGET_RATE)
            self._budget_at = now
            if self._budget < 1.0:
                return 0.0
            self._budget -= 1.0
        return wait

    def _not_back(self, first: grpc.RpcError, again: grpc.RpcError, rpc: _Rpc, conn: _Conn,
                  wait: float, deadline):
        """The error for a call sent again that failed again: anything but UNAVAILABLE or
        DEADLINE_EXCEEDED is the worker's answer; otherwise the first failure (UNAVAILABLE),
        saying that the worker was waited for. A wait that ran its full ``recover_s`` (not cut
        by the call's deadline) marks the connection down: calls to it fail at once, without
        waiting, until it answers again."""
        try:
            code = again.code()
        except Exception:  # noqa: BLE001
            code = None
        if code not in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNAVAILABLE):
            return self._error(again, rpc)
        if code == grpc.StatusCode.DEADLINE_EXCEEDED:
            cut = deadline is not None and _monotonic() >= deadline - 0.01
            if not cut:
                conn.served = False
            note = (f" (waited {wait:.1f} s for the worker to come back"
                    + (": the call's deadline" if cut else "") + ")")
        else:
            note = " (sent again once it answered: unavailable again)"
        err = self._error(first, rpc)
        err.message = (err.message or "") + note
        err.args = (err.message,)
        return err

    def _error(self, e: grpc.RpcError, rpc: _Rpc, conn: _Conn | None = None):
        rid = rpc.request_id
        if rid is None:
            try:
                for k, v in e.trailing_metadata() or ():
                    if k == "x-request-id":
                        rid = v
            except Exception:
                pass
        return from_rpc_error(e, rpc.address, rid, worker=self._names.get(rpc.address))

    # -- encoding -------------------------------------------------------------------------------
    def _request(self, function: str, args, kwargs, keep: bool, graph_id: str = "",
                 encoded=None) -> bytes:
        if encoded is not None:  # (payload, buffers) already encoded by the shared-memory path
            payload, buffers = encoded
        else:
            buffers: list = []
            payload = codec.encode([list(args), kwargs], buffers=buffers) if (args or kwargs) \
                else b""
        size = len(payload) + sum(b.nbytes for b in buffers) if buffers else len(payload)
        if size > self.max_message_bytes:
            raise _TooLarge(
                f"the request is {size / 2**20:.1f} MiB, over the per-message limit of "
                f"{self.max_message_bytes / 2**20:.0f} MiB: create the client with "
                "Client(max_message_mb=N) and start the worker with --max-message-mb N (at most "
                "2047), or keep large arrays on the worker (keep=True) and pass handles",
                (function, payload, keep, buffers, graph_id))
        return wire.frame_call_request(function, payload, keep, buffers, graph_id)

    def _result(self, response: bytes, address: str):
        payload, buffers = wire.parse_call_response(response)
        if not len(payload):
            return None
        cls = self._handle_class
        return codec.decode(payload, buffers=buffers,
                            handle_hook=lambda r: cls(r, address, self))

    def _route(self, backend, device, args, kwargs) -> str:
        address = _find_address(args) or (_find_address(kwargs.values()) if kwargs else None)
        if address is not None:
            return address
        return self.address_for(backend, device)

    # -- operations: generators yielding the RPCs to send ---------------------------------------
    def _op_call(self, function, args, kwargs, backend, device, timeout, keep, request_id):
        address = self._route(backend, device, args, kwargs)
        return (yield from self._op_invoke(address, function, args, kwargs, timeout, keep, "",
                                           request_id))

    def _op_invoke(self, address, function, args, kwargs, timeout, keep, graph_id, request_id):
        request = self._request(function, args, kwargs, keep, graph_id)
        response = yield _Rpc("call", address, request, timeout or self.timeout,
                              self._md(request_id), request_id)
        return self._result(response, address)

    def _op_fetch(self, handle: RemoteHandle, timeout):
        response = yield _Rpc("fetch", handle.address, worker_pb2.FetchRequest(handle=handle.id),
                              timeout or self.timeout, self._metadata)
        return self._result(response, handle.address)

    def _op_release(self, items, address):
        by_address: dict[str, list[str]] = {}
        for h in items:
            if isinstance(h, (RemoteHandle, RemoteGraph, RemoteTranspiled)):
                a, hid = h.address, h.id
            elif isinstance(h, str):
                a, hid = address, h
                if a is None:
                    raise ValueError(f"release({h!r}): a plain id needs address='host:port' (the "
                                     "worker holding it); handles and graphs know theirs")
            else:
                raise TypeError(f"release() takes RemoteHandle, RemoteGraph or str ids, not "
                                f"{type(h).__name__}")
            by_address.setdefault(a, []).append(hid)
        n = 0
        for a, ids in by_address.items():
            r = yield _Rpc("release", a, worker_pb2.ReleaseRequest(handles=ids), self.timeout,
                           self._metadata)
            n += r.released
        return n

    def _op_info(self, backend, device, address, brief=False, timeout=None):
        address = address or self.address_for(backend, device)
        r = yield _Rpc("info", address, worker_pb2.InfoRequest(brief=brief),
                       timeout or self.timeout or 30, self._metadata)
        return info_dict(r)

    def _op_trace(self, fn_source, entry, example_args, example_kwargs, backend, device, timeout):
        address = self.address_for(backend, device)
        buffers: list = []
        args = codec.encode([list(example_args), example_kwargs], buffers=buffers)
        req = worker_pb2.TraceRequest(source=fn_source, entry=entry, args=args,
                                      buffers=[bytes(b) for b in buffers])
        r = yield _Rpc("trace", address, req, timeout or self.timeout, self._metadata)
        output = codec.decode(r.output, buffers=list(r.buffers)) if r.output else None
        return self._graph_class(self, address, r.graph_id, codec.decode(r.graph), output)

    def _op_transpile(self, request, backend, device, timeout, signature=None):
        """``signature`` (of the example inputs): the result transpiles again for others."""
        address = self.address_for(backend, device)
        r = yield _Rpc("transpile", address, request, timeout or self.timeout, self._metadata)
        again = None
        if signature is not None:
            base = worker_pb2.TranspileRequest()
            base.CopyFrom(request)
            for f in ("args", "buffers", "input_specs"):
                base.ClearField(f)
            again = (base, backend, device, signature)
        return self._transpiled_class(self, address, r, again)

    def _transpile_request(self, example_args, example_kwargs, input_specs, **fields):
        buffers: list = []
        args = b""
        if example_args or example_kwargs:
            if input_specs:
                raise ValueError("give example inputs either as arguments or as input_specs")
            args = codec.encode([list(example_args), example_kwargs], buffers=buffers)
        specs = [worker_pb2.TensorSpec(**_spec(s)) for s in (input_specs or ())]
        return worker_pb2.TranspileRequest(args=args, buffers=[bytes(b) for b in buffers],
                                           input_specs=specs, **fields)

    def _op_upload_graph(self, graph, backend, device, timeout):
        address = self.address_for(backend, device)
        d = graph.to_dict() if hasattr(graph, "to_dict") else graph
        if not isinstance(d, dict):
            raise TypeError(f"upload_graph takes an ivy.Graph or its to_dict(), not "
                            f"{type(graph).__name__}")
        req = worker_pb2.TraceRequest(graph=codec.encode(d))
        r = yield _Rpc("trace", address, req, timeout or self.timeout, self._metadata)
        return self._graph_class(self, address, r.graph_id, d, None)

    # -- shared memory (docs/rpc.md): one region per connection, one call at a time in it --------
    def _op_region(self, conn: _Conn):
        """The connection's registered shared-memory region, registering one on first use (after
        releasing the regions it retired); None where the worker is not on this host, does not
        accept regions, or a registration is under way (calls then use the message)."""
        with self._lock:
            if conn.shm is not None:
                return conn.shm or None
            if not _is_local(conn.address):
                conn.shm = False
                return None
            conn.shm = _SHM_PENDING
            retired, conn.shm_retired = conn.shm_retired, []
        state = None  # None: try again on a later call
        region = None
        try:
            if retired:
                try:
                    yield _Rpc("release", conn.address, worker_pb2.ReleaseRequest(handles=retired),
                               10, self._metadata, throw=True)
                except RemoteError:
                    pass  # the worker also unmaps them when this process exits
                retired = []
            region = shm_mod.Region(self.shm_bytes)
            try:
                r = yield _Rpc("register_shm", conn.address, worker_pb2.ShmRegisterRequest(
                    pid=os.getpid(), fd=region.fd, size=region.size), 10, self._metadata,
                    throw=True)
            except RemoteError as e:
                # an old worker, no --shm, another pid namespace: the message from now on; a
                # worker not reachable: try again later
                if e.code not in ("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED"):
                    state = False
                return None
            region.id = r.region_id
            state, region = region, None
            return state
        finally:
            if region is not None:
                region.close()
            with self._lock:
                conn.shm = state
                conn.shm_retired += retired  # not released yet (interrupted): next time

    def _retire_region(self, conn: _Conn, region, release: bool) -> None:
        """Stop using ``region`` (the caller holds its lock): the next large call registers a
        new one, first releasing this one on the worker when ``release``."""
        with self._lock:
            if conn.shm is region:
                conn.shm = None
            if release and region.id:
                conn.shm_retired.append(region.id)
        region.close()

    @staticmethod
    def _shm_encode(args, kwargs):
        """(payload, buffers, whether the out-of-band arrays are large enough for shared
        memory); the message path reuses the encoding when they are not."""
        buffers: list = []
        payload = codec.encode([list(args), kwargs], buffers=buffers,
                               threshold=shm_mod.ARRAY_BYTES) if (args or kwargs) else b""
        return payload, buffers, bool(buffers) and sum(
            b.nbytes for b in buffers) >= shm_mod.MIN_BYTES

    def _op_call_shm(self, address, function, payload, buffers, timeout, request_id):
        """A call whose out-of-band arrays total at least ``shm.MIN_BYTES``, through the
        connection's shared-memory region; ``_NO_SHM`` when it goes in the message instead
        (small, worker not local or without --shm, the region busy with another call or too
        small, the worker restarted and forgot the region).

        One call at a time uses a region (its lock, only ever tried, never waited for: from
        threads or asyncio tasks alike a concurrent call goes through the message). A call that
        ends without the worker's answer (deadline, cancellation - an asyncio task cancelled
        included - or a dropped connection) may leave the worker still reading or writing the
        region: the region is retired, never reused, and released on the worker later.
        ``payload``, ``buffers``: the arguments as ``_shm_encode`` made them."""
        conn = self._conn(address)
        region = conn.shm
        if region is None:
            region = yield from self._op_region(conn)
        if not region or not region.lock.acquire(blocking=False):
            return _NO_SHM
        retire = release = False
        try:
            if region.array is None:  # retired by a concurrent call
                return _NO_SHM
            placed = region.put(buffers)
            if placed is None:  # too large for the region
                return _NO_SHM
            ranges, free = placed
            import msgpack

            request = wire.frame_call_request(
                function, payload, False, (),
                shm=msgpack.packb([region.id, ranges, [free, region.size - free]]))
            retire = release = True  # until the worker answers, it may use the region
            try:
                response = yield _Rpc("call", address, request, timeout or self.timeout,
                                      self._md(request_id), request_id, throw=True)
            except RemoteError as err:
                if err.message.startswith("no shared-memory region") or \
                        "shared memory is off on this worker" in err.message:
                    # the worker restarted (region unknown, or --shm gone): register again on
                    # a later call; this one goes in the message
                    release = False
                    return _NO_SHM
                if err.code in _SHM_ANSWERED:
                    retire = False
                raise
            retire = False
            payload, rbuf, rshm = wire.parse_call_response_shm(response)
            if len(rshm):  # copied out before another call may use the region
                rbuf = rbuf + region.take(rshm)
        finally:
            if retire:
                self._retire_region(conn, region, release)
            region.lock.release()
        if not len(payload):
            return None
        cls = self._handle_class
        return codec.decode(payload, buffers=rbuf, handle_hook=lambda r: cls(r, address, self))

    def _shm_release_requests(self):
        """(connection, ReleaseRequest) for the regions to free on closing the client (the
        connection's regions are closed here)."""
        out = []
        for c in self._conns.values():
            ids = list(c.shm_retired)
            c.shm_retired.clear()
            if c.shm:
                ids.append(c.shm.id)
                c.shm.close()
            c.shm = False
            if ids:
                out.append((c, worker_pb2.ReleaseRequest(handles=ids)))
        return out

    # -- the public API (Client returns values, AsyncClient awaitables of the same values) ------
    def call(self, function: str, *args, backend: str | None = None, device: str | None = None,
             timeout: float | None = None, keep: bool = False, request_id: str | None = None,
             fn_kwargs: dict | None = None, version: str | None = None, **kwargs):
        """Call ``ivy.<function>(*args, **kwargs)`` on the worker for (backend, device).

        ``backend="numpy==1.23"`` (or ``version="1.23"``) picks a worker running that framework
        version (a release prefix); without one, the newest configured version is used.

        Returns NumPy arrays (read-only; views of the received bytes, small ones copied where a
        view would not be aligned), or the nested structure the function returns; with
        ``keep=True`` arrays stay on the worker as :class:`RemoteHandle`.
        ``fn_kwargs`` passes keyword arguments whose names clash with this method's own.
        """
        if fn_kwargs:
            kwargs = {**kwargs, **fn_kwargs}
        if version is not None:
            backend = f"{backend or ''}=={version}"
        return self._run(self._op_call(function, args, kwargs, backend, device, timeout, keep,
                                       request_id))

    def _invoke(self, address, function, args, kwargs, *, timeout=None, keep=False,
                graph_id="", request_id=None):
        return self._run(self._op_invoke(address, function, args, kwargs, timeout, keep,
                                         graph_id, request_id))

    def fetch(self, handle: RemoteHandle, timeout=None):
        """The value of a remote handle."""
        return self._run(self._op_fetch(handle, timeout))

    def release(self, *items, address: str | None = None) -> int:
        """Release handles, graphs and/or plain ids (these need ``address=``); one RPC per
        worker. Returns how many were known to their worker (unknown ids count 0)."""
        return self._run(self._op_release(items, address))

    def info(self, backend: str | None = None, device: str | None = None, *,
             address: str | None = None, brief: bool = False,
             timeout: float | None = None, version: str | None = None) -> dict:
        """Backend, framework version, device, limits, pid and the functions (name ->
        signature; left out with ``brief=True``) of the worker for (backend, device), or of the
        one at ``address``; ``version`` (or ``backend="numpy==1.23"``) as in :meth:`call`."""
        if version is not None:
            backend = f"{backend or ''}=={version}"
        return self._run(self._op_info(backend, device, address, brief, timeout))

    def trace(self, fn_source: str, entry: str, *example_args, backend: str | None = None,
              device: str | None = None, timeout: float | None = None, **example_kwargs):
        """Trace ``entry`` of ``fn_source`` on a worker (runs in its sandbox; needs a worker
        started with --allow-code-execution and the token). Returns a callable RemoteGraph."""
        return self._run(self._op_trace(fn_source, entry, example_args, example_kwargs, backend,
                                        device, timeout))

    def transpile(self, source_text: str, entry: str, *example_args, source: str = "torch",
                  target: str = "jax", input_specs=None, kind: str = "auto",
                  weights: str = "separate", verify: bool = True, remote_verify: bool = True,
                  name: str | None = None, graph: bool = True, keep: bool = True,
                  backend: str | None = None, device: str | None = None,
                  timeout: float | None = None, dynamic: str = "off", **example_kwargs):
        """Transpile ``entry`` of ``source_text`` from ``source`` to ``target`` on the worker of
        the source framework (``backend`` overrides; the code runs in its sandbox: the worker
        needs --allow-code-execution and the token). Example inputs: ``example_args`` /
        ``example_kwargs`` (NumPy), or ``input_specs`` (``["float32[2,3]", ...]``: the worker
        makes them; ``"float32[B,3,H=32]"`` names symbolic dimensions). ``dynamic="auto"``:
        every input dimension the program does not pin takes any size (docs/transpiler.md,
        "Symbolic sizes"). Returns a :class:`RemoteTranspiled` (code, weights, report, svg;
        callable). A conversion that cannot be shown correct raises ``InvalidArgument`` naming
        the operation and the line."""
        request = self._transpile_request(
            example_args, example_kwargs, input_specs, code=source_text, entry=entry,
            source=source, target=target,
            options=_transpile_options(kind, weights, verify, remote_verify, name, graph, keep,
                                       dynamic))
        specs = [_spec(s) for s in input_specs] if input_specs else []
        try:
            if _dynamic(dynamic) == "auto" or any("dim_names" in s for s in specs):
                raise sigs.Unknown  # the kept graph checks the sizes it takes itself
            signature = sigs.of_specs(specs) if specs else \
                sigs.of_call(example_args, example_kwargs)
            hash(signature)
        except (sigs.Unknown, TypeError):
            signature = None  # calls go to the kept graph as they are
        return self._run(self._op_transpile(request, backend or source, device, timeout,
                                            signature))

    def transpile_graph(self, graph, *example_args, target: str = "jax", input_specs=None,
                        verify: bool = True, name: str | None = None, keep: bool = True,
                        backend: str | None = None, device: str | None = None,
                        timeout: float | None = None, **example_kwargs):
        """Emit ``target`` code from an Ivy graph traced here (``ivy.trace_graph(fn, *args)`` or
        its ``to_dict()``): data, so no code of yours runs on the worker and any worker does it
        (by default the target framework's, else the first configured). With example inputs the
        emitted code is verified on the target framework's worker when it runs code."""
        d = graph.to_dict() if hasattr(graph, "to_dict") else graph
        if not isinstance(d, dict):
            raise TypeError(f"transpile_graph takes an ivy.Graph or its to_dict(), not "
                            f"{type(graph).__name__}")
        if backend is None:
            backend = target if any(w.backend == target for w in self.workers) else None
        request = self._transpile_request(
            example_args, example_kwargs, input_specs, graph=codec.encode(d), source="ivy",
            target=target,
            options=_transpile_options("function", "none", verify, True, name, True, keep))
        return self._run(self._op_transpile(request, backend, device, timeout))

    def upload_graph(self, graph, *, backend: str | None = None, device: str | None = None,
                     timeout: float | None = None):
        """Keep a graph traced on this machine (``ivy.trace_graph(fn, *args)``, or its
        ``to_dict()``) on a worker and return a callable RemoteGraph. The worker validates it as
        data and runs no submitted code, so this works on any worker, code execution off."""
        return self._run(self._op_upload_graph(graph, backend, device, timeout))


class Client(_Base):
    """A reusable connection set to the workers; also a context manager.

    ``workers``: specs, dicts, ``"backend[@device]=host:port,..."`` or a ``.toml`` path (default:
    ``IVY_WORKERS``, ``./workers.toml``, else one CPU worker per installed framework, as
    ``ivy-serve``). ``token``: bearer token (default ``IVY_AUTH_TOKEN``, else the token file that
    ``ivy-serve`` writes, ``~/.config/ivy/token``: ``ivy_client.token_file``).
    """

    def call(self, function: str, *args, backend: str | None = None, device: str | None = None,
             timeout: float | None = None, keep: bool = False, request_id: str | None = None,
             fn_kwargs: dict | None = None, version: str | None = None, **kwargs):
        """Call ``ivy.<function>(*args, **kwargs)`` on the worker for (backend, device).

        ``backend="numpy==1.23"`` (or ``version="1.23"``) picks a worker running that framework
        version (a release prefix); without one, the newest configured version is used.

        Returns NumPy arrays (read-only; views of the received bytes, small ones copied where a
        view would not be aligned), or the nested structure the function returns; with
        ``keep=True`` arrays stay on the worker as :class:`RemoteHandle`.
        ``fn_kwargs`` passes keyword arguments whose names clash with this method's own.
        """
        # the steps of _op_call, inline: the generator round trip costs ~2 us on a ~25 us path
        if fn_kwargs:
            kwargs = {**kwargs, **fn_kwargs}
        if version is not None:
            backend = f"{backend or ''}=={version}"
        encoded = request = None
        fast = None if keep else codec._fast
        if fast is not None and not self.shm:
            # the C encoder and framer straight away (the bytes _request's codec.encode and
            # wire.frame_call_request make); a request it defers (no arguments, something only
            # the Python codec takes, over the message limit) goes through _request (its
            # out-of-band buffers, limits and errors)
            request = fast.encode_request(function, args, kwargs, codec.FAST_INLINE,
                                          self.max_message_bytes)
        if request is not None:
            # it takes plain values only (a RemoteHandle anywhere makes it defer), so there is
            # no handle to route by: address_for's common case, inline (a frame costs ~1-2 us
            # between real calls: docs/rpc.md, "Cold code")
            it = self._rr_raw.get((backend, device))
            address = next(it) if it is not None else self.address_for(backend, device)
        else:
            # _route, inline
            address = _find_address(args) or (
                _find_address(kwargs.values()) if kwargs else None) or \
                self.address_for(backend, device)
            if self.shm and not keep:
                payload, buffers, big = self._shm_encode(args, kwargs)
                if big:
                    result = self._run(self._op_call_shm(address, function, payload, buffers,
                                                         timeout, request_id))
                    if result is not _NO_SHM:
                        return result
                encoded = payload, buffers
            try:
                request = self._request(function, args, kwargs, keep, encoded=encoded)
            except _TooLarge as e:
                if not self.max_stream_bytes:
                    raise ResourceExhausted(e.message) from None
                return self._call_stream(address, wire.call_request_parts(*e.parts), timeout,
                                         request_id)
        md = self._md(request_id)
        conn = self._conns.get(address)  # _conn's common case, inline
        if conn is None or conn.probe_at:
            conn = self._conn(address)
        timeout = timeout or self.timeout
        deadline = None if timeout is None else _monotonic() + timeout
        try:
            response = conn.call(request, timeout=timeout, metadata=md)
            conn.served = True
        except grpc.RpcError as e:
            rpc = _Rpc("call", address, request, timeout, md, request_id)
            wait = self._recovery(e, rpc, conn, deadline)
            if wait:
                response = self._wait_and_send(e, rpc, conn, wait, deadline)
            elif not self._uds_failed(e, conn):
                err = self._error(e, rpc)
                if not keep and isinstance(err, ResourceExhausted) and self.max_stream_bytes and (
                        (err.message.startswith("the result is")
                         and "per-message limit" in err.message)
                        or "larger than max" in (e.details() or "")):
                    # the request or the result did not fit one message (the worker's limit,
                    # or this client's for the result): call again, streaming both ways (not
                    # with keep=True: a kept result over the limit stays a refusal that keeps
                    # nothing)
                    return self._call_stream(address, [request], timeout, request_id)
                raise err from None
            else:
                response = self._send_again(rpc)
        if fast is not None:
            # what _result runs first (the C framing and decoding), in one C call; anything else
            # (out-of-band arrays, handles, shared memory, a deferred document): _result
            value = fast.response_value(response, wire.MAX_FIELDS, codec.MAX_DEPTH,
                                        codec.MAX_ITEMS, codec.MAX_BYTES)
            if value is not NotImplemented:
                return value
        return self._result(response, address)

    def _call_stream(self, address, framed, timeout, request_id):
        """Client.call for a request or result over the per-message limit: CallStream, the
        framed request (``framed``: its pieces) in chunks (each piece copied once, into its
        chunk; gRPC's flow control paces them) and the response gathered from chunks into one
        buffer."""
        size = sum(p.nbytes if isinstance(p, memoryview) else len(p) for p in framed)
        if size > self.max_stream_bytes:
            raise ResourceExhausted(
                f"the request is {size / 2**20:.1f} MiB, over this client's streaming limit of "
                f"{self.max_stream_bytes / 2**20:.0f} MiB (Client(max_stream_mb=N))")
        md = self._md(request_id)
        conn = self._conn(address)
        rpc = _Rpc("call_stream", address, None, timeout or self.timeout, md, request_id)
        try:
            responses = conn.call_stream(wire.chunks(framed), timeout=timeout or self.timeout,
                                         metadata=md)
            response = wire.gather(responses, self.max_stream_bytes)
        except grpc.RpcError as e:
            raise self._error(e, rpc) from None
        # read-only, as every other path's arrays (the gathered buffer is a bytearray)
        return self._result(memoryview(response).toreadonly(), address)

    def _region(self, conn: _Conn):
        """The connection's shared-memory region (registered on first use), or None."""
        return self._run(self._op_region(conn))

    def _send_again(self, rpc: _Rpc):
        """Send ``rpc`` once more (after a fallback from the Unix socket to TCP)."""
        try:
            return getattr(self._conn(rpc.address), rpc.method)(
                rpc.request, timeout=rpc.timeout, metadata=rpc.metadata)
        except grpc.RpcError as e:
            raise self._error(e, rpc) from None

    def _wait_and_send(self, first: grpc.RpcError, rpc: _Rpc, conn: _Conn, wait: float,
                       deadline):
        """Send ``rpc`` again once its worker is back (wait_for_ready, at most ``wait`` s)."""
        if conn.transport == "uds":
            with self._lock:
                conn.fallback()  # the restarted worker's socket is checked again later
        end = _monotonic() + wait
        for attempt in range(_RESENDS):
            conn = self._conn(rpc.address)
            try:
                response = getattr(conn, rpc.method)(
                    rpc.request, timeout=max(0.01, end - _monotonic()), metadata=rpc.metadata,
                    wait_for_ready=True)
            except grpc.RpcError as again:
                if not _again(again, attempt, end):
                    raise self._not_back(first, again, rpc, conn, wait, deadline) from None
                time.sleep(_RESEND_PAUSE_S * 2 ** attempt)
                continue
            conn.served = True
            return response

    def _run(self, op):
        """Drive an operation, sending each RPC it yields with a blocking call."""
        try:
            rpc = next(op)
            while True:
                conn = self._conn(rpc.address)
                deadline = None if rpc.timeout is None else _monotonic() + rpc.timeout
                try:
                    response = getattr(conn, rpc.method)(
                        rpc.request, timeout=rpc.timeout, metadata=rpc.metadata)
                    conn.served = True
                except grpc.RpcError as e:
                    try:
                        wait = self._recovery(e, rpc, conn, deadline)
                        if wait:
                            response = self._wait_and_send(e, rpc, conn, wait, deadline)
                        elif not self._uds_failed(e, conn):
                            raise self._error(e, rpc) from None
                        else:
                            response = self._send_again(rpc)
                    except RemoteError as err:
                        if not rpc.throw:
                            raise
                        rpc = op.throw(err)
                        continue
                rpc = op.send(response)
        except StopIteration as done:
            return done.value
        finally:
            op.close()  # interrupted (KeyboardInterrupt): the operation's cleanup runs now

    def close(self) -> None:
        with self._lock:
            # unmap regions on the worker (it also does when this process exits)
            for c, request in self._shm_release_requests():
                try:
                    c.release(request, timeout=2, metadata=self._metadata)
                except grpc.RpcError:
                    pass
            for c in self._conns.values():
                for ch in c.channels():
                    ch.close()
            self._conns.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class AsyncClient(_Base):
    """``Client`` for asyncio: the same methods, as coroutines
    (``await client.call("add", a, b, backend="torch")``); handles and graphs it returns have
    async ``fetch``/``release``/``__call__``."""

    _aio = True
    _handle_class = AsyncRemoteHandle
    _graph_class = AsyncRemoteGraph
    _transpiled_class = AsyncRemoteTranspiled

    async def _run(self, op):
        """Drive an operation, sending each RPC it yields with ``await``."""
        try:
            rpc = next(op)
            while True:
                conn = self._conn(rpc.address)
                deadline = None if rpc.timeout is None else _monotonic() + rpc.timeout
                try:
                    response = await getattr(conn, rpc.method)(
                        rpc.request, timeout=rpc.timeout, metadata=rpc.metadata)
                    conn.served = True
                except grpc.RpcError as e:
                    try:
                        wait = self._recovery(e, rpc, conn, deadline)
                        if wait:  # again once the worker is back (Client._wait_and_send)
                            if conn.transport == "uds":
                                conn.fallback()
                            end = _monotonic() + wait
                            for attempt in range(_RESENDS):
                                conn = self._conn(rpc.address)
                                try:
                                    response = await getattr(conn, rpc.method)(
                                        rpc.request, timeout=max(0.01, end - _monotonic()),
                                        metadata=rpc.metadata, wait_for_ready=True)
                                except grpc.RpcError as again:
                                    if not _again(again, attempt, end):
                                        raise self._not_back(e, again, rpc, conn, wait,
                                                             deadline) from None
                                    await asyncio.sleep(_RESEND_PAUSE_S * 2 ** attempt)
                                    continue
                                break
                            conn.served = True
                        elif not self._uds_failed(e, conn):
                            raise self._error(e, rpc) from None
                        else:
                            try:  # once more, over TCP
                                response = await getattr(self._conn(rpc.address), rpc.method)(
                                    rpc.request, timeout=rpc.timeout, metadata=rpc.metadata)
                            except grpc.RpcError as e2:
                                raise self._error(e2, rpc) from None
                    except RemoteError as err:
                        if not rpc.throw:
                            raise
                        rpc = op.throw(err)
                        continue
                rpc = op.send(response)
        except StopIteration as done:
            return done.value
        finally:
            op.close()  # cancelled (the task, a timeout): the operation's cleanup runs now

    async def call(self, function: str, *args, backend: str | None = None,
                   device: str | None = None, timeout: float | None = None, keep: bool = False,
                   request_id: str | None = None, fn_kwargs: dict | None = None,
                   version: str | None = None, **kwargs):
        """``Client.call`` as a coroutine: large arrays through shared memory
        (``AsyncClient(shm=True)``) and requests or results over the per-message limit through
        ``CallStream``, as ``Client.call`` does."""
        if fn_kwargs:
            kwargs = {**kwargs, **fn_kwargs}
        if version is not None:
            backend = f"{backend or ''}=={version}"
        address = self._route(backend, device, args, kwargs)
        if self.shm and not keep:
            payload, buffers, big = self._shm_encode(args, kwargs)
            if big:
                result = await self._run(self._op_call_shm(address, function, payload, buffers,
                                                           timeout, request_id))
                if result is not _NO_SHM:
                    return result
        try:
            return await self._run(self._op_invoke(address, function, args, kwargs, timeout,
                                                   keep, "", request_id))
        except _TooLarge as e:
            if not self.max_stream_bytes:
                raise ResourceExhausted(e.message) from None
            return await self._call_stream(address, wire.call_request_parts(*e.parts),
                                           timeout, request_id)
        except ResourceExhausted as err:
            if not keep and self.max_stream_bytes and (
                    (err.message.startswith("the result is") and "per-message limit" in
                     err.message) or "larger than max" in (err.message or "")):
                # the worker's (or this client's) message limit: again, streaming both ways
                return await self._call_stream(
                    address, [self._request(function, args, kwargs, keep)], timeout, request_id)
            raise err from None

    async def _call_stream(self, address, framed, timeout, request_id):
        size = sum(p.nbytes if isinstance(p, memoryview) else len(p) for p in framed)
        if size > self.max_stream_bytes:
            raise ResourceExhausted(
                f"the request is {size / 2**20:.1f} MiB, over this client's streaming limit of "
                f"{self.max_stream_bytes / 2**20:.0f} MiB (AsyncClient(max_stream_mb=N))")
        md = self._md(request_id)
        rpc = _Rpc("call_stream", address, None, timeout or self.timeout, md, request_id)
        gathered = wire.Gatherer(self.max_stream_bytes)
        call = self._conn(address).call_stream(timeout=timeout or self.timeout, metadata=md)
        try:
            # written chunk by chunk (each write waits for flow control). The worker may end
            # the call before it has read everything (over its --max-stream-mb): a write then
            # fails (InvalidStateError, or INTERNAL "from Core"), and the status the worker
            # sent is the call's own, read below
            try:
                for chunk in wire.chunks(framed):
                    await call.write(chunk)
                await call.done_writing()
            except (grpc.RpcError, asyncio.InvalidStateError):
                status = await call.code()
                if status == grpc.StatusCode.INTERNAL:
                    # gRPC may report the early end as INTERNAL and lose the worker's status:
                    # the one refusal that ends a stream before it is read is the worker's
                    # streaming limit, which Info tells
                    limit = (await self.info(address=address, brief=True)).get(
                        "max_stream_bytes", 0)
                    if limit and size > limit:
                        raise ResourceExhausted(
                            f"the streamed request is {size / 2**20:.1f} MiB, over the limit of "
                            f"{limit / 2**20:.0f} MiB (--max-stream-mb)",
                            address=address, request_id=request_id) from None
                if status != grpc.StatusCode.OK:
                    raise _CallStatus(status, await call.details()) from None
                raise
            async for raw in call:
                gathered.feed(raw)
        except grpc.RpcError as e:
            raise self._error(e, rpc) from None
        return self._result(memoryview(gathered.result()).toreadonly(), address)

    async def close(self) -> None:
        # unmap regions on the worker (it also does when this process exits)
        for c, request in self._shm_release_requests():
            try:
                await c.release(request, timeout=2, metadata=self._metadata)
            except grpc.RpcError:
                pass
        for c in list(self._conns.values()):
            for ch in c.channels():
                await ch.close()
        self._conns.clear()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()


# ---------------------------------------------------------------------------------------------
# Module-level convenience: one shared Client
# ---------------------------------------------------------------------------------------------

_default: Client | None = None
_default_lock = threading.Lock()


def default_client() -> Client:
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Client()
    return _default


def call(function: str, *args, backend: str | None = None, device: str | None = None,
         timeout: float | None = None, keep: bool = False, **kwargs):
    """``ivy_client.call("matmul", a, b, backend="jax")`` with the shared default Client."""
    return default_client().call(function, *args, backend=backend, device=device,
                                 timeout=timeout, keep=keep, **kwargs)


def info(backend: str | None = None, device: str | None = None) -> dict:
    return default_client().info(backend, device)


def trace(fn_source: str, entry: str, *example_args, backend: str | None = None,
          device: str | None = None, **example_kwargs) -> RemoteGraph:
    return default_client().trace(fn_source, entry, *example_args, backend=backend,
                                  device=device, **example_kwargs)


def transpile(source_text: str, entry: str, *example_args, source: str = "torch",
              target: str = "jax", **kwargs) -> RemoteTranspiled:
    """``ivy_client.transpile(code, "f", x, source="torch", target="jax")`` with the shared
    default Client (see :meth:`Client.transpile` for the options)."""
    return default_client().transpile(source_text, entry, *example_args, source=source,
                                      target=target, **kwargs)


def as_numpy(x) -> np.ndarray:
    """NumPy array of a result (fetching a RemoteHandle)."""
    return x.fetch() if isinstance(x, RemoteHandle) else np.asarray(x)


__all__: Sequence[str] = ["Client", "AsyncClient", "RemoteHandle", "AsyncRemoteHandle",
                          "RemoteGraph", "AsyncRemoteGraph", "RemoteTranspiled",
                          "AsyncRemoteTranspiled", "call", "info", "trace", "transpile",
                          "default_client", "as_numpy"]
