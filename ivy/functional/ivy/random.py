"""Ivy random functions: one declaration each (see ivy/func_wrapper.py).

Every backend keeps its generator (NumPy ``Generator``, ``torch.Generator``, a JAX key split per
call, ``tf.random.Generator``) in a stream (``backends/_shared/rng.py``): one process-wide stream,
unless the caller runs in a stream of its own (``Streams.using``: the RPC worker gives each client
one). ``ivy.seed(n)`` resets the current stream only, so a backend repeats the same sequence for
the same seed; ``seed=`` on a call uses a fresh generator for that call only. Sequences differ
between backends.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ivy._typing import Array, Device, Dtype
from ivy.func_wrapper import api, register


@register
def seed(seed_value: int = 0, /) -> None:
    """Seed the current stream of the current backend, or of every loaded backend when none is
    set."""
    from ivy import backend_handler as bh
    from ivy.func_wrapper import DISPATCH_GLOBALS

    B = DISPATCH_GLOBALS["_B"]
    mods = [B] if B is not None else list(bh._loaded.values()) or [bh.load_backend("numpy")]
    for m in mods:
        m.seed(int(seed_value))


@api(creation=True)
def random_uniform(*, low: float = 0.0, high: float = 1.0, shape: Optional[Sequence[int]] = None,
                   device: Optional[Device] = None, dtype: Optional[Dtype] = None,
                   seed: Optional[int] = None) -> Array:
    """Samples from U[low, high) (default float dtype); ``shape=None`` gives a 0-d array."""


@api(creation=True)
def random_normal(*, mean: float = 0.0, std: float = 1.0, shape: Optional[Sequence[int]] = None,
                  device: Optional[Device] = None, dtype: Optional[Dtype] = None,
                  seed: Optional[int] = None) -> Array:
    """Samples from N(mean, std^2) (default float dtype)."""


@api(creation=True)
def randint(low: int, high: int, /, *, shape: Optional[Sequence[int]] = None,
            device: Optional[Device] = None, dtype: Optional[Dtype] = None,
            seed: Optional[int] = None) -> Array:
    """Integers uniformly from [low, high) (default int dtype)."""


@api
def shuffle(x: Array, /, axis: int = 0, *, seed: Optional[int] = None) -> Array:
    """A random permutation of ``x`` along ``axis``."""


@api
def multinomial(probs: Array, num_samples: int, /, *, replace: bool = True,
                seed: Optional[int] = None) -> Array:
    """Class indices (int64) drawn from ``probs`` of shape (n,) or (batch, n) (unnormalised
    weights are normalised); ``replace=False`` draws distinct classes."""


@api
def bernoulli(probs: Array, /, *, shape: Optional[Sequence[int]] = None,
              dtype: Optional[Dtype] = None, seed: Optional[int] = None) -> Array:
    """1 with probability ``probs`` else 0, in ``probs``' float dtype unless ``dtype``;
    ``shape`` broadcasts ``probs``."""
