"""Top-level ``numpy`` functions vs the real NumPy (numpy, jax and torch Ivy backends): frexp,
spacing, bitwise_count, asarray_chkfinite, common_type, min_scalar_type, real_if_close,
sort_complex, fromiter, unwrap, mask_indices, matvec, vecmat, histogramdd, histogram2d."""

import math

import numpy as real
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.numpy as fnp

from .helpers import BACKENDS, FLOATS, INTS, A, D, Spec, a, arr, arrays, covers, run_spec

EX = settings(max_examples=4)
# XLA on CPU flushes subnormals to zero: inputs/results that are subnormal are not tested on jax
NO_FTZ = ("numpy", "torch")
NOSPEC = dict(specials=False)
CPLX = st.sampled_from(["complex64", "complex128"]).flatmap(
    lambda d: arrays(d, st.sampled_from([(0,), (4,), (2, 3)])).map(A))


def _nan_complex():
    v = real.array([1 + 2j, complex(math.nan, 1), 1 + 1j, complex(1, math.nan), -3 + 0j,
                    complex(math.nan, math.nan), 1 + 1j, -3 - 1j])
    return A(v)


SPECS = [
    Spec("frexp", a(arr(("float16", "float32", "float64", "int8", "int32", "bool")))),
    Spec("frexp", a(st.sampled_from([A(real.array([5e-324, -2.5e-310, 1.7976931348623157e308,
                                                   -0.0, 0.5, 1.0, -3.0, 1024.0])),
                                     A(real.array([1e-45, 3.4e38, 0.75], "float32"))])),
         backends=NO_FTZ),
    Spec("spacing", a(arr(FLOATS))),
    Spec("spacing", a(st.sampled_from([A(real.array([0.0, -0.0, 1.0, -1.0, 1e300, 5e-324,
                                                     math.inf, math.nan]))])),
         backends=NO_FTZ),
    Spec("bitwise_count", a(arr(INTS + ("bool", "uint16", "uint32")))),
    Spec("bitwise_count", a(st.sampled_from([
        A(real.array([-2 ** 63, 2 ** 63 - 1, -1, 0, 255], "int64")),
        A(real.array([-128, 127, -1], "int8"))]))),
    Spec("asarray_chkfinite", a(arr(FLOATS + ("int32",)))),
    Spec("asarray_chkfinite", a(st.sampled_from([[1.0, 2.0], [1, math.nan], [math.inf]]),
                                dtype=st.sampled_from([None, D("float32")]))),
    Spec("real_if_close", a(st.one_of(CPLX, arr(FLOATS), st.sampled_from([
        A(real.array([1 + 1e-15j, 2 - 1e-14j])), A(real.array([1 + 1e-10j])),
        A(real.array([1 + 1e-7j], "complex64"))])), tol=st.sampled_from([100, 1e-8]))),
    Spec("sort_complex", a(st.one_of(CPLX.filter(lambda x: x.a.ndim >= 1),
                                     arr(FLOATS + ("int8", "uint16", "int64", "bool"),
                                         st.sampled_from([(0,), (5,), (2, 3)])),
                                     st.just(_nan_complex())))),
    Spec("unwrap", a(arr(FLOATS, st.sampled_from([(0,), (1,), (6,), (3, 4)]), **NOSPEC))),
    Spec("unwrap", a(st.sampled_from([A(real.array([0.0, 3.0, 6.5, 2.0, -4.0, 10.0])),
                                      A(real.array([0, 5, 9, 2, 7])),
                                      A(real.array([[0.0, 4.0, 8.0], [1.0, -6.0, 1.0]]))]),
                     discont=st.sampled_from([None, 1.0, 4.0]),
                     period=st.sampled_from([2 * math.pi, 6, 4.0]))),
    Spec("unwrap", a(arr(FLOATS, st.just((3, 4)), lo=-20, hi=20, **NOSPEC), axis=0)),
    Spec("matvec", a(arr(FLOATS + ("int32",), st.sampled_from([(2, 3), (4, 2, 3)])),
                     arr(FLOATS + ("int32",), st.sampled_from([(3,), (4, 3)])))),
    Spec("matvec", a(arr(FLOATS, st.just((2, 3))), arr(FLOATS, st.just((2,))))),
    Spec("vecmat", a(arr(FLOATS + ("int32",), st.sampled_from([(3,), (4, 3)])),
                     arr(FLOATS + ("int32",), st.sampled_from([(3, 2), (4, 3, 2)])))),
    Spec("vecmat", a(CPLX.filter(lambda x: x.a.shape == (4,)),
                     st.sampled_from(["complex64", "complex128"]).flatmap(
                         lambda d: arrays(d, st.just((4, 2))).map(A)))),
    Spec("vecmat", a(arr(FLOATS, st.just((3,))), arr(FLOATS, st.just((2, 2))))),
]


def _hist_sample(d, dtypes=FLOATS):
    return arr(dtypes, st.sampled_from([(0, d), (1, d), (7, d), (12, d)]), lo=-5, hi=5,
               **NOSPEC)


SPECS += [
    Spec("histogramdd", a(_hist_sample(2, FLOATS + ("int32",)),
                          bins=st.sampled_from([1, 3, (2, 4)]),
                          density=st.sampled_from([None, True]))),
    Spec("histogramdd", a(_hist_sample(3), bins=2,
                          range=st.sampled_from([None, [(-1, 1), (0, 5), (-5, 0)]]))),
    Spec("histogramdd", a(_hist_sample(2), bins=st.sampled_from([
        [A(real.array([-5.0, 0.0, 5.0])), 3], [A(real.array([-2.0, 2.0, 1.0])), 2], [0, 2]]),
        weights=st.sampled_from([None, A(real.arange(7.0))]))),
    Spec("histogramdd", a(st.sampled_from([A(real.array([[math.nan, 1.0], [2.0, 3.0]])),
                                           A(real.array([[math.inf, 1.0]])),
                                           A(real.array([1.0, 2.0, 2.0, 5.0]))]), bins=3)),
    Spec("histogram2d", a(arr(FLOATS, st.just((9,)), lo=-3, hi=3, **NOSPEC),
                          arr(FLOATS, st.just((9,)), lo=-3, hi=3, **NOSPEC),
                          bins=st.sampled_from([2, [3, 2], A(real.array([-3.0, 0.0, 1.0, 3.0])),
                                                [A(real.array([-3.0, 3.0])), 4]]),
                          density=st.sampled_from([None, True]),
                          weights=st.sampled_from([None, A(real.linspace(0, 1, 9))]))),
    Spec("histogram2d", a(arr(FLOATS, st.just((4,)), lo=-3, hi=3, **NOSPEC),
                          arr(FLOATS, st.just((4,)), lo=-3, hi=3, **NOSPEC),
                          range=[(-1, 1), (-2, 2)], bins=st.sampled_from([1, 4]))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_function(spec, data):
    run_spec(spec, data)


# the tests below compare these with real NumPy directly (not through a Spec)
covers("numpy.linalg.tensorsolve", "numpy.common_type", "numpy.min_scalar_type",
       "numpy.fromiter", "numpy.mask_indices")




def test_common_and_min_scalar_type():
    covers("numpy.common_type", "numpy.min_scalar_type")
    cases = [[real.arange(3)], [real.ones(2, "float32")], [real.ones(2, "float16")],
             [real.ones(2, "float32"), real.ones(2, "int8")],
             [real.ones(2, "complex64")], [real.ones(2, "complex64"), real.ones(2)],
             [real.ones(2, "float16"), real.ones(2, "complex64")],
             [real.ones(2, "bool")]]
    for b in BACKENDS:
        with ivy.using_backend(b):
            for c in cases:
                try:
                    exp = real.common_type(*c)
                except TypeError:
                    with pytest.raises(TypeError):
                        fnp.common_type(*[fnp.array(x) for x in c])
                    continue
                got = fnp.common_type(*[fnp.array(x) for x in c])
                assert got is getattr(fnp, exp.__name__), (c, got, exp)
            for v in [0, 10, 300, -1, -129, 2 ** 40, 1.0, 1e300, 1e-5, 1 + 2j, True]:
                assert fnp.min_scalar_type(v) == real.min_scalar_type(v), v
            for x in [real.array(300), real.array(-2.0, "float32"), real.arange(3),
                      real.ones((2, 2), "float32"), real.array(70000, "uint32")]:
                got = fnp.min_scalar_type(fnp.array(x))
                assert isinstance(got, fnp.dtype) and got == real.min_scalar_type(x), x


def test_fromiter():
    covers("numpy.fromiter")
    for b in BACKENDS:
        with ivy.using_backend(b):
            for mk, dt, count in [(lambda: iter(range(5)), "float32", -1),
                                  (lambda: (x * x for x in range(6)), "int64", 4),
                                  (lambda: iter([]), "float64", -1),
                                  (lambda: iter([1.5, 2.5]), "int32", -1),
                                  (lambda: iter(range(3)), "int8", 5)]:
                try:
                    exp = real.fromiter(mk(), dt, count)
                except ValueError:
                    with pytest.raises(ValueError):
                        fnp.fromiter(mk(), getattr(fnp, dt), count)
                    continue
                got = fnp.fromiter(mk(), getattr(fnp, dt), count)
                assert got.dtype.name == exp.dtype.name and got.shape == exp.shape
                assert ivy.backend_of(got._data).name == b
                real.testing.assert_array_equal(real.asarray(got), exp)


def test_mask_indices():
    covers("numpy.mask_indices")
    for b in BACKENDS:
        with ivy.using_backend(b):
            for n, k, fr, ff in [(3, 0, real.triu, fnp.triu), (4, 1, real.triu, fnp.triu),
                                 (4, -1, real.tril, fnp.tril), (0, 0, real.triu, fnp.triu)]:
                exp = real.mask_indices(n, fr, k)
                got = fnp.mask_indices(n, ff, k)
                assert len(got) == len(exp) == 2
                for g, e in zip(got, exp, strict=True):
                    assert g.dtype.name == e.dtype.name and g.shape == e.shape
                    real.testing.assert_array_equal(real.asarray(g), e)


def test_errors():
    for b in BACKENDS:
        with ivy.using_backend(b):
            with pytest.raises(ValueError):
                fnp.asarray_chkfinite([1.0, math.nan])
            with pytest.raises(ValueError):
                fnp.matvec(fnp.ones(3), fnp.ones(3))
            with pytest.raises(NotImplementedError):
                fnp.matvec(fnp.ones((2, 3)), fnp.ones(3), axes=[(0, 1), 0, 0])
            r = fnp.frexp(fnp.array([8.0, 0.3]))
            assert isinstance(r, tuple) and r[1].dtype == fnp.int32
