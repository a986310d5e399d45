"""The torch backend: gradients with ``torch.autograd.grad`` (nests for higher order)."""

import torch

from ivy.tree import tree_flatten, tree_unflatten


def _prepare(x):
    """A tensor to differentiate with respect to (keeps the graph when already tracked)."""
    if not isinstance(x, torch.Tensor):
        x = torch.as_tensor(x)
    if x.requires_grad:
        return x, True
    return x.detach().requires_grad_(True), False


_DEPTH = [0]  # > 0 while inside another gradient computation: keep the graph (higher order)


def value_and_grad(func, argnums=0):
    multi = not isinstance(argnums, int)
    nums = tuple(argnums) if multi else (argnums,)

    def vg(*args):
        args = list(args)
        trees, leaves_all, nested = [], [], False
        for n in nums:
            leaves, tree = tree_flatten(args[n])
            prepared = []
            for leaf in leaves:
                t, was = _prepare(leaf)
                nested = nested or was
                prepared.append(t)
            args[n] = tree_unflatten(tree, prepared)
            trees.append((tree, len(prepared)))
            leaves_all += prepared
        with torch.enable_grad():
            _DEPTH[0] += 1
            try:
                y = func(*args)
            finally:
                _DEPTH[0] -= 1
            if not isinstance(y, torch.Tensor) or y.numel() != 1:
                raise ValueError("the function given to ivy.grad must return one scalar array")
            create = nested or _DEPTH[0] > 0
            gs = torch.autograd.grad(y, leaves_all, create_graph=create, allow_unused=True) \
                if y.requires_grad else [None] * len(leaves_all)
        gs = [torch.zeros_like(x) if g is None else g for g, x in zip(gs, leaves_all, strict=False)]
        if not create:
            gs = [g.detach() for g in gs]
        out, i = [], 0
        for tree, n in trees:
            out.append(tree_unflatten(tree, gs[i:i + n]))
            i += n
        return (y if create else y.detach()), (tuple(out) if multi else out[0])

    return vg


def jac(func):
    def j(x):
        t, nested = _prepare(x)
        return torch.autograd.functional.jacobian(func, t, create_graph=nested)

    return j


def stop_gradient(x, /):
    return x.detach()
