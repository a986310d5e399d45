"""Tensor.as_strided / as_strided_ / as_strided_scatter / resize_as and
F.fractional_max_pool2d/3d (+ _with_indices, under the same ``_random_samples``) vs real torch."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft

from .helpers import BACKENDS, T, arrays, check, covers

FULL = bool(os.environ.get("IVY_FULL"))
covers("torch.Tensor.as_strided", "torch.Tensor.as_strided_", "torch.Tensor.as_strided_scatter",
       "torch.Tensor.resize_as")
covers(*(f"torch.nn.functional.fractional_max_pool{d}d{s}" for d in (2, 3)
         for s in ("", "_with_indices")))


def test_as_strided_resize_as():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    cases = [((2, 2), (1, 2), 1), ((3,), (0,), 2), ((2, 2), (3, 1)), ((), (), 5),
             ((2, 3), (4, 1), 0), ((0, 2), (1, 1)), ((2, 2), (1, 12), 1), ((2,), (-1,)),
             ((2, 2), (1, 2), -1), ((2,), (1, 2)), ((4, 3), (1, 4), 0), ((12,), (1,))]
    for args in cases:
        check("Tensor.as_strided", T(x), *args)
        check("Tensor.as_strided_", T(x), *args)
    check("Tensor.as_strided", T(x), size=(2, 2), stride=[1, 2], storage_offset=None)
    for dt in ("int64", "bool", "float64"):
        check("Tensor.as_strided", T((x % 3).astype(dt)), (2, 3), (1, 2), 3)
    src = np.arange(4, dtype=np.float32).reshape(2, 2) + 7
    for args, s in ((((2, 2), (1, 2), 1), src), (((2,), (2,)), src[0]), (((4,), (3,)), src.ravel()),
                    (((3,), (0,), 1), src[0, :1].repeat(3)), (((2,), (1,)), src.ravel()),
                    (((4,), (4,)), src.ravel()), (((2, 2), (4, 1), 2), src.astype(np.int64))):
        check("Tensor.as_strided_scatter", T(x), T(s), *args)
    for other in (np.zeros((2, 6)), np.zeros((12,)), np.zeros((5, 2)), np.zeros(())):
        check("Tensor.resize_as", T(x), T(other))
    check("Tensor.resize_as", T(np.ones(1, np.float32)), T(np.zeros(())))


def _pool_case(d):
    @st.composite
    def case(draw):
        batched = draw(st.booleans())
        n, c = draw(st.integers(1, 2)), draw(st.integers(1, 2))
        spatial = tuple(draw(st.integers(2, 7 if d == 2 else 5)) for _ in range(d))
        k = tuple(draw(st.integers(1, s)) for s in spatial)
        o = tuple(draw(st.integers(1, s - kk + 1)) for s, kk in zip(spatial, k, strict=True))
        dt = draw(st.sampled_from(["float32", "float64"]))
        x = draw(arrays(dt, ((n,) if batched else ()) + (c,) + spatial))
        smp = draw(arrays(dt, (n, c, d), lo=0.0, hi=0.9990234375, specials=False))
        return x, k, o, smp, batched

    return case()


@pytest.mark.parametrize("d", [2, 3])
def test_fractional_max_pool(d):
    f = f"nn.functional.fractional_max_pool{d}d"

    @settings(max_examples=25 if FULL else 5, deadline=None, derandomize=True)
    @given(_pool_case(d))
    def run(case):
        x, k, o, smp, _ = case
        check(f, T(x), k, output_size=o, return_indices=True, _random_samples=T(smp))
        check(f + "_with_indices", T(x), k, o, _random_samples=T(smp))

    run()
    x = np.random.default_rng(0).standard_normal((2, 3) + (6,) * d).astype(np.float32)
    x[0, 0].flat[[0, 3, 5]] = np.nan
    x[1, 1] = -np.inf
    smp = np.random.default_rng(1).random((2, 3, d)).astype(np.float32)
    check(f, T(x), 2, output_size=3, return_indices=True, _random_samples=T(smp))
    check(f, T(x), (2,) * d, output_ratio=(0.5,) * d, _random_samples=T(smp))
    check(f, T(x), 3, output_size=5, _random_samples=T(smp))  # pool too large
    check(f, T(x), 2, _random_samples=T(smp))  # neither size nor ratio
    check(f, T(x), 2, output_size=3, _random_samples=T(smp[:, :, :1]))
    check(f, T(x), 2, output_size=3, _random_samples=T(smp[:, :2]))
    check(f, T(x.astype(np.int64)), 2, output_size=3, _random_samples=T(smp))
    # no samples: the frontend draws its own (another stream): shapes, dtype, values from x
    for b in BACKENDS:
        with ivy.using_backend(b):
            r, i = getattr(ft.nn.functional, f"fractional_max_pool{d}d")(
                ft.tensor(x), 2, output_size=3, return_indices=True)
            assert tuple(r.shape) == (2, 3) + (3,) * d and r.dtype is ft.float32
            assert i.dtype is ft.int64
            flat = x.reshape(2, 3, -1)
            got = np.take_along_axis(flat, i.numpy().reshape(2, 3, -1), -1)
            np.testing.assert_array_equal(got.reshape(r.shape), r.numpy())
