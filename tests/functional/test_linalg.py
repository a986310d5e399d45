"""Differential tests of ``ivy.linalg`` on every backend against ``numpy.linalg``.

Inputs are hypothesis-drawn stacks of matrices (float32/float64/complex64/complex128, empty
stacks included). Matrices that must be invertible are made diagonally dominant so results are
well conditioned; decompositions whose factors are not unique (eigenvectors, SVD, QR) are checked
by reconstruction and orthogonality instead of against NumPy's factors.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
from ivy.functional.backends.numpy import linalg as np_backend

from .helpers import ALL_DTYPES, api, arrays, backends, native

_NUMPY2 = hasattr(np.linalg, "vector_norm")  # the Array API functions arrived in NumPy 2.0

FLOAT = ["float32", "float64", "complex64", "complex128"]
REAL = ["float32", "float64"]
SINGLE = ("float32", "complex64")


def tol(dtype) -> float:
    return 2e-3 if str(dtype) in SINGLE else 1e-9


def real_of(dtype: str) -> str:
    return {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)


def complex_of(dtype: str) -> str:
    return {"float32": "complex64", "float64": "complex128"}.get(dtype, dtype)


# ---------------------------------------------------------------------------------------------
# strategies
# ---------------------------------------------------------------------------------------------

batch_shapes = hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3)


@st.composite
def matrices(draw, dtypes=FLOAT, m=None, n=None, batch=None, square=False, lo=-2.0, hi=2.0,
             min_side=0):
    """A stack of matrices with finite entries in [lo, hi]."""
    dtype = draw(st.sampled_from(dtypes))
    batch = draw(batch_shapes) if batch is None else batch
    m = draw(st.integers(min_side, 4)) if m is None else m
    n = m if square else (draw(st.integers(min_side, 4)) if n is None else n)
    shape = tuple(batch) + (m, n)
    # three decimals: no subnormals, which make LAPACK's balancing (and so the test) unreliable
    el = st.floats(lo, hi, allow_nan=False, allow_infinity=False, width=32).map(
        lambda v: round(v, 3))
    a = draw(hnp.arrays(np.float64, shape, elements=el))
    if dtype.startswith("complex"):
        a = a + 1j * draw(hnp.arrays(np.float64, shape, elements=el))
    return a.astype(dtype)


def dominant(a: np.ndarray) -> np.ndarray:
    """Make each square matrix strictly diagonally dominant (invertible, well conditioned)."""
    n = a.shape[-1]
    rows = np.abs(a).sum(axis=-1, keepdims=True)
    return (a + np.eye(n) * (rows + 1.0)).astype(a.dtype)


def hermitian(a: np.ndarray) -> np.ndarray:
    return ((a + np.conj(np.swapaxes(a, -1, -2))) / 2).astype(a.dtype)


def positive_definite(a: np.ndarray) -> np.ndarray:
    n = a.shape[-1]
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)).astype(a.dtype)


def ct(a):
    return np.conj(np.swapaxes(a, -1, -2))


def examples(backend: str) -> int:
    """Hypothesis examples per test: JAX compiles every new shape/dtype (~0.3 s each), so it
    gets a third of the profile's count; the other backends get the full count."""
    n = settings.default.max_examples
    return max(3, n // 3) if backend == "jax" else n


def given_backends(*args, **strategies):
    """``@backends`` + ``@given(...)`` with the example count of :func:`examples`."""

    def deco(fn):
        @backends
        def test(backend):
            def body(*a, **kw):
                fn(backend, *a, **kw)

            body.__qualname__ = f"{fn.__qualname__}[{backend}]"  # its own example database key
            settings(max_examples=examples(backend))(given(*args, **strategies)(body))()

        test.__name__ = test.__qualname__ = fn.__name__
        test.__doc__ = fn.__doc__
        return test

    return deco


# ---------------------------------------------------------------------------------------------
# running on a backend
# ---------------------------------------------------------------------------------------------

def call(backend, name, *args, **kwargs):
    """Run ``ivy.linalg.<name>`` on native arrays of ``backend``; return the raw result."""
    with ivy.using_backend(backend):
        nat = [native(backend, a) if isinstance(a, np.ndarray) else a for a in args]
        kw = {k: native(backend, v) if isinstance(v, np.ndarray) else v
              for k, v in kwargs.items()}
        return getattr(api.linalg, name)(*nat, **kw)


def to_np(r):
    return ivy.to_numpy(r)


def check(result, expected, dtype, *, scale=1.0, exact=False):
    """``result`` has ``dtype``, ``expected``'s shape and (approximately) its values."""
    assert str(ivy.dtype(result)) == str(dtype), f"dtype {ivy.dtype(result)} != {dtype}"
    got = to_np(result)
    expected = np.asarray(expected)
    assert got.shape == expected.shape, f"shape {got.shape} != {expected.shape}"
    if exact:
        np.testing.assert_array_equal(got, expected)
    else:
        t = tol(dtype)
        np.testing.assert_allclose(got, expected, rtol=t, atol=t * scale, equal_nan=True)


def mag(a) -> float:
    a = np.asarray(a)
    return max(1.0, float(np.max(np.abs(a)))) if a.size else 1.0


# ---------------------------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------------------------

@given_backends(a=matrices(square=True), upper=st.booleans())
def test_cholesky(backend, a, upper):
    x = positive_definite(a)
    lower = np.linalg.cholesky(x)
    check(call(backend, "cholesky", x, upper=upper), ct(lower) if upper else lower, x.dtype,
          scale=mag(lower))


CROSS_PAIRS = [("int8", "int8"), ("int8", "uint8"), ("uint8", "uint8"), ("int16", "int64"),
               ("uint16", "uint16"), ("uint32", "uint32"), ("uint64", "uint64"),
               ("float32", "float32"), ("float32", "float64"), ("float64", "float64")]


@st.composite
def cross_args(draw):
    d1, d2 = draw(st.sampled_from(CROSS_PAIRS))
    s1, s2 = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1, max_dims=3,
                                                    max_side=3)).input_shapes
    nd = min(len(s1), len(s2))
    axis = draw(st.integers(-nd, -1))
    s1, s2 = list(s1), list(s2)
    s1[axis] = s2[axis] = 3
    small = dict(min_value=-50, max_value=50)
    return (draw(arrays(d1, tuple(s1), finite=True, **small)),
            draw(arrays(d2, tuple(s2), finite=True, **small)), axis)


@given_backends(args=cross_args())
def test_cross(backend, args):
    x1, x2, axis = args
    dt = ivy.promote_types(x1.dtype, x2.dtype)
    with np.errstate(over="ignore"):
        expected = np.cross(x1.astype(dt), x2.astype(dt), axis=axis)
    check(call(backend, "cross", x1, x2, axis=axis), expected, dt, scale=1e4,
          exact=dt not in REAL)


@backends
def test_cross_needs_size_3(backend):
    with pytest.raises(Exception):  # noqa: B017 - each framework raises its own error type
        call(backend, "cross", np.ones((2, 2), "float32"), np.ones((2, 2), "float32"))


@given_backends(a=matrices(square=True))
def test_det(backend, a):
    check(call(backend, "det", a), np.linalg.det(a), a.dtype, scale=mag(np.linalg.det(a)))


@given_backends(x=st.sampled_from(ALL_DTYPES).flatmap(
    lambda d: arrays(d, hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=4))),
       offset=st.integers(-5, 5))
def test_diagonal(backend, x, offset):
    check(call(backend, "diagonal", x, offset=offset), np.diagonal(x, offset, -2, -1), x.dtype,
          exact=True)


@given_backends(a=matrices(square=True))
def test_eigh(backend, a):
    x = hermitian(a)
    r = call(backend, "eigh", x)
    assert type(r) is ivy.linalg.EighResult
    rdt = real_of(str(x.dtype))
    check(r.eigenvalues, np.linalg.eigvalsh(x), rdt, scale=4)  # both ascending
    w, v = to_np(r.eigenvalues), to_np(r.eigenvectors)
    assert str(ivy.dtype(r.eigenvectors)) == str(x.dtype)
    t = tol(x.dtype) * 10
    np.testing.assert_allclose((v * w[..., None, :]) @ ct(v), x, atol=t)
    np.testing.assert_allclose(ct(v) @ v, np.broadcast_to(np.eye(x.shape[-1]), x.shape),
                               atol=t)
    check(call(backend, "eigvalsh", x), np.linalg.eigvalsh(x), rdt, scale=4)


@st.composite
def diagonalizable(draw):
    """``P @ diag(D) @ inv(P)`` with well separated eigenvalues ``D`` (returned too)."""
    p = dominant(draw(matrices(square=True)))
    n = p.shape[-1]
    d = np.arange(1, n + 1) * 3.0 - 5.0 * (np.arange(n) % 2)  # distinct, mixed signs
    if str(p.dtype).startswith("complex"):
        d = d + 1j * np.arange(n)
    x = (p * d[..., None, :]) @ np.linalg.inv(p)
    return x.astype(p.dtype), d


def _close_sets(got, want, atol):
    got, want = np.asarray(got), np.asarray(want)
    for g, w in zip(got.reshape(-1, got.shape[-1]), np.broadcast_to(want, got.shape).reshape(
            -1, got.shape[-1]), strict=True):
        for e in w:
            assert np.min(np.abs(g - e)) < atol, (g, w)


@given_backends(a=matrices(square=True))
def test_eig_residual(backend, a):
    r = call(backend, "eig", a)
    assert type(r) is ivy.linalg.EigResult
    cdt = complex_of(str(a.dtype))
    assert str(ivy.dtype(r.eigenvalues)) == cdt and str(ivy.dtype(r.eigenvectors)) == cdt
    w, v = to_np(r.eigenvalues), to_np(r.eigenvectors)
    assert w.shape == a.shape[:-1] and v.shape == a.shape
    # backward stable whatever the matrix: ||A v - w v|| <= c * eps * ||A||
    np.testing.assert_allclose(a @ v, v * w[..., None, :], atol=tol(a.dtype) * 10 * mag(a))
    w2 = to_np(call(backend, "eigvals", a))
    assert w2.shape == a.shape[:-1]
    assert str(ivy.dtype(call(backend, "eigvals", a))) == cdt


@given_backends(xd=diagonalizable())
def test_eig_values(backend, xd):
    x, d = xd
    if x.shape[-1] == 0:
        return
    t = tol(x.dtype) * 100
    _close_sets(to_np(call(backend, "eig", x).eigenvalues), d, t)
    _close_sets(to_np(call(backend, "eigvals", x)), d, t)


@given_backends(a=matrices(square=True))
def test_inv(backend, a):
    x = dominant(a)
    check(call(backend, "inv", x), np.linalg.inv(x), x.dtype)


MATRIX_ORDS = ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]


@given_backends(a=matrices(), ord=st.sampled_from(MATRIX_ORDS), keepdims=st.booleans())
def test_matrix_norm(backend, a, ord, keepdims):
    # NumPy 1.x's norm refuses maxima over empty matrices (NumPy 2's gives 0); the backend's
    # NumPy 1.x path for them is compared with NumPy 2 in test_numpy1_matrix_norm_empty
    assume(_NUMPY2 or a.size)
    try:
        expected = np.linalg.norm(a, ord=ord, axis=(-2, -1), keepdims=keepdims)
    except ValueError:  # a minimum over nothing (empty matrices): every backend must raise
        with pytest.raises(Exception):  # noqa: B017 - each framework raises its own error type
            call(backend, "matrix_norm", a, ord=ord, keepdims=keepdims)
        return
    check(call(backend, "matrix_norm", a, ord=ord, keepdims=keepdims), expected,
          real_of(str(a.dtype)), scale=mag(expected))


@given_backends(a=matrices(square=True, lo=-1, hi=1), n=st.integers(-3, 4))
def test_matrix_power(backend, a, n):
    x = dominant(a) / 3 if n < 0 else a
    x = x.astype(a.dtype)
    expected = np.linalg.matrix_power(x, n)
    check(call(backend, "matrix_power", x, n), expected, x.dtype, scale=mag(expected))


INT_POWER_DTYPES = ["int8", "uint8", "uint16", "int32", "int64", "uint64"]


@given_backends(x=st.sampled_from(INT_POWER_DTYPES).flatmap(lambda d: st.integers(0, 3).flatmap(
    lambda m: arrays(d, (m, m), min_value=0, max_value=20))), n=st.integers(0, 4))
def test_matrix_power_integers(backend, x, n):
    with np.errstate(over="ignore"):
        expected = np.linalg.matrix_power(x, n)  # wraps around like every backend must
    check(call(backend, "matrix_power", x, n), expected, x.dtype, exact=True)


@st.composite
def ranked(draw):
    """A stack of ``m x n`` matrices of known rank ``r`` with well separated singular values."""
    dtype = draw(st.sampled_from(FLOAT))
    batch = draw(batch_shapes)
    m, n = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    r = draw(st.integers(0, min(m, n)))
    left = dominant(draw(matrices(dtypes=[dtype], m=m, square=True, batch=batch)))[..., :r]
    right = dominant(draw(matrices(dtypes=[dtype], m=n, square=True, batch=batch)))[..., :r, :]
    return (left @ right).astype(dtype), r


@given_backends(xr=ranked(), as_array=st.booleans())
def test_matrix_rank(backend, xr, as_array):
    x, r = xr
    expected = np.full(x.shape[:-2], r)
    rtol = np.full(x.shape[:-2], 1e-3, real_of(str(x.dtype))) if as_array else 1e-3
    check(call(backend, "matrix_rank", x, rtol=rtol), expected, ivy.default_int_dtype(),
          exact=True)
    if r == min(x.shape[-2:]):  # full rank: the default tolerance is safe too
        check(call(backend, "matrix_rank", x), expected, ivy.default_int_dtype(), exact=True)


@backends
@pytest.mark.parametrize("shape", [(2, 0, 3), (0, 3, 3), (3, 0)])
def test_matrix_rank_empty(backend, shape):
    check(call(backend, "matrix_rank", np.zeros(shape, "float32")), np.zeros(shape[:-2]),
          ivy.default_int_dtype(), exact=True)


OUTER_PAIRS = [("int8", "int8"), ("int8", "uint8"), ("uint16", "uint16"), ("uint64", "uint64"),
               ("int32", "int64"), ("float32", "float64"), ("complex64", "float32"),
               ("complex128", "complex128")]


@given_backends(pair=st.sampled_from(OUTER_PAIRS).flatmap(lambda p: st.tuples(
    arrays(p[0], hnp.array_shapes(min_dims=1, max_dims=1, min_side=0, max_side=4),
           finite=True, min_value=-100, max_value=100),
    arrays(p[1], hnp.array_shapes(min_dims=1, max_dims=1, min_side=0, max_side=4),
           finite=True, min_value=-100, max_value=100))))
def test_outer(backend, pair):
    x1, x2 = pair
    dt = ivy.promote_types(x1.dtype, x2.dtype)
    with np.errstate(over="ignore"):
        expected = np.outer(x1.astype(dt), x2.astype(dt))
    check(call(backend, "outer", x1, x2), expected, dt, exact=str(dt).startswith(("int", "uint")),
          scale=1e4)


@given_backends(xr=ranked(), use_rtol=st.booleans())
def test_pinv(backend, xr, use_rtol):
    x, r = xr
    if r < min(x.shape[-2:]) and not use_rtol:
        return  # the default cutoff is too close to the noise of a rank-deficient product
    rtol = 1e-3 if use_rtol else None
    if _NUMPY2:
        expected = np.linalg.pinv(x, rtol=rtol)
    else:  # NumPy 1.x: rcond; the standard's default cutoff is max(M, N) * eps
        expected = np.linalg.pinv(x, rcond=max(x.shape[-2:]) * np.finfo(x.dtype).eps
                                  if rtol is None else rtol)
    check(call(backend, "pinv", x, rtol=rtol), expected, x.dtype, scale=mag(expected) * 10)


@given_backends(a=matrices(), mode=st.sampled_from(["reduced", "complete"]))
def test_qr(backend, a, mode):
    res = call(backend, "qr", a, mode=mode)
    assert type(res) is ivy.linalg.QRResult
    q, r = to_np(res.Q), to_np(res.R)
    m, n = a.shape[-2:]
    k = m if mode == "complete" else min(m, n)
    assert q.shape == a.shape[:-2] + (m, k) and r.shape == a.shape[:-2] + (k, n)
    assert str(ivy.dtype(res.Q)) == str(a.dtype) == str(ivy.dtype(res.R))
    t = tol(a.dtype) * 10
    np.testing.assert_allclose(q @ r, a, atol=t * mag(a))
    np.testing.assert_allclose(ct(q) @ q, np.broadcast_to(np.eye(k), a.shape[:-2] + (k, k)),
                               atol=t)
    np.testing.assert_allclose(np.tril(r, -1), 0, atol=t)


@backends
@pytest.mark.parametrize("dtype", FLOAT)
def test_qr_huge_entries(backend, dtype):
    """Entries near sqrt(max float) must not overflow to nan (TF's QR needs rescaling)."""
    big = 1.8e19 if dtype in SINGLE else 1e154
    a = np.zeros((2, 4, 3), dtype)
    a[1, 1, 0], a[1, 2, 0], a[0, 0, 1] = big, big / 3, 1.0
    q, r = (to_np(t) for t in call(backend, "qr", a))
    assert np.all(np.isfinite(q)) and np.all(np.isfinite(r))
    np.testing.assert_allclose(q @ r, a, rtol=1e-5, atol=big * 1e-6)


@given_backends(a=matrices(square=True))
def test_slogdet(backend, a):
    x = dominant(a)
    res = call(backend, "slogdet", x)
    assert type(res) is ivy.linalg.SlogdetResult
    sign, logabs = np.linalg.slogdet(x)
    check(res.sign, sign, x.dtype)
    check(res.logabsdet, logabs, real_of(str(x.dtype)), scale=mag(logabs))


@backends
@pytest.mark.parametrize("dtype", FLOAT)
def test_slogdet_singular(backend, dtype):
    res = call(backend, "slogdet", np.zeros((2, 3, 3), dtype))
    np.testing.assert_array_equal(to_np(res.sign), 0)
    assert np.all(np.isneginf(to_np(res.logabsdet)))


@st.composite
def solve_args(draw):
    d1, d2 = draw(st.sampled_from([("float32", "float32"), ("float64", "float64"),
                                   ("float32", "float64"), ("complex64", "complex64"),
                                   ("complex128", "float64")]))
    b1, b2 = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2,
                                                    max_side=3)).input_shapes
    m = draw(st.integers(0, 4))
    x1 = dominant(draw(matrices(dtypes=[d1], m=m, square=True, batch=b1)))
    if draw(st.booleans()):
        x2 = draw(matrices(dtypes=[d2], m=1, n=m, batch=()))[0]  # one vector (M,)
    else:
        x2 = draw(matrices(dtypes=[d2], m=m, n=draw(st.integers(0, 3)), batch=b2))
    return x1, x2


def _solve_ref(a, b):
    """The standard's solve on any NumPy (b is a vector only when 1-d): both operands broadcast
    to full rank first, so NumPy 1.x cannot read b as a stack of vectors."""
    if b.ndim == 1:
        return np.linalg.solve(a, np.broadcast_to(b[:, None], a.shape[:-2] + (b.shape[0], 1)))[
            ..., 0]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return np.linalg.solve(np.broadcast_to(a, batch + a.shape[-2:]),
                           np.broadcast_to(b, batch + b.shape[-2:]))


@given_backends(args=solve_args())
def test_solve(backend, args):
    x1, x2 = args
    dt = ivy.promote_types(x1.dtype, x2.dtype)
    expected = _solve_ref(x1.astype(dt), x2.astype(dt))
    check(call(backend, "solve", x1, x2), expected, dt)


@backends
@pytest.mark.parametrize("x1_shape,x2_shape,out_shape", [
    ((3, 3, 3), (3, 2), (3, 3, 2)),  # (..., M, K) rhs, never a stack of vectors
    ((2, 3, 3), (3,), (2, 3)),
    ((3, 3), (4, 3, 1), (4, 3, 1)),
    ((2, 1, 3, 3), (5, 3, 2), (2, 5, 3, 2)),
])
def test_solve_shapes(backend, x1_shape, x2_shape, out_shape):
    x1 = dominant(np.ones(x1_shape))
    r = call(backend, "solve", x1, np.ones(x2_shape))
    assert tuple(to_np(r).shape) == out_shape


@given_backends(a=matrices(), full=st.booleans())
def test_svd(backend, a, full):
    res = call(backend, "svd", a, full_matrices=full)
    assert type(res) is ivy.linalg.SVDResult
    u, s, vh = (to_np(t) for t in res)
    m, n = a.shape[-2:]
    k = min(m, n)
    assert u.shape == a.shape[:-2] + ((m, m) if full else (m, k))
    assert vh.shape == a.shape[:-2] + ((n, n) if full else (k, n))
    rdt = real_of(str(a.dtype))
    check(res.S, np.linalg.svd(a, compute_uv=False), rdt, scale=mag(a) * 4)
    assert str(ivy.dtype(res.U)) == str(a.dtype) == str(ivy.dtype(res.Vh))
    t = tol(a.dtype) * 10
    np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a,
                               atol=t * mag(a))
    ku = u.shape[-1]
    np.testing.assert_allclose(ct(u) @ u, np.broadcast_to(np.eye(ku), u.shape[:-2] + (ku, ku)),
                               atol=t)
    assert np.all(s[..., :-1] >= s[..., 1:])
    check(call(backend, "svdvals", a), np.linalg.svd(a, compute_uv=False), rdt,
          scale=mag(a) * 4)


NUMERIC = [d for d in ALL_DTYPES if d != "bool"]


@given_backends(x=st.sampled_from(NUMERIC).flatmap(
    lambda d: arrays(d, hnp.array_shapes(min_dims=2, max_dims=3, min_side=0, max_side=4),
                     finite=True, min_value=-1000, max_value=1000)),
       offset=st.integers(-4, 4), dtype=st.sampled_from([None, None, "int64", "float64"]))
def test_trace(backend, x, offset, dtype):
    if dtype is not None and x.dtype.kind == "c":
        dtype = "complex128"
    if dtype == "int64" and x.dtype.kind in "fc":
        dtype = None
    want = dtype or np_backend._sum_dtype(x.dtype)
    with np.errstate(over="ignore"):
        expected = np.trace(x.astype(want), offset, -2, -1)
    check(call(backend, "trace", x, offset=offset, dtype=dtype), expected, want,
          exact=x.dtype.kind in "iu" and want not in ("float64",), scale=1e4)


def test_trace_dtype_rule():
    assert np_backend._sum_dtype("int8") == "int64"
    assert np_backend._sum_dtype("uint32") == "uint64"
    assert np_backend._sum_dtype("int64") == "int64"
    assert np_backend._sum_dtype("float32") == "float32"


VECTOR_ORDS = [2, 1, 0, -1, -2, math.inf, -math.inf, 3, 0.5, -1.5]


@st.composite
def vector_norm_args(draw):
    dtype = draw(st.sampled_from(FLOAT))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    x = draw(matrices(dtypes=[dtype], batch=shape[:-2], m=shape[-2] if len(shape) > 1 else 1,
                      n=shape[-1], lo=-10, hi=10)).reshape(shape)
    nd = len(shape)
    axis = draw(st.none() | st.integers(-nd, nd - 1)
                | st.lists(st.integers(0, nd - 1), unique=True, max_size=nd).map(tuple))
    return x, axis


@given_backends(xa=vector_norm_args(), ord=st.sampled_from(VECTOR_ORDS), keepdims=st.booleans())
def test_vector_norm(backend, xa, ord, keepdims):
    # NumPy 1.x has no vector_norm to compare with: there the backend's NumPy 1.x path is
    # compared with NumPy 2's in test_numpy1_vector_norm (main environment)
    if not _NUMPY2:
        pytest.skip("NumPy 1.x has no vector_norm to compare with")
    x, axis = xa
    with np.errstate(divide="ignore"):
        expected = np.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
        got = call(backend, "vector_norm", x, axis=axis, keepdims=keepdims, ord=ord)
    check(got, expected, real_of(str(x.dtype)), scale=mag(expected))


@backends
def test_namedtuples_wrap_ivy_arrays(backend):
    with ivy.using_backend(backend):
        x = ivy.asarray([[2.0, 1.0], [1.0, 3.0]])
        r = api.linalg.eigh(x)
        assert isinstance(r, ivy.linalg.EighResult)
        assert isinstance(r.eigenvalues, ivy.Array) and isinstance(r.eigenvectors, ivy.Array)
        u, s, vh = api.linalg.svd(x)
        assert isinstance(u, ivy.Array) and isinstance(s, ivy.Array)
        assert api.linalg.qr(x)._fields == ("Q", "R")
        assert api.linalg.slogdet(x)._fields == ("sign", "logabsdet")


@backends
def test_matmul_aliases(backend):
    assert ivy.linalg.matmul is ivy.matmul and ivy.linalg.vecdot is ivy.vecdot


# --- NumPy 1.x fallbacks (numpy<2 has no matrix_norm/vector_norm/svdvals/rtol=): checked here
# against NumPy 2's own implementations, so they stay right without a NumPy 1.x install.
# (In a NumPy 1.x environment, such as the MXNet worker's, there is no NumPy 2 to compare with.)
_needs_numpy2 = pytest.mark.skipif(not _NUMPY2,
                                   reason="the reference is NumPy 2's own implementation")


@_needs_numpy2
@given(xa=vector_norm_args(), ord=st.sampled_from(VECTOR_ORDS), keepdims=st.booleans())
def test_numpy1_vector_norm(xa, ord, keepdims):
    x, axis = xa
    with np.errstate(divide="ignore"):
        expected = np.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
        got = np.asarray(np_backend._vector_norm_np1(x, axis, keepdims, ord))
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=tol(x.dtype), atol=tol(x.dtype) * mag(x))


@_needs_numpy2
@given(a=matrices(), ord=st.sampled_from(MATRIX_ORDS), keepdims=st.booleans())
def test_numpy1_matrix_norm_empty(a, ord, keepdims):
    """Empty matrices included: a maximum over nothing is 0, a minimum over nothing raises."""
    try:
        expected = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
    except ValueError:
        with pytest.raises(ValueError):
            np_backend._matrix_norm_np1(a, keepdims, ord)
        return
    got = np_backend._matrix_norm_np1(a, keepdims, ord)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=tol(a.dtype), atol=tol(a.dtype) * mag(a))


@_needs_numpy2
@given(a=matrices(min_side=1), ord=st.sampled_from(MATRIX_ORDS), keepdims=st.booleans())
def test_numpy1_matrix_norm_rank_pinv(a, ord, keepdims):
    expected = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
    got = np_backend._matrix_norm_np1(a, keepdims, ord)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=tol(a.dtype), atol=tol(a.dtype) * mag(a))
    np.testing.assert_array_equal(np_backend._rank_np1(a, 1e-3),
                                  np.linalg.matrix_rank(a, rtol=1e-3))
    np.testing.assert_allclose(np_backend._pinv_np1(a, 1e-3), np.linalg.pinv(a, rtol=1e-3),
                               rtol=1e-5, atol=1e-5 * mag(a) * 1e3)
    np.testing.assert_array_equal(np_backend._svdvals_np1(a), np.linalg.svdvals(a))


@_needs_numpy2
def test_numpy1_shape_functions():
    x = np.arange(24).reshape(2, 3, 4)
    np.testing.assert_array_equal(np_backend._diagonal_np1(x, offset=1),
                                  np.linalg.diagonal(x, offset=1))
    np.testing.assert_array_equal(np_backend._outer_np1(x[0, 0], x[1, 1]),
                                  np.linalg.outer(x[0, 0], x[1, 1]))
    v = np.arange(9).reshape(3, 3)
    np.testing.assert_array_equal(np_backend._cross_np1(v, v[::-1], axis=0),
                                  np.linalg.cross(v, v[::-1], axis=0))
    with pytest.raises(ivy.InvalidArgumentError):
        np_backend._cross_np1(np.ones(2), np.ones(2))
