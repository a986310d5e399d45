"""``jax.numpy`` products (``dot``, ``matmul``, ``einsum``, ``tensordot``, ``trace``, ``convolve``,
...).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import builtins
import collections

import numpy as np

import ivy

from .._array import natives, wrap
from .._core import KIND, not_implemented
from ._base import _a, _inexact, _kind, _max, _min, _range
from ._creation import arange, diagonal
from ._elementwise import clip, conj, conjugate, multiply
from ._indexing import searchsorted, where
from ._manipulation import flip, pad
from ._reductions import sum
from ._shapes import broadcast_to, moveaxis, ravel, reshape, transpose


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


# ------------------------------------------------------------------------------ linear algebra
def _mm_natives(a, b):
    ns, name, weak = natives(a, b)
    return ns, name, weak


def matmul(a, b, *, precision=None, preferred_element_type=None):
    ns, name, weak = _mm_natives(a, b)
    x, y = ns
    if len(x.shape) == 0 or len(y.shape) == 0:
        raise ValueError("matmul: inputs must be at least 1-D")
    if KIND[name] == "b":
        r = ivy.astype(ivy.matmul(ivy.astype(x, "int32"), ivy.astype(y, "int32")), "bool")
        return wrap(r)
    r = wrap(ivy.matmul(x, y), weak)
    return r.astype(preferred_element_type) if preferred_element_type is not None else r


def dot(a, b, *, precision=None, preferred_element_type=None):
    x, y = _a(a), _a(b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    if y.ndim == 1 or x.ndim == 1 or y.ndim == 2:
        return matmul(x, y)
    return tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 2]))


def vdot(a, b, *, precision=None, preferred_element_type=None):
    x = ravel(a)
    if _kind(x) == "c":
        x = conjugate(x)
    return dot(x, ravel(b))


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    x, y = _a(x1), _a(x2)
    if _kind(x) == "c":
        x = conjugate(x)
    return sum(multiply(x, y), axis=axis, promote_integers=False)


def inner(a, b, *, precision=None, preferred_element_type=None):
    x, y = _a(a), _a(b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    return tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 1]))


def outer(a, b, out=None):
    return multiply(reshape(ravel(a), (-1, 1)), reshape(ravel(b), (1, -1)))


def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None):
    ns, name, weak = _mm_natives(a, b)
    x, y = ns
    if isinstance(axes, (builtins.int, np.integer)):
        if axes > _min(len(x.shape), len(y.shape)):
            raise TypeError("Number of tensordot axes (axes) exceeds input ranks")
        ax = builtins.int(axes)
    else:
        a1, a2 = axes
        ax = (list(a1) if isinstance(a1, (list, tuple)) else [a1],
              list(a2) if isinstance(a2, (list, tuple)) else [a2])
    if KIND[name] == "b":
        x, y = ivy.astype(x, "int32"), ivy.astype(y, "int32")
        return wrap(ivy.astype(ivy.tensordot(x, y, axes=ax), "bool"))
    return wrap(ivy.tensordot(x, y, axes=ax), weak)


def kron(a, b):
    x, y = _a(a), _a(b)
    nd = _max(x.ndim, y.ndim)
    x = reshape(x, (1,) * (nd - x.ndim) + x.shape)
    y = reshape(y, (1,) * (nd - y.ndim) + y.shape)
    xs = reshape(x, tuple(v for s in x.shape for v in (s, 1)))
    ys = reshape(y, tuple(v for s in y.shape for v in (1, s)))
    return reshape(xs * ys, tuple(p * q for p, q in zip(x.shape, y.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    x, y = moveaxis(a, axisa, -1), moveaxis(b, axisb, -1)
    if x.shape[-1] != 3 or y.shape[-1] != 3:
        not_implemented("jax.numpy.cross of 2-element vectors")
    ns, name, weak = natives(x, y)
    bs = ivy.broadcast_shapes(tuple(ns[0].shape), tuple(ns[1].shape))
    r = wrap(ivy.linalg.cross(ivy.broadcast_to(ns[0], bs), ivy.broadcast_to(ns[1], bs),
                              axis=-1), weak)
    return moveaxis(r, -1, axisc)


def einsum(subscripts, /, *operands, out=None, optimize="auto", precision=None,
           preferred_element_type=None, _dot_general=None):
    """einsum as transposes, broadcast products and one sum (explicit/implicit output,
    ellipsis, repeated indices in one operand = diagonal)."""
    if not isinstance(subscripts, str):
        not_implemented("jax.numpy.einsum with the sublist format")
    eq = subscripts.replace(" ", "")
    ops = [_a(o) for o in operands]
    _, name, weak = natives(*ops)
    ops = [o.astype(name) for o in ops]
    lhs, rhs = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(ops):
        raise ValueError("einsum: number of operands does not match the subscripts")
    letters = [c for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in eq]
    if "..." in eq:
        nell = _max([o.ndim - len(t.replace("...", "")) for t, o in zip(terms, ops)
                     if "..." in t] + [0])
        ell = "".join(letters[:nell])
        terms = [t.replace("...", ell[len(ell) - (o.ndim - len(t.replace("...", ""))):])
                 if "..." in t else t for t, o in zip(terms, ops)]
        if rhs is not None:
            rhs = rhs.replace("...", ell)
    else:
        ell = ""
    if rhs is None:
        cnt = collections.Counter("".join(terms))
        rhs = ell + "".join(sorted(c for c in cnt if cnt[c] == 1 and c not in ell))
    sizes = {}
    xs = []
    for t, o in zip(terms, ops):
        if len(t) != o.ndim:
            raise ValueError("einsum: operand has a different number of dimensions than "
                             "subscripts")
        x = o
        while len(set(t)) != len(t):
            c = next(c for c in t if t.count(c) > 1)
            i = t.index(c)
            j = t.index(c, i + 1)
            x = diagonal(x, 0, i, j)
            t = t[:i] + t[i + 1:j] + t[j + 1:] + c
        for c, s in zip(t, x.shape):
            if c in sizes and sizes[c] != s and s != 1 and sizes[c] != 1:
                raise ValueError(f"einsum: size mismatch for subscript '{c}'")
            sizes[c] = _max(sizes.get(c, 1), s) if sizes.get(c, 1) != 0 and s != 0 else 0
        xs.append((t, x))
    allc = list(rhs) + sorted({c for t, _ in xs for c in t if c not in rhs})
    prod_ = None
    for t, x in xs:
        perm = [t.index(c) for c in allc if c in t]
        xp = transpose(x, perm) if perm else x
        xp = reshape(xp, tuple(x.shape[t.index(c)] if c in t else 1 for c in allc))
        prod_ = xp if prod_ is None else multiply(prod_, xp)
    red = tuple(_range(len(rhs), len(allc)))
    r = sum(prod_, axis=red, promote_integers=False) if red else prod_
    r = broadcast_to(r, tuple(sizes[c] for c in rhs)).astype(name)
    r = wrap(r._data, weak)
    return r.astype(preferred_element_type) if preferred_element_type is not None else r


def einsum_path(*args, **kwargs):
    not_implemented("jax.numpy.einsum_path")


def convolve(a, v, mode="full", *, precision=None, preferred_element_type=None):
    return _conv1d(a, v, mode, flip_v=True)


def correlate(a, v, mode="valid", *, precision=None, preferred_element_type=None):
    return _conv1d(a, v, mode, flip_v=False)


def _conv1d(a, v, mode, flip_v):
    x, y = _a(a), _a(v)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError("convolve/correlate: inputs must be 1-D")
    if x.size == 0 or y.size == 0:
        raise ValueError("convolve/correlate: inputs cannot be empty")
    ns, name, weak = natives(x, y)
    x, y = wrap(ns[0]), wrap(ns[1])
    swapped = False
    if flip_v:
        if y.size > x.size:
            x, y = y, x
        y = flip(y)
    else:
        if y.size > x.size:
            x, y, swapped = y, x, True
        if _kind(y) == "c":
            y = conjugate(y)
    n, m = x.size, y.size
    xp = pad(x, (m - 1, m - 1))
    idx = arange(n + m - 1)[:, None] + arange(m)[None, :]
    full_ = sum(xp[idx] * y[None, :], axis=1, promote_integers=False)
    if mode == "full":
        r = full_
    elif mode == "same":
        st = (m - 1) // 2
        r = full_[st:st + n]
    elif mode == "valid":
        r = full_[m - 1:n]
    else:
        raise ValueError(f"mode must be one of ['full', 'same', 'valid'], got {mode}")
    if swapped:
        r = flip(r)
    return wrap(r._data, weak)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        not_implemented("jax.numpy.interp(period=...)")
    x, xp_, fp_ = (_inexact(_a(v)) for v in (x, xp, fp))
    i = clip(searchsorted(xp_, x, side="right"), 1, xp_.shape[0] - 1)
    x0, x1 = xp_[i - 1], xp_[i]
    y0, y1 = fp_[i - 1], fp_[i]
    dx = x1 - x0
    r = y0 + (x - x0) * (y1 - y0) / where(dx == 0, 1, dx)
    r = where(dx == 0, y0, r)
    r = where(x < xp_[0], fp_[0] if left is None else left, r)
    r = where(x > xp_[-1], fp_[-1] if right is None else right, r)
    return r


def matvec(x1, x2, /, *, axis=-1):
    return einsum("...ij,...j->...i", x1, x2)


def vecmat(x1, x2, /, *, axis=-1):
    return einsum("...i,...ij->...j", conj(x1), x2)
