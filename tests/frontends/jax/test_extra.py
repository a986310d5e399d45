"""More of jax.random (every distribution compared by value with real JAX: the frontend follows
JAX's sampling recipes on the same threefry bits), jax.lax and jax.numpy vs real JAX."""

import typing

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    A,
    Key,
    Spec,
    a,
    arr_pair,
    arrays,
    arrs,
    check,
    check_program,
    covers,
    examples,
    run_spec,
)

F32 = ("float32",)


def _f(shape, **kw):
    return arrs(F32, shape=shape, specials=False, **kw)


SEED = st.integers(-(2 ** 31), 2 ** 31 - 1)
POS = st.floats(0.25, 5.0, width=32)
COV = np.array([[2.0, 0.5, 0.1], [0.5, 1.0, 0.2], [0.1, 0.2, 1.5]], np.float32)
# (name, args/kwargs strategy after the key)
RANDOM = [
    ("cauchy", a(st.sampled_from([(), (3,), (2, 2)]))),
    ("laplace", a((4,))),
    ("logistic", a((4,))),
    ("lognormal", a(POS, (3,))),
    ("lognormal", a(_f((3,), lo=0.25, hi=2))),
    ("pareto", a(POS, (3,))),
    ("rademacher", a((5,), st.sampled_from([None, "int8", "float32"]))),
    ("maxwell", a((3,))),
    ("double_sided_maxwell", a(st.floats(-2, 2, width=32), POS, st.sampled_from([(), (3,)]))),
    ("weibull_min", a(POS, POS, (3,))),
    ("rayleigh", a(POS, (3,))),
    ("wald", a(POS, (3,))),
    ("geometric", a(st.floats(0.0625, 0.9375, width=32), (4,))),
    ("triangular", a(-1.0, st.floats(-0.875, 0.875, width=32), 1.0, (4,))),
    ("multivariate_normal", a(_f((3,)), A(COV), st.sampled_from([None, (2,)]),
                              method=st.sampled_from(["cholesky", "eigh"]))),
    ("orthogonal", a(st.integers(1, 3), st.sampled_from([(), (2,)]))),
    ("choice", a(st.integers(1, 6), (3,), replace=True)),
    ("choice", a(_f((6, 2)), (3,), replace=False, axis=0)),
    ("choice", a(4, (3,), p=A(np.array([0.1, 0.2, 0.3, 0.4], np.float32)),
                 replace=st.booleans())),
    ("gamma", a(_f((3,), lo=0.25, hi=5))),
    ("gamma", a(POS, (2,))),
    ("loggamma", a(_f((3,), lo=0.0625, hi=3))),
    ("beta", a(POS, POS, (3,))),
    ("dirichlet", a(_f((3,), lo=0.375, hi=3))),
    ("chisquare", a(POS, (3,))),
    ("f", a(POS, POS, (2,))),
    ("t", a(POS, (3,))),
    ("generalized_normal", a(st.sampled_from([1.0, 1.5, 2.0]), (3,))),
    ("ball", a(st.integers(1, 3), st.sampled_from([1, 2]), (2,))),
    ("poisson", a(_f((3,), lo=0, hi=9.5))),
    ("poisson", a(st.sampled_from([0.0, 2.0, 5.0]), (4,))),
    ("binomial", a(st.sampled_from([5.0, 20.0, 100.0]), st.floats(0.0625, 0.9375, width=32),
                   (3,))),
    ("binomial", a(_f((3,), lo=0, hi=60), A(np.array([0.5, 0.125, 0.875], np.float32)))),
    ("multinomial", a(st.sampled_from([10.0, 50.0]), A(np.array([0.25, 0.5, 0.25],
                                                                 np.float32)))),
]
for _n, _ in RANDOM:
    covers("jax.random." + _n)


@pytest.mark.parametrize("name,strategy", RANDOM, ids=[r[0] for r in RANDOM])
@settings(max_examples=2)
@given(data=st.data())
def test_random_distributions(name, strategy, data):
    seed = data.draw(SEED, label="seed")
    args, kwargs = data.draw(strategy, label="args, kwargs")
    check("random." + name, Key(seed), *args, _rtol=2e-4, _atol=2e-5, **kwargs)


# ------------------------------------------------------------------------------ jax.lax
def _i(dt, shape, lo=None, hi=None):
    return arrays(dt, shape, lo=lo, hi=hi).map(A)


_INT_ANY = st.sampled_from(["int8", "int16", "int32", "uint8", "uint16", "uint32"])
_NODUP = st.permutations(list(range(6))).map(lambda p: A(np.array(p, np.float32).reshape(2, 3)))
LAX = [
    Spec("lax.population_count", _INT_ANY.flatmap(lambda d: a(arrays(d, (4,), lo=-(2 ** 31),
                                                                      hi=2 ** 32).map(A)))),
    Spec("lax.clz", _INT_ANY.flatmap(lambda d: a(arrays(d, (4,), lo=-(2 ** 31),
                                                        hi=2 ** 32).map(A)))),
    Spec("lax.shift_right_logical", _INT_ANY.flatmap(lambda d: a(
        arrays(d, (4,), lo=-(2 ** 31), hi=2 ** 32).map(A), arrays(d, (4,), lo=0, hi=40).map(A)))),
    Spec("lax.mulhi", _INT_ANY.flatmap(lambda d: a(
        arrays(d, (4,), lo=-(2 ** 31), hi=2 ** 32).map(A),
        arrays(d, (4,), lo=-(2 ** 31), hi=2 ** 32).map(A)))),
    Spec("lax.complex", a(_f((3,)), _f((3,)))),
    Spec("lax.conj", a(arrs(("complex64",), shape=(3,)))),
    Spec("lax.real", a(arrs(("complex64",), shape=(3,)))),
    Spec("lax.imag", a(arrs(("complex64",), shape=(3,)))),
    Spec("lax.reduce_xor", a(_i("int32", (2, 3)), st.sampled_from([(0,), (1,), (0, 1)]))),
    Spec("lax.reduce_xor", a(_i("bool", (2, 3)), (1,))),
    Spec("lax.reduce", a(_f((2, 3)), 0.0, "add", st.sampled_from([(0,), (1,), (0, 1)]))),
    Spec("lax.reduce", a(_i("int32", (2, 3)), 1, "mul", (1,))),
    Spec("lax.broadcast_shapes", a((2, 1, 3), st.sampled_from([(4, 1), (1,), (2, 4, 3)]))),
    Spec("lax.broadcast_to_rank", a(_f((3,)), st.integers(0, 3))),
    Spec("lax.broadcast_like", a(_f((3,)), _f((2, 3)))),
    Spec("lax.collapse", a(_f((2, 3, 4)), st.integers(0, 2), st.sampled_from([None, 3]))),
    Spec("lax.dtype", a(st.one_of(_f((2,)), st.floats(-1, 1), st.integers(-3, 3),
                                  st.booleans(), _i("uint8", (2,))))),
    Spec("lax.empty", a((2, 3), st.sampled_from(["float32", "int32"]))),
    Spec("lax.split", a(_f((5, 2)), st.sampled_from([(2, 3), (5,), (1, 0, 4)]))),
    Spec("lax.split", a(_f((2, 4)), (1, 3), axis=1)),
    Spec("lax.stack", a([_f((2,)), _f((2,))], st.integers(0, 1))),
    Spec("lax.unstack", a(_f((2, 3)), st.integers(0, 1))),
    Spec("lax.tile", a(_f((2, 3)), st.sampled_from([(1, 2), (2, 1, 1)]))),
    Spec("lax.index_take", a(_f((4, 3, 2)), (A(np.array([0, 3, -1], np.int32)),
                                              A(np.array([1, 2, 4], np.int32))), (0, 1))),
    Spec("lax.approx_max_k", a(_NODUP, st.integers(1, 3))),
    Spec("lax.approx_min_k", a(_NODUP, st.integers(1, 2), reduction_dimension=0)),
    Spec("lax.fft", a(arrs(("complex64",), shape=(2, 4)), st.sampled_from(["FFT", "IFFT"]),
                      (4,)), rtol=1e-3, atol=1e-4),
    Spec("lax.fft", a(_f((2, 4)), "RFFT", (4,)), rtol=1e-3, atol=1e-4),
    Spec("lax.reduce_window_shape_tuple", a((5, 6), (2, 3), (1, 2), [(0, 1), (1, 1)],
                                            st.sampled_from([None, (2, 1)]),
                                            st.sampled_from([None, (1, 2)]))),
    Spec("lax.conv_shape_tuple", a((1, 2, 7, 6), (3, 2, 3, 2), (2, 1),
                                   st.sampled_from(["SAME", "VALID", [(1, 0), (0, 2)]]))),
    Spec("lax.conv_general_permutations", a(st.sampled_from([
        ("NCHW", "OIHW", "NCHW"), ("NHWC", "HWIO", "NHWC"), ("NWC", "WIO", "NCW")]))),
    Spec("lax.conv_general_shape_tuple", a((1, 7, 6, 2), (3, 2, 2, 4), (2, 1),
                                           st.sampled_from(["SAME", "VALID"]),
                                           ("NHWC", "HWIO", "NHWC"))),
    Spec("lax.conv_transpose_shape_tuple", a((1, 5, 6, 2), (3, 2, 2, 4), (2, 1),
                                             st.sampled_from(["SAME", "VALID", [(1, 1), (0, 1)]]),
                                             ("NHWC", "HWIO", "NHWC"))),
    Spec("lax.conv_dimension_numbers", a((1, 2, 5, 5), (3, 2, 3, 3), st.sampled_from([
        None, ("NCHW", "OIHW", "NCHW"), ("NHWC", "HWIO", "NHWC")]))),
    Spec("lax.conv_transpose", st.sampled_from([
        ((1, 5, 5, 2), (3, 3, 2, 4), (2, 2), "SAME", None, None, False),
        ((1, 4, 4, 2), (2, 3, 2, 3), (1, 2), "VALID", (1, 2), None, True),
        ((2, 3, 6), (4, 3, 3), (2,), [(1, 2)], None, ("NCH", "OIH", "NCH"), False),
    ]).flatmap(lambda s: a(_f(s[0]), _f(s[1]), s[2], s[3], rhs_dilation=s[4],
                           dimension_numbers=s[5], transpose_kernel=s[6])), rtol=1e-3,
         atol=1e-3),
    # rhs: (O, C * prod(filter), *out_spatial) for the OIHW spec
    Spec("lax.conv_general_dilated_local", st.sampled_from([
        ((1, 2, 5, 5), (3, 8, 4, 4), (1, 1), "VALID", (2, 2), None),
        ((1, 5, 4, 2), (3, 8, 3, 4), (2, 1), "SAME", (2, 2), ("NHWC", "OIHW", "NHWC")),
    ]).flatmap(lambda s: a(_f(s[0]), _f(s[1]), s[2], s[3], s[4], dimension_numbers=s[5])),
         rtol=1e-3, atol=1e-3),
    Spec("lax.conv_general_dilated_patches", st.sampled_from([
        ((1, 2, 5, 5), (2, 2), (1, 1), "VALID", None),
        ((2, 5, 4, 3), (3, 2), (2, 1), "SAME", ("NHWC", "OIHW", "NHWC")),
    ]).flatmap(lambda s: a(_f(s[0]), s[1], s[2], s[3], dimension_numbers=s[4])), rtol=1e-4,
         atol=1e-5),
]


@pytest.mark.parametrize("spec", LAX, ids=lambda s: s.id)
@settings(max_examples=3)
@given(data=st.data())
def test_lax_more(spec, data):
    args, kwargs = data.draw(spec.strategy, label="args, kwargs")
    if spec.path == "lax.reduce":  # the computation is a lax function on either side
        comp = args[2]
        check_program(lambda jax, jnp: jax.lax.reduce(
            jnp.asarray(np.array(args[0].a)), args[1], getattr(jax.lax, comp), args[3]),
            where=spec.path)
        return
    check(spec.path, *args, _rtol=spec.rtol, _atol=spec.atol, **kwargs)


covers("jax.lax.ConvDimensionNumbers", "jax.lax.GatherDimensionNumbers",
       "jax.lax.ScatterDimensionNumbers", "jax.lax.GatherScatterMode", "jax.lax.RoundingMethod",
       "jax.lax.DotDimensionNumbers", "jax.lax.scatter_apply",
       "jax.lax.ConvGeneralDilatedDimensionNumbers")


def test_lax_dimension_number_types_and_modes():
    x = np.arange(12, dtype=np.float32).reshape(4, 3)

    def prog(jax, jnp):
        lax = jax.lax
        out = {}
        gdn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                         start_index_map=(0,))
        idx = jnp.asarray(np.array([[1], [5], [-1]], np.int32))
        out["gather_clip"] = lax.gather(jnp.asarray(x), idx, gdn, (1, 3),
                                        mode=lax.GatherScatterMode.CLIP)
        out["gather_fill"] = lax.gather(jnp.asarray(x), idx, gdn, (1, 3),
                                        mode=lax.GatherScatterMode.FILL_OR_DROP)
        sdn = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                          scatter_dims_to_operand_dims=(0,))
        out["scatter_clip"] = lax.scatter_add(jnp.asarray(x), idx, jnp.ones((3, 3)), sdn,
                                              mode=lax.GatherScatterMode.CLIP)
        out["dn_fields"] = (tuple(gdn.offset_dims), tuple(sdn.inserted_window_dims))
        cdn = lax.ConvDimensionNumbers(lhs_spec=(0, 1, 2, 3), rhs_spec=(0, 1, 2, 3),
                                       out_spec=(0, 1, 2, 3))
        out["conv"] = lax.conv_general_dilated(jnp.ones((1, 1, 3, 3)), jnp.ones((1, 1, 2, 2)),
                                               (1, 1), "VALID", dimension_numbers=cdn)
        alias = lax.ConvGeneralDilatedDimensionNumbers  # an annotation alias on both sides
        out["alias"] = (len(typing.get_args(alias)), type(None) in typing.get_args(alias))
        out["dot"] = lax.dot_general(jnp.asarray(x), jnp.asarray(x),
                                     lax.DotDimensionNumbers((((0,), (0,)), ((), ()))))
        h = jnp.asarray(np.array([0.5, 1.5, 2.5, -0.5, -2.5], np.float32))
        out["round_even"] = lax.round(h, lax.RoundingMethod.TO_NEAREST_EVEN)
        out["round_away"] = lax.round(h, lax.RoundingMethod.AWAY_FROM_ZERO)
        out["scatter_apply"] = lax.scatter_apply(
            jnp.asarray(x), jnp.asarray(np.array([[0], [2]], np.int32)), lambda v: v * 10,
            lax.ScatterDimensionNumbers((1,), (0,), (0,)), update_shape=(2, 3))
        return out

    check_program(prog)


# ------------------------------------------------------------------------------ jax.numpy
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


# ------------------------------------------------------------------------------ jax.numpy.linalg
covers("jax.numpy.linalg.cond", "jax.numpy.linalg.eig", "jax.numpy.linalg.eigh",
       "jax.numpy.linalg.eigvals", "jax.numpy.linalg.lstsq", "jax.numpy.linalg.qr",
       "jax.numpy.linalg.svd")


def _signfix(jnp, v):
    """Eigen/singular vectors are defined up to sign: make each column's largest entry > 0."""
    i = jnp.argmax(jnp.abs(v), axis=-2, keepdims=True)
    return v * jnp.sign(jnp.take_along_axis(v, i, axis=-2))


@settings(max_examples=3)
@given(seed=st.integers(0, 10 ** 6))
def test_linalg_decompositions(seed):
    rng = np.random.default_rng(seed)
    m = rng.standard_normal((3, 3)).astype(np.float32)
    spd = (m @ m.T + 3 * np.eye(3)).astype(np.float32)
    tall = rng.standard_normal((4, 3)).astype(np.float32)
    b = rng.standard_normal((4, 2)).astype(np.float32)

    def prog(jax, jnp):
        la = jnp.linalg
        out = {}
        out["cond"] = [la.cond(jnp.asarray(spd), p) for p in (None, 2, -2, 1, np.inf, "fro")]
        w, v = la.eigh(jnp.asarray(spd))
        out["eigh"] = (w, _signfix(jnp, v))
        u, s, vh = la.svd(jnp.asarray(tall), full_matrices=False)
        out["svd"] = (_signfix(jnp, u), s, u @ jnp.diag(s) @ vh)
        out["svd_vals"] = la.svd(jnp.asarray(tall), compute_uv=False)
        q, r = la.qr(jnp.asarray(tall))
        sg = jnp.sign(jnp.diagonal(r))  # Q R is unique up to the signs of R's diagonal
        out["qr"] = (q * sg, r * sg[:, None], q @ r)
        out["qr_complete"] = [t.shape for t in la.qr(jnp.asarray(tall), mode="complete")]
        out["qr_r"] = jnp.abs(la.qr(jnp.asarray(tall), mode="r"))
        ev = la.eigvals(jnp.asarray(spd))
        out["eigvals"] = jnp.sort(ev.real)
        w2, v2 = la.eig(jnp.asarray(m))
        out["eig"] = (jnp.sort_complex(w2), float(jnp.abs(jnp.asarray(m) @ v2 - v2 * w2).max())
                      < 1e-3)
        x, resid, rank, sv = la.lstsq(jnp.asarray(tall), jnp.asarray(b))
        out["lstsq"] = (x, resid, rank, sv)
        out["lstsq_square_1d"] = la.lstsq(jnp.asarray(spd), jnp.asarray(b[:3, 0]))
        low = jnp.asarray(np.array([[1, 2], [2, 4], [3, 6]], np.float32))  # rank 1
        out["lstsq_rank"] = la.lstsq(low, jnp.asarray(b[:3]), rcond=1e-4)[:3]
        out["lstsq_numpy_resid"] = la.lstsq(low, jnp.asarray(b[:3]), numpy_resid=True)[1]
        return out

    check_program(prog, rtol=2e-3, atol=2e-3)


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


def test_lax_complex_keeps_the_real_part_of_infinite_imaginary_parts():
    import jax

    import ivy
    import ivy.frontends.jax as fj

    x = np.array([1.0, 2.0, -3.0, 0.5], np.float32)
    y = np.array([np.inf, -np.inf, np.nan, 2.0], np.float32)
    want = np.asarray(jax.lax.complex(x, y))
    for b in ("numpy", "torch"):
        with ivy.using_backend(b):
            got = np.asarray(fj.lax.complex(fj.numpy.asarray(x), fj.numpy.asarray(y)))
            np.testing.assert_array_equal(got.real, want.real)
            np.testing.assert_array_equal(got.imag, want.imag)
