"""The Trace sandbox: submitted code runs in a throw-away, OS-isolated process.

**The boundary is the operating system**, in three layers, all of which must be present (the
worker refuses to enable code execution otherwise, see :func:`check_isolation`):

1. **bubblewrap** (``bwrap``) starts the sandbox process in new user, pid, network, IPC, UTS and
   cgroup namespaces (no network at all), as their pid 1 (``--as-pid-1``: no unfiltered bwrap
   helper beside it, it sees no other process), as uid/gid 65534 with no capabilities (an empty
   bounding set too) and ``no_new_privs`` set, with a cleared environment, in a new session,
   killed with its parent. **The sandbox's uid is never privileged on the host**: bubblewrap maps
   it to the uid that runs bwrap, which for a root worker would be host root (the kernel then
   lets it write ``/proc/sys``, and ignores RLIMIT_NPROC); a root worker therefore writes the
   namespace's map itself (``--userns-block-fd``) to a host uid of its own (:data:`HOST_UIDS`,
   one per sandbox), and the sandbox drops to it before anything else runs. ``/proc`` is the
   sandbox's own (its pid namespace) with the kernel's settings (``/proc/sys`` and the like,
   :data:`PROC_READ_ONLY`) bound read-only. Its file
   system is an empty read-only root with read-only binds of only what Python needs: the
   interpreter prefix, the virtual environment, the ``ivy``/``ivy_client``/``ivy_server``
   package directories, ``/usr/lib*`` and ``/etc/ld.so.cache`` -- not ``/etc`` (no passwd, no
   shadow), not the home directory, not the rest of the checkout. Writable are only a private
   size-capped tmpfs ``/tmp`` (cwd and ``$HOME``) and a small ``/dev/shm``.
2. **seccomp** (libseccomp through ``pyseccomp``), loaded in the sandbox after the framework's
   imports and before the submitted code is even parsed, on every thread (TSYNC): ``execve``,
   new processes (``fork``/``vfork``, ``clone`` without ``CLONE_THREAD``; ``clone3`` answers
   ENOSYS so glibc falls back to ``clone``, threads keep working), sockets, ``ptrace``, mounts,
   namespaces, keyrings, BPF, perf, io_uring, modules, kexec, ... fail with EPERM.
3. **rlimits**: CPU seconds, address space, file size, open files, processes, no core dumps.

The request is killed as a whole when it ends: the worker SIGKILLs the sandbox (the pid 1 of its
namespace, through a pidfd: the kernel then kills everything in that namespace) and bwrap's
process group (``start_new_session`` + ``os.killpg``); ``--die-with-parent`` covers a dying worker.
The code's stdout/stderr go to a pipe the worker reads incrementally and keeps at most
:data:`OUTPUT_CAP` bytes of; the reply (msgpack, never pickle) comes back on a separate pipe and
is size-capped too. The worker only ever loads the returned graph with ``ivy.Graph.from_dict``
(whose nodes may call only public Ivy functions), so nothing crosses back as code.

Inside, the code also runs with builtins lacking ``open``/``exec``/``eval``/``compile``/...
and an ``__import__`` allowing only the worker's framework, ``numpy``, ``math`` and ``ivy``.
That allow-list is a convenience that turns accidents into clear errors; **it is not the
boundary** (Python-level restrictions are escapable, e.g. ``print.__self__.__import__``).
"""

from __future__ import annotations

import argparse
import builtins
import dataclasses
import functools
import importlib.util
import os
import selectors
import shutil
import signal
import subprocess
import sys
import threading
import time

import grpc
from ivy_client import codec

from ivy.functional.backends import all_descriptors, descriptor
from ivy.transpiler.frameworks import FRAMEWORKS

from .errors import RpcFailure

FRAMEWORK = {d.name: d.module for d in all_descriptors()}
_REMOVED_BUILTINS = ("open", "exec", "eval", "compile", "input", "breakpoint", "exit", "quit",
                     "help", "memoryview")

BWRAP_ENV = "IVY_SANDBOX_BWRAP"  # path of the bwrap binary (default: bwrap on PATH)
OUTPUT_CAP = 1 << 20             # bytes of the code's stdout+stderr kept
REPLY_CAP = 256 << 20            # bytes of the sandbox's reply (graph + output) accepted
TMP_BYTES = 64 << 20             # size of the sandbox's private /tmp
SHM_BYTES = 16 << 20             # size of its /dev/shm
FILE_BYTES = 16 << 20            # RLIMIT_FSIZE
OPEN_FILES = 512                 # RLIMIT_NOFILE
PROCESSES = 512                  # RLIMIT_NPROC (threads count; new processes are denied anyway)
SANDBOX_UID = 65534             # the sandbox's uid/gid inside its user namespace
#: Host uids (and gids) the sandboxes of a worker running as root get, one per sandbox: never
#: root on the host, and RLIMIT_NPROC then counts one sandbox's threads (``first:count``; the
#: environment variable overrides it). 0x7FFF0000 is above the subuid ranges useradd and
#: systemd-nspawn hand out.
HOST_UIDS_ENV = "IVY_SANDBOX_HOST_UIDS"
HOST_UIDS = (0x7FFF0000, 0x10000)
#: sysctl files the isolation checks try to open for writing (one that exists suffices)
#: the kernel's settings in the sandbox's /proc, bound read-only over it (bubblewrap covers the
#: irq and bus itself when it can, but skips /proc/sys, whose directory is not writable;
#: /proc/pressure is writable by anyone: a write registers a kernel trigger)
PROC_READ_ONLY = ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", "/proc/pressure")
SYSCTL_PROBES = ("/proc/sys/kernel/printk_ratelimit_burst", "/proc/sys/kernel/core_pattern",
                 "/proc/sys/vm/overcommit_memory")
INSTALL_HINT = ("install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf "
                "install bubblewrap) and libseccomp with its Python binding (apt-get install "
                "libseccomp2; pip install pyseccomp, or pip install 'ivy-rpc[serve]')")


class SandboxUnavailable(RuntimeError):
    """The OS isolation the Trace sandbox needs is not available here (message says what)."""


# ---------------------------------------------------------------------------------------------
# Worker side
# ---------------------------------------------------------------------------------------------

def _bwrap_path(bwrap: str | None = None) -> str:
    if bwrap:
        return bwrap
    env = os.environ.get(BWRAP_ENV)
    if env:
        return env
    return shutil.which("bwrap") or "/usr/bin/bwrap"


def _covered(path: str, roots) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


@functools.cache
def _layout(backend: str, extra: tuple[str, ...] = ()) -> tuple[tuple[str, ...], str]:
    """The read-only binds (host paths, bound at the same place) and PYTHONPATH of a sandbox
    (``extra``: more top-level modules it imports, e.g. the transpile target's framework)."""
    binds: list[str] = []

    def bind(p: str) -> None:
        for q in (os.path.abspath(p), os.path.realpath(p)):
            if os.path.exists(q) and not _covered(q, binds):
                binds[:] = [b for b in binds if not _covered(b, [q])] + [q]

    for p in (sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix):
        bind(p)  # the interpreter and its stdlib; the venv and its site-packages
    bind(os.path.dirname(sys.executable))
    pythonpath: list[str] = []
    entries = sorted((os.path.abspath(e) for e in sys.path if e and os.path.isdir(e)),
                     key=len, reverse=True)
    for name in ("ivy", "ivy_client", "ivy_server", "msgpack", "numpy", "grpc", "pyseccomp",
                 FRAMEWORK[backend], *extra):
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin or not os.path.isabs(spec.origin):
            continue
        where = (spec.submodule_search_locations[0] if spec.submodule_search_locations
                 else spec.origin)
        if _covered(os.path.realpath(where), binds):
            continue
        if name in ("ivy", "ivy_client", "ivy_server"):
            bind(where)  # our packages: only their own directories, not the whole checkout
            parent = os.path.dirname(os.path.abspath(where))
        else:  # a third-party package outside the venv: its whole sys.path entry (its deps)
            parent = next((e for e in entries if _covered(os.path.abspath(where), [e])),
                          os.path.dirname(os.path.abspath(where)))
            bind(parent)
        if parent not in pythonpath:
            pythonpath.append(parent)
    for lib in ("/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32",
                "/etc/ld.so.cache"):
        if os.path.islink(lib) or not os.path.exists(lib):
            continue
        bind(lib)
    return tuple(binds), os.pathsep.join(pythonpath)


def _ancestors(path: str) -> list[str]:
    """``path`` and its parent directories, "/" excluded."""
    out = []
    while path not in ("/", ""):
        out.append(path)
        path = os.path.dirname(path)
    return out


def _as_root() -> bool:
    """Whether sandboxes are started by root: then bubblewrap's own mapping would make the
    sandbox's uid host root, and :func:`_start` maps it to an unprivileged host uid instead."""
    return os.geteuid() == 0


_uid_lock = threading.Lock()
_uid_next = 0


def _host_uid() -> int:
    """The next host uid of :data:`HOST_UIDS` for a sandbox of this (root) worker: a block per
    worker process (by pid), cycling, so that live sandboxes do not share one."""
    global _uid_next
    env = os.environ.get(HOST_UIDS_ENV)
    first, count = (int(v, 0) for v in env.split(":")) if env else HOST_UIDS
    if first <= 0 or count <= 0 or first + count > 0xFFFFFFFE:
        raise SandboxUnavailable(f"{HOST_UIDS_ENV}={env!r} is not first:count of unprivileged "
                                 "uids (first > 0)")
    with _uid_lock:
        n, _uid_next = _uid_next, _uid_next + 1
    return first + (os.getpid() * 256 + n) % count


# What a sandbox started by root runs first (bubblewrap leaves it uid 0 of its user namespace,
# which is mapped to host root only so that bubblewrap can build its file system, with
# CAP_SETUID, CAP_SETGID and CAP_SETPCAP alone): empty the capability bounding set and become
# SANDBOX_UID (an unprivileged host uid) for good, which clears every capability, before
# anything else is imported.
_DROP_TO_SANDBOX_UID = (
    "import os,ctypes\n"
    "libc=ctypes.CDLL(None,use_errno=True)\n"
    "[libc.prctl(24,c,0,0,0) for c in range(64)]\n"  # PR_CAPBSET_DROP: an empty bounding set
    "os.setgroups([]);os.setresgid({uid},{uid},{uid});os.setresuid({uid},{uid},{uid})\n"
    "h=(ctypes.c_uint32*2)(0x20080522,0);d=(ctypes.c_uint32*6)()\n"
    "assert libc.capset(h,d)==0\n"  # the inheritable set too (the uid change cleared the rest)
    "libc.prctl(4,1,0,0,0)\n"  # PR_SET_DUMPABLE (a uid change clears it): /proc/self is ours
    "import runpy;runpy.run_module('ivy_server.sandbox',run_name='__main__',alter_sys=True)\n")


def _command(backend: str, argv: list[str], reply_fd: int, bwrap: str | None,
             extra: tuple[str, ...] = (), *, host_uid: int | None = None) -> list[str]:
    """bubblewrap's command line for a sandbox. ``host_uid`` (a root worker's): the caller maps
    the user namespace itself to that host uid (``--userns-block-fd``, :func:`_map_ids`), so
    bubblewrap neither maps it nor nests a second one (``--disable-userns`` needs that; seccomp
    denies new namespaces instead)."""
    as_root = host_uid is not None
    binds, pythonpath = _layout(backend, extra)
    cmd = [_bwrap_path(bwrap),
           "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
           "--unshare-uts", "--unshare-cgroup", "--as-pid-1",
           "--die-with-parent", "--new-session", "--uid", str(SANDBOX_UID),
           "--gid", str(SANDBOX_UID), "--hostname", "ivy-sandbox", "--clearenv"]
    if as_root:
        cmd += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
                "--cap-add", "CAP_SETPCAP"]
    else:
        cmd += ["--disable-userns"]
    # /proc is the sandbox's own (its pid namespace); the kernel's settings read-only (the
    # values a sysctl file shows follow the reader's namespaces, not the mount)
    cmd += ["--proc", "/proc"]
    for p in PROC_READ_ONLY:
        cmd += ["--ro-bind-try", p, p]
    cmd += ["--dev", "/dev",
            "--size", str(SHM_BYTES), "--perms", "1777", "--tmpfs", "/dev/shm",
            "--remount-ro", "/dev",
            "--size", str(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp"]
    # the binds' parent directories, searchable by the sandbox's uid (bubblewrap makes them 0700,
    # owned by the uid it runs as: host root for a root worker, which the sandbox is not)
    parents = {os.path.dirname(p) for p in binds}
    for d in sorted({a for p in parents for a in _ancestors(p)} - {"/", "/tmp"},
                    key=lambda d: d.count("/")):
        cmd += ["--perms", "0755", "--dir", d]
    for p in binds:  # after the tmpfs: a bind under /tmp (an unpacked install) stays visible
        cmd += ["--ro-bind", p, p]
    for lib in ("/lib", "/lib64", "/lib32"):  # merged-/usr systems: /lib -> usr/lib
        if os.path.islink(lib):
            cmd += ["--symlink", os.readlink(lib), lib]
    cmd += ["--remount-ro", "/", "--chdir", "/tmp"]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", "USER": "nobody",
           "LOGNAME": "nobody", "LANG": "C.UTF-8", "PYTHONPATH": pythonpath,
           "PYTHONDONTWRITEBYTECODE": "1", "TF_CPP_MIN_LOG_LEVEL": "3", "JAX_PLATFORMS": "cpu",
           "CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"}
    for k, v in env.items():
        cmd += ["--setenv", k, v]
    seccomp_lib = _seccomp_soname()
    entry = ["-c", _DROP_TO_SANDBOX_UID.format(uid=SANDBOX_UID)] if host_uid is not None else \
        ["-m", "ivy_server.sandbox"]
    return cmd + [sys.executable, "-B", "-s", *entry, "--reply-fd", str(reply_fd),
                  "--seccomp-lib", seccomp_lib or "", "--backend", backend,
                  *(["--host-uid", str(host_uid)] if host_uid is not None else []), *argv]


@functools.cache
def _seccomp_soname() -> str | None:
    import ctypes.util

    return ctypes.util.find_library("seccomp")


@dataclasses.dataclass
class _Result:
    rc: int | None = None
    reply: bytearray = dataclasses.field(default_factory=bytearray)
    output: bytearray = dataclasses.field(default_factory=bytearray)  # the first OUTPUT_CAP bytes
    output_total: int = 0
    timed_out: bool = False
    reply_too_big: bool = False


class _Started:
    """A sandbox process that has been started, with the worker's ends of its pipes and a pidfd
    of its pid 1 (None if bubblewrap failed before reporting it: its output says why).

    ``stdin_w`` is None when the request was given at start (a memfd); otherwise the request is
    written to this pipe later (:func:`_collect`): that is how a pre-started ("warm") sandbox,
    which imports its frameworks and loads its filter before any request exists, gets one.
    """

    def __init__(self, proc, reply_r: int, out_r: int, pidfd, stdin_w: int | None):
        self.proc, self.reply_r, self.out_r, self.pidfd = proc, reply_r, out_r, pidfd
        self.stdin_w = stdin_w
        self.started = time.monotonic()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def discard(self) -> None:
        """Kill it unused (a warm sandbox evicted from the pool or left at shutdown)."""
        _collect(self, None, wall_s=0.0, reply_cap=0)


def _start(backend: str, argv: list[str], *, request: bytes | None = None,
           bwrap: str | None = None, extra: tuple[str, ...] = ()) -> _Started:
    """Start one sandbox process: with ``request`` it reads it from a memfd at once; without,
    from a pipe that :func:`_collect` writes later.

    A worker running as root maps the sandbox's user namespace itself before bubblewrap goes on
    (``--userns-block-fd``): to an unprivileged host uid of :data:`HOST_UIDS`, never host root;
    if that cannot be done the sandbox is killed before anything runs in it (fail closed).
    """
    as_root = _as_root()
    host_uid = _host_uid() if as_root else None
    reply_r, reply_w = os.pipe()
    out_r, out_w = os.pipe()
    info_r, info_w = os.pipe()  # bwrap writes {"child-pid": N} here: the namespace's pid 1
    block_r, block_w = os.pipe() if as_root else (None, None)
    if request is not None:
        stdin, stdin_w = os.memfd_create("ivy-trace-request", 0), None
    else:
        stdin, stdin_w = os.pipe()
    proc = None
    try:
        if request is not None:
            _write_all(stdin, request)
            os.lseek(stdin, 0, os.SEEK_SET)
        try:
            import fcntl

            fcntl.fcntl(out_r, 1031, 1 << 20)  # F_SETPIPE_SZ: fewer reads for chatty code
        except OSError:
            pass
        cmd = _command(backend, argv, reply_w, bwrap, extra, host_uid=host_uid)
        cmd[1:1] = ["--info-fd", str(info_w)] + (
            ["--userns-block-fd", str(block_r)] if as_root else [])
        cmd += ["--close-fd", str(info_w)]
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=out_w, stderr=out_w,
                                pass_fds=(reply_w, info_w, *([block_r] if as_root else [])),
                                start_new_session=True, close_fds=True,
                                env={"PATH": "/usr/bin:/bin"})
        for fd in (reply_w, out_w, info_w, stdin, block_r):
            if fd is not None:
                os.close(fd)
        reply_w = out_w = info_w = stdin = block_r = None
        pid = _child_pid(info_r, proc)
        pidfd = _open_child(pid, proc.pid) if pid is not None else None
        if as_root:
            if pidfd is None:  # bwrap failed at start (its output says why): nothing to map
                _kill(proc, None)
            else:
                _map_ids(pid, host_uid)
                os.write(block_w, b"1")
    except BaseException:
        if proc is not None and proc.poll() is None:
            _kill(proc, None)
        for fd in (reply_r, reply_w, out_r, out_w, info_r, info_w, stdin, stdin_w, block_r):
            if fd is not None:
                os.close(fd)
        raise
    finally:
        if block_w is not None:
            os.close(block_w)
    os.close(info_r)
    return _Started(proc, reply_r, out_r, pidfd, stdin_w)


def _child_pid(info_r: int, proc, timeout: float = 30.0) -> int | None:
    """The sandbox's pid 1 from bubblewrap's --info-fd JSON (None if bwrap ended first)."""
    import json

    info, deadline = bytearray(), time.monotonic() + timeout
    with selectors.DefaultSelector() as sel:
        sel.register(info_r, selectors.EVENT_READ)
        while len(info) < 4096 and time.monotonic() < deadline:
            if not sel.select(max(0.0, deadline - time.monotonic())):
                break
            chunk = os.read(info_r, 4096)
            if not chunk:
                break
            info += chunk
            try:
                return int(json.loads(bytes(info))["child-pid"])
            except (ValueError, KeyError, TypeError):
                continue
    return None


def _map_ids(pid: int, host_uid: int) -> None:
    """Write the user namespace's maps of a root worker's sandbox: ``SANDBOX_UID`` -> the
    unprivileged ``host_uid`` (uid and gid); 0 -> 0 only so that bubblewrap (which stays host
    root, with CAP_SETUID/CAP_SETGID alone in it) can create its mounts' files: the sandbox's
    first act is to become ``SANDBOX_UID`` for good (``_DROP_TO_SANDBOX_UID``)."""
    for kind in ("uid", "gid"):
        with open(f"/proc/{pid}/{kind}_map", "w") as f:
            f.write(f"0 0 1\n{SANDBOX_UID} {host_uid} 1\n")


def _feed(fd: int, data: bytes) -> None:
    """Write a request into a started sandbox's stdin pipe and close it (a thread: the sandbox
    may not read it all before the worker reads its output). A sandbox that already exited
    (it failed at start) leaves the pipe broken: its reply says why."""
    try:
        _write_all(fd, data)
    except OSError:
        pass
    finally:
        os.close(fd)


def _collect(st: _Started, request: bytes | None, *, wall_s: float,
             reply_cap: int = REPLY_CAP) -> _Result:
    """Give ``st`` its request (if it reads one from a pipe), read its output (bounded) and reply
    (capped) until it ends or ``wall_s`` from now; then it is gone (killed if need be)."""
    res = _Result()
    proc, out_r, reply_r = st.proc, st.out_r, st.reply_r
    if st.stdin_w is not None:
        fd, st.stdin_w = st.stdin_w, None
        if request is None:
            os.close(fd)
        else:
            threading.Thread(target=_feed, args=(fd, request), daemon=True,
                             name="ivy-sandbox-feed").start()
    deadline = time.monotonic() + wall_s
    sel = selectors.DefaultSelector()
    try:
        for fd in (out_r, reply_r):
            sel.register(fd, selectors.EVENT_READ)
        while sel.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                res.timed_out = True
                break
            for key, _ in sel.select(min(left, 1.0)):
                chunk = os.read(key.fd, 1 << 20)
                if not chunk:
                    sel.unregister(key.fd)
                elif key.fd == out_r:
                    res.output_total += len(chunk)
                    room = OUTPUT_CAP - len(res.output)
                    if room > 0:
                        res.output += chunk[:room]
                else:
                    res.reply += chunk
                    if len(res.reply) > reply_cap:
                        res.reply_too_big = True
                        break
            if res.reply_too_big:
                break
        if not (res.timed_out or res.reply_too_big):
            try:
                res.rc = proc.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                res.timed_out = True
    finally:
        sel.close()
        if proc.poll() is None:  # timeout, reply too big, or the worker is being torn down
            _kill(proc, st.pidfd)
        if st.pidfd is not None:
            os.close(st.pidfd)
            st.pidfd = None
        for fd in (out_r, reply_r):
            os.close(fd)
    res.rc = proc.returncode
    return res


def _spawn(backend: str, argv: list[str], request: bytes, *, wall_s: float,
           bwrap: str | None = None, reply_cap: int = REPLY_CAP) -> _Result:
    """Run one sandbox process; read its output (bounded) and reply (capped) until it ends."""
    start = time.monotonic()
    st = _start(backend, argv, request=request, bwrap=bwrap)
    return _collect(st, None, wall_s=max(0.0, wall_s - (time.monotonic() - start)),
                    reply_cap=reply_cap)


def _open_child(pid: int, bwrap_pid: int):
    """A pidfd of the sandbox's pid 1 (``pid``, from bwrap's --info-fd), or None."""
    try:
        fd = os.pidfd_open(pid)
    except OSError:
        return None
    try:  # only ever bwrap's own child (checked after the pidfd pins the process)
        with open(f"/proc/{pid}/stat") as f:
            if int(f.read().rsplit(")", 1)[1].split()[1]) == bwrap_pid:
                return fd
    except (OSError, ValueError, IndexError):
        pass
    os.close(fd)
    return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _kill(proc: subprocess.Popen, pidfd) -> None:
    """SIGKILL the sandbox's pid 1 (the kernel then kills its whole pid namespace, and bwrap
    outside reaps it and exits), then bwrap's own process group."""
    if pidfd is not None:
        try:
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not ignorable
        proc.kill()
        proc.wait()


def _output_text(res: _Result) -> str:
    text = res.output.decode("utf-8", "replace")
    if res.output_total > len(res.output):
        text += f"\n... [truncated {res.output_total - len(res.output)} bytes]"
    return text


def _with_output(message: str, res: _Result, limit: int = 2000) -> str:
    text = _output_text(res).strip()
    if not text:
        return message
    if len(text) > limit:
        text = "..." + text[-limit:]
    return f"{message}\n--- output of the sandbox (stdout+stderr, last {limit} chars) ---\n{text}"


_checked: dict = {}
_check_lock = threading.Lock()


def check_isolation(bwrap: str | None = None, *, timeout: float = 60.0) -> None:
    """Raise :class:`SandboxUnavailable` unless bubblewrap, the namespaces and seccomp all work.

    Starts one probe sandbox (the same command line as a Trace, without the framework) that
    checks from the inside: uid 65534 in a user namespace, mapped to a host uid that is not root,
    no capabilities, ``NoNewPrivs: 1``, pid 1 of its own pid namespace, no network interfaces
    but ``lo``, no ``/etc/passwd``, no kernel setting (``/proc/sys``) it can open for writing
    and no writable file of ``/proc`` outside its own, RLIMIT_NPROC enforced (a thread cannot
    start under a limit of 1), the seccomp filter loads, and then ``socket()``, ``fork()``,
    ``execve()`` and ``unshare(CLONE_NEWUSER)`` fail with EPERM while a thread still starts.
    A success is remembered per bwrap path. Call it once at worker start when code execution is
    enabled.
    """
    path = _bwrap_path(bwrap)
    with _check_lock:
        if _checked.get(path):
            return
        _check(path, timeout)
        _checked[path] = True


def _check(path: str, timeout: float) -> None:
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise SandboxUnavailable(
            f"the Trace sandbox needs bubblewrap, but {path!r} is not an executable file "
            f"(set {BWRAP_ENV} to its path if it is installed elsewhere): {INSTALL_HINT}")
    if importlib.util.find_spec("pyseccomp") is None:
        raise SandboxUnavailable(
            "the Trace sandbox needs the Python package 'pyseccomp' (a binding of libseccomp) in "
            f"the worker's environment ({sys.executable}): pip install pyseccomp; {INSTALL_HINT}")
    if _seccomp_soname() is None:
        raise SandboxUnavailable(
            "the Trace sandbox needs the shared library libseccomp (libseccomp.so.2), which was "
            f"not found: apt-get install libseccomp2; {INSTALL_HINT}")
    try:
        res = _spawn("numpy", ["--probe"], b"", wall_s=timeout, bwrap=path)
    except OSError as e:
        raise SandboxUnavailable(f"cannot start bubblewrap ({path}): {e}; {INSTALL_HINT}") \
            from None
    out = _output_text(res).strip()[-1500:]
    if res.timed_out:
        raise SandboxUnavailable(f"the sandbox probe did not finish within {timeout:g} s: {out}")
    try:
        reply = codec.decode(bytes(res.reply))
    except ValueError:
        reply = None
    if not isinstance(reply, dict):
        if "bwrap:" in out:
            raise SandboxUnavailable(
                f"bubblewrap ({path}) cannot create the sandbox's namespaces: {out}. The kernel "
                "must allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone"
                "=1 and user.max_user_namespaces > 0; on Ubuntu 24.04+ also "
                "kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for "
                "bwrap), and in Docker/Kubernetes the container's seccomp/AppArmor profile must "
                "allow unshare and mount (see docs/deploy.md)")
        hint = (" -- exit code 0 means its execve() test replaced it: the seccomp filter is not "
                "effective" if res.rc == 0 else "")
        raise SandboxUnavailable(f"the sandbox probe failed (exit code {res.rc}) without "
                                 f"reporting: {out or '(no output)'}{hint}")
    if not reply.get("ok"):
        raise SandboxUnavailable(f"the sandbox is not isolated: {reply.get('message')}")


def run(backend: str, source: str, entry: str, args: bytes, buffers: list, *, cpu_s: int,
        wall_s: float, memory_mb: int, bwrap: str | None = None, reply_cap: int = REPLY_CAP,
        on_output=None):
    """Trace ``entry`` of ``source`` in a sandbox process -> (graph dict, output msgpack).

    ``on_output(text)`` (optional) receives what the code printed (stdout and stderr, at most
    :data:`OUTPUT_CAP` bytes, then ``... [truncated N bytes]``). Failures raise
    :class:`RpcFailure`; the sandbox never runs without its isolation (PERMISSION_DENIED).
    """
    if not entry.isidentifier():
        raise RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, f"entry {entry!r} is not a Python name")
    try:
        check_isolation(bwrap)
    except SandboxUnavailable as e:
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                         f"Trace is unavailable on this worker: {e}") from None
    request = codec.encode({"source": source, "entry": entry, "args": args, "buffers": buffers})
    res = _spawn(backend, ["--cpu-s", str(cpu_s), "--memory-mb", str(memory_mb)], request,
                 wall_s=wall_s, bwrap=bwrap, reply_cap=reply_cap)
    if on_output is not None and res.output_total:
        on_output(_output_text(res))
    reply = _outcome(res, "Trace", cpu_s=cpu_s, wall_s=wall_s, memory_mb=memory_mb,
                     reply_cap=reply_cap, prefix="tracing failed: ")
    graph = reply.get("graph")
    if not isinstance(graph, dict):
        raise RpcFailure(grpc.StatusCode.INTERNAL, "the sandbox returned no graph")
    return graph, reply.get("output", b"")


def _outcome(res: _Result, rpc: str, *, cpu_s: int, wall_s: float, memory_mb: int,
             reply_cap: int, prefix: str = "", wall_limit_s: float | None = None) -> dict:
    """The sandbox's reply (a dict with ``ok: True``), or the :class:`RpcFailure` saying what
    went wrong: wall time, CPU time, memory, reply size, isolation, a forbidden import, a missing
    entry, or the error the code (or the tracer/transpiler) raised (``prefix`` + its message)."""
    if res.timed_out:
        if wall_limit_s is not None and wall_s < wall_limit_s:
            what = (f"the call's deadline: {wall_s:g} s were left of it when the sandbox started "
                    f"(the sandbox's own wall-time limit is {wall_limit_s:g} s, worker flag "
                    "--sandbox-wall-s)")
        else:
            what = f"the sandbox's wall-time limit of {wall_s:g} s (worker flag --sandbox-wall-s)"
        raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED, _with_output(
            f"the submitted code ran past {what}; it was killed", res))
    if res.reply_too_big:
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED,
                         f"the sandbox's reply (graph and output) exceeded {reply_cap >> 20} MiB")
    rc = res.rc
    if rc in (128 + signal.SIGXCPU, -signal.SIGXCPU) or (
            rc != 0 and not res.reply and b"SIGXCPU" in res.output):
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED, _with_output(
            f"the submitted code exceeded the sandbox's CPU-time limit of {cpu_s} s (worker flag "
            "--sandbox-cpu-s)", res))
    if rc in (128 + signal.SIGKILL, -signal.SIGKILL) and not res.reply:
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED, _with_output(
            f"the sandbox process was killed (SIGKILL): it exceeded the CPU-time limit of {cpu_s} "
            f"s (--sandbox-cpu-s) or ran out of memory (--sandbox-memory-mb {memory_mb})", res))
    try:
        reply = codec.decode(bytes(res.reply))
        if not isinstance(reply, dict) or "ok" not in reply:
            raise ValueError("no reply")
    except ValueError:
        tail = _output_text(res)[-1500:]
        if "MemoryError" in tail or "Cannot allocate memory" in tail or "bad_alloc" in tail:
            raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED, _with_output(
                f"the submitted code exceeded the sandbox's memory limit of {memory_mb} MiB "
                "(worker flag --sandbox-memory-mb)", res)) from None
        raise RpcFailure(grpc.StatusCode.INTERNAL, _with_output(
            f"the sandbox process failed (exit code {rc}) without a reply", res)) from None
    if reply["ok"]:
        return reply
    kind, message = reply.get("kind"), str(reply.get("message", ""))
    if kind == "memory":
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED, _with_output(
            f"the submitted code exceeded the sandbox's memory limit of {memory_mb} MiB (worker "
            f"flag --sandbox-memory-mb): {message}", res))
    if kind == "forbidden":
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED, _with_output(message, res))
    if kind == "entry":
        raise RpcFailure(grpc.StatusCode.NOT_FOUND, _with_output(message, res))
    if kind == "isolation":
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                         f"{rpc} is unavailable on this worker: {message}")
    if kind == "unavailable":
        raise RpcFailure(grpc.StatusCode.FAILED_PRECONDITION, _with_output(message, res))
    if kind == "transpile":  # a TranspileError: its message names the op and the user's line
        raise RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, message)
    raise RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, _with_output(f"{prefix}{message}", res))


# ---------------------------------------------------------------------------------------------
# Worker side: Transpile
# ---------------------------------------------------------------------------------------------

class WarmPool:
    """Sandboxes started before their request: one ready process for each of the ``size`` most
    recently used kinds (mode, frameworks, limits, preloaded libraries).

    A transpile sandbox spends seconds importing two frameworks and warming them up; started
    ahead, it has done that (and loaded its seccomp filter and rlimits) by the time a request
    comes, and the request only pays its own work. Every request still gets a process of its
    own that no other request has touched: a process is taken out of the pool for one request
    and never returns to it; the next one is started after that request ends (so that its
    imports do not compete with the request for the CPU). ``size`` 0: no pool.
    """

    def __init__(self, size: int, bwrap: str | None = None):
        self.size = max(0, int(size))
        self.bwrap = bwrap
        self.ready: dict[tuple, _Started] = {}  # insertion order = least recently used first
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def take(self, backend: str, argv: list[str], extra: tuple[str, ...]) -> tuple[_Started, bool]:
        """A sandbox for this kind: (the ready one, True), else (a new one, False)."""
        key = (backend, tuple(argv), extra)
        with self.lock:
            st = self.ready.pop(key, None)
        if st is not None and st.alive():
            self.hits += 1
            return st, True
        if st is not None:  # it died while waiting: start afresh (a new one says why, if it must)
            st.discard()
        self.misses += 1
        return _start(backend, argv, bwrap=self.bwrap, extra=extra), False

    def refill(self, backend: str, argv: list[str], extra: tuple[str, ...]) -> None:
        if not self.size:
            return
        key = (backend, tuple(argv), extra)
        try:
            st = _start(backend, argv, bwrap=self.bwrap, extra=extra)
        except OSError:
            return
        with self.lock:
            old = self.ready.pop(key, None)
            self.ready[key] = st
            evicted = [old] if old is not None else []
            while len(self.ready) > self.size:  # the least recently used kinds go
                evicted.append(self.ready.pop(next(iter(self.ready))))
        for e in evicted:
            e.discard()

    def close(self) -> None:
        with self.lock:
            items, self.ready = list(self.ready.values()), {}
        for st in items:
            st.discard()


def libraries_of(code: str, source: str) -> tuple[str, ...]:
    """The allowed libraries (``ECOSYSTEM``) that ``code`` imports: preloaded by its sandbox."""
    import re

    found = set(re.findall(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", code, re.M))
    return tuple(m for m in ECOSYSTEM.get(source, ()) if m in found)


def transpile(mode: str, backend: str, target: str, request: dict, *, cpu_s: int,
              wall_s: float, memory_mb: int, reply_cap: int = REPLY_CAP,
              pool: WarmPool | None = None, preload: tuple[str, ...] = (),
              bwrap: str | None = None, on_output=None,
              wall_limit_s: float | None = None) -> dict:
    """Run one Transpile request in a sandbox -> the sandbox's reply (a dict).

    ``mode`` "transpile": ``backend`` is the source framework, ``request`` has ``code``,
    ``entry``, ``args``/``buffers`` or ``specs``, ``options``. ``mode`` "run": ``backend`` is
    ``target``'s framework and ``request`` has the emitted ``code``, ``args``/``buffers`` and
    ``verify``. Failures raise :class:`RpcFailure` (as :func:`run`; a ``TranspileError``:
    INVALID_ARGUMENT with its message, naming the operation and the user's line). ``wall_s``
    is the time the sandbox gets; ``wall_limit_s`` the worker's --sandbox-wall-s, when
    ``wall_s`` is shorter because of the call's deadline (the message says which ended it).
    """
    try:
        check_isolation(bwrap)
    except SandboxUnavailable as e:
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                         f"Transpile is unavailable on this worker: {e}") from None
    argv = ["--mode", mode, "--target", target, "--cpu-s", str(cpu_s), "--memory-mb",
            str(memory_mb)] + (["--preload", ",".join(preload)] if preload else [])
    extra = tuple(dict.fromkeys((TARGET_MODULE[target], *preload)))
    st, warm = pool.take(backend, argv, extra) if pool is not None else \
        (_start(backend, argv, bwrap=bwrap, extra=extra), False)
    try:
        res = _collect(st, codec.encode(request), wall_s=wall_s, reply_cap=reply_cap)
    finally:
        if pool is not None:
            pool.refill(backend, argv, extra)
    if on_output is not None and res.output_total:
        on_output(_output_text(res))
    reply = _outcome(res, "Transpile", cpu_s=cpu_s, wall_s=wall_s, memory_mb=memory_mb,
                     reply_cap=reply_cap, prefix="transpile failed: ", wall_limit_s=wall_limit_s)
    reply["warm"] = warm
    return reply


# ---------------------------------------------------------------------------------------------
# Sandbox side
# ---------------------------------------------------------------------------------------------

class Forbidden(ImportError):
    pass


CLONE_THREAD = 0x00010000
# Denied with EPERM once the framework is imported (names unknown on an architecture are skipped).
DENIED_SYSCALLS = (
    "execve", "execveat", "fork", "vfork",
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "process_madvise",
    "kcmp",
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "open_tree", "move_mount",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "open_by_handle_at",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "reboot", "swapon", "swapoff", "iopl", "ioperm", "syslog", "acct", "quotactl",
    "uselib", "vhangup", "lookup_dcookie",
)


def _load_seccomp(soname: str) -> None:
    """Install the filter on every thread of this process (TSYNC); raise if it cannot be."""
    import ctypes.util
    import errno

    real = ctypes.util.find_library
    # pyseccomp resolves its libraries with find_library, which runs ldconfig (not in the
    # sandbox): answer with the names the worker resolved.
    ctypes.util.find_library = lambda name: {"seccomp": soname or None,
                                             "c": "libc.so.6"}.get(name) or real(name)
    try:
        import pyseccomp as seccomp
    finally:
        ctypes.util.find_library = real
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    f.set_attr(seccomp.Attr.CTL_TSYNC, 1)  # framework threads started by the imports too
    native = seccomp.Arch.NATIVE

    def known(name: str) -> bool:
        try:
            return seccomp.resolve_syscall(native, name) >= 0
        except Exception:
            return False

    for name in DENIED_SYSCALLS:
        if known(name):
            f.add_rule(seccomp.ERRNO(errno.EPERM), name)
    flags_arg = 1 if os.uname().machine.startswith("s390") else 0
    f.add_rule(seccomp.ERRNO(errno.EPERM), "clone",
               seccomp.Arg(flags_arg, seccomp.MASKED_EQ, CLONE_THREAD, 0))  # processes, not threads
    if known("clone3"):
        f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")  # flags are in memory: glibc -> clone
    f.add_rule(seccomp.ERRNO(errno.EPERM), "personality",
               seccomp.Arg(0, seccomp.NE, 0xFFFFFFFF))  # querying it stays allowed
    f.load()


def _isolation_problems() -> list[str]:
    """What the sandbox process finds wrong about its own isolation (empty: all good)."""
    problems = []
    if os.getuid() != SANDBOX_UID or os.geteuid() != SANDBOX_UID:
        problems.append(f"uid is {os.getuid()}, not {SANDBOX_UID}")
    try:
        status = open("/proc/self/status").read()
        if "NoNewPrivs:\t1" not in status:
            problems.append("no_new_privs is not set")
        if "CapEff:\t0000000000000000" not in status or "CapPrm:\t0000000000000000" not in status:
            problems.append("the process has capabilities")
        uid_map = open("/proc/self/uid_map").read()
        if uid_map.split()[:3] == ["0", "0", "4294967295"]:
            problems.append("not in a user namespace")
        # The map shows the parent namespace's ids: the host's when a root worker mapped it
        # (--host-uid says to which uid); bubblewrap's own nests the sandbox in a namespace of
        # the (unprivileged) caller's, whose ids the sandbox cannot see: the probe then relies
        # on what a privileged uid could do (/proc/sys, RLIMIT_NPROC).
        host = _host_uid_of(uid_map, os.getuid())
        expected = ARGS.host_uid if ARGS is not None else -1
        if expected >= 0 and (host != expected or host == 0):
            problems.append(f"the sandbox's uid {os.getuid()} is host uid {host}, not the "
                            f"unprivileged {expected} (uid_map: {' '.join(uid_map.split())})")
    except OSError as e:
        problems.append(f"cannot read /proc/self: {e}")
    if os.getpid() != 1:  # bwrap --as-pid-1: no unfiltered bwrap init beside the code
        problems.append(f"not pid 1 of a new pid namespace (pid {os.getpid()})")
    try:
        ifaces = {line.split(":")[0].strip() for line in open("/proc/net/dev").readlines()[2:]}
        if ifaces - {"lo"}:
            problems.append(f"network interfaces visible: {sorted(ifaces)}")
    except OSError:
        pass
    if os.path.exists("/etc/shadow") or os.path.exists("/etc/passwd"):
        problems.append("/etc/passwd or /etc/shadow is visible")
    problems += _sysctl_writable()
    return problems


def _host_uid_of(uid_map: str, uid: int) -> int | None:
    """The host uid that ``uid`` of this user namespace is (``uid_map`` as read from inside)."""
    for line in uid_map.splitlines():
        try:
            inside, outside, count = (int(v) for v in line.split())
        except ValueError:
            continue
        if inside <= uid < inside + count:
            return outside + uid - inside
    return None


def _sysctl_writable() -> list[str]:
    """Problems if a kernel setting (/proc/sys) can be opened for writing (nothing is written)."""
    import errno

    tried = 0
    for path in SYSCTL_PROBES:
        try:
            fd = os.open(path, os.O_WRONLY)
        except FileNotFoundError:
            continue
        except OSError as e:
            tried += 1
            if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                continue
            return [f"{path}: unexpected {e}"]
        os.close(fd)
        return [f"the kernel's settings are writable ({path} opened for writing)"]
    return [] if tried else [f"none of {', '.join(SYSCTL_PROBES)} exists to check /proc/sys"]


def _writable_proc() -> list[str]:
    """Files of /proc outside this process's own that it may write (os.access): none expected."""
    found = []
    own = {"self", "thread-self", str(os.getpid())}
    for name in os.listdir("/proc"):
        if name.isdigit() or name in own:
            continue
        top = os.path.join("/proc", name)
        walk = os.walk(top) if os.path.isdir(top) and not os.path.islink(top) else \
            [("/proc", [], [name])]
        for d, _, files in walk:
            for f in files:
                p = os.path.join(d, f)
                if os.access(p, os.W_OK):
                    found.append(p)
    return found


def _nproc_enforced() -> bool:
    """Whether RLIMIT_NPROC binds this process (it does not for host root or CAP_SYS_RESOURCE):
    with a limit of 1, starting a thread must fail."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
    resource.setrlimit(resource.RLIMIT_NPROC, (1, hard))
    try:
        t = threading.Thread(target=lambda: None)
        t.start()
        t.join()
        return False
    except RuntimeError:  # "can't start new thread" (EAGAIN)
        return True
    finally:
        resource.setrlimit(resource.RLIMIT_NPROC, (soft, hard))


def _probe(write) -> int:
    """The check_isolation probe: isolation facts (uid, host uid, capabilities, /proc, the
    process limit), then the seccomp filter's effect."""
    import ctypes
    import errno
    import socket

    problems = _isolation_problems()
    writable = _writable_proc()
    if writable:
        problems.append(f"{len(writable)} files of /proc outside the sandbox's own are writable "
                        f"(e.g. {', '.join(writable[:3])})")
    if not _nproc_enforced():
        problems.append("the process limit (RLIMIT_NPROC) is not enforced: the sandbox runs "
                        "as a privileged host user")
    if problems:
        return write(ok=False, message="; ".join(problems))
    try:
        _load_seccomp(ARGS.seccomp_lib)
    except Exception as e:  # noqa: BLE001
        return write(ok=False, message=f"the seccomp filter cannot be loaded ({type(e).__name__}:"
                     f" {e}): apt-get install libseccomp2; pip install pyseccomp")

    def denied(fn) -> bool:
        try:
            fn()
        except OSError as e:
            return e.errno == errno.EPERM
        return False

    def fork():
        if os.fork() == 0:
            os._exit(0)

    libc = ctypes.CDLL(None, use_errno=True)

    def new_userns():
        if libc.unshare(0x10000000) != 0:  # CLONE_NEWUSER
            raise OSError(ctypes.get_errno(), "unshare")

    checks = {"socket": denied(socket.socket), "fork": denied(fork),
              "execve": denied(lambda: os.execv("/proc/self/exe", ["python", "-c", "0"])),
              "unshare(CLONE_NEWUSER)": denied(new_userns)}
    t = threading.Thread(target=lambda: None)
    t.start()
    t.join()
    failed = [k for k, v in checks.items() if not v]
    if failed:
        return write(ok=False, message=f"the seccomp filter does not deny {', '.join(failed)}")
    return write(ok=True)


def _limit(cpu_s: int, memory_mb: int) -> None:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    cpu = int(used.ru_utime + used.ru_stime) + cpu_s  # the imports' CPU time is not counted
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
    # As pid 1 of its namespace the process ignores SIGXCPU's default action: exit on it (the
    # hard limit's SIGKILL, 2 s later, covers code that never returns to the interpreter).
    signal.signal(signal.SIGXCPU, lambda *_: os._exit(128 + signal.SIGXCPU))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_BYTES, FILE_BYTES))
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))
    resource.setrlimit(resource.RLIMIT_NPROC, (PROCESSES, PROCESSES))
    vm = 0
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                vm = int(line.split()[1]) * 1024
    cap = vm + memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _guarded_import(allowed: frozenset, what: str = "traced code"):
    real = builtins.__import__

    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        top = name.partition(".")[0]
        if level != 0 or top not in allowed:
            raise Forbidden(f"import of {name!r} is not allowed in {what}; allowed modules: "
                            f"{', '.join(sorted(allowed))}")
        return real(name, globals, locals, fromlist, level)

    return guarded


ARGS = None


def main(argv=None) -> int:
    global ARGS
    p = argparse.ArgumentParser(prog="ivy-sandbox")
    p.add_argument("--backend", required=True, choices=sorted(FRAMEWORK))
    p.add_argument("--cpu-s", type=int, default=20)
    p.add_argument("--memory-mb", type=int, default=2048)
    p.add_argument("--reply-fd", type=int, required=True)
    p.add_argument("--seccomp-lib", default="")
    p.add_argument("--probe", action="store_true")
    p.add_argument("--close-fd", type=int, action="append", default=[])
    p.add_argument("--host-uid", type=int, default=-1,
                   help="the host uid a root worker mapped the sandbox's uid to (checked)")
    p.add_argument("--mode", choices=("trace", "transpile", "run"), default="trace",
                   help="trace (Trace), transpile (Transpile: --backend is the source framework) "
                   "or run (Transpile's verification of emitted code on this framework)")
    p.add_argument("--target", choices=sorted(TARGET_MODULE), default=None)
    p.add_argument("--preload", default="", help="comma-separated modules imported before the "
                   "filter (an allowed library the previous request of this kind imported)")
    a = ARGS = p.parse_args(argv)
    for fd in a.close_fd:  # bwrap's --info-fd, inherited: not for the submitted code
        try:
            os.close(fd)
        except OSError:
            pass
    out = os.fdopen(a.reply_fd, "wb")
    os.set_inheritable(a.reply_fd, False)

    def reply(**kw) -> int:
        data = codec.encode(kw)
        if len(data) > REPLY_CAP:
            data = codec.encode({"ok": False, "kind": "error", "message":
                                 f"the graph and output take {len(data)} bytes, more than the "
                                 f"sandbox's reply limit of {REPLY_CAP >> 20} MiB"})
        out.write(data)
        out.flush()
        return 0

    if a.probe:
        return _probe(reply)
    problems = _isolation_problems()
    if problems:  # never run submitted code outside bwrap's namespaces
        return reply(ok=False, kind="isolation",
                     message="the sandbox process is not isolated: " + "; ".join(problems))
    if a.mode != "trace":
        return _serve(a, reply)
    request = codec.decode(sys.stdin.buffer.read())
    import ivy

    from .errors import _is_oom, message_of  # everything the reply needs, before the filter

    B = ivy.set_backend(a.backend)
    try:
        _load_seccomp(a.seccomp_lib)
    except Exception as e:  # noqa: BLE001 - fail closed
        return reply(ok=False, kind="isolation", message=f"the seccomp filter cannot be loaded "
                     f"({type(e).__name__}: {e}): apt-get install libseccomp2; pip install "
                     "pyseccomp")
    _limit(a.cpu_s, a.memory_mb)
    allowed = frozenset({FRAMEWORK[a.backend], "numpy", "math", "ivy"})
    safe = {k: v for k, v in vars(builtins).items() if k not in _REMOVED_BUILTINS}
    safe["__import__"] = _guarded_import(allowed)
    namespace = {"__builtins__": safe, "__name__": "ivy_submitted"}
    try:
        code = builtins.compile(request["source"], "<submitted>", "exec")
        builtins.exec(code, namespace)
        fn = namespace.get(request["entry"])
        if not callable(fn):
            return reply(ok=False, kind="entry",
                         message=f"the submitted source defines no function {request['entry']!r}")
        to_native = (lambda x: x) if a.backend == "numpy" else (
            lambda x: B.asarray(x, device="cpu"))
        args, kwargs = codec.decode(request["args"], buffers=request["buffers"],
                                    array_hook=to_native) if request["args"] else ([], {})
        graph = ivy.trace_graph(fn, *args, **kwargs)
        output = graph(*args, **kwargs)

        def convert(obj):
            if obj.__class__ is ivy.Array:
                obj = obj._data
            try:
                return B.to_numpy(obj)
            except Exception:
                return obj

        return reply(ok=True, graph=graph.to_dict(), output=codec.encode(output, convert=convert))
    except Forbidden as e:
        return reply(ok=False, kind="forbidden", message=str(e))
    except MemoryError as e:
        return reply(ok=False, kind="memory", message=f"MemoryError: {e}")
    except BaseException as e:  # noqa: BLE001 - report, never crash silently
        cause, seen = e, 0
        while cause is not None and seen < 20:  # the tracer wraps what the code raised
            if isinstance(cause, Forbidden):
                return reply(ok=False, kind="forbidden", message=str(cause))
            if _is_oom(cause):
                return reply(ok=False, kind="memory", message=message_of(cause))
            cause, seen = cause.__cause__ or cause.__context__, seen + 1
        return reply(ok=False, kind="error", message=message_of(e))


# ---------------------------------------------------------------------------------------------
# Sandbox side: Transpile (mode "transpile") and its verification on a target worker ("run")
# ---------------------------------------------------------------------------------------------

#: what a transpile target's emitted code imports, by target
TARGET_MODULE = {**{n: descriptor(n).module for n in FRAMEWORKS}, "ivy": "ivy"}
#: libraries submitted code may import next to its framework in transpile mode (the allow-list is
#: a convenience, not the boundary: see the module docstring)
ECOSYSTEM = {"torch": ("kornia", "transformers"), "jax": ("flax", "optax"),
             "tensorflow": ("keras",), "numpy": ("scipy",)}
#: pure-Python standard modules that submitted and emitted code commonly imports
SAFE_STDLIB = ("math", "cmath", "functools", "itertools", "operator", "typing", "dataclasses",
               "collections", "numbers", "enum", "abc", "string", "re")
#: the function each warm transpile sandbox converts before its filter is loaded (our code, not
#: a request's): the frameworks' lazy imports, the emitter and the first kernels are then warm
WARM_UP = {
    "torch": "import torch\ndef f(x, y):\n    return torch.relu(x @ y.T) * 2 + torch.sin(x).sum()\n",
    "numpy": "import numpy as np\ndef f(x, y):\n    return np.maximum(x @ y.T, 0) * 2 + np.sin(x).sum()\n",
    "jax": ("import jax.numpy as jnp\ndef f(x, y):\n"
            "    return jnp.maximum(x @ y.T, 0) * 2 + jnp.sin(x).sum()\n"),
    "tensorflow": ("import tensorflow as tf\ndef f(x, y):\n    return tf.nn.relu(tf.matmul(x, y, "
                   "transpose_b=True)) * 2 + tf.reduce_sum(tf.sin(x))\n"),
}
# the file name the user's lines carry in error messages (not "<...>": the transpiler names the
# innermost frame of a real-looking file as the user's line)
SUBMITTED = "submitted.py"
EMITTED = "emitted.py"  # the same for emitted code run by a target worker


def _plain(tree):
    """``tree`` with dict-likes as dicts (string keys), tuples/lists as lists, arrays as NumPy:
    the shape both sides of a verification are compared in (msgpack keeps exactly this)."""
    import numpy as np

    if isinstance(tree, dict) or (hasattr(tree, "keys") and hasattr(tree, "__getitem__")
                                  and not hasattr(tree, "shape")):
        return {str(k): _plain(tree[k]) for k in tree.keys()}
    if isinstance(tree, (list, tuple)):
        return [_plain(v) for v in tree]
    if isinstance(tree, np.generic):
        return np.asarray(tree)
    return tree


def _restricted_module(code: str, allowed: frozenset, name: str = "ivy_submitted",
                       filename: str = SUBMITTED):
    """Execute ``code`` as a fresh module whose builtins lack open/exec/eval/... and whose imports
    are limited to ``allowed``; its lines are registered so that errors can quote them."""
    import linecache
    import types

    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    mod = types.ModuleType(name)
    mod.__file__ = filename
    safe = {k: v for k, v in vars(builtins).items() if k not in _REMOVED_BUILTINS}
    safe["__import__"] = _guarded_import(allowed, "submitted code")
    mod.__dict__["__builtins__"] = safe
    builtins.exec(builtins.compile(code, filename, "exec"), mod.__dict__)
    return mod


def _inline_weights(code: str, weights: dict, target: str) -> str:
    """``code`` with a ``load_params()`` that holds a model's weights (base64 in the file)."""
    import base64

    conv = {"numpy": "a", "torch": "__import__('torch').from_numpy(a)",
            "jax": "__import__('jax.numpy').numpy.asarray(a)",
            "tensorflow": "__import__('tensorflow').convert_to_tensor(a)",
            "ivy": "__import__('ivy').asarray(a)"}[target]
    rows = []
    for k, v in weights.items():
        data = base64.b64encode(v.tobytes()).decode()
        rows.append(f"    {k!r}: ({v.dtype.name!r}, {tuple(v.shape)!r},\n     {data!r}),")
    body = "\n".join(rows)
    return (code.rstrip("\n") + "\n\n\n_WEIGHTS = {\n" + body + "\n}\n\n\n"
            "def load_params():\n"
            '    """The model\'s weights (stored in this file), by parameter name."""\n'
            "    import base64\n    import numpy\n"
            "    if any(t == 'bfloat16' for t, _, _ in _WEIGHTS.values()):\n"
            "        import ml_dtypes  # noqa: F401  (registers numpy's bfloat16)\n"
            "    out = {}\n"
            "    for k, (t, shape, data) in _WEIGHTS.items():\n"
            "        a = numpy.frombuffer(base64.b64decode(data), dtype=numpy.dtype(t))"
            ".reshape(shape).copy()\n"
            f"        out[k] = {conv}\n"
            "    return out\n")


def _serve(a, reply) -> int:
    """Modes "transpile" and "run": import what the request will need, warm up (before the
    filter: our own code), load the filter and limits, *then* read the request from stdin — so a
    worker may start this process before any request exists (a warm sandbox) and still hand each
    request a process that no other request has touched."""
    import importlib

    from .errors import _is_oom, message_of  # everything the reply needs, before the filter

    target = a.target or a.backend
    frameworks = [FRAMEWORK[a.backend]] if a.mode == "transpile" else []
    frameworks.append(TARGET_MODULE[target])
    try:
        import ivy
        from ivy.transpiler import frameworks as fw
        from ivy.transpiler.errors import TranspileError

        for m in dict.fromkeys(frameworks):
            importlib.import_module(m)
    except Exception as e:  # noqa: BLE001 - the worker's environment lacks a framework
        return reply(ok=False, kind="unavailable", message=(
            f"this worker's environment cannot {'transpile ' + a.backend + ' -> ' + target if a.mode == 'transpile' else 'run ' + target + ' code'}: "
            f"{type(e).__name__}: {e}"))
    for m in filter(None, a.preload.split(",")):
        try:
            importlib.import_module(m)
        except Exception:  # noqa: BLE001, S110 - the request's own import will say what is wrong
            pass
    if a.mode == "transpile":
        import numpy as np

        from ivy.tracer import draw  # noqa: F401 - the graph picture, after the filter

        try:
            rng = np.random.default_rng(0)
            x, y = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2))
            ivy.transpiler.transpile_code(WARM_UP[a.backend], "f", source=a.backend,
                                          target=target, args=(x, y))
        except Exception as e:  # noqa: BLE001 - only a warm-up; the request will show a real error
            print(f"ivy-sandbox: warm-up transpile {a.backend} -> {target} failed: {e}",
                  file=sys.stderr)
    try:
        _load_seccomp(a.seccomp_lib)
    except Exception as e:  # noqa: BLE001 - fail closed
        return reply(ok=False, kind="isolation", message=f"the seccomp filter cannot be loaded "
                     f"({type(e).__name__}: {e}): apt-get install libseccomp2; pip install "
                     "pyseccomp")
    _limit(a.cpu_s, a.memory_mb)
    request = codec.decode(sys.stdin.buffer.read())
    try:
        if a.mode == "transpile":
            return reply(ok=True, **_transpile(a.backend, target, request, ivy, fw))
        return reply(ok=True, **_run_emitted(target, request, ivy, fw))
    except Forbidden as e:
        return reply(ok=False, kind="forbidden", message=str(e))
    except TranspileError as e:
        return reply(ok=False, kind="transpile", message=str(e))
    except _EntryMissing as e:
        return reply(ok=False, kind="entry", message=str(e))
    except MemoryError as e:
        return reply(ok=False, kind="memory", message=f"MemoryError: {e}")
    except BaseException as e:  # noqa: BLE001 - report, never crash silently
        cause, seen = e, 0
        while cause is not None and seen < 20:
            if isinstance(cause, Forbidden):
                return reply(ok=False, kind="forbidden", message=str(cause))
            if _is_oom(cause):
                return reply(ok=False, kind="memory", message=message_of(cause))
            cause, seen = cause.__cause__ or cause.__context__, seen + 1
        return reply(ok=False, kind="error", message=_user_error(e, message_of(e)))


class _EntryMissing(LookupError):
    pass


def _user_error(e: BaseException, text: str) -> str:
    """``text`` with the submitted line the error came from (the innermost frame in it)."""
    import traceback

    where = ""
    for fr in traceback.extract_tb(e.__traceback__):
        if fr.filename in (SUBMITTED, EMITTED):
            where = f"{fr.filename}:{fr.lineno}: {(fr.line or '').strip()}"
    if isinstance(e, SyntaxError) and e.lineno:
        where = f"{e.filename}:{e.lineno}: {(e.text or '').strip()}"
    return f"{text} (at {where})" if where else text


def _transpile(source: str, target: str, request: dict, ivy, fw) -> dict:
    """Load the submitted code (restricted), make or decode the example inputs, transpile, and
    gather what the worker answers with."""
    import numpy as np

    from ivy.tracer import draw

    opts = request.get("options") or {}
    allowed = frozenset({FRAMEWORK[source], "numpy", "ivy", *ECOSYSTEM.get(source, ()),
                         *SAFE_STDLIB})
    mod = _restricted_module(request["code"], allowed)
    entry = request["entry"]
    if entry not in mod.__dict__:
        found = sorted(k for k, v in mod.__dict__.items() if callable(v) and not k.startswith("_")
                       and getattr(v, "__module__", None) == mod.__name__)
        raise _EntryMissing(f"the submitted code defines no {entry!r}; callables it defines: "
                            f"{', '.join(found) or 'none'}")
    obj = mod.__dict__[entry]
    if isinstance(obj, type):  # a model class: instantiated with no arguments, in eval mode
        obj = obj()
        if callable(getattr(obj, "eval", None)):
            obj.eval()
    if request.get("specs"):  # the worker makes the same inputs itself for the verification
        args, kwargs = ivy.transpiler.inputs_from_specs(request["specs"]), {}
    elif request.get("args"):
        args, kwargs = codec.decode(request["args"], buffers=request.get("buffers") or [])
    else:
        args, kwargs = (), {}
    args = tuple(args)
    t = ivy.transpile(obj, source, target, args, kwargs, verify=not opts.get("skip_verify"),
                      strict=True, name=opts.get("name") or None)
    kind = opts.get("kind") or "auto"
    actual = "model" if t.is_model else "function"
    if kind not in ("auto", actual):
        from ivy.transpiler.errors import TranspileError

        raise TranspileError(f"options.kind is {kind!r} but {entry!r} is a {actual}",
                             source=source, target=target)
    weights = {k: np.ascontiguousarray(v) for k, v in t.params_numpy().items()} \
        if t.is_model else {}
    code = t.source
    mode = opts.get("weights") or "separate"
    if weights and mode == "inline":
        code = _inline_weights(code, weights, target)
    # the weights go to the worker in every mode: a target worker's verification needs them
    out = {"code": code, "report": dict(t.report), "name": t.name, "is_model": t.is_model,
           "weights": weights}
    if not opts.get("no_graph"):
        out["graph"] = t.graph.to_dict()
        out["svg"] = draw.to_svg(t.graph)
    elif not opts.get("no_keep"):
        out["graph"] = t.graph.to_dict()  # kept by the worker, not sent back
    if not opts.get("skip_verify"):
        # what a target worker compares the emitted code with: the source program's own outputs
        try:
            from ivy.transpiler.capture import get_capture

            expected = get_capture(t.source_framework).run_native(obj, args, kwargs)
        except Exception:  # noqa: BLE001 - (frontend code has no native run) the verified result
            expected = t(*args, **kwargs)
        out["expected"] = _plain(fw.tree_to_numpy(expected))
        try:
            from ivy.transpiler.verify import tolerances as _tolerances

            out["rtol"] = _tolerances(t.graph)
        except Exception:  # noqa: BLE001
            out["rtol"] = dict(fw.RTOL)
    return out


def _run_emitted(target: str, request: dict, ivy, fw) -> dict:
    """Run emitted ``target`` code on the example inputs and compare with the expected outputs:
    the verification a target worker does for a Transpile on another worker."""
    import contextlib

    v = request["verify"]
    from ivy.tracer.emit.base import STDLIB

    allowed = frozenset({TARGET_MODULE[target], "numpy", "ml_dtypes", "ivy", "base64",
                         *SAFE_STDLIB, *STDLIB})
    mod = _restricted_module(request["code"], allowed, "ivy_emitted", EMITTED)
    fn = mod.__dict__.get(v["name"])
    if not callable(fn):
        raise _EntryMissing(f"the emitted code defines no function {v['name']!r}")
    args, kwargs = codec.decode(request["args"], buffers=request.get("buffers") or []) \
        if request.get("args") else ([], {})
    conv = "numpy" if target == "ivy" else target
    a, k = fw.tree_from_numpy(tuple(args), conv), fw.tree_from_numpy(dict(kwargs), conv)
    ctx = ivy.using_backend("numpy") if target == "ivy" else contextlib.nullcontext()
    with ctx:
        if v.get("is_model"):
            params = {n: fw.from_numpy(w, conv) for n, w in (v.get("weights") or {}).items()}
            got = fn(params, *a, **k)
        else:
            got = fn(*a, **k)
    got = _plain(fw.tree_to_numpy(got))
    example = fw.compare_trees(v["expected"], got, rtol_table=v.get("rtol") or fw.RTOL)
    version = getattr(sys.modules.get(TARGET_MODULE[target]), "__version__", "?")
    return {"verified": all(e["ok"] for e in example), "example": example,
            "framework": f"{target} {version}"}


if __name__ == "__main__":
    rc = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    os._exit(rc)  # skip the frameworks' slow atexit work; the reply is already written
