"""The images' command lines, run here: docker/entrypoint.sh + the Dockerfile's CMD, and every
cpu-profile service's compose `command:` (same script, same module, same flags; only the ports are
swapped for free ones and --host for loopback), each reaching SERVING on grpc.health.v1 as
docker/healthcheck.py sees it. Then the Prometheus metrics after a known set of calls."""

from __future__ import annotations

import subprocess
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest

from .util import (
    DOCKERFILE,
    IMAGE_ROOT,
    OWN_ENV_BACKENDS,
    ROOT,
    as_argv,
    flag,
    free_port,
    load_compose,
    parse_dockerfile,
    probe,
    services_in,
    set_flag,
    start_entrypoint,
    stop,
    wait_serving,
    worker_env,
)

TOKEN = "local-test-token"  # noqa: S105 - a throwaway value for processes this test starts


def _image_defaults():
    """(ENTRYPOINT, CMD, ENV) of the image built with its default build args."""
    ins = parse_dockerfile(DOCKERFILE.read_text())
    args = {}
    for i in ins:
        if i.keyword == "ARG":
            k, _, v = i.value.partition("=")
            args[k] = v
    env = {}
    for i in ins:
        if i.keyword == "ENV":
            for item in i.value.split():
                k, sep, v = item.partition("=")
                if sep and k.startswith("IVY_"):
                    env[k] = v.replace("${BACKEND}", args["BACKEND"]).replace(
                        "${VARIANT}", args["VARIANT"])
    (entry,) = [i.exec_form() for i in ins if i.keyword == "ENTRYPOINT"]
    (cmd,) = [i.exec_form() for i in ins if i.keyword == "CMD"]
    return entry, cmd, env


def _own_env_python(service: dict) -> str | bool | None:
    """A service whose backend needs its own environment (MXNet) runs, as in its image, under that
    environment's python (.envs/<backend>, built by tests/mxnet or scripts/envs/); False when that
    environment is missing here, None for the other services."""
    backend = flag(as_argv(service["command"]), "--backend")
    if backend not in OWN_ENV_BACKENDS:
        return None
    env_dir = ROOT / ".envs" / backend
    ready = (env_dir / ".ivy-env-ready").exists() and (env_dir / "bin" / "python").exists()
    return str(env_dir / "bin" / "python") if ready else False


def _local(argv: list[str]) -> tuple[list[str], int, int]:
    """argv with free ports and loopback; (argv, port, metrics_port)."""
    port, mport = free_port(), free_port()
    argv = set_flag(set_flag(argv, "--port", str(port)), "--metrics-port", str(mport))
    if flag(argv, "--host"):
        argv = set_flag(argv, "--host", "127.0.0.1")
    else:
        argv = ["--host", "127.0.0.1", *argv]
    return argv, port, mport


def _echo(args: list[str], **env: str) -> list[str]:
    """The worker command line entrypoint.sh would exec (IVY_PYTHON=echo prints it)."""
    e = worker_env(IVY_PYTHON="echo", **env)
    e.pop("IVY_AUTH_TOKEN", None)
    e.update(env)
    out = subprocess.run(["sh", "docker/entrypoint.sh", *args], cwd=ROOT, env=e, check=True,
                         capture_output=True, text=True).stdout.split()
    assert out[:2] == ["-m", "ivy_server.worker"]
    return out[2:]


# ----------------------------------------------------------------------------- entrypoint defaults
def test_entrypoint_supplies_the_image_defaults():
    assert _echo([], IVY_WORKER_BACKEND="jax", IVY_WORKER_VARIANT="cpu") == [
        "--host", "0.0.0.0", "--device", "cpu", "--backend", "jax"]
    argv = _echo(["--port", "50053"], IVY_WORKER_BACKEND="jax", IVY_WORKER_VARIANT="cuda")
    assert flag(argv, "--device") == "gpu:0" and flag(argv, "--port") == "50053"


def test_entrypoint_keeps_explicit_flags():
    argv = _echo(["--backend", "torch", "--device=gpu:1", "--host", "10.0.0.1"],
                 IVY_WORKER_BACKEND="jax", IVY_WORKER_VARIANT="cuda")
    assert argv == ["--backend", "torch", "--device=gpu:1", "--host", "10.0.0.1"]


def test_entrypoint_enables_auth_only_with_a_token():
    assert "--auth-token-env" not in _echo([], IVY_WORKER_BACKEND="numpy")
    argv = _echo([], IVY_WORKER_BACKEND="numpy", IVY_AUTH_TOKEN="x")
    assert flag(argv, "--auth-token-env") == "IVY_AUTH_TOKEN"


def test_entrypoint_fails_clearly_without_a_backend():
    e = worker_env(IVY_PYTHON="echo")
    e.pop("IVY_WORKER_BACKEND", None)
    r = subprocess.run(["sh", "docker/entrypoint.sh"], cwd=ROOT, env=e, capture_output=True,
                       text=True)
    assert r.returncode != 0 and "IVY_WORKER_BACKEND" in r.stderr


def test_probe_reports_unreachable_as_unhealthy():
    rc, out = probe(free_port())
    assert rc == 1 and "unhealthy" in out


# ----------------------------------------------------------------------------- real workers
class _Started(dict):
    """name -> (process, port, metrics port, log, argv); a worker that did not reach SERVING
    fails the tests that use it (not the others)."""

    def __init__(self, started, failures):
        super().__init__(started)
        self.failures = failures

    def __getitem__(self, name):
        if name in self.failures:
            pytest.fail(f"{name}: {self.failures[name]}")
        return super().__getitem__(name)


@pytest.fixture(scope="module")
def workers(tmp_path_factory):
    """The image's default command line and every cpu-profile compose service, started at once."""
    logs = tmp_path_factory.mktemp("workers")
    entry, cmd, image_env = _image_defaults()
    assert entry == [f"{IMAGE_ROOT}/docker/entrypoint.sh"]
    started = {}
    try:
        argv, port, mport = _local(cmd)
        env = worker_env(**image_env)
        env.pop("IVY_AUTH_TOKEN", None)
        log = logs / "image-default.log"
        started["image-default"] = (start_entrypoint(argv, env, log), port, mport, log, argv)
        for name, s in services_in(load_compose(), "cpu").items():
            own_python = _own_env_python(s)
            if own_python is False:
                continue  # its test skips, naming the missing environment
            argv, port, mport = _local(as_argv(s["command"]))
            env = worker_env(IVY_AUTH_TOKEN=TOKEN, **{k: str(v) for k, v in
                                                      s.get("environment", {}).items()
                                                      if k != "IVY_AUTH_TOKEN"})
            if own_python:
                env["IVY_PYTHON"] = own_python
            log = logs / f"{name}.log"
            started[name] = (start_entrypoint(argv, env, log), port, mport, log, argv)
        failures = {}
        for name, (proc, port, _, log, _) in started.items():
            try:
                wait_serving(proc, port, log, timeout=90)
            except AssertionError as e:  # reported by the tests that use this worker
                failures[name] = str(e)
        yield _Started(started, failures)
    finally:
        stop(*(proc for proc, *_ in started.values()))


def test_image_default_command_reaches_serving(workers):
    proc, port, _, log, argv = workers["image-default"]
    assert flag(argv, "--backend") is None  # CMD leaves it to the image's IVY_WORKER_BACKEND
    # entrypoint.sh exec'd the worker: the process is `python -m ivy_server.worker ...`
    cmdline = [a.decode() for a in Path(f"/proc/{proc.pid}/cmdline").read_bytes().split(b"\0")]
    assert "ivy_server.worker" in cmdline, cmdline
    assert flag(cmdline, "--backend") == "numpy" and flag(cmdline, "--device") == "cpu"
    # the HEALTHCHECK form (no --port): flags read from the worker's own command line
    rc, out = probe(None, "--pid", str(proc.pid))
    assert rc == 0 and out.endswith(f"127.0.0.1:{port} SERVING"), out


@pytest.mark.parametrize("name", list(services_in(load_compose(), "cpu")))
def test_compose_service_command_reaches_serving(workers, name):
    if name not in workers:
        pytest.skip(f"{name} runs in an environment of its own, missing here: scripts/envs/ "
                    "builds it (tests/mxnet does so on demand)")
    proc, port, _, log, argv = workers[name]
    # health answers without the token (Kubernetes' grpc probes send no metadata) ...
    env = worker_env()
    env.pop("IVY_AUTH_TOKEN", None)
    rc, out = probe(port, "--token-env", "IVY_NO_SUCH_VARIABLE", env=env)
    assert rc == 0 and out.endswith("SERVING"), out
    rc, out = probe(port, "--service", "ivy.rpc.v1.Worker")
    assert rc == 0, out

    import ivy_client

    spec = [{"backend": flag(argv, "--backend"), "host": "127.0.0.1", "port": port}]
    # ... but every other RPC needs it, as compose configures
    with ivy_client.Client(workers=spec, token="") as c, pytest.raises(
            ivy_client.Unauthenticated):
        c.info(backend=spec[0]["backend"])
    with ivy_client.Client(workers=spec, token=TOKEN) as c:
        info = c.info(backend=spec[0]["backend"])
        assert info["backend"] == spec[0]["backend"] and info["device"] == "cpu"
        assert info["code_execution"] is False


# ----------------------------------------------------------------------------- metrics
def _scrape(mport: int) -> dict:
    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=5) as r:
        text = r.read().decode()
    samples = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples


def _value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))))


def test_metrics_count_what_the_calls_did(workers):
    import ivy_client

    _, port, mport, _, argv = workers["numpy-cpu"]
    before = _scrape(mport)
    spec = [{"backend": "numpy", "host": "127.0.0.1", "port": port}]
    a = np.arange(4.0).reshape(2, 2)
    with ivy_client.Client(workers=spec, token=TOKEN) as c:
        for _ in range(3):
            np.testing.assert_array_equal(c.call("add", a, a), a + a)
        with pytest.raises(ivy_client.NotFound):
            c.call("no_such_function", a)
        with pytest.raises(ivy_client.InvalidArgument):
            c.call("add", a)  # x2 missing
        handle = c.call("matmul", a, a, keep=True)
        kept = _scrape(mport)
        c.release(handle)
    after = _scrape(mport)

    def delta(name, **labels):
        return (_value(after, name, **labels) or 0) - (_value(before, name, **labels) or 0)

    assert delta("ivy_requests_total", method="Call", function="add", code="OK") == 3
    assert delta("ivy_requests_total", method="Call", function="<unknown>", code="NOT_FOUND") == 1
    assert delta("ivy_requests_total", method="Call", function="matmul", code="OK") == 1
    assert delta("ivy_requests_total", method="Call", function="add", code="INVALID_ARGUMENT") == 1
    assert delta("ivy_requests_total", method="Release", function="release", code="OK") == 1

    # latency histogram for add: 3 observations, cumulative buckets ending at +Inf == count
    lab = {"method": "Call", "function": "add"}  # 3 OK + 1 INVALID_ARGUMENT
    assert delta("ivy_request_latency_seconds_count", **lab) == 4
    buckets = sorted(
        ((float(dict(k[1])["le"]), v - (before.get(k) or 0)) for k, v in after.items()
         if k[0] == "ivy_request_latency_seconds_bucket"
         and {("method", "Call"), ("function", "add")} <= set(k[1])),
        key=lambda t: t[0])
    assert len(buckets) >= 10 and buckets[-1] == (float("inf"), 4)
    counts = [v for _, v in buckets]
    assert counts == sorted(counts), "histogram buckets are cumulative"
    assert 0 < delta("ivy_request_latency_seconds_sum", **lab) < 30

    # bytes: at least the array payloads went each way
    assert delta("ivy_bytes_received_total") >= 3 * 2 * a.nbytes
    assert delta("ivy_bytes_sent_total") >= 3 * a.nbytes

    # handles: one kept 2x2 float64 result (32 bytes) while held, none after release
    assert _value(kept, "ivy_handles_live") == 1
    assert _value(kept, "ivy_handles_bytes") >= a.nbytes
    assert _value(after, "ivy_handles_live") == 0
    assert _value(after, "ivy_device_memory_bytes") is not None


# ----------------------------------------------------------------------------- client targets
def test_client_accepts_a_dns_target(workers, monkeypatch):
    """What a client in Kubernetes uses: IVY_WORKERS="numpy=dns:///<headless service>:50051"."""
    import ivy_client

    _, port, *_ = workers["numpy-cpu"]
    monkeypatch.setenv("IVY_WORKERS", f"numpy=dns:///localhost:{port}")
    with ivy_client.Client(token=TOKEN) as c:
        np.testing.assert_array_equal(c.call("add", 1.0, 2.0, backend="numpy"), 3.0)


def test_client_balances_calls_over_a_multi_address_target(workers):
    """One target resolving to two workers (as a headless Service's DNS name resolves to every
    pod): with round_robin the calls reach both processes, not just the first."""
    import ivy_client

    (_, p1, *_), (_, p2, *_) = workers["image-default"], workers["numpy-cpu"]
    spec = [{"backend": "numpy", "host": f"ipv4:127.0.0.1:{p1},127.0.0.1", "port": p2}]
    with ivy_client.Client(workers=spec, token=TOKEN) as c:
        pids = {c.info(backend="numpy")["pid"] for _ in range(8)}
    assert len(pids) == 2


def test_worker_stops_on_sigterm(workers):
    """What `docker stop` / a pod deletion does: SIGTERM, graceful exit 0 within the grace period."""
    proc, port, *_ = workers["image-default"]
    t0 = time.monotonic()
    stop(proc)
    assert proc.returncode == 0 and time.monotonic() - t0 < 15
    assert probe(port)[0] == 1
