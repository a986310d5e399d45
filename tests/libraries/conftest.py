"""The MXNet environment for tests/libraries/test_mxnet_env.py (the same rules as tests/mxnet:
built on demand unless ``IVY_MXNET=0``; ``IVY_MXNET=1`` makes a failed build a failure)."""

from __future__ import annotations

from tests.mxnet.conftest import mxnet_python  # noqa: F401 - the one fixture that builds it


def pytest_configure(config):
    config.addinivalue_line("markers", "mxnet: needs the MXNet environment .envs/mxnet "
                            "(built on demand; IVY_MXNET=0 skips, IVY_MXNET=1 requires it)")
