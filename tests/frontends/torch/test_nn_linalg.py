"""torch.nn.functional, torch.linalg, torch.fft and torch.special vs real torch."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import FLOATS, Spec, T, a, arrays, examples, run_spec, shapes, tensors

EX = settings(max_examples=examples(4))  # 5 until 2026-11-27 (CI time)
NF = "nn.functional."


def t(shape, dtype="float32", **kw):
    return arrays(dtype, st.just(shape), specials=False, lo=-3, hi=3, **kw).map(T)


def floats_any(**kw):
    return tensors(FLOATS, **kw)


ACTS = ["relu", "relu6", "selu", "silu", "mish", "hardsigmoid", "hardswish", "sigmoid", "tanh",
        "softsign", "logsigmoid", "tanhshrink"]
SPECS = [Spec(NF + n, a(floats_any())) for n in ACTS]
SPECS += [
    Spec(NF + "gelu", a(floats_any(specials=False), approximate=st.sampled_from(["none", "tanh"]))),
    Spec(NF + "leaky_relu", a(floats_any(), st.floats(0, 0.5))),
    Spec(NF + "elu", a(floats_any(), st.floats(0.1, 2))),
    Spec(NF + "celu", a(floats_any(), st.floats(0.1, 2))),
    Spec(NF + "softplus", a(floats_any(), st.sampled_from([1.0, 2.0]), st.sampled_from([20.0, 1.0]))),
    Spec(NF + "hardtanh", a(floats_any(), -0.5, 0.5)),
    Spec(NF + "softshrink", a(floats_any(), 0.5)),
    Spec(NF + "hardshrink", a(floats_any(), 0.5)),
    Spec(NF + "threshold", a(floats_any(), 0.1, 20.0)),
    Spec(NF + "glu", a(t((2, 4)), -1)),
    Spec(NF + "softmax", a(floats_any(shape=shapes(min_dims=1)), -1)),
    Spec(NF + "log_softmax", a(floats_any(shape=shapes(min_dims=1), specials=False), -1)),
    Spec(NF + "softmin", a(floats_any(shape=shapes(min_dims=1)), 0)),
    Spec("softmax", a(floats_any(shape=shapes(min_dims=1)), -1), method=True),
    Spec("log_softmax", a(floats_any(shape=shapes(min_dims=1), specials=False), -1),
         method=True),
    Spec(NF + "linear", a(t((2, 3)), t((4, 3)), st.one_of(st.none(), t((4,))))),
    Spec(NF + "bilinear", a(t((2, 3)), t((2, 2)), t((4, 3, 2)), t((4,)))),
    Spec(NF + "conv1d", a(t((2, 4, 7)), t((6, 2, 3)), t((6,)), st.sampled_from([1, 2]),
                          st.sampled_from([0, 1, "same"]).filter(lambda p: True), 1, 2),
         rtol=1e-3),
    Spec(NF + "conv2d", a(t((1, 3, 6, 6)), t((4, 3, 3, 3)), st.one_of(st.none(), t((4,))),
                          st.sampled_from([1, 2]), st.sampled_from([0, 1, (1, 2)]),
                          st.sampled_from([1, 2])), rtol=1e-3, atol=1e-4),
    Spec(NF + "conv2d", a(t((2, 4, 5, 5)), t((4, 1, 3, 3)), None, 1, "same", 1, 4), rtol=1e-3,
         atol=1e-4),
    Spec(NF + "conv3d", a(t((1, 2, 4, 4, 4)), t((3, 2, 2, 2, 2)), t((3,)), 1, 1), rtol=1e-3,
         atol=1e-4),
    Spec(NF + "conv_transpose1d", a(t((1, 2, 5)), t((2, 3, 3)), t((3,)), 2, 1, 1), rtol=1e-3,
         atol=1e-4),
    Spec(NF + "conv_transpose2d", a(t((1, 2, 4, 4)), t((2, 3, 3, 3)), t((3,)),
                                    st.sampled_from([1, 2]), st.sampled_from([0, 1]), 0),
         rtol=1e-3, atol=1e-4),
    Spec(NF + "max_pool1d", a(t((1, 2, 7)), 3, st.sampled_from([None, 2]), st.sampled_from([0, 1]),
                              ceil_mode=st.booleans())),
    Spec(NF + "max_pool2d", a(t((1, 2, 7, 6)), st.sampled_from([2, 3, (2, 3)]),
                              st.sampled_from([None, 1, 2]), st.sampled_from([0, 1]),
                              ceil_mode=st.booleans())),
    Spec(NF + "max_pool3d", a(t((1, 1, 4, 4, 4)), 2)),
    Spec(NF + "avg_pool1d", a(t((1, 2, 7)), 3, 2, st.sampled_from([0, 1]),
                              count_include_pad=st.booleans())),
    Spec(NF + "avg_pool2d", a(t((1, 2, 6, 6)), st.sampled_from([2, 3]), st.sampled_from([None, 1]),
                              st.sampled_from([0, 1]), count_include_pad=st.booleans())),
    Spec(NF + "avg_pool2d", a(t((1, 2, 6, 6)), 2, divisor_override=3)),
    Spec(NF + "avg_pool3d", a(t((1, 1, 4, 4, 4)), 2)),
    Spec(NF + "adaptive_avg_pool2d", a(t((2, 3, 7, 5)), st.sampled_from([1, 3, (2, 4), (None, 2)]))),
    Spec(NF + "adaptive_avg_pool1d", a(t((2, 3, 7)), st.sampled_from([1, 3]))),
    Spec(NF + "adaptive_max_pool2d", a(t((2, 3, 7, 5)), st.sampled_from([1, 3, (2, 4)]))),
    Spec(NF + "adaptive_max_pool1d", a(t((2, 3, 7)), 3)),
    Spec(NF + "batch_norm", a(t((4, 3, 2)), t((3,)), arrays("float32", st.just((3,)), lo=0.5,
                                                             hi=2, specials=False).map(T),
                              t((3,)), t((3,)), st.booleans()), rtol=1e-3, atol=1e-4),
    Spec(NF + "layer_norm", a(t((2, 3, 4)), (4,), t((4,)), t((4,))), rtol=1e-3, atol=1e-4),
    Spec(NF + "layer_norm", a(t((2, 3, 4)), (3, 4)), rtol=1e-3, atol=1e-4),
    Spec(NF + "group_norm", a(t((2, 4, 3)), st.sampled_from([1, 2, 4]), t((4,)), t((4,))),
         rtol=1e-3, atol=1e-4),
    Spec(NF + "instance_norm", a(t((2, 3, 5))), rtol=1e-3, atol=1e-4),
    Spec(NF + "local_response_norm", a(t((1, 4, 3)), 3), rtol=1e-3, atol=1e-4),
    Spec(NF + "rms_norm", a(t((2, 3)), (3,), t((3,)), 1e-6), rtol=1e-3, atol=1e-4),
    Spec(NF + "normalize", a(floats_any(shape=st.just((3, 4)), specials=False), st.sampled_from([1.0, 2.0]),
                             st.sampled_from([0, 1, -1]))),
    Spec(NF + "dropout", a(t((3, 4)), st.floats(0, 1), False)),
    Spec(NF + "dropout", a(t((3, 4)), st.sampled_from([0.0, 1.0]), True)),
    Spec(NF + "embedding", a(arrays("int64", st.just((2, 3)), lo=0, hi=4).map(T), t((5, 3)))),
    Spec(NF + "embedding", a(arrays("int64", st.just((4,)), lo=0, hi=4).map(T), t((5, 3)),
                             max_norm=1.0), rtol=1e-3),
    Spec(NF + "one_hot", a(arrays("int64", shapes(min_side=1), lo=0, hi=4).map(T),
                           st.sampled_from([-1, 5, 7]))),
    Spec(NF + "pad", a(t((1, 2, 3, 4)), st.sampled_from([(1, 1), (1, 2, 0, 1), (2, 0, 1, 1, 1, 0),
                                                         (-1, 1)]),
                       value=st.sampled_from([None, 1.5]))),
    Spec(NF + "pad", a(t((1, 2, 3, 4)), st.sampled_from([(1, 1), (1, 2, 0, 1)]),
                       st.sampled_from(["reflect", "replicate", "circular"]))),
    Spec(NF + "interpolate", a(t((1, 2, 4, 3)), st.sampled_from([(8, 6), (3, 5), 5]),
                               mode=st.sampled_from(["nearest", "bilinear"]))),
    Spec(NF + "interpolate", a(t((1, 2, 4, 3)), (7, 5), mode="bilinear",
                               align_corners=st.booleans())),
    Spec(NF + "interpolate", a(t((1, 2, 5)), scale_factor=2.0, mode=st.sampled_from(
        ["nearest", "linear"]))),
    Spec(NF + "interpolate", a(t((1, 1, 2, 3, 2)), (3, 4, 4), mode="trilinear")),
    Spec(NF + "pixel_shuffle", a(t((1, 8, 2, 3)), 2)),
    Spec(NF + "pixel_unshuffle", a(t((1, 2, 4, 6)), 2)),
    Spec(NF + "unfold", a(t((1, 2, 5, 4)), st.sampled_from([2, (2, 3)]), 1, st.sampled_from([0, 1]),
                          st.sampled_from([1, 2]))),
    Spec(NF + "scaled_dot_product_attention",
         a(t((2, 2, 4, 3)), t((2, 2, 5, 3)), t((2, 2, 5, 2)),
           st.one_of(st.none(), arrays("bool", st.just((4, 5))).map(
               lambda m: T(np.concatenate([np.ones((4, 1), bool), m[:, 1:]], 1))), t((4, 5))),
           is_causal=False), rtol=1e-3, atol=1e-4),
    Spec(NF + "scaled_dot_product_attention", a(t((1, 4, 3)), t((1, 4, 3)), t((1, 4, 3)),
                                                is_causal=True, scale=0.3), rtol=1e-3, atol=1e-4),
    Spec(NF + "cross_entropy", a(t((4, 5)), arrays("int64", st.just((4,)), lo=0, hi=4).map(T),
                                 st.one_of(st.none(), arrays("float32", st.just((5,)), lo=0.125,
                                                             hi=2, specials=False).map(T)),
                                 reduction=st.sampled_from(["mean", "sum", "none"]),
                                 label_smoothing=st.sampled_from([0.0, 0.1])), rtol=1e-3, atol=1e-4),
    Spec(NF + "cross_entropy", a(t((3, 4, 2)), arrays("int64", st.just((3, 2)), lo=0, hi=3).map(
        lambda x: T(np.where(x == 0, -100, x))), ignore_index=-100), rtol=1e-3, atol=1e-4),
    Spec(NF + "cross_entropy", a(t((3, 4)), arrays("float32", st.just((3, 4)), lo=0, hi=1,
                                                   specials=False).map(T),
                                 label_smoothing=st.sampled_from([0.0, 0.2])), rtol=1e-3, atol=1e-4),
    Spec(NF + "nll_loss", a(t((4, 5)), arrays("int64", st.just((4,)), lo=0, hi=4).map(T),
                            reduction=st.sampled_from(["mean", "sum", "none"]))),
    Spec(NF + "mse_loss", a(t((3, 4)), t((3, 4)), reduction=st.sampled_from(["mean", "sum", "none"]))),
    Spec(NF + "l1_loss", a(t((3, 4)), t((3, 4)), reduction=st.sampled_from(["mean", "sum", "none"]))),
    Spec(NF + "smooth_l1_loss", a(t((3, 4)), t((3, 4)), beta=st.sampled_from([1.0, 0.5]))),
    Spec(NF + "huber_loss", a(t((3, 4)), t((3, 4)), delta=st.sampled_from([1.0, 0.5]))),
    Spec(NF + "binary_cross_entropy", a(arrays("float32", st.just((3, 4)), lo=0, hi=1,
                                               specials=False).map(T),
                                        arrays("float32", st.just((3, 4)), lo=0, hi=1,
                                               specials=False).map(T)), rtol=1e-3, atol=1e-4),
    Spec(NF + "binary_cross_entropy_with_logits", a(t((3, 4)), arrays(
        "float32", st.just((3, 4)), lo=0, hi=1, specials=False).map(T), pos_weight=st.one_of(
        st.none(), arrays("float32", st.just((4,)), lo=0.5, hi=2, specials=False).map(T))),
         rtol=1e-3, atol=1e-4),
    Spec(NF + "kl_div", a(t((3, 4)), arrays("float32", st.just((3, 4)), lo=0, hi=1,
                                            specials=False).map(T),
                          reduction=st.sampled_from(["batchmean", "sum", "mean"])), rtol=1e-3,
         atol=1e-4),
    Spec(NF + "cosine_similarity", a(t((3, 4)), t((3, 4)), st.sampled_from([0, 1])), rtol=1e-3,
         atol=1e-4),
    Spec(NF + "pairwise_distance", a(t((3, 4)), t((3, 4))), rtol=1e-3, atol=1e-4),
    Spec(NF + "margin_ranking_loss", a(t((4,)), t((4,)), T(np.array([1.0, -1, 1, -1], np.float32)))),
    Spec(NF + "soft_margin_loss", a(t((4,)), T(np.array([1.0, -1, 1, -1], np.float32)))),
    Spec(NF + "triplet_margin_loss", a(t((3, 4)), t((3, 4)), t((3, 4))), rtol=1e-3, atol=1e-4),
    Spec(NF + "poisson_nll_loss", a(t((3, 4)), arrays("float32", st.just((3, 4)), lo=0, hi=3,
                                                      specials=False).map(T)), rtol=1e-3),
    Spec(NF + "affine_grid", a(t((2, 2, 3)), (2, 1, 3, 4), align_corners=st.booleans()),
         rtol=1e-3, atol=1e-5),
]

# ----------------------------------------------------------------------- linalg, fft, special


def spd(n, dtype="float64"):
    return arrays(dtype, st.just((n, n)), specials=False, lo=-1, hi=1).map(
        lambda m: T((m @ m.T + n * np.eye(n)).astype(dtype)))


L = "linalg."
SPECS += [
    Spec(L + "vector_norm", a(floats_any(), st.sampled_from([2, 1, 3.0, float("inf"), 0]))),
    Spec(L + "vector_norm", a(floats_any(shape=shapes(min_dims=1)), 2, -1, st.booleans())),
    Spec(L + "matrix_norm", a(tensors(FLOATS, shapes(min_dims=2, min_side=1), specials=False),
                              st.sampled_from(["fro", "nuc", 1, float("inf"), 2])), rtol=1e-3),
    Spec(L + "norm", a(tensors(FLOATS, shapes(min_dims=1, max_dims=2, min_side=1),
                               specials=False))),
    Spec("norm", a(floats_any(), st.sampled_from([2, 1, "fro"])), method=True),
    Spec(L + "det", a(spd(3)), extra=("det", "Tensor.det")),
    Spec(L + "slogdet", a(spd(3)), extra=("slogdet", "Tensor.slogdet")),
    Spec(L + "inv", a(spd(3)), extra=("inverse", "Tensor.inverse")),
    Spec(L + "solve", a(spd(3), arrays("float64", st.sampled_from([(3,), (3, 2)]),
                                       specials=False).map(T))),
    Spec(L + "cholesky", a(spd(3), upper=st.booleans())),
    Spec("cholesky", a(spd(3)), method=True),
    Spec(L + "eigh", a(spd(3)).map(lambda p: p), backends=()),  # sign of vectors: see below
    Spec(L + "eigvalsh", a(spd(3))),
    Spec(L + "svdvals", a(tensors(("float64",), st.just((3, 2)), specials=False))),
    Spec(L + "pinv", a(spd(3)), rtol=1e-6),
    Spec("pinverse", a(spd(3)), method=True, rtol=1e-6),
    Spec(L + "matrix_power", a(spd(2), st.integers(-2, 3)), extra=("matrix_power",
                                                                    "Tensor.matrix_power")),
    Spec(L + "matrix_rank", a(spd(3))),
    Spec(L + "cross", a(t((2, 3)), t((2, 3)))),
    Spec("cross", a(t((2, 3)), t((2, 3)), 1), method=True),
    Spec(L + "vecdot", a(t((2, 3)), t((2, 3)))),
    Spec(L + "multi_dot", a([T(np.eye(2, 3)), T(np.ones((3, 4))), T(np.ones((4, 2)))])),
    Spec(L + "matmul", a(t((2, 3)), t((3, 2)))),
    Spec("matmul", a(t((2, 3)), t((3, 2))), method=True),
    Spec("matmul", a(t((2, 1, 2, 3)), t((3, 3, 2)))),
    Spec("mm", a(t((2, 3)), t((3, 4))), method=True),
    Spec("bmm", a(t((2, 2, 3)), t((2, 3, 4))), method=True),
    Spec("mv", a(t((2, 3)), t((3,))), method=True),
    Spec("dot", a(t((3,)), t((3,))), method=True),
    Spec("vdot", a(t((3,)), t((3,))), method=True),
    Spec("inner", a(t((2, 3)), t((4, 3))), method=True),
    Spec("outer", a(t((2,)), t((3,), "int32")), method=True, extra=("ger", "Tensor.ger")),
    Spec("addmm", a(t((2, 4)), t((2, 3)), t((3, 4)), beta=st.sampled_from([1, 0.5]),
                    alpha=st.sampled_from([1, 2])), method=True, inplace=True),
    Spec("addmv", a(t((2,)), t((2, 3)), t((3,))), method=True, inplace=True),
    Spec("addbmm", a(t((2, 4)), t((2, 2, 3)), t((2, 3, 4))), method=True, inplace=True),
    Spec("baddbmm", a(t((2, 2, 4)), t((2, 2, 3)), t((2, 3, 4))), method=True, inplace=True),
    Spec("addr", a(t((2, 3)), t((2,)), t((3,))), method=True, inplace=True),
    Spec("tensordot", a(t((2, 3, 4)), t((3, 4, 2)), st.sampled_from([2, ([1], [0])]))),
    Spec("kron", a(t((2, 3)), t((2, 2))), method=True),
    Spec("einsum", st.sampled_from([
        ("ij,jk->ik", (2, 3), (3, 4)), ("bij,bjk->bik", (2, 2, 3), (2, 3, 4)),
        ("ii->i", (3, 3)), ("ij->", (2, 3)), ("i,j->ij", (2,), (3,)),
        ("...ij,...jk", (2, 2, 3), (2, 3, 2)), ("bhld,bhmd->bhlm", (1, 2, 3, 4), (1, 2, 5, 4))]
    ).flatmap(lambda e: st.tuples(*[t(s) for s in e[1:]]).map(lambda ts: ((e[0],) + ts, {}))),
        rtol=1e-3, atol=1e-4),
    Spec("cdist", a(t((3, 4)), t((2, 4))), rtol=1e-3, atol=1e-4),
    Spec("dist", a(t((3, 4)), t((3, 4))), method=True, rtol=1e-3),
    Spec("logdet", a(spd(3)), method=True),
]

FFT1 = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
FFTN = ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"]
SPECS += [Spec("fft." + n, a(tensors(("float32", "float64"), shapes(min_dims=1, min_side=1),
                                     specials=False), st.sampled_from([None, 4]),
                             norm=st.sampled_from([None, "ortho", "forward"])), rtol=1e-3,
               atol=1e-4) for n in FFT1]
SPECS += [Spec("fft." + n, a(tensors(("float32", "float64"), shapes(min_dims=2, min_side=2),
                                     specials=False)), rtol=1e-3, atol=1e-4) for n in FFTN]
SPECS += [
    Spec("fft.fft", a(tensors(("complex64", "int64"), shapes(min_dims=1, min_side=1))),
         rtol=1e-3, atol=1e-4),
    Spec("fft.fftfreq", a(st.integers(1, 6), st.sampled_from([1.0, 0.5]))),
    Spec("fft.rfftfreq", a(st.integers(1, 6), st.sampled_from([1.0, 0.5]))),
    Spec("fft.fftshift", a(floats_any(shape=shapes(min_dims=1)))),
    Spec("fft.ifftshift", a(floats_any(shape=shapes(min_dims=1)))),
]
SP = "special."
SPECS += [Spec(SP + n, a(tensors(FLOATS + ("int64",)))) for n in
          ["erf", "erfc", "expit", "exp2", "expm1", "log1p", "sinc", "ndtr", "entr"]]
SPECS += [
    Spec(SP + "round", a(tensors(FLOATS))),
    Spec("relu", a(floats_any())),
    Spec("selu", a(floats_any())),
    Spec("conv2d", a(t((1, 3, 6, 6)), t((4, 3, 3, 3))), rtol=1e-3, atol=1e-4),
    Spec("layer_norm", a(t((2, 3, 4)), (4,)), rtol=1e-3, atol=1e-4),
    Spec("cosine_similarity", a(t((3, 4)), t((3, 4))), rtol=1e-3, atol=1e-4),
    Spec(SP + "logit", a(tensors(FLOATS, lo=0, hi=1))),
    Spec(SP + "xlogy", a(floats_any(), floats_any())),
    Spec(SP + "xlog1py", a(floats_any(), floats_any())),
    Spec(SP + "logsumexp", a(floats_any(shape=shapes(min_dims=1)), -1)),
    Spec(SP + "softmax", a(floats_any(shape=shapes(min_dims=1)), -1)),
    Spec(SP + "log_softmax", a(floats_any(shape=shapes(min_dims=1)), -1)),
    Spec(SP + "log_ndtr", a(tensors(FLOATS, lo=-5, hi=5)), rtol=1e-3),
    Spec(SP + "erfcx", a(tensors(FLOATS, lo=-2, hi=2, specials=False)), rtol=1e-3),
]
SPECS = [s for s in SPECS if s.backends]


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
@EX
@given(data=st.data())
def test_nn_linalg(spec, data):
    run_spec(spec, data)
