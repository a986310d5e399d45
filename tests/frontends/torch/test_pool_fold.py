"""nn.functional.fold (col2im), embedding_bag, conv_tbc, grid_sample, adaptive_avg_pool3d,
adaptive_max_pool1d/2d/3d and max_pool1d/2d/3d with return_indices (and dilation), the
*_with_indices spellings and max_unpool1d/2d/3d vs real torch (numpy, jax and torch Ivy backends:
dtype, shape, values, indices incl. torch's NaN/tie rules; raising parity)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import FLOATS, T, arrays, check, covers

EX = settings(max_examples=6)
NF = "nn.functional."
covers(*(f"torch.nn.functional.{n}" for n in [
    "fold", "adaptive_avg_pool3d", "adaptive_max_pool3d", "adaptive_max_pool1d_with_indices",
    "adaptive_max_pool2d_with_indices", "adaptive_max_pool3d_with_indices"]))


def _pair(v):
    return (v, v) if isinstance(v, int) else v


@EX
@given(dtype=st.sampled_from(FLOATS), C=st.integers(1, 3), batched=st.booleans(),
       cfg=st.sampled_from([((4, 5), (2, 2), 1, 0, 1), ((6, 6), 3, (1, 2), 1, (2, 1)),
                            ((3, 3), 1, 1, 0, 1), ((5, 6), (2, 3), 2, (1, 0), 2),
                            ((4, 4), 2, 1, 0, 2), ((2, 3), (2, 2), 1, 1, 1)]), data=st.data())
def test_fold(dtype, C, batched, cfg, data):
    o, k, d, p, s = cfg
    o, kk, dd, pp, ss = (_pair(v) for v in cfg)
    lh = (o[0] + 2 * pp[0] - dd[0] * (kk[0] - 1) - 1) // ss[0] + 1
    lw = (o[1] + 2 * pp[1] - dd[1] * (kk[1] - 1) - 1) // ss[1] + 1
    shape = ((2,) if batched else ()) + (C * kk[0] * kk[1], lh * lw)
    x = T(data.draw(arrays(dtype, st.just(shape), lo=-5, hi=5)))
    check(NF + "fold", x, o, k, d, p, s)
    check(NF + "fold", x, output_size=o, kernel_size=k, dilation=d, padding=p, stride=s)


def test_fold_roundtrip_and_errors():
    x = T(np.arange(2 * 3 * 5 * 4, dtype="float32").reshape(2, 3, 5, 4))
    check(NF + "unfold", x, (2, 3), padding=1, stride=(1, 2))
    cols = T(np.ones((1, 8, 6), "float32"))
    check(NF + "fold", cols, (3, 4), 2)  # 2 channels of 2x2 blocks, 2*3 = 6 positions
    check(NF + "fold", T(np.ones((1, 7, 6), "float32")), (3, 4), 2)  # 7 not divisible by 4
    check(NF + "fold", T(np.ones((1, 8, 5), "float32")), (3, 4), 2)  # wrong number of blocks
    check(NF + "fold", T(np.ones((1, 8, 6), "int64")), (3, 4), 2)  # torch: not for Long
    check(NF + "fold", T(np.ones((1, 1, 8, 6), "float32")), (3, 4), 2)  # 4-D


def _pool_input(dtype, shape, data):
    x = data.draw(arrays(dtype, st.just(shape), lo=-3, hi=3))
    if data.draw(st.booleans()):  # ties, NaN and -inf: torch's index rules
        flat = x.reshape(-1)
        for v in (math.nan, -math.inf, 2.0, 2.0, math.nan):
            flat[data.draw(st.integers(0, flat.size - 1))] = v
    return T(x)


@EX
@given(dtype=st.sampled_from(FLOATS), nd=st.sampled_from([1, 2, 3]), batched=st.booleans(),
       data=st.data())
def test_adaptive_max_pool_indices(dtype, nd, batched, data):
    spatial = tuple(data.draw(st.integers(1, 6)) for _ in range(nd))
    shape = ((2,) if batched else ()) + (3,) + spatial
    x = _pool_input(dtype, shape, data)
    out = tuple(data.draw(st.one_of(st.integers(1, 4), st.none())) if nd > 1 else
                data.draw(st.integers(1, 4)) for _ in range(nd))
    name = f"adaptive_max_pool{nd}d"
    check(NF + name, x, out, return_indices=True)
    check(NF + name, x, out)
    check(NF + name + "_with_indices", x, out)
    if nd == 3:
        check(NF + "adaptive_avg_pool3d", x, out)
        check(NF + "adaptive_avg_pool3d", x, data.draw(st.integers(1, 3)))


def test_adaptive_pool3d_errors():
    check(NF + "adaptive_avg_pool3d", T(np.ones((2, 3), "float32")), 1)
    check(NF + "adaptive_max_pool3d", T(np.ones((1, 2, 0, 3, 3), "float32")), 1)
    check(NF + "adaptive_avg_pool3d", T(np.ones((1, 2, 3, 3, 3), "int64")), 1)
    for nd in (1, 2, 3):  # torch: max pooling "not implemented for 'Long'" / 'Bool'
        check(NF + f"adaptive_max_pool{nd}d", T(np.ones((1, 2) + (3,) * nd, "int64")), 1)
        check(NF + f"adaptive_max_pool{nd}d", T(np.ones((1, 2) + (3,) * nd, "bool")), 1)


@pytest.mark.parametrize("nd", [1, 2, 3])
def test_adaptive_max_pool_all_nan_and_inf(nd):
    x = np.full((1, 2) + (4,) * nd, -math.inf, "float32")
    x[0, 1] = math.nan
    check(NF + f"adaptive_max_pool{nd}d", T(x), 2, return_indices=True)


# ------------------------------------------------------------------ embedding_bag, conv_tbc
covers("torch.nn.functional.embedding_bag", "torch.nn.functional.conv_tbc")


@EX
@given(dtype=st.sampled_from(FLOATS), mode=st.sampled_from(["sum", "mean", "max"]),
       two_d=st.booleans(), last=st.booleans(), pad=st.sampled_from([None, 0, 2, -1]),
       weighted=st.booleans(), data=st.data())
def test_embedding_bag(dtype, mode, two_d, last, pad, weighted, data):
    V, D = 5, 3
    w = T(data.draw(arrays(dtype, st.just((V, D)), specials=False, lo=-3, hi=3)))
    if two_d:
        shape = (data.draw(st.integers(1, 3)), data.draw(st.integers(0, 3)))
        idx = data.draw(arrays("int64", st.just(shape), specials=False, lo=0, hi=V - 1))
        offsets = None
    else:
        L = data.draw(st.integers(0, 6))
        idx = data.draw(arrays("int64", st.just((L,)), specials=False, lo=0, hi=V - 1))
        cuts = sorted(data.draw(st.lists(st.integers(0, L), min_size=0, max_size=3)))
        offsets = T(np.array([0] + cuts + ([L] if last else []), "int64"))
    kw = dict(offsets=offsets, mode=mode, padding_idx=pad)
    if not two_d and last:
        kw["include_last_offset"] = True
    if weighted and mode == "sum":
        kw["per_sample_weights"] = T(data.draw(arrays(dtype, st.just(idx.shape), specials=False,
                                                      lo=-2, hi=2)))
    check(NF + "embedding_bag", T(idx), w, **kw)


def test_embedding_bag_errors():
    w = T(np.ones((5, 3), "float32"))
    i = T(np.array([0, 2, 1, 3]))
    check(NF + "embedding_bag", i, w, T(np.array([1, 3])))  # offsets[0] != 0
    check(NF + "embedding_bag", i, w, T(np.array([0, 5])))  # beyond the input
    check(NF + "embedding_bag", i, w)  # 1-D without offsets
    check(NF + "embedding_bag", T(np.array([[0, 7]])), w)  # index out of range
    check(NF + "embedding_bag", T(np.array([[0, 1]])), w, T(np.array([0])))  # 2-D with offsets
    check(NF + "embedding_bag", i, w, T(np.array([0, 2])), mode="max",
          per_sample_weights=T(np.ones(4, "float32")))
    check(NF + "embedding_bag", T(np.array([0.0, 1.0])), w, T(np.array([0])))
    check(NF + "embedding_bag", T(np.array([[0, 1, 4]])), w, max_norm=0.5)  # renormalises


@EX
@given(dtype=st.sampled_from(FLOATS), T_=st.integers(2, 6), k=st.integers(1, 3),
       pad=st.integers(0, 2), data=st.data())
def test_conv_tbc(dtype, T_, k, pad, data):
    x = T(data.draw(arrays(dtype, st.just((T_, 2, 3)), specials=False, lo=-2, hi=2)))
    w = T(data.draw(arrays(dtype, st.just((k, 3, 4)), specials=False, lo=-2, hi=2)))
    b = T(data.draw(arrays(dtype, st.just((4,)), specials=False, lo=-2, hi=2)))
    check(NF + "conv_tbc", x, w, b, pad, _rtol=1e-4 if dtype == "float32" else None)


# ------------------------------------- max_pool with indices / dilation, max_unpool
covers(*(f"torch.nn.functional.{n}{d}d{s}" for n, s in [("max_pool", "_with_indices"),
                                                        ("max_unpool", "")] for d in (1, 2, 3)))


@EX
@given(dtype=st.sampled_from(FLOATS + ("int64",)), nd=st.sampled_from([1, 2, 3]),
       batched=st.booleans(), k=st.integers(1, 3), s=st.sampled_from([None, 1, 2]),
       p=st.integers(0, 1), d=st.integers(1, 2), ceil=st.booleans(), data=st.data())
def test_max_pool_indices(dtype, nd, batched, k, s, p, d, ceil, data):
    spatial = tuple(data.draw(st.integers(3, 6)) for _ in range(nd))
    shape = ((2,) if batched else ()) + (2,) + spatial
    x = _pool_input(dtype, shape, data) if dtype != "int64" else T(data.draw(arrays(
        dtype, st.just(shape), lo=-3, hi=3)))
    name = f"max_pool{nd}d"
    check(NF + name, x, k, s, p, d, ceil, True)
    check(NF + name + "_with_indices", x, k, s, p, d, ceil)
    check(NF + name, x, k, stride=s, padding=p, dilation=d, ceil_mode=ceil)


@EX
@given(nd=st.sampled_from([1, 2, 3]), batched=st.booleans(), k=st.integers(1, 3),
       s=st.sampled_from([None, 1, 2]), p=st.integers(0, 1), sized=st.booleans(),
       data=st.data())
def test_max_unpool(nd, batched, k, s, p, sized, data):
    import torch as real

    spatial = tuple(data.draw(st.integers(3, 6)) for _ in range(nd))
    shape = ((2,) if batched else ()) + (2,) + spatial
    x = data.draw(arrays("float64", st.just(shape), specials=False, lo=-3, hi=3))
    try:
        v, i = getattr(real.nn.functional, f"max_pool{nd}d")(real.from_numpy(x), k, s, p,
                                                             return_indices=True)
    except RuntimeError:
        return
    kw = {"output_size": spatial} if sized else {}
    check(NF + f"max_unpool{nd}d", T(v.numpy()), T(i.numpy()), k, s, p, **kw)


def test_max_unpool_errors():
    v = T(np.array([[1.0, 2.0]]))
    check(NF + "max_unpool1d", v, T(np.array([[0, 7]])), 2, output_size=[5])  # invalid index
    check(NF + "max_unpool1d", v, T(np.array([[0, 3]])), 2, output_size=[9])  # bad size
    check(NF + "max_unpool1d", v, T(np.array([[0, 3]], "int32")), 2)  # indices not Long
    check(NF + "max_unpool1d", v, T(np.array([[0, 3]])), 2, output_size=[1, 5])


# ------------------------------------------------------------------------------ grid_sample
covers("torch.nn.functional.grid_sample")


@EX
@given(dtype=st.sampled_from(FLOATS), mode=st.sampled_from(["bilinear", "nearest"]),
       pad=st.sampled_from(["zeros", "border", "reflection"]), ac=st.sampled_from([None, True,
                                                                                 False]),
       hw=st.sampled_from([(1, 1), (3, 4), (4, 2)]), data=st.data())
def test_grid_sample(dtype, mode, pad, ac, hw, data):
    x = T(data.draw(arrays(dtype, st.just((2, 3) + hw), specials=False, lo=-3, hi=3)))
    grid = data.draw(arrays(dtype, st.just((2, 3, 2, 2)), specials=False, lo=-2.5, hi=2.5))
    grid[0, 0] = [[-1.0, 1.0], [0.5, -0.5]]  # corners and half-pixel ties (nearbyint)
    check(NF + "grid_sample", x, T(grid), mode=mode, padding_mode=pad, align_corners=ac,
          _rtol=1e-4 if dtype == "float32" else 1e-9, _atol=1e-5 if dtype == "float32" else 1e-9)


def test_grid_sample_ties_and_errors():
    x = T(np.arange(12.0).reshape(1, 1, 3, 4))
    g = T(np.array([[[[0.5, 1.0], [2.0, -3.0], [-1.0, -1.0], [0.25, 0.0]]]]))
    for m in ("bilinear", "nearest"):
        for p in ("zeros", "border", "reflection"):
            for ac in (True, False):
                check(NF + "grid_sample", x, g, mode=m, padding_mode=p, align_corners=ac)
    check(NF + "grid_sample", x, T(np.zeros((1, 2, 2, 2), "float32")))  # dtypes differ
    check(NF + "grid_sample", x, g, mode="area")
    check(NF + "grid_sample", x, g, padding_mode="wrap")
    check(NF + "grid_sample", T(np.ones((1, 1, 2, 2), "int64")), T(np.zeros((1, 1, 1, 2),
                                                                            "int64")))
