"""The graph tracer's costs, measured in one run:

    .venv/bin/python benchmarks/tracer.py [--backends numpy torch jax tensorflow] [--quick]

1. Tracing time per node (``ivy.trace_graph`` of an MLP and an attention block).
2. Eager replay ``graph(*args)`` vs calling the Ivy function directly on the same backend
   (target <= 1.1x; replay calls the backend functions straight from generated code, so it skips
   the dispatchers).
3. ``ivy.compile`` vs the backend compiler applied to the hand-written native function:
   ``jax.jit`` on JAX, ``tf.function`` on TensorFlow (target <= 1.05x).

Each pair of numbers is timed alternately (best of 7 loops), so both see the same machine load;
ratios compare numbers from this run.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import sys
import time
import timeit
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ivy  # noqa: E402

rng = np.random.default_rng(0)


# -- workloads: the Ivy function and its hand-written native twin per backend ----------------------

def mlp(x, w1, b1, w2, b2, w3):
    h = ivy.tanh(x @ w1 + b1)
    h = ivy.tanh(h @ w2 + b2)
    return h @ w3


def attention(x, wq, wk, wv):
    q, k, v = x @ wq, x @ wk, x @ wv
    s = q @ ivy.matrix_transpose(k) / math.sqrt(q.shape[-1])
    s = s - ivy.max(s, axis=-1, keepdims=True)
    e = ivy.exp(s)
    return (e / ivy.sum(e, axis=-1, keepdims=True)) @ v + x


def chain(x, y):
    return ivy.sqrt(ivy.exp(-ivy.abs(ivy.sin(x) * y + 1.0)) + 0.5) - ivy.tanh(x)


def native(backend: str, name: str):
    if backend == "jax":
        import jax.numpy as m

        def tanh(a):
            return m.tanh(a)
    elif backend == "tensorflow":
        import tensorflow as tf

        m = tf.experimental.numpy
    else:
        m = np
    if backend == "torch":
        import torch as m  # noqa: F811
    mT = {"torch": lambda a: a.mT, "tensorflow": lambda a: m.swapaxes(a, -1, -2)}.get(
        backend, lambda a: m.swapaxes(a, -1, -2))
    amax = {"torch": lambda a: m.amax(a, dim=-1, keepdim=True)}.get(
        backend, lambda a: m.max(a, axis=-1, keepdims=True))
    asum = {"torch": lambda a: m.sum(a, dim=-1, keepdim=True)}.get(
        backend, lambda a: m.sum(a, axis=-1, keepdims=True))
    if backend == "tensorflow":
        import tensorflow as tf

        mT = tf.linalg.matrix_transpose  # noqa: N806
        amax = lambda a: tf.math.reduce_max(a, axis=-1, keepdims=True)  # noqa: E731
        asum = lambda a: tf.math.reduce_sum(a, axis=-1, keepdims=True)  # noqa: E731
        mm = tf.linalg.matmul
        tanh, exp, sin, absf, sqrt = tf.math.tanh, tf.math.exp, tf.math.sin, tf.math.abs, \
            tf.math.sqrt
    else:
        mm = m.matmul
        tanh, exp, sin, absf, sqrt = m.tanh, m.exp, m.sin, m.abs, m.sqrt
    if name == "mlp":
        def f(x, w1, b1, w2, b2, w3):
            h = tanh(mm(x, w1) + b1)
            h = tanh(mm(h, w2) + b2)
            return mm(h, w3)
    elif name == "attention":
        def f(x, wq, wk, wv):
            q, k, v = mm(x, wq), mm(x, wk), mm(x, wv)
            s = mm(q, mT(k)) / math.sqrt(q.shape[-1])
            s = s - amax(s)
            e = exp(s)
            return mm(e / asum(e), v) + x
    else:
        def f(x, y):
            return sqrt(exp(-absf(sin(x) * y + 1.0)) + 0.5) - tanh(x)
    return f


def inputs(name: str, size: str):
    f = np.float32
    if name == "mlp":
        b, d = (8, 32) if size == "small" else (128, 512)
        return [rng.standard_normal(s).astype(f) * 0.1 for s in
                ((b, d), (d, d), (d,), (d, d), (d,), (d, 16))]
    if name == "attention":
        b, t, d = (2, 8, 16) if size == "small" else (8, 128, 128)
        return [rng.standard_normal(s).astype(f) * 0.1 for s in ((b, t, d), (d, d), (d, d), (d, d))]
    n = 16 if size == "small" else 512
    return [rng.standard_normal((n, n)).astype(f) for _ in range(2)]


WORKLOADS = {"mlp": mlp, "attention": attention, "chain": chain}


def bench_pair(f1, f2, args, min_time=0.15, repeats=7) -> tuple[float, float]:
    """Seconds per call of ``f1`` and ``f2``, timed alternately (best of ``repeats``), so both
    see the same machine load."""
    f1(*args)
    f2(*args)
    n = 1
    while True:
        t = timeit.timeit(lambda: f1(*args), number=n)
        if t >= min_time / repeats or n >= 1 << 20:
            break
        n *= 2
    t1, t2 = [], []
    for _ in range(repeats):
        t1.append(timeit.timeit(lambda: f1(*args), number=n) / n)
        t2.append(timeit.timeit(lambda: f2(*args), number=n) / n)
    return min(t1), min(t2)


def block(backend):
    if backend == "jax":
        return lambda r: r.block_until_ready()
    return lambda r: r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backends", nargs="*", default=[b for b in ("numpy", "torch", "jax",
                    "tensorflow") if importlib.util.find_spec(b)])
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    mt = 0.05 if a.quick else 0.2

    print("== tracing time per node ==")
    print(f"{'backend':<11} {'workload':<10} {'nodes':>5} {'trace ms':>9} {'us/node':>8}")
    for b in a.backends:
        for name, fn in WORKLOADS.items():
            args = [ivy.backend_handler.load_backend(b).asarray(x) for x in inputs(name, "small")]
            with ivy.using_backend(b):
                ivy.trace_graph(fn, *args)
                reps = 3 if a.quick else 10
                t0 = time.perf_counter()
                for _ in range(reps):
                    g = ivy.trace_graph(fn, *args)
                dt = (time.perf_counter() - t0) / reps
            print(f"{b:<11} {name:<10} {len(g):>5} {dt * 1e3:>9.3f} {dt / len(g) * 1e6:>8.1f}")

    print("\n== eager replay graph(*args) vs direct ivy call (target <= 1.1x) ==")
    print(f"{'backend':<11} {'workload':<10} {'size':<6} {'direct us':>10} {'replay us':>10} "
          f"{'ratio':>6}")
    ratios = []
    for b in a.backends:
        B = ivy.backend_handler.load_backend(b)
        for name, fn in WORKLOADS.items():
            for size in ("small", "large"):
                args = [B.asarray(x) for x in inputs(name, size)]
                with ivy.using_backend(b):
                    g = ivy.trace_graph(fn, *args)
                    td, tr = bench_pair(fn, g, args, mt)
                ratios.append(tr / td)
                print(f"{b:<11} {name:<10} {size:<6} {td * 1e6:>10.1f} {tr * 1e6:>10.1f} "
                      f"{tr / td:>6.2f}")
    print(f"median replay/direct: {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x")

    comp = [b for b in a.backends if b in ("jax", "tensorflow", "torch", "numpy")]
    print("\n== ivy.compile vs backend compiler on the hand-written native function "
          "(target <= 1.05x) ==")
    print(f"{'backend':<11} {'workload':<10} {'size':<6} {'native us':>10} {'ivy us':>10} "
          f"{'ratio':>6}  compiler")
    cr = []
    for b in comp:
        if b == "torch" and "--torch-compile" not in sys.argv:
            print("torch       (skipped: torch.compile takes minutes on this CPU machine; "
                  "pass --torch-compile)")
            continue
        B = ivy.backend_handler.load_backend(b)
        for name, fn in WORKLOADS.items():
            for size in ("small", "large"):
                args = [B.asarray(x) for x in inputs(name, size)]
                nf = native(b, name)
                if b == "jax":
                    import jax

                    nc = jax.jit(nf)
                elif b == "tensorflow":
                    import tensorflow as tf

                    nc = tf.function(nf, autograph=False)
                elif b == "torch":
                    import torch

                    nc = torch.compile(nf)
                else:
                    nc = nf
                ic = ivy.compile(fn, backend=b)
                blk = block(b)
                tn, ti = bench_pair(lambda *xs: blk(nc(*xs)), lambda *xs: blk(ic(*xs)), args, mt)
                np.testing.assert_allclose(ivy.to_numpy(ic(*args)), B.to_numpy(nc(*args)),
                                           rtol=1e-3, atol=1e-4)
                compiler = ic.compilers[0]
                if not compiler.startswith("none"):  # the target is vs jax.jit / tf.function
                    cr.append(ti / tn)
                print(f"{b:<11} {name:<10} {size:<6} {tn * 1e6:>10.1f} {ti * 1e6:>10.1f} "
                      f"{ti / tn:>6.2f}  {compiler}")
    if cr:
        print("(NumPy rows: the replay function vs the hand-written one; not in the median)")
        print(f"median compiled/native-compiled: {statistics.median(cr):.2f}x, "
              f"max {max(cr):.2f}x")


if __name__ == "__main__":
    main()
