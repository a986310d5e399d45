"""The MXNet backend: random functions (see ivy/functional/ivy/random.py for the API).

MXNet has one global generator per device (``mx.random.seed``): every draw reseeds it, with the
call's ``seed=`` or the next number of the current stream (a NumPy generator, _shared/rng.py),
so seeded calls are reproducible and ``ivy.seed`` resets only the caller's stream.
"""

import mxnet as mx
import numpy as onp
from mxnet import numpy as mnp

from ivy import dtypes as _d

from .._shared.rng import Streams as _Streams
from .device import as_native_device
from .dtypes import as_native_dtype as _as_native_dtype

#: MXNet's generator is one per device and process, so a stream here is a NumPy generator that
#: reseeds MXNet's before each draw that has no ``seed=`` (see _shared/rng.py): the process
#: default, or the caller's own stream
STREAMS = _Streams("mxnet", onp.random.default_rng)


def seed(seed_value=0, /):
    STREAMS.seed(seed_value)


def _seeded(s):
    mx.random.seed(int(s) if s is not None else int(STREAMS.get().integers(1 << 31)))


def _shape(shape, *params):
    if shape is not None:
        return tuple(shape)
    return onp.broadcast_shapes(*(onp.shape(p) for p in params))


def random_uniform(*, low=0.0, high=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    _seeded(seed)
    shape = _shape(shape, low, high)
    u = mnp.random.uniform(0.0, 1.0, size=shape, ctx=as_native_device(device))
    return (low + (high - low) * u).astype(dt)


def random_normal(*, mean=0.0, std=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    _seeded(seed)
    shape = _shape(shape, mean, std)
    z = mnp.random.normal(0.0, 1.0, size=shape, ctx=as_native_device(device))
    return (mean + std * z).astype(dt)


def randint(low, high, /, *, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_int_dtype())
    _seeded(seed)
    r = mnp.random.randint(int(low), int(high), size=_shape(shape), dtype="int64",
                           ctx=as_native_device(device))
    return r.astype(dt)


def shuffle(x, /, axis=0, *, seed=None):
    _seeded(seed)
    perm = mnp.random.choice(x.shape[axis], size=x.shape[axis], replace=False, ctx=x.ctx)
    return mnp.take(x, perm.astype("int64"), axis=axis)


def bernoulli(probs, /, *, shape=None, dtype=None, seed=None):
    p = probs if isinstance(probs, mnp.ndarray) else mnp.array(onp.asarray(probs, onp.float32))
    dt = _as_native_dtype(dtype) if dtype is not None else (
        p.dtype if p.dtype.kind == "f" else _as_native_dtype(_d.default_float_dtype()))
    shape = tuple(p.shape) if shape is None else tuple(shape)
    _seeded(seed)
    u = mnp.random.uniform(0.0, 1.0, size=shape, ctx=p.ctx)
    return (u < mnp.broadcast_to(p.astype(u.dtype), shape)).astype(dt)
