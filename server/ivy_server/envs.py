"""Per-worker Python environments: ``python = "..."`` or ``env = "<recipe>"`` in workers.toml.

One process per backend lets a backend whose framework cannot share an environment with the others
run in its own: MXNet 1.9 needs ``numpy<1.24`` while the main environment has NumPy 2. A worker
entry names its interpreter (``python``) or a recipe (``env = "mxnet"``): ``scripts/envs/<env>.sh``
builds the virtualenv ``.envs/<env>`` (under the project root, or ``$IVY_ENVS_DIR``) the first
time ``ivy-serve`` needs it; later starts reuse it. The launcher asks each interpreter for its
Python and framework versions (without importing the framework) and fills in a worker's
``version`` when workers.toml leaves it out, so clients can route by version.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from ivy_client import config

from ivy.functional.backends import all_descriptors

log = logging.getLogger("ivy_server.envs")

ROOT = Path(__file__).resolve().parents[2]  # the project root (server/ivy_server/envs.py)
# the distribution that holds each backend's framework (its version is the worker's version)
#: backend -> the pip distributions that provide its framework (the backend descriptors' facts)
DISTRIBUTIONS = {d.name: d.distributions or (d.module,) for d in all_descriptors()}
BUILD_TIMEOUT_S = 1800


class EnvError(RuntimeError):
    """A worker's environment is missing and cannot be built."""


def envs_dir() -> Path:
    return Path(os.environ.get("IVY_ENVS_DIR") or ROOT / config.ENV_DIR)


def recipe(name: str) -> Path:
    return ROOT / "scripts" / "envs" / f"{name}.sh"


def env_python(name: str) -> Path:
    return envs_dir() / name / "bin" / "python"


READY = ".ivy-env-ready"  # a recipe's last step: the environment is complete


def env_ready(name: str) -> bool:
    return (envs_dir() / name / READY).exists() and env_python(name).exists()


def ensure_env(name: str) -> Path:
    """The interpreter of environment ``name``, built with its recipe first if it is missing
    (one build at a time: a lock file next to the environments)."""
    py = env_python(name)
    if env_ready(name):
        return py
    script = recipe(name)
    if not script.exists():
        have = sorted(p.stem for p in script.parent.glob("*.sh")) if script.parent.is_dir() else []
        raise EnvError(f"no recipe {script} for env {name!r}; recipes: {', '.join(have) or 'none'}")
    envs_dir().mkdir(parents=True, exist_ok=True)
    with open(envs_dir() / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if env_ready(name):  # another launcher built it while we waited
            return py
        log.info("building the %r environment with %s (once; later starts reuse %s)", name,
                 script, py.parent.parent)
        t0 = time.monotonic()
        r = subprocess.run(["bash", str(script), str(envs_dir() / name)], capture_output=True,
                           text=True, timeout=BUILD_TIMEOUT_S, cwd=ROOT)
        if r.returncode != 0 or not env_ready(name):
            tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-15:])
            raise EnvError(f"building env {name!r} with {script} failed (exit {r.returncode}):\n"
                           f"{tail}")
        log.info("environment %r built in %.0f s", name, time.monotonic() - t0)
    return py


def python_of(w: config.WorkerSpec) -> str:
    """The interpreter worker ``w`` runs under: its ``python``, its ``env``'s (built if needed),
    or the launcher's own."""
    if w.python:
        p = Path(os.path.expanduser(w.python))
        if not p.exists():
            raise EnvError(f"worker {w.name}: python {w.python!r} does not exist")
        return str(p)
    if w.env:
        return str(ensure_env(w.env))
    return sys.executable


_PROBE = r"""
import json, platform, sys
from importlib import metadata
def v(names):
    for n in names:
        try:
            return metadata.version(n)
        except metadata.PackageNotFoundError:
            pass
    return ""
print(json.dumps({"python_version": platform.python_version(), "executable": sys.executable,
                  "framework_version": v(%r), "numpy_version": v(["numpy"])}))
"""

_probed: dict[tuple[str, str], dict] = {}


def probe(python: str, backend: str) -> dict:
    """Python, framework and NumPy versions of ``python`` (reads package metadata: imports no
    framework). Cached per (python, backend)."""
    key = (python, backend)
    if key not in _probed:
        code = _PROBE % (list(DISTRIBUTIONS.get(backend, (backend,))),)
        try:
            r = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=60)
            _probed[key] = json.loads(r.stdout.strip().splitlines()[-1])
        except (OSError, ValueError, IndexError, subprocess.TimeoutExpired) as e:
            log.warning("could not ask %s for its versions: %s", python, e)
            _probed[key] = {"python_version": "", "executable": python, "framework_version": "",
                            "numpy_version": ""}
    return _probed[key]


_resolved: dict[tuple[str, int], str] = {}  # (name, port) -> the interpreter prepare() found


def resolved_python(w: config.WorkerSpec) -> str:
    """The interpreter :func:`prepare` resolved for ``w`` (resolving it now if it did not)."""
    py = _resolved.get((w.name, w.port))
    if py is None:
        py = _resolved[(w.name, w.port)] = python_of(w)
    return py


def prepare(workers: list[config.WorkerSpec]) -> list[str]:
    """Resolve (and build, where needed) every worker's interpreter and fill in ``version`` where
    workers.toml left it out. Returns the problems (an empty list when all is ready)."""
    problems = []
    for w in workers:
        try:
            py = python_of(w)
        except (EnvError, subprocess.TimeoutExpired) as e:
            msg = str(e)
            problems.append(msg if msg.startswith(f"worker {w.name}:") else
                            f"worker {w.name}: {msg}")
            continue
        _resolved[(w.name, w.port)] = py
        info = probe(py, w.backend)
        if not info["framework_version"]:
            problems.append(f"worker {w.name}: {w.backend} is not installed for {py}"
                            + (f" (env {w.env!r})" if w.env else ""))
        elif w.version and not config.version_matches(w.version, info["framework_version"]):
            problems.append(f"worker {w.name}: workers.toml says {w.backend} {w.version}, but "
                            f"{py} has {info['framework_version']}")
        if not w.version:
            w.version = info["framework_version"]
    return problems


def describe(w: config.WorkerSpec) -> str:
    """"3.11.7" for the launcher's own interpreter, "3.11.7 .envs/mxnet/bin/python" otherwise."""
    py = _resolved.get((w.name, w.port)) or sys.executable
    info = probe(py, w.backend)
    if py == sys.executable:
        return info["python_version"] or "?"
    try:
        shown = os.path.relpath(py)
    except ValueError:
        shown = py
    return f"{info['python_version'] or '?'} {shown}"
