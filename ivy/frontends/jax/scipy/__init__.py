"""jax.scipy: only ``jax.scipy.special`` (see special.py)."""

from . import special  # noqa: F401
