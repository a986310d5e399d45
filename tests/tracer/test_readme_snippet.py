"""The README's tracer snippet runs as printed (issue 37: it used `fn` and `args` without
defining them). The service section's snippets run in tests/service/test_gateway.py
(test_the_readme_service_section_runs_in_a_second_terminal)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_python_block(heading: str) -> str:
    """The first ```python block under the README heading ``heading``."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index(heading):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readme_tracer_snippet_runs_as_printed(tmp_path):
    snippet = readme_python_block("### Graph tracer and compile")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    out = subprocess.run([sys.executable, "-c", snippet], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "def fn(x, w):" in out.stdout  # to_source("torch")
    assert (tmp_path / "g.svg").read_text().lstrip().startswith(("<svg", "<?xml"))
