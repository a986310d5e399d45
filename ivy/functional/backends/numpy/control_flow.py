"""The NumPy backend: control flow (see ivy/functional/ivy/control_flow.py for the API and the
flat calling convention). NumPy has no loop primitive of its own here: plain Python loops
(``backends/_shared/control_flow.py``), which is exactly what eager code does."""

from functools import partial

import numpy as np

from ivy.functional.backends._shared import control_flow as _cf

__all__ = ["cond", "scan", "while_loop"]


def _row_zeros(x):
    return np.zeros(x.shape[1:], x.dtype)


while_loop = partial(_cf.while_loop, np)
cond = partial(_cf.cond, np)
scan = partial(_cf.scan, np, row_zeros=_row_zeros)
