"""Survey: every program of the four real-code corpora (``tests/transpiler/<source>/corpus.py``)
transpiled with ``dynamic="auto"``, then its emitted code run — without transpiling again — with
every symbolic dimension at once at a size never captured nor verified, against the source run
natively.

    .venv/bin/python -m tools.survey_symbolic [--sources torch,jax,numpy,tensorflow]
        [--targets jax] [-k SUBSTR] [--json out.json]

Outcome per (case, target): ``symbolic`` (dimensions read from the inputs, right at new sizes),
``fixed`` (every dimension pinned: the reasons are listed), ``refused`` (a ``TranspileError``),
``wrong`` (the emitted code differs from the source at new sizes: the worst outcome), ``crash``
(another exception). Pinned dimensions are listed with the operation and line that pin them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
import warnings

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw
from ivy.transpiler.capture import get_capture
from ivy.transpiler.shapes import Plan, resized

SOURCES = ("torch", "jax", "numpy", "tensorflow")


def corpus(source: str) -> dict:
    """``{name: (make, args)}`` of a source's corpus (``make()`` gives the object)."""
    mod = importlib.import_module(f"tests.transpiler.{source}.corpus")
    if hasattr(mod, "cases"):
        return mod.cases()
    return {k: (lambda fn=fn: fn, args) for k, (fn, args) in mod.CASES.items()}


def new_sizes(t, args, kwargs, native):
    """Inputs with every symbolic dimension at a size no capture or check used, that the
    source takes; None when no such size is found in a few tries."""
    dims = t.report["dims"]
    free = {}
    for d in dims:
        if d["kind"] == "symbolic":
            free.setdefault(d["symbol"], []).append(d)
    if not free:
        return None
    plan = Plan.__new__(Plan)  # only for its input layout (no captures)
    plan.args, plan.kwargs = args, kwargs
    from ivy.transpiler.shapes import input_dims
    plan.dims, _ = input_dims(t.graph, args, kwargs, 1 if t.is_model else 0)
    by_atom = {(d.input, d.axis): d for d in plan.dims}
    for bump in (1, 2, 3, 5):
        sizes = {}
        for group in free.values():
            seen = set(group[0]["verified_sizes"])
            s = group[0]["size"] + bump
            while s in seen:
                s += 1
            for d in group:
                sizes[by_atom[(d["input"], d["axis"])]] = s
        a, k = resized(args, kwargs, plan.dims, sizes)
        try:
            ref = native(a, k)
        except Exception:  # noqa: BLE001 - the source does not take these sizes
            continue
        return a, k, ref, sorted({v for v in sizes.values()})
    return None


def run_case(source, name, make, args, target):
    obj = make()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t = ivy.transpile(obj, source=source, target=target, args=args, dynamic="auto")
    except TranspileError as e:
        return {"outcome": "refused", "why": " ".join(str(e).split())[:300]}
    except Exception as e:  # noqa: BLE001
        return {"outcome": "crash", "why": f"{type(e).__name__}: {str(e)[:300]}"}
    dims = t.report["dims"]
    pinned = [d for d in dims if d["kind"] == "pinned" and d["size"] >= 1]
    out = {"symbolic": [f"{d['input']}.shape[{d['axis']}]" for d in dims
                        if d["kind"] == "symbolic"],
           "pinned": [f"{d['input']}.shape[{d['axis']}]={d['size']}: {d['why'][:200]}"
                      for d in pinned],
           "seconds": round(t.report["timings"]["total_s"], 2)}
    if not out["symbolic"]:
        return {"outcome": "fixed", **out}
    cap = get_capture(source)
    args_np = fw.tree_to_numpy(tuple(args))

    def native(a, k):
        return fw.tree_to_numpy(cap.run_native(obj, a, k))

    got = new_sizes(t, args_np, {}, native)
    if got is None:
        return {"outcome": "symbolic", "new_sizes": "the source takes no other size tried", **out}
    a, k, ref, sizes = got
    conv = target if target != "ivy" else "numpy"
    try:
        inputs = fw.tree_from_numpy(a, conv)
        res = t.fn.fn(t._params, *inputs) if t.is_model else t.fn.fn(*inputs)
        cmp = fw.compare_trees(ref, fw.tree_to_numpy(res))
    except Exception as e:  # noqa: BLE001
        return {"outcome": "wrong", "why": f"at sizes {sizes}: {type(e).__name__}: "
                                           f"{' '.join(str(e).split())[:300]}", **out}
    bad = [c for c in cmp if not c["ok"]]
    if bad:
        return {"outcome": "wrong", "why": f"at sizes {sizes}: {bad[0]['why']}", **out}
    return {"outcome": "symbolic", "new_sizes": sizes, **out}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sources", default=",".join(SOURCES))
    p.add_argument("--targets", default="jax")
    p.add_argument("-k", default="")
    p.add_argument("--json")
    a = p.parse_args(argv)
    results = []
    for source in a.sources.split(","):
        for name, (make, args) in sorted(corpus(source).items()):
            if a.k not in name:
                continue
            for target in a.targets.split(","):
                t0 = time.time()
                r = run_case(source, name, make, args, target)
                r.update(source=source, case=name, target=target,
                         wall=round(time.time() - t0, 1))
                results.append(r)
                print(f"{r['outcome']:9s} {source}->{target} {name} ({r['wall']} s) "
                      f"symbolic={r.get('symbolic', [])}", flush=True)
                for pin in r.get("pinned", []):
                    print(f"          pinned {pin}", flush=True)
                if r.get("why"):
                    print(f"          {r['why']}", flush=True)
    counts: dict = {}
    for r in results:
        counts.setdefault(r["source"], {}).setdefault(r["outcome"], 0)
        counts[r["source"]][r["outcome"]] += 1
    print(json.dumps(counts, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1, default=str)
    return 1 if any(r["outcome"] == "wrong" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
