"""tf.image functions vs real TensorFlow (the random ops by dtype, shape, reproducibility and
range)."""

import numpy as np
import pytest
import tensorflow as real
from hypothesis import given
from hypothesis import strategies as st

import ivy
import ivy.frontends.tensorflow as ftf

from .helpers import (
    B2,
    BACKENDS,
    EX,
    F64,
    RNG,
    A,
    Spec,
    a,
    arrays,
    arrs,
    chk,
    covers,
    run_spec,
    uniform,
)

rgb = arrs(F64, shape=st.sampled_from([(4, 5, 3), (2, 3, 3, 3)]), lo=0, hi=1, specials=False)
img4 = arrs(F64, shape=st.sampled_from([(1, 4, 5, 2), (2, 3, 3, 1)]), lo=-2, hi=2,
            specials=False)
SPECS = [
    Spec("image.rgb_to_hsv", a(rgb), rtol=1e-4, atol=1e-5),
    Spec("image.hsv_to_rgb", a(rgb), rtol=1e-4, atol=1e-5),
    Spec("image.adjust_saturation", a(rgb, st.sampled_from([0.0, 0.5, 2.0])),
         rtol=1e-4, atol=1e-4),
    Spec("image.adjust_saturation", a(arrays("uint8", (3, 4, 3)).map(A),
                                      st.sampled_from([0.5, 2.0])), rtol=0, atol=1),
    Spec("image.sobel_edges", a(img4), rtol=1e-5, atol=1e-5),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more(spec, data):
    run_spec(spec, data)


img4c = arrays("float32", (2, 6, 6, 3), lo=-2, hi=2, specials=False).map(A)
LAST = [
    Spec("image.adjust_hue", a(rgb, st.sampled_from([0.0, 0.3, -0.7, 1.0])),
         rtol=1e-4, atol=1e-4),
    Spec("image.adjust_hue", a(arrays("uint8", (3, 4, 3)).map(A), st.sampled_from([0.25, -0.5])),
         rtol=0, atol=1),
]


@pytest.mark.parametrize("spec", LAST, ids=lambda s: s.id)
@EX
@given(data=st.data())
def test_more_last(spec, data):
    run_spec(spec, data)


covers("tf.image.random_flip_left_right", "tf.image.random_flip_up_down",
       "tf.image.stateless_random_flip_left_right", "tf.image.stateless_random_flip_up_down",
       "tf.image.random_brightness", "tf.image.stateless_random_brightness",
       "tf.image.random_contrast", "tf.image.stateless_random_contrast",
       "tf.image.random_saturation", "tf.image.stateless_random_saturation",
       "tf.image.random_hue", "tf.image.stateless_random_hue",
       "tf.random.split", "tf.random.fold_in", "tf.random.stateless_categorical")


def _same_kind(got, exp):
    assert got.dtype.name == exp.dtype.name and got.shape.as_list() == exp.shape.as_list()


def test_random_image_ops():
    """TensorFlow's random bits are not reproduced (see docs): dtype, shape, reproducibility of
    the stateless ops, and that the result is the deterministic op for a factor in range."""
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, (4, 3, 5, 3)).astype(np.float32)
    for b in BACKENDS:
        with ivy.using_backend(b):
            fx = ftf.constant(x)
            for n, ax in (("left_right", 2), ("up_down", 1)):
                for st_ in (False, True):
                    name = ("stateless_random_flip_" if st_ else "random_flip_") + n
                    kw = {"seed": [1, 2]} if st_ else {"seed": 3}
                    got = getattr(ftf.image, name)(fx, **kw)
                    _same_kind(got, getattr(real.image, name)(real.constant(x), **kw))
                    g = got.numpy()
                    for i in range(4):
                        assert np.array_equal(g[i], x[i]) or np.array_equal(
                            g[i], np.flip(x[i], axis=ax - 1))
                    if st_:
                        np.testing.assert_array_equal(
                            g, getattr(ftf.image, name)(fx, **kw).numpy())
                # 3-D image: a single flip decision
                g3 = getattr(ftf.image, "stateless_random_flip_" + n)(fx[0], seed=[5, 6]).numpy()
                assert np.array_equal(g3, x[0]) or np.array_equal(g3, np.flip(x[0], ax - 1))
            for st_ in (False, True):
                pre = "stateless_random_" if st_ else "random_"
                kw = {"seed": [4, 5]} if st_ else {"seed": 1}
                r = getattr(ftf.image, pre + "brightness")(fx, 0.3, **kw)
                _same_kind(r, getattr(real.image, pre + "brightness")(real.constant(x), 0.3,
                                                                      **kw))
                dlt = r.numpy() - x
                assert np.ptp(dlt) < 1e-5 and abs(dlt.flat[0]) <= 0.3 + 1e-6
                r = getattr(ftf.image, pre + "contrast")(fx, 0.2, 0.6, **kw)
                _same_kind(r, getattr(real.image, pre + "contrast")(real.constant(x), 0.2, 0.6,
                                                                    **kw))
                m = x.mean(axis=(1, 2), keepdims=True)
                f = (r.numpy() - m) / (x - m)
                assert np.all((f > 0.2 - 1e-3) & (f < 0.6 + 1e-3))
                for op, lo_hi in (("saturation", (0.5, 1.5)), ("hue", (0.2,))):
                    r = getattr(ftf.image, pre + op)(fx, *lo_hi, **kw)
                    _same_kind(r, getattr(real.image, pre + op)(real.constant(x), *lo_hi, **kw))
                    if st_:
                        np.testing.assert_array_equal(
                            r.numpy(), getattr(ftf.image, pre + op)(fx, *lo_hi, **kw).numpy())
            with pytest.raises(ValueError):
                ftf.image.random_hue(fx, 0.7)
            with pytest.raises(ValueError):
                ftf.image.stateless_random_contrast(fx, 0.6, 0.2, seed=[1, 2])
            s = ftf.random.split([1, 2], num=3)
            _same_kind(s, real.random.split([1, 2], num=3))
            np.testing.assert_array_equal(s.numpy(), ftf.random.split([1, 2], num=3).numpy())
            assert len({tuple(v) for v in s.numpy().tolist()}) == 3
            f1 = ftf.random.fold_in([1, 2], 7)
            _same_kind(f1, real.random.fold_in([1, 2], 7))
            assert not np.array_equal(f1.numpy(), ftf.random.fold_in([1, 2], 8).numpy())
            lg = ftf.math.log(ftf.constant([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]))
            c = ftf.random.stateless_categorical(lg, 50, seed=[3, 4])
            _same_kind(c, real.random.stateless_categorical(
                real.math.log(real.constant([[0.5, 0.5, 0.0], [0.0, 0.0, 1.0]])), 50,
                seed=[3, 4]))
            cn = c.numpy()
            assert cn[0].max() <= 1 and np.all(cn[1] == 2)
            np.testing.assert_array_equal(cn, ftf.random.stateless_categorical(
                lg, 50, seed=[3, 4]).numpy())


# ------------------------------------------------------------------------------ tf.image
def test_image_added():
    x = uniform(2, 24, 24, 3, lo=0, hi=1)
    y = np.clip(x + RNG.normal(0, 0.1, x.shape), 0, 1).astype(np.float32)
    chk("image.ssim", A(x), A(y), 1.0, rtol=1e-4, atol=1e-5)
    chk("image.ssim", A(x), A(y), 1.0, filter_size=5, return_index_map=True, rtol=1e-4,
        atol=1e-5)
    chk("image.ssim", A((x * 255).astype(np.uint8)), A((y * 255).astype(np.uint8)), 255,
        rtol=1e-4, atol=1e-5)
    big = uniform(1, 178, 177, 1, lo=0, hi=1)
    big2 = np.clip(big + RNG.normal(0, 0.1, big.shape), 0, 1).astype(np.float32)
    chk("image.ssim_multiscale", A(big), A(big2), 1.0, rtol=1e-3, atol=1e-4)
    chk("image.ssim_multiscale", A(x[:, :12, :12]), A(y[:, :12, :12]), 1.0,
        power_factors=(0.5, 0.5), filter_size=3, rtol=1e-3, atol=1e-4)
    boxes, scores = uniform(12, 4, lo=0, hi=1), uniform(12, lo=0, hi=1)
    chk("image.non_max_suppression", A(boxes), A(scores), 6, 0.3)
    chk("image.non_max_suppression", A(boxes), A(scores), 20, 0.5, 0.4)
    chk("image.non_max_suppression_with_scores", A(boxes), A(scores), 6, 0.3, 0.2)
    chk("image.non_max_suppression_overlaps", A(uniform(12, 12, lo=0, hi=1)), A(scores), 6, 0.5)
    chk("image.non_max_suppression", A(boxes), A(scores[:5]), 6, 0.3)       # shapes: raise
    chk("image.non_max_suppression_padded", A(boxes), A(scores), 5, 0.3)
    chk("image.non_max_suppression_padded", A(boxes), A(scores), 9, 0.3, 0.5,
        pad_to_max_output_size=True)
    chk("image.non_max_suppression_padded", A(boxes[None]), A(scores[None]), 5, 0.3)  # raise
    cb = uniform(2, 10, 1, 4, lo=-0.2, hi=1.2)
    cs = uniform(2, 10, 3, lo=0, hi=1)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4, pad_per_class=True)
    chk("image.combined_non_max_suppression", A(cb), A(cs), 3, 7, 0.4, 0.4, clip_boxes=False)
    chk("image.combined_non_max_suppression", A(uniform(2, 10, 3, 4, lo=0, hi=1)), A(cs), 4, 20,
        0.4)
    covers("tf.image.random_crop", "tf.image.stateless_random_crop")
    img = uniform(2, 9, 8, 3)
    exp = real.image.random_crop(img, [2, 5, 6, 3], seed=3)
    exp_s = real.image.stateless_random_crop(img, [2, 5, 6, 3], seed=[1, 2])
    for b in B2:
        with ivy.using_backend(b):
            for got, e in ((ftf.image.random_crop(ftf.constant(img), [2, 5, 6, 3], seed=3), exp),
                           (ftf.image.stateless_random_crop(ftf.constant(img), [2, 5, 6, 3],
                                                            seed=[1, 2]), exp_s)):
                assert got.shape.as_list() == e.shape.as_list() and got.dtype.name == "float32"
                g = got.numpy()
                hits = [(i, j) for i in range(5) for j in range(3)
                        if np.array_equal(img[:, i:i + 5, j:j + 6], g)]
                assert len(hits) == 1, "not a crop of the image"
            s1 = ftf.image.stateless_random_crop(ftf.constant(img), [1, 4, 4, 3], seed=[4, 5])
            s2 = ftf.image.stateless_random_crop(ftf.constant(img), [1, 4, 4, 3], seed=[4, 5])
            np.testing.assert_array_equal(s1.numpy(), s2.numpy())
            with pytest.raises(ftf.errors.InvalidArgumentError):
                ftf.image.random_crop(ftf.constant(img), [3, 5, 6, 3])
    with pytest.raises(real.errors.InvalidArgumentError):
        real.image.random_crop(img, [3, 5, 6, 3])


def _check_crop(g, boxes, H, W, mo, area_range, ar_range):
    (y, x, _), (h, w, c) = g.begin.numpy().tolist(), g.size.numpy().tolist()
    assert c == -1 and 0 <= y and 0 <= x and y + h <= H and x + w <= W and h > 0 and w > 0
    np.testing.assert_allclose(g.bboxes.numpy().ravel(), [y / H, x / W, (y + h) / H,
                                                          (x + w) / W], rtol=1e-6)
    if (h, w) == (H, W) and (y, x) == (0, 0):
        return  # TF's fallback (no attempt succeeded) is the whole image
    assert area_range[0] * H * W <= h * w <= area_range[1] * H * W
    assert ar_range[0] - 1.0 / h <= w / h <= ar_range[1] + 1.0 / h
    cov = []
    for b in boxes.reshape(-1, 4):
        iy = max(0.0, min(y + h, b[2] * H) - max(y, b[0] * H))
        ix = max(0.0, min(x + w, b[3] * W) - max(x, b[1] * W))
        cov.append(iy * ix / ((b[2] - b[0]) * H * (b[3] - b[1]) * W))
    assert max(cov) >= mo - 1e-6


def test_sample_distorted_bounding_box():
    """dtypes/shapes and errors vs TF; each crop is a valid one under TF's rules (fits the
    image, area and aspect ranges, covers min_object_covered of a box; else the whole image);
    the stateless form is reproducible (the draws are the frontend's / Philox uniforms)."""
    covers("tf.image.sample_distorted_bounding_box",
           "tf.image.stateless_sample_distorted_bounding_box")
    boxes = np.array([[[0.1, 0.2, 0.5, 0.6], [0.3, 0.3, 0.9, 0.8]]], np.float32)
    H, W = 20, 30
    for b in B2:
        with ivy.using_backend(b):
            for kw in (dict(min_object_covered=0.3),
                       dict(min_object_covered=0.9, area_range=(0.05, 0.3)),
                       dict(aspect_ratio_range=(0.5, 2.0), area_range=(0.1, 0.5))):
                e = real.image.sample_distorted_bounding_box([H, W, 3], real.constant(boxes),
                                                             seed=1, **kw)
                es = real.image.stateless_sample_distorted_bounding_box(
                    [H, W, 3], real.constant(boxes), seed=[1, 2], **kw)
                args = (kw.get("min_object_covered", 0.1), kw.get("area_range", (0.05, 1.0)),
                        kw.get("aspect_ratio_range", (0.75, 1.33)))
                for s in range(3):
                    g = ftf.image.sample_distorted_bounding_box([H, W, 3], ftf.constant(boxes),
                                                                seed=s + 1, **kw)
                    for t, te in zip(g, e, strict=True):
                        assert (t.dtype.name, t.shape.as_list()) == \
                            (te.dtype.name, te.shape.as_list())
                    _check_crop(g, boxes, H, W, *args)
                gs = [ftf.image.stateless_sample_distorted_bounding_box(
                    [H, W, 3], ftf.constant(boxes), seed=[1, 2], **kw) for _ in range(2)]
                for t, te in zip(gs[0], es, strict=True):
                    assert (t.dtype.name, t.shape.as_list()) == (te.dtype.name,
                                                                 te.shape.as_list())
                _check_crop(gs[0], boxes, H, W, *args)
                np.testing.assert_array_equal(gs[0].begin.numpy(), gs[1].begin.numpy())
            chk("image.sample_distorted_bounding_box", [H, W, 3],
                A(np.zeros((1, 0, 4), np.float32)))                       # no boxes: raise
