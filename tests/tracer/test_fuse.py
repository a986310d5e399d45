"""Pattern fusion (ivy/tracer/fuse.py): composites written out in a source become the one Ivy
function each backend maps to its fused kernel; near misses stay as they are.

Graph-level cases trace Ivy code on NumPy (cheap); the transpile cases write each pattern in a
framework's own idiom and check that the rewrite fires, that the emitted torch code calls the
fused kernel, and that it matches the unfused conversion on new random inputs (float32 and
float64, with a batch shape). ``IVY_FULL=1`` adds the other targets.
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

import ivy
from ivy.tracer import trace_graph
from ivy.tracer.fuse import fused_counts

FULL = bool(os.environ.get("IVY_FULL"))
R = np.random.default_rng(0)


def _x(*shape, dtype=np.float32):
    return (R.standard_normal(shape) * 2 + 0.5).astype(dtype)


def _fused(fn, *args):
    with ivy.using_backend("numpy"):
        g = trace_graph(fn, *args)
        opt, plain = g.optimize(), g.optimize(fuse=False)
        assert fused_counts(plain) == {}
        new = [_x(*a.shape, dtype=a.dtype) for a in args]
        got, want = opt(*new), plain(*new)
        tol = 1e-5 if new[0].dtype == np.float32 else 1e-12
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=tol, atol=tol)
    return fused_counts(opt), opt


# -- Ivy code: each spelling fires ------------------------------------------------------------
def ln_plain(x, g, b):  # NumPy's idiom
    m = ivy.mean(x, axis=-1, keepdims=True)
    v = ivy.mean((x - m) ** 2, axis=-1, keepdims=True)
    return (x - m) / ivy.sqrt(v + 1e-5) * g + b


def ln_keras(x, g, b):  # Keras 3: inv = rsqrt(v + eps) * gamma; x * inv + (beta - m * inv)
    m = ivy.mean(x, axis=-1, keepdims=True)
    v = ivy.mean(ivy.square(x - m), axis=-1, keepdims=True)
    inv = 1.0 / ivy.sqrt(v + 1e-3) * g
    return x * inv + (-m * inv + b)


def ln_flax(x, g, b):  # Flax: fast variance max(0, E[x^2] - m^2), ones / sqrt
    m = ivy.sum(x, axis=1) / x.shape[1]
    v = ivy.maximum(0.0, ivy.sum(x * x, axis=1) / x.shape[1] - ivy.square(m))
    e = ivy.reshape(v, (x.shape[0], 1)) + 1e-6
    mul = ivy.ones_like(e) / ivy.sqrt(e) * ivy.reshape(g, (1, -1))
    return (x - ivy.reshape(m, (x.shape[0], 1))) * mul + ivy.reshape(b, (1, -1))


def ln_var_pow(x):  # var(correction=0), pow(-0.5), no weight or bias
    m = ivy.mean(x, axis=-1, keepdims=True)
    return (x - m) * ivy.pow(ivy.var(x, axis=-1, keepdims=True) + 1e-5, -0.5)


def ln_two_axes(x, g):  # normalised over the last two axes, a batch shape in front
    m = ivy.mean(x, axis=(1, 2), keepdims=True)
    v = ivy.mean(ivy.square(x - m), axis=(-2, -1), keepdims=True)
    return (x - m) / ivy.sqrt(v + 1e-5) * g


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("fn", [ln_plain, ln_keras, ln_flax])
def test_layer_norm_spellings_fuse(fn, dtype):
    counts, opt = _fused(fn, _x(4, 16, dtype=dtype), _x(16, dtype=dtype), _x(16, dtype=dtype))
    assert counts == {"layer_norm": 1}
    assert [n.target for n in opt.calls if n.target != "reshape"] == ["layer_norm"]


def test_layer_norm_variants_fuse():
    assert _fused(ln_var_pow, _x(3, 8))[0] == {"layer_norm": 1}
    counts, opt = _fused(ln_two_axes, _x(2, 3, 5, dtype=np.float64), _x(5, dtype=np.float64))
    assert counts == {"layer_norm": 1}
    ln = next(n for n in opt.calls if n.target == "layer_norm")
    assert ln.args[1] == (3, 5)  # the weight is broadcast to the normalised shape


def row_weight(x, g):  # the weight varies along the batch axis: not a layer norm's weight
    m = ivy.mean(x, axis=-1, keepdims=True)
    return (x - m) / ivy.sqrt(ivy.var(x, axis=-1, keepdims=True) + 1e-5) * g


def test_a_weight_along_other_axes_stays_outside():
    counts, opt = _fused(row_weight, _x(4, 8), _x(4, 1))
    assert counts == {"layer_norm": 1}
    assert [n.target for n in opt.calls] == ["layer_norm", "multiply"]
    assert "weight" not in opt.calls[0].kwargs


def softmax_np(x):
    e = ivy.exp(x - ivy.max(x, axis=-1, keepdims=True))
    return e / ivy.sum(e, axis=-1, keepdims=True)


def softmax_jax(x):  # jax.nn.softmax's lowering: max(initial=-inf), stop_gradient, reshape
    m = ivy.maximum(-math.inf, ivy.max(x, axis=0))
    e = ivy.exp(x - ivy.stop_gradient(ivy.reshape(m, (1, x.shape[1]))))
    return e / ivy.reshape(ivy.sum(e, axis=0), (1, x.shape[1]))


def log_softmax_shifted(x):
    s = x - ivy.max(x, axis=-1, keepdims=True)
    return s - ivy.log(ivy.sum(ivy.exp(s), axis=-1, keepdims=True))


def log_softmax_lse(x):
    return x - ivy.logsumexp(x, axis=1, keepdims=True)


def silu(x):
    return ivy.sigmoid(x) * x


def gelu_tanh(x):  # jax.nn.gelu's association
    c = math.sqrt(2 / math.pi)
    return x * (0.5 * (1.0 + ivy.tanh(c * (x + 0.044715 * (x * (x * x))))))


def gelu_erf(x):
    return 0.5 * x * (1 + ivy.erf(x / math.sqrt(2)))


@pytest.mark.parametrize("fn,kind", [(softmax_np, "softmax"), (softmax_jax, "softmax"),
                                     (log_softmax_shifted, "log_softmax"),
                                     (log_softmax_lse, "log_softmax"), (silu, "silu"),
                                     (gelu_tanh, "gelu"), (gelu_erf, "gelu")])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_activation_spellings_fuse(fn, kind, dtype):
    counts, opt = _fused(fn, _x(3, 7, dtype=dtype))
    assert counts == {kind: 1}
    assert [n.target for n in opt.calls] == [kind]
    if fn is softmax_jax:
        assert opt.calls[0].kwargs == {"axis": 0}
    if kind == "gelu":
        assert opt.calls[0].kwargs == {"approximate": fn is gelu_tanh}


# -- near misses stay -------------------------------------------------------------------------
def eps_outside(x):
    m = ivy.mean(x, axis=-1, keepdims=True)
    return (x - m) / (ivy.sqrt(ivy.mean(ivy.square(x - m), axis=-1, keepdims=True)) + 1e-5)


def unbiased(x):
    m = ivy.mean(x, axis=-1, keepdims=True)
    return (x - m) / ivy.sqrt(ivy.var(x, axis=-1, correction=1, keepdims=True) + 1e-5)


def unbiased_sum(x):
    m = ivy.mean(x, axis=-1, keepdims=True)
    v = ivy.sum(ivy.square(x - m), axis=-1, keepdims=True) / (x.shape[-1] - 1)
    return (x - m) / ivy.sqrt(v + 1e-5)


def leading_axis(x):  # statistics over axis 0: not a layer norm (it normalises trailing axes)
    m = ivy.mean(x, axis=0, keepdims=True)
    return (x - m) / ivy.sqrt(ivy.mean(ivy.square(x - m), axis=0, keepdims=True) + 1e-5)


def other_mean(x, y):  # the centre is another array's mean
    m = ivy.mean(y, axis=-1, keepdims=True)
    return (x - m) / ivy.sqrt(ivy.mean(ivy.square(x - m), axis=-1, keepdims=True) + 1e-5)


def centre_without_gradient(x):  # the gradient would differ: stop_gradient on the mean
    m = ivy.stop_gradient(ivy.mean(x, axis=-1, keepdims=True))
    return (x - m) / ivy.sqrt(ivy.mean(ivy.square(x - m), axis=-1, keepdims=True) + 1e-5)


def intermediate_returned(x):
    m = ivy.mean(x, axis=-1, keepdims=True)
    d = x - m
    return d / ivy.sqrt(ivy.mean(d * d, axis=-1, keepdims=True) + 1e-5), d


def promoted(x):  # a float64 step inside a float32 computation
    m = ivy.mean(x, axis=-1, keepdims=True)
    v = ivy.astype(ivy.mean(ivy.square(x - m), axis=-1, keepdims=True), "float64")
    return (x - m) / ivy.astype(ivy.sqrt(v + 1e-5), "float32")


def softmax_unshifted(x):
    e = ivy.exp(x)
    return e / ivy.sum(e, axis=-1, keepdims=True)


def softmax_axes_differ(x):
    e = ivy.exp(x - ivy.max(x, axis=0, keepdims=True))
    return e / ivy.sum(e, axis=1, keepdims=True)


def silu_other(x, y):
    return x * ivy.sigmoid(y)


def gelu_off(x):
    return 0.5 * x * (1 + ivy.tanh(0.7978846 * (x + 0.05 * x * x * x)))


def gelu_half_wrong(x):
    return 0.6 * x * (1 + ivy.erf(x / math.sqrt(2)))


@pytest.mark.parametrize("fn,shapes", [
    (eps_outside, [(4, 8)]), (unbiased, [(4, 8)]), (unbiased_sum, [(4, 8)]),
    (leading_axis, [(4, 8)]), (other_mean, [(4, 8), (4, 8)]),
    (centre_without_gradient, [(4, 8)]), (intermediate_returned, [(4, 8)]),
    (promoted, [(4, 8)]), (softmax_unshifted, [(4, 8)]),
    (softmax_axes_differ, [(4, 8)]), (silu_other, [(4, 8), (4, 8)]), (gelu_off, [(4, 8)]),
    (gelu_half_wrong, [(4, 8)])])
def test_near_misses_do_not_fuse(fn, shapes):
    assert _fused(fn, *[_x(*s) for s in shapes])[0] == {}


# -- each framework's idiom through ivy.transpile ---------------------------------------------
def ln_numpy(x, g, b):
    m = x.mean(axis=-1, keepdims=True)
    v = ((x - m) ** 2).mean(axis=-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-5) * g + b


def ln_jax(x, g, b):
    import jax.numpy as jnp
    m = jnp.mean(x, axis=-1, keepdims=True)
    return (x - m) / jnp.sqrt(jnp.var(x, axis=-1, keepdims=True) + 1e-5) * g + b


def ln_tensorflow(x, g, b):
    import tensorflow as tf
    m, v = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - m) / tf.sqrt(v + 1e-5) * g + b


def act_numpy(x, g, b):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) + x / (1 + np.exp(-x)) * 0


def act_jax(x, g, b):
    import jax
    return jax.nn.softmax(jax.nn.gelu(x) + jax.nn.silu(b), axis=-1) + jax.nn.log_softmax(g)


CASES = {
    "numpy": (ln_numpy, act_numpy),
    "jax": (ln_jax, act_jax),
    "tensorflow": (ln_tensorflow,),
}
ACTS = {"numpy": {"softmax": 1}, "jax": {"softmax": 1, "gelu": 1, "silu": 1, "log_softmax": 1}}


def _x64(source, dtype):
    """JAX runs float64 only under x64 (the transpiler's capture does the same)."""
    import contextlib

    if source == "jax" and dtype == np.float64:
        import jax
        return jax.enable_x64(True)
    return contextlib.nullcontext()


DEFAULT = {("numpy", "float32"), ("numpy", "float64"), ("jax", "float32"),
           ("tensorflow", "float32")}


@pytest.mark.parametrize("source", list(CASES))
@pytest.mark.parametrize("dtype,shape", [(np.float32, (4, 16)), (np.float64, (2, 3, 16))])
def test_framework_idioms_fuse_and_match(source, dtype, shape):
    """Fires on the source's own spelling; the emitted code matches the source on new inputs."""
    if not FULL and (source, np.dtype(dtype).name) not in DEFAULT:
        pytest.skip("IVY_FULL=1 runs every source/dtype pair")
    pytest.importorskip(source)
    from ivy.transpiler import frameworks as fw

    targets = ("torch", "numpy", "jax", "tensorflow") if FULL else ("torch",)
    x, g, b = _x(*shape, dtype=dtype), _x(16, dtype=dtype), _x(16, dtype=dtype)
    new = tuple(_x(*a.shape, dtype=dtype) for a in (x, g, b))
    for fn in CASES[source]:
        want = {"layer_norm": 1} if fn.__name__.startswith("ln_") else ACTS[source]
        with _x64(source, dtype):
            ref = fw.to_numpy(fn(*(fw.from_numpy(a, source) for a in new)))
        for target in targets:
            if target == source:
                continue
            t = ivy.transpile(fn, source=source, target=target, args=(x, g, b))
            assert t.report["graph"]["fused"] == want, (fn.__name__, target)
            assert "fused: " in str(t.report)
            if target == "torch":
                assert ("functional.layer_norm(" in t.source) == ("layer_norm" in want)
            got = fw.to_numpy(t(*(fw.from_numpy(a, target) for a in new)))
            assert got.dtype == ref.dtype == dtype
            tol = 2e-5 if dtype == np.float32 else 1e-12
            np.testing.assert_allclose(got, ref, rtol=tol, atol=tol)


def test_fuse_false_keeps_the_source_operations():
    x, g, b = _x(4, 16), _x(16), _x(16)
    t = ivy.transpile(ln_numpy, source="numpy", target="numpy", args=(x, g, b), fuse=False)
    assert t.report["graph"]["fused"] == {} and "fused: " not in str(t.report)
    assert "layer_norm" not in t.source
