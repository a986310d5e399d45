"""The MXNet environment for tests/libraries/test_mxnet_env.py (the same rules as tests/mxnet:
built on demand unless ``IVY_MXNET=0``; ``IVY_MXNET=1`` makes a failed build a failure)."""

from __future__ import annotations

import os
import time

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "mxnet: needs the MXNet environment .envs/mxnet "
                            "(built on demand; IVY_MXNET=0 skips, IVY_MXNET=1 requires it)")


@pytest.fixture(scope="session")
def libraries_mxnet_python() -> str:
    from ivy_server import envs

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
