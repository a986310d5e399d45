"""tf.random vs real TensorFlow (Philox bit-exact; the generators and samplers by dtype, shape
and distribution)."""

import numpy as np
import pytest
import tensorflow as real

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import B2, A, chk, compare, covers


# ------------------------------------------------------------------------------ tf.random
def test_random_added():
    """Generator: the state layout is TF's (compared by value); draws compared by dtype and
    shape (not TF's Philox numbers); the unigram samplers' deterministic expected counts."""
    covers("tf.random.Generator", "tf.random.get_global_generator",
           "tf.random.set_global_generator",
    "tf.random.stateless_normal",
    "tf.random.stateless_uniform", "tf.random.fixed_unigram_candidate_sampler",
           "tf.random.learned_unigram_candidate_sampler", "tf.nn.all_candidate_sampler",
           "tf.nn.fixed_unigram_candidate_sampler", "tf.nn.learned_unigram_candidate_sampler")
    for i, b in enumerate(B2):
        with ivy.using_backend(b):
            for seed in (5, 2 ** 70 + 3, [1, 2]):
                for alg in ("philox", "threefry", None):
                    e = real.random.Generator.from_seed(seed, alg=alg)
                    g = ftf.random.Generator.from_seed(seed, alg=alg)
                    compare(g.state.read_value(), e.state.read_value(), b)
                    assert g.algorithm == e.algorithm
            e, g = real.random.Generator.from_seed(3), ftf.random.Generator.from_seed(3)
            calls = [("normal", ([2, 3],), {}), ("uniform", ([4],), {"dtype": "float64"}),
                     ("uniform", ([4],), {"minval": 2, "maxval": 9, "dtype": "int32"}),
                     ("truncated_normal", ([2],), {}), ("make_seeds", (3,), {}),
                     ("binomial", ([3], [5.0, 5, 5], [0.5, 0.5, 0.5]), {})] + \
                [("uniform_full_int", ([3],), {"dtype": t})
                 for t in ("int32", "int64", "uint32", "uint64")]
            for m, a, k in calls:
                x, y = getattr(e, m)(*a, **k), getattr(g, m)(*a, **k)
                assert (x.dtype.name, x.shape.as_list()) == (y.dtype.name, y.shape.as_list()), m
            u = g.uniform([1000], minval=2, maxval=9, dtype="int32").numpy()
            assert u.min() >= 2 and u.max() < 9
            g1, g2 = ftf.random.Generator.from_seed(7), ftf.random.Generator.from_seed(7)
            np.testing.assert_array_equal(g1.normal([5]).numpy(), g2.normal([5]).numpy())
            assert len(g1.split(3)) == 3
            ftf.random.set_global_generator(ftf.random.Generator.from_seed(11))
            assert ftf.random.get_global_generator().normal([2]).shape == [2]
            tc = np.array([[1], [1], [3]], np.int64)
            kw = dict(unigrams=[1.0, 2, 3, 4, 5], distortion=0.5)
            ef = real.random.fixed_unigram_candidate_sampler(tc, 1, 4, False, 5, seed=1, **kw)
            gf = ftf.random.fixed_unigram_candidate_sampler(ftf.constant(tc), 1, 4, False, 5,
                                                            seed=1, **kw)
            compare(gf.true_expected_count, ef.true_expected_count, b)
            assert gf.sampled_candidates.dtype.name == "int64"
            gs = gf.sampled_candidates.numpy()
            np.testing.assert_allclose(gf.sampled_expected_count.numpy(),
                                       4 * (np.arange(1, 6) ** 0.5 / np.sum(
                                           np.arange(1, 6) ** 0.5))[gs], rtol=1e-6)
            # learned: counts persist across calls with the same seed, as TF's kernel cache
            seed = 900 + i
            for _ in range(3):
                el = real.random.learned_unigram_candidate_sampler(tc, 1, 4, False, 5, seed=seed)
                gl = ftf.random.learned_unigram_candidate_sampler(ftf.constant(tc), 1, 4, False,
                                                                  5, seed=seed)
                compare(gl.true_expected_count, el.true_expected_count, b)
            chk("nn.all_candidate_sampler", A(tc), 1, 5, True)


# ------------------------------------------------------------------------------ Philox
def test_stateless_philox_bit_exact():
    """stateless_uniform is TF's Philox stream bit for bit (float16/32/64, int32 ranges; int32
    and int64 seeds incl. negative and > 2**32 words); stateless_normal agrees to the last ulp
    or two of the backend's float64 libm (TF's Box-Muller)."""
    seeds = [[1, 2], [0, 0], [-5, 7]]
    seeds64 = [np.array([2 ** 40 + 7, -(2 ** 35) - 1], np.int64)]
    for b in B2:
        with ivy.using_backend(b):
            for sd in seeds + seeds64:
                fs = ftf.constant(sd) if isinstance(sd, np.ndarray) else sd
                rs = real.constant(sd) if isinstance(sd, np.ndarray) else sd
                for kw in (dict(), dict(dtype="float16"), dict(dtype="float64"),
                           dict(minval=-2.0, maxval=3.0),
                           dict(dtype="int32", minval=-4, maxval=9)):
                    e = real.random.stateless_uniform([5, 3], seed=rs, **kw)
                    g = ftf.random.stateless_uniform([5, 3], seed=fs, **kw)
                    assert g.dtype.name == e.dtype.name
                    np.testing.assert_array_equal(g.numpy(), e.numpy(), err_msg=f"{b} {kw}")
                for dt, tol in (("float32", 3e-7), ("float64", 1e-15), ("float16", 1e-3)):
                    e = real.random.stateless_normal([7], seed=rs, mean=1.0, stddev=2.0,
                                                     dtype=dt)
                    g = ftf.random.stateless_normal([7], seed=fs, mean=1.0, stddev=2.0,
                                                    dtype=dt)
                    compare(g, e, b, rtol=tol, atol=tol)
            with pytest.raises(NotImplementedError):
                ftf.random.stateless_uniform([2], seed=[1, 2], alg="threefry")
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.random.stateless_uniform([2], seed=[1, 2, 3])
