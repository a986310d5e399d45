"""Backend selection: explicit, scoped, inferred, failed and missing frameworks."""

import subprocess
import sys

import numpy as np
import pytest

import ivy
from tests.functional.helpers import BACKENDS, backends, native


def test_import_ivy_imports_no_framework():
    code = ("import sys, ivy; bad = [m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@backends
def test_set_and_unset(backend):
    mod = ivy.set_backend(backend)
    assert ivy.current_backend() is mod
    assert ivy.current_backend_str() == backend
    ivy.unset_backend()
    assert ivy.current_backend_str() is None


def test_set_backend_accepts_module():
    import numpy

    assert ivy.set_backend(numpy).name == "numpy"
    assert ivy.set_backend(ivy.current_backend()).name == "numpy"


def test_unknown_backend_lists_valid_ones():
    with pytest.raises(ivy.BackendError, match="valid backends: numpy, torch, jax, tensorflow"):
        ivy.set_backend("mxnett")


def test_failed_switch_keeps_previous_backend(monkeypatch):
    ivy.set_backend("numpy")
    monkeypatch.setitem(ivy.backend_handler.BACKENDS, "torch", ("no_such_framework_xyz", "torch"))
    monkeypatch.delitem(ivy.backend_handler._loaded, "torch", raising=False)
    with pytest.raises(ivy.BackendNotInstalledError, match=r"pip install 'ivy-rpc\[torch\]'"):
        ivy.set_backend("torch")
    assert ivy.current_backend_str() == "numpy"


@backends
def test_using_backend_restores_even_on_error(backend):
    ivy.set_backend("numpy")
    with pytest.raises(RuntimeError, match="boom"):
        with ivy.using_backend(backend):
            assert ivy.current_backend_str() == backend
            raise RuntimeError("boom")
    assert ivy.current_backend_str() == "numpy"


@backends
def test_inference_from_native_arrays(backend):
    x = native(backend, np.ones((2, 2), dtype=np.float32))
    out = ivy.add(x, x)
    assert type(out) is type(x)  # native in, native out
    assert ivy.current_backend(x).name == backend
    assert ivy.current_backend_str() is None  # inference does not set a backend


def test_no_arrays_defaults_to_numpy():
    assert isinstance(ivy.zeros((2,)).data, np.ndarray)


@pytest.mark.skipif(len(BACKENDS) < 2, reason="needs two frameworks")
def test_mixing_frameworks_is_a_clear_error():
    a = native(BACKENDS[0], np.ones(2, np.float32))
    b = native(BACKENDS[1], np.ones(2, np.float32))
    with pytest.raises(ivy.BackendError, match="several frameworks"):
        ivy.add(a, b)


@backends
def test_ivy_array_in_ivy_array_out(backend):
    ivy.set_backend(backend)
    a = ivy.asarray([1.0, 2.0])
    assert isinstance(a, ivy.Array)
    assert isinstance(ivy.add(a, a), ivy.Array)
    assert isinstance(ivy.add(a.data, a), ivy.Array)
    assert not isinstance(ivy.add(a.data, a.data), ivy.Array)


@pytest.mark.parametrize("backend", [b for b in BACKENDS if b != "numpy"])
def test_env_var_sets_initial_backend(backend):
    code = "import ivy; print(ivy.current_backend_str())"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**__import__("os").environ, "IVY_BACKEND": backend})
    assert r.stdout.strip().splitlines()[-1] == backend, r.stderr[-2000:]


def test_missing_function_error_names_function_and_backend(monkeypatch):
    ivy.set_backend("numpy")
    stub = ivy.backend_handler._missing("sin", "numpy")
    monkeypatch.setattr(ivy.current_backend(), "sin", stub)
    with pytest.raises(ivy.UnsupportedBackendError, match="ivy.sin is not implemented for the numpy"):
        ivy.sin(np.ones(2))


def test_backend_errors_keep_type_and_gain_a_note():
    ivy.set_backend("numpy")
    with pytest.raises(ValueError) as info:
        ivy.add(np.ones(2), np.ones(3))
    assert any("ivy.add on the numpy backend" in n for n in info.value.__notes__)
