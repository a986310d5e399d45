"""The torch backend: random functions (see ivy/functional/ivy/random.py for the API)."""

import torch

from ivy import dtypes as _d

from .._shared.rng import Streams as _Streams
from .device import as_native_device as _as_native_device
from .dtypes import as_native_dtype as _as_native_dtype


def _fresh(seed_value=None):
    g = torch.Generator()
    if seed_value is None:
        g.seed()
    else:
        g.manual_seed(int(seed_value))
    return g


#: the generator: a process default, or the caller's own stream (see _shared/rng.py)
STREAMS = _Streams("torch", _fresh)


def _gen(seed_value=None):
    return STREAMS.get() if seed_value is None else _fresh(seed_value)


def seed(seed_value=0, /):
    STREAMS.seed(seed_value)


def _shape(shape, *params):
    if shape is not None:
        return tuple(shape)
    return torch.broadcast_shapes(*(torch.as_tensor(p).shape for p in params))


def random_uniform(*, low=0.0, high=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    u = torch.rand(_shape(shape, low, high), generator=_gen(seed), dtype=dt)
    low, high = torch.as_tensor(low, dtype=dt), torch.as_tensor(high, dtype=dt)
    return (low + u * (high - low)).to(_as_native_device(device))


def random_normal(*, mean=0.0, std=1.0, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_float_dtype())
    n = torch.randn(_shape(shape, mean, std), generator=_gen(seed), dtype=dt)
    return (torch.as_tensor(mean, dtype=dt) + n * torch.as_tensor(std, dtype=dt)).to(
        _as_native_device(device))


def randint(low, high, /, *, shape=None, device=None, dtype=None, seed=None):
    dt = _as_native_dtype(dtype or _d.default_int_dtype())
    r = torch.randint(int(low), int(high), _shape(shape), generator=_gen(seed), dtype=torch.int64)
    return r.to(dtype=dt, device=_as_native_device(device))


def shuffle(x, /, axis=0, *, seed=None):
    perm = torch.randperm(x.shape[axis], generator=_gen(seed)).to(x.device)
    return x.index_select(axis, perm)


def multinomial(probs, num_samples, /, *, replace=True, seed=None):
    p = probs.to(torch.float64)
    flat = p.reshape(-1, p.shape[-1])
    out = torch.multinomial(flat, num_samples, replacement=replace, generator=_gen(seed))
    return out.reshape(*p.shape[:-1], num_samples)


def bernoulli(probs, /, *, shape=None, dtype=None, seed=None):
    p = torch.as_tensor(probs)
    dt = _as_native_dtype(dtype) if dtype is not None else (
        p.dtype if p.is_floating_point() else _as_native_dtype(_d.default_float_dtype()))
    shape = tuple(p.shape) if shape is None else tuple(shape)
    u = torch.rand(shape, generator=_gen(seed), dtype=torch.float64).to(p.device)
    return (u < p.broadcast_to(shape)).to(dt)
