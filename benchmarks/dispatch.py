"""Per-call overhead of Ivy's dispatch: native call vs ``ivy.f`` on native arrays vs on ivy.Array.

    .venv/bin/python benchmarks/dispatch.py [--backends numpy torch] [--sizes 2 256] [--quick]

For each backend and size, times ~36 functions three ways in the same run (timed in turn, best of 15
repeats) and prints a table plus the median ratios. Targets: median <= 1.2x native on native
arrays, <= 1.5x on ivy.Array.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import timeit
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ivy  # noqa: E402

# name -> (argument kind, {backend: native callable}). Argument kinds are built by make_args.
# Natives are written as the framework user would call them for the same semantics.


def natives(backend: str) -> dict:
    if backend == "numpy":
        m = np
        return {
            "add": m.add, "subtract": m.subtract, "multiply": m.multiply, "divide": m.divide,
            "maximum": m.maximum, "minimum": m.minimum, "pow": m.power, "equal": m.equal,
            "less": m.less, "exp": m.exp, "log": m.log, "sin": m.sin, "cos": m.cos,
            "tanh": m.tanh, "sqrt": m.sqrt, "abs": m.abs, "negative": m.negative,
            "floor": m.floor, "square": m.square, "logical_not": m.logical_not,
            "matmul": m.matmul, "sum": m.sum, "mean": m.mean, "max": m.max, "min": m.min,
            "prod": m.prod, "std": m.std, "var": m.var, "argmax": m.argmax, "all": m.all,
            "reshape": lambda x: m.reshape(x, (-1,)),
            "permute_dims": lambda x: m.transpose(x, (1, 0)),
            "concat": lambda x, y: m.concatenate([x, y], axis=0),
            "stack": lambda x, y: m.stack([x, y]), "flip": lambda x: m.flip(x, axis=0),
            "where": m.where, "expand_dims": lambda x: m.expand_dims(x, 0),
            "clip": lambda x: m.clip(x, 0.1, 0.9),
            "cumulative_sum": lambda x: m.cumsum(x, axis=0),
            # the standard's sort is stable by default: compare with NumPy's stable sort
            "sort": lambda x: m.sort(x, axis=-1, kind="stable"),
        }
    if backend == "torch":
        import torch as t

        return {
            "add": t.add, "subtract": t.subtract, "multiply": t.multiply, "divide": t.divide,
            "maximum": t.maximum, "minimum": t.minimum, "pow": t.pow, "equal": t.eq,
            "less": t.lt, "exp": t.exp, "log": t.log, "sin": t.sin, "cos": t.cos,
            "tanh": t.tanh, "sqrt": t.sqrt, "abs": t.abs, "negative": t.neg,
            "floor": t.floor, "square": t.square, "logical_not": t.logical_not,
            "matmul": t.matmul, "sum": t.sum, "mean": t.mean, "max": t.amax, "min": t.amin,
            "prod": t.prod, "std": lambda x: t.std(x, correction=0),
            "var": lambda x: t.var(x, correction=0), "argmax": t.argmax, "all": t.all,
            "reshape": lambda x: t.reshape(x, (-1,)),
            "permute_dims": lambda x: t.permute(x, (1, 0)),
            "concat": lambda x, y: t.cat([x, y], dim=0),
            "stack": lambda x, y: t.stack([x, y]), "flip": lambda x: t.flip(x, (0,)),
            "where": t.where, "expand_dims": lambda x: t.unsqueeze(x, 0),
            "clip": lambda x: t.clamp(x, 0.1, 0.9),
            "cumulative_sum": lambda x: t.cumsum(x, 0),
            "sort": lambda x: t.sort(x, dim=-1, stable=True).values,
        }
    if backend == "jax":
        import jax.numpy as m

        return {
            "add": m.add, "subtract": m.subtract, "multiply": m.multiply, "divide": m.divide,
            "maximum": m.maximum, "minimum": m.minimum, "pow": m.power, "equal": m.equal,
            "less": m.less, "exp": m.exp, "log": m.log, "sin": m.sin, "cos": m.cos,
            "tanh": m.tanh, "sqrt": m.sqrt, "abs": m.abs, "negative": m.negative,
            "floor": m.floor, "square": m.square, "logical_not": m.logical_not,
            "matmul": m.matmul, "sum": m.sum, "mean": m.mean, "max": m.max, "min": m.min,
            "prod": m.prod, "std": m.std, "var": m.var, "argmax": m.argmax, "all": m.all,
            "reshape": lambda x: m.reshape(x, (-1,)),
            "permute_dims": lambda x: m.transpose(x, (1, 0)),
            "concat": lambda x, y: m.concatenate([x, y], axis=0),
            "stack": lambda x, y: m.stack([x, y]), "flip": lambda x: m.flip(x, axis=0),
            "where": m.where, "expand_dims": lambda x: m.expand_dims(x, 0),
            "clip": lambda x: m.clip(x, 0.1, 0.9),
            "cumulative_sum": lambda x: m.cumsum(x, axis=0), "sort": lambda x: m.sort(x, axis=-1),
        }
    import tensorflow as tf

    return {
        "add": tf.add, "subtract": tf.subtract, "multiply": tf.multiply,
        "divide": tf.math.truediv, "maximum": tf.maximum, "minimum": tf.minimum, "pow": tf.pow,
        "equal": tf.equal, "less": tf.less, "exp": tf.exp, "log": tf.math.log, "sin": tf.sin,
        "cos": tf.cos, "tanh": tf.tanh, "sqrt": tf.sqrt, "abs": tf.abs, "negative": tf.negative,
        "floor": tf.floor, "square": tf.square, "logical_not": tf.logical_not,
        "matmul": tf.matmul, "sum": tf.reduce_sum, "mean": tf.reduce_mean, "max": tf.reduce_max,
        "min": tf.reduce_min, "prod": tf.reduce_prod, "std": tf.math.reduce_std,
        "var": tf.math.reduce_variance, "argmax": lambda x: tf.argmax(tf.reshape(x, [-1])),
        "all": tf.reduce_all, "reshape": lambda x: tf.reshape(x, (-1,)),
        "permute_dims": lambda x: tf.transpose(x, (1, 0)),
        "concat": lambda x, y: tf.concat([x, y], axis=0),
        "stack": lambda x, y: tf.stack([x, y]), "flip": lambda x: tf.reverse(x, [0]),
        "where": tf.where, "expand_dims": lambda x: tf.expand_dims(x, 0),
        "clip": lambda x: tf.clip_by_value(x, 0.1, 0.9),
        "cumulative_sum": lambda x: tf.cumsum(x, 0), "sort": lambda x: tf.sort(x, -1),
    }


# How ivy is called for the same thing (positional arrays first, then fixed keyword args).
IVY_CALLS = {
    "reshape": lambda f, x: f(x, (-1,)), "permute_dims": lambda f, x: f(x, (1, 0)),
    "concat": lambda f, x, y: f([x, y], axis=0), "stack": lambda f, x, y: f([x, y]),
    "flip": lambda f, x: f(x, axis=0), "expand_dims": lambda f, x: f(x, axis=0),
    "clip": lambda f, x: f(x, min=0.1, max=0.9), "cumulative_sum": lambda f, x: f(x, axis=0),
    "sort": lambda f, x: f(x, axis=-1),
}
BINARY = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "pow", "equal", "less",
          "matmul", "concat", "stack"}
BOOL_IN = {"logical_not", "all"}


def make_args(name: str, n: int, backend: str) -> list:
    rng = np.random.default_rng(0)
    x = rng.uniform(0.1, 1.0, (n, n)).astype(np.float32)
    y = rng.uniform(0.1, 1.0, (n, n)).astype(np.float32)
    if name in BOOL_IN:
        args = [x > 0.5]
    elif name == "where":
        args = [x > 0.5, x, y]
    elif name in BINARY:
        args = [x, y]
    else:
        args = [x]
    with ivy.using_backend(backend):
        return [ivy.asarray(a).data for a in args]


def best_times(fns, sync, repeats: int = 15, min_time: float = 0.002) -> list[float]:
    """Seconds per call of each of ``fns``: best of ``repeats`` loops of at least ``min_time``,
    the functions timed in turn inside each repeat so all see the same machine load (a noisy
    shared machine moves single measurements by tens of percent)."""
    runs = [(lambda f=f: sync(f())) for f in fns]
    for run in runs:
        run()  # warm-up (compilation, caches)
    number = 1
    while timeit.timeit(runs[0], number=number) < min_time:
        number *= 2
    best = [float("inf")] * len(runs)
    for _ in range(repeats):
        for i, run in enumerate(runs):
            best[i] = min(best[i], timeit.timeit(run, number=number) / number)
    return best


def syncer(backend: str):
    if backend == "jax":  # results may be ivy.Array (the ivy.Array column): sync their data
        def sync(r):
            r = r.data if isinstance(r, ivy.Array) else r
            return r.block_until_ready() if hasattr(r, "block_until_ready") else r
        return sync
    return lambda r: r


def bench_backend(backend: str, sizes, names=None) -> list[dict]:
    rows = []
    ivy.set_backend(backend)
    table = natives(backend)
    sync = syncer(backend)
    for n in sizes:
        for name, native in table.items():
            if names and name not in names:
                continue
            f = ivy.func_wrapper.API.get(name)
            if f is None or not ivy.implements(backend, name):
                rows.append({"backend": backend, "size": n, "fn": name, "native": None})
                continue
            args = make_args(name, n, backend)
            wrapped = [ivy.Array(a) for a in args]
            call = IVY_CALLS.get(name)
            # the same call shape on both sides: native(*args) vs f(*args) (or one lambda each)
            ivy_nat = (lambda: call(f, *args)) if call else (lambda: f(*args))
            ivy_arr = (lambda: call(f, *wrapped)) if call else (lambda: f(*wrapped))
            try:
                t_nat, t_ivy, t_arr = best_times([lambda: native(*args), ivy_nat, ivy_arr], sync)
            except Exception as e:  # report, don't hide
                rows.append({"backend": backend, "size": n, "fn": name, "native": None,
                             "error": f"{type(e).__name__}: {e}"[:60]})
                continue
            rows.append({"backend": backend, "size": n, "fn": name, "native": t_nat,
                         "ivy": t_ivy, "array": t_arr})
    ivy.unset_backend()
    return rows


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backends", nargs="*", default=None)
    p.add_argument("--sizes", nargs="*", type=int, default=[2, 256])
    p.add_argument("--functions", nargs="*", default=None)
    p.add_argument("--quiet", action="store_true", help="only the summary")
    a = p.parse_args(argv)
    backends = a.backends or [b for b in ivy.BACKENDS if importlib.util.find_spec(b)]
    summary = []
    for b in backends:
        rows = bench_backend(b, a.sizes, a.functions)
        if not a.quiet:
            print(f"\n## {b}\n")
            print("| size | function | native µs | ivy(native) µs | ratio | ivy(Array) µs | ratio |")
            print("|---:|---|---:|---:|---:|---:|---:|")
        for n in a.sizes:
            ok = [r for r in rows if r["size"] == n and r["native"]]
            for r in rows:
                if r["size"] != n or a.quiet:
                    continue
                if not r["native"]:
                    print(f"| {n} | {r['fn']} | {r.get('error', 'not implemented')} | | | | |")
                    continue
                print(f"| {n} | {r['fn']} | {r['native'] * 1e6:.2f} | {r['ivy'] * 1e6:.2f} | "
                      f"{r['ivy'] / r['native']:.2f} | {r['array'] * 1e6:.2f} | "
                      f"{r['array'] / r['native']:.2f} |")
            if ok:
                summary.append((b, n, len(ok),
                                statistics.median(r["ivy"] / r["native"] for r in ok),
                                statistics.median(r["array"] / r["native"] for r in ok)))
    print("\n## Summary (median ratio to the native call)\n")
    print("| backend | size | functions | ivy on native arrays | ivy on ivy.Array |")
    print("|---|---:|---:|---:|---:|")
    for b, n, k, r1, r2 in summary:
        print(f"| {b} | {n}x{n} | {k} | {r1:.2f}x | {r2:.2f}x |")


if __name__ == "__main__":
    main()
