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
_bmax, _bmin = max, min


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
    """n uint32 words from key k (threefry_random_bits, partitionable: counters 0..n-1); a
    batch of keys ``(..., 2)`` gives ``(..., n)``."""
    k1, k2 = _key_words(k)
    if n == 0:
        return _u32(np.zeros(tuple(k1.shape) + (0,)), k1)
    k1, k2 = ivy.expand_dims(k1, axis=-1), ivy.expand_dims(k2, axis=-1)
    # partitionable: iota split as (hi, lo) words of a 64-bit counter
    cnt = np.arange(n, dtype=np.uint64)
    hi = _u32((cnt >> np.uint64(32)).astype(np.uint32), k1)
    lo = _u32((cnt & np.uint64(0xFFFFFFFF)).astype(np.uint32), k1)
    b1, b2 = threefry2x32(k1, k2, hi, lo)
    return ivy.bitwise_xor(b1, b2)


def split(key, num=2):
    """``num`` new keys from ``key``; a batch of keys ``(..., 2)`` splits each one."""
    k1, k2 = _key_words(key)
    batch = tuple(k1.shape)
    shape = (num,) if isinstance(num, int) else tuple(num)
    n = int(np.prod(shape))
    cnt = np.arange(n, dtype=np.uint64)
    hi = _u32((cnt >> np.uint64(32)).astype(np.uint32), k1)
    lo = _u32((cnt & np.uint64(0xFFFFFFFF)).astype(np.uint32), k1)
    if batch:
        k1, k2 = ivy.expand_dims(k1, axis=-1), ivy.expand_dims(k2, axis=-1)
    b1, b2 = threefry2x32(k1, k2, hi, lo)
    return wrap(ivy.reshape(ivy.stack([b1, b2], axis=-1), batch + shape + (2,)))


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
    batch = tuple(asarray(key).shape[:-1])
    return wrap(ivy.reshape(_bits(key, n), batch + shape))


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
    for a, b in zip(cs[1:], cl[1:], strict=True):
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


def exponential(key, shape=(), dtype=None):
    u = uniform(key, shape, dtype)
    return -F.log1p(-u)


def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """JAX's recipe: ``uniform`` on ``[erf(lower/sqrt2), erf(upper/sqrt2))`` mapped back with
    ``sqrt2 * erf_inv`` (XLA's float32 polynomial), clipped into the open interval."""
    name = to_name(dtype) if dtype is not None else "float32"
    lo_a, up_a = asarray(lower), asarray(upper)
    if shape is None:
        shape = tuple(np.broadcast_shapes(tuple(lo_a.shape), tuple(up_a.shape)))
    else:
        shape = tuple(shape)
        for p in (lo_a, up_a):
            if np.broadcast_shapes(tuple(p.shape), shape) != shape:
                raise ValueError(f"truncated_normal parameter shapes must be broadcast-"
                                 f"compatible with shape argument, got {p.shape} and {shape}")
    if np.dtype(name).kind != "f":
        raise TypeError("truncated_normal only accepts floating point dtypes.")
    sqrt2 = asarray(np.array(np.sqrt(2), name))
    lo, hi = lo_a.astype(name), up_a.astype(name)
    a = wrap(ivy.erf((lo / sqrt2)._data))
    b = wrap(ivy.erf((hi / sqrt2)._data))
    u = uniform(key, shape, name, minval=a, maxval=b)
    out = sqrt2 * wrap(_erfinv(u._data))
    return F.clip(out, F.nextafter(lo, asarray(np.array(np.inf, name))),
                  F.nextafter(hi, asarray(np.array(-np.inf, name))))


# ------------------------------------------------------------------ more distributions
# Each follows jax._src.random's recipe step by step on the same bits, so the values match real
# JAX (compared by value in the tests), except where noted.
def _fname(dtype):
    name = to_name(dtype) if dtype is not None else "float32"
    if name not in ("float32", "float16", "bfloat16"):
        raise ValueError(f"jax.random: dtype argument must be a float dtype, got {name}")
    return name


def _shape_of(shape, *params):
    if shape is not None:
        return tuple(shape)
    return tuple(np.broadcast_shapes(*[tuple(asarray(q).shape) for q in params]))


def _param(x, name, shape=None):
    r = asarray(x).astype(name)
    return r if shape is None else F.broadcast_to(r, shape)


def cauchy(key, shape=(), dtype=None):
    name = _fname(dtype)
    u = uniform(key, shape, name, minval=float(np.finfo(np.float32).eps), maxval=1.0)
    return F.tan(asarray(np.float32(np.pi)) * (u - 0.5))


def laplace(key, shape=(), dtype=None):
    name = _fname(dtype)
    u = uniform(key, shape, name, minval=-1.0 + float(np.finfo(np.float32).epsneg), maxval=1.0)
    return F.sign(u) * F.log1p(-F.abs(u))


def logistic(key, shape=(), dtype=None):
    name = _fname(dtype)
    x = uniform(key, shape, name, minval=float(np.finfo(np.float32).tiny), maxval=1.0)
    return F.log(x) - F.log1p(-x)


def lognormal(key, sigma=np.float32(1.0), shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, sigma)
    return F.exp(normal(key, shape, name) * _param(sigma, name))


def pareto(key, b, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, b)
    return F.exp(exponential(key, shape, name) / _param(b, name))


def rademacher(key, shape=(), dtype=None):
    name = to_name(dtype) if dtype is not None else "int32"
    b = bernoulli(key, 0.5, shape).astype(name)
    return (2 * b - 1).astype(name)


def maxwell(key, shape=(), dtype=None):
    from .numpy import linalg

    name = _fname(dtype)
    return linalg.norm(normal(key, tuple(shape) + (3,), name), axis=-1)


def double_sided_maxwell(key, loc, scale, shape=(), dtype=None):
    name = _fname(dtype)
    pshape = _shape_of(None, loc, scale)
    shape = (tuple(shape) or pshape) + pshape
    mk, rk = split(key)
    m = maxwell(mk, shape, name)
    sign = rademacher(rk, shape, name)
    return sign * m * _param(scale, name) + _param(loc, name)


def weibull_min(key, scale, concentration, shape=(), dtype=None):
    name = _fname(dtype)
    u = uniform(key, shape, name, 0, 1)
    return F.power(-F.log1p(-u), 1.0 / asarray(concentration)) * asarray(scale)


def rayleigh(key, scale, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, scale)
    u = uniform(key, shape, name)
    s = _param(scale, name, shape)
    return s * F.sqrt(F.log(u) * asarray(-2.0, dtype=name))


def wald(key, mean, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, mean)
    k1, k2 = split(key)
    mu = _param(mean, name, shape)
    v = normal(k1, shape, name)
    z = uniform(k2, shape, name)
    y = v * v
    y_sq = y * y
    mu_sq = mu * mu
    sq = F.sqrt(4 * mu * y + mu_sq * y_sq)
    x = mu + mu_sq * y / 2 - mu / 2 * sq
    return F.where(z <= mu / (mu + x), x, mu_sq / x)


def geometric(key, p, shape=None, dtype=None):
    name = to_name(dtype) if dtype is not None else "int32"
    shape = _shape_of(shape, p)
    pa = asarray(p)
    if pa.dtype.kind not in "fc":
        pa = pa.astype("float32")
    u = uniform(key, shape, pa.dtype)
    u = F.where(u == 0, 1, u)
    g = F.floor(F.log(u) / F.broadcast_to(F.log1p(-pa), shape)) + 1
    return g.astype(name)


def triangular(key, left, mode, right, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, left, mode, right)
    lo, md, hi = (_param(v, name, shape) for v in (left, mode, right))
    fc = (md - lo) / (hi - lo)
    u = uniform(key, shape, name)
    out1 = lo + F.sqrt(u * (hi - lo) * (md - lo))
    out2 = hi - F.sqrt((1 - u) * (hi - lo) * (hi - md))
    return F.where(u < fc, out1, out2)


def multivariate_normal(key, mean, cov, shape=None, dtype=None, method="cholesky"):
    from .numpy import linalg

    name = _fname(dtype)
    mean, cov = asarray(mean).astype(name), asarray(cov).astype(name)
    if mean.ndim < 1:
        raise ValueError(f"multivariate_normal requires mean.ndim >= 1, got mean.ndim == "
                         f"{mean.ndim}")
    if cov.ndim < 2:
        raise ValueError(f"multivariate_normal requires cov.ndim >= 2, got cov.ndim == "
                         f"{cov.ndim}")
    n = mean.shape[-1]
    if cov.shape[-2:] != (n, n):
        raise ValueError(f"multivariate_normal requires cov.shape == (..., n, n) for n={n}, "
                         f"but got cov.shape == {cov.shape}.")
    if shape is None:
        shape = tuple(np.broadcast_shapes(mean.shape[:-1], cov.shape[:-2]))
    if method == "svd":
        u, s, _ = linalg.svd(cov)
        factor = u * F.sqrt(s[..., None, :])
    elif method == "eigh":
        w, v = linalg.eigh(cov)
        factor = v * F.sqrt(w[..., None, :])
    else:
        factor = linalg.cholesky(cov)
    z = normal(key, tuple(shape) + (n,), name)
    return mean + F.einsum("...ij,...j->...i", factor, z)


def orthogonal(key, n, shape=(), dtype=None, m=None):
    from .numpy import linalg

    name = _fname(dtype)
    m = n if m is None else m
    z = normal(key, (*tuple(shape), _bmax(n, m), _bmin(n, m)), name)
    q, r = linalg.qr(z)
    d = linalg.diagonal(r)
    x = q * F.expand_dims(F.sign(d), -2)
    return x.mT if n < m else x




def choice(key, a, shape=(), replace=True, p=None, axis=0, mode=None):
    from . import lax

    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"shape argument of jax.random.choice must be a sequence, got {shape}")
    arr = asarray(a)
    if arr.ndim == 0:
        n_inputs = int(a)
    else:
        axis = axis % arr.ndim
        n_inputs = arr.shape[axis]
    shape = tuple(shape)
    n_draws = int(np.prod(shape))
    if n_draws == 0:
        return F.zeros(shape, dtype=arr.dtype)
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(f"Cannot take a larger sample (size {n_draws}) than population (size "
                         f"{n_inputs}) when 'replace=False'")
    if p is None:
        if replace:
            ind = randint(key, shape, 0, n_inputs)
            result = ind if arr.ndim == 0 else F.take(arr, ind, axis)
        else:
            perm = permutation(key, n_inputs if arr.ndim == 0 else arr, axis)
            result = perm[(slice(None),) * (axis if arr.ndim else 0) + (slice(n_draws),)]
    else:
        pa = asarray(p)
        if pa.dtype.kind not in "fc":
            pa = pa.astype("float32")
        if pa.shape != (n_inputs,):
            raise ValueError("p must be None or a 1D vector with the same size as "
                             f"a.shape[axis]. p has shape {pa.shape} and a.shape[axis] is "
                             f"{n_inputs}.")
        if replace:
            cum = F.cumsum(pa)
            r = cum[-1] * (1 - uniform(key, shape, cum.dtype))
            ind = F.searchsorted(cum, r).astype("int32")
        else:
            g = gumbel(key, (n_inputs,), pa.dtype) + F.log(pa)
            ind = lax.top_k(g, n_draws)[1].astype("int32")
        result = ind if arr.ndim == 0 else F.take(arr, ind, axis)
    return result.reshape(shape if arr.ndim == 0 else
                          arr.shape[0:axis] + shape + arr.shape[axis + 1:])


# gamma family: Marsaglia-Tsang per element, one key per element (split(key, size)), exactly as
# jax._src.random._gamma_one under lax.map; the rejection loop runs in Python on 0-d arrays.
def _gamma_one(k, alpha, log_space):
    name = alpha.dtype.name
    boost = bool(alpha >= 1)
    alpha_orig = alpha
    alpha = alpha if boost else alpha + 1
    third = asarray(np.float32(1.0 / 3.0)).astype(name)
    d = alpha - third
    c = third / F.sqrt(d)
    k, sub = split(k)
    x2, v3, u = asarray(0.0, dtype=name), asarray(1.0, dtype=name), asarray(2.0, dtype=name)

    def reject(x2, v3, u):
        # X = x*x, so the squeeze test is on X*X (as jax._src.random._gamma_one)
        return bool((u >= 1 - 0.0331 * (x2 * x2)) &
                    (F.log(u) >= x2 * 0.5 + d * ((1 - v3) + F.log(v3))))

    while reject(x2, v3, u):
        k, xk, uk = split(k, 3)
        x, v = asarray(0.0, dtype=name), asarray(-1.0, dtype=name)
        while bool(v <= 0):
            xk, s2 = split(xk)
            x = normal(s2, (), name)
            v = 1 + x * c
        x2 = x * x
        v3 = v * v * v
        u = uniform(uk, (), name)
    if log_space:
        ls = -exponential(sub, (), name)
        lb = asarray(0.0, dtype=name) if (boost or bool(ls == 0)) else ls * (1 / alpha_orig)
        return F.log(d) + F.log(v3) + lb
    samples = 1 - uniform(sub, (), name)
    b = asarray(1.0, dtype=name) if boost else F.power(samples, 1 / alpha_orig)
    return d * v3 * b


def _gamma(key, a, shape, dtype, log_space):
    name = _fname(dtype)
    shape = _shape_of(shape, a)
    al = _param(a, name, shape)
    n = int(np.prod(shape))
    if n == 0:
        return F.zeros(shape, name)
    keys = split(key, n)
    flat = al.reshape(-1)
    out = [_gamma_one(keys[i], flat[i], log_space) for i in range(n)]
    return F.stack(out).reshape(shape)


def gamma(key, a, shape=None, dtype=None):
    return _gamma(key, a, shape, dtype, False)


def loggamma(key, a, shape=None, dtype=None):
    return _gamma(key, a, shape, dtype, True)


def beta(key, a, b, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, a, b)
    ka, kb = split(key)
    la = loggamma(ka, _param(a, name, shape), shape, name)
    lb = loggamma(kb, _param(b, name, shape), shape, name)
    mx = F.maximum(la, lb)
    ga, gb = F.exp(la - mx), F.exp(lb - mx)
    return ga / (ga + gb)


def dirichlet(key, alpha, shape=None, dtype=None):
    from . import nn

    name = _fname(dtype)
    al = asarray(alpha).astype(name)
    if al.ndim < 1:
        raise ValueError(f"dirichlet requires alpha.ndim >= 1, got alpha.ndim == {al.ndim}")
    shape = al.shape[:-1] if shape is None else tuple(shape)
    return nn.softmax(loggamma(key, al, shape + al.shape[-1:], name), -1)


def chisquare(key, df, shape=None, dtype=None):
    name = _fname(dtype)
    half = _param(df, name) / 2
    return F.exp(loggamma(key, half, shape, name)) * 2


def f(key, dfnum, dfden, shape=None, dtype=None):
    name = _fname(dtype)
    dfd, dfn = _param(dfden, name), _param(dfnum, name)
    kd, kn = split(key)
    num = chisquare(kn, dfn, shape, name) / dfn
    den = chisquare(kd, dfd, shape, name) / dfd
    return num / den


def t(key, df, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, df)
    d = _param(df, name)
    kn, kg = split(key)
    n = normal(kn, shape, name)
    half = d / 2
    g = gamma(kg, half, shape, name)
    return n * F.sqrt(half / g)


def generalized_normal(key, p, shape=(), dtype=None):
    name = _fname(dtype)
    k0, k1 = split(key)
    g = gamma(k0, 1 / p, tuple(shape), name)
    r = rademacher(k1, tuple(shape), name)
    return r * g ** (1 / p)


def ball(key, d, p=2, shape=(), dtype=None):
    name = _fname(dtype)
    k1, k2 = split(key)
    g = generalized_normal(k1, p, (*tuple(shape), d), name)
    e = exponential(k2, tuple(shape), name)
    return g / (((F.abs(g) ** p).sum(-1) + e) ** (1 / p))[..., None]


def _poisson_knuth(key, lam, shape, name):
    k = F.zeros(shape, name)
    logp = F.zeros(shape, "float32")
    rng = asarray(key)
    while bool(F.any(logp > -lam)):
        rng, sub = split(rng)
        k = F.where(logp > -lam, k + 1, k)
        logp = logp + F.log(uniform(sub, shape, "float32"))
    return (k - 1).astype(name)


def _poisson_rejection(key, lam, shape, name):
    """Hoermann's transformed rejection as JAX runs it: every element keeps the *last* accepted
    draw of the loop, which runs until all elements have accepted once."""
    log_lam = F.log(lam)
    b = 0.931 + 2.53 * F.sqrt(lam)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)
    k_out = F.full(shape, -1.0, "float32")
    accepted = F.zeros(shape, "bool")
    while not bool(F.all(accepted)):
        key, sk0, sk1 = split(key, 3)
        u = uniform(sk0, shape, "float32") - 0.5
        v = uniform(sk1, shape, "float32")
        us = 0.5 - F.abs(u)
        k = F.floor((2 * a / us + b) * u + lam + 0.43)
        s = F.log(v * inv_alpha / (a / (us * us) + b))
        t = -lam + k * log_lam - wrap(ivy.lgamma((k + 1)._data))
        accept1 = (us >= 0.07) & (v <= v_r)
        reject = (k < 0) | ((us < 0.013) & (v > us))
        accept = accept1 | (~reject & (s <= t))
        k_out = F.where(accept, k, k_out)
        accepted = accepted | accept
    return k_out.astype(name)


def poisson(key, lam, shape=None, dtype=None):
    """JAX's two branches on the same key, selected per element (value-exact): Knuth's
    algorithm for lam < 10 (and NaN), Hoermann's transformed rejection (``lgamma``) otherwise,
    with lam = 1e5 standing in on the Knuth elements as in JAX."""
    name = to_name(dtype) if dtype is not None else "int32"
    shape = _shape_of(shape, lam)
    la = _param(lam, "float32", shape)
    use_knuth = F.isnan(la) | (la < 10)
    knuth = _poisson_knuth(key, F.where(use_knuth, la, F.zeros_like(la)), shape, name)
    if bool(F.all(use_knuth)):
        result = knuth
    else:
        rej = _poisson_rejection(asarray(key), F.where(use_knuth, F.full_like(la, 1e5), la),
                                 shape, name)
        result = F.where(use_knuth, knuth, rej)
    return F.where(la == 0, F.zeros_like(result), result)


# binomial: JAX's two samplers (geometric-sum inversion for count * q <= 10, BTRS otherwise),
# each a whole-array rejection loop, both evaluated and selected per element as in JAX.
_STIRLING_TAIL = np.array([0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                           0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                           0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                           0.00833056343336287], np.float32)


def _stirling_approx_tail(k):
    use_tail = k <= 9
    k = F.clip(k, 0.0, 9.0)  # (JAX clamps before the approximation too)
    kp1sq = (k + 1) * (k + 1)
    approx = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    table = asarray(_STIRLING_TAIL)
    return F.where(use_tail, table[F.floor(k).astype("int32")], approx)


def _binomial_inversion(key, count, prob, shape):
    log1mp = F.log1p(-prob)
    num_geom = F.zeros(shape, prob.dtype)
    geom_sum = F.zeros(shape, prob.dtype)
    while bool(F.any(geom_sum <= count)):
        sub, key = split(key)
        num_geom = F.where(geom_sum <= count, num_geom + 1, num_geom)
        u = uniform(sub, shape, prob.dtype)
        geom_sum = geom_sum + F.ceil(F.log(u) / log1mp)
    return num_geom - 1


def _btrs(key, count, prob, shape):
    stddev = F.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = F.floor((count + 1) * prob)
    k_out = F.full(shape, -1.0, prob.dtype)
    accepted = F.zeros(shape, "bool")
    while not bool(F.all(accepted)):
        key, s0, s1 = split(key, 3)
        u = uniform(s0, shape, prob.dtype)
        v = uniform(s1, shape, prob.dtype)
        u = u - 0.5
        us = 0.5 - F.abs(u)
        accept1 = (us >= 0.07) & (v <= v_r)
        k = F.floor((2 * a / us + b) * u + c)
        reject = (k < 0) | (k > count)
        v = F.log(v * alpha / (a / (us * us) + b))
        ub = ((m + 0.5) * F.log((m + 1) / (r * (count - m + 1)))
              + (count + 1) * F.log((count - m + 1) / (count - k + 1))
              + (k + 0.5) * F.log(r * (count - k + 1) / (k + 1))
              + _stirling_approx_tail(m) + _stirling_approx_tail(count - m)
              - _stirling_approx_tail(k) - _stirling_approx_tail(count - k))
        accept = accept1 | (~reject & (v <= ub))
        k_out = F.where(accept, k, k_out)
        accepted = accepted | accept
    return k_out


def binomial(key, n, p, shape=None, dtype=None):
    name = _fname(dtype)
    shape = _shape_of(shape, n, p)
    prob = asarray(p)
    if prob.dtype.kind not in "fc":
        prob = prob.astype("float32")
    count = F.broadcast_to(asarray(n).astype(prob.dtype), shape)
    prob = F.broadcast_to(prob, shape)
    p_lt_half = prob < 0.5
    q = F.where(p_lt_half, prob, 1.0 - prob)
    count_bad = F.isnan(count) | (count < 0.0)
    count_inf = F.isinf(count)
    q_nan, q_neg = F.isnan(q), q < 0.0
    q = F.where(q_nan | q_neg, F.full_like(q, 0.01), q)
    use_inv = count_bad | (count * q <= 10.0)
    count = F.floor(count)
    count_inv = F.where(use_inv, count, F.zeros_like(count))
    count_btrs = F.where(use_inv, F.full_like(count, 1e4), count)
    q_btrs = F.where(use_inv, F.full_like(q, 0.5), q)
    samples = F.where(use_inv, _binomial_inversion(key, count_inv, q, shape),
                      _btrs(key, count_btrs, q_btrs, shape)).astype(name)
    invalid = q_neg | q_nan | count_bad
    samples = F.where(invalid, F.full_like(samples, np.nan), samples)
    samples = F.where(count_inf & ~invalid, F.full_like(samples, np.inf), samples)
    return F.where(p_lt_half | count_bad | q_nan | count_inf, samples,
                   count.astype(name) - samples)


def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    name = _fname(dtype)
    pa, na = asarray(p), asarray(n)
    if pa.dtype.kind not in "fc":
        pa = pa.astype("float32")
    na = na.astype(pa.dtype)
    shape = pa.shape if shape is None else tuple(shape)
    na = F.broadcast_to(na, shape[:-1])
    pa = F.moveaxis(F.broadcast_to(pa, shape), -1, 0)
    remaining = F.flip(F.cumsum(F.flip(pa, 0), 0), 0)
    ratios = pa / F.where(remaining == 0, 1, remaining)
    keys = split(key, ratios.shape[0])
    counts, rem = [], na
    for i in range(ratios.shape[0]):
        cnt = binomial(keys[i], rem, F.clip(ratios[i], 0, 1), dtype=rem.dtype)
        rem = rem - cnt
        counts.append(cnt)
    return F.moveaxis(F.stack(counts), 0, -1).astype(name)
