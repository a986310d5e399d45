"""ivy_vision: pinhole cameras and signed distance functions, written once in ``ivy.*``.

Runs on every Ivy backend, accepts any leading batch shape and is differentiable end to end on the
autodiff backends. Conventions (OpenCV's pinhole model) and tests: docs/libraries.md.
"""

from ivy_vision.camera import (
    calib_and_ext_to_full_mat,
    calib_mat_to_focal_lengths_and_pp_offsets,
    cam_inv_ext_mat_to_ext_mat,
    cam_to_pixel_coords,
    cam_to_world_coords,
    create_uniform_pixel_coords_image,
    depth_to_cam_coords,
    depth_to_other_frame_pixel_coords,
    depth_to_pixel_coords,
    depth_to_world_coords,
    ext_mat_to_cam_inv_ext_mat,
    flow_from_depth_and_cam_mats,
    focal_lengths_and_pp_offsets_to_calib_mat,
    focal_lengths_to_persp_angles,
    fov_calib_mat,
    invert_calib_mat,
    persp_angles_to_focal_lengths,
    pixel_coords_to_uv,
    pixel_to_cam_coords,
    project_points,
    unproject_points,
    world_to_cam_coords,
    world_to_pixel_coords,
)
from ivy_vision.sdf import cuboid_signed_distances, sphere_signed_distances

__all__ = [
    "calib_and_ext_to_full_mat",
    "calib_mat_to_focal_lengths_and_pp_offsets",
    "cam_inv_ext_mat_to_ext_mat",
    "cam_to_pixel_coords",
    "cam_to_world_coords",
    "create_uniform_pixel_coords_image",
    "cuboid_signed_distances",
    "depth_to_cam_coords",
    "depth_to_other_frame_pixel_coords",
    "depth_to_pixel_coords",
    "depth_to_world_coords",
    "ext_mat_to_cam_inv_ext_mat",
    "flow_from_depth_and_cam_mats",
    "focal_lengths_and_pp_offsets_to_calib_mat",
    "focal_lengths_to_persp_angles",
    "fov_calib_mat",
    "invert_calib_mat",
    "persp_angles_to_focal_lengths",
    "pixel_coords_to_uv",
    "pixel_to_cam_coords",
    "project_points",
    "sphere_signed_distances",
    "unproject_points",
    "world_to_cam_coords",
    "world_to_pixel_coords",
]
