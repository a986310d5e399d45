"""Small helpers shared by ivy_mech's modules: component access and safe square roots.

Everything here is written with ``ivy.*`` only, so it runs (and differentiates) on every backend.
"""

from __future__ import annotations

import ivy


def comp(x, i: int):
    """Component ``i`` of the last axis, keeping the batch shape: ``x[..., i]``."""
    return x[..., i]


def stack_last(parts):
    """Stacks equally shaped arrays along a new last axis."""
    return ivy.stack(list(parts), axis=-1)


def mat3(rows):
    """A ``(..., 3, 3)`` matrix from nine ``(...)`` arrays given row by row."""
    r = [stack_last(row) for row in rows]
    return ivy.stack(r, axis=-2)


def small_tol(x) -> float:
    """The threshold below which a squared angle counts as small (series used instead)."""
    return 1e-8 if str(ivy.dtype(x)) == "float64" else 1e-4


def safe_sqrt(sq, small):
    """``sqrt(sq)`` where not ``small``, else 1: finite, with finite gradients, everywhere."""
    return ivy.sqrt(ivy.where(small, ivy.ones_like(sq), sq))


def check_last(x, n, what: str, name: str = "input"):
    if x.shape[-1] != n:
        raise ValueError(f"ivy_mech.{what}: {name} must have {n} components in its last axis, "
                         f"got shape {tuple(x.shape)}")


def check_mat(x, rows, cols, what: str, name: str = "input"):
    if len(x.shape) < 2 or tuple(x.shape[-2:]) != (rows, cols):
        raise ValueError(f"ivy_mech.{what}: {name} must end in a {rows}x{cols} matrix, got shape "
                         f"{tuple(x.shape)}")
