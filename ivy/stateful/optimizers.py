"""Optimizers with PyTorch's hyper-parameter defaults and update rules.

Functional core: ``state = opt.init(v)`` and ``new_v, new_state = opt.apply(v, grads, state)``
(pure; usable under ``jax.jit``). Convenience: ``new_v = opt.step(v, grads)`` keeps the state in
the optimizer, and ``opt.step_module(module, grads)`` updates ``module.v`` in place.
``v`` and ``grads`` are any matching nested structures (Container, dicts, lists) of arrays.
``lr`` may be a number or a schedule (``lr(step) -> float``, see :mod:`ivy.stateful.schedules`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union

from ivy import func_wrapper as _fw
from ivy.tree import tree_flatten, tree_unflatten

LR = Union[float, Callable[[int], float]]


def _sqrt(x):
    return x ** 0.5


def _norm(x):
    import ivy

    return ivy.sum(x * x) ** 0.5


def _zeros_like(x):
    return x * 0


class Optimizer:
    """Base class. Subclasses define ``_init_leaf(p) -> tuple`` and
    ``_update_leaf(p, g, state, step, lr) -> (new_p, new_state)``."""

    def __init__(self, lr: LR):
        self.lr = lr
        self.state = None

    def _lr(self, step: int) -> float:
        return float(self.lr(step)) if callable(self.lr) else self.lr

    def _init_leaf(self, p) -> tuple:
        return ()

    def _update_leaf(self, p, g, s, step, lr):
        raise NotImplementedError

    def init(self, v) -> dict:
        leaves, _ = tree_flatten(v)
        return {"step": 0, "leaves": [self._init_leaf(_fw.unwrap(p)) for p in leaves]}

    def _update_leaves(self, ps, gs, ss, step, lr):
        out_p, out_s = [], []
        for p, g, st in zip(ps, gs, ss, strict=True):
            np_, ns = self._update_leaf(p, g, st, step, lr)
            out_p.append(np_)
            out_s.append(ns)
        return out_p, out_s

    def apply(self, v, grads, state) -> tuple[Any, dict]:
        """One update: ``(new_v, new_state)``; inputs are not modified."""
        leaves, spec = tree_flatten(v)
        gleaves, gspec = tree_flatten(grads)
        if len(gleaves) != len(leaves):
            raise ValueError(f"grads have {len(gleaves)} leaves but v has {len(leaves)}")
        step = state["step"] + 1
        lr = self._lr(step - 1)
        wrap = bool(leaves) and leaves[0].__class__ is _fw.Array
        ps = [_fw.unwrap(p) for p in leaves]
        gs = [_fw.unwrap(g) for g in gleaves]
        if ps and _fw.backend_name_of_type(type(ps[0])) == "jax":
            # one compiled update for all leaves instead of a dispatch per operation
            fn = self.__dict__.get("_jitted")
            if fn is None:
                import jax

                fn = self.__dict__["_jitted"] = jax.jit(self._update_leaves)
            from ivy.backend_handler import using_backend

            with using_backend("jax"):
                new_p, new_s = fn(ps, gs, state["leaves"], step, lr)
        else:
            new_p, new_s = self._update_leaves(ps, gs, state["leaves"], step, lr)
        if wrap:
            new_p = [_fw.wrap(p) for p in new_p]
        return tree_unflatten(spec, new_p), {"step": step, "leaves": new_s}

    def step(self, v, grads):
        """Stateful convenience: update with the optimizer's own state; returns the new ``v``."""
        if self.state is None:
            self.state = self.init(v)
        new_v, self.state = self.apply(v, grads, self.state)
        return new_v

    def step_module(self, module, grads) -> None:
        module.v = self.step(module.v, grads)

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if k != "state")
        return f"{type(self).__name__}({args})"


class SGD(Optimizer):
    def __init__(self, lr: LR = 1e-3, *, momentum: float = 0.0, dampening: float = 0.0,
                 weight_decay: float = 0.0, nesterov: bool = False):
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(lr)
        self.momentum, self.dampening = momentum, dampening
        self.weight_decay, self.nesterov = weight_decay, nesterov

    def _init_leaf(self, p):
        return (None,)

    def _update_leaf(self, p, g, s, step, lr):
        if self.weight_decay:
            g = g + self.weight_decay * p
        buf = s[0]
        if self.momentum:
            buf = g if buf is None else buf * self.momentum + g * (1 - self.dampening)
            g = g + buf * self.momentum if self.nesterov else buf
        return p - lr * g, (buf,)


class Adam(Optimizer):
    decoupled = False

    def __init__(self, lr: LR = 1e-3, *, beta1: float = 0.9, beta2: float = 0.999,
                 epsilon: float = 1e-8, weight_decay: float = 0.0):
        super().__init__(lr)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon
        self.weight_decay = weight_decay

    def _init_leaf(self, p):
        return (_zeros_like(p), _zeros_like(p))

    def _update_leaf(self, p, g, s, step, lr):
        if self.weight_decay:
            if self.decoupled:
                p = p * (1 - lr * self.weight_decay)
            else:
                g = g + self.weight_decay * p
        b1, b2 = self.beta1, self.beta2
        m = s[0] * b1 + g * (1 - b1)
        v = s[1] * b2 + (g * g) * (1 - b2)
        bc1, bc2 = 1 - b1 ** step, 1 - b2 ** step
        denom = _sqrt(v) / (bc2 ** 0.5) + self.epsilon
        return p - (m / denom) * (lr / bc1), (m, v)


    def apply(self, v, grads, state):
        fast = _torch_adam(self, v, grads, state)
        return fast if fast is not None else super().apply(v, grads, state)


def _torch_adam(opt: Adam, v, grads, state):
    """Adam over all leaves at once with torch's multi-tensor (``_foreach``) kernels, as
    torch.optim.Adam does; ``None`` when the leaves are not plain torch tensors."""
    leaves, spec = tree_flatten(v)
    gleaves, _ = tree_flatten(grads)
    if not leaves or leaves[0].__class__.__module__ != "torch" or len(gleaves) != len(leaves):
        return None
    import torch

    if any(not isinstance(x, torch.Tensor) or x.requires_grad for x in (*leaves, *gleaves)):
        return None
    step = state["step"] + 1
    lr, b1, b2 = opt._lr(step - 1), opt.beta1, opt.beta2
    ms = [s[0] for s in state["leaves"]]
    vs = [s[1] for s in state["leaves"]]
    ps = list(leaves)
    if opt.weight_decay:
        if opt.decoupled:
            ps = torch._foreach_mul(ps, 1 - lr * opt.weight_decay)
        else:
            gleaves = torch._foreach_add(gleaves, ps, alpha=opt.weight_decay)
    m = torch._foreach_mul(ms, b1)
    torch._foreach_add_(m, gleaves, alpha=1 - b1)
    vv = torch._foreach_mul(vs, b2)
    torch._foreach_addcmul_(vv, gleaves, gleaves, value=1 - b2)
    denom = torch._foreach_sqrt(vv)
    torch._foreach_div_(denom, (1 - b2 ** step) ** 0.5)
    torch._foreach_add_(denom, opt.epsilon)
    new = torch._foreach_addcdiv(ps, m, denom, value=-lr / (1 - b1 ** step))
    return tree_unflatten(spec, new), {"step": step,
                                       "leaves": [(a, b) for a, b in zip(m, vv, strict=True)]}


class AdamW(Adam):
    """Adam with decoupled weight decay (PyTorch default ``weight_decay=0.01``)."""

    decoupled = True

    def __init__(self, lr: LR = 1e-3, *, beta1: float = 0.9, beta2: float = 0.999,
                 epsilon: float = 1e-8, weight_decay: float = 0.01):
        super().__init__(lr, beta1=beta1, beta2=beta2, epsilon=epsilon, weight_decay=weight_decay)


class RMSprop(Optimizer):
    def __init__(self, lr: LR = 1e-2, *, alpha: float = 0.99, epsilon: float = 1e-8,
                 weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False):
        super().__init__(lr)
        self.alpha, self.epsilon, self.weight_decay = alpha, epsilon, weight_decay
        self.momentum, self.centered = momentum, centered

    def _init_leaf(self, p):
        return (_zeros_like(p), _zeros_like(p), _zeros_like(p))

    def _update_leaf(self, p, g, s, step, lr):
        if self.weight_decay:
            g = g + self.weight_decay * p
        a = self.alpha
        sq = s[0] * a + (g * g) * (1 - a)
        ga = s[1]
        if self.centered:
            ga = ga * a + g * (1 - a)
            avg = _sqrt(sq - ga * ga) + self.epsilon
        else:
            avg = _sqrt(sq) + self.epsilon
        buf = s[2]
        if self.momentum:
            buf = buf * self.momentum + g / avg
            return p - lr * buf, (sq, ga, buf)
        return p - lr * (g / avg), (sq, ga, buf)


class LAMB(Optimizer):
    """Layer-wise adaptive Adam (You et al. 2019): the Adam step scaled by ||p|| / ||step||."""

    def __init__(self, lr: LR = 1e-3, *, beta1: float = 0.9, beta2: float = 0.999,
                 epsilon: float = 1e-6, weight_decay: float = 0.0):
        super().__init__(lr)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon
        self.weight_decay = weight_decay

    def _init_leaf(self, p):
        return (_zeros_like(p), _zeros_like(p))

    def _update_leaf(self, p, g, s, step, lr):
        import ivy

        b1, b2 = self.beta1, self.beta2
        m = s[0] * b1 + g * (1 - b1)
        v = s[1] * b2 + (g * g) * (1 - b2)
        upd = (m / (1 - b1 ** step)) / (_sqrt(v / (1 - b2 ** step)) + self.epsilon)
        if self.weight_decay:
            upd = upd + self.weight_decay * p
        pn, un = _norm(p), _norm(upd)
        trust = ivy.where((pn > 0) & (un > 0), pn / ivy.where(un > 0, un, un * 0 + 1),
                          pn * 0 + 1)
        return p - (lr * trust) * upd, (m, v)


class LARS(Optimizer):
    """Layer-wise adaptive rate scaling (You et al. 2017) on SGD with momentum."""

    def __init__(self, lr: LR = 1e-3, *, momentum: float = 0.9, weight_decay: float = 0.0,
                 trust_coefficient: float = 0.001, epsilon: float = 1e-8):
        super().__init__(lr)
        self.momentum, self.weight_decay = momentum, weight_decay
        self.trust_coefficient, self.epsilon = trust_coefficient, epsilon

    def _init_leaf(self, p):
        return (_zeros_like(p),)

    def _update_leaf(self, p, g, s, step, lr):
        import ivy

        pn, gn = _norm(p), _norm(g)
        local = self.trust_coefficient * pn / (gn + self.weight_decay * pn + self.epsilon)
        local = ivy.where((pn > 0) & (gn > 0), local, pn * 0 + 1)
        g = (g + self.weight_decay * p) * local
        buf = s[0] * self.momentum + g
        return p - lr * buf, (buf,)
