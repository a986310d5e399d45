"""Ivy's core stays importable and correct on NumPy 1.23 (MXNet 1.9.1 needs numpy<1.24).

Builds (once, cached under the system temp dir) a venv with numpy 1.23.5 and Ivy's core
dependencies only, then runs numpy123_script.py there against this checkout.
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(tempfile.gettempdir()) / "ivy-numpy123-venv"


def _venv_python() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists() or subprocess.run([py, "-c", "import numpy, ml_dtypes, optree"],
                                         capture_output=True).returncode:
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        r = subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                            "numpy==1.23.5", "ml_dtypes", "optree", "packaging"],
                           capture_output=True, text=True)
        if r.returncode:
            pytest.fail(f"could not build the numpy 1.23 environment:\n{r.stderr[-3000:]}")
    return py


def test_core_on_numpy_1_23():
    py = _venv_python()
    r = subprocess.run([py, str(Path(__file__).with_name("numpy123_script.py"))],
                       capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT), "IVY_BACKEND": ""})
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr[-4000:]
