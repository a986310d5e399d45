"""``numpy.*`` products and linear algebra (``dot``, ``matmul``, ``einsum``, ``tensordot``,
``trace``, ``convolve``, ...).

Part of the ``numpy.*`` functions (``_functions`` gathers them). Each converts its inputs with
:func:`_ndarray.native`, asks NumPy's type resolver for the result dtype, casts, computes with
Ivy, and wraps the result.
"""

from __future__ import annotations

import numpy as _rnp

import ivy

from . import _core
from ._base import _any, _int, _max, _nat, _no_out, _range
from ._core import (
    BY_NAME,
    cast,
    dtype_of,
    norm_axis,
    not_implemented,
    shape_of,
    to_dtype,
)
from ._creation import arange, asarray, diagonal
from ._manipulation import broadcast_to, flip, moveaxis, pad, ravel, reshape, transpose
from ._ndarray import native, ret, wrap
from ._reductions import sum
from ._sorting_searching import _collections
from ._ufuncs import conjugate, multiply


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    _no_out("trace", out)
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


# ============================================================================ linear algebra
def _mm_operands(a, b):
    x, y = _nat(a), _nat(b)
    rt = BY_NAME[_core.result_type_keys(dtype_of(x).name, dtype_of(y).name)]
    return cast(x, rt), cast(y, rt), rt


def matmul(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True,
           axes=None, axis=None):
    _no_out("matmul", out)
    x, y, rt = _mm_operands(x1, x2)
    if len(x.shape) == 0 or len(y.shape) == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    xs, ys = shape_of(x), shape_of(y)
    if xs[-1] != (ys[-2] if len(ys) > 1 else ys[0]):
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature (n?,k),(k,m?)->(n?,m?) (size {ys[-2] if len(ys) > 1 else ys[0]} is "
                         f"different from {xs[-1]})")
    if rt.kind == "b":
        r = ivy.greater(ivy.matmul(ivy.astype(x, "int64"), ivy.astype(y, "int64")), 0)
    else:
        r = ivy.matmul(x, y)
    r = cast(r, rt if dtype is None else to_dtype(dtype))
    return ret(r)


def dot(a, b, out=None):
    _no_out("dot", out)
    x, y, rt = _mm_operands(a, b)
    if len(x.shape) == 0 or len(y.shape) == 0:
        return multiply(wrap(x), wrap(y))
    if len(y.shape) == 1:
        if shape_of(x)[-1] != shape_of(y)[0]:
            raise ValueError(f"shapes {shape_of(x)} and {shape_of(y)} not aligned")
        return matmul(wrap(x), wrap(y))
    if len(x.shape) <= 2 and len(y.shape) == 2:
        if shape_of(x)[-1] != shape_of(y)[0]:
            raise ValueError(f"shapes {shape_of(x)} and {shape_of(y)} not aligned")
        return matmul(wrap(x), wrap(y))
    return tensordot(wrap(x), wrap(y), axes=([-1], [-2]))


def vdot(a, b, /):
    x, y = ravel(a), ravel(b)
    if x.size != y.size:
        raise ValueError("cannot reshape array")
    return dot(conjugate(x) if x.dtype.kind == "c" else x, y)


def inner(a, b, /):
    x, y, rt = _mm_operands(a, b)
    if len(x.shape) == 0 or len(y.shape) == 0:
        return multiply(wrap(x), wrap(y))
    if shape_of(x)[-1] != shape_of(y)[-1]:
        raise ValueError("shapes not aligned")
    return tensordot(wrap(x), wrap(y), axes=([-1], [-1]))


def outer(a, b, out=None):
    _no_out("outer", out)
    x, y = ravel(a), ravel(b)
    return multiply(x[:, None], y[None, :])


def tensordot(a, b, axes=2):
    x, y, rt = _mm_operands(a, b)
    if isinstance(axes, _int):
        n = axes
        if n > len(x.shape) or n > len(y.shape):
            raise ValueError("shape-mismatch for sum")
        ax_a = tuple(_range(len(x.shape) - n, len(x.shape)))
        ax_b = tuple(_range(n))
    else:
        ax_a, ax_b = axes
        ax_a = tuple(ax_a) if isinstance(ax_a, (list, tuple)) else (ax_a,)
        ax_b = tuple(ax_b) if isinstance(ax_b, (list, tuple)) else (ax_b,)
    ax_a = tuple(norm_axis(v, len(x.shape)) for v in ax_a)
    ax_b = tuple(norm_axis(v, len(y.shape)) for v in ax_b)
    if len(ax_a) != len(ax_b) or _any(shape_of(x)[i] != shape_of(y)[j]
                                      for i, j in zip(ax_a, ax_b)):
        raise ValueError("shape-mismatch for sum")
    fa = [i for i in _range(len(x.shape)) if i not in ax_a]
    fb = [i for i in _range(len(y.shape)) if i not in ax_b]
    xs, ys = shape_of(x), shape_of(y)
    k = 1
    for i in ax_a:
        k *= xs[i]
    xm = ivy.reshape(ivy.permute_dims(x, tuple(fa) + ax_a), (-1, k))
    ym = ivy.reshape(ivy.permute_dims(y, ax_b + tuple(fb)), (k, -1))
    if rt.kind == "b":
        r = ivy.greater(ivy.matmul(ivy.astype(xm, "int64"), ivy.astype(ym, "int64")), 0)
    else:
        r = ivy.matmul(xm, ym)
    return ret(ivy.reshape(r, tuple(xs[i] for i in fa) + tuple(ys[i] for i in fb)))


def kron(a, b):
    x, y, rt = _mm_operands(a, b)
    nd = _max(len(x.shape), len(y.shape))
    x = ivy.reshape(x, (1,) * (nd - len(x.shape)) + shape_of(x))
    y = ivy.reshape(y, (1,) * (nd - len(y.shape)) + shape_of(y))
    ex = ivy.reshape(x, tuple(v for s in shape_of(x) for v in (s, 1)))
    ey = ivy.reshape(y, tuple(v for s in shape_of(y) for v in (1, s)))
    r = ivy.multiply(ex, ey) if rt.kind != "b" else ivy.logical_and(ex, ey)
    return ret(ivy.reshape(r, tuple(p * q for p, q in zip(shape_of(x), shape_of(y)))))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    x = moveaxis(a, axisa, -1)
    y = moveaxis(b, axisb, -1)
    if x.shape[-1] not in (2, 3) or y.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if x.shape[-1] == 2 or y.shape[-1] == 2:
        not_implemented("numpy.cross of 2-element vectors", "deprecated in NumPy 2")
    xn, yn, rt = _mm_operands(x, y)
    bs = _rnp.broadcast_shapes(shape_of(xn), shape_of(yn))
    r = ivy.linalg.cross(ivy.broadcast_to(xn, bs), ivy.broadcast_to(yn, bs), axis=-1)
    return moveaxis(wrap(r), -1, axisc) if len(bs) > 1 else wrap(r)


def _einsum_sublists(args):
    """``einsum(a, [0, 1], b, [1, 2], [0, 2])`` as ``einsum("ab,bc->ac", a, b)``."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

    def term(sub):
        t = ""
        for v in sub:
            if v is Ellipsis:
                t += "..."
            elif isinstance(v, (_int, _rnp.integer)) and 0 <= v < len(letters):
                t += letters[_int(v)]
            else:
                raise ValueError("subscript is not within the valid range [0, 52)")
        return t
    args = list(args)
    ops, terms = args[0::2], args[1::2]
    out = None
    if len(ops) > len(terms):  # odd count: the last item is the output sublist
        out = ops.pop()
    eq = ",".join(term(t) for t in terms)
    if out is not None:
        eq += "->" + term(out)
    return (eq, *ops)


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """einsum as one broadcast product and a sum (explicit and implicit output, ellipsis)."""
    _no_out("einsum", out)
    if operands and not isinstance(operands[0], str):
        operands = _einsum_sublists(operands)
    if not operands:
        raise ValueError("No input operands")
    eq, ops = operands[0].replace(" ", ""), [asarray(o) for o in operands[1:]]
    lhs, rhs = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(ops):
        raise ValueError("more operands were provided than specified in the subscripts string")
    letters = [c for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in eq]
    if "..." in eq:
        nell = _max(o.ndim - len(t.replace("...", "")) for t, o in zip(terms, ops) if "..." in t)
        ell = "".join(letters[:nell])
        terms = [t.replace("...", ell[len(ell) - (o.ndim - len(t.replace("...", ""))):])
                 if "..." in t else t for t, o in zip(terms, ops)]
        if rhs is not None:
            rhs = rhs.replace("...", ell)
    else:
        ell = ""
    if rhs is None:
        cnt = _collections.Counter("".join(terms))
        rhs = ell + "".join(sorted(c for c in cnt if cnt[c] == 1 and c not in ell))
    rt = BY_NAME[_core.result_type_keys(*[o.dtype.name for o in ops])] if dtype is None else \
        to_dtype(dtype)
    sizes = {}
    xs = []
    for t, o in zip(terms, ops):
        if len(t) != o.ndim:
            raise ValueError("operand has more dimensions than subscripts given in einstein sum")
        x = o.astype(rt)
        # repeated letters in one term: take the diagonal
        while len(set(t)) != len(t):
            c = next(c for c in t if t.count(c) > 1)
            i, j = t.index(c), t.index(c, t.index(c) + 1)
            if x.shape[i] != x.shape[j]:
                raise ValueError(f"dimensions in operand for collapsing index '{c}' don't "
                                 f"match ({x.shape[i]} != {x.shape[j]})")
            x = diagonal(x, 0, i, j)
            t = t[:i] + t[i + 1:j] + t[j + 1:] + c
        for c, s in zip(t, x.shape):
            if c in sizes and sizes[c] != s and s != 1 and sizes[c] != 1:
                raise ValueError(f"operands could not be broadcast together with remapped shapes "
                                 f"for subscript '{c}'")
            sizes[c] = _max(sizes.get(c, 1), s)
        xs.append((t, x))
    allc = list(rhs) + sorted({c for t, _ in xs for c in t if c not in rhs})
    prod_ = None
    for t, x in xs:
        perm = [t.index(c) for c in allc if c in t]
        xp = transpose(x, perm) if perm else x
        shp = tuple(sizes[c] if c in t else 1 for c in allc)
        xp = reshape(xp, tuple(x.shape[t.index(c)] if c in t else 1 for c in allc))
        del shp
        prod_ = xp if prod_ is None else multiply(prod_, xp)
    red = tuple(_range(len(rhs), len(allc)))
    r = sum(prod_, axis=red, dtype=rt) if red else asarray(prod_)
    r = broadcast_to(r, tuple(sizes[c] for c in rhs))
    return ret(native(asarray(r).astype(rt)))


def convolve(a, v, mode="full"):
    x, y = ravel(a), ravel(v)
    if x.size == 0 or y.size == 0:
        raise ValueError("v cannot be empty" if y.size == 0 else "a cannot be empty")
    if asarray(a).ndim > 1 or asarray(v).ndim > 1:
        raise ValueError("object too deep for desired array")
    if y.size > x.size:
        x, y = y, x
    n, m = x.size, y.size
    rt = BY_NAME[_core.result_type_keys(x.dtype.name, y.dtype.name)]
    xp = pad(x.astype(rt), (m - 1, m - 1))
    idx = arange(n + m - 1)[:, None] + arange(m)[None, :]
    win = xp[idx]
    full_ = (win * flip(y.astype(rt))[None, :]).sum(axis=1).astype(rt)
    if mode == "full":
        return full_
    if mode == "same":
        st_ = (m - 1) // 2
        return full_[st_:st_ + _max(asarray(a).size, asarray(v).size)]
    if mode == "valid":
        return full_[m - 1:n]
    raise ValueError(f"mode must be one of 'full', 'same', or 'valid' (got {mode!r})")


def correlate(a, v, mode="valid"):
    x, y = ravel(a), ravel(v)
    swapped = y.size > x.size
    if swapped:
        x, y = y, x
    yv = flip(conjugate(y) if y.dtype.kind == "c" else y)
    r = convolve(x, yv, mode)
    if swapped:
        r = flip(r)
        if r.dtype.kind == "c":
            r = conjugate(r)
    return r


def _gufunc_kw(name, out, kw):
    _no_out(name, out)
    bad = [k for k in ("axes", "axis", "signature") if kw.get(k) is not None]
    if bad:
        not_implemented(f"numpy.{name}({bad[0]}=...)")


def matvec(x1, x2, /, out=None, *, dtype=None, **kwargs):
    """(..., m, n) @ (..., n) -> (..., m)."""
    _gufunc_kw("matvec", out, kwargs)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 2 or b.ndim < 1:
        raise ValueError("matvec: Input operand does not have enough dimensions")
    return matmul(a, b[..., None], dtype=dtype)[..., 0]


def vecmat(x1, x2, /, out=None, *, dtype=None, **kwargs):
    """conj(x1) (..., n) @ (..., n, m) -> (..., m)."""
    _gufunc_kw("vecmat", out, kwargs)
    a, b = asarray(x1), asarray(x2)
    if a.ndim < 1 or b.ndim < 2:
        raise ValueError("vecmat: Input operand does not have enough dimensions")
    if a.dtype.kind == "c":
        a = conjugate(a)
    return matmul(a[..., None, :], b, dtype=dtype)[..., 0, :]
