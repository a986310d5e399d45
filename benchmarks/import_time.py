"""`import ivy`'s cost above `import numpy`, in fresh interpreters (issue 39: ml_dtypes 0.7.0, a
fresh install's choice, made it ten times slower and nothing noticed).

    .venv/bin/python benchmarks/import_time.py                       # this interpreter, 9 runs
    .venv/bin/python benchmarks/import_time.py --baseline OTHER/bin/python --max-ratio 1.5

Each run is a new process that times ``import numpy`` and then ``import ivy`` (this checkout's
code, first on ``sys.path``); the median of the runs is reported. ``--baseline`` times another
interpreter (another environment: e.g. the locked ``.venv`` against the newest versions'
environment of ``scripts/upgrade-check.sh``) on the same code, the runs interleaved so that the
machine's load falls on both alike, and ``--max-ratio`` fails (exit 1) when this interpreter's
median is above ``ratio × baseline + 0.05 s``. ``--max-seconds`` is an absolute limit instead.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PROBE = ("import time; t0 = time.perf_counter(); import numpy; t1 = time.perf_counter(); "
         "import ivy; t2 = time.perf_counter(); import json, sys; "
         "mods = {m: getattr(sys.modules.get(m), '__version__', None) for m in "
         "('numpy', 'ml_dtypes', 'optree', 'scipy')}; "
         "print(json.dumps({'numpy': t1 - t0, 'ivy': t2 - t1, 'versions': mods, "
         "'file': ivy.__file__}))")


def one(python: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (ROOT, env.get("PYTHONPATH")) if p)
    env.pop("IVY_BACKEND", None)
    r = subprocess.run([python, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT)
    if r.returncode:
        raise SystemExit(f"{python}: import failed:\n{r.stderr}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--python", default=sys.executable, help="the interpreter measured")
    ap.add_argument("--baseline", help="another interpreter to compare with (same code)")
    ap.add_argument("--max-ratio", type=float, help="fail above ratio x baseline + 0.05 s")
    ap.add_argument("--max-seconds", type=float, help="fail when `import ivy` takes longer")
    a = ap.parse_args(argv)
    pythons = {"measured": a.python, **({"baseline": a.baseline} if a.baseline else {})}
    runs: dict[str, list[dict]] = {k: [] for k in pythons}
    for _ in range(a.runs):
        for k, py in pythons.items():
            runs[k].append(one(py))
    med = {}
    for k, rs in runs.items():
        med[k] = statistics.median(r["ivy"] for r in rs)
        print(f"{k:8s} {pythons[k]}: import ivy {med[k]:.3f} s above import numpy "
              f"({statistics.median(r['numpy'] for r in rs):.3f} s), median of {len(rs)}; "
              f"{rs[-1]['versions']}")
    failed = False
    if a.max_seconds is not None and med["measured"] > a.max_seconds:
        print(f"FAIL: import ivy {med['measured']:.3f} s > --max-seconds {a.max_seconds}")
        failed = True
    if a.max_ratio is not None:
        if "baseline" not in med:
            ap.error("--max-ratio needs --baseline")
        limit = a.max_ratio * med["baseline"] + 0.05
        ok = med["measured"] <= limit
        print(f"{'ok' if ok else 'FAIL'}: {med['measured']:.3f} s vs baseline "
              f"{med['baseline']:.3f} s (limit {a.max_ratio} x baseline + 0.05 s = {limit:.3f} s)")
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
