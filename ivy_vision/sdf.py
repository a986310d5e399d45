"""Signed distance functions of spheres and cuboids: negative inside, zero on the surface,
positive outside, the distance to the nearest surface point.

A scene of several shapes has the minimum of their signed distances (the union); with
``sum_shapes=False`` the per-shape distances are returned instead.
"""

from __future__ import annotations

import ivy
import ivy_mech


def _norm(v):
    """``|v|`` over the last axis with a finite gradient (0) at ``v = 0``."""
    s = ivy.sum(v * v, axis=-1)
    pos = s > 0
    return ivy.where(pos, ivy.sqrt(ivy.where(pos, s, ivy.ones_like(s))), ivy.zeros_like(s))


def _check(x, tail, what, name):
    if len(x.shape) < len(tail) or any(t is not None and x.shape[-len(tail) + n] != t
                                       for n, t in enumerate(tail)):
        want = ", ".join("N" if t is None else str(t) for t in tail)
        raise ValueError(f"ivy_vision.{what}: {name} must have shape (..., {want}), got "
                         f"{tuple(x.shape)}")


def sphere_signed_distances(sphere_positions, sphere_radii, query_positions, sum_shapes=True):
    """Spheres at ``sphere_positions`` ``(..., S, 3)`` of radii ``(..., S, 1)``; queries
    ``(..., Q, 3)`` → ``(..., Q, 1)`` (the scene: nearest sphere) or, with ``sum_shapes=False``,
    ``(..., S, Q, 1)``: ``|q - c| - r``."""
    _check(sphere_positions, (None, 3), "sphere_signed_distances", "sphere_positions")
    _check(sphere_radii, (None, 1), "sphere_signed_distances", "sphere_radii")
    _check(query_positions, (None, 3), "sphere_signed_distances", "query_positions")
    diff = query_positions[..., None, :, :] - sphere_positions[..., :, None, :]  # (..., S, Q, 3)
    d = (_norm(diff)[..., None] - sphere_radii[..., :, None, :])  # (..., S, Q, 1)
    return ivy.min(d, axis=-3) if sum_shapes else d


def cuboid_signed_distances(cuboid_ext_mats, cuboid_dims, query_positions, sum_shapes=True):
    """Cuboids given by their extrinsic matrices ``(..., C, 3, 4)`` (world → cuboid frame; the
    cuboid is centred on its frame's origin, its edges along the frame's axes) and full side
    lengths ``cuboid_dims`` ``(..., C, 3)``; queries ``(..., Q, 3)`` → ``(..., Q, 1)`` (nearest
    cuboid) or ``(..., C, Q, 1)``.

    In the cuboid's frame, with ``d = |p| - dims / 2``: ``|max(d, 0)| + min(max_i d_i, 0)``."""
    _check(cuboid_ext_mats, (None, 3, 4), "cuboid_signed_distances", "cuboid_ext_mats")
    _check(cuboid_dims, (None, 3), "cuboid_signed_distances", "cuboid_dims")
    _check(query_positions, (None, 3), "cuboid_signed_distances", "query_positions")
    local = ivy_mech.transform_points(cuboid_ext_mats[..., :, None, :, :],
                                      query_positions[..., None, :, :])  # (..., C, Q, 3)
    d = ivy.abs(local) - cuboid_dims[..., :, None, :] / 2
    outside = _norm(ivy.maximum(d, ivy.zeros_like(d)))
    inside = ivy.minimum(ivy.max(d, axis=-1), ivy.zeros_like(outside))
    sd = (outside + inside)[..., None]
    return ivy.min(sd, axis=-3) if sum_shapes else sd
