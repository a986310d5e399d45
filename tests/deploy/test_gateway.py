"""The HTTP gateway in docker-compose.yml (both profiles) and in deploy/k8s/gateway: its command,
ports, token, health checks and the workers it routes to agree with the worker services they
name; and the container's command, run here through docker/entrypoint.sh with the environment the
file gives it, starts a gateway that docker/http_healthcheck.py (compose) and the httpGet probe
path (Kubernetes) find healthy, and that imports no ML framework."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import yaml

from .util import (
    BACKENDS,
    ENV_EXAMPLE,
    K8S,
    ROOT,
    as_argv,
    flag,
    free_port,
    load_compose,
    load_compose_raw,
    read_env_file,
    set_flag,
    start_entrypoint,
    stop,
    worker_env,
)

sys.path[:0] = [str(ROOT / "client")]
from ivy_client import config  # noqa: E402

PROFILES = ("cpu", "gpu")
TEST_TOKEN = "test-token-not-a-secret"  # load_compose's substitution for ${IVY_AUTH_TOKEN}
FRAMEWORK_LIBS = ("libtorch", "/torch/", "/jax/", "jaxlib", "/tensorflow/", "/keras/")


# ----------------------------------------------------------------------------- compose
@pytest.fixture(scope="module")
def compose():
    return load_compose()


def _gateway(compose) -> tuple[str, dict]:
    gws = [(n, s) for n, s in compose["services"].items()
           if "io.ivy.gateway" in (s.get("labels") or {})]
    assert len(gws) == 1, f"one gateway service, found {[n for n, _ in gws]}"
    return gws[0]


def _workers(compose, profile) -> dict[str, dict]:
    return {n: s for n, s in compose["services"].items()
            if profile in s.get("profiles", []) and "io.ivy.worker" in (s.get("labels") or {})}


def test_compose_gateway_service(compose):
    name, s = _gateway(compose)
    assert set(PROFILES) <= set(s["profiles"]), "the gateway runs in both profiles"
    argv = as_argv(s["command"])
    assert argv[0] == "gateway", "docker/entrypoint.sh runs the gateway for `gateway ARGS`"
    port = flag(argv, "--port")
    assert flag(argv, "--host") == "0.0.0.0" and port
    assert flag(argv, "--auth-token-env") == "IVY_AUTH_TOKEN"
    raw_env = load_compose_raw()["services"][name]["environment"]
    assert str(raw_env["IVY_AUTH_TOKEN"]).startswith("${IVY_AUTH_TOKEN:?"), raw_env
    assert s["environment"]["IVY_AUTH_TOKEN"] == TEST_TOKEN

    # the image: a CPU image a worker service of both profiles builds (no framework, no GPU)
    builders = {w["image"]: w["build"] for p in PROFILES for w in _workers(compose, p).values()}
    assert s["image"] in builders and s["build"] == builders[s["image"]]
    assert s["build"]["args"]["VARIANT"] == "cpu"
    assert not s.get("deploy", {}).get("resources", {}).get("reservations")

    published = {}
    for p in s["ports"]:
        host_ip, host_port, container_port = str(p).split(":")
        assert host_ip == read_env_file(ENV_EXAMPLE)["IVY_BIND_ADDRESS"] == "127.0.0.1"
        published[container_port] = host_port
    assert published == {port: port} == {"8000": "8000"}  # the playground at 127.0.0.1:8000

    hc = s["healthcheck"]
    assert hc["test"] == ["CMD", "/opt/venv/bin/python", "/opt/ivy/docker/http_healthcheck.py",
                          "--port", port]
    assert not hc.get("disable") and all(k in hc for k in ("interval", "timeout", "retries"))
    assert s.get("restart") in ("always", "unless-stopped", "on-failure") and s["init"] is True
    for p in PROFILES:
        assert set(s.get("depends_on", {})) <= set(_workers(compose, p)), p


@pytest.mark.parametrize("profile", PROFILES)
def test_compose_gateway_routes_to_the_profiles_workers(compose, profile):
    """IVY_WORKERS names, for every framework, a worker service of the profile by one of its
    network aliases and its gRPC port; no worker port is the gateway's."""
    _, s = _gateway(compose)
    specs = config.resolve(s["environment"]["IVY_WORKERS"])
    workers = _workers(compose, profile)
    by_alias = {}
    for wname, w in workers.items():
        argv = as_argv(w["command"])
        for alias in w["networks"]["default"]["aliases"]:
            by_alias[alias] = (wname, flag(argv, "--backend"), int(flag(argv, "--port")))
    assert {w.backend for w in specs} == set(BACKENDS)
    for w in specs:
        assert w.host in by_alias, f"{profile}: {w.host} is no worker alias ({sorted(by_alias)})"
        wname, backend, port = by_alias[w.host]
        assert (backend, port) == (w.backend, w.port), (profile, w, wname)
    gport = flag(as_argv(s["command"]), "--port")
    for w in workers.values():
        assert gport not in {str(p).rsplit(":", 1)[-1] for p in w["ports"]}


# ----------------------------------------------------------------------------- Kubernetes
def _k8s_docs(path):
    return [d for d in yaml.safe_load_all(path.read_text()) if d is not None]


def test_k8s_gateway_deployment_and_service():
    docs = _k8s_docs(K8S / "gateway" / "gateway.yaml")
    (dep,) = [d for d in docs if d["kind"] == "Deployment"]
    (svc,) = [d for d in docs if d["kind"] == "Service"]
    assert dep["metadata"]["name"] == svc["metadata"]["name"] == "ivy-gateway"
    sel = dep["spec"]["selector"]["matchLabels"]
    assert svc["spec"]["selector"] == sel
    assert sel.items() <= dep["spec"]["template"]["metadata"]["labels"].items()
    # an ordinary Service (HTTP through the cluster IP), not a headless one
    assert svc["spec"].get("clusterIP") != "None"

    pod = dep["spec"]["template"]["spec"]
    (c,) = pod["containers"]
    argv = as_argv(c["args"])
    assert argv[0] == "gateway" and flag(argv, "--host") == "0.0.0.0"
    port = int(flag(argv, "--port"))
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert ports == {"http": port}
    (sp,) = svc["spec"]["ports"]
    assert sp["targetPort"] in ("http", port) and sp["port"] == port == 8000
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        get = c[probe]["httpGet"]
        assert get["path"] == "/v1/health" and get["port"] in ("http", port), probe

    # the token: the workers' Secret, never inline; non-root; a writable /tmp
    env = {e["name"]: e for e in c["env"]}
    assert flag(argv, "--auth-token-env") == "IVY_AUTH_TOKEN"
    assert env["IVY_AUTH_TOKEN"]["valueFrom"]["secretKeyRef"] == {"name": "ivy-auth",
                                                                  "key": "token"}
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert c["securityContext"]["allowPrivilegeEscalation"] is False
    if c["securityContext"].get("readOnlyRootFilesystem"):
        assert "/tmp" in {m["mountPath"] for m in c["volumeMounts"]}

    # the image: the numpy CPU worker's (no framework); the workers: every framework's CPU
    # worker Service (headless: dns:/// reaches every ready pod) on its gRPC port
    workers = {}
    for p in sorted((K8S / "cpu").glob("*.yaml")):
        if p.name == "kustomization.yaml":
            continue
        for d in _k8s_docs(p):
            if d["kind"] == "Deployment":
                workers.setdefault(d["metadata"]["name"], {})["image"] = \
                    d["spec"]["template"]["spec"]["containers"][0]["image"]
            if d["kind"] == "Service":
                workers.setdefault(d["metadata"]["name"], {}).update(
                    backend=d["metadata"]["labels"]["ivy/backend"],
                    grpc={q["name"]: q["port"] for q in d["spec"]["ports"]}["grpc"])
    assert c["image"] == workers["ivy-numpy-cpu"]["image"] == "ivy-worker:numpy-cpu"
    specs = config.resolve(env["IVY_WORKERS"]["value"])
    assert {w.backend for w in specs} == set(BACKENDS)
    for w in specs:
        svc_name = w.host.removeprefix("dns:///").removesuffix(".ivy.svc.cluster.local")
        assert w.host == f"dns:///{svc_name}.ivy.svc.cluster.local", w.host
        assert svc_name in workers, f"{w.host}: no such worker Service in deploy/k8s/cpu"
        assert (workers[svc_name]["backend"], workers[svc_name]["grpc"]) == (w.backend, w.port)

    top = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert "gateway" in top["resources"]


# ----------------------------------------------------------------------------- run them here
def _http_probe(port: int) -> tuple[int, str]:
    """docker/http_healthcheck.py, as the compose health check runs it."""
    r = subprocess.run([sys.executable, str(ROOT / "docker" / "http_healthcheck.py"), "--port",
                        str(port), "--timeout", "2"], capture_output=True, text=True, timeout=30)
    return r.returncode, (r.stdout + r.stderr).strip()


def _get(port: int, path: str, token: str | None = None) -> tuple[int, dict]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _compose_run():
    _, s = _gateway(load_compose())
    return as_argv(s["command"]), {k: str(v) for k, v in s["environment"].items()}


def _k8s_run():
    (dep,) = [d for d in _k8s_docs(K8S / "gateway" / "gateway.yaml") if d["kind"] == "Deployment"]
    (c,) = dep["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e["value"] for e in c["env"] if "value" in e}
    env["IVY_AUTH_TOKEN"] = TEST_TOKEN  # the Secret's value
    return as_argv(c["args"]), env


@pytest.mark.parametrize("where", ["compose", "k8s"])
def test_the_gateway_container_command_runs_and_is_healthy(where, tmp_path):
    """The file's command and environment through the image's entry point (host and port moved
    to a free loopback port): the health check passes while it runs (the workers it names do not
    resolve here: "degraded", each listed), auth is on, no ML framework is loaded in the
    gateway process, and the health check fails once it is stopped."""
    argv, env = _compose_run() if where == "compose" else _k8s_run()
    port = free_port()
    argv = set_flag(set_flag(argv, "--host", "127.0.0.1"), "--port", str(port))
    run_env = worker_env(**{k: v for k, v in env.items() if k != "HOME"})
    run_env["IVY_WORKERS"] = env["IVY_WORKERS"]  # worker_env drops the caller's
    log = tmp_path / "gateway.log"
    proc = start_entrypoint(argv, run_env, log)
    try:
        deadline, out = time.monotonic() + 90, ""
        while True:
            assert proc.poll() is None, f"the gateway exited:\n{log.read_text()[-3000:]}"
            rc, out = _http_probe(port)
            if rc == 0:
                break
            assert time.monotonic() < deadline, f"not healthy ({out}):\n{log.read_text()[-3000:]}"
            time.sleep(0.3)
        status, h = _get(port, "/v1/health")
        assert status == 200 and h["gateway"]["auth"] is True
        assert h["status"] == "degraded"  # no worker reachable from here
        assert {w["backend"] for w in h["workers"]} == set(BACKENDS)
        assert {f"{w['address']}" for w in h["workers"]} == {
            f"{w.host}:{w.port}" for w in config.resolve(env["IVY_WORKERS"])}
        assert all(w["status"] != "SERVING" for w in h["workers"])
        status, p = _get(port, "/v1/backends")
        assert status == 401 and p["code"] == "UNAUTHENTICATED"
        maps = open(f"/proc/{proc.pid}/maps").read()  # the entry point execs the gateway
        loaded = [lib for lib in FRAMEWORK_LIBS if lib in maps]
        assert not loaded, f"the gateway process loaded an ML framework: {loaded}"
        assert "ivy_server.gateway" in open(f"/proc/{proc.pid}/cmdline").read()
    finally:
        stop(proc)
    rc, out = _http_probe(port)
    assert rc == 1, f"the health check passed with no gateway: {out}"


def test_http_healthcheck_fails_on_an_error_status(tmp_path):
    """docker/http_healthcheck.py: 200 is healthy, another status is not (a server answering 503
    to every request)."""
    import http.server
    import threading

    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            self.send_response(503 if self.path == "/v1/health" else 200)
            self.end_headers()

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        rc, out = _http_probe(srv.server_address[1])
        assert rc == 1 and "503" in out, out
    finally:
        srv.shutdown()
        srv.server_close()
