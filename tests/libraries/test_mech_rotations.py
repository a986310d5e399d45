"""ivy_mech's rotations against scipy.spatial.transform.Rotation, on every backend, for batch
shapes (), (5,) and (2, 3); round trips; the dtype kept; the errors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import ivy_mech
from tests.libraries.helpers import BACKENDS, batch_shapes, random_rotations, run

CONVENTIONS = ivy_mech.VALID_EULER_CONVENTIONS
TOL = dict(rtol=1e-9, atol=1e-9)


def _n(shape):
    return math.prod(shape)


def _euler_angles(convention, shape, seed=0):
    """Angles away from gimbal lock, inside the ranges rot_mat_to_euler returns."""
    rng = np.random.default_rng(seed)
    e = rng.uniform(-3.0, 3.0, shape + (3,))
    if convention[0] == convention[2]:  # proper Euler: middle angle in (0, pi)
        e[..., 1] = rng.uniform(0.1, math.pi - 0.1, shape)
    else:  # Tait-Bryan: middle angle in (-pi/2, pi/2)
        e[..., 1] = rng.uniform(-1.4, 1.4, shape)
    return e


def _same_up_to_sign(a, b, **tol):
    flip = np.sum(a * b, axis=-1, keepdims=True) < 0
    np.testing.assert_allclose(np.where(flip, -a, a), b, **tol)


def test_all_twelve_conventions():
    assert len(set(CONVENTIONS)) == 12
    assert sorted(CONVENTIONS) == sorted(a + b + c for a in "xyz" for b in "xyz" for c in "xyz"
                                         if a != b and b != c)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_euler_against_scipy(backend, convention):
    for shape in batch_shapes(backend):
        e = _euler_angles(convention, shape)
        ref = Rotation.from_euler(convention.upper(), e.reshape(-1, 3))
        m = run(backend, ivy_mech.euler_to_rot_mat, e, convention=convention)
        assert m.shape == shape + (3, 3)
        np.testing.assert_allclose(m.reshape(-1, 3, 3), ref.as_matrix(), **TOL)
        # matrix -> euler: scipy's angles (the same ranges), and so the angles we started from
        back = run(backend, ivy_mech.rot_mat_to_euler, ref.as_matrix().reshape(shape + (3, 3)),
                   convention=convention)
        assert back.shape == shape + (3,)
        np.testing.assert_allclose(back.reshape(-1, 3), ref.as_euler(convention.upper()), **TOL)
        np.testing.assert_allclose(back, e, **TOL)
        q = run(backend, ivy_mech.euler_to_quaternion, e, convention=convention)
        _same_up_to_sign(q.reshape(-1, 4), ref.as_quat(), **TOL)
        np.testing.assert_allclose(
            run(backend, ivy_mech.quaternion_to_euler, ref.as_quat().reshape(shape + (4,)),
                convention=convention), e, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_euler_at_gimbal_lock(backend, convention):
    """At the middle angle's limits only a combination of the outer angles is defined: the
    third angle is 0 (as scipy sets it) and the angles rebuild the same matrix."""
    proper = convention[0] == convention[2]
    e = _euler_angles(convention, (4,), seed=1)
    e[:, 1] = [0.0, math.pi, 0.0, math.pi] if proper else [math.pi / 2, -math.pi / 2] * 2
    m = Rotation.from_euler(convention.upper(), e).as_matrix()
    back = run(backend, ivy_mech.rot_mat_to_euler, m, convention=convention)
    np.testing.assert_allclose(back[:, 2], 0.0, atol=1e-12)
    np.testing.assert_allclose(run(backend, ivy_mech.euler_to_rot_mat, back,
                                   convention=convention), m, atol=1e-12)
    with pytest.warns(UserWarning, match="Gimbal lock"):
        want = Rotation.from_matrix(m).as_euler(convention.upper())
    np.testing.assert_allclose(Rotation.from_euler(convention.upper(), want).as_matrix(), m,
                               atol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_quaternion_and_rot_mat_against_scipy(backend):
    for shape in batch_shapes(backend):
        r = random_rotations(_n(shape), seed=3)
        q = r.as_quat().reshape(shape + (4,))
        m = run(backend, ivy_mech.quaternion_to_rot_mat, q)
        assert m.shape == shape + (3, 3)
        np.testing.assert_allclose(m.reshape(-1, 3, 3), r.as_matrix(), **TOL)
        # not normalised: scipy normalises, so do we
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_to_rot_mat, 2.5 * q), m,
                                   **TOL)
        back = run(backend, ivy_mech.rot_mat_to_quaternion, r.as_matrix().reshape(shape + (3, 3)))
        assert back.shape == shape + (4,)
        _same_up_to_sign(back, q, **TOL)  # the round trip q -> R -> q, up to sign
        np.testing.assert_allclose(np.linalg.norm(back, axis=-1), 1.0, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_rot_mat_to_quaternion_every_branch(backend):
    """Rotations by pi about each axis and the identity: each of Shepperd's four branches."""
    rv = np.array([[0, 0, 0], [math.pi, 0, 0], [0, math.pi, 0], [0, 0, math.pi],
                   [2.9, 0.3, 0.1], [0.1, 3.0, -0.2], [0.2, -0.1, 3.1]])
    r = Rotation.from_rotvec(rv)
    _same_up_to_sign(run(backend, ivy_mech.rot_mat_to_quaternion, r.as_matrix()), r.as_quat(),
                     **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_rotation_vectors_against_scipy(backend):
    for shape in batch_shapes(backend):
        r = random_rotations(_n(shape), seed=4)
        rv = r.as_rotvec().reshape(shape + (3,))
        np.testing.assert_allclose(run(backend, ivy_mech.rot_vec_to_rot_mat, rv).reshape(-1, 3, 3),
                                   r.as_matrix(), **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.rot_mat_to_rot_vec,
                                       r.as_matrix().reshape(shape + (3, 3))), rv, **TOL)
        _same_up_to_sign(run(backend, ivy_mech.rot_vec_to_quaternion, rv).reshape(-1, 4),
                         r.as_quat(), **TOL)
        # scipy's angle is in [0, pi] whatever the quaternion's sign
        q = r.as_quat().reshape(shape + (4,))
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_to_rot_vec, -q), rv, **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_small_and_zero_rotation_vectors(backend):
    """The series below the small-angle threshold agree with scipy (its own small-angle series)."""
    rv = np.array([[0.0, 0.0, 0.0], [1e-9, -2e-9, 3e-9], [1e-5, 2e-5, -1e-5], [3e-3, 0, 0],
                   [0, -2e-2, 1e-2]])
    r = Rotation.from_rotvec(rv)
    np.testing.assert_allclose(run(backend, ivy_mech.rot_vec_to_rot_mat, rv), r.as_matrix(),
                               rtol=0, atol=1e-14)
    _same_up_to_sign(run(backend, ivy_mech.rot_vec_to_quaternion, rv), r.as_quat(), rtol=0,
                     atol=1e-14)
    np.testing.assert_allclose(run(backend, ivy_mech.quaternion_to_rot_vec, r.as_quat()), rv,
                               rtol=1e-9, atol=1e-15)


@pytest.mark.parametrize("backend", BACKENDS)
def test_axis_angle_against_scipy(backend):
    rng = np.random.default_rng(5)
    for shape in batch_shapes(backend):
        axis = rng.standard_normal(shape + (3,))
        angle = rng.uniform(0.05, 3.0, shape + (1,))
        aa = np.concatenate([axis * 3.0, angle], axis=-1)  # the axis need not be unit
        unit = axis / np.linalg.norm(axis, axis=-1, keepdims=True)
        r = Rotation.from_rotvec((unit * angle).reshape(-1, 3))
        np.testing.assert_allclose(run(backend, ivy_mech.axis_angle_to_rot_mat, aa)
                                   .reshape(-1, 3, 3), r.as_matrix(), **TOL)
        _same_up_to_sign(run(backend, ivy_mech.axis_angle_to_quaternion, aa).reshape(-1, 4),
                         r.as_quat(), **TOL)
        back = run(backend, ivy_mech.rot_mat_to_axis_angle, r.as_matrix().reshape(shape + (3, 3)))
        np.testing.assert_allclose(back, np.concatenate([unit, angle], axis=-1), **TOL)
        np.testing.assert_allclose(run(backend, ivy_mech.quaternion_to_axis_angle,
                                       r.as_quat().reshape(shape + (4,))), back, **TOL)
    zero = run(backend, ivy_mech.rot_vec_to_axis_angle, np.zeros((2, 3)))
    np.testing.assert_array_equal(zero, [[0, 0, 1, 0], [0, 0, 1, 0]])


@pytest.mark.parametrize("backend", BACKENDS)
def test_quaternion_algebra_against_scipy(backend):
    a, b = random_rotations(6, seed=6), random_rotations(6, seed=7)
    prod = run(backend, ivy_mech.quaternion_multiply, a.as_quat().reshape(2, 3, 4),
               b.as_quat().reshape(2, 3, 4))
    _same_up_to_sign(prod.reshape(-1, 4), (a * b).as_quat(), **TOL)
    _same_up_to_sign(run(backend, ivy_mech.quaternion_conjugate, a.as_quat()),
                     a.inv().as_quat(), **TOL)
    q = a.as_quat() * 2.0
    one = run(backend, ivy_mech.quaternion_multiply, q,
              run(backend, ivy_mech.quaternion_inverse, q))
    np.testing.assert_allclose(one, np.tile([0.0, 0, 0, 1], (6, 1)), **TOL)
    pts = np.random.default_rng(8).standard_normal((6, 3))
    np.testing.assert_allclose(run(backend, ivy_mech.rotate_points, a.as_matrix(), pts),
                               a.apply(pts), **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_axis_rot_mat_against_scipy(backend):
    angles = np.array([-2.0, 0.0, 0.7])
    for axis in "xyz":
        np.testing.assert_allclose(run(backend, lambda a, ax=axis: ivy_mech.axis_rot_mat(ax, a),
                                       angles), Rotation.from_euler(axis, angles[:, None]).as_matrix(),
                                   **TOL)


@pytest.mark.parametrize("backend", BACKENDS)
def test_float32_stays_float32(backend):
    r = random_rotations(4, seed=9)
    e = r.as_euler("ZYX").astype(np.float32)
    m = run(backend, ivy_mech.euler_to_rot_mat, e, convention="zyx")
    assert m.dtype == np.float32
    np.testing.assert_allclose(m, r.as_matrix(), atol=2e-6)
    q = run(backend, ivy_mech.rot_mat_to_quaternion, m)
    assert q.dtype == np.float32
    _same_up_to_sign(q, r.as_quat(), atol=2e-6)
    rv = run(backend, ivy_mech.rot_vec_to_rot_mat, np.float32([[1e-4, 0, 0], [0.5, 0.2, 0.1]]))
    assert rv.dtype == np.float32
    np.testing.assert_allclose(rv, Rotation.from_rotvec([[1e-4, 0, 0], [0.5, 0.2, 0.1]])
                               .as_matrix(), atol=2e-6)


def test_errors_name_the_function():
    e = np.zeros((2, 3))
    with pytest.raises(ValueError, match=r"ivy_mech.euler_to_rot_mat: convention must be one of"):
        run("numpy", ivy_mech.euler_to_rot_mat, e, convention="xxy")
    with pytest.raises(ValueError, match=r"ivy_mech.rot_mat_to_euler: convention"):
        run("numpy", ivy_mech.rot_mat_to_euler, np.eye(3), convention="ZYX")
    with pytest.raises(ValueError, match=r"ivy_mech.quaternion_to_rot_mat: input must have 4"):
        run("numpy", ivy_mech.quaternion_to_rot_mat, e)
    with pytest.raises(ValueError, match=r"ivy_mech.rot_mat_to_quaternion: input must end in a "
                                         r"3x3 matrix, got shape \(2, 3\)"):
        run("numpy", ivy_mech.rot_mat_to_quaternion, e)
