"""Fixes found by the session-13 probe of unseen real code (``python -m
tests.transpiler.probe_unseen torch``: transformers models from small configs, kornia calls the
survey lacks, user programs), each compared with PyTorch itself.

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

import ivy
from ivy.transpiler import frameworks as fw

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
