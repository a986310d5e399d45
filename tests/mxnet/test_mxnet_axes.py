"""The mxnet backend on every axis, zero-size dimensions and integer/bool inputs, against Ivy's
NumPy backend in the MXNet environment (tests/mxnet/axes_sweep.py: the cases and why).

Before this sweep, 2269 of its 8040 cases differed: ``take_along_axis`` failed on every input
of 2+ dimensions, ``cumulative_sum`` on every negative axis, reductions (``sum``, ``max``,
``argmax``, ``count_nonzero``, ``vector_norm``, ``softmax``...) whose result is zero-size raised
``MXNetError``, ``where`` failed on results of more than 5 dimensions, and ``exp``/``sin``/
``sqrt``/``sigmoid``/``gelu``/``softmax``... of integers answered in the integer dtype (``exp``
of int8 5 was -108).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.mxnet


def test_axes_zero_size_and_integer_inputs_match_numpy(mxnet_python):
    r = subprocess.run([mxnet_python, str(Path(__file__).with_name("axes_sweep.py"))],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    out = r.stdout.strip()
    assert r.returncode == 0 and out.startswith("ok "), (out + r.stderr)[-6000:]
    assert int(out.split()[1]) > 7000, out  # the sweep did not shrink
