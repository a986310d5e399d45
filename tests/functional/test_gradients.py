"""Gradients on the autodiff backends against finite differences and torch.autograd (float64),
nested structures, higher order, and the NumPy error."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
from tests.functional.helpers import native

AD = ["torch", "jax", "tensorflow"]
RNG = np.random.default_rng(0)


def f_single(x):
    """A scalar function built from Ivy nn functions only (works on every backend)."""
    return ivy.logsumexp(ivy.softplus(x) * x) + ivy.mse_loss(ivy.sigmoid(x), x * 0.5)


def f_nested(p):
    y = ivy.linear(p["x"], p["w"][0], p["w"][1])
    return ivy.mse_loss(ivy.gelu(y), p["t"]["target"])


def torch_grad(f, x, order=1):
    xt = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    with ivy.using_backend("torch"):
        y = f(xt)
        g = torch.autograd.grad(y, xt, create_graph=True)[0]
        if order == 2:
            g = torch.autograd.grad(g.sum(), xt)[0]
    return g.detach().numpy()


def fd_grad(f, x, eps=1e-6):
    g = np.zeros_like(x)
    with ivy.using_backend("numpy"):
        for i in np.ndindex(x.shape):
            d = np.zeros_like(x)
            d[i] = eps
            g[i] = (float(f(x + d)) - float(f(x - d))) / (2 * eps)
    return g


@pytest.mark.parametrize("backend", AD)
def test_grad_matches_fd_and_torch(backend):
    x = RNG.standard_normal((3, 4))
    with ivy.using_backend(backend):
        v, g = ivy.execute_with_gradients(f_single, native(backend, x))
        g2 = ivy.grad(f_single)(native(backend, x))
    with ivy.using_backend("numpy"):
        want_v = float(f_single(x))
    np.testing.assert_allclose(float(ivy.to_numpy(v)), want_v, rtol=1e-10)
    np.testing.assert_allclose(ivy.to_numpy(g), fd_grad(f_single, x), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(ivy.to_numpy(g), torch_grad(f_single, x), rtol=1e-10)
    np.testing.assert_allclose(ivy.to_numpy(g2), ivy.to_numpy(g), rtol=1e-12)


@pytest.mark.parametrize("backend", AD)
def test_second_and_third_order(backend):
    x = RNG.standard_normal((5,))

    def first_sum(z):
        return ivy.logsumexp(ivy.grad(f_single)(z))

    with ivy.using_backend(backend):
        h = ivy.grad(lambda z: ivy.logsumexp(ivy.grad(f_single)(z) * 1.0) * 0 +
                     ivy.logsumexp(ivy.grad(f_single)(z)))(native(backend, x))
        third = ivy.grad(lambda z: ivy.logsumexp(ivy.grad(first_sum)(z)))(native(backend, x))
    xt = torch.tensor(x, requires_grad=True)
    with ivy.using_backend("torch"):
        g1 = torch.autograd.grad(f_single(xt), xt, create_graph=True)[0]
        s = ivy.logsumexp(g1)
        g2 = torch.autograd.grad(s, xt, create_graph=True)[0]
        g3 = torch.autograd.grad(ivy.logsumexp(g2), xt)[0]
    np.testing.assert_allclose(ivy.to_numpy(h), g2.detach().numpy(), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ivy.to_numpy(third), g3.numpy(), rtol=1e-8, atol=1e-11)


@pytest.mark.parametrize("backend", AD)
def test_nested_structures_and_ivy_arrays(backend):
    p = {"x": RNG.standard_normal((4, 3)), "w": [RNG.standard_normal((2, 3)),
                                                 RNG.standard_normal(2)],
         "t": {"target": RNG.standard_normal((4, 2))}}
    nat = {"x": native(backend, p["x"]), "w": [native(backend, a) for a in p["w"]],
           "t": {"target": native(backend, p["t"]["target"])}}
    with ivy.using_backend(backend):
        v, g = ivy.execute_with_gradients(f_nested, nat)
    assert set(g) == {"x", "w", "t"} and isinstance(g["w"], list)
    tp = {"x": torch.tensor(p["x"], requires_grad=True),
          "w": [torch.tensor(a, requires_grad=True) for a in p["w"]],
          "t": {"target": torch.tensor(p["t"]["target"], requires_grad=True)}}
    with ivy.using_backend("torch"):
        y = f_nested(tp)
    leaves = [tp["x"], *tp["w"], tp["t"]["target"]]
    ref = torch.autograd.grad(y, leaves)
    got = [g["x"], *g["w"], g["t"]["target"]]
    for a, b in zip(got, ref, strict=True):
        np.testing.assert_allclose(ivy.to_numpy(a), b.numpy(), rtol=1e-10, atol=1e-12)
    # ivy.Array in -> ivy.Array out, backend inferred from the arrays
    xs = ivy.to_ivy(nat)
    v2, g2 = ivy.value_and_grad(f_nested)(xs)
    assert isinstance(v2, ivy.Array) and isinstance(g2["w"][0], ivy.Array)
    np.testing.assert_allclose(ivy.to_numpy(g2["x"]), ivy.to_numpy(g["x"]), rtol=1e-12)


@pytest.mark.parametrize("backend", AD)
def test_argnums_jac_stop_gradient(backend):
    a, b = RNG.standard_normal(3), RNG.standard_normal(3)
    with ivy.using_backend(backend):
        A, B = native(backend, a), native(backend, b)
        ga, gb = ivy.grad(lambda x, y: ivy.logsumexp(x * y), argnums=(0, 1))(A, B)
        sm = np.exp(a * b) / np.exp(a * b).sum()
        np.testing.assert_allclose(ivy.to_numpy(ga), sm * b, rtol=1e-10)
        np.testing.assert_allclose(ivy.to_numpy(gb), sm * a, rtol=1e-10)
        J = ivy.to_numpy(ivy.jac(ivy.softmax)(A))
        s = np.exp(a) / np.exp(a).sum()
        np.testing.assert_allclose(J, np.diag(s) - np.outer(s, s), rtol=1e-9, atol=1e-12)
        g = ivy.grad(lambda x: ivy.logsumexp(ivy.stop_gradient(x) * x))(A)
        np.testing.assert_allclose(ivy.to_numpy(g), np.exp(a * a) / np.exp(a * a).sum() * a,
                                   rtol=1e-10)
        # unused input: zero gradient, not None
        gz = ivy.grad(lambda x, y: ivy.logsumexp(x), argnums=1)(A, B)
        np.testing.assert_array_equal(ivy.to_numpy(gz), np.zeros(3))


def test_numpy_has_no_gradients():
    x = np.ones(3)
    with ivy.using_backend("numpy"):
        for call in (lambda: ivy.grad(ivy.logsumexp)(x),
                     lambda: ivy.execute_with_gradients(ivy.logsumexp, x),
                     lambda: ivy.jac(ivy.softmax)(x)):
            with pytest.raises(ivy.NoGradientError, match="torch"):
                call()
    with pytest.raises(ivy.NoGradientError, match="numpy"):
        ivy.grad(ivy.logsumexp)(x)  # inferred from a NumPy array
    np.testing.assert_array_equal(ivy.stop_gradient(x), x)


@pytest.mark.parametrize("backend", AD)
def test_activation_gradients_at_their_kinks(backend):
    """Derivatives at the points where a composite form has kinks: softplus'(0) = 1/2 as torch
    gives (max(x, 0) + log1p(exp(-|x|)) gave 0 under jax.grad and 1 under GradientTape)."""
    x = np.array([-3.0, -1.0, 0.0, 1.0, 3.0, 30.0])
    with ivy.using_backend(backend):
        g = ivy.grad(lambda z: ivy.sum(ivy.softplus(z)))(native(backend, x))
    np.testing.assert_allclose(ivy.to_numpy(g), torch_grad(lambda z: ivy.sum(ivy.softplus(z)), x),
                               rtol=1e-12)


@pytest.mark.parametrize("backend", AD)
def test_clip_derivative_at_its_bounds(backend):
    """``ivy.clip``'s derivative is 1 at a bound (torch's ``clamp``, TF's ``clip_by_value``) on
    every backend; JAX's own ``jnp.clip`` splits the tie 1/2-1/2, so the JAX backend's clip keeps
    x's derivative wherever lo <= x <= hi. Values at NaN, lo > hi and one-sided bounds stay
    ``jnp.clip``'s; a tensor bound gets the gradient where x is past it."""
    x = np.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0])

    def f(z):
        return ivy.sum(ivy.clip(z, -1.0, 1.0) * 3 + ivy.clip(z, min=0.0) + ivy.clip(z, max=0.5))

    with ivy.using_backend(backend):
        g = ivy.grad(f)(native(backend, x))
        lo = native(backend, np.array(0.25))
        g_lo = ivy.grad(lambda b: ivy.sum(ivy.clip(native(backend, x), b, 1.0)))(lo)
        v = ivy.to_numpy(ivy.clip(native(backend, np.array([np.nan, 3.0, -3.0])), 1.0, -1.0))
    np.testing.assert_array_equal(ivy.to_numpy(g), torch_grad(f, x))
    np.testing.assert_array_equal(ivy.to_numpy(g), [1, 4, 4, 5, 5, 4, 1])
    assert float(ivy.to_numpy(g_lo)) == 4.0  # -2, -1, -0.5, 0 lie below 0.25
    np.testing.assert_array_equal(v, [np.nan, -1.0, -1.0])


@pytest.mark.parametrize("backend", AD)
def test_max_min_sort_gradients_at_zeros_and_subnormals(backend):
    """The gradients of max/min (shared evenly among the elements equal to the result, -0 equal
    to +0) and sort (a permutation) where TF's backend reduces or sorts through integer keys
    (a zero or subnormal result, any zero in a sort). Before 2026-11-28 that path carried no
    gradient: ``GradientTape`` answered None, so a ReLU-then-amax (a zero maximum) trained
    nothing through it, silently."""
    x = np.array([[0.0, 0.0, 3.0], [-0.0, 2.0, 3.0], [-1.0, 2.0, 1e-310]])
    w = np.arange(1.0, 10.0).reshape(3, 3)

    def f(z):
        ww = ivy.asarray(w).data
        return (ivy.sum(ivy.max(z, axis=0) * ww[0]) + ivy.sum(ivy.min(z, axis=1, keepdims=True)
                * ww[:, 1:2]) + ivy.sum(ivy.sort(z, axis=0) * ww) + ivy.min(z) * 7.0)

    want = torch_grad(f, x)
    with ivy.using_backend(backend):
        g = ivy.to_numpy(ivy.grad(f)(native(backend, x)))
    np.testing.assert_array_equal(g, want)
    # column 0's max (0, -0, -1) gives 1/2 to each zero; row 0's min 2/2 to its zeros, row 1's
    # 5 to its -0; the full min (-1) 7; sort along axis 0 a permutation of w
    assert want[0, 0] == 0.5 * 1 + 1 + 4 and want[1, 0] == 0.5 * 1 + 5 + 7 - 0.0
    if backend == "tensorflow":  # the same inside a tf.function (its tf.cond branch)
        import tensorflow as tf

        @tf.function
        def traced(v):
            with tf.GradientTape() as tape:
                tape.watch(v)
                y = f(v)
            return tape.gradient(y, v)
        with ivy.using_backend("tensorflow"):
            np.testing.assert_array_equal(traced(tf.constant(x)).numpy(), want)
