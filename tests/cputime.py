"""Where the test suite's time goes: CPU and wall seconds per test, summed per directory and file.

CPU seconds of the test's own process (``time.process_time``) hardly move when other jobs load
the machine, wall seconds do; work in child processes (workers, sandboxes, ``ivy-serve``) shows
only in wall seconds (measure those with ``--durations``). Collection and imports are outside
every test and not counted.

    CPU_OUT=/tmp/cpu .venv/bin/python -m pytest -q -n 2 --dist loadfile -p tests.cputime tests/frontends
    .venv/bin/python -m tests.cputime /tmp/cpu            # per directory, then the 20 costliest files

Each process appends ``nodeid<TAB>cpu<TAB>wall`` rows to ``$CPU_OUT.<xdist worker>.tsv``.
"""

from __future__ import annotations

import collections
import glob
import os
import sys
import time

import pytest

_out = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _out
    if _out is None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _out = open(f"{os.environ.get('CPU_OUT', 'cputime')}.{worker}.tsv", "a", buffering=1)  # noqa: SIM115 - open for the session
    c0, w0 = time.process_time(), time.perf_counter()
    yield
    _out.write(f"{item.nodeid}\t{time.process_time() - c0:.3f}\t{time.perf_counter() - w0:.3f}\n")


def summary(prefix: str, top: int = 20) -> str:
    """Per directory (tests/<dir>, tests/<dir>/<sub>) and the ``top`` costliest files."""
    files: dict = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for path in glob.glob(f"{prefix}.*.tsv"):
        with open(path) as f:
            for line in f:
                node, cpu, wall = line.rstrip("\n").split("\t")
                row = files[node.partition("::")[0]]
                row[0] += float(cpu)
                row[1] += float(wall)
                row[2] += 1
    dirs: dict = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for name, row in files.items():
        parts = name.split("/")
        for key in {"/".join(parts[:2]), "/".join(parts[:3]) if len(parts) > 3 else None} - {None}:
            for i in range(3):
                dirs[key][i] += row[i]
    lines = [f"{'':60s} {'cpu s':>8s} {'wall s':>8s} {'tests':>6s}"]
    lines += [f"{k:60s} {v[0]:8.0f} {v[1]:8.0f} {v[2]:6d}" for k, v in sorted(dirs.items())]
    lines.append("")
    lines += [f"{k:60s} {v[0]:8.1f} {v[1]:8.1f} {v[2]:6d}"
              for k, v in sorted(files.items(), key=lambda t: -t[1][0])[:top]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(sys.argv[1] if len(sys.argv) > 1 else "cputime"))
