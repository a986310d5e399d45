"""The client's side of shared memory with a worker on the same host (opt-in: ``Client(shm=True)``
or ``IVY_CLIENT_SHM=1``; the worker must run with ``--shm``). See docs/rpc.md.

One memfd per connection, mapped here and registered with the worker (``RegisterShm``: the
worker opens ``/proc/<this pid>/fd/<fd>``). A call whose out-of-band arrays total at least
:data:`MIN_BYTES` copies them into the region (inputs from offset 0) and leaves the rest of the
region to the worker for the results; the response names the ranges of the result's buffers,
which are copied out before the region is used again. One call at a time uses a region (a
second concurrent call goes through the message as usual). The memfd has no name: nothing is
left behind if this process dies (kill -9 included) - the kernel frees the memory once the
worker, which watches this process, unmaps it.
"""

from __future__ import annotations

import mmap
import os
import threading

import msgpack
import numpy as np

from . import codec

#: calls whose out-of-band arrays total fewer bytes go through the message
MIN_BYTES = 1 << 20
#: arrays of at least this many bytes go out of band (into the region) in a shared-memory call
ARRAY_BYTES = codec.OOB_THRESHOLD
_ALIGN = 64


class Region:
    def __init__(self, size: int):
        self.size = size
        self.fd = os.memfd_create("ivy-shm", os.MFD_CLOEXEC)
        try:
            os.ftruncate(self.fd, size)  # sparse: pages exist once written
            self.map = mmap.mmap(self.fd, size, mmap.MAP_SHARED,
                                 mmap.PROT_READ | mmap.PROT_WRITE)
        except BaseException:
            os.close(self.fd)
            raise
        self.array = np.frombuffer(self.map, np.uint8)
        self.id = ""
        self.lock = threading.Lock()

    def put(self, buffers) -> tuple[list, int] | None:
        """Copy ``buffers`` in from offset 0: ([[offset, size], ...], first free offset), or
        None when they leave no room for results."""
        pos = 0
        ranges = []
        for b in buffers:
            pos += -pos % _ALIGN
            n = b.nbytes
            if pos + n > self.size:
                return None
            self.array[pos:pos + n] = np.frombuffer(b, np.uint8)
            ranges.append([pos, n])
            pos += n
        pos += -pos % _ALIGN
        return ranges, pos

    def take(self, doc) -> list:
        """Copies of the result ranges named by ``CallResponse.shm`` (validated)."""
        try:
            ranges = msgpack.unpackb(bytes(doc), max_array_len=1_000_000, max_map_len=0,
                                     max_str_len=0, max_bin_len=0, max_ext_len=0)
        except Exception as e:  # noqa: BLE001
            raise codec.CodecError(f"malformed CallResponse.shm: {e}") from None
        out = []
        for r in ranges if isinstance(ranges, list) else [None]:
            if (not isinstance(r, list) or len(r) != 2 or type(r[0]) is not int
                    or type(r[1]) is not int or r[0] < 0 or r[1] < 0 or r[0] + r[1] > self.size):
                raise codec.CodecError(f"CallResponse.shm range {r!r:.100} is outside the region")
            out.append(self.array[r[0]:r[0] + r[1]].copy())
        return out

    def close(self) -> None:
        self.array = None
        try:
            self.map.close()
        except BufferError:
            pass
        os.close(self.fd)
