#!/usr/bin/env python
"""Transpiler benchmark: transpile time, and the speed of transpiled code against the same
computation hand-written in the target framework, measured in one run (eager and jitted).

    python benchmarks/transpiler.py [--repeat 200] [--programs mlp,attention,conv]
    python benchmarks/transpiler.py --dynamic-ab 5     # symbolic sizes against fixed shapes

Each program exists hand-written in all four frameworks (below). For every source s and target
t != s, the program written in s is transpiled to t and timed against the one hand-written in t.
Targets (issue 13): transpile <= 0.5 s per function; transpiled / native <= 1.1x.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow")


# -- the programs, hand-written in each framework -----------------------------------------------
def mlp_numpy(x, w1, b1, w2, b2):
    import numpy as np
    h = np.tanh(x @ w1 + b1)
    z = h @ w2 + b2
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def mlp_torch(x, w1, b1, w2, b2):
    import torch
    h = torch.tanh(x @ w1 + b1)
    return torch.softmax(h @ w2 + b2, dim=-1)


def mlp_jax(x, w1, b1, w2, b2):
    import jax
    import jax.numpy as jnp
    h = jnp.tanh(x @ w1 + b1)
    return jax.nn.softmax(h @ w2 + b2, axis=-1)


def mlp_tensorflow(x, w1, b1, w2, b2):
    import tensorflow as tf
    h = tf.tanh(tf.matmul(x, w1) + b1)
    return tf.nn.softmax(tf.matmul(h, w2) + b2, axis=-1)


def attention_numpy(q, k, v):
    import numpy as np
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(axis=-1, keepdims=True)
    return p @ v


def attention_torch(q, k, v):
    import torch
    s = q @ k.transpose(-1, -2) / (q.shape[-1] ** 0.5)
    return torch.softmax(s, dim=-1) @ v


def attention_jax(q, k, v):
    import jax
    import jax.numpy as jnp
    s = q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
    return jax.nn.softmax(s, axis=-1) @ v


def attention_tensorflow(q, k, v):
    import tensorflow as tf
    s = tf.matmul(q, k, transpose_b=True) / tf.sqrt(tf.cast(tf.shape(q)[-1], q.dtype))
    return tf.matmul(tf.nn.softmax(s, axis=-1), v)


def layernorm_numpy(x, g, b):
    import numpy as np
    m = x.mean(axis=-1, keepdims=True)
    v = ((x - m) ** 2).mean(axis=-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-5) * g + b


def layernorm_torch(x, g, b):
    import torch
    return torch.nn.functional.layer_norm(x, x.shape[-1:], g, b, eps=1e-5)


def layernorm_jax(x, g, b):
    import jax.numpy as jnp
    m = jnp.mean(x, axis=-1, keepdims=True)
    v = jnp.mean((x - m) ** 2, axis=-1, keepdims=True)
    return (x - m) / jnp.sqrt(v + 1e-5) * g + b


def layernorm_tensorflow(x, g, b):
    import tensorflow as tf
    m, v = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - m) / tf.sqrt(v + 1e-5) * g + b


def _inputs(name, rng, size):
    f = np.float32
    if name == "mlp":
        return (rng.standard_normal((size, 64)).astype(f), rng.standard_normal((64, 128)).astype(f),
                rng.standard_normal(128).astype(f), rng.standard_normal((128, 10)).astype(f),
                rng.standard_normal(10).astype(f))
    if name == "attention":
        return tuple(rng.standard_normal((4, size, 32)).astype(f) for _ in range(3))
    return (rng.standard_normal((size, 256)).astype(f), rng.standard_normal(256).astype(f),
            rng.standard_normal(256).astype(f))


PROGRAMS = ("mlp", "attention", "layernorm")


# -- timing --------------------------------------------------------------------------------------
def _sync(out, fw):
    if fw == "jax":
        out.block_until_ready()
    elif fw == "tensorflow":
        out.numpy()
    return out


def _time(fn, args, fw, repeat):
    _sync(fn(*args), fw)
    _sync(fn(*args), fw)
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        _sync(fn(*args), fw)
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def _jit(fn, fw):
    if fw == "jax":
        import jax
        return jax.jit(fn)
    if fw == "tensorflow":
        import tensorflow as tf
        return tf.function(fn, jit_compile=True)
    if fw == "torch":
        import torch
        return torch.compile(fn, dynamic=False)
    return None


def main(argv=None):
    import ivy
    from ivy.transpiler import frameworks as fwk

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=100)
    p.add_argument("--size", type=int, default=128)
    p.add_argument("--programs", default=",".join(PROGRAMS))
    p.add_argument("--sources", default=",".join(FRAMEWORKS))
    p.add_argument("--jit", default="jax,tensorflow",
                   help="targets to also time jitted (torch.compile costs ~10 s per function: "
                        "add torch explicitly)")
    p.add_argument("--fuse-ab", type=int, default=0, metavar="ROUNDS",
                   help="instead: for each pair where pattern fusion fires, time the native, "
                        "the unfused (fuse=False) and the fused function in turn, ROUNDS rounds")
    p.add_argument("--dynamic-ab", type=int, default=0, metavar="ROUNDS",
                   help="instead: for each pair, time the native function and the code "
                        "transpiled with dynamic=False and dynamic='auto' in turn, ROUNDS rounds "
                        "(symbolic sizes must cost at most 5%%), and both transpile times")
    a = p.parse_args(argv)
    if a.fuse_ab:
        return fuse_ab(a)
    if a.dynamic_ab:
        return dynamic_ab(a)
    rng = np.random.default_rng(0)
    g = globals()
    rows, ttimes = [], []
    for prog in a.programs.split(","):
        inputs = _inputs(prog, rng, a.size)
        for src in a.sources.split(","):
            for tgt in FRAMEWORKS:
                if tgt == src:
                    continue
                fn = g[f"{prog}_{src}"]
                t0 = time.perf_counter()
                try:
                    t = ivy.transpile(fn, source=src, target=tgt, args=inputs)
                except Exception as e:  # noqa: BLE001 - a benchmark reports and goes on
                    print(f"{prog} {src}->{tgt}: transpile failed: {str(e)[:200]}")
                    continue
                ttime = time.perf_counter() - t0
                ttimes.append(ttime)
                native = g[f"{prog}_{tgt}"]
                targs = tuple(fwk.from_numpy(x, tgt) for x in inputs)
                n = _time(native, targs, tgt, a.repeat)
                tr = _time(t.fn, targs, tgt, a.repeat)
                row = [prog, f"{src}->{tgt}", f"{ttime * 1e3:.0f}", f"{n * 1e6:.1f}",
                       f"{tr * 1e6:.1f}", f"{tr / n:.2f}x"]
                jn = _jit(native, tgt) if tgt in a.jit.split(",") else None
                if jn is not None:
                    try:
                        jt = _jit(t.fn, tgt)
                        njit, tjit = _time(jn, targs, tgt, a.repeat), _time(jt, targs, tgt, a.repeat)
                        row += [f"{njit * 1e6:.1f}", f"{tjit * 1e6:.1f}", f"{tjit / njit:.2f}x"]
                    except Exception as e:  # noqa: BLE001
                        row += ["-", "-", f"jit failed: {type(e).__name__}"]
                else:
                    row += ["-", "-", "-"]
                rows.append(row)
                print(" | ".join(row), flush=True)
    head = ["program", "pair", "transpile ms", "native µs", "transpiled µs", "ratio",
            "native jit µs", "transpiled jit µs", "jit ratio"]
    print()
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    if ttimes:
        print(f"\ntranspile time: median {statistics.median(ttimes) * 1e3:.0f} ms, "
              f"max {max(ttimes) * 1e3:.0f} ms over {len(ttimes)} conversions")
        eager = [float(r[5][:-1]) for r in rows]
        print(f"transpiled/native eager: median {statistics.median(eager):.2f}x, "
              f"max {max(eager):.2f}x")
        jits = [float(r[8][:-1]) for r in rows if r[8].endswith("x") and r[8] != "-"]
        if jits:
            print(f"transpiled/native jitted: median {statistics.median(jits):.2f}x, "
                  f"max {max(jits):.2f}x")


def fuse_ab(a):
    """Pattern fusion A/B in one process: per pair, the ratio of each variant's best round."""
    import ivy
    from ivy.transpiler import frameworks as fwk

    print("| program | pair | fused | native µs | unfused / native | fused / native |")
    print("|---|---|---|---|---|---|")
    for prog, src, tgt, fn, inputs in _pairs(a):
        on = ivy.transpile(fn, source=src, target=tgt, args=inputs)
        fused = on.report["graph"]["fused"]
        if not fused:
            continue
        off = ivy.transpile(fn, source=src, target=tgt, args=inputs, fuse=False)
        targs = tuple(fwk.from_numpy(x, tgt) for x in inputs)
        best = _best_rounds({"native": globals()[f"{prog}_{tgt}"], "unfused": off.fn,
                             "fused": on.fn}, targs, tgt, a.fuse_ab, a.repeat)
        n = best["native"]
        print(f"| {prog} | {src}->{tgt} | {', '.join(sorted(fused))} | {n * 1e6:.1f} | "
              f"{best['unfused'] / n:.2f}x | {best['fused'] / n:.2f}x |", flush=True)


def _pairs(a):
    """``(program, source, target, the program written in source, inputs)`` for every pair
    the arguments ask for."""
    rng = np.random.default_rng(0)
    for prog in a.programs.split(","):
        inputs = _inputs(prog, rng, a.size)
        for src in a.sources.split(","):
            for tgt in FRAMEWORKS:
                if tgt != src:
                    yield prog, src, tgt, globals()[f"{prog}_{src}"], inputs


def _best_rounds(fns: dict, targs, tgt, rounds: int, repeat: int) -> dict:
    """Each function's best median call time over ``rounds`` interleaved rounds."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(rounds):
        for k, f in fns.items():
            best[k] = min(best[k], _time(f, targs, tgt, repeat))
    return best


def dynamic_ab(a):
    """Symbolic sizes A/B in one process: per pair, the call time of the code transpiled with
    ``dynamic="auto"`` over the one with fixed shapes (best round of each), and what each
    transpile took."""
    import ivy
    from ivy.transpiler import frameworks as fwk

    print("| program | pair | transpile fixed s | transpile auto s | symbolic dims | "
          "native µs | fixed / native | auto / native | auto / fixed |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios = []
    for prog, src, tgt, fn, inputs in _pairs(a):
        t0 = time.perf_counter()
        fixed = ivy.transpile(fn, source=src, target=tgt, args=inputs)
        t1 = time.perf_counter()
        auto = ivy.transpile(fn, source=src, target=tgt, args=inputs, dynamic="auto")
        t2 = time.perf_counter()
        sym = sum(d["kind"] == "symbolic" for d in auto.report["dims"])
        targs = tuple(fwk.from_numpy(x, tgt) for x in inputs)
        best = _best_rounds({"native": globals()[f"{prog}_{tgt}"], "fixed": fixed.fn,
                             "auto": auto.fn}, targs, tgt, a.dynamic_ab, a.repeat)
        n = best["native"]
        ratios.append(best["auto"] / best["fixed"])
        print(f"| {prog} | {src}->{tgt} | {t1 - t0:.2f} | {t2 - t1:.2f} | "
              f"{sym}/{len(auto.report['dims'])} | {n * 1e6:.1f} | "
              f"{best['fixed'] / n:.2f}x | {best['auto'] / n:.2f}x | "
              f"{best['auto'] / best['fixed']:.3f}x |", flush=True)
    if ratios:
        print(f"\nauto / fixed: median {statistics.median(ratios):.3f}x, "
              f"max {max(ratios):.3f}x over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
