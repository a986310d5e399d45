"""Replay has value semantics on every backend whose descriptor says arrays are updated in place
(``mutable``): ``x[k] = v`` inside a traced function never changes the caller's array when the
graph is replayed. Which backends copy comes from the descriptor, not from a list of names (MXNet
was missing from such a list: its replay wrote into the caller's input)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import ivy
from ivy.functional.backends import all_descriptors
from tests.functional.helpers import BACKENDS, native

ROOT = Path(__file__).resolve().parents[2]
MXNET_PY = ROOT / ".envs" / "mxnet" / "bin" / "python"


def write_first(x):
    x[0] = 5.0
    return x * 2.0


def _check(backend):
    x0 = np.arange(3, dtype=np.float32)
    g = ivy.trace_graph(write_first, native(backend, x0))
    x = native(backend, x0)
    out = g(x)
    with ivy.using_backend(backend):
        assert ivy.to_numpy(x).tolist() == x0.tolist(), "replay wrote into its input"
        assert ivy.to_numpy(out).tolist() == [10.0, 2.0, 4.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_replay_never_changes_its_inputs(backend):
    _check(backend)


def test_every_mutable_backend_is_covered():
    mutable = {d.name for d in all_descriptors() if d.mutable}
    assert mutable <= set(BACKENDS) | {"mxnet"}, mutable


@pytest.mark.skipif(not MXNET_PY.exists(),
                    reason="no MXNet environment (.envs/mxnet: scripts/envs/mxnet.sh builds it)")
def test_replay_never_changes_its_inputs_on_mxnet():
    code = "\n".join([  # the same check as _check, with nothing but Ivy and MXNet imported
        "import numpy as np, ivy",
        "ivy.set_backend('mxnet')",
        "def write_first(x):",
        "    x[0] = 5.0",
        "    return x * 2.0",
        "x0 = np.arange(3, dtype=np.float32)",
        "g = ivy.trace_graph(write_first, ivy.asarray(x0).data)",
        "x = ivy.asarray(x0).data",
        "out = g(x)",
        "assert ivy.to_numpy(x).tolist() == x0.tolist(), ('replay wrote into its input', x)",
        "assert ivy.to_numpy(out).tolist() == [10.0, 2.0, 4.0], out",
        "print('ok')"])
    r = subprocess.run([str(MXNET_PY), "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env={"PATH": "", "MXNET_ENGINE_TYPE": "NaiveEngine",
                                         "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), (r.stdout + r.stderr)[-3000:]
