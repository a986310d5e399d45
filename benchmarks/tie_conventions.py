"""Derivative conventions at ties: what carrying the source's convention costs.

    python benchmarks/tie_conventions.py clamp [--targets jax,torch,numpy,tensorflow]
    python benchmarks/tie_conventions.py maximum

``clamp``: ``clamp(2x, -1, 1) + clamp(x, min=0)`` transpiled torch → target (one ``clip`` per
clamp, with torch's derivative at a bound on every target: the JAX backend's ``clip``), against
the same function hand-written in the target with its own clip (``jnp.clip``, ``np.clip``,
``torch.clamp``, ``tf.clip_by_value``): CPU time per call (torch on one thread; JAX eager and
jitted, blocked), min and median of 21 interleaved rounds. ``maximum``: ``ivy.maximum`` against TF's tie convention written with
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


def _native_elem(target):
    """``clamp(2x, -1, 1) + clamp(x, min=0)`` hand-written in the target (its own clip)."""
    if target == "jax":
        import jax.numpy as jnp
        return lambda x: jnp.clip(x * 2, -1.0, 1.0) + jnp.clip(x, 0.0, None)
    if target == "torch":
        import torch
        return lambda x: torch.clamp(x * 2, -1.0, 1.0) + torch.clamp(x, min=0.0)
    if target == "tensorflow":
        import tensorflow as tf
        return lambda x: tf.clip_by_value(x * 2, -1.0, 1.0) + tf.maximum(x, 0.0)
    return lambda x: np.clip(x * 2, -1.0, 1.0) + np.clip(x, 0.0, None)


def clamp(targets):
    import torch

    import ivy
    from ivy.transpiler import frameworks as fw

    torch.set_num_threads(1)

    def elem(x):
        return torch.clamp(x * 2, -1.0, 1.0) + x.clamp(min=0)

    rng = np.random.default_rng(0)
    cases = [("2x2", rng.standard_normal((2, 2)).astype(np.float32)),
             ("256x256", rng.standard_normal((256, 256)).astype(np.float32)),
             ("256x256, half on a bound", np.maximum(rng.standard_normal((256, 256)), 0)
              .astype(np.float32))]
    for target in targets:
        for name, x in cases:
            t = ivy.transpile(elem, source="torch", target=target, args=(x,))
            fns = {"native": _native_elem(target), "emitted": t.fn}
            if target == "jax":
                import jax
                fns = {**fns, **{f"{k} jit": jax.jit(f) for k, f in fns.items()}}
            xin = fw.from_numpy(x, target)
            times = {k: [] for k in fns}
            n = 300 if x.size < 100 else 30
            for r in range(21):
                for k in (list(fns) if r % 2 else list(fns)[::-1]):
                    times[k].append(_cpu_time(fns[k], (xin,), n))
            pairs = [("native", "emitted")] + ([("native jit", "emitted jit")]
                                                 if target == "jax" else [])
            for a, b in pairs:
                print(f"{target:10s} {name:26s} {b:12s} {min(times[b]) * 1e6:9.1f} us, "
                      f"{a} {min(times[a]) * 1e6:9.1f} us: min "
                      f"{min(times[b]) / min(times[a]):.2f}x, median "
                      f"{statistics.median(times[b]) / statistics.median(times[a]):.2f}x",
                      flush=True)


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
