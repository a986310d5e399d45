"""The JAX frontend: ``import ivy.frontends.jax as jax`` runs JAX-style code on any Ivy backend.

Arrays hold a native array of the Ivy backend in use (set with ``ivy.set_backend``, or NumPy when
none is set); every function is a plain composition of ``ivy.*`` calls. Real JAX is never imported
here. Coverage and what raises ``NotImplementedError``: docs/frontends-jax.md.
"""

from __future__ import annotations

from . import _core
from ._array import Array
from ._core import not_implemented as _not_implemented
from . import numpy  # noqa: E402
from . import lax, nn, random, scipy, tree_util  # noqa: E402
from .tree_util import tree_flatten, tree_leaves, tree_map, tree_structure, tree_unflatten  # noqa

__version__ = "0.10.2+ivy"
numpy.ndarray = Array
Array.__module__ = "jax"


class _Config:
    jax_enable_x64 = False

    def update(self, name, value):
        if name == "jax_enable_x64" and value:
            _not_implemented("jax.config.update('jax_enable_x64', True)",
                             "the frontend runs with x64 disabled, JAX's default")

    def read(self, name):
        return getattr(self, name, None)


config = _Config()


def jit(fun=None, **kwargs):
    """Identity: the frontend runs eagerly (ivy.trace_graph / ivy.compile compile)."""
    if fun is None:
        return lambda f: f
    return fun


def block_until_ready(x):
    return x


def device_put(x, device=None, **kwargs):
    return numpy.asarray(x) if not isinstance(x, (list, tuple, dict)) else tree_map(
        numpy.asarray, x)


def devices(backend=None):
    return ["cpu"]


def grad(*a, **k):
    _not_implemented("jax.grad", "use ivy.grad on the function instead")


def vmap(*a, **k):
    _not_implemented("jax.vmap")
