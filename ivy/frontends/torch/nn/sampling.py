"""torch.nn.functional resampling: interpolate/upsample, affine_grid and grid_sample (NCHW, NCDHW)."""

from __future__ import annotations

import builtins
import itertools
import math

import numpy as np

import ivy

from .. import _functions as F
from .._core import dtype_of, not_implemented
from .._tensor import wrap
from ._arguments import _ntuple
from .pooling import adaptive_avg_pool2d

_int, _bool = builtins.int, builtins.bool


def _src_scale(n_in, n_out, align, scale):
    """ATen's area_pixel_compute_scale."""
    if align:
        return (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
    return 1.0 / scale if scale is not None and scale > 0 else n_in / n_out


def _taps(mode, n_in, n_out, align, scale, ft_):
    """Per output position along one dim: source indices and weights (NumPy constants),
    computed the way ATen's CPU upsampling kernels do (``ft_``: NumPy float type of the
    computation); weight None: a plain gather."""
    dst = np.arange(n_out).astype(ft_)
    if mode in ("nearest", "nearest-exact"):
        if mode == "nearest" and n_out == n_in:
            src = np.arange(n_out)
        elif mode == "nearest" and n_out == 2 * n_in:
            src = np.arange(n_out) >> 1
        else:
            sc = ft_(1.0 / scale if scale is not None and scale > 0 else n_in / n_out)
            off = ft_(0.5) if mode == "nearest-exact" else ft_(0)
            src = np.minimum(np.floor((dst + off) * sc).astype(np.int64), n_in - 1)
        return [src.astype(np.int64)], [None]
    sc = ft_(_src_scale(n_in, n_out, align, scale))
    if align:
        real = sc * dst
    else:
        real = sc * (dst + ft_(0.5)) - ft_(0.5)
        if mode == "linear":
            real = np.maximum(real, ft_(0))
    if mode == "linear":
        i0 = np.floor(real).astype(np.int64)
        l1 = (real - i0.astype(ft_)).astype(ft_)
        i1 = i0 + (i0 < n_in - 1)
        return [i0, i1], [(ft_(1) - l1).astype(ft_), l1]
    i0 = np.floor(real)
    t = (real - i0).astype(ft_)
    a = ft_(-0.75)
    one, two = ft_(1), ft_(2)
    w = [((a * (t + one) - 5 * a) * (t + one) + 8 * a) * (t + one) - 4 * a,
         ((a + 2) * t - (a + 3)) * t * t + one,
         ((a + 2) * (one - t) - (a + 3)) * (one - t) * (one - t) + one,
         ((a * (two - t) - 5 * a) * (two - t) + 8 * a) * (two - t) - 4 * a]
    idx = [np.clip(i0.astype(np.int64) - 1 + k, 0, n_in - 1) for k in range(4)]
    return idx, [wk.astype(ft_) for wk in w]


def _resample(x, size, mode, align, scales):
    """ATen's upsampling (``mode``: nearest, nearest-exact, linear, cubic) of the native array
    ``x`` over its last ``len(size)`` dims: one separable pass per dim from the last (ATen's
    order of the weighted sums), gathers with constant indices; ``scales``: the user's scale
    factor per dim (None: from the sizes)."""
    dt = dtype_of(x)
    ft_ = np.float64 if dt.name == "float64" else np.float32
    nd = len(size)
    v = x
    for k in range(nd - 1, -1, -1):
        axis = len(x.shape) - nd + k
        idx, w = _taps(mode, x.shape[axis], _int(size[k]), align, scales[k], ft_)
        shape = (_int(size[k]),) + (1,) * (nd - 1 - k)
        acc = None
        for i, wk in zip(idx, w, strict=True):
            term = ivy.take(v, ivy.asarray(i), axis=axis)
            if wk is not None:
                term = ivy.multiply(term, ivy.astype(ivy.asarray(wk.reshape(shape)), dt.ivy))
            acc = term if acc is None else ivy.add(acc, term)
        v = acc
    return v


_INTERP_DIMS = {"nearest": None, "nearest-exact": None, "linear": 1, "bilinear": 2,
                "trilinear": 3, "bicubic": 2}


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    x = input._data
    n = len(x.shape) - 2
    if antialias:
        not_implemented("torch.nn.functional.interpolate(antialias=True)")
    if mode in ("nearest", "area", "nearest-exact") and align_corners is not None:
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    spatial = tuple(x.shape[2:])
    if size is not None:
        if scale_factor is not None:
            raise ValueError("only one of size or scale_factor should be defined")
        out = _ntuple(size, n)
        scales = (None,) * n
    else:
        if scale_factor is None:
            raise ValueError("either size or scale_factor should be defined")
        sf = _ntuple(scale_factor, n)
        out = tuple(_int(math.floor(s * f)) for s, f in zip(spatial, sf, strict=True))
        scales = (None,) * n if recompute_scale_factor else sf
    if mode == "area":
        if n != 2:
            not_implemented(f"torch.nn.functional.interpolate(mode='area') on {n}-D")
        return adaptive_avg_pool2d(input, out)
    if mode not in _INTERP_DIMS:
        not_implemented(f"torch.nn.functional.interpolate(mode={mode!r})")
    want = _INTERP_DIMS[mode]
    if want is not None and want != n:
        raise NotImplementedError(f"Got {n + 2}D input, but {mode} mode needs {want + 2}D input")
    if want is not None and dtype_of(x).cat != 2:
        raise RuntimeError(f"\"upsample_{mode}{n}d_out_frame\" not implemented for "
                           f"'{dtype_of(x)}'")
    kind = {"linear": "linear", "bilinear": "linear", "trilinear": "linear",
            "bicubic": "cubic"}.get(mode, mode)
    return wrap(_resample(x, out, kind, _bool(align_corners), scales))


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


def _grid_unnormalize(g, size, align_corners):
    """ATen's grid_sampler_unnormalize: [-1, 1] to pixel coordinates."""
    if align_corners:
        return ivy.multiply(ivy.add(g, 1.0), (size - 1) / 2.0)
    return ivy.divide(ivy.subtract(ivy.multiply(ivy.add(g, 1.0), float(size)), 1.0), 2.0)


def _grid_bound(x, size, padding_mode, align_corners):
    """ATen's compute_coordinates: border clips, reflection reflects then clips."""
    if padding_mode == "border":
        x = ivy.clip(x, 0.0, float(size - 1))
    elif padding_mode == "reflection":
        x = _grid_reflect(x, 0, 2 * (size - 1)) if align_corners else \
            _grid_reflect(x, -1, 2 * size - 1)
        x = ivy.clip(x, 0.0, float(size - 1))
    return x


def _grid_coord(g, size, padding_mode, align_corners):
    """ATen's grid_sampler_compute_source_index: unnormalise, then border/reflection."""
    return _grid_bound(_grid_unnormalize(g, size, align_corners), size, padding_mode,
                       align_corners)


def _grid_tap(src, coords, spatial, lead, out):
    """``src`` (N, C, prod(spatial)) at the integer coordinates ``coords`` (float arrays of
    shape (N, *out), one per spatial dim, outermost first) -> (N, C, *out); 0 outside."""
    N, C = lead
    inside = idx = None
    for c, size in zip(coords, spatial, strict=True):
        ok = ivy.logical_and(ivy.greater_equal(c, 0), ivy.less(c, size))
        inside = ok if inside is None else ivy.logical_and(inside, ok)
        ci = ivy.astype(ivy.clip(c, 0, size - 1), "int64")
        idx = ci if idx is None else ivy.add(ivy.multiply(idx, size), ci)
    P = math.prod(out)
    idx = ivy.reshape(idx, (N, 1, P))
    v = ivy.take_along_axis(src, ivy.broadcast_to(idx, (N, C, P)), axis=-1)
    v = ivy.reshape(v, (N, C) + tuple(out))
    return ivy.where(ivy.expand_dims(inside, axis=1), v, ivy.zeros_like(v))


def _cubic_weights(t):
    """The cubic convolution weights (A = -0.75) of the 4 taps around a fraction ``t``."""
    a = -0.75

    def near(s):
        return ivy.add(ivy.multiply(ivy.multiply(ivy.subtract(ivy.multiply(s, a + 2), a + 3),
                                                 s), s), 1.0)

    def far(s):
        return ivy.subtract(ivy.multiply(ivy.add(ivy.multiply(ivy.subtract(ivy.multiply(s, a),
                                                                           5 * a), s), 8 * a),
                                         s), 4 * a)
    return (far(ivy.add(t, 1.0)), near(t), near(ivy.subtract(1.0, t)),
            far(ivy.subtract(2.0, t)))


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """torch.nn.functional.grid_sample: 4-D (NCHW) or 5-D (NCDHW) input; bilinear (trilinear on
    5-D), nearest, bicubic (4-D only, as torch); zeros/border/reflection padding (ATen's
    formulas; nearest rounds half to even as nearbyint; bicubic applies the padding mode to each
    of its 4x4 taps, as ATen's get_value_bounded)."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if input.ndim not in (4, 5) or grid.ndim != input.ndim:
        raise RuntimeError("grid_sampler(): expected 4D or 5D input and grid with same number "
                           f"of dimensions, but got input with sizes {list(input.shape)} and "
                           f"grid with sizes {list(grid.shape)}")
    nd = input.ndim - 2
    if mode == "bicubic" and nd != 2:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if input.dtype is not grid.dtype:
        raise RuntimeError(f"grid_sampler(): expected input and grid to have the same dtype, "
                           f"but input has {input.dtype} and grid has {grid.dtype}")
    if input.dtype.cat != 2:
        kernel = "grid_sampler_2d_cpu" if nd == 2 else "grid_sampler3d_cpu"
        raise RuntimeError(f"\"{kernel}\" not implemented for '{input.dtype}'")
    N, C = input.shape[0], input.shape[1]
    spatial = tuple(input.shape[2:])
    if grid.shape[-1] != nd:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {nd} in last dimension, "
                           f"but got grid with sizes {list(grid.shape)}")
    if grid.shape[0] != N:
        raise RuntimeError("grid_sampler(): expected grid and input to have same batch size, "
                           f"but got input with sizes {list(input.shape)} and grid with sizes "
                           f"{list(grid.shape)}")
    g = grid._data
    out = tuple(g.shape[1:-1])
    if math.prod(out) and not bool(ivy.all(ivy.isfinite(g))):
        not_implemented("torch.nn.functional.grid_sample with a non-finite grid",
                        "ATen's result there depends on its C++ clamping order")
    ac = _bool(align_corners)
    src = ivy.reshape(input._data, (N, C, math.prod(spatial)))
    # the grid's last axis is (x, y[, z]): coordinates outermost first are its reverse
    comps = [ivy.get_item(g, (Ellipsis, nd - 1 - k)) for k in range(nd)]

    def tap(coords):
        return _grid_tap(src, coords, spatial, (N, C), out)

    def w(a):
        return ivy.expand_dims(a, axis=1)

    if mode == "bicubic":
        pos = [_grid_unnormalize(c, n, ac) for c, n in zip(comps, spatial, strict=True)]
        lo = [ivy.floor(p) for p in pos]
        wy, wx = (_cubic_weights(ivy.subtract(p, f)) for p, f in zip(pos, lo, strict=True))
        (h, wd), r = spatial, None
        for j in range(4):
            yy = _grid_bound(ivy.add(lo[0], j - 1.0), h, padding_mode, ac)
            for i in range(4):
                xx = _grid_bound(ivy.add(lo[1], i - 1.0), wd, padding_mode, ac)
                term = ivy.multiply(tap([yy, xx]), w(ivy.multiply(wx[i], wy[j])))
                r = term if r is None else ivy.add(r, term)
        return wrap(r)
    pos = [_grid_coord(c, n, padding_mode, ac) for c, n in zip(comps, spatial, strict=True)]
    if mode == "nearest":
        return wrap(tap([ivy.round(p) for p in pos]))
    lo = [ivy.floor(p) for p in pos]
    hi = [ivy.add(f, 1.0) for f in lo]
    whi = [ivy.subtract(p, f) for p, f in zip(pos, lo, strict=True)]
    wlo = [ivy.subtract(h_, p) for p, h_ in zip(pos, hi, strict=True)]
    r = None
    for corner in itertools.product((0, 1), repeat=nd):  # nw, ne, sw, se (tnw ... bse), as ATen
        coords = [hi[k] if b else lo[k] for k, b in enumerate(corner)]
        wt = None
        for k in range(nd - 1, -1, -1):  # ATen: x weight * y weight (* z weight)
            wk = whi[k] if corner[k] else wlo[k]
            wt = wk if wt is None else ivy.multiply(wt, wk)
        term = ivy.multiply(tap(coords), w(wt))
        r = term if r is None else ivy.add(r, term)
    return wrap(r)
