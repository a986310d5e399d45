"""Library code traces to a graph of Ivy core calls only: what a worker of the RPC service, which
has Ivy but not these packages, can replay (issue 38's "the same plan through the service")."""

from __future__ import annotations

import numpy as np
import pytest

import ivy
import ivy_mech
import ivy_vision
from tests.libraries.helpers import BACKENDS


def _scene_cost(euler_pose, pts):
    """Body points under an Euler pose, their distance to a cuboid and a sphere."""
    pose = ivy_mech.euler_pose_to_mat_pose(euler_pose, "zyx")
    world = ivy_mech.transform_points(pose[..., None, :, :], pts)
    ext = ivy.concat([ivy.eye(3, dtype="float64"), ivy.asarray([[0.0], [0.0], [-2.0]])],
                     axis=-1)[None]
    box = ivy_vision.cuboid_signed_distances(ext, ivy.asarray([[1.0, 1.0, 1.0]]), world)
    ball = ivy_vision.sphere_signed_distances(ivy.asarray([[1.0, 0.0, 0.0]]),
                                              ivy.asarray([[0.3]]), world)
    return ivy.sum(box) + ivy.sum(ball)


@pytest.mark.parametrize("backend", [b for b in ("numpy", "torch", "mxnet") if b in BACKENDS])
def test_library_code_traces_to_core_calls(backend):
    ep = np.array([0.1, -0.2, 0.5, 0.3, 0.2, -0.1])
    pts = np.random.default_rng(0).standard_normal((5, 3))
    with ivy.using_backend(backend):
        args = (ivy.asarray(ep), ivy.asarray(pts))
        g = ivy.trace_graph(_scene_cost, *args)
        want = float(ivy.to_numpy(_scene_cost(*args)))
        assert float(ivy.to_numpy(g(*args))) == pytest.approx(want, rel=1e-12)
        other = (ivy.asarray(ep + 0.05), ivy.asarray(pts * 0.5))
        assert float(ivy.to_numpy(g(*other))) == pytest.approx(
            float(ivy.to_numpy(_scene_cost(*other))), rel=1e-12)
        src = g.to_source()
    assert "ivy_mech" not in src and "ivy_vision" not in src
    assert "import ivy" in src
