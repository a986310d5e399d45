"""The MXNet worker's environment (.envs/mxnet, scripts/envs/mxnet.sh) and an ``ivy-serve`` that
runs workers from three interpreters side by side.

When the environment exists (``scripts/install.sh`` builds it) the tests run against it. When it
is missing they build it (once, ~30 s with a warm pip cache, a few minutes cold; cached in
.envs/mxnet between runs) unless ``IVY_MXNET=0``; with ``IVY_MXNET=1`` a failed build fails the tests instead of skipping them.
Either way the skip reason is printed (``-ra``): these tests never skip silently.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.rpc.conftest import env as worker_env
from tests.rpc.conftest import free_port, health

ROOT = Path(__file__).resolve().parents[2]


def pytest_configure(config):
    config.addinivalue_line("markers", "mxnet: needs the MXNet environment .envs/mxnet "
                            "(built on demand; IVY_MXNET=0 skips, IVY_MXNET=1 requires it)")


def _envs():
    sys.path.insert(0, str(ROOT / "server"))
    from ivy_server import envs

    return envs


@pytest.fixture(scope="session")
def mxnet_python() -> str:
    envs = _envs()
    want = os.environ.get("IVY_MXNET", "").strip()
    if envs.env_ready("mxnet"):
        return str(envs.env_python("mxnet"))
    if want == "0":
        pytest.skip("IVY_MXNET=0 and .envs/mxnet does not exist (scripts/envs/mxnet.sh builds it)")
    t0 = time.monotonic()
    try:
        py = envs.ensure_env("mxnet")
    except Exception as e:  # noqa: BLE001 - reported as the skip/failure reason
        if want == "1":
            pytest.fail(f"IVY_MXNET=1 but the MXNet environment could not be built: {e}")
        pytest.skip(f"the MXNet environment could not be built (set IVY_MXNET=1 to make this "
                    f"a failure): {str(e)[-500:]}")
    print(f"\nbuilt .envs/mxnet in {time.monotonic() - t0:.0f} s")
    return str(py)


class Served:
    """``ivy-serve --config <toml>`` in a process group, stopped with SIGTERM."""

    def __init__(self, toml_text: str):
        self.dir = tempfile.mkdtemp(prefix="ivy-mxnet-serve-")
        self.config = os.path.join(self.dir, "workers.toml")
        Path(self.config).write_text(toml_text)
        self.log = open(os.path.join(self.dir, "serve.log"), "w+b")  # noqa: SIM115
        e = worker_env()
        e.pop("IVY_AUTH_TOKEN", None)
        self.proc = subprocess.Popen(
            # --no-spare: restarts from a spare are tested in test_restart_under_load.py
            [sys.executable, "-m", "ivy_server.launcher", "--config", self.config, "--no-spare"],
            env=e, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def logs(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")

    def wait_serving(self, addresses, timeout=240.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"ivy-serve exited ({self.proc.returncode}):\n"
                                   + self.logs()[-4000:])
            if all(health(a) == "SERVING" for a in addresses):
                return
            time.sleep(0.3)
        raise RuntimeError(f"workers not SERVING after {timeout} s:\n" + self.logs()[-4000:])

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()


@pytest.fixture(scope="session")
def side_by_side(mxnet_python):
    """An MXNet worker (env = "mxnet"), a NumPy 1.23 worker (the mxnet env's python) and a
    NumPy 2 worker (this interpreter), all under one ivy-serve. Yields (config path, addresses)."""
    ports = {k: free_port() for k in ("mxnet", "numpy1", "numpy2")}
    toml = f"""
[[worker]]
name = "mxnet-cpu"
backend = "mxnet"
env = "mxnet"
port = {ports['mxnet']}

[[worker]]
name = "numpy1-cpu"
backend = "numpy"
python = "{mxnet_python}"
port = {ports['numpy1']}

[[worker]]
name = "numpy2-cpu"
backend = "numpy"
port = {ports['numpy2']}
"""
    s = Served(toml)
    addresses = {k: f"127.0.0.1:{p}" for k, p in ports.items()}
    try:
        s.wait_serving(addresses.values())
        yield s.config, addresses, s
    finally:
        s.stop()
