"""``numpy.random``: ``default_rng(seed)`` -> :class:`Generator`, plus the legacy module-level
functions over one global Generator.

Draws are reproducible *within the frontend* (each draw passes a seed derived from the
Generator's seed and a call counter to Ivy's ``seed=``), on every backend; the numbers are NOT
NumPy's PCG64 stream, and they differ between Ivy backends (docs/frontends-numpy.md).
"""

from __future__ import annotations

import builtins
import os

import ivy

from . import _functions as F
from ._core import BY_NAME, cast, dtype_of, not_implemented, shape_of, to_dtype
from ._ndarray import ndarray, native, ret, wrap


def _shape(size):
    if size is None:
        return ()
    if isinstance(size, (list, tuple)):
        return tuple(int(s) for s in size)
    return (int(size),)


class Generator:
    """``numpy.random.Generator`` on the Ivy backend in use."""

    def __init__(self, seed=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        self._seed = int(seed) & 0x7FFFFFFF
        self._count = 0

    def _next(self):
        self._count += 1
        return (self._seed * 1_000_003 + self._count * 7_919) % 2_147_483_647

    def _finish(self, x, size):
        return ret(x) if size is None else wrap(x)

    def random(self, size=None, dtype=None, out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.random(out=...)")
        d = to_dtype(dtype if dtype is not None else "float64")
        x = ivy.random_uniform(shape=_shape(size), dtype=d.ivy, seed=self._next())
        return self._finish(x, size)

    def uniform(self, low=0.0, high=1.0, size=None):
        lo, hi = F.asarray(low, "float64"), F.asarray(high, "float64")
        shp = _shape(size) if size is not None else F.broadcast_shapes(lo.shape, hi.shape)
        u = ivy.random_uniform(shape=shp, dtype="float64", seed=self._next())
        r = ivy.add(lo._data, ivy.multiply(u, ivy.subtract(hi._data, lo._data)))
        return ret(r) if size is None and not shp else wrap(r)

    def standard_normal(self, size=None, dtype=None, out=None):
        if out is not None:
            not_implemented("numpy.random.Generator.standard_normal(out=...)")
        d = to_dtype(dtype if dtype is not None else "float64")
        x = ivy.random_normal(shape=_shape(size), dtype=d.ivy, seed=self._next())
        return self._finish(x, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        lo, sc = F.asarray(loc, "float64"), F.asarray(scale, "float64")
        if builtins.bool(F.any(sc < 0)):
            raise ValueError("scale < 0")
        shp = _shape(size) if size is not None else F.broadcast_shapes(lo.shape, sc.shape)
        z = ivy.random_normal(shape=shp, dtype="float64", seed=self._next())
        r = ivy.add(lo._data, ivy.multiply(z, sc._data))
        return ret(r) if size is None and not shp else wrap(r)

    def integers(self, low, high=None, size=None, dtype="int64", endpoint=False):
        if high is None:
            low, high = 0, low
        if endpoint:
            high = high + 1
        if high <= low:
            raise ValueError("low >= high" if not endpoint else "low > high")
        d = to_dtype(dtype)
        x = ivy.randint(int(low), int(high), shape=_shape(size), dtype="int64",
                        seed=self._next())
        return self._finish(cast(x, d), size)

    def exponential(self, scale=1.0, size=None):
        u = ivy.random_uniform(shape=_shape(size), dtype="float64", seed=self._next())
        return self._finish(ivy.multiply(ivy.negative(ivy.log1p(ivy.negative(u))), scale), size)

    def standard_exponential(self, size=None, dtype=None):
        return self.exponential(1.0, size)

    def poisson(self, lam=1.0, size=None):
        not_implemented("numpy.random.Generator.poisson")

    def permutation(self, x, axis=0):
        if isinstance(x, (int,)):
            arr = F.arange(x)
        else:
            arr = F.asarray(x)
        if arr.ndim == 0:
            raise ValueError("x must be an integer or at least 1-dimensional")
        n = arr.shape[axis]
        keys = ivy.random_uniform(shape=(n,), dtype="float64", seed=self._next())
        order = ivy.astype(ivy.argsort(keys), "int64")
        return F.take(arr, wrap(order), axis=axis)

    def permuted(self, x, axis=None, out=None):
        if axis is None:
            a = F.asarray(x)
            return self.permutation(a.ravel()).reshape(a.shape)
        not_implemented("numpy.random.Generator.permuted(axis=...)")

    def shuffle(self, x, axis=0):
        """In place on a frontend ndarray (its data is rebound on immutable backends)."""
        if not isinstance(x, ndarray):
            raise TypeError("shuffle needs a frontend ndarray")
        x._assign(self.permutation(x, axis)._data)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        pool = F.arange(a) if isinstance(a, int) else F.asarray(a)
        n = pool.shape[axis] if pool.ndim else 0
        if n == 0:
            raise ValueError("a cannot be empty unless no samples are taken")
        shp = _shape(size)
        k = 1
        for s in shp:
            k *= s
        if p is not None:
            pv = F.asarray(p, "float64")
            if pv.shape != (n,):
                raise ValueError("p must be 1-dimensional and the same length as a")
            if abs(float(pv.sum()) - 1.0) > 1e-8:
                raise ValueError("probabilities do not sum to 1")
            idx = ivy.multinomial(ivy.reshape(pv._data, (1, n)), max(k, 1), replace=replace,
                                  seed=self._next())
            idx = ivy.reshape(ivy.astype(idx, "int64"), (-1,))[: k] if k else \
                ivy.zeros((0,), dtype="int64")._data
            idx = wrap(idx)
        elif replace:
            idx = wrap(ivy.randint(0, n, shape=(k,), dtype="int64", seed=self._next()))
        else:
            if k > n:
                raise ValueError("Cannot take a larger sample than population when "
                                 "replace=False")
            idx = self.permutation(n)[:k]
        r = F.take(pool, idx.reshape(shp) if shp else idx.reshape(()), axis=axis)
        return r

    def bytes(self, length):
        return bytes(self.integers(0, 256, size=length).tolist())

    def spawn(self, n_children):
        return [Generator(self._next()) for _ in range(n_children)]

    @property
    def bit_generator(self):
        not_implemented("numpy.random.Generator.bit_generator")


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    return Generator(seed)


# ---- legacy module-level API over one global generator
_GLOBAL = [Generator(0)]


def seed(seed=None):
    _GLOBAL[0] = Generator(seed)


def rand(*shape):
    return _GLOBAL[0].random(shape if shape else None)


def randn(*shape):
    return _GLOBAL[0].standard_normal(shape if shape else None)


def random(size=None):
    return _GLOBAL[0].random(size)


random_sample = ranf = sample = random


def uniform(low=0.0, high=1.0, size=None):
    return _GLOBAL[0].uniform(low, high, size)


def normal(loc=0.0, scale=1.0, size=None):
    return _GLOBAL[0].normal(loc, scale, size)


def standard_normal(size=None):
    return _GLOBAL[0].standard_normal(size)


def randint(low, high=None, size=None, dtype=int):
    return _GLOBAL[0].integers(low, high, size, dtype)


def choice(a, size=None, replace=True, p=None):
    return _GLOBAL[0].choice(a, size, replace, p)


def permutation(x):
    return _GLOBAL[0].permutation(x)


def shuffle(x):
    _GLOBAL[0].shuffle(x)


def exponential(scale=1.0, size=None):
    return _GLOBAL[0].exponential(scale, size)


