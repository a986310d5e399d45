"""The second half of the specs in test_reductions_manipulation.py (manipulation, sorting,
sets, top-level linear algebra), in their own module so that ``--dist loadfile`` balances."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .helpers import run_spec
from .test_reductions_manipulation import EX, HALF, SPECS


@pytest.mark.parametrize("spec", SPECS[HALF:], ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_function_2(spec, data):
    run_spec(spec, data)
