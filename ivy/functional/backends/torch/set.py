"""The torch backend: set functions (see ivy/functional/ivy/set.py for the API).

``unique_*`` sort the flattened input stably and split it where neighbours differ: NaNs compare
unequal (each is its own unique value, count 1) and signed zeros equal (one value), as the
standard asks; the stable sort makes the first index of each run its first occurrence.
"""

import torch

from ivy.functional.ivy.set import (
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)

from ._reductions import UNSIGNED_WIDE, index, ordered, promote2

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def _out_of_range(s, like):
    """True for a Python int no element of ``like``'s integer dtype can equal."""
    if type(s) is not int or like.dtype.is_floating_point or like.dtype.is_complex or \
            like.dtype is torch.bool:
        return False
    info = torch.iinfo(like.dtype)
    return not info.min <= s <= info.max


def isin(x1, x2, /, *, invert=False):
    scalar = not isinstance(x1, torch.Tensor)
    if scalar and _out_of_range(x1, x2):
        return torch.tensor(invert, device=x2.device)
    if not isinstance(x2, torch.Tensor) and _out_of_range(x2, x1):
        return torch.full(x1.shape, invert, device=x1.device)
    x1, x2 = promote2(x1, x2)
    if x1.dtype in UNSIGNED_WIDE:
        x1, x2 = ordered(x1), ordered(x2)
    r = torch.isin(x1, x2, invert=invert)
    return r.reshape(()) if scalar else r


def _sorted_flat(flat):
    if flat.is_complex():
        p1 = torch.argsort(flat.imag, stable=True)
        p2 = torch.argsort(flat.real[p1], stable=True)
        perm = p1[p2]
        return flat[perm], perm
    return torch.sort(flat, stable=True)


def _runs(x):
    """(sorted flat values, permutation, run-start mask) of the flattened ``x``."""
    flat = x.reshape(-1)
    s, perm = _sorted_flat(flat)
    mask = torch.ones(s.shape, dtype=torch.bool, device=s.device)
    if s.numel() > 1:
        mask[1:] = s[1:] != s[:-1]
    return s, perm, mask


def _counts(mask):
    starts = torch.nonzero(mask).reshape(-1)
    ends = torch.cat([starts[1:], torch.tensor([mask.numel()], device=mask.device)])
    return starts, ends - starts


def _inverse(x, perm, mask):
    group = torch.cumsum(mask, 0) - 1
    inv = torch.empty_like(group)
    inv[perm] = group
    return inv.reshape(x.shape)


def unique_all(x, /):
    s, perm, mask = _runs(x)
    starts, counts = _counts(mask)
    return UniqueAllResult(s[mask], index(perm[starts]), index(_inverse(x, perm, mask)),
                           index(counts))


def unique_counts(x, /):
    s, perm, mask = _runs(x)
    return UniqueCountsResult(s[mask], index(_counts(mask)[1]))


def unique_inverse(x, /):
    s, perm, mask = _runs(x)
    return UniqueInverseResult(s[mask], index(_inverse(x, perm, mask)))


def unique_values(x, /):
    if x.is_complex():
        s, perm, mask = _runs(x)
        return s[mask]
    return torch.unique(x)
