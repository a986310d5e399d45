"""The tracer's error type and how it names the user's line (imports nothing of the tracer)."""

from __future__ import annotations

import os
import sys
import traceback

from ..errors import IvyError

_IVY_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class TraceError(IvyError, TypeError):
    """A traced function did something the tracer cannot record, or a graph cannot be written
    for a target (names the function, the user's line or node, and what to do instead)."""


def user_line() -> str:
    """``file:line: code`` of the innermost stack frame outside the ``ivy`` package."""
    for fr in reversed(traceback.extract_stack()[:-1]):
        f = fr.filename
        if f.startswith("<ivy dispatcher") or os.path.abspath(f).startswith(_IVY_DIR):
            continue
        return f"{fr.filename}:{fr.lineno}: {(fr.line or '').strip()}"
    return "<unknown line>"


def frame_line(tb) -> str | None:
    """The innermost user (non-ivy, non-library) frame of a traceback, as ``file:line: code``."""
    best = None
    for fr in traceback.extract_tb(tb):
        f = os.path.abspath(fr.filename)
        if f.startswith(_IVY_DIR) or "site-packages" in f or f.startswith(sys.prefix) \
                or fr.filename.startswith("<ivy"):
            continue
        best = f"{fr.filename}:{fr.lineno}: {(fr.line or '').strip()}"
    return best


def user_line_of(e: BaseException) -> str:
    return frame_line(e.__traceback__) or "<unknown line>"
