"""torch.linalg.ldl_factor / ldl_factor_ex / ldl_solve (Bunch-Kaufman, LAPACK sytrf/sytrs with
uplo="L"), torch.hash_tensor / Tensor.hash_tensor, Tensor.slice_inverse and Tensor.as_subclass
vs real torch on the numpy, jax and torch Ivy backends: dtype, shape, values (LD, solutions),
pivots and info exactly, raising parity."""

import os

import numpy as np
import pytest
import torch as real
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, FLOATS, NUMERIC, T, arrays, check, covers

FULL = bool(os.environ.get("IVY_FULL"))
EX = settings(max_examples=5, deadline=None)
EXL = settings(max_examples=40 if FULL else 8, deadline=None)
L = "linalg."

covers("torch.linalg.ldl_factor", "torch.linalg.ldl_factor_ex", "torch.linalg.ldl_solve",
       "torch.hash_tensor", "torch.Tensor.hash_tensor", "torch.Tensor.slice_inverse",
       "torch.Tensor.as_subclass")


def _tol(dtype):
    return dict(_rtol=1e-4, _atol=1e-5) if dtype == "float32" else dict(_rtol=1e-9, _atol=1e-10)


def _sym_input(data, dtype, batch, n, small_diag):
    A = data.draw(arrays(dtype, st.just(batch + (n, n)), specials=False, lo=-1, hi=1))
    if small_diag:  # small diagonal: 2x2 pivots and interchanges
        A = A - np.eye(n, dtype=dtype) * A * 0.99
    return A


@EXL
@given(dtype=st.sampled_from(FLOATS), n=st.integers(0, 6), batch=st.sampled_from([(), (2,)]),
       small_diag=st.booleans(), data=st.data())
def test_ldl_factor(dtype, n, batch, small_diag, data):
    """LD (lower triangle only read), pivots (1x1 / 2x2 blocks and interchanges) and info as
    torch's; ldl_solve on torch's own factors. JAX compiles each eager op per shape and the
    factorisation's shapes shrink step by step, so JAX runs the fixed sizes of the tests below
    (and every size under IVY_FULL=1)."""
    A = _sym_input(data, dtype, batch, n, small_diag)
    bk = BACKENDS if FULL else ("numpy", "torch")
    check(L + "ldl_factor_ex", T(A), backends=bk, **_tol(dtype))
    check(L + "ldl_factor", T(A), backends=bk, **_tol(dtype))
    LD, piv, _ = real.linalg.ldl_factor_ex(real.from_numpy(A))
    B = data.draw(arrays(dtype, st.just(batch + (n, 2)), specials=False, lo=-5, hi=5))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()), T(B), backends=bk, **_tol(dtype))


def test_ldl_fixed_cases():
    # 2x2 pivot with an interchange (pivots [-3, -3, 3]); the upper triangle (77) is not read
    A = np.array([[1.0, 2, 77], [2, -1, 5], [3, 5, 0.5]])
    check(L + "ldl_factor_ex", T(A))
    check(L + "ldl_factor_ex", T(np.array([[0.0, 1], [1, 0]])))  # a pure 2x2 block
    check(L + "ldl_factor_ex", T(np.zeros((3, 3))))  # info = 1, pivots 1, 2, 3
    check(L + "ldl_factor_ex", T(np.array([[1.0, 0, 0], [0, 0, 0], [0, 0, 2]])))  # info = 2
    check(L + "ldl_factor", T(np.zeros((2, 2))))  # ldl_factor raises where info != 0
    check(L + "ldl_factor_ex", T(np.zeros((3, 3))), check_errors=True)  # raises
    check(L + "ldl_factor_ex", T(np.array([[np.nan, 2.0], [2, 1]])))  # NaN diagonal: no info
    check(L + "ldl_factor_ex", T(np.zeros((2, 0, 0))))
    check(L + "ldl_factor_ex", T(np.zeros((2, 3))))  # not square: raises
    check(L + "ldl_factor_ex", T(np.eye(3, dtype="int64")))  # integer: raises
    # complex symmetric (hermitian=False): LAPACK's |re| + |im| pivoting
    C = np.array([[1, 2, 0.5j], [2, 1 + 1j, 3], [0.5j, 3, -2j]])
    check(L + "ldl_factor_ex", T(C))
    LD, piv = real.linalg.ldl_factor(real.from_numpy(C))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()), T(np.ones((3, 2), "complex128")))
    # ldl_solve argument checks and batch broadcasting of B
    LD, piv = real.linalg.ldl_factor(real.from_numpy(A))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()), T(np.ones((2, 3, 1))))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy().astype("int64")), T(np.ones((3, 1))))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()), T(np.ones((3, 1), "float32")))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()[:2]), T(np.ones((3, 1))))
    check(L + "ldl_solve", T(LD.numpy()), T(piv.numpy()), T(np.ones(3)))


def test_ldl_reconstruction_and_hermitian():
    """A X = B holds for the frontend's own factors (the round trip, not only torch's factors);
    complex hermitian=True is refused loudly."""
    rng = np.random.default_rng(0)
    A = rng.standard_normal((4, 4))
    A = A + A.T
    A[np.diag_indices(4)] *= 0.01  # pivots [-4, -4, 4, 4]: a 2x2 block and interchanges
    B = rng.standard_normal((4, 2))
    for b in BACKENDS:
        with ivy.using_backend(b):
            LD, piv = ft.linalg.ldl_factor(ft.tensor(A))
            X = ft.linalg.ldl_solve(LD, piv, ft.tensor(B)).numpy()
            np.testing.assert_allclose(A @ X, B, rtol=1e-9, atol=1e-9)
            with pytest.raises(NotImplementedError, match="hermitian"):
                ft.linalg.ldl_factor(ft.tensor(A.astype("complex128")), hermitian=True)
    assert np.asarray(real.linalg.ldl_factor(real.from_numpy(A)).pivots).min() < 0  # 2x2 used


@EX
@given(dtype=st.sampled_from(NUMERIC + ("float16",)), shape=st.sampled_from([(), (3,), (2, 3),
                                                                               (2, 3, 4)]),
       dim=st.sampled_from([None, 0, -1, (0, 1), []]), keepdim=st.booleans(), data=st.data())
def test_hash_tensor(dtype, shape, dim, keepdim, data):
    x = data.draw(arrays(dtype, st.just(shape)))
    if isinstance(dim, tuple) and len(shape) < 2:
        dim = 0
    kw = {} if dim is None else dict(dim=dim, keepdim=keepdim)
    check("hash_tensor", T(x), **kw)
    check("Tensor.hash_tensor", T(x), **kw)


def test_hash_tensor_edges():
    check("hash_tensor", T(np.array([1.5, -0.0, np.nan, np.inf], "float32")))  # -0, NaN bits
    check("hash_tensor", T(np.array([-1], "int32")))  # sign-extended to int64
    check("hash_tensor", T(np.ones((2, 0))), dim=0)  # empty result
    check("hash_tensor", T(np.ones((2, 0))), dim=1)  # empty reduced dim: raises
    check("hash_tensor", T(np.zeros((0,))))  # no dim on an empty tensor: raises
    check("hash_tensor", T(np.ones(3)), mode=1)  # raises
    check("hash_tensor", T(np.ones(3, "complex64")))  # raises
    check("hash_tensor", T(np.arange(35).reshape(7, 5)), dim=0)  # odd lengths in the XOR tree


@EX
@given(dtype=st.sampled_from(("float32", "int64")), n=st.integers(1, 12),
       src_shape=st.sampled_from([(1,), (2, 3), (3, 2), (4,), (2, 2, 2), (0,)]))
def test_slice_inverse(dtype, n, src_shape):
    """ATen's self.as_strided(src.size(), src.stride(), src.storage_offset()) for contiguous
    ``src``: self's storage read with src's geometry; out of storage raises."""
    x = np.arange(n).astype(dtype)
    src = np.zeros(src_shape, "float32")
    check("Tensor.slice_inverse", T(x), T(src), 0, 1, 3)
    check("Tensor.slice_inverse", T(x.reshape(1, n)), T(src), dim=0)


def test_as_subclass():
    class RealSub(real.Tensor):
        pass

    class FrontSub(ft.Tensor):
        pass

    x = np.array([[1.0, -2.0], [3.0, 4.5]], "float32")
    exp = real.from_numpy(x).as_subclass(RealSub)
    for b in BACKENDS:
        with ivy.using_backend(b):
            got = ft.tensor(x).as_subclass(FrontSub)
            assert type(got) is FrontSub and isinstance(exp, RealSub)
            assert repr(got.dtype) == str(exp.dtype) and tuple(got.shape) == tuple(exp.shape)
            np.testing.assert_array_equal(got.numpy(), exp.numpy())
            assert ivy.backend_of(got._data).name == b
            for bad, rbad in ((int, int), ("a", "a")):  # not a Tensor subclass / not a type
                with pytest.raises(TypeError) as e1:
                    real.from_numpy(x).as_subclass(rbad)
                with pytest.raises(TypeError) as e2:
                    ft.tensor(x).as_subclass(bad)
                assert str(e1.value) == str(e2.value)


covers("torch.histogramdd")


@EX
@given(n=st.integers(0, 30), d=st.integers(1, 3), dtype=st.sampled_from(FLOATS),
       bins=st.sampled_from([1, 3, [2, 3, 4]]), use_range=st.booleans(), weighted=st.booleans(),
       density=st.booleans(), data=st.data())
def test_histogramdd(n, d, dtype, bins, use_range, weighted, density, data):
    x = data.draw(arrays(dtype, st.just((n, d)), specials=False, lo=-3, hi=3))
    b = bins[:d] if isinstance(bins, list) else bins
    kw = dict(bins=b, density=density)
    if use_range:
        kw["range"] = [v for _ in range(d) for v in (-1.0, 2.0)]
    if weighted:
        kw["weight"] = T(data.draw(arrays(dtype, st.just((n,)), specials=False, lo=0, hi=2)))
    check("histogramdd", T(x), backends=BACKENDS if FULL else ("numpy", "torch"), **kw)


def test_histogramdd_edges():
    """Fixed cases on every backend (the sweep above runs JAX under IVY_FULL=1: JAX compiles each
    eager op per shape)."""
    x = np.array([[0.0, 1], [1, 1], [2, 0.5], [2, 2]])
    check("histogramdd", T(x), bins=[2, 3], weight=T(np.array([1.0, 2, 3, 4])), density=True)
    check("histogramdd", T(x.reshape(2, 2, 2)), bins=2)  # leading dims are points
    check("histogramdd", T(np.array([[1.0, 1.0]])), bins=2)  # one point: edges widened by 0.5
    check("histogramdd", T(np.ones((3, 1))), bins=2, range=[0.0, 0.0])  # explicit equal range
    check("histogramdd", T(np.zeros((0, 2))), bins=2)  # no data: [0, 1]
    check("histogramdd", T(np.array([[np.inf, 1.0]])), bins=2)  # raises (not finite)
    check("histogramdd", T(x), bins=[2, 2, 2])  # raises (bins per dimension)
    check("histogramdd", T(x), bins=0)  # raises
    check("histogramdd", T(np.array([1.0, 2.0])), bins=2)  # raises (1-d)
    check("histogramdd", T(np.array([[1, 2]])), bins=2)  # raises (integer)
    check("histogramdd", T(x), bins=2, weight=T(np.ones(3)))  # raises (weight shape)
    check("histogram", T(np.zeros(0)), bins=2)  # torch.histogram on no data: [0, 1]
    check("histogram", T(np.ones(3)), bins=2, range=(0.0, 0.0))  # explicit (0, 0): not the data
