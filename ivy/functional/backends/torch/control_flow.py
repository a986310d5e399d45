"""The PyTorch backend: control flow (see ivy/functional/ivy/control_flow.py for the API and the
flat calling convention). PyTorch has no loop primitive of its own here: plain Python loops
(``backends/_shared/control_flow.py``), which is exactly what eager code does."""

from functools import partial

import torch

from ivy.functional.backends._shared import control_flow as _cf

__all__ = ["cond", "scan", "while_loop"]


def _row_zeros(x):
    return torch.zeros(x.shape[1:], dtype=x.dtype, device=x.device)


while_loop = partial(_cf.while_loop, torch)
cond = partial(_cf.cond, torch)
scan = partial(_cf.scan, torch, row_zeros=_row_zeros)
