"""Ivy's core on NumPy 1.x (issue 15: "keep Ivy's core working on NumPy 1.23").

The MXNet worker's environment pins numpy<1.24, so it is where the numpy backend meets NumPy 1.x
(value-based casting, floor/ceil of integers as floats, no ``np.linalg.vector_norm``...). The
functional test suite runs there in a subprocess: every function, three ways (eager, graph replay,
emitted source), against the same references as in the main environment. Three modules are left
out because their references are torch's or JAX's (not installed there): test_nn.py,
test_gradients.py and test_control_flow.py.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.mxnet


def test_functional_suite_on_numpy1(mxnet_python):
    probe = subprocess.run([mxnet_python, "-c", "import numpy, pytest, hypothesis; "
                            "print(numpy.__version__)"], capture_output=True, text=True)
    assert probe.returncode == 0, probe.stderr[-2000:]
    assert probe.stdout.startswith("1."), probe.stdout
    r = subprocess.run(
        [mxnet_python, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "tests/functional", "--ignore=tests/functional/test_nn.py",
         "--ignore=tests/functional/test_gradients.py",
         "--ignore=tests/functional/test_control_flow.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    tail = (r.stdout + r.stderr)[-4000:]
    assert r.returncode == 0, tail
    passed = re.search(r"(\d+) passed", tail)
    assert passed and int(passed.group(1)) >= 250, tail
    print(f"\nNumPy {probe.stdout.strip()}: {passed.group(0)} in tests/functional")
