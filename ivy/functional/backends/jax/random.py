"""The jax backend: random functions. One key per stream (_shared/rng.py) is split on every call."""

import jax
import jax.numpy as jnp
import numpy as _np

from ivy import dtypes as _d

from .._shared.rng import Streams as _Streams
from .device import as_native_device as _as_native_device
from .dtypes import as_native_dtype as _as_native_dtype


def _fresh(seed_value=None):
    if seed_value is None:
        seed_value = int(_np.random.SeedSequence().generate_state(1)[0])
    return jax.random.PRNGKey(int(seed_value))


#: the key: a process default, or the caller's own stream (see _shared/rng.py)
STREAMS = _Streams("jax", _fresh)


def _key(seed_value=None):
    if seed_value is not None:
        return jax.random.PRNGKey(int(seed_value))
    stream = STREAMS.current()
    stream[0], sub = jax.random.split(stream[0])
    return sub


def seed(seed_value=0, /):
    STREAMS.seed(seed_value)


def _put(x, device):
    return x if device is None else jax.device_put(x, _as_native_device(device))


def _shape(shape, *params):
    return tuple(shape) if shape is not None else jnp.broadcast_shapes(*(jnp.shape(p)
                                                                          for p in params))


def random_uniform(*, low=0.0, high=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    return _put(jax.random.uniform(_key(seed), _shape(shape, low, high), dtype=dt,
                                   minval=low, maxval=high), device)


def random_normal(*, mean=0.0, std=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    n = jax.random.normal(_key(seed), _shape(shape, mean, std), dtype=dt)
    return _put((mean + n * std).astype(dt), device)


def randint(low, high, /, *, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_int_dtype())
    return _put(jax.random.randint(_key(seed), _shape(shape), low, high, dtype=dt), device)


def shuffle(x, /, axis=0, *, seed=None):
    return jax.random.permutation(_key(seed), x, axis=axis, independent=False)


def multinomial(probs, num_samples, /, *, replace=True, seed=None):
    p = jnp.asarray(probs, dtype=jnp.float64)
    flat = p.reshape(-1, p.shape[-1])
    keys = jax.random.split(_key(seed), max(flat.shape[0], 1))
    rows = [jax.random.choice(k, flat.shape[1], (num_samples,), replace=replace, p=r / r.sum())
            for k, r in zip(keys, flat, strict=False)]
    out = jnp.stack(rows) if rows else jnp.zeros((0, num_samples), jnp.int64)
    return out.astype(jnp.int64).reshape(*p.shape[:-1], num_samples)


def bernoulli(probs, /, *, shape=None, dtype=None, seed=None):
    p = jnp.asarray(probs)
    dt = _as_native_dtype(dtype) if dtype is not None else (
        p.dtype if jnp.issubdtype(p.dtype, jnp.floating) else
        _as_native_dtype(_d.default_float_dtype()))
    shape = p.shape if shape is None else tuple(shape)
    return jax.random.bernoulli(_key(seed), p, shape).astype(dt)
