"""``ufunc.reduce`` of binary ufuncs without a dedicated reduction (2026-11-27, found by the
NumPy section of ``tools/probe_unseen.py``: an HMM forward pass written with
``np.logaddexp.reduce``) vs the real NumPy: reorderable ufuncs (logaddexp, logaddexp2,
bitwise_or) over one axis, several axes and all, with ``keepdims``, ``initial``, an empty axis
(the identity), integer inputs promoted to the loop dtype; ufuncs NumPy reduces in order
(subtract, divide, floor_divide, hypot), and their refusal of several axes. (``power`` and
``arctan2`` stay unimplemented: NumPy's own reduce of them depends on the memory layout.)"""

from __future__ import annotations

import numpy as real
import pytest

from .helpers import A, covers
from .helpers import check as _check


def check(*args, **kwargs):
    return _check(*args, backends=("numpy", "torch"), **kwargs)


R = real.random.default_rng(5)
X = R.standard_normal((4, 5, 3))


@pytest.mark.parametrize("name", ["logaddexp", "logaddexp2"])
def test_logaddexp_reduce(name):
    covers(f"numpy.{name}")
    check(f"{name}.reduce", A(X))
    check(f"{name}.reduce", A(X), axis=1)
    check(f"{name}.reduce", A(X), axis=(0, 2), keepdims=True)
    check(f"{name}.reduce", A(X), axis=None)
    check(f"{name}.reduce", A(X.astype(real.float32)), axis=-1)
    check(f"{name}.reduce", A(X), axis=1, initial=2.0)
    check(f"{name}.reduce", A(real.zeros((0, 3))), axis=0)  # the identity, -inf
    check(f"{name}.reduce", A(real.array([-real.inf, -real.inf, 1.0])))
    check(f"{name}.reduce", A(R.integers(-4, 4, (3, 4))), axis=0)  # int -> float64 loop


def test_ordered_reduce():
    check("subtract.reduce", A(X), axis=1)
    check("divide.reduce", A(X), axis=0, keepdims=True)
    check("floor_divide.reduce", A(real.abs(X) + 0.5), axis=2)
    check("hypot.reduce", A(X), axis=-1)
    check("subtract.reduce", A(X), axis=(0, 1))  # ValueError: not reorderable
    check("bitwise_or.reduce", A(R.integers(0, 16, (5, 3))), axis=0)
