"""Random streams: a backend's generator state, replaceable per context.

Each backend's ``random.py`` keeps its generator (a NumPy ``Generator``, a ``torch.Generator``, a
JAX key, a ``tf.random.Generator``) in a :class:`Streams`: a process-wide default stream, and a
context variable that, when set, names another stream to use instead. ``ivy.seed(n)`` replaces the
generator of the *current* stream only. Code that serves several callers from one process (the
RPC worker, docs/rpc.md "Random streams") gives each caller its own stream::

    s = streams.new()            # a fresh, unseeded stream
    with streams.using(s):       # this thread's (or task's) draws and seeds use s
        ivy.seed(1234); ivy.random_normal(shape=(3,))

so one caller's ``seed`` never resets another's draws. A stream is a one-element list holding
the generator: seeding swaps the element, so a stream object stays valid across seeds. Context
variables are per thread and per asyncio task, so concurrent callers never see each other's
stream. Without ``using`` everything behaves as before (one process-wide stream).
"""

from __future__ import annotations

import contextlib
import contextvars
from typing import Any, Callable


class Streams:
    """``fresh(seed_or_None)`` makes a generator (unseeded: from the OS's entropy)."""

    __slots__ = ("fresh", "default", "_var")

    def __init__(self, name: str, fresh: Callable[[int | None], Any]):
        self.fresh = fresh
        self.default: list = [fresh(None)]
        self._var: contextvars.ContextVar = contextvars.ContextVar(f"ivy_random_{name}",
                                                                   default=None)

    def current(self) -> list:
        """The stream the caller draws from: the context's, else the process default."""
        return self._var.get() or self.default

    def get(self):
        """The current stream's generator."""
        return (self._var.get() or self.default)[0]

    def seed(self, seed_value: int) -> None:
        """Reset the current stream (only it) to ``seed_value``."""
        (self._var.get() or self.default)[0] = self.fresh(int(seed_value))

    def new(self, seed_value: int | None = None) -> list:
        """A new stream, seeded or (``None``) from the OS's entropy."""
        return [self.fresh(seed_value)]

    @contextlib.contextmanager
    def using(self, stream: list | None):
        """Draw from (and seed) ``stream`` inside the block; ``None``: the process default."""
        token = self._var.set(stream)
        try:
            yield stream
        finally:
            self._var.reset(token)


def streams_of(backend_module) -> Streams:
    """The :class:`Streams` of a loaded backend package (``ivy.set_backend``'s module)."""
    import importlib

    return importlib.import_module(backend_module.__name__ + ".random").STREAMS
