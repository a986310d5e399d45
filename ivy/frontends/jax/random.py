"""jax.random with explicit keys: threefry2x32 implemented with Ivy uint32 arithmetic, so keys,
``split``, ``fold_in`` and the raw bits match real JAX (default ``jax_threefry_partitionable``
behaviour of JAX 0.5+); distributions follow JAX's bit-to-float recipes.

A key is a frontend Array of shape (2,) dtype uint32 (``jax.random.PRNGKey``); ``jax.random.key``
returns the same raw key (typed key arrays are not modelled).
"""

from __future__ import annotations

import math

import numpy as np

import ivy

from ._array import Array, asarray, wrap
from ._core import creation_backend, not_implemented, to_name
from .numpy import _functions as F

_ROT = ((13, 15, 26, 6), (17, 29, 16, 24))


def _u32(v, ref=None):
    B = ivy.backend_of(ref) if ref is not None else creation_backend()
    return B.asarray(np.asarray(v, dtype=np.uint32), dtype="uint32")


def _rotl(x, d):
    return ivy.bitwise_or(ivy.bitwise_left_shift(x, _u32(d, x)),
                          ivy.bitwise_right_shift(x, _u32(32 - d, x)))


def _add(a, b):
    # uint32 addition wraps on every backend (torch/numpy/jax uint32 are modular)
    return ivy.add(a, b)


def threefry2x32(k1, k2, x1, x2):
    """Threefry-2x32 (20 rounds) on native uint32 arrays, as jax.random's default PRNG."""
    k3 = ivy.bitwise_xor(ivy.bitwise_xor(k1, k2), _u32(0x1BD11BDA, k1))
    ks = (k1, k2, k3)
    x = [_add(x1, k1), _add(x2, k2)]
    for r in range(5):
        for rot in _ROT[r % 2]:
            x[0] = _add(x[0], x[1])
            x[1] = ivy.bitwise_xor(_rotl(x[1], rot), x[0])
        x[0] = _add(x[0], ks[(r + 1) % 3])
        x[1] = _add(_add(x[1], ks[(r + 2) % 3]), _u32(r + 1, k1))
    return x[0], x[1]


def PRNGKey(seed, *, impl=None):  # noqa: N802
    s = int(seed)
    hi = (s >> 32) & 0xFFFFFFFF if s >= 0 else ((s >> 32) & 0xFFFFFFFF)
    lo = s & 0xFFFFFFFF
    # x64 disabled: the seed is converted to int32 first (sign extended to the high word)
    # x64 disabled: the seed is an int32; its high word (seed >> 32) is 0
    hi, lo = 0, int(np.array(s).astype(np.int32)) & 0xFFFFFFFF
    return wrap(_u32([hi, lo]))


key = PRNGKey


def key_data(keys):
    return asarray(keys)


def wrap_key_data(key_bits_array, *, impl=None):
    return asarray(key_bits_array).astype("uint32")


def _key_words(k):
    d = asarray(k)._data
    if tuple(d.shape)[-1:] != (2,):
        raise TypeError("JAX frontend: a PRNG key is a uint32 array of shape (..., 2)")
    # ivy.get_item, not native indexing: under a trace the key words must be recorded
    return ivy.get_item(d, (Ellipsis, 0)), ivy.get_item(d, (Ellipsis, 1))


def _bits(k, n):
    """n uint32 words from key k (threefry_random_bits, partitionable: counters 0..n-1)."""
    k1, k2 = _key_words(k)
    if n == 0:
        return _u32(np.zeros(0), k1)
    # partitionable: iota split as (hi, lo) words of a 64-bit counter
    cnt = np.arange(n, dtype=np.uint64)
    hi = _u32((cnt >> np.uint64(32)).astype(np.uint32), k1)
    lo = _u32((cnt & np.uint64(0xFFFFFFFF)).astype(np.uint32), k1)
    b1, b2 = threefry2x32(k1, k2, hi, lo)
    return ivy.bitwise_xor(b1, b2)


def split(key, num=2):
    k1, k2 = _key_words(key)
    shape = (num,) if isinstance(num, int) else tuple(num)
    n = int(np.prod(shape))
    cnt = np.arange(n, dtype=np.uint64)
    hi = _u32((cnt >> np.uint64(32)).astype(np.uint32), k1)
    lo = _u32((cnt & np.uint64(0xFFFFFFFF)).astype(np.uint32), k1)
    b1, b2 = threefry2x32(k1, k2, hi, lo)
    return wrap(ivy.reshape(ivy.stack([b1, b2], axis=-1), shape + (2,)))


def fold_in(key, data):
    k1, k2 = _key_words(key)
    d = int(np.array(int(data)).astype(np.uint32))
    b1, b2 = threefry2x32(k1, k2, _u32([0], k1), _u32([d], k1))
    return wrap(ivy.concat([b1, b2], axis=0))


def bits(key, shape=(), dtype=None):
    shape = tuple(shape)
    name = to_name(dtype) if dtype is not None else "uint32"
    if name != "uint32":
        not_implemented(f"jax.random.bits(dtype={name})")
    n = int(np.prod(shape))
    return wrap(ivy.reshape(_bits(key, n), shape))


def _uniform01(key, shape, name):
    if name not in ("float32",):
        not_implemented(f"jax.random with dtype {name}")
    n = int(np.prod(shape))
    b = _bits(key, n)
    # mantissa trick: (bits >> 9) | 0x3F800000 reinterpreted as float in [1, 2), minus 1
    m = ivy.bitwise_right_shift(b, _u32(9, b))
    f = ivy.divide(ivy.astype(m, "float32"), float(1 << 23))
    return ivy.reshape(f, shape)


def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    shape = tuple(shape)
    name = to_name(dtype) if dtype is not None else "float32"
    f = wrap(_uniform01(key, shape, name))
    lo, hi = asarray(minval, dtype=name), asarray(maxval, dtype=name)
    r = lo + f * (hi - lo)
    return F.maximum(lo, F.minimum(r, F.nextafter(hi, -math.inf) if True else hi)).astype(name)


def normal(key, shape=(), dtype=None):
    shape = tuple(shape)
    name = to_name(dtype) if dtype is not None else "float32"
    lo = np.nextafter(np.float32(-1.0), np.float32(0.0))
    u = uniform(key, shape, name, lo, 1.0)
    return wrap(_erfinv(u._data)) * math.sqrt(2)


def _erfinv(x):
    """Giles' single-precision erfinv (the polynomial XLA uses for float32)."""
    w = ivy.negative(ivy.log(ivy.multiply(ivy.subtract(1.0, x), ivy.add(1.0, x))))
    small = ivy.less(w, 5.0)
    ws = ivy.subtract(w, 2.5)
    wl = ivy.subtract(ivy.sqrt(ivy.where(small, ivy.full_like(w, 5.0), w)), 3.0)
    cs = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
          -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
    cl = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
          -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)
    ps = ivy.full_like(w, cs[0])
    pl = ivy.full_like(w, cl[0])
    for a, b in zip(cs[1:], cl[1:]):
        ps = ivy.add(ivy.multiply(ps, ws), a)
        pl = ivy.add(ivy.multiply(pl, wl), b)
    p = ivy.where(small, ps, pl)
    return ivy.multiply(p, x)


def bernoulli(key, p=0.5, shape=None):
    pa = asarray(p).astype("float32")
    shape = pa.shape if shape is None else tuple(shape)
    return uniform(key, shape) < pa


def randint(key, shape, minval, maxval, dtype="int32"):
    shape = tuple(shape)
    name = to_name(dtype)
    lo = int(minval)
    hi = int(maxval)
    if hi <= lo:
        return F.full(shape, lo, dtype=name)
    # JAX: two draws of bits, combined mod span (multiply-shift-free recipe of jax.random)
    k1, k2 = split(key)
    n = int(np.prod(shape))
    hb = _bits(k1, n)
    lb = _bits(k2, n)
    span = hi - lo
    if span >= 2 ** 32:
        not_implemented("jax.random.randint with a span above 2**32")
    sp = _u32(span, hb)
    mult = _u32(((1 << 16) % span) ** 2 % span, hb)
    # random_offset = (hi_bits % span) * multiplier + (lo_bits % span), mod span, as JAX
    off = ivy.add(ivy.multiply(ivy.remainder(hb, sp), mult), ivy.remainder(lb, sp))
    off = ivy.remainder(off, sp)
    r = ivy.add(ivy.astype(off, "int64"), lo)
    return wrap(ivy.reshape(ivy.astype(r, name), shape))


def gumbel(key, shape=(), dtype=None, mode="low"):
    name = to_name(dtype) if dtype is not None else "float32"
    tiny = float(np.finfo(np.float32).tiny)
    u = uniform(key, shape, name, tiny, 1.0)
    return -F.log(-F.log(u))


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    lg = asarray(logits)
    ax = axis % lg.ndim
    if shape is not None:
        not_implemented("jax.random.categorical(shape=...)")
    g = gumbel(key, lg.shape)
    return F.argmax(g + lg, axis=ax)


def permutation(key, x, axis=0, independent=False):
    if isinstance(x, int) or (isinstance(x, Array) and x.ndim == 0):
        n = int(x)
        arr = F.arange(n)
    else:
        arr = asarray(x)
        n = arr.shape[axis]
    # JAX's _shuffle: ceil(3 ln n / ln(2**32-1)) rounds of sorting by random uint32 keys
    rounds = int(np.ceil(3 * np.log(max(1, n)) / np.log(np.iinfo(np.uint32).max)))
    k = asarray(key)
    idx = F.arange(n)
    for _ in range(rounds):
        k, sub = split(k)
        idx = idx[F.argsort(bits(sub, (n,)), stable=True)]
    if isinstance(x, int) or arr.ndim == 0:
        return idx
    return F.take(arr, idx, axis=axis)


def shuffle(key, x, axis=0):
    return permutation(key, x, axis)


def choice(key, a, shape=(), replace=True, p=None, axis=0):
    not_implemented("jax.random.choice")


def exponential(key, shape=(), dtype=None):
    u = uniform(key, shape, dtype)
    return -F.log1p(-u)


def truncated_normal(key, lower, upper, shape=None, dtype=None):
    not_implemented("jax.random.truncated_normal")
