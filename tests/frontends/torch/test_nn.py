"""torch.nn modules vs real torch (with real torch's weights loaded through the state dict)."""

from __future__ import annotations

import numpy as np
import pytest
import torch as real

import ivy
import ivy.frontends.torch as ft

from .helpers import covers

covers("torch.nn.functional.multi_head_attention_forward")
MHA_CASES = {
    "packed, bool key padding, averaged weights": dict(
        ctor=dict(embed_dim=8, num_heads=2), call=dict(key_padding_mask="kpm")),
    "kdim/vdim, float mask, per-head weights": dict(
        ctor=dict(embed_dim=8, num_heads=4, kdim=6, vdim=5),
        call=dict(attn_mask="float", average_attn_weights=False)),
    "bias_kv and zero attention, bool mask + padding": dict(
        ctor=dict(embed_dim=8, num_heads=2, add_bias_kv=True, add_zero_attn=True),
        call=dict(attn_mask="bool", key_padding_mask="kpm")),
    "batch_first, causal hint with its mask, no weights": dict(
        ctor=dict(embed_dim=8, num_heads=2, batch_first=True),
        call=dict(attn_mask="causal", is_causal=True, need_weights=False)),
    "no bias, unbatched": dict(ctor=dict(embed_dim=8, num_heads=2, bias=False),
                               call=dict(), unbatched=True),
    "causal hint without a mask: an error": dict(ctor=dict(embed_dim=8, num_heads=2),
                                                 call=dict(is_causal=True)),
}


def _mha_inputs(case, lib):
    c = MHA_CASES[case]
    L, S, N = 3, 4, 2
    E = c["ctor"]["embed_dim"]
    kd, vd = c["ctor"].get("kdim", E), c["ctor"].get("vdim", E)
    rng = np.random.default_rng(4)
    bf = c["ctor"].get("batch_first")
    shape = (lambda n, d: (N, n, d)) if bf else (lambda n, d: (n, N, d))
    q, k, v = (rng.standard_normal(shape(n, d)).astype(np.float32)
               for n, d in ((L, E), (S, kd), (S, vd)))
    if c.get("unbatched"):
        q, k, v = q[:, 0], k[:, 0], v[:, 0]
    kw = {}
    for name, kind in c["call"].items():
        if kind == "kpm":
            kw[name] = np.array([[False, False, True, False], [False, True, False, False]])
        elif kind == "float":
            kw[name] = rng.standard_normal((L, S)).astype(np.float32)
        elif kind == "bool":
            kw[name] = np.triu(np.ones((L, S), bool), 2)
        elif kind == "causal":
            kw[name] = np.triu(np.ones((L, L), bool), 1)
        else:
            kw[name] = kind
    if kw.get("attn_mask") is not None and kw["attn_mask"].shape[-1] == L:
        k, v = k[:, :L] if bf else k[:L], v[:, :L] if bf else v[:L]
    t = lib.from_numpy if lib is real else ft.tensor
    return [t(np.array(a)) for a in (q, k, v)], {n: t(np.array(a)) if isinstance(a, np.ndarray)
                                                 else a for n, a in kw.items()}


@pytest.mark.parametrize("case", sorted(MHA_CASES))
def test_multihead_attention_module_and_functional(case):
    """nn.MultiheadAttention with real torch's weights (state dict) vs real torch, and the
    functional form on the same weights; both go through F.multi_head_attention_forward."""
    real.manual_seed(0)
    rm = real.nn.MultiheadAttention(**MHA_CASES[case]["ctor"]).eval()
    state = {k: v.detach().numpy().copy() for k, v in rm.state_dict().items()}
    (rq, rk, rv), rkw = _mha_inputs(case, real)
    try:
        want = rm(rq, rk, rv, **rkw)
    except RuntimeError as e:
        want = e
    for b in ("numpy", "torch"):
        with ivy.using_backend(b):
            fm = ft.nn.MultiheadAttention(**MHA_CASES[case]["ctor"]).eval()
            assert list(fm.state_dict()) == list(state)
            fm.load_state_dict(state)
            (q, k, v), kw = _mha_inputs(case, ft)
            if isinstance(want, Exception):
                with pytest.raises(RuntimeError, match="is_causal"):
                    fm(q, k, v, **kw)
                continue
            got = fm(q, k, v, **kw)
            compare_pair = [(got[0], want[0]), (got[1], want[1])]
            for g, w in compare_pair:
                if w is None:
                    assert g is None
                    continue
                np.testing.assert_allclose(g.numpy(), w.detach().numpy(), rtol=1e-4, atol=1e-5)
                assert tuple(g.shape) == tuple(w.shape)
    if isinstance(want, Exception) or MHA_CASES[case]["ctor"].get("batch_first"):
        return
    # the functional form itself, with the module's parameters
    p = dict(rm.named_parameters())
    sep = not rm._qkv_same_embed_dim
    args = dict(embed_dim_to_check=rm.embed_dim, num_heads=rm.num_heads,
                in_proj_weight=p.get("in_proj_weight"), in_proj_bias=p.get("in_proj_bias"),
                bias_k=p.get("bias_k"), bias_v=p.get("bias_v"), add_zero_attn=rm.add_zero_attn,
                dropout_p=0.0, out_proj_weight=p["out_proj.weight"],
                out_proj_bias=p.get("out_proj.bias"), training=False,
                use_separate_proj_weight=sep, q_proj_weight=p.get("q_proj_weight"),
                k_proj_weight=p.get("k_proj_weight"), v_proj_weight=p.get("v_proj_weight"))
    want = real.nn.functional.multi_head_attention_forward(rq, rk, rv, **args, **rkw)
    with ivy.using_backend("jax"):
        fargs = {n: (ft.tensor(v.detach().numpy()) if isinstance(v, real.Tensor) else v)
                 for n, v in args.items()}
        (q, k, v), kw = _mha_inputs(case, ft)
        got = ft.nn.functional.multi_head_attention_forward(q, k, v, **fargs, **kw)
        for g, w in zip(got, want, strict=True):
            if w is not None:
                np.testing.assert_allclose(g.numpy(), w.detach().numpy(), rtol=1e-4, atol=1e-5)
