"""A real NumPy worker with a token, --allow-code-execution and small sandbox limits (the
process fixtures are reused from tests/rpc/conftest.py)."""

from __future__ import annotations

import pytest

from tests.rpc.conftest import TOKEN, WorkerProc


@pytest.fixture(scope="session")
def sandbox_worker():
    w = WorkerProc("numpy", "--auth-token-env", "IVY_AUTH_TOKEN", "--allow-code-execution",
                   "--sandbox-cpu-s", "3", "--sandbox-wall-s", "30",
                   "--sandbox-memory-mb", "256").wait_ready()
    yield w
    w.stop()


@pytest.fixture()
def sclient(sandbox_worker):
    import ivy_client

    with ivy_client.Client(f"numpy={sandbox_worker.address}", token=TOKEN) as c:
        yield c
