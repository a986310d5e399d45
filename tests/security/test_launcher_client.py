"""Issue 10: ivy-serve and the client as a new user meets them, and the chaos benchmark.

Real processes on 127.0.0.1 (free ports): a second ivy-serve on taken ports fails fast naming
the holder; a worker that cannot start is reported once with its stderr; the pid check rejects a
server the launcher did not spawn; "server down" errors say which worker and what to run; remote
messages lose framework boilerplate; Client and AsyncClient release identically; and
``benchmarks/chaos.py --quick`` runs end to end.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time

import ivy_client
import numpy as np
import pytest
from ivy_client.errors import clean_message

from tests.rpc.conftest import ROOT, TOKEN, WorkerProc, env, free_port, health


def _launcher(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "ivy_server.launcher", *args], env=env(),
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def _toml(tmp_path, *workers) -> str:
    text = ""
    for w in workers:
        text += "[[worker]]\n" + "".join(
            f"{k} = {json.dumps(v)}\n" for k, v in w.items())
    p = tmp_path / "workers.toml"
    p.write_text(text)
    return str(p)


@pytest.fixture(scope="module")
def worker():
    """A plain NumPy worker with metrics (the 'other' server a second ivy-serve runs into)."""
    w = WorkerProc("numpy", metrics=True).wait_ready()
    yield w
    w.stop()


@pytest.fixture(scope="module")
def code_worker():
    """A worker that can Trace (for graphs): token + --allow-code-execution."""
    w = WorkerProc("numpy", "--auth-token-env", "IVY_AUTH_TOKEN",
                   "--allow-code-execution").wait_ready()
    yield w
    w.stop()


# ---------------------------------------------------------------------------------------------
# ivy-serve on ports that are taken
# ---------------------------------------------------------------------------------------------

def test_second_ivy_serve_fails_fast_naming_the_other_worker(worker, tmp_path):
    cfg = _toml(tmp_path, {"name": "np", "backend": "numpy", "port": worker.port})
    pid = ivy_client.Client(f"numpy={worker.address}").info()["pid"]
    t0 = time.monotonic()
    out = _launcher("--config", cfg)
    took = time.monotonic() - t0
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert took < 20, f"took {took:.1f} s: it should fail before starting anything"
    assert f"port {worker.port}" in text and "in use by another ivy worker" in text, text
    assert "backend numpy" in text and f"pid {pid}" in text and "ivy-serve status" in text
    # no table of someone else's workers, nothing started, no tracebacks
    assert "SERVING" not in text and "workers up" not in text, text
    assert "Traceback" not in text and "Address already in use" not in text, text
    # the other worker is untouched
    assert health(worker.address) == "SERVING"
    assert ivy_client.Client(f"numpy={worker.address}").info()["pid"] == pid


def test_port_held_by_a_non_ivy_process_and_taken_metrics_port(worker, tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        cfg = _toml(tmp_path, {"name": "a", "backend": "numpy", "port": port},
                    {"name": "b", "backend": "numpy", "port": free_port(),
                     "metrics_port": worker.metrics_port})
        out = _launcher("--config", cfg)
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert f"port {port} (worker a, numpy@cpu) is in use by a process that is not an ivy worker" \
        in text, text
    assert f"pid {os.getpid()}" in text, text  # /proc names this test process as the holder
    assert (f"metrics port {worker.metrics_port} (worker b) is in use by another ivy worker's "
            "metrics endpoint") in text, text
    assert "nothing started" in text


def test_duplicate_ports_in_one_configuration(tmp_path):
    port = free_port()
    cfg = _toml(tmp_path, {"name": "a", "backend": "numpy", "port": port},
                {"name": "b", "backend": "numpy", "port": port})
    out = _launcher("--config", cfg)
    assert out.returncode == 2
    assert f"port {port} of worker b is also configured for worker a" in out.stderr, out.stderr


def test_worker_that_cannot_start_is_reported_once_with_its_stderr(tmp_path):
    port = free_port()
    cfg = _toml(tmp_path, {"name": "bad", "backend": "numpy", "port": port,
                           "args": ["--memory-cap-mb", "lots"]})
    out = _launcher("--config", cfg, "--max-start-failures", "3", timeout=180)
    text = out.stdout + out.stderr
    assert out.returncode == 1, text
    # the worker's own error, shown once (later identical failures are one line each)
    assert text.count("invalid int value: 'lots'") == 1, text
    assert text.count("usage: ivy-worker") == 1, text
    assert "exited with code 2 before serving; the last lines of its stderr" in text
    assert "again with the same error (3 times in a row); giving up" in text, text
    assert "exited 3 times before serving" in text
    assert "SERVING" not in text and "workers up" not in text


def test_pid_check_rejects_a_server_the_launcher_did_not_spawn(worker):
    """The race the port check cannot close: another worker answers on the port while ours
    starts. Supervised.check_serving compares Info's pid with the spawned process."""
    from ivy_client import config
    from ivy_server import launcher

    spec = config.WorkerSpec("numpy", port=worker.port, name="mine")
    sup = launcher.Supervised(spec)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        sup.proc, sup.state = other, "starting"
        problem = sup.check_serving()
        assert problem is not None and sup.state == "starting"
        assert f"pid {worker.proc.pid}" in problem and f"pid {other.pid}" in problem, problem
        assert f"another server holds port {worker.port}" in problem
        assert sup.check_serving() is None  # reported once, not every poll
    finally:
        other.kill()
        other.wait()
    # and the real thing: the spawned process's own pid is accepted
    sup2 = launcher.Supervised(spec)
    sup2.proc, sup2.state = worker.proc, "starting"
    sup2._reader = None
    assert sup2.check_serving() is None and sup2.state == "serving"


def test_status_shows_pid_and_flags_a_wrong_backend(worker, tmp_path):
    pid = ivy_client.Client(f"numpy={worker.address}").info()["pid"]
    ok = _launcher("status", "--config", f"numpy={worker.address}")
    assert ok.returncode == 0 and str(pid) in ok.stdout and "SERVING" in ok.stdout, ok
    wrong = _launcher("status", "--config", f"torch={worker.address}")
    assert wrong.returncode == 1
    assert "but it is a numpy worker" in wrong.stdout, wrong.stdout
    down = _launcher("status", "--config", f"numpy=127.0.0.1:{free_port()}")
    assert down.returncode == 1 and "UNREACHABLE" in down.stdout
    assert "start them with `ivy-serve`" in down.stderr


# ---------------------------------------------------------------------------------------------
# client errors
# ---------------------------------------------------------------------------------------------

def test_server_down_error_names_the_worker_and_what_to_run():
    address = f"127.0.0.1:{free_port()}"
    with ivy_client.Client(f"jax={address}") as c:
        with pytest.raises(ivy_client.Unavailable) as e:
            c.call("add", 1, 2)
    msg = str(e.value)
    assert f"the jax@cpu worker at {address} did not answer" in msg, msg
    assert "`ivy-serve`" in msg and "`ivy-serve status`" in msg, msg
    assert "backends" not in msg and "failed to connect to all addresses" not in msg, msg
    assert isinstance(e.value, ConnectionError) and e.value.address == address

    async def go():
        async with ivy_client.AsyncClient(f"jax={address}") as ac:
            with pytest.raises(ivy_client.Unavailable) as ae:
                await ac.call("add", 1, 2)
        return str(ae.value)

    assert asyncio.run(go()) == msg


def test_unknown_function_messages_match_the_readme(worker):
    """README's service snippet shows both: no close match, and a typo with suggestions."""
    with ivy_client.Client(f"numpy={worker.address}") as c:
        with pytest.raises(ivy_client.NotFound) as e:
            c.call("nosuchfn", np.ones(2))
        assert "ivy has no function 'nosuchfn'" in str(e.value)
        assert "did you mean" not in str(e.value)
        with pytest.raises(ivy_client.NotFound, match="did you mean: matmul"):
            c.call("matmull", np.ones((2, 2)), np.ones((2, 2)))
    readme = (ROOT / "README.md").read_text()
    assert "NotFound: ivy has no function 'nosuchfn'" in readme
    assert "did you mean: matmul" in readme


# The messages below are what the jax/tensorflow/torch workers really answered (captured from
# live workers); the worker's mapping is another module's, the client cleans what arrives.
JAX_MSG = ("TypeError: dot_general requires contracting dimensions to have the same shape, got "
           "(3,) and (2,). --------------------\nFor simplicity, JAX has removed its internal "
           "frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off "
           "to include these. (in ivy.matmul on the jax backend)")
TF_MSG = ("InvalidArgumentError: {{function_node __wrapped__Reshape_device_/job:localhost/"
          "replica:0/task:0/device:CPU:0}} Input to reshape is a tensor with 6 values, but the "
          "requested shape has 4 [Op:Reshape] name:  (in ivy.reshape on the tensorflow backend)")
TORCH_MSG = ("RuntimeError: expected scalar type Float\nException raised from check at "
             "/pytorch/aten/src/x.cpp:12 (most recent call first):\nframe #0: c10::Error::Error("
             ") + 0x1\nframe #1: at::native::x() + 0x2\n (in ivy.add on the torch backend)")


@pytest.mark.parametrize("raw, clean", [
    (JAX_MSG, "TypeError: dot_general requires contracting dimensions to have the same shape, "
              "got (3,) and (2,). (in ivy.matmul on the jax backend)"),
    (TF_MSG, "InvalidArgumentError: Input to reshape is a tensor with 6 values, but the requested "
             "shape has 4 [Op:Reshape] (in ivy.reshape on the tensorflow backend)"),
    (TORCH_MSG, "RuntimeError: expected scalar type Float (in ivy.add on the torch backend)"),
    ("ValueError: a - b and -- c (in ivy.add on the numpy backend)",
     "ValueError: a - b and -- c (in ivy.add on the numpy backend)"),
])
def test_framework_boilerplate_is_stripped(raw, clean):
    assert clean_message(raw) == clean


@pytest.mark.skipif(not __import__("importlib").util.find_spec("jax"), reason="needs jax")
def test_jax_error_arrives_without_its_boilerplate():
    w = WorkerProc("jax").wait_ready()
    try:
        with ivy_client.Client(f"jax={w.address}") as c:
            with pytest.raises(ivy_client.InvalidArgument) as e:
                c.call("matmul", np.ones((2, 3)), np.ones((2, 3)))
        msg = str(e.value)
        assert "(in ivy.matmul on the jax backend)" in msg, msg
        assert "For simplicity" not in msg and "-----" not in msg, msg
    finally:
        w.stop()


# ---------------------------------------------------------------------------------------------
# Client and AsyncClient: one core
# ---------------------------------------------------------------------------------------------

SOURCE = "import ivy\n\ndef f(x):\n    return ivy.add(x, 1.0)\n"


def _scenario_sync(address: str) -> list:
    out = []
    with ivy_client.Client(f"numpy={address}", token=TOKEN) as c:
        h1 = c.call("ones", (2,), keep=True)
        h2 = c.call("zeros", (3,), keep=True)
        h3 = c.call("ones", (4,), keep=True)
        g = c.trace(SOURCE, "f", np.ones(2))
        out.append(("graph works", g(np.zeros(2)).tolist()))
        out.append(("release handle", c.release(h1)))
        out.append(("release it again", c.release(h1)))
        out.append(("unknown id", c.release("nosuch", address=address)))
        out.append(("mixed", c.release(h2, g, "nosuch", h3.id, address=address)))
        out.append(("graph again", g.release()))
        out.append(("nothing", c.release()))
        h4 = c.call("ones", (1,), keep=True)
        out.append(("handle.release()", h4.release(), h4.release()))
        for bad in (("x",), (123,)):
            try:
                c.release(*bad)
            except (ValueError, TypeError) as e:
                out.append(("error", type(e).__name__, str(e)))
    return out


def _scenario_async(address: str) -> list:
    async def go():
        out = []
        async with ivy_client.AsyncClient(f"numpy={address}", token=TOKEN) as c:
            h1 = await c.call("ones", (2,), keep=True)
            h2 = await c.call("zeros", (3,), keep=True)
            h3 = await c.call("ones", (4,), keep=True)
            g = await c.trace(SOURCE, "f", np.ones(2))
            out.append(("graph works", (await g(np.zeros(2))).tolist()))
            out.append(("release handle", await c.release(h1)))
            out.append(("release it again", await c.release(h1)))
            out.append(("unknown id", await c.release("nosuch", address=address)))
            out.append(("mixed", await c.release(h2, g, "nosuch", h3.id, address=address)))
            out.append(("graph again", await g.release()))
            out.append(("nothing", await c.release()))
            h4 = await c.call("ones", (1,), keep=True)
            out.append(("handle.release()", await h4.release(), await h4.release()))
            for bad in (("x",), (123,)):
                try:
                    await c.release(*bad)
                except (ValueError, TypeError) as e:
                    out.append(("error", type(e).__name__, str(e)))
            assert isinstance(h4, ivy_client.AsyncRemoteHandle)
            with pytest.raises(TypeError, match="await handle.fetch"):
                np.asarray(h4)
        return out

    return asyncio.run(go())


def test_sync_and_async_release_behave_identically(code_worker):
    sync = _scenario_sync(code_worker.address)
    asyn = _scenario_async(code_worker.address)
    assert sync == asyn
    assert sync[:8] == [("graph works", [1.0, 1.0]), ("release handle", 1),
                        ("release it again", 0), ("unknown id", 0), ("mixed", 3),
                        ("graph again", False), ("nothing", 0),
                        ("handle.release()", True, False)]
    assert [e[1] for e in sync[8:]] == ["ValueError", "TypeError"]
    assert "needs address=" in sync[8][2]


def test_async_handles_fetch_and_route(worker):
    async def go():
        async with ivy_client.AsyncClient(f"numpy={worker.address}") as c:
            h = await c.call("arange", 4, keep=True)
            total = await c.call("sum", h)  # routed to the handle's worker
            value = await h.fetch()
            async with h:
                pass
            return float(total), value.tolist(), await c.release(h)

    assert asyncio.run(go()) == (6.0, [0, 1, 2, 3], 0)


# ---------------------------------------------------------------------------------------------
# benchmarks/chaos.py
# ---------------------------------------------------------------------------------------------

def test_chaos_benchmark_quick_mode_runs(tmp_path):
    """The soak runs end to end (its targets are reported, not asserted here)."""
    out_json = tmp_path / "chaos.json"
    r = subprocess.run([sys.executable, "benchmarks/chaos.py", "--quick", "--messages", "400",
                        "--duration", "4", "--concurrency", "8", "--json", str(out_json)],
                       env=env(), capture_output=True, text=True, cwd=ROOT, timeout=400)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    for row in ("malformed messages sent", "status codes seen", "crashes (worker process died)",
                "lost requests", "restart after kill -9", "exit after SIGTERM", "RSS"):
        assert row in r.stdout, r.stdout
    res = json.loads(out_json.read_text())["results"][0]
    assert res["fuzz"]["sent"] > 0 and sum(res["fuzz"]["codes"].values()) > 0
    assert res["load"]["ok"] > 0
    assert res["kill"]["new_pid"] != res["kill"]["old_pid"]
    assert res["term"]["launcher_rc"] == 0 and res["term"]["exit_s"] is not None
    # nothing left behind
    assert not [p for p in (res["kill"]["old_pid"], res["kill"]["new_pid"])
                if os.path.exists(f"/proc/{p}")
                and open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]


def test_device_the_backend_does_not_have_is_refused_before_anything_starts(tmp_path):
    # the descriptor says numpy has only the cpu kind: refused at config time, naming the worker
    # and the kinds there are, instead of a worker process that imports the framework and dies
    cfg = _toml(tmp_path, {"name": "a", "backend": "numpy", "device": "gpu:0", "port": free_port()},
                {"name": "b", "backend": "numpy", "port": free_port()})
    out = _launcher("--config", cfg, timeout=60)
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert ("worker a (numpy@gpu:0): the numpy backend has no 'gpu' devices (its device kinds: "
            "cpu)") in text, text
    assert "nothing started" in text
