"""An Ivy worker: one process serving Ivy over gRPC with one backend on one device.

    ivy-worker --backend jax --device cpu --host 127.0.0.1 --port 50053 --metrics-port 9103
    python -m ivy_server.worker --backend torch --device gpu:0 --port 50052

RPCs (``proto/ivy/rpc/v1/worker.proto``): Call, Trace, Info, Fetch, Release, plus the standard
``grpc.health.v1`` service and server reflection. Every request is answered with a status code
(``ivy_server.errors``); a bad request never takes the process down. SIGTERM/SIGINT: health goes
NOT_SERVING, in-flight calls finish (up to ``--grace-s``), then the process exits.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import logging
import os
import secrets
import signal
import sys
import threading
import time
import warnings
from concurrent import futures

import grpc
import numpy as np
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from ivy_client import codec, wire
from ivy_client.codec import Ref
from ivy_client.proto import SERVICE_NAME, worker_pb2

from . import errors, metrics
from .errors import RpcFailure

log = logging.getLogger("ivy_server.worker")

BACKENDS = ("numpy", "torch", "jax", "tensorflow")
_EMPTY_ARGS = ([], {})


class Handles:
    """Arrays kept on the worker (``keep=True``) and traced graphs, by random id."""

    def __init__(self, cap_bytes: int):
        self.cap = cap_bytes
        self.items: dict[str, tuple[object, int]] = {}
        self.graphs: dict[str, object] = {}
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, value, nbytes: int) -> str:
        with self.lock:
            if self.cap and self.bytes + nbytes > self.cap:
                raise errors.exhausted(
                    f"keeping this result ({nbytes / 2**20:.1f} MiB) would exceed the worker's "
                    f"memory cap of {self.cap / 2**20:.0f} MiB ({self.bytes / 2**20:.1f} MiB "
                    f"held in {len(self.items)} handles): release handles, or start the worker "
                    "with a larger --memory-cap-mb")
            hid = "h-" + secrets.token_hex(12)
            self.items[hid] = (value, nbytes)
            self.bytes += nbytes
        metrics.HANDLES_LIVE.set(len(self.items))
        metrics.HANDLES_BYTES.set(self.bytes)
        return hid

    def get(self, hid: str):
        try:
            return self.items[hid][0]
        except KeyError:
            raise errors.not_found(
                f"handle {hid!r} is not on this worker (released, never created, or kept by "
                "another worker: handles are used on the worker that made them)") from None

    def release(self, ids) -> int:
        n = 0
        with self.lock:
            for hid in ids:
                item = self.items.pop(hid, None)
                if item is not None:
                    self.bytes -= item[1]
                    n += 1
                elif self.graphs.pop(hid, None) is not None:
                    n += 1
        metrics.HANDLES_LIVE.set(len(self.items))
        metrics.HANDLES_BYTES.set(self.bytes)
        return n


class Worker:
    """The servicer: every RPC's implementation, independent of the gRPC server kind."""

    def __init__(self, backend: str, device: str, *, max_message_bytes: int, memory_cap_bytes: int,
                 allow_code_execution: bool, auth_token: str | None, sandbox_limits: dict):
        import ivy

        self.ivy = ivy
        self.B = ivy.set_backend(backend)
        self.backend = backend
        from ivy.devices import normalize_device

        self.device = normalize_device(device)
        self.native_device = self.B.as_native_device(self.device)  # fails early if absent
        ivy.set_default_device(self.device)
        self.max_message_bytes = max_message_bytes
        self.memory_cap = memory_cap_bytes
        self.code_execution = allow_code_execution and bool(auth_token)
        self.sandbox_limits = sandbox_limits
        self.handles = Handles(memory_cap_bytes)
        from ivy.func_wrapper import API, backend_name_of_type

        self.api = API
        self._native_of = backend_name_of_type
        self._array_cls = ivy.Array
        self.server_kind = "threads"
        if backend == "numpy":
            self._to_native = None  # decoded arrays already are numpy arrays on the CPU
        else:
            asarray, dev = self.B.asarray, self.device
            self._to_native = lambda a: asarray(a, device=dev)
        # warm up the conversion paths (first calls into a framework initialise it)
        try:
            one = np.ones(2, np.float32)
            self.call(wire.frame_call_request("add", codec.encode([[one, one], {}]), False, []),
                      None, [""])
        except Exception as e:  # noqa: BLE001 - a warm-up failure is not fatal
            log.warning("warm-up call failed: %s", errors.message_of(e))

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

    def _keep(self, obj):
        """Replace each native array in a result by a handle kept on this worker."""
        c = obj.__class__
        if c is self._array_cls:
            obj = obj._data
            c = obj.__class__
        if self._native_of(c) is not None:
            shape = tuple(int(s) for s in obj.shape)
            hid = self.handles.add(obj, _nbytes(obj, shape))
            return Ref(hid, str(self.ivy.dtypes.as_ivy_dtype(obj.dtype)), shape)
        if c is tuple or c is list or hasattr(obj, "_asdict"):
            return tuple(self._keep(e) for e in obj) if c is not list else [
                self._keep(e) for e in obj]
        if c is dict:
            return {k: self._keep(v) for k, v in obj.items()}
        return obj

    def _decode_args(self, payload, buffers):
        if not len(payload):
            return _EMPTY_ARGS
        value = codec.decode(payload, buffers=buffers, array_hook=self._to_native,
                             handle_hook=lambda r: self.handles.get(r.id))
        if (not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], list)
                or not isinstance(value[1], dict)):
            raise errors.invalid("the args field must hold msgpack [args list, kwargs map]")
        if not all(isinstance(k, str) for k in value[1]):
            raise errors.invalid("keyword argument names must be strings")
        return value

    def _encode_result(self, result, keep: bool) -> bytes:
        buffers: list = []
        if keep:
            result = self._keep(result)
        payload = codec.encode(result, buffers=buffers, convert=self._convert)
        size = len(payload) + sum(b.nbytes for b in buffers)
        if size > self.max_message_bytes:
            raise errors.exhausted(
                f"the result is {size / 2**20:.1f} MiB, over the per-message limit of "
                f"{self.max_message_bytes / 2**20:.0f} MiB: start the worker with a larger "
                "--max-message-mb (and the client with Client(max_message_mb=...)), or call with "
                "keep=True and fetch the parts you need")
        return wire.frame_call_response(payload, buffers)

    # -- RPCs -----------------------------------------------------------------------------------
    def _lookup(self, name: str):
        fn = self.api.get(name)
        if fn is None:
            close = difflib.get_close_matches(name, self.api.keys(), n=5, cutoff=0.6)
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise errors.not_found(f"ivy has no function {name!r}{hint} "
                                   f"({len(self.api)} functions; see Info)")
        return fn

    def _call(self, name: str, args, kwargs):
        return self._lookup(name)(*args, **kwargs)

    def call(self, request: bytes, context, tag: list):
        try:
            function, payload, keep, buffers, graph_id = wire.parse_call_request(request)
        except ValueError as e:
            raise errors.invalid(f"malformed CallRequest: {e}") from None
        tag[0] = function or "graph"
        if self.memory_cap:
            size = len(payload) + sum(b.nbytes for b in buffers)
            if size > self.memory_cap:
                raise errors.exhausted(
                    f"the request's arrays ({size / 2**20:.1f} MiB) exceed the worker's memory "
                    f"cap of {self.memory_cap / 2**20:.0f} MiB (--memory-cap-mb)")
        if graph_id:
            graph = self.handles.graphs.get(graph_id)
            if graph is None:
                raise errors.not_found(f"graph {graph_id!r} is not on this worker (released, or "
                                       "traced on another worker)")
            fn = graph
        else:
            fn = self._lookup(function)
        args, kwargs = self._decode_args(payload, buffers)
        remaining = context.time_remaining() if context is not None else None
        if remaining is not None and remaining <= 0:
            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED,
                             "the deadline passed before the call started")
        result = fn(*args, **kwargs)
        return self._encode_result(result, keep)

    def fetch(self, request, context, tag: list):
        tag[0] = "fetch"
        value = self.handles.get(request.handle)
        return self._encode_result(value, keep=False)

    def release(self, request, context, tag: list):
        tag[0] = "release"
        return worker_pb2.ReleaseResponse(released=self.handles.release(list(request.handles)))

    def info(self, request, context, tag: list):
        tag[0] = "info"
        fns = []
        for name, fn in sorted(self.api.items()):
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
            handles_bytes=self.handles.bytes, pid=os.getpid(), server_kind=self.server_kind)

    def trace(self, request, context, tag: list):
        tag[0] = "trace"
        if not self.code_execution:
            raise RpcFailure(
                grpc.StatusCode.PERMISSION_DENIED,
                "Trace runs submitted code and is off on this worker: start it with "
                "--allow-code-execution and an auth token (--auth-token-env)")
        if not hasattr(self.ivy, "trace_graph") or not hasattr(self.ivy, "Graph"):
            raise RpcFailure(grpc.StatusCode.UNIMPLEMENTED,
                             "this build of ivy has no tracer (ivy.trace_graph)")
        from . import sandbox

        graph_dict, output_payload = sandbox.run(
            self.backend, request.source, request.entry, bytes(request.args),
            [bytes(b) for b in request.buffers], **self.sandbox_limits)
        try:
            graph = self.ivy.Graph.from_dict(graph_dict)
        except Exception as e:
            raise errors.invalid(f"the traced graph cannot be loaded: {errors.message_of(e)}") \
                from None
        gid = "g-" + secrets.token_hex(12)
        with self.handles.lock:
            self.handles.graphs[gid] = graph
        return worker_pb2.TraceResponse(graph_id=gid, graph=codec.encode(graph_dict),
                                        output=output_payload)


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
# gRPC plumbing: error mapping, metrics, logs, auth
# ---------------------------------------------------------------------------------------------

def _request_id(context) -> str:
    for k, v in context.invocation_metadata() or ():
        if k == "x-request-id":
            return v[:128]
    return secrets.token_hex(8)


def _wrap(method: str, impl, known_functions):
    """A gRPC handler running ``impl`` with error mapping, metrics and request logs."""
    debug = log.isEnabledFor(logging.DEBUG)

    def handler(request, context):
        t0 = time.perf_counter()
        tag = [""]
        code = "OK"
        size_in = len(request) if request.__class__ is bytes else 0
        size_out = 0
        try:
            response = impl(request, context, tag)
            size_out = len(response) if response.__class__ is bytes else 0
            return response
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            status, message = errors.status_of(e)
            code = status.name
            rid = _request_id(context)
            log.warning("request=%s method=%s function=%s code=%s error=%s", rid, method,
                        tag[0], code, message[:2000])
            context.set_trailing_metadata((("x-request-id", rid),))
            context.abort(status, message)
        finally:
            dt = time.perf_counter() - t0
            fn = tag[0] if tag[0] in known_functions or method != "Call" else "<unknown>"
            metrics.observe(method, fn, code, dt, size_in, size_out)
            if debug and code == "OK":
                log.debug("request=%s method=%s function=%s code=OK ms=%.3f", _request_id(context),
                          method, tag[0], dt * 1e3)

    return handler


class AuthInterceptor(grpc.ServerInterceptor):
    """Every RPC but health checks and reflection needs ``authorization: Bearer <token>``."""

    OPEN = ("/grpc.health.v1.Health/", "/grpc.reflection.")

    def __init__(self, token: str):
        self.expected = "Bearer " + token

        def deny(request, context):
            context.abort(grpc.StatusCode.UNAUTHENTICATED,
                          "this worker needs 'authorization: Bearer <token>' metadata (the token "
                          "of --auth-token-env; ivy_client: Client(token=...) or IVY_AUTH_TOKEN)")

        self._deny = grpc.unary_unary_rpc_method_handler(deny)

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(self.OPEN):
            return continuation(handler_call_details)
        for k, v in handler_call_details.invocation_metadata or ():
            if k == "authorization" and secrets.compare_digest(v, self.expected):
                return continuation(handler_call_details)
        return self._deny


def build_server(worker: Worker, *, host: str, port: int, threads: int,
                 auth_token: str | None):
    """A started-ready ``grpc.Server`` (not yet started) and its health servicer."""
    opts = [("grpc.max_send_message_length", worker.max_message_bytes),
            ("grpc.max_receive_message_length", worker.max_message_bytes),
            ("grpc.so_reuseport", 0)]
    interceptors = [AuthInterceptor(auth_token)] if auth_token else []
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads,
                                                    thread_name_prefix="ivy-rpc"),
                         options=opts, interceptors=interceptors,
                         maximum_concurrent_rpcs=threads * 16)
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
    return server, health_servicer, bound


def _wrap_aio(method: str, impl, known_functions):
    """``_wrap`` for grpc.aio: the same work, run inline on the event loop."""
    debug = log.isEnabledFor(logging.DEBUG)

    async def handler(request, context):
        t0 = time.perf_counter()
        tag = [""]
        code = "OK"
        size_in = len(request) if request.__class__ is bytes else 0
        size_out = 0
        failure = None
        try:
            response = impl(request, context, tag)
            size_out = len(response) if response.__class__ is bytes else 0
        except Exception as e:  # noqa: BLE001 - every failure becomes a status, never a crash
            failure = errors.status_of(e)
            code = failure[0].name
        dt = time.perf_counter() - t0
        fn = tag[0] if tag[0] in known_functions or method != "Call" else "<unknown>"
        metrics.observe(method, fn, code, dt, size_in, size_out)
        if failure is not None:
            rid = _request_id(context)
            log.warning("request=%s method=%s function=%s code=%s error=%s", rid, method,
                        tag[0], code, failure[1][:2000])
            context.set_trailing_metadata((("x-request-id", rid),))
            await context.abort(failure[0], failure[1])
        if debug:
            log.debug("request=%s method=%s function=%s code=OK ms=%.3f", _request_id(context),
                      method, tag[0], dt * 1e3)
        return response

    return handler


class AioAuthInterceptor(grpc.aio.ServerInterceptor):
    """``AuthInterceptor`` for grpc.aio."""

    def __init__(self, token: str):
        self._sync = AuthInterceptor(token)

        async def deny(request, context):
            await context.abort(grpc.StatusCode.UNAUTHENTICATED,
                                "this worker needs 'authorization: Bearer <token>' metadata")

        self._deny = grpc.unary_unary_rpc_method_handler(deny)

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if method.startswith(AuthInterceptor.OPEN):
            return await continuation(handler_call_details)
        for k, v in handler_call_details.invocation_metadata or ():
            if k == "authorization" and secrets.compare_digest(v, self._sync.expected):
                return await continuation(handler_call_details)
        return self._deny


def _handlers(worker: Worker, wrap) -> dict:
    known = set(worker.api)
    pb = worker_pb2
    return {
        "Call": grpc.unary_unary_rpc_method_handler(wrap("Call", worker.call, known)),
        "Fetch": grpc.unary_unary_rpc_method_handler(
            wrap("Fetch", worker.fetch, known), request_deserializer=pb.FetchRequest.FromString),
        "Release": grpc.unary_unary_rpc_method_handler(
            wrap("Release", worker.release, known),
            request_deserializer=pb.ReleaseRequest.FromString,
            response_serializer=pb.ReleaseResponse.SerializeToString),
        "Info": grpc.unary_unary_rpc_method_handler(
            wrap("Info", worker.info, known), request_deserializer=pb.InfoRequest.FromString,
            response_serializer=pb.InfoResponse.SerializeToString),
        "Trace": grpc.unary_unary_rpc_method_handler(
            wrap("Trace", worker.trace, known), request_deserializer=pb.TraceRequest.FromString,
            response_serializer=pb.TraceResponse.SerializeToString),
    }


async def serve_aio(worker: Worker, *, host: str, port: int, auth_token: str | None,
                    grace: float) -> int:
    """Serve with a grpc.aio server (``--server-kind aio``; handlers run on the event loop)."""
    import asyncio

    from grpc_health.v1.health import aio as health_aio

    worker.server_kind = "aio"
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
    if server.add_insecure_port(f"{host}:{port}") == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d (pid %d, grpc.aio)", worker.backend, worker.device, host,
             port, os.getpid())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", grace)
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    await server.stop(grace)
    log.info("stopped")
    return 0


def _set_health(health_servicer, status) -> None:
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, status)


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
                   help="require 'authorization: Bearer <token>' with the token read from the "
                   "environment variable VAR (e.g. IVY_AUTH_TOKEN)")
    p.add_argument("--allow-code-execution", action="store_true",
                   help="enable Trace (runs submitted code in a sandbox); needs an auth token")
    p.add_argument("--max-message-mb", type=int, default=1024,
                   help="largest request or response in MiB (default 1024, at most 2047)")
    p.add_argument("--memory-cap-mb", type=int, default=0,
                   help="cap on kept handles and on one request's arrays, in MiB (0: none)")
    p.add_argument("--threads", type=int, default=16, help="RPC threads (default 16)")
    p.add_argument("--server-kind", choices=["threads", "aio"], default="threads",
                   help="gRPC thread-pool server (default; measured faster for tiny calls) or "
                   "grpc.aio with handlers on the event loop")
    p.add_argument("--grace-s", type=float, default=10.0,
                   help="on SIGTERM, wait this long for in-flight calls (default 10)")
    p.add_argument("--sandbox-cpu-s", type=int, default=20, help="Trace sandbox CPU seconds")
    p.add_argument("--sandbox-wall-s", type=float, default=60.0, help="Trace sandbox wall seconds")
    p.add_argument("--sandbox-memory-mb", type=int, default=2048,
                   help="Trace sandbox address-space growth allowed, MiB")
    p.add_argument("--log-level", default=os.environ.get("IVY_LOG_LEVEL", "INFO"),
                   help="DEBUG logs one line per request (default INFO: errors and lifecycle)")
    return p.parse_args(argv)


def main(argv=None) -> int:
    a = parse_args(argv)
    logging.basicConfig(level=a.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s " + f"[{a.backend}@{a.device}"
                        f" :{a.port}] %(message)s")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    warnings.filterwarnings("ignore", message="The given NumPy array is not writable")
    token = None
    if a.auth_token_env:
        token = os.environ.get(a.auth_token_env) or None
        if token is None:
            log.error("--auth-token-env %s: the variable is not set or empty", a.auth_token_env)
            return 2
    if a.allow_code_execution and not token:
        log.error("--allow-code-execution needs an auth token (--auth-token-env VAR)")
        return 2
    max_bytes = min(a.max_message_mb, 2047) * 2**20
    try:
        worker = Worker(a.backend, a.device, max_message_bytes=max_bytes,
                        memory_cap_bytes=a.memory_cap_mb * 2**20,
                        allow_code_execution=a.allow_code_execution, auth_token=token,
                        sandbox_limits={"cpu_s": a.sandbox_cpu_s, "wall_s": a.sandbox_wall_s,
                                        "memory_mb": a.sandbox_memory_mb})
    except Exception as e:
        log.error("cannot start: %s", errors.message_of(e))
        return 1
    if a.metrics_port and a.server_kind == "aio":
        metrics.serve(a.metrics_port, a.host, worker)
    if a.server_kind == "aio":
        import asyncio

        return asyncio.run(serve_aio(worker, host=a.host, port=a.port, auth_token=token,
                                     grace=a.grace_s))
    server, health_servicer, port = build_server(worker, host=a.host, port=a.port,
                                                 threads=a.threads, auth_token=token)
    if a.metrics_port:
        metrics.serve(a.metrics_port, a.host, worker)
    server.start()
    _set_health(health_servicer, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s %s on %s:%d (pid %d)", a.backend, worker.device, a.host, port,
             os.getpid())

    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    stop.wait()
    log.info("shutting down: NOT_SERVING, finishing in-flight calls (grace %.1fs)", a.grace_s)
    _set_health(health_servicer, health_pb2.HealthCheckResponse.NOT_SERVING)
    server.stop(a.grace_s).wait()
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
