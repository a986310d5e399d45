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
"""

from __future__ import annotations

import grpc

import ivy


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


def status_of(e: BaseException) -> tuple[grpc.StatusCode, str]:
    """The gRPC status code and message for an exception raised while serving a request."""
    if isinstance(e, RpcFailure):
        return e.code, str(e)
    msg = message_of(e)
    if isinstance(e, (ivy.UnsupportedBackendError, ivy.UnsupportedDtypeError,
                      NotImplementedError)) or type(e).__name__ == "UnimplementedError":
        return grpc.StatusCode.UNIMPLEMENTED, msg
    if _is_oom(e):
        return grpc.StatusCode.RESOURCE_EXHAUSTED, msg
    if isinstance(e, RecursionError):
        return grpc.StatusCode.INVALID_ARGUMENT, msg
    return grpc.StatusCode.INVALID_ARGUMENT, msg
