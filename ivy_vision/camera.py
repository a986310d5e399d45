"""Pinhole cameras: intrinsics, extrinsics, projection, back-projection, depth → point cloud,
frame-to-frame warping and optical flow from depth and camera poses.

Conventions (OpenCV's and kornia's pinhole model):

- camera frame: +x right, +y down, +z forward (along the optical axis); depth is the z coordinate;
- pixel coordinates ``[u, v]``: ``u`` the column, ``v`` the row, the origin at the top-left
  pixel's centre (pixel ``(row, col)`` has ``u = col``, ``v = row``);
- calibration matrix ``K`` ``(..., 3, 3)``: ``[[fx, 0, px], [0, fy, py], [0, 0, 1]]``;
- extrinsic matrix ``(..., 3, 4)``: world → camera, ``p_cam = R p_world + t``; its inverse,
  ``cam_inv_ext_mat``, is the camera's pose in the world (camera → world);
- full projection matrix ``(..., 3, 4)``: ``K @ ext_mat``;
- "pixel coordinates" in the functions that carry depth are depth-scaled homogeneous
  ``[u * d, v * d, d]`` ``(..., 3)`` (as ivy_vision has them), so the depth travels with the pixel;
  :func:`project_points` gives plain ``[u, v]``.

Images are ``(..., H, W, C)``. Every function accepts any leading batch shape ``...``.
"""

from __future__ import annotations

import math

import ivy
import ivy_mech
from ivy_mech import apply_matrix, broadcast_matmul

MIN_DENOMINATOR = 1e-12


def _check_mat(x, rows, cols, what, name):
    if len(x.shape) < 2 or tuple(x.shape[-2:]) != (rows, cols):
        raise ValueError(f"ivy_vision.{what}: {name} must end in a {rows}x{cols} matrix, got "
                         f"shape {tuple(x.shape)}")


def _check_last(x, n, what, name):
    if len(x.shape) < 1 or x.shape[-1] != n:
        raise ValueError(f"ivy_vision.{what}: {name} must have {n} components in its last axis, "
                         f"got shape {tuple(x.shape)}")


# Intrinsics #
# -----------#

def focal_lengths_and_pp_offsets_to_calib_mat(focal_lengths, pp_offsets):
    """``[fx, fy]`` and ``[px, py]`` ``(..., 2)`` → ``K`` ``(..., 3, 3)``."""
    _check_last(focal_lengths, 2, "focal_lengths_and_pp_offsets_to_calib_mat", "focal_lengths")
    _check_last(pp_offsets, 2, "focal_lengths_and_pp_offsets_to_calib_mat", "pp_offsets")
    fx, fy = focal_lengths[..., 0], focal_lengths[..., 1]
    px, py = pp_offsets[..., 0], pp_offsets[..., 1]
    z = ivy.zeros_like(fx)
    o = ivy.ones_like(fx)
    rows = [ivy.stack(r, axis=-1) for r in ([fx, z, px], [z, fy, py], [z, z, o])]
    return ivy.stack(rows, axis=-2)


def calib_mat_to_focal_lengths_and_pp_offsets(calib_mat):
    """``K`` → (``[fx, fy]``, ``[px, py]``)."""
    _check_mat(calib_mat, 3, 3, "calib_mat_to_focal_lengths_and_pp_offsets", "calib_mat")
    return (ivy.stack([calib_mat[..., 0, 0], calib_mat[..., 1, 1]], axis=-1),
            ivy.stack([calib_mat[..., 0, 2], calib_mat[..., 1, 2]], axis=-1))


def persp_angles_to_focal_lengths(persp_angles, image_dims):
    """Fields of view ``[horizontal, vertical]`` (radians, ``(..., 2)``) and ``image_dims``
    ``(height, width)`` → ``[fx, fy]`` with ``f = (size / 2) / tan(angle / 2)``."""
    _check_last(persp_angles, 2, "persp_angles_to_focal_lengths", "persp_angles")
    h, w = image_dims
    half = ivy.asarray([w / 2, h / 2], dtype=ivy.dtype(persp_angles),
                       device=ivy.dev(persp_angles))
    return half / ivy.tan(persp_angles / 2)


def focal_lengths_to_persp_angles(focal_lengths, image_dims):
    """The inverse of :func:`persp_angles_to_focal_lengths`."""
    _check_last(focal_lengths, 2, "focal_lengths_to_persp_angles", "focal_lengths")
    h, w = image_dims
    half = ivy.asarray([w / 2, h / 2], dtype=ivy.dtype(focal_lengths),
                       device=ivy.dev(focal_lengths))
    return 2 * ivy.atan(half / focal_lengths)


def invert_calib_mat(calib_mat):
    """``K^-1`` in closed form: ``[[1/fx, 0, -px/fx], [0, 1/fy, -py/fy], [0, 0, 1]]``."""
    (f, p) = calib_mat_to_focal_lengths_and_pp_offsets(calib_mat)
    inv_f = 1 / f
    return focal_lengths_and_pp_offsets_to_calib_mat(inv_f, -p * inv_f)


# Extrinsics #
# -----------#

def calib_and_ext_to_full_mat(calib_mat, ext_mat):
    """``K @ [R | t]`` ``(..., 3, 4)``."""
    _check_mat(calib_mat, 3, 3, "calib_and_ext_to_full_mat", "calib_mat")
    _check_mat(ext_mat, 3, 4, "calib_and_ext_to_full_mat", "ext_mat")
    return broadcast_matmul(calib_mat, ext_mat)


def cam_inv_ext_mat_to_ext_mat(cam_inv_ext_mat):
    """The camera's pose in the world (camera → world) → its extrinsic matrix (world → camera)."""
    return ivy_mech.invert_mat_pose(cam_inv_ext_mat)


def ext_mat_to_cam_inv_ext_mat(ext_mat):
    return ivy_mech.invert_mat_pose(ext_mat)


def world_to_cam_coords(points_world, ext_mat):
    """World points ``(..., 3)`` → camera frame ``(..., 3)`` (batch shapes broadcast)."""
    _check_mat(ext_mat, 3, 4, "world_to_cam_coords", "ext_mat")
    return ivy_mech.transform_points(ext_mat, points_world)


def cam_to_world_coords(points_cam, cam_inv_ext_mat):
    """Camera-frame points ``(..., 3)`` → world ``(..., 3)``."""
    _check_mat(cam_inv_ext_mat, 3, 4, "cam_to_world_coords", "cam_inv_ext_mat")
    return ivy_mech.transform_points(cam_inv_ext_mat, points_cam)


# Projection and back-projection #
# -------------------------------#

def cam_to_pixel_coords(points_cam, calib_mat):
    """Camera-frame points ``(..., 3)`` → depth-scaled pixel coordinates ``[u d, v d, d]``."""
    _check_mat(calib_mat, 3, 3, "cam_to_pixel_coords", "calib_mat")
    return apply_matrix(calib_mat, points_cam)


def pixel_to_cam_coords(pixel_coords, inv_calib_mat):
    """Depth-scaled pixel coordinates ``[u d, v d, d]`` → camera-frame points ``(..., 3)``."""
    _check_mat(inv_calib_mat, 3, 3, "pixel_to_cam_coords", "inv_calib_mat")
    return apply_matrix(inv_calib_mat, pixel_coords)


def world_to_pixel_coords(points_world, full_mat):
    """World points ``(..., 3)`` → depth-scaled pixel coordinates, through ``K [R | t]``."""
    _check_mat(full_mat, 3, 4, "world_to_pixel_coords", "full_mat")
    return ivy_mech.transform_points(full_mat, points_world)


def pixel_coords_to_uv(pixel_coords):
    """``[u d, v d, d]`` → ``[u, v]`` (``d`` kept away from 0 by :data:`MIN_DENOMINATOR`)."""
    d = pixel_coords[..., 2:3]
    d = ivy.where(ivy.abs(d) < MIN_DENOMINATOR, ivy.zeros_like(d) + MIN_DENOMINATOR, d)
    return pixel_coords[..., :2] / d


def project_points(points_cam, calib_mat):
    """Camera-frame points ``(..., 3)`` → pixel ``[u, v]`` ``(..., 2)`` (kornia's
    ``project_points``, OpenCV's ``projectPoints`` without distortion)."""
    return pixel_coords_to_uv(cam_to_pixel_coords(points_cam, calib_mat))


def unproject_points(uv, depth, inv_calib_mat):
    """Pixel ``[u, v]`` ``(..., 2)`` and depth ``(..., 1)`` → camera-frame points ``(..., 3)``."""
    return pixel_to_cam_coords(ivy.concat([uv * depth, depth], axis=-1), inv_calib_mat)


# Depth images #
# -------------#

def create_uniform_pixel_coords_image(image_dims, batch_shape=(), dtype="float32", device=None):
    """``(*batch_shape, H, W, 3)``: ``[u, v, 1]`` at every pixel (``u`` the column index)."""
    h, w = image_dims
    v, u = ivy.meshgrid(ivy.arange(h, dtype=dtype, device=device),
                        ivy.arange(w, dtype=dtype, device=device), indexing="ij")
    img = ivy.stack([u, v, ivy.ones_like(u)], axis=-1)
    return ivy.broadcast_to(img, tuple(batch_shape) + (h, w, 3))


def depth_to_pixel_coords(depth):
    """Depth image ``(..., H, W, 1)`` → depth-scaled pixel coordinates ``(..., H, W, 3)``."""
    _check_last(depth, 1, "depth_to_pixel_coords", "depth")
    h, w = depth.shape[-3], depth.shape[-2]
    return create_uniform_pixel_coords_image((h, w), dtype=ivy.dtype(depth),
                                             device=ivy.dev(depth)) * depth


def depth_to_cam_coords(depth, inv_calib_mat):
    """Depth image ``(..., H, W, 1)`` and ``K^-1`` ``(..., 3, 3)`` → camera-frame point cloud
    ``(..., H, W, 3)`` (kornia's ``depth_to_3d``, channels last)."""
    _check_mat(inv_calib_mat, 3, 3, "depth_to_cam_coords", "inv_calib_mat")
    return pixel_to_cam_coords(depth_to_pixel_coords(depth), inv_calib_mat[..., None, None, :, :])


def depth_to_world_coords(depth, inv_calib_mat, cam_inv_ext_mat):
    """Depth image → world-frame point cloud ``(..., H, W, 3)``."""
    _check_mat(cam_inv_ext_mat, 3, 4, "depth_to_world_coords", "cam_inv_ext_mat")
    return cam_to_world_coords(depth_to_cam_coords(depth, inv_calib_mat),
                               cam_inv_ext_mat[..., None, None, :, :])


def depth_to_other_frame_pixel_coords(depth, inv_calib_mat, cam_inv_ext_mat, other_full_mat):
    """Warps a depth image into another camera: each pixel of frame 1, back-projected with its
    depth and projected into frame 2 (``other_full_mat = K2 @ ext2``) → depth-scaled pixel
    coordinates in frame 2 ``(..., H, W, 3)`` (their last component: the depth seen from frame 2)."""
    _check_mat(other_full_mat, 3, 4, "depth_to_other_frame_pixel_coords", "other_full_mat")
    world = depth_to_world_coords(depth, inv_calib_mat, cam_inv_ext_mat)
    return world_to_pixel_coords(world, other_full_mat[..., None, None, :, :])


def flow_from_depth_and_cam_mats(depth, inv_calib_mat, cam_inv_ext_mat, other_full_mat):
    """Optical flow ``(..., H, W, 2)`` from frame 1 to frame 2 for a static scene: where each
    pixel of frame 1 lands in frame 2, minus where it is."""
    uv2 = pixel_coords_to_uv(depth_to_other_frame_pixel_coords(depth, inv_calib_mat,
                                                               cam_inv_ext_mat, other_full_mat))
    h, w = depth.shape[-3], depth.shape[-2]
    grid = create_uniform_pixel_coords_image((h, w), dtype=ivy.dtype(depth), device=ivy.dev(depth))
    return uv2 - grid[..., :2]


def fov_calib_mat(fov_x, image_dims, dtype="float32", device=None):
    """A centred camera of horizontal field of view ``fov_x`` (radians) and square pixels,
    ``(3, 3)``: ``px = (W - 1) / 2``, ``py = (H - 1) / 2`` (pixel centres at integers)."""
    h, w = image_dims
    f = (w / 2) / math.tan(fov_x / 2)
    return ivy.asarray([[f, 0.0, (w - 1) / 2], [0.0, f, (h - 1) / 2], [0.0, 0.0, 1.0]],
                       dtype=dtype, device=device)
