"""Poses: a rotation and a translation, in five representations, with inversion and composition.

- matrix pose ``(..., 3, 4)``: ``[R | t]``, mapping a point ``p`` to ``R p + t``;
- homogeneous transform ``(..., 4, 4)``: the matrix pose with a last row ``[0, 0, 0, 1]``;
- quaternion pose ``(..., 7)``: ``[tx, ty, tz, qx, qy, qz, qw]``;
- Euler pose ``(..., 6)``: ``[tx, ty, tz, e0, e1, e2]`` with an Euler ``convention`` (see
  :mod:`ivy_mech.orientation`);
- rotation-vector pose ``(..., 6)``: ``[tx, ty, tz, rx, ry, rz]``;
- axis-angle pose ``(..., 7)``: ``[tx, ty, tz, ax, ay, az, angle]``.

Composition ``compose_mat_poses(a, b)`` is ``a ∘ b`` (apply ``b``, then ``a``), i.e. the matrix
product of the homogeneous transforms ``A @ B``.
"""

from __future__ import annotations

import ivy
from ivy_mech import orientation as _o
from ivy_mech._common import apply_matrix, broadcast_matmul, check_last, check_mat, const


def _mat_pose(rot_mat, translation):
    return ivy.concat([rot_mat, translation[..., None]], axis=-1)


def make_transformation_homogeneous(mat_pose):
    """``(..., 3, 4)`` → ``(..., 4, 4)`` with the last row ``[0, 0, 0, 1]``."""
    check_mat(mat_pose, 3, 4, "make_transformation_homogeneous")
    row = ivy.zeros_like(mat_pose[..., 0:1, :]) + const([0.0, 0.0, 0.0, 1.0], mat_pose)
    return ivy.concat([mat_pose, row], axis=-2)


def quaternion_pose_to_mat_pose(quat_pose):
    check_last(quat_pose, 7, "quaternion_pose_to_mat_pose")
    return _mat_pose(_o.quaternion_to_rot_mat(quat_pose[..., 3:]), quat_pose[..., :3])


def mat_pose_to_quaternion_pose(mat_pose):
    check_mat(mat_pose, 3, 4, "mat_pose_to_quaternion_pose")
    return ivy.concat([mat_pose[..., 3], _o.rot_mat_to_quaternion(mat_pose[..., :3])], axis=-1)


def euler_pose_to_mat_pose(euler_pose, convention: str = "zyx"):
    check_last(euler_pose, 6, "euler_pose_to_mat_pose")
    return _mat_pose(_o.euler_to_rot_mat(euler_pose[..., 3:], convention), euler_pose[..., :3])


def mat_pose_to_euler_pose(mat_pose, convention: str = "zyx"):
    check_mat(mat_pose, 3, 4, "mat_pose_to_euler_pose")
    return ivy.concat([mat_pose[..., 3], _o.rot_mat_to_euler(mat_pose[..., :3], convention)],
                      axis=-1)


def rot_vec_pose_to_mat_pose(rot_vec_pose):
    check_last(rot_vec_pose, 6, "rot_vec_pose_to_mat_pose")
    return _mat_pose(_o.rot_vec_to_rot_mat(rot_vec_pose[..., 3:]), rot_vec_pose[..., :3])


def mat_pose_to_rot_vec_pose(mat_pose):
    check_mat(mat_pose, 3, 4, "mat_pose_to_rot_vec_pose")
    return ivy.concat([mat_pose[..., 3], _o.rot_mat_to_rot_vec(mat_pose[..., :3])], axis=-1)


def axis_angle_pose_to_mat_pose(axis_angle_pose):
    check_last(axis_angle_pose, 7, "axis_angle_pose_to_mat_pose")
    return _mat_pose(_o.axis_angle_to_rot_mat(axis_angle_pose[..., 3:]), axis_angle_pose[..., :3])


def mat_pose_to_axis_angle_pose(mat_pose):
    check_mat(mat_pose, 3, 4, "mat_pose_to_axis_angle_pose")
    return ivy.concat([mat_pose[..., 3], _o.rot_mat_to_axis_angle(mat_pose[..., :3])], axis=-1)


def euler_pose_to_quaternion_pose(euler_pose, convention: str = "zyx"):
    check_last(euler_pose, 6, "euler_pose_to_quaternion_pose")
    return ivy.concat([euler_pose[..., :3],
                       _o.euler_to_quaternion(euler_pose[..., 3:], convention)], axis=-1)


def quaternion_pose_to_euler_pose(quat_pose, convention: str = "zyx"):
    check_last(quat_pose, 7, "quaternion_pose_to_euler_pose")
    return ivy.concat([quat_pose[..., :3], _o.quaternion_to_euler(quat_pose[..., 3:], convention)],
                      axis=-1)


def invert_mat_pose(mat_pose):
    """The inverse ``[R^T | -R^T t]`` of a ``(..., 3, 4)`` pose (``R`` assumed orthonormal); a
    ``(..., 4, 4)`` homogeneous transform gives its ``(..., 4, 4)`` inverse."""
    if tuple(mat_pose.shape[-2:]) == (4, 4):
        return make_transformation_homogeneous(invert_mat_pose(mat_pose[..., :3, :]))
    check_mat(mat_pose, 3, 4, "invert_mat_pose")
    rt = ivy.matrix_transpose(mat_pose[..., :3])
    return _mat_pose(rt, -_o.rotate_points(rt, mat_pose[..., 3]))


def compose_mat_poses(a, b):
    """``a ∘ b``: ``[Ra Rb | Ra tb + ta]`` for ``(..., 3, 4)`` poses (batch shapes broadcast)."""
    check_mat(a, 3, 4, "compose_mat_poses", "a")
    check_mat(b, 3, 4, "compose_mat_poses", "b")
    ra = a[..., :3]
    return _mat_pose(broadcast_matmul(ra, b[..., :3]), _o.rotate_points(ra, b[..., 3]) + a[..., 3])


def invert_quaternion_pose(quat_pose):
    """The inverse ``[-R(q)^T t, conj(q)]`` of a quaternion pose (``q`` normalised)."""
    check_last(quat_pose, 7, "invert_quaternion_pose")
    q = _o.quaternion_conjugate(_o.normalize_quaternion(quat_pose[..., 3:]))
    return ivy.concat([-_o.rotate_points(_o.quaternion_to_rot_mat(q), quat_pose[..., :3]), q],
                      axis=-1)


def compose_quaternion_poses(a, b):
    """``a ∘ b`` for quaternion poses: ``[R(qa) tb + ta, qa * qb]``."""
    check_last(a, 7, "compose_quaternion_poses", "a")
    check_last(b, 7, "compose_quaternion_poses", "b")
    qa = _o.normalize_quaternion(a[..., 3:])
    t = _o.rotate_points(_o.quaternion_to_rot_mat(qa), b[..., :3]) + a[..., :3]
    return ivy.concat([t, _o.quaternion_multiply(qa, _o.normalize_quaternion(b[..., 3:]))],
                      axis=-1)


def transform_points(mat_pose, points):
    """``R p + t`` for points ``(..., 3)`` and poses ``(..., 3, 4)`` (batch shapes broadcast:
    ``N`` points under one pose are ``points (..., N, 3)`` with ``mat_pose[..., None, :, :]``)."""
    check_mat(mat_pose, 3, 4, "transform_points", "mat_pose")
    check_last(points, 3, "transform_points", "points")
    # [R | t] @ [p, 1]: one product, whatever the rank (see broadcast_matmul)
    return apply_matrix(mat_pose, ivy.concat([points, ivy.ones_like(points[..., :1])], axis=-1))
