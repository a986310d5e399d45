"""Random functions: seeded reproducibility per backend, ranges, dtypes and rough statistics."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
from tests.functional.helpers import api, backends, native


def np_(x):
    return ivy.to_numpy(x)


@backends
def test_seed_reproducible(backend):
    with ivy.using_backend(backend):
        draws = []
        for _ in range(2):
            ivy.seed(42)
            draws.append([np_(api.random_uniform(shape=(5,))), np_(api.random_normal(shape=(3,))),
                          np_(api.randint(0, 100, shape=(4,))),
                          np_(api.dropout(ivy.to_native(api.ones((20,))), 0.5)),
                          np_(api.shuffle(native(backend, np.arange(10))))])
        for a, b in zip(*draws, strict=True):
            np.testing.assert_array_equal(a, b)
        ivy.seed(43)
        assert not np.array_equal(np_(api.random_uniform(shape=(5,))), draws[0][0])
        # seed= on a call: same values every time, and the global stream is untouched
        a = np_(api.random_uniform(shape=(4,), seed=3))
        np.testing.assert_array_equal(a, np_(api.random_uniform(shape=(4,), seed=3)))
        # seeded calls also run three ways (eager, replay and emitted source draw the same)
        n = np_(api.random_normal(mean=1.0, std=2.0, shape=(6,), seed=4))
        np.testing.assert_array_equal(n, np_(api.random_normal(mean=1.0, std=2.0, shape=(6,),
                                                               seed=4)))
        r = np_(api.randint(-3, 4, shape=(6,), seed=5))
        assert r.min() >= -3 and r.max() < 4
        np.testing.assert_array_equal(r, np_(api.randint(-3, 4, shape=(6,), seed=5)))


@backends
def test_uniform_normal(backend):
    with ivy.using_backend(backend):
        ivy.seed(0)
        u = api.random_uniform(low=-2.0, high=3.0, shape=(4000,))
        assert ivy.dtype(u) == ivy.default_float_dtype()
        assert isinstance(u, ivy.Array)
        un = np_(u)
        assert un.min() >= -2 and un.max() < 3 and abs(un.mean() - 0.5) < 0.15
        n = np_(api.random_normal(mean=1.0, std=2.0, shape=(4000,), dtype="float64"))
        assert n.dtype == np.float64 and abs(n.mean() - 1) < 0.15 and abs(n.std() - 2) < 0.15
        assert np_(api.random_uniform()).shape == ()


@backends
def test_randint(backend):
    with ivy.using_backend(backend):
        r = api.randint(-3, 4, shape=(500,))
        assert ivy.dtype(r) == ivy.default_int_dtype()
        rn = np_(r)
        assert set(np.unique(rn)) == set(range(-3, 4))
        assert ivy.dtype(api.randint(0, 5, shape=(2,), dtype="int32")) == "int32"


@backends
def test_shuffle(backend):
    x = np.arange(24).reshape(6, 4)
    out = np_(api.shuffle(native(backend, x), seed=1))
    assert sorted(out[:, 0].tolist()) == x[:, 0].tolist()
    np.testing.assert_array_equal(out[:, 1] - out[:, 0], np.ones(6))
    out1 = np_(api.shuffle(native(backend, x), 1, seed=1))
    np.testing.assert_array_equal(np.sort(out1, axis=1), x)


@backends
def test_multinomial(backend):
    p = np.array([[0.0, 0.2, 0.8], [0.5, 0.5, 0.0]])
    s = np_(api.multinomial(native(backend, p), 2000, seed=0))
    assert s.shape == (2, 2000) and s.dtype == np.int64
    assert not np.any(s[0] == 0) and not np.any(s[1] == 2)
    assert abs((s[0] == 2).mean() - 0.8) < 0.05
    d = np_(api.multinomial(native(backend, np.ones(6)), 6, replace=False, seed=2))
    assert sorted(d.tolist()) == list(range(6))


@backends
def test_bernoulli(backend):
    p = np.full((3000,), 0.3, np.float32)
    b = api.bernoulli(native(backend, p), seed=5)
    assert ivy.dtype(b) == "float32"
    bn = np_(b)
    assert set(np.unique(bn)) <= {0.0, 1.0} and abs(bn.mean() - 0.3) < 0.05
    assert np_(api.bernoulli(native(backend, np.float32(0.5)), shape=(4, 2))).shape == (4, 2)


@pytest.mark.parametrize("backend", ["numpy"])
def test_seed_without_backend_seeds_loaded(backend):
    ivy.seed(9)
    a = np_(api.random_uniform(shape=(3,)))
    ivy.seed(9)
    np.testing.assert_array_equal(a, np_(api.random_uniform(shape=(3,))))
