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

Modules: ``host`` (the worker side: command line, start, feed, collect, kill, the outcome's
status, the warm pool, :func:`~host.check_isolation`), ``child`` (the sandbox process's entry
point, standard library only), ``confine`` (what the process does to itself and checks: seccomp,
rlimits, the import guard, the isolation probe) and ``modes`` (trace, transpile, run). This
package module imports nothing, so that starting ``child`` imports only what it needs.
"""
