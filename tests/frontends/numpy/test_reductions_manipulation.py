"""Creation, reductions (incl. nan-variants), statistics, manipulation, indexing, sorting/sets
and the ndarray methods, vs the real NumPy on the numpy, jax and torch backends."""

import numpy as real
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ivy
import ivy.frontends.numpy as fnp

from .helpers import (FLOATS, INTS, NUMERIC, A, D, Spec, a, arr, arr_pair, arrays, axis_for,
                      check, covers, run_spec, shapes, with_axis)

EX = settings(max_examples=3)
NOSPEC = dict(specials=False)
SMALL = st.integers(0, 4)

SPECS = [
    # creation
    Spec("zeros", a(st.tuples(SMALL, SMALL), st.sampled_from([None, D("int32"), D("float32")]))),
    Spec("ones", a(st.tuples(SMALL, SMALL), dtype=st.sampled_from([None, D("int8"),
                                                                   D("bool")]))),
    Spec("full", a(st.tuples(SMALL, SMALL), st.one_of(st.integers(-3, 3), st.floats(-2, 2),
                                                      st.booleans()))),
    Spec("zeros_like", a(arr(NUMERIC))), Spec("ones_like", a(arr(NUMERIC), dtype=D("float32"))),
    Spec("full_like", a(arr(NUMERIC), st.integers(-2, 2))),
    Spec("arange", a(st.integers(-5, 5), st.integers(-5, 8), st.sampled_from([1, 2, -1, 3]))),
    Spec("arange", a(st.floats(-2, 2), st.floats(-2, 4), st.sampled_from([0.5, 0.3, 1.0]))),
    Spec("arange", a(st.integers(0, 6), dtype=st.sampled_from([D("float32"), D("int16")]))),
    Spec("linspace", a(st.floats(-5, 5), st.floats(-5, 5), st.integers(0, 7),
                       endpoint=st.booleans(), retstep=st.booleans())),
    Spec("linspace", a(st.integers(0, 5), 10, 4, dtype=st.sampled_from([None, D("int64")]))),
    Spec("logspace", a(st.floats(-2, 2), st.floats(-2, 2), st.integers(1, 5)), rtol=1e-7),
    Spec("geomspace", a(st.floats(1, 10), st.floats(1, 100), st.integers(1, 5)), rtol=1e-7),
    Spec("eye", a(st.integers(0, 4), st.one_of(st.none(), st.integers(0, 4)),
                  st.integers(-2, 2))),
    Spec("identity", a(st.integers(0, 4))),
    Spec("tri", a(st.integers(0, 4), st.integers(1, 4), st.integers(-1, 1))),
    Spec("tril", a(arr(NUMERIC, shapes(2, 3, 0, 3)), st.integers(-2, 2))),
    Spec("triu", a(arr(NUMERIC, shapes(2, 3, 0, 3)), st.integers(-2, 2))),
    Spec("diag", a(arr(INTS + FLOATS, shapes(1, 2, 0, 4)), st.integers(-2, 2))),
    Spec("diagflat", a(arr(INTS, shapes(1, 2, 0, 3)), st.integers(-1, 1))),
    Spec("diagonal", a(arr(FLOATS, shapes(2, 3, 0, 3)), st.integers(-1, 1)), method=True),
    Spec("trace", a(arr(FLOATS + INTS, shapes(2, 3, 0, 3))), method=True),
    Spec("array", a(arr(NUMERIC), dtype=st.sampled_from([None, D("float32"), D("int64")]))),
    Spec("asarray", a(st.lists(st.integers(-3, 3), max_size=4))),
    Spec("asarray", a(st.lists(st.floats(-3, 3), max_size=4), D("float32"))),
    Spec("ascontiguousarray", a(arr(FLOATS))),
    Spec("copy", a(arr(NUMERIC)), method=True),
    Spec("meshgrid", arr(INTS, shapes(1, 1, 0, 3)).flatmap(
        lambda x: a(x, A(real.arange(2.0)), indexing=st.sampled_from(["xy", "ij"]),
                    sparse=st.booleans()))),
    Spec("indices", a(st.tuples(SMALL, SMALL))),
    # reductions
    *[Spec(n, with_axis(NUMERIC if n not in ("mean", "std", "var") else INTS + FLOATS,
                        keepdims=st.booleans()), method=True)
      for n in ("sum", "prod", "mean", "std", "var", "max", "min", "any", "all", "ptp")],
    Spec("amax", with_axis(FLOATS)), Spec("amin", with_axis(INTS)),
    Spec("sum", with_axis(INTS, dtype=st.sampled_from([None, D("int8"), D("float32")]))),
    Spec("std", with_axis(FLOATS, ddof=st.sampled_from([0, 1]))),
    Spec("var", with_axis(FLOATS, ddof=st.sampled_from([0, 1]))),
    Spec("max", with_axis(INTS, initial=5)),
    Spec("argmax", with_axis(NUMERIC, keepdims=st.booleans()), method=True),
    Spec("argmin", with_axis(NUMERIC), method=True),
    Spec("cumsum", with_axis(NUMERIC), method=True),
    Spec("cumprod", with_axis(INTS + FLOATS, elements=None) if False else
         with_axis(("int8", "int32", "float64")), method=True),
    Spec("cumulative_sum", arr(INTS + FLOATS, shapes(1, 1)).map(lambda x: ((x,), {
        "include_initial": True}))),
    Spec("cumulative_prod", a(arr(FLOATS, shapes(1, 1)))),
    *[Spec(n, with_axis(FLOATS, keepdims=st.booleans()))
      for n in ("nansum", "nanprod", "nanmean", "nanstd", "nanvar", "nanmax", "nanmin",
                "nanmedian")],
    Spec("nancumsum", with_axis(FLOATS)), Spec("nancumprod", with_axis(FLOATS)),
    Spec("nanargmax", with_axis(FLOATS)), Spec("nanargmin", with_axis(FLOATS)),
    Spec("median", with_axis(INTS + FLOATS, keepdims=st.booleans())),
    Spec("quantile", with_axis(FLOATS, q=st.sampled_from([0.0, 0.3, 0.5, 1.0, [0.1, 0.9]]),
                               method=st.sampled_from(["linear", "lower", "higher",
                                                       "nearest", "midpoint"]))),
    Spec("percentile", with_axis(INTS + FLOATS, shape=shapes(1, 3, 1), q=st.sampled_from(
        [25, 50.0, [10, 90]])), rtol=1e-6),
    Spec("nanquantile", with_axis(FLOATS, q=st.sampled_from([0.25, 0.5]))),
    Spec("nanpercentile", with_axis(FLOATS, q=st.sampled_from([20, 75]))),
    Spec("average", with_axis(INTS + FLOATS)),
    Spec("average", arr(FLOATS, shapes(2, 2, 1, 3), **NOSPEC).flatmap(
        lambda x: a(x, axis=1, weights=A(real.arange(1.0, 1.0 + x.a.shape[1])),
                    returned=st.booleans()))),
    Spec("count_nonzero", with_axis(NUMERIC)),
    Spec("cov", a(arr(FLOATS, shapes(2, 2, 2, 4), **NOSPEC), rowvar=st.booleans(),
                  bias=st.booleans()), rtol=1e-4, atol=1e-6),
    Spec("corrcoef", a(arr(("float64",), shapes(2, 2, 2, 4), **NOSPEC)), rtol=1e-6, atol=1e-9),
    # manipulation
    Spec("reshape", a(arr(NUMERIC, st.just((2, 3, 2))), st.sampled_from([(12,), (3, -1),
                                                                            (2, 2, 3), (5,)]),
                      order=st.sampled_from(["C", "F"])), method=True),
    Spec("ravel", a(arr(NUMERIC)), method=True),
    Spec("transpose", a(arr(NUMERIC)), method=True),
    Spec("transpose", a(arr(FLOATS, st.just((2, 3, 1))), (2, 0, 1))),
    Spec("swapaxes", a(arr(FLOATS, shapes(2, 3)), 0, -1), method=True),
    Spec("moveaxis", a(arr(FLOATS, shapes(3, 3)), st.sampled_from([0, -1, (0, 1)]),
                       st.sampled_from([2, 0, (2, 0)]))),
    Spec("squeeze", a(arr(FLOATS, shapes(0, 3, 1, 2))), method=True),
    Spec("expand_dims", a(arr(FLOATS), st.sampled_from([0, -1, (0, 2)]))),
    Spec("concatenate", arr_pair(NUMERIC).map(lambda p: ((list(p),), {"axis": None}))),
    Spec("concatenate", st.tuples(arr(INTS, st.just((2, 3))), arr(FLOATS, st.just((1, 3)))).map(
        lambda p: ((list(p),), {"axis": 0}))),
    Spec("stack", st.tuples(arr(NUMERIC, st.just((2, 3))), arr(FLOATS, st.just((2, 3)))).map(
        lambda p: ((list(p),), {"axis": -1}))),
    *[Spec(n, st.tuples(arr(INTS, st.just((2, 3))), arr(INTS, st.just((2, 3)))).map(
        lambda p: ((list(p),), {}))) for n in ("vstack", "hstack", "dstack", "column_stack")],
    Spec("split", a(arr(FLOATS, st.just((6, 2))), st.sampled_from([2, 3, [1, 4], 4]))),
    Spec("array_split", a(arr(FLOATS, st.just((5, 2))), st.sampled_from([2, 3, [1, 4]]))),
    Spec("hsplit", a(arr(FLOATS, st.just((2, 4))), 2)),
    Spec("vsplit", a(arr(FLOATS, st.just((4, 2))), 2)),
    Spec("flip", a(arr(NUMERIC), axis=st.sampled_from([None, 0]))),
    Spec("fliplr", a(arr(INTS, shapes(2, 3)))), Spec("flipud", a(arr(INTS, shapes(1, 3)))),
    Spec("rot90", a(arr(INTS, shapes(2, 3)), st.integers(-1, 3))),
    Spec("roll", a(arr(NUMERIC, shapes(1, 3)), st.integers(-4, 4), axis=st.sampled_from(
        [None, 0, -1]))),
    Spec("tile", a(arr(NUMERIC), st.sampled_from([2, (2, 1), (1, 2, 2)]))),
    Spec("repeat", a(arr(NUMERIC, shapes(1, 3, 1)), st.integers(0, 3),
                     axis=st.sampled_from([None, 0])), method=True),
    Spec("repeat", a(arr(INTS, st.just((3,))), A(real.array([1, 0, 2])))),
    Spec("pad", a(arr(NUMERIC, shapes(1, 2, 3)), st.sampled_from([1, (1, 2), ((1, 0),)]),
                  mode=st.sampled_from(["constant", "edge", "reflect", "symmetric", "wrap"]))),
    Spec("pad", a(arr(FLOATS, shapes(2, 2, 1)), 1, constant_values=st.floats(-2, 2))),
    Spec("where", arr_pair(NUMERIC).flatmap(lambda p: a(arr(("bool",), st.just(
        real.broadcast_shapes(p[0].a.shape, p[1].a.shape))), p[0], p[1]))),
    Spec("where", a(arr(NUMERIC, shapes(1, 3)))),
    Spec("nonzero", a(arr(NUMERIC, shapes(1, 3))), method=True),
    Spec("argwhere", a(arr(NUMERIC))),
    Spec("flatnonzero", a(arr(NUMERIC))),
    Spec("take", a(arr(FLOATS, st.just((3, 4))), A(real.array([[0, 2], [-1, 1]])),
                   axis=st.sampled_from([None, 0, 1])), method=True),
    Spec("take", a(arr(FLOATS, st.just((3,))), A(real.array([3])))),
    Spec("take_along_axis", arr(FLOATS, st.just((3, 4))).map(
        lambda x: ((x, A(real.argsort(x.a, axis=1)), 1), {}))),
    Spec("broadcast_to", a(arr(NUMERIC, shapes(0, 2, 1, 3)), (3, 3, 3))),
    Spec("broadcast_arrays", arr_pair(NUMERIC).map(lambda p: (p, {}))),
    Spec("atleast_1d", a(arr(FLOATS))), Spec("atleast_2d", a(arr(FLOATS))),
    Spec("atleast_3d", a(arr(FLOATS))),
    Spec("append", a(arr(INTS, st.just((2, 2))), arr(FLOATS, st.just((1, 2))),
                     axis=st.sampled_from([None, 0]))),
    Spec("delete", a(arr(INTS, st.just((4, 2))), st.sampled_from([0, [1, 3], -1]),
                     axis=st.sampled_from([None, 0]))),
    Spec("insert", a(arr(INTS, st.just((4,))), st.integers(-4, 4), 9)),
    Spec("resize", a(arr(INTS, shapes(1, 2, 1)), st.sampled_from([(5,), (2, 3)]))),
    Spec("trim_zeros", a(A(real.array([0, 0, 1, 2, 0, 3, 0])), st.sampled_from(["f", "b",
                                                                               "fb"]))),
    Spec("select", arr(FLOATS, st.just((4,)), **NOSPEC).map(
        lambda x: (([x.a > 0, x.a < -1] and [A(x.a > 0), A(x.a < -1)], [x, A(-x.a)]), {}))),
    Spec("choose", a(A(real.array([0, 1, 1, 0])), [A(real.arange(4)), A(real.arange(4) * 10)])),
    Spec("compress", a(A(real.array([True, False, True])), arr(FLOATS, st.just((3, 2))),
                       axis=0)),
    Spec("extract", arr(INTS, st.just((3, 2))).map(lambda x: ((A(x.a > 0), x), {}))),
    # sorting, searching, sets
    Spec("sort", with_axis(INTS + FLOATS), method=False),
    Spec("argsort", with_axis(INTS + FLOATS, allow_none=False), method=True),
    Spec("lexsort", a((A(real.array([1, 2, 1, 2])), A(real.array([3, 1, 3, 0]))))),
    Spec("searchsorted", arr(INTS + FLOATS, shapes(1, 1), **NOSPEC).flatmap(
        lambda x: a(A(real.sort(x.a)), arr(FLOATS, **NOSPEC), side=st.sampled_from(
            ["left", "right"]))), method=True),
    Spec("unique", a(arr(INTS + FLOATS, shapes(0, 2)), return_index=st.booleans(),
                     return_inverse=st.booleans(), return_counts=st.booleans())),
    Spec("unique_values", a(arr(INTS))), Spec("unique_counts", a(arr(INTS))),
    Spec("unique_inverse", a(arr(INTS))), Spec("unique_all", a(arr(INTS))),
    Spec("isin", arr_pair(INTS).map(lambda p: (p, {"invert": False}))),
    Spec("intersect1d", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("union1d", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("setdiff1d", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("setxor1d", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("diff", a(arr(NUMERIC, shapes(1, 3)), n=st.integers(0, 2), axis=-1)),
    Spec("diff", a(arr(INTS, shapes(1, 1)), prepend=0, append=st.integers(0, 3))),
    Spec("ediff1d", a(arr(INTS, shapes(1, 1)))),
    Spec("gradient", a(arr(FLOATS + INTS, shapes(1, 2, 2, 4), **NOSPEC))),
    Spec("gradient", a(arr(("float64",), st.just((4,)), **NOSPEC), st.floats(0.5, 2))),
    Spec("gradient", a(arr(("float64",), st.just((4,)), **NOSPEC),
                       A(real.array([0.0, 1.0, 1.5, 3.5])))),
    Spec("interp", a(arr(FLOATS, shapes(0, 2), lo=-1, hi=5),
                     A(real.array([0.0, 1.0, 2.5, 4.0])), A(real.array([1.0, -1.0, 2.0, 0.5])),
                     left=st.sampled_from([None, -9.0]))),
    Spec("histogram", a(arr(FLOATS + INTS, shapes(1, 1, 1, 8), **NOSPEC),
                        bins=st.sampled_from([1, 3, 5]),
                        density=st.sampled_from([None, True]))),
    Spec("histogram", a(arr(FLOATS, shapes(1, 1, 0, 8), **NOSPEC),
                        bins=A(real.array([-50.0, 0.0, 10.0, 60.0])))),
    Spec("bincount", a(arr(("int64",), shapes(1, 1), lo=0, hi=6), minlength=st.integers(0, 8))),
    Spec("digitize", a(arr(FLOATS, **NOSPEC), A(real.array([-10.0, 0.0, 10.0])),
                       right=st.booleans())),
    # linear algebra at the top level
    Spec("dot", st.one_of(arr_pair(INTS + FLOATS), st.tuples(
        arr(FLOATS, st.just((2, 3))), arr(INTS, st.sampled_from([(3,), (3, 2), (2, 3, 2)]))))
        .map(lambda p: (p, {})), method=True),
    Spec("matmul", st.tuples(arr(FLOATS + INTS, st.sampled_from([(3,), (2, 3), (2, 2, 3)])),
                             arr(FLOATS + INTS, st.sampled_from([(3,), (3, 2), (2, 3, 1)])))
         .map(lambda p: (p, {}))),
    Spec("vdot", st.tuples(arr(FLOATS, st.just((2, 2))), arr(INTS, st.just((4,)))).map(
        lambda p: (p, {}))),
    Spec("inner", st.tuples(arr(FLOATS, shapes(1, 2, 2, 2)), arr(FLOATS, st.just((2,)))).map(
        lambda p: (p, {}))),
    Spec("outer", arr_pair(INTS + FLOATS).map(lambda p: (p, {}))),
    Spec("tensordot", a(arr(FLOATS, st.just((2, 3, 4))), arr(FLOATS, st.just((3, 4, 2))),
                        axes=st.sampled_from([2, ([1], [0]), ([1, 2], [0, 1])]))),
    Spec("kron", arr_pair(INTS + FLOATS).map(lambda p: (p, {}))),
    Spec("cross", a(arr(FLOATS, st.sampled_from([(3,), (2, 3)])), arr(FLOATS, st.just((3,))))),
    Spec("einsum", st.sampled_from([("ij,jk->ik", (2, 3), (3, 4)), ("ij->ji", (2, 3), None),
                                    ("ii->i", (3, 3), None), ("ij,ij->", (2, 2), (2, 2)),
                                    ("...i,...i->...", (2, 3), (2, 3)), ("i,j", (2,), (3,)),
                                    ("bij,bjk->bik", (2, 2, 3), (2, 3, 2))]).flatmap(
        lambda t: st.tuples(arr(FLOATS + INTS, st.just(t[1]), **NOSPEC),
                            arr(FLOATS, st.just(t[2]), **NOSPEC) if t[2] else st.none()).map(
            lambda xs: ((t[0],) + tuple(x for x in xs if x is not None), {})))),
    Spec("convolve", a(arr(FLOATS + INTS, shapes(1, 1, 1, 6), **NOSPEC),
                       arr(FLOATS, shapes(1, 1, 1, 4), **NOSPEC),
                       st.sampled_from(["full", "same", "valid"]))),
    Spec("correlate", a(arr(FLOATS, shapes(1, 1, 1, 6), **NOSPEC),
                        arr(FLOATS, shapes(1, 1, 1, 4), **NOSPEC),
                        st.sampled_from(["full", "same", "valid"]))),
    Spec("shape", a(arr(INTS))), Spec("ndim", a(arr(INTS))), Spec("size", a(arr(INTS))),
]


HALF = len(SPECS) // 2  # the second half runs from test_manipulation_sets.py (balances xdist)


@pytest.mark.parametrize("spec", SPECS[:HALF], ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_function(spec, data):
    run_spec(spec, data)


# ------------------------------------------------------------------ indexing and methods
KEYS = [0, -1, (0, 1), slice(None, None, -1), (slice(0, 2), None), Ellipsis, (Ellipsis, 0),
        [0, 1], [True, False], (slice(None), [1, 0]), 5, (0, 0, 0, 0)]


@EX
@given(data=st.data())
def test_getitem(data):
    covers("numpy.ndarray.__getitem__")
    x = data.draw(arr(NUMERIC, shapes(1, 3, 1, 3)))
    key = data.draw(st.sampled_from(KEYS))
    if isinstance(key, list) and isinstance(key[0], bool) and len(key) != x.a.shape[0]:
        key = [True] * x.a.shape[0]
    check("op.__getitem__", x, key)
    mask = data.draw(arrays("bool", st.just(x.a.shape)))
    check("op.__getitem__", x, A(mask))
    idx = data.draw(arrays("int64", st.just((2,)), lo=-x.a.shape[0], hi=x.a.shape[0] + 1))
    check("op.__getitem__", x, A(idx))


@EX
@given(data=st.data())
def test_setitem(data):
    covers("numpy.ndarray.__setitem__")
    x = data.draw(arr(INTS + FLOATS, st.just((3, 4))))
    key = data.draw(st.sampled_from([0, (1, 2), slice(0, 2), (slice(None), [0, 3]), [2, 0],
                                     A(real.array([True, False, True])), 7]))
    val = data.draw(st.one_of(st.integers(-3, 3), st.floats(-3, 3), st.just(float("nan")),
                              st.just(1000), arr(FLOATS, st.just((4,)), **NOSPEC)))
    check("setitem.x", x, key, val)


def test_views_and_writes():
    """A basic-slice view written through updates its base on the numpy/torch backends;
    on JAX it does not (documented)."""
    for b in ("numpy", "torch", "jax"):
        with ivy.using_backend(b):
            base = fnp.zeros(4)
            v = base[1:3]
            v[:] = 5
            wrote = base.tolist() == [0.0, 5.0, 5.0, 0.0]
            assert wrote == (b != "jax"), b
            base[0] = 2
            assert base.tolist()[0] == 2.0


@EX
@given(data=st.data())
def test_methods(data):
    x = data.draw(arr(NUMERIC, shapes(1, 3)))
    for name, args in [("flatten", ()), ("tolist", ()), ("item", (0,)), ("astype", (D("int32"),)),
                       ("astype", (D("float32"),)), ("copy", ())]:
        covers(f"numpy.ndarray.{name}")
        check(f"ndarray.{name}", x, *args)
    for attr in ("shape", "ndim", "size", "dtype", "T", "itemsize", "nbytes", "real", "imag"):
        covers(f"numpy.ndarray.{attr}")
        check("getattr", x, attr)
    covers("numpy.ndarray.fill", "numpy.ndarray.sort", "numpy.ndarray.__array__",
           "numpy.ndarray.__len__", "numpy.ndarray.__iter__", "numpy.ndarray.__bool__",
           "numpy.ndarray.__float__", "numpy.ndarray.__int__", "numpy.ndarray.flat")
    for b in ("numpy", "jax", "torch"):
        with ivy.using_backend(b):
            f = fnp.array(x.a.copy())
            r = x.a.copy()
            f.fill(3)
            r.fill(3)
            real.testing.assert_array_equal(real.asarray(f), r)
            f = fnp.array(x.a.copy())
            if x.a.ndim:
                f.sort()
                r = x.a.copy()
                r.sort()
                real.testing.assert_array_equal(real.asarray(f), r)
                assert len(f) == len(r)
                assert [real.asarray(e).tolist() for e in f] == [e.tolist() for e in r]
            f = fnp.array(x.a.copy())
            assert real.asarray(f).dtype == x.a.dtype
            if x.a.size == 1:
                assert float(f) == float(x.a.reshape(())) or real.isnan(float(x.a.reshape(())))
                assert bool(f) == bool(x.a.reshape(()))
            if x.a.size:
                assert real.asarray(f.flat[0]).tolist() == x.a.flat[0].tolist()


covers("numpy.empty", "numpy.empty_like")


def test_empty_is_zero_filled():
    """numpy.empty's contents are undefined: the frontend fills zeros (shape/dtype as NumPy)."""
    covers("numpy.empty", "numpy.empty_like")
    for b in ("numpy", "jax", "torch"):
        with ivy.using_backend(b):
            e = fnp.empty((2, 3), fnp.float32)
            assert e.shape == (2, 3) and e.dtype == real.float32 and e.tolist() == [[0.0] * 3] * 2
            assert fnp.empty(2).dtype == real.empty(2).dtype
            el = fnp.empty_like(fnp.arange(3, dtype=fnp.int8))
            assert el.dtype == real.int8 and el.shape == (3,)
            assert ivy.backend_of(e._data).name == b


def test_errors_match():
    """Where NumPy raises, the frontend raises (a sample of common mistakes)."""
    x = A(real.arange(6.0).reshape(2, 3))
    check("reshape", x, (4, 2))
    check("sum", x, axis=2)
    check("concatenate", [x, A(real.zeros((2, 2)))])
    check("op.__getitem__", x, (0, 5))
    check("max", A(real.zeros((0,))))
    check("argmax", A(real.zeros((0, 2))), axis=0)
    check("linalg.inv", A(real.zeros((2, 2))))
    check("squeeze", x, 0)
    check("matmul", x, x)


MORE = [
    Spec("asanyarray", a(arr(NUMERIC))), Spec("asfortranarray", a(arr(FLOATS))),
    Spec("astype", a(arr(NUMERIC), D("float32"))),
    Spec("concat", st.tuples(arr(INTS, st.just((2, 3))), arr(INTS, st.just((1, 3)))).map(
        lambda p: ((list(p),), {}))),
    Spec("row_stack", st.tuples(arr(INTS, st.just((3,))), arr(INTS, st.just((3,)))).map(
        lambda p: ((list(p),), {}))),
    Spec("dsplit", a(arr(FLOATS, st.just((2, 2, 4))), 2)),
    Spec("broadcast_shapes", a((2, 1), (1, 3))),
    Spec("matrix_transpose", a(arr(FLOATS, shapes(2, 3)))),
    Spec("permute_dims", a(arr(FLOATS, st.just((2, 3, 1))), (1, 2, 0))),
    Spec("rollaxis", a(arr(FLOATS, st.just((2, 3, 4))), 2, st.integers(0, 2))),
    Spec("unstack", a(arr(INTS, shapes(1, 3, 1)), axis=0)),
    Spec("vecdot", a(arr(FLOATS, st.just((2, 3))), arr(FLOATS, st.just((3,))))),
    Spec("trapezoid", a(arr(FLOATS, shapes(1, 2, 1, 4), **NOSPEC))),
    Spec("trapezoid", a(arr(("float64",), st.just((4,)), **NOSPEC),
                        A(real.array([0.0, 0.5, 2.0, 2.5])))),
    Spec("histogram_bin_edges", a(arr(FLOATS, shapes(1, 1, 1, 6), **NOSPEC), 4)),
    Spec("isscalar", st.sampled_from([1, 2.5, "a", [1], A(real.ones(2))]).map(
        lambda v: ((v,), {}))),
    Spec("apply_along_axis", a(real.sum, 1, arr(FLOATS, st.just((2, 3)), **NOSPEC))),
    Spec("apply_over_axes", a(real.sum, arr(FLOATS, st.just((2, 3, 2)), **NOSPEC), [0, 2]),
         backends=()),
    Spec("block", a([[A(real.ones((2, 2))), A(real.zeros((2, 1)))], [A(real.zeros((1, 3)))]])),
    Spec("fromfunction", st.just(((lambda i, j: i + 2 * j, (2, 3)), {})), backends=()),
    Spec("piecewise", arr(FLOATS, st.just((5,)), **NOSPEC).map(
        lambda x: ((x, [A(x.a < 0)], [-1.0, 1.0]), {}))),
    Spec("tril_indices", a(st.integers(1, 4), st.integers(-1, 1))),
    Spec("triu_indices", a(st.integers(1, 4), st.integers(-1, 1), st.integers(1, 4))),
    Spec("tril_indices_from", a(arr(FLOATS, st.just((3, 4))))),
    Spec("triu_indices_from", a(arr(FLOATS, st.just((3, 3))), 1)),
    Spec("diag_indices", a(st.integers(1, 4), st.integers(1, 3))),
    Spec("diag_indices_from", a(arr(FLOATS, st.just((3, 3))))),
    Spec("vander", a(arr(("int64", "float64"), shapes(1, 1, 1, 4), lo=-3, hi=3, **NOSPEC),
                     st.sampled_from([None, 3]), increasing=st.booleans())),
    *[Spec(n, a(st.integers(0, 7)), atol=1e-12)
      for n in ("hanning", "hamming", "blackman", "bartlett")],
    Spec("iterable", st.sampled_from([1, [1], A(real.ones(2))]).map(lambda v: ((v,), {}))),
    Spec("unravel_index", a(A(real.array([0, 5, 11])), (3, 4))),
    Spec("ravel_multi_index", a((A(real.array([0, 2])), A(real.array([1, 3]))), (3, 4))),
    Spec("ix_", a(A(real.array([0, 2])), A(real.array([True, False, True])))),
    Spec("put_along_axis", st.just(((A(real.arange(6.0).reshape(2, 3)),
                                     A(real.array([[0], [2]])), 9.0, 1), {})), backends=()),
]


@pytest.mark.parametrize("spec", MORE, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)


covers("numpy.put_along_axis", "numpy.putmask", "numpy.place", "numpy.put", "numpy.copyto",
       "numpy.fill_diagonal", "numpy.partition", "numpy.argpartition", "numpy.apply_over_axes",
       "numpy.fromfunction")


def test_inplace_functions():
    """put_along_axis/putmask/place/put/copyto/fill_diagonal write into their array (in place on
    numpy/torch, by rebinding the data on jax); partition gives a valid partition."""
    for b in ("numpy", "jax", "torch"):
        with ivy.using_backend(b):
            for fname, args in [("put_along_axis", (real.array([[0], [2]]), 9.0, 1)),
                                ("putmask", (None, real.array([7.0, 8.0]))),
                                ("place", (None, real.array([5.0]))),
                                ("put", (real.array([0, 4]), real.array([-1.0, -2.0]))),
                                ("copyto", (real.array([1.0, 2.0, 3.0]),)),
                                ("fill_diagonal", (4.0,))]:
                r = real.arange(6.0).reshape(2, 3)
                f = fnp.array(r)
                rargs = [r > 2 if x is None and i == 0 else x for i, x in enumerate(args)]
                fargs = [fnp.array(x) if isinstance(x, real.ndarray) else x for x in rargs]
                getattr(real, fname)(r, *rargs)
                getattr(fnp, fname)(f, *fargs)
                real.testing.assert_array_equal(real.asarray(f), r, err_msg=f"{fname} {b}")
            x = real.array([5, 1, 4, 2, 3, 0])
            for k in (0, 2, 5):
                p = real.asarray(fnp.partition(fnp.array(x), k))
                assert p[k] == real.partition(x, k)[k]
                assert (p[:k] <= p[k]).all() and (p[k + 1:] >= p[k]).all()
                ip = real.asarray(fnp.argpartition(fnp.array(x), k))
                assert x[ip[k]] == real.partition(x, k)[k]
            got = fnp.apply_over_axes(fnp.sum, fnp.arange(12.0).reshape(2, 3, 2), [0, 2])
            real.testing.assert_array_equal(
                real.asarray(got), real.apply_over_axes(real.sum, real.arange(12.0).reshape(
                    2, 3, 2), [0, 2]))
            got = fnp.fromfunction(lambda i, j: i + 2 * j, (2, 3))
            real.testing.assert_array_equal(real.asarray(got), real.fromfunction(
                lambda i, j: i + 2 * j, (2, 3)))
