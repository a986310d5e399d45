"""The gRPC handlers around the worker service, for both server kinds (threads and grpc.aio):
admission, error mapping, metrics, request logs and the memory trim (:class:`_Accounting` does
what both share), and the inlined handler of a tiny ``Call`` (:func:`wrap_call`)."""

from __future__ import annotations

import logging
import secrets
import time

import grpc
import numpy as np
from ivy_client import codec
from ivy_client.proto import worker_pb2

from .. import errors, metrics
from .admission import shutting_down
from .service import RandomFn, Worker, plain_fn

log = logging.getLogger("ivy_server.worker")


def _request_id(context) -> str:
    for k, v in context.invocation_metadata() or ():
        if k == "x-request-id":
            return v[:128]
    return secrets.token_hex(8)


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


def wrap(method: str, impl, known_functions, worker: Worker | None = None):
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


def wrap_aio(method: str, impl, known_functions, worker: Worker | None = None):
    """``wrap`` for grpc.aio: the same work, run inline on the event loop (one call at a time,
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
                raise shutting_down()
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


def wrap_aio_stream(method: str, impl, known_functions, worker: Worker):
    """``wrap_aio`` for a stream-stream RPC (CallStream): ``impl`` gathers the request stream
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
                raise shutting_down()
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


def wrap_call(worker: Worker, known_functions):
    """``Call``'s handler (threads kind): :func:`wrap` around :meth:`Worker.call`, with the
    tiny call's common case inlined — a slot free at once, a request the C path parses, a
    function found, a result it frames.

    The same admission, labels, metrics and failures as :func:`wrap`, in one Python frame
    instead of nine (the metrics are one C call: ``metrics.tally``): between real calls the
    caches are cold
    and each extra function costs ~5-10 us of CPU, not its ~0.5 us in a hot loop (docs/rpc.md,
    "Cold code"). A call that found the gate busy goes through :func:`wrap` (which waits,
    refuses, or re-checks the client before running it); one admitted here never waited, so the
    client-gone and deadline checks made for waiting calls are not repeated."""
    general = wrap("Call", worker.call, known_functions, worker)
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
                    check_size(function, plain_fn(fn), args, kwargs, cap)
                result = fn.run(context, args, kwargs) if fn.__class__ is RandomFn else \
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


def parsed(message_cls, impl):
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


def method_handlers(worker: Worker, kind: str = "threads") -> dict:
    """The worker service's handlers for a server of ``kind`` ("threads" or "aio")."""
    known = set(worker.api)
    pb = worker_pb2
    aio = kind == "aio"
    w = wrap_aio if aio else wrap
    return {
        "Call": grpc.unary_unary_rpc_method_handler(
            w("Call", worker.call, known, worker) if aio else wrap_call(worker, known)),
        "Fetch": grpc.unary_unary_rpc_method_handler(
            w("Fetch", parsed(pb.FetchRequest, worker.fetch), known, worker)),
        "Release": grpc.unary_unary_rpc_method_handler(
            w("Release", parsed(pb.ReleaseRequest, worker.release), known, worker),
            response_serializer=pb.ReleaseResponse.SerializeToString),
        "Info": grpc.unary_unary_rpc_method_handler(
            w("Info", parsed(pb.InfoRequest, worker.info), known, worker),
            response_serializer=pb.InfoResponse.SerializeToString),
        "Trace": grpc.unary_unary_rpc_method_handler(
            w("Trace", parsed(pb.TraceRequest, worker.trace), known, worker),
            response_serializer=pb.TraceResponse.SerializeToString),
        "Transpile": grpc.unary_unary_rpc_method_handler(
            w("Transpile", parsed(pb.TranspileRequest, worker.transpiler.handle), known,
              worker),
            response_serializer=pb.TranspileResponse.SerializeToString),
        "RegisterShm": grpc.unary_unary_rpc_method_handler(
            w("RegisterShm", parsed(pb.ShmRegisterRequest, worker.register_shm), known,
              worker),
            response_serializer=pb.ShmRegisterResponse.SerializeToString),
        "CallStream": grpc.stream_stream_rpc_method_handler(
            wrap_aio_stream("CallStream", worker.call_stream_aio, known, worker) if aio else
            wrap("CallStream", worker.call_stream, known, worker)),
    }
