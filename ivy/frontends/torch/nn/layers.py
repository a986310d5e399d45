"""torch.nn.functional layers: linear, bilinear, convolutions and transposed convolutions."""

from __future__ import annotations

import builtins

import ivy

from .. import _functions as F
from .._core import dtype_of
from .._tensor import wrap
from ._arguments import CF, _ntuple

_int = builtins.int


def _same_dtype(a, b, name="conv"):
    if a.dtype is not b.dtype:
        raise RuntimeError(f"Input type ({a.dtype}) and weight type ({b.dtype}) should be the same")


def linear(input, weight, bias=None):
    _same_dtype(input, weight)
    return wrap(ivy.linear(input._data, weight._data, None if bias is None else bias._data))


def bilinear(input1, input2, weight, bias=None):
    r = F.einsum("...i,oij,...j->...o", input1, weight, input2)
    return r if bias is None else r + bias


def _conv_padding(padding, n, k, dilation):
    if isinstance(padding, str):
        if padding == "valid":
            return "VALID"
        if padding == "same":
            pads = []
            for kk, dd in zip(k, dilation):
                total = dd * (kk - 1)
                pads.append((total // 2, total - total // 2))
            return pads
        raise ValueError(f"Invalid padding string '{padding}'")
    p = _ntuple(padding, n)
    return [(_int(v), _int(v)) for v in p]


def _conv(n, input, weight, bias, stride, padding, dilation, groups):
    _same_dtype(input, weight)
    x, w = input._data, weight._data
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"slow_conv{n}d\" not implemented for '{dtype_of(x)}'")
    unbatched = len(x.shape) == n + 1
    if unbatched:
        x = ivy.expand_dims(x, axis=0)
    if len(x.shape) != n + 2:
        raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to "
                           f"conv{n}d, but got input of size: {list(x.shape)}")
    if x.shape[1] != w.shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {list(w.shape)}, expected "
                           f"input{list(x.shape)} to have {w.shape[1] * groups} channels")
    k = tuple(w.shape[2:])
    dil = _ntuple(dilation, n)
    if isinstance(padding, str) and padding == "same" and any(s != 1 for s in _ntuple(stride, n)):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    fn = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}[n]
    r = fn(x, w, strides=_ntuple(stride, n), padding=_conv_padding(padding, n, k, dil),
           dilations=dil, groups=groups, data_format=CF, filter_format=CF,
           bias=None if bias is None else bias._data)
    if unbatched:
        r = ivy.squeeze(r, axis=0)
    return wrap(r)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(3, input, weight, bias, stride, padding, dilation, groups)


def _conv_t(n, input, weight, bias, stride, padding, output_padding, groups, dilation):
    _same_dtype(input, weight)
    x, w = input._data, weight._data
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"slow_conv_transpose{n}d\" not implemented for '{dtype_of(x)}'")
    unbatched = len(x.shape) == n + 1
    if unbatched:
        x = ivy.expand_dims(x, axis=0)
    fn = {1: ivy.conv1d_transpose, 2: ivy.conv2d_transpose, 3: ivy.conv3d_transpose}[n]
    r = fn(x, w, strides=_ntuple(stride, n), padding=[_int(p) for p in _ntuple(padding, n)],
           output_padding=_ntuple(output_padding, n), dilations=_ntuple(dilation, n),
           groups=groups, data_format=CF, filter_format=CF,
           bias=None if bias is None else bias._data)
    if unbatched:
        r = ivy.squeeze(r, axis=0)
    return wrap(r)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(1, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(2, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_t(3, input, weight, bias, stride, padding, output_padding, groups, dilation)


