"""torch.linalg.LinAlgError: singular / not positive-definite inputs raise it (with torch's
message: the batch element and LAPACK's ``info``) on every backend, where torch raises it; the
``*_ex`` variants return torch's ``info`` instead."""

from __future__ import annotations

import os

import numpy as np
import pytest
import torch as real

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, T, check, covers

L = "linalg."
FULL = bool(os.environ.get("IVY_FULL"))
DTYPES = ("float32", "float64") if FULL else ("float64",)
SING = [np.array([[1.0, 2.0], [2.0, 4.0]]), np.arange(9.0).reshape(3, 3) + 1,
        np.zeros((2, 2)), np.array([[[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [2.0, 4.0]]]),
        np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])]
NOT_PD = [np.array([[1.0, 2.0], [2.0, 1.0]]), np.array([[1.0, 0.0], [0.0, np.nan]]),
          np.array([[[4.0, 2.0], [2.0, 3.0]], [[1.0, 0.0], [0.0, -1.0]]]), -np.eye(3),
          np.array([[2.0, 1.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, -5.0]])]
covers("torch.linalg.LinAlgError")


def _raises_same(name, *args, **kw):
    """Where torch raises LinAlgError the frontend raises it with the same message on every
    backend; where it does not (rounding left a nonzero pivot) the results agree."""
    try:
        getattr(real.linalg, name)(*[real.from_numpy(a) for a in args], **kw)
    except real.linalg.LinAlgError as e:
        er = e
    else:
        check(L + name, *[T(a) for a in args], **kw)
        return 0
    for b in BACKENDS:
        with ivy.using_backend(b):
            with pytest.raises(ft.linalg.LinAlgError) as eg:
                getattr(ft.linalg, name)(*[ft.tensor(a) for a in args], **kw)
            assert str(eg.value) == str(er), (b, str(eg.value), str(er))
    return 1


def test_linalg_error():
    assert issubclass(ft.linalg.LinAlgError, RuntimeError)
    raised = 0
    for dt in DTYPES:
        for A in SING if FULL else (SING[0], SING[3]):
            A = A.astype(dt)
            n = A.shape[-1]
            B = np.ones(A.shape[:-1] + (2,), dt)
            raised += _raises_same("inv", A)
            raised += _raises_same("solve", A, B)
            raised += _raises_same("inv_ex", A, check_errors=True)
            for name in ("inv_ex", "solve_ex"):  # info as torch's (the values are inf/NaN)
                args = (A,) if name == "inv_ex" else (A, np.ones(A.shape[:-1] + (n,), dt))
                er = getattr(real.linalg, name)(*[real.from_numpy(a) for a in args])
                for b in BACKENDS:
                    with ivy.using_backend(b):
                        g = getattr(ft.linalg, name)(*[ft.tensor(a) for a in args])
                        np.testing.assert_array_equal(g.info.numpy(), er.info.numpy())
                        assert g.info.dtype is ft.int32
        for A in NOT_PD if FULL else (NOT_PD[0], NOT_PD[2]):
            A = A.astype(dt)
            raised += _raises_same("cholesky", A)
            raised += _raises_same("cholesky_ex", A, check_errors=True)
            er = real.linalg.cholesky_ex(real.from_numpy(A))
            for b in BACKENDS:
                with ivy.using_backend(b):
                    g = ft.linalg.cholesky_ex(ft.tensor(A))
                    np.testing.assert_array_equal(g.info.numpy(), er.info.numpy())
    assert raised >= (12 * len(DTYPES) if FULL else 8)
    # regular inputs: unchanged results, info 0
    rng = np.random.default_rng(0)
    M = rng.standard_normal((2, 3, 3))
    P = M @ np.swapaxes(M, -1, -2) + 3 * np.eye(3)
    for name, args in (("inv", (M,)), ("inv_ex", (M,)), ("solve", (M, M[..., :2])),
                       ("solve_ex", (M, M[..., :2])), ("cholesky", (P,)), ("cholesky_ex", (P,))):
        check(L + name, *[T(a) for a in args])
