"""Time per training step (forward, gradients, Adam update) of the MLP and CNN from
examples/train_mlp_cnn.py: written once with ivy.Module vs hand-written in each framework
(torch.nn + torch.optim, JAX + hand-written Adam, tf.keras + keras Adam), same run, eager mode.

    python benchmarks/training.py [--steps 100] [--repeats 5]

Prints a table: best-of-repeats ms per step and ivy / native (target: <= 1.3 on every backend).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples",
                     "train_mlp_cnn.py")
_spec = importlib.util.spec_from_file_location("train_mlp_cnn", _PATH)
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)


def _sync(x):
    # make the step finish (JAX dispatches asynchronously)
    if hasattr(x, "block_until_ready"):
        x.block_until_ready()


def _run(step, steps: int) -> float:
    t0 = time.perf_counter()
    for _ in range(steps):
        out = step()
    _sync(out)
    return (time.perf_counter() - t0) / steps


def time_pair(a, b, steps: int, repeats: int, warmup: int = 10) -> tuple[float, float]:
    """Best-of-``repeats`` ms per step of two step functions, runs interleaved so that load
    from other processes hits both alike."""
    for _ in range(warmup):
        _sync(a())
        _sync(b())
    ta, tb = [], []
    for _ in range(repeats):
        ta.append(_run(a, steps))
        tb.append(_run(b, steps))
    return min(ta) * 1e3, min(tb) * 1e3


def _limit_threads(n: int) -> None:
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "")
                               + f" --xla_cpu_multi_thread_eigen=false"
                               f" intra_op_parallelism_threads={n}")
    import torch

    torch.set_num_threads(n)
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(n)
    tf.config.threading.set_inter_op_parallelism_threads(n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--backends", nargs="*", default=list(ex.BACKENDS))
    ap.add_argument("--threads", type=int, default=1,
                    help="CPU threads per framework (1 keeps timings stable on shared machines)")
    args = ap.parse_args()
    if args.threads:
        _limit_threads(args.threads)
    import ivy

    rows = []
    for backend in args.backends:
        for kind in ("mlp", "cnn"):
            ivy_step, _ = ex.ivy_setup(backend, kind)
            nat_step = ex.NATIVE[backend](kind)
            t_ivy, t_nat = time_pair(ivy_step, nat_step, args.steps, args.repeats)
            ivy.unset_backend()
            rows.append((backend, kind, t_ivy, t_nat, t_ivy / t_nat))
    print(f"threads per framework: {args.threads or 'default'}; steps {args.steps}, "
          f"best of {args.repeats}")
    print(f"{'backend':<12}{'model':<6}{'ivy ms/step':>13}{'native ms/step':>16}{'ratio':>8}")
    for b, k, ti, tn, r in rows:
        print(f"{b:<12}{k:<6}{ti:>13.3f}{tn:>16.3f}{r:>8.2f}")


if __name__ == "__main__":
    main()
