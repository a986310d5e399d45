"""The graph tracer in one page: trace an MLP + attention block written with Ivy on NumPy, run the
graph on every installed backend, optimise it, save it, print it as JAX/PyTorch code, draw it and
compile it.

    .venv/bin/python examples/trace_demo.py [output_dir]
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ivy  # noqa: E402


def block(params, x):
    """Self-attention followed by a two-layer MLP, with residual connections."""
    q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
    s = q @ ivy.matrix_transpose(k) / math.sqrt(q.shape[-1])
    s = s - ivy.max(s, axis=-1, keepdims=True)
    w = ivy.exp(s)
    h = (w / ivy.sum(w, axis=-1, keepdims=True)) @ v + x
    unused = ivy.cos(h)  # noqa: F841  (dead code: removed by the optimiser)
    mlp = ivy.tanh(h @ params["w1"] + params["b1"]) @ params["w2"]
    return h + mlp


def main(out_dir: Path) -> None:
    rng = np.random.default_rng(0)
    d = 8
    params = {k: (rng.standard_normal(s) * 0.3).astype(np.float32) for k, s in
              {"wq": (d, d), "wk": (d, d), "wv": (d, d), "w1": (d, 16), "b1": (16,),
               "w2": (16, d)}.items()}
    x = rng.standard_normal((2, 5, d)).astype(np.float32)

    graph = ivy.trace_graph(block, params, x)  # traced with NumPy arrays
    print(graph)
    print("inputs:", graph.input_names)
    want = block(params, ivy.asarray(x)).to_numpy()

    backends = [b for b in ("numpy", "torch", "jax", "tensorflow") if importlib.util.find_spec(b)]
    for b in backends:
        try:
            got = ivy.to_numpy(graph.with_backend(b)(params, x))
            print(f"replayed on {b:<10} max |diff| = {np.abs(got - want).max():.2e}")
        except ivy.IvyError as e:
            print(f"replayed on {b:<10} not available yet: {str(e).splitlines()[0]}")

    opt = graph.optimize()
    print(f"optimised: {len(graph)} -> {len(opt)} nodes")

    saved = json.dumps(opt.to_dict(binary=False))  # what the RPC trace endpoint sends
    again = ivy.Graph.from_json(saved)
    print(f"serialised to {len(saved)} bytes of JSON; round trip equal: "
          f"{again.to_dict() == opt.to_dict()}")

    for target in ("jax", "torch"):
        if importlib.util.find_spec(target):
            try:
                print(f"\n--- to_source({target!r}) ---\n{opt.to_source(target)}")
            except ivy.TraceError as e:
                print(f"to_source({target!r}): {e}")

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "block.dot").write_text(opt.to_dot())
    print("drawn:", opt.save_svg(out_dir / "block.svg"), opt.save_svg(out_dir / "block.html"))

    fast = ivy.compile(block)
    for b in ("jax", "tensorflow"):
        if b in backends:
            B = ivy.backend_handler.load_backend(b)
            args = ({k: B.asarray(v) for k, v in params.items()}, B.asarray(x))
            try:
                got = ivy.to_numpy(fast(*args))
                print(f"compiled on {b:<10} max |diff| = {np.abs(got - want).max():.2e}")
            except ivy.IvyError as e:
                print(f"compiled on {b:<10} not available yet: {str(e).splitlines()[0]}")

    try:
        ivy.trace_graph(lambda x: x if ivy.sum(x) > 0 else -x, x)
    except ivy.TraceError as e:
        print("\nPython control flow on a traced value is reported like this:\n ", e)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("trace_demo_out"))
