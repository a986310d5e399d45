"""The PyTorch frontend's C ops (``ivy/frontends/torch/_fast.c``) against their Python functions.

Each frontend function with a C fast path (``_fast.Op``) is called as the C op and as its Python
function (``op.fallback``, what runs without the extension or under ``IVY_DISPATCH=python``), the
latter with the backend's native bindings hidden (every backend function runs as itself), on
every dtype of the Ivy backend and on the argument shapes around the fast path (same dtype, mixed
dtypes, Python int/float/bool/complex and an int too large for the dtype, 0-d, empty, shapes that
do not broadcast, NaN/inf/-0, a Tensor holding a torch subclass, a non-Tensor first argument):
the result's class, dtype, shape and bits, or the exception's type and message, must be the same.
On the torch backend the C op hands the dtypes it read to the Ivy dispatcher, which calls the
framework function directly where the backend function declares a native binding
(``ivy/_dispatch.c``, ``tests/core/test_native_binding.py``); on the numpy backend nothing is
declared. ``IVY_FULL=1`` adds every NumPy dtype on the numpy backend (default: four).
"""

from __future__ import annotations

import functools
import os
import sys
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft
from ivy import func_wrapper as fw
from ivy.frontends.torch import _tensor

torch = pytest.importorskip("torch")

from ivy.functional.backends import load_backend, native_binding  # noqa: E402
from tests.frontends.torch.helpers import edge_values  # noqa: E402

FULL = bool(os.environ.get("IVY_FULL"))
C_OPS = _tensor._fast is not None
pytestmark = pytest.mark.skipif(not C_OPS, reason="the frontend's C ops are off (not built, or "
                                "IVY_DISPATCH=python): only the Python functions run")

# name -> op, one name per op (aliases share the object)
OPS: dict = {}
for _n, _v in sorted(vars(ft).items()):
    if callable(_v) and getattr(_v, "_c_op", None) is not None and _v not in OPS.values():
        OPS[_n] = _v


def _numpy_values(dt, n=7, seed=0):
    return edge_values(torch.from_numpy(np.empty(0, dt)).dtype, n, seed).numpy()


class _Unbound:
    """Backend ``B`` with its native bindings hidden: a function that declares one is handed out
    as a ``functools.partial`` of itself (which declares nothing), so the dispatcher calls it."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        v = getattr(self._real, name)
        return functools.partial(v) if getattr(v, "ivy_native", None) is not None else v


def _python_path(op, *args):
    """``op``'s Python function, every backend function running as itself."""
    B = fw.DISPATCH_GLOBALS["_B"]
    fw.set_dispatch_backend(_Unbound(B))
    try:
        return op.fallback(*args)
    finally:
        fw.set_dispatch_backend(B)


def _wrap(a):
    return _tensor.wrap(a)


def _outcome(f, *args):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = f(*args)
    except Exception as e:  # noqa: BLE001 - the type and message are what is compared
        return ("raises", type(e), str(e))
    assert type(r) is ft.Tensor, f"{f}: {type(r)}"
    a = r._data
    if isinstance(a, torch.Tensor):
        bits = a.reshape(-1).contiguous().view(torch.uint8).tolist()
    else:
        bits = np.ascontiguousarray(a).reshape(-1).view(np.uint8).tolist()
    return (type(a), a.dtype, tuple(a.shape), bits)


def _cases(nargs, dtypes, values, big_int):
    for dt in dtypes:
        x = values(dt)
        X = _wrap(x)
        if nargs == 1:
            yield (X,)
            yield (_wrap(x[:0]),)
            yield (_wrap(x[0]),)
            if isinstance(x, torch.Tensor):
                yield (_wrap(torch.nn.Parameter(x, requires_grad=False)),)
            continue
        y = values(dt, seed=1)
        Y = _wrap(y)
        yield X, Y
        yield _wrap(x[0]), Y  # 0-d with 1-d
        yield _wrap(x[:0]), _wrap(y[:0])
        yield X, _wrap(y[:3])  # shapes that do not broadcast: the error
        yield X, 2
        yield X, -3
        yield X, 1.5
        yield X, float("nan")
        yield X, True
        yield X, 1j
        yield X, big_int
        yield 2, Y  # not a Tensor first: the Python function
        if isinstance(y, torch.Tensor):
            yield X, _wrap(torch.nn.Parameter(y, requires_grad=False))
        for other in dtypes[:3]:
            if other is not dt:
                yield X, _wrap(values(other, seed=2))


def _check(name, dtypes, values):
    op = OPS[name]
    assert type(op).__name__ == "Op", op
    bad = []
    for args in _cases(op._c_op[1], dtypes, values, 2 ** 70):
        want = _outcome(functools.partial(_python_path, op), *args)
        got = _outcome(op, *args)
        if got != want:
            what = "bits differ" if got[:3] == want[:3] else f"{got[:3]} != {want[:3]}"
            bad.append(f"{name}{tuple(getattr(a, 'dtype', a) for a in args)}: {what}")
    assert not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("name", sorted(OPS))
def test_c_op_same_outcome_as_python_function_torch(name):
    B = load_backend("torch")
    dtypes = [B.as_native_dtype(d) for d in B.SUPPORTED_DTYPES]
    with ivy.using_backend("torch"):
        _check(name, dtypes, edge_values)


@pytest.mark.parametrize("name", sorted(OPS))
def test_c_op_same_outcome_as_python_function_numpy(name):
    B = load_backend("numpy")
    names = B.SUPPORTED_DTYPES if FULL else ("float32", "int64", "bool", "complex128")
    dtypes = [B.as_native_dtype(d) for d in names if d != "bfloat16"]  # (no torch.from_numpy)
    with ivy.using_backend("numpy"):
        _check(name, dtypes, _numpy_values)


def test_operators_take_the_c_op():
    x, y = torch.tensor([1.0, -2.0]), torch.tensor([0.5, 4.0])
    with ivy.using_backend("torch"):
        r = _wrap(x) + _wrap(y)
        assert type(r) is ft.Tensor and torch.equal(r._data, x + y)
        assert torch.equal((-_wrap(x))._data, -x)


@pytest.mark.skipif(not fw.ACCELERATED, reason="the C dispatcher is off")
def test_the_declared_case_runs_no_python_frame():
    """Frontend Tensors of one dtype (or a float Tensor and a Python float): the C op, the C
    dispatcher and the framework function; no frame of the frontend or the backend."""
    X, Y = _wrap(torch.ones(3)), _wrap(torch.arange(3.0))
    seen = []

    def prof(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_name)

    with ivy.using_backend("torch"):
        ft.add(X, Y)  # warm the lookup caches
        sys.setprofile(prof)
        try:
            ft.add(X, Y)
            ft.mul(X, 2.0)
            ft.neg(X)
            r = X - Y
            covered = list(seen)
            ft.add(X, _wrap(torch.ones(3, dtype=torch.float64)))  # mixed: the Python function
        finally:
            sys.setprofile(None)
    assert covered == [] and "add" in seen, seen
    assert torch.equal(r._data, torch.tensor([1.0, 0.0, -1.0]))


@pytest.mark.skipif(not fw.ACCELERATED, reason="the C dispatcher is off")
def test_a_failing_native_call_runs_the_backend_function_once(monkeypatch):
    """The native function raises: the backend function runs (once) and decides, here working
    around the failure, as for an ivy.add call."""
    B = load_backend("torch")
    X = _wrap(torch.ones(3))
    calls = []

    def native(a, b):
        calls.append("native")
        raise RuntimeError("no kernel")

    def add(x1, x2, /):
        calls.append("backend")
        return torch.add(x1, x2)

    native_binding(add, native, torch.Tensor, {torch.float32}, {torch.float32})
    monkeypatch.setattr(B, "add", add)
    with ivy.using_backend("torch"):
        assert torch.equal(ft.add(X, X)._data, torch.full((3,), 2.0))
        assert calls == ["native", "backend"]
        calls.clear()
        assert torch.equal(ft.add(X, 1.0)._data, torch.full((3,), 2.0))
        assert calls == ["native", "backend"]


def _f(a, b):
    return ft.neg(ft.add(_wrap(a), _wrap(b)) * 2.0)._data


def test_tracing_records_the_c_ops_calls():
    """Under the tracer the backend is its recording stand-in (it declares nothing): the C op's
    calls are recorded, whatever the dispatcher cached for the real backend before and after."""
    x, y = torch.tensor([1.0, -2.0, 3.0]), torch.tensor([0.5, 0.25, -1.0])
    with ivy.using_backend("torch"):
        before = _f(x, y)
        g = ivy.trace_graph(_f, x, y)
        assert [n.target for n in g.nodes if n.op == "call"] == ["add", "multiply", "negative"]
        assert torch.equal(_f(x, y), before)
        ns: dict = {}
        exec(compile(g.to_source("torch"), "<emitted>", "exec"), ns)  # noqa: S102 - our code
        assert torch.equal(ns["_f"](x, y), before)


@pytest.mark.skipif(not fw.ACCELERATED, reason="the C dispatcher is off")
def test_the_dtype_read_follows_a_change_to_the_array_class(monkeypatch):
    """ivy._dispatch reads `dtype` through the getter it found on the class, while the class is
    unchanged: a `dtype` set on torch.Tensor afterwards is what the next call reads."""
    X = _wrap(torch.ones(3))
    read = []
    base = torch._C.TensorBase.dtype

    def dtype(self):
        read.append(1)
        return base.__get__(self)

    with ivy.using_backend("torch"):
        ft.add(X, X)
        ivy.add(X._data, X._data)
        monkeypatch.setattr(torch.Tensor, "dtype", property(dtype))
        assert torch.equal(ft.add(X, X)._data, torch.full((3,), 2.0)) and read
        read.clear()
        assert torch.equal(ivy.add(X._data, X._data), torch.full((3,), 2.0)) and read
    monkeypatch.undo()
    read.clear()
    with ivy.using_backend("torch"):
        ft.add(X, X)
    assert not read
