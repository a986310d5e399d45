"""Version routing and per-worker environments without the MXNet environment (that one is
exercised end to end by tests/mxnet, which needs .envs/mxnet): the client's choice among workers
of several framework versions, and the launcher's checks of each worker's interpreter."""

from __future__ import annotations

import sys
from importlib import metadata

import ivy_client
import pytest
from ivy_client import config
from ivy_server import envs


def test_version_order_and_prefix_match():
    assert sorted(["10.0", "2.4.6", "1.23.5", "1.9"], key=config.version_key) == [
        "1.9", "1.23.5", "2.4.6", "10.0"]
    assert config.version_matches("1.23", "1.23.5") and config.version_matches("1", "1.26.4")
    assert not config.version_matches("1.2", "1.23.5")
    assert not config.version_matches("1.23", "")


def test_spec_strings_carry_versions():
    specs = config.parse_spec("numpy==1.23@cpu=127.0.0.1:7001,numpy=127.0.0.1:7002")
    assert [(w.backend, w.version, w.port) for w in specs] == [
        ("numpy", "1.23", 7001), ("numpy", "", 7002)]
    assert config.to_spec(specs) == "numpy==1.23@cpu=127.0.0.1:7001,numpy@cpu=127.0.0.1:7002"


def test_client_picks_the_newest_unless_asked():
    # no worker is contacted: versions declared in the configuration are enough to route
    workers = [config.WorkerSpec("numpy", port=7001, version="1.23.5", name="np1"),
               config.WorkerSpec("numpy", port=7002, version="2.4.6", name="np2a"),
               config.WorkerSpec("numpy", port=7003, version="2.4.6", name="np2b"),
               config.WorkerSpec("torch", port=7004, name="t")]
    c = ivy_client.Client(workers)
    try:
        newest = {c.address_for("numpy") for _ in range(4)}
        assert newest == {"127.0.0.1:7002", "127.0.0.1:7003"}  # round-robin within 2.4.6
        assert c.address_for("numpy==1.23") == "127.0.0.1:7001"
        assert c.address_for("numpy==1") == "127.0.0.1:7001"
        assert c.address_for("numpy==2.4.6") in ("127.0.0.1:7002", "127.0.0.1:7003")
        assert c.address_for("torch") == "127.0.0.1:7004"
        with pytest.raises(ivy_client.NoWorker, match=r"configured versions: 1\.23\.5, 2\.4\.6"):
            c.address_for("numpy==3")
    finally:
        c.close()


def test_launcher_checks_each_interpreter():
    np_version = metadata.version("numpy")
    own = config.WorkerSpec("numpy", port=7101, name="own")  # version read from the metadata
    wrong = config.WorkerSpec("numpy", port=7102, name="wrong", python=sys.executable,
                              version="0.1")
    missing = config.WorkerSpec("numpy", port=7103, name="missing", python="/nonexistent/python")
    norecipe = config.WorkerSpec("numpy", port=7104, name="norecipe", env="no-such-recipe")
    problems = envs.prepare([own, wrong, missing, norecipe])
    assert own.version == np_version
    assert problems[:2] == [
        f"worker wrong: workers.toml says numpy 0.1, but {sys.executable} has {np_version}",
        "worker missing: python '/nonexistent/python' does not exist",
    ]
    assert len(problems) == 3 and problems[2].startswith(
        f"worker norecipe: no recipe {envs.recipe('no-such-recipe')} for env 'no-such-recipe'; "
        f"recipes: ") and "mxnet" in problems[2].rpartition("recipes: ")[2].split(", ")
    info = envs.probe(sys.executable, "numpy")
    assert info["framework_version"] == np_version and info["numpy_version"] == np_version
    assert envs.describe(own) == info["python_version"]
