"""docker-compose.yml: compose-spec schema, GPU/health/restart/auth rules, and agreement with the
launcher's workers.toml (cpu profile) and docker/workers.gpu.toml (gpu profile)."""

from __future__ import annotations

import re
import subprocess

import jsonschema
import pytest

from .util import (
    BACKENDS,
    COMPOSE,
    ENV_EXAMPLE,
    GPU_WORKERS_TOML,
    OWN_ENV_BACKENDS,
    ROOT,
    WORKERS_TOML,
    InterpolationError,
    as_argv,
    flag,
    interpolate_str,
    load_compose,
    load_compose_raw,
    load_schema,
    load_workers_toml,
    read_env_file,
    services_in,
)

PROFILES = ("cpu", "gpu")
GPU_DEVICE = re.compile(r"^gpu:(\d+)$")


@pytest.fixture(scope="module")
def compose():
    return load_compose()


def _services(compose):
    return list(compose["services"].items())


def test_schema_ships_and_is_the_compose_spec():
    schema = load_schema()
    assert schema.get("title") == "Compose Specification"
    jsonschema.Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("interpolated", [False, True], ids=["raw", "interpolated"])
def test_validates_against_compose_spec_schema(interpolated):
    doc = load_compose() if interpolated else load_compose_raw()
    validator = jsonschema.Draft7Validator(load_schema())
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_schema_rejects_a_broken_compose_file():
    """The validation can fail: a typo in a GPU reservation is caught."""
    doc = load_compose()
    svc = doc["services"]["torch-gpu0"]
    svc["deploy"]["resources"]["reservations"]["devices"][0]["capabilitiez"] = ["gpu"]
    assert list(jsonschema.Draft7Validator(load_schema()).iter_errors(doc))


def test_interpolation_rules():
    env = {"A": "1", "E": ""}
    assert interpolate_str("${A:-2}/${B:-2}/${E:-3}/${E-4}/$${A}/$A", env) == "1/2/3//${A}/1"
    with pytest.raises(InterpolationError, match="E: no"):
        interpolate_str("${E:?no}", env)


def test_refuses_to_start_without_an_auth_token():
    """.env.example ships no token, and compose stops with a message naming IVY_AUTH_TOKEN."""
    env = read_env_file(ENV_EXAMPLE)
    assert env.get("IVY_AUTH_TOKEN", "") == ""
    with pytest.raises(InterpolationError, match="IVY_AUTH_TOKEN"):
        load_compose(env)


@pytest.mark.parametrize("profile", PROFILES)
def test_each_profile_runs_one_worker_per_framework(compose, profile):
    services = services_in(compose, profile)
    backends = sorted(flag(as_argv(s["command"]), "--backend") for s in services.values())
    # MXNet (an image of its own, docs/deploy.md) only on the CPU: its CUDA builds are too old
    assert backends == sorted(BACKENDS + (tuple(OWN_ENV_BACKENDS) if profile == "cpu" else ()))
    for name, s in _services(compose):
        assert s.get("profiles"), f"{name}: every service belongs to a profile"
        assert set(s["profiles"]) <= set(PROFILES), name


def test_env_example_selects_the_gpu_profile_by_default():
    assert read_env_file(ENV_EXAMPLE).get("COMPOSE_PROFILES") == "gpu"


@pytest.mark.parametrize("name", [n for n, s in load_compose_raw()["services"].items()
                                  if "io.ivy.worker" in (s.get("labels") or {})])
def test_service_rules(compose, name):
    s = compose["services"][name]
    argv = as_argv(s["command"])
    backend, device = flag(argv, "--backend"), flag(argv, "--device")
    port, metrics_port = flag(argv, "--port"), flag(argv, "--metrics-port")
    assert backend in BACKENDS + tuple(OWN_ENV_BACKENDS) and device and port and metrics_port, argv
    assert flag(argv, "--host") == "0.0.0.0", "inside a container the worker listens on all interfaces"

    # image built from the one Dockerfile with this backend, variant matching the device
    build = s["build"]
    assert build["context"] == "." and build["dockerfile"] == OWN_ENV_BACKENDS.get(
        backend, "docker/Dockerfile")
    args = build["args"]
    gpu = GPU_DEVICE.match(device)
    assert args["BACKEND"] == backend
    assert args["VARIANT"] == ("cuda" if gpu else "cpu")
    assert s["image"] == f"ivy-worker:{backend}-{args['VARIANT']}"
    if gpu:
        assert re.match(r"^nvidia/cuda:[\w.]+-(cudnn-)?runtime-ubuntu[\d.]+$", args["BASE_IMAGE"])
    else:
        assert device == "cpu"
        assert "BASE_IMAGE" not in args  # the Dockerfile's slim Python default

    # GPU reservation <-> --device gpu:N
    devices = (s.get("deploy", {}).get("resources", {}).get("reservations", {}).get("devices", []))
    if gpu:
        assert backend != "numpy", "the numpy backend runs on the CPU only"
        assert len(devices) == 1, f"{name}: a GPU worker reserves exactly one device entry"
        d = devices[0]
        assert d.get("driver") == "nvidia"
        assert "gpu" in d.get("capabilities", [])
        reserved = len(d["device_ids"]) if "device_ids" in d else int(d.get("count", 0))
        assert reserved == 1, f"{name}: one GPU per worker (count or device_ids)"
        # the container sees its reserved GPUs renumbered from 0: gpu:N needs N < reserved
        assert int(gpu.group(1)) < reserved
        assert "gpus" not in s
    else:
        assert not devices and "gpus" not in s, f"{name}: a CPU worker reserves no GPU"

    # health check asks grpc.health.v1 on the worker's own port
    hc = s.get("healthcheck")
    assert hc and not hc.get("disable"), f"{name}: health check required"
    test = hc["test"]
    assert test[0] == "CMD" and test[-3:] == ["/opt/ivy/docker/healthcheck.py", "--port", port]
    for key in ("interval", "timeout", "retries", "start_period"):
        assert key in hc

    assert s.get("restart") in ("always", "unless-stopped", "on-failure")
    assert s.get("init") is True  # a real PID 1 reaps sandbox processes and forwards SIGTERM

    # ports: the worker's gRPC and metrics ports published 1:1 on the configured address
    published = {}
    for p in s["ports"]:
        host_ip, host_port, container_port = str(p).split(":")
        assert host_ip == read_env_file(ENV_EXAMPLE)["IVY_BIND_ADDRESS"] == "127.0.0.1"
        published[container_port] = host_port
    assert published == {port: port, metrics_port: metrics_port}

    # auth: the token comes from .env through substitution, never a literal
    raw = load_compose_raw()["services"][name]
    raw_env = raw.get("environment", {})
    assert raw_env["IVY_AUTH_TOKEN"].startswith("${IVY_AUTH_TOKEN:?"), raw_env
    assert flag(argv, "--auth-token-env") == "IVY_AUTH_TOKEN"
    assert "--allow-code-execution" not in argv, "code execution stays off by default"

    labels = s["labels"]
    assert labels == {"io.ivy.worker": name, "io.ivy.backend": backend, "io.ivy.device": device}


@pytest.mark.parametrize("profile", PROFILES)
def test_ports_are_unique_within_a_profile(compose, profile):
    seen = []
    for s in services_in(compose, profile).values():
        seen += [str(p).rsplit(":", 2)[-2] for p in s["ports"]]
    assert len(seen) == len(set(seen)), seen


@pytest.mark.parametrize(("profile", "toml"), [("cpu", WORKERS_TOML), ("gpu", GPU_WORKERS_TOML)],
                         ids=["cpu=workers.toml", "gpu=docker/workers.gpu.toml"])
def test_compose_agrees_with_workers_toml(compose, profile, toml):
    assert toml.exists(), f"{toml.relative_to(ROOT)} missing"
    expected = {
        w["name"]: (w["backend"], w["device"], int(w["port"]), int(w["metrics_port"]))
        for w in load_workers_toml(toml)
    }
    actual = {}
    for name, s in services_in(compose, profile).items():
        argv = as_argv(s["command"])
        if flag(argv, "--backend") in OWN_ENV_BACKENDS:
            # commented in workers.toml (ivy-serve would build its environment), same values
            text = toml.read_text()
            assert f'# name = "{name}"' in text and f"# port = {flag(argv, '--port')}" in text \
                and f"# metrics_port = {flag(argv, '--metrics-port')}" in text, name
            continue
        actual[name] = (flag(argv, "--backend"), flag(argv, "--device"), int(flag(argv, "--port")),
                        int(flag(argv, "--metrics-port")))
    assert actual == expected
    for w in load_workers_toml(toml):
        # extra ivy-worker flags of the launcher's entry are in the container's command too
        argv = as_argv(services_in(compose, profile)[w["name"]]["command"])
        extra = list(w.get("args", []))
        assert all(a in argv for a in extra), (w["name"], extra)
        # the client reaches the published ports on this machine
        assert w["host"] in ("127.0.0.1", "localhost"), w


# ----------------------------------------------------------------------------- secrets
SECRET_PATTERNS = [
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b"),
    re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
]
# in configuration files: a token/secret/password given a literal value (not empty, not a ${...}
# substitution, not the NAME of an environment variable)
ASSIGNED_SECRET = re.compile(
    r"(?im)^[ \t-]*[\w.-]*(token|secret|passw(or)?d|api[_-]?key)[\w.-]*[ \t]*[:=][ \t]*['\"]?"
    r"(?!\$\{)(?!(?-i:[A-Z0-9_]+\b))[A-Za-z0-9+/_.=-]{12,}"
)


def _deploy_files():
    files = [COMPOSE, ENV_EXAMPLE, GPU_WORKERS_TOML, ROOT / ".dockerignore"]
    files += sorted((ROOT / "docker").glob("*"))
    files += sorted((ROOT / "deploy").rglob("*.yaml"))
    return [f for f in files if f.is_file()]


@pytest.mark.parametrize("path", _deploy_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_secrets_committed(path):
    text = path.read_text()
    patterns = list(SECRET_PATTERNS)
    if path.suffix not in (".py", ".sh"):
        patterns.append(ASSIGNED_SECRET)
    for pat in patterns:
        m = pat.search(text)
        assert not m, f"{path.name}: looks like a secret: {m.group(0)!r}"


def test_secret_scan_can_fail():
    assert ASSIGNED_SECRET.search("IVY_AUTH_TOKEN=Zm9vYmFyYmF6cXV4cXV1eA")
    assert ASSIGNED_SECRET.search("  token: 'Zm9vYmFyYmF6cXV4cXV1eA'")
    assert not ASSIGNED_SECRET.search("IVY_AUTH_TOKEN=")
    assert not ASSIGNED_SECRET.search("IVY_AUTH_TOKEN_ENV=IVY_AUTH_TOKEN")
    assert not ASSIGNED_SECRET.search("  IVY_AUTH_TOKEN: ${IVY_AUTH_TOKEN:?set it}")
    assert SECRET_PATTERNS[0].search("-----BEGIN RSA PRIVATE KEY-----")


def test_env_file_is_never_committed_nor_sent_to_docker():
    ignored = subprocess.run(["git", "check-ignore", "-q", ".env"], cwd=ROOT)
    assert ignored.returncode == 0, ".gitignore must ignore .env"
    tracked = subprocess.run(["git", "ls-files", ".env"], cwd=ROOT, capture_output=True, text=True)
    assert tracked.stdout.strip() == ""
    from .util import dockerignored

    assert dockerignored(".env") and not dockerignored(".env.example")
