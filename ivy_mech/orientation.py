"""Rotation representations and the conversions between them.

Representations (every function takes any leading batch shape ``...``):

- rotation matrix ``(..., 3, 3)``: acts on column vectors, ``p' = R @ p``;
- quaternion ``(..., 4)``: ``[x, y, z, w]`` (scalar last, Hamilton product), as
  ``scipy.spatial.transform.Rotation.as_quat`` writes it;
- Euler angles ``(..., 3)`` with a ``convention`` of three axis letters, one of
  :data:`VALID_EULER_CONVENTIONS`. The convention is *intrinsic*: ``"zyx"`` means
  ``R = R_z(e0) @ R_y(e1) @ R_x(e2)``, which is scipy's uppercase ``Rotation.from_euler("ZYX", e)``
  (the same matrix as lowercase extrinsic ``"xyz"`` applied to ``e[::-1]``);
- axis-angle ``(..., 4)``: ``[ax, ay, az, angle]`` with a unit axis;
- rotation vector ``(..., 3)``: ``axis * angle`` (scipy's ``as_rotvec``).

Conversions *to* Euler angles return the middle angle in ``[-pi/2, pi/2]`` (Tait-Bryan
conventions, ``"xyz"`` ...) or ``[0, pi]`` (proper Euler conventions, ``"xyx"`` ...), and the
other two in ``(-pi, pi]``, as scipy does; at gimbal lock (middle angle at a limit) the third angle
is set to 0, as scipy does. Conversions to quaternions return a unit quaternion whose sign follows
from the matrix (compare up to sign); :func:`quaternion_to_rot_vec` and
:func:`quaternion_to_axis_angle` return an angle in ``[0, pi]``.

Gradients: every function is differentiable everywhere except at the representations' own
singularities (Euler angles at gimbal lock, the axis of a zero rotation); the rotation-vector and
quaternion-to-rotation-vector maps use series at small angles so their gradients are finite at
(and near) the identity.
"""

from __future__ import annotations

import ivy
from ivy_mech._common import (
    apply_matrix,
    broadcast_matmul,
    check_last,
    check_mat,
    comp,
    const,
    mat3,
    safe_sqrt,
    small_tol,
    stack_last,
)

VALID_EULER_CONVENTIONS = ("xyx", "yzy", "zxz", "xzx", "yxy", "zyz",
                           "xyz", "yzx", "zxy", "xzy", "yxz", "zyx")
GIMBAL_TOL = 1e-7  # |cos(middle angle)| (Tait-Bryan) or |sin| (proper) below this: gimbal lock
_AXIS = {"x": 0, "y": 1, "z": 2}


def _convention(convention: str, what: str):
    if convention not in VALID_EULER_CONVENTIONS:
        raise ValueError(f"ivy_mech.{what}: convention must be one of "
                         f"{', '.join(VALID_EULER_CONVENTIONS)}, got {convention!r}")
    i, j, k = (_AXIS[c] for c in convention)
    proper = i == k
    if proper:
        k = 3 - i - j  # the axis that does not appear
    parity = 1.0 if (i, j, k) in ((0, 1, 2), (1, 2, 0), (2, 0, 1)) else -1.0
    return i, j, k, proper, parity


# Elementary rotations #
# ---------------------#

def axis_rot_mat(axis: str, angle):
    """The rotation by ``angle`` (``(...)``) about ``axis`` ("x", "y" or "z"): ``(..., 3, 3)``."""
    c, s = ivy.cos(angle), ivy.sin(angle)
    o, z = ivy.ones_like(angle), ivy.zeros_like(angle)
    if axis == "x":
        return mat3([[o, z, z], [z, c, -s], [z, s, c]])
    if axis == "y":
        return mat3([[c, z, s], [z, o, z], [-s, z, c]])
    if axis == "z":
        return mat3([[c, -s, z], [s, c, z], [z, z, o]])
    raise ValueError(f"ivy_mech.axis_rot_mat: axis must be 'x', 'y' or 'z', got {axis!r}")


def _axis_quaternion(axis: str, angle):
    h = angle * 0.5
    c, s, z = ivy.cos(h), ivy.sin(h), ivy.zeros_like(angle)
    parts = [z, z, z, c]
    parts[_AXIS[axis]] = s
    return stack_last(parts)


# Quaternions #
# ------------#

def quaternion_multiply(q1, q2):
    """The Hamilton product ``q1 * q2`` of ``[x, y, z, w]`` quaternions (rotate by q2, then q1)."""
    check_last(q1, 4, "quaternion_multiply", "q1")
    check_last(q2, 4, "quaternion_multiply", "q2")
    x1, y1, z1, w1 = (comp(q1, n) for n in range(4))
    x2, y2, z2, w2 = (comp(q2, n) for n in range(4))
    return stack_last([w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                       w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                       w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
                       w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2])


def quaternion_conjugate(q):
    """``[-x, -y, -z, w]``: the inverse rotation of a unit quaternion."""
    check_last(q, 4, "quaternion_conjugate")
    return q * const([-1.0, -1.0, -1.0, 1.0], q)


def quaternion_inverse(q):
    """The multiplicative inverse ``conj(q) / |q|^2`` (any non-zero quaternion)."""
    return quaternion_conjugate(q) / ivy.sum(q * q, axis=-1, keepdims=True)


def normalize_quaternion(q):
    """``q / |q|``."""
    check_last(q, 4, "normalize_quaternion")
    return q / ivy.sqrt(ivy.sum(q * q, axis=-1, keepdims=True))


def quaternion_to_rot_mat(quaternion):
    """``[x, y, z, w]`` (normalised first, as scipy does) → rotation matrix ``(..., 3, 3)``."""
    check_last(quaternion, 4, "quaternion_to_rot_mat")
    q = normalize_quaternion(quaternion)
    x, y, z, w = (comp(q, n) for n in range(4))
    xx, yy, zz = x * x, y * y, z * z
    xy, xz, yz, wx, wy, wz = x * y, x * z, y * z, w * x, w * y, w * z
    return mat3([[1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy)],
                 [2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx)],
                 [2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)]])


def rot_mat_to_quaternion(rot_mat):
    """Rotation matrix → unit quaternion ``[x, y, z, w]`` (Shepperd's method: of the four ways to
    recover the quaternion, the one whose divisor is largest, chosen per element)."""
    check_mat(rot_mat, 3, 3, "rot_mat_to_quaternion")
    r = [[rot_mat[..., a, b] for b in range(3)] for a in range(3)]
    t = r[0][0] + r[1][1] + r[2][2]
    lo = 1e-6  # the branches not chosen must stay finite (their gradients are multiplied by 0)
    # four times each candidate's leading component
    dw = 2 * ivy.sqrt(ivy.maximum(1 + t, lo))
    dx = 2 * ivy.sqrt(ivy.maximum(1 + r[0][0] - r[1][1] - r[2][2], lo))
    dy = 2 * ivy.sqrt(ivy.maximum(1 - r[0][0] + r[1][1] - r[2][2], lo))
    dz = 2 * ivy.sqrt(ivy.maximum(1 - r[0][0] - r[1][1] + r[2][2], lo))
    s21, d21 = r[2][1] + r[1][2], r[2][1] - r[1][2]
    s02, d02 = r[0][2] + r[2][0], r[0][2] - r[2][0]
    s10, d10 = r[1][0] + r[0][1], r[1][0] - r[0][1]
    qw = stack_last([d21 / dw, d02 / dw, d10 / dw, dw / 4])
    qx = stack_last([dx / 4, s10 / dx, s02 / dx, d21 / dx])
    qy = stack_last([s10 / dy, dy / 4, s21 / dy, d02 / dy])
    qz = stack_last([s02 / dz, s21 / dz, dz / 4, d10 / dz])
    d0, d1, d2 = r[0][0], r[1][1], r[2][2]
    use_w = (t >= d0) & (t >= d1) & (t >= d2)
    use_x = (d0 >= d1) & (d0 >= d2)
    use_y = d1 >= d2
    q = ivy.where(use_w[..., None], qw,
                  ivy.where(use_x[..., None], qx, ivy.where(use_y[..., None], qy, qz)))
    return normalize_quaternion(q)


# Euler angles #
# -------------#

def euler_to_rot_mat(euler_angles, convention: str = "zyx"):
    """Euler angles ``(..., 3)`` → rotation matrix ``R = R_a(e0) R_b(e1) R_c(e2)`` for
    ``convention = "abc"`` (intrinsic; scipy's ``from_euler(convention.upper(), e)``)."""
    _convention(convention, "euler_to_rot_mat")
    check_last(euler_angles, 3, "euler_to_rot_mat")
    a, b, c = (axis_rot_mat(ax, comp(euler_angles, n)) for n, ax in enumerate(convention))
    return broadcast_matmul(broadcast_matmul(a, b), c)


def rot_mat_to_euler(rot_mat, convention: str = "zyx"):
    """Rotation matrix → Euler angles ``(..., 3)`` in ``convention`` (ranges in the module's
    docstring; at gimbal lock the third angle is 0, as scipy sets it)."""
    i, j, k, proper, s = _convention(convention, "rot_mat_to_euler")
    check_mat(rot_mat, 3, 3, "rot_mat_to_euler")

    def r(a, b):
        return rot_mat[..., a, b]

    # the middle angle from atan2 (well conditioned near the limits, unlike acos/asin): h is
    # |sin(middle)| (proper) or |cos(middle)| (Tait-Bryan), the norm of the rest of row i
    if proper:  # R = R_i(a) R_j(b) R_i(c); k is the axis not named
        h2 = r(i, j) * r(i, j) + r(i, k) * r(i, k)
        h = ivy.where(h2 > 0, safe_sqrt(h2, h2 <= 0), ivy.zeros_like(h2))
        middle = ivy.atan2(h, r(i, i))
        first = ivy.atan2(r(j, i), -s * r(k, i))
        third = ivy.atan2(r(i, j), s * r(i, k))
    else:  # R = R_i(a) R_j(b) R_k(c)
        h2 = r(i, i) * r(i, i) + r(i, j) * r(i, j)
        h = ivy.where(h2 > 0, safe_sqrt(h2, h2 <= 0), ivy.zeros_like(h2))
        middle = ivy.atan2(s * r(i, k), h)
        first = ivy.atan2(-s * r(j, k), r(k, k))
        third = ivy.atan2(-s * r(i, j), r(i, i))
    lock = h < GIMBAL_TOL
    # at gimbal lock only a combination of first and third is defined: third = 0, and the first
    # angle follows from column j, R[:, j] = R_i(first) e_j
    first_lock = ivy.atan2(s * r(k, j), r(j, j))
    first = ivy.where(lock, first_lock, first)
    third = ivy.where(lock, ivy.zeros_like(third), third)
    return stack_last([first, middle, third])


def euler_to_quaternion(euler_angles, convention: str = "zyx"):
    """Euler angles → quaternion, as the product of the three axis quaternions."""
    _convention(convention, "euler_to_quaternion")
    check_last(euler_angles, 3, "euler_to_quaternion")
    qa, qb, qc = (_axis_quaternion(ax, comp(euler_angles, n)) for n, ax in enumerate(convention))
    return quaternion_multiply(quaternion_multiply(qa, qb), qc)


def quaternion_to_euler(quaternion, convention: str = "zyx"):
    """Quaternion → Euler angles (through the rotation matrix)."""
    return rot_mat_to_euler(quaternion_to_rot_mat(quaternion), convention)


# Rotation vectors and axis-angle #
# --------------------------------#

def rot_vec_to_rot_mat(rot_vec):
    """Rotation vector ``(..., 3)`` (axis times angle) → rotation matrix, by Rodrigues' formula
    ``I + sin(t)/t K + (1 - cos(t))/t^2 K^2`` with ``K`` the cross-product matrix of ``rot_vec``
    (Taylor series below a small angle, so values and gradients are exact at 0 too)."""
    check_last(rot_vec, 3, "rot_vec_to_rot_mat")
    x, y, z = (comp(rot_vec, n) for n in range(3))
    t2 = x * x + y * y + z * z
    small = t2 < small_tol(t2)
    t = safe_sqrt(t2, small)
    a = ivy.where(small, 1 - t2 / 6 + t2 * t2 / 120, ivy.sin(t) / t)
    b = ivy.where(small, 0.5 - t2 / 24 + t2 * t2 / 720, (1 - ivy.cos(t)) / (t * t))
    o = ivy.ones_like(x)
    return mat3([[o - b * (y * y + z * z), b * x * y - a * z, b * x * z + a * y],
                 [b * x * y + a * z, o - b * (x * x + z * z), b * y * z - a * x],
                 [b * x * z - a * y, b * y * z + a * x, o - b * (x * x + y * y)]])


def rot_vec_to_quaternion(rot_vec):
    """Rotation vector → unit quaternion ``[sin(t/2) axis, cos(t/2)]`` (series at small ``t``)."""
    check_last(rot_vec, 3, "rot_vec_to_quaternion")
    t2 = ivy.sum(rot_vec * rot_vec, axis=-1)
    small = t2 < small_tol(t2)
    t = safe_sqrt(t2, small)
    k = ivy.where(small, 0.5 - t2 / 48 + t2 * t2 / 3840, ivy.sin(t / 2) / t)
    w = ivy.where(small, 1 - t2 / 8 + t2 * t2 / 384, ivy.cos(t / 2))
    return ivy.concat([rot_vec * k[..., None], w[..., None]], axis=-1)


def quaternion_to_rot_vec(quaternion):
    """Quaternion → rotation vector with angle in ``[0, pi]`` (``q`` and ``-q`` give the same)."""
    check_last(quaternion, 4, "quaternion_to_rot_vec")
    q = normalize_quaternion(quaternion)
    q = ivy.where(q[..., 3:4] < 0, -q, q)  # w >= 0: the angle 2 atan2(|v|, w) is in [0, pi]
    v, w = q[..., :3], q[..., 3]
    s2 = ivy.sum(v * v, axis=-1)
    small = s2 < small_tol(s2)
    s = safe_sqrt(s2, small)
    # angle / |v| = 2 atan2(s, w) / s; for small s, 2 / w (1 - s^2 / (3 w^2))
    w_safe = ivy.where(small, w, ivy.ones_like(w))
    scale = ivy.where(small, 2 / w_safe * (1 - s2 / (3 * w_safe * w_safe)),
                      2 * ivy.atan2(s, w) / s)
    return v * scale[..., None]


def rot_mat_to_rot_vec(rot_mat):
    """Rotation matrix → rotation vector (through the quaternion)."""
    return quaternion_to_rot_vec(rot_mat_to_quaternion(rot_mat))


def axis_angle_to_rot_vec(axis_angle):
    """``[ax, ay, az, angle]`` → ``axis / |axis| * angle``."""
    check_last(axis_angle, 4, "axis_angle_to_rot_vec")
    axis = axis_angle[..., :3]
    axis = axis / ivy.sqrt(ivy.sum(axis * axis, axis=-1, keepdims=True))
    return axis * axis_angle[..., 3:4]


def rot_vec_to_axis_angle(rot_vec):
    """Rotation vector → ``[ax, ay, az, angle]``, angle ``>= 0``; the zero rotation's axis is
    ``[0, 0, 1]`` (any axis is right; its gradient there is not defined)."""
    check_last(rot_vec, 3, "rot_vec_to_axis_angle")
    t2 = ivy.sum(rot_vec * rot_vec, axis=-1, keepdims=True)
    zero = t2 == 0
    t = safe_sqrt(t2, zero)
    fallback = ivy.zeros_like(rot_vec) + const([0.0, 0.0, 1.0], rot_vec)
    axis = ivy.where(zero, fallback, rot_vec / t)
    return ivy.concat([axis, ivy.where(zero, ivy.zeros_like(t), t)], axis=-1)


def axis_angle_to_rot_mat(axis_angle):
    """``[ax, ay, az, angle]`` (axis normalised first) → rotation matrix."""
    return rot_vec_to_rot_mat(axis_angle_to_rot_vec(axis_angle))


def axis_angle_to_quaternion(axis_angle):
    """``[ax, ay, az, angle]`` → unit quaternion."""
    return rot_vec_to_quaternion(axis_angle_to_rot_vec(axis_angle))


def quaternion_to_axis_angle(quaternion):
    """Quaternion → ``[ax, ay, az, angle]`` with angle in ``[0, pi]``."""
    return rot_vec_to_axis_angle(quaternion_to_rot_vec(quaternion))


def rot_mat_to_axis_angle(rot_mat):
    """Rotation matrix → ``[ax, ay, az, angle]``."""
    return rot_vec_to_axis_angle(rot_mat_to_rot_vec(rot_mat))


def euler_to_rot_vec(euler_angles, convention: str = "zyx"):
    return quaternion_to_rot_vec(euler_to_quaternion(euler_angles, convention))


def rot_vec_to_euler(rot_vec, convention: str = "zyx"):
    return rot_mat_to_euler(rot_vec_to_rot_mat(rot_vec), convention)


def rotate_points(rot_mat, points):
    """``R @ p`` for points ``(..., 3)`` and matrices ``(..., 3, 3)`` (batch shapes broadcast)."""
    check_mat(rot_mat, 3, 3, "rotate_points", "rot_mat")
    check_last(points, 3, "rotate_points", "points")
    return apply_matrix(rot_mat, points)
