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
            out.append(d[:, y0:y0 + (oh - 1) * sh + 1:sh, x0:x0 + (ow - 1) * sw + 1:sw, :]
                       if oh and ow else d[:, :0, :0, :][:, :oh, :ow, :])
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
