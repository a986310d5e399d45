"""numpy.linalg, numpy.fft and numpy.random.Generator vs the real NumPy."""

import numpy as real
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.numpy as fnp

from .helpers import BACKENDS, FLOATS, A, Spec, a, arr, arrays, check, covers, run_spec

EX = settings(max_examples=3)
NOSPEC = dict(specials=False)


def _wellcond(shape, dtype="float64"):
    """Random matrices made diagonally dominant (invertible, well conditioned)."""
    def fix(x):
        x = x.copy()
        n = x.shape[-1]
        x[..., range(n), range(n)] += n * 10 + 1
        return A(x)
    return arrays(dtype, st.just(shape), lo=-5, hi=5, **NOSPEC).map(lambda v: fix(v.astype(
        dtype)))


def _spd(shape, dtype="float64"):
    def fix(x):
        m = x @ x.swapaxes(-1, -2) + shape[-1] * real.eye(shape[-1], dtype=dtype)
        return A(m.astype(dtype))
    return arrays(dtype, st.just(shape), lo=-3, hi=3, **NOSPEC).map(fix)


SQ = st.sampled_from([(1, 1), (2, 2), (3, 3), (2, 3, 3)])
SPECS = [
    Spec("linalg.inv", SQ.flatmap(lambda s: a(_wellcond(s))), rtol=1e-7),
    Spec("linalg.inv", a(_wellcond((3, 3), "float32")), rtol=1e-4),
    Spec("linalg.det", SQ.flatmap(lambda s: a(_wellcond(s))), rtol=1e-7),
    Spec("linalg.slogdet", SQ.flatmap(lambda s: a(_wellcond(s))), rtol=1e-7),
    Spec("linalg.solve", st.tuples(_wellcond((3, 3)), arr(("float64", "int32"),
                                                          st.sampled_from([(3,), (3, 2)]),
                                                          **NOSPEC)).map(lambda p: (p, {})),
         rtol=1e-7),
    Spec("linalg.cholesky", a(_spd((3, 3))), rtol=1e-7),
    Spec("linalg.pinv", a(arrays("float64", st.sampled_from([(2, 3), (3, 2)]), **NOSPEC)
                         .map(A)), rtol=1e-6, atol=1e-8),
    Spec("linalg.matrix_rank", a(st.sampled_from([A(real.eye(3)), A(real.ones((3, 3))),
                                                  A(real.zeros((2, 4))),
                                                  A(real.arange(12.0).reshape(3, 4))]))),
    Spec("linalg.matrix_power", a(_wellcond((3, 3)), st.integers(-2, 3)), rtol=1e-6),
    Spec("linalg.norm", a(arr(FLOATS, st.sampled_from([(3,), (2, 3)]), **NOSPEC))),
    Spec("linalg.norm", a(arr(("float64",), st.just((3, 3)), **NOSPEC),
                          ord=st.sampled_from([None, "fro", 1, -1, float("inf"), "nuc", 2]),
                          keepdims=st.booleans()), rtol=1e-7),
    Spec("linalg.norm", a(arr(("float64",), st.just((2, 4)), **NOSPEC),
                          ord=st.sampled_from([None, 1, 2, 0, float("inf"), 3]), axis=1)),
    Spec("linalg.eigvalsh", a(_spd((3, 3))), rtol=1e-7),
    Spec("linalg.svdvals", a(arrays("float64", st.just((3, 2)), **NOSPEC).map(A)), rtol=1e-7),
    Spec("linalg.vector_norm", a(arr(FLOATS, st.just((2, 3)), **NOSPEC),
                                 axis=st.sampled_from([None, 0, 1]))),
    Spec("linalg.matrix_norm", a(arr(("float64",), st.just((3, 3)), **NOSPEC))),
    Spec("linalg.multi_dot", a([_wellcond((2, 2)), _wellcond((2, 2)), _wellcond((2, 2))]),
         rtol=1e-7),
    Spec("linalg.cond", a(_wellcond((3, 3))), rtol=1e-6),
    Spec("linalg.tensorinv", a(_wellcond((4, 4)).map(lambda x: A(x.a.reshape(4, 2, 2))), 1),
         rtol=1e-6),
    Spec("linalg.matmul", a(arr(FLOATS, st.just((2, 3))), arr(FLOATS, st.just((3, 2))))),
    Spec("linalg.outer", a(arr(FLOATS, st.just((3,))), arr(FLOATS, st.just((2,))))),
    Spec("linalg.cross", a(arr(FLOATS, st.just((3,))), arr(FLOATS, st.just((3,))))),
    Spec("linalg.diagonal", a(arr(FLOATS, st.just((3, 3))))),
    Spec("linalg.trace", a(arr(FLOATS, st.just((3, 3))))),
    Spec("linalg.matrix_transpose", a(arr(FLOATS, st.just((2, 3))))),
    Spec("linalg.vecdot", a(arr(FLOATS, st.just((2, 3))), arr(FLOATS, st.just((3,))))),
    Spec("linalg.tensordot", a(arr(FLOATS, st.just((2, 3))), arr(FLOATS, st.just((3, 2))),
                               axes=1)),
    # fft
    *[Spec(f"fft.{n}", a(arr(FLOATS + ("int32", "complex128"), st.sampled_from(
        [(4,), (5,), (2, 4)]), **NOSPEC), n=st.sampled_from([None, 4, 6]),
        norm=st.sampled_from([None, "ortho", "forward"])), rtol=1e-4, atol=1e-5)
      for n in ("fft", "ifft")],
    *[Spec(f"fft.{n}", a(arr(FLOATS, st.sampled_from([(4,), (5,), (2, 4)]), **NOSPEC),
                         n=st.sampled_from([None, 4, 6])), rtol=1e-4, atol=1e-5)
      for n in ("rfft", "irfft", "hfft", "ihfft")],
    *[Spec(f"fft.{n}", a(arr(FLOATS, st.sampled_from([(2, 4), (3, 2, 2)]), **NOSPEC)),
           rtol=1e-4, atol=1e-5)
      for n in ("fft2", "ifft2", "fftn", "ifftn", "rfft2", "rfftn", "irfft2", "irfftn")],
    Spec("fft.fftfreq", a(st.integers(1, 7), st.sampled_from([1.0, 0.1]))),
    Spec("fft.rfftfreq", a(st.integers(1, 7), st.sampled_from([1.0, 0.5]))),
    Spec("fft.fftshift", a(arr(FLOATS, st.sampled_from([(4,), (5,), (2, 3)])))),
    Spec("fft.ifftshift", a(arr(FLOATS, st.sampled_from([(4,), (5,), (2, 3)])),
                            axes=st.sampled_from([None, 0]))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_function(spec, data):
    run_spec(spec, data)


def _cmp(x, y, rtol=1e-7, atol=1e-9):
    real.testing.assert_allclose(real.asarray(x), real.asarray(y), rtol=rtol, atol=atol)


@EX
@given(m=arrays("float64", st.sampled_from([(3, 3), (2, 4), (4, 2)]), **NOSPEC))
def test_decompositions(m):
    """Decompositions are unique only up to signs/order: compare the invariants."""
    covers("numpy.linalg.svd", "numpy.linalg.qr", "numpy.linalg.eig", "numpy.linalg.eigh",
           "numpy.linalg.eigvals", "numpy.linalg.lstsq")
    sq = m[:2, :2] if m.shape[0] != m.shape[1] else m
    sym = sq + sq.T
    for b in BACKENDS:
        with ivy.using_backend(b):
            fm = fnp.array(m)
            u, s, vh = fnp.linalg.svd(fm, full_matrices=False)
            _cmp(s, real.linalg.svd(m, compute_uv=False))
            _cmp((u * s) @ vh, m)
            q, r = fnp.linalg.qr(fm)
            rq, rr = real.linalg.qr(m)
            assert q.shape == rq.shape and r.shape == rr.shape
            _cmp(q @ r, m)
            _cmp(abs(r), abs(rr), atol=1e-8)
            w, v = fnp.linalg.eigh(fnp.array(sym))
            _cmp(w, real.linalg.eigvalsh(sym))
            _cmp(fnp.array(sym) @ v, v * w, atol=1e-8)
            we = fnp.linalg.eigvals(fnp.array(sym))
            assert we.dtype == real.linalg.eigvals(sym).dtype
            _cmp(real.sort(real.asarray(we)), real.sort(real.linalg.eigvals(sym)))
            rot = real.array([[0.0, -1.0], [1.0, 0.0]])
            wc, vc = fnp.linalg.eig(fnp.array(rot))
            assert wc.dtype == real.complex128
            _cmp(real.sort_complex(real.asarray(wc)), real.sort_complex(real.linalg.eigvals(rot)))
            bvec = m[:, 0] * 2 + 1
            x, res, rank, sv = fnp.linalg.lstsq(fm, fnp.array(bvec), rcond=None)
            ex, eres, erank, esv = real.linalg.lstsq(m, bvec, rcond=None)
            _cmp(x, ex, rtol=1e-6, atol=1e-8)
            _cmp(res, eres, rtol=1e-6, atol=1e-8)
            assert rank == erank and res.shape == eres.shape
            _cmp(sv, esv)


def test_linalg_errors():
    covers("numpy.linalg.LinAlgError")
    for b in BACKENDS:
        with ivy.using_backend(b):
            with pytest.raises(real.linalg.LinAlgError):
                fnp.linalg.inv(fnp.zeros((2, 2)))
            with pytest.raises(real.linalg.LinAlgError):
                fnp.linalg.inv(fnp.ones((2, 3)))
            with pytest.raises(real.linalg.LinAlgError):
                fnp.linalg.cholesky(fnp.array([[1.0, 2.0], [2.0, 1.0]]))
            assert fnp.linalg.LinAlgError is real.linalg.LinAlgError


covers("numpy.linalg.svd", "numpy.linalg.qr", "numpy.linalg.eig", "numpy.linalg.eigh",
       "numpy.linalg.eigvals", "numpy.linalg.lstsq")
GEN = ["random", "standard_normal", "normal", "uniform", "integers", "choice", "permutation",
       "shuffle", "exponential", "permuted", "spawn", "bytes", "standard_exponential"]


covers("numpy.random.default_rng", *[f"numpy.random.Generator.{n}" for n in GEN])


@pytest.mark.parametrize("backend", BACKENDS)
def test_generator(backend):
    """Seeded and reproducible within the frontend; NumPy's shapes, dtypes and ranges
    (streams are not NumPy's PCG64: documented)."""
    covers("numpy.random.default_rng", *[f"numpy.random.Generator.{n}" for n in GEN])
    with ivy.using_backend(backend):
        def draw(seed):
            g = fnp.random.default_rng(seed)
            out = [g.random((2, 3)), g.standard_normal(4), g.normal(1.0, 2.0, size=(3,)),
                   g.uniform(-1, 1, size=5), g.integers(0, 10, size=(2, 2)),
                   g.integers(5, size=3), g.choice(5, size=3), g.choice(fnp.arange(4.0), 2,
                                                                         replace=False),
                   g.permutation(6), g.exponential(2.0, 3), g.choice(3, 4, p=[0.2, 0.3, 0.5])]
            x = fnp.arange(5)
            g.shuffle(x)
            out.append(x)
            return out
        a1, a2, a3 = draw(1), draw(1), draw(2)
        rg = real.random.default_rng(1)
        ref = [rg.random((2, 3)), rg.standard_normal(4), rg.normal(1.0, 2.0, size=(3,)),
               rg.uniform(-1, 1, size=5), rg.integers(0, 10, size=(2, 2)),
               rg.integers(5, size=3), rg.choice(5, size=3), rg.choice(real.arange(4.0), 2,
                                                                        replace=False),
               rg.permutation(6), rg.exponential(2.0, 3), rg.choice(3, 4, p=[0.2, 0.3, 0.5]),
               real.arange(5)]
        for x, y, r in zip(a1, a2, ref):
            assert ivy.backend_of(x._data).name == backend
            assert x.shape == r.shape and x.dtype.name == r.dtype.name, (x, r)
            real.testing.assert_array_equal(real.asarray(x), real.asarray(y))
        assert any(not real.array_equal(real.asarray(x), real.asarray(y))
                   for x, y in zip(a1, a3))
        r = real.asarray(a1[0])
        assert ((r >= 0) & (r < 1)).all()
        assert ((real.asarray(a1[3]) >= -1) & (real.asarray(a1[3]) < 1)).all()
        assert ((real.asarray(a1[4]) >= 0) & (real.asarray(a1[4]) < 10)).all()
        assert sorted(real.asarray(a1[8]).tolist()) == list(range(6))
        assert sorted(real.asarray(a1[11]).tolist()) == list(range(5))
        assert len(set(real.asarray(a1[7]).tolist())) == 2
        assert type(fnp.random.default_rng(0).random()) is type(real.random.default_rng(0).random())
        big = fnp.random.default_rng(3).standard_normal(4000)
        assert abs(float(big.mean())) < 0.1 and abs(float(big.std()) - 1) < 0.1
        with pytest.raises(ValueError):
            fnp.random.default_rng(0).choice(3, 5, replace=False)
