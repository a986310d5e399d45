"""Exceptions the client raises: one per gRPC status, each carrying the worker's message."""

from __future__ import annotations


class RemoteError(Exception):
    """A call failed on (or on the way to) a worker. ``code`` is the gRPC status name."""

    code = "UNKNOWN"

    def __init__(self, message: str, *, address: str | None = None,
                 request_id: str | None = None):
        super().__init__(message)
        self.message = message
        self.address = address
        self.request_id = request_id

    def __str__(self):
        where = f" [worker {self.address}" + (f", request {self.request_id}]" if self.request_id
                                               else "]") if self.address else ""
        return f"{self.message}{where}"


class NotFound(RemoteError, LookupError):
    """Unknown function name (the message lists close matches), handle or graph."""
    code = "NOT_FOUND"


class InvalidArgument(RemoteError, ValueError):
    """The function rejected its arguments, or the message was malformed."""
    code = "INVALID_ARGUMENT"


class Unimplemented(RemoteError, NotImplementedError):
    """The worker's backend lacks this function (or the RPC is switched off)."""
    code = "UNIMPLEMENTED"


class ResourceExhausted(RemoteError):
    """A message over the size limit, the worker's memory cap, or an out-of-memory error."""
    code = "RESOURCE_EXHAUSTED"


class Unauthenticated(RemoteError):
    """The worker wants ``authorization: Bearer <token>`` and did not get the right one."""
    code = "UNAUTHENTICATED"


class PermissionDenied(RemoteError):
    """The worker refuses this RPC (e.g. Trace without --allow-code-execution)."""
    code = "PERMISSION_DENIED"


class Unavailable(RemoteError, ConnectionError):
    """No worker answers at the address (not started, shutting down, restarting)."""
    code = "UNAVAILABLE"


class DeadlineExceeded(RemoteError, TimeoutError):
    """The call did not finish within its timeout."""
    code = "DEADLINE_EXCEEDED"


class Cancelled(RemoteError):
    code = "CANCELLED"


class Internal(RemoteError):
    """A bug in the worker (the message says where); the worker keeps serving."""
    code = "INTERNAL"


class NoWorker(LookupError):
    """No worker is configured for the (backend, device) asked for; the message lists them."""


BY_CODE: dict[str, type[RemoteError]] = {
    c.code: c for c in (NotFound, InvalidArgument, Unimplemented, ResourceExhausted,
                        Unauthenticated, PermissionDenied, Unavailable, DeadlineExceeded,
                        Cancelled, Internal)
}


def from_rpc_error(e, address: str | None = None, request_id: str | None = None) -> RemoteError:
    """The RemoteError subclass for a ``grpc.RpcError`` (``grpc.aio.AioRpcError`` too)."""
    try:
        code = e.code()
        name = code.name if code is not None else "UNKNOWN"
        details = e.details() or name
    except Exception:  # a non-call RpcError
        name, details = "UNKNOWN", str(e)
    if name == "RESOURCE_EXHAUSTED" and "larger than max" in details:
        details += (" (the per-message limit: start the worker with --max-message-mb N and "
                    "create the client with Client(max_message_mb=N) to raise it)")
    cls = BY_CODE.get(name, RemoteError)
    err = cls(details, address=address, request_id=request_id)
    if cls is RemoteError:
        err.code = name
    return err
