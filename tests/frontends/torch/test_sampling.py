"""nn.functional.grid_sample on 5-D input (trilinear / nearest) and with mode="bicubic" vs real
torch (numpy, jax and torch Ivy backends: dtype, shape, values; raising parity). The 4-D
bilinear / nearest cases are in test_pool_fold.py. The capture rules of aten's grid samplers
(``grid_sampler_2d``, ``grid_sampler_3d``) call this frontend function."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import FLOATS, T, arrays, check, covers

EX = settings(max_examples=6)
NF = "nn.functional."
PADS = ("zeros", "border", "reflection")
covers("torch.nn.functional.grid_sample")


def _tol(dtype):
    return {"_rtol": 1e-4 if dtype == "float32" else 1e-9,
            "_atol": 1e-5 if dtype == "float32" else 1e-9}


@EX
@given(dtype=st.sampled_from(FLOATS), mode=st.sampled_from(["bilinear", "nearest"]),
       pad=st.sampled_from(PADS), ac=st.sampled_from([None, True, False]),
       dhw=st.sampled_from([(1, 1, 1), (2, 3, 4), (3, 2, 2)]), data=st.data())
def test_grid_sample_5d(dtype, mode, pad, ac, dhw, data):
    x = T(data.draw(arrays(dtype, st.just((2, 3) + dhw), specials=False, lo=-3, hi=3)))
    grid = data.draw(arrays(dtype, st.just((2, 2, 3, 2, 3)), specials=False, lo=-2.5, hi=2.5))
    grid[0, 0, 0] = [[-1.0, 1.0, 0.0], [0.5, -0.5, 0.25]]  # corners and half-pixel ties
    check(NF + "grid_sample", x, T(grid), mode=mode, padding_mode=pad, align_corners=ac,
          **_tol(dtype))


@EX
@given(dtype=st.sampled_from(FLOATS), pad=st.sampled_from(PADS),
       ac=st.sampled_from([None, True, False]), hw=st.sampled_from([(1, 1), (3, 4), (5, 2)]),
       data=st.data())
def test_grid_sample_bicubic(dtype, pad, ac, hw, data):
    x = T(data.draw(arrays(dtype, st.just((2, 3) + hw), specials=False, lo=-3, hi=3)))
    grid = data.draw(arrays(dtype, st.just((2, 3, 2, 2)), specials=False, lo=-2.5, hi=2.5))
    grid[0, 0] = [[-1.0, 1.0], [0.5, -0.5]]
    check(NF + "grid_sample", x, T(grid), mode="bicubic", padding_mode=pad, align_corners=ac,
          **_tol(dtype))


def test_grid_sample_5d_errors():
    x = T(np.arange(24.0).reshape(1, 1, 2, 3, 4))
    g = T(np.zeros((1, 1, 1, 2, 3)))
    for pad in PADS:
        for ac in (True, False):
            check(NF + "grid_sample", x, g, mode="nearest", padding_mode=pad, align_corners=ac)
    check(NF + "grid_sample", x, g, mode="bicubic")  # bicubic is 4-D only
    check(NF + "grid_sample", x, T(np.zeros((1, 1, 1, 2, 2))))  # last dim not 3
    check(NF + "grid_sample", x, T(np.zeros((2, 1, 1, 2, 3))))  # batch sizes differ
    check(NF + "grid_sample", x, T(np.zeros((1, 1, 2, 3))))  # 5-D input, 4-D grid
    check(NF + "grid_sample", T(np.ones((1, 1, 2, 2, 2), "int64")),
          T(np.zeros((1, 1, 1, 1, 3), "int64")))


# ------------------------------------------------------- interpolate: ATen's resampling kernels
covers("torch.nn.functional.interpolate", "torch.nn.functional.avg_pool2d")


@EX
@given(dtype=st.sampled_from(FLOATS),
       case=st.sampled_from([("nearest", 1), ("nearest", 2), ("nearest", 3),
                             ("nearest-exact", 1), ("nearest-exact", 2), ("linear", 1),
                             ("bilinear", 2), ("trilinear", 3), ("bicubic", 2)]),
       how=st.sampled_from([("size", 2.0), ("size", 0.5), ("scale", 1.7), ("scale", 0.6),
                            ("scale", 2.0)]),
       ac=st.sampled_from([None, True, False]), data=st.data())
def test_interpolate_modes(dtype, case, how, ac, data):
    """Every mode with sizes and (non-integral) scale factors: the capture rules of aten's
    upsample_* run the same kernels (sampling._resample)."""
    mode, n = case
    spatial = (5, 4, 3)[:n]
    x = T(data.draw(arrays(dtype, st.just((2, 2) + spatial), specials=False, lo=-3, hi=3)))
    if mode.startswith("nearest"):
        ac = None
    kw = ({"size": tuple(max(1, int(s * how[1]) + 1) for s in spatial)} if how[0] == "size"
          else {"scale_factor": how[1]})
    check(NF + "interpolate", x, mode=mode, align_corners=ac, **kw, **_tol(dtype))


@EX
@given(dtype=st.sampled_from(FLOATS), cip=st.booleans(), div=st.sampled_from([None, 3]),
       cfg=st.sampled_from([(3, 2, 1), (3, 2, 0), (2, 3, 1), (3, 3, 1)]), data=st.data())
def test_avg_pool_ceil_mode_partial_window(dtype, cip, div, cfg, data):
    """ceil_mode with a partial last window (the capture's avg_pool rule calls this)."""
    k, s, p = cfg
    x = T(data.draw(arrays(dtype, st.just((1, 2, 6, 5)), specials=False, lo=-3, hi=3)))
    check(NF + "avg_pool2d", x, k, s, p, True, cip, div, **_tol(dtype))
    check(NF + "avg_pool1d", T(x.a[:, :, 0]), k, s, p, True, cip, **_tol(dtype))
