"""Frontend functions added for NumPy science code (2026-11-27) vs the real NumPy, on the numpy,
jax and torch Ivy backends: the polynomial functions (polyval, polyfit, polyder, polyint,
polyadd, polysub, polymul), gradient(edge_order=2) and 0-d array spacings, ufunc.accumulate of
maximum/minimum/fmax/fmin/logical_*, ufunc.at, einsum's sublist format, sliding_window_view,
np.array of a list holding frontend arrays, linalg.lstsq's rank, cov's fweights/aweights,
interp(period=), linalg.qr(mode="r"), take(mode="wrap"/"clip"), compress/extract as boolean
indexing, sum/prod/mean(where=)."""

from __future__ import annotations

import os

import numpy as real
import pytest

import ivy
import ivy.frontends.numpy as fnp

from .helpers import BACKENDS, A, covers
from .helpers import check as _check

FULL = bool(os.environ.get("IVY_FULL"))
#: JAX compiles every op on its first eager run: numpy and torch by default, jax with IVY_FULL=1
BK = BACKENDS if FULL else ("numpy", "torch")


def check(*args, **kwargs):
    return _check(*args, backends=BK, **kwargs)


R = real.random.default_rng(7)
X = R.standard_normal(12)
Y = R.standard_normal(12)
P = R.standard_normal(4)
M = R.standard_normal((6, 5))
M[2, 3] = real.nan


def test_polynomials():
    covers("numpy.polyval", "numpy.polyfit", "numpy.polyder", "numpy.polyint", "numpy.polyadd",
           "numpy.polysub", "numpy.polymul")
    check("polyval", A(P), A(X))
    check("polyval", A(real.array([1, -2, 3])), A(real.arange(5)))  # integer Horner
    check("polyval", [1.0, 2.0], 3)
    check("polyfit", A(X), A(Y), 3)
    check("polyfit", A(X), A(real.stack([Y, 2 * Y + 1], 1)), 2, w=A(real.abs(Y) + 0.5))
    check("polyfit", A(X), A(Y), 2, full=True)
    check("polyfit", A(X), A(Y), -1)  # NumPy's ValueError
    check("polyder", A(P), 2)
    check("polyder", A(real.array([3, 2, 1])))
    check("polyint", A(P), 2, k=[1.0, -1.0])
    check("polyint", A(real.array([3, 2, 1])))
    check("polyadd", A(P), A(P[:2]))
    check("polysub", A(P[:2]), A(P))
    check("polymul", A(P), A(P[:3]))


def test_gradient_edge_order_and_array_spacing():
    covers("numpy.gradient")
    xs = real.sort(R.standard_normal(6))
    for eo in (1, 2):
        check("gradient", A(M[:, :4] * 0 + R.standard_normal((6, 4))), edge_order=eo)
        check("gradient", A(R.standard_normal((6, 4))), 0.3, axis=0, edge_order=eo)
        check("gradient", A(R.standard_normal((6, 4))), A(xs), axis=0, edge_order=eo)
        check("gradient", A(R.standard_normal(6)), A(real.array(0.25)), edge_order=eo)
        check("gradient", A(R.standard_normal(6).astype("float32")), 0.5, edge_order=eo)
    check("gradient", A(R.standard_normal(2)), edge_order=2)  # too short: ValueError
    check("gradient", A(R.standard_normal(4)), edge_order=3)


@pytest.mark.parametrize("name", ["maximum", "minimum", "fmax", "fmin"])
def test_idempotent_accumulate(name):
    covers(f"numpy.{name}")
    check(f"{name}.accumulate", A(M))
    check(f"{name}.accumulate", A(M), axis=1)
    check(f"{name}.accumulate", A(R.integers(-5, 5, 9)))


def test_logical_accumulate_and_outer():
    check("logical_or.accumulate", A(R.random(7) < 0.3))
    check("logical_and.accumulate", A(R.random((3, 7)) < 0.8), axis=1)
    check("subtract.outer", A(X[:4]), A(Y[:3]))


def _at(mod, name, a, idx, b):
    arr = mod.array(a.copy())
    getattr(mod, name).at(arr, idx, b)
    return arr


@pytest.mark.parametrize("backend", BK)
def test_ufunc_at(backend):
    covers("numpy.add", "numpy.subtract", "numpy.maximum", "numpy.minimum")
    a = R.standard_normal((5, 3))
    cases = [(real.array([0, 2, 0, -1]), R.standard_normal((4, 3))),
             ((real.array([0, 0, 4]), real.array([1, 1, 2])), 2.0),
             (real.array([1, 1, 1]), 1.5)]
    with ivy.using_backend(backend):
        for name in ("add", "subtract", "maximum", "minimum"):
            for idx, b in cases:
                want = _at(real, name, a, idx, b)
                fidx = tuple(fnp.array(i) for i in idx) if isinstance(idx, tuple) \
                    else fnp.array(idx)
                got = _at(fnp, name, a, fidx, b)
                real.testing.assert_allclose(real.asarray(ivy.to_numpy(got._data)), want,
                                             rtol=1e-12)
        cnt = _at(fnp, "add", real.zeros(4, "int64"), fnp.array(real.array([0, 0, 3])), 1)
        assert cnt.dtype == fnp.int64 and ivy.to_numpy(cnt._data).tolist() == [2, 0, 0, 1]
        with pytest.raises(TypeError):  # float into int: NumPy's same_kind casting error
            _at(fnp, "add", real.zeros(4, "int64"), fnp.array(real.array([0])), 1.5)


def test_einsum_sublists():
    covers("numpy.einsum")
    a, b = R.standard_normal((2, 3)), R.standard_normal((3, 4))
    check("einsum", A(a), [0, 1], A(b), [1, 2], [0, 2])
    check("einsum", A(a), [0, 1], A(b), [1, 2])
    check("einsum", A(a), [Ellipsis, 1], [1, Ellipsis])
    check("einsum", A(a), [0, 0])  # a repeated index on a non-square operand: NumPy's error


def test_sliding_window_view():
    covers("numpy.lib.stride_tricks.sliding_window_view")
    from numpy.lib.stride_tricks import sliding_window_view as swv
    x = R.standard_normal((6, 7))
    for ws, axis in [((3, 2), None), (3, 1), (2, 0), ((2, 3), (1, 0)), ((2, 2), (1, 1))]:
        want = swv(x, ws, axis=axis)
        for b in BK:
            with ivy.using_backend(b):
                got = fnp.sliding_window_view(fnp.array(x), ws, axis=axis)
                real.testing.assert_array_equal(real.asarray(ivy.to_numpy(got._data)), want)
    with pytest.raises(ValueError):
        fnp.sliding_window_view(fnp.array(x[0]), 9)


def test_array_of_frontend_arrays_is_stacked_with_ivy():
    a, b = R.standard_normal(3), R.standard_normal(3).astype("float32")
    for b_ in BK:
        with ivy.using_backend(b_):
            fa, fb = fnp.array(a), fnp.array(b)
            for obj, fobj in [([a, b], [fa, fb]), ([b, [1, 2, 3]], [fb, [1, 2, 3]]),
                              ([[b[0], 2.0], [1, b[1]]], [[fb[0], 2.0], [1, fb[1]]])]:
                want, got = real.array(obj), fnp.array(fobj)
                assert got.dtype == want.dtype and got.shape == want.shape
                real.testing.assert_array_equal(real.asarray(ivy.to_numpy(got._data)), want)
            with pytest.raises(ValueError):
                fnp.array([fa, fa[:2]])
            assert fnp.array([fb, fb], dtype="float64").dtype == fnp.float64


def test_lstsq_rank_is_an_array_result():
    covers("numpy.linalg.lstsq")
    a = R.standard_normal((8, 3))
    check("linalg.lstsq", A(a), A(R.standard_normal(8)), rcond=None)
    check("linalg.lstsq", A(real.hstack([a, a[:, :1]])), A(R.standard_normal(8)), rcond=None)


def test_cov_weights():
    covers("numpy.cov")
    x = R.standard_normal((3, 9))
    w, f = real.abs(R.standard_normal(9)), R.integers(1, 4, 9)
    check("cov", A(x), aweights=A(w))
    check("cov", A(x), fweights=A(f))
    check("cov", A(x), fweights=A(f), aweights=A(w), ddof=0)
    check("cov", A(x[0]), A(x[1]), aweights=A(w), bias=True)
    check("cov", A(x.T), rowvar=False, aweights=A(w))
    check("cov", A(x), fweights=A(f + 0.5))  # non-integer fweights: NumPy's TypeError


def test_interp_period_and_qr_r():
    covers("numpy.interp", "numpy.linalg.qr")
    xx, xp, fp = R.random(10) * 3 - 1, R.random(6), R.standard_normal(6)
    check("interp", A(xx), A(xp), A(fp), period=1.0)
    check("interp", A(xx * 360), A(xp * 360), A(fp), period=-360)
    check("interp", A(xx), A(xp), A(fp), period=0)  # NumPy's ValueError
    for shape in ((5, 3), (3, 5), (4, 4)):
        check("linalg.qr", A(R.standard_normal(shape)), mode="r")


def test_take_modes_compress_extract():
    covers("numpy.take", "numpy.compress", "numpy.extract")
    x = R.standard_normal((4, 5))
    for mode in ("wrap", "clip"):
        check("take", A(x), A(real.array([-7, 0, 3, 12])), mode=mode)
        check("take", A(x), A(real.array([-7, 0, 3, 12])), axis=1, mode=mode)
        check("take", A(x), 20, mode=mode)
    check("take", A(x), A(real.array([1])), mode="bogus")
    check("compress", A(real.array([True, False, True])), A(x), axis=0)
    check("compress", A(real.array([True, False, True])), A(x))
    check("compress", A(x[0] > 0), A(x), axis=1)
    check("extract", A(x > 0), A(x))


@pytest.mark.parametrize("name", ["sum", "prod", "mean"])
def test_reductions_with_where(name):
    covers(f"numpy.{name}")
    x = R.standard_normal((4, 5))
    xi = R.integers(-3, 4, (4, 5))
    m = x > 0
    for v in (x, xi):
        for axis in (None, 0, 1):
            check(name, A(v), axis=axis, where=A(m))
            check(name, A(v), axis=axis, where=A(m[0]), keepdims=True)


def test_bincount_length_follows_the_data_when_transpiled():
    """real.bincount's length is max + 1 of the data: computed in the graph (not read into
    Python), so converted code gives the longer result on larger labels instead of dropping
    them."""
    x = real.array([0, 2, 2, 5, 1])
    new = real.array([0, 9, 1, 1, 3])
    for f in (real.bincount, lambda a: real.bincount(a, minlength=8),
              lambda a: real.bincount(a, weights=a * 0.5)):
        t = ivy.transpile(f, source="numpy", target="numpy", args=(x,))
        real.testing.assert_array_equal(real.asarray(t(new)), f(new))
