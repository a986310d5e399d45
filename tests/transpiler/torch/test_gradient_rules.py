"""Gradients torch defines by rule, not as the forward's derivative: ``scale_grad_by_freq`` of
``nn.Embedding`` / ``F.embedding`` / ``F.embedding_bag``, and gradient hooks.

torch divides each weight row's gradient by how often its index occurs in the batch. Before
2026-11-27 the frontend and the ``aten.embedding`` rule ignored the flag: the transpiled model's
forward was right and its embedding gradient was not (rows 1 and 3 below, each used twice, got
twice torch's gradient), and the gradient check's float64 second opinion accepted it as "a
defect of the source's backward" (finite differences of the forward agree with the unscaled
gradient: the flag is a rule of the backward, not the forward's derivative). Now the gradient
matches torch's, and the second opinion treats the flag as a gradient torch defines (like
``padding_idx``) so a wrong mapping of it stands refused. ``embedding_bag``'s flag follows the
documented rule and is refused: torch's own CPU backward for it is wrong (below)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import ivy
import ivy.frontends.torch as ft
from ivy.frontends.torch._tensor import wrap
from ivy.transpiler.capture import torch as cap_torch

IDX = np.array([[1, 3, 1, 5], [2, 1, 9, 3]], np.int64)


def _torch_grads(m, args):
    for p in m.parameters():
        p.grad = None
    m(*(torch.from_numpy(a) for a in args)).square().sum().backward()
    return {k: p.grad.numpy().copy() for k, p in m.named_parameters()}


def _jax_grads(t, args):
    import jax
    import jax.numpy as jnp

    g = jax.grad(lambda p: jnp.sum(jnp.square(t.apply(p, *(jnp.asarray(a) for a in args)))))(
        t.params)
    return {k: np.asarray(v) for k, v in g.items()}


class _Bag(torch.nn.Module):
    def __init__(self, mode):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(10, 4))
        self.mode = mode

    def forward(self, i):
        return torch.nn.functional.embedding_bag(i, self.w, mode=self.mode,
                                                 scale_grad_by_freq=True)


def test_transpiled_embedding_gradient_is_torch_gradient():
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Embedding(10, 4, scale_grad_by_freq=True, padding_idx=5),
                            torch.nn.Linear(4, 3))
    want = _torch_grads(m, (IDX,))
    t = ivy.transpile(m.eval(), source="torch", target="jax", args=(IDX,))
    got = _jax_grads(t, (IDX,))
    assert set(got) == set(want)
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-6, err_msg=k)


@pytest.mark.parametrize("mode", ["sum", "mean"])
def test_embedding_bag_follows_the_documented_rule_and_is_refused(mode):
    """torch 2.13's CPU ``embedding_bag`` backward divides the gradient of the i-th distinct
    index (sorted) by the count of the i-th entry of the *sorted indices* instead of its own
    count: with IDX (sorted 1 1 1 2 3 3 5 9) row 2, used once, gets 1/3 of its gradient and
    row 5 all of it (``F.embedding`` is right). The emitted code follows the documented rule
    (each row's gradient divided by its own count), so the gradient check disagrees with
    torch and the transpile is refused, naming the flag; it is not accepted on finite
    differences either."""
    torch.manual_seed(0)
    m = _Bag(mode)
    with pytest.raises(ivy.transpiler.TranspileError, match="embedding_bag scale_grad_by_freq"):
        ivy.transpile(m.eval(), source="torch", target="jax", args=(IDX,))
    t = ivy.transpile(m.eval(), source="torch", target="jax", args=(IDX,), strict=False)
    w = torch.tensor(m.w.detach().numpy(), requires_grad=True)
    torch.nn.functional.embedding_bag(torch.from_numpy(IDX), w, mode=mode).square().sum() \
        .backward()
    counts = np.maximum(np.bincount(IDX.ravel(), minlength=10), 1)[:, None]
    np.testing.assert_allclose(_jax_grads(t, (IDX,))["w"], w.grad.numpy() / counts, rtol=1e-5,
                               atol=1e-6)


def test_second_opinion_does_not_overrule_the_flag():
    """The witness names the flag, so a gradient that differs from torch's is not accepted on
    finite differences of the forward (what let the ignored flag through)."""
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Embedding(10, 4, scale_grad_by_freq=True),
                            torch.nn.Linear(4, 3))
    w = cap_torch.float64_witness(m, (IDX,), {})
    w.gradient()
    assert "embedding scale_grad_by_freq" in w.custom


@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_frontend_embedding_values_and_gradient(backend):
    rng = np.random.default_rng(0)
    w = rng.standard_normal((10, 4)).astype(np.float32)
    w[1, 0] = -0.0                     # the value path keeps -0.0
    cot = rng.standard_normal(IDX.shape + (4,)).astype(np.float32)
    tw = torch.tensor(w, requires_grad=True)
    out = torch.nn.functional.embedding(torch.from_numpy(IDX), tw, scale_grad_by_freq=True)
    (out * torch.from_numpy(cot)).sum().backward()
    with ivy.using_backend(backend):
        def loss(wv):
            o = ft.nn.functional.embedding(ft.tensor(IDX), wrap(wv), scale_grad_by_freq=True)
            return ivy.sum(ivy.multiply(o._data, ivy.asarray(cot)))

        val = ft.nn.functional.embedding(ft.tensor(IDX), ft.tensor(w), scale_grad_by_freq=True)
        got = ivy.to_numpy(val._data)
        np.testing.assert_array_equal(got, out.detach().numpy())
        assert np.signbit(got[0, 0, 0]) and np.signbit(got[0, 2, 0])
        g = ivy.to_numpy(ivy.grad(loss)(ivy.asarray(w)))
    np.testing.assert_allclose(g, tw.grad.numpy(), rtol=1e-6, atol=1e-6)


def test_embedding_bag_max_refuses_the_flag():
    w = ft.tensor(np.ones((4, 2), np.float32))
    with pytest.raises(RuntimeError, match="max mode does not support"):
        ft.nn.functional.embedding_bag(ft.tensor(np.array([[0, 1]])), w, mode="max",
                                       scale_grad_by_freq=True)


class _Hooked(torch.nn.Module):
    def __init__(self, in_forward):
        super().__init__()
        self.lin, self.out = torch.nn.Linear(4, 3), torch.nn.Linear(3, 2)
        self.in_forward = in_forward

    def forward(self, x):
        h = self.lin(x)
        if self.in_forward and h.requires_grad:
            h.register_hook(lambda g: g * 3)
        return self.out(h)


@pytest.mark.parametrize("where", ["forward", "parameter"])
def test_gradient_hooks_are_refused_not_overruled(where):
    """A gradient hook (on an activation in the forward, or on a parameter beforehand) makes
    torch's gradient differ from the forward's derivative; the emitted code has no hooks. Before,
    the float64 second opinion saw finite differences agree with the emitted code and accepted
    it ("gradient: 4/4 match, max |error| 2.78"): a model whose training would silently differ.
    Now the hook is named and the transpile refused."""
    torch.manual_seed(0)
    m = _Hooked(where == "forward")
    if where == "parameter":
        m.lin.weight.register_hook(lambda g: g * 0)
    x = np.random.default_rng(0).standard_normal((5, 4)).astype(np.float32)
    name = "Tensor.register_hook" if where == "forward" else "gradient hook on lin.weight"
    with pytest.raises(ivy.transpiler.TranspileError, match=name):
        ivy.transpile(m.eval(), source="torch", target="jax", args=(x,))
    # without the hook the same model transpiles
    ivy.transpile(_Hooked(False).eval(), source="torch", target="jax", args=(x,))


def _target_grad(t, target, x):
    """The gradient of the transpiled scalar function ``t`` at ``x`` through the target's own
    autodiff."""
    if target == "jax":
        import jax
        return np.asarray(jax.grad(lambda a: t(a))(jax.numpy.asarray(x)))
    if target == "torch":
        xx = torch.tensor(x, requires_grad=True)
        t(xx).backward()
        return xx.grad.numpy()
    tf = pytest.importorskip("tensorflow")
    v = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = t(v)
    return tape.gradient(y, v).numpy()


@pytest.mark.parametrize("target", ["jax", "torch", "tensorflow"])
def test_max_min_along_a_dim_give_the_gradient_to_the_index(target):
    """``torch.max/min(x, dim)`` give the gradient to the one element their index names; a
    reduction splits it among ties. Before 2026-11-28 the frontend reduced for the values, so the
    transpiled code split it (column 0 below: 0.5 and 0.5 where torch gives 1 to row 1) and the
    transpile still reported verified. Ties are common: ReLU zeros, repeated scores. NaN counts
    as the extreme and takes the gradient, as in torch."""
    ties = np.array([[1.0, 3.0], [3.0, 2.0], [3.0, 0.5], [0.0, 0.0]], np.float32)
    nans = np.array([[1.0, 3.0], [np.nan, 2.0], [3.0, np.nan], [0.0, 0.0]], np.float32)
    programs = {
        "max_dim0": lambda a: torch.max(a, dim=0).values.sum(),
        "min_dim1_keepdim": lambda a: (torch.min(a, dim=1, keepdim=True)[0] * 2.0).sum(),
        "method_max": lambda a: (a.max(0)[0] * torch.arange(2.0)).sum(),
        "relu_then_max": lambda a: torch.relu(a - 2.5).max(dim=0).values.sum(),
    }
    for x in (ties, nans):
        for name, f in programs.items():
            if name == "relu_then_max" and x is nans:
                continue  # relu's own derivative at NaN differs: torch passes the gradient
            xt = torch.tensor(x, requires_grad=True)
            f(xt).backward()
            t = ivy.transpile(f, source="torch", target=target, args=(x,))
            np.testing.assert_array_equal(_target_grad(t, target, x), xt.grad.numpy(),
                                          err_msg=f"{name} on {x.tolist()}")


@pytest.mark.parametrize("target", ["jax", "torch", "tensorflow"])
def test_mode_median_and_amax_gradients_follow_torchs_rules(target):
    """torch's rules: ``mode(x, dim)`` and ``median(x, dim)`` give the gradient to the element
    their index names (a NaN median: the first NaN); the full ``median(x)`` and ``nanmedian(x)``
    share it evenly among the elements equal to the result (``evenly_distribute_backward``; a
    NaN result: among the NaNs). Before 2026-11-28 the transpiled mode split it among ties
    (``min`` over the candidates), the full median gave it all to one tied element and none to
    NaNs, the NaN median along a dim gave none, and on TF a max/min whose result was zero
    (``amax`` after a ReLU) or any sort with a zero in it answered no gradient at all — each a
    verified transpile with a silently wrong gradient. Values, -0 included, stay torch's."""
    ties = np.array([[1.0, 3.0], [3.0, 2.0], [3.0, 0.5], [0.0, 0.0]], np.float32)
    cases = {
        "ties": ties,
        "median_ties": np.array([[1.0, 1.0], [1.0, 2.0]], np.float32),
        "inf_ties": np.array([[np.inf, np.inf], [np.inf, 0.0]], np.float32),
        "signed_zeros": np.array([[-0.0, -0.0], [-1.0, 1.0]], np.float32),
        "nans": np.array([[1.0, 3.0], [np.nan, 2.0], [3.0, np.nan], [0.0, 0.0]], np.float32),
    }
    # each program on the cases that tell (NaN: mode's order with NaN is std::sort's, and a
    # NaN nanmedian is refused as data-dependent)
    programs = {
        "mode_dim0": (lambda a: (torch.mode(a, 0).values * torch.arange(1.0, 3.0)).sum(),
                      ("ties", "median_ties", "inf_ties")),
        "mode_dim1_keepdim": (lambda a: torch.mode(a, dim=1, keepdim=True)[0].sum(),
                              ("ties", "median_ties", "inf_ties")),
        "median": (lambda a: torch.median(a) * 3.0,
                   ("median_ties", "inf_ties", "signed_zeros", "nans")),
        "median_dim0": (lambda a: (torch.median(a, 0).values * torch.arange(1.0, 3.0)).sum(),
                        ("ties", "nans")),
        "nanmedian": (lambda a: torch.nanmedian(a) * 2.0,
                      ("median_ties", "inf_ties", "signed_zeros")),
        "amax_after_relu": (lambda a: torch.amax(torch.relu(a - 0.75), 0).sum(),
                            ("ties", "signed_zeros")),
        "sort": (lambda a: (torch.sort(a, 0).values * torch.arange(1.0, 1.0 + a.shape[0])[:, None]
                            ).sum(), ("ties", "signed_zeros")),
    }
    for name, (f, on) in programs.items():
        for case in on:
            x = cases[case]
            xt = torch.tensor(x, requires_grad=True)
            y = f(xt)
            y.backward()
            t = ivy.transpile(f, source="torch", target=target, args=(x,))
            err = f"{name} on {case}"
            np.testing.assert_array_equal(_target_grad(t, target, x), xt.grad.numpy(),
                                          err_msg=err)
            got = np.asarray(t(x) if target != "torch" else t(torch.tensor(x)).detach())
            np.testing.assert_array_equal(got, y.detach().numpy(), err_msg=err)
            assert np.signbit(got) == np.signbit(y.detach().numpy()), err
