"""Exceptions the client raises: one per gRPC status, each carrying the worker's message."""

from __future__ import annotations

import re


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


# Framework boilerplate that says nothing about the error: JAX's note on its filtered traceback
# (with its "-----" separator), TensorFlow's "{{function_node ...}}" prefix and empty "name: "
# suffix, torch's C++ frame dump ("Exception raised from ... frame #0: ...").
_NOISE = [
    (re.compile(r"\s*-{8,}\s*\n?\s*For simplicity, JAX has removed its internal frames from the "
                r"traceback of the following exception\. Set JAX_TRACEBACK_FILTERING=off to "
                r"include these\.\s*"), " "),
    (re.compile(r"\s*For simplicity, JAX has removed its internal frames[^\n]*?include these\.\s*"),
     " "),
    (re.compile(r"\{\{function_node [^}]*\}\}\s*"), ""),
    (re.compile(r"(\[Op:[A-Za-z0-9_]+\])\s*name:\s*(?=\s|$|\()"), r"\1 "),
    (re.compile(r"\s*Exception raised from [^\n]*\n(?:\s*frame #\d+:[^\n]*\n?)+\s*"), " "),
    (re.compile(r"\s*\n\s*-{8,}\s*(?:\n|$)"), "\n"),
    (re.compile(r"\s*-{8,}\s*$"), ""),
]


def clean_message(text: str) -> str:
    """``text`` without framework boilerplate (see ``_NOISE``); the error itself is kept."""
    for pattern, repl in _NOISE:
        text = pattern.sub(repl, text)
    return text.strip()


# gRPC's own wording when nothing answers at an address (it calls addresses "backends").
_DOWN = re.compile(r"failed to connect to all addresses|connections to all backends failing|"
                   r"Failed to connect to remote host|DNS resolution failed|Connection refused|"
                   r"Socket closed|Connection reset|Broken pipe|Endpoint closing|"
                   r"failed to connect|Network is unreachable|No route to host", re.I)
_REASON = re.compile(r"(Connection refused|Connection reset by peer|Connection reset|"
                     r"Socket closed|Broken pipe|Endpoint closing|DNS resolution failed[^;]*|"
                     r"Network is unreachable|No route to host|Connection timed out|"
                     r"Timeout occurred)", re.I)


def down_message(details: str, address: str | None, worker: str | None = None) -> str:
    """The message for "no worker answered": which worker and address, why, and what to run."""
    m = _REASON.search(details)
    reason = m.group(1).rstrip(" :") if m else "no answer"
    who = f"the {worker} worker" if worker else "the worker"
    where = f" at {address}" if address else ""
    return (f"{who}{where} did not answer ({reason.lower() if m else reason}): is it running? "
            "Start the workers with `ivy-serve` and check them with `ivy-serve status`")


def from_rpc_error(e, address: str | None = None, request_id: str | None = None,
                   worker: str | None = None) -> RemoteError:
    """The RemoteError subclass for a ``grpc.RpcError`` (``grpc.aio.AioRpcError`` too).

    ``worker`` names the worker asked (e.g. ``"numpy@cpu"``) for "did not answer" messages.
    """
    try:
        code = e.code()
        name = code.name if code is not None else "UNKNOWN"
        details = e.details() or name
    except Exception:  # a non-call RpcError
        name, details = "UNKNOWN", str(e)
    if name == "UNAVAILABLE" and _DOWN.search(details):
        details = down_message(details, address, worker)
    elif name == "RESOURCE_EXHAUSTED" and "larger than max" in details:
        details += (" (the per-message limit: start the worker with --max-message-mb N and "
                    "create the client with Client(max_message_mb=N) to raise it)")
    else:
        details = clean_message(details)
    cls = BY_CODE.get(name, RemoteError)
    err = cls(details, address=address, request_id=request_id)
    if cls is RemoteError:
        err.code = name
    return err
