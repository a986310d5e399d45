"""The tracer's error type and how it names the user's line (imports nothing of the tracer)."""

from __future__ import annotations

import traceback

from .. import _frames
from ..errors import IvyError


class TraceError(IvyError, TypeError):
    """A traced function did something the tracer cannot record, or a graph cannot be written
    for a target (names the function, the user's line or node, and what to do instead)."""


def user_line() -> str:
    """``file:line: code`` of the innermost stack frame outside Ivy and the frameworks
    (``ivy._frames`` decides, by the packages' real folders)."""
    return _frames.user_line(traceback.extract_stack()[:-1]) or "<unknown line>"


def frame_line(tb) -> str | None:
    """The innermost user (non-Ivy, non-framework) frame of a traceback, as ``file:line: code``."""
    return _frames.user_line(traceback.extract_tb(tb))


def user_line_of(e: BaseException) -> str:
    return frame_line(e.__traceback__) or "<unknown line>"
