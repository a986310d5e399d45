"""The MXNet backend: control flow (see ivy/functional/ivy/control_flow.py for the API and the
flat calling convention). MXNet has no loop primitive of its own here: plain Python loops
(``backends/_shared/control_flow.py``), which is exactly what eager code does."""

from functools import partial

from mxnet import numpy as mnp

from ivy.functional.backends._shared import control_flow as _cf

__all__ = ["cond", "scan", "while_loop"]


def _row_zeros(x):
    return mnp.zeros(x.shape[1:], dtype=x.dtype, ctx=x.ctx)


while_loop = partial(_cf.while_loop, mnp)
cond = partial(_cf.cond, mnp)
scan = partial(_cf.scan, mnp, row_zeros=_row_zeros)
