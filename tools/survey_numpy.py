"""Survey: realistic NumPy numerical code (``survey_numpy_cases.py``) transpiled to torch, jax and
tensorflow; each result re-checked against NumPy on a third random draw.

    .venv/bin/python -m tools.survey_numpy [--targets torch,jax] [-k NAME] [--json F]

Outcome per (case, target): ``ok``, ``refused`` (a ``TranspileError``: op and reason), ``error``
(another exception: a crash of the transpiler) or ``wrong`` (the transpile succeeded but the
result differs from NumPy on new inputs: the worst outcome). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings

import numpy as np

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from tools.survey_numpy_cases import CASES

TARGETS = ("torch", "jax", "tensorflow")


def third_draw(args, seed=3):
    rng = np.random.default_rng(seed)
    return tuple(fw.random_like(a, rng) if isinstance(a, np.ndarray) else a for a in args)


def run_case(fn, args, target):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t = ivy.transpile(fn, source="numpy", target=target, args=args)
    except TranspileError as e:
        return {"outcome": "refused", "op": e.op, "why": str(e).splitlines()[0][:300]}
    except Exception as e:  # noqa: BLE001 - a crash is reported, not raised
        return {"outcome": "error", "op": None, "why": f"{type(e).__name__}: {e}"[:300]}
    a3 = third_draw(args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = fw.tree_to_numpy(fn(*a3))
        try:
            got = fw.tree_to_numpy(t(*a3))
        except Exception as e:  # noqa: BLE001
            return {"outcome": "wrong", "op": None,
                    "why": f"third draw raised {type(e).__name__}: {e}"[:300]}
    res = fw.compare_trees(want, got)
    bad = [r for r in res if not r["ok"]]
    if bad and any(isinstance(a, np.ndarray) and a.dtype == np.float32 for a in args):
        # float64 outputs computed from float32 data (x.astype(np.float64), sum(dtype=...))
        # carry float32 rounding, which differs between backends by a few ulps
        loose = dict(fw.RTOL, float64=fw.RTOL["float32"])
        if all(r["ok"] for r in fw.compare_trees(want, got, rtol_table=loose)):
            return {"outcome": "ok", "note": "float64 outputs of float32 data within float32 "
                    "rounding only: " + "; ".join(r["why"] for r in bad)[:200]}
    if bad:
        return {"outcome": "wrong", "op": None, "why": "; ".join(
            f"{r['path']}: {r['why']}" for r in bad)[:300]}
    return {"outcome": "ok"}


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--targets", default=",".join(TARGETS))
    p.add_argument("-k", default="")
    p.add_argument("--json", default="")
    a = p.parse_args(argv)
    targets = a.targets.split(",")
    rows = {}
    t0 = time.time()
    for name, (fn, args) in CASES.items():
        if a.k and a.k not in name:
            continue
        rows[name] = {}
        for tg in targets:
            r = run_case(fn, args, tg)
            rows[name][tg] = r
            if r["outcome"] != "ok" or r.get("note"):
                print(f"{name:28s} {tg:10s} {r['outcome']:8s} {r.get('why', r.get('note'))}",
                      flush=True)
    print(f"\n{len(rows)} cases, {time.time() - t0:.0f} s")
    print(f"{'target':12s} {'ok':>4s} {'refused':>8s} {'error':>6s} {'wrong':>6s}")
    for tg in targets:
        c = {k: sum(rows[n][tg]["outcome"] == k for n in rows)
             for k in ("ok", "refused", "error", "wrong")}
        print(f"{tg:12s} {c['ok']:4d} {c['refused']:8d} {c['error']:6d} {c['wrong']:6d}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
