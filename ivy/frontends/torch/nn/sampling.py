"""torch.nn.functional resampling: interpolate/upsample, affine_grid and grid_sample (NCHW, NCDHW)."""

from __future__ import annotations

import builtins
import math

import ivy

from .. import _functions as F
from .._core import not_implemented
from .._tensor import wrap
from ._arguments import CF, _ntuple
from .pooling import adaptive_avg_pool2d

_int, _bool = builtins.int, builtins.bool


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    x = input._data
    n = len(x.shape) - 2
    if antialias:
        not_implemented("torch.nn.functional.interpolate(antialias=True)")
    if mode in ("nearest", "area") and align_corners is not None:
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    spatial = tuple(x.shape[2:])
    if size is not None:
        if scale_factor is not None:
            raise ValueError("only one of size or scale_factor should be defined")
        out = _ntuple(size, n)
    else:
        if scale_factor is None:
            raise ValueError("either size or scale_factor should be defined")
        sf = _ntuple(scale_factor, n)
        out = tuple(_int(math.floor(s * f)) for s, f in zip(spatial, sf))
        if not recompute_scale_factor and any(o / s != f for o, s, f in zip(out, spatial, sf)
                                              if mode != "area"):
            not_implemented("torch.nn.functional.interpolate(scale_factor=...) whose output size "
                            "is not exactly input*scale (torch then samples with the given "
                            "factor)")
    if mode == "area":
        if n != 2:
            not_implemented(f"torch.nn.functional.interpolate(mode='area') on {n}-D")
        return adaptive_avg_pool2d(input, out)
    want = {"nearest": 1, "linear": 1, "bilinear": 2, "trilinear": 3}
    if mode not in want and mode not in ("nearest",):
        not_implemented(f"torch.nn.functional.interpolate(mode={mode!r})")
    if mode != "nearest" and want[mode] != n:
        raise NotImplementedError(f"Got {n + 2}D input, but {mode} mode needs "
                                  f"{want[mode] + 2}D input")
    ivy_mode = mode if mode != "linear" or n == 1 else mode
    return wrap(ivy.interpolate(x, out, mode=ivy_mode, align_corners=_bool(align_corners),
                                data_format=CF))


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, "nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, "bilinear", True)


def affine_grid(theta, size, align_corners=None):
    N, C, H, W = size
    ac = _bool(align_corners)

    def lin(n):
        if n == 1:
            return F.zeros(1, dtype=theta.dtype)
        r = F.linspace(-1, 1, n, dtype=theta.dtype)
        return r if ac else r * (n - 1) / n

    ys, xs = F.meshgrid(lin(H), lin(W), indexing="ij")
    base = F.stack([xs, ys, F.ones_like(xs)], -1).reshape(1, H * W, 3)
    grid = F.matmul(base.expand(N, H * W, 3), theta.transpose(1, 2))
    return grid.reshape(N, H, W, 2)


def _grid_reflect(x, twice_low, twice_high):
    """ATen's reflect_coordinates."""
    if twice_low == twice_high:
        return ivy.zeros_like(x)
    lo = twice_low / 2.0
    span = (twice_high - twice_low) / 2.0
    a = ivy.abs(ivy.subtract(x, lo))
    extra = ivy.remainder(a, span)
    flips = ivy.floor(ivy.divide(a, span))
    even = ivy.equal(ivy.remainder(flips, 2.0), 0)
    return ivy.where(even, ivy.add(extra, lo), ivy.add(ivy.subtract(span, extra), lo))


def _grid_coord(g, size, padding_mode, align_corners):
    """ATen's grid_sampler_compute_source_index: unnormalise, then border/reflection."""
    if align_corners:
        x = ivy.multiply(ivy.add(g, 1.0), (size - 1) / 2.0)
    else:
        x = ivy.divide(ivy.subtract(ivy.multiply(ivy.add(g, 1.0), float(size)), 1.0), 2.0)
    if padding_mode == "border":
        x = ivy.clip(x, 0.0, float(size - 1))
    elif padding_mode == "reflection":
        x = _grid_reflect(x, 0, 2 * (size - 1)) if align_corners else \
            _grid_reflect(x, -1, 2 * size - 1)
        x = ivy.clip(x, 0.0, float(size - 1))
    return x


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """torch.nn.functional.grid_sample for 4-D input, bilinear/nearest, zeros/border/reflection
    padding (ATen's formulas; nearest rounds half to even as nearbyint)."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if input.ndim != 4 or grid.ndim != 4:
        if input.ndim == 5:
            not_implemented("torch.nn.functional.grid_sample (5-D input)")
        raise RuntimeError("grid_sampler(): expected 4D or 5D input and grid with same number "
                           f"of dimensions, but got input with sizes {list(input.shape)} and "
                           f"grid with sizes {list(grid.shape)}")
    if mode == "bicubic":
        not_implemented("torch.nn.functional.grid_sample(mode='bicubic')")
    if input.dtype is not grid.dtype:
        raise RuntimeError(f"grid_sampler(): expected input and grid to have the same dtype, "
                           f"but input has {input.dtype} and grid has {grid.dtype}")
    if input.dtype.cat != 2:
        raise RuntimeError(f"\"grid_sampler_2d_cpu\" not implemented for '{input.dtype}'")
    N, C, H, W = input.shape
    if grid.shape[0] != N or grid.shape[-1] != 2:
        raise RuntimeError("grid_sampler(): expected grid to have size 2 in last dimension and "
                           "the same batch size as input")
    g = grid._data
    if g.shape[1] * g.shape[2] and not bool(ivy.all(ivy.isfinite(g))):
        not_implemented("torch.nn.functional.grid_sample with a non-finite grid",
                        "ATen's result there depends on its C++ clamping order")
    ac = _bool(align_corners)
    Ho, Wo = g.shape[1], g.shape[2]
    x = _grid_coord(g[..., 0], W, padding_mode, ac)  # (N, Ho, Wo)
    y = _grid_coord(g[..., 1], H, padding_mode, ac)
    src = ivy.reshape(input._data, (N, C, H * W))

    def tap(yy, xx):
        """input at integer (yy, xx) (float arrays), 0 outside."""
        inside = ivy.logical_and(ivy.logical_and(ivy.greater_equal(xx, 0), ivy.less(xx, W)),
                                 ivy.logical_and(ivy.greater_equal(yy, 0), ivy.less(yy, H)))
        xi = ivy.astype(ivy.clip(xx, 0, W - 1), "int64")
        yi = ivy.astype(ivy.clip(yy, 0, H - 1), "int64")
        idx = ivy.reshape(ivy.add(ivy.multiply(yi, W), xi), (N, 1, Ho * Wo))
        v = ivy.take_along_axis(src, ivy.broadcast_to(idx, (N, C, Ho * Wo)), axis=-1)
        v = ivy.reshape(v, (N, C, Ho, Wo))
        return ivy.where(ivy.expand_dims(inside, axis=1), v, ivy.zeros_like(v))

    if mode == "nearest":
        return wrap(tap(ivy.round(y), ivy.round(x)))
    x0, y0 = ivy.floor(x), ivy.floor(y)
    x1, y1 = ivy.add(x0, 1.0), ivy.add(y0, 1.0)
    wx1, wy1 = ivy.subtract(x, x0), ivy.subtract(y, y0)
    wx0, wy0 = ivy.subtract(x1, x), ivy.subtract(y1, y)

    def w(a, b):
        return ivy.expand_dims(ivy.multiply(a, b), axis=1)

    r = ivy.add(ivy.add(ivy.multiply(tap(y0, x0), w(wy0, wx0)),
                        ivy.multiply(tap(y0, x1), w(wy0, wx1))),
                ivy.add(ivy.multiply(tap(y1, x0), w(wy1, wx0)),
                        ivy.multiply(tap(y1, x1), w(wy1, wx1))))
    return wrap(r)
