"""Fixes from the NumPy section of ``tests/transpiler/probe_unseen.py`` (2026-11-27): a seeded
``np.random.default_rng(seed)`` made inside the function (its draws are constants of the graph,
as they are the same on every NumPy call; it crashed in NumPy's Cython ``SeedSequence``), an
unseeded one refused by name, a draw from traced values refused; ``np.polynomial``'s pure-Python
functions followed like the user's code (``chebvander`` & co. wrote traced rows into a buffer
NumPy's code made); ``np.logaddexp.reduce`` (an HMM forward pass). Each program is re-run on a
third random draw and compared with NumPy itself; one target per case."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError

from .test_idioms import _roundtrip

R = np.random.default_rng(13)


def seeded_noise(x):
    r = np.random.default_rng(42)
    return x[r.permutation(x.shape[0])] + 0.1 * r.standard_normal(x.shape), r.integers(0, 9, 3)


def test_seeded_generator_inside_is_a_constant():
    t = _roundtrip(seeded_noise, (R.standard_normal((5, 2)),), "torch")
    x = R.standard_normal((5, 2))
    np.testing.assert_allclose(t(x)[0].numpy(), seeded_noise(x)[0])


def test_unseeded_generator_inside_is_refused():
    def f(x):
        return x + np.random.default_rng().normal(size=x.shape)

    with pytest.raises(TranspileError, match=r"default_rng\(\) without a seed"):
        ivy.transpile(f, source="numpy", target="jax", args=(R.standard_normal(4),))


def test_draw_from_traced_values_is_refused():
    def f(x):
        return np.random.default_rng(0).permutation(x)

    with pytest.raises(TranspileError, match=r"Generator\.permutation"):
        ivy.transpile(f, source="numpy", target="jax", args=(R.standard_normal(4),))


def chebyshev_fit(x, y):
    C = np.polynomial.chebyshev
    c = np.linalg.lstsq(C.chebvander(x, 3), y, rcond=None)[0]
    return C.chebval(x, c), np.polynomial.legendre.legvander(x, 2).sum(1)


def test_np_polynomial_vander_followed():
    _roundtrip(chebyshev_fit, (R.standard_normal(12), R.standard_normal(12)), "torch")


def hmm_forward(log_a, log_b, obs):
    la = log_b[:, obs[0]] - np.log(2.0)
    for t in range(1, obs.shape[0]):
        la = np.logaddexp.reduce(la[:, None] + log_a, axis=0) + log_b[:, obs[t]]
    return np.logaddexp.reduce(la)


def test_logaddexp_reduce_hmm():
    _roundtrip(hmm_forward, (R.standard_normal((2, 2)), R.standard_normal((2, 3)),
                             R.integers(0, 3, 6)), "jax")


@pytest.mark.parametrize("read", ["flatnonzero_size", "len_mask", "unique_shape"])
def test_shape_of_a_data_dependent_length_is_refused(read):
    """Was a silent wrong result: the count was baked in, and the second draw could not see it
    when it happened to hold as many matches (``PROBE_X``'s does)."""
    fn = {"flatnonzero_size": lambda x: x.sum() + np.flatnonzero(x < -1).size,
          "len_mask": lambda x: x.sum() + len(x[x < -1]),
          "unique_shape": lambda x: np.unique(np.round(x)).shape[0] * x}[read]
    with pytest.raises(TranspileError, match="length depends on the input values"):
        ivy.transpile(fn, source="numpy", target="torch", args=(PROBE_X,))


def test_data_dependent_values_without_reading_the_shape_still_convert():
    def f(x):
        return x[np.nonzero(x > 0)[0]].sum() + x[x < -1].mean() * x.shape[0]

    _roundtrip(f, (PROBE_X,), "torch")


#: an input whose second draw has as many entries below -1: before the fix,
#: ``x.sum() + np.flatnonzero(x < -1).size`` was accepted with the count baked in
PROBE_X = np.random.default_rng(63).standard_normal(10)


def test_shape_after_a_masked_write_is_static():
    def f(x):
        y = x.copy()
        y[y < 0] = 0.0
        y[np.nonzero(y > 1)] *= 2.0
        return y * y.shape[0] + len(y)

    _roundtrip(f, (PROBE_X,), "torch")


def test_shape_after_add_at_with_masked_indices_is_static():
    def f(x, idx):
        acc = np.zeros(4)
        np.add.at(acc, idx[x > 0], x[x > 0])
        return acc * len(acc)

    _roundtrip(f, (PROBE_X, R.integers(0, 4, 10)), "torch")
