"""The worker's memory policy (issue 16, large arrays): freed heap memory is kept while large
requests keep coming and given back once they stop (``Trimmer``), and the glibc malloc policy
that makes one large request's buffers serve the next (``configure_malloc``). The RSS a real
worker returns to after large calls is tested in tests/security/test_worker_wire.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "client"), str(ROOT / "server")]

glibc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc malloc only")


def _wait_for(pred, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return pred()


@glibc
def test_trimmer_keeps_memory_during_a_burst_and_trims_when_it_ends():
    from ivy_server.worker.memory import Trimmer

    t = Trimmer(idle=1.0, max_delay=60.0, slack=2**62)
    if t._trim is None:
        pytest.skip("not glibc")
    end = time.monotonic() + 1.5
    while time.monotonic() < end:  # a burst of large requests, one every 50 ms
        t.kick()
        time.sleep(0.05)
    assert t.trims == 0, "trimmed while large requests were still coming"
    assert _wait_for(lambda: t.trims == 1, 5.0), "no trim once the requests stopped"
    time.sleep(1.2)
    assert t.trims == 1, "trimmed again without a request or freed memory"


@glibc
def test_trimmer_trims_during_a_steady_stream_at_most_max_delay_apart():
    from ivy_server.worker.memory import Trimmer

    t = Trimmer(idle=1.0, max_delay=1.5, slack=2**62)
    if t._trim is None:
        pytest.skip("not glibc")
    end = time.monotonic() + 3.5
    while time.monotonic() < end:
        t.kick()
        time.sleep(0.05)
    assert t.trims >= 1, "a steady stream of large requests was never trimmed"


_POLICY = textwrap.dedent(r"""
    import os, sys, time
    from ivy_server.worker.memory import Trimmer, configure_malloc

    os.environ["MALLOC_ARENA_MAX"] = "4"
    assert configure_malloc() is False, "the operator's MALLOC_* setting must win"
    del os.environ["MALLOC_ARENA_MAX"]
    assert configure_malloc() is True

    def rss():
        with open("/proc/self/status") as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) // 1024

    t = Trimmer(idle=0.2, max_delay=0.5, slack=32 * 2**20)
    t.start()
    base = rss()
    blocks = [bytearray(64 * 2**20) for _ in range(3)]  # from the heap now, not mmap
    for b in blocks:
        b[::4096] = b"x" * len(range(0, len(b), 4096))  # touch every page
    held = rss()
    del blocks, b
    # freed memory the trimmer was never kicked about: the periodic check gives it back
    end = time.monotonic() + 5
    while (rss() > base + 64 or not t.trims) and time.monotonic() < end:
        time.sleep(0.05)
    print(base, held, rss(), t.trims)
""")


@glibc
def test_malloc_policy_and_memory_freed_without_a_kick_is_given_back():
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{ROOT}:{ROOT / 'client'}:{ROOT / 'server'}"}
    r = subprocess.run([sys.executable, "-c", _POLICY], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    base, held, after, trims = map(int, r.stdout.split())
    assert held - base >= 150, f"the blocks were not resident: {base} -> {held} MiB"
    assert trims >= 1 and after - base < 64, \
        f"RSS {base} MiB, {held} MiB while held, {after} MiB after (trims: {trims})"
