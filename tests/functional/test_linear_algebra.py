"""Differential tests of ``matmul``, ``matrix_transpose``, ``tensordot`` and ``vecdot`` on every
backend against NumPy, including integer dtypes the frameworks cannot multiply natively (those
wrap around exactly as NumPy's do) and mixed-dtype promotion.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import api, arrays, assert_same, backends, native

PAIRS = [("float32", "float32", "float32"), ("float64", "float32", "float64"),
         ("int8", "int8", "int8"), ("uint8", "uint8", "uint8"), ("uint16", "uint16", "uint16"),
         ("uint32", "uint32", "uint32"), ("uint64", "uint64", "uint64"),
         ("int64", "int64", "int64"), ("int8", "uint8", "int16"),
         ("complex64", "complex64", "complex64")]


def operand(dtype, shape):
    if dtype.startswith(("float", "complex")):
        return arrays(dtype, shape=shape, finite=True, min_value=-10, max_value=10)
    return arrays(dtype, shape=shape)


@st.composite
def matmul_case(draw):
    d1, d2, out = draw(st.sampled_from(PAIRS), label="dtypes")
    m, k, n = (draw(st.integers(0, 3)) for _ in range(3))
    batch = draw(st.lists(st.integers(1, 2), max_size=2).map(tuple), label="batch")
    b1 = batch[draw(st.integers(0, len(batch))):]  # broadcast: drop leading batch dims
    s1 = draw(st.sampled_from([(k,), b1 + (m, k)]), label="shape1")
    s2 = draw(st.sampled_from([(k,), batch + (k, n)]), label="shape2")
    return draw(operand(d1, s1)), draw(operand(d2, s2)), out


def ref(f, *args, **kw):
    with np.errstate(all="ignore"):
        return f(*args, **kw)


@backends
@given(case=matmul_case())
def test_matmul(backend, case):
    x1, x2, out = case
    with ivy.using_backend(backend):
        got = api.matmul(native(backend, x1), native(backend, x2))
    assert_same(got, ref(np.matmul, x1.astype(out), x2.astype(out)), dtype=out, rtol=1e-4,
                atol=1e-3)


@backends
def test_matmul_0d_raises(backend):
    with ivy.using_backend(backend):
        with pytest.raises((ValueError, RuntimeError, TypeError)):
            api.matmul(native(backend, np.array(1.0)), native(backend, np.ones(2)))


@backends
@given(x=arrays("int16", min_dims=2))
def test_matrix_transpose(backend, x):
    with ivy.using_backend(backend):
        got = api.matrix_transpose(native(backend, x))
    assert_same(got, np.swapaxes(x, -1, -2), dtype="int16")


@st.composite
def tensordot_case(draw):
    d1, d2, out = draw(st.sampled_from(PAIRS), label="dtypes")
    contracted = draw(st.lists(st.integers(0, 3), max_size=2), label="contracted")
    free1 = draw(st.lists(st.integers(0, 3), max_size=2), label="free1")
    free2 = draw(st.lists(st.integers(0, 3), max_size=2), label="free2")
    if draw(st.booleans(), label="int axes"):
        s1, s2, axes = free1 + contracted, contracted + free2, len(contracted)
    else:  # explicit axes, shuffled, some negative
        p1 = draw(st.permutations(range(len(free1) + len(contracted))))
        p2 = draw(st.permutations(range(len(free2) + len(contracted))))
        dims1 = free1 + contracted
        dims2 = contracted + free2
        s1 = [dims1[i] for i in p1]
        s2 = [dims2[i] for i in p2]
        k = len(contracted)
        a1 = [list(p1).index(len(free1) + i) for i in range(k)]
        a2 = [list(p2).index(i) for i in range(k)]
        a1 = [a - len(s1) if draw(st.booleans()) else a for a in a1]
        axes = (a1, a2)
    return draw(operand(d1, tuple(s1))), draw(operand(d2, tuple(s2))), axes, out


@backends
@given(case=tensordot_case())
def test_tensordot(backend, case):
    x1, x2, axes, out = case
    with ivy.using_backend(backend):
        got = api.tensordot(native(backend, x1), native(backend, x2), axes=axes)
    assert_same(got, ref(np.tensordot, x1.astype(out), x2.astype(out), axes=axes), dtype=out,
                rtol=1e-4, atol=1e-3)


@st.composite
def vecdot_case(draw):
    d1, d2, out = draw(st.sampled_from(PAIRS), label="dtypes")
    k = draw(st.integers(0, 3), label="k")
    batch = draw(st.lists(st.integers(1, 3), max_size=2).map(tuple), label="batch")
    b2 = tuple(1 if draw(st.booleans()) else s for s in batch)  # broadcast non-contracted
    extra = draw(st.lists(st.integers(1, 2), max_size=1).map(tuple), label="after")
    axis = -1 - len(extra)
    return (draw(operand(d1, batch + (k,) + extra)), draw(operand(d2, b2 + (k,) + extra)),
            axis, out)


@backends
@given(case=vecdot_case())
def test_vecdot(backend, case):
    x1, x2, axis, out = case
    with ivy.using_backend(backend):
        got = api.vecdot(native(backend, x1), native(backend, x2), axis=axis)
    want = ref(np.sum, np.conj(x1.astype(out)) * x2.astype(out), axis=axis)
    assert_same(got, np.asarray(want).astype(out), dtype=out, rtol=1e-4, atol=1e-3)


EINSUM = [  # (subscripts, operand shapes by letter)
    ("ij,jk->ik", ("ij", "jk")), ("bij,bjk->bik", ("bij", "bjk")), ("ii->i", ("ii",)),
    ("ii", ("ii",)), ("ij->", ("ij",)), ("i,j->ij", ("i", "j")), ("ij,jk", ("ij", "jk")),
    ("...ij,...jk->...ik", ("aij", "jk")), ("ij,jk,kl->il", ("ij", "jk", "kl")),
    ("bhqd,bhkd->bhqk", ("bhqd", "bhkd")), ("ji", ("ij",)), ("i,i", ("i", "i")),
]


@st.composite
def einsum_case(draw):
    sub, letters = draw(st.sampled_from(EINSUM), label="subscripts")
    d1, d2, out = draw(st.sampled_from(PAIRS), label="dtypes")
    sizes = {c: draw(st.integers(0 if c in "jk" else 1, 3)) for c in "abhijklqd"}
    sizes["j"] = sizes["i"] if sub.startswith(("ii", "i,i")) else sizes["j"]
    ops = [draw(operand(d1 if n == 0 else d2, tuple(sizes[c] for c in spec)))
           for n, spec in enumerate(letters)]
    return sub, ops, out if len(ops) > 1 else d1


@backends
@given(case=einsum_case())
def test_einsum(backend, case):
    sub, ops, out = case
    with ivy.using_backend(backend):
        got = api.einsum(sub, *(native(backend, o) for o in ops))
    want = ref(np.einsum, sub, *(o.astype(out) for o in ops))
    assert_same(got, np.asarray(want).astype(out), dtype=out, rtol=1e-4, atol=1e-3)


@backends
def test_einsum_refuses_bool_and_bad_subscripts(backend):
    with ivy.using_backend(backend):
        with pytest.raises(TypeError, match="numeric"):
            api.einsum("i,i->", native(backend, np.ones(2, bool)),
                       native(backend, np.ones(2, bool)))
        with pytest.raises(Exception):  # noqa: B017 - each framework has its own error type
            api.einsum("ij,jk->ik", native(backend, np.ones((2, 3))),
                       native(backend, np.ones((4, 2))))
