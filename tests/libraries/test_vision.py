"""ivy_vision's pinhole cameras and signed distance functions against NumPy closed forms and
kornia (OpenCV's pinhole convention: +z forward, +y down, pixel (row, col) at u = col, v = row),
on every backend, for batch shapes (), (5,) and (2, 3)."""

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest

import ivy
import ivy_vision
from tests.libraries.helpers import BACKENDS, batch_shapes, random_rotations, run

TOL = dict(rtol=1e-9, atol=1e-9)
HAS_KORNIA = importlib.util.find_spec("kornia") is not None


def _calib(shape, seed=0):
    rng = np.random.default_rng(seed)
    f = rng.uniform(100, 500, shape + (2,))
    p = rng.uniform(20, 80, shape + (2,))
    k = np.zeros(shape + (3, 3))
    k[..., 0, 0], k[..., 1, 1] = f[..., 0], f[..., 1]
    k[..., 0, 2], k[..., 1, 2], k[..., 2, 2] = p[..., 0], p[..., 1], 1.0
    return f, p, k


def _cam_poses(shape, seed):
    """Camera-to-world poses (cam_inv_ext_mat) and their homogeneous inverses (world-to-camera)."""
    n = math.prod(shape)
    h = np.tile(np.eye(4), (n, 1, 1))
    h[:, :3, :3] = random_rotations(n, seed=seed).as_matrix()
    h[:, :3, 3] = np.random.default_rng(seed).standard_normal((n, 3))
    return h.reshape(shape + (4, 4)), np.linalg.inv(h).reshape(shape + (4, 4))


@pytest.mark.parametrize("backend", BACKENDS)
def test_intrinsics(backend):
    for shape in batch_shapes(backend):
        f, p, k = _calib(shape)
        got = run(backend, ivy_vision.focal_lengths_and_pp_offsets_to_calib_mat, f, p)
        assert got.shape == shape + (3, 3)
        np.testing.assert_array_equal(got, k)
        f2, p2 = run(backend, ivy_vision.calib_mat_to_focal_lengths_and_pp_offsets, k)
        np.testing.assert_array_equal(f2, f)
        np.testing.assert_array_equal(p2, p)
        np.testing.assert_allclose(run(backend, ivy_vision.invert_calib_mat, k),
                                   np.linalg.inv(k), **TOL)
    angles = np.array([[1.2, 0.9], [0.5, 0.4]])
    f = run(backend, ivy_vision.persp_angles_to_focal_lengths, angles, image_dims=(48, 64))
    np.testing.assert_allclose(f, np.stack([32 / np.tan(angles[:, 0] / 2),
                                            24 / np.tan(angles[:, 1] / 2)], -1), **TOL)
    np.testing.assert_allclose(run(backend, ivy_vision.focal_lengths_to_persp_angles, f,
                                   image_dims=(48, 64)), angles, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_projection_and_back_projection(backend):
    rng = np.random.default_rng(1)
    for shape in batch_shapes(backend):
        f, p, k = _calib(shape, seed=2)
        pose, ext = _cam_poses(shape, seed=3)
        pts_w = rng.standard_normal(shape + (3,)) + 0.0
        pts_c = np.einsum("...ij,...j->...i", ext[..., :3, :3], pts_w) + ext[..., :3, 3]
        pts_c[..., 2] = np.abs(pts_c[..., 2]) + 0.5  # in front of the camera
        pts_w = np.einsum("...ij,...j->...i", pose[..., :3, :3], pts_c) + pose[..., :3, 3]
        uv = f * pts_c[..., :2] / pts_c[..., 2:] + p  # the closed form
        got_c = run(backend, ivy_vision.world_to_cam_coords, pts_w, ext[..., :3, :])
        np.testing.assert_allclose(got_c, pts_c, **TOL)
        np.testing.assert_allclose(run(backend, ivy_vision.cam_to_world_coords, pts_c,
                                       pose[..., :3, :]), pts_w, **TOL)
        got_uv = run(backend, ivy_vision.project_points, pts_c, k)
        assert got_uv.shape == shape + (2,)
        np.testing.assert_allclose(got_uv, uv, **TOL)
        pix = run(backend, ivy_vision.cam_to_pixel_coords, pts_c, k)
        np.testing.assert_allclose(pix, np.concatenate([uv * pts_c[..., 2:], pts_c[..., 2:]], -1),
                                   **TOL)
        full = run(backend, ivy_vision.calib_and_ext_to_full_mat, k, ext[..., :3, :])
        np.testing.assert_allclose(full, k @ ext[..., :3, :], **TOL)
        np.testing.assert_allclose(run(backend, ivy_vision.world_to_pixel_coords, pts_w, full),
                                   pix, **TOL)
        inv_k = np.linalg.inv(k)
        np.testing.assert_allclose(run(backend, ivy_vision.pixel_to_cam_coords, pix, inv_k),
                                   pts_c, **TOL)
        np.testing.assert_allclose(run(backend, ivy_vision.unproject_points, uv, pts_c[..., 2:],
                                       inv_k), pts_c, **TOL)
        np.testing.assert_allclose(run(backend, ivy_vision.cam_inv_ext_mat_to_ext_mat,
                                       pose[..., :3, :]), ext[..., :3, :], **TOL)


def _depth(shape, h=4, w=5, seed=4):
    return np.random.default_rng(seed).uniform(0.5, 3.0, shape + (h, w, 1))


def _np_depth_to_cam(depth, k):
    h, w = depth.shape[-3:-1]
    v, u = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
    d = depth[..., 0]
    fx, fy = k[..., 0, 0, None, None], k[..., 1, 1, None, None]
    px, py = k[..., 0, 2, None, None], k[..., 1, 2, None, None]
    return np.stack([(u - px) * d / fx, (v - py) * d / fy, d], -1)


@pytest.mark.parametrize("backend", BACKENDS)
def test_depth_to_point_cloud(backend):
    for shape in batch_shapes(backend):
        _, _, k = _calib(shape, seed=5)
        pose, _ = _cam_poses(shape, seed=6)
        depth = _depth(shape)
        pix = run(backend, ivy_vision.depth_to_pixel_coords, depth)
        assert pix.shape == shape + (4, 5, 3)
        np.testing.assert_allclose(pix[..., 2, 3, :], depth[..., 2, 3, :] * [3.0, 2.0, 1.0],
                                   **TOL)
        cam = run(backend, ivy_vision.depth_to_cam_coords, depth, np.linalg.inv(k))
        want = _np_depth_to_cam(depth, k)
        np.testing.assert_allclose(cam, want, **TOL)
        world = run(backend, ivy_vision.depth_to_world_coords, depth, np.linalg.inv(k),
                    pose[..., :3, :])
        want_w = (np.einsum("...ij,...hwj->...hwi", pose[..., :3, :3], want)
                  + pose[..., None, None, :3, 3])
        np.testing.assert_allclose(world, want_w, **TOL)
    img = run(backend, lambda: ivy_vision.create_uniform_pixel_coords_image((2, 3), (4,),
                                                                            dtype="float64"))
    assert img.shape == (4, 2, 3, 3)
    np.testing.assert_array_equal(img[1, 1, 2], [2.0, 1.0, 1.0])


@pytest.mark.parametrize("backend", BACKENDS)
def test_warping_and_flow(backend):
    """Frame 1's pixels, back-projected with their depth and seen from camera 2, against the
    NumPy closed form; a camera moved by b along its x axis sees flow u = -fx b / z, v = 0."""
    for shape in batch_shapes(backend):
        _, _, k = _calib(shape, seed=7)
        pose1, _ = _cam_poses(shape, seed=8)
        _, ext2 = _cam_poses(shape, seed=9)
        depth = _depth(shape, seed=10)
        full2 = k @ ext2[..., :3, :]
        cam1 = _np_depth_to_cam(depth, k)
        world = (np.einsum("...ij,...hwj->...hwi", pose1[..., :3, :3], cam1)
                 + pose1[..., None, None, :3, 3])
        want = np.einsum("...ij,...hwj->...hwi", full2[..., :3], world) + full2[..., None, None, :,
                                                                                 3]
        got = run(backend, ivy_vision.depth_to_other_frame_pixel_coords, depth, np.linalg.inv(k),
                  pose1[..., :3, :], full2)
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-7)
        h, w = depth.shape[-3:-1]
        v, u = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
        flow = run(backend, ivy_vision.flow_from_depth_and_cam_mats, depth, np.linalg.inv(k),
                   pose1[..., :3, :], full2)
        np.testing.assert_allclose(flow, want[..., :2] / want[..., 2:] - np.stack([u, v], -1),
                                   rtol=1e-8, atol=1e-8)
    _, _, k = _calib((), seed=11)
    depth = _depth((), seed=12)
    b = 0.3
    ext2 = np.eye(4)[:3]
    ext2[0, 3] = -b  # camera 2 sits at x = b: a world point's x in its frame is x - b
    flow = run(backend, ivy_vision.flow_from_depth_and_cam_mats, depth, np.linalg.inv(k),
               np.eye(4)[:3], k @ ext2)
    np.testing.assert_allclose(flow[..., 0], -k[0, 0] * b / depth[..., 0], **TOL)
    np.testing.assert_allclose(flow[..., 1], 0.0, atol=1e-9)


@pytest.mark.skipif(not HAS_KORNIA, reason="kornia is a dev dependency of the main environment "
                    "only (not installed in the MXNet environment)")
def test_against_kornia():
    """The same numbers as kornia's pinhole functions (the reference the transpiler corpus
    already uses), on torch."""
    import torch
    from kornia.geometry.camera.perspective import project_points, unproject_points
    from kornia.geometry.depth import depth_to_3d

    _, _, k = _calib((2,), seed=13)
    rng = np.random.default_rng(14)
    pts = rng.standard_normal((2, 3))
    pts[:, 2] = np.abs(pts[:, 2]) + 0.5
    want = project_points(torch.tensor(pts), torch.tensor(k)).numpy()
    np.testing.assert_allclose(run("torch", ivy_vision.project_points, pts, k), want, **TOL)
    back = unproject_points(torch.tensor(want), torch.tensor(pts[:, 2:]), torch.tensor(k)).numpy()
    np.testing.assert_allclose(run("torch", ivy_vision.unproject_points, want, pts[:, 2:],
                                   np.linalg.inv(k)), back, **TOL)
    depth = _depth((2,), h=6, w=7, seed=15)
    want3d = depth_to_3d(torch.tensor(depth).permute(0, 3, 1, 2), torch.tensor(k)).numpy()
    got = run("torch", ivy_vision.depth_to_cam_coords, depth, np.linalg.inv(k))
    np.testing.assert_allclose(got, np.moveaxis(want3d, 1, -1), **TOL)


# Signed distance functions #
# --------------------------#

def _np_box_sdf(q_local, half):
    """An independent closed form: outside, the distance to the nearest point of the box (the
    query clipped to it); inside, minus the distance to the nearest face."""
    nearest = np.clip(q_local, -half, half)
    out = np.linalg.norm(q_local - nearest, axis=-1)
    inside = np.all(np.abs(q_local) <= half, axis=-1)
    return np.where(inside, -np.min(half - np.abs(q_local), axis=-1), out)


@pytest.mark.parametrize("backend", BACKENDS)
def test_sphere_signed_distances(backend):
    rng = np.random.default_rng(16)
    for shape in batch_shapes(backend):
        c = rng.standard_normal(shape + (3, 3))
        r = rng.uniform(0.2, 1.0, shape + (3, 1))
        q = rng.standard_normal(shape + (8, 3)) * 1.5
        per = np.linalg.norm(q[..., None, :, :] - c[..., :, None, :], axis=-1) - r
        got = run(backend, ivy_vision.sphere_signed_distances, c, r, q)
        assert got.shape == shape + (8, 1)
        np.testing.assert_allclose(got[..., 0], per.min(-2), **TOL)
        each = run(backend, ivy_vision.sphere_signed_distances, c, r, q, sum_shapes=False)
        assert each.shape == shape + (3, 8, 1)
        np.testing.assert_allclose(each[..., 0], per, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_cuboid_signed_distances(backend):
    rng = np.random.default_rng(17)
    for shape in batch_shapes(backend):
        n_c, n_q = 3, 12
        pose, ext = _cam_poses(shape + (n_c,), seed=18)  # cuboid -> world, world -> cuboid
        dims = rng.uniform(0.3, 2.0, shape + (n_c, 3))
        q = rng.standard_normal(shape + (n_q, 3)) * 1.5
        # a few queries inside the first cuboid and on its surface
        q[..., 0, :] = pose[..., 0, :3, 3]
        inner = np.einsum("...ij,...j->...i", pose[..., 0, :3, :3], dims[..., 0, :] * 0.3)
        q[..., 1, :] = pose[..., 0, :3, 3] + inner
        face = np.einsum("...ij,...j->...i", pose[..., 0, :3, :3],
                         dims[..., 0, :] * [0.5, 0.1, -0.2])
        q[..., 2, :] = pose[..., 0, :3, 3] + face
        local = (np.einsum("...cij,...qj->...cqi", ext[..., :3, :3], q)
                 + ext[..., :, None, :3, 3])
        per = _np_box_sdf(local, dims[..., :, None, :] / 2)
        got = run(backend, ivy_vision.cuboid_signed_distances, ext[..., :3, :], dims, q)
        assert got.shape == shape + (n_q, 1)
        np.testing.assert_allclose(got[..., 0], per.min(-2), **TOL)
        assert np.all(got[..., 0, 0] < 0) and np.all(got[..., 1, 0] < 0)
        each = run(backend, ivy_vision.cuboid_signed_distances, ext[..., :3, :], dims, q,
                   sum_shapes=False)
        assert each.shape == shape + (n_c, n_q, 1)
        np.testing.assert_allclose(each[..., 0], per, **TOL)
        np.testing.assert_allclose(each[..., 0, 2, 0], 0.0, atol=1e-12)  # on the surface


def test_axis_aligned_unit_cube_by_hand():
    ext = np.eye(4)[:3][None]
    dims = np.array([[2.0, 2.0, 2.0]])
    q = np.array([[0.0, 0.0, 0.0], [0.5, 0.0, 0.0], [3.0, 0.0, 0.0], [2.0, 2.0, 1.0],
                  [1.0, 1.0, 1.0]])
    got = run("numpy", ivy_vision.cuboid_signed_distances, ext, dims, q)
    np.testing.assert_allclose(got[:, 0], [-1.0, -0.5, 2.0, math.sqrt(2.0), 0.0])


def test_vision_errors_name_the_function():
    with pytest.raises(ValueError, match=r"ivy_vision.cuboid_signed_distances: cuboid_dims must "
                                         r"have shape \(\.\.\., N, 3\), got \(2, 4\)"):
        run("numpy", ivy_vision.cuboid_signed_distances, np.zeros((2, 3, 4)), np.zeros((2, 4)),
            np.zeros((5, 3)))
    with pytest.raises(ValueError, match=r"ivy_vision.project_points|ivy_vision.cam_to_pixel"):
        run("numpy", ivy_vision.project_points, np.zeros((2, 3)), np.zeros((3, 4)))


def test_float32_stays_float32():
    with ivy.using_backend("numpy"):
        k = ivy_vision.fov_calib_mat(1.0, (4, 5))
        assert str(ivy.dtype(k)) == "float32"
        d = ivy.ones((4, 5, 1), dtype="float32")
        assert str(ivy.dtype(ivy_vision.depth_to_cam_coords(d, ivy_vision.invert_calib_mat(k)))) \
            == "float32"
