"""torch.special.airy_ai (ATen's Cephes port: values vs torch) and torch.poisson / torch.binomial
(ATen's samplers on the frontend's random stream: dtype, shape, edge values and errors vs torch;
the distribution vs scipy's pmf and torch's own samples)."""

from __future__ import annotations

import os

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, T, check, covers

FULL = bool(os.environ.get("IVY_FULL"))
covers("torch.special.airy_ai")
covers("torch.poisson")
covers("torch.binomial")


@settings(max_examples=30 if FULL else 4, deadline=None, derandomize=True)
@given(st.sampled_from(["float32", "float64"]),
       st.lists(st.floats(-40, 40, allow_subnormal=False, width=32), min_size=1, max_size=8))
def test_airy_ai(dt, xs):
    check("special.airy_ai", T(np.asarray(xs, dt)), _atol=2e-5 if dt == "float32" else 1e-12)


def test_airy_ai_edges():
    for dt in ("float32", "float64"):
        x = np.concatenate([np.linspace(-30, 30, 241), [-2.09, 2.09, 2.0899999, -2.0899999,
                                                        8.3203353, 103.8, 103.9, 1e-30, -0.0,
                                                        np.inf, -np.inf, np.nan, -200.0]])
        check("special.airy_ai", T(x.astype(dt)), _atol=2e-5 if dt == "float32" else 1e-12)
    check("special.airy_ai", T(np.arange(-3, 4, dtype=np.int64)))  # integers -> float32


RATES = np.array([0.0, 0.3, 3.0, 9.9, 10.0, 57.0, 2e4])


def _chi2_ok(samples, pmf, lo, hi):
    """Pearson's test on the bins lo..hi (tails pooled): p-value above 1e-4."""
    ks = np.arange(lo, hi + 1)
    obs = np.array([(samples < lo).sum()] + [(samples == k).sum() for k in ks] +
                   [(samples > hi).sum()], float)
    p = np.concatenate([[pmf(lo - 1, cdf=True)], pmf(ks), [1 - pmf(hi, cdf=True)]])
    exp = p * len(samples)
    keep = exp > 5
    obs = np.concatenate([obs[keep], [obs[~keep].sum()]])
    exp = np.concatenate([exp[keep], [exp[~keep].sum()]])
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    return stats.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue > 1e-4


def test_poisson():
    n = 4000 if not FULL else 40000
    lam = np.broadcast_to(RATES, (n, len(RATES))).astype(np.float32)
    for b in BACKENDS:
        with ivy.using_backend(b):
            ft.manual_seed(3)
            s = ft.poisson(ft.tensor(lam))
            ft.manual_seed(3)
            assert np.array_equal(ft.poisson(ft.tensor(lam)).numpy(), s.numpy())  # seeded
            assert s.dtype is ft.float32 and tuple(s.shape) == lam.shape
            v = s.numpy()
            assert np.all(v == np.round(v)) and np.all(v >= 0) and np.all(v[:, 0] == 0)
            for j, r in enumerate(RATES[1:], 1):
                sd = np.sqrt(r)
                assert _chi2_ok(v[:, j], lambda k, cdf=False, r=r: stats.poisson.cdf(k, r)
                                if cdf else stats.poisson.pmf(k, r),
                                int(max(0, r - 4 * sd)), int(r + 4 * sd) + 1), (b, r)
    # dtype, errors and the rate-0 / p edge values as torch
    check("poisson", T(np.array([0.0, 0.0], np.float64)))
    check("poisson", T(np.array([1, 2])))  # "poisson_cpu" not implemented for 'Long'
    check("poisson", T(np.array([-1.0], np.float32)))
    check("poisson", T(np.array([np.nan], np.float32)))


def test_binomial():
    n = 4000 if not FULL else 40000
    cases = [(5.0, 0.5), (10.0, 0.2), (30.0, 0.9), (100.0, 0.3), (1000.0, 0.55), (7.0, 0.97)]
    cnt = np.broadcast_to(np.array([c for c, _ in cases]), (n, len(cases))).astype(np.float32)
    pr = np.broadcast_to(np.array([p for _, p in cases]), (n, len(cases))).astype(np.float32)
    for b in BACKENDS:
        with ivy.using_backend(b):
            g = ft.Generator().manual_seed(5)
            s = ft.binomial(ft.tensor(cnt), ft.tensor(pr), generator=g)
            assert s.dtype is ft.float32 and tuple(s.shape) == cnt.shape
            v = s.numpy()
            for j, (c, p) in enumerate(cases):
                p32 = float(np.float32(p))
                sd = np.sqrt(c * p32 * (1 - p32))
                assert _chi2_ok(v[:, j], lambda k, cdf=False, c=c, p=p32: stats.binom.cdf(k, c, p)
                                if cdf else stats.binom.pmf(k, c, p),
                                int(max(0, c * p32 - 4 * sd)), int(c * p32 + 4 * sd) + 1), (b, c, p)
    # (a NaN probability: torch's sampler never returns; the frontend gives NaN)
    edge_c = np.array([5.0, 0.0, 3.0, 5.0, -5.0], np.float32)
    edge_p = np.array([1.0, 0.5, 0.0, 1.5, 0.5], np.float32)
    check("binomial", T(edge_c), T(edge_p))
    check("binomial", T(np.array([5, 10])), T(np.array([0.5, 0.2], np.float32)))
