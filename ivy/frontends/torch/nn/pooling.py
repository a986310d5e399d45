"""torch.nn.functional pooling: max/avg/lp/adaptive/fractional pooling and max unpooling (NCHW)."""

from __future__ import annotations

import builtins
import math

import ivy

from .. import _functions as F
from .._core import as_tuple, dtype_of, not_implemented
from .._tensor import wrap
from ._arguments import CF, _batched, _float_only, _ntuple, _prod
from .activations import relu

_int, _float = builtins.int, builtins.float


def _pool_geometry(n, x, kernel_size, stride, padding, dilation, ceil_mode, name):
    k = _ntuple(kernel_size, n)
    s = _ntuple(stride if stride is not None and stride != [] else kernel_size, n)
    p = _ntuple(padding, n)
    d = _ntuple(dilation, n)
    if any(dd != 1 for dd in d):
        not_implemented(f"torch.nn.functional.{name}(dilation != 1)")
    for kk, pp in zip(k, p):
        if pp > kk // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but got "
                               f"pad={pp}, kernel_size={kk} and dilation=1")
    spatial = tuple(x.shape[-n:])
    pads = []
    for L, kk, ss, pp in zip(spatial, k, s, p):
        num = L + 2 * pp - kk
        if num < 0:
            raise RuntimeError(f"Given input size too small: output size would be "
                               f"{num // ss + 1}")
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= L + pp:
            out -= 1
        extra = _max0((out - 1) * ss + kk - (L + 2 * pp))
        pads.append((pp, pp + extra))
    return k, s, pads


def _max0(v):
    return v if v > 0 else 0


def _max_pool_windows(n, x, kernel_size, stride, padding, dilation, ceil_mode, name):
    """Max pooling by explicit windows (dilation, indices): values and torch's indices -- the
    flat index in the input plane of the first maximum of a window, or of its last NaN (ATen's
    ``val > maxval || isnan(val)`` scan over the window's cells inside the input)."""
    import itertools

    k, s_, p, d = (_ntuple(v, n) for v in (kernel_size, stride if stride is not None and
                                            stride != [] else kernel_size, padding, dilation))
    for kk, pp, dd in zip(k, p, d, strict=True):
        if pp > (dd * (kk - 1) + 1) // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but got "
                               f"pad={pp}, kernel_size={kk} and dilation={dd}")
    spatial = tuple(x.shape[-n:])
    outs = []
    for L, kk, ss, pp, dd in zip(spatial, k, s_, p, d, strict=True):
        num = L + 2 * pp - dd * (kk - 1) - 1
        if num < 0:
            raise RuntimeError(f"Given input size too small: output size would be "
                               f"{num // ss + 1}")
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= L + pp:
            out -= 1
        outs.append(out)
    lead = tuple(x.shape[:-n])
    fl = dtype_of(x).cat >= 2
    low = -math.inf if fl else int(ivy.iinfo(dtype_of(x).ivy).min)
    strides = [int(math.prod(spatial[i + 1:])) for i in range(n)]
    vals, valid, flat = [], [], []
    for combo in itertools.product(*[range(kk) for kk in k]):
        coords = []
        for i in range(n):
            c = ivy.add(ivy.multiply(ivy.arange(outs[i], dtype="int64"), s_[i]),
                        combo[i] * d[i] - p[i])
            coords.append(ivy.reshape(c, tuple(outs[i] if j == i else 1 for j in range(n))))
        ok = None
        idx = None
        for i, c in enumerate(coords):
            oki = ivy.logical_and(ivy.greater_equal(c, 0), ivy.less(c, spatial[i]))
            ok = oki if ok is None else ivy.logical_and(ok, oki)
            term = ivy.multiply(c, strides[i])
            idx = term if idx is None else ivy.add(idx, term)
        ok = ivy.broadcast_to(ok, tuple(outs))
        idx = ivy.broadcast_to(idx, tuple(outs))
        safe = [ivy.clip(c, 0, spatial[i] - 1) for i, c in enumerate(coords)]
        flat_safe = ivy.zeros(tuple(outs), dtype="int64")
        for i, c in enumerate(safe):
            flat_safe = ivy.add(flat_safe, ivy.multiply(c, strides[i]))
        xf = ivy.reshape(x, lead + (-1,))
        v = ivy.reshape(ivy.take(xf, ivy.reshape(flat_safe, (-1,)), axis=-1), lead + tuple(outs))
        vals.append(ivy.where(ok, v, ivy.full_like(v, low)))
        valid.append(ok)
        flat.append(idx)
    axis = len(lead)
    V = ivy.stack(vals, axis=axis)  # lead + (K,) + outs
    ok = ivy.stack(valid, axis=0)  # (K,) + outs
    F_ = ivy.stack(flat, axis=0)
    K = len(vals)
    m = ivy.max(V, axis=axis)
    hit = ivy.logical_and(ok, ivy.equal(V, ivy.expand_dims(m, axis=axis)))
    first = ivy.argmax(ivy.astype(hit, "int64"), axis=axis)
    if fl:
        isn = ivy.logical_and(ok, ivy.isnan(V))
        last_nan = ivy.subtract(K - 1, ivy.argmax(ivy.astype(ivy.flip(isn, axis=axis), "int64"),
                                                  axis=axis))
        first = ivy.where(ivy.any(isn, axis=axis), last_nan, first)
    Fb = ivy.broadcast_to(F_, tuple(V.shape))
    ind = ivy.squeeze(ivy.take_along_axis(Fb, ivy.expand_dims(ivy.astype(first, "int64"),
                                                              axis=axis), axis=axis), axis=axis)
    return m, ind


def _max_pool(n, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    name = f"max_pool{n}d"
    x, unb = _batched(input._data, n)
    if n == 1 and not return_indices and dtype_of(x).cat < 2:  # torch's max_pool1d_impl
        raise NotImplementedError(f"\"max_pool1d_impl\" not implemented for '{dtype_of(x)}'")
    if return_indices or any(dd != 1 for dd in _ntuple(dilation, n)):
        if 0 in tuple(x.shape):
            not_implemented(f"torch.nn.functional.{name} (empty input with indices/dilation)")
        if dtype_of(x).cat in (0, 3):
            raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
        m, ind = _max_pool_windows(n, x, kernel_size, stride, padding, dilation, ceil_mode, name)
        sq = (lambda a: ivy.squeeze(a, axis=0)) if unb else (lambda a: a)
        return (wrap(sq(m)), wrap(sq(ind))) if return_indices else wrap(sq(m))
    k, s, pads = _pool_geometry(n, x, kernel_size, stride, padding, dilation, ceil_mode, name)
    fn = {1: ivy.max_pool1d, 2: ivy.max_pool2d, 3: ivy.max_pool3d}[n]
    r = fn(x, k, strides=s, padding=pads, data_format=CF)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(1, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(2, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return _max_pool(3, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(1, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(2, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return _max_pool(3, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def _max_unpool(n, input, indices, kernel_size, stride, padding, output_size):
    """max_unpool{n}d: zeros of the unpooled size with input's values written at ``indices``
    (flat positions in each output plane, as max_pool's return_indices gives)."""
    x, unb = _batched(input._data, n)
    ix = indices._data
    if dtype_of(ix).name != "int64":
        raise RuntimeError(f"expected indices to have type Long, got {dtype_of(ix)}")
    if unb:
        ix = ivy.expand_dims(ix, axis=0)
    if tuple(ix.shape) != tuple(x.shape):
        raise RuntimeError("Expected shape of indices to be same as that of the input tensor")
    k, s_, p = (_ntuple(v, n) for v in (kernel_size, stride if stride is not None and
                                         stride != [] else kernel_size, padding))
    spatial = tuple(x.shape[-n:])
    default = tuple((L - 1) * ss - 2 * pp + kk for L, ss, pp, kk in zip(spatial, s_, p, k,
                                                                          strict=True))
    if output_size is None:
        out = default
    else:
        out = tuple(int(v) for v in as_tuple(output_size))
        if len(out) == n + 2:
            out = out[-n:]
        if len(out) != n:
            raise ValueError(f"output_size should be a sequence containing {n} or {n + 2} "
                             f"elements, but it has a length of '{len(out)}'")
        for o_, dflt, ss in zip(out, default, s_, strict=True):
            if not dflt - ss < o_ < dflt + ss:
                raise ValueError(f"invalid output_size \"{out}\" (dim 0 must be between "
                                 f"{dflt - ss} and {dflt + ss})")
    P = int(math.prod(out))
    N, C = x.shape[0], x.shape[1]
    ixf = ivy.reshape(ix, (N, C, -1))
    if ixf.shape[-1] and (bool(ivy.any(ivy.less(ixf, 0))) or bool(ivy.any(ivy.greater_equal(
            ixf, P)))):
        bad = int(ivy.to_scalar(ivy.max(ixf)))
        raise RuntimeError(f"Found an invalid max index: {bad} (output volumes are of size "
                           f"{'x'.join(str(v) for v in out)})")
    # repeated indices: which value lands is unspecified (torch documents the same)
    Lk = ixf.shape[-1]
    nn_ = ivy.broadcast_to(ivy.reshape(ivy.arange(N, dtype="int64"), (N, 1, 1)), (N, C, Lk))
    cc_ = ivy.broadcast_to(ivy.reshape(ivy.arange(C, dtype="int64"), (1, C, 1)), (N, C, Lk))
    coords = ivy.reshape(ivy.stack([nn_, cc_, ixf], axis=-1), (-1, 3))
    r = ivy.scatter_nd(coords, ivy.reshape(x, (-1,)), (N, C, P), reduction="replace")
    r = ivy.reshape(r, (N, C) + out)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(1, input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(2, input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(3, input, indices, kernel_size, stride, padding, output_size)


def _avg_pool(n, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
    name = f"avg_pool{n}d"
    x, unb = _batched(input._data, n)
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
    k, s, pads = _pool_geometry(n, x, kernel_size, stride, padding, 1, ceil_mode, name)
    if ceil_mode and any(hi != lo for lo, hi in pads):  # a partial last window
        r = _avg_pool_separable(x, k, s, _ntuple(padding, n), count_include_pad,
                                divisor_override)
        return wrap(ivy.squeeze(r, axis=0) if unb else r)
    fn = {1: ivy.avg_pool1d, 2: ivy.avg_pool2d, 3: ivy.avg_pool3d}[n]
    if divisor_override:
        r = fn(x, k, strides=s, padding=pads, data_format=CF, count_include_pad=True)
        r = ivy.divide(ivy.multiply(r, _prod(k)), divisor_override)
    else:
        r = fn(x, k, strides=s, padding=pads, data_format=CF,
               count_include_pad=count_include_pad)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def _avg_pool_separable(x, k, s, p, count_include_pad, divisor_override):
    """Average pooling with ceil_mode's partial last windows: along each spatial dim a constant
    (output, input) matrix sums the window's cells inside the input and divides by ATen's
    divisor (the window clipped to the padded extent with count_include_pad, else the cells
    inside the input; ``divisor_override`` divides the sum instead)."""
    import numpy as np

    nd = len(k)
    dt = dtype_of(x)
    v = x
    for i in range(nd):
        axis = len(x.shape) - nd + i
        n = x.shape[axis]
        num = n + 2 * p[i] - k[i]
        out = -(-num // s[i]) + 1
        if (out - 1) * s[i] >= n + p[i]:
            out -= 1
        start = np.arange(out) * s[i] - p[i]
        pos = start[:, None] + np.arange(k[i])[None, :]
        m = np.zeros((out, n))
        for o, row in enumerate(pos):
            m[o, row[(row >= 0) & (row < n)]] = 1.0
        if divisor_override:
            div = np.ones(out)
        elif count_include_pad:
            div = np.minimum(start + k[i], n + p[i]) - start
        else:
            div = m.sum(1)
        m = m / np.maximum(div, 1)[:, None]
        mt = ivy.astype(ivy.asarray(np.ascontiguousarray(m.T)), dt.ivy)
        v = ivy.moveaxis(ivy.matmul(ivy.moveaxis(v, axis, -1), mt), -1, axis)
    if divisor_override:
        v = ivy.divide(v, _float(divisor_override))
    return ivy.astype(v, dt.ivy)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    return _avg_pool(1, input, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg_pool(2, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg_pool(3, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def _adaptive_size(out, spatial):
    out = _ntuple(out, len(spatial))
    return tuple(sp if o is None else _int(o) for o, sp in zip(out, spatial))


def adaptive_avg_pool2d(input, output_size):
    x, unb = _batched(input._data, 2)
    size = _adaptive_size(output_size, tuple(x.shape[-2:]))
    r = ivy.adaptive_avg_pool2d(x, size, data_format=CF)
    return wrap(ivy.squeeze(r, axis=0) if unb else r)


def adaptive_avg_pool1d(input, output_size):
    x = input._data
    r = adaptive_avg_pool2d(wrap(ivy.expand_dims(x, axis=-2)), (1, as_tuple(output_size)[0]))
    return wrap(ivy.squeeze(r._data, axis=-2))


def _adaptive_bins(L, O):
    return [((i * L) // O, -((-(i + 1) * L) // O)) for i in range(O)]


def _adaptive_pool(input, nd, output_size, kind, return_indices=False):
    """Adaptive pooling over the last ``nd`` dims, one bin at a time (torch's bins:
    [floor(i L / O), ceil((i + 1) L / O))). ``max`` returns torch's indices when asked: the flat
    index in the input plane of the first maximum, or of the last NaN when the bin has one
    (ATen's ``val > maxval || isnan(val)`` scan)."""
    import itertools

    x, unb = _batched(input._data, nd)
    spatial = tuple(x.shape[-nd:])
    if 0 in spatial:
        raise RuntimeError(f"adaptive_{kind}_pool{nd}d(): Expected input to have non-zero size "
                           "for non-batch dimensions")
    if kind == "avg":
        _float_only(x, f"adaptive_avg_pool{nd}d")
    elif dtype_of(x).cat < 2:  # torch: "adaptive_max_pool2d" not implemented for 'Long'
        kernel = "adaptive_max_pool3d_cpu" if nd == 3 else "adaptive_max_pool2d"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtype_of(x)}'")
    out = _adaptive_size(output_size, spatial)
    bins = [_adaptive_bins(ln, on) for ln, on in zip(spatial, out, strict=True)]
    strides = [int(math.prod(spatial[i + 1:])) for i in range(nd)]
    lead = tuple(x.shape[:-nd])
    vals, idxs = [], []
    for combo in itertools.product(*bins):
        blk = ivy.get_item(x, (Ellipsis,) + tuple(slice(a, b) for a, b in combo))
        bshape = tuple(b - a for a, b in combo)
        flat = ivy.reshape(blk, lead + (-1,))
        if kind == "avg":
            vals.append(ivy.mean(flat, axis=-1))
            continue
        vals.append(ivy.max(flat, axis=-1))
        if return_indices:
            k = flat.shape[-1]
            isn = ivy.isnan(flat) if dtype_of(flat).cat >= 2 else ivy.zeros_like(flat,
                                                                                dtype="bool")
            first_max = ivy.argmax(ivy.where(isn, ivy.full_like(flat, -math.inf), flat) if
                                   dtype_of(flat).cat >= 2 else flat, axis=-1)
            last_nan = ivy.subtract(k - 1, ivy.argmax(ivy.astype(ivy.flip(isn, axis=-1),
                                                                 "int64"), axis=-1))
            loc = ivy.astype(ivy.where(ivy.any(isn, axis=-1), last_nan, first_max), "int64")
            g = ivy.zeros_like(loc)
            rem = loc
            for i in range(nd):
                inner = int(math.prod(bshape[i + 1:]))
                coord = ivy.floor_divide(rem, inner)
                rem = ivy.remainder(rem, inner)
                g = ivy.add(g, ivy.multiply(ivy.add(coord, combo[i][0]), strides[i]))
            idxs.append(g)
    r = ivy.reshape(ivy.stack(vals, axis=-1), lead + out)
    r = ivy.squeeze(r, axis=0) if unb else r
    if kind == "max" and return_indices:
        ix = ivy.reshape(ivy.stack(idxs, axis=-1), lead + out)
        return wrap(r), wrap(ivy.squeeze(ix, axis=0) if unb else ix)
    return wrap(r)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 2, output_size, "max", return_indices)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 1, output_size, "max", return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive_pool(input, 3, output_size, "max", return_indices)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 1, output_size, "max", True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 2, output_size, "max", True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _adaptive_pool(input, 3, output_size, "max", True)


def adaptive_avg_pool3d(input, output_size):
    return _adaptive_pool(input, 3, output_size, "avg")


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 2)
    r = avg_pool2d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0] * k[1]) ** (1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 1)
    r = avg_pool1d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0]) ** (1.0 / norm_type)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    k = _ntuple(kernel_size, 3)
    r = avg_pool3d(input ** norm_type, k, stride, 0, ceil_mode)
    return (F.sign(r) * relu(F.abs(r))).mul(k[0] * k[1] * k[2]) ** (1.0 / norm_type)


# ----------------------------------------------------------------- fractional max pooling
def _frac_intervals(sample, n_in, n_out, k, npdt):
    """ATen's generate_intervals, in the input's floating type: window starts for one plane."""
    import numpy as np

    seq = np.zeros(n_out, dtype=np.int64)
    if n_out > 1:
        alpha = npdt(n_in - k) / npdt(n_out - 1)
        s = npdt(sample)
        i = np.arange(n_out - 1).astype(npdt)
        seq[:-1] = ((i + s) * alpha).astype(np.int64) - np.int64((s * alpha).astype(npdt))
    if n_out > 0:
        seq[-1] = n_in - k
    return seq


def _fractional_max_pool(input, d, kernel_size, output_size, output_ratio, return_indices,
                         _random_samples):
    import numpy as np

    name = f"fractional_max_pool{d}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    x = input._data
    nd = len(x.shape)
    if nd not in (d + 1, d + 2):
        raise RuntimeError(f"{name}(): Expected {d + 1}D or {d + 2}D tensor, but got: "
                           f"{list(x.shape)}")
    spatial = tuple(x.shape[-d:])
    if output_size is None:
        if len(output_ratio) > d:
            raise ValueError(f"{name} requires output_ratio to either be a single Int or tuple "
                             "of Ints.")
        ratio = _ntuple(output_ratio, d)
        output_size = [_int(spatial[i] * ratio[i]) for i in range(d)]
    k = tuple(_int(v) for v in _ntuple(kernel_size, d))
    o = tuple(_int(v) for v in _ntuple(output_size, d))
    if len(k) != d or len(o) != d:
        raise RuntimeError(f"{name}: kernel_size and output_size must have {d} elements")
    names = ("height", "width") if d == 2 else ("time", "height", "width")
    for i in range(d):
        if k[i] <= 0 or o[i] < 0:
            raise RuntimeError(f"{name}(): kernel_size and output_size must be positive")
        # ATen's checks: 2-d o + k - 1 <= n, 3-d (strictly) o + k - 1 < n
        if o[i] + k[i] - 1 > spatial[i] - (d == 3):
            raise RuntimeError(f"{name}{'_out' if d == 3 else ''}(): pool {names[i]} {k[i]} too "
                               f"large relative to input {names[i]} {spatial[i]}")
    if dtype_of(x).cat != 2:
        raise RuntimeError(f"\"{name}_out_frame\" not implemented for '{dtype_of(x)}'")
    batched = nd == d + 2
    N = _int(x.shape[0]) if batched else 1
    C = _int(x.shape[-d - 1])
    if _random_samples is None:
        _random_samples = F.rand(N, C, d, dtype=input.dtype)
    smp = _random_samples
    if smp.ndim != 3:
        raise RuntimeError(f"Expect _random_samples to have 3 dimensions, got {smp.ndim}")
    if smp.shape[0] < N:
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    if smp.shape[1] != C:
        raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
    if smp.shape[2] != d:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {d}; got {smp.shape[2]}.")
    npdt = np.float64 if dtype_of(x).name == "float64" else np.float32
    sv = np.asarray(ivy.to_numpy(smp._data), dtype=npdt)
    # ATen's sample order: 2-d (W, H), 3-d (T, H, W)
    which = (1, 0) if d == 2 else (0, 1, 2)
    starts = [np.stack([np.stack([_frac_intervals(sv[b, c, which[i]], spatial[i], o[i], k[i],
                                                  npdt) for c in range(C)]) for b in range(N)])
              for i in range(d)]  # each (N, C, o[i])
    strides = [1] * d
    for i in range(d - 2, -1, -1):
        strides[i] = strides[i + 1] * spatial[i + 1]
    base = np.zeros((N, C) + o, dtype=np.int64)
    for i in range(d):
        shp = [N, C] + [1] * d
        shp[2 + i] = o[i]
        base = base + starts[i].reshape(shp) * strides[i]
    xf = ivy.reshape(x if batched else ivy.expand_dims(x, axis=0), (N, C, -1))
    B = ivy.backend_of(x)
    best = best_i = None
    for off in np.ndindex(*k):  # row-major over the window, as ATen's loops
        flat = base + _int(sum(off[i] * strides[i] for i in range(d)))
        fi = B.asarray(flat.reshape(N, C, -1))
        v = ivy.take_along_axis(xf, fi, axis=-1)
        if best is None:  # ATen starts from -inf with the first index: the same as this
            best, best_i = v, fi
            continue
        take = ivy.logical_or(ivy.greater(v, best), ivy.isnan(v))
        best = ivy.where(take, v, best)
        best_i = ivy.where(take, fi, best_i)
    shape_out = ((N,) if batched else ()) + (C,) + o
    out = wrap(ivy.reshape(best, shape_out))
    idx = wrap(ivy.reshape(ivy.astype(best_i, "int64"), shape_out))
    return (out, idx) if return_indices else out


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 2, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 3, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 2, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    return _fractional_max_pool(input, 3, kernel_size, output_size, output_ratio, True,
                                _random_samples)
