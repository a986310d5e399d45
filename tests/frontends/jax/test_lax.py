"""jax.lax functions vs real JAX."""

import typing

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (
    A,
    Spec,
    a,
    arrays,
    arrs,
    check,
    check_program,
    covers,
)

F32 = ("float32",)


def _f(shape, **kw):
    return arrs(F32, shape=shape, specials=False, **kw)


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


covers("jax.lax.ConvDimensionNumbers", "jax.lax.GatherDimensionNumbers",
       "jax.lax.ScatterDimensionNumbers", "jax.lax.GatherScatterMode", "jax.lax.RoundingMethod",
       "jax.lax.DotDimensionNumbers", "jax.lax.scatter_apply",
       "jax.lax.ConvGeneralDilatedDimensionNumbers")
