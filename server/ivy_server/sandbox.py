"""The Trace sandbox: submitted code runs in a separate, resource-limited process.

The worker (:func:`run`) starts ``python -m ivy_server.sandbox`` per Trace request with a fresh
temporary working directory, a minimal environment and a wall-clock timeout. The sandbox process
(:func:`main`), before it reads any submitted code:

- tries to enter new user and network namespaces (no network; skipped where the OS refuses),
- imports ivy and the worker's framework, then sets ``RLIMIT_CPU`` (CPU seconds), ``RLIMIT_AS``
  (address space: what the imports took plus ``--memory-mb``), ``RLIMIT_FSIZE`` (16 MiB files),
  ``RLIMIT_CORE`` 0,
- executes the code with builtins lacking ``open``/``exec``/``eval``/``compile``/``input`` and an
  ``__import__`` that allows only the worker's framework, ``numpy``, ``math`` and ``ivy``,
- traces ``entry`` with ``ivy.trace_graph`` on the example arguments and writes back, as msgpack
  (never pickle), the graph's ``to_dict()`` and its output.

The worker only ever loads the returned graph with ``ivy.Graph.from_dict`` (whose nodes may call
only public Ivy functions), so nothing the submitted code does crosses back as code. The allow-list
is a guard against accidents, not a boundary: the process, its limits and its namespaces are.
"""

from __future__ import annotations

import argparse
import builtins
import os
import shutil
import signal
import subprocess
import sys
import tempfile

import grpc
from ivy_client import codec

from .errors import RpcFailure

FRAMEWORK = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
_REMOVED_BUILTINS = ("open", "exec", "eval", "compile", "input", "breakpoint", "exit", "quit",
                     "help", "memoryview")


# ---------------------------------------------------------------------------------------------
# Worker side
# ---------------------------------------------------------------------------------------------

def run(backend: str, source: str, entry: str, args: bytes, buffers: list, *, cpu_s: int,
        wall_s: float, memory_mb: int):
    """Trace ``entry`` of ``source`` in a sandbox process -> (graph dict, output msgpack)."""
    if not entry.isidentifier():
        raise RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, f"entry {entry!r} is not a Python name")
    request = codec.encode({"source": source, "entry": entry, "args": args, "buffers": buffers})
    tmp = tempfile.mkdtemp(prefix="ivy-sandbox-")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "TMPDIR": tmp,
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
           "TF_CPP_MIN_LOG_LEVEL": "3", "JAX_PLATFORMS": "cpu", "CUDA_VISIBLE_DEVICES": "",
           "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-B", "-m", "ivy_server.sandbox",
           "--backend", backend, "--cpu-s", str(cpu_s), "--memory-mb", str(memory_mb)]
    try:
        try:
            proc = subprocess.run(cmd, input=request, capture_output=True, cwd=tmp, env=env,
                                  timeout=wall_s)
        except subprocess.TimeoutExpired:
            raise RpcFailure(grpc.StatusCode.DEADLINE_EXCEEDED,
                             f"the submitted code ran past the sandbox's wall-time limit of "
                             f"{wall_s:g} s (worker flag --sandbox-wall-s)") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rc = proc.returncode
    if rc in (-signal.SIGXCPU, -signal.SIGKILL) or (rc != 0 and b"SIGXCPU" in proc.stderr):
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED,
                         f"the submitted code exceeded the sandbox's CPU-time limit of {cpu_s} s "
                         "(worker flag --sandbox-cpu-s)")
    try:
        reply = codec.decode(proc.stdout)
        if not isinstance(reply, dict) or "ok" not in reply:
            raise ValueError("no reply")
    except ValueError:
        tail = proc.stderr.decode("utf-8", "replace")[-1500:]
        if "MemoryError" in tail or "Cannot allocate memory" in tail or "bad_alloc" in tail:
            raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED,
                             f"the submitted code exceeded the sandbox's memory limit of "
                             f"{memory_mb} MiB (worker flag --sandbox-memory-mb)") from None
        raise RpcFailure(grpc.StatusCode.INTERNAL,
                         f"the sandbox process failed (exit code {rc}): {tail}") from None
    if reply["ok"]:
        graph = reply.get("graph")
        if not isinstance(graph, dict):
            raise RpcFailure(grpc.StatusCode.INTERNAL, "the sandbox returned no graph")
        return graph, reply.get("output", b"")
    kind, message = reply.get("kind"), str(reply.get("message", ""))
    if kind == "memory":
        raise RpcFailure(grpc.StatusCode.RESOURCE_EXHAUSTED,
                         f"the submitted code exceeded the sandbox's memory limit of {memory_mb} "
                         f"MiB (worker flag --sandbox-memory-mb): {message}")
    if kind == "forbidden":
        raise RpcFailure(grpc.StatusCode.PERMISSION_DENIED, message)
    if kind == "entry":
        raise RpcFailure(grpc.StatusCode.NOT_FOUND, message)
    raise RpcFailure(grpc.StatusCode.INVALID_ARGUMENT, f"tracing failed: {message}")


# ---------------------------------------------------------------------------------------------
# Sandbox side
# ---------------------------------------------------------------------------------------------

class Forbidden(ImportError):
    pass


def _enter_namespaces() -> None:
    """New user + network namespaces where the kernel allows it (no network afterwards)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.unshare(0x10000000 | 0x40000000)  # CLONE_NEWUSER | CLONE_NEWNET
    except Exception:
        pass


def _limit(cpu_s: int, memory_mb: int) -> None:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    cpu = int(used.ru_utime + used.ru_stime) + cpu_s  # the imports' CPU time is not counted
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 2**20, 16 * 2**20))
    vm = 0
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    vm = int(line.split()[1]) * 1024
    except OSError:
        pass
    if vm:
        cap = vm + memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _guarded_import(allowed: frozenset):
    real = builtins.__import__

    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        top = name.partition(".")[0]
        if level != 0 or top not in allowed:
            raise Forbidden(f"import of {name!r} is not allowed in traced code; allowed modules: "
                            f"{', '.join(sorted(allowed))}")
        return real(name, globals, locals, fromlist, level)

    return guarded


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="ivy-sandbox")
    p.add_argument("--backend", required=True, choices=sorted(FRAMEWORK))
    p.add_argument("--cpu-s", type=int, default=20)
    p.add_argument("--memory-mb", type=int, default=2048)
    a = p.parse_args(argv)
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever the code prints must not corrupt the reply

    def reply(**kw) -> int:
        out.write(codec.encode(kw))
        out.flush()
        return 0

    _enter_namespaces()
    request = codec.decode(sys.stdin.buffer.read())
    import ivy

    B = ivy.set_backend(a.backend)
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
        from .errors import _is_oom, message_of

        cause, seen = e, 0
        while cause is not None and seen < 20:  # the tracer wraps what the code raised
            if isinstance(cause, Forbidden):
                return reply(ok=False, kind="forbidden", message=str(cause))
            if _is_oom(cause):
                return reply(ok=False, kind="memory", message=message_of(cause))
            cause, seen = cause.__cause__ or cause.__context__, seen + 1
        return reply(ok=False, kind="error", message=message_of(e))


if __name__ == "__main__":
    sys.exit(main())
