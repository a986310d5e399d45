"""The MXNet backend in a worker of its own environment, served by ``ivy-serve`` beside NumPy 1.x
and NumPy 2.x workers; the RPC parity table (tests/rpc/test_parity.py) run on it.

The reference is this process's Ivy on the NumPy backend (NumPy 2: the Array API's semantics),
since MXNet cannot be imported here. Every (function, dtype) of the table ends up in one of three
classes, all counted and printed: equal to the reference (dtype, shape and values), UNIMPLEMENTED
with a message naming the function or the dtype MXNet lacks (complex, bfloat16, int16, uint16+;
no FFTs), or raising where the reference raises too. Anything else - a different value, dtype or
shape, or another error - fails: MXNet must never answer wrongly where it answers.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ivy_client
import numpy as np
import pytest

import ivy
from tests.rpc.test_parity import TABLE, compare_results, native, to_numpy

pytestmark = pytest.mark.mxnet
ROOT = Path(__file__).resolve().parents[2]

# what MXNet 1.9's mx.np cannot hold (UnsupportedDtypeError) - docs/conformance.md
MXNET_DTYPES = {"bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64"}
# (function, dtype) pairs with a supported input dtype that are still UNIMPLEMENTED, and why
KNOWN_GAPS = {
    "fft.fft": "mx.np has no fft module", "fft.rfft": "mx.np has no fft module",
    "fft.ifft": "mx.np has no fft module",
    ("sum", "uint8"): "the standard accumulates uint8 in uint64, which MXNet lacks",
    ("prod", "uint8"): "the standard accumulates uint8 in uint64, which MXNet lacks",
    ("cumulative_sum", "uint8"): "the standard accumulates uint8 in uint64, which MXNet lacks",
}
RESULTS: dict[str, list[str]] = {"equal": [], "unsupported": [], "both raise": []}


@pytest.fixture(scope="module")
def client(side_by_side):
    config, addresses, _ = side_by_side
    with ivy_client.Client(config) as c:
        yield c


def _gap(name, dtype) -> str | None:
    return KNOWN_GAPS.get(name) or KNOWN_GAPS.get((name, dtype))


@pytest.mark.parametrize("name", sorted(TABLE))
def test_parity_mxnet(client, name):
    dtypes, make = TABLE[name]
    fn = ivy.func_wrapper.API[name]
    with ivy.using_backend("numpy") as B:
        for d in dtypes:  # every dtype: the table is cheap on two backends
            args, kwargs = make(d)
            where = f"ivy.{name}({d}) on mxnet"
            try:
                local = to_numpy(B, fn(*native(B, args), **kwargs))
                local_error = None
            except Exception as e:  # noqa: BLE001 - the remote call must fail too
                local_error = e
            try:
                remote = client.call(name, *args, backend="mxnet", **kwargs)
            except ivy_client.Unimplemented as e:
                short = name.rpartition(".")[2]
                assert short in e.message or "dtype" in e.message, (where, e.message)
                supported_input = d in MXNET_DTYPES
                assert not supported_input or _gap(name, d) or local_error is not None, (
                    f"{where}: UNIMPLEMENTED for a dtype MXNet has: {e.message}")
                RESULTS["unsupported"].append(f"{name}({d})")
                continue
            except ivy_client.RemoteError as e:
                assert local_error is not None, f"{where}: remote raised {e.code}: {e.message}"
                RESULTS["both raise"].append(f"{name}({d})")
                continue
            assert local_error is None, f"{where}: the reference raised {local_error!r}, " \
                                        f"mxnet answered {remote!r}"
            if name == "unique_values":  # the standard leaves the order unspecified
                remote, local = np.sort(remote), np.sort(local)
            compare_results(remote, local, where)
            RESULTS["equal"].append(f"{name}({d})")


def test_report_mxnet_parity():
    """Printed with -s / in the report: how the table splits on MXNet."""
    total = sum(len(v) for v in RESULTS.values())
    if not total:
        pytest.skip("the parity tests did not run")
    print(f"\nmxnet parity: {len(RESULTS['equal'])}/{total} (function, dtype) pairs equal to "
          f"the NumPy reference; {len(RESULTS['unsupported'])} UNIMPLEMENTED (dtype or function "
          f"MXNet lacks); {len(RESULTS['both raise'])} raise on both")
    supported = [p for p in RESULTS["equal"] + RESULTS["unsupported"]
                 if p.rpartition("(")[2][:-1] in MXNET_DTYPES]
    ok = [p for p in supported if p in RESULTS["equal"]]
    print(f"mxnet parity on MXNet's own dtypes: {len(ok)}/{len(supported)}")
    assert len(ok) >= 0.95 * len(supported)


def test_info_reports_interpreter_and_versions(client):
    info = client.info(backend="mxnet", brief=True)
    assert info["backend"] == "mxnet" and info["framework_version"] == "1.9.1"
    assert info["numpy_version"].startswith("1.23.")
    assert info["python_executable"].endswith(".envs/mxnet/bin/python")
    assert info["python_version"].count(".") == 2


def test_version_routing(client):
    """Two NumPy workers: the newest by default, 1.x when asked (backend= or version=)."""
    newest = client.info(backend="numpy", brief=True)
    assert newest["numpy_version"] == np.__version__ and not newest["numpy_version"].startswith(
        "1.")
    old = client.info(backend="numpy==1.23", brief=True)
    assert old["numpy_version"].startswith("1.23.")
    assert client.info(backend="numpy", version="1", brief=True)["pid"] == old["pid"]
    assert old["python_executable"].endswith(".envs/mxnet/bin/python")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for kw in ({"backend": "numpy==1.23"}, {"backend": "numpy", "version": "1"}):
        np.testing.assert_array_equal(client.call("add", x, x, **kw), x + x)
    with pytest.raises(ivy_client.NoWorker, match="configured versions"):
        client.call("add", x, x, backend="numpy==0.9")


def test_status_shows_python_and_framework_versions(side_by_side):
    config, _, _ = side_by_side
    out = subprocess.run([sys.executable, "-m", "ivy_server.launcher", "status", "--config",
                          config], capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env={**__import__("tests.rpc.conftest", fromlist=["env"]).env(),
                              "IVY_AUTH_TOKEN": ""})
    assert out.returncode == 0, out.stdout + out.stderr
    rows = {line.split()[0]: line for line in out.stdout.splitlines()[2:]}
    assert "1.9.1" in rows["mxnet-cpu"] and ".envs/mxnet/bin/python" in rows["mxnet-cpu"]
    assert " 1.23." in rows["numpy1-cpu"] and np.__version__ in rows["numpy2-cpu"]


def test_unsupported_is_unimplemented_never_wrong(client):
    with pytest.raises(ivy_client.Unimplemented, match="fft.fft is not implemented for the mxnet"):
        client.call("fft.fft", np.ones(8, np.float32), backend="mxnet")
    with pytest.raises(ivy_client.Unimplemented, match="complex64"):
        client.call("add", np.ones(2, np.complex64), np.ones(2, np.complex64), backend="mxnet")


_GRAD = r"""
import numpy as np, ivy
ivy.set_backend("mxnet")
x = ivy.asarray([[1.0, 2.0], [3.0, -4.0]])
w = ivy.asarray([0.5, -1.5])
v, (gx, gw) = ivy.value_and_grad(lambda x, w: ivy.sum(ivy.tanh(ivy.matmul(x, w)) ** 2),
                                 argnums=(0, 1))(x, w)
xn, wn = ivy.to_numpy(x), ivy.to_numpy(w)
t = np.tanh(xn @ wn); d = 2 * t * (1 - t ** 2)
assert np.allclose(ivy.to_numpy(gx), np.outer(d, wn), atol=1e-5)
assert np.allclose(ivy.to_numpy(gw), xn.T @ d, atol=1e-5)
J = ivy.jac(lambda a: a * a)(ivy.asarray([1.0, 2.0, 3.0]))
assert np.allclose(ivy.to_numpy(J), np.diag([2.0, 4.0, 6.0]))
print("ok", type(ivy.to_native(gx)).__module__)
"""


def test_autograd_in_the_mxnet_env(mxnet_python):
    r = subprocess.run([mxnet_python, "-c", _GRAD], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    ok, module = r.stdout.split()
    assert ok == "ok" and module.startswith("mxnet.numpy"), r.stdout


# Operators MXNet's kernels reject (zero-size operands, bool slice assignment, mixed dtypes,
# unbroadcast batches). Under MXNet's default threaded engine such a failure surfaced later, in
# unrelated code, with the failed operator's output left unwritten: the backend runs the
# synchronous engine, so each case below either works or raises at its own call.
_EDGES = r"""
import os, warnings
warnings.simplefilter("ignore")
import numpy as np
import ivy
ivy.set_backend("mxnet")
import mxnet as mx
assert os.environ["MXNET_ENGINE_TYPE"] == "NaiveEngine"
A = ivy.asarray
def same(got, want):
    got = ivy.to_numpy(got)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    assert np.array_equal(got, want) or np.allclose(got, want, rtol=1e-5, atol=1e-6), (got, want)

# zero-size masks and index arrays: an empty selection, never an engine error
for shape in [(0,), (2, 0), (0, 3)]:
    same(A(np.zeros(shape, "float32"))[A(np.zeros(shape, bool))], np.zeros((0,), "float32"))
x = A(np.arange(6, dtype="int32").reshape(2, 3))
same(x[:, A(np.zeros((0,), "int64"))], np.zeros((2, 0), "int32"))
# set_item: bool arrays (no bool kernel in MXNet), empty slices, masks
for dt in ["bool", "float32", "int32"]:
    x = A(np.zeros((4, 5), dt))
    x[1:0, 0] = A(np.zeros((0,), dt))
    x[(0,)] = A(np.ones((), dt))
    x[2, 1:3] = A(np.ones((2,), dt))
    x[A(np.eye(4, 5, dtype=bool))] = A(np.ones((), dt))
    want = np.zeros((4, 5), dt); want[0] = 1; want[2, 1:3] = 1; want[np.eye(4, 5, dtype=bool)] = 1
    same(x, want)
try:
    x[1:0, 0] = A(np.zeros((3,), "int32"))
    raise SystemExit("a value that cannot broadcast to an empty selection was accepted")
except ValueError:
    pass
# zero-size linear algebra (MXNet's kernels reject it; computed on the host)
e = np.zeros((2, 0, 0), "float32")
same(ivy.matmul(A(e), A(e)), e)
same(ivy.linalg.det(A(e)), np.ones((2,), "float32"))
same(ivy.linalg.inv(A(e)), e)
same(ivy.linalg.matrix_norm(A(np.zeros((3, 0), "float32")), ord=2), np.zeros((), "float32"))
same(ivy.vecdot(A(np.zeros((0,), "int32")), A(np.zeros((0,), "int32"))), np.zeros((), "int32"))
same(ivy.tensordot(A(np.zeros((2, 0), "float32")), A(np.zeros((0, 3), "float32")), axes=1), np.zeros((2, 3), "float32"))
# mixed dtypes in rtol, batch broadcasting in solve
a = np.array([[2.0, 0.0], [0.0, 4.0]], "float32")
same(ivy.linalg.pinv(A(a), rtol=A(np.asarray(1e-3, "float64"))), np.linalg.pinv(a))
assert int(ivy.to_numpy(ivy.linalg.matrix_rank(A(a), rtol=A(np.asarray(0.0, "float32"))))) == 2
a3 = np.stack([a, 2 * a, 4 * a])
same(ivy.linalg.solve(A(a3[:1]), A(np.array([2.0, 4.0], "float32"))), np.array([[1.0, 1.0]], "float32"))
same(ivy.linalg.solve(A(a), A(np.ones((3, 2, 1), "float32"))), np.linalg.solve(np.broadcast_to(a, (3, 2, 2)), np.ones((3, 2, 1), "float32")))
# integer arithmetic MXNet does in floating point, and scalar parameters it passes as floats:
# exact results (or a refusal), never rounded ones
big32 = np.array([4097, -46340, 2**24 + 1, 2**31 - 1], "int32")
big64 = np.array([2**40 + 1, -(2**53) - 3, 2**62 + 7], "int64")
for v in (big32, big64):
    same(ivy.square(A(v)), np.square(v))
    same(ivy.abs(A(v)), np.abs(v))
    same(ivy.pow(A(v), A(np.full_like(v, 3))), np.power(v, 3))
try:
    ivy.remainder(A(big64), A(np.full_like(big64, 7)))
    raise SystemExit("remainder of int64 beyond 2**53 was answered (through float64)")
except ivy.UnsupportedBackendError:
    pass
same(ivy.full((2, 3), 2**53 + 1, dtype="int64"), np.full((2, 3), 2**53 + 1, "int64"))
same(ivy.full((), 1.401298464324817e-45, dtype="float64"), np.full((), 1.401298464324817e-45))
same(ivy.full_like(A(np.zeros(3)), 1.6616681931811192e-293), np.full(3, 1.6616681931811192e-293))
xf = np.array([0.0, -1e17, 5.0])
same(ivy.clip(A(xf), max=-7.20575940379279e+16), np.clip(xf, None, -7.20575940379279e+16))
same(ivy.clip(A(big64), 2**59 + 1, 2**61), np.clip(big64, 2**59 + 1, 2**61))
same(ivy.clip(A(np.array([-100, 5, 100], "int8")), -1000, 50), np.array([-100, 5, 50], "int8"))
# a one-element repeats array broadcasts; descending sorts along the last axis
same(ivy.repeat(A(np.array([False, True])), A(np.array([2], "int8"))), np.array([False, False, True, True]))
u = np.array([3, 1, 2, 1], "uint8")
same(ivy.sort(A(u), descending=True), np.array([3, 2, 1, 1], "uint8"))
same(ivy.argsort(A(u), descending=True), np.array([0, 2, 1, 3], "int64"))
mx.nd.waitall()  # nothing left failing in the engine
print("ok")
"""


def test_kernel_edges_in_the_mxnet_env(mxnet_python):
    r = subprocess.run([mxnet_python, "-c", _EDGES], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), (r.stdout + r.stderr)[-3000:]
