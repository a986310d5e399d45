"""``torch.nn.functional`` ops (and the nn layers built on them) through their aten mappings,
each compared with PyTorch itself on the example and on a new draw. Found by probing unseen real
code (``python -m tools.probe_unseen torch``, 2026-11-27 and session 13: transformers models from
small configs, kornia calls the survey lacks, user programs):

* losses whose aten arguments are not in their Python signature's order: ``aten.smooth_l1_loss(
  self, target, reduction, beta)`` reached ``F.smooth_l1_loss(input, target, size_average,
  reduce, reduction, beta)`` positionally (``beta`` lost: refused by the per-op check),
  ``binary_cross_entropy_with_logits``' ``pos_weight`` landed in ``size_average`` (a crash);
  they now go by name.
* ``aten.max_unpool2d/3d(self, indices, output_size, ...)`` takes the output size where the
  Python function takes the kernel: a 4x larger output (refused by the per-op check).
* ``F.gaussian_nll_loss`` reads ``torch.any(var < 0)`` to validate: it now runs check-free in the
  capture (torch's own check still runs on the example), as ``F.one_hot``.
* TensorFlow target: TF 2.21's oneDNN ``Conv2DBackpropFilter`` corrupts the heap (``double free
  or corruption``, the process aborts) on a 1x1 stride-2 convolution of some shapes, e.g.
  ``(N, 16, 16, 8)`` with ``N`` 1 or 3 -- the shortcut of transformers' ``RegNetModel`` /
  ``ResNetModel``, hit by the gradient check when ``t(x)`` re-transpiles for a new batch size.
  A strided 1-wide kernel now subsamples its input and runs at stride 1 (exact: it reads every
  s-th row). Checked in a child process, as the failure aborts the interpreter.
* ``F.scaled_dot_product_attention`` with a query whose keys are all masked (``False`` / -inf:
  GPT-2 with left padding, causal and padding masks together) gives 0 in torch (2.5+); the
  frontend gave NaN (softmax of all -inf). A silent WRONG on jax/numpy when the second draw held
  such a row. Such rows now attend with a finite mask, then are zeroed (finite gradients).
* ``F.pad(int_labels, (0, 1), value=-100)`` (transformers' label shift) records the value as
  ``-100.0``: torch casts it to the tensor's dtype; TensorFlow refused to pad int64 with a float.
* ``aten.embedding``'s ``padding_idx`` was dropped (and ``F.embedding`` ignored it): the row
  kept a gradient torch gives 0 (BERT's ``pad_token_id``; refused by the TF gradient check,
  accepted on JAX by the float64 second opinion, which no longer overrules a padding_idx).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch
from torch import nn

import ivy
from ivy.transpiler import TranspileError
from ivy.transpiler import frameworks as fw


def _f(seed, shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _check(obj, args, new_args, target="numpy"):
    t = ivy.transpile(obj, source="torch", target=target, args=args)
    for a in (args, new_args):
        with torch.no_grad():
            want = obj(*(torch.from_numpy(x) for x in a))
        res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*a)))
        assert all(r["ok"] for r in res), res
    return t


class Fn(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *a):
        return self.fn(*a)


F = nn.functional
LOSSES = {  # name -> (fn of (a, b), non-default arguments that a positional slip would lose)
    "smooth_l1 beta": lambda a, b: F.smooth_l1_loss(a, b, beta=0.5, reduction="sum"),
    "huber delta": lambda a, b: F.huber_loss(a, b, delta=0.3, reduction="none"),
    "bce_with_logits pos_weight": lambda a, b: F.binary_cross_entropy_with_logits(
        a, torch.sigmoid(b), pos_weight=torch.linspace(0.5, 2.0, a.shape[-1]),
        weight=torch.linspace(1.0, 0.2, a.shape[-1]), reduction="sum"),
    "soft_margin": lambda a, b: F.soft_margin_loss(a, torch.sign(b), reduction="none"),
    "margin_ranking": lambda a, b: F.margin_ranking_loss(a[:, 0], a[:, 1], torch.sign(b[:, 0]),
                                                         margin=0.3, reduction="sum"),
    "hinge_embedding": lambda a, b: F.hinge_embedding_loss(a, torch.sign(b), margin=0.4,
                                                           reduction="sum"),
    "kl_div log_target": lambda a, b: F.kl_div(F.log_softmax(a, -1), F.log_softmax(b, -1),
                                               reduction="sum", log_target=True),
    "poisson_nll": lambda a, b: F.poisson_nll_loss(a, b.abs(), log_input=True, full=True,
                                                   reduction="sum"),
    "gaussian_nll": lambda a, b: F.gaussian_nll_loss(a, b, b.abs() + 0.1, full=True),
    "gaussian_nll homoscedastic": lambda a, b: F.gaussian_nll_loss(
        a, b, b[:, 0].abs() + 0.1, reduction="sum"),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_loss_arguments_reach_the_frontend_by_name(name):
    _check(Fn(LOSSES[name]), (_f(0, (4, 6)), _f(1, (4, 6))), (_f(2, (4, 6)), _f(3, (4, 6))))


def test_gaussian_nll_still_validates_the_example_and_gradient_passes_the_clamp():
    fn = Fn(lambda a, b, v: F.gaussian_nll_loss(a, b, v, eps=0.5))
    bad = np.abs(_f(4, (4, 6)))
    bad[0, 0] = -1.0
    with pytest.raises((TranspileError, ValueError), match="negative"):
        ivy.transpile(fn, source="torch", target="numpy", args=(_f(0, (4, 6)), _f(1, (4, 6)),
                                                                 bad))
    # var below eps: torch clamps under no_grad, so d loss / d var passes the clamp unchanged
    var = np.abs(_f(5, (4, 6))) * 0.6
    t = _check(fn, (_f(0, (4, 6)), _f(1, (4, 6)), var),
               (_f(2, (4, 6)), _f(3, (4, 6)), np.abs(_f(6, (4, 6)))), target="torch")
    a, b, v = (torch.from_numpy(x).requires_grad_() for x in (_f(0, (4, 6)), _f(1, (4, 6)), var))
    fn(a, b, v).backward()
    v2 = torch.from_numpy(var).requires_grad_()
    t.fn(t.params, torch.from_numpy(_f(0, (4, 6))), torch.from_numpy(_f(1, (4, 6))), v2).backward()
    np.testing.assert_allclose(v2.grad.numpy(), v.grad.numpy(), rtol=1e-5, atol=1e-7)


class Unpool(nn.Module):
    def __init__(self, n, out_size=False):
        super().__init__()
        self.n, self.out_size = n, out_size
        self.pool = getattr(nn, f"MaxPool{n}d")(2, return_indices=True)
        self.unpool = getattr(nn, f"MaxUnpool{n}d")(2)

    def forward(self, x):
        y, i = self.pool(x)
        return self.unpool(y, i, output_size=x.shape if self.out_size else None)


@pytest.mark.parametrize(("n", "shape", "out_size"), [
    (1, (2, 3, 9), True), (2, (2, 3, 8, 8), False), (2, (1, 2, 7, 9), True),
    (3, (1, 2, 4, 6, 5), True)])
def test_max_unpool_output_size(n, shape, out_size):
    _check(Unpool(n, out_size).eval(), (_f(7, shape),), (_f(8, shape),),
           target="jax" if n == 2 and out_size else "numpy")


class VQ(nn.Module):
    """VQ-VAE's quantiser: the nearest codebook vector, straight-through (``.detach()``)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.enc = nn.Linear(6, 4)
        self.codebook = nn.Parameter(torch.randn(8, 4))
        self.dec = nn.Linear(4, 3)

    def forward(self, x):
        z = self.enc(x)
        d = (z[:, None, :] - self.codebook[None]).pow(2).sum(-1)
        q = self.codebook[d.argmin(-1)]
        commit = (z - q.detach()).pow(2).mean()
        return self.dec(z + (q - z).detach()), commit


@pytest.mark.parametrize("target", ["jax", "torch"])
def test_detach_has_no_derivative(target):
    """``aten.detach`` was the identity: the straight-through gradient went through the codebook
    lookup (refused by the model's gradient check); it is ``stop_gradient`` now."""
    t = _check(VQ().eval(), (_f(9, (5, 6)),), (_f(10, (5, 6)),), target=target)
    g = t.report["verification"]["gradient"]
    assert g and all(e["ok"] for e in g), g


def test_second_opinion_does_not_overrule_a_cut_gradient(monkeypatch):
    """With ``detach`` mapped as the identity (the old rule), the float64 finite differences of
    the forward agreed with the emitted (wrong) gradient and accepted it; a forward that detaches
    or runs ops under ``no_grad`` defines its gradient by its backward, as a custom
    ``autograd.Function`` does: the mismatch now stands."""
    from ivy.transpiler.capture import torch_aten as ta
    monkeypatch.setitem(ta.RULES, "detach", ta.identity)
    ta.rule_for.cache_clear()  # rule lookups are cached
    try:
        with pytest.raises(TranspileError, match="cuts its gradient"):
            ivy.transpile(VQ().eval(), source="torch", target="jax", args=(_f(11, (7, 6)),))
    finally:
        monkeypatch.undo()
        ta.rule_for.cache_clear()


_CHILD = textwrap.dedent("""
    import numpy as np, torch, ivy
    from ivy.transpiler import frameworks as fw
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Conv2d(8, 8, 1, stride=2, bias=False),
                            torch.nn.BatchNorm2d(8)).eval()
    rng = np.random.default_rng(0)
    x2 = rng.standard_normal((2, 8, 16, 16)).astype(np.float32)
    t = ivy.transpile(m, source="torch", target="tensorflow", args=(x2,))
    for b in (1, 3, 2):
        x = rng.standard_normal((b, 8, 16, 16)).astype(np.float32)
        with torch.no_grad():
            want = m(torch.from_numpy(x)).numpy()
        res = fw.compare_trees(want, fw.tree_to_numpy(t(x)))   # batch 1, 3: re-transpiled
        assert all(r["ok"] for r in res), (b, res)
    print("CHECKED")
""")


def test_tf_strided_1x1_conv_gradient_does_not_abort():
    p = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and "CHECKED" in p.stdout, (
        f"child exited {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}")


def _verify_all(obj, args, new_args, targets=("numpy", "jax", "tensorflow")):
    for target in targets:   # verify=True (the default): example, second draw, gradient
        t = ivy.transpile(obj, source="torch", target=target, args=args)
        for a in (args, new_args):
            with torch.no_grad():
                want = obj(*(torch.from_numpy(x) for x in a))
            res = fw.compare_trees(fw.tree_to_numpy(want), fw.tree_to_numpy(t(*a)))
            assert all(r["ok"] for r in res), (target, res)


class _SDPA(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(4, 4)

    def forward(self, x, m):
        q = self.q(x)[:, None]
        return torch.nn.functional.scaled_dot_product_attention(q, q, q, attn_mask=m[:, None])


@pytest.mark.parametrize("boolean", [True, False])
def test_sdpa_fully_masked_query_is_zero(boolean):
    rng = np.random.default_rng(0)
    torch.manual_seed(0)
    keep = np.ones((2, 5, 5), bool)
    keep[0, 1] = False          # query 1 of sample 0 sees no key
    keep[1, :, 3:] = False
    m = keep if boolean else np.where(keep, 0.0, -np.inf).astype(np.float32)
    keep2 = np.ones((3, 5, 5), bool)
    keep2[2, 4] = False
    m2 = keep2 if boolean else np.where(keep2, 0.0, -np.inf).astype(np.float32)
    x = rng.standard_normal((2, 5, 4)).astype(np.float32)
    x2 = rng.standard_normal((3, 5, 4)).astype(np.float32)
    _verify_all(_SDPA().eval(), (x, m), (x2, m2), targets=("numpy", "jax"))


class _ShiftLabels(torch.nn.Module):
    def forward(self, logits, labels):
        labels = torch.nn.functional.pad(labels, (0, 1), value=-100)[:, 1:]
        return torch.nn.functional.cross_entropy(logits.transpose(1, 2), labels)


def test_pad_int_labels_with_ignore_index():
    rng = np.random.default_rng(1)
    lab = rng.integers(0, 5, (2, 6)).astype(np.int64)
    x = rng.standard_normal((2, 6, 5)).astype(np.float32)
    _verify_all(_ShiftLabels(), (x, lab), (x[:1] * 2, lab[:1]), targets=("tensorflow",))


def test_embedding_padding_idx_row_has_no_gradient():
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Embedding(10, 4, padding_idx=0), torch.nn.Linear(4, 3))
    i = np.array([[0, 3, 0, 5], [2, 0, 9, 1]], np.int64)
    _verify_all(m.eval(), (i,), (np.array([[4, 0, 0]], np.int64),),
                targets=("tensorflow", "jax"))


@pytest.mark.parametrize("k, s, p, d", [((1, 3), (2, 2), 1, 1), (1, 3, 2, 2), ((3, 1), (1, 2), 0, 1)])
def test_tf_strided_1wide_kernel_values(k, s, p, d):
    """The subsampling path on its own, values and gradients against torch in process (shapes
    that never aborted TF)."""
    torch.manual_seed(1)
    m = torch.nn.Conv2d(3, 4, k, stride=s, padding=p, dilation=d).eval()
    rng = np.random.default_rng(2)
    _verify_all(m, (rng.standard_normal((2, 3, 9, 8)).astype(np.float32),),
                (rng.standard_normal((1, 3, 7, 10)).astype(np.float32),),
                targets=("tensorflow",))
