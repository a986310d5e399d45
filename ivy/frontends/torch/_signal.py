"""``torch.*`` signal processing and numerical calculus: windows, ``stft``/``istft``,
``gradient``, ``trapezoid``.

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import builtins
import math

import ivy

from ._base import _bool, _float, _floatify, _int, _min, _range, _shape
from ._core import (
    dtype_of,
    get_default_dtype,
    norm_dim,
    to_dtype,
)
from ._creation import ones
from ._manipulation import diff, narrow, reshape
from ._pointwise import add, div, mul
from ._reductions import cumsum, sum
from ._tensor import Tensor, wrap


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """torch.cumulative_trapezoid: ATen's formula, ``cumsum(dx * (y[:-1] + y[1:]) / 2)`` along
    ``dim`` (a constant spacing: ``cumsum(dx / 2 * (y[:-1] + y[1:]))``)."""
    if y.ndim == 0:
        raise IndexError("cumulative_trapezoid: dimension out of range (expected to be in range "
                         "of [-1, 0], but got dim)")
    d = norm_dim(dim, y.ndim)
    n = y.shape[d]
    m = builtins.max(n - 1, 0)
    pair = add(narrow(y, d, 0, m), narrow(y, d, builtins.min(1, n), m))
    if isinstance(x, Tensor):
        if x.ndim == 1:
            if x.shape[0] != n:
                raise RuntimeError("cumulative_trapezoid: There must be one `x` value for each "
                                   "sample point")
            dxs = reshape(diff(x), (-1,) + (1,) * (y.ndim - 1 - d))
        else:
            dxs = diff(x, dim=d)
        return cumsum(div(mul(dxs, pair), 2.0), d)
    step = dx if dx is not None else (x if x is not None else 1)
    return cumsum(mul(pair, builtins.float(step) / 2.0), d)


# --------------------------------------------------------------- gradient, stft / istft

def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """Central differences inside, one-sided differences of order ``edge_order`` (1 or 2) at
    the ends; ``spacing`` a scalar, one scalar per dim, or one coordinate tensor per dim."""
    x = input._data
    nd = len(x.shape)
    if dim is None:
        dims = list(_range(nd))
    else:
        dims = [norm_dim(_int(d), nd) for d in (dim if isinstance(dim, (list, tuple))
                                                else (dim,))]
    if isinstance(spacing, (list, tuple)):
        if len(spacing) != len(dims):
            raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar or "
                               f"it's spacing and dim arguments to have the same length, but got "
                               f"a spacing argument of length {len(spacing)} and a dim argument "
                               f"of length {len(dims)}.")
        hs = list(spacing)
    else:
        hs = [spacing] * len(dims)
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    if dtype_of(x).cat < 2:
        x = ivy.astype(x, get_default_dtype().ivy)
    out = []
    for d, h in zip(dims, hs, strict=True):
        n = x.shape[d]
        if n < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least "
                               "edge_order+1")

        def sl(a, b, d=d):
            return ivy.get_item(x, (slice(None),) * d + (slice(a, b),))

        shape = [1] * nd
        shape[d] = -1
        out_dtype = x.dtype
        if isinstance(h, Tensor):  # coordinates (the result takes the promoted dtype)
            out_dtype = ivy.result_type(x, h._data)
            c = ivy.astype(h._data, out_dtype)
            gi = ivy.get_item  # recorded by the tracer (native slicing is not)
            dx = ivy.subtract(gi(c, slice(1, None)), gi(c, slice(None, -1)))
            hd, hs_ = gi(dx, slice(None, -1)), gi(dx, slice(1, None))
            a = ivy.negative(ivy.divide(hs_, ivy.multiply(hd, ivy.add(hd, hs_))))
            b = ivy.divide(ivy.subtract(hs_, hd), ivy.multiply(hd, hs_))
            cc = ivy.divide(hd, ivy.multiply(hs_, ivy.add(hd, hs_)))
            r = lambda v, s=tuple(shape): ivy.reshape(v, s)  # noqa: E731
            mid = ivy.add(ivy.add(ivy.multiply(r(a), sl(None, -2)), ivy.multiply(r(b), sl(1, -1))),
                          ivy.multiply(r(cc), sl(2, None)))
            d0, d1 = gi(dx, 0), gi(dx, -1)
            if edge_order == 1:
                first = ivy.divide(ivy.subtract(sl(1, 2), sl(0, 1)), d0)
                last = ivy.divide(ivy.subtract(sl(-1, None), sl(-2, -1)), d1)
            else:
                d0b, d1b = gi(dx, 1), gi(dx, -2)
                a0 = -(2.0 * d0 + d0b) / (d0 * (d0 + d0b))
                b0 = (d0 + d0b) / (d0 * d0b)
                c0 = -d0 / (d0b * (d0 + d0b))
                m_, a_ = ivy.multiply, ivy.add  # Ivy calls: recorded when traced
                first = a_(a_(m_(a0, sl(0, 1)), m_(b0, sl(1, 2))), m_(c0, sl(2, 3)))
                an = d1 / (d1b * (d1b + d1))
                bn = -(d1b + d1) / (d1b * d1)
                cn = (2.0 * d1 + d1b) / (d1 * (d1b + d1))
                last = a_(a_(m_(an, sl(-3, -2)), m_(bn, sl(-2, -1))), m_(cn, sl(-1, None)))
        else:
            hf = _float(h)
            mid = ivy.divide(ivy.subtract(sl(2, None), sl(None, -2)), 2.0 * hf)
            if edge_order == 1:
                first = ivy.divide(ivy.subtract(sl(1, 2), sl(0, 1)), hf)
                last = ivy.divide(ivy.subtract(sl(-1, None), sl(-2, -1)), hf)
            else:
                first = ivy.divide(ivy.add(ivy.add(ivy.multiply(sl(0, 1), -1.5),
                                                   ivy.multiply(sl(1, 2), 2.0)),
                                           ivy.multiply(sl(2, 3), -0.5)), hf)
                last = ivy.divide(ivy.add(ivy.add(ivy.multiply(sl(-3, -2), 0.5),
                                                  ivy.multiply(sl(-2, -1), -2.0)),
                                          ivy.multiply(sl(-1, None), 1.5)), hf)
        g = ivy.concat([_data_of(first), _data_of(mid), _data_of(last)], axis=d)
        out.append(wrap(ivy.astype(g, out_dtype)))
    return tuple(out)


def _data_of(v):
    return v._data if isinstance(v, ivy.Array) else v


def _stft_window(window, win_length, n_fft, dtype):
    if win_length > n_fft or win_length <= 0:
        raise RuntimeError(f"stft: expected 0 < win_length <= n_fft, but got win_length="
                           f"{win_length}")
    w = ivy.ones((win_length,), dtype=dtype) if window is None else window._data
    if w.shape[0] != win_length:
        raise RuntimeError(f"stft: expected a 1D window tensor of size equal to win_length="
                           f"{win_length}, but got window with size {list(w.shape)}")
    left = (n_fft - win_length) // 2
    if left or n_fft - win_length - left:
        w = ivy.pad(w, [(left, n_fft - win_length - left)])
    return w


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, return_complex=None):
    x = input._data
    complex_in = dtype_of(x).cat == 3 or (window is not None and window.dtype.is_complex)
    if return_complex is None:
        raise RuntimeError("stft requires the return_complex parameter be given for real "
                           "inputs, and will further require that return_complex=True in a "
                           "future PyTorch release.")
    if len(x.shape) not in (1, 2):
        raise RuntimeError(f"stft: expected a 1D or 2D tensor, but got {len(x.shape)}D")
    n_fft = _int(n_fft)
    hop = n_fft // 4 if hop_length is None else _int(hop_length)
    wl = n_fft if win_length is None else _int(win_length)
    if hop <= 0:
        raise RuntimeError(f"stft: expected hop_length > 0, but got hop_length={hop}")
    batched = len(x.shape) == 2
    if not batched:
        x = ivy.expand_dims(x, axis=0)
    if dtype_of(x).cat < 2:
        raise RuntimeError("stft: expected a tensor of floating point or complex values")
    if center:
        p = n_fft // 2
        mode = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
                "circular": "wrap"}[pad_mode]
        x = ivy.pad(x, [(0, 0), (p, p)], mode=mode)
    length = x.shape[-1]
    if not 0 < n_fft <= length:
        raise RuntimeError(f"stft: expected 0 < n_fft <= {length}, but got n_fft={n_fft}")
    frames = 1 + (length - n_fft) // hop
    idx = ivy.add(ivy.reshape(ivy.arange(0, frames * hop, hop, dtype="int64"), (frames, 1)),
                  ivy.reshape(ivy.arange(0, n_fft, dtype="int64"), (1, n_fft)))
    fr = ivy.take(x, idx, axis=1)  # (B, frames, n_fft)
    w = _stft_window(window, wl, n_fft, x.dtype)
    fr = ivy.multiply(fr, w)
    one = (not complex_in) if onesided is None else onesided
    if one and complex_in:
        raise RuntimeError("Cannot have onesided output if window or input is complex")
    if one:
        spec = ivy.fft.rfft(fr, axis=-1)
    else:
        d = str(dtype_of(_data_of(fr)).ivy)
        spec = ivy.fft.fft(ivy.astype(fr, {"float32": "complex64", "float64": "complex128"}.get(
            d, d)), axis=-1)
    if normalized:
        spec = ivy.multiply(spec, 1.0 / math.sqrt(n_fft))
    spec = ivy.permute_dims(spec, (0, 2, 1))
    spec = _data_of(spec)
    if not batched:
        spec = ivy.get_item(spec, 0)
    if not return_complex:
        spec = ivy.stack([ivy.real(spec), ivy.imag(spec)], axis=-1)
    return wrap(spec)


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=None, length=None, return_complex=False):
    X = input._data
    if dtype_of(X).cat != 3:
        raise RuntimeError("istft requires a complex-valued input tensor")
    batched = len(X.shape) == 3
    if not batched:
        X = ivy.expand_dims(X, axis=0)
    n_fft = _int(n_fft)
    hop = n_fft // 4 if hop_length is None else _int(hop_length)
    wl = n_fft if win_length is None else _int(win_length)
    freq, frames = X.shape[1], X.shape[2]
    one = (freq != n_fft) if onesided is None else onesided
    if one and freq != n_fft // 2 + 1:
        raise RuntimeError(f"istft: expected the frequency dimension (2nd from last) of the "
                           f"input to be {n_fft // 2 + 1} for onesided, but got {freq}")
    real_dt = {"complex64": "float32", "complex128": "float64"}[str(dtype_of(X).ivy)]
    Xt = ivy.permute_dims(X, (0, 2, 1))  # (B, frames, freq)
    if normalized:
        Xt = ivy.multiply(Xt, math.sqrt(n_fft))
    if one:
        if return_complex:
            raise RuntimeError("cannot have onesided output if window or input is complex")
        fr = ivy.fft.irfft(Xt, n=n_fft, axis=-1)
    else:
        fr = ivy.fft.ifft(Xt, axis=-1)
        if not return_complex:
            fr = ivy.real(fr)
    w = _stft_window(window, wl, n_fft, real_dt)
    fr = ivy.multiply(fr, w)
    total = n_fft + hop * (frames - 1)
    pieces, env = [], []
    wsq = ivy.multiply(w, w)
    for m in _range(frames):  # overlap-add (shapes are static)
        pads = (m * hop, total - m * hop - n_fft)
        pieces.append(ivy.pad(ivy.get_item(fr, (slice(None), m)), [(0, 0), pads]))
        env.append(ivy.pad(wsq, [pads]))
    y = ivy.sum(ivy.stack(pieces), axis=0)
    e = ivy.sum(ivy.stack(env), axis=0)
    start = n_fft // 2 if center else 0
    end = total - (n_fft // 2 if center else 0) if length is None else start + _int(length)
    end = _min(end, total)
    y = ivy.get_item(y, (slice(None), slice(start, end)))
    e = ivy.get_item(e, slice(start, end))
    if _bool(ivy.any(ivy.less(ivy.abs(e), 1e-11))):
        raise RuntimeError("istft: window overlap add min: the window does not satisfy the "
                           "NOLA condition (its squares overlap-added are zero somewhere)")
    y = ivy.divide(y, e)
    if length is not None and y.shape[-1] < _int(length):
        y = ivy.pad(y, [(0, 0), (0, _int(length) - y.shape[-1])])
    if not batched:
        y = ivy.get_item(y, 0)
    return wrap(_data_of(y))


def trapezoid(y, x=None, *, dx=None, dim=-1):
    yd = y._data
    if not yd.shape:
        raise IndexError("trapezoid: dimension out of range (expected to be in range of "
                         "[-1, 0], but got dim)")
    d = norm_dim(dim, len(yd.shape))
    n = _shape(yd)[d]
    yf = _floatify(yd) if x is None or not isinstance(x, Tensor) else yd
    if n == 0:
        return sum(wrap(yd), d)
    lo = ivy.get_item(yf, (slice(None),) * d + (slice(0, n - 1),))
    hi = ivy.get_item(yf, (slice(None),) * d + (slice(1, n),))
    if isinstance(x, Tensor):
        dxs = diff(x, dim=-1 if x.ndim == 1 else d)
        if x.ndim == 1:
            dxs = reshape(dxs, (-1,) + (1,) * (len(yd.shape) - 1 - d))
        return sum(mul(dxs, wrap(ivy.add(lo, hi))), d) / 2
    step = dx if dx is not None else (x if x is not None else 1)
    # torch's constant-spacing formula: (sum(y) - (y[0] + y[-1]) / 2) * dx
    ends = ivy.add(ivy.get_item(yf, (slice(None),) * d + (0,)),
                   ivy.get_item(yf, (slice(None),) * d + (n - 1,)))
    return wrap(ivy.multiply(ivy.subtract(ivy.sum(yf, axis=d), ivy.divide(ends, 2)),
                             step)) if dtype_of(yf).cat >= 2 else \
        sum(wrap(ivy.add(lo, hi)), d) * (step / 2)


trapz = trapezoid


def _window(name, fn, window_length, periodic, dtype):
    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    if dt.cat < 2:
        raise RuntimeError(f"{name} expects floating point dtypes, got: {dt}")
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got "
                           f"window_length={window_length}")
    if window_length <= 1:
        return ones(window_length, dtype=dt)
    n = window_length + 1 if periodic else window_length
    k = ivy.arange(0, window_length, dtype="float64")
    return wrap(ivy.astype(fn(k, n - 1), dt.ivy))


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                requires_grad=False):
    return _window("hann_window", lambda k, m: 0.5 - 0.5 * ivy.cos(2 * math.pi * k / m),
                   window_length, periodic, dtype)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None,
                   layout=None, device=None, requires_grad=False):
    return _window("hamming_window", lambda k, m: alpha - beta * ivy.cos(2 * math.pi * k / m),
                   window_length, periodic, dtype)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                    requires_grad=False):
    return _window("blackman_window", lambda k, m: 0.42 - 0.5 * ivy.cos(2 * math.pi * k / m)
                   + 0.08 * ivy.cos(4 * math.pi * k / m), window_length, periodic, dtype)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                    requires_grad=False):
    return _window("bartlett_window", lambda k, m: 1 - ivy.abs(2 * k / m - 1),
                   window_length, periodic, dtype)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None,
                  device=None, requires_grad=False):
    """torch.kaiser_window: ``i0(beta sqrt(1 - ((k - a) / a)**2)) / i0(beta)``, a = (N - 1) / 2
    (N = window_length + 1 when periodic), on Ivy's ``ivy.i0``."""
    def fn(k, m):
        a = m / 2.0
        t = ivy.divide(ivy.subtract(k, a), a)
        arg = ivy.multiply(ivy.sqrt(ivy.clip(ivy.subtract(1.0, ivy.multiply(t, t)), 0.0, 1.0)),
                           float(beta))
        return ivy.divide(ivy.i0(arg), ivy.i0(ivy.full_like(k, float(beta))))

    return _window("kaiser_window", fn, window_length, periodic, dtype)
