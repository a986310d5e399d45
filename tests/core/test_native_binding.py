"""Native bindings (``ivy.functional.backends.native_binding``): the C dispatcher calls a backend
function's declared framework function in its place, with the very same outcome.

Each torch backend function that declares one is called through ``ivy.<name>`` (the C dispatcher;
under ``IVY_DISPATCH=python`` the generated Python dispatcher) and directly (the backend's Python
function) on every dtype of the backend and on the argument shapes around the declared case
(same dtype, mixed dtypes, Python int/float/bool on either side, 0-d, empty, shapes that do not
broadcast, NaN/inf/-0, ``ivy.Array`` arguments, a Tensor subclass): dtype, shape and bits of the
result, or the exception's type and message, must be the same.
"""

from __future__ import annotations

import os
import sys

import pytest

import ivy
from ivy import func_wrapper as fw

torch = pytest.importorskip("torch")

from ivy.functional.backends import load_backend, native_binding  # noqa: E402
from tests.frontends.torch.helpers import edge_values  # noqa: E402

PURE = os.environ.get("IVY_DISPATCH") == "python"
B = load_backend("torch")
BOUND = sorted(n for n, f in vars(B).items()
               if not n.startswith("_") and getattr(f, "ivy_native", None) is not None)


@pytest.fixture(autouse=True)
def _torch_backend():
    ivy.set_backend("torch")
    yield
    ivy.unset_backend()


DTYPES = [B.as_native_dtype(d) for d in B.SUPPORTED_DTYPES]


def _outcome(f, *args):
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001 - the type and message are what is compared
        return ("raises", type(e), str(e))
    if isinstance(r, ivy.Array):
        r = ("Array", r._data)
    else:
        r = ("native", r)
    t = r[1]
    assert type(t) is torch.Tensor, f"{f}: {type(t)}"
    return (r[0], t.dtype, tuple(t.shape), t.reshape(-1).contiguous().view(torch.uint8).tolist())


def _cases(nargs):
    for dt in DTYPES:
        x = edge_values(dt)
        if nargs == 1:
            yield (x,)
            yield (x[:0],)
            yield (x[0],)
            yield (ivy.Array(x) if hasattr(ivy, "Array") else x,)
            continue
        y = edge_values(dt, seed=1)
        yield x, y
        yield x[0], y  # 0-d with 1-d
        yield x[:0], y[:0]
        yield x, y[:3]  # shapes that do not broadcast: the error
        yield ivy.Array(x), y
        yield x, 2
        yield x, -3
        yield x, 1.5
        yield x, True
        yield 2, x
        yield x, torch.nn.Parameter(y, requires_grad=False)
        for other in (torch.int64, torch.float32, torch.float16, torch.uint64):
            if other is not dt:
                yield x, edge_values(other, seed=2)


@pytest.mark.parametrize("name", BOUND)
def test_same_outcome_as_the_backend_function(name):
    f = getattr(B, name)
    n = f.ivy_native[0]
    api = ivy.registry.API[name]
    bad = []
    for args in _cases(n):
        raw = tuple(a._data if isinstance(a, ivy.Array) else a for a in args)
        want = _outcome(f, *raw)
        got = _outcome(api, *args)
        if want[0] != "raises" and any(isinstance(a, ivy.Array) for a in args):
            want = ("Array",) + want[1:]
        if got != want:
            what = "bits differ" if got[:3] == want[:3] else f"{got[:3]} != {want[:3]}"
            bad.append(f"{name}{tuple(getattr(a, 'dtype', a) for a in raw)}: {what}")
    assert not bad, "\n".join(bad[:10])


def test_the_declared_bindings_are_there():
    # the hot element-wise and reduction functions whose backend function fixes promotion or
    # dtypes (the rest are bound to torch directly: no frame to save)
    for name in ("add", "subtract", "multiply", "divide", "equal", "less", "maximum",
                 "negative", "abs", "square", "max", "min", "sum", "mean", "prod"):
        assert name in BOUND, name
    assert B.add.ivy_native[1] is torch.add and B.max.ivy_native[1] is torch.amax


@pytest.mark.skipif(PURE or not fw.ACCELERATED, reason="the C dispatcher is off")
def test_the_declared_case_runs_no_python_frame_of_the_backend():
    x, y = torch.ones(3), torch.ones(3)
    codes = {getattr(B, n).__code__ for n in BOUND}
    seen = []

    def prof(frame, event, arg):
        if event == "call" and frame.f_code in codes:
            seen.append(frame.f_code.co_name)

    ivy.add(x, y)  # warm the lookup caches
    sys.setprofile(prof)
    try:
        ivy.add(x, y)
        ivy.add(x, 2.0)
        ivy.multiply(ivy.Array(x), y)
        ivy.negative(x)
        ivy.sum(x)
        ivy.max(x)
        covered = list(seen)
        ivy.add(x, y.to(torch.float64))  # mixed dtypes: the backend function promotes
        ivy.sum(x, axis=0)  # a keyword: the backend function
    finally:
        sys.setprofile(None)
    # (the binary functions share one code object, named f)
    assert covered == [] and seen[0] == "f" and seen[-1] == "sum", seen


@pytest.mark.skipif(PURE or not fw.ACCELERATED, reason="the C dispatcher is off")
def test_a_failing_native_call_runs_the_backend_function(monkeypatch):
    """When the native function raises, the backend function runs and decides: here it works
    around the failure, so the call succeeds."""
    x = torch.ones(3)
    calls = []

    def native(a, b):
        calls.append("native")
        raise RuntimeError("no kernel")

    def add(x1, x2, /):
        calls.append("backend")
        return torch.add(x1, x2)

    native_binding(add, native, torch.Tensor, {torch.float32})
    monkeypatch.setattr(B, "add", add)
    assert torch.equal(ivy.add(x, x), x * 2) and calls == ["native", "backend"]
    calls.clear()
    assert ivy.add(x, x.to(torch.float64)).dtype is torch.float64 and calls == ["backend"]


@pytest.mark.skipif(PURE or not fw.ACCELERATED, reason="the C dispatcher is off")
def test_a_malformed_declaration_fails_loudly(monkeypatch):
    def sin(x, /):
        return torch.sin(x)

    sin.ivy_native = (1, torch.sin, torch.Tensor, [torch.float32], None)  # a list: not frozen
    monkeypatch.setattr(B, "sin", sin)
    with pytest.raises(TypeError, match="ivy_native"):
        ivy.sin(torch.ones(2))


def test_native_binding_checks_its_arguments():
    def kw(x, y):
        return x

    with pytest.raises(TypeError, match="positional-only"):
        native_binding(kw, torch.add, torch.Tensor, ())

    def unary(x, /):
        return x

    with pytest.raises(TypeError, match="binary"):
        native_binding(unary, torch.neg, torch.Tensor, (), scalar_dtypes=())


def _add_max(a, b):
    return ivy.max(ivy.add(a, b))


def test_tracing_still_records_and_emits_the_backend_function():
    """Under the tracer the backend is its recording stand-in (no declaration): the call is
    recorded, and the emitted code is the backend function's, with the same result."""
    x = torch.tensor([1.0, -2.0, 3.0])
    y = torch.tensor([0.5, 0.25, -1.0])
    g = ivy.trace_graph(_add_max, x, y)
    assert [n.target for n in g.nodes if n.op == "call"] == ["add", "max"]
    src = g.to_source("torch")
    assert "def _add_max(" in src
    ns: dict = {}
    exec(compile(src, "<emitted>", "exec"), ns)  # noqa: S102 - our own emitted code
    assert torch.equal(ns["_add_max"](x, y), torch.amax(x + y))
