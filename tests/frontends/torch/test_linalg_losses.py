"""torch.linalg.solve_triangular / matrix_exp / lu_factor(_ex) / lu / lu_solve /
householder_product, torch.lu_unpack / matrix_exp / geqrf / orgqr / ormqr /
cumulative_trapezoid / rms_norm, nn.functional.multi_margin_loss / multilabel_margin_loss vs real
torch (numpy, jax and torch Ivy backends: dtype, shape, values; raising parity); gumbel_softmax
(random: shape, dtype, simplex, one-hot, reproducibility and the distribution of its argmax) and
torch.empty_strided / empty_permuted (uninitialised in torch: shape and dtype)."""

import numpy as np
import pytest
import torch as real
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, FLOATS, T, arrays, check, covers

EX = settings(max_examples=5)
L = "linalg."
NF = "nn.functional."

covers("torch.linalg.solve_triangular", "torch.linalg.matrix_exp", "torch.matrix_exp",
       "torch.Tensor.matrix_exp", "torch.linalg.lu_factor", "torch.linalg.lu_factor_ex",
       "torch.linalg.lu", "torch.linalg.lu_solve", "torch.lu_unpack",
       "torch.linalg.householder_product", "torch.nn.functional.multi_margin_loss",
       "torch.nn.functional.multilabel_margin_loss", "torch.nn.functional.gumbel_softmax",
       "torch.geqrf", "torch.Tensor.geqrf", "torch.orgqr", "torch.Tensor.orgqr", "torch.ormqr",
       "torch.Tensor.ormqr")


def _tol(dtype):
    return dict(_rtol=1e-4, _atol=1e-5) if dtype == "float32" else dict(_rtol=1e-8, _atol=1e-10)


def mats(dtype, shape, lo=-1, hi=1):
    return arrays(dtype, st.just(shape), specials=False, lo=lo, hi=hi)


@EX
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), k=st.integers(1, 3),
       batch=st.sampled_from([(), (2,)]), upper=st.booleans(), left=st.booleans(),
       unit=st.booleans(), data=st.data())
def test_solve_triangular(dtype, n, k, batch, upper, left, unit, data):
    A = data.draw(mats(dtype, batch + (n, n))) + 3 * np.eye(n, dtype=dtype)
    B = data.draw(mats(dtype, batch + ((n, k) if left else (k, n)), -5, 5))
    check(L + "solve_triangular", T(A), T(B), upper=upper, left=left, unitriangular=unit,
          **_tol(dtype))


def test_solve_triangular_edges():
    A = np.array([[0.0, 1.0], [0.0, 2.0]])  # a zero on the diagonal: inf/NaN as LAPACK's trsm
    check(L + "solve_triangular", T(A), T(np.ones((2, 1))), upper=True)
    check(L + "solve_triangular", T(A), T(np.ones((2, 1), "float32")), upper=True)  # B cast to A's
    check(L + "solve_triangular", T(A), T(np.ones((2, 1), "int64")), upper=True)
    check(L + "solve_triangular", T(np.eye(2, dtype="int64")), T(np.ones((2, 1))), upper=True)
    check(L + "solve_triangular", T(A), T(np.ones((3, 1))), upper=True)  # shapes
    check(L + "solve_triangular", T(np.eye(3)[None].repeat(2, 0)), T(np.ones((3, 2))),
          upper=False)  # batch broadcast


@EX
@given(dtype=st.sampled_from(FLOATS + ("complex128",)), n=st.integers(0, 4),
       batch=st.sampled_from([(), (2,)]), scale=st.sampled_from([0.1, 1.0, 4.0]), data=st.data())
def test_matrix_exp(dtype, n, batch, scale, data):
    if dtype == "complex128":
        A = data.draw(mats("float64", batch + (n, n))) + 1j * data.draw(mats("float64",
                                                                            batch + (n, n)))
    else:
        A = data.draw(mats(dtype, batch + (n, n)))
    A = (A * scale).astype(dtype)
    tol = dict(_rtol=2e-4, _atol=1e-5) if dtype == "float32" else dict(_rtol=1e-9, _atol=1e-9)
    check(L + "matrix_exp", T(A), **tol)
    check("matrix_exp", T(A), **tol)
    check("Tensor.matrix_exp", T(A), **tol)


def test_matrix_exp_edges():
    check(L + "matrix_exp", T(np.array([[1.0, np.nan], [0.0, 1.0]])))
    check(L + "matrix_exp", T(np.array([[[1.0, np.inf], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]])))
    check(L + "matrix_exp", T(np.array([[1, 2], [3, 4]])))  # integer: torch raises
    check(L + "matrix_exp", T(np.ones((2, 3))))  # not square


@EX
@given(dtype=st.sampled_from(FLOATS), shape=st.sampled_from([(1, 1), (3, 3), (4, 4), (2, 3, 3),
                                                              (3, 5), (5, 3), (2, 2, 4)]),
       data=st.data())
def test_lu(dtype, shape, data):
    A = data.draw(mats(dtype, shape, -5, 5))
    tol = _tol(dtype)
    check(L + "lu_factor", T(A), **tol)
    check(L + "lu_factor_ex", T(A), **tol)
    check(L + "lu", T(A), **tol)
    LU, piv, _ = real.linalg.lu_factor_ex(real.from_numpy(A))
    check("lu_unpack", T(LU.numpy()), T(piv.numpy()), **tol)
    check("lu_unpack", T(LU.numpy()), T(piv.numpy()), unpack_data=False, **tol)
    check("lu_unpack", T(LU.numpy()), T(piv.numpy()), unpack_pivots=False, **tol)


def test_lu_singular():
    Z = np.array([[1.0, 2.0], [2.0, 4.0]])
    check(L + "lu_factor_ex", T(Z))
    check(L + "lu", T(Z))
    check(L + "lu_factor", T(Z))  # raises: U[2,2] is zero
    check(L + "lu_factor_ex", T(np.zeros((3, 3))))
    check(L + "lu", T(np.array([1, 2])))  # 1-d: torch raises


@EX
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), k=st.integers(1, 3),
       batch=st.sampled_from([(), (2,)]), left=st.booleans(), adjoint=st.booleans(),
       data=st.data())
def test_lu_solve(dtype, n, k, batch, left, adjoint, data):
    A = data.draw(mats(dtype, batch + (n, n))) + 3 * np.eye(n, dtype=dtype)
    B = data.draw(mats(dtype, batch + ((n, k) if left else (k, n)), -5, 5))
    LU, piv = real.linalg.lu_factor(real.from_numpy(A))
    check(L + "lu_solve", T(LU.numpy()), T(piv.numpy()), T(B), left=left, adjoint=adjoint,
          **_tol(dtype))


@EX
@given(dtype=st.sampled_from(FLOATS), mnk=st.sampled_from([(3, 3, 3), (5, 3, 3), (5, 3, 2),
                                                           (4, 2, 0), (1, 1, 1)]),
       batch=st.sampled_from([(), (2,)]), data=st.data())
def test_householder_product(dtype, mnk, batch, data):
    m, n, k = mnk
    A = data.draw(mats(dtype, batch + (m, n), -3, 3))
    a_, tau = real.geqrf(real.from_numpy(A))
    check(L + "householder_product", T(a_.numpy()), T(tau.numpy()[..., :k]), **_tol(dtype))


@EX
@given(dtype=st.sampled_from(FLOATS), shape=st.sampled_from([(4, 3), (3, 3), (3, 5), (2, 4, 2),
                                                              (1, 1), (0, 2)]),
       left=st.booleans(), transpose=st.booleans(), data=st.data())
def test_geqrf_orgqr_ormqr(dtype, shape, left, transpose, data):
    A = data.draw(mats(dtype, shape, -3, 3))
    tol = _tol(dtype)
    check("geqrf", T(A), **tol)
    check("Tensor.geqrf", T(A), **tol)
    a_, tau = real.geqrf(real.from_numpy(A))
    if shape[-2] >= shape[-1]:
        check("orgqr", T(a_.numpy()), T(tau.numpy()), **tol)
        check("Tensor.orgqr", T(a_.numpy()), T(tau.numpy()), **tol)
    m = shape[-2]
    C = data.draw(mats(dtype, shape[:-2] + ((m, 2) if left else (2, m)), -3, 3))
    check("ormqr", T(a_.numpy()), T(tau.numpy()), T(C), left, transpose, **tol)
    check("Tensor.ormqr", T(a_.numpy()), T(tau.numpy()), T(C), left=left, transpose=transpose,
          **tol)


def test_geqrf_edges():
    for Z in (np.zeros((2, 2)), np.array([[1.0, 2.0], [0.0, 3.0]]),
              np.array([[0.0, 1.0], [0.0, 0.0], [2.0, 1.0]]), np.array([[-0.0, 1.0], [0.0, 2.0]])):
        check("geqrf", T(Z))
    check("geqrf", T(np.ones(3)))  # 1-d: torch raises
    check("geqrf", T(np.ones((2, 2), "int64")))


def test_householder_product_errors():
    check(L + "householder_product", T(np.ones((2, 3))), T(np.ones(2)))
    check(L + "householder_product", T(np.ones((3, 2))), T(np.ones(3)))
    check(L + "householder_product", T(np.ones((3, 2))), T(np.ones(2, "float32")))


# ------------------------------------------------------------------------- margin losses
@EX
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), c=st.integers(1, 5),
       one_d=st.booleans(), p=st.sampled_from([1, 2]), margin=st.sampled_from([1.0, 0.5, 2]),
       weighted=st.booleans(), reduction=st.sampled_from(["mean", "sum", "none"]),
       data=st.data())
def test_multi_margin_loss(dtype, n, c, one_d, p, margin, weighted, reduction, data):
    x = data.draw(mats(dtype, (c,) if one_d else (n, c), -3, 3))
    t = np.array(data.draw(st.lists(st.integers(0, c - 1), min_size=1 if one_d else n,
                                    max_size=1 if one_d else n)), dtype="int64")
    t = t.reshape(()) if one_d else t
    w = T(data.draw(mats(dtype, (c,), 0, 2))) if weighted else None
    check(NF + "multi_margin_loss", T(x), T(t), p=p, margin=margin, weight=w,
          reduction=reduction, **_tol(dtype))


def test_multi_margin_loss_errors():
    x = T(np.ones((2, 3), "float32"))
    check(NF + "multi_margin_loss", x, T(np.array([0, 3])))  # out of range
    check(NF + "multi_margin_loss", x, T(np.array([0, 1])), p=3)
    check(NF + "multi_margin_loss", x, T(np.array([0.0, 1.0], "float32")))  # float target
    check(NF + "multi_margin_loss", x, T(np.array([0, 1])), weight=T(np.ones(3)))  # f64 weight


@EX
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), c=st.integers(1, 5),
       one_d=st.booleans(), reduction=st.sampled_from(["mean", "sum", "none"]), data=st.data())
def test_multilabel_margin_loss(dtype, n, c, one_d, reduction, data):
    shape = (c,) if one_d else (n, c)
    x = data.draw(mats(dtype, shape, -3, 3))
    t = data.draw(arrays("int64", st.just(shape), specials=False, lo=-1, hi=c - 1))
    check(NF + "multilabel_margin_loss", T(x), T(t), reduction=reduction, **_tol(dtype))


def test_multilabel_margin_loss_errors():
    x = T(np.ones((2, 3), "float32"))
    check(NF + "multilabel_margin_loss", x, T(np.array([[3, 0, -1], [0, 1, 2]])))
    check(NF + "multilabel_margin_loss", x, T(np.array([[1, -1, 7], [0, 1, 2]])))  # also after -1
    check(NF + "multilabel_margin_loss", x, T(np.array([[1, -2, 0], [0, 1, 2]])))
    check(NF + "multilabel_margin_loss", x, T(np.array([[1, -1, 2], [2, 2, -1]])))
    check(NF + "multilabel_margin_loss", x, T(np.array([[0, 1, 2]])))  # shape


# ------------------------------------------------------------------------- gumbel_softmax
@pytest.mark.parametrize("backend", BACKENDS)
def test_gumbel_softmax(backend):
    logits = np.array([1.0, 0.0, -1.0, 0.5], "float32")
    p = np.exp(logits) / np.exp(logits).sum()
    with ivy.using_backend(backend):
        x = ft.tensor(np.tile(logits, (4000, 1)))
        ft.manual_seed(0)
        soft = ft.nn.functional.gumbel_softmax(x, tau=0.5)
        ft.manual_seed(0)
        again = ft.nn.functional.gumbel_softmax(x, tau=0.5)
        hard = ft.nn.functional.gumbel_softmax(x, tau=0.5, hard=True)
        assert soft.dtype == ft.float32 and tuple(soft.shape) == (4000, 4)
        assert ivy.backend_of(soft._data).name == backend
        s = soft.numpy()
        assert np.all(s >= 0) and np.allclose(s.sum(-1), 1.0, atol=1e-5)
        np.testing.assert_array_equal(s, again.numpy())  # reproducible per seed
        h = hard.numpy()
        assert set(np.unique(h)) <= {0.0, 1.0} and np.all(h.sum(-1) == 1)
        # the argmax of logits + Gumbel noise is distributed as softmax(logits)
        freq = np.bincount(s.argmax(-1), minlength=4) / 4000
        np.testing.assert_allclose(freq, p, atol=0.03)
        freq_h = h.mean(0)
        np.testing.assert_allclose(freq_h, p, atol=0.03)
        d = ft.nn.functional.gumbel_softmax(ft.tensor(np.zeros((3, 2, 5), "float64")), dim=1)
        assert d.dtype == ft.float64 and np.allclose(d.numpy().sum(1), 1.0)


# ----------------------------------------- cumulative_trapezoid, rms_norm alias, empty_* shapes
covers("torch.cumulative_trapezoid", "torch.rms_norm", "torch.empty_strided",
       "torch.empty_permuted")


@EX
@given(dtype=st.sampled_from(FLOATS + ("int64",)), shape=st.sampled_from([(0,), (1,), (5,),
                                                                           (2, 3), (3, 0, 2)]),
       mode=st.sampled_from(["none", "dx", "x1", "xfull"]), data=st.data())
def test_cumulative_trapezoid(dtype, shape, mode, data):
    y = T(data.draw(arrays(dtype, st.just(shape), specials=False, lo=-5, hi=5)))
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = shape[dim]
    if mode == "none":
        check("cumulative_trapezoid", y, dim=dim)
    elif mode == "dx":
        check("cumulative_trapezoid", y, dx=data.draw(st.sampled_from([0.5, 2, 3.0])), dim=dim)
    elif mode == "x1":
        x = T(np.sort(data.draw(arrays(dtype, st.just((n,)), specials=False, lo=-5, hi=5))))
        check("cumulative_trapezoid", y, x, dim=dim)
    else:
        x = T(data.draw(arrays(dtype, st.just(shape), specials=False, lo=-5, hi=5)))
        check("cumulative_trapezoid", y, x, dim=dim)


def test_cumulative_trapezoid_errors():
    check("cumulative_trapezoid", T(np.array(1.0)))
    check("cumulative_trapezoid", T(np.ones(3)), T(np.ones(4)))


@EX
@given(dtype=st.sampled_from(FLOATS), data=st.data())
def test_rms_norm_alias(dtype, data):
    x = T(data.draw(arrays(dtype, st.just((2, 3)), specials=False, lo=-3, hi=3)))
    w = T(data.draw(arrays(dtype, st.just((3,)), specials=False, lo=-3, hi=3)))
    check("rms_norm", x, (3,), w, 1e-6, _rtol=1e-4, _atol=1e-5)
    check("rms_norm", x, [2, 3])


@pytest.mark.parametrize("backend", BACKENDS)
def test_empty_strided_permuted(backend):
    """Uninitialised in torch: compared on shape and dtype only."""
    with ivy.using_backend(backend):
        for fn, args in [("empty_strided", ((2, 3), (1, 2))), ("empty_permuted", ((2, 3, 4),
                                                                                  (0, 2, 1)))]:
            for dt in (None, "int32", "float64"):
                kw = {} if dt is None else {"dtype": getattr(ft, dt)}
                rkw = {} if dt is None else {"dtype": getattr(real, dt)}
                e, g = getattr(real, fn)(*args, **rkw), getattr(ft, fn)(*args, **kw)
                assert tuple(g.shape) == tuple(e.shape) and repr(g.dtype) == str(e.dtype)
                assert ivy.backend_of(g._data).name == backend
    with pytest.raises(RuntimeError):
        real.empty_permuted((2, 3), (0, 0))
    with pytest.raises(RuntimeError):
        ft.empty_permuted((2, 3), (0, 0))


# ------------------------------------------ triplet_margin_with_distance_loss, linear_cross_entropy
covers("torch.nn.functional.triplet_margin_with_distance_loss",
       "torch.nn.functional.linear_cross_entropy")


def _l1(a, b):  # works on real and frontend tensors alike
    return (a - b).abs().sum(-1)


@EX
@given(dtype=st.sampled_from(FLOATS), shape=st.sampled_from([(4,), (3, 4), (2, 3, 4)]),
       dist=st.sampled_from([None, _l1]), margin=st.sampled_from([1.0, 0.5, 3]),
       swap=st.booleans(), reduction=st.sampled_from(["mean", "sum", "none"]), data=st.data())
def test_triplet_margin_with_distance_loss(dtype, shape, dist, margin, swap, reduction, data):
    a_, p_, n_ = (T(data.draw(mats(dtype, shape, -2, 2))) for _ in range(3))
    check(NF + "triplet_margin_with_distance_loss", a_, p_, n_, distance_function=dist,
          margin=margin, swap=swap, reduction=reduction, **_tol(dtype))


def test_triplet_margin_with_distance_loss_errors():
    x = T(np.ones((2, 3), "float32"))
    check(NF + "triplet_margin_with_distance_loss", x, x, x, margin=0)
    check(NF + "triplet_margin_with_distance_loss", x, x, T(np.ones(3, "float32")))
    check(NF + "triplet_margin_with_distance_loss", x, x, x, reduction="bad")


@EX
@given(dtype=st.sampled_from(FLOATS), n=st.integers(1, 4), d=st.integers(1, 4),
       c=st.integers(2, 5), bias=st.booleans(), weighted=st.booleans(),
       reduction=st.sampled_from(["mean", "sum", "none"]),
       ignore=st.sampled_from([None, -100, 0]), smoothing=st.sampled_from([0.0, 0.2]),
       data=st.data())
def test_linear_cross_entropy(dtype, n, d, c, bias, weighted, reduction, ignore, smoothing, data):
    x = T(data.draw(mats(dtype, (n, d), -2, 2)))
    w = T(data.draw(mats(dtype, (c, d), -2, 2)))
    t = T(np.array(data.draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)), "int64"))
    kw = dict(linear_bias=T(data.draw(mats(dtype, (c,)))) if bias else None,
              weight=T(data.draw(mats(dtype, (c,), 0.5, 2))) if weighted else None,
              reduction=reduction, label_smoothing=smoothing)
    if ignore is not None:
        kw["ignore_index"] = ignore
    check(NF + "linear_cross_entropy", x, w, t, **kw, **_tol(dtype))
    probs = np.abs(data.draw(mats(dtype, (n, c), 0.125, 1)))
    check(NF + "linear_cross_entropy", x, w, T(probs / probs.sum(-1, keepdims=True)),
          reduction=reduction, **_tol(dtype))


def test_linear_cross_entropy_ignore_none():
    x, w = T(np.ones((2, 3), "float32")), T(np.ones((4, 3), "float32"))
    check(NF + "linear_cross_entropy", x, w, T(np.array([-100, 1])))  # None: the default -100
    check(NF + "linear_cross_entropy", x, w, T(np.array([-100, 1])), ignore_index=-100)


# ------------------------------------------------------------------------------------ lstsq
covers("torch.linalg.lstsq")


@EX
@given(dtype=st.sampled_from(FLOATS), shapes=st.sampled_from([((5, 3), (5, 2)), ((5, 3), (5,)),
                                                              ((3, 5), (3, 2)), ((3, 3), (3, 1)),
                                                              ((2, 5, 3), (2, 5, 4)),
                                                              ((2, 4, 4), (2, 4))]),
       driver=st.sampled_from([None, "gels", "gelsy", "gelsd", "gelss"]), data=st.data())
def test_lstsq(dtype, shapes, driver, data):
    sa, sb = shapes
    A = data.draw(mats(dtype, sa, -2, 2)) + 2 * np.eye(sa[-2], sa[-1], dtype=dtype)
    B = data.draw(mats(dtype, sb, -3, 3))
    check(L + "lstsq", T(A), T(B), driver=driver, **_tol(dtype))


def test_lstsq_rank_deficient_and_errors():
    A = np.array([[1.0, 2.0, 2.0], [0.0, 1.0, 1.0], [3.0, -1.0, -1.0], [1.0, 1.0, 1.0]])
    B = np.array([[1.0], [2.0], [0.5], [-1.0]])
    for d in (None, "gelsy", "gelsd", "gelss"):  # the minimum-norm solution, rank 2
        check(L + "lstsq", T(A), T(B), driver=d)
    check(L + "lstsq", T(A), T(B), 1e-3, driver="gelsd")  # rcond
    check(L + "lstsq", T(A), T(B), driver="foo")
    check(L + "lstsq", T(A), T(B.astype("float32")))
    check(L + "lstsq", T(A), T(np.ones((3, 1))))
    check(L + "lstsq", T(np.ones((2, 5, 3))), T(np.ones((5, 4))))  # B is a batch of vectors


@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_gaussian_nll_loss_gradient_passes_the_eps_clamp(backend):
    """torch clamps ``var`` to ``eps`` under no_grad: the value is eps there and the gradient
    passes the clamp unchanged (a differentiable clamp gave 0 where var < eps). The frontend's
    gradient through the Ivy backend's autodiff equals torch's."""
    r = np.random.default_rng(0)
    x, y = (r.standard_normal((3, 4)).astype(np.float32) for _ in range(2))
    var = np.abs(r.standard_normal((3, 4))).astype(np.float32)
    var[0, :3] = [1e-9, 0.0, 1e-6]  # below, far below, and at eps
    tv = real.from_numpy(var.copy()).requires_grad_(True)
    want_loss = real.nn.functional.gaussian_nll_loss(real.from_numpy(x), real.from_numpy(y), tv,
                                                     reduction="sum")
    (want,) = real.autograd.grad(want_loss, [tv])
    from ivy.frontends.torch._tensor import wrap

    with ivy.using_backend(backend):
        if backend == "jax":
            import jax

            def loss(v):
                return ft.nn.functional.gaussian_nll_loss(ft.tensor(x), ft.tensor(y), wrap(v),
                                                          reduction="sum")._data

            val, got = jax.value_and_grad(loss)(jax.numpy.asarray(var))
        else:
            v = real.from_numpy(var.copy()).requires_grad_(True)
            out = ft.nn.functional.gaussian_nll_loss(ft.tensor(x), ft.tensor(y), wrap(v),
                                                     reduction="sum")._data
            val, (got,) = out, real.autograd.grad(out, [v])
    np.testing.assert_allclose(float(val), float(want_loss.detach()), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-5)


covers("torch.detach", "torch.Tensor.detach", "torch.Tensor.data")


@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_detach_and_data_cut_the_gradient(backend):
    """``Tensor.detach()``, ``.data``, ``detach_()`` and ``torch.detach`` keep the values and
    cut the gradient, as in torch (they were the identity: a silently different gradient)."""
    x = np.random.default_rng(1).standard_normal((3,)).astype(np.float32)
    tx = real.from_numpy(x.copy()).requires_grad_(True)
    (want,) = real.autograd.grad((tx * tx.detach() + tx.data * tx).sum(), [tx])
    from ivy.frontends.torch._tensor import wrap

    def f(v):
        t = wrap(v)
        d = wrap(v).detach_()
        return (t * t.detach() + t.data * t + ft.detach(t) * 0 + d * 0).sum()._data

    with ivy.using_backend(backend):
        if backend == "jax":
            import jax
            got = jax.grad(f)(jax.numpy.asarray(x))
        else:
            v = real.from_numpy(x.copy()).requires_grad_(True)
            (got,) = real.autograd.grad(f(v), [v])
    np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-6)
    assert not np.allclose(want.numpy(), 4 * x)  # the check can fail: an uncut graph gives 4x
