"""The worker's memory limit, enforced by the operating system (issue 33).

One job: given a number of bytes, make the kernel hold this process (and the sandboxes it
starts) to it, so that one request can never take the host into a global OOM. The first
mechanism that works is used:

1. **cgroup v2**: a child cgroup ``ivy-worker-<pid>`` of the worker's own cgroup, with
   ``memory.max`` (and ``memory.swap.max`` 0); needs a writable cgroup tree with the memory
   controller delegated to it.
2. **cgroup v1**: the same child in the memory hierarchy, with ``memory.limit_in_bytes`` (and
   ``memory.memsw.limit_in_bytes`` where swap accounting is on).
3. **RLIMIT_DATA** on the process (a container that cannot write its cgroups): private writable
   memory beyond the limit fails to map, which NumPy and the frameworks raise as MemoryError
   (RESOURCE_EXHAUSTED). Not RLIMIT_AS: JAX, TensorFlow and PyTorch reserve far more address
   space than they ever use.

Over a cgroup limit the kernel's OOM killer picks the worker itself (nothing else is in its
cgroup), and ``ivy-serve`` restarts it; the worker's own checks (``--memory-cap-mb``: one request's
arrays, one result, kept handles) refuse a request with RESOURCE_EXHAUSTED long before that.
The child cgroup is removed when the worker exits (and a dead worker's empty one by the next
worker started beside it).

Defaults (:func:`default_limit`): the host's memory is ``MemTotal`` or the memory limit of the
cgroup the process is in, whichever is smaller; a worker that ``ivy-serve`` starts gets 3/4 of
it divided by the number of workers (``--memory-limit-mb`` on its command line), a worker
started on its own half of it.
"""

from __future__ import annotations

import errno
import logging
import os
import resource
import time
from dataclasses import dataclass, field

log = logging.getLogger("ivy_server.limits")

PREFIX = "ivy-worker-"
_UNLIMITED = 1 << 60  # cgroup v1 reports "no limit" as a huge page-rounded number


@dataclass
class Enforcement:
    """What holds the worker to its limit: ``mechanism`` is ``"cgroup2"``, ``"cgroup1"``,
    ``"rlimit_data"`` or ``"none"``; ``where`` the cgroup directory or the rlimit."""

    mechanism: str
    limit: int
    where: str = ""
    _parent: str = field(default="", repr=False)

    def describe(self) -> str:
        if self.mechanism == "none":
            return "no OS memory limit"
        return f"{self.limit / 2**20:.0f} MiB by {self.mechanism} ({self.where})"

    def release(self) -> None:
        """Leave the child cgroup and remove it (at exit; nothing to do for an rlimit)."""
        if not self.mechanism.startswith("cgroup") or not self.where:
            return
        # a thread started while the process moves (gRPC's pollers) can stay behind in the
        # child and keep it busy: move again and retry, briefly (a full suite's run left one)
        for attempt in range(50):
            try:
                _write(os.path.join(self._parent, "cgroup.procs"), str(os.getpid()))
                os.rmdir(self.where)
                return
            except OSError as e:  # sandboxes still in it, or v2's no-internal-process rule:
                if e.errno != errno.EBUSY or attempt == 49:  # the next worker sweeps it
                    log.debug("could not remove %s: %s", self.where, e)
                    return
                time.sleep(0.01)


def _read(path: str) -> str:
    with open(path) as f:
        return f.read().strip()


def _write(path: str, value: str) -> None:
    with open(path, "w") as f:
        f.write(value)


def mem_total() -> int:
    """The host's memory (``/proc/meminfo`` MemTotal), bytes; 0 where unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _mounts() -> dict[str, tuple[str, str]]:
    """``"cgroup2"`` / ``"memory"`` (v1) -> (mount point, root of the mount) from mountinfo."""
    out: dict[str, tuple[str, str]] = {}
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                left, _, right = line.partition(" - ")
                a, b = left.split(), right.split()
                if len(a) < 5 or len(b) < 3:
                    continue
                if b[0] == "cgroup2":
                    out.setdefault("cgroup2", (a[4], a[3]))
                elif b[0] == "cgroup" and "memory" in b[2].split(","):
                    out.setdefault("memory", (a[4], a[3]))
    except OSError:
        pass
    return out


def _own_cgroups() -> dict[str, str]:
    """``"cgroup2"`` / ``"memory"`` -> this process's cgroup path (``/proc/self/cgroup``)."""
    out: dict[str, str] = {}
    try:
        with open("/proc/self/cgroup") as f:
            for line in f:
                hid, controllers, path = line.rstrip("\n").split(":", 2)
                if hid == "0" and controllers == "":
                    out["cgroup2"] = path
                elif "memory" in controllers.split(","):
                    out["memory"] = path
    except (OSError, ValueError):
        pass
    return out


def _cgroup_dir(kind: str) -> str | None:
    """The directory of this process's cgroup in hierarchy ``kind``, or None."""
    mount = _mounts().get(kind)
    path = _own_cgroups().get(kind)
    if mount is None or path is None:
        return None
    point, root = mount
    if root != "/" and (path == root or path.startswith(root.rstrip("/") + "/")):
        path = path[len(root.rstrip("/")):]
    d = os.path.join(point, path.lstrip("/"))
    return d if os.path.isdir(d) else None


def cgroup_limit() -> int:
    """The memory limit of the cgroup this process is in (v2 ``memory.max`` up the tree, v1
    ``hierarchical_memory_limit``), bytes; 0 for none."""
    best = 0
    d = _cgroup_dir("cgroup2")
    mount = _mounts().get("cgroup2")
    while d and mount and d.startswith(mount[0]):
        try:
            v = _read(os.path.join(d, "memory.max"))
            if v != "max":
                best = int(v) if not best else min(best, int(v))
        except (OSError, ValueError):
            pass
        if os.path.normpath(d) == os.path.normpath(mount[0]):
            break
        d = os.path.dirname(d)
    d = _cgroup_dir("memory")
    if d:
        try:
            for line in _read(os.path.join(d, "memory.stat")).splitlines():
                if line.startswith("hierarchical_memory_limit "):
                    v = int(line.split()[1])
                    if v < _UNLIMITED:
                        best = v if not best else min(best, v)
        except (OSError, ValueError):
            pass
    return best


def host_memory() -> int:
    """The memory this process may use at most: MemTotal, or its cgroup's limit if smaller."""
    total, limit = mem_total(), cgroup_limit()
    return min(total, limit) if total and limit else (total or limit)


def default_limit(workers: int = 0) -> int:
    """The default OS limit of one worker, bytes: 3/4 of :func:`host_memory` divided among the
    ``workers`` that ``ivy-serve`` starts, or half of it for a worker started on its own
    (``workers`` 0); 0 where the host's memory is unknown."""
    host = host_memory()
    share = host * 3 // 4 // workers if workers > 0 else host // 2
    return share // 2**20 * 2**20  # whole MiB (and pages)


def _sweep(parent: str) -> None:
    """Remove the empty child cgroups of workers that are gone (killed before their exit)."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        if not name.startswith(PREFIX) or not name[len(PREFIX):].isdigit():
            continue
        pid = int(name[len(PREFIX):])
        try:
            os.kill(pid, 0)
            continue  # alive (or another user's): leave it
        except ProcessLookupError:
            pass
        except OSError:
            continue
        try:
            os.rmdir(os.path.join(parent, name))  # fails unless empty
        except OSError:
            pass


def _child(parent: str) -> str:
    _sweep(parent)
    d = os.path.join(parent, f"{PREFIX}{os.getpid()}")
    try:
        os.mkdir(d)
    except FileExistsError:
        pass
    return d


def _try_cgroup2(limit: int) -> Enforcement | None:
    parent = _cgroup_dir("cgroup2")
    if parent is None or not os.access(parent, os.W_OK):
        return None
    d = None
    try:
        available = _read(os.path.join(parent, "cgroup.controllers")).split()
        if "memory" not in available:
            return None
        d = _child(parent)
        if "memory" not in _read(os.path.join(d, "cgroup.controllers")).split():
            _write(os.path.join(parent, "cgroup.subtree_control"), "+memory")
        _write(os.path.join(d, "memory.max"), str(limit))
        try:
            _write(os.path.join(d, "memory.swap.max"), "0")
        except OSError:
            pass
        _write(os.path.join(d, "cgroup.procs"), str(os.getpid()))
        return Enforcement("cgroup2", limit, d, parent)
    except OSError as e:
        log.debug("cgroup v2 memory limit not possible in %s: %s", parent, e)
        _remove_child(d)
        return None


def _remove_child(d: str | None) -> None:
    """Remove a child cgroup this worker made and could not use (its limit failed)."""
    if d is not None:
        try:
            os.rmdir(d)
        except OSError:
            pass


def _try_cgroup1(limit: int) -> Enforcement | None:
    parent = _cgroup_dir("memory")
    if parent is None or not os.access(parent, os.W_OK):
        return None
    d = None
    try:
        d = _child(parent)
        _write(os.path.join(d, "memory.limit_in_bytes"), str(limit))
        memsw = os.path.join(d, "memory.memsw.limit_in_bytes")
        if os.path.exists(memsw):
            try:
                _write(memsw, str(limit))
            except OSError:
                pass
        _write(os.path.join(d, "cgroup.procs"), str(os.getpid()))
        return Enforcement("cgroup1", limit, d, parent)
    except OSError as e:
        log.debug("cgroup v1 memory limit not possible in %s: %s", parent, e)
        _remove_child(d)
        return None


def _try_rlimit(limit: int) -> Enforcement | None:
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        value = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (value, value))
    except (OSError, ValueError) as e:
        log.debug("RLIMIT_DATA not settable: %s", e)
        return None
    return Enforcement("rlimit_data", value, f"RLIMIT_DATA {value}")


def apply(limit: int, mechanisms: tuple[str, ...] = ("cgroup2", "cgroup1", "rlimit_data")) \
        -> Enforcement:
    """Hold this process to ``limit`` bytes by the first of ``mechanisms`` that works here
    (``limit`` 0: none). Call once, before the process allocates what it serves."""
    if limit <= 0:
        return Enforcement("none", 0)
    tries = {"cgroup2": _try_cgroup2, "cgroup1": _try_cgroup1, "rlimit_data": _try_rlimit}
    for name in mechanisms:
        e = tries[name](limit)
        if e is not None:
            return e
    return Enforcement("none", 0)


__all__ = ["Enforcement", "apply", "default_limit", "host_memory", "mem_total", "cgroup_limit"]
