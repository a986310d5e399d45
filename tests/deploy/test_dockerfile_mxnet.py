"""docker/Dockerfile.mxnet (the MXNet worker's CPU image) parsed and checked against the rules
docker/Dockerfile follows (tests/deploy/test_dockerfile.py), and against scripts/envs/mxnet.sh,
the same environment for ``ivy-serve``. No Docker engine is needed."""

from __future__ import annotations

import re

import pytest

from tests.deploy.util import (
    IMAGE_ROOT,
    ROOT,
    dockerignored,
    one_instruction,
    parse_dockerfile,
    undeclared_stage_vars,
)

DOCKERFILE = ROOT / "docker" / "Dockerfile.mxnet"


@pytest.fixture(scope="module")
def instructions():
    return parse_dockerfile(DOCKERFILE.read_text())


_one = one_instruction


def test_one_stage_on_a_python_that_numpy_1_23_supports(instructions):
    kinds = [i.keyword for i in instructions]
    assert kinds.count("FROM") == 1 and _one(instructions, "FROM").value == "${BASE_IMAGE}"
    before = instructions[: kinds.index("FROM")]
    assert [i.keyword for i in before] == ["ARG"]
    # NumPy 1.23 ships wheels for Python 3.8-3.11 only
    assert re.match(r"^BASE_IMAGE=python:3\.1[01][\w.-]*-slim", before[0].value)


def test_args_used_after_from_are_declared_after_from(instructions):
    assert undeclared_stage_vars(instructions) == [], "not declared in this stage"


def test_same_pins_as_the_ivy_serve_environment(instructions):
    runs = " ".join(i.value for i in instructions if i.keyword == "RUN")
    recipe = (ROOT / "scripts" / "envs" / "mxnet.sh").read_text()
    for pin in ('"mxnet==1.9.1"', '"numpy>=1.23,<1.24"'):
        assert pin in runs and pin in recipe, pin
    # the core and `serve` requirements come from pyproject.toml, not a copied list
    assert "['optional-dependencies']['serve']" in runs and "p['dependencies']" in runs


def test_runs_as_a_numeric_non_root_user_after_the_last_run(instructions):
    kinds = [i.keyword for i in instructions]
    uid = _one(instructions, "USER").value.split(":")[0]
    assert uid.isdigit() and int(uid) != 0
    assert kinds.index("USER") > max(n for n, k in enumerate(kinds) if k == "RUN")
    assert f"--uid {uid}" in " ".join(i.value for i in instructions if i.keyword == "RUN")


def test_health_check_entrypoint_and_ports_are_the_workers(instructions):
    hc = _one(instructions, "HEALTHCHECK").exec_form()
    assert hc[:2] == ["/opt/venv/bin/python", f"{IMAGE_ROOT}/docker/healthcheck.py"]
    assert _one(instructions, "ENTRYPOINT").exec_form() == [f"{IMAGE_ROOT}/docker/entrypoint.sh"]
    cmd = _one(instructions, "CMD").exec_form()
    expose = _one(instructions, "EXPOSE").value.split()
    assert expose == [cmd[cmd.index("--port") + 1], cmd[cmd.index("--metrics-port") + 1]]
    assert _one(instructions, "STOPSIGNAL").value == "SIGTERM"


def test_copied_paths_exist_and_local_environments_stay_out_of_the_context(instructions):
    for i in instructions:
        if i.keyword == "COPY":
            for src in i.value.split()[:-1]:
                assert (ROOT / src).exists(), f"COPY {src}: missing (line {i.line})"
                assert not dockerignored(src), f"COPY {src}: excluded by .dockerignore"
    # .envs/mxnet (~0.5 GB, built by ivy-serve/tests) must not be sent as build context
    assert dockerignored(".envs/mxnet/bin/python") and dockerignored(".venv")
