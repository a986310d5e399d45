"""What aligned out-of-band buffers buy on the worker: ``Worker.call`` in process (parse, decode,
compute, encode) on a request framed with the alignment padding (what clients send now) and on
the same request framed without it (the arrays then land wherever the bytes fall, usually not
aligned for float64), alternated, median wall time.

    .venv/bin/python benchmarks/aligned_buffers.py

``aligned=`` shows whether the first array's view is aligned in each framing (the unpadded one
can be aligned by chance). NumPy runs every operation on an unaligned array through buffered
loops; docs/rpc.md, "Unaligned arrays".
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]

from ivy_client import codec, wire  # noqa: E402
from ivy_server.worker import Worker  # noqa: E402


def frame(fn: str, args: list, pad: bool) -> bytes:
    buffers: list = []
    payload = codec.encode([args, {}], buffers=buffers)
    saved = wire.ALIGN_MIN_BYTES
    if not pad:
        wire.ALIGN_MIN_BYTES = 1 << 62  # no buffer is large enough to be aligned
    try:
        return wire.frame_call_request(fn, payload, False, buffers)
    finally:
        wire.ALIGN_MIN_BYTES = saved


def main() -> int:
    w = Worker("numpy", "cpu", max_message_bytes=256 << 20, memory_cap_bytes=0,
               allow_code_execution=False, sandbox_limits={})
    print(f"{'call':6} {'elements':>9}  {'unpadded (us)':>22}  {'padded (us)':>20}  ratio")
    for n in (2**12, 2**15, 2**18, 2**20):
        x = np.random.default_rng(0).random(n)
        for fn, args in (("add", [x, x]), ("sum", [x]), ("sort", [x])):
            reqs = {pad: frame(fn, args, pad) for pad in (False, True)}
            aligned = {pad: np.frombuffer(wire.parse_call_request(r)[3][0], np.float64)
                       .flags.aligned for pad, r in reqs.items()}
            ts: dict = {pad: [] for pad in reqs}
            for _ in range(30 if n <= 2**18 else 10):
                for pad, r in reqs.items():
                    t = time.perf_counter()
                    w.call(r, None, [""])
                    ts[pad].append(time.perf_counter() - t)
            m = {pad: statistics.median(v) * 1e6 for pad, v in ts.items()}
            print(f"{fn:6} {'2^' + str(n.bit_length() - 1):>9}  "
                  f"{m[False]:9.1f} (aligned={aligned[False]!s:5})  "
                  f"{m[True]:9.1f} (aligned={aligned[True]!s:4})  {m[False] / m[True]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
