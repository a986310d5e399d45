"""tf.nn functions vs real TensorFlow."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    B2,
    EX,
    F64,
    FLOATS,
    RNG,
    A,
    D,
    Spec,
    a,
    arrays,
    arrs,
    chk,
    compare,
    covers,
    run_spec,
    uniform,
)

img4c = arrays("float32", (2, 6, 6, 3), lo=-2, hi=2, specials=False).map(A)


LAST = [
    Spec("nn.pool", a(img4c, st.sampled_from([[2, 2], [3, 1]]), st.sampled_from(["MAX", "AVG"]),
                      strides=st.sampled_from([None, [2, 2], [1, 2]]),
                      padding=st.sampled_from(["VALID", "SAME"])), rtol=1e-5, atol=1e-6),
    Spec("nn.pool", a(arrays("float32", (1, 7, 2), lo=-2, hi=2, specials=False).map(A), [3],
                      "MAX", strides=[2])),
    Spec("nn.conv_transpose", a(arrays("float32", (1, 4, 4, 2), lo=-1, hi=1,
                                       specials=False).map(A),
                                arrays("float32", (3, 3, 3, 2), lo=-1, hi=1,
                                       specials=False).map(A),
                                [1, 8, 8, 3], 2, padding="SAME"), rtol=1e-4, atol=1e-4),
    Spec("nn.conv_transpose", a(arrays("float32", (1, 5, 2), lo=-1, hi=1, specials=False).map(A),
                                arrays("float32", (2, 1, 2), lo=-1, hi=1, specials=False).map(A),
                                [1, 6, 1], 1, padding="VALID"), rtol=1e-4, atol=1e-4),
    Spec("nn.batch_norm_with_global_normalization",
         a(arrs(FLOATS, shape=(2, 3), specials=False), arrs(FLOATS, shape=(3,), specials=False),
           arrs(FLOATS, shape=(3,), lo=0.5, hi=2, specials=False),
           arrs(FLOATS, shape=(3,), specials=False), arrs(FLOATS, shape=(3,), specials=False),
           1e-3, st.booleans()), rtol=1e-4, atol=1e-4),
    Spec("nn.scale_regularization_loss", a(arrs(F64, shape=st.sampled_from([(), (3,), (2, 2)]),
                                               specials=False)), rtol=1e-5, atol=1e-6),
]


@pytest.mark.parametrize("spec", LAST, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_last(spec, data):
    run_spec(spec, data)


# ------------------------------------------------------------------------------ tf.nn / tf
def _conv_case(pad, st):
    inp, w = uniform(2, 7, 8, 3), uniform(3, 2, 3, 4)
    g = uniform(*real.nn.conv2d(inp, w, st, pad).shape)
    return inp, w, g


@pytest.mark.parametrize("pad,st", [("SAME", [1, 2, 2, 1]), ("VALID", [1, 1, 2, 1])])
def test_conv_backprops(pad, st):
    inp, w, g = _conv_case(pad, st)
    # Conv2DBackprop*V2 have no CPU kernel in TF 2.21: compared with the V1 kernels
    exp_f = real.raw_ops.Conv2DBackpropFilter(input=inp, filter_sizes=w.shape, out_backprop=g,
                                              strides=st, padding=pad)
    exp_i = real.raw_ops.Conv2DBackpropInput(input_sizes=inp.shape, filter=w, out_backprop=g,
                                             strides=st, padding=pad)
    covers("tf.conv2d_backprop_filter_v2", "tf.conv2d_backprop_input_v2")
    for b in B2:
        with ivy.using_backend(b):
            args = (ftf.constant(inp), ftf.constant(w), ftf.constant(g), st, pad)
            compare(ftf.conv2d_backprop_filter_v2(*args), exp_f, b, 1e-4, 1e-4)
            compare(ftf.conv2d_backprop_input_v2(*args), exp_i, b, 1e-4, 1e-4)
    chk("conv", A(inp), A(w), st, pad, rtol=1e-4, atol=1e-4)
    chk("conv", A(inp), A(w), st, pad, data_format="CHANNELS_FIRST")    # shapes: both raise
    dw = uniform(3, 2, 3, 2)
    gd = uniform(*real.nn.depthwise_conv2d(inp, dw, st, pad).shape)
    chk("nn.depthwise_conv2d_backprop_filter", A(inp), [3, 2, 3, 2], A(gd), st, pad, rtol=1e-4,
        atol=1e-4)
    chk("nn.depthwise_conv2d_backprop_input", [2, 7, 8, 3], A(dw), A(gd), st, pad, rtol=1e-4,
        atol=1e-4)
    chk("nn.max_pool_with_argmax", A(inp), [1, 3, 2, 1], st, pad, include_batch_in_index=True)
    chk("nn.max_pool_with_argmax", A(inp), [1, 3, 2, 1], st, pad, output_dtype=D("int32"))


def test_nn_added():
    v2, w2 = uniform(2, 5, 5, 3), uniform(3, 3, 4, 3)
    chk("nn.atrous_conv2d_transpose", A(v2), A(w2), [2, 5, 5, 4], 2, "SAME", rtol=1e-4, atol=1e-4)
    chk("nn.atrous_conv2d_transpose", A(v2), A(w2), [2, 9, 9, 4], 2, "VALID", rtol=1e-4,
        atol=1e-4)
    inp, f4 = uniform(2, 7, 8, 3), uniform(3, 3, 3, 4)
    covers("tf.nn.with_space_to_batch")
    for pad in ("SAME", "VALID"):
        exp = real.nn.with_space_to_batch(inp, [2, 2], pad, lambda a, n, p: real.nn.conv2d(
            a, f4, 1, p), filter_shape=[3, 3])
        for b in B2:
            with ivy.using_backend(b):
                got = ftf.nn.with_space_to_batch(
                    ftf.constant(inp), [2, 2], pad,
                    lambda a, n, p: ftf.nn.conv2d(a, ftf.constant(f4), 1, p), filter_shape=[3, 3])
                compare(got, exp, b, 1e-4, 1e-4)
    # isotonic regression: ties (integer data) exercise TF's segment rule
    iso = [np.array([[1, 3, 2, 4, 3, 1]], np.int32), np.array([1.0, 1, 1, 2, 2], np.float32),
           RNG.integers(0, 4, (3, 9)).astype(np.int32), uniform(4, 7),
           RNG.integers(0, 3, (2, 6)).astype(np.float64), uniform(3, 5).astype(np.float16)]
    for i, v in enumerate(iso):
        chk("nn.isotonic_regression", A(v), decreasing=bool(i % 2), axis=-1 if i % 3 else 0,
            rtol=1e-5, atol=1e-6)
    chk("nn.isotonic_regression", A(np.array([[True, False]])))                # bool: raise
    x = uniform(3, 8)
    chk("nn.approx_max_k", A(x), 3)
    chk("math.approx_max_k", A(x.astype(np.float16)), 2)
    chk("math.approx_max_k", A(x.astype(np.float64)), 2)                # float64: raise
    chk("approx_top_k", A(x), 2)
    # TF's CPU kernel only has max-k: approx_min_k(x) is compared with approx_max_k(-x)
    covers("tf.nn.approx_min_k", "tf.math.approx_min_k")
    ev, ei = real.math.approx_max_k(-x, 3)
    for b in B2:
        with ivy.using_backend(b):
            gv, gi = ftf.nn.approx_min_k(ftf.constant(x), 3)
            compare(gv, -ev, b)
            compare(gi, ei, b)
    tc = A(np.array([[1, 2], [3, 3], [0, 5]], np.int64))
    sa = A(np.array([3, 1, 5, 3, 7], np.int64))
    chk("nn.compute_accidental_hits", tc, sa, 2)
    chk("nn.compute_accidental_hits", tc, A(np.array([3, 1], np.int32)), 2)   # int32: raise
    W, B_ = RNG.normal(0, 1, (10, 4)).astype(np.float32), RNG.normal(0, 1, 10).astype(np.float32)
    lab = np.array([[1, 4], [3, 9], [7, 0]], np.int64)
    xs = RNG.normal(0, 1, (3, 4)).astype(np.float32)
    sv = (A(np.array([3, 0, 5, 9, 2], np.int64)), A(uniform(3, 2, lo=0.1, hi=1)),
          A(uniform(5, lo=0.1, hi=1)))
    for rah in (False, True):
        chk("nn.nce_loss", A(W), A(B_), A(lab), A(xs), 5, 10, num_true=2, sampled_values=sv,
            remove_accidental_hits=rah, rtol=1e-4, atol=1e-5)
        chk("nn.sampled_softmax_loss", A(W), A(B_), A(lab), A(xs), 5, 10, num_true=2,
            sampled_values=sv, remove_accidental_hits=rah, rtol=1e-4, atol=1e-5)


def test_fractional_pool():
    """The pooling over given boundary sequences is compared with TF on TF's own sequences;
    the public functions' outputs by dtype/shape and their sequences' structure (the draws are
    the frontend's)."""
    from ivy.frontends.tensorflow import nn as fnn

    covers("tf.nn.fractional_max_pool", "tf.nn.fractional_avg_pool")
    for b in B2:
        with ivy.using_backend(b):
            for dt in (np.float32, np.int32):
                x = RNG.uniform(-5, 5, (2, 9, 11, 3)).astype(dt)
                for pr, ov, ps in (([1, 1.5, 1.7, 1], False, False),
                                   ([1, 1.44, 1.73, 1], True, True),
                                   ([1, 2.0, 1.3, 1], True, False)):
                    for kind in ("max", "avg"):
                        e = getattr(real.nn, f"fractional_{kind}_pool")(
                            x, pr, pseudo_random=ps, overlapping=ov, seed=3)
                        got = fnn._fractional_pool(ftf.constant(x)._data,
                                                   ftf.constant(e[1].numpy())._data,
                                                   ftf.constant(e[2].numpy())._data, ov, kind)
                        compare(ftf.constant(np.asarray(ivy.to_numpy(got))), e[0], b, 1e-5,
                                1e-5)
                        f = getattr(ftf.nn, f"fractional_{kind}_pool")(
                            ftf.constant(x), pr, pseudo_random=ps, overlapping=ov, seed=3)
                        for t, te in zip(f, e, strict=True):
                            assert (t.dtype.name, t.shape.as_list()) == \
                                (te.dtype.name, te.shape.as_list())
                        for seq, n in ((f[1].numpy(), 9), (f[2].numpy(), 11)):
                            steps = np.diff(seq)
                            assert seq[0] == 0 and seq[-1] == n and steps.min() >= 1
                            if not ps:
                                k = n // (len(seq) - 1)
                                assert set(steps.tolist()) <= {k, k + 1}
