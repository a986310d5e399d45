"""tf.random_index_shuffle (TensorFlow's Simon-cipher permutation) and tf.math.sobol_sample
(unscrambled Sobol' points) vs real TensorFlow on the numpy, jax and tensorflow Ivy backends:
exact values, dtypes, shapes, and raising parity."""

import os

import numpy as np
import tensorflow as real
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import BACKENDS, A, D, check, covers

FULL = bool(os.environ.get("IVY_FULL"))
EX = settings(max_examples=20 if FULL else 5, deadline=None)
# JAX compiles each eager op once per shape (~2 s for a new output shape here): the hypothesis
# sweeps run JAX under IVY_FULL=1, the fixed cases below run it always.
SWEEP = BACKENDS if FULL else tuple(b for b in BACKENDS if b != "jax")

covers("tf.random_index_shuffle", "tf.math.sobol_sample")

_MAX = [0, 1, 2, 9, 100, 5000, 70000, 2 ** 20 + 7, 2 ** 31 - 1, 2 ** 40 + 3, 2 ** 61]


@EX
@given(dtype=st.sampled_from(["int32", "uint32", "int64", "uint64"]),
       max_index=st.sampled_from(_MAX), k=st.integers(0, 4), scalar=st.booleans(),
       seed_dtype=st.sampled_from(["int32", "int64", "uint32", "uint64"]),
       rounds=st.sampled_from([4, 6, 8]), data=st.data())
def test_random_index_shuffle(dtype, max_index, k, scalar, seed_dtype, rounds, data):
    """TensorFlow's exact values (checked bitwise: integer outputs)."""
    top = np.iinfo(dtype).max
    max_index = min(max_index, top)
    seed = np.array(data.draw(st.lists(st.integers(0, 2 ** 31 - 1), min_size=3, max_size=3)),
                    seed_dtype)
    if scalar:
        idx = np.array(data.draw(st.integers(0, max_index)), dtype)
    else:
        idx = np.array(data.draw(st.lists(st.integers(0, max_index), min_size=k, max_size=k)),
                       dtype)
    check("random_index_shuffle", A(idx), A(seed), A(np.array(max_index, dtype)),
          rounds=rounds, backends=SWEEP)


def test_random_index_shuffle_is_a_permutation_and_batched():
    """All of [0, max_index] maps onto itself (a bijection), as TensorFlow's; per-element seeds
    and bounds (vectors) as TF's kernel takes them; negative seeds are read modulo 2**32."""
    idx = np.arange(10, dtype="int64")
    seed = np.array([7, -3, 2 ** 40 + 5], "int64")
    check("random_index_shuffle", A(idx), A(seed), A(np.array(9, "int64")))
    for b in BACKENDS:
        with ivy.using_backend(b):
            r = ftf.random_index_shuffle(ftf.constant(idx), ftf.constant(seed),
                                         ftf.constant(np.array(9, "int64"))).numpy()
            assert sorted(r.tolist()) == list(range(10))
    seeds = np.array([[1, 2, 3], [4, 5, 6], [1, 2, 3]], "int32")
    check("random_index_shuffle", A(np.array([0, 5, 20], "int32")), A(seeds),
          A(np.array([3, 9, 70000], "int32")))
    check("random_index_shuffle", A(np.array(3, "int32")), A(seeds), A(np.array(99, "int32")))


def test_random_index_shuffle_errors():
    s = A(np.array([1, 2, 3], "int32"))
    check("random_index_shuffle", A(np.array(-1, "int32")), s, A(np.array(9, "int32")))
    check("random_index_shuffle", A(np.array(3, "int32")), s, A(np.array(-1, "int32")))
    check("random_index_shuffle", A(np.array(12, "int32")), s, A(np.array(9, "int32")))
    check("random_index_shuffle", A(np.array([1, 2], "int32")), A(np.array([1, 2], "int32")),
          A(np.array(9, "int32")))  # seed shape
    check("random_index_shuffle", A(np.array([[1]], "int32")), s, A(np.array(9, "int32")))
    check("random_index_shuffle", A(np.array([1.0, 2.0])), s, A(np.array(9.0)))  # float
    check("random_index_shuffle", A(np.array([0, 1], "int32")), s, A(np.array(9, "int64")))
    for b in BACKENDS:  # TF's kernel reads past its round keys for odd rounds: refused loudly
        with ivy.using_backend(b):
            try:
                ftf.random_index_shuffle(ftf.constant(1), ftf.constant([1, 2, 3]),
                                         ftf.constant(9), rounds=5)
            except NotImplementedError as e:
                assert "rounds=5" in str(e)
            else:
                raise AssertionError("rounds=5 did not raise")


@EX
@given(dim=st.sampled_from([1, 2, 3, 17, 130]), n=st.integers(1, 40),
       skip=st.sampled_from([0, 1, 7, 1000, 2 ** 20]), dtype=st.sampled_from(["float32",
                                                                             "float64"]))
def test_sobol_sample(dim, n, skip, dtype):
    exp = check("math.sobol_sample", dim, n, skip=skip, dtype=D(dtype), backends=SWEEP)
    with ivy.using_backend("numpy"):  # bit-exact, not only within the float tolerance
        got = ftf.math.sobol_sample(dim, n, skip=skip, dtype=getattr(ftf, dtype)).numpy()
    np.testing.assert_array_equal(got, exp.numpy())


def test_sobol_sample_edges():
    exp = real.math.sobol_sample(21200, 3, skip=5).numpy()  # the last dimension of the table
    with ivy.using_backend("numpy"):
        np.testing.assert_array_equal(ftf.math.sobol_sample(21200, 3, skip=5).numpy(), exp)
    check("math.sobol_sample", 5, 4, skip=3, dtype=D("float64"))
    check("math.sobol_sample", 5, 4, skip=2 ** 20)
    check("math.sobol_sample", 21201, 2)  # beyond the table: raises
    check("math.sobol_sample", 0, 2)
    check("math.sobol_sample", 2, 0)
    check("math.sobol_sample", 2, 2, skip=-1)
    check("math.sobol_sample", A(np.array(3, "int32")), A(np.array(4, "int32")))
