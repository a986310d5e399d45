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


def const(values, like):
    """``values`` as an array with ``like``'s dtype and device (a constant that can meet ``like``
    in arithmetic on any device: torch refuses to mix a CUDA tensor with a CPU one)."""
    return ivy.asarray(values, dtype=ivy.dtype(like), device=ivy.dev(like))


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


def broadcast_matmul(a, b):
    """``a @ b`` for ``(..., n, k)`` and ``(..., k, m)``, computed on the operands broadcast to
    their common batch shape and flattened to one batch axis.

    Two MXNet 1.9 limits make this the one way ivy_mech and ivy_vision multiply batched matrices:
    ``np.matmul`` returns wrong gradients for an operand whose batch shape has a size-1 axis
    broadcast against a larger one (``(2, 1, 3, 3) @ (1, 5, 3, 1)``: d/da is wrong; equal batch
    shapes are right), and indexing an array of more than 5 dimensions raises ("ndim=6 too
    large"). Broadcasting first (``broadcast_to``'s gradient sums correctly) and flattening keeps
    every backend's products differentiable and every array small in rank."""
    n, k = tuple(a.shape[-2:])
    m = b.shape[-1]
    batch = ivy.broadcast_shapes(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
    a = ivy.reshape(ivy.broadcast_to(a, batch + (n, k)), (-1, n, k))
    b = ivy.reshape(ivy.broadcast_to(b, batch + (k, m)), (-1, k, m))
    return ivy.reshape(ivy.matmul(a, b), batch + (n, m))


def apply_matrix(mat, vec, offset=None):
    """``mat @ vec (+ offset)`` for ``mat (..., n, k)``, ``vec (..., k)`` and ``offset (..., n)``
    (batch shapes broadcast) → ``(..., n)``; flattened like :func:`broadcast_matmul`."""
    n, k = tuple(mat.shape[-2:])
    batch = ivy.broadcast_shapes(tuple(mat.shape[:-2]), tuple(vec.shape[:-1]))
    if offset is not None:
        batch = ivy.broadcast_shapes(batch, tuple(offset.shape[:-1]))
    m = ivy.reshape(ivy.broadcast_to(mat, batch + (n, k)), (-1, n, k))
    v = ivy.reshape(ivy.broadcast_to(vec, batch + (k,)), (-1, k, 1))
    out = ivy.reshape(ivy.matmul(m, v), (-1, n))
    if offset is not None:
        out = out + ivy.reshape(ivy.broadcast_to(offset, batch + (n,)), (-1, n))
    return ivy.reshape(out, batch + (n,))
