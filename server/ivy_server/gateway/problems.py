"""Errors as RFC 9457 problem details (``application/problem+json``), with the gRPC status the
workers answered (the same codes the gRPC side uses).

``{"type": "urn:ivy:problem:invalid-argument", "title": "Invalid argument", "status": 422,
"detail": "transpile torch -> jax: operation aten.foo.default at submitted.py:3: ...",
"code": "INVALID_ARGUMENT", "request_id": "..."}``
"""

from __future__ import annotations

from starlette.responses import JSONResponse

MEDIA_TYPE = "application/problem+json"

#: gRPC status -> HTTP status (a transpile that cannot be shown correct is INVALID_ARGUMENT: 422)
HTTP_OF_GRPC = {
    "INVALID_ARGUMENT": 422,
    "FAILED_PRECONDITION": 422,
    "OUT_OF_RANGE": 422,
    "NOT_FOUND": 404,
    "ALREADY_EXISTS": 409,
    "ABORTED": 409,
    "PERMISSION_DENIED": 403,
    "UNAUTHENTICATED": 401,
    "RESOURCE_EXHAUSTED": 429,
    "CANCELLED": 499,
    "DEADLINE_EXCEEDED": 504,
    "UNAVAILABLE": 503,
    "UNIMPLEMENTED": 501,
    "INTERNAL": 500,
    "UNKNOWN": 500,
    "DATA_LOSS": 500,
}
#: HTTP status -> the gRPC status a problem the gateway raises itself carries
GRPC_OF_HTTP = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
                404: "NOT_FOUND", 405: "UNIMPLEMENTED", 408: "DEADLINE_EXCEEDED",
                413: "RESOURCE_EXHAUSTED",
                415: "INVALID_ARGUMENT", 422: "INVALID_ARGUMENT", 429: "RESOURCE_EXHAUSTED",
                500: "INTERNAL", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}


def _slug(code: str) -> str:
    return code.lower().replace("_", "-")


class Problem(Exception):
    """Raised anywhere in the gateway; answered as problem details."""

    def __init__(self, status: int, detail: str, *, code: str | None = None,
                 title: str | None = None, headers: dict | None = None, **extra):
        super().__init__(detail)
        self.status = status
        self.code = code or GRPC_OF_HTTP.get(status, "UNKNOWN")
        self.title = title or self.code.replace("_", " ").capitalize()
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra


def from_remote(e) -> Problem:
    """The problem for an ``ivy_client.RemoteError`` (the worker's gRPC status and message)."""
    code = getattr(e, "code", "UNKNOWN") or "UNKNOWN"
    headers = {"Retry-After": "1"} if code in ("RESOURCE_EXHAUSTED", "UNAVAILABLE") else None
    extra = {"request_id": e.request_id} if getattr(e, "request_id", None) else {}
    return Problem(HTTP_OF_GRPC.get(code, 500), getattr(e, "message", str(e)), code=code,
                   headers=headers, **extra)


def response(p: Problem, instance: str | None = None) -> JSONResponse:
    body = {"type": f"urn:ivy:problem:{_slug(p.code)}", "title": p.title, "status": p.status,
            "detail": p.detail, "code": p.code}
    if instance:
        body["instance"] = instance
    body.update(p.extra)
    return JSONResponse(body, status_code=p.status, headers=p.headers, media_type=MEDIA_TYPE)


#: the schema of a problem (for the OpenAPI document's error responses)
SCHEMA = {
    "type": "object",
    "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {"type": "string", "description": "urn:ivy:problem:<the gRPC code, kebab-case>"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string", "description": "what went wrong; a failed transpile names "
                   "the operation and the line of the submitted code"},
        "code": {"type": "string", "description": "the gRPC status code (as the workers use)"},
        "instance": {"type": "string"},
        "request_id": {"type": "string"},
        "errors": {"type": "array", "items": {"type": "object"}},
    },
}


def openapi_responses(*statuses: int) -> dict:
    return {s: {"description": {401: "missing or wrong bearer token", 404: "not found",
                                413: "request body too large (--max-body-mb), or response too "
                                "large (--max-response-mb)", 422: "invalid request: the body "
                                "does not match this schema or is not JSON; or what a schema "
                                "cannot say: a value whose nesting does not match its shape, "
                                "a msgpack body that is not a map of the call's fields, code "
                                "that cannot be transpiled (or shown correct), arguments the "
                                "function rejects, a framework without a worker here; or "
                                "submitted code that exceeded its sandbox's CPU-time limit "
                                "(the workers' --sandbox-cpu-s, 20 s by default) or memory "
                                "limit (--sandbox-memory-mb, 2048 MiB): the detail names the "
                                "limit; the same code fails again, so do not retry it",
                                408: "the request body did not arrive within the "
                                "gateway's body timeout (--body-timeout-s)",
                                429: "too many requests in flight for this client "
                                "(--max-concurrency), the gateway busy past its queue's timeout "
                                "(--queue-timeout-s), or a worker's shared limit (its "
                                "memory cap, its queue); retry after Retry-After",
                                503: "no worker answered",
                                504: "the deadline passed: the gateway's --timeout-s, or the "
                                "workers' sandbox wall-time limit (--sandbox-wall-s, by default "
                                "the CPU-time limit + 5 s, counted once the sandbox's "
                                "frameworks are imported: code that sleeps ends there); the "
                                "detail names it"}.get(s, "error"),
                "content": {MEDIA_TYPE: {"schema": SCHEMA}}} for s in statuses}
