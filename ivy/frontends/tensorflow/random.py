"""tf.random: seeded draws through Ivy's ``seed=`` arguments.

The numbers are **not** TensorFlow's random stream: ``tf.random.set_seed`` plus the op ``seed``
make a program's draws reproducible *within the frontend* (same program, same backend -> same
values), and ``stateless_*`` functions give the same values for the same ``seed=[a, b]``; tests
check shapes, dtypes, ranges and reproducibility, not values.
"""

from __future__ import annotations

import ivy

from ._core import as_dtype, float32, invalid, name_of, nat, not_implemented, wrap

_STATE = {"global": None, "count": 0}


def set_seed(seed):
    """tf.random.set_seed: fixes the global seed and restarts the sequence of op seeds."""
    _STATE["global"] = None if seed is None else int(seed)
    _STATE["count"] = 0


def get_global_generator():
    not_implemented("tf.random.get_global_generator", "tf.random.Generator is not modelled")


def Generator(*a, **k):  # noqa: N802
    not_implemented("tf.random.Generator")


def _op_seed(seed):
    g = _STATE["global"]
    if g is None and seed is None:
        return None
    _STATE["count"] += 1
    g = 87654321 if g is None else g
    s = 0 if seed is None else int(seed)
    return (g * 1000003 + s * 10007 + _STATE["count"] * 7919) % (2 ** 31 - 1)


def _shape(shape):
    from ._functions import _shape_arg

    return _shape_arg(shape)


def _uniform(shape, minval, maxval, dtype, seed):
    dt = as_dtype(dtype)
    sh = _shape(shape)
    if dt.is_integer:
        if maxval is None:
            raise ValueError("Must specify maxval for integer dtype")
        lo, hi = int(minval), int(maxval)
        if lo >= hi:
            invalid("Need minval < maxval", "RandomUniformInt")
        return wrap(ivy.randint(lo, hi, shape=sh, dtype=dt.name, seed=seed))
    if not dt.is_floating:
        raise ValueError(f"Invalid dtype {dt!r}")
    maxval = 1 if maxval is None else maxval
    u = ivy.random_uniform(low=0.0, high=1.0, shape=sh, dtype=dt.name, seed=seed)
    lo, hi = nat(minval, dt), nat(maxval, dt)
    return wrap(ivy.add(ivy.multiply(u, ivy.subtract(hi, lo)), lo))


def uniform(shape, minval=0, maxval=None, dtype=float32, seed=None, name=None):
    return _uniform(shape, minval, maxval, dtype, _op_seed(seed))


def _normal(shape, mean, stddev, dtype, seed):
    dt = as_dtype(dtype)
    z = ivy.random_normal(mean=0.0, std=1.0, shape=_shape(shape), dtype=dt.name, seed=seed)
    return wrap(ivy.add(ivy.multiply(z, nat(stddev, dt)), nat(mean, dt)))


def normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _normal(shape, mean, stddev, dtype, _op_seed(seed))


def _truncated(shape, mean, stddev, dtype, seed):
    """Normal draws outside two standard deviations are redrawn (up to 12 rounds, then
    clipped: a probability below 1e-16 per element)."""
    dt = as_dtype(dtype)
    sh = _shape(shape)
    z = ivy.random_normal(mean=0.0, std=1.0, shape=sh, dtype=dt.name, seed=seed)
    for i in range(12):
        bad = ivy.greater(ivy.abs(z), 2.0)
        if not bool(ivy.to_numpy(ivy.any(bad))):
            break
        s = None if seed is None else (seed * 31 + i + 1) % (2 ** 31 - 1)
        z = ivy.where(bad, ivy.random_normal(mean=0.0, std=1.0, shape=sh, dtype=dt.name,
                                             seed=s), z)
    z = ivy.clip(z, -2.0, 2.0)
    return wrap(ivy.add(ivy.multiply(z, nat(stddev, dt)), nat(mean, dt)))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _truncated(shape, mean, stddev, dtype, _op_seed(seed))


def shuffle(value, seed=None, name=None):
    d = nat(value)
    if len(d.shape) == 0:
        invalid("value must be at least 1-D", "RandomShuffle")
    return wrap(ivy.shuffle(d, 0, seed=_op_seed(seed)))


def _stateless_seed(seed):
    s = [int(v) for v in (seed.numpy().tolist() if hasattr(seed, "numpy") else seed)]
    if len(s) != 2:
        invalid(f"seed must have shape [2], not {len(s)}", "StatelessRandomUniformV2")
    return (s[0] * 2654435761 + s[1] * 40503 + 12345) % (2 ** 31 - 1)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=float32, name=None, alg=None):
    return _uniform(shape, minval, maxval, dtype, _stateless_seed(seed))


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None, alg=None):
    return _normal(shape, mean, stddev, dtype, _stateless_seed(seed))


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None,
                               alg=None):
    return _truncated(shape, mean, stddev, dtype, _stateless_seed(seed))


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    d = nat(logits)
    p = ivy.softmax(d, axis=-1)
    r = ivy.multinomial(p, int(num_samples), replace=True, seed=_op_seed(seed))
    return wrap(ivy.astype(r, as_dtype(dtype or "int64").name))


def stateless_categorical(logits, num_samples, seed, dtype=None, name=None):
    d = nat(logits)
    p = ivy.softmax(d, axis=-1)
    r = ivy.multinomial(p, int(num_samples), replace=True, seed=_stateless_seed(seed))
    return wrap(ivy.astype(r, as_dtype(dtype or "int64").name))


def split(seed, num=2, alg="auto_select"):
    """``num`` new stateless seeds (shape [num, 2], the seed's dtype) derived from ``seed``:
    deterministic, but not TensorFlow's Philox bits."""
    dt = name_of(nat(seed))
    return wrap(ivy.randint(0, 2 ** 31 - 1, shape=(int(num), 2), dtype=dt,
                            seed=_stateless_seed(seed)))


def fold_in(seed, data, alg="auto_select"):
    """A new stateless seed (shape [2], the seed's dtype) from ``seed`` and the integer ``data``."""
    dt = name_of(nat(seed))
    s = [int(v) for v in (seed.numpy().tolist() if hasattr(seed, "numpy") else seed)]
    dv = int(data.numpy()) if hasattr(data, "numpy") else int(data)
    return wrap(ivy.randint(0, 2 ** 31 - 1, shape=(2,), dtype=dt,
                            seed=_stateless_seed([s[0] * 1000003 + dv, s[1] + dv * 7919])))


def gamma(*a, **k):
    not_implemented("tf.random.gamma", "needs an Ivy gamma sampler")


def poisson(*a, **k):
    not_implemented("tf.random.poisson", "needs an Ivy Poisson sampler")


