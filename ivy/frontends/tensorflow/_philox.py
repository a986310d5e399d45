"""TensorFlow's stateless Philox stream, bit for bit, from Ivy integer ops.

``tf.random.stateless_uniform`` / ``stateless_normal`` (``alg`` "philox" or "auto_select", which
is Philox on CPU) run ``StatelessRandomGetKeyCounter`` on the ``[2]`` seed and then the V2
kernels; this module reproduces both:

* key derivation (``GenerateKey``): counter = the seed's two 64-bit words as four 32-bit words,
  key = (0x3ec8f720, 0x02461e29); one Philox4x32-10 call gives ``mix``; the op's key is
  ``mix[0:2]``, its counter ``(0, 0, mix[2], mix[3])``.
* output group ``g`` (4 x uint32) is Philox4x32-10 of counter ``(g, 0, mix[2], mix[3])``.
* float32: ``bits(0x3f800000 | x & 0x7fffff) - 1``; float16 the same on 10 mantissa bits;
  float64 ``bits(1023 << 52 | (x0 & 0xfffff) << 32 | x1) - 1`` (two words per value); int32
  ``minval + x % (maxval - minval)``; normals by TF's Box-Muller (``u1`` clamped at 1e-7,
  ``f0 = sin(2 pi u2) sqrt(-2 log u1)``, ``f1 = cos(...) ...``).

All words are int64 arrays holding values in [0, 2**32) (products wrap in int64; the low and
high halves are recovered with masks and shifts), so every backend runs it and it traces.
"""

from __future__ import annotations

import math

import ivy

_MASK = 0xFFFFFFFF
_M_A, _M_B = 0xD2511F53, 0xCD9E8D57
_W_A, _W_B = 0x9E3779B9, 0xBB67AE85


def _and(x, m):
    return ivy.bitwise_and(x, m)


def _shr(x, n):
    return ivy.bitwise_right_shift(x, n)


def philox(c, k):
    """Philox4x32-10 of counter words ``c`` (4 int64 arrays) under key words ``k`` (2)."""
    c0, c1, c2, c3 = c
    k0, k1 = k
    for r in range(10):
        p0 = ivy.multiply(ivy.asarray(_M_A, dtype="int64"), c0)
        p1 = ivy.multiply(ivy.asarray(_M_B, dtype="int64"), c2)
        hi0, lo0 = _and(_shr(p0, 32), _MASK), _and(p0, _MASK)
        hi1, lo1 = _and(_shr(p1, 32), _MASK), _and(p1, _MASK)
        c0, c1, c2, c3 = (ivy.bitwise_xor(ivy.bitwise_xor(hi1, c1), k0), lo1,
                          ivy.bitwise_xor(ivy.bitwise_xor(hi0, c3), k1), lo0)
        if r < 9:
            k0 = _and(ivy.add(k0, _W_A), _MASK)
            k1 = _and(ivy.add(k1, _W_B), _MASK)
    return c0, c1, c2, c3


def key_counter(seed):
    """(key words, counter words c2, c3) of StatelessRandomGetKeyCounter for a [2] seed
    (int32 or int64, sign-extended to 64 bits as the kernel's casts do)."""
    s = ivy.astype(seed, "int64")
    s0, s1 = ivy.get_item(s, 0), ivy.get_item(s, 1)
    words = [_and(s0, _MASK), _and(_shr(s0, 32), _MASK), _and(s1, _MASK),
             _and(_shr(s1, 32), _MASK)]
    key = (ivy.asarray(0x3EC8F720, dtype="int64"), ivy.asarray(0x02461E29, dtype="int64"))
    mix = philox(words, key)
    return (mix[0], mix[1]), (mix[2], mix[3])


def bits(seed, groups):
    """The ``[groups, 4]`` uint32 words (as int64) the V2 kernels draw from."""
    key, (c2, c3) = key_counter(seed)
    g = ivy.arange(groups, dtype="int64")
    c0 = _and(g, _MASK)
    c1 = _and(_shr(g, 32), _MASK)
    z = ivy.zeros_like(g)
    out = philox((c0, c1, ivy.add(z, c2), ivy.add(z, c3)), key)
    return ivy.stack(list(out), axis=-1)


def _first(flat, n, shape):
    return ivy.reshape(ivy.get_item(flat, slice(0, n)), tuple(shape))


def _float32(x):
    """Uint32ToFloat: [0, 1) float32 from a 32-bit word."""
    w = ivy.bitwise_or(_and(x, 0x7FFFFF), 0x3F800000)
    return ivy.subtract(ivy.bitcast(ivy.astype(w, "int32"), "float32"), 1.0)


def _float64(x0, x1):
    """Uint64ToDouble: [0, 1) float64 from two words (20 + 32 mantissa bits)."""
    man = ivy.bitwise_or(ivy.bitwise_left_shift(_and(x0, 0xFFFFF), 32), x1)
    w = ivy.bitwise_or(man, 1023 << 52)
    return ivy.subtract(ivy.bitcast(w, "float64"), 1.0)


def _float16(x):
    w = ivy.bitwise_or(_and(x, 0x3FF), 15 << 10)
    return ivy.subtract(ivy.bitcast(ivy.astype(w, "int16"), "float16"),
                        ivy.asarray(1.0, dtype="float16"))


def _size(shape):
    n = 1
    for s in shape:
        n *= int(s)
    return n


def uniform(shape, seed, dtype):
    """StatelessRandomUniformV2: [0, 1) values of ``dtype`` (float16/32/64)."""
    n = _size(shape)
    if dtype == "float64":
        w = bits(seed, -(-n // 2))
        a = _float64(ivy.get_item(w, (slice(None), 0)), ivy.get_item(w, (slice(None), 1)))
        b = _float64(ivy.get_item(w, (slice(None), 2)), ivy.get_item(w, (slice(None), 3)))
        return _first(ivy.reshape(ivy.stack([a, b], axis=-1), (-1,)), n, shape)
    w = ivy.reshape(bits(seed, -(-n // 4)), (-1,))
    f = _float16(w) if dtype == "float16" else _float32(w)
    return _first(f, n, shape)


def uniform_int32(shape, seed, lo, hi):
    """StatelessRandomUniformIntV2 for int32: ``lo + x % (hi - lo)`` (``x`` a 32-bit word)."""
    n = _size(shape)
    w = ivy.reshape(bits(seed, -(-n // 4)), (-1,))
    lo, hi = ivy.astype(ivy.asarray(lo), "int64"), ivy.astype(ivy.asarray(hi), "int64")
    r = ivy.add(lo, ivy.remainder(w, ivy.subtract(hi, lo)))
    return _first(ivy.astype(r, "int32"), n, shape)


def _box_muller(u1, u2, dt):
    """TF's BoxMuller{Float,Double}. For float32 each libm call (logf, sqrtf, sinf, cosf) is
    evaluated in float64 and rounded to float32 -- the correctly rounded float result that
    glibc's float functions return -- so the draws do not depend on a backend's float32 libm."""
    eps = ivy.asarray(1e-7, dtype=dt)
    u1 = ivy.where(ivy.less(u1, eps), eps, u1)
    if dt == "float64":
        v1 = ivy.multiply(u2, 2.0 * math.pi)
        r = ivy.sqrt(ivy.multiply(ivy.log(u1), -2.0))
        return ivy.multiply(ivy.sin(v1), r), ivy.multiply(ivy.cos(v1), r)

    def f32(x):
        return ivy.astype(x, "float32")

    def f64(x):
        return ivy.astype(x, "float64")

    # v1 = float(2.0f * M_PI * u): the product is formed in double
    v1 = f32(ivy.multiply(f64(u2), 2.0 * math.pi))
    lg = f32(ivy.log(f64(u1)))
    r = f32(ivy.sqrt(f64(ivy.multiply(lg, ivy.asarray(-2.0, dtype="float32")))))
    v = f64(v1)
    return ivy.multiply(f32(ivy.sin(v)), r), ivy.multiply(f32(ivy.cos(v)), r)


def normal(shape, seed, dtype):
    """StatelessRandomNormalV2 (float16 is drawn in float32 and rounded, as TF)."""
    n = _size(shape)
    if dtype == "float64":
        w = bits(seed, -(-n // 2))
        col = [ivy.get_item(w, (slice(None), i)) for i in range(4)]
        f0, f1 = _box_muller(_float64(col[0], col[1]), _float64(col[2], col[3]), "float64")
        return _first(ivy.reshape(ivy.stack([f0, f1], axis=-1), (-1,)), n, shape)
    w = bits(seed, -(-n // 4))
    col = [_float32(ivy.get_item(w, (slice(None), i))) for i in range(4)]
    f0, f1 = _box_muller(col[0], col[1], "float32")
    f2, f3 = _box_muller(col[2], col[3], "float32")
    out = _first(ivy.reshape(ivy.stack([f0, f1, f2, f3], axis=-1), (-1,)), n, shape)
    return ivy.astype(out, dtype)
