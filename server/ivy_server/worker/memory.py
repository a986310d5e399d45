"""The worker process's heap: glibc malloc's policy (:func:`configure_malloc`) and the
:class:`Trimmer` that gives freed memory back to the OS once large requests stop."""

from __future__ import annotations

import os
import threading
import time


class Trimmer:
    """Gives freed heap memory back to the OS (glibc ``malloc_trim(0)``) on a daemon thread:
    ``idle`` seconds after the last request that moved at least ``TRIM_BYTES`` (:meth:`kick`),
    or ``max_delay`` seconds after the first of a steady stream of them; and every
    ``max_delay`` seconds whenever the heap holds ``slack`` bytes more free memory than after
    the last trim (memory freed otherwise: released handles, dropped graphs).

    Not after every large request, as before: the next one faulted all of that memory in again
    (server CPU per 16 MiB round trip 19-25 ms against 15-17 ms with this; docs/rpc.md "Large
    arrays: page faults, not copies"). Like allocators that decay freed pages over seconds
    (jemalloc's ``dirty_decay_ms`` is 10 s), a burst keeps its memory until it ends."""

    def __init__(self, idle: float = 2.0, max_delay: float = 10.0, slack: int = 32 * 2**20):
        self.idle, self.max_delay, self.slack = idle, max_delay, slack
        self.event = threading.Event()
        self.thread = None
        self.lock = threading.Lock()
        self.trims = 0
        self._floor = 0  # free heap bytes just after the last trim
        try:
            import ctypes

            libc = ctypes.CDLL("libc.so.6")
            self._trim = libc.malloc_trim
        except (OSError, AttributeError):  # not glibc: nothing to do
            self._trim = None
            return
        self._mallinfo2 = getattr(libc, "mallinfo2", None)  # glibc >= 2.33
        if self._mallinfo2 is not None:
            class Mallinfo2(ctypes.Structure):  # <malloc.h>, returned by value
                _fields_ = [(f, ctypes.c_size_t) for f in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                    "uordblks", "fordblks", "keepcost")]

            self._mallinfo2.restype = Mallinfo2

    def free_bytes(self) -> int:
        """Free bytes in malloc's arenas (``mallinfo2().fordblks``); 0 where unknown."""
        return int(self._mallinfo2().fordblks) if self._trim and self._mallinfo2 else 0

    def start(self) -> None:
        if self._trim is None:
            return
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="ivy-trim", daemon=True)
                self.thread.start()

    def kick(self) -> None:
        """A large request ended: trim once the worker has had none for ``idle`` seconds."""
        if self.thread is None:
            self.start()
        self.event.set()

    def _run(self) -> None:
        busy_since = 0.0  # when the first kick not yet followed by a trim came
        while True:
            kicked = self.event.wait(self.idle if busy_since else self.max_delay)
            now = time.monotonic()
            if kicked:
                self.event.clear()
                busy_since = busy_since or now
                if now - busy_since < self.max_delay:
                    continue  # still busy: keep the memory for the next request
            elif not busy_since and self.free_bytes() <= self._floor + self.slack:
                continue  # quiet and nothing much freed since the last trim
            busy_since = 0.0
            self._trim(0)
            self.trims += 1
            self._floor = self.free_bytes()


def configure_malloc() -> bool:
    """The worker's glibc malloc policy (called once at start, before the server's threads
    exist): large blocks come from the heap (``M_MMAP_MAX`` 0), stay there when freed
    (``M_TRIM_THRESHOLD`` 1 GiB) and all from one arena (``M_ARENA_MAX`` 1: a thread's own arena
    cannot hold a block over 64 MiB, and glibc maps those whatever ``M_MMAP_MAX`` says), so one
    large request's buffers serve the next. By default every block of 32 MiB or more was a
    fresh ``mmap``, faulted in and zeroed page by page: most of a 64 MiB round trip's server CPU
    (293 ms per call before, 149 ms after; the raw echo 160 ms). :class:`Trimmer` gives the
    memory back when the requests stop. False (nothing changed) where this is not glibc, or
    where the environment sets glibc's malloc itself (``GLIBC_TUNABLES`` with ``glibc.malloc.``,
    ``MALLOC_ARENA_MAX``, ...): the operator's settings win."""
    env = os.environ
    if "glibc.malloc." in env.get("GLIBC_TUNABLES", "") or any(
            k.startswith("MALLOC_") for k in env):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    M_TRIM_THRESHOLD, M_MMAP_MAX, M_ARENA_MAX = -1, -4, -8  # <malloc.h>
    return bool(mallopt(M_ARENA_MAX, 1) & mallopt(M_MMAP_MAX, 0)
                & mallopt(M_TRIM_THRESHOLD, 2**30))
