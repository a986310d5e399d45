"""The MXNet backend: gradients with ``mx.autograd`` (``record()`` + ``autograd.grad``).

First-order gradients of any nesting of arrays (``value_and_grad``) and Jacobians (``jac``, one
backward pass per output element). MXNet's higher-order gradients cover a few operators only, so a
gradient taken inside another gradient computation raises ``UnsupportedBackendError`` rather
than returning a wrong (detached) result.
"""

import mxnet as mx
from mxnet import numpy as mnp

from ivy.errors import UnsupportedBackendError
from ivy.tree import tree_flatten, tree_unflatten

_DEPTH = [0]  # > 0 while inside another gradient computation


def _leaf(x):
    if not isinstance(x, mnp.ndarray):
        x = mnp.array(x)
    if x.dtype.kind != "f":
        raise TypeError(f"gradients need floating-point arrays, got {x.dtype}")
    x = x.copy()
    x.attach_grad()
    return x


def value_and_grad(func, argnums=0):
    multi = not isinstance(argnums, int)
    nums = tuple(argnums) if multi else (argnums,)

    def vg(*args):
        if _DEPTH[0] or mx.autograd.is_recording():
            raise UnsupportedBackendError(
                "ivy.value_and_grad: nested (higher-order) gradients are not implemented for the "
                "mxnet backend (MXNet differentiates few operators twice)")
        args = list(args)
        trees, leaves_all = [], []
        for n in nums:
            leaves, tree = tree_flatten(args[n])
            prepared = [_leaf(leaf) for leaf in leaves]
            args[n] = tree_unflatten(tree, prepared)
            trees.append((tree, len(prepared)))
            leaves_all += prepared
        _DEPTH[0] += 1
        try:
            with mx.autograd.record():
                y = func(*args)
        finally:
            _DEPTH[0] -= 1
        if not isinstance(y, mnp.ndarray) or y.size != 1:
            raise ValueError("the function given to ivy.grad must return one scalar array")
        y.backward()
        gs = [x.grad.copy() for x in leaves_all]
        out, i = [], 0
        for tree, n in trees:
            out.append(tree_unflatten(tree, gs[i:i + n]))
            i += n
        return y.detach(), (tuple(out) if multi else out[0])

    return vg


def jac(func):
    def j(x):
        if _DEPTH[0] or mx.autograd.is_recording():
            raise UnsupportedBackendError(
                "ivy.jac: nested (higher-order) derivatives are not implemented for the mxnet "
                "backend")
        x = _leaf(x)
        with mx.autograd.record():
            y = func(x)
        flat = y.reshape(-1)
        rows = []
        for k in range(flat.shape[0]):
            head = mnp.zeros(flat.shape, dtype=y.dtype, ctx=y.ctx)
            head[k] = 1
            y.backward(out_grad=head.reshape(y.shape), retain_graph=True)
            rows.append(x.grad.copy())
        return mnp.stack(rows).reshape(tuple(y.shape) + tuple(x.shape)) if rows else \
            mnp.zeros(tuple(y.shape) + tuple(x.shape), dtype=x.dtype, ctx=x.ctx)

    return j


def stop_gradient(x, /):
    return x.detach()
