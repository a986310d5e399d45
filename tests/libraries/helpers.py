"""Shared pieces of the ivy_mech / ivy_vision tests: the backends present, running a library
function on a backend from NumPy inputs, and gradients checked against finite differences.

The same test files run in the main environment (numpy, torch, jax, tensorflow) and in the MXNet
environment (numpy, mxnet; tests/libraries/test_mxnet_env.py starts that run), so the backend lists
are whatever is importable here.
"""

from __future__ import annotations

import importlib.util
import os

import numpy as np

import ivy

BACKENDS = [b for b in ("numpy", "torch", "jax", "tensorflow", "mxnet")
            if importlib.util.find_spec(b) is not None]
AD_BACKENDS = [b for b in BACKENDS if b != "numpy"]
BATCH_SHAPES = [(), (5,), (2, 3)]
FULL = bool(os.environ.get("IVY_FULL"))


def batch_shapes(backend: str) -> list:
    """The leading batch shapes a test runs: every one, except on JAX in the default run, where
    each new shape compiles every op again (the whole matrix takes ~250 s there): no batch and
    two batch axes, which together exercise what (5,) does. IVY_FULL=1 runs them all."""
    return BATCH_SHAPES if backend != "jax" or FULL else [(), (2, 3)]
HAS_TORCH = importlib.util.find_spec("torch") is not None


def to_np(tree):
    if isinstance(tree, (tuple, list)):
        return type(tree)(to_np(t) for t in tree)
    return ivy.to_numpy(tree)


def run(backend, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` on ``backend`` with the NumPy ``args`` as that backend's arrays;
    the result back as NumPy."""
    with ivy.using_backend(backend):
        return to_np(fn(*(ivy.asarray(a) for a in args), **kwargs))


def _loss(fn, weights, kwargs):
    def loss(xs):
        out = fn(*xs, **kwargs)
        outs = out if isinstance(out, (tuple, list)) else (out,)
        total = None
        for o, w in zip(outs, weights, strict=True):
            term = ivy.sum(o * ivy.asarray(w))
            total = term if total is None else total + term
        return total
    return loss


def loss_weights(fn, args, kwargs, seed=0):
    """Fixed random weights, one array per output, so the loss sum(out * w) sees every element."""
    out = run("numpy", fn, *args, **kwargs)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(o.shape) for o in outs]


def backend_grads(backend, fn, args, weights, **kwargs):
    """d loss / d args on ``backend`` through ``ivy.execute_with_gradients``."""
    with ivy.using_backend(backend):
        xs = [ivy.asarray(a) for a in args]
        _, g = ivy.execute_with_gradients(_loss(fn, weights, kwargs), xs)
        return [ivy.to_numpy(x) for x in g]


def torch_autograd_grads(fn, args, weights, **kwargs):
    """The same loss differentiated by torch.autograd directly (the ivy code on the torch backend,
    no ivy gradient API in between)."""
    import torch

    with ivy.using_backend("torch"):
        xs = [torch.tensor(a, requires_grad=True) for a in args]
        loss = _loss(fn, weights, kwargs)([ivy.asarray(x) for x in xs])
        gs = torch.autograd.grad(ivy.to_native(loss), xs, allow_unused=True)
    return [np.zeros_like(a) if g is None else g.detach().numpy() for a, g in zip(args, gs,
                                                                                  strict=True)]


def fd_grads(fn, args, weights, eps=1e-6, **kwargs):
    """Central finite differences of the loss on the NumPy backend (float64)."""
    loss = _loss(fn, weights, kwargs)
    out = []
    with ivy.using_backend("numpy"):
        for n, a in enumerate(args):
            g = np.zeros_like(a)
            for i in np.ndindex(a.shape):
                hi = [x.copy() for x in args]
                lo = [x.copy() for x in args]
                hi[n][i] += eps
                lo[n][i] -= eps
                g[i] = (float(ivy.to_numpy(loss([ivy.asarray(x) for x in hi])))
                        - float(ivy.to_numpy(loss([ivy.asarray(x) for x in lo])))) / (2 * eps)
            out.append(g)
    return out


def random_rotations(n, seed=0):
    from scipy.spatial.transform import Rotation

    return Rotation.random(n, random_state=seed)
