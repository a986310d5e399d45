"""Fixtures of the PyTorch frontend tests."""

import pytest

from .helpers import FRONTEND


@pytest.fixture(scope="session")
def frontend():
    """The frontend test kit (``tests/frontends/kit.py``) bound to PyTorch: ``frontend.check(path,
    *args, **kwargs)``, ``.compare``, ``.run_spec``, ``.to_real`` / ``.to_front``, ``.covers``."""
    return FRONTEND
