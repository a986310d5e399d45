"""The backend descriptors (ivy/functional/backends/descriptors.py) state facts; check each fact
against the framework itself, so a wrong descriptor fails here rather than in emitted code."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys

import numpy as np
import pytest

import ivy
from ivy.functional.backends import BACKEND_NAMES, all_descriptors, descriptor

INSTALLED = [n for n in BACKEND_NAMES if importlib.util.find_spec(descriptor(n).module)]


def test_reading_descriptors_imports_no_framework():
    code = ("import sys; from ivy.functional.backends import all_descriptors, descriptor; "
            "[(d.namespaces, d.emit_imports) for d in all_descriptors()]; descriptor('tf'); "
            "print(sorted(m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_names_aliases_and_unknown_name():
    assert BACKEND_NAMES == ("numpy", "torch", "jax", "tensorflow", "mxnet")
    assert [d.name for d in all_descriptors()] == list(BACKEND_NAMES)
    assert descriptor("tf").name == "tensorflow"
    assert descriptor("jax.numpy").name == "jax"
    with pytest.raises(KeyError, match="valid: numpy, torch, jax, tensorflow, mxnet"):
        descriptor("mxnet2")


def test_client_keeps_the_same_backend_names():
    # the client must not import ivy, so it holds names only: they must be the same names
    sys.path.insert(0, "client")
    try:
        from ivy_client import config
    finally:
        sys.path.remove("client")
    assert tuple(config.BACKENDS) == BACKEND_NAMES


def test_dtype_and_device_facts_are_ivys_vocabulary():
    from ivy.functional.backends.descriptors import ALL_DTYPES

    assert ALL_DTYPES == tuple(str(d) for d in ivy.dtypes.ALL)
    for d in all_descriptors():
        assert d.dtypes and set(d.dtypes) <= set(ALL_DTYPES), d.name
        assert "cpu" in d.devices and set(d.devices) <= {"cpu", "gpu"}, d.name
        assert d.device_problem("cpu") is None
    assert descriptor("numpy").device_problem("gpu:0") == (
        "the numpy backend has no 'gpu' devices (its device kinds: cpu)")
    assert descriptor("torch").device_problem("cuda:1") is None


def test_autodiff_flag_is_what_gradients_use():
    from ivy.functional.ivy.gradients import AUTODIFF_BACKENDS

    assert set(AUTODIFF_BACKENDS) == {d.name for d in all_descriptors() if d.autodiff}


@pytest.mark.parametrize("name", INSTALLED)
def test_descriptor_facts_hold_on_the_framework(name):
    d = descriptor(name)
    with ivy.using_backend(name):
        x = ivy.asarray([1.0, 2.0, 3.0]).data
        types = d.resolve_array_types()
        assert isinstance(x, types), (type(x), types)
        # mutability: does x[k] = v write into the array the caller holds?
        a = ivy.asarray([1.0, 2.0]).data
        before = a
        try:
            a[0] = 5.0
            mutated = float(np.asarray(before)[0]) == 5.0
        except TypeError:  # jax / tensorflow refuse item assignment
            mutated = False
        assert mutated is d.mutable
    # emitted code's imports run and bind the alias and every namespace prefix
    ns: dict = {}
    for line in d.emit_imports:
        exec(line, ns)
    assert d.emit_alias in ns
    for prefix, path in d.namespaces.items():
        got, want = eval(prefix, dict(ns)), importlib.import_module(path)
        # TensorFlow's lazy loader hands out distinct module objects for one file (tf.math)
        assert got is want or got.__file__ == want.__file__, prefix
    # dtype spelling and the literal-array constructor agree with the backend's dtype mapping
    B = ivy.set_backend(name)
    try:
        # the dtype table is the descriptor's: those dtypes and no others
        assert tuple(str(t) for t in B.SUPPORTED_DTYPES) == d.dtypes
        table = importlib.import_module(f"ivy.functional.backends.{name}.dtypes")._NATIVE
        assert {str(k) for k in table} == set(d.dtypes)
        # the device kinds: each one's framework name is what the framework calls that device type
        native_cpu = B.as_native_device("cpu")
        spelled = getattr(native_cpu, "platform", getattr(native_cpu, "type", native_cpu))
        assert d.devices["cpu"] == str(spelled).strip("/").split(":")[0], (native_cpu, d.devices)
        assert B.dev(ivy.asarray([1.0]).data) == "cpu"
        if "gpu" not in d.devices:
            with pytest.raises(ivy.errors.InvalidArgumentError,
                               match=f"the {name} backend has no 'gpu' devices.*'cpu'"):
                B.as_native_device("gpu:0")
        elif name == "torch":
            import torch

            assert torch.device(d.devices["gpu"], 0).type == d.devices["gpu"]  # a torch type
        for dt in ("bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64",
                   "complex64"):
            if ivy.dtypes.as_ivy_dtype(dt) not in B.SUPPORTED_DTYPES:  # mxnet: no complex
                continue
            assert eval(d.dtype_expr(dt), dict(ns)) == B.as_native_dtype(ivy.dtypes.as_ivy_dtype(dt))
        arr = eval(f"{d.emit_array}([1.5, 2.5])", dict(ns))
        assert isinstance(arr, d.resolve_array_types())
        np.testing.assert_array_equal(np.asarray(arr), [1.5, 2.5])
    finally:
        ivy.unset_backend()
