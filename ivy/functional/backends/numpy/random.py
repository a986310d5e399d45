"""The NumPy backend: random functions (see ivy/functional/ivy/random.py for the API)."""

import numpy as np

from ivy import dtypes as _d

from .._shared.rng import Streams as _Streams
from .dtypes import as_native_dtype as _as_native_dtype

#: the generator: a process default, or the caller's own stream (see _shared/rng.py)
STREAMS = _Streams("numpy", np.random.default_rng)


def _gen(seed_value=None):
    return STREAMS.get() if seed_value is None else np.random.default_rng(seed_value)


def seed(seed_value=0, /):
    STREAMS.seed(seed_value)


def _shape(shape):
    return () if shape is None else tuple(shape)


def random_uniform(*, low=0.0, high=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    if shape is None:
        shape = np.broadcast_shapes(np.shape(low), np.shape(high))
    return np.asarray(_gen(seed).uniform(low, high, _shape(shape))).astype(dt)


def random_normal(*, mean=0.0, std=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    if shape is None:
        shape = np.broadcast_shapes(np.shape(mean), np.shape(std))
    return np.asarray(_gen(seed).normal(mean, std, _shape(shape))).astype(dt)


def randint(low, high, /, *, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_int_dtype())
    return np.asarray(_gen(seed).integers(low, high, _shape(shape))).astype(dt)


def shuffle(x, /, axis=0, *, seed=None):
    return np.take(x, _gen(seed).permutation(x.shape[axis]), axis=axis)


def multinomial(probs, num_samples, /, *, replace=True, seed=None):
    g = _gen(seed)
    p = np.asarray(probs, dtype=np.float64)
    batch = p.reshape(-1, p.shape[-1])
    rows = [g.choice(batch.shape[1], num_samples, replace=replace, p=r / r.sum()) for r in batch]
    out = np.stack(rows).astype(np.int64) if rows else np.zeros((0, num_samples), np.int64)
    return out.reshape((*p.shape[:-1], num_samples))


def bernoulli(probs, /, *, shape=None, dtype=None, seed=None):
    p = np.asarray(probs)
    dt = _as_native_dtype(dtype) if dtype is not None else (
        p.dtype if p.dtype.kind == "f" else _as_native_dtype(_d.default_float_dtype()))
    shape = p.shape if shape is None else tuple(shape)
    return (_gen(seed).random(shape) < np.broadcast_to(p, shape)).astype(dt)
