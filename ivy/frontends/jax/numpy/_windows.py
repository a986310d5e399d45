"""``jax.numpy`` window functions (``bartlett``, ``blackman``, ``hamming``, ``hanning``).

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

from ._base import pi
from ._creation import arange, ones, zeros
from ._elementwise import abs, cos


def _window(M, fn):
    if M < 1:
        return zeros(0, "float32")
    if M == 1:
        return ones(1, "float32")
    n = arange(M, dtype="float32")
    return fn(n, M - 1).astype("float32")


def bartlett(M):  # noqa: N803
    return _window(M, lambda n, d: 1 - abs(2 * n - d) / d)


def hanning(M):  # noqa: N803
    return _window(M, lambda n, d: 0.5 - 0.5 * cos(2 * pi * n / d))


def hamming(M):  # noqa: N803
    return _window(M, lambda n, d: 0.54 - 0.46 * cos(2 * pi * n / d))


def blackman(M):  # noqa: N803
    return _window(M, lambda n, d: 0.42 - 0.5 * cos(2 * pi * n / d) + 0.08 * cos(4 * pi * n / d))
