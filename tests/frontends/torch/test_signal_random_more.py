"""More of the PyTorch frontend against real torch: ``stft``/``istft``, ``gradient``,
``frombuffer``, ``torch.qr``/``torch.svd`` (and the methods), the ``Size``/``Tensor`` classes, and
the in-place random fills (``cauchy_``, ``log_normal_``, ``geometric_``, ``exponential_``) and
``Tensor.bernoulli``/``multinomial`` (checked in distribution and for seeded reproducibility: the
frontend's stream is not torch's)."""

from __future__ import annotations

import numpy as np
import pytest
import torch as real

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, T, check, covers

R = np.random.default_rng(7)
SIG = R.standard_normal((2, 40)).astype(np.float32)
HANN10 = real.hann_window(10).numpy()

covers("torch.stft", "torch.istft", "torch.Tensor.stft", "torch.Tensor.istft", "torch.gradient",
       "torch.frombuffer", "torch.qr", "torch.svd", "torch.Tensor.qr", "torch.Tensor.svd",
       "torch.Size", "torch.Tensor", "torch.Tensor.cauchy_", "torch.Tensor.log_normal_",
       "torch.Tensor.geometric_", "torch.Tensor.exponential_", "torch.Tensor.bernoulli",
       "torch.Tensor.multinomial")


@pytest.mark.parametrize("kw", [
    dict(n_fft=16, return_complex=True),
    dict(n_fft=16, hop_length=5, win_length=10, window=T(HANN10), return_complex=True),
    dict(n_fft=16, center=False, normalized=True, return_complex=True),
    dict(n_fft=16, onesided=False, return_complex=True),
    dict(n_fft=15, pad_mode="constant", return_complex=True),
    dict(n_fft=16, return_complex=False),
    dict(n_fft=16),  # real input without return_complex: an error on both
    dict(n_fft=64, return_complex=True),  # n_fft beyond the padded signal: an error
], ids=lambda kw: ",".join(f"{k}={v if not isinstance(v, T) else 'hann'}"
                           for k, v in kw.items()))
def test_stft(kw):
    check("stft", T(SIG), **kw)
    check("Tensor.stft", T(SIG[0]), backends=("numpy",), **kw)


@pytest.mark.parametrize("kw", [
    dict(n_fft=16),
    dict(n_fft=16, hop_length=5, win_length=10, window=HANN10),
    dict(n_fft=16, center=False, normalized=True, window="hann"),
], ids=str)
def test_istft_inverts_torch_stft(kw):
    kw = dict(kw)
    w = kw.pop("window", None)
    if isinstance(w, str):
        w = real.hann_window(kw["n_fft"]).numpy()
    spec = real.stft(real.from_numpy(SIG), window=None if w is None else real.from_numpy(w),
                     return_complex=True, **kw).numpy()
    args = dict(kw, window=None if w is None else T(w))
    check("istft", T(spec), length=40, **args)
    check("Tensor.istft", T(spec[1]), backends=("torch",), **args)


COORDS = np.array([0.0, 1, 3, 4, 7])


@pytest.mark.parametrize("kw", [
    dict(), dict(spacing=2.0), dict(dim=1, edge_order=2), dict(spacing=[0.5, 3.0]),
    dict(spacing="coords", dim=0), dict(spacing="coords", dim=0, edge_order=2),
    dict(dim=-1, edge_order=3),  # an error on both
], ids=str)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_gradient(kw, dtype):
    if kw.get("spacing") == "coords":
        kw = dict(kw, spacing=[T(COORDS.astype(dtype))])
    check("gradient", T(R.standard_normal((5, 6)).astype(dtype)), **kw)


def test_gradient_promotes_with_coordinates():
    """float32 values on float64 coordinates: a float64 result (torch computes one edge in
    float32, hence the float32 tolerance)."""
    check("gradient", T(R.standard_normal((5, 3)).astype(np.float32)), spacing=[T(COORDS)],
          dim=0, _rtol=1e-6, _atol=1e-6)


def test_frombuffer():
    data = np.arange(6, dtype=np.float32).tobytes()
    for b in BACKENDS:
        with ivy.using_backend(b):
            for kw in (dict(dtype=(ft.float32, real.float32)),
                       dict(dtype=(ft.float32, real.float32), count=3, offset=4),
                       dict(dtype=(ft.int16, real.int16), count=5)):
                fd, rd = kw.pop("dtype")
                want = real.frombuffer(bytearray(data), dtype=rd, **kw)
                got = ft.frombuffer(data, dtype=fd, **kw)
                assert repr(got.dtype) == str(want.dtype)
                np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("some", [True, False])
def test_legacy_qr_svd(some):
    """torch.qr / torch.svd (the legacy forms: V, not Vh; ``some``): what is unique — R's and
    Q's magnitudes, the singular values, |U|, |V|, and the reconstructions."""
    m = R.standard_normal((4, 3))
    eq, er = real.qr(real.from_numpy(m), some=some)
    eu, es, ev = real.svd(real.from_numpy(m), some=some)
    for b in BACKENDS:
        with ivy.using_backend(b):
            for q, r in (ft.qr(ft.tensor(m), some=some), ft.tensor(m).qr(some=some)):
                assert tuple(q.shape) == tuple(eq.shape) and tuple(r.shape) == tuple(er.shape)
                np.testing.assert_allclose(np.abs(r.numpy()), np.abs(er.numpy()), atol=1e-10)
                np.testing.assert_allclose((q @ r).numpy(), m, atol=1e-10)
            for u, s, v in (ft.svd(ft.tensor(m), some=some), ft.tensor(m).svd(some=some)):
                assert tuple(u.shape) == tuple(eu.shape) and tuple(v.shape) == tuple(ev.shape)
                np.testing.assert_allclose(s.numpy(), es.numpy(), atol=1e-10)
                k = 3  # the singular vectors that are unique up to sign
                np.testing.assert_allclose(np.abs(u.numpy()[:, :k]), np.abs(eu.numpy()[:, :k]),
                                           atol=1e-10)
                np.testing.assert_allclose(np.abs(v.numpy()), np.abs(ev.numpy()), atol=1e-10)
                np.testing.assert_allclose(
                    (u[:, :k] * s) @ v.mT, m, atol=1e-10)


def test_size_and_tensor_classes():
    for b in BACKENDS:
        with ivy.using_backend(b):
            s = ft.Size([2, 3])
            assert s == real.Size([2, 3]) and isinstance(s, tuple) and s.numel() == 6
            assert ft.zeros(2, 3).shape == real.zeros(2, 3).shape
            check("Tensor", [1, 2, 3], backends=(b,))  # the legacy constructor: float32
            assert tuple(ft.Tensor(2, 3).shape) == (2, 3) and repr(ft.Tensor(2, 3).dtype) == \
                str(real.Tensor(2, 3).dtype)


@pytest.mark.parametrize("backend", BACKENDS)
def test_random_fills_in_distribution_and_seeded(backend):
    n = 20000
    with ivy.using_backend(backend):
        ft.manual_seed(3)
        c = ft.zeros(n, dtype=ft.float64).cauchy_(1.0, 2.0).numpy()
        assert abs(np.median(c) - 1.0) < 0.1  # median 1, quartiles 1 -/+ 2
        assert abs(np.percentile(c, 75) - 3.0) < 0.2
        ln = ft.zeros(n, dtype=ft.float64).log_normal_(0.5, 0.25).numpy()
        assert abs(np.log(ln).mean() - 0.5) < 0.02 and abs(np.log(ln).std() - 0.25) < 0.02
        g = ft.zeros(n, dtype=ft.int64).geometric_(0.25)
        assert repr(g.dtype) == "torch.int64" and g.numpy().min() == 1
        assert abs(g.numpy().mean() - 4.0) < 0.15  # 1 / p
        e = ft.zeros(n, dtype=ft.float64).exponential_(2.0).numpy()
        assert e.min() >= 0 and abs(e.mean() - 0.5) < 0.02
        bern = ft.full((n,), 0.3).bernoulli().numpy()
        assert set(np.unique(bern)) <= {0.0, 1.0} and abs(bern.mean() - 0.3) < 0.02
        mn = ft.tensor([0.1, 0.0, 0.9]).multinomial(n, True).numpy()
        assert 1 not in mn and abs((mn == 2).mean() - 0.9) < 0.02
        with pytest.raises(RuntimeError, match="geometric_"):
            ft.zeros(3).geometric_(1.5)
        ft.manual_seed(11)
        a = ft.zeros(5).cauchy_().numpy()
        ft.manual_seed(11)
        np.testing.assert_array_equal(ft.zeros(5).cauchy_().numpy(), a)


covers("torch.ctc_loss", "torch.nn.functional.ctc_loss")
_T, _N, _C = 10, 3, 5
LP = np.log(R.dirichlet(np.ones(_C), (_T, _N)))
TG = R.integers(1, _C, (_N, 4))
TG[0, 1] = TG[0, 2]  # a repeated label needs a blank between its two emissions


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_ctc_loss(reduction):
    lp = LP  # float64; the concatenated-target checks run in float32
    check("nn.functional.ctc_loss", T(lp), T(TG), T(np.array([10, 7, 5])),
          T(np.array([4, 2, 0])), reduction=reduction)
    # concatenated targets and tuple lengths; the first sample cannot be aligned (inf)
    cat = np.concatenate([TG[0], TG[1, :2]])
    for zi in (False, True):
        check("nn.functional.ctc_loss", T(lp[:, :2].astype(np.float32)), T(cat), (3, 9),
              (4, 2), reduction=reduction, zero_infinity=zi)
    check("nn.functional.ctc_loss", T(lp[:, 0]), T(TG[0]), (10,), (4,), reduction=reduction)
    check("ctc_loss", T(lp), T(TG), T(np.array([10, 7, 5])), T(np.array([4, 2, 0])))
    check("ctc_loss", T(lp), T(TG), T(np.array([10, 7, 5])), T(np.array([4, 2, 0])), 0,
          {"none": 0, "mean": 1, "sum": 2}[reduction])


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


TRACED = {
    "stft": lambda t: ft.stft(t, 16, hop_length=5, return_complex=True).abs(),
    "stft unbatched": lambda t: ft.stft(t[0], 16, return_complex=True).abs(),
    "istft of stft": lambda t: ft.istft(ft.stft(t, 16, return_complex=True), 16, length=40),
    "gradient on coordinates": lambda t: ft.gradient(
        t[:, :5], spacing=[ft.tensor(COORDS.astype(np.float32))], dim=1, edge_order=2)[0],
    "histogram density": lambda t: ft.histogram(t, 5, density=True).hist,
    "ctc_loss": lambda t: ft.nn.functional.ctc_loss(
        ft.log_softmax(t[0, :30].reshape(10, 3, 1).expand(10, 3, 5) * ft.arange(5.0), -1),
        ft.tensor(TG), ft.tensor(np.array([10, 7, 5])), ft.tensor(np.array([4, 2, 0]))),
}


@pytest.mark.parametrize("name", sorted(TRACED))
def test_traced_program_follows_new_inputs(name):
    """Traced with ivy.trace_graph, these replay on new inputs: every slice inside them is an
    ivy.get_item (native slicing is not recorded and would keep the example's values)."""
    from ivy.frontends.torch._tensor import wrap

    def f(x):
        return ivy.Array(TRACED[name](wrap(ivy.to_native(x)))._data)

    x, y = SIG, R.standard_normal((2, 40)).astype(np.float32) * 2 + 1
    g = ivy.trace_graph(f, x)
    np.testing.assert_allclose(ivy.to_numpy(g(y)), TRACED[name](ft.tensor(y)).numpy(),
                               rtol=1e-5, atol=1e-5)
