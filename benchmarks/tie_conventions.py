"""Derivative conventions at ties: what carrying the source's convention costs.

    python benchmarks/tie_conventions.py clamp [--targets jax,torch,numpy,tensorflow]
    python benchmarks/tie_conventions.py maximum

``clamp``: torch ``clamp`` with Python bounds transpiled torch → target twice in one process,
"before" with the frontend's ``ivy.clip`` (the clamp rule of ``capture/torch_aten.py`` removed),
"after" with the rule (two selections where the example touches a bound); the emitted code's
CPU time per call (torch on one thread, JAX jitted and blocked), min and median of 21
interleaved rounds. ``maximum``: ``ivy.maximum`` against TF's tie convention written with
``where`` (what the TensorFlow frontend would need), per Ivy backend (docs/transpiler.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np


def _block(r):
    if "jax" in sys.modules:
        import jax
        return jax.block_until_ready(r)
    return r


def _cpu_time(f, args, n):
    _block(f(*args))
    t0 = time.process_time()
    for _ in range(n):
        r = f(*args)
    _block(r)
    return (time.process_time() - t0) / n


def clamp(targets):
    import torch

    import ivy
    from ivy.transpiler import frameworks as fw
    from ivy.transpiler.capture import torch_aten

    torch.manual_seed(0)
    torch.set_num_threads(1)

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = torch.nn.Conv2d(3, 16, 3, padding=1)
            self.c2 = torch.nn.Conv2d(16, 16, 3, padding=1)
            self.fc = torch.nn.Linear(16, 10)

        def forward(self, x):
            y = self.c2(self.c1(x).clamp(0, 6)).clamp(0, 6)
            return self.fc(y.mean((2, 3))).clamp(-3, 3)

    def elem(x):
        return torch.clamp(x * 2, -1.0, 1.0) + x.clamp(min=0)

    rng = np.random.default_rng(0)
    cases = [("conv net 8x3x32x32", Net().eval(),
              rng.standard_normal((8, 3, 32, 32)).astype(np.float32)),
             ("clamp-only 256x256", elem, rng.standard_normal((256, 256)).astype(np.float32)),
             ("clamp-only 256x256, ties", elem,
              np.maximum(rng.standard_normal((256, 256)), 0).astype(np.float32))]
    rules = {k: torch_aten.RULES[k] for k in ("clamp", "clip", "clamp_min", "clamp_max")}

    def build(which, obj, x, target):
        for k, r in rules.items():
            if which == "after":
                torch_aten.RULES[k] = r
            else:
                torch_aten.RULES.pop(k, None)
        torch_aten.rule_for.cache_clear()
        t = ivy.transpile(obj, source="torch", target=target, args=(x,))
        f = t
        if target == "jax":
            import jax
            fn, params = t.fn, getattr(t, "_params", None)
            f = jax.jit((lambda a: fn(params, a)) if params else fn)
        return f, "\n    where" in t.source

    try:
        for target in targets:
            for name, obj, x in cases:
                fns = {w: build(w, obj, x, target) for w in ("before", "after")}
                xin = fw.from_numpy(x, target)
                times = {"before": [], "after": []}
                for r in range(21):
                    for w in ("before", "after") if r % 2 else ("after", "before"):
                        times[w].append(_cpu_time(fns[w][0], (xin,), 30))
                b, a = times["before"], times["after"]
                print(f"{target:10s} {name:26s} after: {'selections' if fns['after'][1] else 'clip':10s}"
                      f" before {min(b) * 1e6:9.1f} us, after {min(a) * 1e6:9.1f} us: "
                      f"min {min(a) / min(b):.2f}x, median "
                      f"{statistics.median(a) / statistics.median(b):.2f}x", flush=True)
    finally:
        torch_aten.RULES.update(rules)
        torch_aten.rule_for.cache_clear()


def maximum():
    import ivy

    def tf_tie(x, y):  # TF's Maximum: a tie (and a NaN x) selects x
        return ivy.where(ivy.logical_or(ivy.greater_equal(x, y), ivy.isnan(x)), x, y)

    for be in ("jax", "torch"):
        ivy.set_backend(be)
        for shape in ((2, 2), (256, 256)):
            rng = np.random.default_rng(0)
            x, y = (ivy.asarray(rng.standard_normal(shape).astype(np.float32))._data
                    for _ in range(2))
            times = {"ivy.maximum": [], "TF's tie rule": []}
            for _ in range(9):
                for k, f in (("ivy.maximum", ivy.maximum), ("TF's tie rule", tf_tie)):
                    times[k].append(_cpu_time(f, (x, y), 300 if shape == (2, 2) else 50))
            base, alt = min(times["ivy.maximum"]), min(times["TF's tie rule"])
            print(f"{be:6s} {str(shape):10s} ivy.maximum {base * 1e6:7.1f} us, TF's tie rule "
                  f"{alt * 1e6:7.1f} us ({alt / base:.2f}x)", flush=True)
        ivy.unset_backend()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("clamp", "maximum"))
    ap.add_argument("--targets", default="jax,torch,numpy,tensorflow")
    a = ap.parse_args()
    clamp(a.targets.split(",")) if a.what == "clamp" else maximum()
