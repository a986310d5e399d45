"""jax.numpy element-wise functions, reductions, creation and manipulation vs real JAX."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    FLOATS,
    INTS,
    NUMERIC,
    A,
    Spec,
    a,
    arr_pair,
    arrays,
    arrs,
    check,
    check_program,
    covers,
    examples,
    operand_pair,
    run_spec,
    shapes,
)

EX = settings(max_examples=3)

FLOAT_UNARY = """sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh exp expm1
exp2 log log2 log10 log1p sqrt cbrt deg2rad rad2deg degrees radians sinc reciprocal""".split()
SAME_UNARY = """negative positive abs absolute square sign floor ceil trunc rint isnan isinf
isfinite logical_not signbit conjugate conj real imag isposinf isneginf nan_to_num round
around""".split()
BINARY = """add subtract multiply divide true_divide floor_divide remainder mod power
maximum minimum arctan2 hypot copysign logaddexp logaddexp2 equal not_equal less less_equal
greater greater_equal logical_and logical_or logical_xor float_power fmax fmin fmod heaviside
nextafter""".split()
BITWISE = "bitwise_and bitwise_or bitwise_xor".split()

SPECS = []
for _n in FLOAT_UNARY:
    SPECS.append(Spec("numpy." + _n, a(arrs(FLOATS, lo=-0.5, hi=0.5) if _n.startswith("arc")
                                       else arrs(NUMERIC)),
                      rtol=2e-3 if _n in ("tan", "sinc", "cbrt") else None, atol=1e-3))
    SPECS.append(Spec("numpy." + _n, a(st.floats(0.1, 0.9))))
for _n in SAME_UNARY:
    SPECS.append(Spec("numpy." + _n, a(arrs(NUMERIC if _n not in ("nan_to_num",) else FLOATS))))
for _n in ("negative", "square", "abs", "sign", "floor", "round"):
    SPECS.append(Spec("numpy." + _n, a(st.floats(-5, 5))))
for _n in BINARY:
    f_only = _n in ("nextafter", "fmax", "fmin", "fmod", "heaviside")
    dts = FLOATS if f_only else NUMERIC
    if _n in ("floor_divide", "remainder", "mod", "fmod", "power"):
        dts = ("int32", "float32", "uint8", "int8")
    if _n in ("true_divide", "divide"):
        dts = tuple(d for d in dts if d != "bool")
    pair = arr_pair if _n in ("power", "logical_xor") else (
        lambda d, *a_, **k: operand_pair(d, *a_, **k))
    strat = (arr_pair(dts, lo=1, hi=4) if _n == "power" else arr_pair(dts)) \
        if _n in ("power", "logical_xor") else operand_pair(dts, ("int", "float"), lo=1 if _n in (
        "floor_divide", "remainder", "mod", "power", "fmod") else None,
        hi=4 if _n == "power" else None)
    SPECS.append(Spec("numpy." + _n, strat.map(lambda p: (p, {})),
                      rtol=1e-3 if _n in ("power", "float_power", "logaddexp2") else None,
                      atol=1e-3))
for _n in BITWISE:
    SPECS.append(Spec("numpy." + _n, operand_pair(("bool",) + INTS, ("int", "bool")).map(
        lambda p: (p, {}))))
SPECS += [
    Spec("numpy.left_shift", arr_pair(("int32",), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("numpy.right_shift", arr_pair(("int32",), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("numpy.invert", a(arrs(("bool",) + INTS))),
    Spec("numpy.bitwise_not", a(arrs(("bool",) + INTS))),
    Spec("numpy.clip", a(arrs(NUMERIC), st.one_of(st.none(), st.integers(-3, 3)),
                         st.one_of(st.none(), st.floats(3, 5))), method="clip"),
    Spec("numpy.round", a(arrs(FLOATS, specials=False), decimals=st.integers(0, 2))),
    Spec("numpy.isclose", arr_pair(FLOATS).map(lambda p: (p, {"equal_nan": True}))),
    Spec("numpy.allclose", arr_pair(FLOATS).map(lambda p: (p, {}))),
    Spec("numpy.array_equal", arr_pair(NUMERIC).map(lambda p: (p, {}))),
    Spec("numpy.where", st.tuples(arrs(("bool",), shape=(2, 3)), operand_pair(NUMERIC).filter(
        lambda p: True)).map(lambda t: ((t[0],) + t[1], {}))),
    Spec("numpy.where", a(st.booleans(), st.integers(-3, 3), st.floats(-3, 3))),
]

# ------------------------------------------------------------------------------ reductions
RED = [("sum", "sum", NUMERIC), ("prod", "prod", NUMERIC), ("mean", "mean", NUMERIC),
       ("max", "max", NUMERIC), ("min", "min", NUMERIC), ("amax", "", NUMERIC),
       ("amin", "", NUMERIC), ("all", "all", NUMERIC), ("any", "any", NUMERIC),
       ("std", "std", FLOATS), ("var", "var", FLOATS), ("nansum", "", FLOATS),
       ("nanmean", "", FLOATS), ("nanmax", "", FLOATS), ("nanmin", "", FLOATS),
       ("ptp", "ptp", FLOATS), ("count_nonzero", "", NUMERIC), 
       ("nanprod", "", FLOATS), ("nanstd", "", FLOATS), ("nanvar", "", FLOATS)]


def _red(name, dts):
    def build(x):
        nd = x.a.ndim
        axis = st.one_of(st.none(), st.integers(-nd, nd - 1)) if nd else st.none()
        kw = {"axis": axis, "keepdims": st.booleans()}
        return a(x, **kw)
    return arrs(dts, shape=shapes(min_side=1)).flatmap(build)


for _n, _m, _dts in RED:
    SPECS.append(Spec("numpy." + _n, _red(_n, _dts), method=_m, rtol=2e-3, atol=1e-3))
SPECS += [
    Spec("numpy.sum", a(arrs(FLOATS, shape=(2, 3)), axis=1,
                        where=arrays("bool", (2, 3)).map(A))),
    Spec("numpy.mean", a(arrs(FLOATS, shape=(2, 3), specials=False), axis=0,
                         where=arrays("bool", (2, 3)).map(A))),
    Spec("numpy.max", a(arrs(FLOATS, shape=(2, 0)), axis=1, initial=st.floats(-2, 2))),
    Spec("numpy.max", a(arrs(FLOATS, shape=(0,)))),
    Spec("numpy.sum", a(arrs(INTS), dtype=st.sampled_from(["int16", "float32"]))),
    Spec("numpy.var", a(arrs(FLOATS, shape=(3, 2)), ddof=1, axis=0)),
    Spec("numpy.argmax", a(arrs(NUMERIC, shape=(3, 2)), axis=st.sampled_from([None, 0, -1]),
                           keepdims=st.booleans()), method="argmax"),
    Spec("numpy.argmin", a(arrs(NUMERIC, shape=(3, 2)), axis=st.sampled_from([None, 0, 1])),
         method="argmin"),
    Spec("numpy.nanargmax", a(arrs(FLOATS, shape=(2, 3), specials=False), axis=1)),
    Spec("numpy.nanargmin", a(arrs(FLOATS, shape=(2, 3), specials=False), axis=1)),
    Spec("numpy.cumsum", a(arrs(NUMERIC, shape=(2, 3)), axis=st.sampled_from([None, 0, 1])),
         method="cumsum"),
    Spec("numpy.cumprod", a(arrs(FLOATS, shape=(2, 3), lo=-2, hi=2), axis=1), method="cumprod"),
    Spec("numpy.cumulative_sum", a(arrs(("int32", "float32"), shape=(4,)),
                                   include_initial=st.booleans())),
    Spec("numpy.quantile", a(arrs(FLOATS, shape=(5,), specials=False),
                             st.sampled_from([0.1, 0.5, 0.9]))),
    Spec("numpy.percentile", a(arrs(FLOATS, shape=(2, 4), specials=False), 30.0, axis=1)),
    Spec("numpy.average", a(arrs(FLOATS, shape=(2, 3), specials=False), axis=1,
                            weights=arrays("float32", (3,), lo=0.5, hi=2).map(A))),
    Spec("numpy.diff", a(arrs(NUMERIC, shape=(2, 4)), n=st.integers(1, 2))),
]

# ------------------------------------------------------------------------------ manipulation
SPECS += [
    Spec("numpy.reshape", a(arrs(NUMERIC, shape=(2, 3)), st.sampled_from([(3, 2), (-1,), (6, 1),
                                                                          (1, -1)])),
         method="reshape"),
    Spec("numpy.ravel", a(arrs(NUMERIC)), method="ravel"),
    Spec("numpy.transpose", a(arrs(NUMERIC, shape=(2, 3, 1)), st.sampled_from([None, (1, 0, 2),
                                                                               (2, 0, 1)])),
         method="transpose"),
    Spec("numpy.swapaxes", a(arrs(NUMERIC, shape=(2, 3, 1)), 0, -1), method="swapaxes"),
    Spec("numpy.moveaxis", a(arrs(FLOATS, shape=(2, 3, 1)), 0, -1)),
    Spec("numpy.expand_dims", a(arrs(FLOATS), st.sampled_from([0, -1, (0, 1)]))),
    Spec("numpy.squeeze", a(arrs(FLOATS, shape=(1, 3, 1)), st.sampled_from([None, 0, (0, 2),
                                                                            1])),
         method="squeeze"),
    Spec("numpy.concatenate", st.tuples(arrs(NUMERIC, shape=(2, 2)), arrs(NUMERIC, shape=(1, 2)))
         .map(lambda t: (([t[0], t[1]],), {}))),
    Spec("numpy.concatenate", st.tuples(arrs(FLOATS, shape=(2, 2)), arrs(FLOATS, shape=(2, 1)))
         .map(lambda t: (([t[0], t[1]],), {"axis": 1}))),
    Spec("numpy.stack", st.tuples(arrs(NUMERIC, shape=(2,)), arrs(NUMERIC, shape=(2,)),
                                  st.sampled_from([0, 1, -1])).map(
        lambda t: (([t[0], t[1]],), {"axis": t[2]}))),
    Spec("numpy.hstack", st.tuples(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(3,))).map(
        lambda t: ((list(t),), {}))),
    Spec("numpy.vstack", st.tuples(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,))).map(
        lambda t: ((list(t),), {}))),
    Spec("numpy.dstack", st.tuples(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,))).map(
        lambda t: ((list(t),), {}))),
    Spec("numpy.column_stack", st.tuples(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,))).map(
        lambda t: ((list(t),), {}))),
    Spec("numpy.split", a(arrs(FLOATS, shape=(6, 2)), st.sampled_from([2, 3, [1, 4], [2]]))),
    Spec("numpy.split", a(arrs(FLOATS, shape=(6, 2)), 4)),
    Spec("numpy.array_split", a(arrs(FLOATS, shape=(5,)), st.sampled_from([2, 3, [1, 3]]))),
    Spec("numpy.flip", a(arrs(NUMERIC, shape=(2, 3)), st.sampled_from([None, 0, 1, (0, 1)]))),
    Spec("numpy.fliplr", a(arrs(FLOATS, shape=(2, 3)))),
    Spec("numpy.flipud", a(arrs(FLOATS, shape=(2, 3)))),
    Spec("numpy.rot90", a(arrs(FLOATS, shape=(2, 3)), st.integers(-1, 3))),
    Spec("numpy.roll", a(arrs(NUMERIC, shape=(2, 3)), st.integers(-4, 4),
                         st.sampled_from([None, 0, 1]))),
    Spec("numpy.tile", a(arrs(NUMERIC, shape=(2,)), st.sampled_from([2, (2, 1), (1, 2)]))),
    Spec("numpy.repeat", a(arrs(NUMERIC, shape=(2, 2)), st.integers(0, 2),
                           axis=st.sampled_from([None, 0, 1])), method="repeat"),
    Spec("numpy.broadcast_to", a(arrs(NUMERIC, shape=(1, 3)), (2, 3))),
    Spec("numpy.broadcast_arrays", a(arrs(FLOATS, shape=(1, 3)), arrs(INTS, shape=(2, 1)))),
    Spec("numpy.atleast_1d", a(arrs(FLOATS))),
    Spec("numpy.atleast_2d", a(arrs(FLOATS))),
    Spec("numpy.atleast_3d", a(arrs(FLOATS))),
    Spec("numpy.take", a(arrs(FLOATS, shape=(3, 2)), arrays("int32", (2,), lo=-3, hi=4).map(A),
                         axis=st.sampled_from([None, 0])), method="take"),
    Spec("numpy.take_along_axis", a(arrs(FLOATS, shape=(3, 2)),
                                    arrays("int32", (3, 2), lo=0, hi=2).map(A),
                                    st.sampled_from([0, 1]))),
    Spec("numpy.sort", a(arrs(NUMERIC, shape=(2, 3)), axis=st.sampled_from([None, 0, -1])),
         method="sort"),
    Spec("numpy.sort", a(arrs(FLOATS, shape=(4,)), descending=True)),
    Spec("numpy.argsort", a(arrs(NUMERIC, shape=(2, 3)), axis=st.sampled_from([None, 0, -1])),
         method="argsort"),
    Spec("numpy.argsort", a(arrs(("int8",), shape=(5,)), descending=True)),
    Spec("numpy.lexsort", a((arrays("int8", (5,), lo=0, hi=2).map(A),
                             arrays("int8", (5,), lo=0, hi=2).map(A)))),
    Spec("numpy.searchsorted", a(A(np.array([0., 1., 2., 5.], np.float32)),
                                 arrs(FLOATS, shape=(3,), specials=False),
                                 side=st.sampled_from(["left", "right"])), method="searchsorted"),
    Spec("numpy.unique", a(arrs(("int32", "float32"), lo=-2, hi=2, specials=False),
                           return_index=st.booleans(), return_inverse=st.booleans(),
                           return_counts=st.booleans())),
    Spec("numpy.unique", a(arrs(("int32",), shape=(5,), lo=0, hi=3), size=st.integers(1, 6),
                           fill_value=st.sampled_from([None, -1]), return_counts=True)),
    Spec("numpy.unique_values", a(arrs(("int32",), shape=(6,), lo=0, hi=3))),
    Spec("numpy.unique_counts", a(arrs(("int32",), shape=(6,), lo=0, hi=3))),
    Spec("numpy.isin", a(arrs(("int32",), lo=0, hi=4), A(np.array([1, 3], np.int32)),
                         invert=st.booleans())),
    Spec("numpy.union1d", a(arrs(("int32",), shape=(4,), lo=0, hi=4),
                            arrs(("int32",), shape=(3,), lo=0, hi=4))),
    Spec("numpy.setdiff1d", a(arrs(("int32",), shape=(4,), lo=0, hi=4),
                              arrs(("int32",), shape=(3,), lo=0, hi=4))),
    Spec("numpy.intersect1d", a(arrs(("int32",), shape=(4,), lo=0, hi=4),
                                arrs(("int32",), shape=(3,), lo=0, hi=4))),
    Spec("numpy.nonzero", a(arrs(NUMERIC, shape=shapes(min_dims=1))), method="nonzero"),
    Spec("numpy.nonzero", a(arrs(("int8",), shape=(5,), lo=0, hi=1), size=3)),
    Spec("numpy.argwhere", a(arrs(("int8",), shape=(2, 3), lo=0, hi=1))),
    Spec("numpy.flatnonzero", a(arrs(("int8",), shape=(2, 3), lo=0, hi=1))),
    Spec("numpy.pad", a(arrs(NUMERIC, shape=(2, 3)), st.sampled_from([1, (1, 2), ((0, 1), (2, 0))]),
                        mode=st.sampled_from(["constant", "edge", "reflect", "symmetric",
                                              "wrap"]))),
    Spec("numpy.pad", a(arrs(FLOATS, shape=(3,)), 2, constant_values=st.floats(-2, 2))),
    Spec("numpy.tril", a(arrs(NUMERIC, shape=(3, 3)), st.integers(-1, 1))),
    Spec("numpy.triu", a(arrs(NUMERIC, shape=(2, 3)), st.integers(-1, 1))),
    Spec("numpy.diagonal", a(arrs(FLOATS, shape=(3, 3, 2)), st.integers(-1, 1)),
         method="diagonal"),
    Spec("numpy.diag", a(arrs(FLOATS, shape=st.sampled_from([(3,), (3, 2)])), st.integers(-1, 1))),
    Spec("numpy.trace", a(arrs(FLOATS, shape=(3, 3))), method="trace"),
    Spec("numpy.select", a([arrays("bool", (3,)).map(A), arrays("bool", (3,)).map(A)],
                           [arrs(FLOATS, shape=(3,)), arrs(FLOATS, shape=(3,))], 0.0)),
    Spec("numpy.append", a(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(2,)))),
    Spec("numpy.resize", a(arrs(FLOATS, shape=(3,)), (2, 4))),
    Spec("numpy.bincount", a(arrays("int32", (5,), lo=0, hi=4).map(A), length=6)),
    Spec("numpy.digitize", a(arrs(FLOATS, shape=(4,), specials=False),
                             A(np.array([-1., 0., 1.], np.float32)))),
    Spec("numpy.interp", a(arrs(FLOATS, shape=(4,), lo=-3, hi=3, specials=False),
                           A(np.array([-1., 0., 2.], np.float32)),
                           A(np.array([1., 3., 0.], np.float32)))),
    Spec("numpy.kron", a(arrs(FLOATS, shape=(2, 2)), arrs(FLOATS, shape=(2, 1)))),
    Spec("numpy.ediff1d", a(arrs(FLOATS, shape=(4,)))),
    Spec("numpy.modf", a(arrs(FLOATS, specials=False))),
    Spec("numpy.ldexp", a(arrs(FLOATS, shape=(3,), specials=False),
                          arrays("int32", (3,), lo=-2, hi=3).map(A))),
    Spec("numpy.unravel_index", a(arrays("int32", (3,), lo=0, hi=5).map(A), (2, 3))),
    Spec("numpy.ravel_multi_index", a((arrays("int32", (3,), lo=0, hi=1).map(A),
                                       arrays("int32", (3,), lo=0, hi=2).map(A)), (2, 3))),
    Spec("numpy.delete", a(arrs(FLOATS, shape=(4,)), st.sampled_from([0, 2]))),
    Spec("numpy.compress", a(A(np.array([True, False, True])), arrs(FLOATS, shape=(3, 2)),
                             axis=0)),
    Spec("numpy.trim_zeros", a(A(np.array([0, 0, 1, 2, 0], np.int32)))),
    Spec("numpy.tril_indices", a(3, st.integers(-1, 1))),
    Spec("numpy.triu_indices", a(3, st.integers(-1, 1))),
    Spec("numpy.isreal", a(arrs(FLOATS))),
    Spec("numpy.fmax", a(st.floats(-1, 1), arrs(FLOATS))),
    Spec("numpy.logical_not", a(st.booleans())),
]

# ------------------------------------------------------------------------------ linear algebra
SPECS += [
    Spec("numpy.matmul", st.sampled_from([((2, 3), (3, 4)), ((3,), (3, 2)), ((2, 2, 3), (3,)),
                                          ((1, 2, 3), (2, 3, 2))]).flatmap(
        lambda s: a(arrs(NUMERIC, shape=s[0], specials=False),
                    arrs(NUMERIC, shape=s[1], specials=False))), rtol=2e-3, atol=1e-2),
    Spec("numpy.dot", st.sampled_from([((2, 3), (3, 4)), ((3,), (3,)), ((), (2,)),
                                       ((2, 2, 3), (3, 2))]).flatmap(
        lambda s: a(arrs(FLOATS, shape=s[0], specials=False),
                    arrs(FLOATS, shape=s[1], specials=False))), method="dot", rtol=2e-3,
         atol=1e-3),
    Spec("numpy.vdot", a(arrs(FLOATS, shape=(2, 2), specials=False),
                         arrs(FLOATS, shape=(4,), specials=False)), rtol=1e-3, atol=1e-3),
    Spec("numpy.inner", a(arrs(FLOATS, shape=(2, 3), specials=False),
                          arrs(FLOATS, shape=(3,), specials=False)), rtol=1e-3, atol=1e-3),
    Spec("numpy.outer", a(arrs(NUMERIC, shape=(2,)), arrs(NUMERIC, shape=(3,)))),
    Spec("numpy.vecdot", a(arrs(FLOATS, shape=(2, 3), specials=False),
                           arrs(FLOATS, shape=(3,), specials=False)), rtol=1e-3, atol=1e-3),
    Spec("numpy.tensordot", st.sampled_from([((2, 3, 4), (3, 4, 2), 2),
                                             ((2, 3), (3, 2), 1),
                                             ((2, 3), (2, 3), ([0, 1], [0, 1])),
                                             ((2, 3), (4, 2), ([0], [1]))]).flatmap(
        lambda s: a(arrs(FLOATS, shape=s[0], specials=False),
                    arrs(FLOATS, shape=s[1], specials=False), axes=s[2])), rtol=1e-3, atol=1e-3),
    Spec("numpy.einsum", st.sampled_from([("ij,jk->ik", (2, 3), (3, 4)), ("ij,ij->", (2, 3),
                                                                          (2, 3)),
                                          ("bij,bjk->bik", (2, 2, 3), (2, 3, 2)),
                                          ("i,j", (2,), (3,)), ("...ij,...jk", (2, 2, 3), (3, 1)),
                                          ("ii->i", (3, 3), None), ("ij->ji", (2, 3), None),
                                          ("ij,ij->ij", (2, 3), (1, 3))]).flatmap(
        lambda s: a(s[0], arrs(FLOATS, shape=s[1], specials=False))
        if s[2] is None else a(s[0], arrs(FLOATS, shape=s[1], specials=False),
                               arrs(("float32", "int8"), shape=s[2], specials=False))),
         rtol=1e-3, atol=1e-3),
    Spec("numpy.cross", a(arrs(FLOATS, shape=(2, 3), specials=False),
                          arrs(FLOATS, shape=(3,), specials=False)), rtol=1e-3, atol=1e-3),
    Spec("numpy.convolve", a(arrs(FLOATS, shape=(5,), specials=False),
                             arrs(FLOATS, shape=(3,), specials=False),
                             mode=st.sampled_from(["full", "same", "valid"])), rtol=1e-3,
         atol=1e-3),
    Spec("numpy.correlate", a(arrs(FLOATS, shape=(5,), specials=False),
                              arrs(FLOATS, shape=(2,), specials=False),
                              mode=st.sampled_from(["full", "same", "valid"])), rtol=1e-3,
         atol=1e-3),
]

# ------------------------------------------------------------------------------ creation
SPECS += [
    Spec("numpy.zeros", a(st.sampled_from([3, (2, 0), ()]), st.sampled_from([None, "int32",
                                                                             "bool"]))),
    Spec("numpy.ones", a(st.sampled_from([3, (2, 1)]), dtype=st.sampled_from([None, "float16",
                                                                             "int64"]))),
    Spec("numpy.empty", a((2,))),
    Spec("numpy.full", a((2, 2), st.one_of(st.integers(-3, 3), st.floats(-2, 2), st.booleans()),
                         dtype=st.sampled_from([None, "float32", "int8"]))),
    Spec("numpy.zeros_like", a(st.one_of(arrs(NUMERIC), st.floats(-2, 2)),
                               dtype=st.sampled_from([None, "int32"]))),
    Spec("numpy.ones_like", a(arrs(NUMERIC))),
    Spec("numpy.full_like", a(arrs(NUMERIC), st.integers(-2, 2))),
    Spec("numpy.empty_like", a(arrs(FLOATS))),
    Spec("numpy.arange", st.one_of(a(st.integers(0, 5)), a(st.integers(-3, 3), st.integers(3, 6),
                                                           st.sampled_from([1, 2])),
                                   a(0.0, st.floats(0.5, 3), 0.5),
                                   a(5, dtype=st.sampled_from(["float32", "int8"])))),
    Spec("numpy.linspace", a(st.floats(-2, 2), st.floats(2, 5), st.integers(0, 5),
                             endpoint=st.booleans(), dtype=st.sampled_from([None, "float32"])),
         rtol=1e-4, atol=1e-5),
    Spec("numpy.logspace", a(0.0, 2.0, 4), rtol=1e-4),
    Spec("numpy.eye", a(st.integers(0, 3), st.sampled_from([None, 2, 4]), st.integers(-1, 1),
                        dtype=st.sampled_from([None, "int32"]))),
    Spec("numpy.identity", a(st.integers(1, 3))),
    Spec("numpy.tri", a(3, 2, st.integers(-1, 1))),
    Spec("numpy.meshgrid", a(arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(3,)),
                             indexing=st.sampled_from(["xy", "ij"]))),
    Spec("numpy.indices", a((2, 3))),
    Spec("numpy.asarray", a(st.one_of(st.integers(-3, 3), st.floats(-3, 3), st.booleans(),
                                      st.lists(st.integers(-3, 3), max_size=3),
                                      st.lists(st.floats(-3, 3), max_size=3),
                                      arrs(NUMERIC + ("int64",), specials=False)),
                            dtype=st.sampled_from([None, "float32", "int16"]))),
    Spec("numpy.array", a(st.one_of(st.floats(-3, 3), st.lists(st.integers(-3, 3), max_size=3),
                                    arrs(("float32", "int64"))))),
    Spec("numpy.astype", a(arrs(NUMERIC), st.sampled_from(["float32", "int32", "bool",
                                                           "uint8"]))),
    Spec("numpy.copy", a(arrs(FLOATS))),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_numpy(spec, data):
    run_spec(spec, data)


covers("jax.Array.astype", "jax.Array.flatten", "jax.Array.T", "jax.Array.at",
       "jax.numpy.result_type", "jax.numpy.promote_types", "jax.numpy.shape",
       "jax.numpy.ndim", "jax.numpy.size")


@EX
@given(operand_pair(INTS + ("float16", "float32")))
def test_operators_and_promotion(pair):
    """Operators with JAX's weak-type promotion; result_type / promote_types."""
    import operator as op

    for f in (op.add, op.sub, op.mul, op.truediv, op.lt, op.eq):
        name = f.__name__
        check("numpy." + {"add": "add", "sub": "subtract", "mul": "multiply",
                          "truediv": "true_divide", "lt": "less", "eq": "equal"}[name], *pair)
    x, y = pair
    if isinstance(x, A):
        import jax.numpy as rjnp

        import ivy
        import ivy.frontends.jax.numpy as fjnp

        from .helpers import reference

        for b in ("numpy", "torch"):
            with ivy.using_backend(b), reference():
                fx = fjnp.asarray(x.a)
                rx = rjnp.asarray(x.a)
                fy = fjnp.asarray(y.a) if isinstance(y, A) else y
                ry = rjnp.asarray(y.a) if isinstance(y, A) else y
                for f in (op.add, op.mul, op.gt):
                    e, g = f(rx, ry), f(fx, fy)
                    assert g.dtype == e.dtype and g.weak_type == e.weak_type, (f, e, g)
                assert fjnp.result_type(fx, fy) == rjnp.result_type(rx, ry)
    check("numpy.promote_types", x.a.dtype if isinstance(x, A) else "float32",
          y.a.dtype if isinstance(y, A) else "int8")


def test_array_object():
    import jax.numpy as rjnp

    import ivy
    import ivy.frontends.jax.numpy as fjnp

    from .helpers import reference

    for b in ("numpy", "torch", "jax"):
        with ivy.using_backend(b), reference():
            x = fjnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
            r = rjnp.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
            with pytest.raises(TypeError):
                x[0, 0] = 1.0
            for meth in ("set", "add", "multiply", "min", "max"):
                e = getattr(r.at[0, 1:], meth)(2.5)
                g = getattr(x.at[0, 1:], meth)(2.5)
                np.testing.assert_allclose(np.asarray(g), np.asarray(e))
            idx = np.array([0, 0, 1])
            np.testing.assert_allclose(np.asarray(x.at[idx].add(1.0)),
                                       np.asarray(r.at[idx].add(1.0)))
            np.testing.assert_allclose(np.asarray(x.at[1].get()), np.asarray(r.at[1].get()))
            assert x.shape == r.shape and x.ndim == r.ndim and x.size == r.size
            assert x.dtype == r.dtype
            np.testing.assert_allclose(np.asarray(x.T), np.asarray(r.T))
            np.testing.assert_allclose(np.asarray(x.flatten()), np.asarray(r.flatten()))
            np.testing.assert_allclose(np.asarray(x.reshape(3, 2)), np.asarray(r.reshape(3, 2)))
            np.testing.assert_allclose(np.asarray(x.transpose(1, 0)),
                                       np.asarray(r.transpose(1, 0)))
            assert x.astype(fjnp.int32).dtype == r.astype(rjnp.int32).dtype
            assert (x * 2).dtype == (r * 2).dtype and (2.0 * x).weak_type == (2.0 * r).weak_type
            assert fjnp.asarray(2.0).weak_type and not fjnp.asarray(np.float32(2)).weak_type
            assert fjnp.asarray(2.0).dtype == rjnp.asarray(2.0).dtype
            assert fjnp.asarray(np.arange(3)).dtype == np.int32  # x64 disabled
            assert fjnp.float32(3).dtype == rjnp.float32(3).dtype
            assert fjnp.shape(x) == rjnp.shape(r) and fjnp.ndim(x) == 2 and fjnp.size(x) == 6
            assert float(x[1, 2]) == 5.0 and len(x) == 2 and x.tolist() == r.tolist()


# aliases and small functions (one spec each)
ALIAS_SPECS = [Spec("numpy." + n, a(arrs(FLOATS, lo=-0.5, hi=0.5)), rtol=1e-3, atol=1e-4)
               for n in ("acos", "asin", "atan", "asinh", "atanh")]
ALIAS_SPECS += [
    Spec("numpy.acosh", a(arrs(FLOATS, lo=1, hi=3)), rtol=1e-3),
    Spec("numpy.atan2", arr_pair(FLOATS).map(lambda p: (p, {})), rtol=1e-3, atol=1e-4),
    Spec("numpy.pow", arr_pair(FLOATS, lo=0.5, hi=2, specials=False).map(lambda p: (p, {})),
         rtol=1e-3),
    Spec("numpy.concat", a([arrs(FLOATS, shape=(2,)), arrs(FLOATS, shape=(1,))])),
    Spec("numpy.permute_dims", a(arrs(FLOATS, shape=(2, 3)), (1, 0))),
    Spec("numpy.matrix_transpose", a(arrs(FLOATS, shape=(2, 2, 3)))),
    Spec("numpy.rollaxis", a(arrs(FLOATS, shape=(2, 3, 1)), 2)),
    Spec("numpy.bitwise_invert", a(arrs(INTS))),
    Spec("numpy.bitwise_left_shift", arr_pair(("int32",), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("numpy.bitwise_right_shift", arr_pair(("int32",), lo=0, hi=5).map(lambda p: (p, {}))),
    Spec("numpy.divmod", arr_pair(("int32", "float32"), lo=1, hi=9).map(lambda p: (p, {}))),
    Spec("numpy.array_equiv", arr_pair(INTS).map(lambda p: (p, {}))),
    Spec("numpy.iscomplex", a(arrs(FLOATS))),
    Spec("numpy.hsplit", a(arrs(FLOATS, shape=(2, 4)), 2)),
    Spec("numpy.dsplit", a(arrs(FLOATS, shape=(1, 2, 4)), 2)),
    Spec("numpy.diagflat", a(arrs(FLOATS, shape=(3,)), st.integers(-1, 1))),
    Spec("numpy.diag_indices", a(3)),
    Spec("numpy.tril_indices_from", a(arrs(FLOATS, shape=(3, 3)))),
    Spec("numpy.triu_indices_from", a(arrs(FLOATS, shape=(3, 3)))),
    Spec("numpy.extract", a(A(np.array([True, False, True])), arrs(FLOATS, shape=(3,)))),
    Spec("numpy.choose", a(A(np.array([0, 1, 0], np.int32)),
                           [arrs(FLOATS, shape=(3,)), arrs(FLOATS, shape=(3,))])),
    Spec("numpy.setxor1d", a(arrs(("int32",), shape=(4,), lo=0, hi=4),
                             arrs(("int32",), shape=(3,), lo=0, hi=4))),
    Spec("numpy.nancumsum", a(arrs(FLOATS, shape=(2, 3)), 1)),
    Spec("numpy.spacing", a(arrs(FLOATS, specials=False))),
    Spec("numpy.median", a(arrs(FLOATS, shape=(3, 4), specials=False), axis=st.sampled_from(
        [None, 0, 1]))),
    Spec("numpy.broadcast_shapes", a((2, 1), (1, 3))),
    Spec("numpy.iscomplexobj", a(arrs(FLOATS))),
    Spec("numpy.isrealobj", a(arrs(FLOATS))),
    Spec("numpy.isscalar", a(st.one_of(st.floats(-1, 1), arrs(FLOATS)))),
    Spec("numpy.can_cast", a(st.sampled_from(["int8", "float32"]), st.sampled_from(
        ["int32", "float16"]))),
]


@pytest.mark.parametrize("spec", ALIAS_SPECS, ids=lambda s: s.id)
@settings(max_examples=2)
@given(data=st.data())
def test_numpy_aliases(spec, data):
    run_spec(spec, data)


F32 = ("float32",)


def _f(shape, **kw):
    return arrs(F32, shape=shape, specials=False, **kw)


def _i(dt, shape, lo=None, hi=None):
    return arrays(dt, shape, lo=lo, hi=hi).map(A)


_SMALLI = ("int8", "int16", "int32", "uint8")


NP = [
    Spec("numpy.frexp", a(arrs(F32))),
    Spec("numpy.gcd", arr_pair(_SMALLI, lo=-20, hi=20).map(lambda p: (p, {}))),
    Spec("numpy.gcd", a(12, 18)),
    Spec("numpy.lcm", arr_pair(("int32", "int16"), lo=-12, hi=12).map(lambda p: (p, {}))),
    Spec("numpy.histogram_bin_edges", a(_f((6,)), st.integers(1, 5),
                                        st.sampled_from([None, (-3.0, 3.0)]))),
    Spec("numpy.histogram", a(_f((8,)), st.integers(1, 5), st.sampled_from([None, (-5.0, 5.0)]),
                              density=st.sampled_from([None, True]))),
    Spec("numpy.histogram", a(_f((8,)), A(np.array([-10, 0, 10, 50], np.float32)),
                              weights=_f((8,)))),
    Spec("numpy.partition", a(_f((2, 5)), st.integers(-5, 4), st.sampled_from([-1, 0]))),
    Spec("numpy.place", a(_f((2, 3)), arrays("bool", (2, 3)).map(A), _f((2,)), inplace=False)),
    Spec("numpy.place", a(_f((2, 3)), arrays("bool", (2, 3)).map(A), _f((2,)))),
    Spec("numpy.put", a(_f((2, 3)), A(np.array([0, 4, -1], np.int32)), _f((3,)), inplace=False,
                        mode=st.sampled_from([None, "clip", "wrap"]))),
    Spec("numpy.put_along_axis", a(_f((2, 3)), A(np.array([[0], [2]], np.int32)), _f((2, 1)),
                                   1, inplace=False)),
    Spec("numpy.packbits", a(_i("bool", (2, 10)), st.sampled_from([None, 0, 1]),
                             st.sampled_from(["big", "little"]))),
    Spec("numpy.unpackbits", a(_i("uint8", (2, 3), lo=0, hi=255), st.sampled_from([None, 0, 1]),
                               bitorder=st.sampled_from(["big", "little"]))),
    Spec("numpy.unpackbits", a(_i("uint8", (3,), lo=0, hi=255), count=st.integers(0, 20))),
    Spec("numpy.insert", a(_f((5,)), st.sampled_from([0, 2, 5, -1, [1, 3]]), 7.0)),
    Spec("numpy.insert", a(_f((5,)), st.sampled_from([A(np.array([1, 3], np.int32)),
                                                      A(np.array([4, 0, 4], np.int32))]),
                           _f((1,)))),
    Spec("numpy.insert", a(_f((2, 3)), 1, _f((2,)), axis=1)),
    Spec("numpy.insert", a(_f((2, 3)), st.sampled_from([0, 2]), 5.0, axis=0)),
    Spec("numpy.fabs", a(arrs(("int32", "float32", "float16")))),
    Spec("numpy.bitwise_count", a(arrs(("int8", "int32", "uint8", "bool")))),
    Spec("numpy.cumulative_prod", a(_f((2, 3), lo=-2, hi=2), axis=st.integers(0, 1),
                                    include_initial=st.booleans()), rtol=1e-5),
    Spec("numpy.nancumprod", a(arrs(F32, shape=(2, 3), lo=-2, hi=2), st.sampled_from([None, 1])),
         rtol=1e-5),
    Spec("numpy.diag_indices_from", a(_f((3, 3)))),
    Spec("numpy.fill_diagonal", a(_f((3, 4)), st.one_of(st.floats(-2, 2), _f((2,))),
                                  inplace=False)),
    Spec("numpy.fill_diagonal", a(_f((3, 3)), 1.0)),
    Spec("numpy.geomspace", a(st.floats(0.5, 2), st.floats(3, 100), st.integers(1, 6),
                              endpoint=st.booleans()), rtol=1e-4),
    Spec("numpy.geomspace", a(-1.0, -1000.0, 4), rtol=1e-4),
    Spec("numpy.ix_", a(_i("int32", (2,)), _i("int32", (3,)))),
    Spec("numpy.matvec", a(_f((2, 3, 4)), _f((4,))), rtol=1e-4, atol=1e-4),
    Spec("numpy.vecmat", a(_f((3,)), _f((2, 3, 4))), rtol=1e-4, atol=1e-4),
    Spec("numpy.sort_complex", a(arrs(("float32", "int32", "complex64"), shape=(4,),
                                      specials=False))),
    Spec("numpy.trapezoid", a(_f((2, 4)), st.sampled_from([None, A(np.array(
        [0, 1, 3, 4], np.float32))]), dx=st.floats(0.5, 2)), rtol=1e-4, atol=1e-4),
    Spec("numpy.vander", a(_f((3,), lo=-3, hi=3), st.sampled_from([None, 2, 4]),
                           st.booleans()), rtol=1e-5),
    Spec("numpy.polyval", a(_f((3,), lo=-2, hi=2), _f((4,), lo=-2, hi=2)), rtol=1e-4,
         atol=1e-4),
    Spec("numpy.polyadd", a(_f((3,)), _f((2,)))),
    Spec("numpy.polysub", a(_f((2,)), _f((4,)))),
    Spec("numpy.polymul", a(_f((3,)), _f((2,))), rtol=1e-4, atol=1e-4),
    Spec("numpy.polyder", a(_f((4,)), st.integers(0, 3)), rtol=1e-5),
    Spec("numpy.polyint", a(_f((3,)), st.integers(0, 2)), rtol=1e-5),
    Spec("numpy.poly", a(_f((3,), lo=-3, hi=3)), rtol=1e-4, atol=1e-4),
    Spec("numpy.polydiv", a(_f((4,), lo=-3, hi=3), st.sampled_from([
        A(np.array([2.0, 1.0], np.float32)), A(np.array([1.0, -2.0, 0.5], np.float32))])),
         rtol=1e-4, atol=1e-4),
    Spec("numpy.polyfit", a(A(np.array([0.0, 1.0, 2.0, 3.0, 4.5], np.float32)),
                            st.one_of(_f((5,), lo=-5, hi=5), _f((5, 2), lo=-5, hi=5)),
                            st.integers(0, 2), full=st.booleans()), rtol=2e-3, atol=2e-3),
    Spec("numpy.polyfit", a(A(np.array([0.0, 1.0, 2.0, 3.0, 4.5], np.float32)),
                            _f((5,), lo=-5, hi=5), 1, cov=st.sampled_from([True, "unscaled"]),
                            w=_f((5,), lo=0.5, hi=2)), rtol=2e-3, atol=2e-3),
    Spec("numpy.roots", a(st.sampled_from([
        A(np.array([1.0, -3.0, 2.0], np.float32)), A(np.array([0.0, 0.0, 2.0, -8.0], np.float32)),
        A(np.array([1.0, 0.0, 0.0], np.float32)), A(np.array([3.0], np.float32)),
        A(np.array([1.0, -6.0, 11.0, -6.0], np.float32))]), strip_zeros=st.booleans()),
         rtol=1e-3, atol=1e-3),
    Spec("numpy.histogramdd", a(_f((6, 2)), st.sampled_from([2, [2, 3]]),
                                density=st.sampled_from([None, True]))),
    Spec("numpy.histogramdd", a(_f((5, 3)), 2, [(-5.0, 5.0), None, (0.0, 1.0)],
                                weights=_f((5,)))),
    Spec("numpy.histogram2d", a(_f((6,)), _f((6,)), st.sampled_from([2, [3, 2]]))),
    Spec("numpy.array_str", a(_f((2, 2)))),
    Spec("numpy.block", a([[_f((2, 2)), _f((2, 1))], [_f((1, 3))]])),
    Spec("numpy.block", a([_f((2,)), _f((3,))])),
    Spec("numpy.bartlett", a(st.integers(0, 6)), atol=1e-6),
    Spec("numpy.hanning", a(st.integers(0, 6)), atol=1e-6),
    Spec("numpy.hamming", a(st.integers(0, 6)), atol=1e-6),
    Spec("numpy.blackman", a(st.integers(0, 6)), atol=1e-6),
    Spec("numpy.cov", a(_f((3, 5)), rowvar=st.booleans(), bias=st.booleans()), rtol=1e-3,
         atol=1e-3),
    Spec("numpy.cov", a(_f((4,)), _f((4,))), rtol=1e-3, atol=1e-3),
    Spec("numpy.corrcoef", a(_f((3, 5), lo=-10, hi=10)), rtol=1e-3, atol=1e-3),
    Spec("numpy.nanquantile", a(arrs(F32, shape=(2, 5)), st.sampled_from([
        0.5, [0.1, 0.9], A(np.array([0.1, 0.9], np.float32))]),
                                axis=st.sampled_from([None, 0, 1]), keepdims=st.booleans()),
         rtol=1e-4, atol=1e-4),
    Spec("numpy.nanpercentile", a(arrs(F32, shape=(6,)), 30.0), rtol=1e-4, atol=1e-4),
    Spec("numpy.nanmedian", a(arrs(F32, shape=(2, 5)), axis=st.sampled_from([None, 1])),
         rtol=1e-4, atol=1e-4),
    Spec("numpy.unwrap", a(_f((2, 6), lo=-10, hi=10), axis=st.sampled_from([-1, 0])),
         rtol=1e-4, atol=1e-4),
    Spec("numpy.unwrap", a(_f((6,), lo=-400, hi=400), period=360.0), rtol=1e-4, atol=1e-3),
    Spec("numpy.gradient", a(_f((5,)), st.sampled_from([1.0, 0.5])), rtol=1e-4, atol=1e-4),
    Spec("numpy.gradient", a(_f((3, 4)), axis=st.sampled_from([None, 0, 1])), rtol=1e-4,
         atol=1e-4),
    Spec("numpy.iterable", a(st.sampled_from([1, [1], (2,), "ab"]))),
    Spec("numpy.angle", a(arrs(("complex64", "float32", "int32"), shape=(3,), specials=False),
                          deg=st.booleans()), rtol=1e-4, atol=1e-5),
    Spec("numpy.vsplit", a(_f((4, 2)), st.sampled_from([2, [1, 3]]))),
    Spec("numpy.unstack", a(_f((2, 3)), axis=st.integers(0, 1))),
    Spec("numpy.unique_inverse", a(_i("int32", (6,), lo=0, hi=3))),
    Spec("numpy.unique_all", a(_i("int32", (6,), lo=0, hi=3))),
    Spec("numpy.apply_along_axis", a(lambda v: v.sum(), st.integers(0, 1), _f((2, 3)))),
]


NP_TYPES = """bool bool_ int8 int16 int32 int64 int_ uint uint8 uint16 uint32 uint64 float16 bfloat16
float32 float64 float_ single double complex64 complex128 complex_ csingle cdouble""".split()


for _n in NP_TYPES:
    NP.append(Spec("numpy." + _n, a(st.one_of(st.integers(-3, 3), st.floats(-3, 3),
                                               _f((2,)), _i("int8", (2,))))))


NP.append(Spec("numpy.astype", a(arrs(F32, lo=-1e10, hi=1e10), st.sampled_from(
    ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bool"]))))


NP.append(Spec("lax.convert_element_type", a(arrs(("float32", "float16"), lo=-1e4, hi=1e4),
                                             st.sampled_from(["int8", "uint8", "uint32"]))))


_ABSTRACT = """generic number integer signedinteger unsignedinteger inexact floating
complexfloating character flexible object_""".split()


covers(*["jax.numpy." + n for n in _ABSTRACT], "jax.numpy.issubdtype", "jax.numpy.ComplexWarning", "jax.numpy.isdtype",
       "jax.numpy.dtype", "jax.numpy.finfo", "jax.numpy.iinfo", "jax.numpy.ndarray",
       "jax.numpy.argpartition", "jax.numpy.vectorize", "jax.numpy.piecewise",
       "jax.numpy.apply_over_axes", "jax.numpy.mask_indices")


@pytest.mark.parametrize("spec", NP, ids=lambda s: s.id)
@settings(max_examples=examples(2))  # 3 until 2026-11-27 (CI time)
@given(data=st.data())
def test_numpy_more(spec, data):
    run_spec(spec, data)


def test_numpy_dtypes_and_helpers():
    x = np.array([[3.0, -1.0, 2.0, 7.0], [0.5, 9.0, -4.0, 1.0]], np.float32)

    def prog(jax, jnp):
        out = {}
        names = ["bool", "int8", "uint8", "int16", "int32", "float16", "float32", "complex64",
                 "bfloat16", "float64", "int64"]
        abstract = [jnp.generic, jnp.number, jnp.integer, jnp.signedinteger,
                    jnp.unsignedinteger, jnp.inexact, jnp.floating, jnp.complexfloating,
                    jnp.character, jnp.flexible, jnp.object_]
        out["subdtype"] = [[bool(jnp.issubdtype(jnp.dtype(n), t)) for t in abstract]
                           for n in names]
        out["subdtype_scalar"] = [bool(jnp.issubdtype(getattr(jnp, n), jnp.floating))
                                  for n in ("float32", "int32", "bfloat16")]
        out["isdtype"] = [bool(jnp.isdtype(jnp.dtype(n), k)) for n in names for k in (
            "bool", "signed integer", "unsigned integer", "integral", "real floating",
            "complex floating", "numeric")]
        out["dtype"] = [str(jnp.dtype(n)) for n in ("float32", "int32", "bool", "uint8")]
        out["finfo"] = [float(jnp.finfo(jnp.float32).eps), float(jnp.finfo(jnp.float16).max),
                        float(jnp.finfo("float32").tiny), int(jnp.finfo(jnp.float32).bits)]
        out["iinfo"] = [int(jnp.iinfo(jnp.int8).min), int(jnp.iinfo("uint16").max),
                        int(jnp.iinfo(jnp.int32).bits)]
        a = jnp.asarray(x)
        out["ndarray"] = isinstance(a, jnp.ndarray)
        k = 2
        p = jnp.argpartition(a, k, axis=1)
        out["argpartition_low"] = jnp.sort(jnp.take_along_axis(a, p, axis=1)[:, :k], axis=1)
        out["argpartition_kth"] = jnp.take_along_axis(a, p, axis=1)[:, k]
        out["vectorize"] = jnp.vectorize(lambda u, v: u * 2 + v)(a, jnp.asarray(x[0]))
        out["piecewise"] = jnp.piecewise(a, [a < 0, a > 5], [lambda v: -v, lambda v: v * 10,
                                                             lambda v: v + 1])
        out["apply_over_axes"] = jnp.apply_over_axes(jnp.sum, a, (0, 1))
        out["mask_indices"] = jnp.mask_indices(3, jnp.triu, 1)
        out["complex_warning"] = (issubclass(jnp.ComplexWarning, Warning),
                                  jnp.ComplexWarning.__name__)
        return out

    check_program(prog, rtol=1e-6, atol=1e-6)


covers("jax.numpy.ufunc", "jax.numpy.frompyfunc")


def test_ufunc_frompyfunc():
    x = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)

    def prog(jax, jnp):
        add = jnp.frompyfunc(lambda u, v: u + v, 2, 1, identity=0)
        hyp = jnp.ufunc(lambda u, v: jnp.sqrt(u * u + v * v), 2, 1, name="hyp")
        a_ = jnp.asarray(x)
        return {"call": add(a_, 2.0), "outer": add.outer(a_[0], a_[1]),
                "reduce0": add.reduce(a_), "reduce1": add.reduce(a_, axis=1, keepdims=True),
                "reduce_none": add.reduce(a_, axis=None), "acc": add.accumulate(a_, axis=1),
                "hyp": hyp(a_, a_ * 2), "hyp_reduce": hyp.reduce(a_, axis=0),
                "attrs": (add.nin, add.nout, add.identity, hyp.__name__)}

    check_program(prog, rtol=1e-5, atol=1e-5)
