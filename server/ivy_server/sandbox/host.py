"""The worker side of the sandbox: build bubblewrap's command line and file system, start the
sandbox process (mapping its uid to an unprivileged host uid when the worker is root), feed it
its request, read its output and reply (bounded), kill it as a whole, and turn what happened into
a status (:func:`run` for Trace, :func:`transpile` for Transpile, with a pool of pre-started
sandboxes). :func:`check_isolation` probes the whole isolation once, at worker start.

The process it starts runs ``child.py`` (``python -m ivy_server.sandbox.child``)."""

from __future__ import annotations

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

from ..errors import RpcFailure
from .confine import READY, REPLY_CAP, SANDBOX_UID
from .modes import ECOSYSTEM, FRAMEWORK, TARGET_MODULE

#: the module the sandbox process runs
CHILD_MODULE = "ivy_server.sandbox.child"

BWRAP_ENV = "IVY_SANDBOX_BWRAP"  # path of the bwrap binary (default: bwrap on PATH)
OUTPUT_CAP = 1 << 20             # bytes of the code's stdout+stderr kept
TMP_BYTES = 64 << 20             # size of the sandbox's private /tmp
SHM_BYTES = 16 << 20             # size of its /dev/shm
#: the longest a sandbox may take to start (import its frameworks, warm up, load its filter and
#: limits) before its wall-time limit starts; a slower start ends the request (DEADLINE_EXCEEDED)
STARTUP_S = 120.0
#: Host uids (and gids) the sandboxes of a worker running as root get, one per sandbox: never
#: root on the host, and RLIMIT_NPROC then counts one sandbox's threads (``first:count``; the
#: environment variable overrides it). 0x7FFF0000 is above the subuid ranges useradd and
#: systemd-nspawn hand out.
HOST_UIDS_ENV = "IVY_SANDBOX_HOST_UIDS"
HOST_UIDS = (0x7FFF0000, 0x10000)
#: the kernel's settings in the sandbox's /proc, bound read-only over it (bubblewrap covers the
#: irq and bus itself when it can, but skips /proc/sys, whose directory is not writable;
#: /proc/pressure is writable by anyone: a write registers a kernel trigger)
PROC_READ_ONLY = ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", "/proc/pressure")
INSTALL_HINT = ("install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf "
                "install bubblewrap) and libseccomp with its Python binding (apt-get install "
                "libseccomp2; pip install pyseccomp, or pip install 'ivy-rpc[serve]')")


class SandboxUnavailable(RuntimeError):
    """The OS isolation the Trace sandbox needs is not available here (message says what)."""


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
    "import runpy;runpy.run_module('" + CHILD_MODULE + "',run_name='__main__',alter_sys=True)\n")


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
        ["-m", CHILD_MODULE]
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
    #: when the sandbox said it was ready (limits loaded, request not read yet), monotonic
    ready_at: float | None = None
    #: what ended a timed-out sandbox: "wall" (its wall-time limit, counted from ready),
    #: "deadline" (the call's deadline, shorter), "startup" (it never got ready: STARTUP_S)
    ended_by: str = ""
    #: the seconds of the limit that ended it
    limit_s: float = 0.0


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

    def wait_ready(self, timeout: float) -> bool:
        """Wait until it says READY (its imports, warm-up, filter and limits done), at most
        ``timeout`` s; False if it did not (still starting, or it ended: its reply says why).
        Reads nothing (the byte stays for :func:`_collect`, which a request may be running
        already): its reply pipe has something and it lives on."""
        with selectors.DefaultSelector() as sel:
            sel.register(self.reply_r, selectors.EVENT_READ)
            if not sel.select(max(0.0, timeout)):
                return False
        time.sleep(0.05)  # a sandbox that failed instead (a reply, not READY) exits at once
        return self.alive()

    def discard(self) -> None:
        """Kill it unused (a warm sandbox evicted from the pool or left at shutdown)."""
        _collect(self, None, wall_s=0.0, total_s=0.0, reply_cap=0)


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
             total_s: float | None = None, reply_cap: int = REPLY_CAP) -> _Result:
    """Give ``st`` its request (if it reads one from a pipe), read its output (bounded) and reply
    (capped) until it ends; then it is gone (killed if need be).

    Time: ``wall_s`` from when the sandbox says it is ready (:data:`READY`: its frameworks
    imported, its filter and limits loaded; a warm sandbox already is), and at most ``total_s``
    from now in all (default: ``wall_s`` + :data:`STARTUP_S`; a shorter call deadline)."""
    res = _Result()
    start = time.monotonic()
    budget = wall_s + STARTUP_S if total_s is None else min(total_s, wall_s + STARTUP_S)
    total_deadline = start + budget
    code_deadline = float("inf")
    first_reply_byte = True
    proc, out_r, reply_r = st.proc, st.out_r, st.reply_r
    if st.stdin_w is not None:
        fd, st.stdin_w = st.stdin_w, None
        if request is None:
            os.close(fd)
        else:
            threading.Thread(target=_feed, args=(fd, request), daemon=True,
                             name="ivy-sandbox-feed").start()
    def deadline() -> float:
        return min(total_deadline, code_deadline)

    sel = selectors.DefaultSelector()
    try:
        for fd in (out_r, reply_r):
            sel.register(fd, selectors.EVENT_READ)
        while sel.get_map():
            left = deadline() - time.monotonic()
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
                    if first_reply_byte:
                        first_reply_byte = False
                        if chunk[:1] == READY:  # the sandbox's limits hold: its clock starts
                            res.ready_at = time.monotonic()
                            code_deadline = max(res.ready_at, start) + wall_s
                            chunk = chunk[1:]
                    res.reply += chunk
                    if len(res.reply) > reply_cap:
                        res.reply_too_big = True
                        break
            if res.reply_too_big:
                break
        if not (res.timed_out or res.reply_too_big):
            try:
                res.rc = proc.wait(max(0.0, deadline() - time.monotonic()))
            except subprocess.TimeoutExpired:
                res.timed_out = True
        if res.timed_out:
            if res.ready_at is not None and code_deadline <= total_deadline:
                res.ended_by, res.limit_s = "wall", wall_s
            elif total_s is not None and total_s < wall_s + STARTUP_S:
                res.ended_by, res.limit_s = "deadline", budget
            else:
                res.ended_by, res.limit_s = "startup", STARTUP_S
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
           total_s: float | None = None, bwrap: str | None = None,
           reply_cap: int = REPLY_CAP) -> _Result:
    """Run one sandbox process; read its output (bounded) and reply (capped) until it ends
    (``wall_s`` from when it is ready, ``total_s`` in all: :func:`_collect`)."""
    start = time.monotonic()
    st = _start(backend, argv, request=request, bwrap=bwrap)
    spent = time.monotonic() - start
    return _collect(st, None, wall_s=wall_s,
                    total_s=None if total_s is None else max(0.0, total_s - spent),
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
        res = _spawn("numpy", ["--probe"], b"", wall_s=timeout, total_s=timeout, bwrap=path)
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
                 wall_s=wall_s, bwrap=bwrap, reply_cap=reply_cap)  # wall_s from ready
    if on_output is not None and res.output_total:
        on_output(_output_text(res))
    reply = _outcome(res, "Trace", cpu_s=cpu_s, wall_s=wall_s, memory_mb=memory_mb,
                     reply_cap=reply_cap, prefix="tracing failed: ")
    graph = reply.get("graph")
    if not isinstance(graph, dict):
        raise RpcFailure(grpc.StatusCode.INTERNAL, "the sandbox returned no graph")
    return graph, reply.get("output", b"")


#: the status of a request whose submitted code exceeds its sandbox's CPU-time or memory limit:
#: the request's fault, the same every time (INVALID_ARGUMENT, as what the code raises; HTTP
#: 422), never RESOURCE_EXHAUSTED, which says "busy, retry" (HTTP 429 + Retry-After)
CODE_LIMIT = grpc.StatusCode.INVALID_ARGUMENT


def _outcome(res: _Result, rpc: str, *, cpu_s: int, wall_s: float, memory_mb: int,
             reply_cap: int, prefix: str = "") -> dict:
    """The sandbox's reply (a dict with ``ok: True``), or the :class:`RpcFailure` saying what
    went wrong: wall time, CPU time, memory, reply size, isolation, a forbidden import, a missing
    entry, or the error the code (or the tracer/transpiler) raised (``prefix`` + its message)."""
    if res.timed_out:
        if res.ended_by == "startup":
            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED, _with_output(
                f"the sandbox did not get ready (import its frameworks, load its limits) within "
                f"{res.limit_s:g} s; the submitted code did not run", res))
        if res.ended_by == "deadline":
            what = (f"the call's deadline: {res.limit_s:.3g} s were left of it when the sandbox "
                    f"was given the request (the sandbox's own wall-time limit is {wall_s:g} s, "
                    "worker flag --sandbox-wall-s)")
        else:
            what = (f"the sandbox's wall-time limit of {wall_s:g} s (worker flag "
                    f"--sandbox-wall-s; its CPU-time limit is {cpu_s} s, --sandbox-cpu-s)")
        raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED, _with_output(
            f"the submitted code ran past {what}; it was killed", res))
    if res.reply_too_big:
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED,
                         f"the sandbox's reply (graph and output) exceeded {reply_cap >> 20} MiB")
    rc = res.rc
    if rc in (128 + signal.SIGXCPU, -signal.SIGXCPU) or (
            rc != 0 and not res.reply and b"SIGXCPU" in res.output):
        raise RpcFailure(CODE_LIMIT, _with_output(
            f"the submitted code exceeded the sandbox's CPU-time limit of {cpu_s} s (worker flag "
            "--sandbox-cpu-s); it was stopped and will be every time: it is not a busy worker",
            res))
    if rc in (128 + signal.SIGKILL, -signal.SIGKILL) and not res.reply:
        raise RpcFailure(CODE_LIMIT, _with_output(
            f"the sandbox process was killed (SIGKILL): it exceeded the CPU-time limit of {cpu_s} "
            f"s (--sandbox-cpu-s) or ran out of memory (--sandbox-memory-mb {memory_mb})", res))
    try:
        reply = codec.decode(bytes(res.reply))
        if not isinstance(reply, dict) or "ok" not in reply:
            raise ValueError("no reply")
    except ValueError:
        tail = _output_text(res)[-1500:]
        if "MemoryError" in tail or "Cannot allocate memory" in tail or "bad_alloc" in tail:
            raise RpcFailure(CODE_LIMIT, _with_output(
                f"the submitted code exceeded the sandbox's memory limit of {memory_mb} MiB "
                "(worker flag --sandbox-memory-mb)", res)) from None
        raise RpcFailure(grpc.StatusCode.INTERNAL, _with_output(
            f"the sandbox process failed (exit code {rc}) without a reply", res)) from None
    if reply["ok"]:
        return reply
    kind, message = reply.get("kind"), str(reply.get("message", ""))
    if kind == "memory":
        raise RpcFailure(CODE_LIMIT, _with_output(
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


@functools.cache
def installed_targets() -> tuple[str, ...]:
    """The transpile targets whose framework this worker's environment has (what a sandbox
    warmed for every target imports)."""
    return tuple(t for t, m in TARGET_MODULE.items() if importlib.util.find_spec(m) is not None)


def transpile_argv(mode: str, target: str, cpu_s: int, memory_mb: int,
                   preload: tuple[str, ...] = ()) -> tuple[list[str], tuple[str, ...]]:
    """The sandbox's arguments and the extra modules it binds, for one kind of request
    (``target``: one target, or several comma-separated: a sandbox warmed for all)."""
    argv = ["--mode", mode, "--target", target, "--cpu-s", str(cpu_s), "--memory-mb",
            str(memory_mb)] + (["--preload", ",".join(preload)] if preload else [])
    extra = tuple(dict.fromkeys((*(TARGET_MODULE[t] for t in target.split(",")), *preload)))
    return argv, extra


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
        #: the source framework whose "transpile" sandboxes are kept warm for several targets
        #: at once, and those targets (set by :meth:`warm_at_start`; None: one kind per target)
        self.all_targets_of: str | None = None
        self.all_targets: tuple[str, ...] = ()

    def has_ready(self, backend: str, argv: list[str], extra: tuple[str, ...]) -> bool:
        with self.lock:
            st = self.ready.get((backend, tuple(argv), extra))
        return st is not None and st.alive()

    def warm_at_start(self, backend: str, targets: tuple[str, ...], *, cpu_s: int,
                      memory_mb: int, timeout: float) -> tuple[list[str], float, list[str]]:
        """Start this worker's sandboxes before any request and wait (at most ``timeout`` s)
        until each is ready: a "transpile" sandbox of ``backend`` that imported and warmed up
        every one of ``targets`` (so the first request to any of them finds one), and a "run"
        sandbox of ``backend`` (the verification of code emitted for it), as many as the pool
        holds. -> (what is warm, seconds taken, what is not)."""
        t0 = time.monotonic()
        targets = tuple(t for t in targets if t in installed_targets())
        kinds = [("transpile", ",".join(targets))] if backend in FRAMEWORK and targets else []
        if backend in TARGET_MODULE:
            kinds.append(("run", backend))
        kinds = kinds[:self.size]
        if any(m == "transpile" for m, _ in kinds):
            self.all_targets_of, self.all_targets = backend, targets
        started = []
        for mode, target in kinds:
            argv, extra = transpile_argv(mode, target, cpu_s, memory_mb)
            self.refill(backend, argv, extra)
            started.append((f"{mode} {backend} -> {target}", (backend, tuple(argv), extra)))
        warm, cold = [], []
        for what, key in started:
            with self.lock:
                st = self.ready.get(key)
            left = timeout - (time.monotonic() - t0)
            (warm if st is not None and st.wait_ready(left) else cold).append(what)
        return warm, time.monotonic() - t0, cold

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
              deadline_s: float | None = None) -> dict:
    """Run one Transpile request in a sandbox -> the sandbox's reply (a dict).

    ``mode`` "transpile": ``backend`` is the source framework, ``request`` has ``code``,
    ``entry``, ``args``/``buffers`` or ``specs``, ``options``. ``mode`` "run": ``backend`` is
    ``target``'s framework and ``request`` has the emitted ``code``, ``args``/``buffers`` and
    ``verify``. Failures raise :class:`RpcFailure` (as :func:`run`; a ``TranspileError``:
    INVALID_ARGUMENT with its message, naming the operation and the user's line). ``wall_s``
    is the worker's --sandbox-wall-s, counted from when the sandbox is ready (a warm one: at
    once); ``deadline_s`` what is left of the call's deadline, if any, bounds it all (the
    message says which ended it).
    """
    try:
        check_isolation(bwrap)
    except SandboxUnavailable as e:
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED,
                         f"Transpile is unavailable on this worker: {e}") from None
    argv, extra = transpile_argv(mode, target, cpu_s, memory_mb, preload)
    ahead = (argv, extra)  # the kind started ahead for the next request: this one
    if mode == "transpile" and pool is not None and pool.all_targets_of == backend and \
            not preload and target in pool.all_targets and not pool.has_ready(backend, *ahead):
        # the sandbox warmed at start for several targets, while it is there (it is not
        # started again: one importing and warming up every target takes twice as long to
        # get ready as this kind's own, which is what the next request of this kind finds)
        many = transpile_argv(mode, ",".join(pool.all_targets), cpu_s, memory_mb)
        if pool.has_ready(backend, *many):
            argv, extra = many
            request = {**request, "target": target}
    st, warm = pool.take(backend, argv, extra) if pool is not None else \
        (_start(backend, argv, bwrap=bwrap, extra=extra), False)
    try:
        res = _collect(st, codec.encode(request), wall_s=wall_s, total_s=deadline_s,
                       reply_cap=reply_cap)
    finally:
        if pool is not None:
            pool.refill(backend, *ahead)
    if on_output is not None and res.output_total:
        on_output(_output_text(res))
    reply = _outcome(res, "Transpile", cpu_s=cpu_s, wall_s=wall_s, memory_mb=memory_mb,
                     reply_cap=reply_cap, prefix="transpile failed: ")
    reply["warm"] = warm
    return reply
