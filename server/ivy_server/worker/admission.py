"""Admission control: the gate that bounds the calls computing at once and those waiting for a
slot (RESOURCE_EXHAUSTED beyond), and drops queued calls whose client left."""

from __future__ import annotations

import threading
import time

import grpc

from .. import errors
from ..errors import RpcFailure


class Gate:
    """Admission control for the calls that compute (Call, Fetch, Trace).

    At most ``slots`` run at once and at most ``queue`` wait for a slot; beyond that a call is
    refused at once with RESOURCE_EXHAUSTED (and advice to retry), so a flood never queues without
    bound and never takes the threads that answer health checks. A waiting call whose client
    cancelled or whose deadline passed is dropped without being started. After :meth:`close`
    (shutdown) new and waiting calls get UNAVAILABLE. ``active`` counts every RPC handler in
    progress (any method), for the shutdown drain.
    """

    def __init__(self, slots: int, queue: int, queue_timeout_s: float = 30.0):
        self.slots, self.queue = max(1, slots), max(0, queue)
        # the longest a call without a deadline of its own waits for a slot (then
        # RESOURCE_EXHAUSTED): nobody waits for ever behind other clients' long calls (issue 33)
        self.queue_timeout_s = max(0.0, float(queue_timeout_s))
        self.lock = threading.Lock()
        self.cond = threading.Condition(self.lock)
        self.running = 0
        self.waiting = 0
        self.active = 0
        self.closed = False

    def enter(self, context) -> None:
        """Take a computing slot (waiting for one if need be); counts as active until leave."""
        with self.lock:  # the condition's own lock: entering it directly skips a Python frame
            if self.running < self.slots and not self.waiting and not self.closed:
                self.running += 1
                self.active += 1
                return
        with self.cond:
            if self.closed:
                raise shutting_down()
            if self.running < self.slots and not self.waiting:
                self.running += 1
                self.active += 1
                return
            if self.waiting >= self.queue:
                raise errors.exhausted(
                    f"the worker is busy: {self.running} calls running and {self.waiting} "
                    f"waiting (--threads {self.slots}, --max-queue {self.queue}); retry after a "
                    "short back-off (e.g. 0.1-1 s, growing), or use another worker")
            self.waiting += 1
            # a call with no deadline of its own waits at most --queue-timeout-s (before, for
            # ever); one with a deadline waits until it, as its client asked
            give_up = time.monotonic() + self.queue_timeout_s if self.queue_timeout_s and (
                context is None or context.time_remaining() is None) else None
            try:
                while self.running >= self.slots or self.closed:
                    if self.closed:
                        raise shutting_down()
                    if give_up is not None and time.monotonic() >= give_up:
                        raise errors.exhausted(
                            f"the worker is busy: waited {self.queue_timeout_s:g} s for a free "
                            f"slot ({self.running} calls running, {self.waiting - 1} more "
                            f"waiting; --threads {self.slots}, --max-queue {self.queue}, "
                            f"--queue-timeout-s {self.queue_timeout_s:g}); retry after a short "
                            "back-off (e.g. 1 s, growing), or use another worker")
                    remaining = None
                    if context is not None:
                        if client_gone(context):
                            raise RpcFailure(grpc.StatusCode.CANCELLED,
                                             "the client cancelled the call while it was queued")
                        remaining = context.time_remaining()
                        if remaining is not None and remaining <= 0:
                            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED,
                                             "the deadline passed while the call was queued "
                                             "(the worker is busy)")
                    wait = 0.2 if remaining is None else min(0.2, remaining)
                    if give_up is not None:
                        wait = max(0.0, min(wait, give_up - time.monotonic()))
                    self.cond.wait(wait)
                self.running += 1
                self.active += 1
            except BaseException:
                self.cond.notify()  # pass a wake-up this waiter may have consumed
                raise
            finally:
                self.waiting -= 1

    def leave(self) -> None:
        with self.lock:
            self.running -= 1
            self.active -= 1
            if self.waiting:
                self.cond.notify()

    def begin(self) -> None:
        """An RPC that does not compute (Info, Release) is in progress."""
        with self.lock:
            self.active += 1

    def end(self) -> None:
        with self.lock:
            self.active -= 1

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()


def shutting_down() -> RpcFailure:
    return errors.unavailable("the worker is shutting down: retry on another worker (or after it "
                              "restarts)")


def client_gone(context) -> bool:
    """Whether the client cancelled (or the deadline expired), for sync and aio contexts."""
    is_active = getattr(context, "is_active", None)
    if is_active is not None:
        return not is_active()
    cancelled = getattr(context, "cancelled", None)
    return bool(cancelled()) if cancelled is not None else False
