"""The one place where exceptions become gRPC status codes.

``status_of(exc)`` -> ``(grpc.StatusCode, message)``. The message is ``str(exc)`` plus its
``__notes__`` (Ivy adds one naming the function and backend), prefixed by the exception type when
it is not Ivy's own. Mapping:

- :class:`RpcFailure` (raised by the worker itself): its code.
- ``ivy.UnsupportedBackendError``, ``ivy.UnsupportedDtypeError``, ``NotImplementedError``,
  TensorFlow's ``UnimplementedError``: UNIMPLEMENTED.
- ``MemoryError``, torch's ``OutOfMemoryError``, TensorFlow's ``ResourceExhaustedError``, XLA's
  ``RESOURCE_EXHAUSTED`` and "can't allocate memory" runtime errors: RESOURCE_EXHAUSTED.
- ``ivy_client.codec.CodecError`` (malformed message) and anything else the called function
  raises (``TypeError``, ``ValueError``, ``IndexError``, torch ``RuntimeError``, TF
  ``InvalidArgumentError``, ...): INVALID_ARGUMENT. The function was given arguments it rejects.

Echoes are bounded: a client-supplied name goes into a message through :func:`short` (at most
``NAME_CHARS`` characters, then "…"), and every message leaving :func:`status_of` is cut to at
most ``MESSAGE_BYTES`` bytes *as gRPC sends it* (the ``grpc-message`` header percent-encodes
every byte outside printable ASCII, so one "é" costs 6 bytes there). A 20,000-character function
name therefore answers NOT_FOUND with a short message, not a transport error about metadata size.
"""

from __future__ import annotations

import grpc
from ivy_client.codec import CodecError

import ivy

NAME_CHARS = 100  # client-supplied names (functions, handles, graphs) echoed at most this long
MESSAGE_BYTES = 4096  # a status message on the wire (percent-encoded) is at most this long


class RpcFailure(Exception):
    """An error the worker raises on purpose with a definite status code."""

    def __init__(self, code: grpc.StatusCode, message: str):
        super().__init__(message)
        self.code = code


def not_found(message: str) -> RpcFailure:
    return RpcFailure(grpc.StatusCode.NOT_FOUND, message)


def invalid(message: str) -> RpcFailure:
    return RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, message)


def exhausted(message: str) -> RpcFailure:
    return RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED, message)


def unavailable(message: str) -> RpcFailure:
    return RpcFailure(grpc.StatusCode.UNAVAILABLE, message)


def short(value, limit: int = NAME_CHARS) -> str:
    """``repr`` of a client-supplied name, cut to ``limit`` characters ("…" and the full length
    mark a cut)."""
    s = value if isinstance(value, str) else str(value)
    if len(s) <= limit:
        return repr(s)
    return f"{s[:limit]!r}… ({len(s)} characters)"


def _wire_cost(ch: str) -> int:
    o = ord(ch)
    if 0x20 <= o < 0x7F and ch != "%":
        return 1
    return 3 * len(ch.encode("utf-8", "replace"))


def cap(message: str, limit: int = MESSAGE_BYTES) -> str:
    """``message`` cut so that gRPC's percent-encoded ``grpc-message`` is at most ``limit``
    bytes; also makes it valid UTF-8 (lone surrogates become "?")."""
    if len(message) <= limit // 3 and message.isascii():
        return message
    message = message.encode("utf-8", "replace").decode("utf-8")
    total = 0
    for ch in message:
        total += _wire_cost(ch)
    if total <= limit:
        return message
    tail = f" … [message cut: {len(message)} characters]"
    budget = limit - sum(_wire_cost(c) for c in tail)
    used = 0
    for i, ch in enumerate(message):
        used += _wire_cost(ch)
        if used > budget:
            return message[:i] + tail
    return message  # not reached


def _is_oom(e: BaseException) -> bool:
    name = type(e).__name__
    if isinstance(e, MemoryError) or name in ("OutOfMemoryError", "ResourceExhaustedError"):
        return True
    text = str(e)[:500]
    return ("RESOURCE_EXHAUSTED" in text or "can't allocate memory" in text
            or "Out of memory" in text or "out of memory" in text)


def message_of(e: BaseException) -> str:
    text = str(e)
    if not isinstance(e, (ivy.IvyError, RpcFailure)):
        text = f"{type(e).__name__}: {text}" if text else type(e).__name__
    notes = getattr(e, "__notes__", None)
    if notes:
        text = text + " " + " ".join(str(n) for n in notes)
    return text


def _status(e: BaseException) -> tuple[grpc.StatusCode, str]:
    if isinstance(e, RpcFailure):
        return e.code, str(e)
    msg = message_of(e)
    if isinstance(e, CodecError):  # before _is_oom: a client controls part of this text
        return grpc.StatusCode.INVALID_ARGUMENT, msg
    if isinstance(e, (ivy.UnsupportedBackendError, ivy.UnsupportedDtypeError,
                      NotImplementedError)) or type(e).__name__ == "UnimplementedError":
        return grpc.StatusCode.UNIMPLEMENTED, msg
    if _is_oom(e):
        return grpc.StatusCode.RESOURCE_EXHAUSTED, msg
    return grpc.StatusCode.INVALID_ARGUMENT, msg


def status_of(e: BaseException) -> tuple[grpc.StatusCode, str]:
    """The gRPC status code and (bounded) message for an exception raised while serving a
    request."""
    code, msg = _status(e)
    return code, cap(msg)
