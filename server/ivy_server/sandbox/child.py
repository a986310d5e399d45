"""The sandbox process's entry point (``python -m ivy_server.sandbox.child``, started by
``host.py`` inside bubblewrap): read the command line, check its own isolation, then run the
isolation probe or one mode (``modes.py``: trace, transpile, run), which imports what it needs,
loads the seccomp filter and the rlimits and only then reads the request.

Kept small on purpose: this module imports the standard library and ``confine`` only, so that
nothing but what the mode itself needs is imported before the seccomp filter is loaded."""

from __future__ import annotations

import argparse
import os
import sys

from .confine import READY, REPLY_CAP, isolation_problems, probe


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="ivy-sandbox")
    # the worker passes only known names (checked by the mode, which knows the frameworks)
    p.add_argument("--backend", required=True)
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
    p.add_argument("--target", default=None)
    p.add_argument("--preload", default="", help="comma-separated modules imported before the "
                   "filter (an allowed library the previous request of this kind imported)")
    return p.parse_args(argv)


def main(argv=None) -> int:
    a = parse_args(argv)
    for fd in a.close_fd:  # bwrap's --info-fd, inherited: not for the submitted code
        try:
            os.close(fd)
        except OSError:
            pass
    out = os.fdopen(a.reply_fd, "wb")
    os.set_inheritable(a.reply_fd, False)
    from ivy_client import codec  # the reply's encoding (msgpack), before the filter

    def reply(**kw) -> int:
        data = codec.encode(kw)
        if len(data) > REPLY_CAP:
            data = codec.encode({"ok": False, "kind": "error", "message":
                                 f"the graph and output take {len(data)} bytes, more than the "
                                 f"sandbox's reply limit of {REPLY_CAP >> 20} MiB"})
        out.write(data)
        out.flush()
        return 0

    def ready() -> None:  # limits loaded, the request not read yet: the wall clock starts
        out.write(READY)
        out.flush()

    reply.ready = ready

    if a.probe:
        return probe(reply, a.seccomp_lib, a.host_uid)
    problems = isolation_problems(a.host_uid)
    if problems:  # never run submitted code outside bwrap's namespaces
        return reply(ok=False, kind="isolation",
                     message="the sandbox process is not isolated: " + "; ".join(problems))
    from . import modes  # imports Ivy (still before the filter: the mode loads it)

    if a.mode == "trace":
        return modes.trace(a, reply)
    return modes.serve(a, reply)


if __name__ == "__main__":
    rc = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    os._exit(rc)  # skip the frameworks' slow atexit work; the reply is already written
