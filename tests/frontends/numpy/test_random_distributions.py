"""``numpy.random.Generator`` distributions vs the real NumPy.

The frontend's streams are not NumPy's PCG64 streams (docs/frontends-numpy.md), so values cannot
be compared. Each distribution is instead checked, on the numpy, jax and torch Ivy backends, for:
NumPy's result shape, dtype and Python-scalar-vs-array type (scalar, ``size=`` and broadcast
array parameters, and the ValueError for a ``size`` the parameters do not broadcast to); support;
reproducibility for a seed; raising where NumPy raises (invalid parameters); and the sample mean
and variance of 20,000 draws against the analytic values from ``scipy.stats`` within 5 standard
errors (the variance's standard error from the analytic kurtosis) -- a wrong formula (a wrong
scale, a gamma off by one in its shape, a Poisson of the wrong rate...) fails.
"""

from __future__ import annotations

import math
import os
import warnings

import numpy as real
import pytest
from scipy import special, stats

import ivy
import ivy.frontends.numpy as fnp

from .helpers import BACKENDS, covers

FULL = bool(os.environ.get("IVY_FULL"))

N = 20_000
Z = 5.0  # standard errors

# name, scalar args, scipy frozen distribution (None: checked separately), invalid args
CASES = [
    ("standard_gamma", (0.4,), stats.gamma(0.4), [(-1.0,)]),
    ("standard_gamma", (4.5,), stats.gamma(4.5), []),
    ("gamma", (2.0, 3.0), stats.gamma(2.0, scale=3.0), [(-1.0, 1.0), (1.0, -2.0)]),
    ("gamma", (0.3, 2.0), stats.gamma(0.3, scale=2.0), []),
    ("beta", (0.5, 2.0), stats.beta(0.5, 2.0), [(0.0, 1.0), (1.0, -1.0)]),
    ("beta", (3.0, 4.0), stats.beta(3.0, 4.0), []),
    ("chisquare", (3.0,), stats.chi2(3.0), [(0.0,), (-2.0,)]),
    ("noncentral_chisquare", (3.0, 2.0), stats.ncx2(3.0, 2.0), [(0.0, 1.0), (2.0, -1.0)]),
    ("noncentral_chisquare", (0.5, 25.0), stats.ncx2(0.5, 25.0), []),
    ("f", (5.0, 20.0), stats.f(5.0, 20.0), [(0.0, 3.0), (3.0, -1.0)]),
    ("noncentral_f", (5.0, 20.0, 2.0), stats.ncf(5.0, 20.0, 2.0),
     [(0.0, 3.0, 1.0), (3.0, 0.0, 1.0), (3.0, 3.0, -1.0)]),
    ("standard_t", (10.0,), stats.t(10.0), [(0.0,)]),
    ("lognormal", (0.1, 0.5), stats.lognorm(0.5, scale=math.exp(0.1)), [(0.0, -1.0)]),
    ("gumbel", (1.0, 2.0), stats.gumbel_r(1.0, 2.0), [(0.0, -1.0)]),
    ("laplace", (1.0, 2.0), stats.laplace(1.0, 2.0), [(0.0, -1.0)]),
    ("logistic", (1.0, 2.0), stats.logistic(1.0, 2.0), [(0.0, -1.0)]),
    ("pareto", (8.0,), stats.lomax(8.0), [(0.0,), (-1.0,)]),
    ("power", (3.0,), stats.powerlaw(3.0), [(0.0,)]),
    ("weibull", (2.0,), stats.weibull_min(2.0), [(-1.0,)]),
    ("rayleigh", (2.0,), stats.rayleigh(scale=2.0), [(-1.0,)]),
    ("triangular", (0.0, 1.0, 3.0), stats.triang(1 / 3, loc=0.0, scale=3.0),
     [(2.0, 1.0, 3.0), (0.0, 4.0, 3.0), (1.0, 1.0, 1.0)]),
    ("wald", (1.0, 2.0), stats.invgauss(0.5, scale=2.0), [(0.0, 1.0), (1.0, 0.0)]),
    ("vonmises", (0.0, 2.0), stats.vonmises(2.0), [(0.0, -1.0)]),
    ("poisson", (3.0,), stats.poisson(3.0), [(-1.0,), (math.nan,)]),
    ("poisson", (40.0,), stats.poisson(40.0), []),
    ("binomial", (10, 0.3), stats.binom(10, 0.3), [(-1, 0.5), (5, 1.5), (5, -0.1)]),
    ("binomial", (500, 0.6), stats.binom(500, 0.6), []),
    ("negative_binomial", (3, 0.4), stats.nbinom(3, 0.4), [(0, 0.5), (3, 0.0), (3, 1.5)]),
    ("geometric", (0.3,), stats.geom(0.3), [(0.0,), (1.5,)]),
    ("logseries", (0.6,), stats.logser(0.6), [(1.0,), (-0.1,)]),
    ("zipf", (7.0,), stats.zipf(7.0), [(1.0,), (0.5,)]),
    ("hypergeometric", (10, 15, 8), stats.hypergeom(25, 10, 8),
     [(-1, 5, 2), (5, -1, 2), (5, 5, 11), (5, 5, -1)]),
    ("hypergeometric", (30, 5, 30), stats.hypergeom(35, 30, 30), []),
    ("standard_cauchy", (), None, []),
    ("exponential", (2.0,), stats.expon(scale=2.0), [(-1.0,)]),
    ("standard_exponential", (), stats.expon(), []),
    ("normal", (1.0, 2.0), stats.norm(1.0, 2.0), [(0.0, -1.0)]),
    ("uniform", (-1.0, 3.0), stats.uniform(-1.0, 4.0), [(0.0, math.inf)]),
    ("random", (), stats.uniform(), []),
    ("standard_normal", (), stats.norm(), []),
]
NAMES = sorted({c[0] for c in CASES} | {"multinomial", "multivariate_hypergeometric",
                                         "dirichlet", "multivariate_normal"})
covers(*[f"numpy.random.Generator.{n}" for n in NAMES])


def _ids(c):
    return f"{c[0]}{c[1]}"


def _np(x):
    return real.asarray(x)


def _moments_ok(x, dist, what):
    """Sample mean and variance within Z standard errors of the analytic ones."""
    m, v, k = (float(t) for t in dist.stats("mvk"))
    x = real.asarray(x, dtype="float64")
    n = x.size
    se_m = math.sqrt(v / n)
    assert abs(x.mean() - m) < Z * se_m, f"{what}: mean {x.mean()} vs {m} (se {se_m})"
    mu4 = (k + 3.0) * v * v
    se_v = math.sqrt(max(mu4 - v * v, 0.0) / n)
    assert abs(x.var() - v) < Z * se_v + 1e-12, f"{what}: var {x.var()} vs {v} (se {se_v})"


def _same_kind(got, exp, what):
    if isinstance(exp, real.ndarray):
        assert isinstance(got, fnp.ndarray), f"{what}: expected an array, got {type(got)}"
        assert got.shape == exp.shape, f"{what}: shape {got.shape} != {exp.shape}"
        assert got.dtype.name == exp.dtype.name, f"{what}: dtype {got.dtype} != {exp.dtype}"
    else:
        assert type(got) is type(exp), f"{what}: type {type(got)} != {type(exp)}"


def _bcast_args(args):
    """First parameter as shape (2, 1), second as (3,): results broadcast to (2, 3)."""
    out = []
    for i, v in enumerate(args):
        dt = "int64" if isinstance(v, int) else "float64"
        shape = (2, 1) if i == 0 else (3,) if i == 1 else ()
        out.append(real.full(shape, v, dtype=dt))
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_distribution(case, backend):
    name, args, dist, bad = case
    rg = real.random.default_rng(0)
    with ivy.using_backend(backend):
        g = fnp.random.default_rng(7)
        fn = getattr(g, name)
        # shapes/dtypes/types as NumPy: scalar, size=, broadcast array parameters
        shapes = [(args, None), (args, 4), (args, (2, 3)), (_bcast_args(args), None),
                  (_bcast_args(args), (4, 2, 3))]
        if backend == "jax" and not FULL:
            # JAX compiles every op anew for each shape (~1-2 s a shape for a rejection
            # sampler): the shape sweep is the frontend's logic, run on numpy and torch; JAX
            # keeps one broadcast shape, the errors, reproducibility and the moments
            shapes = shapes[-1:]
        for fargs, size in shapes:
            exp = getattr(rg, name)(*fargs, size=size)
            got = fn(*[fnp.array(a) if isinstance(a, real.ndarray) else a for a in fargs],
                     size=size)
            _same_kind(got, exp, f"{name}{tuple(args)} size={size} on {backend}")
            if isinstance(got, fnp.ndarray):
                assert ivy.backend_of(got._data).name == backend
        if args:  # a size the parameters cannot be broadcast to
            with pytest.raises(ValueError):
                getattr(rg, name)(*_bcast_args(args), size=5)
            with pytest.raises(ValueError):
                fn(*[fnp.array(a) for a in _bcast_args(args)], size=5)
        # invalid parameters: the frontend raises what NumPy raises (ValueError, ...)
        for b in bad:
            with pytest.raises(Exception) as exp_err:
                getattr(rg, name)(*b)
            with pytest.raises(exp_err.type):
                fn(*b)
            with pytest.raises(exp_err.type):
                fn(*b, size=3)
        # reproducible for a seed; another seed differs
        s1 = _np(getattr(fnp.random.default_rng(3), name)(*args, size=50))
        s2 = _np(getattr(fnp.random.default_rng(3), name)(*args, size=50))
        s3 = _np(getattr(fnp.random.default_rng(4), name)(*args, size=50))
        real.testing.assert_array_equal(s1, s2)
        assert not real.array_equal(s1, s3)
        # support and moments
        x = _np(fn(*args, size=N))
        assert x.shape == (N,) and real.isfinite(x).all(), f"{name}: non-finite draws"
        if dist is None:  # standard_cauchy: no moments; P(|X| < 1) = 1/2, P(X < tan(pi/4 - .3))
            for thr, p in [(1.0, 0.5), (3.0, 2 * math.atan(3.0) / math.pi)]:
                frac = float((abs(x) < thr).mean())
                assert abs(frac - p) < Z * math.sqrt(p * (1 - p) / N), (thr, frac, p)
            return
        lo, hi = dist.support()
        assert (x >= lo).all() and (x <= hi).all(), f"{name}: draws outside [{lo}, {hi}]"
        if real.dtype(x.dtype).kind == "i":
            assert real.all(x == real.round(x))
        _moments_ok(x, dist, f"{name}{args} on {backend}")


@pytest.mark.parametrize("backend", BACKENDS)
def test_broadcast_parameters_statistics(backend):
    """Each output element uses its own parameters (per-column moments)."""
    cols = [
        ("gamma", ([0.5, 6.0], [2.0, 1.0]), [stats.gamma(0.5, scale=2.0), stats.gamma(6.0)]),
        ("poisson", ([2.0, 30.0],), [stats.poisson(2.0), stats.poisson(30.0)]),
        ("binomial", ([5, 200], [0.5, 0.2]), [stats.binom(5, 0.5), stats.binom(200, 0.2)]),
        ("laplace", ([0.0, 5.0], [1.0, 3.0]), [stats.laplace(0, 1), stats.laplace(5, 3)]),
        ("triangular", ([0.0, -1.0], [0.5, 0.0], [1.0, 4.0]),
         [stats.triang(0.5), stats.triang(0.2, loc=-1.0, scale=5.0)]),
        ("hypergeometric", ([5, 20], [5, 3], [3, 10]),
         [stats.hypergeom(10, 5, 3), stats.hypergeom(23, 20, 10)]),
    ]
    with ivy.using_backend(backend):
        g = fnp.random.default_rng(11)
        for name, args, dists in cols:
            x = _np(getattr(g, name)(*args, size=(N // 2, 2)))
            assert x.shape == (N // 2, 2)
            for j, d in enumerate(dists):
                m, v = (float(t) for t in d.stats("mv"))
                se = math.sqrt(v / x.shape[0])
                assert abs(x[:, j].mean() - m) < Z * se, (name, j, x[:, j].mean(), m)


@pytest.mark.parametrize("backend", BACKENDS)
def test_multivariate(backend):
    rg = real.random.default_rng(0)
    # the size sweeps check shapes/dtypes (the frontend's logic, on numpy and torch); on JAX,
    # where each new shape compiles every op again, they run with IVY_FULL=1 only
    sizes = [None, 4, (2, 3)] if backend != "jax" or FULL else [(2, 3)]
    with ivy.using_backend(backend):
        g = fnp.random.default_rng(5)
        # multinomial: shape, dtype, row sums, binomial marginals
        p = [0.2, 0.3, 0.5]
        for size in sizes:
            e, r = rg.multinomial(10, p, size=size), g.multinomial(10, p, size=size)
            assert r.shape == e.shape and r.dtype.name == e.dtype.name
        x = _np(g.multinomial(10, p, size=N))
        assert (x.sum(-1) == 10).all() and (x >= 0).all()
        for j, pj in enumerate(p):
            _moments_ok(x[:, j], stats.binom(10, pj), f"multinomial[{j}]")
        for bad in ([0.5, 0.7, 0.1], [-0.1, 0.6, 0.5]):
            with pytest.raises(ValueError):
                rg.multinomial(5, bad)
            with pytest.raises(ValueError):
                g.multinomial(5, bad)
        # multivariate_hypergeometric: hypergeometric marginals, row sums
        colors = [3, 4, 5]
        for size in sizes:
            e = rg.multivariate_hypergeometric(colors, 6, size=size)
            r = g.multivariate_hypergeometric(colors, 6, size=size)
            assert r.shape == e.shape and r.dtype.name == e.dtype.name
        x = _np(g.multivariate_hypergeometric(colors, 6, size=N))
        assert (x.sum(-1) == 6).all() and (x <= real.array(colors)).all()
        for j, c in enumerate(colors):
            _moments_ok(x[:, j], stats.hypergeom(12, c, 6), f"mvhypergeometric[{j}]")
        for bad in [([3, 4], 8), ([3, -1], 1), ([[1, 2]], 1)]:
            with pytest.raises(ValueError):
                rg.multivariate_hypergeometric(*bad)
            with pytest.raises(ValueError):
                g.multivariate_hypergeometric(*bad)
        with pytest.raises(ValueError):
            g.multivariate_hypergeometric([3, 4], 2, method="nope")
        # dirichlet: on the simplex, beta marginals
        al = [1.0, 2.0, 0.5]
        for size in sizes:
            e, r = rg.dirichlet(al, size=size), g.dirichlet(al, size=size)
            assert r.shape == e.shape and r.dtype.name == e.dtype.name
        x = _np(g.dirichlet(al, size=N))
        real.testing.assert_allclose(x.sum(-1), 1.0, rtol=1e-12)
        for j, aj in enumerate(al):
            _moments_ok(x[:, j], stats.beta(aj, sum(al) - aj), f"dirichlet[{j}]")
        with pytest.raises(ValueError):
            rg.dirichlet([1.0, -1.0])
        with pytest.raises(ValueError):
            g.dirichlet([1.0, -1.0])
        # multivariate_normal: normal marginals and the normal sum (catches a wrong factor)
        mean, cov = [1.0, -2.0], [[2.0, 0.8], [0.8, 1.0]]
        for size in sizes:
            e, r = rg.multivariate_normal(mean, cov, size=size), \
                g.multivariate_normal(mean, cov, size=size)
            assert r.shape == e.shape and r.dtype.name == e.dtype.name
        for method in ("svd", "eigh", "cholesky"):
            x = _np(g.multivariate_normal(mean, cov, size=N, method=method))
            _moments_ok(x[:, 0], stats.norm(1.0, math.sqrt(2.0)), "mvn[0]")
            _moments_ok(x[:, 1], stats.norm(-2.0, 1.0), "mvn[1]")
            _moments_ok(x[:, 0] + x[:, 1], stats.norm(-1.0, math.sqrt(2 + 1 + 1.6)),
                        f"mvn sum ({method})")
        nonpsd = [[1.0, 2.0], [2.0, 1.0]]
        with pytest.raises(ValueError):
            rg.multivariate_normal(mean, nonpsd, check_valid="raise")
        with pytest.raises(ValueError):
            g.multivariate_normal(mean, nonpsd, check_valid="raise")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(RuntimeWarning):
                g.multivariate_normal(mean, nonpsd)
        for bad in [([1.0], cov), ([[1.0, 2.0]], cov), (mean, [1.0, 2.0])]:
            with pytest.raises(ValueError):
                rg.multivariate_normal(*bad)
            with pytest.raises(ValueError):
                g.multivariate_normal(*bad)


@pytest.mark.parametrize("backend", BACKENDS)
def test_vonmises_location(backend):
    """The circular mean is mu (wrapped into [-pi, pi)): E[cos(X - mu)] = I1(k) / I0(k)."""
    with ivy.using_backend(backend):
        x = _np(fnp.random.default_rng(2).vonmises(3.0, 1.5, size=N))
        assert ((x >= -math.pi) & (x <= math.pi)).all()
        c = real.cos(x - 3.0)
        m = special.iv(1, 1.5) / special.iv(0, 1.5)
        v = 0.5 * (1 + special.iv(2, 1.5) / special.iv(0, 1.5)) - m * m
        assert abs(c.mean() - m) < Z * math.sqrt(v / N)
        assert abs(real.sin(x - 3.0).mean()) < Z * math.sqrt(0.5 / N)
