"""The tensorflow backend: random functions (one ``tf.random.Generator`` per stream, _shared/rng.py; ``seed=`` on a call
uses a stateless op with that seed)."""

import numpy as _np
import tensorflow as tf

from ivy import dtypes as _d

from .._shared.rng import Streams as _Streams
from .dtypes import as_native_dtype as _as_native_dtype


def _fresh(seed_value=None):
    if seed_value is None:
        return tf.random.Generator.from_non_deterministic_state()
    return tf.random.Generator.from_seed(int(seed_value))


#: the generator: a process default, or the caller's own stream (see _shared/rng.py)
STREAMS = _Streams("tensorflow", _fresh)


def seed(seed_value=0, /):
    STREAMS.seed(seed_value)


def _stateless_seed(seed_value):
    return tf.constant([int(seed_value), 0], dtype=tf.int64)


def _uniform01(shape, dtype, seed):
    if seed is None:
        return STREAMS.get().uniform(shape, dtype=dtype)
    return tf.random.stateless_uniform(shape, _stateless_seed(seed), dtype=dtype)


def _shape(shape, *params):
    if shape is not None:
        return tuple(shape)
    return tuple(_np.broadcast_shapes(*(tuple(tf.convert_to_tensor(p).shape) for p in params)))


def _dev(device):
    from .device import as_native_device

    return tf.device(as_native_device(device) if device is not None else "CPU:0")


def random_uniform(*, low=0.0, high=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    shp = _shape(shape, low, high)
    u = _uniform01(shp, dt, seed)
    return tf.cast(low, dt) + u * (tf.cast(high, dt) - tf.cast(low, dt))


def random_normal(*, mean=0.0, std=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    shp = _shape(shape, mean, std)
    n = (STREAMS.get().normal(shp, dtype=dt) if seed is None else
         tf.random.stateless_normal(shp, _stateless_seed(seed), dtype=dt))
    return tf.cast(mean, dt) + n * tf.cast(std, dt)


def randint(low, high, /, *, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_int_dtype())
    shp = _shape(shape)
    if seed is None:
        r = STREAMS.get().uniform(shp, minval=int(low), maxval=int(high), dtype=tf.int64)
    else:
        r = tf.random.stateless_uniform(shp, _stateless_seed(seed), minval=int(low),
                                        maxval=int(high), dtype=tf.int64)
    return tf.cast(r, dt)


def shuffle(x, /, axis=0, *, seed=None):
    n = x.shape[axis]
    perm = tf.argsort(_uniform01((n,), tf.float64, seed))
    return tf.gather(x, perm, axis=axis)


def multinomial(probs, num_samples, /, *, replace=True, seed=None):
    p = tf.cast(probs, tf.float64)
    flat = tf.reshape(p, (-1, p.shape[-1]))
    logits = tf.math.log(flat / tf.reduce_sum(flat, -1, keepdims=True))
    if replace:
        if seed is None:
            s = tf.cast(STREAMS.get().uniform_full_int((2,), dtype=tf.int64), tf.int64)
        else:
            s = _stateless_seed(seed)
        out = tf.random.stateless_categorical(logits, num_samples, s, dtype=tf.int64)
    else:
        # Gumbel top-k draws distinct classes with the right probabilities
        g = -tf.math.log(-tf.math.log(_uniform01(tuple(flat.shape), tf.float64, seed)))
        out = tf.cast(tf.math.top_k(logits + g, num_samples).indices, tf.int64)
    return tf.reshape(out, (*p.shape[:-1], num_samples))


def bernoulli(probs, /, *, shape=None, dtype=None, seed=None):
    p = tf.convert_to_tensor(probs)
    dt = _as_native_dtype(dtype) if dtype is not None else (
        p.dtype if p.dtype.is_floating else _as_native_dtype(_d.default_float_dtype()))
    shape = tuple(p.shape) if shape is None else tuple(shape)
    u = _uniform01(shape, tf.float64, seed)
    return tf.cast(u < tf.broadcast_to(tf.cast(p, tf.float64), shape), dt)
