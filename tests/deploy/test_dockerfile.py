"""docker/Dockerfile, docker/install_deps.py and .dockerignore: parsed and checked against the rules
(parameterised base/backend, non-root, HEALTHCHECK on grpc.health.v1, the worker as ENTRYPOINT,
dependencies from pyproject's extras, nothing secret or missing in the build context)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys

import pytest
import tomllib

from .util import (
    BACKENDS,
    DOCKERFILE,
    IMAGE_ROOT,
    ROOT,
    as_argv,
    dockerignored,
    load_compose,
    one_instruction,
    parse_dockerfile,
    undeclared_stage_vars,
    worker_env,
)


@pytest.fixture(scope="module")
def instructions():
    return parse_dockerfile(DOCKERFILE.read_text())


_one = one_instruction


def _arg_defaults(instructions) -> dict[str, str]:
    out = {}
    for i in instructions:
        if i.keyword == "ARG":
            name, _, default = i.value.partition("=")
            out[name] = default
    return out


def test_parser_handles_continuations_comments_and_flags():
    text = "# syntax=docker/dockerfile:1\nARG A=1\nFROM x:${A}\nRUN a \\\n  # note\n  && b\n" \
           "HEALTHCHECK --interval=5s CMD [\"p\", \"h.py\"]\nCMD [\"--port\", \"1\"]\n"
    ins = parse_dockerfile(text)
    assert [i.keyword for i in ins] == ["ARG", "FROM", "RUN", "HEALTHCHECK", "CMD"]
    assert ins[2].value.split() == ["a", "&&", "b"]
    assert ins[3].flags == {"interval": "5s"} and ins[3].exec_form() == ["p", "h.py"]
    assert ins[4].exec_form() == ["--port", "1"]


def test_single_stage_parameterised_by_base_image_and_backend(instructions):
    kinds = [i.keyword for i in instructions]
    froms = [i for i in instructions if i.keyword == "FROM"]
    assert len(froms) == 1
    assert froms[0].value == "${BASE_IMAGE}"
    before = instructions[: kinds.index("FROM")]
    assert [i.keyword for i in before] == ["ARG"] and before[0].value.startswith("BASE_IMAGE=")
    # the CPU default is a slim official Python image
    assert re.match(r"^python:3\.1[1-9][\w.-]*-slim", before[0].value.split("=", 1)[1])
    after = _arg_defaults(instructions[kinds.index("FROM"):])
    assert after["BACKEND"] == "numpy" and after["VARIANT"] == "cpu"
    assert "TORCH_INDEX_URL" in after


def test_args_used_after_from_are_declared_after_from(instructions):
    """An ARG declared before FROM is invisible to RUN/ENV/LABEL: a classic silent bug."""
    assert undeclared_stage_vars(instructions) == [], "not declared in this stage"


def test_runs_as_a_numeric_non_root_user_after_the_last_run(instructions):
    kinds = [i.keyword for i in instructions]
    user = _one(instructions, "USER")
    uid = user.value.split(":")[0]
    assert uid.isdigit() and int(uid) != 0
    last_run = max(n for n, k in enumerate(kinds) if k == "RUN")
    assert kinds.index("USER") > last_run
    creates = " ".join(i.value for i in instructions if i.keyword == "RUN")
    assert f"--uid {uid}" in creates


def test_healthcheck_asks_grpc_health(instructions):
    hc = _one(instructions, "HEALTHCHECK")
    for opt in ("interval", "timeout", "start-period", "retries"):
        assert opt in hc.flags
    argv = hc.exec_form()
    assert argv and argv[0].startswith("/opt/venv/bin/python")
    assert argv[1] == f"{IMAGE_ROOT}/docker/healthcheck.py"
    probe = (ROOT / "docker" / "healthcheck.py").read_text()
    assert "grpc_health.v1" in probe and "HealthCheckRequest" in probe


def test_worker_is_the_entrypoint(instructions):
    entry = _one(instructions, "ENTRYPOINT").exec_form()
    assert entry == [f"{IMAGE_ROOT}/docker/entrypoint.sh"]
    script = (ROOT / "docker" / "entrypoint.sh").read_text()
    execs = [ln.strip() for ln in script.splitlines() if ln.strip().startswith("exec ")]
    # `gateway ARGS` runs the HTTP gateway (docs/service.md); anything else, the worker
    assert execs == ['exec "${IVY_PYTHON:-python}" -m ivy_server.gateway "$@"',
                     'exec "${IVY_PYTHON:-python}" -m ivy_server.worker "$@"']
    cmd = _one(instructions, "CMD").exec_form()
    assert cmd and cmd[cmd.index("--port") + 1] == "50051"
    expose = _one(instructions, "EXPOSE").value.split()
    assert expose == ["50051", "9101"] and cmd[cmd.index("--metrics-port") + 1] == "9101"
    assert _one(instructions, "STOPSIGNAL").value == "SIGTERM"


def test_entrypoint_script_is_executable_in_git():
    out = subprocess.run(["git", "ls-files", "-s", "docker/entrypoint.sh"], cwd=ROOT,
                         capture_output=True, text=True).stdout
    mode = out.split()[0] if out else None
    if mode is None:  # not committed yet: the working tree's mode is what will be committed
        import os

        assert os.access(ROOT / "docker" / "entrypoint.sh", os.X_OK)
    else:
        assert mode == "100755"


def test_copied_paths_exist_and_are_in_the_build_context(instructions):
    for i in instructions:
        if i.keyword != "COPY":
            continue
        *sources, dest = i.value.split()
        assert dest.endswith("/") or len(sources) == 1
        for src in sources:
            path = ROOT / src
            assert path.exists(), f"COPY {src}: missing in the repository (line {i.line})"
            if path.is_dir():
                tracked = subprocess.run(["git", "ls-files", "--others", "--cached",
                                          "--exclude-standard", src], cwd=ROOT,
                                         capture_output=True, text=True).stdout.split()
                assert tracked, f"COPY {src}: empty directory (git keeps no empty dirs)"
            assert not dockerignored(src), f"COPY {src}: excluded by .dockerignore"


def test_dockerignore_keeps_secrets_and_local_state_out():
    for path in (".env", ".env.local", ".git", ".venv", "tests", "a/__pycache__/x.pyc", "k.pem"):
        assert dockerignored(path), path
    for path in ("pyproject.toml", "README.md", "ivy/__init__.py", "docker/entrypoint.sh",
                 "server", "client"):
        assert not dockerignored(path), path


def test_dependencies_come_from_pyproject_extras(instructions):
    runs = [i.value for i in instructions if i.keyword == "RUN" and "install_deps.py" in i.value]
    assert len(runs) == 1
    run = runs[0]
    assert '--backend "${BACKEND}"' in run and '--variant "${VARIANT}"' in run
    assert "--pyproject pyproject.toml" in run
    # the project itself is installed without re-resolving anything
    assert any("--no-deps" in i.value and "-e ." in i.value for i in instructions
               if i.keyword == "RUN")


def test_compose_build_args_exist_in_the_dockerfile(instructions):
    declared = set(_arg_defaults(instructions))
    for name, s in load_compose()["services"].items():
        assert set(s["build"]["args"]) <= declared, name


# ----------------------------------------------------------------------------- install_deps.py
def _install_deps():
    spec = importlib.util.spec_from_file_location("install_deps", ROOT / "docker" / "install_deps.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def pyproject():
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _spec(reqs, name):
    (req,) = [r for r in reqs if re.split(r"[\[<>=!~ ]", r)[0] == name]
    return re.sub(r"^[\w-]+(\[[^\]]*\])?", "", req)


@pytest.mark.parametrize("variant", ["cpu", "cuda"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_install_plan(pyproject, backend, variant):
    mod = _install_deps()
    steps = mod.plan(ROOT / "pyproject.toml", backend, variant)
    flat = [a for s in steps for a in s]
    for req in pyproject["dependencies"] + pyproject["optional-dependencies"]["serve"]:
        assert req in flat, req  # core + serve extra, verbatim
    extras = pyproject["optional-dependencies"]
    frameworks = ("torch", "jax", "tensorflow", "tensorflow-cpu")
    if backend == "numpy":
        assert not any(re.match(rf"^{f}\b", a) for a in flat for f in frameworks)
        assert len(steps) == 1
    elif backend == "torch":
        pin = _spec(extras["torch"], "torch")
        first = steps[0]
        index = first[first.index("--index-url") + 1]
        assert index == f"https://download.pytorch.org/whl/{'cpu' if variant == 'cpu' else 'cu128'}"
        assert first[-1] == f"torch{pin}"
    elif backend == "jax":
        spec = _spec(extras["jax"], "jax")
        assert (f"jax[cuda12]{spec}" if variant == "cuda" else extras["jax"][0]) in flat
    else:
        spec = _spec(extras["tensorflow"], "tensorflow-cpu")
        assert (f"tensorflow[and-cuda]{spec}" if variant == "cuda" else extras["tensorflow"][0]) \
            in flat
    if variant == "cuda":
        assert not any("[cpu]" in a or a.startswith("tensorflow-cpu") for a in flat)


def test_install_plan_torch_index_override_and_dry_run():
    mod = _install_deps()
    steps = mod.plan(ROOT / "pyproject.toml", "torch", "cuda", "https://example.invalid/cu126")
    assert steps[0][steps[0].index("--index-url") + 1] == "https://example.invalid/cu126"
    r = subprocess.run([sys.executable, "docker/install_deps.py", "--backend", "jax", "--variant",
                        "cuda", "--dry-run"], cwd=ROOT, capture_output=True, text=True,
                       env=worker_env(), timeout=30)
    assert r.returncode == 0, r.stderr
    assert "jax[cuda12]" in r.stdout and "pip install" in r.stdout
    with pytest.raises(SystemExit):
        mod.plan(ROOT / "pyproject.toml", "mxnet", "cpu")


def test_compose_gpu_services_use_the_cuda_variant():
    for name, s in load_compose()["services"].items():
        if "io.ivy.worker" not in (s.get("labels") or {}):
            continue  # the gateway (numpy CPU image): tests/deploy/test_gateway.py
        argv = as_argv(s["command"])
        device = argv[argv.index("--device") + 1]
        assert (s["build"]["args"]["VARIANT"] == "cuda") == device.startswith("gpu:"), name
