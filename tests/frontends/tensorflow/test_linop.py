"""tf.linalg.LinearOperator* vs real TensorFlow: each operator is built on both sides from the
same arrays and its dense matrix, shape, matmul/matvec, solve, determinant, diag_part, trace,
adjoint and inverse are compared."""

import os

import numpy as np
import pytest
import tensorflow as real

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, compare, covers

FULL = bool(os.environ.get("IVY_FULL"))
# numpy and the tensorflow backend by default (JAX's per-shape compilation is the slow part);
# every backend in IVY_TF_TEST_BACKENDS under IVY_FULL=1
OTHER = "tensorflow" if "tensorflow" in BACKENDS else [b for b in BACKENDS if b != "numpy"][0]


def _backends(i):
    return BACKENDS if FULL else ("numpy", OTHER)

RNG = np.random.default_rng(3)


def _m(*shape, dt=np.float32, cond=3.0):
    m = RNG.uniform(-1, 1, shape)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        m = m + cond * np.eye(shape[-1])
    return m.astype(dt)


def _c(*shape):
    return (_m(*shape, dt=np.float64) + 1j * _m(*shape, dt=np.float64, cond=0)).astype(
        np.complex64)


def _op(mod, spec):
    """spec = (class name, args, kwargs) with np arrays / nested specs."""
    name, args, kw = spec

    def conv(v):
        if isinstance(v, np.ndarray):
            return mod.constant(v)
        if isinstance(v, tuple) and len(v) == 3 and isinstance(v[0], str):
            return _op(mod, v)
        if isinstance(v, list):
            return [conv(e) for e in v]
        if isinstance(v, str) and v.startswith("dt:"):
            return getattr(mod, v[3:])
        return v

    return getattr(mod.linalg, name)(*[conv(a) for a in args],
                                     **{k: conv(v) for k, v in kw.items()})


def full(m, **kw):
    return ("LinearOperatorFullMatrix", (m,), kw)


CASES = [
    full(_m(2, 3, 3)),
    full(_m(3, 4)),
    ("LinearOperatorDiag", (_m(2, 3, cond=0) + 2,), {}),
    ("LinearOperatorIdentity", (3,), {"batch_shape": [2]}),
    ("LinearOperatorIdentity", (2,), {"dtype": "dt:float64"}),
    ("LinearOperatorScaledIdentity", (3, _m(2) + 2), {}),
    ("LinearOperatorZeros", (3,), {"batch_shape": [2]}),
    ("LinearOperatorLowerTriangular", (_m(3, 3),), {}),
    ("LinearOperatorAdjoint", (full(_c(3, 3)),), {}),
    ("LinearOperatorInversion", (full(_m(3, 3)),), {}),
    ("LinearOperatorComposition", ([full(_m(3, 3)), full(_m(2, 3, 3))],), {}),
    ("LinearOperatorBlockDiag", ([full(_m(2, 2)), full(_m(3, 3))],), {}),
    ("LinearOperatorBlockLowerTriangular",
     ([[full(_m(2, 2))], [full(_m(3, 2)), full(_m(3, 3))]],), {}),
    ("LinearOperatorKronecker", ([full(_m(2, 2)), full(_m(3, 3))],), {}),
    ("LinearOperatorLowRankUpdate", (full(_m(3, 3)), _m(3, 2)),
     {"diag_update": _m(2, cond=0) + 2, "v": _m(3, 2)}),
    ("LinearOperatorLowRankUpdate", (("LinearOperatorDiag", (_m(3, cond=0) + 3,), {}),
                                     _m(3, 1)), {}),
    ("LinearOperatorHouseholder", (_m(4, cond=0),), {}),
    ("LinearOperatorPermutation", (np.array([2, 0, 1, 3], np.int32),), {}),
    ("LinearOperatorToeplitz", (_m(4, cond=0) + np.array([4, 0, 0, 0], np.float32),
                                _m(4, cond=0) + np.array([4, 0, 0, 0], np.float32)), {}),
    ("LinearOperatorTridiag", (_m(3, 4, cond=0) + np.array([[0], [4], [0]], np.float32),), {}),
    ("LinearOperatorCirculant", (_c(4) + 3,), {}),
    ("LinearOperatorCirculant", (np.array([3, 1, 1], np.complex64),),
     {"input_output_dtype": "dt:float32"}),
    ("LinearOperatorCirculant2D", (_c(2, 3) + 3,), {}),
    ("LinearOperatorCirculant3D", (_c(2, 2, 2) + 3,), {}),
]
covers(*{"tf.linalg." + c[0] for c in CASES}, "tf.linalg.LinearOperator")

METHODS = ("to_dense", "shape", "batch_shape", "dtype", "diag_part", "trace", "matmul",
           "matvec", "solve", "solvevec", "determinant", "log_abs_determinant", "adjoint",
           "inverse", "is_square")


def _call(op, meth, mod, rng):
    n, m = op.shape[-2], op.shape[-1]
    dt = op.dtype
    if meth == "matmul":
        x = rng.uniform(-1, 1, (m, 2)).astype(dt.as_numpy_dtype)
        return op.matmul(mod.constant(x))
    if meth == "matvec":
        return op.matvec(mod.constant(rng.uniform(-1, 1, (m,)).astype(dt.as_numpy_dtype)))
    if meth == "solve":
        return op.solve(mod.constant(rng.uniform(-1, 1, (n, 2)).astype(dt.as_numpy_dtype)),
                        adjoint=True)
    if meth == "solvevec":
        return op.solvevec(mod.constant(rng.uniform(-1, 1, (n,)).astype(dt.as_numpy_dtype)))
    if meth in ("adjoint", "inverse"):
        return getattr(op, meth)().to_dense()
    r = getattr(op, meth)
    return r() if callable(r) else r


@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda i: CASES[i][0])
def test_linear_operator(case):
    spec = CASES[case]
    rop = _op(real, spec)
    for meth in METHODS:
        try:
            exp, err = _call(rop, meth, real, np.random.default_rng(case)), None
        except (ValueError, TypeError, NotImplementedError, real.errors.OpError) as e:
            exp, err = None, e
        for b in _backends(case):
            with ivy.using_backend(b):
                fop = _op(ftf, spec)
                if err is not None:
                    with pytest.raises((ValueError, TypeError, NotImplementedError,
                                        ftf.errors.OpError)):
                        _call(fop, meth, ftf, np.random.default_rng(case))
                    continue
                got = _call(fop, meth, ftf, np.random.default_rng(case))
                compare(got, exp, b, rtol=2e-3, atol=2e-4, where=f"{spec[0]}.{meth}")


def test_linear_operator_errors():
    """Mixed dtypes and bad hints raise as in TF; operator @ operator composes."""
    for b in _backends(1):
        with ivy.using_backend(b):
            L = ftf.linalg
            op = L.LinearOperatorFullMatrix(ftf.constant(_m(3, 3)))
            with pytest.raises(TypeError):
                op.matmul(ftf.constant(_m(3, 2, dt=np.float64)))
            with pytest.raises(TypeError):
                L.LinearOperatorComposition([op, L.LinearOperatorIdentity(3, dtype=ftf.float64)])
            with pytest.raises(ValueError):
                L.LinearOperatorZeros(2, 3)
            with pytest.raises(ValueError):
                L.LinearOperatorDiag(ftf.constant([1.0, 2.0]), is_square=False)
            comp = op @ L.LinearOperatorIdentity(3)
            assert isinstance(comp, L.LinearOperatorComposition)
            np.testing.assert_allclose(comp.to_dense().numpy(), op.to_dense().numpy())
            spd = L.LinearOperatorFullMatrix(ftf.constant(np.eye(3, dtype=np.float32) * 4),
                                             is_self_adjoint=True, is_positive_definite=True)
            np.testing.assert_allclose(spd.cholesky().to_dense().numpy(), 2 * np.eye(3))
            np.testing.assert_allclose(spd.eigvals().numpy(), [4, 4, 4])
