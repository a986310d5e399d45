"""Reductions, sorting, shape manipulation, indexing functions and creation, vs real torch."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .helpers import (
    FLOATS,
    INTS,
    NUMERIC,
    D,
    Spec,
    T,
    a,
    arrays,
    examples,
    run_spec,
    shapes,
    tensors,
)

EX = settings(max_examples=examples(4))  # 6 until 2026-11-27 (CI time)


def with_dim(dtypes, min_dims=0, keepdim=True, allow_none=True, tuple_dims=False, **kw):
    """(tensor, dim[, keepdim]) draws; dim None / int / tuple of ints."""
    def build(x):
        nd = x.ndim
        opts = [st.none()] if allow_none else []
        if nd:
            opts.append(st.integers(-nd, nd - 1))
            if tuple_dims:
                opts.append(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd,
                                     unique=True).map(tuple))
        else:
            opts.append(st.sampled_from([0, -1]))
        kws = {"keepdim": st.booleans()} if keepdim else {}
        # torch accepts keepdim only together with dim
        return st.tuples(st.just((T(x),)), st.one_of(*opts)).flatmap(
            lambda t: st.fixed_dictionaries(kws if t[1] is not None else {}).map(
                lambda k: (t[0], dict(k, **({"dim": t[1]} if t[1] is not None else {})))))

    return st.sampled_from(dtypes).flatmap(
        lambda d: arrays(d, shapes(min_dims=min_dims), **kw)).flatmap(build)


def with_req_dim(dtypes, min_dims=0, **kw):
    return with_dim(dtypes, min_dims, keepdim=False, allow_none=False, **kw)


SPECS = [
    Spec("sum", with_dim(NUMERIC, tuple_dims=True), method=True),
    Spec("nansum", with_dim(FLOATS, tuple_dims=True), method=True),
    Spec("mean", with_dim(FLOATS + ("int32",), tuple_dims=True), method=True),
    Spec("nanmean", with_dim(FLOATS), method=True),
    Spec("prod", with_dim(NUMERIC, specials=False, lo=-3, hi=3), method=True),
    Spec("max", with_dim(NUMERIC), method=True),
    Spec("min", with_dim(NUMERIC), method=True),
    Spec("amax", with_dim(NUMERIC, allow_none=False, tuple_dims=True), method=True),
    Spec("amin", with_dim(NUMERIC, allow_none=False, tuple_dims=True), method=True),
    Spec("argmax", with_dim(FLOATS + INTS), method=True),
    Spec("argmin", with_dim(FLOATS + INTS), method=True),
    Spec("all", with_dim(NUMERIC), method=True),
    Spec("any", with_dim(NUMERIC), method=True),
    Spec("std", with_dim(FLOATS, tuple_dims=True).flatmap(
        lambda p: st.sampled_from([{}, {"correction": 0}, {"correction": 2},
                                   {"unbiased": False}]).map(lambda k: (p[0], {**p[1], **k}))),
         method=True),
    Spec("var", with_dim(FLOATS, tuple_dims=True).flatmap(
        lambda p: st.sampled_from([{}, {"correction": 0}, {"unbiased": True}]).map(
            lambda k: (p[0], {**p[1], **k}))), method=True),
    Spec("std_mean", with_dim(FLOATS, specials=False)),
    Spec("var_mean", with_dim(FLOATS, specials=False)),
    Spec("cumsum", with_req_dim(NUMERIC), method=True, inplace=True),
    Spec("cumprod", with_req_dim(FLOATS + ("int64",), specials=False, lo=-3, hi=3),
         method=True, inplace=True),
    Spec("logcumsumexp", with_req_dim(FLOATS, specials=False), method=True),
    Spec("logsumexp", with_dim(FLOATS, allow_none=False, tuple_dims=True), method=True),
    Spec("count_nonzero", with_dim(NUMERIC, keepdim=False), method=True),
    Spec("median", with_dim(FLOATS + ("int64",), min_dims=1), method=True),
    Spec("sort", with_dim(FLOATS + ("int64",), keepdim=False, allow_none=False).flatmap(
        lambda p: st.booleans().map(lambda d: (p[0], {**p[1], "descending": d,
                                                      "stable": True}))), method=True),
    Spec("argsort", with_dim(FLOATS + ("int32",), keepdim=False, allow_none=False).flatmap(
        lambda p: st.booleans().map(lambda d: (p[0], {**p[1], "descending": d,
                                                      "stable": True}))), method=True),
    Spec("msort", a(tensors(("float32", "int64"), shapes(min_dims=1))), method=True),
    Spec("topk", a(tensors(("float32",), shapes(min_dims=1, min_side=2), specials=False),
                   st.integers(0, 2)), method=True),
    Spec("kthvalue", a(hnp.arrays(np.float32, st.integers(2, 5), elements=st.floats(
        -50, 50, width=32), unique=True).map(T), st.integers(1, 2)), method=True),  # no ties
    Spec("unique", a(tensors(("int64", "float32"), specials=False)).map(
        lambda p: (p[0], {"return_inverse": True, "return_counts": True})), method=True),
    Spec("quantile", a(tensors(FLOATS, shapes(min_dims=1, min_side=1)),
                       st.sampled_from([0.0, 0.25, 0.5, 1.0])), method=True),
    Spec("searchsorted", st.tuples(
        hnp.arrays(np.float32, st.integers(0, 5), elements=st.floats(-5, 5, width=32)).map(
            lambda x: T(np.sort(x))), tensors(("float32",), specials=False),
        st.booleans()).map(lambda t: ((t[0], t[1]), {"right": t[2]}))),
    Spec("bucketize", st.tuples(
        tensors(("float32",), specials=False),
        hnp.arrays(np.float32, st.integers(0, 5), elements=st.floats(-5, 5, width=32)).map(
            lambda x: T(np.sort(x)))).map(lambda t: (t, {}))),
    Spec("bincount", a(tensors(("int64",), shapes(1, 1), lo=0, hi=6)), method=True),
    Spec("diff", with_req_dim(FLOATS + ("int32",), min_dims=1), method=True),
]

# ---------------------------------------------------------------------- manipulation


def reshape_args(x):
    n = x.size
    cands = [(n,), (-1,), (1, n), (n, 1, -1)] if n else [(0,), (0, 5), (-1, 0)]
    return st.sampled_from(cands).map(lambda s: ((T(x), s), {}))


def view_args(x):
    n = x.size
    cands = [(n,), (-1,), (1, n), (n, 1, -1)] if n else [(0,), (0, 5), (-1, 0)]
    return st.sampled_from(cands).map(lambda s: ((T(x),) + s, {}))


def perm_args(x):
    return st.permutations(list(range(x.ndim))).map(lambda p: ((T(x), tuple(p)), {}))


def two_dims(x):
    nd = max(x.ndim, 1)
    return st.tuples(st.integers(-nd, nd - 1), st.integers(-nd, nd - 1)).map(
        lambda d: ((T(x),) + d, {}))


def num_arrays(dtypes=FLOATS + INTS, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, **kw))


def same_shape_list(n=3):
    return st.tuples(shapes(min_dims=1), st.lists(st.sampled_from(("float32", "int64", "bool")),
                                                   min_size=1, max_size=n)).flatmap(
        lambda t: st.tuples(*[arrays(d, t[0]).map(T) for d in t[1]]))


def split_args(x):
    n = x.shape[0]
    return st.one_of(st.integers(1, 3).map(lambda k: ((T(x), k), {})),
                     st.just(((T(x), [n]), {})))


def gather_args(dtype="float32"):
    def build(x):
        nd = x.ndim
        return st.integers(0, nd - 1).flatmap(lambda d: hnp.arrays(
            np.int64, tuple(min(s, 2) if i != d else 3 for i, s in enumerate(x.shape)),
            elements=st.integers(0, x.shape[d] - 1)).map(lambda i: ((T(x), d, T(i)), {})))

    return arrays(dtype, shapes(min_dims=1, min_side=1)).flatmap(build)


def scatter_args(dtype="float32", scalar=False):
    def build(x):
        nd = x.ndim
        return st.integers(0, nd - 1).flatmap(lambda d: st.tuples(hnp.arrays(
            np.int64, tuple(min(s, 2) if i != d else 2 for i, s in enumerate(x.shape)),
            elements=st.integers(0, x.shape[d] - 1)), arrays(dtype, tuple(
                min(s, 2) if i != d else 2 for i, s in enumerate(x.shape)))).map(
            lambda t: ((T(x), d, T(t[0]), 1.5 if scalar else T(t[1])), {})))

    return arrays(dtype, shapes(min_dims=1, min_side=1), specials=False).flatmap(build)


def unique_index(dtype="float32"):
    """scatter with a unique index per destination (scatter's result is then deterministic)."""
    def build(x):
        d = 0
        idx = np.argsort(np.arange(x.shape[0]))[::-1].copy()
        full = np.broadcast_to(idx.reshape((-1,) + (1,) * (x.ndim - 1)), x.shape).copy()
        return arrays(dtype, x.shape).map(lambda s: ((T(x), d, T(full), T(s)), {}))

    return arrays(dtype, shapes(min_dims=1, min_side=1)).flatmap(build)


SPECS += [
    Spec("reshape", num_arrays().flatmap(reshape_args), method=True),
    Spec("Tensor.view", num_arrays().flatmap(view_args)),
    Spec("Tensor.reshape", num_arrays().flatmap(view_args)),
    Spec("Tensor.permute", num_arrays().flatmap(lambda x: st.permutations(list(range(
        x.ndim))).map(lambda p: ((T(x),) + tuple(p), {})))),
    Spec("flatten", num_arrays().flatmap(lambda x: st.tuples(
        st.integers(0, max(x.ndim - 1, 0)), st.just(-1)).map(lambda d: ((T(x),) + d, {}))),
        method=True),
    Spec("unflatten", num_arrays(shape=st.just((6, 2))).map(lambda x: ((T(x), 0, (2, 3)), {})),
         method=True),
    Spec("squeeze", num_arrays(shape=shapes(max_side=2)).flatmap(
        lambda x: st.one_of(st.just(((T(x),), {})), st.integers(-max(x.ndim, 1), max(
            x.ndim, 1) - 1).map(lambda d: ((T(x), d), {})))), method=True, inplace=True),
    Spec("unsqueeze", num_arrays().flatmap(lambda x: st.integers(-x.ndim - 1, x.ndim).map(
        lambda d: ((T(x), d), {}))), method=True, inplace=True),
    Spec("permute", num_arrays().flatmap(perm_args), method=True),
    Spec("transpose", num_arrays().flatmap(two_dims), method=True, inplace=True),
    Spec("swapaxes", num_arrays(shape=shapes(min_dims=1)).flatmap(two_dims), method=True),
    Spec("swapdims", num_arrays(shape=shapes(min_dims=1)).flatmap(two_dims), method=True),
    Spec("movedim", num_arrays(shape=shapes(min_dims=1)).flatmap(two_dims), method=True,
         extra=("moveaxis", "Tensor.moveaxis")),
    Spec("t", a(tensors(FLOATS, shapes(max_dims=2))), method=True, inplace=True),
    Spec("adjoint", a(tensors(("float32", "complex64"), shapes(min_dims=2))), method=True),
    Spec("flip", num_arrays(shape=shapes(min_dims=1)).flatmap(
        lambda x: st.lists(st.integers(0, x.ndim - 1), min_size=1, unique=True).map(
            lambda d: ((T(x), tuple(d)), {}))), method=True),
    Spec("fliplr", a(tensors(FLOATS, shapes(min_dims=2))), method=True),
    Spec("flipud", a(tensors(FLOATS, shapes(min_dims=1))), method=True),
    Spec("roll", num_arrays(shape=shapes(min_dims=1)).flatmap(
        lambda x: st.tuples(st.integers(-3, 3), st.one_of(st.none(), st.integers(0, x.ndim - 1))
                            ).map(lambda t: ((T(x), t[0], t[1]), {}))), method=True),
    Spec("rot90", a(tensors(FLOATS, shapes(min_dims=2)), st.integers(-2, 3)), method=True),
    Spec("cat", same_shape_list().flatmap(lambda ts: st.integers(
        -ts[0].a.ndim, ts[0].a.ndim - 1).map(lambda d: ((list(ts), d), {}))),
        extra=("concat", "concatenate")),
    Spec("stack", same_shape_list().flatmap(lambda ts: st.integers(
        -ts[0].a.ndim - 1, ts[0].a.ndim).map(lambda d: ((list(ts), d), {})))),
    Spec("hstack", same_shape_list().map(lambda ts: ((list(ts),), {}))),
    Spec("vstack", same_shape_list().map(lambda ts: ((list(ts),), {})), extra=("row_stack",)),
    Spec("dstack", same_shape_list().map(lambda ts: ((list(ts),), {}))),
    Spec("column_stack", same_shape_list().map(lambda ts: ((list(ts),), {}))),
    Spec("atleast_1d", a(tensors(FLOATS, shapes(max_dims=2)))),
    Spec("atleast_2d", a(tensors(FLOATS, shapes(max_dims=2)))),
    Spec("atleast_3d", a(tensors(FLOATS, shapes(max_dims=3)))),
    Spec("split", num_arrays(shape=shapes(min_dims=1, min_side=1)).flatmap(split_args),
         method=True),
    Spec("chunk", a(tensors(FLOATS, shapes(min_dims=1, min_side=1)), st.integers(1, 4)),
         method=True),
    Spec("tensor_split", a(tensors(FLOATS, shapes(min_dims=1, min_side=1)), st.integers(1, 4)),
         method=True),
    Spec("unbind", num_arrays(shape=shapes(min_dims=1)).map(lambda x: ((T(x),), {})),
         method=True),
    Spec("narrow", a(tensors(FLOATS, shapes(min_dims=1, min_side=3)), 0, st.integers(0, 1),
                     st.integers(0, 2)), method=True),
    Spec("select", a(tensors(FLOATS, shapes(min_dims=1, min_side=2)), 0, st.integers(-2, 1)),
         method=True),
    Spec("index_select", num_arrays(shape=shapes(min_dims=1, min_side=1)).flatmap(
        lambda x: hnp.arrays(np.int64, st.integers(0, 4), elements=st.integers(
            0, x.shape[0] - 1)).map(lambda i: ((T(x), 0, T(i)), {}))), method=True),
    Spec("masked_select", st.tuples(num_arrays(shape=st.just((2, 3))), hnp.arrays(
        np.bool_, (2, 3))).map(lambda t: ((T(t[0]), T(t[1])), {})), method=True),
    Spec("masked_fill", st.tuples(num_arrays(shape=st.just((2, 3))), hnp.arrays(
        np.bool_, st.sampled_from([(2, 3), (3,), ()])), st.sampled_from([0, -1.5, 7])).map(
        lambda t: ((T(t[0]), T(t[1]), t[2]), {})), method=True, inplace=True),
    Spec("take", st.tuples(num_arrays(shape=shapes(min_dims=1, min_side=1))).flatmap(
        lambda t: hnp.arrays(np.int64, shapes(max_dims=2), elements=st.integers(
            0, t[0].size - 1)).map(lambda i: ((T(t[0]), T(i)), {}))), method=True),
    Spec("gather", gather_args(), method=True),
    Spec("take_along_dim", gather_args().map(lambda p: ((p[0][0], p[0][2]), {
        "dim": p[0][1]})), method=True),
    Spec("scatter_add", scatter_args(), method=True, inplace=True),
    Spec("scatter", unique_index(), method=True, inplace=True),
    Spec("scatter", scatter_args(scalar=True).map(lambda p: (p[0][:3], {"value": 1.5}))),
    Spec("scatter_reduce", scatter_args().flatmap(lambda p: st.sampled_from(
        ["sum", "amax", "amin", "prod"]).map(lambda r: (p[0] + (r,), {}))), method=True,
        inplace=True),
    Spec("scatter_reduce", scatter_args().flatmap(lambda p: st.sampled_from(
        ["sum", "amax", "amin", "prod", "mean"]).map(
        lambda r: (p[0] + (r,), {"include_self": False}))), method=True, rtol=1e-3),
    Spec("index_add", st.tuples(arrays("float32", (4, 2)), arrays("float32", (3, 2))).map(
        lambda t: ((T(t[0]), 0, T(np.array([0, 2, 0])), T(t[1])), {})), method=True,
        inplace=True),
    Spec("index_copy", st.tuples(arrays("float32", (4, 2)), arrays("float32", (2, 2))).map(
        lambda t: ((T(t[0]), 0, T(np.array([3, 1])), T(t[1])), {})), method=True,
        inplace=True),
    Spec("index_fill", a(tensors(FLOATS, st.just((3, 4))), 1, T(np.array([0, 2])), -2.0),
         method=True, inplace=True),
    Spec("masked_scatter", st.tuples(arrays("float32", (2, 3)), hnp.arrays(np.bool_, (2, 3)),
                                     arrays("float32", (6,))).map(
        lambda t: ((T(t[0]), T(t[1]), T(t[2])), {})), method=True, inplace=True),
    Spec("where", st.tuples(hnp.arrays(np.bool_, st.sampled_from([(2, 3), (3,), ()])),
                            num_arrays(NUMERIC, shape=st.just((2, 3))),
                            num_arrays(NUMERIC, shape=st.sampled_from([(3,), ()]))).map(
        lambda t: ((T(t[0]), T(t[1]), T(t[2])), {}))),
    Spec("where", st.tuples(hnp.arrays(np.bool_, (2, 3)), num_arrays(NUMERIC, shape=st.just(
        (2, 3))), st.sampled_from([0, 1.5, True])).map(lambda t: ((T(t[0]), T(t[1]), t[2]),
                                                                  {}))),
    Spec("nonzero", a(tensors(NUMERIC)), method=True),
    Spec("argwhere", a(tensors(NUMERIC)), method=True),
    Spec("tile", num_arrays().flatmap(lambda x: st.lists(st.integers(0, 2), max_size=4).map(
        lambda r: ((T(x), tuple(r)), {}))), method=True),
    Spec("Tensor.repeat", num_arrays(shape=shapes(max_dims=2)).flatmap(
        lambda x: st.lists(st.integers(0, 2), min_size=x.ndim, max_size=3).map(
            lambda r: ((T(x),) + tuple(r), {})))),
    Spec("Tensor.expand", num_arrays(shape=shapes(max_dims=2, max_side=1)).map(
        lambda x: ((T(x), 2) + tuple(-1 if s == 1 else s for s in x.shape), {}))),
    Spec("repeat_interleave", a(tensors(FLOATS, shapes(min_dims=1)), st.integers(0, 3),
                                st.sampled_from([None, 0])), method=True),
    Spec("broadcast_to", num_arrays(shape=st.just((3, 1))).map(
        lambda x: ((T(x), (2, 3, 4)), {})), method=True),
    Spec("broadcast_tensors", st.tuples(arrays("float32", (3, 1)), arrays("int32", (4,))).map(
        lambda t: ((T(t[0]), T(t[1])), {}))),
    Spec("tril", a(tensors(NUMERIC, shapes(min_dims=2)), st.integers(-2, 2)), method=True,
         inplace=True),
    Spec("triu", a(tensors(NUMERIC, shapes(min_dims=2)), st.integers(-2, 2)), method=True,
         inplace=True),
    Spec("diag", a(tensors(FLOATS + INTS, shapes(min_dims=1, max_dims=2)), st.integers(-1, 1)),
         method=True),
    Spec("diagonal", a(tensors(FLOATS, shapes(min_dims=2)), st.integers(-1, 1)), method=True),
    Spec("diag_embed", a(tensors(FLOATS, shapes(min_dims=1, max_dims=2)), st.integers(-1, 1)),
         method=True),
    Spec("diagflat", a(tensors(FLOATS, shapes(max_dims=2))), method=True),
    Spec("trace", a(tensors(FLOATS + ("int32",), shapes(min_dims=2, max_dims=2))), method=True),
    Spec("clone", a(tensors(NUMERIC)), method=True),
]

# ---------------------------------------------------------------------------- creation
DT = st.sampled_from([None, D("float32"), D("float64"), D("int64"), D("int32"), D("bool")])
SIZE = st.lists(st.integers(0, 3), max_size=3).map(tuple)
SPECS += [
    Spec("tensor", st.tuples(st.one_of(
        st.lists(st.integers(-5, 5), max_size=4), st.lists(st.floats(-5, 5), max_size=4),
        st.lists(st.booleans(), max_size=3), st.integers(-5, 5), st.floats(-5, 5),
        st.lists(st.lists(st.integers(0, 3), min_size=2, max_size=2), min_size=1, max_size=3),
        st.lists(st.complex_numbers(max_magnitude=5, allow_subnormal=False), max_size=2)),
        DT).map(lambda t: ((t[0],), {"dtype": t[1]}))),
    Spec("as_tensor", a(st.lists(st.integers(-5, 5), max_size=4), dtype=DT)),
    Spec("asarray", a(st.lists(st.floats(-5, 5), max_size=4), dtype=DT)),
    Spec("from_numpy", st.sampled_from(FLOATS + INTS + ("bool",)).flatmap(
        lambda d: arrays(d)).map(lambda x: ((x,), {}))),
    Spec("zeros", a(SIZE, dtype=DT)),
    Spec("ones", a(SIZE, dtype=DT)),
    Spec("full", a(SIZE, st.sampled_from([0, 1.5, True, -3])), extra=()),
    Spec("full", a(SIZE, st.sampled_from([0, 1.5, -3]), dtype=DT)),
    Spec("zeros_like", a(tensors(NUMERIC), dtype=DT)),
    Spec("ones_like", a(tensors(NUMERIC), dtype=DT)),
    Spec("full_like", a(tensors(NUMERIC), st.sampled_from([0, 2, True]))),
    Spec("arange", st.one_of(
        a(st.integers(-5, 10)), a(st.integers(-5, 5), st.integers(-5, 10), st.sampled_from(
            [1, 2, 3, -1])), a(st.floats(-3, 3), st.floats(-3, 5), st.sampled_from([0.5, 0.3])),
        a(st.integers(0, 5), dtype=DT))),
    Spec("linspace", a(st.floats(-5, 5), st.floats(-5, 5), st.integers(0, 7),
                       dtype=st.sampled_from([None, D("float64")]))),
    Spec("linspace", a(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 7),
                       dtype=D("int64"))),
    Spec("logspace", a(st.floats(-2, 2), st.floats(-2, 2), st.integers(0, 5)), ),
    Spec("eye", a(st.integers(0, 4), st.integers(0, 4), dtype=DT)),
    Spec("tril_indices", a(st.integers(0, 4), st.integers(0, 4), st.integers(-1, 1))),
    Spec("triu_indices", a(st.integers(0, 4), st.integers(0, 4), st.integers(-1, 1))),
    Spec("meshgrid", st.tuples(arrays("float32", st.just((3,))), arrays("float32", st.just(
        (2,)))).map(lambda t: ((T(t[0]), T(t[1])), {"indexing": "ij"}))),
    Spec("meshgrid", st.tuples(arrays("int64", st.just((3,))), arrays("int64", st.just(
        (2,)))).map(lambda t: ((T(t[0]), T(t[1])), {"indexing": "xy"}))),
    Spec("cartesian_prod", st.tuples(arrays("int64", st.just((3,))), arrays("int64", st.just(
        (2,)))).map(lambda t: ((T(t[0]), T(t[1])), {}))),
    Spec("block_diag", st.tuples(arrays("float32", st.just((2, 2))), arrays("float32", st.just(
        (1, 3)))).map(lambda t: ((T(t[0]), T(t[1])), {}))),
    Spec("scalar_tensor", a(st.floats(-3, 3))),
    Spec("promote_types", a(st.sampled_from([D(n) for n in NUMERIC + ("complex64",)]),
                            st.sampled_from([D(n) for n in NUMERIC + ("float16",)]))),
    Spec("can_cast", a(st.sampled_from([D(n) for n in NUMERIC]),
                       st.sampled_from([D(n) for n in NUMERIC]))),
    Spec("result_type", tensor_pair_or_scalar := st.one_of(
        st.tuples(tensors(NUMERIC), tensors(NUMERIC)),
        st.tuples(tensors(NUMERIC), st.sampled_from([1, 1.5, True, 1j]))).map(
        lambda p: (p, {}))),
    Spec("numel", a(tensors(NUMERIC))),
    Spec("is_tensor", a(tensors(NUMERIC))),
    Spec("is_floating_point", a(tensors(NUMERIC)), method=True),
    Spec("is_complex", a(tensors(FLOATS + ("complex64",))), method=True),
    Spec("is_nonzero", a(tensors(NUMERIC, shapes(max_dims=1, max_side=2))), method=True),
    Spec("get_default_dtype", a()),
]


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
@EX
@given(data=st.data())
def test_reductions_manipulation(spec, data):
    run_spec(spec, data)
