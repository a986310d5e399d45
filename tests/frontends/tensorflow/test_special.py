"""tf.math special functions, tf.math.special Bessel functions, tf.signal Kaiser windows and the
newer tf.random functions vs real TensorFlow."""

import math
import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    BACKENDS,
    EX,
    A,
    D,
    Spec,
    a,
    arrays,
    check,
    covers,
    run_spec,
    same_pair,
)

_check = check

F16 = ("float16", "float32", "float64", "int32")   # int32: TF raises, the frontend must too
F32 = ("float32", "float64", "float16", "int32")   # float16 too: these kernels refuse it
NO_JAX = tuple(b for b in BACKENDS if b != "jax")  # Ivy's jax backend has no j0/y0/k0/...
NO_TORCH = tuple(b for b in BACKENDS if b != "torch")  # Ivy's torch backend has no betainc

EDGES = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1.5, 10.0, -10.5, 30.0, -30.0,
                  math.inf, -math.inf, math.nan], np.float64)


def _x(dtypes, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw)).map(A)


SPECS = [
    Spec("math.lgamma", a(_x(F16, lo=-20, hi=20)), rtol=1e-3, atol=1e-4),
    Spec("math.digamma", a(_x(F16, lo=-20, hi=20)), rtol=1e-3, atol=1e-4),
    Spec("math.erfinv", a(_x(F32, lo=-1, hi=1))),
    Spec("math.erfcinv", a(_x(F32, lo=0, hi=2))),
    Spec("math.ndtri", a(_x(F32, lo=0, hi=1))),
    Spec("math.bessel_i0", a(_x(F16, lo=-20, hi=20))),
    Spec("math.bessel_i0e", a(_x(F16, lo=-20, hi=20))),
    Spec("math.bessel_i1", a(_x(F16, lo=-20, hi=20))),
    Spec("math.bessel_i1e", a(_x(F16, lo=-20, hi=20))),
    Spec("math.lbeta", a(_x(F16, lo=0.125, hi=10, specials=False).filter(
        lambda t: t.a.ndim > 0)), rtol=1e-3, atol=1e-3),
    Spec("math.special.bessel_j0", a(_x(F16, lo=-20, hi=20)), atol=1e-4, backends=NO_JAX),
    Spec("math.special.bessel_j1", a(_x(F16, lo=-20, hi=20)), atol=1e-4, backends=NO_JAX),
    Spec("math.special.bessel_y0", a(_x(F16, lo=-20, hi=20)), atol=1e-4, backends=NO_JAX),
    Spec("math.special.bessel_y1", a(_x(F16, lo=-20, hi=20)), atol=1e-4, backends=NO_JAX),
    Spec("math.special.bessel_k0", a(_x(F16, lo=-20, hi=20)), backends=NO_JAX),
    Spec("math.special.bessel_k0e", a(_x(F16, lo=-20, hi=20)), backends=NO_JAX),
    Spec("math.special.bessel_k1", a(_x(F16, lo=-20, hi=20)), backends=NO_JAX),
    Spec("math.special.bessel_k1e", a(_x(F16, lo=-20, hi=20)), backends=NO_JAX),
]


def _pair(lo, hi):
    return same_pair(F32, lo=lo, hi=hi)


SPECS += [
    Spec("math.igamma", _pair(-1, 20).map(lambda p: (p, {})), rtol=1e-3, atol=1e-5),
    Spec("math.igammac", _pair(-1, 20).map(lambda p: (p, {})), rtol=1e-3, atol=1e-5),
    Spec("math.zeta", st.tuples(_x(("float32", "float64"), lo=0, hi=8, shape=(3,)),
                                _x(("float32", "float64"), lo=-3, hi=5, shape=(3,))).filter(
        lambda p: p[0].a.dtype == p[1].a.dtype).map(lambda p: (p, {})), rtol=1e-3, atol=1e-5),
    Spec("math.polygamma", st.sampled_from(["float32", "float64"]).flatmap(
        lambda d: st.tuples(arrays(d, (3,), lo=-1, hi=4).map(lambda v: A(np.round(v))),
                            arrays(d, (3,), lo=-3, hi=8).map(A))).map(lambda p: (p, {})),
         rtol=1e-3, atol=1e-4),
    Spec("math.betainc", st.sampled_from(["float32", "float64"]).flatmap(
        lambda d: st.tuples(arrays(d, (3,), lo=-1, hi=6).map(A),
                            arrays(d, (3,), lo=-1, hi=6).map(A),
                            arrays(d, (3,), lo=-0.5, hi=1.5).map(A))).map(lambda p: (p, {})),
         rtol=1e-3, atol=1e-5, backends=NO_TORCH),
    Spec("signal.kaiser_window", a(st.integers(-1, 12), beta=st.sampled_from([0.0, 1.5, 12.0]),
                                   dtype=st.sampled_from([D("float32"), D("float64"),
                                                          D("float16"), D("int32")]))),
    Spec("signal.kaiser_bessel_derived_window", a(
        st.integers(0, 12), beta=st.sampled_from([0.5, 12.0]),
        dtype=st.sampled_from([D("float32"), D("float64")])), rtol=1e-4, atol=1e-5),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_special(spec, data):
    run_spec(spec, data)


UNARY = ["lgamma", "digamma", "erfinv", "erfcinv", "ndtri", "bessel_i0", "bessel_i0e",
         "bessel_i1", "bessel_i1e"]
SPECIAL = ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "bessel_k0", "bessel_k0e",
           "bessel_k1", "bessel_k1e"]


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_special_edges(dt):
    """Zeros, poles, negative integers, +-inf and NaN, each function and dtype. float64 on the
    numpy and tensorflow backends by default (jax too with IVY_FULL=1: ~40 s of one core)."""
    skip = "jax" if dt == "float64" and not os.environ.get("IVY_FULL") else None

    def check(*a, backends=BACKENDS, **k):
        return _check(*a, backends=tuple(b for b in backends if b != skip), **k)
    x = A(EDGES.astype(dt))
    for n in UNARY:
        check("math." + n, x, _rtol=1e-4, _atol=1e-6)
    for n in SPECIAL:
        check("math.special." + n, x, backends=NO_JAX, _rtol=1e-4, _atol=1e-6)
    g = np.array([0.0, 0.5, 1.0, 2.0, 3.0, -1.0, -2.0, -1.5, math.inf, -math.inf, math.nan], dt)
    aa, xx = np.meshgrid(g, g)
    for n in ("igamma", "igammac"):
        check("math." + n, A(aa.ravel()), A(xx.ravel()), _rtol=1e-4, _atol=1e-6)
    zx = np.array([1.0, 0.5, 2.0, 3.0, 4.0, 2.5, math.inf, math.nan, 8.0], dt)
    zq = np.array([1.0, 2.0, 0.0, -1.0, -2.0, -1.5, 0.5, 1.0, 1e9], dt)
    zxx, zqq = np.meshgrid(zx, zq)
    check("math.zeta", A(zxx.ravel()), A(zqq.ravel()), _rtol=1e-4, _atol=1e-6)
    pn = np.array([0.0, 1.0, 2.0, 3.0, -1.0, 1.5, math.nan, math.inf], dt)
    px = np.array([2.0, 0.0, -1.0, -2.0, 0.5, -1.5, math.inf, 20.0], dt)
    pnn, pxx = np.meshgrid(pn, px)
    check("math.polygamma", A(pnn.ravel()), A(pxx.ravel()), _rtol=1e-4, _atol=1e-6)
    bv = np.array([0.0, 0.5, 1.0, 2.0, -1.0, math.inf, math.nan], dt)
    xv = np.array([0.0, 0.25, 1.0, 1.5, -0.5, math.nan], dt)
    ba, bb, bx = (m.ravel() for m in np.meshgrid(bv, bv, xv))
    check("math.betainc", A(ba), A(bb), A(bx), backends=NO_TORCH, _rtol=1e-4, _atol=1e-6)


def test_special_errors():
    """TF refuses mixed dtypes and 0-d lbeta; scalars convert to the tensor's dtype."""
    f32, f64 = A(np.array([1.5, 2.0], np.float32)), A(np.array([1.5, 2.0], np.float64))
    for n in ("igamma", "igammac", "zeta", "polygamma"):
        check("math." + n, f32, f64)
        check("math." + n, f64, 2.0)
    check("math.betainc", f32, f32, f64, backends=NO_TORCH)
    check("math.betainc", 1.0, f32, 0.5, backends=NO_TORCH)
    check("math.lbeta", A(np.array(2.0, np.float32)))
    check("math.lbeta", A(np.zeros((2, 0), np.float32)))
    check("signal.kaiser_window", 0)
    with pytest.raises(NotImplementedError, match="dawsn"):
        ftf.math.special.dawsn(ftf.constant([1.0]))
    with ivy.using_backend("jax"), pytest.raises(ivy.IvyError, match="j0"):
        ftf.math.special.bessel_j0(ftf.constant([1.0]))
    with ivy.using_backend("torch"), pytest.raises(ivy.IvyError, match="betainc"):
        ftf.math.betainc(ftf.constant([1.0]), ftf.constant([1.0]), ftf.constant([0.5]))


covers("tf.math.special.bessel_i0", "tf.math.special.bessel_i0e", "tf.math.special.bessel_i1",
       "tf.math.special.bessel_i1e")


# ------------------------------------------------------------------------------ tf.random
def _meta(path, *args, **kwargs):
    """Run ``path`` on real TF and the frontend under each backend: the same dtype and shape (or
    both raise); returns the frontend's values per backend."""
    import tensorflow as real

    from .helpers import call, to_front, to_real

    try:
        exp = call(real, path, to_real(args), to_real(kwargs))
    except Exception:  # noqa: BLE001
        for b in BACKENDS:
            with ivy.using_backend(b), pytest.raises(Exception):  # noqa: B017
                call(ftf, path, to_front(args), to_front(kwargs))
        return None
    out = {}
    for b in BACKENDS:
        with ivy.using_backend(b):
            got = call(ftf, path, to_front(args), to_front(kwargs))
            assert got.dtype.name == exp.dtype.name, f"{path} on {b}: {got.dtype} != {exp.dtype}"
            assert got.shape.as_list() == exp.shape.as_list(), f"{path} on {b}: {got.shape}"
            assert ivy.backend_of(got._data).name == b
            out[b] = got.numpy()
    return out


def _moments(x, mean, var, n_sigma=6.0):
    x = np.asarray(x, np.float64).ravel()
    se = math.sqrt(var / x.size)
    assert abs(x.mean() - mean) < n_sigma * se + 1e-6, (x.mean(), mean)
    assert abs(x.var() - var) < 0.15 * var + 1e-6, (x.var(), var)


def test_random_gamma_poisson():
    """Shapes and dtypes as TF, moments of large samples (the values are not TF's)."""
    r = ftf.random
    for dt in ("float32", "float64", "float16", "int32"):
        _meta("random.gamma", [3], A(np.array([0.5, 2.0], dt)), dtype=D(dt))
    _meta("random.gamma", [2, 1], 1.5, beta=A(np.array([1.0, 2.0], np.float32)))
    _meta("random.stateless_gamma", [3, 2], [1, 2], A(np.array([0.5, 2.0], np.float32)))
    _meta("random.stateless_gamma", [3, 2], [1, 2], 2.0, beta=3.0, dtype=D("float64"))
    _meta("random.stateless_gamma", [3, 2], [1, 2], A(np.array([1.0, 2.0, 3.0], np.float32)))
    for dt in ("float32", "int32", "int64", "float64"):
        _meta("random.poisson", [4], A(np.array([1.0, 20.0], np.float32)), dtype=D(dt))
        _meta("random.stateless_poisson", [4, 2], [3, 4], A(np.array([1.0, 20.0], np.float32)),
              dtype=D(dt))
    _meta("random.poisson", [4], A(np.array([1, 20], np.int32)))
    for b in BACKENDS:
        with ivy.using_backend(b):
            r.set_seed(3)
            for alpha, beta in ((0.3, 1.0), (2.5, 2.0), (40.0, 0.5)):
                g = r.gamma([10000], alpha, beta=beta, dtype=ftf.float64).numpy()
                assert g.min() >= 0
                _moments(g, alpha / beta, alpha / beta ** 2)
            for lam in (0.0, 0.7, 4.0, 9.9, 10.0, 37.5, 1000.0):
                p = r.poisson([10000], lam, dtype=ftf.int64).numpy()
                assert p.min() >= 0 and p.dtype == np.int64
                _moments(p, lam, lam)
            s1 = r.stateless_gamma([5], [4, 5], alpha=[0.5, 1, 2, 3, 60.0]).numpy()
            s2 = r.stateless_gamma([5], [4, 5], alpha=[0.5, 1, 2, 3, 60.0]).numpy()
            np.testing.assert_array_equal(s1, s2)
            p1 = r.stateless_poisson([2, 3], [4, 5], lam=[[1.0, 30.0, 0.0]]).numpy()
            np.testing.assert_array_equal(p1, r.stateless_poisson([2, 3], [4, 5],
                                                                  lam=[[1.0, 30.0, 0.0]]).numpy())
            assert (p1[:, 2] == 0).all()
            _moments(r.stateless_poisson([20000], [1, 9], lam=12.0).numpy(), 12.0, 12.0)
            _moments(r.stateless_gamma([20000], [1, 9], alpha=0.8, beta=4.0).numpy(), 0.2,
                     0.05)


def test_random_binomial_truncated():
    r = ftf.random
    for dt in ("int32", "int64", "float32", "float64"):
        _meta("random.stateless_binomial", [4, 2], [1, 2], A(np.array([10.0, 20.0], np.float32)),
              0.3, output_dtype=D(dt))
    _meta("random.stateless_binomial", [4, 2], [1, 2], 5.0, A(np.array([0.1, 0.9], np.float64)))
    _meta("random.stateless_parameterized_truncated_normal", [3, 2], [1, 2])
    _meta("random.stateless_parameterized_truncated_normal", [3], [1, 2],
          means=A(np.array([0.0, 1.0, 2.0], np.float64)), stddevs=2.0, minvals=-1.0,
          maxvals=5.0)
    for b in BACKENDS:
        with ivy.using_backend(b):
            x = r.stateless_binomial([20000], [5, 6], counts=30.0, probs=0.25).numpy()
            assert x.dtype == np.int32 and x.min() >= 0 and x.max() <= 30
            _moments(x, 7.5, 30 * 0.25 * 0.75)
            y = r.stateless_binomial([3], [5, 6], counts=[0.0, 7.0, 4.0], probs=[0.5, 1.0, 0.0])
            np.testing.assert_array_equal(y.numpy(), [0, 7, 0])
            np.testing.assert_array_equal(
                x, r.stateless_binomial([20000], [5, 6], counts=30.0, probs=0.25).numpy())
            for lo, hi in ((-2.0, 2.0), (0.5, 3.0), (4.0, 9.0), (-9.0, -5.0)):
                t = r.stateless_parameterized_truncated_normal(
                    [20000], [7, 8], means=1.0, stddevs=2.0, minvals=lo, maxvals=hi).numpy()
                assert t.dtype == np.float32 and t.min() >= lo and t.max() <= hi
                import scipy.stats as ss

                d = ss.truncnorm((lo - 1) / 2, (hi - 1) / 2, loc=1.0, scale=2.0)
                _moments(t, d.mean(), d.var())
            with pytest.raises(NotImplementedError, match="stateless_binomial"):
                r.stateless_binomial([4096], [1, 2], counts=2.0 ** 20, probs=0.5)


def test_random_deterministic_helpers():
    for seed, alg in ((1234, "philox"), ([12, 34], "threefry"), (5, 1), ([1, 2], 3),
                      (2 ** 70 + 5, "philox"), (2 ** 64 - 1, "threefry"), ([1, 2, 3, 4], 2)):
        check("random.create_rng_state", seed, alg)
    check("random.create_rng_state", 1, 7)
    check("random.create_rng_state", 1, "bogus")
    import tensorflow as real

    assert [(a.name, a.value) for a in ftf.random.Algorithm] == [
        (a.name, a.value) for a in real.random.Algorithm]
    check("random.create_rng_state", 1, ftf.random.Algorithm.THREEFRY.value)
    tc = A(np.array([[1, 2], [3, 0]], np.int64))
    check("random.all_candidate_sampler", tc, 2, 5, True)
    check("random.all_candidate_sampler", tc, 2, 3, False, seed=3)
    check("random.all_candidate_sampler", tc, 3, 3, False)
    check("random.all_candidate_sampler", A(np.array([[1, 2]], np.int32)), 2, 3, True)


covers("tf.random.gamma", "tf.random.stateless_gamma", "tf.random.poisson",
       "tf.random.stateless_poisson", "tf.random.stateless_binomial",
       "tf.random.stateless_parameterized_truncated_normal", "tf.random.Algorithm",
       "tf.random.create_rng_state", "tf.random.all_candidate_sampler")


# ------------------------------------------------------- morphology, patches, padding helpers
_IMG = arrays("float32", (2, 7, 6, 3), lo=-3, hi=3).map(A)
_WIN = st.sampled_from([([1, 1, 1, 1], [1, 1, 1, 1]), ([1, 2, 3, 1], [1, 2, 1, 1]),
                        ([1, 3, 2, 1], [1, 1, 2, 1])])
EXTRA = [
    Spec("nn.dilation2d", _WIN.flatmap(lambda w: a(
        _IMG, arrays("float32", st.sampled_from([(3, 2, 3), (1, 1, 3), (2, 3, 3)]),
                     lo=-2, hi=2).map(A), w[0], st.sampled_from(["SAME", "VALID"]), "NHWC",
        w[1]))),
    Spec("nn.erosion2d", _WIN.flatmap(lambda w: a(
        _IMG, arrays("float32", (3, 2, 3), lo=-2, hi=2).map(A), w[0],
        st.sampled_from(["SAME", "VALID"]), "NHWC", w[1]))),
    Spec("image.extract_patches", _WIN.flatmap(lambda w: a(
        st.one_of(_IMG, arrays("int32", (1, 5, 4, 2)).map(A)),
        st.sampled_from([[1, 3, 2, 1], [1, 1, 1, 1], [1, 2, 2, 1]]), w[0], w[1],
        st.sampled_from(["SAME", "VALID"])))),
    Spec("image.resize_with_pad", a(
        st.one_of(arrays("float32", (5, 8, 2), lo=0, hi=1, specials=False).map(A),
                  arrays("float32", (2, 6, 3, 1), lo=0, hi=1, specials=False).map(A)),
        st.integers(1, 12), st.integers(1, 12),
        method=st.sampled_from(["bilinear", "nearest"])), rtol=1e-4, atol=1e-5),
    Spec("image.crop_and_resize", a(
        st.one_of(_IMG, arrays("uint8", (2, 7, 6, 3)).map(A)),
        arrays("float32", (4, 4), lo=-0.5, hi=1.5, specials=False).map(A),
        arrays("int32", (4,), lo=0, hi=1).map(A),
        st.sampled_from([[3, 4], [1, 1], [5, 2]]),
        method=st.sampled_from(["bilinear", "nearest"]),
        extrapolation_value=st.sampled_from([0.0, -1.5])), rtol=1e-4, atol=1e-4),
    Spec("required_space_to_batch_paddings", a(
        st.lists(st.integers(0, 9), min_size=2, max_size=2), st.sampled_from([[2, 3], [1, 4]]),
        base_paddings=st.sampled_from([None, [[1, 0], [2, 3]]]))),
]


@pytest.mark.parametrize("spec", EXTRA, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_extra_names(spec, data):
    run_spec(spec, data)


def test_extra_names_errors():
    img = A(np.zeros((1, 4, 4, 2), np.float32))
    check("nn.dilation2d", img, A(np.zeros((2, 2, 2), np.float64)), [1, 1, 1, 1], "SAME",
          "NHWC", [1, 1, 1, 1])
    check("image.extract_patches", img, [2, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "SAME")
    check("image.resize_with_pad", A(np.zeros((4, 4), np.float32)), 3, 3)
    check("image.resize_with_pad", A(np.zeros((4, 4, 1), np.float32)), 0, 3)
    check("required_space_to_batch_paddings", [4, 5], [], None)
    check("required_space_to_batch_paddings", [4, 5, 6], [2, 2])
    boxes = A(np.array([[0.1, 0.2, 0.8, 0.9]], np.float32))
    check("image.crop_and_resize", img, boxes, A(np.array([1], np.int32)), [2, 2])
    check("image.crop_and_resize", img, boxes, A(np.array([0], np.int32)), [0, 2])
    check("image.crop_and_resize", img, boxes, A(np.array([0], np.int32)), [2, 2],
          method="bicubic")


# ------------------------------------------------------------------------------ raw ops
_RX = A(np.array([0.0, -1.0, 0.5, -0.5, 1.5, 10.0, math.inf, math.nan], np.float32))
_RX64 = A(np.array([0.0, -2.0, 0.25, 3.0, -math.inf, 30.0], np.float64))


RAW_UNARY = ["Lgamma", "Digamma", "Erfinv", "Ndtri", "Erfc", "BesselI0", "BesselI0e", "BesselI1",
             "BesselI1e", "BesselJ0", "BesselJ1", "BesselY0", "BesselY1", "BesselK0", "BesselK0e",
             "BesselK1", "BesselK1e"]
RAW_BINARY = ["Igamma", "Igammac", "Zeta", "Polygamma", "Betainc", "Xlogy", "Xlog1py"]
covers(*["tf.raw_ops." + n for n in RAW_UNARY + RAW_BINARY])


@pytest.mark.parametrize("op", RAW_UNARY)
def test_raw_special_unary(op):
    be = NO_JAX if op[6:7] in ("J", "Y", "K") else BACKENDS
    for x in (_RX, _RX64, A(np.array([1, 2], np.int32))):
        check("raw_ops." + op, x=x, backends=be, _rtol=1e-4, _atol=1e-6)


def test_raw_special_binary():
    a_ = A(np.array([0.5, 2.0, 0.0, 3.0, -1.0, 1.0], np.float32))
    x_ = A(np.array([1.5, 0.5, 0.0, 2.0, 1.0, math.inf], np.float32))
    for op, kw in (("Igamma", {"a": a_, "x": x_}), ("Igammac", {"a": a_, "x": x_}),
                   ("Zeta", {"x": x_, "q": a_}), ("Polygamma", {"a": A(np.array(
                       [0.0, 1.0, 2.0, 1.5, -1.0, 3.0], np.float32)), "x": x_}),
                   ("Betainc", {"a": x_, "b": x_, "x": A(np.array([0.5, 0.25, 0.0, 1.0, 0.5,
                                                                    0.5], np.float32))}),
                   ("Xlogy", {"x": a_, "y": x_}), ("Xlog1py", {"x": a_, "y": x_})):
        be = NO_TORCH if op == "Betainc" else BACKENDS
        check("raw_ops." + op, backends=be, _rtol=1e-4, _atol=1e-6, **kw)
        check("raw_ops." + op, backends=be, **{k: A(v.a.astype(np.float64))
                                                for k, v in kw.items()})
    check("raw_ops.Igamma", a=a_, x=A(np.ones(6, np.float64)))


def test_candidate_samplers():
    """Shapes and dtypes as TF; expected counts by value where they do not depend on the draws
    (``unique=False``); with ``unique=True`` the candidates are distinct and the counts follow
    TF's ``-expm1(num_tries * log1p(-p))`` for some number of tries >= num_sampled."""
    import tensorflow as real

    tc = np.array([[1, 2], [3, 0], [9, 5]], np.int64)
    for name in ("uniform_candidate_sampler", "log_uniform_candidate_sampler"):
        for unique, ns, rm in ((False, 4, 10), (True, 4, 10), (True, 10, 10), (False, 50, 12)):
            exp = getattr(real.random, name)(real.constant(tc), 2, ns, unique, rm, seed=3)
            for b in BACKENDS:
                with ivy.using_backend(b):
                    got = getattr(ftf.random, name)(ftf.constant(tc), 2, ns, unique, rm, seed=3)
                    for g, e in zip(got, exp, strict=True):
                        assert g.dtype.name == e.dtype.name and g.shape.as_list() == \
                            e.shape.as_list()
                    s = got.sampled_candidates.numpy()
                    assert s.min() >= 0 and s.max() < rm
                    if unique:
                        assert len(set(s.tolist())) == ns
                        p = (np.full(tc.shape, 1 / rm) if name[0] == "u" else
                             np.log((tc + 2.0) / (tc + 1.0)) / np.log1p(rm))
                        t = got.true_expected_count.numpy().astype(np.float64)
                        # one number of tries explains every count (ns * p when no collision;
                        # counts that rounded to ~1 in float32 say nothing about it)
                        assert (t > 0).all()
                        ok = t < 0.99
                        n = np.log1p(-t[ok]) / np.log1p(-p[ok])
                        assert np.allclose(t, ns * p, rtol=1e-5) or not ok.any() or (
                            np.ptp(n) < 1e-2 * n.max() and n.min() >= ns - 1e-3)
                    else:
                        np.testing.assert_allclose(got.true_expected_count.numpy(),
                                                   exp.true_expected_count.numpy(), rtol=1e-5)
    check("random.uniform_candidate_sampler", A(tc), 2, 11, True, 10)
    check("random.log_uniform_candidate_sampler", A(tc.astype(np.int32)), 2, 3, True, 10)
    check("random.uniform_candidate_sampler", A(tc), 3, 2, False, 10)
    check("random.log_uniform_candidate_sampler", A(tc), 2, 2, False, 7)
    r = ftf.random
    x = r.log_uniform_candidate_sampler(ftf.constant(tc), 2, 20000, False, 50, seed=1)
    counts = np.bincount(x.sampled_candidates.numpy(), minlength=50) / 20000
    pk = np.log((np.arange(50) + 2.0) / (np.arange(50) + 1.0)) / np.log1p(50)
    assert np.abs(counts - pk).max() < 0.02


covers("tf.random.uniform_candidate_sampler", "tf.random.log_uniform_candidate_sampler")
