"""Learning-rate schedules: callables ``schedule(step) -> lr`` (step counts from 0), usable as
an optimizer's ``lr``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Union


class Schedule:
    def __call__(self, step: int) -> float:
        raise NotImplementedError


class Constant(Schedule):
    def __init__(self, lr: float):
        self.lr = lr

    def __call__(self, step):
        return self.lr


class StepLR(Schedule):
    """lr * gamma ** (step // step_size) (PyTorch's StepLR)."""

    def __init__(self, lr: float, step_size: int, gamma: float = 0.1):
        self.lr, self.step_size, self.gamma = lr, step_size, gamma

    def __call__(self, step):
        return self.lr * self.gamma ** (step // self.step_size)


class ExponentialLR(Schedule):
    def __init__(self, lr: float, gamma: float):
        self.lr, self.gamma = lr, gamma

    def __call__(self, step):
        return self.lr * self.gamma ** step


class CosineAnnealing(Schedule):
    """eta_min + (lr - eta_min) (1 + cos(pi step / T_max)) / 2, constant after T_max."""

    def __init__(self, lr: float, T_max: int, eta_min: float = 0.0):
        self.lr, self.T_max, self.eta_min = lr, T_max, eta_min

    def __call__(self, step):
        s = min(step, self.T_max)
        return self.eta_min + (self.lr - self.eta_min) * (1 + math.cos(math.pi * s / self.T_max)) / 2


class Warmup(Schedule):
    """Linear warm-up from ``start_factor * lr`` over ``warmup_steps``, then ``after`` (a
    schedule or a constant lr) counted from the end of the warm-up."""

    def __init__(self, after: Union[float, Callable[[int], float]], warmup_steps: int,
                 start_factor: float = 0.0):
        self.after = after if callable(after) else Constant(after)
        self.warmup_steps, self.start_factor = warmup_steps, start_factor

    def __call__(self, step):
        if step < self.warmup_steps:
            target = self.after(0)
            f = self.start_factor + (1 - self.start_factor) * step / self.warmup_steps
            return target * f
        return self.after(step - self.warmup_steps)


def warmup_cosine(lr: float, warmup_steps: int, total_steps: int,
                  eta_min: float = 0.0) -> Warmup:
    """The common transformer schedule: linear warm-up then cosine decay."""
    return Warmup(CosineAnnealing(lr, total_steps - warmup_steps, eta_min), warmup_steps)
