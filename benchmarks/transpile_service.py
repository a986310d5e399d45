"""Transpile service benchmark: what a Transpile costs over gRPC and over HTTP, against the same
conversion done in-process by ``ivy.transpile`` (the baseline), in one run.

    .venv/bin/python benchmarks/transpile_service.py [--repeats 5] [--cold-only] [--no-warm]
                                                     [--workers torch,jax]

Starts ``ivy-serve`` (as a subprocess) with a torch and a jax worker (sandboxed code execution, a
token, each the other's peer) and the HTTP gateway in front of them, and times, for a small torch
function (attention scores) converted to JAX with the emitted code verified in the torch worker's
sandbox and again on the jax worker:

- ``ivy-serve`` from its start to its last start-up line (the playground's address: "ready"),
- the cold first request: HTTP ``POST /v1/transpile`` sent as soon as ivy-serve said ready (what
  a newcomer's first README curl meets; ``--no-warm`` passes ivy-serve's flag of that name, so
  the sandboxes are started by that request instead of before "ready"),
- in-process ``ivy.transpile`` (warm: frameworks imported, a conversion done before),
- gRPC ``Transpile``, the first request of this client and later distinct requests (a warm
  sandbox waits: frameworks imported before the request came),
- the same request again (answered from the worker's cache),
- HTTP ``POST /v1/transpile`` (distinct and cached);

and the same for a tiny transformers model (BERT, 2 layers, hidden size 32, random init from a
config) converted torch -> JAX with its weights (in-process, gRPC and HTTP, distinct and cached).

Each line is the median of ``--repeats`` requests (the start and the first requests: one).
``--cold-only`` stops after the cold first request. ``--workers numpy,torch,jax,tensorflow``
starts those workers instead (what ``workers.transpile.toml`` starts; torch and jax are needed).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]

import numpy as np  # noqa: E402

TOKEN = "bench-token-7d1c"
CODE = """\
import torch
import torch.nn.functional as F


def scores(q, k):
    s = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
    return F.softmax(s, dim=-1)
"""


BERT = """\
import torch
from transformers import BertConfig, BertModel


class TinyBert(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.bert = BertModel(BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2,
                                         num_attention_heads=2, intermediate_size=64,
                                         max_position_embeddings=64)).eval()

    def forward(self, input_ids):
        return self.bert(input_ids).last_hidden_state
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env() -> dict:
    e = dict(os.environ, IVY_AUTH_TOKEN=TOKEN, TF_CPP_MIN_LOG_LEVEL="3")
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server")])
    return e


def wait_ready(log: Path, proc, timeout: float = 600) -> None:
    """Until ivy-serve prints its last start-up line (the playground's address)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError("the service exited: " + log.read_text()[-3000:])
        if "playground: " in log.read_text(errors="replace"):
            return
        time.sleep(0.05)
    raise RuntimeError("the service did not come up: " + log.read_text()[-3000:])


def sandboxes_memory_mib(root_pid: int) -> tuple[int, float]:
    """(how many sandbox processes descend from ``root_pid``, their proportional set size
    together in MiB: pages shared between them, such as the frameworks' libraries, counted
    once in all)."""
    parent, rss, cmd = {}, {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{d}/cmdline", "rb") as f:
                cmd[int(d)] = f.read()
            with open(f"/proc/{d}/smaps_rollup") as f:
                rss[int(d)] = next((int(x.split()[1]) for x in f if x.startswith("Pss:")), 0)
        except (OSError, ValueError, IndexError):
            continue

    def under(pid):
        while pid > 1:
            if pid == root_pid:
                return True
            pid = parent.get(pid, 0)
        return False

    # the sandbox's Python (bwrap's child), not bwrap itself
    pids = [p for p, c in cmd.items() if b"--reply-fd" in c and not c.startswith(b"bwrap")
            and b"/bwrap" not in c.split(b"\0")[0] and under(p)]
    return len(pids), sum(rss[p] for p in pids) / 1024


def variant(i: int) -> str:
    return CODE + f"\n# request {i}\n"  # a distinct request (the cache key is the content)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--cold-only", action="store_true",
                   help="stop after the cold first request")
    p.add_argument("--workers", default="torch,jax",
                   help="the workers ivy-serve starts (default torch,jax)")
    p.add_argument("--no-warm", action="store_true",
                   help="start ivy-serve with --no-warm (ready before the sandboxes are warm)")
    a = p.parse_args()
    import httpx
    import ivy_client

    import ivy

    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"ivy-bench-transpile-{os.getpid()}"
    tmp.mkdir(parents=True, exist_ok=True)
    ports = {b: free_port() for b in a.workers.split(",")}
    gport = free_port()
    flags = '"--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution"'
    cfg = tmp / "workers.toml"
    cfg.write_text("".join(f'[[worker]]\nbackend = "{b}"\nport = {port}\nargs = [{flags}]\n\n'
                           for b, port in ports.items()) + f"[gateway]\nport = {gport}\n")
    t_start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "ivy_server.launcher", "--config", str(cfg),
                             *(["--no-warm"] if a.no_warm else [])],
                            env=env(), cwd=ROOT, stdout=open(tmp / "serve.log", "w"),
                            stderr=subprocess.STDOUT)
    rows = []
    base = None
    try:
        url = f"http://127.0.0.1:{gport}"
        wait_ready(tmp / "serve.log", proc)
        rows.append(("ivy-serve start to ready" + (" (--no-warm)" if a.no_warm else ""),
                     time.perf_counter() - t_start))
        n, mib = sandboxes_memory_mib(proc.pid)
        print(f"at ready: {n} sandbox processes, {mib:.0f} MiB together (PSS)")
        with httpx.Client(base_url=url, timeout=300,
                          headers={"Authorization": f"Bearer {TOKEN}"}) as h:
            t0 = time.perf_counter()
            rr = h.post("/v1/transpile", json={
                "code": variant(-1), "entry": "scores", "source": "torch", "target": "jax",
                "inputs": [{"shape": [2, 4, 8]}, {"shape": [2, 6, 8]}]})
            cold = time.perf_counter() - t0
            assert rr.status_code == 200, rr.text
            timings = rr.json()["report"].get("timings", {})
            rows.append(("HTTP /v1/transpile, cold: first request after ready"
                         f" (warm_sandbox: {timings.get('warm_sandbox')})", cold))
        if a.cold_only:
            return _print(rows, base)
        rng = np.random.default_rng(0)
        q, k = (rng.standard_normal(s).astype(np.float32) for s in ((2, 4, 8), (2, 6, 8)))

        # the baseline: in-process, warm
        ns: dict = {}
        exec(CODE, ns)  # noqa: S102 - the benchmark's own code
        ivy.transpile(ns["scores"], "torch", "jax", (q, k))
        times = []
        for _ in range(a.repeats):
            t0 = time.perf_counter()
            ivy.transpile(ns["scores"], "torch", "jax", (q, k))
            times.append(time.perf_counter() - t0)
        base = statistics.median(times)
        rows.append(("in-process ivy.transpile (warm)", base))

        spec = ",".join(f"{b}=127.0.0.1:{port}" for b, port in ports.items())
        with ivy_client.Client(spec, token=TOKEN) as c:
            t0 = time.perf_counter()
            r = c.transpile(variant(0), "scores", q, k, source="torch", target="jax")
            rows.append(("gRPC Transpile, first request of this client",
                         time.perf_counter() - t0))
            assert r.verified, r.report
            times, n = [], 1
            for _ in range(a.repeats):
                time.sleep(4)  # the warm sandbox for this kind of request is started after each
                t0 = time.perf_counter()
                c.transpile(variant(n), "scores", q, k, source="torch", target="jax")
                times.append(time.perf_counter() - t0)
                n += 1
            rows.append(("gRPC Transpile, distinct (warm sandbox)", statistics.median(times)))
            times = []
            for _ in range(a.repeats):
                t0 = time.perf_counter()
                r = c.transpile(variant(0), "scores", q, k, source="torch", target="jax")
                times.append(time.perf_counter() - t0)
            assert r.cached
            rows.append(("gRPC Transpile, identical (cache)", statistics.median(times)))
        with httpx.Client(base_url=url, timeout=300,
                          headers={"Authorization": f"Bearer {TOKEN}"}) as h:
            def body(i):
                return {"code": variant(i), "entry": "scores", "source": "torch",
                        "target": "jax", "inputs": [{"shape": [2, 4, 8]}, {"shape": [2, 6, 8]}]}
            times = []
            for _ in range(a.repeats):
                time.sleep(4)
                t0 = time.perf_counter()
                rr = h.post("/v1/transpile", json=body(n))
                times.append(time.perf_counter() - t0)
                assert rr.status_code == 200, rr.text
                n += 1
            rows.append(("HTTP /v1/transpile, distinct (warm sandbox)", statistics.median(times)))
            times = []
            for _ in range(a.repeats):
                t0 = time.perf_counter()
                rr = h.post("/v1/transpile", json=body(n - 1))  # the last one again
                times.append(time.perf_counter() - t0)
                assert rr.json()["cached"]
            rows.append(("HTTP /v1/transpile, identical (cache)", statistics.median(times)))
        # a tiny transformers model, with its weights
        ids = np.random.default_rng(1).integers(0, 100, (1, 8)).astype(np.int64)
        ns = {}
        exec(BERT, ns)  # noqa: S102 - the benchmark's own code
        model = ns["TinyBert"]()
        ivy.transpile(model, "torch", "jax", (ids,))
        times = []
        for _ in range(a.repeats):
            t0 = time.perf_counter()
            ivy.transpile(model, "torch", "jax", (ids,))
            times.append(time.perf_counter() - t0)
        bert_base = statistics.median(times)
        rows.append(("tiny BERT: in-process ivy.transpile (warm)", bert_base))
        with ivy_client.Client(spec, token=TOKEN) as c:
            times = []
            for i in range(a.repeats):
                time.sleep(4)
                t0 = time.perf_counter()
                r = c.transpile(BERT + f"\n# request {i}\n", "TinyBert", ids, source="torch",
                                target="jax")
                times.append(time.perf_counter() - t0)
                assert r.verified, r.report
            rows.append(("tiny BERT: gRPC Transpile, distinct (warm sandbox)",
                         statistics.median(times)))
            times = []
            for _ in range(a.repeats):
                t0 = time.perf_counter()
                r = c.transpile(BERT + "\n# request 0\n", "TinyBert", ids, source="torch",
                                target="jax")
                times.append(time.perf_counter() - t0)
            assert r.cached
            rows.append(("tiny BERT: gRPC Transpile, identical (cache)", statistics.median(times)))
        with httpx.Client(base_url=url, timeout=600,
                          headers={"Authorization": f"Bearer {TOKEN}"}) as h:
            def bert_body(i):
                return {"code": BERT + f"\n# http request {i}\n", "entry": "TinyBert",
                        "source": "torch", "target": "jax",
                        "inputs": [{"shape": [1, 8], "dtype": "int64", "value": ids.tolist()}]}
            times = []
            for i in range(a.repeats):
                time.sleep(4)
                t0 = time.perf_counter()
                rr = h.post("/v1/transpile", json=bert_body(i))
                times.append(time.perf_counter() - t0)
                assert rr.status_code == 200, rr.text
                assert rr.json()["report"]["verification"]["verified"] is True
            rows.append(("tiny BERT: HTTP /v1/transpile, distinct (warm sandbox)",
                         statistics.median(times)))
            times = []
            for _ in range(a.repeats):
                t0 = time.perf_counter()
                rr = h.post("/v1/transpile", json=bert_body(0))
                times.append(time.perf_counter() - t0)
                assert rr.json()["cached"]
            rows.append(("tiny BERT: HTTP /v1/transpile, identical (cache)",
                         statistics.median(times)))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    return _print(rows, base)


def _print(rows, base) -> int:
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'median':>10}  {'vs in-process':>13}")
    for name, t in rows:
        rel = f"{t / base:>12.2f}x" if base else f"{'':>13}"
        print(f"{name:<{width}}  {t * 1e3:>8.1f} ms  {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
