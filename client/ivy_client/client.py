"""The client: route a call to the worker for (backend, device), send arrays, get NumPy back.

Imports no ML framework (NumPy, msgpack and grpcio only).
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Sequence

import grpc
import numpy as np

from . import codec, config, wire
from .codec import Ref
from .errors import NoWorker, ResourceExhausted, from_rpc_error
from .proto import SERVICE_NAME, worker_pb2

_ident = None  # grpc passes bytes through when no (de)serializer is given
_M = f"/{SERVICE_NAME}/"


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
        return self._client.release(self.id, address=self.address) == 1

    def __repr__(self):
        return f"RemoteGraph({self.id!r} at {self.address})"


class AsyncRemoteGraph(RemoteGraph):
    """A traced graph for AsyncClient: ``await graph(*args)``."""

    async def __call__(self, *args, timeout=None, keep=False, **kwargs):
        return await self._client._invoke(self.address, "", args, kwargs, timeout=timeout,
                                          keep=keep, graph_id=self.id)

    async def release(self) -> bool:
        return await self._client.release(self) == 1


def _find_address(values) -> str | None:
    for v in values:
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


class _Conn:
    """One reused channel to a worker and its method callables."""

    def __init__(self, address: str, options, aio: bool = False):
        mod = grpc.aio if aio else grpc
        self.address = address
        self.channel = mod.insecure_channel(address, options=options)
        pb = worker_pb2
        ch = self.channel
        self.call = ch.unary_unary(_M + "Call", _ident, _ident)
        self.fetch = ch.unary_unary(_M + "Fetch", pb.FetchRequest.SerializeToString, _ident)
        self.release = ch.unary_unary(_M + "Release", pb.ReleaseRequest.SerializeToString,
                                      pb.ReleaseResponse.FromString)
        self.info = ch.unary_unary(_M + "Info", pb.InfoRequest.SerializeToString,
                                   pb.InfoResponse.FromString)
        self.trace = ch.unary_unary(_M + "Trace", pb.TraceRequest.SerializeToString,
                                    pb.TraceResponse.FromString)


def info_dict(r) -> dict:
    return {
        "backend": r.backend, "framework_version": r.framework_version, "device": r.device,
        "ivy_version": r.ivy_version, "max_message_bytes": r.max_message_bytes,
        "code_execution": r.code_execution, "memory_cap_bytes": r.memory_cap_bytes,
        "handles_live": r.handles_live, "handles_bytes": r.handles_bytes, "pid": r.pid,
        "server_kind": r.server_kind,
        "functions": {f.name: {"signature": f.signature, "implemented": f.implemented}
                      for f in r.functions},
    }


class _Base:
    """Routing, encoding and decoding shared by Client and AsyncClient."""

    _aio = False

    def __init__(self, workers=None, *, token: str | None = None, max_message_mb: int = 1024,
                 timeout: float | None = None):
        self.workers = config.resolve(workers)
        self.token = token if token is not None else (os.environ.get("IVY_AUTH_TOKEN") or None)
        self.max_message_bytes = min(int(max_message_mb), 2047) * 2**20
        self.timeout = timeout
        # round_robin: a target that resolves to several addresses (a k8s headless Service through
        # dns:///...) spreads calls over all of them instead of pinning one (gRPC's pick_first).
        self._options = [("grpc.max_send_message_length", self.max_message_bytes),
                         ("grpc.max_receive_message_length", self.max_message_bytes),
                         ("grpc.lb_policy_name", "round_robin")]
        self._routes: dict[tuple[str, str], list[str]] = {}
        for w in self.workers:
            self._routes.setdefault((w.backend, w.device), []).append(w.address)
        self._rr = {k: itertools.cycle(v) for k, v in self._routes.items()}
        self._rr_raw: dict = {}  # (backend, device) as given -> the cycle (skips normalising)
        self._conns: dict[str, _Conn] = {}
        self._lock = threading.Lock()
        self._metadata = (("authorization", "Bearer " + self.token),) if self.token else None

    # -- routing --------------------------------------------------------------------------------
    def address_for(self, backend: str | None = None, device: str | None = None) -> str:
        """The next worker address for (backend, device), round-robin over duplicates."""
        key = (backend, device)
        it = self._rr_raw.get(key)
        if it is not None:
            return next(it)
        if backend is None:
            if not self.workers:
                raise NoWorker("no workers are configured (workers.toml, IVY_WORKERS)")
            backend = self.workers[0].backend
        dev = config.normalize_device(device)
        it = self._rr.get((backend, dev))
        if it is not None:
            self._rr_raw[key] = it
        else:
            have = ", ".join(f"{b}@{d} ({', '.join(a)})" for (b, d), a in self._routes.items())
            raise NoWorker(f"no worker for backend {backend!r} on device {dev!r}; configured: "
                           f"{have or 'none'} (see workers.toml or IVY_WORKERS)")
        return next(it)

    def _conn(self, address: str) -> _Conn:
        c = self._conns.get(address)
        if c is None:
            with self._lock:
                c = self._conns.get(address)
                if c is None:
                    c = self._conns[address] = _Conn(address, self._options, self._aio)
        return c

    def _md(self, request_id):
        if request_id is None:
            return self._metadata
        return (self._metadata or ()) + (("x-request-id", str(request_id)),)

    # -- encoding -------------------------------------------------------------------------------
    def _request(self, function: str, args, kwargs, keep: bool, graph_id: str = "") -> bytes:
        buffers: list = []
        payload = codec.encode([list(args), kwargs], buffers=buffers) if (args or kwargs) else b""
        size = len(payload) + sum(b.nbytes for b in buffers)
        if size > self.max_message_bytes:
            raise ResourceExhausted(
                f"the request is {size / 2**20:.1f} MiB, over the per-message limit of "
                f"{self.max_message_bytes / 2**20:.0f} MiB: create the client with "
                "Client(max_message_mb=N) and start the worker with --max-message-mb N (at most "
                "2047), or keep large arrays on the worker (keep=True) and pass handles")
        return wire.frame_call_request(function, payload, keep, buffers, graph_id)

    def _result(self, response: bytes, address: str):
        payload, buffers = wire.parse_call_response(response)
        if not len(payload):
            return None
        return codec.decode(payload, buffers=buffers,
                            handle_hook=lambda r: RemoteHandle(r, address, self))

    def _route(self, backend, device, args, kwargs) -> str:
        address = _find_address(args) or (_find_address(kwargs.values()) if kwargs else None)
        if address is not None:
            return address
        return self.address_for(backend, device)


class Client(_Base):
    """A reusable connection set to the workers; also a context manager.

    ``workers``: specs, dicts, ``"backend[@device]=host:port,..."`` or a ``.toml`` path (default:
    ``IVY_WORKERS``, ``./workers.toml``, else one CPU worker per installed framework, as
    ``ivy-serve``). ``token``: bearer token (default ``IVY_AUTH_TOKEN``).
    """

    def call(self, function: str, *args, backend: str | None = None, device: str | None = None,
             timeout: float | None = None, keep: bool = False, request_id: str | None = None,
             fn_kwargs: dict | None = None, **kwargs):
        """Call ``ivy.<function>(*args, **kwargs)`` on the worker for (backend, device).

        Returns NumPy arrays (read-only views of the received bytes), or the nested structure the
        function returns; with ``keep=True`` arrays stay on the worker as :class:`RemoteHandle`.
        ``fn_kwargs`` passes keyword arguments whose names clash with this method's own.
        """
        if fn_kwargs:
            kwargs = {**kwargs, **fn_kwargs}
        address = self._route(backend, device, args, kwargs)
        return self._invoke(address, function, args, kwargs, timeout=timeout, keep=keep,
                            request_id=request_id)

    def _invoke(self, address, function, args, kwargs, *, timeout=None, keep=False,
                graph_id="", request_id=None):
        request = self._request(function, args, kwargs, keep, graph_id)
        conn = self._conn(address)
        try:
            response = conn.call(request, timeout=timeout or self.timeout,
                                 metadata=self._md(request_id))
        except grpc.RpcError as e:
            raise _error(e, address, request_id) from None
        return self._result(response, address)

    def fetch(self, handle: RemoteHandle, timeout=None):
        """The value of a remote handle."""
        try:
            response = self._conn(handle.address).fetch(
                worker_pb2.FetchRequest(handle=handle.id), timeout=timeout or self.timeout,
                metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, handle.address) from None
        return self._result(response, handle.address)

    def release(self, *items, address: str | None = None) -> int:
        """Release handles (and/or graph ids); returns how many were known to their worker."""
        by_address: dict[str, list[str]] = {}
        for h in items:
            a = h.address if isinstance(h, (RemoteHandle, RemoteGraph)) else address
            if a is None:
                raise ValueError("release(id) of a plain id needs address=")
            by_address.setdefault(a, []).append(h.id if not isinstance(h, str) else h)
        n = 0
        for a, ids in by_address.items():
            try:
                n += self._conn(a).release(worker_pb2.ReleaseRequest(handles=ids),
                                           timeout=self.timeout, metadata=self._metadata).released
            except grpc.RpcError as e:
                raise _error(e, a) from None
        return n

    def info(self, backend: str | None = None, device: str | None = None, *,
             address: str | None = None) -> dict:
        """Backend, framework version, device, limits and the functions (name -> signature)."""
        address = address or self.address_for(backend, device)
        try:
            r = self._conn(address).info(worker_pb2.InfoRequest(), timeout=self.timeout or 30,
                                         metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, address) from None
        return info_dict(r)

    def trace(self, fn_source: str, entry: str, *example_args, backend: str | None = None,
              device: str | None = None, timeout: float | None = None,
              **example_kwargs) -> RemoteGraph:
        """Trace ``entry`` of ``fn_source`` on a worker (runs in its sandbox; needs a worker
        started with --allow-code-execution and the token). Returns a callable RemoteGraph."""
        address = self.address_for(backend, device)
        buffers: list = []
        args = codec.encode([list(example_args), example_kwargs], buffers=buffers)
        req = worker_pb2.TraceRequest(source=fn_source, entry=entry, args=args,
                                      buffers=[bytes(b) for b in buffers])
        try:
            r = self._conn(address).trace(req, timeout=timeout or self.timeout,
                                          metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, address) from None
        output = codec.decode(r.output, buffers=list(r.buffers)) if r.output else None
        return RemoteGraph(self, address, r.graph_id, codec.decode(r.graph), output)

    def close(self) -> None:
        with self._lock:
            for c in self._conns.values():
                c.channel.close()
            self._conns.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class AsyncClient(_Base):
    """``Client`` for asyncio: ``await client.call("add", a, b, backend="torch")``."""

    _aio = True

    async def call(self, function: str, *args, backend: str | None = None,
                   device: str | None = None, timeout: float | None = None, keep: bool = False,
                   request_id: str | None = None, fn_kwargs: dict | None = None, **kwargs):
        if fn_kwargs:
            kwargs = {**kwargs, **fn_kwargs}
        address = self._route(backend, device, args, kwargs)
        return await self._invoke(address, function, args, kwargs, timeout=timeout, keep=keep,
                                  request_id=request_id)

    async def _invoke(self, address, function, args, kwargs, *, timeout=None, keep=False,
                      graph_id="", request_id=None):
        request = self._request(function, args, kwargs, keep, graph_id)
        try:
            response = await self._conn(address).call(
                request, timeout=timeout or self.timeout, metadata=self._md(request_id))
        except grpc.RpcError as e:
            raise _error(e, address, request_id) from None
        return self._result(response, address)

    async def fetch(self, handle: RemoteHandle, timeout=None):
        try:
            response = await self._conn(handle.address).fetch(
                worker_pb2.FetchRequest(handle=handle.id), timeout=timeout or self.timeout,
                metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, handle.address) from None
        return self._result(response, handle.address)

    async def release(self, *handles) -> int:
        """Release handles and/or graphs; returns how many were known to their worker."""
        n = 0
        for h in handles:
            try:
                r = await self._conn(h.address).release(
                    worker_pb2.ReleaseRequest(handles=[h.id]), timeout=self.timeout,
                    metadata=self._metadata)
            except grpc.RpcError as e:
                raise _error(e, h.address) from None
            n += r.released
        return n

    async def info(self, backend: str | None = None, device: str | None = None) -> dict:
        address = self.address_for(backend, device)
        try:
            r = await self._conn(address).info(worker_pb2.InfoRequest(),
                                               timeout=self.timeout or 30, metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, address) from None
        return info_dict(r)

    async def trace(self, fn_source: str, entry: str, *example_args, backend: str | None = None,
                    device: str | None = None, timeout: float | None = None,
                    **example_kwargs) -> AsyncRemoteGraph:
        address = self.address_for(backend, device)
        buffers: list = []
        args = codec.encode([list(example_args), example_kwargs], buffers=buffers)
        req = worker_pb2.TraceRequest(source=fn_source, entry=entry, args=args,
                                      buffers=[bytes(b) for b in buffers])
        try:
            r = await self._conn(address).trace(req, timeout=timeout or self.timeout,
                                                metadata=self._metadata)
        except grpc.RpcError as e:
            raise _error(e, address) from None
        output = codec.decode(r.output, buffers=list(r.buffers)) if r.output else None
        return AsyncRemoteGraph(self, address, r.graph_id, codec.decode(r.graph), output)

    async def close(self) -> None:
        for c in list(self._conns.values()):
            await c.channel.close()
        self._conns.clear()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()


def _error(e: grpc.RpcError, address: str, request_id: str | None = None):
    rid = request_id
    if rid is None:
        try:
            for k, v in e.trailing_metadata() or ():
                if k == "x-request-id":
                    rid = v
        except Exception:
            pass
    return from_rpc_error(e, address, rid)


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


def as_numpy(x) -> np.ndarray:
    """NumPy array of a result (fetching a RemoteHandle)."""
    return x.fetch() if isinstance(x, RemoteHandle) else np.asarray(x)


__all__: Sequence[str] = ["Client", "AsyncClient", "RemoteHandle", "RemoteGraph", "call", "info",
                          "trace", "default_client", "as_numpy"]
