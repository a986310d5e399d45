"""Registry namespaces are generic: a declaration module with ``NAMESPACE = "testing.deep"``
(two levels; none of Ivy's own goes that deep yet) gets its dispatcher, its backend namespace
(an empty module with stubs where the backend has no file for it), tracing, replay,
serialisation and emitted source, with nothing listed anywhere.

Runs in a fresh interpreter: registering a function is process-wide (the API table, every backend
loaded afterwards), and the other tests check the API as shipped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import numpy as np
import ivy
from ivy import registry
from ivy.functional.backends import load_backend
from tests.core import deep_namespace as decl

assert registry.API["testing.deep.scale"] is decl.scale
assert registry.NAMESPACES["testing.deep"] == decl.__name__
for name in ("numpy", "torch"):
    B = load_backend(name)  # no backends/<fw>/testing/deep.py: empty namespaces with stubs
    assert getattr(B.testing.deep.scale, "ivy_missing", False), name
x = np.arange(3.0, dtype=np.float32)
try:
    decl.scale(x)
except ivy.UnsupportedBackendError as e:
    assert "ivy.testing.deep.scale" in str(e), e
else:
    raise AssertionError("a stub must raise")
load_backend("numpy").testing.deep.scale = decl.numpy_scale
want = (x * 3.0).tolist()
assert decl.scale(x, factor=3.0).tolist() == want
with ivy.using_backend("numpy"):
    assert decl.scale(x, factor=3.0).tolist() == want
g = ivy.trace_graph(lambda a: decl.scale(a, factor=3.0), x)
assert [n.target for n in g.calls] == ["testing.deep.scale"], g.calls
assert g(x).tolist() == want
assert ivy.Graph.from_dict(g.to_dict())(x).tolist() == want
src = g.to_source("numpy")
assert "ivy" not in src.split('\\"\\"\\"', 2)[2], src
ns = {}
exec(src, ns)
assert ns["traced"](x).tolist() == want, src
print("ok")
"""


def test_a_two_level_namespace_works_end_to_end():
    r = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env={"PATH": "", "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), (r.stdout + r.stderr)[-3000:]
