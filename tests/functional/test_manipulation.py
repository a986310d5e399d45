"""Differential tests of the manipulation functions against NumPy, on every backend.

Each row of ``CASES`` draws an input array (any dtype, 0-d and empty shapes included) and the
function's other arguments, then compares ``ivy.<fn>`` on the backend with the NumPy reference:
values, shape and dtype.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ivy

from .helpers import ALL_DTYPES, api, arrays, assert_same, backends, native, shapes

# same-kind dtype pairs: their promotion is defined by the standard and NumPy agrees
PROMOTABLE = [("int8", "uint8"), ("int16", "int64"), ("uint8", "uint32"), ("float32", "float64"),
              ("complex64", "float64"), ("bool", "bool"), ("int32", "int32")]


def _axes(data, ndim, *, allow_none=False):
    if ndim == 0:
        return None if allow_none else ()
    one = st.integers(-ndim, ndim - 1)
    many = st.lists(st.integers(0, ndim - 1), unique=True).map(tuple)
    options = [one, many] + ([st.none()] if allow_none else [])
    return data.draw(st.one_of(*options))


def _x(data, *, min_dims=0, dtype=None, **kw):
    dtype = dtype or data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    return data.draw(arrays(dtype, shapes(min_dims=min_dims, **kw)), label="x")


def case_broadcast_to(data):
    x = _x(data, max_side=2)
    extra = data.draw(st.lists(st.integers(0, 3), max_size=2), label="prefix")
    shape = tuple(extra) + tuple(data.draw(st.sampled_from([1, 3])) if s == 1 else s
                                 for s in x.shape)
    return (x,), {"shape": shape}, lambda a: np.broadcast_to(a, shape)


def case_expand_dims(data):
    x = _x(data)
    k = data.draw(st.integers(1, 2), label="new axes")
    n = x.ndim + k
    axis = data.draw(st.integers(-x.ndim - 1, x.ndim) if k == 1 else
                     st.lists(st.integers(-n, n - 1), unique_by=lambda a: a % n, min_size=k,
                              max_size=k).map(tuple), label="axis")
    return (x,), {"axis": axis}, lambda a: np.expand_dims(a, axis)


def case_flip(data):
    x = _x(data)
    axis = _axes(data, x.ndim, allow_none=True)
    return (x,), {"axis": axis}, lambda a: np.flip(a, axis=axis)


def case_moveaxis(data):
    x = _x(data, min_dims=1)
    src = data.draw(st.integers(-x.ndim, x.ndim - 1), label="source")
    dst = data.draw(st.integers(-x.ndim, x.ndim - 1), label="destination")
    return (x, src, dst), {}, lambda a: np.moveaxis(a, src, dst)


def case_permute_dims(data):
    x = _x(data)
    axes = tuple(data.draw(st.permutations(range(x.ndim)), label="axes"))
    return (x,), {"axes": axes}, lambda a: np.transpose(a, axes)


def case_repeat(data):
    x = _x(data, max_dims=2)
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none(),
                     label="axis")
    n = x.size if axis is None else x.shape[axis]
    repeats = data.draw(st.integers(0, 3) | st.lists(st.integers(0, 3), min_size=n,
                                                     max_size=n).map(lambda v: np.array(v, dtype=np.int64)),
                     label="repeats")
    return (x, repeats), {"axis": axis}, lambda a: np.repeat(a, repeats, axis=axis)


def case_reshape(data):
    x = _x(data)
    shape = tuple(reversed(x.shape))
    if x.size and data.draw(st.booleans(), label="use -1"):
        shape = (-1,) + shape[1:] if shape else (-1,)
    return (x,), {"shape": shape}, lambda a: np.reshape(a, shape)


def case_roll(data):
    x = _x(data)
    if x.ndim and data.draw(st.booleans(), label="with axis"):
        axis = tuple(data.draw(st.lists(st.integers(0, x.ndim - 1), min_size=1, max_size=2,
                                        unique=True), label="axis"))
        shift = tuple(data.draw(st.integers(-5, 5)) for _ in axis)
    else:
        axis, shift = None, data.draw(st.integers(-5, 5), label="shift")
    return (x,), {"shift": shift, "axis": axis}, lambda a: np.roll(a, shift, axis=axis)


def case_squeeze(data):
    x = _x(data, min_side=1, max_side=2)
    ones = [i for i, s in enumerate(x.shape) if s == 1]
    axis = tuple(data.draw(st.lists(st.sampled_from(ones), unique=True), label="axis")) \
        if ones else ()
    return (x,), {"axis": axis}, lambda a: np.squeeze(a, axis=axis)


def case_tile(data):
    x = _x(data, max_dims=2)
    reps = tuple(data.draw(st.lists(st.integers(0, 2), max_size=3), label="repetitions"))
    return (x, reps), {}, lambda a: np.tile(a, reps)


def case_concat(data):
    d1, d2 = data.draw(st.sampled_from(PROMOTABLE), label="dtypes")
    shape = data.draw(shapes(min_dims=1), label="shape")
    axis = data.draw(st.none() | st.integers(-len(shape), len(shape) - 1), label="axis")
    other = list(shape)
    if axis is not None:
        other[axis] = data.draw(st.integers(0, 3))
    a = data.draw(arrays(d1, shape), label="a")
    b = data.draw(arrays(d2, tuple(other) if axis is not None else
                         data.draw(shapes(), label="b shape")), label="b")
    want = str(np.result_type(a.dtype, b.dtype))
    return ([a, b],), {"axis": axis}, lambda a_, b_: np.concatenate(
        [a_.reshape(-1), b_.reshape(-1)] if axis is None else [a_, b_], axis=0 if axis is None
        else axis, dtype=want)


def case_stack(data):
    d1, d2 = data.draw(st.sampled_from(PROMOTABLE), label="dtypes")
    shape = data.draw(shapes(), label="shape")
    axis = data.draw(st.integers(-len(shape) - 1, len(shape)), label="axis")
    a = data.draw(arrays(d1, shape), label="a")
    b = data.draw(arrays(d2, shape), label="b")
    want = str(np.result_type(a.dtype, b.dtype))
    return ([a, b],), {"axis": axis}, lambda a_, b_: np.stack([a_.astype(want), b_.astype(want)], axis=axis)


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}


def _to_backend(backend, v):
    if isinstance(v, np.ndarray):
        return native(backend, v)
    if isinstance(v, list):
        return [_to_backend(backend, e) for e in v]
    return v


def _np_args(v):
    return tuple(v[0]) if isinstance(v[0], list) else (v[0],)


@backends
@pytest.mark.parametrize("fn", sorted(CASES))
@given(data=st.data())
def test_against_numpy(backend, fn, data):
    args, kwargs, reference = CASES[fn](data)
    expected = reference(*_np_args(args))
    with ivy.using_backend(backend):
        nargs = [_to_backend(backend, a) for a in args]
        out = getattr(api, fn)(*nargs, **kwargs)
    assert_same(out, expected)


@backends
@given(data=st.data())
def test_broadcast_arrays_and_unstack(backend, data):
    shapes_ = data.draw(st.sampled_from([((2, 1), (3,)), ((), (0, 2)), ((1, 2, 1), (4, 1, 3))]))
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    xs = [data.draw(arrays(dtype, s)) for s in shapes_]
    expected = np.broadcast_arrays(*xs)
    with ivy.using_backend(backend):
        out = api.broadcast_arrays(*(ivy.asarray(x) for x in xs))
        assert type(out) is tuple
        for o, e in zip(out, expected, strict=True):
            assert_same(o, e)
        x = ivy.asarray(expected[0])
        axis = data.draw(st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
        if axis is not None:
            parts = api.unstack(x, axis=axis)
            assert type(parts) is tuple
            want = np.moveaxis(expected[0], axis, 0)
            assert len(parts) == want.shape[0]
            for p, w in zip(parts, want, strict=True):
                assert_same(p, w)


@backends
def test_broadcast_shapes(backend):
    with ivy.using_backend(backend):
        assert api.broadcast_shapes() == ()
        assert api.broadcast_shapes((2, 1), (3,), (1, 1, 1)) == (1, 2, 3)
        assert api.broadcast_shapes((0,), (1,)) == (0,)
        assert api.broadcast_shapes((None, 1), (1, 4)) == (None, 4)
        with pytest.raises(ValueError):
            api.broadcast_shapes((2,), (3,))


@backends
def test_errors(backend):
    with ivy.using_backend(backend):
        x = api.zeros((2, 3))
        with pytest.raises(ValueError):
            api.squeeze(x, axis=0)  # not of size one
        with pytest.raises((ValueError, IndexError)):
            api.expand_dims(x, axis=5)
        with pytest.raises(TypeError):  # int64 with uint64: no Array API promotion
            api.concat([api.zeros(2, dtype="int64"), api.zeros(2, dtype="uint64")])
        assert api.reshape(x, (3, 2), copy=True).shape == (3, 2)
