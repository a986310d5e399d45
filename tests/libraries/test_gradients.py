"""Gradients through ivy_mech and ivy_vision on every autodiff backend (ivy.execute_with_gradients)
against central finite differences on the NumPy backend, and against torch.autograd run directly on
the same code; float64, batch shape (2,) or more, at generic points and at the places the
implementations treat specially (zero rotation vectors, every branch of the matrix-to-quaternion
map, queries inside, outside and near the surface of an SDF)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import ivy_mech
import ivy_vision
from tests.libraries.helpers import (
    AD_BACKENDS,
    HAS_TORCH,
    backend_grads,
    fd_grads,
    loss_weights,
    random_rotations,
    torch_autograd_grads,
)

RNG = np.random.default_rng(42)


def _k(n):
    k = np.zeros((n, 3, 3))
    k[:, 0, 0], k[:, 1, 1] = [300.0, 250.0][:n], [280.0, 260.0][:n]
    k[:, 0, 2], k[:, 1, 2], k[:, 2, 2] = 32.0, 24.0, 1.0
    return k


def _pose(n, seed):
    m = np.zeros((n, 3, 4))
    m[:, :, :3] = random_rotations(n, seed=seed).as_matrix()
    m[:, :, 3] = np.random.default_rng(seed).standard_normal((n, 3))
    return m


def _euler(convention, n=2, seed=0):
    rng = np.random.default_rng(seed)
    e = rng.uniform(-2.5, 2.5, (n, 3))
    e[:, 1] = rng.uniform(0.3, 2.8, n) if convention[0] == convention[2] else rng.uniform(-1.2,
                                                                                         1.2, n)
    return e


# two cuboids (world -> cuboid): an axis-aligned one centred at (-0.1, 0.2, -0.3) and a rotated one
# near (0, 0, 3); the queries: inside the first, outside it with a face, an edge or a corner
# nearest, and near the second
_CUBOID_EXT = np.concatenate([np.stack([np.eye(3), Rotation.from_rotvec([0.3, 0.2, -0.4])
                                        .as_matrix()]), [[[0.1], [-0.2], [0.3]], [[0.0], [0.1],
                                                                                 [-3.0]]]], -1)
_BRANCHES = Rotation.from_rotvec([[0.3, -0.2, 0.1], [2.9, 0.3, 0.1], [0.1, 3.0, -0.2],
                                  [0.2, -0.1, 3.1]]).as_matrix()  # w, x, y, z branches

CASES = {
    "quaternion_to_rot_mat": (ivy_mech.quaternion_to_rot_mat, lambda: [RNG.standard_normal((2, 4))],
                              {}),
    "rot_mat_to_quaternion": (ivy_mech.rot_mat_to_quaternion, lambda: [_BRANCHES], {}),
    "rot_vec_to_rot_mat": (ivy_mech.rot_vec_to_rot_mat,
                           lambda: [np.array([[0.0, 0, 0], [1e-5, -2e-5, 1e-5], [0.5, -1.0, 2.0]])],
                           {}),
    "rot_vec_to_quaternion": (ivy_mech.rot_vec_to_quaternion,
                              lambda: [np.array([[0.0, 0, 0], [0.4, 0.1, -0.8]])], {}),
    "quaternion_to_rot_vec": (ivy_mech.quaternion_to_rot_vec,
                              lambda: [np.array([[0.0, 0, 0, 1], [0.2, -0.1, 0.3, -0.9],
                                                 [1e-4, 0, 0, 1]])], {}),
    "rot_mat_to_rot_vec": (ivy_mech.rot_mat_to_rot_vec, lambda: [_BRANCHES[:2]], {}),
    "axis_angle_to_rot_mat": (ivy_mech.axis_angle_to_rot_mat,
                              lambda: [np.array([[1.0, 2.0, -0.5, 0.7], [0.0, 0.3, 1.0, 2.5]])],
                              {}),
    "quaternion_multiply": (ivy_mech.quaternion_multiply,
                            lambda: [RNG.standard_normal((2, 4)), RNG.standard_normal((2, 4))], {}),
    "euler_pose_to_mat_pose": (ivy_mech.euler_pose_to_mat_pose,
                               lambda: [np.concatenate([RNG.standard_normal((2, 3)),
                                                        _euler("zyx", seed=1)], -1)], {}),
    "mat_pose_to_quaternion_pose": (ivy_mech.mat_pose_to_quaternion_pose, lambda: [_pose(2, 3)],
                                    {}),
    "invert_mat_pose": (ivy_mech.invert_mat_pose, lambda: [_pose(2, 4)], {}),
    "compose_mat_poses": (ivy_mech.compose_mat_poses, lambda: [_pose(2, 5), _pose(2, 6)], {}),
    "compose_quaternion_poses": (ivy_mech.compose_quaternion_poses,
                                 lambda: [RNG.standard_normal((2, 7)), RNG.standard_normal((2, 7))],
                                 {}),
    "polar_to_cartesian_coords": (ivy_mech.polar_to_cartesian_coords,
                                  lambda: [np.array([[0.3, 1.0, 2.0], [-2.0, 2.5, 0.5]])], {}),
    "cartesian_to_polar_coords": (ivy_mech.cartesian_to_polar_coords,
                                  lambda: [np.array([[0.3, 1.0, 2.0], [-2.0, -0.5, -0.7]])], {}),
    "project_points": (ivy_vision.project_points,
                       lambda: [np.array([[0.2, -0.3, 2.0], [-0.5, 0.1, 1.2]]), _k(2)], {}),
    "depth_to_world_coords": (ivy_vision.depth_to_world_coords,
                              lambda: [RNG.uniform(0.5, 2.0, (2, 2, 3, 1)),
                                       np.linalg.inv(_k(2)), _pose(2, 7)], {}),
    "flow_from_depth_and_cam_mats": (ivy_vision.flow_from_depth_and_cam_mats,
                                     lambda: [RNG.uniform(2.0, 3.0, (1, 2, 3, 1)),
                                              np.linalg.inv(_k(1)),
                                              np.concatenate([np.eye(3)[None],
                                                              [[[0.1], [0.0], [0.2]]]], -1),
                                              _k(1) @ np.concatenate(
                                                  [np.eye(3)[None], [[[-0.2], [0.1], [0.0]]]], -1)],
                                     {}),
    "sphere_signed_distances": (ivy_vision.sphere_signed_distances,
                                lambda: [RNG.standard_normal((2, 3, 3)),
                                         RNG.uniform(0.2, 0.8, (2, 3, 1)),
                                         RNG.standard_normal((2, 4, 3)) * 1.5], {}),
    # queries: outside (a face, an edge or a corner nearest) and inside the first cuboid
    "cuboid_signed_distances": (ivy_vision.cuboid_signed_distances,
                                lambda: [_CUBOID_EXT, np.array([[1.0, 2.0, 0.5], [0.6, 0.6, 0.6]]),
                                         np.array([[0.0, 0.3, -0.1], [1.2, 0.1, -0.3],
                                                   [0.9, 1.6, -0.2], [0.8, -1.5, 0.7],
                                                   [0.3, -0.2, 3.1]])], {}),
}


def _check(backend, fn, args, kwargs):
    weights = loss_weights(fn, args, kwargs)
    got = backend_grads(backend, fn, args, weights, **kwargs)
    fd = fd_grads(fn, args, weights, **kwargs)
    for n, (g, f) in enumerate(zip(got, fd, strict=True)):
        assert g.shape == args[n].shape
        assert np.all(np.isfinite(g)), (n, g)
        scale = max(1.0, float(np.abs(f).max()))
        np.testing.assert_allclose(g, f, rtol=1e-5, atol=1e-6 * scale,
                                   err_msg=f"argument {n}: {backend} against finite differences")
    if HAS_TORCH:
        ref = torch_autograd_grads(fn, args, weights, **kwargs)
        for n, (g, r) in enumerate(zip(got, ref, strict=True)):
            np.testing.assert_allclose(g, r, rtol=1e-9, atol=1e-12,
                                       err_msg=f"argument {n}: {backend} against torch.autograd")


@pytest.mark.parametrize("backend", AD_BACKENDS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_gradients(backend, case):
    fn, make_args, kwargs = CASES[case]
    _check(backend, fn, make_args(), kwargs)


@pytest.mark.parametrize("backend", AD_BACKENDS)
def test_euler_gradients_every_convention(backend):
    for convention in ivy_mech.VALID_EULER_CONVENTIONS:
        e = _euler(convention, seed=2)
        _check(backend, ivy_mech.euler_to_rot_mat, [e], {"convention": convention})
        m = Rotation.from_euler(convention.upper(), e).as_matrix()
        _check(backend, ivy_mech.rot_mat_to_euler, [m], {"convention": convention})
        _check(backend, ivy_mech.euler_to_quaternion, [e], {"convention": convention})


@pytest.mark.parametrize("backend", AD_BACKENDS)
def test_gradients_flow_through_a_composite(backend):
    """End to end: Euler pose -> matrix pose -> camera projection of world points, d pixels /
    d pose (the kind of graph a learned pose estimator trains through)."""
    def pipeline(euler_pose, pts, k):
        pose = ivy_mech.euler_pose_to_mat_pose(euler_pose, "xyz")
        cam = ivy_vision.world_to_cam_coords(pts, pose[..., None, :, :])
        return ivy_vision.project_points(cam, k[..., None, :, :])

    ep = np.array([[0.1, -0.2, 3.0, 0.1, 0.2, -0.1]])
    pts = np.array([[[0.3, 0.2, 0.5], [-0.4, 0.1, -0.2], [0.0, -0.3, 0.4]]])
    _check(backend, pipeline, [ep, pts, _k(1)], {})
