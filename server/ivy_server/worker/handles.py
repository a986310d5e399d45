"""The worker's handle store: arrays kept on the worker (``keep=True``) and traced graphs, by
random id, per owner, counted against one memory cap."""

from __future__ import annotations

import secrets
import threading

from .. import errors, metrics


class Handles:
    """Arrays kept on the worker (``keep=True``) and traced graphs, by random id.

    Each item records its owner (a hash of the bearer token that created it; ``""`` on a worker
    without auth): another owner gets NOT_FOUND, exactly as for an id that never existed. Array
    bytes and graph constants count against one memory cap.
    """

    def __init__(self, cap_bytes: int):
        self.cap = cap_bytes
        self.items: dict[str, tuple[object, int, str]] = {}
        self.graphs: dict[str, tuple[object, int, str]] = {}
        self.bytes = 0
        self.lock = threading.Lock()

    def _check_cap(self, nbytes: int, what: str) -> None:  # under self.lock
        if self.cap and self.bytes + nbytes > self.cap:
            raise errors.exhausted(
                f"keeping {what} ({nbytes / 2**20:.1f} MiB) would exceed the worker's "
                f"memory cap of {self.cap / 2**20:.0f} MiB ({self.bytes / 2**20:.1f} MiB "
                f"held in {len(self.items)} handles and {len(self.graphs)} graphs): release "
                "handles or graphs, or start the worker with a larger --memory-cap-mb")

    def add(self, value, nbytes: int, owner: str = "") -> str:
        with self.lock:
            self._check_cap(nbytes, "this result")
            hid = "h-" + secrets.token_hex(12)
            self.items[hid] = (value, nbytes, owner)
            self.bytes += nbytes
        self._publish()
        return hid

    def add_graph(self, graph, nbytes: int, owner: str = "") -> str:
        with self.lock:
            self._check_cap(nbytes, "this graph's constants")
            gid = "g-" + secrets.token_hex(12)
            self.graphs[gid] = (graph, nbytes, owner)
            self.bytes += nbytes
        self._publish()
        return gid

    def get(self, hid, owner: str = ""):
        item = self.items.get(hid) if hid.__class__ is str else None
        if item is None or item[2] != owner:
            raise errors.not_found(
                f"handle {errors.short(hid)} is not on this worker (released, never created, "
                "kept by another worker, or created with another token: handles are used on the "
                "worker, and with the token, that made them)") from None
        return item[0]

    def graph(self, gid, owner: str = ""):
        item = self.graphs.get(gid) if gid.__class__ is str else None
        if item is None or item[2] != owner:
            raise errors.not_found(
                f"graph {errors.short(gid)} is not on this worker (released, traced on another "
                "worker, or traced with another token)")
        return item[0]

    def release(self, ids, owner: str = "") -> int:
        n = 0
        with self.lock:
            for hid in ids:
                for table in (self.items, self.graphs):
                    item = table.get(hid)
                    if item is not None and item[2] == owner:
                        del table[hid]
                        self.bytes -= item[1]
                        n += 1
                        break
        self._publish()
        return n

    def _publish(self) -> None:
        metrics.HANDLES_LIVE.set(len(self.items))
        metrics.HANDLES_BYTES.set(self.bytes)


def nbytes_of(obj, shape) -> int:
    n = getattr(obj, "nbytes", None)
    if isinstance(n, int):
        return n
    size = 1
    for s in shape:
        size *= s
    dt = getattr(obj, "dtype", None)
    item = getattr(dt, "itemsize", None) or getattr(dt, "size", None) or 8
    return size * int(item)
