"""numpy.linalg functions vs the real NumPy (numpy, jax and torch Ivy backends)."""

import numpy as real

from .helpers import A, check, covers


def test_tensorsolve():
    covers("numpy.linalg.tensorsolve")
    rng = real.random.default_rng(0)
    m = rng.standard_normal((6, 6)) + 8 * real.eye(6)
    check("linalg.tensorsolve", A(m.reshape(6, 2, 3)), A(rng.standard_normal(6)), _rtol=1e-8)
    check("linalg.tensorsolve", A(m.reshape(2, 3, 6)), A(rng.standard_normal((2, 3))),
          _rtol=1e-8)
    a4 = real.transpose(m.reshape(2, 3, 2, 3), (0, 2, 1, 3))
    check("linalg.tensorsolve", A(a4), A(rng.standard_normal((2, 3))), axes=(1,), _rtol=1e-8)
    check("linalg.tensorsolve", A(m.reshape(6, 2, 3)), A(rng.standard_normal(6).astype(
        "float32")), _rtol=1e-5)
    check("linalg.tensorsolve", A(rng.standard_normal((4, 2, 3))), A(real.ones(4)))
    check("linalg.tensorsolve", A(real.zeros((4, 2, 2))), A(real.ones(4)))
