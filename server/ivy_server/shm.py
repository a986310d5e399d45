"""Shared-memory regions of same-host clients (``ivy-worker --shm``; off by default).

A client creates a memfd, sizes it and calls ``RegisterShm{pid, fd, size}``; the worker opens
``/proc/<pid>/fd/<fd>`` (so the region must belong to a live process of the same user on this
host, in the worker's pid namespace), checks that it is a memfd (the link reads
``/memfd:...``), a regular file owned by the worker's user and at least ``size`` bytes, maps it
and answers a random id ("s-" + 96 bits). Calls then name the region and (offset, size) ranges
in ``CallRequest.shm`` instead of sending array bytes; the worker writes large results into the
call's out range and answers their ranges in ``CallResponse.shm``.

Security properties (after Triton's system shared-memory CVE chain, 2025):

- off unless the worker is started with ``--shm``; a worker without it answers
  FAILED_PRECONDITION to RegisterShm and INVALID_ARGUMENT to a call that names a region;
- every range is validated against the region before any view is made: integer offset and
  size, ``0 <= offset``, ``offset + size <= region size`` (:meth:`Region.view`), ranges of one
  call's inputs and its out range checked the same way;
- a region belongs to the token that registered it (with auth; unknown and foreign ids answer
  the same NOT_FOUND, as handles do) and to the registering process: it is unmapped when that
  process exits (a pidfd watched by one thread: kill -9 included), on ``Release`` of its id, and
  at most :data:`MAX_REGIONS` regions of at most ``max_bytes`` each exist at once;
- the worker maps the client's memory and never the other way round: nothing of the worker's
  is exposed, and nothing is left in /dev/shm (memfds have no name; the kernel frees the memory
  when the last mapping goes).
"""

from __future__ import annotations

import mmap
import os
import secrets
import select
import stat
import threading

from . import errors

MAX_REGIONS = 256


def _exited(pidfd: int) -> bool:
    """The process of ``pidfd`` has exited (its pidfd is readable)."""
    p = select.poll()
    p.register(pidfd, select.POLLIN)
    return bool(p.poll(0))


class Region:
    __slots__ = ("id", "owner", "pid", "size", "map", "pidfd")

    def __init__(self, rid: str, owner: str, pid: int, size: int, mapping: mmap.mmap, pidfd: int):
        self.id, self.owner, self.pid, self.size = rid, owner, pid, size
        self.map, self.pidfd = mapping, pidfd

    def view(self, offset, size, what: str) -> memoryview:
        """A writable view of [offset, offset + size) after validating both."""
        if (offset.__class__ is not int or size.__class__ is not int or offset < 0 or size < 0
                or offset + size > self.size):
            raise errors.invalid(
                f"shared-memory {what} range (offset {offset!r}, size {size!r}) is outside "
                f"region {self.id} of {self.size} bytes")
        return memoryview(self.map)[offset:offset + size]


class Registry:
    """The regions of one worker, released when their process exits."""

    def __init__(self, enabled: bool, max_bytes: int):
        self.enabled = enabled
        self.max_bytes = max_bytes
        self.lock = threading.Lock()
        self.regions: dict[str, Region] = {}
        self._poll = select.poll()
        self._by_pidfd: dict[int, set[str]] = {}
        self._wake_r, self._wake_w = os.pipe() if enabled else (-1, -1)
        if enabled:
            self._poll.register(self._wake_r, select.POLLIN)
            threading.Thread(target=self._watch, name="ivy-shm-watch", daemon=True).start()

    # -- registration -----------------------------------------------------------------------
    def register(self, pid: int, fd: int, size: int, owner: str) -> str:
        if not self.enabled:
            raise errors.RpcFailure(errors.grpc.StatusCode.FAILED_PRECONDITION,
                                    "shared memory is off on this worker (start it with --shm)")
        if not 0 < size <= self.max_bytes:
            raise errors.invalid(f"shared-memory region size {size} is outside 1..{self.max_bytes}")
        if pid <= 0 or fd < 0:
            raise errors.invalid(f"bad shared-memory pid/fd ({pid}, {fd})")
        with self.lock:
            if len(self.regions) >= MAX_REGIONS:
                raise errors.exhausted(f"too many shared-memory regions (limit {MAX_REGIONS}); "
                                       "release some")
        try:
            pidfd = os.pidfd_open(pid)
        except OSError as e:
            raise errors.invalid(f"no process {pid} on this host: {e.strerror}") from None
        fdpath = f"/proc/{pid}/fd/{fd}"
        f = -1
        try:
            try:
                link = os.readlink(fdpath)
                f = os.open(fdpath, os.O_RDWR | os.O_CLOEXEC)
            except OSError as e:
                raise errors.invalid(f"cannot open the shared-memory fd {fd} of process {pid}: "
                                     f"{e.strerror}") from None
            st = os.fstat(f)
            if not link.startswith("/memfd:") or not stat.S_ISREG(st.st_mode):
                raise errors.invalid(f"fd {fd} of process {pid} is not a memfd")
            if st.st_uid != os.getuid():
                raise errors.invalid("the shared-memory region belongs to another user")
            if st.st_size < size:
                raise errors.invalid(f"the memfd holds {st.st_size} bytes, fewer than the "
                                     f"{size} registered")
            mapping = mmap.mmap(f, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        except BaseException:
            os.close(pidfd)
            raise
        finally:
            if f >= 0:
                os.close(f)
        rid = "s-" + secrets.token_hex(12)
        with self.lock:
            self.regions[rid] = Region(rid, owner, pid, size, mapping, pidfd)
            ids = self._by_pidfd.setdefault(pidfd, set())
            ids.add(rid)
            if len(ids) == 1:
                self._poll.register(pidfd, select.POLLIN)
        os.write(self._wake_w, b"x")
        return rid

    def get(self, rid, owner: str) -> Region:
        r = self.regions.get(rid) if rid.__class__ is str else None
        if r is None or r.owner != owner:
            raise errors.not_found(f"no shared-memory region {errors.short(str(rid))}")
        return r

    def release(self, ids, owner: str) -> int:
        n = 0
        for rid in ids:
            with self.lock:
                r = self.regions.get(rid)
                if r is None or r.owner != owner:
                    continue
                self._drop(r)
            n += 1
        return n

    def __len__(self) -> int:
        return len(self.regions)

    # -- internals --------------------------------------------------------------------------
    def _drop(self, r: Region) -> None:  # under self.lock
        del self.regions[r.id]
        ids = self._by_pidfd.get(r.pidfd)
        if ids is not None:
            ids.discard(r.id)
            if not ids:
                del self._by_pidfd[r.pidfd]
                try:
                    self._poll.unregister(r.pidfd)
                except KeyError:
                    pass
                os.close(r.pidfd)
        try:
            r.map.close()
        except BufferError:
            pass  # a call still holds a view: the mapping goes with its last reference

    def _watch(self) -> None:
        while True:
            for fd, _ in self._poll.poll():
                if fd == self._wake_r:
                    os.read(self._wake_r, 4096)
                    continue
                with self.lock:  # the process exited: release all its regions
                    # (checked again: the number may belong to a newer pidfd by now)
                    if fd not in self._by_pidfd or not _exited(fd):
                        continue
                    for rid in list(self._by_pidfd.get(fd, ())):
                        r = self.regions.get(rid)
                        if r is not None:
                            self._drop(r)


#: the largest region one RegisterShm may map (the memory is the client's: this only bounds
#: the worker's address space)
MAX_REGION_BYTES = 1 << 40
_ALIGN = 64


def resolve(registry: Registry, doc, owner: str):
    """``CallRequest.shm`` -> (views of the input ranges, (region, out view) or None).

    The document is msgpack ``[region id, [[offset, size], ...], [out offset, out size] | nil]``,
    decoded by the bounded decoder; every range is validated against the region."""
    from ivy_client import codec

    if not registry.enabled:
        raise errors.invalid("this call names a shared-memory region, but shared memory is off "
                             "on this worker (start it with --shm)")
    try:
        value = codec.decode(doc)
    except ValueError as e:
        raise errors.invalid(f"malformed CallRequest.shm: {e}") from None
    if (value.__class__ is not list or len(value) != 3 or value[1].__class__ is not list
            or not (value[2] is None or (value[2].__class__ is list and len(value[2]) == 2))):
        raise errors.invalid("CallRequest.shm must be msgpack [region id, [[offset, size], ...], "
                             "[out offset, out size] or nil]")
    region = registry.get(value[0], owner)
    views = []
    for r in value[1]:
        if r.__class__ is not list or len(r) != 2:
            raise errors.invalid("a shared-memory range must be [offset, size]")
        views.append(region.view(r[0], r[1], "input"))
    out = None
    if value[2] is not None:
        o, n = value[2]
        out = (region, o, region.view(o, n, "out"))
    return views, out


def place(out, buffers) -> bytes | None:
    """Copy the result's out-of-band buffers into the out range; msgpack [[offset, size], ...]
    (offsets in the region), or None when they do not all fit (then they go in the message)."""
    import msgpack
    import numpy as np

    region, base, view = out
    total = 0
    for b in buffers:
        total += -total % _ALIGN + b.nbytes
    if total > view.nbytes:
        return None
    dst = np.frombuffer(view, np.uint8)
    pos = 0
    ranges = []
    for b in buffers:
        pos += -pos % _ALIGN
        n = b.nbytes
        dst[pos:pos + n] = np.frombuffer(b, np.uint8)
        ranges.append([base + pos, n])
        pos += n
    return msgpack.packb(ranges)
