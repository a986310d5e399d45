"""Argument helpers shared by the torch.nn.functional modules: tuples of sizes, the channel-first
layout name, float-only checks, the batch dimension of unbatched input."""

from __future__ import annotations

import ivy

from .._core import dtype_of

CF = "channel_first"


def _ntuple(v, n):
    if isinstance(v, (list, tuple)):
        if len(v) == 1:
            return tuple(v) * n
        return tuple(v)
    return (v,) * n


def _float_only(x, name):
    if dtype_of(x).cat < 2:
        raise RuntimeError(f"\"{name}\" not implemented for '{dtype_of(x)}'")
    return x


def _batched(x, n):
    if len(x.shape) == n + 1:
        return ivy.expand_dims(x, axis=0), True
    if len(x.shape) != n + 2:
        raise RuntimeError(f"Expected {n + 1}D or {n + 2}D input, got {len(x.shape)}D")
    return x, False


def _prod(v):
    r = 1
    for e in v:
        r *= e
    return r
