"""Differential tests of the special functions (``ivy/functional/ivy/special.py``) on every backend
against ``scipy.special``.

One table row per function: the SciPy reference, how many array operands and the values drawn for
each (a finite range plus edge values: signed zeros, the poles of ``lgamma``/``digamma`` at the
non-positive integers, +-inf, NaN). Shapes include 0-d and empty arrays; two- and three-operand
functions broadcast. The reference is computed in float64 on the same input values and rounded to
the input dtype; integer inputs must give the default float dtype. Every call runs three ways
(eager, graph replay, emitted source; tests/functional/helpers.py).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.special as sp
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
from ivy.errors import UnsupportedBackendError
from tests.functional.helpers import api, backends, native

EDGE = [0.0, -0.0, math.inf, -math.inf, math.nan]
POLES = [0.0, -0.0, -1.0, -2.0, -7.0, math.inf, math.nan]


def vals(lo, hi, edges=()):
    finite = st.floats(lo, hi, allow_subnormal=False)
    return st.one_of(finite, st.sampled_from(list(edges))) if edges else finite


# name -> (scipy reference, operand value strategies, backends without it)
TABLE = {
    "erf": (sp.erf, [vals(-6, 6, EDGE)], ()),
    "erfc": (sp.erfc, [vals(-6, 9, EDGE)], ()),
    "erfinv": (sp.erfinv, [vals(-0.999, 0.999, EDGE + [1.0, -1.0, 2.0])], ()),
    "lgamma": (lambda x: np.where(x == -np.inf, np.inf, sp.gammaln(x)), [vals(-20, 30, POLES + [-math.inf, 1.0, 2.0])], ()),
    "digamma": (sp.psi, [vals(0.01, 50, POLES + [-3.5, -0.5])], ()),
    "zeta": (sp.zeta, [vals(1.1, 10), vals(0.1, 10)], ()),
    "igamma": (sp.gammainc, [vals(0.1, 20), vals(0, 30, [0.0, math.inf])], ()),
    "igammac": (sp.gammaincc, [vals(0.1, 20), vals(0, 30, [0.0, math.inf])], ()),
    "i0": (sp.i0, [vals(-20, 20, [0.0, -0.0, math.nan])], ()),
    "i0e": (sp.i0e, [vals(-20, 20, EDGE)], ()),
    "i1": (sp.i1, [vals(-20, 20, [0.0, -0.0, math.nan])], ()),
    "i1e": (sp.i1e, [vals(-20, 20, EDGE)], ()),
    "ndtri": (sp.ndtri, [vals(0.001, 0.999, [0.0, 1.0, 0.5, -0.5, 2.0, math.nan])], ()),
    "log_ndtr": (sp.log_ndtr, [vals(-30, 8, EDGE)], ("tensorflow",)),
    "j0": (sp.j0, [vals(-30, 30, [0.0, -0.0, math.nan, math.inf])], ("jax",)),
    "j1": (sp.j1, [vals(-30, 30, [0.0, -0.0, math.nan, math.inf])], ("jax",)),
    "y0": (sp.y0, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "y1": (sp.y1, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "k0": (sp.k0, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "k1": (sp.k1, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "k0e": (sp.k0e, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "k1e": (sp.k1e, [vals(0.01, 30, [0.0, -1.0, math.nan, math.inf])], ("jax",)),
    "betainc": (sp.betainc, [vals(0.1, 10), vals(0.1, 10), vals(0, 1, [0.0, 1.0])], ("torch",)),
}


def flushed(backend, x):
    """``x`` as jax on CPU holds it: subnormals flushed to zero, keeping the sign (the helpers'
    ``as_backend_holds`` turns -0.0 into +0.0, which changes ``digamma``'s limit)."""
    if backend != "jax":
        return x
    return np.where(np.abs(x) < np.finfo(x.dtype).tiny, x * 0, x)


def tol(dtype, name=""):
    """torch's float64 Bessel J/Y/K kernels agree with SciPy to ~1e-7 only."""
    if dtype == "float32":
        return dict(rtol=2e-4, atol=2e-5)
    return dict(rtol=1e-6, atol=1e-12) if name[:1] in "jyk" else dict(rtol=1e-8, atol=1e-12)


@st.composite
def operands(draw, strategies, dtype):
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=len(strategies), max_dims=3,
                                                     max_side=3))
    return [draw(hnp.arrays(np.float64, s, elements=e)).astype(dtype)
            for s, e in zip(shapes.input_shapes, strategies, strict=True)]


def check(backend, name, xs, want_dtype):
    ref, _, missing = TABLE[name]
    with ivy.using_backend(backend):
        args = [native(backend, x) for x in xs]
        if backend in missing:
            with pytest.raises(UnsupportedBackendError, match=name):
                getattr(api, name)(*args)
            return
        got = getattr(api, name)(*args)
        assert str(ivy.dtype(got)) == want_dtype
        got = ivy.to_numpy(got)
    xs64 = [flushed(backend, x.astype(np.float64) if x.dtype.kind in "biu" else x).astype(np.float64)
            for x in xs]
    with np.errstate(all="ignore"):
        want = np.asarray(ref(*xs64)).astype(want_dtype)
    assert got.shape == want.shape
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), equal_nan=True,
                               **tol(want_dtype, name))


@backends
@pytest.mark.parametrize("name", sorted(TABLE))
@given(data=st.data())
def test_special(backend, name, data):
    dtype = data.draw(st.sampled_from(["float32", "float64"]), label="dtype")
    xs = data.draw(operands(TABLE[name][1], dtype), label="operands")
    check(backend, name, xs, dtype)


@backends
@pytest.mark.parametrize("n", [0, 1, 2, 3])
@given(data=st.data())
def test_polygamma(backend, n, data):
    """Negative x included: jax's and tensorflow's own kernels are wrong there (jax 7.74 for
    psi_1(-8.478), not 9.80; tensorflow -9.9e11), so Ivy reflects. Values within 0.01 of a pole
    are left to test_polygamma_special_values (float32 cancellation next to a pole)."""
    dtype = data.draw(st.sampled_from(["float32", "float64"]), label="dtype")
    x = data.draw(hnp.arrays(np.float64, hnp.array_shapes(min_dims=0, max_dims=2, min_side=0,
                                                          max_side=3),
                             elements=st.floats(-30, 30).filter(
                                 lambda v: v > 0.05 or abs(v - round(v)) > 0.01)),
                  label="x").astype(dtype)
    with ivy.using_backend(backend):
        got = api.polygamma(n, native(backend, x))
        assert str(ivy.dtype(got)) == dtype
        got = ivy.to_numpy(got)
    want = sp.polygamma(n, x.astype(np.float64)).astype(dtype)
    t = tol(dtype)
    np.testing.assert_allclose(got, want, rtol=t["rtol"] * 10, atol=t["atol"] * 10)


@backends
@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_polygamma_special_values(backend, n, dtype):
    """SciPy's values at the poles, +-inf, +-0, NaN and half-integers, on every backend (signed
    zeros included), and psi_n(-8.478) where jax's own kernel is wrong."""
    x = np.array([-3.0, -1.0, -0.0, 0.0, np.inf, -np.inf, np.nan, -25.5, -8.478, -0.5, 2.5],
                 dtype)
    with ivy.using_backend(backend):
        got = ivy.to_numpy(api.polygamma(n, native(backend, x)))
    want = sp.polygamma(n, x.astype(np.float64)).astype(dtype)
    special = ~np.isfinite(want) | (want == 0)
    np.testing.assert_array_equal(got[special], want[special])
    assert (np.signbit(got[special]) == np.signbit(want[special])).all(), (got, want)
    np.testing.assert_allclose(got[~special], want[~special], rtol=2e-5 if dtype == "float32"
                               else 1e-8)  # the frameworks' float64 zeta kernels: ~1e-9


@backends
@pytest.mark.parametrize("name", ["erf", "lgamma", "i0e", "igamma"])
def test_integer_input_gives_default_float(backend, name):
    xs = [np.array([1, 2, 3], dtype="int32")] * (2 if name == "igamma" else 1)
    check(backend, name, xs, str(ivy.dtypes.default_float_dtype()))


@backends
def test_python_scalar_is_weak(backend):
    with ivy.using_backend(backend):
        q = native(backend, np.array([0.5, 2.0], dtype="float32"))
        got = api.zeta(2.0, q)
        assert str(ivy.dtype(got)) == "float32"
        np.testing.assert_allclose(ivy.to_numpy(got), sp.zeta(2.0, np.array([0.5, 2.0])),
                                   rtol=1e-5)


@backends
def test_digamma_at_signed_zero(backend):
    """SciPy and torch: digamma(+0) = -inf, digamma(-0) = +inf (the limits from each side)."""
    with ivy.using_backend(backend):
        got = ivy.to_numpy(api.digamma(native(backend, np.array([0.0, -0.0]))))
    assert got.tolist() == [-math.inf, math.inf]


@backends
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_zeta_at_negative_q(backend, dtype):
    """SciPy's values for q <= 0 on every backend: the recurrence for integer x (jax's and
    tensorflow's own kernels give e.g. -1.9e16 for zeta(3, -9.597), not 10.66), inf at the
    non-positive integers and -inf, NaN for a non-integer x at a negative q."""
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.choice([2.0, 3.0, 4.0, 5.0, 2.5], 40), [2, 3, 2.5, 2, 2, 3, 2]])
    q = np.concatenate([rng.uniform(-12, 3, 40), [-3.0, -0.0, -3.0, -np.inf, np.nan, -25.5,
                                                  0.0]])
    x, q = x.astype(dtype), q.astype(dtype)
    with ivy.using_backend(backend):
        got = api.zeta(native(backend, x), native(backend, q))
        assert str(ivy.dtype(got)) == dtype
        got = ivy.to_numpy(got).astype(np.float64)
    want = sp.zeta(x.astype(np.float64), q.astype(np.float64)).astype(dtype).astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=2e-4 if dtype == "float32" else 1e-8,
                               equal_nan=True)


@backends
def test_odd_functions_keep_the_sign_of_zero(backend):
    """erf and erfinv are odd: -0.0 -> -0.0 on every backend (SciPy and TensorFlow's erfinv
    return +0.0; torch and jax keep the sign, so Ivy does everywhere)."""
    x = np.array([-0.0, 0.0], "float32")
    with ivy.using_backend(backend):
        for name in ("erf", "erfinv"):
            got = ivy.to_numpy(getattr(api, name)(native(backend, x)))
            assert list(np.signbit(got)) == [True, False], (name, got)


@backends
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_limits_as_scipy(backend, dtype):
    """Edge values where the frameworks disagree, as SciPy on every backend: igamma/igammac at
    a = 0 and a = +inf (tf: NaN at a = 0; jax: NaN at a = inf), zeta at q = +inf (torch, jax:
    NaN where the sum is 0)."""
    inf, nan = math.inf, math.nan
    a = np.array([0.0, 0.0, inf, inf, 0.0, 1.0, 2.0], dtype)
    x = np.array([1.0, inf, 1.0, 0.0, 0.0, 0.0, inf], dtype)
    s = np.array([2.0, 1.0, 0.5, 3.0], dtype)
    q = np.array([inf, inf, inf, nan], dtype)
    with ivy.using_backend(backend):
        got = [ivy.to_numpy(getattr(api, n)(native(backend, a), native(backend, x)))
               for n in ("igamma", "igammac")]
        got.append(ivy.to_numpy(api.zeta(native(backend, s), native(backend, q))))
    want = [sp.gammainc(a, x), sp.gammaincc(a, x), sp.zeta(s, q)]
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w.astype(dtype))
