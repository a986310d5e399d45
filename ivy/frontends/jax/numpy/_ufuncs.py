"""``jnp.ufunc``, ``jnp.frompyfunc`` and ``jnp.vectorize``.

Part of the ``jax.numpy`` functions (``_functions`` gathers them).
"""

from __future__ import annotations

import numpy as np

from .._core import not_implemented
from ._base import _a, _max, _range
from ._creation import zeros
from ._shapes import broadcast_arrays, broadcast_to, expand_dims, moveaxis, ravel, reshape, stack


def vectorize(pyfunc, *, excluded=frozenset(), signature=None):
    """Elementwise (no signature) vectorization by broadcasting and a Python loop."""
    if signature is not None:
        not_implemented("jax.numpy.vectorize(signature=...)")

    def f(*args, **kwargs):
        pos = [i for i in _range(len(args)) if i not in excluded]
        arrs = broadcast_arrays(*[_a(args[i]) for i in pos])
        shape = arrs[0].shape if arrs else ()
        flat = [ravel(x) for x in arrs]
        outs = []
        for j in _range(int(np.prod(shape))):
            call = list(args)
            for k, i in enumerate(pos):
                call[i] = flat[k][j]
            outs.append(_a(pyfunc(*call, **kwargs)))
        if not outs:
            return zeros(shape)
        return reshape(stack(outs), shape)
    return f


class ufunc:  # noqa: N801 - JAX's name
    """``jnp.ufunc``/``jnp.frompyfunc``: a scalar function made elementwise (a Python loop over
    broadcast elements unless ``call`` is given) with ``outer``, ``reduce`` and ``accumulate``
    (sequential folds along an axis, as JAX's scan-based defaults)."""

    def __init__(self, func, /, nin, nout, *, name=None, nargs=None, identity=None, call=None,
                 reduce=None, accumulate=None, at=None, reduceat=None):
        self._func, self.nin, self.nout = func, nin, nout
        self.nargs = nargs if nargs is not None else nin
        self.identity = identity
        self.__name__ = name if name is not None else getattr(func, "__name__", "ufunc")
        self._call = call if call is not None else vectorize(func)
        self._reduce, self._accumulate = reduce, accumulate
        if at is not None or reduceat is not None:
            not_implemented("jax.numpy.ufunc(at=..., reduceat=...)")

    def __repr__(self):
        return f"<jnp.ufunc '{self.__name__}'>"

    def __call__(self, *args):
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional argument(s) but "
                            f"{len(args)} were given.")
        return self._call(*args)

    def outer(self, A, B, /):  # noqa: N803
        if self.nin != 2 or self.nout != 1:
            raise ValueError(f"{self.__name__}.outer() only supported for binary ufuncs with "
                             "one output")
        a_, b_ = _a(A), _a(B)
        return self(reshape(a_, a_.shape + (1,) * b_.ndim), b_)

    def _check_binary(self, what):
        if self.nin != 2 or self.nout != 1:
            raise ValueError(f"{what} only supported for binary ufuncs with a single output; "
                             f"got nin={self.nin}, nout={self.nout}")

    def reduce(self, a, axis=0, dtype=None, out=None, keepdims=False, initial=None,
               where=None):
        self._check_binary("reduce")
        if self._reduce is not None:
            return self._reduce(a, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial,
                                where=where)
        if out is not None or where is not None:
            not_implemented("jax.numpy.ufunc.reduce(out=/where=)")
        x = _a(a)
        if axis is None:
            x, axis = ravel(x), 0
        ax = axis % _max(x.ndim, 1)
        xm = moveaxis(x, ax, 0)
        init = initial if initial is not None else self.identity
        if xm.shape[0] == 0 and init is None:
            raise ValueError(f"zero-size array to reduction operation {self.__name__} which "
                             "has no identity")
        acc = xm[0] if init is None else broadcast_to(_a(init).astype(x.dtype), xm.shape[1:])
        for i in _range(0 if init is not None else 1, xm.shape[0]):
            acc = self(acc, xm[i])
        acc = _a(acc)
        if dtype is not None:
            acc = acc.astype(dtype)
        return expand_dims(acc, ax) if keepdims else acc

    def accumulate(self, a, axis=0, dtype=None, out=None):
        self._check_binary("accumulate")
        if self._accumulate is not None:
            return self._accumulate(a, axis=axis, dtype=dtype)
        x = _a(a)
        ax = axis % _max(x.ndim, 1)
        xm = moveaxis(x, ax, 0)
        if xm.shape[0] == 0:
            return x
        outs = [xm[0]]
        for i in _range(1, xm.shape[0]):
            outs.append(_a(self(outs[-1], xm[i])))
        r = moveaxis(stack(outs), 0, ax)
        return r.astype(dtype) if dtype is not None else r


def frompyfunc(func, /, nin, nout, *, identity=None):
    return ufunc(func, nin, nout, identity=identity)
