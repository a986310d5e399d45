"""Call Ivy on every backend through the RPC service.

    .venv/bin/ivy-serve                       # terminal 1 (or: python -m ivy_server.launcher)
    .venv/bin/python examples/client_demo.py  # terminal 2

Calls matmul on every configured worker, shows an error coming back as a Python exception, and
keeps a result on a worker as a handle. This process imports no ML framework.
"""

from __future__ import annotations

import sys

import ivy_client
import numpy as np


def main() -> int:
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    with ivy_client.Client() as client:  # workers.toml / IVY_WORKERS / the ivy-serve default
        for w in client.workers:
            try:
                r = client.call("matmul", a, a.T, backend=w.backend, device=w.device, timeout=30)
            except ivy_client.Unavailable:
                print(f"{w.backend:>10}@{w.device}: no worker at {w.address} (start ivy-serve)")
                continue
            print(f"{w.backend:>10}@{w.device}: matmul -> {r.tolist()} ({r.dtype})")

        backend = client.workers[0].backend
        try:
            client.call("matmull", a, a.T, backend=backend)
        except ivy_client.NotFound as e:
            print(f"\nNotFound: {e}")
        try:
            client.call("matmul", a, a, backend=backend)
        except ivy_client.InvalidArgument as e:
            print(f"InvalidArgument: {e}")

        h = client.call("matmul", a, a.T, backend=backend, keep=True)  # stays on the worker
        print(f"\nkept: {h}")
        total = client.call("sum", h)  # the handle is passed, the data does not move
        print(f"sum on the worker: {total}; fetched: {h.fetch().tolist()}")
        h.release()
    assert "torch" not in sys.modules and "jax" not in sys.modules
    return 0


if __name__ == "__main__":
    sys.exit(main())
