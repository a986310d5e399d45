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
