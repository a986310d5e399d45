"""Differential tests of ``ivy.fft`` on every backend against ``numpy.fft``.

Every transform is drawn with hypothesis shapes (1-d to 3-d), ``n``/``s`` that trim and pad,
every ``axis``/``axes``, all three ``norm`` modes and float32/float64/complex64/complex128 inputs;
the result's dtype must be the standard's (float32 in -> complex64 out, ``irfft`` real).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy

from .helpers import ALL_DTYPES, api, arrays, backends, native

NORMS = ["backward", "ortho", "forward"]
REAL = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]


def examples(backend: str) -> int:
    """JAX compiles every new shape (~0.3 s each): it gets a third of the profile's examples."""
    n = settings.default.max_examples
    return max(3, n // 3) if backend == "jax" else n


def given_backends(*args, **strategies):
    """``@backends`` + ``@given(...)`` with the example count of :func:`examples`."""

    def deco(fn):
        @backends
        def test(backend):
            def body(*a, **kw):
                fn(backend, *a, **kw)

            body.__qualname__ = f"{fn.__qualname__}[{backend}]"
            settings(max_examples=examples(backend))(given(*args, **strategies)(body))()

        test.__name__ = test.__qualname__ = fn.__name__
        return test

    return deco


def complex_of(dtype: str) -> str:
    return {"float32": "complex64", "float64": "complex128"}.get(dtype, dtype)


def real_of(dtype: str) -> str:
    return {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)


shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5)


def signal(dtypes):
    """Finite signals with entries in [-4, 4] (three decimals)."""
    el = st.floats(-4, 4, width=32).map(lambda v: round(v, 3))

    @st.composite
    def strat(draw):
        dtype = draw(st.sampled_from(dtypes))
        shape = draw(shapes)
        a = draw(hnp.arrays(np.float64, shape, elements=el))
        if dtype.startswith("complex"):
            a = a + 1j * draw(hnp.arrays(np.float64, shape, elements=el))
        return a.astype(dtype)

    return strat()


def run(backend, name, x, **kw):
    with ivy.using_backend(backend):
        return getattr(api.fft, name)(native(backend, x), **kw)


def check(result, expected, dtype, x):
    assert str(ivy.dtype(result)) == dtype, f"dtype {ivy.dtype(result)} != {dtype}"
    got = ivy.to_numpy(result)
    assert got.shape == expected.shape, f"shape {got.shape} != {expected.shape}"
    single = dtype in ("float32", "complex64")
    scale = max(1.0, float(np.max(np.abs(expected)))) if expected.size else 1.0
    t = (1e-4 if single else 1e-10) * max(1, x.size)
    np.testing.assert_allclose(got, expected, rtol=t, atol=t * scale)


@st.composite
def n_axis(draw, x, min_n=1):
    axis = draw(st.integers(-x.ndim, x.ndim - 1))
    n = draw(st.none() | st.integers(min_n, 2 * x.shape[axis] + 2))
    return n, axis


@given_backends(x=signal(REAL + COMPLEX), data=st.data(), name=st.sampled_from(["fft", "ifft"]),
                norm=st.sampled_from(NORMS))
def test_fft_ifft(backend, x, data, name, norm):
    n, axis = data.draw(n_axis(x))
    expected = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
    check(run(backend, name, x, n=n, axis=axis, norm=norm), expected,
          complex_of(str(x.dtype)), x)


@given_backends(x=signal(REAL), data=st.data(), name=st.sampled_from(["rfft", "ihfft"]),
                norm=st.sampled_from(NORMS))
def test_rfft_ihfft(backend, x, data, name, norm):
    n, axis = data.draw(n_axis(x))
    expected = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
    check(run(backend, name, x, n=n, axis=axis, norm=norm), expected,
          complex_of(str(x.dtype)), x)


@given_backends(x=signal(COMPLEX), data=st.data(), name=st.sampled_from(["irfft", "hfft"]),
                norm=st.sampled_from(NORMS))
def test_irfft_hfft(backend, x, data, name, norm):
    n, axis = data.draw(n_axis(x))
    if n is None and x.shape[axis] < 2:
        n = 2  # the default n = 2 * (m - 1) needs m >= 2
    expected = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
    check(run(backend, name, x, n=n, axis=axis, norm=norm), expected, real_of(str(x.dtype)), x)


@st.composite
def s_axes(draw, x, inverse_real=False):
    axes = draw(st.none() | st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1,
                                     max_size=x.ndim, unique_by=lambda a: a % x.ndim))
    if axes is None:
        s = None
        if inverse_real and x.shape[-1] < 2:
            s = [*x.shape[:-1], 2]
            axes = list(range(x.ndim))
        return s, axes
    s = draw(st.none() | st.lists(st.integers(1, 6), min_size=len(axes), max_size=len(axes)))
    if s is None and inverse_real and x.shape[axes[-1]] < 2:
        s = [x.shape[a] for a in axes[:-1]] + [2]
    return s, axes


@given_backends(x=signal(REAL + COMPLEX), data=st.data(),
                name=st.sampled_from(["fftn", "ifftn"]), norm=st.sampled_from(NORMS))
def test_fftn_ifftn(backend, x, data, name, norm):
    s, axes = data.draw(s_axes(x))
    expected = getattr(np.fft, name)(x, s=s, axes=axes, norm=norm)
    check(run(backend, name, x, s=s, axes=axes, norm=norm), expected,
          complex_of(str(x.dtype)), x)


@given_backends(x=signal(REAL), data=st.data(), norm=st.sampled_from(NORMS))
def test_rfftn(backend, x, data, norm):
    s, axes = data.draw(s_axes(x))
    expected = np.fft.rfftn(x, s=s, axes=axes, norm=norm)
    check(run(backend, "rfftn", x, s=s, axes=axes, norm=norm), expected,
          complex_of(str(x.dtype)), x)


@given_backends(x=signal(COMPLEX), data=st.data(), norm=st.sampled_from(NORMS))
def test_irfftn(backend, x, data, norm):
    s, axes = data.draw(s_axes(x, inverse_real=True))
    expected = np.fft.irfftn(x, s=s, axes=axes, norm=norm)
    check(run(backend, "irfftn", x, s=s, axes=axes, norm=norm), expected,
          real_of(str(x.dtype)), x)


@given_backends(x=signal(REAL), norm=st.sampled_from(NORMS))
def test_round_trips(backend, x, norm):
    """irfft(rfft(x)) == x and ifftn(fftn(x)) == x with the same arguments (the standard's notes)."""
    n = x.shape[-1]
    with ivy.using_backend(backend):
        nat = native(backend, x)
        back = api.fft.irfft(api.fft.rfft(nat, norm=norm), n=n, norm=norm)
        full = api.fft.ifftn(api.fft.fftn(nat, norm=norm), norm=norm)
        assert str(ivy.dtype(back)) == str(x.dtype)
        np.testing.assert_allclose(ivy.to_numpy(back), x, atol=1e-4 * x.size)
        np.testing.assert_allclose(ivy.to_numpy(full), x, atol=1e-4 * x.size)


@given_backends(n=st.integers(1, 20), d=st.floats(0.1, 5),
                dtype=st.sampled_from([None, "float32", "float64"]))
def test_freq(backend, n, d, dtype):
    for name in ("fftfreq", "rfftfreq"):  # both on every backend (a drawn name missed one)
        with ivy.using_backend(backend):
            r = getattr(api.fft, name)(n, d=d, dtype=dtype)
        assert isinstance(r, ivy.Array)  # creation functions always return ivy.Array
        want = dtype or str(ivy.default_float_dtype())
        assert str(r.dtype) == want
        expected = getattr(np.fft, name)(n, d).astype(want)
        np.testing.assert_allclose(ivy.to_numpy(r), expected, rtol=1e-6, atol=1e-6)


@given_backends(x=st.sampled_from(ALL_DTYPES).flatmap(lambda d: arrays(d, shapes)),
                data=st.data(), name=st.sampled_from(["fftshift", "ifftshift"]))
def test_shift(backend, x, data, name):
    axes = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1)
                     | st.lists(st.integers(0, x.ndim - 1), unique=True, min_size=1))
    expected = getattr(np.fft, name)(x, axes=axes)
    r = run(backend, name, x, axes=axes)
    assert str(ivy.dtype(r)) == str(x.dtype)
    np.testing.assert_array_equal(ivy.to_numpy(r), expected)


@backends
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_invalid_n_raises(backend, name):
    x = np.ones(4, "complex64" if name in ("fft", "ifft", "irfft", "hfft") else "float32")
    with pytest.raises(Exception):  # noqa: B017 - each framework raises its own error type
        ivy.to_numpy(run(backend, name, x, n=0))


@backends
def test_ivy_array_in_ivy_array_out(backend):
    with ivy.using_backend(backend):
        x = ivy.asarray([1.0, 2.0, 3.0, 4.0])
        r = api.fft.rfft(x)
        assert isinstance(r, ivy.Array) and str(r.dtype) == "complex64"
        np.testing.assert_allclose(ivy.to_numpy(api.fft.irfft(r, n=4)), [1, 2, 3, 4], atol=1e-5)
