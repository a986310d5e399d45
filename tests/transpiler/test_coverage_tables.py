"""The generated tables are up to date: ``docs/capture-rules.md`` (the captures' rule tables) and
the coverage section of ``docs/transpiler.md`` (each source's full operation list against what
the captures compute), both written by ``python -m ivy.transpiler.capture --write``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_generated_tables_are_up_to_date():
    """Run in a fresh process: JAX registers primitives as its modules are imported, so the
    list must not depend on what other tests imported."""
    for mod in ("torch", "jax", "tensorflow"):
        pytest.importorskip(mod)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    r = subprocess.run([sys.executable, "-m", "ivy.transpiler.capture", "--check"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]


def test_coverage_counts_are_consistent():
    """Every operation of every list has exactly one status, and a covered one names how."""
    from ivy.transpiler.capture import __main__ as gen
    lists = gen.operation_lists()
    assert len(lists["torch: core ATen"]) > 150
    assert len(lists["tensorflow: raw ops tf2onnx converts"]) > 200
    for title, ops in lists.items():
        source = title.split(":")[0]
        for op in ops[::7]:
            how, detail = gen.status(source, op)
            assert how in ("rule", "capture", "decomposition", "missing"), (op, how)
            assert detail, op
    # the ops this work added are covered, the refused-by-design ones are not
    assert gen.status("tensorflow", "UnsortedSegmentSum")[0] == "rule"
    assert gen.status("tensorflow", "CumulativeLogsumexp")[0] == "rule"
    assert gen.status("torch", "_is_all_true.default")[0] == "rule"
    assert gen.status("torch", "rand.default")[0] == "missing"
