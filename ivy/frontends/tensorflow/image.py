"""tf.image: resizing with TensorFlow's pixel-centre rules, colour and geometry helpers."""

from __future__ import annotations

import math

import numpy as np

import ivy

from . import _functions as _F
from ._core import BY_NAME, KIND, as_dtype, invalid, name_of, nat, not_implemented, wrap


class ResizeMethod:
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


def _batched(d):
    nd = len(d.shape)
    if nd == 3:
        return ivy.expand_dims(d, axis=0), True
    if nd != 4:
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    return d, False


def _scale(i, o, align_corners):
    if align_corners and o > 1:
        return (i - 1) / (o - 1)
    return i / o


def _linear_axis(d, axis, out, align_corners, half_pixel):
    """Resample axis ``axis`` of float ``d`` to ``out`` samples (TensorFlow's bilinear rule)."""
    i = int(d.shape[axis])
    sc = _scale(i, out, align_corners)
    o = np.arange(out, dtype=np.float64)
    src = (o + 0.5) * sc - 0.5 if half_pixel else o * sc
    src = src.astype(np.float32).astype(np.float64)
    lo_f = np.floor(src)
    lo = np.clip(lo_f, 0, i - 1).astype(np.int64)
    hi = np.clip(np.ceil(src), 0, i - 1).astype(np.int64)
    lerp = (src - lo_f).astype(np.float32)
    B = ivy.backend_of(d)
    a = ivy.take(d, B.asarray(lo), axis=axis)
    b = ivy.take(d, B.asarray(hi), axis=axis)
    shape = [1] * len(d.shape)
    shape[axis] = out
    w = ivy.reshape(ivy.astype(B.asarray(lerp), name_of(d)), tuple(shape))
    return ivy.add(a, ivy.multiply(ivy.subtract(b, a), w))


def _nearest_axis(d, axis, out, align_corners, half_pixel):
    i = int(d.shape[axis])
    sc = np.float32(_scale(i, out, align_corners))
    o = np.arange(out, dtype=np.float32)
    if half_pixel:
        src = np.floor((o + np.float32(0.5)) * sc)
    elif align_corners:
        src = np.round(o * sc)
    else:
        src = np.floor(o * sc)
    idx = np.clip(src, 0, i - 1).astype(np.int64)
    return ivy.take(d, ivy.backend_of(d).asarray(idx), axis=axis)


def resize_bilinear_raw(images, size, align_corners=False, half_pixel_centers=False):
    d, single = _batched(nat(images))
    h, w = _F._ints(size)
    x = ivy.astype(d, "float32")
    x = _linear_axis(x, 1, h, align_corners, half_pixel_centers)
    x = _linear_axis(x, 2, w, align_corners, half_pixel_centers)
    return wrap(ivy.squeeze(x, axis=0) if single else x)


def resize_nearest_raw(images, size, align_corners=False, half_pixel_centers=False):
    d, single = _batched(nat(images))
    h, w = _F._ints(size)
    x = _nearest_axis(d, 1, h, align_corners, half_pixel_centers)
    x = _nearest_axis(x, 2, w, align_corners, half_pixel_centers)
    return wrap(ivy.squeeze(x, axis=0) if single else x)


def resize(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False,
           antialias=False, name=None):
    """tf.image.resize (v2): half-pixel centres; bilinear returns float32, nearest keeps the
    dtype."""
    d = nat(images)
    method = getattr(method, "value", method)
    h, w = _F._ints(size)
    ih, iw = int(d.shape[-3]), int(d.shape[-2])
    if preserve_aspect_ratio:
        scale = min(h / ih, w / iw)
        h, w = max(int(round(ih * scale)), 1), max(int(round(iw * scale)), 1)
    if method == "bilinear":
        if antialias and (h < ih or w < iw):
            not_implemented("tf.image.resize(antialias=True) when downsampling")
        r = resize_bilinear_raw(wrap(d), [h, w], False, True)
        if name_of(d) == "float64":
            r = wrap(ivy.astype(r._data, "float64"))
        return r
    if method == "nearest":
        return resize_nearest_raw(wrap(d), [h, w], False, True)
    not_implemented(f"tf.image.resize(method={method!r})", "only bilinear and nearest")


def rgb_to_grayscale(images, name=None):
    d = nat(images)
    n = name_of(d)
    f = convert_image_dtype(wrap(d), "float32")._data
    w = ivy.asarray([0.2989, 0.5870, 0.1140], dtype="float32")
    g = ivy.sum(ivy.multiply(f, w), axis=-1, keepdims=True)
    return convert_image_dtype(wrap(g), n)


def grayscale_to_rgb(images, name=None):
    d = nat(images)
    return wrap(ivy.concat([d, d, d], axis=-1))


def flip_left_right(image):
    return wrap(ivy.flip(nat(image), axis=-2))


def flip_up_down(image):
    return wrap(ivy.flip(nat(image), axis=-3))


def rot90(image, k=1, name=None):
    d = nat(image)
    k = _F._int(k) % 4
    for _ in range(k):
        d = ivy.flip(ivy.permute_dims(d, _swap_hw(len(d.shape))), axis=-3)
    return wrap(d)


def _swap_hw(nd):
    p = list(range(nd))
    p[-3], p[-2] = p[-2], p[-3]
    return tuple(p)


def transpose(image, name=None):
    d = nat(image)
    return wrap(ivy.permute_dims(d, _swap_hw(len(d.shape))))


def _as_float(d):
    n = name_of(d)
    if KIND[n] == "f":
        return d, n
    return convert_image_dtype(wrap(d), "float32")._data, n


def adjust_brightness(image, delta):
    d, n = _as_float(nat(image))
    r = ivy.add(d, _F.nat(delta, BY_NAME[name_of(d)]))
    return convert_image_dtype(wrap(r), n, saturate=True)


def adjust_contrast(images, contrast_factor):
    d, n = _as_float(nat(images))
    m = ivy.mean(d, axis=(-3, -2), keepdims=True)
    f = _F.nat(contrast_factor, BY_NAME[name_of(d)])
    r = ivy.add(ivy.multiply(ivy.subtract(d, m), f), m)
    return convert_image_dtype(wrap(r), n, saturate=True)


def adjust_gamma(image, gamma=1, gain=1):
    d, n = _as_float(nat(image))
    r = ivy.multiply(ivy.pow(d, float(gamma)), float(gain))
    return convert_image_dtype(wrap(r), n, saturate=True)


def per_image_standardization(image):
    d = nat(image)
    if KIND[name_of(d)] != "f":
        d = ivy.astype(d, "float32")
    ax = (-3, -2, -1)
    cnt = 1
    for a in ax:
        cnt *= int(d.shape[a])
    m = ivy.mean(d, axis=ax, keepdims=True)
    sd = ivy.std(d, axis=ax, keepdims=True)
    adj = ivy.maximum(sd, 1.0 / math.sqrt(cnt))
    return wrap(ivy.divide(ivy.subtract(d, m), adj))


def central_crop(image, central_fraction):
    d = nat(image)
    if central_fraction <= 0.0 or central_fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return wrap(d)
    h, w = int(d.shape[-3]), int(d.shape[-2])
    hs = int((h - h * central_fraction) / 2)
    ws = int((w - w * central_fraction) / 2)
    key = (Ellipsis, slice(hs, h - hs), slice(ws, w - ws), slice(None))
    return wrap(ivy.get_item(d, key))


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    d = nat(image)
    oh, ow, th, tw = (_F._int(v) for v in (offset_height, offset_width, target_height,
                                           target_width))
    h, w = int(d.shape[-3]), int(d.shape[-2])
    if oh < 0 or ow < 0:
        raise ValueError("offset_height and offset_width must be >= 0.")
    if th <= 0 or tw <= 0:
        raise ValueError("target_width and target_height must be > 0.")
    if h < oh + th or w < ow + tw:
        raise ValueError("height/width must be >= target + offset.")
    return wrap(ivy.get_item(d, (Ellipsis, slice(oh, oh + th), slice(ow, ow + tw), slice(None))))


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    d = nat(image)
    oh, ow, th, tw = (_F._int(v) for v in (offset_height, offset_width, target_height,
                                           target_width))
    h, w = int(d.shape[-3]), int(d.shape[-2])
    if oh < 0 or ow < 0:
        raise ValueError("offset_height and offset_width must be >= 0")
    if th < h + oh or tw < w + ow:
        raise ValueError("target_height/width must be >= offset + height/width")
    pw = [(0, 0)] * (len(d.shape) - 3) + [(oh, th - h - oh), (ow, tw - w - ow), (0, 0)]
    return wrap(ivy.pad(d, pw))


def resize_with_crop_or_pad(image, target_height, target_width):
    d = nat(image)
    h, w = int(d.shape[-3]), int(d.shape[-2])
    th, tw = _F._int(target_height), _F._int(target_width)
    t = wrap(d)
    ch, cw = max((h - th) // 2, 0), max((w - tw) // 2, 0)
    t = crop_to_bounding_box(t, ch, cw, min(th, h), min(tw, w))
    ph, pw_ = max((th - h) // 2, 0), max((tw - w) // 2, 0)
    return pad_to_bounding_box(t, ph, pw_, th, tw)


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0, name=None):
    """TF's CropAndResize kernel in float32: sample points ``y1 * (H - 1) + i * (y2 - y1) *
    (H - 1) / (ch - 1)`` (the box centre when ``ch == 1``), bilinear (TF's lerp order) or nearest
    (round half away from zero), ``extrapolation_value`` outside the image."""
    op = "CropAndResize"
    d = nat(image)
    if len(d.shape) != 4:
        invalid(f"input image must be 4-D{list(d.shape)}", op)
    b_ = nat(boxes, "float32")
    bi = nat(box_indices, "int32")
    ch, cw = _F._ints(crop_size)
    if method not in ("bilinear", "nearest"):
        raise ValueError("method must be 'bilinear' or 'nearest'")
    if ch <= 0 or cw <= 0:
        invalid("crop dimensions must be positive", op)
    if len(b_.shape) != 2 or int(b_.shape[1]) != 4 or tuple(bi.shape) != (int(b_.shape[0]),):
        invalid("boxes must be [num_boxes, 4] and box_index [num_boxes]", op)
    bsz, h, w, c = (int(v) for v in d.shape)
    n = int(b_.shape[0])
    if n and _F._any_host(ivy.logical_or(ivy.less(bi, 0), ivy.greater_equal(bi, bsz))):
        invalid(f"box_index has values outside [0, {bsz})", op)
    img = ivy.take(ivy.astype(d, "float32"), bi, axis=0)  # (n, h, w, c)

    def coords(lo, hi, size, k):
        i = ivy.reshape(ivy.arange(k, dtype="float32"), (1, k))
        lo, hi = ivy.reshape(lo, (n, 1)), ivy.reshape(hi, (n, 1))
        if k > 1:
            scale = ivy.divide(ivy.multiply(ivy.subtract(hi, lo), float(size - 1)), float(k - 1))
            return ivy.add(ivy.multiply(lo, float(size - 1)), ivy.multiply(i, scale))
        return ivy.multiply(ivy.multiply(ivy.add(lo, hi), 0.5), float(size - 1))

    ys = coords(b_[:, 0], b_[:, 2], h, ch)  # (n, ch)
    xs = coords(b_[:, 1], b_[:, 3], w, cw)  # (n, cw)
    oky = ivy.logical_and(ivy.greater_equal(ys, 0), ivy.less_equal(ys, float(h - 1)))
    okx = ivy.logical_and(ivy.greater_equal(xs, 0), ivy.less_equal(xs, float(w - 1)))

    def rows(idx):
        i = ivy.astype(ivy.clip(idx, 0, h - 1), "int64")
        i = ivy.broadcast_to(ivy.reshape(i, (n, ch, 1, 1)), (n, ch, w, c))
        return ivy.take_along_axis(img, i, axis=1)

    def cols(t, idx):
        i = ivy.astype(ivy.clip(idx, 0, w - 1), "int64")
        i = ivy.broadcast_to(ivy.reshape(i, (n, 1, cw, 1)), (n, ch, cw, c))
        return ivy.take_along_axis(t, i, axis=2)

    if method == "nearest":
        out = cols(rows(ivy.floor(ivy.add(ys, 0.5))), ivy.floor(ivy.add(xs, 0.5)))
    else:
        ty, by = ivy.floor(ys), ivy.ceil(ys)
        tx, bx = ivy.floor(xs), ivy.ceil(xs)
        yl = ivy.reshape(ivy.subtract(ys, ty), (n, ch, 1, 1))
        xl = ivy.reshape(ivy.subtract(xs, tx), (n, 1, cw, 1))
        top, bot = rows(ty), rows(by)
        tl, tr, bl, br = cols(top, tx), cols(top, bx), cols(bot, tx), cols(bot, bx)
        t = ivy.add(tl, ivy.multiply(ivy.subtract(tr, tl), xl))
        bo = ivy.add(bl, ivy.multiply(ivy.subtract(br, bl), xl))
        out = ivy.add(t, ivy.multiply(ivy.subtract(bo, t), yl))
    ok = ivy.logical_and(ivy.reshape(oky, (n, ch, 1, 1)), ivy.reshape(okx, (n, 1, cw, 1)))
    return wrap(ivy.where(ok, out, ivy.full_like(out, float(extrapolation_value))))


def resize_with_pad(image, target_height, target_width, method=ResizeMethod.BILINEAR,
                    antialias=False):
    """TF's recipe: resize keeping the aspect ratio (sizes in float32 as TF computes them), then
    ``pad_to_bounding_box`` centred."""
    d = nat(image)
    if len(d.shape) not in (3, 4):
        raise ValueError(f"'image' (shape {list(d.shape)}) must have either 3 or 4 dimensions.")
    th, tw = _F._int(target_height), _F._int(target_width)
    if tw <= 0:
        raise ValueError("target_width must be > 0.")
    if th <= 0:
        raise ValueError("target_height must be > 0.")
    h, w = np.float32(d.shape[-3]), np.float32(d.shape[-2])
    fth, ftw = np.float32(th), np.float32(tw)
    ratio = max(w / ftw, h / fth)
    rh, rw = h / ratio, w / ratio
    ph = max(0, int(np.floor((fth - rh) / np.float32(2))))
    pw = max(0, int(np.floor((ftw - rw) / np.float32(2))))
    resized = resize(wrap(d), [int(np.floor(rh)), int(np.floor(rw))], method,
                     antialias=antialias)
    return pad_to_bounding_box(resized, ph, pw, th, tw)


def convert_image_dtype(image, dtype, saturate=False, name=None):
    """Integers are fixed-point in [0, MAX]; floats in [0, 1) (TensorFlow's rule)."""
    d = nat(image)
    src, dst = BY_NAME[name_of(d)], as_dtype(dtype)
    if src == dst:
        return wrap(d)
    if src.is_integer and dst.is_integer:
        smax, dmax = src.max, dst.max
        if smax > dmax:
            scale = (smax + 1) // (dmax + 1)
            return wrap(ivy.astype(ivy.floor_divide(d, scale), dst.name))
        scale = (dmax + 1) // (smax + 1)
        return wrap(ivy.multiply(ivy.astype(d, dst.name), scale))
    if src.is_floating and dst.is_floating:
        return wrap(ivy.astype(d, dst.name))
    if src.is_integer:
        f = ivy.astype(d, dst.name)
        return wrap(ivy.multiply(f, 1.0 / src.max))
    if not dst.is_integer:
        invalid(f"convert_image_dtype to {dst.name} is not supported", "ConvertImageDtype")
    scale = dst.max + 0.5
    x = ivy.multiply(d, scale)
    if saturate:
        x = ivy.clip(x, float(dst.min), float(dst.max))
    return wrap(ivy.astype(x, dst.name))


def _flip(image, u, axis):
    """Flip along ``axis`` the images whose uniform draw ``u`` (one per image) rounds to 1."""
    d = nat(image)
    nd = len(d.shape)
    if nd not in (3, 4):
        raise ValueError(f"'image' (shape {list(d.shape)}) must have either 3 or 4 dimensions.")
    f = ivy.round(u._data)
    if nd == 4:
        f = ivy.reshape(f, (int(d.shape[0]), 1, 1, 1))
    keep = ivy.greater(f, 0.5)
    return wrap(ivy.where(keep, ivy.flip(d, axis=axis + nd - 3), d))


def _batch(image):
    d = nat(image)
    return [int(d.shape[0])] if len(d.shape) == 4 else []


def random_flip_left_right(image, seed=None):
    from . import random as _r

    return _flip(image, _r.uniform(_batch(image), seed=seed), 1)


def random_flip_up_down(image, seed=None):
    from . import random as _r

    return _flip(image, _r.uniform(_batch(image), seed=seed), 0)


def stateless_random_flip_left_right(image, seed):
    from . import random as _r

    return _flip(image, _r.stateless_uniform(_batch(image), seed=seed), 1)


def stateless_random_flip_up_down(image, seed):
    from . import random as _r

    return _flip(image, _r.stateless_uniform(_batch(image), seed=seed), 0)


def _window_slices(d, ksize, strides, rates, padding, fill, op):
    """The (kh * kw) strided views of NHWC ``d`` that a ``ksize`` window with ``strides`` and
    ``rates`` visits (TF's SAME/VALID output size and padding), row-major over the window."""
    if len(d.shape) != 4:
        invalid("input must be 4-dimensional", op)
    pad = str(padding).upper()
    if pad not in ("SAME", "VALID"):
        raise ValueError(f"padding must be SAME or VALID, not {padding!r}")
    (kh, kw), (sh, sw), (rh, rw) = ksize, strides, rates
    h, w = int(d.shape[1]), int(d.shape[2])
    eh, ew = (kh - 1) * rh + 1, (kw - 1) * rw + 1
    if pad == "VALID":
        oh, ow = max(-(-(h - eh + 1) // sh), 0), max(-(-(w - ew + 1) // sw), 0)
        pt = pl = 0
    else:
        oh, ow = -(-h // sh), -(-w // sw)
        pt = max((oh - 1) * sh + eh - h, 0) // 2
        pl = max((ow - 1) * sw + ew - w, 0) // 2
    ph = max((oh - 1) * sh + eh - h - pt, 0) if oh else 0
    pw = max((ow - 1) * sw + ew - w - pl, 0) if ow else 0
    if pt or pl or ph or pw:
        d = ivy.pad(d, [(0, 0), (pt, ph), (pl, pw), (0, 0)], mode="constant",
                    constant_values=fill)
    out = []
    for ky in range(kh):
        for kx in range(kw):
            y0, x0 = ky * rh, kx * rw
            # ivy.get_item, not native indexing: the tracer records only Ivy calls
            key = ((slice(None), slice(y0, y0 + (oh - 1) * sh + 1, sh),
                    slice(x0, x0 + (ow - 1) * sw + 1, sw), slice(None)) if oh and ow else
                   (slice(None), slice(0, 0), slice(0, 0), slice(None)))
            out.append(ivy.get_item(d, key))
    return out, oh, ow


def extract_patches(images, sizes, strides, rates, padding, name=None):
    """Patches flattened row-major into the depth (``(ky * kw + kx) * C + c``), zero-padded."""
    d = nat(images)
    sz, st, rt = (_F._ints(v) for v in (sizes, strides, rates))
    if len(sz) != 4 or sz[0] != 1 or sz[3] != 1 or st[0] != 1 or st[3] != 1 or rt[0] != 1 \
            or rt[3] != 1:
        invalid("Only support ksizes/strides/rates across space", "ExtractImagePatches")
    views, oh, ow = _window_slices(d, sz[1:3], st[1:3], rt[1:3], padding, 0,
                                   "ExtractImagePatches")
    b, c = int(d.shape[0]), int(d.shape[3])
    r = ivy.stack(views, axis=3)  # (b, oh, ow, kh*kw, c)
    return wrap(ivy.reshape(r, (b, oh, ow, len(views) * c)))


_YIQ = [[0.299, 0.59590059, 0.2115], [0.587, -0.27455667, -0.52273617],
        [0.114, -0.32134392, 0.31119955]]
_YUV = [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512],
        [0.114, 0.43601035, -0.10001026]]


_YIQ_INV = [[1, 1, 1], [0.95598634, -0.27201283, -1.10674021],
            [0.6208248, -0.64720424, 1.70423049]]
_YUV_INV = [[1, 1, 1], [0, -0.394642334, 2.03206185], [1.13988303, -0.58062185, 0]]


def _colour(images, kernel):
    """Pixels times TensorFlow's 3x3 colour-space kernel (its rounded constants)."""
    d = nat(images)
    k = np.asarray(kernel, np.float64)
    kk = ivy.backend_of(d).asarray(k.astype(_np_name(d)))
    return wrap(ivy.tensordot(d, kk, axes=((len(d.shape) - 1,), (0,))))


def _np_name(d):
    return name_of(d)


def rgb_to_yiq(images):
    return _colour(images, _YIQ)


def yiq_to_rgb(images):
    return _colour(images, _YIQ_INV)


def rgb_to_yuv(images):
    return _colour(images, _YUV)


def yuv_to_rgb(images):
    return _colour(images, _YUV_INV)


def total_variation(images, name=None):
    d = nat(images)
    nd = len(d.shape)
    ax = (-3, -2, -1)
    dh = ivy.subtract(ivy.get_item(d, (Ellipsis, slice(1, None), slice(None), slice(None))),
                      ivy.get_item(d, (Ellipsis, slice(None, -1), slice(None), slice(None))))
    dw = ivy.subtract(ivy.get_item(d, (Ellipsis, slice(1, None), slice(None))),
                      ivy.get_item(d, (Ellipsis, slice(None, -1), slice(None))))
    _ = nd
    return wrap(ivy.add(ivy.sum(ivy.abs(dh), axis=ax), ivy.sum(ivy.abs(dw), axis=ax)))


def image_gradients(image):
    d = nat(image)
    if len(d.shape) != 4:
        raise ValueError("image_gradients expects a 4D tensor [batch_size, h, w, d]")
    dy = ivy.subtract(ivy.get_item(d, (slice(None), slice(1, None))),
                      ivy.get_item(d, (slice(None), slice(None, -1))))
    dx = ivy.subtract(ivy.get_item(d, (slice(None), slice(None), slice(1, None))),
                      ivy.get_item(d, (slice(None), slice(None), slice(None, -1))))
    n, h, w, c = (int(s) for s in d.shape)
    dy = ivy.concat([dy, ivy.zeros((n, 1, w, c), dtype=name_of(d))], axis=1)
    dx = ivy.concat([dx, ivy.zeros((n, h, 1, c), dtype=name_of(d))], axis=2)
    return wrap(dy), wrap(dx)


def psnr(a, b, max_val, name=None):
    (x, y), n = _F.match("PSNR", a, b)
    x = convert_image_dtype(wrap(x), "float32")._data
    y = convert_image_dtype(wrap(y), "float32")._data
    mv = float(max_val)
    if KIND[n] in "iu":
        mv = mv / BY_NAME[n].max
    mse = ivy.mean(ivy.square(ivy.subtract(x, y)), axis=(-3, -2, -1))
    r = ivy.subtract(20 * math.log10(mv), ivy.multiply(ivy.log(mse), 10 / math.log(10)))
    return wrap(r)


def _float_image(images, op):
    d = nat(images)
    if name_of(d) not in ("float16", "bfloat16", "float32", "float64"):
        invalid(f"Value for attr 'T' of {name_of(d)} is not in the list of allowed values: "
                "half, bfloat16, float, double", op)
    if int(d.shape[-1]) != 3:
        invalid(f"input must have 3 channels but input only has {int(d.shape[-1])} channels.", op)
    return d


def _rgb_to_hsv(d):
    r, g, b = (ivy.get_item(d, (Ellipsis, i)) for i in range(3))
    v = ivy.maximum(ivy.maximum(r, g), b)
    mn = ivy.minimum(ivy.minimum(r, g), b)
    rng = ivy.subtract(v, mn)
    zero = ivy.zeros_like(v)
    s = ivy.where(ivy.greater(v, 0), ivy.divide(rng, ivy.where(ivy.greater(v, 0), v,
                                                                ivy.ones_like(v))), zero)
    safe = ivy.where(ivy.greater(rng, 0), rng, ivy.ones_like(rng))
    norm = ivy.divide(ivy.ones_like(v), ivy.multiply(safe, 6.0))
    h = ivy.where(ivy.equal(r, v), ivy.multiply(norm, ivy.subtract(g, b)),
                  ivy.where(ivy.equal(g, v),
                            ivy.add(ivy.multiply(norm, ivy.subtract(b, r)), 2.0 / 6.0),
                            ivy.add(ivy.multiply(norm, ivy.subtract(r, g)), 4.0 / 6.0)))
    h = ivy.where(ivy.greater(rng, 0), h, zero)
    h = ivy.where(ivy.less(h, 0), ivy.add(h, 1.0), h)
    return h, s, v


def _hsv_to_rgb(h, s, v):
    c = ivy.multiply(s, v)
    m = ivy.subtract(v, c)
    dh = ivy.multiply(h, 6.0)
    cat = ivy.trunc(dh)
    fm = ivy.subtract(dh, ivy.multiply(ivy.floor(ivy.divide(dh, 2.0)), 2.0))
    x = ivy.multiply(c, ivy.subtract(1.0, ivy.abs(ivy.subtract(fm, 1.0))))
    z = ivy.zeros_like(c)
    table = [(c, x, z), (x, c, z), (z, c, x), (z, x, c), (x, z, c), (c, z, x)]
    out = []
    for ch in range(3):
        acc = z
        for i, t in enumerate(table):
            acc = ivy.where(ivy.equal(cat, float(i)), t[ch], acc)
        out.append(ivy.add(acc, m))
    return ivy.stack(out, axis=-1)


def rgb_to_hsv(images, name=None):
    d = _float_image(images, "RGBToHSV")
    return wrap(ivy.stack(list(_rgb_to_hsv(d)), axis=-1))


def hsv_to_rgb(images, name=None):
    d = _float_image(images, "HSVToRGB")
    h, s, v = (ivy.get_item(d, (Ellipsis, i)) for i in range(3))
    return wrap(_hsv_to_rgb(h, s, v))


def adjust_saturation(image, saturation_factor, name=None):
    d, n = _as_float(nat(image))
    h, s, v = _rgb_to_hsv(ivy.astype(d, "float32"))
    s = ivy.clip(ivy.multiply(s, float(saturation_factor)), 0.0, 1.0)
    r = ivy.astype(_hsv_to_rgb(h, s, v), name_of(d))
    return convert_image_dtype(wrap(r), n, saturate=True)


def sobel_edges(image):
    d = nat(image)
    if len(d.shape) != 4:
        raise ValueError("sobel_edges expects a 4D tensor [batch_size, h, w, d]")
    kernels = ([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]])
    h, w = int(d.shape[1]), int(d.shape[2])
    p = ivy.pad(d, [(0, 0), (1, 1), (1, 1), (0, 0)], mode="reflect")
    outs = []
    for k in kernels:
        acc = ivy.zeros_like(d)
        for i in range(3):
            for j in range(3):
                if k[i][j]:
                    win = ivy.get_item(p, (slice(None), slice(i, i + h), slice(j, j + w)))
                    acc = ivy.add(acc, ivy.multiply(win, float(k[i][j])))
        outs.append(acc)
    return wrap(ivy.stack(outs, axis=-1))


def adjust_hue(image, delta, name=None):
    if not -1.0 <= float(delta) <= 1.0:
        raise ValueError(f"delta must be in the interval [-1, 1], got {delta}")
    d, n = _as_float(nat(image))
    h, s, v = _rgb_to_hsv(ivy.astype(d, "float32"))
    h = ivy.add(h, float(delta))
    h = ivy.subtract(h, ivy.floor(h))
    r = ivy.astype(_hsv_to_rgb(h, s, v), name_of(d))
    return convert_image_dtype(wrap(r), n, saturate=True)


def _draw(seed, lo, hi, stateless):
    from . import random as _r

    if stateless:
        return float(_r.stateless_uniform([], seed=seed, minval=lo, maxval=hi).numpy())
    return float(_r.uniform([], minval=lo, maxval=hi, seed=seed).numpy())


def _check_range(lower, upper, what):
    if upper <= lower:
        raise ValueError(f"{what}: upper must be > lower.")
    if lower < 0:
        raise ValueError(f"{what}: lower must be non-negative.")


def random_brightness(image, max_delta, seed=None):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    return adjust_brightness(image, _draw(seed, -max_delta, max_delta, False))


def stateless_random_brightness(image, max_delta, seed):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    return adjust_brightness(image, _draw(seed, -max_delta, max_delta, True))


def random_contrast(image, lower, upper, seed=None):
    _check_range(lower, upper, "random_contrast")
    return adjust_contrast(image, _draw(seed, lower, upper, False))


def stateless_random_contrast(image, lower, upper, seed):
    _check_range(lower, upper, "stateless_random_contrast")
    return adjust_contrast(image, _draw(seed, lower, upper, True))


def random_saturation(image, lower, upper, seed=None):
    _check_range(lower, upper, "random_saturation")
    return adjust_saturation(image, _draw(seed, lower, upper, False))


def stateless_random_saturation(image, lower, upper, seed):
    _check_range(lower, upper, "stateless_random_saturation")
    return adjust_saturation(image, _draw(seed, lower, upper, True))


def random_hue(image, max_delta, seed=None):
    if max_delta > 0.5 or max_delta < 0:
        raise ValueError("max_delta must be in the interval [0, 0.5].")
    return adjust_hue(image, _draw(seed, -max_delta, max_delta, False))


def stateless_random_hue(image, max_delta, seed):
    if max_delta > 0.5 or max_delta < 0:
        raise ValueError("max_delta must be in the interval [0, 0.5].")
    return adjust_hue(image, _draw(seed, -max_delta, max_delta, True))


# ------------------------------------------------------------------ added: crops, SSIM, NMS
def _crop_at(d, size, offsets):
    """``d`` cropped to ``size`` at per-axis (native int) ``offsets``: a gather per axis."""
    out = d
    for ax, (sz, off) in enumerate(zip(size, offsets, strict=False)):
        idx = ivy.add(ivy.arange(sz, dtype="int64"), ivy.astype(off, "int64"))
        out = ivy.take(out, idx, axis=ax)
    return out


def _random_crop(value, size, u, op):
    d = nat(value)
    sz = _F._ints(size)
    shp = [int(v) for v in d.shape]
    if len(sz) != len(shp):
        invalid(f"Incompatible shapes: value rank {len(shp)} vs size {sz}", op)
    if any(s > v or s < 0 for s, v in zip(sz, shp, strict=False)):
        invalid(f"Need value.shape >= size, got {shp} and {sz}", op)
    # offset_i = floor(u_i * (limit_i)) with limit_i = shape_i - size_i + 1
    offs = []
    for i, (s, v) in enumerate(zip(sz, shp, strict=False)):
        lim = v - s + 1
        ui = ivy.get_item(u, i)
        offs.append(ivy.minimum(ivy.astype(ivy.floor(ivy.multiply(ui, float(lim))), "int64"),
                                lim - 1))
    return wrap(_crop_at(d, sz, offs))


def random_crop(value, size, seed=None, name=None):
    """A ``size`` slice of ``value`` at uniform offsets (drawn from the frontend's stream; the
    crop itself is exact)."""
    from . import random as _r

    n = len(nat(value).shape)
    return _random_crop(value, size, _r.uniform([n], dtype="float64", seed=seed)._data,
                        "RandomCrop")


def stateless_random_crop(value, size, seed, name=None):
    from . import random as _r

    n = len(nat(value).shape)
    return _random_crop(value, size,
                        _r.stateless_uniform([n], seed=seed, dtype="float64")._data,
                        "StatelessRandomCrop")


def _fspecial_gauss(size, sigma, dt):
    coords = ivy.subtract(ivy.arange(size, dtype=dt), (size - 1) / 2.0)
    g = ivy.multiply(ivy.square(coords), -0.5 / (float(sigma) ** 2))
    g = ivy.add(ivy.reshape(g, (1, -1)), ivy.reshape(g, (-1, 1)))
    g = ivy.softmax(ivy.reshape(g, (1, -1)), axis=-1)
    return ivy.reshape(g, (size, size, 1, 1))


def _ssim_per_channel(x, y, max_val, filter_size, filter_sigma, k1, k2, index_map=False):
    """TF's image_ops_impl._ssim_per_channel (Gaussian window by a VALID depthwise conv)."""
    shp = [int(v) for v in x.shape]
    if shp[-3] < filter_size or shp[-2] < filter_size:
        invalid(f"image size {shp[-3:-1]} must be at least the filter size {filter_size}",
                "SSIM")
    c = shp[-1]
    kern = ivy.tile(_fspecial_gauss(filter_size, filter_sigma, "float32"), (1, 1, c, 1))
    kern = ivy.reshape(kern, (filter_size, filter_size, 1, c))

    def reducer(t):
        s = [int(v) for v in t.shape]
        t4 = ivy.reshape(t, (-1,) + tuple(s[-3:]))
        r = ivy.conv2d(t4, kern, strides=1, padding="VALID", groups=c)
        return ivy.reshape(r, tuple(s[:-3]) + tuple(int(v) for v in r.shape[1:]))

    c1 = (k1 * max_val) ** 2
    c2 = (k2 * max_val) ** 2
    m0, m1 = reducer(x), reducer(y)
    num0 = ivy.multiply(ivy.multiply(m0, m1), 2.0)
    den0 = ivy.add(ivy.square(m0), ivy.square(m1))
    lum = ivy.divide(ivy.add(num0, c1), ivy.add(den0, c1))
    num1 = ivy.multiply(reducer(ivy.multiply(x, y)), 2.0)
    den1 = reducer(ivy.add(ivy.square(x), ivy.square(y)))
    cs = ivy.divide(ivy.add(ivy.subtract(num1, num0), c2),
                    ivy.add(ivy.subtract(den1, den0), c2))
    val = ivy.multiply(lum, cs)
    if not index_map:
        val = ivy.mean(val, axis=(-3, -2))
    return val, ivy.mean(cs, axis=(-3, -2))


def _ssim_inputs(img1, img2, max_val):
    a, b = nat(img1), nat(img2)
    if name_of(a) != name_of(b):
        invalid(f"cannot compute SSIM as input #1(zero-based) was expected to be a "
                f"{name_of(a)} tensor but is a {name_of(b)} tensor", "SSIM")
    if len(a.shape) < 3 or [int(v) for v in a.shape[-3:]] != [int(v) for v in b.shape[-3:]]:
        raise ValueError(f"Shapes must be compatible: {list(a.shape)} vs {list(b.shape)}")
    # TF: cast(max_val, img dtype), then convert_image_dtype to float32
    if KIND[name_of(a)] == "f":
        mv = float(np.asarray(float(max_val), dtype=name_of(a)))
    else:
        mv = float(int(max_val)) / float(BY_NAME[name_of(a)].max)
    return (convert_image_dtype(wrap(a), "float32")._data,
            convert_image_dtype(wrap(b), "float32")._data, mv)


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
         return_index_map=False):
    x, y, mv = _ssim_inputs(img1, img2, max_val)
    per, _ = _ssim_per_channel(x, y, mv, int(filter_size), filter_sigma, k1, k2,
                               return_index_map)
    return wrap(ivy.mean(per, axis=-1))


_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def ssim_multiscale(img1, img2, max_val, power_factors=_MSSSIM_WEIGHTS, filter_size=11,
                    filter_sigma=1.5, k1=0.01, k2=0.03):
    """TF's MS-SSIM: 2x2 average pooling between scales (symmetric padding of odd sizes),
    relu(cs) of the coarser scales and relu(ssim) of the last, weighted geometric mean."""
    x, y, mv = _ssim_inputs(img1, img2, max_val)
    imgs = [x, y]
    head = tuple(int(v) for v in x.shape[:-3])
    mcs = []
    per = None
    for k in range(len(power_factors)):
        if k > 0:
            tail = [int(v) for v in imgs[0].shape[-3:]]
            flat = [ivy.reshape(t, (-1, *tail)) for t in imgs]
            rh, rw = tail[0] % 2, tail[1] % 2
            if rh or rw:
                flat = [ivy.pad(t, [(0, 0), (0, rh), (0, rw), (0, 0)], mode="symmetric")
                        for t in flat]
            down = [ivy.avg_pool2d(t, (2, 2), strides=(2, 2), padding="VALID") for t in flat]
            imgs = [ivy.reshape(t, head + tuple(int(v) for v in t.shape[1:])) for t in down]
        per, cs = _ssim_per_channel(imgs[0], imgs[1], mv, int(filter_size), filter_sigma, k1,
                                    k2)
        mcs.append(ivy.relu(cs))
    mcs.pop()
    stacked = ivy.stack(mcs + [ivy.relu(per)], axis=-1)
    pf = ivy.asarray([float(p) for p in power_factors], dtype="float32")
    ms = ivy.prod(ivy.pow(stacked, pf), axis=-1)
    return wrap(ivy.mean(ms, axis=-1))


def _iou_matrix(b):
    """TF's IOU for boxes [N, 4] (y1, x1, y2, x2 in any corner order); 0 for empty boxes."""
    y1 = ivy.minimum(b[:, 0], b[:, 2])
    y2 = ivy.maximum(b[:, 0], b[:, 2])
    x1 = ivy.minimum(b[:, 1], b[:, 3])
    x2 = ivy.maximum(b[:, 1], b[:, 3])
    area = ivy.multiply(ivy.subtract(y2, y1), ivy.subtract(x2, x1))
    iy1 = ivy.maximum(ivy.expand_dims(y1, axis=1), ivy.expand_dims(y1, axis=0))
    ix1 = ivy.maximum(ivy.expand_dims(x1, axis=1), ivy.expand_dims(x1, axis=0))
    iy2 = ivy.minimum(ivy.expand_dims(y2, axis=1), ivy.expand_dims(y2, axis=0))
    ix2 = ivy.minimum(ivy.expand_dims(x2, axis=1), ivy.expand_dims(x2, axis=0))
    inter = ivy.multiply(ivy.maximum(ivy.subtract(iy2, iy1), 0.0),
                         ivy.maximum(ivy.subtract(ix2, ix1), 0.0))
    union = ivy.subtract(ivy.add(ivy.expand_dims(area, axis=1), ivy.expand_dims(area, axis=0)),
                         inter)
    ok = ivy.logical_and(ivy.greater(ivy.expand_dims(area, axis=1), 0.0),
                         ivy.greater(ivy.expand_dims(area, axis=0), 0.0))
    return ivy.where(ok, ivy.divide(inter, ivy.where(ok, union, ivy.ones_like(union))),
                     ivy.zeros_like(union))


def _greedy_nms(overlaps, scores, max_output_size, threshold, score_threshold):
    """Greedy NMS over score order: a static loop over the N candidates (each kept unless a
    kept, higher-scoring candidate overlaps it by more than ``threshold``), capped at
    ``max_output_size``. Returns (order, keep mask in that order)."""
    n = int(scores.shape[0])
    order = ivy.argsort(scores, descending=True, stable=True)
    s_sorted = ivy.take(scores, order, axis=0)
    ov = ivy.take(ivy.take(overlaps, order, axis=0), order, axis=1)
    keep = ivy.greater(s_sorted, score_threshold)
    sup = ivy.greater(ov, threshold)
    for i in range(1, n):
        prev = ivy.get_item(keep, slice(0, i))
        hit = ivy.any(ivy.logical_and(prev, ivy.get_item(sup, (i, slice(0, i)))))
        ki = ivy.logical_and(ivy.get_item(keep, i), ivy.logical_not(hit))
        keep = ivy.where(ivy.equal(ivy.arange(n), i), ki, keep)
    cnt = ivy.cumulative_sum(ivy.astype(keep, "int32"), axis=0)
    keep = ivy.logical_and(keep, ivy.less_equal(cnt, int(max_output_size)))
    return order, keep, s_sorted


def _nms_common(op, overlaps_fn, boxes, scores, max_output_size, thr, score_threshold):
    bx, sc = nat(boxes), nat(scores)
    _F.check(op, name_of(sc), ("float16", "float32"))
    if len(sc.shape) != 1:
        invalid(f"scores must be 1-D{list(sc.shape)}", op)
    mo = int(nat(max_output_size)) if not isinstance(max_output_size, int) else max_output_size
    if mo < 0:
        invalid("max_output_size must be non-negative", op)
    t = float(nat(thr)) if not isinstance(thr, (int, float)) else float(thr)
    st = float(nat(score_threshold)) if not isinstance(score_threshold, (int, float)) else \
        float(score_threshold)
    if op != "NonMaxSuppressionWithOverlaps" and not 0.0 <= t <= 1.0:
        invalid("iou_threshold must be in [0, 1]", op)
    n = int(sc.shape[0])
    if n == 0:
        return ivy.zeros((0,), dtype="int32"), ivy.zeros((0,), dtype=name_of(sc))
    ov = overlaps_fn(ivy.astype(bx, "float32"))
    order, keep, s_sorted = _greedy_nms(ov, ivy.astype(sc, "float32"), mo, t, st)
    pos = ivy.nonzero(keep)[0]
    return (ivy.astype(ivy.take(order, pos, axis=0), "int32"),
            ivy.astype(ivy.take(s_sorted, pos, axis=0), name_of(sc)))


def _check_boxes(boxes, n, op):
    b = nat(boxes)
    if len(b.shape) != 2 or int(b.shape[1]) != 4:
        invalid(f"boxes must be 2-D with 4 columns, got {list(b.shape)}", op)
    if int(b.shape[0]) != n:
        invalid(f"scores has incompatible shape: boxes {list(b.shape)}", op)
    return b


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5,
                        score_threshold=float("-inf"), name=None):
    _check_boxes(boxes, int(nat(scores).shape[0]), "NonMaxSuppressionV3")
    idx, _ = _nms_common("NonMaxSuppressionV3", _iou_matrix, boxes, scores, max_output_size,
                         iou_threshold, score_threshold)
    return wrap(idx)


def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0,
                                    name=None):
    if float(soft_nms_sigma) != 0.0:
        not_implemented("tf.image.non_max_suppression_with_scores", "soft_nms_sigma > 0")
    _check_boxes(boxes, int(nat(scores).shape[0]), "NonMaxSuppressionV5")
    idx, s = _nms_common("NonMaxSuppressionV5", _iou_matrix, boxes, scores, max_output_size,
                         iou_threshold, score_threshold)
    return wrap(idx), wrap(s)


def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    ov = nat(overlaps)
    n = int(nat(scores).shape[0])
    if len(ov.shape) != 2 or int(ov.shape[0]) != n or int(ov.shape[1]) != n:
        invalid(f"overlaps must be square with the size of scores, got {list(ov.shape)}",
                "NonMaxSuppressionWithOverlaps")
    idx, _ = _nms_common("NonMaxSuppressionWithOverlaps", lambda _b: ivy.astype(ov, "float32"),
                         overlaps, scores, max_output_size, overlap_threshold, score_threshold)
    return wrap(idx)


def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5,
                               score_threshold=float("-inf"), pad_to_max_output_size=False,
                               name=None, sorted_input=False, canonicalized_coordinates=False,
                               tile_size=512):
    """Greedy NMS (as ``non_max_suppression``) with ``(indices, valid_count)``; the indices are
    zero-padded to ``max_output_size`` when ``pad_to_max_output_size``. Unbatched boxes only."""
    bx = nat(boxes)
    if len(bx.shape) > 2:
        if not pad_to_max_output_size:
            raise ValueError(f"'pad_to_max_output_size' (value {pad_to_max_output_size}) must "
                             f"be True for batched input")
        not_implemented("tf.image.non_max_suppression_padded", "batched boxes")
    _check_boxes(boxes, int(nat(scores).shape[0]), "NonMaxSuppressionV4")
    idx, _ = _nms_common("NonMaxSuppressionV4", _iou_matrix, boxes, scores, max_output_size,
                         iou_threshold, score_threshold)
    n = ivy.asarray(int(idx.shape[0]), dtype="int32")
    if pad_to_max_output_size:
        mo = int(nat(max_output_size)) if not isinstance(max_output_size, int) else \
            max_output_size
        idx = ivy.pad(idx, [(0, mo - int(idx.shape[0]))])
    return wrap(idx), wrap(n)


def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size,
                                 iou_threshold=0.5, score_threshold=float("-inf"),
                                 pad_per_class=False, clip_boxes=True, name=None):
    """TF's CombinedNonMaxSuppression: greedy NMS per batch item and class (boxes
    ``[B, N, q, 4]`` with q = 1 shared or one per class), the kept (score, box, class) entries
    sorted by score and cut to ``max_total_size``, zero-padded; boxes clipped to [0, 1]."""
    import collections

    bx, sc = nat(boxes), nat(scores)
    _F.check("CombinedNonMaxSuppression", name_of(sc), ("float32",))
    if len(bx.shape) != 4 or int(bx.shape[3]) != 4:
        invalid(f"boxes must be 4-D [batch, num_boxes, q, 4], got {list(bx.shape)}",
                "CombinedNonMaxSuppression")
    if len(sc.shape) != 3:
        invalid(f"scores must be 3-D, got {list(sc.shape)}", "CombinedNonMaxSuppression")
    b, n, q = (int(v) for v in bx.shape[:3])
    c = int(sc.shape[2])
    if q != 1 and q != c:
        invalid("third dimension of boxes must be either 1 or num classes",
                "CombinedNonMaxSuppression")
    per, total = int(max_output_size_per_class), int(max_total_size)
    if per <= 0 or total <= 0:
        invalid("max_output_size_per_class and max_total_size must be > 0",
                "CombinedNonMaxSuppression")
    thr, sthr = float(iou_threshold), float(score_threshold)
    if not 0.0 <= thr <= 1.0:
        invalid("iou_threshold must be in [0, 1]", "CombinedNonMaxSuppression")
    det = min(per * c, total) if pad_per_class else total
    out_b, out_s, out_c, out_v = [], [], [], []
    for i in range(b):
        ents_s, ents_b, ents_c = [], [], []
        for k in range(c):
            bk = ivy.get_item(bx, (i, slice(None), 0 if q == 1 else k, slice(None)))
            sk = ivy.get_item(sc, (i, slice(None), k))
            order, keep, s_sorted = _greedy_nms(_iou_matrix(bk), sk, per, thr, sthr)
            ents_s.append(ivy.where(keep, s_sorted, ivy.full_like(s_sorted, -float("inf"))))
            ents_b.append(ivy.take(bk, order, axis=0))
            ents_c.append(ivy.full((n,), float(k), dtype="float32"))
        all_s = ivy.concat(ents_s, axis=0)
        all_b = ivy.concat(ents_b, axis=0)
        all_c = ivy.concat(ents_c, axis=0)
        o = ivy.argsort(all_s, descending=True, stable=True)
        m = min(det, int(all_s.shape[0]))
        o = ivy.get_item(o, slice(0, m))
        s_top = ivy.take(all_s, o, axis=0)
        valid = ivy.isfinite(s_top)
        s_top = ivy.where(valid, s_top, ivy.zeros_like(s_top))
        b_top = ivy.where(ivy.expand_dims(valid, axis=-1), ivy.take(all_b, o, axis=0),
                          ivy.zeros((m, 4), dtype=name_of(bx)))
        c_top = ivy.where(valid, ivy.take(all_c, o, axis=0), ivy.zeros_like(s_top))
        if clip_boxes:
            b_top = ivy.clip(b_top, 0.0, 1.0)
        pad = det - m
        out_s.append(ivy.pad(s_top, [(0, pad)]))
        out_b.append(ivy.pad(b_top, [(0, pad), (0, 0)]))
        out_c.append(ivy.pad(c_top, [(0, pad)]))
        out_v.append(ivy.sum(ivy.astype(valid, "int32")))
    res = collections.namedtuple("CombinedNonMaxSuppression",
                                 ["nmsed_boxes", "nmsed_scores", "nmsed_classes",
                                  "valid_detections"])
    return res(wrap(ivy.stack(out_b, axis=0)), wrap(ivy.stack(out_s, axis=0)),
               wrap(ivy.stack(out_c, axis=0)), wrap(ivy.astype(ivy.stack(out_v, axis=0),
                                                               "int32")))


def _sample_distorted(op, image_size, bounding_boxes, u, min_object_covered,
                      aspect_ratio_range, area_range, max_attempts,
                      use_image_if_no_bounding_boxes):
    """TF's SampleDistortedBoundingBoxV2 kernel, all ``max_attempts`` tries drawn at once (the
    first one that fits and covers ``min_object_covered`` of some box wins, else the whole
    image). ``u``: [max_attempts, 4] uniforms (aspect ratio, height, y, x) from the frontend's
    stream -- the crops are valid TF crops, not TF's draws."""
    import collections

    isz = _F._ints(image_size)
    if len(isz) != 3:
        invalid(f"image_size must be 1-dimensional with 3 elements, got {isz}", op)
    H, W = int(isz[0]), int(isz[1])
    if H <= 0 or W <= 0:
        invalid("image height and width must be positive", op)
    bb = ivy.reshape(ivy.astype(nat(bounding_boxes), "float32"), (-1, 4))
    nb = int(bb.shape[0])
    mo = float(nat(min_object_covered)) if not isinstance(min_object_covered, (int, float)) \
        else float(min_object_covered)
    ar = [0.75, 1.33] if aspect_ratio_range is None else [float(v) for v in aspect_ratio_range]
    arr = [0.05, 1.0] if area_range is None else [float(v) for v in area_range]
    if nb == 0:
        if not use_image_if_no_bounding_boxes:
            invalid("No bounding boxes provided as input. One must enable "
                    "use_image_if_no_bounding_boxes if you wish to not provide any bounding "
                    "boxes.", op)
        bb = ivy.asarray([[0.0, 0.0, 1.0, 1.0]], dtype="float32")
    if mo < 0 or ar[0] <= 0 or ar[1] < ar[0] or arr[0] <= 0 or arr[1] < arr[0] or arr[1] > 1:
        invalid("invalid min_object_covered, aspect_ratio_range or area_range", op)
    f64 = "float64"
    ua, uh, uy, ux = (ivy.astype(ivy.get_item(u, (slice(None), i)), f64) for i in range(4))
    aspect = ivy.add(ar[0], ivy.multiply(ua, ar[1] - ar[0]))
    min_area, max_area = arr[0] * W * H, arr[1] * W * H

    def lrint(v):
        return ivy.round(v)   # lrintf: round half to even

    height = lrint(ivy.sqrt(ivy.divide(min_area, aspect)))
    max_h = lrint(ivy.sqrt(ivy.divide(max_area, aspect)))
    too_wide = ivy.greater(lrint(ivy.multiply(max_h, aspect)), float(W))
    max_h = ivy.where(too_wide, ivy.floor(ivy.divide(W + 0.5 - 1e-7, aspect)), max_h)
    max_h = ivy.minimum(max_h, float(H))
    height = ivy.minimum(height, max_h)
    grow = ivy.floor(ivy.multiply(uh, ivy.add(ivy.subtract(max_h, height), 1.0)))
    height = ivy.where(ivy.less(height, max_h), ivy.add(height, grow), height)
    width = lrint(ivy.multiply(height, aspect))
    area = ivy.multiply(width, height)
    small = ivy.less(area, min_area)
    height = ivy.where(small, ivy.add(height, 1.0), height)
    width = ivy.where(small, lrint(ivy.multiply(height, aspect)), width)
    area = ivy.multiply(width, height)
    big = ivy.greater(area, max_area)
    height = ivy.where(big, ivy.subtract(height, 1.0), height)
    width = ivy.where(big, lrint(ivy.multiply(height, aspect)), width)
    area = ivy.multiply(width, height)
    ok = ivy.logical_not(ivy.logical_or(ivy.logical_or(ivy.less(area, min_area),
                                                       ivy.greater(area, max_area)),
                                        ivy.logical_or(ivy.logical_or(
                                            ivy.greater(width, float(W)),
                                            ivy.greater(height, float(H))),
                                            ivy.logical_or(ivy.less_equal(width, 0.0),
                                                           ivy.less_equal(height, 0.0)))))
    y = ivy.floor(ivy.multiply(uy, ivy.maximum(ivy.subtract(float(H), height), 0.0)))
    x = ivy.floor(ivy.multiply(ux, ivy.maximum(ivy.subtract(float(W), width), 0.0)))
    # overlap: some box covered by at least min_object_covered of its area
    by1, bx1 = ivy.multiply(bb[:, 0], float(H)), ivy.multiply(bb[:, 1], float(W))
    by2, bx2 = ivy.multiply(bb[:, 2], float(H)), ivy.multiply(bb[:, 3], float(W))
    ex = ivy.expand_dims
    iy = ivy.maximum(ivy.subtract(ivy.minimum(ex(ivy.add(y, height), -1), ivy.astype(by2, f64)),
                                  ivy.maximum(ex(y, -1), ivy.astype(by1, f64))), 0.0)
    ix = ivy.maximum(ivy.subtract(ivy.minimum(ex(ivy.add(x, width), -1), ivy.astype(bx2, f64)),
                                  ivy.maximum(ex(x, -1), ivy.astype(bx1, f64))), 0.0)
    barea = ivy.astype(ivy.multiply(ivy.subtract(by2, by1), ivy.subtract(bx2, bx1)), f64)
    cover = ivy.divide(ivy.multiply(iy, ix), ivy.where(ivy.greater(barea, 0), barea,
                                                       ivy.ones_like(barea)))
    ok = ivy.logical_and(ok, ivy.any(ivy.greater_equal(cover, mo), axis=-1))
    first = ivy.argmax(ivy.astype(ok, "int32"))
    found = ivy.any(ok)

    def pick(v, default):
        return ivy.where(found, ivy.take(v, ivy.reshape(first, (1,)), axis=0)[0],
                         ivy.asarray(default, dtype=f64))

    py, px = pick(y, 0.0), pick(x, 0.0)
    ph, pw = pick(height, float(H)), pick(width, float(W))
    begin = ivy.astype(ivy.stack([py, px, ivy.zeros_like(py)]), "int32")
    size = ivy.astype(ivy.stack([ph, pw, ivy.full_like(ph, -1.0)]), "int32")
    box = ivy.stack([ivy.divide(py, float(H)), ivy.divide(px, float(W)),
                     ivy.divide(ivy.add(py, ph), float(H)), ivy.divide(ivy.add(px, pw), float(W))])
    out = collections.namedtuple(op, ["begin", "size", "bboxes"])
    return out(wrap(begin), wrap(size), wrap(ivy.reshape(ivy.astype(box, "float32"), (1, 1, 4))))


def sample_distorted_bounding_box(image_size, bounding_boxes, seed=0, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    from . import random as _r

    n = 100 if max_attempts is None else int(max_attempts)
    u = _r.uniform([n, 4], dtype="float64", seed=seed if seed else None)._data
    return _sample_distorted("SampleDistortedBoundingBoxV2", image_size, bounding_boxes, u,
                             min_object_covered, aspect_ratio_range, area_range, n,
                             bool(use_image_if_no_bounding_boxes))


def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed,
                                            min_object_covered=0.1, aspect_ratio_range=None,
                                            area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    from . import random as _r

    n = 100 if max_attempts is None else int(max_attempts)
    u = _r.stateless_uniform([n, 4], seed=seed, dtype="float64")._data
    return _sample_distorted("StatelessSampleDistortedBoundingBox", image_size, bounding_boxes,
                             u, min_object_covered, aspect_ratio_range, area_range, n,
                             bool(use_image_if_no_bounding_boxes))
