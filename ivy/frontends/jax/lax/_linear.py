"""``jax.lax`` linear operators: ``dot_general``, the convolutions (and their shape helpers),
``fft``.

Part of ``jax.lax`` (``ivy.frontends.jax.lax`` gathers the parts). lax primitives do NOT promote:
operands must already share a dtype, except that Python scalars take the other operand's dtype.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

import ivy

from .. import _core
from .._array import asarray, wrap
from .._core import name_of, not_implemented
from ..numpy import _functions as _F
from ..numpy import fft as jfft
from ._base import ConvDimensionNumbers, _builtin_any, _builtin_sum, _max, _range, _same
from ._shapes import pad, padtype_to_pads


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None,
                out_sharding=None):
    """((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch)); the result is
    batch dims, then lhs free dims, then rhs free dims (XLA's order)."""
    (lc, rc), (lb, rb) = dimension_numbers
    x, y = asarray(lhs), asarray(rhs)
    weak = x._weak and y._weak
    name = _core.promote((name_of(x._data), x._weak), (name_of(y._data), y._weak))[0]
    x, y = x.astype(name), y.astype(name)
    lf = [i for i in _range(x.ndim) if i not in lc and i not in lb]
    rf = [i for i in _range(y.ndim) if i not in rc and i not in rb]
    for i, j in zip(lc, rc, strict=True):
        if x.shape[i] != y.shape[j]:
            raise TypeError("dot_general requires contracting dimensions to have the same shape")
    xp = _F.transpose(x, list(lb) + lf + list(lc))
    yp = _F.transpose(y, list(rb) + list(rc) + rf)
    bsh = [x.shape[i] for i in lb]
    k = math.prod(x.shape[i] for i in lc)
    xm = _F.reshape(xp, bsh + [math.prod(x.shape[i] for i in lf), k])
    ym = _F.reshape(yp, bsh + [k, math.prod(y.shape[i] for i in rf)])
    d1, d2 = xm._data, ym._data
    if name == "bool":
        r = ivy.astype(ivy.matmul(ivy.astype(d1, "int32"), ivy.astype(d2, "int32")), "bool")
    else:
        r = ivy.matmul(d1, d2)
    r = ivy.reshape(r, tuple(bsh + [x.shape[i] for i in lf] + [y.shape[i] for i in rf]))
    out = wrap(r, weak)
    if preferred_element_type is not None:
        out = out.astype(preferred_element_type)
    return out


def dot(lhs, rhs, precision=None, preferred_element_type=None, out_sharding=None):
    x, y = asarray(lhs), asarray(rhs)
    return dot_general(x, y, (((x.ndim - 1,), (0,)), ((), ())), precision,
                       preferred_element_type)


def batch_matmul(lhs, rhs, precision=None):
    x = asarray(lhs)
    b = tuple(_range(x.ndim - 2))
    return dot_general(lhs, rhs, (((x.ndim - 1,), (x.ndim - 2,)), (b, b)), precision)


def _conv_specs(dimension_numbers, nd):
    if dimension_numbers is None:
        sp = "".join("HWDXYZ"[i] for i in _range(nd))
        return "NC" + sp, "OI" + sp, "NC" + sp
    if isinstance(dimension_numbers, ConvDimensionNumbers) or (
            isinstance(dimension_numbers, tuple) and dimension_numbers and
            not isinstance(dimension_numbers[0], str)):
        lhs, rhs, out = dimension_numbers
        # integer specs (as in make_jaxpr): (batch, feature, spatial...)
        letters = "HWDXYZ"[:nd]

        def to_str(spec, first, second):
            s = [""] * (nd + 2)
            s[spec[0]], s[spec[1]] = first, second
            for i, p in enumerate(spec[2:]):
                s[p] = letters[i]
            return "".join(s)
        return to_str(lhs, "N", "C"), to_str(rhs, "O", "I"), to_str(out, "N", "C")
    return tuple(dimension_numbers)


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    lhs, rhs, out = _conv_specs(dimension_numbers, len(lhs_shape) - 2)

    def ints(spec, a, b):
        sp = sorted((c for c in spec if c not in (a, b)), key=lambda c: lhs.index(c)
                    if c in lhs else spec.index(c))
        sp = [c for c in spec if c not in (a, b)]
        order = sorted(sp, key=lambda c: rhs.index(c) if spec is rhs else spec.index(c))
        return (spec.index(a), spec.index(b)) + tuple(spec.index(c) for c in order)
    return ConvDimensionNumbers(ints(lhs, "N", "C"), ints(rhs, "O", "I"), ints(out, "N", "C"))


def conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None,
                         rhs_dilation=None, dimension_numbers=None, feature_group_count=1,
                         batch_group_count=1, precision=None, preferred_element_type=None):
    x, w = asarray(lhs), asarray(rhs)
    nd = x.ndim - 2
    if batch_group_count != 1:
        not_implemented("jax.lax.conv_general_dilated(batch_group_count != 1)")
    ls, rs, os_ = _conv_specs(dimension_numbers, nd)
    sp = [c for c in rs if c not in "OI"]  # spatial letters in the rhs order
    # to N, spatial (rhs order), C  and  spatial, I, O
    xc = _F.transpose(x, [ls.index("N")] + [ls.index(c) for c in sp] + [ls.index("C")])
    wc = _F.transpose(w, [rs.index(c) for c in sp] + [rs.index("I"), rs.index("O")])
    (xd, wd), dt, weak = _same(xc, wc, name="conv_general_dilated")
    xc = wrap(xd)
    lhs_dilation = tuple(lhs_dilation or (1,) * nd)
    rhs_dilation = tuple(rhs_dilation or (1,) * nd)
    strides = tuple(window_strides)
    if builtins.any(d != 1 for d in lhs_dilation):
        zero = asarray(0, dtype=dt)
        xc = pad(xc, zero, [(0, 0, 0)] + [(0, 0, d - 1) for d in lhs_dilation] + [(0, 0, 0)])
    in_sp = xc.shape[1:-1]
    k_eff = [(k - 1) * d + 1 for k, d in zip(wd.shape[:nd], rhs_dilation, strict=True)]
    if isinstance(padding, str):
        pads = padtype_to_pads(in_sp, k_eff, strides, padding)
    else:
        pads = [tuple(p) for p in padding]
    if builtins.any(p < 0 for pr in pads for p in pr):
        xc = pad(xc, asarray(0, dtype=dt), [(0, 0, 0)] + [(lo, hi, 0) for lo, hi in pads] +
                 [(0, 0, 0)])
        pads = [(0, 0)] * nd
    conv = {1: ivy.conv1d, 2: ivy.conv2d, 3: ivy.conv3d}.get(nd)
    if conv is None:
        not_implemented(f"jax.lax.conv_general_dilated with {nd} spatial dimensions")
    r = conv(xc._data, wd, strides=strides, padding=[tuple(p) for p in pads],
             dilations=rhs_dilation, groups=feature_group_count)
    r = wrap(r, weak)
    # r is N, spatial (rhs order), C -> out spec
    cur = ["N"] + sp + ["C"]
    r = _F.transpose(r, [cur.index(c) for c in os_])
    if preferred_element_type is not None:
        r = r.astype(preferred_element_type)
    return r


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_with_general_padding(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                              precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


def fft(x, fft_type, fft_lengths):
    t = getattr(fft_type, "name", fft_type)
    t = str(t).upper().replace("FFTTYPE.", "")
    lengths = tuple(fft_lengths)
    axes = tuple(_range(-len(lengths), 0))
    a = asarray(x)
    if t == "FFT":
        return jfft.fftn(a, s=lengths, axes=axes)
    if t == "IFFT":
        return jfft.ifftn(a, s=lengths, axes=axes)
    if t == "RFFT":
        return jfft.rfftn(a, s=lengths, axes=axes)
    if t == "IRFFT":
        return jfft.irfftn(a, s=lengths, axes=axes)
    raise ValueError(f"Unknown FFT type {fft_type}")


def _stride_dim(d, w, s):
    return _max(0, (d - w) // s + 1)


def _dilate_shape(shape, dil):
    return tuple(0 if d == 0 else 1 + r * (d - 1) for d, r in zip(shape, dil, strict=True))


def reduce_window_shape_tuple(operand_shape, window_dimensions, window_strides, padding,
                              base_dilation=None, window_dilation=None):
    if base_dilation is not None:
        operand_shape = _dilate_shape(operand_shape, base_dilation)
    if window_dilation is not None:
        window_dimensions = _dilate_shape(window_dimensions, window_dilation)
    padded = tuple(d + lo + hi for d, (lo, hi) in zip(operand_shape, padding, strict=True))
    return tuple(_stride_dim(d, w, s) for d, w, s in zip(padded, window_dimensions,
                                                          window_strides, strict=True))


def conv_shape_tuple(lhs_shape, rhs_shape, strides, pads, batch_group_count=1):
    if isinstance(pads, str):
        pads = padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise TypeError(f"Wrong number of explicit pads for convolution: expected "
                        f"{len(lhs_shape) - 2}, got {len(pads)}.")
    padded = [d + lo + hi for d, (lo, hi) in zip(lhs_shape[2:], pads, strict=True)]
    if _builtin_any(p < 0 for p in padded):
        raise ValueError("Negative padding is larger than the size of the corresponding "
                         f"dimension: got padding={pads} for lhs_shape[2:]={lhs_shape[2:]}")
    space = tuple(_stride_dim(d, k, s) for d, k, s in zip(padded, rhs_shape[2:], strides, strict=True))
    n = lhs_shape[0] // batch_group_count if batch_group_count > 1 else lhs_shape[0]
    return (int(n), int(rhs_shape[0])) + space


def conv_general_permutations(dimension_numbers):
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    pairs = (("N", "C"), ("O", "I"), ("N", "C"))
    for i, (a, b) in enumerate(pairs):
        if not dimension_numbers[i].count(a) == dimension_numbers[i].count(b) == 1:
            raise TypeError(f"convolution dimension_numbers[{i}] must contain the characters "
                            f"'{a}' and '{b}' exactly once, got {dimension_numbers[i]}.")
        if len(dimension_numbers[i]) != len(set(dimension_numbers[i])):
            raise TypeError(f"convolution dimension_numbers[{i}] cannot have duplicate "
                            f"characters, got {dimension_numbers[i]}.")
    if not (set(lhs_spec) - set("NC") == set(rhs_spec) - set("OI") == set(out_spec) - set("NC")):
        raise TypeError("convolution dimension_numbers elements must each have the same set of "
                        f"spatial characters, got {dimension_numbers}.")

    def perm(spec, pair):
        sp = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs_spec:
            sp = sorted(sp, key=lambda i: rhs_spec.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1])) + tuple(sp)
    return tuple(perm(s, p) for s, p in zip(dimension_numbers, pairs, strict=True))


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    lp, rp, op = conv_general_permutations(dimension_numbers)
    out = conv_shape_tuple(tuple(np.take(lhs_shape, lp)), tuple(np.take(rhs_shape, rp)),
                           window_strides, padding)
    return tuple(int(v) for v in np.take(out, np.argsort(op)))


def _conv_transpose_padding(k, s, padding):
    if padding == "SAME":
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else int(np.ceil(pad_len / 2))
    elif padding == "VALID":
        pad_len = k + s - 2 + _max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a, pad_len = pads[0], _builtin_sum(pads)
    else:
        raise ValueError(f"Invalid padding mode: {padding}")
    return pad_a, pad_len - pad_a


def conv_transpose_shape_tuple(lhs_shape, rhs_shape, window_strides, padding,
                               dimension_numbers):
    lp, rp, op = conv_general_permutations(dimension_numbers)
    lt, rt = np.take(lhs_shape, lp), np.take(rhs_shape, rp)
    if isinstance(padding, str):
        padding = [_conv_transpose_padding(int(k), s, padding)
                   for k, s in zip(rt[2:], window_strides, strict=True)]
    padding = [int(np.sum(p)) for p in padding]
    space = [(int(i) - 1) * s - int(k) + 2 + p
             for i, k, s, p in zip(lt[2:], rt[2:], window_strides, padding, strict=True)]
    out = (int(lt[0]), int(rt[0])) + tuple(space)
    return tuple(int(v) for v in np.take(out, np.argsort(op)))


def conv_transpose(lhs, rhs, strides, padding, rhs_dilation=None, dimension_numbers=None,
                   transpose_kernel=False, precision=None, preferred_element_type=None,
                   use_consistent_padding=False):
    x, w = asarray(lhs), asarray(rhs)
    nd = x.ndim
    if dimension_numbers is None:
        dimension_numbers = {2: ("NC", "IO", "NC"), 3: ("NHC", "HIO", "NHC"),
                             4: ("NHWC", "HWIO", "NHWC"), 5: ("NHWDC", "HWDIO", "NHWDC")}.get(nd)
        if dimension_numbers is None:
            raise ValueError("No 4+ dimensional dimension_number defaults.")
    dn = conv_dimension_numbers(x.shape, w.shape, dimension_numbers)
    k_sdims = [w.shape[i] for i in dn.rhs_spec[2:]]
    rhs_dilation = (1,) * (nd - 2) if rhs_dilation is None else tuple(rhs_dilation)
    if use_consistent_padding or (isinstance(padding, str) and padding in ("SAME", "VALID")):
        eff = [0 if k == 0 else 1 + r * (k - 1) for k, r in zip(k_sdims, rhs_dilation, strict=True)]
        rep = [padding] * len(strides) if isinstance(padding, str) else padding
        pads = [_conv_transpose_padding(k, s, p) for k, s, p in zip(eff, strides, rep, strict=True)]
    else:
        pads = padding
    if transpose_kernel:
        w = _F.flip(w, tuple(dn.rhs_spec[2:]))
        w = _F.swapaxes(w, dn.rhs_spec[0], dn.rhs_spec[1])
    return conv_general_dilated(x, w, (1,) * (nd - 2), pads, tuple(strides), rhs_dilation, dn,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_general_dilated_patches(lhs, filter_shape, window_strides, padding, lhs_dilation=None,
                                 rhs_dilation=None, dimension_numbers=None, precision=None,
                                 preferred_element_type=None):
    x = asarray(lhs)
    filter_shape = tuple(filter_shape)
    dn = conv_dimension_numbers(x.shape, (1, 1) + filter_shape, dimension_numbers)
    size = int(np.prod(filter_shape))
    c = x.shape[dn.lhs_spec[1]]
    eye = _F.eye(size, dtype=x.dtype)
    rhs = _F.reshape(_F.broadcast_to(eye, (c, size, size)), (c * size, 1) + filter_shape)
    rhs = _F.moveaxis(rhs, (0, 1), (dn.rhs_spec[0], dn.rhs_spec[1]))
    return conv_general_dilated(x, rhs, window_strides, padding, lhs_dilation, rhs_dilation, dn,
                                feature_group_count=c,
                                preferred_element_type=preferred_element_type)


def conv_general_dilated_local(lhs, rhs, window_strides, padding, filter_shape,
                               lhs_dilation=None, rhs_dilation=None, dimension_numbers=None,
                               precision=None):
    """Unshared (locally connected) convolution, as JAX: patches, then a batched dot_general."""
    x = asarray(lhs)
    patches = conv_general_dilated_patches(x, filter_shape, window_strides, padding,
                                           lhs_dilation, rhs_dilation, dimension_numbers)
    _, rhs_spec, out_spec = conv_dimension_numbers(x.shape, (1, 1) + tuple(filter_shape),
                                                   dimension_numbers)
    lhs_b = list(out_spec[2:])
    rhs_b = list(rhs_spec[2:])
    rhs_b = [rhs_b[i] for i in sorted(_range(len(rhs_b)), key=lambda k: lhs_b[k])]
    lhs_b = sorted(lhs_b)
    dn = (([out_spec[1]], [rhs_spec[1]]), (lhs_b, rhs_b))
    out = dot_general(patches, rhs, dn)
    return _F.moveaxis(out, (-2, -1), (out_spec[0], out_spec[1]))
