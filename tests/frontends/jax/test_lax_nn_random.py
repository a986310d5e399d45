"""jax.lax primitives (with make_jaxpr-style parameters), jax.nn, jax.numpy.linalg/fft,
jax.random (threefry: values match real JAX) and jax.tree_util vs real JAX."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import (DN, A, FLOATS, INTS, NUMERIC, Spec, a, arr_pair, arrays, arrs, check, covers,
                      run_spec)

EX = settings(max_examples=3)
F32 = ("float32",)


def _f(shape, **kw):
    return arrs(F32, shape=shape, specials=False, **kw)


SPECS = []
for _n in "exp log tanh logistic sqrt rsqrt floor ceil sin cos log1p expm1 is_finite".split():
    SPECS.append(Spec("lax." + _n, a(arrs(F32, lo=0.125 if _n in ("log", "sqrt", "rsqrt") else None)),
                      rtol=1e-3, atol=1e-4))
for _n in "neg abs sign square".split():
    SPECS.append(Spec("lax." + _n, a(arrs(("int32", "float32")))))
for _n in "add sub mul max min eq ne lt le gt ge".split():
    SPECS.append(Spec("lax." + _n, st.sampled_from(["int32", "float32"]).flatmap(
        lambda d: arr_pair((d,))).map(lambda p: (p, {}))))
SPECS += [
    Spec("lax.add", a(arrs(F32), 2.0)),
    Spec("lax.div", arr_pair(("int32",), lo=1).map(lambda p: (p, {}))),
    Spec("lax.div", arr_pair(F32).map(lambda p: (p, {}))),
    Spec("lax.rem", arr_pair(("int32",), lo=-5).filter(lambda p: (p[1].a != 0).all()).map(
        lambda p: (p, {}))),
    Spec("lax.pow", a(_f((3,), lo=0.5, hi=2), _f((3,), lo=-2, hi=2)), rtol=1e-3),
    Spec("lax.integer_pow", a(arrs(("int32", "float32"), lo=-3, hi=3, specials=False),
                              st.integers(0, 3))),
    Spec("lax.integer_pow", a(_f((3,), lo=1, hi=3), -2), rtol=1e-5),
    Spec("lax.round", a(arrs(F32), st.sampled_from([0, 1]))),
    Spec("lax.clamp", a(-1.0, arrs(F32), 1.0)),
    Spec("lax.select_n", a(arrays("bool", (3,)).map(A), _f((3,)), _f((3,)))),
    Spec("lax.select_n", a(arrays("int32", (3,), lo=0, hi=2).map(A), _f((3,)), _f((3,)),
                           _f((3,)))),
    Spec("lax.convert_element_type", a(arrs(NUMERIC, specials=False),
                                       st.sampled_from(["float32", "int32", "bool", "int8"]))),
    Spec("lax.broadcast_in_dim", a(_f((3, 1)), (2, 3, 4), (1, 2))),
    Spec("lax.broadcast_in_dim", a(_f(()), (2,), ())),
    Spec("lax.broadcast", a(_f((2,)), (3,))),
    Spec("lax.reshape", a(_f((2, 3)), (3, 2), st.sampled_from([None, (1, 0)]))),
    Spec("lax.transpose", a(_f((2, 3, 1)), st.sampled_from([(1, 0, 2), (2, 1, 0)]))),
    Spec("lax.squeeze", a(_f((1, 3, 1)), st.sampled_from([(0,), (0, 2), (2,)]))),
    Spec("lax.expand_dims", a(_f((3,)), st.sampled_from([(0,), (1,), (0, 2)]))),
    Spec("lax.rev", a(_f((2, 3)), st.sampled_from([(0,), (1,), (0, 1)]))),
    Spec("lax.concatenate", a([_f((2, 2)), _f((1, 2))], 0)),
    Spec("lax.pad", a(_f((2, 3)), 0.0, st.sampled_from([[(1, 0, 0), (0, 2, 1)],
                                                         [(0, 0, 1), (-1, 1, 0)],
                                                         [(2, -1, 2), (1, 1, 0)]]))),
    Spec("lax.slice", a(_f((4, 3)), (1, 0), (4, 2), st.sampled_from([None, (2, 1)]))),
    Spec("lax.slice_in_dim", a(_f((4, 3)), 1, 3, 1, 0)),
    Spec("lax.index_in_dim", a(_f((4, 3)), st.integers(-4, 3), 0, st.booleans())),
    Spec("lax.dynamic_slice", a(_f((4, 3)), (st.integers(-2, 4), st.integers(0, 2)), (2, 2))),
    Spec("lax.dynamic_slice_in_dim", a(_f((4, 3)), st.integers(0, 3), 2, 0)),
    Spec("lax.dynamic_index_in_dim", a(_f((4, 3)), st.integers(0, 3), 0, st.booleans())),
    Spec("lax.dynamic_update_slice", a(_f((4, 3)), _f((2, 2)), (st.integers(-1, 4),
                                                                st.integers(0, 2)))),
    Spec("lax.dynamic_update_slice_in_dim", a(_f((4, 3)), _f((1, 3)), st.integers(0, 3), 0)),
    Spec("lax.reduce_sum", a(arrs(("int32", "float32"), shape=(2, 3)),
                             st.sampled_from([(0,), (1,), (0, 1), ()]))),
    Spec("lax.reduce_max", a(arrs(("int32", "float32"), shape=(2, 3)), st.sampled_from([(0,),
                                                                                       (0, 1)]))),
    Spec("lax.reduce_min", a(arrs(("int32", "float32"), shape=(2, 3)), st.sampled_from([(1,)]))),
    Spec("lax.reduce_prod", a(_f((2, 3), lo=-2, hi=2), (1,))),
    Spec("lax.argmax", a(_f((2, 3)), st.sampled_from([0, 1]), st.sampled_from(["int32"]))),
    Spec("lax.argmin", a(_f((2, 3)), 1, "int32")),
    Spec("lax.cumsum", a(arrs(("int32", "float32"), shape=(2, 3)), st.sampled_from([0, 1]),
                         reverse=st.booleans())),
    Spec("lax.cumprod", a(_f((2, 3), lo=-2, hi=2), 1, reverse=st.booleans())),
    Spec("lax.cummax", a(_f((2, 3)), 1, reverse=st.booleans())),
    Spec("lax.cummin", a(_f((2, 3)), 0)),
    Spec("lax.dot_general", st.sampled_from([
        ((2, 3), (3, 4), (((1,), (0,)), ((), ()))),
        ((5, 2, 3), (5, 3, 4), (((2,), (1,)), ((0,), (0,)))),
        ((2, 3, 4), (4, 3), (((1, 2), (1, 0)), ((), ()))),
        ((3, 2, 4), (2, 4, 5), (((2,), (1,)), ((1,), (0,)))),
        ((3,), (3,), (((0,), (0,)), ((), ())))]).flatmap(
        lambda s: a(_f(s[0]), _f(s[1]), s[2])), rtol=1e-3, atol=1e-3),
    Spec("lax.dot", a(_f((2, 3)), _f((3, 2))), rtol=1e-3, atol=1e-3),
    Spec("lax.batch_matmul", a(_f((2, 2, 3)), _f((2, 3, 2))), rtol=1e-3, atol=1e-3),
    Spec("lax.conv_general_dilated", st.sampled_from([
        ((1, 2, 5, 5), (3, 2, 3, 3), (1, 1), "VALID", None, None, None, 1),
        ((2, 2, 6, 5), (4, 2, 3, 2), (2, 1), "SAME", None, (1, 2), None, 1),
        ((1, 4, 5, 5), (4, 2, 3, 3), (1, 1), [(1, 1), (2, 0)], None, None, None, 2),
        ((1, 5, 5, 2), (3, 3, 2, 3), (1, 1), "SAME", None, None, ("NHWC", "HWIO", "NHWC"), 1),
        ((1, 2, 4, 4), (3, 2, 3, 3), (1, 1), [(2, 2), (2, 2)], (2, 2), None, None, 1),
        ((2, 3, 7), (4, 3, 3), (2,), "VALID", None, (2,), None, 1),
        ((1, 6, 2), (3, 2, 4), (1,), "SAME", None, None, ("NWC", "WIO", "NWC"), 1),
    ]).flatmap(lambda s: a(_f(s[0]), _f(s[1]), s[2], s[3], lhs_dilation=s[4], rhs_dilation=s[5],
                           dimension_numbers=s[6], feature_group_count=s[7])),
         rtol=1e-3, atol=1e-3),
    Spec("lax.reduce_window", st.sampled_from([
        ("max", (1, 4, 4, 1), (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
        ("add", (1, 5, 5, 2), (1, 3, 3, 1), (1, 1, 1, 1), "SAME"),
        ("max", (2, 5), (1, 2), (1, 2), [(0, 0), (1, 0)]),
        ("add", (6,), (3,), (2,), "VALID")]).flatmap(
        lambda s: a(_f(s[1]), -np.inf if s[0] == "max" else 0.0, s[0], s[2], s[3], s[4])),
         rtol=1e-4, atol=1e-4),
    Spec("lax.gather", st.sampled_from([
        # x[idx] rows: offset_dims=(1,), collapsed=(0,), start_index_map=(0,)
        ((4, 3), [[1], [3], [0]], ((1,), (0,), (0,)), (1, 3)),
        # x[i, j] elements (gather_nd)
        ((4, 3), [[1, 2], [3, 0]], ((), (0, 1), (0, 1)), (1, 1)),
        # windows of size 2 along axis 0
        ((5, 2), [[0], [3]], ((1, 2), (), (0,)), (2, 2)),
        # take along the last axis
        ((2, 5), [[4], [1]], ((0,), (1,), (1,)), (2, 1)),
    ]).flatmap(lambda s: a(_f(s[0]), A(np.array(s[1], np.int32)), DN("GatherDimensionNumbers", s[2]), s[3]))),
    Spec("lax.scatter_add", st.sampled_from([
        ((4, 3), [[1], [3], [1]], (1,), (0,), (0,), (3, 3)),
        ((4, 3), [[1, 2], [3, 0], [1, 2]], (), (0, 1), (0, 1), (3,)),
    ]).flatmap(lambda s: a(_f(s[0]), A(np.array(s[1], np.int32)), _f(s[5]), DN("ScatterDimensionNumbers", s[2:5])))),
    Spec("lax.scatter", st.sampled_from([
        ((4, 3), [[1], [3]], (1,), (0,), (0,), (2, 3)),
        ((4, 3), [[1, 2], [3, 0]], (), (0, 1), (0, 1), (2,)),
    ]).flatmap(lambda s: a(_f(s[0]), A(np.array(s[1], np.int32)), _f(s[5]), DN("ScatterDimensionNumbers", s[2:5])))),
    Spec("lax.scatter_max", a(_f((4,)), A(np.array([[1], [1], [2]], np.int32)), _f((3,)),
                              DN("ScatterDimensionNumbers", ((), (0,), (0,))))),
    Spec("lax.scatter_min", a(_f((4,)), A(np.array([[1], [1], [2]], np.int32)), _f((3,)),
                              DN("ScatterDimensionNumbers", ((), (0,), (0,))))),
    Spec("lax.stop_gradient", a(_f((2,)))),
    Spec("lax.iota", a("int32", st.integers(0, 4))),
    Spec("lax.broadcasted_iota", a("int32", (2, 3), st.sampled_from([0, 1]))),
    Spec("lax.full", a((2, 2), st.floats(-2, 2), "float32")),
    Spec("lax.sort", a(_f((2, 3)), st.sampled_from([0, 1]))),
    Spec("lax.top_k", a(_f((2, 5)), st.integers(1, 3))),
    Spec("lax.shift_left", a(arrays("int32", (3,), lo=0, hi=9).map(A),
                             arrays("int32", (3,), lo=0, hi=4).map(A))),
]
# nn
for _n in """relu relu6 sigmoid silu swish soft_sign softplus log_sigmoid elu celu leaky_relu
hard_tanh hard_sigmoid hard_silu hard_swish squareplus sparse_plus sparse_sigmoid selu mish
identity""".split():
    SPECS.append(Spec("nn." + _n, a(arrs(F32)), rtol=1e-3, atol=1e-4))
SPECS += [
    Spec("nn.gelu", a(arrs(F32), approximate=st.sampled_from([True, False])), rtol=1e-3,
         atol=1e-4),
    Spec("nn.gelu", a(arrs(F32)), rtol=1e-3, atol=1e-4),
    Spec("nn.softmax", a(_f((2, 3)), axis=st.sampled_from([-1, 0, (0, 1)])), rtol=1e-4),
    Spec("nn.log_softmax", a(_f((2, 3)), axis=st.sampled_from([-1, 0])), rtol=1e-4, atol=1e-5),
    Spec("nn.softmax", a(_f((2, 3)), where=arrays("bool", (2, 3)).map(A)), rtol=1e-4),
    Spec("nn.logsumexp", a(arrs(F32, shape=(2, 3)), axis=st.sampled_from([None, 0, 1]),
                           keepdims=st.booleans()), rtol=1e-4, atol=1e-5),
    Spec("nn.logsumexp", a(_f((2, 3)), axis=1, b=_f((2, 3), lo=0.125, hi=2)), rtol=1e-4),
    Spec("nn.one_hot", a(arrays("int32", (3,), lo=-1, hi=4).map(A), 4,
                         dtype=st.sampled_from([None, "int32"]), axis=st.sampled_from([-1, 0]))),
    Spec("nn.standardize", a(_f((2, 4)), axis=st.sampled_from([-1, 0])), rtol=1e-3, atol=1e-3),
    Spec("nn.glu", a(_f((2, 4)), axis=st.sampled_from([-1, 0])), rtol=1e-4),
    Spec("nn.log1mexp", a(_f((3,), lo=0.125, hi=3)), rtol=1e-4),
    Spec("nn.dot_product_attention", a(_f((2, 3, 2, 4)), _f((2, 5, 2, 4)), _f((2, 5, 2, 4)),
                                       is_causal=st.booleans()), rtol=1e-3, atol=1e-4),
]
# linalg / fft
SPD = st.integers(0, 1000).map(lambda s: (lambda m: A((m @ m.T + 3 * np.eye(3)).astype(
    np.float32)))(np.random.default_rng(s).standard_normal((3, 3))))
for _n in ("inv", "det", "cholesky", "eigvalsh", "slogdet", "pinv", "matrix_rank", "svdvals"):
    SPECS.append(Spec("numpy.linalg." + _n, a(SPD), rtol=2e-3, atol=2e-3))
SPECS += [
    Spec("numpy.linalg.solve", a(SPD, _f((3,))), rtol=2e-3, atol=2e-3),
    Spec("numpy.linalg.solve", a(SPD, _f((3, 2))), rtol=2e-3, atol=2e-3),
    Spec("numpy.linalg.norm", a(_f((3, 4)), ord=st.sampled_from([None, 1, 2, np.inf, "fro"]),
                                axis=st.sampled_from([None, 0, 1, (0, 1)]),
                                keepdims=st.booleans()).filter(
        lambda t: not (t[1]["ord"] == "fro" and t[1]["axis"] in (0, 1)) and not (
            t[1]["ord"] in (1, 2, np.inf) and t[1]["axis"] is None)), rtol=1e-3, atol=1e-3),
    Spec("numpy.linalg.norm", a(_f((4,))), rtol=1e-4),
    Spec("numpy.linalg.vector_norm", a(_f((2, 3)), axis=st.sampled_from([None, 1])), rtol=1e-4),
    Spec("numpy.linalg.matrix_power", a(_f((2, 2), lo=-2, hi=2), st.integers(0, 3)), rtol=1e-3,
         atol=1e-3),
    Spec("numpy.linalg.multi_dot", a([_f((2, 3)), _f((3, 2)), _f((2, 2))]), rtol=1e-3,
         atol=1e-3),
    Spec("numpy.linalg.tensorinv", a(SPD.map(lambda x: A(x.a.reshape(3, 3))), 1), rtol=2e-3,
         atol=2e-3),
]
for _n in ("fft", "ifft", "rfft", "ihfft"):
    SPECS.append(Spec("numpy.fft." + _n, a(_f((2, 6)), n=st.sampled_from([None, 4, 8])),
                      rtol=1e-3, atol=1e-3))
for _n in ("irfft", "hfft"):
    SPECS.append(Spec("numpy.fft." + _n, a(_f((2, 5))), rtol=1e-3, atol=1e-3))
for _n in ("fftn", "ifftn", "rfftn", "fft2", "ifft2", "rfft2"):
    SPECS.append(Spec("numpy.fft." + _n, a(_f((2, 4, 4))), rtol=1e-3, atol=1e-3))
SPECS += [Spec("numpy.fft.irfft2", a(_f((2, 4, 3))), rtol=1e-3, atol=1e-3),
          Spec("numpy.fft.irfftn", a(_f((2, 4, 3))), rtol=1e-3, atol=1e-3),
          Spec("numpy.fft.fftfreq", a(st.integers(1, 6), st.floats(0.5, 2)), rtol=1e-5),
          Spec("numpy.fft.rfftfreq", a(st.integers(1, 6)), rtol=1e-5),
          Spec("numpy.fft.fftshift", a(_f((2, 5)))), Spec("numpy.fft.ifftshift", a(_f((2, 5))))]
# random: threefry2x32 in Ivy uint32 arithmetic, values match real JAX
SEED = st.integers(-(2 ** 31), 2 ** 31 - 1)
SPECS += [
    Spec("random.PRNGKey", a(SEED)),
    Spec("random.key_data", a(SEED.map(lambda s: A(np.array([0, s & 0xFFFFFFFF], np.uint32))))),
]
RANDOM = [("split", lambda: a(st.sampled_from([2, 3, (2, 2)]))),
          ("fold_in", lambda: a(st.integers(0, 2 ** 31 - 1))),
          ("normal", lambda: a(st.sampled_from([(), (3,), (2, 3)]))),
          ("uniform", lambda: a(st.sampled_from([(3,), (2, 2)]), minval=st.floats(-2, 0),
                                maxval=st.floats(1, 3))),
          ("bernoulli", lambda: a(st.floats(0, 1), (5,))),
          ("randint", lambda: a((4,), st.integers(-5, 0), st.integers(1, 100))),
          ("categorical", lambda: a(_f((2, 5)))),
          ("permutation", lambda: a(st.sampled_from([5, 12]))),
          ("bits", lambda: a((3,))),
          ("gumbel", lambda: a((3,))),
          ("exponential", lambda: a((3,)))]


def _rand_spec(name, extra):
    def strat():
        return st.tuples(SEED, extra()).map(
            lambda t: ((("__key__", t[0]),) + t[1][0], t[1][1]))
    return Spec("random." + name, strat(), rtol=1e-4, atol=1e-5)


for _n, _s in RANDOM:
    SPECS.append(_rand_spec(_n, _s))


def _materialise_keys(args, root):
    return tuple(root.random.PRNGKey(x[1]) if isinstance(x, tuple) and x and x[0] == "__key__"
                 else x for x in args)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_lax_nn_linalg_random(spec, data):
    if spec.path.startswith("random.") and spec.path not in ("random.PRNGKey",
                                                              "random.key_data"):
        import jax as real

        import ivy
        import ivy.frontends.jax as fj

        from .helpers import compare, reference, to_front, to_real

        args, kwargs = data.draw(spec.strategy)
        with reference():
            exp = getattr(real.random, spec.path[7:])(*to_real(_materialise_keys(args, real)),
                                                       **kwargs)
        for b in ("numpy", "torch", "jax"):
            with ivy.using_backend(b):
                got = getattr(fj.random, spec.path[7:])(*to_front(_materialise_keys(args, fj)),
                                                         **kwargs)
                compare(got, exp, b, spec.rtol, spec.atol, spec.path)
        return
    run_spec(spec, data)


covers("jax.random.key", "jax.lax.cond", "jax.lax.switch", "jax.lax.while_loop",
       "jax.lax.fori_loop", "jax.lax.scan", "jax.lax.map", "jax.lax.associative_scan")


def _ctrl(jax, jnp):
    x = jnp.arange(6.0).reshape(3, 2)
    out = {}
    out["cond"] = jax.lax.cond(x.sum() > 3, lambda v: v * 2, lambda v: v - 1, x)
    out["switch"] = [jax.lax.switch(i, [lambda v: v + 1, lambda v: v * 3, jnp.sin], x)
                     for i in (-1, 0, 1, 2, 5)]
    out["while"] = jax.lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 1.5),
                                      (0, x))
    out["fori"] = jax.lax.fori_loop(0, 4, lambda i, c: c + i * x, jnp.zeros_like(x))

    def step(c, xs):
        a_, b_ = xs["a"], xs["b"]
        c = c * 0.5 + a_ * b_
        return c, {"y": c.sum(), "z": (a_, c)}

    for rev in (False, True):
        out[f"scan{rev}"] = jax.lax.scan(step, jnp.zeros(2), {"a": x, "b": x + 1}, reverse=rev)
    out["scan_len"] = jax.lax.scan(lambda c, _: (c + 1, c * 2), 0.0, None, length=4)
    out["map"] = jax.lax.map(lambda r: r.sum(), x)
    out["assoc"] = jax.lax.associative_scan(jnp.add, jnp.arange(5.0))
    return out


def test_control_flow():
    import jax as real
    import jax.numpy as rjnp

    import ivy
    import ivy.frontends.jax as fj

    from .helpers import compare, reference

    with reference():
        exp = _ctrl(real, rjnp)
    for b in ("numpy", "torch", "jax"):
        with ivy.using_backend(b):
            compare(_ctrl(fj, fj.numpy), exp, b, 1e-5, 1e-6, "control flow")


covers("jax.tree_util.tree_map", "jax.tree_util.tree_leaves", "jax.tree_util.tree_flatten",
       "jax.tree_util.tree_unflatten", "jax.tree_util.tree_structure")


def test_tree_util():
    import jax as real

    import ivy.frontends.jax as fj

    t = {"a": [1, 2, (3, None)], "b": {"c": 4.0}}
    assert fj.tree_util.tree_leaves(t) == real.tree_util.tree_leaves(t)
    assert fj.tree_util.tree_map(lambda v: v * 2, t) == real.tree_util.tree_map(lambda v: v * 2,
                                                                                t)
    leaves, td = fj.tree_util.tree_flatten(t)
    assert leaves == real.tree_util.tree_flatten(t)[0]
    assert fj.tree_util.tree_unflatten(td, [v + 1 for v in leaves]) == \
        real.tree_util.tree_map(lambda v: v + 1, t)
    assert fj.tree_util.tree_structure(t).num_leaves == real.tree_util.tree_structure(t).num_leaves


def test_lax_strict_dtypes_and_immutability():
    import ivy.frontends.jax as fj

    with pytest.raises(TypeError):
        fj.lax.add(fj.numpy.ones(2, "int32"), fj.numpy.ones(2, "float32"))
    with pytest.raises(NotImplementedError, match="frontends"):
        fj.config.update("jax_enable_x64", True)


LAX_ALIASES = [Spec("lax." + n, a(arrs(F32, lo=-0.5, hi=0.5)), rtol=1e-3, atol=1e-4)
               for n in ("asin", "acos", "atan", "asinh", "atanh", "sinh", "cosh", "tan", "cbrt",
                         "exp2", "reciprocal")]
LAX_ALIASES += [
    Spec("lax.acosh", a(arrs(F32, lo=1, hi=3)), rtol=1e-3),
    Spec("lax.atan2", a(_f((3,)), _f((3,))), rtol=1e-3, atol=1e-4),
    Spec("lax.nextafter", a(_f((3,)), _f((3,)))),
    Spec("lax.bitwise_and", a(arrays("int32", (3,)).map(A), arrays("int32", (3,)).map(A))),
    Spec("lax.bitwise_or", a(arrays("int32", (3,)).map(A), arrays("int32", (3,)).map(A))),
    Spec("lax.bitwise_xor", a(arrays("bool", (3,)).map(A), arrays("bool", (3,)).map(A))),
    Spec("lax.bitwise_not", a(arrays("int32", (3,)).map(A))),
    Spec("lax.shift_right_arithmetic", a(arrays("int32", (3,)).map(A),
                                         arrays("int32", (3,), lo=0, hi=4).map(A))),
    Spec("lax.select", a(arrays("bool", (3,)).map(A), _f((3,)), _f((3,)))),
    Spec("lax.full_like", a(_f((2,)), st.floats(-2, 2))),
    Spec("lax.reduce_or", a(arrays("bool", (2, 3)).map(A), (1,))),
    Spec("lax.reduce_and", a(arrays("bool", (2, 3)).map(A), (0,))),
    Spec("lax.sort_key_val", a(_f((4,)), _f((4,)))),
    Spec("lax.cumlogsumexp", a(_f((2, 3)), 1), rtol=1e-4),
    Spec("lax.scatter_sub", a(_f((4,)), A(np.array([[1], [1], [2]], np.int32)), _f((3,)),
                              DN("ScatterDimensionNumbers", ((), (0,), (0,))))),
    Spec("lax.scatter_mul", a(_f((4,)), A(np.array([[1], [2]], np.int32)), _f((2,)),
                              DN("ScatterDimensionNumbers", ((), (0,), (0,))))),
    Spec("lax.dynamic_update_index_in_dim", a(_f((4, 3)), _f((3,)), st.integers(0, 3), 0)),
    Spec("lax.conv", a(_f((1, 2, 5, 5)), _f((3, 2, 3, 3)), (1, 1), "SAME"), rtol=1e-3,
         atol=1e-3),
    Spec("lax.conv_with_general_padding", a(_f((1, 2, 5, 5)), _f((3, 2, 2, 2)), (1, 1),
                                            [(1, 0), (0, 1)], (1, 1), (2, 1)), rtol=1e-3,
         atol=1e-3),
    Spec("lax.padtype_to_pads", a((5, 6), (3, 2), (2, 1), st.sampled_from(["SAME", "VALID"]))),
    Spec("nn.logmeanexp", a(_f((2, 3)), axis=1), rtol=1e-4),
    Spec("nn.tanh", a(_f((3,))), rtol=1e-4),
    Spec("numpy.linalg.matrix_norm", a(_f((2, 3, 3)), ord=st.sampled_from(["fro", 1])),
         rtol=1e-3),
    Spec("numpy.linalg.matmul", a(_f((2, 3)), _f((3, 2))), rtol=1e-3, atol=1e-3),
    Spec("numpy.linalg.outer", a(_f((2,)), _f((3,)))),
    Spec("numpy.linalg.trace", a(_f((2, 3, 3)))),
    Spec("numpy.linalg.diagonal", a(_f((2, 3, 3)))),
    Spec("numpy.linalg.matrix_transpose", a(_f((2, 3, 1)))),
    Spec("numpy.linalg.vecdot", a(_f((2, 3)), _f((3,))), rtol=1e-3, atol=1e-3),
    Spec("numpy.linalg.tensordot", a(_f((2, 3)), _f((3, 2)), axes=1), rtol=1e-3, atol=1e-3),
    Spec("numpy.linalg.cross", a(_f((2, 3)), _f((2, 3))), rtol=1e-3, atol=1e-3),
    Spec("numpy.linalg.tensorsolve", a(SPD, _f((3,))), rtol=2e-3, atol=2e-3),
]


@pytest.mark.parametrize("spec", LAX_ALIASES, ids=lambda s: s.id)
@settings(max_examples=2)
@given(data=st.data())
def test_aliases(spec, data):
    run_spec(spec, data)
