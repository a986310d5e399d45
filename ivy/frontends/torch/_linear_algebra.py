"""``torch.*`` products (``matmul``, ``mm``, ``einsum``, ``cross``, ``kron``, ...).

Part of the ``torch.*`` functions (``_functions`` gathers them). Each takes frontend Tensors (and
Python scalars where torch does), applies torch's rules and returns frontend Tensors.
"""

from __future__ import annotations

import ivy

from . import _core
from ._base import _max, _out, _range, _shape
from ._core import CAT as _CAT
from ._core import (
    as_tuple,
    result_type,
)
from ._creation import zeros_like
from ._pointwise import add, conj, mul
from ._tensor import Tensor, cast, wrap

# ----------------------------------------------------------------------- linear algebra

def _mm_dtype(a, b, name):
    if a.dtype is not b.dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {a.dtype} != "
                           f"{b.dtype}")
    if a.dtype is _core.bool:
        raise RuntimeError(f"\"{name}\" not implemented for 'Bool'")


def matmul(input, other, *, out=None):
    if input.__class__ is Tensor and other.__class__ is Tensor and out is None:
        x, y = input._data, other._data
        if x.dtype is y.dtype and _CAT.get(x.dtype) and x.ndim and y.ndim:
            r = ivy.matmul(x, y)
            return wrap(r)
    _mm_dtype(input, other, "addmm_impl_cpu_")
    if input.ndim == 0 or other.ndim == 0:
        raise RuntimeError("both arguments to matmul need to be at least 1D, but they are "
                           f"{input.ndim}D and {other.ndim}D")
    return _out(wrap(ivy.matmul(input._data, other._data)), out)


def mm(input, mat2, *, out=None):
    if input.ndim != 2 or mat2.ndim != 2:
        raise RuntimeError("self must be a matrix")
    return matmul(input, mat2, out=out)


def bmm(input, mat2, *, out=None):
    if input.ndim != 3 or mat2.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if input.shape[0] != mat2.shape[0]:
        raise RuntimeError("batch1 and batch2 must have same number of batches")
    return matmul(input, mat2, out=out)


def mv(input, vec, *, out=None):
    if input.ndim != 2 or vec.ndim != 1:
        raise RuntimeError("vector + matrix @ vector expected")
    return matmul(input, vec, out=out)


def dot(input, other, *, out=None):
    if input.ndim != 1 or other.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.ndim}D and {other.ndim}D "
                           "tensors")
    return matmul(input, other, out=out)


def vdot(input, other, *, out=None):
    return dot(conj(input), other, out=out)


def inner(input, other, *, out=None):
    if input.ndim == 0 or other.ndim == 0:
        return mul(input, other, out=out)
    return _out(wrap(ivy.tensordot(input._data, other._data, axes=([input.ndim - 1], [
        other.ndim - 1]))), out)


def outer(input, vec2, *, out=None):
    rt = result_type(input, vec2)
    return _out(wrap(ivy.multiply(ivy.expand_dims(cast(input._data, rt), axis=-1),
                                  cast(vec2._data, rt))), out)


ger = outer


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, mm(mat1, mat2), beta, alpha), out)


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, mv(mat, vec), beta, alpha), out)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, bmm(batch1, batch2).sum(0), beta, alpha), out)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, bmm(batch1, batch2), beta, alpha), out)


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    return _out(_axpby(input, outer(vec1, vec2), beta, alpha), out)


def _axpby(input, prod_, beta, alpha):
    p = prod_ if alpha == 1 else prod_ * alpha
    if beta == 0:
        return p + zeros_like(input) * 0 if False else add(p, zeros_like(input))
    return add(p, input if beta == 1 else input * beta)


def tensordot(a, b, dims=2, out=None):
    if isinstance(dims, Tensor):
        dims = dims.tolist()
    if isinstance(dims, (list, tuple)):
        dims = ([d % a.ndim for d in as_tuple(dims[0])], [d % b.ndim for d in as_tuple(dims[1])])
    return _out(wrap(ivy.tensordot(a._data, b._data, axes=dims)), out)


def kron(input, other, *, out=None):
    a, b = input._data, other._data
    nd = _max(len(a.shape), len(b.shape))
    a = ivy.reshape(a, (1,) * (nd - len(a.shape)) + _shape(a))
    b = ivy.reshape(b, (1,) * (nd - len(b.shape)) + _shape(b))
    rt = result_type(input, other)
    a, b = cast(a, rt), cast(b, rt)
    ea = ivy.reshape(a, tuple(v for s in _shape(a) for v in (s, 1)))
    eb = ivy.reshape(b, tuple(v for s in _shape(b) for v in (1, s)))
    r = ivy.multiply(ea, eb)
    return _out(wrap(ivy.reshape(r, tuple(x * y for x, y in zip(_shape(a), _shape(b))))), out)


def cross(input, other, dim=None, *, out=None):
    if dim is None:
        dim = next(i for i, s in enumerate(input.shape) if s == 3)
    rt = result_type(input, other)
    a, b = ivy.broadcast_arrays(cast(input._data, rt), cast(other._data, rt))
    return _out(wrap(ivy.linalg.cross(a, b, axis=dim)), out)


def einsum(equation, *operands):
    """einsum as one broadcast product and a sum (operands aligned on a common letter order)."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, rhs = eq.split("->")
    else:
        lhs, rhs = eq, None
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    datas = []
    letters_ell = "".join(chr(c) for c in _range(0x3B1, 0x3B1 + 20))  # for '...'
    ell_n = 0
    for term, op in zip(terms, operands):
        if "..." in term:
            ell_n = _max(ell_n, op.ndim - (len(term) - 3))
    parsed = []
    for term, op in zip(terms, operands):
        if "..." in term:
            k = op.ndim - (len(term) - 3)
            term = term.replace("...", letters_ell[ell_n - k:ell_n])
        if len(term) != op.ndim:
            raise RuntimeError(f"einsum(): the number of subscripts in the equation "
                               f"({len(term)}) does not match the number of dimensions "
                               f"({op.ndim}) for operand")
        parsed.append(term)
    if rhs is None:
        counts = {}
        for term in parsed:
            for ch in term:
                counts[ch] = counts.get(ch, 0) + 1
        rhs = letters_ell[:ell_n] + "".join(sorted(c for c, n in counts.items()
                                                   if n == 1 and c not in letters_ell))
    else:
        rhs = rhs.replace("...", letters_ell[:ell_n])
    order = list(rhs) + sorted({c for term in parsed for c in term} - set(rhs))
    rt = result_type(*operands)
    sizes = {}
    for term, op in zip(parsed, operands):
        x = cast(op._data, rt)
        # diagonal for repeated letters
        while len(set(term)) < len(term):
            for ch in term:
                if term.count(ch) > 1:
                    i = term.index(ch)
                    j = term.index(ch, i + 1)
                    nd = len(term)
                    rest = [k for k in _range(nd) if k not in (i, j)]
                    x = ivy.linalg.diagonal(ivy.permute_dims(x, tuple(rest + [i, j])))
                    term = "".join(term[k] for k in rest) + ch
                    break
        for ch, s in zip(term, _shape(x)):
            if sizes.get(ch, 1) != 1 and s not in (1, sizes[ch]):
                raise RuntimeError("einsum(): operands do not broadcast")
            sizes[ch] = _max(sizes.get(ch, 1), s)
        perm = sorted(_range(len(term)), key=lambda k: order.index(term[k]))
        x = ivy.permute_dims(x, tuple(perm)) if perm != list(_range(len(term))) else x
        tsorted = [term[k] for k in perm]
        shape = tuple(_shape(x)[tsorted.index(c)] if c in tsorted else 1 for c in order)
        datas.append(ivy.reshape(x, shape))
    r = datas[0]
    for x in datas[1:]:
        r = ivy.multiply(r, x)
    red = tuple(_range(len(rhs), len(order)))
    full = tuple(sizes.get(c, 1) for c in order)
    if tuple(_shape(r)) != full:
        r = ivy.broadcast_to(r, full)
    if red:
        r = ivy.sum(r, axis=red, dtype=rt.ivy)
    return wrap(r)


def chain_matmul(*matrices, out=None):
    r = matrices[0]
    for m in matrices[1:]:
        r = mm(r, m)
    return _out(r, out)
