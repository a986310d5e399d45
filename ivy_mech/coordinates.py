"""Coordinate conversions: spherical polar ↔ cartesian, and homogeneous coordinates.

Polar coordinates ``(..., 3)`` are ``[phi, theta, r]``: azimuth ``phi`` in the x-y plane from
+x towards +y, inclination ``theta`` from +z, radius ``r``, so
``x = r sin(theta) cos(phi)``, ``y = r sin(theta) sin(phi)``, ``z = r cos(theta)``.
:func:`cartesian_to_polar_coords` returns ``phi`` in ``(-pi, pi]`` and ``theta`` in ``[0, pi]``;
its gradient is not defined at the origin or on the z axis (where ``phi`` is not).
"""

from __future__ import annotations

import ivy
from ivy_mech._common import check_last, comp, stack_last


def polar_to_cartesian_coords(polar_coords):
    check_last(polar_coords, 3, "polar_to_cartesian_coords")
    phi, theta, r = (comp(polar_coords, n) for n in range(3))
    st = ivy.sin(theta)
    return stack_last([r * st * ivy.cos(phi), r * st * ivy.sin(phi), r * ivy.cos(theta)])


def cartesian_to_polar_coords(cartesian_coords):
    check_last(cartesian_coords, 3, "cartesian_to_polar_coords")
    x, y, z = (comp(cartesian_coords, n) for n in range(3))
    rho = ivy.sqrt(x * x + y * y)
    return stack_last([ivy.atan2(y, x), ivy.atan2(rho, z), ivy.sqrt(x * x + y * y + z * z)])


def make_coordinates_homogeneous(coords):
    """``(..., n)`` → ``(..., n + 1)`` with a last component 1."""
    return ivy.concat([coords, ivy.ones_like(coords[..., 0:1])], axis=-1)


def from_homogeneous_coordinates(coords):
    """``(..., n + 1)`` → ``(..., n)``: divides by the last component."""
    return coords[..., :-1] / coords[..., -1:]
