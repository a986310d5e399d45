"""Variable initializers. Each is a callable ``init(shape, *, fan_in, fan_out, dtype, seed)``
returning a native array of the current backend (NumPy when none is set); seeded by ``ivy.seed``
or by ``seed=``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Optional

import numpy as np

from ivy import func_wrapper as _fw


def _native(x):
    return _fw.unwrap(x)


def _dtype(dtype):
    from ivy.dtypes import default_float_dtype

    return dtype or default_float_dtype()


class Initializer:
    """Base class: subclasses implement ``__call__``."""

    def __call__(self, shape: Sequence[int], *, fan_in: Optional[int] = None,
                 fan_out: Optional[int] = None, dtype=None, seed: Optional[int] = None):
        raise NotImplementedError

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"


class Constant(Initializer):
    def __init__(self, value: float):
        self.value = value

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        import ivy

        return _native(ivy.full(tuple(shape), self.value, dtype=_dtype(dtype)))


class Zeros(Constant):
    def __init__(self):
        super().__init__(0.0)


class Ones(Constant):
    def __init__(self):
        super().__init__(1.0)


class Uniform(Initializer):
    """U[low, high)."""

    def __init__(self, low: float = -0.05, high: float = 0.05):
        self.low, self.high = low, high

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        import ivy

        return _native(ivy.random_uniform(low=self.low, high=self.high, shape=tuple(shape),
                                          dtype=_dtype(dtype), seed=seed))


class Normal(Initializer):
    """N(mean, std^2)."""

    def __init__(self, mean: float = 0.0, std: float = 0.05):
        self.mean, self.std = mean, std

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        import ivy

        return _native(ivy.random_normal(mean=self.mean, std=self.std, shape=tuple(shape),
                                         dtype=_dtype(dtype), seed=seed))


class TruncatedNormal(Initializer):
    """N(mean, std^2) restricted to [mean + a*std, mean + b*std] (inverse-CDF sampling)."""

    def __init__(self, mean: float = 0.0, std: float = 0.05, a: float = -2.0, b: float = 2.0):
        self.mean, self.std, self.a, self.b = mean, std, a, b

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        from scipy.special import ndtr, ndtri

        import ivy

        lo, hi = ndtr(self.a), ndtr(self.b)
        with ivy.using_backend(ivy.current_backend_str() or "numpy"):
            u = ivy.to_numpy(ivy.random_uniform(shape=tuple(shape), dtype="float64", seed=seed))
        z = ndtri(lo + u * (hi - lo))
        return _native(ivy.asarray(np.clip(z, self.a, self.b) * self.std + self.mean,
                                   dtype=_dtype(dtype)))


def _fans(shape, fan_in, fan_out):
    if fan_in is None or fan_out is None:
        if len(shape) < 2:
            fi = fo = int(shape[0]) if shape else 1
        else:
            receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
            fi, fo = int(shape[1]) * receptive, int(shape[0]) * receptive
        fan_in = fi if fan_in is None else fan_in
        fan_out = fo if fan_out is None else fan_out
    return fan_in, fan_out


class GlorotUniform(Initializer):
    """U[-l, l), l = gain * sqrt(6 / (fan_in + fan_out)) (Xavier)."""

    def __init__(self, gain: float = 1.0):
        self.gain = gain

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        fi, fo = _fans(shape, fan_in, fan_out)
        lim = self.gain * math.sqrt(6.0 / (fi + fo))
        return Uniform(-lim, lim)(shape, dtype=dtype, seed=seed)


class GlorotNormal(Initializer):
    """N(0, gain^2 * 2 / (fan_in + fan_out))."""

    def __init__(self, gain: float = 1.0):
        self.gain = gain

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        fi, fo = _fans(shape, fan_in, fan_out)
        return Normal(0.0, self.gain * math.sqrt(2.0 / (fi + fo)))(shape, dtype=dtype, seed=seed)


def _gain(nonlinearity: str, a: float) -> float:
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + a * a))
    return {"relu": math.sqrt(2.0), "linear": 1.0, "sigmoid": 1.0, "tanh": 5.0 / 3}[nonlinearity]


class KaimingUniform(Initializer):
    """U[-b, b), b = gain * sqrt(3 / fan) (He). ``KaimingUniform(a=sqrt(5),
    nonlinearity="leaky_relu")`` is PyTorch's default for Linear/Conv weights."""

    def __init__(self, a: float = 0.0, mode: str = "fan_in", nonlinearity: str = "relu"):
        self.a, self.mode, self.nonlinearity = a, mode, nonlinearity

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        fi, fo = _fans(shape, fan_in, fan_out)
        fan = fi if self.mode == "fan_in" else fo
        b = _gain(self.nonlinearity, self.a) * math.sqrt(3.0 / fan)
        return Uniform(-b, b)(shape, dtype=dtype, seed=seed)


class KaimingNormal(Initializer):
    """N(0, gain^2 / fan) (He)."""

    def __init__(self, a: float = 0.0, mode: str = "fan_in", nonlinearity: str = "relu"):
        self.a, self.mode, self.nonlinearity = a, mode, nonlinearity

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        fi, fo = _fans(shape, fan_in, fan_out)
        fan = fi if self.mode == "fan_in" else fo
        return Normal(0.0, _gain(self.nonlinearity, self.a) / math.sqrt(fan))(
            shape, dtype=dtype, seed=seed)


class FanInUniform(Initializer):
    """U[-1/sqrt(fan_in), 1/sqrt(fan_in)): PyTorch's default for biases (and, in effect,
    weights) of Linear and Conv layers."""

    def __call__(self, shape, *, fan_in=None, fan_out=None, dtype=None, seed=None):
        fi, _ = _fans(shape, fan_in, fan_out)
        b = 1.0 / math.sqrt(fi) if fi > 0 else 0.0
        return Uniform(-b, b)(shape, dtype=dtype, seed=seed)


# functional aliases
zeros, ones = Zeros(), Ones()
glorot_uniform = xavier_uniform = GlorotUniform()
glorot_normal = xavier_normal = GlorotNormal()
kaiming_uniform = he_uniform = KaimingUniform()
kaiming_normal = he_normal = KaimingNormal()
XavierUniform, XavierNormal, HeUniform, HeNormal = (GlorotUniform, GlorotNormal, KaimingUniform,
                                                    KaimingNormal)
