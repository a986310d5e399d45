"""ivy_mech's poses and coordinate conversions against NumPy closed forms and scipy, on every
backend, for batch shapes (), (5,) and (2, 3)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import ivy_mech
from tests.libraries.helpers import BACKENDS, batch_shapes, random_rotations, run

TOL = dict(rtol=1e-9, atol=1e-9)


def _poses(shape, seed):
    r = random_rotations(math.prod(shape), seed=seed)
    t = np.random.default_rng(seed).standard_normal((math.prod(shape), 3))
    return r, t


def _homogeneous(r, t):
    h = np.tile(np.eye(4), (len(t), 1, 1))
    h[:, :3, :3] = r.as_matrix()
    h[:, :3, 3] = t
    return h


@pytest.mark.parametrize("backend", BACKENDS)
def test_pose_representations_against_scipy(backend):
    for shape in batch_shapes(backend):
        r, t = _poses(shape, seed=11)
        mat = _homogeneous(r, t)[:, :3].reshape(shape + (3, 4))
        qp = np.concatenate([t, r.as_quat()], -1).reshape(shape + (7,))
        ep = np.concatenate([t, r.as_euler("XYZ")], -1).reshape(shape + (6,))
        rvp = np.concatenate([t, r.as_rotvec()], -1).reshape(shape + (6,))
        ang = np.linalg.norm(r.as_rotvec(), axis=-1, keepdims=True)
        aap = np.concatenate([t, r.as_rotvec() / ang, ang], -1).reshape(shape + (7,))
        for to_mat, pose, kw in [(ivy_mech.quaternion_pose_to_mat_pose, qp, {}),
                                 (ivy_mech.euler_pose_to_mat_pose, ep, {"convention": "xyz"}),
                                 (ivy_mech.rot_vec_pose_to_mat_pose, rvp, {}),
                                 (ivy_mech.axis_angle_pose_to_mat_pose, aap, {})]:
            got = run(backend, to_mat, pose, **kw)
            assert got.shape == shape + (3, 4), to_mat.__name__
            np.testing.assert_allclose(got, mat, **TOL, err_msg=to_mat.__name__)
        back_q = run(backend, ivy_mech.mat_pose_to_quaternion_pose, mat)
        np.testing.assert_allclose(back_q[..., :3], qp[..., :3], **TOL)
        flip = np.sum(back_q[..., 3:] * qp[..., 3:], -1, keepdims=True) < 0
        np.testing.assert_allclose(np.where(flip, -back_q[..., 3:], back_q[..., 3:]),
                                   qp[..., 3:], **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.mat_pose_to_euler_pose, mat,
                                       convention="xyz"), ep, **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.mat_pose_to_rot_vec_pose, mat), rvp,
                                   **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.mat_pose_to_axis_angle_pose, mat), aap,
                                   **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_pose_to_euler_pose, qp,
                                       convention="xyz"), ep, **TOL)
        qp2 = run(backend, ivy_mech.euler_pose_to_quaternion_pose, ep, convention="xyz")
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_pose_to_mat_pose, qp2), mat,
                                   **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_homogeneous_inverse_and_composition(backend):
    for shape in batch_shapes(backend):
        ra, ta = _poses(shape, seed=12)
        rb, tb = _poses(shape, seed=13)
        ha, hb = _homogeneous(ra, ta), _homogeneous(rb, tb)
        a = ha[:, :3].reshape(shape + (3, 4))
        b = hb[:, :3].reshape(shape + (3, 4))
        h = run(backend, ivy_mech.make_transformation_homogeneous, a)
        assert h.shape == shape + (4, 4)
        np.testing.assert_allclose(h.reshape(-1, 4, 4), ha, **TOL)
        inv = run(backend, ivy_mech.invert_mat_pose, a)
        np.testing.assert_allclose(inv.reshape(-1, 3, 4), np.linalg.inv(ha)[:, :3], **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.invert_mat_pose, h).reshape(-1, 4, 4),
                                   np.linalg.inv(ha), **TOL)
        ab = run(backend, ivy_mech.compose_mat_poses, a, b)
        np.testing.assert_allclose(ab.reshape(-1, 3, 4), (ha @ hb)[:, :3], **TOL)
        qa = np.concatenate([ta, ra.as_quat()], -1).reshape(shape + (7,))
        qb = np.concatenate([tb, rb.as_quat()], -1).reshape(shape + (7,))
        qab = run(backend, ivy_mech.compose_quaternion_poses, qa, qb)
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_pose_to_mat_pose, qab), ab,
                                   **TOL)
        qinv = run(backend, ivy_mech.invert_quaternion_pose, qa)
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_pose_to_mat_pose, qinv), inv,
                                   **TOL)
        pts = np.random.default_rng(14).standard_normal((math.prod(shape), 3))
        want = np.einsum("nij,nj->ni", ha[:, :3, :3], pts) + ta
        got = run(backend, ivy_mech.transform_points, a, pts.reshape(shape + (3,)))
        np.testing.assert_allclose(got.reshape(-1, 3), want, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_transform_many_points_by_one_pose(backend):
    r, t = _poses((1,), seed=15)
    pose = _homogeneous(r, t)[0, :3]
    pts = np.random.default_rng(16).standard_normal((2, 7, 3))
    got = run(backend, lambda p, x: ivy_mech.transform_points(p[..., None, :, :], x), pose, pts)
    np.testing.assert_allclose(got, r.apply(pts.reshape(-1, 3)).reshape(2, 7, 3) + t[0], **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_polar_coordinates_against_closed_form(backend):
    rng = np.random.default_rng(17)
    for shape in batch_shapes(backend):
        phi = rng.uniform(-3.0, 3.0, shape)
        theta = rng.uniform(0.05, 3.0, shape)
        rad = rng.uniform(0.1, 5.0, shape)
        polar = np.stack([phi, theta, rad], -1)
        want = np.stack([rad * np.sin(theta) * np.cos(phi), rad * np.sin(theta) * np.sin(phi),
                         rad * np.cos(theta)], -1)
        cart = run(backend, ivy_mech.polar_to_cartesian_coords, polar)
        assert cart.shape == shape + (3,)
        np.testing.assert_allclose(cart, want, **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.cartesian_to_polar_coords, want), polar,
                                   **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_homogeneous_coordinates(backend):
    x = np.random.default_rng(18).standard_normal((2, 3, 3))
    h = run(backend, ivy_mech.make_coordinates_homogeneous, x)
    np.testing.assert_array_equal(h, np.concatenate([x, np.ones((2, 3, 1))], -1))
    np.testing.assert_allclose(run(backend, ivy_mech.from_homogeneous_coordinates, h * 2.5), x,
                               **TOL)


def test_euler_pose_default_convention_is_intrinsic_zyx():
    ep = np.array([1.0, 2.0, 3.0, 0.3, -0.2, 0.1])
    got = run("numpy", ivy_mech.euler_pose_to_mat_pose, ep)
    np.testing.assert_allclose(got[:, :3], Rotation.from_euler("ZYX", ep[3:]).as_matrix(), **TOL)
    np.testing.assert_allclose(got[:, 3], ep[:3])


def test_pose_errors_name_the_function():
    with pytest.raises(ValueError, match=r"ivy_mech.invert_mat_pose: input must end in a 3x4"):
        run("numpy", ivy_mech.invert_mat_pose, np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"ivy_mech.compose_mat_poses: b must end in a 3x4"):
        run("numpy", ivy_mech.compose_mat_poses, np.zeros((3, 4)), np.zeros((4, 3)))
