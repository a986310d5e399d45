"""The C fast path of the dispatchers (ivy/_dispatch.c) behaves like the generated Python ones.

Most behaviour is covered by every other test (they all call through it); these check what is
specific to it: it is built and used, its backend mirror follows every switch, a monkeypatched
backend takes effect despite its lookup cache, and it looks like a function to Python tools.
"""

from __future__ import annotations

import inspect
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ivy
from ivy import func_wrapper as fw

ROOT = Path(__file__).resolve().parents[2]
PURE = os.environ.get("IVY_DISPATCH") == "python"


@pytest.fixture(autouse=True)
def _no_backend():
    ivy.unset_backend()
    yield
    ivy.unset_backend()


def test_extension_is_built_and_used():
    if PURE:
        assert not fw.ACCELERATED and type(ivy.add).__name__ == "function"
        return
    # the development and CI installs compile it (setup.py); without it Ivy works, 1 frame slower
    assert fw.ACCELERATED, "ivy/_dispatch.c was not compiled: run pip install -e ."
    assert type(ivy.add).__name__ == "Dispatcher"
    assert type(ivy.linalg.svd).__name__ == "Dispatcher"
    assert type(ivy.zeros).__name__ == "function"  # creation functions stay in Python


@pytest.mark.skipif(PURE, reason="C path disabled")
def test_backend_mirror_follows_every_switch():
    def same():
        assert fw._dispatch.get_backend() is fw.DISPATCH_GLOBALS["_B"]

    same()
    ivy.set_backend("numpy")
    same()
    with ivy.using_backend("torch"):
        same()
        with pytest.raises(ivy.errors.BackendError):
            ivy.set_backend("nope")
        same()
    same()
    ivy.unset_backend()
    same()
    seen = []
    ivy.trace_graph(lambda x: seen.append(fw._dispatch.get_backend()) or ivy.sin(x), np.ones(2))
    from ivy.tracer.recorder import Recorder

    assert type(seen[0]) is Recorder  # the tracer's stand-in was mirrored
    same()


def test_only_set_dispatch_backend_writes_the_state():
    """Every write of the backend state goes through func_wrapper.set_dispatch_backend, which keeps
    the C mirror in step; a direct write elsewhere would desynchronise them."""
    offenders = []
    for p in (ROOT / "ivy").rglob("*.py"):
        for i, line in enumerate(p.read_text().splitlines(), 1):
            if re.search(r"""\[["']_B["']\]\s*=(?!=)""", line) and p.name != "func_wrapper.py":
                offenders.append(f"{p.relative_to(ROOT)}:{i}")
    assert not offenders


def test_monkeypatched_backend_takes_effect_after_cached_calls(monkeypatch):
    ivy.set_backend("numpy")
    x = np.array([0.0, 1.0])
    np.testing.assert_allclose(ivy.sin(x), np.sin(x))  # warms the lookup cache
    np.testing.assert_allclose(ivy.linalg.vector_norm(x), 1.0)
    B = ivy.current_backend()
    monkeypatch.setattr(B, "sin", lambda x: "patched")
    monkeypatch.setattr(B.linalg, "vector_norm", lambda x, **kw: "patched-norm")
    assert ivy.sin(x) == "patched"
    assert ivy.linalg.vector_norm(x) == "patched-norm"
    monkeypatch.undo()
    np.testing.assert_allclose(ivy.sin(x), np.sin(x))


@pytest.mark.parametrize("backend", ["numpy", None])
def test_arrays_anywhere_are_unwrapped_and_results_wrapped(backend):
    if backend:
        ivy.set_backend(backend)
    a = ivy.asarray([1.0, -2.0, 3.0])
    n = np.array([1.0, -2.0, 3.0])
    r = ivy.clip(a, min=ivy.asarray(0.0), max=2.0)  # an Array passed by keyword
    assert isinstance(r, ivy.Array) and ivy.to_numpy(r).tolist() == [1.0, 0.0, 2.0]
    assert isinstance(ivy.clip(n, min=0.0, max=2.0), np.ndarray)
    c = ivy.concat([a, n])  # an Array inside a list: the Python path
    assert isinstance(c, ivy.Array) and c.shape == (6,)
    s = ivy.sum(a)  # numpy gives a scalar: wrapped as a 0-d Array
    assert isinstance(s, ivy.Array) and s.shape == () and float(s) == 2.0
    u = ivy.unique_counts(a)  # a namedtuple of arrays
    assert all(isinstance(v, ivy.Array) for v in u)
    grids = ivy.meshgrid(*[ivy.asarray([1.0, 2.0]) for _ in range(10)])  # > 8 arguments
    assert len(grids) == 10 and isinstance(grids[0], ivy.Array) and grids[0].shape == (2,) * 10


def test_errors_keep_type_and_gain_a_note():
    ivy.set_backend("numpy")
    with pytest.raises(ValueError) as e:
        ivy.add(np.ones(2), np.ones(3))
    assert "(in ivy.add on the numpy backend)" in e.value.__notes__
    with pytest.raises(ValueError) as e:
        ivy.add(ivy.asarray(np.ones(2)), np.ones(3))
    assert "(in ivy.add on the numpy backend)" in e.value.__notes__
    with pytest.raises(TypeError):
        ivy.add(np.ones(2))  # a wrong call is still a TypeError


def test_looks_like_a_function():
    assert ivy.add.__name__ == "add" and "sum" in ivy.add.__doc__
    assert str(inspect.signature(ivy.add)).startswith("(x1")
    assert "axis" in inspect.signature(ivy.linalg.vector_norm).parameters
    assert pickle.loads(pickle.dumps(ivy.add)) is ivy.add
    assert ivy.add.ivy_path == "add" and "def add(" in ivy.add.ivy_source

    class Holder:
        neg = ivy.negative  # binds like a function stored on a class

    assert Holder.neg is ivy.negative
    h = Holder()
    with pytest.raises(TypeError):
        h.neg()  # bound: h is passed as x (not an array)


def test_core_tests_pass_with_the_python_dispatchers():
    """The same behaviour without the extension (IVY_DISPATCH=python): the core suite again."""
    if PURE:
        pytest.skip("already the Python path")
    env = {**os.environ, "IVY_DISPATCH": "python"}
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "tests/core/test_dispatch_c.py", "tests/core/test_backend_handler.py",
         "tests/core/test_array.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


@pytest.mark.parametrize("backend", ["numpy", "torch", "jax", "tensorflow"])
def test_index_keys_holding_arrays_are_unwrapped(backend):
    """ivy.get_item/set_item with an ivy.Array inside a tuple key, with a backend set (the C path
    hands such calls to the Python dispatcher, which unwraps the key)."""
    pytest.importorskip(backend)
    ivy.set_backend(backend)
    x = ivy.asarray(np.arange(12.0).reshape(3, 4))
    idx = ivy.asarray([0, 2])
    r = ivy.get_item(x, (1, idx))
    assert isinstance(r, ivy.Array) and ivy.to_numpy(r).tolist() == [4.0, 6.0]
    r = ivy.get_item(x.data, (idx,))  # native x, Array in the key: an Array result
    assert isinstance(r, ivy.Array) and r.shape == (2, 4)
    y = ivy.set_item(ivy.asarray(np.zeros((2, 3))), (1, idx), 5.0)
    assert ivy.to_numpy(y).tolist() == [[0.0, 0.0, 0.0], [5.0, 0.0, 5.0]]
