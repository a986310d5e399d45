"""torch.fft over ``ivy.fft`` (integer/bool inputs become the default float dtype, as torch)."""

from __future__ import annotations

import ivy

from ._core import as_tuple, dtype_of, get_default_dtype, norm_dim
from ._functions import _out
from ._tensor import wrap


def _prep(input, complex_ok=True):
    x = input._data
    if dtype_of(x).cat < 2:
        x = ivy.astype(x, get_default_dtype().ivy)
    return x


def _norm(norm):
    return "backward" if norm is None else norm


def _one(fn):
    def f(input, n=None, dim=-1, norm=None, *, out=None):
        x = _prep(input)
        if fn.__name__ in ("irfft", "hfft"):
            m = n if n is not None else 2 * (x.shape[norm_dim(dim, len(x.shape))] - 1)
            if m < 1:
                raise RuntimeError(f"Invalid number of data points ({m}) specified")
        return _out(wrap(fn(x, n=n, axis=norm_dim(dim, len(x.shape)), norm=_norm(norm))), out)

    f.__name__ = fn.__name__
    return f


def _many(fn, default_last=None):
    def f(input, s=None, dim=None, norm=None, *, out=None):
        x = _prep(input)
        nd = len(x.shape)
        if dim is None and default_last:
            dim = tuple(range(-default_last, 0))
        if dim is None and s is not None:
            dim = tuple(range(-len(as_tuple(s)), 0))
        axes = None if dim is None else tuple(norm_dim(d, nd) for d in as_tuple(dim))
        return _out(wrap(fn(x, s=as_tuple(s), axes=axes, norm=_norm(norm))), out)

    f.__name__ = fn.__name__
    return f


fft = _one(ivy.fft.fft)
ifft = _one(ivy.fft.ifft)
rfft = _one(ivy.fft.rfft)
irfft = _one(ivy.fft.irfft)
hfft = _one(ivy.fft.hfft)
ihfft = _one(ivy.fft.ihfft)
fftn = _many(ivy.fft.fftn)
ifftn = _many(ivy.fft.ifftn)
rfftn = _many(ivy.fft.rfftn)
irfftn = _many(ivy.fft.irfftn)
fft2 = _many(ivy.fft.fftn, 2)
ifft2 = _many(ivy.fft.ifftn, 2)
rfft2 = _many(ivy.fft.rfftn, 2)
irfft2 = _many(ivy.fft.irfftn, 2)


def _fix(f, name):
    def g(input, s=None, dim=(-2, -1), norm=None, *, out=None):
        return f(input, s, dim, norm, out=out)

    g.__name__ = name
    return g


fft2 = _fix(fft2, "fft2")
ifft2 = _fix(ifft2, "ifft2")
rfft2 = _fix(rfft2, "rfft2")
irfft2 = _fix(irfft2, "irfft2")


def fftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    from ._core import to_dtype

    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.fft.fftfreq(n, d=d, dtype=dt.ivy)._data), out)


def rfftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    from ._core import to_dtype

    dt = to_dtype(dtype) if dtype is not None else get_default_dtype()
    return _out(wrap(ivy.fft.rfftfreq(n, d=d, dtype=dt.ivy)._data), out)


def fftshift(input, dim=None):
    x = input._data
    axes = None if dim is None else tuple(norm_dim(d, len(x.shape)) for d in as_tuple(dim))
    return wrap(ivy.fft.fftshift(x, axes=axes))


def ifftshift(input, dim=None):
    x = input._data
    axes = None if dim is None else tuple(norm_dim(d, len(x.shape)) for d in as_tuple(dim))
    return wrap(ivy.fft.ifftshift(x, axes=axes))


# hfftn/ihfftn: the Hermitian transforms are the real ones of the conjugate with the normalisation
# swapped (hfftn(x) = irfftn(conj(x), norm="forward") for norm="backward"; ihfftn likewise).
_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _conj(x):
    return ivy.conj(x) if dtype_of(x).cat == 3 else x


def _hermitian(name, inverse, default_dim=None):
    def f(input, s=None, dim=default_dim, norm=None, *, out=None):
        x = _prep(input)
        nd = len(x.shape)
        if dim is None and s is not None:
            dim = tuple(range(-len(as_tuple(s)), 0))
        axes = None if dim is None else tuple(norm_dim(d, nd) for d in as_tuple(dim))
        nm = _SWAP[_norm(norm)]
        if inverse:
            if dtype_of(x).cat == 3:
                raise RuntimeError(f"{name} expects a real-valued input tensor, but got "
                                   f"{dtype_of(x)}")
            r = ivy.conj(ivy.fft.rfftn(x, s=as_tuple(s), axes=axes, norm=nm))
        else:
            r = ivy.fft.irfftn(_conj(x), s=as_tuple(s), axes=axes, norm=nm)
        return _out(wrap(r), out)

    f.__name__ = f.__qualname__ = name
    return f


hfftn = _hermitian("hfftn", False)
ihfftn = _hermitian("ihfftn", True)
hfft2 = _hermitian("hfft2", False, (-2, -1))
ihfft2 = _hermitian("ihfft2", True, (-2, -1))
