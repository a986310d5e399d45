"""Shared helpers for the deployment tests: file parsers (Dockerfile, .env, compose interpolation,
.dockerignore) and real worker processes started on free loopback ports."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

import tomllib
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "docker" / "Dockerfile"
ENV_EXAMPLE = ROOT / ".env.example"
SCHEMA = ROOT / "tests" / "data" / "compose-spec.json"
WORKERS_TOML = ROOT / "workers.toml"
GPU_WORKERS_TOML = ROOT / "docker" / "workers.gpu.toml"
K8S = ROOT / "deploy" / "k8s"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
# backends whose worker needs an environment of its own (MXNet: numpy<1.24): an image of their own
# (docker/Dockerfile.<backend>), cpu profile only, and in workers.toml as a commented entry (an
# `env =` worker that ivy-serve would build on first start; tests/mxnet runs it)
OWN_ENV_BACKENDS = {"mxnet": "docker/Dockerfile.mxnet"}
IMAGE_ROOT = "/opt/ivy"  # where the Dockerfile puts the repository inside the image


# ----------------------------------------------------------------------------- .env / interpolation
def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a compose .env file (comments and blank lines skipped)."""
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: not KEY=VALUE: {line!r}"
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        env[key.strip()] = value
    return env


class InterpolationError(ValueError):
    pass


_VAR = re.compile(
    r"\$(?:(?P<esc>\$)|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?+])(?P<arg>[^}]*))?\}"
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))"
)


def interpolate_str(s: str, env: dict[str, str]) -> str:
    """Compose-spec variable substitution: $$, $VAR, ${VAR}, ${VAR:-d}, ${VAR-d}, ${VAR:?e},
    ${VAR?e}, ${VAR:+a}, ${VAR+a}."""

    def sub(m: re.Match) -> str:
        if m.group("esc"):
            return "$"
        name = m.group("braced") or m.group("bare")
        op, arg = m.group("op"), m.group("arg") or ""
        value = env.get(name)
        unset_or_empty = not value
        if op is None:
            return value or ""
        colon = op.startswith(":")
        missing = unset_or_empty if colon else value is None
        kind = op[-1]
        if kind == "-":
            return arg if missing else value
        if kind == "?":
            if missing:
                raise InterpolationError(f"{name}: {arg}")
            return value
        return "" if missing else arg  # '+'

    return _VAR.sub(sub, s)


def interpolate(obj, env: dict[str, str]):
    """Interpolate every string (values only, as compose does) of a loaded YAML tree."""
    if isinstance(obj, dict):
        return {k: interpolate(v, env) for k, v in obj.items()}
    if isinstance(obj, list):
        return [interpolate(v, env) for v in obj]
    if isinstance(obj, str):
        return interpolate_str(obj, env)
    return obj


def load_compose_raw() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def load_compose(env: dict[str, str] | None = None) -> dict:
    """docker-compose.yml as compose sees it with .env.example's values and a test token."""
    if env is None:
        env = read_env_file(ENV_EXAMPLE) | {"IVY_AUTH_TOKEN": "test-token-not-a-secret"}
    return interpolate(load_compose_raw(), env)


def load_schema() -> dict:
    return json.loads(SCHEMA.read_text())


# ----------------------------------------------------------------------------- command lines
def flag(argv: list[str], name: str) -> str | None:
    """Value of `--name V` / `--name=V` (the last wins, as argparse does)."""
    value = None
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(name + "="):
            value = arg.split("=", 1)[1]
    return value


def set_flag(argv: list[str], name: str, value: str) -> list[str]:
    out, i = [], 0
    while i < len(argv):
        if argv[i] == name:
            out += [name, value]
            i += 2
            continue
        out.append(f"{name}={value}" if argv[i].startswith(name + "=") else argv[i])
        i += 1
    return out


def as_argv(command) -> list[str]:
    return shlex.split(command) if isinstance(command, str) else [str(a) for a in command]


def services_in(compose: dict, profile: str) -> dict[str, dict]:
    """The worker services of a profile (the `gateway` service is checked in tests/deploy/test_gateway.py)."""
    return {n: s for n, s in compose["services"].items() if profile in s.get("profiles", [])
            and "io.ivy.worker" in (s.get("labels") or {})}


def load_workers_toml(path: Path) -> list[dict]:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    workers = data.get("worker") or data.get("workers")
    assert isinstance(workers, list) and workers, f"{path.name}: no [[worker]] tables"
    return workers


# ----------------------------------------------------------------------------- Dockerfile parser
@dataclass
class Instruction:
    keyword: str  # upper case
    value: str  # the rest of the logical line, continuations joined
    line: int
    flags: dict[str, str] = field(default_factory=dict)

    def exec_form(self) -> list[str] | None:
        """The JSON array of an exec-form ENTRYPOINT/CMD/RUN/HEALTHCHECK CMD, else None."""
        text = self.value.strip()
        if self.keyword == "HEALTHCHECK":
            text = text.partition("CMD")[2].strip() if "CMD" in text else ""
        if text.startswith("["):
            return json.loads(text)
        return None


def parse_dockerfile(text: str) -> list[Instruction]:
    """Logical instructions of a Dockerfile: comments and parser directives dropped, `\\` line
    continuations joined, leading `--flag=value` options split off into .flags."""
    out: list[Instruction] = []
    buf, start = "", 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not buf and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if buf and line.lstrip().startswith("#"):
            continue  # comment lines inside a continued instruction are skipped by Docker
        if not buf:
            start = no
        if line.endswith("\\"):
            buf += line[:-1] + " "
            continue
        buf += line
        keyword, _, rest = buf.strip().partition(" ")
        rest = rest.strip()
        flags = {}
        while rest.startswith("--"):
            opt, _, rest = rest.partition(" ")
            k, _, v = opt[2:].partition("=")
            flags[k] = v
            rest = rest.strip()
        out.append(Instruction(keyword.upper(), rest, start, flags))
        buf = ""
    assert not buf, "Dockerfile ends inside a line continuation"
    return out



def one_instruction(instructions, keyword):
    """The one instruction of ``keyword`` in a parsed Dockerfile (asserts there is exactly one)."""
    found = [i for i in instructions if i.keyword == keyword]
    assert len(found) == 1, f"expected one {keyword}, found {len(found)}"
    return found[0]


def undeclared_stage_vars(instructions) -> list[str]:
    """``line N: $VAR`` for each variable a RUN/ENV/LABEL/COPY/WORKDIR/USER of the last stage uses
    without an ARG or ENV of that stage declaring it (an ARG before FROM is invisible there)."""
    kinds = [i.keyword for i in instructions]
    stage = instructions[kinds.index("FROM") + 1:]
    known = {i.value.split("=", 1)[0] for i in stage if i.keyword == "ARG"} | {"PATH"}
    bad = []
    for i in stage:
        if i.keyword == "ENV":
            known |= set(re.findall(r"([A-Z_][A-Z0-9_]*)=", i.value))
        if i.keyword in ("RUN", "ENV", "LABEL", "COPY", "WORKDIR", "USER"):
            bad += [f"line {i.line}: ${v}" for v in
                    re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", i.value) if v not in known]
    return bad

def dockerignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#")]


def dockerignored(path: str, patterns: list[str] | None = None) -> bool:
    """Whether .dockerignore excludes `path` (relative, '/'-separated): the last matching pattern
    wins, `!` re-includes, `**/` matches any depth, a pattern matching a parent excludes children."""
    patterns = dockerignore_patterns() if patterns is None else patterns
    parts = path.strip("/").split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    ignored = False
    for pat in patterns:
        negate = pat.startswith("!")
        p = pat[1:] if negate else pat
        p = p.strip("/")
        cands = [p, p[3:]] if p.startswith("**/") else [p]
        hit = any(
            fnmatch(pre, c) or (c != p and fnmatch(pre.split("/")[-1], c))
            for pre in prefixes
            for c in cands
        )
        if hit:
            ignored = not negate
    return ignored


# ----------------------------------------------------------------------------- worker processes
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker_env(**extra: str) -> dict[str, str]:
    """Environment for running the image's entry point here: this venv's python first on PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("IVY_BACKEND", "IVY_WORKERS")}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    paths = [str(ROOT), str(ROOT / "client"), str(ROOT / "server")]
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    env.update(extra)
    return env


def start_entrypoint(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    """docker/entrypoint.sh with `args`, as the image's ENTRYPOINT runs it (it execs the worker,
    so the returned process is the worker itself)."""
    fh = open(log, "wb")
    return subprocess.Popen(
        ["sh", str(ROOT / "docker" / "entrypoint.sh"), *args],
        env=env, stdout=fh, stderr=subprocess.STDOUT, cwd=str(ROOT), start_new_session=True,
    )


def probe(port: int | None = None, *extra: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run docker/healthcheck.py as the HEALTHCHECK does; (exit code, output)."""
    cmd = [sys.executable, str(ROOT / "docker" / "healthcheck.py"), "--timeout", "2"]
    if port is not None:
        cmd += ["--port", str(port)]
    r = subprocess.run(cmd + list(extra), capture_output=True, text=True, timeout=30,
                       env=env or worker_env())
    return r.returncode, (r.stdout + r.stderr).strip()


def wait_serving(proc: subprocess.Popen, port: int, log: Path, timeout: float = 60.0,
                 env: dict[str, str] | None = None) -> None:
    deadline = time.monotonic() + timeout
    out = ""
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"worker exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        rc, out = probe(port, env=env)
        if rc == 0:
            return
        time.sleep(0.3)
    raise AssertionError(f"worker on :{port} not SERVING after {timeout}s ({out}):\n"
                         f"{log.read_text()[-3000:]}")


def stop(*procs: subprocess.Popen) -> None:
    """SIGTERM each worker (as `docker stop` does), then wait; SIGKILL what outlives 15 s."""
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
