"""Top-level ``torch`` functions and their ``Tensor`` methods vs real torch: splitting, gcd/lcm,
cumulative extrema, windows, scatter variants, statistics, predicates; ``stft``/``istft``,
``gradient``, ``frombuffer``, ``torch.qr``/``torch.svd`` (and the methods), the ``Size``/``Tensor``
classes, ``ctc_loss``, and the in-place random fills (``cauchy_``, ``log_normal_``, ``geometric_``,
``exponential_``) and ``Tensor.bernoulli``/``multinomial`` (checked in distribution and for seeded
reproducibility: the frontend's stream is not torch's)."""

from __future__ import annotations

import numpy as np
import pytest
import torch as real
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.torch as ft

from .helpers import (
    BACKENDS,
    FLOATS,
    INTS,
    NUMERIC,
    D,
    Spec,
    T,
    a,
    arrays,
    check,
    covers,
    examples,
    run_spec,
    shapes,
    tensor_pair,
    tensors,
)

EX = settings(max_examples=examples(4))  # 5 until 2026-11-27 (CI time)


def with_dim(dtypes, min_dims=1, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, shapes(min_dims=min_dims), **kw)
                                           ).flatmap(lambda x: st.integers(
                                               -max(x.ndim, 1), max(x.ndim, 1) - 1).map(
                                               lambda d: ((T(x), d), {})))


def splits(min_dims):
    return st.sampled_from(FLOATS + ("int64",)).flatmap(lambda d: arrays(
        d, shapes(min_dims=min_dims, max_side=4))).flatmap(
        lambda x: st.one_of(st.integers(1, 4), st.lists(st.integers(0, 4), max_size=3))
        .map(lambda s: ((T(x), s), {})))


def sizes_split():
    def build(x):
        d = x.ndim - 1
        n = x.shape[d]
        return st.lists(st.integers(0, n), max_size=2).map(
            lambda cuts: ((T(x), np.diff([0] + sorted(cuts) + [n]).tolist(), d), {}))

    return arrays("float32", shapes(min_dims=1)).flatmap(build)


def put_args():
    def build(x):
        n = x.size
        return st.integers(0, 3).flatmap(lambda k: st.tuples(
            hnp.arrays(np.int64, (k,), elements=st.integers(-n, n - 1)) if n else
            st.just(np.zeros((0,), np.int64)),
            arrays(str(x.dtype), (k if n else 0,)), st.booleans())).map(
            lambda t: ((T(x), T(t[0]), T(t[1]), t[2]), {}))

    return st.sampled_from(("float32", "int64")).flatmap(lambda d: arrays(d, shapes())).flatmap(
        build)


def select_scatter_args():
    def build(x):
        nd = x.ndim
        return st.integers(0, nd - 1).flatmap(lambda d: st.tuples(
            st.integers(-x.shape[d], x.shape[d] - 1),
            arrays("float32", x.shape[:d] + x.shape[d + 1:])).map(
            lambda t: ((T(x), T(t[1]), d, t[0]), {})))

    return arrays("float32", shapes(min_dims=1, min_side=1)).flatmap(build)


def slice_scatter_args():
    def build(x):
        nd = x.ndim
        return st.tuples(st.integers(0, nd - 1), st.sampled_from([None, 0, 1]),
                         st.sampled_from([None, 2, -1]), st.integers(1, 2)).flatmap(
            lambda t: arrays("float32", x[(slice(None),) * t[0] + (
                slice(t[1], t[2], t[3]),)].shape).map(
                lambda s: ((T(x), T(s)), {"dim": t[0], "start": t[1], "end": t[2],
                                          "step": t[3]})))

    return arrays("float32", shapes(min_dims=1)).flatmap(build)


def index_reduce_args():
    def build(x):
        n = x.shape[0]
        return st.integers(0, 3).flatmap(lambda k: st.tuples(
            hnp.arrays(np.int64, (k,), elements=st.integers(0, n - 1)),
            arrays("float32", (k,) + x.shape[1:], specials=False),
            st.sampled_from(["prod", "mean", "amax", "amin"]), st.booleans())).map(
            lambda t: ((T(x), 0, T(t[0]), T(t[1]), t[2]), {"include_self": t[3]}))

    return arrays("float32", shapes(min_dims=1, min_side=1), specials=False).flatmap(build)


def window(name):
    return a(st.integers(0, 6), st.booleans(), dtype=st.sampled_from([None, D("float64")]))


SPECS = [
    Spec("ravel", a(tensors(NUMERIC)), method=True),
    Spec("hsplit", splits(1), method=True),
    Spec("vsplit", splits(0), method=True),
    Spec("dsplit", splits(2), method=True),
    Spec("split_with_sizes", sizes_split(), method=True),
    Spec("unsafe_split", a(tensors(FLOATS, shapes(min_dims=1)), st.integers(1, 3)),
         method=True),
    Spec("unsafe_chunk", a(tensors(FLOATS, shapes(min_dims=1)), st.integers(1, 3)),
         method=True),
    Spec("unsafe_split_with_sizes", sizes_split(), method=True),
    Spec("narrow_copy", a(tensors(FLOATS, shapes(min_dims=1, min_side=2)), 0, 1, 1),
         method=True),
    Spec("gcd", tensor_pair(INTS, lo=-30, hi=30).map(lambda p: (p, {})), method=True,
         inplace=True),
    Spec("lcm", tensor_pair(("int32", "int64", "int16"), lo=-12, hi=12).map(lambda p: (p, {})),
         method=True, inplace=True),
    Spec("gcd", tensor_pair(("float32", "int32")).map(lambda p: (p, {}))),
    Spec("cummax", with_dim(FLOATS + INTS), method=True),
    Spec("cummin", with_dim(FLOATS + INTS), method=True),
    Spec("is_conj", a(tensors(FLOATS)), method=True),
    Spec("is_neg", a(tensors(FLOATS)), method=True),
    Spec("is_signed", a(tensors(NUMERIC)), method=True),
    Spec("isin", tensor_pair(FLOATS + INTS).map(lambda p: (p, {})), ),
    Spec("isin", tensor_pair(("int64",)).map(lambda p: (p, {"invert": True}))),
    Spec("trapezoid", a(tensors(FLOATS + ("int64",), shapes(min_dims=1))), extra=("trapz",)),
    Spec("trapezoid", a(tensors(FLOATS, shapes(min_dims=1)), dx=st.floats(0.1, 2))),
    Spec("trapz", a(tensors(FLOATS, shapes(min_dims=1)), dim=0)),
    Spec("hann_window", window("hann")),
    Spec("hamming_window", window("hamming")),
    Spec("blackman_window", window("blackman"), atol=1e-6),
    Spec("bartlett_window", window("bartlett")),
    Spec("unravel_index", a(tensors(("int64",), lo=-12, hi=12), (3, 4))),
    Spec("unravel_index", a(tensors(("int64",), lo=-2, hi=5), (5,))),
    Spec("combinations", a(tensors(NUMERIC, shapes(1, 1)), st.integers(0, 3), st.booleans())),
    Spec("put", put_args(), method=True, inplace=True),
    Spec("renorm", a(tensors(FLOATS, shapes(min_dims=2), specials=False),
                     st.sampled_from([1, 2, 3.0]), st.integers(0, 1), st.floats(0.5, 5)),
         method=True, inplace=True, rtol=1e-3),
    Spec("select_scatter", select_scatter_args(), method=True),
    Spec("slice_scatter", slice_scatter_args(), method=True),
    Spec("index_reduce", index_reduce_args(), method=True, inplace=True, rtol=1e-3),
    Spec("cov", a(tensors(FLOATS, shapes(max_dims=2, min_side=1), specials=False)),
         method=True, rtol=1e-3, atol=1e-4),
    Spec("cov", a(tensors(FLOATS, shapes(2, 2, 1), specials=False), correction=0),
         rtol=1e-3, atol=1e-4),
    Spec("corrcoef", a(tensors(("float64",), shapes(2, 2, 1), specials=False)), method=True),
    # present before, now compared
    Spec("aminmax", a(tensors(FLOATS + INTS, shapes(min_side=1))), method=True),
    Spec("conj_physical", a(tensors(FLOATS + ("complex64",))), method=True, inplace=True),
    Spec("resolve_conj", a(tensors(FLOATS + ("complex64",))), method=True),
    Spec("resolve_neg", a(tensors(FLOATS)), method=True),
    Spec("rsub", tensor_pair(FLOATS + INTS).map(lambda p: (p, {}))),
    Spec("broadcast_shapes", st.just(((2, 1), (1, 3))).map(lambda s: (s, {}))),
    Spec("vander", a(tensors(FLOATS + ("int64",), shapes(1, 1), specials=False),
                     st.sampled_from([None, 0, 3]), st.booleans())),
    # finite parts only: an infinite imaginary part gives a NaN real part (docs/frontends.md)
    Spec("view_as_complex", a(tensors(FLOATS, hnp.array_shapes(min_dims=1, max_dims=3).map(
        lambda s: s[:-1] + (2,)), specials=False))),
    Spec("swapaxes", a(tensors(FLOATS, shapes(2, 3)), 0, 1), method=True, inplace=True),
    Spec("swapdims", a(tensors(FLOATS, shapes(2, 3)), 0, -1), method=True, inplace=True),
    Spec("Tensor.where", tensor_pair(FLOATS, ("bool",)).flatmap(
        lambda p: arrays("float32", ()).map(lambda o: ((p[0], p[1], T(o)), {})))),
    Spec("Tensor.relu", a(tensors(NUMERIC))),
    Spec("Tensor.relu_", a(tensors(FLOATS))),
    Spec("Tensor.hardshrink", a(tensors(FLOATS), st.floats(0, 2))),
    Spec("Tensor.put_", put_args()),
    Spec("Tensor.prelu", a(tensors(("float32",), shapes(min_dims=2, min_side=1)),
                           T(np.array([0.25], np.float32)))),
    Spec("histc", a(tensors(FLOATS, specials=False), st.integers(1, 5),
                    st.sampled_from([0, -3.0]), st.sampled_from([0, 4.0])), method=True),
    Spec("histc", a(tensors(("int64",)))),
    Spec("histogram", a(tensors(FLOATS, shapes(min_side=1), specials=False),
                        st.integers(1, 5), range=st.sampled_from([None, (-50.0, 60.0)]),
                        density=st.booleans()), method=True, rtol=1e-3, atol=1e-6),
    # 1-d and up: on 0-d inputs torch's function and method disagree on the counts' shape
    Spec("unique_consecutive", a(tensors(FLOATS + INTS, shapes(min_dims=1), lo=-2, hi=2,
                                         specials=False),
                                 st.booleans(), st.booleans()), method=True),
    Spec("nanmedian", a(tensors(FLOATS + ("int64",))), method=True),
    Spec("frexp", a(tensors(FLOATS)), method=True),
    Spec("diagonal_scatter", arrays("float32", shapes(2, 3, 1)).flatmap(
        lambda x: st.tuples(st.integers(-2, 2), st.sampled_from([(0, 1), (1, 0), (-1, 0)])
                            ).flatmap(lambda t: arrays("float32", np.diagonal(
                                x, t[0], t[1][0] % x.ndim, t[1][1] % x.ndim).shape).map(
                                lambda src: ((T(x), T(src), t[0], t[1][0], t[1][1]), {})))),
         method=True),
    Spec("Tensor.fill_diagonal_", a(tensors(NUMERIC, st.sampled_from([(3, 3), (5, 2), (2, 4),
                                                                     (2, 2, 2), (0, 0), (4,)])),
                                    st.sampled_from([1, -2.5, True]), st.booleans())),
]


def chol_factor():
    def build(t):
        m, upper, b = t
        n = m.shape[0]
        L = np.tril(m, -1) + np.diag(np.linspace(1.5, 2.5, n))
        return ((T(L.T.copy() if upper else L), upper), T(b))

    return st.integers(1, 3).flatmap(lambda n: st.tuples(
        arrays("float64", (n, n), lo=-1, hi=1, specials=False), st.booleans(),
        arrays("float64", (n, 2), specials=False))).map(build)


def nanq_args():
    def build(x):
        nd = x.ndim
        dims = st.one_of(st.none(), st.integers(-nd, nd - 1)) if nd else st.none()
        return st.tuples(dims, st.one_of(st.floats(0, 1), st.just(T(np.array(
            [0.0, 0.25, 1.0], x.dtype)))), st.booleans(), st.sampled_from(
            ["linear", "lower", "higher", "midpoint", "nearest"])).map(
            lambda t: ((T(x), t[1]), dict({"interpolation": t[3]}, **(
                {"dim": t[0], "keepdim": t[2]} if t[0] is not None else {}))))

    return st.sampled_from(FLOATS).flatmap(lambda d: arrays(d, shapes(min_side=1))).flatmap(build)


SPECS += [
    Spec("nanquantile", nanq_args(), method=True, rtol=1e-3, atol=1e-4),
    Spec("cholesky_inverse", chol_factor().map(lambda p: (p[0], {})), method=True, rtol=1e-6),
    Spec("cholesky_solve", chol_factor().map(lambda p: ((p[1], p[0][0], p[0][1]), {})),
         method=True, rtol=1e-6, atol=1e-9),
]


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
@EX
@given(data=st.data())
def test_torch_more(spec, data):
    run_spec(spec, data)


covers("torch.empty", "torch.empty_like", "torch.Tensor.type", "torch.fill", "torch.fill_",
       "torch.zero_", "torch.index_put", "torch.index_put_")


@pytest.mark.parametrize("backend", BACKENDS)
def test_empty_type_fill_index_put(backend):
    import torch

    with ivy.using_backend(backend):
        for args, kw in [(((2, 3),), {}), ((0, 4), {"dtype": "int32"}), (((),), {})]:
            kw_r = {k: getattr(torch, v) for k, v in kw.items()}
            kw_f = {k: getattr(ft, v) for k, v in kw.items()}
            e, g = torch.empty(*args, **kw_r), ft.empty(*args, **kw_f)
            assert tuple(g.shape) == tuple(e.shape) and repr(g.dtype) == str(e.dtype)
            e2, g2 = torch.empty_like(e, dtype=torch.float64), ft.empty_like(g, dtype=ft.float64)
            assert tuple(g2.shape) == tuple(e2.shape) and repr(g2.dtype) == str(e2.dtype)
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        tx, fx = torch.from_numpy(x.copy()), ft.tensor(x.copy())
        assert fx.type() == tx.type() == "torch.FloatTensor"
        assert repr(fx.type(ft.int64).dtype) == str(tx.type(torch.int64).dtype)
        np.testing.assert_array_equal(fx.type(ft.int64).numpy(), tx.type(torch.int64).numpy())
        np.testing.assert_array_equal(ft.fill(fx, 2.5).numpy(), torch.fill(tx, 2.5).numpy())
        r = ft.fill_(fx, 1.5)
        torch.fill_(tx, 1.5)
        assert r is fx and np.array_equal(fx.numpy(), tx.numpy())
        assert ft.zero_(fx) is fx and not fx.numpy().any()
        ix = (torch.tensor([0, 1, 1]), torch.tensor([2, 0, 0]))
        fix = (ft.tensor([0, 1, 1]), ft.tensor([2, 0, 0]))
        v = np.array([1.0, 2.0, 3.0], np.float32)
        for acc in (False, True):
            e = torch.index_put(torch.zeros(2, 3), ix, torch.from_numpy(v), acc)
            g = ft.index_put(ft.zeros(2, 3), fix, ft.tensor(v), acc)
            if acc:  # without accumulate the duplicate index's winner is unspecified
                np.testing.assert_array_equal(g.numpy(), e.numpy())
            tz, fz = torch.zeros(2, 3), ft.zeros(2, 3)
            assert ft.index_put_(fz, fix, ft.tensor(v), True) is fz
            torch.index_put_(tz, ix, torch.from_numpy(v), True)
            np.testing.assert_array_equal(fz.numpy(), tz.numpy())


covers("torch.mode", "torch.Tensor.mode", "torch.Tensor.new_empty_strided")


@settings(max_examples=8)
@given(x=st.sampled_from(("float32", "int64", "int8", "bool")).flatmap(
    lambda d: arrays(d, shapes(min_side=1), lo=-2, hi=2, specials=False)),
    keepdim=st.booleans(), dim=st.integers(-1, 0))
def test_mode(x, keepdim, dim):
    """Values as torch's; the index torch reports among equal values is implementation-defined,
    so the frontend's index must point at the value (torch's own index checked the same way)."""
    import torch

    e = torch.mode(torch.from_numpy(x.copy()), dim, keepdim)
    for b in BACKENDS:
        with ivy.using_backend(b):
            for g in (ft.mode(ft.tensor(x.copy()), dim, keepdim),
                      ft.tensor(x.copy()).mode(dim=dim, keepdim=keepdim)):
                assert repr(g.values.dtype) == str(e.values.dtype)
                assert tuple(g.values.shape) == tuple(e.values.shape)
                assert repr(g.indices.dtype) == str(e.indices.dtype)
                np.testing.assert_array_equal(g.values.numpy(), e.values.numpy())
                xm = np.moveaxis(x, dim, -1) if x.ndim else x.reshape(1)
                gi = g.indices.numpy()
                gi = np.squeeze(gi, dim) if keepdim and x.ndim else gi
                picked = np.take_along_axis(xm, gi.reshape(gi.shape + (1,)).astype(np.int64),
                                            -1)[..., 0]
                ev = e.values.numpy()
                np.testing.assert_array_equal(picked, np.squeeze(ev, dim) if keepdim and x.ndim
                                              else ev)


@pytest.mark.parametrize("backend", BACKENDS)
def test_new_empty_strided(backend):
    import torch

    with ivy.using_backend(backend):
        e = torch.zeros(2, dtype=torch.int32).new_empty_strided((2, 3), (3, 1))
        g = ft.zeros(2, dtype=ft.int32).new_empty_strided((2, 3), (3, 1))
        assert tuple(g.shape) == tuple(e.shape) and repr(g.dtype) == str(e.dtype)
        assert ivy.backend_of(g._data).name == backend


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
