"""lax.linalg, max-pool VJPs, variadic reduce, random_gamma and real optax/jnp code that hit
them, transpiled from JAX and checked against JAX itself (on a fresh draw of valid inputs, not
trusting the transpiler's own verification).

Decompositions whose result is a choice (eigen/singular vectors' signs, eig's order) must convert
when the program's result does not depend on the choice and be refused, naming the primitive and
the user's line, when it does. ``IVY_FULL=1`` sweeps triangular_solve's parameters and more
targets."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw

jax = pytest.importorskip("jax")
jnp = jax.numpy
lax = jax.lax

FULL = bool(os.environ.get("IVY_FULL"))


@pytest.fixture(autouse=True)
def _x64_off():
    """JAX as its users see it: Ivy's JAX backend turns x64 on process-wide, and a test file run
    after one that used it would capture float64 programs."""
    with jax.enable_x64(False):
        yield


def _spd(rng, n=4):
    a = rng.standard_normal((n, n)).astype(np.float32)
    return (a @ a.T + n * np.eye(n, dtype=np.float32)).astype(np.float32)


def _f32(rng, *s):
    return rng.standard_normal(s).astype(np.float32)


def _convert(fn, args, target="numpy"):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ivy.transpile(fn, source="jax", target=target, args=args)


def _check(fn, draw, target="numpy", rtol=None):
    """Transpile on draw(0), then compare with JAX on draw(5)."""
    t = _convert(fn, draw(np.random.default_rng(0)), target)
    args = draw(np.random.default_rng(5))
    want = fw.tree_to_numpy(fn(*[jnp.asarray(a) if isinstance(a, np.ndarray) else a
                                 for a in args]))
    got = fw.tree_to_numpy(t(*args))
    res = fw.compare_trees(want, got, **({"rtol_table": rtol} if rtol else {}))
    assert all(r["ok"] for r in res), res
    return t


def test_decompositions_whose_result_is_unique_convert():
    def f(a, b):
        w, v = jnp.linalg.eigh(a)
        u, s, vh = jnp.linalg.svd(b, full_matrices=False)
        return (w, (v * w) @ v.T, s, (u * s) @ vh, jnp.linalg.pinv(b),
                jnp.linalg.solve(a, b[:4, :2]), jnp.linalg.slogdet(a)[1],
                jnp.linalg.cholesky(a), jnp.linalg.qr(b)[1])

    _check(f, lambda r: (_spd(r), _f32(r, 5, 3)))


@pytest.mark.parametrize("fn, op", [
    (lambda a: jnp.linalg.eigh(a)[1], "lax.eigh"),
    (lambda a: jnp.linalg.svd(a)[0], "lax.svd"),
    (lambda a: jnp.linalg.eig(a)[0], "lax.eig"),
], ids=["eigh vectors", "svd U", "eig order"])
def test_a_result_that_depends_on_the_choice_is_refused(fn, op):
    a = _spd(np.random.default_rng(0))
    with pytest.raises(TranspileError, match="not unique") as e:
        _convert(fn, (a,))
    assert op in str(e.value) and "test_linalg.py" in str(e.value)  # the op and the user's line


def test_repeated_eigenvalues_are_a_subspace_not_vectors():
    # the identity block has a repeated eigenvalue: any basis of its space is valid
    def f(a):
        w, v = jnp.linalg.eigh(a)
        return w, v[:, :2] @ v[:, :2].T  # the projector onto the repeated eigenvalue's space

    def draw(r):
        q, _ = np.linalg.qr(r.standard_normal((4, 4)))
        return ((q * np.asarray([1.0, 1.0, 3.0, 5.0])) @ q.T).astype(np.float32),

    _check(f, draw)
    with pytest.raises(TranspileError, match="lax.eigh"):
        _convert(lambda a: jnp.linalg.eigh(a)[1][:, 0], draw(np.random.default_rng(0)))


def test_lu_triangular_and_cholesky_solves():
    import jax.scipy.linalg as jsl

    def f(a, s, b):
        lu_piv = jsl.lu_factor(a)
        p, lo, up = jsl.lu(a)
        return (jsl.lu_solve(lu_piv, b), p, lo, up, jnp.linalg.inv(a), jnp.linalg.det(a),
                jsl.cho_solve(jsl.cho_factor(s), b),
                jsl.solve_triangular(jnp.tril(a) + 4 * jnp.eye(4), b, lower=True, trans=1))

    _check(f, lambda r: (_f32(r, 4, 4) + 2 * np.eye(4, dtype=np.float32), _spd(r),
                         _f32(r, 4, 2)))


_TRI = [(ls, lo, tr, ud) for ls in (True, False) for lo in (True, False)
        for tr in (False, True) for ud in (False, True)]


@pytest.mark.parametrize("left_side, lower, transpose_a, unit_diagonal",
                         _TRI if FULL else [_TRI[0], _TRI[7], _TRI[10]])
def test_triangular_solve_parameters(left_side, lower, transpose_a, unit_diagonal):
    def f(a, b):
        return lax.linalg.triangular_solve(a, b, left_side=left_side, lower=lower,
                                           transpose_a=transpose_a, unit_diagonal=unit_diagonal)

    def draw(r):
        a = r.standard_normal((4, 4)).astype(np.float32) + 4 * np.eye(4, dtype=np.float32)
        return a, _f32(r, *((4, 3) if left_side else (3, 4)))

    _check(f, draw)


def test_tridiagonal_householder_and_pivots():
    from jax._src.lax import linalg as _linalg

    def f(dl, d, du, b, a, refl, taus):
        return (lax.linalg.tridiagonal_solve(dl, d, du, b),
                lax.linalg.lu_pivots_to_permutation(lax.linalg.lu(a)[1], 5),
                lax.linalg.householder_product(refl, taus))

    def draw(r):
        dl, du = _f32(r, 5), _f32(r, 5)
        dl[0] = du[-1] = 0
        a = _f32(r, 5, 3)
        refl, taus = (np.asarray(v) for v in _linalg.geqrf(a))  # LAPACK's reflectors
        return dl, _f32(r, 5) + 6, du, _f32(r, 5, 2), a, refl, taus

    _check(f, draw)


def test_cholesky_of_a_matrix_that_is_not_positive_definite_is_nan_as_in_jax():
    t = _convert(lambda a: lax.linalg.cholesky(a), (_spd(np.random.default_rng(0)),))
    bad = -np.eye(4, dtype=np.float32)
    want = np.asarray(lax.linalg.cholesky(jnp.asarray(bad)))
    assert np.isnan(want).any()
    np.testing.assert_array_equal(np.asarray(t(bad)), want)  # NaN where JAX has NaN


def test_max_pool_vjp_and_linalg_gradients_through_torch():
    torch = pytest.importorskip("torch")

    def pool(x):
        return jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                                         "VALID") ** 2)

    # jax.grad of max-pool: select_and_scatter_add, transpiled as a function
    _check(jax.grad(pool), lambda r: (_f32(r, 2, 6, 6, 3),), "torch")

    # the emitted torch code differentiated by torch autograd, against jax.grad
    def loss(a):  # eigh, solve (custom_linear_solve), cholesky: JAX's own derivative rules
        w = jnp.arange(16.0).reshape(4, 4) / 16
        return (jnp.sum(jnp.linalg.eigvalsh(a) ** 2) + jnp.sum(jnp.linalg.inv(a))
                + jnp.sum(lax.linalg.cholesky(a, symmetrize_input=False) * w))

    a = _spd(np.random.default_rng(1))
    t = _convert(loss, (a,), "torch")
    x = torch.from_numpy(a.copy()).requires_grad_(True)
    (g,) = torch.autograd.grad(t.fn(x), [x])
    want = np.asarray(jax.grad(loss)(jnp.asarray(a)))
    np.testing.assert_allclose(g.numpy(), want, rtol=2e-3, atol=1e-4)


def test_variadic_reduce_argmax_pairs():
    def f(x):
        return lax.reduce((x, lax.broadcasted_iota(jnp.int32, x.shape, 1)), (-jnp.inf, 0),
                          lambda a, b: (jnp.maximum(a[0], b[0]),
                                        jnp.where(a[0] >= b[0], a[1], b[1])), (1,))

    _check(f, lambda r: (_f32(r, 3, 6),))


@pytest.mark.skipif(not FULL, reason="~15 s (JAX's rejection sampler); IVY_FULL=1")
def test_random_gamma_is_jax_exact():
    def f(kd, a):
        key = jax.random.wrap_key_data(kd)
        return jax.random.gamma(key, a), jax.random.beta(key, 2.0, 3.0, (2,))

    def draw(r):
        kd = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(r.integers(0, 99)))))
        return kd, (np.abs(_f32(r, 3)) + 0.3).astype(np.float32)

    _check(f, draw, rtol={"float32": 1e-6})


def test_optax_update_with_the_state_as_input():
    optax = pytest.importorskip("optax")
    opt = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-2))
    p0 = {"w": np.ones((3, 2), np.float32), "b": np.zeros(2, np.float32)}
    state = jax.tree_util.tree_map(np.asarray, opt.init(p0))  # namedtuples of arrays

    def step(grads, state, params):
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state

    def draw(r):
        st = jax.tree_util.tree_map(lambda v: (np.abs(_f32(r, *v.shape)) if v.dtype.kind == "f"
                                               else v + 3), state)
        return {"w": _f32(r, 3, 2), "b": _f32(r, 2)}, st, {"w": _f32(r, 3, 2), "b": _f32(r, 2)}

    t = _check(step, draw)
    assert "arg1" in t.source or "state" in t.source  # the state is an input, not a constant


def test_integer_labels_and_focal_loss():
    optax = pytest.importorskip("optax")

    def f(logits, labels, y):
        return (optax.softmax_cross_entropy_with_integer_labels(logits, labels),  # batched gather
                optax.sigmoid_focal_loss(logits, y),  # JAX 0.10's stack primitive
                jnp.take_along_axis(logits, jnp.argsort(logits, 1), 1))

    draw = lambda r: (_f32(r, 4, 5), r.integers(0, 5, 4).astype(np.int32),  # noqa: E731
                      (r.random((4, 5)) > 0.5).astype(np.float32))
    _check(f, draw)


def test_vmapped_reduction_axes_are_python_ints_for_tensorflow():
    pytest.importorskip("tensorflow")
    f = jax.vmap(lambda w, x: jnp.tanh(w @ x).sum(), in_axes=(None, 0))  # axes=(np.int64(0),)
    _check(f, lambda r: (_f32(r, 3, 4), _f32(r, 5, 4)), "tensorflow")


def test_total_order_comparisons_and_expm():
    import jax.scipy.linalg as jsl
    from jax._src.lax import lax as _lax  # the primitives jnp.sort / expm use

    def f(x, a):
        return (_lax.lt_to_p.bind(x, x[::-1]), _lax.eq_to_p.bind(x, -x),
                _lax.le_to_p.bind(x, x[::-1]), jsl.expm(a))

    def draw(r):
        x = _f32(r, 8)
        x[:4] = [0.0, -0.0, np.nan, -np.inf]
        return x, 0.3 * _f32(r, 4, 4)

    t = _convert(f, draw(np.random.default_rng(0)))
    x, a = draw(np.random.default_rng(5))
    want = fw.tree_to_numpy(f(jnp.asarray(x), jnp.asarray(a)))
    res = fw.compare_trees(want, fw.tree_to_numpy(t(x, a)))
    assert all(r["ok"] for r in res), res


def _c64(r, *s):
    return (_f32(r, *s) + 1j * _f32(r, *s)).astype(np.complex64)


def _eig_expm(a):
    """expm(a) from eig's left and right eigenvectors: free of their order and phases."""
    w, vl, vr = lax.linalg.eig(a, compute_left_eigenvectors=True)
    return (vr * (jnp.exp(w) / jnp.sum(jnp.conj(vl) * vr, axis=0))) @ jnp.conj(vl).T


@pytest.mark.parametrize("target", ["numpy", "torch", "tensorflow", "jax"] if FULL
                         else ["numpy", "torch"])
def test_eig_left_eigenvectors_pivoted_qr_and_geqrf(target):
    """eig's left eigenvectors (the spectral projectors they make with the right ones), pivoted
    QR (LAPACK's geqp3 pivots), raw geqrf/householder_product, cholesky of 0x0 matrices, all
    against JAX; returning the left eigenvectors themselves is refused (their phases and order
    are JAX's choice)."""
    if target != "numpy":
        pytest.importorskip(target)

    def f(a, c, b, e):
        q, r, p = lax.linalg.qr(b, pivoting=True, full_matrices=False)
        refl, taus = _linalg.geqrf(b)
        return (_eig_expm(a), _eig_expm(c), q, r, p, lax.linalg.qr(b.T, pivoting=True),
                refl, taus, lax.linalg.householder_product(refl, taus),
                _linalg.geqrf(c), lax.linalg.cholesky(e))

    from jax._src.lax import linalg as _linalg
    _check(f, lambda r: (_f32(r, 4, 4), _c64(r, 3, 3), _f32(r, 5, 4),
                         np.zeros((2, 0, 0), np.float32)), target)
    if target == "numpy":
        with pytest.raises(TranspileError, match="lax.eig"):
            _convert(lambda a: lax.linalg.eig(a, compute_left_eigenvectors=True)[1],
                     (_f32(np.random.default_rng(0), 4, 4),))


def test_pivoted_qr_gradient_and_svd_subset_refusal():
    """The VJP of a pivoted QR through the emitted torch code equals jax.grad's; a
    rank-deficient pivoted QR is refused (rounding picks its later pivots); svd's
    subset_by_index is TPU-only in JAX (CPU raises), so a capture has nothing to check it by and
    refuses it naming the primitive (the frontend computes it: the full SVD sliced)."""
    torch = pytest.importorskip("torch")
    r = np.random.default_rng(0)
    a, w = _f32(r, 5, 4), _f32(r, 5, 4)

    def loss(a):
        q, rr, _ = lax.linalg.qr(a, pivoting=True, full_matrices=False)
        return jnp.sum(rr ** 2 * w[:4]) + jnp.sum(q * w)

    t = _convert(loss, (a,), "torch")
    x = torch.from_numpy(a.copy()).requires_grad_(True)
    (g,) = torch.autograd.grad(t.fn(x), [x])
    np.testing.assert_allclose(g.numpy(), np.asarray(jax.grad(loss)(jnp.asarray(a))),
                               rtol=1e-4, atol=1e-5)
    # rank-deficient: the pivots past the rank and Q's columns there are rounding's choice
    with pytest.raises(TranspileError, match="lax.qr"):
        _convert(lambda a: lax.linalg.qr(a, pivoting=True), (np.outer(a[:, 0], a[0]),))
    with pytest.raises(TranspileError, match="lax.svd.*cannot run it on CPU"):
        _convert(lambda a: lax.linalg.svd(a, full_matrices=False, subset_by_index=(1, 3)), (a,))
    from ivy.frontends.jax import lax as flax
    u, s, vh = np.linalg.svd(a.astype(np.float64), full_matrices=False)
    with ivy.using_backend("numpy"):
        fu, fs, fvh = (np.asarray(v._data) for v in flax.linalg.svd(
            a, full_matrices=False, subset_by_index=(1, 3)))
    np.testing.assert_allclose(fs, s[1:3], rtol=1e-5)
    np.testing.assert_allclose(np.abs(np.sum(fu * u[:, 1:3], 0)), 1, rtol=1e-4)
    np.testing.assert_allclose(np.abs(np.sum(fvh * vh[1:3], 1)), 1, rtol=1e-4)
