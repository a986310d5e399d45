"""jax.random vs real JAX: every distribution compared by value (the frontend follows JAX's
sampling recipes on the same threefry bits)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    A,
    Key,
    a,
    arrs,
    check,
    covers,
)

F32 = ("float32",)


def _f(shape, **kw):
    return arrs(F32, shape=shape, specials=False, **kw)


SEED = st.integers(-(2 ** 31), 2 ** 31 - 1)
POS = st.floats(0.25, 5.0, width=32)
COV = np.array([[2.0, 0.5, 0.1], [0.5, 1.0, 0.2], [0.1, 0.2, 1.5]], np.float32)


# (name, args/kwargs strategy after the key)
RANDOM = [
    ("cauchy", a(st.sampled_from([(), (3,), (2, 2)]))),
    ("laplace", a((4,))),
    ("logistic", a((4,))),
    ("lognormal", a(POS, (3,))),
    ("lognormal", a(_f((3,), lo=0.25, hi=2))),
    ("pareto", a(POS, (3,))),
    ("rademacher", a((5,), st.sampled_from([None, "int8", "float32"]))),
    ("maxwell", a((3,))),
    ("double_sided_maxwell", a(st.floats(-2, 2, width=32), POS, st.sampled_from([(), (3,)]))),
    ("weibull_min", a(POS, POS, (3,))),
    ("rayleigh", a(POS, (3,))),
    ("wald", a(POS, (3,))),
    ("geometric", a(st.floats(0.0625, 0.9375, width=32), (4,))),
    ("triangular", a(-1.0, st.floats(-0.875, 0.875, width=32), 1.0, (4,))),
    ("multivariate_normal", a(_f((3,)), A(COV), st.sampled_from([None, (2,)]),
                              method=st.sampled_from(["cholesky", "eigh"]))),
    ("orthogonal", a(st.integers(1, 3), st.sampled_from([(), (2,)]))),
    ("choice", a(st.integers(1, 6), (3,), replace=True)),
    ("choice", a(_f((6, 2)), (3,), replace=False, axis=0)),
    ("choice", a(4, (3,), p=A(np.array([0.1, 0.2, 0.3, 0.4], np.float32)),
                 replace=st.booleans())),
    ("gamma", a(_f((3,), lo=0.25, hi=5))),
    ("gamma", a(POS, (2,))),
    ("loggamma", a(_f((3,), lo=0.0625, hi=3))),
    ("beta", a(POS, POS, (3,))),
    ("dirichlet", a(_f((3,), lo=0.375, hi=3))),
    ("chisquare", a(POS, (3,))),
    ("f", a(POS, POS, (2,))),
    ("t", a(POS, (3,))),
    ("generalized_normal", a(st.sampled_from([1.0, 1.5, 2.0]), (3,))),
    ("ball", a(st.integers(1, 3), st.sampled_from([1, 2]), (2,))),
    ("poisson", a(_f((3,), lo=0, hi=9.5))),
    ("poisson", a(st.sampled_from([0.0, 2.0, 5.0]), (4,))),
    ("binomial", a(st.sampled_from([5.0, 20.0, 100.0]), st.floats(0.0625, 0.9375, width=32),
                   (3,))),
    ("binomial", a(_f((3,), lo=0, hi=60), A(np.array([0.5, 0.125, 0.875], np.float32)))),
    ("multinomial", a(st.sampled_from([10.0, 50.0]), A(np.array([0.25, 0.5, 0.25],
                                                                 np.float32)))),
]


for _n, _ in RANDOM:
    covers("jax.random." + _n)


@pytest.mark.parametrize("name,strategy", RANDOM, ids=[r[0] for r in RANDOM])
@settings(max_examples=2)
@given(data=st.data())
def test_random_distributions(name, strategy, data):
    seed = data.draw(SEED, label="seed")
    args, kwargs = data.draw(strategy, label="args, kwargs")
    check("random." + name, Key(seed), *args, _rtol=2e-4, _atol=2e-5, **kwargs)
