"""Automatic differentiation over the autodiff backends (JAX, PyTorch, TensorFlow).

``xs`` may be any nested structure (dict/list/tuple/``ivy.Container``) of arrays; gradients have
the same structure. Calls nest for higher-order derivatives. NumPy has no autodiff: every function
here raises :class:`ivy.NoGradientError` naming the backends that have it. Each backend's
``gradients.py`` implements ``value_and_grad(func, argnums)``, ``jac(func)`` and
``stop_gradient``.
"""

from __future__ import annotations

import contextlib
import threading
import types
from typing import Any, Callable, Sequence, Union

from ivy import func_wrapper as _fw
from ivy import tree as _tree
from ivy._typing import Array
from ivy.errors import NoGradientError
from ivy.func_wrapper import api, register
from ivy.functional.backends import all_descriptors as _all_descriptors
from ivy.functional.backends import load_backend
from ivy.tracer.errors import TraceError, user_line
from ivy.tracer.recorder import Recorder

# the backends whose descriptor says the framework differentiates
AUTODIFF_BACKENDS = tuple(d.name for d in _all_descriptors() if d.autodiff)


def _none_is_leaf(x):
    return x is None


def _backend(args, what: str):
    """The current backend, else the one of the first array leaf in ``args``."""
    B = _fw.DISPATCH_GLOBALS["_B"]
    if B is not None:
        tracer = B._t if isinstance(B, Recorder) else None
        if tracer is not None and tracer.thread == threading.get_ident():  # tracing this call
            raise TraceError(
                f"ivy.{what} cannot be traced ({user_line()}): the framework's autodiff computes "
                "the gradient, and a graph of Ivy calls would only keep its value as a constant. "
                "Trace the forward function instead and differentiate the graph's replay, e.g. "
                "ivy.grad(lambda x: graph(x)), on jax, torch or tensorflow")
        return B
    for leaf in _tree.tree_leaves(args):
        d = leaf._data if leaf.__class__ is _fw.Array else leaf
        n = _fw.backend_name_of_type(type(d))
        if n is not None:
            return load_backend(n)
    return load_backend("numpy")


@contextlib.contextmanager
def _using(B):
    """Run with ``B`` set as the backend (tracers inside ``func`` cannot be inferred from)."""
    prev = _fw.DISPATCH_GLOBALS["_B"]
    _fw.set_dispatch_backend(B)
    try:
        yield
    finally:
        _fw.set_dispatch_backend(prev)


def _check(B, what: str):
    if B.name not in AUTODIFF_BACKENDS:
        raise NoGradientError(
            f"ivy.{what} needs automatic differentiation, which the {B.name} backend does not "
            f"have; use one of: {', '.join(AUTODIFF_BACKENDS)}")


def _unwrap_tree(t):
    return _tree.tree_map(lambda a: a._data if a.__class__ is _fw.Array else a, t)


def _had_ivy(t) -> bool:
    return any(a.__class__ is _fw.Array for a in _tree.tree_leaves(t))


def _wrap_tree(t):
    return _tree.tree_map(_fw.wrap, t)


@register
def value_and_grad(func: Callable, argnums: Union[int, Sequence[int]] = 0) -> Callable:
    """``func`` -> a function returning ``(func(*args), d func / d args[argnums])``.

    ``func`` must return a scalar array; the gradient has the structure of ``args[argnums]``
    (a tuple of such when ``argnums`` is a sequence)."""
    return _value_and_grad(func, argnums, "value_and_grad")


def _value_and_grad(func, argnums, what: str):
    def vg(*args):
        B = _backend(args, what)
        _check(B, what)
        wrap = _had_ivy(args)

        def native_func(*a):
            r = func(*(_wrap_tree(x) if wrap else x for x in a))
            return r._data if r.__class__ is _fw.Array else r

        with _using(B):
            value, grads = B.value_and_grad(native_func, argnums)(*_unwrap_tree(args))
        if wrap:
            return _fw.wrap(value), _wrap_tree(grads)
        return value, grads

    return vg


@register
def grad(func: Callable, argnums: Union[int, Sequence[int]] = 0) -> Callable:
    """``func`` -> the function computing d func / d args[argnums] (nest for higher order)."""
    vg = _value_and_grad(func, argnums, "grad")

    def g(*args):
        return vg(*args)[1]

    return g


@register
def execute_with_gradients(func: Callable, xs: Any, /) -> tuple:
    """``(func(xs), d func(xs) / d xs)`` with ``xs`` any nested structure of arrays."""
    return _value_and_grad(func, 0, "execute_with_gradients")(xs)


@register
def jac(func: Callable) -> Callable:
    """``func`` -> the function computing the Jacobian of ``func`` at one array ``x``, of shape
    ``func(x).shape + x.shape``."""

    def j(x):
        B = _backend((x,), "jac")
        _check(B, "jac")
        wrap = x.__class__ is _fw.Array

        def native_func(a):
            r = func(_fw.wrap(a) if wrap else a)
            return r._data if r.__class__ is _fw.Array else r

        with _using(B):
            r = B.jac(native_func)(_fw.unwrap(x))
        return _fw.wrap(r) if wrap else r

    return j


@api
def stop_gradient(x: Array, /) -> Array:
    """``x`` with no gradient flowing back through it."""


__all__ = ["value_and_grad", "grad", "execute_with_gradients", "jac", "stop_gradient",
           "AUTODIFF_BACKENDS", "NoGradientError"]
