"""tests/libraries in the MXNet environment (.envs/mxnet: MXNet 1.9, NumPy 1.23), where the
backends present are numpy and mxnet: every value, batch-shape and gradient test of ivy_mech and
ivy_vision runs there on the mxnet backend and on the numpy backend over NumPy 1.x (gradients
against finite differences; torch and kornia, not installed there, are left out of that run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.mxnet


@pytest.mark.skipif(os.environ.get("IVY_LIBRARIES_IN_MXNET_ENV") == "1",
                    reason="this is the run inside the MXNet environment")
def test_libraries_on_mxnet(mxnet_python):
    env = dict(os.environ, IVY_LIBRARIES_IN_MXNET_ENV="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "client"), str(ROOT / "server")]))
    r = subprocess.run(
        [mxnet_python, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "-W", "ignore::DeprecationWarning", "-rs", "tests/libraries"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    tail = (r.stdout + r.stderr)[-4000:]
    assert r.returncode == 0, tail
    passed = re.search(r"(\d+) passed", tail)
    # every test on numpy and mxnet (66 of them on mxnet), the kornia comparison skipped
    assert passed and int(passed.group(1)) >= 110, tail
    assert re.search(r"(\d+) failed", tail) is None, tail
    assert "mxnet" in subprocess.run([mxnet_python, "-c", "import mxnet; print('mxnet')"],
                                     capture_output=True, text=True).stdout
    print(f"\n{sys.executable} -> {mxnet_python}: {passed.group(0)} (numpy and mxnet backends)")
