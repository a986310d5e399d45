"""The torch backend: sorting functions (see ivy/functional/ivy/sorting.py for the API)."""

import torch

from ._reductions import index

__all__ = ["argsort", "sort"]


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    return index(torch.argsort(x, dim=axis, descending=descending, stable=stable))


def sort(x, /, *, axis=-1, descending=False, stable=True):
    return torch.sort(x, dim=axis, descending=descending, stable=stable)[0]
