"""The worker service: every RPC's implementation (:class:`Worker`), independent of the gRPC
server kind (``handlers.py`` wraps it; ``serve.py`` runs it). Also the per-client random streams
and the functions answered differently on a worker (``empty`` gives zeros)."""

from __future__ import annotations

import difflib
import functools
import hashlib
import inspect
import logging
import os
import platform
import sys
import threading
from collections import OrderedDict

import grpc
import numpy as np
from ivy_client import codec, wire
from ivy_client.codec import Ref
from ivy_client.proto import worker_pb2

from .. import errors, limits
from .. import shm as shm_mod
from ..errors import RpcFailure
from ..sizes import ResultSize
from ..transpile import Transpiler
from .admission import Gate, client_gone
from .handles import Handles, nbytes_of
from .memory import Trimmer

log = logging.getLogger("ivy_server.worker")


_EMPTY_ARGS = ([], {})


try:  # the sync server's context class (to call its methods without getattr)
    from grpc._server import _Context as _SyncContext
except ImportError:  # pragma: no cover - another grpc layout
    _SyncContext = None


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


class RandomFn:
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


def plain_fn(fn):
    """The function behind a worker table entry (a :class:`RandomFn` wraps one)."""
    return fn.fn if fn.__class__ is RandomFn else fn


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
        self.trimmer = Trimmer()
        from ivy.func_wrapper import API, backend_name_of_type

        self.api = API
        self._fns = dict(API)
        for name, instead in ZERO_FILL.items():
            if name in API and instead in API:
                self._fns[name] = API[instead]
        self.random = RandomStreams(self.B)
        for name in RANDOM_FUNCTIONS:
            if name in API:
                self._fns[name] = RandomFn(API[name], self)
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
            hid = self.handles.add(obj, nbytes_of(obj, shape), owner)
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
            if kept and context is not None and client_gone(context):
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
                client_gone(context):
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
            self.result_size.check(function, plain_fn(fn), args, kwargs, self.memory_cap)
        result = fn.run(context, args, kwargs) if fn.__class__ is RandomFn else \
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
                self.result_size.check(function, plain_fn(fn), args, kwargs, self.memory_cap)
            if graph_id:  # a graph's nodes may draw: the caller's stream
                with self.random.streams.using(self.stream_of(context)):
                    result = fn(*args, **kwargs)
            elif fn.__class__ is RandomFn:
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
        from ..sandbox import host as sandbox

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
