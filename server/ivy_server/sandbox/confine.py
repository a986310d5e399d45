"""What confines the sandbox process, run inside it: its seccomp filter, its rlimits, the import
guard and restricted builtins of submitted code, and the checks of its own isolation (uid, host
uid, capabilities, namespaces, /proc, the process limit) that it makes before any code runs.

Standard library only: the sandbox imports this before anything else (``child.py``), and the
worker side (``host.py``) reads its constants."""

from __future__ import annotations

import builtins
import importlib.util
import os
import signal
import threading

#: builtins that submitted code runs without (a convenience, not the boundary)
REMOVED_BUILTINS = ("open", "exec", "eval", "compile", "input", "breakpoint", "exit", "quit",
                    "help", "memoryview")
REPLY_CAP = 256 << 20            # bytes of the sandbox's reply (graph + output) accepted
#: the byte a sandbox writes on its reply pipe once its filter and limits are loaded, before it
#: reads its request (not a msgpack map, which every reply is): the worker starts the sandbox's
#: wall-time limit (--sandbox-wall-s) there, so that the frameworks' imports do not count
READY = b"R"
FILE_BYTES = 16 << 20            # RLIMIT_FSIZE
OPEN_FILES = 512                 # RLIMIT_NOFILE
PROCESSES = 512                  # RLIMIT_NPROC (threads count; new processes are denied anyway)
SANDBOX_UID = 65534             # the sandbox's uid/gid inside its user namespace
#: sysctl files the isolation checks try to open for writing (one that exists suffices)
SYSCTL_PROBES = ("/proc/sys/kernel/printk_ratelimit_burst", "/proc/sys/kernel/core_pattern",
                 "/proc/sys/vm/overcommit_memory")


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


def load_seccomp(soname: str) -> None:
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


def isolation_problems(host_uid: int = -1) -> list[str]:
    """What the sandbox process finds wrong about its own isolation (empty: all good).
    ``host_uid``: the host uid a root worker mapped the sandbox's uid to (-1: bubblewrap mapped
    it)."""
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
        expected = host_uid
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


def probe(write, seccomp_lib: str, host_uid: int = -1) -> int:
    """The check_isolation probe: isolation facts (uid, host uid, capabilities, /proc, the
    process limit), then the seccomp filter's effect (``write(**reply)`` sends the answer)."""
    import ctypes
    import errno
    import socket

    problems = isolation_problems(host_uid)
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
        load_seccomp(seccomp_lib)
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


def set_limits(cpu_s: int, memory_mb: int) -> None:
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


def guarded_import(allowed: frozenset, what: str = "traced code"):
    real = builtins.__import__

    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        top = name.partition(".")[0]
        if level == 0 and top not in allowed and importlib.util.find_spec(top) is None:
            raise ModuleNotFoundError(  # e.g. paddle: absent, not forbidden
                f"No module named {top!r}: it is not installed on this worker ({what} may "
                f"import {', '.join(sorted(allowed))})", name=top)
        if level != 0 or top not in allowed:
            raise Forbidden(f"import of {name!r} is not allowed in {what}; allowed modules: "
                            f"{', '.join(sorted(allowed))}")
        return real(name, globals, locals, fromlist, level)

    return guarded
