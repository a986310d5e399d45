"""The HTTP gateway: Ivy's transpile and call endpoints over HTTP, for tools (editors, notebooks,
CI bots), and the browser playground. See docs/service.md.

    POST /v1/transpile      {"code", "entry", "source", "target", "inputs": [{"shape", "dtype"}]}
                            -> {"code", "report", "graph_id", "worker", ...}
    POST /v1/call           call a transpiled graph (or an Ivy function) with JSON arrays
    POST /v1/call.msgpack   the same with a msgpack body (ivy_client's array encoding)
    GET  /v1/health         the gateway and each worker
    GET  /v1/backends       workers, frameworks, versions, devices
    GET  /                  the playground; /docs, /redoc (their assets served from the package,
                            no CDN), /openapi.json

The gateway never runs submitted code: it validates the request and forwards it, with the
caller's bearer token, to the sandboxed workers over gRPC (``ivy_client.AsyncClient``). Errors are
RFC 9457 problem details carrying the workers' gRPC status code.
"""

import asyncio
import base64
import collections
import contextlib
import hashlib
import hmac
import json
import logging
import math
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import numpy as np
from fastapi import Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from ivy_client import AsyncClient, AsyncRemoteGraph, codec
from ivy_client.client import acting_for
from ivy_client.errors import NoWorker, RemoteError, ResourceExhausted
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    ValidationError,
    model_validator,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from typing_extensions import TypeAliasType

from ivy.transpiler.frameworks import FRAMEWORKS
from ivy.transpiler.frameworks import TARGETS as TRANSPILE_TARGETS

from . import problems
from .problems import Problem

log = logging.getLogger("ivy_server.gateway")

STATIC = Path(__file__).resolve().parent / "static"
VERSION = "1.0"
SOURCES, TARGETS = FRAMEWORKS, TRANSPILE_TARGETS  # the transpiler's frameworks (no import of them)
DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128")
MAX_ELEMENTS = 1 << 22  # elements of one input array given or made (16 MiB of float32)
MAX_TOTAL_ELEMENTS = 1 << 24  # elements of all the inputs of one request together
Source = Literal[SOURCES]
Target = Literal[TARGETS]
DType = Literal["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"


@dataclass
class Settings:
    """What a gateway serves: the workers (``ivy_client.config.WorkerSpec``), the accepted bearer
    tokens (empty: no auth), and its limits."""

    workers: list
    tokens: list = field(default_factory=list)
    max_body_bytes: int = 8 << 20
    max_response_bytes: int = 64 << 20
    max_concurrency: int = 4     # per client (token + X-Client-Id, else address)
    max_in_flight: int = 32      # all clients together; beyond, a FIFO queue ...
    max_queue: int = 64          # ... of at most this many ...
    queue_timeout_s: float = 10.0  # ... waiting at most this long (then 429)
    timeout_s: float = 120.0
    body_timeout_s: float = 30.0  # the body must arrive within this after the headers (408)


# -- request and response bodies ---------------------------------------------------------------
#: an array's values in JSON: a number, a boolean, "nan"/"inf"/"-inf", or nested lists of them
#: (complex: [re, im] pairs). The schema says exactly this (issue 33: it said "anything", and
#: `{}` passed the schema to be refused by the server)
Value = TypeAliasType("Value", Union[StrictBool, StrictInt, StrictFloat,
                                     Literal["nan", "inf", "-inf"], list["Value"]])
VALUE_DOC = ("nested lists of numbers/booleans matching shape (complex: [re, im] pairs; "
             "non-finite floats as \"nan\", \"inf\", \"-inf\")")


class Tensor(BaseModel):
    """An array: its shape and dtype, and (optionally) its values as nested JSON lists. A
    /v1/transpile input without values is made by the worker (standard normal floats, small
    non-negative integers, random booleans)."""

    model_config = ConfigDict(extra="forbid")
    shape: list[Annotated[int, Field(ge=0, le=1 << 20)]] = Field(max_length=8)
    dtype: DType = "float32"
    value: Value | None = Field(None, description=VALUE_DOC)


#: a /v1/transpile input's dimension: a size, a name (symbolic: the same name, the same size),
#: a name with its example size ("H=32"), or null (symbolic, a size of its own)
Dim = Union[Annotated[int, Field(ge=0, le=1 << 20)], None,
            Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}(=[0-9]{1,7})?$")]]


class TranspileTensor(Tensor):
    """A /v1/transpile example input: as :class:`Tensor`, and without values a dimension may be
    symbolic — a name (``"B"``: any size, the same wherever the name appears; ``"H=32"`` with its
    example size) or null (any size of its own); the worker chooses example sizes for them
    (docs/transpiler.md, "Symbolic sizes")."""

    shape: list[Dim] = Field(max_length=8)


class CallTensor(Tensor):
    """A /v1/call input: its values are required."""

    value: Value = Field(description=VALUE_DOC)


class TranspileOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["auto", "function", "model"] = "auto"
    weights: Literal["separate", "inline", "none"] = Field(
        "separate", description="a model's weights: in the answer (base64), in the code "
        "(load_params()), or left out")
    verify: bool = Field(True, description="run the emitted code and compare with the source")
    remote_verify: bool = Field(True, description="also verify on the target framework's "
                                "worker when there is one")
    name: str | None = Field(None, pattern=NAME, max_length=100,
                             description="the emitted function's name")
    svg: bool = Field(False, description="include the graph picture (SVG)")
    dynamic: Literal["off", "auto"] = Field(
        "off", description="auto: every input dimension the program does not pin takes any "
        "size in the emitted code and the kept graph (captured again at other sizes, verified "
        "at sizes never captured; the report's dims say which)")


class TranspileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=1_000_000, description="Python source defining `entry`")
    entry: str = Field(pattern=NAME, max_length=100,
                       description="the function (or model class) to transpile")
    source: Source = Field(description="the framework the code is written for")
    target: Target = Field(description="the framework of the emitted code")
    inputs: list[TranspileTensor] = Field(default_factory=list, max_length=32,
                                 description="example inputs (positional)")
    options: TranspileOptions = Field(default_factory=TranspileOptions)


class TensorOut(BaseModel):
    dtype: str
    shape: list[int]
    value: Any = Field(None, description="nested lists (complex: [re, im] pairs; non-finite "
                       "floats as \"nan\", \"inf\", \"-inf\")")
    b64: str | None = Field(None, description="the raw little-endian bytes, base64")


class TranspileOut(BaseModel):
    code: str = Field(description="the emitted standalone source; imports only the target")
    report: dict[str, Any] = Field(description="ops, mappings, verification, timings")
    graph_id: str = Field(description="call the result with POST /v1/call")
    worker: str = Field(description="the worker holding graph_id (pass it to /v1/call)")
    cached: bool
    key: str = Field(description="the request's content hash")
    svg: str | None = None
    weights: dict[str, TensorOut] | None = None


class CallIn(BaseModel):
    # the schema says what _one_target checks: a graph (graph_id and a worker) or a function
    model_config = ConfigDict(extra="forbid", json_schema_extra={"oneOf": [
        {"required": ["graph_id", "worker"],
         "properties": {"graph_id": {"type": "string"}, "worker": {"type": "string",
                                                                    "minLength": 1},
                        "function": {"type": "null"}}},
        {"required": ["function"],
         "properties": {"function": {"type": "string"}, "graph_id": {"type": "null"}}}]})
    graph_id: str | None = Field(None, pattern=r"^g-[0-9a-f]{1,64}$",
                                 description="a graph id from /v1/transpile")
    worker: str | None = Field(None, max_length=200,
                               description="the worker named with the graph id")
    function: str | None = Field(None, pattern=r"^[A-Za-z_][A-Za-z0-9_.]{0,99}$",
                                 description="instead of a graph: a public Ivy function")
    backend: Source | None = Field(None, description="the backend for `function`")
    inputs: list[CallTensor] = Field(default_factory=list, max_length=32)

    @model_validator(mode="after")
    def _one_target(self):
        if (self.graph_id is None) == (self.function is None):
            raise ValueError("give either graph_id (with worker) or function")
        if self.graph_id is not None and not self.worker:
            raise ValueError("graph_id needs the worker the transpile answer named")
        return self


class CallOut(BaseModel):
    outputs: Any = Field(description="the result: arrays as {dtype, shape, value}")


# -- arrays: JSON <-> NumPy --------------------------------------------------------------------
def _np_dtype(name: str):
    if name == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


#: the largest example size a worker chooses for a dimension given by name only
#: (ivy.transpiler.service._EXAMPLE_SIZES)
CHOSEN_SIZE = 20


def _size(d) -> int:
    if d is None:
        return CHOSEN_SIZE
    if isinstance(d, str):
        _, _, size = d.partition("=")
        return int(size) if size else CHOSEN_SIZE
    return int(d)


def _elements(shape) -> int:
    n = 1
    for d in shape:
        n *= _size(d)
    return n


def check_sizes(inputs: list[Tensor]) -> None:
    """Refuse inputs too large to make or hold (each, and all together) before any is made."""
    total = 0
    for i, t in enumerate(inputs):
        n = _elements(t.shape)
        if n > MAX_ELEMENTS:
            raise Problem(422, f"inputs[{i}]: shape {t.shape} has {n} elements, more than the "
                          f"{MAX_ELEMENTS} the gateway accepts for one input")
        total += n
    if total > MAX_TOTAL_ELEMENTS:
        raise Problem(422, f"the inputs have {total} elements together, more than the "
                      f"{MAX_TOTAL_ELEMENTS} the gateway accepts for one request")


def array_of(t: Tensor, where: str) -> np.ndarray:
    if _elements(t.shape) > MAX_ELEMENTS:
        raise Problem(422, f"{where}: shape {t.shape} has more than {MAX_ELEMENTS} elements")
    try:
        dtype = _np_dtype(t.dtype)
        v = t.value
        if dtype.kind == "c" and isinstance(v, list):  # [re, im] pairs
            pairs = np.asarray(v, dtype=np.float64)
            if pairs.shape[-1:] != (2,):
                raise ValueError("complex values are [re, im] pairs")
            a = (pairs[..., 0] + 1j * pairs[..., 1]).astype(dtype)
        else:
            a = np.asarray(v, dtype=dtype)
    except (ValueError, TypeError, OverflowError, ImportError) as e:
        raise Problem(422, f"{where}: the value is not a {t.dtype} array: {e}") from None
    if list(a.shape) != list(t.shape):
        raise Problem(422, f"{where}: the value has shape {list(a.shape)}, not {t.shape}")
    return a


def _finite(v):
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if v != v else ("inf" if v > 0 else "-inf")
    if isinstance(v, list):
        return [_finite(x) for x in v]
    return v


def tensor_out(a, b64: bool = False) -> dict:
    a = np.asarray(a)
    out = {"dtype": a.dtype.name, "shape": list(a.shape)}
    if b64:
        out["b64"] = base64.b64encode(np.ascontiguousarray(a).astype(
            a.dtype.newbyteorder("<")).tobytes()).decode()
        return out
    if a.dtype.kind == "c":
        value = np.stack([a.real, a.imag], axis=-1).astype(np.float64).tolist()
    elif a.dtype.name == "bfloat16":
        value = a.astype(np.float32).tolist()
    else:
        value = a.tolist()
    out["value"] = _finite(value) if a.dtype.kind in "fc" or a.dtype.name == "bfloat16" else value
    return out


def tree_out(x):
    if isinstance(x, np.ndarray | np.generic):
        return tensor_out(x)
    if isinstance(x, dict):
        return {str(k): tree_out(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [tree_out(v) for v in x]
    if isinstance(x, float):
        return _finite(x)
    if isinstance(x, complex):
        return [x.real, x.imag]
    if isinstance(x, str | int | bool) or x is None:
        return x
    return str(x)


def _random_like(t: Tensor, rng) -> np.ndarray:
    shape, dtype = tuple(t.shape), _np_dtype(t.dtype)
    if dtype.kind == "b":
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0, 10, size=shape).astype(dtype)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(np.float32).astype(dtype)


def result_elements(x) -> int:
    """The number of array elements in a call's result (a tree of arrays and scalars)."""
    if isinstance(x, np.ndarray):
        return int(x.size)
    if isinstance(x, dict):
        return sum(result_elements(v) for v in x.values())
    if isinstance(x, list | tuple):
        return sum(result_elements(v) for v in x)
    return 1


def response_too_large(size: str, limit: int) -> Problem:
    """The answer to a call whose result the gateway will not send (larger than
    ``--max-response-mb``): 413, code RESOURCE_EXHAUSTED, no Retry-After (the same call fails
    again)."""
    return Problem(413, f"the response would be {size}, larger than the gateway's limit of "
                   f"{limit} bytes (ivy-gateway --max-response-mb): ask for a smaller result "
                   "(/v1/call.msgpack sends arrays as raw bytes, JSON as text several times "
                   "larger)", title="Response too large")


# -- the pieces around the endpoints -----------------------------------------------------------
class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` (by Content-Length, or as it streams
    in) is answered 413 before the application sees it, and one that has not all arrived
    ``timeout_s`` after the headers is answered 408 (a slow-body client holds no request for
    longer; the headers' own timeout is the server protocol's, ``timeouts.py``)."""

    def __init__(self, app, max_bytes: int, timeout_s: float = 30.0):
        self.app, self.max_bytes, self.timeout_s = app, max_bytes, timeout_s

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = None
        for k, v in scope.get("headers") or ():
            if k == b"content-length":
                try:
                    length = int(v)
                except ValueError:
                    return await problems.response(Problem(
                        400, "the Content-Length header is not a number"))(scope, receive, send)
        too_big = Problem(413, f"the request body is larger than the gateway's limit of "
                          f"{self.max_bytes} bytes (ivy-gateway --max-body-mb)",
                          title="Request body too large")
        if length is not None and length > self.max_bytes:
            return await problems.response(too_big)(scope, receive, send)
        if length is None and scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            return await self.app(scope, receive, send)
        body, more = bytearray(), True
        deadline = time.monotonic() + self.timeout_s
        while more:
            try:
                msg = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return await problems.response(Problem(
                    408, f"the request body did not arrive within the gateway's body timeout of "
                    f"{self.timeout_s:g} s (ivy-gateway --body-timeout-s)",
                    title="Request timeout", headers={"Connection": "close"}))(
                        scope, receive, send)
            if msg["type"] != "http.request":
                return  # the client left
            body += msg.get("body", b"")
            more = msg.get("more_body", False)
            if len(body) > self.max_bytes:
                return await problems.response(too_big)(scope, receive, send)
        done = False

        async def replay():
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)


class Limiter:
    """Fair admission of the requests that go to the workers (issue 33: four stuck requests of
    one client made every other caller with the same token get 429).

    - **per client**: at most ``per_client`` requests of one client in the gateway (running or
      waiting); more get 429 at once. A client is its token (a hash; none without auth) and its
      ``X-Client-Id`` header, else its address: callers sharing one token are apart.
    - **all together**: at most ``slots`` run at once; beyond, a request waits in a FIFO queue
      (at most ``queue`` waiting) for at most ``queue_timeout_s``, then gets 429 with
      Retry-After. Nobody waits for ever, and a client's share of the queue is bounded by its
      own limit.
    """

    def __init__(self, per_client: int, slots: int = 32, queue: int = 64,
                 queue_timeout_s: float = 10.0):
        self.n = max(1, int(per_client))
        self.slots, self.queue = max(1, int(slots)), max(0, int(queue))
        self.queue_timeout_s = float(queue_timeout_s)
        self.busy: dict[str, int] = {}
        self.running = 0
        self.waiters: collections.deque = collections.deque()

    @contextlib.asynccontextmanager
    async def hold(self, who: str):
        held = self.busy.get(who, 0)
        if held >= self.n:
            raise Problem(429, f"this client already has {self.n} requests in flight (the "
                          "gateway's per-client limit, ivy-gateway --max-concurrency; a client "
                          "is its token and X-Client-Id header, else its address): retry after "
                          "one finishes", title="Too many requests in flight",
                          headers={"Retry-After": "1"})
        self.busy[who] = held + 1
        try:
            await self._acquire()
            try:
                yield
            finally:
                self._release()
        finally:
            left = self.busy[who] - 1
            if left:
                self.busy[who] = left
            else:
                del self.busy[who]

    def _busy(self, why: str) -> Problem:
        return Problem(429, f"the gateway is busy: {why} ({self.running} requests running, "
                       f"{len(self.waiters)} waiting; ivy-gateway --max-in-flight {self.slots}, "
                       f"--max-queue {self.queue}, --queue-timeout-s {self.queue_timeout_s:g}): "
                       "retry after a short back-off", title="Gateway busy",
                       headers={"Retry-After": str(max(1, math.ceil(self.queue_timeout_s)))})

    async def _acquire(self) -> None:
        if self.running < self.slots and not self.waiters:
            self.running += 1
            return
        if len(self.waiters) >= self.queue:
            raise self._busy("the queue is full")
        loop = asyncio.get_running_loop()
        slot = loop.create_future()
        self.waiters.append(slot)
        timer = loop.call_later(self.queue_timeout_s, lambda: slot.done() or slot.set_result(
            False))
        try:
            given = await slot
        except BaseException:  # cancelled (the client left): give back a slot handed over
            timer.cancel()
            if slot.done() and not slot.cancelled() and slot.result():
                self._release()
            else:
                with contextlib.suppress(ValueError):
                    self.waiters.remove(slot)
            raise
        timer.cancel()
        if not given:  # the queue timeout: it left the queue when the timer fired
            with contextlib.suppress(ValueError):
                self.waiters.remove(slot)
            raise self._busy(f"waited {self.queue_timeout_s:g} s for a free slot")

    def _release(self) -> None:
        while self.waiters:  # hand the slot to the longest waiting request
            slot = self.waiters.popleft()
            if not slot.done():
                slot.set_result(True)
                return
        self.running -= 1


def _restrict_enum(node, full: list, served: list) -> None:
    """Replace every ``enum`` equal to ``full`` under ``node`` (a JSON schema) by ``served``."""
    if isinstance(node, dict):
        if node.get("enum") == full:
            node["enum"] = list(served)
        for v in node.values():
            _restrict_enum(v, full, served)
    elif isinstance(node, list):
        for v in node:
            _restrict_enum(v, full, served)


def _validation_errors(exc: RequestValidationError) -> list[dict]:
    out = []
    for e in exc.errors()[:20]:
        out.append({"loc": [str(x) for x in e.get("loc", ())], "msg": str(e.get("msg", "")),
                    "type": str(e.get("type", ""))})
    return out


# -- the application ---------------------------------------------------------------------------
def create_app(settings: Settings) -> FastAPI:
    started = time.monotonic()
    clients: dict[str | None, AsyncClient] = {}
    health_channels: dict = {}
    limiter = Limiter(settings.max_concurrency, settings.max_in_flight, settings.max_queue,
                      settings.queue_timeout_s)
    addresses = {w.address: w for w in settings.workers}
    device_of: dict[str, str] = {}  # a framework's requests go to its first configured worker's
    for w in settings.workers:      # device (the gateway routes by framework only)
        device_of.setdefault(w.backend, w.device)
    bearer = HTTPBearer(auto_error=False, description="the workers' token (IVY_AUTH_TOKEN)")

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        for c in list(clients.values()):
            await c.close()
        for ch in list(health_channels.values()):
            await ch.close()

    # FastAPIOffline: FastAPI whose /docs (Swagger UI) and /redoc load their scripts and styles
    # from the fastapi-offline package (served at /static-offline-docs), not from a CDN: the
    # API docs work without the internet (issue 37)
    app = FastAPIOffline(
        title="Ivy transpile gateway", version=VERSION, lifespan=lifespan,
        description=(
            "Transpile Python functions and models between NumPy, PyTorch, JAX and TensorFlow, "
            "and call the results, over HTTP. The gateway forwards every request to Ivy's "
            "sandboxed gRPC workers; it never runs submitted code itself. Errors are RFC 9457 "
            "problem details (`application/problem+json`) whose `code` is the workers' gRPC "
            "status. Every /v1 endpoint but /v1/health needs `Authorization: Bearer <token>` "
            "(the workers' token). See docs/service.md."))
    served = [b for b in SOURCES if b in device_of]
    schema_of_app = app.openapi

    def openapi():
        """FastAPI's schema, with the frameworks this gateway has workers for as the only
        `source`s and `backend`s (the others answer 422 here: the schema says so)."""
        if app.openapi_schema is None:
            schema = schema_of_app()
            models = schema.get("components", {}).get("schemas", {})
            if served:
                for model, prop in (("TranspileIn", "source"), ("CallIn", "backend")):
                    node = models.get(model, {}).get("properties", {}).get(prop)
                    if node is not None:
                        _restrict_enum(node, list(SOURCES), served)
        return app.openapi_schema

    app.openapi = openapi
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes,
                       timeout_s=settings.body_timeout_s)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Problem)
    async def _problem(request: Request, exc: Problem):
        return problems.response(exc, request.url.path)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        errs = _validation_errors(exc)
        first = errs[0] if errs else {"loc": [], "msg": "invalid request"}
        return problems.response(Problem(
            422, f"invalid request: {'.'.join(first['loc'])}: {first['msg']}",
            title="Invalid request", errors=errs), request.url.path)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 400:  # FastAPI's "There was an error parsing the body" (a body
            # that is not UTF-8): 422, as every other unparseable or invalid body (issue 33)
            return problems.response(Problem(
                422, "invalid request: body: the body is not JSON (UTF-8)", title="Invalid "
                "request", errors=[{"loc": ["body"], "msg": "the body is not JSON (UTF-8)",
                                    "type": "json_invalid"}]), request.url.path)
        return problems.response(Problem(exc.status_code, str(exc.detail),
                                         headers=getattr(exc, "headers", None)),
                                 request.url.path)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception):  # a bug in the gateway: logged, 500
        log.exception("unhandled error on %s", request.url.path)
        return problems.response(Problem(500, f"internal error in the gateway: "
                                         f"{type(exc).__name__}"), request.url.path)

    def remote_problem(e) -> Problem:
        """A worker's failure as a problem: an answer over the gateway's receive limit (refused
        by gRPC on receipt: a call's result, a transpiled model's weights) is a 413; a deadline
        says which limit ended the request."""
        if isinstance(e, ResourceExhausted) and "larger than max" in e.message:
            return response_too_large("larger than that", settings.max_response_bytes)
        p = problems.from_remote(e)
        if p.code == "DEADLINE_EXCEEDED" and "--sandbox-wall-s" not in p.detail:
            p.detail = (f"the request ran past the gateway's deadline of {settings.timeout_s:g} s "
                        f"(ivy-gateway --timeout-s): {p.detail}")
        return p

    def client_for(token: str | None) -> AsyncClient:
        c = clients.get(token)
        if c is None:
            # the gateway never receives a worker's answer much larger than what it may send
            # (nor streams one: max_stream_mb=0); a larger one is refused by gRPC on receipt
            receive_mb = math.ceil(max(settings.max_response_bytes,
                                       settings.max_body_bytes) / 2**20) + 1
            # token "" (no auth here): send none, never the token file's (ivy_client's default)
            c = clients[token] = AsyncClient(settings.workers, token=token or "",
                                             timeout=settings.timeout_s,
                                             max_message_mb=receive_mb, max_stream_mb=0)
        return c

    async def identity(request: Request,
                       creds: HTTPAuthorizationCredentials | None = Depends(bearer),
                       x_client_id: Annotated[str | None, Header(
                           description="who the caller is for the per-client limit (callers "
                           "sharing a token are apart; default: the caller's address)")] = None):
        """(who, token): the caller's identity for the concurrency limit (its token and client
        id, else its address) and its token."""
        if x_client_id:
            client = "id:" + hashlib.sha256(x_client_id.encode("utf-8", "replace")).hexdigest()[:16]
        else:
            client = "addr:" + (request.client.host if request.client else "?")
        if not settings.tokens:
            return client, None
        given = creds.credentials if creds is not None else ""
        ok = False
        for t in settings.tokens:  # compare with every token: timing says nothing
            ok |= secrets.compare_digest(given.encode("utf-8", "replace"), t.encode())
        if not ok and not given:  # no token and a wrong one: both 401, told apart (RFC 6750)
            raise Problem(401, "no token: this gateway needs 'Authorization: Bearer <token>' "
                          "with the workers' token (IVY_AUTH_TOKEN; ivy-serve writes it to "
                          "~/.config/ivy/token)", title="Token missing",
                          headers={"WWW-Authenticate": 'Bearer realm="ivy"'})
        if not ok:
            raise Problem(401, "wrong token: the 'Authorization: Bearer <token>' sent is not "
                          "one this gateway accepts (the workers' IVY_AUTH_TOKEN, which ivy-serve writes to "
                          "~/.config/ivy/token; a restarted ivy-serve given another token "
                          "makes the old one wrong)", title="Token not accepted",
                          headers={"WWW-Authenticate": 'Bearer realm="ivy", '
                                   'error="invalid_token"'})
        return "tok:" + hashlib.sha256(given.encode()).hexdigest()[:16] + "/" + client, given

    # -- pages -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(STATIC / "index.html", media_type="text/html")

    # -- health and backends -----------------------------------------------------------------
    async def worker_health(w) -> str:
        import grpc
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        ch = health_channels.get(w.address)
        if ch is None:
            ch = health_channels[w.address] = grpc.aio.insecure_channel(w.address)
        try:
            r = await health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(),
                                                           timeout=2.0)
        except grpc.RpcError as e:
            code = e.code()
            return "UNREACHABLE" if code in (grpc.StatusCode.UNAVAILABLE,
                                             grpc.StatusCode.DEADLINE_EXCEEDED) else code.name
        return health_pb2.HealthCheckResponse.ServingStatus.Name(r.status)

    @app.get("/v1/health", summary="The gateway and each worker")
    async def health():
        """Always 200 while the gateway serves; `status` is "ok" when every worker is SERVING,
        else "degraded" (each worker's status is listed)."""
        states = await asyncio.gather(*(worker_health(w) for w in settings.workers))
        workers = [{"name": w.name, "backend": w.backend, "device": w.device,
                    "address": w.address, "status": s}
                   for w, s in zip(settings.workers, states, strict=True)]
        ok = all(s == "SERVING" for s in states)
        return {"status": "ok" if ok else "degraded",
                "gateway": {"status": "SERVING", "version": VERSION, "pid": os.getpid(),
                            "uptime_s": round(time.monotonic() - started, 3),
                            "auth": bool(settings.tokens)},
                "workers": workers}

    @app.get("/v1/backends", summary="Workers, frameworks, versions, devices",
             responses=problems.openapi_responses(401))
    async def backends(who: tuple = Depends(identity)):
        client = client_for(who[1])

        async def one(w):
            entry = {"name": w.name, "backend": w.backend, "device": w.device,
                     "address": w.address}
            try:
                i = await client.info(address=w.address, brief=True, timeout=3.0)
            except RemoteError as e:
                entry.update(status=e.code, error=e.message[:300])
                return entry
            entry.update(status="SERVING", framework_version=i["framework_version"],
                         ivy_version=i["ivy_version"], code_execution=i["code_execution"],
                         pid=i["pid"], max_message_bytes=i["max_message_bytes"])
            return entry

        workers = await asyncio.gather(*(one(w) for w in settings.workers))
        up = [w for w in workers if w["status"] == "SERVING"]
        return {"workers": workers,
                "frameworks": sorted({w["backend"] for w in up}),
                "sources": sorted({w["backend"] for w in up if w.get("code_execution")}),
                "targets": list(TARGETS)}

    # -- transpile ---------------------------------------------------------------------------
    @app.post("/v1/transpile", response_model=TranspileOut, response_model_exclude_none=True,
              summary="Transpile a function or model",
              responses=problems.openapi_responses(401, 404, 408, 413, 422, 429, 503, 504))
    async def transpile(body: TranspileIn, who: tuple = Depends(identity)):
        """Transpile `entry` of `code` from `source` to `target` on the source framework's
        worker (in its sandbox), verified there and, when there is one, on the target
        framework's worker. A conversion that cannot be shown correct is a 422 problem whose
        detail names the operation and the line.

        Time limits of the submitted code (set on the workers): its sandbox's CPU-time limit
        (`--sandbox-cpu-s`, 20 s by default) ends it with a 422 naming the limit (the same code
        fails again: do not retry it); its wall-time limit (`--sandbox-wall-s`, by default the
        CPU limit + 5 s, counted once the sandbox's frameworks are imported) ends code that
        sleeps with a 504 naming it. 429 (with Retry-After) only ever means "busy"."""
        check_sizes(body.inputs)  # before anything is made from a shape
        specs, args = None, []
        named = [i for i, t in enumerate(body.inputs)
                 if any(not isinstance(d, int) for d in t.shape)]
        if named and any(t.value is not None for t in body.inputs):
            raise Problem(422, f"inputs[{named[0]}]: a named or null dimension is for inputs "
                          "the worker makes (give no value in any input, or sizes only)")
        if any(t.value is not None for t in body.inputs):
            rng = np.random.default_rng(0)
            args = [array_of(t, f"inputs[{i}]") if t.value is not None else
                    _random_like(t, rng) for i, t in enumerate(body.inputs)]
        else:
            specs = [{"shape": t.shape, "dtype": t.dtype} for t in body.inputs]
        o = body.options
        async with limiter.hold(who[0]):
            try:
                r = await client_for(who[1]).transpile(
                    body.code, body.entry, *args, source=body.source, target=body.target,
                    input_specs=specs, kind=o.kind, weights=o.weights, verify=o.verify,
                    remote_verify=o.remote_verify, name=o.name, graph=o.svg, keep=True,
                    dynamic=o.dynamic,
                    device=device_of.get(body.source), timeout=settings.timeout_s)
            except RemoteError as e:
                raise remote_problem(e) from None
            except NoWorker as e:
                raise Problem(422, f"{e}", code="FAILED_PRECONDITION",
                              title="No worker for this framework") from None
        out = {"code": r.code, "report": r.report, "graph_id": r.graph_id, "worker": r.address,
               "cached": r.cached, "key": r.key}
        if o.svg:
            out["svg"] = r.svg
        if r.weights:
            out["weights"] = {k: tensor_out(v, b64=True) for k, v in r.weights.items()}
        return out

    # -- call ----------------------------------------------------------------------------------
    stream_key = secrets.token_bytes(16)  # caller -> its client id on the workers

    async def run_call(body: CallIn, args: list, kwargs: dict, token: str | None,
                       caller: str):
        client = client_for(token)
        # each HTTP caller (token + X-Client-Id, else address) has its own random stream on the
        # workers: its id there is a keyed hash, which nobody else can compute and send
        stream_id = hmac.new(stream_key, caller.encode(), "sha256").hexdigest()[:24]
        try:
            with acting_for("gw-" + stream_id):
                if body.graph_id is not None:
                    if body.worker not in addresses:
                        raise Problem(404, f"{body.worker!r} is not a worker of this gateway "
                                      f"(workers: {', '.join(addresses)})")
                    graph = AsyncRemoteGraph(client, body.worker, body.graph_id, {}, None)
                    return await graph(*args, timeout=settings.timeout_s, **kwargs)
                return await client.call(body.function, *args, backend=body.backend,
                                         device=device_of.get(body.backend or "", None),
                                         timeout=settings.timeout_s, fn_kwargs=kwargs)
        except RemoteError as e:
            raise remote_problem(e) from None
        except NoWorker as e:
            raise Problem(422, f"{e}", code="FAILED_PRECONDITION",
                          title="No worker for this framework") from None

    @app.post("/v1/call", response_model=CallOut, summary="Call a transpiled graph or an Ivy "
              "function (JSON)", responses=problems.openapi_responses(401, 404, 408, 413, 422,
                                                                      429, 503, 504))
    async def call(body: CallIn, who: tuple = Depends(identity)):
        """Run the graph a /v1/transpile answer named (`graph_id` on `worker`), or a public Ivy
        function on `backend`, on JSON arrays (every input needs its `value`)."""
        check_sizes(body.inputs)
        args = [array_of(t, f"inputs[{i}]") for i, t in enumerate(body.inputs)]
        async with limiter.hold(who[0]):
            result = await run_call(body, args, {}, who[1], who[0])
        limit = settings.max_response_bytes
        n = result_elements(result)
        if 2 * n > limit or n > MAX_ELEMENTS:  # before any list is made: an element is at
            # least 2 characters of JSON ("0,") and ~30 bytes of Python objects while rendered
            raise response_too_large(
                f"{n} elements of JSON (at least {2 * n} bytes; JSON results hold at most "
                f"{MAX_ELEMENTS} elements, as one input)", limit)
        text = json.dumps({"outputs": tree_out(result)}, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode()
        del result
        if len(text) > limit:
            raise response_too_large(f"{len(text)} bytes of JSON", limit)
        return Response(text, media_type="application/json")

    @app.post("/v1/call.msgpack", summary="Call a transpiled graph or an Ivy function (msgpack)",
              responses=problems.openapi_responses(401, 404, 408, 413, 422, 429, 503, 504),
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/msgpack": {"schema": {"type": "string", "format": "binary"}}},
                  "description": "msgpack map {graph_id, worker} or {function, backend}, plus "
                  "args (list) and kwargs (map); arrays in ivy_client's encoding "
                  "(ivy_client.codec.encode)"}})
    async def call_msgpack(request: Request, who: tuple = Depends(identity)):
        """The same as /v1/call with a msgpack body and answer (`ivy_client.codec`: arrays as
        raw bytes, no JSON lists)."""
        raw = await request.body()
        try:
            doc = codec.decode(raw)
        except ValueError as e:
            raise Problem(422, f"the body is not a valid msgpack document: {e}") from None
        if not isinstance(doc, dict):
            raise Problem(422, "the msgpack body must be a map")
        args, kwargs = doc.pop("args", []), doc.pop("kwargs", {})
        if not isinstance(args, list) or not isinstance(kwargs, dict) or not all(
                isinstance(k, str) for k in kwargs):
            raise Problem(422, "args must be a list and kwargs a map with string keys")
        try:
            body = CallIn.model_validate(doc)
        except ValidationError as e:
            raise RequestValidationError(e.errors()) from None
        async with limiter.hold(who[0]):
            result = await run_call(body, args, kwargs, who[1], who[0])
        out = codec.encode({"outputs": result})
        del result
        if len(out) > settings.max_response_bytes:
            raise response_too_large(f"{len(out)} bytes", settings.max_response_bytes)
        return Response(out, media_type="application/msgpack")

    return app
